"""The players' results as JSON (``/api/results/``): ranking, travellers, score cards, hand records.

What each route answers, and whom to, is :mod:`~arbitro.web.public_results`'s (Law 16C
before the session is over, Law 79C for the ranking and the hand records); who asks,
:mod:`~arbitro.web.public_reader`'s. The director alone keeps the deals
(:func:`api_set_deals`). The pages of the same results are in :mod:`~arbitro.web.public`.

>>> from fastapi.testclient import TestClient
>>> from arbitro.store import open_store
>>> from arbitro.web import create_app
>>> TestClient(create_app(open_store("sqlite:///:memory:"))).get("/api/results/9").json()
{'detail': 'there is no event 9'}
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from arbitro.i18n import use_language
from arbitro.scoring.session import show
from arbitro.web.pages import Number, error_responses, get_store, page_language, typed_pair
from arbitro.web.public_reader import CodeQuery, SessionQuery, reader
from arbitro.web.public_results import (
    board_sessions,
    hand_records,
    ranking,
    score_card,
    set_deals,
    traveller,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import ApiDirector, require_header_csrf
from arbitro.web.standings import uncompared_lines

api = APIRouter(prefix="/api/results", tags=["results"], route_class=LazyRoute)


@api.get("/{event}", responses=error_responses(403, 404, 422, 503))
def api_ranking(request: Request, event: Number) -> Response:
    """The published ranking of ``event``: place (``2=`` for a tie), participant, total.

    ``disqualified`` lists apart, with their record, the participants disqualified under
    Law 91B, who are not ranked (:meth:`~arbitro.store.Store.disqualified`).
    ``uncompared`` lists a teams event's boards left out of their match because its two
    tables are in different groups of a fouled board (Law 87B): each waits for the
    director's adjusted score (``note``, in the language of the request). A knockout's
    ``matches`` (:meth:`~arbitro.tournament.knockout.KnockoutMatch.to_json`: segments,
    carry-over, totals, result) decide it; its ``ranking`` only lists each team's total.

    >>> from arbitro.web.pages import describe_route
    >>> describe_route(api, api_ranking)
    'GET /api/results/{event}'
    """
    store = get_store(request)
    standings = ranking(store, event)
    names = {p.number: p.names for p in store.participants(event)}
    with use_language(page_language(request)):
        waiting = [line.model_dump() for line in uncompared_lines(store, event)]
        matches = [match.to_json() for match in store.knockout_matches(event)]
        disqualified = store.disqualified(event)  # each record in the request's language
    return JSONResponse(
        {
            "event": event,
            "ranking": [
                {
                    # No result yet: listed, with no place and no total.
                    "rank": s.rank_label if s.played else None,
                    "participant": s.participant,
                    "total": show(s.total) if s.played else None,
                    "played": s.played,
                    "direction": s.direction.to_str() if s.direction is not None else None,
                    "names": names.get(s.participant, ""),
                }
                for s in standings
            ],
            "disqualified": [
                {"participant": participant, "disqualified": detail, "law": "91B"}
                for participant, detail in disqualified.items()
            ],
            "uncompared": waiting,
            **({"matches": matches} if store.event(event).spec.knockout else {}),
        }
    )


@api.get("/{event}/boards/{board}", responses=error_responses(401, 403, 404, 422, 429, 503))
def api_traveller(
    request: Request,
    event: Number,
    board: Number,
    code: CodeQuery = None,
    session: SessionQuery = None,
) -> Response:
    """Board ``board``'s traveller (``?code=`` your table card's code before the session is over).

    ``?session=`` chooses the session (by default the last with a result on the board).
    ``uncompared`` names the matches whose two tables played the board in different
    groups of a fouled board (Law 87B): they are not compared, and the board waits for
    the director's adjusted score (``note``, in the language of the request).
    """
    store = get_store(request)
    who = reader(request, event, code)
    shown = session or board_sessions(store.results(event), board)[-1]
    lines = traveller(store, event, board, who.seated, everything=who.director, session=shown)
    with use_language(page_language(request)):
        waiting = [line.model_dump() for line in uncompared_lines(store, event, board, shown)]
    return JSONResponse(
        {
            "event": event,
            "board": board,
            "session": shown,
            "lines": [line.to_json() for line in lines],
            "uncompared": waiting,
        }
    )


@api.get("/{event}/pairs/{pair}", responses=error_responses(401, 403, 404, 422, 429, 503))
def api_score_card(request: Request, event: Number, pair: str, code: CodeQuery = None) -> Response:
    """Pair ``pair``'s personal score card (``?code=`` its table card's code before the session is over)."""
    typed, pair = pair, typed_pair(pair)  # 5EO, as a Spanish player writes it, is 5EW
    who = reader(request, event, code)
    lines = score_card(
        get_store(request), event, pair, who.seated, everything=who.director, typed=typed
    )
    return JSONResponse({"event": event, "pair": pair, "boards": [vars(line) for line in lines]})


class DealsBody(BaseModel):
    """The deals of an event's boards: board number -> PBN deal (``N:AKQ.… …``)."""

    deals: dict[int, str] = Field(max_length=1000)


@api.put(
    "/{event}/deals",
    dependencies=[Depends(require_header_csrf)],
    responses=error_responses(401, 403, 404, 422, 503, 507),
)
def api_set_deals(
    request: Request, event: Number, body: DealsBody, director: ApiDirector
) -> Response:
    """The director keeps the event's deals, for the hand records (director only)."""
    kept = set_deals(get_store(request), event, body.deals)
    return JSONResponse({"event": event, "boards": sorted(kept)})


@api.get(
    "/{event}/hands",
    responses={
        202: {
            "description": "Not ready: the double-dummy analysis is running (how far it has got)."
        },
        **error_responses(403, 404, 422, 503),
    },
)
def api_hands(request: Request, event: Number) -> Response:
    """The hand records once published: each board's deal, double-dummy tricks and par.

    ``tricks`` is, for declarers N, E, S, W, the tricks in C, D, H, S and NT.
    """
    records = hand_records(get_store(request), event)
    if not records.finished:
        # Accepted, not ready: the analysis is running in the background.
        return JSONResponse(
            {
                "event": event,
                "analysed": records.progress.analysed,
                "of": records.progress.boards,
                "boards": [],
            },
            status_code=202,
        )
    entries = records.entries
    return JSONResponse(
        {
            "event": event,
            "analysed": records.progress.analysed,
            "of": records.progress.boards,
            "boards": [
                {
                    "board": entry.dealt.board.number,
                    "deal": entry.dealt.deal.to_str(),
                    "tricks": entry.table.to_str(),
                    "par": entry.par.score,
                    "par_contracts": entry.par.to_pbn(),
                }
                for entry in entries
            ],
        }
    )
