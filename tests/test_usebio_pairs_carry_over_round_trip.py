"""A pairs event's carry-over goes through a USEBIO export and ``arbitro event import``.

USEBIO 1.2 has no element for what a participant brings into an event: Árbitro writes
its own ``CARRY_OVER`` in each participant's element (as it does a team's), and the
import reads a pair's back, so that the imported event ranks as the exported one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.store import open_store
from cli_support import run_cli

RESULTS = """board,table,contract,declarer,tricks
1,1,4S,N,10
1,2,4S,N,9
1,3,4S,N,8
2,1,3NT,S,9
2,2,3NT,S,9
2,3,3NT,S,8
"""


def _ok(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    code, out, err = run_cli(capsys, *arguments)
    assert code == 0, err
    return out


def test_usebio_export_and_import_keep_a_pairs_carry_over(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", f"sqlite:///{tmp_path / 'club.sqlite3'}")
    _ok(
        capsys,
        *("event", "new", "Final", "--movement", "mitchell", "--tables", "3"),
        *("--boards-per-round", "2", "--carry-over", "1NS,3"),
        *db,
    )
    travellers = tmp_path / "results.csv"
    travellers.write_text(RESULTS, encoding="utf-8")
    _ok(capsys, "result", "import", "1", str(travellers), *db)
    path = tmp_path / "final.xml"
    _ok(capsys, "event", "export", "1", str(path), "--usebio", *db)
    assert "<CARRY_OVER>3.00</CARRY_OVER>" in path.read_text(encoding="utf-8")
    code, out, err = run_cli(capsys, "event", "import", str(path), *db)
    assert code == 0, err
    assert out.startswith("Event 2 imported")
    assert "all agree with Árbitro's" in err  # the carry-over is in no session's figures
    store = open_store(db[1])
    try:
        assert store.carry_overs(2) == store.carry_overs(1) == {"1NS": 3}
        exported = [(s.participant, s.total) for s in store.ranking(1)]
        assert [(s.participant, s.total) for s in store.ranking(2)] == exported
    finally:
        store.close()
