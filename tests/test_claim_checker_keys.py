"""The claim checker's positions as numbers: the shape up to equivalent cards, and counts.

The searches remember a position at the start of a trick by one number
(``_Search._key``): two positions share it exactly when the same seats hold the first,
second, ... card left of each suit, with the same leader and progress (Laws 70-71:
equivalent cards give the same lines). The shape is packed by table lookups and the
cards counted by table; these tests hold them to their plain definitions, walking the
cards one at a time.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from arbitro.analysis.claims import checker
from arbitro.analysis.claims.bounds import count, sure_trumps

pack = checker._pack  # noqa: SLF001
Search = checker._Search  # noqa: SLF001

SEATS_OF_A_SUIT = st.lists(st.integers(0, 4), min_size=13, max_size=13)
"""Who holds each rank of one suit, lowest first: a seat 0-3, or 4 when played."""


def plain_pack(north: int, east: int, south: int, west: int) -> int:
    """A 1, then each card left from the highest down, its seat in two bits."""
    code = 1
    for rank in range(12, -1, -1):
        for seat, hand in enumerate((north, east, south, west)):
            if hand >> rank & 1:
                code = code << 2 | seat
    return code


def plain_sure(trumps: tuple[int, int], theirs: int) -> int:
    """Over each hand's trumps from the top down to any one, their number less theirs above."""
    best = 0
    for hand in trumps:
        mine = 0
        for rank in range(51, -1, -1):
            if hand >> rank & 1:
                mine += 1
                best = max(best, mine - (theirs >> rank + 1).bit_count())
    return best


def masks_of(seats: list[int]) -> tuple[int, int, int, int]:
    north, east, south, west = (
        sum(1 << rank for rank, held in enumerate(seats) if held == seat) for seat in range(4)
    )
    return north, east, south, west


@given(SEATS_OF_A_SUIT)
def test_a_suits_packed_shape_is_its_seats_from_the_highest_card_left(seats: list[int]) -> None:
    masks = masks_of(seats)
    assert pack(*masks) == plain_pack(*masks)
    assert pack(*masks) < 1 << 27


@given(SEATS_OF_A_SUIT, SEATS_OF_A_SUIT)
def test_two_suits_share_a_packed_shape_exactly_when_the_same_seats_hold_their_cards_left(
    first: list[int], second: list[int]
) -> None:
    left = [seat for seat in reversed(first) if seat < 4]
    right = [seat for seat in reversed(second) if seat < 4]
    same = pack(*masks_of(first)) == pack(*masks_of(second))
    assert same == (left == right)


@given(st.lists(SEATS_OF_A_SUIT, min_size=4, max_size=4), st.integers(0, 3), st.integers(0, 3))
def test_a_positions_key_is_its_suits_shapes_its_leader_and_its_step(
    suits: list[list[int]], leader: int, other: int
) -> None:
    hands = [0, 0, 0, 0]
    for suit, seats in enumerate(suits):
        for seat, mask in enumerate(masks_of(seats)):
            hands[seat] |= mask << 13 * suit
    position = (hands[0], hands[1], hands[2], hands[3])
    search = Search(None, 0, (), False, True, False, frozenset(), {}, 0)
    key = search._key(position, leader, 3 << 8 | 1)  # noqa: SLF001
    shapes = [plain_pack(*(hand >> 13 * suit & 0x1FFF for hand in hands)) for suit in range(4)]
    assert key == sum(shape << 27 * suit for suit, shape in enumerate(shapes)) << 32 | (
        (3 << 8 | 1) << 2 | leader
    )
    again = search._key(position, other, 3 << 8 | 1)  # noqa: SLF001
    assert (key == again) == (leader == other)


@given(st.integers(0, (1 << 52) - 1))
def test_cards_counted_by_table_are_the_bits_set(cards: int) -> None:
    assert count(cards) == cards.bit_count()


@given(st.integers(0, 0x1FFF), st.integers(0, 0x1FFF), st.integers(0, 0x1FFF))
def test_sure_trump_tricks_walked_once_are_those_of_each_trump_in_turn(
    first: int, second: int, theirs: int
) -> None:
    second &= ~first
    theirs &= ~(first | second)
    assert sure_trumps((first, second), theirs) == plain_sure((first, second), theirs)
