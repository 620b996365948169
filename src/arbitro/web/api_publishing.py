"""The director's JSON API on the results' publication: publishing, reopening, the ranking.

Publishing starts the correction period (Law 79C); locked results are reopened by Law
79C2.
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from arbitro.i18n import use_language
from arbitro.tournament.records import law_79c2_reason
from arbitro.tournament.reopening import named_boards
from arbitro.web.api import Csrf
from arbitro.web.api_models import EventOut, Reopening, event_out
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    Number,
    describe_route,
    error_responses,
    page_language,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import ApiDirector, StoreDep
from arbitro.web.standings import (
    Disqualified,
    Standing,
    Uncompared,
    ranking_lines,
    uncompared_lines,
)

router = APIRouter(prefix="/api", tags=["director"], route_class=LazyRoute)
"""The API's publication, reopening and ranking."""


@router.post(
    "/events/{event_id}/publish",
    response_model=EventOut,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 409, 422, 503, 507),
)
def api_publish(event_id: Number, director: ApiDirector, store: StoreDep) -> EventOut:
    """Publish the official results; the correction period of Law 79C starts.

    >>> describe_route(router, api_publish)
    'POST /api/events/{event_id}/publish'
    """
    return event_out(store.publish(event_id, by=director))


@router.post(
    "/events/{event_id}/reopen",
    response_model=EventOut,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_reopen(
    event_id: Number, given: Reopening, director: ApiDirector, store: StoreDep
) -> EventOut:
    """Reopen the boards of locked results whose score is wrong (Law 79C2).

    ``boards`` names them (or ``all_boards`` every board); until the results are
    published again only those may change. A board the event does not have is a 422.

    >>> describe_route(router, api_reopen)
    'POST /api/events/{event_id}/reopen'
    """
    reason = law_79c2_reason(given.reason, director, given.organiser)
    chosen = named_boards(given.boards, given.all_boards, "boards", "all_boards")
    return event_out(store.reopen(event_id, reason, by=director, boards=chosen))


@router.get(
    "/events/{event_id}/ranking",
    response_model=list[Standing | Disqualified | Uncompared],
    responses=error_responses(401, 404, 422, 503),
)
def api_ranking(
    request: Request, event_id: Number, director: ApiDirector, store: StoreDep
) -> list[Standing | Disqualified | Uncompared]:
    """The event's ranking (ties shown as ``2=``), the participants disqualified (Law 91B), the boards not compared (87B).

    A disqualified participant is not ranked (the places close up,
    :meth:`~arbitro.store.Store.ranking`); it follows the ranking as a line of its own
    with its record (:meth:`~arbitro.store.Store.disqualified`), as ``event ranking --json``
    lists it. In a teams event, a board whose two tables of a match are in different
    groups of a fouled board follows as a line of its own (:class:`Uncompared`, its
    ``note`` in the language of the request): it waits for the director's adjusted score.

    >>> describe_route(router, api_ranking)
    'GET /api/events/{event_id}/ranking'
    """
    names = {participant.number: participant.names for participant in store.participants(event_id)}
    with use_language(page_language(request)):  # the records in the request's language
        apart = [
            Disqualified(participant=number, disqualified=detail, names=names.get(number, ""))
            for number, detail in store.disqualified(event_id).items()
        ]
        waiting = uncompared_lines(store, event_id)
    return [*ranking_lines(store, event_id), *apart, *waiting]
