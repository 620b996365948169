"""Who may do what in the web console: directors, tables, CSRF tokens, sign-in limits.

- **Directors** sign in with a name and password; only an Argon2 hash of the password
  is stored (:func:`hash_password`, :func:`verify_password`). The first director is
  made on set-up (``arbitro director add``, or the first-run page ``/director/setup``).
- **Tables** sign in with a short code printed on their table card
  (:func:`table_code`): an HMAC of the event, session and table under the
  installation's secret key, so it cannot be guessed from another table's code.
- The **session** is a signed cookie (Starlette's ``SessionMiddleware``,
  itsdangerous); it holds the director's name, the tables signed in, and the CSRF token.
- Every **form** carries the session's CSRF token as ``csrf_token``; every write of
  the JSON API sends it in the ``X-CSRF-Token`` header (:func:`check_csrf`).
- **Sign-in attempts** are limited per client and name, and per client over all names
  (:class:`SignInLimiter`), counted in the database so every server process shares
  the count; at most :data:`HASHING_AT_ONCE` passwords are hashed at a time.
- **Signing out** (and a new password) ends the director's sessions on the server.

>>> verify_password(hash_password("s3cret"), "s3cret")
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from functools import cache
from threading import BoundedSemaphore, Lock
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends, Form, HTTPException, Request
from itsdangerous import TimestampSigner
from starlette._utils import get_route_path  # the path a route matches (root_path taken off)
from starlette.datastructures import URLPath
from starlette.routing import BaseRoute, Match, NoMatchFound
from starlette.types import Receive, Scope, Send

from arbitro.core.errors import BusyError
from arbitro.i18n import gettext, use_language
from arbitro.web.deps import console_store, get_store, page_language

CSRF_FIELD = "csrf_token"
"""The name of the hidden form field that carries the CSRF token."""
CSRF_HEADER = "X-CSRF-Token"
"""The header that carries the CSRF token on writes of the JSON API."""
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY3479"
"""The letters of table codes: none that can be misread (no 0/O, 1/I/L, 2/Z, 5/S, 8/B)."""
CODE_LENGTH = 6

if TYPE_CHECKING:
    from argon2 import PasswordHasher

    from arbitro.store import Store


@cache
def _hasher() -> PasswordHasher:
    """The Argon2id hasher, made (and argon2 imported) when a password is first hashed or checked."""
    from argon2 import PasswordHasher  # not at the server's start: its first page hashes nothing

    return PasswordHasher()


HASHING_AT_ONCE = 1
"""Passwords hashed at the same time: each costs about 0.5 s of a core and 64 MiB
(Argon2id), so a burst of sign-ins waits its turn instead of taking every core from
the tables' score entry."""
HASHING_WAIT = 10.0
"""Seconds a sign-in waits for its turn to hash before it is refused (503)."""
_HASHING = BoundedSemaphore(HASHING_AT_ONCE)


class HashingBusyError(BusyError):
    """Too many sign-ins at once: the password could not be checked in time (503).

    >>> print(HashingBusyError())
    too many sign-ins at once; try again in a moment
    """

    def __str__(self) -> str:
        return gettext("too many sign-ins at once; try again in a moment")


@contextmanager
def hashing_turn() -> Iterator[None]:
    """Wait for this thread's turn to hash a password (:class:`HashingBusyError` if too long).

    >>> with hashing_turn():
    ...     pass
    """
    if not _HASHING.acquire(timeout=HASHING_WAIT):
        raise HashingBusyError
    try:
        yield
    finally:
        _HASHING.release()


def hash_password(password: str) -> str:
    """The Argon2id hash of ``password``, to store instead of the password.

    >>> hash_password("s3cret").startswith("$argon2id$")
    True
    """
    with hashing_turn():
        return _hasher().hash(password)


def verify_password(hashed: str, password: str) -> bool:
    """Whether ``password`` is the one ``hashed`` was made from (in constant time).

    At most :data:`HASHING_AT_ONCE` passwords are checked at the same time; the others
    wait their turn (:class:`HashingBusyError` after :data:`HASHING_WAIT` seconds).

    >>> verify_password(hash_password("right"), "wrong")
    False
    """
    from argon2.exceptions import InvalidHashError, VerificationError

    with hashing_turn():
        try:
            return _hasher().verify(hashed, password)
        except (VerificationError, InvalidHashError):
            return False


def authenticate(store: Store, name: str, password: str) -> bool:
    """Whether director ``name`` exists and ``password`` is theirs; rehashes old hashes.

    >>> from arbitro.store import open_store
    >>> store = open_store("sqlite:///:memory:")
    >>> store.add_director("ana", hash_password("pw"))
    >>> authenticate(store, "ana", "pw"), authenticate(store, "ana", "no"), authenticate(store, "x", "pw")
    (True, False, False)
    """
    hashed = store.password_hash(name)
    if hashed is None:
        verify_password(_dummy_hash(), password)  # the same time whether the name exists or not
        return False
    if not verify_password(hashed, password):
        return False
    if _hasher().check_needs_rehash(hashed):
        store.set_password_hash(name, hash_password(password))
    return True


@cache
def _dummy_hash() -> str:
    """A hash no password matches, checked for an unknown name.

    Made once the server is up (:func:`prepare_sign_in`), or at the first such sign-in:
    hashing costs half a second of a core, which a server's start need not pay.
    """
    return hash_password("not a password anybody has")


def prepare_sign_in() -> None:
    """Make the hash checked for unknown names now.

    The server calls it in a thread once it is up, so that not even the first sign-in
    with an unknown name takes longer than one with a known name.

    >>> prepare_sign_in()
    """
    _dummy_hash()


# The session ----------------------------------------------------------------------------

REMEMBERED_COOKIES = 4096
"""How many verified session cookies :class:`RememberingSigner` keeps (a few per table)."""


class RememberingSigner(TimestampSigner):
    """itsdangerous' timestamp signer of the session cookie, that remembers the cookies it verified.

    A table's phone sends the same cookie with each of the evening's requests; its
    signature (an HMAC) is checked the first time only, and its age every time: a
    cookie remembered but older than ``max_age`` (or from the future) is checked again
    by itsdangerous, which refuses it as it always did. Only cookies whose signature
    held are remembered, the last :data:`REMEMBERED_COOKIES` of them.

    >>> signer = RememberingSigner("k" * 32)
    >>> cookie = signer.sign(b"payload")
    >>> signer.unsign(cookie, max_age=60), signer.unsign(cookie, max_age=60)
    (b'payload', b'payload')
    >>> value, signature = cookie.rsplit(b".", 1)
    >>> forged = value + b"." + (b"B" if signature.startswith(b"A") else b"A") + signature[1:]
    >>> signer.unsign(forged, max_age=60)  # the signature's first character changed
    Traceback (most recent call last):
    ...
    itsdangerous.exc.BadTimeSignature: Signature b'...' does not match
    """

    def __init__(self, secret_key: str) -> None:
        super().__init__(secret_key)
        self._verified: OrderedDict[bytes, tuple[bytes, int]] = OrderedDict()

    def unsign(  # type: ignore[override]
        self, signed_value: str | bytes, max_age: int | None = None, return_timestamp: bool = False
    ) -> tuple[bytes, datetime] | bytes:
        """The cookie's value, once its signature and age hold (:meth:`TimestampSigner.unsign`)."""
        if return_timestamp:
            return super().unsign(signed_value, max_age, return_timestamp=True)
        key = signed_value.encode() if isinstance(signed_value, str) else signed_value
        remembered = self._verified.get(key)
        if remembered is not None:
            value, signed_at = remembered
            age = self.get_timestamp() - signed_at
            if max_age is None or 0 <= age <= max_age:
                return value
        value, when = super().unsign(key, max_age, return_timestamp=True)
        self._verified[key] = (value, int(when.timestamp()))
        if len(self._verified) > REMEMBERED_COOKIES:
            self._verified.popitem(last=False)
        return value


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


def signed_in_director(request: Request) -> str | None:
    """The name of the director signed in on this session, if any.

    The session's cookie names the director and the token of their sessions
    (:meth:`~arbitro.store.Store.session_epoch`): once the director signed out or
    changed the password, the token is another, and the old cookie signs nobody in.

    >>> from starlette.requests import Request
    >>> signed_in_director(Request({"type": "http", "session": {"director": "ana"}}))
    'ana'
    """
    name = request.session.get("director")
    if not isinstance(name, str):
        return None
    # The store, or before it is open its first reads (``arbitro serve``'s first page).
    store = getattr(getattr(request.scope.get("app"), "state", None), "store", None)
    if store is not None:
        epoch = request.session.get("epoch")
        if not isinstance(epoch, str) or epoch != store.session_epoch(name):
            return None
    return name


def sign_in_director(request: Request, name: str) -> None:
    """Start a director's session: a fresh CSRF token, the table sign-ins dropped.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "session": {"csrf": "old"}})
    >>> sign_in_director(request, "ana"); request.session["director"], request.session["csrf"] != "old"
    ('ana', True)
    """
    request.session.clear()
    request.session["director"] = name
    store = console_store(request)
    if store is not None:
        request.session["epoch"] = store.start_session_epoch(name)
    csrf_token(request)


def sign_out(request: Request) -> None:
    """End the session (director and tables alike); a director's sessions end on the server.

    Every session of the director (on any device) ends: a copy of the cookie kept
    elsewhere no longer signs in.

    >>> from starlette.requests import Request
    >>> request = Request({"type": "http", "session": {"director": "ana"}})
    >>> sign_out(request); signed_in_director(request) is None
    True
    """
    name = signed_in_director(request)
    store = console_store(request)
    if name is not None and store is not None:
        store.revoke_sessions(name)
    request.session.clear()


class NotSignedInError(Exception):
    """A page that needs a director was asked for without one; the app redirects to sign in.

    >>> from starlette.requests import Request
    >>> require_director(Request({"type": "http", "session": {}}))
    Traceback (most recent call last):
    ...
    arbitro.web.security.NotSignedInError
    """


def require_director(request: Request) -> str:
    """A FastAPI dependency for the director's pages: the director's name, or to the sign-in page."""
    name = signed_in_director(request)
    if name is None:
        raise NotSignedInError
    return name


class SignInFirst(BaseRoute):
    """Each page under ``prefix`` asked for (GET or HEAD) with no director in the session: to sign in.

    Placed in the application's routes ahead of routers every page of which needs a
    director (:func:`require_director`), it gives the answer their routes would give,
    the way to the sign-in page (:class:`NotSignedInError`), before their modules are
    imported: a director's bookmark of the desk, the first request of a server started
    for the evening, costs the server no more than the sign-in page it leads to. A
    session naming a director goes on to the routes, which check that it is still valid
    (:func:`signed_in_director`); so do the other methods, refused by the routes as
    before. A path no route serves is sent to sign in too, where a director gets 404.

    >>> from fastapi import FastAPI
    >>> from fastapi.testclient import TestClient
    >>> from starlette.responses import PlainTextResponse
    >>> app = FastAPI()
    >>> app.router.routes.append(SignInFirst("/director/"))
    >>> app.add_exception_handler(NotSignedInError, lambda request, error: PlainTextResponse("sign in"))
    >>> TestClient(app).get("/director/events/3").text, TestClient(app).post("/director/").status_code
    ('sign in', 404)
    """

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        """A full match for a GET or HEAD under the prefix by a session with no director."""
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            return Match.NONE, {}
        if not get_route_path(scope).startswith(self.prefix):
            return Match.NONE, {}
        session = scope.get("session")
        if isinstance(session, dict) and isinstance(session.get("director"), str):
            return Match.NONE, {}
        return Match.FULL, {}

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        """To the sign-in page (the application's handler of :class:`NotSignedInError`)."""
        raise NotSignedInError

    def url_path_for(self, name: str, /, **path_params: Any) -> URLPath:
        """No route is named here."""
        raise NoMatchFound(name, path_params)

    def __repr__(self) -> str:
        return f"SignInFirst({self.prefix!r})"


def require_api_director(request: Request) -> str:
    """A FastAPI dependency for the director's API: the director's name, or 401."""
    name = signed_in_director(request)
    if name is None:
        with use_language(page_language(request)):
            raise HTTPException(401, gettext("sign in as a director first (POST /api/session)"))
    return name


# Tables ---------------------------------------------------------------------------------


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


# Sign-in limits -------------------------------------------------------------------------


class SignInLimiter:
    """At most ``attempts`` failed sign-ins per key (client and name) in ``window`` seconds.

    Given the console's store, the failures are counted in the database under the
    limiter's ``scope`` (:class:`~arbitro.store.sign_in_limits.SignInFailureRecords`),
    so every server process over that database holds a client to the same count
    (``arbitro serve --workers N`` allows no more attempts than one process). Without
    a store (an application made without a database), in this process's memory.

    >>> limiter = SignInLimiter(attempts=2, window=60)
    >>> limiter.failed("1.2.3.4 ana"); limiter.allowed("1.2.3.4 ana")
    True
    >>> limiter.failed("1.2.3.4 ana"); limiter.allowed("1.2.3.4 ana")
    False
    >>> limiter.succeeded("1.2.3.4 ana"); limiter.allowed("1.2.3.4 ana")
    True
    >>> from arbitro.store import open_store
    >>> store = open_store("sqlite:///:memory:")
    >>> one, other = SignInLimiter(attempts=1), SignInLimiter(attempts=1)  # two processes
    >>> one.failed("1.2.3.4 ana", store); other.allowed("1.2.3.4 ana", store)
    False
    """

    def __init__(self, attempts: int = 5, window: float = 300.0, scope: str = "name") -> None:
        self.attempts = attempts
        self.window = window
        self.scope = scope
        self._failures: dict[str, deque[float]] = {}
        self._lock = Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        failures = self._failures.get(key, deque())
        while failures and failures[0] <= now - self.window:
            failures.popleft()
        if not failures:
            self._failures.pop(key, None)  # a flood of made-up names leaves nothing behind
        return failures

    def allowed(self, key: str, store: Store | None = None) -> bool:
        """Whether another attempt for ``key`` may be tried now (counted in ``store``, if given).

        >>> SignInLimiter().allowed("x")
        True
        """
        if store is not None:
            return store.sign_in_failures(self.scope, key, self.window) < self.attempts
        with self._lock:
            return len(self._recent(key, time.monotonic())) < self.attempts

    def failed(self, key: str, store: Store | None = None) -> None:
        """Count a failed attempt for ``key`` (in ``store``, if given).

        >>> SignInLimiter().failed("x")
        """
        if store is not None:
            store.record_sign_in_failure(self.scope, key, self.window)
            return
        with self._lock:
            now = time.monotonic()
            if len(self._failures) > self.SWEEP_AT:
                for old in list(self._failures):
                    self._recent(old, now)
            self._failures[key] = self._recent(key, now)
            self._failures[key].append(now)

    SWEEP_AT = 10_000
    """Keys kept before the limiter forgets those whose failures are all past the window."""

    def succeeded(self, key: str, store: Store | None = None) -> None:
        """Forget ``key``'s failures after a successful sign-in (in ``store``, if given).

        >>> SignInLimiter().succeeded("x")
        """
        if store is not None:
            store.clear_sign_in_failures(self.scope, key)
            return
        with self._lock:
            self._failures.pop(key, None)


def limit_key(request: Request, name: str) -> str:
    """The key a sign-in attempt is counted under: the client's address and the name tried.

    >>> from starlette.requests import Request
    >>> limit_key(Request({"type": "http", "client": ("10.0.0.1", 5000)}), "Ana")
    '10.0.0.1 ana'
    """
    client = request.client.host if request.client is not None else "?"
    return f"{client} {name.strip().lower()}"


def check_sign_in_allowed(
    request: Request, name: str, limiter: SignInLimiter | None = None
) -> None:
    """Refuse (429) a sign-in when ``name`` has failed too often from this client lately.

    ``limiter`` is the application's sign-in limiter unless another is given.
    """
    if limiter is None:
        limiter = request.app.state.limiter
    if not limiter.allowed(limit_key(request, name), console_store(request)):
        with use_language(page_language(request)):
            raise HTTPException(
                429,
                gettext("too many failed sign-ins; wait {minutes} minutes and try again").format(
                    minutes=round(limiter.window / 60)
                ),
            )


def record_sign_in(request: Request, name: str, succeeded: bool) -> None:
    """Count a sign-in attempt for the limits (a success clears the failures)."""
    limiter: SignInLimiter = request.app.state.limiter
    key = limit_key(request, name)
    if succeeded:
        limiter.succeeded(key, console_store(request))
    else:
        limiter.failed(key, console_store(request))


DIRECTOR_ATTEMPTS_PER_ADDRESS = 20
"""Failed director sign-ins one address may make in the limiter's window, over all names.

Each name has its 5 attempts; an address trying many names (made-up ones included,
which cost the same Argon2 check as real ones, so a name's existence does not show)
is held to this many in all.
"""


def check_director_sign_in_allowed(request: Request, name: str) -> None:
    """Refuse (429) a director's sign-in: 5 failures for ``name`` from this address, or 20 for any."""
    check_sign_in_allowed(request, name)
    check_sign_in_allowed(request, "directors", request.app.state.director_address_limiter)


def record_director_sign_in(request: Request, name: str, succeeded: bool) -> None:
    """Count a director's sign-in for both limits (a success clears the name's, not the address's)."""
    record_sign_in(request, name, succeeded)
    if not succeeded:
        address: SignInLimiter = request.app.state.director_address_limiter
        address.failed(limit_key(request, "directors"), console_store(request))


CODE_ATTEMPTS_PER_ADDRESS = 50
"""Wrong table codes one address may send in the limiter's window, whatever its browsers.

A club's players often reach the console through one router, so they share one address:
each browser has its own 5 attempts, and the address as a whole this many, so a few
mistyped codes lock out neither the other tables nor the evening, while a guesser
without cookies is still held to this many (a code is one of about 10**9).
"""


def _browser(request: Request) -> str:
    """A random name for this browser, kept in its signed session cookie."""
    browser = request.session.get("browser")
    if not isinstance(browser, str):
        browser = secrets.token_urlsafe(9)
        request.session["browser"] = browser
    return browser


def check_table_code_allowed(request: Request, event: int) -> None:
    """Refuse (429) a table code for ``event`` from a browser or an address that failed too often.

    The limits: 5 wrong codes from this browser, or :data:`CODE_ATTEMPTS_PER_ADDRESS`
    from its address, in the window (5 minutes).
    """
    check_sign_in_allowed(request, f"table {event} {_browser(request)}")
    check_sign_in_allowed(request, f"table {event}", request.app.state.address_limiter)


def record_table_code(request: Request, event: int, succeeded: bool) -> None:
    """Count a table code tried for ``event``: a right one clears this browser's failures.

    The address's count is not cleared: a player who knows his own table's code cannot
    use it to go on guessing the others'.
    """
    record_sign_in(request, f"table {event} {_browser(request)}", succeeded)
    if not succeeded:
        address: SignInLimiter = request.app.state.address_limiter
        address.failed(limit_key(request, f"table {event}"), console_store(request))


DirectorName = Annotated[str, Depends(require_director)]
"""A director's page parameter: the signed-in director (or a redirect to sign in)."""
ApiDirector = Annotated[str, Depends(require_api_director)]
"""An API endpoint parameter: the signed-in director (or 401)."""
StoreDep = Annotated["Store", Depends(get_store)]
"""A parameter that receives the console's store."""

__all__ = [
    "CODE_ATTEMPTS_PER_ADDRESS",
    "CSRF_FIELD",
    "CSRF_HEADER",
    "DIRECTOR_ATTEMPTS_PER_ADDRESS",
    "REMEMBERED_COOKIES",
    "ApiDirector",
    "DirectorName",
    "HashingBusyError",
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
    "hashing_turn",
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
