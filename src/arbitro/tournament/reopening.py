"""The boards a reopening after the correction period is for (Law 79C2).

Law 79C2 lets a score be corrected after the correction period only when the director
and the organiser have no doubt that the recorded score is wrong. A reopening is for
that score: it names its board or boards, and until the results are published again
only those boards' results, corrections and adjusted scores (and the penalties given
on them) may change; every other board stays locked
(:class:`~arbitro.tournament.records.CorrectionPeriod`).

A reopening of every board (:data:`ALL_BOARDS`) is asked for by name, never by
default. It is kept for what names no board: a penalty of Laws 90 and 91 on a
participant's whole session, given, changed or withdrawn after the correction period
(a penalty given to the wrong pair is a wrong score too). Reopenings recorded before
they named their boards count as reopenings of every board.

>>> reopened_boards([9, 6, 6], boards=24)
(6, 9)
>>> reopened_boards(ALL_BOARDS, boards=24) is None
True
>>> print(BoardList((6, 9)))
boards 6, 9
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from arbitro.core.errors import NotationError
from arbitro.i18n import N_, gettext, ngettext

ALL_BOARDS: Final = "all"
"""A reopening of every board, asked for by name (``--all-boards``)."""

Reopened = Sequence[int] | Literal["all"]
"""What a reopening names: its boards, or :data:`ALL_BOARDS`."""

LONGEST = 100
"""The most characters of board numbers a form's field is read from."""

HIGHEST = 999
"""The highest board number a form's field is read with (an event checks its own)."""


class InvalidReopeningError(NotationError):
    """A reopening that names no board, a board the event does not have, or both ways at once.

    >>> print(InvalidReopeningError("0", N_("expected a board number from 1 up")))
    invalid reopening '0': expected a board number from 1 up
    """

    what = N_("reopening")


@dataclass(frozen=True)
class BoardList:
    """Boards as a message names them, in the active language: ``board 6``, ``boards 3, 7``.

    >>> BoardList((3, 7)).localized(), str(BoardList((6,)))
    ('boards 3, 7', 'board 6')
    """

    boards: tuple[int, ...]

    def localized(self) -> str:
        """The boards with the word for them, singular or plural."""
        return ngettext("board {boards}", "boards {boards}", len(self.boards)).format(
            boards=", ".join(str(board) for board in self.boards)
        )

    def __str__(self) -> str:
        return self.localized()


def named_boards(
    boards: Sequence[int],
    every: bool,
    board_option: str = "--board",
    every_option: str = "--all-boards",
) -> Reopened:
    """What a reopening asks for: ``boards``, or every board when ``every``; one of them exactly.

    ``board_option`` and ``every_option`` name the inputs as the one who typed them
    sees them (the command line's options, the API's fields), for the message.

    >>> named_boards([6], every=False)
    [6]
    >>> named_boards([], every=True)
    'all'
    >>> named_boards([], every=False)
    Traceback (most recent call last):
    ...
    arbitro.tournament.reopening.InvalidReopeningError: invalid reopening '-': name the boards whose recorded score the director and the organiser have no doubt is wrong (--board), or reopen every board (--all-boards) (Law 79C2)
    >>> named_boards([6], every=True, board_option="boards", every_option="all_boards")
    Traceback (most recent call last):
    ...
    arbitro.tournament.reopening.InvalidReopeningError: invalid reopening '6': name the boards (boards) or every board (all_boards), not both (Law 79C2)
    """
    if every and boards:
        raise InvalidReopeningError(
            ", ".join(str(board) for board in boards),
            N_("name the boards ({board}) or every board ({every}), not both (Law 79C2)"),
            board=board_option,
            every=every_option,
        )
    if every:
        return ALL_BOARDS
    if not boards:
        raise InvalidReopeningError(
            "-",
            N_(
                "name the boards whose recorded score the director and the organiser have "
                "no doubt is wrong ({board}), or reopen every board ({every}) (Law 79C2)"
            ),
            board=board_option,
            every=every_option,
        )
    return list(boards)


def reopened_boards(chosen: Reopened, boards: int) -> tuple[int, ...] | None:
    """The boards of an event of ``boards`` boards a reopening is for, in order; ``None``: every board.

    >>> reopened_boards([25], boards=24)
    Traceback (most recent call last):
    ...
    arbitro.tournament.reopening.InvalidReopeningError: invalid reopening '25': board 25 is not in the event (expected 1 to 24)
    >>> reopened_boards([], boards=24)
    Traceback (most recent call last):
    ...
    arbitro.tournament.reopening.InvalidReopeningError: invalid reopening '-': a reopening names the boards whose recorded score the director and the organiser have no doubt is wrong, or every board (Law 79C2)
    """
    if chosen == ALL_BOARDS:
        return None
    if not chosen:
        raise InvalidReopeningError(
            "-",
            N_(
                "a reopening names the boards whose recorded score the director and the "
                "organiser have no doubt is wrong, or every board (Law 79C2)"
            ),
        )
    for board in chosen:
        if not 1 <= board <= boards:
            raise InvalidReopeningError(
                str(board),
                N_("board {board} is not in the event (expected 1 to {boards})"),
                board=board,
                boards=boards,
            )
    return tuple(sorted(set(chosen)))


def reopened_together(
    before: tuple[int, ...] | None, reopened: bool, added: tuple[int, ...] | None
) -> tuple[int, ...] | None:
    """The boards open after a second reopening before publishing again: both reopenings' boards.

    ``before`` are the boards open already (``reopened`` says whether the results
    were reopened at all); ``None`` is every board, on either side.

    >>> reopened_together((6,), True, (9, 6)), reopened_together((6,), False, (9,))
    ((6, 9), (9,))
    >>> reopened_together(None, True, (9,)) is None
    True
    """
    if not reopened:
        return added
    if before is None or added is None:
        return None
    return tuple(sorted(set(before) | set(added)))


def board_numbers(text: str) -> tuple[int, ...]:
    """The boards a form's field names: ``6``, ``3, 7`` or ``5-8``; none when it is empty.

    >>> board_numbers("9, 5-7"), board_numbers("2 - 3"), board_numbers(" ")
    ((5, 6, 7, 9), (2, 3), ())
    >>> board_numbers("8-5")
    Traceback (most recent call last):
    ...
    arbitro.tournament.reopening.InvalidReopeningError: invalid reopening '8-5': the boards to reopen are written 6, 3,7 or 5-8
    """
    if not text.strip():
        return ()
    numbers: list[int] = []
    for part in text.split(","):
        first, dash, last = part.partition("-")
        low = _number(first.strip())
        high = _number(last.strip()) if dash else low
        if len(text) > LONGEST or not 1 <= low <= high <= HIGHEST:
            raise InvalidReopeningError(text, N_("the boards to reopen are written 6, 3,7 or 5-8"))
        numbers.extend(range(low, high + 1))
    return tuple(sorted(set(numbers)))


def _number(text: str) -> int:
    """``text`` as a whole number when it is one in ASCII digits; 0 otherwise."""
    return int(text) if text.isascii() and text.isdigit() else 0


def reopening_detail(boards: tuple[int, ...] | None, reason: str) -> str:
    """The reopening as the event's log keeps it: its boards, then the reason.

    >>> reopening_detail((6, 9), "board 6 entered for table 3")
    'boards 6, 9: board 6 entered for table 3'
    >>> reopening_detail(None, "movement error")
    'every board: movement error'
    """
    if boards is None:
        return f"every board: {reason}"
    word = "board" if len(boards) == 1 else "boards"
    return f"{word} {', '.join(str(board) for board in boards)}: {reason}"


def reopened_text(boards: tuple[int, ...] | None) -> str:
    """Which boards are reopened, in the active language: ``boards 6, 9`` or ``every board``.

    >>> reopened_text((6,)), reopened_text(None)
    ('board 6', 'every board')
    """
    return gettext("every board") if boards is None else BoardList(boards).localized()
