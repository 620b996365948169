"""What a route depends on before it runs: the store, and the language of its page.

The lowest module of the web console: :mod:`arbitro.web.security` and
:mod:`arbitro.web.pages` both build on it, and neither on the other's way back.

>>> from starlette.requests import Request
>>> request = Request({"type": "http", "headers": [(b"accept-language", b"es-ES,es;q=0.9")]})
>>> choose_language(request, None)
'es'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fastapi import HTTPException, Request

from arbitro.i18n import (
    Language,
    UnknownLanguageError,
    get_language,
    gettext,
    parse_language,
    use_language,
)
from arbitro.store.on_first_use import StoreOnFirstUse

if TYPE_CHECKING:
    from arbitro.store import Store

LANGUAGE_COOKIE = "arbitro_lang"


def choose_language(request: Request, asked: str | None) -> Language:
    """The language of the page for ``request``; ``asked`` is the ``lang`` query parameter.

    In order: ``asked``, the language cookie, the browser's ``Accept-Language``, the default.

    >>> from starlette.requests import Request
    >>> choose_language(Request({"type": "http", "headers": []}), "es")
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


def page_language(request: Request) -> Language:
    """The language of ``request``'s page (its ``?lang=``, cookie or browser), for messages.

    >>> from starlette.requests import Request
    >>> page_language(Request({"type": "http", "headers": [], "query_string": b"lang=es"}))
    'es'
    """
    return choose_language(request, request.query_params.get("lang"))


def console_store(request: Request) -> Store | None:
    """The console's store, or None for a console without a database (or a request outside one).

    A store waiting for its first use (:class:`~arbitro.store.on_first_use.StoreOnFirstUse`,
    ``arbitro serve`` on an SQLite file) is opened now; a request that comes while
    another opens it waits for it.

    >>> from starlette.requests import Request
    >>> console_store(Request({"type": "http"})) is None
    True
    """
    state = getattr(request.scope.get("app"), "state", None)
    store: Store | StoreOnFirstUse | None = getattr(state, "store", None)
    if isinstance(store, StoreOnFirstUse):
        return store.store()
    return store


def get_store(request: Request) -> Store:
    """The console's store (a FastAPI dependency); 503 when the console has no database.

    >>> from fastapi.testclient import TestClient
    >>> from arbitro.web import create_app
    >>> TestClient(create_app()).get("/director/").status_code
    503
    """
    store = console_store(request)
    if store is None:
        with use_language(page_language(request)):
            raise HTTPException(503, gettext("the console was started without a database"))
    return store


def has_director(request: Request) -> bool:
    """Whether the console's database has a director account (else the first-run page).

    Before a store waiting for its first use is opened, read from the SQLite file with
    the standard library (:class:`~arbitro.store.first_reads.FirstReads`): the server's
    first page answers without SQLAlchemy. 503 when the console has no database.

    >>> from fastapi.testclient import TestClient
    >>> from arbitro.web import create_app
    >>> TestClient(create_app()).get("/director/sign-in").status_code
    503
    """
    store = request.app.state.store
    if isinstance(store, StoreOnFirstUse):
        return store.has_director()
    return bool(get_store(request).director_names())
