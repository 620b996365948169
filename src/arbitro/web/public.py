"""Results for the players, without signing in: rankings, travellers, personal score cards.

The ranking is shown once the director has published the results (the start of the
correction period, Law 79C). Before that a player sees the traveller of a board only
once their own pair has played it (so nobody learns a board before playing it), and
their own score card; after publication every traveller is open.

>>> from fastapi.testclient import TestClient
>>> from arbitro.store.repository import open_store
>>> from arbitro.web import create_app
>>> TestClient(create_app(open_store("sqlite:///:memory:"))).get("/api/results/9").json()
{'detail': 'there is no event 9'}
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from arbitro.analysis.record import hand_record
from arbitro.analysis.solver import analyse
from arbitro.analysis.tables import BoardAnalysis
from arbitro.core.board import Board
from arbitro.core.deal import Deal
from arbitro.core.errors import ArbitroError
from arbitro.dealing.dealer import DealtBoard
from arbitro.i18n import N_
from arbitro.scoring.session import BoardLine, show
from arbitro.store.models import SettingRow
from arbitro.store.repository import EventInfo, Store, StoredResult
from arbitro.tournament.ranking import Standing
from arbitro.web.pages import (
    RefusedRequestError,
    error_json,
    error_status,
    get_store,
    page_language,
    render,
)
from arbitro.web.security import ApiDirector, require_header_csrf


class ResultsNotOpenError(RefusedRequestError):
    """A traveller or ranking asked for before the player may see it (HTTP 403 or 404).

    >>> print(ResultsNotOpenError(N_("there is no event {event}"), 404, event=3))
    there is no event 3
    """


@dataclass(frozen=True)
class TravellerLine:
    """One table's line of a board's traveller: who played, the contract, the score, the points."""

    table: int
    ns: str
    ew: str
    entry: str
    score: str
    ns_points: str
    ew_points: str


@dataclass(frozen=True)
class CardLine:
    """One board of a pair's personal score card, from the pair's side."""

    board: int
    direction: str
    opponents: str
    entry: str
    score: str
    points: str


def _event(store: Store, event: int) -> EventInfo:
    try:
        return store.event(event)
    except ArbitroError:
        raise ResultsNotOpenError(N_("there is no event {event}"), 404, event=event) from None


def _require_published(info: EventInfo, event: int) -> None:
    """Refuse (403) what only opens once the event's results are published (Law 79C)."""
    if info.published is None:
        raise ResultsNotOpenError(
            N_("the results of event {event} are not published yet"), 403, event=event
        )


def _lines(store: Store, event: int, board: int) -> dict[tuple[str, str], BoardLine]:
    for session in store.score(event):
        if board in session.boards:
            return {(line.ns, line.ew): line for line in session.boards[board]}
    return {}


def ranking(store: Store, event: int) -> list[Standing]:
    """The event's ranking, once published (Law 79C); refused before.

    >>> from arbitro.store.repository import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> ranking(store, store.create_event(EventSpec("Club", boards=1)))
    Traceback (most recent call last):
    ...
    arbitro.web.public.ResultsNotOpenError: the results of event 1 are not published yet
    """
    _require_published(_event(store, event), event)
    return store.ranking(event)


def traveller(store: Store, event: int, board: int, pair: str | None) -> list[TravellerLine]:
    """Board ``board``'s traveller: open to everyone once published, before that to a pair that played it.

    >>> from arbitro.store.repository import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> traveller(store, store.create_event(EventSpec("Club", boards=2)), 1, "3")
    Traceback (most recent call last):
    ...
    arbitro.web.public.ResultsNotOpenError: pair 3 has not played board 1 yet: its traveller opens when your table has played it
    """
    info = _event(store, event)
    if not 1 <= board <= info.spec.boards:
        raise ResultsNotOpenError(
            N_("board {board} is not in the event (expected 1 to {boards})"),
            404,
            board=board,
            boards=info.spec.boards,
        )
    results = [stored for stored in store.results(event) if stored.board == board]
    if info.published is None and not any(pair in (r.ns, r.ew) for r in results):
        if not pair:
            raise ResultsNotOpenError(
                N_("give your pair number to see the traveller of board {board}"),
                403,
                board=board,
            )
        raise ResultsNotOpenError(
            N_(
                "pair {pair} has not played board {board} yet: its traveller opens when your "
                "table has played it"
            ),
            403,
            pair=pair,
            board=board,
        )
    lines = _lines(store, event, board)
    out = []
    for stored in results:
        line = lines.get((stored.ns, stored.ew))
        out.append(
            TravellerLine(
                stored.table,
                stored.ns,
                stored.ew,
                stored.entry.to_str(),
                _score(stored),
                show(line.ns_points) if line is not None else "",
                show(line.ew_points) if line is not None else "",
            )
        )
    return out


def _score(stored: StoredResult) -> str:
    return stored.result.to_str() if stored.result is not None else ""


def score_card(store: Store, event: int, pair: str) -> list[CardLine]:
    """Pair ``pair``'s personal score card: each board it played, from its own side.

    >>> from arbitro.store.repository import open_store
    >>> from arbitro.tournament.event import EventSpec, Participant
    >>> store = open_store("sqlite:///:memory:")
    >>> score_card(store, store.create_event(EventSpec("Club", boards=1), [Participant("1")]), "7")
    Traceback (most recent call last):
    ...
    arbitro.web.public.ResultsNotOpenError: there is no pair 7 in event 1 (expected 1)
    """
    _event(store, event)
    known = [participant.number for participant in store.participants(event)]
    if pair not in known:
        raise ResultsNotOpenError(
            N_("there is no pair {pair} in event {event} (expected {choices})"),
            404,
            pair=pair,
            event=event,
            choices=", ".join(known),
        )
    out = []
    for stored in store.results(event):
        if pair not in (stored.ns, stored.ew):
            continue
        line = _lines(store, event, stored.board).get((stored.ns, stored.ew))
        north_south = pair == stored.ns
        points: Fraction | None = None
        if line is not None:
            points = Fraction(line.ns_points if north_south else line.ew_points)
        out.append(
            CardLine(
                stored.board,
                "NS" if north_south else "EW",
                stored.ew if north_south else stored.ns,
                stored.entry.to_str(),
                _score(stored),
                show(points),
            )
        )
    return out


DEALS_SETTING = "event-deals:{event}"
"""The setting (``settings`` table) an event's deals are kept under, as JSON: board -> PBN deal."""

_analysed: dict[tuple[int, str], list[BoardAnalysis]] = {}
_analysed_lock = threading.Lock()


def set_deals(store: Store, event: int, deals: dict[int, str]) -> dict[int, Deal]:
    """Keep the deals of ``event``'s boards (PBN deal strings), checked; replaces those kept before.

    >>> from arbitro.store.repository import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> set_deals(store, store.create_event(EventSpec("Club", boards=2)), {3: "N:..."})
    Traceback (most recent call last):
    ...
    arbitro.web.public.ResultsNotOpenError: board 3 is not in the event (expected 1 to 2)
    """
    info = _event(store, event)
    read: dict[int, Deal] = {}
    for board, text in sorted(deals.items()):
        if not 1 <= board <= info.spec.boards:
            raise ResultsNotOpenError(
                N_("board {board} is not in the event (expected 1 to {boards})"),
                422,
                board=board,
                boards=info.spec.boards,
            )
        read[board] = Deal.from_str(text)
    value = json.dumps({str(board): deal.to_str() for board, deal in read.items()})
    with Session(store.engine) as db, db.begin():
        db.merge(SettingRow(name=DEALS_SETTING.format(event=event), value=value))
    return read


def deals(store: Store, event: int) -> dict[int, Deal]:
    """The deals kept for ``event``'s boards, by board.

    >>> from arbitro.store.repository import open_store
    >>> deals(open_store("sqlite:///:memory:"), 1)
    {}
    """
    with Session(store.engine) as db:
        row = db.get(SettingRow, DEALS_SETTING.format(event=event))
        kept = json.loads(row.value) if row is not None else {}
    return {int(board): Deal.from_str(text) for board, text in kept.items()}


def hand_records(store: Store, event: int) -> list[BoardAnalysis]:
    """Each board's deal, double-dummy table and par, once the results are published (Law 79C).

    The analysis of a set of deals is made once and kept.

    >>> from arbitro.store.repository import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> hand_records(store, store.create_event(EventSpec("Club", boards=1)))
    Traceback (most recent call last):
    ...
    arbitro.web.public.ResultsNotOpenError: the results of event 1 are not published yet
    """
    _require_published(_event(store, event), event)
    kept = deals(store, event)
    key = (event, json.dumps({board: deal.to_str() for board, deal in kept.items()}))
    with _analysed_lock:
        if key not in _analysed:
            _analysed[key] = analyse(
                DealtBoard(Board(board), deal) for board, deal in sorted(kept.items())
            )
        return _analysed[key]


def _fail(request: Request, error: ArbitroError) -> Response:
    # The message is the error itself: it is put into words in the page's language.
    return render(request, "public/error.html", status_code=error_status(error), message=error)


PairQuery = Annotated[str | None, Query(max_length=16)]

api = APIRouter(prefix="/api/results", tags=["results"])


@api.get("/{event}")
def api_ranking(request: Request, event: int) -> Response:
    """The published ranking of ``event``: place (``2=`` for a tie), participant, total.

    >>> api_ranking.__name__
    'api_ranking'
    """
    store = get_store(request)
    try:
        standings = ranking(store, event)
    except ArbitroError as error:
        return error_json(request, error)
    return JSONResponse(
        {
            "event": event,
            "ranking": [
                {"rank": s.rank_label, "participant": s.participant, "total": show(s.total)}
                for s in standings
            ],
        }
    )


@api.get("/{event}/boards/{board}")
def api_traveller(request: Request, event: int, board: int, pair: PairQuery = None) -> Response:
    """Board ``board``'s traveller (``?pair=`` your pair number before the results are published).

    >>> api_traveller.__name__
    'api_traveller'
    """
    try:
        lines = traveller(get_store(request), event, board, pair)
    except ArbitroError as error:
        return error_json(request, error)
    return JSONResponse({"event": event, "board": board, "lines": [vars(line) for line in lines]})


@api.get("/{event}/pairs/{pair}")
def api_score_card(request: Request, event: int, pair: str) -> Response:
    """Pair ``pair``'s personal score card.

    >>> api_score_card.__name__
    'api_score_card'
    """
    try:
        lines = score_card(get_store(request), event, pair)
    except ArbitroError as error:
        return error_json(request, error)
    return JSONResponse({"event": event, "pair": pair, "boards": [vars(line) for line in lines]})


class DealsBody(BaseModel):
    """The deals of an event's boards: board number -> PBN deal (``N:AKQ.… …``)."""

    deals: dict[int, str] = Field(max_length=1000)


@api.put("/{event}/deals", dependencies=[Depends(require_header_csrf)])
def api_set_deals(request: Request, event: int, body: DealsBody, director: ApiDirector) -> Response:
    """The director keeps the event's deals, for the hand records (director only).

    >>> api_set_deals.__name__
    'api_set_deals'
    """
    try:
        kept = set_deals(get_store(request), event, body.deals)
    except ArbitroError as error:
        return error_json(request, error)
    return JSONResponse({"event": event, "boards": sorted(kept)})


@api.get("/{event}/hands")
def api_hands(request: Request, event: int) -> Response:
    """The hand records once published: each board's deal, double-dummy tricks and par.

    ``tricks`` is, for declarers N, E, S, W, the tricks in C, D, H, S and NT.

    >>> api_hands.__name__
    'api_hands'
    """
    try:
        entries = hand_records(get_store(request), event)
    except ArbitroError as error:
        return error_json(request, error)
    return JSONResponse(
        {
            "event": event,
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


pages = APIRouter(prefix="/results", include_in_schema=False)


@pages.get("")
def events_page(request: Request) -> Response:
    """The events, newest first, each a link to its results.

    >>> events_page.__name__
    'events_page'
    """
    events = list(reversed(get_store(request).events()))
    return render(request, "public/events.html", events=events)


@pages.get("/{event}")
def event_page(request: Request, event: int, pair: PairQuery = None) -> Response:
    """An event's ranking (once published) and the way to a pair's score card.

    >>> event_page.__name__
    'event_page'
    """
    store = get_store(request)
    try:
        info = _event(store, event)
        standings = ranking(store, event) if info.published is not None else None
    except ArbitroError as error:
        return _fail(request, error)
    return render(
        request,
        "public/event.html",
        info=info,
        standings=standings,
        show=show,
        participants=store.participants(event),
    )


@pages.get("/{event}/hands")
def hands_page(request: Request, event: int) -> Response:
    """The hand records, with double-dummy tables and par, once the results are published.

    >>> hands_page.__name__
    'hands_page'
    """
    store = get_store(request)
    try:
        info = _event(store, event)
        entries = hand_records(store, event)
    except ArbitroError as error:
        return _fail(request, error)
    language = page_language(request)
    page = HTMLResponse(hand_record(info.spec.name, entries).html(lang=language))
    page.headers["Content-Language"] = language
    return page


@pages.get("/{event}/pairs/{pair}")
def score_card_page(request: Request, event: int, pair: str) -> Response:
    """A pair's personal score card, each board linking to its traveller.

    >>> score_card_page.__name__
    'score_card_page'
    """
    store = get_store(request)
    try:
        info = _event(store, event)
        lines = score_card(store, event, pair)
    except ArbitroError as error:
        return _fail(request, error)
    return render(request, "public/score_card.html", info=info, pair=pair, lines=lines)


@pages.get("/{event}/boards/{board}")
def traveller_page(request: Request, event: int, board: int, pair: PairQuery = None) -> Response:
    """A board's traveller.

    >>> traveller_page.__name__
    'traveller_page'
    """
    store = get_store(request)
    try:
        info = _event(store, event)
        lines = traveller(store, event, board, pair)
    except ArbitroError as error:
        return _fail(request, error)
    return render(
        request, "public/traveller.html", info=info, board=board, pair=pair or "", lines=lines
    )


router = APIRouter()
"""The public results: the JSON API and the pages (the application includes this)."""
router.include_router(api)
router.include_router(pages)
