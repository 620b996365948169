"""The base of the store: the transaction, the schema's migrations and the events.

:func:`open_store` opens the database (:func:`~arbitro.store.database.open_database`)
and brings its schema up to date with the Alembic migrations. Every method of
:class:`Store` is one transaction: it either commits whole or changes nothing, so a
result whose entry returned is on disk, and a refused one leaves no trace
(:meth:`Store.record_result` is the one that joins its caller's transaction, opened
with :meth:`Store.transaction`, for checks of the caller made in the same transaction).
A writing transaction holds the database's write lock from its first statement, so
every check the store makes before a write holds when the write commits.

:class:`EventStore` holds that machinery with the events themselves (created, read,
deleted) and their participants; the records kept about an event are the mixins of
their own modules, each an ``EventStore`` too: the boards' markings (``boards.py``),
the results and their audit trail (``results.py``), the publication and reopening of
the results (``publishing.py``), rulings and appeals (``rulings.py``), penalties
(``penalties.py``), the director's acts on participants and the carry-overs
(``participants.py``), scores and rankings (``scores.py``), the rounds still unplayed
and a Swiss's pairing (``pairing.py``); the values they answer with are in
``stored.py``.

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
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, date, datetime
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, Row, delete, func, inspect, select, text
from sqlalchemy.orm import Session

from arbitro.core.errors import ConflictError, NotFoundError, RefusedError, render
from arbitro.i18n import N_, gettext
from arbitro.store import database
from arbitro.store.first_reads import MIGRATIONS as MIGRATIONS  # kept there, named here too
from arbitro.store.first_reads import newest_revision as newest_revision
from arbitro.store.models import EventRow, ParticipantRow, SettingRow, TableLogRow
from arbitro.store.write_lock import file_write_lock

if TYPE_CHECKING:
    from arbitro.tournament.event import EventSpec, Participant
    from arbitro.tournament.movements import Movement
    from arbitro.tournament.records import CorrectionPeriod

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


def seated_opponent(movement: Movement, team: str) -> str | None:
    """The team ``movement`` seats against ``team`` first (a knockout plays one match), or None.

    >>> from arbitro.tournament.movements import round_robin
    >>> seated_opponent(round_robin(4, 8, 1), "3")
    '2'
    """
    for seating in movement.schedule:
        ns, ew = seating.sides
        if team in (ns, ew) and ns and ew:
            return ew if team == ns else ns
    return None


def check_participant(number: str, known: Iterable[str]) -> None:
    """Refuse ``number`` unless it is one of the event's participants ``known``, named in order.

    >>> check_participant("2", ["1", "2"])
    >>> check_participant("9", ["1", "2"])
    Traceback (most recent call last):
    ...
    arbitro.store.repository.StoreError: '9' is not a participant of the event (expected 1, 2)
    """
    choices = list(known)
    if number not in choices:
        raise StoreError(
            N_("'{pair}' is not a participant of the event (expected {choices})"),
            pair=number,
            choices=", ".join(choices),
        )


def check_carry_over(
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


def as_utc(moment: datetime) -> datetime:
    """``moment`` read back from the database, in UTC (SQLite gives back naive times; they were stored in UTC).

    >>> as_utc(datetime(2026, 1, 1, 22, 0)).isoformat()
    '2026-01-01T22:00:00+00:00'
    """
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def time_of(now: datetime | None) -> datetime:
    """The time of a change: ``now`` when the caller gives it, else the current time (UTC).

    >>> time_of(None).tzinfo is UTC
    True
    """
    return now if now is not None else datetime.now(UTC)


def reopened_board_numbers(stored: str | None) -> tuple[int, ...] | None:
    """The reopened boards as ``events.reopened_boards`` keeps them (``6,9``); NULL: every board.

    >>> reopened_board_numbers("6,9"), reopened_board_numbers(None)
    ((6, 9), None)
    """
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


@lru_cache(maxsize=64)
def stored_movement(data: str) -> Movement:
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


@lru_cache(maxsize=64)
def event_info(row: Row[Any]) -> EventInfo:
    """The event of a row of ``events``, read once per distinct row (its whole content is the key)."""
    return EventStore.info_of(row)


class EventStore:
    """The transaction and the events, in one database (see the module's description).

    The base of :class:`~arbitro.store.store.Store`: the transaction, the events and
    their participants. The store's other records are the mixins of their own modules
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
            check_participant(number, sorted(known))
            opponent = seated_opponent(movement, number) if movement is not None else None
            check_carry_over(spec, number, amount, opponent)
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
        published = as_utc(row.published_at) if row.published_at is not None else None
        return EventInfo(
            row.id,
            spec,
            row.movement,
            row.tables,
            row.boards_per_round,
            published,
            row.reopened,
            stored_movement(row.movement_data) if row.movement_data else None,
            row.held_on,
            as_utc(row.archived_at) if row.archived_at is not None else None,
            reopened_board_numbers(row.reopened_boards),
            Fraction(row.bye_score) if row.bye_score is not None else None,
            as_utc(row.created_at) if row.created_at is not None else None,
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
