"""Hands: sets of cards kept as a 52-bit mask (bit ``card.index`` set when held).

The written form is PBN's: the spades, hearts, diamonds and clubs separated by dots,
each suit high to low, ``-`` or nothing for a void. A hand can also be written with a
suit symbol or letter before each suit (``♠AKQ ♥JT9 ♦876 ♣5432``).

>>> hand = Hand.from_str("AKQ.JT9.876.5432")
>>> len(hand), Card.from_str("SA") in hand
(13, True)
>>> hand.to_str(lang="es")
'ARD.V109.876.5432'
>>> hand.to_str(symbols=True)
'♠AKQ ♥JT9 ♦876 ♣5432'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import repeat

from arbitro.core.card import Card
from arbitro.core.errors import InvalidHandError, InvalidRankError, InvalidSuitError, Problem
from arbitro.core.notation import RANK_LETTERS, check_notation_language
from arbitro.core.rank import Rank
from arbitro.core.suit import Suit
from arbitro.i18n import N_, Language

FULL_MASK = (1 << 52) - 1
"""The mask of the whole pack."""

SUIT_MASK = (1 << 13) - 1
"""The 13 bits of one suit, shifted by ``13 * suit``."""


@dataclass(frozen=True, slots=True)
class Hand:
    """An immutable set of cards.

    >>> Hand.from_str("AK...") | Hand.from_str(".Q..")
    Hand.from_str('AK.Q..')
    """

    mask: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.mask <= FULL_MASK:
            raise ValueError(f"a hand's mask has 52 bits, got {self.mask:#x}")

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Hand:
        """The hand holding ``cards`` (a card given twice is held once).

        >>> Hand.from_cards([Card.from_str("SA"), Card.from_str("C2")])
        Hand.from_str('A...2')
        """
        mask = 0
        for card in cards:
            mask |= 1 << card.index
        return cls(mask)

    @classmethod
    def from_str(cls, text: str, lang: str = "en") -> Hand:
        """Read a hand in PBN dot form, or with a suit marker before each suit.

        A card written twice is an error, and so is a suit written twice.

        >>> Hand.from_str("♠AKQ ♥- ♦JT98765 ♣432") == Hand.from_str("AKQ..JT98765.432")
        True
        >>> Hand.from_str("AKA...")
        Traceback (most recent call last):
        ...
        arbitro.core.errors.InvalidHandError: invalid hand 'AKA...': ♠A is written twice
        """
        hand, problems = read_hand(text, lang)
        if problems or hand is None:
            raise InvalidHandError.of_problems(text, problems)
        return hand

    def to_str(self, lang: str = "en", *, symbols: bool = False) -> str:
        """Write the hand in ``lang``: PBN dot form, or suit symbols before each suit.

        >>> Hand.from_str("AKQ..JT98765.432").to_str(symbols=True)
        '♠AKQ ♥— ♦JT98765 ♣432'
        """
        language = check_notation_language(lang)
        groups = [
            "".join(rank.to_str(language) for rank in self.ranks(suit)) for suit in reversed(Suit)
        ]
        if not symbols:
            return ".".join(groups)
        return " ".join(
            suit.to_str(symbols=True) + (group or "—")
            for suit, group in zip(reversed(Suit), groups, strict=True)
        )

    def ranks(self, suit: Suit) -> tuple[Rank, ...]:
        """The ranks held in ``suit``, highest first.

        >>> Hand.from_str("AKQ.JT9.876.5432").ranks(Suit.HEARTS)
        (Rank.JACK, Rank.TEN, Rank.NINE)
        """
        bits = self.suit_bits(suit)
        return tuple(Rank(bit + 2) for bit in range(12, -1, -1) if bits >> bit & 1)

    def suit_bits(self, suit: Suit) -> int:
        """The 13-bit mask of ``suit`` (bit 0 the two, bit 12 the ace).

        >>> bin(Hand.from_str("A2...").suit_bits(Suit.SPADES))
        '0b1000000000001'
        """
        return self.mask >> (13 * suit) & SUIT_MASK

    def length(self, suit: Suit) -> int:
        """How many cards of ``suit`` the hand holds.

        >>> Hand.from_str("AKQ.JT9.876.5432").length(Suit.CLUBS)
        4
        """
        return self.suit_bits(suit).bit_count()

    def add(self, card: Card) -> Hand:
        """This hand with ``card`` added.

        >>> Hand().add(Card.from_str("HA"))
        Hand.from_str('.A..')
        """
        return Hand(self.mask | 1 << card.index)

    def remove(self, card: Card) -> Hand:
        """This hand without ``card`` (unchanged if it was not held).

        >>> Hand.from_str("A...").remove(Card.from_str("SA"))
        Hand.from_str('...')
        """
        return Hand(self.mask & ~(1 << card.index))

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        """The cards, spades first, each suit from the highest card down."""
        for index in range(51, -1, -1):
            if self.mask >> index & 1:
                yield Card.from_index(index)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __or__(self, other: Hand) -> Hand:
        return Hand(self.mask | other.mask)

    def __and__(self, other: Hand) -> Hand:
        return Hand(self.mask & other.mask)

    def __sub__(self, other: Hand) -> Hand:
        return Hand(self.mask & ~other.mask)

    def __str__(self) -> str:
        return self.to_str()

    def __repr__(self) -> str:
        return f"Hand.from_str({self.to_str()!r})"


def read_hand(text: str, lang: str = "en") -> tuple[Hand | None, list[Problem]]:
    """Read a hand, collecting every problem instead of stopping at the first.

    Returns the cards that could be read and the problems; the hand is None when not
    even its suits could be told apart. :meth:`Hand.from_str` raises when there are
    problems; a deal uses this to report the problems of all four hands at once.

    >>> hand, problems = read_hand("AKA.Y..2")
    >>> hand
    Hand.from_str('AK...2')
    >>> [str(problem) for problem in problems]
    ['♠A is written twice', "'Y' in hearts is not a rank (expected A K Q J T, 9 … 2)"]
    """
    language = check_notation_language(lang)
    stripped = text.strip()
    problems: list[Problem] = []
    if "." in stripped:
        groups = stripped.split(".")
        if len(groups) != 4:
            return None, [
                Problem(N_("expected four suits separated by dots (spades.hearts.diamonds.clubs)"))
            ]
        by_suit = dict(zip(_SUITS_WRITTEN, groups, strict=True))
    else:
        by_suit = _marked_suits(stripped, language, problems)
        if not by_suit:
            return None, problems or [Problem(N_("expected four suits separated by dots"))]
    mask = 0
    for suit, group in by_suit.items():
        mask |= _suit_bits(suit, group.strip(), language, problems) << (13 * suit)
    return Hand(mask), problems


def dotted_masks(texts: Sequence[str], lang: str = "en") -> list[int] | None:
    """The masks of hands in dot form whose ranks are each one character, written once.

    The common form of a hand record, read with no problem to note: each suit's ranks are
    looked up in the table :func:`read_hand` reads a character at a time with, and added
    up. A rank written twice carries into a higher bit, so a suit's sum then has fewer
    bits set than the suit has characters, and so do all the suits together. ``None`` for
    any other text (a void written ``-``, ``10``, a bad or repeated rank, suit markers,
    blanks): :func:`read_hand` reads it, and names its problems. Where both read a text,
    they read the same cards.

    >>> [Hand(mask) for mask in dotted_masks(["AKQ.JT9.876.5432", "...AKQJT98765432"])]
    [Hand.from_str('AKQ.JT9.876.5432'), Hand.from_str('...AKQJT98765432')]
    >>> dotted_masks(["AKA..."]) is None, dotted_masks(["AK.-.Q.J"]) is None
    (True, True)
    """
    language = check_notation_language(lang)
    rank_bits = (_RANK_BITS.get(language) or _rank_bits(language)).__getitem__
    if list(map(str.count, texts, repeat("."))) != [3] * len(texts):
        return None
    joined = ".".join(texts)
    try:
        # Each suit's sum, suit by suit, spades first: a character not a rank is a KeyError.
        sums = [sum(map(rank_bits, group)) for group in joined.split(".")]
    except KeyError:
        return None
    if sum(map(int.bit_count, sums)) != len(joined) - joined.count("."):
        return None  # a rank written twice in a suit (or "10", read as 1 and 0)
    return [
        spades << 39 | hearts << 26 | diamonds << 13 | clubs
        for spades, hearts, diamonds, clubs in zip(*[iter(sums)] * 4, strict=True)
    ]


def hands_of_masks(masks: Iterable[int]) -> list[Hand]:
    """Hands of masks already known to lie within the pack's 52 bits, made with no check.

    A mask :func:`dotted_masks` reads is such a mask; each hand is made without the
    check of :class:`Hand`'s own ``__init__`` (two Python calls a hand).

    >>> hands_of_masks(dotted_masks(["AKQ.JT9.876.5432"]) or [])
    [Hand.from_str('AKQ.JT9.876.5432')]
    """
    hands = []
    for mask in masks:
        hand = _NEW_HAND(Hand)
        _SET_MASK(hand, mask)
        hands.append(hand)
    return hands


_NEW_HAND = object.__new__
_SET_MASK = Hand.__dict__["mask"].__set__
"""The slot of a hand's mask, set as the frozen dataclass sets it, by its descriptor."""


def _marked_suits(stripped: str, language: Language, problems: list[Problem]) -> dict[Suit, str]:
    """Split ``♠AKQ ♥JT9 ...`` (or letters, ``SAKQ HJT9``) into each suit's ranks."""
    by_suit: dict[Suit, str] = {}
    for group in stripped.split():
        try:
            suit = Suit.from_str(group[0], language)
        except InvalidSuitError:
            problems.append(
                Problem(
                    N_(
                        "'{group}' does not start with a suit; expected dots between suits "
                        "(AKQ.JT9.876.5432) or a suit before each ({example})"
                    ),
                    {"group": group, "example": "♠AKQ ♥JT9 ♦876 ♣5432"},
                )
            )
            continue
        if suit in by_suit:
            problems.append(Problem(N_("{suit} are written twice"), {"suit": suit}))
            by_suit[suit] += group[1:]
        else:
            by_suit[suit] = group[1:]
    return by_suit


def _suit_bits(suit: Suit, group: str, language: Language, problems: list[Problem]) -> int:
    """Read the ranks of one suit into a 13-bit mask, noting each problem.

    >>> problems = []
    >>> _suit_bits(Suit.HEARTS, "A10x", "en", problems), [str(p) for p in problems]
    (4352, ["'x' in hearts is not a rank (expected A K Q J T, 9 … 2)"])
    """
    if group in ("-", "—"):
        return 0
    rank_bits = _RANK_BITS.get(language) or _rank_bits(language)
    # The common case, each token a rank written once, read a character at a time
    # (``10`` is the ten, as ``T``); at any other token the reading starts again below.
    bits = 0
    for token in group.replace("10", "T") if "10" in group else group:
        bit = rank_bits.get(token)
        if bit is None or bits & bit:
            break
        bits |= bit
    else:
        return bits
    bits = 0
    position = 0
    while position < len(group):
        width = 2 if group.startswith("10", position) else 1
        token = group[position : position + width]
        position += width
        bit = rank_bits.get(token)
        if bit is None:
            try:
                bit = 1 << (Rank.from_str(token, language) - 2)
            except InvalidRankError:
                problems.append(
                    Problem(
                        N_("'{token}' in {suit} is not a rank (expected {choices}, 9 … 2)"),
                        {
                            "token": token,
                            "suit": suit,
                            "choices": "A R D V 10" if language == "es" else "A K Q J T",
                        },
                    )
                )
                continue
        if bits & bit:
            rank = Rank(bit.bit_length() + 1)
            problems.append(Problem(N_("{card} is written twice"), {"card": Card(suit, rank)}))
        bits |= bit
    return bits


_SUITS_WRITTEN = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The suits in the order a hand writes them, spades first."""

_RANK_BITS: dict[Language, dict[str, int]] = {}
"""Each rank token of a language (either case, and ``10``) and its bit in a suit's mask."""


def _rank_bits(language: Language) -> dict[str, int]:
    """The rank tokens of ``language`` and their bits, from :meth:`Rank.from_str` itself.

    >>> _rank_bits("es")["d"] == 1 << (Rank.QUEEN - 2)
    True
    """
    tokens = [*RANK_LETTERS[language], *RANK_LETTERS[language].lower(), "10"]
    _RANK_BITS[language] = {token: 1 << (Rank.from_str(token, language) - 2) for token in tokens}
    return _RANK_BITS[language]
