"""Score entry at the tables: sign in with the table card's code, enter, have the opponents confirm.

A table signs in with the short code printed on its table card (:meth:`TableDesk.code`).
It sees the boards it plays in the round the director has open, from the event's
movement, and enters the results of that round's session (:meth:`TableDesk.playing`:
the director opens one session's rounds at a time, so a knockout's later segment or a
pairs event's second session is entered as the first is). A board's result then goes
through two stages:

1. *Entered* by North-South: what they type (:class:`TypedEntry`, from the form or the
   JSON API) is checked against the table's seating, the lead against the deal, and
   scored (Law 77); :meth:`TableDesk.enter` keeps it as the table's entry waiting in
   the database (:class:`Entered`; ``store/score_entry.py``), so a restart of the
   server does not lose it.
2. *Confirmed* by East-West: :meth:`TableDesk.confirm` stores the entry they were
   shown as the table's result (:meth:`~arbitro.store.Store.record_result`, in the
   same transaction), and answers the :class:`~arbitro.store.stored.StoredResult`.

Both writes go through the desk's group-commit writer, and both are ``async``: a
caller waits for the writer without holding a thread. A result for a board the table
does not play this round, or for pairs that do not sit there, is refused with the
boards and pairs the table should have. A table reads and writes only its own
results, only while its round is open.

This module joins the tables' two routers (:data:`router`) and names what the rest of
the console uses of them; the parts live by concern: :mod:`~arbitro.web.table_entries`
what a table types and the errors it may be refused with,
:mod:`~arbitro.web.table_desk` the :class:`TableDesk`, :mod:`~arbitro.web.table_commit`
the batches its writer commits, :mod:`~arbitro.web.tables_api` the JSON API (``api``)
and the application's desk (:func:`get_desk`), :mod:`~arbitro.web.table_pages` the
pages (``pages``) and the provisional ranking they show. ``ROUTERS`` in
:mod:`arbitro.web.app` adds ``api`` and ``pages`` from their own modules, so that a
request of the API imports no page.

>>> import asyncio
>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> from arbitro.tournament.movements import mitchell
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
>>> _ = store.open_round(event, 1)
>>> desk = TableDesk(store, "secret")
>>> table = desk.sign_in(event, desk.code(event, 2))
>>> entered = asyncio.run(desk.enter(event, table, 3, TypedEntry("4S", "N", "10", ns="2NS", ew="2EW")))
>>> entered.result.to_str()
'+420'
>>> asyncio.run(desk.confirm(event, table, 3, pair="2EW")).version
1
"""

from __future__ import annotations

from fastapi import APIRouter

from arbitro.web.table_desk import Playing, TableDesk
from arbitro.web.table_entries import (
    AlreadyConfirmedError,
    Entered,
    NoOpenRoundError,
    TableEntryError,
    TypedEntry,
    same_pair,
)
from arbitro.web.table_pages import pages
from arbitro.web.tables_api import api, get_desk

__all__ = [
    "AlreadyConfirmedError",
    "Entered",
    "NoOpenRoundError",
    "Playing",
    "TableDesk",
    "TableEntryError",
    "TypedEntry",
    "api",
    "get_desk",
    "pages",
    "router",
    "same_pair",
]

router = APIRouter()
"""Everything of the tables: the JSON API and the pages (the application adds each of the two)."""
router.include_router(api)
router.include_router(pages)
