"""The Howell movement (Law 8): every pair meets every other pair once.

With ``2t`` pairs there are ``2t - 1`` rounds. The pairs are numbered ``1`` to ``2t``;
pair ``2t`` stays at the last table and the others move round the room one place per
round (the round-robin "circle"): in round ``r`` the pair numbered ``r`` meets the
stationary pair and the pairs ``r + i`` and ``r - i`` (counting round ``2t - 1``) meet
at table ``i``. Board set ``r + c(i)`` is at table ``i``, where the offsets ``c`` are
found by a short search so that every pair plays every set once: each board is then
played once by every pair.

For 2 and 3 tables (and 2½) such offsets do not exist: the tables share one set each
round (a relay), as a two- or three-table Howell is played at a club. For 5 tables (and
4½) two tables share a set. The shared tables are the movement's :attr:`Movement.relays`.

A half table (``half_table=True``) adds a pair without a partner table: with ``2t + 1``
pairs, the pair that would meet the missing one sits out the round.

>>> movement = howell(3, 2)
>>> movement.rounds, movement.relays
(5, ((1, 2, 3),))
>>> movement.seatings(1)
(Seating(round=1, table=1, ns='2', ew='5', board_set=1, boards=(1, 2)), Seating(round=1, table=2, ns='3', ew='4', board_set=1, boards=(1, 2)), Seating(round=1, table=3, ns='6', ew='1', board_set=1, boards=(1, 2)))
"""

from __future__ import annotations

from functools import cache

from arbitro.i18n import N_
from arbitro.tournament.movements.model import InvalidMovementError, Movement, Seating

MIN_TABLES = 2
MAX_TABLES = 14


def howell(
    tables: int, boards_per_round: int, rounds: int | None = None, half_table: bool = False
) -> Movement:
    """The complete Howell for ``tables`` full tables (and a half table if asked).

    Participants are ``"1"`` to ``"2t"`` (``"2t + 1"`` with a half table). ``rounds``
    cuts the movement short (every pair still meets every other at most once).

    >>> movement = howell(2, 3, half_table=True)
    >>> movement.participants, movement.rounds
    (('1', '2', '3', '4', '5'), 5)
    >>> movement.sitting_out(2)
    ('2',)
    >>> movement.seatings(2)
    (Seating(round=2, table=1, ns='3', ew='1', board_set=2, boards=(4, 5, 6)), Seating(round=2, table=2, ns='4', ew='5', board_set=2, boards=(4, 5, 6)))
    """
    text = f"howell {tables}" + ("½" if half_table else "")
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise InvalidMovementError(
            text, N_("expected {low} to {high} tables"), low=MIN_TABLES, high=MAX_TABLES
        )
    if boards_per_round < 1:
        raise InvalidMovementError(
            text, N_("expected at least one board per round, not {boards}"), boards=boards_per_round
        )
    places = tables + 1 if half_table else tables
    cycle = 2 * places - 1
    rounds = cycle if rounds is None else rounds
    if not 1 <= rounds <= cycle:
        raise InvalidMovementError(
            text, N_("expected 1 to {high} rounds, not {rounds}"), high=cycle, rounds=rounds
        )
    offsets = set_offsets(places)
    stationary = cycle + 1

    def table_of(position: int) -> int:
        return position if position else places

    schedule: list[Seating] = []
    for round_ in range(1, rounds + 1):
        r = round_ - 1
        for position in range(places):
            if position == 0:
                if half_table:
                    continue
                one, other = stationary, r + 1
                ns, ew = (one, other) if r % 2 == 0 else (other, one)
            else:
                ns, ew = (r + position) % cycle + 1, (r - position) % cycle + 1
            board_set = (r + offsets[position]) % cycle + 1
            first = (board_set - 1) * boards_per_round + 1
            schedule.append(
                Seating(
                    round=round_,
                    table=table_of(position),
                    ns=str(ns),
                    ew=str(ew),
                    board_set=board_set,
                    boards=tuple(range(first, first + boards_per_round)),
                )
            )
    groups: dict[int, list[int]] = {}
    for position in range(places):
        if not (half_table and position == 0):
            groups.setdefault(offsets[position], []).append(table_of(position))
    relays = tuple(sorted(tuple(sorted(group)) for group in groups.values() if len(group) > 1))
    pairs = cycle if half_table else cycle + 1
    return Movement(
        kind="howell",
        tables=tables,
        boards_per_round=boards_per_round,
        board_sets=cycle,
        participants=tuple(str(pair) for pair in range(1, pairs + 1)),
        schedule=tuple(sorted(schedule, key=lambda seating: (seating.round, seating.table))),
        plays_per_board=(places - 1 if half_table else places) if rounds == cycle else None,
        meets_at_most=1,
        relays=relays,
    )


@cache
def set_offsets(places: int) -> tuple[int, ...]:
    """The board set offset ``c(i)`` of each place (place 0: the stationary pair's table).

    In round ``r`` place ``i`` plays set ``r + c(i)``, and the pair ``x`` places from the
    one meeting the stationary pair plays set ``r + c(|x|)``; the offsets make those
    values, ``c(0)`` and ``c(i) ± i``, all different, so a pair never meets a set twice.
    Places with the same offset share the set (a relay); the search allows as few such
    places as it can.

    >>> set_offsets(4)
    (0, 2, 4, 1)
    >>> set_offsets(2)
    (0, 0)
    """
    cycle = 2 * places - 1
    for shared in range(places):
        found = _search(places, cycle, shared)
        if found is not None:
            return found
    raise AssertionError("the offsets with every place shared always exist")  # pragma: no cover


def _search(places: int, cycle: int, shared: int) -> tuple[int, ...] | None:
    offsets = [0] * places
    values = [False] * cycle
    values[0] = True
    used: dict[int, int] = {0: 1}

    def place(index: int, left: int) -> bool:
        if index == 0:
            return True
        for offset in range(cycle):
            repeat = used.get(offset, 0) > 0
            if repeat and left == 0:
                continue
            up, down = (offset + index) % cycle, (offset - index) % cycle
            if values[up] or values[down] or up == down:
                continue
            values[up] = values[down] = True
            used[offset] = used.get(offset, 0) + 1
            offsets[index] = offset
            if place(index - 1, left - repeat):
                return True
            values[up] = values[down] = False
            used[offset] -= 1
        return False

    return tuple(offsets) if place(places - 1, shared) else None
