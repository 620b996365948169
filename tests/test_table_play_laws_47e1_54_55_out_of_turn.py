"""Laws 47E1, 53A, 54 and 55A: leads and plays out of turn, by the text.

The deal: North AKQJ.T98.765.432, East T98.765.432.AKQJ, South 765.432.AKQJ.T98, West
432.AKQJ.T98.765. North declares; East is the opening leader, South is dummy.
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.table import Phase, RestrictionKind, Table
from arbitro.table.events import EXAMPLE_DEAL, WithdrawEvent
from arbitro.table.log import dumps, loads
from table_support import table_state


def c(text: str) -> Card:
    return Card.from_str(text)


def auction(contract: str) -> Table:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", [contract, "Pass", "Pass", "Pass"], strict=True):
        table.call(seat, call)
    return table


def north_on_lead_trick_2() -> Table:
    """1NT by North; East leads the ♠T and North wins: North leads trick 2."""
    table = auction("1NT")
    table.play("E", "ST")
    table.face_lead()
    for seat, card in [("S", "S5"), ("W", "S2"), ("N", "SA")]:
        table.play(seat, card)
    assert table.turn is Seat.NORTH
    return table


def assert_replays(table: Table) -> None:
    assert table_state(loads(dumps(table))) == table_state(table)


def test_law_54_face_down_lead_is_retracted_when_partner_faces_a_lead_out_of_turn() -> None:
    """Law 54 (opening words): East leads face down in turn, then West faces the ♥A: the
    face-down lead goes back, and Law 54 applies to West's card."""
    table = auction("1S")
    table.play("E", "CA")
    assert table.phase is Phase.LEAD_FACE_DOWN
    table.play("W", "HA")
    assert c("CA") in table.hand("E")
    assert table.face_down_lead is None
    assert table.rulings[-1].law == "54"
    assert table.pending is not None
    assert (table.pending.law, table.pending.decider) == ("54", "N")
    table.decide("N", "accept")
    assert table.current_trick == ((Seat.WEST, c("HA")),)
    assert table.turn is Seat.NORTH
    assert_replays(table)


def test_law_54b_53a_declarer_playing_to_the_lead_faced_out_of_turn_accepts_it() -> None:
    """54B accepts as Law 53 provides; 53A: a card played from the next hand accepts."""
    table = auction("1S")
    table.play("W", "HA")
    assert table.pending is not None
    assert table.pending.law == "54"
    table.play("N", "H8")
    assert table.phase is Phase.PLAY
    assert table.current_trick == ((Seat.WEST, c("HA")), (Seat.NORTH, c("H8")))
    assert table.turn is Seat.EAST
    assert [ruling.law for ruling in table.rulings] == ["54B"]
    assert_replays(table)


def test_law_47e1_play_out_of_turn_said_to_be_his_turn_goes_back_without_rectification() -> None:
    """47E1 covers a play out of turn too: West plays before East (57A) because declarer
    told him it was his turn; the card goes back with no penalty and no 57A choice."""
    table = north_on_lead_trick_2()
    table.play("N", "SK")
    table.play("W", "S3")
    assert table.pending is not None
    assert table.pending.law == "57"
    table.apply(WithdrawEvent(Seat.WEST, c("S3"), "turn"))
    assert table.rulings[-1].law == "47E1"
    assert c("S3") in table.hand("W")
    assert not [r for r in table.restrictions if r.kind is RestrictionKind.PENALTY_CARD]
    assert table.pending is None
    assert table.turn is Seat.EAST
    table.play("E", "S9")
    table.play("S", "S6")
    table.play("W", "S4")  # West plays any spade: no 57A restriction on East was set
    assert table.tricks[-1].cards == (c("SK"), c("S9"), c("S6"), c("S4"))
    assert_replays(table)


def test_law_47e1_a_defenders_play_out_of_turn_after_partner_goes_back_without_penalty() -> None:
    """47E1 (and 49's "see 47E"): West plays before dummy, his partner East having played,
    because declarer told him it was his turn; his card is no penalty card (49)."""
    table = north_on_lead_trick_2()
    table.play("N", "SK")
    table.play("E", "S9")  # then it is dummy's turn
    table.play("W", "S3")  # West plays before dummy, his partner East having played
    assert [(r.seat, r.card, r.law) for r in table.restrictions] == [(Seat.WEST, c("S3"), "49")]
    table.apply(WithdrawEvent(Seat.WEST, c("S3"), "turn"))
    assert table.rulings[-1].law == "47E1"
    assert table.restrictions == ()
    assert c("S3") in table.hand("W")
    assert table.turn is Seat.SOUTH
    table.play("S", "S6")
    table.play("W", "S4")  # any spade: the ♠3 is no penalty card
    assert table.tricks[-1].cards == (c("SK"), c("S9"), c("S6"), c("S4"))
    assert_replays(table)


def test_law_47e1_declarers_card_played_before_its_turn_goes_back() -> None:
    """47E1: declarer plays from his hand before dummy (57C2: a played card, counting at
    its turn) because a defender told him it was his turn; the card goes back, and at
    his turn he may play another."""
    table = north_on_lead_trick_2()
    for seat, card in [("N", "HT"), ("E", "H5"), ("S", "H2"), ("W", "HA")]:
        table.play(seat, card)  # West wins trick 2
    for seat, card in [("W", "C5"), ("N", "C2"), ("E", "CA"), ("S", "C8")]:
        table.play(seat, card)  # East wins trick 3 and leads
    table.play("E", "CK")
    table.play("N", "C3")  # before dummy
    assert table.rulings[-1].law == "57C2"
    table.apply(WithdrawEvent(Seat.NORTH, c("C3"), "turn"))
    assert table.rulings[-1].law == "47E1"
    assert table.turn is Seat.SOUTH
    for seat, card in [("S", "C9"), ("W", "C6"), ("N", "C4")]:
        table.play(seat, card)
    assert table.tricks[-1].cards == (c("CK"), c("C9"), c("C6"), c("C4"))
    assert c("C3") in table.hand("N")
    assert_replays(table)


def test_law_55a_either_defender_may_accept_declarers_lead_out_of_turn() -> None:
    """55A: North, on lead, leads from dummy; West plays next after it, but East may
    accept it as well."""
    table = north_on_lead_trick_2()
    table.play("S", "DA")
    assert table.pending is not None
    assert (table.pending.law, table.pending.decider) == ("53", "W")
    table.decide("E", "accept")
    assert table.current_trick == ((Seat.SOUTH, c("DA")),)
    assert [(ruling.law, ruling.by) for ruling in table.rulings] == [("53A", "E")]
    assert table.turn is Seat.WEST
    assert_replays(table)
