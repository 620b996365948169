"""The signer of the session cookie, that checks a cookie's signature once.

The session is a signed cookie (Starlette's ``SessionMiddleware``, itsdangerous); it
holds the director's name, the tables signed in, and the CSRF token.
"""

from __future__ import annotations

from collections import OrderedDict
from datetime import datetime

from itsdangerous import TimestampSigner

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
