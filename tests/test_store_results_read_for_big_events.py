"""An event's results read, scored and imported the quick way, the same as the plain way.

A big event (2,000 boards, 6,000 results) is read on every traveller and score card:
:meth:`~arbitro.store.results.ResultRecords.results` reads each stored entry's text
once and scores it once a board; a traveller scores only the lines of the boards it
shows; ``event import`` checks and writes every result in one batch. Each must give
what the plain way gives: every entry read alone on its board as marked (Law 2), every
board's lines of the whole event's scoring, and each result entered one at a time (a
refused one named by its line, nothing stored).
"""

from __future__ import annotations

import pytest

from arbitro.core.board import Board
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.store import Store, open_store
from arbitro.store.imports import ImportedLineError, ImportedResult
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant

# Each board's entries at tables 1 to 3: the same texts repeated across boards of other
# vulnerability, an adjusted score (Law 12), a board not played and a bare score.
ENTRIES = {
    1: ("4S N 10", "4S N 10", "3NT S 9"),
    2: ("4S N 10", "4S N 10", "adjusted A60/A40"),
    3: ("4S N 10", "not-played", "score -100"),
    4: ("3NT S 9", "4S N 10", "4S N 10"),
}
PAIRS = [Participant(str(number)) for number in range(1, 7)]


def _imported() -> list[ImportedResult]:
    return [
        ImportedResult(1, board, table, str(2 * table - 1), str(2 * table), Entry.from_str(text))
        for board, texts in ENTRIES.items()
        for table, text in enumerate(texts, start=1)
    ]


def _event(store: Store) -> int:
    """The event of :data:`ENTRIES`, board 4 marked otherwise than Law 2 (dealer S, all vulnerable)."""
    event = store.create_event(EventSpec("Big", boards=len(ENTRIES)), PAIRS)
    store.mark_board(event, Board(4, Seat.S, Vulnerability.ALL))
    for result in _imported():
        store.enter_result(
            event, result.board, result.table, result.entry, ns=result.ns, ew=result.ew
        )
    return event


def test_results_read_each_entry_as_the_entry_alone_gives_on_its_board() -> None:
    store = open_store("sqlite:///:memory:")
    event = _event(store)
    marked = store.boards(event)
    read = store.results(event)
    assert [(stored.board, stored.table) for stored in read] == [
        (board, table) for board in ENTRIES for table in (1, 2, 3)
    ]
    for stored in read:
        alone = Entry.from_str(ENTRIES[stored.board][stored.table - 1])
        assert stored.entry == alone
        assert stored.result == alone.result(marked.get(stored.board) or Board(stored.board))
    # Board 4 is marked all vulnerable: 4S made scores 620 there, 420 on board 1.
    assert read[0].result != read[-1].result


def test_results_of_one_session_are_those_of_the_event_in_it() -> None:
    store = open_store("sqlite:///:memory:")
    event = _event(store)
    assert store.results(event, session=1) == store.results(event)
    assert store.results(event, session=2) == []


@pytest.mark.parametrize("board", sorted(ENTRIES))
def test_a_boards_traveller_figures_are_its_lines_of_the_whole_scoring(board: int) -> None:
    store = open_store("sqlite:///:memory:")
    event = _event(store)
    info, results = store.event(event), store.results(event)
    whole = store.board_figures(info, results)
    assert store.board_figures(info, results, {(1, board)}) == {
        key: figures for key, figures in whole.items() if key[:2] == (1, board)
    }
    shown = store.board_percentages(info, results)
    assert store.board_percentages(info, results, {(1, board)}) == {
        key: figures for key, figures in shown.items() if key[:2] == (1, board)
    }
    assert store.board_figures(info, results, {(2, board)}) == {}


def test_scores_given_the_results_are_the_scores_read_alone() -> None:
    store = open_store("sqlite:///:memory:")
    event = _event(store)
    assert store.score(event, store.results(event)) == store.score(event)


def test_event_import_stores_what_entering_one_at_a_time_stores() -> None:
    store = open_store("sqlite:///:memory:")
    one_by_one = _event(store)
    marked = [Board(4, Seat.S, Vulnerability.ALL)]
    imported = store.import_event(
        EventSpec("Big", boards=len(ENTRIES)), PAIRS, _imported(), "big.pbn", marked=marked
    )
    assert store.results(imported) == store.results(one_by_one)
    assert [(line.board, line.table, line.action, line.new) for line in store.audit(imported)] == [
        (line.board, line.table, line.action, line.new) for line in store.audit(one_by_one)
    ]
    assert store.ranking(imported) == store.ranking(one_by_one)


def test_event_import_names_the_line_refused_and_stores_nothing() -> None:
    store = open_store("sqlite:///:memory:")
    results = _imported()
    # Pair 1 plays board 3 a second time, at table 3 (Law 15B).
    results[8] = ImportedResult(1, 3, 3, "1", "6", Entry.from_str("4S N 10"), line=42)
    with pytest.raises(ImportedLineError) as refused:
        store.import_event(EventSpec("Big", boards=len(ENTRIES)), PAIRS, results, "big.pbn")
    assert "board 3" in str(refused.value)
    assert "15B" in str(refused.value)
    assert "line 42" in str(refused.value)
    assert store.events() == []
