"""``arbitro serve``'s first answer (issue 26), beside a bare FastAPI application on uvicorn.

Each run starts a server process on a free port of the loopback and asks for a page
until it answers: the time is from the start of the process to that first answer.
Árbitro's page is the director's sign-in page (``/director/sign-in``), the first a
director opens (a third row: the director's bookmark of the desk, ``/director/``, with
nobody signed in, which the server sends on to it): a real page, which reads the
database (whether it has a director) and renders a template in the director's language. Árbitro serves an SQLite database
already at the newest schema, with a director and the session's signing key kept in it
(a server started again for the evening: the first, uncounted round of each server
makes the key; ``ARBITRO_SECRET`` is not set), so its first page is answered from the
first reads, before the store is opened (``arbitro.store.on_first_use``); the anchor is the least a FastAPI console can cost, an application of one
route served by uvicorn (``benchmarks/web_floor.py`` is the floor
of the score entry, not of the start). Two figures, best of N, the two in turns: the
server's CPU time up to its first answer (read from ``/proc``, which a loaded machine
does not inflate as it does the wall clock) and the wall clock. The ratio is anchor /
Árbitro; the issue's goal is a first answer within 0.5 s of the start on the team's
machine. A third server, in the same turns, is Árbitro as it was at :data:`BEFORE`
(its ``src`` read from the repository's history with ``git archive``, run by this
interpreter), so that a change's gain is measured beside the anchor in one run; a
clone without that commit prints no such row.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from benchmarks.harness import Measurement
from benchmarks.processes import environment, unpack_commit

REPEAT = 5
BEFORE = "8a6f5dc5dc936a8e6a1e903498289321b2b15650"
"""Main before the first page was answered before the store was opened (issue 26)."""

BARE = """
import sys
import uvicorn
from fastapi import FastAPI

app = FastAPI()


@app.get("/health")
def health() -> dict[str, str]:
    return {"status": "ok"}


uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""


def free_port() -> int:
    """A port of the loopback nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _cpu(pid: int) -> float:
    """A running process's CPU time so far (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


FIRST_PAGE = "/director/sign-in"
"""What Árbitro's first request asks for (the anchor's is its one route, ``/health``)."""

BOOKMARK = "/director/"
"""A director's bookmark of the desk, asked for with nobody signed in: the server sends
it to the sign-in page (:data:`SIGNED_OUT`), where the time stops."""

SIGNED_OUT = "/director/sign-in?next=/director/"
"""Where :data:`BOOKMARK` leads."""


def first_answer(
    command: list[str], port: int, env: dict[str, str], page: str, landing: str | None = None
) -> tuple[float, float]:
    """The CPU time and the wall clock from starting ``command`` to its first answer to ``page``.

    The answer is the page itself, or, followed from ``page``, the page ``landing``.
    """
    expected = f"http://127.0.0.1:{port}{landing or page}"
    start = time.perf_counter()
    server = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        while True:
            if server.poll() is not None:
                raise RuntimeError(f"the server stopped: {command}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}{page}", timeout=5) as answer:
                    if answer.status != 200 or answer.url != expected:
                        raise RuntimeError(f"{page} answered {answer.status} at {answer.url}")
                    break
            except OSError:
                time.sleep(0.005)
        return _cpu(server.pid), time.perf_counter() - start
    finally:
        server.terminate()
        server.wait()


def run() -> list[Measurement]:
    """Árbitro's and the bare application's first answers, CPU and wall clock."""
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{Path(folder) / 'event.db'}"
        bare = Path(folder) / "bare.py"
        bare.write_text(BARE, encoding="utf-8")
        env = environment(str(Path(folder) / "cache"))
        env.pop("ARBITRO_SECRET", None)  # the key kept in the database, as a club's server
        director = [sys.executable, "-c", "from arbitro.cli import main; main()", "director"]
        subprocess.run(  # creates the database at the newest schema, with its director
            [*director, "add", "Ana", "--password-stdin", "--db", database],
            input="a long enough password\n",
            text=True,
            env=env,
            check=True,
            capture_output=True,
        )

        def ours(port: int) -> list[str]:
            serve = "from arbitro.cli import main; main()"
            arguments = ["serve", "--port", str(port), "--db", database]
            return [sys.executable, "-c", serve, *arguments]

        def anchor(port: int) -> list[str]:
            return [sys.executable, str(bare), str(port)]

        before = Path(folder) / "before"
        before_env = {
            **env,
            "PYTHONPATH": str(before / "src"),  # ahead of the installed (editable) package
            "PYTHONPYCACHEPREFIX": str(Path(folder) / "before-cache"),
        }
        runs = [
            ("ours", ours, env, FIRST_PAGE, None),
            ("anchor", anchor, env, "/health", None),
            ("bookmark", ours, env, BOOKMARK, SIGNED_OUT),
        ]
        if unpack_commit(BEFORE, before):
            runs.append(("before", ours, before_env, FIRST_PAGE, None))
        else:
            print(
                f"bench_serve: commit {BEFORE[:10]} is not in this clone: no before",
                file=sys.stderr,
            )
        best = {name: [float("inf")] * 2 for name, *_ in runs}
        for round_ in range(REPEAT + 1):  # the first compiles the bytecode, makes the key
            for name, command, run_env, page, landing in runs:
                port = free_port()
                cpu, wall = first_answer(command(port), port, run_env, page, landing)
                if round_:
                    best[name] = [min(best[name][0], cpu), min(best[name][1], wall)]
    name = "FastAPI + uvicorn, one route"
    rows = [
        Measurement(
            "serve: first answer, CPU", "s", best["ours"][0], best["anchor"][0], name, False
        ),
        Measurement(
            "serve: first answer, wall", "s", best["ours"][1], best["anchor"][1], name, False
        ),
        Measurement(
            "serve: a desk bookmark, signed out, to the sign-in page, wall",
            "s",
            best["bookmark"][1],
            best["anchor"][1],
            name,
            False,
        ),
    ]
    if "before" in best:
        rows += [
            Measurement(
                f"the same, CPU, before ({BEFORE[:7]})",
                "s",
                best["before"][0],
                best["anchor"][0],
                name,
                False,
            ),
            Measurement(
                f"the same, wall, before ({BEFORE[:7]})",
                "s",
                best["before"][1],
                best["anchor"][1],
                name,
                False,
            ),
        ]
    return rows


if __name__ == "__main__":
    from benchmarks.harness import report

    print(report(run()), file=sys.stderr)
