"""Laws 26 and 54: the wrong defender leads, face up, before declarer's Law 26 choice.

It happens at real tables: West leads while declarer is still to choose how East's
lead is restricted after West's withdrawn 3C. The lead out of turn is ruled first
(54); refused, it is West's major penalty card and the Law 26 choice comes again for
East's lead; accepted, West's lead stands and the choice about East's lead lapses.
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.table import RestrictionKind, Table
from arbitro.table.log import dumps, loads
from table_support import replay_until


def west_leads_before_the_choice() -> Table:
    table = replay_until("law_26a2_forbid_suit", '"forbid"')
    assert table.pending is not None
    assert table.pending.law == "26A2"
    table.play("W", "D2")
    return table


def test_law_54_a_lead_out_of_turn_before_the_26_choice_is_ruled() -> None:
    table = west_leads_before_the_choice()
    assert table.pending is not None
    assert table.pending.law == "54"
    assert table.pending.decider == "N"
    assert loads(dumps(table)).pending == table.pending


def test_law_54d_refused_the_26_choice_comes_again_for_the_right_leader() -> None:
    table = west_leads_before_the_choice()
    table.decide("N", "refuse")
    assert any(
        r.kind is RestrictionKind.PENALTY_CARD and r.card == Card.from_str("D2")
        for r in table.restrictions
    )
    assert table.pending is not None
    assert table.pending.law == "26A2"
    table.decide("N", "forbid", suit="C")
    assert table.turn is Seat.EAST


def test_law_54b_accepted_the_lead_stands_and_the_26_choice_lapses() -> None:
    table = west_leads_before_the_choice()
    table.decide("N", "accept")
    assert table.pending is None
    assert table.current_trick == ((Seat.WEST, Card.from_str("D2")),)
    assert not [r for r in table.restrictions if r.kind is RestrictionKind.LEAD_OPTION]
