"""A replay looks up each call and faced card as the log writes it, and reads the rest as JSON.

``event_lines.light_lines`` maps each line the log writes for a call or a faced card to its
light form, and ``log.replay`` looks every line up there before reading any JSON. These
tests hold the table to the codec (each line is the one ``dumps`` writes, and reads as
``light_from_json`` reads its JSON), and the replay to a reading of every line as JSON, one
at a time, with its events made in full and applied: on random logs, with blanks, comments,
lines written otherwise and bad lines among them, the same table, or the same error (line
and reason) with the same table read so far.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core.bounded import load_json
from arbitro.table import Table
from arbitro.table.event_lines import event_line, light_from_json, light_lines
from arbitro.table.events import (
    BoardEvent,
    CallEvent,
    InvalidEventError,
    PlayEvent,
    event_from_json,
)
from arbitro.table.log import TableLogError, dumps, replay
from arbitro.table.state import IllegalActionError
from table_support import random_deal
from test_table_refused_events import SEEDS, an_action, without_log


def test_each_looked_up_line_is_the_codecs_line_of_its_event_and_reads_as_its_json() -> None:
    lines = light_lines()
    assert len(lines) == 4 * 38 + 4 * 52
    for line, (cls, seat, value) in lines.items():
        assert line == event_line(cls(seat, value))
        assert light_from_json(load_json(line)) == (cls, seat, value)


def test_every_call_and_faced_card_a_log_writes_is_looked_up() -> None:
    rng = random.Random(7)
    for _ in range(20):
        table = Table(random_deal(rng), number=rng.randint(1, 32))
        while table.turn is not None and (table.legal_calls() or table.legal_cards()):
            seat = table.turn
            calls = table.legal_calls()
            if calls:
                table.call(seat, rng.choice(calls))
            else:
                table.play(seat, rng.choice(table.legal_cards()))
            with contextlib.suppress(IllegalActionError):
                table.face_lead()
        light = [event for event in table.events if isinstance(event, CallEvent | PlayEvent)]
        assert light
        for event in light:
            looked_up = light_lines()[event_line(event)]
            assert looked_up[0](looked_up[1], looked_up[2]) == event


def reference_replay(lines: list[str], source: str) -> Table:
    """Each line read alone as JSON, its event made in full and applied (the replay's meaning)."""
    table: Table | None = None
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        try:
            data = load_json(text)
        except json.JSONDecodeError as error:
            raise TableLogError(source, number, f"not JSON ({error.msg})", table) from None
        try:
            event = event_from_json(data)
        except InvalidEventError as error:
            raise TableLogError(source, number, str(error), table) from None
        if table is None:
            if not isinstance(event, BoardEvent):
                raise TableLogError(source, number, "the first event must be the board")
            table = Table.from_event(event)
            continue
        try:
            table.apply(event)
        except IllegalActionError as error:
            raise TableLogError(source, number, str(error), table) from None
    if table is None:
        raise TableLogError(source, 1, "the log has no board event")
    return table


def outcome(lines: list[str], read: Callable[[list[str], str], Table]) -> tuple[object, ...]:
    """What ``read`` makes of ``lines``: the table's events and state, or its error and table."""
    try:
        table = read(lines, "b.jsonl")
    except TableLogError as error:
        kept = error.table
        return (
            "error",
            str(error),
            None if kept is None else kept.events,
            None if kept is None else without_log(kept.snapshot()),
        )
    return ("table", table.events, without_log(table.snapshot()))


NOISE = st.sampled_from(
    [
        "",
        "   ",
        "# a comment",
        "{",
        "[1, 2]",
        '{"event": "bid"}',
        '{"event": "call", "seat": "N"}',
        '{"event": "call", "seat": "N", "call": "1NT", "alert": 1}',
        '{"event": "play", "seat": "Z", "card": "SA"}',
        '{"event": "face_lead"}',
        '{"event": "fact", "kind": "tempo", "seat": "E", "text": "a pause"}',
        '{"score": ' + "4" * 40 + "}",
        "[" * 70 + "]" * 70,
    ]
)


def rewritten(line: str, how: int) -> str:
    """The same event written otherwise: blanks around it, its keys in another order."""
    if how == 1:
        return "  " + line + "\t"
    if how == 2:
        data = json.loads(line)
        return json.dumps(dict(reversed(list(data.items()))))
    if how == 3:
        return json.dumps(json.loads(line), separators=(",", ":"))
    return line


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.lists(st.tuples(st.integers(0, 70), NOISE), max_size=4), st.data())
def test_a_replay_is_the_reading_of_each_line_as_json_with_the_same_errors(
    seed: int, noise: list[tuple[int, str]], data: st.DataObject
) -> None:
    rng = random.Random(seed)
    table = Table(random_deal(rng), number=rng.randint(1, 32))
    for _ in range(rng.choice([20, 80, 150])):
        with contextlib.suppress(IllegalActionError):
            an_action(rng, table)()
    lines = dumps(table).splitlines()
    ways = data.draw(st.lists(st.sampled_from([0, 0, 0, 1, 2, 3]), min_size=len(lines)))
    lines = [rewritten(line, how) for line, how in zip(lines, ways, strict=False)]
    for place, line in noise:
        lines.insert(min(place, len(lines)), line)
    assert outcome(lines, replay) == outcome(lines, reference_replay)
