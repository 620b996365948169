"""An individual's score card shows the figures its ranking counts (Laws 12C2c, 5A).

In an individual event the contestant is the player (Law 5A): on a board given an
artificial adjusted score (average-plus, average-minus), Law 12C2c looks at each
player's own session, so two partners may end with different figures for the same
board, and neither need be the partnership's. The card (the command line's
``event card`` and the public page) shows each player's own figure on every board, so
that its boards add up to the total and percentage its ranking counts; the command
line's card closes each session with that total and percentage, as a pair's does.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import individual
from cli_support import run_cli

pytest_plugins = ("web_director",)

MOVEMENT = individual(2, 2, rounds=3)
"""Eight players at two tables, three rounds of two boards: each board played twice."""

TABLE_1 = {3: "4S N 11", 4: "4S N 11", 5: "4S N 8", 6: "4S N 8"}
TABLE_2 = {3: "4S N 9", 4: "4S N 9", 5: "4S N 10", 6: "4S N 10"}


def adjusted_individual(store: Store) -> int:
    """Boards 1-2 at table 2 given average-plus / average-minus (3&5 v 6&7); published.

    Player 3 tops every other board (100 %: Law 12C2c gives it that on its A+ boards);
    its partner there, player 5, scores half (its A+ stays 60 %).
    """
    people = [Participant(str(number)) for number in range(1, 9)]
    spec = EventSpec("Individual", boards=MOVEMENT.boards, kind="individual")
    event = store.create_event(spec, people, MOVEMENT)
    for seating in MOVEMENT.schedule:
        for board in seating.boards:
            if board in (1, 2):
                text = "adjusted A+/A-" if seating.table == 2 else "3NT S 9"
            else:
                text = (TABLE_1 if seating.table == 1 else TABLE_2)[board]
            store.enter_result(event, board, seating.table, Entry.from_str(text))
    store.publish(event)
    return event


def card(capsys: pytest.CaptureFixture[str], db: str, event: int, player: str) -> str:
    code, out, err = run_cli(
        capsys, "event", "card", str(event), player, "--db", db, "--lang", "en"
    )
    assert code == 0, err
    return out


def test_law_12c2c_each_partner_keeps_their_own_average_plus(store: Store) -> None:
    event = adjusted_individual(store)
    info, results = store.event(event), store.results(event)
    key = next((r.session, r.board, r.ns, r.ew) for r in results if r.board == 1 and r.table == 2)
    partnership = store.board_figures(info, results)[key][0]
    three = store.card_figures(info, results, "3")[key]
    five = store.card_figures(info, results, "5")[key]
    assert key[2].split("&") in (["3", "5"], ["5", "3"])
    assert three == 2  # 100 % of the top: player 3's own session (12C2c)
    assert five == Fraction(6, 5)  # 60 % of the top
    assert three != partnership or five != partnership


def test_law_12c2c_the_cli_card_adds_up_to_the_ranking(
    store: Store, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    event = adjusted_individual(store)
    ranked = {standing.participant: standing.total for standing in store.ranking(event)}
    store.close()
    db = str(tmp_path / "arbitro.sqlite3")
    out = card(capsys, db, event, "3")
    lines = [line.split() for line in out.splitlines() if line.strip().startswith("1 ")]
    assert len(lines) == 6
    points = [Fraction(line[-1]) for line in lines]
    assert points[:2] == [2, 2]  # boards 1 and 2: player 3's own average-plus
    assert sum(points) == 12  # six tops of 2
    assert ranked["3"] == 100
    assert "Session 1: 12.00 (100.00%), place 1" in out


def test_the_cli_card_of_an_individual_gives_each_sessions_total(
    store: Store, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--help`` promises each session's total and percentage: an individual's card too."""
    event = adjusted_individual(store)
    five = next(s for s in store.ranking(event) if s.participant == "5")
    store.close()
    db = str(tmp_path / "arbitro.sqlite3")
    code, out, err = run_cli(
        capsys, "event", "card", str(event), "5", "--db", db, "--json", "--lang", "en"
    )
    assert code == 0, err
    read = json.loads(out)
    (session,) = read["sessions"]
    total = sum(Fraction(str(row["points"])) for row in read["boards"])
    assert Fraction(str(session["total"])) == total
    assert session["percentage"] == round(float(five.total), 2)
    assert total * 100 / 12 == five.total
    assert f"Session 1: {float(total):.2f} ({float(five.total):.2f}%), place" in card(
        capsys, db, event, "5"
    )


def test_law_12c2c_the_public_card_shows_the_players_own_figure(
    store: Store, director: tuple[TestClient, str]
) -> None:
    event = adjusted_individual(store)
    client, _ = director
    page = client.get(f"/results/{event}/pairs/3?lang=en")
    assert page.status_code == 200
    assert page.text.count('<td class="number">2.00</td>') == 6  # every board a top, A+ too
    five = client.get(f"/results/{event}/pairs/5?lang=en").text
    assert five.count('<td class="number">1.20</td>') == 2  # its A+ at 60 %
    api = client.get(f"/api/results/{event}/pairs/5").json()
    assert [line["points"] for line in api["boards"] if line["board"] in (1, 2)] == ["1.20"] * 2


ENTRIES = st.sampled_from(
    [
        "4S N 10",
        "4S N 9",
        "4S N 11",
        "3NT S 8",
        "2H E 8",
        "1NT W 7",
        "adjusted A+/A-",
        "adjusted A-/A+",
        "adjusted A/A",
        "adjusted A+/A+",
        "adjusted A60/A40",
    ]
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ENTRIES, min_size=12, max_size=12))
def test_law_12c2c_every_players_card_adds_up_to_its_ranking(entries: list[str]) -> None:
    """Whatever the results, each player's card boards add up to the percentage it is ranked by."""
    store = open_store("sqlite:///:memory:")
    people = [Participant(str(number)) for number in range(1, 9)]
    spec = EventSpec("Individual", boards=MOVEMENT.boards, kind="individual")
    event = store.create_event(spec, people, MOVEMENT)
    lines = [(seating, board) for seating in MOVEMENT.schedule for board in seating.boards]
    for (seating, board), text in zip(lines, entries, strict=True):
        store.enter_result(event, board, seating.table, Entry.from_str(text))
    info, results = store.event(event), store.results(event)
    (scored,) = store.score(event, results)
    tops = {board: lines[0].top for board, lines in scored.boards.items()}
    for standing in store.ranking(event):
        figures = store.card_figures(info, results, standing.participant)
        assert len(figures) == 6  # every player plays every board once
        top = sum(Fraction(tops[board] or 0) for _, board, _, _ in figures)
        total = sum(Fraction(value or 0) for value in figures.values())
        assert standing.total == (total * 100 / top if top else 0)
    store.close()
