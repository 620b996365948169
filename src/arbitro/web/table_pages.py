"""The tables' pages (``/tables``): the sign-in, by code or by the table card's QR code, the round's page with its forms, and the provisional ranking.

A table's phone signs in, then lives on its round's page (:func:`round_page`): a form
for each board (:func:`enter_form`, North-South), the entry to confirm
(:func:`confirm_form`, East-West), what is done and, once the round's boards are all
in, where everyone goes next; between rounds a page that waits for the next one, with
the provisional ranking when the director allows it (``_provisional_ranking``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any
from urllib.parse import urlencode, urlsplit

from fastapi import APIRouter, Form, HTTPException, Query, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from arbitro.core.contract import Contract, PassedOut
from arbitro.core.errors import ArbitroError, Problem
from arbitro.i18n import N_, Language, use_language
from arbitro.store import Store
from arbitro.store.repository import EventInfo
from arbitro.tournament.entry import Entry
from arbitro.tournament.knockout import KnockoutMatch
from arbitro.web.pages import (
    Number,
    error_page,
    error_status,
    page_language,
    refused_entry,
    render,
    seat_label,
    strain_label,
    written,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import check_csrf, require_table
from arbitro.web.standings import NotCompared, RankingLine, not_compared, ranking_groups
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import NoOpenRoundError, TableEntryError, TypedEntry, read_typed
from arbitro.web.tables_api import Desk, sign_in_session

WAITING_REFRESH = 15
"""Seconds between the reloads of a table's page that waits for its next round."""
STRAINS = ("C", "D", "H", "S", "NT")
DOUBLES = ("", "X", "XX")
SEATS = ("N", "E", "S", "W")

pages = APIRouter(prefix="/tables", include_in_schema=False, route_class=LazyRoute)


def _back(request: Request) -> str:
    """Where the error page's "back" goes: the page the form was on, if it is ours."""
    referer = urlsplit(request.headers.get("referer", ""))
    if referer.netloc == request.url.netloc and referer.path.startswith("/tables"):
        return referer.path
    return "/tables"


@error_page("/tables")
def _failed(request: Request, error: ArbitroError | HTTPException) -> Response:
    message: object = error  # put into words in the page's language when rendered
    if isinstance(error, HTTPException):
        status, message = error.status_code, error.detail
    else:
        status = error_status(error)
    return render(
        request, "tables/error.html", status_code=status, message=message, back=_back(request)
    )


@pages.get("")
def sign_in_page(request: Request) -> Response:
    """The sign-in page: the event and the code on the table card."""
    return render(request, "tables/sign_in.html")


@pages.post("/sign-in")
def sign_in_form(
    request: Request,
    desk: Desk,
    event: Annotated[Number, Form()],
    code: Annotated[str, Form(max_length=16)],
    csrf_token: Annotated[str, Form(max_length=128)] = "",
) -> Response:
    """Sign the table in and go to its round.

    A refused code (mistyped, or the device made to wait) shows the form again as typed,
    with the refusal above it, so that the players mend the code and keep the event.
    """
    try:
        check_csrf(request, csrf_token)
    except HTTPException as error:  # a refusal of the Laws or the event: the one handler
        return _failed(request, error)
    try:
        table = sign_in_session(request, desk, event, code)
    except (ArbitroError, HTTPException) as error:  # a wrong code, or a wait (429)
        message: object  # put into words in the page's language when rendered
        if isinstance(error, HTTPException):
            status, message = error.status_code, error.detail
        else:
            status, message = error_status(error), error
        return render(
            request,
            "tables/sign_in.html",
            status_code=status,
            message=message,
            typed={"event": event, "code": code},
        )
    return RedirectResponse(f"/tables/{event}/{table}", status_code=303)


@pages.get("/card")
def sign_in_by_card(
    request: Request,
    desk: Desk,
    event: Annotated[Number, Query()],
    code: Annotated[str, Query(max_length=16)],
) -> Response:
    """The address of a table card's QR code: sign the table in with its code and open its page.

    The code is the table's secret, so the link works as typing it does, under the same
    sign-in limits; a wrong code gets the sign-in page's refusal.

    >>> from arbitro.web.pages import describe_route
    >>> describe_route(pages, sign_in_by_card)
    'GET /tables/card'
    """
    try:
        table = sign_in_session(request, desk, event, code)
    except HTTPException as error:  # a refusal of the Laws or the event: the one handler
        return _failed(request, error)
    return RedirectResponse(f"/tables/{event}/{table}", status_code=303)


Provisional = tuple[
    list[tuple[str, list[RankingLine]]],
    str,
    dict[str, str],
    str,
    list[NotCompared],
    list[KnockoutMatch],
    int,
]
"""The tables' ranking: its groups, the event's kind, the disqualified (Law 91B), the
state of published results in words (official until the correction period ends, final
after it, Law 79C1; empty while they are provisional or reopened), and a teams event's
boards left out of their match (Law 87B)."""

NO_RANKING: Provisional = ([], "", {}, "", [], [], 1)
"""What the tables' pages show of the ranking when they show none."""


def _provisional_ranking(store: Store, event: int, language: Language = "en") -> Provisional:
    """The ranking the public page makes, for the tables' pages: empty unless the director allows it.

    The records of the participants disqualified are worded in the page's ``language``.

    A participant disqualified under Law 91B is listed apart with its record, as on the
    public page (:meth:`~arbitro.store.Store.disqualified`), and so is a teams event's
    board whose two tables of a match played different forms of a fouled board: it is
    left out of the match until the director gives it a score (Law 87B,
    :func:`~arbitro.web.api.not_compared`). A ranking the scorer cannot make yet (a
    stored row to resolve on the desk) is left out: the table's page still works. A
    knockout's matches come with the event's sessions: the page shows them instead.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> from arbitro.tournament.movements import mitchell
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("A", boards=6), movement=mitchell(3, 2))
    >>> _ = store.enter_result(event, 1, 1, Entry.from_str("3NT S 9"))
    >>> _provisional_ranking(store, event)
    ([], '', {}, '', [], [], 1)
    >>> store.show_ranking_at_tables(event, True)
    >>> store.log_act(event, "disqualify", "2NS: cheating (Law 91B)", by="Ana")
    >>> groups, kind, apart, published, uncompared, _, _ = _provisional_ranking(store, event)
    >>> [line.participant for _, group in groups for line in group], kind, apart, uncompared
    (['1NS', '3NS', '1EW', '2EW', '3EW'], 'pairs', {'2NS': 'cheating (Law 91B)'}, [])
    """
    if not store.tables_show_ranking(event):
        return NO_RANKING
    try:
        info = store.event(event)
        return (
            ranking_groups(store, event),
            info.spec.kind,
            _disqualified(store, event, language),
            _published_status(info, language),
            not_compared(store, event),
            store.knockout_matches(event),
            info.spec.sessions,
        )
    except ArbitroError:
        return NO_RANKING


def _published_status(info: EventInfo, language: Language) -> str:
    """Published results' state in words (Law 79C1), in ``language``; empty until published.

    Reopened results (79C2) are provisional again on the tables' pages: empty too.

    >>> from arbitro.tournament.event import EventSpec
    >>> at = datetime(2026, 1, 1, 21, 0, tzinfo=UTC)
    >>> print(_published_status(EventInfo(1, EventSpec("A", boards=6), None, None, None, at, None), "en"))
    Final results: the correction period ended on 2026-01-01 at 21:30 UTC (Law 79C1).
    """
    if info.published is None or info.reopened is not None:
        return ""
    with use_language(language):
        return info.correction.status(datetime.now(UTC))


def _ranking_byes(store: Store, event: int, ranking: Provisional) -> dict[str, Any]:
    """A Swiss's byes and the VPs of each, and its absences, under the tables' ranking.

    Where a total comes from. Nothing when the tables' pages show no ranking.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> _ranking_byes(store, store.create_event(EventSpec("A", boards=6)), NO_RANKING)
    {'byes': [], 'bye_score': None, 'absences': []}
    """
    if not ranking[0]:
        return {"byes": [], "bye_score": None, "absences": []}
    return {
        "byes": store.swiss_byes(event),
        "bye_score": store.event(event).bye_score,
        "absences": store.swiss_absences(event),
    }


def _disqualified(store: Store, event: int, language: Language) -> dict[str, str]:
    """The participants disqualified and their records, worded in ``language``."""
    with use_language(language):
        return store.disqualified(event)


def _round_page(
    request: Request,
    event: int,
    table: int,
    desk: TableDesk,
    status_code: int = 200,
    typed_now: dict[int, dict[str, str]] | None = None,
    messages: dict[int, object] | None = None,
    unsaved: dict[int, str] | None = None,
) -> Response:
    """The round page, with a board's form filled in as typed and its message beside it.

    ``unsaved``: the entries, by board, refused because the round closed meanwhile; the
    page that waits for the next round shows them, for the director to enter.
    """
    language = page_language(request)
    try:
        require_table(request, event, table)
        spec = desk.store.event(event).spec
        session, seatings = desk.playing(event, table)
        done = {stored.board: stored for stored in desk.results(event, table)}
    except NoOpenRoundError:
        # First: it reads again a Swiss's movement when a round was paired since (not yet
        # opened), so that the table waits for that round rather than being told it is over.
        to_pair = desk.round_to_pair(event)
        next_round = desk.next_round(event, table)
        sits_out = desk.sits_out(event, table)
        swiss = desk.is_swiss(event)
        # A Swiss table left without a match in a round paired (a bye, a team disqualified):
        # only that, not "you sit out" nor the next round's pairing, since its players
        # may be seated at another table this round: the director tells them.
        no_match = [number for number, _ in sits_out] if swiss else []
        session, _ = desk.session_rounds(event)
        # Between rounds, the provisional ranking when the director allows it.
        between = _provisional_ranking(desk.store, event, language)
        waiting = render(
            request,
            "tables/waiting.html",
            status_code=status_code,  # a write refused as the round closed keeps its status
            event=event,
            table=table,
            next_round=next_round,
            moves=desk.moves_before(event, table, next_round),
            # A Swiss's next round, while the director has still to pair it.
            to_pair=to_pair if next_round is None and not no_match else None,
            teams=spec.kind == "teams",
            sits_out=[] if swiss else sits_out,
            no_match=no_match,
            # A later session to come, once this one's rounds are over for the table.
            next_session=session + 1 if next_round is None and session < spec.sessions else None,
            refused=list((messages or {}).values()),
            unsaved=unsaved or {},
            ranking=between,
            **_ranking_byes(desk.store, event, between),
        )
        waiting.headers["Refresh"] = str(WAITING_REFRESH)  # reloads itself, every browser
        return waiting
    except HTTPException as error:  # a refusal of the Laws or the event: the one handler
        return _failed(request, error)
    replaced_board = request.query_params.get("replaced_board", "")
    playing = {board for seating in seatings for board in seating.boards}
    # Once a round's boards are all in, where everyone goes next (Law 8A).
    moves = {
        seating.round: desk.moves(event, table, seating.round)
        for seating in seatings
        if all(board in done for board in seating.boards)
    }
    messages = messages or {}
    pending = desk.entered(event, table, session)
    # A form as typed (refused) first; else a board waiting for East-West shows its entry.
    typed = {board: waiting_fields(waiting.entry, language) for board, waiting in pending.items()}
    typed |= typed_now or {}
    # At the end of a round confirmed, the provisional ranking if the director allows it.
    shown = _provisional_ranking(desk.store, event, language) if moves else NO_RANKING
    answer = render(
        request,
        "tables/round.html",
        status_code=status_code,
        event=event,
        table=table,
        # The session is named where the event has several ("Session 2 · Round 3").
        session=session if spec.sessions > 1 else None,
        seatings=seatings,
        done=done,
        pending=pending,
        moves=moves,
        to_pair=desk.round_to_pair(event) if moves else None,
        matches={seating.round: desk.match(event, seating) for seating in seatings},
        teams=spec.kind == "teams",
        ranking=shown,
        **_ranking_byes(desk.store, event, shown),
        strains=STRAINS,
        doubles=DOUBLES,
        seats=SEATS,
        typed=typed,
        messages=messages,
        elsewhere=[message for board, message in messages.items() if board not in playing],
        replaced_board=int(replaced_board)
        if replaced_board.isascii() and replaced_board.isdigit() and len(replaced_board) < 10
        else None,
        replaced=request.query_params.get("replaced", ""),
    )
    if all(board in done for board in playing):
        # Every board confirmed, nothing left to type: the page reloads itself, as the
        # waiting page does, so the table sees the round closed and the next one opened
        # without a reload (from the round's own address, never a form's).
        answer.headers["Refresh"] = f"{WAITING_REFRESH}; url=/tables/{event}/{table}"
    return answer


def waiting_fields(entry: Entry, lang: Language) -> dict[str, str]:
    """The entry form's fields filled with an entry waiting for East-West's confirmation.

    North-South correcting it before East-West confirm start from what they entered, not
    from an empty form; the opening lead is typed in the page's notation, the selects
    take English values. A board passed out fills nothing.

    >>> waiting_fields(Entry.from_str("3NTX W 7 lead SQ"), "es")
    {'level': '3', 'strain': 'NT', 'double': 'X', 'declarer': 'W', 'lead': 'PD', 'tricks': '7'}
    """
    contract = entry.contract
    if not isinstance(contract, Contract):
        return {}
    return {
        "level": str(contract.level),
        "strain": contract.strain.to_str(),
        "double": contract.doubling.to_str(),
        "declarer": entry.declarer.to_str() if entry.declarer is not None else "",
        "lead": entry.lead.to_str(lang=lang) if entry.lead is not None else "",
        "tricks": str(entry.tricks) if entry.tricks is not None else "",
    }


@pages.get("/{event}/{table}")
def round_page(request: Request, event: Number, table: Number, desk: Desk) -> Response:
    """The table's boards this round: a form for each, the score to confirm, what is done.

    Between rounds the table gets a page that waits for the next one (it reloads itself).
    """
    return _round_page(request, event, table, desk)


_REQUIRED = (
    ("level", N_("the level")),
    ("strain", N_("the strain")),
    ("declarer", N_("the declarer")),
)
"""The fields of the entry form a played board needs, with their names for the message."""


@pages.post("/{event}/{table}/boards/{board}")
async def enter_form(
    request: Request,
    event: Number,
    table: Number,
    board: Number,
    desk: Desk,
    csrf_token: Annotated[str, Form(max_length=128)] = "",
    level: Annotated[str, Form(max_length=2)] = "",
    strain: Annotated[str, Form(max_length=2)] = "",
    double: Annotated[str, Form(max_length=2)] = "",
    declarer: Annotated[str, Form(max_length=2)] = "",
    lead: Annotated[str, Form(max_length=4)] = "",
    tricks: Annotated[str, Form(max_length=4)] = "",
    ns: Annotated[str, Form(max_length=16)] = "",
    ew: Annotated[str, Form(max_length=16)] = "",
    passed: Annotated[str, Form(max_length=4)] = "",
) -> Response:
    """North-South's entry of a board from the form; back to the round to confirm it.

    A mistyped entry shows the round again with the form as typed and the message beside it.
    """
    fields = {"level": level, "strain": strain, "double": double, "declarer": declarer}
    fields |= {"lead": lead, "tricks": tricks, "passed": passed}
    read: Entry | ArbitroError | None = None
    try:
        check_csrf(request, csrf_token)
        require_table(request, event, table)
    except HTTPException as error:  # a refusal of the Laws or the event: the one handler
        return _failed(request, error)
    try:
        # The selects send English values; the opening lead is typed in the page's notation.
        language = page_language(request)
        if passed and any(fields[name].strip() for name in ("level", "strain", "tricks", "lead")):
            # One tap on "Passed out" beside a half-typed contract records nothing.
            raise TableEntryError(
                N_(
                    "board {board} has a contract being typed: clear it to record the "
                    "board passed out, or enter the contract"
                ),
                422,
                board=board,
            )
        if passed:
            contract = PassedOut().to_str(language)
        else:
            for name, label in _REQUIRED:
                if not fields[name].strip():
                    raise TableEntryError(
                        N_("{field} of board {board} is missing: choose it"),
                        422,
                        field=Problem(label),
                        board=board,
                    )
            contract = f"{level}{strain_label(strain, language)}{double}"
        seat = seat_label(declarer, language) if declarer else ""
        typed = TypedEntry(contract, seat, tricks, lead, ns, ew)
        read = read_typed(typed, language)  # what a refusal after reading it quotes
        entered = await desk.enter(event, table, board, typed, language)
    except ArbitroError as error:
        unsaved: dict[int, str] = {}
        if isinstance(error, NoOpenRoundError):
            # The round closed while the table typed: say the result was not kept, and
            # keep what they typed in view for the director to enter it.
            error = NoOpenRoundError(
                N_(
                    "your result of board {board} was not saved: the round is closed; "
                    "call the director"
                ),
                409,
                board=board,
            )
            unsaved[board] = (
                written(read, page_language(request)) if isinstance(read, Entry) else ""
            )
        return await run_in_threadpool(
            _round_page,
            request,
            event,
            table,
            desk,
            status_code=error_status(error),
            typed_now={board: fields},
            messages={
                board: refused_entry(
                    error, read if isinstance(read, Entry) else None, page_language(request)
                )
            },
            unsaved=unsaved,
        )
    target = f"/tables/{event}/{table}"
    if entered.replaced is not None:
        target += "?" + urlencode(
            {"replaced_board": board, "replaced": written(entered.replaced, language)}
        )
    return RedirectResponse(f"{target}#board-{board}", status_code=303)


@pages.post("/{event}/{table}/boards/{board}/confirm")
async def confirm_form(
    request: Request,
    event: Number,
    table: Number,
    board: Number,
    desk: Desk,
    csrf_token: Annotated[str, Form(max_length=128)] = "",
    pair: Annotated[str, Form(max_length=16)] = "",
    entry: Annotated[str, Form(max_length=64)] = "",
) -> Response:
    """East-West's confirmation of the entry they were shown (``entry``); back to the round."""
    try:
        check_csrf(request, csrf_token)
        require_table(request, event, table)
    except HTTPException as error:  # a refusal of the Laws or the event: the one handler
        return _failed(request, error)
    try:
        await desk.confirm(event, table, board, pair, entry)
    except ArbitroError as error:
        return await run_in_threadpool(
            _round_page, request, event, table, desk, error_status(error), messages={board: error}
        )
    return RedirectResponse(f"/tables/{event}/{table}#board-{board}", status_code=303)
