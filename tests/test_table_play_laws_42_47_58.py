"""Laws 42-43 (dummy), 45C4b, 45D, 47C-D and 58B (cards changed or taken back), by the text.

The deal: North AKQJ.T98.765.432, East T98.765.432.AKQJ, South 765.432.AKQJ.T98, West
432.AKQJ.T98.765. North declares 1NT; East leads, South is dummy.
"""

from __future__ import annotations

import pytest

from arbitro.core import Card, Seat, Side
from arbitro.table import IllegalActionError, Phase, RestrictionKind, Table
from arbitro.table.events import (
    EXAMPLE_DEAL,
    ChangeCardEvent,
    DummyEvent,
    DummyMisplayedEvent,
    SeveralCardsEvent,
)
from arbitro.table.log import dumps, loads


def c(text: str) -> Card:
    return Card.from_str(text)


def one_notrump_by_north() -> Table:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"], strict=True):
        table.call(seat, call)
    table.play("E", "CA")
    table.face_lead()
    return table


def phase_of(table: Table) -> Phase:
    return table.phase


def laws(table: Table) -> list[str]:
    return [ruling.law for ruling in table.rulings]


def finish(table: Table) -> None:
    """Play the rest of the board with the highest legal card each time."""
    while table.phase is Phase.PLAY:
        seat = table.turn
        assert seat is not None
        table.play(seat, table.legal_cards()[0])


def same_state_after_replay(table: Table) -> None:
    again = loads(dumps(table))
    assert again.auction == table.auction
    assert again.tricks == table.tricks
    assert again.rulings == table.rulings
    assert again.restrictions == table.restrictions
    assert again.revokes == table.revokes
    assert again.score() == table.score()


def test_law_42b1_dummy_asks_declarer_and_the_revoke_is_corrected_without_transfer() -> None:
    table = one_notrump_by_north()
    table.play("S", "CT")
    table.play("W", "C7")
    table.play("N", "SA")  # North holds clubs: a revoke (61A)
    assert [(r.seat, r.card, r.established) for r in table.revokes] == [
        (Seat.NORTH, c("SA"), False)
    ]
    table.apply(DummyEvent("asks_revoke"))
    # 42B1: dummy's right; the revoke is brought to light before it is established and
    # corrected (62B2: declarer's card goes back with no penalty).
    assert laws(table)[-2:] == ["62B2", "42B1"]
    assert table.revokes == ()
    assert table.turn is Seat.NORTH
    assert table.legal_cards() == [c("C4"), c("C3"), c("C2")]
    assert c("SA") in table.hand("N")
    finish(table)
    assert table.transfers == ()
    assert table.tricks_credited(Side.NS) == table.tricks_won(Side.NS)
    same_state_after_replay(table)


def test_law_43b2b_dummy_who_forfeited_asks_first_transfer_as_if_established() -> None:
    table = one_notrump_by_north()
    table.play("S", "CT")
    table.play("W", "C7")
    table.apply(DummyEvent("forfeits"))
    assert laws(table)[-1] == "43A2"
    table.play("N", "SA")
    table.apply(DummyEvent("asks_revoke"))
    assert laws(table)[-2:] == ["62B2", "43B2b"]
    # Declarer must play a correct card ...
    assert table.turn is Seat.NORTH
    assert table.legal_cards() == [c("C4"), c("C3"), c("C2")]
    # ... and Law 64 applies as if the revoke had been established.
    assert [(r.seat, r.established, r.noticed) for r in table.revokes] == [(Seat.NORTH, True, True)]
    table.play("N", "C4")
    finish(table)
    assert len(table.tricks) == 13
    # The revoke trick was won by East (offender North did not win it); North-South won
    # later tricks: one trick goes to East-West (64A2).
    assert [(t.law, t.tricks) for t in table.transfers] == [("64A2", 1)]
    assert table.tricks_credited(Side.NS) == table.tricks_won(Side.NS) - 1
    assert table.tricks_credited(Side.EW) == table.tricks_won(Side.EW) + 1
    same_state_after_replay(table)


def test_law_43b2a_after_a_forfeit_a_defender_chooses_the_hand_declarer_leads_from() -> None:
    table = one_notrump_by_north()
    for seat, card in [("S", "CT"), ("W", "C7"), ("N", "C4")]:
        table.play(seat, card)
    # East won trick 1 and leads a spade, won by North.
    for seat, card in [("E", "ST"), ("S", "S7"), ("W", "S4"), ("N", "SA")]:
        table.play(seat, card)
    assert table.turn is Seat.NORTH
    # Before the forfeit, a warning is dummy's right (42B2) and changes nothing.
    table.apply(DummyEvent("warns"))
    assert laws(table)[-1] == "42B2"
    assert table.pending is None
    table.apply(DummyEvent("forfeits"))
    table.apply(DummyEvent("warns"))
    pending = table.pending
    assert pending is not None
    assert pending.decider == "E"  # a defender chooses (43B2a)
    assert [option.choice for option in pending.options] == ["declarer", "dummy"]
    with pytest.raises(IllegalActionError, match="East"):
        table.decide("N", "dummy")
    table.decide("E", "dummy")
    assert table.turn is Seat.SOUTH
    assert laws(table)[-1] == "43B2a"
    same_state_after_replay(table)


def test_law_45c4b_unintended_designation_changed_opponent_takes_back_his_card() -> None:
    table = one_notrump_by_north()
    table.play("S", "C8")  # declarer meant the ten
    table.play("W", "C7")
    table.apply(ChangeCardEvent(Seat.SOUTH, c("CT")))
    pending = table.pending
    assert pending is not None
    assert pending.decider == "director"
    assert [option.choice for option in pending.options] == ["45C4b", "refuse"]
    table.decide("director", "45C4b")
    # The card is changed; West, who played after it, may take his card back (47D).
    assert table.current_trick == (
        (Seat.EAST, c("CA")),
        (Seat.SOUTH, c("CT")),
        (Seat.WEST, c("C7")),
    )
    assert c("C8") in table.hand("S")
    pending = table.pending
    assert pending is not None
    assert pending.decider == "W"
    table.decide("W", "withdraw")
    assert table.turn is Seat.WEST
    assert c("C7") in table.hand("W")
    table.play("W", "C5")
    assert laws(table)[-2:] == ["45C4b", "47D"]
    same_state_after_replay(table)


def test_law_47f2_an_intended_card_stands() -> None:
    table = one_notrump_by_north()
    table.play("S", "C8")
    table.apply(ChangeCardEvent(Seat.SOUTH, c("CT")))
    table.decide("director", "refuse")
    assert table.current_trick == ((Seat.EAST, c("CA")), (Seat.SOUTH, c("C8")))
    assert laws(table)[-1] == "47F2"


def test_law_45c4b_no_change_once_partner_has_played() -> None:
    table = one_notrump_by_north()
    for seat, card in [("S", "C8"), ("W", "C7"), ("N", "C4")]:
        table.play(seat, card)
    # The trick is complete, nobody has led again: North played after South's card.
    with pytest.raises(IllegalActionError, match="partner has played since"):
        table.apply(ChangeCardEvent(Seat.SOUTH, c("CT")))


def test_law_45d_card_misplayed_by_dummy_goes_back() -> None:
    table = one_notrump_by_north()
    table.play("S", "C9")
    table.play("W", "C7")
    table.apply(DummyMisplayedEvent(c("C9")))
    assert laws(table)[-1] == "45D"
    assert table.current_trick == ((Seat.EAST, c("CA")),)
    assert table.turn is Seat.SOUTH
    assert c("C9") in table.hand("S")
    assert c("C7") in table.hand("W")
    # Dummy has no card in the trick now: nothing more to take back.
    with pytest.raises(IllegalActionError, match="no card to this trick"):
        table.apply(DummyMisplayedEvent(c("C9")))


def test_law_58b2_defender_shows_two_cards_the_other_is_a_penalty_card() -> None:
    table = one_notrump_by_north()
    table.play("S", "CT")
    table.apply(SeveralCardsEvent(Seat.WEST, (c("C7"), c("C6")), c("C7")))
    assert table.current_trick[-1] == (Seat.WEST, c("C7"))
    penalties = [r for r in table.restrictions if r.kind is RestrictionKind.PENALTY_CARD]
    assert [(r.seat, r.card, r.law) for r in penalties] == [(Seat.WEST, c("C6"), "58B2")]
    assert laws(table)[-1] == "58B2"


def test_law_58b1_declarer_shows_two_cards_the_other_goes_back() -> None:
    table = one_notrump_by_north()
    table.play("S", "CT")
    table.play("W", "C7")
    table.apply(SeveralCardsEvent(Seat.NORTH, (c("C4"), c("C3")), c("C4")))
    assert table.tricks[-1].cards[-1] == c("C4")
    assert c("C3") in table.hand("N")
    assert not [r for r in table.restrictions if r.kind is RestrictionKind.PENALTY_CARD]
    assert laws(table)[-1] == "58B1"


def twelfth_trick_revoke(seed: int) -> tuple[Table, Seat] | None:
    """A board where, in the twelfth trick, a player holding the suit led discards."""
    import random

    from arbitro.core import Deal, Hand

    rng = random.Random(seed)
    pack = list(range(52))
    rng.shuffle(pack)
    masks = [sum(1 << index for index in pack[i * 13 : (i + 1) * 13]) for i in range(4)]
    table = Table(Deal((Hand(masks[0]), Hand(masks[1]), Hand(masks[2]), Hand(masks[3]))), number=1)
    for letter, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"], strict=True):
        table.call(letter, call)
    table.play("E", table.legal_cards()[0])
    table.face_lead()
    while len(table.tricks) < 11:
        seat = table.turn
        assert seat is not None
        table.play(seat, table.legal_cards()[-1])
    leader = table.turn
    assert leader is not None
    table.play(leader, table.legal_cards()[0])
    for _ in range(3):
        seat = table.turn
        assert seat is not None
        led = table.current_trick[0][1].suit
        held = list(table.hand(seat))
        off_suit = [card for card in held if card.suit != led]
        if off_suit and len(off_suit) < len(held):
            table.play(seat, off_suit[0])
            return table, seat
        table.play(seat, table.legal_cards()[0])
    return None


def test_law_62d1_a_twelfth_trick_revoke_is_corrected_even_when_established() -> None:
    found = next(
        result for seed in range(200) if (result := twelfth_trick_revoke(seed)) is not None
    )
    table, offender = found
    finish(table)
    assert phase_of(table) is Phase.COMPLETE
    revoke = table.revokes[0]
    assert (revoke.seat, revoke.trick, revoke.established) == (offender, 11, True)
    from arbitro.table.events import RevokeEvent

    table.apply(RevokeEvent(offender))
    # 62D1: the play goes back to the revoke and the offender follows suit.
    assert phase_of(table) is Phase.PLAY
    assert len(table.tricks) == 11
    assert table.turn is offender
    assert all(card.suit == revoke.suit for card in table.legal_cards())
    assert laws(table)[-1] == "62D1"
    finish(table)
    assert table.revokes == ()
    assert table.transfers == ()
    assert table.tricks_credited(Side.NS) + table.tricks_credited(Side.EW) == 13
