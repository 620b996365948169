"""The desk's results: entering or correcting a board's result, naming a pair's players."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse, Response

from arbitro.core.contract import PassedOut
from arbitro.core.errors import ArbitroError
from arbitro.core.other_notation import other_notation_hint
from arbitro.i18n import N_, gettext, use_language
from arbitro.scoring.adjusted_notation import adjusted_to_str
from arbitro.store import Store
from arbitro.store.stored import StoredResult
from arbitro.tournament.correction_period import ResultsLockedError
from arbitro.tournament.entry import Entry
from arbitro.web.director import VIEWS, ViewQuery, event_url, session_url
from arbitro.web.labels import PairNumbers
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    LangQuery,
    Number,
    RefusedRequestError,
    describe_route,
    page_language,
    refused_entry,
    render,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import DirectorName, StoreDep, require_form_csrf
from arbitro.web.sign_in import done, refused, take_flash
from arbitro.web.tables import get_desk

router = APIRouter(prefix="/director", include_in_schema=False, route_class=LazyRoute)
"""Entering and correcting results, naming the players."""

Csrf = Depends(require_form_csrf)


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
    locked: bool = False,
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
            # A contract, card or seat typed in the other language's notation: how to
            # write it in the page's (the same hint as the command line's).
            hint = other_notation_hint(refusal, page_language(request))
            if hint:
                message = f"{message}. {hint}"
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
        # Refused as the correction period is over (Law 79C1): the way on is a reopening.
        locked=locked,
        back=session_url(event, session, view=view) if view else event_url(event),
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
        played = played_fields(contract, declarer, tricks, lead, score, adjusted, not_played)
        entry = Entry.from_fields(
            **played,
            adjusted=adjusted.strip() or None,
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
            refusal=one_way_of_scoring(refused_entry(error, entry, page_language(request))),
            locked=isinstance(error, ResultsLockedError),
            view=view,
        )
    back = session_url(event, session, view=view) if view else event_url(event)
    return done(request, message, back, board=board, table=table)


def played_fields(
    contract: str,
    declarer: str,
    tricks: str,
    lead: str,
    score: str,
    adjusted: str,
    not_played: bool,
) -> dict[str, Any]:
    """The form's played fields and its "not played" tick, unless an adjusted score is typed.

    A correction's form comes filled with the result as stored: a director who types an
    adjusted score (Law 12) there means it as the board's result, so the contract, the
    declarer, the tricks, the score, the lead and the tick of the stored result are left
    out, not refused as a second way of scoring the board.

    >>> played_fields("4S", "N", "10", "HK", "", "A60/A40", False)
    {'contract': None, 'declarer': None, 'tricks': None, 'lead': None, 'score': None, 'not_played': False}
    >>> played_fields("4S", "N", "10", "", "", " ", False)["contract"]
    '4S'
    """
    if adjusted.strip():
        contract = declarer = tricks = lead = score = ""
        not_played = False
    return {
        "contract": contract or None,
        "declarer": declarer or None,
        "tricks": tricks or None,
        "lead": lead or None,
        "score": score or None,
        "not_played": not_played,
    }


SEVERAL_WAYS = N_("give one of a contract, an adjusted score or 'not played', not several")
"""The scorer's refusal of a contract given with an adjusted score (or 'not played')."""


def one_way_of_scoring(error: ArbitroError) -> ArbitroError:
    """``error``, naming the form's fields where it refuses several ways of scoring the board.

    An adjusted score typed is the result (:func:`played_fields`); a contract with the
    "not played" tick is still two ways, and the refusal says which fields to empty.

    >>> from arbitro.tournament.entry import InvalidEntryError
    >>> print(one_way_of_scoring(InvalidEntryError("4H W 10 3H+1 W", SEVERAL_WAYS)))
    fill in one of “Contract” (with “Declarer” and “Tricks”), “Adjusted score” or “Not played”, not several: empty the others
    >>> print(one_way_of_scoring(InvalidEntryError("4X", "expected a strain")))
    invalid result '4X': expected a strain
    """
    if getattr(error, "reason", None) != SEVERAL_WAYS:
        return error
    return RefusedRequestError(
        N_(
            "fill in one of “Contract” (with “Declarer” and “Tricks”), “Adjusted score” or "
            "“Not played”, not several: empty the others"
        ),
        422,
    )


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
        # Back to the form as typed: the director corrects the names the message quotes.
        typed = {"participant": participant, "players": players}
        return refused(request, error, event_url(event, "ranking"), typed={"players": typed})
    return done(
        request,
        N_("Players of {participant} saved."),
        event_url(event, "ranking"),
        participant=PairNumbers((participant,)),
    )
