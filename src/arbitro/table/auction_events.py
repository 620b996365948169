"""The events of a board and its auction period, and the decisions on them.

The board in play (Law 2), the calls, changes, alerts and explanations of the auction
(Laws 17-39, 20F), cards exposed in it (24), a wrong or defective board (13-15, 17D),
and the answer to a pending decision at any time: each a frozen value whose JSON its
declared fields make (:class:`~arbitro.table.declared_event.DeclaredEvent`). The events
of the play period are in :mod:`arbitro.table.play_events`.

>>> from arbitro.laws.auction import read_call
>>> CallEvent(Seat.NORTH, read_call("1NT")).to_json()
{'event': 'call', 'seat': 'N', 'call': '1NT'}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from arbitro.core import Card, Deal, Seat, Suit, Vulnerability
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall
from arbitro.table.choice_words import choice_read
from arbitro.table.declared_event import DeclaredEvent
from arbitro.table.event_fields import (
    InvalidEventError,
    read_board_number,
    read_choice,
    read_dealer,
    read_decided_by,
    read_explained_call,
    read_explanation,
    read_field,
    read_listed_cards,
    read_misinformation,
    read_suits,
    read_truthy,
    read_two,
    read_vulnerability,
    write_misinformation,
)

EXAMPLE_DEAL = Deal.from_str(
    "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
)
"""A deal for the examples."""


@dataclass(frozen=True, slots=True)
class BoardEvent(DeclaredEvent):
    """The board in play: its number, the deal, and dealer and vulnerability (Law 2).

    Without a number, dealer and vulnerability must be given; with one, they follow
    Law 2 unless given.

    >>> BoardEvent.from_json({"event": "board", "board": 7, "deal": str(EXAMPLE_DEAL)}).dealer
    Seat.SOUTH
    """

    KIND: ClassVar[str] = "board"

    number: int | None = field(
        default=None, kw_only=True, metadata={"key": "board", "read": read_board_number}
    )
    deal: Deal
    dealer: Seat = field(metadata={"read": read_dealer})
    vulnerability: Vulnerability = field(metadata={"key": "vulnerable", "read": read_vulnerability})


@dataclass(frozen=True, slots=True)
class CallEvent(DeclaredEvent):
    """A player makes a call: in turn or not, legal or not (Laws 17-39).

    >>> CallEvent.from_json({"event": "call", "seat": "W", "call": "8S"}).call
    ImpossibleBid(8, Strain.SPADES)
    """

    KIND: ClassVar[str] = "call"

    seat: Seat
    call: AnyCall


@dataclass(frozen=True, slots=True)
class ChangeEvent(DeclaredEvent):
    """A player replaces his own last call (Law 25), or after misinformation (21B).

    >>> ChangeEvent.from_json({"event": "change", "seat": "S", "call": "2H",
    ...                        "reason": "misinformation"}).misinformation
    True
    """

    KIND: ClassVar[str] = "change"

    seat: Seat
    call: AnyCall
    misinformation: bool = field(
        default=False,
        metadata={"key": "reason", "read": read_misinformation, "write": write_misinformation},
    )


_TWO_CALLS = read_two(CallEvent.from_json, N_("expected two calls, each with a seat and a call"))
"""The reader of a ``simultaneous`` event's two calls, each a seat and a call."""


@dataclass(frozen=True, slots=True)
class SimultaneousEvent(DeclaredEvent):
    """Two calls made at once; the one of the player in turn counts first (Law 33).

    >>> SimultaneousEvent.from_json({"event": "simultaneous", "calls": [
    ...     {"seat": "N", "call": "1S"}, {"seat": "E", "call": "Pass"}]}).calls[1].seat
    Seat.EAST
    """

    KIND: ClassVar[str] = "simultaneous"

    calls: tuple[CallEvent, CallEvent] = field(metadata={"read": _TWO_CALLS})


@dataclass(frozen=True, slots=True)
class AlertEvent(DeclaredEvent):
    """A player alerts a call of partner's (Law 20F; the AEB alert norms).

    Without ``call_number``, the alert is of partner's last call.

    >>> AlertEvent.from_json({"event": "alert", "seat": "S"})
    AlertEvent(seat=Seat.SOUTH, call_number=None)
    """

    KIND: ClassVar[str] = "alert"

    seat: Seat
    call_number: int | None = None


@dataclass(frozen=True, slots=True)
class ExplanationEvent(DeclaredEvent):
    """A player explains a call of partner's, as asked (Law 20F).

    >>> ExplanationEvent.from_json({"event": "explanation", "seat": "S", "call_number": 1,
    ...                             "text": "natural, 15-17", "asked_by": "W"}).text
    'natural, 15-17'
    """

    KIND: ClassVar[str] = "explanation"

    seat: Seat
    call_number: int = field(metadata={"read": read_explained_call})
    text: str = field(metadata={"read": read_explanation})
    asked_by: Seat | None = None


@dataclass(frozen=True, slots=True)
class ExposedEvent(DeclaredEvent):
    """Cards of a player's exposed during the auction period (Law 24).

    ``premature_lead`` says a card was led before the auction period ended (24B).

    >>> ExposedEvent.from_json({"event": "exposed", "seat": "E", "cards": ["SK"]}).cards
    (Card(Suit.SPADES, Rank.KING),)
    """

    KIND: ClassVar[str] = "exposed"

    seat: Seat
    cards: tuple[Card, ...] = field(metadata={"read": read_listed_cards})
    premature_lead: bool = field(default=False, metadata={"read": read_truthy})
    deliberate: bool = field(default=False, metadata={"read": read_truthy})


@dataclass(frozen=True, slots=True)
class WrongBoardEvent(DeclaredEvent):
    """The Director finds that a player's last call was made with another board's cards.

    Law 17D.

    >>> WrongBoardEvent.from_json({"event": "wrong_board", "seat": "N"}).to_json()
    {'event': 'wrong_board', 'seat': 'N'}
    """

    KIND: ClassVar[str] = "wrong_board"

    seat: Seat


DEFECT_KINDS = ("wrong_count", "extra_card", "missing_card", "played_before", "not_theirs")
"""What a ``defective_board`` event may say the Director found (Laws 13-15)."""

FOUND_PLACES = ("played", "elsewhere", "nowhere")
"""Where a missing card turned up (Law 14)."""


_SEATED_DEFECTS = ("wrong_count", "missing_card", "played_before")
"""The defects of a board found in one seat's hand (13, 14, 15B)."""


def _defect_seat(data: dict[str, Any], name: str) -> Seat | None:
    """The seat of a defect found in one hand, else none (whatever is written)."""
    if data["kind"] not in _SEATED_DEFECTS:
        return None
    return cast(Seat, read_field(data, name, Seat.from_str))


def _found(data: dict[str, Any], name: str) -> str | None:
    """Where a missing card turned up (14), else none (whatever is written)."""
    if data["kind"] != "missing_card":
        return None
    found = data.get(name)
    if found not in FOUND_PLACES:
        raise InvalidEventError(
            name, N_("expected one of {choices}"), choices=", ".join(FOUND_PLACES)
        )
    return str(found)


@dataclass(frozen=True, slots=True)
class DefectiveBoardEvent(DeclaredEvent):
    """The Director finds the board defective, or not this table's (Laws 13-15).

    ``kind`` says what he found:

    - ``wrong_count``: ``seat``'s hand had more (or fewer) than thirteen cards, another
      hand the opposite (13); ``card_seen`` if a player saw a card of another's hand;
    - ``extra_card``: a card that is not part of the deal (13F); ``played_earlier`` if it
      had been played to an earlier trick;
    - ``missing_card``: ``seat``'s hand had fewer than thirteen and none more (14);
      ``found`` where the card turned up (``played``, ``elsewhere``, ``nowhere``);
    - ``played_before``: ``seat`` had played this board before (15B);
    - ``not_theirs``: the board was not this table's in this round, and nobody at the
      table had played it (15A, 15C).

    >>> DefectiveBoardEvent.from_json({"event": "defective_board", "kind": "missing_card",
    ...                                "seat": "E", "found": "elsewhere"}).to_json()
    {'event': 'defective_board', 'kind': 'missing_card', 'seat': 'E', 'found': 'elsewhere'}
    >>> DefectiveBoardEvent.from_json({"event": "defective_board", "kind": "wrong_count"})
    Traceback (most recent call last):
    ...
    arbitro.table.event_fields.InvalidEventError: field 'seat': missing
    """

    KIND: ClassVar[str] = "defective_board"

    kind: str = field(metadata={"choices": DEFECT_KINDS})
    seat: Seat | None = field(default=None, metadata={"read": _defect_seat})
    card_seen: bool = field(default=False, metadata={"read": read_truthy})
    played_earlier: bool = field(default=False, metadata={"read": read_truthy})
    found: str | None = field(default=None, metadata={"read": _found})


@dataclass(frozen=True, slots=True)
class DecisionEvent(DeclaredEvent):
    """An answer to the pending decision: who gives it, the choice, and what it needs.

    ``by`` is a seat letter or ``director``, as the log writes it; a :class:`Seat` given
    in Python is kept as its letter, and anything else is refused where the event is made.

    >>> DecisionEvent.from_json({"event": "decision", "by": "N", "choice": "forbid",
    ...                          "suit": "H"}).suit
    Suit.HEARTS
    >>> DecisionEvent(Seat.NORTH, "forbid").by
    'N'
    """

    KIND: ClassVar[str] = "decision"

    by: str = field(metadata={"read": read_decided_by})
    choice: str = field(metadata={"read": read_choice})
    suit: Suit | None = None
    suits: tuple[Suit, ...] | None = field(default=None, metadata={"read": read_suits})
    call: AnyCall | None = None
    card: Card | None = None

    def __post_init__(self) -> None:
        """Keep a :class:`Seat` given as ``by`` as its letter; refuse what is neither.

        >>> DecisionEvent(None, "forbid")  # type: ignore[arg-type]
        Traceback (most recent call last):
        ...
        TypeError: DecisionEvent.by: expected a seat (Seat.NORTH or its letter, 'N') or 'director', not None
        """
        DeclaredEvent.__post_init__(self)
        if isinstance(self.choice, str):  # a Spanish word is kept as the log's (rechazar: refuse)
            object.__setattr__(self, "choice", choice_read(self.choice))
        if isinstance(self.by, Seat):
            object.__setattr__(self, "by", str(self.by))
        elif not isinstance(self.by, str):
            raise TypeError(
                "DecisionEvent.by: expected a seat (Seat.NORTH or its letter, 'N') or "
                f"'director', not {self.by!r}"
            )
