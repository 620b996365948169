"""Law 8 movements beyond pairs: the complete individual, round-robin teams (Berger
tables) and Swiss pairing; and the players' guide cards and table cards.

The facts are counted from the schedules here; the checker is shown to agree.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from arbitro.cli.movement import movement_command
from arbitro.i18n import use_language
from arbitro.tournament.movements import (
    InvalidMovementError,
    Movement,
    Standing,
    SwissRound,
    berger,
    check,
    guide_card,
    howell,
    individual,
    mitchell,
    round_robin,
    swiss_movement,
    swiss_round,
    table_card,
)


def opponents_and_partners(
    movement: Movement,
) -> tuple[Counter[frozenset[str]], Counter[frozenset[str]]]:
    against: Counter[frozenset[str]] = Counter()
    with_: Counter[frozenset[str]] = Counter()
    for seating in movement.schedule:
        ns, ew = seating.opponents
        for side in (ns, ew):
            for pair in combinations(side, 2):
                with_[frozenset(pair)] += 1
        for one in ns:
            for other in ew:
                against[frozenset((one, other))] += 1
    return against, with_


# Individual ----------------------------------------------------------------------------


@pytest.mark.parametrize("tables", range(2, 9))
def test_law8_individual_every_partner_once_every_opponent_twice(tables: int) -> None:
    movement = individual(tables, 2)
    assert check(movement) == []
    players = movement.participants
    assert len(players) == 4 * tables
    everyone = {frozenset(pair) for pair in combinations(players, 2)}
    against, with_ = opponents_and_partners(movement)
    assert set(with_) == everyone
    assert set(with_.values()) == {1}
    assert set(against) == everyone
    assert set(against.values()) == {2}
    # Every player plays every board once and sits in every round.
    for player in players:
        boards = [b for s in movement.schedule if player in s.participants for b in s.boards]
        assert sorted(boards) == list(range(1, movement.boards + 1))


def test_law8_individual_checker_catches_partners_twice() -> None:
    movement = individual(2, 1)
    first = movement.schedule[0]
    # Round 2's first table seats round 1's first table again.
    schedule = list(movement.schedule)
    index = next(i for i, s in enumerate(schedule) if s.round == 2 and s.table == 1)
    other = next(i for i, s in enumerate(schedule) if s.round == 2 and s.table == 2)
    moved = {first.north, first.east, first.south, first.west}
    rest = [p for p in movement.participants if p not in moved]
    schedule[index] = type(first)(
        round=2,
        table=1,
        north=first.north,
        east=first.east,
        south=first.south,
        west=first.west,
        board_set=2,
        boards=(2,),
    )
    schedule[other] = type(first)(
        round=2,
        table=2,
        north=rest[0],
        east=rest[1],
        south=rest[2],
        west=rest[3],
        board_set=2,
        boards=(2,),
    )
    codes = {
        problem.code
        for problem in check(Movement(**{**movement.__dict__, "schedule": tuple(schedule)}))
    }
    assert {"partner-again", "meet-again"} <= codes


def test_law8_individual_sizes_without_a_movement_are_refused() -> None:
    with pytest.raises(InvalidMovementError, match="expected 2 to"):
        individual(1, 2)


# Round robin ---------------------------------------------------------------------------


def test_law8_berger_tables_match_the_published_four_and_six_team_tables() -> None:
    # The Berger tables as the chess and bridge federations print them.
    assert berger(4) == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    assert berger(6) == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


@pytest.mark.parametrize("teams", range(2, 21))
def test_law8_round_robin_every_team_meets_every_other_once(teams: int) -> None:
    movement = round_robin(teams, 6)
    assert check(movement) == []
    against, _ = opponents_and_partners(movement)
    names = movement.participants
    assert set(against) == {frozenset(pair) for pair in combinations(names, 2)}
    assert set(against.values()) == {1}
    byes = Counter(name for r in range(1, movement.rounds + 1) for name in movement.sitting_out(r))
    assert byes == (Counter(names) if teams % 2 else Counter())
    # Home and away are balanced: no team is at home more than one match more than away.
    home = Counter(s.ns for s in movement.schedule)
    away = Counter(s.ew for s in movement.schedule)
    assert all(abs(home[name] - away[name]) <= 1 for name in names)


def test_law8_round_robin_refuses_a_name_twice() -> None:
    with pytest.raises(InvalidMovementError, match="its own name"):
        round_robin(["Sur", "Sur", "Este"], 8)


# Swiss ---------------------------------------------------------------------------------


def play_swiss(names: list[str], rounds: int, seed: int) -> list[SwissRound]:
    """Play a Swiss event with made-up results (the higher seed wins unless ``seed`` says)."""
    scores = dict.fromkeys(names, Fraction(0))
    met: dict[str, list[str]] = {name: [] for name in names}
    byes = dict.fromkeys(names, 0)
    played: list[SwissRound] = []
    for number in range(1, rounds + 1):
        standings = [Standing(n, scores[n], tuple(met[n]), byes[n]) for n in names]
        paired = swiss_round(standings, number, 4)
        for table, seating in enumerate(paired.seatings):
            assert seating.ns is not None
            assert seating.ew is not None
            met[seating.ns].append(seating.ew)
            met[seating.ew].append(seating.ns)
            winner = seating.ns if (seed + table + number) % 3 else seating.ew
            scores[winner] += 20
        if paired.bye is not None:
            byes[paired.bye] += 1
            scores[paired.bye] += 12
        played.append(paired)
    return played


@given(st.integers(4, 24), st.integers(0, 50))
def test_law8_swiss_no_repeat_opponents_while_possible(count: int, seed: int) -> None:
    names = [f"T{number}" for number in range(1, count + 1)]
    rounds = min(count - 1 if count % 2 == 0 else count, 7) // 2 + 1
    played = play_swiss(names, rounds, seed)
    assert all(paired.repeats == () for paired in played)
    movement = swiss_movement(names, played, 4)
    assert check(movement) == []
    # Everyone plays or has the bye in each round, and byes are spread.
    for paired in played:
        seated = [n for s in paired.seatings for n in s.participants]
        assert sorted(seated + ([paired.bye] if paired.bye else [])) == sorted(names)
    byes = Counter(paired.bye for paired in played if paired.bye)
    assert all(value == 1 for value in byes.values())


def test_law8_swiss_pairs_inside_score_groups() -> None:
    standings = [
        Standing("A", 40),
        Standing("B", 40),
        Standing("C", 20),
        Standing("D", 20),
        Standing("E", 0),
        Standing("F", 0),
    ]
    paired = swiss_round(standings, 3, 8)
    assert [(s.ns, s.ew) for s in paired.seatings] == [("A", "B"), ("C", "D"), ("E", "F")]
    assert paired.seatings[0].boards == tuple(range(17, 25))


def test_law8_swiss_floats_down_when_the_group_has_met() -> None:
    standings = [
        Standing("A", 40, ("B",)),
        Standing("B", 40, ("A",)),
        Standing("C", 20),
        Standing("D", 20),
    ]
    paired = swiss_round(standings, 2, 8)
    assert [(s.ns, s.ew) for s in paired.seatings] == [("A", "C"), ("B", "D")]


def test_law8_swiss_repeats_only_when_unavoidable() -> None:
    # Four teams that have all met each other: a repeat cannot be avoided, and only as few
    # as needed are made.
    names = "ABCD"
    standings = [Standing(n, 0, tuple(o for o in names if o != n)) for n in names]
    paired = swiss_round(standings, 4, 2)
    assert len(paired.repeats) == 2
    assert check(swiss_movement(names, [paired], 2)) == []


def test_law8_swiss_bye_goes_to_the_lowest_without_one() -> None:
    standings = [
        Standing("A", 30),
        Standing("B", 20),
        Standing("C", 10, byes=1),
        Standing("D", 5, byes=1),
        Standing("E", 0, byes=1),
    ]
    assert swiss_round(standings, 3, 2).bye == "B"


# Guide cards and table cards -----------------------------------------------------------


def test_law8a_guide_card_follows_the_participant_round_by_round() -> None:
    movement = mitchell(5, 3)
    card = guide_card(movement, "2EW").splitlines()
    rows = [line.split() for line in card[3:]]
    assert len(rows) == 5
    for row, number in zip(rows, range(1, 6), strict=True):
        seating = movement.seating_of("2EW", number)
        assert seating is not None
        assert row[:2] == [str(number), str(seating.table)]
        assert row[3] == seating.ns


def test_law8a_individual_guide_card_names_the_partner() -> None:
    movement = individual(2, 1)
    card = guide_card(movement, "8").splitlines()
    assert card[2].split() == ["Round", "Table", "Seat", "Partner", "Opponents", "Boards"]
    first = movement.seating_of("8", 1)
    assert first is not None
    assert card[3].split()[3] == first.south


def test_law8a_table_card_in_spanish() -> None:
    with use_language("es"):
        card = table_card(howell(4, 2), 2)
    lines = card.splitlines()
    assert lines[0] == "Tarjeta de mesa: mesa 2"
    assert len(lines) == 3 + 7 + 1  # title, description, header, 7 rounds, Law 8A2
    assert "(Artículo 8A2)" in lines[-1]


def test_law8_cli_prints_individual_and_round_robin() -> None:
    runner = CliRunner()
    result = runner.invoke(
        movement_command, ["--type", "individual", "--tables", "3", "--check", "--lang", "en"]
    )
    assert result.exit_code == 0, result.output
    assert "North" in result.output
    assert result.output.splitlines()[-1].startswith("Sound:")
    result = runner.invoke(
        movement_command, ["--type", "round-robin", "--tables", "5", "--check", "--lang", "en"]
    )
    assert result.exit_code == 0, result.output
    assert "Sitting out:" in result.output
