"""``arbitro event import`` of a USEBIO teams file: the event a teams export came from, again.

A teams file's matches are two tables each (Law 8A: the home team North-South at one,
East-West at the other), their boards scored in IMPs between the tables and the match
in victory points (Law 78B), or on total IMPs with a carry-over in a knockout (Law 86B).
An event exported with ``arbitro event export --usebio`` and imported again has the same
ranking, matches, carry-overs and penalties (Law 90). A file that cannot be an event (a
board with one table, a team not listed, a knockout with an odd number of teams) is
refused whole, naming the file, the line, the element and what was expected.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Container, Iterator
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.core import Side
from arbitro.formats import usebio
from arbitro.scoring.results import Result
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import round_robin
from arbitro.tournament.records import PenaltyKind, PenaltyRecord, RecordUnit
from cli_support import run_cli

SCORES = (-800, -500, -200, -100, 100, 110, 140, 150, 170, 200, 500, 800)
"""Scores a contract makes whatever the board's vulnerability (Law 77)."""

AGREE = re.compile(r"Published figures: \d+ compared, all agree with Árbitro's\n")


def enter_all(capsys: pytest.CaptureFixture[str], db: str, sessions: int, boards: int) -> None:
    """Every table's result of an event of four teams at four tables, scores taken in turn."""
    at = 0
    for session in range(1, sessions + 1):
        for board in range(1, boards + 1):
            for table in range(1, 5):
                score = SCORES[(at * 7) % len(SCORES)]
                at += 1
                code, _, err = run_cli(
                    capsys, "result", "enter", "1", "--session", str(session),
                    "--table", str(table), "--board", str(board), "--score", str(score),
                    "--db", db,
                )  # fmt: skip
                assert code == 0, err


def export_and_import(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: str
) -> tuple[str, str, str]:
    """Export event 1 of ``db`` as USEBIO and import it into a new database: file, database, stderr."""
    target = str(tmp_path / "exported.xml")
    code, _, err = run_cli(capsys, "event", "export", "1", target, "--usebio", "--db", db)
    assert code == 0, err
    again = str(tmp_path / "imported.sqlite3")
    code, out, err = run_cli(capsys, "event", "import", target, "--db", again)
    assert code == 0, err
    assert out.startswith("Event 1 imported: ")
    return target, again, err


@contextmanager
def original_and_imported(db: str, again: str) -> Iterator[tuple[Store, Store]]:
    """The stores of the event exported (``db``) and of its file imported back (``again``)."""
    original, imported = open_store(db), open_store(again)
    try:
        yield original, imported
    finally:
        original.close()
        imported.close()


def enter_scores(store: Store, event: int, late: Container[tuple[int, int]] = ()) -> None:
    """Every seating's boards of ``event`` scored in turn from :data:`SCORES`, but the
    ``late`` ones (``(board, table)``): those are not entered."""
    movement = store.movement(event)
    assert movement is not None
    for at, seat in enumerate(movement.schedule):
        for board in seat.boards:
            if (board, seat.table) not in late:
                score = SCORES[(at * 5 + board) % len(SCORES)]
                store.enter_result(event, board, seat.table, Entry.from_str(f"score {score}"))


def ranking_json(capsys: pytest.CaptureFixture[str], db: str) -> object:
    code, out, err = run_cli(capsys, "event", "ranking", "1", "--json", "--db", db)
    assert code == 0, err
    return json.loads(out)


def test_law78b_a_round_robin_exported_and_imported_has_the_same_ranking_and_matches(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "liga.sqlite3")
    code, _, err = run_cli(
        capsys, "event", "new", "Liga", "--kind", "teams", "--movement", "round-robin",
        "--tables", "4", "--boards-per-round", "2", "--db", db,
    )  # fmt: skip
    assert code == 0, err
    enter_all(capsys, db, sessions=1, boards=6)
    code, _, err = run_cli(capsys, "event", "carry-over", "1", "2,3/2", "--db", db)
    assert code == 0, err
    code, _, err = run_cli(
        capsys, "event", "penalty", "1", "3", "1VP", "--reason", "slow play", "--db", db
    )
    assert code == 0, err
    target, again, err = export_and_import(capsys, tmp_path, db)
    assert AGREE.fullmatch(err)
    [session] = usebio.load(target).event.sessions
    # The carry-over has its own element: the ADJUSTMENT is the penalty's alone.
    assert {(t.number, t.adjustment, t.carry_over) for t in session.participants} == {
        ("1", None, None),
        ("2", None, Fraction(3, 2)),
        ("3", Fraction(-1), None),
        ("4", None, None),
    }
    assert ranking_json(capsys, again) == ranking_json(capsys, db)
    with original_and_imported(db, again) as (original, imported):
        assert imported.event(1).spec.kind == "teams"
        # The rounds the file's ROUND_NUMBER give are the round robin's movement again.
        assert imported.movement(1) == original.movement(1)
        assert imported.matches(1) == original.matches(1)
        assert imported.ranking(1) == original.ranking(1)
        assert imported.carry_overs(1) == {"2": Fraction(3, 2)}
        [penalty] = imported.penalties(1)
        assert (penalty.record.participant, penalty.record.amount, penalty.record.unit) == (
            "3",
            Fraction(1),
            "vp",
        )
        # Law 8A: the n-th match of a round at tables 2n - 1 (home North-South) and 2n.
        seats = {(r.board, r.table, r.ns, r.ew) for r in original.results(1)}
        assert {(r.board, r.table, r.ns, r.ew) for r in imported.results(1)} == seats


def test_law86b_a_knockout_exported_and_imported_keeps_segments_carry_over_and_penalty(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "copa.sqlite3")
    code, _, err = run_cli(
        capsys, "event", "new", "Copa", "--kind", "teams", "--scoring", "knockout",
        "--movement", "round-robin", "--rounds", "1", "--tables", "4",
        "--boards-per-round", "2", "--sessions", "3", "--db", db,
    )  # fmt: skip
    assert code == 0, err
    enter_all(capsys, db, sessions=2, boards=2)  # the third segment is still to play
    code, _, err = run_cli(capsys, "event", "carry-over", "1", "4,5/2", "--db", db)
    assert code == 0, err
    code, _, err = run_cli(
        capsys,
        "event",
        "penalty",
        "1",
        "2",
        "3IMP",
        "--session",
        "2",
        "--reason",
        "late",
        "--db",
        db,
    )
    assert code == 0, err
    target, again, err = export_and_import(capsys, tmp_path, db)
    assert AGREE.fullmatch(err)
    written = usebio.load(target)
    assert written.event.event_type == "KO"
    assert written.event.session_count == 3
    assert {
        (team.number, team.carry_over)
        for session in written.event.sessions
        for team in session.participants
        if team.carry_over is not None
    } == {("4", Fraction(5, 2))}
    assert ranking_json(capsys, again) == ranking_json(capsys, db)
    with original_and_imported(db, again) as (original, imported):
        spec = imported.event(1).spec
        assert (spec.knockout, spec.sessions) == (True, 3)
        assert imported.carry_overs(1) == original.carry_overs(1) == {"4": Fraction(5, 2)}
        assert imported.knockout_matches(1) == original.knockout_matches(1)
        # The penalty is written in both segments' files, with the match's total: taken once.
        assert [(p.record.participant, p.record.amount) for p in imported.penalties(1)] == [
            ("2", Fraction(3))
        ]


def store_round_robin(
    scores: list[int], carry: Fraction, penalty: Fraction, unit: RecordUnit, sessions: int
) -> Store:
    """Four teams, a round robin of three rounds of two boards a session, every table played.

    The second session plays the scores in reverse; the penalty is in the last session
    (one in IMPs on board 1, in team 4's match of round 1).
    """
    store = open_store("sqlite:///:memory:")
    event = store.create_event(
        EventSpec("Liga", 6, kind="teams", sessions=sessions),
        movement=round_robin(4, 2),
        carry_over={"1": carry} if carry else None,
    )
    movement = store.movement(event)
    assert movement is not None
    for session in range(1, sessions + 1):
        taken = iter(scores if session == 1 else scores[::-1])
        for round_number in range(1, movement.rounds + 1):
            for seat in movement.seatings(round_number):
                for board in seat.boards:
                    entry = Entry.from_str(f"score {next(taken)}")
                    store.enter_result(event, board, seat.table, entry, session=session)
    if penalty:
        # A penalty in IMPs names its board, the match it comes off (Law 90): round 1's.
        on = 1 if unit == "imps" else None
        record = PenaltyRecord("4", PenaltyKind.PROCEDURAL, penalty, unit, "90", "late", on)
        store.add_penalty(event, record, sessions)
    return store


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(st.sampled_from(SCORES), min_size=24, max_size=24),
    st.sampled_from([Fraction(0), Fraction(3, 2), Fraction(2)]),  # never negative in teams
    st.sampled_from([Fraction(0), Fraction(3)]),
    st.sampled_from(list[RecordUnit](["imps", "vp"])),
    st.integers(min_value=1, max_value=2),
)
def test_law78b_any_round_robin_imports_back_to_its_ranking(
    capsys: pytest.CaptureFixture[str],
    scores: list[int],
    carry: Fraction,
    penalty: Fraction,
    unit: RecordUnit,
    sessions: int,
) -> None:
    store = store_round_robin(scores, carry, penalty, unit, sessions)
    try:
        text, _ = store.usebio_text(1)
        ranking, matches = store.ranking(1), store.matches(1)
    finally:
        store.close()
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "liga.xml"
        source.write_text(text, encoding="utf-8")
        db = str(Path(folder) / "again.sqlite3")
        code, _, err = run_cli(capsys, "event", "import", str(source), "--db", db)
        assert code == 0, err
        assert AGREE.fullmatch(err)
        imported = open_store(db)
        try:
            assert imported.event(1).spec.sessions == sessions
            assert imported.matches(1) == matches
            assert [(s.participant, s.rank_label, s.total) for s in imported.ranking(1)] == [
                (s.participant, s.rank_label, s.total) for s in ranking
            ]
        finally:
            imported.close()


def teams_file(*matches: usebio.Match, event_type: str = "TEAMS", teams: str = "ABCD") -> str:
    """A teams file of one session listing ``teams``, with ``matches``."""
    listed = tuple(usebio.Participant("team", team) for team in teams)
    session = usebio.Session("1", participants=listed, matches=matches)
    return usebio.dumps(usebio.Usebio(usebio.Event(event_type, sessions=(session,))))


def board(number: int, *scores: tuple[Side, int]) -> usebio.Board:
    """A match's board: each table's home-team direction and North-South score."""
    lines = tuple(
        usebio.TravellerLine(direction=side, result=Result.played(score)) for side, score in scores
    )
    return usebio.Board(number, lines)


BOTH = ((Side.NS, 140), (Side.EW, 110))


def refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, status: int = 2
) -> tuple[str, str]:
    """Import ``text``: it is refused (2: the file; 1: the event) and nothing is stored."""
    source = tmp_path / "liga.xml"
    source.write_text(text, encoding="utf-8")
    db = str(tmp_path / "club.sqlite3")
    code, out, err = run_cli(capsys, "event", "import", str(source), "--db", db, "--lang", "en")
    assert (code, out) == (status, "")
    assert "Traceback" not in err
    assert "Law" not in err
    store = open_store(db)
    try:
        assert store.events() == []
    finally:
        store.close()
    return err, str(source)


def test_law8a_a_match_board_with_three_tables_is_refused_naming_the_board(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    three = usebio.Match("A", "B", boards=(board(1, *BOTH), board(2, *BOTH, (Side.NS, 140))))
    err, source = refused(capsys, tmp_path, teams_file(three, usebio.Match("C", "D")))
    assert re.search(
        re.escape(source) + r", line \d+, USEBIO/EVENT/SESSION/MATCH/BOARD: '2': match A v B: "
        r"expected the result of each table that played the board, .*\(DIRECTION NS\) and "
        r"East-West at the other \(DIRECTION EW\); found NS, EW, NS",
        err,
    )


def test_law8a_a_board_with_the_home_team_in_one_direction_at_both_tables_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    twice = usebio.Match("A", "B", boards=(board(1, (Side.NS, 140), (Side.NS, 110)),))
    err, _ = refused(capsys, tmp_path, teams_file(twice))
    assert "found NS, NS" in err


def test_law78b_a_match_of_a_team_the_session_does_not_list_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    stranger = usebio.Match("A", "Z", boards=(board(1, *BOTH),))
    err, source = refused(capsys, tmp_path, teams_file(stranger))
    assert re.search(
        re.escape(source) + r", line \d+, USEBIO/EVENT/SESSION/MATCH: 'A v Z': team Z is not "
        r"among the session's PARTICIPANTS \(expected A, B, C, D\)",
        err,
    )


def test_law86b_a_knockout_with_an_odd_number_of_teams_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match = usebio.Match("A", "B", boards=(board(1, *BOTH),))
    err, _ = refused(capsys, tmp_path, teams_file(match, event_type="KO", teams="ABC"))
    assert "USEBIO/EVENT: 'KO': a knockout pairs its teams in matches: expected an even " in err
    assert "found 3 (A, B, C)" in err


def test_law86b_a_negative_carry_over_in_the_file_is_refused_naming_the_team(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    listed = (
        usebio.Participant("team", "A", carry_over=Fraction(-5, 2)),
        usebio.Participant("team", "B"),
    )
    session = usebio.Session(
        "1", participants=listed, matches=(usebio.Match("A", "B", boards=(board(1, *BOTH),)),)
    )
    text = usebio.dumps(usebio.Usebio(usebio.Event("KO", sessions=(session,))))
    err, source = refused(capsys, tmp_path, text)
    assert re.search(
        re.escape(source) + r", line \d+, USEBIO/EVENT/SESSION/PARTICIPANTS/TEAM/CARRY_OVER: "
        r"'-5/2': team A: expected a carry-over of 0 or more",
        err,
    )


def test_law86b_a_knockout_team_changing_opponents_between_segments_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    listed = tuple(usebio.Participant("team", team) for team in "ABCD")
    first = usebio.Session(
        "1",
        participants=listed,
        matches=(
            usebio.Match("A", "B", boards=(board(1, *BOTH),)),
            usebio.Match("C", "D", boards=(board(1, *BOTH),)),
        ),
    )
    second = usebio.Session(
        "2", participants=listed, matches=(usebio.Match("A", "C", boards=(board(1, *BOTH),)),)
    )
    text = usebio.dumps(usebio.Usebio(usebio.Event("KO", sessions=(first, second))))
    err, _ = refused(capsys, tmp_path, text)
    assert "MATCH: 'A v C': in a knockout a team meets the same opponent in every segment: " in err
    assert "expected team A to play B" in err


def test_law90_an_adjustment_the_event_refuses_stores_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    huge = usebio.Participant("team", "A", adjustment=Fraction(-7))
    session = usebio.Session(
        "1",
        participants=(huge, usebio.Participant("team", "B")),
        matches=(usebio.Match("A", "B", boards=(board(1, *BOTH),)),),
    )
    text = usebio.dumps(usebio.Usebio(usebio.Event("TEAMS", sessions=(session,))))
    # Too large an amount to be kept: the store refuses the penalty, and with it the event.
    text = text.replace("<ADJUSTMENT>-7.00<", "<ADJUSTMENT>-" + "9" * 15 + "." + "9" * 15 + "<")
    err, source = refused(capsys, tmp_path, text, status=1)
    assert f"{source}, session 1, participant A: the adjustment cannot be stored" in err
    assert "invalid penalty amount" in err


@given(
    st.fractions(min_value=-50, max_value=50, max_denominator=2),
    st.integers(min_value=1, max_value=9),
)
def test_law86b_carry_over_and_session_count_read_back_as_written(
    carry: Fraction, count: int
) -> None:
    team = usebio.Participant("team", "A", total=Fraction(10), carry_over=carry or None)
    event = usebio.Event(
        "KO", sessions=(usebio.Session("1", participants=(team,)),), session_count=count
    )
    again = usebio.loads(usebio.dumps(usebio.Usebio(event))).event
    assert again.session_count == count
    assert again.sessions[0].participants[0].carry_over == (carry or None)


def test_law86b_the_imported_knockout_is_scored_on_total_imps_with_the_files_carry_over(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = ((Side.NS, 500), (Side.EW, -100))  # 600 to the home team: 12 IMPs
    team = usebio.Participant("team", "B", carry_over=Fraction(7, 2))
    session = usebio.Session(
        "1",
        participants=(usebio.Participant("team", "A"), team),
        matches=(usebio.Match("A", "B", boards=(board(1, *lines),)),),
    )
    source = tmp_path / "copa.xml"
    source.write_text(
        usebio.dumps(usebio.Usebio(usebio.Event("KO", sessions=(session,)))), encoding="utf-8"
    )
    db = str(tmp_path / "copa.sqlite3")
    code, out, err = run_cli(capsys, "event", "import", str(source), "--db", db)
    assert code == 0, err
    assert out == "Event 1 imported: copa, 1 board, 2 participants, 2 results\n"
    store = open_store(db)
    try:
        [match] = store.knockout_matches(1)
        assert (match.home_total, match.away_total, match.leader) == (
            Fraction(12),
            Fraction(7, 2),
            "A",
        )
        assert store.participants(1) == [Participant("A"), Participant("B")]
    finally:
        store.close()


def test_law78b_a_match_figure_the_file_published_otherwise_is_named_by_its_match(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # +140 with the home team North-South, +110 for the visitors at the other table:
    # 30 points to A, 1 IMP (Law 78B); the file says 5.
    match = usebio.Match(
        "A", "B", 1, Fraction(5), Fraction(-5), Fraction(20), Fraction(0), (board(1, *BOTH),)
    )
    source = tmp_path / "liga.xml"
    source.write_text(teams_file(match, teams="AB"), encoding="utf-8")
    db = str(tmp_path / "liga.sqlite3")
    code, out, err = run_cli(capsys, "event", "import", str(source), "--db", db, "--json")
    assert code == 0, err
    published = json.loads(out)["published"]
    assert (published["compared"], published["differing"]) == (4, 4)
    assert published["differences"][0] == {
        "board": None,
        "pairs": "A v B",
        "pair": None,
        "team": None,
        "figure": "home team's IMPs",
        "published": "5.00",
        "computed": "1.00",
    }
    code, _, err = run_cli(capsys, "event", "import", str(source), "--db", db, "--lang", "es")
    assert code == 0
    assert "  encuentro A v B: IMP del equipo local: publicado 5,00, calculado 1,00" in err


def test_law87b_a_fouled_board_imports_with_its_two_groups_not_compared(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store = open_store("sqlite:///:memory:")
    try:
        event = store.create_event(
            EventSpec("Liga", 2, kind="teams"), [Participant("A"), Participant("B")]
        )
        for board, table, ns, ew, entry in (
            (1, 1, "A", "B", "score 420 group A"),
            (1, 2, "B", "A", "score 170 group B"),
            (2, 1, "A", "B", "score 100"),
            (2, 2, "B", "A", "score -110"),
        ):
            store.enter_result(event, board, table, Entry.from_str(entry), ns=ns, ew=ew)
        text, _ = store.usebio_text(event)
        fouled, ranking = store.uncompared_boards(event), store.ranking(event)
    finally:
        store.close()
    source = tmp_path / "liga.xml"
    source.write_text(text, encoding="utf-8")
    db = str(tmp_path / "liga.sqlite3")
    code, _, err = run_cli(capsys, "event", "import", str(source), "--db", db)
    assert code == 0, err
    imported = open_store(db)
    try:
        assert imported.uncompared_boards(1) == fouled
        assert [result.entry.group for result in imported.results(1) if result.board == 1] == [
            "A",
            "B",
        ]
        assert imported.ranking(1) == ranking
    finally:
        imported.close()


def test_law8a_a_match_line_naming_its_teams_instead_of_a_direction_is_its_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Another program's match: each line names the teams North-South and East-West.
    lines = (
        usebio.TravellerLine("A", "B", result=Result.played(140)),
        usebio.TravellerLine("B", "A", result=Result.played(110)),
    )
    match = usebio.Match("A", "B", 1, boards=(usebio.Board(1, lines),))
    source = tmp_path / "liga.xml"
    source.write_text(teams_file(match, teams="AB"), encoding="utf-8")
    db = str(tmp_path / "liga.sqlite3")
    code, _, err = run_cli(capsys, "event", "import", str(source), "--db", db)
    assert code == 0, err
    store = open_store(db)
    try:
        assert [(r.table, r.ns, r.ew, r.entry.score) for r in store.results(1)] == [
            (1, "A", "B", 140),
            (2, "B", "A", 110),
        ]
        [[played]] = store.matches(1).values()
        assert (played.home, played.home_imps) == ("A", Fraction(1))
    finally:
        store.close()


def test_law78b_a_double_round_robin_keeps_each_leg_its_own_match(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, again = str(tmp_path / "liga.sqlite3"), str(tmp_path / "again.sqlite3")
    first = round_robin(4, 2)
    legs = first.schedule + tuple(
        replace(
            seating,
            round=seating.round + first.rounds,
            board_set=(seating.board_set or 0) + first.rounds,
            boards=tuple(board + first.boards for board in seating.boards),
            ns=seating.ew,
            ew=seating.ns,
        )
        for seating in first.schedule
    )
    double = replace(first, board_sets=2 * first.rounds, schedule=legs, meets_at_most=2)
    store = open_store(db)
    try:
        event = store.create_event(
            EventSpec("Liga", 2 * first.boards, kind="teams"), movement=double
        )
        enter_scores(store, event)
        # Each leg is a match of its own, scored on its round's boards (Law 78B).
        assert len(store.matches(event)[1]) == 12
    finally:
        store.close()
    target, again, err = export_and_import(capsys, tmp_path, db)
    assert AGREE.fullmatch(err)
    [session] = usebio.load(target).event.sessions
    met = [(m.round, frozenset((m.team, m.opposing_team))) for m in session.matches]
    assert len(met) == 12
    assert {(1, frozenset("14")), (4, frozenset("14"))} <= set(met)
    assert ranking_json(capsys, again) == ranking_json(capsys, db)
    with original_and_imported(db, again) as (original, imported):
        assert imported.movement(1) == original.movement(1)
        assert imported.matches(1) == original.matches(1)
        assert imported.ranking(1) == original.ranking(1)


def test_law8a_a_board_one_table_of_a_match_played_is_exported_and_imported_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "liga.sqlite3")
    store = open_store(db)
    try:
        event = store.create_event(EventSpec("Liga", 6, kind="teams"), movement=round_robin(4, 2))
        # (board, table): the closed room of match 1, then of match 2
        enter_scores(store, event, late={(1, 2), (4, 3)})
        before = store.usebio_text(event)[0]
    finally:
        store.close()
    target, again, err = export_and_import(capsys, tmp_path, db)
    assert AGREE.fullmatch(err)
    [session] = usebio.load(target).event.sessions
    alone = [
        (match.round, board.number, [line.direction for line in board.lines], board.imps)
        for match in session.matches
        for board in match.boards
        if len(board.lines) == 1
    ]
    assert alone == [(1, 1, [Side.NS], None), (2, 4, [Side.EW], None)]
    with original_and_imported(db, again) as (original, imported):
        seats = {(r.board, r.table, r.ns, r.ew, r.result) for r in original.results(1)}
        assert len(seats) == 22
        assert {(r.board, r.table, r.ns, r.ew, r.result) for r in imported.results(1)} == seats
        assert imported.matches(1) == original.matches(1)
        assert imported.ranking(1) == original.ranking(1)
        assert imported.usebio_text(1)[0] == before


def test_law8a_a_pairs_board_with_one_result_is_exported_and_imported_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "martes.sqlite3")
    store = open_store(db)
    try:
        pairs = [Participant(str(number)) for number in range(1, 5)]
        event = store.create_event(EventSpec("Martes", boards=2), pairs)
        store.enter_result(event, 1, 1, Entry.from_str("score 420"), ns="1", ew="2")
        store.enter_result(event, 1, 2, Entry.from_str("score 400"), ns="3", ew="4")
        store.enter_result(event, 2, 1, Entry.from_str("score 100"), ns="1", ew="2")
    finally:
        store.close()
    target, again, err = export_and_import(capsys, tmp_path, db)
    assert AGREE.fullmatch(err)
    [session] = usebio.load(target).event.sessions
    assert [(board.number, len(board.lines)) for board in session.boards] == [(1, 2), (2, 1)]
    with original_and_imported(db, again) as (original, imported):
        rows = {(r.board, r.ns, r.ew, r.result) for r in original.results(1)}
        assert {(r.board, r.ns, r.ew, r.result) for r in imported.results(1)} == rows
        assert imported.ranking(1) == original.ranking(1)


def test_law8a_matches_of_a_round_on_boards_of_their_own_are_imported_without_a_movement(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ab = usebio.Match("A", "B", 1, boards=(board(1, *BOTH),))
    cd = usebio.Match("C", "D", 1, boards=(board(2, *BOTH),))
    source = tmp_path / "liga.xml"
    source.write_text(teams_file(ab, cd), encoding="utf-8")
    db = str(tmp_path / "liga.sqlite3")
    code, _, err = run_cli(capsys, "event", "import", str(source), "--db", db)
    assert code == 0, err
    store = open_store(db)
    try:
        # No round plays boards of its own match by match: the file is no movement's.
        assert store.movement(1) is None
        assert sorted((r.board, r.table, r.ns, r.ew) for r in store.results(1)) == [
            (1, 1, "A", "B"),
            (1, 2, "B", "A"),
            (2, 3, "C", "D"),
            (2, 4, "D", "C"),
        ]
    finally:
        store.close()


def test_law8a_a_match_whose_boards_one_table_played_is_exported_without_figures_and_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "liga.sqlite3")
    store = open_store(db)
    try:
        event = store.create_event(EventSpec("Liga", 6, kind="teams"), movement=round_robin(4, 2))
        # The open room of round 1's match 1 (boards 1 and 2 at table 1) is late.
        enter_scores(store, event, late={(1, 1), (2, 1)})
        assert len(store.matches(event)[1]) == 5  # 1 v 4 in round 1 has no board to score
    finally:
        store.close()
    target, again, err = export_and_import(capsys, tmp_path, db)
    assert AGREE.fullmatch(err)
    [session] = usebio.load(target).event.sessions
    first = session.matches[0]
    assert (first.round, first.team, first.opposing_team, first.team_imps, first.team_score) == (
        1,
        "1",
        "4",
        None,
        None,
    )
    assert [(b.number, [line.direction for line in b.lines]) for b in first.boards] == [
        (1, [Side.EW]),
        (2, [Side.EW]),
    ]
    with original_and_imported(db, again) as (original, imported):
        seats = {(r.board, r.table, r.ns, r.ew, r.result) for r in original.results(1)}
        assert {(r.board, r.table, r.ns, r.ew, r.result) for r in imported.results(1)} == seats
        assert imported.movement(1) == original.movement(1)
        assert imported.matches(1) == original.matches(1)
        assert imported.ranking(1) == original.ranking(1)
        assert imported.usebio_text(1) == original.usebio_text(1)
