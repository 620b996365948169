"""One registry routes every event: each event class declares its kind once, has one handler."""

from __future__ import annotations

from typing import get_args

import pytest

from arbitro.table import rectify
from arbitro.table.events import EVENT_NAMES, BoardEvent, Event
from arbitro.table.rectify.registry import DuplicateHandlerError, Registry

EVENT_CLASSES = get_args(Event)


def test_every_event_class_declares_its_own_kind() -> None:
    kinds = [cls.KIND for cls in EVENT_CLASSES]
    assert len(set(kinds)) == len(kinds)
    assert tuple(kinds) == EVENT_NAMES


def test_every_event_but_the_board_has_one_handler_in_the_registry() -> None:
    assert set(rectify.EVENTS) == set(EVENT_CLASSES) - {BoardEvent}


def test_a_second_handler_for_a_key_is_refused() -> None:
    registry: Registry[str, int] = Registry("decision", {"27": 1})
    with pytest.raises(DuplicateHandlerError, match="27"):
        Registry("decision", {"27": 1}, {"27": 2})
    assert registry["27"] == 1


def test_the_law_registries_have_their_handlers() -> None:
    assert {"25", "27", "29"} <= set(rectify.CALLS)
    assert {"26", "45D", "50D2", "52", "53", "54", "57C"} == set(rectify.PLAYS)
    assert {"43", "46", "69"} == set(rectify.OTHER_ANSWERS)
