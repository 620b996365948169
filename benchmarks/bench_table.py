"""Random legal boards through the table engine, beside OpenSpiel's bridge (issue 3).

Both sides run the same policy in the same process: a uniformly random deal, a
uniformly random legal call until the auction ends, a uniformly random legal card until
the thirteenth trick, then the score. OpenSpiel deals with its own chance moves (each
uniform over the cards left), plays the cards (``use_double_dummy_result=false``) and
scores with its ``returns()``; Árbitro deals from a shuffled pack, goes through
:class:`~arbitro.table.Table` (every legality check, the event log, the opening lead
face down then faced) and scores by Law 77. (The replay of a table log is
``bench_replay``'s.)

Beside today's table, the same boards go through the table as it was before issue 21
took its fast paths away (:data:`BEFORE`, read from the repository's history with
``git archive`` and run in a child process with this interpreter), against OpenSpiel
in that process: the before and the after, each with its own ratio, in the same run.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pyspiel

from arbitro.core import Deal, Hand
from arbitro.table import Phase, Table
from benchmarks.harness import Measurement
from benchmarks.processes import REVISION_PROLOGUE, unpack_commit

BOARDS = 400
ROUNDS = 5
BEFORE = "44b3b27b959fe87e24a425208f929bfb797ab64c"
"""The last commit with the table's fast paths (``Table._fast_call``/``_fast_play``)."""

_BEFORE_ROUND = (
    REVISION_PROLOGUE
    + """
import json, time
from benchmarks.bench_table import arbitro_boards, openspiel_boards
count = int(sys.argv[2])
start = time.process_time()
arbitro_boards(count, 1)
ours = time.process_time() - start
start = time.process_time()
openspiel_boards(count, 1)
print(json.dumps([ours, time.process_time() - start]))
"""
)
"""One round in the child process: the revision's table, then OpenSpiel, CPU seconds."""


def cpu_best(work: Callable[[], object], repeat: int) -> float:
    """The best CPU time of this process over ``repeat`` runs of ``work``, in seconds.

    Both sides run in this one thread, so its CPU time is their cost; on a machine
    shared with other work, the time spent waiting for a core is left out.
    """
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def random_deal(rng: random.Random) -> Deal:
    """A uniformly random deal: a shuffled pack cut into four hands of 13."""
    pack = list(range(52))
    rng.shuffle(pack)
    masks = [0, 0, 0, 0]
    for position, index in enumerate(pack):
        masks[position // 13] |= 1 << index
    return Deal((Hand(masks[0]), Hand(masks[1]), Hand(masks[2]), Hand(masks[3])))


def arbitro_boards(count: int, seed: int) -> int:
    """Play ``count`` random legal boards through the table; return the sum of scores."""
    rng = random.Random(seed)
    choice = rng.choice
    total = 0
    for number in range(1, count + 1):
        table = Table(random_deal(rng), number=number)
        while table.phase is Phase.AUCTION:
            seat = table.turn
            assert seat is not None
            table.call(seat, choice(table.legal_calls()))
        if table.opening_leader is not None:
            table.play(table.opening_leader, choice(table.legal_cards()))
            table.face_lead()
            play = table.play
            legal = table.legal_cards
            for _ in range(51):
                seat = table.turn
                assert seat is not None
                play(seat, choice(legal()))
        score = table.score()
        assert score is not None
        total += score
    return total


def openspiel_boards(count: int, seed: int) -> float:
    """Play ``count`` random legal boards through OpenSpiel's bridge; return the sum of returns."""
    rng = random.Random(seed)
    choice = rng.choice
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    total = 0.0
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        total += state.returns()[0]
    return total


def unpack_before(folder: Path) -> bool:
    """Write :data:`BEFORE`'s ``src`` and ``benchmarks`` into ``folder``; False without git.

    A clone without that commit (a shallow one) or without git has no "before" to run.
    """
    return unpack_commit(BEFORE, folder, ("src", "benchmarks"))


def before_round(folder: Path, count: int) -> tuple[float, float]:
    """One round of the table at :data:`BEFORE` and of OpenSpiel, in a child process."""
    done = subprocess.run(
        [sys.executable, "-c", _BEFORE_ROUND, str(folder), str(count)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the table at {BEFORE[:10]} did not run: {done.stderr.strip()}")
    ours, anchor = json.loads(done.stdout)
    return float(ours), float(anchor)


def run() -> list[Measurement]:
    # Turn and turn about, best of each: on a shared machine the load then weighs on all.
    ours_seconds = anchor_seconds = float("inf")
    before_seconds = before_anchor_seconds = float("inf")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        has_before = unpack_before(folder)
        for _ in range(ROUNDS):
            if has_before:
                before, before_anchor = before_round(folder, BOARDS)
                before_seconds = min(before_seconds, before)
                before_anchor_seconds = min(before_anchor_seconds, before_anchor)
            ours_seconds = min(ours_seconds, cpu_best(lambda: arbitro_boards(BOARDS, 1), repeat=1))
            anchor_seconds = min(
                anchor_seconds, cpu_best(lambda: openspiel_boards(BOARDS, 1), repeat=1)
            )
    ours = BOARDS / ours_seconds
    anchor = BOARDS / anchor_seconds
    boards = [
        Measurement(
            "random legal boards (deal, auction, play, score)",
            "/s",
            ours,
            anchor,
            "OpenSpiel bridge from Python, same policy",
        )
    ]
    if has_before:
        boards.append(
            Measurement(
                f"the same, before issue 21 ({BEFORE[:7]}, fast paths)",
                "/s",
                BOARDS / before_seconds,
                BOARDS / before_anchor_seconds,
                "OpenSpiel, in the before's process",
            )
        )
    else:
        print(f"bench_table: commit {BEFORE[:10]} is not in this clone: no before", file=sys.stderr)
    return boards
