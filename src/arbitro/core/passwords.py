"""How long a director's password may be: one rule for the command line and the web console.

``arbitro director add`` and ``password`` (typed, or read from standard input) and the
console's first-run page check a new password with :func:`check_password`; the forms
and the JSON API take no longer one than :data:`MAX_PASSWORD`.

>>> check_password("correct horse")
'correct horse'
>>> check_password("short")
Traceback (most recent call last):
...
arbitro.core.passwords.PasswordLengthError: the password must have at least 8 characters
"""

from __future__ import annotations

from arbitro.core.errors import BadInputError, MessageError
from arbitro.i18n import N_

__all__ = ["MAX_PASSWORD", "MIN_PASSWORD", "PasswordLengthError", "check_password"]

MIN_PASSWORD = 8
"""The shortest password a director's account may have."""
MAX_PASSWORD = 200
"""The longest password read: on a form, from the JSON API, from standard input."""


class PasswordLengthError(MessageError, BadInputError):
    """A new password shorter than :data:`MIN_PASSWORD` or longer than :data:`MAX_PASSWORD` (422)."""


def check_password(password: str) -> str:
    """``password`` when its length is within :data:`MIN_PASSWORD` and :data:`MAX_PASSWORD`.

    >>> check_password("x" * 201)
    Traceback (most recent call last):
    ...
    arbitro.core.passwords.PasswordLengthError: the password must have at most 200 characters
    """
    if len(password) < MIN_PASSWORD:
        raise PasswordLengthError(
            N_("the password must have at least {count} characters"), count=MIN_PASSWORD
        )
    if len(password) > MAX_PASSWORD:
        raise PasswordLengthError(
            N_("the password must have at most {count} characters"), count=MAX_PASSWORD
        )
    return password
