"""The store's rules that must hold once, under concurrent writers, on SQLite and PostgreSQL.

Every check-then-write of the store is one writing transaction that holds the database's
write lock from its first read (``Store.transaction``). Each test starts its writers in
threads and makes the worst interleaving happen, not just hoped for: the first readers
of the guarded table wait for one another (:func:`readers_meet`) before any of them
writes. Without the lock all of them read the same state and all of them write; with
it, the second reader cannot read before the first has committed, so the meeting is
given up (after :data:`MEETING`) and the writers run one after another.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlalchemy import event as sqlalchemy_event

from arbitro.core.errors import ConflictError
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.records import Decision
from arbitro.web import create_app

pytest_plugins = ("postgresql_cluster",)  # the PostgreSQL cluster and the `database` fixture

NIGHT = datetime(2026, 11, 24, 21, 0, tzinfo=UTC)
MEETING = 2.0
"""Seconds a reader waits for the others before it goes on alone (the lock keeps them out)."""


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    """The store on SQLite (waiting for the write lock as long as a test may) or PostgreSQL."""
    location = database if "://" in database else f"sqlite:///{database}?timeout=120"
    opened = open_store(location)
    yield opened
    opened.close()


@contextmanager
def readers_meet(engine: Engine, table: str, readers: int) -> Iterator[None]:
    """Make the first ``readers`` SELECTs of ``table`` wait for one another before going on."""
    meeting = threading.Barrier(readers, timeout=MEETING)
    count = itertools.count()

    def after_select(*arguments: Any) -> None:
        statement = str(arguments[2]).lstrip()
        reads = statement.upper().startswith("SELECT") and f"FROM {table}" in statement
        if reads and next(count) < readers:
            with suppress(threading.BrokenBarrierError):
                meeting.wait()

    sqlalchemy_event.listen(engine, "after_cursor_execute", after_select)
    try:
        yield
    finally:
        sqlalchemy_event.remove(engine, "after_cursor_execute", after_select)


def at_once(calls: list[Callable[[], object]]) -> list[object]:
    """Run ``calls`` in as many threads; each one's value, or the exception it raised."""

    def outcome(call: Callable[[], object]) -> object:
        try:
            return call()
        except Exception as error:
            return error

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(outcome, calls))


def two_pairs_event(store: Store, **settings: object) -> int:
    spec = EventSpec("Club", boards=2, **settings)  # type: ignore[arg-type]
    return store.create_event(spec, [Participant(str(n)) for n in range(1, 5)])


def test_law_79c1_results_are_published_once_when_two_directors_publish_at_once(
    store: Store,
) -> None:
    event = two_pairs_event(store)
    with readers_meet(store.engine, "events", 2):
        outcomes = at_once([lambda: store.publish(event, by="ana", now=NIGHT)] * 2)
    refusals = [o for o in outcomes if isinstance(o, ConflictError)]
    assert len(refusals) == 1, outcomes
    assert "official already" in str(refusals[0])
    assert [e.action for e in store.event_log(event)].count("publish") == 1


def test_law_93_an_appeal_is_decided_once_when_two_decisions_come_at_once(store: Store) -> None:
    event = two_pairs_event(store, appeal_minutes=30)
    store.publish(event, now=NIGHT)
    appeal = store.lodge_appeal(event, "1", "board 1", now=NIGHT + timedelta(minutes=5))
    later = NIGHT + timedelta(minutes=40)
    with readers_meet(store.engine, "appeals", 2):
        outcomes = at_once(
            [
                lambda: store.decide_appeal(event, appeal, Decision.UPHELD, by="ana", now=later),
                lambda: store.decide_appeal(event, appeal, Decision.DISMISSED, by="eva", now=later),
            ]
        )
    refusals = [o for o in outcomes if isinstance(o, ConflictError)]
    assert len(refusals) == 1, outcomes
    assert "decided already" in str(refusals[0])
    (stored,) = store.appeals(event)
    decided = {Decision.UPHELD: "ana", Decision.DISMISSED: "eva"}
    assert stored.appeal.decision is not None
    assert stored.appeal.decided_by == decided[stored.appeal.decision]
    assert [e.action for e in store.event_log(event)].count("decision") == 1


def test_law_79c_eighty_corrections_at_once_make_one_version_after_another(store: Store) -> None:
    event = two_pairs_event(store)
    store.enter_result(event, 1, 1, Entry.from_str("1C N 7"), ns="1", ew="2", by="table")
    contracts = itertools.product(range(1, 8), "CDHSN", "NESW")
    entries = [f"{level}{strain} {seat} {level + 6}" for level, strain, seat in contracts][1:81]

    def correct(text: str) -> Callable[[], object]:
        return lambda: store.correct_result(event, 1, 1, Entry.from_str(text), "slip", by="TD")

    with readers_meet(store.engine, "results", 8):
        outcomes = at_once([correct(text) for text in entries])
    assert not [o for o in outcomes if isinstance(o, BaseException)], outcomes
    versions = sorted(o.version for o in outcomes)  # type: ignore[attr-defined]
    assert versions == list(range(2, 82))
    trail = store.audit(event)
    assert [line.action for line in trail] == ["enter"] + ["correct"] * 80
    for previous, line in itertools.pairwise(trail):
        assert line.old == previous.new, (previous, line)
    assert sorted(line.new for line in trail[1:]) == sorted(
        Entry.from_str(text).to_str() for text in entries
    )
    (result,) = store.results(event)
    assert (result.version, result.entry.to_str()) == (81, trail[-1].new)


def test_the_first_director_is_made_once_from_eight_first_run_forms_at_once(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The password's cost is not what is tested: eight Argon2 hashes at once would take 512 MiB.
    monkeypatch.setattr("arbitro.web.sign_in.hash_password", lambda password: f"h:{password}")
    app = create_app(store, secret="s" * 64)
    clients = [TestClient(app) for _ in range(8)]
    tokens = []
    for client in clients:
        page = client.get("/director/setup")
        assert page.url.path == "/director/setup"
        tokens.append(page.text.split('name="csrf_token" value="')[1].split('"')[0])

    def set_up(number: int) -> Callable[[], object]:
        form = {
            "csrf_token": tokens[number],
            "name": f"director{number}",
            "password": "club night 2026",
            "repeat": "club night 2026",
        }
        return lambda: clients[number].post("/director/setup", data=form).url.path

    with readers_meet(store.engine, "directors", 8):
        landed = at_once([set_up(number) for number in range(8)])
    assert len(store.director_names()) == 1
    assert sorted(landed) == ["/director/"] + ["/director/sign-in"] * 7  # type: ignore[type-var]
