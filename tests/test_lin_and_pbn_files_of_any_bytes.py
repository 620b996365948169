"""A PBN or LIN file of any bytes is read or refused with a clear error, never a traceback.

``arbitro check`` and ``arbitro convert`` read the file's bytes (UTF-8, UTF-16 with its
mark, else Latin-1) and parse them: whatever the bytes, a real file's cut, spliced or
sprinkled with noise, the command ends with status 0, 1 (problems listed) or 2 (the
file refused, named in the one line of the error). A LIN title ``Board 0`` names no
board, so the PBN written from it says ``?`` rather than a number PBN does not allow.
"""

from __future__ import annotations

import io
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.formats import lin
from cli_support import run_cli

PROGRAMS = Path(__file__).resolve().parent / "data" / "programs"
SAMPLES = {
    ".pbn": (PROGRAMS / "pbn" / "bridge-composer.pbn").read_bytes(),
    ".lin": (PROGRAMS / "lin" / "bbo-download.lin").read_bytes(),
}


def _spliced(sample: bytes) -> st.SearchStrategy[bytes]:
    """The sample cut at any byte, with any bytes put in at any place."""
    return st.tuples(
        st.integers(0, len(sample)), st.integers(0, len(sample)), st.binary(max_size=40)
    ).map(lambda cut: sample[: min(cut[:2])] + cut[2] + sample[min(cut[:2]) : max(cut[:2])])


def _run(*arguments: str) -> tuple[int, str]:
    err = io.StringIO()
    with pytest.raises(SystemExit) as exited, redirect_stdout(io.StringIO()), redirect_stderr(err):
        main(list(arguments))
    code = exited.value.code
    return (code if isinstance(code, int) else 0), err.getvalue()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(SAMPLES)),
    st.one_of(
        st.binary(max_size=300),
        st.sampled_from(sorted(SAMPLES)).flatmap(lambda suffix: _spliced(SAMPLES[suffix])),
    ),
)
def test_file_of_any_bytes_is_read_or_refused_naming_it(suffix: str, data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"club{suffix}"
        path.write_bytes(data)
        target = Path(folder) / ("out.lin" if suffix == ".pbn" else "out.pbn")
        for command in (["check", str(path)], ["convert", str(path), str(target)]):
            code, err = _run(*command)
            assert code in (0, 1, 2), err
            assert "Traceback" not in err
            assert "internal error" not in err
            if code == 2:
                assert str(path) in err
                assert len(err.strip().splitlines()) == 1


def test_lin_title_board_0_names_no_board(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert lin.LinBoard(title="Board 0").number is None
    path = tmp_path / "bbo.lin"
    path.write_bytes(SAMPLES[".lin"].replace(b"ah|Board 1|", b"ah|Board 0|"))
    written = tmp_path / "bbo.pbn"
    code, _, err = run_cli(capsys, "convert", str(path), str(written))
    assert code == 0, err
    assert '[Board "0"]' not in written.read_text(encoding="latin-1")
    code, out, _ = run_cli(capsys, "check", str(written))
    assert (code, out) == (0, f"{written}: no problems\n")


def test_error_quoting_control_characters_shows_them_as_escapes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "noise.lin"
    path.write_bytes(b"\x00\x0b\r|md|")
    code, _, err = run_cli(capsys, "convert", str(path), str(tmp_path / "out.pbn"))
    assert code == 2
    assert err == (
        f"arbitro: {path}, line 1: \\x00\\x0b\\r|\\x00\\x0b\\r|: "
        "expected a tag of two letters, as in md|\n"
    )
