"""A call changed, cancelled or not repeated at a turn where its player must pass (24-26, 30-32, 37).

The obligations to pass at the next turn (24B, 24C, 30A, 30B1, 31A2a) and the bar on a
double at that turn (30B2b) bind the call made at that turn: when that call is withdrawn
or cancelled (a change of call, 25A, 25B, 21B1; 25A4 for the left-hand opponent's call
over it; 17D), the call made in its place at the same turn is bound by them too. A call
to repeat (31A1, 32B1) that gives way to an obligation to pass is a different call for
Law 26. Deal ``D1`` of ``test_table_auction_laws_17_29.py`` (board 1, dealer North).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from arbitro.core import PASS, Card, Contract, Deal, Seat, Suit
from arbitro.table import RestrictionKind, Table
from arbitro.table.events import ExposedEvent, WrongBoardEvent
from table_support import pending_decision, restrictions_in_force, rulings

D1 = "N:AKJ52.K74.A73.86 Q7.AQJ963.K5.J92 T986.852.QJ4.AK4 43.T.T9862.QT753"
NEXT = RestrictionKind.MUST_PASS_NEXT_TURN
REST = RestrictionKind.MUST_PASS_REST
NO_DOUBLE = RestrictionKind.NO_DOUBLE_NEXT_TURN
LEAD_OPTION = RestrictionKind.LEAD_OPTION


def d1() -> Table:
    return Table(Deal.from_str(D1), number=1)


def auction(table: Table) -> list[tuple[str, str, str, str | None]]:
    return [(str(e.seat), str(e.call), e.status.value, e.law) for e in table.auction]


def legal(table: Table) -> list[str]:
    return [str(call) for call in table.legal_calls()]


def _expose(table: Table, seat: str, *cards: str) -> None:
    table.apply(ExposedEvent(Seat.from_str(seat), tuple(Card.from_str(c) for c in cards)))


# Each obligation to pass at the next turn, with the player in turn bound by it: the
# setup, the seat, a bid he might want to make, and the Law of the obligation.


def _law_24b() -> Table:
    table = d1()
    table.call("N", "1S")
    _expose(table, "W", "CQ")  # an honour: East must pass at his next turn
    return table


def _law_24c() -> Table:
    table = d1()
    table.call("N", "1S")
    _expose(table, "W", "S4", "S3")  # two cards: East must pass at his next turn
    return table


def _law_30a() -> Table:
    table = d1()
    table.call("E", "Pass")  # at North's turn, before any bid
    table.decide("S", "refuse")
    table.decide("director", "natural")
    table.call("N", "1S")
    return table


def _law_30b1() -> Table:
    table = d1()
    table.call("N", "1S")
    table.call("S", "Pass")  # at East's turn, South's right-hand opponent's, after a bid
    table.decide("W", "refuse")
    table.decide("director", "natural")
    table.call("E", "2H")
    return table


def _law_31a2a() -> Table:
    table = d1()
    table.call("E", "1H")  # at North's turn, East's right-hand opponent's
    table.decide("S", "refuse")
    table.decide("director", "natural")
    table.call("N", "1S")  # North bids: East may make any legal call (31A2)
    table.call("E", "2H")  # he repeats the denomination: West must pass at his next turn
    table.call("S", "Pass")
    return table


OBLIGED: dict[str, tuple[Callable[[], Table], str, str]] = {
    "24B": (_law_24b, "E", "2H"),
    "24C": (_law_24c, "E", "2H"),
    "30A": (_law_30a, "E", "2H"),
    "30B1": (_law_30b1, "S", "3S"),
    "31A2a": (_law_31a2a, "W", "3C"),
}


@pytest.mark.parametrize("law", list(OBLIGED))
def test_law_25a_37_intended_bid_replacing_a_pass_the_player_owed_is_law_37(law: str) -> None:
    setup, seat, bid = OBLIGED[law]
    table = setup()
    assert restrictions_in_force(table) >= {(NEXT, seat, law)}
    assert legal(table) == ["Pass"]
    table.call(seat, "Pass")
    table.change(seat, bid)
    table.decide("director", "25A")
    # The intended bid "is subject to the appropriate Law" (25A1): made by a player
    # obliged to pass at this turn, it is inadmissible (35.2), and Law 37 applies.
    assert auction(table)[-2:] == [(seat, "Pass", "withdrawn", "25A"), (seat, bid, "pending", "37")]
    assert pending_decision(table) == ("director", "37", [("37B", "37B")])
    table.decide("director", "37B")
    assert auction(table)[-2:] == [
        (seat, bid, "cancelled", "37B"),
        (seat, "Pass", "standing", "37B"),
    ]
    offenders = {str(s) for s in Seat.from_str(seat).side.seats}
    assert {(kind, s) for kind, s, _ in restrictions_in_force(table)} >= {
        (REST, s) for s in offenders
    }


@pytest.mark.parametrize("law", list(OBLIGED))
def test_law_25b_37_substitute_bid_for_a_pass_the_player_owed_is_cancelled(law: str) -> None:
    setup, seat, bid = OBLIGED[law]
    table = setup()
    table.call(seat, "Pass")
    table.change(seat, bid)
    table.decide("director", "25B")
    # Never offered to the left-hand opponent: an inadmissible call is not accepted (25B1,
    # 35.2); the change is cancelled and the pass stands (25B2).
    assert table.pending is None
    assert auction(table)[-2:] == [
        (seat, "Pass", "standing", None),
        (seat, bid, "cancelled", "25B2"),
    ]
    assert rulings(table)[-1] == ("25B2", "director", "25B")
    message = str(table.rulings[-1].message)
    assert "37" in message
    assert f"Law {law}" in message  # the obligation it would break is named
    assert table.turn is Seat.from_str(seat).lho


def test_law_25b_30b2b_substitute_double_at_the_turn_it_is_barred_is_cancelled() -> None:
    table = d1()
    table.call("N", "1S")
    table.call("W", "Pass")  # at East's turn, his partner's, after a bid
    table.decide("N", "refuse")
    table.decide("director", "natural")  # 30B2a: West barred; 30B2b: East may not double
    table.call("E", "Pass")
    table.change("E", "X")
    table.decide("director", "25B")
    assert table.pending is None
    assert auction(table)[-1] == ("E", "X", "cancelled", "25B2")
    assert "30B2b" in str(table.rulings[-1].message)
    assert table.turn is Seat.SOUTH


def test_law_25a_30b2b_intended_double_at_the_turn_it_is_barred_is_law_37() -> None:
    table = d1()
    table.call("N", "1S")
    table.call("W", "Pass")
    table.decide("N", "refuse")
    table.decide("director", "natural")
    table.call("E", "Pass")
    table.change("E", "X")
    table.decide("director", "25A")
    assert auction(table)[-1] == ("E", "X", "pending", "30B2b")
    assert pending_decision(table) == ("director", "37", [("37B", "37B")])


def test_law_25a_admissible_intended_call_meets_the_obligation_it_replaces() -> None:
    table = d1()
    table.call("N", "1S")
    table.call("W", "Pass")
    table.decide("N", "refuse")
    table.decide("director", "natural")
    table.call("E", "Pass")
    table.change("E", "2H")  # a bid is allowed at that turn, a double is not (30B2b)
    table.decide("director", "25A")
    assert table.pending is None
    assert auction(table)[-1] == ("E", "2H", "standing", "25A")
    assert (NO_DOUBLE, "E", "30B2b") not in restrictions_in_force(table)
    table.call("S", "Pass")
    table.call("W", "Pass")
    table.call("N", "2S")
    assert "X" in legal(table)  # East's next turn after it is free


def test_law_25a_25a4_37_intended_bid_after_lho_called_withdraws_lho_call() -> None:
    table = _law_24b()
    table.call("E", "Pass")
    table.call("S", "2S")  # East's left-hand opponent calls over the pass
    table.change("E", "2H")
    table.decide("director", "25A")
    # 2H breaks East's obligation: South's call over the unintended pass is withdrawn
    # (25A4), and Law 37 applies to 2H; South may now call (37A) or await the ruling.
    assert auction(table)[1:] == [
        ("E", "Pass", "withdrawn", "25A"),
        ("S", "2S", "withdrawn", "25A4"),
        ("E", "2H", "pending", "37"),
    ]
    assert pending_decision(table) == ("director", "37", [("37B", "37B")])
    table.call("S", "3S")  # 37A: 2H and the calls after it stand
    assert auction(table)[-2:] == [("E", "2H", "standing", "37A"), ("S", "3S", "standing", None)]
    assert (NEXT, "E", "24B") not in restrictions_in_force(table)


def test_law_25a4_lho_calling_again_is_bound_by_his_obligation_to_pass() -> None:
    table = _law_24b()
    table.call("E", "Pass")  # East meets his obligation (24B) ...
    table.change("N", "2S")
    table.decide("director", "25A")
    table.decide("E", "withdraw")  # ... but his pass is withdrawn: he calls again, same turn
    assert table.turn is Seat.EAST
    assert legal(table) == ["Pass"]
    table.call("E", "3H")
    assert pending_decision(table) == ("director", "37", [("37B", "37B")])


def test_law_17d1_24b_call_made_again_is_bound_by_the_obligation_to_pass() -> None:
    table = _law_24b()
    table.call("E", "Pass")
    table.apply(WrongBoardEvent(Seat.EAST))  # East's pass was made with another board's cards
    assert table.turn is Seat.EAST
    assert (NEXT, "E", "24B") in restrictions_in_force(table)
    assert legal(table) == ["Pass"]


# -- Law 26: the call to repeat gives way to the obligation to pass -------------------------------


def test_law_31a1_26a2_call_to_repeat_not_repeated_under_an_obligation_to_pass() -> None:
    table = d1()
    table.call("E", "1H")  # at North's turn
    table.decide("S", "refuse")
    table.decide("director", "natural")
    table.call("N", "Pass")  # East must repeat 1H (31A1) ...
    _expose(table, "W", "CQ")  # ... and must pass (24B): the obligation prevails
    assert legal(table) == ["Pass"]
    table.call("E", "Pass")
    # 1H withdrawn, Pass chosen at that turn: a different call, so Law 26 (26A2, hearts
    # not shown by East in the legal auction).
    assert rulings(table)[-1] == ("26", "director", "26")
    assert "1♥" in str(table.rulings[-1].message)
    for seat, call in zip("SWNESW", ("1S", "Pass", "4S", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
    assert table.contract == Contract.from_str("4S S")
    assert (LEAD_OPTION, "W", "26A2") in restrictions_in_force(table)
    decision = table.pending
    assert decision is not None
    assert decision.decider == "S"
    assert [(o.choice, o.law, o.suits) for o in decision.options] == [
        ("require", "26A2a", (Suit.HEARTS,)),
        ("forbid", "26A2b", (Suit.HEARTS,)),
        ("none", "26A2", ()),
    ]


def test_law_31a1_29c_26a2_artificial_call_not_repeated_restricts_the_suits_it_showed() -> None:
    table = d1()
    table.call("E", "2C")  # at North's turn: artificial, showing diamonds
    table.decide("S", "refuse")
    table.decide("director", "artificial", suits=["D"])
    table.call("N", "Pass")
    _expose(table, "W", "CQ")
    table.call("E", "Pass")
    for seat, call in zip("SWNESW", ("1S", "Pass", "4S", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
    decision = table.pending
    assert decision is not None
    assert [(o.choice, o.suits) for o in decision.options][:2] == [
        ("require", (Suit.DIAMONDS,)),
        ("forbid", (Suit.DIAMONDS,)),
    ]


def test_law_31a1_24b_repeated_call_brings_no_law_26() -> None:
    table = d1()
    table.call("E", "1H")
    table.decide("S", "refuse")
    table.decide("director", "natural")
    table.call("N", "Pass")
    table.call("E", "1H")  # repeated: no rectification (31A1)
    for seat, call in zip("SWNESW", ("1S", "Pass", "4S", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
    assert table.pending is None
    assert all(r.kind is not LEAD_OPTION for r in table.restrictions)


def test_law_32b1_26b_double_to_repeat_not_repeated_under_an_obligation_to_pass() -> None:
    table = d1()
    table.call("N", "1S")
    table.call("E", "Pass")
    table.call("W", "X")  # at South's turn, West's right-hand opponent's
    table.decide("N", "refuse")
    table.call("S", "Pass")  # West must repeat the double (32B1) ...
    _expose(table, "E", "HA")  # ... and must pass (24B): the obligation prevails
    assert legal(table) == ["Pass"]
    table.call("W", PASS)  # the third pass: 1S by North is the contract
    assert ("26", "director", "26") in rulings(table)
    assert table.contract == Contract.from_str("1S N")
    # East makes the opening lead: declarer may forbid any one suit (26B); the ♥A is also
    # a major penalty card (24, 50).
    assert (LEAD_OPTION, "E", "26B") in restrictions_in_force(table)
    assert pending_decision(table) == ("N", "26B", [("forbid", "26B"), ("none", "26B")])


# -- Law 37A: the call stands; only the obligations for that turn are met --------------------------


def test_law_37a_24a_exposed_card_of_the_offender_stays_face_up() -> None:
    table = _law_30a()  # East must pass at this turn (30A) ...
    _expose(table, "E", "C2")  # ... and a small card of his lies face up (24A)
    table.call("E", "2H")  # in breach of the obligation (37)
    table.call("S", "2S")  # his left-hand opponent calls before the ruling: 37A
    assert auction(table)[-2:] == [("E", "2H", "standing", "37A"), ("S", "2S", "standing", None)]
    assert restrictions_in_force(table) == {(RestrictionKind.EXPOSED_CARD, "E", "24")}
