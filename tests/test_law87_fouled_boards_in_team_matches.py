"""Law 87 in a team match: the two tables are compared only when they are in the same group.

"Dividirá los resultados en grupos y puntuará cada grupo por separado" (87B). In a match
each group of a fouled board holds one of the match's two tables, so there is nothing
to IMP it against: the board is left out of the match (as a board played at one table
only) and the ranking and the traveller name it, with the match and its groups, until
the director gives it an adjusted score (86A, 12C2). An artificial score at either
table scores the board whatever was played at the other. Pairs events (matchpoints,
Butler, cross-IMPs) keep scoring each group against its own field.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.i18n import use_language
from arbitro.laws.authority import authority
from arbitro.scoring.results import Average, Result
from arbitro.scoring.session import TableResult
from arbitro.scoring.vp import victory_points
from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.teams import (
    UncomparedBoard,
    board_margins,
    score_matches,
    session_imps_per_board,
    uncompared_boards,
)
from cli_support import run_cli

pytest_plugins = ("web_director",)  # the store with director ana, and her client

AEB = authority("aeb")


def ok(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    code, out, err = run_cli(capsys, *arguments)
    assert (code, err) == (0, ""), f"{arguments}: {err}"
    return out


def fouled_match(first: str | None, second: str | None) -> list[TableResult]:
    """Board 1 fouled (+420 with A North-South, +170 with B), board 2 played alike (+5 to A)."""
    return [
        TableResult(1, "A", "B", Result.played(420), group=first),
        TableResult(1, "B", "A", Result.played(170), group=second),
        TableResult(2, "A", "B", Result.played(100)),
        TableResult(2, "B", "A", Result.played(-100)),
    ]


# -- The Python API --------------------------------------------------------------------


@pytest.mark.parametrize(("first", "second"), [("A", "B"), ("A", None), (None, "2")])
def test_law_87_teams_tables_in_different_groups_are_not_compared_by_score_matches(
    first: str | None, second: str | None
) -> None:
    results = fouled_match(first, second)
    (match,) = score_matches(results, AEB)
    # Only board 2 counts: 100 + 100 = 200, 5 IMPs, over one board.
    assert (match.home, match.away, match.board_numbers, match.boards) == ("A", "B", (2,), 1)
    assert (match.home_imps, match.away_imps) == (Fraction(5), Fraction(-5))
    assert (match.home_vps, match.away_vps) == victory_points(5, 1)
    assert board_margins(results, AEB) == {(2, "A", "B"): 5, (2, "B", "A"): -5}
    assert uncompared_boards(results) == [UncomparedBoard(1, "A", "B", first, second)]


@pytest.mark.parametrize(("first", "second"), [(None, None), ("A", "A"), ("2", "2")])
def test_law_87_teams_tables_in_the_same_group_are_compared(
    first: str | None, second: str | None
) -> None:
    results = fouled_match(first, second)
    (match,) = score_matches(results, AEB)
    # 420 - 170 = 250: 6 IMPs on board 1, 5 on board 2.
    assert match.board_numbers == (1, 2)
    assert (match.home_imps, match.away_imps) == (Fraction(11), Fraction(-11))
    assert board_margins(results, AEB)[(1, "A", "B")] == 6
    assert uncompared_boards(results) == []


def test_law_87_teams_a_board_without_comparison_does_not_count_for_law_12c2c() -> None:
    """A team's IMPs per board on its other boards (12C2c) are read on compared boards only."""
    results = fouled_match("A", "B")
    assert session_imps_per_board(results, AEB) == {"A": Fraction(5), "B": Fraction(-5)}
    assert session_imps_per_board(fouled_match(None, None), AEB) == {
        "A": Fraction(11, 2),
        "B": Fraction(-11, 2),
    }


@pytest.mark.parametrize(
    ("adjusted", "imps"),
    [(("A", "A"), (0, 0)), (("A+", "A-"), (3, -3)), (("A-", "A+"), (-3, 3))],
)
def test_law_87_86a_teams_an_artificial_score_scores_a_board_whose_tables_are_not_compared(
    adjusted: tuple[str, str], imps: tuple[int, int]
) -> None:
    """The director's artificial score at one table is the board's IMPs (86A, 12C2b)."""
    ns, ew = (Average.from_str(text) for text in adjusted)
    results = [
        TableResult(1, "A", "B", Result.artificial(ns, ew), group="A"),
        TableResult(1, "B", "A", Result.played(170), group="B"),
    ]
    (match,) = score_matches(results, AEB)
    assert match.board_numbers == (1,)
    assert (match.home_imps, match.away_imps) == tuple(map(Fraction, imps))
    assert uncompared_boards(results) == []


def test_law_87_teams_an_assigned_score_in_another_group_is_not_compared() -> None:
    """An assigned score is compared with the other table: both tables must be in one group."""
    results = [
        TableResult(1, "A", "B", Result.split(420, -620), group="A"),
        TableResult(1, "B", "A", Result.played(170), group="B"),
    ]
    assert score_matches(results, AEB) == []
    assert [board.board for board in uncompared_boards(results)] == [1]


def test_law_87_the_message_names_the_board_the_match_and_the_groups_in_spanish() -> None:
    board = UncomparedBoard(4, "Ases", "Reyes", "A", None)
    with use_language("es"):
        text = board.localized(session=2)
    assert "Estuche 4" in text
    assert "sesión 2" in text
    assert "encuentro Ases contra Reyes" in text
    assert "A / sin grupo" in text
    assert "Artículo 87B" in text
    assert "Ley" not in text


# -- The command line ------------------------------------------------------------------


def test_law_87_teams_tables_in_different_groups_are_not_compared_from_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "teams.sqlite3"), "--lang", "en")
    ok(capsys, "event", "new", "Teams", "--kind", "teams",
       "--boards", "2", "--pair", "A", "--pair", "B", *db)  # fmt: skip
    for board, table, ns, ew, score, group in (
        ("1", "1", "A", "B", "420", ("--group", "A")),
        ("1", "2", "B", "A", "170", ("--group", "B")),
        ("2", "1", "A", "B", "100", ()),
        ("2", "2", "B", "A", "-100", ()),
    ):
        ok(capsys, "result", "enter", "1", "--board", board, "--table", table,
           "--ns", ns, "--ew", ew, "--score", score, *group, *db)  # fmt: skip
    # Only board 2 is in the match: A 5 IMPs over one board.
    ranking = json.loads(ok(capsys, "event", "ranking", "1", "--json", *db))
    totals = {row["participant"]: row["total"] for row in ranking if "rank" in row}
    home, away = victory_points(5, 1)
    assert totals == {"A": float(home), "B": float(away)}
    # The board not compared follows the ranking as a line of its own.
    assert [row["board"] for row in ranking if row.get("law") == "87B"] == [1]
    text = ok(capsys, "event", "ranking", "1", *db)
    told = [line for line in text.splitlines() if "Law 87B" in line]
    assert len(told) == 1
    assert "Board 1, session 1, match A v B" in told[0]
    assert "(A / B)" in told[0]
    assert "adjusted score" in told[0]
    # The traveller shows no IMPs for the board and says why.
    lines = json.loads(ok(capsys, "event", "traveller", "1", "1", "--json", *db))
    assert [(line["ns_points"], line["ew_points"]) for line in lines] == [(None, None)] * 2
    traveller = ok(capsys, "event", "traveller", "1", "1", *db)
    assert told[0] in traveller.splitlines()
    assert "Law 87B" not in ok(capsys, "event", "traveller", "1", "2", *db)
    # The director gives the board average to both teams at table 1 (86A): 0 IMPs each,
    # and the match is over two boards.
    ok(capsys, "result", "correct", "1", "--board", "1", "--table", "1", "--adjusted", "A/A",
       "--reason", "estuche alterado", *db)  # fmt: skip
    ranking = json.loads(ok(capsys, "event", "ranking", "1", "--json", *db))
    home, away = victory_points(5, 2)
    assert {row["participant"]: row["total"] for row in ranking} == {
        "A": float(home),
        "B": float(away),
    }
    assert "Law 87B" not in ok(capsys, "event", "ranking", "1", *db)
    lines = json.loads(ok(capsys, "event", "traveller", "1", "1", "--json", *db))
    assert [(line["ns_points"], line["ew_points"]) for line in lines] == [(0, 0)] * 2


def test_law_87_teams_the_ranking_speaks_spanish_when_no_match_is_scored_yet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "teams.sqlite3"), "--lang", "es")
    ok(capsys, "event", "new", "Equipos", "--kind", "teams", "--boards", "1",
       "--pair", "A", "--pair", "B", *db)  # fmt: skip
    ok(capsys, "result", "enter", "1", "--board", "1", "--table", "1", "--ns", "A", "--ew", "B",
       "--score", "420", "--group", "A", *db)  # fmt: skip
    ok(capsys, "result", "enter", "1", "--board", "1", "--table", "2", "--ns", "B", "--ew", "A",
       "--score", "170", "--group", "B", *db)  # fmt: skip
    text = ok(capsys, "event", "ranking", "1", *db)
    assert "Estuche 1, sesión 1" in text
    assert "Artículo 87B" in text


def test_law_87_a_pairs_butler_event_with_groups_has_no_uncompared_boards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Pairs events score each group against its own field, as before: nothing is left out."""
    db = ("--db", str(tmp_path / "club.sqlite3"), "--lang", "en")
    pairs = [arg for number in "12345678" for arg in ("--pair", number)]
    ok(capsys, "event", "new", "Club", "--scoring", "imp-butler", "--boards", "1", *pairs, *db)
    for table, score, group in (
        (1, "420", "A"),
        (2, "450", "A"),
        (3, "-50", "B"),
        (4, "-100", "B"),
    ):
        ok(capsys, "result", "enter", "1", "--board", "1", "--table", str(table),
           "--ns", str(2 * table - 1), "--ew", str(2 * table), "--score", score,
           "--group", group, *db)  # fmt: skip
    lines = json.loads(ok(capsys, "event", "traveller", "1", "1", "--json", *db))
    # Group A's datum is 440 (435 rounded away from zero), group B's -80 (-75): each
    # table against its own group's datum.
    assert [line["ns_points"] for line in lines] == [-1, 0, 1, -1]
    assert "Law 87B" not in ok(capsys, "event", "ranking", "1", *db)


# -- The director's page ---------------------------------------------------------------


def test_law_87_teams_the_directors_page_names_a_board_not_compared(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = store.create_event(
        EventSpec("Teams", boards=1, kind="teams"), [Participant("A"), Participant("B")]
    )
    store.enter_result(event, 1, 1, Entry.from_str("score 420 group A"), ns="A", ew="B")
    store.enter_result(event, 1, 2, Entry.from_str("score 170 group B"), ns="B", ew="A")
    assert store.uncompared_boards(event) == {1: [UncomparedBoard(1, "A", "B", "A", "B")]}
    page = client.get(f"/director/events/{event}?lang=en")
    assert page.status_code == 200
    assert 'id="uncompared-boards"' in page.text
    assert "Board 1, session 1, match A v B" in page.text
    assert "Law 87B" in page.text
