"""Laws 22, 30-32 and 35-39 at the table: each scenario is a table log in ``tests/scenarios``.

Every test replays its log (or the first events of it) with :func:`arbitro.table.log.replay`
and checks what the Laws say: the fate of each call, the rulings and who chose them,
the restrictions in force and their effect later in the auction and at the opening
lead, the notes for the Director (16D, 23, 26A1), and that an action the Laws do not
allow is refused and leaves the table as it was.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core import Card, Contract, Seat, Side, Suit
from arbitro.table import IllegalActionError, Phase, RestrictionKind, Table
from arbitro.table.log import TableLogError, replay
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
    table_state,
)

REST = RestrictionKind.MUST_PASS_REST
NEXT = RestrictionKind.MUST_PASS_NEXT_TURN
NO_DOUBLE = RestrictionKind.NO_DOUBLE_NEXT_TURN
REPEAT = RestrictionKind.MUST_REPEAT
LEAD_OPTION = RestrictionKind.LEAD_OPTION
REQUIRED = RestrictionKind.LEAD_REQUIRED
FORBIDDEN = RestrictionKind.LEAD_FORBIDDEN

# The hand East holds in the deal most scenarios use (board 1, 3 or 4 of the same deal):
# N AKJ73.K4.Q82.A95  E T52.863.KT96.J84  S Q984.72.AJ5.KQ73  W 6.AQJT95.743.T62
EAST = ["ST", "S5", "S2", "H8", "H6", "H3", "DK", "DT", "D9", "D6", "CJ", "C8", "C4"]
EAST_HEARTS = ["H8", "H6", "H3"]

# Every call after 1S, for an unrestricted player in turn: Pass, double, 1NT..7NT.
AFTER_1S = ["Pass", "X", "1NT"] + [
    f"{level}{strain}" for level in range(2, 8) for strain in ("C", "D", "H", "S", "NT")
]


# -- helpers ------------------------------------------------------------------------------


def _entries(table: Table) -> list[tuple[str, str, str, str | None]]:
    return [(str(e.seat), str(e.call), e.status.value, e.law) for e in table.auction]


def _unauthorized(table: Table) -> list[tuple[str, str, Side]]:
    return [
        (str(e.seat), str(e.call), e.unauthorized_for)
        for e in table.auction
        if e.unauthorized_for is not None
    ]


def _legal(table: Table) -> list[str]:
    return [str(call) for call in table.legal_calls()]


# -- Law 30: pass out of rotation ---------------------------------------------------------


def test_law_30a_pass_before_any_bid_offender_passes_at_next_turn_only() -> None:
    name = "law_30a_pass_before_any_bid"
    table = replay_events(name, 1)  # East passes at North's turn, before anyone has bid
    assert _entries(table) == [("E", "Pass", "pending", "29")]
    assert pending_decision(table) == ("S", "29", [("accept", "29A"), ("refuse", "29B")])
    table = replay_events(name, 2)
    assert pending_decision(table) == ("director", "29", [("natural", "30"), ("artificial", "30C")])
    table = replay_events(name, 3)
    assert _entries(table) == [("E", "Pass", "cancelled", "29B")]
    assert _unauthorized(table) == [("E", "Pass", Side.EW)]
    assert rulings(table) == [("29B", "S", "refuse"), ("30A", "director", "natural")]
    assert restrictions_in_force(table) == {(NEXT, "E", "30A")}
    assert notes(table) == ["23"]
    assert table.turn is Seat.NORTH  # the auction reverts to the player in turn (29B)
    table = replay_events(name, 4)  # North opens 1S: East must pass now
    assert table.turn is Seat.EAST
    assert _legal(table) == ["Pass"]
    table.call("E", "2H")  # a bid by a player obliged to pass goes to Law 37
    assert pending_decision(table) == ("director", "37", [("37B", "37B")])
    table = replay_events(name, 8)  # 1S P 3S 4H 4S: at East's next turn the obligation is spent
    assert table.turn is Seat.EAST
    assert restrictions_in_force(table) == set()
    assert "X" in _legal(table)
    assert "5H" in _legal(table)
    table = replay_events(name)
    assert table.contract == Contract.from_str("4S N")
    assert table.pending is None
    assert legal_card_names(table) == EAST  # a pass out of rotation brings no Law 26 restriction


def test_law_30b1_pass_at_rho_turn_offender_passes_once() -> None:
    name = "law_30b1_pass_at_rho_turn"
    table = replay_events(name, 4)  # 1S; South passes at East's turn; West refuses; natural
    assert _entries(table) == [("N", "1S", "standing", None), ("S", "Pass", "cancelled", "29B")]
    assert _unauthorized(table) == [("S", "Pass", Side.NS)]
    assert rulings(table) == [("29B", "W", "refuse"), ("30B1", "director", "natural")]
    assert restrictions_in_force(table) == {(NEXT, "S", "30B1")}
    assert notes(table) == []  # Law 30B1, unlike 30A and 30B2, does not refer to Law 23
    assert table.turn is Seat.EAST
    table = replay_events(name, 5)
    assert table.turn is Seat.SOUTH
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 9)  # P P 2H 2S P: South's next turn is free again
    assert table.turn is Seat.SOUTH
    assert restrictions_in_force(table) == set()
    assert "4S" in _legal(table)
    assert "X" not in _legal(table)
    table = replay_events(name)
    assert table.contract == Contract.from_str("4S N")
    assert legal_card_names(table) == EAST


def test_law_30b2a_pass_at_partner_turn_offender_silenced_partner_may_not_double() -> None:
    name = "law_30b2a_pass_at_partner_turn"
    table = replay_events(name, 4)  # 1S; West passes at East's turn; North refuses; natural
    assert _entries(table) == [("N", "1S", "standing", None), ("W", "Pass", "cancelled", "29B")]
    assert rulings(table) == [("29B", "N", "refuse"), ("30B2a", "director", "natural")]
    assert restrictions_in_force(table) == {(REST, "W", "30B2a"), (NO_DOUBLE, "E", "30B2b")}
    assert notes(table) == ["23"]
    assert table.turn is Seat.EAST
    # 30B2b: East may pass or make any sufficient bid, but not double.
    assert _legal(table) == [call for call in AFTER_1S if call != "X"]
    table = replay_events(name, 5)  # East bids 2D: the double ban is spent
    assert restrictions_in_force(table) == {(REST, "W", "30B2a")}
    table = replay_events(name, 6)  # South 3S: West must pass
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 8)  # West passes, North 4S: East may double at this later turn
    assert table.turn is Seat.EAST
    assert "X" in _legal(table)
    table = replay_events(name, 10)  # two rounds after the ruling West still must pass
    assert table.turn is Seat.WEST
    assert _legal(table) == ["Pass"]
    table = replay_events(name)
    assert table.contract == Contract.from_str("4S N")
    assert table.pending is None
    assert legal_card_names(table) == EAST


def test_law_30b2b_double_at_the_banned_turn_is_rectified_by_law_37_by_analogy() -> None:
    name = "law_30b2b_double_banned_at_partner_turn"
    table = replay_events(name, 4)
    assert "X" not in _legal(table)
    table = replay_events(name, 5)  # East doubles all the same
    assert _entries(table)[-1] == ("E", "X", "pending", "30B2b")
    assert pending_decision(table) == ("director", "37", [("37B", "37B")])
    assert_refused(table, lambda: table.call("W", "Pass"), "Director")  # the table waits
    assert_refused(table, lambda: table.decide("N", "37B"), "Director", "North")
    table = replay_events(name, 6)  # 37B: the double is cancelled and becomes a pass
    assert _entries(table)[-2:] == [
        ("E", "X", "cancelled", "37B"),
        ("E", "Pass", "standing", "37B"),
    ]
    assert ("E", "X", Side.EW) in _unauthorized(table)
    assert restrictions_in_force(table) == {(REST, "W", "30B2a"), (REST, "E", "37B")}
    assert rulings(table)[-1] == ("37B", "director", "37B")
    assert notes(table) == ["23", "23"]
    assert table.turn is Seat.SOUTH
    table = replay_events(name, 9)  # 3S P 4S: East too must pass for the rest of the auction
    assert table.turn is Seat.EAST
    assert _legal(table) == ["Pass"]
    table = replay_events(name)
    assert table.contract == Contract.from_str("4S N")
    # Law 26B waits for West's first lead; East's opening lead is free.
    assert restrictions_in_force(table) == {(LEAD_OPTION, "W", "26B")}
    assert table.pending is None
    assert legal_card_names(table) == EAST


def test_law_30b3_pass_at_lho_turn_is_a_change_of_call_by_law_25() -> None:
    name = "law_30b3_pass_at_lho_turn_is_a_change"
    table = replay_events(name, 5)  # 1S P 2S 3H, then West "passes" at North's turn
    assert _entries(table)[-2:] == [("W", "3H", "standing", None), ("W", "Pass", "pending", "25")]
    assert table.calls[-1] == (Seat.WEST, table.auction[-2].call)  # 3H still counts
    assert pending_decision(table) == ("director", "25", [("25A", "25A"), ("25B", "25B")])
    assert not any(ruling.law.startswith("29") for ruling in table.rulings)
    table = replay_events(name, 6)  # the Director finds the change intended
    assert pending_decision(table) == ("N", "25", [("accept", "25B1"), ("refuse", "25B2")])
    table = replay_events(name, 7)  # North does not accept it: 3H stands
    assert _entries(table)[-2:] == [
        ("W", "3H", "standing", None),
        ("W", "Pass", "cancelled", "25B2"),
    ]
    assert rulings(table) == [("25B2", "N", "refuse")]
    assert restrictions_in_force(table) == set()
    assert table.turn is Seat.NORTH
    table = replay_events(name, 4)  # a bid, too, at the turn of the left-hand opponent (31B note)
    table.call("W", "4H")
    assert _entries(table)[-1] == ("W", "4H", "pending", "25")
    assert pending_decision(table) == ("director", "25", [("25A", "25A"), ("25B", "25B")])
    table = replay_events(name)
    assert table.contract == Contract.from_str("4S N")


def test_law_30c_artificial_pass_is_rectified_by_law_31_and_31a1_repeat() -> None:
    name = "law_30c_artificial_pass"  # 1C strong and artificial; West passes at South's turn
    table = replay_events(name, 3)
    assert pending_decision(table) == ("director", "29", [("natural", "30"), ("artificial", "30C")])
    table = replay_events(name, 4)  # a pass over partner's artificial call: Law 31, not 30
    assert rulings(table) == [("29B", "N", "refuse"), ("31A", "director", "artificial")]
    assert restrictions_in_force(table) == set()
    assert table.turn is Seat.SOUTH
    table = replay_events(name, 5)  # South (RHO) passes: 31A1, West must repeat the pass
    assert restrictions_in_force(table) == {(REPEAT, "W", "31A1")}
    assert rulings(table)[-1] == ("31A1", "director", "31A1")
    assert _legal(table) == ["Pass"]
    assert_refused(table, lambda: table.call("W", "1D"), "31A1")
    table = replay_events(
        name, 7
    )  # West repeats; North 2H: East is not silenced (31A1: no rectification)
    assert restrictions_in_force(table) == set()
    assert table.turn is Seat.EAST
    assert "2S" in _legal(table)
    assert "X" in _legal(table)
    table = replay_events(name)
    assert table.contract == Contract.from_str("2S E")
    assert notes(table) == []


# -- Law 31: bid out of rotation ----------------------------------------------------------


def test_law_31a1_rho_passes_offender_must_repeat_the_bid() -> None:
    name = "law_31a1_rho_passes_offender_repeats"  # dealer South; West bids 1H at South's turn
    table = replay_events(name, 2)
    assert pending_decision(table) == ("director", "29", [("natural", "31"), ("artificial", "29C")])
    table = replay_events(name, 3)
    assert rulings(table) == [("29B", "N", "refuse"), ("31A", "director", "natural")]
    assert table.turn is Seat.SOUTH
    table = replay_events(name, 4)  # South passes
    assert restrictions_in_force(table) == {(REPEAT, "W", "31A1")}
    assert _legal(table) == ["1H"]
    assert_refused(table, lambda: table.call("W", "2H"), "31A1")
    table = replay_events(name, 5)  # West repeats 1H: no further rectification
    assert _entries(table)[-1] == ("W", "1H", "standing", None)
    assert restrictions_in_force(table) == set()
    table = replay_events(name, 7)  # 1S P: East called freely; South's turn
    assert _entries(table)[-1] == ("E", "Pass", "standing", None)
    table = replay_events(name)
    assert table.contract == Contract.from_str("4S N")
    assert notes(table) == []
    assert table.pending is None
    assert legal_card_names(table) == EAST


def test_law_31a2a_offender_repeats_the_denomination_partner_passes_once() -> None:
    name = "law_31a2a_offender_repeats_the_denomination"
    table = replay_events(name, 4)  # South (RHO) bids 1C: West may make any legal call
    assert rulings(table)[-1] == ("31A2", "director", "31A2")
    assert table.turn is Seat.WEST
    assert "Pass" in _legal(table)
    assert "X" in _legal(table)
    assert "1H" in _legal(table)
    table = replay_events(name, 5)  # West bids 1H again: the same denomination
    assert restrictions_in_force(table) == {(NEXT, "E", "31A2a")}
    assert rulings(table)[-1] == ("31A2a", "director", "31A2a")
    assert notes(table) == ["23"]
    table = replay_events(name, 6)  # North 1S: East must pass
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 10)  # P 3S 4H 4S: East's later turn is free
    assert table.turn is Seat.EAST
    assert restrictions_in_force(table) == set()
    assert "X" in _legal(table)
    table = replay_events(name)
    assert table.contract == Contract.from_str("4S N")
    assert table.pending is None  # 31A2a brings no Law 26 restriction
    assert legal_card_names(table) == EAST


def test_law_31a2b_offender_changes_denomination_partner_silenced_and_law_26a2() -> None:
    name = "law_31a2b_offender_changes_the_denomination"
    table = replay_events(name, 5)  # South 1C, then West passes instead of bidding hearts
    assert restrictions_in_force(table) == {(REST, "E", "31A2b")}
    assert rulings(table)[-1] == ("31A2b", "director", "31A2b")
    assert notes(table) == ["23"]
    table = replay_events(name, 10)  # 1S P 2S P 4S: two rounds later East still must pass
    assert table.turn is Seat.EAST
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 13)  # the auction is over: declarer's Law 26 choice for East's lead
    assert table.phase is Phase.OPENING_LEAD
    assert table.opening_leader is Seat.EAST
    assert restrictions_in_force(table) == {(LEAD_OPTION, "E", "26A2")}
    assert pending_decision(table) == (
        "N",
        "26A2",
        [("require", "26A2a"), ("forbid", "26A2b"), ("none", "26A2")],
    )
    assert table.pending is not None
    assert table.pending.options[0].suits == (Suit.HEARTS,)
    assert legal_card_names(table) == []
    assert_refused(table, lambda: table.play("E", "H3"), "North")
    assert_refused(table, lambda: table.decide("E", "none"), "North", "East")
    assert_refused(table, lambda: table.decide("N", "require", suit="S"), "♥")
    assert_refused(table, lambda: table.decide("N", "require"), "♥")
    assert_refused(table, lambda: table.decide("N", "cancel"), "require, forbid, none")
    table = replay_events(name)  # North requires a heart
    assert restrictions_in_force(table) == {(REQUIRED, "E", "26A2a")}
    assert rulings(table)[-1] == ("26A2a", "N", "require")
    assert legal_card_names(table) == EAST_HEARTS
    assert_lead_revoke(table, "E", "S2")
    table.play("E", "H3")
    assert table.phase is Phase.LEAD_FACE_DOWN
    table.face_lead()
    assert restrictions_in_force(table) == set()  # the requirement is used up


def test_law_31b_bid_at_partner_turn_partner_silenced_and_lead_forbidden() -> None:
    name = "law_31b_bid_at_partner_turn"  # 1S, then West bids 2H at East's turn
    table = replay_events(name, 4)
    assert _entries(table) == [("N", "1S", "standing", None), ("W", "2H", "cancelled", "29B")]
    assert _unauthorized(table) == [("W", "2H", Side.EW)]
    assert rulings(table) == [("29B", "N", "refuse"), ("31B", "director", "natural")]
    assert restrictions_in_force(table) == {(REST, "E", "31B")}
    assert notes(table) == ["23"]
    assert table.turn is Seat.EAST
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 8)  # P 2S P 4S: East still must pass
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 11)  # West chose a different call (pass): Law 26A2 for hearts
    assert pending_decision(table) == (
        "N",
        "26A2",
        [("require", "26A2a"), ("forbid", "26A2b"), ("none", "26A2")],
    )
    table = replay_events(name)  # North forbids hearts
    assert restrictions_in_force(table) == {(FORBIDDEN, "E", "26A2b")}
    assert legal_card_names(table) == [card for card in EAST if card not in EAST_HEARTS]
    assert_lead_revoke(table, "E", "H8")
    table.play("E", "D6")
    table.face_lead()
    assert restrictions_in_force(table) == {(FORBIDDEN, "E", "26A2b")}  # East keeps the lead so far
    for seat, card in (("S", "D5"), ("W", "D7"), ("N", "D8")):
        table.play(seat, card)
    assert table.tricks[-1].winner is Seat.NORTH
    assert restrictions_in_force(table) == set()  # the prohibition ends when East loses the lead


def test_law_31b_bid_at_lho_turn_suit_later_shown_gives_no_lead_restriction() -> None:
    name = "law_31b_bid_at_lho_turn_suit_shown_later"  # West bids 1H before dealer North
    table = replay_events(name, 3)
    assert rulings(table) == [("29B", "N", "refuse"), ("31B", "director", "natural")]
    assert restrictions_in_force(table) == {(REST, "E", "31B")}
    assert table.turn is Seat.NORTH
    table = replay_events(name, 4)
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 8)  # P 3S 4H 4S: East still silenced
    assert table.turn is Seat.EAST
    assert _legal(table) == ["Pass"]
    table = replay_events(name)  # West bid hearts in the legal auction: 26A1, no restriction
    assert table.contract == Contract.from_str("4S N")
    assert notes(table) == ["23", "26A1"]
    assert restrictions_in_force(table) == set()
    assert table.pending is None
    assert legal_card_names(table) == EAST


# -- Law 32: double or redouble out of rotation -------------------------------------------


def test_law_32a_double_at_partner_turn_partner_silenced_and_law_26b() -> None:
    name = "law_32a_double_at_partner_turn"
    table = replay_events(name, 2)
    assert pending_decision(table) == ("N", "29", [("accept", "29A"), ("refuse", "29B")])
    table = replay_events(name, 3)  # no question on the meaning of a double: Law 32 at once
    assert table.pending is None
    assert rulings(table) == [("29B", "N", "refuse"), ("32A", "director", "32A")]
    assert restrictions_in_force(table) == {(REST, "E", "32A")}
    assert notes(table) == ["23"]
    assert table.turn is Seat.EAST
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 7)  # P 2S P 4S
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 10)
    assert pending_decision(table) == ("N", "26B", [("forbid", "26B"), ("none", "26B")])
    assert table.pending is not None
    assert table.pending.options[0].suits == ()  # any one suit
    table = replay_events(name)  # North forbids clubs
    assert restrictions_in_force(table) == {(FORBIDDEN, "E", "26B")}
    assert legal_card_names(table) == [card for card in EAST if not card.startswith("C")]
    assert_lead_revoke(table, "E", "C4")


def test_law_32b1_rho_passes_offender_must_repeat_the_double() -> None:
    name = "law_32b1_rho_passes_offender_repeats_double"  # 2H P, South doubles at East's turn
    table = replay_events(name, 4)
    assert rulings(table) == [("29B", "W", "refuse"), ("32B", "director", "32B")]
    assert restrictions_in_force(table) == set()
    assert table.turn is Seat.EAST
    table = replay_events(name, 5)  # East passes
    assert restrictions_in_force(table) == {(REPEAT, "S", "32B1")}
    assert _legal(table) == ["X"]
    assert_refused(table, lambda: table.call("S", "2S"), "32B1")
    table = replay_events(name, 6)
    assert _entries(table)[-1] == ("S", "X", "standing", None)
    assert restrictions_in_force(table) == set()
    table = replay_events(name, 7)  # North, partner of the offender, is free
    assert table.turn is Seat.NORTH
    assert "2S" in _legal(table)
    assert "4S" in _legal(table)
    table = replay_events(name)
    assert table.contract == Contract.from_str("4S N")
    assert notes(table) == []
    assert table.pending is None


def test_law_32b2_rho_calls_offender_free_partner_silenced() -> None:
    name = "law_32b2_rho_calls_partner_silenced"
    table = replay_events(name, 5)  # East bids 3H over the cancelled double
    assert rulings(table)[-1] == ("32B2", "director", "32B2")
    assert restrictions_in_force(table) == {(REST, "N", "32B2")}
    assert notes(table) == ["23"]
    assert table.turn is Seat.SOUTH
    assert {"Pass", "X", "3S", "4H"} <= set(_legal(table))  # South: any legal call
    table = replay_events(name, 7)  # 3S P: North must pass
    assert _legal(table) == ["Pass"]
    table = replay_events(name)
    assert table.contract == Contract.from_str("3S S")
    assert table.opening_leader is Seat.WEST
    # The offender is declarer: Law 26 restricts only a defender's partner.
    assert table.pending is None
    assert restrictions_in_force(table) == set()
    assert len(legal_card_names(table)) == 13


def test_law_32b2_offender_repeats_the_double_so_no_law_26_restriction() -> None:
    name = "law_32b2_offender_doubles_again_no_lead_restriction"
    table = replay_events(name, 6)  # East 3H; South doubles again: not a different call (26)
    assert restrictions_in_force(table) == {(REST, "N", "32B2")}
    assert table.turn is Seat.WEST
    table = replay_events(name, 7)  # West passes: North must pass
    assert table.turn is Seat.NORTH
    assert _legal(table) == ["Pass"]
    table = replay_events(name)
    assert table.contract == Contract.from_str("3HX W")
    assert table.opening_leader is Seat.NORTH  # the offender's partner leads
    assert table.pending is None
    assert restrictions_in_force(table) == set()
    assert len(legal_card_names(table)) == 13


# -- Laws 35-36: inadmissible double or redouble ------------------------------------------


def test_law_36a_lho_calls_before_the_rectification_everything_from_it_cancelled() -> None:
    name = "law_36a_lho_calls_over_inadmissible_redouble"  # 1S P 3S XX (no double to redouble)
    table = replay_events(name, 4)
    assert _entries(table)[-1] == ("W", "XX", "pending", "36")
    assert pending_decision(table) == ("director", "36", [("36B", "36B")])
    table = replay_events(name, 5)  # North calls 4S before the Director rules
    assert _entries(table)[-2:] == [
        ("W", "XX", "cancelled", "36A"),
        ("N", "4S", "cancelled", "36A"),
    ]
    assert _unauthorized(table) == [("W", "XX", Side.EW), ("N", "4S", Side.EW)]
    assert rulings(table) == [("36A", "N", "call")]
    assert restrictions_in_force(table) == set()
    assert table.turn is Seat.WEST  # the auction reverts to the player in turn
    assert "4H" in _legal(table)
    assert "X" in _legal(table)
    table = replay_events(name)
    assert table.contract == Contract.from_str("4S N")
    assert notes(table) == []
    assert table.pending is None  # 36A: no Law 26
    assert legal_card_names(table) == EAST


def test_law_36b_inadmissible_redouble_in_turn_partner_silenced_and_law_26b() -> None:
    name = "law_36b_inadmissible_redouble_in_turn"
    table = replay_events(name, 4)
    assert_refused(table, lambda: table.decide("N", "36B"), "Director")
    assert_refused(table, lambda: table.decide("director", "36A"), "36B")
    table = replay_events(name, 5)
    assert _entries(table)[-1] == ("W", "XX", "cancelled", "36B")
    assert _unauthorized(table) == [("W", "XX", Side.EW)]
    assert rulings(table) == [("36B", "director", "36B")]
    assert restrictions_in_force(table) == {(REST, "E", "36B")}
    assert notes(table) == ["23"]
    assert table.turn is Seat.WEST  # 36B2: the offender substitutes a legal call
    assert "XX" not in _legal(table)
    assert "X" in _legal(table)
    table = replay_events(name, 7)  # P 4S: East must pass
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 10)
    assert pending_decision(table) == ("N", "26B", [("forbid", "26B"), ("none", "26B")])
    table = replay_events(name)  # North forbids diamonds
    assert legal_card_names(table) == [card for card in EAST if not card.startswith("D")]
    assert_lead_revoke(table, "E", "DK")


def test_law_36b4_inadmissible_redouble_out_of_rotation() -> None:
    name = "law_36b4_inadmissible_redouble_out_of_rotation"  # 1S, West XX at East's turn
    table = replay_events(name, 2)
    assert pending_decision(table) == ("director", "36", [("36B", "36B4")])
    table = replay_events(name, 3)
    assert _entries(table)[-1] == ("W", "XX", "cancelled", "36B4")
    assert rulings(table) == [("36B4", "director", "36B")]
    assert restrictions_in_force(table) == {(REST, "E", "36B4")}
    assert notes(table) == ["23"]
    assert table.turn is Seat.EAST  # the auction reverts to the player in turn
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 5)  # P 2S: the offender may make any legal call
    assert table.turn is Seat.WEST
    assert {"Pass", "X", "3H"} <= set(_legal(table))
    table = replay_events(name, 7)  # P 4S
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 10)
    assert pending_decision(table) == ("N", "26B", [("forbid", "26B"), ("none", "26B")])
    table = replay_events(name)  # North imposes no restriction
    assert rulings(table)[-1] == ("26B", "N", "none")
    assert restrictions_in_force(table) == set()
    assert legal_card_names(table) == EAST


def test_law_36b4_only_the_lho_calling_forfeits_the_rectification() -> None:
    # South doubles partner's 1S at East's turn. Law 36 names one way to forfeit the
    # rectification, the offender's LHO calling (36A); East, in turn, must wait for it.
    table = replay_events("law_36b4_inadmissible_redouble_out_of_rotation", 1)
    table.call("S", "X")
    assert pending_decision(table) == ("director", "36", [("36B", "36B4")])
    assert_refused(table, lambda: table.call("E", "Pass"), "Director")
    table.decide("director", "36B")
    assert _entries(table)[-1] == ("S", "X", "cancelled", "36B4")
    assert restrictions_in_force(table) == {(REST, "N", "36B4")}
    assert table.turn is Seat.EAST


# -- Law 37: action violating an obligation to pass ---------------------------------------


def test_law_37a_lho_calls_the_bid_stands_and_the_obligation_remains() -> None:
    name = "law_37a_lho_calls_over_forbidden_bid"  # West must pass by 30B2a
    table = replay_events(name, 6)
    assert table.turn is Seat.WEST
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 7)  # West bids 3H all the same
    assert _entries(table)[-1] == ("W", "3H", "pending", "37")
    assert pending_decision(table) == ("director", "37", [("37B", "37B")])
    assert_refused(table, lambda: table.call("E", "Pass"), "Director")
    table = replay_events(
        name, 6
    )  # an inadmissible redouble by the silenced player is Law 36 (37A)
    table.call("W", "XX")
    assert pending_decision(table) == ("director", "36", [("36B", "36B")])
    table.decide("director", "36B")
    assert table.turn is Seat.WEST
    assert _legal(table) == ["Pass"]  # the legal call he must substitute is a pass
    table = replay_events(name, 8)  # North calls 4S before the rectification
    assert _entries(table)[-2:] == [("W", "3H", "standing", "37A"), ("N", "4S", "standing", None)]
    assert rulings(table)[-1] == ("37A", "N", "call")
    assert restrictions_in_force(table) == {(REST, "W", "30B2a")}  # the obligation stands
    assert table.turn is Seat.EAST
    table = replay_events(name, 10)  # P P: West still must pass
    assert table.turn is Seat.WEST
    assert _legal(table) == ["Pass"]
    table = replay_events(name)
    assert table.contract == Contract.from_str("4S N")
    assert table.pending is None  # 37A: no Law 26
    assert legal_card_names(table) == EAST


def test_law_37b_bid_cancelled_both_silenced_and_law_26a2() -> None:
    name = "law_37b_forbidden_bid_cancelled"
    table = replay_events(name, 8)
    assert _entries(table)[-2:] == [
        ("W", "3H", "cancelled", "37B"),
        ("W", "Pass", "standing", "37B"),
    ]
    assert ("W", "3H", Side.EW) in _unauthorized(table)
    assert rulings(table)[-1] == ("37B", "director", "37B")
    # Both players of the offending side must pass for the rest of the auction; West
    # already had to (30B2a), so his obligation is not written twice.
    assert restrictions_in_force(table) == {(REST, "W", "30B2a"), (REST, "E", "37B")}
    assert len(table.restrictions) == 2
    assert notes(table) == ["23", "23"]
    assert table.turn is Seat.NORTH
    table = replay_events(name, 9)  # North 4S: East must pass for the rest of the auction
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 12)
    assert pending_decision(table) == (
        "N",
        "26A2",
        [("require", "26A2a"), ("forbid", "26A2b"), ("none", "26A2")],
    )
    table = replay_events(name)  # North requires hearts
    assert legal_card_names(table) == EAST_HEARTS
    assert_lead_revoke(table, "E", "S2")


# -- Law 38: bid above seven --------------------------------------------------------------


def test_law_38b_38c_bid_above_seven_in_turn_becomes_a_pass_side_silenced() -> None:
    name = "law_38b_above_seven_in_turn"
    table = replay_events(name, 8)
    assert _entries(table)[-1] == ("W", "8H", "pending", "38")
    assert pending_decision(table) == ("director", "38", [("38", "38B")])
    table = replay_events(name, 9)
    assert _entries(table)[-2:] == [
        ("W", "8H", "cancelled", "38B"),
        ("W", "Pass", "standing", "38C"),
    ]
    assert _unauthorized(table) == [("W", "8H", Side.EW)]
    assert rulings(table) == [("38", "director", "38")]
    assert restrictions_in_force(table) == {(REST, "E", "38C"), (REST, "W", "38C")}
    assert notes(table) == ["23"]
    assert table.turn is Seat.NORTH
    table = replay_events(name, 10)
    assert _legal(table) == ["Pass"]
    table = replay_events(name)
    assert table.contract == Contract.from_str("6S N")
    # West had bid hearts in the legal auction: Law 26A1, no lead restriction.
    assert notes(table) == ["23", "26A1"]
    assert table.pending is None
    assert legal_card_names(table) == EAST


def test_law_38c_bid_above_seven_out_of_rotation_side_silenced_and_law_26a2() -> None:
    name = "law_38c_above_seven_out_of_rotation"  # 1S, West 8H at East's turn
    table = replay_events(name, 3)
    assert _entries(table) == [("N", "1S", "standing", None), ("W", "8H", "cancelled", "38B")]
    assert restrictions_in_force(table) == {(REST, "E", "38C"), (REST, "W", "38C")}
    assert table.turn is Seat.EAST
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 5)  # P 4S
    assert _legal(table) == ["Pass"]
    table = replay_events(name, 8)
    assert pending_decision(table) == (
        "N",
        "26A2",
        [("require", "26A2a"), ("forbid", "26A2b"), ("none", "26A2")],
    )
    table = replay_events(name)  # North forbids hearts
    assert legal_card_names(table) == [card for card in EAST if card not in EAST_HEARTS]
    assert_lead_revoke(table, "E", "H6")


def test_law_38c_the_pass_that_replaces_the_bid_may_end_the_auction() -> None:
    name = "law_38c_substituted_pass_ends_the_auction"  # 1S P 3S P 4S P P, then West 8H
    table = replay_events(name, 8)
    assert table.phase is Phase.AUCTION
    assert pending_decision(table) == ("director", "38", [("38", "38B")])
    table = replay_events(name, 9)
    assert _entries(table)[-2:] == [
        ("W", "8H", "cancelled", "38B"),
        ("W", "Pass", "standing", "38C"),
    ]
    assert table.phase is Phase.OPENING_LEAD  # the pass is the third after 4S
    assert table.contract == Contract.from_str("4S N")
    assert notes(table) == ["23"]
    # West never bid hearts in the legal auction: declarer's Law 26A2 choice at once.
    assert pending_decision(table) == (
        "N",
        "26A2",
        [("require", "26A2a"), ("forbid", "26A2b"), ("none", "26A2")],
    )
    table = replay_events(name)
    assert restrictions_in_force(table) == {(FORBIDDEN, "E", "26A2b")}
    assert legal_card_names(table) == [card for card in EAST if card not in EAST_HEARTS]


def test_law_38d_lho_called_calls_cancelled_no_law_23_or_26() -> None:
    name = "law_38d_lho_calls_over_bid_above_seven"  # 1S P 3S 8H, North calls 4S
    table = replay_events(name, 5)
    assert [entry for entry in _entries(table) if entry[2] == "cancelled"] == [
        ("W", "8H", "cancelled", "38B"),
        ("N", "4S", "cancelled", "38B"),
    ]
    assert ("W", "Pass", "standing", "38C") in _entries(table)
    assert _unauthorized(table) == [("W", "8H", Side.EW), ("N", "4S", Side.EW)]
    assert rulings(table) == [("38", "N", "38")]
    assert restrictions_in_force(table) == {(REST, "E", "38C"), (REST, "W", "38C")}
    assert notes(table) == []
    assert table.turn is Seat.NORTH
    table = replay_events(name, 6)  # North bids 4S again, now in turn
    assert _legal(table) == ["Pass"]
    table = replay_events(name)
    assert table.contract == Contract.from_str("4S N")
    assert notes(table) == []
    assert table.pending is None
    assert legal_card_names(table) == EAST


# -- Law 39: call after the final pass ----------------------------------------------------


def test_law_39a_39b_defender_pass_after_final_pass_cancelled() -> None:
    table = replay_events("law_39b_defender_passes_after_final_pass")
    assert _entries(table)[-1] == ("W", "Pass", "cancelled", "39A")
    assert rulings(table) == [("39B", "director", "39B")]
    assert table.contract == Contract.from_str("4S N")
    assert table.pending is None
    assert restrictions_in_force(table) == set()
    assert legal_card_names(table) == EAST


def test_law_39a_39b_declaring_side_call_after_final_pass_cancelled() -> None:
    table = replay_events("law_39b_declaring_side_calls_after_final_pass")
    assert _entries(table)[-1] == ("S", "5S", "cancelled", "39A")
    assert _unauthorized(table) == [("S", "5S", Side.NS)]
    assert rulings(table) == [("39B", "director", "39B")]
    assert table.contract == Contract.from_str("4S N")
    assert table.pending is None
    assert legal_card_names(table) == EAST


def test_law_39b_lho_calls_over_a_defender_bid_no_rectification() -> None:
    name = "law_39b_lho_calls_over_defender_bid"
    table = replay_events(name, 7)
    assert pending_decision(table) == ("director", "39", [("39C", "39C")])
    table = replay_events(name)
    assert _entries(table)[-2:] == [("W", "5H", "cancelled", "39A"), ("N", "X", "cancelled", "39A")]
    assert rulings(table) == [("39B", "N", "call")]
    assert table.contract == Contract.from_str("4S N")
    assert table.pending is None
    assert restrictions_in_force(table) == set()
    assert legal_card_names(table) == EAST


def test_law_39c_defender_bid_declarer_restricts_the_opening_lead() -> None:
    name = "law_39c_defender_bids_after_final_pass"
    table = replay_events(name, 7)
    assert_refused(table, lambda: table.play("E", "H3"), "Director")
    table = replay_events(name, 8)
    assert rulings(table) == [("39C", "director", "39C")]
    assert pending_decision(table) == (
        "N",
        "26A2",
        [("require", "26A2a"), ("forbid", "26A2b"), ("none", "26A2")],
    )
    table = replay_events(name)  # North requires hearts
    assert restrictions_in_force(table) == {(REQUIRED, "E", "26A2a")}
    assert legal_card_names(table) == EAST_HEARTS
    assert_lead_revoke(table, "E", "DK")
    table.play("E", "H8")
    assert table.face_down_lead is not None
    assert str(table.face_down_lead) == "H8"


def test_law_39c_opening_leader_bids_so_partner_first_lead_is_restricted() -> None:
    name = "law_39c_opening_leader_bids_partner_lead_restricted"  # East bids 5D at the end
    table = replay_events(name, 8)
    assert rulings(table) == [("39C", "director", "39C")]
    # The restriction waits for West's first lead; East's opening lead is free.
    assert restrictions_in_force(table) == {(LEAD_OPTION, "W", "26A2")}
    assert table.pending is None
    assert legal_card_names(table) == EAST
    table = replay_events(name, 13)  # H3 faced, H7, West wins with the ace, H4
    assert table.tricks[-1].winner is Seat.WEST
    assert pending_decision(table) == (
        "N",
        "26A2",
        [("require", "26A2a"), ("forbid", "26A2b"), ("none", "26A2")],
    )
    assert table.pending is not None
    assert table.pending.options[0].suits == (Suit.DIAMONDS,)
    assert_refused(table, lambda: table.play("W", "HQ"), "North")
    table = replay_events(name)  # North requires a diamond
    assert rulings(table)[-1] == ("26A2a", "N", "require")
    assert legal_card_names(table) == ["D7", "D4", "D3"]
    assert_lead_revoke(table, "W", "HQ")


# -- Law 22: end of the auction, and the whole board --------------------------------------


def test_law_22a1_four_passes_pass_the_board_out() -> None:
    table = replay_events("law_22a1_passed_out")
    assert table.phase is Phase.PASSED_OUT
    assert table.contract is None
    assert table.declarer is None
    assert table.score() == 0
    assert table.turn is None
    assert table.legal_calls() == []
    assert table.legal_cards() == []
    assert_refused(table, lambda: table.play("E", "SA"), "over")
    table.call("N", "1NT")  # a call after the final pass is cancelled (39A)
    assert _entries(table)[-1] == ("N", "1NT", "cancelled", "39A")
    assert table.phase is Phase.PASSED_OUT
    assert table.score() == 0


# Law 77, four spades not vulnerable: 120 for the tricks bid, 300 game bonus, 30 an
# overtrick; 50 an undertrick.
FOUR_SPADES_NOT_VULNERABLE = {7: -150, 8: -100, 9: -50, 10: 420, 11: 450, 12: 480, 13: 510}
RANKS = "23456789TJQKA"


def _law_44_winner(cards: list[tuple[str, str]], trumps: str) -> str:
    """Law 44E-F: the highest trump, else the highest card of the suit led."""
    led = cards[0][1][0]
    suit = trumps if any(card[0] == trumps for _, card in cards) else led
    return max(
        (entry for entry in cards if entry[1][0] == suit), key=lambda e: RANKS.index(e[1][1])
    )[0]


def test_law_22a2_whole_board_declarer_first_to_name_the_strain_and_law_77_score() -> None:
    name = "law_22a2_whole_board"  # 1S P 2C 2H 2S P 4S P P P, then the play
    events = [json.loads(line) for line in scenario_lines(name)[1:]]
    auction = 10
    table = replay_events(name, auction)
    assert table.phase is Phase.OPENING_LEAD
    # South bid the final 4S, but North named spades first for the side (22A2).
    assert table.calls[-4][0] is Seat.SOUTH
    assert table.contract == Contract.from_str("4S N")
    assert table.dummy is Seat.SOUTH
    assert table.opening_leader is Seat.EAST
    # Dummy trying to make the opening lead is not a lead: Law 54E sends it to Law 24,
    # the card lies face up until the auction period ends, and East still leads.
    probe = replay_events(name, auction)
    probe.play("S", "S4")
    assert [ruling.law for ruling in probe.rulings][-2:] == ["54E", "24B"]
    assert [(r.kind, r.seat, r.card) for r in probe.restrictions] == [
        (RestrictionKind.EXPOSED_CARD, Seat.SOUTH, Card.from_str("S4"))
    ]
    assert probe.turn is Seat.EAST
    assert probe.phase is Phase.OPENING_LEAD
    # Law 41A: the opening lead is made face down; the next card waits until it is faced.
    table = replay_events(name, auction + 1)
    assert table.phase is Phase.LEAD_FACE_DOWN
    assert str(table.face_down_lead) == events[auction]["card"]
    assert_refused(table, lambda: table.play("S", "S4"), "41C")
    table = replay_events(name, auction + 2)
    assert events[auction + 1] == {"event": "face_lead"}
    assert table.phase is Phase.PLAY
    assert [(str(s), str(c)) for s, c in table.current_trick] == [("E", events[auction]["card"])]
    # Law 44C: North leads the second trick with a club; East, holding clubs, must follow.
    plays = [event for event in events[auction:] if event["event"] == "play"]
    assert plays[4] == {"event": "play", "seat": "N", "card": "C5"}
    table = replay_events(name, auction + 2 + 4)
    assert table.turn is Seat.EAST
    assert all(str(card).startswith("C") for card in table.legal_cards())
    # East playing the ♦K while holding clubs is not refused: it is a revoke (61A),
    # recorded with the suit not followed, and the trick goes on.
    probe = replay_events(name, auction + 2 + 4)
    probe.play("E", "DK")
    assert [(r.trick, r.seat, str(r.card), r.suit, r.established) for r in probe.revokes] == [
        (1, Seat.EAST, str(Card.from_str("DK")), Suit.CLUBS, False)
    ]
    assert probe.turn is Seat.SOUTH
    # The whole board: thirteen tricks, each won by the reference Law 44 winner.
    table = replay_events(name)
    assert table.phase is Phase.COMPLETE
    assert len(plays) == 52
    assert len(table.tricks) == 13
    leader = "E"
    won_by_ns = 0
    for number, trick in enumerate(table.tricks):
        cards = [(play["seat"], play["card"]) for play in plays[4 * number : 4 * number + 4]]
        assert cards[0][0] == leader
        assert [(str(s), str(c)) for s, c in zip(trick.seats, trick.cards, strict=True)] == cards
        leader = _law_44_winner(cards, "S")
        assert str(trick.winner) == leader
        won_by_ns += leader in "NS"
    assert table.declarer_tricks == won_by_ns
    assert table.score() == FOUR_SPADES_NOT_VULNERABLE[won_by_ns]
    assert_refused(table, lambda: table.play("E", "SA"), "over")


# -- Law 10C and the table log: a wrong actor or option changes nothing --------------------


def test_law_10c_only_the_named_player_chooses_among_the_options_offered() -> None:
    table = replay_events("law_32a_double_at_partner_turn", 2)  # North may accept West's double
    assert_refused(table, lambda: table.decide("E", "accept"), "North", "East")
    assert_refused(table, lambda: table.decide("S", "refuse"), "North", "South")
    assert_refused(table, lambda: table.decide("director", "refuse"), "North")
    assert_refused(table, lambda: table.decide("N", "32A"), "accept, refuse")
    assert_refused(table, lambda: table.play("E", "ST"), "auction")
    assert_refused(table, lambda: table.call("S", "2S"), "North")  # not the player in turn
    table = replay_events("law_30a_pass_before_any_bid", 2)  # the Director judges the pass
    assert_refused(table, lambda: table.decide("S", "natural"), "Director", "South")
    assert_refused(table, lambda: table.decide("director", "31"), "natural, artificial")


def test_law_10c_a_bad_line_in_the_log_names_the_line_and_keeps_the_state() -> None:
    name = "law_31b_bid_at_partner_turn"
    lines = scenario_lines(name)[:3]  # board, 1S, West's 2H out of rotation
    good = replay(lines, name)
    bad = '{"event": "decision", "by": "E", "choice": "accept"}'
    with pytest.raises(TableLogError) as error:
        replay([*lines, bad], name)
    assert error.value.line == 4
    assert "North" in str(error.value)
    assert str(error.value).startswith(f"{name}, line 4")
    assert error.value.table is not None
    assert table_state(error.value.table) == table_state(good)


SCENARIO_NAMES = sorted(
    path.stem
    for path in SCENARIOS.glob("law_*.jsonl")
    if path.stem[4:6] in {"22", "30", "31", "32", "36", "37", "38", "39"}
)


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_law_30_to_39_scenarios_replay_to_the_same_state_twice(name: str) -> None:
    first, second = replay_events(name), replay_events(name)
    assert table_state(first) == table_state(second)
    assert first.events == tuple(second.events)
    assert first.score() == second.score()


ACTORS = [*"NESW", "director"]
CHOICES = ["accept", "refuse", "natural", "artificial", "36B", "37B", "38", "39C", "none"]
CALLS = ["Pass", "X", "XX", "1H", "2S", "3H", "4S", "8H"]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["law_30a_pass_before_any_bid", "law_32a_double_at_partner_turn"]),
    st.lists(
        st.one_of(
            st.tuples(st.just("call"), st.sampled_from("NESW"), st.sampled_from(CALLS)),
            st.tuples(st.just("decide"), st.sampled_from(ACTORS), st.sampled_from(CHOICES)),
        ),
        max_size=12,
    ),
)
def test_law_30_to_39_any_action_applies_or_is_refused_leaving_the_table_intact(
    name: str, actions: list[tuple[str, str, str]]
) -> None:
    table = replay_events(name, 0)
    for kind, who, what in actions:
        before = table_state(table)
        try:
            if kind == "call":
                table.call(who, what)
            else:
                table.decide(who, what)
        except IllegalActionError:
            assert table_state(table) == before
    replayed = replay([json.dumps(event.to_json()) for event in table.events])
    assert table_state(replayed) == table_state(table)
