"""A Swiss teams event exported as USEBIO and imported again: its rounds, matches and byes.

A USEBIO file carries no movement and no bye: each ``MATCH`` has its round
(``ROUND_NUMBER``), its two teams and its boards. ``arbitro event import`` rebuilds the
rounds from them (who met whom in which round, on which boards) as the event's Swiss
movement; a team the session lists that plays no match in a round has the bye, scored as
the event's bye rule says (a teams Swiss's victory points, read back from the published
totals). The imported event ranks, shows its score cards and exports as the Swiss it
came from (Law 78B: each match in victory points).
"""

from __future__ import annotations

import tempfile
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.formats import usebio
from arbitro.store import open_store
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from usebio_swiss_support import AGREE, SCORES, export, imported, play_swiss, shown, stores


def test_law78b_a_swiss_with_a_bye_imports_with_its_rounds_byes_and_ranking(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, again = str(tmp_path / "suizo.sqlite3"), str(tmp_path / "again.sqlite3")
    play_swiss(db, teams=5, rounds=3, bye=Fraction(21, 2))
    written = export(capsys, db, tmp_path / "suizo.xml")
    # A bye is no penalty: the teams' ADJUSTMENT holds penalties only.
    assert "ADJUSTMENT" not in written
    assert AGREE.fullmatch(imported(capsys, tmp_path / "suizo.xml", again))
    with stores(db, again) as (original, copy):
        assert copy.event(1).movement == "swiss"
        assert copy.movement(1) == original.movement(1)
        assert copy.swiss_byes(1) == original.swiss_byes(1) == [(1, "5"), (2, "4"), (3, "1")]
        # The bye's 10.5 VP are read back from the teams' published totals.
        assert copy.event(1).bye_score == Fraction(21, 2)
        assert copy.matches(1) == original.matches(1)
        assert copy.ranking(1) == original.ranking(1)
        seats = {(r.round, r.board, r.table, r.ns, r.ew) for r in original.results(1)}
        assert {(r.round, r.board, r.table, r.ns, r.ew) for r in copy.results(1)} == seats
    assert shown(capsys, again, "ranking") == shown(capsys, db, "ranking")
    for team in ("1", "5"):
        assert shown(capsys, again, "card", team) == shown(capsys, db, "card", team)
    assert export(capsys, again, tmp_path / "again.xml") == written


def test_law78b_a_swiss_file_without_its_totals_gives_a_bye_the_events_default(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, again = str(tmp_path / "suizo.sqlite3"), str(tmp_path / "again.sqlite3")
    play_swiss(db, teams=3, rounds=2, bye=Fraction(15))
    read = usebio.loads(export(capsys, db, tmp_path / "suizo.xml"))
    [session] = read.event.sessions
    bare = tuple(
        usebio.Participant("team", team.number) for team in session.participants
    )  # no TOTAL_SCORE: nothing says what a bye scored
    stripped = tmp_path / "stripped.xml"
    stripped.write_text(
        usebio.dumps(
            usebio.Usebio(
                usebio.Event(
                    read.event.event_type,
                    sessions=(usebio.Session("1", participants=bare, matches=session.matches),),
                )
            )
        ),
        encoding="utf-8",
    )
    imported(capsys, stripped, again)
    with stores(db, again) as (original, copy):
        assert copy.swiss_byes(1) == original.swiss_byes(1) == [(1, "3"), (2, "1")]
        assert original.event(1).bye_score == Fraction(15)
        assert copy.event(1).bye_score == Fraction(12)  # --bye-vp's default


def test_law78b_a_teams_file_whose_rounds_are_not_a_movement_imports_without_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, again = str(tmp_path / "suizo.sqlite3"), str(tmp_path / "again.sqlite3")
    play_swiss(db, teams=4, rounds=2)
    read = usebio.loads(export(capsys, db, tmp_path / "suizo.xml"))
    [session] = read.event.sessions
    # No ROUND_NUMBER: who met whom in which round is not in the file.
    unnumbered = tuple(
        usebio.Match(
            match.team,
            match.opposing_team,
            None,
            match.team_imps,
            match.opposing_team_imps,
            match.team_score,
            match.opposing_team_score,
            match.boards,
        )
        for match in session.matches
    )
    source = tmp_path / "unnumbered.xml"
    source.write_text(
        usebio.dumps(
            usebio.Usebio(
                usebio.Event(
                    usebio.SWISS_TEAMS,
                    sessions=(
                        usebio.Session("1", participants=session.participants, matches=unnumbered),
                    ),
                )
            )
        ),
        encoding="utf-8",
    )
    assert AGREE.fullmatch(imported(capsys, source, again))
    with stores(db, again) as (original, copy):
        assert copy.movement(1) is None
        assert copy.swiss_byes(1) == []
        assert copy.matches(1) == original.matches(1)


def test_law78b_a_swiss_repeat_meeting_stays_its_own_match_on_import(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, again = str(tmp_path / "suizo.sqlite3"), str(tmp_path / "again.sqlite3")
    play_swiss(db, teams=3, rounds=4)  # three teams, four rounds: two meet again
    source = tmp_path / "suizo.xml"
    export(capsys, db, source)
    [session] = usebio.load(source).event.sessions
    meetings = [frozenset((m.team or "", m.opposing_team or "")) for m in session.matches]
    assert len(meetings) == 4
    assert len(set(meetings)) == 3  # one pair of teams has two MATCH elements
    assert len({m.round for m in session.matches}) == 4
    assert AGREE.fullmatch(imported(capsys, source, again))
    with stores(db, again) as (original, copy):
        movement = copy.movement(1)
        assert movement is not None
        assert movement.meets_at_most is None  # the repeat was made, as the pairing made it
        assert copy.movement(1) == original.movement(1)
        assert copy.swiss_byes(1) == original.swiss_byes(1)
        assert len(copy.matches(1)[1]) == 4
        assert copy.matches(1) == original.matches(1)
        assert copy.ranking(1) == original.ranking(1)


def test_law78a_a_swiss_pairs_event_imports_with_its_rounds_byes_and_ranking(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, again = str(tmp_path / "suizo.sqlite3"), str(tmp_path / "again.sqlite3")
    play_swiss(db, teams=7, rounds=3, kind="pairs")
    source = tmp_path / "suizo.xml"
    written = export(capsys, db, source)
    assert usebio.load(source).event.event_type == "SWISS_PAIRS"
    assert AGREE.fullmatch(imported(capsys, source, again))
    with stores(db, again) as (original, copy):
        assert copy.movement(1) == original.movement(1)
        # A pairs Swiss's bye scores nothing: the pair plays fewer boards.
        assert copy.swiss_byes(1) == original.swiss_byes(1) == [(1, "7"), (2, "6"), (3, "1")]
        assert copy.ranking(1) == original.ranking(1)
        seats = {(r.round, r.board, r.table, r.ns, r.ew) for r in original.results(1)}
        assert {(r.round, r.board, r.table, r.ns, r.ew) for r in copy.results(1)} == seats
    assert shown(capsys, again, "ranking") == shown(capsys, db, "ranking")
    assert shown(capsys, again, "card", "6") == shown(capsys, db, "card", "6")
    assert export(capsys, again, tmp_path / "again.xml") == written


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(st.sampled_from(SCORES), min_size=11, max_size=11),  # 7 steps through all 11
    st.sampled_from([Fraction(0), Fraction(21, 2), Fraction(12), Fraction(40, 3), Fraction(20)]),
    st.sampled_from([Fraction(0), Fraction(1), Fraction(5, 2)]),
)
def test_law78b_any_swiss_with_byes_and_a_penalty_imports_back_to_its_ranking(
    capsys: pytest.CaptureFixture[str], scores: list[int], bye: Fraction, penalty: Fraction
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db, again = str(Path(folder) / "suizo.sqlite3"), str(Path(folder) / "again.sqlite3")
        play_swiss(db, teams=5, rounds=3, bye=bye, scores=scores)
        if penalty:
            store = open_store(db)
            try:
                record = PenaltyRecord("5", PenaltyKind.PROCEDURAL, penalty, "vp", "90", "late")
                store.add_penalty(1, record, 1)
            finally:
                store.close()
        source = Path(folder) / "suizo.xml"
        export(capsys, db, source)
        assert AGREE.fullmatch(imported(capsys, source, again))
        with stores(db, again) as (original, copy):
            assert copy.event(1).bye_score == bye
            assert copy.swiss_byes(1) == original.swiss_byes(1)
            assert [(s.participant, s.rank_label, s.total) for s in copy.ranking(1)] == [
                (s.participant, s.rank_label, s.total) for s in original.ranking(1)
            ]
