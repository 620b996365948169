"""Timing helpers: best-of-N wall-clock timing and a side-by-side report with ratios."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Measurement:
    """One workload timed for Árbitro and for its anchor, in the same run."""

    name: str
    unit: str
    arbitro: float
    anchor: float
    anchor_name: str
    higher_is_better: bool = True

    @property
    def ratio(self) -> float:
        """Árbitro's advantage over the anchor: above 1.0 means Árbitro is better."""
        if self.higher_is_better:
            return self.arbitro / self.anchor
        return self.anchor / self.arbitro


def best_time(work: Callable[[], object], repeat: int = 5) -> float:
    """The best wall-clock time of ``repeat`` runs of ``work``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def report(measurements: list[Measurement]) -> str:
    """A table of the measurements, one row each, with the ratio."""
    rows = [f"{'workload':40} {'arbitro':>14} {'anchor':>14}  ratio  anchor"]
    for item in measurements:
        rows.append(
            f"{item.name:40} {item.arbitro:>10.4g} {item.unit:3} {item.anchor:>10.4g} "
            f"{item.unit:3} {item.ratio:6.2f}  {item.anchor_name}"
        )
    return "\n".join(rows)
