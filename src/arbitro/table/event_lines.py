"""The lines of a table log: an event written as one line, and the calls and cards read light.

A table log (``docs/table-log.md``) writes each event as its JSON object on a line of
its own (:func:`event_line`). The calls and the faced cards, most of a log, a table
logs and a replay reads in a light form, with no event object made for them
(:func:`light_from_json`); a replay looks their lines up before reading any JSON
(:func:`light_lines`).

>>> from arbitro.core import Seat
>>> from arbitro.laws.auction import read_call
>>> event_line(CallEvent(Seat.NORTH, read_call("1NT")))
'{"event": "call", "seat": "N", "call": "1NT"}'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from arbitro.table.auction_events import CallEvent
from arbitro.table.declared_event import DeclaredEvent, field_key
from arbitro.table.event_fields import WRITTEN
from arbitro.table.play_events import PlayEvent


def light_from_json(data: object) -> tuple[type[CallEvent] | type[PlayEvent], Any, Any] | None:
    """A call, or a faced card, read in the light form a table logs it in; else ``None``.

    The light form is ``(CallEvent, seat, call)`` or ``(PlayEvent, seat, card)``, what
    :meth:`~arbitro.table.Table.call` and :meth:`~arbitro.table.Table.play` log: the same
    event, with no object made for it. It is read only when the line holds the event's
    first two fields as the codec writes them and none of its others (a play's
    ``face_down``); any other line, or anything but a JSON object, is ``None``, for :func:`~arbitro.table.events.event_from_json`
    and its errors.

    >>> light_from_json({"event": "play", "seat": "W", "card": "HK"})
    (<class 'arbitro.table.play_events.PlayEvent'>, Seat.WEST, Card(Suit.HEARTS, Rank.KING))
    >>> light_from_json({"event": "play", "seat": "W", "card": "HK", "face_down": True})
    """
    line: Any = data  # any JSON value: what is not an object fails to index
    try:
        cls, first, second, others, read_first, read_second = _LIGHT[line["event"]]
        value = read_second[line[second]]
        return (cls, read_first[line[first]], value) if others.isdisjoint(line) else None
    except (KeyError, TypeError):  # another event, a value not as the codec writes it
        return None


def _light_reader(
    cls: type[CallEvent] | type[PlayEvent],
) -> tuple[
    type[CallEvent] | type[PlayEvent], str, str, frozenset[str], dict[str, Any], dict[str, Any]
]:
    """How to read ``cls`` light, from its declared fields: the first two, the others' keys."""
    first, second, *others = fields(cls)
    return (
        cls,
        field_key(first),
        field_key(second),
        frozenset(map(field_key, others)),
        WRITTEN[str(first.type)],
        WRITTEN[str(second.type)],
    )


_LIGHT: dict[object, Any] = {cls.KIND: _light_reader(cls) for cls in (CallEvent, PlayEvent)}
"""The light reading of the events a table logs light, by the name in their ``event`` field."""


_ENCODE: Callable[[object], str] = json.JSONEncoder(ensure_ascii=False).encode
"""The JSON a log line is written in: ``json.dumps(..., ensure_ascii=False)``, one encoder."""


def event_line(event: DeclaredEvent) -> str:
    """The line of a table log that writes ``event``: its JSON object, with no newline.

    >>> from arbitro.core import Card, Seat
    >>> print(event_line(PlayEvent(Seat.WEST, Card.from_str("HK"))))
    {"event": "play", "seat": "W", "card": "HK"}
    """
    return _ENCODE(event.to_json())


LightEntry = tuple[type[CallEvent] | type[PlayEvent], Any, Any]
"""A call or a faced card in the light form a table logs it in: its class, seat and value."""

_LIGHT_LINES: dict[str, LightEntry] = {}


def light_lines() -> dict[str, LightEntry]:
    """Each line :func:`event_line` writes for a call or a faced card, and its light form.

    A replay looks a line up here before reading any JSON: a line found is the event
    :func:`light_from_json` reads from that line's JSON object, and any other line
    (blanks around it, other keys, another order, ``face_down``) is read as JSON. There
    are 360 lines (4 seats, and 38 calls or 52 cards), made the first time they are asked
    for: the JSON object of each class's two fields (what :meth:`DeclaredEvent.to_json`
    writes for it) written once with a mark in place of each value, and each value's text
    written once, by the encoder :func:`event_line` writes with; a line is the first with
    the marks replaced by the second.

    >>> light_lines()['{"event": "call", "seat": "N", "call": "1NT"}']
    (<class 'arbitro.table.auction_events.CallEvent'>, Seat.NORTH, Bid(1, Strain.NOTRUMP))
    >>> len(light_lines())
    360
    """
    if _LIGHT_LINES:
        return _LIGHT_LINES
    made: dict[str, LightEntry] = {}
    mark = "\x00"
    written_mark = _ENCODE(mark)[1:-1]
    for kind, (cls, first_key, second_key, _others, read_first, read_second) in _LIGHT.items():
        written = _ENCODE({"event": kind, first_key: mark, second_key: mark})
        head, middle, tail = written.split(written_mark)
        firsts = [(_ENCODE(text)[1:-1], value) for text, value in read_first.items()]
        for text, second in read_second.items():
            text_second = middle + _ENCODE(text)[1:-1] + tail
            for text_first, first in firsts:
                made[head + text_first + text_second] = (cls, first, second)
    # Filled in one step, so that another thread sees it empty or whole (a line not
    # found is read as JSON: the same event either way).
    _LIGHT_LINES.update(made)
    return _LIGHT_LINES
