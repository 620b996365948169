"""Law 79C2: a reopening after the correction period is for the boards whose score is wrong.

After the correction period (79C1) a score is corrected only when the director and the
organiser have no doubt the recorded score is wrong (79C2). The reopening names those
boards: until the results are published again their results, corrections, adjusted
scores and penalties may change, and every other board stays locked. A reopening of
every board is asked for by name, for what names no board (a penalty on a whole
session). Reopenings recorded before the boards were kept (migration 0015) still
reopen every board. On SQLite and on a real PostgreSQL, and through the command line.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from arbitro.core.seat import Side
from arbitro.scoring.worksheet import Irregularity, Otherwise, Worksheet
from arbitro.store import Store, open_store
from arbitro.store.database import database_url, open_database
from arbitro.store.repository import MIGRATIONS, StoreError, newest_revision, schema_revision
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.judgement import Case
from arbitro.tournament.records import PenaltyKind, PenaltyRecord, ResultsLockedError
from arbitro.tournament.reopening import ALL_BOARDS, InvalidReopeningError
from cli_support import run_cli

pytest_plugins = ("postgresql_cluster",)  # the PostgreSQL cluster and the `database` fixture

NIGHT = datetime(2026, 11, 24, 21, 0, tzinfo=UTC)
LATE = NIGHT + timedelta(hours=2)
"""Long after the correction period of 30 minutes."""


@pytest.fixture
def store(database: str) -> Store:
    return open_store(database)


def locked_event(store: Store) -> int:
    """Two boards played at two tables, published at :data:`NIGHT`, locked by :data:`LATE`."""
    pairs = [Participant(str(number)) for number in range(1, 5)]
    event = store.create_event(EventSpec("Club", boards=2), pairs)
    for board in (1, 2):
        store.enter_result(event, board, 1, Entry.from_str("4S N 10"), ns="1", ew="2", now=NIGHT)
        store.enter_result(event, board, 2, Entry.from_str("4S N 9"), ns="3", ew="4", now=NIGHT)
    store.publish(event, by="TD", now=NIGHT)
    return event


def penalty(board: int | None) -> PenaltyRecord:
    return PenaltyRecord("3", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B8", "slow", board)


def entry_at(store: Store, event: int, board: int, table: int) -> str:
    return next(
        r.entry.to_str() for r in store.results(event) if (r.board, r.table) == (board, table)
    )


def test_law_79c2_reopened_board_may_be_corrected(store: Store) -> None:
    event = locked_event(store)
    info = store.reopen(event, "board 1 entered for table 2", by="TD", boards=[1], now=LATE)
    assert info.reopened_boards == (1,)
    store.correct_result(event, 1, 2, Entry.from_str("4S N 8"), "79C2: 8 tricks", now=LATE)
    assert entry_at(store, event, 1, 2) == "4S N 8"


def test_law_79c2_reopened_board_may_get_an_adjusted_score(store: Store) -> None:
    event = locked_event(store)
    store.reopen(event, "board 1: the ruling's score was never entered", boards=[1], now=LATE)
    adjusted = Entry.from_str("adjusted A60/A40")
    store.correct_result(event, 1, 1, adjusted, "Law 12C2", now=LATE)
    assert entry_at(store, event, 1, 1) == adjusted.to_str()
    # A ruling that assigns a score (12C2a) replaces the reopened board's result too.
    sheet = Worksheet(Irregularity.UNAUTHORISED, Side.NS, 420)
    for _ in range(5):
        sheet = sheet.answer(True, "yes")
    store.add_case(event, Case(1, 2, sheet, "wbf", Otherwise.artificial()), apply=True)
    assert entry_at(store, event, 1, 2) == "adjusted A-/A+"


def test_law_79c2_other_board_stays_locked(store: Store) -> None:
    event = locked_event(store)
    store.reopen(event, "board 1 entered for table 2", boards=[1])
    with pytest.raises(ResultsLockedError) as refused:
        store.correct_result(event, 2, 1, Entry.from_str("4S N 11"), "not reopened", now=LATE)
    message = str(refused.value)
    assert message.startswith("board 2 stays locked: the correction period ended on ")
    assert "reopened for board 1 only (Law 79C2)" in message
    assert entry_at(store, event, 2, 1) == "4S N 10"
    # An adjusted score given by a ruling on board 2 is refused, and no ruling is kept.
    sheet = Worksheet(Irregularity.UNAUTHORISED, Side.NS, 420)
    for _ in range(5):
        sheet = sheet.answer(True, "yes")
    with pytest.raises(ResultsLockedError, match="board 2 stays locked"):
        store.add_case(event, Case(2, 1, sheet, "wbf", Otherwise.artificial()), apply=True)
    assert store.rulings(event) == []


def test_law_79c2_a_missing_result_is_entered_only_on_a_reopened_board(store: Store) -> None:
    pairs = [Participant(str(number)) for number in range(1, 3)]
    event = store.create_event(EventSpec("Club", boards=3), pairs)
    store.publish(event, now=NIGHT)
    store.reopen(event, "boards 1 and 3 never entered", boards=[3, 1], now=LATE)
    store.enter_result(event, 3, 1, Entry.from_str("3NT S 9"), ns="1", ew="2", now=LATE)
    with pytest.raises(ResultsLockedError, match="reopened for boards 1, 3 only"):
        store.enter_result(event, 2, 1, Entry.from_str("3NT S 9"), ns="1", ew="2", now=LATE)
    assert [(r.board, r.table) for r in store.results(event)] == [(3, 1)]


def test_law_79c2_a_penalty_follows_its_board(store: Store) -> None:
    # Laws 90, 91: a penalty on a reopened board may be given, changed or withdrawn; one
    # on another board, or on the whole session (no board), stays locked.
    event = locked_event(store)
    given = store.add_penalty(event, penalty(2), director="TD", now=NIGHT)
    store.reopen(event, "board 1: the slow play was at board 1", boards=[1], now=LATE)
    store.add_penalty(event, penalty(1), director="TD", now=LATE)
    with pytest.raises(ResultsLockedError, match="board 2 stays locked"):
        store.add_penalty(event, penalty(2), director="TD", now=LATE)
    with pytest.raises(ResultsLockedError) as whole:
        store.add_penalty(event, penalty(None), director="TD", now=LATE)
    assert str(whole.value).startswith("a change that names no board")
    assert "needs a reopening of every board" in str(whole.value)
    # Moving board 2's penalty to the reopened board would change board 2.
    with pytest.raises(ResultsLockedError, match="board 2 stays locked"):
        store.change_penalty(event, given, penalty(1), "it was board 1", now=LATE)
    with pytest.raises(ResultsLockedError, match="board 2 stays locked"):
        store.withdraw_penalty(event, given, "not slow", now=LATE)
    assert sorted(p.record.board or 0 for p in store.penalties(event)) == [1, 2]


def test_law_79c2_every_board_is_reopened_only_when_asked_by_name(store: Store) -> None:
    event = locked_event(store)
    with pytest.raises(InvalidReopeningError, match="names the boards"):
        store.reopen(event, "something is wrong", now=LATE)
    info = store.reopen(event, "late arrival penalty forgotten", boards=ALL_BOARDS, now=LATE)
    assert (info.reopened, info.reopened_boards) == ("late arrival penalty forgotten", None)
    store.add_penalty(event, penalty(None), director="TD", now=LATE)
    store.correct_result(event, 2, 1, Entry.from_str("4S N 11"), "79C2", now=LATE)
    assert store.event_log(event)[-2].detail == "every board: late arrival penalty forgotten"


def test_law_79c2_a_board_the_event_does_not_have_is_refused(store: Store) -> None:
    event = locked_event(store)
    with pytest.raises(InvalidReopeningError) as refused:
        store.reopen(event, "board 3", boards=[1, 3], now=LATE)
    assert str(refused.value) == (
        "invalid reopening '3': board 3 is not in the event (expected 1 to 2)"
    )
    info = store.event(event)
    assert (info.reopened, info.reopened_boards) == (None, None)
    assert [entry.action for entry in store.event_log(event)] == ["publish"]


def test_law_79c2_the_log_keeps_the_boards_and_a_second_reopening_adds_its_own(
    store: Store,
) -> None:
    event = locked_event(store)
    store.reopen(event, "board 2 misread", by="TD", boards=[2], now=LATE)
    info = store.reopen(event, "board 1 too", by="TD", boards=[1, 2], now=LATE)
    assert info.reopened_boards == (1, 2)
    assert info.reopened == "board 2 misread; board 1 too"
    assert [(e.action, e.by, e.detail) for e in store.event_log(event)][1:] == [
        ("reopen", "TD", "board 2: board 2 misread"),
        ("reopen", "TD", "boards 1, 2: board 1 too"),
    ]


def test_law_79c2_publishing_again_locks_every_board_and_forgets_the_boards(
    store: Store,
) -> None:
    event = locked_event(store)
    store.reopen(event, "board 1 entered for table 2", boards=[1], now=LATE)
    store.correct_result(event, 1, 2, Entry.from_str("4S N 8"), "79C2", now=LATE)
    again = store.publish(event, by="TD", now=LATE)
    assert (again.published, again.reopened, again.reopened_boards) == (NIGHT, None, None)
    assert again.correction.locked(LATE)
    with pytest.raises(ResultsLockedError) as refused:
        store.correct_result(event, 1, 2, Entry.from_str("4S N 7"), "again", now=LATE)
    assert "the director must reopen the results first" in str(refused.value)


def test_law_79c2_an_old_reopening_keeps_every_board_after_migration_0015(
    database: str,
) -> None:
    # A database left at revision 0014 with results reopened the old way: no boards.
    engine = open_database(database_url(database))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0014")
    events = sa.table(
        "events",
        *(sa.column(name) for name in ("name", "kind", "method", "profile", "boards")),
        *(sa.column(name) for name in ("sessions", "correction_minutes", "appeal_minutes")),
        *(sa.column(name) for name in ("tie_breaks", "published_at", "reopened", "created_at")),
    )
    with engine.begin() as connection:
        connection.execute(
            sa.insert(events).values(
                name="Club",
                kind="pairs",
                method="mp",
                profile="aeb",
                boards=2,
                sessions=1,
                correction_minutes=30,
                appeal_minutes=30,
                tie_breaks="",
                published_at=NIGHT,
                reopened="board 2 entered for table 1",
                created_at=NIGHT,
            )
        )
    engine.dispose()
    store = open_store(database)  # opening migrates to the newest revision
    try:
        assert schema_revision(store.engine) == newest_revision() >= "0015"
        [info] = store.events()
        assert (info.reopened, info.reopened_boards) == ("board 2 entered for table 1", None)
        assert [info.correction.allows(LATE, board) for board in (1, 2, None)] == [True] * 3
        store.publish(info.id, now=LATE)
        assert not store.event(info.id).correction.allows(LATE, 2)
    finally:
        store.close()


def locked_event_file(tmp_path: Path) -> tuple[str, str]:
    """A database file holding a locked event, and the event's number as typed."""
    path = str(tmp_path / "club.sqlite3")
    store = open_store(path)
    try:
        return path, str(locked_event(store))
    finally:
        store.close()


def test_law_79c2_the_command_line_reopens_the_boards_it_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, event = locked_event_file(tmp_path)
    db = ("--db", path)
    who = ("--by", "TD", "--organiser", "Club Nerja")
    reopen = ("event", "reopen", event, "--reason", "board 1 entered for table 2", *who, *db)
    # The boards are named, or every board by name: never by default.
    status, out, err = run_cli(capsys, *reopen)
    assert (status, out) == (2, "")
    assert "(--board), or reopen every board (--all-boards) (Law 79C2)" in err
    status, _, err = run_cli(capsys, *reopen, "--board", "1", "--all-boards")
    assert status == 2
    assert "not both" in err
    status, out, err = run_cli(capsys, *reopen, "--board", "3")  # a mistyped board: usage
    assert (status, out) == (2, "")
    assert err == "arbitro: invalid reopening '3': board 3 is not in the event (expected 1 to 2)\n"
    status, out, err = run_cli(capsys, *reopen, "--board", "1", "--json")
    assert status == 0, err
    assert json.loads(out) == {
        "event": int(event),
        "reopened": "board 1 entered for table 2 (Law 79C2: director TD, organiser Club Nerja)",
        "reopened_boards": [1],
    }
    status, out, _ = run_cli(capsys, "event", "show", event, *db)
    assert "Results: reopened for board 1: board 1 entered for table 2 (Law 79C2" in out
    status, out, _ = run_cli(capsys, "event", "list", "--json", *db)
    assert json.loads(out)[0]["reopened_boards"] == [1]
    correct = ("result", "correct", event, "--table", "2", "--score", "420", *db)
    status, out, err = run_cli(capsys, *correct, "--board", "2", "--reason", "not reopened")
    assert (status, out) == (1, "")
    assert err.startswith("arbitro: board 2 stays locked: the correction period ended on ")
    assert "reopened for board 1 only (Law 79C2)" in err
    status, _, err = run_cli(capsys, *correct, "--board", "1", "--reason", "79C2")
    assert status == 0, err
    more = ("event", "reopen", event, "--board", "2", "--reason", "x", *who, "--lang", "es")
    status, out, _ = run_cli(capsys, *more, *db)
    assert out.startswith(f"Resultados del torneo {event} reabiertos para los estuches 1, 2: x")


def test_law_79c2_a_reopening_without_boards_is_refused_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, event = locked_event_file(tmp_path)
    status, _, err = run_cli(
        capsys, "event", "reopen", event, "--reason", "x", "--by", "TD", "--organiser", "Club",
        "--lang", "es", "--db", path,
    )  # fmt: skip
    assert status == 2
    assert "indique los estuches" in err
    assert "(--board), o reabra todos los estuches (--all-boards) (Artículo 79C2)" in err


def test_law_79c2_a_reopening_refused_by_the_store_records_nothing(store: Store) -> None:
    event = locked_event(store)
    with pytest.raises(StoreError, match="needs a reason"):
        store.reopen(event, " ", boards=[1], now=LATE)
    assert store.event(event).reopened is None
