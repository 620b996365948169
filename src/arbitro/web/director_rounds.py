"""The desk's rounds: the table cards, opening and closing rounds, pairing a Swiss round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated
from urllib.parse import urlencode, urlsplit

import segno
from fastapi import APIRouter, Depends, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_, gettext, use_language
from arbitro.tournament.movements import Movement, Seating, SwissRound
from arbitro.tournament.movements.guide_cards import match_note
from arbitro.web.api_models import progress
from arbitro.web.director import event_url, session_url
from arbitro.web.director_event import waiting_entries
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    LangQuery,
    Number,
    describe_route,
    page_language,
    render,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import DirectorName, StoreDep, app_secret, require_form_csrf, table_code
from arbitro.web.sign_in import done, refused

router = APIRouter(prefix="/director", include_in_schema=False, route_class=LazyRoute)
"""The table cards, the rounds and their pairing."""

Csrf = Depends(require_form_csrf)


@dataclass(frozen=True)
class CardLine:
    """One round on a table card: who plays which boards, and where everyone goes next (Law 8A)."""

    round: int
    ns: str
    ew: str
    boards: tuple[int, ...]
    boards_go: str
    ns_go: str
    ew_go: str


@dataclass(frozen=True)
class TableCard:
    """A table's card: its code, the QR code that signs it in, its rounds."""

    table: int
    code: str
    link: str
    qr_svg: str
    lines: list[CardLine]
    match_note: str = ""
    """A teams match's table: which match it plays, and its other table."""


def public_address(request: Request) -> str:
    """The address the tables reach the console at: ``serve --public-url``, else the desk's.

    >>> from starlette.requests import Request
    >>> from types import SimpleNamespace
    >>> app = SimpleNamespace(state=SimpleNamespace(public_url="http://192.168.1.20:8000"))
    >>> public_address(Request({"type": "http", "app": app}))
    'http://192.168.1.20:8000'
    """
    configured: str = getattr(request.app.state, "public_url", "")
    return configured or str(request.base_url).rstrip("/")


def _side_goes(movement: Movement, seating: Seating, side: tuple[str, ...]) -> str:
    """Where each of a ``side`` at ``seating`` goes next, as the card says it: a table number, ``=`` staying, ``-``."""
    places = []
    for name in side:
        after = movement.next_seating(name, seating.round, movement.side_of(seating, name))
        places.append(
            "-" if after is None else "=" if after.table == seating.table else str(after.table)
        )
    return ", ".join(places)


def card_lines(movement: Movement, table: int) -> list[CardLine]:
    """``table``'s rounds with where the boards and each pair go after each (Law 8A).

    >>> from arbitro.tournament.movements import mitchell
    >>> card_lines(mitchell(3, 2), 1)[0]
    CardLine(round=1, ns='1NS', ew='1EW', boards=(1, 2), boards_go='3', ns_go='=', ew_go='2')
    """
    lines = []
    for seating in sorted(movement.schedule, key=lambda each: each.round):
        if seating.table != table:
            continue
        ns, ew = seating.sides
        going = (
            movement.where_set_goes(seating.board_set, seating.round)
            if seating.board_set is not None
            else "done"
        )
        if going == "done":
            boards_go = "-"
        elif going == "bye stand":
            boards_go = gettext("bye stand")
        else:
            boards_go = ", ".join(map(str, going))
        ns_next, ew_next = seating.opponents
        lines.append(
            CardLine(
                seating.round,
                ns,
                ew,
                seating.boards,
                boards_go,
                _side_goes(movement, seating, ns_next),
                _side_goes(movement, seating, ew_next),
            )
        )
    return lines


@router.get("/events/{event}/cards", response_class=HTMLResponse)
def table_cards(
    request: Request, event: Number, director: DirectorName, store: StoreDep, lang: LangQuery = None
) -> Response:
    """The table cards to print: each table's code, a QR code that signs the table in, its rounds.

    The QR code holds the address the tables reach the console at (``serve --public-url``),
    so a phone that scans it opens the table's page signed in; the card also names the
    players and says where the boards and the pairs go after each round (Law 8A).

    >>> describe_route(router, table_cards)
    'GET /director/events/{event}/cards'
    """
    info = store.event(event)
    address = public_address(request)
    movement = store.movement(event)
    cards = []
    for table in range(1, (info.tables or 0) + 1):
        code = table_code(app_secret(request), event, table)
        link = f"{address}/tables/card?{urlencode({'event': event, 'code': code})}"
        with use_language(page_language(request)):  # the cards' words in the page's language
            note = " ".join(match_note(movement, table)) if movement is not None else ""
        cards.append(
            TableCard(
                table,
                code,
                link,
                segno.make(link, error="m").svg_inline(scale=3, omitsize=False),
                card_lines(movement, table) if movement is not None else [],
                note,
            )
        )
    players = {participant.number: participant for participant in store.participants(event)}
    loopback = urlsplit(address).hostname in ("127.0.0.1", "localhost", "::1")
    return render(
        request,
        "director/cards.html",
        event=info,
        cards=cards,
        tables_url=address + "/tables",
        players=players,
        loopback=loopback,
        # A Swiss's tables play the round's boards in copies: nobody takes them on.
        swiss=movement is not None and movement.kind == "swiss",
    )


@router.post("/events/{event}/rounds/{round_number}/{action}", dependencies=[Csrf])
def round_action(
    request: Request,
    event: Number,
    round_number: Number,
    action: str,
    director: DirectorName,
    store: StoreDep,
    anyway: Annotated[bool, Form()] = False,
    session: Annotated[Number, Form()] = 1,
) -> Response:
    """Open or close a round of ``session`` for entry at the tables.

    Closing a round with a board still without a result (an entry awaiting East-West's
    confirmation, or none at all) asks first: the desk lists them and closes only when
    the director confirms (``anyway``). The
    tables enter one session at a time: a round of another session still open is
    refused until it is closed.

    >>> describe_route(router, round_action)
    'POST /director/events/{event}/rounds/{round_number}/{action}'
    """
    here = session_url(event, session, view="rounds")
    # The rounds' messages name the session where there are several.
    named = {"round": round_number, "session": session}
    try:
        info = store.event(event)
        several = info.spec.sessions > 1
        if action == "open":
            if not anyway and info.published is not None:
                # Entries from the tables now would change results already published.
                return done(
                    request,
                    N_(
                        "The results are published: opening round {round} lets the tables "
                        "change them. Confirm below, or keep it closed."
                    ),
                    session_url(event, session, reopen=round_number) + "#reopening",
                    **named,
                )
            store.open_round(event, round_number, session, by=director)
            message = (
                N_("Round {round} of session {session} is open.")
                if several
                else N_("Round {round} is open.")
            )
            return done(request, message, here, **named)
        if action == "close":
            # Every board of the round without a result is listed before it closes: those
            # North-South entered and East-West have not confirmed, and those not entered.
            # A round never opened is refused by the store, not asked about.
            if not anyway and store.round_closing(event, round_number, session):
                awaiting = round_number in waiting_entries(
                    request, progress(store, event, session), event, session
                )
                return done(
                    request,
                    N_(
                        "Round {round} still has entries awaiting East-West's confirmation:"
                        " it stays open until you confirm below."
                    )
                    if awaiting
                    else N_(
                        "Round {round} still has boards without a result: it stays open until"
                        " you confirm below."
                    ),
                    session_url(event, session, close=round_number) + "#closing",
                    **named,
                )
            store.close_round(event, round_number, session, by=director)
            message = (
                N_("Round {round} of session {session} is closed.")
                if several
                else N_("Round {round} is closed.")
            )
            return done(request, message, here, **named)
    except ArbitroError as error:
        return refused(request, error, here)
    raise HTTPException(404)


def pairings_text(paired: SwissRound, teams: bool) -> str:
    """A Swiss round's pairings in a line, in the active language: the tables, the bye, repeats.

    >>> from arbitro.tournament.movements import Standing, swiss_round
    >>> pairings_text(swiss_round([Standing(name) for name in "ABC"], 1, 2), teams=True)
    'match 1: A v B; bye: C'
    """
    if teams:
        parts = [
            gettext("match {match}: {home} v {away}").format(
                match=seating.table, home=seating.ns, away=seating.ew
            )
            for seating in paired.seatings
        ]
    else:
        parts = [
            gettext("table {table}: {ns} v {ew}").format(
                table=seating.table, ns=seating.ns, ew=seating.ew
            )
            for seating in paired.seatings
        ]
    if paired.bye is not None:
        parts.append(gettext("bye: {participant}").format(participant=paired.bye))
    if paired.absent:
        parts.append(gettext("absent, not a bye: {who}").format(who=", ".join(paired.absent)))
    parts += [
        gettext("{one} and {other} meet again (no pairing avoids it)").format(one=one, other=other)
        for one, other in paired.repeats
    ]
    return "; ".join(parts)


@router.post("/events/{event}/pair", dependencies=[Csrf])
def pair_round(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    round_number: Annotated[int | None, Form(alias="round", ge=1)] = None,
    absent: Annotated[str, Form(max_length=500)] = "",
) -> Response:
    """Pair a Swiss event's next round from the ranking (``round``: the one the page offered).

    ``absent``: the teams or pairs that do not play the round (numbers apart by commas
    or spaces): not paired, no bye. Refused while a round paired has results missing,
    and when ``round`` is no longer the next one (the button pressed twice, or another
    director paired it first).

    >>> describe_route(router, pair_round)
    'POST /director/events/{event}/pair'
    """
    try:
        missing = absent.replace(",", " ").split()
        paired = store.pair_next_round(event, round_number, missing)
        teams = store.event(event).spec.kind == "teams"
    except ArbitroError as error:
        return refused(request, error, event_url(event, "rounds"))
    with use_language(page_language(request)):
        text = pairings_text(paired, teams)
    return done(
        request,
        N_("Round {round} paired: {pairings}. Open it when the tables are ready."),
        f"{event_url(event, 'rounds')}#progress",
        round=paired.seatings[0].round,
        pairings=text,
    )
