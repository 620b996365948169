"""Law 8A: tables that play the same board set in the same round (board sharing).

For every movement Árbitro offers, two tables hold the same set at the same moment only
when the movement declares that they share it (a relay, or copies, Law 6F); every
declared sharing really happens; the checker refuses sharing that is not declared; and
the director's guide says, for each movement that shares, which tables and how. The
individual movements are counted here as well: partners once, opponents twice, every
board set once for every player.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest

from arbitro.tournament.movements import (
    Movement,
    check,
    howell,
    individual,
    mitchell,
    round_robin,
)
from arbitro.tournament.movements.individual import INITIAL_ROUNDS

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "director-guide.md"


def offered() -> list[tuple[str, Movement]]:
    """Every movement a director can ask for, with two boards a round."""
    out: list[tuple[str, Movement]] = []
    for tables in range(3, 16):
        out.append((f"mitchell-{tables}", mitchell(tables, 2)))
        if tables % 2 == 0:
            out.append((f"mitchell-{tables}-relay", mitchell(tables, 2, sharing="relay")))
    for tables in range(2, 14):
        out.append((f"howell-{tables}", howell(tables, 2)))
        out.append((f"howell-{tables}-half", howell(tables, 2, half_table=True)))
    for tables in sorted(INITIAL_ROUNDS):
        out.append((f"individual-{tables}", individual(tables, 2)))
    for teams in range(2, 11):
        out.append((f"round-robin-{teams}", round_robin(teams, 2)))
    return out


OFFERED = offered()


def sharing(movement: Movement) -> dict[int, list[frozenset[int]]]:
    """For each round, the groups of tables that hold the same board set."""
    out: dict[int, list[frozenset[int]]] = defaultdict(list)
    for number in range(1, movement.rounds + 1):
        at: dict[int | None, set[int]] = defaultdict(set)
        for seating in movement.seatings(number):
            at[seating.board_set].add(seating.table)
        out[number] = [frozenset(tables) for tables in at.values() if len(tables) > 1]
    return out


@pytest.mark.parametrize(("name", "movement"), OFFERED, ids=[name for name, _ in OFFERED])
def test_law8a_tables_share_a_set_only_where_the_movement_says(
    name: str, movement: Movement
) -> None:
    declared = [frozenset(group) for group in movement.relays]
    seen: set[frozenset[int]] = set()
    for groups in sharing(movement).values():
        for group in groups:
            # Sharing happens only inside a declared group ...
            assert any(group <= relay for relay in declared), (name, group)
            seen.add(group)
    # ... and every declared group really shares a set in some round.
    for relay in declared:
        assert any(group <= relay and len(group) > 1 for group in seen), (name, relay)
    assert check(movement) == []


@pytest.mark.parametrize(
    "movement",
    [howell(5, 2), howell(4, 2, half_table=True), howell(3, 2), individual(8, 1)],
    ids=["howell-5", "howell-4-half", "howell-3", "individual-8"],
)
def test_law8a_the_checker_refuses_sharing_that_is_not_declared(movement: Movement) -> None:
    undeclared = replace(movement, relays=())
    problems = [problem for problem in check(undeclared) if problem.code == "set-twice"]
    shared_rounds = [number for number, groups in sharing(movement).items() if groups]
    assert shared_rounds
    assert len(problems) >= len(shared_rounds)


def test_law8a_the_five_table_howell_shares_between_two_tables_only() -> None:
    movement = howell(5, 3)
    assert movement.relays == ((2, 4),)
    # In every round tables 2 and 4 hold the same set, and no other tables share.
    for number, groups in sharing(movement).items():
        assert groups == [frozenset({2, 4})], number
    assert "relay between tables 2 and 4" in movement.description


# The director's guide ------------------------------------------------------------------


def guide_rows() -> dict[str, str]:
    """The guide's table of sharing: movement -> the tables that share."""
    text = GUIDE.read_text(encoding="utf-8")
    section = text.split("### Tables that share boards", 1)[1].split("\n### ", 1)[0]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and not set(cells[0]) <= set("-") and cells[0] != "movement":
            rows[cells[0]] = cells[1]
    return rows


def spoken(tables: tuple[int, ...]) -> str:
    words = [str(table) for table in tables]
    return ", ".join(words[:-1]) + " and " + words[-1]


def test_law8a_the_guide_names_the_tables_of_every_howell_that_shares() -> None:
    rows = guide_rows()
    for tables in range(2, 14):
        for half in (False, True):
            movement = howell(tables, 2, half_table=half)
            label = f"Howell, {tables}{'½' if half else ''} tables"
            if movement.relays:
                (group,) = movement.relays
                assert rows.get(label) == spoken(group), label
            else:
                assert label not in rows, label


def test_law8a_the_guide_covers_the_individual_and_the_mitchell_relay() -> None:
    rows = guide_rows()
    sizes = sorted(INITIAL_ROUNDS)
    label = f"Individual, {sizes[0]} to {sizes[-1]} tables"
    assert rows.get(label) == "all the tables"
    for tables in sizes:
        assert individual(tables, 1).relays == (tuple(range(1, tables + 1)),)
    for tables in range(4, 16, 2):
        assert mitchell(tables, 2, sharing="relay").relays == ((1, tables),)
    assert rows.get("Mitchell with `--relay` (even tables)") == "1 and the last"
    assert re.search(r"Law 6F", GUIDE.read_text(encoding="utf-8"))


# The individual movements: what they promise, counted --------------------------------


@pytest.mark.parametrize("tables", sorted(INITIAL_ROUNDS))
def test_law8_every_individual_partners_once_meets_twice_plays_each_set_once(
    tables: int,
) -> None:
    movement = individual(tables, 1)
    players = movement.participants
    assert len(players) == 4 * tables
    assert movement.rounds == 4 * tables - 1
    partners: Counter[frozenset[str]] = Counter()
    opponents: Counter[frozenset[str]] = Counter()
    sets: dict[str, list[int | None]] = defaultdict(list)
    for seating in movement.schedule:
        north_south, east_west = seating.opponents
        assert len(north_south) == len(east_west) == 2
        for side in (north_south, east_west):
            partners[frozenset(side)] += 1
        for one in north_south:
            for other in east_west:
                opponents[frozenset((one, other))] += 1
        for player in seating.participants:
            sets[player].append(seating.board_set)
    everyone = {frozenset(pair) for pair in combinations(players, 2)}
    assert set(partners) == everyone
    assert set(partners.values()) == {1}
    assert set(opponents) == everyone
    assert set(opponents.values()) == {2}
    for player in players:
        assert sorted(s or 0 for s in sets[player]) == list(range(1, movement.board_sets + 1))
    # Each round all the tables hold the round's one set: the declared sharing.
    for number, groups in sharing(movement).items():
        assert groups == [frozenset(range(1, tables + 1))], number
