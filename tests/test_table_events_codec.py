"""The event codec derived from declared fields: what it writes reads back the same.

Every event class built on ``DeclaredEvent`` is checked, so a class added later with a
field type the codec cannot write or read fails here.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core import Card, Seat
from arbitro.laws.auction import read_call
from arbitro.table.events import DeclaredEvent, Event, InvalidEventError, event_from_json

DECLARED = [kind for kind in get_args(Event) if issubclass(kind, DeclaredEvent)]
CALLS = ("Pass", "X", "XX", "1C", "3NT", "7S", "8H")

_BY_TYPE: dict[str, st.SearchStrategy[Any]] = {
    "Seat": st.sampled_from(list(Seat)),
    "Card": st.integers(0, 51).map(Card.from_index),
    "AnyCall": st.sampled_from(CALLS).map(read_call),
    "bool": st.booleans(),
    "int": st.integers(1, 13),
    "str": st.from_regex(r"[a-z]([a-z ]{0,8}[a-z])?", fullmatch=True),
    "tuple[Card, ...]": st.lists(st.integers(0, 51).map(Card.from_index), min_size=1).map(tuple),
}
_OWN_NOTATION: dict[tuple[str, str], st.SearchStrategy[Any]] = {
    ("revoke", "late"): st.sampled_from(["next board", "round end"]),
}
"""Fields read by their own reader, with the values it takes."""


def _events(kind: type[DeclaredEvent]) -> st.SearchStrategy[DeclaredEvent]:
    """Events of ``kind`` with any values its declared fields allow."""
    values = []
    for item in fields(kind):  # type: ignore[arg-type]
        name = str(item.type)
        optional = name.endswith(" | None")
        name = name.removesuffix(" | None")
        choices = item.metadata.get("choices")
        strategy = _OWN_NOTATION.get((kind.KIND, item.name))
        if strategy is None:
            strategy = st.sampled_from(choices) if choices else _BY_TYPE[name]
        values.append(st.none() | strategy if optional else strategy)
    return st.tuples(*values).map(lambda args: kind(*args))


def test_the_codec_covers_the_simple_events() -> None:
    names = {kind.KIND for kind in DECLARED}
    assert {"call", "play", "defective_trick", "withdraw", "claim", "exposed"} <= names


@pytest.mark.parametrize("kind", DECLARED, ids=lambda kind: kind.KIND)
@given(data=st.data())
def test_declared_event_round_trips(kind: type[DeclaredEvent], data: st.DataObject) -> None:
    event = data.draw(_events(kind))
    written = event.to_json()
    assert written["event"] == kind.KIND
    for item in fields(kind):  # type: ignore[arg-type]
        # A field at its default is left out; any other is written.
        at_default = item.default is not MISSING and getattr(event, item.name) == item.default
        assert (item.name in written) is not at_default
    assert event_from_json(written) == event


@pytest.mark.parametrize("kind", DECLARED, ids=lambda kind: kind.KIND)
def test_declared_event_names_a_missing_required_field(kind: type[DeclaredEvent]) -> None:
    required = [item.name for item in fields(kind) if item.default is MISSING]  # type: ignore[arg-type]
    if not required:  # an event with no fields (face_lead) is its kind alone
        assert event_from_json({"event": kind.KIND}) == kind()
        return
    with pytest.raises(InvalidEventError) as error:
        event_from_json({"event": kind.KIND})
    assert error.value.field in required


def test_a_flag_must_be_true_or_false() -> None:
    with pytest.raises(InvalidEventError, match="face_down"):
        event_from_json({"event": "play", "seat": "N", "card": "SA", "face_down": "yes"})
