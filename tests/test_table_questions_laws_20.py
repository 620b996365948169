"""Questions during the auction: a review (20B1) and an explanation (20F1), each at one's turn."""

from __future__ import annotations

import pytest

from arbitro.core import Seat
from arbitro.table import Table
from arbitro.table.events import EXAMPLE_DEAL, QuestionEvent, event_from_json
from arbitro.table.log import dumps, loads
from table_support import assert_refused


def auction(*calls: str) -> Table:
    table = Table(EXAMPLE_DEAL, number=1)  # dealer North
    for index, call in enumerate(calls):
        table.call("NESW"[index % 4], call)
    return table


@pytest.mark.parametrize(("kind", "law"), [("review", "20B1"), ("explanation", "20F1")])
def test_law_20_a_question_at_ones_turn_to_call_is_recorded(kind: str, law: str) -> None:
    table = auction("1S", "2H")
    table.apply(QuestionEvent(Seat.SOUTH, kind))
    assert (table.rulings[-1].law, table.rulings[-1].by, table.rulings[-1].choice) == (
        law,
        "S",
        kind,
    )
    # Asking changes nothing in the auction: South is still to call.
    assert table.turn == Seat.SOUTH
    assert [str(call) for _, call in table.calls] == ["1S", "2H"]
    # The question is in the log, and the log gives the same table again.
    replayed = loads(dumps(table))
    assert replayed.rulings == table.rulings


@pytest.mark.parametrize(("kind", "law"), [("review", "20B1"), ("explanation", "20F1")])
def test_law_20_a_question_out_of_turn_during_the_auction_is_refused(kind: str, law: str) -> None:
    table = auction("1S", "2H")
    message = assert_refused(table, lambda: table.apply(QuestionEvent(Seat.WEST, kind)))
    assert law in message


def test_law_20b1_a_player_who_must_pass_has_no_review() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    table.call("E", "Pass")  # out of rotation before anyone called (Law 30A)
    table.decide("S", "refuse")
    table.decide("director", "natural")
    table.call("N", "1S")
    message = assert_refused(table, lambda: table.apply(QuestionEvent(Seat.EAST, "review")))
    assert "20B1" in message
    # An explanation he may still ask for (20F1 has no such exception).
    table.apply(QuestionEvent(Seat.EAST, "explanation"))
    assert table.rulings[-1].law == "20F1"


def test_law_20_the_contract_is_not_a_question_of_the_auction() -> None:
    table = auction("1S")
    message = assert_refused(table, lambda: table.apply(QuestionEvent(Seat.EAST, "contract")))
    assert "41C" in message


def test_law_20_a_question_event_reads_back_from_json() -> None:
    event = event_from_json({"event": "question", "seat": "E", "kind": "explanation"})
    assert event == QuestionEvent(Seat.EAST, "explanation")
