"""An event's level, against which the pairs' methods are checked (``event_levels``).

The store keeps the level as given; which levels an authority names, and the lowest as
the default, are the event's rules (:func:`arbitro.tournament.methods.event_level`).

>>> from arbitro.store.repository import open_store
>>> from arbitro.tournament.event import EventSpec
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Cup", boards=8))
>>> kept_level(store, event) is None
True
>>> keep_level(store, event, "national")
>>> kept_level(store, event)
'national'
"""

from __future__ import annotations

from sqlalchemy import select

from arbitro.store.models import EventLevelRow
from arbitro.store.repository import Store

__all__ = ["keep_level", "kept_level"]


def keep_level(store: Store, event_id: int, level: str) -> None:
    """Keep the event's level, replacing the one kept before.

    >>> from arbitro.store.repository import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Cup", boards=8))
    >>> keep_level(store, event, "club"); keep_level(store, event, "regional")
    >>> kept_level(store, event)
    'regional'
    """
    store.event(event_id)
    with store.transaction() as db:
        row = db.get(EventLevelRow, event_id)
        if row is None:
            db.add(EventLevelRow(event_id=event_id, level=level))
        else:
            row.level = level


def kept_level(store: Store, event_id: int) -> str | None:
    """The level kept for the event, if any.

    >>> from arbitro.store.repository import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> kept_level(store, store.create_event(EventSpec("Cup", boards=8))) is None
    True
    """
    store.event(event_id)
    with store.reading() as db:
        return db.scalars(
            select(EventLevelRow.level).where(EventLevelRow.event_id == event_id)
        ).one_or_none()
