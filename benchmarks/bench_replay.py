"""Replaying a table log, beside OpenSpiel applying the same actions (issues 21 and 26).

Two logs of one random legal board each (board 1: North deals, nobody vulnerable, as
OpenSpiel's bridge has it), written by :func:`arbitro.table.log.dumps`:

- a whole board with nothing else, about 60 lines (the board, the calls, the opening lead
  faced, 52 cards): issue 26's ``arbitro table replay`` of a 60-line log, whose goal is
  200 µs, beside OpenSpiel applying the same actions (the 52 cards dealt, the calls, the
  cards played);
- 200 events: the same kind of board with three tempo facts (16B1) after each action, for
  issue 21's guard of 1 ms per 100 events.

Each replay (:func:`~arbitro.table.log.loads`) is split into what it does, each timed
alone: decoding (the lines' JSON read by :func:`~arbitro.core.bounded.load_json_lines`,
then each call and faced card read light by
:func:`~arbitro.table.events.light_from_json`, any other event made by
:func:`~arbitro.table.events.event_from_json`), beside :func:`json.loads` of the lines
joined in one array, the floor of any reader; and applying (:meth:`Table.call`,
:meth:`Table.play` and :meth:`Table.apply` of what was read), beside OpenSpiel. The
whole board's replay is also timed as it was before issue 26's last part (each line
read by :func:`~arbitro.core.bounded.load_json` and made a whole event, then
:meth:`Table.apply`), and the report ``arbitro table replay`` prints
(:func:`~arbitro.table.report.report_lines`) beside OpenSpiel's text of its state, with
the environment's language kept (today) and read at every message (before).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import NamedTuple
from unittest.mock import patch

import pyspiel

from arbitro import i18n
from arbitro.core import Bid, Card, Double, Pass, Redouble, Seat
from arbitro.core.bounded import load_json, load_json_lines
from arbitro.laws.auction import AnyCall
from arbitro.table import Phase, Table
from arbitro.table.base import LogEntry
from arbitro.table.events import (
    BoardEvent,
    CallEvent,
    Event,
    FactEvent,
    PlayEvent,
    event_from_json,
    light_from_json,
)
from arbitro.table.log import dumps, loads
from arbitro.table.report import report_lines
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


def decode(lines: Sequence[str]) -> list[LogEntry]:
    """What a replay reads from a log's lines (no table): calls and cards light, else events."""
    values = load_json_lines(lines)
    assert values is not None
    return [light_from_json(value) or event_from_json(value) for value in values]


def fold(entries: Sequence[LogEntry]) -> Table:
    """A table with ``entries`` (read already) applied, as a replay folds them."""
    board = entries[0]
    assert isinstance(board, BoardEvent)
    table = Table.from_event(board)
    call, play, apply = table.call, table.play, table.apply
    for entry in entries[1:]:
        if isinstance(entry, tuple):
            (call if entry[0] is CallEvent else play)(entry[1], entry[2])
        else:
            apply(entry)
    return table


def replay_before(lines: Sequence[str]) -> Table:
    """The replay as it was before: each line read alone into a whole event, then applied."""
    events = [event_from_json(load_json(line)) for line in lines]
    board = events[0]
    assert isinstance(board, BoardEvent)
    table = Table.from_event(board)
    for event in events[1:]:
        table.apply(event)
    return table


def report_environment_read_each_time(table: Table) -> list[str]:
    """The report with the environment's language read at every message, as before."""
    with patch.object(i18n, "_language_from_environment", i18n.read_environment_language):
        return report_lines(table)


class Timings(NamedTuple):
    """The best CPU seconds of one log's replay, its parts and their anchors."""

    events: int
    actions: int
    replay: float
    openspiel: float
    json_floor: float
    json: float
    decoding: float
    applying: float
    before: float
    report: float
    report_before: float
    openspiel_text: float


def timings(game: pyspiel.Game, text: str, *, whole_board: bool) -> Timings:
    """Time the replay of the log ``text``, its parts and their anchors, turn and turn about.

    Each side's best of its runs counts, so the machine's load weighs on both sides.
    The replay is first checked: the same events, and a whole board played out on both.
    """
    lines = text.splitlines()
    entries = decode(lines)
    events = [entry if not isinstance(entry, tuple) else entry[0](*entry[1:]) for entry in entries]
    actions = openspiel_actions(events)
    state = openspiel_replay(game, actions)
    table = loads(text)
    assert table.events == tuple(events) == replay_before(lines).events
    if whole_board:
        assert state.is_terminal()
    work: list[Callable[[], object]] = [
        lambda: loads(text),
        lambda: openspiel_replay(game, actions),
        lambda: json.loads("[" + ",".join(lines) + "]"),
        lambda: load_json_lines(lines),
        lambda: decode(lines),
        lambda: fold(entries),
        lambda: replay_before(lines),
        lambda: report_lines(table),
        lambda: report_environment_read_each_time(table),
        lambda: str(state),
    ]
    best = [float("inf")] * len(work)
    for _ in range(3):
        best = [
            min(seconds, cpu_best(one, REPEAT)) for seconds, one in zip(best, work, strict=True)
        ]
    return Timings(len(lines) - 1, len(actions), *best)


def run() -> list[Measurement]:
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    token = i18n.set_language(None)  # the report in the environment's language, as the CLI
    try:
        board = timings(game, a_board_log(1, 0), whole_board=True)
        long = timings(game, a_board_log(1, 3, events=200), whole_board=False)
    finally:
        i18n.reset_language(token)
    per_100 = 1e3 * 100 / long.events
    joined = "json.loads of the lines joined in one array"
    return [
        Measurement(
            f"replay of a {board.events}-event log (a whole board): decode and apply",
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
            "  the same replay as before (a whole event a line)",
            "µs",
            board.before * 1e6,
            board.replay * 1e6,
            "the replay today (the row above)",
            higher_is_better=False,
        ),
        Measurement(
            "  decode: its JSON and events (light calls, cards)",
            "µs",
            board.decoding * 1e6,
            board.json_floor * 1e6,
            joined,
            higher_is_better=False,
        ),
        Measurement(
            "    of which the JSON (load_json_lines)",
            "µs",
            board.json * 1e6,
            board.json_floor * 1e6,
            joined,
            higher_is_better=False,
        ),
        Measurement(
            "  apply: Table.call, .play, .apply of what was read",
            "µs",
            board.applying * 1e6,
            board.openspiel * 1e6,
            "OpenSpiel applying the same actions",
            higher_is_better=False,
        ),
        Measurement(
            "  report: the text `arbitro table replay` prints",
            "µs",
            board.report * 1e6,
            board.openspiel_text * 1e6,
            "OpenSpiel's text of its state (str)",
            higher_is_better=False,
        ),
        Measurement(
            "  the report as before (environment read at each message)",
            "µs",
            board.report_before * 1e6,
            board.report * 1e6,
            "the report today (the row above)",
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
            "  decode: its JSON and events",
            "ms",
            long.decoding * per_100,
            long.json_floor * per_100,
            joined,
            higher_is_better=False,
        ),
        Measurement(
            "  apply: what was read, to the table",
            "ms",
            long.applying * per_100,
            long.openspiel * per_100,
            "OpenSpiel applying the same actions",
            higher_is_better=False,
        ),
    ]
