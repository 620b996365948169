"""Law 67 at the table: defective tricks, a card missing or a card too many.

Each scenario is a table log in ``tests/scenarios`` named after the Law subsection it
shows. The deal is deal 4 of ``docs/table-log.md``: N AKQJ.AKQJ.AK.AKQ
E 765.765.8765.876 S T98.T98.QJT9.JT9 W 432.432.432.5432, the auction 1S P 4S P P P:
North declares four spades, South is dummy, East leads. North-South win every trick
East-West do not take by a ruff, so the tricks each side wins are plain to see, and
Law 77 scores four spades not vulnerable: 12 tricks +480, 13 tricks +510.

A ``defective_trick`` event records the defect as it happened, unnoticed; a
``defect_noticed`` event draws attention to it. Before a member of each side has played
to the next trick, Law 67A corrects it; afterwards Law 67B.
"""

from __future__ import annotations

import pytest

from arbitro.core import Card, Deal, Seat, Side
from arbitro.table import Phase, RestrictionKind, Table
from arbitro.table.events import (
    DecisionEvent,
    DefectiveTrickEvent,
    DefectNoticedEvent,
    DesignateEvent,
)
from arbitro.table.log import dumps, loads
from table_support import (
    assert_refused,
    legal_card_names,
    load_scenario,
    notes,
    pending_decision,
    replay_until,
    rulings,
    scenario_lines,
)
from table_support import played_trick as _played

SCORE = {12: 480, 13: 510}
"""Law 77: four spades by North-South, not vulnerable, by tricks credited."""

MISSING = "law_67a1_missing_card_supplied"
DEFENDER_EXTRA = "law_67a2_extra_card_of_a_defender_becomes_penalty_card"
DUMMY_EXTRA = "law_67a2_extra_card_of_dummy_goes_back"
PLACED_FROM_SUIT = "law_67b1a_missing_card_placed_from_suit_led"
AT_END = "law_67b1b_missing_card_noticed_at_end"
EXTRA_REVOKE = "law_67b2b_extra_card_back_makes_a_revoke"
NOTICED = '"defect_noticed"'


def _hand(table: Table, seat: str) -> set[str]:
    return {str(card) for card in table.hand(seat)}


def _ended(table: Table, ns_won: int, ns_credited: int) -> None:
    """The board is over: tricks won in play, credited after Law 64, and the score."""
    assert table.phase is Phase.COMPLETE
    assert len(table.tricks) == 13
    assert table.tricks_won(Side.NS) == ns_won
    assert table.tricks_credited(Side.NS) == ns_credited
    assert table.tricks_credited(Side.NS) + table.tricks_credited(Side.EW) == 13
    assert table.score() == SCORE[ns_credited]
    assert all(len(table.hand(seat)) == 0 for seat in Seat)


def _whole(name: str) -> Table:
    return load_scenario(name)


def _plays_before_decision(name: str) -> int:
    """How many cards the scenario plays before its first decision."""
    lines = scenario_lines(name)
    decision = next(i for i, line in enumerate(lines) if '"decision"' in line)
    return sum(1 for line in lines[:decision] if '"play"' in line)


# -- the defect as it happens ------------------------------------------------------------


def test_law_67_trick_quitted_without_the_last_card() -> None:
    table = replay_until(MISSING, NOTICED)
    # Trick 1: East's ♥5, dummy's ♥8, West's ♥2, and North played none: the ♥8 wins.
    assert _played(table, 1) == ("E", ["H5", "H8", "H2"], "S")
    assert table.tricks[0].seats == (Seat.EAST, Seat.SOUTH, Seat.WEST)
    assert table.tricks[0].to_json()["missing"] == "N"
    assert len(table.hand("N")) == 13  # North keeps the card he should have played
    assert [len(table.hand(seat)) for seat in "ESW"] == [12, 11, 12]  # dummy has led again
    assert [str(card) for _, card in table.current_trick] == ["D9"]


def test_law_67_no_card_missing_from_a_hand_that_has_played_or_whose_turn_has_not_come() -> None:
    table = replay_until(MISSING, '"defective_trick"')
    # West has played; a trick cannot lose a card of a hand that has played, nor of one
    # whose turn has not come.
    assert_refused(table, lambda: table.apply(DefectiveTrickEvent(Seat.WEST)), "West")
    table.play("N", "HA")
    assert_refused(table, lambda: table.apply(DefectiveTrickEvent(Seat.SOUTH)), "South")


def test_law_67_a_hand_that_skipped_its_turn_earlier_in_the_trick() -> None:
    # The scenario's trick 1 before West plays: East's ♥5 led, dummy's ♥8.
    table = replay_until(MISSING, '"play", "seat": "W"')
    assert [str(card) for _, card in table.current_trick] == ["H5", "H8"]
    table.apply(DefectiveTrickEvent(Seat.WEST))  # West's turn passes, unnoticed
    assert table.turn is Seat.NORTH
    assert_refused(table, lambda: table.apply(DefectiveTrickEvent(Seat.NORTH)), "North")
    table.play("N", "HA")
    # The trick is quitted with three cards; North's ace wins it and North leads.
    assert _played(table, 1) == ("E", ["H5", "H8", "HA"], "N")
    assert table.tricks[0].seats == (Seat.EAST, Seat.SOUTH, Seat.NORTH)
    assert table.tricks[0].to_json()["missing"] == "W"
    assert table.turn is Seat.NORTH
    assert len(table.hand("W")) == 13  # West keeps the card he should have played
    assert table.tricks_won(Side.NS) == 1
    # Attention drawn before both sides play to the next trick: West supplies a card
    # he may legally play, a heart (67A1), and the trick is won again from its four.
    table.apply(DefectNoticedEvent(Seat.WEST))
    assert pending_decision(table) == ("W", "67", [("card", "67A1")])
    assert table.pending is not None
    assert {str(card) for card in table.pending.options[0].cards} == {"H4", "H3", "H2"}
    table.apply(DecisionEvent("W", "card", card=Card.from_str("H2")))
    assert _played(table, 1) == ("E", ["H5", "H8", "H2", "HA"], "N")
    assert rulings(table) == [("67A1", "W", "card")]
    assert [len(table.hand(seat)) for seat in Seat] == [12, 12, 12, 12]
    # The log replays to the same table.
    again = loads(dumps(table))
    assert again.tricks == table.tricks
    assert again.rulings == table.rulings


def test_law_67b_second_hand_skipped_noticed_late_places_a_card() -> None:
    table = replay_until(MISSING, '"play", "seat": "S"')  # East's ♥5 led, dummy to play
    table.apply(DefectiveTrickEvent(Seat.SOUTH))  # dummy's turn passes by
    table.play("W", "H2")
    table.play("N", "HA")
    assert _played(table, 1) == ("E", ["H5", "H2", "HA"], "N")
    assert table.tricks[0].seats == (Seat.EAST, Seat.WEST, Seat.NORTH)
    for seat, card in (("N", "SA"), ("E", "S7"), ("S", "ST"), ("W", "S4")):
        table.play(seat, card)
    # Both sides have played to the next trick: 67B, dummy places a heart (67B1a).
    table.apply(DefectNoticedEvent(Seat.SOUTH))
    assert pending_decision(table) == ("S", "67", [("card", "67B1a")])
    table.apply(DecisionEvent("S", "card", card=Card.from_str("H9")))
    assert _played(table, 1) == ("E", ["H5", "H9", "H2", "HA"], "N")


def test_law_67_extra_card_goes_with_the_trick_just_played_to() -> None:
    table = replay_until(DEFENDER_EXTRA, NOTICED)
    assert "H3" not in _hand(table, "W")
    assert len(table.hand("W")) == 11  # one card too few
    assert_refused(
        table,
        lambda: table.apply(DefectiveTrickEvent(Seat.EAST, Card.from_str("H3"))),
        "does not hold",
    )
    assert_refused(table, lambda: table.apply(DefectNoticedEvent(Seat.EAST)), "East")


# -- Law 67A: corrected before both sides play to the next trick ----------------------------


def test_law_67a1_missing_card_supplied_and_the_trick_won_again() -> None:
    table = replay_until(MISSING, '"decision"')
    assert pending_decision(table) == ("N", "67", [("card", "67A1")])
    assert table.pending is not None
    # A card he may legally play: North must follow to the heart led (44C).
    assert {str(card) for card in table.pending.options[0].cards} == {"HA", "HK", "HQ", "HJ"}
    assert_refused(
        table,
        lambda: table.apply(DecisionEvent("N", "card", card=Card.from_str("SA"))),
        "♥A",
    )
    assert_refused(table, lambda: table.apply(DecisionEvent("S", "card")), "North")
    table.apply(DecisionEvent("N", "card", card=Card.from_str("HA")))
    # The ace now wins the trick: dummy's lead to the next trick goes back, North leads.
    assert _played(table, 1) == ("E", ["H5", "H8", "H2", "HA"], "N")
    assert rulings(table) == [("67A1", "N", "card")]
    assert notes(table) == ["16D"]
    assert "D9" in _hand(table, "S")
    assert table.current_trick == ()
    assert table.turn is Seat.NORTH
    assert [len(table.hand(seat)) for seat in Seat] == [12, 12, 12, 12]
    _ended(_whole(MISSING), 13, 13)


def test_law_67a_one_side_only_has_played_to_the_next_trick() -> None:
    # Dummy's lead alone: one side has played, so 67A still applies.
    table = replay_until(MISSING, NOTICED)
    table.apply(DefectNoticedEvent(Seat.NORTH))
    assert pending_decision(table)[2] == [("card", "67A1")]
    # West has played too: a member of each side has, so it is 67B.
    table = replay_until(PLACED_FROM_SUIT, '"play", "seat": "N", "card": "DA"')
    table.apply(DefectNoticedEvent(Seat.NORTH))
    assert pending_decision(table)[2] == [("card", "67B1a")]


def test_law_67a2_defender_extra_card_becomes_a_penalty_card_binding_later() -> None:
    table = replay_until(DEFENDER_EXTRA, '"decision"')
    decider, law, options = pending_decision(table)
    assert (decider, law) == ("director", "67")
    assert options == [("45E", "45E1"), ("58B1", "58B1"), ("58B2", "58B2")]
    table.apply(DecisionEvent("director", "45E"))
    assert rulings(table) == [("67A2", "director", "45E")]
    assert "H3" in _hand(table, "W")
    penalty = [r for r in table.restrictions if r.kind is RestrictionKind.PENALTY_CARD]
    # A single card below an honour, exposed unintentionally: a minor penalty card (50B).
    assert [(str(r.seat), str(r.card), r.major) for r in penalty] == [("W", "H3", False)]
    # Trick 2: hearts are led; West must play the ♥3 before any other small heart (50C).
    table = replay_until(DEFENDER_EXTRA, '"play"', _plays_before_decision(DEFENDER_EXTRA) + 4)
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["H3"]
    whole = _whole(DEFENDER_EXTRA)
    assert _played(whole, 2) == ("N", ["HK", "H6", "H9", "H3"], "N")
    _ended(whole, 13, 13)


@pytest.mark.parametrize(("choice", "penalty"), [("58B1", False), ("58B2", True)])
def test_law_67a2_extra_card_played_with_another_58b(choice: str, penalty: bool) -> None:
    table = replay_until(DEFENDER_EXTRA, '"decision"')
    table.apply(DecisionEvent("director", choice))
    assert "H3" in _hand(table, "W")
    kinds = [r.kind for r in table.restrictions if r.seat is Seat.WEST]
    assert (RestrictionKind.PENALTY_CARD in kinds) is penalty
    assert rulings(table) == [("67A2", "director", choice)]


def test_law_67a2_dummy_extra_card_goes_back_with_no_rectification() -> None:
    table = replay_until(DUMMY_EXTRA, NOTICED)
    assert "H9" not in _hand(table, "S")
    table = replay_until(DUMMY_EXTRA, '"play"', 3)  # after the notice, before West plays
    assert "H9" in _hand(table, "S")
    assert table.pending is None
    assert table.restrictions == ()
    assert rulings(table) == [("67A2", "director", "67A2")]
    _ended(_whole(DUMMY_EXTRA), 13, 13)


# -- Law 67B: noticed after both sides have played to the next trick -----------------------


def test_law_67b1a_missing_card_placed_from_the_suit_led() -> None:
    table = replay_until(PLACED_FROM_SUIT, '"decision"')
    assert pending_decision(table) == ("N", "67", [("card", "67B1a")])
    assert table.pending is not None
    assert {str(card) for card in table.pending.options[0].cards} == {"HA", "HK", "HQ", "HJ"}
    table.apply(DecisionEvent("N", "card", card=Card.from_str("HJ")))
    # The jack goes among the played cards; dummy's ♥8 still won the trick (67B1).
    assert _played(table, 1) == ("E", ["H5", "H8", "H2", "HJ"], "S")
    assert [
        (r.trick, str(r.seat), str(r.card), r.established, r.noticed) for r in table.revokes
    ] == [(0, "N", "HJ", True, True)]
    assert "HJ" not in _hand(table, "N")
    assert rulings(table) == [("67B1a", "N", "card")]
    # Trick 2 stands as played, and North, who won it, leads to trick 3.
    assert _played(table, 2) == ("S", ["D9", "D2", "DA", "D5"], "N")
    assert table.turn is Seat.NORTH
    whole = _whole(PLACED_FROM_SUIT)
    # Deemed a revoke in trick 1, which the offending side won: one trick goes over (64A2).
    assert [(t.law, t.tricks) for t in whole.transfers] == [("64A2", 1)]
    _ended(whole, 13, 12)


def test_law_67b1b_missing_card_found_at_the_end_any_card() -> None:
    lines_before = replay_until(AT_END, NOTICED)
    assert lines_before.phase is Phase.COMPLETE
    assert _hand(lines_before, "N") == {"CQ"}  # one card too many: no heart left
    table = replay_until(AT_END, '"decision"')
    assert pending_decision(table) == ("N", "67", [("card", "67B1b")])
    whole = _whole(AT_END)
    assert _played(whole, 1) == ("E", ["H5", "H8", "H2", "CQ"], "S")
    assert [(t.law, t.tricks) for t in whole.transfers] == [("64A2", 1)]
    _ended(whole, 13, 12)


def test_law_67b2a_extra_card_back_to_the_hand_67b2b_later_revoke() -> None:
    before = replay_until(EXTRA_REVOKE, NOTICED)
    # West, short of the ♥3, ruffed trick 3 with the ♠2: he had no heart, to the table.
    assert _played(before, 3) == ("N", ["HQ", "H7", "HT", "S2"], "W")
    assert before.revokes == ()
    table = replay_until(EXTRA_REVOKE, '"decision"')
    assert "H3" in _hand(table, "W")
    assert [r[0] for r in rulings(table)] == ["67B2a", "67B2b"]
    # The ♥3 was West's all along: the ruff in trick 3 was a revoke.
    assert [(r.trick, str(r.seat), str(r.card), str(r.suit)) for r in table.revokes] == [
        (2, "W", "S2", "H")
    ]
    assert pending_decision(table) == (
        "director",
        "67",
        [("concealed", "67B2"), ("exposed", "67B2")],
    )
    whole = _whole(EXTRA_REVOKE)
    assert whole.restrictions == ()
    # The revoke trick, won by the offender, goes over; East-West won no later trick (64A1).
    assert [(t.law, t.tricks) for t in whole.transfers] == [("64A1", 1)]
    _ended(whole, 12, 13)


def test_law_67b2_defender_extra_card_exposed_becomes_penalty_card() -> None:
    table = replay_until(EXTRA_REVOKE, '"decision"')
    table.apply(DecisionEvent("director", "exposed"))
    assert [(str(r.seat), str(r.card)) for r in table.restrictions] == [("W", "H3")]


# -- the log -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", [MISSING, DEFENDER_EXTRA, DUMMY_EXTRA, PLACED_FROM_SUIT, AT_END, EXTRA_REVOKE]
)
def test_law_67_logs_replay_to_the_same_table(name: str) -> None:
    table = _whole(name)
    again = loads(dumps(table))
    assert again.events == table.events
    assert again.tricks == table.tricks
    assert again.revokes == table.revokes
    assert again.score() == table.score()


def test_law_67_a_defect_is_a_matter_of_the_play() -> None:
    table = replay_until(MISSING, '"play"')
    assert table.phase is Phase.OPENING_LEAD
    assert_refused(table, lambda: table.apply(DefectNoticedEvent(Seat.NORTH)), "play")
    assert_refused(table, lambda: table.apply(DefectiveTrickEvent(Seat.EAST)), "play")


def test_law_67b_a_missing_card_and_an_extra_card_of_one_player() -> None:
    table = replay_until(MISSING, NOTICED)  # North played no card to trick 1
    table.play("W", "D2")
    table.play("N", "DA")
    table.apply(DefectiveTrickEvent(Seat.NORTH, Card.from_str("DK")))  # and two to trick 2
    table.play("E", "D5")
    while table.phase is Phase.PLAY:
        seat = table.turn
        assert seat is not None
        table.play(seat, table.legal_cards()[0])
    # North's count came right by chance: he played his last card to trick 13.
    assert len(table.hand("N")) == 0
    # With no card to place in trick 1, his extra ♦K goes back first (67B2a) ...
    table.apply(DefectNoticedEvent(Seat.NORTH))
    assert rulings(table)[0] == ("67B2a", "director", "67B2a")
    assert _hand(table, "N") == {"DK"}
    # ... and then goes in trick 1, where North had no heart left to play (67B1b).
    table.apply(DefectNoticedEvent(Seat.NORTH))
    assert pending_decision(table) == ("N", "67", [("card", "67B1b")])
    assert_refused(
        table, lambda: table.apply(DecisionEvent("N", "card", card=Card.from_str("HA"))), "♦K"
    )
    table.apply(DecisionEvent("N", "card", card=Card.from_str("DK")))
    assert _played(table, 1) == ("E", ["H5", "H8", "H2", "DK"], "S")
    assert all(len(table.hand(seat)) == 0 for seat in Seat)
    assert table.tricks_credited(Side.NS) + table.tricks_credited(Side.EW) == 13


def test_law_67_46b1b_a_hand_the_trick_passed_by_plays_no_more_to_it() -> None:
    deal = Deal.from_str("N:AKQJ.AKQ.AQ8.654 567.567.762.9872 T98.JT98.JT95.T3 432.432.K43.AKQJ")
    table = Table(deal, number=1)
    for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"], strict=True):
        table.call(seat, call)
    table.play("E", "C2")
    table.face_lead()
    for seat, card in (("S", "C3"), ("W", "CA"), ("N", "C4")):
        table.play(seat, card)
    table.play("W", "D4")  # West, who won trick 1, leads
    table.apply(DefectiveTrickEvent(Seat.NORTH))  # declarer's turn passes by
    table.play("E", "D2")
    # Dummy plays last to this trick: "win" is the lowest diamond that beats the trick,
    # as West, who led, plays no more to it (46B1b).
    table.apply(DesignateEvent("win"))
    assert _played(table, 2) == ("W", ["D4", "D2", "D5"], "S")
