"""The letters and symbols each language writes bridge with.

English: suits ``S H D C``, ``NT``, ranks ``A K Q J T``; calls ``Pass``, ``X``, ``XX``;
seats ``N E S W``. Spanish: suits ``P C D T`` (picas, corazones, diamantes, tréboles),
``ST`` (sin triunfo), ranks ``A R D V`` (as, rey, dama, valet); ``Paso``, ``Doblo``,
``Redoblo``; seats ``N E S O``. Suit symbols ``♠ ♥ ♦ ♣`` are read in both, and the ten
is written ``T`` or ``10``.

The same letter can mean different things (``C`` is clubs in English and hearts in
Spanish; ``D`` is a suit and, in Spanish, the queen), so every parser takes the
language explicitly and never guesses.

>>> SUIT_LETTERS["es"]
'TDCP'
>>> check_notation_language("es")
'es'
"""

from __future__ import annotations

from typing import Final

from arbitro.core.errors import InvalidLanguageNotationError
from arbitro.i18n import LANGUAGES, N_, Language

SUIT_LETTERS: Final[dict[Language, str]] = {"en": "CDHS", "es": "TDCP"}
"""Suit letters from clubs up to spades."""

SUIT_SYMBOLS: Final = "♣♦♥♠"
"""Suit symbols from clubs up to spades."""

SUIT_SYMBOL_VARIANTS: Final[dict[str, int]] = {
    "♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3,
}  # fmt: skip
"""Every suit symbol read, black and white forms alike, to the suit's index."""

NOTRUMP_WRITTEN: Final[dict[Language, str]] = {"en": "NT", "es": "ST"}
"""How no trump is written."""

NOTRUMP_READ: Final[dict[Language, tuple[str, ...]]] = {
    "en": ("NT", "N"),
    "es": ("ST", "SA", "NT"),
}
"""Every spelling of no trump read, upper case."""

RANK_LETTERS: Final[dict[Language, str]] = {"en": "23456789TJQKA", "es": "23456789TVDRA"}
"""Rank letters from the two up to the ace."""

SEAT_LETTERS: Final[dict[Language, str]] = {"en": "NESW", "es": "NESO"}
"""Seat letters in the order North, East, South, West."""

SEAT_WORDS: Final[dict[Language, tuple[str, str, str, str]]] = {
    "en": ("North", "East", "South", "West"),
    "es": ("Norte", "Este", "Sur", "Oeste"),
}
"""Seat names read in each notation language (whatever the display language)."""

SEAT_NAMES: Final = (N_("North"), N_("East"), N_("South"), N_("West"))
"""Seat names (catalog messages) in the order North, East, South, West."""

PASS_WRITTEN: Final[dict[Language, str]] = {"en": "Pass", "es": "Paso"}
DOUBLE_WRITTEN: Final[dict[Language, str]] = {"en": "X", "es": "Doblo"}
REDOUBLE_WRITTEN: Final[dict[Language, str]] = {"en": "XX", "es": "Redoblo"}

PASS_READ: Final[dict[Language, tuple[str, ...]]] = {
    "en": ("PASS", "P"),
    "es": ("PASO", "P"),
}
"""Every spelling of pass read, upper case."""

DOUBLE_READ: Final[dict[Language, tuple[str, ...]]] = {
    "en": ("X", "DBL", "DOUBLE"),
    "es": ("X", "DOBLO"),
}
"""Every spelling of double read, upper case."""

REDOUBLE_READ: Final[dict[Language, tuple[str, ...]]] = {
    "en": ("XX", "RDBL", "REDOUBLE"),
    "es": ("XX", "REDOBLO"),
}
"""Every spelling of redouble read, upper case."""


def check_notation_language(language: str) -> Language:
    """Return ``language`` if Árbitro reads and writes bridge in it, else raise.

    >>> check_notation_language("fr")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.InvalidLanguageNotationError: invalid notation language 'fr': expected one of en, es
    """
    for known in LANGUAGES:
        if language == known:
            return known
    raise InvalidLanguageNotationError(
        language, N_("expected one of {choices}"), choices=", ".join(LANGUAGES)
    )
