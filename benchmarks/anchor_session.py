"""The anchor of ``bench_session``: a travellers CSV scored by a plain csv + numpy script.

``python -m benchmarks.anchor_session FILE mp|imp-butler`` reads the same file as
``arbitro session score`` (columns ``board,ns,ew,score``, plain scores only) with the
``csv`` module, scores it with numpy and prints a report of the same shape: each
board's heading and one line per table (pairs, score, North-South's and East-West's
points), then each direction's ranking (place with ties, pair, boards, total, and the
percentage in matchpoints). Nothing is checked: a script that trusts its input.

Matchpoints: 2 per result beaten, 1 per result equalled (``np.unique`` with inverse and
counts). Butler: the datum is the mean of the board's scores without the highest and
the lowest, rounded to 10 (halves away from zero, in whole numbers), and each score's
IMPs against it by the Law 78B scale (``np.searchsorted``).
"""

from __future__ import annotations

import csv
import sys

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int64]

THRESHOLDS = np.array(
    [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300,
     1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000],
    dtype=np.int64,
)  # fmt: skip
"""The lower edge of each IMP band from 1 to 24 (Law 78B)."""


def matchpoints(scores: Ints) -> Ints:
    """2 per result beaten, 1 per other result equalled."""
    _, inverse, counts = np.unique(scores, return_inverse=True, return_counts=True)
    below = np.cumsum(counts) - counts
    result: Ints = 2 * below[inverse] + counts[inverse] - 1
    return result


def butler(scores: Ints, drop: int = 1, round_to: int = 10) -> tuple[int, Ints]:
    """The datum and each score's IMPs against it."""
    ordered = np.sort(scores)
    cut = drop
    while cut > 0 and len(ordered) - 2 * cut < 1:
        cut -= 1
    kept = ordered[cut : len(ordered) - cut] if cut else ordered
    total, count = int(kept.sum()), len(kept)
    quotient, remainder = divmod(abs(total), count * round_to)
    rounded = (quotient + (1 if 2 * remainder >= count * round_to else 0)) * round_to
    datum = rounded if total >= 0 else -rounded
    difference = scores - datum
    result: Ints = np.sign(difference) * np.searchsorted(
        THRESHOLDS, np.abs(difference), side="right"
    )
    return datum, result


def ranks(keys: npt.NDArray[np.float64]) -> tuple[Ints, npt.NDArray[np.bool_]]:
    """Each key's place, the highest first, ties sharing the place; and whether tied."""
    ordered = np.sort(-keys)
    first = np.searchsorted(ordered, -keys, side="left")
    last = np.searchsorted(ordered, -keys, side="right")
    return first + 1, last - first > 1


def main(path: str, method: str) -> None:
    with open(path, newline="", encoding="utf-8") as file:
        reader = csv.reader(file)
        header = [name.strip().lower() for name in next(reader)]
        rows = [row for row in reader if row]
    at = {name: header.index(name) for name in ("board", "ns", "ew", "score")}
    board = np.array([int(row[at["board"]]) for row in rows], dtype=np.int64)
    score = np.array([int(row[at["score"]]) for row in rows], dtype=np.int64)
    ns_names = np.array([row[at["ns"]] for row in rows])
    ew_names = np.array([row[at["ew"]] for row in rows])
    ns_pairs, ns_index = np.unique(ns_names, return_inverse=True)
    ew_pairs, ew_index = np.unique(ew_names, return_inverse=True)
    order = np.argsort(board, kind="stable")
    numbers, starts = np.unique(board[order], return_index=True)
    ends = [*starts[1:].tolist(), len(order)]
    ns_points = np.zeros(len(rows), dtype=np.int64)
    ew_points = np.zeros(len(rows), dtype=np.int64)
    out: list[str] = []
    write = out.append
    tops = []
    for number, start, end in zip(numbers.tolist(), starts.tolist(), ends, strict=True):
        tables = order[start:end]
        scores = score[tables]
        if method == "mp":
            top = 2 * (len(tables) - 1)
            points = matchpoints(scores)
            ns_points[tables], ew_points[tables] = points, top - points
            write(f"Board {number} (top {top})")
            tops.append(top)
        else:
            datum, points = butler(scores)
            ns_points[tables], ew_points[tables] = points, -points
            write(f"Board {number} (datum {datum})")
        for ns, ew, value, ns_value, ew_value in zip(
            ns_names[tables].tolist(),
            ew_names[tables].tolist(),
            scores.tolist(),
            ns_points[tables].tolist(),
            ew_points[tables].tolist(),
            strict=True,
        ):
            write(f"  {ns} {ew} {value:+d} {ns_value}.00 {ew_value}.00")
        write("")
    for pairs, index, points in (
        (ns_pairs, ns_index, ns_points),
        (ew_pairs, ew_index, ew_points),
    ):
        totals = np.bincount(index, weights=points, minlength=len(pairs))
        boards = np.bincount(index, minlength=len(pairs))
        keys = 100 * totals / (boards * tops[0]) if method == "mp" else totals.astype(np.float64)
        place, tied = ranks(keys)
        ranking = np.lexsort((pairs, -keys))
        write("Ranking")
        for pair, rank, tie, played, total, key in zip(
            pairs[ranking].tolist(),
            place[ranking].tolist(),
            tied[ranking].tolist(),
            boards[ranking].tolist(),
            totals[ranking].tolist(),
            keys[ranking].tolist(),
            strict=True,
        ):
            mark = "=" if tie else ""
            percent = f"  {key:.2f}" if method == "mp" else ""
            write(f"  {rank}{mark}  {pair}  {played}  {total:.2f}{percent}")
        write("")
    sys.stdout.write("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
