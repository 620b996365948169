"""Judgement cases the director has opened and not decided yet (``open_cases``).

A case of unauthorised information or misinformation is rarely decided at once: the
director records the facts at the table, answers the first questions of the worksheet,
polls players (:meth:`~arbitro.store.Store.open_poll`) and decides later. Until the
ruling is recorded (:meth:`~arbitro.store.Store.add_case`) the case is kept here as
typed: its board, table, kind and the worksheet's fields, text by name. Nothing in it
is read as a ruling; :meth:`~arbitro.store.Store.close_open_case` removes it once the ruling is recorded.

>>> from arbitro.scoring.worksheet import Irregularity
>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Club", boards=8))
>>> number = store.save_open_case(event, 3, 2, Irregularity.UNAUTHORISED, {"facts": "slow 5C"})
>>> store.load_open_case(event, number).fields["facts"]
'slow 5C'
>>> store.close_open_case(event, number); store.open_cases(event)
[]
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbitro.i18n import N_
from arbitro.store.models import OpenCaseRow, utcnow
from arbitro.store.repository import EventStore, StoreError, StoreNotFoundError, check_board

if TYPE_CHECKING:
    from arbitro.scoring.worksheet import Irregularity

__all__ = ["OpenCase", "OpenCaseRecords"]

MAX_FIELD = 4000
"""The longest text kept for one field of an open case."""


@dataclass(frozen=True)
class OpenCase:
    """A case opened and not decided: its number, board, table, kind and fields as typed.

    >>> from arbitro.scoring.worksheet import Irregularity
    >>> OpenCase(1, 4, None, Irregularity.MISINFORMATION).irregularity.law
    '21B3'
    """

    number: int
    board: int
    table: int | None
    irregularity: Irregularity
    fields: Mapping[str, str] = field(default_factory=dict)
    opened_by: str = ""
    updated_at: datetime | None = None


def _row(db: Session, event_id: int, number: int) -> OpenCaseRow:
    row = db.get(OpenCaseRow, number)
    if row is None or row.event_id != event_id:
        raise StoreNotFoundError(N_("there is no open case {number} in this event"), number=number)
    return row


def _case(row: OpenCaseRow) -> OpenCase:
    from arbitro.scoring.worksheet import Irregularity

    data = json.loads(row.fields)
    return OpenCase(
        row.id,
        row.board,
        row.table_number,
        Irregularity(row.irregularity),
        {str(name): str(value) for name, value in data.items()},
        row.opened_by,
        row.updated_at,
    )


class OpenCaseRecords(EventStore):
    """Cases opened and not decided yet."""

    def save_open_case(
        self,
        event_id: int,
        board: int,
        table: int | None,
        irregularity: Irregularity,
        fields: Mapping[str, str],
        number: int | None = None,
        by: str = "",
    ) -> int:
        """Keep an open case of the event (a new one, or case ``number`` again); its number.

        The board must be one of the event's; a field longer than :data:`MAX_FIELD` is refused.

        >>> from arbitro.scoring.worksheet import Irregularity
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=8))
        >>> store.save_open_case(event, 9, None, Irregularity.UNAUTHORISED, {})
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: board 9 is not in the event (expected 1 to 8)
        """
        check_board(self.event(event_id).spec.boards, board)
        for name, value in fields.items():
            if len(value) > MAX_FIELD:
                raise StoreError(
                    N_("the field {name} is too long: at most {limit} characters"),
                    name=name,
                    limit=MAX_FIELD,
                )
        text = json.dumps(dict(fields), ensure_ascii=False, sort_keys=True)
        with self.transaction() as db:
            if number is None:
                row = OpenCaseRow(event_id=event_id, opened_by=by)
                db.add(row)
            else:
                row = _row(db, event_id, number)
            row.board = board
            row.table_number = table
            row.irregularity = irregularity.value
            row.fields = text
            row.updated_at = utcnow()
            db.flush()
            return row.id

    def load_open_case(self, event_id: int, number: int) -> OpenCase:
        """Open case ``number`` of the event.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.load_open_case(store.create_event(EventSpec("Club", boards=8)), 2)
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreNotFoundError: there is no open case 2 in this event
        """
        self.event(event_id)
        with self.reading() as db:
            return _case(_row(db, event_id, number))

    def open_cases(self, event_id: int) -> list[OpenCase]:
        """The event's open cases, oldest first.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.open_cases(store.create_event(EventSpec("Club", boards=8)))
        []
        """
        self.event(event_id)
        with self.reading() as db:
            rows = db.scalars(
                select(OpenCaseRow).where(OpenCaseRow.event_id == event_id).order_by(OpenCaseRow.id)
            )
            return [_case(row) for row in rows]

    def close_open_case(self, event_id: int, number: int) -> None:
        """Remove open case ``number`` of the event (its ruling has been recorded).

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.close_open_case(store.create_event(EventSpec("Club", boards=8)), 5)
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreNotFoundError: there is no open case 5 in this event
        """
        self.event(event_id)
        with self.transaction() as db:
            db.delete(_row(db, event_id, number))
