"""The director's JSON API on events: creating them, their participants, table cards and rounds.

Listing and creating events, a Swiss's next round paired, the participants and their
players, the table cards, the rounds opened and closed, the tables' progress.
"""

from __future__ import annotations

from dataclasses import asdict
from fractions import Fraction
from typing import Annotated

from fastapi import APIRouter, Query, Request

from arbitro.i18n import N_
from arbitro.tournament.event import EventSpec, Participant
from arbitro.web.api import Csrf
from arbitro.web.api_models import (
    Created,
    EventOut,
    NewEvent,
    PairedTable,
    Pairings,
    Players,
    Progress,
    RoundOut,
    TableCard,
    build_movement,
    event_out,
    progress,
)
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    Number,
    RefusedRequestError,
    describe_route,
    error_responses,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import ApiDirector, StoreDep, app_secret, table_code

router = APIRouter(prefix="/api", tags=["director"], route_class=LazyRoute)
"""The API's events, participants, table cards and rounds."""


@router.get("/events", response_model=list[EventOut], responses=error_responses(401, 503))
def api_events(director: ApiDirector, store: StoreDep) -> list[EventOut]:
    """Every event, oldest first.

    >>> describe_route(router, api_events)
    'GET /api/events'
    """
    return [event_out(info) for info in store.events()]


@router.post(
    "/events",
    response_model=Created,
    status_code=201,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 422, 503, 507),
)
def api_create_event(given: NewEvent, director: ApiDirector, store: StoreDep) -> Created:
    """Create an event with its movement; its pairs are the movement's, named as given.

    >>> describe_route(router, api_create_event)
    'POST /api/events'
    """
    movement = build_movement(
        given.movement, given.tables, given.boards_per_round, given.rounds, given.kind == "teams"
    )
    spec = EventSpec.scored(
        given.name,
        movement.boards,
        given.scoring,
        kind=given.kind,
        profile=given.profile,
        sessions=given.sessions,
    )
    participants = [Participant.from_str(text) for text in given.participants]
    bye = Fraction(given.bye_vp) if given.bye_vp is not None else None
    return Created(id=store.create_event(spec, participants, movement, bye_score=bye))


@router.post(
    "/events/{event_id}/pairings",
    response_model=Pairings,
    status_code=201,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 409, 422, 503),
)
def api_pair_round(
    event_id: Number,
    director: ApiDirector,
    store: StoreDep,
    round: Annotated[int | None, Query(ge=1)] = None,
    absent: Annotated[list[str] | None, Query(max_length=20)] = None,
) -> Pairings:
    """Pair a Swiss event's next round from its ranking (409 while a round has results missing).

    ``round`` refuses any round but the next (409): a round is paired once. Each
    ``absent`` (repeated) is a team or pair that does not play the round: not paired,
    no bye.

    >>> describe_route(router, api_pair_round)
    'POST /api/events/{event_id}/pairings'
    """
    paired = store.pair_next_round(event_id, round, absent or ())
    first = paired.seatings[0]
    return Pairings(
        round=first.round,
        boards=list(first.boards),
        tables=[
            PairedTable(number=seating.table, ns=seating.ns or "", ew=seating.ew or "")
            for seating in paired.seatings
        ],
        bye=paired.bye,
        repeats=list(paired.repeats),
        absent=list(paired.absent),
    )


@router.get(
    "/events/{event_id}", response_model=EventOut, responses=error_responses(401, 404, 422, 503)
)
def api_event(event_id: Number, director: ApiDirector, store: StoreDep) -> EventOut:
    """One event.

    >>> describe_route(router, api_event)
    'GET /api/events/{event_id}'
    """
    return event_out(store.event(event_id))


@router.get("/events/{event_id}/participants", responses=error_responses(401, 404, 422, 503))
def api_participants(event_id: Number, director: ApiDirector, store: StoreDep) -> list[str]:
    """The event's participants, as ``number: players``.

    >>> describe_route(router, api_participants)
    'GET /api/events/{event_id}/participants'
    """
    return [participant.to_str() for participant in store.participants(event_id)]


@router.put(
    "/events/{event_id}/participants/{number}",
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_set_players(
    event_id: Number, number: str, given: Players, director: ApiDirector, store: StoreDep
) -> dict[str, str]:
    """Name a participant's players.

    >>> describe_route(router, api_set_players)
    'PUT /api/events/{event_id}/participants/{number}'
    """
    return {"participant": store.set_players(event_id, number, given.players, by=director).to_str()}


@router.get(
    "/events/{event_id}/table-cards",
    response_model=list[TableCard],
    responses=error_responses(401, 404, 422, 503),
)
def api_table_cards(
    event_id: Number, request: Request, director: ApiDirector, store: StoreDep
) -> list[TableCard]:
    """Each table's sign-in code and its seats and boards in every round.

    >>> describe_route(router, api_table_cards)
    'GET /api/events/{event_id}/table-cards'
    """
    info = store.event(event_id)
    lines = progress(store, event_id)
    return [
        TableCard(
            table=table,
            code=table_code(app_secret(request), event_id, table),
            rounds=[line for line in lines if line.table == table],
        )
        for table in range(1, (info.tables or 0) + 1)
    ]


@router.get(
    "/events/{event_id}/rounds",
    response_model=list[RoundOut],
    responses=error_responses(401, 404, 422, 503),
)
def api_rounds(event_id: Number, director: ApiDirector, store: StoreDep) -> list[RoundOut]:
    """The rounds opened so far, and whether each is still open.

    >>> describe_route(router, api_rounds)
    'GET /api/events/{event_id}/rounds'
    """
    store.event(event_id)
    return [RoundOut(**asdict(state)) for state in store.rounds(event_id)]


@router.post(
    "/events/{event_id}/rounds/{round_number}/open",
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_open_round(
    event_id: Number,
    round_number: Number,
    director: ApiDirector,
    store: StoreDep,
    session: Number = 1,
) -> RoundOut:
    """Open a round of ``session`` for entry at the tables (refused while another session's is open).

    >>> describe_route(router, api_open_round)
    'POST /api/events/{event_id}/rounds/{round_number}/open'
    """
    return RoundOut(**asdict(store.open_round(event_id, round_number, session, by=director)))


@router.post(
    "/events/{event_id}/rounds/{round_number}/close",
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 409, 422, 503, 507),
)
def api_close_round(
    event_id: Number,
    round_number: Number,
    director: ApiDirector,
    store: StoreDep,
    session: Number = 1,
    confirm: bool = False,
) -> dict[str, int]:
    """Close a round of ``session``: its tables can no longer enter results.

    As the desk asks first, a round with boards still without a result (an entry
    awaiting East-West's confirmation, or none at all) is refused with a 409 naming each
    board and its table, and closed only with ``?confirm=true``. A round never opened is
    refused (422).

    >>> describe_route(router, api_close_round)
    'POST /api/events/{event_id}/rounds/{round_number}/close'
    """
    closing = store.round_closing(event_id, round_number, session)
    if closing and not confirm:
        raise RefusedRequestError(
            N_(
                "round {round} still has boards without a result: {boards}; nothing was "
                "closed: confirm with ?confirm=true to close it anyway"
            ),
            409,
            round=round_number,
            boards=closing,
        )
    store.close_round(event_id, round_number, session, by=director)
    return {"closed": round_number}


@router.get(
    "/events/{event_id}/progress",
    response_model=list[Progress],
    responses=error_responses(401, 404, 422, 503),
)
def api_progress(
    event_id: Number, director: ApiDirector, store: StoreDep, session: Number = 1
) -> list[Progress]:
    """Which tables have entered which boards of ``session``, round by round.

    >>> describe_route(router, api_progress)
    'GET /api/events/{event_id}/progress'
    """
    store.event(event_id)
    return progress(store, event_id, session)
