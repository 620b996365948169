"""A throwaway PostgreSQL cluster for the storage tests, and the databases to run them on.

The ``postgresql_server`` fixture runs Debian's ``initdb`` and ``pg_ctl`` (from
``/usr/lib/postgresql/*/bin``) in a temporary folder, on a free loopback port, once for
the whole test run (every module that loads this plugin shares it). PostgreSQL refuses
to run as root, so as root it runs as the unprivileged ``arbitro-test`` user
(``scripts/ensure-system-packages.sh`` creates it; the fixture creates it too if it is
missing). Nothing is skipped: if the cluster cannot start, the tests that need it fail
and say why.

The cluster is stopped and its folder removed whatever ends the test run. Before
``initdb`` runs, a small guardian process starts that waits on a pipe from the test
run and, when the pipe closes, stops the server and removes the folder. The pipe
closes when the session's fixture ends, at the interpreter's exit (``atexit``), and
when the test run dies however it dies (Ctrl-C, ``kill``, even ``kill -9``), since the
system closes a dead process's files. The guardian lives in a session of its own, so
the Ctrl-C that interrupts the run does not stop it half-way.

Test modules load it as a plugin: ``pytest_plugins = ("postgresql_cluster",)``. The doctest
collection imports it first, so pytest is told not to rewrite it: PYTEST_DONT_REWRITE.
"""

from __future__ import annotations

import atexit
import itertools
import os
import pwd
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

PG_USER = "arbitro-test"
_counter = itertools.count(1)


def _postgres_bin() -> Path:
    candidates = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0,
    )
    if not candidates:
        pytest.fail(
            "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run "
            "`make test`, whose scripts/ensure-system-packages.sh installs Debian's postgresql",
            pytrace=False,
        )
    return candidates[-1].parent


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _as_user(command: list[str]) -> list[str]:
    """Run ``command`` as the unprivileged test user when we are root."""
    if os.geteuid() != 0:
        return command
    try:
        pwd.getpwnam(PG_USER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", PG_USER],
            check=True,
            capture_output=True,
        )
    return ["runuser", "-u", PG_USER, "--", *command]


def _run(command: list[str], what: str) -> None:
    done = subprocess.run(_as_user(command), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.fail(
            f"PostgreSQL for the tests could not {what}: {(done.stderr or done.stdout).strip()}",
            pytrace=False,
        )


_GUARDIAN = """
import shutil, signal, subprocess, sys
signal.signal(signal.SIGINT, signal.SIG_IGN)
signal.signal(signal.SIGHUP, signal.SIG_IGN)
sys.stdin.buffer.read()
subprocess.run(sys.argv[2:], capture_output=True, check=False)
shutil.rmtree(sys.argv[1], ignore_errors=True)
"""
"""Waits until its standard input closes, then runs its stop command and removes the folder."""


@dataclass
class Cluster:
    """A running throwaway cluster: its URL (without a database), port, folder and guardian."""

    url: str
    port: int
    folder: Path
    guardian: subprocess.Popen[bytes]

    def stop(self) -> None:
        """Stop the server and remove its folder (the guardian does it); idempotent."""
        if self.guardian.stdin is not None and not self.guardian.stdin.closed:
            self.guardian.stdin.close()
        self.guardian.wait()


_started: list[Cluster] = []


def _start_cluster(fsync: bool = False) -> Cluster:
    """A new throwaway cluster on loopback; ``fsync=False`` (the tests') skips the disk's flush."""
    binaries = _postgres_bin()
    folder = Path(tempfile.mkdtemp(prefix="arbitro-pg-"))
    data, log = folder / "data", folder / "server.log"
    stop = _as_user([str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"])
    guardian = subprocess.Popen(
        [sys.executable, "-I", "-c", _GUARDIAN, str(folder), *stop],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    port = _free_port()
    cluster = Cluster(f"postgresql+psycopg://postgres@127.0.0.1:{port}", port, folder, guardian)
    atexit.register(cluster.stop)
    if os.geteuid() == 0:
        entry = pwd.getpwnam(PG_USER)  # _as_user made the user if it was missing
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    folder.chmod(0o700)
    _run(
        [
            str(binaries / "initdb"),
            *("-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C"),
            "--no-sync",
        ],
        "create its cluster (initdb)",
    )
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1"
    if not fsync:
        options += " -c fsync=off"
    _run(
        [str(binaries / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options, "-w", "start"],
        "start (pg_ctl start; see its log)",
    )
    return cluster


def durable_cluster() -> Cluster:
    """A cluster of its own that flushes its commits to disk as an installed server does.

    PostgreSQL's defaults (``fsync=on``, ``synchronous_commit=on``): what the benchmarks
    measure a federation's server with; stop it with :meth:`Cluster.stop`.
    """
    return _start_cluster(fsync=True)


def shared_cluster() -> Cluster:
    """The cluster of this test run, started on first use (by the fixture or at collection)."""
    if not _started or _started[0].guardian.poll() is not None:
        _started[:] = [_start_cluster()]
    return _started[0]


@pytest.fixture(scope="session")
def postgresql_server() -> Iterator[str]:
    """The URL (without a database name) of the PostgreSQL cluster started for this test run.

    The cluster stops, and its folder goes, when the session ends.
    """
    cluster = shared_cluster()
    yield cluster.url
    cluster.stop()


def fresh_postgresql_database(server: str) -> str:
    """Create an empty database on ``server`` and return its URL."""
    import psycopg

    name = f"arbitro_{os.getpid()}_{next(_counter)}"
    port = server.rsplit(":", 1)[1]
    with psycopg.connect(
        host="127.0.0.1", port=int(port), user="postgres", dbname="postgres", autocommit=True
    ) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{server}/{name}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file, then a PostgreSQL database (every storage test runs on both)."""
    if request.param == "sqlite":
        return str(tmp_path / "arbitro.sqlite3")
    server: str = request.getfixturevalue("postgresql_server")
    return fresh_postgresql_database(server)
