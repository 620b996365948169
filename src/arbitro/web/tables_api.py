"""The tables' JSON API (``/api/tables``): sign-in, the open round, the table's results, a board entered and confirmed.

It holds too what the tables' pages share with it: the application's desk
(:func:`get_desk`, and :data:`Desk`, the routes' dependency) and a table's sign-in on
the session (:func:`sign_in_session`).
"""

from __future__ import annotations

import threading
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from arbitro.i18n import N_
from arbitro.store.stored import StoredResult
from arbitro.tournament.movements.teams import MatchAtTable
from arbitro.web.pages import Number, error_responses, get_store
from arbitro.web.routes import LazyRoute
from arbitro.web.security import (
    app_secret,
    check_table_code_allowed,
    record_table_code,
    require_header_csrf,
    require_table,
    sign_in_table,
)
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import AlreadyConfirmedError, Entered, TableEntryError, TypedEntry

_desk_lock = threading.Lock()


def get_desk(request: Request) -> TableDesk:
    """The application's :class:`TableDesk` (a FastAPI dependency), made on first use.

    >>> from fastapi.testclient import TestClient
    >>> from arbitro.web import create_app
    >>> TestClient(create_app()).get("/api/tables/1/1/round").status_code
    503
    """
    with _desk_lock:
        desk: TableDesk | None = getattr(request.app.state, "table_desk", None)
        if desk is None:
            desk = TableDesk(get_store(request), app_secret(request))
            request.app.state.table_desk = desk
        return desk


async def _desk(request: Request) -> TableDesk:
    """:func:`get_desk` as a dependency run on the event loop (no hop to a worker thread)."""
    return get_desk(request)


async def _header_csrf(request: Request) -> None:
    """:func:`~arbitro.web.csrf.require_header_csrf`, run on the event loop."""
    require_header_csrf(request)


Desk = Annotated[TableDesk, Depends(_desk)]


class SignInBody(BaseModel):
    """A table signing in: the event and the code on its table card."""

    event: Number
    code: str = Field(min_length=1, max_length=16)


class EntryBody(BaseModel):
    """A board's result as typed at the table (see :class:`TypedEntry`)."""

    contract: str = Field(min_length=1, max_length=8)
    declarer: str = Field(default="", max_length=8)
    tricks: str = Field(default="", max_length=4)
    lead: str = Field(default="", max_length=4)
    ns: str = Field(default="", max_length=16)
    ew: str = Field(default="", max_length=16)


class ConfirmBody(BaseModel):
    """East-West's confirmation: their pair number, and the entry they were shown.

    ``entry`` (the ``entry`` of the round's pending list) is optional for older clients;
    when sent, the confirmation is refused if the entry waiting is another.
    """

    pair: str = Field(min_length=1, max_length=16)
    entry: str = Field(default="", max_length=64)


def _stored_json(stored: StoredResult) -> dict[str, object]:
    return {
        "board": stored.board,
        "table": stored.table,
        "round": stored.round,
        "ns": stored.ns,
        "ew": stored.ew,
        "entry": stored.entry.to_str(),
        "score": stored.result.to_str() if stored.result is not None else None,
        "version": stored.version,
    }


def _entered_json(entered: Entered) -> dict[str, object]:
    return {
        "board": entered.board,
        "ns": entered.ns,
        "ew": entered.ew,
        "entry": entered.entry.to_str(),
        "score": entered.result.to_str() if entered.result is not None else None,
        "confirmed": False,
        "replaced": entered.replaced.to_str() if entered.replaced is not None else None,
    }


TABLE_WAIT = N_("too many wrong table codes; wait {minutes} minutes and try again")
"""The refusal of a table's code after too many wrong ones, said to the players."""


def sign_in_session(request: Request, desk: TableDesk, event: int, code: str) -> int:
    """Check the code (with the sign-in limits) and remember the table on the session."""
    check_table_code_allowed(request, event, TABLE_WAIT)
    try:
        table = desk.sign_in(event, code)
    except TableEntryError:
        record_table_code(request, event, succeeded=False)
        raise
    record_table_code(request, event, succeeded=True)
    sign_in_table(request, event, table)
    return table


api = APIRouter(
    prefix="/api/tables",
    tags=["tables"],
    route_class=LazyRoute,
)


@api.post("/sign-in", responses=error_responses(401, 422, 429, 503))
def api_sign_in(request: Request, body: SignInBody, desk: Desk) -> Response:
    """Sign this session in as the table whose card has the code; answers its CSRF token."""
    table = sign_in_session(request, desk, body.event, body.code)
    return JSONResponse({"event": body.event, "table": table, "csrf": request.session["csrf"]})


@api.get("/{event}/{table}/round", responses=error_responses(403, 404, 409, 422, 503))
def api_round(request: Request, event: Number, table: Number, desk: Desk) -> Response:
    """The table's open round: its session, pairs and boards, the entries awaiting confirmation."""
    require_table(request, event, table)
    session, seatings = desk.playing(event, table)
    # An entry left unconfirmed when its round closed stays in the database for the
    # director, but it is no longer the table's to confirm: only the open boards'.
    playing = {board for seating in seatings for board in seating.boards}
    waiting = desk.entered(event, table, session)
    entered = {board: one for board, one in waiting.items() if board in playing}
    return JSONResponse(
        {
            "event": event,
            "table": table,
            "session": session,
            "rounds": [
                {
                    "round": seating.round,
                    "ns": seating.sides[0],
                    "ew": seating.sides[1],
                    "boards": list(seating.boards),
                }
                | _match_json(desk.match(event, seating))
                for seating in seatings
            ],
            "pending": [_entered_json(entered[board]) for board in sorted(entered)],
        }
    )


def _match_json(match: MatchAtTable | None) -> dict[str, object]:
    """A teams round's match at the table, for the API (nothing for pairs or players).

    >>> _match_json(MatchAtTable(1, 2, False, 3, "1", "4", ("5",)))["match"]
    {'number': 2, 'room': 'closed', 'other_table': 3, 'home': '1', 'away': '4'}
    >>> _match_json(None)
    {}
    """
    if match is None:
        return {}
    return {
        "match": {
            "number": match.number,
            "room": "open" if match.open_room else "closed",
            "other_table": match.other_table,
            "home": match.home,
            "away": match.away,
        },
        "sitting_out": list(match.sitting_out),
    }


@api.get("/{event}/{table}/results", responses=error_responses(403, 404, 409, 422, 503))
def api_results(request: Request, event: Number, table: Number, desk: Desk) -> Response:
    """The table's own confirmed results in its open round."""
    require_table(request, event, table)
    stored = desk.results(event, table)
    return JSONResponse({"results": [_stored_json(one) for one in stored]})


# A table's writes: the checks of the request run on the event loop, and the desk's
# work (the database) in the desk's writer thread, which commits the writes that wait
# together at once; the request waits for it without holding a thread of its own.


@api.post(
    "/{event}/{table}/boards/{board}",
    dependencies=[Depends(_header_csrf)],
    responses=error_responses(403, 404, 409, 422, 503, 507),
)
async def api_enter(
    request: Request, event: Number, table: Number, board: Number, body: EntryBody, desk: Desk
) -> Response:
    """North-South enter a board's result; the answer shows the score to confirm."""
    require_table(request, event, table)
    typed = TypedEntry(body.contract, body.declarer, body.tricks, body.lead, body.ns, body.ew)
    entered = await desk.enter(event, table, board, typed)
    return JSONResponse(_entered_json(entered))


@api.post(
    "/{event}/{table}/boards/{board}/confirm",
    status_code=201,
    dependencies=[Depends(_header_csrf)],
    responses=error_responses(403, 404, 409, 422, 503, 507),
)
async def api_confirm(
    request: Request, event: Number, table: Number, board: Number, body: ConfirmBody, desk: Desk
) -> Response:
    """East-West confirm the board's entry: 201 once the result is in the database."""
    require_table(request, event, table)
    try:
        stored = await desk.confirm(event, table, board, body.pair, body.entry)
    except AlreadyConfirmedError as done:  # a retry whose answer was lost: the same answer
        stored = done.stored
    return JSONResponse(_stored_json(stored), status_code=201)
