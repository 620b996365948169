"""Big sessions (issue 26): ``arbitro session score`` and Butler, beside numpy.

The field: 26 boards, each played at every table of a Mitchell (North-South pairs
``1NS``.. stay, East-West pairs ``1EW``.. move a table a board), every result a plain
score drawn from 28 common scores. The ratio is anchor / Árbitro: the goal is above
0.33 (within 3x of numpy).

1. *``arbitro session score``, 10,000 tables x 26 boards (260,000 lines), matchpoints
   and ``--scoring imp-butler``.* Whole processes (CPU time, best of 3, in turns; see
   :mod:`benchmarks.processes`) on the same travellers file (``board,ns,ew,score``):
   Árbitro reads and checks it, scores it and prints the report; the anchor is
   ``benchmarks/anchor_session.py``, a csv + numpy script that reads the file with the
   ``csv`` module, scores it with numpy and prints a report of the same shape. The
   two reports rank the pairs alike (checked before timing).
2. *Butler in process, 100 and 10,000 tables.* Árbitro on columns:
   ``score_columns(columns, "imp-butler")`` on a ready
   :class:`~arbitro.scoring.session_columns.SessionColumns` (each board's datum and
   every table's IMPs, each pair's total and rank by direction, ties in natural order).
   Anchor: numpy on ready arrays of the same scores and pair indices (the datum of each
   board, the IMPs by ``np.searchsorted`` on the Law 78B scale, the totals by
   ``np.bincount``, ranks with ties). This is the issue's goal. CPU time, best of N, in
   turns (``bench_matchpoints.in_turns``). Then, from the same ``TableResult`` records:
   the columns made from them and scored (``SessionColumns.from_results`` then
   ``score_columns``), and ``score_session(results, "imp-butler")`` (the records'
   own path, the "before" of the columns), each beside numpy starting from the same
   records (their columns read into arrays with comprehensions, as
   ``bench_matchpoints``' row 4).
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from arbitro.scoring.results import Result
from arbitro.scoring.session import TableResult, score_session
from arbitro.scoring.session_columns import SessionColumns, score_columns
from benchmarks import anchor_session
from benchmarks.bench_matchpoints import SCORES, in_turns
from benchmarks.harness import Measurement
from benchmarks.processes import arbitro, python
from benchmarks.processes import in_turns as processes_in_turns

BOARDS = 26
BIG = 10_000

Ints = npt.NDArray[np.int64]


def field(tables: int, seed: int = 2026) -> list[tuple[int, str, str, int]]:
    """(board, NS pair, EW pair, NS score) for each table and board of the Mitchell."""
    rng = random.Random(seed)
    return [
        (board, f"{table + 1}NS", f"{(table + board) % tables + 1}EW", rng.choice(SCORES))
        for board in range(1, BOARDS + 1)
        for table in range(tables)
    ]


def write_travellers(rows: list[tuple[int, str, str, int]], path: Path) -> None:
    """The travellers file ``arbitro session score`` and the anchor both read."""
    lines = ["board,ns,ew,score", *(f"{b},{ns},{ew},{score}" for b, ns, ew, score in rows)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def numpy_butler(
    scores: Ints, ns: Ints, ew: Ints, pairs: int
) -> tuple[list[int], Ints, Ints, npt.NDArray[np.bool_]]:
    """The anchor in process: (boards, tables) arrays to datums, totals, ranks and ties."""
    datums = []
    totals = np.zeros(pairs, dtype=np.int64)
    for board in range(scores.shape[0]):
        datum, points = anchor_session.butler(scores[board])
        datums.append(datum)
        totals += np.bincount(ns[board], weights=points, minlength=pairs).astype(np.int64)
        totals -= np.bincount(ew[board], weights=points, minlength=pairs).astype(np.int64)
    half = pairs // 2
    rank = np.empty(pairs, dtype=np.int64)
    tied = np.empty(pairs, dtype=np.bool_)
    for members in (slice(0, half), slice(half, pairs)):
        rank[members], tied[members] = anchor_session.ranks(totals[members].astype(np.float64))
    return datums, totals, rank, tied


def numpy_butler_from_records(
    results: list[TableResult], index: dict[str, int], tables: int
) -> tuple[list[int], Ints, Ints, npt.NDArray[np.bool_]]:
    """The anchor from the same records as Árbitro: columns read with comprehensions, then numpy.

    As ``bench_matchpoints.numpy_from_records``: the scores (``plain_score``) and the
    pairs (through a ready name-to-index dict) into arrays, relying on the records
    coming board by board with ``tables`` tables each; then :func:`numpy_butler`.
    """
    shape = (BOARDS, tables)
    scores = np.array([table.plain_score for table in results], dtype=np.int64)
    ns = np.array([index[table.ns] for table in results], dtype=np.int64)
    ew = np.array([index[table.ew] for table in results], dtype=np.int64)
    return numpy_butler(scores.reshape(shape), ns.reshape(shape), ew.reshape(shape), 2 * tables)


class InProcess(NamedTuple):
    """Butler in process at one size: each side's best CPU time (seconds)."""

    columns: float
    """Árbitro on ready columns."""
    arrays: float
    """numpy on ready arrays."""
    from_records: float
    """Árbitro: the columns made from the records, then scored."""
    records: float
    """Árbitro: ``score_session`` on the records."""
    numpy_from_records: float
    """numpy, its arrays read from the same records."""


def in_process(tables: int, repeat: int) -> InProcess:
    """Butler in process at ``tables`` tables: Árbitro and numpy from arrays and from records."""
    rows = field(tables)
    results = [TableResult(b, ns, ew, Result.played(score)) for b, ns, ew, score in rows]
    index = {f"{t + 1}NS": t for t in range(tables)} | {
        f"{t + 1}EW": tables + t for t in range(tables)
    }
    shape = (BOARDS, tables)
    scores = np.array([row[3] for row in rows], dtype=np.int64).reshape(shape)
    ns = np.array([index[row[1]] for row in rows], dtype=np.int64).reshape(shape)
    ew = np.array([index[row[2]] for row in rows], dtype=np.int64).reshape(shape)
    columns = SessionColumns.from_results(results)
    assert columns is not None

    def from_records() -> object:
        made = SessionColumns.from_results(results)
        assert made is not None
        return score_columns(made, "imp-butler")

    # The sides agree before they are timed.
    ours = score_session(results, "imp-butler")
    on_columns = score_columns(columns, "imp-butler")
    assert on_columns.pairs == ours.pairs
    assert on_columns.datums == ours.datums
    datums, totals, rank, tied = numpy_butler(scores, ns, ew, 2 * tables)
    assert [ours.datums[board] for board in range(1, BOARDS + 1)] == datums
    for pair in ours.pairs:
        at = index[pair.pair]
        assert (pair.total, pair.rank, pair.tied) == (totals[at], rank[at], tied[at])
    assert numpy_butler_from_records(results, index, tables)[0] == datums
    times = in_turns(
        [
            lambda: score_columns(columns, "imp-butler"),
            lambda: numpy_butler(scores, ns, ew, 2 * tables),
            from_records,
            lambda: score_session(results, "imp-butler"),
            lambda: numpy_butler_from_records(results, index, tables),
        ],
        repeat,
    )
    return InProcess(*times)


def _rankings(report: str) -> list[list[str]]:
    """Each ranking line's place, pair, boards and total, from either report (ties in any order)."""
    lines = report.splitlines()
    start = next(at for at, line in enumerate(lines) if line.startswith("Ranking"))
    return [
        line.split()[:4]
        for line in lines[start:]
        if line.startswith("  ") and line.split()[0][0].isdigit()
    ]


def run() -> list[Measurement]:
    measurements = []
    with tempfile.TemporaryDirectory() as folder:
        travellers = Path(folder) / "travellers.csv"
        write_travellers(field(BIG), travellers)
        commands = {
            method: (
                arbitro("session", "score", str(travellers), "--scoring", method),
                python("-m", "benchmarks.anchor_session", str(travellers), method),
            )
            for method in ("mp", "imp-butler")
        }
        for method, (ours, anchor) in commands.items():
            reports = [
                subprocess.run(command, capture_output=True, text=True, check=True).stdout
                for command in (ours, anchor)
            ]
            assert sorted(_rankings(reports[0])) == sorted(_rankings(reports[1])), method
        times = processes_in_turns([command for pair in commands.values() for command in pair], 3)
    anchor_name = "csv + numpy script"
    measurements.append(
        Measurement("session score 10,000 x 26, mp", "s", times[0], times[1], anchor_name, False)
    )
    measurements.append(
        Measurement(
            "session score 10,000 x 26, Butler", "s", times[2], times[3], anchor_name, False
        )
    )
    for tables, repeat in ((100, 30), (BIG, 3)):
        timed = in_process(tables, repeat)
        name = f"Butler in process, {tables:,} tables"
        measurements += [
            Measurement(
                f"{name}, columns", "s", timed.columns, timed.arrays, "numpy, arrays", False
            ),
            Measurement(
                f"{name}, columns from records",
                "s",
                timed.from_records,
                timed.numpy_from_records,
                "numpy, same records",
                False,
            ),
            Measurement(
                f"{name}, records (before)",
                "s",
                timed.records,
                timed.numpy_from_records,
                "numpy, same records",
                False,
            ),
            Measurement(
                f"{name}, records (before)",
                "s",
                timed.records,
                timed.arrays,
                "numpy, arrays",
                False,
            ),
        ]
    return measurements


if __name__ == "__main__":
    from benchmarks.harness import report

    print(report(run()), file=sys.stderr)
