"""Suits and strains (denominations), in the order the Laws rank them.

Suits rank clubs < diamonds < hearts < spades (Law 1); strains rank
clubs < diamonds < hearts < spades < no trump (Law 18E). A suit equals the strain of the
same name (``Suit.SPADES == Strain.SPADES``), so a trump test is a plain comparison.

>>> Suit.from_str("♠")
Suit.SPADES
>>> Suit.from_str("C", lang="es")
Suit.HEARTS
>>> Strain.from_str("ST", lang="es").to_str()
'NT'
>>> sorted(Strain, reverse=True)[0]
Strain.NOTRUMP
"""

from __future__ import annotations

import enum

from arbitro.core.errors import InvalidStrainError, InvalidSuitError
from arbitro.core.notation import (
    NOTRUMP_READ,
    NOTRUMP_WRITTEN,
    SUIT_LETTERS,
    SUIT_SYMBOL_VARIANTS,
    SUIT_SYMBOLS,
    check_notation_language,
)
from arbitro.i18n import N_, Language, gettext

_SUIT_NAMES = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))


def _suit_index(text: str, lang: Language) -> int | None:
    """Return the index (clubs 0 .. spades 3) of a suit letter or symbol, or None."""
    if text in SUIT_SYMBOL_VARIANTS:
        return SUIT_SYMBOL_VARIANTS[text]
    position = SUIT_LETTERS[lang].find(text.upper()) if len(text) == 1 else -1
    return position if position >= 0 else None


class Suit(enum.IntEnum):
    """One of the four suits, clubs lowest (Law 1).

    >>> Suit.HEARTS.to_str(lang="es"), Suit.HEARTS.to_str(symbols=True)
    ('C', '♥')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __bool__(self) -> bool:
        """Always true: clubs, numbered 0, is a suit, not an absence (``if suit``, ``suit or ...``).

        >>> bool(Suit.CLUBS)
        True
        """
        return True

    @classmethod
    def from_str(cls, text: str, lang: str = "en") -> Suit:
        """Read a suit letter of ``lang`` or a suit symbol.

        >>> Suit.from_str("p", lang="es")
        Suit.SPADES
        >>> Suit.from_str("X")
        Traceback (most recent call last):
        ...
        arbitro.core.errors.InvalidSuitError: invalid suit 'X': expected one of S, H, D, C, ♠, ♥, ♦, ♣
        """
        language = check_notation_language(lang)
        index = _suit_index(text.strip(), language)
        if index is None:
            raise InvalidSuitError(
                text,
                N_("expected one of {choices}"),
                choices=", ".join([*SUIT_LETTERS[language][::-1], *SUIT_SYMBOLS[::-1]]),
            )
        return cls(index)

    def to_str(self, lang: str = "en", *, symbols: bool = False) -> str:
        """Write the suit as a letter of ``lang``, or as a symbol.

        >>> Suit.CLUBS.to_str(lang="es")
        'T'
        """
        language = check_notation_language(lang)
        return SUIT_SYMBOLS[self] if symbols else SUIT_LETTERS[language][self]

    @property
    def strain(self) -> Strain:
        """The strain of this suit.

        >>> Suit.SPADES.strain
        Strain.SPADES
        """
        return Strain(self.value)

    @property
    def is_major(self) -> bool:
        """True for hearts and spades.

        >>> Suit.HEARTS.is_major
        True
        """
        return self >= Suit.HEARTS

    def localized(self) -> str:
        """The suit's name in the active language.

        >>> Suit.SPADES.localized()
        'spades'
        """
        return gettext(_SUIT_NAMES[self])

    def __str__(self) -> str:
        return self.to_str()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


class Strain(enum.IntEnum):
    """A denomination: a suit or no trump, ranked as in Law 18E.

    >>> Strain.NOTRUMP > Strain.SPADES > Strain.HEARTS
    True
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    def __bool__(self) -> bool:
        """Always true: clubs, numbered 0, is a strain, not an absence (``if strain``, ``strain or ...``).

        >>> bool(Strain.CLUBS)
        True
        """
        return True

    @classmethod
    def from_str(cls, text: str, lang: str = "en") -> Strain:
        """Read a strain: a suit letter or symbol of ``lang``, or no trump.

        >>> Strain.from_str("NT"), Strain.from_str("n"), Strain.from_str("sa", lang="es")
        (Strain.NOTRUMP, Strain.NOTRUMP, Strain.NOTRUMP)
        >>> Strain.from_str("Z")
        Traceback (most recent call last):
        ...
        arbitro.core.errors.InvalidStrainError: invalid strain 'Z': expected one of NT, S, H, D, C, ♠, ♥, ♦, ♣
        """
        language = check_notation_language(lang)
        stripped = text.strip()
        if stripped.upper() in NOTRUMP_READ[language]:
            return cls.NOTRUMP
        index = _suit_index(stripped, language)
        if index is None:
            raise InvalidStrainError(
                text,
                N_("expected one of {choices}"),
                choices=", ".join(
                    [NOTRUMP_WRITTEN[language], *SUIT_LETTERS[language][::-1], *SUIT_SYMBOLS[::-1]]
                ),
            )
        return cls(index)

    def to_str(self, lang: str = "en", *, symbols: bool = False) -> str:
        """Write the strain in ``lang``; suits as symbols if asked (no trump stays letters).

        >>> Strain.NOTRUMP.to_str(lang="es"), Strain.SPADES.to_str(symbols=True)
        ('ST', '♠')
        """
        language = check_notation_language(lang)
        if self is Strain.NOTRUMP:
            return NOTRUMP_WRITTEN[language]
        return Suit(self.value).to_str(language, symbols=symbols)

    @property
    def suit(self) -> Suit | None:
        """The suit of this strain, or None for no trump.

        >>> Strain.HEARTS.suit, Strain.NOTRUMP.suit
        (Suit.HEARTS, None)
        """
        return None if self is Strain.NOTRUMP else Suit(self.value)

    @property
    def is_major(self) -> bool:
        """True for hearts and spades.

        >>> Strain.SPADES.is_major, Strain.NOTRUMP.is_major
        (True, False)
        """
        return self in (Strain.HEARTS, Strain.SPADES)

    @property
    def is_minor(self) -> bool:
        """True for clubs and diamonds.

        >>> Strain.CLUBS.is_minor
        True
        """
        return self <= Strain.DIAMONDS

    def localized(self) -> str:
        """The strain's name in the active language.

        >>> Strain.NOTRUMP.localized()
        'no trump'
        """
        suit = self.suit
        return gettext(N_("no trump")) if suit is None else suit.localized()

    def __str__(self) -> str:
        return self.to_str()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Strain.{self.name}"
