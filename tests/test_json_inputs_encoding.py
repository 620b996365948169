"""The JSON inputs of the command line as Windows editors save them.

A table log (``arbitro table replay``, ``arbitro claim check``), a movement file
(``arbitro event movement --file``) or a ruling case (``arbitro ruling report``) saved
by Notepad starts with a UTF-8 byte-order mark: it is read as if it had none. One saved
in Latin-1 is refused naming the file and the line of the first byte that is not UTF-8,
never with Python's codec message.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_support import run_cli

LOG = Path(__file__).resolve().parent / "table_logs" / "claim-during-a-trick.jsonl"
BOM = b"\xef\xbb\xbf"


def test_table_log_with_a_byte_order_mark_replays_as_without(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "notepad.jsonl"
    path.write_bytes(BOM + LOG.read_bytes())
    code, marked, err = run_cli(capsys, "table", "replay", str(path))
    assert code == 0, err
    assert run_cli(capsys, "table", "replay", str(LOG))[1] == marked


def test_movement_file_with_a_byte_order_mark_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, written, _ = run_cli(capsys, "event", "movement", "--tables", "3", "--json")
    assert code == 0
    path = tmp_path / "movement.json"
    path.write_bytes(BOM + written.encode("utf-8"))
    code, out, err = run_cli(capsys, "event", "movement", "--file", str(path), "--json")
    assert code == 0, err
    assert out == written


@pytest.mark.parametrize(
    "command",
    [
        ["table", "replay"],
        ["claim", "check"],
        ["ruling", "report"],
        ["event", "movement", "--file"],
    ],
    ids=["replay", "claim", "ruling", "movement"],
)
def test_json_input_in_latin1_names_the_file_and_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{\n  "name":\n  "Pe\xf1\xedscola"\n}\n')
    code, out, err = run_cli(capsys, *command, str(path))
    assert code == 2
    assert out == ""
    assert f"{path}, line 3: not UTF-8 text" in err
    assert "codec" not in err
