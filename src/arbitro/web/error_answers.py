"""The console's answers to a refused request: its error, its status, its JSON and its page.

One handler of :class:`~arbitro.core.errors.ArbitroError` answers every refusal
(:mod:`arbitro.web.app`): the API with :func:`error_json`, a page with the error page of
its part of the console (:func:`error_page`). :func:`error_responses` documents the
refusals in OpenAPI.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from fastapi import Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel

from arbitro.core.errors import ArbitroError, MessageError
from arbitro.i18n import use_language
from arbitro.web.deps import page_language


class RefusedRequestError(MessageError):
    """A request refused with a message and the HTTP ``status`` it is answered with.

    ``message`` is marked with ``N_`` and put into words, in the language in force, with
    ``details`` when the error is printed; a detail that knows its language (a
    :class:`~arbitro.core.errors.Problem`, an entry) is shown in it too.

    >>> from arbitro.i18n import N_
    >>> error = RefusedRequestError(N_("there is no event {event}"), 404, event=3)
    >>> str(error), error.status
    ('there is no event 3', 404)
    """

    def __init__(self, message: str, status: int, **details: object) -> None:
        super().__init__(message, **details)
        self.status = status


class ErrorAnswer(BaseModel):
    """The one shape of every refusal the JSON API answers, whatever its status.

    ``detail`` says what was refused and why, in the caller's language; a request whose
    fields were malformed (422) also lists them in ``errors``, each with its place.

    >>> ErrorAnswer(detail="there is no event 9").model_dump(exclude_none=True)
    {'detail': 'there is no event 9'}
    """

    detail: str
    errors: list[dict[str, Any]] | None = None


_STATUS_WORDS = {
    400: "The request is malformed.",
    401: "Not signed in (a director's session, or a table's code).",
    403: "Refused to this session (a bad CSRF token, another table, a closed page).",
    404: "There is no such thing (event, board, ruling, appeal, poll...).",
    409: "The request conflicts with what is stored (published already, entered already).",
    422: "Bad input, or refused by a Law or a rule of the event.",
    429: "Too many attempts: wait and try again.",
    503: "The database is busy or missing: try again.",
    507: "The disk is full: nothing was saved.",
}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of a router's refusals: each status, in :class:`ErrorAnswer`'s shape.

    >>> sorted(error_responses(404, 422))
    [404, 422]
    """
    return {
        status: {"model": ErrorAnswer, "description": _STATUS_WORDS[status]} for status in statuses
    }


HTML_REFUSAL: dict[int | str, dict[str, Any]] = {
    422: {
        "description": "A malformed query, answered with the page of a refusal.",
        "content": {"text/html": {"schema": {"type": "string"}}},
    }
}
"""The OpenAPI answer of a page (not the API) to a malformed query: HTML, like the page."""


ErrorPage = Callable[[Request, ArbitroError], Response]
"""The page that answers a refused request in one part of the console."""

AnErrorPage = TypeVar("AnErrorPage", bound=ErrorPage)

ERROR_PAGES: dict[str, ErrorPage] = {}
"""The parts of the console with their own error page, by path prefix (see :func:`error_page`)."""


def error_page(prefix: str) -> Callable[[AnErrorPage], AnErrorPage]:
    """Make the decorated function the error page of the requests under ``prefix``.

    The application's one handler of :class:`~arbitro.core.errors.ArbitroError` answers
    with it (the tables' page offers the way back to the table, the results' the form for
    the table card's code); every other page gets ``error.html``.

    >>> @error_page("/example")
    ... def example_error(request: Request, error: ArbitroError) -> Response:
    ...     return HTMLResponse(str(error), status_code=error.status)
    >>> error_page_for("/example/3") is example_error, error_page_for("/examples") is None
    (True, True)
    """

    def register(page: AnErrorPage) -> AnErrorPage:
        ERROR_PAGES[prefix] = page
        return page

    return register


def error_page_for(path: str) -> ErrorPage | None:
    """The error page registered for ``path``'s part of the console, if any.

    >>> error_page_for("/director/") is None
    True
    """
    for prefix, page in ERROR_PAGES.items():
        if path == prefix or path.startswith(prefix + "/"):
            return page
    return None


def error_status(error: ArbitroError) -> int:
    """The HTTP status of a refused request: the one its kind carries.

    A busy database is 503 and a full disk 507: no fault of the request.

    >>> from arbitro.i18n import N_
    >>> from arbitro.core.errors import NotFoundError
    >>> error_status(RefusedRequestError(N_("no"), 403)), error_status(NotFoundError("gone"))
    (403, 404)
    """
    return error.status


def error_json(request: Request, error: ArbitroError) -> JSONResponse:
    """The JSON answer to a refused request: ``{"detail": message}`` in the page's language.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "headers": [], "query_string": b""})
    >>> answer = error_json(request, ArbitroError("bad"))
    >>> answer.status_code, answer.body
    (422, b'{"detail":"bad"}')
    """
    with use_language(page_language(request)):
        return JSONResponse({"detail": str(error)}, status_code=error_status(error))


def listed_errors(errors: Sequence[Any]) -> Any:
    r"""FastAPI's list of a request's malformed fields, as JSON can hold it.

    A body that is not UTF-8 is listed as its bytes; they are shown as text, each byte
    that is not UTF-8 as U+FFFD, so the refusal is a 422 and never a server error.

    >>> listed_errors([{"loc": ["body"], "input": b"name=\xe9"}])
    [{'loc': ['body'], 'input': 'name=�'}]
    """
    return jsonable_encoder(
        errors, custom_encoder={bytes: lambda data: data.decode("utf-8", "replace")}
    )
