"""A teams event's ranking gives each match's figures: each team's IMPs and its victory points.

A match is scored in IMPs between its two tables (Law 78B); each team's IMPs over the
match (its margin) give its victory points. ``event ranking`` lists the matches under
the ranking, and ``event ranking --json`` gives each team's line its matches with the
same figures: the opponent, the boards counted, its IMPs and the opponent's, its VPs and
the opponent's. A pairs event's lines have no matches.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from arbitro.scoring.session import shown_number
from arbitro.scoring.vp import victory_points
from arbitro.store import open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from cli_support import run_cli


def ok(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    code, out, err = run_cli(capsys, *arguments)
    assert (code, err) == (0, ""), f"{arguments}: {err}"
    return out


@pytest.fixture
def league(tmp_path: Path) -> str:
    """Four teams, one session of two boards: A beats B by 11 IMPs, C beats D by 15."""
    path = tmp_path / "teams.sqlite3"
    store = open_store(str(path))
    try:
        event = store.create_event(
            EventSpec("Liga", boards=2, kind="teams"),
            [Participant(team) for team in "ABCD"],
        )
        for board, table, ns, ew, score in (
            (1, 1, "A", "B", 420),  # A: 420 - 170 = 250, 6 IMPs
            (1, 2, "B", "A", 170),
            (2, 1, "A", "B", 100),  # A: 100 + 100 = 200, 5 IMPs
            (2, 2, "B", "A", -100),
            (1, 3, "C", "D", 50),  # C: 100, 3 IMPs
            (1, 4, "D", "C", -50),
            (2, 3, "C", "D", 600),  # C: 700, 12 IMPs
            (2, 4, "D", "C", -100),
        ):
            store.enter_result(event, board, table, Entry.from_str(f"score {score}"), ns=ns, ew=ew)
    finally:
        store.close()
    return str(path)


def match(
    opponent: str, home: bool, imps: int, boards: int = 2, penalty: int = 0
) -> dict[str, object]:
    """A team's match as ``event ranking --json`` gives it: its IMPs ``imps``, the other's opposite.

    ``penalty``: the IMPs the team's penalties take off its margin (Law 90).
    """
    vps, opponent_vps = victory_points(imps, boards)
    ranked = victory_points(imps - penalty, boards)[0] if penalty else vps
    return {
        "session": 1,
        "opponent": opponent,
        "home": home,
        "boards": [1, 2],
        "imps": shown_number(Fraction(imps)),
        "opponent_imps": shown_number(Fraction(-imps)),
        "vps": shown_number(vps),
        "opponent_vps": shown_number(opponent_vps),
        "penalty_imps": shown_number(Fraction(penalty)),
        "ranked_vps": shown_number(ranked),
        "opponent_ranked_vps": shown_number(opponent_vps),
    }


def test_law_78b_event_ranking_json_gives_each_team_its_matches_imps_and_vps(
    capsys: pytest.CaptureFixture[str], league: str
) -> None:
    rows = json.loads(ok(capsys, "event", "ranking", "1", "--json", "--db", league))
    matches = {row["participant"]: row["matches"] for row in rows}
    assert matches == {
        "A": [match("B", True, 11)],
        "B": [match("A", False, -11)],
        "C": [match("D", True, 15)],
        "D": [match("C", False, -15)],
    }
    # The total is the sum of the team's VPs over its matches.
    assert {row["participant"]: row["total"] for row in rows} == {
        team: games[0]["vps"] for team, games in matches.items()
    }


def test_law_78b_event_ranking_lists_each_match_with_both_teams_imps_and_vps(
    capsys: pytest.CaptureFixture[str], league: str
) -> None:
    text = ok(capsys, "event", "ranking", "1", "--db", league, "--lang", "en")
    ranking, _, matches = text.partition("Matches\n")
    assert "A v B" not in ranking
    lines = [line.split() for line in matches.splitlines()]
    home, away = (str(shown_number(v)) for v in victory_points(11, 2))
    assert lines[0] == ["session", "match", "IMPs", "VP", "boards"]
    # Whole IMPs written whole; victory points with their decimals.
    assert lines[1] == ["1", "A", "v", "B", "11", "/", "-11", f"{float(home):.2f}", "/",
                        f"{float(away):.2f}", "2"]  # fmt: skip
    assert lines[2][:7] == ["1", "C", "v", "D", "15", "/", "-15"]
    spanish = ok(capsys, "event", "ranking", "1", "--db", league, "--lang", "es")
    assert "Encuentros\n" in spanish
    assert "A contra B" in spanish


def test_law_90_a_match_gives_its_vps_as_played_and_as_ranked_after_an_imp_penalty(
    capsys: pytest.CaptureFixture[str], league: str
) -> None:
    """Law 90: the match keeps the play's figures and gives the VPs after the penalty too."""
    store = open_store(league)
    try:
        store.add_penalty(
            1, PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90", "slow")
        )
    finally:
        store.close()
    rows = json.loads(ok(capsys, "event", "ranking", "1", "--json", "--db", league))
    (a_row,) = [row for row in rows if row["participant"] == "A"]
    assert a_row["matches"] == [match("B", True, 11, penalty=3)]
    assert a_row["total"] == shown_number(victory_points(11 - 3, 2)[0])
    assert a_row["total"] == a_row["matches"][0]["ranked_vps"]


def test_a_pairs_event_ranking_json_has_no_matches(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    ok(capsys, "event", "new", "Club", "--boards", "1", "--pair", "1", "--pair", "2", *db)
    ok(capsys, "result", "enter", "1", "--board", "1", "--table", "1", "--ns", "1", "--ew", "2",
       "--score", "420", *db)  # fmt: skip
    rows = json.loads(ok(capsys, "event", "ranking", "1", "--json", *db))
    assert rows
    assert not any("matches" in row for row in rows)
    assert "Matches" not in ok(capsys, "event", "ranking", "1", *db, "--lang", "en")


def test_law_78b_event_ranking_heads_the_matches_in_spanish(
    capsys: pytest.CaptureFixture[str], league: str
) -> None:
    """«IMP» is invariable in Spanish, as the Laws and the AEB write it."""
    text = ok(capsys, "event", "ranking", "1", "--db", league, "--lang", "es")
    _, _, matches = text.partition("Encuentros\n")
    assert matches.splitlines()[0].split() == ["sesión", "encuentro", "IMP", "PV", "estuches"]
