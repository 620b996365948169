"""The FastAPI application, rendered on the server with Jinja2 in Spanish or English.

The language of a page is, in order: ``?lang=es`` (remembered in a cookie), the
cookie, the browser's ``Accept-Language``, then the server's default language
(:func:`~arbitro.web.deps.choose_language`).

Each part of the console is a router in its own module, included by
:func:`include_routers` from :data:`ROUTERS`: add a new router there, one line each.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.get("/health").json()["status"]
'ok'
"""

from __future__ import annotations

import gc
import os
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib import resources
from threading import Event, Lock, Thread, Timer
from typing import TYPE_CHECKING, Any

import click
from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware
from starlette.routing import BaseRoute, Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import arbitro
from arbitro.core.errors import ArbitroError
from arbitro.i18n import gettext, use_language
from arbitro.store.on_first_use import StoreOnFirstUse
from arbitro.web.cli_reference import CommandHelp, cli_reference
from arbitro.web.deps import console_store
from arbitro.web.error_answers import listed_errors
from arbitro.web.pages import (
    HTML_REFUSAL,
    LANGUAGE_COOKIE,
    LangQuery,
    PageContext,
    choose_language,
    error_json,
    error_page_for,
    invalid_input_message,
    make_templates,
    page_language,
    render,
)
from arbitro.web.rendering import refusal_page, wants_a_page
from arbitro.web.routes import LazyRoute, LazyRouter, every_route
from arbitro.web.security import (
    CODE_ATTEMPTS_PER_ADDRESS,
    DIRECTOR_ATTEMPTS_PER_ADDRESS,
    NotSignedInError,
    RememberingSigner,
    SignInFirst,
    SignInLimiter,
    prepare_sign_in,
)

if TYPE_CHECKING:
    from arbitro.store import Store

SESSION_COOKIE = "arbitro_session"
SECRET_VARIABLE = "ARBITRO_SECRET"
PUBLIC_URL_VARIABLE = "ARBITRO_PUBLIC_URL"
"""The address the tables' phones reach the console at, when ``serve --public-url`` is not given."""

__all__ = [
    "LANGUAGE_COOKIE",
    "Console",
    "PageContext",
    "choose_language",
    "create_app",
    "include_routers",
]


ROUTERS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # The tables first: their score entry is the busiest path, and each request is
    # matched against the routes in this order (no other router's paths start with
    # /tables or /api/tables, so the order changes nothing else).
    ("arbitro.web.tables_api", "api", ("/api/tables/",)),
    ("arbitro.web.table_pages", "pages", ("/tables",)),
    ("arbitro.web.sign_in", "router", ("/director/setup", "/director/sign-")),
    # The table as its players see it (a signed-in table's page), ahead of SIGNED_IN_FROM.
    ("arbitro.web.director_table", "router", ("/director/table",)),
    ("arbitro.web.director", "router", ("/director/",)),
    # The desk's other pages, each module a concern, in the order of the routes they held
    # when they were one module.
    ("arbitro.web.director_event", "router", ("/director/events/",)),
    ("arbitro.web.director_rounds", "router", ("/director/events/",)),
    ("arbitro.web.director_results", "router", ("/director/events/",)),
    ("arbitro.web.director_acts", "router", ("/director/events/",)),
    ("arbitro.web.director_publishing", "router", ("/director/events/",)),
    ("arbitro.web.director_aeb", "router", ("/director/events/",)),
    ("arbitro.web.deals", "router", ("/director/events/",)),
    ("arbitro.web.api", "router", ("/api/session", "/api/directors")),
    ("arbitro.web.api_events", "router", ("/api/events",)),
    ("arbitro.web.api_results", "router", ("/api/events/",)),
    ("arbitro.web.api_acts", "router", ("/api/events/",)),
    ("arbitro.web.api_publishing", "router", ("/api/events/",)),
    # The players' results: the JSON API, then the pages.
    ("arbitro.web.public_api", "api", ("/api/results/",)),
    ("arbitro.web.public", "pages", ("/results",)),
    ("arbitro.web.claims", "router", ("/director/rulings/claim",)),
    ("arbitro.web.rulings", "router", ("/director/rulings",)),
    ("arbitro.web.polls", "router", ("/director/polls", "/poll/")),
    ("arbitro.web.cases", "router", ("/director/cases",)),
    ("arbitro.web.agreements", "router", ("/director/agreements",)),
    ("arbitro.web.members", "router", ("/director/members",)),
    ("arbitro.web.output", "router", ("/director/events/",)),
    # Each further part of the console (the ruling assistant, ...): one line here.
)
"""The console's routers in the order a request is matched against them: each one's
module, its name there, and the starts of its paths (``tests/test_web_routes_built_on_first_use.py``
holds each router's paths to them)."""

SIGNED_IN_FROM = "arbitro.web.director"
"""The first router of :data:`ROUTERS` from which every page under ``/director/`` needs a
director signed in: a GET of one with none is sent to sign in ahead of it
(:class:`~arbitro.web.sessions.SignInFirst`), its module not imported. A page under
``/director/`` that nobody signed in may see (the sign-in pages, the table shown to its
players) belongs to a router before it (``tests/test_web_sign_in_first.py`` holds them
to it)."""


def include_routers(app: FastAPI) -> None:
    """Add the console's routers (:data:`ROUTERS`) to ``app``, each imported when a request may reach it.

    A router's module is imported the first time a request's path starts with one of
    its prefixes (:class:`~arbitro.web.routes.LazyRouter`): a server's first page
    imports the modules of its own router and no other.

    They go ahead of the application's own routes (its documentation, ``/static``, the
    home page, ``/health``...), none of whose paths starts with a router's prefix: the
    tables' score entry is matched first of all, not after a dozen routes that cannot
    be it; the schema still lists them after those (:class:`Console`). Ahead of
    :data:`SIGNED_IN_FROM`, the desk's pages asked for with nobody signed in are sent
    to sign in (:class:`~arbitro.web.sessions.SignInFirst`).

    >>> app = Console(); include_routers(app)
    >>> "/api/events" in app.openapi()["paths"], app.router.routes[0]
    (True, LazyRouter(arbitro.web.tables_api.api, ('/api/tables/',)))
    >>> app.router.routes[4]
    SignInFirst('/director/')
    """
    routes: list[BaseRoute] = []
    for module, name, prefixes in ROUTERS:
        if module == SIGNED_IN_FROM:
            routes.append(SignInFirst("/director/"))
        routes.append(LazyRouter(module, name, prefixes))
    app.router.routes[:0] = routes


class Console(FastAPI):
    """The console's application: FastAPI's, whose ``routes`` are every route, each router's imported.

    The application matches requests against its router's routes, where each of the
    console's routers stands as one :class:`~arbitro.web.routes.LazyRouter`, ahead of
    the application's own (:func:`include_routers`); ``routes`` (what the OpenAPI
    schema reads) lists the routes of them all, the application's own first.

    >>> app = Console(); include_routers(app)
    >>> len(app.router.routes) < 40 < len(app.routes)
    True
    """

    @property
    def routes(self) -> list[BaseRoute]:
        """Every route, each router's imported (:func:`~arbitro.web.routes.every_route`)."""
        routes = self.router.routes
        own = [route for route in routes if not isinstance(route, LazyRouter)]
        return every_route([*own, *(route for route in routes if isinstance(route, LazyRouter))])


HTTP_METHODS = ("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT")
"""The methods a 405's ``Allow`` may name, each tried against the routes of the path."""

SECURITY_HEADERS = (
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)
"""The headers every answer carries unless it sets them itself."""


class SecurityHeaders:
    """A plain ASGI middleware that adds :data:`SECURITY_HEADERS` to every HTTP answer.

    Plain ASGI rather than Starlette's ``BaseHTTPMiddleware``, which runs each request
    in a task of its own and cost the tables' score entry about a third of its rate.

    >>> from fastapi.testclient import TestClient
    >>> TestClient(create_app()).get("/health").headers["x-frame-options"]
    'DENY'
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(name, value) for name, value in SECURITY_HEADERS if name not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


class Sessions(SessionMiddleware):
    """Starlette's session middleware, whose signer remembers the cookies it verified.

    The session cookie's signature is checked once for each cookie rather than with
    each request (:class:`~arbitro.web.cookie_signer.RememberingSigner`); everything else
    is Starlette's.
    """

    def __init__(self, app: ASGIApp, /, secret_key: str, **options: Any) -> None:
        super().__init__(app, secret_key, **options)
        self.signer = RememberingSigner(secret_key)


WAIT_FOR_FIRST_ANSWER = 2.0
"""Seconds after the server is up that its work that can wait starts, if nobody asked yet."""


class LaterWork:
    """The server's work that can wait, each job in a thread of its own, started once.

    Started when the server has sent its first answer (:class:`StartLaterWork`), or
    :data:`WAIT_FOR_FIRST_ANSWER` seconds after it is up, whichever comes first: on
    two cores, a job run during the start delays the first page by its own time (the
    hash for unknown names alone is half a second of a core).

    >>> done = []
    >>> later = LaterWork([("demo", lambda: done.append(1))])
    >>> later.start(); later.start(); later.join(); done
    [1]
    """

    def __init__(self, jobs: list[tuple[str, Callable[[], object]]]) -> None:
        self.jobs = jobs
        self.armed = False
        self.started = Event()
        self._lock = Lock()
        self._threads: list[Thread] = []

    def start(self) -> None:
        """Start every job in a thread named after it (the first call only)."""
        with self._lock:
            if self._threads or not self.jobs:
                return
            self._threads = [Thread(target=job, name=name, daemon=True) for name, job in self.jobs]
        for thread in self._threads:
            thread.start()
        self.started.set()

    def join(self) -> None:
        """Wait for the jobs to start, then to end."""
        self.started.wait()
        for thread in self._threads:
            thread.join()


class StartLaterWork:
    """A plain ASGI middleware that starts the :class:`LaterWork` after the first answer.

    Only once the server is up (the lifespan arms it): a test's client that never
    starts the server starts no work either.
    """

    def __init__(self, app: ASGIApp, later: LaterWork) -> None:
        self.app = app
        self.later = later

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)
        if self.later.armed and scope["type"] == "http":
            self.later.armed = False
            self.later.start()


@asynccontextmanager
async def long_lived(_app: object) -> AsyncIterator[None]:
    """The server's start and end (the application's lifespan): what lives all evening leaves the collector's sight.

    Everything alive once the application is built (its routes, templates, the
    libraries' tables) stays until the server stops; frozen (:func:`gc.freeze`), the
    collector's full passes no longer walk it: they took about 100 ms each, a pause
    of every request in flight, under the tables' load, and take about 10 ms instead.
    The work that can wait (the application's ``state.later``, :class:`LaterWork`)
    starts after the first answer.

    >>> import asyncio, gc
    >>> async def during() -> int:
    ...     async with long_lived(None):
    ...         return gc.get_freeze_count()
    >>> asyncio.run(during()) > 0, gc.get_freeze_count(), gc.isenabled()
    (True, 0, True)
    """
    later = getattr(getattr(_app, "state", None), "later", None)
    timer = None
    if isinstance(later, LaterWork):
        later.armed = True
        timer = Timer(WAIT_FOR_FIRST_ANSWER, later.start)
        timer.daemon = True
        timer.start()
    # Frozen as it is: a collection first would pause the start for every object the
    # imports made, nearly none of them garbage. ``arbitro serve`` turns the collector
    # off for its start (its passes over those objects were a tenth of it): on from here.
    gc.freeze()
    gc.enable()
    try:
        yield
    finally:
        if timer is not None:
            timer.cancel()
        gc.unfreeze()


def later_work(store: Store | StoreOnFirstUse | None, resume: bool) -> LaterWork:
    """What the server does once it has answered: open the store, resume the analyses, make the sign-in hash.

    A store waiting for its first use (:class:`~arbitro.store.on_first_use.StoreOnFirstUse`)
    is opened, unless a request opened it first. Deals kept while a server stopped
    before analysing them are analysed in the background, so that the hand records are
    ready before anyone asks (only when ``resume``: one process of several does it).
    The hash checked for unknown directors' names is made (half a second of a core).

    >>> [name for name, _ in later_work(None, resume=True).jobs]
    ['arbitro-sign-in']
    """
    jobs: list[tuple[str, Callable[[], object]]] = []
    if isinstance(store, StoreOnFirstUse):
        waiting = store

        def open_store() -> None:
            opened = waiting.store()
            if resume:
                opened.resume_analyses()

        jobs.append(("arbitro-store", open_store))
    elif store is not None and resume:
        jobs.append(("arbitro-resume", store.resume_analyses))
    jobs.append(("arbitro-sign-in", prepare_sign_in))
    return LaterWork(jobs)


def create_app(
    store: Store | StoreOnFirstUse | None = None,
    *,
    secret: str | None = None,
    https: bool = False,
    commands: click.Group | None = None,
    public_url: str | None = None,
    resume: bool = True,
) -> FastAPI:
    """Build the web application on ``store`` (opened, so migrated: :func:`~arbitro.store.open_store`).

    ``store`` may also be an SQLite file's store to open on first use
    (:class:`~arbitro.store.on_first_use.StoreOnFirstUse`, what ``arbitro serve`` passes
    for a file at the newest schema): the first page answers without it, and the
    store opens after the first answer, or when a request needs it first.

    The session cookie is signed with ``secret``, else ``ARBITRO_SECRET``, else the
    key kept in the database (made on first use); ``https`` marks the cookie secure.
    ``commands`` is the command line whose reference ``/help/cli`` shows (``arbitro
    serve`` passes its own; the console never imports the CLI). ``public_url`` (else
    ``ARBITRO_PUBLIC_URL``) is the address the tables reach the console at, printed on
    the table cards and in their QR codes (else the address the desk is browsed at).
    ``resume``: whether the server's start resumes the analyses of deals left
    unanalysed (one process of several does it, see ``arbitro serve --workers``).

    >>> sorted(path for path in create_app().openapi()["paths"] if path.startswith("/h"))
    ['/health', '/help/cli']
    """
    if secret is None:
        secret = os.environ.get(SECRET_VARIABLE) or (
            store.secret_key() if store is not None else secrets.token_hex(32)
        )
    app = Console(
        title="Árbitro", version=arbitro.__version__, docs_url="/api/docs", lifespan=long_lived
    )
    app.router.route_class = LazyRoute
    app.state.store = store
    app.state.later = later_work(store, resume)
    app.state.secret = secret
    app.state.public_url = (public_url or os.environ.get(PUBLIC_URL_VARIABLE) or "").rstrip("/")
    app.state.templates = make_templates()
    app.state.limiter = SignInLimiter()
    app.state.address_limiter = SignInLimiter(CODE_ATTEMPTS_PER_ADDRESS, scope="table address")
    app.state.director_address_limiter = SignInLimiter(
        DIRECTOR_ATTEMPTS_PER_ADDRESS, scope="director address"
    )
    app.add_middleware(
        Sessions,
        secret_key=secret,
        session_cookie=SESSION_COOKIE,
        max_age=14 * 24 * 3600,
        same_site="lax",
        https_only=https,
    )

    app.add_middleware(SecurityHeaders)
    app.add_middleware(StartLaterWork, later=app.state.later)

    static = resources.files("arbitro.web") / "static"
    app.mount("/static", StaticFiles(directory=str(static)), name="static")

    @app.exception_handler(NotSignedInError)
    def to_sign_in(request: Request, _error: NotSignedInError) -> Response:
        target = request.url.path
        if request.url.query:
            target += "?" + request.url.query
        return RedirectResponse(f"/director/sign-in?next={target}", status_code=303)

    @app.exception_handler(ArbitroError)
    def refused(request: Request, error: ArbitroError) -> Response:
        # The one handler of every refusal: the error's kind gives the status (404 for a
        # missing thing, 409 for a conflict, 422 for bad input or a rule, 503 busy).
        if request.url.path.startswith("/api/"):
            return error_json(request, error)
        page = error_page_for(request.url.path)
        if page is not None:
            return page(request, error)
        with use_language(page_language(request)):
            message = str(error)
        return render(
            request, "error.html", status_code=error.status, message=message, code=error.status
        )

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> Response:
        # The API answers in the one shape of its refusals (ErrorAnswer): the fields in
        # words, and FastAPI's list of them in ``errors`` (other programs read it); a
        # page gets the page of a refusal, in its language, saying which field was wrong.
        with use_language(page_language(request)):
            message = invalid_input_message(error.errors())
        if request.url.path.startswith("/api/"):
            answer = {"detail": message, "errors": listed_errors(error.errors())}
            return JSONResponse(answer, status_code=422)
        return render(request, "error.html", status_code=422, message=message, code=422)

    @app.exception_handler(400)
    async def unreadable(request: Request, error: Exception) -> Response:
        # FastAPI's 400 for a body it cannot parse at all (JSON that is not UTF-8): said in
        # the reader's language, in the one shape of a refusal, as a malformed field is.
        with use_language(page_language(request)):
            message = gettext(
                "The request's body could not be read: expected JSON or a form, in UTF-8."
            )
        if request.url.path.startswith("/api/"):
            return JSONResponse({"detail": message}, status_code=400)
        return render(request, "error.html", status_code=400, message=message, code=400)

    @app.exception_handler(405)
    async def wrong_method(request: Request, error: Exception) -> Response:
        # Starlette's Allow names the methods of the first route of the path only; a
        # path served by several routes (GET and PUT) allows all of theirs.
        allowed = [
            method
            for method in HTTP_METHODS
            if any(
                route.matches({**request.scope, "method": method})[0] is Match.FULL
                for route in app.router.routes
            )
        ]
        headers = {"Allow": ", ".join(allowed)}
        if wants_a_page(request):
            # A form's answer opened again by itself (a bookmark, the history): a page
            # that says so in the reader's language and leads back to the form's page.
            with use_language(page_language(request)):
                message = gettext(
                    "This address only answers a form sent from its page: "
                    "go back to the page and send the form again."
                )
            return refusal_page(request, 405, message, headers)
        return JSONResponse({"detail": "Method Not Allowed"}, status_code=405, headers=headers)

    @app.exception_handler(404)
    async def no_such_page(request: Request, error: StarletteHTTPException) -> Response:
        # An address the console has no page at (mistyped, or an old link): a browser gets
        # a page in its language with the way home; a program gets JSON, as before.
        if not wants_a_page(request):
            return await http_exception_handler(request, error)
        if error.detail != "Not Found":
            return refusal_page(request, 404, error.detail)  # a route's own words
        with use_language(page_language(request)):
            message = gettext(
                "There is no page at this address: check the address, or start again "
                "from the home page."
            )
        return refusal_page(request, 404, message)

    @app.get("/", response_class=HTMLResponse, responses=HTML_REFUSAL)
    def home(request: Request, lang: LangQuery = None) -> Response:
        from arbitro.core.board import Board  # the home page's example, not the start's

        return render(request, "home.html", example_board=Board(7))

    @app.get("/help/cli", response_class=HTMLResponse, responses=HTML_REFUSAL)
    def cli_help(request: Request, lang: LangQuery = None) -> Response:
        with use_language(page_language(request)):
            pages: list[CommandHelp] = cli_reference(commands) if commands is not None else []
        return render(request, "cli.html", commands=pages)

    @app.get("/health")
    def health(request: Request) -> JSONResponse:
        opened = console_store(request)
        database = opened.check() if opened is not None else "none"
        return JSONResponse({"status": "ok", "version": arbitro.__version__, "database": database})

    include_routers(app)
    return app
