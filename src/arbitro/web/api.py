"""The director's JSON API under ``/api/``, documented at ``/openapi.json``.

A program signs in with ``POST /api/session`` (name and password), keeps the session
cookie, and sends the CSRF token it got back in the ``X-CSRF-Token`` header of every
write. Refusals: 401 without a director, 403 with a bad CSRF token, 422 for a
malformed or refused request (the message names the field and what was expected),
429 after too many failed sign-ins.

This module holds the session's routes and what every route of the API shares
(:data:`Csrf`, a write's check); the other routes are by concern, each module a router
of its own in :data:`~arbitro.web.app.ROUTERS`, in the order they are matched:
:mod:`~arbitro.web.api_events`, :mod:`~arbitro.web.api_results`,
:mod:`~arbitro.web.api_acts`, :mod:`~arbitro.web.api_publishing`; their models are in
:mod:`~arbitro.web.api_models`.

>>> from fastapi.testclient import TestClient
>>> from arbitro.web import create_app
>>> TestClient(create_app()).get("/api/events").status_code
401
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, HTTPException, Request

from arbitro.i18n import gettext, use_language
from arbitro.web.api_models import SessionOut, SignIn
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    describe_route,
    error_responses,
    page_language,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import (
    ApiDirector,
    StoreDep,
    authenticate,
    check_director_sign_in_allowed,
    csrf_token,
    record_director_sign_in,
    require_api_director,
    require_header_csrf,
    sign_in_director,
    sign_out,
)

__all__ = ["Csrf", "api_write", "router"]

router = APIRouter(prefix="/api", tags=["director"], route_class=LazyRoute)
"""The director's API; every route but ``POST /api/session`` needs a signed-in director."""


def api_write(request: Request) -> None:
    """A write of the API: a signed-in director first (401), then the CSRF header (403)."""
    require_api_director(request)
    require_header_csrf(request)


Csrf = Depends(api_write)


@router.post(
    "/session", response_model=SessionOut, responses=error_responses(401, 422, 429, 503, 507)
)
def api_sign_in(given: SignIn, request: Request, store: StoreDep) -> SessionOut:
    """Sign in as a director; limited to a few failed attempts per client and name.

    >>> describe_route(router, api_sign_in)
    'POST /api/session'
    """
    check_director_sign_in_allowed(request, given.name)
    ok = authenticate(store, given.name, given.password)
    record_director_sign_in(request, given.name, ok)
    if not ok:
        with use_language(page_language(request)):
            raise HTTPException(401, gettext("wrong name or password"))
    sign_in_director(request, given.name)
    return SessionOut(director=given.name, csrf=csrf_token(request))


@router.delete("/session", dependencies=[Csrf], responses=error_responses(401, 403, 503, 507))
def api_sign_out(request: Request, director: ApiDirector) -> dict[str, bool]:
    """Sign out.

    >>> describe_route(router, api_sign_out)
    'DELETE /api/session'
    """
    sign_out(request)
    return {"signed_out": True}


@router.get("/directors", responses=error_responses(401, 503))
def api_directors(director: ApiDirector, store: StoreDep) -> list[str]:
    """The names of the director accounts.

    >>> describe_route(router, api_directors)
    'GET /api/directors'
    """
    return store.director_names()
