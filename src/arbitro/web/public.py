"""The players' results pages (``/results``): the events, an event's ranking, travellers, score cards, hand records.

Nobody signs in to read them. What a page shows, and to whom, is
:mod:`~arbitro.web.public_results`'s (Law 16C before the session is over, Law 79C for
the ranking and the hand records); who asks, :mod:`~arbitro.web.public_reader`'s. A page
refused to its reader answers the results' own error page, which offers the form for the
table card's code. The same results as JSON are in :mod:`~arbitro.web.public_api`.

>>> from fastapi.testclient import TestClient
>>> from arbitro.store import open_store
>>> from arbitro.web import create_app
>>> TestClient(create_app(open_store("sqlite:///:memory:"))).get("/results/9").status_code
404
"""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response

from arbitro.analysis.record import hand_record
from arbitro.core.board import Board
from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_, Language, use_language
from arbitro.store.repository import EventInfo
from arbitro.tournament.reopening import reopened_text
from arbitro.tournament.ruling_report import RulingReport, adjustment_line
from arbitro.web.diagram import deal_diagram
from arbitro.web.match_tables import event_matches, penalty_match, team_matches
from arbitro.web.pages import (
    Number,
    error_page,
    error_status,
    event_day,
    event_days,
    get_store,
    page_language,
    render,
    typed_pair,
)
from arbitro.web.public_reader import CodeQuery, PairQuery, SessionQuery, reader
from arbitro.web.public_results import (
    NotPublishedError,
    ResultsNotOpenError,
    TravellerLine,
    board_sessions,
    deals,
    hand_records,
    participants_of,
    results_event,
    score_card_held,
    session_over,
    traveller,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.standings import not_compared, ranking_groups


@error_page("/results")
def _fail(request: Request, error: ArbitroError) -> Response:
    # The results' error page (the app's one handler calls it): the message is the error
    # itself, put into words in the page's language; a page closed to this reader (401,
    # 403) offers the form to type the table card's code.
    # What opens only once the results are published (the hand records) offers no code:
    # no table card opens it sooner. A page of an event leads back to the event's results.
    status = error_status(error)
    return render(
        request,
        "public/error.html",
        status_code=status,
        message=error,
        ask_code=status in (401, 403) and not isinstance(error, NotPublishedError),
        request_pair=request.query_params.get("pair", "")[:16],
        event=_event_of(request),
    )


def _event_of(request: Request) -> EventInfo | None:
    """The event of a page below the event's own results page, if there is that event.

    A traveller, a score card or the hand records refused lead back to the event's results.
    """
    number = str(request.path_params.get("event", ""))
    if request.url.path.rstrip("/") == f"/results/{number}" or not (
        number.isdigit() and len(number) < 10
    ):
        return None
    try:
        return results_event(get_store(request), int(number))
    except ArbitroError:
        return None


def _refused(request: Request, error: HTTPException) -> Response:
    """A refusal before the page's own checks (too many wrong codes: 429)."""
    return render(
        request,
        "public/error.html",
        status_code=error.status_code,
        message=error.detail,
        ask_code=False,
        request_pair="",
        event=_event_of(request),
    )


pages = APIRouter(prefix="/results", include_in_schema=False, route_class=LazyRoute)


@pages.get("")
def events_page(request: Request) -> Response:
    """The events, newest first, each a link to its results and dated (:func:`event_day`).

    Two Tuesdays' events of the same name are told apart by their days, written in the
    reader's language.
    """
    store = get_store(request)
    events = list(reversed(store.events()))
    return render(request, "public/events.html", events=events, days=event_days(store, events))


@pages.get("/{event}")
def event_page(
    request: Request,
    event: Number,
    pair: PairQuery = None,
    code: CodeQuery = None,
    session: SessionQuery = None,
) -> Response:
    """An event's ranking (once published) and the way to a pair's score card.

    An event of pairs or players over several sessions offers each session's ranking
    (``?session=``) beside the event's.

    Until the session is over a score card opens only to its table (Law 16C): the page
    asks once for the table card's code, and lists the cards of the pairs at the tables
    this device proved (every card to a director, and to all once the session is over).
    """
    store = get_store(request)
    info = results_event(store, event)
    participants = store.participants(event)
    ask_code = False
    if not session_over(store, info):
        try:
            who = reader(request, event, code)
        except HTTPException as error:
            return _refused(request, error)
        if not who.director:
            ask_code = True
            seated: set[str] = set().union(*who.seated)
            participants = [p for p in participants if p.number in seated]
    ranked_sessions = info.spec.sessions if info.spec.kind != "teams" else 1
    if session is not None and session > ranked_sessions:
        raise ResultsNotOpenError(
            N_("event {event} has no session {session} to rank (it has {sessions})"),
            404,
            event=event,
            session=session,
            sessions=ranked_sessions,
        )
    standings = ranking_groups(store, event, session) if info.published is not None else None
    adjustments: list[tuple[int, str]] = []
    disqualified: dict[str, str] = {}
    if standings is not None:
        with use_language(page_language(request)):
            # A record of Law 91B in the page's language, whatever it was recorded in.
            disqualified = store.disqualified(event)
            adjustments = [
                (
                    stored.case.board,
                    adjustment_line(stored.number, stored.case, stored.ns, stored.ew),
                )
                for stored in store.stored_cases(event)
            ]
    return render(
        request,
        "public/event.html",
        info=info,
        standings=standings,
        disqualified=disqualified,
        # A Swiss team's byes, each worth the event's VPs: where its total comes from.
        byes=store.swiss_byes(event),
        absences=store.swiss_absences(event),
        bye_score=info.bye_score,
        # A knockout shows its matches, not a ranking (Law 86B).
        knockout=store.knockout_matches(event) if standings is not None else [],
        knockout_sessions=info.spec.sessions,
        # A teams event's matches under its ranking (Law 78B), after their IMP penalties.
        match_rows=event_matches(store, info) if standings is not None else [],
        # A teams board left out of its match (Law 87B), waiting for the director's score.
        uncompared=not_compared(store, event) if standings is not None else [],
        # Official and correctable until the correction period ends, final after it
        # (Law 79C1), as the desk and the command line say it; a reopening with its boards.
        state=info.correction.state(datetime.now(UTC)),
        results_status=_results_status(info, page_language(request)),
        reopened=_reopened_boards(info, page_language(request)),
        participants=participants,
        ask_code=ask_code,
        # Each session's ranking and the event's, in an event of several sessions.
        session=session,
        sessions=list(range(1, ranked_sessions + 1)) if ranked_sessions > 1 else [],
        adjustments=adjustments,
        # The hand records' button, once published, only when the director gave the deals.
        has_deals=standings is not None and bool(deals(store, event)),
        # The day it was played, as the list of events dates it.
        day=event_day(info, store.first_results([event]).get(event)),
    )


def _results_status(info: EventInfo, lang: Language) -> str:
    """The state of the results in words (Law 79C1), in ``lang``; empty when reopened (79C2).

    >>> from arbitro.tournament.event import EventSpec
    >>> at = datetime(2026, 1, 1, 21, 0, tzinfo=UTC)
    >>> print(_results_status(EventInfo(1, EventSpec("A", boards=8), None, None, None, at, None), "en"))
    Final results: the correction period ended on 2026-01-01 at 21:30 UTC (Law 79C1).
    """
    if info.reopened is not None:
        return ""
    with use_language(lang):
        return info.correction.status(datetime.now(UTC))


def _reopened_boards(info: EventInfo, lang: Language) -> str:
    """The boards the director reopened (Law 79C2), as the page names them; empty when none are."""
    if info.reopened is None:
        return ""
    with use_language(lang):
        return reopened_text(info.reopened_boards)


@pages.get("/{event}/hands")
def hands_page(request: Request, event: Number) -> Response:
    """The hand records, with double-dummy tables and par, once the results are published."""
    store = get_store(request)
    info = results_event(store, event)
    records = hand_records(store, event)
    if not records.finished:
        return render(
            request, "public/hands.html", info=info, progress=records.progress, style="", record=""
        )
    language = page_language(request)
    # The hand record's own page (the one printed), inside the console's frame: its
    # header with the language switch, and the way back to the event's results.
    record = hand_record(info.spec.name, records.entries).html(lang=language)
    style = record.partition("<style>")[2].partition("</style>")[0]
    body = record.partition("<body>")[2].partition("</body>")[0]
    return render(
        request,
        "public/hands.html",
        info=info,
        progress=records.progress,
        style=style.replace("body {", ".hand-record {"),
        record=body,  # rendered (and escaped) by the hand record's own template
    )


@pages.get("/{event}/pairs/{pair}")
def score_card_page(request: Request, event: Number, pair: str, code: CodeQuery = None) -> Response:
    """A pair's personal score card, each board linking to its traveller."""
    typed, pair = pair, typed_pair(pair)  # 5EO, as a Spanish player writes it, is 5EW
    store = get_store(request)
    try:
        info = results_event(store, event)
        who = reader(request, event, code)
        lines, held = score_card_held(
            store, event, pair, who.seated, everything=who.director, typed=typed
        )
        names = next((p.names for p in store.participants(event) if p.number == pair), "")
        standing = (
            next(
                (
                    line
                    for _, group in ranking_groups(store, event)
                    for line in group
                    if line.participant == pair
                ),
                None,
            )
            if info.published is not None
            else None
        )
        # A team's matches: IMPs and victory points, once every reader may see them.
        matches = (
            team_matches(store, info, pair) if who.director or info.published is not None else []
        )
        # The pair's penalties (Laws 90, 91) show on its card, each with its Law.
        # A penalty in IMPs with the match it comes off (Law 90), when it is scored.
        penalties = [
            (stored.record, penalty_match(matches, stored.record, stored.session))
            for stored in store.penalties(event)
            if stored.record.participant == pair
        ]
        # The team's boards left out of their match (Law 87B), of those the card shows.
        shown_boards = {(line.session, line.board) for line in lines}
        uncompared = [
            note
            for note in not_compared(store, event, team=pair)
            if (note.session, note.board.board) in shown_boards
        ]
    except HTTPException as error:
        return _refused(request, error)
    return render(
        request,
        "public/score_card.html",
        info=info,
        pair=pair,
        lines=lines,
        held=held,
        names=names,
        standing=standing,
        penalties=penalties,
        uncompared=uncompared,
        matches=matches,
    )


@pages.get("/{event}/boards/{board}")
def traveller_page(
    request: Request,
    event: Number,
    board: Number,
    pair: PairQuery = None,
    code: CodeQuery = None,
    session: SessionQuery = None,
) -> Response:
    """A board's traveller (``pair`` marks that pair's line), with the deal when it is kept."""
    store = get_store(request)
    try:
        info = results_event(store, event)
        who = reader(request, event, code)
        results = store.results(event)
        sessions = board_sessions(results, board)
        shown = session or sessions[-1]
        lines = traveller(store, event, board, who.seated, everything=who.director, session=shown)
    except HTTPException as error:
        return _refused(request, error)
    # The boards before and after it, once every traveller may be read (before that a
    # table reads only the boards it played).
    played = (
        sorted({r.board for r in results if r.session == shown})
        if who.director or info.published is not None
        else []
    )
    before = [number for number in played if number < board]
    after = [number for number in played if number > board]
    uncompared = not_compared(store, event, board=board, session=shown)
    language = page_language(request)
    deal = deals(store, event).get(board)
    # The deal as a compass diagram, with the board's dealer and vulnerability (Law 2,
    # or the board's own marking).
    diagram = (
        deal_diagram(deal, store.boards(event).get(board) or Board(board), language)
        if deal is not None
        else None
    )
    with use_language(language):
        reports = [
            RulingReport(stored.case, stored.number).lines()
            for stored in store.stored_cases(event)
            if stored.case.board == board
        ]
    # The rulings saved from the assistant: the director's at once, everyone's once the
    # results are published.
    board_rulings = (
        [ruling for _, ruling in store.rulings(event) if ruling.board == board]
        if who.director or info.published is not None
        else []
    )
    return render(
        request,
        "public/traveller.html",
        rulings=board_rulings,
        info=info,
        board=board,
        session=shown,
        sessions=sessions if info.spec.sessions > 1 else [],
        pair=pair or "",
        lines=sorted(lines, key=_by_score),
        mine={
            line.table
            for line in lines
            if pair and pair in (*participants_of(info, line.ns), *participants_of(info, line.ew))
        },
        diagram=diagram,
        reports=reports,
        uncompared=uncompared,
        previous_board=before[-1] if before else None,
        next_board=after[0] if after else None,
    )


def _by_score(line: TravellerLine) -> tuple[int, Fraction, int]:
    """A traveller's order: North-South's best score first, then by table; the rest last.

    A split score (Law 12C1f) is placed by North-South's own score, a weighted score
    (12C1c) by its mean; an artificial score (12C2) and a board not played come last.

    >>> [_by_score(TravellerLine(3, "1", "2", "", score, "", "")) for score in ("+420", "-50", "A60/A40")]
    [(0, Fraction(-420, 1), 3), (0, Fraction(50, 1), 3), (1, Fraction(0, 1), 3)]
    >>> _by_score(TravellerLine(2, "1", "2", "", "+420/-620", "", "", ns_score=Fraction(420)))
    (0, Fraction(-420, 1), 2)
    """
    if line.ns_score is not None:
        return (0, -line.ns_score, line.table)
    text = line.score.strip()
    digits = text.lstrip("+-")
    if digits.isascii() and digits.isdigit():
        return (0, -Fraction(int(text)), line.table)
    return (1, Fraction(0), line.table)
