"""A PBN teams file is scored as its matches, in IMPs and victory points (Law 78B), not as pairs.

``example1.pbn`` and ``example2.pbn`` are endplay's test files (``tests/data/pbn/endplay``):
the first one board of a match in its open and closed rooms (``[Room]``), the second a
round of a teams qualification, each table with its own ``HomeTeam`` North-South and the
file's ``ScoreIMP`` for each table. ``bbo-vugraph.lin`` is our own vugraph record of a
match between Hearts and Spades (``tests/data/programs``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_support import run_cli

DATA = Path(__file__).resolve().parent / "data"
ENDPLAY = DATA / "pbn" / "endplay"
VUGRAPH = DATA / "programs" / "lin" / "bbo-vugraph.lin"


def _match(found: dict[str, object], home: str) -> dict[str, object]:
    matches = found["matches"]
    assert isinstance(matches, list)
    return next(match for match in matches if match["home"] == home)


def test_law_78b_session_score_of_a_teams_pbn_file_gives_its_matches_in_imps(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_cli(capsys, "session", "score", str(ENDPLAY / "example2.pbn"), "--json")
    assert status == 0, err
    found = json.loads(out)
    assert len(found["teams"]) == 30  # teams, not the 60 pairs of their players
    assert len(found["matches"]) == 15
    # Table 11, AUSTRIA v DENMARK: the file's ScoreIMP "NS 4 EW -4" on the passed-out board.
    austria = _match(found, "AUSTRIA")
    assert (austria["away"], austria["home_imps"], austria["away_imps"]) == ("DENMARK", 4, -4)
    assert austria["boards"] == list(range(11, 21))
    assert found["published"]["compared"] == 577
    assert found["published"]["differences"] == []
    assert found["teams"][0] == {"rank": "1", "team": "SWEDEN", "vps": 18.15, "imps": 32}


def test_law_78b_open_and_closed_rooms_seat_the_home_team_north_south_then_east_west(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_cli(capsys, "session", "score", str(ENDPLAY / "example1.pbn"))
    assert status == 0, err
    # Open room: J-germany NS -50; closed room: J-austria NS +420, so J-germany loses 10 IMPs.
    assert "J-germany v J-austria  -10 / 10" in out
    assert out.index("J-austria") < out.index("J-germany")


def test_law_78b_event_import_of_a_teams_pbn_file_makes_a_teams_event(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    status, out, err = run_cli(
        capsys, "event", "import", str(ENDPLAY / "example2.pbn"), "--db", database
    )
    assert status == 0, err
    # The file's boards are 11 to 20: ten of them, their numbers kept.
    assert "10 boards (11-20), 30 participants, 299 results" in out
    assert "577 compared, all agree" in err
    status, out, err = run_cli(capsys, "event", "ranking", "1", "--json", "--db", database)
    assert status == 0, err
    ranking = json.loads(out)
    first = ranking[0]
    assert (first["participant"], first["total"]) == ("SWEDEN", 18.15)
    croatia = next(match for match in first["matches"] if match["opponent"] == "CROATIA")
    assert (croatia["imps"], croatia["opponent_imps"]) == (32, -32)


def test_law_78b_same_team_north_south_at_both_tables_is_refused_naming_the_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = (
        '[Board "1"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n[North "n"]\n[South "s"]\n'
        '[East "e"]\n[West "w"]\n[Vulnerable "None"]\n[Declarer "N"]\n[Contract "4S"]\n'
        '[Result "10"]\n'
    )
    path = tmp_path / "match.pbn"
    path.write_text(game + "\n" + game, encoding="utf-8")
    status, out, err = run_cli(capsys, "session", "score", str(path))
    assert status == 2
    assert "line 13" in err
    assert "team A already sits North-South" in err
    assert out == ""


def test_vugraph_lin_converted_to_pbn_keeps_its_scoring_and_teams(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    converted = tmp_path / "match.pbn"
    status, _, err = run_cli(capsys, "convert", str(VUGRAPH), str(converted))
    assert status == 0, err
    text = converted.read_text(encoding="latin-1")
    assert '[Scoring "IMP"]' in text
    assert '[Scoring "?"]' not in text
    assert '[HomeTeam "Hearts"]' in text
    assert '[VisitTeam "Spades"]' in text
    assert '[Competition "Teams"]' in text
    status, out, err = run_cli(capsys, "session", "score", str(converted), "--json")
    assert status == 0, err
    assert [(m["home"], m["away"]) for m in json.loads(out)["matches"]] == [("Hearts", "Spades")]
