"""An event's level, against which the pairs' methods are checked (``event_levels``).

The store keeps the level as given; which levels an authority names, and the lowest as
the default, are the event's rules (:func:`arbitro.tournament.methods.event_level`).

>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Cup", boards=8))
>>> store.kept_level(event) is None
True
>>> store.keep_level(event, "national")
>>> store.kept_level(event)
'national'
"""

from __future__ import annotations

from sqlalchemy import select

from arbitro.store.models import EventLevelRow
from arbitro.store.repository import EventStore

__all__ = ["MethodRecords"]


class MethodRecords(EventStore):
    """The event's level kept for the methods' check."""

    def keep_level(self, event_id: int, level: str) -> None:
        """Keep the event's level, replacing the one kept before.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Cup", boards=8))
        >>> store.keep_level(event, "club"); store.keep_level(event, "regional")
        >>> store.kept_level(event)
        'regional'
        """
        self.event(event_id)
        with self.transaction() as db:
            row = db.get(EventLevelRow, event_id)
            if row is None:
                db.add(EventLevelRow(event_id=event_id, level=level))
            else:
                row.level = level

    def kept_level(self, event_id: int) -> str | None:
        """The level kept for the event, if any.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.kept_level(store.create_event(EventSpec("Cup", boards=8))) is None
        True
        """
        self.event(event_id)
        with self.reading() as db:
            return db.scalars(
                select(EventLevelRow.level).where(EventLevelRow.event_id == event_id)
            ).one_or_none()
