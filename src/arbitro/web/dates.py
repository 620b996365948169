"""The days and times the pages show: an event's day, a day in full, a time of day.

Moments are read in the club's time zone
(:func:`~arbitro.tournament.records.shown_time`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING

from arbitro.i18n import get_language, write_date

if TYPE_CHECKING:
    from arbitro.store import Store
    from arbitro.store.repository import EventInfo


def day_written(day: date) -> str:
    """``day`` written in full in the page's language: the public list, the desk, the print.

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     day_written(date(2026, 11, 24))
    'martes, 24 de noviembre de 2026'
    """
    return write_date(day, get_language())


def event_day(info: EventInfo, first_result: datetime | None) -> date | None:
    """The day an event is dated by: the day it is held, else its first result's, else its creation's.

    The director gives the day an event is held on the desk's new-event form; an event
    made without it (from the command line, the API, an import) is dated by the day its
    first result was entered, the night it was played, and before any result by the day
    it was created. Moments are read in the club's time zone
    (:func:`~arbitro.tournament.records.shown_time`).

    >>> from dataclasses import replace
    >>> from datetime import UTC, timedelta
    >>> from arbitro.store.repository import EventInfo
    >>> from arbitro.tournament.event import EventSpec
    >>> late = datetime(2026, 11, 24, 21, 30, tzinfo=UTC)
    >>> info = EventInfo(1, EventSpec("Martes", boards=1), None, None, None, None, None)
    >>> event_day(replace(info, held_on=date(2026, 11, 24)), late)
    datetime.date(2026, 11, 24)
    >>> event_day(replace(info, created=late - timedelta(days=7)), late).isoformat()
    '2026-11-24'
    >>> event_day(replace(info, created=late - timedelta(days=7)), None).isoformat()
    '2026-11-17'
    >>> event_day(info, None) is None
    True
    """
    from arbitro.tournament.records import shown_time  # the records': not at the server's start

    if info.held_on is not None:
        return info.held_on
    moment = first_result if first_result is not None else info.created
    return shown_time(moment).date() if moment is not None else None


def event_days(store: Store, events: Sequence[EventInfo]) -> dict[int, date | None]:
    """Each of ``events``' day (:func:`event_day`), by event: the lists of events date them.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Martes", boards=1))
    >>> from arbitro.tournament.records import shown_time
    >>> event_days(store, store.events())[event] == shown_time(store.event(event).created).date()
    True
    """
    first = store.first_results([info.id for info in events])
    return {info.id: event_day(info, first.get(info.id)) for info in events}


def clock(moment: datetime) -> str:
    """The time of day of a moment, in the club's time zone (:func:`~arbitro.tournament.records.shown_time`).

    >>> from datetime import UTC
    >>> import os
    >>> os.environ["ARBITRO_TIMEZONE"] = "Europe/Madrid"
    >>> clock(datetime(2026, 11, 22, 22, 30, 5, tzinfo=UTC))
    '23:30:05'
    >>> os.environ["ARBITRO_TIMEZONE"] = "UTC"
    """
    from arbitro.tournament.records import shown_time  # the scorer's layer, on first use

    return shown_time(moment).strftime("%H:%M:%S")
