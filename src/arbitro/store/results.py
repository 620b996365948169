"""The results, entered, corrected and read, with the audit trail of every change (``results``).

One result, or many in one transaction.

A result is checked against the event, its movement's seating, the boards' markings
and the results before it, then written with its audit row in the same transaction.

>>> from arbitro.tournament.entry import Entry
>>> from arbitro.tournament.event import EventSpec, Participant
>>> from arbitro.store import open_store
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Tuesday", boards=1), [Participant("1"), Participant("2")])
>>> _ = store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1", ew="2")
>>> [(stored.board, stored.result.to_str()) for stored in store.results(event)]
[(1, '+420')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, bindparam, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from arbitro.core.board import Board
from arbitro.core.deal import Deal
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.i18n import N_
from arbitro.store.boards import BoardRecords
from arbitro.store.models import (
    AuditRow,
    BoardMarkingRow,
    DealRow,
    EventRow,
    ParticipantRow,
    ResultRow,
)
from arbitro.store.repository import (
    EventInfo,
    StoreConflictError,
    StoreError,
    StoreNotFoundError,
    as_utc,
    event_info,
    time_of,
)
from arbitro.store.stored import AuditEntry, NewResult, StoredResult

if TYPE_CHECKING:
    from arbitro.scoring.results import Result
    from arbitro.tournament.entry import Entry


_INSERT_RESULT = insert(ResultRow).returning(ResultRow.id)


_INSERT_RESULTS = insert(ResultRow).returning(
    ResultRow.id, ResultRow.event_id, ResultRow.session, ResultRow.table_number, ResultRow.board
)
"""Many results in one statement, each id with its place (unique), in whatever order the
database answers: asking for the rows' order would make SQLAlchemy send them one at a time
on SQLite."""


_EVENTS = select(EventRow.__table__).where(EventRow.id.in_(bindparam("events", expanding=True)))


_EVENTS_PARTICIPANTS = select(ParticipantRow.event_id, ParticipantRow.number).where(
    ParticipantRow.event_id.in_(bindparam("events", expanding=True))
)


_EVENTS_MARKINGS = select(
    BoardMarkingRow.event_id,
    BoardMarkingRow.board,
    BoardMarkingRow.dealer,
    BoardMarkingRow.vulnerability,
).where(
    BoardMarkingRow.event_id.in_(bindparam("events", expanding=True)),
    BoardMarkingRow.board.in_(bindparam("boards", expanding=True)),
)


_EVENTS_DEALS = select(DealRow.event_id, DealRow.board, DealRow.deal).where(
    DealRow.event_id.in_(bindparam("events", expanding=True)),
    DealRow.board.in_(bindparam("boards", expanding=True)),
)


_EVENTS_RESULTS = select(
    ResultRow.event_id,
    ResultRow.session,
    ResultRow.board,
    ResultRow.table_number,
    ResultRow.ns,
    ResultRow.ew,
    ResultRow.entry,
).where(
    ResultRow.event_id.in_(bindparam("events", expanding=True)),
    ResultRow.board.in_(bindparam("boards", expanding=True)),
)
"""The boards' results in the events (every session): what a new result is checked against."""


@dataclass(frozen=True)
class _Played:
    """A board's result at a table as :func:`check_pairs_once` reads it."""

    table_number: int
    ns: str
    ew: str
    entry: str


class _BatchReads:
    """What :meth:`Store.record_results` reads once for all its results, one query each."""

    def __init__(
        self, connection: Connection, events: list[int], boards: list[int], leads: bool
    ) -> None:
        keys = {"events": events, "boards": boards}
        self.rows = {row.id: row for row in connection.execute(_EVENTS, keys)}
        self.known: dict[int, set[str]] = {event: set() for event in events}
        for row in connection.execute(_EVENTS_PARTICIPANTS, keys):
            self.known[row.event_id].add(row.number)
        self.markings = {
            (row.event_id, row.board): Board(
                row.board, Seat.from_str(row.dealer), Vulnerability.from_str(row.vulnerability)
            )
            for row in connection.execute(_EVENTS_MARKINGS, keys)
        }
        self.deals: dict[tuple[int, int], str] = (
            {(row.event_id, row.board): row.deal for row in connection.execute(_EVENTS_DEALS, keys)}
            if leads
            else {}
        )
        self.played: dict[tuple[int, int, int], list[Any]] = {}
        for result in connection.execute(_EVENTS_RESULTS, keys):
            key = (result.event_id, result.session, result.board)
            self.played.setdefault(key, []).append(result)

    def info(self, event: int) -> EventInfo:
        """The event ``event``, refused when there is none."""
        row = self.rows.get(event)
        if row is None:
            raise StoreNotFoundError(N_("there is no event {event}"), event=event)
        return event_info(row)


_INSERT_AUDIT = insert(AuditRow)


class ResultRecords(BoardRecords):
    """The results of an event and their audit trail."""

    def enter_result(
        self,
        event_id: int,
        board: int,
        table: int,
        entry: Entry,
        ns: str | None = None,
        ew: str | None = None,
        session: int = 1,
        by: str = "",
        now: datetime | None = None,
    ) -> StoredResult:
        """Enter a board's result at a table; it is on disk when this returns.

        A second entry of the same board and table is refused: that is a correction.

        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1"), Participant("2")])
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("3NT S 9"), ns="1", ew="2")
        >>> store.enter_result(event, 1, 1, Entry.from_str("3NT S 9"), ns="1", ew="2")
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreConflictError: board 1 at table 1 already has a result (3NT S 9); change it with arbitro result correct
        """
        with self.transaction() as db:
            return self.record_result(
                db.connection(), event_id, board, table, entry, ns, ew, session, by, now
            )

    def record_result(
        self,
        connection: Connection,
        event_id: int,
        board: int,
        table: int,
        entry: Entry,
        ns: str | None = None,
        ew: str | None = None,
        session: int = 1,
        by: str = "",
        now: datetime | None = None,
        *,
        as_written: bool = False,
    ) -> StoredResult:
        """:meth:`enter_result` within the caller's transaction (``connection``, of :meth:`transaction`).

        The same checks (the event, the session, the correction period, the movement's
        seating, the participants, a second entry, Law 15B) in three queries, then the
        result and its audit trail row; committed, or not, with the caller's transaction.
        ``as_written`` keeps a file's score that Law 77 gives no result
        (:class:`~arbitro.store.stored.NewResult`).

        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1"), Participant("2")])
        >>> with store.transaction() as db:
        ...     store.record_result(db.connection(), event, 1, 1, Entry.from_str("3NT S 9"), "1", "2").version
        1
        >>> [line.action for line in store.audit(event)]
        ['enter']
        """
        request = NewResult(event_id, board, table, entry, ns, ew, session, by, now, as_written)
        return self.record_results(connection, [request])[0]

    def record_results(
        self, connection: Connection, results: Sequence[NewResult]
    ) -> list[StoredResult]:
        """:meth:`record_result` for each of ``results``, in order, with the reads done once for all.

        The events, their participants, the boards' markings, the deals kept and the
        boards' results are read in one query each for the whole sequence; then each
        result goes through :meth:`record_result`'s checks in turn, against the results
        before it in the sequence too (two results of one board are checked against
        each other, as if entered one after the other: a second entry, Law 15B); then
        every result is written with one ``INSERT`` and every audit row with one more.
        The first refusal raises, and nothing is written: the caller (the group-commit
        writer) then records them one at a time, so each refusal reaches its own caller.

        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> people = [Participant(str(n)) for n in range(1, 5)]
        >>> event = store.create_event(EventSpec("A", boards=1), people)
        >>> with store.transaction() as db:
        ...     stored = store.record_results(db.connection(), [
        ...         NewResult(event, 1, 1, Entry.from_str("3NT S 9"), "1", "2"),
        ...         NewResult(event, 1, 2, Entry.from_str("4S N 10"), "3", "4"),
        ...     ])
        >>> [(line.table, line.action) for line in store.audit(event)]
        [(1, 'enter'), (2, 'enter')]
        >>> with store.transaction() as db:
        ...     store.record_results(db.connection(), [NewResult(event, 1, 3, Entry.from_str("PASS"), "3", "4")])
        Traceback (most recent call last):
        ...
        arbitro.tournament.result_rules.ResultRefusedError: pair 3 already played board 1 (at table 2); a second result is cancelled (Law 15B): enter an adjusted score
        """
        from arbitro.tournament.result_rules import (
            check_in_imps,
            check_incongruent,
            check_pairs_once,
            check_session,
            check_weighted,
            seat,
        )

        if not results:
            return []
        events = sorted({one.event_id for one in results})
        read = _BatchReads(
            connection,
            events,
            sorted({one.board for one in results}),
            any(one.entry.lead for one in results),
        )
        rows: list[dict[str, Any]] = []
        stored: list[StoredResult] = []
        for one in results:
            moment = time_of(one.now)
            info = read.info(one.event_id)
            check_session(info.spec, one.session)
            info.correction.check(moment, one.board)
            round_number, ns, ew = seat(
                read.known[one.event_id],
                info.spec,
                info.timetable,
                one.board,
                one.table,
                one.ns,
                one.ew,
                one.entry,
            )
            marked = read.markings.get((one.event_id, one.board), Board(one.board))
            if not one.as_written:  # a file's score stands as written (Law 77 warned)
                one.entry.check_score(marked)
            check_incongruent(info.spec, one.entry, marked)
            kept = read.deals.get((one.event_id, one.board))
            if one.entry.lead is not None and kept is not None:
                one.entry.check_lead(Deal.from_str(kept), one.board)
            result = one.entry.result(marked)
            check_weighted(info.spec, result, one.board, one.table)
            check_in_imps(info.spec, result, one.board, one.table)
            played = read.played.setdefault((one.event_id, one.session, one.board), [])
            existing = next((row for row in played if row.table_number == one.table), None)
            if existing is not None:
                from arbitro.tournament.entry import Entry

                raise StoreConflictError(
                    N_(
                        "board {board} at table {table} already has a result ({entry}); change "
                        "it with arbitro result correct"
                    ),
                    board=one.board,
                    table=one.table,
                    entry=Entry.from_str(existing.entry),
                )
            check_pairs_once(played, info.spec, one.board, one.table, ns, ew)
            text = one.entry.to_str()
            played.append(_Played(one.table, ns, ew, text))
            rows.append(
                {
                    "event_id": one.event_id,
                    "session": one.session,
                    "round": round_number,
                    "table_number": one.table,
                    "board": one.board,
                    "ns": ns,
                    "ew": ew,
                    "entry": text,
                    "version": 1,
                    "entered_by": one.by,
                    "entered_at": moment,
                }
            )
            stored.append(
                StoredResult(
                    one.session, round_number, one.table, one.board, ns, ew, one.entry, result, 1
                )
            )
        try:
            if len(rows) == 1:
                ids = [connection.execute(_INSERT_RESULT, rows[0]).scalar_one()]
            else:
                placed = {
                    (row.event_id, row.session, row.table_number, row.board): row.id
                    for row in connection.execute(_INSERT_RESULTS, rows)
                }
                ids = [
                    placed[row["event_id"], row["session"], row["table_number"], row["board"]]
                    for row in rows
                ]
        except IntegrityError:  # pragma: no cover - a concurrent entry of the same board
            raise StoreConflictError(
                N_("board {board} at table {table} already has a result"),
                board=rows[0]["board"],
                table=rows[0]["table_number"],
            ) from None
        connection.execute(
            _INSERT_AUDIT,
            [
                {
                    "result_id": result_id,
                    "at": row["entered_at"],
                    "by": row["entered_by"],
                    "action": "enter",
                    "old": None,
                    "new": row["entry"],
                    "reason": "",
                }
                for result_id, row in zip(ids, rows, strict=True)
            ],
        )
        return stored

    @staticmethod
    def _result_row(
        db: Session, event_id: int, session: int, board: int, table: int
    ) -> ResultRow | None:
        return db.scalars(
            select(ResultRow).where(
                ResultRow.event_id == event_id,
                ResultRow.session == session,
                ResultRow.board == board,
                ResultRow.table_number == table,
            )
        ).first()

    @staticmethod
    def check_lead(connection: Connection, event_id: int, board: int, entry: Entry) -> None:
        """Refuse an opening lead not in the leader's hand of the deal kept for the board (41A).

        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> with store.transaction() as db:
        ...     store.check_lead(db.connection(), 1, 1, Entry.from_str("3NT S 9 lead HA"))
        """
        if entry.lead is None:
            return
        kept = connection.execute(
            select(DealRow.deal).where(DealRow.event_id == event_id, DealRow.board == board)
        ).scalar()
        if kept is not None:
            entry.check_lead(Deal.from_str(kept), board)

    def correct_result(
        self,
        event_id: int,
        board: int,
        table: int,
        entry: Entry,
        reason: str,
        session: int = 1,
        by: str = "",
        now: datetime | None = None,
    ) -> StoredResult:
        """Change an entered result; the old and new entries, who, when and why go to the audit trail.

        Refused after the correction period unless the director reopened the board
        (Law 79C), and without a reason. A correction to the entry already stored changes
        nothing: the version stays and the audit trail gets no line.

        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1"), Participant("2")])
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("3NT S 9"), ns="1", ew="2")
        >>> store.correct_result(event, 1, 1, Entry.from_str("3NT S 10"), reason="", by="TD")
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: a correction needs a reason, kept in the audit trail
        """
        from arbitro.tournament.result_rules import (
            check_in_imps,
            check_incongruent,
            check_weighted,
        )

        if not reason.strip():
            raise StoreError(N_("a correction needs a reason, kept in the audit trail"))
        moment = time_of(now)
        with self.transaction() as db:
            info = self.info_of(self._event_row(db, event_id))
            info.correction.check(moment, board)
            row = self._result_row(db, event_id, session, board, table)
            if row is None:
                raise StoreNotFoundError(
                    N_(
                        "board {board} at table {table} has no result to correct; enter it with "
                        "arbitro result enter"
                    ),
                    board=board,
                    table=table,
                )
            marked = self.board(db.connection(), event_id, board)
            entry.check_score(marked)
            check_incongruent(info.spec, entry, marked)
            self.check_lead(db.connection(), event_id, board, entry)
            result = entry.result(marked)
            check_weighted(info.spec, result, board, table)
            check_in_imps(info.spec, result, board, table)
            if entry.to_str() == row.entry:  # nothing changes: no new version, no audit line
                return StoredResult(
                    session, row.round, table, board, row.ns, row.ew, entry, result, row.version
                )
            old = row.entry
            row.entry = entry.to_str()
            row.version += 1
            db.add(
                AuditRow(
                    result_id=row.id,
                    at=moment,
                    by=by,
                    action="correct",
                    old=old,
                    new=row.entry,
                    reason=reason.strip(),
                )
            )
            return StoredResult(
                session, row.round, table, board, row.ns, row.ew, entry, result, row.version
            )

    def results(self, event_id: int, session: int | None = None) -> list[StoredResult]:
        """The event's results, by session, board and table.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").results(1)
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreNotFoundError: there is no event 1
        """
        from arbitro.tournament.entry import Entry

        marked = self.boards(event_id)
        with self.reading() as db:
            self._event_row(db, event_id)
            query = select(
                ResultRow.session,
                ResultRow.round,
                ResultRow.table_number,
                ResultRow.board,
                ResultRow.ns,
                ResultRow.ew,
                ResultRow.entry,
                ResultRow.version,
            ).where(ResultRow.event_id == event_id)
            if session is not None:
                query = query.where(ResultRow.session == session)
            rows = db.execute(
                query.order_by(ResultRow.session, ResultRow.board, ResultRow.table_number)
            ).all()
        # A big event repeats its entries ("3NT N 9"): each text is read once, and its
        # score worked out once a board (Entry and Result are immutable values).
        entries: dict[str, Entry] = {}
        scored: dict[tuple[str, int], Result | None] = {}
        out = []
        for session_, round_, table, board, ns, ew, text, version in rows:
            entry = entries.get(text)
            if entry is None:
                entry = entries[text] = Entry.from_str(text)
            key = (text, board)
            if key in scored:
                result = scored[key]
            else:
                result = scored[key] = entry.result(marked.get(board) or Board(board))
            out.append(StoredResult(session_, round_, table, board, ns, ew, entry, result, version))
        return out

    def audit(self, event_id: int) -> list[AuditEntry]:
        """The audit trail of the event's results, oldest first.

        A score an appeal changed gives its reason in the active language (Law 93): call
        it in the reader's.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.audit(store.create_event(EventSpec("A", boards=1)))
        []
        """
        from arbitro.tournament.appeal_log import worded_audit_reason

        with self.reading() as db:
            self._event_row(db, event_id)
            rows = db.execute(
                select(AuditRow, ResultRow.board, ResultRow.table_number)
                .join(ResultRow, AuditRow.result_id == ResultRow.id)
                .where(ResultRow.event_id == event_id)
                .order_by(AuditRow.id)
            )
            return [
                AuditEntry(
                    as_utc(audit.at),
                    audit.by,
                    audit.action,
                    board,
                    table,
                    audit.old,
                    audit.new,
                    worded_audit_reason(audit.action, audit.reason),
                )
                for audit, board, table in rows
            ]
