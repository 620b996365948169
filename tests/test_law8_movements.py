"""Law 8 movements: Mitchell and Howell generated and proved sound; the checker catches
each kind of broken movement; the command prints a movement and checks it.

The soundness facts are counted here from the schedule itself (who met whom, who played
which board), independently of :func:`check`, and the checker is then shown to agree.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from arbitro.cli.movement import movement_command
from arbitro.i18n import use_language
from arbitro.tournament.movements import (
    InvalidMovementError,
    Movement,
    Seating,
    UnknownParticipantError,
    check,
    howell,
    mitchell,
)
from arbitro.tournament.movements.model import movement_from_data, movement_to_data


def boards_played(movement: Movement) -> dict[str, list[int]]:
    """Every board each participant plays, with repeats, read off the schedule."""
    played: dict[str, list[int]] = {name: [] for name in movement.participants}
    for seating in movement.schedule:
        for name in seating.participants:
            played[name].extend(seating.boards)
    return played


def meetings(movement: Movement) -> Counter[frozenset[str]]:
    met: Counter[frozenset[str]] = Counter()
    for seating in movement.schedule:
        ns, ew = seating.opponents
        for one in ns:
            for other in ew:
                met[frozenset((one, other))] += 1
    return met


def codes(movement: Movement) -> set[str]:
    return {problem.code for problem in check(movement)}


# Mitchell ------------------------------------------------------------------------------


@pytest.mark.parametrize("tables", range(3, 16))
def test_law8_mitchell_from_3_to_15_tables_is_sound(tables: int) -> None:
    movement = mitchell(tables, 2)
    assert check(movement) == []
    played = boards_played(movement)
    # Every pair plays each board at most once; with an odd count, every board.
    for boards in played.values():
        assert len(boards) == len(set(boards)) == 2 * movement.rounds
    if tables % 2:
        assert all(set(boards) == set(range(1, 2 * tables + 1)) for boards in played.values())
    # Every East-West pair meets each North-South pair at most once, and in a complete
    # odd Mitchell all of them.
    met = meetings(movement)
    assert max(met.values()) == 1
    assert len(met) == tables * movement.rounds


@pytest.mark.parametrize("tables", range(4, 16, 2))
def test_law8_mitchell_relay_and_bye_stand_plays_every_board_with_an_even_count(
    tables: int,
) -> None:
    movement = mitchell(tables, 3, sharing="relay")
    assert check(movement) == []
    assert movement.rounds == tables
    assert movement.relays == ((1, tables),)
    every = set(range(1, 3 * tables + 1))
    for boards in boards_played(movement).values():
        assert sorted(boards) == sorted(every)
    # Each round one set rests on the bye stand, and tables 1 and the last share one.
    for number in range(1, tables + 1):
        seatings = movement.seatings(number)
        assert seatings[0].board_set == seatings[-1].board_set
        assert len(movement.resting_sets(number)) == 1


@pytest.mark.parametrize("tables", range(4, 16, 2))
def test_law8_mitchell_skip_after_half_the_rounds_with_an_even_count(tables: int) -> None:
    movement = mitchell(tables, 2)
    assert movement.rounds == tables - 1
    # Before the skip an East-West pair moves up one table, at the skip two.
    first = [movement.seating_of("1EW", number) for number in range(1, tables)]
    steps = [
        (later.table - earlier.table) % tables
        for earlier, later in pairwise(first)
        if earlier is not None and later is not None
    ]
    assert steps.count(2) == 1
    assert steps.index(2) == tables // 2 - 1
    assert set(steps) == {1, 2}
    # Without the skip the pairs would meet their boards again: the checker says so.
    plain = replace(
        movement,
        schedule=tuple(
            replace(s, ew=f"{(s.table - s.round) % tables + 1}EW") for s in movement.schedule
        ),
    )
    assert "board-twice" in codes(plain)


def test_law8a_mitchell_boards_move_down_and_east_west_pairs_move_up() -> None:
    movement = mitchell(5, 2)
    for number in range(1, 5):
        for seating in movement.seatings(number):
            assert seating.ns == f"{seating.table}NS"  # North-South pairs stay.
            following = movement.next_seating(seating.ew or "", number)
            assert following is not None
            assert following.table == seating.table % 5 + 1  # East-West up one table.
            assert following.ew == seating.ew
            assert seating.board_set is not None
            # The boards go down one table (from table 1 to the last).
            assert movement.next_tables_of_set(seating.board_set, number) == (
                (seating.table - 2) % 5 + 1,
            )
    assert movement.next_seating("1EW", 5) is None


def test_law8_mitchell_arrow_switch_turns_the_pairs_round() -> None:
    movement = mitchell(7, 2, arrow_switch=True)
    switched = [s for s in movement.schedule if s.arrow_switched]
    assert {s.round for s in switched} == {7}
    assert all(s.ns is not None and s.ns.endswith("EW") for s in switched)
    assert check(movement) == []
    chosen = mitchell(5, 2, arrow_switch=[2, 4])
    assert {s.round for s in chosen.schedule if s.arrow_switched} == {2, 4}
    assert check(chosen) == []


def test_law8_mitchell_refuses_what_cannot_be_sound() -> None:
    with pytest.raises(InvalidMovementError, match="expected 3 to 40 tables"):
        mitchell(2, 2)
    with pytest.raises(InvalidMovementError, match="expected 1 to 5 rounds, not 6"):
        mitchell(6, 2, rounds=6)
    with pytest.raises(InvalidMovementError, match="only for an even number"):
        mitchell(5, 2, sharing="relay")
    with pytest.raises(InvalidMovementError, match="round 9"):
        mitchell(5, 2, arrow_switch=[9])
    with pytest.raises(InvalidMovementError, match="at least one board"):
        mitchell(5, 0)


# Howell --------------------------------------------------------------------------------


@pytest.mark.parametrize("half_table", [False, True], ids=["full", "half-table"])
@pytest.mark.parametrize("tables", range(2, 14))
def test_law8_howell_from_2_to_13_tables_is_sound(tables: int, half_table: bool) -> None:
    movement = howell(tables, 2, half_table=half_table)
    assert check(movement) == []
    pairs = movement.participants
    assert len(pairs) == 2 * tables + (1 if half_table else 0)
    # Every pair meets every other exactly once.
    met = meetings(movement)
    assert set(met) == {frozenset(pair) for pair in combinations(pairs, 2)}
    assert set(met.values()) == {1}
    # Every pair plays every board exactly once, except the boards of the round it sits
    # out.
    every = set(range(1, movement.boards + 1))
    for name, boards in boards_played(movement).items():
        assert len(boards) == len(set(boards))
        missing = every - set(boards)
        assert len(missing) == (2 if half_table else 0), name
    # A pair sits out exactly once with a half table, never without.
    out = Counter(
        name for number in range(1, movement.rounds + 1) for name in movement.sitting_out(number)
    )
    assert out == (Counter(pairs) if half_table else Counter())


def test_law8_howell_shares_boards_only_where_it_declares_a_relay() -> None:
    for tables in range(2, 14):
        movement = howell(tables, 2)
        declared = {table for group in movement.relays for table in group}
        for number in range(1, movement.rounds + 1):
            where = Counter(s.board_set for s in movement.seatings(number))
            shared = {s.table for s in movement.seatings(number) if where[s.board_set] > 1}
            assert shared <= declared
        # Only the small Howells need a relay.
        assert bool(movement.relays) == (tables in (2, 3, 5))


def test_law8_howell_cut_short_still_meets_each_pair_at_most_once() -> None:
    movement = howell(6, 3, rounds=7)
    assert movement.rounds == 7
    assert movement.plays_per_board is None
    assert check(movement) == []
    assert max(meetings(movement).values()) == 1


def test_law8_howell_refuses_too_many_tables_and_rounds() -> None:
    with pytest.raises(InvalidMovementError, match="expected 2 to 14 tables"):
        howell(1, 2)
    with pytest.raises(InvalidMovementError, match="expected 1 to 7 rounds, not 8"):
        howell(4, 2, rounds=8)


# The checker catches each kind of problem ----------------------------------------------


def small() -> Movement:
    """A hand-written, sound two-round movement: 4 pairs, 2 tables, 4 sets."""
    return Movement(
        kind="howell",
        tables=2,
        boards_per_round=2,
        board_sets=4,
        participants=("1", "2", "3", "4"),
        schedule=(
            Seating(round=1, table=1, ns="1", ew="2", board_set=1, boards=(1, 2)),
            Seating(round=1, table=2, ns="3", ew="4", board_set=2, boards=(3, 4)),
            Seating(round=2, table=1, ns="1", ew="3", board_set=3, boards=(5, 6)),
            Seating(round=2, table=2, ns="4", ew="2", board_set=4, boards=(7, 8)),
        ),
        plays_per_board=1,
    )


def with_seating(movement: Movement, index: int, **changes: object) -> Movement:
    schedule = list(movement.schedule)
    schedule[index] = replace(schedule[index], **changes)  # type: ignore[arg-type]
    return replace(movement, schedule=tuple(schedule))


def test_law8_checker_passes_a_sound_hand_written_movement() -> None:
    assert check(small()) == []


def test_law8_checker_catches_a_participant_playing_a_board_twice() -> None:
    # Pair 2 meets set 1 in round 1 and again in round 2 (pair 4 for the first time).
    broken = with_seating(small(), 3, board_set=1, boards=(1, 2))
    problems = [p for p in check(broken) if p.code == "board-twice"]
    assert {(p.details["participant"], p.details["board"]) for p in problems} == {
        ("2", 1),
        ("2", 2),
    }
    assert all(p.details["first"] == 1 and p.details["round"] == 2 for p in problems)


def test_law8_checker_catches_a_board_set_in_two_places_at_once() -> None:
    broken = with_seating(small(), 1, board_set=1, boards=(1, 2))
    problems = [p for p in check(broken) if p.code == "set-twice"]
    assert len(problems) == 1
    assert problems[0].details["round"] == 1
    assert problems[0].details["board_set"] == 1
    # Declared as a relay, the same sharing is allowed.
    assert "set-twice" not in codes(replace(broken, relays=((1, 2),)))


def test_law8_checker_catches_pairs_meeting_twice() -> None:
    broken = with_seating(small(), 2, ns="1", ew="2")
    broken = with_seating(broken, 3, ns="4", ew="3")
    problems = [p for p in check(broken) if p.code == "meet-again"]
    assert [(p.details["one"], p.details["other"], p.details["count"]) for p in problems] == [
        ("1", "2", 2),
        ("3", "4", 2),
    ]


def test_law8_checker_catches_a_board_played_other_than_promised() -> None:
    promised_twice = replace(small(), plays_per_board=2)
    problems = [p for p in check(promised_twice) if p.code == "plays-per-board"]
    assert [p.details["board"] for p in problems] == list(range(1, 9))
    assert all(p.details["count"] == 1 for p in problems)
    # A set left out of play entirely shows as boards played no times.
    unplayed = replace(small(), board_sets=5)
    assert [(p.details["board"], p.details["count"]) for p in check(unplayed)] == [(9, 0), (10, 0)]


def test_law8_checker_catches_a_participant_seated_twice_in_a_round() -> None:
    broken = with_seating(small(), 1, ns="1")
    problems = [p for p in check(broken) if p.code == "seated-twice"]
    assert len(problems) == 1
    assert problems[0].details["participant"] == "1"


def test_law8_checker_catches_a_table_used_twice_and_wrong_boards_and_strangers() -> None:
    assert "table-twice" in codes(with_seating(small(), 1, table=1))
    assert "boards" in codes(with_seating(small(), 0, boards=(1, 3)))
    assert "unknown" in codes(with_seating(small(), 0, ns="9"))


def test_law8_checker_catches_partners_together_again_in_an_individual() -> None:
    seat = {"board_set": 1, "boards": (1,)}
    movement = Movement(
        kind="individual",
        tables=1,
        boards_per_round=1,
        board_sets=2,
        participants=("1", "2", "3", "4"),
        schedule=(
            Seating(round=1, table=1, north="1", east="2", south="3", west="4", **seat),  # type: ignore[arg-type]
            Seating(
                round=2, table=1, north="3", east="4", south="1", west="2", board_set=2, boards=(2,)
            ),
        ),
        meets_at_most=2,
        partners_at_most=1,
    )
    problems = [p for p in check(movement) if p.code == "partner-again"]
    assert {(p.details["one"], p.details["other"]) for p in problems} == {("1", "3"), ("2", "4")}


def test_law8_checker_returns_every_problem_not_just_the_first() -> None:
    broken = with_seating(small(), 1, ns="1", board_set=1, boards=(1, 2))
    broken = with_seating(broken, 3, board_set=1, boards=(1, 2))
    assert {"seated-twice", "set-twice", "board-twice", "plays-per-board"} <= codes(broken)


MOVEMENTS = st.one_of(
    st.builds(mitchell, st.integers(3, 15), st.integers(1, 4)),
    st.builds(
        lambda t, k: mitchell(2 * t, k, sharing="relay"), st.integers(2, 7), st.integers(1, 4)
    ),
    st.builds(howell, st.integers(2, 13), st.integers(1, 4)),
    st.builds(lambda t, k: howell(t, k, half_table=True), st.integers(2, 13), st.integers(1, 4)),
    # Cut short, with arrow switches chosen at random.
    st.integers(3, 15).flatmap(
        lambda t: st.integers(1, t - 1).flatmap(
            lambda r: st.builds(
                lambda switched: mitchell(t, 2, rounds=r, arrow_switch=switched),
                st.sets(st.integers(1, r), max_size=3),
            )
        )
    ),
    st.integers(2, 13).flatmap(
        lambda t: st.builds(lambda r: howell(t, 3, rounds=r), st.integers(1, 2 * t - 1))
    ),
)


@given(MOVEMENTS, st.data())
def test_law8_checker_finds_any_board_set_moved_onto_another_table(
    movement: Movement, data: st.DataObject
) -> None:
    assert check(movement) == []
    # Give one seating the set another table plays in the same round: unless the two
    # tables are a declared relay, the checker must object.
    number = data.draw(st.integers(1, movement.rounds))
    seatings = movement.seatings(number)
    one, other = data.draw(st.permutations(seatings))[:2]
    assert one.board_set is not None
    assert other.board_set is not None
    index = movement.schedule.index(one)
    broken = with_seating(movement, index, board_set=other.board_set, boards=other.boards)
    if one.board_set == other.board_set:
        assert check(broken) == []
    elif any({one.table, other.table} <= set(group) for group in movement.relays):
        assert "set-twice" not in codes(broken)
    else:
        assert "set-twice" in codes(broken)


@given(MOVEMENTS)
def test_law8_movement_data_round_trips(movement: Movement) -> None:
    assert movement_from_data(json.loads(json.dumps(movement_to_data(movement)))) == movement


def test_law8a_a_participant_not_in_the_movement_is_named() -> None:
    with pytest.raises(UnknownParticipantError, match="unknown participant '9NS'"):
        mitchell(3, 2).seating_of("9NS", 1)


def test_law8_a_bad_movement_file_names_the_field() -> None:
    data = movement_to_data(mitchell(3, 2))
    rounds = data["rounds"]
    assert isinstance(rounds, list)
    rounds[1]["tables"][2]["boards"] = "five"
    with pytest.raises(InvalidMovementError, match=r"rounds\[2\]\.tables\[3\]\.boards"):
        movement_from_data(data, "club.json")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        # A round numbered past the rounds written made every round up to it one to show.
        (lambda data: data["rounds"][1].update(round=10**9), r"rounds\[2\]\.round"),
        (lambda data: data.update(relays=[["a", "b"]]), r"relays\[1\]"),
        (lambda data: data.update(relays=[5]), r"relays\[1\]"),
        (lambda data: data["rounds"][0]["tables"][0].update(table=0), r"tables\[1\]\.table"),
        (lambda data: data.update(tables=-2), r"field 'tables'"),
        (
            lambda data: data["rounds"][0]["tables"][0].update(arrow_switched="no"),
            r"arrow_switched': expected true or false",
        ),
    ],
)
def test_law8_a_movement_file_out_of_range_names_the_field(
    change: Callable[[dict[str, Any]], None], field: str
) -> None:
    data: dict[str, Any] = json.loads(json.dumps(movement_to_data(mitchell(3, 2))))
    change(data)
    with pytest.raises(InvalidMovementError, match=field):
        movement_from_data(data, "club.json")


def test_law8_a_table_that_plays_a_board_twice_is_a_problem_of_the_movement() -> None:
    """A table's result of a board is one: a file where a table plays it in two rounds is unsound."""
    data: dict[str, Any] = json.loads(json.dumps(movement_to_data(mitchell(3, 2))))
    data["rounds"][1]["tables"][0]["boards"] = data["rounds"][0]["tables"][0]["boards"]
    problems = check(movement_from_data(data))
    assert "round 2: table 1 plays board 1 again (first in round 1)" in [
        str(problem) for problem in problems if problem.code == "table-board-twice"
    ]
    data = json.loads(json.dumps(movement_to_data(mitchell(3, 2))))
    del data["rounds"][0]["tables"][0]["ns"]
    assert [problem.code for problem in check(movement_from_data(data))][:1] == ["seat-empty"]


# The command ---------------------------------------------------------------------------


def invoke(*arguments: str) -> tuple[int, str]:
    result = CliRunner().invoke(movement_command, list(arguments))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_law8_cli_prints_a_mitchell_round_by_round_with_where_everyone_goes() -> None:
    code, out = invoke(
        "--type", "mitchell", "--tables", "3", "--boards-per-round", "2", "--lang", "en"
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Mitchell, 3 tables, 3 rounds of 2 boards"
    start = lines.index("Round 2")
    assert lines[start + 2].split() == ["1", "1NS", "3EW", "3-4", "3", "1", "N-S", "2", "E-W"]


def test_law8_cli_check_proves_every_kind_sound() -> None:
    for arguments in (
        ["--type", "mitchell", "--tables", "8"],
        ["--type", "mitchell", "--tables", "8", "--relay"],
        ["--type", "howell", "--tables", "4", "--half-table"],
    ):
        code, out = invoke(*arguments, "--check", "--lang", "en")
        assert code == 0, out
        assert out.splitlines()[-1].startswith("Sound:")


def test_law8_cli_check_fails_with_one_line_per_problem(tmp_path: Path) -> None:
    data = movement_to_data(small())
    rounds = data["rounds"]
    assert isinstance(rounds, list)
    rounds[0]["tables"][1]["board_set"] = 1
    rounds[0]["tables"][1]["boards"] = [1, 2]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = invoke("--file", str(path), "--check", "--lang", "en")
    assert code == 1
    problems = [line for line in out.splitlines() if line.startswith("Problem: ")]
    assert len(problems) == len(check(movement_from_data(data)))
    assert "Problem: round 1: board set 1 is at tables 1 and 2" in problems


def test_law8_cli_json_is_the_movement_and_its_problems() -> None:
    code, out = invoke("--type", "howell", "--tables", "3", "--json", "--check")
    assert code == 0
    data = json.loads(out)
    assert data["problems"] == []
    assert movement_from_data(data) == howell(3, 2)


def test_law8_cli_speaks_spanish() -> None:
    with use_language("en"):
        code, out = invoke("--type", "mitchell", "--tables", "4", "--check", "--lang", "es")
    assert code == 0
    assert "Ronda 1" in out
    assert "Mesa" in out


def test_law8_cli_bad_input_is_one_line() -> None:
    code, out = invoke("--type", "howell", "--tables", "40", "--lang", "en")
    assert code == 2
    assert "invalid movement 'howell 40': expected 2 to 14 tables" in out


def test_law8a_cli_prints_guide_and_table_cards() -> None:
    code, out = invoke(
        "--type",
        "mitchell",
        "--tables",
        "3",
        "--guide-card",
        "3EW",
        "--table-card",
        "2",
        "--lang",
        "en",
    )
    assert code == 0
    cards = out.split("\n\n")
    assert cards[0].splitlines()[0] == "Guide card: 3EW"
    assert len(cards[0].splitlines()) == 3 + 3
    assert cards[1].splitlines()[0] == "Table card: table 2"
    assert cards[1].splitlines()[-1] == "North takes the boards to their next table (Law 8A2)."


def test_law8a_cli_cards_for_strangers_are_refused() -> None:
    code, out = invoke("--type", "mitchell", "--tables", "3", "--guide-card", "9NS", "--lang", "en")
    assert code == 2
    assert "unknown participant '9NS'" in out
    code, out = invoke("--type", "mitchell", "--tables", "3", "--table-card", "4", "--lang", "en")
    assert code == 2
    assert "the movement has no table 4" in out


def test_law8_cli_a_file_that_is_not_json_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "movement.json"
    path.write_text("{not json", encoding="utf-8")
    code, out = invoke("--file", str(path), "--check", "--lang", "en")
    assert code == 2
    assert "line 1: not JSON" in out
    code, out = invoke("--file", str(tmp_path / "missing.json"), "--lang", "en")
    assert code == 2
    assert "cannot read" in out


def test_law8_cli_check_lists_a_participant_the_file_does_not_have(tmp_path: Path) -> None:
    data: dict[str, Any] = json.loads(json.dumps(movement_to_data(mitchell(3, 2))))
    data["rounds"][0]["tables"][0]["ns"] = "9NS"
    path = tmp_path / "club.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = invoke("--file", str(path), "--check", "--lang", "en")
    assert code == 1
    assert "Problem: round 1: table 1 seats 9NS, who is not in the movement" in out
    code, out = invoke("--file", str(path), "--lang", "en")
    assert code == 2
    assert "unknown participant '9NS'" in out


def test_law8_cli_round_robin_plays_its_first_rounds_and_refuses_more_than_it_has() -> None:
    """--rounds plays the first rounds of the Berger tables; more than they have is refused."""
    code, out = invoke("--type", "round-robin", "--tables", "4", "--rounds", "1", "--lang", "en")
    assert code == 0, out
    assert out.splitlines()[0].startswith("Round robin, 4 teams, 1 round of 2 boards a match")
    code, out = invoke("--type", "round-robin", "--tables", "4", "--rounds", "4", "--lang", "en")
    assert code == 2
    assert "expected 1 to 3 rounds, not 4" in out


def test_law8_one_board_a_round_is_written_in_the_singular() -> None:
    code, out = invoke("--type", "mitchell", "--tables", "3", "--boards-per-round", "1")
    assert (code, out.splitlines()[0]) == (0, "Mitchell, 3 tables, 3 rounds of 1 board")
    code, out = invoke(
        "--type", "mitchell", "--tables", "3", "--boards-per-round", "1", "--lang", "es"
    )
    assert (code, out.splitlines()[0]) == (0, "Mitchell, 3 mesas, 3 rondas de 1 estuche")


def test_law8a_cli_guide_card_takes_a_pair_as_a_spanish_director_writes_it() -> None:
    code, out = invoke("--type", "mitchell", "--tables", "3", "--guide-card", "1EO", "--lang", "es")
    assert code == 0, out
    english = invoke("--type", "mitchell", "--tables", "3", "--guide-card", "1EW", "--lang", "es")
    assert out == english[1]
