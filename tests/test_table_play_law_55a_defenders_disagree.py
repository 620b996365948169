"""Law 55A: when the defenders choose differently, the choice of the one who plays next
after the lead out of turn prevails, whichever spoke first.

North (declarer) leads the ♠A when West was on lead; East plays next after it.
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.table import Table
from arbitro.table.log import dumps, loads
from table_support import assert_refused, replay_events

NAME = "law_55a_declarer_lead_accepted_by_defender"


def laws_and_seats(table: Table) -> list[tuple[str, str]]:
    return [(ruling.law, ruling.by) for ruling in table.rulings]


def test_law_55a_the_next_defender_accepts_after_his_partner_refused() -> None:
    table = replay_events(NAME, 12)
    table.decide("W", "refuse")  # West first: the lead goes back (55B1) ...
    assert laws_and_seats(table) == [("55B1", "W")]
    table.decide("E", "accept")  # ... but East, who plays next, accepts: he prevails
    assert laws_and_seats(table) == [("53A", "E"), ("55A", "director")]
    assert table.current_trick == ((Seat.NORTH, Card.from_str("SA")),)
    assert table.turn is Seat.EAST
    again = loads(dumps(table))
    assert again.rulings == table.rulings
    assert again.current_trick == table.current_trick


def test_law_55a_the_next_defender_refuses_after_his_partner_accepted() -> None:
    table = replay_events(NAME, 12)
    table.decide("W", "accept")
    table.decide("E", "refuse")
    assert laws_and_seats(table)[-2:] == [("55B1", "E"), ("55A", "director")]
    assert table.current_trick == ()
    assert Card.from_str("SA") in table.hand("N")


def test_law_55a_the_next_defenders_answer_first_is_final() -> None:
    table = replay_events(NAME, 12)
    table.decide("E", "accept")
    assert_refused(table, lambda: table.decide("W", "refuse"))
