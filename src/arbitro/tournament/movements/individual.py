"""A complete individual movement: every partner once, every opponent twice (Law 8).

Every player partners every other once and meets each other twice as an opponent (a
whist tournament).

With ``4t`` players (``t`` tables) there are ``4t - 1`` rounds. Player ``4t`` stays at
table 1, North; the others move round the room: in round ``r`` each seat holds the player
of round 1 moved on ``r - 1`` places (counting ``1`` to ``4t - 1`` round). The first
round of each size (its "initial round") was found by a computer search over the seats
so that the partner and opponent differences cover every distance exactly once and
twice: that is what makes every later round work (a "Z-cyclic whist tournament"). The
sizes run from 2 to 8 tables; the 8-table one (32 players, 31 rounds) was found by
simulated annealing over the seats of its first round. The tests prove every movement
with :func:`~arbitro.tournament.movements.check` and count its partners, opponents and
boards.

All the tables of a round play the same boards: passed between the tables during the
round (a relay) when there are at least as many boards in a round as tables, or in
copies (duplicated boards, Law 6F). Board sets that move from table to table with no
sharing would need an offset for each table such that no player meets a set twice; an
exhaustive search of the offsets found none for any initial round tried (tens of
thousands of them for 3 tables, and every 8-table one found), so the sharing is declared
as the movement's relay, and the director's guide says how to play it.

>>> movement = individual(2, 2)
>>> movement.rounds, len(movement.participants)
(7, 8)
>>> movement.seatings(1)[0]
Seating(round=1, table=1, board_set=1, boards=(1, 2), north='8', east='1', south='2', west='4')
"""

from __future__ import annotations

from arbitro.i18n import N_
from arbitro.tournament.movements.model import InvalidMovementError, Movement, Seating

STAYS = -1
"""The player who stays at table 1, North, in an initial round."""

INITIAL_ROUNDS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    2: ((STAYS, 0, 1, 3), (2, 5, 4, 6)),
    3: ((STAYS, 0, 1, 4), (2, 3, 8, 6), (5, 9, 7, 10)),
    4: ((STAYS, 0, 1, 3), (2, 6, 13, 7), (4, 9, 12, 11), (5, 8, 10, 14)),
    5: (
        (STAYS, 0, 1, 2),
        (3, 5, 9, 15),
        (4, 12, 7, 17),
        (6, 8, 13, 16),
        (10, 14, 11, 18),
    ),
    6: (
        (STAYS, 15, 7, 16),
        (0, 20, 10, 3),
        (14, 22, 5, 4),
        (12, 13, 8, 1),
        (19, 17, 21, 2),
        (18, 9, 11, 6),
    ),
    7: (
        (STAYS, 14, 3, 8),
        (6, 12, 26, 2),
        (24, 1, 9, 25),
        (15, 7, 4, 16),
        (13, 20, 0, 18),
        (11, 17, 19, 21),
        (23, 10, 22, 5),
    ),
    8: (
        (STAYS, 10, 2, 4),
        (14, 0, 11, 24),
        (25, 30, 26, 19),
        (9, 1, 17, 28),
        (22, 16, 13, 3),
        (12, 29, 7, 8),
        (27, 18, 15, 20),
        (23, 5, 6, 21),
    ),
}
"""Round 1 of each size: North, East, South, West at each table, counted from 0 modulo
``4t - 1`` (found by search; see the module's description). Sizes 2 to 8 tables."""


def individual(tables: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """The complete individual movement for ``tables`` tables.

    The players are ``"1"`` to ``"4t"``.

    >>> movement = individual(3, 1)
    >>> movement.partners_at_most, movement.meets_at_most, movement.rounds
    (1, 2, 11)
    """
    text = f"individual {tables}"
    sizes = sorted(INITIAL_ROUNDS)
    if tables not in INITIAL_ROUNDS:
        raise InvalidMovementError(
            text, N_("expected {low} to {high} tables"), low=sizes[0], high=sizes[-1]
        )
    if boards_per_round < 1:
        raise InvalidMovementError(
            text, N_("expected at least one board per round, not {boards}"), boards=boards_per_round
        )
    cycle = 4 * tables - 1
    rounds = cycle if rounds is None else rounds
    if not 1 <= rounds <= cycle:
        raise InvalidMovementError(
            text, N_("expected 1 to {high} rounds, not {rounds}"), high=cycle, rounds=rounds
        )

    def player(start: int, shift: int) -> str:
        return str(cycle + 1) if start == STAYS else str((start + shift) % cycle + 1)

    schedule: list[Seating] = []
    for round_ in range(1, rounds + 1):
        first = (round_ - 1) * boards_per_round + 1
        for table, seats in enumerate(INITIAL_ROUNDS[tables], start=1):
            north, east, south, west = (player(start, round_ - 1) for start in seats)
            schedule.append(
                Seating(
                    round=round_,
                    table=table,
                    north=north,
                    east=east,
                    south=south,
                    west=west,
                    board_set=round_,
                    boards=tuple(range(first, first + boards_per_round)),
                )
            )
    return Movement(
        kind="individual",
        tables=tables,
        boards_per_round=boards_per_round,
        board_sets=rounds,
        participants=tuple(str(number) for number in range(1, cycle + 2)),
        schedule=tuple(schedule),
        plays_per_board=tables,
        meets_at_most=2,
        partners_at_most=1,
        relays=(tuple(range(1, tables + 1)),),
    )
