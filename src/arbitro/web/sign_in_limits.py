"""The limits on sign-in attempts: directors' passwords and tables' codes.

Attempts are limited per client and name, and per client over all names
(:class:`SignInLimiter`), counted in the database so every server process shares the
count.
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from threading import Lock
from typing import TYPE_CHECKING

from fastapi import HTTPException, Request

from arbitro.i18n import N_, gettext, use_language
from arbitro.web.deps import console_store, page_language

if TYPE_CHECKING:
    from arbitro.store import Store


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


DIRECTOR_WAIT = N_("too many failed sign-ins; wait {minutes} minutes and try again")
"""The refusal of a director's sign-in after too many failures (the desk: *usted*); the
tables' pages give their own (``arbitro.web.tables_api.TABLE_WAIT``: *vosotros*)."""


def check_sign_in_allowed(
    request: Request,
    name: str,
    limiter: SignInLimiter | None = None,
    refusal: str = DIRECTOR_WAIT,
) -> None:
    """Refuse (429) a sign-in when ``name`` has failed too often from this client lately.

    ``limiter`` is the application's sign-in limiter unless another is given; ``refusal``
    is the message, in the page's language, that says how long to wait.
    """
    if limiter is None:
        limiter = request.app.state.limiter
    if not limiter.allowed(limit_key(request, name), console_store(request)):
        with use_language(page_language(request)):
            raise HTTPException(429, gettext(refusal).format(minutes=round(limiter.window / 60)))


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


def check_table_code_allowed(request: Request, event: int, refusal: str) -> None:
    """Refuse (429) a table code for ``event`` from a browser or an address that failed too often.

    The limits: 5 wrong codes from this browser, or :data:`CODE_ATTEMPTS_PER_ADDRESS`
    from its address, in the window (5 minutes). ``refusal`` (marked with ``N_``) says so
    to the players, in the tables' own words.
    """
    check_sign_in_allowed(request, f"table {event} {_browser(request)}", refusal=refusal)
    check_sign_in_allowed(
        request, f"table {event}", request.app.state.address_limiter, refusal=refusal
    )


def record_table_code(request: Request, event: int, succeeded: bool) -> None:
    """Count a table code tried for ``event``: a right one clears this browser's failures.

    The address's count is not cleared: a player who knows his own table's code cannot
    use it to go on guessing the others'.
    """
    record_sign_in(request, f"table {event} {_browser(request)}", succeeded)
    if not succeeded:
        address: SignInLimiter = request.app.state.address_limiter
        address.failed(limit_key(request, f"table {event}"), console_store(request))
