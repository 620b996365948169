"""Directors' passwords: their Argon2id hashes, checked one at a time.

Only an Argon2 hash of a password is stored (:func:`hash_password`,
:func:`verify_password`); at most :data:`HASHING_AT_ONCE` passwords are hashed at a
time (:func:`hashing_turn`), and a name nobody has costs the same check as a real one
(:func:`authenticate`).

>>> verify_password(hash_password("s3cret"), "s3cret")
True
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from threading import BoundedSemaphore
from typing import TYPE_CHECKING

from arbitro.core.errors import BusyError
from arbitro.i18n import gettext

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
