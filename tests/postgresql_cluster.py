"""A throwaway PostgreSQL cluster for the storage tests, and the databases to run them on.

The ``postgresql_server`` fixture runs Debian's ``initdb`` and ``pg_ctl`` (from
``/usr/lib/postgresql/*/bin``) in a temporary folder, on a free loopback port, once for
the whole test run (every module that loads this plugin shares it), and stops it when
the run ends. PostgreSQL refuses to run as root, so as
root it runs as the unprivileged ``arbitro-test`` user (``scripts/ensure-system-packages.sh``
creates it; the fixture creates it too if it is missing). Nothing is skipped: if the
cluster cannot start, the tests that need it fail and say why.

Test modules load it as a plugin: ``pytest_plugins = ("postgresql_cluster",)``. The doctest
collection imports it first, so pytest is told not to rewrite it: PYTEST_DONT_REWRITE.
"""

from __future__ import annotations

import atexit
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
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


_started: list[str] = []


def _stop(binaries: Path, data: Path, folder: Path) -> None:
    subprocess.run(
        _as_user([str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]),
        capture_output=True,
        check=False,
    )
    shutil.rmtree(folder, ignore_errors=True)


def _start_cluster() -> str:
    binaries = _postgres_bin()
    folder = Path(tempfile.mkdtemp(prefix="arbitro-pg-"))
    data, log = folder / "data", folder / "server.log"
    if os.geteuid() == 0:
        _as_user(["true"])  # creates the user if needed
        entry = pwd.getpwnam(PG_USER)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    folder.chmod(0o700)
    port = _free_port()
    _run(
        [
            str(binaries / "initdb"),
            *("-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C"),
            "--no-sync",
        ],
        "create its cluster (initdb)",
    )
    atexit.register(_stop, binaries, data, folder)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    _run(
        [str(binaries / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options, "-w", "start"],
        "start (pg_ctl start; see its log)",
    )
    return f"postgresql+psycopg://postgres@127.0.0.1:{port}"


@pytest.fixture(scope="session")
def postgresql_server() -> str:
    """The URL (without a database name) of the PostgreSQL cluster started for this test run."""
    if not _started:
        _started.append(_start_cluster())
    return _started[0]


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
