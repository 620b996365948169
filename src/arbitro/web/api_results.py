"""The director's JSON API on results: entering and correcting them, the audit trail, the log."""

from __future__ import annotations

from dataclasses import asdict

from fastapi import APIRouter, Request

from arbitro.core.board import Board
from arbitro.i18n import use_language
from arbitro.tournament.entry import disputed_correction
from arbitro.web.api import Csrf
from arbitro.web.api_models import Correction, ResultIn, ResultOut, audit_out, result_out
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    Number,
    describe_route,
    error_responses,
    page_language,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import ApiDirector, StoreDep

router = APIRouter(prefix="/api", tags=["director"], route_class=LazyRoute)
"""The API's results, audit trail and log."""


@router.get(
    "/events/{event_id}/results",
    response_model=list[ResultOut],
    responses=error_responses(401, 404, 422, 503),
)
def api_results(event_id: Number, director: ApiDirector, store: StoreDep) -> list[ResultOut]:
    """Every result of the event.

    >>> describe_route(router, api_results)
    'GET /api/events/{event_id}/results'
    """
    return [result_out(stored) for stored in store.results(event_id)]


@router.post(
    "/events/{event_id}/results",
    response_model=ResultOut,
    status_code=201,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 409, 422, 503, 507),
)
def api_enter_result(
    event_id: Number, given: ResultIn, director: ApiDirector, store: StoreDep
) -> ResultOut:
    """Enter a result (the pairs are the movement's for that table and board).

    >>> describe_route(router, api_enter_result)
    'POST /api/events/{event_id}/results'
    """
    stored = store.enter_result(event_id, given.board, given.table, given.entry(), by=director)
    return result_out(stored)


@router.put(
    "/events/{event_id}/results",
    response_model=ResultOut,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_correct_result(
    event_id: Number, given: Correction, director: ApiDirector, store: StoreDep
) -> ResultOut:
    """Correct a result; the old and new values and the reason go to the audit trail.

    >>> describe_route(router, api_correct_result)
    'PUT /api/events/{event_id}/results'
    """
    entry = given.entry()
    if given.disputed:
        profile = store.event(event_id).spec.profile
        for old in store.results(event_id, 1):
            if (old.board, old.table) == (given.board, given.table):
                marked = store.boards(event_id).get(given.board) or Board(given.board)
                entry = disputed_correction(old.entry, entry, marked, profile)
    stored = store.correct_result(
        event_id, given.board, given.table, entry, reason=given.reason, by=director
    )
    return result_out(stored)


@router.get("/events/{event_id}/audit", responses=error_responses(401, 404, 422, 503))
def api_audit(event_id: Number, director: ApiDirector, store: StoreDep) -> list[dict[str, object]]:
    """The audit trail of the event's results.

    >>> describe_route(router, api_audit)
    'GET /api/events/{event_id}/audit'
    """
    return [audit_out(entry) for entry in store.audit(event_id)]


@router.get("/events/{event_id}/log", responses=error_responses(401, 404, 422, 503))
def api_log(
    request: Request, event_id: Number, director: ApiDirector, store: StoreDep
) -> list[dict[str, object]]:
    """The event's log: rounds opened and closed, publication and reopening, by whom.

    The director's acts (Laws 4, 91) are worded in the language of the request.

    >>> describe_route(router, api_log)
    'GET /api/events/{event_id}/log'
    """
    store.event(event_id)
    with use_language(page_language(request)):
        return [asdict(entry) for entry in store.event_log(event_id)]
