"""The director's Laws 4, 91 and 10B and the AEB's regulations on the desk.

The event's rulings view (``/director/events/{id}?view=rulings``) carries the forms of
the director's acts on a participant: a substitute (Law 4), a suspension (91A), a
disqualification (91B), and of a rectification the players applied themselves (10B).
The page ``/director/events/{id}/aeb`` keeps the event's level, checks a pair's
convention card against it (the AEB's highly unusual methods, Law 40B2a), shows the
pair's register of psychic calls across events and records a call the director
classified (the AEB's section C, Law 40C1); a pasted table log gets homogenisation
criterion 5 (recorded in the register) and the calls the card's methods make illegal
(Law 40B5), as ``--log`` on the command line. Every form goes through the same store
calls and rules as the command line (:mod:`arbitro.tournament.directing`,
:mod:`arbitro.tournament.psychics`, :mod:`arbitro.tournament.methods`).

>>> sorted(route.path for route in router.routes)[:2]
['/director/events/{event}/acts', '/director/events/{event}/aeb']
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Depends, Form, Query, Request
from fastapi.responses import Response

from arbitro.core.errors import ArbitroError
from arbitro.core.files import MAX_LOG_CHARACTERS
from arbitro.core.seat import Side
from arbitro.i18n import N_, Language, gettext, use_language
from arbitro.laws.authority import Authority, authority
from arbitro.store import Store
from arbitro.store.stored import StoredResult
from arbitro.table.agreements import read_auction, write_auction
from arbitro.table.log import loads
from arbitro.tournament.directing import MissingFieldError
from arbitro.tournament.methods import card_problems, check_level, event_level, illegal_calls
from arbitro.tournament.psychics import WEAK_TWOS, PsychicKind, PsychicRecord, criterion_5_records
from arbitro.web.acts import record_act, suspension_note
from arbitro.web.api_models import ActIn
from arbitro.web.labels import pair_label
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    Number,
    RefusedRequestError,
    describe_route,
    page_language,
    render,
    whole_number,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import DirectorName, StoreDep, require_form_csrf
from arbitro.web.sign_in import back, done, flash, refused, take_flash, take_typed

__all__ = ["pair_registers", "router"]

router = APIRouter(prefix="/director", include_in_schema=False, route_class=LazyRoute)
"""The desk's forms of Laws 4, 91, 10B and the AEB's psychics and methods."""

Csrf = Depends(require_form_csrf)

FIELD_LABELS = {
    "reason": N_("Reason"),
    "player": N_("Player who leaves (Law 4)"),
    "substitute": N_("Substitute (Law 4)"),
    "organiser": N_("Organiser who approves (Law 91B)"),
    "what": N_("What the players did without the director"),
    "by": N_("The director"),
}
"""The label of each form field a Law needs (``acts.html``): the desk's refusals name it."""


def _in_form_words(error: MissingFieldError, language: Language = "en") -> ArbitroError:
    """The refusal naming the desk's field in the page's ``language``, not the command line's option.

    >>> print(_in_form_words(MissingFieldError("organiser", "91B")))
    the field 'Organiser who approves (Law 91B)' is required (Law 91B)
    """
    with use_language(language):
        return error.worded(gettext(FIELD_LABELS.get(error.field, error.field)))


def _rulings_url(event: int) -> str:
    return f"/director/events/{event}?view=rulings"


def _aeb_url(event: int, pair: str = "") -> str:
    return f"/director/events/{event}/aeb" + (f"?pair={quote(pair)}" if pair else "")


@router.post("/events/{event}/acts", dependencies=[Csrf])
def act(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    participant: Annotated[str, Form(min_length=1, max_length=20)],
    action: Annotated[str, Form(pattern="^(substitute|suspend|disqualify)$")],
    reason: Annotated[str, Form(min_length=1, max_length=500)],
    player: Annotated[str, Form(max_length=100)] = "",
    substitute: Annotated[str, Form(max_length=100)] = "",
    session: Annotated[int, Form(ge=1, le=999)] = 1,
    boards: Annotated[str, Form(max_length=40)] = "",
    organiser: Annotated[str, Form(max_length=100)] = "",
) -> Response:
    """Record a substitute (Law 4), a suspension (91A) or a disqualification (91B) in the event's log.

    The director is the one signed in; the text is the API's (:class:`ActIn`), checked
    against its Law, and goes to the event's log through the command line's store call.

    >>> describe_route(router, act)
    'POST /director/events/{event}/acts'
    """
    try:
        with use_language(page_language(request)):
            given = ActIn(
                action=action,  # type: ignore[arg-type]  # the form's pattern allows only these
                reason=reason,
                player=player,
                substitute=substitute,
                session=session,
                boards=boards,
                organiser=organiser,
            )
            recorded = record_act(store, event, participant, given, director)
    except ArbitroError as error:
        # Back to the form as typed: the director corrects the field the message names.
        typed: dict[str, str | list[str]] = {
            "participant": participant, "action": action, "reason": reason, "player": player,
            "substitute": substitute, "session": str(session), "boards": boards,
            "organiser": organiser,
        }  # fmt: skip
        if isinstance(error, MissingFieldError):
            error = _in_form_words(error, page_language(request))
        return refused(request, error, _rulings_url(event), typed={"act": typed})
    with use_language(page_language(request)):
        said = gettext("Recorded in the event's log: {participant}: {detail}").format(
            participant=pair_label(participant), detail=recorded.detail
        )
        if recorded.scored:
            said += " · " + _scored_line(recorded.scored)
        if recorded.unscored is not None:  # Law 91A: the director enters the missed boards
            said += " · " + suspension_note(recorded.unscored)
        flash(request, said)
    return back(_rulings_url(event))


def _scored_line(scored: list[StoredResult]) -> str:
    """What a suspension scored, in the language in force (Laws 91A, 12C2a).

    >>> from arbitro.tournament.entry import Entry
    >>> entry = Entry.from_str("adjusted A-/A+")
    >>> _scored_line([StoredResult(1, 1, 2, 5, "3", "4", entry, None, 1)])
    'Boards scored for the suspension (Law 12C2a): board 5, table 2: adjusted A-/A+'
    """
    return gettext("Boards scored for the suspension (Law 12C2a): {boards}").format(
        boards="; ".join(
            gettext("board {board}, table {table}: {entry}").format(
                board=one.board, table=one.table, entry=one.entry.localized()
            )
            for one in scored
        )
    )


@router.post("/events/{event}/committee", dependencies=[Csrf])
def committee(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    available: Annotated[str, Form(pattern="^(yes|no)$")],
) -> Response:
    """Keep whether the event has an appeals committee (Law 93B) or the director hears every appeal (93A).

    >>> describe_route(router, committee)
    'POST /director/events/{event}/committee'
    """
    try:
        store.keep_committee(event, available == "yes", by=director)
    except ArbitroError as error:
        return refused(request, error, _rulings_url(event))
    return done(
        request,
        N_("The event has an appeals committee (Law 93B).")
        if available == "yes"
        else N_("The event has no appeals committee: the director hears every appeal (Law 93A)."),
        _rulings_url(event),
    )


@router.post("/events/{event}/rectified", dependencies=[Csrf])
def rectified(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    board: Annotated[int, Form(ge=1, le=9999)],
    what: Annotated[str, Form(max_length=500)],
    decision: Annotated[str, Form(pattern="^(accept|cancel)$")],
    table: Annotated[str, Form(max_length=6)] = "",
    session: Annotated[int, Form(ge=1, le=999)] = 1,
) -> Response:
    """Record a rectification the players applied themselves, accepted or cancelled (Law 10B).

    >>> describe_route(router, rectified)
    'POST /director/events/{event}/rectified'
    """
    try:
        with use_language(page_language(request)):
            at = _table(table)
            number, text = store.record_rectification(
                event, board, at, what, decision == "accept", session, director
            )
    except ArbitroError as error:
        # Back to the form as typed: the director corrects the field the message names.
        typed = {
            "board": str(board), "table": table, "session": str(session), "what": what,
            "decision": decision,
        }  # fmt: skip
        if isinstance(error, MissingFieldError):
            error = _in_form_words(error, page_language(request))
        return refused(request, error, _rulings_url(event), typed={"rectified": typed})
    return done(
        request,
        N_("Ruling {number} recorded: {text}"),
        _rulings_url(event),
        number=number,
        text=text,
    )


def _check_level(rules: Authority, level: str, kept: str) -> str:
    """The level a check uses: the one the form names (checked against the profile), else ``kept``.

    >>> from arbitro.laws.authority import Authority, authority
    >>> _check_level(authority("aeb"), "", "club"), _check_level(authority("aeb"), "National", "club")
    ('club', 'national')
    """
    return check_level(rules, level) if level.strip() else kept


def _table(text: str) -> int | None:
    """The table a form names, or None when empty; a clear error otherwise."""
    if not text.strip():
        return None
    number = whole_number(text.strip())
    if number is None:
        raise RefusedRequestError(
            N_("table: expected a whole number from 1, not '{text}'"), 422, text=text[:6]
        )
    return number


def pair_registers(store: Store, event: int, pairs: list[str]) -> list[tuple[str, list[str]]]:
    """Each of ``pairs``' register of psychics, as lines, for the director at a ruling.

    A pair without a record, or not in the event, is left out.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec, Participant
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=8), [Participant("1")])
    >>> _ = store.record_psychic(event, PsychicRecord("1", 1, 3, 2, ("2H",), PsychicKind.PSYCHIC))
    >>> pair_registers(store, event, ["1", "9"])
    [('1', ['Club, board 3, table 2: 2H, psychic'])]
    """
    found = []
    for pair in dict.fromkeys(p for p in pairs if p):
        try:
            records = store.pair_register(event, pair)
        except ArbitroError:  # a pair the event does not list: no register to show
            continue
        if records:
            found.append((pair, [record.line() for record in records]))
    return found


@router.get("/events/{event}/aeb")
def aeb_page(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    pair: Annotated[str, Query(max_length=20)] = "",
    level: Annotated[str, Query(max_length=40)] = "",
) -> Response:
    """The event's level, a pair's methods check and register of psychics (the AEB's regulation).

    The card is checked at ``level`` when given (the command line's ``--level``: a level
    named by the event's profile, refused otherwise), else at the level kept with the
    event.

    >>> describe_route(router, aeb_page)
    'GET /director/events/{event}/aeb'
    """
    # What was typed in a form refused just before, to fill it in again.
    return _aeb_view(request, store, event, pair, level, take_flash(request), take_typed(request))


def _aeb_view(
    request: Request,
    store: Store,
    event: int,
    pair: str,
    level: str,
    message: str | None,
    typed: dict[str, dict[str, str | list[str]]],
    status_code: int = 200,
) -> Response:
    """The AEB page of ``event`` for ``pair``, with ``message`` on top and ``typed`` in its forms."""
    info = store.event(event)
    rules = authority(info.spec.profile)
    participants = store.participants(event)
    chosen = pair or (participants[0].number if participants else "")
    with use_language(page_language(request)):
        kept = event_level(rules, store.kept_level(event))
        checked = _check_level(rules, level, kept)
        card = store.convention_card(event, chosen) if chosen else None
        problems = [p.text() for p in card_problems(card, rules, checked)] if card else []
        register = pair_registers(store, event, [chosen]) if chosen else []
    return render(
        request,
        "director/aeb.html",
        event=info,
        profile=rules.code.upper(),
        levels=rules.levels,
        level=kept,
        checked=checked,
        participants=participants,
        pair=chosen,
        card=card,
        problems=problems,
        register=register[0][1] if register else [],
        kinds=[(kind.value, kind.localized()) for kind in PsychicKind],
        weak_twos=write_auction(WEAK_TWOS, page_language(request)),
        flash=message,
        typed=typed,
        status_code=status_code,
    )


@router.post("/events/{event}/level", dependencies=[Csrf])
def keep_level(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    level: Annotated[str, Form(min_length=1, max_length=40)],
    pair: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    """Keep the event's level, against which the cards' methods are checked (Law 40B2a).

    >>> describe_route(router, keep_level)
    'POST /director/events/{event}/level'
    """
    try:
        kept = check_level(authority(store.event(event).spec.profile), level)
        store.keep_level(event, kept)
    except ArbitroError as error:
        return refused(request, error, _aeb_url(event, pair))
    return done(
        request,
        N_("Event {event} is at level {level}"),
        _aeb_url(event, pair),
        event=event,
        level=kept,
    )


@router.post("/events/{event}/psychics", dependencies=[Csrf])
def psychic(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    pair: Annotated[str, Form(min_length=1, max_length=20)],
    board: Annotated[int, Form(ge=1, le=9999)],
    auction: Annotated[str, Form(min_length=1, max_length=300)],
    kind: Annotated[str, Form(pattern="^(misstatement|deviation|psychic)$")],
    table: Annotated[str, Form(max_length=6)] = "",
    session: Annotated[int, Form(ge=1, le=999)] = 1,
    fielded: Annotated[str, Form(max_length=3)] = "",
    implicit_agreement: Annotated[str, Form(max_length=3)] = "",
    note: Annotated[str, Form(max_length=300)] = "",
) -> Response:
    """Record a call the director classified in the pair's register, with the AEB's consequence.

    The page then says the consequence (lawful, or a concealed agreement: 40C1) and
    warns when the pair made the same call before (section C).

    >>> describe_route(router, psychic)
    'POST /director/events/{event}/psychics'
    """
    lang = page_language(request)
    try:
        with use_language(lang):
            calls = read_auction(auction, lang)
            if not calls:
                raise RefusedRequestError(N_("auction: give the calls up to the psychic"), 422)
            record = PsychicRecord(
                pair,
                session,
                board,
                _table(table),
                calls,
                PsychicKind.read(kind),
                fielded == "on",
                implicit_agreement == "on",
                "",
                note.strip(),
                director,
            )
            earlier = store.pair_register(event, pair)
            number = store.record_psychic(event, record)
            consequence = record.consequence(record.repeats(earlier))
            message = gettext("Psychic {id} recorded for pair {pair}: {line}").format(
                id=number, pair=pair, line=record.line()
            )
            flash(request, f"{message}. {consequence.text()}")
    except ArbitroError as error:
        typed = {
            "board": str(board), "table": table, "session": str(session), "auction": auction,
            "kind": kind, "fielded": fielded, "implicit_agreement": implicit_agreement,
            "note": note,
        }  # fmt: skip
        return refused(request, error, _aeb_url(event, pair), typed={"psychic": typed})
    return back(_aeb_url(event, pair))


@router.post("/events/{event}/aeb/log", dependencies=[Csrf])
def table_log(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    pair: Annotated[str, Form(min_length=1, max_length=20)],
    side: Annotated[str, Form(pattern="^(NS|EW)$")],
    log: Annotated[str, Form(min_length=1, max_length=MAX_LOG_CHARACTERS)],
    table: Annotated[str, Form(max_length=6)] = "",
    session: Annotated[int, Form(ge=1, le=999)] = 1,
    weak_twos: Annotated[str, Form(max_length=100)] = "",
    level: Annotated[str, Form(max_length=40)] = "",
) -> Response:
    """Apply criterion 5 and the methods check (Law 40B5) to a pasted table log.

    The calls are checked at the form's ``level``, or the event's when it is empty.

    The log is read as ``arbitro ruling psychic --log`` and ``arbitro ruling methods
    --log`` read it (JSON Lines, replayed by :func:`arbitro.table.log.loads` with the
    bounded JSON reader); a malformed log is refused naming its line, and nothing is
    recorded. Each weak two the pair opened with four cards or fewer is recorded in its
    register (:func:`arbitro.tournament.psychics.criterion_5_records`); each call its
    kept card's methods make illegal at the event's level is flagged
    (:func:`arbitro.tournament.methods.illegal_calls`).

    >>> describe_route(router, table_log)
    'POST /director/events/{event}/aeb/log'
    """
    lang = page_language(request)
    try:
        with use_language(lang):
            played = loads(log, gettext("the table log"))
            board = played.board.number
            if board is None:
                raise RefusedRequestError(N_("the table log names no board"), 422)
            seats = Side.from_str(side).seats
            try:
                openings = tuple(read_auction(weak_twos, lang)) if weak_twos.strip() else WEAK_TWOS
            except ArbitroError as error:
                raise RefusedRequestError(
                    N_("weak twos: {reason}"), 422, reason=str(error)
                ) from None
            rules = authority(store.event(event).spec.profile)
            checked = _check_level(rules, level, event_level(rules, store.kept_level(event)))
            card = store.convention_card(event, pair)
            flagged = illegal_calls(card, played, seats, rules, checked) if card else ()
            records = criterion_5_records(
                played, pair, seats, board, weak_twos=openings, session=session, table_number=_table(table),
                director=director,
            )  # fmt: skip
            earlier = store.pair_register(event, pair)
            lines: list[str] = []
            for record in records:
                number = store.record_psychic(event, record)
                lines.append(
                    gettext("Psychic {id} recorded for pair {pair}: {line}").format(
                        id=number, pair=pair, line=record.line()
                    )
                    + ". "
                    + record.consequence(record.repeats(earlier)).text()
                )
            if not records:
                lines.append(
                    gettext(
                        "No weak two opened with four cards or fewer: nothing to record "
                        "(criterion 5)."
                    )
                )
            if card is None:
                lines.append(
                    gettext("pair {pair} has no convention card in this event").format(pair=pair)
                )
            for call in flagged:
                lines.append(
                    gettext(
                        "Call {number} by {seat} is illegal for this event: the score is "
                        "adjusted if the opponents were damaged, and a procedural penalty may "
                        "follow (Law {law})"
                    ).format(number=call.call_number, seat=call.seat.localized(), law=call.law)
                )
            if card is not None and not flagged:
                lines.append(
                    gettext("No call at this table is illegal at level {level} (Law 40B5).").format(
                        level=checked
                    )
                )
            flash(request, " · ".join(lines))
    except ArbitroError as error:
        # The page is answered at once with the form as typed, the log with it: up to
        # 200 kB, more than the session's cookie holds for the next page (take_typed).
        typed: dict[str, str | list[str]] = {
            "side": side, "table": table, "session": str(session), "level": level,
            "weak_twos": weak_twos, "log": log,
        }  # fmt: skip
        with use_language(lang):
            message = gettext("Refused: {reason}").format(reason=str(error))
        return _aeb_view(request, store, event, pair, "", message, {"log": typed}, 422)
    return back(_aeb_url(event, pair))
