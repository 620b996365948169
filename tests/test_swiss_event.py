"""A Swiss event run end to end: created with round 1 drawn, each next round paired (Law 8).

``arbitro event new --movement swiss`` stores round 1 in the participants' order (1 v 2,
3 v 4, ...); ``arbitro event pair`` pairs the next round from the ranking (a teams
event's victory points, a bye's among them; a pairs event's total) once every result of
the rounds paired is in, and the stored movement grows by that round.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from arbitro.store import Store, open_store
from arbitro.store.repository import StoreConflictError, StoreError
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import check, matches, swiss_start
from cli_support import run_cli


def _play(store: Store, event: int, round_: int, tricks: int = 10) -> None:
    """Enter every board of ``round_``: North-South make 4S with ``tricks`` tricks at odd tables."""
    movement = store.movement(event)
    assert movement is not None
    for seating in movement.seatings(round_):
        for board in seating.boards:
            made = tricks if seating.table % 2 else 9
            store.enter_result(event, board, seating.table, Entry.from_str(f"4S N {made}"))


def _new_swiss(capsys: pytest.CaptureFixture[str], tmp_path: Path, options: str) -> str:
    """Event 1, a Swiss made by ``arbitro event new`` with ``options`` (as typed); its database."""
    db = str(tmp_path / "suizo.sqlite3")
    typed = options.split()
    code, _, err = run_cli(
        capsys, "event", "new", "Suizo", "--movement", "swiss", *typed, "--db", db
    )
    assert (code, err) == (0, "")
    return db


def _played(db: str, round_: int | None) -> None:
    """Event 1's ``round_`` played (:func:`_play`), or only board 1 at table 1 (``None``)."""
    store = open_store(db)
    try:
        if round_ is None:
            store.enter_result(1, 1, 1, Entry.from_str("4S N 10"))
        else:
            _play(store, 1, round_)
    finally:
        store.close()


def test_law8_cli_creates_a_swiss_teams_event_with_round_1_drawn_in_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "suizo.sqlite3")
    code, out, err = run_cli(
        capsys,
        "event", "new", "Suizo", "--kind", "teams", "--movement", "swiss", "--tables", "5",
        "--rounds", "3", "--boards-per-round", "2", "--db", db,
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert out.strip() == "Event 1 created: Suizo, 6 boards, 5 participants"
    store = open_store(db)
    try:
        movement = store.movement(1)
        assert movement is not None
        assert (movement.kind, movement.rooms, movement.rounds, movement.board_sets) == (
            "swiss", 2, 1, 3,
        )  # fmt: skip
        assert [(s.table, s.ns, s.ew) for s in movement.seatings(1)] == [
            (1, "1", "2"), (2, "2", "1"), (3, "3", "4"), (4, "4", "3"),
        ]  # fmt: skip
        assert movement.sitting_out(1) == ("5",)
        assert store.event(1).bye_score == 12
        assert check(movement) == []
    finally:
        store.close()


def test_law8_cli_creates_a_swiss_pairs_event(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "suizo.sqlite3")
    code, out, _ = run_cli(
        capsys,
        "event", "new", "Suizo", "--movement", "swiss", "--tables", "6", "--rounds", "4",
        "--boards-per-round", "3", "--db", db,
    )  # fmt: skip
    assert (code, out.strip()) == (0, "Event 1 created: Suizo, 12 boards, 6 participants")
    code, out, _ = run_cli(capsys, "event", "show", "1", "--db", db)
    assert "Swiss" in out
    store = open_store(db)
    try:
        movement = store.movement(1)
        assert movement is not None
        assert [(s.table, s.ns, s.ew, s.boards) for s in movement.seatings(1)] == [
            (1, "1", "2", (1, 2, 3)), (2, "3", "4", (1, 2, 3)), (3, "5", "6", (1, 2, 3)),
        ]  # fmt: skip
        assert store.event(1).bye_score is None
    finally:
        store.close()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("--kind", "teams", "--tables", "4"), "give the number of rounds of a Swiss (--rounds)"),
        (("--tables", "4", "--rounds", "2", "--bye-vp", "10"), "only a Swiss teams event has a score for a bye"),
        (("--kind", "teams", "--tables", "4", "--rounds", "2", "--bye-vp", "25"),
         "a bye scores 0 to 20 victory points, the most a match gives, not 25"),
        (("--tables", "4", "--rounds", "2", "--sessions", "2"), "a Swiss is played in one session"),
        (("--tables", "1", "--rounds", "2"), "invalid movement 'swiss 1': expected at least two participants"),
    ],
)  # fmt: skip
def test_law8_a_swiss_without_rounds_or_a_pairs_bye_score_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, arguments: tuple[str, ...], message: str
) -> None:
    db = str(tmp_path / "suizo.sqlite3")
    code, _, err = run_cli(
        capsys, "event", "new", "Suizo", "--movement", "swiss", *arguments, "--db", db,
        "--lang", "en",
    )  # fmt: skip
    assert code != 0
    assert message in err


def test_law8_cli_pairs_the_next_round_only_when_the_last_has_every_result(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _new_swiss(capsys, tmp_path, "--kind teams --tables 5 --rounds 3 --boards-per-round 2")
    _played(db, None)
    code, _, err = run_cli(capsys, "event", "pair", "1", "--db", db, "--lang", "en")
    assert code != 0
    assert (
        "round 1 is not over: results missing at table 1 (board 2); table 2 (boards 1, 2); "
        "table 3 (boards 1, 2); table 4 (boards 1, 2); pair round 2 when they are entered"
    ) in err
    code, _, err = run_cli(capsys, "event", "pair", "1", "--db", db, "--lang", "es")
    assert "faltan resultados en mesa 1 (estuche 2); mesa 2 (estuches 1, 2);" in err
    store = open_store(db)
    try:
        store.enter_result(1, 2, 1, Entry.from_str("4S N 10"))
        for table in (2, 3, 4):
            for board in (1, 2):
                store.enter_result(
                    1, board, table, Entry.from_str("4S N 9" if table % 2 == 0 else "4S N 10")
                )
    finally:
        store.close()
    code, out, err = run_cli(capsys, "event", "pair", "1", "--db", db, "--lang", "en")
    assert (code, err) == (0, "")
    # 1 and 3 won 20-0, 5 had the bye (12 VP), 2 and 4 lost: 4 is the lowest without a bye.
    assert out.splitlines() == [
        "Round 2 of event 1 paired: boards 3 to 4",
        "  Match 1 (tables 1 and 2): 1 v 3",
        "  Match 2 (tables 3 and 4): 5 v 2",
        "  Bye: 4",
    ]
    code, _, err = run_cli(capsys, "event", "pair", "1", "--round", "2", "--db", db, "--lang", "en")
    assert code != 0
    assert "round 2 cannot be paired now: the next round to pair is 3" in err
    code, out, _ = run_cli(capsys, "event", "ranking", "1", "--db", db, "--lang", "en")
    assert "12.00 VP" in out
    assert "Byes, 12.00 VP each: round 1, team 5; round 2, team 4" in out
    code, out, _ = run_cli(capsys, "event", "ranking", "1", "--db", db, "--lang", "es")
    assert "Descansos, 12,00 PV cada uno: ronda 1, equipo 5; ronda 2, equipo 4" in out
    code, out, _ = run_cli(capsys, "event", "ranking", "1", "--json", "--db", db)
    byes = {line["participant"]: line["byes"] for line in json.loads(out) if "byes" in line}
    assert byes == {"1": [], "2": [], "3": [], "4": [2], "5": [1]}
    # Each match under the ranking with its round (a Swiss is one session).
    _played(db, 2)
    code, out, _ = run_cli(capsys, "event", "ranking", "1", "--db", db, "--lang", "es")
    matches = out.split("Encuentros\n", 1)[1].splitlines()
    assert matches[0].split()[0] == "ronda"
    assert [line.split()[0] for line in matches[1:]] == ["1", "1", "2", "2"]


def test_law8_a_repeat_meeting_is_printed_when_no_pairing_avoids_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _new_swiss(capsys, tmp_path, "--tables 2 --rounds 2 --boards-per-round 1")
    _played(db, None)
    code, out, _ = run_cli(capsys, "event", "pair", "1", "--db", db, "--lang", "en", "--json")
    assert code == 0
    assert '"repeats": [["1", "2"]]' in out
    store = open_store(db)
    try:
        store.enter_result(1, 2, 1, Entry.from_str("4S N 10"))
    finally:
        store.close()
    code, _, err = run_cli(capsys, "event", "pair", "1", "--db", db, "--lang", "en")
    assert code != 0
    assert "event 1 has all its 2 rounds paired" in err


def test_law8_the_bye_scores_the_directors_victory_points_in_a_teams_swiss(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _new_swiss(
        capsys, tmp_path, "--kind teams --tables 3 --rounds 2 --boards-per-round 1 --bye-vp 10.5"
    )
    store = open_store(db)
    try:
        assert {standing.participant: standing.total for standing in store.ranking(1)}["3"] == 10.5
    finally:
        store.close()


def test_law8_store_pairs_a_round_once(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'suizo.sqlite3'}")
    try:
        event = store.create_event(EventSpec("Suizo", boards=6), movement=swiss_start(6, 3, 2))
        _play(store, event, 1)
        paired = store.pair_next_round(event, 2)
        # East-West 4 beat North-South 3 (100%); 1 and 5 made their game (75%), 2 and 6
        # did not stop it (25%), 3 went down (0%).
        assert [(s.ns, s.ew) for s in paired.seatings] == [("4", "1"), ("5", "2"), ("6", "3")]
        with pytest.raises(StoreConflictError, match="next round to pair is 3"):
            store.pair_next_round(event, 2)
        movement = store.movement(event)
        assert movement is not None
        assert movement.rounds == 2
        assert check(movement) == []
        assert store.unplayed(event) == {2: [(1, (3, 4)), (2, (3, 4)), (3, (3, 4))]}
    finally:
        store.close()


def test_law8_only_a_swiss_is_paired_a_round_at_a_time(tmp_path: Path) -> None:
    from arbitro.tournament.movements import mitchell

    store = open_store(f"sqlite:///{tmp_path / 'club.sqlite3'}")
    try:
        event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
        with pytest.raises(StoreError, match="is not a Swiss"):
            store.pair_next_round(event)
    finally:
        store.close()


def test_law8_a_teams_swiss_round_is_stored_at_two_tables_a_match(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'suizo.sqlite3'}")
    try:
        event = store.create_event(
            EventSpec("Suizo", boards=4, kind="teams"), movement=swiss_start(4, 2, 2, teams=True)
        )
        _play(store, event, 1)
        store.pair_next_round(event)
        movement = store.movement(event)
        assert movement is not None
        assert [(s.table, s.ns, s.ew) for s in movement.seatings(2)] == [
            (1, "1", "3"), (2, "3", "1"), (3, "2", "4"), (4, "4", "2"),
        ]  # fmt: skip
        assert [(s.ns, s.ew) for s in matches(movement).seatings(2)] == [("1", "3"), ("2", "4")]
    finally:
        store.close()


def test_law8a_event_movement_prints_a_swiss_paired_so_far_each_pair_to_its_sides_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _new_swiss(capsys, tmp_path, "--kind teams --tables 5 --rounds 3 --boards-per-round 2")
    _played(db, 1)
    run_cli(capsys, "event", "pair", "1", "--db", db)
    code, out, err = run_cli(
        capsys, "event", "movement", "--event", "1", "--db", db, "--lang", "en"
    )
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Swiss, 5 teams, 2 of 3 rounds paired, 2 boards a round")
    # Round 2 is 1 v 3 (tables 1-2) and 5 v 2 (tables 3-4): team 2's North-South pair
    # goes to table 4, North-South; its East-West pair to table 3, East-West.
    assert lines[5].split() == ["2", "2", "1", "1-2", "-", "4", "N-S", "2", "E-W"]
    assert "Sitting out: 4" in out


def test_law8_two_directors_pairing_at_once_pair_the_round_once(tmp_path: Path) -> None:
    """Two stores on one database (two processes, the desk and the command line) pair
    round 2 at the same moment: the write lock lets one pair it; the other is refused."""
    database = f"sqlite:///{tmp_path / 'suizo.sqlite3'}"
    first, second = open_store(database), open_store(database)
    try:
        event = first.create_event(EventSpec("Suizo", boards=6), movement=swiss_start(8, 3, 2))
        _play(first, event, 1)
        start = threading.Barrier(2)
        outcomes: list[str] = []

        def pair(store: Store) -> None:
            start.wait()
            try:
                store.pair_next_round(event, 2)
                outcomes.append("paired")
            except StoreConflictError as error:
                outcomes.append(str(error))

        threads = [threading.Thread(target=pair, args=(store,)) for store in (first, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcomes) == [
            "paired",
            "round 2 cannot be paired now: the next round to pair is 3",
        ]
        movement = second.movement(event)
        assert movement is not None
        assert movement.rounds == 2
        assert len(movement.seatings(2)) == 4
    finally:
        first.close()
        second.close()


def test_law78b_a_repeat_meeting_in_a_teams_swiss_is_a_match_of_its_own(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'suizo.sqlite3'}")
    try:
        event = store.create_event(
            EventSpec("Suizo", boards=2, kind="teams"), movement=swiss_start(2, 2, 1, teams=True)
        )
        _play(store, event, 1)
        paired = store.pair_next_round(event)
        assert paired.repeats == (("1", "2"),)
        _play(store, event, 2)
        [matches] = store.matches(event).values()
        assert [(match.home, match.away, match.board_numbers) for match in matches] == [
            ("1", "2", (1,)),
            ("1", "2", (2,)),
        ]
        totals = {standing.participant: standing.total for standing in store.ranking(event)}
        assert totals["1"] == sum(match.home_vps for match in matches)
    finally:
        store.close()


def test_law91b_a_team_disqualified_is_not_paired_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "suizo.sqlite3")
    store = open_store(f"sqlite:///{db}")
    try:
        event = store.create_event(
            EventSpec("Suizo", boards=4, kind="teams"), movement=swiss_start(4, 2, 2, teams=True)
        )
        _play(store, event, 1)
        store.log_act(event, "disqualify", "4: cheating (Law 91B, by Ana)", by="Ana")
        paired = store.pair_next_round(event)
        # Three teams left: 1 and 3 won round 1 and meet; 2 has the bye.
        assert [(s.ns, s.ew) for s in paired.seatings] == [("1", "3")]
        assert paired.bye == "2"
    finally:
        store.close()
    # The movement names the disqualified team apart from the bye.
    code, out, _ = run_cli(capsys, "event", "movement", "--event", "1", "--db", db, "--lang", "en")
    assert code == 0
    round_2 = out.split("Round 2", 1)[1]
    assert "  Sitting out: 2\n" in round_2
    assert "  Disqualified, not seated: 4" in round_2


def test_law8_a_round_of_one_board_is_printed_with_its_board_and_the_repeat_meeting(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _new_swiss(capsys, tmp_path, "--tables 2 --rounds 2 --boards-per-round 1")
    _played(db, None)
    code, out, _ = run_cli(capsys, "event", "pair", "1", "--db", db, "--lang", "es")
    assert code == 0
    assert out.splitlines() == [
        "Ronda 2 del torneo 1 emparejada: estuche 2",
        "  Mesa 1: 1 Norte-Sur contra 2 Este-Oeste",
        "  1 y 2 vuelven a enfrentarse: ningún emparejamiento del campo lo evita",
    ]
