"""An event as its stored row reads back (:class:`EventInfo`), and the times rows keep.

:func:`event_of_row` reads a row of ``events`` into an :class:`EventInfo` (its
settings, movement, publication and reopening), :func:`event_info` the same once per
distinct row, :func:`stored_movement` the movement kept as text once per distinct
text; :func:`as_utc` and :func:`time_of` are the times the store's records keep
(UTC), and :func:`reopened_board_numbers` the boards a reopening is for.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, date, datetime
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from sqlalchemy import Row

if TYPE_CHECKING:
    from arbitro.store.models import EventRow
    from arbitro.tournament.event import EventSpec
    from arbitro.tournament.movements import Movement
    from arbitro.tournament.records import CorrectionPeriod


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
    site: str | None = None
    """Where the event was played, as an imported file names it (``None`` when unknown)."""

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


def event_of_row(row: EventRow | Row[Any]) -> EventInfo:
    """The event's settings and state as kept in its stored ``row`` of ``events``."""
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
        row.site,
    )


@lru_cache(maxsize=64)
def event_info(row: Row[Any]) -> EventInfo:
    """The event of a row of ``events``, read once per distinct row (its whole content is the key)."""
    return event_of_row(row)
