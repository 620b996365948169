"""A table log replayed reads its calls and cards light, and folds as ``Table.apply`` does.

``table.log.replay`` reads every line's JSON at once, and a call or a faced card in its
light form, handed to ``Table.call`` or ``Table.play`` (the same flow of the Laws as
``Table.apply``): the table it makes, and the errors it names, are those of the events
read in full and applied one by one.
"""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import given, settings

from arbitro.core import Seat
from arbitro.laws.auction import read_call
from arbitro.table import Table
from arbitro.table.events import EXAMPLE_DEAL, BoardEvent, event_from_json
from arbitro.table.log import TableLogError, dumps, loads
from arbitro.table.state import IllegalActionError
from table_support import random_deal
from test_table_refused_events import SEEDS, an_action, fold, without_log

BOARD = json.dumps({"event": "board", "board": 1, "deal": str(EXAMPLE_DEAL)})


def applied(text: str) -> Table:
    """The table of a log's lines read in full (``event_from_json``) and applied one by one."""
    lines = text.splitlines()
    board = event_from_json(json.loads(lines[0]))
    assert isinstance(board, BoardEvent)
    table = Table.from_event(board)
    for line in lines[1:]:
        table.apply(event_from_json(json.loads(line)))
    return table


@settings(max_examples=40, deadline=None)
@given(SEEDS)
def test_a_replayed_log_is_its_events_applied_one_by_one(seed: int) -> None:
    rng = random.Random(seed)
    table = Table(random_deal(rng), number=rng.randint(1, 32))
    for _ in range(150):
        with contextlib.suppress(IllegalActionError):
            an_action(rng, table)()
    text = dumps(table)
    replayed = loads(text)
    assert replayed.events == table.events
    assert without_log(replayed.snapshot()) == without_log(applied(text).snapshot())
    assert without_log(replayed.snapshot()) == without_log(fold(table).snapshot())
    assert dumps(replayed) == text


@pytest.mark.parametrize(
    "play",
    [
        {"event": "play", "seat": "E", "card": "SA"},  # read light
        {"event": "play", "seat": "E", "card": "SA", "face_down": False},  # read in full
    ],
)
def test_a_refused_card_names_its_line_and_keeps_the_table_read_so_far(
    play: dict[str, object],
) -> None:
    lines = [BOARD, '{"event": "call", "seat": "N", "call": "1NT"}', json.dumps(play)]
    with pytest.raises(TableLogError) as refused:
        loads("\n".join(lines), "b.jsonl")
    assert str(refused.value) == "b.jsonl, line 3: no card can be played during the auction"
    assert refused.value.table is not None
    assert refused.value.table.calls == ((Seat.NORTH, read_call("1NT")),)


def test_a_bad_json_line_among_good_ones_is_named() -> None:
    lines = [BOARD, "# a comment", "", '{"event": "call", "seat": "N", "call": "1NT"}', "{"]
    with pytest.raises(TableLogError) as refused:
        loads("\n".join(lines), "b.jsonl")
    assert str(refused.value).startswith("b.jsonl, line 5: not JSON (")
    assert refused.value.table is not None
    assert len(refused.value.table.calls) == 1
