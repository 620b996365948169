"""The director's table: the board drawn at phone size, every tap one event of the table log.

The signed-in director opens ``/director/table?event=E&board=B`` (the deal kept for the
event's board) or ``/director/table?board=B&deal=...`` (a bare board and its PBN deal).
The page draws the four hands, the dealer and vulnerability, the auction and the trick
in progress. A tap posts one table event (``docs/table-log.md``): a call by any seat at
any moment, a card from any hand, a decision, a revoke or a claim. The server applies
it to :class:`~arbitro.table.Table` through its public facade (the engine decides what
the irregularity is and what decision the table waits on) and keeps the log whole
after each tap (:mod:`arbitro.store.table_logs`), so a reload loses nothing. Undo drops
the last event: the table is the fold of its log.

>>> log = start_log(1, "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> log = tapped(log, {"event": "call", "seat": "N", "call": "1NT"})
>>> log = tapped(log, {"event": "call", "seat": "E", "call": "1H"})
>>> loads(log).pending.law
'27'
>>> loads(undone(log)).pending is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Form, HTTPException, Query, Request
from fastapi.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response

from arbitro.core.card import Card
from arbitro.core.deal import Deal
from arbitro.core.errors import ArbitroError, MessageError
from arbitro.core.rank import Rank
from arbitro.core.seat import Seat, Side
from arbitro.core.suit import Suit
from arbitro.i18n import LANGUAGES, N_, gettext, use_language
from arbitro.table import Phase, Table
from arbitro.table.events import event_from_json
from arbitro.table.log import dumps, loads
from arbitro.table.report import declarer_tricks_text
from arbitro.table.state import DIRECTOR
from arbitro.tournament.directing import ruling_proposals
from arbitro.tournament.poll import action_label
from arbitro.tournament.records import Ruling
from arbitro.web.decision_values import option_value, value_hint
from arbitro.web.pages import Number, get_store, page_language, render, whole_number
from arbitro.web.routes import LazyRoute
from arbitro.web.security import (
    DirectorName,
    csrf_token,
    require_form_csrf,
    require_header_csrf,
    signed_in_director,
    signed_in_table,
)

__all__ = ["DirectorTableError", "router", "start_log", "tapped", "undone"]

SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
STRAINS = ("C", "D", "H", "S", "NT")
SUITS_DOWN = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class DirectorTableError(MessageError):
    """A tap or a start the director's table refuses; the message says what was expected.

    >>> print(DirectorTableError(N_("a tap must be one table event, as in {example}"),
    ...                          example='{"event": "call"}'))
    a tap must be one table event, as in {"event": "call"}
    """


def start_log(board: int, deal: str) -> str:
    """The log of a board not yet bid: its board event (dealer and vulnerability by Law 2).

    >>> start_log(2, "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")[:40]
    '{"event": "board", "board": 2, "deal": "'
    >>> start_log(2, "N:AKQ")
    Traceback (most recent call last):
    ...
    arbitro.web.director_table.DirectorTableError: the deal 'N:AKQ' is not a PBN deal of 52 cards (as in N:AKQJ.T98.765.432 ...)
    """
    try:
        read = Deal.from_str(deal.strip())
    except ArbitroError:
        raise DirectorTableError(
            N_("the deal '{deal}' is not a PBN deal of 52 cards (as in N:AKQJ.T98.765.432 ...)"),
            deal=deal.strip(),
        ) from None
    return dumps(Table(read, number=board))


def tapped(log: str, data: object, lang: str = "en") -> str:
    """The log after one more tap: ``data`` is one table event as JSON data (not a board).

    The event is written in the log's notation, English, as the page's buttons send it;
    a decision's value typed by the director comes as ``typed`` (with the ``notation`` of
    the page that asked for it, else ``lang``) and is read in that notation only: ``P``
    is spades in Spanish. The event is refused (with the engine's reason) when the table
    cannot take it; the log is then unchanged.

    >>> log = start_log(1, "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> log = tapped(log, {"event": "call", "seat": "E", "call": "1C"})
    >>> log = tapped(log, {"event": "decision", "by": "S", "choice": "refuse"})
    >>> decided = {"event": "decision", "by": "director", "choice": "artificial", "typed": "P, C"}
    >>> tapped(log, decided, "es").splitlines()[-1]
    '{"event": "decision", "by": "director", "choice": "artificial", "suits": ["S", "H"]}'
    >>> tapped(log, {"event": "board", "board": 2})
    Traceback (most recent call last):
    ...
    arbitro.web.director_table.DirectorTableError: a tap must be one table event other than the board, as in {"event": "call", "seat": "N", "call": "1NT"}
    """
    if not isinstance(data, dict) or data.get("event") in (None, "board"):
        raise DirectorTableError(
            N_("a tap must be one table event other than the board, as in {example}"),
            example='{"event": "call", "seat": "N", "call": "1NT"}',
        )
    data = dict(data)
    table = loads(log)
    if data["event"] == "decision":
        data.update(_typed_value(table, data, lang))
    event = event_from_json(data)
    table.apply(event)
    return dumps(table)


def _typed_value(table: Table, data: dict[str, Any], lang: str) -> dict[str, object]:
    """The log's fields for a decision's value as typed (``typed``, in ``notation``, else ``lang``).

    Pops ``typed`` and ``notation`` from ``data``; the value is read for the option chosen
    of the decision pending (:func:`~arbitro.web.decision_values.option_value`). A
    decision with nothing typed, or none pending, or an option unknown, gives nothing:
    the table says what is wrong with it.
    """
    typed = data.pop("typed", None)
    notation = str(data.pop("notation", "") or lang)
    if notation not in LANGUAGES:
        raise DirectorTableError(
            N_("unknown language '{text}': expected one of {choices}"),
            text=notation,
            choices=", ".join(LANGUAGES),
        )
    pending = table.pending
    option = pending.option(str(data.get("choice"))) if pending is not None else None
    if typed is None or option is None:
        return {}
    return option_value(option, str(typed), notation)


def undone(log: str) -> str:
    """The log without its last event (the board event stays): the table is the fold of its log.

    >>> log = start_log(1, "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> undone(log) == log
    True
    """
    lines = [line for line in log.splitlines() if line.strip()]
    return "".join(line + "\n" for line in lines[: max(1, len(lines) - 1)])


@dataclass(frozen=True)
class CardView:
    """One card of a hand as the page draws it: its log name and its label."""

    card: str
    rank: str


@dataclass(frozen=True)
class SuitView:
    """One suit of a hand: the symbol, whether it is red, the cards held."""

    symbol: str
    red: bool
    cards: tuple[CardView, ...]


@dataclass(frozen=True)
class HandView:
    """One seat's hand as the page draws it."""

    seat: str
    label: str
    suits: tuple[SuitView, ...]
    dealer: bool
    turn: bool
    vulnerable: bool
    role: str
    hidden: bool = False


def _hand_view(table: Table, seat: Seat, lang: str) -> HandView:
    hand = table.hand(seat)
    suits = tuple(
        SuitView(
            suit.to_str(lang, symbols=True),
            suit in (Suit.HEARTS, Suit.DIAMONDS),
            tuple(
                CardView(Card(suit, rank).to_str(), rank.to_str(lang))
                for rank in sorted(hand.ranks(suit), reverse=True)
            ),
        )
        for suit in SUITS_DOWN
    )
    role = ""
    if seat == table.declarer:
        role = gettext(N_("declarer"))
    elif seat == table.dummy:
        role = gettext(N_("dummy"))
    return HandView(
        str(seat),
        seat.to_str(lang),
        suits,
        seat == table.dealer,
        seat == table.turn,
        table.vulnerability.is_vulnerable(seat),
        role,
    )


def table_view(table: Table, lang: str) -> dict[str, Any]:
    """What the table's template draws: hands, auction, trick, decision, restrictions.

    >>> log = start_log(1, "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> view = table_view(loads(log), "es")
    >>> view["hands"][0].label, view["hands"][0].suits[1].symbol, view["turn"]
    ('N', '♥', 'N')
    """
    shown_dummy = ""
    if table.dummy is not None and table.phase not in (
        Phase.AUCTION,
        Phase.OPENING_LEAD,
        Phase.LEAD_FACE_DOWN,
    ):
        shown_dummy = str(table.dummy)
    auction = [
        {
            "seat": entry.seat.to_str(lang),
            "call": entry.call.to_str(lang, symbols=True),
            "red": str(entry.call)[1:2] in ("H", "D"),
            "counts": entry.counts,
            "status": entry.status.value if not entry.counts else "",
            "law": entry.law or "",
        }
        for entry in table.auction
    ]
    trick = [
        {
            "seat": seat.to_str(lang),
            "card": card.to_str(lang, symbols=True),
            "red": card.suit in (Suit.HEARTS, Suit.DIAMONDS),
        }
        for seat, card in table.current_trick
    ]
    acting = table.acting  # a pending decision's decider acts first (Laws 10C, 27A, 29A)
    return {
        "hands": [_hand_view(table, seat, lang) for seat in SEATS],
        "board": table.number,
        "dealer": table.dealer.to_str(lang),
        "vulnerability": table.vulnerability.localized(),
        "phase": table.phase,
        "phase_label": table.phase.localized(),
        "turn": acting or "",
        "turn_label": _acting_label(acting, lang),
        "contract": table.contract.to_str(lang, symbols=True) if table.contract is not None else "",
        "dummy": shown_dummy,
        "auction": auction,
        "trick": trick,
        "tricks_ns": table.tricks_won(Side.NS),
        "tricks_ew": table.tricks_won(Side.EW),
        "declarer_tricks": declarer_tricks_text(table),
        "score": table.score() if table.phase is Phase.COMPLETE else None,
        "pending": table.pending,
        "restrictions": [str(restriction.message) for restriction in table.restrictions],
        "rulings": [str(ruling) for ruling in table.rulings],
        "notes": [str(note) for note in table.notes],
        # The claim checker rules on the cards left: offered while some remain (68-71).
        "claimable": table.contract is not None
        and table.phase in (Phase.PLAY, Phase.COMPLETE, Phase.LEAD_FACE_DOWN)
        and any(len(table.hand(seat)) for seat in SEATS),
        "tricks_played": len(table.tricks),
        "events": len(table.events) - 1,
        "log": dumps(table),
    }


def _acting_label(acting: str | None, lang: str) -> str:
    """Who acts, as the page names him: a seat in ``lang``, or the Director."""
    if acting is None:
        return ""
    if acting == DIRECTOR:
        return gettext(N_("the Director"))
    return Seat.from_str(acting).to_str(lang)


def seat_view(view: dict[str, Any], seat: str) -> dict[str, Any]:
    """``view`` as ``seat`` sees it: only his own hand, and dummy once the opening lead is faced.

    The other hands are drawn without their cards (the page never holds them).

    >>> log = start_log(1, "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> seen = seat_view(table_view(loads(log), "en"), "E")
    >>> [(sum(len(suit.cards) for suit in hand.suits), hand.hidden) for hand in seen["hands"]]
    [(0, True), (13, False), (0, True), (0, True)]
    """
    hands = [
        hand if hand.seat in (seat, view["dummy"]) else replace(hand, suits=(), hidden=True)
        for hand in view["hands"]
    ]
    return {**view, "hands": hands, "log": ""}


def _call_label(text: str, lang: str) -> str:
    """A call as ``lang`` writes it with symbols; a bid above seven (Law 38) likewise.

    >>> _call_label("8NT", "es"), _call_label("9H", "en"), _call_label("1S", "es")
    ('8ST', '9♥', '1♠')
    """
    try:
        return action_label(text, lang)
    except ArbitroError:
        digits = len(text) - len(text.lstrip("0123456789"))
        level, strain = text[:digits], text[digits:]
        if digits and strain in STRAINS:
            return level + action_label(f"7{strain}", lang)[1:]
        return text


def _bidding_box(lang: str) -> list[list[dict[str, Any]]]:
    return [
        [
            {
                "call": f"{level}{strain}",
                "label": action_label(f"{level}{strain}", lang),
                "red": strain in ("H", "D"),
            }
            for strain in STRAINS
        ]
        for level in range(1, 8)
    ]


def _above_seven(lang: str) -> list[dict[str, Any]]:
    """The bids of eight, each strain, for the box's *a bid above seven* (Law 38).

    >>> [bid["label"] for bid in _above_seven("es")]
    ['8♣', '8♦', '8♥', '8♠', '8ST']
    """
    return [
        {
            "call": f"8{strain}",
            "label": _call_label(f"8{strain}", lang),
            "red": strain in ("H", "D"),
        }
        for strain in STRAINS
    ]


def box_calls(lang: str) -> list[tuple[str, str]]:
    """Every call of the bidding box, as logged and as ``lang`` writes it: bids, then Pass, X, XX.

    >>> box_calls("es")[4], box_calls("es")[-3:]
    (('1NT', '1ST'), [('Pass', 'Paso'), ('X', 'Doblo'), ('XX', 'Redoblo')])
    """
    bids = [(bid["call"], bid["label"]) for row in _bidding_box(lang) for bid in row]
    return [*bids, *((call, action_label(call, lang)) for call in ("Pass", "X", "XX"))]


def _cards(lang: str) -> list[tuple[str, str]]:
    """Every card, as logged and as ``lang`` writes it with its suit symbol, spades first.

    >>> _cards("es")[:2], len(_cards("en"))
    ([('SA', '♠A'), ('SK', '♠R')], 52)
    """
    return [
        (str(Card(suit, rank)), Card(suit, rank).to_str(lang, symbols=True))
        for suit in SUITS_DOWN
        for rank in sorted(Rank, reverse=True)
    ]


def _suit_label(suit: Suit, lang: str) -> str:
    return suit.to_str(lang, symbols=True)


router = APIRouter(prefix="/director/table", include_in_schema=False, route_class=LazyRoute)
"""The director's table (the application includes this)."""

EventQuery = Annotated[int, Query(ge=0, le=9999)]
BoardQuery = Annotated[int, Query(ge=1, le=9999)]


def _current(request: Request, director: str, event: int, board: int) -> str:
    store = get_store(request)
    kept = store.kept_table_log(director, event, board)
    if kept is None:
        raise DirectorTableError(
            N_("there is no table for board {board}: open it from the director's table page"),
            board=board,
        )
    return kept


def _fragment(request: Request, log: str, seat: str = "") -> str:
    """The drawn table of ``log``; for ``seat``, read-only and as that seat sees it."""
    lang = page_language(request)
    templates = request.app.state.templates
    with use_language(lang):
        view = table_view(loads(log), lang)
        if seat:
            view = seat_view(view, seat)
        html: str = templates.get_template("director/table_state.html").render(
            view=view,
            readonly=bool(seat),
            box=_bidding_box(lang),
            above_seven=_above_seven(lang),
            seats=[(str(seat), seat.to_str(lang)) for seat in SEATS],
            calls=box_calls(lang),
            cards=_cards(lang),
            suit_label=lambda text: _suit_label(Suit.from_str(text), lang),
            card_label=lambda text: Card.from_str(text).to_str(lang, symbols=True),
            # A value typed for an option: what to type, in the page's notation.
            hint=lambda option: str(value_hint(option, lang)),
            notation=lang,
            any_suit=SUITS_DOWN,
            csrf=csrf_token(request),
        )
    return html


def _answer(request: Request, log: str) -> JSONResponse:
    return JSONResponse({"html": _fragment(request, log), "log": log})


@router.get("")
def table_page(
    request: Request,
    director: DirectorName,
    event: EventQuery = 0,
    board: Number | None = None,
    deal: Annotated[str, Query(max_length=200)] = "",
    saved: Number | None = None,
) -> Response:
    """The drawn table of ``board`` (of ``event``, else a bare board with ``deal``), or the form to open one."""
    store = get_store(request)
    error: ArbitroError | None = None
    log: str | None = None
    if board is not None:
        try:
            log = store.kept_table_log(director, event, board)
            if log is None:
                kept = store.kept_deals(event).get(board) if event else None
                given = deal.strip() or (None if kept is None else kept.to_str())
                if given is None:
                    raise DirectorTableError(
                        N_("give the deal of board {board} (event {event} has none kept for it)")
                        if event
                        else N_("give the deal of board {board}"),
                        board=board,
                        event=event,
                    )
                log = start_log(board, given)
                store.keep_table_log(director, event, board, log)
        except ArbitroError as problem:
            error = problem
            log = None
    proposals: list[str] = []
    if saved is not None and event:
        # The AEB's criteria 1, 2 and 6: the penalty a ruling just saved makes due.
        recorded = dict(store.rulings(event)).get(saved)
        if recorded is not None:
            with use_language(page_language(request)):
                proposals = ruling_proposals(recorded, store.event(event).spec.profile)
    return render(
        request,
        "director/table.html",
        proposals=proposals,
        status_code=200 if error is None else 422,
        events=store.events(),
        event=event,
        board=board,
        deal=deal,
        error=error,
        saved=saved,
        shared=bool(event) and store.shared_by(event) == director,
        state=_fragment(request, log) if log is not None else None,
    )


@router.post("/tap", dependencies=[Depends(require_header_csrf)])
def tap(
    request: Request,
    director: DirectorName,
    board: BoardQuery,
    event: EventQuery = 0,
    data: Annotated[Any, Body(embed=False)] = None,
) -> Response:
    """Apply one tap (a table event as JSON) and answer the table redrawn; 422 with the reason when refused.

    Any JSON is taken and read by :func:`tapped`, so a value that is no event (``3``,
    ``null``, none at all) is refused with what a tap is, in the page's language.
    """
    store = get_store(request)
    try:
        log = tapped(_current(request, director, event, board), data, page_language(request))
    except ArbitroError as problem:
        with use_language(page_language(request)):
            return JSONResponse({"detail": str(problem)}, status_code=422)
    store.keep_table_log(director, event, board, log)
    return _answer(request, log)


@router.post("/undo", dependencies=[Depends(require_header_csrf)])
def undo(
    request: Request, director: DirectorName, board: BoardQuery, event: EventQuery = 0
) -> Response:
    """Drop the last event of the log and answer the table redrawn."""
    store = get_store(request)
    try:
        log = undone(_current(request, director, event, board))
    except ArbitroError as problem:
        with use_language(page_language(request)):
            return JSONResponse({"detail": str(problem)}, status_code=422)
    store.keep_table_log(director, event, board, log)
    return _answer(request, log)


@router.post("/restart", dependencies=[Depends(require_form_csrf)])
def restart(
    request: Request, director: DirectorName, board: BoardQuery, event: EventQuery = 0
) -> Response:
    """Forget the board's log and open the form again (to start the board anew)."""
    get_store(request).drop_table_log(director, event, board)
    return RedirectResponse(f"/director/table?event={event}", status_code=303)


@router.post("/save", dependencies=[Depends(require_form_csrf)])
def save_ruling(
    request: Request,
    director: DirectorName,
    board: BoardQuery,
    event: EventQuery = 0,
    law: Annotated[str, Form(max_length=20)] = "",
    text: Annotated[str, Form(max_length=2000)] = "",
    table_number: Annotated[str, Form(max_length=12)] = "",
) -> Response:
    """Save the ruling, with the board's log, on the event's board; back to the table."""
    store = get_store(request)
    if not event:
        raise DirectorTableError(
            N_("open the board from its event to save the ruling on it (a bare board has none)")
        )
    log = _current(request, director, event, board)
    saved = store.add_ruling(
        event,
        Ruling(board, whole_number(table_number.strip()), law.strip(), text.strip(), director, log),
    )
    return RedirectResponse(
        f"/director/table?event={event}&board={board}&saved={saved}", status_code=303
    )


@router.get("/log")
def download_log(
    request: Request, director: DirectorName, board: BoardQuery, event: EventQuery = 0
) -> Response:
    """The board's table log as JSON Lines, to download (``arbitro table replay`` reads it)."""
    log = _current(request, director, event, board)
    name = f"board-{board}.jsonl" if not event else f"event-{event}-board-{board}.jsonl"
    return PlainTextResponse(
        log,
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.post("/share", dependencies=[Depends(require_form_csrf)])
def share(
    request: Request,
    director: DirectorName,
    board: BoardQuery,
    event: EventQuery = 0,
    allow: Annotated[str, Form(max_length=5)] = "",
) -> Response:
    """Let the event's players see this director's tables read-only (``allow``), or stop it."""
    if not event:
        raise DirectorTableError(
            N_("open the board from its event to show it to the players (a bare board has none)")
        )
    get_store(request).share_table_logs(event, director if allow else None)
    return RedirectResponse(f"/director/table?event={event}&board={board}", status_code=303)


SeatQuery = Annotated[str, Query(pattern="^[NESW]$")]


@router.get("/players")
def players_page(request: Request, event: Number, board: Number, seat: SeatQuery = "N") -> Response:
    """The director's table of ``board`` read-only, as ``seat`` sees it, for a signed-in table.

    Only while the director allows it for the event (:func:`share`).
    """
    store = get_store(request)
    lang = page_language(request)
    if signed_in_director(request) is None and signed_in_table(request, event) is None:
        with use_language(lang):
            raise HTTPException(
                403, gettext(N_("sign in as your table with the code on its table card"))
            )
    director = store.shared_by(event)
    log = None if director is None else store.kept_table_log(director, event, board)
    if director is None or log is None:
        with use_language(lang):
            raise HTTPException(
                404,
                gettext(N_("the director is not showing board {board} of this event")).format(
                    board=board
                ),
            )
    return render(
        request,
        "director/table_players.html",
        event=event,
        board=board,
        seat=seat,
        state=_fragment(request, log, seat),
    )
