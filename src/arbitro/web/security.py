"""Who may do what in the web console: directors, tables, CSRF tokens, sign-in limits.

Each concern has its module; the routers import them from here.

- **Directors** sign in with a name and password; only an Argon2 hash of the password
  is stored (:func:`~arbitro.web.passwords.hash_password`,
  :func:`~arbitro.web.passwords.verify_password`). The first director is made on set-up
  (``arbitro director add``, or the first-run page ``/director/setup``).
- **Tables** sign in with a short code printed on their table card
  (:func:`~arbitro.web.sign_in_codes.table_code`): an HMAC of the event, session and
  table under the installation's secret key, so it cannot be guessed from another
  table's code.
- The **session** is a signed cookie (Starlette's ``SessionMiddleware``, itsdangerous,
  :mod:`arbitro.web.cookie_signer`); it holds the director's name
  (:mod:`arbitro.web.sessions`), the tables signed in, and the CSRF token.
- Every **form** carries the session's CSRF token as ``csrf_token``; every write of
  the JSON API sends it in the ``X-CSRF-Token`` header
  (:func:`~arbitro.web.csrf.check_csrf`).
- **Sign-in attempts** are limited per client and name, and per client over all names
  (:class:`~arbitro.web.sign_in_limits.SignInLimiter`), counted in the database so every
  server process shares the count; at most
  :data:`~arbitro.web.passwords.HASHING_AT_ONCE` passwords are hashed at a time.
- **Signing out** (and a new password) ends the director's sessions on the server.

>>> verify_password(hash_password("s3cret"), "s3cret")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from fastapi import Depends

from arbitro.web.cookie_signer import REMEMBERED_COOKIES, RememberingSigner
from arbitro.web.csrf import (
    check_csrf,
    csrf_token,
    require_form_csrf,
    require_header_csrf,
)
from arbitro.web.deps import get_store
from arbitro.web.passwords import (
    authenticate,
    hash_password,
    prepare_sign_in,
    verify_password,
)
from arbitro.web.sessions import (
    ApiDirector,
    DirectorName,
    NotSignedInError,
    SignInFirst,
    require_api_director,
    require_director,
    sign_in_director,
    sign_out,
    signed_in_director,
)
from arbitro.web.sign_in_codes import (
    app_secret,
    check_table_code,
    require_table,
    sign_in_table,
    signed_in_table,
    table_code,
)
from arbitro.web.sign_in_limits import (
    CODE_ATTEMPTS_PER_ADDRESS,
    DIRECTOR_ATTEMPTS_PER_ADDRESS,
    SignInLimiter,
    check_director_sign_in_allowed,
    check_table_code_allowed,
    record_director_sign_in,
    record_table_code,
)

if TYPE_CHECKING:
    from arbitro.store import Store

StoreDep = Annotated["Store", Depends(get_store)]
"""A parameter that receives the console's store."""

__all__ = [
    "CODE_ATTEMPTS_PER_ADDRESS",
    "DIRECTOR_ATTEMPTS_PER_ADDRESS",
    "REMEMBERED_COOKIES",
    "ApiDirector",
    "DirectorName",
    "NotSignedInError",
    "RememberingSigner",
    "SignInFirst",
    "SignInLimiter",
    "StoreDep",
    "app_secret",
    "authenticate",
    "check_csrf",
    "check_director_sign_in_allowed",
    "check_table_code",
    "check_table_code_allowed",
    "csrf_token",
    "hash_password",
    "prepare_sign_in",
    "record_director_sign_in",
    "record_table_code",
    "require_api_director",
    "require_director",
    "require_form_csrf",
    "require_header_csrf",
    "require_table",
    "sign_in_director",
    "sign_in_table",
    "sign_out",
    "signed_in_director",
    "signed_in_table",
    "table_code",
    "verify_password",
]
