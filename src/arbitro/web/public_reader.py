"""Who reads the players' results: a director, or the tables a device has proved with their codes.

Before the session is over a traveller or a score card opens only to a table that
proves where it sits (Law 16C, :mod:`~arbitro.web.public_results`): by its own signed-in
device, or by the code of its table card typed on the page (checked with the sign-in
limits, then remembered on the device's session). :func:`reader` tells who asks; the
JSON routes (:mod:`~arbitro.web.public_api`) and the pages (:mod:`~arbitro.web.public`)
both ask it, and the query parameters they share are named here.

>>> Reader((frozenset({"1NS", "1EW"}),)).director
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Query, Request

from arbitro.core.errors import ArbitroError
from arbitro.web.pages import get_store
from arbitro.web.public_results import seated_tables
from arbitro.web.security import (
    check_table_code_allowed,
    record_table_code,
    signed_in_director,
    signed_in_table,
)
from arbitro.web.tables_api import TABLE_WAIT, get_desk

PairQuery = Annotated[str | None, Query(max_length=16)]
"""``?pair=``: the pair (or team) a page marks, as the reader typed it."""
CodeQuery = Annotated[str | None, Query(max_length=16)]
"""``?code=``: the code on a table card, which proves the table before the session is over."""
SessionQuery = Annotated[int | None, Query(ge=1, le=99)]
"""``?session=``: the session whose board a traveller shows."""

READER_KEY = "reads"
"""The session key remembering the tables whose code this device typed on the results pages."""


@dataclass(frozen=True)
class Reader:
    """Who asks for a result page: the proven tables, each the pairs sitting at it, or a director."""

    seated: tuple[frozenset[str], ...]
    director: bool = False


def reader(request: Request, event: int, code: str | None) -> Reader:
    """Who reads: a director, or the pairs at the tables this device proved with their codes.

    A table is proven by its signed-in device, by ``code`` (checked with the sign-in
    limits, then remembered on the session in place of the one before), or by the
    code typed last.
    """
    if signed_in_director(request) is not None:
        return Reader((), director=True)
    store = get_store(request)
    tables: set[int] = set()
    signed = signed_in_table(request, event)
    if signed is not None:
        tables.add(signed)
    known = request.session.get(READER_KEY, {})
    remembered = known.get(str(event)) if isinstance(known, dict) else None
    if isinstance(remembered, int) and not (code and code.strip()):
        tables.add(remembered)
    if code and code.strip():
        check_table_code_allowed(request, event, TABLE_WAIT)
        try:
            table = get_desk(request).sign_in(event, code)
        except ArbitroError:
            record_table_code(request, event, succeeded=False)
            raise
        record_table_code(request, event, succeeded=True)
        tables.add(table)
        request.session[READER_KEY] = {
            **(known if isinstance(known, dict) else {}),
            str(event): table,
        }
    return Reader(tuple(seated_tables(store, event, tables)))
