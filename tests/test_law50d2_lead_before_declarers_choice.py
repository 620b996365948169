"""Law 50D2: a lead made before declarer has chosen is subject to Law 49.

"No puede salir hasta que el declarante haya escogido una de las siguientes opciones
(si el defensor sale prematuramente, está sujeto a la rectificación del Artículo 49)".
The card led, face up for partner to see, becomes the leader's penalty card (49),
major since a lead is exposed intentionally (50B: "saliendo fuera de turno"); the
lead itself waits for declarer's choice, which is still his to make, and then the
leader's own penalty card binds him (50D1a) where the lead restriction chosen allows
(50D1b). As for the cards Árbitro takes played out of turn after partner's card (49),
the table records the lead and rules on it, rather than refusing it.

Scenario ``law_50d2a_require_the_suit``: North declares 4♠, West has the ♣Q as a major
penalty card, and East (♠Q7 ♥QJ963 ♦K5 ♣J92) won trick 1 and is to lead.
"""

from __future__ import annotations

from arbitro.core import Card, Seat, Suit
from arbitro.table import RestrictionKind, Table
from arbitro.table.events import DecisionEvent
from arbitro.table.log import dumps, loads
from table_support import assert_refused, pending_decision, replay_until, rulings

SCENARIO = "law_50d2a_require_the_suit"
OPTIONS = [("require", "50D2a"), ("forbid", "50D2a"), ("none", "50D2b")]


def _penalty_cards(table: Table) -> list[tuple[str, str, bool]]:
    return [
        (str(r.seat), str(r.card), r.major)
        for r in table.restrictions
        if r.kind is RestrictionKind.PENALTY_CARD
    ]


def _east_leads_early() -> Table:
    table = replay_until(SCENARIO, '"decision"')
    assert pending_decision(table) == ("N", "50D2", OPTIONS)
    table.play("E", "HQ")
    return table


def test_law_50d2_lead_before_the_choice_is_a_major_penalty_card_of_the_leader() -> None:
    table = _east_leads_early()
    assert _penalty_cards(table) == [("W", "CQ", True), ("E", "HQ", True)]
    assert rulings(table)[-1] == ("49", "director", "49")
    assert "50D2" in str(table.rulings[-1].message)
    assert "50E" in [note.law for note in table.notes]
    # No card has been led: declarer's choice is still to be made, East still leads.
    assert table.current_trick == ()
    assert Card.from_str("HQ") in table.hand("E")
    assert pending_decision(table) == ("N", "50D2", OPTIONS)
    assert table.turn is Seat.EAST
    assert table.legal_cards() == []


def test_law_50d2b_no_restriction_then_the_leader_leads_his_penalty_card() -> None:
    table = _east_leads_early()
    table.decide("N", "none")
    assert table.legal_cards() == [Card.from_str("HQ")]  # 50D1a


def test_law_50d2a_required_suit_comes_before_the_leader_s_penalty_card() -> None:
    table = _east_leads_early()
    table.decide("N", "require", suit="C")
    assert [str(card) for card in table.legal_cards()] == ["CJ", "C9", "C2"]  # 50D1b
    assert _penalty_cards(table) == [("E", "HQ", True)]  # West's ♣Q is picked up


def test_law_50d2a_forbidden_suit_then_the_leader_leads_his_penalty_card() -> None:
    table = _east_leads_early()
    table.decide("N", "forbid", suit=Suit.CLUBS)
    assert table.legal_cards() == [Card.from_str("HQ")]


def test_law_50d2_only_the_leader_s_lead_is_taken_before_the_choice() -> None:
    table = replay_until(SCENARIO, '"decision"')
    assert_refused(table, lambda: table.play("W", "C3"), "50D2")
    assert_refused(table, lambda: table.play("E", "SA"), "East")  # not his card


def test_law_50d2_the_early_lead_is_in_the_log_and_replays() -> None:
    table = _east_leads_early()
    assert '"play", "seat": "E", "card": "HQ"' in dumps(table)
    again = loads(dumps(table))
    assert _penalty_cards(again) == _penalty_cards(table)
    assert again.rulings == table.rulings


def test_law_51a_two_cards_led_before_the_choice_declarer_names_the_one_led() -> None:
    table = _east_leads_early()
    table.play("E", "DK")
    assert _penalty_cards(table) == [("W", "CQ", True), ("E", "HQ", True), ("E", "DK", True)]
    table.decide("N", "none")
    assert pending_decision(table) == ("N", "51", [("card", "51A")])
    table.apply(DecisionEvent("N", "card", card=Card.from_str("DK")))
    assert list(table.current_trick) == [(Seat.EAST, Card.from_str("DK"))]
    assert _penalty_cards(table) == [("W", "CQ", True), ("E", "HQ", True)]


def test_law_50d1b_a_forbidden_suit_leaves_one_penalty_card_to_lead_and_no_51a_choice() -> None:
    table = _east_leads_early()
    table.play("E", "CJ")
    table.decide("N", "forbid", suit=Suit.CLUBS)
    # The ♣J may not be led (50D1b: the prohibition comes first): the ♥Q is the one.
    assert table.pending is None
    assert table.legal_cards() == [Card.from_str("HQ")]
