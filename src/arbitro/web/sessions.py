"""The director's session: signing in and out, and the pages and API that need a director.

A director signs in with a name and password (:mod:`arbitro.web.passwords`); the
session's cookie then names the director (:func:`sign_in_director`) until the director
signs out, which (like a new password) ends the director's sessions on the server
(:func:`sign_out`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, HTTPException, Request
from starlette._utils import get_route_path  # the path a route matches (root_path taken off)
from starlette.datastructures import URLPath
from starlette.routing import BaseRoute, Match, NoMatchFound
from starlette.types import Receive, Scope, Send

from arbitro.i18n import gettext, use_language
from arbitro.web.csrf import csrf_token
from arbitro.web.deps import console_store, page_language


def signed_in_director(request: Request) -> str | None:
    """The name of the director signed in on this session, if any.

    The session's cookie names the director and the token of their sessions
    (:meth:`~arbitro.store.Store.session_epoch`): once the director signed out or
    changed the password, the token is another, and the old cookie signs nobody in.

    >>> from starlette.requests import Request
    >>> signed_in_director(Request({"type": "http", "session": {"director": "ana"}}))
    'ana'
    """
    name = request.session.get("director")
    if not isinstance(name, str):
        return None
    # The store, or before it is open its first reads (``arbitro serve``'s first page).
    store = getattr(getattr(request.scope.get("app"), "state", None), "store", None)
    if store is not None:
        epoch = request.session.get("epoch")
        if not isinstance(epoch, str) or epoch != store.session_epoch(name):
            return None
    return name


def sign_in_director(request: Request, name: str) -> None:
    """Start a director's session: a fresh CSRF token, the table sign-ins dropped.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "session": {"csrf": "old"}})
    >>> sign_in_director(request, "ana"); request.session["director"], request.session["csrf"] != "old"
    ('ana', True)
    """
    request.session.clear()
    request.session["director"] = name
    store = console_store(request)
    if store is not None:
        request.session["epoch"] = store.start_session_epoch(name)
    csrf_token(request)


def sign_out(request: Request) -> None:
    """End the session (director and tables alike); a director's sessions end on the server.

    Every session of the director (on any device) ends: a copy of the cookie kept
    elsewhere no longer signs in.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "session": {"director": "ana"}})
    >>> sign_out(request); signed_in_director(request) is None
    True
    """
    name = signed_in_director(request)
    store = console_store(request)
    if name is not None and store is not None:
        store.revoke_sessions(name)
    request.session.clear()


class NotSignedInError(Exception):
    """A page that needs a director was asked for without one; the app redirects to sign in.

    >>> from starlette.requests import Request
    >>> require_director(Request({"type": "http", "session": {}}))
    Traceback (most recent call last):
    ...
    arbitro.web.sessions.NotSignedInError
    """


def require_director(request: Request) -> str:
    """A FastAPI dependency for the director's pages: the director's name, or to the sign-in page."""
    name = signed_in_director(request)
    if name is None:
        raise NotSignedInError
    return name


class SignInFirst(BaseRoute):
    """Each page under ``prefix`` asked for (GET or HEAD) with no director in the session: to sign in.

    Placed in the application's routes ahead of routers every page of which needs a
    director (:func:`require_director`), it gives the answer their routes would give,
    the way to the sign-in page (:class:`NotSignedInError`), before their modules are
    imported: a director's bookmark of the desk, the first request of a server started
    for the evening, costs the server no more than the sign-in page it leads to. A
    session naming a director goes on to the routes, which check that it is still valid
    (:func:`signed_in_director`); so do the other methods, refused by the routes as
    before. A path no route serves is sent to sign in too, where a director gets 404.

    >>> from fastapi import FastAPI
    >>> from fastapi.testclient import TestClient
    >>> from starlette.responses import PlainTextResponse
    >>> app = FastAPI()
    >>> app.router.routes.append(SignInFirst("/director/"))
    >>> app.add_exception_handler(NotSignedInError, lambda request, error: PlainTextResponse("sign in"))
    >>> TestClient(app).get("/director/events/3").text, TestClient(app).post("/director/").status_code
    ('sign in', 404)
    """

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        """A full match for a GET or HEAD under the prefix by a session with no director."""
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            return Match.NONE, {}
        if not get_route_path(scope).startswith(self.prefix):
            return Match.NONE, {}
        session = scope.get("session")
        if isinstance(session, dict) and isinstance(session.get("director"), str):
            return Match.NONE, {}
        return Match.FULL, {}

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        """To the sign-in page (the application's handler of :class:`NotSignedInError`)."""
        raise NotSignedInError

    def url_path_for(self, name: str, /, **path_params: Any) -> URLPath:
        """No route is named here."""
        raise NoMatchFound(name, path_params)

    def __repr__(self) -> str:
        return f"SignInFirst({self.prefix!r})"


def require_api_director(request: Request) -> str:
    """A FastAPI dependency for the director's API: the director's name, or 401."""
    name = signed_in_director(request)
    if name is None:
        with use_language(page_language(request)):
            raise HTTPException(401, gettext("sign in as a director first (POST /api/session)"))
    return name


DirectorName = Annotated[str, Depends(require_director)]
"""A director's page parameter: the signed-in director (or a redirect to sign in)."""
ApiDirector = Annotated[str, Depends(require_api_director)]
"""An API endpoint parameter: the signed-in director (or 401)."""
