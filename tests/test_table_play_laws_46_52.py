"""Play scenarios for Laws 46, 48-52 and 59, and Law 24 penalty cards at the opening lead.

Each scenario is a table log in ``tests/scenarios/`` (``law_<subsection>_<what>.jsonl``)
replayed with :func:`arbitro.table.log.load`. The expected state is written here from
the Law's text, not computed by the engine: the card declarer's words designate (46),
which cards are penalty cards and whether major or minor (48-51), the cards the Laws
leave a player (``legal_cards()``) trick after trick while an obligation lasts, the
rulings and who chose, and that a refused action leaves the table exactly as it was.

Deal ``D1`` (board 1, dealer North, nobody vulnerable), North first:
North ♠AKJ52 ♥K74 ♦A73 ♣86, East ♠Q7 ♥AQJ963 ♦K5 ♣J92,
South ♠T986 ♥852 ♦QJ4 ♣AK4, West ♠43 ♥T ♦T9862 ♣QT753.
The auction 1♠ (2♥) 3♠ (Pass) 4♠ (all pass) makes North declarer and South dummy;
East leads. In most scenarios East leads the ♥A and wins the first trick
(♥A ♥2 ♥T ♥4), so that East is on lead again for trick 2.

Deal ``D3`` (Law 59) is ``D1`` with West void in hearts: East ♠Q7 ♥AQJT963 ♦K5 ♣J9,
West ♠43 ♦T9862 ♣QT7532; South declares 4♠ and West leads.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core import Card, Seat, Side, Suit
from arbitro.table import Phase, RestrictionKind, Table
from arbitro.table.events import (
    ChangeCardEvent,
    DecisionEvent,
    DesignateEvent,
    ExposedEvent,
    RevokeEvent,
)
from arbitro.table.log import load
from table_support import (
    SCENARIOS,
    assert_lead_revoke,
    assert_refused,
    load_scenario,
    pending_decision,
    replay_until,
    rulings,
    table_state,
)

MINE_PREFIXES = (
    *(f"law_{law}" for law in (46, 48, 49, 50, 51, 52, 59)),
    "law_24a_minor_penalty",
    "law_24b_50d2a",
    "law_24b_opening_leader",
    "law_24_50d2",
)
MINE = sorted(path for path in SCENARIOS.glob("law_*.jsonl") if path.name.startswith(MINE_PREFIXES))

PENALTY = RestrictionKind.PENALTY_CARD
REQUIRED = RestrictionKind.LEAD_REQUIRED
FORBIDDEN = RestrictionKind.LEAD_FORBIDDEN


# -- helpers ------------------------------------------------------------------------------


def cards(*texts: str) -> list[Card]:
    return [Card.from_str(text) for text in texts]


def card(text: str) -> Card:
    return Card.from_str(text)


def penalties(table: Table) -> list[tuple[Seat, str, bool, str]]:
    """Each penalty card in force: holder, card, major, and the Law that made it."""
    return [(r.seat, str(r.card), r.major, r.law) for r in table.restrictions if r.kind is PENALTY]


def restrictions(table: Table) -> list[tuple[RestrictionKind, Seat, str, tuple[Suit, ...]]]:
    return [(r.kind, r.seat, r.law, r.suits) for r in table.restrictions]


def options(table: Table) -> list[tuple[str, str]]:
    assert table.pending is not None
    return [(option.choice, option.law) for option in table.pending.options]


def trick(table: Table) -> list[tuple[Seat, Card]]:
    return list(table.current_trick)


def decide_card(table: Table, by: str, choice: str, text: str) -> None:
    table.apply(DecisionEvent(by, choice, card=card(text)))


EAST_AFTER_TRICK_1 = cards("SQ", "S7", "HQ", "HJ", "H9", "H6", "H3", "DK", "D5", "CJ", "C9", "C2")
WEST_AFTER_TRICK_1 = cards("S4", "S3", "DT", "D9", "D8", "D6", "D2", "CQ", "CT", "C7", "C5", "C3")


# -- Law 46: declarer's words for dummy's card --------------------------------------------


def test_law_46a_suit_and_rank_named_is_the_card_played() -> None:
    table = replay_until("law_46a_suit_and_rank", '"W", "card": "HT"')
    assert rulings(table) == [("46A", "director", "46A")]
    assert trick(table) == [(Seat.EAST, card("HA")), (Seat.SOUTH, card("H5"))]
    assert card("H5") not in table.hand("S")
    assert table.turn is Seat.WEST
    table = load_scenario("law_46a_suit_and_rank")
    assert table.tricks[0].cards == tuple(cards("HA", "H5", "HT", "H4"))
    assert table.tricks[0].winner is Seat.EAST


def test_law_46b1a_high_is_the_highest_card() -> None:
    table = load_scenario("law_46b1a_high")
    # Dummy holds ♥852 and must follow to the ♥A: "high" is the ♥8.
    assert trick(table) == [(Seat.EAST, card("HA")), (Seat.SOUTH, card("H8"))]
    assert rulings(table) == [("46B1a", "director", "46B1a")]


def test_law_46b1b_win_is_the_lowest_card_known_to_win() -> None:
    table = load_scenario("law_46b1b_win")
    # Dummy ♦QJ4 in second seat over the ♦5 led: the ♦J beats the ♦5, but West plays
    # after dummy and the ♦K is out (declarer cannot see where): no card of dummy's is
    # known to win, so "win" designates none (46B4) and declarer names the card.
    assert trick(table) == [(Seat.EAST, card("D5"))]
    assert rulings(table)[-1][0] == "46B4"
    assert table.turn is Seat.SOUTH


def test_law_46b1c_low_is_the_lowest_card() -> None:
    table = load_scenario("law_46b1c_low")
    assert trick(table) == [(Seat.EAST, card("HA")), (Seat.SOUTH, card("H2"))]
    assert rulings(table) == [("46B1c", "director", "46B1c")]


def test_law_46b2_suit_without_rank_is_the_lowest_of_the_suit() -> None:
    table = load_scenario("law_46b2_suit_without_rank")
    # Dummy ♣AK4: "club" is the ♣4, not an honour.
    assert trick(table) == [(Seat.EAST, card("C2")), (Seat.SOUTH, card("C4"))]
    assert rulings(table) == [("46B2", "director", "46B2")]
    assert cards("CA", "CK") == [c for c in table.hand("S") if c.suit is Suit.CLUBS]


def test_law_46b2_a_suit_dummy_may_not_play_designates_a_revoke() -> None:
    table = replay_until("law_46b2_suit_without_rank", '"designate"')
    table.apply(DesignateEvent("D"))
    # The ♦4 is designated, hence played (45C4a), although dummy holds clubs: a revoke
    # (61A), by a card of dummy's on the table for all to see (64B3).
    assert trick(table) == [(Seat.EAST, card("C2")), (Seat.SOUTH, card("D4"))]
    assert [(r.seat, r.card, r.suit, r.exposed_card) for r in table.revokes] == [
        (Seat.SOUTH, card("D4"), Suit.CLUBS, True)
    ]


def test_law_62a_dummy_revoke_by_designation_corrected_after_the_trick() -> None:
    table = replay_until("law_46b2_suit_without_rank", '"designate"')
    table.apply(DesignateEvent("D"))  # the ♦4 from dummy, which holds clubs: a revoke
    while len(table.tricks) < 1:
        seat = table.turn
        assert seat is not None
        table.play(seat, table.legal_cards()[-1])
    assert table.revokes[0].established is False
    # Attention is drawn before declarer's side plays to the next trick: the play goes
    # back to the designation, and dummy plays a club (62A).
    table.apply(RevokeEvent(Seat.SOUTH))
    assert table.revokes == ()
    assert trick(table) == [(Seat.EAST, card("C2"))]
    assert table.turn is Seat.SOUTH
    assert all(c.suit is Suit.CLUBS for c in table.legal_cards())
    assert card("D4") in table.hand("S")
    # Dummy's card goes back with no rectification (62B2); declarer's card, played
    # after it, stands unless West changes his (62C2).
    assert [ruling[0] for ruling in rulings(table)][-2:] == ["62B2", "62C2"]


def test_law_46b3a_rank_leading_from_dummy_is_in_the_suit_dummy_won_with() -> None:
    table = replay_until("law_46b3a_rank_leading_from_dummy", '"designate"', nth=2)
    # Dummy won trick 1 with the ♣A and leads; it holds both the ♦4 and the ♣4.
    assert table.tricks[0].winner is Seat.SOUTH
    assert table.turn is Seat.SOUTH
    assert {card("D4"), card("C4")} <= set(table.hand("S"))
    table = load_scenario("law_46b3a_rank_leading_from_dummy")
    assert trick(table) == [(Seat.SOUTH, card("C4"))]
    assert rulings(table)[-1] == ("46B3a", "director", "46B3a")
    assert card("D4") in table.hand("S")


def test_law_46b3b_rank_only_the_one_legal_card_of_that_rank() -> None:
    table = load_scenario("law_46b3b_rank_one_legal_card")
    # Dummy holds the ♦4 and the ♣4; following to a club, only the ♣4 is legal.
    assert trick(table) == [(Seat.EAST, card("C2")), (Seat.SOUTH, card("C4"))]
    assert rulings(table) == [("46B3b", "director", "46B3b")]
    assert card("D4") in table.hand("S")


def test_law_46b3b_rank_that_fits_two_legal_cards_declarer_must_name_the_suit() -> None:
    table = replay_until("law_46b3a_rank_leading_from_dummy", '"designate"', nth=2)
    # Dummy leads, holds the ♠8 and the ♥8 but no ♣8: "eight" designates no one card.
    assert_refused(table, lambda: table.apply(DesignateEvent("8")), "46B3b", "8")
    assert table.pending is None
    assert trick(table) == []
    table.apply(DesignateEvent("S8"))
    assert trick(table) == [(Seat.SOUTH, card("S8"))]
    assert rulings(table)[-1] == ("46A", "director", "46A")


def test_law_46b4_card_not_in_dummy_designates_nothing() -> None:
    table = replay_until("law_46b4_card_not_in_dummy", '"play", "seat": "S"')
    assert rulings(table) == [("46B4", "director", "46B4")]
    # No card was played: dummy is still to play, any legal card (a heart).
    assert trick(table) == [(Seat.EAST, card("HA"))]
    assert table.turn is Seat.SOUTH
    assert table.legal_cards() == cards("H8", "H5", "H2")
    assert len(table.hand("S")) == 13
    table = load_scenario("law_46b4_card_not_in_dummy")
    assert trick(table) == [(Seat.EAST, card("HA")), (Seat.SOUTH, card("H5"))]


def test_law_46b5_anything_lets_a_defender_choose_dummy_card() -> None:
    table = replay_until("law_46b5_anything", '"decision"')
    assert table.pending is not None
    assert table.pending.decider == "W"
    assert options(table) == [("card", "46B5")]
    assert table.legal_cards() == []
    assert trick(table) == [(Seat.EAST, card("HA"))]
    # The card chosen must be a legal card of dummy's: the refusal lists them.
    assert_refused(table, lambda: decide_card(table, "W", "card", "C4"), "♥8, ♥5, ♥2")
    assert_refused(table, lambda: decide_card(table, "W", "card", "CQ"), "♥8, ♥5, ♥2")
    assert_refused(table, lambda: decide_card(table, "N", "card", "H2"), "West", "North")
    table = load_scenario("law_46b5_anything")
    assert trick(table) == [(Seat.EAST, card("HA")), (Seat.SOUTH, card("H8"))]
    assert rulings(table) == [("46B5", "W", "card")]
    assert table.pending is None


def test_law_46_designation_only_when_dummy_is_to_play() -> None:
    table = replay_until("law_46a_suit_and_rank", '"W", "card": "HT"')
    assert_refused(table, lambda: table.apply(DesignateEvent("low")), "dummy")


# -- Law 48: declarer's exposed cards ------------------------------------------------------


def test_law_48a_declarer_exposed_card_is_no_penalty_card() -> None:
    table = replay_until("law_48a_declarer_exposes_a_card", '"play", "seat": "N"')
    assert rulings(table) == [("48A", "director", "48A")]
    assert table.restrictions == ()
    assert card("SA") in table.hand("N")
    # Declarer is not made to play it: he follows with any heart.
    assert table.legal_cards() == cards("HK", "H7", "H4")
    table = load_scenario("law_48a_declarer_exposes_a_card")
    assert table.tricks[0].cards == tuple(cards("HA", "H2", "HT", "H4"))
    assert card("SA") in table.hand("N")
    assert table.restrictions == ()


def test_law_48a_dummy_cards_are_never_penalty_cards() -> None:
    table = replay_until("law_48a_declarer_exposes_a_card", '"exposed"')
    table.apply(ExposedEvent(Seat.SOUTH, (card("DQ"),), deliberate=True))
    assert rulings(table) == [("48A", "director", "48A")]
    assert table.restrictions == ()


# -- Laws 49 and 50B: a defender's exposed card, minor or major ------------------------------


def test_law_49_50b_single_small_card_exposed_inadvertently_is_minor() -> None:
    table = replay_until("law_50c_minor_penalty_card", '"play", "seat": "E", "card": "D5"')
    assert rulings(table)[-1] == ("49", "director", "49")
    assert penalties(table) == [(Seat.WEST, str(card("D2")), False, "49")]
    assert [note.law for note in table.notes] == ["50E"]
    # A minor penalty card puts no restriction on partner's lead (50C): no 50D2 choice.
    assert table.pending is None
    assert table.legal_cards() == EAST_AFTER_TRICK_1
    # The card stays in West's hand until played.
    assert card("D2") in table.hand("W")


def test_law_50b_honour_is_a_major_penalty_card() -> None:
    table = replay_until("law_50d1_major_penalty_card_binding_later", '"exposed"')
    table.apply(ExposedEvent(Seat.WEST, (card("CQ"),)))
    assert penalties(table) == [(Seat.WEST, str(card("CQ")), True, "49")]


def test_law_50b_card_exposed_deliberately_is_a_major_penalty_card() -> None:
    table = replay_until("law_50d1_major_penalty_card_binding_later", '"exposed"')
    table.apply(ExposedEvent(Seat.WEST, (card("D2"),), deliberate=True))
    assert penalties(table) == [(Seat.WEST, str(card("D2")), True, "49")]


def test_law_49_refused_for_a_card_not_held() -> None:
    table = replay_until("law_50d1_major_penalty_card_binding_later", '"exposed"')
    assert_refused(table, lambda: table.apply(ExposedEvent(Seat.WEST, (card("HA"),))), "West")


# -- Law 50C: a minor penalty card -----------------------------------------------------------


def test_law_50c_no_lower_card_of_the_suit_before_the_minor_penalty_card() -> None:
    table = replay_until("law_50c_minor_penalty_card", '"W", "card": "DT"')
    assert table.turn is Seat.WEST
    # West must follow to the ♦5; with the ♦2 a minor penalty card he may play it or an
    # honour (the ♦T), but not the ♦9, ♦8 or ♦6.
    assert table.legal_cards() == cards("DT", "D2")
    probe = replay_until("law_50c_minor_penalty_card", '"W", "card": "DT"')
    probe.play("W", "D6")  # not refused: a failure to play the penalty card (Law 52)
    assert probe.pending is not None
    assert probe.pending.law == "52"
    assert probe.pending.decider == "N"
    table = load_scenario("law_50c_minor_penalty_card")
    # The honour was played; the ♦2 is still a minor penalty card after the trick.
    assert table.tricks[1].cards == tuple(cards("D5", "D4", "DT", "DA"))
    assert penalties(table) == [(Seat.WEST, str(card("D2")), False, "49")]


# -- Law 50D1: a major penalty card ----------------------------------------------------------


def test_law_50d1a_major_penalty_card_discarded_at_the_first_legal_opportunity() -> None:
    table = replay_until("law_50d1a_penalty_card_discarded", '"W", "card": "CQ"')
    # West is void in hearts: the first legal opportunity is this discard.
    assert table.turn is Seat.WEST
    assert table.legal_cards() == [card("CQ")]
    table = load_scenario("law_50d1a_penalty_card_discarded")
    assert table.tricks[1].cards == tuple(cards("H3", "H5", "CQ", "HK"))
    assert penalties(table) == []


def test_law_50d1b_following_suit_first_and_the_card_still_binding_two_tricks_later() -> None:
    name = "law_50d1_major_penalty_card_binding_later"
    table = replay_until(name, '"W", "card": "D6"')
    # Trick 2: a diamond is led; following suit comes first (50D1b).
    assert table.legal_cards() == cards("DT", "D9", "D8", "D6", "D2")
    table = replay_until(name, '"W", "card": "S3"')
    # Trick 3: a spade; still following suit, the ♣Q stays face up.
    assert len(table.tricks) == 2
    assert penalties(table) == [(Seat.WEST, str(card("CQ")), True, "49")]
    assert table.legal_cards() == cards("S4", "S3")
    table = replay_until(name, '"W", "card": "CQ"')
    # Trick 4: a club is led: the ♣Q must be played now.
    assert len(table.tricks) == 3
    assert table.legal_cards() == [card("CQ")]
    table = load_scenario(name)
    assert table.tricks[3].cards == tuple(cards("C6", "C9", "CK", "CQ"))
    assert penalties(table) == []


# -- Law 50D2: partner of the holder of a major penalty card is to lead ------------------------


def test_law_50d2_partner_may_not_lead_before_declarer_chooses() -> None:
    table = replay_until("law_50d2a_require_the_suit", '"decision"')
    assert penalties(table) == [(Seat.WEST, str(card("CQ")), True, "49")]
    assert table.pending is not None
    assert table.pending.law == "50D2"
    assert table.pending.decider == "N"
    assert options(table) == [("require", "50D2a"), ("forbid", "50D2a"), ("none", "50D2b")]
    assert table.pending.options[0].suits == (Suit.CLUBS,)
    assert table.legal_cards() == []  # a lead now is Law 49's (50D2)
    assert_refused(table, lambda: table.decide("S", "none"), "North", "South")
    assert_refused(table, lambda: table.decide("N", "require", suit="D"), "♣")


def test_law_50d2a_require_the_suit_penalty_card_picked_up() -> None:
    name = "law_50d2a_require_the_suit"
    table = replay_until(name, '"play", "seat": "E", "card": "C2"')
    assert rulings(table)[-1] == ("50D2a", "N", "require")
    assert restrictions(table) == [(REQUIRED, Seat.EAST, "50D2a", (Suit.CLUBS,))]
    assert penalties(table) == []
    assert card("CQ") in table.hand("W")
    assert table.legal_cards() == cards("CJ", "C9", "C2")
    table = replay_until(name, '"W", "card": "C3"')
    # The lead was made: the requirement is spent, and West may play any club.
    assert table.restrictions == ()
    assert table.legal_cards() == cards("CQ", "CT", "C7", "C5", "C3")


def test_law_50d2a_forbid_the_suit_kept_while_partner_keeps_the_lead() -> None:
    name = "law_50d2a_forbid_the_suit"
    table = replay_until(name, '"E", "card": "HQ"')
    assert rulings(table)[-1] == ("50D2a", "N", "forbid")
    assert restrictions(table) == [(FORBIDDEN, Seat.EAST, "50D2a", (Suit.CLUBS,))]
    assert penalties(table) == []
    no_clubs = [c for c in EAST_AFTER_TRICK_1 if c.suit is not Suit.CLUBS]
    assert table.legal_cards() == no_clubs
    assert_lead_revoke(table, "E", "C2")
    table = replay_until(name, '"E", "card": "HJ"')
    # East won trick 2 with the ♥Q and keeps the lead: still no club.
    assert table.tricks[1].winner is Seat.EAST
    assert restrictions(table) == [(FORBIDDEN, Seat.EAST, "50D2a", (Suit.CLUBS,))]
    assert table.legal_cards() == [c for c in no_clubs if c != card("HQ")]
    table = load_scenario(name)
    # North won trick 3: East lost the lead and the prohibition with it.
    assert table.tricks[2].winner is Seat.NORTH
    assert table.restrictions == ()


def test_law_50d2b_no_restriction_card_stays_and_declarer_chooses_again() -> None:
    name = "law_50d2b_no_restriction_asked_again"
    table = replay_until(name, '"E", "card": "DK"')
    assert rulings(table)[-1] == ("50D2b", "N", "none")
    assert penalties(table) == [(Seat.WEST, str(card("CQ")), True, "49")]
    assert table.legal_cards() == EAST_AFTER_TRICK_1
    table = replay_until(name, '"decision"', nth=2)
    # East won trick 2 with the ♦K, West following suit: the ♣Q is unplayed, and
    # Law 50D2 applies again to East's next lead.
    assert table.tricks[1].winner is Seat.EAST
    assert penalties(table) == [(Seat.WEST, str(card("CQ")), True, "49")]
    assert table.pending is not None
    assert (table.pending.law, table.pending.decider) == ("50D2", "N")
    table = load_scenario(name)
    assert rulings(table)[-1] == ("50D2a", "N", "require")
    assert trick(table) == [(Seat.EAST, card("C2"))]
    assert table.restrictions == ()


# -- Law 51: two or more penalty cards ------------------------------------------------------


def test_law_51_two_penalty_cards_are_both_major() -> None:
    name = "law_51_two_penalty_cards_all_major"
    table = replay_until(name, '"C3"')
    assert penalties(table) == [(Seat.WEST, str(card("D2")), False, "49")]
    assert table.pending is None
    table = replay_until(name, '"decision"')
    # A second card: both are major now (50B), and declarer has the 50D2 choice in
    # either suit (51B2).
    assert penalties(table) == [
        (Seat.WEST, str(card("D2")), True, "49"),
        (Seat.WEST, str(card("C3")), True, "49"),
    ]
    assert table.pending is not None
    assert set(table.pending.options[0].suits) == {Suit.DIAMONDS, Suit.CLUBS}
    table = replay_until(name, '"W", "card": "DT"')
    # Diamonds required: the diamond penalty card is picked up, the ♣3 stays; West
    # follows suit first (50D1b), with any diamond.
    assert penalties(table) == [(Seat.WEST, str(card("C3")), True, "49")]
    assert table.legal_cards() == cards("DT", "D9", "D8", "D6", "D2")
    table = load_scenario(name)
    assert penalties(table) == [(Seat.WEST, str(card("C3")), True, "49")]


def test_law_51a_declarer_chooses_which_of_two_penalty_cards_is_played() -> None:
    table = replay_until("law_51_two_penalty_cards_all_major", '"decision"')
    table.decide("N", "none")  # 50D2b: no lead restriction, both cards stay
    table.play("E", "HQ")
    table.play("S", "H5")
    # West, out of hearts, must play a penalty card; both may legally be played (51A).
    assert pending_decision(table) == ("N", "51", [("card", "51A")])
    assert table.pending is not None
    assert set(table.pending.options[0].cards or ()) == {card("D2"), card("C3")}
    assert_refused(
        table,
        lambda: table.apply(DecisionEvent("N", "card", card=card("D6"))),
        "♦2",
        "♣3",
    )
    table.apply(DecisionEvent("N", "card", card=card("C3")))
    assert rulings(table)[-1] == ("51A", "N", "card")
    assert trick(table)[-1] == (Seat.WEST, card("C3"))
    # The ♦2 is still a major penalty card, binding West at the next chance.
    assert penalties(table) == [(Seat.WEST, str(card("D2")), True, "49")]


def test_law_51b1_two_penalty_cards_of_the_required_suit_are_both_picked_up() -> None:
    table = replay_until("law_51_two_penalty_cards_all_major", '"exposed"')
    table.apply(ExposedEvent(Seat.WEST, tuple(cards("C5", "C3"))))
    assert [major for _, _, major, _ in penalties(table)] == [True, True]
    table.decide("N", "require", suit="C")
    assert penalties(table) == []
    assert table.legal_cards() == cards("CJ", "C9", "C2")


def test_law_51b2b_declarer_forbids_two_suits_at_once() -> None:
    name = "law_51b2b_forbid_two_suits"
    table = replay_until(name, '"decision"')
    assert options(table)[-1] == ("forbid_suits", "51B2b")
    assert table.pending is not None
    assert set(table.pending.options[-1].suits) == {Suit.DIAMONDS, Suit.CLUBS}
    # One or more of the penalty cards' suits, and only those.
    assert_refused(table, lambda: table.decide("N", "forbid_suits", suits=["S"]), "♦, ♣")
    assert_refused(table, lambda: table.decide("N", "forbid_suits", suits=[]), "♦, ♣")
    table = replay_until(name, '"play"', 5)
    # Both suits forbidden: the penalty cards of each are picked up (51B2b).
    assert penalties(table) == []
    assert restrictions(table) == [(FORBIDDEN, Seat.EAST, "51B2b", (Suit.DIAMONDS, Suit.CLUBS))]
    assert rulings(table)[-1] == ("51B2b", "N", "forbid_suits")
    assert table.legal_cards() == cards("SQ", "S7", "HQ", "HJ", "H9", "H6", "H3")
    assert_lead_revoke(table, "E", "DK")
    assert_lead_revoke(table, "E", "C2")
    table = load_scenario(name)
    assert table.current_trick == ((Seat.EAST, card("HQ")),)


# -- Law 52: failure to lead or play a penalty card ---------------------------------------------


def test_law_52b1a_declarer_accepts_the_card_played() -> None:
    name = "law_52b1a_accepted"
    table = replay_until(name, '"decision"', nth=2)
    assert table.pending is not None
    assert (table.pending.law, table.pending.decider) == ("52", "N")
    assert options(table) == [("accept", "52B1a"), ("refuse", "52B2")]
    assert trick(table) == [(Seat.EAST, card("H3")), (Seat.SOUTH, card("H5"))]
    assert_refused(table, lambda: table.play("E", "HQ"), "North")
    table = replay_until(name, '"N", "card": "H7"')
    assert rulings(table)[-1] == ("52B1a", "N", "accept")
    assert trick(table)[-1] == (Seat.WEST, card("D2"))
    # 52B1c: the penalty card not played stays a penalty card.
    assert penalties(table) == [(Seat.WEST, str(card("CQ")), True, "49")]


def test_law_52a_the_defender_may_not_withdraw_the_card_on_his_own() -> None:
    table = replay_until("law_52b1a_accepted", '"decision"', nth=2)
    # West played the ♦2 instead of his penalty card: declarer's choice (52B) is
    # pending, and West may not withdraw or change the card himself.
    assert pending_decision(table) == ("N", "52", [("accept", "52B1a"), ("refuse", "52B2")])
    assert_refused(table, lambda: table.apply(ChangeCardEvent(Seat.WEST, card("CQ"))), "North")
    assert_refused(table, lambda: table.play("W", "CQ"), "North")


def test_law_52b1b_declarer_playing_after_it_accepts_the_card() -> None:
    table = load_scenario("law_52b1b_declarer_plays_after_it")
    assert rulings(table)[-1] == ("52B1b", "N", "accept")
    assert table.tricks[1].cards == tuple(cards("H3", "H5", "D2", "H7"))
    assert penalties(table) == [(Seat.WEST, str(card("CQ")), True, "49")]
    assert table.pending is None


def test_law_52b1b_lead_instead_of_the_penalty_card_accepted_by_playing_to_it() -> None:
    name = "law_52b1b_lead_instead_of_penalty_card"
    table = replay_until(name, '"W", "card": "C3"')
    # West ruffed trick 2 and is on lead with the ♦2 a major penalty card (deliberate):
    # his first legal opportunity is this lead (50D1a).
    assert table.tricks[1].winner is Seat.WEST
    assert penalties(table) == [(Seat.WEST, str(card("D2")), True, "49")]
    assert table.legal_cards() == [card("D2")]
    table = replay_until(name, '"N", "card": "C6"')
    assert table.pending is not None
    assert (table.pending.law, table.pending.decider) == ("52", "N")
    assert trick(table) == []
    table = load_scenario(name)
    # North played to the club led: the lead stands (52B1b), the ♦2 stays (52B1c).
    assert rulings(table)[-1] == ("52B1b", "N", "accept")
    assert trick(table) == [(Seat.WEST, card("C3")), (Seat.NORTH, card("C6"))]
    assert penalties(table) == [(Seat.WEST, str(card("D2")), True, "49")]


def test_law_52b2_refused_penalty_card_substituted_and_card_played_major() -> None:
    name = "law_52b2_refused"
    table = replay_until(name, '"N", "card": "H7"')
    assert rulings(table)[-1] == ("52B2", "N", "refuse")
    assert trick(table) == [
        (Seat.EAST, card("H3")),
        (Seat.SOUTH, card("H5")),
        (Seat.WEST, card("CQ")),
    ]
    assert penalties(table) == [(Seat.WEST, str(card("D2")), True, "52B2")]
    assert card("D2") in table.hand("W")
    table = load_scenario(name)
    # Trick 3, a diamond led: West must play the new major penalty card.
    assert table.tricks[1].winner is Seat.NORTH
    assert table.turn is Seat.WEST
    assert table.legal_cards() == [card("D2")]


# -- Law 59: a player who cannot comply plays any legal card ----------------------------------


def test_law_59_required_suit_void_any_card_may_be_led() -> None:
    name = "law_59_required_suit_void"
    table = replay_until(name, '"decision"')
    assert table.declarer is Seat.SOUTH
    assert table.opening_leader is Seat.WEST
    # East's ♥A, exposed in the auction, is a major penalty card since the auction ended.
    assert penalties(table) == [(Seat.EAST, str(card("HA")), True, "24")]
    assert table.pending is not None
    assert (table.pending.law, table.pending.decider) == ("50D2", "S")
    table = replay_until(name, '"play"')
    assert restrictions(table) == [(REQUIRED, Seat.WEST, "50D2a", (Suit.HEARTS,))]
    # West has no heart: any card may be led.
    assert table.legal_cards() == list(table.hand("W"))
    assert len(table.legal_cards()) == 13
    table = load_scenario(name)
    assert table.phase is Phase.PLAY
    assert trick(table) == [(Seat.WEST, card("D2"))]
    assert table.restrictions == ()


# -- Law 24 cards at the opening lead ------------------------------------------------------------


def test_law_24a_small_card_becomes_a_minor_penalty_card_when_the_auction_ends() -> None:
    name = "law_24a_minor_penalty_card_at_opening_lead"
    table = replay_until(name, '"play"')
    assert table.phase is Phase.OPENING_LEAD
    assert penalties(table) == [(Seat.WEST, str(card("D2")), False, "24")]
    # Minor: no Law 50D2 choice; East leads freely.
    assert table.pending is None
    assert table.legal_cards() == cards(
        "SQ", "S7", "HA", "HQ", "HJ", "H9", "H6", "H3", "DK", "D5", "CJ", "C9", "C2"
    )
    table = load_scenario(name)
    # 50C at trick 1: West may play the ♦2 or the ♦T, no other diamond.
    assert table.turn is Seat.WEST
    assert table.legal_cards() == cards("DT", "D2")


def test_law_24b_honour_becomes_major_and_declarer_forbids_the_opening_lead() -> None:
    name = "law_24b_50d2a_forbid_at_opening_lead"
    table = replay_until(name, '"decision"')
    assert penalties(table) == [(Seat.WEST, str(card("CQ")), True, "24")]
    assert table.pending is not None
    assert (table.pending.law, table.pending.decider) == ("50D2", "N")
    assert options(table) == [("require", "50D2a"), ("forbid", "50D2a"), ("none", "50D2b")]
    assert_refused(table, lambda: table.play("E", "HA"), "50D2")
    table = replay_until(name, '"play"')
    assert penalties(table) == []
    assert table.legal_cards() == cards("SQ", "S7", "HA", "HQ", "HJ", "H9", "H6", "H3", "DK", "D5")
    table = load_scenario(name)
    # East won the first trick and keeps the lead: still no club.
    assert table.tricks[0].winner is Seat.EAST
    assert restrictions(table) == [(FORBIDDEN, Seat.EAST, "50D2a", (Suit.CLUBS,))]
    assert table.legal_cards() == [c for c in EAST_AFTER_TRICK_1 if c.suit is not Suit.CLUBS]


def test_law_24b_opening_leader_must_lead_his_own_major_penalty_card() -> None:
    name = "law_24b_opening_leader_leads_his_penalty_card"
    table = replay_until(name, '"play"')
    assert table.opening_leader is Seat.EAST
    assert penalties(table) == [(Seat.EAST, str(card("DK")), True, "24")]
    # Partner is not on lead, so no 50D2 choice; East's first legal opportunity to play
    # the ♦K is the opening lead itself (50D1a).
    assert table.pending is None
    assert table.legal_cards() == [card("DK")]
    table = load_scenario(name)
    assert trick(table) == [(Seat.EAST, card("DK"))]
    assert table.restrictions == ()


def test_law_52b_opening_lead_instead_of_the_penalty_card_goes_to_declarer() -> None:
    """52B1 covers a lead as well as a play: nothing excludes the opening lead. Once the
    lead is faced (41A-C), declarer may accept it or require the penalty card (52B2)."""
    name = "law_24b_opening_leader_leads_his_penalty_card"
    table = replay_until(name, '"play"')
    table.play("E", "HA")  # face down (41A): judged when faced
    assert table.pending is None
    assert table.face_down_lead == card("HA")
    table.face_lead()
    assert pending_decision(table) == ("N", "52", [("accept", "52B1a"), ("refuse", "52B2")])
    assert card("DK") in table.hand("E")
    assert table.current_trick == ()
    refused = replay_until(name, '"play"')
    refused.play("E", "HA")
    refused.face_lead()
    refused.decide("N", "refuse")
    assert trick(refused) == [(Seat.EAST, card("DK"))]
    assert penalties(refused) == [(Seat.EAST, str(card("HA")), True, "52B2")]
    table.decide("N", "accept")
    assert trick(table) == [(Seat.EAST, card("HA"))]
    assert penalties(table) == [(Seat.EAST, str(card("DK")), True, "24")]


def test_law_24_card_exposed_in_the_clarification_period_50d2_before_the_lead() -> None:
    name = "law_24_50d2_card_exposed_in_the_clarification_period"
    table = replay_until(name, '"decision"')
    # The auction is over but the auction period is not (22B): Law 24 applies, West
    # defends, so the ♣Q is a major penalty card at once and East's lead waits.
    assert table.phase is Phase.OPENING_LEAD
    assert rulings(table) == [("24B", "director", "24B"), ("24", "director", "24")]
    assert penalties(table) == [(Seat.WEST, str(card("CQ")), True, "24")]
    assert table.pending is not None
    assert (table.pending.law, table.pending.decider) == ("50D2", "N")
    assert_refused(table, lambda: table.play("E", "HA"), "50D2")
    table = replay_until(name, '"play"')
    assert penalties(table) == []
    assert table.legal_cards() == cards("CJ", "C9", "C2")
    table = load_scenario(name)
    assert trick(table) == [(Seat.EAST, card("CJ"))]
    assert table.restrictions == ()


# -- penalty cards under random play: the invariants of Laws 50 and 51 ------------------------


def check_penalty_invariants(table: Table) -> None:
    held: dict[Seat, list[bool]] = {}
    declarer = table.declarer
    assert declarer is not None
    for restriction in table.restrictions:
        if restriction.kind is PENALTY:
            assert restriction.card is not None
            # A penalty card lies face up in front of its holder until played (50A) ...
            assert restriction.card in table.hand(restriction.seat)
            # ... and only a defender has one (48A).
            assert restriction.seat.side != declarer.side
            held.setdefault(restriction.seat, []).append(restriction.major)
    for majors in held.values():
        if len(majors) > 1:
            assert all(majors)  # 50B: two or more penalty cards are all major
    legal = table.legal_cards()
    if table.pending is not None or table.phase is not Phase.PLAY:
        return
    seat = table.turn
    assert seat is not None
    # Law 59: some card is always playable, and only cards of the hand.
    assert legal
    assert set(legal) <= set(table.hand(seat))
    majors_in_hand = [
        r.card for r in table.restrictions if r.kind is PENALTY and r.seat == seat and r.major
    ]
    playable_majors = [c for c in majors_in_hand if c in legal]
    if (
        playable_majors
        and not table.current_trick
        and not any(r.seat == seat and r.kind in (REQUIRED, FORBIDDEN) for r in table.restrictions)
    ):
        # 50D1a: leading with a major penalty card that may be led, only those.
        assert set(legal) <= set(majors_in_hand)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_law_50_51_penalty_cards_bind_until_played_whatever_is_exposed(seed: int) -> None:
    rng = random.Random(seed)
    table = replay_until("law_50c_minor_penalty_card", '"exposed"')
    for _ in range(200):
        if table.phase is Phase.COMPLETE:
            break
        check_penalty_invariants(table)
        pending = table.pending
        if pending is not None:
            option = rng.choice(pending.options)
            suit = rng.choice(option.suits) if option.needs == "suit" and option.suits else None
            chosen = rng.choice(option.cards) if option.needs == "card" and option.cards else None
            several = (
                tuple(rng.sample(option.suits, rng.randint(1, len(option.suits))))
                if option.needs == "suits"
                else None
            )
            table.apply(DecisionEvent(pending.decider, option.choice, suit, several, card=chosen))
            continue
        if rng.random() < 0.15:
            defender = rng.choice([Seat.EAST, Seat.WEST])
            free = [
                c
                for c in table.hand(defender)
                if all(r.card != c for r in table.restrictions if r.kind is PENALTY)
            ]
            if free:
                exposed = tuple(rng.sample(free, min(len(free), rng.choice([1, 1, 2]))))
                table.apply(ExposedEvent(defender, exposed, deliberate=rng.random() < 0.3))
                continue
        seat = table.turn
        assert seat is not None
        table.play(seat, rng.choice(table.legal_cards()))
    assert table.phase is Phase.COMPLETE
    assert table.restrictions == ()
    assert table.tricks_won(Side.NS) + table.tricks_won(Side.EW) == 13


# -- every scenario replays to the same state -------------------------------------------------


@pytest.mark.parametrize("path", MINE, ids=lambda path: path.stem)
def test_scenarios_replay_to_the_same_state(path: Path) -> None:
    first, second = load(path), load(path)
    assert table_state(first) == table_state(second)
    assert first.events == second.events
