"""The tables' score entry in two stages: *entered* by North-South, *confirmed* by East-West.

1. North-South enter a board's result: :func:`hold_entries` keeps it as the table's
   entry of that board, waiting (it replaces the one they entered before, if any); a
   board whose result is stored already is not entered again (:func:`boards_entries`
   reads both).
2. East-West confirm it: the web's desk reads the entry waiting
   (:func:`waiting_entries_of`) and records it with
   :meth:`~arbitro.store.results.ResultRecords.record_results` in the same transaction. A
   confirmed entry no longer counts as waiting, and the table's next entry clears it
   (:func:`clear_confirmed_tables`).

Each function runs on the connection of the caller's writing transaction
(:meth:`~arbitro.store.repository.EventStore.transaction`, or the group-commit writer's
batch), so a check and the write it guards are one transaction; each takes the
boards or tables of a whole batch, so a batch costs one statement, not one an entry.

>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Club", boards=2))
>>> with store.transaction() as db:
...     hold_entries(db.connection(), [(event, 1, 1, 2, "1", "2", "4S N 10")])
>>> store.waiting_entries(event, 1)
[(2, '1', '2', '4S N 10')]

Every key names the session (a knockout's segment, a session of a pairs event): the tables
enter the session whose round the director has open (:func:`open_rounds_of`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, NamedTuple

from sqlalchemy import (
    Connection,
    Insert,
    bindparam,
    delete,
    exists,
    literal,
    select,
    tuple_,
    union_all,
)

from arbitro.core.board import Board
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.store.console import ROUND_OPEN
from arbitro.store.models import BoardMarkingRow, PendingEntryRow, ResultRow, RoundRow
from arbitro.store.repository import EventStore

if TYPE_CHECKING:  # the dialects' modules: imported where an entry is first written
    from sqlalchemy import BindParameter
    from sqlalchemy.dialects import postgresql, sqlite

__all__ = [
    "Connection",
    "OpenRounds",
    "ScoreEntryRecords",
    "boards_entries",
    "clear_confirmed_tables",
    "hold_entries",
    "marked_boards",
    "open_rounds_of",
    "stored_result",
    "waiting_entries_of",
]


def stored_result(
    connection: Connection, event: int, table: int, board: int, session: int = 1
) -> tuple[int | None, str, str, str, int] | None:
    """The result stored for ``board`` at ``table`` in ``session``: round, pairs, entry, version.

    A confirmation retried after its answer was lost is answered with it.

    >>> from arbitro.store import open_store
    >>> with open_store("sqlite:///:memory:").transaction() as db:
    ...     stored_result(db.connection(), 1, 1, 1, session=2) is None
    True
    """
    keys = {"event": event, "table": table, "board": board, "session": session}
    row = connection.execute(_STORED_RESULT, keys).first()
    return None if row is None else (row[0], row[1], row[2], row[3], row[4])


class OpenRounds(NamedTuple):
    """The rounds of an event open now, and their session (1 when none is open).

    >>> OpenRounds(2, frozenset({3})).session
    2
    """

    session: int
    rounds: frozenset[int]


def open_rounds_of(connection: Connection, events: list[int]) -> dict[int, OpenRounds]:
    """The rounds open now of each of ``events``, with their session, in one statement.

    For the events of a whole group-commit batch at once: an event without a round open
    has an empty set.
    Read on the connection of the writing transaction, a round the director has just
    closed, in this process or another, is closed. The director opens one session's
    rounds at a time (:meth:`~arbitro.store.console.ConsoleRecords.open_round`); were
    two sessions' open (a database written otherwise), the later session's count.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> from arbitro.tournament.movements import howell
    >>> store = open_store("sqlite:///:memory:")
    >>> first = store.create_event(EventSpec("A", boards=14), movement=howell(4, 2))
    >>> second = store.create_event(EventSpec("B", boards=14), movement=howell(4, 2))
    >>> _ = store.open_round(first, 1); _ = store.open_round(first, 2); store.close_round(first, 1)
    >>> with store.transaction() as db:
    ...     open_rounds_of(db.connection(), [first, second])
    {1: OpenRounds(session=1, rounds=frozenset({2})), 2: OpenRounds(session=1, rounds=frozenset())}
    """
    found: dict[int, tuple[int, set[int]]] = {event: (1, set()) for event in events}
    if events:
        rows = connection.execute(_OPEN_ROUNDS_OF_EVENTS, {"events": events})
        for event, session, number in rows:  # by session: the latest's rounds win
            kept, numbers = found[event]
            if session != kept:
                numbers = set()
                found[event] = (session, numbers)
            numbers.add(number)
    return {
        event: OpenRounds(session, frozenset(numbers))
        for event, (session, numbers) in found.items()
    }


def waiting_entries_of(
    connection: Connection, boards: list[tuple[int, int, int, int]]
) -> dict[tuple[int, int, int, int], tuple[str, str, str]]:
    """The entries of ``boards`` waiting for East-West, in one statement: by (event, session, table, board), its pairs and text.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=2))
    >>> with store.transaction() as db:
    ...     hold_entries(db.connection(), [(event, 1, 1, 2, "1", "2", "4S N 10")])
    ...     waiting_entries_of(db.connection(), [(event, 1, 1, 2), (event, 1, 1, 1), (event, 2, 1, 2)])
    {(1, 1, 1, 2): ('1', '2', '4S N 10')}
    """
    if not boards:
        return {}
    return {
        (row.event_id, row.session, row.table_number, row.board): (row.ns, row.ew, row.entry)
        for row in connection.execute(_PENDING_BOARDS, {"boards": boards})
    }


def boards_entries(
    connection: Connection, boards: list[tuple[int, int, int, int]]
) -> dict[tuple[int, int, int, int], tuple[str | None, str | None]]:
    """The boards' entries in one statement: by (event, session, table, board), the stored result's and the one waiting.

    What the North-South entries of a group-commit batch need to know, in one round trip
    for the batch instead of one an entry.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=2))
    >>> with store.transaction() as db:
    ...     hold_entries(db.connection(), [(event, 1, 1, 2, "1", "2", "4S N 10")])
    ...     boards_entries(db.connection(), [(event, 1, 1, 2), (event, 2, 1, 2)])
    {(1, 1, 1, 2): (None, '4S N 10'), (1, 2, 1, 2): (None, None)}
    """
    found: dict[tuple[int, int, int, int], tuple[str | None, str | None]] = dict.fromkeys(
        boards, (None, None)
    )
    if not boards:
        return found
    rows = connection.execute(_BOARDS_ENTRIES, {"boards": boards})
    for kind, event, session, table, board, entry in rows:
        key = (event, session, table, board)
        stored, waiting = found[key]
        found[key] = (entry, waiting) if kind == "stored" else (stored, entry)
    return found


def marked_boards(
    connection: Connection, boards: list[tuple[int, int]]
) -> dict[tuple[int, int], Board]:
    """Of the (event, board) pairs, those marked otherwise than Law 2 says, as marked, in one statement.

    The entries of a batch are scored on their boards as the event marks them (a board
    left out follows Law 2).

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=2))
    >>> store.mark_board(event, Board(2, vulnerability=Vulnerability.ALL))
    >>> with store.transaction() as db:
    ...     marked_boards(db.connection(), [(event, 1), (event, 2)])
    {(1, 2): Board(2, dealer=Seat.EAST, vulnerability=Vulnerability.ALL)}
    """
    if not boards:
        return {}
    return {
        (event, board): Board(board, Seat.from_str(dealer), Vulnerability.from_str(vulnerability))
        for event, board, dealer, vulnerability in connection.execute(
            _MARKED_BOARDS, {"boards": boards}
        )
    }


def clear_confirmed_tables(connection: Connection, tables: list[tuple[int, int, int]]) -> None:
    """Drop the tables' (event, session, table) entries whose boards have their results stored (confirmed since).

    >>> from arbitro.store import open_store
    >>> with open_store("sqlite:///:memory:").transaction() as db:
    ...     clear_confirmed_tables(db.connection(), [(1, 1, 1), (1, 2, 2)])
    """
    if tables:
        connection.execute(_CLEAR_CONFIRMED_TABLES, {"tables": tables})


def hold_entries(
    connection: Connection, entries: list[tuple[int, int, int, int, str, str, str]]
) -> None:
    """Keep each entry (event, session, table, board, ns, ew, entry) waiting, replacing the board's earlier one; sent together.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=2))
    >>> with store.transaction() as db:
    ...     hold_entries(db.connection(), [(event, 1, 1, 1, "1", "2", "3NT S 9"), (event, 2, 2, 2, "3", "4", "2H E 8")])
    >>> store.waiting_entries(event, 1), store.waiting_entries(event, 2), store.waiting_entries(event, 2, session=2)
    ([(1, '1', '2', '3NT S 9')], [], [(2, '3', '4', '2H E 8')])
    """
    if not entries:
        return
    now = datetime.now(UTC)
    connection.execute(
        _upsert(connection.dialect.name),
        [
            {
                "event_id": event,
                "session": session,
                "table_number": table,
                "board": board,
                "ns": ns,
                "ew": ew,
                "entry": entry,
                "entered_at": now,
            }
            for event, session, table, board, ns, ew, entry in entries
        ],
    )


_CONFIRMED = exists().where(
    ResultRow.event_id == PendingEntryRow.event_id,
    ResultRow.session == PendingEntryRow.session,
    ResultRow.table_number == PendingEntryRow.table_number,
    ResultRow.board == PendingEntryRow.board,
)
"""Whether a pending entry's board already has its result at that table (confirmed)."""

_TABLE = (
    PendingEntryRow.event_id == bindparam("event"),
    PendingEntryRow.session == bindparam("session"),
    PendingEntryRow.table_number == bindparam("table"),
)
_PENDING = (
    select(PendingEntryRow.board, PendingEntryRow.ns, PendingEntryRow.ew, PendingEntryRow.entry)
    .where(*_TABLE, ~_CONFIRMED)
    .order_by(PendingEntryRow.board)
)
"""A table's entries awaiting confirmation (a confirmed board's entry no longer counts)."""
_STORED_RESULT = select(
    ResultRow.round, ResultRow.ns, ResultRow.ew, ResultRow.entry, ResultRow.version
).where(
    ResultRow.event_id == bindparam("event"),
    ResultRow.session == bindparam("session"),
    ResultRow.table_number == bindparam("table"),
    ResultRow.board == bindparam("board"),
)
_BOARDS: BindParameter[object] = bindparam("boards", expanding=True)
_WAITING_OF_BOARDS = (
    tuple_(
        PendingEntryRow.event_id,
        PendingEntryRow.session,
        PendingEntryRow.table_number,
        PendingEntryRow.board,
    ).in_(_BOARDS),
    ~_CONFIRMED,
)
"""The entries of the boards ``(event, session, table, board)`` still waiting (not confirmed)."""
_BOARDS_ENTRIES = union_all(
    select(
        literal("stored"),
        ResultRow.event_id,
        ResultRow.session,
        ResultRow.table_number,
        ResultRow.board,
        ResultRow.entry,
    ).where(
        tuple_(ResultRow.event_id, ResultRow.session, ResultRow.table_number, ResultRow.board).in_(
            _BOARDS
        ),
    ),
    select(
        literal("waiting"),
        PendingEntryRow.event_id,
        PendingEntryRow.session,
        PendingEntryRow.table_number,
        PendingEntryRow.board,
        PendingEntryRow.entry,
    ).where(*_WAITING_OF_BOARDS),
)
"""Many boards' stored entries and entries waiting, each row marked with which it is."""
_MARKED_BOARDS = select(
    BoardMarkingRow.event_id,
    BoardMarkingRow.board,
    BoardMarkingRow.dealer,
    BoardMarkingRow.vulnerability,
).where(tuple_(BoardMarkingRow.event_id, BoardMarkingRow.board).in_(_BOARDS))
"""Many boards' markings, where they differ from Law 2's."""
_PENDING_BOARDS = select(
    PendingEntryRow.event_id,
    PendingEntryRow.session,
    PendingEntryRow.table_number,
    PendingEntryRow.board,
    PendingEntryRow.ns,
    PendingEntryRow.ew,
    PendingEntryRow.entry,
).where(*_WAITING_OF_BOARDS)
"""Many boards' entries awaiting confirmation."""
_OPEN_ROUNDS_OF_EVENTS = (
    select(RoundRow.event_id, RoundRow.session, RoundRow.round)
    .where(RoundRow.event_id.in_(bindparam("events", expanding=True)), ROUND_OPEN)
    .order_by(RoundRow.event_id, RoundRow.session)
)
"""The open rounds (not closed) of many events, with their sessions."""
_CLEAR_CONFIRMED_TABLES = delete(PendingEntryRow).where(
    tuple_(PendingEntryRow.event_id, PendingEntryRow.session, PendingEntryRow.table_number).in_(
        bindparam("tables", expanding=True)
    ),
    _CONFIRMED,
)


def _upsert(dialect: str) -> Insert:
    """Insert a pending entry, or replace the one of the same board (SQLite, PostgreSQL)."""
    if dialect not in _UPSERTS:
        # The dialect's module is imported when its first entry is written, not when the
        # server starts: a SQLite club never loads PostgreSQL's (25-55 ms of the start).
        statement: postgresql.Insert | sqlite.Insert
        if dialect == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as postgresql_insert

            statement = postgresql_insert(PendingEntryRow)
        else:
            from sqlalchemy.dialects.sqlite import insert as sqlite_insert

            statement = sqlite_insert(PendingEntryRow)
        _UPSERTS[dialect] = statement.on_conflict_do_update(
            index_elements=["event_id", "session", "table_number", "board"],
            set_={
                "ns": statement.excluded.ns,
                "ew": statement.excluded.ew,
                "entry": statement.excluded.entry,
                "entered_at": statement.excluded.entered_at,
            },
        )
    return _UPSERTS[dialect]


_UPSERTS: dict[str, Insert] = {}


class ScoreEntryRecords(EventStore):
    """The tables' entries waiting for confirmation, as the store reads them."""

    def waiting_entries(
        self, event: int, table: int, session: int = 1
    ) -> list[tuple[int, str, str, str]]:
        """The table's entries of ``session`` waiting for East-West, by board: board, pairs and entry.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").waiting_entries(1, 1)
        []
        """
        keys = {"event": event, "table": table, "session": session}
        with self.reading() as db:
            rows = db.connection().execute(_PENDING, keys).all()
        return [(row.board, row.ns, row.ew, row.entry) for row in rows]
