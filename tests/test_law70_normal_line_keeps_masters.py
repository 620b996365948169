"""A claimer's hand keeps its masters while it holds a loser, and only then (Law 70).

On a normal line the claimer's side never discards a winner it has established while
it holds a loser (``_discards``: losers first; throwing the winner would be
irrational), and a hand with no loser left may throw its masters. These facts are why
no count of one suit at a time bounds the tricks the defence wins (``docs/developers.md``,
"A bound from the defence's side", tried and not kept): what keeps a suit's masters
looks at the other suits. Tested on the checker's own normal lines.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.analysis.claims import ClaimStatement, Position, check_claim, worst_line_brute_force
from arbitro.core import Card, Hand, Seat, Side, Suit

_SUIT = 0x1FFF


def _tricks(line: tuple[tuple[Seat, Card], ...]) -> list[tuple[tuple[Seat, Card], ...]]:
    return [line[first : first + 4] for first in range(0, len(line), 4)]


def _winner(trick: tuple[tuple[Seat, Card], ...], trump: Suit | None) -> Seat:
    led = trick[0][1].suit
    seat, _ = max(trick, key=lambda play: (play[1].suit is trump, play[1].suit is led, play[1]))
    return seat


def test_law_70_the_defence_wins_its_longer_holding_of_a_suit_whose_masters_are_thrown() -> None:
    """North holds the two top spades and every card of its hand is a master, so it has
    no loser to discard first: void in hearts, it throws both spades on East's heart
    winners, and East's queen and jack of spades each win a trick (as many as the
    defence's longer spade holding). The normal line makes nothing."""
    position = Position.from_str("N:AK..AK. QJ.AK.. .32.32. ..54.32", None, Seat.EAST)
    check = check_claim(position, Seat.NORTH, ClaimStatement.from_str("all"), bounded=False)
    assert check.determined
    assert check.award == 0
    spades = [trick for trick in _tricks(check.line) if trick[0][1].suit is Suit.SPADES]
    assert [_winner(trick, None) for trick in spades] == [Seat.EAST, Seat.EAST]
    thrown = [card for seat, card in check.line if seat is Seat.NORTH][:2]
    assert {card.suit for card in thrown} == {Suit.SPADES}


def test_law_70_a_hand_holding_a_loser_keeps_its_master() -> None:
    """Void in hearts, North discards its losing club before its ace of spades (70:
    discarding a winner while holding a loser would be irrational) and wins the spade
    trick; on a line of any legal cards it could throw the ace and make nothing."""
    position = Position.from_str("N:A...2 K.A.. .2.2. .3..3", None, Seat.EAST)
    check = check_claim(position, Seat.NORTH, ClaimStatement.from_str("all"), bounded=False)
    assert check.determined
    assert check.award == 1
    assert worst_line_brute_force(position, Side.NS) == 0
    assert [str(card) for seat, card in check.line if seat is Seat.NORTH] == ["C2", "SA"]


@st.composite
def _endings(draw: st.DrawFn) -> tuple[Position, Seat]:
    cards = draw(st.integers(3, 5))
    pack = draw(st.permutations(range(52)))
    hands = [
        Hand(sum(1 << index for index in pack[13 * seat : 13 * seat + cards])) for seat in range(4)
    ]
    trump = draw(st.sampled_from([None, *Suit]))
    leader = draw(st.sampled_from(list(Seat)))
    return Position((hands[0], hands[1], hands[2], hands[3]), trump, leader), draw(
        st.sampled_from(list(Seat))
    )


@settings(max_examples=150, deadline=None)
@given(_endings())
def test_law_70_a_claimers_hand_throws_a_master_only_when_it_holds_no_plain_loser(
    ending: tuple[Position, Seat],
) -> None:
    """On the normal line the search finds, whenever a hand of the claimer's side
    discards a plain card above every defender's card of its suit, its lowest card of
    each plain suit it holds is above every defender's card of that suit: it holds no
    loser (losers first, ``_discards``)."""
    position, claimer = ending
    check = check_claim(position, claimer, ClaimStatement.from_str("all"), bounded=False)
    assert check.determined
    hands = [hand.mask for hand in position.hands]
    trump = position.trump
    ours = {claimer, claimer.partner}
    for trick in _tricks(check.line):
        led = trick[0][1].suit
        for seat, card in trick:
            suit = card.suit
            defence = hands[(seat + 1) % 4] | hands[(seat + 3) % 4]
            if seat in ours and suit is not led and suit is not trump:
                held = hands[seat]
                theirs = defence >> 13 * suit & _SUIT
                if not theirs or card.index % 13 > theirs.bit_length() - 1:
                    for other in Suit:
                        mine = held >> 13 * other & _SUIT
                        against = defence >> 13 * other & _SUIT
                        if other is trump or not mine or not against:
                            continue
                        lowest = (mine & -mine).bit_length() - 1
                        assert lowest > against.bit_length() - 1, (position, claimer, trick)
            hands[seat] &= ~(1 << card.index)
