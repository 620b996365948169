"""A table event made in Python takes a :class:`Seat` where the log writes its letter.

``DecisionEvent.by`` holds the log's letter (or ``director``): a ``Seat`` given there is
kept as its letter, so the decision applies as the logged one does; anything else is a
``TypeError`` where the event is made. A seat field of any event given a letter (or
anything but a ``Seat``) is refused there too, naming the event, the field and what was
expected, not an ``AttributeError`` deep in a Law's rectification.
"""

from __future__ import annotations

from typing import Any

import pytest

from arbitro.core import Card, Seat, Suit
from arbitro.laws.auction import read_call
from arbitro.table import events
from arbitro.table.declared_event import DeclaredEvent, seat_fields
from arbitro.table.events import CallEvent, DecisionEvent, PlayEvent, RevokeQuestionEvent
from arbitro.table.log import dumps
from table_support import pending_decision, replay_until


def test_decision_event_keeps_a_seat_as_the_logs_letter() -> None:
    given = DecisionEvent(Seat.NORTH, "forbid")  # type: ignore[arg-type]
    assert given.by == "N"
    assert given == DecisionEvent.from_json({"event": "decision", "by": "N", "choice": "forbid"})
    assert given.to_json() == {"event": "decision", "by": "N", "choice": "forbid"}


def test_law_50d2_decision_given_a_seat_applies_as_the_logged_letter() -> None:
    """Declarer's choice of Law 50D2 made with ``Seat.NORTH``: as the log's ``N`` makes it."""
    by_seat = replay_until("law_50d2a_require_the_suit", '"decision"')
    by_letter = replay_until("law_50d2a_require_the_suit", '"decision"')
    assert pending_decision(by_seat)[0] == "N"
    by_seat.apply(DecisionEvent(Seat.NORTH, "forbid", suit=Suit.CLUBS))  # type: ignore[arg-type]
    by_letter.apply(DecisionEvent("N", "forbid", suit=Suit.CLUBS))
    assert by_seat.legal_cards() == by_letter.legal_cards() != []
    assert dumps(by_seat) == dumps(by_letter)


def test_decision_event_refuses_what_is_neither_seat_nor_text() -> None:
    with pytest.raises(TypeError, match=r"DecisionEvent\.by: expected a seat .* not 1"):
        DecisionEvent(1, "forbid")  # type: ignore[arg-type]


def test_a_seat_field_given_a_letter_is_refused_where_the_event_is_made() -> None:
    with pytest.raises(TypeError, match=r"CallEvent\.seat: expected a Seat .* not 'N'"):
        CallEvent("N", read_call("1S"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"PlayEvent\.seat"):
        PlayEvent("south", Card.from_str("SA"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"RevokeQuestionEvent\.asked: .* not 'E'"):
        RevokeQuestionEvent(Seat.NORTH, "E")  # type: ignore[arg-type]


def test_every_event_with_a_seat_field_refuses_a_letter() -> None:
    """Each event class of the table log, each seat field: the same check for them all."""
    classes: list[type[Any]] = [
        kind
        for kind in vars(events).values()
        if isinstance(kind, type) and issubclass(kind, DeclaredEvent) and kind is not DeclaredEvent
    ]
    checked = 0
    for kind in classes:
        for name in seat_fields(kind):
            with pytest.raises(TypeError, match=rf"{kind.__name__}\.{name}: expected a Seat"):
                DeclaredEvent.__post_init__(_bare(kind, name))
            checked += 1
    assert checked >= 20


def _bare(kind: type[Any], name: str) -> Any:
    """An event of ``kind`` whose ``name`` is the letter ``N`` and every other field unset."""
    event = object.__new__(kind)
    for item in seat_fields(kind):
        object.__setattr__(event, item, Seat.NORTH)
    object.__setattr__(event, name, "N")
    return event
