"""``make bench``: run every benchmark module in this folder and print its measurements.

A benchmark module is ``benchmarks/bench_*.py`` with a ``run() -> list[Measurement]``
function; each measurement is printed beside its anchor (the baseline the issue names,
run in the same process on the same machine) with their ratio.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import benchmarks
from benchmarks.harness import Measurement, report


def main(selected: list[str]) -> int:
    names = sorted(
        module.name
        for module in pkgutil.iter_modules(benchmarks.__path__)
        if module.name.startswith("bench_")
        and (not selected or module.name.removeprefix("bench_") in selected)
    )
    if not names:
        print("no benchmarks to run")
        return 0
    for name in names:
        module = importlib.import_module(f"benchmarks.{name}")
        measurements: list[Measurement] = module.run()
        print(f"== {name}")
        print(report(measurements))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
