"""Auction Laws at the table, the cases an audit found wrong (17D, 21B, 24, 25, 26, 39, 41A).

Each test replays a table log of ``tests/scenarios/`` (or plays the calls itself) on deal
``D1`` of ``test_table_auction_laws_17_29.py`` (board 1, dealer North; the natural auction
1♠ (2♥) 3♠ (Pass) 4♠ by North, East leads). The expected state is written from the
Law's text: the fate of each call, the rulings, the restrictions in force, the decision
the table waits on, and that nothing escapes but a one-line refusal.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from arbitro.core import PASS, Bid, Card, Contract, Deal, Seat, Side, Strain
from arbitro.laws.auction import (
    ImpossibleBid,
    read_call,
    skipped_seat,
    standing,
    summarize,
    summary_after,
)
from arbitro.table import IllegalActionError, Phase, RestrictionKind, Table
from arbitro.table.events import CallEvent, ExposedEvent, SimultaneousEvent, WrongBoardEvent
from table_support import (
    assert_lead_revoke,
    assert_refused,
    legal_card_names,
    load_scenario,
    next_seat,
    notes,
    pending_decision,
    replay_events,
    restrictions_in_force,
    rulings,
    table_state,
)

D1 = "N:AKJ52.K74.A73.86 Q7.AQJ963.K5.J92 T986.852.QJ4.AK4 43.T.T9862.QT753"
NATURAL = ("1S", "2H", "3S", "Pass", "4S", "Pass", "Pass", "Pass")
EXPOSED = RestrictionKind.EXPOSED_CARD
PENALTY = RestrictionKind.PENALTY_CARD
REQUIRED = RestrictionKind.LEAD_REQUIRED
LEAD_OPTION = RestrictionKind.LEAD_OPTION
EAST_DIAMONDS = ["DK", "D5"]


def d1() -> Table:
    return Table(Deal.from_str(D1), number=1)


def four_spades(table: Table) -> Table:
    for seat, call in zip("NESWNESW", NATURAL, strict=True):
        table.call(seat, call)
    return table


def auction(table: Table) -> list[tuple[str, str, str, str | None]]:
    return [(str(e.seat), str(e.call), e.status.value, e.law) for e in table.auction]


# -- Law 25B: an inadmissible substitute is never accepted (35, 36, 37) ---------------------------


def test_law_25b_36_inadmissible_substitute_is_cancelled_not_offered() -> None:
    name = "law_25b2_inadmissible_substitute_cancelled"  # North: 1C, then XX instead
    table = replay_events(name, 3)
    # Nothing to redouble: 19B forbids XX, so East is never asked to accept it (25B1).
    assert table.pending is None
    assert auction(table) == [("N", "1C", "standing", None), ("N", "XX", "cancelled", "25B2")]
    assert rulings(table) == [("25B2", "director", "25B")]
    assert "36" in str(table.rulings[-1].message)
    assert table.turn is Seat.EAST
    table = load_scenario(name)
    assert auction(table)[-1] == ("E", "Pass", "standing", None)
    assert table.turn is Seat.SOUTH


def test_law_25b_37_substitute_by_a_player_who_must_pass_is_cancelled() -> None:
    table = d1()
    table.call("N", "1S")
    table.call("E", "1H")  # insufficient
    table.decide("S", "refuse")
    table.call("E", "3H")
    table.decide("director", "27B2")  # West must pass for the rest of the auction
    table.call("S", "Pass")
    table.call("W", "Pass")
    table.change("W", "4H")
    table.decide("director", "25B")
    assert table.pending is None
    assert rulings(table)[-1] == ("25B2", "director", "25B")
    assert "37" in str(table.rulings[-1].message)
    assert auction(table)[-1] == ("W", "4H", "cancelled", "25B2")
    assert table.turn is Seat.NORTH


def test_law_25b1_admissible_substitute_still_offered_to_lho() -> None:
    table = d1()
    table.call("N", "1S")
    table.call("E", "X")
    table.change("E", "2H")
    table.decide("director", "25B")
    assert pending_decision(table) == ("S", "25", [("accept", "25B1"), ("refuse", "25B2")])


def test_the_pass_that_ends_the_auction_is_undone_if_its_consequences_raise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """If what follows the end of the auction raises, the table is as it was before.

    apply() puts the table back (the general path from its snapshot, a fast path by
    folding the events again): no call recorded without its event, nothing half done.
    """
    from arbitro.table import rectify

    def refuse(table: Table) -> None:
        raise IllegalActionError.__new__(IllegalActionError)

    table = d1()
    for seat, call in zip("NESW", ("1S", "Pass", "Pass"), strict=False):
        table.call(seat, call)
    before = table_state(table)
    monkeypatch.setattr(rectify, "auction_ended", refuse)
    with pytest.raises(IllegalActionError):
        table.call("W", "Pass")
    assert table_state(table) == before
    assert len(table.auction) == len(table.events) - 1 == 3


# -- Law 24 and 26 when the auction reopens (21B1, 25) -------------------------------------------


def test_law_24_exposed_card_goes_back_when_the_offender_becomes_declarer() -> None:
    name = "law_24_exposed_card_back_when_the_offender_becomes_declarer"
    table = replay_events(name, 10)  # West's CQ: a penalty card against 4S; no 50D2 restriction
    assert restrictions_in_force(table) == {(PENALTY, "W", "24")}
    table = replay_events(name, 12)  # West changes his last pass to 5D (21B1): auction reopens
    assert table.phase is Phase.AUCTION
    assert restrictions_in_force(table) == {(EXPOSED, "W", "24")}
    table = replay_events(name, 15)  # three passes: 5D by West, North leads
    assert table.contract == Contract.from_str("5D W")
    assert restrictions_in_force(table) == {(EXPOSED, "W", "24")}
    assert table.pending is None  # no 50D2 choice: the offender is declarer
    table = load_scenario(name)  # North's lead faced: the CQ goes back to West's hand
    assert restrictions_in_force(table) == set()
    assert Card.from_str("CQ") in table.hand("W")
    table.play("E", "H3")
    table.play("S", "H2")
    table.play("W", "HT")  # declarer wins and leads anything
    assert table.turn is Seat.WEST
    assert len(table.legal_cards()) == 12


def test_law_24_penalty_card_judged_again_when_the_offender_still_defends() -> None:
    table = four_spades(d1())
    table.apply(ExposedEvent(Seat.WEST, (Card.from_str("CQ"),)))
    table.decide("N", "none")
    table.change("S", "5S")  # South meant 5S, at once (25A): the auction reopens
    table.decide("director", "25A")
    table.decide("W", "keep")  # West keeps his pass over it (25A4)
    assert restrictions_in_force(table) == {(EXPOSED, "W", "24")}
    for seat in "NE":
        table.call(seat, "Pass")
    # West defends again: the CQ is a major penalty card again; declarer chooses afresh.
    assert table.contract == Contract.from_str("5S N")
    assert restrictions_in_force(table) == {(PENALTY, "W", "24")}
    assert pending_decision(table)[:2] == ("N", "50D2")


def test_law_50d2_lead_requirement_of_the_old_contract_dropped_when_auction_reopens() -> None:
    table = four_spades(d1())
    table.apply(ExposedEvent(Seat.WEST, (Card.from_str("CQ"),)))
    table.decide("N", "require", suit="C")  # East must lead a club against 4S
    assert restrictions_in_force(table) == {(REQUIRED, "E", "50D2a")}
    table.change("W", "5D", misinformation=True)
    table.decide("director", "21B1")
    assert restrictions_in_force(table) == set()
    for seat in "NES":
        table.call(seat, "Pass")
    assert table.contract == Contract.from_str("5D W")
    assert table.dummy is Seat.EAST
    assert restrictions_in_force(table) == set()


# -- Law 39 while another ruling is pending ------------------------------------------------------


def test_law_39a_call_after_final_pass_waits_for_the_pending_50d2_choice() -> None:
    name = "law_39a_call_held_while_a_ruling_is_pending"
    table = replay_events(name, 9)  # West's CQ exposed: declarer's 50D2 choice pending
    assert pending_decision(table)[:2] == ("N", "50D2")
    table = replay_events(name, 10)  # West bids 5D: cancelled (39A), the 50D2 choice stays
    assert auction(table)[-1] == ("W", "5D", "cancelled", "39A")
    assert pending_decision(table)[:2] == ("N", "50D2")
    assert notes(table)[-1] == "39A"
    table = replay_events(name, 11)  # declarer requires a club: then the Director rules 39
    assert restrictions_in_force(table) == {(REQUIRED, "E", "50D2a")}
    assert pending_decision(table) == ("director", "39", [("39C", "39C")])
    table = replay_events(name, 12)  # 39C: Law 26 for 5D, declarer's choice
    assert pending_decision(table)[:2] == ("N", "26A2")
    table = load_scenario(name)
    assert [law for law, _, _ in rulings(table)][-3:] == ["50D2a", "39C", "26A2"]
    assert legal_card_names(table) == ["CJ", "C9", "C2"]


def test_law_39a_call_after_final_pass_waits_for_the_pending_54_choice() -> None:
    table = four_spades(d1())
    table.play("W", "D9")  # opening lead out of turn: declarer's choice (54)
    table.call("E", "5H")
    assert auction(table)[-1] == ("E", "5H", "cancelled", "39A")
    assert pending_decision(table)[:2] == ("N", "54")
    table.decide("N", "accept")
    assert [law for law, _, _ in rulings(table)] == ["54B"]
    assert pending_decision(table) == ("director", "39", [("39C", "39C")])


# -- Law 39C + 26 + 41A: the face-down opening lead goes back ------------------------------------


def test_law_39c_41a_face_down_lead_goes_back_to_meet_the_lead_restriction() -> None:
    name = "law_39c_face_down_lead_goes_back"  # East's HA face down; West bids 5D
    table = replay_events(name, 10)
    assert table.face_down_lead == Card.from_str("HA")
    table = replay_events(name, 11)  # 39C: the HA goes back; declarer chooses (26A2)
    assert table.face_down_lead is None
    assert table.phase is Phase.OPENING_LEAD
    assert Card.from_str("HA") in table.hand("E")
    assert [law for law, _, _ in rulings(table)] == ["39C", "41A"]
    assert pending_decision(table)[:2] == ("N", "26A2")
    table = load_scenario(name)  # declarer requires diamonds
    assert restrictions_in_force(table) == {(REQUIRED, "E", "26A2a")}
    assert legal_card_names(table) == EAST_DIAMONDS
    assert_lead_revoke(table, "E", "HA")


def test_law_24_50d2_41a_honour_exposed_after_the_face_down_lead() -> None:
    table = four_spades(d1())
    table.play("E", "HA")  # face down
    table.apply(ExposedEvent(Seat.WEST, (Card.from_str("CQ"),)))
    assert table.face_down_lead is None
    assert Card.from_str("HA") in table.hand("E")
    assert pending_decision(table)[:2] == ("N", "50D2")


def test_law_24a_small_card_after_the_face_down_lead_leaves_it_down() -> None:
    table = four_spades(d1())
    table.play("E", "HA")
    table.apply(ExposedEvent(Seat.WEST, (Card.from_str("C3"),)))  # a minor penalty card
    assert table.face_down_lead == Card.from_str("HA")
    assert table.pending is None


# -- Laws 29C, 31A, 27A2: what a call out of rotation must repeat --------------------------------


def test_law_29c_31a2b_artificial_call_repeated_in_notrump_repeats_no_suit_shown() -> None:
    name = "law_29c_31a2b_artificial_call_repeated_in_notrump"
    # South's 2NT at East's turn showed the minors (29C); East bids 2S; South bids 3NT.
    table = replay_events(name, 6)
    assert [law for law, _, _ in rulings(table)][-1] == "31A2b"
    assert restrictions_in_force(table) == {(RestrictionKind.MUST_PASS_REST, "N", "31A2b")}
    table = load_scenario(name)
    assert table.contract == Contract.from_str("3NT S")


def test_law_29c_31a2a_artificial_call_repeated_in_a_suit_shown() -> None:
    table = replay_events("law_29c_31a2b_artificial_call_repeated_in_notrump", 5)
    table.call("S", "3C")  # clubs, one of the suits the 2NT showed
    assert [law for law, _, _ in rulings(table)][-1] == "31A2a"
    assert restrictions_in_force(table) == {(RestrictionKind.MUST_PASS_NEXT_TURN, "N", "31A2a")}


def test_law_27a2_31a1_insufficient_bid_out_of_rotation_must_be_repeated_then_law_27() -> None:
    name = "law_31a1_insufficient_bid_out_of_rotation_repeated"
    table = replay_events(name, 5)  # East passed: South must repeat his 1H (31A1)
    assert [law for law, _, _ in rulings(table)][-1] == "31A1"
    assert_refused(table, lambda: table.call("S", "3H"), "1♥", "31A1")
    assert_refused(table, lambda: table.call("S", "2H"), "1♥", "31A1")
    assert_refused(table, lambda: table.call("S", "Pass"), "1♥", "31A1")
    table = replay_events(name, 6)  # the repeated 1H is insufficient: Law 27 (27A2)
    assert pending_decision(table) == ("W", "27", [("accept", "27A1"), ("refuse", "27B")])
    table = load_scenario(name)  # refused, corrected to 2H, the lowest sufficient bid
    assert auction(table)[-2:] == [
        ("S", "1H", "withdrawn", "27B1a"),
        ("S", "2H", "standing", "27B1a"),
    ]
    assert notes(table) == ["27D"]


# -- Law 30A: a pass out of rotation before any bid, whatever the turn ---------------------------


def test_law_30a_second_pass_at_lho_turn_before_any_bid_is_not_a_change_of_call() -> None:
    name = "law_30a_second_pass_at_lho_turn"  # North and East pass; East passes again
    table = replay_events(name, 3)
    assert pending_decision(table) == ("S", "29", [("accept", "29A"), ("refuse", "29B")])
    table = replay_events(name, 5)
    assert [law for law, _, _ in rulings(table)] == ["29B", "30A"]
    assert restrictions_in_force(table) == {(RestrictionKind.MUST_PASS_NEXT_TURN, "E", "30A")}
    table = replay_events(name, 8)  # South, West, North call: East must pass now
    assert table.turn is Seat.EAST
    assert [str(call) for call in table.legal_calls()] == ["Pass"]
    table = load_scenario(name)
    assert restrictions_in_force(table) == set()


def test_law_30b3_second_pass_at_lho_turn_after_a_bid_is_a_change_of_call() -> None:
    table = d1()
    table.call("N", "1S")
    table.call("E", "Pass")
    table.call("E", "Pass")  # at South's turn, after a bid: 30B3, a change of call (25)
    assert table.pending is not None
    assert table.pending.law == "25"


# -- Laws 17D1, 22B, 25A: the auction period lasts until the lead is faced ----------------------


def test_law_17d1_wrong_board_found_while_the_opening_lead_is_face_down() -> None:
    name = "law_17d1_wrong_board_lead_face_down"
    table = replay_events(name, 10)  # West's last pass was made with another board's cards
    assert table.face_down_lead is None
    assert Card.from_str("HA") in table.hand("E")
    assert table.phase is Phase.AUCTION
    assert table.turn is Seat.WEST
    assert auction(table)[-1] == ("W", "Pass", "cancelled", "17D1")
    table = load_scenario(name)  # West passes again: 4S by North, East leads again
    assert table.contract == Contract.from_str("4S N")
    assert table.phase is Phase.OPENING_LEAD
    assert table.turn is Seat.EAST


def test_law_22b2_25a_unintended_fourth_pass_changed_after_a_pass_out() -> None:
    name = "law_22b2_25a_fourth_pass_changed"
    table = replay_events(name, 4)
    assert table.phase is Phase.PASSED_OUT
    table = replay_events(name, 5)  # West meant 1D: the hands are not back in the board
    assert pending_decision(table) == ("director", "25", [("25A", "25A"), ("25B", "25B")])
    table = load_scenario(name)
    assert table.phase is Phase.AUCTION
    assert auction(table)[3:] == [
        ("W", "Pass", "withdrawn", "25A"),
        ("W", "1D", "standing", "25A"),
        ("N", "1S", "standing", None),
    ]
    assert table.turn is Seat.EAST


# -- Law 25A before Law 27: an unintended insufficient bid -------------------------------------


def test_law_25a_unintended_insufficient_bid_corrected_at_once() -> None:
    name = "law_25a_unintended_insufficient_bid"  # East pulls 1D meaning 2S, corrects at once
    table = replay_events(name, 3)
    assert pending_decision(table) == ("director", "25", [("25A", "25A"), ("27C", "27C")])
    table = load_scenario(name)
    assert auction(table) == [
        ("N", "1NT", "standing", None),
        ("E", "1D", "withdrawn", "25A"),
        ("E", "2S", "standing", "25A"),
        ("S", "Pass", "standing", None),
    ]
    assert rulings(table) == [("25A", "director", "25A")]
    assert table.restrictions == ()  # no Law 27 rectification: West free


def test_law_27c_when_the_director_rules_the_change_a_replacement() -> None:
    table = replay_events("law_25a_unintended_insufficient_bid", 3)
    table.decide("director", "27C")
    assert rulings(table) == [("27C", "director", "27C")]
    assert pending_decision(table) == ("S", "27", [("accept", "27A1"), ("refuse", "27B")])
    table.decide("S", "refuse")
    assert table.pending is not None
    assert table.pending.decider == "director"  # the 2S replacement is ruled under 27B


# -- Law 25A1 after 27B: the intended call is judged again as the replacement --------------------


def test_law_25a1_intended_replacement_of_an_insufficient_bid_judged_under_27b() -> None:
    name = "law_25a1_unintended_replacement_of_an_insufficient_bid"
    table = replay_events(name, 5)  # East's 3H replaced his 1H: 27B2, West barred
    assert restrictions_in_force(table) == {(RestrictionKind.MUST_PASS_REST, "W", "27B2")}
    table = replay_events(name, 7)  # 3H was a slip for 2H (25A): 2H is the replacement now
    assert restrictions_in_force(table) == set()
    assert pending_decision(table) == (
        "director",
        "27",
        [("27B1a", "27B1a"), ("27B1b", "27B1b"), ("27B2", "27B2")],
    )
    table = load_scenario(name)  # 27B1a: no rectification, West bids freely
    assert auction(table) == [
        ("N", "1S", "standing", None),
        ("E", "1H", "withdrawn", "27B1a"),
        ("E", "3H", "withdrawn", "25A"),
        ("E", "2H", "standing", "27B1a"),
        ("S", "3S", "standing", None),
        ("W", "4H", "standing", None),
    ]
    assert [law for law, _, _ in rulings(table)] == ["27B", "27B2", "25A", "27B1a"]
    assert notes(table)[-1] == "27D"


# -- Laws 27 and 38: a bid above seven replacing an insufficient bid is Law 38 ----------------------


def _insufficient_1h() -> Table:
    table = d1()
    table.call("N", "1S")
    table.call("E", "1H")  # insufficient (Law 27)
    return table


def test_law_27c_38_premature_replacement_above_seven_goes_to_law_38() -> None:
    table = _insufficient_1h()
    table.call("E", "8H")  # 27C: it stands unless 1H is accepted, and is judged as it is
    table.decide("S", "refuse")
    assert pending_decision(table) == ("director", "38", [("38", "38B")])
    table.decide("director", "38")
    assert auction(table) == [
        ("N", "1S", "standing", None),
        ("E", "1H", "withdrawn", "27B2"),
        ("E", "8H", "cancelled", "38B"),
        ("E", "Pass", "standing", "38C"),
    ]
    assert restrictions_in_force(table) == {
        (RestrictionKind.MUST_PASS_REST, "E", "38C"),
        (RestrictionKind.MUST_PASS_REST, "W", "38C"),
    }
    assert table.turn is Seat.SOUTH
    for seat in "SWN":
        table.call(seat, "Pass")
    assert table.contract == Contract.from_str("1S N")  # never 1SXX: nobody doubled


def test_law_27c_38_premature_replacement_above_seven_cancelled_if_1h_accepted() -> None:
    table = _insufficient_1h()
    table.call("E", "8H")
    table.decide("S", "accept")  # 27C: the replacement goes, the insufficient bid stands
    assert auction(table)[1:] == [("E", "1H", "accepted", "27A1"), ("E", "8H", "cancelled", "27C")]
    assert table.pending is None
    assert table.turn is Seat.SOUTH


def test_law_27b_38_replacement_above_seven_after_refusal_goes_to_law_38() -> None:
    table = _insufficient_1h()
    table.decide("S", "refuse")
    table.call("E", "8H")  # the replacement the offender makes (27B) is above seven
    assert pending_decision(table) == ("director", "38", [("38", "38B")])
    table.call("S", "2S")  # 38D: LHO calls before the ruling
    assert auction(table)[1:] == [
        ("E", "1H", "withdrawn", "27B2"),
        ("E", "8H", "cancelled", "38B"),
        ("E", "Pass", "standing", "38C"),
        ("S", "2S", "cancelled", "38B"),
    ]
    assert table.turn is Seat.SOUTH
    assert table.pending is None


def test_law_27b3_38_replacement_above_seven_after_a_cancelled_double_goes_to_law_38() -> None:
    table = _insufficient_1h()
    table.decide("S", "refuse")
    table.call("E", "X")
    table.decide("director", "27B3")  # East must now make a sufficient bid or pass
    table.call("E", "8H")
    assert pending_decision(table) == ("director", "38", [("38", "38B")])
    table.decide("director", "38")
    assert auction(table)[-2:] == [
        ("E", "8H", "cancelled", "38B"),
        ("E", "Pass", "standing", "38C"),
    ]
    assert table.turn is Seat.SOUTH


def test_law_38_a_bid_above_seven_is_never_a_doubling_of_the_auction_summary() -> None:
    start = summarize([(Seat.NORTH, Bid(1, Strain.SPADES))], Seat.NORTH)
    with pytest.raises(TypeError, match="38"):
        summary_after(start, Seat.EAST, ImpossibleBid(8, Strain.HEARTS))  # type: ignore[arg-type]


def test_law_25a_38_unintended_call_replaced_by_a_bid_above_seven_after_lho_called() -> None:
    table = d1()
    table.call("N", "1S")
    table.call("E", "2H")
    table.call("S", "Pass")
    table.change("E", "8H")
    table.decide("director", "25A")  # the intended call is subject to its own Law (25A1): 38
    assert pending_decision(table) == ("director", "38", [("38", "38B")])
    assert ("S", "Pass", "withdrawn", "25A4") in auction(table)
    table.decide("director", "38")
    assert auction(table)[-2:] == [
        ("E", "8H", "cancelled", "38B"),
        ("E", "Pass", "standing", "38C"),
    ]
    assert table.turn is Seat.SOUTH


# -- Laws 29A and 17E2: the left-hand opponent's accepting call is in turn ---------------------------


def _third_pass_out_of_rotation(opening: str = "1S") -> Table:
    table = d1()
    for seat, call in zip("NES", (opening, "Pass", "Pass"), strict=True):
        table.call(seat, call)
    table.call("N", "Pass")  # at West's turn: North's right-hand opponent is skipped
    return table


@pytest.mark.parametrize("accepting", ["Pass", "2H"])
def test_law_29a_lho_accepting_call_is_in_turn_and_goes_with_the_17e2_passes(
    accepting: str,
) -> None:
    table = _third_pass_out_of_rotation()
    table.call("E", accepting)  # East, North's LHO, accepts the pass by calling (29A)
    assert table.pending is None
    assert auction(table)[3:] == [
        ("N", "Pass", "cancelled", "17E2"),
        ("E", accepting, "cancelled", "17E2"),
    ]
    assert [entry.unauthorized_for for entry in table.auction[3:]] == [Side.NS, Side.NS]
    assert [law for law, _, _ in rulings(table)] == ["29A", "17E2", "17E2"]
    assert restrictions_in_force(table) == set()  # East-West, non-offenders, are never rectified
    assert notes(table) == []
    assert table.turn is Seat.WEST
    assert "X" in [str(call) for call in table.legal_calls()]


def test_law_29a_lho_accepting_call_same_as_an_accept_decision() -> None:
    called = _third_pass_out_of_rotation()
    called.call("E", "Pass")
    decided = _third_pass_out_of_rotation()
    decided.decide("E", "accept")
    assert called.turn is decided.turn is Seat.WEST
    assert called.calls == decided.calls
    assert called.restrictions == decided.restrictions == ()


def test_law_29a_17e2_lho_accepting_pass_with_no_bid_is_in_turn() -> None:
    table = d1()
    for seat in "NES":
        table.call(seat, "Pass")
    table.call("N", "Pass")  # North again, at West's turn
    table.call("E", "Pass")  # East accepts it by calling
    assert table.pending is None
    assert table.turn is Seat.WEST
    assert restrictions_in_force(table) == set()
    assert auction(table)[-1] == ("E", "Pass", "cancelled", "17E2")


# -- Laws 22B, 25A3, 21B1, 17D: a reopened auction keeps the obligations to pass ---------------------


def _west_barred_auction_over() -> Table:
    table = _insufficient_1h()
    table.decide("S", "refuse")
    table.call("E", "2H")
    table.decide("director", "27B2")  # West must pass for the rest of the auction
    for seat in "SWN":
        table.call(seat, "Pass")
    assert table.phase is Phase.OPENING_LEAD  # 2H by East: the clarification period
    return table


def _reopen_by_25a(table: Table) -> None:
    table.change("N", "3S")
    table.decide("director", "25A")


def _reopen_by_21b1(table: Table) -> None:
    table.change("N", "3S", misinformation=True)
    table.decide("director", "21B1")


def _reopen_by_25b1(table: Table) -> None:
    table.change("N", "3S")
    table.decide("director", "25B")
    table.decide("E", "accept")


def _reopen_by_17d(table: Table) -> None:
    table.apply(WrongBoardEvent(Seat.NORTH))
    table.call("N", "3S")


@pytest.mark.parametrize(
    "reopen", [_reopen_by_25a, _reopen_by_21b1, _reopen_by_25b1, _reopen_by_17d]
)
def test_law_27b2_must_pass_for_the_rest_survives_a_reopened_auction(
    reopen: Callable[[Table], None],
) -> None:
    table = _west_barred_auction_over()
    reopen(table)
    assert table.phase is Phase.AUCTION
    assert (RestrictionKind.MUST_PASS_REST, "W", "27B2") in restrictions_in_force(table)
    table.call("E", "Pass")
    table.call("S", "Pass")
    assert table.turn is Seat.WEST
    assert [str(call) for call in table.legal_calls()] == ["Pass"]
    table.call("W", "4H")  # a bid by a player obliged to pass: Law 37
    assert pending_decision(table) == ("director", "37", [("37B", "37B")])


def test_law_25b2_change_to_a_bid_by_a_barred_player_in_the_clarification_period() -> None:
    table = _insufficient_1h()
    table.decide("S", "refuse")
    table.call("E", "2H")
    table.decide("director", "27B2")  # West must pass for the rest of the auction
    for seat, call in zip("SWNESW", ("Pass", "Pass", "2S", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
    assert table.phase is Phase.OPENING_LEAD  # 2S by North; West made the final pass
    table.change("W", "3H")  # West, barred by 27B2, changes it on purpose (25B)
    table.decide("director", "25B")
    assert table.pending is None  # inadmissible (37): never offered to North (25B2)
    assert rulings(table)[-1] == ("25B2", "director", "25B")
    assert table.phase is Phase.OPENING_LEAD


def test_law_24a_exposed_card_comes_back_when_a_passed_out_board_reopens() -> None:
    table = d1()
    table.apply(ExposedEvent(Seat.EAST, (Card.from_str("C2"),)))  # a small card (24A)
    for seat in "NESW":
        table.call(seat, "Pass")
    assert table.phase is Phase.PASSED_OUT
    table.change("W", "1D")  # unintended, the hands still out of the board (22B2, 25A)
    table.decide("director", "25A")
    assert (EXPOSED, "E", "24") in restrictions_in_force(table)


# -- Law 22A1: four passes by the four players end the auction, whatever their order -----------------


def test_law_22a1_four_players_pass_the_first_out_of_rotation_accepted() -> None:
    table = d1()  # dealer North
    table.call("E", "Pass")  # at North's turn
    table.call("S", "Pass")  # South, East's LHO, accepts it by calling (29A)
    table.call("W", "Pass")
    table.call("N", "Pass")
    assert table.phase is Phase.PASSED_OUT
    assert [entry.status.value for entry in table.auction] == [
        "accepted",
        "standing",
        "standing",
        "standing",
    ]
    assert table.score() == 0
    assert "17E2" not in [law for law, _, _ in rulings(table)]


def test_law_17e2_four_passes_by_three_players_do_not_pass_the_board_out() -> None:
    assert skipped_seat(standing("N", "Pass", "Pass", "Pass", "Pass"), Seat.NORTH) is None
    twice = [(Seat.NORTH, PASS), (Seat.EAST, PASS), (Seat.WEST, PASS), (Seat.NORTH, PASS)]
    assert skipped_seat(twice, Seat.NORTH) == (2, Seat.SOUTH)  # South never called
    rotated = [(Seat.EAST, PASS), (Seat.SOUTH, PASS), (Seat.WEST, PASS), (Seat.NORTH, PASS)]
    assert skipped_seat(rotated, Seat.NORTH) is None


# -- Laws 35.2 and 37: a player obliged to pass who calls out of rotation --------------------------


def _west_barred_bids_at_south_turn() -> Table:
    table = _insufficient_1h()
    table.decide("S", "refuse")
    table.call("E", "2H")
    table.decide("director", "27B2")  # West must pass for the rest of the auction
    for seat, call in zip("SWNE", ("2S", "Pass", "Pass", "3H"), strict=True):
        table.call(seat, call)
    table.call("W", "4H")  # at South's turn, his right-hand opponent's
    return table


def test_law_37_barred_player_bidding_out_of_rotation_is_law_37_not_29() -> None:
    table = _west_barred_bids_at_south_turn()
    assert auction(table)[-1] == ("W", "4H", "pending", "37")
    assert pending_decision(table) == ("director", "37", [("37B", "37B")])
    # Only his left-hand opponent's call forfeits the rectification (37A): not South's.
    assert_refused(table, lambda: table.call("S", "Pass"), "37")


def test_law_37b_barred_player_bid_out_of_rotation_cancelled_with_no_pass_in_its_place() -> None:
    table = _west_barred_bids_at_south_turn()
    table.decide("director", "37B")
    assert auction(table)[-1] == ("W", "4H", "cancelled", "37B")  # no pass: not West's turn
    assert table.turn is Seat.SOUTH
    assert restrictions_in_force(table) == {
        (RestrictionKind.MUST_PASS_REST, "W", "27B2"),
        (RestrictionKind.MUST_PASS_REST, "E", "37B"),
    }
    assert "out of rotation" in str(table.rulings[-1].message)
    table.call("S", "Pass")
    assert [str(call) for call in table.legal_calls()] == ["Pass"]
    table.call("W", "Pass")  # never "must repeat 4H" as well as "must pass" (31A1)
    assert next_seat(table) is Seat.NORTH


def test_law_37a_lho_calls_over_a_barred_player_bid_out_of_rotation() -> None:
    table = _west_barred_bids_at_south_turn()
    table.call("N", "4S")  # West's left-hand opponent calls before the ruling
    assert auction(table)[-2:] == [("W", "4H", "standing", "37A"), ("N", "4S", "standing", None)]
    assert (RestrictionKind.MUST_PASS_REST, "W", "27B2") in restrictions_in_force(table)
    assert table.turn is Seat.EAST


def test_law_31a1_24b_obligation_to_pass_prevails_over_a_call_to_repeat() -> None:
    table = d1()
    table.call("E", "1H")  # at North's turn, his right-hand opponent's
    table.decide("S", "refuse")
    table.decide("director", "natural")
    table.call("N", "Pass")  # East must repeat 1H (31A1) ...
    table.apply(ExposedEvent(Seat.WEST, (Card.from_str("CQ"),)))  # ... and pass (24B)
    assert [str(call) for call in table.legal_calls()] == ["Pass"]
    table.call("E", "Pass")
    assert table.turn is Seat.SOUTH
    assert table.restrictions == tuple(r for r in table.restrictions if r.kind is EXPOSED)


# -- Law 31A1: the legal calls are the calls the table takes ----------------------------------------


def test_law_31a1_27a2_legal_calls_offer_the_insufficient_bid_to_repeat() -> None:
    table = replay_events("law_31a1_insufficient_bid_out_of_rotation_repeated", 5)
    assert [str(call) for call in table.legal_calls()] == ["1H"]  # what call() takes
    table.call("S", "1H")  # then Law 27 (27A2)
    assert pending_decision(table) == ("W", "27", [("accept", "27A1"), ("refuse", "27B")])


def test_law_32b1_legal_calls_offer_the_double_to_repeat() -> None:
    table = d1()
    table.call("N", "1S")
    table.call("E", "Pass")
    table.call("W", "X")  # at South's turn, his right-hand opponent's
    table.decide("N", "refuse")
    table.call("S", "Pass")  # West must repeat the double (32B1)
    assert [str(call) for call in table.legal_calls()] == ["X"]


# -- Law 33: the call in turn is irregular: the other call comes after it ----------------------------


def _simultaneous(first: tuple[str, str], second: tuple[str, str]) -> SimultaneousEvent:
    return SimultaneousEvent(
        tuple(CallEvent(Seat.from_str(seat), read_call(call)) for seat, call in (first, second))  # type: ignore[arg-type]
    )


def _insufficient_1h_with_west_pass() -> Table:
    table = d1()
    table.call("N", "1S")
    # East, in turn, bids 1H (insufficient) as West passes: West's pass comes after it.
    table.apply(_simultaneous(("W", "Pass"), ("E", "1H")))
    return table


def test_law_33_call_simultaneous_with_an_irregular_call_in_turn_is_taken_after_its_ruling() -> (
    None
):
    table = _insufficient_1h_with_west_pass()
    assert auction(table) == [("N", "1S", "standing", None), ("E", "1H", "pending", "27")]
    assert pending_decision(table) == ("S", "27", [("accept", "27A1"), ("refuse", "27B")])
    assert [law for law, _, _ in rulings(table)] == ["33", "33"]
    table.decide("S", "refuse")
    table.call("E", "2H")
    table.decide("director", "27B1a")
    # West's pass, made after East's call, is a call out of rotation (at South's turn).
    assert auction(table)[-1] == ("W", "Pass", "pending", "29")
    assert pending_decision(table) == ("N", "29", [("accept", "29A"), ("refuse", "29B")])


def test_law_33_28b_the_held_call_is_cancelled_when_the_player_in_turn_calls() -> None:
    table = _insufficient_1h_with_west_pass()
    table.call("S", "2S")  # South accepts 1H by calling (27A1), in turn before West's pass
    assert auction(table) == [
        ("N", "1S", "standing", None),
        ("E", "1H", "accepted", "27A1"),
        ("W", "Pass", "cancelled", "28B"),
        ("S", "2S", "standing", None),
    ]
    assert table.pending is None
    assert table.turn is Seat.WEST


def test_law_33_27a1_lho_call_simultaneous_with_the_insufficient_bid_accepts_it() -> None:
    table = d1()
    table.call("N", "1S")
    table.apply(_simultaneous(("E", "1H"), ("S", "2S")))  # South's call comes after 1H
    assert auction(table) == [
        ("N", "1S", "standing", None),
        ("E", "1H", "accepted", "27A1"),
        ("S", "2S", "standing", None),
    ]
    assert table.pending is None
    assert table.turn is Seat.WEST


# -- Law 38: the ruling on a bid above seven out of rotation says what is recorded -------------------


def test_law_38_out_of_rotation_ruling_says_no_pass_takes_its_place() -> None:
    table = d1()
    table.call("N", "1S")
    table.call("W", "8H")  # at East's turn
    assert table.pending is not None
    assert "becomes a pass" not in str(table.pending.options[0].text)
    table.decide("director", "38")
    assert auction(table)[-1] == ("W", "8H", "cancelled", "38B")  # no pass recorded
    assert table.turn is Seat.EAST
    message = str(table.rulings[-1].message)
    assert "becomes a pass" not in message
    assert "no pass in its place" in message


def test_law_31a1_27b3_repeated_insufficient_bid_then_replaced_by_law_27_alone() -> None:
    table = replay_events("law_31a1_insufficient_bid_out_of_rotation_repeated", 6)
    table.decide("W", "refuse")  # the repeated 1H is not accepted: South replaces it (27B)
    assert restrictions_in_force(table) == set()  # 31A1 was met by the repeat
    table.call("S", "1S")  # a second insufficient bid (27B4)
    table.decide("W", "refuse")  # rectified as in 27B3: a sufficient bid or a pass
    legal = [str(call) for call in table.legal_calls()]
    assert legal[:2] == ["Pass", "1NT"]
    table.call("S", legal[1])


def test_law_33_17d2_held_call_lapses_when_the_board_ends_in_an_adjusted_score() -> None:
    table = d1()
    for seat, call in zip("NESW", ("1S", "Pass", "Pass", "2H"), strict=True):
        table.call(seat, call)
    table.apply(WrongBoardEvent(Seat.EAST))  # East's pass, and the calls over it, cancelled
    table.apply(_simultaneous(("E", "1C"), ("N", "Pass")))  # 1C insufficient; North after it
    table.decide("S", "accept")  # 27A1: 1C stands, and 17D2 ends the board (partner called)
    assert table.phase is Phase.ADJUSTED
    assert table.pending is None
