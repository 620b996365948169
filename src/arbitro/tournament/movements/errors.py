"""What goes wrong with a movement: the errors a movement's making raises, and its problems.

:class:`InvalidMovementError` is a movement asked for that cannot be made (or a movement
file that cannot be read), :class:`UnknownParticipantError` a name the movement does not
have, and :class:`MovementProblem` one way a movement breaks its promises, as
:func:`arbitro.tournament.movements.check` lists them.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.core.errors import ArbitroError, NotationError, Problem
from arbitro.i18n import N_, gettext


class InvalidMovementError(NotationError):
    """A movement asked for that cannot be made: too few tables, too many rounds, ...

    >>> print(InvalidMovementError("mitchell 2", N_("expected {low} to {high} tables"), low=3,
    ...       high=30))
    invalid movement 'mitchell 2': expected 3 to 30 tables
    """

    what = N_("movement")


class UnknownParticipantError(ArbitroError, ValueError):
    """A participant the movement does not have.

    >>> print(UnknownParticipantError("9NS", ("1NS", "1EW")))
    unknown participant '9NS': expected one of 1NS, 1EW
    """

    def __init__(self, participant: str, participants: tuple[str, ...]) -> None:
        self.participant = participant
        self.participants = participants
        super().__init__(participant)

    def __str__(self) -> str:
        return gettext("unknown participant '{participant}': expected one of {choices}").format(
            participant=self.participant, choices=", ".join(self.participants)
        )


@dataclass(frozen=True)
class MovementProblem(Problem):
    """One way a movement breaks its promises, with a short ``code`` for programs.

    Codes: ``board-twice`` (a participant plays a board again), ``set-twice`` (a board
    set at two tables in the same round, not a declared relay), ``seated-twice`` (a
    participant at two places in one round), ``meet-again`` (opponents meet more often
    than promised), ``partner-again``, ``plays-per-board`` (a board played a number of
    times other than promised), ``table-twice`` (two seatings for one table and round),
    ``boards`` (a seating's boards are not its set's), ``unknown`` (a name that is no
    participant).

    >>> problem = MovementProblem(N_("round {round}: table {table} appears twice"),
    ...                           {"round": 2, "table": 1}, code="table-twice")
    >>> print(problem)
    round 2: table 1 appears twice
    >>> problem.code
    'table-twice'
    """

    code: str = ""
