"""The event codec derived from declared fields: what it writes reads back the same.

Every event class is built on ``DeclaredEvent`` and checked here, so a class added later
with a field type the codec cannot write or read fails here. The logs written before the
codec was derived (``tests/data/table_events_hand_written_codec.jsonl``, written by the
hand-coded ``to_json`` of the last seven events to move) still read, and write back the
same.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import MISSING, Field, fields
from pathlib import Path
from typing import Any, NamedTuple, get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core import Card, Seat, Suit, Vulnerability
from arbitro.i18n import gettext
from arbitro.laws.auction import read_call
from arbitro.table.event_lines import light_from_json
from arbitro.table.events import (
    DEFECT_KINDS,
    FOUND_PLACES,
    CallEvent,
    DeclaredEvent,
    Event,
    InvalidEventError,
    PlayEvent,
    event_from_json,
)
from table_support import random_deal

DECLARED = [kind for kind in get_args(Event) if issubclass(kind, DeclaredEvent)]
CALLS = ("Pass", "X", "XX", "1C", "3NT", "7S", "8H")
STORED = Path(__file__).parent / "data" / "table_events_hand_written_codec.jsonl"

_SEATS = st.sampled_from(list(Seat))
_CARDS = st.integers(0, 51).map(Card.from_index)
_CALL_EVENTS = st.builds(CallEvent, _SEATS, st.sampled_from(CALLS).map(read_call))
_PLAY_EVENTS = st.builds(PlayEvent, _SEATS, _CARDS, st.booleans())
_BY_TYPE: dict[str, st.SearchStrategy[Any]] = {
    "Seat": _SEATS,
    "Card": _CARDS,
    "AnyCall": st.sampled_from(CALLS).map(read_call),
    "Deal": st.randoms(use_true_random=False).map(
        lambda rng: random_deal(random.Random(rng.random()))
    ),
    "Suit": st.sampled_from(list(Suit)),
    "Vulnerability": st.sampled_from(list(Vulnerability)),
    "bool": st.booleans(),
    "int": st.integers(1, 13),
    "str": st.from_regex(r"[a-z]([a-z ]{0,8}[a-z])?", fullmatch=True),
    "tuple[Card, ...]": st.lists(_CARDS, min_size=1).map(tuple),
    "tuple[Suit, ...]": st.lists(st.sampled_from(list(Suit)), unique=True).map(tuple),
    "tuple[CallEvent, CallEvent]": st.tuples(_CALL_EVENTS, _CALL_EVENTS),
    "tuple[PlayEvent, PlayEvent]": st.tuples(_PLAY_EVENTS, _PLAY_EVENTS),
}
_OWN_NOTATION: dict[tuple[str, str], st.SearchStrategy[Any]] = {
    ("revoke", "late"): st.sampled_from(["next board", "round end"]),
    ("decision", "by"): st.sampled_from(["director", "N", "E", "S", "W"]),
    ("fact", "text"): st.just("") | st.text(max_size=12),
    ("defective_board", "found"): st.sampled_from(FOUND_PLACES),
}
"""Fields read by their own reader, with the values it takes."""


def _defective_board(values: dict[str, Any]) -> dict[str, Any]:
    """A seat only for a defect found in one hand; where it was found only for a missing card."""
    seated = values["kind"] in ("wrong_count", "missing_card", "played_before")
    if not seated:
        values["seat"] = None
    elif values["seat"] is None:
        values["seat"] = Seat.NORTH
    if values["kind"] != "missing_card":
        values["found"] = None
    elif values["found"] is None:
        values["found"] = FOUND_PLACES[0]
    return values


def _fact(values: dict[str, Any]) -> dict[str, Any]:
    """A correction names the call whose explanation it corrects (20F4-5)."""
    if values["kind"] == "correction" and values["call_number"] is None:
        values["call_number"] = 1
    return values


_WHOLE: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "defective_board": _defective_board,
    "fact": _fact,
}
"""Events whose fields depend on one another: the values made consistent."""


def _as_given(values: dict[str, Any]) -> dict[str, Any]:
    return values


def _key(item: Field[Any]) -> str:
    """The field's name in the JSON object."""
    return str(item.metadata.get("key", item.name))


def _events(kind: type[DeclaredEvent]) -> st.SearchStrategy[DeclaredEvent]:
    """Events of ``kind`` with any values its declared fields allow."""
    values: dict[str, st.SearchStrategy[Any]] = {}
    for item in fields(kind):  # type: ignore[arg-type]
        name = str(item.type)
        optional = name.endswith(" | None")
        name = name.removesuffix(" | None")
        choices = item.metadata.get("choices")
        strategy = _OWN_NOTATION.get((kind.KIND, item.name))
        if strategy is None:
            strategy = st.sampled_from(choices) if choices else _BY_TYPE[name]
        values[item.name] = st.none() | strategy if optional else strategy
    consistent = _WHOLE.get(kind.KIND, _as_given)
    return st.fixed_dictionaries(values).map(lambda given: kind(**consistent(given)))


def test_the_codec_covers_every_event() -> None:
    assert list(get_args(Event)) == DECLARED
    assert {"board", "decision", "fact", "simultaneous", "defective_board"} <= {
        kind.KIND for kind in DECLARED
    }


@pytest.mark.parametrize("kind", DECLARED, ids=lambda kind: kind.KIND)
@given(data=st.data())
def test_declared_event_round_trips(kind: type[DeclaredEvent], data: st.DataObject) -> None:
    event = data.draw(_events(kind))
    written = event.to_json()
    assert written["event"] == kind.KIND
    for item in fields(kind):  # type: ignore[arg-type]
        # A field at its default is left out; any other is written.
        at_default = item.default is not MISSING and getattr(event, item.name) == item.default
        assert (_key(item) in written) is not at_default
    assert event_from_json(json.loads(json.dumps(written))) == event


@pytest.mark.parametrize("kind", DECLARED, ids=lambda kind: kind.KIND)
def test_declared_event_names_a_missing_required_field(kind: type[DeclaredEvent]) -> None:
    required = [_key(item) for item in fields(kind) if item.default is MISSING]  # type: ignore[arg-type]
    if not required:  # an event with no fields (face_lead) is its kind alone
        assert event_from_json({"event": kind.KIND}) == kind()
        return
    with pytest.raises(InvalidEventError) as error:
        event_from_json({"event": kind.KIND})
    assert error.value.field in required


def test_a_flag_must_be_true_or_false() -> None:
    with pytest.raises(InvalidEventError, match="face_down"):
        event_from_json({"event": "play", "seat": "N", "card": "SA", "face_down": "yes"})


def _stored() -> list[str]:
    return STORED.read_text(encoding="utf-8").splitlines()


def test_the_stored_log_holds_each_moved_event() -> None:
    kinds = {json.loads(line)["event"] for line in _stored()}
    moved = {"board", "change", "simultaneous", "simultaneous_plays"}
    assert kinds == moved | {"defective_board", "decision", "fact"}
    found = {json.loads(line).get("kind") for line in _stored()}
    assert set(DEFECT_KINDS) <= found


@pytest.mark.parametrize("line", _stored())
def test_an_event_written_by_the_hand_coded_codec_reads_and_writes_back_the_same(
    line: str,
) -> None:
    written = json.loads(line)
    assert event_from_json(written).to_json() == written
    assert json.dumps(event_from_json(written).to_json(), ensure_ascii=False) == line


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"event": "board", "board": 0, "deal": "?"}, "board"),
        ({"event": "board", "deal": str(random_deal(random.Random(3)))}, "dealer"),
        (
            {"event": "board", "deal": str(random_deal(random.Random(3))), "dealer": "N"},
            "vulnerable",
        ),
        ({"event": "change", "seat": "S", "call": "2H", "reason": "?"}, "reason"),
        ({"event": "simultaneous", "calls": [{"seat": "N", "call": "1S"}]}, "calls"),
        ({"event": "simultaneous_plays", "plays": ["SA", "S5"]}, "plays"),
        ({"event": "defective_board", "kind": "missing_card", "seat": "E"}, "found"),
        ({"event": "defective_board", "kind": "torn"}, "kind"),
        ({"event": "decision", "by": "X", "choice": "accept"}, "by"),
        ({"event": "decision", "by": "N", "choice": ""}, "choice"),
        ({"event": "decision", "by": "N", "choice": "forbid", "suits": "H"}, "suits"),
        ({"event": "fact", "kind": "correction", "seat": "N"}, "call_number"),
        ({"event": "fact", "kind": "tempo", "seat": "N", "reserved": "yes"}, "reserved"),
        ({"event": "fact", "kind": "tempo", "seat": "N", "text": 3}, "text"),
    ],
)
def test_a_moved_event_names_its_bad_field(data: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidEventError) as error:
        event_from_json(data)
    assert error.value.field == field


_NOTATION = st.sampled_from(
    [
        "N",
        "n",
        " E",
        "South",
        "west",
        "O",
        "SA",
        "sa",
        "♠A",
        "H10",
        "HT",
        "S1",
        "1NT",
        "1nt",
        "7S",
        "8H",
        "Pass",
        "pass",
        "X",
        "XX",
        "xx",
        "",
        " ",
        "Z",
    ]
)
_ANY_VALUE = (
    _NOTATION
    | st.text(max_size=4)
    | st.integers(-2, 60)
    | st.none()
    | st.booleans()
    | st.lists(st.integers(), max_size=1)
)


class _Refused(NamedTuple):
    field: str
    message: str


def _parsed(name: str, value: object, parse: Callable[[str], Any]) -> Any:
    """What the field's parser makes of ``value``: its value, or the refusal it names."""
    if not isinstance(value, str):
        return _Refused(name, "expected text")
    try:
        return parse(value)
    except ValueError as error:
        return _Refused(name, str(error))


def _read(data: dict[str, object]) -> object:
    """The event read from ``data``, or the refusal it names."""
    try:
        return event_from_json(data)
    except InvalidEventError as error:
        return _Refused(error.field, gettext(error.reason).format(**error.details))


@given(seat=_ANY_VALUE, card=_ANY_VALUE, call=_ANY_VALUE)
def test_an_event_reads_a_seat_card_or_call_as_its_parser_does(
    seat: object, card: object, call: object
) -> None:
    """The codec's look-up of written notation answers exactly as the parsers and their errors."""
    seat_read = _parsed("seat", seat, Seat.from_str)
    card_read = _parsed("card", card, Card.from_str)
    call_read = _parsed("call", call, read_call)
    first_refusal = next(
        (read for read in (seat_read, card_read) if isinstance(read, _Refused)), None
    )
    assert _read({"event": "play", "seat": seat, "card": card}) == (
        first_refusal or PlayEvent(seat_read, card_read)
    )
    assert _read({"event": "call", "seat": "S", "call": call}) == (
        call_read if isinstance(call_read, _Refused) else CallEvent(Seat.SOUTH, call_read)
    )


@given(
    kind=st.sampled_from(["play", "call", "face_lead", "board", None, 3]),
    seat=_ANY_VALUE,
    value=_ANY_VALUE,
    face_down=st.none() | _ANY_VALUE,
)
def test_the_light_reading_of_a_call_or_card_is_the_event_read_in_full(
    kind: object, seat: object, value: object, face_down: object
) -> None:
    """A line read light is the same call or faced card ``event_from_json`` reads from it.

    Anything else (a face-down lead, another event, a value the codec does not write, a
    refusal) is left to ``event_from_json``.
    """
    data: dict[str, object] = {"event": kind, "seat": seat, "card": value, "call": value}
    if face_down is not None:
        data["face_down"] = face_down
    light = light_from_json(data)
    read = _read(data)
    if light is not None:
        assert not isinstance(read, _Refused)
        assert light[0](light[1], light[2]) == read
        assert face_down is None


def test_every_call_and_faced_card_as_the_codec_writes_it_is_read_light() -> None:
    """What a replay reads most (the calls and cards in turn) makes no event object."""
    from arbitro.core import CALLS as LEGAL_CALLS

    events: list[CallEvent | PlayEvent] = [
        *(CallEvent(seat, call) for seat in Seat for call in LEGAL_CALLS),
        *(PlayEvent(seat, Card.from_index(index)) for seat in Seat for index in range(52)),
    ]
    for event in events:
        assert light_from_json(event.to_json()) == (type(event), *astuple_fields(event))


def astuple_fields(event: CallEvent | PlayEvent) -> tuple[object, object]:
    """The event's seat and its call or card."""
    return (event.seat, event.call if isinstance(event, CallEvent) else event.card)


def test_only_a_json_object_is_read_light() -> None:
    values: list[object] = [None, [], ["play"], "play", 3, {"event": ["play"]}, {"event": {}}]
    for value in values:
        assert light_from_json(value) is None
