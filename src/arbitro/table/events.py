"""The events of a table log: everything that happens at a table, legal or not.

Each event is a frozen value that reads from and writes to one JSON object (one line
of the log, ``docs/table-log.md``). Reading checks the shape of the event (its fields
and their notation); whether it can happen now is the table's business. This module is
where the events are imported from: :data:`Event`, any of them, and
:func:`event_from_json`, which reads one; the classes are declared in
:mod:`arbitro.table.auction_events` and :mod:`arbitro.table.play_events`, their codec in
:mod:`arbitro.table.declared_event` and :mod:`arbitro.table.event_fields`, and the lines
of a log in :mod:`arbitro.table.event_lines`.

>>> event = event_from_json({"event": "call", "seat": "N", "call": "1NT"})
>>> event
CallEvent(seat=Seat.NORTH, call=Bid(1, Strain.NOTRUMP))
>>> event.to_json()
{'event': 'call', 'seat': 'N', 'call': '1NT'}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

from arbitro.i18n import N_
from arbitro.table.auction_events import (
    DEFECT_KINDS,
    EXAMPLE_DEAL,
    FOUND_PLACES,
    AlertEvent,
    BoardEvent,
    CallEvent,
    ChangeEvent,
    DecisionEvent,
    DefectiveBoardEvent,
    ExplanationEvent,
    ExposedEvent,
    SimultaneousEvent,
    WrongBoardEvent,
)
from arbitro.table.declared_event import DeclaredEvent, codec_of
from arbitro.table.event_fields import InvalidEventError
from arbitro.table.play_events import (
    DUMMY_ACTS,
    QUESTION_KINDS,
    ChangeCardEvent,
    ClaimEvent,
    ClaimReviewEvent,
    DefectiveTrickEvent,
    DefectNoticedEvent,
    DesignateEvent,
    DummyEvent,
    DummyMisplayedEvent,
    FaceLeadEvent,
    FactEvent,
    FifthCardEvent,
    InspectEvent,
    ObjectionEvent,
    PlayEvent,
    QuestionEvent,
    RevokeEvent,
    RevokeQuestionEvent,
    SeveralCardsEvent,
    SimultaneousPlaysEvent,
    WithdrawEvent,
    WrongWayEvent,
)

__all__ = [
    "DEFECT_KINDS",
    "DUMMY_ACTS",
    "EVENT_NAMES",
    "EXAMPLE_DEAL",
    "FOUND_PLACES",
    "QUESTION_KINDS",
    "AlertEvent",
    "BoardEvent",
    "CallEvent",
    "ChangeCardEvent",
    "ChangeEvent",
    "ClaimEvent",
    "ClaimReviewEvent",
    "DecisionEvent",
    "DeclaredEvent",
    "DefectNoticedEvent",
    "DefectiveBoardEvent",
    "DefectiveTrickEvent",
    "DesignateEvent",
    "DummyEvent",
    "DummyMisplayedEvent",
    "DuplicateEventKindError",
    "Event",
    "ExplanationEvent",
    "ExposedEvent",
    "FaceLeadEvent",
    "FactEvent",
    "FifthCardEvent",
    "InspectEvent",
    "InvalidEventError",
    "ObjectionEvent",
    "PlayEvent",
    "QuestionEvent",
    "RevokeEvent",
    "RevokeQuestionEvent",
    "SeveralCardsEvent",
    "SimultaneousEvent",
    "SimultaneousPlaysEvent",
    "WithdrawEvent",
    "WrongBoardEvent",
    "WrongWayEvent",
    "event_from_json",
]


class DuplicateEventKindError(LookupError):
    """Two event classes declare the same ``KIND``: found when the module is imported."""


Event = (
    BoardEvent
    | CallEvent
    | ChangeEvent
    | SimultaneousEvent
    | AlertEvent
    | ExplanationEvent
    | ExposedEvent
    | WrongBoardEvent
    | DefectiveBoardEvent
    | DecisionEvent
    | PlayEvent
    | FaceLeadEvent
    | RevokeEvent
    | DesignateEvent
    | ChangeCardEvent
    | DummyMisplayedEvent
    | FifthCardEvent
    | SeveralCardsEvent
    | SimultaneousPlaysEvent
    | QuestionEvent
    | DefectiveTrickEvent
    | DefectNoticedEvent
    | DummyEvent
    | ClaimEvent
    | ObjectionEvent
    | ClaimReviewEvent
    | FactEvent
    | WithdrawEvent
    | RevokeQuestionEvent
    | InspectEvent
    | WrongWayEvent
)
"""Any event of a table log; each class declares its ``KIND``, and the readers derive from them."""

_READERS: dict[str, Any] = {}
for _class in get_args(Event):
    if _class.KIND in _READERS:
        raise DuplicateEventKindError(f"two event classes are written {_class.KIND!r}")
    _READERS[_class.KIND] = _class

EVENT_NAMES = tuple(_READERS)
"""The names of the events, as the ``event`` field writes them."""


def event_from_json(data: object) -> Event:
    """Read one event from its JSON object.

    >>> event_from_json({"event": "bid"})
    Traceback (most recent call last):
    ...
    arbitro.table.event_fields.InvalidEventError: field 'event': expected one of board, call, change, simultaneous, alert, explanation, exposed, wrong_board, defective_board, decision, play, face_lead, revoke, designate, change_card, dummy_misplayed, fifth_card, several_cards, simultaneous_plays, question, defective_trick, defect_noticed, dummy, claim, objection, claim_review, fact, withdraw, revoke_question, inspect, wrong_way
    """
    if not isinstance(data, dict):
        raise InvalidEventError("event", N_("expected a JSON object with an 'event' field"))
    kind = data.get("event")
    try:
        read = _READ_BY_KIND[kind]
    except (KeyError, TypeError):  # a kind not read yet, or not a kind at all
        reader = _READERS.get(str(kind))
        if reader is None:
            raise InvalidEventError(
                "event", N_("expected one of {choices}"), choices=", ".join(EVENT_NAMES)
            ) from None
        read = _READ_BY_KIND[reader.KIND] = codec_of(reader).read
    event: Event = read(data)
    return event


_READ_BY_KIND: dict[object, Callable[[dict[str, Any]], Any]] = {}
"""The reader of each kind of event read so far, by its name in the ``event`` field."""
