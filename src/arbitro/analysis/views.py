"""A hand record as it is printed: the values the HTML page and the PDF both lay out.

:func:`~arbitro.analysis.record.board_view` puts an analysed board into these words in
the reader's language; :mod:`arbitro.analysis.pdf` draws them, without knowing the record.

>>> HandView("South", (SuitLine("♠", "AK2", red=False),), hcp=7, pattern="3-4-3-3").suits[0].symbol
'♠'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SuitLine:
    """One suit of a hand as printed: its symbol, its ranks (or a dash), and its colour.

    >>> SuitLine("♥", "AK2", red=True).ranks
    'AK2'
    """

    symbol: str
    ranks: str
    red: bool


@dataclass(frozen=True, slots=True)
class HandView:
    """A hand as printed: the seat's name, its four suits, HCP and pattern.

    >>> HandView("North", (), hcp=12, pattern="4-4-3-2").pattern
    '4-4-3-2'
    """

    seat: str
    suits: tuple[SuitLine, ...]
    hcp: int
    pattern: str


@dataclass(frozen=True, slots=True)
class BoardView:
    """Everything printed for one board, already in the reader's language.

    >>> from arbitro.analysis.record import board_view
    >>> from arbitro.analysis.solver import analyse
    >>> from arbitro.core import Board, Deal
    >>> from arbitro.dealing import DealtBoard
    >>> view = board_view(analyse([DealtBoard(Board(2), Deal.from_number(0))])[0])
    >>> view.title, view.hands["north"].suits[0].ranks, view.par_score
    ('Board 2', 'AKQJ1098765432', 'NS 2210')
    """

    title: str
    section: str
    dealer: str
    vulnerability: str
    hands: dict[str, HandView]
    strains: tuple[tuple[str, bool], ...]
    table: tuple[tuple[str, tuple[str, ...]], ...]
    par_score: str
    par_contracts: str
