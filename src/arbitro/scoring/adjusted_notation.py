"""Adjusted scores as the ``adjusted`` column writes them, read and written in either language.

An artificial score (``A60/A40``, ``A50``, ``A+/A-``), a split score (``+420/-450``:
each side's score as that side scores it; or ``4S= N/4S+1 N``: the result each side
is scored as), one assigned score for both sides (``4S= N`` or ``+420``), a weighted
score (``1/3 3NT= N; 1/3 3NT-1 N; 1/6 4S= N; 1/6 4S-1 N``), or, in a team match, the
board's IMPs for each side (``0/-2 IMP``, Law 12C1b: :meth:`Result.imps_from_str`).
:func:`read_adjusted` reads one into a :class:`Result`; :func:`adjusted_to_str` writes
one again in another language's notation (the stored form is English).

>>> read_adjusted("4S= N", Board(1)) == read_adjusted("+420", Board(1))
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from arbitro.core.board import Board
from arbitro.core.contract import Contract
from arbitro.core.errors import NotationError
from arbitro.core.seat import Seat, Side
from arbitro.i18n import N_, get_language
from arbitro.scoring.law77 import check_tricks, possible_scores
from arbitro.scoring.results import (
    Average,
    InvalidAdjustedScoreError,
    Result,
    View,
    Weighted,
    is_in_imps,
)
from arbitro.scoring.traveller_numbers import SCORE, ns_score

_WEIGHT = re.compile(
    r"(?P<weight>[0-9]{1,9}(?:/[0-9]{1,9})?|[0-9]{0,9}\.[0-9]{1,9})\s+(?P<rest>.+)"
)
_PLAYED = re.compile(r"(?P<contract>.+?)\s*(?P<result>=|[+-][0-9]{1,2})\s*(?P<declarer>\S+)")


@dataclass(frozen=True)
class _Example:
    """An example of an adjusted score, written in the reader's notation (``3ST= N``)."""

    text: str

    def localized(self) -> str:
        language = get_language()
        return ", ".join(adjusted_to_str(part, to_lang=language) for part in self.text.split(", "))


def is_weighted(text: str) -> bool:
    """Whether ``text`` (stripped) is a weighted score: parts after ``;``, or a fraction and a score.

    >>> is_weighted("1/2 4S= N; 1/2 4S-1 N"), is_weighted("1/2 +420"), is_weighted("+420/-450")
    (True, True, False)
    """
    return ";" in text or bool(_WEIGHT.fullmatch(text) and "/" in text.split()[0])


ARTIFICIAL = "A60/A40"
"""How an artificial score is written (Law 12C2): the hint a score that is none gets."""


def _law77_score(text: str, ns_score: int, board: Board) -> int:
    """``ns_score`` (North-South's, typed as ``text``) if a contract gives it on ``board``.

    An assigned score is a score a result could give (Law 12C1, Law 77): ``60`` is none,
    and a director who types ``60/40`` means average plus and minus (Law 12C2, ``A60/A40``).
    """
    vulnerability = board.vulnerability
    possible = possible_scores(
        vulnerability.is_vulnerable(Side.NS), vulnerability.is_vulnerable(Side.EW)
    )
    if ns_score not in possible:
        raise InvalidAdjustedScoreError(
            text,
            N_(
                "no contract and result give {score} on board {board} (Law 77); for an "
                "artificial score (Law 12C2) type {average}"
            ),
            score=text.strip(),
            board=board.number,
            average=ARTIFICIAL,
        )
    return ns_score


def _played_score(text: str, board: Board, lang: str, checked: bool = True) -> int:
    """North-South's score of ``4S= N``, ``3NTX-2 W`` or a bare score ``+420``."""
    stripped = text.strip()
    if SCORE.fullmatch(stripped):
        return _law77_score(stripped, int(stripped), board) if checked else int(stripped)
    match = _PLAYED.fullmatch(stripped)
    if match is None:
        raise InvalidAdjustedScoreError(
            text,
            N_(
                "expected a score such as {examples}; for an artificial score (Law 12C2) type {average}"
            ),
            examples=_Example("+420, 4S= N, 3NT-1 E"),
            average=ARTIFICIAL,
        )
    contract = Contract.from_str(match["contract"], lang)
    declarer = Seat.from_str(match["declarer"], lang)
    relative = match["result"]
    tricks = contract.tricks_needed + (0 if relative == "=" else int(relative))
    check_tricks(tricks)
    return ns_score(contract, declarer, tricks, board)


def _side_view(text: str, board: Board, lang: str, negate: bool, checked: bool) -> View:
    stripped = text.strip()
    if stripped[:1].upper() == "A":
        return Average.from_str(stripped)
    bare = SCORE.fullmatch(stripped) is not None  # a bare number is the side's own score
    if bare and negate:  # East-West's own score, checked as North-South's
        value = -int(stripped)
        return Weighted.single(_law77_score(stripped, value, board) if checked else value)
    return Weighted.single(_played_score(stripped, board, lang, checked))


def _weighted(text: str, board: Board, lang: str, checked: bool) -> Result:
    """A weighted score's parts, each a weight and a score, separated by ``;``."""
    parts = []
    for piece in text.split(";"):
        if not piece.strip():
            continue
        match = _WEIGHT.fullmatch(piece.strip())
        if match is None:
            raise InvalidAdjustedScoreError(
                piece.strip(),
                N_("expected a weight and a score, as in {example}"),
                example=_Example("1/3 3NT= N"),
            )
        try:
            weight = Fraction(match["weight"])
        except ZeroDivisionError:
            raise InvalidAdjustedScoreError(
                piece.strip(),
                N_("a weight is a fraction with a denominator above 0, as in {example}"),
                example=_Example("1/3 3NT= N"),
            ) from None
        parts.append((weight, _played_score(match["rest"], board, lang, checked)))
    return Result.weighted(Weighted(tuple(parts)))


def read_adjusted(text: str, board: Board, lang: str = "en", *, checked: bool = True) -> Result:
    """Read an adjusted score as the ``adjusted`` column writes it.

    Each score typed as a number, a side's half of a split score (Law 12C1b) or a
    weighted part (12C1c) alike, must be one a contract and result give at the board's
    vulnerability (Law 77): ``60/40`` is refused, with the hint that an artificial score
    (Law 12C2) is written ``A60/A40``. ``checked=False`` reads a score stored before,
    or read where the board is not known yet, without that check.

    >>> read_adjusted("A60/A40", Board(1))
    Result(Average(AverageKind.PLUS, Fraction(60, 1)), Average(AverageKind.MINUS, Fraction(40, 1)))
    >>> read_adjusted("+420/-450", Board(1))
    Result.split(420, -450)
    >>> read_adjusted("1/2 4S= N; 1/2 4S-1 N", Board(1))
    Result.weighted(Weighted(((Fraction(1, 2), 420), (Fraction(1, 2), -50))))
    >>> read_adjusted("0/-2 IMP", Board(1))   # in a team match only (Law 12C1b)
    Result(AdjustedImps(Fraction(0, 1)), AdjustedImps(Fraction(-2, 1)))
    >>> read_adjusted("60/40", Board(3))
    Traceback (most recent call last):
    ...
    arbitro.scoring.results.InvalidAdjustedScoreError: invalid adjusted score '60': no contract and result give 60 on board 3 (Law 77); for an artificial score (Law 12C2) type A60/A40
    """
    stripped = text.strip()
    if is_in_imps(stripped):
        return Result.imps_from_str(stripped)
    if is_weighted(stripped):
        return _weighted(stripped, board, lang, checked)
    if "/" in stripped:
        ns_text, _, ew_text = stripped.partition("/")
        if not ns_text.strip() or not ew_text.strip():
            raise InvalidAdjustedScoreError(
                text,
                N_("expected a score for each side, North-South's first, as in {examples}"),
                examples="A60/A40, +420/-450",
            )
        return Result(
            _side_view(ns_text, board, lang, negate=False, checked=checked),
            _side_view(ew_text, board, lang, negate=True, checked=checked),
        )
    view = _side_view(stripped, board, lang, negate=False, checked=checked)
    return Result(view, view)


def adjusted_to_str(
    text: str, lang: str = "en", to_lang: str = "en", *, symbols: bool = False
) -> str:
    """An adjusted score read in ``lang`` and written in ``to_lang`` (contracts and seats).

    The stored form is English without symbols, so the same score typed in either
    language, or with suit symbols, is stored once and the same way; a page shows it in
    its reader's notation. Averages, weights and bare scores are written as they are.

    >>> adjusted_to_str("4P= E", "es"), adjusted_to_str("4♠= E"), adjusted_to_str("4S= E")
    ('4S= E', '4S= E', '4S= E')
    >>> adjusted_to_str("1/2 4S= W; 1/2 4S-1 W", to_lang="es", symbols=True)
    '1/2 4♠= O; 1/2 4♠-1 O'
    >>> adjusted_to_str("A60/3NT+1 O", "es")
    'A60/3NT+1 W'
    >>> adjusted_to_str("+0 imps / -2 imps", "es")
    '0/-2 IMP'
    """
    stripped = text.strip()
    if is_in_imps(stripped):
        try:
            return Result.imps_from_str(stripped).to_str()
        except InvalidAdjustedScoreError:
            return stripped
    if is_weighted(stripped):
        pieces = []
        for piece in stripped.split(";"):
            match = _WEIGHT.fullmatch(piece.strip())
            if match is None:
                pieces.append(piece.strip())
                continue
            rest = _played_to_str(match["rest"], lang, to_lang, symbols)
            pieces.append(f"{match['weight']} {rest}")
        return "; ".join(piece for piece in pieces if piece)
    if "/" in stripped:
        ns_text, _, ew_text = stripped.partition("/")
        return "/".join(_played_to_str(side, lang, to_lang, symbols) for side in (ns_text, ew_text))
    return _played_to_str(stripped, lang, to_lang, symbols)


def _played_to_str(text: str, lang: str, to_lang: str, symbols: bool) -> str:
    """``4P= E`` (read in ``lang``) as ``to_lang`` writes it; anything else as it is."""
    stripped = text.strip()
    match = _PLAYED.fullmatch(stripped)
    if stripped[:1].upper() == "A" or match is None:
        return stripped
    try:
        contract = Contract.from_str(match["contract"], lang)
        declarer = Seat.from_str(match["declarer"], lang)
    except NotationError:
        return stripped
    written = contract.to_str(to_lang, symbols=symbols, declarer=False)
    return f"{written}{match['result']} {declarer.to_str(to_lang)}"
