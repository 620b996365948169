"""Replaying a table log, beside OpenSpiel applying the same actions (issues 21 and 26).

Two logs of one random legal board each (board 1: North deals, nobody vulnerable, as
OpenSpiel's bridge has it), written by :func:`arbitro.table.log.dumps`:

- a whole board with nothing else, about 60 lines (the board, the calls, the opening lead
  faced, 52 cards): issue 26's ``arbitro table replay`` of a 60-line log, whose goal is
  200 µs, beside OpenSpiel applying the same actions (the 52 cards dealt, the calls, the
  cards played);
- 200 events: the same kind of board with three tempo facts (16B1) after each action, for
  issue 21's guard of 1 ms per 100 events.

Each replay is also split into its two halves, so what is left shows where it is:
decoding (each line read by :func:`~arbitro.core.bounded.load_json` and made an event
by :func:`~arbitro.table.events.event_from_json`, beside :func:`json.loads` of the same
lines, the floor of any reader) and applying (:meth:`~arbitro.table.Table.apply` of
the events already read, beside OpenSpiel).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

import pyspiel

from arbitro.core import Bid, Card, Double, Pass, Redouble, Seat
from arbitro.core.bounded import load_json
from arbitro.laws.auction import AnyCall
from arbitro.table import Phase, Table
from arbitro.table.events import BoardEvent, CallEvent, Event, FactEvent, PlayEvent, event_from_json
from arbitro.table.log import dumps, loads
from benchmarks.bench_table import cpu_best, random_deal
from benchmarks.harness import Measurement

REPEAT = 200
"""Runs of each workload; the best CPU time counts."""
GOAL_60_LINES_US = 200.0
"""Issue 26's goal for the replay of a 60-line table log, in process."""
GUARD_MS_PER_100 = 1.0
"""Issue 21's guard: a 200-event log replays in under 1 ms per 100 events."""
_OPENSPIEL_PASS = 52
_OPENSPIEL_BID = 55


def a_board_log(seed: int, facts_per_action: int, events: int | None = None) -> str:
    """The log of one random legal board 1, with tempo facts after each action.

    Calls are passes three times in four (else any legal call), so the auction is
    about as long as a real one; cards are any legal card. The log stops at
    ``events`` events after the board line, if given.
    """
    rng = random.Random(seed)
    table = Table(random_deal(rng), number=1)
    while table.phase is not Phase.COMPLETE and (events is None or len(table.events) <= events):
        seat = table.turn
        if table.phase is Phase.LEAD_FACE_DOWN:
            table.face_lead()
        elif table.phase is Phase.AUCTION and seat is not None:
            legal = table.legal_calls()
            passes = [call for call in legal if isinstance(call, Pass)]
            table.call(seat, passes[0] if passes and rng.random() < 0.75 else rng.choice(legal))
        elif seat is not None:
            table.play(seat, rng.choice(table.legal_cards()))
        else:
            break
        for _ in range(facts_per_action):
            table.apply(FactEvent("tempo", Seat.EAST, noticed_by=Seat.SOUTH, text="a pause"))
    lines = dumps(table).splitlines(keepends=True)
    return "".join(lines if events is None else lines[: events + 1])


def openspiel_card(card: Card) -> int:
    """A card as OpenSpiel's bridge numbers it: rank-major, clubs first."""
    return (card.rank - 2) * 4 + card.suit


def openspiel_call(call: AnyCall) -> int:
    """A call as OpenSpiel's bridge numbers it: Pass, X, XX, then 1♣ … 7NT."""
    if isinstance(call, Bid):
        return _OPENSPIEL_BID + (call.level - 1) * 5 + call.strain
    if isinstance(call, Pass):
        return _OPENSPIEL_PASS
    assert isinstance(call, Double | Redouble), "OpenSpiel has no bid above seven"
    return _OPENSPIEL_PASS + (1 if isinstance(call, Double) else 2)


def openspiel_actions(events: Sequence[Event]) -> list[int]:
    """OpenSpiel's actions for the same board: the 52 cards dealt, the calls, the cards.

    OpenSpiel deals the cards one at a time, North, East, South, West in turn.
    """
    board = events[0]
    assert isinstance(board, BoardEvent)
    assert board.dealer is Seat.NORTH
    hands = [sorted(board.deal.hands[seat]) for seat in Seat]
    actions = [openspiel_card(hands[turn % 4][turn // 4]) for turn in range(52)]
    for event in events[1:]:
        if isinstance(event, CallEvent):
            actions.append(openspiel_call(event.call))
        elif isinstance(event, PlayEvent):
            actions.append(openspiel_card(event.card))
    return actions


def openspiel_replay(game: pyspiel.Game, actions: Sequence[int]) -> pyspiel.State:
    """A new OpenSpiel bridge state with ``actions`` applied."""
    state = game.new_initial_state()
    apply = state.apply_action
    for action in actions:
        apply(action)
    return state


def decode(lines: Sequence[str]) -> list[Event]:
    """The events of a log's lines, as a replay reads them (no table)."""
    return [event_from_json(load_json(line)) for line in lines]


def fold(events: Sequence[Event]) -> Table:
    """A table with ``events`` (read already) applied, as a replay folds them."""
    board = events[0]
    assert isinstance(board, BoardEvent)
    table = Table.from_event(board)
    apply = table.apply
    for event in events[1:]:
        apply(event)
    return table


class Timings(NamedTuple):
    """The best CPU seconds of one log's replay, its two halves and their anchors."""

    events: int
    actions: int
    replay: float
    openspiel: float
    json_floor: float
    decoding: float
    applying: float


def timings(game: pyspiel.Game, text: str, *, whole_board: bool) -> Timings:
    """Time the replay of the log ``text``, its halves and their anchors, turn and turn about.

    Each side's best of its runs counts, so the machine's load weighs on both sides.
    The replay is first checked: the same events, and a whole board played out on both.
    """
    lines = text.splitlines()
    events = decode(lines)
    actions = openspiel_actions(events)
    state = openspiel_replay(game, actions)
    assert loads(text).events == tuple(events)
    if whole_board:
        assert state.is_terminal()
    best = [float("inf")] * 5
    work: list[Callable[[], object]] = [
        lambda: loads(text),
        lambda: openspiel_replay(game, actions),
        lambda: [json.loads(line) for line in lines],
        lambda: decode(lines),
        lambda: fold(events),
    ]
    for _ in range(3):
        best = [
            min(seconds, cpu_best(one, REPEAT)) for seconds, one in zip(best, work, strict=True)
        ]
    return Timings(len(lines) - 1, len(actions), *best)


def run() -> list[Measurement]:
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    board = timings(game, a_board_log(1, 0), whole_board=True)
    long = timings(game, a_board_log(1, 3, events=200), whole_board=False)
    per_100 = 1e3 * 100 / long.events
    return [
        Measurement(
            f"replay of a {board.events}-event log (a whole board)",
            "µs",
            board.replay * 1e6,
            board.openspiel * 1e6,
            f"OpenSpiel applying the same {board.actions} actions",
            higher_is_better=False,
        ),
        Measurement(
            "  the same replay beside issue 26's goal",
            "µs",
            board.replay * 1e6,
            GOAL_60_LINES_US,
            "the goal: 200 µs",
            higher_is_better=False,
        ),
        Measurement(
            "  decoding its lines (JSON, events)",
            "µs",
            board.decoding * 1e6,
            board.json_floor * 1e6,
            "json.loads of each line alone",
            higher_is_better=False,
        ),
        Measurement(
            "  applying its events (Table.apply)",
            "µs",
            board.applying * 1e6,
            board.openspiel * 1e6,
            "OpenSpiel applying the same actions",
            higher_is_better=False,
        ),
        Measurement(
            f"replay of a {long.events}-event log, per 100 events",
            "ms",
            long.replay * per_100,
            GUARD_MS_PER_100,
            "the guard: 1 ms per 100 events",
            higher_is_better=False,
        ),
        Measurement(
            "  the same beside OpenSpiel",
            "ms",
            long.replay * per_100,
            long.openspiel * per_100,
            f"OpenSpiel applying its {long.actions} actions",
            higher_is_better=False,
        ),
        Measurement(
            "  decoding its lines (JSON, events)",
            "ms",
            long.decoding * per_100,
            long.json_floor * per_100,
            "json.loads of each line alone",
            higher_is_better=False,
        ),
        Measurement(
            "  applying its events (Table.apply)",
            "ms",
            long.applying * per_100,
            long.openspiel * per_100,
            "OpenSpiel applying the same actions",
            higher_is_better=False,
        ),
    ]
