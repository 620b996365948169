"""A movement from the options a director gives (the command line's, the desk's form).

:func:`build` makes the movement the options name; :func:`without` takes a pair out of a
movement (a Mitchell with an odd number of pairs: the pair that would meet it sits out).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from arbitro.i18n import N_
from arbitro.tournament.movements.howell import howell
from arbitro.tournament.movements.individual import individual
from arbitro.tournament.movements.mitchell import mitchell
from arbitro.tournament.movements.model import (
    InvalidMovementError,
    Movement,
    UnknownParticipantError,
)
from arbitro.tournament.movements.swiss import swiss_start
from arbitro.tournament.movements.teams import round_robin


def build(
    kind: str,
    tables: int | None,
    boards_per_round: int,
    rounds: int | None = None,
    half_table: bool = False,
    arrow_switch: bool = False,
    relay: bool = False,
    teams: bool = False,
    absent: tuple[str, ...] = (),
) -> Movement:
    """The movement the options ask for.

    A round robin's and a Swiss's ``tables`` are the number of teams (or pairs, in a Swiss);
    a Swiss needs its ``rounds`` and is made with round 1 drawn (``teams``: each match at
    two tables; ``absent``: the participants who do not play round 1, left out of its
    draw with no bye, :func:`~arbitro.tournament.movements.swiss.swiss_start`). A bad
    combination raises
    :class:`~arbitro.tournament.movements.InvalidMovementError`.

    >>> build("howell", 3, 2).description
    'Howell, 3 tables, 5 rounds of 2 boards, relay between tables 1, 2 and 3, in copies of the boards'
    >>> build("swiss", 6, 4, rounds=5).description
    "Swiss, 6 pairs, 1 of 5 rounds paired, 4 boards a round, every table plays the round's boards, in copies"
    >>> build("howell", 3, 2, relay=True)
    Traceback (most recent call last):
    ...
    arbitro.tournament.movements.errors.InvalidMovementError: invalid movement 'howell': --relay is not an option of this movement
    """
    if tables is None:
        raise InvalidMovementError(kind, N_("give the number of tables (--tables)"))
    # An option for another movement is refused, not ignored: a director who asked for
    # a relay must not print a movement without one.
    misplaced = [
        option
        for option, given, owner in (
            ("--half-table", half_table, "howell"),
            ("--arrow-switch", arrow_switch, "mitchell"),
            ("--relay", relay, "mitchell"),
            ("--absent-round-1", absent, "swiss"),
        )
        if given and kind != owner
    ]
    if misplaced:
        raise InvalidMovementError(
            kind,
            N_("{option} is not an option of this movement"),
            option=", ".join(misplaced),
        )
    if kind == "mitchell":
        sharing: Literal["relay"] | None = "relay" if relay else None
        return mitchell(tables, boards_per_round, rounds, arrow_switch, sharing)
    if kind == "howell":
        return howell(tables, boards_per_round, rounds, half_table)
    if kind == "individual":
        return individual(tables, boards_per_round, rounds)
    if kind == "swiss":
        if rounds is None:
            raise InvalidMovementError(kind, N_("give the number of rounds of a Swiss (--rounds)"))
        return swiss_start(tables, rounds, boards_per_round, teams, absent)
    return round_robin(tables, boards_per_round, rounds)


def without(movement: Movement, participant: str) -> Movement:
    """``movement`` with ``participant`` absent: each pair due to meet it sits out that round.

    The boards of those rounds are played one time fewer, so the movement no longer
    promises how often each board is played (the scorer factors them, Law 78D).

    >>> from arbitro.tournament.movements import check, mitchell
    >>> thirteen = without(mitchell(7, 4), "7EW")
    >>> len(thirteen.participants), check(thirteen), thirteen.sitting_out(1)
    (13, [], ('7NS',))
    >>> without(mitchell(3, 2), "9NS")
    Traceback (most recent call last):
    ...
    arbitro.tournament.movements.errors.UnknownParticipantError: unknown participant '9NS': expected one of 1NS, 1EW, 2NS, 2EW, 3NS, 3EW
    """
    if participant not in movement.participants:
        raise UnknownParticipantError(participant, movement.participants)
    return replace(
        movement,
        participants=tuple(name for name in movement.participants if name != participant),
        schedule=tuple(
            seating for seating in movement.schedule if participant not in seating.participants
        ),
        plays_per_board=None,
    )
