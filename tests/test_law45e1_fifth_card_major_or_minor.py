"""Law 45E1: a defender's fifth card is a penalty card, major or minor by Law 50B.

"Jugada por un defensor, se convierte en carta penalizada. Se aplica el Artículo 50":
45E1 does not say "mayor", as 54D, 60B, 62B1 and 52B2 do, so 50B decides. "Una sola
carta de rango inferior a un honor expuesta involuntariamente (jugando dos cartas en
una baza, una carta caída accidentalmente)" is minor; an honour, a card exposed
intentionally, or a defender's second penalty card is major. Whether the card came to
the trick inadvertently is the Director's finding, given with the event
(``"deliberate": true`` when it was played on purpose), as for an ``exposed`` card.
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.table import RestrictionKind, Table
from arbitro.table.events import ExposedEvent, FifthCardEvent
from table_support import legal_card_names, replay_until, rulings

SCENARIO = "law_45e1_defender_fifth_card_penalty_card"
"""North declares 4♠; East ♠765 ♥765 ♦8765 ♣876 has played to trick 2, won by North."""
PARTNER_ON_LEAD = "law_50d2a_require_the_suit"
"""North declares 4♠; East won trick 1 and leads; West ♠43 ♦T9862 ♣QT753 played the ♥T."""


def _penalty_cards(table: Table) -> list[tuple[str, str, bool, str]]:
    return [
        (str(r.seat), str(r.card), r.major, r.law)
        for r in table.restrictions
        if r.kind is RestrictionKind.PENALTY_CARD
    ]


def test_law_45e1_a_small_card_contributed_inadvertently_is_a_minor_penalty_card() -> None:
    table = replay_until(SCENARIO, '"fifth_card"')
    table.apply(FifthCardEvent(Seat.EAST, Card.from_str("C8")))
    assert _penalty_cards(table) == [("E", "C8", False, "45E1")]
    assert rulings(table) == [("45E1", "director", "45E1")]
    assert "minor" in str(table.rulings[-1].message)
    for seat, card in zip(
        "NESWNESWN", ["SK", "S6", "S9", "S3", "SQ", "S5", "S8", "S2", "SJ"], strict=True
    ):
        table.play(seat, card)
    # Trick 5, East out of spades: 50C, not 50D1a. Any card but the other small clubs.
    assert legal_card_names(table) == ["H7", "H6", "D8", "D7", "D6", "D5", "C8"]


def test_law_45e1_a_small_card_played_on_purpose_is_a_major_penalty_card() -> None:
    table = replay_until(SCENARIO, '"fifth_card"')
    table.apply(FifthCardEvent(Seat.EAST, Card.from_str("C8"), deliberate=True))
    assert _penalty_cards(table) == [("E", "C8", True, "45E1")]
    assert "major" in str(table.rulings[-1].message)


def test_law_45e1_a_minor_penalty_card_puts_no_restriction_on_partner_s_lead() -> None:
    table = replay_until(PARTNER_ON_LEAD, '"exposed"')
    assert table.turn is Seat.EAST
    table.apply(FifthCardEvent(Seat.WEST, Card.from_str("C3")))
    assert _penalty_cards(table) == [("W", "C3", False, "45E1")]
    assert table.pending is None  # no Law 50D2 choice (50C)


def test_law_45e1_an_honour_is_a_major_penalty_card_and_partner_s_lead_waits() -> None:
    table = replay_until(PARTNER_ON_LEAD, '"exposed"')
    table.apply(FifthCardEvent(Seat.WEST, Card.from_str("CQ")))
    assert _penalty_cards(table) == [("W", "CQ", True, "45E1")]
    assert table.pending is not None
    assert (table.pending.law, table.pending.decider) == ("50D2", "N")


def test_law_45e1_a_second_penalty_card_makes_both_major() -> None:
    table = replay_until(SCENARIO, '"fifth_card"')
    table.apply(ExposedEvent(Seat.EAST, (Card.from_str("D5"),)))
    assert _penalty_cards(table) == [("E", "D5", False, "49")]
    table.apply(FifthCardEvent(Seat.EAST, Card.from_str("C8")))
    assert _penalty_cards(table) == [("E", "D5", True, "49"), ("E", "C8", True, "45E1")]


def test_law_45e1_the_finding_is_kept_in_the_log() -> None:
    event = FifthCardEvent.from_json(
        {"event": "fifth_card", "seat": "E", "card": "C8", "deliberate": True}
    )
    assert event.deliberate
    assert event.to_json() == {"event": "fifth_card", "seat": "E", "card": "C8", "deliberate": True}
    assert not FifthCardEvent.from_json(
        {"event": "fifth_card", "seat": "E", "card": "C8"}
    ).deliberate
