"""The command line's start (issue 26): ``arbitro --help`` and ``arbitro score 3NT 9``.

Each row is a whole process, beside a bare ``python -c 'import click'`` process (the
least a click command line can cost), in CPU time, best of 15, run in turns (see
:mod:`benchmarks.processes`). The ratio is anchor / Árbitro: the goal is above 0.25
(within 4x of the bare process).
"""

from __future__ import annotations

from benchmarks.harness import Measurement
from benchmarks.processes import arbitro, in_turns, python

REPEAT = 15


def run() -> list[Measurement]:
    click, help_, score, board = in_turns(
        [
            python("-c", "import click"),
            arbitro("--help"),
            arbitro("score", "3NT", "9"),
            arbitro("board", "7", "--json"),
        ],
        REPEAT,
    )
    anchor = "python -c 'import click'"
    return [
        Measurement("arbitro --help", "s", help_, click, anchor, False),
        Measurement("arbitro score 3NT 9", "s", score, click, anchor, False),
        Measurement("arbitro board 7 --json", "s", board, click, anchor, False),
    ]
