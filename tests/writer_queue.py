"""The group-commit writer held busy, so that the writes a test submits queue up into one batch."""

from __future__ import annotations

import threading

from sqlalchemy import Connection

from arbitro.store.group_commit import GroupCommitWriter


def held(writer: GroupCommitWriter) -> threading.Event:
    """Keep ``writer`` busy until the returned event is set, so that writes queue up."""
    release, started = threading.Event(), threading.Event()

    def wait(_connection: Connection) -> None:
        started.set()
        release.wait(10)

    writer.submit(wait)
    assert started.wait(10)
    return release
