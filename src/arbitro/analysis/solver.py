"""The boundary with endplay (and the DDS solver inside it): the only module that imports it.

Our deals go in as PBN text, endplay's tables and par contracts come out as
:class:`~arbitro.analysis.tables.DoubleDummyTable` and :class:`~arbitro.analysis.tables.Par`,
and any failure of the solver becomes one :class:`SolverError`. Deals are solved in
batches of at most :data:`BATCH_SIZE` (the most endplay's ``calc_all_tables`` takes at
once); DDS spreads each batch over all the machine's cores with its own threads. A
deal that appears more than once (the two rooms of a match) is solved once.

>>> from arbitro.core import Board, Deal
>>> from arbitro.dealing import DealtBoard
>>> [entry] = analyse([DealtBoard(Board(1), Deal.from_str("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"))])
>>> entry.table.tricks_for(Seat.NORTH)
(5, 7, 5, 7, 5)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence

import endplay.dds as endplay_dds
import endplay.types as endplay_types
from endplay.dds.ddtable import DDTable

from arbitro.analysis.tables import BoardAnalysis, DoubleDummyTable, Par, ParContract
from arbitro.core.board import Board
from arbitro.core.contract import Contract, Doubling
from arbitro.core.deal import Deal
from arbitro.core.errors import ArbitroError
from arbitro.core.seat import Seat
from arbitro.core.suit import Strain
from arbitro.core.vulnerability import Vulnerability
from arbitro.dealing.dealer import DealtBoard
from arbitro.i18n import N_, gettext

BATCH_SIZE = 40
"""The most deals endplay's ``calc_all_tables`` solves in one call."""

SOLVER_LOCK = threading.Lock()
"""Held around every call into DDS: one call at a time in a process.

DDS keeps its working memory per solver thread, and endplay's ``solve_board`` always
uses the first; ctypes lets go of the GIL during a call, so without this lock a claim
check on a request thread and the hand records analysed in the background (or two
claim checks) could run in the same memory at once. A claim check asked while a batch
is solved waits for that batch (a few seconds for 40 deals).
"""

_DENOM = {
    Strain.CLUBS: endplay_types.Denom.clubs,
    Strain.DIAMONDS: endplay_types.Denom.diamonds,
    Strain.HEARTS: endplay_types.Denom.hearts,
    Strain.SPADES: endplay_types.Denom.spades,
    Strain.NOTRUMP: endplay_types.Denom.nt,
}
_STRAIN = {denom: strain for strain, denom in _DENOM.items()}
_PLAYER = {seat: endplay_types.Player(int(seat)) for seat in Seat}
_VUL = {
    Vulnerability.NONE: endplay_types.Vul.none,
    Vulnerability.NS: endplay_types.Vul.ns,
    Vulnerability.EW: endplay_types.Vul.ew,
    Vulnerability.ALL: endplay_types.Vul.both,
}
_DOUBLING = {
    endplay_types.Penalty.passed: Doubling.UNDOUBLED,
    endplay_types.Penalty.doubled: Doubling.DOUBLED,
    endplay_types.Penalty.redoubled: Doubling.REDOUBLED,
}


class SolverError(ArbitroError):
    """The double-dummy solver failed; the message names the deal and the solver's words.

    >>> print(SolverError("N:AKQ...", "out of memory"))
    the double-dummy solver failed on deal N:AKQ...: out of memory
    """

    def __init__(self, deal: str, detail: str) -> None:
        self.deal = deal
        self.detail = detail
        super().__init__(deal, detail)

    def __str__(self) -> str:
        return gettext(N_("the double-dummy solver failed on deal {deal}: {detail}")).format(
            deal=self.deal, detail=self.detail
        )


def analyse(
    boards: Iterable[DealtBoard], progress: Callable[[int], None] | None = None
) -> list[BoardAnalysis]:
    """The double-dummy table and par of each board, in the order given.

    ``progress`` is called with the number of deals solved after each batch.

    >>> from arbitro.core import Board
    >>> solved = []
    >>> [entry] = analyse([DealtBoard(Board(1), Deal.from_number(0))], progress=solved.append)
    >>> entry.par.score, solved
    (1510, [1])
    """
    dealt_boards = list(boards)
    unique = list(dict.fromkeys(dealt.deal for dealt in dealt_boards))
    solved: dict[Deal, DDTable] = {}
    for start in range(0, len(unique), BATCH_SIZE):
        batch = unique[start : start + BATCH_SIZE]
        solved.update(zip(batch, _solve(batch), strict=True))
        if progress is not None:
            progress(len(batch))
    return [
        BoardAnalysis(
            dealt,
            _table(solved[dealt.deal]),
            _par(solved[dealt.deal], dealt.board, dealt.deal),
        )
        for dealt in dealt_boards
    ]


def double_dummy_tables(
    deals: Sequence[Deal], progress: Callable[[int], None] | None = None
) -> list[DoubleDummyTable]:
    """The double-dummy table of each deal, in the order given (each distinct deal once).

    ``progress`` is called with the number of deals solved after each batch.

    >>> double_dummy_tables([Deal.from_number(0)])[0].tricks_for(Seat.NORTH)
    (0, 13, 0, 13, 0)
    """
    unique = list(dict.fromkeys(deals))
    tables: dict[Deal, DoubleDummyTable] = {}
    for start in range(0, len(unique), BATCH_SIZE):
        batch = unique[start : start + BATCH_SIZE]
        tables.update((deal, _table(raw)) for deal, raw in zip(batch, _solve(batch), strict=True))
        if progress is not None:
            progress(len(batch))
    return [tables[deal] for deal in deals]


def _solve(batch: Sequence[Deal]) -> list[DDTable]:
    """Solve one batch (at most 40 deals); a solver failure becomes a SolverError."""
    try:
        converted = [endplay_types.Deal(deal.to_str()) for deal in batch]
        with SOLVER_LOCK:
            results = endplay_dds.calc_all_tables(converted)
        return [results[index] for index in range(len(batch))]
    except (RuntimeError, ValueError, OSError) as error:
        where = batch[0].to_str() if len(batch) == 1 else f"{batch[0].to_str()} (+{len(batch) - 1})"
        raise SolverError(where, str(error)) from error


def _table(raw: DDTable) -> DoubleDummyTable:
    return DoubleDummyTable(
        tuple(
            int(raw[_DENOM[strain], _PLAYER[seat]])
            for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
            for strain in Strain
        )
    )


def _par(raw: DDTable, board: Board, deal: Deal) -> Par:
    try:
        with SOLVER_LOCK:
            result = endplay_dds.par(raw, _VUL[board.vulnerability], _PLAYER[board.dealer])
        contracts = tuple(
            ParContract(
                Contract(
                    int(contract.level),
                    _STRAIN[contract.denom],
                    _DOUBLING[contract.penalty],
                    Seat(int(contract.declarer)),
                ),
                int(contract.result),
            )
            for contract in result
        )
        return Par(int(result.score), contracts)
    except (RuntimeError, ValueError, OSError) as error:
        raise SolverError(deal.to_str(), str(error)) from error


def position_tricks(
    hands: Sequence[str], trump: Strain, leader: Seat, trick: Sequence[str] = ()
) -> int:
    """Double-dummy tricks, of those left, for the side to play at a moment of the play.

    ``hands`` are the cards each seat holds (North first, PBN dot form); ``trick`` the
    cards played to the trick in progress, from ``leader``. DDS's ``solve_board``.

    >>> position_tricks(["AK...", "32...", "QJ...", "54..."], Strain.NOTRUMP, Seat.EAST)
    0
    >>> position_tricks(["AK...", "32...", "QJ...", "5..."], Strain.NOTRUMP, Seat.WEST,
    ...                 ["S4"])
    2
    """
    played = {Seat((leader + offset) % 4): card for offset, card in enumerate(trick)}
    full = []
    for seat, hand in zip(Seat, hands, strict=True):
        if seat in played:
            suits = hand.split(".")
            card = played[seat]
            index = "SHDC".index(card[0].upper())
            suits[index] = card[1:].upper() + suits[index]
            hand = ".".join(suits)
        full.append(hand)
    text = "N:" + " ".join(full)
    try:
        deal = endplay_types.Deal(text, first=_PLAYER[leader], trump=_DENOM[trump])
        for card in trick:
            deal.play(endplay_types.Card(card.upper()))
        with SOLVER_LOCK:
            solved = endplay_dds.solve_board(deal)
        return max(int(tricks) for _, tricks in solved)
    except (RuntimeError, ValueError, OSError) as error:
        raise SolverError(text, str(error)) from error
