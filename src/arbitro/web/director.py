"""The director's desk: set up events, watch the tables, enter and correct results, publish.

Every page needs a signed-in director (else it sends the browser to the sign-in page);
every form carries the session's CSRF token. A refused request comes back to the page
it came from with the reason at the top, in the page's language.

>>> from fastapi.testclient import TestClient
>>> from arbitro.store import open_store
>>> from arbitro.web import create_app
>>> client = TestClient(create_app(open_store("sqlite:///:memory:")))
>>> client.get("/director/").url.path   # no director yet: the first-run page
'/director/setup'

"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from datetime import date as date_type
from fractions import Fraction
from typing import Annotated, NamedTuple
from urllib.parse import urlencode, urlsplit

import segno
from fastapi import APIRouter, Depends, Form, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, Response

from arbitro.core.contract import PassedOut
from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_, gettext, use_language
from arbitro.laws.authority import AUTHORITIES, DEFAULT_AUTHORITY
from arbitro.scoring.travellers import adjusted_to_str
from arbitro.store import Store
from arbitro.store.console import RoundState
from arbitro.store.repository import EventInfo
from arbitro.store.stored import StoredResult
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import (
    KINDS,
    SCORINGS,
    VICTORY_POINTS,
    EventSpec,
    Participant,
    pair_number,
    scorings,
)
from arbitro.tournament.movements import Movement, Seating, SwissRound, UnknownParticipantError
from arbitro.tournament.movements.guide_cards import match_note
from arbitro.tournament.movements.options import build, without
from arbitro.tournament.records import Decision, PenaltyRecord, law_79c2_reason
from arbitro.tournament.reopening import LONGEST, board_numbers, named_boards, reopened_text
from arbitro.web.api import (
    PenaltyIn,
    Progress,
    make_penalty,
    progress,
    ranking_groups,
)
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    LangQuery,
    Number,
    RefusedRequestError,
    describe_route,
    event_days,
    get_store,
    page_language,
    pair_label,
    refused_entry,
    render,
    whole_number,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import (
    DirectorName,
    StoreDep,
    app_secret,
    require_form_csrf,
    table_code,
)
from arbitro.web.sign_in import done, refused, take_flash
from arbitro.web.tables import get_desk

router = APIRouter(prefix="/director", include_in_schema=False, route_class=LazyRoute)
"""The director's pages."""

Csrf = Depends(require_form_csrf)
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


# Events ---------------------------------------------------------------------------------


@router.get("/", response_class=HTMLResponse)
def desk(
    request: Request, director: DirectorName, store: StoreDep, lang: LangQuery = None
) -> Response:
    """The events, and the form for a new one.

    >>> describe_route(router, desk)
    'GET /director/'
    """
    events = _listed_events(store)
    return render(
        request,
        "director/events.html",
        flash=take_flash(request),
        events=events,
        days=event_days(store, events),
        archived=[event for event in store.events() if event.archived is not None],
        form=NEW_EVENT_DEFAULTS,
        errors={},
        profiles=AUTHORITIES,
    )


NEW_EVENT_DEFAULTS = {
    "name": "",
    "date": "",
    "kind": "pairs",
    "movement": "howell",
    "tables": "4",
    "boards_per_round": "2",
    "rounds": "",
    "bye_vp": "",
    "half_table": "",
    "arrow_switch": "",
    "relay": "",
    "sit_out": "",
    "boards": "",
    "sessions": "1",
    "method": "mp",
    "profile": DEFAULT_AUTHORITY,
    "correction_minutes": "30",
    "appeal_minutes": "30",
    "participants": "",
}
"""The new-event form's fields as the desk first shows them."""
NEW_EVENT_MOVEMENTS = ("howell", "mitchell", "individual", "round-robin", "swiss", "none")
"""The movements the new-event form offers (``round-robin``: a teams event's matches, each at
two tables; ``swiss``: teams or pairs, round 1 drawn and each next round paired from the
ranking; ``none``: a teams event's matches, entered by table)."""


@router.post("/events", dependencies=[Csrf])
def create_event(
    request: Request,
    director: DirectorName,
    store: StoreDep,
    name: Annotated[str, Form(max_length=200)] = "",
    date: Annotated[str, Form(max_length=20)] = "",
    kind: Annotated[str, Form(max_length=20)] = "pairs",
    movement: Annotated[str, Form(max_length=20)] = "howell",
    tables: Annotated[str, Form(max_length=10)] = "",
    boards_per_round: Annotated[str, Form(max_length=10)] = "",
    rounds: Annotated[str, Form(max_length=10)] = "",
    bye_vp: Annotated[str, Form(max_length=10)] = "",
    half_table: Annotated[str, Form(max_length=10)] = "",
    arrow_switch: Annotated[str, Form(max_length=10)] = "",
    relay: Annotated[str, Form(max_length=10)] = "",
    sit_out: Annotated[str, Form(max_length=20)] = "",
    boards: Annotated[str, Form(max_length=10)] = "",
    sessions: Annotated[str, Form(max_length=10)] = "1",
    method: Annotated[str, Form(max_length=20)] = "",
    profile: Annotated[str, Form(max_length=20)] = DEFAULT_AUTHORITY,
    correction_minutes: Annotated[str, Form(max_length=10)] = "30",
    appeal_minutes: Annotated[str, Form(max_length=10)] = "30",
    participants: Annotated[str, Form(max_length=20000)] = "",
) -> Response:
    """Create an event with its movement; one participant a line, as ``1: Ana, Luis``.

    The options are the command line's (``arbitro event new``): the date, the kind of
    event, the movement (Law 8) with its rounds, half table, arrow switch and relay, a
    Mitchell pair that is absent (its opponents sit out), the scoring (the kind's own when
    none is chosen: matchpoints, or a teams event's IMPs and victory points), the regulating
    authority's profile, the correction period (Law 79C) and the time to appeal (92B).
    A refused form comes back as it was typed, with each reason beside its field.

    >>> describe_route(router, create_event)
    'POST /director/events'
    """
    form = {
        "name": name,
        "date": date,
        "kind": kind,
        "movement": movement,
        "tables": tables,
        "boards_per_round": boards_per_round,
        "rounds": rounds,
        "bye_vp": bye_vp,
        "half_table": half_table,
        "arrow_switch": arrow_switch,
        "relay": relay,
        "sit_out": sit_out,
        "boards": boards,
        "sessions": sessions,
        "method": method or scorings(kind)[0],  # none chosen: the kind's own
        "profile": profile,
        "correction_minutes": correction_minutes,
        "appeal_minutes": appeal_minutes,
        "participants": participants,
    }
    with use_language(page_language(request)):  # the reasons in the page's language
        return _create_event(request, director, store, form)


def _create_event(request: Request, director: str, store: Store, form: dict[str, str]) -> Response:
    """:func:`create_event` with the form read: create the event, or send the form back."""
    movement, tables, boards_per_round, rounds = (
        form["movement"],
        form["tables"],
        form["boards_per_round"],
        form["rounds"],
    )
    sit_out, participants, date = form["sit_out"], form["participants"], form["date"]
    errors = _new_event_errors(form)
    timetable: Movement | None = None
    if not errors and movement != "none":
        try:
            timetable = build(
                movement,
                int(tables),
                int(boards_per_round),
                int(rounds) if rounds.strip() else None,
                half_table=bool(form["half_table"]),
                arrow_switch=bool(form["arrow_switch"]),
                relay=bool(form["relay"]),
                teams=form["kind"] == "teams",
            )
        except ArbitroError as error:
            errors["tables"] = str(error)
    if timetable is not None and sit_out.strip():
        try:
            timetable = without(timetable, pair_number(sit_out))
        except UnknownParticipantError as error:
            errors["sit_out"] = _not_in_the_movement(error.participant, error.participants)
        except (ArbitroError, ValueError) as error:
            errors["sit_out"] = str(error)
    given: list[Participant] = []
    for number, line in enumerate(participants.splitlines(), start=1):
        if line.strip():
            try:
                participant = Participant.from_str(line)
            except ArbitroError as error:
                errors.setdefault(
                    "participants",
                    gettext("line {line}: {problem}").format(line=number, problem=error),
                )
                continue
            given.append(participant)
            if timetable is not None and participant.number not in timetable.participants:
                # Said here, in the page's notation (7EO in Spanish), rather than by the
                # store, which names the pair as it keeps it (7EW).
                problem = _not_in_the_movement(participant.number, timetable.participants)
                errors.setdefault(
                    "participants",
                    gettext("line {line}: {problem}").format(line=number, problem=problem),
                )
    if not errors:
        try:
            spec = EventSpec.scored(
                form["name"],
                timetable.boards if timetable is not None else int(form["boards"]),
                form["method"],  # checked by _new_event_errors, as the event checks it
                kind=form["kind"],
                profile=form["profile"],
                sessions=int(form["sessions"]),
                correction_minutes=int(form["correction_minutes"]),
                appeal_minutes=int(form["appeal_minutes"]),
            )
        except ArbitroError as error:
            errors["name"] = str(error)
    if not errors:
        try:
            event = store.create_event(
                spec,
                given,
                timetable,
                held_on=_date(date) if date.strip() else None,
                bye_score=_points(form["bye_vp"]),
            )
        except ArbitroError as error:
            errors["participants"] = str(error)
    if errors:
        if "method" in errors and form["kind"] == "teams":
            # Back with a teams event's own scoring chosen, the reason beside it.
            form = {**form, "method": VICTORY_POINTS}
        events = _listed_events(store)
        return render(
            request,
            "director/events.html",
            status_code=422,
            flash=gettext("The event was not created: see the fields marked."),
            events=events,
            days=event_days(store, events),
            archived=[],
            form=form,
            errors=errors,
            profiles=AUTHORITIES,
        )
    return done(request, N_("Event {event} created."), f"/director/events/{event}", event=event)


def _not_in_the_movement(number: str, participants: tuple[str, ...]) -> str:
    """Why a pair the movement does not have is refused, its numbers as the page writes them.

    A Spanish page writes an East-West pair ``7EO``, as its director typed it.

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     print(_not_in_the_movement("7EW", ("1NS", "1EW")))
    participante desconocido «7EO»: se esperaba uno de estos: 1NS, 1EO
    """
    return str(
        UnknownParticipantError(
            pair_label(number), tuple(pair_label(participant) for participant in participants)
        )
    )


def _points(text: str) -> Fraction | None:
    """A score of 0 or more as typed (``12``, ``12.5``), or None when blank or not one.

    >>> _points("12.5"), _points(""), _points("-1"), _points("doce")
    (Fraction(25, 2), None, None, None)
    """
    typed = text.strip().replace(",", ".")
    if not re.fullmatch(r"[0-9]{1,4}(?:\.[0-9]{1,4})?", typed):
        return None
    return Fraction(typed)


def _date(text: str) -> date_type:
    """The day ``text`` names, as the form's date field sends it (``2026-11-24``).

    >>> _date("2026-11-24")
    datetime.date(2026, 11, 24)
    """
    return date_type.fromisoformat(text.strip())


def _new_event_errors(form: dict[str, str]) -> dict[str, str]:
    """The new-event form's fields that are not what they must be, each with why.

    >>> from arbitro.i18n import use_language
    >>> with use_language("en"):
    ...     _new_event_errors({**NEW_EVENT_DEFAULTS, "name": "Martes", "tables": "1"})
    {'tables': 'expected a whole number from 2 to 30'}
    >>> with use_language("en"):
    ...     _new_event_errors({**NEW_EVENT_DEFAULTS, "name": "M", "date": "24/11", "relay": "1"})
    {'date': 'expected a date, as in 2026-11-24', 'relay': 'only a Mitchell has a relay'}
    """
    errors: dict[str, str] = {}
    if not form["name"].strip():
        errors["name"] = gettext("the event needs a name")
    if form["date"].strip():
        try:
            _date(form["date"])
        except ValueError:
            errors["date"] = gettext("expected a date, as in 2026-11-24")
    if form["kind"] not in KINDS:
        errors["kind"] = gettext("expected one of {choices}").format(choices=", ".join(KINDS))
    movement = form["movement"]
    if movement not in NEW_EVENT_MOVEMENTS:
        errors["movement"] = gettext(
            "expected a Howell, a Mitchell, an individual movement, a round robin or a Swiss"
        )
    numbers = [("correction_minutes", 0, 1440), ("appeal_minutes", 0, 1440), ("sessions", 1, 99)]
    if movement == "none":
        numbers.append(("boards", 1, 200))
    else:
        # A match of teams plays more boards than a round of pairs.
        numbers += [
            ("tables", 2, 30),
            ("boards_per_round", 1, 8 if movement not in ("round-robin", "swiss") else 36),
        ]
        if form["rounds"].strip():
            numbers.append(("rounds", 1, 60))
        elif movement == "swiss":
            errors["rounds"] = gettext("a Swiss needs the number of rounds planned")
    if form["bye_vp"].strip():
        if movement != "swiss" or form["kind"] != "teams":
            errors["bye_vp"] = gettext("only a Swiss teams event has a score for a bye")
        elif _points(form["bye_vp"]) is None:
            errors["bye_vp"] = gettext("expected a number of 0 or more, as in {example}").format(
                example="12, 12.5"
            )
    for field, low, high in numbers:
        typed = form[field].strip()
        # 0 minutes: no correction period or time to appeal beyond publication (Law 79C)
        value = 0 if typed == "0" and low == 0 else whole_number(typed)
        if value is None or not low <= value <= high:
            errors[field] = gettext("expected a whole number from {low} to {high}").format(
                low=low, high=high
            )
    for field, owner, message in (
        ("half_table", "howell", N_("only a Howell has a half table")),
        ("arrow_switch", "mitchell", N_("only a Mitchell has an arrow switch")),
        ("relay", "mitchell", N_("only a Mitchell has a relay")),
        ("sit_out", "mitchell", N_("only a Mitchell has a pair absent (a sit-out)")),
    ):
        if form[field].strip() and movement != owner:
            errors[field] = gettext(message)
    if form["method"] not in SCORINGS:
        errors["method"] = gettext("expected one of {choices}").format(choices=", ".join(SCORINGS))
    elif form["kind"] in KINDS and form["method"] not in scorings(form["kind"]):
        # The event's rule (EventSpec.scored), said beside the field in the desk's words.
        errors["method"] = (
            gettext(
                "a teams event is scored in IMPs turned into victory points, or as a knockout: "
                "matchpoints, Butler, cross-IMPs and total points score a pairs or an "
                "individual event"
            )
            if form["kind"] == "teams"
            else gettext(
                "victory points and a knockout score a teams event: choose the kind Teams, or "
                "a pairs' scoring"
            )
        )
    if form["profile"] not in AUTHORITIES:
        errors["profile"] = gettext("expected one of {choices}").format(
            choices=", ".join(AUTHORITIES)
        )
    return errors


def _listed_events(store: Store) -> list[EventInfo]:
    """The events the desk lists: those not archived."""
    return [event for event in store.events() if event.archived is None]


VIEWS = "^(rounds|results|ranking|rulings|audit)?$"
"""The views of an event's page (``?view=``); empty is every view."""
ViewQuery = Annotated[str, Query(pattern=VIEWS)]
"""The ``?view=`` of the event's page, or of a form that goes back to it."""


def _event_url(event: int, view: str = "") -> str:
    """The desk's page of ``event``, showing ``view`` (one part of it) when given.

    An action goes back to the view its form is on, so the director sees what it did
    without the whole page (``?view=`` of :func:`event_page`).

    >>> _event_url(3), _event_url(3, "rulings")
    ('/director/events/3', '/director/events/3?view=rulings')
    """
    return f"/director/events/{event}" + (f"?view={view}" if view else "")


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
    several (:func:`desk_session` by default).

    ``view`` shows one part of the page (the rounds and the tables' progress, the results
    and corrections, the ranking, the rulings and penalties, the audit); none, all.

    >>> describe_route(router, event_page)
    'GET /director/events/{event}'
    """
    info = store.event(event)
    states = store.rounds(event)
    rounds_of_timetable = info.timetable.rounds if info.timetable else 0
    shown = desk_session(info.spec.sessions, rounds_of_timetable, states, session)
    lines = progress(store, event, shown)
    waiting = waiting_entries(request, lines, event, shown)
    problems = [(stored, str(problem)) for stored, problem in store.penalty_problems(event)]
    try:
        ranking = ranking_groups(store, event)
        ranking_problem = ""
    except ArbitroError as error:
        # A stored row the scorer cannot use is a problem to resolve on this page, not
        # a page that fails: the rest of the event still shows.
        ranking, ranking_problem = [], str(error)
    with use_language(page_language(request)):  # the acts of Laws 4 and 91 in the page's
        log = store.event_log(event)
        disqualified = store.disqualified(event)
    return render(
        request,
        "director/event.html",
        penalty_problems=problems,
        view=view,
        ranking_problem=ranking_problem,
        flash=take_flash(request),
        event=info,
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
        sessions=info.spec.sessions,
        # Another session's round open: this session's rounds wait until it is closed.
        open_elsewhere=sorted(
            {state.session for state in states if state.is_open and state.session != shown}
        ),
        tables=range(1, (info.tables or 0) + 1),
        grid={(line.round, line.table): line for line in lines},
        results=store.results(event),
        audit=store.audit(event),
        log=log,
        log_actions=LOG_ACTIONS,
        penalties=store.penalties(event),
        appeals=store.appeals(event),
        rulings=store.rulings(event),
        participants=store.participants(event),
        ranking=ranking,
        knockout=store.knockout_matches(event) if not ranking_problem else [],
        knockout_sessions=info.spec.sessions,
        disqualified=disqualified,
        uncompared=store.uncompared_boards(event),
        # A Swiss team's byes, each worth the event's VPs: where its total comes from.
        byes=store.swiss_byes(event),
        bye_score=info.bye_score,
        committee=store.has_committee(event),
        tables_ranking=store.tables_show_ranking(event),
        locked=info.correction.locked(datetime.now(UTC)),
        waiting=waiting,
        closing=close if close in waiting else None,
        closing_entries=_waiting_entries_of(request, event, waiting.get(close or 0, {}), shown),
        reopening=reopen if reopen is not None and info.published is not None else None,
        publishing=still_to_come(every_session(store, info)) if publishing else None,
    )


class StillToCome(NamedTuple):
    """What a session still waits for before its results can be published."""

    rounds: list[int]
    """The rounds open for entry at the tables."""
    missing: int
    """The results not entered yet."""
    expected: int
    """The results the movement expects (a table with both pairs seated, each board)."""

    def __bool__(self) -> bool:
        return bool(self.rounds or self.missing)


def still_to_come(lines: list[Progress]) -> StillToCome:
    """The rounds still open and the results still missing, from the tables' progress.

    >>> from arbitro.web.api import Progress
    >>> still_to_come([Progress(round=1, table=1, ns="1", ew="2", boards=[1, 2], entered=[1],
    ...                         open=True)])
    StillToCome(rounds=[1], missing=1, expected=2)
    >>> bool(still_to_come([]))
    False
    """
    played = [line for line in lines if line.ns and line.ew]
    return StillToCome(
        sorted({line.round for line in lines if line.open}),
        sum(len(set(line.boards) - set(line.entered)) for line in played),
        sum(len(line.boards) for line in played),
    )


def desk_session(
    sessions: int, rounds: int, states: list[RoundState], asked: int | None = None
) -> int:
    """The session whose rounds the desk shows: the one ``asked`` for, else the one with a round open, else the first not over.

    A session is over when each of its ``rounds`` was opened and is closed; when every
    session is, the last. An event of one session has only session 1.

    >>> from datetime import datetime, UTC
    >>> now = datetime(2026, 1, 1, tzinfo=UTC)
    >>> desk_session(2, 2, [RoundState(1, 1, now, now), RoundState(1, 2, now, now)])
    2
    >>> desk_session(2, 2, [RoundState(1, 1, now, None)]), desk_session(2, 2, [], asked=2)
    (1, 2)
    >>> desk_session(1, 2, [], asked=3)
    1
    """
    if asked is not None and 1 <= asked <= sessions:
        return asked
    open_now = [state.session for state in states if state.is_open and state.session <= sessions]
    if open_now:
        return max(open_now)
    for number in range(1, sessions + 1):
        closed = {state.round for state in states if state.session == number and not state.is_open}
        if not closed >= set(range(1, rounds + 1)):
            return number
    return sessions


def every_session(store: Store, info: EventInfo) -> list[Progress]:
    """The tables' progress in every session of the event, one session after the other.

    What the publication waits for: a round open, a result missing, in any session.
    """
    return [
        line
        for number in range(1, info.spec.sessions + 1)
        for line in progress(store, info.id, number)
    ]


def _session_url(event: int, session: int, **query: int | str) -> str:
    """The desk's page of ``event`` showing ``session`` (named after session 1), with ``query``.

    >>> _session_url(3, 1), _session_url(3, 2, close=1), _session_url(3, 1, close=1)
    ('/director/events/3', '/director/events/3?session=2&close=1', '/director/events/3?close=1')
    >>> _session_url(3, 2, view="rounds")
    '/director/events/3?session=2&view=rounds'
    """
    fields: dict[str, int | str] = {"session": session} if session > 1 else {}
    fields |= query
    return _event_url(event) + ("?" + urlencode(fields) if fields else "")


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


def _goes(destination: Seating | None, here: int) -> str:
    """Where a pair goes next, as the card says it: a table number, ``=`` staying, ``-``."""
    if destination is None:
        return "-"
    return "=" if destination.table == here else str(destination.table)


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
                ", ".join(
                    _goes(
                        movement.next_seating(name, seating.round, movement.side_of(seating, name)),
                        table,
                    )
                    for name in ns_next
                ),
                ", ".join(
                    _goes(
                        movement.next_seating(name, seating.round, movement.side_of(seating, name)),
                        table,
                    )
                    for name in ew_next
                ),
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

    Closing a round with entries still awaiting East-West's confirmation asks first:
    the desk lists them and closes only when the director confirms (``anyway``). The
    tables enter one session at a time: a round of another session still open is
    refused until it is closed.

    >>> describe_route(router, round_action)
    'POST /director/events/{event}/rounds/{round_number}/{action}'
    """
    here = _session_url(event, session, view="rounds")
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
                    _session_url(event, session, reopen=round_number) + "#reopening",
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
            if not anyway and round_number in waiting_entries(
                request, progress(store, event, session), event, session
            ):
                return done(
                    request,
                    N_(
                        "Round {round} still has entries awaiting East-West's confirmation:"
                        " it stays open until you confirm below."
                    ),
                    _session_url(event, session, close=round_number) + "#closing",
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
) -> Response:
    """Pair a Swiss event's next round from the ranking (``round``: the one the page offered).

    Refused while a round paired has results missing, and when ``round`` is no longer
    the next one (the button pressed twice, or another director paired it first).

    >>> describe_route(router, pair_round)
    'POST /director/events/{event}/pair'
    """
    try:
        paired = store.pair_next_round(event, round_number)
        teams = store.event(event).spec.kind == "teams"
    except ArbitroError as error:
        return refused(request, error, _event_url(event, "rounds"))
    with use_language(page_language(request)):
        text = pairings_text(paired, teams)
    return done(
        request,
        N_("Round {round} paired: {pairings}. Open it when the tables are ready."),
        f"{_event_url(event, 'rounds')}#progress",
        round=paired.seatings[0].round,
        pairings=text,
    )


@router.get("/events/{event}/result", response_class=HTMLResponse)
def result_page(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    board: Number | None = None,
    table: Number | None = None,
    session: Number = 1,
    lang: LangQuery = None,
    view: ViewQuery = "",
) -> Response:
    """The form to enter a result, or to correct it if there is one (with a reason).

    ``session`` is the session the board is played in (a knockout's segment), 1 unless
    the event has several. ``view`` is the view of the event's page the form was opened
    from (the rounds' grid, the results): the form goes back to it.

    >>> describe_route(router, result_page)
    'GET /director/events/{event}/result'
    """
    return _result_form(request, store, event, board, table, session=session, view=view)


def _result_form(
    request: Request,
    store: Store,
    event: int,
    board: int | None,
    table: int | None,
    *,
    session: int = 1,
    typed: dict[str, str] | None = None,
    refusal: ArbitroError | None = None,
    view: str = "",
) -> Response:
    """The result form: as stored (or as North-South entered it), or as typed and refused.

    A refused entry or correction comes back with what the director typed and the
    reason (422), so nothing typed is lost.
    """
    info = store.event(event)
    current = _stored_result(store, event, board, table, session)
    fields = entry_fields(current.entry, page_language(request)) if current else {}
    waiting = (
        # The tables' phones enter the session whose round is open.
        get_desk(request).entered(event, table, session).get(board)
        if current is None and board is not None and table is not None
        else None
    )
    if waiting is not None:
        # What North-South entered and East-West did not confirm: the director starts from it.
        fields = entry_fields(waiting.entry, page_language(request))
    message = take_flash(request)
    if refusal is not None:
        with use_language(page_language(request)):
            message = gettext("Refused: {reason}").format(reason=refusal)
    return render(
        request,
        "director/result.html",
        status_code=422 if refusal is not None else 200,
        flash=message,
        event=info,
        board=board,
        table=table,
        session=session,
        current=current,
        waiting=waiting,
        fields=fields if typed is None else typed,
        view=view,
        back=_session_url(event, session, view=view) if view else _event_url(event),
    )


def _stored_result(
    store: Store, event: int, board: int | None, table: int | None, session: int
) -> StoredResult | None:
    """The result stored for ``board`` at ``table`` in ``session``, if there is one."""
    return next(
        (
            stored
            for stored in store.results(event)
            if (stored.board, stored.table, stored.session) == (board, table, session)
        ),
        None,
    )


def entry_fields(entry: Entry, lang: str = "en") -> dict[str, str]:
    """The result form's fields filled with ``entry`` as stored, in ``lang``'s notation.

    A correction starts from what is stored, so nothing (the opening lead) is lost by
    correcting another field.

    >>> entry_fields(Entry.from_str("4S W 10 lead HK"), "es")
    {'contract': '4P', 'declarer': 'O', 'tricks': '10', 'lead': 'CR', 'score': '', 'adjusted': '', 'not_played': '', 'group': ''}
    >>> entry_fields(Entry.from_str("adjusted A60/A40"))["adjusted"]
    'A60/A40'
    >>> entry_fields(Entry.from_str("score -50 group B"))["group"]
    'B'
    """
    contract = ""
    if isinstance(entry.contract, PassedOut):
        contract = entry.contract.to_str(lang)
    elif entry.contract is not None:
        contract = entry.contract.to_str(lang, declarer=False)
    return {
        "contract": contract,
        "declarer": entry.declarer.to_str(lang) if entry.declarer is not None else "",
        "tricks": str(entry.tricks) if entry.tricks is not None else "",
        "lead": entry.lead.to_str(lang) if entry.lead is not None else "",
        "score": str(entry.score) if entry.score is not None else "",
        "adjusted": adjusted_to_str(entry.adjusted, to_lang=lang) if entry.adjusted else "",
        "not_played": "true" if entry.not_played else "",
        "group": entry.group or "",
    }


@router.post("/events/{event}/result", dependencies=[Csrf])
def save_result(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    board: Annotated[Number, Form()],
    table: Annotated[Number, Form()],
    contract: Annotated[str, Form(max_length=20)] = "",
    declarer: Annotated[str, Form(max_length=5)] = "",
    tricks: Annotated[str, Form(max_length=5)] = "",
    lead: Annotated[str, Form(max_length=5)] = "",
    score: Annotated[str, Form(max_length=10)] = "",
    adjusted: Annotated[str, Form(max_length=100)] = "",
    not_played: Annotated[bool, Form()] = False,
    group: Annotated[str, Form(max_length=20)] = "",
    reason: Annotated[str, Form(max_length=500)] = "",
    session: Annotated[Number, Form()] = 1,
    view: Annotated[str, Form(pattern=VIEWS)] = "",
) -> Response:
    """Enter the result, or correct it (the audit trail keeps who, when, old, new, why).

    ``group`` puts the table in a group of a fouled board (Law 87B): the director
    divides the board's scores into groups, and each group is scored on its own.
    ``session`` is the board's session (a knockout's segment). ``view`` is the view of
    the event's page the form was opened from: once stored, the desk goes back to it
    (the rounds' grid of the board's session, the results), as every desk form does.

    >>> describe_route(router, save_result)
    'POST /director/events/{event}/result'
    """
    here = f"/director/events/{event}/result?board={board}&table={table}&session={session}" + (
        f"&view={view}" if view else ""
    )
    entry: Entry | None = None
    try:
        entry = Entry.from_fields(
            contract=contract or None,
            declarer=declarer or None,
            tricks=tricks or None,
            lead=lead or None,
            score=score or None,
            adjusted=adjusted or None,
            not_played=not_played,
            lang=page_language(request),
            group=group or None,
        )
        stored = _stored_result(store, event, board, table, session)
        if stored is not None and _same_entry(stored.entry, entry):
            # A correction that changes nothing is not one: the audit trail stays as it is.
            return done(
                request,
                N_("Board {board} at table {table}: nothing changed, nothing was recorded."),
                here,
                board=board,
                table=table,
            )
        if stored is not None:
            store.correct_result(
                event, board, table, entry, reason=reason, session=session, by=director
            )
            message = N_("Board {board} at table {table} corrected.")
        else:
            store.enter_result(event, board, table, entry, session=session, by=director)
            message = N_("Board {board} at table {table} entered.")
    except ArbitroError as error:
        # Back to the form as typed, with the reason: nothing the director typed is lost.
        typed = {
            "contract": contract, "declarer": declarer, "tricks": tricks, "lead": lead,
            "score": score, "adjusted": adjusted, "not_played": "1" if not_played else "",
            "group": group, "reason": reason,
        }  # fmt: skip
        return _result_form(
            request,
            store,
            event,
            board,
            table,
            session=session,
            typed=typed,
            refusal=refused_entry(error, entry, page_language(request)),
            view=view,
        )
    back = _session_url(event, session, view=view) if view else _event_url(event)
    return done(request, message, back, board=board, table=table)


def _same_entry(stored: Entry, given: Entry) -> bool:
    """Whether the form's ``given`` entry says what ``stored`` says (its marks kept)."""
    return replace(given, wrong_pairs=stored.wrong_pairs, agreed=stored.agreed) == stored


@router.post("/events/{event}/participants", dependencies=[Csrf])
def players(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    participant: Annotated[str, Form(min_length=1, max_length=20)],
    players: Annotated[str, Form(max_length=500)] = "",
) -> Response:
    """Name the players of a pair (``NAME #FEDERATION, NAME``).

    >>> describe_route(router, players)
    'POST /director/events/{event}/participants'
    """
    try:
        store.set_players(event, participant, players, by=director)
    except ArbitroError as error:
        return refused(request, error, _event_url(event, "ranking"))
    return done(
        request,
        N_("Players of {participant} saved."),
        _event_url(event, "ranking"),
        participant=participant,
    )


def _penalty_record(
    participant: str, kind: str, amount: str, unit: str, law: str, reason: str
) -> PenaltyRecord:
    """The penalty the desk's form gives (the API's reading of it, :func:`make_penalty`)."""
    return make_penalty(
        PenaltyIn(
            participant=participant,
            kind=kind,  # type: ignore[arg-type]  # the form's pattern allows only the kinds
            amount=amount,
            unit=unit,  # type: ignore[arg-type]  # the form's pattern allows only the units
            law=law,
            reason=reason,
        )
    )


@router.post("/events/{event}/penalties", dependencies=[Csrf])
def penalty(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    participant: Annotated[str, Form(min_length=1, max_length=20)],
    amount: Annotated[str, Form(min_length=1, max_length=20)],
    law: Annotated[str, Form(min_length=2, max_length=20)],
    kind: Annotated[str, Form(pattern="^(procedural|disciplinary)$")] = "procedural",
    unit: Annotated[str, Form(pattern="^(top|mp|imps|vp)$")] = "top",
    reason: Annotated[str, Form(max_length=500)] = "",
) -> Response:
    """Give a procedural (Law 90) or disciplinary (Law 91) penalty.

    >>> describe_route(router, penalty)
    'POST /director/events/{event}/penalties'
    """
    try:
        record = _penalty_record(participant, kind, amount, unit, law, reason)
        store.add_penalty(event, record, director=director)
        contestant = store.event(event).spec.contestant
    except ArbitroError as error:
        return refused(request, error, _event_url(event, "rulings"))
    return done(
        request,
        PENALTY_RECORDED.get(contestant, PENALTY_RECORDED["pair"]),
        _event_url(event, "rulings") + "#penalties",
        participant=participant,
    )


PENALTY_RECORDED = {
    "team": N_("Penalty on team {participant} recorded."),
    "pair": N_("Penalty on pair {participant} recorded."),
    "player": N_("Penalty on player {participant} recorded."),
}
"""The flash of a penalty given, naming the team, pair or player (the event's contestant)."""


@router.post("/events/{event}/penalties/{penalty_id}/withdraw", dependencies=[Csrf])
def withdraw_penalty(
    request: Request,
    event: Number,
    penalty_id: Number,
    director: DirectorName,
    store: StoreDep,
    why: Annotated[str, Form(max_length=500)] = "",
) -> Response:
    """Withdraw a penalty, with the reason in the event's log.

    >>> describe_route(router, withdraw_penalty)
    'POST /director/events/{event}/penalties/{penalty_id}/withdraw'
    """
    try:
        store.withdraw_penalty(event, penalty_id, why, director=director)
    except ArbitroError as error:
        return refused(request, error, _event_url(event, "rulings") + "#penalties")
    return done(
        request,
        N_("Penalty {penalty} withdrawn."),
        _event_url(event, "rulings") + "#penalties",
        penalty=penalty_id,
    )


@router.post("/events/{event}/penalties/{penalty_id}", dependencies=[Csrf])
def change_penalty(
    request: Request,
    event: Number,
    penalty_id: Number,
    director: DirectorName,
    store: StoreDep,
    participant: Annotated[str, Form(min_length=1, max_length=20)],
    amount: Annotated[str, Form(min_length=1, max_length=20)],
    law: Annotated[str, Form(min_length=2, max_length=20)],
    kind: Annotated[str, Form(pattern="^(procedural|disciplinary)$")] = "procedural",
    unit: Annotated[str, Form(pattern="^(top|mp|imps|vp)$")] = "top",
    reason: Annotated[str, Form(max_length=500)] = "",
    why: Annotated[str, Form(max_length=500)] = "",
) -> Response:
    """Change a penalty (amount, unit, Law, reason), with why in the event's log.

    >>> describe_route(router, change_penalty)
    'POST /director/events/{event}/penalties/{penalty_id}'
    """
    try:
        record = _penalty_record(participant, kind, amount, unit, law, reason)
        store.change_penalty(event, penalty_id, record, why, director=director)
    except ArbitroError as error:
        return refused(request, error, _event_url(event, "rulings") + "#penalties")
    return done(
        request,
        N_("Penalty {penalty} changed."),
        _event_url(event, "rulings") + "#penalties",
        penalty=penalty_id,
    )


@router.post("/events/{event}/appeals", dependencies=[Csrf])
def appeal(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    appellant: Annotated[str, Form(min_length=1, max_length=20)],
    reason: Annotated[str, Form(min_length=1, max_length=500)],
    signed_by: Annotated[list[str] | None, Form(max_length=100)] = None,
    ruling: Annotated[str, Form(max_length=12)] = "",
) -> Response:
    """Lodge an appeal (Law 92), with the signatures of Law 92D (required under the AEB, criterion 7).

    >>> describe_route(router, appeal)
    'POST /director/events/{event}/appeals'
    """
    try:
        against = whole_number(ruling) if ruling.strip() else None
        if ruling.strip() and against is None:
            raise RefusedRequestError(
                N_("ruling: expected a ruling's number, not '{text}'"), 422, text=ruling[:12]
            )
        store.lodge_signed_appeal(event, appellant, reason, signed_by or [], against, by=director)
    except ArbitroError as error:
        return refused(request, error, _event_url(event, "rulings"))
    return done(
        request,
        N_("Appeal by {participant} lodged."),
        _event_url(event, "rulings"),
        participant=appellant,
    )


@router.post("/events/{event}/appeals/{appeal_id}/decision", dependencies=[Csrf])
def decide(
    request: Request,
    event: Number,
    appeal_id: Number,
    director: DirectorName,
    store: StoreDep,
    decision: Annotated[str, Form(pattern="^(upheld|dismissed|withdrawn)$")],
    matter: Annotated[str, Form(pattern="^(|law|judgement)$")] = "",
    body: Annotated[str, Form(pattern="^(director|committee)$")] = "committee",
    committee: Annotated[str, Form(pattern="^(|yes|no)$")] = "",
    score: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """Record the decision on an appeal (Law 93), with 93B's split and the score it gives.

    >>> describe_route(router, decide)
    'POST /director/events/{event}/appeals/{appeal_id}/decision'
    """
    try:
        store.decide_appeal(
            event,
            appeal_id,
            Decision(decision),
            by=director,
            matter="law" if matter == "law" else "judgement" if matter else None,
            body="director" if body == "director" else "committee",
            committee={"yes": True, "no": False}.get(committee),
            score=Entry.from_str(score) if score.strip() else None,
        )
    except ArbitroError as error:
        return refused(request, error, _event_url(event, "rulings"))
    return done(
        request,
        N_("Decision on appeal {appeal} recorded."),
        _event_url(event, "rulings"),
        appeal=appeal_id,
    )


@router.post("/events/{event}/publish", dependencies=[Csrf])
def publish(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    anyway: Annotated[bool, Form()] = False,
) -> Response:
    """Publish the official results: the correction period (Law 79C) starts.

    With a round still open for entry at the tables, or a result missing, it asks first:
    the desk says what is still to come and publishes only when the director confirms
    (``anyway``).

    >>> describe_route(router, publish)
    'POST /director/events/{event}/publish'
    """
    if not anyway and still_to_come(every_session(store, store.event(event))):
        return done(
            request,
            N_("Results are still to come: nothing is published until you confirm below."),
            f"{_event_url(event, 'ranking')}&publishing=1#publishing",
        )
    try:
        store.publish(event, by=director)
    except ArbitroError as error:
        return refused(request, error, _event_url(event, "ranking"))
    return done(request, N_("Results published."), _event_url(event, "ranking"))


@router.post("/events/{event}/tables-ranking", dependencies=[Csrf])
def tables_ranking(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    allow: Annotated[str, Form(max_length=5)] = "",
) -> Response:
    """Let the tables' pages show the provisional ranking (``allow``), or stop it; off by default.

    >>> describe_route(router, tables_ranking)
    'POST /director/events/{event}/tables-ranking'
    """
    store.event(event)  # an event that is not there is refused, not switched on
    store.show_ranking_at_tables(event, bool(allow))
    message = (
        N_("The tables now show the provisional ranking.")
        if allow
        else N_("The tables no longer show the ranking.")
    )
    return done(request, message, _event_url(event, "ranking"))


@router.post("/events/{event}/reopen", dependencies=[Csrf])
def reopen(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    reason: Annotated[str, Form(max_length=500)] = "",
    organiser: Annotated[str, Form(max_length=100)] = "",
    boards: Annotated[str, Form(max_length=LONGEST)] = "",
    all_boards: Annotated[str, Form(max_length=5)] = "",
) -> Response:
    """Reopen the boards of locked results whose score is wrong (Law 79C2): the director and the organiser.

    ``boards`` names them as ``6``, ``3, 7`` or ``5-8``; ``all_boards`` reopens every
    board instead. Until the results are published again only those may change.

    >>> describe_route(router, reopen)
    'POST /director/events/{event}/reopen'
    """
    try:
        if reason.strip():
            reason = law_79c2_reason(reason, director, organiser)
        with use_language(page_language(request)):
            field, every = gettext("Boards to reopen"), gettext("Every board")
        chosen = named_boards(board_numbers(boards), bool(all_boards), field, every)
        info = store.reopen(event, reason, by=director, boards=chosen)
    except ArbitroError as error:
        return refused(request, error, _event_url(event, "ranking"))
    with use_language(page_language(request)):
        shown = reopened_text(info.reopened_boards)
    return done(
        request, N_("Results reopened for {boards}."), _event_url(event, "ranking"), boards=shown
    )
