"""What every router of the web console shares: templates, the page's language, the store.

A router renders a page with :func:`~arbitro.web.rendering.render` and reaches the
database with :func:`get_store` (a FastAPI dependency). The application keeps both on
``app.state`` (see :func:`arbitro.web.app.create_app`). Each concern has its module,
and the routers import them from here:

- :mod:`arbitro.web.rendering`: the templates and :func:`~arbitro.web.rendering.render`;
- :mod:`arbitro.web.labels`, :mod:`arbitro.web.figures` and :mod:`arbitro.web.dates`:
  the bridge terms, numbers and days as the page's language writes them;
- :mod:`arbitro.web.typed_input`: what an address or a form may hold, and what is wrong
  with it;
- :mod:`arbitro.web.error_answers`: the answers to a refused request.

>>> from starlette.requests import Request
>>> request = Request({"type": "http", "headers": [(b"accept-language", b"es-ES,es;q=0.9")]})
>>> choose_language(request, None)
'es'
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import APIRouter

from arbitro.web.dates import event_day, event_days
from arbitro.web.deps import LANGUAGE_COOKIE, choose_language, get_store, page_language
from arbitro.web.error_answers import (
    HTML_REFUSAL,
    RefusedRequestError,
    error_json,
    error_page,
    error_page_for,
    error_responses,
    error_status,
)
from arbitro.web.figures import number_label
from arbitro.web.labels import (
    PairNumbers,
    pair_label,
    refused_entry,
    seat_label,
    strain_label,
    written,
)
from arbitro.web.rendering import PageContext, make_templates, render
from arbitro.web.typed_input import (
    LangQuery,
    Number,
    invalid_input_message,
    typed_pair,
    whole_number,
)

__all__ = [
    "HTML_REFUSAL",
    "LANGUAGE_COOKIE",
    "LangQuery",
    "Number",
    "PageContext",
    "PairNumbers",
    "RefusedRequestError",
    "choose_language",
    "describe_route",
    "error_json",
    "error_page",
    "error_page_for",
    "error_responses",
    "error_status",
    "event_day",
    "event_days",
    "get_store",
    "invalid_input_message",
    "make_templates",
    "number_label",
    "page_language",
    "pair_label",
    "refused_entry",
    "render",
    "seat_label",
    "strain_label",
    "typed_pair",
    "whole_number",
    "written",
]


def describe_route(router: APIRouter, endpoint: Callable[..., object]) -> str:
    """The method and path by which ``router`` reaches ``endpoint``, as ``GET /path``.

    >>> router = APIRouter(prefix="/x")
    >>> @router.get("/y")
    ... def y() -> None: ...
    >>> describe_route(router, y)
    'GET /x/y'
    """
    for route in router.routes:
        if getattr(route, "endpoint", None) is endpoint:
            methods = sorted(getattr(route, "methods", None) or ())
            return f"{' '.join(methods)} {getattr(route, 'path', '')}"
    raise LookupError(endpoint.__name__)
