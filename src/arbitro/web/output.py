"""What the desk gives out of an event: USEBIO, PBN and CSV files, printable pages; archiving, deleting.

- ``/director/events/N/export/usebio`` (``pbn``, ``csv``): the files
  :mod:`arbitro.store.usebio_exports` and :mod:`arbitro.store.pbn_csv_exports` write,
  the same as ``arbitro event export``;
- ``/director/events/N/print/ranking`` (``travellers``, ``cards``): the ranking, every
  board's traveller, every pair's score card, one to a printed page (the print style
  sheet leaves out the console's bars and forms);
- ``/director/events/N/remove``: archive the event (it leaves the desk's list) or delete
  it with everything kept about it; both are asked for on that page and confirmed there.

>>> [route.path for route in router.routes][:2]
['/director/events/{event}/export/{form}', '/director/events/{event}/print/{what}']
"""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import APIRouter, Depends, Form, HTTPException, Request
from fastapi.responses import Response

from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_, gettext, use_language
from arbitro.web.match_tables import event_matches
from arbitro.web.pages import (  # noqa: F401 (describe_route, render: the examples)
    Number,
    describe_route,
    event_day,
    page_language,
    render,
)
from arbitro.web.public_results import score_card, traveller
from arbitro.web.routes import LazyRoute
from arbitro.web.security import DirectorName, StoreDep, require_form_csrf
from arbitro.web.sign_in import back, done, refused, take_flash
from arbitro.web.standings import not_compared, ranking_groups

__all__ = ["router"]

router = APIRouter(prefix="/director", include_in_schema=False, route_class=LazyRoute)
"""The desk's exports, printable pages and the removal of an event."""

Csrf = Depends(require_form_csrf)
EXPORTS = {
    "usebio": ("xml", "application/xml"),
    "pbn": ("pbn", "application/x-chess-pbn"),
    "csv": ("csv", "text/csv"),
}
"""Each export: its file's extension and media type."""


def file_name(name: str, event: int, extension: str) -> str:
    """The downloaded file's name: the event's name in safe characters, its number, the extension.

    >>> file_name("Martes noche / club", 3, "xml")
    'martes-noche-club-3.xml'
    """
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "event"
    return f"{slug[:60]}-{event}.{extension}"


UTF8_LINK = N_("the link «PBN (UTF-8)»")
"""How a refusal of a name Latin-1 cannot write names the way to a PBN file in UTF-8."""


@router.get("/events/{event}/export/{form}")
def export(
    request: Request,
    event: Number,
    form: str,
    director: DirectorName,
    store: StoreDep,
    encoding: str = "latin-1",
) -> Response:
    """The event's results as a USEBIO 1.2, PBN or travellers CSV file to download.

    The PBN file is in ISO 8859-1, the PBN standard's character set, or in UTF-8 with
    ``?encoding=utf-8``; a name Latin-1 cannot write is refused, naming the board, the
    tag and the character (:func:`arbitro.formats.pbn.encode`).

    >>> describe_route(router, export)
    'GET /director/events/{event}/export/{form}'
    """
    from arbitro.formats.pbn import ENCODINGS, encode

    if form not in EXPORTS or encoding not in ENCODINGS:
        raise HTTPException(404)
    info = store.event(event)
    extension, media = EXPORTS[form]
    name = file_name(info.spec.name, event, extension)
    charset = "utf-8"
    try:
        with use_language(page_language(request)):  # the files' notes in the desk's language
            if form == "usebio":
                data = store.usebio_text(event)[0].encode("utf-8")
            elif form == "pbn":
                text = store.pbn_text(event)[0]
                data = encode(text, name, encoding=encoding, how=gettext(UTF8_LINK))
                charset = encoding
            else:
                data = store.csv_text(event)[0].encode("utf-8")
    except ArbitroError as error:
        return refused(request, error, f"/director/events/{event}")
    return Response(
        data,
        media_type=f"{media}; charset={charset}",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get("/events/{event}/print/{what}")
def printable(
    request: Request, event: Number, what: str, director: DirectorName, store: StoreDep
) -> Response:
    """The ranking, every board's traveller or every pair's score card, to print.

    >>> describe_route(router, printable)
    'GET /director/events/{event}/print/{what}'
    """
    if what not in ("ranking", "travellers", "cards"):
        raise HTTPException(404)
    info = store.event(event)
    groups = ranking_groups(store, event) if what == "ranking" else []
    # Each session plays its own boards (a knockout's segments): a traveller for each.
    boards = sorted({(stored.session, stored.board) for stored in store.results(event)})
    # Each printed page names its own boards left out of a match (Law 87B), as the
    # players' pages do: the board's traveller, the team's score card.
    travellers = (
        [
            (
                board,
                session if info.spec.sessions > 1 else None,
                traveller(store, event, board, everything=True, session=session),
                not_compared(store, event, board=board, session=session),
            )
            for session, board in boards
        ]
        if what == "travellers"
        else []
    )
    participants = store.participants(event)
    cards = (
        [
            (
                participant,
                score_card(store, event, participant.number, everything=True),
                not_compared(store, event, team=participant.number),
            )
            for participant in participants
        ]
        if what == "cards"
        else []
    )
    with use_language(page_language(request)):  # a record of Law 91B in the page's language
        disqualified = store.disqualified(event) if what == "ranking" else {}
    return render(
        request,
        "director/print.html",
        event=info,
        # Posted on the wall: the night it was played (the day given, else its first result's).
        day=event_day(info, store.first_results([event]).get(event)),
        what=what,
        groups=groups,
        disqualified=disqualified,
        # A Swiss team's byes, each worth the event's VPs: where its total comes from.
        byes=store.swiss_byes(event),
        absences=store.swiss_absences(event),
        bye_score=info.bye_score,
        knockout=store.knockout_matches(event) if what == "ranking" else [],
        knockout_sessions=info.spec.sessions,
        # A teams event's matches under its ranking (Law 78B), after their IMP penalties.
        match_rows=event_matches(store, info) if what == "ranking" else [],
        # Posted for the players: a teams board left out of its match (Law 87B).
        uncompared=not_compared(store, event) if what == "ranking" else [],
        travellers=travellers,
        cards=cards,
    )


@router.get("/events/{event}/remove")
def remove_page(
    request: Request, event: Number, director: DirectorName, store: StoreDep
) -> Response:
    """Ask before archiving or deleting the event: what each does, and the buttons to confirm.

    >>> describe_route(router, remove_page)
    'GET /director/events/{event}/remove'
    """
    info = store.event(event)
    return render(
        request,
        "director/remove.html",
        flash=take_flash(request),
        event=info,
        results=len(store.results(event)),
    )


@router.post("/events/{event}/archive", dependencies=[Csrf])
def archive(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    confirmed: Annotated[bool, Form()] = False,
    restore: Annotated[bool, Form()] = False,
) -> Response:
    """Archive the event once confirmed on the remove page (or bring it back to the list).

    >>> describe_route(router, archive)
    'POST /director/events/{event}/archive'
    """
    if not confirmed and not restore:
        return back(f"/director/events/{event}/remove")
    try:
        store.archive_event(event, archived=not restore)
    except ArbitroError as error:
        return refused(request, error, "/director/")
    if restore:
        return done(
            request,
            N_("Event {event} is back on the desk."),
            f"/director/events/{event}",
            event=event,
        )
    return done(request, N_("Event {event} archived."), "/director/", event=event)


@router.post("/events/{event}/delete", dependencies=[Csrf])
def delete(
    request: Request,
    event: Number,
    director: DirectorName,
    store: StoreDep,
    confirm_name: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """Delete the event and everything kept about it, once its name is typed to confirm.

    >>> describe_route(router, delete)
    'POST /director/events/{event}/delete'
    """
    info = store.event(event)
    if confirm_name.strip() != info.spec.name.strip():
        return done(
            request,
            N_("Type the event's name to confirm deleting it; nothing was deleted."),
            f"/director/events/{event}/remove",
        )
    try:
        store.delete_event(event)
    except ArbitroError as error:
        return refused(request, error, "/director/")
    return done(request, N_("Event {event} deleted."), "/director/", event=event)
