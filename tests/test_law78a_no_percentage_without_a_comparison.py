"""Law 78A: a pair none of whose boards had another result to compare with has no percentage.

A board played once has a top of 0 (with Neuberg, when no board of the session was
played more than once yet: after a Howell's or a Mitchell's first round). The scorer
leaves such boards out of a pair's percentage, and a pair with no board compared has
none: the ranking shows it without a percentage ("—", explained under the table) rather
than 0.00 %, ranked after the pairs that have one; a session without one is left out of
the pair's mean over the event's sessions. Where there is a comparison, nothing changes.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.scoring.results import Result
from arbitro.scoring.session import TableResult, score_session
from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.individual_scores import individual_ranking
from arbitro.tournament.movements import mitchell
from arbitro.tournament.ranking import event_ranking, rank, session_scores
from cli_support import run_cli

pytest_plugins = ("web_director",)  # the store with director ana

FULL = [
    TableResult(1, "1", "2", Result.played(420)),
    TableResult(1, "3", "4", Result.played(400)),
    TableResult(2, "1", "2", Result.played(-100)),
    TableResult(2, "3", "4", Result.played(-100)),
]
"""Two boards, each played at both tables: pair 1 has 75 %, pair 3 25 %."""

ONCE = [
    TableResult(3, "1", "2", Result.played(420)),
    TableResult(4, "3", "4", Result.played(-50)),
]
"""Two boards, each played at one table only: nothing to compare."""


def test_law78a_boards_played_once_give_no_percentage_rather_than_0() -> None:
    session = score_session(ONCE)
    assert session_scores(session) == {"1": None, "3": None, "2": None, "4": None}
    standings = event_ranking([session])
    assert {s.participant for s in standings} == {"1", "2", "3", "4"}
    assert all(not s.compared and s.rank == 1 and s.tied for s in standings)


def test_law78a_a_session_without_a_comparison_is_left_out_of_the_mean() -> None:
    first, second = score_session(FULL), score_session(ONCE)
    standings = {s.participant: s for s in event_ranking([first, second])}
    assert standings["1"].total == Fraction(75)  # not (75 + 0) / 2
    assert standings["3"].total == Fraction(25)
    assert all(s.compared for s in standings.values())
    # The arithmetic where there is a comparison is the scorer's, unchanged.
    assert {s.participant: s.total for s in event_ranking([first])} == {
        pair.pair: pair.percentage for pair in first.pairs
    }


def test_law78a_a_pair_without_a_percentage_ranks_after_one_with_0() -> None:
    standings = rank({"A": [None], "B": [Fraction(0)], "C": [Fraction(40)]}, average=True)
    assert [(s.participant, s.rank_label, s.compared) for s in standings] == [
        ("C", "1", True),
        ("B", "2", True),
        ("A", "3", False),
    ]


@given(
    st.dictionaries(
        st.text("ABCDEFGH", min_size=1, max_size=2),
        st.lists(st.none() | st.fractions(0, 100), min_size=1, max_size=3),
        min_size=1,
    )
)
def test_law78a_ranked_by_the_mean_of_the_sessions_with_a_percentage(
    scores: dict[str, list[Fraction | None]],
) -> None:
    standings = rank(scores, average=True)
    compared = [s.compared for s in standings]
    assert compared == sorted(compared, reverse=True)  # those without come last
    for standing in standings:
        given_scores = [score for score in scores[standing.participant] if score is not None]
        assert standing.compared == bool(given_scores)
        expected = sum(given_scores, Fraction(0)) / len(given_scores) if given_scores else 0
        assert standing.total == expected
    totals = [s.total for s in standings if s.compared]
    assert totals == sorted(totals, reverse=True)


def test_law78a_a_player_without_a_compared_board_has_no_percentage() -> None:
    session = score_session(
        [
            TableResult(1, "1&3", "2&4", Result.played(420)),
            TableResult(2, "5&7", "6&8", Result.played(400)),
        ]
    )
    standings = individual_ranking([session])
    assert len(standings) == 8
    assert all(not s.compared and s.rank_label == "1=" for s in standings)


def _after_round_one(store: Store) -> int:
    """A 3-table Mitchell after its first round, published: every board played once."""
    event = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    movement = store.movement(event)
    assert movement is not None
    for seating in movement.schedule:
        if seating.round == 1:
            for board in seating.boards:
                store.enter_result(event, board, seating.table, Entry.from_str("4S N 10"))
    store.publish(event)
    return event


def test_law78a_the_ranking_shows_no_percentage_and_says_why_in_both_languages(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = _after_round_one(store)
    for lang, why in (
        ("es", "ninguno de los estuches que ha jugado esta pareja"),
        ("en", "none of the boards this pair played"),
    ):
        for path in (f"/results/{event}", f"/director/events/{event}"):
            page = client.get(f"{path}?lang={lang}").text
            ranking = page.split('<table class="results ranking">')[1].split("</table>")[0]
            # Three pairs a direction, each with no place and no total yet.
            assert ranking.count("—</abbr>") == 6, path
            assert "0,00" not in ranking
            assert "0.00" not in ranking
            assert why in page
        card = client.get(f"/results/{event}/pairs/1NS?lang={lang}").text
        assert "1=" not in card  # no place and no total yet: «—» for both
        assert card.count("—</abbr>") == 2
        assert why in card
    # The JSON API keeps its figures as they were.
    assert {line["total"] for line in client.get(f"/api/results/{event}").json()["ranking"]} == {
        "0.00"
    }


def test_law78a_a_ranking_with_comparisons_has_no_dash_and_no_note(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = _after_round_one(store)
    movement = store.movement(event)
    assert movement is not None
    for seating in movement.schedule:
        if seating.round == 2:
            for board in seating.boards:
                store.enter_result(event, board, seating.table, Entry.from_str("4S N 9"))
    page = client.get(f"/results/{event}?lang=en").text
    assert "—</abbr>" not in page
    assert "none of the boards this pair played" not in page
    assert "50.00%" in page


def test_law78a_the_command_lines_ranking_shows_no_percentage_rather_than_0(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    pairs = [argument for number in "1234" for argument in ("--pair", number)]
    run_cli(capsys, "event", "new", "Club", "--boards", "2", *pairs, *db)
    for board, ns, ew, score in (("1", "1", "2", "420"), ("2", "3", "4", "-100")):
        code, _, err = run_cli(
            capsys, "result", "enter", "1", "--board", board, "--table", "1",
            "--ns", ns, "--ew", ew, "--score", score, *db,
        )  # fmt: skip
        assert code == 0, err
    code, out, _ = run_cli(capsys, "event", "ranking", "1", *db)
    assert code == 0
    assert "0.00" not in out
    # No place and no total for any pair yet.
    totals = [line.split()[2] for line in out.splitlines() if line.startswith("  — ")]
    assert totals == ["—"] * 4
    assert "—: no percentage yet" in out
    code, out, _ = run_cli(capsys, "event", "ranking", "1", "--json", *db)
    standings = json.loads(out)
    assert {(s["total"], s["compared"]) for s in standings} == {(None, False)}
