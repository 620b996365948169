"""The tables' sign-in: the short code printed on each table card, and the table a session is.

A table signs in with its code (:func:`table_code`): an HMAC of the event, session and
table under the installation's secret key, so it cannot be guessed from another
table's code.
"""

from __future__ import annotations

import hashlib
import hmac

from fastapi import HTTPException, Request

from arbitro.i18n import gettext, use_language
from arbitro.web.csrf import csrf_token
from arbitro.web.deps import page_language
from arbitro.web.sessions import signed_in_director

CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY3479"
"""The letters of table codes: none that can be misread (no 0/O, 1/I/L, 2/Z, 5/S, 8/B)."""
CODE_LENGTH = 6


def table_code(secret: str, event: int, table: int, session: int = 1) -> str:
    """The short code table ``table`` of ``event`` (session ``session``) signs in with.

    >>> code = table_code("k" * 64, 1, 3)
    >>> len(code), code == table_code("k" * 64, 1, 3), code == table_code("k" * 64, 1, 4)
    (6, True, False)
    """
    digest = hmac.new(
        secret.encode(), f"table:{event}:{session}:{table}".encode(), hashlib.sha256
    ).digest()
    number = int.from_bytes(digest[:8], "big")
    letters = []
    for _ in range(CODE_LENGTH):
        number, index = divmod(number, len(CODE_ALPHABET))
        letters.append(CODE_ALPHABET[index])
    return "".join(letters)


def check_table_code(secret: str, event: int, table: int, code: str, session: int = 1) -> bool:
    """Whether ``code`` (any case, spaces ignored) is table ``table``'s code, in constant time.

    >>> check_table_code("k" * 64, 1, 3, table_code("k" * 64, 1, 3).lower())
    True
    """
    given = "".join(code.split()).upper()
    return hmac.compare_digest(given.encode(), table_code(secret, event, table, session).encode())


def sign_in_table(request: Request, event: int, table: int, session: int = 1) -> None:
    """Remember on this session that it is table ``table`` of ``event`` (after its code was checked).

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "session": {}})
    >>> sign_in_table(request, 1, 3); signed_in_table(request, 1)
    3
    """
    tables = dict(request.session.get("tables", {}))
    tables[f"{event}:{session}"] = table
    request.session["tables"] = tables
    csrf_token(request)


def signed_in_table(request: Request, event: int, session: int = 1) -> int | None:
    """The table of ``event`` this session signed in as, if any.

    >>> from starlette.requests import Request
    >>> signed_in_table(Request({"type": "http", "session": {}}), 1) is None
    True
    """
    table = request.session.get("tables", {}).get(f"{event}:{session}")
    return table if isinstance(table, int) else None


def require_table(request: Request, event: int, table: int, session: int = 1) -> None:
    """Refuse (403) unless this session is table ``table`` of ``event``, or a director.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "session": {"tables": {"1:1": 2}}, "headers": [], "query_string": b""})
    >>> require_table(request, 1, 2)
    >>> require_table(request, 1, 3)
    Traceback (most recent call last):
    ...
    fastapi.exceptions.HTTPException: 403: this device is signed in as table 2, not table 3
    """
    if signed_in_director(request) is not None:
        return
    signed = signed_in_table(request, event, session)
    if signed == table:
        return
    with use_language(page_language(request)):
        if signed is None:
            raise HTTPException(
                403,
                gettext("sign in as table {table} with the code on its table card").format(
                    table=table
                ),
            )
        raise HTTPException(
            403,
            gettext("this device is signed in as table {signed}, not table {table}").format(
                signed=signed, table=table
            ),
        )


def app_secret(request: Request) -> str:
    """The installation's secret key (for :func:`table_code`)."""
    secret: str = request.app.state.secret
    return secret
