"""Hands as sets of cards, and deals: the 52 cards, 13 in each hand, every problem at once."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core import (
    Card,
    Deal,
    Hand,
    InvalidDealError,
    InvalidHandError,
    Rank,
    Seat,
    Suit,
    deal_problems,
)
from arbitro.core.hand import read_hand
from arbitro.i18n import use_language

NORTH = "AKQJ.T98.765.432"
EAST = "T98.765.432.AKQJ"
SOUTH = "765.432.AKQJ.T98"
WEST = "432.AKQJ.T98.765"
WRITTEN = {Seat.NORTH: NORTH, Seat.EAST: EAST, Seat.SOUTH: SOUTH, Seat.WEST: WEST}
DEAL = Deal.from_str(f"N:{NORTH} {EAST} {SOUTH} {WEST}")

ALL_CARDS = [Card.from_index(index) for index in range(52)]


def _deal_from_permutation(order: list[int]) -> Deal:
    hands = [
        Hand.from_cards(Card.from_index(i) for i in order[13 * n : 13 * n + 13]) for n in range(4)
    ]
    return Deal((hands[0], hands[1], hands[2], hands[3]))


deals = st.permutations(list(range(52))).map(_deal_from_permutation)
card_sets = st.frozensets(st.integers(0, 51).map(Card.from_index))


def _problems(error: InvalidDealError) -> list[str]:
    with use_language("en"):
        return [str(problem) for problem in error.problems]


def _message(error: InvalidDealError) -> str:
    with use_language("en"):
        return str(error)


# --- hands are sets of cards -----------------------------------------------------------


@given(cards=card_sets, others=card_sets, card=st.sampled_from(ALL_CARDS))
def test_hand_behaves_as_a_set_of_cards(
    cards: frozenset[Card], others: frozenset[Card], card: Card
) -> None:
    hand = Hand.from_cards(cards)
    other = Hand.from_cards(others)
    assert len(hand) == len(cards)
    assert set(hand) == cards
    assert (card in hand) == (card in cards)
    assert set(hand | other) == cards | others
    assert set(hand & other) == cards & others
    assert set(hand - other) == cards - others
    assert set(hand.add(card)) == cards | {card}
    assert set(hand.remove(card)) == cards - {card}
    assert bool(hand) == bool(cards)
    assert (hand == other) == (cards == others)
    assert set(hand) == cards  # add and remove made new hands; this one is unchanged


@given(cards=card_sets)
def test_hand_lists_spades_first_each_suit_high_to_low(cards: frozenset[Card]) -> None:
    hand = Hand.from_cards(cards)
    assert list(hand) == sorted(cards, reverse=True)
    for suit in Suit:
        ranks = hand.ranks(suit)
        assert ranks == tuple(sorted((c.rank for c in cards if c.suit is suit), reverse=True))
        assert hand.length(suit) == len(ranks)


def test_hand_holds_only_cards() -> None:
    hand = Hand.from_str(NORTH)
    assert Card(Suit.SPADES, Rank.ACE) in hand
    assert "SA" not in hand
    assert 51 not in hand


def test_hand_written_twice_counts_once_from_cards_but_not_from_text() -> None:
    ace = Card(Suit.SPADES, Rank.ACE)
    assert len(Hand.from_cards([ace, ace])) == 1
    with pytest.raises(InvalidHandError):
        Hand.from_str("AA...")


# --- a valid deal ----------------------------------------------------------------------


def test_deal_holds_the_52_cards_13_in_each_hand() -> None:
    assert [len(hand) for hand in DEAL] == [13, 13, 13, 13]
    assert set().union(*(set(hand) for hand in DEAL)) == set(ALL_CARDS)
    for seat, text in WRITTEN.items():
        assert DEAL[seat] == Hand.from_str(text)
    assert deal_problems(DEAL.hands) == []


@pytest.mark.parametrize(
    ("card", "seat"),
    [
        ("SA", Seat.NORTH),
        ("ST", Seat.EAST),
        ("S7", Seat.SOUTH),
        ("S4", Seat.WEST),
        ("CA", Seat.EAST),
        ("C2", Seat.NORTH),
        ("HA", Seat.WEST),
        ("DA", Seat.SOUTH),
    ],
)
def test_deal_holder(card: str, seat: Seat) -> None:
    assert DEAL.holder(Card.from_str(card)) is seat


@given(deal=deals)
def test_deal_holder_is_the_seat_whose_hand_holds_the_card(deal: Deal) -> None:
    for card in ALL_CARDS:
        holder = deal.holder(card)
        assert card in deal[holder]
        assert all(card not in deal[seat] for seat in Seat if seat is not holder)


@pytest.mark.parametrize(
    ("first", "order"),
    [
        (Seat.NORTH, (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)),
        (Seat.EAST, (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH)),
        (Seat.SOUTH, (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)),
        (Seat.WEST, (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)),
    ],
)
def test_deal_from_str_reads_hands_clockwise_from_the_first_seat(
    first: Seat, order: tuple[Seat, Seat, Seat, Seat]
) -> None:
    texts = [NORTH, EAST, SOUTH, WEST]
    deal = Deal.from_str(f"{first.to_str()}:{' '.join(texts)}")
    for seat, text in zip(order, texts, strict=True):
        assert deal[seat] == Hand.from_str(text)
    rotated = " ".join(WRITTEN[seat] for seat in order)
    assert Deal.from_str(f"{first.to_str()}:{rotated}") == DEAL
    assert DEAL.to_str(first=first) == f"{first.to_str()}:{rotated}"


def test_deal_first_seat_in_spanish() -> None:
    spanish = DEAL.to_str(first=Seat.WEST, lang="es")
    assert spanish == "O:432.ARDV.1098.765 ARDV.1098.765.432 1098.765.432.ARDV 765.432.ARDV.1098"
    assert Deal.from_str(spanish, lang="es") == DEAL
    with pytest.raises(InvalidDealError):
        Deal.from_str(spanish, lang="en")
    with pytest.raises(InvalidDealError):
        Deal.from_str(DEAL.to_str(first=Seat.WEST), lang="es")


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("first", list(Seat), ids=str)
@given(deal=deals)
def test_deal_round_trip(lang: str, first: Seat, deal: Deal) -> None:
    written = deal.to_str(first=first, lang=lang)
    assert written.startswith(f"{first.to_str(lang=lang)}:")
    assert Deal.from_str(written, lang=lang) == deal
    assert Deal.from_str(f"  {written.lower()}  ", lang=lang) == deal


# --- every problem at once -------------------------------------------------------------

# East is missing the ♣J (12 cards); West holds the ♠7 that South holds instead of the ♠4.
EAST_SHORT = "T98.765.432.AKQ"
WEST_SEVEN = "732.AKQJ.T98.765"
SEVERAL_PROBLEMS = [
    "East has 12 cards, expected 13",
    "1 card is held by South and West: ♠7",
    "2 cards are missing: ♠4 ♣J",
]


def test_deal_names_every_problem_at_once() -> None:
    text = f"N:{NORTH} {EAST_SHORT} {SOUTH} {WEST_SEVEN}"
    with pytest.raises(InvalidDealError) as info:
        Deal.from_str(text)
    assert _problems(info.value) == SEVERAL_PROBLEMS
    message = _message(info.value)
    assert text in message
    for problem in SEVERAL_PROBLEMS:
        assert problem in message


def test_deal_names_every_problem_with_an_unreadable_hand() -> None:
    # North has a 'Y' where no rank can be, besides the problems of the other seats.
    text = f"N:AKQJ.T98.7Y65.432 {EAST_SHORT} {SOUTH} {WEST_SEVEN}"
    with pytest.raises(InvalidDealError) as info:
        Deal.from_str(text)
    problems = " | ".join(_problems(info.value))
    message = _message(info.value)
    for problem in ["North: 'Y' in diamonds is not a rank", *SEVERAL_PROBLEMS]:
        assert problem in problems
        assert problem in message


def test_deal_names_every_problem_with_a_bad_first_seat() -> None:
    text = f"X:{NORTH} {EAST_SHORT} {SOUTH} {WEST_SEVEN}"
    with pytest.raises(InvalidDealError) as info:
        Deal.from_str(text)
    problems = " | ".join(_problems(info.value))
    assert "the first seat" in problems
    assert "'X'" in problems
    for problem in SEVERAL_PROBLEMS:
        assert problem in problems


def test_deal_names_each_seat_with_a_wrong_count() -> None:
    # The ♣J moves from East to North: 14 and 12 cards, nothing missing or duplicated.
    text = f"N:AKQJ.T98.765.J432 {EAST_SHORT} {SOUTH} {WEST}"
    with pytest.raises(InvalidDealError) as info:
        Deal.from_str(text)
    assert _problems(info.value) == [
        "North has 14 cards, expected 13",
        "East has 12 cards, expected 13",
    ]


def test_deal_built_from_hands_is_validated_too() -> None:
    north, _, south, west = DEAL.hands
    with pytest.raises(InvalidDealError) as info:
        Deal((north, north, south, west.remove(Card.from_str("HA"))))
    assert _problems(info.value) == [
        "West has 12 cards, expected 13",
        "13 cards are held by North and East: ♠AKQJ ♥T98 ♦765 ♣432",
        "14 cards are missing: ♠T98 ♥A765 ♦432 ♣AKQJ",
    ]


def test_deal_with_empty_hands_names_every_seat() -> None:
    with pytest.raises(InvalidDealError) as info:
        Deal((Hand(), Hand(), Hand(), Hand()))
    problems = _problems(info.value)
    for seat in ("North", "East", "South", "West"):
        assert f"{seat} has 0 cards, expected 13" in problems
    assert problems[-1].startswith("52 cards are missing: ♠AKQJT98765432 ♥AKQJT98765432")


def test_deal_with_a_card_held_by_three_seats() -> None:
    ace = Card.from_str("SA")
    north, east, south, west = DEAL.hands
    with pytest.raises(InvalidDealError) as info:
        Deal((north, east.add(ace), south.add(ace), west))
    problems = _problems(info.value)
    assert "1 card is held by North, East and South: ♠A" in problems
    assert "East has 14 cards, expected 13" in problems
    assert "South has 14 cards, expected 13" in problems


@pytest.mark.parametrize(
    "text",
    [
        f"{NORTH} {EAST} {SOUTH} {WEST}",
        f"N:{NORTH} {EAST} {SOUTH}",
        f"N:{NORTH} {EAST} {SOUTH} {WEST} {WEST}",
        "",
    ],
    ids=["no-seat", "three-hands", "five-hands", "empty"],
)
def test_deal_that_is_not_a_seat_and_four_hands(text: str) -> None:
    with pytest.raises(InvalidDealError) as info:
        Deal.from_str(text)
    assert info.value.text == text
    assert info.value.problems
    assert f"'{text}'" in _message(info.value)


@pytest.mark.parametrize("lang", ["en", "es"])
@given(tokens=st.lists(st.sampled_from(["A", "k", "D", "v", "T", "t", "10", "9", "2", "x", "?"])))
def test_hand_reads_each_rank_of_a_suit_as_rank_from_str_does(lang: str, tokens: list[str]) -> None:
    """Every token reads as Rank.from_str reads it; a bad or repeated one is named."""
    expected = 0
    bad: list[str] = []
    twice: list[Rank] = []
    for token in tokens:
        try:
            rank = Rank.from_str(token, lang)
        except ValueError:
            bad.append(token)
            continue
        if expected & (1 << (rank - 2)):
            twice.append(rank)
        expected |= 1 << (rank - 2)
    hand, problems = read_hand("".join(tokens) + "...", lang)
    assert hand is not None
    assert hand.mask == expected << (13 * Suit.SPADES)
    assert len(problems) == len(bad) + len(twice)
    written = " ".join(str(problem) for problem in problems)
    for token in bad:
        assert f"'{token}'" in written
    for rank in twice:
        assert (
            str(Card(Suit.SPADES, rank)) in written
            or Card(Suit.SPADES, rank).localized() in written
        )
