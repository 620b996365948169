"""Each board's double-dummy table and par, analysed once when the deals are kept.

The hand records of an event read what is kept here; nobody waits for the solver on
a page. :meth:`~arbitro.store.Store.analyse_in_background` starts the work (one thread per process, one
solver run at a time) when the director uploads the deals; :meth:`~arbitro.store.Store.analyse_event` is
that work: the boards without an analysis of their current deal, solved in batches of
:data:`~arbitro.analysis.solver.BATCH_SIZE` (the solver's own batches, so the
throughput is that of the solver) and each batch kept as it is solved, so
:meth:`~arbitro.store.Store.analysis_progress` can say how far it has got. An analysis is kept with the
deal it was made of: a board dealt again is analysed again, and a server restarted in
the middle of the work resumes it at the next call of :meth:`~arbitro.store.Store.analyse_in_background`.

>>> from arbitro.core.deal import Deal
>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Club", boards=2))
>>> store.keep_deals(event, {1: Deal.from_number(7), 2: Deal.from_number(8)})
>>> store.analysis_progress(event)
AnalysisProgress(analysed=0, boards=2)
>>> store.analyse_event(event)
2
>>> store.analysis_progress(event).finished, sorted(store.stored_analyses(event))
(True, [1, 2])
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import delete, select

from arbitro.core.board import Board
from arbitro.core.contract import Contract
from arbitro.core.deal import Deal
from arbitro.store.boards import BoardRecords
from arbitro.store.deals import DealRecords
from arbitro.store.models import AnalysisRow, DealRow

if TYPE_CHECKING:
    from arbitro.analysis.tables import BoardAnalysis, Par, ParContract

__all__ = ["AnalysisProgress", "AnalysisRecords"]

_log = logging.getLogger(__name__)
_solving = threading.Lock()
"""One solver run at a time in a process (DDS already uses every core for a batch)."""
_running: set[tuple[int, int]] = set()
"""The (store, event) pairs a background thread of this process is analysing."""
_running_lock = threading.Lock()


@dataclass(frozen=True, slots=True)
class AnalysisProgress:
    """How many of an event's boards with a deal have their analysis kept.

    >>> AnalysisProgress(12, 28).finished, AnalysisProgress(0, 0).finished
    (False, True)
    """

    analysed: int
    boards: int

    @property
    def finished(self) -> bool:
        """Whether every board with a deal has its analysis kept."""
        return self.analysed >= self.boards


def _contracts_text(par: Par) -> str:
    return ";".join(f"{entry.contract.to_str('en')} {entry.result}" for entry in par.contracts)


def _contracts(text: str) -> tuple[ParContract, ...]:
    from arbitro.analysis.tables import ParContract

    contracts = []
    for part in filter(None, text.split(";")):
        contract, _, result = part.rpartition(" ")
        contracts.append(ParContract(Contract.from_str(contract), int(result)))
    return tuple(contracts)


class AnalysisRecords(DealRecords, BoardRecords):
    """The double-dummy analyses of the kept deals."""

    def keep_analyses(self, event_id: int, entries: Iterable[BoardAnalysis]) -> None:
        """Keep each entry as its board's analysis, in place of one kept before (one transaction).

        >>> from arbitro.analysis.tables import BoardAnalysis, DoubleDummyTable, Par
        >>> from arbitro.dealing.dealer import DealtBoard
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=1))
        >>> entry = BoardAnalysis(DealtBoard(Board(1), Deal.from_number(0)),
        ...                       DoubleDummyTable((0,) * 20), Par(0, ()))
        >>> store.keep_analyses(event, [entry]); store.keep_analyses(event, [entry])
        >>> store.stored_analyses(event, {1: Deal.from_number(0)}) == {1: entry}
        True
        """
        rows = [
            AnalysisRow(
                event_id=event_id,
                board=entry.dealt.board.number,
                deal=entry.dealt.deal.to_str(),
                tricks=entry.table.to_str(),
                par_score=entry.par.score,
                par_contracts=_contracts_text(entry.par),
            )
            for entry in entries
        ]
        with self.transaction() as db:
            db.execute(
                delete(AnalysisRow).where(
                    AnalysisRow.event_id == event_id,
                    AnalysisRow.board.in_([row.board for row in rows]),
                )
            )
            db.add_all(rows)

    def stored_analyses(
        self, event_id: int, deals: dict[int, Deal] | None = None
    ) -> dict[int, BoardAnalysis]:
        """The kept analyses of the event's boards whose deal is still ``deals``'s (the kept deals).

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").stored_analyses(1)
        {}
        """
        from arbitro.analysis.tables import BoardAnalysis, DoubleDummyTable, Par
        from arbitro.dealing.dealer import DealtBoard

        current = self.kept_deals(event_id) if deals is None else deals
        with self.reading() as db:
            rows = db.scalars(
                select(AnalysisRow)
                .where(AnalysisRow.event_id == event_id)
                .order_by(AnalysisRow.board)
            ).all()
        marked = self.boards(event_id)
        found: dict[int, BoardAnalysis] = {}
        for row in rows:
            deal = current.get(row.board)
            if deal is None or deal.to_str() != row.deal:
                continue  # made of a deal since replaced
            found[row.board] = BoardAnalysis(
                DealtBoard(marked.get(row.board) or Board(row.board), deal),
                DoubleDummyTable.from_str(row.tricks),
                Par(row.par_score, _contracts(row.par_contracts)),
            )
        return found

    def analysis_progress(self, event_id: int) -> AnalysisProgress:
        """How many of the event's boards with a deal have their analysis kept.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").analysis_progress(1)
        AnalysisProgress(analysed=0, boards=0)
        """
        deals = self.kept_deals(event_id)
        return AnalysisProgress(len(self.stored_analyses(event_id, deals)), len(deals))

    def analyse_event(self, event_id: int, progress: Callable[[int], None] | None = None) -> int:
        """Analyse the event's boards that have no analysis of their deal, and keep them.

        Batch by batch, each kept as soon as it is solved; ``progress`` is called with the
        boards of each batch. Waits for a run already under way in this process; the
        number of boards analysed is the answer (0 when nothing was left).

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").analyse_event(1)
        0
        """
        from arbitro.analysis.solver import BATCH_SIZE, analyse  # endplay, only when solving
        from arbitro.dealing.dealer import DealtBoard

        with _solving:
            deals = self.kept_deals(event_id)
            done = self.stored_analyses(event_id, deals)
            marked = self.boards(event_id)  # par is for the board as the event marks it
            missing = [
                DealtBoard(marked.get(board) or Board(board), deal)
                for board, deal in deals.items()
                if board not in done
            ]
            for start in range(0, len(missing), BATCH_SIZE):
                batch = missing[start : start + BATCH_SIZE]
                self.keep_analyses(event_id, analyse(batch))
                if progress is not None:
                    progress(len(batch))
            return len(missing)

    def analyse_in_background(self, event_id: int) -> bool:
        """Start a thread analysing the event's boards unless this process runs one already.

        True when a thread was started. A failure is logged (the page keeps showing the
        progress, and the next visit tries again).

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> started = store.analyse_in_background(1)
        """
        key = (id(self), event_id)
        with _running_lock:
            if key in _running:
                return False
            _running.add(key)

        def work() -> None:
            try:
                self.analyse_event(event_id)
            except Exception:  # a thread has no caller: log it, the next visit tries again
                _log.exception("analysing the deals of event %s failed", event_id)
            finally:
                with _running_lock:
                    _running.discard(key)

        threading.Thread(target=work, name=f"arbitro-analysis-{event_id}", daemon=True).start()
        return True

    def resume_analyses(self) -> list[int]:
        """Start the background analysis of every event with a deal not analysed yet.

        What a server stopped in the middle of the work left: called when the web console
        starts. The answer is the events whose analysis was started.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").resume_analyses()
        []
        """
        with self.reading() as db:
            events = db.scalars(
                select(DealRow.event_id)
                .distinct()
                .outerjoin(
                    AnalysisRow,
                    (AnalysisRow.event_id == DealRow.event_id)
                    & (AnalysisRow.board == DealRow.board)
                    & (AnalysisRow.deal == DealRow.deal),
                )
                .where(AnalysisRow.id.is_(None))
                .order_by(DealRow.event_id)
            ).all()
        return [event for event in events if self.analyse_in_background(event)]
