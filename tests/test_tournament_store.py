"""The event store on SQLite and on a real PostgreSQL: results, audit, 79C, records, rankings."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import event as sqlalchemy_event
from sqlalchemy import func, select, text

from arbitro.core import Board
from arbitro.core.seat import Side
from arbitro.scoring.results import Result
from arbitro.scoring.session import TableResult, score_session
from arbitro.store import Store, models, open_store
from arbitro.store.models import Base, ResultRow
from arbitro.store.repository import MIGRATIONS, StoreError
from arbitro.table.log import TableLogError
from arbitro.tournament.entry import Entry, InvalidEntryError
from arbitro.tournament.event import EventSpec, InvalidParticipantError, Participant
from arbitro.tournament.movements import Movement, howell, mitchell
from arbitro.tournament.ranking import rank
from arbitro.tournament.records import (
    AppealTooLateError,
    Decision,
    InvalidRecordError,
    PenaltyKind,
    PenaltyRecord,
    RecordConflictError,
    ResultsLockedError,
    Ruling,
)
from arbitro.tournament.reopening import ALL_BOARDS
from arbitro.tournament.result_rules import ResultRefusedError

pytest_plugins = ("postgresql_cluster",)  # the PostgreSQL cluster and the `database` fixture

ROOT = Path(__file__).resolve().parent.parent
NIGHT = datetime(2026, 11, 24, 21, 0, tzinfo=UTC)


@pytest.fixture
def store(database: str) -> Store:
    return open_store(database)


def two_pairs_event(store: Store, **settings: object) -> int:
    spec = EventSpec("Club", boards=2, **settings)  # type: ignore[arg-type]
    return store.create_event(spec, [Participant(str(n)) for n in range(1, 5)])


def test_migrations_create_exactly_the_models_tables(store: Store) -> None:
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection)
        assert compare_metadata(context, Base.metadata) == []
        # One chain of revisions (one head), and the database is at its end.
        heads = ScriptDirectory(str(MIGRATIONS)).get_heads()
        assert len(heads) == 1
        assert context.get_current_revision() == heads[0]


def test_law8_results_take_the_pairs_of_the_movement(store: Store) -> None:
    movement = mitchell(3, 2)
    event = store.create_event(EventSpec("Mitchell", boards=6), movement=mitchell(3, 2))
    for seating in movement.schedule:
        for board in seating.boards:
            stored = store.enter_result(
                event, board, seating.table, Entry.from_str("3NT N 9"), now=NIGHT
            )
            assert (stored.ns, stored.ew, stored.round) == (seating.ns, seating.ew, seating.round)
    assert len(store.results(event)) == 3 * 6
    # Every pair is ranked, North-South and East-West apart.
    standings = store.ranking(event)
    assert sorted(s.participant for s in standings) == sorted(movement.participants)


def test_law15_a_board_by_the_wrong_pairs_needs_the_directors_flag(store: Store) -> None:
    event = store.create_event(EventSpec("Mitchell", boards=6), movement=mitchell(3, 2))
    seating = mitchell(3, 2).seatings(1)[0]
    other = next(p for p in mitchell(3, 2).participants if p.endswith("EW") and p != seating.ew)
    with pytest.raises(ResultRefusedError, match=r"as played by the wrong pairs \(Law 15\)"):
        store.enter_result(
            event, seating.boards[0], seating.table, Entry.from_str("4S N 10"), ew=other
        )
    stored = store.enter_result(
        event, seating.boards[0], seating.table, Entry.from_str("4S N 10 law15"), ew=other
    )
    assert stored.ew == other
    assert store.results(event)[0].entry.wrong_pairs


def test_law15b_a_pair_cannot_score_a_board_twice(store: Store) -> None:
    event = two_pairs_event(store)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1", ew="2")
    with pytest.raises(ResultRefusedError, match="Law 15B"):
        store.enter_result(event, 1, 2, Entry.from_str("4S N 10"), ns="1", ew="3")
    assert len(store.results(event)) == 1


def test_audit_trail_keeps_who_when_old_new_and_why(store: Store) -> None:
    event = two_pairs_event(store)
    store.enter_result(
        event, 1, 1, Entry.from_str("4S N 9"), ns="1", ew="2", by="caddie", now=NIGHT
    )
    later = NIGHT + timedelta(minutes=5)
    corrected = store.correct_result(
        event, 1, 1, Entry.from_str("4S N 10"), "tricks miscounted", by="TD", now=later
    )
    assert corrected.version == 2
    assert corrected.result == Result.played(420)
    trail = store.audit(event)
    assert [(a.action, a.by, a.old, a.new, a.reason) for a in trail] == [
        ("enter", "caddie", None, "4S N 9", ""),
        ("correct", "TD", "4S N 9", "4S N 10", "tricks miscounted"),
    ]
    assert trail[1].at == later
    assert store.results(event)[0].entry == Entry.from_str("4S N 10")


def test_law79c1_results_lock_when_the_correction_period_ends(store: Store) -> None:
    event = two_pairs_event(store)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 9"), ns="1", ew="2", now=NIGHT)
    store.publish(event, now=NIGHT)
    inside = NIGHT + timedelta(minutes=30)
    store.correct_result(event, 1, 1, Entry.from_str("4S N 10"), "slip", now=inside)
    outside = NIGHT + timedelta(minutes=30, seconds=1)
    with pytest.raises(ResultsLockedError, match="ended on 2026-11-24 at 21:30 UTC"):
        store.correct_result(event, 1, 1, Entry.from_str("4S N 8"), "late", now=outside)
    with pytest.raises(ResultsLockedError):
        store.enter_result(event, 2, 1, Entry.from_str("1NT S 7"), ns="1", ew="2", now=outside)
    assert store.results(event)[0].entry == Entry.from_str("4S N 10")


def test_law79c1_the_event_may_set_another_correction_period(store: Store) -> None:
    event = two_pairs_event(store, correction_minutes=60)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 9"), ns="1", ew="2", now=NIGHT)
    store.publish(event, now=NIGHT)
    store.correct_result(
        event, 1, 1, Entry.from_str("4S N 10"), "slip", now=NIGHT + timedelta(minutes=59)
    )
    assert store.results(event)[0].entry == Entry.from_str("4S N 10")
    with pytest.raises(ResultsLockedError):
        store.correct_result(
            event, 1, 1, Entry.from_str("4S N 8"), "late", now=NIGHT + timedelta(minutes=61)
        )


def test_law79c2_the_director_reopens_with_a_reason_and_publishes_again(store: Store) -> None:
    event = two_pairs_event(store, correction_minutes=0)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 9"), ns="1", ew="2", now=NIGHT)
    store.publish(event, now=NIGHT)
    after = NIGHT + timedelta(hours=1)
    with pytest.raises(StoreError, match="needs a reason"):
        store.reopen(event, "  ")
    reason = "score of board 1 entered for the wrong table"
    info = store.reopen(event, reason, by="TD", boards=[1], now=after)
    assert (info.reopened, info.reopened_boards) == (reason, (1,))
    store.correct_result(event, 1, 1, Entry.from_str("4S N 10"), "79C2", now=after)
    store.publish(event, now=after)
    with pytest.raises(ResultsLockedError):
        store.correct_result(
            event, 1, 1, Entry.from_str("4S N 11"), "again", now=after + timedelta(seconds=1)
        )


def test_law79c1_official_results_are_not_published_again_without_a_reopening(
    store: Store,
) -> None:
    # Publishing again would start a new correction period (79C1) and a new time to
    # appeal (92B): only results reopened under 79C2 are published again.
    event = two_pairs_event(store, correction_minutes=30, appeal_minutes=30)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 9"), ns="1", ew="2", now=NIGHT)
    store.publish(event, now=NIGHT)
    for moment in (NIGHT + timedelta(minutes=10), NIGHT + timedelta(hours=2)):
        with pytest.raises(
            RecordConflictError, match=r"official already; reopen them first \(Law 79C2\)"
        ):
            store.publish(event, by="TD", now=moment)
    late = NIGHT + timedelta(hours=2, minutes=1)
    assert store.event(event).published == NIGHT
    with pytest.raises(ResultsLockedError):
        store.correct_result(event, 1, 1, Entry.from_str("4S N 10"), "slip", now=late)
    with pytest.raises(AppealTooLateError, match="Law 92B"):
        store.lodge_appeal(event, "2", "the ruling on board 1", now=late)
    assert [e.action for e in store.event_log(event)] == ["publish"]


def test_law79c_a_penalty_after_the_correction_period_waits_for_a_reopening(
    store: Store,
) -> None:
    # A penalty (Laws 90, 91) changes the score: once the results are locked (79C1) it
    # is refused like a result, until the director reopens them (79C2).
    event = two_pairs_event(store)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1", ew="2", now=NIGHT)
    store.enter_result(event, 1, 2, Entry.from_str("4S N 9"), ns="3", ew="4", now=NIGHT)
    store.publish(event, now=NIGHT)
    before = [(s.participant, s.total) for s in store.ranking(event)]
    late = NIGHT + timedelta(hours=2)
    record = PenaltyRecord("3", PenaltyKind.PROCEDURAL, Fraction(1), "top", "90B8", "late")
    with pytest.raises(ResultsLockedError, match="ended on 2026-11-24 at 21:30 UTC"):
        store.add_penalty(event, record, director="TD", now=late)
    assert store.penalties(event) == []
    assert [(s.participant, s.total) for s in store.ranking(event)] == before
    store.add_penalty(event, record, director="TD", now=NIGHT + timedelta(minutes=29))
    assert [(s.participant, s.total) for s in store.ranking(event)] != before
    # A penalty on the whole session names no board: it needs every board reopened.
    store.reopen(event, "penalty for late arrival forgotten", boards=ALL_BOARDS, now=late)
    store.add_penalty(event, record, director="TD", now=late)
    assert len(store.penalties(event)) == 2


def test_law93_a_decision_on_an_appeal_is_not_replaced(store: Store) -> None:
    event = two_pairs_event(store, appeal_minutes=30)
    store.publish(event, now=NIGHT)
    appeal = store.lodge_appeal(event, "1", "board 1", now=NIGHT + timedelta(minutes=5))
    store.decide_appeal(
        event, appeal, Decision.DISMISSED, by="committee", now=NIGHT + timedelta(minutes=40)
    )
    with pytest.raises(RecordConflictError, match=r"decided already \(dismissed, by committee\)"):
        store.decide_appeal(
            event, appeal, Decision.UPHELD, by="someone", now=NIGHT + timedelta(days=3)
        )
    (stored,) = store.appeals(event)
    assert (stored.appeal.decision, stored.appeal.decided_by) == (Decision.DISMISSED, "committee")
    assert [e.action for e in store.event_log(event)].count("decision") == 1


def test_law90_92_93_penalties_appeals_and_decisions_go_to_the_event_log(store: Store) -> None:
    event = two_pairs_event(store)
    store.add_penalty(
        event,
        PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B8", "late", 2),
        director="ana",
        now=NIGHT,
    )
    ruling = store.add_ruling(event, Ruling(1, 1, "16B1a", "score adjusted to 3S= N", "TD"))
    appeal = store.lodge_appeal(event, "2", "no hesitation", ruling, by="luis", now=NIGHT)
    store.decide_appeal(event, appeal, Decision.UPHELD, by="committee", now=NIGHT)
    assert [(e.at, e.by, e.action, e.detail) for e in store.event_log(event)] == [
        (NIGHT, "ana", "penalty", "1: -25% of a top (Law 90B8), board 2: late"),
        (
            NIGHT,
            "luis",
            "appeal",
            f"appeal {appeal} against ruling {ruling}, pair 2: no hesitation",
        ),
        (NIGHT, "committee", "decision", f"appeal {appeal}: upheld"),
    ]


def test_law90_and_law91_penalties_come_off_the_penalised_pair_only(store: Store) -> None:
    event = two_pairs_event(store)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1", ew="2")
    store.enter_result(event, 1, 2, Entry.from_str("4S N 10"), ns="3", ew="4")
    before = {s.participant: s.total for s in store.ranking(event)}
    store.add_penalty(
        event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B8", "late")
    )
    store.add_penalty(
        event, PenaltyRecord("4", PenaltyKind.DISCIPLINARY, Fraction(1, 2), "mp", "91A", "rude")
    )
    after = {s.participant: s.total for s in store.ranking(event)}
    # Board 1 has a top of 2 (two tables, the AEB's 2 per result beaten): 25 % of it is
    # 0.5 matchpoints, i.e. 25 percentage points of the pair's one board.
    assert before["1"] - after["1"] == 25
    assert before["4"] - after["4"] == 25
    assert after["2"] == before["2"]
    assert after["3"] == before["3"]
    kinds = [(p.record.kind, p.record.law) for p in store.penalties(event)]
    assert kinds == [(PenaltyKind.PROCEDURAL, "90B8"), (PenaltyKind.DISCIPLINARY, "91A")]


def test_law91_a_disciplinary_penalty_cites_law_91() -> None:
    with pytest.raises(InvalidRecordError, match="Law 91"):
        PenaltyRecord("1", PenaltyKind.DISCIPLINARY, Fraction(1), "mp", "90", "rude")


def test_law92b_an_appeal_after_the_deadline_is_refused(store: Store) -> None:
    event = two_pairs_event(store, appeal_minutes=20)
    ruling = store.add_ruling(event, Ruling(1, 1, "16B1a", "score adjusted to 3S= N", "TD"))
    store.publish(event, now=NIGHT)
    appeal = store.lodge_appeal(
        event, "2", "no hesitation", ruling, now=NIGHT + timedelta(minutes=20)
    )
    with pytest.raises(AppealTooLateError, match="Law 92B"):
        store.lodge_appeal(event, "2", "again", ruling, now=NIGHT + timedelta(minutes=21))
    store.decide_appeal(event, appeal, Decision.DISMISSED, by="committee")
    (stored,) = store.appeals(event)
    assert stored.appeal.deadline == NIGHT + timedelta(minutes=20)
    assert (stored.appeal.ruling, stored.appeal.decision) == (ruling, Decision.DISMISSED)


def test_law81_a_ruling_keeps_the_table_log_and_refuses_a_broken_one(store: Store) -> None:
    log = (ROOT / "tests" / "scenarios" / "law_17d1_wrong_board_nobody_called.jsonl").read_text()
    event = two_pairs_event(store)
    store.add_ruling(event, Ruling(1, 1, "17D1", "board cancelled, A60/A40", "TD", log))
    ((_, kept),) = store.rulings(event)
    assert kept.log == log
    with pytest.raises(TableLogError):
        Ruling(1, 1, "17D1", "x", log='{"event": "nonsense"}\n')


def test_a_refused_entry_leaves_no_half_written_result(store: Store) -> None:
    event = two_pairs_event(store)

    def broken(_connection: object, _cursor: object, statement: str, *_: object) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO AUDIT"):
            raise RuntimeError("disk full while writing the audit")

    sqlalchemy_event.listen(store.engine, "before_cursor_execute", broken)
    try:
        with pytest.raises(RuntimeError):
            store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1", ew="2")
    finally:
        sqlalchemy_event.remove(store.engine, "before_cursor_execute", broken)
    with store.engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(ResultRow)).scalar() == 0
    assert store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1", ew="2").version == 1


def test_a_result_recorded_in_a_transaction_that_then_fails_leaves_no_trace(
    store: Store,
) -> None:
    # The tables' path records the result inside its own transaction (after its checks).
    event = two_pairs_event(store)
    recorded = []

    def record_then_fail() -> None:
        with store.transaction() as db:
            entry = Entry.from_str("4S N 10")
            recorded.append(store.record_result(db.connection(), event, 1, 1, entry, "1", "2"))
            raise RuntimeError("a check of the caller failed after the result was written")

    with pytest.raises(RuntimeError):
        record_then_fail()
    assert [stored.result for stored in recorded] == [Entry.from_str("4S N 10").result(Board(1))]
    assert store.results(event) == []
    assert store.audit(event) == []
    with store.transaction() as db:
        store.record_result(db.connection(), event, 1, 1, Entry.from_str("4S N 10"), "1", "2")
    with pytest.raises(StoreError, match="already has a result"):
        store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1", ew="2")
    with pytest.raises(ResultRefusedError, match=r"pair 1 already played board 1 \(at table 1\)"):
        store.enter_result(event, 1, 2, Entry.from_str("4S N 10"), ns="1", ew="3")
    assert [line.action for line in store.audit(event)] == ["enter"]


def test_bad_input_is_refused_with_its_place(store: Store) -> None:
    event = two_pairs_event(store)
    with pytest.raises(
        ResultRefusedError, match=r"board 3 is not in the event \(expected 1 to 2\)"
    ):
        store.enter_result(event, 3, 1, Entry.from_str("4S N 10"), ns="1", ew="2")
    with pytest.raises(ResultRefusedError, match="'9' is not a participant"):
        store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="9", ew="2")
    with pytest.raises(StoreError, match="there is no event 99"):
        store.results(99)
    with pytest.raises(InvalidEntryError, match="tricks is missing"):
        Entry.from_fields(contract="4S", declarer="N")
    with pytest.raises(InvalidParticipantError):
        Participant.from_str(": Ana")


def test_the_stored_ranking_is_the_scoring_of_the_stored_results(store: Store) -> None:
    event = two_pairs_event(store)
    entries = [
        (1, 1, "1", "2", "4S N 10"),
        (1, 2, "3", "4", "4S N 9"),
        (2, 1, "1", "2", "score -100"),
        (2, 2, "3", "4", "adjusted A60/A40"),
    ]
    for board, table, ns, ew, entry in entries:
        store.enter_result(event, board, table, Entry.from_str(entry), ns=ns, ew=ew)
    expected = score_session(
        [
            TableResult(b, ns, ew, Entry.from_str(e).result(Board(b)) or Result.played(0))
            for b, _, ns, ew, e in entries
        ],
        "mp",
    )
    (session,) = store.score(event)
    assert [(p.pair, p.percentage) for p in session.pairs] == [
        (p.pair, p.percentage) for p in expected.pairs
    ]


def test_sqlite_is_in_wal_mode_with_foreign_keys(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "club.sqlite3"))
    with store.engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
    store.close()


def test_models_module_lists_every_table() -> None:
    assert set(Base.metadata.tables) == {
        cls.__tablename__
        for cls in vars(models).values()
        if isinstance(cls, type) and issubclass(cls, Base) and cls is not Base
    }


ENTRIES = st.one_of(
    st.builds(
        lambda level, strain, double, seat, tricks, lead: Entry.from_fields(
            contract=f"{level}{strain}{double}",
            declarer=seat,
            tricks=str(tricks),
            lead=lead,
        ),
        st.integers(1, 7),
        st.sampled_from(["C", "D", "H", "S", "NT"]),
        st.sampled_from(["", "X", "XX"]),
        st.sampled_from("NESW"),
        st.integers(0, 13),
        st.sampled_from([None, "SA", "H2", "DT"]),
    ),
    st.builds(lambda score: Entry.from_fields(score=str(score)), st.integers(-7600, 7600)),
    st.sampled_from(
        [
            Entry.from_fields(adjusted="A60/A40"),
            Entry.from_fields(not_played=True),
            Entry.from_fields(contract="Pass"),
        ]
    ),
)


@given(ENTRIES)
def test_an_entry_reads_back_what_it_writes(entry: Entry) -> None:
    assert Entry.from_str(entry.to_str()) == entry


@given(st.dictionaries(st.text("ABCDEF", min_size=1, max_size=2), st.integers(0, 5), min_size=1))
def test_ranking_ties_share_the_place_and_places_count_the_better(scores: dict[str, int]) -> None:
    standings = rank({name: [Fraction(score)] for name, score in scores.items()})
    for standing in standings:
        better = sum(1 for other in scores.values() if other > scores[standing.participant])
        equal = sum(1 for other in scores.values() if other == scores[standing.participant])
        assert standing.rank == better + 1
        assert standing.tied == (equal > 1)
        assert standing.rank_label.endswith("=") == (equal > 1)


def test_ranking_tie_breaks_and_carry_over() -> None:
    scores = {"A": [Fraction(60), Fraction(50)], "B": [Fraction(50), Fraction(60)]}
    assert [s.rank_label for s in rank(scores)] == ["1=", "1="]
    assert [s.participant for s in rank(scores, tie_breaks=["last-session"])] == ["B", "A"]
    carried = rank(scores, carry_over={"A": Fraction(1, 2)}, average=True)
    assert [(s.participant, s.total) for s in carried] == [("A", Fraction(111, 2)), ("B", 55)]


def test_law78_two_sessions_add_up_with_carry_over_and_tie_breaks(store: Store) -> None:
    spec = EventSpec("Two nights", boards=1, sessions=2, tie_breaks=("last-session",))
    pairs = [Participant(str(n)) for n in range(1, 5)]
    event = store.create_event(spec, pairs, carry_over={"3": Fraction(5)})
    night_one = [("1", "2", "4S N 10"), ("3", "4", "4S N 9")]
    night_two = [("1", "2", "4S N 9"), ("3", "4", "4S N 10")]
    for session, night in ((1, night_one), (2, night_two)):
        for table, (ns, ew, entry) in enumerate(night, start=1):
            store.enter_result(
                event, 1, table, Entry.from_str(entry), ns=ns, ew=ew, session=session
            )
    with pytest.raises(
        ResultRefusedError, match=r"session 3 is not in the event \(expected 1 to 2\)"
    ):
        store.enter_result(event, 1, 3, Entry.from_str("4S N 9"), ns="1", ew="2", session=3)
    standings = {s.participant: s for s in store.ranking(event)}
    # Each North-South pair won one night (100 %) and lost the other (0 %): a mean of 50 %.
    assert standings["1"].sessions == (Fraction(100), Fraction(0))
    assert standings["3"].sessions == (Fraction(0), Fraction(100))
    assert standings["3"].total == 55  # 50 % and the carry-over of 5
    assert standings["1"].total == 50
    assert standings["3"].rank < standings["1"].rank
    # Without the carry-over, 2 and 4 (East-West, 50 % each) are tied on the total and
    # the last session separates them: 2 won it.
    assert standings["2"].total == standings["4"].total == 50
    assert standings["2"].rank < standings["4"].rank


def test_law78d_last_session_tie_break_compares_the_same_session_for_a_team_with_a_bye(
    store: Store,
) -> None:
    spec = EventSpec(
        "Round robin",
        boards=1,
        kind="teams",
        profile="wbf",
        sessions=3,
        tie_breaks=("last-session",),
    )
    event = store.create_event(spec, [Participant(team) for team in "ABC"])
    # One match a session, each team a bye: the home team wins each by the same margin.
    for session, (home, away) in enumerate((("A", "B"), ("B", "C"), ("C", "A")), start=1):
        for table, (ns, ew, score) in enumerate(((home, away, 420), (away, home, -140)), 1):
            entry = Entry.from_fields(score=str(score))
            store.enter_result(event, 1, table, entry, ns=ns, ew=ew, session=session)
    standings = {s.participant: s for s in store.ranking(event)}
    assert standings["A"].total == standings["B"].total == standings["C"].total
    # Session 3: C won, A lost, B had its bye (no VPs there, not its session-2 win):
    # C first, then A's loss above B's nothing.
    assert standings["B"].sessions[2] == 0
    assert standings["A"].sessions[2] < standings["C"].sessions[2]
    assert [standings[team].rank for team in "CAB"] == [1, 2, 3]
    assert not any(standing.tied for standing in standings.values())


def test_law78a_a_pair_that_missed_a_session_is_ranked_on_the_mean_of_all_sessions(
    store: Store,
) -> None:
    spec = EventSpec("Two nights", boards=1, sessions=2)
    event = store.create_event(spec, [Participant(name) for name in "ABCDE"])
    nights = {1: [("A", "B", "4S N 10"), ("C", "D", "4S N 9")], 2: [("E", "B", "4S N 10")]}
    nights[2].append(("C", "D", "4S N 9"))
    for session, night in nights.items():
        for table, (ns, ew, entry) in enumerate(night, start=1):
            store.enter_result(
                event, 1, table, Entry.from_str(entry), ns=ns, ew=ew, session=session
            )
    standings = {s.participant: s for s in store.ranking(event)}
    # A won the first night (100 %) and did not come back: half of it over the event.
    assert standings["A"].sessions == (Fraction(100), Fraction(0))
    assert standings["A"].total == 50
    assert standings["E"].sessions == (Fraction(0), Fraction(100))
    assert standings["E"].total == 50


def test_law78a_mitchell_sessions_with_pairs_in_their_directions_rank_each_direction(
    store: Store,
) -> None:
    spec = EventSpec("Two Mitchells", boards=2, sessions=2)
    pairs = [Participant(name) for name in ("1NS", "2NS", "1EW", "2EW")]
    event = store.create_event(spec, pairs)
    for session in (1, 2):
        tables = (
            (1, 1, "1NS", "1EW", "4S N 10"),
            (1, 2, "2NS", "2EW", "4S N 9"),
            (2, 1, "1NS", "2EW", "3NT S 9"),
            (2, 2, "2NS", "1EW", "3NT S 8"),
        )
        for board, table, ns, ew, entry in tables:
            store.enter_result(
                event, board, table, Entry.from_str(entry), ns=ns, ew=ew, session=session
            )
    standings = {s.participant: s for s in store.ranking(event)}
    assert {name: s.direction for name, s in standings.items()} == {
        "1NS": Side.NS,
        "2NS": Side.NS,
        "1EW": Side.EW,
        "2EW": Side.EW,
    }
    # 1NS won both boards each night; East-West won one board each. Ranked by direction,
    # each direction has its own first place: 1NS alone, the East-West pairs tied.
    assert (standings["1NS"].rank, standings["2NS"].rank) == (1, 2)
    assert [standings[name].rank_label for name in ("1EW", "2EW")] == ["1=", "1="]


def test_migrations_go_down_and_up_again(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    from arbitro.store.repository import MIGRATIONS

    store = open_store(str(tmp_path / "club.sqlite3"))
    event = store.create_event(EventSpec("A", boards=1))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "base")
    with store.engine.connect() as connection:
        assert "events" not in {
            row[0] for row in connection.execute(text("SELECT name FROM sqlite_master"))
        }
    store.close()
    reopened = open_store(str(tmp_path / "club.sqlite3"))  # opening migrates again
    assert reopened.events() == []
    assert event == 1
    reopened.close()


def test_law78b_a_teams_match_in_imps_and_victory_points(store: Store) -> None:
    from arbitro.scoring.vp import victory_points

    spec = EventSpec("Teams", boards=3, kind="teams")
    event = store.create_event(spec, [Participant("A"), Participant("B")])
    for board, table, ns, ew, entry in [
        (1, 1, "A", "B", "score 420"),
        (1, 2, "B", "A", "score 170"),  # A: +420 - 170 = 250, 6 IMPs
        (2, 1, "A", "B", "score -100"),
        (2, 2, "B", "A", "score 110"),  # A: -100 - 110 = -210, -5 IMPs
        (3, 1, "A", "B", "adjusted A60/A40"),  # 86A: +3 IMPs for A, -3 for B (AEB)
        (3, 2, "B", "A", "score 140"),
    ]:
        store.enter_result(event, board, table, Entry.from_str(entry), ns=ns, ew=ew)
    ((match,),) = store.matches(event).values()
    assert (match.home, match.away, match.boards) == ("A", "B", 3)
    assert (match.home_imps, match.away_imps) == (Fraction(6 - 5 + 3), Fraction(-6 + 5 - 3))
    assert (match.home_vps, match.away_vps) == victory_points(4, 3)
    ranking = store.ranking(event)
    assert [(s.participant, s.total) for s in ranking] == [
        ("A", victory_points(4, 3)[0]),
        ("B", victory_points(4, 3)[1]),
    ]


def test_law8_an_individual_event_without_its_movement_is_refused(store: Store) -> None:
    with pytest.raises(StoreError, match="individual event needs an individual movement"):
        store.create_event(EventSpec("Individual", boards=4, kind="individual"))
    assert store.events() == []


@given(
    st.integers(0, 240),
    st.integers(-600, 20_000),
    st.one_of(st.none(), st.text(min_size=1, max_size=20)),
)
def test_law79c_results_change_only_inside_the_period_or_when_reopened(
    minutes: int, seconds_after: int, reopened: str | None
) -> None:
    from arbitro.tournament.records import CorrectionPeriod

    period = CorrectionPeriod(NIGHT, minutes, reopened)
    now = NIGHT + timedelta(seconds=seconds_after)
    inside = seconds_after <= minutes * 60
    assert period.is_open(now) == inside
    assert period.allows(now, 1) == (inside or reopened is not None)  # every board reopened
    if not period.allows(now, 1):
        with pytest.raises(ResultsLockedError):
            period.check(now, 1)


@pytest.mark.parametrize(("profile", "allowed"), [("aeb", False), ("wbf", True)])
def test_law_12c1c_weighted_score_entered_or_corrected_only_where_the_authority_allows_it(
    profile: str, allowed: bool
) -> None:
    store = open_store("sqlite:///:memory:")
    pairs = [Participant(number) for number in ("1", "2", "3", "4")]
    event = store.create_event(EventSpec("Club", boards=1, profile=profile), pairs)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1", ew="2")
    weighted = Entry.from_fields(adjusted="1/2 +420; 1/2 -50")
    if allowed:
        store.enter_result(event, 1, 2, weighted, ns="3", ew="4")
    else:
        with pytest.raises(
            ResultRefusedError, match="board 1 at table 2: the regulating authority"
        ):
            store.enter_result(event, 1, 2, weighted, ns="3", ew="4")
        with pytest.raises(ResultRefusedError, match=r"board 1 at table 1: .*Law 12C1e"):
            store.correct_result(event, 1, 1, weighted, reason="ruling", by="TD")
        assert [r.entry.to_str() for r in store.results(event)] == ["4S N 10"]
    # Whatever was refused, the event is still scored and ranked.
    assert {standing.participant for standing in store.ranking(event)} >= {"1", "2"}


@pytest.mark.parametrize("movement", [mitchell(3, 2), howell(3, 2)])
def test_law78b_a_teams_event_refuses_a_pairs_movement(movement: Movement) -> None:
    store = open_store("sqlite:///:memory:")
    spec = EventSpec("Teams", boards=movement.boards, kind="teams")
    with pytest.raises(StoreError, match=f"not with a pairs movement \\({movement.kind}\\)"):
        store.create_event(spec, movement=movement)
    assert store.events() == []


@pytest.mark.parametrize(
    ("typed", "nearest"),
    [("425", "the nearest are 420 and 430"), ("-425", "the nearest are -430 and -420")],
)
def test_law77_a_bare_score_no_contract_can_give_is_refused_with_the_nearest(
    store: Store, typed: str, nearest: str
) -> None:
    event = store.create_event(EventSpec("Club", boards=1), [Participant(n) for n in "1234"])
    with pytest.raises(InvalidEntryError, match="no contract scores that on board 1") as refused:
        store.enter_result(event, 1, 1, Entry.from_fields(score=typed), ns="1", ew="2")
    assert str(refused.value).endswith(nearest)
    assert store.results(event) == []
    store.enter_result(event, 1, 1, Entry.from_fields(score="420"), ns="1", ew="2")
    with pytest.raises(InvalidEntryError, match=f"'{typed}'"):
        store.correct_result(event, 1, 1, Entry.from_fields(score=typed), reason="r", by="TD")
    assert [r.entry.to_str() for r in store.results(event)] == ["score 420"]


def test_law77_a_bare_score_beyond_every_contract_names_the_largest(store: Store) -> None:
    from arbitro.scoring.law77 import possible_scores

    event = store.create_event(EventSpec("Club", boards=1), [Participant(n) for n in "1234"])
    largest = max(possible_scores(False, False))  # board 1: nobody vulnerable
    with pytest.raises(InvalidEntryError, match=f"the nearest is {largest}$"):
        store.enter_result(event, 1, 1, Entry.from_fields(score="99990"), ns="1", ew="2")


@given(st.booleans(), st.booleans(), st.integers(-8000, 8000))
def test_law77_every_score_of_a_contract_is_possible_and_only_those(
    ns_vulnerable: bool, ew_vulnerable: bool, typed: int
) -> None:
    from arbitro.scoring.law77 import possible_scores

    possible = possible_scores(ns_vulnerable, ew_vulnerable)
    assert all(value % 10 == 0 for value in possible)
    assert (typed in possible) <= (typed % 10 == 0 and abs(typed) <= 7600)


def test_an_event_never_takes_the_number_of_an_event_deleted(store: Store) -> None:
    """SQLite would give a deleted last event's number again; PostgreSQL's sequence never does.

    A console still running keeps an event's movement by its number, and the tables'
    codes are made from it: a new event must not answer to a deleted one's.
    """
    first = two_pairs_event(store)
    second = two_pairs_event(store)
    store.delete_event(second)
    third = two_pairs_event(store)
    assert third > second > first
    store.delete_event(third)
    store.delete_event(first)
    fourth = two_pairs_event(store)
    assert fourth > third
    assert [info.id for info in store.events()] == [fourth]
