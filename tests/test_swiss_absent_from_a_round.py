"""A Swiss's team or pair absent from a round: no table, no bye, nothing scored.

A late team (``arbitro event new ... --absent-round-1 8``) or one away for a round
(``arbitro event pair EVENT --absent 3``) is left out of that round's pairing; the bye,
where the others are odd, goes to the one the pairing leaves out, and only it scores the
bye's victory points. The movement keeps the absence, the ranking and the team's score
card name it («ausente», not a bye).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.movements import movement_from_data, movement_to_data, swiss_start
from arbitro.web.match_tables import team_matches
from cli_support import run_cli


def _late_team_swiss(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> str:
    """Event 1: a Swiss of 8 teams, 3 rounds of 2 boards, team 8 late for round 1."""
    db = str(tmp_path / "suizo.sqlite3")
    code, _, err = run_cli(
        capsys,
        "event", "new", "Suizo", "--kind", "teams", "--movement", "swiss", "--tables", "8",
        "--rounds", "3", "--boards-per-round", "2", "--absent-round-1", "8", "--db", db,
    )  # fmt: skip
    assert (code, err) == (0, "")
    return db


def _play(store: Store, round_: int) -> None:
    """Every board of ``round_``: 4S made at odd tables with an overtrick, exactly at even ones."""
    movement = store.movement(1)
    assert movement is not None
    for seating in movement.seatings(round_):
        for board in seating.boards:
            made = 10 if seating.table % 2 else 9
            store.enter_result(1, board, seating.table, Entry.from_str(f"4S N {made}"))


def test_swiss_a_team_absent_from_round_1_is_not_drawn_and_has_no_bye(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _late_team_swiss(capsys, tmp_path)
    store = open_store(db)
    try:
        movement = store.movement(1)
        assert movement is not None
        assert [(s.ns, s.ew) for s in movement.seatings(1)][::2] == [
            ("1", "2"), ("3", "4"), ("5", "6"),
        ]  # fmt: skip
        assert (movement.byes(1), movement.absent_from(1)) == (("7",), ("8",))
        assert store.swiss_byes(1) == [(1, "7")]
        assert store.swiss_absences(1) == [(1, "8")]
        _play(store, 1)
        totals = {standing.participant: standing.total for standing in store.ranking(1)}
        assert (totals["7"], totals["8"]) == (
            Fraction(12),
            Fraction(0),
        )  # the bye's 12 VP to team 7 only
    finally:
        store.close()


def test_swiss_the_ranking_and_score_card_name_the_absence_apart_from_the_bye(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _late_team_swiss(capsys, tmp_path)
    code, out, _ = run_cli(capsys, "event", "ranking", "1", "--db", db, "--lang", "en")
    assert code == 0
    assert "Byes, 12.00 VP each: round 1, team 7" in out
    assert "Absent, not a bye (0): round 1, team 8" in out
    code, out, _ = run_cli(capsys, "event", "ranking", "1", "--db", db, "--json")
    listed = {row["participant"]: row for row in json.loads(out)}
    assert (listed["8"]["absent"], listed["8"]["byes"], listed["7"]["byes"]) == ([1], [], [1])
    store = open_store(db)
    try:
        (line,) = team_matches(store, store.event(1), "8")
        assert (line.round, line.opponent, line.vps, line.absent) == (1, "", Fraction(0), True)
        (bye,) = team_matches(store, store.event(1), "7")
        assert (bye.vps, bye.absent) == (Fraction(12), False)
    finally:
        store.close()


def test_swiss_event_pair_leaves_an_absent_team_out_of_the_next_round(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _late_team_swiss(capsys, tmp_path)
    store = open_store(db)
    try:
        _play(store, 1)
    finally:
        store.close()
    code, out, err = run_cli(capsys, "event", "pair", "1", "--absent", "3", "--db", db, "--json")
    assert (code, err) == (0, "")
    paired = json.loads(out)
    seated = {team for table in paired["tables"] for team in (table["ns"], table["ew"])}
    assert paired["absent"] == ["3"]
    assert "3" not in seated
    assert paired["bye"] not in seated
    # Seven teams play: the bye goes to the lowest-ranked without one, team 8 (0 VP, absent
    # from round 1, not a bye), not to team 7, which had round 1's.
    assert (paired["bye"], len(seated)) == ("8", 6)
    store = open_store(db)
    try:
        assert store.swiss_absences(1) == [(1, "8"), (2, "3")]
        assert store.swiss_byes(1) == [(1, "7"), (2, paired["bye"])]
    finally:
        store.close()


def test_swiss_an_absent_name_not_in_the_event_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _late_team_swiss(capsys, tmp_path)
    store = open_store(db)
    try:
        _play(store, 1)
    finally:
        store.close()
    code, _, err = run_cli(
        capsys, "event", "pair", "1", "--absent", "9", "--db", db, "--lang", "en"
    )
    assert code != 0
    assert "9 cannot be absent: expected one of the participants (1, 2, 3, 4, 5, 6, 7, 8)" in err
    assert "Traceback" not in err
    store = open_store(db)
    try:
        movement = store.movement(1)
        assert movement is not None
        assert movement.rounds == 1
    finally:
        store.close()


def test_swiss_absent_round_1_is_refused_for_another_movement(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run_cli(
        capsys,
        "event", "new", "Liga", "--kind", "teams", "--movement", "round-robin", "--tables",
        "4", "--absent-round-1", "4", "--db", str(tmp_path / "liga.sqlite3"), "--lang", "en",
    )  # fmt: skip
    assert code != 0
    assert "--absent-round-1 is not an option of this movement" in err


def test_swiss_the_movement_file_keeps_each_rounds_absent() -> None:
    movement = swiss_start(6, 3, 2, teams=True, absent=("6",))
    data = movement_to_data(movement)
    assert data["rounds"][0]["absent"] == ["6"]  # type: ignore[index]
    assert movement_from_data(json.loads(json.dumps(data))).absent == ((1, "6"),)
