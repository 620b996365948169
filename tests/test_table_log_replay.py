"""A table log replayed reads its calls and cards light, and folds as ``Table.apply`` does.

``table.log.replay`` reads every line's JSON at once, and a call or a faced card in its
light form, handed where ``Table.call`` or ``Table.play`` hand it (the same flow of the
Laws as ``Table.apply``) and logged in the log the table holds then: the table it makes,
and the errors it names, are those of the events read in full and applied one by one,
the rewinds of the scenario logs included; a call or card that raises half-way leaves
the table read so far.
"""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings

from arbitro.core import Seat
from arbitro.laws.auction import read_call
from arbitro.table import Phase, Table
from arbitro.table.events import EXAMPLE_DEAL, BoardEvent, event_from_json
from arbitro.table.log import TableLogError, dumps, loads
from arbitro.table.state import IllegalActionError, Message
from table_support import SCENARIOS, random_deal
from test_table_play_properties import bid_to_a_contract, careless_event
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


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.jsonl")), ids=lambda path: path.stem)
def test_every_scenario_log_replays_to_its_events_applied_one_by_one(path: Path) -> None:
    # The scenarios hold the rewinds (Laws 55A, 62): the table then holds a new log, and the
    # calls and cards read after it are logged there.
    text = path.read_text(encoding="utf-8")
    replayed = loads(text)
    assert replayed.events == applied(text).events
    assert without_log(replayed.snapshot()) == without_log(applied(text).snapshot())
    assert dumps(replayed) == dumps(applied(text))


def test_a_card_that_raises_half_way_through_the_flow_leaves_the_table_read_so_far(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A rule that changes the state and then raises (here closing the first trick): the
    # replay folds the table again from its log, as Table.play does.
    lines = [
        BOARD,
        *(
            json.dumps({"event": "call", "seat": s, "call": c})
            for s, c in zip("NESW", ["1NT", "Pass", "Pass", "Pass"], strict=True)
        ),
        '{"event": "play", "seat": "E", "card": "ST"}',
        '{"event": "face_lead"}',
        '{"event": "play", "seat": "S", "card": "S7"}',
        '{"event": "play", "seat": "W", "card": "S4"}',
        '{"event": "play", "seat": "N", "card": "SA"}',
    ]
    before = loads("\n".join(lines[:-1]))

    def close_and_refuse(table: Table, trick: list[int]) -> None:
        table.won[0] += 1
        table.trick = []
        raise IllegalActionError(Message("refused at the close of the trick"))

    monkeypatch.setattr(Table, "close_trick", close_and_refuse)
    with pytest.raises(TableLogError) as refused:
        loads("\n".join(lines), "b.jsonl")
    assert str(refused.value) == "b.jsonl, line 10: refused at the close of the trick"
    kept = refused.value.table
    assert kept is not None
    assert kept.events == before.events
    assert without_log(kept.snapshot()) == without_log(before.snapshot())


@settings(max_examples=40, deadline=None)
@given(SEEDS)
def test_law_62_careless_play_with_revokes_corrected_replays_to_its_events_applied(
    seed: int,
) -> None:
    # Revokes corrected (62), defective tricks (67), cards changed and out of turn: the
    # rewinds put back a new log, and every call and card read after one is logged there.
    rng = random.Random(seed)
    table = bid_to_a_contract(rng)
    for _ in range(200):
        if table.phase is Phase.COMPLETE:
            break
        with contextlib.suppress(IllegalActionError):
            table.apply(careless_event(rng, table))
    text = dumps(table)
    replayed = loads(text)
    assert replayed.events == table.events == applied(text).events
    assert without_log(replayed.snapshot()) == without_log(applied(text).snapshot())
    assert dumps(replayed) == text
