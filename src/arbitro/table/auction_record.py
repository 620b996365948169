"""The auction as it was made: each call's fate, and the alerts and explanations given.

Every value here is frozen; the table keeps one :class:`AuctionEntry` a call made, in
order of making, and one :class:`Explanation` an alert or explanation (Law 20F).

>>> from arbitro.core import Call
>>> entry = AuctionEntry(1, Seat.NORTH, Call.from_str("1S"))
>>> entry.counts, entry.to_json()
(True, {'number': 1, 'seat': 'N', 'call': '1S', 'status': 'standing'})
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

from arbitro.core import Seat, Side
from arbitro.laws.auction import AnyCall


class CallStatus(enum.StrEnum):
    """What became of a call made at the table."""

    STANDING = "standing"
    """A legal call in the auction."""
    ACCEPTED = "accepted"
    """An irregular call the opponents accepted; it stands as if legal (27A, 29A, 25B1)."""
    DEEMED = "deemed"
    """A pass the Laws deem made by a player who had to pass (28A)."""
    PENDING = "pending"
    """An irregular call waiting for its rectification."""
    WITHDRAWN = "withdrawn"
    """Withdrawn or replaced (25, 21B, 27)."""
    CANCELLED = "cancelled"
    """Cancelled (17D, 17E2, 29B, 32, 36-39)."""

    @property
    def counts(self) -> bool:
        """Whether a call with this status is part of the auction.

        >>> CallStatus.ACCEPTED.counts, CallStatus.WITHDRAWN.counts
        (True, False)
        """
        return self in COUNTING


COUNTING = frozenset({CallStatus.STANDING, CallStatus.ACCEPTED, CallStatus.DEEMED})
"""The statuses of the calls that are part of the auction (a set: the table asks on every call)."""


class AuctionEntry(NamedTuple):
    """One call as it was made: its number in order of making, seat, call and fate.

    ``law`` names the Law that gave it its status; ``unauthorized_for`` is the side for
    which the information from a withdrawn or cancelled call is unauthorised (16D2). A
    named tuple rather than a dataclass: the table makes one on every call, and a tuple
    is made several times faster.

    >>> from arbitro.core import Call
    >>> AuctionEntry(3, Seat.EAST, Call.from_str("1H"), CallStatus.WITHDRAWN, "27B2",
    ...              Side.EW).to_json()["unauthorized_for"]
    'EW'
    """

    number: int
    seat: Seat
    call: AnyCall
    status: CallStatus = CallStatus.STANDING
    law: str | None = None
    unauthorized_for: Side | None = None

    @property
    def counts(self) -> bool:
        """Whether the call is part of the auction.

        >>> from arbitro.core import Call
        >>> AuctionEntry(1, Seat.NORTH, Call.from_str("Pass"), CallStatus.CANCELLED).counts
        False
        """
        return self.status.counts

    def to_json(self) -> dict[str, object]:
        """The entry as JSON data.

        >>> from arbitro.core import Call
        >>> AuctionEntry(2, Seat.SOUTH, Call.from_str("X"), CallStatus.PENDING, "36").to_json()
        {'number': 2, 'seat': 'S', 'call': 'X', 'status': 'pending', 'law': '36'}
        """
        data: dict[str, object] = {
            "number": self.number,
            "seat": str(self.seat),
            "call": str(self.call),
            "status": str(self.status),
        }
        if self.law is not None:
            data["law"] = self.law
        if self.unauthorized_for is not None:
            data["unauthorized_for"] = str(self.unauthorized_for)
        return data


@dataclass(frozen=True, slots=True)
class Explanation:
    """An alert or an explanation given at the table (Law 20F), kept for later rulings.

    ``late`` says an alert was made only after the next opponent had called: not
    "immediately" (Law 21B1a; the AEB's alert procedure), so misinformation.

    >>> Explanation(Seat.SOUTH, 1, alert=True).to_json()
    {'seat': 'S', 'call_number': 1, 'alert': True}
    >>> Explanation(Seat.SOUTH, 1, alert=True, late=True).to_json()["late"]
    True
    """

    seat: Seat
    call_number: int
    alert: bool = False
    text: str | None = None
    asked_by: Seat | None = None
    late: bool = False

    def to_json(self) -> dict[str, object]:
        """The alert or explanation as JSON data.

        >>> Explanation(Seat.SOUTH, 1, text="natural", asked_by=Seat.WEST).to_json()
        {'seat': 'S', 'call_number': 1, 'text': 'natural', 'asked_by': 'W'}
        """
        data: dict[str, object] = {"seat": str(self.seat), "call_number": self.call_number}
        if self.alert:
            data["alert"] = True
        if self.late:
            data["late"] = True
        if self.text is not None:
            data["text"] = self.text
        if self.asked_by is not None:
            data["asked_by"] = str(self.asked_by)
        return data
