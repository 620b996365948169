"""The desk's page of an event: its rounds and the tables' progress, results, records, ranking.

What the page shows still to come before a round closes or the results are published
(:meth:`~arbitro.store.Store.results_to_come`, :func:`waiting_entries`) is asked again by the forms that close
and publish (:mod:`arbitro.web.director_rounds`, :mod:`arbitro.web.director_publishing`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_, use_language
from arbitro.store.console import session_now
from arbitro.tournament.appeals import appeal_period_status
from arbitro.tournament.entry import Entry
from arbitro.tournament.penalties import lacks_its_board, plays_several_matches
from arbitro.web.api_models import Progress, progress
from arbitro.web.dates import event_day
from arbitro.web.director import ViewQuery
from arbitro.web.match_tables import event_matches
from arbitro.web.pages import LangQuery, Number, describe_route, page_language, render  # noqa: F401 (describe_route: the examples)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import DirectorName, StoreDep
from arbitro.web.sign_in import take_flash, take_typed
from arbitro.web.standings import ranking_groups
from arbitro.web.tables import get_desk

router = APIRouter(prefix="/director", include_in_schema=False, route_class=LazyRoute)
"""The event's page."""


LOG_ACTIONS = {
    "open-round": N_("round opened"),
    "close-round": N_("round closed"),
    "publish": N_("results published"),
    "reopen": N_("results reopened"),
    "players": N_("players named"),
    "penalty": N_("penalty given"),
    "penalty-withdrawn": N_("penalty withdrawn"),
    "penalty-changed": N_("penalty changed"),
    "appeal": N_("appeal lodged"),
    "decision": N_("appeal decided"),
    "substitute": N_("substitute authorised (Law 4)"),
    "suspend": N_("participant suspended (Law 91A)"),
    "disqualify": N_("participant disqualified (Law 91B)"),
    "committee": N_("appeals committee set (Law 93)"),
}
"""How the event's log names what the director did."""


@router.get("/events/{event}", response_class=HTMLResponse)
def event_page(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    lang: LangQuery = None,
    close: Number | None = None,
    reopen: Number | None = None,
    publishing: Annotated[str, Query(pattern="^1?$")] = "",
    view: ViewQuery = "",
    session: Number | None = None,
) -> Response:
    """The director's view of an event: rounds, progress, results, records, ranking.

    ``close``, ``reopen`` and ``publishing`` show what a round's closing, its reopening
    and the publication still wait for, with the form to confirm it.

    ``session`` is the session whose rounds the page opens and closes, in an event of
    several (the current one by default,
    :func:`~arbitro.store.console.session_now`).

    ``view`` shows one part of the page (the rounds and the tables' progress, the results
    and corrections, the ranking, the rulings and penalties, the audit); none, all.

    >>> describe_route(router, event_page)
    'GET /director/events/{event}'
    """
    info = store.event(event)
    states = store.rounds(event)
    rounds_of_timetable = info.timetable.rounds if info.timetable else 0
    shown = session_now(info.spec.sessions, rounds_of_timetable, states, session)
    lines = progress(store, event, shown)
    waiting = waiting_entries(request, lines, event, shown)
    to_come = store.boards_to_come(event, close, shown) if close is not None else []
    awaiting = waiting.get(close or 0, {})
    problems = [(stored, str(problem)) for stored, problem in store.penalty_problems(event)]
    penalties = store.penalties(event)
    try:
        ranking = ranking_groups(store, event)
        ranking_problem = ""
    except ArbitroError as error:
        # A stored row the scorer cannot use is a problem to resolve on this page, not
        # a page that fails: the rest of the event still shows.
        ranking, ranking_problem = [], str(error)
    with use_language(page_language(request)):  # the acts of Laws 4 and 91 in the page's
        log = store.event_log(event)
        audit = store.audit(event)  # an appeal's reason (Law 93), in the page's language
        disqualified = store.disqualified(event)
        # Provisional, official or final (Law 79C1), as the public page and the CLI say it.
        status = "" if info.reopened is not None else info.correction.status(datetime.now(UTC))
        # Beside it, the time to appeal a ruling (Law 92B), in the club's time.
        appealing = appeal_period_status(
            info.published, info.spec.appeal_minutes, datetime.now(UTC)
        )
    return render(
        request,
        "director/event.html",
        penalty_problems=problems,
        # A team plays several matches a session: a penalty in IMPs names its board (90).
        several_matches=plays_several_matches(info.spec, info.timetable),
        view=view,
        ranking_problem=ranking_problem,
        flash=take_flash(request),
        # What was typed in a form refused just before, to fill it in again.
        typed=take_typed(request),
        event=info,
        # Dated as the public page dates it: the day held, else its first result's or
        # its creation's (an event made on the command line has no day given).
        held=event_day(info, store.first_results([event]).get(event)),
        rounds=range(1, (info.timetable.rounds if info.timetable else 0) + 1),
        # A Swiss's next round, while the director has still to pair it.
        to_pair=(
            info.timetable.rounds + 1
            if info.timetable is not None
            and info.timetable.kind == "swiss"
            and info.timetable.rounds < info.timetable.board_sets
            else None
        ),
        opened={state.round for state in states if state.is_open and state.session == shown},
        # A round played and closed is told apart from one not opened yet.
        closed={state.round for state in states if not state.is_open and state.session == shown},
        session=shown,
        # A penalty's session: the one asked for, else the event's current one (Law 90).
        penalty_session=session if session == shown else store.current_session(event),
        sessions=info.spec.sessions,
        # Another session's round open: this session's rounds wait until it is closed.
        open_elsewhere=sorted(
            {state.session for state in states if state.is_open and state.session != shown}
        ),
        tables=range(1, (info.tables or 0) + 1),
        grid={(line.round, line.table): line for line in lines},
        results=store.results(event),
        audit=audit,
        log=log,
        log_actions=LOG_ACTIONS,
        penalties=penalties,
        # Board-less IMP penalties kept from before the board was required (Law 90).
        boardless={
            stored.number
            for stored in penalties
            if lacks_its_board(stored.record, info.spec, info.timetable)
        },
        appeals=store.appeals(event),
        rulings=store.rulings(event),
        participants=store.participants(event),
        ranking=ranking,
        knockout=store.knockout_matches(event) if not ranking_problem else [],
        knockout_sessions=info.spec.sessions,
        # A teams event's matches under its ranking (Law 78B), after their IMP penalties.
        match_rows=event_matches(store, info) if not ranking_problem else [],
        disqualified=disqualified,
        uncompared=store.uncompared_boards(event),
        # A Swiss team's byes, each worth the event's VPs: where its total comes from.
        byes=store.swiss_byes(event),
        absences=store.swiss_absences(event),
        bye_score=info.bye_score,
        committee=store.has_committee(event),
        tables_ranking=store.tables_show_ranking(event),
        results_status=status,
        appeal_status=appealing if info.reopened is None else None,
        waiting=waiting,
        closing=close if to_come else None,
        closing_entries=_waiting_entries_of(request, event, awaiting, shown),
        # The round's boards with no entry at all: listed too before it closes.
        closing_missing=[
            board for board in to_come if board.board not in awaiting.get(board.table, [])
        ],
        reopening=reopen if reopen is not None and info.published is not None else None,
        publishing=store.results_to_come(event) if publishing else None,
    )


def _waiting_entries_of(
    request: Request, event: int, tables: dict[int, list[int]], session: int = 1
) -> list[tuple[int, int, Entry]]:
    """(table, board, entry) of the entries North-South made that East-West have not confirmed."""
    desk = get_desk(request)
    found = []
    for table, boards in sorted(tables.items()):
        pending = desk.entered(event, table, session)
        found += [(table, board, pending[board].entry) for board in boards if board in pending]
    return found


def waiting_entries(
    request: Request, lines: list[Progress], event: int, session: int = 1
) -> dict[int, dict[int, list[int]]]:
    """By round, then table: the boards of ``session`` entered by North-South still awaiting East-West.

    Only boards without a confirmed result count (a confirmed one is no longer waiting).

    >>> from starlette.requests import Request
    >>> waiting_entries(Request({"type": "http"}), [], 1)
    {}
    """
    if not lines:
        return {}
    desk = get_desk(request)
    found: dict[int, dict[int, list[int]]] = {}
    for table in sorted({line.table for line in lines}):
        pending = desk.entered(event, table, session)
        for line in lines:
            boards = [
                b
                for b in line.boards
                if line.table == table and b in pending and b not in line.entered
            ]
            if boards:
                found.setdefault(line.round, {})[table] = boards
    return found
