"""Calls: bids, pass, double and redouble (Law 18).

A bid names a level from one to seven and a strain (18A). A bid supersedes another
when it names more tricks, or as many tricks in a higher strain (18B, 18E); Python's
ordering of :class:`Bid` is exactly that.

>>> Call.from_str("1NT") > Call.from_str("1S")
True
>>> Call.from_str("Doblo", lang="es")
Double()
>>> [call.to_str(lang="es") for call in (Bid(3, Strain.NOTRUMP), PASS, DOUBLE, REDOUBLE)]
['3ST', 'Paso', 'Doblo', 'Redoblo']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitro.core.errors import InvalidCallError, InvalidStrainError
from arbitro.core.notation import (
    DOUBLE_READ,
    DOUBLE_WRITTEN,
    PASS_READ,
    PASS_WRITTEN,
    REDOUBLE_READ,
    REDOUBLE_WRITTEN,
    check_notation_language,
)
from arbitro.core.suit import Strain
from arbitro.i18n import N_, get_language

LEVELS = range(1, 8)
"""The levels a bid may name (Law 18A)."""


def is_level(level: object) -> bool:
    """Whether ``level`` is a whole number a bid may name, 1 to 7 (Law 18A).

    >>> is_level(7), is_level(8), is_level(True), is_level(1.0)
    (True, False, False, False)
    """
    return type(level) is int and level in LEVELS


class Call:
    """Any call: a :class:`Bid`, :class:`Pass`, :class:`Double` or :class:`Redouble`."""

    __slots__ = ()

    @staticmethod
    def from_str(text: str, lang: str = "en") -> Call:
        """Read a call in ``lang``: ``1C`` … ``7NT``, ``Pass``, ``X``, ``XX`` (or their names).

        >>> Call.from_str("pass"), Call.from_str("7♠"), Call.from_str("1T", lang="es")
        (Pass(), Bid(7, Strain.SPADES), Bid(1, Strain.CLUBS))
        >>> Call.from_str("8NT")
        Traceback (most recent call last):
        ...
        arbitro.core.errors.InvalidCallError: invalid call '8NT': a bid's level must be 1 to 7
        """
        language = check_notation_language(lang)
        stripped = text.strip()
        upper = stripped.upper()
        if upper in PASS_READ[language]:
            return PASS
        if upper in DOUBLE_READ[language]:
            return DOUBLE
        if upper in REDOUBLE_READ[language]:
            return REDOUBLE
        level_text = stripped[: len(stripped) - len(stripped.lstrip("0123456789"))]
        if not level_text:
            raise InvalidCallError(
                text,
                N_("expected a bid (level 1 to 7 and a strain, as in {bid}) or one of {others}"),
                bid="1" + Strain.NOTRUMP.to_str(language),
                others=", ".join(
                    (PASS_WRITTEN[language], DOUBLE_WRITTEN[language], REDOUBLE_WRITTEN[language])
                ),
            )
        level = int(level_text) if len(level_text) <= 2 else 0
        if level not in LEVELS:
            raise InvalidCallError(text, N_("a bid's level must be 1 to 7"))
        try:
            strain = Strain.from_str(stripped[len(level_text) :], language)
        except InvalidStrainError as error:
            raise InvalidCallError(
                text, N_("'{strain}' is not a strain"), strain=error.text.strip()
            ) from None
        return Bid(level, strain)

    def to_str(self, lang: str = "en", *, symbols: bool = False) -> str:
        """Write the call in ``lang``, suits as symbols if asked."""
        raise NotImplementedError

    def localized(self) -> str:
        """The call written in the active language, with suit symbols.

        >>> Bid(4, Strain.HEARTS).localized()
        '4♥'
        """
        return self.to_str(get_language(), symbols=True)

    def __str__(self) -> str:
        return self.to_str()


@dataclass(frozen=True, order=True, slots=True)
class Bid(Call):
    """A bid; ``<`` and ``>`` compare bids as Law 18B ranks them.

    ``index`` is the bid's place in the order of Law 18B, 0 (1♣) to 34 (7NT), worked out
    once when the bid is made.

    >>> Bid(2, Strain.CLUBS) > Bid(1, Strain.NOTRUMP) > Bid(1, Strain.SPADES)
    True
    >>> Bid(1, Strain.NOTRUMP).index
    4
    >>> Bid(0, Strain.CLUBS)
    Traceback (most recent call last):
    ...
    arbitro.core.errors.InvalidCallError: invalid call '0C': a bid's level must be 1 to 7
    """

    level: int
    strain: Strain
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        strain = Strain(self.strain)
        object.__setattr__(self, "strain", strain)
        if not is_level(self.level):
            raise InvalidCallError(
                f"{self.level}{self.strain.to_str()}", N_("a bid's level must be 1 to 7")
            )
        object.__setattr__(self, "index", (self.level - 1) * 5 + strain)

    @classmethod
    def from_index(cls, index: int) -> Bid:
        """The bid at ``index`` in the order of Law 18B: 0 is 1♣, 34 is 7NT.

        >>> Bid.from_index(34)
        Bid(7, Strain.NOTRUMP)
        """
        return cls(index // 5 + 1, Strain(index % 5))

    def supersedes(self, other: Bid) -> bool:
        """Whether this bid is sufficient over ``other`` (Law 18B, 18C).

        >>> Bid(1, Strain.SPADES).supersedes(Bid(1, Strain.HEARTS))
        True
        """
        return self > other

    def to_str(self, lang: str = "en", *, symbols: bool = False) -> str:
        """Write the bid in ``lang``.

        >>> Bid(6, Strain.SPADES).to_str(lang="es"), Bid(6, Strain.SPADES).to_str(symbols=True)
        ('6P', '6♠')
        """
        return f"{self.level}{self.strain.to_str(lang, symbols=symbols)}"

    def __repr__(self) -> str:
        return f"Bid({self.level}, {self.strain!r})"


@dataclass(frozen=True, slots=True)
class Pass(Call):
    """A pass."""

    def to_str(self, lang: str = "en", *, symbols: bool = False) -> str:
        """Write ``Pass`` (``Paso`` in Spanish).

        >>> PASS.to_str(lang="es")
        'Paso'
        """
        return PASS_WRITTEN[check_notation_language(lang)]


@dataclass(frozen=True, slots=True)
class Double(Call):
    """A double (Law 19A)."""

    def to_str(self, lang: str = "en", *, symbols: bool = False) -> str:
        """Write ``X`` (``Doblo`` in Spanish).

        >>> DOUBLE.to_str()
        'X'
        """
        return DOUBLE_WRITTEN[check_notation_language(lang)]


@dataclass(frozen=True, slots=True)
class Redouble(Call):
    """A redouble (Law 19B)."""

    def to_str(self, lang: str = "en", *, symbols: bool = False) -> str:
        """Write ``XX`` (``Redoblo`` in Spanish).

        >>> REDOUBLE.to_str(lang="es")
        'Redoblo'
        """
        return REDOUBLE_WRITTEN[check_notation_language(lang)]


PASS = Pass()
DOUBLE = Double()
REDOUBLE = Redouble()

BIDS: tuple[Bid, ...] = tuple(Bid.from_index(index) for index in range(35))
"""The 35 bids in the order of Law 18B."""

CALLS: tuple[Call, ...] = (PASS, DOUBLE, REDOUBLE, *BIDS)
"""All 38 calls."""
