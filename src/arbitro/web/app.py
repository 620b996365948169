"""The FastAPI application, rendered on the server with Jinja2 in Spanish or English.

The language of a page is, in order: ``?lang=es`` (remembered in a cookie), the
cookie, the browser's ``Accept-Language``, then the server's default language.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.get("/health").json()["status"]
'ok'
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Annotated

import jinja2
from fastapi import FastAPI, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy import text
from sqlalchemy.engine import Engine

import arbitro
from arbitro.core import Board
from arbitro.i18n import (
    LANGUAGES,
    Language,
    UnknownLanguageError,
    get_language,
    gettext,
    ngettext,
    parse_language,
    use_language,
)
from arbitro.web.cli_reference import CommandHelp, cli_reference

LANGUAGE_COOKIE = "arbitro_lang"

LangQuery = Annotated[str | None, Query(alias="lang", max_length=16)]
"""The ``?lang=`` parameter every page takes."""


def _templates() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("arbitro.web", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        undefined=jinja2.StrictUndefined,
    )
    environment.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    return environment


def choose_language(request: Request, asked: str | None) -> Language:
    """The language of the page for ``request``; ``asked`` is the ``lang`` query parameter.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "headers": [(b"accept-language", b"es-ES,es;q=0.9")]})
    >>> choose_language(request, None)
    'es'
    """
    for candidate in (asked, request.cookies.get(LANGUAGE_COOKIE)):
        if candidate:
            try:
                return parse_language(candidate)
            except UnknownLanguageError:
                pass
    for code, _quality in _accepted_languages(request.headers.get("accept-language", "")):
        try:
            return parse_language(code)
        except UnknownLanguageError:
            continue
    return get_language()


def _accepted_languages(header: str) -> list[tuple[str, float]]:
    """The languages of an ``Accept-Language`` header, most wanted first."""
    accepted: list[tuple[str, float]] = []
    for item in header.split(","):
        code, _, parameters = item.strip().partition(";")
        quality = 1.0
        if parameters.strip().startswith("q="):
            try:
                quality = float(parameters.strip()[2:])
            except ValueError:
                quality = 0.0
        if code and code != "*":
            accepted.append((code, quality))
    return sorted(accepted, key=lambda pair: -pair[1])


@dataclass(frozen=True)
class PageContext:
    """What every page template receives besides its own data."""

    language: Language
    languages: tuple[Language, ...]
    version: str
    path: str


def create_app(engine: Engine | None = None) -> FastAPI:
    """Build the web application; ``engine`` is the open database, if there is one.

    >>> sorted(route.path for route in create_app().routes if route.path.startswith("/h"))
    ['/health', '/help/cli']
    """
    app = FastAPI(title="Árbitro", version=arbitro.__version__, docs_url="/api/docs")
    templates = _templates()
    static = resources.files("arbitro.web") / "static"
    app.mount("/static", StaticFiles(directory=str(static)), name="static")

    def render(request: Request, asked: str | None, template: str, **data: object) -> Response:
        language = choose_language(request, asked)
        with use_language(language):
            page = PageContext(language, LANGUAGES, arbitro.__version__, request.url.path)
            html = templates.get_template(template).render(page=page, **data)
        response = HTMLResponse(html)
        response.headers["Content-Language"] = language
        if asked:
            response.set_cookie(LANGUAGE_COOKIE, language, max_age=365 * 24 * 3600, samesite="lax")
        return response

    @app.get("/", response_class=HTMLResponse)
    def home(request: Request, lang: LangQuery = None) -> Response:
        return render(request, lang, "home.html", example_board=Board(7))

    @app.get("/help/cli", response_class=HTMLResponse)
    def cli_help(request: Request, lang: LangQuery = None) -> Response:
        language = choose_language(request, lang)
        with use_language(language):
            commands: list[CommandHelp] = cli_reference()
        return render(request, lang, "cli.html", commands=commands)

    @app.get("/health")
    def health() -> JSONResponse:
        database = "none"
        if engine is not None:
            with engine.connect() as connection:
                connection.execute(text("SELECT 1"))
            database = engine.dialect.name
        return JSONResponse({"status": "ok", "version": arbitro.__version__, "database": database})

    return app
