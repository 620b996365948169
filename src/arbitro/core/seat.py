"""Seats (compass directions) and sides (Laws 3 and 4).

North and South play against East and West. The auction and the play go clockwise:
a seat's left-hand opponent is the next seat to call or play.

>>> Seat.NORTH.lho, Seat.NORTH.partner, Seat.NORTH.rho
(Seat.EAST, Seat.SOUTH, Seat.WEST)
>>> Seat.from_str("O", lang="es")
Seat.WEST
>>> Seat.WEST.side
Side.EW
"""

from __future__ import annotations

import enum

from arbitro.core.errors import InvalidSeatError, InvalidSideError
from arbitro.core.notation import SEAT_LETTERS, SEAT_NAMES, SEAT_WORDS, check_notation_language
from arbitro.i18n import N_, gettext

_SIDE_WRITTEN = {"en": ("NS", "EW"), "es": ("NS", "EO")}
_SIDE_NAMES = (N_("North-South"), N_("East-West"))


_NAMED: dict[str, dict[str, Seat]] = {}
"""The seat each letter and name of a language reads as (upper case), filled on first use."""


class Seat(enum.IntEnum):
    """A seat at the table, numbered clockwise from North. ``Seat.N`` is ``Seat.NORTH``."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3
    N = 0
    E = 1
    S = 2
    W = 3

    def __bool__(self) -> bool:
        """Always true: North, numbered 0, is a seat, not an absence (``if seat``, ``seat or ...``).

        >>> bool(Seat.NORTH)
        True
        """
        return True

    @classmethod
    def from_str(cls, text: str, lang: str = "en") -> Seat:
        """Read a seat letter or name of ``lang`` (``N``, ``North``; ``O``, ``Oeste``).

        >>> Seat.from_str("east"), Seat.from_str("Sur", lang="es")
        (Seat.EAST, Seat.SOUTH)
        >>> Seat.from_str("O")
        Traceback (most recent call last):
        ...
        arbitro.core.errors.InvalidSeatError: invalid seat 'O': expected one of N, E, S, W
        """
        language = check_notation_language(lang)
        named = _NAMED.get(language)
        if named is None:
            named = _NAMED[language] = {
                **{SEAT_WORDS[language][seat].upper(): seat for seat in cls},
                **{SEAT_LETTERS[language][seat]: seat for seat in cls},
            }
        seat = named.get(text.strip().upper())
        if seat is None:
            letters = SEAT_LETTERS[language]
            raise InvalidSeatError(
                text, N_("expected one of {choices}"), choices=", ".join(letters)
            )
        return seat

    def to_str(self, lang: str = "en") -> str:
        """Write the seat's letter in ``lang``.

        >>> Seat.WEST.to_str(lang="es")
        'O'
        """
        return SEAT_LETTERS[check_notation_language(lang)][self]

    @property
    def lho(self) -> Seat:
        """The left-hand opponent: the next seat clockwise, who calls and plays next.

        >>> Seat.WEST.lho
        Seat.NORTH
        """
        return _LHO[self]

    @property
    def partner(self) -> Seat:
        """The partner, sitting opposite.

        >>> Seat.EAST.partner
        Seat.WEST
        """
        return _PARTNER[self]

    @property
    def rho(self) -> Seat:
        """The right-hand opponent, who called or played just before.

        >>> Seat.NORTH.rho
        Seat.WEST
        """
        return _RHO[self]

    @property
    def side(self) -> Side:
        """The side this seat plays for.

        >>> Seat.SOUTH.side
        Side.NS
        """
        return _SIDE[self]

    def localized(self) -> str:
        """The seat's name in the active language.

        >>> Seat.WEST.localized()
        'West'
        """
        return gettext(SEAT_NAMES[self])

    def __str__(self) -> str:
        return self.to_str()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


class Side(enum.IntEnum):
    """North-South or East-West.

    >>> Side.NS.seats, Side.from_str("EO", lang="es")
    ((Seat.NORTH, Seat.SOUTH), Side.EW)
    """

    NS = 0
    EW = 1

    def __bool__(self) -> bool:
        """Always true: North-South, numbered 0, is a side, not an absence (``if side``, ``side or ...``).

        >>> bool(Side.NS)
        True
        """
        return True

    @classmethod
    def from_str(cls, text: str, lang: str = "en") -> Side:
        """Read a side: ``NS`` or ``EW`` (``EO`` in Spanish), with or without a slash.

        >>> Side.from_str("E/W")
        Side.EW
        """
        language = check_notation_language(lang)
        stripped = text.strip().upper().replace("/", "").replace("-", "")
        for side in cls:
            if stripped == _SIDE_WRITTEN[language][side]:
                return side
        raise InvalidSideError(
            text, N_("expected one of {choices}"), choices=", ".join(_SIDE_WRITTEN[language])
        )

    def to_str(self, lang: str = "en") -> str:
        """Write the side in ``lang``.

        >>> Side.EW.to_str(lang="es")
        'EO'
        """
        return _SIDE_WRITTEN[check_notation_language(lang)][self]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of this side, North or East first.

        >>> Side.EW.seats
        (Seat.EAST, Seat.WEST)
        """
        return (Seat(self.value), Seat(self.value + 2))

    @property
    def opponents(self) -> Side:
        """The other side.

        >>> Side.NS.opponents
        Side.EW
        """
        return Side(1 - self.value)

    def localized(self) -> str:
        """The side's name in the active language.

        >>> Side.NS.localized()
        'North-South'
        """
        return gettext(_SIDE_NAMES[self])

    def __str__(self) -> str:
        return self.to_str()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Side.{self.name}"


# The neighbours and side of each seat, looked up rather than made: the table asks for
# them on every call and card.
_LHO = (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH)
_PARTNER = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_RHO = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
_SIDE = (Side.NS, Side.EW, Side.NS, Side.EW)
