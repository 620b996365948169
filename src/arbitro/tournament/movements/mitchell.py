"""The Mitchell movement (Law 8): North-South stay, East-West move up, boards move down.

North-South pairs stay at their table, East-West pairs move up one table each round and
the boards move down one table.

With an odd number of tables every East-West pair meets every North-South pair and
plays every board set once. With an even number the plain movement would bring an
East-West pair back to boards it has played after half the rounds, so either:

- ``sharing="skip"`` (the default): after half the rounds the East-West pairs skip a
  table; at most ``tables - 1`` rounds are then sound;
- ``sharing="relay"``: tables 1 and ``tables`` share a board set (a relay) and a bye
  stand between the middle tables holds the set no one plays; every round is sound.

Arrow-switch rounds (``arrow_switch``) turn the pairs round for the boards of those
rounds, so that a single ranking compares everyone (a one-winner Mitchell).

>>> movement = mitchell(4, 2)
>>> movement.rounds, movement.description
(3, 'Mitchell, 4 tables, 3 rounds of 2 boards, skip after round 2')
>>> [seating.ew for seating in movement.seatings(3)]
['2EW', '3EW', '4EW', '1EW']
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from arbitro.i18n import N_
from arbitro.tournament.movements.model import InvalidMovementError, Movement, Seating

Sharing = Literal["skip", "relay"]
"""How a Mitchell with an even number of tables avoids replaying boards."""

MIN_TABLES = 3
MAX_TABLES = 40


def mitchell(
    tables: int,
    boards_per_round: int,
    rounds: int | None = None,
    arrow_switch: bool | Collection[int] = False,
    sharing: Sharing | None = None,
) -> Movement:
    """The Mitchell movement for ``tables`` tables.

    Participants are ``"1NS"``, ``"1EW"``, ...; pair ``tNS`` stays at table ``t``, pair
    ``tEW`` starts there. ``rounds`` defaults to the most that are sound (``tables``, or
    ``tables - 1`` with a skip). ``arrow_switch`` is ``True`` for the last quarter of
    the rounds (at least one), or the round numbers to switch.

    >>> mitchell(3, 2).seatings(2)[2]
    Seating(round=2, table=3, ns='3NS', ew='2EW', board_set=1, boards=(1, 2))
    >>> mitchell(6, 2, sharing="relay").relays
    ((1, 6),)
    >>> mitchell(3, 2, arrow_switch=True).seatings(3)[0]
    Seating(round=3, table=1, ns='2EW', ew='1NS', board_set=3, boards=(5, 6), arrow_switched=True)
    """
    text = f"mitchell {tables}"
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise InvalidMovementError(
            text, N_("expected {low} to {high} tables"), low=MIN_TABLES, high=MAX_TABLES
        )
    if boards_per_round < 1:
        raise InvalidMovementError(
            text, N_("expected at least one board per round, not {boards}"), boards=boards_per_round
        )
    even = tables % 2 == 0
    if sharing is None:
        sharing = "skip" if even else None
    elif not even:
        raise InvalidMovementError(
            text, N_("a skip or a relay is only for an even number of tables")
        )
    most = tables - 1 if sharing == "skip" else tables
    rounds = most if rounds is None else rounds
    if not 1 <= rounds <= most:
        raise InvalidMovementError(
            text, N_("expected 1 to {high} rounds, not {rounds}"), high=most, rounds=rounds
        )
    switched = _switched_rounds(arrow_switch, rounds, text)
    places = _relay_places(tables) if sharing == "relay" else None
    schedule: list[Seating] = []
    for round_ in range(1, rounds + 1):
        skip = 1 if sharing == "skip" and round_ > tables // 2 else 0
        sets_here = _sets_at_tables(tables, round_, places)
        for table in range(1, tables + 1):
            mover = (table - round_ - skip) % tables + 1
            board_set = sets_here[table]
            ns, ew = f"{table}NS", f"{mover}EW"
            flip = round_ in switched
            schedule.append(
                Seating(
                    round=round_,
                    table=table,
                    ns=ew if flip else ns,
                    ew=ns if flip else ew,
                    board_set=board_set,
                    boards=_boards(board_set, boards_per_round),
                    arrow_switched=flip,
                )
            )
    complete = rounds == most
    return Movement(
        kind="mitchell",
        tables=tables,
        boards_per_round=boards_per_round,
        board_sets=tables,
        participants=tuple(f"{t}{side}" for t in range(1, tables + 1) for side in ("NS", "EW")),
        schedule=tuple(schedule),
        plays_per_board=rounds if complete else None,
        meets_at_most=1,
        relays=((1, tables),) if sharing == "relay" else (),
    )


def _boards(board_set: int, boards_per_round: int) -> tuple[int, ...]:
    first = (board_set - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


def _switched_rounds(arrow_switch: bool | Collection[int], rounds: int, text: str) -> set[int]:
    if arrow_switch is True:
        count = max(1, rounds // 4)
        return set(range(rounds - count + 1, rounds + 1))
    if arrow_switch is False:
        return set()
    chosen = set(arrow_switch)
    for round_ in sorted(chosen):
        if not 1 <= round_ <= rounds:
            raise InvalidMovementError(
                text,
                N_("arrow switch in round {round}: expected a round from 1 to {rounds}"),
                round=round_,
                rounds=rounds,
            )
    return chosen


def _relay_places(tables: int) -> list[tuple[int, ...]]:
    """The places a board set passes through, in order.

    The relay (tables 1 and the last), then down from the last table but one, the bye
    stand (an empty place) between the middle tables, and down to table 2.
    """
    half = tables // 2
    return [
        (1, tables),
        *[(table,) for table in range(tables - 1, half, -1)],
        (),
        *[(table,) for table in range(half, 1, -1)],
    ]


def _sets_at_tables(
    tables: int, round_: int, places: list[tuple[int, ...]] | None
) -> dict[int, int]:
    """The board set at each table in ``round_``: set ``t`` starts at table ``t``."""
    if places is None:
        return {table: (table - 1 + round_ - 1) % tables + 1 for table in range(1, tables + 1)}
    # Set numbers: each table's own number in round 1, the relay's set 1, the bye stand's
    # the last.
    labels = [place[0] if place else tables for place in places]
    result: dict[int, int] = {}
    for position, label in enumerate(labels):
        place = places[(position + round_ - 1) % tables]
        for table in place:
            result[table] = label
    return result
