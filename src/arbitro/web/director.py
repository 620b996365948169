"""The director's desk: set up events, watch the tables, enter and correct results, publish.

Every page needs a signed-in director (else it sends the browser to the sign-in page);
every form carries the session's CSRF token. A refused request comes back to the page
it came from with the reason at the top, in the page's language.

This module holds the events' list and the new-event form, and the addresses every
desk form goes back to (:func:`event_url`, :func:`session_url`); the desk's other pages
are by concern, each module a router of its own in :data:`~arbitro.web.app.ROUTERS`, in
the order they are matched: :mod:`~arbitro.web.director_event` (an event's page),
:mod:`~arbitro.web.director_rounds`, :mod:`~arbitro.web.director_results`,
:mod:`~arbitro.web.director_acts`, :mod:`~arbitro.web.director_publishing`, then
:mod:`~arbitro.web.director_aeb`.

>>> from fastapi.testclient import TestClient
>>> from arbitro.store import open_store
>>> from arbitro.web import create_app
>>> client = TestClient(create_app(open_store("sqlite:///:memory:")))
>>> client.get("/director/").url.path   # no director yet: the first-run page
'/director/setup'

"""

from __future__ import annotations

import re
from datetime import date as date_type
from fractions import Fraction
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Form, Query, Request
from fastapi.responses import HTMLResponse, Response

from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_, gettext, use_language
from arbitro.laws.authority import AUTHORITIES, DEFAULT_AUTHORITY
from arbitro.store import Store
from arbitro.store.repository import EventInfo
from arbitro.tournament.event import (
    KINDS,
    SCORINGS,
    VICTORY_POINTS,
    EventSpec,
    Participant,
    pair_number,
    scorings,
)
from arbitro.tournament.movements import Movement, UnknownParticipantError
from arbitro.tournament.movements.options import build, without
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    LangQuery,
    describe_route,
    event_days,
    page_language,
    pair_label,
    render,
    whole_number,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import DirectorName, StoreDep, require_form_csrf
from arbitro.web.sign_in import done, take_flash

router = APIRouter(prefix="/director", include_in_schema=False, route_class=LazyRoute)
"""The director's pages."""

Csrf = Depends(require_form_csrf)


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


# The desk's addresses -------------------------------------------------------------------


VIEWS = "^(rounds|results|ranking|rulings|audit)?$"
"""The views of an event's page (``?view=``); empty is every view."""
ViewQuery = Annotated[str, Query(pattern=VIEWS)]
"""The ``?view=`` of the event's page, or of a form that goes back to it."""


def event_url(event: int, view: str = "") -> str:
    """The desk's page of ``event``, showing ``view`` (one part of it) when given.

    An action goes back to the view its form is on, so the director sees what it did
    without the whole page (``?view=`` of :func:`~arbitro.web.director_event.event_page`).

    >>> event_url(3), event_url(3, "rulings")
    ('/director/events/3', '/director/events/3?view=rulings')
    """
    return f"/director/events/{event}" + (f"?view={view}" if view else "")


def session_url(event: int, session: int, **query: int | str) -> str:
    """The desk's page of ``event`` showing ``session`` (named after session 1), with ``query``.

    >>> session_url(3, 1), session_url(3, 2, close=1), session_url(3, 1, close=1)
    ('/director/events/3', '/director/events/3?session=2&close=1', '/director/events/3?close=1')
    >>> session_url(3, 2, view="rounds")
    '/director/events/3?session=2&view=rounds'
    """
    fields: dict[str, int | str] = {"session": session} if session > 1 else {}
    fields |= query
    return event_url(event) + ("?" + urlencode(fields) if fields else "")
