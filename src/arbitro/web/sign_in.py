"""The director's first-run, sign-in and sign-out pages, and the answers every desk page shares.

The sign-in page is the first a director opens, often the server's first request:
this module imports little beyond what every page needs, so that it answers without
the desk's modules (issue 26). The desk's routers send the browser back to a page
with :func:`back`, :func:`done` and :func:`refused`, and show a message once with
:func:`flash` and :func:`take_flash`; a form refused finds what was typed in it again
(:func:`keep_typed`, :func:`take_typed`).

>>> from fastapi.testclient import TestClient
>>> from arbitro.store import open_store
>>> from arbitro.web import create_app
>>> client = TestClient(create_app(open_store("sqlite:///:memory:")))
>>> client.get("/director/sign-in").url.path   # no director yet: the first-run page
'/director/setup'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated
from urllib.parse import quote, urlsplit

from fastapi import APIRouter, Depends, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from arbitro.core.errors import ArbitroError
from arbitro.core.passwords import (
    MAX_PASSWORD,
    MIN_PASSWORD,
    PasswordLengthError,
    check_password,
)
from arbitro.i18n import gettext, use_language
from arbitro.web.deps import has_director
from arbitro.web.pages import (  # noqa: F401 (describe_route: the examples)
    LangQuery,
    describe_route,
    page_language,
    render,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import (
    StoreDep,
    authenticate,
    check_director_sign_in_allowed,
    hash_password,
    record_director_sign_in,
    require_form_csrf,
    sign_in_director,
    sign_out,
)

router = APIRouter(prefix="/director", include_in_schema=False, route_class=LazyRoute)
"""The director's first-run, sign-in and sign-out pages."""

Csrf = Depends(require_form_csrf)


def flash(request: Request, message: str) -> None:
    """Show ``message`` (already translated) at the top of the next page.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "session": {}})
    >>> flash(request, "Saved"); request.session["flash"]
    'Saved'
    """
    request.session["flash"] = message


def take_flash(request: Request) -> str | None:
    """The message to show once on this page, if any (then forgotten).

    >>> from starlette.requests import Request
    >>> take_flash(Request({"type": "http", "session": {"flash": "x"}}))
    'x'
    """
    message = request.session.pop("flash", None)
    return message if isinstance(message, str) else None


def keep_typed(
    request: Request, page: str, forms: Mapping[str, Mapping[str, str | list[str]]]
) -> None:
    """Keep what was typed in ``forms`` (by form) for ``page``, which fills them in again.

    A form refused goes back to its page (:func:`refused`): the director corrects the
    field named in the message instead of typing the whole form again. Only ``page``
    (its path) takes them, the next time it is shown.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "session": {}, "path": "/director/events/3"})
    >>> keep_typed(request, "/director/events/3?view=rulings", {"penalty": {"amount": "25"}})
    >>> take_typed(request)
    {'penalty': {'amount': '25'}}
    >>> take_typed(request)
    {}
    """
    path = urlsplit(page).path
    request.session["typed"] = {
        "page": path,
        "forms": {name: dict(values) for name, values in forms.items()},
    }


def take_typed(request: Request) -> dict[str, dict[str, str | list[str]]]:
    """What was typed in the forms of this page refused just before, by form (then forgotten).

    What another page's forms kept is forgotten too: it is not this page's.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "session": {}, "path": "/director/events/4"})
    >>> keep_typed(request, "/director/events/3", {"penalty": {"amount": "25"}})
    >>> take_typed(request), request.session
    ({}, {})
    """
    typed = request.session.pop("typed", None)
    if not isinstance(typed, dict) or typed.get("page") != request.scope.get("path"):
        return {}
    forms = typed.get("forms")
    return forms if isinstance(forms, dict) else {}


def back(url: str) -> RedirectResponse:
    """Send the browser to ``url`` after a form (303: the next request is a GET).

    >>> back("/director/").status_code
    303
    """
    return RedirectResponse(url, status_code=303)


def safe_next(target: str | None) -> str:
    """Where to go after signing in: a path on this site, never another site.

    >>> safe_next("/director/events/1"), safe_next("//evil.example/"), safe_next(None)
    ('/director/events/1', '/director/', '/director/')
    """
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return "/director/"


def refused(
    request: Request,
    error: ArbitroError | HTTPException,
    url: str,
    typed: Mapping[str, Mapping[str, str | list[str]]] | None = None,
) -> RedirectResponse:
    """Go back to ``url`` with the reason the request was refused.

    ``typed`` is what was typed in the form, by the form's name, for the page at ``url``
    to fill it in again (:func:`keep_typed`).

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "session": {}, "headers": [], "query_string": b""})
    >>> refused(request, HTTPException(404, "no"), "/director/").headers["location"]
    '/director/'
    """
    with use_language(page_language(request)):
        message = error.detail if isinstance(error, HTTPException) else str(error)
        flash(request, gettext("Refused: {reason}").format(reason=message))
    if typed:
        keep_typed(request, url, typed)
    return back(url)


def done(request: Request, message: str, url: str, **details: object) -> RedirectResponse:
    """Go back to ``url`` saying ``message`` (a catalog message) was done.

    >>> from starlette.requests import Request
    >>> request = Request({'type': 'http', 'session': {}, 'headers': [], 'query_string': b''})
    >>> done(request, 'Event {event} created.', '/director/events/3', event=3).headers['location']
    '/director/events/3'
    >>> request.session['flash']
    'Event 3 created.'
    """
    with use_language(page_language(request)):
        flash(request, gettext(message).format(**details))
    return back(url)


def acted(
    request: Request, act: Callable[[], object], message: str, url: str, **details: object
) -> RedirectResponse:
    """Do ``act`` (one call of the store), then go to ``url`` saying ``message`` was done.

    A desk form's usual answer: :func:`done`, or :func:`refused` back to the same ``url``
    with the reason when ``act`` raises an :class:`~arbitro.core.errors.ArbitroError`.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "session": {}, "headers": [], "query_string": b""})
    >>> answer = acted(request, lambda: None, "Round {round} opened.", "/director/events/3", round=2)
    >>> answer.headers["location"]
    '/director/events/3'
    >>> request.session.pop("flash")
    'Round 2 opened.'
    >>> from arbitro.web.pages import RefusedRequestError
    >>> def late() -> None:
    ...     raise RefusedRequestError("too late", 422)
    >>> acted(request, late, "Done.", "/director/").headers["location"], request.session["flash"]
    ('/director/', 'Refused: too late')
    """
    try:
        act()
    except ArbitroError as error:
        return refused(request, error, url)
    return done(request, message, url, **details)


# Set-up and signing in ------------------------------------------------------------------


@router.get("/setup", response_class=HTMLResponse)
def setup_page(request: Request, lang: LangQuery = None) -> Response:
    """The first-run page: create the first director (only while there is none).

    >>> describe_route(router, setup_page)
    'GET /director/setup'
    """
    if has_director(request):
        return back("/director/sign-in")
    return render(
        request,
        "director/setup.html",
        flash=take_flash(request),
        min_password=MIN_PASSWORD,
        max_password=MAX_PASSWORD,
    )


@router.post("/setup", dependencies=[Csrf])
def setup(
    request: Request,
    store: StoreDep,
    name: Annotated[str, Form(max_length=100)],
    password: Annotated[str, Form(max_length=MAX_PASSWORD)],
    repeat: Annotated[str, Form(max_length=MAX_PASSWORD)],
) -> Response:
    """Create the first director and sign them in.

    >>> describe_route(router, setup)
    'POST /director/setup'
    """
    if store.director_names():
        return back("/director/sign-in")
    with use_language(page_language(request)):
        try:
            check_password(password)
        except PasswordLengthError as error:
            flash(request, str(error))
            return back("/director/setup")
        if password != repeat:
            flash(request, gettext("the two passwords are not the same"))
            return back("/director/setup")
    try:
        if not store.add_first_director(name, hash_password(password)):
            return back("/director/sign-in")  # another first-run form was quicker
    except ArbitroError as error:
        return refused(request, error, "/director/setup")
    sign_in_director(request, name.strip())
    return back("/director/")


@router.get("/sign-in", response_class=HTMLResponse)
def sign_in_page(request: Request, next: str | None = None) -> Response:
    """The director's sign-in form (the first-run page when there is no director yet).

    Often the server's first page: it reads the database through :func:`has_director`
    only, which answers before the store is opened (``arbitro serve``).

    >>> describe_route(router, sign_in_page)
    'GET /director/sign-in'
    """
    if not has_director(request):
        return back("/director/setup")
    return render(request, "director/sign_in.html", flash=take_flash(request), next=safe_next(next))


@router.post("/sign-in", dependencies=[Csrf])
def sign_in(
    request: Request,
    store: StoreDep,
    name: Annotated[str, Form(max_length=100)],
    password: Annotated[str, Form(max_length=MAX_PASSWORD)],
    next: Annotated[str, Form(max_length=500)] = "/director/",
) -> Response:
    """Check the name and password (a few failures per client and name, then a pause).

    >>> describe_route(router, sign_in)
    'POST /director/sign-in'
    """
    try:
        check_director_sign_in_allowed(request, name)
    except HTTPException as error:
        return refused(request, error, "/director/sign-in")
    ok = authenticate(store, name, password)
    record_director_sign_in(request, name, ok)
    if not ok:
        with use_language(page_language(request)):
            flash(request, gettext("wrong name or password"))
        return back("/director/sign-in?next=" + quote(safe_next(next)))
    sign_in_director(request, name)
    return back(safe_next(next))


@router.post("/sign-out", dependencies=[Csrf])
def sign_out_page(request: Request) -> Response:
    """Sign out and go to the home page.

    >>> describe_route(router, sign_out_page)
    'POST /director/sign-out'
    """
    sign_out(request)
    return back("/")
