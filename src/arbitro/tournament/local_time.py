"""Moments as the records show them: in the club's time zone, with the zone named.

Moments are kept in UTC; :func:`shown_time` gives one in the zone the club reads
(:data:`TIMEZONE`, else the machine's own) and :func:`stamp` writes it as the records,
the correction period's end (Law 79C) and the time to appeal (Law 92B) show it.

>>> import os
>>> os.environ["ARBITRO_TIMEZONE"] = "UTC"
>>> stamp(datetime(2026, 11, 22, 22, 30, tzinfo=UTC))
'2026-11-22 22:30 UTC'
"""

from __future__ import annotations

import os
from datetime import UTC, datetime

from arbitro.i18n import get_language, read_environment_language

__all__ = [
    "SPANISH_ZONE",
    "TIMEZONE",
    "choose_club_language",
    "day_and_time",
    "shown_time",
    "stamp",
]

TIMEZONE = "ARBITRO_TIMEZONE"
"""The environment variable naming the time zone moments are shown in (``Europe/Madrid``)."""

SPANISH_ZONE = "Europe/Madrid"
"""The zone of a Spanish install on a machine kept in UTC (a server, a container)."""


_CHOSEN: set[str] = set()
"""The language the command line was last given (``--lang``) in this process, if any."""


def choose_club_language(language: str | None) -> None:
    """Take ``language``, given on the command line (``--lang``), as the club's, as ``ARBITRO_LANG`` is.

    So ``arbitro event publish --lang es`` on a machine kept in UTC prints the deadline
    in :data:`SPANISH_ZONE`, as ``arbitro serve --lang es``'s pages do: the same club
    time on every surface. The last language given counts; ``None`` forgets it.

    >>> choose_club_language("en"); choose_club_language(None)
    """
    _CHOSEN.clear()
    if language:
        _CHOSEN.add(language)


def shown_time(moment: datetime) -> datetime:
    """``moment`` in the time zone the club reads: :data:`TIMEZONE`, else the machine's own.

    Moments are kept in UTC; a club in Spain reads its correction period's end in its
    own time. ``ARBITRO_TIMEZONE`` names a zone of the IANA database (``Europe/Madrid``,
    ``Atlantic/Canary``); unset, or a name the machine does not know, the machine's own
    zone is used, except that a machine kept in UTC (a hosted server, a container) with
    Spanish as its language (``ARBITRO_LANG``, else the locale, or ``--lang es`` given on
    the command line: :func:`choose_club_language`) shows
    :data:`SPANISH_ZONE`: a Spanish club does not read its times in UTC. A moment
    without a zone is taken to be in UTC.

    >>> import os
    >>> os.environ["ARBITRO_TIMEZONE"] = "Europe/Madrid"
    >>> shown_time(datetime(2026, 7, 1, 20, 0, tzinfo=UTC)).strftime("%H:%M %Z")
    '22:00 CEST'
    >>> os.environ["ARBITRO_TIMEZONE"] = "UTC"
    """
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    name = os.environ.get(TIMEZONE, "").strip()
    if name:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        try:
            return aware.astimezone(ZoneInfo(name))
        except (ZoneInfoNotFoundError, ValueError):
            pass  # a zone this machine does not know: its own, as when unset
    local = aware.astimezone()
    if local.tzname() == "UTC" and (read_environment_language() == "es" or "es" in _CHOSEN):
        from zoneinfo import ZoneInfo

        return aware.astimezone(ZoneInfo(SPANISH_ZONE))
    return local


def stamp(moment: datetime) -> str:
    """A moment as the records show it, with its zone (:func:`shown_time`): ``2026-11-22 23:30 CET``.

    Written as the active language writes a date: the day first in Spanish
    (``22/11/2026 23:30 CET``), year, month and day in English.

    >>> import os
    >>> from arbitro.i18n import use_language
    >>> os.environ["ARBITRO_TIMEZONE"] = "Europe/Madrid"
    >>> stamp(datetime(2026, 11, 22, 22, 30, tzinfo=UTC))
    '2026-11-22 23:30 CET'
    >>> with use_language("es"):
    ...     stamp(datetime(2026, 11, 22, 22, 30, tzinfo=UTC))
    '22/11/2026 23:30 CET'
    >>> os.environ["ARBITRO_TIMEZONE"] = "UTC"
    """
    written = _WRITTEN.get(get_language(), _WRITTEN["en"])
    return shown_time(moment).strftime(written)


_WRITTEN = {"en": "%Y-%m-%d %H:%M %Z", "es": "%d/%m/%Y %H:%M %Z"}
"""How each language writes a moment: the day first in Spanish."""


def day_and_time(moment: datetime) -> dict[str, str]:
    """A moment's day and its time of day with the zone, apart, as :func:`stamp` writes them.

    For a message that says each in its own words: «terminó el {day} a las {time}»,
    "ended on {day} at {time}".

    >>> import os
    >>> from arbitro.i18n import use_language
    >>> os.environ["ARBITRO_TIMEZONE"] = "Europe/Madrid"
    >>> with use_language("es"):
    ...     day_and_time(datetime(2026, 11, 29, 22, 17, tzinfo=UTC))
    {'day': '29/11/2026', 'time': '23:17 CET'}
    >>> os.environ["ARBITRO_TIMEZONE"] = "UTC"
    """
    day, _, time = stamp(moment).partition(" ")
    return {"day": day, "time": time}
