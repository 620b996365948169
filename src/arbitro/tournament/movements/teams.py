"""Round-robin teams: every team meets every other once, by the Berger tables.

With ``n`` teams (one more, a bye, when ``n`` is odd) there are ``n - 1`` rounds of
``n / 2`` matches. Round 1 pairs ``1-n``, ``2-(n-1)``, ...; each later round adds
``n / 2`` to every team number but the last (counting ``1`` to ``n - 1`` round), and the
last team changes from home to away each round: the Berger tables used by chess and
bridge federations, which also balance home and away matches.

A match is one :class:`Seating`: ``ns`` the home team, ``ew`` the away team, ``table``
the match number. The home team sits North-South at the first table of its match and
the away team at the second; the two tables play the same boards. Every match in a round
plays the round's boards, in copies (duplicated boards, Law 6F), so the matches are
declared as sharing them.

:func:`two_rooms` gives the tables the players sit at, as a teams event is played and
its results entered: match ``m`` at tables ``2m - 1`` (the open room: the home team
North-South) and ``2m`` (the closed room: the away team North-South), one
:class:`Seating` each; :func:`matches` gives the matches back.

>>> movement = round_robin(4, 8)
>>> [(s.round, s.ns, s.ew) for s in movement.schedule]
[(1, '1', '4'), (1, '2', '3'), (2, '4', '3'), (2, '1', '2'), (3, '2', '4'), (3, '3', '1')]
>>> movement.seatings(3)[0].boards[:3]
(17, 18, 19)
>>> [(s.table, s.ns, s.ew) for s in two_rooms(movement).seatings(1)]
[(1, '1', '4'), (2, '4', '1'), (3, '2', '3'), (4, '3', '2')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from arbitro.i18n import N_
from arbitro.tournament.movements.model import InvalidMovementError, Movement, Seating

MAX_TEAMS = 64


def berger(teams: int) -> list[list[tuple[int, int]]]:
    """The Berger tables for ``teams`` teams (even): each round's (home, away) numbers.

    >>> berger(4)
    [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    """
    half = teams // 2
    last = teams
    current = [(i, teams + 1 - i) for i in range(1, half + 1)]
    rounds = [current]
    for round_ in range(2, teams):

        def move(team: int) -> int:
            return team if team == last else (team - 1 + half) % (teams - 1) + 1

        following: list[tuple[int, int]] = []
        for home, away in current:
            home, away = move(home), move(away)
            if last in (home, away):
                other = away if home == last else home
                home, away = (last, other) if round_ % 2 == 0 else (other, last)
            following.append((home, away))
        # Berger order: the last team's match first.
        following.sort(key=lambda match: last not in match)
        rounds.append(following)
        current = following
    return rounds


def round_robin(
    teams: int | Sequence[str], boards_per_match: int, rounds: int | None = None
) -> Movement:
    """The round robin of ``teams`` (a count, or the teams' names in draw order).

    With an odd number of teams each team has one bye (a round off). ``rounds`` plays
    only the first rounds of the Berger tables (a night too short for every match).

    >>> movement = round_robin(["Sur", "Norte", "Este"], 10)
    >>> [(s.round, s.ns, s.ew) for s in movement.schedule]
    [(1, 'Norte', 'Este'), (2, 'Sur', 'Norte'), (3, 'Este', 'Sur')]
    >>> movement.sitting_out(1)
    ('Sur',)
    """
    names = (
        [str(number) for number in range(1, teams + 1)] if isinstance(teams, int) else list(teams)
    )
    text = f"round-robin {len(names)}"
    if not 2 <= len(names) <= MAX_TEAMS:
        raise InvalidMovementError(
            text, N_("expected {low} to {high} teams"), low=2, high=MAX_TEAMS
        )
    if len(set(names)) != len(names):
        raise InvalidMovementError(text, N_("every team needs its own name"))
    if boards_per_match < 1:
        raise InvalidMovementError(
            text, N_("expected at least one board per round, not {boards}"), boards=boards_per_match
        )
    size = len(names) + len(names) % 2
    rounds = size - 1 if rounds is None else rounds
    if not 1 <= rounds <= size - 1:
        raise InvalidMovementError(
            text, N_("expected 1 to {high} rounds, not {rounds}"), high=size - 1, rounds=rounds
        )
    schedule: list[Seating] = []
    matches = 0
    for round_, pairs in enumerate(berger(size)[:rounds], start=1):
        first = (round_ - 1) * boards_per_match + 1
        table = 0
        for home, away in pairs:
            if home > len(names) or away > len(names):
                continue  # the bye
            table += 1
            schedule.append(
                Seating(
                    round=round_,
                    table=table,
                    ns=names[home - 1],
                    ew=names[away - 1],
                    board_set=round_,
                    boards=tuple(range(first, first + boards_per_match)),
                )
            )
        matches = table
    return Movement(
        kind="round-robin",
        tables=matches,
        boards_per_round=boards_per_match,
        board_sets=rounds,
        participants=tuple(names),
        schedule=tuple(schedule),
        plays_per_board=matches,
        meets_at_most=1,
        relays=(tuple(range(1, matches + 1)),) if matches > 1 else (),
    )


def two_rooms(movement: Movement) -> Movement:
    """The round robin ``movement`` at the tables the players sit at: two tables a match.

    Match ``m`` is played at tables ``2m - 1`` (the open room, the home team North-South)
    and ``2m`` (the closed room, the away team North-South); both play the match's boards.
    A movement already at its tables is returned as it is.

    >>> rooms = two_rooms(round_robin(3, 4))
    >>> rooms.tables, rooms.rooms, rooms.seatings(2)
    (2, 2, (Seating(round=2, table=1, ns='1', ew='2', board_set=2, boards=(5, 6, 7, 8)), Seating(round=2, table=2, ns='2', ew='1', board_set=2, boards=(5, 6, 7, 8))))
    >>> matches(rooms) == round_robin(3, 4)
    True
    """
    if movement.rooms == 2:
        return movement
    tables = 2 * movement.tables
    return replace(
        movement,
        tables=tables,
        schedule=rooms_of(movement.schedule),
        plays_per_board=(
            2 * movement.plays_per_board if movement.plays_per_board is not None else None
        ),
        relays=(tuple(range(1, tables + 1)),),
        rooms=2,
    )


def rooms_of(matches: Sequence[Seating]) -> tuple[Seating, ...]:
    """Each match of ``matches`` (one seating a match, numbered ``m``) at its two tables.

    Table ``2m - 1`` is the open room (the home team, ``ns``, North-South), table ``2m``
    the closed room (the away team North-South); both play the match's boards.

    >>> [(s.table, s.ns, s.ew) for s in rooms_of([Seating(1, 2, "5", "3", 1, (1, 2))])]
    [(3, '5', '3'), (4, '3', '5')]
    """
    return tuple(
        seating
        for match in matches
        for seating in (
            replace(match, table=2 * match.table - 1),
            replace(match, table=2 * match.table, ns=match.ew, ew=match.ns),
        )
    )


def matches(movement: Movement) -> Movement:
    """The matches of ``movement`` played at two tables each (:func:`two_rooms`), one seating a match.

    Each match is its open room's seating (the odd table), numbered ``(table + 1) // 2``.

    >>> [(s.table, s.ns, s.ew) for s in matches(two_rooms(round_robin(4, 2))).seatings(1)]
    [(1, '1', '4'), (2, '2', '3')]
    """
    if movement.rooms != 2:
        return movement
    tables = (movement.tables + 1) // 2
    return replace(
        movement,
        tables=tables,
        schedule=tuple(
            replace(seating, table=(seating.table + 1) // 2)
            for seating in movement.schedule
            if seating.table % 2 == 1
        ),
        plays_per_board=(
            movement.plays_per_board // 2 if movement.plays_per_board is not None else None
        ),
        relays=(tuple(range(1, tables + 1)),) if tables > 1 else (),
        rooms=1,
    )


@dataclass(frozen=True)
class MatchAtTable:
    """The match one table of a teams event plays in a round, as the table's page says it.

    ``number`` is the match (tables ``2 * number - 1`` and ``2 * number``), ``open_room``
    whether this table is the first (the home team North-South), ``other_table`` the
    match's other table, and ``sitting_out`` the teams with a bye in the round (a team
    absent from it, :meth:`~arbitro.tournament.movements.Movement.byes`, has none).
    """

    round: int
    number: int
    open_room: bool
    other_table: int
    home: str
    away: str
    sitting_out: tuple[str, ...] = ()


def match_at_table(movement: Movement, seating: Seating) -> MatchAtTable | None:
    """The match ``seating`` plays, when ``movement`` plays each match at two tables.

    ``None`` for any other movement.

    >>> rooms = two_rooms(round_robin(3, 2))
    >>> match_at_table(rooms, rooms.seatings(1)[1])
    MatchAtTable(round=1, number=1, open_room=False, other_table=1, home='2', away='3', sitting_out=('1',))
    >>> match_at_table(round_robin(3, 2), round_robin(3, 2).seatings(1)[0]) is None
    True
    """
    if movement.rooms != 2:
        return None
    number, open_room = (seating.table + 1) // 2, seating.table % 2 == 1
    home, away = (seating.ns, seating.ew) if open_room else (seating.ew, seating.ns)
    return MatchAtTable(
        round=seating.round,
        number=number,
        open_room=open_room,
        other_table=seating.table + 1 if open_room else seating.table - 1,
        home=home or "",
        away=away or "",
        sitting_out=movement.byes(seating.round),
    )
