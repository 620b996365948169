"""The event store: events, results with their audit trail, and the director's records.

:func:`open_store` opens the database (:func:`~arbitro.store.database.open_database`)
and brings its schema up to date with the Alembic migrations. Every method of
:class:`Store` is one transaction: it either commits whole or changes nothing, so a
result whose entry returned is on disk, and a refused one leaves no trace
(:meth:`Store.record_result` is the one that joins its caller's transaction, opened
with :meth:`Store.transaction`, for checks of the caller made in the same transaction).
A writing transaction holds the database's write lock from its first statement, so
every check the store makes before a write holds when the write commits.

>>> from arbitro.tournament.entry import Entry
>>> from arbitro.tournament.event import EventSpec, Participant
>>> from arbitro.store import open_store
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Tuesday", boards=2), [Participant("1"), Participant("2")])
>>> stored = store.enter_result(event, board=1, table=1, entry=Entry.from_str("4S N 10"), ns="1", ew="2")
>>> stored.result.to_str(), stored.version
('+420', 1)
>>> store.close()
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, date, datetime
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Connection,
    Engine,
    Row,
    bindparam,
    delete,
    func,
    insert,
    inspect,
    select,
    text,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from arbitro.core.board import Board
from arbitro.core.deal import Deal
from arbitro.core.errors import (
    ConflictError,
    NotFoundError,
    Problem,
    RefusedError,
    render,
)
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.i18n import N_, gettext, ngettext
from arbitro.store import database
from arbitro.store.first_reads import MIGRATIONS as MIGRATIONS  # kept there, named here too
from arbitro.store.first_reads import newest_revision as newest_revision
from arbitro.store.models import (
    AnalysisRow,
    AppealRow,
    AuditRow,
    BoardMarkingRow,
    DealRow,
    EventLogRow,
    EventRow,
    ParticipantRow,
    PenaltyRow,
    ResultRow,
    RulingRow,
    SettingRow,
    TableLogRow,
)
from arbitro.store.write_lock import file_write_lock

if TYPE_CHECKING:
    from arbitro.scoring.results import Result
    from arbitro.scoring.session import SessionScore, TableResult
    from arbitro.tournament.directing import Body, Matter
    from arbitro.tournament.entry import Entry
    from arbitro.tournament.event import EventSpec, Participant
    from arbitro.tournament.knockout import KnockoutMatch
    from arbitro.tournament.movements import Movement, SwissRound
    from arbitro.tournament.ranking import Standing
    from arbitro.tournament.records import Appeal, CorrectionPeriod, Decision, PenaltyRecord, Ruling
    from arbitro.tournament.reopening import Reopened
    from arbitro.tournament.teams import MatchScore, UncomparedBoard

WRITE_LOCK = 0x41524249  # "ARBI"
"""The key of the PostgreSQL advisory lock every writing transaction takes first."""


class StoreError(RefusedError):
    """A request the store refuses: an unknown event, a result entered twice, ...

    The message is a catalog message with its details, shown in the active language.

    >>> print(StoreError(N_("there is no event {event}"), event=9))
    there is no event 9
    """

    def __init__(self, message: str, **details: object) -> None:
        self.message = message
        self.details = details
        super().__init__(message, details)

    def __str__(self) -> str:
        return gettext(self.message).format(
            **{name: render(value) for name, value in self.details.items()}
        )


@dataclass(frozen=True)
class MissingBoards:
    """The tables of a round with the boards they have not entered, as a message shows them.

    >>> print(MissingBoards(((3, (5, 6)), (4, (6,)))).localized())
    table 3 (boards 5, 6); table 4 (board 6)
    """

    tables: tuple[tuple[int, tuple[int, ...]], ...]

    def localized(self) -> str:
        """The tables and their boards, in the active language."""
        return "; ".join(
            ngettext(
                "table {table} (board {boards})", "table {table} (boards {boards})", len(boards)
            ).format(table=table, boards=", ".join(map(str, boards)))
            for table, boards in self.tables
        )


def _seated_opponent(movement: Movement, team: str) -> str | None:
    """The team ``movement`` seats against ``team`` first (a knockout plays one match), or None."""
    for seating in movement.schedule:
        ns, ew = seating.sides
        if team in (ns, ew) and ns and ew:
            return ew if team == ns else ns
    return None


def _check_carry_over(
    spec: EventSpec, participant: str, amount: Fraction, opponent: str | None
) -> None:
    """Refuse a negative carry-over in a teams event: it is given to one team, 0 or more.

    In a knockout the team behind in the carry-over gives it to its opponents instead:
    the refusal names the other team of the match (``opponent``) when it is known.
    Another event's carry-over (points from an earlier stage) may be negative.
    """
    if amount >= 0 or spec.kind != "teams":
        return
    if not spec.knockout:
        raise StoreError(
            N_(
                "a carry-over is not negative ({amount}): a team brings 0 or more points "
                "from an earlier stage"
            ),
            amount=str(amount),
        )
    if opponent is None:
        raise StoreError(
            N_(
                "a carry-over is not negative ({amount}): it is given to one team of the "
                "match; give the other team of {team}'s match a carry-over of {given} instead"
            ),
            amount=str(amount),
            team=participant,
            given=str(-amount),
        )
    raise StoreError(
        N_(
            "a carry-over is not negative ({amount}): it is given to one team of the match; "
            "give {other}, the other team of {team}'s match, a carry-over of {given} instead "
            "({other},{given})"
        ),
        amount=str(amount),
        team=participant,
        other=opponent,
        given=str(-amount),
    )


def _penalty_detail(row: PenaltyRow) -> str:
    """A penalty as the event's log writes it: ``5EW: -1/4 top (90B8) #3``."""
    detail = f"{row.participant}: -{row.amount} {row.unit} ({row.law})"
    return detail if row.board is None else f"{detail} #{row.board}"


class StoreNotFoundError(StoreError, NotFoundError):
    """A request about what the store does not hold: no such event, ruling, appeal (404).

    >>> StoreNotFoundError(N_("there is no event {event}"), event=9).status
    404
    """


class StoreConflictError(StoreError, ConflictError):
    """A request the stored state refuses: a result entered already, an appeal decided (409).

    >>> StoreConflictError(N_("there is already a director called '{name}'"), name="ana").status
    409
    """


def _utc(moment: datetime) -> datetime:
    """SQLite gives back naive times; they were stored in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _now(now: datetime | None) -> datetime:
    return now if now is not None else datetime.now(UTC)


def _boards(stored: str | None) -> tuple[int, ...] | None:
    """The reopened boards as ``events.reopened_boards`` keeps them (``6,9``); NULL: every board."""
    if stored is None:
        return None
    return tuple(int(board) for board in stored.split(",") if board)


_HIGHEST_EVENT_SETTING = "events.highest_deleted"
"""The setting that keeps the highest number of an event deleted (SQLite reuses numbers)."""


def _unused_event_number(db: Session) -> int | None:
    """The number a new event takes, or ``None`` to let the database give it.

    PostgreSQL's sequence never gives a number twice. SQLite gives the highest number
    in the table plus one, so an event created after the last one was deleted would
    take the deleted event's number: a server still running would take it for the old
    event (its movement, read once), and the deleted event's table cards would sign in
    to the new one. Past a deleted event's number, then.
    """
    if db.get_bind().dialect.name != "sqlite":
        return None
    kept = db.get(SettingRow, _HIGHEST_EVENT_SETTING)
    if kept is None:
        return None
    highest = db.execute(select(func.max(EventRow.id))).scalar() or 0
    return max(highest, int(kept.value)) + 1


def _remember_event_number(db: Session, event_id: int) -> None:
    """Keep ``event_id`` as the highest deleted event's number if it is (:func:`_unused_event_number`)."""
    kept = db.get(SettingRow, _HIGHEST_EVENT_SETTING)
    if kept is None:
        db.add(SettingRow(name=_HIGHEST_EVENT_SETTING, value=str(event_id)))
    elif int(kept.value) < event_id:
        kept.value = str(event_id)


def _take_write_lock(connection: Connection) -> None:
    """Take the database's write lock for the transaction ``connection`` is in.

    SQLite's ``BEGIN IMMEDIATE`` (pysqlite would begin only at the first write, after
    the reads that decided it), which waits for another writer up to the busy timeout
    of the connection (:data:`~arbitro.store.database.BUSY_TIMEOUT`); PostgreSQL's
    transaction-level advisory lock, released at commit or rollback (its READ COMMITTED
    reads then see every earlier commit), waited for as long: the transaction's
    ``lock_timeout`` is set first, so a lock held by another program ends in
    PostgreSQL's "lock not available", which the store answers as
    :class:`~arbitro.store.database.DatabaseBusyError` (503), as on SQLite. Both in
    one statement (one round trip): the timeout set in a materialized ``WITH``, whose
    row the lock's ``SELECT`` reads, so it is set before the lock is waited for.
    """
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    elif connection.dialect.name == "postgresql":
        waited = f"{max(1, round(database.BUSY_TIMEOUT * 1000))}ms"
        connection.execute(_POSTGRESQL_WRITE_LOCK, {"waited": waited, "key": WRITE_LOCK})


_POSTGRESQL_WRITE_LOCK = text(
    "WITH timeout AS MATERIALIZED (SELECT set_config('lock_timeout', :waited, true)) "
    "SELECT pg_advisory_xact_lock(:key) FROM timeout"
)
"""The transaction's lock timeout, then Árbitro's advisory lock (:data:`WRITE_LOCK`)."""


def schema_revision(engine: Engine) -> str | None:
    """The revision the database's schema is at (``None``: a database never migrated).

    >>> from arbitro.store.database import open_database
    >>> engine = open_database("sqlite:///:memory:")
    >>> schema_revision(engine) is None
    True
    >>> migrate(engine); schema_revision(engine) == newest_revision()
    True
    """
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        revision = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    return None if revision is None else str(revision)


def migrate(engine: Engine) -> None:
    """Bring the database's schema up to the newest migration (Alembic ``upgrade head``).

    A database already at the newest revision is left as it is without loading Alembic
    (a third of a second of imports, which ``arbitro serve`` would pay before its first
    answer).

    >>> from arbitro.store.database import open_database
    >>> engine = open_database("sqlite:///:memory:")
    >>> migrate(engine); migrate(engine)   # a second run has nothing to do
    """
    if schema_revision(engine) == newest_revision():
        return
    # Loaded only when there is something to migrate.
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@dataclass(frozen=True)
class EventInfo:
    """An event as stored: its id, settings, movement and the time of the official results.

    ``reopened`` is the reason the director reopened the results (Law 79C2), and
    ``reopened_boards`` the boards the reopening is for (``None``: every board).
    """

    id: int
    spec: EventSpec
    movement: str | None
    tables: int | None
    boards_per_round: int | None
    published: datetime | None
    reopened: str | None
    timetable: Movement | None = None
    held_on: date | None = None
    archived: datetime | None = None
    reopened_boards: tuple[int, ...] | None = None
    bye_score: Fraction | None = None
    """A Swiss teams event's victory points for a bye (``None`` for other events)."""
    created: datetime | None = None
    """When the event was created (UTC)."""

    @property
    def correction(self) -> CorrectionPeriod:
        """The event's correction period (Law 79C), with the boards reopened (79C2).

        >>> from arbitro.tournament.event import EventSpec
        >>> EventInfo(1, EventSpec("x", boards=1), None, None, None, None, None).correction.ends is None
        True
        """
        from arbitro.tournament.records import CorrectionPeriod

        return CorrectionPeriod(
            self.published, self.spec.correction_minutes, self.reopened, self.reopened_boards
        )


@dataclass(frozen=True)
class StoredResult:
    """A result as stored: where it was played, the entry, its score and its version."""

    session: int
    round: int | None
    table: int
    board: int
    ns: str
    ew: str
    entry: Entry
    result: Result | None
    version: int


@dataclass(frozen=True)
class AuditEntry:
    """One line of the audit trail: when, who, what changed, and why."""

    at: datetime
    by: str
    action: str
    board: int
    table: int
    old: str | None
    new: str
    reason: str


@dataclass(frozen=True)
class StoredPenalty:
    """A stored penalty with its id and session."""

    id: int
    session: int
    record: PenaltyRecord


@dataclass(frozen=True)
class StoredAppeal:
    """A stored appeal with its id."""

    id: int
    appeal: Appeal


@lru_cache(maxsize=64)
def _movement(data: str) -> Movement:
    """The stored movement read back, once per distinct text (movements are immutable values).

    Reading a 40-table movement takes tens of milliseconds, and every entry of a result
    needs its event's movement.
    """
    from arbitro.tournament.movements.model import movement_from_data

    return movement_from_data(json.loads(data))


def check_movement(movement: Movement) -> Movement:
    """``movement`` if results can be entered by it: a Mitchell, a Howell, an individual, a round robin or a Swiss.

    >>> from arbitro.tournament.movements import mitchell
    >>> check_movement(mitchell(3, 2)).kind
    'mitchell'
    """
    from arbitro.tournament.movements.model import MOVEMENTS

    if movement.kind not in MOVEMENTS:
        raise StoreError(
            N_("events with a {movement} movement cannot be stored yet (expected {choices})"),
            movement=movement.kind,
            choices=", ".join(MOVEMENTS),
        )
    return movement


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
class NewResult:
    """A result to record (:meth:`Store.record_results`): where, the entry, the pairs, who."""

    event_id: int
    board: int
    table: int
    entry: Entry
    ns: str | None = None
    ew: str | None = None
    session: int = 1
    by: str = ""
    now: datetime | None = None


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
        return _event_info(row)


_INSERT_AUDIT = insert(AuditRow)


@lru_cache(maxsize=64)
def _event_info(row: Row[Any]) -> EventInfo:
    """The event of a row of ``events``, read once per distinct row (its whole content is the key)."""
    return EventStore.info_of(row)


def _check_appellant_at_table(db: Session, ruling: RulingRow, appellant: str) -> None:
    """Who sat at the ruling's table, for the event's rule of Law 92A (:func:`check_appellant`).

    The contestants are read from the results entered at that table (at any table of the
    board when the ruling names none); with no result entered there yet, nobody is refused.
    A partnership of an individual event (``1&3``) counts each of its players.
    """
    from arbitro.tournament.records import check_appellant

    query = select(ResultRow.ns, ResultRow.ew).where(
        ResultRow.event_id == ruling.event_id,
        ResultRow.session == ruling.session,
        ResultRow.board == ruling.board,
    )
    if ruling.table_number is not None:
        query = query.where(ResultRow.table_number == ruling.table_number)
    seated: set[str] = set()
    for ns, ew in db.execute(query):
        for side in (ns, ew):
            seated.add(side)
            seated.update(part.strip() for part in side.split("&"))
    check_appellant(appellant, seated, ruling.board, ruling.table_number)


COMMITTEE_SETTINGS = {True: "committee", False: "no committee"}
"""The event log's text of each appeals-committee setting (action ``committee``, Law 93)."""

_COMMITTEE_OVERRIDES = {
    True: "a committee heard this appeal",
    False: "no committee for this appeal",
}


def kept_committee(db: Session, event_id: int) -> bool:
    """Whether the event has an appeals committee: its last ``committee`` log entry, else yes."""
    last = db.scalars(
        select(EventLogRow.reason)
        .where(EventLogRow.event_id == event_id, EventLogRow.action == "committee")
        .order_by(EventLogRow.at.desc(), EventLogRow.id.desc())
        .limit(1)
    ).first()
    return last != COMMITTEE_SETTINGS[False]


class EventStore:
    """Events, results and the director's records, in one database (see the module's description).

    The base of :class:`~arbitro.store.store.Store`: the transaction, the events and
    their results. The store's other records are the mixins of their own modules
    (``console.py``, ``judgement.py``, ...), each an ``EventStore`` too, and ``Store``
    gathers them: every operation on the database is a method of the store.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # An SQLite file's writers queue on a lock of the system's, which wakes the next
        # at once, before SQLite's BEGIN IMMEDIATE (whose busy handler sleeps up to 100 ms).
        self._writers = file_write_lock(engine)
        # The session of the transaction() block running in this context, if any: the
        # store's own methods called inside the block join it.
        self._joined: ContextVar[Session | None] = ContextVar(
            f"arbitro-store-{id(self)}", default=None
        )

    def close(self) -> None:
        """Release the database's connections.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").close()
        """
        self.engine.dispose()

    def check(self) -> str:
        """Ask the database to answer (a health check); its kind: ``sqlite`` or ``postgresql``.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").check()
        'sqlite'
        """
        with self.reading() as db:
            db.execute(text("SELECT 1"))
        return self.engine.dialect.name

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """The one way to write: a transaction that holds the database's write lock from its start.

        What the block reads is what its writes commit against, so a check and the write
        it guards (publish once, decide an appeal once, one version after another) hold
        however many requests, threads or processes write at the same time: on SQLite
        the block opens with ``BEGIN IMMEDIATE``; on PostgreSQL it takes Árbitro's
        transaction-level advisory lock (:data:`WRITE_LOCK`) before its first read. All
        its writes are committed, or none: the store's methods called inside the block
        join it, and an error anywhere rolls every write back. ``session.connection()``
        is the same transaction, for statements without the ORM.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.records import Ruling
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=3))
        >>> try:
        ...     with store.transaction():
        ...         _ = store.add_ruling(event, Ruling(1, 1, "16B1a", "score adjusted"))
        ...         _ = store.add_ruling(event, Ruling(9, 1, "16B1a", "no such board"))
        ... except StoreError as error:
        ...     print(error)
        board 9 is not in the event (expected 1 to 3)
        >>> store.rulings(event)
        []
        """
        joined = self._joined.get()
        if joined is not None:
            yield joined
            return
        queued = nullcontext() if self._writers is None else self._writers.held()
        with queued, Session(self.engine, expire_on_commit=False) as session, session.begin():
            _take_write_lock(session.connection())
            token = self._joined.set(session)
            try:
                yield session
            finally:
                self._joined.reset(token)

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session that only reads: the enclosing :meth:`transaction`, if any, else its own.

        It takes no lock, so reading never waits for a writer (SQLite's WAL, PostgreSQL's
        snapshots); a check that guards a write belongs in :meth:`transaction` instead.

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> with store.reading() as db:
        ...     db.connection().exec_driver_sql("SELECT count(*) FROM results").scalar()
        0
        """
        joined = self._joined.get()
        if joined is not None:
            yield joined
            return
        with Session(self.engine, expire_on_commit=False) as session:
            yield session

    # Events -------------------------------------------------------------------------

    def create_event(
        self,
        spec: EventSpec,
        participants: Sequence[Participant] = (),
        movement: Movement | None = None,
        carry_over: dict[str, Fraction] | None = None,
        held_on: date | None = None,
        bye_score: Fraction | None = None,
    ) -> int:
        """Create an event and its participants; with a movement, its pairs are the movement's.

        The movement is stored whole: the event keeps the timetable it is played with;
        ``held_on`` is the day it is played. A Swiss movement holds its first round and
        grows a round at a time (:meth:`pair_next_round`); a Swiss teams event keeps
        ``bye_score``, the victory points of a bye
        (:data:`~arbitro.tournament.movements.swiss.TEAMS_BYE_VP` when not given).

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.movements import mitchell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
        >>> sorted(p.number for p in store.participants(event))
        ['1EW', '1NS', '2EW', '2NS', '3EW', '3NS']
        """
        from arbitro.tournament.event import Participant
        from arbitro.tournament.movements.model import movement_to_data
        from arbitro.tournament.movements.teams import two_rooms

        individual = movement is not None and movement.kind == "individual"
        if spec.kind == "individual" and not individual:
            raise StoreError(
                N_(
                    "an individual event needs an individual movement (--movement individual "
                    "--tables N): it says who partners whom in each round"
                )
            )
        if individual and spec.kind != "individual":
            raise StoreError(
                N_("an individual movement needs an individual event (--kind individual)")
            )
        if (
            spec.kind == "teams"
            and movement is not None
            and movement.kind in ("mitchell", "howell")
        ):
            # A match is one team against another at two tables: a pairs movement never
            # seats the same two teams twice, so its results could never be scored.
            raise StoreError(
                N_(
                    "a teams event is played in matches at two tables, not with a pairs "
                    "movement ({movement}); create it with --movement round-robin, or "
                    "without --movement and enter each table with --ns and --ew"
                ),
                movement=movement.kind,
            )
        swiss_teams = movement is not None and movement.kind == "swiss" and spec.kind == "teams"
        if bye_score is not None and not swiss_teams:
            raise StoreError(
                N_("only a Swiss teams event has a score for a bye (--movement swiss --kind teams)")
            )
        if swiss_teams:
            from arbitro.tournament.movements.swiss import MATCH_VP, TEAMS_BYE_VP

            bye_score = TEAMS_BYE_VP if bye_score is None else bye_score
            if not 0 <= bye_score <= MATCH_VP:
                # A match gives at most 20 VP (the WBF scale): a bye no more than a win.
                raise StoreError(
                    N_(
                        "a bye scores 0 to {most} victory points, the most a match gives, not {score}"
                    ),
                    most=MATCH_VP,
                    score=bye_score,
                )
        if movement is not None and movement.kind == "swiss" and spec.sessions > 1:
            # Its rounds are paired one after another from one ranking, in one session.
            raise StoreError(
                N_(
                    "a Swiss is played in one session, its rounds paired one after another "
                    "from its ranking; create it without --sessions ({sessions})"
                ),
                sessions=spec.sessions,
            )
        if (
            movement is not None
            and movement.kind == "swiss"
            and movement.rooms == 2
            and spec.kind != "teams"
        ):
            raise StoreError(
                N_(
                    "a Swiss of teams plays each match at two tables; create a teams "
                    "event (--kind teams)"
                )
            )
        if spec.knockout and movement is not None and movement.kind != "round-robin":
            # A knockout match is the same two teams in every session, never paired anew.
            raise StoreError(
                N_(
                    "a knockout's matches are played in a round robin of one round "
                    "(--movement round-robin --rounds 1), or entered without a movement"
                )
            )
        if movement is not None and movement.kind == "round-robin":
            if spec.kind != "teams":
                raise StoreError(
                    N_(
                        "a round robin is a movement of teams, played in matches at two "
                        "tables; create a teams event (--kind teams), or choose a movement "
                        "of pairs (mitchell, howell)"
                    )
                )
            if spec.knockout and movement.rounds > 1:
                # A knockout match is the same two teams in every session (segment).
                raise StoreError(
                    N_(
                        "in a knockout each team plays one match, over the event's sessions: "
                        "give the round robin one round (--rounds 1), not {rounds}"
                    ),
                    rounds=movement.rounds,
                )
            if spec.knockout and movement.sitting_out(1):
                # An odd number of teams: one would sit the stage out, with no match.
                raise StoreError(
                    N_(
                        "in a knockout every team plays a match: team {team} has none among "
                        "{teams} teams; give the stage an even number of teams (a team that "
                        "goes through without playing is not in it)"
                    ),
                    team=movement.sitting_out(1)[0],
                    teams=len(movement.participants),
                )
            # The event keeps the tables the players sit at: each match at two tables.
            movement = two_rooms(movement)
        if swiss_teams and movement is not None:
            movement = two_rooms(movement)
        numbers = [participant.number for participant in participants]
        if movement is not None:
            check_movement(movement)
            if movement.boards != spec.boards:
                raise StoreError(
                    N_(
                        "the movement plays {movement} boards but the event has {boards}; "
                        "leave --boards out or make them agree"
                    ),
                    movement=movement.boards,
                    boards=spec.boards,
                )
            given = {participant.number: participant for participant in participants}
            for number in numbers:
                if number not in movement.participants:
                    raise StoreError(
                        N_("participant '{number}' is not in the movement (expected {choices})"),
                        number=number,
                        choices=", ".join(movement.participants),
                    )
            participants = [
                given.get(number, Participant(number)) for number in movement.participants
            ]
        if len(set(numbers)) != len(numbers):
            raise StoreError(N_("a participant's number is given twice"))
        known = [participant.number for participant in participants]
        for number, amount in (carry_over or {}).items():
            if number not in known:
                raise StoreError(
                    N_("'{pair}' is not a participant of the event (expected {choices})"),
                    pair=number,
                    choices=", ".join(sorted(known)),
                )
            opponent = _seated_opponent(movement, number) if movement is not None else None
            _check_carry_over(spec, number, amount, opponent)
        with self.transaction() as session:
            row = EventRow(
                name=spec.name,
                kind=spec.kind,
                method=spec.scoring,
                profile=spec.profile,
                boards=spec.boards,
                sessions=spec.sessions,
                movement=movement.kind if movement is not None else None,
                tables=movement.tables if movement is not None else None,
                boards_per_round=movement.boards_per_round if movement is not None else None,
                movement_data=(
                    json.dumps(movement_to_data(movement)) if movement is not None else None
                ),
                correction_minutes=spec.correction_minutes,
                appeal_minutes=spec.appeal_minutes,
                tie_breaks=",".join(spec.tie_breaks),
                held_on=held_on,
                bye_score=str(bye_score) if bye_score is not None else None,
            )
            unused = _unused_event_number(session)
            if unused is not None:
                row.id = unused
            session.add(row)
            session.flush()
            for participant in participants:
                session.add(
                    ParticipantRow(
                        event_id=row.id,
                        number=participant.number,
                        players=participant.to_str(),
                        carry_over=str((carry_over or {}).get(participant.number, 0)),
                    )
                )
            return row.id

    def events(self) -> list[EventInfo]:
        """Every event, oldest first.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> _ = store.create_event(EventSpec("A", boards=1))
        >>> [event.spec.name for event in store.events()]
        ['A']
        """
        with self.reading() as session:
            return [
                self.info_of(row) for row in session.scalars(select(EventRow).order_by(EventRow.id))
            ]

    def event(self, event_id: int) -> EventInfo:
        """The event ``event_id``.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").event(7)
        Traceback (most recent call last):
        ...
        arbitro.store.repository.StoreNotFoundError: there is no event 7
        """
        with self.reading() as session:
            return self.info_of(self._event_row(session, event_id))

    @staticmethod
    def _event_row(session: Session, event_id: int) -> EventRow:
        row = session.get(EventRow, event_id)
        if row is None:
            raise StoreNotFoundError(N_("there is no event {event}"), event=event_id)
        return row

    @staticmethod
    def info_of(row: EventRow | Row[Any]) -> EventInfo:
        """The event's settings and state as kept in its stored ``row``."""
        from arbitro.tournament.event import EventSpec, kept_scoring

        spec = EventSpec.scored(
            row.name,
            row.boards,
            kept_scoring(row.kind, row.method),  # an older teams event's pairs' method: vp
            kind=row.kind,
            profile=row.profile,
            sessions=row.sessions,
            correction_minutes=row.correction_minutes,
            appeal_minutes=row.appeal_minutes,
            tie_breaks=tuple(name for name in row.tie_breaks.split(",") if name),
        )
        published = _utc(row.published_at) if row.published_at is not None else None
        return EventInfo(
            row.id,
            spec,
            row.movement,
            row.tables,
            row.boards_per_round,
            published,
            row.reopened,
            _movement(row.movement_data) if row.movement_data else None,
            row.held_on,
            _utc(row.archived_at) if row.archived_at is not None else None,
            _boards(row.reopened_boards),
            Fraction(row.bye_score) if row.bye_score is not None else None,
            _utc(row.created_at) if row.created_at is not None else None,
        )

    def participants(self, event_id: int) -> list[Participant]:
        """The event's participants, in the order they were created.

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant.from_str("1: Ana #77")])
        >>> store.participants(event)
        [Participant.from_str('1: Ana #77')]
        """
        from arbitro.tournament.event import Participant

        with self.reading() as session:
            self._event_row(session, event_id)
            rows = session.scalars(
                select(ParticipantRow)
                .where(ParticipantRow.event_id == event_id)
                .order_by(ParticipantRow.id)
            )
            return [Participant.from_str(row.players) for row in rows]

    def movement(self, event_id: int) -> Movement | None:
        """The event's movement, if it was set up with one.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.movements import mitchell
        >>> store = open_store("sqlite:///:memory:")
        >>> store.movement(store.create_event(EventSpec("A", boards=6), movement=mitchell(3, 2))) == mitchell(3, 2)
        True
        """
        return self.event(event_id).timetable

    def unplayed(self, event_id: int) -> dict[int, list[tuple[int, tuple[int, ...]]]]:
        """The boards still without a result in the rounds of the event's movement.

        By round: each table with the boards it has not entered yet. Empty when every
        board of every round has its result (or the event has no movement).

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.movements import swiss_start
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("S", boards=4), movement=swiss_start(4, 2, 2))
        >>> store.unplayed(event)
        {1: [(1, (1, 2)), (2, (1, 2))]}
        """
        movement = self.movement(event_id)
        if movement is None:
            return {}
        entered = {(stored.table, stored.board) for stored in self.results(event_id)}
        out: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
        for seating in sorted(
            movement.schedule, key=lambda seating: (seating.round, seating.table)
        ):
            missing = tuple(
                board for board in seating.boards if (seating.table, board) not in entered
            )
            if missing:
                out.setdefault(seating.round, []).append((seating.table, missing))
        return out

    def pair_next_round(self, event_id: int, round: int | None = None) -> SwissRound:
        """Pair a Swiss event's next round from its ranking and store it with the movement.

        The ranking is the event's: a teams event's victory points (a bye's among them),
        a pairs event's total; a participant disqualified is not paired again. Refused while a round paired has a result missing (each
        table and its boards named), when every round planned is paired, and when
        ``round`` is given and is not the next one (a round is paired once). The round's
        seatings are stored in one transaction, under the write lock: two directors
        pairing at once pair it once.

        >>> from fractions import Fraction
        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.movements import swiss_start
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("S", boards=2, kind="teams"),
        ...                            movement=swiss_start(3, 2, 1, teams=True))
        >>> for table, entry in ((1, "4S N 10"), (2, "4S N 9")):
        ...     _ = store.enter_result(event, 1, table, Entry.from_str(entry))
        >>> paired = store.pair_next_round(event)
        >>> [(s.ns, s.ew) for s in paired.seatings], paired.bye
        ([('1', '3')], '2')
        """
        from arbitro.tournament.movements.model import movement_to_data
        from arbitro.tournament.movements.swiss import next_swiss_round

        with self.transaction() as db:
            row = self._event_row(db, event_id)
            movement = _movement(row.movement_data) if row.movement_data else None
            if movement is None or movement.kind != "swiss":
                raise StoreError(
                    N_("event {event} is not a Swiss: its rounds were all made with it"),
                    event=event_id,
                )
            number = movement.rounds + 1
            if round is not None and round != number:
                raise StoreConflictError(
                    N_("round {round} cannot be paired now: the next round to pair is {next}"),
                    round=round,
                    next=number,
                )
            if number > movement.board_sets:
                raise StoreConflictError(
                    N_("event {event} has all its {rounds} rounds paired"),
                    event=event_id,
                    rounds=movement.board_sets,
                )
            unplayed = self.unplayed(event_id)
            if unplayed:
                first = min(unplayed)
                raise StoreConflictError(
                    N_(
                        "round {round} is not over: results missing at {missing}; pair "
                        "round {next} when they are entered"
                    ),
                    round=first,
                    missing=MissingBoards(tuple(unplayed[first])),
                    next=number,
                )
            scores = {standing.participant: standing.total for standing in self.ranking(event_id)}
            # A team or pair disqualified (Law 91B) is paired no more.
            grown, paired = next_swiss_round(movement, scores, self.disqualified(event_id))
            row.movement_data = json.dumps(movement_to_data(grown))
            row.tables = grown.tables
            return paired

    # Results ------------------------------------------------------------------------

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
        arbitro.store.repository.StoreConflictError: board 1 at table 1 already has a result (3NT S 9); change it with arbitro result correct
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
    ) -> StoredResult:
        """:meth:`enter_result` within the caller's transaction (``connection``, of :meth:`transaction`).

        The same checks (the event, the session, the correction period, the movement's
        seating, the participants, a second entry, Law 15B) in three queries, then the
        result and its audit trail row; committed, or not, with the caller's transaction.

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
        request = NewResult(event_id, board, table, entry, ns, ew, session, by, now)
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
            moment = _now(one.now)
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

    @staticmethod
    def board(connection: Connection, event_id: int, number: int) -> Board:
        """Board ``number`` of the event, with the markings it carries (Law 2, last paragraph).

        A board marked otherwise than Law 2 says is played and scored as marked for the
        whole session; without markings kept for it, Law 2's.

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> with store.transaction() as db:
        ...     store.board(db.connection(), 1, 1).follows_law2
        True
        """
        marked = connection.execute(
            select(BoardMarkingRow.dealer, BoardMarkingRow.vulnerability).where(
                BoardMarkingRow.event_id == event_id, BoardMarkingRow.board == number
            )
        ).first()
        if marked is None:
            return Board(number)
        return Board(
            number, Seat.from_str(marked.dealer), Vulnerability.from_str(marked.vulnerability)
        )

    def boards(self, event_id: int) -> dict[int, Board]:
        """The event's boards marked otherwise than Law 2 says, by number (Law 2, last paragraph).

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").boards(1)
        {}
        """
        with self.reading() as db:
            rows = db.execute(
                select(BoardMarkingRow.board, BoardMarkingRow.dealer, BoardMarkingRow.vulnerability)
                .where(BoardMarkingRow.event_id == event_id)
                .order_by(BoardMarkingRow.board)
            ).all()
        return {
            row.board: Board(
                row.board, Seat.from_str(row.dealer), Vulnerability.from_str(row.vulnerability)
            )
            for row in rows
        }

    def mark_board(self, event_id: int, board: Board) -> None:
        """Keep ``board``'s dealer and vulnerability as the event's (Law 2, last paragraph).

        A board that follows Law 2 drops the markings kept before. Refused once the
        board has a result: its markings apply for the whole session.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.core.vulnerability import Vulnerability
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=2))
        >>> store.mark_board(event, Board(1, vulnerability=Vulnerability.ALL))
        >>> store.boards(event)[1].vulnerability
        Vulnerability.ALL
        >>> store.mark_board(event, Board(3))
        Traceback (most recent call last):
        ...
        arbitro.tournament.result_rules.ResultRefusedError: board 3 is not in the event (expected 1 to 2)
        """
        self.mark_boards(event_id, [board])

    def mark_boards(self, event_id: int, boards: Sequence[Board]) -> None:
        """:meth:`mark_board` for each of ``boards``, in one transaction: all or none.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.core.seat import Seat
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=2))
        >>> store.mark_boards(event, [Board(1, dealer=Seat.WEST), Board(2)])
        >>> sorted(store.boards(event))
        [1]
        """
        from arbitro.tournament.result_rules import check_marking

        with self.transaction() as db:
            info = self.info_of(self._event_row(db, event_id))
            for board in boards:
                played = db.execute(
                    select(ResultRow.id).where(
                        ResultRow.event_id == event_id, ResultRow.board == board.number
                    )
                ).first()
                check_marking(info.spec, board, played is not None)
                db.execute(
                    delete(BoardMarkingRow).where(
                        BoardMarkingRow.event_id == event_id,
                        BoardMarkingRow.board == board.number,
                    )
                )
                # The par kept was made for the board's old vulnerability and dealer: the
                # board is analysed again (the next background analysis finds it missing).
                db.execute(
                    delete(AnalysisRow).where(
                        AnalysisRow.event_id == event_id, AnalysisRow.board == board.number
                    )
                )
                if not board.follows_law2:
                    db.add(
                        BoardMarkingRow(
                            event_id=event_id,
                            board=board.number,
                            dealer=board.dealer.to_str(),
                            vulnerability=board.vulnerability.to_str(),
                        )
                    )

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
        arbitro.store.repository.StoreError: a correction needs a reason, kept in the audit trail
        """
        from arbitro.tournament.result_rules import (
            check_in_imps,
            check_incongruent,
            check_weighted,
        )

        if not reason.strip():
            raise StoreError(N_("a correction needs a reason, kept in the audit trail"))
        moment = _now(now)
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
        arbitro.store.repository.StoreNotFoundError: there is no event 1
        """
        from arbitro.tournament.entry import Entry

        marked = self.boards(event_id)
        with self.reading() as db:
            self._event_row(db, event_id)
            query = select(ResultRow).where(ResultRow.event_id == event_id)
            if session is not None:
                query = query.where(ResultRow.session == session)
            rows = db.scalars(
                query.order_by(ResultRow.session, ResultRow.board, ResultRow.table_number)
            )
            out = []
            for row in rows:
                entry = Entry.from_str(row.entry)
                out.append(
                    StoredResult(
                        row.session,
                        row.round,
                        row.table_number,
                        row.board,
                        row.ns,
                        row.ew,
                        entry,
                        entry.result(marked.get(row.board) or Board(row.board)),
                        row.version,
                    )
                )
            return out

    def audit(self, event_id: int) -> list[AuditEntry]:
        """The audit trail of the event's results, oldest first.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.audit(store.create_event(EventSpec("A", boards=1)))
        []
        """
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
                    _utc(audit.at),
                    audit.by,
                    audit.action,
                    board,
                    table,
                    audit.old,
                    audit.new,
                    audit.reason,
                )
                for audit, board, table in rows
            ]

    # The correction period (79C) -------------------------------------------------------

    def publish(self, event_id: int, by: str = "", now: datetime | None = None) -> EventInfo:
        """Make the results official: the correction period (79C1) and the time to appeal (92B) start.

        Publishing again after a reopening (79C2) locks the results again as corrected,
        with the correction period and the time to appeal of the first publication: the
        reopening was for the score the director and the organiser had no doubt was
        wrong, not a new period for every score and ruling. Publishing official results
        that were not reopened is refused.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1, correction_minutes=45))
        >>> info = store.publish(event, now=datetime(2026, 1, 1, 22, 0, tzinfo=UTC))
        >>> info.correction.ends.isoformat()
        '2026-01-01T22:45:00+00:00'
        >>> store.publish(event)
        Traceback (most recent call last):
        ...
        arbitro.tournament.records.RecordConflictError: the results of event 1 are official already; reopen them first (Law 79C2)
        """
        from arbitro.tournament.records import check_publishable

        moment = _now(now)
        with self.transaction() as db:
            row = self._event_row(db, event_id)
            check_publishable(event_id, row.published_at, row.reopened)
            if row.published_at is None:
                row.published_at = moment  # the periods run from the first publication only
            row.reopened = None
            row.reopened_boards = None
            db.add(EventLogRow(event_id=event_id, at=moment, by=by, action="publish", reason=""))
            return self.info_of(row)

    def reopen(
        self,
        event_id: int,
        reason: str,
        by: str = "",
        boards: Reopened = (),
        now: datetime | None = None,
    ) -> EventInfo:
        """Reopen ``boards`` of locked results to correct a scoring error (Law 79C2); the reason is recorded.

        ``boards`` are the boards whose recorded score is wrong; until the results are
        published again only those may change. :data:`~arbitro.tournament.reopening.ALL_BOARDS`
        reopens every board, asked for by name. A second reopening before publishing
        again adds its boards (and its reason) to the first. The event's log keeps the
        boards with the reason.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=8))
        >>> store.reopen(event, reason=" ", boards=[6])
        Traceback (most recent call last):
        ...
        arbitro.store.repository.StoreError: reopening the results needs a reason, kept in the director's log
        >>> store.reopen(event, "board 6 entered for table 3", boards=[6]).reopened_boards
        (6,)
        >>> store.reopen(event, "board 2 misread", boards=[2]).reopened_boards
        (2, 6)
        >>> store.event_log(event)[-1].detail
        'board 2: board 2 misread'
        """
        from arbitro.tournament.reopening import (
            reopened_boards,
            reopened_together,
            reopening_detail,
        )

        if not reason.strip():
            raise StoreError(N_("reopening the results needs a reason, kept in the director's log"))
        moment = _now(now)
        with self.transaction() as db:
            row = self._event_row(db, event_id)
            chosen = reopened_boards(boards, row.boards)
            kept = reopened_together(_boards(row.reopened_boards), row.reopened is not None, chosen)
            row.reopened = (
                reason.strip() if row.reopened is None else f"{row.reopened}; {reason.strip()}"
            )
            row.reopened_boards = None if kept is None else ",".join(map(str, kept))
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=moment,
                    by=by,
                    action="reopen",
                    reason=reopening_detail(chosen, reason.strip()),
                )
            )
            return self.info_of(row)

    # The director's records ----------------------------------------------------------

    def add_ruling(self, event_id: int, ruling: Ruling, session: int = 1) -> int:
        """Record a ruling at a board (with the table's log, if given); its id.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.records import Ruling
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=3))
        >>> store.add_ruling(event, Ruling(3, 1, "16B1a", "score adjusted to 3S= N"))
        1
        """
        from arbitro.tournament.result_rules import check_session

        with self.transaction() as db:
            info = self.info_of(self._event_row(db, event_id))
            check_session(info.spec, session)
            if not 1 <= ruling.board <= info.spec.boards:
                raise StoreError(
                    N_("board {board} is not in the event (expected 1 to {boards})"),
                    board=ruling.board,
                    boards=info.spec.boards,
                )
            row = RulingRow(
                event_id=event_id,
                session=session,
                board=ruling.board,
                table_number=ruling.table,
                law=ruling.law,
                text=ruling.text,
                director=ruling.director,
                log=ruling.log,
            )
            db.add(row)
            db.flush()
            return row.id

    def rulings(self, event_id: int) -> list[tuple[int, Ruling]]:
        """The event's rulings with their ids, oldest first.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.rulings(store.create_event(EventSpec("A", boards=1)))
        []
        """
        from arbitro.tournament.records import Ruling

        with self.reading() as db:
            self._event_row(db, event_id)
            rows = db.scalars(
                select(RulingRow).where(RulingRow.event_id == event_id).order_by(RulingRow.id)
            )
            return [
                (
                    row.id,
                    Ruling(row.board, row.table_number, row.law, row.text, row.director, row.log),
                )
                for row in rows
            ]

    def add_penalty(
        self,
        event_id: int,
        record: PenaltyRecord,
        session: int = 1,
        director: str = "",
        now: datetime | None = None,
    ) -> int:
        """Record a procedural (90) or disciplinary (91) penalty; it comes off the ranking.

        The penalty changes the score, so like a result it is refused once the correction
        period is over, unless the director reopened its board, or every board for a
        penalty that names none (Law 79C). It goes to the event's log, with who gave it.

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.tournament.records import PenaltyKind, PenaltyRecord
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1")])
        >>> store.add_penalty(event, PenaltyRecord("9", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90", ""))
        Traceback (most recent call last):
        ...
        arbitro.store.repository.StoreError: '9' is not a participant of the event (expected 1)
        """
        moment = _now(now)
        with self.transaction() as db:
            info = self.info_of(self._event_row(db, event_id))
            self._check_penalty(db, info, event_id, record, session, moment)
            row = PenaltyRow(
                event_id=event_id,
                session=session,
                participant=record.participant,
                kind=record.kind.value,
                amount=str(record.amount),
                unit=record.unit,
                law=record.law,
                reason=record.reason,
                board=record.board,
                director=director,
            )
            db.add(row)
            db.flush()
            detail = _penalty_detail(row)
            if record.reason:
                detail += f": {record.reason}"
            db.add(
                EventLogRow(
                    event_id=event_id, at=moment, by=director, action="penalty", reason=detail
                )
            )
            return row.id

    def _check_penalty(
        self,
        db: Session,
        info: EventInfo,
        event_id: int,
        record: PenaltyRecord,
        session: int,
        moment: datetime,
    ) -> None:
        """Refuse a penalty the event cannot take: closed results, unknown pair, unit, board."""
        from arbitro.tournament.records import check_penalty_unit, check_regulation_g
        from arbitro.tournament.result_rules import check_session

        check_session(info.spec, session)
        info.correction.check(moment, record.board)
        known = list(
            db.scalars(select(ParticipantRow.number).where(ParticipantRow.event_id == event_id))
        )
        if record.participant not in known:
            raise StoreError(
                N_("'{pair}' is not a participant of the event (expected {choices})"),
                pair=record.participant,
                choices=", ".join(known),
            )
        check_penalty_unit(info.spec.penalty_units, record.unit)
        check_regulation_g(record, info.spec.profile, info.spec.scored_in_imps)  # AEB regulation G
        if record.board is not None and not 1 <= record.board <= info.spec.boards:
            raise StoreError(
                N_("board {board} is not in the event (expected 1 to {boards})"),
                board=record.board,
                boards=info.spec.boards,
            )
        amount = record.amount
        if max(amount.numerator.bit_length(), amount.denominator.bit_length()) > 63:
            # Kept as text, but printed and summed in every ranking: a mistyped
            # 40-digit amount is refused here, whoever typed it.
            raise StoreError(
                N_(
                    "invalid penalty amount '{amount}': expected numbers up to {largest}, "
                    "such as 1/4 or 3"
                ),
                amount=str(amount),
                largest=2**63 - 1,
            )

    def withdraw_penalty(
        self,
        event_id: int,
        penalty_id: int,
        reason: str,
        director: str = "",
        now: datetime | None = None,
    ) -> None:
        """Withdraw a penalty, with the reason in the event's log (like a correction, Law 79C).

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.tournament.records import PenaltyKind, PenaltyRecord
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1")])
        >>> given = store.add_penalty(event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90", ""))
        >>> store.withdraw_penalty(event, given, "given to the wrong pair"); store.penalties(event)
        []
        >>> store.event_log(event)[-1].detail
        '1: -1/4 top (90): given to the wrong pair'
        """
        moment = _now(now)
        with self.transaction() as db:
            info = self.info_of(self._event_row(db, event_id))
            row = self._penalty_row(db, event_id, penalty_id, reason)
            info.correction.check(moment, row.board)
            detail = f"{_penalty_detail(row)}: {reason.strip()}"
            db.delete(row)
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=moment,
                    by=director,
                    action="penalty-withdrawn",
                    reason=detail,
                )
            )

    def change_penalty(
        self,
        event_id: int,
        penalty_id: int,
        record: PenaltyRecord,
        reason: str,
        director: str = "",
        now: datetime | None = None,
    ) -> None:
        """Change a penalty (amount, unit, Law, reason), with why in the event's log.

        The new penalty is checked as a new one is (:meth:`add_penalty`); after the
        correction period the board it was on must be reopened too.

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.tournament.records import PenaltyKind, PenaltyRecord
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1")])
        >>> given = store.add_penalty(event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90", ""))
        >>> store.change_penalty(event, given, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 10), "top", "90B1", ""), "late, not slow")
        >>> store.penalties(event)[0].record.amount, store.event_log(event)[-1].detail
        (Fraction(1, 10), '1: -1/4 top (90) → 1: -1/10 top (90B1): late, not slow')
        """
        moment = _now(now)
        with self.transaction() as db:
            info = self.info_of(self._event_row(db, event_id))
            row = self._penalty_row(db, event_id, penalty_id, reason)
            info.correction.check(moment, row.board)  # the board it was on, and the new one
            self._check_penalty(db, info, event_id, record, row.session, moment)
            before = _penalty_detail(row)
            row.participant = record.participant
            row.kind = record.kind.value
            row.amount = str(record.amount)
            row.unit = record.unit
            row.law = record.law
            row.reason = record.reason
            row.board = record.board
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=moment,
                    by=director,
                    action="penalty-changed",
                    reason=f"{before} → {_penalty_detail(row)}: {reason.strip()}",
                )
            )

    @staticmethod
    def _penalty_row(db: Session, event_id: int, penalty_id: int, reason: str) -> PenaltyRow:
        """The event's penalty ``penalty_id``; refused without a reason for the change."""
        row = db.get(PenaltyRow, penalty_id)
        if row is None or row.event_id != event_id:
            raise StoreError(
                N_("event {event} has no penalty {penalty}"), event=event_id, penalty=penalty_id
            )
        if not reason.strip():
            raise StoreError(N_("a change to a penalty needs its reason, for the record"))
        return row

    def penalty_problems(self, event_id: int) -> list[tuple[StoredPenalty, Problem]]:
        """The penalties not taken off the scores, each with why (the desk shows them).

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.tournament.records import PenaltyKind, PenaltyRecord
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1"), Participant("2")])
        >>> _ = store.add_penalty(event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 10), "top", "90B2", ""))
        >>> [(stored.record.participant, str(problem)) for stored, problem in store.penalty_problems(event)]
        [('1', '1 has no result in session 1 yet: the penalty comes off when it has one')]
        """
        info = self.event(event_id)
        played = self._played(event_id)
        out = []
        for stored in self.penalties(event_id):
            problem = self._penalty_waits(info, stored, played)
            if problem is not None:
                out.append((stored, problem))
        return out

    def _played(self, event_id: int) -> dict[int, set[str]]:
        """By session, who has a result: pairs, teams, and an individual event's players."""
        from arbitro.tournament.individual_scores import SEPARATOR

        out: dict[int, set[str]] = {}
        for stored in self.results(event_id):
            if stored.result is None:
                continue
            names = out.setdefault(stored.session, set())
            for side in (stored.ns, stored.ew):
                names.add(side)
                if SEPARATOR in side:
                    names.update(part.strip() for part in side.split(SEPARATOR))
        return out

    @staticmethod
    def _penalty_waits(
        info: EventInfo, stored: StoredPenalty, played: dict[int, set[str]]
    ) -> Problem | None:
        """Why ``stored`` is not taken off (yet); a teams event's wait on their matches."""
        from arbitro.tournament.records import penalty_waits

        everyone = {stored.record.participant} if info.spec.kind == "teams" else set()
        return penalty_waits(
            stored.record,
            info.spec.penalty_units,
            played.get(stored.session, set()) | everyone,
            stored.session,
        )

    def penalties(self, event_id: int) -> list[StoredPenalty]:
        """The event's penalties, oldest first.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.penalties(store.create_event(EventSpec("A", boards=1)))
        []
        """
        from arbitro.tournament.records import PenaltyKind, PenaltyRecord

        with self.reading() as db:
            self._event_row(db, event_id)
            rows = db.scalars(
                select(PenaltyRow).where(PenaltyRow.event_id == event_id).order_by(PenaltyRow.id)
            )
            return [
                StoredPenalty(
                    row.id,
                    row.session,
                    PenaltyRecord(
                        row.participant,
                        PenaltyKind(row.kind),
                        Fraction(row.amount),
                        row.unit,  # type: ignore[arg-type]  # stored from a checked record
                        row.law,
                        row.reason,
                        row.board,
                    ),
                )
                for row in rows
            ]

    def lodge_appeal(
        self,
        event_id: int,
        appellant: str,
        reason: str,
        ruling: int | None = None,
        now: datetime | None = None,
        by: str = "",
    ) -> int:
        """Lodge an appeal (Law 92): refused after the deadline of 92B; its id.

        An appeal against a ``ruling`` is refused from a contestant who did not sit at
        the ruling's table (92A). It goes to the event's log, with who recorded it (``by``).

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1, appeal_minutes=30), [Participant("1")])
        >>> _ = store.publish(event, now=datetime(2026, 1, 1, 22, 0, tzinfo=UTC))
        >>> store.lodge_appeal(event, "1", "late", now=datetime(2026, 1, 1, 22, 31, tzinfo=UTC))
        Traceback (most recent call last):
        ...
        arbitro.tournament.records.AppealTooLateError: the time to appeal ended at 2026-01-01 22:30 UTC (Law 92B)
        """
        from arbitro.tournament.records import Appeal, appeal_deadline

        moment = _now(now)
        with self.transaction() as db:
            info = self.info_of(self._event_row(db, event_id))
            known = set(
                db.scalars(select(ParticipantRow.number).where(ParticipantRow.event_id == event_id))
            )
            if appellant not in known:
                raise StoreError(
                    N_("'{pair}' is not a participant of the event (expected {choices})"),
                    pair=appellant,
                    choices=", ".join(sorted(known)),
                )
            if ruling is not None:
                found = db.get(RulingRow, ruling)
                if found is None or found.event_id != event_id:
                    raise StoreNotFoundError(
                        N_("there is no ruling {ruling} in this event"), ruling=ruling
                    )
                _check_appellant_at_table(db, found, appellant)
            deadline = appeal_deadline(info.published, info.spec.appeal_minutes)
            appeal = Appeal(appellant, reason, moment, deadline, ruling)
            row = AppealRow(
                event_id=event_id,
                ruling_id=ruling,
                appellant=appellant,
                reason=appeal.reason,
                lodged_at=moment,
                deadline=deadline,
            )
            db.add(row)
            db.flush()
            against = f" ({ruling})" if ruling is not None else ""
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=moment,
                    by=by,
                    action="appeal",
                    reason=f"{row.id}{against}, {appellant}: {appeal.reason}",
                )
            )
            return row.id

    def lodge_signed_appeal(
        self,
        event_id: int,
        appellant: str,
        reason: str,
        signers: Sequence[str],
        ruling: int | None = None,
        by: str = "",
        now: datetime | None = None,
    ) -> int:
        """:meth:`lodge_appeal` with its signatures (Law 92D; the AEB's criterion 7).

        The signatures are checked against the event's profile and kind and the
        appellant's players (:func:`arbitro.tournament.records.signed_appeal`) and kept
        in the appeal's reason. The command line, the API and the desk lodge this way.

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant.from_str("1: Ana, Luis")])
        >>> store.lodge_signed_appeal(event, "1", "no hesitation", ["Ana"])
        Traceback (most recent call last):
        ...
        arbitro.tournament.records.InvalidRecordError: invalid record 'Ana': an appeal needs the signatures of 2 players of the appellant (--signed-by), and this has 1 (Law 92D; AEB criterion 7)
        >>> store.lodge_signed_appeal(event, "1", "no hesitation", ["Ana", "Luis"])
        1
        """
        from arbitro.tournament.records import signed_appeal

        spec = self.event(event_id).spec
        players = next(
            (p.players for p in self.participants(event_id) if p.number == appellant), ()
        )
        signed = signed_appeal(
            reason, tuple(signers), tuple(p.name for p in players), spec.profile, spec.kind
        )
        return self.lodge_appeal(event_id, appellant, signed, ruling, now, by)

    def decide_appeal(
        self,
        event_id: int,
        appeal_id: int,
        decision: Decision,
        by: str = "",
        now: datetime | None = None,
        *,
        matter: Matter | None = None,
        body: Body = "committee",
        committee: bool | None = None,
        score: Entry | None = None,
    ) -> str:
        """Record the decision on an appeal (Law 93), once: a decision taken is not replaced; its Law.

        The decision, who took it and when go to the event's log. With the ``matter``
        it turned on, the ``body`` that took it and whether a ``committee`` was
        available (by default what the event keeps, :meth:`has_committee`; a
        ``committee`` given that differs from it is an override, and the log says so),
        Law 93's split is checked against the appealed ruling's Law
        (:func:`arbitro.tournament.directing.check_93b`) and the Law it was taken under
        (93A, 93B1-3) is logged and returned. An upheld decision with a ``score``
        (which needs the ``matter``) replaces the result of the appealed ruling's table
        in the same transaction (audit action ``appeal``), so the ranking follows it.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.records import Decision
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.decide_appeal(store.create_event(EventSpec("A", boards=1)), 4, Decision.UPHELD)
        Traceback (most recent call last):
        ...
        arbitro.store.repository.StoreNotFoundError: there is no appeal 4 in this event
        """
        from arbitro.tournament.directing import (
            check_93b,
            check_decision_score,
            check_disciplinary_powers_kept,
        )
        from arbitro.tournament.records import Decision, check_undecided

        moment = _now(now)
        with self.transaction() as db:
            row = db.get(AppealRow, appeal_id)
            if row is None or row.event_id != event_id:
                raise StoreNotFoundError(
                    N_("there is no appeal {appeal} in this event"), appeal=appeal_id
                )
            check_undecided(appeal_id, row.decision, row.decided_by)
            ruling = db.get(RulingRow, row.ruling_id) if row.ruling_id is not None else None
            law = ""
            kept = kept_committee(db, event_id)
            available = kept if committee is None else committee
            overridden = (
                "" if available is kept else f"; {_COMMITTEE_OVERRIDES[available]} (override)"
            )
            appealed_law = ruling.law if ruling is not None else None
            if matter is not None:
                law = check_93b(
                    body,
                    matter,
                    decision is Decision.UPHELD,
                    committee=available,
                    appealed_law=appealed_law,
                )
            else:
                check_disciplinary_powers_kept(
                    body,
                    decision is Decision.UPHELD,
                    committee=available,
                    appealed_law=appealed_law,
                )
            changed = ""
            if score is not None:
                check_decision_score(
                    decision is Decision.UPHELD,
                    row.ruling_id,
                    ruling.table_number if ruling is not None else None,
                    matter,
                )
                assert ruling is not None
                changed = self._decided_score(db, event_id, ruling, score, appeal_id, by, moment)
            row.decision = decision.value
            row.decided_by = by
            row.decided_at = moment
            under = f" (Law {law})" if law else ""
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=moment,
                    by=by,
                    action="decision",
                    reason=f"{appeal_id}: {decision.value}{under}{overridden}{changed}",
                )
            )
            return law

    def _decided_score(
        self,
        db: Session,
        event_id: int,
        ruling: RulingRow,
        score: Entry,
        appeal_id: int,
        by: str,
        moment: datetime,
    ) -> str:
        """Put an upheld appeal's score on the ruling's table; the log's words for it."""
        from arbitro.tournament.result_rules import (
            check_in_imps,
            check_incongruent,
            check_weighted,
        )

        info = self.info_of(self._event_row(db, event_id))
        table = ruling.table_number
        assert table is not None
        result_row = self._result_row(db, event_id, ruling.session, ruling.board, table)
        if result_row is None:
            raise StoreNotFoundError(
                N_("board {board} at table {table} has no result for the decision to change"),
                board=ruling.board,
                table=table,
            )
        marked = self.board(db.connection(), event_id, ruling.board)
        score.check_score(marked)
        check_incongruent(info.spec, score, marked)
        result = score.result(marked)
        check_weighted(info.spec, result, ruling.board, table)
        check_in_imps(info.spec, result, ruling.board, table)
        old = result_row.entry
        result_row.entry = score.to_str()
        result_row.version += 1
        db.add(
            AuditRow(
                result_id=result_row.id,
                at=moment,
                by=by,
                action="appeal",
                old=old,
                new=result_row.entry,
                reason=f"appeal {appeal_id} upheld (Law 93)",
            )
        )
        return f"; board {ruling.board}, table {table}: {old} -> {result_row.entry}"

    def log_act(
        self, event_id: int, action: str, detail: str, by: str = "", now: datetime | None = None
    ) -> None:
        """Record one of the director's acts on a participant in the event's log (Laws 4, 91).

        ``action`` is ``substitute``, ``suspend`` or ``disqualify``; ``detail`` is
        ``PARTICIPANT: ACT``, the act as :meth:`~arbitro.tournament.directing.DirectorAct.to_str`
        writes it, so that it is worded in the reader's language when it is read
        (:meth:`disqualified`, :meth:`event_log`); plain text is kept as it is given.

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1")])
        >>> store.log_act(event, "suspend", "1: the whole of session 1: abusive", by="Ana")
        >>> store.log_act(event, "suspend", "2: late", by="Ana")
        Traceback (most recent call last):
        ...
        arbitro.store.repository.StoreError: '2' is not a participant of the event (expected 1)
        """
        moment = _now(now)
        with self.transaction() as db:
            self._event_row(db, event_id)
            participant = detail.split(":", 1)[0]
            known = set(
                db.scalars(select(ParticipantRow.number).where(ParticipantRow.event_id == event_id))
            )
            if participant not in known:
                raise StoreError(
                    N_("'{pair}' is not a participant of the event (expected {choices})"),
                    pair=participant,
                    choices=", ".join(sorted(known)),
                )
            db.add(EventLogRow(event_id=event_id, at=moment, by=by, action=action, reason=detail))

    def disqualified(self, event_id: int) -> dict[str, str]:
        """The participants disqualified from the event (Law 91B), each with its record.

        A disqualified participant is not ranked (:meth:`ranking`); the boards it played
        stand for its opponents. The record is worded in the active language, whatever
        the language it was recorded in (a record kept as plain text, as older events
        hold it, is shown as written): call it in the reader's language.

        >>> from arbitro.i18n import use_language
        >>> from arbitro.tournament.directing import law_91_act
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1"), Participant("2")])
        >>> act = law_91_act("disqualify", "cheating", "Ana", organiser="Club")
        >>> store.log_act(event, "disqualify", f"2: {act.to_str()}", by="Ana")
        >>> with use_language("es"):
        ...     store.disqualified(event)
        {'2': 'cheating (Artículo 91B, por Ana; aprobada por el organizador Club)'}
        """
        from arbitro.tournament.directing import worded_act

        with self.reading() as db:
            self._event_row(db, event_id)
            rows = db.scalars(
                select(EventLogRow)
                .where(EventLogRow.event_id == event_id, EventLogRow.action == "disqualify")
                .order_by(EventLogRow.at, EventLogRow.id)
            )
            out: dict[str, str] = {}
            for row in rows:
                participant, _, detail = row.reason.partition(": ")
                if participant not in out:
                    out[participant] = worded_act(detail)
            return out

    def appeals(self, event_id: int) -> list[StoredAppeal]:
        """The event's appeals, oldest first.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.appeals(store.create_event(EventSpec("A", boards=1)))
        []
        """
        from arbitro.tournament.records import Appeal, Decision

        with self.reading() as db:
            self._event_row(db, event_id)
            rows = db.scalars(
                select(AppealRow).where(AppealRow.event_id == event_id).order_by(AppealRow.id)
            )
            return [
                StoredAppeal(
                    row.id,
                    Appeal(
                        row.appellant,
                        row.reason,
                        _utc(row.lodged_at),
                        _utc(row.deadline) if row.deadline is not None else None,
                        row.ruling_id,
                        Decision(row.decision) if row.decision else None,
                        row.decided_by,
                    ),
                )
                for row in rows
            ]

    # Scores and rankings ----------------------------------------------------------------

    def score(self, event_id: int) -> list[SessionScore]:
        """Each session's scores, with its penalties taken off (sessions with results only).

        An individual event's sessions are scored by partnership (``1&3``); its players'
        penalties are taken off in its ranking. A teams event is refused: it is scored
        by its matches (:meth:`matches`, :meth:`ranking`).

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.score(store.create_event(EventSpec("A", boards=1)))
        []
        """
        from arbitro.scoring.session import TableResult, score_session

        info = self.event(event_id)
        if info.spec.kind == "teams":
            raise StoreError(
                N_(
                    "event {event} is a teams event: it is scored by its matches (IMPs and "
                    "victory points), not board by board; see its ranking"
                ),
                event=event_id,
            )
        results = self.results(event_id)
        played = self._played(event_id)
        penalties = [
            stored
            for stored in self.penalties(event_id)
            if self._penalty_waits(info, stored, played) is None
        ]
        rules = info.spec.rules
        # A Howell or a Swiss is one field from its first round (Law 8): ranked together.
        one_field = info.timetable is not None and info.timetable.one_field
        out = []
        for session in range(1, info.spec.sessions + 1):
            tables = [
                TableResult(stored.board, stored.ns, stored.ew, stored.result, stored.entry.group)
                for stored in results
                if stored.session == session and stored.result is not None
            ]
            if not tables:
                continue
            taken = [
                (stored.record.participant, stored.record.penalty())
                for stored in penalties
                if stored.session == session and self._scores_penalty(info, stored.record)
            ]
            out.append(score_session(tables, info.spec.method, rules, taken, one_field=one_field))
        return out

    @staticmethod
    def _scores_penalty(info: EventInfo, record: PenaltyRecord) -> bool:
        """Whether ``record`` comes off a session's scores (not off VPs or a player's total)."""
        if info.spec.kind == "individual" or record.in_victory_points:
            return False
        return not (info.spec.kind == "teams" and info.spec.method == "mp")

    def _session_tables(self, event_id: int) -> dict[int, list[TableResult]]:
        from arbitro.scoring.session import TableResult

        info = self.event(event_id)
        out: dict[int, list[TableResult]] = {}
        for stored in self.results(event_id):
            if stored.result is not None and stored.session <= info.spec.sessions:
                out.setdefault(stored.session, []).append(
                    TableResult(
                        stored.board, stored.ns, stored.ew, stored.result, stored.entry.group
                    )
                )
        return out

    def matches(self, event_id: int) -> dict[int, list[MatchScore]]:
        """A teams event's matches by session: IMPs and victory points (Law 78B).

        The rounds of a movement that seats each match at two tables (a Swiss, a round
        robin) are scored apart: two teams that meet again (a Swiss's repeat, a double
        round robin's second leg) meet in two matches, each on its round's boards.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.matches(store.create_event(EventSpec("Teams", boards=1, kind="teams")))
        {}
        """
        from arbitro.tournament.teams import score_matches

        info = self.event(event_id)
        rules = info.spec.rules
        timetable = info.timetable
        if timetable is None or timetable.rooms != 2:
            return {
                session: score_matches(tables, rules, info.spec.knockout)
                for session, tables in sorted(self._session_tables(event_id).items())
            }
        rounds = {
            board: seating.round for seating in timetable.schedule for board in seating.boards
        }
        out: dict[int, list[MatchScore]] = {}
        for session, tables in sorted(self._session_tables(event_id).items()):
            by_round: dict[int, list[TableResult]] = {}
            for table in tables:
                round_ = rounds.get(
                    table.board, (table.board - 1) // timetable.boards_per_round + 1
                )
                by_round.setdefault(round_, []).append(table)
            out[session] = [
                match
                for _, played in sorted(by_round.items())
                for match in score_matches(played, rules, info.spec.knockout)
            ]
        return out

    def swiss_byes(self, event_id: int) -> list[tuple[int, str]]:
        """A Swiss event's byes: a team's scores the event's :attr:`~EventInfo.bye_score`.

        Each (round, team or pair), in round order, from the moment the round is paired;
        one disqualified (Law 91B) is left out. A pair's bye scores nothing: it plays
        fewer boards. Empty for any other event.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.movements import swiss_start
        >>> store = open_store("sqlite:///:memory:")
        >>> store.swiss_byes(store.create_event(EventSpec("S", boards=2, kind="teams"),
        ...                                     movement=swiss_start(3, 2, 1, teams=True)))
        [(1, '3')]
        """
        info = self.event(event_id)
        movement = info.timetable
        if movement is None or movement.kind != "swiss":
            return []
        out = self.disqualified(event_id)
        return [
            (round_, team)
            for round_ in range(1, movement.rounds + 1)
            for team in movement.sitting_out(round_)
            if team not in out
        ]

    def carry_overs(self, event_id: int) -> dict[str, Fraction]:
        """Each participant's carry-over, where it has one (a knockout: IMPs into its match).

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.carry_overs(store.create_event(EventSpec("A", boards=1), [Participant("1")],
        ...                                      carry_over={"1": Fraction(3, 2)}))
        {'1': Fraction(3, 2)}
        """
        with self.reading() as db:
            self._event_row(db, event_id)
            return {
                row.number: Fraction(row.carry_over)
                for row in db.scalars(
                    select(ParticipantRow).where(ParticipantRow.event_id == event_id)
                )
                if Fraction(row.carry_over)
            }

    def set_carry_over(
        self, event_id: int, participant: str, amount: Fraction, by: str = ""
    ) -> None:
        """Set ``participant``'s carry-over (a knockout: the IMPs its team brings into the match).

        The change is kept in the event's log.

        A carry-over is given to one team: in a teams event it is never negative (a
        knockout's team behind gives its opponents the carry-over instead); 0 takes it away.

        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Cup", 8, kind="teams", knockout=True),
        ...                            [Participant("A"), Participant("B")])
        >>> store.set_carry_over(event, "B", Fraction(7, 2), by="Ana")
        >>> store.carry_overs(event)
        {'B': Fraction(7, 2)}
        >>> store.set_carry_over(event, "C", Fraction(1))
        Traceback (most recent call last):
        ...
        arbitro.store.repository.StoreError: 'C' is not a participant of the event (expected A, B)
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("score 420"), ns="A", ew="B")
        >>> store.set_carry_over(event, "A", Fraction(-3))
        Traceback (most recent call last):
        ...
        arbitro.store.repository.StoreError: a carry-over is not negative (-3): it is given to one team of the match; give B, the other team of A's match, a carry-over of 3 instead (B,3)
        """
        info = self.event(event_id)
        opponent = self.match_opponent(event_id, participant) if amount < 0 else None
        with self.transaction() as db:
            self._event_row(db, event_id)
            rows = {
                row.number: row
                for row in db.scalars(
                    select(ParticipantRow).where(ParticipantRow.event_id == event_id)
                )
            }
            if participant not in rows:
                raise StoreError(
                    N_("'{pair}' is not a participant of the event (expected {choices})"),
                    pair=participant,
                    choices=", ".join(sorted(rows)),
                )
            _check_carry_over(info.spec, participant, amount, opponent)
            rows[participant].carry_over = str(amount)
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=_now(None),
                    by=by,
                    action="carry-over",
                    reason=f"{participant}: {amount}",
                )
            )

    def match_opponent(self, event_id: int, team: str) -> str | None:
        """The other team of ``team``'s match, as the movement seats it or the results entered show it.

        None when neither says it yet (an event without a movement and no result of the team).

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.movements import round_robin
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Cup", 8, kind="teams", knockout=True),
        ...                            movement=round_robin(4, 8, 1))
        >>> store.match_opponent(event, "3")
        '2'
        """
        movement = self.movement(event_id)
        if movement is not None:
            return _seated_opponent(movement, team)
        for stored in self.results(event_id):
            if team in (stored.ns, stored.ew):
                return stored.ew if team == stored.ns else stored.ns
        return None

    def knockout_matches(self, event_id: int) -> list[KnockoutMatch]:
        """A knockout event's matches: segments, carry-over, penalties, totals (Law 86B).

        Empty for an event that is not a knockout. A penalty in IMPs comes off its team's
        total in the match (Law 90), once its match is scored.

        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Cup", 1, kind="teams", knockout=True),
        ...                            [Participant("A"), Participant("B")], carry_over={"B": Fraction(2)})
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("score 420"), ns="A", ew="B")
        >>> _ = store.enter_result(event, 1, 2, Entry.from_str("score -170"), ns="B", ew="A")
        >>> [(m.home_total, m.away_total, m.leader) for m in store.knockout_matches(event)]
        [(Fraction(11, 1), Fraction(2, 1), 'A')]
        """
        from arbitro.tournament.knockout import knockout_matches

        info = self.event(event_id)
        if not info.spec.knockout:
            return []
        played = self._played(event_id)
        penalties: dict[int, list[PenaltyRecord]] = {}
        for stored in self.penalties(event_id):
            if self._penalty_waits(info, stored, played) is None:
                penalties.setdefault(stored.session, []).append(stored.record)
        by_session = self.matches(event_id)
        # A segment is over when both tables of the match have entered each of the
        # event's boards (a board not played too): till then the match is not won.
        entered = {
            (stored.session, stored.board, stored.ns, stored.ew)
            for stored in self.results(event_id)
        }
        waiting: dict[frozenset[str], int] = {}
        for session, matches in by_session.items():
            for match in matches:
                missing = sum(
                    (session, board, ns, ew) not in entered
                    for board in range(1, info.spec.boards + 1)
                    for ns, ew in ((match.home, match.away), (match.away, match.home))
                )
                key = frozenset(match.teams)
                waiting[key] = waiting.get(key, 0) + missing
        return knockout_matches(
            by_session, self.carry_overs(event_id), penalties, info.spec.sessions, waiting
        )

    def uncompared_boards(self, event_id: int) -> dict[int, list[UncomparedBoard]]:
        """A teams event's boards left out of their match by Law 87, by session.

        The two tables of the match are in different groups of a fouled board, so they are
        not compared (:func:`~arbitro.tournament.teams.uncompared_boards`); the board
        waits for the director's adjusted score. Empty for other kinds of event.

        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Teams", boards=1, kind="teams"),
        ...                            [Participant("A"), Participant("B")])
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("score 420 group A"), ns="A", ew="B")
        >>> _ = store.enter_result(event, 1, 2, Entry.from_str("score 170 group B"), ns="B", ew="A")
        >>> store.uncompared_boards(event)
        {1: [UncomparedBoard(board=1, home='A', away='B', home_group='A', away_group='B')]}
        """
        from arbitro.tournament.teams import uncompared_boards

        if self.event(event_id).spec.kind != "teams":
            return {}
        out = {
            session: uncompared_boards(tables)
            for session, tables in sorted(self._session_tables(event_id).items())
        }
        return {session: boards for session, boards in out.items() if boards}

    def ranking(self, event_id: int) -> list[Standing]:
        """The event's ranking over its sessions, with carry-over and the event's tie-breaks.

        A participant disqualified under Law 91B (:meth:`disqualified`) is left out and
        the places close up (:func:`~arbitro.tournament.ranking.without`); the boards it
        played stay scored for its opponents.

        A teams event ranks its teams by victory points, less their penalties in VPs or
        IMPs (:func:`~arbitro.tournament.teams.team_totals`); an individual event its
        players by their matchpoints over their partnerships
        (:func:`~arbitro.tournament.individual_scores.individual_ranking`); the others by
        :func:`~arbitro.tournament.ranking.event_ranking`.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.ranking(store.create_event(EventSpec("A", boards=1)))
        []
        """
        from arbitro.tournament.ranking import without

        standings = self._ranked(event_id)
        out = self.disqualified(event_id)
        return without(standings, out.keys()) if out else standings

    def _ranked(self, event_id: int) -> list[Standing]:
        """Every participant's place, before Law 91B takes out the disqualified."""
        from arbitro.tournament.individual_scores import individual_ranking
        from arbitro.tournament.ranking import by_session as scores_by_session
        from arbitro.tournament.ranking import event_ranking, rank
        from arbitro.tournament.teams import match_of, team_totals

        info = self.event(event_id)
        carried = self.carry_overs(event_id)
        if info.spec.knockout:
            # Each team's IMPs in its match: the matches decide, not these places.
            knockouts = self.knockout_matches(event_id)
            per_segment = [
                {
                    team: match.segment_imps(team, segment)
                    - (match.penalty(team) if segment is match.segments[-1] else 0)
                    for match in knockouts
                    for segment in match.segments
                    if segment.session == session
                    for team in match.teams
                }
                for session in range(1, info.spec.sessions + 1)
            ]
            return rank(scores_by_session(per_segment), carried, info.spec.tie_breaks)
        who_played = self._played(event_id)
        penalties = [
            stored
            for stored in self.penalties(event_id)
            if self._penalty_waits(info, stored, who_played) is None
        ]
        if info.spec.kind == "teams":
            # A penalty in IMPs waits for its match to be scored; one in VPs counts at once.
            by_session = self.matches(event_id)
            sessions = sorted({*by_session, *(stored.session for stored in penalties)})
            per_session: list[dict[str, Fraction]] = []
            for session in sessions:
                matches = by_session.get(session, [])
                taken = [
                    stored.record
                    for stored in penalties
                    if stored.session == session
                    and (stored.record.in_victory_points or match_of(matches, stored.record))
                ]
                per_session.append(team_totals(matches, taken))
            if info.bye_score and info.timetable is not None:
                # A Swiss team's byes score the event's VPs each, counted in session 1
                # (a Swiss is one session) from the moment the round is paired.
                if not per_session:
                    per_session.append({})
                first = per_session[0] = dict(per_session[0])
                for round_ in range(1, info.timetable.rounds + 1):
                    for team in info.timetable.sitting_out(round_):
                        first[team] = first.get(team, Fraction(0)) + info.bye_score
            # Each team's VPs in every session, 0 in its bye: the tie-breaks compare the
            # same session for every team.
            return rank(scores_by_session(per_session), carried, info.spec.tie_breaks)
        if info.spec.kind == "individual":
            played = sorted(self._session_tables(event_id))
            taken_by_session = [
                [
                    (stored.record.participant, stored.record.penalty())
                    for stored in penalties
                    if stored.session == session
                ]
                for session in played
            ]
            return individual_ranking(
                self.score(event_id), taken_by_session, carried, info.spec.tie_breaks
            )
        movement = info.timetable
        return event_ranking(
            self.score(event_id),
            carried,
            info.spec.tie_breaks,
            one_field=movement is not None and movement.one_field,
        )

    def delete_event(self, event_id: int) -> None:
        """Remove an event and everything recorded about it (its table logs too).

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1))
        >>> store.delete_event(event); store.events()
        []
        """
        with self.transaction() as db:
            self._event_row(db, event_id)
            # Table logs name their event without a foreign key (a bare board has none).
            db.execute(delete(TableLogRow).where(TableLogRow.event == event_id))
            db.execute(delete(EventRow).where(EventRow.id == event_id))
            _remember_event_number(db, event_id)
