"""Laws 43B2a and 46B5: where the Law gives a choice to "a defender", either defender makes it."""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.table import Table
from arbitro.table.events import EXAMPLE_DEAL, DecisionEvent, DummyEvent
from arbitro.table.log import dumps, loads
from table_support import assert_refused, replay_until


def one_notrump_by_north_after_two_tricks() -> Table:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"], strict=True):
        table.call(seat, call)
    table.play("E", "CA")
    table.face_lead()
    for seat, card in [("S", "CT"), ("W", "C7"), ("N", "C4")]:
        table.play(seat, card)
    for seat, card in [("E", "ST"), ("S", "S7"), ("W", "S4"), ("N", "SA")]:
        table.play(seat, card)
    table.apply(DummyEvent("forfeits"))
    table.apply(DummyEvent("warns"))
    return table


def test_law_43b2a_the_other_defender_may_choose_the_hand_declarer_leads_from() -> None:
    table = one_notrump_by_north_after_two_tricks()
    assert table.pending is not None
    table.decide("W", "dummy")  # West, not the seat the question names
    assert table.turn is Seat.SOUTH
    assert (table.rulings[-1].law, table.rulings[-1].by) == ("43B2a", "W")
    assert loads(dumps(table)).rulings == table.rulings


def test_law_43b2a_declarer_and_dummy_do_not_choose() -> None:
    table = one_notrump_by_north_after_two_tricks()
    assert_refused(table, lambda: table.decide("N", "dummy"))
    assert_refused(table, lambda: table.decide("S", "dummy"))


def test_law_46b5_the_other_defender_may_name_dummys_card() -> None:
    table = replay_until("law_46b5_anything", '"decision"')
    assert table.pending is not None
    # East, the defender who led, names dummy's card (46B5: "either defender").
    table.apply(DecisionEvent("E", "card", card=Card.from_str("H2")))
    assert table.current_trick[-1] == (Seat.SOUTH, Card.from_str("H2"))
    assert (table.rulings[-1].law, table.rulings[-1].by) == ("46B5", "E")


def test_law_46b5_declarer_does_not_name_the_card_for_the_defence() -> None:
    table = replay_until("law_46b5_anything", '"decision"')
    assert_refused(table, lambda: table.apply(DecisionEvent("N", "card", card=Card.from_str("H2"))))
