"""Laws 53-64 at the table: leads out of turn, premature plays, and revokes.

Each scenario is a table log in ``tests/scenarios`` named after the Law subsection it
shows. Every test replays its log (or the first events of it) and checks what the Law
says: who is offered which options, the card that becomes a penalty card, the
restriction left in force and the cards the next hand may then play, how long an
obligation lasts, which tricks Law 64 transfers and the Law 77 score that follows, and
that an action the Laws do not allow is refused and leaves the table as it was.

Most boards are board 1 (dealer North, nobody vulnerable) with the auction 1S P 4S P P
P: North declares four spades, South is dummy, East makes the opening lead. The deals
(numbered as in ``docs/table-log.md``):

- deal 3: N AKJ73.K4.Q82.A95  E T52.863.KT96.J84  S Q984.72.AJ5.KQ73
  W 6.AQJT95.743.T62;
- deal 4: N AKQJ.AKQJ.AK.AKQ  E 765.765.8765.876  S T98.T98.QJT9.JT9
  W 432.432.432.5432, where North-South win every trick East-West do not take by a
  ruff, so the tricks each side wins after a revoke are plain to see;
- deal 5: deal 4 with North's ♠J and West's ♠4 exchanged (Law 64B6).

The scores below are Law 77's for four spades not vulnerable: 120 trick points and the
300 game bonus, plus 30 for each overtrick: 10 tricks 420, 11 tricks 450, 12 tricks 480,
13 tricks 510.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core import Card, Contract, Deal, Seat, Side, Suit
from arbitro.laws.revoke import Revoke, transfers
from arbitro.table import IllegalActionError, Phase, RestrictionKind, Table
from arbitro.table.events import ExposedEvent, RevokeEvent
from arbitro.table.log import replay
from table_support import (
    SCENARIOS,
    assert_lead_revoke,
    assert_refused,
    legal_card_names,
    notes,
    pending_decision,
    replay_events,
    restrictions_in_force,
    rulings,
    scenario_lines,
)
from table_support import played_trick as _played
from table_support import trick_names as _trick

PENALTY = RestrictionKind.PENALTY_CARD
HIGHEST = RestrictionKind.PLAY_HIGHEST
LOWEST = RestrictionKind.PLAY_LOWEST
NOT_SUIT = RestrictionKind.PLAY_NOT_SUIT
FORBIDDEN = RestrictionKind.LEAD_FORBIDDEN

FOUR_SPADES = Contract.from_str("4S N")
SCORE = {10: 420, 11: 450, 12: 480, 13: 510}
"""Law 77: four spades by North-South, not vulnerable, by tricks taken."""


# -- helpers ------------------------------------------------------------------------------


def _penalty_cards(table: Table) -> set[tuple[str, str, bool]]:
    return {(str(r.seat), str(r.card), r.major) for r in table.restrictions if r.kind is PENALTY}


def _hand(table: Table, seat: str) -> set[str]:
    return {str(card) for card in table.hand(seat)}


def _winners(table: Table) -> str:
    return "".join(str(trick.winner) for trick in table.tricks)


def _transfers(table: Table) -> list[tuple[str, str, int]]:
    return [(str(t.revoke.seat), t.law, t.tricks) for t in table.transfers]


def _ended(table: Table, ns_won: int, ns_credited: int) -> None:
    """The board is over: tricks won in play, credited after Law 64, and the score."""
    assert table.phase is Phase.COMPLETE
    assert table.contract == FOUR_SPADES
    assert len(table.tricks) == 13
    assert table.tricks_won(Side.NS) == ns_won
    assert table.tricks_won(Side.EW) == 13 - ns_won
    assert table.tricks_credited(Side.NS) == ns_credited
    assert table.tricks_credited(Side.EW) == 13 - ns_credited
    assert table.score() == SCORE[ns_credited]


# -- Law 53: lead out of turn accepted -----------------------------------------------------


def test_law_53a_defender_lead_out_of_turn_accepted_by_declarer() -> None:
    name = "law_53a_defender_lead_accepted_by_declarer"
    table = replay_events(name, 11)  # trick 1 to West's jack: West is to lead
    assert table.turn is Seat.WEST
    table = replay_events(name, 12)  # East leads the six of diamonds out of turn
    assert pending_decision(table) == ("N", "53", [("accept", "53A"), ("refuse", "56")])
    assert legal_card_names(table) == []  # the table waits on declarer
    assert_refused(table, lambda: table.play("W", "HA"), "North")  # West may not lead over it
    assert_refused(table, lambda: table.decide("S", "accept"), "North")  # dummy does not choose
    table = replay_events(name, 13)  # declarer accepts: the lead stands, South plays next
    assert rulings(table) == [("53A", "N", "accept")]
    assert _trick(table) == ["ED6"]
    assert table.turn is Seat.SOUTH
    assert legal_card_names(table) == ["DA", "DJ", "D5"]  # following the accepted lead (44C)
    assert _penalty_cards(table) == set()
    table = replay_events(name)  # the trick goes on in rotation after East's lead
    assert _played(table, 2) == ("E", ["D6", "D5", "D3", "DQ"], "N")
    assert table.turn is Seat.NORTH


def test_law_53a_lead_out_of_turn_accepted_by_the_next_hand_playing() -> None:
    name = "law_53a_next_hand_plays_to_lead_out_of_turn"
    table = replay_events(name, 12)
    assert table.pending is not None
    table = replay_events(name)  # declarer plays dummy's ace, the hand on East's left: accepted
    assert table.pending is None
    assert rulings(table) == [("53A", "S", "accept")]
    assert _trick(table) == ["ED6", "SDA"]
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["D7", "D4", "D3"]
    assert _penalty_cards(table) == set()
    assert_refused(table, lambda: table.decide("N", "refuse"), "no decision")


def test_law_53c_proper_lead_by_the_opponent_in_turn_stands() -> None:
    name = "law_53c_proper_lead_after_lead_out_of_turn"
    table = replay_events(name, 19)  # North ruffed trick 3: North is to lead
    assert table.turn is Seat.NORTH
    table = replay_events(name, 20)  # East leads the six of diamonds out of turn
    assert pending_decision(table)[0] == "N"
    table = replay_events(name)  # North, whose turn it was, leads the ace of spades
    assert rulings(table) == [("53C", "N", "lead")]
    assert table.pending is None
    assert _trick(table) == ["NSA"]
    assert "D6" in _hand(table, "E")  # the card led out of turn goes back to East's hand
    assert _penalty_cards(table) == set()  # with no further rectification
    assert table.turn is Seat.EAST
    assert legal_card_names(table) == ["ST", "S5", "S2"]


# -- Law 54: opening lead faced out of turn ------------------------------------------------


def test_law_54_opening_lead_out_of_turn_offers_declarer_three_options() -> None:
    table = replay_events("law_54a_declarer_spreads_and_becomes_dummy", 7)
    assert pending_decision(table) == (
        "N",
        "54",
        [("accept", "54B"), ("spread", "54A"), ("refuse", "54D")],
    )
    assert_refused(table, lambda: table.decide("E", "accept"), "North")
    assert_refused(table, lambda: table.decide("N", "cancel"), "not an option")
    assert_refused(table, lambda: table.play("E", "H3"), "North")


def test_law_54a_declarer_spreads_his_hand_and_becomes_dummy() -> None:
    table = replay_events("law_54a_declarer_spreads_and_becomes_dummy")
    assert rulings(table) == [("54A", "N", "spread")]
    assert table.contract == Contract.from_str("4S S")
    assert table.declarer is Seat.SOUTH
    assert table.dummy is Seat.NORTH
    assert table.phase is Phase.PLAY
    # West's ace is now a lead in turn, from declarer's left; North's hand is dummy's.
    assert _trick(table) == ["WHA"]
    assert table.turn is Seat.NORTH
    assert legal_card_names(table) == ["HK", "H4"]


def test_law_54b_declarer_accepts_dummy_spreads_declarer_plays_second() -> None:
    name = "law_54b_declarer_accepts_and_plays_second"
    table = replay_events(name, 8)
    assert rulings(table) == [("54B", "N", "accept")]
    assert table.declarer is Seat.NORTH
    assert table.phase is Phase.PLAY
    assert _trick(table) == ["WHA"]
    assert table.turn is Seat.NORTH  # 54B1: the second card comes from declarer's hand
    assert legal_card_names(table) == ["HK", "H4"]
    table = replay_events(name)
    assert _played(table, 1) == ("W", ["HA", "H4", "H3", "H2"], "W")
    assert table.turn is Seat.WEST


def test_law_54d_refused_opening_lead_is_a_major_penalty_card() -> None:
    name = "law_54d_refused_lead_becomes_major_penalty_card"
    table = replay_events(name, 8)  # declarer refuses West's ten of clubs
    assert rulings(table) == [("54D", "N", "refuse")]
    assert _penalty_cards(table) == {("W", "CT", True)}
    assert table.turn is Seat.EAST  # the right defender leads
    # East is to lead while partner has a major penalty card: Law 50D2 first.
    assert pending_decision(table) == (
        "N",
        "50D2",
        [("require", "50D2a"), ("forbid", "50D2a"), ("none", "50D2b")],
    )
    assert_refused(table, lambda: table.play("E", "H3"), "North")
    table = replay_events(name, 9)  # declarer restricts nothing: the card stays a penalty card
    assert _penalty_cards(table) == {("W", "CT", True)}
    assert len(legal_card_names(table)) == 13  # East may lead any card
    table = replay_events(name, 12)  # hearts led: West must follow suit before the penalty card
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["HA", "HQ", "HJ", "HT", "H9", "H5"]
    table = replay_events(name)  # a trick later, on lead, West must lead the penalty card (50D1)
    assert _played(table, 1) == ("E", ["H3", "H2", "HJ", "H4"], "W")
    assert _penalty_cards(table) == {("W", "CT", True)}
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["CT"]
    table.play("W", "CT")
    assert _penalty_cards(table) == set()


def test_law_54e_declaring_side_tries_to_lead_law_24() -> None:
    name = "law_54e_declaring_side_tries_to_lead"
    table = replay_events(name, 7)  # dummy-to-be faces the three of clubs as an opening lead
    assert rulings(table)[0] == ("54E", "director", "54E")
    assert "C3" in _hand(table, "S")
    assert _penalty_cards(table) == set()  # South is not a defender: no penalty card
    assert table.phase is Phase.OPENING_LEAD
    assert table.turn is Seat.EAST  # the opening lead is still East's
    assert len(legal_card_names(table)) == 13
    table = replay_events(name)
    assert table.phase is Phase.PLAY
    assert _trick(table) == ["EH3"]
    assert restrictions_in_force(table) == set()  # the auction period is over
    assert legal_card_names(table) == ["H7", "H2"]


# -- Law 55: declarer's lead out of turn --------------------------------------------------


def test_law_55a_declarer_lead_out_of_turn_accepted_by_defender() -> None:
    name = "law_55a_declarer_lead_accepted_by_defender"
    table = replay_events(name, 12)  # West is to lead; declarer leads the ace of spades
    # Asked of the defender who plays next after the lead (his choice prevails if they
    # disagree), but either defender may answer (55A).
    assert pending_decision(table) == ("E", "53", [("accept", "53A"), ("refuse", "55B")])
    assert_refused(table, lambda: table.decide("S", "refuse"), "East")
    other = replay_events(name, 12)
    other.decide("W", "refuse")
    assert rulings(other) == [("55B1", "W", "refuse")]
    table = replay_events(name, 13)
    assert rulings(table) == [("53A", "E", "accept")]
    assert _trick(table) == ["NSA"]
    assert table.turn is Seat.EAST
    assert legal_card_names(table) == ["ST", "S5", "S2"]
    table = replay_events(name)
    assert _played(table, 2) == ("N", ["SA", "S2", "S4", "S6"], "N")


def test_law_55b1_declarer_lead_refused_at_a_defender_turn() -> None:
    name = "law_55b1_declarer_lead_refused_defender_leads"
    table = replay_events(name, 13)
    assert rulings(table) == [("55B1", "E", "refuse")]
    assert notes(table) == ["55C"]
    assert "SA" in _hand(table, "N")  # the card goes back to declarer's hand
    assert _trick(table) == []
    assert table.turn is Seat.WEST
    assert len(legal_card_names(table)) == 12  # West leads anything: no other rectification
    assert _penalty_cards(table) == set()
    table = replay_events(name)
    assert _trick(table) == ["WHA"]
    assert legal_card_names(table) == ["HK"]


def test_law_55b2_declarer_leads_from_the_wrong_hand() -> None:
    name = "law_55b2_declarer_leads_from_wrong_hand"
    table = replay_events(name, 11)
    assert _played(table, 1) == ("E", ["C4", "CK", "C2", "C5"], "S")
    table = replay_events(name, 12)  # dummy won; declarer leads from his own hand
    assert pending_decision(table) == ("E", "53", [("accept", "53A"), ("refuse", "55B")])
    table = replay_events(name, 13)
    assert rulings(table) == [("55B2", "E", "refuse")]
    assert "SA" in _hand(table, "N")
    assert table.turn is Seat.SOUTH  # the lead must come from dummy
    assert len(legal_card_names(table)) == 12
    table = replay_events(name)
    assert _trick(table) == ["SS4"]


# -- Law 56: a defender's lead out of turn refused -----------------------------------------


def test_law_56_defender_lead_refused_penalty_card_and_lead_forbidden() -> None:
    name = "law_56_defender_lead_refused_lead_forbidden"
    table = replay_events(name, 12)  # West is to lead; East leads the king of diamonds
    assert pending_decision(table) == ("N", "53", [("accept", "53A"), ("refuse", "56")])
    table = replay_events(name, 13)
    assert rulings(table) == [("56", "N", "refuse")]
    assert _penalty_cards(table) == {("E", "DK", True)}
    assert table.turn is Seat.WEST
    assert pending_decision(table)[:2] == ("N", "50D2")  # partner of the offender is to lead
    table = replay_events(name, 14)  # declarer forbids diamonds: the king is picked up
    assert rulings(table)[-1] == ("50D2a", "N", "forbid")
    assert _penalty_cards(table) == set()
    assert "DK" in _hand(table, "E")
    assert restrictions_in_force(table) == {(FORBIDDEN, "W", "50D2a")}
    assert not [card for card in legal_card_names(table) if card.startswith("D")]
    assert_lead_revoke(table, "W", "D7")
    table = replay_events(name, 18)  # West wins with the ace: still on lead, still forbidden
    assert _played(table, 2)[2] == "W"
    assert restrictions_in_force(table) == {(FORBIDDEN, "W", "50D2a")}
    assert table.turn is Seat.WEST
    assert not [card for card in legal_card_names(table) if card.startswith("D")]
    table = replay_events(name)  # North ruffs: West has lost the lead, the restriction ends
    assert _played(table, 3)[2] == "N"
    assert restrictions_in_force(table) == set()


def test_law_56_lead_out_of_turn_at_declarer_turn_penalty_card_played_later() -> None:
    name = "law_56_lead_out_of_turn_at_declarer_turn"
    table = replay_events(name, 20)  # North is to lead; East leads the six of diamonds
    assert pending_decision(table) == ("N", "53", [("accept", "53A"), ("refuse", "56")])
    table = replay_events(name, 21)
    assert rulings(table) == [("56", "N", "refuse")]
    assert _penalty_cards(table) == {("E", "D6", True)}
    assert table.pending is None  # declarer is to lead: no Law 50D2 question
    assert table.turn is Seat.NORTH
    assert len(legal_card_names(table)) == 10
    table = replay_events(name, 22)  # spades led: East follows suit, the penalty card waits
    assert legal_card_names(table) == ["ST", "S5", "S2"]
    table = replay_events(name, 26)  # diamonds led a trick later: East must play the ♦6
    assert _penalty_cards(table) == {("E", "D6", True)}
    assert {"DK", "DT", "D9", "D6"} <= _hand(table, "E")
    assert legal_card_names(table) == ["D6"]
    table = replay_events(name)
    assert _penalty_cards(table) == set()
    assert _trick(table) == ["ND2", "ED6"]


# -- Law 57: premature play by a defender -------------------------------------------------


def test_law_57a1_premature_play_partner_must_play_highest() -> None:
    name = "law_57a1_premature_play_partner_plays_highest"
    table = replay_events(name, 21)  # North leads the ace of spades; West plays before East
    assert _penalty_cards(table) == {("W", "D3", True)}
    assert pending_decision(table) == (
        "N",
        "57",
        [("highest", "57A1"), ("lowest", "57A2"), ("forbid", "57A3")],
    )
    assert_refused(table, lambda: table.decide("E", "lowest"), "North")
    table = replay_events(name, 22)
    assert rulings(table) == [("57A1", "N", "highest")]
    assert restrictions_in_force(table) == {(HIGHEST, "E", "57A1"), (PENALTY, "W", "57A")}
    assert table.turn is Seat.EAST
    assert legal_card_names(table) == ["ST"]
    table = replay_events(name, 24)  # East's obligation was for this card only
    assert (HIGHEST, "E", "57A1") not in restrictions_in_force(table)
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["S6"]  # following suit comes before the penalty card
    table = replay_events(name, 28)  # a trick later West, void in spades, must play it now
    assert _penalty_cards(table) == {("W", "D3", True)}
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["D3"]
    table = replay_events(name)
    assert _penalty_cards(table) == set()
    assert _played(table, 5) == ("N", ["SK", "S5", "S8", "D3"], "N")


def test_law_57a_premature_lead_to_the_next_trick() -> None:
    name = "law_57a_premature_lead_to_next_trick"
    table = replay_events(name, 13)  # West leads the ace, North plays; East is to play
    assert table.turn is Seat.EAST
    table = replay_events(name, 14)  # West leads the queen to the next trick before East plays
    assert _trick(table) == ["WHA", "NHK"]
    assert _penalty_cards(table) == {("W", "HQ", True)}
    assert pending_decision(table) == (
        "N",
        "57",
        [("highest", "57A1"), ("lowest", "57A2"), ("forbid", "57A3")],
    )
    table = replay_events(name, 15)
    assert restrictions_in_force(table) == {(LOWEST, "E", "57A2"), (PENALTY, "W", "57A")}
    assert legal_card_names(table) == ["H6"]
    table = replay_events(name, 17)  # West won the trick: he must lead the penalty card (50D1)
    assert _played(table, 2) == ("W", ["HA", "HK", "H6", "H7"], "W")
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["HQ"]
    table = replay_events(name)
    assert _trick(table) == ["WHQ"]
    assert _penalty_cards(table) == set()


def test_law_57a2_premature_play_partner_must_play_lowest() -> None:
    name = "law_57a2_premature_play_partner_plays_lowest"
    table = replay_events(name, 22)
    assert rulings(table) == [("57A2", "N", "lowest")]
    assert restrictions_in_force(table) == {(LOWEST, "E", "57A2"), (PENALTY, "W", "57A")}
    assert table.turn is Seat.EAST
    assert legal_card_names(table) == ["S2"]
    table = replay_events(name)
    assert _played(table, 4) == ("N", ["SA", "S2", "S4", "S6"], "N")
    assert restrictions_in_force(table) == {(PENALTY, "W", "57A")}


def test_law_57a3_premature_play_suit_forbidden_to_partner() -> None:
    name = "law_57a3_premature_play_suit_forbidden"
    table = replay_events(name, 33)  # East is void in spades; West plays the three of diamonds
    assert pending_decision(table)[2][2] == ("forbid", "57A3")
    assert_refused(table, lambda: table.decide("N", "forbid", suit="S"), "needs a suit")
    table = replay_events(name, 34)  # declarer forbids clubs
    assert rulings(table) == [("57A3", "N", "forbid")]
    assert restrictions_in_force(table) == {(NOT_SUIT, "E", "57A3"), (PENALTY, "W", "57A")}
    assert _hand(table, "E") == {"DK", "DT", "D9", "D6", "CJ", "C8", "C4"}
    assert legal_card_names(table) == ["DK", "DT", "D9", "D6"]
    table = replay_events(name)
    assert _played(table, 7) == ("N", ["S7", "D6", "SQ", "D3"], "S")
    assert restrictions_in_force(table) == set()


def test_law_57b_partner_cannot_comply_plays_any_card_law_59() -> None:
    name = "law_57b_partner_cannot_comply_plays_any_card"
    table = replay_events(name, 34)  # highest spade required of East, who has none
    assert rulings(table) == [("57A1", "N", "highest")]
    assert table.turn is Seat.EAST
    assert legal_card_names(table) == ["DK", "DT", "D9", "D6", "CJ", "C8", "C4"]
    table = replay_events(name)
    assert table.revokes == ()  # a card allowed by Law 59 is no revoke
    assert _played(table, 7) == ("N", ["S7", "C4", "SQ", "D3"], "S")


# -- Law 60: play after an irregularity ----------------------------------------------------


def test_law_60a_play_by_innocent_side_forfeits_rectification() -> None:
    name = "law_60a_innocent_side_plays_rectification_forfeited"
    table = replay_events(name, 12)  # West, on lead, exposes the ten of clubs
    assert _penalty_cards(table) == {("W", "CT", True)}
    assert legal_card_names(table) == ["CT"]  # West must lead it (50D1)
    table = replay_events(name, 13)  # East leads out of turn instead
    assert pending_decision(table)[:2] == ("N", "53")
    table = replay_events(name, 14)  # declarer plays from dummy before any ruling: forfeited
    assert table.pending is None
    assert rulings(table)[-1] == ("53A", "S", "accept")
    assert_refused(table, lambda: table.decide("N", "refuse"), "no decision")
    assert table.turn is Seat.WEST
    # 60A3: the offending side's obligation stands; following suit comes first.
    assert _penalty_cards(table) == {("W", "CT", True)}
    assert legal_card_names(table) == ["D7", "D4", "D3"]
    table = replay_events(name, 19)  # two tricks on, West cannot follow clubs except with it
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["CT"]
    table = replay_events(name)
    assert _penalty_cards(table) == set()


# -- Law 61: what a revoke is --------------------------------------------------------------


def test_law_61a_failure_to_follow_suit_is_a_revoke() -> None:
    table = replay_events("law_61a_failure_to_follow_suit")
    [revoke] = table.revokes
    assert (revoke.trick, revoke.seat, revoke.card, revoke.suit) == (
        1,
        Seat.EAST,
        Card.from_str("S2"),
        Suit.HEARTS,
    )
    assert not revoke.established
    assert not revoke.noticed
    assert _trick(table) == ["WHA", "NHK", "ES2"]  # the card is played as it was
    assert table.turn is Seat.SOUTH


def test_law_61a_failure_to_play_a_card_required_by_a_rectification() -> None:
    name = "law_61a_failure_to_play_required_card"
    table = replay_events(name, 22)
    assert legal_card_names(table) == ["S2"]  # lowest spade required (57A2)
    table = replay_events(name)  # East follows suit with the ten instead
    [revoke] = table.revokes
    assert (revoke.seat, revoke.card, revoke.suit) == (Seat.EAST, Card.from_str("ST"), Suit.SPADES)
    assert not revoke.established


def test_law_61a_penalty_card_not_played_goes_to_law_52() -> None:
    name = "law_61a_penalty_card_not_played"
    table = replay_events(name, 19)
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["CT"]
    table = replay_events(name)  # West plays the two of clubs, not the penalty card
    assert pending_decision(table) == ("N", "52", [("accept", "52B1a"), ("refuse", "52B2")])
    assert "C2" in _hand(table, "W")


# -- Law 62: correcting a revoke ------------------------------------------------------------


def test_law_62a_62b1_defender_corrects_revoke_card_becomes_major_penalty_card() -> None:
    name = "law_62b1_defender_revoke_corrected_major_penalty_card"
    table = replay_events(name, 14)
    assert [r.seat for r in table.revokes] == [Seat.EAST]
    table = replay_events(name, 15)  # attention drawn before it is established: corrected
    assert rulings(table) == [("62B1", "director", "62")]
    assert table.revokes == ()
    assert _trick(table) == ["WHA", "NHK"]
    assert _penalty_cards(table) == {("E", "S2", True)}
    assert table.turn is Seat.EAST
    assert legal_card_names(table) == ["H8", "H6"]  # a legal card replaces it (62B)
    table = replay_events(name, 17)
    assert _played(table, 2) == ("W", ["HA", "HK", "H6", "H7"], "W")
    assert pending_decision(table)[:2] == ("N", "50D2")
    table = replay_events(name, 22)  # two tricks later the penalty card is still East's
    assert _penalty_cards(table) == {("E", "S2", True)}
    table = replay_events(name, 23)  # spades led: East must play it (50D1)
    assert legal_card_names(table) == ["S2"]
    table = replay_events(name)
    assert _penalty_cards(table) == set()
    assert _played(table, 4) == ("N", ["SA", "S2", "S4", "S6"], "N")


def test_law_62b2_declarer_corrects_revoke_without_penalty() -> None:
    name = "law_62b2_declarer_revoke_corrected"
    table = replay_events(name, 12)
    assert rulings(table) == [("62B2", "director", "62")]
    assert table.revokes == ()
    assert "S3" in _hand(table, "N")
    assert _penalty_cards(table) == set()  # declarer's cards are never penalty cards
    assert table.turn is Seat.NORTH
    assert legal_card_names(table) == ["HK", "H4"]
    table = replay_events(name)
    assert _played(table, 1) == ("E", ["H3", "H2", "HJ", "H4"], "W")


def test_law_62b2_defender_faced_card_goes_back_as_it_was() -> None:
    name = "law_62b2_defender_revokes_with_a_penalty_card"
    table = replay_events(name, 9)  # the ♦3 West exposed in the auction is a minor penalty card
    assert _penalty_cards(table) == {("W", "D3", False)}
    table = replay_events(name, 11)  # West plays it to a club lead, holding clubs: a revoke
    assert [(r.seat, str(r.card)) for r in table.revokes] == [(Seat.WEST, "D3")]
    assert _penalty_cards(table) == set()
    table = replay_events(name, 12)  # corrected: a faced card, so no further rectification
    assert rulings(table)[-1] == ("62B2", "director", "62")
    assert _penalty_cards(table) == {("W", "D3", False)}  # minor still, not made major
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["CT", "C6", "C2"]
    table = replay_events(name)
    assert _played(table, 1) == ("E", ["C4", "CK", "C2", "C5"], "S")


def test_law_62b2_faced_card_in_a_finished_trick_is_not_doubled() -> None:
    lines = (
        (SCENARIOS / "law_62b2_defender_revokes_with_a_penalty_card.jsonl")
        .read_text(encoding="utf-8")
        .splitlines()
    )
    # The same revoke, noticed only after North has completed the trick (62A).
    table = replay([*lines[:12], '{"event": "play", "seat": "N", "card": "C5"}'], "62b2")
    assert len(table.tricks) == 1
    table.apply(RevokeEvent(Seat.WEST))
    assert rulings(table)[-1] == ("62B2", "director", "62")
    assert [(str(r.card), r.major) for r in table.restrictions if r.kind is PENALTY] == [
        ("D3", False)
    ]
    assert not table.tricks  # the play goes back into trick 1
    assert _trick(table) == ["EC4", "SCK"]
    assert table.turn is Seat.WEST


def test_law_62c_cards_played_after_the_revoke_are_taken_back() -> None:
    name = "law_62c_cards_played_after_revoke_taken_back"
    table = replay_events(name, 10)  # dummy discards a club holding hearts; West plays after it
    assert _trick(table) == ["EH3", "SC3", "WHJ"]
    table = replay_events(name, 11)
    assert rulings(table) == [("62B2", "director", "62")]  # dummy's card: no penalty
    assert _trick(table) == ["EH3"]
    assert {"C3"} <= _hand(table, "S")
    assert "HJ" in _hand(table, "W")  # West's card goes back to his hand (62C1)
    assert _penalty_cards(table) == set()  # the non-offending side's card is no penalty card
    assert table.turn is Seat.SOUTH
    assert legal_card_names(table) == ["H7", "H2"]
    table = replay_events(name)  # West plays another card to the trick
    assert _played(table, 1) == ("E", ["H3", "H2", "HQ", "H4"], "W")


def test_law_62c2_offender_partner_card_taken_back_is_a_penalty_card() -> None:
    name = "law_62c2_offender_partner_card_becomes_penalty_card"
    table = replay_events(name, 15)  # West ruffs dummy's heart holding hearts and wins the trick
    assert _played(table, 2) == ("S", ["H7", "S6", "H4", "H3"], "W")
    table = replay_events(name, 16)  # noticed before East-West play to trick 3: corrected
    assert rulings(table) == [("62B1", "director", "62"), ("62C2", "director", "62C2")]
    assert len(table.tricks) == 1  # the play goes back into trick 2
    assert _trick(table) == ["SH7"]
    # East's card goes back to his hand, no penalty card while it stands (62C2).
    assert _penalty_cards(table) == {("W", "S6", True)}
    assert {"H4"} <= _hand(table, "N")  # North's card goes back too (62C1)
    assert "H3" in _hand(table, "E")
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["HA", "HQ", "HJ", "HT", "H9", "H5"]
    table = replay_events(name, 18)  # North changes his card: East may change his (62C2)
    assert table.turn is Seat.EAST
    assert legal_card_names(table) == ["H8", "H6", "H3"]
    table = replay_events(name)  # East plays the ♥8: the ♥3 taken back is a penalty card
    assert _played(table, 2) == ("S", ["H7", "HQ", "HK", "H8"], "N")
    assert _penalty_cards(table) == {("W", "S6", True), ("E", "H3", True)}
    assert rulings(table)[-1] == ("62C2", "director", "62C2")


def test_law_62c2_offender_partner_card_stands_when_the_opponent_before_him_keeps_his() -> None:
    name = "law_62c2_offender_partner_card_stands"
    table = replay_events(name, 18)  # North plays his ♥4 again: East's ♥3 stands
    assert table.turn is Seat.EAST
    assert legal_card_names(table) == ["H3"]
    with pytest.raises(IllegalActionError, match="stands: East plays it again"):
        table.play("E", "H8")
    table = replay_events(name)
    assert _played(table, 2) == ("S", ["H7", "HQ", "H4", "H3"], "W")
    assert _penalty_cards(table) == {("W", "S6", True)}  # no penalty card of East's


def test_law_62c2_a_card_that_stands_is_played_before_any_penalty_card() -> None:
    """The card stands as played: partner's other penalty card, minor, stays minor and
    declarer has no choice of penalty card to make (51A)."""
    table = Table(
        Deal.from_str("N:AKQJ.AKQ.AKQ.AKQ 432.432.8765432. T98.JT9.JT9.JT98 765.8765..765432"),
        number=1,
    )
    table.call("N", "1S")
    table.apply(ExposedEvent(Seat.WEST, (Card.from_str("H5"),)))  # dropped in the auction
    for seat, call in zip("ESWNE", ["Pass", "4S", "Pass", "Pass", "Pass"], strict=True):
        table.call(seat, call)
    table.play("E", "S2")
    table.face_lead()
    for seat, card in [("S", "S8"), ("W", "S5"), ("N", "SA"), ("N", "DA"), ("E", "S3")]:
        table.play(seat, card)  # East revokes holding diamonds
    table.play("S", "D9")
    table.play("W", "C2")  # West, void in diamonds, discards
    table.apply(RevokeEvent(Seat.EAST))
    table.play("E", "D2")
    table.play("S", "D9")  # dummy keeps his card: West's club stands
    assert legal_card_names(table) == ["C2"]
    assert table.pending is None
    table.play("W", "C2")
    assert _penalty_cards(table) == {("W", "H5", False), ("E", "S3", True)}


# -- Law 63: established revokes ------------------------------------------------------------


def test_law_63a1_revoke_established_when_the_offending_side_plays_to_the_next_trick() -> None:
    name = "law_63a1_revoke_established_by_next_trick"
    table = replay_events(name, 15)  # West ruffs the ace of diamonds holding diamonds
    assert _played(table, 2) == ("N", ["DA", "D5", "D9", "S2"], "W")
    [revoke] = table.revokes
    assert not revoke.established  # the trick is over, but nobody has played to the next
    table = replay_events(name)  # West leads to trick 3
    [revoke] = table.revokes
    assert revoke.established


def test_law_63a1_non_offending_side_play_does_not_establish() -> None:
    name = "law_64b1_offenders_won_no_trick"  # East revokes in trick 2, North wins it
    table = replay_events(name, 16)  # North leads to trick 3
    assert _trick(table) == ["NDK"]
    [revoke] = table.revokes
    assert not revoke.established
    table = replay_events(name, 17)  # East plays to trick 3
    [revoke] = table.revokes
    assert revoke.established


def test_law_63a1_established_by_offender_partner_playing() -> None:
    name = "law_64a2_revoke_trick_won_by_partner"  # East revokes, West wins trick 2
    table = replay_events(name, 15)
    [revoke] = table.revokes
    assert not revoke.established
    table = replay_events(name, 16)  # West, the offender's partner, leads to trick 3
    [revoke] = table.revokes
    assert revoke.established


def test_law_63b_established_revoke_cannot_be_corrected() -> None:
    name = "law_63b_established_revoke_cannot_be_corrected"
    table = replay_events(name, 17)
    assert rulings(table) == [("63B", "director", "63B")]
    assert notes(table) == ["64C"]
    assert _played(table, 2) == ("N", ["DA", "D5", "D9", "S2"], "W")  # the trick stands
    assert "S2" not in _hand(table, "W")
    assert _penalty_cards(table) == set()
    assert _trick(table) == ["WH3"]  # play goes on
    [revoke] = table.revokes
    assert revoke.established
    assert revoke.noticed
    assert table.transfers == ()  # Law 64 is applied at the end of play
    assert_refused(table, lambda: table.apply(RevokeEvent(Seat.WEST)), "West")  # already ruled
    table = replay_events(name)
    assert _played(table, 3) == ("W", ["H3", "HK", "H6", "H9"], "N")


# -- Law 64: tricks transferred after an established revoke ----------------------------------


def test_law_64a1_revoke_trick_won_by_offender_and_a_later_one_two_tricks() -> None:
    table = replay_events("law_64a1_two_tricks_transferred")
    assert _played(table, 2) == ("W", ["HA", "HK", "S2", "H7"], "E")  # East ruffs, revoking
    assert _winners(table) == "WENSSNESSNNNN"  # East-West win trick 7 as well
    assert _transfers(table) == [("E", "64A1", 2)]
    _ended(table, ns_won=10, ns_credited=12)


def test_law_64a1_offending_side_won_nothing_later_one_trick() -> None:
    table = replay_events("law_64a1_one_trick_offenders_won_nothing_later")
    assert _played(table, 2) == ("N", ["DA", "D5", "D9", "S2"], "W")
    assert _winners(table) == "NW" + "N" * 11
    assert _transfers(table) == [("W", "64A1", 1)]
    _ended(table, ns_won=12, ns_credited=13)


def test_law_64a2_revoke_trick_won_by_offender_partner_one_trick() -> None:
    table = replay_events("law_64a2_revoke_trick_won_by_partner")
    assert _played(table, 2) == ("W", ["HA", "HK", "D6", "H7"], "W")  # East revoked
    assert _played(table, 7)[2] == "E"  # the offending side won a later trick
    assert _transfers(table) == [("E", "64A2", 1)]
    _ended(table, ns_won=10, ns_credited=11)


def test_law_64a2_trick_won_in_dummy_is_not_won_by_declarer() -> None:
    table = replay_events("law_64a2_declarer_revoke_trick_won_in_dummy")
    assert _played(table, 1) == ("E", ["D5", "DQ", "D2", "CQ"], "S")  # North revoked
    assert _winners(table) == "S" + "N" * 12
    # Won by dummy, the revoke trick is not the offender's: one trick, not two (64A).
    assert _transfers(table) == [("N", "64A2", 1)]
    _ended(table, ns_won=13, ns_credited=12)


def test_law_64b1_offending_side_won_neither_revoke_trick_nor_later() -> None:
    table = replay_events("law_64b1_offenders_won_no_trick")
    assert _played(table, 2) == ("N", ["DA", "C6", "D9", "D2"], "N")
    assert _winners(table) == "N" * 13
    assert _transfers(table) == [("E", "64B1", 0)]
    _ended(table, ns_won=13, ns_credited=13)


def test_law_64b2_later_revoke_same_suit_same_player_no_transfer() -> None:
    table = replay_events("law_64b2_second_revoke_same_suit")
    assert _played(table, 2) == ("N", ["DA", "D5", "D9", "S2"], "W")
    assert _played(table, 4) == ("N", ["DK", "D6", "DT", "S3"], "W")
    assert [(r.trick, str(r.card)) for r in table.revokes] == [(1, "S2"), (3, "S3")]
    # The first: West won the revoke trick and his side a later one (64A1): two tricks.
    assert _transfers(table) == [("W", "64A1", 2), ("W", "64B2", 0)]
    _ended(table, ns_won=11, ns_credited=13)


def test_law_64b3_dummy_revoke_no_transfer() -> None:
    table = replay_events("law_64b3_dummy_revoke")
    assert _played(table, 1) == ("E", ["H5", "C9", "H2", "HA"], "N")  # dummy held hearts
    assert _winners(table) == "N" * 13
    assert _transfers(table) == [("S", "64B3", 0)]
    _ended(table, ns_won=13, ns_credited=13)


@pytest.mark.parametrize(
    ("name", "late", "law"),
    [
        ("law_64b4_attention_drawn_on_next_board", "next board", "64B4"),
        ("law_64b5_attention_drawn_after_round", "round end", "64B5"),
    ],
)
def test_law_64b4_64b5_attention_drawn_too_late_no_transfer(name: str, late: str, law: str) -> None:
    table = replay_events(name)
    assert _played(table, 2) == ("N", ["DA", "D5", "D9", "S2"], "W")
    assert _winners(table) == "NW" + "N" * 11  # 64A1 would have transferred one trick
    [revoke] = table.revokes
    assert revoke.late == late
    assert _transfers(table) == [("W", law, 0)]
    _ended(table, ns_won=12, ns_credited=12)


def test_law_64b6_revoke_in_the_twelfth_trick_no_transfer() -> None:
    table = replay_events("law_64b6_revoke_in_twelfth_trick")
    # East discards a diamond holding the seven of spades; West wins the trick.
    assert _played(table, 12) == ("N", ["S4", "D8", "ST", "SJ"], "W")
    # Attention is drawn only after the round, the hands back in the board: no 62D1
    # correction, and though West won the revoke trick (64A2), no trick is transferred.
    [revoke] = table.revokes
    assert revoke.trick == 11
    assert revoke.late == "round end"
    assert _transfers(table) == [("E", "64B6", 0)]
    _ended(table, ns_won=12, ns_credited=12)


def test_law_64b7_both_sides_revoked_no_transfer() -> None:
    table = replay_events("law_64b7_both_sides_revoked")
    assert _played(table, 1) == ("E", ["D5", "DQ", "D2", "CQ"], "S")  # North revokes
    assert _played(table, 2) == ("S", ["DJ", "S2", "DA", "D6"], "W")  # West revokes
    assert _transfers(table) == [("N", "64B7", 0), ("W", "64B7", 0)]
    _ended(table, ns_won=12, ns_credited=12)


def test_law_64_transfers_only_for_revokes_the_director_was_told_of() -> None:
    # The same board as 64A1 one trick, before attention is drawn to the revoke.
    name = "law_64a1_one_trick_offenders_won_nothing_later"
    lines = scenario_lines(name)
    table = replay(lines[:-1], name)
    assert table.phase is Phase.COMPLETE
    [revoke] = table.revokes
    assert revoke.established
    assert not revoke.noticed
    assert table.transfers == ()
    assert table.score() == SCORE[12]


# -- Law 64A from its text, for any sequence of trick winners -------------------------------


def _law_64a(winners: list[Seat], trick: int, offender: Seat) -> tuple[str, int]:
    """Law 64A and 64B1 read directly: the Law and the tricks transferred for one revoke."""
    side = offender.side
    later_won = [seat for seat in winners[trick + 1 :] if seat.side == side]
    if winners[trick] == offender:  # 64A1 (a trick won in dummy is not declarer's)
        return "64A1", 1 + (1 if later_won else 0)
    if winners[trick].side == side or later_won:  # 64A2
        return "64A2", 1
    return "64B1", 0


@given(
    winners=st.lists(st.sampled_from(list(Seat)), min_size=13, max_size=13),
    trick=st.integers(min_value=0, max_value=10),
    offender=st.sampled_from(list(Seat)),
)
def test_law_64a_one_revoke_transfers_what_the_text_says(
    winners: list[Seat], trick: int, offender: Seat
) -> None:
    [transfer] = transfers(winners, [Revoke(trick, offender, Suit.CLUBS)])
    assert (transfer.law, transfer.tricks) == _law_64a(winners, trick, offender)
    won_from_revoke = sum(1 for seat in winners[trick:] if seat.side == offender.side)
    assert transfer.tricks <= won_from_revoke


# -- the play examples of docs/table-log.md --------------------------------------------------

DOC = Path(__file__).parent.parent / "docs" / "table-log.md"


def _doc_examples() -> list[tuple[str, list[str]]]:
    """Each play example of the table-log doc: its scenario name and its log lines."""
    text = DOC.read_text(encoding="utf-8")
    play = text[text.index("### The play") : text.index("## Not yet")]
    examples = []
    for part in play.split("```jsonl\n")[1:]:
        block, rest = part.split("```", 1)
        name = rest.split("Scenario: `tests/scenarios/", 1)[1].split(".jsonl`", 1)[0]
        examples.append((name, block.splitlines()))
    return examples


def test_docs_table_log_play_examples_are_their_scenarios() -> None:
    examples = _doc_examples()
    assert len(examples) >= 40
    for name, shown in examples:
        whole = scenario_lines(name)
        events = [line for line in shown if not line.startswith("#")]
        assert events[0] == whole[0], name
        # The lines shown are the scenario's, in order; a '#' line stands for those left out.
        position = 0
        for line in events:
            assert line in whole[position:], (name, line)
            position = whole.index(line, position) + 1
        if len(events) < len(whole):
            assert any(line.startswith("# … ") for line in shown), name
