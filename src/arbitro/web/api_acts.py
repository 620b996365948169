"""The director's JSON API on the director's acts and records.

Penalties (Laws 90, 91), acts on a participant (4, 91), the players' own
rectifications (10B), appeals and their decisions (92, 93).
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from arbitro.i18n import use_language
from arbitro.tournament.entry import Entry
from arbitro.tournament.penalties import lacks_its_board
from arbitro.tournament.records import Decision
from arbitro.web.acts import make_penalty, record_act, suspension_note
from arbitro.web.api import Csrf
from arbitro.web.api_models import (
    ActIn,
    AppealIn,
    Created,
    DecisionIn,
    PenaltyChange,
    PenaltyIn,
    Reason,
    RectifiedIn,
)
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    Number,
    describe_route,
    error_responses,
    page_language,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import ApiDirector, StoreDep

router = APIRouter(prefix="/api", tags=["director"], route_class=LazyRoute)
"""The API's penalties, acts, rectifications and appeals."""


@router.post(
    "/events/{event_id}/penalties",
    response_model=Created,
    status_code=201,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_penalty(
    event_id: Number, given: PenaltyIn, director: ApiDirector, store: StoreDep
) -> Created:
    """Give a procedural (90) or disciplinary (91) penalty; ``id`` is its number in the event.

    Without a ``session`` it goes to the event's current one (the desk's).

    >>> describe_route(router, api_penalty)
    'POST /api/events/{event_id}/penalties'
    """
    record = make_penalty(given)
    session = store.current_session(event_id) if given.session is None else given.session
    return Created(id=store.add_penalty(event_id, record, session, director=director))


@router.post(
    "/events/{event_id}/participants/{number}/acts",
    status_code=201,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_act(
    request: Request,
    event_id: Number,
    number: str,
    given: ActIn,
    director: ApiDirector,
    store: StoreDep,
) -> dict[str, object]:
    """Record a substitute (Law 4), a suspension (91A) or a disqualification (91B) in the event's log.

    A suspension's missed boards are scored at once (``scored``: board, table, entry).
    When the event cannot score them (no movement, or an individual event), ``note``
    tells the director to enter them, in the language of the request; else it is null.

    >>> describe_route(router, api_act)
    'POST /api/events/{event_id}/participants/{number}/acts'
    """
    with use_language(page_language(request)):  # the record and the note in the request's
        act = record_act(store, event_id, number, given, director)
        note = suspension_note(act.unscored) if act.unscored is not None else None
    return {
        "action": given.action,
        "detail": act.detail,
        "scored": [
            {"board": one.board, "table": one.table, "entry": one.entry.to_str()}
            for one in act.scored
        ],
        "note": note,
    }


@router.post(
    "/events/{event_id}/rectifications",
    response_model=Created,
    status_code=201,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_rectified(
    event_id: Number, given: RectifiedIn, director: ApiDirector, store: StoreDep
) -> Created:
    """Record the players' own rectification, accepted or cancelled, as a ruling at the board (Law 10B).

    >>> describe_route(router, api_rectified)
    'POST /api/events/{event_id}/rectifications'
    """
    number, _text = store.record_rectification(
        event_id, given.board, given.table, given.what, given.accepted, given.session, director
    )
    return Created(id=number)


@router.get("/events/{event_id}/penalties", responses=error_responses(401, 404, 422, 503))
def api_penalties(
    event_id: Number, director: ApiDirector, store: StoreDep
) -> list[dict[str, str | int | bool | None]]:
    """The event's penalties: ``id`` is the number in the event the other routes take.

    ``first_match`` flags a teams penalty in IMPs kept without its board from before
    the board was required: it comes off the team's first match of its session (Law 90),
    to be withdrawn and given again with its board.

    >>> describe_route(router, api_penalties)
    'GET /api/events/{event_id}/penalties'
    """
    info = store.event(event_id)
    return [
        {
            "id": str(stored.number),
            "session": stored.session,
            "participant": stored.record.participant,
            "kind": stored.record.kind.value,
            "amount": str(stored.record.amount),
            "unit": stored.record.unit,
            "law": stored.record.law,
            "reason": stored.record.reason,
            "board": stored.record.board,
            "first_match": lacks_its_board(stored.record, info.spec, info.timetable),
        }
        for stored in store.penalties(event_id)
    ]


@router.post(
    "/events/{event_id}/penalties/{penalty}/withdraw",
    status_code=204,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_withdraw_penalty(
    event_id: Number, penalty: Number, given: Reason, director: ApiDirector, store: StoreDep
) -> None:
    """Withdraw penalty number ``penalty`` of the event, with the reason in the event's log.

    >>> describe_route(router, api_withdraw_penalty)
    'POST /api/events/{event_id}/penalties/{penalty}/withdraw'
    """
    store.withdraw_penalty(event_id, penalty, given.reason, director=director)


@router.put(
    "/events/{event_id}/penalties/{penalty}",
    status_code=204,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_change_penalty(
    event_id: Number,
    penalty: Number,
    given: PenaltyChange,
    director: ApiDirector,
    store: StoreDep,
) -> None:
    """Change penalty number ``penalty`` (amount, unit, Law, reason, board, session), with why in the event's log.

    >>> describe_route(router, api_change_penalty)
    'PUT /api/events/{event_id}/penalties/{penalty}'
    """
    store.change_penalty(
        event_id,
        penalty,
        make_penalty(given),
        given.why,
        director=director,
        session=given.session,
    )


@router.post(
    "/events/{event_id}/appeals",
    response_model=Created,
    status_code=201,
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_appeal(
    event_id: Number, given: AppealIn, director: ApiDirector, store: StoreDep
) -> Created:
    """Lodge an appeal (Law 92), refused after its deadline.

    >>> describe_route(router, api_appeal)
    'POST /api/events/{event_id}/appeals'
    """
    return Created(
        id=store.lodge_signed_appeal(
            event_id, given.appellant, given.reason, given.signed_by, given.ruling, by=director
        )
    )


@router.post(
    "/events/{event_id}/appeals/{appeal_id}/decision",
    dependencies=[Csrf],
    responses=error_responses(401, 403, 404, 409, 422, 503, 507),
)
def api_decide(
    event_id: Number, appeal_id: Number, given: DecisionIn, director: ApiDirector, store: StoreDep
) -> dict[str, str]:
    """Record the decision on an appeal (Law 93).

    >>> describe_route(router, api_decide)
    'POST /api/events/{event_id}/appeals/{appeal_id}/decision'
    """
    score = Entry.from_str(given.score) if given.score is not None else None
    law = store.decide_appeal(
        event_id,
        appeal_id,
        Decision(given.decision),
        by=director,
        matter=given.matter,
        body=given.body,
        committee=given.committee,
        score=score,
    )
    return {"decision": given.decision} | ({"law": law} if law else {})


@router.get("/events/{event_id}/appeals", responses=error_responses(401, 404, 422, 503))
def api_appeals(
    event_id: Number, director: ApiDirector, store: StoreDep
) -> list[dict[str, object]]:
    """The event's appeals and their decisions.

    >>> describe_route(router, api_appeals)
    'GET /api/events/{event_id}/appeals'
    """
    return [
        {
            "id": stored.id,
            "appellant": stored.appeal.appellant,
            "reason": stored.appeal.reason,
            "deadline": stored.appeal.deadline,
            "decision": stored.appeal.decision.value if stored.appeal.decision else None,
        }
        for stored in store.appeals(event_id)
    ]
