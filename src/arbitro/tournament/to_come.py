"""What an event still waits for: the boards of its movement without a result, the rounds open.

One rule for the desk and the command line: publishing the results (Law 79C starts
the correction period) asks first while a round is open for entry at the tables or a
board a movement's table plays has no result yet; closing a round lists each board of
it still without one. A table with a pair sitting out plays nothing and waits for
nothing.

>>> from arbitro.tournament.movements import howell
>>> movement = howell(4, 2)
>>> waiting = still_to_come(movement.schedule, 1, set(), {(1, 1)})
>>> waiting.rounds, waiting.missing, waiting.expected
((1,), 56, 56)
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arbitro.i18n import gettext

if TYPE_CHECKING:
    from arbitro.tournament.movements.seating import Seating


@dataclass(frozen=True)
class BoardToCome:
    """A board a table of the movement plays in a round, with no result yet.

    >>> BoardToCome(1, 1, 4, 12).localized()
    'Table 4 · Board 12'
    """

    session: int
    round: int
    table: int
    board: int

    def localized(self) -> str:
        """The board and its table, in the active language."""
        return (
            gettext("Table %(table)s") % {"table": self.table}
            + " · "
            + gettext("Board %(board)s") % {"board": self.board}
        )


@dataclass(frozen=True)
class RoundClosing:
    """What closing a round leaves without a result: asked about before it closes.

    ``boards`` are the round's boards a table plays with no result yet; empty when the
    round is not open (a round never opened is refused by the store, one closed already
    waits for nothing more).

    >>> closing = RoundClosing(2, 1, (BoardToCome(1, 2, 3, 5), BoardToCome(1, 2, 4, 6)))
    >>> bool(closing), closing.localized()
    (True, 'Table 3 · Board 5, Table 4 · Board 6')
    """

    round: int
    session: int
    boards: tuple[BoardToCome, ...]

    def __bool__(self) -> bool:
        return bool(self.boards)

    def localized(self) -> str:
        """The boards still without a result, each with its table, in the active language.

        What closing a round names before it closes: on the desk, in the JSON API's
        refusal and on the command line.
        """
        return ", ".join(board.localized() for board in self.boards)


def boards_to_come(
    seatings: Iterable[Seating],
    sessions: int,
    entered: Set[tuple[int, int, int]],
    round_number: int | None = None,
    session: int | None = None,
) -> list[BoardToCome]:
    """The boards the movement's tables play (both pairs seated) with no result yet.

    ``entered`` holds (session, table, board) of each result in; only ``round_number``
    and ``session`` when given. In order of session, round, table and board.

    >>> from arbitro.tournament.movements.seating import Seating
    >>> seatings = [Seating(1, 1, ns="1", ew="2", boards=(1, 2)), Seating(1, 2, ns="3", ew="",
    ...             boards=(3, 4))]
    >>> [(b.table, b.board) for b in boards_to_come(seatings, 1, {(1, 1, 1)})]
    [(1, 2)]
    """
    played = [seating for seating in seatings if all(seating.sides)]
    return sorted(
        (
            BoardToCome(number, seating.round, seating.table, board)
            for number in range(1, sessions + 1)
            if session is None or number == session
            for seating in played
            if round_number is None or seating.round == round_number
            for board in seating.boards
            if (number, seating.table, board) not in entered
        ),
        key=lambda b: (b.session, b.round, b.table, b.board),
    )


@dataclass(frozen=True)
class StillToCome:
    """What the publication of the results still waits for: rounds open, results missing.

    >>> bool(StillToCome((), 0, 20)), bool(StillToCome((2,), 0, 20))
    (False, True)
    >>> StillToCome((2,), 3, 20).lines()
    ['Rounds still open for entry at the tables: 2.', 'Results still missing: 3 of 20.']
    """

    rounds: tuple[int, ...]
    """The rounds open for entry at the tables (in any session)."""
    missing: int
    """The results not entered yet."""
    expected: int
    """The results the movement expects (a table with both pairs seated, each board)."""

    def __bool__(self) -> bool:
        return bool(self.rounds or self.missing)

    def lines(self) -> list[str]:
        """What is still to come, a line each, in the active language (the desk's wording)."""
        out = []
        if self.rounds:
            out.append(
                gettext("Rounds still open for entry at the tables: %(rounds)s.")
                % {"rounds": ", ".join(str(number) for number in self.rounds)}
            )
        if self.missing:
            out.append(
                gettext("Results still missing: %(missing)s of %(expected)s.")
                % {"missing": self.missing, "expected": self.expected}
            )
        return out


def still_to_come(
    seatings: Iterable[Seating],
    sessions: int,
    entered: Set[tuple[int, int, int]],
    open_rounds: Set[tuple[int, int]],
) -> StillToCome:
    """The rounds open (``open_rounds``: session, round) and the results missing, every session.

    >>> from arbitro.tournament.movements.seating import Seating
    >>> still_to_come([Seating(1, 1, ns="1", ew="2", boards=(1, 2))], 2, {(1, 1, 1)}, set())
    StillToCome(rounds=(), missing=3, expected=4)
    """
    listed = list(seatings)
    expected = sessions * sum(len(seating.boards) for seating in listed if all(seating.sides))
    return StillToCome(
        tuple(sorted({number for _, number in open_rounds})),
        len(boards_to_come(listed, sessions, entered)),
        expected,
    )
