"""Pages rendered from the console's templates, in the page's language.

A router renders a page with :func:`render`; the application keeps the templates
(:func:`make_templates`) on ``app.state`` (see :func:`arbitro.web.app.create_app`).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

import jinja2
from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup, escape
from starlette.routing import Match

import arbitro
from arbitro.i18n import LANGUAGES, Language, gettext, ngettext, use_language
from arbitro.scoring.penalty_figures import write_penalty_amount
from arbitro.web.csrf import csrf_token
from arbitro.web.dates import clock, day_written
from arbitro.web.deps import LANGUAGE_COOKIE, choose_language
from arbitro.web.figures import imps_label, number_filter, number_label
from arbitro.web.labels import (
    movement_label,
    pair_label,
    poll_action,
    score_shown,
    scoring_label,
    seat_label,
    strain_label,
    written,
)
from arbitro.web.sessions import signed_in_director


def score_cell(text: str) -> Markup:
    """A result's score as a traveller's cell writes it (:func:`score_shown`), breakable.

    A line may break after each ``/`` of an adjusted or split score, so that a phone's
    table fits its screen.

    >>> str(score_cell("A60/A40")), str(score_cell("+0"))
    ('A60/<wbr>A40', '0')
    """
    return escape(score_shown(text)).replace("/", Markup("/<wbr>"))


def make_templates() -> jinja2.Environment:
    """The Jinja2 environment of the console's templates, with ``_()`` translating.

    >>> make_templates().from_string("{{ _('Language') }}").render()
    'Language'
    """
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("arbitro.web", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        undefined=jinja2.StrictUndefined,
    )
    environment.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    environment.globals["written"] = written
    environment.filters["pair"] = pair_label
    environment.filters["number"] = number_filter
    environment.globals["number_label"] = number_label
    environment.globals["imps_label"] = imps_label
    environment.globals["penalty_amount"] = write_penalty_amount
    environment.filters["clock"] = clock
    environment.globals["strain_label"] = strain_label
    environment.globals["seat_label"] = seat_label
    environment.globals["action_label"] = poll_action
    environment.filters["action"] = poll_action
    environment.filters["movement"] = movement_label
    environment.filters["scoring"] = scoring_label
    environment.filters["score"] = score_cell
    environment.filters["day"] = day_written
    return environment


@dataclass(frozen=True)
class PageContext:
    """What every page template receives besides its own data, as ``page``.

    ``csrf`` is the session's CSRF token (put it in every form as ``csrf_token``);
    ``director`` the signed-in director's name, if any; ``switch`` the address the
    language switch links to (:func:`language_switch`), by default ``path``.

    >>> PageContext("en", ("es", "en"), "0.1.0", "/").director is None
    True
    >>> PageContext("en", ("es", "en"), "0.1.0", "/results/1/boards/3", switch="/results/1/boards/3?session=2").switch_to("es")
    '/results/1/boards/3?session=2&lang=es'
    """

    language: Language
    languages: tuple[Language, ...]
    version: str
    path: str
    csrf: str = ""
    director: str | None = None
    switch: str = ""

    def switch_to(self, language: Language) -> str:
        """The address of this page in ``language``: the switch's address with ``lang``."""
        address = self.switch or self.path
        return f"{address}{'&' if '?' in address else '?'}lang={language}"


NOT_KEPT_BY_THE_SWITCH = frozenset({"lang", "code", "replaced", "replaced_board"})
"""What the language switch leaves out of the address: the language itself, a table
card's code (the device remembers it), and a one-time notice written in the old language."""


def language_switch(request: Request) -> str:
    """The address the language switch of ``request``'s page links to, without ``lang``.

    A page read with GET is itself, with its query (a traveller's session, the pair whose
    line it marks, where a sign-in goes next). A page that answers a form (a refused
    entry, a wrong code) has an address the browser cannot open again: the switch goes to
    the nearest page above it, the one the form was on (``/tables/1/2/boards/3`` to
    ``/tables/1/2``), never to a page that only takes a form (HTTP 405).

    >>> from fastapi import FastAPI
    >>> from fastapi.testclient import TestClient
    >>> app = FastAPI()
    >>> @app.get("/tables/{event}/{table}")
    ... def round_page(event: int, table: int) -> str:
    ...     return ""
    >>> @app.post("/tables/{event}/{table}/boards/{board}")
    ... def entry(request: Request) -> str:
    ...     return language_switch(request)
    >>> @app.get("/results/{event}/boards/{board}")
    ... def traveller(request: Request) -> str:
    ...     return language_switch(request)
    >>> TestClient(app).post("/tables/1/2/boards/3").json()
    '/tables/1/2'
    >>> TestClient(app).get("/results/1/boards/3?session=2&lang=en&code=ABCDEF").json()
    '/results/1/boards/3?session=2'
    """
    path = request.url.path
    if request.method in ("GET", "HEAD"):
        kept = [
            (name, value)
            for name, value in request.query_params.multi_items()
            if name not in NOT_KEPT_BY_THE_SWITCH
        ]
        return path + (f"?{urlencode(kept)}" if kept else "")
    return nearest_page(request)


def nearest_page(request: Request) -> str:
    """The nearest address at or above ``request``'s that a browser may open (a GET page).

    >>> from fastapi import FastAPI
    >>> from fastapi.testclient import TestClient
    >>> app = FastAPI()
    >>> @app.get("/results/{event}")
    ... def event_page(event: int) -> str:
    ...     return ""
    >>> @app.post("/results/{event}/boards/{board}")
    ... def form(request: Request) -> str:
    ...     return nearest_page(request)
    >>> TestClient(app).post("/results/1/boards/3").json()
    '/results/1'
    """
    path = request.url.path
    routes = request.app.router.routes
    while path.strip("/"):
        asked = {**request.scope, "path": path, "method": "GET"}
        if any(route.matches(asked)[0] is Match.FULL for route in routes):
            return path
        path = path.rstrip("/").rpartition("/")[0] or "/"
    return "/"


def render(request: Request, template: str, status_code: int = 200, **data: object) -> Response:
    """Render ``template`` in the page's language, with ``page`` (a :class:`PageContext`).

    A ``?lang=`` in the address is remembered in a cookie.

    >>> from fastapi.testclient import TestClient
    >>> from arbitro.web import create_app
    >>> TestClient(create_app()).get("/?lang=es").headers["content-language"]
    'es'
    """
    asked = request.query_params.get("lang")
    language = choose_language(request, asked)
    templates: jinja2.Environment = request.app.state.templates
    with use_language(language):
        page = PageContext(
            language,
            LANGUAGES,
            arbitro.__version__,
            request.url.path,
            csrf_token(request) if "session" in request.scope else "",
            signed_in_director(request) if "session" in request.scope else None,
            language_switch(request),
        )
        html = templates.get_template(template).render(page=page, **data)
    response = HTMLResponse(html, status_code=status_code)
    response.headers["Content-Language"] = language
    if asked:
        response.set_cookie(LANGUAGE_COOKIE, language, max_age=365 * 24 * 3600, samesite="lax")
    return response


def wants_a_page(request: Request) -> bool:
    """Whether ``request`` is a browser's, for a page: it accepts HTML and is not the API's.

    A refusal the framework makes itself (no such address, a form's address opened by
    itself) answers a browser with a page in its language and a way back, and a program
    with JSON.

    >>> from starlette.requests import Request
    >>> wants_a_page(Request({"type": "http", "path": "/nothing", "headers": [(b"accept", b"text/html")]}))
    True
    >>> wants_a_page(Request({"type": "http", "path": "/api/events/9", "headers": [(b"accept", b"text/html")]}))
    False
    """
    if request.url.path.startswith(("/api/", "/static/")):
        return False
    return "text/html" in request.headers.get("accept", "")


def refusal_page(
    request: Request, status: int, message: str, headers: dict[str, str] | None = None
) -> Response:
    """The page of a refusal the framework made (``status``, ``message``), with ``headers``.

    Its way back goes to the nearest page above it a browser may open
    (:func:`nearest_page`), and home.
    """
    back = nearest_page(request)
    back = "/" if back == request.url.path else back  # a page's own refusal: home
    response = render(
        request, "error.html", status_code=status, message=message, back=back, code=status
    )
    response.headers.update(headers or {})
    return response
