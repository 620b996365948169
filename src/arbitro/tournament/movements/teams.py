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

>>> movement = round_robin(4, 8)
>>> [(s.round, s.ns, s.ew) for s in movement.schedule]
[(1, '1', '4'), (1, '2', '3'), (2, '4', '3'), (2, '1', '2'), (3, '2', '4'), (3, '3', '1')]
>>> movement.seatings(3)[0].boards[:3]
(17, 18, 19)
"""

from __future__ import annotations

from collections.abc import Sequence

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


def round_robin(teams: int | Sequence[str], boards_per_match: int) -> Movement:
    """The round robin of ``teams`` (a count, or the teams' names in draw order).

    With an odd number of teams each team has one bye (a round off).

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
    schedule: list[Seating] = []
    matches = 0
    for round_, pairs in enumerate(berger(size), start=1):
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
        board_sets=size - 1,
        participants=tuple(names),
        schedule=tuple(schedule),
        plays_per_board=matches,
        meets_at_most=1,
        relays=(tuple(range(1, matches + 1)),) if matches > 1 else (),
    )
