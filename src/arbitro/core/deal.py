"""Deals: the four hands of a board, validated as a whole.

A deal is written as in PBN: the seat of the first hand, a colon, then the four hands
clockwise from it. A deal must hold the 52 cards, 13 in each hand; when it does not,
the error lists every problem at once (each seat's count, every duplicate and every
missing card), so a hand record can be mended in one pass.

>>> deal = Deal.from_str("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> deal[Seat.EAST]
Hand.from_str('T98.765.432.AKQJ')
>>> deal.to_str(first=Seat.WEST, lang="es")
'O:432.ARDV.1098.765 ARDV.1098.765.432 1098.765.432.ARDV 765.432.ARDV.1098'

Deal numbers
------------

Every deal has a number from 0 to ``DEAL_COUNT - 1`` (52! / 13!⁴ =
53,644,737,765,488,792,839,237,440,000 deals), and every such number is one deal. The
numbering is the lexicographic rank of the deal written as the seat of each card:

* the cards are taken in the order ♠A ♠K … ♠2 ♥A … ♥2 ♦A … ♦2 ♣A … ♣2 (spades first,
  each suit from the ace down: card index 51 down to 0);
* each card is given the letter of its holder, with the seats ordered North < East <
  South < West;
* the number of a deal is how many deals come before its 52-letter word in dictionary
  order, among the words with thirteen of each letter.

So deal 0 gives North all the spades, East the hearts, South the diamonds and West the
clubs; deal 1 swaps South's ♦2 with West's ♣A; the last deal gives West the spades,
South the hearts, East the diamonds and North the clubs. A number is turned into a deal card by card:
with ``k`` deals still possible, ``r`` cards left and ``c`` of them still owed to a
seat, ``k * c // r`` of the deals give the next card to that seat; the seats are tried
North, East, South, West, subtracting the counts of the seats passed. This is the
card-by-card method of combinatorial ranking for bridge deals published by Richard
Pavlicek ("Mapping Bridge Deals"), numbering from 0.

>>> Deal.from_number(0)
Deal.from_str('N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432')
>>> Deal.from_number(DEAL_COUNT - 1).number() == DEAL_COUNT - 1
True
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from arbitro.core.card import Card
from arbitro.core.errors import (
    InvalidDealError,
    InvalidDealNumberError,
    NotationError,
    Problem,
)
from arbitro.core.hand import FULL_MASK, Hand, dotted_masks, hands_of_masks, read_hand
from arbitro.core.notation import SEAT_LETTERS, check_notation_language
from arbitro.core.seat import Seat
from arbitro.core.suit import Suit
from arbitro.i18n import N_, NP_, get_language, gettext

DEAL_COUNT = math.factorial(52) // math.factorial(13) ** 4
"""How many different deals there are: 53,644,737,765,488,792,839,237,440,000.

>>> f"{DEAL_COUNT:,}"
'53,644,737,765,488,792,839,237,440,000'
"""


_FIRST_SEAT = {
    language: {letter: Seat.from_str(letter, language) for letter in letters}
    for language, letters in SEAT_LETTERS.items()
}
"""The seat each seat letter of a language is, as :meth:`Seat.from_str` reads it."""


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands, North, East, South and West, that together hold the pack once.

    >>> Deal((Hand(), Hand(), Hand(), Hand()))
    Traceback (most recent call last):
    ...
    arbitro.core.errors.InvalidDealError: invalid deal '...': North has 0 cards, expected 13; East has 0 cards, expected 13; South has 0 cards, expected 13; West has 0 cards, expected 13; 52 cards are missing: ♠AKQJT98765432 ♥AKQJT98765432 ♦AKQJT98765432 ♣AKQJT98765432
    """

    hands: tuple[Hand, Hand, Hand, Hand]

    def __post_init__(self) -> None:
        problems = deal_problems(self.hands)
        if problems:
            raise InvalidDealError.of_problems(_dot_form(self.hands), problems)

    @classmethod
    def from_str(cls, text: str, lang: str = "en") -> Deal:
        """Read a deal in PBN form: ``N:`` (or ``E:``, ``S:``, ``W:``) and four hands.

        >>> Deal.from_str("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.76")
        Traceback (most recent call last):
        ...
        arbitro.core.errors.InvalidDealError: invalid deal '...': West has 12 cards, expected 13; 1 card is missing: ♣5
        """
        language = check_notation_language(lang)
        first_text, colon, hands_text = text.strip().partition(":")
        if not colon:
            example = "N:AKQJ.T98.765.432 T98.765.432.AKQJ …"
            raise InvalidDealError(
                text,
                N_("expected a seat, a colon and four hands, as in {example}"),
                example=example,
            )
        written = hands_text.split()
        first_seat = _FIRST_SEAT[language].get(first_text)
        if first_seat is not None and len(written) == 4:
            # The common form: dotted hands, ranks one character each, the pack once.
            masks = dotted_masks(written, language)
            if masks is not None and _pack_held(masks):
                # Seat ``first_seat + offset`` holds the hand written at ``offset``.
                north, east, south, west = hands_of_masks(
                    masks[4 - first_seat :] + masks[: 4 - first_seat]
                )
                return cls._unchecked(north, east, south, west)
        problems: list[Problem] = []
        try:
            first = Seat.from_str(first_text, language)
        except NotationError as error:
            # Read on as if North were first, so the hands' own problems are reported too.
            problems.append(Problem(N_("the first seat: {error}"), {"error": error}))
            first = Seat.NORTH
        if len(written) != 4:
            problems.append(
                Problem(
                    N_("expected 4 hands separated by spaces, found {count}"),
                    {"count": len(written)},
                )
            )
            raise InvalidDealError.of_problems(text, problems)
        hands: list[Hand | None] = [None] * 4
        for offset, hand_text in enumerate(written):
            seat = Seat((first + offset) % 4)
            hands[seat], hand_problems = read_hand(hand_text, language)
            problems.extend(
                Problem(N_("{seat}: {error}"), {"seat": seat, "error": problem})
                for problem in hand_problems
            )
        problems.extend(_pack_problems(hands))
        if problems:
            raise InvalidDealError.of_problems(text, problems)
        north, east, south, west = (hand or Hand() for hand in hands)
        # _pack_problems found none: the check a deal's __post_init__ makes (deal_problems).
        return cls._unchecked(north, east, south, west)

    @classmethod
    def from_number(cls, number: int) -> Deal:
        """The deal numbered ``number`` (0 to ``DEAL_COUNT - 1``; see the module's notes).

        >>> Deal.from_number(1)
        Deal.from_str('N:AKQJT98765432... .AKQJT98765432.. ..AKQJT9876543.A ..2.KQJT98765432')
        >>> Deal.from_number(DEAL_COUNT)
        Traceback (most recent call last):
        ...
        arbitro.core.errors.InvalidDealNumberError: invalid deal number '53644737765488792839237440000': expected a whole number from 0 to 53644737765488792839237439999
        """
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < DEAL_COUNT:
            raise InvalidDealNumberError(
                str(number), N_("expected a whole number from 0 to {last}"), last=DEAL_COUNT - 1
            )
        masks = [0, 0, 0, 0]
        owed = [13, 13, 13, 13]
        remaining = DEAL_COUNT
        for left in range(52, 0, -1):
            for seat in range(4):
                count = owed[seat]
                if not count:
                    continue
                with_seat = remaining * count // left
                if number < with_seat:
                    masks[seat] |= 1 << (left - 1)
                    owed[seat] = count - 1
                    remaining = with_seat
                    break
                number -= with_seat
        return cls._unchecked(Hand(masks[0]), Hand(masks[1]), Hand(masks[2]), Hand(masks[3]))

    @classmethod
    def _unchecked(cls, north: Hand, east: Hand, south: Hand, west: Hand) -> Deal:
        """A deal from four hands already known to hold the pack once (no validation)."""
        deal = object.__new__(cls)
        object.__setattr__(deal, "hands", (north, east, south, west))
        return deal

    def number(self) -> int:
        """This deal's number, 0 to ``DEAL_COUNT - 1``: the inverse of :meth:`from_number`.

        >>> EXAMPLE.number()
        37239450417204615635557329
        >>> Deal.from_number(EXAMPLE.number()) == EXAMPLE
        True
        """
        masks = [hand.mask for hand in self.hands]
        owed = [13, 13, 13, 13]
        remaining = DEAL_COUNT
        number = 0
        for left in range(52, 0, -1):
            bit = 1 << (left - 1)
            for seat in range(4):
                count = owed[seat]
                if not count:
                    continue
                with_seat = remaining * count // left
                if masks[seat] & bit:
                    owed[seat] = count - 1
                    remaining = with_seat
                    break
                number += with_seat
        return number

    def to_str(self, first: Seat = Seat.NORTH, lang: str = "en") -> str:
        """Write the deal in PBN form starting from ``first``, in ``lang``.

        >>> Deal.from_str(str(EXAMPLE)).to_str(first=Seat.SOUTH)[:2]
        'S:'
        """
        language = check_notation_language(lang)
        hands = " ".join(self[Seat((first + offset) % 4)].to_str(language) for offset in range(4))
        return f"{first.to_str(language)}:{hands}"

    def holder(self, card: Card) -> Seat:
        """The seat that holds ``card``.

        >>> EXAMPLE.holder(Card.from_str("SA"))
        Seat.NORTH
        """
        for seat in Seat:
            if card in self.hands[seat]:
                return seat
        raise AssertionError("a valid deal holds every card")  # pragma: no cover

    def __getitem__(self, seat: Seat) -> Hand:
        return self.hands[seat]

    def __iter__(self) -> Iterator[Hand]:
        return iter(self.hands)

    def __str__(self) -> str:
        return self.to_str()

    def __repr__(self) -> str:
        return f"Deal.from_str({self.to_str()!r})"


def deal_problems(hands: tuple[Hand, Hand, Hand, Hand]) -> list[Problem]:
    """Every reason why ``hands`` (North, East, South, West) are not a deal; empty if none.

    >>> full = EXAMPLE.hands
    >>> deal_problems(full)
    []
    >>> [str(problem) for problem in deal_problems((full[0], full[0], full[2], full[3]))]
    ['13 cards are held by North and East: ♠AKQJ ♥T98 ♦765 ♣432', '13 cards are missing: ♠T98 ♥765 ♦432 ♣AKQJ']
    """
    return _pack_problems(hands)


def _pack_held(masks: Sequence[int]) -> bool:
    """Whether four hands' masks hold the pack once: 52 cards in four hands of 13."""
    first, second, third, fourth = masks
    held = first | second | third | fourth == FULL_MASK
    return held and list(map(int.bit_count, masks)) == _THIRTEEN_EACH


_THIRTEEN_EACH = [13, 13, 13, 13]


def _pack_problems(hands: Sequence[Hand | None]) -> list[Problem]:
    """The count, duplicate and missing-card problems of four hands.

    A hand that could not be read at all (None) is left out: its count is not known,
    and so the missing cards are not either.
    """
    if None not in hands and _pack_held([hand.mask for hand in hands if hand is not None]):
        return []  # 52 cards in four hands of 13: a deal, and the common case
    problems = [
        Problem(
            NP_("{seat} has {count} card, expected 13", "{seat} has {count} cards, expected 13"),
            {"seat": seat, "count": len(hand)},
        )
        for seat, hand in zip(Seat, hands, strict=True)
        if hand is not None and len(hand) != 13
    ]
    seen = 0
    twice = 0
    for hand in hands:
        if hand is not None:
            twice |= seen & hand.mask
            seen |= hand.mask
    by_holders: dict[tuple[Seat, ...], int] = {}
    for card in Hand(twice):
        holders = tuple(
            seat
            for seat, hand in zip(Seat, hands, strict=True)
            if hand is not None and card in hand
        )
        by_holders[holders] = by_holders.get(holders, 0) | 1 << card.index
    for holders, mask in by_holders.items():
        problems.append(
            Problem(
                NP_(
                    "{count} card is held by {seats}: {cards}",
                    "{count} cards are held by {seats}: {cards}",
                ),
                {"count": mask.bit_count(), "seats": _SeatList(holders), "cards": _Cards(mask)},
            )
        )
    missing = FULL_MASK & ~seen
    if missing and None not in hands:
        problems.append(
            Problem(
                NP_("{count} card is missing: {cards}", "{count} cards are missing: {cards}"),
                {"count": missing.bit_count(), "cards": _Cards(missing)},
            )
        )
    return problems


@dataclass(frozen=True)
class _Cards:
    """Cards shown suit by suit with symbols, ranks in the active language."""

    mask: int

    def localized(self) -> str:
        hand = Hand(self.mask)
        language = get_language()
        return " ".join(
            suit.to_str(symbols=True) + "".join(rank.to_str(language) for rank in hand.ranks(suit))
            for suit in reversed(Suit)
            if hand.length(suit)
        )


@dataclass(frozen=True)
class _SeatList:
    """Seats named in the active language: ``North and East``, ``Norte y Este``."""

    seats: tuple[Seat, ...]

    def localized(self) -> str:
        names = [seat.localized() for seat in self.seats]
        if len(names) == 1:
            return names[0]
        return gettext("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def _dot_form(hands: tuple[Hand, Hand, Hand, Hand]) -> str:
    return "N:" + " ".join(hand.to_str() for hand in hands)


EXAMPLE = Deal.from_str("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
"""A deal used in examples: each hand holds four cards of one suit and three of the others."""
