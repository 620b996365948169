"""A teams file's score that no result gives (Law 77): scored as written, with a warning naming its line.

``arbitro event import`` of a PBN teams file (its games ``HomeTeam``, ``VisitTeam``,
``Room``) and of a USEBIO teams file (its ``MATCH`` elements) warns of such a score as
``arbitro session score`` does of any file (``tests/test_law77_file_score_no_result_gives.py``),
and keeps it as the file wrote it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.store import open_store
from cli_support import run_cli
from teams_support import league

PBN = (
    '[Event "Liga"]\n[Board "1"]\n[Vulnerable "None"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n'
    '[Room "Open"]\n[North "n1"]\n[South "s1"]\n[East "e1"]\n[West "w1"]\n'
    '[Score "NS 425"]\n\n'
    '[Board "1"]\n[Vulnerable "None"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n[Room "Closed"]\n'
    '[North "n2"]\n[South "s2"]\n[East "e2"]\n[West "w2"]\n'
    '[Declarer "N"]\n[Contract "4S"]\n[Result "9"]\n'
)
"""Match A v B, board 1 (nobody vulnerable): the open room's score 425, line 11, is no Law 77 score."""

SAID = "score {score}: no contract scores that on board {board}"


def test_law77_event_import_of_a_pbn_teams_file_warns_and_keeps_the_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "liga.pbn"
    source.write_text(PBN, encoding="utf-8")
    code, _, scored = run_cli(capsys, "session", "score", str(source))
    assert code == 0, scored
    database = str(tmp_path / "club.db")
    code, out, err = run_cli(capsys, "event", "import", str(source), "--db", database)
    assert code == 0, err
    assert out.startswith("Event 1 imported")
    warning = f"warning: {source}, line 11: " + SAID.format(score=425, board=1)
    assert warning in err
    assert warning in scored  # the same warning as session score's
    store = open_store(database)
    try:
        kept = {stored.ns: stored for stored in store.results(1)}
        assert kept["A"].entry.score == 425
    finally:
        store.close()
    code, out, err = run_cli(capsys, "event", "import", str(source), "--db", database, "--json")
    assert code == 0, err
    assert any(SAID.format(score=425, board=1) in said for said in json.loads(out)["warnings"])


def _usebio_with_a_score_of_15(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    """The league's USEBIO export, board 2's first line a bare score of 15 (nobody scores that)."""
    database = str(tmp_path / "league.db")
    store = open_store(database)
    try:
        league(store)
    finally:
        store.close()
    target = tmp_path / "liga.xml"
    code, _, err = run_cli(
        capsys, "event", "export", "1", str(target), "--usebio", "--db", database
    )
    assert code == 0, err
    text = target.read_text(encoding="utf-8")
    played = (
        "<CONTRACT>3NT</CONTRACT>\n            <PLAYED_BY>S</PLAYED_BY>\n"
        "            <TRICKS>9</TRICKS>\n            <SCORE>600</SCORE>"
    )
    assert played in text
    target.write_text(text.replace(played, "<SCORE>15</SCORE>", 1), encoding="utf-8")
    return target


def test_law77_event_import_of_a_usebio_teams_file_warns_and_keeps_the_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = _usebio_with_a_score_of_15(capsys, tmp_path)
    lines = source.read_text(encoding="utf-8").splitlines()
    scored = next(at for at, text in enumerate(lines) if "<SCORE>15</SCORE>" in text)
    # the warning names the line's TRAVELLER_LINE, as a pairs file's does
    line = max(at for at, text in enumerate(lines[:scored], 1) if "<TRAVELLER_LINE>" in text)
    database = str(tmp_path / "again.db")
    code, out, err = run_cli(capsys, "event", "import", str(source), "--db", database)
    assert code == 0, err
    assert out.startswith("Event 1 imported")
    assert f"warning: {source}, line {line}: " + SAID.format(score=15, board=2) in err
    assert "scored as written (Law 77)" in err
    store = open_store(database)
    try:
        assert 15 in {stored.entry.score for stored in store.results(1) if stored.board == 2}
    finally:
        store.close()
