"""The club's member list on the desk: add, search as you type, remove; reused for new events.

At ``/director/members`` the director keeps the club's players (a name and, when known,
a federation number, checked by :func:`arbitro.store.club.federation_number`). The
new-event form searches the list as the director types
(``/director/members/search?q=...``, JSON) and adds a member to its participants.

>>> router.routes[0].path
'/director/members'
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form, Query, Request
from fastapi.responses import JSONResponse, Response

from arbitro.core.errors import ArbitroError, ConflictError
from arbitro.i18n import N_, gettext, use_language
from arbitro.store.club import federation_number as checked_number
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    Number,
    describe_route,
    error_status,
    page_language,
    render,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import DirectorName, StoreDep, require_form_csrf
from arbitro.web.sign_in import done, refused, take_flash

__all__ = ["router"]

router = APIRouter(prefix="/director", include_in_schema=False, route_class=LazyRoute)
"""The member list's pages (the application includes this)."""

Csrf = Depends(require_form_csrf)
SEARCH_LIMIT = 20
"""The most members a search as you type answers."""


@router.get("/members")
def members_page(
    request: Request,
    director: DirectorName,
    store: StoreDep,
    q: Annotated[str, Query(max_length=100)] = "",
) -> Response:
    """The member list (those matching ``q``), and the form to add a member.

    >>> describe_route(router, members_page)
    'GET /director/members'
    """
    return render(
        request,
        "director/members.html",
        flash=take_flash(request),
        members=store.members(q),
        search=q,
        form={"name": "", "federation_number": ""},
        errors={},
    )


@router.post("/members", dependencies=[Csrf])
def add(
    request: Request,
    director: DirectorName,
    store: StoreDep,
    name: Annotated[str, Form(max_length=200)] = "",
    federation_number: Annotated[str, Form(max_length=40)] = "",
) -> Response:
    """Add a member; a refused form comes back filled in, the reason beside its field.

    >>> describe_route(router, add)
    'POST /director/members'
    """
    field = "federation_number"
    try:
        checked_number(federation_number)
        field = "name"
        store.add_member(name, federation_number)
    except ArbitroError as error:
        if isinstance(error, ConflictError):
            field = "federation_number"  # the number is another member's
        with use_language(page_language(request)):
            message = str(error)
            return render(
                request,
                "director/members.html",
                status_code=error_status(error),
                flash=gettext("The member was not added: see the field marked."),
                members=store.members(),
                search="",
                form={"name": name, "federation_number": federation_number},
                errors={field: message},
            )
    return done(request, N_("Member {name} added."), "/director/members", name=name.strip())


@router.post("/members/{member}/remove", dependencies=[Csrf])
def remove(request: Request, member: Number, director: DirectorName, store: StoreDep) -> Response:
    """Take a member off the list (the events already played keep their names).

    >>> describe_route(router, remove)
    'POST /director/members/{member}/remove'
    """
    try:
        store.remove_member(member)
    except ArbitroError as error:
        return refused(request, error, "/director/members")
    return done(request, N_("Member removed."), "/director/members")


@router.get("/members/search")
def search(
    director: DirectorName,
    store: StoreDep,
    q: Annotated[str, Query(max_length=100)] = "",
) -> Response:
    """The members whose name or federation number holds the words of ``q`` (JSON).

    >>> describe_route(router, search)
    'GET /director/members/search'
    """
    found = store.members(q, limit=SEARCH_LIMIT) if q.strip() else []
    return JSONResponse(
        {
            "members": [
                {
                    "id": member.id,
                    "name": member.name,
                    "federation_number": member.federation_number,
                    "text": member.to_str(),
                }
                for member in found
            ]
        }
    )
