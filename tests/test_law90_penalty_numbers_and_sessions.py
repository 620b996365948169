"""Law 90 penalties numbered within their event, given in a session, and old board-less IMP ones.

A penalty is numbered 1, 2, 3 within its event in the order given, and a withdrawn
penalty's number is never given again; the desk, the command line and the API show and
take that number (migration 0017 numbers the penalties already stored, per event, in
the order they were given). In an event of several sessions a penalty belongs to one
session, and comes off that session's score (a teams event: that session's match); the
desk, the API and the command line give it in the session named, else in the event's
current one. A teams penalty in IMPs kept without its board from before the board was
required comes off the team's first match of its session: the desk, the API and the
command line flag it, for the director to withdraw it and give it again with its board.
On SQLite and on a real PostgreSQL.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient

from arbitro.store import Store, open_store
from arbitro.store.database import database_url, open_database
from arbitro.store.models import EventRow, PenaltyRow
from arbitro.store.repository import MIGRATIONS, StoreError, newest_revision, schema_revision
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from cli_support import run_cli
from teams_support import league

pytest_plugins = ("postgresql_cluster", "web_director")

NIGHT = datetime(2026, 11, 24, 21, 0, tzinfo=UTC)


@pytest.fixture
def on_both(database: str) -> Iterator[Store]:
    """A store on SQLite, then on PostgreSQL (the ``database`` fixture's two runs)."""
    opened = open_store(database)
    try:
        yield opened
    finally:
        opened.close()


def slow(participant: str = "1", board: int | None = None) -> PenaltyRecord:
    """A tenth of a top for slow play (Law 90B2)."""
    return PenaltyRecord(
        participant, PenaltyKind.PROCEDURAL, Fraction(1, 10), "top", "90B2", "slow", board
    )


def two_sessions(store: Store) -> int:
    """Four pairs, one board, two sessions: 1 v 2 and 3 v 4 play board 1 in each."""
    event = store.create_event(
        EventSpec("Dos sesiones", boards=1, sessions=2),
        [Participant(str(pair)) for pair in range(1, 5)],
    )
    for session in (1, 2):
        store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), "1", "2", session)
        store.enter_result(event, 1, 2, Entry.from_str("4S N 9"), "3", "4", session)
    return event


def test_law90_penalties_are_numbered_within_their_event_never_reused(on_both: Store) -> None:
    store = on_both
    first = store.create_event(EventSpec("Lunes", boards=1), [Participant("1")])
    second = store.create_event(EventSpec("Martes", boards=1), [Participant("1")])
    assert [store.add_penalty(first, slow()) for _ in range(3)] == [1, 2, 3]
    # The second event's first penalty is its number 1, whatever the first event holds.
    assert store.add_penalty(second, slow()) == 1
    store.withdraw_penalty(first, 3, "given twice")
    store.withdraw_penalty(first, 1, "given to the wrong pair")
    # The last number withdrawn is not given again.
    assert store.add_penalty(first, slow()) == 4
    assert [stored.number for stored in store.penalties(first)] == [2, 4]
    store.change_penalty(first, 4, slow(), "no change but the record")
    assert store.penalties(first)[1].record.reason == "slow"
    # A number is the event's: the second event has no penalty 2.
    with pytest.raises(StoreError, match="has no penalty 2"):
        store.withdraw_penalty(second, 2, "not there")
    assert [stored.number for stored in store.penalties(second)] == [1]


def test_law90_migration_0017_numbers_the_stored_penalties_per_event_in_the_order_given(
    database: str,
) -> None:
    # A database left at revision 0016, the two events' penalties given in turn.
    engine = open_database(database_url(database))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0016")
    names = ("name", "kind", "method", "profile", "boards", "sessions", "correction_minutes")
    events = sa.table(
        "events",
        sa.column("id"),
        *(sa.column(name) for name in names),
        *(sa.column(name) for name in ("appeal_minutes", "tie_breaks", "created_at")),
    )
    columns = ("event_id", "session", "participant", "kind", "amount", "unit", "law")
    penalties = sa.table(
        "penalties",
        *(sa.column(name) for name in columns),
        *(sa.column(name) for name in ("reason", "board", "director", "at")),
    )
    with engine.begin() as connection:
        for name in ("Lunes", "Martes"):
            connection.execute(
                sa.insert(events).values(
                    name=name, kind="pairs", method="mp", profile="aeb", boards=1, sessions=1,
                    correction_minutes=30, appeal_minutes=30, tie_breaks="", created_at=NIGHT,
                )
            )  # fmt: skip
        ids = [row[0] for row in connection.execute(sa.select(events.c.id).order_by("id"))]
        pairs = sa.table("participants", sa.column("event_id"), sa.column("number"),
                         sa.column("players"), sa.column("carry_over"))  # fmt: skip
        for event_id in ids:
            connection.execute(
                sa.insert(pairs).values(event_id=event_id, number="1", players="", carry_over="0")
            )
        for event_id, reason in zip([*ids, *ids, ids[0]], "abcde", strict=True):
            connection.execute(
                sa.insert(penalties).values(
                    event_id=event_id, session=1, participant="1", kind="procedural",
                    amount="1/10", unit="top", law="90B2", reason=reason, board=None,
                    director="", at=NIGHT,
                )
            )  # fmt: skip
    engine.dispose()
    store = open_store(database)  # opening migrates to the newest revision
    try:
        assert schema_revision(store.engine) == newest_revision() >= "0017"
        numbered = {
            event_id: [(p.number, p.record.reason) for p in store.penalties(event_id)]
            for event_id in ids
        }
        assert numbered == {ids[0]: [(1, "a"), (2, "c"), (3, "e")], ids[1]: [(1, "b"), (2, "d")]}
        # The next penalty follows each event's last.
        assert store.add_penalty(ids[0], slow()) == 4
        assert store.add_penalty(ids[1], slow()) == 3
    finally:
        store.close()


def test_law90_a_penalty_comes_off_the_score_of_its_session(on_both: Store) -> None:
    store = on_both
    event = two_sessions(store)
    before = store.ranking(event)
    store.add_penalty(event, slow("3"), session=2)
    first, second = store.score(event)
    assert first.penalties == []
    assert [pair for pair, _ in second.penalties] == ["3"]
    # Its session's total is less by the penalty, the other session's is not; the
    # ranking over both sessions takes it.
    (in_first,) = [p for p in first.pairs if p.pair == "3"]
    (in_second,) = [p for p in second.pairs if p.pair == "3"]
    assert in_second.maximum is not None  # a top: the board was compared
    assert (in_first.penalties, in_second.penalties) == (0, Fraction(in_second.maximum) / 10)
    assert in_first.total - in_second.total == in_second.penalties
    (was,) = [s.total for s in before if s.participant == "3"]
    (now,) = [s.total for s in store.ranking(event) if s.participant == "3"]
    assert now < was  # the ranking's unit (here a percentage over the sessions) is its own
    # Moved to session 1, it comes off session 1's score instead.
    store.change_penalty(event, 1, slow("3"), "it was in the first session", session=1)
    first, second = store.score(event)
    assert ([pair for pair, _ in first.penalties], second.penalties) == (["3"], [])
    assert store.penalties(event)[0].session == 1


def test_law90_a_teams_penalty_comes_off_the_match_of_its_session(store: Store) -> None:
    event = store.create_event(
        EventSpec("Encuentro", boards=2, kind="teams", sessions=2),
        [Participant("A"), Participant("B")],
    )
    for session in (1, 2):
        for table in (1, 2):
            ns, ew = ("A", "B") if table == 1 else ("B", "A")
            for board in (1, 2):
                store.enter_result(event, board, table, Entry.from_str("3NT S 9"), ns, ew, session)
    imps = PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90B2", "slow")
    store.add_penalty(event, imps, session=2)
    matches = store.penalised_matches(event)
    penalty_of_a = {
        session: [m.home_penalty if m.home == "A" else m.away_penalty for m in found]
        for session, found in matches.items()
    }
    assert penalty_of_a == {1: [0], 2: [3]}


def test_law90_the_desk_gives_a_penalty_in_the_session_chosen_and_lists_it(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = two_sessions(store)
    page = client.get(f"/director/events/{event}?view=rulings").text
    # The form offers the sessions; without rounds to open, the current one is the last.
    form = page.split('id="penalty-form"')[1].split("</form>")[0]
    assert re.search(r'<option value="2" selected>2</option>', form)
    fields = {
        "csrf_token": csrf, "participant": "3", "kind": "procedural", "amount": "1/10",
        "unit": "top", "law": "90B2", "reason": "slow",
    }  # fmt: skip
    client.post(f"/director/events/{event}/penalties", data=fields | {"session": "1"})
    client.post(f"/director/events/{event}/penalties", data=fields)
    assert [(p.number, p.session) for p in store.penalties(event)] == [(1, 1), (2, 2)]
    shown = client.get(f"/director/events/{event}?view=rulings").text
    assert "Session 1" in shown.split('id="penalty-1"')[1].split("</p>")[0]
    assert "Session 2" in shown.split('id="penalty-2"')[1].split("</p>")[0]
    # Withdrawn by its number, the next one given is number 3.
    client.post(
        f"/director/events/{event}/penalties/2/withdraw", data={"csrf_token": csrf, "why": "x"}
    )
    client.post(f"/director/events/{event}/penalties", data=fields)
    assert [p.number for p in store.penalties(event)] == [1, 3]
    assert 'id="penalty-3"' in client.get(f"/director/events/{event}?view=rulings").text


def test_law90_a_penalty_without_its_session_goes_to_the_last_session_played(
    director: tuple[TestClient, str], store: Store
) -> None:
    # No movement, so no rounds to say the current session: the results say it.
    client, csrf = director
    event = store.create_event(
        EventSpec("Dos sesiones", boards=1, sessions=2),
        [Participant(str(pair)) for pair in range(1, 5)],
    )
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), "1", "2", 1)
    page = client.get(f"/director/events/{event}?view=rulings").text
    form = page.split('id="penalty-form"')[1].split("</form>")[0]
    assert '<option value="1" selected>1</option>' in form
    given = {"participant": "1", "amount": "1/10", "law": "90B2"}
    client.post(f"/api/events/{event}/penalties", json=given, headers={"X-CSRF-Token": csrf})
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), "1", "2", 2)
    client.post(f"/api/events/{event}/penalties", json=given, headers={"X-CSRF-Token": csrf})
    assert [(p.number, p.session) for p in store.penalties(event)] == [(1, 1), (2, 2)]
    # Asked for session 1 on the desk, the form offers session 1.
    page = client.get(f"/director/events/{event}?view=rulings&session=1").text
    form = page.split('id="penalty-form"')[1].split("</form>")[0]
    assert '<option value="1" selected>1</option>' in form


def test_law90_the_desk_refuses_a_session_the_event_does_not_have(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = two_sessions(store)
    fields = {
        "csrf_token": csrf, "participant": "3", "kind": "procedural", "amount": "1/10",
        "unit": "top", "law": "90B2", "reason": "slow", "session": "3",
    }  # fmt: skip
    answer = client.post(f"/director/events/{event}/penalties", data=fields)
    assert "session 3 is not in the event (expected 1 to 2)" in answer.text
    assert store.penalties(event) == []


def test_law90_the_api_gives_a_penalty_in_its_session_and_answers_its_number(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    headers = {"X-CSRF-Token": csrf}
    other = store.create_event(EventSpec("Antes", boards=1), [Participant("1")])
    store.add_penalty(other, slow())  # the database's first penalty is another event's
    event = two_sessions(store)
    given = {"participant": "3", "amount": "1/10", "law": "90B2", "reason": "slow"}
    made = client.post(
        f"/api/events/{event}/penalties", json=given | {"session": 1}, headers=headers
    )
    assert made.status_code == 201
    assert made.json()["id"] == 1
    made = client.post(f"/api/events/{event}/penalties", json=given, headers=headers)
    assert made.json()["id"] == 2
    listed = client.get(f"/api/events/{event}/penalties").json()
    assert [(p["id"], p["session"], p["first_match"]) for p in listed] == [
        ("1", 1, False),
        ("2", 2, False),
    ]
    changed = client.put(
        f"/api/events/{event}/penalties/2",
        json=given | {"session": 1, "why": "it was the first session"},
        headers=headers,
    )
    assert changed.status_code == 204
    assert [p.session for p in store.penalties(event)] == [1, 1]
    gone = client.post(
        f"/api/events/{event}/penalties/1/withdraw", json={"reason": "x"}, headers=headers
    )
    assert gone.status_code == 204
    assert [p.number for p in store.penalties(event)] == [2]
    assert [p.number for p in store.penalties(other)] == [1]


def test_law90_the_command_line_gives_a_penalty_in_the_current_session_and_withdraws_by_number(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = str(tmp_path / "club.sqlite3")
    store = open_store(path)
    try:
        other = store.create_event(EventSpec("Antes", boards=1), [Participant("1")])
        store.add_penalty(other, slow())
        event = two_sessions(store)
    finally:
        store.close()
    base = ["--reason", "slow", "--law", "90B2", "--db", path]
    _, out, _ = run_cli(capsys, "event", "penalty", str(event), "3", "10%", *base)
    assert "Penalty 1 recorded: 3, 10% of a top (Law 90B2) in session 2" in out
    _, out, _ = run_cli(capsys, "event", "penalty", str(event), "4", "10%", "--session", "1", *base)
    assert "Penalty 2 recorded" in out
    assert "in session 1" in out
    _, shown, _ = run_cli(capsys, "event", "show", str(event), "--db", path)
    assert re.search(r"Penalty 1 \(procedural, Law 90B2\): 3, .*\[session 2\]", shown)
    assert re.search(r"Penalty 2 \(procedural, Law 90B2\): 4, .*\[session 1\]", shown)
    _, printed, _ = run_cli(capsys, "event", "show", str(event), "--json", "--db", path)
    data = json.loads(printed)
    assert [(p["id"], p["session"]) for p in data["penalties"]] == [(1, 2), (2, 1)]
    # Pair 3's score card: its penalty, numbered, in session 2, whose total it lowers.
    _, printed, _ = run_cli(capsys, "event", "card", str(event), "3", "--json", "--db", path)
    card = json.loads(printed)
    assert [(p["number"], p["session"]) for p in card["penalties"]] == [(1, 2)]
    first, second = card["sessions"]
    assert second["total"] < first["total"]
    _, out, _ = run_cli(
        capsys, "event", "penalty-withdraw", str(event), "1", "--reason", "x", "--db", path
    )
    assert "Penalty 1 withdrawn" in out
    store = open_store(path)
    try:
        assert [(p.number, p.record.participant) for p in store.penalties(event)] == [(2, "4")]
        assert [p.number for p in store.penalties(other)] == [1]
    finally:
        store.close()


def old_boardless_penalty(store: Store, event: int) -> None:
    """3 IMPs on team 1 with no board, as stored before the board was required."""
    with store.transaction() as db:
        db.execute(sa.update(EventRow).where(EventRow.id == event).values(penalties_given=1))
        db.add(
            PenaltyRow(
                event_id=event, number=1, session=1, participant="1", kind="procedural",
                amount="3", unit="imps", law="90B2", reason="slow", board=None, director="",
            )
        )  # fmt: skip


def test_law90_an_old_boardless_imp_penalty_is_flagged_on_the_desk_and_the_api(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = league(store)
    old_boardless_penalty(store, event)
    page = client.get(f"/director/events/{event}?view=rulings").text
    assert 'id="penalty-boardless-1"' in page
    flag = page.split('id="penalty-boardless-1"')[1].split("</p>")[0]
    assert "first match of the session" in flag
    assert "give it again with its board" in flag
    assert [p["first_match"] for p in client.get(f"/api/events/{event}/penalties").json()] == [True]
    # Given again with its board, the new penalty is not flagged.
    store.withdraw_penalty(event, 1, "given again with its board")
    store.add_penalty(
        event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90B2", "", 3)
    )
    page = client.get(f"/director/events/{event}?view=rulings").text
    assert "penalty-boardless-" not in page
    assert 'id="penalty-2"' in page


def test_law90_an_old_boardless_imp_penalty_is_flagged_by_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = str(tmp_path / "club.sqlite3")
    store = open_store(path)
    try:
        event = league(store)
        old_boardless_penalty(store, event)
    finally:
        store.close()
    _, shown, _ = run_cli(capsys, "event", "show", str(event), "--db", path)
    assert "no board: these IMPs come off the team's first match of the session" in shown
    assert "--board (Law 90)" in shown
    _, printed, _ = run_cli(capsys, "event", "show", str(event), "--json", "--db", path)
    data = json.loads(printed)
    assert [(p["id"], p["board"], p["first_match"]) for p in data["penalties"]] == [(1, None, True)]


def test_law90_the_flag_of_an_old_boardless_penalty_is_the_directors_only(
    director: tuple[TestClient, str], store: Store
) -> None:
    # The public score card still lists the penalty, without the desk's flag.
    client, _ = director
    event = league(store)
    old_boardless_penalty(store, event)
    store.publish(event)
    card = client.get(f"/results/{event}/pairs/1")
    assert card.status_code == 200
    assert 'id="penalties"' in card.text
    assert "first match of the session" not in card.text
