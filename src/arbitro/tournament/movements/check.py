"""The movement checker: proves a movement sound, or lists every problem (Law 8).

A movement is sound when:

- each participant is seated at most once in each round, and each table holds one
  seating per round, every seat of it given (both pairs, or the four players);
- each seating's boards are its board set's boards;
- no board set is at two tables in the same round, unless the movement declares those
  tables a relay (tables that share the set's boards, passing them between them);
- each participant plays each board at most once, and each table too (a table keeps
  one result of a board);
- opponents meet at most as often as the movement promises (once in a Mitchell, a
  Howell, a round robin and a Swiss event; twice in an individual), and partners in an
  individual at most as often as promised;
- each board is played exactly as many times as the movement promises;
- in a movement whose matches are played at two tables each (``rooms`` 2, a teams
  event: :func:`~arbitro.tournament.movements.teams.two_rooms`), the matches are
  sound, and each match's second table seats its two teams the other way round and
  plays its boards.

Every problem is returned, not just the first, in the order of the rounds.

>>> from arbitro.tournament.movements import mitchell
>>> check(mitchell(7, 3))
[]
>>> from dataclasses import replace
>>> broken = mitchell(3, 2)
>>> broken = replace(broken, schedule=broken.schedule[:-1] + (
...     replace(broken.schedule[-1], board_set=1, boards=(1, 2)),))
>>> for problem in check(broken):
...     print(problem)
round 3: board set 1 is at tables 2 and 3
round 3: table 3 plays board 1 again (first in round 2)
round 3: 3NS plays board 1 again (first in round 2)
round 3: 1EW plays board 1 again (first in round 1)
round 3: table 3 plays board 2 again (first in round 2)
round 3: 3NS plays board 2 again (first in round 2)
round 3: 1EW plays board 2 again (first in round 1)
board 1 is played 4 times, not 3 as promised
board 2 is played 4 times, not 3 as promised
board 3 is played 2 times, not 3 as promised
board 4 is played 2 times, not 3 as promised
"""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations

from arbitro.i18n import N_
from arbitro.tournament.movements.model import Movement, MovementProblem, Seating
from arbitro.tournament.movements.teams import matches


def _problem(code: str, reason: str, **details: object) -> MovementProblem:
    return MovementProblem(reason, details, code=code)


def check(movement: Movement) -> list[MovementProblem]:
    """Every way ``movement`` breaks its promises; an empty list proves it sound.

    >>> from arbitro.tournament.movements import howell
    >>> check(howell(4, 2))
    []
    """
    if movement.rooms == 2:
        return _check_rooms(movement)
    problems: list[MovementProblem] = []
    known = set(movement.participants)
    played: dict[tuple[str, int], int] = {}
    at_table: dict[tuple[int, int], int] = {}
    meetings: Counter[frozenset[str]] = Counter()
    partnerships: Counter[frozenset[str]] = Counter()
    plays: Counter[int] = Counter()
    relays = {frozenset(pair) for pair in movement.relays}
    for round_ in range(1, movement.rounds + 1):
        seatings = movement.seatings(round_)
        problems.extend(_check_places(round_, seatings, known))
        problems.extend(_check_sets(movement, round_, seatings, relays))
        for seating in seatings:
            for board in seating.boards:
                plays[board] += 1
                first_here = at_table.setdefault((seating.table, board), round_)
                if first_here != round_:
                    # A table's result of a board is one: the second could not be scored.
                    problems.append(
                        _problem(
                            "table-board-twice",
                            N_(
                                "round {round}: table {table} plays board {board} again "
                                "(first in round {first})"
                            ),
                            round=round_,
                            table=seating.table,
                            board=board,
                            first=first_here,
                        )
                    )
                for participant in seating.participants:
                    first = played.setdefault((participant, board), round_)
                    if first != round_:
                        problems.append(
                            _problem(
                                "board-twice",
                                N_(
                                    "round {round}: {participant} plays board {board} again "
                                    "(first in round {first})"
                                ),
                                round=round_,
                                participant=participant,
                                board=board,
                                first=first,
                            )
                        )
            ns, ew = seating.opponents
            for one in ns:
                for other in ew:
                    meetings[frozenset((one, other))] += 1
            for side in (ns, ew):
                for one, other in combinations(side, 2):
                    partnerships[frozenset((one, other))] += 1
    problems.extend(_check_counts(movement, meetings, partnerships, plays))
    return problems


def _check_rooms(movement: Movement) -> list[MovementProblem]:
    """The problems of a movement played at two tables a match: its matches', then its rooms'."""
    problems = check(matches(movement))
    for round_ in range(1, movement.rounds + 1):
        seatings = {seating.table: seating for seating in movement.seatings(round_)}
        for table, open_room in sorted(seatings.items()):
            if table % 2 == 0:
                if table - 1 not in seatings:
                    problems.append(_closed_room_problem(round_, table - 1, table))
                continue
            closed = seatings.get(table + 1)
            if closed is None or (closed.ns, closed.ew, closed.boards) != (
                open_room.ew,
                open_room.ns,
                open_room.boards,
            ):
                problems.append(_closed_room_problem(round_, table, table + 1))
    return problems


def _closed_room_problem(round_: int, open_room: int, closed_room: int) -> MovementProblem:
    return _problem(
        "rooms",
        N_(
            "round {round}: table {closed} does not play the match of table {open} with "
            "the teams the other way round"
        ),
        round=round_,
        open=open_room,
        closed=closed_room,
    )


def _check_places(
    round_: int, seatings: tuple[Seating, ...], known: set[str]
) -> list[MovementProblem]:
    problems: list[MovementProblem] = []
    tables = Counter(seating.table for seating in seatings)
    for table, count in sorted(tables.items()):
        if count > 1:
            problems.append(
                _problem(
                    "table-twice",
                    N_("round {round}: table {table} appears twice"),
                    round=round_,
                    table=table,
                )
            )
    for seating in seatings:
        seats = (
            (seating.north, seating.east, seating.south, seating.west)
            if seating.individual
            else (seating.ns, seating.ew)
        )
        if not all(seats):
            problems.append(
                _problem(
                    "seat-empty",
                    N_("round {round}: table {table} has a seat nobody is given"),
                    round=round_,
                    table=seating.table,
                )
            )
    where: dict[str, list[int]] = defaultdict(list)
    for seating in seatings:
        for participant in seating.participants:
            where[participant].append(seating.table)
    for participant, places in where.items():
        if participant not in known:
            problems.append(
                _problem(
                    "unknown",
                    N_(
                        "round {round}: table {table} seats {participant}, who is not in "
                        "the movement"
                    ),
                    round=round_,
                    table=places[0],
                    participant=participant,
                )
            )
        if len(places) > 1:
            problems.append(
                _problem(
                    "seated-twice",
                    N_("round {round}: {participant} is seated at tables {tables}"),
                    round=round_,
                    participant=participant,
                    tables=_and(places),
                )
            )
    return problems


def _check_sets(
    movement: Movement,
    round_: int,
    seatings: tuple[Seating, ...],
    relays: set[frozenset[int]],
) -> list[MovementProblem]:
    problems: list[MovementProblem] = []
    at: dict[int, list[int]] = defaultdict(list)
    for seating in seatings:
        if seating.board_set is None:
            continue
        at[seating.board_set].append(seating.table)
        if seating.boards != movement.board_numbers(seating.board_set):
            problems.append(
                _problem(
                    "boards",
                    N_(
                        "round {round}: table {table} plays boards {boards}, which are not "
                        "those of board set {board_set}"
                    ),
                    round=round_,
                    table=seating.table,
                    boards=", ".join(map(str, seating.boards)),
                    board_set=seating.board_set,
                )
            )
    for board_set, tables in sorted(at.items()):
        shared = frozenset(tables)
        if len(tables) > 1 and not any(shared <= group for group in relays):
            problems.append(
                _problem(
                    "set-twice",
                    N_("round {round}: board set {board_set} is at tables {tables}"),
                    round=round_,
                    board_set=board_set,
                    tables=_and(sorted(tables)),
                )
            )
    return problems


def _check_counts(
    movement: Movement,
    meetings: Counter[frozenset[str]],
    partnerships: Counter[frozenset[str]],
    plays: Counter[int],
) -> list[MovementProblem]:
    problems: list[MovementProblem] = []
    order = {name: index for index, name in enumerate(movement.participants)}

    def names(pair: frozenset[str]) -> tuple[str, str]:
        one, other = sorted(pair, key=lambda name: (order.get(name, len(order)), name))
        return one, other

    if movement.meets_at_most is not None:
        for pair, count in sorted(meetings.items(), key=lambda item: names(item[0])):
            if count > movement.meets_at_most:
                one, other = names(pair)
                problems.append(
                    _problem(
                        "meet-again",
                        N_("{one} and {other} meet {count} times, at most {most} promised"),
                        one=one,
                        other=other,
                        count=count,
                        most=movement.meets_at_most,
                    )
                )
    if movement.partners_at_most is not None:
        for pair, count in sorted(partnerships.items(), key=lambda item: names(item[0])):
            if count > movement.partners_at_most:
                one, other = names(pair)
                problems.append(
                    _problem(
                        "partner-again",
                        N_("{one} and {other} are partners {count} times, at most {most} promised"),
                        one=one,
                        other=other,
                        count=count,
                        most=movement.partners_at_most,
                    )
                )
    if movement.plays_per_board is not None:
        for board in range(1, movement.boards + 1):
            if plays[board] != movement.plays_per_board:
                problems.append(
                    _problem(
                        "plays-per-board",
                        N_("board {board} is played {count} times, not {promised} as promised"),
                        board=board,
                        count=plays[board],
                        promised=movement.plays_per_board,
                    )
                )
    return problems


def _and(numbers: list[int]) -> str:
    """``1 and 3``, ``1, 2 and 3``: table numbers in a message."""
    from arbitro.i18n import gettext

    words = [str(number) for number in numbers]
    if len(words) == 1:
        return words[0]
    return gettext("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])
