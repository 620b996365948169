"""An event's level, against which the pairs' methods are checked (``event_levels``; Law 40B2a).

The level is one the event's regulating authority names (the AEB: ``club``,
``regional``, ``national``); an event with none kept is at the authority's lowest.

>>> from arbitro.store.repository import open_store
>>> from arbitro.tournament.event import EventSpec
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Cup", boards=8))
>>> event_level(store, event)
'club'
>>> keep_event_level(store, event, "National")
'national'
>>> event_level(store, event)
'national'
"""

from __future__ import annotations

from sqlalchemy import select

from arbitro.laws.authority import authority
from arbitro.store.models import EventLevelRow
from arbitro.store.repository import Store
from arbitro.tournament.methods import check_level

__all__ = ["event_level", "keep_event_level"]


def keep_event_level(store: Store, event_id: int, level: str) -> str:
    """Keep the event's level; a level the event's authority does not name is refused.

    >>> from arbitro.store.repository import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> keep_event_level(store, store.create_event(EventSpec("Cup", boards=8, profile="wbf")), "regional")
    Traceback (most recent call last):
    ...
    arbitro.tournament.methods.LevelError: invalid event level 'regional': expected one of club, national, international
    """
    key = check_level(authority(store.event(event_id).spec.profile), level)
    with store.transaction() as db:
        row = db.get(EventLevelRow, event_id)
        if row is None:
            db.add(EventLevelRow(event_id=event_id, level=key))
        else:
            row.level = key
    return key


def event_level(store: Store, event_id: int) -> str:
    """The event's level: the one kept, else its authority's lowest.

    >>> from arbitro.store.repository import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event_level(store, store.create_event(EventSpec("Cup", boards=8, profile="wbf")))
    'club'
    """
    profile = authority(store.event(event_id).spec.profile)
    with store.reading() as db:
        kept = db.scalars(
            select(EventLevelRow.level).where(EventLevelRow.event_id == event_id)
        ).one_or_none()
    return kept if kept is not None else profile.levels[0]
