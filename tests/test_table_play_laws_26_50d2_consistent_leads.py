"""Laws 26A2b and 50D2: the lead options offered agree with the lead restrictions in force.

Declarer has forbidden East a club lead (26A2b, West's withdrawn 3C); then West's ♣Q
becomes a major penalty card (24) before East leads. Requiring the club lead (50D2a)
would contradict the prohibition still in force, so it is not offered.
"""

from __future__ import annotations

from arbitro.core import Card, Seat, Suit
from arbitro.table import RestrictionKind, Table
from arbitro.table.events import ExposedEvent
from table_support import assert_refused, replay_until


def club_lead_forbidden_then_a_club_penalty_card() -> Table:
    table = replay_until("law_26a2_forbid_suit", '"HA"')
    assert [(r.kind, r.seat, r.suits) for r in table.restrictions] == [
        (RestrictionKind.LEAD_FORBIDDEN, Seat.EAST, (Suit.CLUBS,))
    ]
    table.apply(ExposedEvent(Seat.WEST, (Card.from_str("CQ"),)))
    return table


def test_law_50d2_does_not_offer_to_require_a_suit_whose_lead_is_forbidden() -> None:
    table = club_lead_forbidden_then_a_club_penalty_card()
    pending = table.pending
    assert pending is not None
    assert pending.law.startswith("50D2")
    for option in pending.options:
        assert not (option.choice == "require" and Suit.CLUBS in (option.suits or ()))
    assert "forbid" in [option.choice for option in pending.options]
    assert_refused(table, lambda: table.decide("N", "require", suit="C"))


def test_law_26a2b_the_prohibition_still_binds_after_the_50d2_choice() -> None:
    table = club_lead_forbidden_then_a_club_penalty_card()
    table.decide("N", "none")
    assert all(card.suit is not Suit.CLUBS for card in table.legal_cards())
