"""The command line reads no more of a file than the most a file of its kind holds.

One limit for each kind (:mod:`arbitro.core.files`), the same the desk's forms and
upload take: a table log, a PBN file, a results file, a convention card, a JSON file. A
file without end (``/dev/zero``) ends the command at once with an error naming the file
and the limit; a large file within the limit is read as ever.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from arbitro.core.errors import FileTooLargeError
from arbitro.core.files import (
    MAX_LOG_CHARACTERS,
    MAX_PBN_BYTES,
    MAX_RESULTS_BYTES,
    read_bounded,
)
from cli_support import run_cli

HOWELL = Path(__file__).resolve().parent / "data" / "programs" / "session" / "howell.pbn"

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")


def _endless(tmp_path: Path, name: str) -> str:
    """A file named ``name`` (its ending tells its kind) that never ends: ``/dev/zero``."""
    link = tmp_path / name
    link.symlink_to("/dev/zero")
    return str(link)


def test_table_replay_of_dev_zero_ends_with_the_table_logs_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_cli(capsys, "table", "replay", "/dev/zero")
    assert (status, out) == (2, "")
    assert f"/dev/zero: the file is larger than {MAX_LOG_CHARACTERS // 1000} kB" in err


@pytest.mark.parametrize(
    ("arguments", "name", "limit"),
    [
        (("check", "{file}"), "zero.pbn", MAX_PBN_BYTES),
        (("check", "{file}"), "zero.lin", MAX_PBN_BYTES),
        (("check", "{file}"), "zero.jsonl", MAX_LOG_CHARACTERS),
        (("check", "{file}"), "zero.xml", MAX_RESULTS_BYTES),
        (("analyze", "{file}"), "zero.pbn", MAX_PBN_BYTES),
        (("session", "score", "{file}"), "zero.csv", MAX_RESULTS_BYTES),
        (("event", "import", "{file}", "--db", "{db}"), "zero.xml", MAX_RESULTS_BYTES),
        (("result", "import", "1", "{file}", "--db", "{db}"), "zero.csv", MAX_RESULTS_BYTES),
    ],
)
def test_a_file_without_end_is_refused_naming_it_and_its_kinds_limit(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    arguments: tuple[str, ...],
    name: str,
    limit: int,
) -> None:
    path = _endless(tmp_path, name)
    given = [part.format(file=path, db=tmp_path / "a.db") for part in arguments]
    status, _, err = run_cli(capsys, *given)
    assert status == 2, err
    assert f"{path}: the file is larger than {limit // 1000} kB" in err
    assert err.count("\n") == 1


def test_convert_of_a_file_without_end_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _endless(tmp_path, "zero.pbn")
    status, _, err = run_cli(capsys, "convert", path, str(tmp_path / "out.lin"))
    assert status == 2
    assert f"{path}: the file is larger than {MAX_PBN_BYTES // 1000} kB" in err
    assert not (tmp_path / "out.lin").exists()


def test_a_large_pbn_file_within_the_limit_is_still_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """3 MB, as a congress's results with the play of every table: a night's results after
    fifteen thousand lines of comments."""
    night = HOWELL.read_bytes()
    comments = b"".join(b"; %0190d\r\n" % line for line in range(15_000))
    large = tmp_path / "large.pbn"
    large.write_bytes(comments + night)
    assert 2_900_000 < large.stat().st_size <= MAX_PBN_BYTES
    (tmp_path / "night.pbn").write_bytes(night)
    status, scored, err = run_cli(capsys, "session", "score", str(large))
    assert status == 0, err
    assert scored == run_cli(capsys, "session", "score", str(tmp_path / "night.pbn"))[1]
    status, out, _ = run_cli(capsys, "convert", str(large), str(tmp_path / "out.pbn"))
    assert status == 0, out


def test_read_bounded_reads_a_file_of_exactly_the_limit(tmp_path: Path) -> None:
    exact = tmp_path / "exact.csv"
    exact.write_bytes(b"x" * 1000)
    assert read_bounded(exact, 1000) == b"x" * 1000
    with pytest.raises(FileTooLargeError, match=r"exact\.csv: the file is larger than 0 kB"):
        read_bounded(exact, 999)


def test_result_import_of_a_standard_input_without_end_stops_at_the_results_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``result import 1 - < /dev/zero``: the lines before the limit, then one error."""
    monkeypatch.setenv("ARBITRO_DB", str(tmp_path / "club.sqlite3"))
    status, _, err = run_cli(
        capsys, "event", "new", "Club", "--movement", "mitchell", "--tables", "3"
    )
    assert status == 0, err
    with open("/dev/zero", "rb") as zeros:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(zeros))
        status, _, err = run_cli(capsys, "result", "import", "1", "-")
    assert status != 0
    assert f"<stdin>: the file is larger than {MAX_RESULTS_BYTES // 1000} kB" in err
    assert "internal error" not in err
