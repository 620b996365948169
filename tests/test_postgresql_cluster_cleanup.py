"""The throwaway PostgreSQL cluster goes away whatever ends the test session.

Each test runs a small pytest session in a subprocess that starts the cluster of
``postgresql_cluster`` (in a test through the ``postgresql_server`` fixture, or while
its module is being collected), ends that session (normally, Ctrl-C, ``kill``,
``kill -9``), and then finds no server answering on the cluster's port, no process
running from its folder, and no folder left.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

IN_A_TEST = """
import time

pytest_plugins = ("postgresql_cluster",)


def test_holds_the_cluster(postgresql_server: str) -> None:
    print("SERVER", postgresql_server, flush=True)
    if {wait}:
        time.sleep(600)  # the session is ended from outside while the test runs
"""

AT_COLLECTION = """
import time

import postgresql_cluster

print("SERVER", postgresql_cluster.shared_cluster().url, flush=True)
time.sleep(600)  # collection goes no further: the session is ended from outside here
"""


@pytest.fixture
def temporary_folder() -> Iterator[Path]:
    """A folder for the session's temporary files that the PostgreSQL user can enter."""
    folder = Path(tempfile.mkdtemp(prefix="arbitro-session-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def accepts_connections(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(2)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def processes_running_from(folder: Path) -> list[int]:
    """The processes whose command line names ``folder`` (a postmaster is started with it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if str(folder).encode() in command and state != "Z":
            found.append(int(entry.name))
    return found


def left_behind(base: Path, port: int) -> list[str]:
    """What the session left: cluster folders under ``base``, a server on ``port``, processes."""
    folders = sorted(base.glob("arbitro-pg-*"))
    left = [f"folder {folder}" for folder in folders]
    if accepts_connections(port):
        left.append(f"a server on port {port}")
    left += [f"process {pid}" for pid in processes_running_from(base)]
    return left


@pytest.mark.parametrize(
    ("where", "ending"),
    [
        ("test", None),
        ("test", signal.SIGINT),
        ("test", signal.SIGTERM),
        ("test", signal.SIGKILL),
        ("collection", signal.SIGINT),
        ("collection", signal.SIGKILL),
    ],
    ids=[
        "test-ends",
        "test-ctrl-c",
        "test-kill",
        "test-kill-9",
        "collection-ctrl-c",
        "collection-kill-9",
    ],
)
def test_postgresql_cluster_is_stopped_and_removed_whatever_ends_the_session(
    tmp_path: Path, temporary_folder: Path, where: str, ending: signal.Signals | None
) -> None:
    module = tmp_path / "test_session.py"
    source = AT_COLLECTION if where == "collection" else IN_A_TEST.format(wait=ending is not None)
    module.write_text(source, encoding="utf-8")
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]),
        "TMPDIR": str(temporary_folder),
    }
    session = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", str(module)],
        cwd=tmp_path,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert session.stdout is not None
    printed = []
    for line in session.stdout:
        printed.append(line)
        if line.startswith("SERVER "):
            break
    else:
        session.wait()
        pytest.fail("the session did not start the cluster:\n" + "".join(printed))
    port = int(line.split()[1].rsplit(":", 1)[1])
    assert accepts_connections(port)
    assert sorted(temporary_folder.glob("arbitro-pg-*"))
    if ending is not None:
        session.send_signal(ending)
    session.communicate(timeout=300)
    # The guardian may still be stopping the server after a kill -9: wait for it, up to
    # a bound that only a broken clean-up reaches (this measures nothing).
    deadline = time.monotonic() + 120
    while left_behind(temporary_folder, port) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert left_behind(temporary_folder, port) == []
