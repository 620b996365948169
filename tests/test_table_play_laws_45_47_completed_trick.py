"""Laws 45C4b, 45D, 47D and 47E2a when the card completed a trick, and what follows.

A card that completed a trick may still go back until the next trick's play: the trick
is reopened (taken off its winner's count, its leader on lead again) and closes again
on its new fourth card. A card put in its place is played as any card: failing to follow
suit is a revoke (61A).

The deal: North AKQJ.T98.765.432, East T98.765.432.AKQJ, South 765.432.AKQJ.T98, West
432.AKQJ.T98.765. North declares 1NT; East leads, South is dummy.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core import Card, Seat, Side
from arbitro.table import IllegalActionError, Phase, Table
from arbitro.table.events import (
    EXAMPLE_DEAL,
    BoardEvent,
    ChangeCardEvent,
    DesignateEvent,
    DummyMisplayedEvent,
    WithdrawEvent,
)
from arbitro.table.log import dumps, loads
from table_support import play_legal_board, table_state


def c(text: str) -> Card:
    return Card.from_str(text)


def one_notrump(lead: str = "CA") -> Table:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"], strict=True):
        table.call(seat, call)
    table.play("E", lead)
    table.face_lead()
    return table


def west_leads_trick_3() -> Table:
    """East wins trick 1, West trick 2: West leads trick 3 (West, North, East, South)."""
    table = one_notrump()
    for seat, card in [("S", "C8"), ("W", "C7"), ("N", "C2")]:
        table.play(seat, card)
    for seat, card in [("E", "H5"), ("S", "H2"), ("W", "HA"), ("N", "H8")]:
        table.play(seat, card)
    assert table.turn is Seat.WEST
    return table


def play(table: Table, *cards: tuple[str, str]) -> None:
    for seat, card in cards:
        table.play(seat, card)


def assert_replays(table: Table) -> None:
    """The table is the fold of its events: replayed, it reaches the same state."""
    again = loads(dumps(table))
    assert table_state(again) == table_state(table)
    assert [again.tricks_won(side) for side in Side] == [table.tricks_won(side) for side in Side]


def test_law_45c4b_dummys_fourth_card_changed_before_the_next_lead() -> None:
    """45C4b: declarer misnames dummy's fourth card and corrects it at once; declarer
    played before it, so partner has not played after it: the change is allowed."""
    table = west_leads_trick_3()
    play(table, ("W", "HK"), ("N", "H9"), ("E", "H6"), ("S", "H3"))
    assert len(table.tricks) == 3
    assert not table.current_trick
    table.apply(ChangeCardEvent(Seat.SOUTH, c("H4")))
    assert table.pending is not None
    assert [option.choice for option in table.pending.options] == ["45C4b", "refuse"]
    table.decide("director", "45C4b")
    assert c("H3") in table.hand("S")
    assert c("H4") not in table.hand("S")
    assert table.tricks[2].cards == (c("HK"), c("H9"), c("H6"), c("H4"))
    assert (table.tricks_won(Side.EW), table.tricks_won(Side.NS)) == (3, 0)
    assert table.turn is Seat.WEST  # West's ♥K still wins and he leads
    assert_replays(table)


def test_law_45c4b_refused_change_of_a_fourth_card_leaves_the_trick_closed() -> None:
    table = west_leads_trick_3()
    play(table, ("W", "HK"), ("N", "H9"), ("E", "H6"), ("S", "H3"))
    table.apply(ChangeCardEvent(Seat.SOUTH, c("H4")))
    table.decide("director", "refuse")
    assert table.tricks[2].cards == (c("HK"), c("H9"), c("H6"), c("H3"))
    assert not table.current_trick
    assert table.turn is Seat.WEST
    assert_replays(table)


def test_law_45c4b_no_change_of_the_last_trick_once_the_next_has_begun() -> None:
    table = west_leads_trick_3()
    play(table, ("W", "HK"), ("N", "H9"), ("E", "H6"), ("S", "H3"), ("W", "HQ"))
    with pytest.raises(IllegalActionError, match="no card to this trick"):
        table.apply(ChangeCardEvent(Seat.SOUTH, c("H4")))


def test_law_45c4b_47d_changed_card_reopens_the_trick_and_the_opponent_may_take_his_back() -> None:
    """The changed card is the third; the fourth, dummy's, completed the trick. The trick
    closes again on dummy's card; declarer may take it back for dummy (47D)."""
    table = west_leads_trick_3()
    play(table, ("W", "HK"), ("N", "H9"), ("E", "H6"), ("S", "H3"))
    table.apply(ChangeCardEvent(Seat.EAST, c("H7")))
    table.decide("director", "45C4b")
    assert table.pending is not None
    assert table.pending.decider == "N"
    table.decide("N", "withdraw")
    assert table.current_trick == (
        (Seat.WEST, c("HK")),
        (Seat.NORTH, c("H9")),
        (Seat.EAST, c("H7")),
    )
    assert table.turn is Seat.SOUTH
    assert len(table.tricks) == 2
    table.play("S", "H4")
    assert table.tricks[-1].cards == (c("HK"), c("H9"), c("H7"), c("H4"))
    assert_replays(table)


def test_law_45d_dummys_fourth_card_misplayed_goes_back_before_the_next_lead() -> None:
    """45D: attention is drawn before anyone has played to the next trick."""
    table = west_leads_trick_3()
    play(table, ("W", "HK"), ("N", "H9"), ("E", "H6"), ("S", "H3"))
    table.apply(DummyMisplayedEvent(c("H3")))
    assert c("H3") in table.hand("S")
    assert table.turn is Seat.SOUTH
    assert len(table.tricks) == 2
    assert table.tricks_won(Side.EW) == 2
    table.play("S", "H4")
    assert table.tricks[-1].winner is Seat.WEST
    assert_replays(table)


def test_law_47e2a_fourth_card_played_on_a_misexplanation_goes_back_before_the_next_lead() -> None:
    """47E2a: no card has been played after West's fourth card: it goes back."""
    table = west_leads_trick_3()
    play(table, ("W", "HK"), ("N", "H9"), ("E", "H6"), ("S", "H3"))
    play(table, ("W", "HQ"), ("N", "HT"), ("E", "H7"), ("S", "H4"))
    play(table, ("W", "D8"), ("N", "D7"), ("E", "D4"), ("S", "DA"))
    play(table, ("S", "DK"), ("W", "D9"), ("N", "D6"), ("E", "D3"))
    play(table, ("S", "S7"), ("W", "S2"), ("N", "SA"), ("E", "S8"))
    play(table, ("N", "SK"), ("E", "S9"), ("S", "S6"), ("W", "S3"))
    assert not table.current_trick
    assert len(table.tricks) == 8
    table.apply(WithdrawEvent(Seat.WEST, c("S3"), "explanation"))
    assert table.rulings[-1].law == "47E2a"
    assert c("S3") in table.hand("W")
    assert table.turn is Seat.WEST
    assert len(table.tricks) == 7
    assert_replays(table)


def test_law_47e2b_card_stands_once_the_next_trick_has_begun() -> None:
    table = west_leads_trick_3()
    play(table, ("W", "HK"), ("N", "H9"), ("E", "H6"), ("S", "H3"), ("W", "HQ"))
    table.apply(WithdrawEvent(Seat.SOUTH, c("H3"), "explanation"))
    assert table.rulings[-1].law == "47E2b"
    assert len(table.tricks) == 3


def test_law_45c4b_61a_a_designation_changed_to_a_card_that_fails_to_follow_is_a_revoke() -> None:
    """The new card is played as any card: dummy holds clubs, so the ♦A is a revoke."""
    table = one_notrump()
    table.play("S", "C8")
    table.apply(ChangeCardEvent(Seat.SOUTH, c("DA")))
    table.decide("director", "45C4b")
    assert table.current_trick[-1] == (Seat.SOUTH, c("DA"))
    assert [(r.seat, r.card) for r in table.revokes] == [(Seat.SOUTH, c("DA"))]
    assert_replays(table)


def test_law_47d_61a_card_kept_after_the_lead_changed_suit_is_a_revoke() -> None:
    """East changes his lead from the ♣K to the ♥5; dummy's ♣9, kept, no longer follows
    suit while dummy holds hearts: a revoke (61A)."""
    table = one_notrump()
    play(table, ("S", "C8"), ("W", "C7"), ("N", "C2"))
    play(table, ("E", "CK"), ("S", "C9"))
    table.apply(ChangeCardEvent(Seat.EAST, c("H5")))
    table.decide("director", "45C4b")
    table.decide("N", "keep")
    assert table.current_trick == ((Seat.EAST, c("H5")), (Seat.SOUTH, c("C9")))
    assert [(r.seat, r.card) for r in table.revokes] == [(Seat.SOUTH, c("C9"))]
    assert_replays(table)


def test_law_47d_43a1c_declarer_chooses_whether_dummys_card_goes_back() -> None:
    """47D's choice for dummy's card is declarer's: he plays dummy's cards (45B, 43A1c)."""
    table = one_notrump()
    play(table, ("S", "C8"), ("W", "C7"), ("N", "C2"))
    play(table, ("E", "CK"), ("S", "C9"))
    table.apply(ChangeCardEvent(Seat.EAST, c("CQ")))
    table.decide("director", "45C4b")
    assert table.pending is not None
    assert table.pending.decider == "N"
    with pytest.raises(IllegalActionError, match="North's"):
        table.decide("S", "withdraw")


def dummy_leads_trick_3() -> Table:
    """1NT by North, East leads the ♠T; dummy (South) wins trick 2 and leads trick 3."""
    table = one_notrump("ST")
    play(table, ("S", "S5"), ("W", "S2"), ("N", "SA"))
    play(table, ("N", "D5"), ("E", "D2"), ("S", "DA"), ("W", "D8"))
    assert table.turn is Seat.SOUTH
    return table


def test_law_45d_declarer_keeps_his_later_card_when_his_rho_does_not_change() -> None:
    """45D: declarer may take back his card played after dummy's misplaced one only if his
    right-hand opponent changes his. Declarer names the ♦K, dummy puts the ♦Q; West
    plays the ♦9 and declarer the ♦6 before attention is drawn."""
    table = dummy_leads_trick_3()
    play(table, ("S", "DQ"), ("W", "D9"), ("N", "D6"))
    table.apply(DummyMisplayedEvent(c("DQ")))
    table.play("S", "DK")
    table.play("W", "D9")  # West plays the same card again
    assert table.legal_cards() == [c("D6")]
    with pytest.raises(IllegalActionError, match="45D"):
        table.play("N", "D7")
    table.play("N", "D6")
    assert table.current_trick[-1] == (Seat.NORTH, c("D6"))
    assert table.turn is Seat.EAST
    assert_replays(table)


def test_law_45d_declarer_may_change_his_card_when_his_rho_changes() -> None:
    table = dummy_leads_trick_3()
    play(table, ("S", "DQ"), ("W", "D9"), ("N", "D6"))
    table.apply(DummyMisplayedEvent(c("DQ")))
    table.apply(DesignateEvent("DK"))  # declarer names dummy's card in words
    table.play("W", "DT")  # West changes his card
    assert table.rulings[-1].law == "45D"
    table.play("N", "D7")
    assert table.current_trick == (
        (Seat.SOUTH, c("DK")),
        (Seat.WEST, c("DT")),
        (Seat.NORTH, c("D7")),
    )
    assert_replays(table)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=12))
def test_law_47e2a_fourth_card_sent_back_and_played_again_leaves_the_play_unchanged(
    seed: int, trick_number: int
) -> None:
    """A fourth card sent back before the next lead (47E2a), then played again: the trick,
    its winner and the tricks won are as if nothing had happened, and the table is still
    the fold of its events."""
    board = play_legal_board(seed)
    if board.phase is not Phase.COMPLETE:
        return
    event = board.events[0]
    assert isinstance(event, BoardEvent)
    table = Table.from_event(event)
    later = list(board.events[1:])
    tricks_done = 0
    while later and tricks_done < trick_number:
        table.apply(later.pop(0))
        tricks_done = len(table.tricks)
    last = table.tricks[-1]
    seat, card = last.seats[-1], last.cards[-1]
    table.apply(WithdrawEvent(seat, card, "explanation"))
    assert len(table.tricks) == trick_number - 1
    assert table.turn is seat
    table.play(seat, card)
    assert table.tricks[-1] == last
    assert_replays(table)
    for rest in later:
        table.apply(rest)
    assert table.tricks == board.tricks
    assert [table.tricks_won(side) for side in Side] == [board.tricks_won(side) for side in Side]


def test_law_45d_misplaced_card_goes_back_until_each_side_played_to_the_next_trick() -> None:
    """45D: "before each side has played to the next trick": one lead to it is not enough.

    The lead goes back to its player's hand (he played it after the error, and may play
    it again, 16D); dummy's card goes back and South is to play to the trick again.
    """
    table = west_leads_trick_3()
    play(table, ("W", "HK"), ("N", "H9"), ("E", "H6"), ("S", "H3"))
    table.play("W", "HQ")  # West leads to trick 4: only East-West have played to it
    table.apply(DummyMisplayedEvent(c("H3")))
    assert table.rulings[-1].law == "45D"
    assert c("H3") in table.hand("S")
    assert c("HQ") in table.hand("W")
    assert table.turn is Seat.SOUTH
    assert len(table.tricks) == 2
    table.play("S", "H4")
    assert table.tricks[-1].cards == (c("HK"), c("H9"), c("H6"), c("H4"))
    assert_replays(table)


def test_law_45d_misplaced_card_stands_once_each_side_played_to_the_next_trick() -> None:
    table = west_leads_trick_3()
    play(table, ("W", "HK"), ("N", "H9"), ("E", "H6"), ("S", "H3"))
    play(table, ("W", "HQ"), ("N", "HT"))
    before = table_state(table)
    with pytest.raises(IllegalActionError, match="45D"):
        table.apply(DummyMisplayedEvent(c("H3")))
    assert table_state(table) == before
