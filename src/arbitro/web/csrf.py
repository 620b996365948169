"""CSRF tokens: every form carries the session's, and so does every write of the JSON API.

A form sends it as ``csrf_token`` (:data:`CSRF_FIELD`), the API in the ``X-CSRF-Token``
header (:data:`CSRF_HEADER`); :func:`check_csrf` refuses (403) any other.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Annotated

from fastapi import Form, HTTPException, Request

from arbitro.i18n import gettext, use_language
from arbitro.web.deps import page_language

CSRF_FIELD = "csrf_token"
"""The name of the hidden form field that carries the CSRF token."""
CSRF_HEADER = "X-CSRF-Token"
"""The header that carries the CSRF token on writes of the JSON API."""


def csrf_token(request: Request) -> str:
    """The session's CSRF token, made on first use; put it in every form as ``csrf_token``.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "session": {}})
    >>> csrf_token(request) == csrf_token(request) == request.session["csrf"]
    True
    """
    token = request.session.get("csrf")
    if not isinstance(token, str):
        token = secrets.token_urlsafe(32)
        request.session["csrf"] = token
    return token


def check_csrf(request: Request, given: str | None) -> None:
    """Refuse (403) a write whose CSRF token is missing or is not the session's.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "session": {"csrf": "abc"}, "headers": [], "query_string": b""})
    >>> check_csrf(request, "abc")
    >>> check_csrf(request, "xyz")
    Traceback (most recent call last):
    ...
    fastapi.exceptions.HTTPException: 403: the form has expired or did not come from this site (bad CSRF token); reload the page and try again
    """
    expected = request.session.get("csrf")
    if (
        not isinstance(expected, str)
        or not given
        or not hmac.compare_digest(expected.encode(), given.encode())
    ):
        with use_language(page_language(request)):
            raise HTTPException(
                403,
                gettext(
                    "the form has expired or did not come from this site (bad CSRF token); "
                    "reload the page and try again"
                ),
            )


def require_form_csrf(request: Request, csrf_token: Annotated[str, Form()] = "") -> None:
    """A FastAPI dependency for form posts: the ``csrf_token`` field must be the session's."""
    check_csrf(request, csrf_token)


def require_header_csrf(request: Request) -> None:
    """A FastAPI dependency for API writes: the ``X-CSRF-Token`` header must be the session's."""
    check_csrf(request, request.headers.get(CSRF_HEADER))
