"""The tables' score entry in two stages: *entered* by North-South, *confirmed* by East-West.

1. North-South enter a board's result: :func:`hold_entered` keeps it as the table's
   entry of that board, waiting (it replaces the one they entered before, if any); a
   board whose result is stored already is not entered again (:func:`stored_entry`).
2. East-West confirm it: the web's desk reads the entry waiting
   (:func:`waiting_entry`) and records it with
   :meth:`~arbitro.store.repository.Store.record_result` in the same transaction. A
   confirmed entry no longer counts as waiting, and the table's next entry clears it
   (:func:`clear_confirmed`).

Each function runs on the connection of the caller's writing transaction
(:meth:`~arbitro.store.repository.Store.transaction`, or the group-commit writer's
batch), so a check and the write it guards are one transaction.

>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Club", boards=2))
>>> with store.transaction() as db:
...     hold_entered(db.connection(), event, table=1, board=2, ns="1", ew="2", entry="4S N 10")
>>> store.waiting_entries(event, 1)
[(2, '1', '2', '4S N 10')]
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

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

from arbitro.store.models import PendingEntryRow, ResultRow
from arbitro.store.repository import EventStore

if TYPE_CHECKING:  # the dialects' modules: imported where an entry is first written
    from sqlalchemy import BindParameter
    from sqlalchemy.dialects import postgresql, sqlite

__all__ = [
    "Connection",
    "ScoreEntryRecords",
    "board_entries",
    "boards_entries",
    "clear_confirmed",
    "clear_confirmed_tables",
    "hold_entered",
    "hold_entries",
    "stored_entry",
    "stored_result",
    "waiting_entries_of",
    "waiting_entry",
]


def stored_entry(connection: Connection, event: int, table: int, board: int) -> str | None:
    """The entry of the result stored for ``board`` at ``table`` (session 1), if there is one.

    >>> from arbitro.store import open_store
    >>> with open_store("sqlite:///:memory:").transaction() as db:
    ...     stored_entry(db.connection(), 1, 1, 1) is None
    True
    """
    keys = {"event": event, "table": table, "board": board}
    entry: str | None = connection.execute(_STORED_ENTRY, keys).scalar()
    return entry


def board_entries(
    connection: Connection, event: int, table: int, board: int
) -> tuple[str | None, str | None]:
    """The board's entries at ``table`` in one query: the stored result's, and the one waiting.

    What North-South's entry needs to know (:func:`stored_entry` and the text of
    :func:`waiting_entry`), in one round trip to the database instead of two.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=2))
    >>> with store.transaction() as db:
    ...     hold_entered(db.connection(), event, 1, 2, "1", "2", "4S N 10")
    ...     board_entries(db.connection(), event, 1, 2), board_entries(db.connection(), event, 1, 1)
    ((None, '4S N 10'), (None, None))
    """
    keys = {"event": event, "table": table, "board": board}
    row = connection.execute(_BOARD_ENTRIES, keys).one()
    return row[0], row[1]


def stored_result(
    connection: Connection, event: int, table: int, board: int
) -> tuple[int | None, str, str, str, int] | None:
    """The result stored for ``board`` at ``table`` (session 1): round, pairs, entry, version.

    A confirmation retried after its answer was lost is answered with it.

    >>> from arbitro.store import open_store
    >>> with open_store("sqlite:///:memory:").transaction() as db:
    ...     stored_result(db.connection(), 1, 1, 1) is None
    True
    """
    keys = {"event": event, "table": table, "board": board}
    row = connection.execute(_STORED_RESULT, keys).first()
    return None if row is None else (row[0], row[1], row[2], row[3], row[4])


def clear_confirmed(connection: Connection, event: int, table: int) -> None:
    """Drop the table's entries whose boards have their results stored (confirmed since).

    >>> from arbitro.store import open_store
    >>> with open_store("sqlite:///:memory:").transaction() as db:
    ...     clear_confirmed(db.connection(), 1, 1)
    """
    connection.execute(_CLEAR_CONFIRMED, {"event": event, "table": table})


def waiting_entry(
    connection: Connection, event: int, table: int, board: int
) -> tuple[str, str, str] | None:
    """The entry of ``board`` waiting at ``table`` for East-West: its pairs and its text.

    >>> from arbitro.store import open_store
    >>> with open_store("sqlite:///:memory:").transaction() as db:
    ...     waiting_entry(db.connection(), 1, 1, 1) is None
    True
    """
    keys = {"event": event, "table": table, "board": board}
    row = connection.execute(_PENDING_BOARD, keys).first()
    return None if row is None else (row.ns, row.ew, row.entry)


def waiting_entries_of(
    connection: Connection, boards: list[tuple[int, int, int]]
) -> dict[tuple[int, int, int], tuple[str, str, str]]:
    """:func:`waiting_entry` of many boards in one statement: by (event, table, board) waiting, its pairs and text.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=2))
    >>> with store.transaction() as db:
    ...     hold_entered(db.connection(), event, 1, 2, "1", "2", "4S N 10")
    ...     waiting_entries_of(db.connection(), [(event, 1, 2), (event, 1, 1)])
    {(1, 1, 2): ('1', '2', '4S N 10')}
    """
    if not boards:
        return {}
    return {
        (row.event_id, row.table_number, row.board): (row.ns, row.ew, row.entry)
        for row in connection.execute(_PENDING_BOARDS, {"boards": boards})
    }


def hold_entered(
    connection: Connection, event: int, table: int, board: int, ns: str, ew: str, entry: str
) -> None:
    """Keep North-South's entry of ``board`` at ``table`` waiting, in place of an earlier one.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=2))
    >>> with store.transaction() as db:
    ...     hold_entered(db.connection(), event, 1, 1, "1", "2", "3NT S 9")
    ...     hold_entered(db.connection(), event, 1, 1, "1", "2", "3NT S 10")
    >>> store.waiting_entries(event, 1)
    [(1, '1', '2', '3NT S 10')]
    """
    connection.execute(
        _upsert(connection.dialect.name),
        {
            "event_id": event,
            "session": 1,
            "table_number": table,
            "board": board,
            "ns": ns,
            "ew": ew,
            "entry": entry,
            "entered_at": datetime.now(UTC),
        },
    )


def boards_entries(
    connection: Connection, boards: list[tuple[int, int, int]]
) -> dict[tuple[int, int, int], tuple[str | None, str | None]]:
    """:func:`board_entries` of many boards in one statement: by (event, table, board), the two entries.

    What the North-South entries of a group-commit batch need to know, in one round trip
    for the batch instead of one an entry.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=2))
    >>> with store.transaction() as db:
    ...     hold_entered(db.connection(), event, 1, 2, "1", "2", "4S N 10")
    ...     boards_entries(db.connection(), [(event, 1, 2), (event, 2, 1)])
    {(1, 1, 2): (None, '4S N 10'), (1, 2, 1): (None, None)}
    """
    found: dict[tuple[int, int, int], tuple[str | None, str | None]] = dict.fromkeys(
        boards, (None, None)
    )
    if not boards:
        return found
    for kind, event, table, board, entry in connection.execute(_BOARDS_ENTRIES, {"boards": boards}):
        stored, waiting = found[(event, table, board)]
        found[(event, table, board)] = (entry, waiting) if kind == "stored" else (stored, entry)
    return found


def clear_confirmed_tables(connection: Connection, tables: list[tuple[int, int]]) -> None:
    """:func:`clear_confirmed` of many tables (event, table) in one statement.

    >>> from arbitro.store import open_store
    >>> with open_store("sqlite:///:memory:").transaction() as db:
    ...     clear_confirmed_tables(db.connection(), [(1, 1), (1, 2)])
    """
    if tables:
        connection.execute(_CLEAR_CONFIRMED_TABLES, {"tables": tables})


def hold_entries(
    connection: Connection, entries: list[tuple[int, int, int, str, str, str]]
) -> None:
    """:func:`hold_entered` of many entries (event, table, board, ns, ew, entry), sent together.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=2))
    >>> with store.transaction() as db:
    ...     hold_entries(db.connection(), [(event, 1, 1, "1", "2", "3NT S 9"), (event, 2, 2, "3", "4", "2H E 8")])
    >>> store.waiting_entries(event, 1), store.waiting_entries(event, 2)
    ([(1, '1', '2', '3NT S 9')], [(2, '3', '4', '2H E 8')])
    """
    if not entries:
        return
    now = datetime.now(UTC)
    connection.execute(
        _upsert(connection.dialect.name),
        [
            {
                "event_id": event,
                "session": 1,
                "table_number": table,
                "board": board,
                "ns": ns,
                "ew": ew,
                "entry": entry,
                "entered_at": now,
            }
            for event, table, board, ns, ew, entry in entries
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
    PendingEntryRow.session == 1,
    PendingEntryRow.table_number == bindparam("table"),
)
_PENDING = (
    select(PendingEntryRow.board, PendingEntryRow.ns, PendingEntryRow.ew, PendingEntryRow.entry)
    .where(*_TABLE, ~_CONFIRMED)
    .order_by(PendingEntryRow.board)
)
"""A table's entries awaiting confirmation (a confirmed board's entry no longer counts)."""
_PENDING_BOARD = select(PendingEntryRow.ns, PendingEntryRow.ew, PendingEntryRow.entry).where(
    *_TABLE, PendingEntryRow.board == bindparam("board"), ~_CONFIRMED
)
"""The entry of one board awaiting confirmation at a table."""
_CLEAR_CONFIRMED = delete(PendingEntryRow).where(*_TABLE, _CONFIRMED)
_STORED_RESULT = select(
    ResultRow.round, ResultRow.ns, ResultRow.ew, ResultRow.entry, ResultRow.version
).where(
    ResultRow.event_id == bindparam("event"),
    ResultRow.session == 1,
    ResultRow.table_number == bindparam("table"),
    ResultRow.board == bindparam("board"),
)
_STORED_ENTRY = select(ResultRow.entry).where(
    ResultRow.event_id == bindparam("event"),
    ResultRow.session == 1,
    ResultRow.table_number == bindparam("table"),
    ResultRow.board == bindparam("board"),
)

_BOARD_ENTRIES = select(
    _STORED_ENTRY.scalar_subquery(),
    select(PendingEntryRow.entry)
    .where(*_TABLE, PendingEntryRow.board == bindparam("board"), ~_CONFIRMED)
    .scalar_subquery(),
)
"""A board's stored entry and its entry waiting at a table, in one statement."""


_BOARDS: BindParameter[object] = bindparam("boards", expanding=True)
_BOARDS_ENTRIES = union_all(
    select(
        literal("stored"),
        ResultRow.event_id,
        ResultRow.table_number,
        ResultRow.board,
        ResultRow.entry,
    ).where(
        ResultRow.session == 1,
        tuple_(ResultRow.event_id, ResultRow.table_number, ResultRow.board).in_(_BOARDS),
    ),
    select(
        literal("waiting"),
        PendingEntryRow.event_id,
        PendingEntryRow.table_number,
        PendingEntryRow.board,
        PendingEntryRow.entry,
    ).where(
        PendingEntryRow.session == 1,
        tuple_(PendingEntryRow.event_id, PendingEntryRow.table_number, PendingEntryRow.board).in_(
            _BOARDS
        ),
        ~_CONFIRMED,
    ),
)
"""Many boards' stored entries and entries waiting, each row marked with which it is."""
_PENDING_BOARDS = select(
    PendingEntryRow.event_id,
    PendingEntryRow.table_number,
    PendingEntryRow.board,
    PendingEntryRow.ns,
    PendingEntryRow.ew,
    PendingEntryRow.entry,
).where(
    PendingEntryRow.session == 1,
    tuple_(PendingEntryRow.event_id, PendingEntryRow.table_number, PendingEntryRow.board).in_(
        _BOARDS
    ),
    ~_CONFIRMED,
)
"""Many boards' entries awaiting confirmation."""
_CLEAR_CONFIRMED_TABLES = delete(PendingEntryRow).where(
    tuple_(PendingEntryRow.event_id, PendingEntryRow.table_number).in_(
        bindparam("tables", expanding=True)
    ),
    PendingEntryRow.session == 1,
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

    def waiting_entries(self, event: int, table: int) -> list[tuple[int, str, str, str]]:
        """The table's entries waiting for East-West, by board: board, pairs and entry.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").waiting_entries(1, 1)
        []
        """
        with self.reading() as db:
            rows = db.connection().execute(_PENDING, {"event": event, "table": table}).all()
        return [(row.board, row.ns, row.ew, row.entry) for row in rows]
