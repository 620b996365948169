"""A Swiss through USEBIO and back: a disqualification (Law 91B), the seeding, several sessions.

A USEBIO file has no element for a disqualification, a seeding or a movement. Árbitro's
export writes a disqualified participant's record as its comment, and ``arbitro event
import`` reads it back, so the team is not given byes in the rounds it no longer plays;
a team merely absent from later rounds is not taken for disqualified. A Swiss's
participants are written in their seeding order, which the rebuilt movement keeps
when the teams have names. A Swiss written in several ``SESSION`` elements, as other
programs split it, has its rounds rebuilt across the sessions as one Swiss.
"""

from __future__ import annotations

import tempfile
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.formats import usebio
from arbitro.store import open_store
from usebio_swiss_support import AGREE, SCORES, export, imported, play_swiss, shown, stores


@pytest.mark.parametrize("kind", ["teams", "pairs"])
def test_law_91b_a_team_disqualified_part_way_stays_disqualified_through_usebio(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    db, again = str(tmp_path / "suizo.sqlite3"), str(tmp_path / "again.sqlite3")
    # Five teams: team 2 is disqualified after round 1 and paired no more.
    play_swiss(db, 5, 3, kind=kind, bye=Fraction(12) if kind == "teams" else None,
               disqualify=(1, "2"))  # fmt: skip
    written = export(capsys, db, tmp_path / "suizo.xml")
    assert "Disqualified, not ranked (Law 91B): cheating" in written
    assert AGREE.fullmatch(imported(capsys, tmp_path / "suizo.xml", again))
    with stores(db, again) as (original, copy):
        assert list(copy.disqualified(1)) == ["2"]
        assert copy.disqualified(1)["2"].startswith("cheating")
        # No bye for the disqualified team in the rounds it no longer plays.
        assert copy.swiss_byes(1) == original.swiss_byes(1)
        assert all(team != "2" for _, team in copy.swiss_byes(1))
        assert copy.ranking(1) == original.ranking(1)
        assert "2" not in {standing.participant for standing in copy.ranking(1)}
    assert shown(capsys, again, "ranking") == shown(capsys, db, "ranking")
    assert export(capsys, again, tmp_path / "again.xml") == written


def test_law_91b_a_team_merely_absent_from_later_rounds_is_not_taken_for_disqualified(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, again = str(tmp_path / "suizo.sqlite3"), str(tmp_path / "again.sqlite3")
    play_swiss(db, 5, 3, disqualify=(1, "2"))
    read = usebio.loads(export(capsys, db, tmp_path / "suizo.xml"))
    # The same file without the record: team 2 plays no match after round 1, and that
    # alone says nothing of a disqualification.
    [session] = read.event.sessions
    silent = tuple(replace(team, note=None) for team in session.participants)
    source = tmp_path / "silent.xml"
    source.write_text(
        usebio.dumps(
            replace(
                read,
                event=replace(read.event, sessions=(replace(session, participants=silent),)),
            )
        ),
        encoding="utf-8",
    )
    imported(capsys, source, again)
    copy = open_store(again)
    try:
        assert copy.disqualified(1) == {}
        assert (2, "2") in copy.swiss_byes(1)
        assert (3, "2") in copy.swiss_byes(1)
    finally:
        copy.close()


@pytest.mark.parametrize(
    "note",
    [
        "Disqualified, not ranked (Law 91B): cheating (Law 91B, by Ana)",
        "Descalificados, fuera de la clasificación (Artículo 91B): trampas (Artículo 91B, por Ana)",
    ],
)
def test_law_91b_the_record_is_read_in_either_language_arbitro_writes_it(note: str) -> None:
    teams = (
        usebio.Participant("team", "1", place="1"),
        usebio.Participant("team", "2", note=note),
        usebio.Participant("team", "3", note="Penalty (Law 90B2): 1 VP: slow play"),
    )
    read = usebio.Usebio(
        usebio.Event("SWISS_TEAMS", sessions=(usebio.Session("1", participants=teams),))
    )
    assert usebio.disqualified_in(read) == {"2": note.split(": ", 1)[1]}


SEEDED = ("Sevilla", "Bilbao", "Madrid", "Alicante", "Zaragoza")
"""Named teams in their seeding order, which is not their alphabetical one."""


@pytest.mark.parametrize("kind", ["teams", "pairs"])
def test_law_78_a_named_swiss_keeps_its_seeding_through_usebio(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    db, again = str(tmp_path / "suizo.sqlite3"), str(tmp_path / "again.sqlite3")
    play_swiss(db, SEEDED, 3, kind=kind)
    written = export(capsys, db, tmp_path / "suizo.xml")
    [session] = usebio.loads(written).event.sessions
    # Named participants are written in their seeding order: the names do not give it.
    assert tuple(listed.number for listed in session.participants) == SEEDED
    assert AGREE.fullmatch(imported(capsys, tmp_path / "suizo.xml", again))
    with stores(db, again) as (original, copy):
        movement = copy.movement(1)
        assert movement is not None
        assert movement.participants == SEEDED
        assert movement == original.movement(1)
        assert copy.swiss_byes(1) == original.swiss_byes(1)
        assert copy.ranking(1) == original.ranking(1)
    assert export(capsys, again, tmp_path / "again.xml") == written


def test_law_78_numbered_teams_are_seeded_by_their_numbers_whatever_the_files_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, again = str(tmp_path / "suizo.sqlite3"), str(tmp_path / "again.sqlite3")
    play_swiss(db, 10, 2)
    written = export(capsys, db, tmp_path / "suizo.xml")
    [session] = usebio.loads(written).event.sessions
    # Numbered teams are listed by their places; their numbers are their seeding.
    assert session.participants[0].place == "1"
    assert [listed.number for listed in session.participants] != [str(n) for n in range(1, 11)]
    imported(capsys, tmp_path / "suizo.xml", again)
    copy = open_store(again)
    try:
        movement = copy.movement(1)
        assert movement is not None
        assert movement.participants == tuple(str(number) for number in range(1, 11))
    finally:
        copy.close()


def split(read: usebio.Usebio, first: int, *, restart: bool, bye: Fraction = Fraction(0)) -> str:
    """A one-session Swiss file as another program may write it: rounds up to ``first`` in one SESSION, the rest in a second.

    A teams session lists each team with that session's victory points (its matches'
    and ``bye`` for each round of the session it sits out), and numbers its matches'
    rounds from 1 when ``restart``; a pairs session lists the pairs alone.
    """
    [whole] = read.event.sessions
    listed = [replace(one, place=None, total=None, percentage=None) for one in whole.participants]
    parts = []
    for number, rounds in ((1, range(1, first + 1)), (2, range(first + 1, 100))):
        if whole.matches:
            matches = [match for match in whole.matches if match.round in rounds]
            played = {match.round for match in matches}
            participants = tuple(
                replace(
                    team,
                    total=sum(
                        (
                            Fraction(
                                (
                                    match.team_score
                                    if match.team == team.number
                                    else match.opposing_team_score
                                )
                                or 0
                            )
                            for match in matches
                            if team.number in (match.team, match.opposing_team)
                        ),
                        Fraction(0),
                    )
                    + bye
                    * sum(
                        all(
                            team.number not in (m.team, m.opposing_team)
                            for m in matches
                            if m.round == r
                        )
                        for r in played
                    ),
                )
                for team in listed
            )
            shift = first if restart and number == 2 else 0
            moved = tuple(replace(match, round=(match.round or 0) - shift) for match in matches)
            parts.append(usebio.Session(str(number), participants=participants, matches=moved))
        else:
            boards = tuple(board for board in whole.boards if (board.number - 1) // 2 + 1 in rounds)
            parts.append(usebio.Session(str(number), participants=tuple(listed), boards=boards))
    return usebio.dumps(replace(read, event=replace(read.event, sessions=tuple(parts))))


@pytest.mark.parametrize(("kind", "restart"), [("teams", False), ("teams", True), ("pairs", False)])
def test_law_78_a_swiss_in_several_sessions_has_its_rounds_rebuilt_as_one_swiss(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str, restart: bool
) -> None:
    db, again = str(tmp_path / "suizo.sqlite3"), str(tmp_path / "again.sqlite3")
    bye = Fraction(21, 2) if kind == "teams" else None
    play_swiss(db, 5, 4, kind=kind, bye=bye)
    written = export(capsys, db, tmp_path / "suizo.xml")
    source = tmp_path / "sessions.xml"
    source.write_text(
        split(usebio.loads(written), 2, restart=restart, bye=bye or Fraction(0)), encoding="utf-8"
    )
    assert len(usebio.load(source).event.sessions) == 2
    assert AGREE.fullmatch(imported(capsys, source, again))
    with stores(db, again) as (original, copy):
        assert copy.event(1).spec.sessions == 1  # a Swiss is paired in one session
        assert copy.movement(1) == original.movement(1)
        assert copy.swiss_byes(1) == original.swiss_byes(1)
        assert copy.event(1).bye_score == bye
        assert copy.ranking(1) == original.ranking(1)
        seats = {(r.round, r.board, r.table, r.ns, r.ew) for r in original.results(1)}
        assert {(r.round, r.board, r.table, r.ns, r.ew) for r in copy.results(1)} == seats
    assert export(capsys, again, tmp_path / "again.xml") == written


def test_law_78_sessions_that_reuse_board_numbers_stay_sessions_without_a_movement(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, again = str(tmp_path / "suizo.sqlite3"), str(tmp_path / "again.sqlite3")
    play_swiss(db, 4, 2)
    read = usebio.loads(
        split(usebio.loads(export(capsys, db, tmp_path / "s.xml")), 1, restart=True)
    )
    first, second = read.event.sessions
    # The second session numbers its boards from 1 again: no longer one Swiss's rounds.
    renumbered = tuple(
        replace(
            match, boards=tuple(replace(board, number=board.number - 2) for board in match.boards)
        )
        for match in second.matches
    )
    source = tmp_path / "reused.xml"
    source.write_text(
        usebio.dumps(
            replace(
                read,
                event=replace(read.event, sessions=(first, replace(second, matches=renumbered))),
            )
        ),
        encoding="utf-8",
    )
    imported(capsys, source, again)
    copy = open_store(again)
    try:
        assert copy.movement(1) is None
        assert copy.event(1).spec.sessions == 2
        assert sorted(copy.matches(1)) == [1, 2]
    finally:
        copy.close()


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(st.sampled_from(SCORES), min_size=11, max_size=11),
    st.integers(min_value=1, max_value=3),
    st.booleans(),
    st.sampled_from([Fraction(0), Fraction(12), Fraction(40, 3), Fraction(20)]),
)
def test_law_78_any_swiss_split_in_sessions_imports_back_to_its_rounds_and_ranking(
    capsys: pytest.CaptureFixture[str],
    scores: list[int],
    first: int,
    restart: bool,
    bye: Fraction,
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db, again = str(Path(folder) / "suizo.sqlite3"), str(Path(folder) / "again.sqlite3")
        play_swiss(db, 5, 4, bye=bye, scores=scores)
        source = Path(folder) / "sessions.xml"
        source.write_text(
            split(usebio.loads(export(capsys, db, Path(folder) / "s.xml")), first,
                  restart=restart, bye=bye),
            encoding="utf-8",
        )  # fmt: skip
        assert AGREE.fullmatch(imported(capsys, source, again))
        with stores(db, again) as (original, copy):
            assert copy.movement(1) == original.movement(1)
            assert copy.event(1).bye_score == bye
            assert [(s.participant, s.rank_label, s.total) for s in copy.ranking(1)] == [
                (s.participant, s.rank_label, s.total) for s in original.ranking(1)
            ]
