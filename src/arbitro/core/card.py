"""Cards: a suit and a rank, written suit first (``SA`` is the ace of spades).

Each card has an index from 0 (the two of clubs) to 51 (the ace of spades), its bit
in a :class:`~arbitro.core.hand.Hand`.

>>> Card.from_str("SA")
Card(Suit.SPADES, Rank.ACE)
>>> Card.from_str("♥10").to_str(lang="es")
'C10'
>>> Card.from_str("DD", lang="es")  # the queen (dama) of diamonds
Card(Suit.DIAMONDS, Rank.QUEEN)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitro.core.errors import InvalidCardError, InvalidRankError, InvalidSuitError
from arbitro.core.notation import check_notation_language
from arbitro.core.rank import Rank
from arbitro.core.suit import Suit
from arbitro.i18n import N_, get_language


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A playing card; cards order by suit, then rank.

    ``index`` is the card's index, 0 to 51, suit-major: its bit in a hand's mask. It is
    worked out once, when the card is made, because the table reads it on every card.

    >>> Card(Suit.CLUBS, Rank.ACE) < Card(Suit.DIAMONDS, Rank.TWO)
    True
    >>> Card.from_str("C2").index, Card.from_str("SA").index
    (0, 51)
    """

    suit: Suit
    rank: Rank
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Accept plain ints and normalise them, so Card(3, 14) is the ace of spades.
        suit = Suit(self.suit)
        rank = Rank(self.rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "index", 13 * suit + rank - 2)

    @classmethod
    def from_str(cls, text: str, lang: str = "en") -> Card:
        """Read a card written suit first: a suit letter of ``lang`` or a symbol, then a rank.

        >>> Card.from_str("PR", lang="es"), Card.from_str("c2")
        (Card(Suit.SPADES, Rank.KING), Card(Suit.CLUBS, Rank.TWO))
        >>> Card.from_str("ZA")
        Traceback (most recent call last):
        ...
        arbitro.core.errors.InvalidCardError: invalid card 'ZA': expected a suit (S, H, D, C or ♠, ♥, ♦, ♣) followed by a rank (A, K, Q, J, T or 10, 9 … 2)
        """
        language = check_notation_language(lang)
        stripped = text.strip()
        try:
            if len(stripped) < 2:
                raise InvalidCardError(text, "")
            return cls(Suit.from_str(stripped[0], language), Rank.from_str(stripped[1:], language))
        except (InvalidSuitError, InvalidRankError, InvalidCardError):
            if language == "es":
                reason = N_(
                    "expected a suit (P, C, D, T or ♠, ♥, ♦, ♣) followed by a rank "
                    "(A, R, D, V, 10 or T, 9 … 2)"
                )
            else:
                reason = N_(
                    "expected a suit (S, H, D, C or ♠, ♥, ♦, ♣) followed by a rank "
                    "(A, K, Q, J, T or 10, 9 … 2)"
                )
            raise InvalidCardError(text, reason) from None

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose index is ``index`` (0 is the two of clubs, 51 the ace of spades).

        >>> Card.from_index(51)
        Card(Suit.SPADES, Rank.ACE)
        """
        return _CARDS[index]

    def to_str(self, lang: str = "en", *, symbols: bool = False) -> str:
        """Write the card suit first, in ``lang``, with a suit symbol if asked.

        >>> Card.from_str("HQ").to_str(lang="es", symbols=True)
        '♥D'
        """
        language = check_notation_language(lang)
        return self.suit.to_str(language, symbols=symbols) + self.rank.to_str(language)

    def printed(self, lang: str = "en") -> str:
        """The card as a page printed for people writes it in ``lang``: a suit symbol, the ten ``10``.

        :meth:`to_str` is the notation typed and kept in files (``HT``, ``CD``).

        >>> Card.from_str("HT").printed(), Card.from_str("HQ").printed("es")
        ('♥10', '♥D')
        """
        return self.suit.to_str(symbols=True) + self.rank.printed(lang)

    def localized(self) -> str:
        """The card for people in the active language: a suit symbol, the ten ``10`` (:meth:`printed`).

        >>> Card.from_str("SK").localized(), Card.from_str("ST").localized()
        ('♠K', '♠10')
        """
        return self.printed(get_language())

    def __str__(self) -> str:
        return self.to_str()

    def __repr__(self) -> str:
        return f"Card({self.suit!r}, {self.rank!r})"


_CARDS: tuple[Card, ...] = tuple(Card(Suit(i // 13), Rank(i % 13 + 2)) for i in range(52))
