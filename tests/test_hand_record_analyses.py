"""Hand records analysed when the deals are kept, in the background, and read from the store.

The double-dummy tables and par of an event's boards are made once, when the director
uploads the deals (Law 6 dealing; the hand records of Law 79C's published results),
and kept per event and board; the hand-record page reads them and never runs the
solver while a player waits: while the work runs it says how far it has got.
"""

from __future__ import annotations

import threading

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import arbitro.analysis.solver as solver
from arbitro.analysis.tables import BoardAnalysis
from arbitro.core.board import Board
from arbitro.core.deal import Deal
from arbitro.core.vulnerability import Vulnerability
from arbitro.dealing.dealer import DealtBoard
from arbitro.store import Store, open_store
from arbitro.tournament.event import EventSpec, Participant
from arbitro.web import create_app
from arbitro.web.public_results import set_deals
from web_director import PASSWORD, SECRET

pytest_plugins = ("web_director",)  # the store


def session(count: int, start: int = 4242) -> dict[int, Deal]:
    return {board: Deal.from_number(start + 104729 * board) for board in range(1, count + 1)}


@pytest.fixture
def event(store: Store) -> int:
    return store.create_event(EventSpec("Jueves", boards=28), [Participant("1"), Participant("2")])


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(numbers=st.lists(st.integers(min_value=0, max_value=10**28), min_size=1, max_size=6))
def test_the_stored_analysis_is_the_solvers_analysis_of_the_same_deals(
    numbers: list[int],
) -> None:
    store = open_store("sqlite:///:memory:")
    event = store.create_event(EventSpec("Club", boards=len(numbers)))
    deals = {board: Deal.from_number(number) for board, number in enumerate(numbers, 1)}
    store.keep_deals(event, deals)
    assert store.analyse_event(event) == len(deals)
    expected = solver.analyse(DealtBoard(Board(board), deal) for board, deal in deals.items())
    assert store.stored_analyses(event) == {entry.dealt.board.number: entry for entry in expected}
    # Nothing is left to analyse: a second run solves nothing.
    assert store.analyse_event(event) == 0


def test_an_analysis_of_a_deal_since_replaced_is_not_used(store: Store, event: int) -> None:
    deals = session(3)
    store.keep_deals(event, deals)
    store.analyse_event(event)
    assert store.analysis_progress(event).analysed == 3
    store.keep_deals(event, {**deals, 2: Deal.from_number(99)})
    assert store.analysis_progress(event).analysed == 2
    assert sorted(store.stored_analyses(event)) == [1, 3]
    assert store.analyse_event(event) == 1
    [entry] = solver.analyse([DealtBoard(Board(2), Deal.from_number(99))])
    assert store.stored_analyses(event)[2] == entry


def test_law2_a_marked_board_gets_the_par_of_its_marked_vulnerability(
    store: Store, event: int
) -> None:
    """Par depends on the vulnerability: a board marked otherwise than Law 2 is analysed as marked.

    Marked after its analysis, the board's par is made again (the kept one is dropped).
    """
    deal = Deal.from_number(4242)  # par 1510 at Law 2's board 1 (none vulnerable), 2210 all
    law2, marked = solver.analyse(
        [DealtBoard(Board(1), deal), DealtBoard(Board(1, vulnerability=Vulnerability.ALL), deal)]
    )
    assert law2.par != marked.par
    store.keep_deals(event, {1: deal})
    store.analyse_event(event)
    assert store.stored_analyses(event)[1] == law2
    store.mark_board(event, Board(1, vulnerability=Vulnerability.ALL))
    assert store.analysis_progress(event).analysed == 0
    assert store.analyse_event(event) == 1
    assert store.stored_analyses(event)[1] == marked
    store.mark_board(event, Board(1))  # back to Law 2's marking
    store.analyse_event(event)
    assert store.stored_analyses(event)[1] == law2


def test_uploading_the_deals_starts_the_analysis_in_the_background(
    store: Store, event: int
) -> None:
    set_deals(store, event, {board: deal.to_str() for board, deal in session(5).items()})
    for thread in threading.enumerate():
        if thread.name == f"arbitro-analysis-{event}":
            thread.join()
    # The thread (not this test) made and kept every board's analysis.
    assert store.analysis_progress(event).finished
    assert len(store.stored_analyses(event)) == 5


def test_the_hand_record_page_reads_the_stored_analysis_and_never_solves(
    store: Store, event: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    deals = session(28)
    store.keep_deals(event, deals)
    store.analyse_event(event)
    kept = store.stored_analyses(event)
    assert len(kept) == 28
    # From here on, a visit that ran the solver would fail.
    monkeypatch.setattr(solver, "analyse", _refuse)
    monkeypatch.setattr(Store, "analyse_in_background", _refuse)
    store.publish(event)
    with TestClient(create_app(store, secret=SECRET)) as client:
        for _ in range(2):  # the first visit and a later one alike
            page = client.get(f"/results/{event}/hands?lang=en")
            assert page.status_code == 200
            assert page.text.count('class="board"') == 28
            assert "analysis-progress" not in page.text
        answer = client.get(f"/api/results/{event}/hands").json()
    assert answer["analysed"] == answer["of"] == 28
    assert [line["tricks"] for line in answer["boards"]] == [
        kept[board].table.to_str() for board in range(1, 29)
    ]
    assert [line["par"] for line in answer["boards"]] == [
        kept[board].par.score for board in range(1, 29)
    ]


def test_the_hand_record_page_shows_the_progress_while_the_analysis_runs(
    store: Store, event: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    deals = session(28)
    store.keep_deals(event, deals)
    first = [DealtBoard(Board(board), deals[board]) for board in range(1, 13)]
    store.keep_analyses(event, solver.analyse(first))
    started: list[int] = []

    def start(_store: Store, number: int) -> bool:
        started.append(number)
        return True

    monkeypatch.setattr(solver, "analyse", _refuse)
    monkeypatch.setattr(Store, "analyse_in_background", start)
    monkeypatch.setattr(Store, "resume_analyses", lambda _store: [])
    store.publish(event)
    with TestClient(create_app(store, secret=SECRET)) as client:
        english = client.get(f"/results/{event}/hands?lang=en")
        spanish = client.get(f"/results/{event}/hands?lang=es")
        api = client.get(f"/api/results/{event}/hands")
    assert english.status_code == 200
    assert "analysed 12 of 28 boards" in english.text
    assert 'http-equiv="refresh"' in english.text
    assert 'class="board"' not in english.text
    assert "analizados 12 de 28 estuches" in spanish.text
    assert api.status_code == 202
    assert (api.json()["analysed"], api.json()["of"], api.json()["boards"]) == (12, 28, [])
    # Each visit asks for the rest to be analysed (a restart resumes the work).
    assert started == [event, event, event]


def test_the_desk_shows_the_analysis_progress_of_the_deals(
    store: Store, event: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    deals = session(4)
    store.keep_deals(event, deals)
    store.keep_analyses(event, solver.analyse([DealtBoard(Board(1), deals[1])]))
    monkeypatch.setattr(Store, "analyse_in_background", lambda _store, _event: True)
    monkeypatch.setattr(Store, "resume_analyses", lambda _store: [])
    with TestClient(create_app(store, secret=SECRET)) as client:
        signed = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
        assert signed.status_code == 200
        running = client.get(f"/director/events/{event}/deals?lang=en").text
        assert "analysed 1 of 4 boards" in running
        store.analyse_event(event)
        done = client.get(f"/director/events/{event}/deals?lang=es").text
    assert "de los 4 estuches" in done


def _refuse(*args: object, **kwargs: object) -> list[BoardAnalysis]:
    raise AssertionError("the double-dummy solver ran while a person waited")


def test_a_server_started_again_resumes_the_analysis_left_unfinished(
    store: Store, event: int
) -> None:
    deals = session(6)
    store.keep_deals(event, deals)  # kept, as by a server stopped before analysing them
    store.keep_analyses(event, solver.analyse([DealtBoard(Board(1), deals[1])]))
    assert store.analysis_progress(event).analysed == 1
    app = create_app(store, secret=SECRET)
    with TestClient(app) as client:
        # Once the server has answered, it looks for unfinished work in a thread of its
        # own, which starts the event's analysis: wait for the one, then for the other.
        assert client.get("/health").status_code == 200
        app.state.later.join()
        for thread in threading.enumerate():
            if thread.name == f"arbitro-analysis-{event}":
                thread.join()
    assert store.analysis_progress(event).finished
    expected = solver.analyse(DealtBoard(Board(board), deal) for board, deal in deals.items())
    assert store.stored_analyses(event) == {entry.dealt.board.number: entry for entry in expected}
