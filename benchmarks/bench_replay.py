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
alone: decoding (each line looked up among the lines of a call or a faced card,
:func:`~arbitro.table.event_lines.light_lines`, the others, here the board line, read as JSON
by :func:`~arbitro.core.bounded.load_json_lines` and made an event), beside
:func:`json.loads` of the lines joined in one array, the floor of any JSON reader; the
board line alone; and applying (each call and card handed to the flow of the Laws and
logged, as the replay does, any other event to :meth:`Table.apply`), beside OpenSpiel. The replay is also timed as
main had it at :data:`BEFORE` (read from the repository's history with ``git archive``
and run in a child process with this interpreter, a round of it between each round
here), and with each line read by :func:`~arbitro.core.bounded.load_json` and made a
whole event, then :meth:`Table.apply`; and the report ``arbitro table replay`` prints
(:func:`~arbitro.table.report.report_lines`) beside OpenSpiel's text of its state, with
the environment's language kept (today) and read at every message (before).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple
from unittest.mock import patch

import pyspiel

from arbitro import i18n
from arbitro.core import Bid, Card, Double, Pass, Redouble, Seat
from arbitro.core.bounded import load_json, load_json_lines
from arbitro.laws.auction import AnyCall
from arbitro.table import Phase, Table
from arbitro.table.base import LogEntry
from arbitro.table.event_lines import light_from_json, light_lines
from arbitro.table.events import (
    BoardEvent,
    CallEvent,
    Event,
    FactEvent,
    PlayEvent,
    event_from_json,
)
from arbitro.table.log import dumps, loads
from arbitro.table.report import report_lines
from benchmarks.bench_table import cpu_best, random_deal
from benchmarks.harness import Measurement
from benchmarks.processes import REVISION_PROLOGUE, unpack_commit

REPEAT = 200
"""Runs of each workload; the best CPU time counts."""
GOAL_60_LINES_US = 200.0
"""Issue 26's goal for the replay of a 60-line table log, in process."""
GUARD_MS_PER_100 = 1.0
"""Issue 21's guard: a 200-event log replays in under 1 ms per 100 events."""
BEFORE = "8a6f5dc5dc936a8e6a1e903498289321b2b15650"
"""Main before this part of issue 26 (calls and cards handed to the flow of the Laws by the
replay itself, and the state's book-keeping made cheaper): its replay is timed too."""
_BEFORE_ROUND = (
    REVISION_PROLOGUE
    + """
import json
from arbitro import i18n
from arbitro.table.log import loads
from benchmarks.bench_table import cpu_best
texts = json.loads(sys.stdin.read())
token = i18n.set_language(None)
print(json.dumps([cpu_best(lambda: loads(text), int(sys.argv[2])) for text in texts]))
"""
)
"""One round in a child process: the revision's replay of each log, best CPU seconds."""
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
    """What a replay reads from a log's lines (no table), as it reads them.

    Each line is looked up among the lines of a call or a faced card
    (:func:`~arbitro.table.event_lines.light_lines`); the others are read as JSON at once, a
    call or a card among them light, any other event made.
    """
    entries: list[LogEntry | None] = list(map(light_lines().get, lines))
    others = iter(
        load_json_lines(
            [text.strip() for text, entry in zip(lines, entries, strict=True) if not entry]
        )
        or ()
    )
    return [
        entry or light_from_json(value := next(others)) or event_from_json(value)
        for entry in entries
    ]


def read_board_line(line: str) -> Event:
    """The board line read as a replay reads it: its JSON, then its event (the deal)."""
    values = load_json_lines([line])
    assert values is not None
    return event_from_json(values[0])


_TABLE_MADE = """
import json, time
from arbitro.table.event_lines import light_lines
start = time.process_time()
light_lines()
print(json.dumps(time.process_time() - start))
"""
"""A fresh process makes the table of the lines looked up: CPU seconds."""


def table_made(runs: int = 5) -> float:
    """The best CPU seconds a fresh process takes to make :func:`light_lines`, once."""
    best = float("inf")
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", _TABLE_MADE], capture_output=True, text=True, check=True
        )
        best = min(best, float(json.loads(done.stdout)))
    return best


def unpack_before(folder: Path) -> bool:
    """Write :data:`BEFORE`'s ``src`` and ``benchmarks`` into ``folder``; False without git."""
    return unpack_commit(BEFORE, folder, ("src", "benchmarks"))


def before_round(folder: Path, texts: Sequence[str], repeat: int) -> list[float]:
    """The best CPU seconds of :data:`BEFORE`'s replay of each log, in a child process."""
    done = subprocess.run(
        [sys.executable, "-c", _BEFORE_ROUND, str(folder), str(repeat)],
        input=json.dumps(list(texts)),
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the replay at {BEFORE[:10]} did not run: {done.stderr.strip()}")
    return [float(seconds) for seconds in json.loads(done.stdout)]


def fold(entries: Sequence[LogEntry]) -> Table:
    """A table with ``entries`` (read already) applied, as a replay folds them.

    A call or a card goes to the flow of the Laws where :meth:`Table.call` and
    :meth:`Table.play` hand it (``on_call``, ``on_play``), and is logged; any other event
    to :meth:`Table.apply`.
    """
    board = entries[0]
    assert isinstance(board, BoardEvent)
    table = Table.from_event(board)
    on_call, on_play, apply = table.on_call, table.on_play, table.apply
    for entry in entries[1:]:
        if isinstance(entry, tuple):
            kind, seat, value = entry
            (on_call if kind is CallEvent else on_play)(seat, value)
            table.log.append(entry)
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
    decoding: float
    board_line: float
    applying: float
    whole_events: float
    report: float
    report_before: float
    openspiel_text: float
    main: float | None


def timings(game: pyspiel.Game, texts: Sequence[str]) -> list[Timings]:
    """Time the replay of each log in ``texts``, its parts and their anchors, turn and turn about.

    Each side's best of its runs counts, so the machine's load weighs on both sides; the
    replay at :data:`BEFORE` runs in a child process in each round. The replay is first
    checked: the same events every way, and a whole board played out on both.
    """
    works: list[list[Callable[[], object]]] = []
    counts: list[tuple[int, int]] = []
    for text in texts:
        lines = text.splitlines()
        entries = decode(lines)
        events = [
            entry if not isinstance(entry, tuple) else entry[0](*entry[1:]) for entry in entries
        ]
        actions = openspiel_actions(events)
        counts.append((len(lines) - 1, len(actions)))
        state = openspiel_replay(game, actions)
        table = loads(text)
        assert table.events == tuple(events) == replay_before(lines).events
        works.append(
            [
                lambda text=text: loads(text),  # type: ignore[misc]
                lambda actions=actions: openspiel_replay(game, actions),  # type: ignore[misc]
                lambda lines=lines: json.loads("[" + ",".join(lines) + "]"),  # type: ignore[misc]
                lambda lines=lines: decode(lines),  # type: ignore[misc]
                lambda lines=lines: read_board_line(lines[0]),  # type: ignore[misc]
                lambda entries=entries: fold(entries),  # type: ignore[misc]
                lambda lines=lines: replay_before(lines),  # type: ignore[misc]
                lambda table=table: report_lines(table),  # type: ignore[misc]
                lambda table=table: report_environment_read_each_time(table),  # type: ignore[misc]
                lambda state=state: str(state),  # type: ignore[misc]
            ]
        )
    best = [[float("inf")] * len(work) for work in works]
    main: list[float | None] = [None] * len(texts)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        has_main = unpack_before(folder)
        if not has_main:
            print(
                f"bench_replay: commit {BEFORE[:10]} is not in this clone: no before",
                file=sys.stderr,
            )
        for _ in range(3):
            if has_main:
                main = [
                    min(seconds if seconds is not None else float("inf"), then)
                    for seconds, then in zip(main, before_round(folder, texts, REPEAT), strict=True)
                ]
            best = [
                [
                    min(seconds, cpu_best(one, REPEAT))
                    for seconds, one in zip(row, work, strict=True)
                ]
                for row, work in zip(best, works, strict=True)
            ]
    return [
        Timings._make([events, actions, *row, then])
        for (events, actions), row, then in zip(counts, best, main, strict=True)
    ]


def run() -> list[Measurement]:
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    token = i18n.set_language(None)  # the report in the environment's language, as the CLI
    try:
        whole = a_board_log(1, 0)
        assert openspiel_replay(game, openspiel_actions(loads(whole).events)).is_terminal()
        board, long = timings(game, [whole, a_board_log(1, 3, events=200)])
    finally:
        i18n.reset_language(token)
    per_100 = 1e3 * 100 / long.events
    joined = "json.loads of the lines joined in one array"
    rows = [
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
    ]
    if board.main is not None:
        rows.append(
            Measurement(
                f"  the same replay at {BEFORE[:7]} (child process)",
                "µs",
                board.main * 1e6,
                board.replay * 1e6,
                "the replay today (the first row)",
                higher_is_better=False,
            )
        )
    rows += [
        Measurement(
            "  once a process: the table of the lines looked up",
            "µs",
            table_made() * 1e6,
            board.replay * 1e6,
            "the replay today (the first row)",
            higher_is_better=False,
        ),
        Measurement(
            "  the same, a whole event a line (load_json, apply)",
            "µs",
            board.whole_events * 1e6,
            board.replay * 1e6,
            "the replay today (the first row)",
            higher_is_better=False,
        ),
        Measurement(
            "  decode: lines looked up, the board line read",
            "µs",
            board.decoding * 1e6,
            board.json_floor * 1e6,
            joined,
            higher_is_better=False,
        ),
        Measurement(
            "    of which the board line (JSON, Deal.from_str)",
            "µs",
            board.board_line * 1e6,
            board.json_floor * 1e6,
            joined,
            higher_is_better=False,
        ),
        Measurement(
            "  apply: the flow's on_call, on_play, and .apply of what was read",
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
    ]
    if long.main is not None:
        rows.append(
            Measurement(
                f"  the same at {BEFORE[:7]} (child process)",
                "ms",
                long.main * per_100,
                long.replay * per_100,
                "the replay today",
                higher_is_better=False,
            )
        )
    rows += [
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
    return rows
