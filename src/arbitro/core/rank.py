"""Card ranks, from the two up to the ace (Law 1).

>>> Rank.from_str("10") is Rank.from_str("T") is Rank.TEN
True
>>> Rank.from_str("R", lang="es")
Rank.KING
>>> Rank.QUEEN.to_str(lang="es"), Rank.TEN.to_str(lang="es"), Rank.TEN.to_str()
('D', '10', 'T')
"""

from __future__ import annotations

import enum

from arbitro.core.errors import InvalidRankError
from arbitro.core.notation import RANK_LETTERS, check_notation_language
from arbitro.i18n import N_, get_language


class Rank(enum.IntEnum):
    """A rank; its value is the number on the card, 11 to 14 for J, Q, K, A."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @classmethod
    def from_str(cls, text: str, lang: str = "en") -> Rank:
        """Read a rank letter of ``lang``; the ten is ``T`` or ``10`` in both languages.

        >>> Rank.from_str("V", lang="es")
        Rank.JACK
        >>> Rank.from_str("V")
        Traceback (most recent call last):
        ...
        arbitro.core.errors.InvalidRankError: invalid rank 'V': expected one of A, K, Q, J, T (or 10), 9 … 2
        """
        language = check_notation_language(lang)
        stripped = text.strip().upper()
        if stripped == "10":
            return cls.TEN
        letters = RANK_LETTERS[language]
        position = letters.find(stripped) if len(stripped) == 1 else -1
        if position < 0:
            raise InvalidRankError(
                text,
                N_("expected one of {choices}, T (or 10), 9 … 2"),
                choices=", ".join(reversed(letters[-4:])),
            )
        return cls(position + 2)

    def to_str(self, lang: str = "en") -> str:
        """Write the rank in ``lang``: the ten is ``T`` in English and ``10`` in Spanish.

        >>> Rank.ACE.to_str(lang="es")
        'A'
        """
        language = check_notation_language(lang)
        if self is Rank.TEN and language == "es":
            return "10"
        return RANK_LETTERS[language][self - 2]

    def printed(self, lang: str = "en") -> str:
        """The rank as a page printed for people writes it in ``lang``: the ten is ``10``.

        The card's own figure, in both languages, as hand records and travellers print
        it; :meth:`to_str` is the notation typed and kept in files (PBN's ``T``).

        >>> Rank.TEN.printed(), Rank.TEN.printed("es"), Rank.KING.printed("es")
        ('10', '10', 'R')
        """
        return "10" if self is Rank.TEN else self.to_str(lang)

    def localized(self) -> str:
        """The rank as written in the active language.

        >>> from arbitro.i18n import use_language
        >>> with use_language("es"):
        ...     Rank.KING.localized()
        'R'
        """
        return self.to_str(get_language())

    def __str__(self) -> str:
        return self.to_str()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Rank.{self.name}"
