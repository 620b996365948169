"""An event brought whole from another program's file: created, with its results, in one transaction.

``arbitro event import`` reads the file (:mod:`arbitro.formats.travellers`) and hands
the event, its participants and each table's result to :meth:`ImportRecords.import_event`;
every result goes through the same checks as one entered by hand
(:meth:`~arbitro.store.results.ResultRecords.record_result`), but for its score, kept as
the file wrote it even when Law 77 gives it no result (the reader warned of it), and the
first one refused rolls the whole import back, naming the file and the place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING

from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_
from arbitro.store.participants import ParticipantRecords
from arbitro.store.penalties import PenaltyRecords
from arbitro.store.repository import StoreError
from arbitro.store.stored import NewResult

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from arbitro.core.board import Board
    from arbitro.core.deal import Deal
    from arbitro.tournament.entry import Entry
    from arbitro.tournament.event import EventSpec, Participant
    from arbitro.tournament.movements import Movement
    from arbitro.tournament.records import PenaltyRecord

__all__ = [
    "FileDetails",
    "ImportRecords",
    "ImportedLineError",
    "ImportedPenaltyError",
    "ImportedResult",
]


class ImportedLineError(StoreError):
    """A traveller line of an imported file that cannot be stored; names the file and place.

    A result read from a line of the file it names (a PBN game's tags, ``file_line``)
    is named by that line and its table; one of a traveller, by its place in it.

    >>> print(ImportedLineError("a.xml", 1, 3, 2, "expected a score"))
    a.xml, session 1, board 3, traveller line 2: expected a score
    >>> print(ImportedLineError("a.pbn", 1, 3, 11, "expected a score", file_line=40))
    a.pbn, line 40: board 3, table 11: expected a score
    """

    def __init__(
        self, source: str, session: int, board: int, line: int, problem: str, file_line: int = 0
    ) -> None:
        if file_line:
            super().__init__(
                N_("{source}, line {file_line}: board {board}, table {table}: {problem}"),
                source=source,
                file_line=file_line,
                board=board,
                table=line,
                problem=problem,
            )
            return
        super().__init__(
            N_("{source}, session {session}, board {board}, traveller line {line}: {problem}"),
            source=source,
            session=session,
            board=board,
            line=line,
            problem=problem,
        )


class ImportedPenaltyError(StoreError):
    """A penalty an imported file publishes (its ``ADJUSTMENT``) that the event refuses.

    >>> print(ImportedPenaltyError("liga.xml", 1, "B", "expected a unit among imps"))
    liga.xml, session 1, participant B: the adjustment cannot be stored as a penalty: expected a unit among imps
    """

    def __init__(self, source: str, session: int, participant: str, problem: str) -> None:
        super().__init__(
            N_(
                "{source}, session {session}, participant {participant}: the adjustment "
                "cannot be stored as a penalty: {problem}"
            ),
            source=source,
            session=session,
            participant=participant,
            problem=problem,
        )


@dataclass(frozen=True, slots=True)
class ImportedResult:
    """One table's result read from a file: where it was played, by whom, and what.

    ``table`` is the table the file names (a PBN game's ``Table``), or else the line's
    place in its board's traveller; ``line`` is the file's line the result is written
    on, when the file has such a place (a PBN game), which is then how an error names it.

    >>> from arbitro.tournament.entry import Entry
    >>> ImportedResult(1, 2, 1, "1", "2", Entry.from_str("score 420")).table
    1
    """

    session: int
    board: int
    table: int
    ns: str
    ew: str
    entry: Entry
    line: int = 0


@dataclass(frozen=True, slots=True)
class FileDetails:
    """What else a file says of its event: the day and the place it was played, its boards' deals.

    >>> FileDetails(site="RealBridge").deals
    {}
    """

    held_on: date | None = None
    site: str | None = None
    deals: Mapping[int, Deal] = field(default_factory=dict)


class ImportRecords(PenaltyRecords, ParticipantRecords):
    """Events created whole from a file (see the module)."""

    if TYPE_CHECKING:  # the store's, from DealRecords (no base here: the store's order)

        def keep_deals(self, event_id: int, deals: Mapping[int, Deal]) -> None:
            """Keep ``deals`` as the event's, by board, in place of those kept before."""

    def import_event(
        self,
        spec: EventSpec,
        participants: Sequence[Participant],
        results: Sequence[ImportedResult],
        source: str,
        by: str = "",
        carry_over: Mapping[str, Fraction] | None = None,
        penalties: Sequence[tuple[int, PenaltyRecord]] = (),
        movement: Movement | None = None,
        bye_score: Fraction | None = None,
        disqualified: Mapping[str, str] | None = None,
        marked: Sequence[Board] = (),
        kept: FileDetails | None = None,
    ) -> int:
        """Create the event ``spec`` with its participants and results; all of it, or nothing.

        ``carry_over`` is each participant's carry-over (a knockout's teams), and
        ``penalties`` the (session, penalty) the file's totals already took: stored in
        the same transaction, the first one refused naming the file and the participant.
        ``movement`` is the rounds the file gives (a Swiss's or a round robin's matches,
        rebuilt from it), and ``bye_score`` a Swiss teams bye's victory points
        (:meth:`~arbitro.store.repository.EventStore.create_event`). ``disqualified``
        gives the participants the file says were disqualified, each with its record:
        each is logged as the director's act (Law 91B), so the event ranks without them
        and a Swiss gives them no bye (:meth:`~arbitro.store.participants.ParticipantRecords.disqualified`).
        ``marked`` are the boards the file marks with their own dealer and vulnerability
        (Law 2): marked so before any result, which is scored with them.
        ``kept`` is what else the file says (:class:`FileDetails`): the day and the
        place the event was played, and the boards' deals, kept after the results as
        the director's upload keeps them (:meth:`~arbitro.store.deals.DealRecords.keep_deals`);
        the console analyses them in the background when it opens their hand records.
        A deal a result's opening lead contradicts (Law 41A,
        :meth:`~arbitro.tournament.entry.Entry.check_lead`) refuses the import, naming
        the result: the caller leaves such a deal out first, with a warning
        (:func:`~arbitro.cli.imported_event.pbn_details`).

        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> pairs = [Participant("1"), Participant("2")]
        >>> bad = [ImportedResult(1, 1, 1, "1", "2", Entry.from_str("score 420")),
        ...        ImportedResult(1, 1, 2, "1", "2", Entry.from_str("score 400"))]
        >>> store.import_event(EventSpec("A", boards=1), pairs, bad, "a.xml")
        Traceback (most recent call last):
        ...
        arbitro.store.imports.ImportedLineError: a.xml, session 1, board 1, traveller line 2: pair 1 already played board 1 (at table 1); a second result is cancelled (Law 15B): enter an adjusted score
        >>> store.events()
        []
        """
        details = kept or FileDetails()
        with self.transaction() as db:
            event = self.create_event(
                spec,
                participants,
                movement,
                carry_over=dict(carry_over or {}),
                held_on=details.held_on,
                bye_score=bye_score,
                players_checked=False,  # the file's own lists, whatever their length
                site=details.site,
            )
            db.flush()  # the participants, for the statements below to see
            if marked:
                self.mark_boards(event, marked)
                db.flush()  # the markings, for the results' statements to score with
            connection = db.connection()
            # Every result checked and written in one batch, its reads done once; when the
            # batch is refused it has written nothing: one at a time, to name the line.
            together = self._recorded_together(connection, event, results, by)
            for result in () if together else results:
                try:
                    self.record_result(
                        connection,
                        event,
                        result.board,
                        result.table,
                        result.entry,
                        result.ns,
                        result.ew,
                        result.session,
                        by,
                        as_written=True,
                    )
                except ArbitroError as error:
                    raise _line_error(source, result, error) from None
            for session, record in penalties:
                try:
                    self.add_penalty(event, record, session, by)
                except ArbitroError as error:
                    raise ImportedPenaltyError(
                        source, session, record.participant, str(error)
                    ) from None
            for participant, act in (disqualified or {}).items():
                self.log_act(event, "disqualify", f"{participant}: {act}", by=by)
            for result in results:  # the deals kept must not contradict a lead (Law 41A)
                deal = details.deals.get(result.board)
                try:
                    if deal is not None:
                        result.entry.check_lead(deal, result.board)
                except ArbitroError as error:
                    raise _line_error(source, result, error) from None
            if details.deals:  # after the results: an upload checks no lead already kept
                self.keep_deals(event, details.deals)
            return event

    def _recorded_together(
        self, connection: Connection, event: int, results: Sequence[ImportedResult], by: str
    ) -> bool:
        """Whether ``results`` are all stored by one :meth:`record_results`; False: none is."""
        requests = [
            NewResult(
                event,
                result.board,
                result.table,
                result.entry,
                result.ns,
                result.ew,
                result.session,
                by,
                as_written=True,  # a file's score stands as written (Law 77 warned)
            )
            for result in results
        ]
        try:
            self.record_results(connection, requests)
        except ArbitroError:
            return False
        return True


def _line_error(source: str, result: ImportedResult, error: ArbitroError) -> ImportedLineError:
    """The refusal of ``result``'s line of the file ``source``: its session, board, table and line."""
    return ImportedLineError(
        source, result.session, result.board, result.table, str(error), file_line=result.line
    )
