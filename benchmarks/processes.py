"""Timing whole processes: the CPU time a command takes, from its start to its end.

A command line is measured as a person meets it: a fresh Python process that imports
what it needs, does its work and exits. The time is the child's CPU time (user and
system, ``getrusage(RUSAGE_CHILDREN)``), best of N, the commands run in turns: on a
shared machine the wall clock would charge a run for the other processes' time. The
children compile their bytecode once into a folder of their own
(``PYTHONPYCACHEPREFIX``), as an installed package has it, and run once before they
are timed.
"""

from __future__ import annotations

import io
import os
import resource
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def environment(cache: str) -> dict[str, str]:
    """The children's environment: bytecode written and read under ``cache``, English."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = cache
    env["ARBITRO_LANG"] = "en"
    return env


def python(*arguments: str) -> list[str]:
    """A command that runs this Python with ``arguments``."""
    return [sys.executable, *arguments]


def arbitro(*arguments: str) -> list[str]:
    """A command that runs ``arbitro`` (its entry point) with ``arguments``."""
    return python("-c", "from arbitro.cli import main; main()", *arguments)


def in_turns(commands: Sequence[list[str]], repeat: int) -> list[float]:
    """Each command's best CPU time in seconds; output thrown away, a failure raised."""
    best = [float("inf")] * len(commands)
    with tempfile.TemporaryDirectory() as cache:
        env = environment(cache)
        for command in commands:  # bytecode and the compiled catalogs, once
            subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)
        for _ in range(repeat):
            for at, command in enumerate(commands):
                start = _children_cpu()
                subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)
                best[at] = min(best[at], _children_cpu() - start)
    return best


REVISION_PROLOGUE = """
import sys
root = sys.argv[1]
sys.path[:0] = [root + "/src", root]
import arbitro
if not arbitro.__file__.startswith(root):
    sys.exit(f"the revision's arbitro is shadowed by {arbitro.__file__}")
"""
"""The start of a script that runs a revision unpacked by :func:`unpack_commit`.

Its first argument is the folder; the script imports that folder's ``arbitro`` and
``benchmarks`` (never the installed ones) and stops if another ``arbitro`` shadows it.
"""


def unpack_commit(commit: str, folder: Path, paths: Sequence[str] = ("src",)) -> bool:
    """Write ``paths`` as they are at ``commit`` of this repository into ``folder``; False without it.

    A clone without that commit (a shallow one) or without git has no "before" to run.
    """
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit, *paths], capture_output=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return False
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return True
