"""The text of a USEBIO element's value, read and written.

Each reader takes an element's text and gives its value or raises ``ValueError`` (the
reader of the tree turns that into a :class:`~arbitro.formats.usebio.model.UsebioSyntaxError`
naming the file, the line and the element): scores (:func:`read_view`, and
:func:`write_view` for what is written), the opening lead, whole numbers (board, round
and trick numbers are plain digits), decimals, contracts. :func:`decimal` and
:func:`imps` write the figures back.
"""

from __future__ import annotations

import re
from fractions import Fraction

from arbitro.core import Card
from arbitro.formats.pbn.table_tags import TABLE_CONTRACT
from arbitro.scoring.results import AdjustedImps, Average, Result, View, Weighted
from arbitro.scoring.session import show

_WEIGHTED_PART = re.compile(
    r"\s*(?P<weight>[0-9]{1,9}(?:/0{0,9}[1-9][0-9]{0,8})?)\s+(?P<score>[+-]?[0-9]{1,9})\s*"
)
"""One part of a weighted score, ``2/3 +620``: its weight and its score."""

AVERAGES = re.compile(r"[Aa]([0-9]{2})([0-9]{2})")
"""Compscore3's artificial scores for both sides in one ``SCORE``: ``A5050``, ``A6040``…"""

_RANKS = "AKQJT98765432"
"""The rank letters, highest first."""

_WHOLE = re.compile(r"[0-9]{1,9}")
"""A whole number as a file writes it: digits only (Python's ``int`` also reads ``1_0``)."""

_NUMBER = re.compile(r"[+-]?(?:[0-9]{1,15}(?:\.[0-9]{0,15})?|\.[0-9]{1,15})")
"""A number a score or a total can be: up to 15 digits each side of the point."""


def _matching(pattern: re.Pattern[str], text: str) -> str:
    """``text`` when ``pattern`` matches the whole of it, or ValueError.

    >>> _matching(_WHOLE, "10")
    '10'
    >>> _matching(_WHOLE, "1_0")
    Traceback (most recent call last):
    ...
    ValueError: 1_0
    """
    if not pattern.fullmatch(text):
        raise ValueError(text)
    return text


def read_view(text: str, negate: bool = False) -> View:
    """One side's score as written: ``A60``, ``+420``, ``2/3 +620; 1/3 -100`` or ``-2 IMP``.

    ``negate`` reads East-West's score (written as East-West score it) into North-South
    terms. ``-2 IMP`` is the board's IMPs given to the side in a team match (Law 12C1b):
    the side's own figure, never negated.

    >>> read_view("A+"), read_view("-620", negate=True), read_view("-2 IMP", negate=True)
    (Average(AverageKind.PLUS), Weighted.single(620), AdjustedImps(Fraction(-2, 1)))
    """
    stripped = text.strip()
    if stripped[:1] in ("A", "a"):
        return Average.from_str(stripped)
    if stripped[-3:].upper() == "IMP":
        return Result.imps_from_str(f"{stripped[:-3]}/0 IMP").ns
    if ";" in stripped or " " in stripped:
        parts = []
        for part in stripped.split(";"):
            match = _WEIGHTED_PART.fullmatch(part)
            if match is None:
                raise ValueError(text)
            parts.append((Fraction(match["weight"]), int(match["score"])))
        weighted = Weighted(tuple(parts))
    else:
        weighted = Weighted.single(int(stripped))
    return weighted.negated() if negate else weighted


def write_view(view: View, negate: bool = False) -> str:
    """One side's score as :func:`read_view` reads it.

    USEBIO has no score in IMPs for a table: the board's IMPs given to a side in a team
    match (Law 12C1b) are written as its figure and ``IMP`` (``-2 IMP``), which Árbitro
    reads back; other programs read the board's IMPs in the match's ``BOARD`` element.

    >>> write_view(Weighted.single(620), negate=True), write_view(AdjustedImps(Fraction(-2)), negate=True)
    ('-620', '-2 IMP')
    """
    if isinstance(view, Average):
        return view.to_str()
    if isinstance(view, AdjustedImps):
        return f"{view.to_str()} IMP"
    return (view.negated() if negate else view).to_str()


def both_averages(text: str) -> tuple[Average, Average]:
    """North-South's and East-West's artificial scores of ``A6040`` (Compscore3).

    >>> both_averages("A6040")
    (Average(AverageKind.PLUS, Fraction(60, 1)), Average(AverageKind.MINUS, Fraction(40, 1)))
    """
    match = AVERAGES.fullmatch(text)
    if match is None:
        raise ValueError(text)
    return Average.from_str("A" + match[1]), Average.from_str("A" + match[2])


def read_lead(text: str) -> Card:
    """The opening lead as written: suit first (``HT``, USEBIO) or rank first (``TH``, Compscore3).

    Suit letters and rank letters do not overlap, so the order is never ambiguous.

    >>> read_lead("TD"), read_lead("DT"), read_lead("10H")
    (Card(Suit.DIAMONDS, Rank.TEN), Card(Suit.DIAMONDS, Rank.TEN), Card(Suit.HEARTS, Rank.TEN))
    """
    written = text.strip().upper().replace("10", "T")
    if len(written) == 2 and written[0] in _RANKS and written[1] in "SHDC":
        written = written[1] + written[0]
    return Card.from_str(written)


def winner_type(text: str) -> int:
    """An event's ``WINNER_TYPE``, 1 or 2, or ValueError.

    1 is a single ranking; 2 ranks North-South and East-West apart.

    >>> winner_type("2")
    2
    """
    if text not in ("1", "2"):
        raise ValueError(text)
    return int(text)


def _whole(text: str) -> int:
    """The whole number ``text``, or ValueError.

    >>> _whole("10")
    10
    >>> _whole("1_0")
    Traceback (most recent call last):
    ...
    ValueError: 1_0
    """
    return int(_matching(_WHOLE, text))


def board_number(text: str) -> int:
    """A whole number from 1 up (a board, a round, the sessions' count), or ValueError.

    >>> board_number("3")
    3
    >>> board_number("0")
    Traceback (most recent call last):
    ...
    ValueError: 0
    """
    number = _whole(text)
    if number < 1:
        raise ValueError(text)
    return number


def tricks(text: str) -> int:
    """The tricks taken, 0 to 13, or ValueError.

    >>> tricks("13")
    13
    """
    taken = _whole(text)
    if not 0 <= taken <= 13:
        raise ValueError(text)
    return taken


def contract(text: str) -> str:
    """A traveller's contract as written, or ValueError.

    >>> contract("3NTX"), contract("PASS")
    ('3NTX', 'PASS')
    >>> contract("8Z")
    Traceback (most recent call last):
    ...
    ValueError: 8Z
    """
    return _matching(TABLE_CONTRACT, text)


def number(text: str) -> Fraction:
    """The number ``text``, or ValueError when it is not a plain decimal of sensible size.

    >>> number("57.14"), number("-3")
    (Fraction(2857, 50), Fraction(-3, 1))
    >>> number("1e30")
    Traceback (most recent call last):
    ...
    ValueError: 1e30
    """
    return Fraction(_matching(_NUMBER, text))


def decimal(value: Fraction | None) -> str | None:
    """A figure as written, with two decimals (``None`` stays ``None``).

    >>> decimal(Fraction(2857, 50)), decimal(None)
    ('57.14', None)
    """
    return None if value is None else show(value, 2)


def imps(value: Fraction | None) -> str | None:
    """IMPs as a whole number when they are one (``10``), else with two decimals.

    >>> imps(Fraction(10)), imps(Fraction(21, 2))
    ('10', '10.50')
    """
    if value is not None and value.denominator == 1:
        return str(value.numerator)
    return decimal(value)
