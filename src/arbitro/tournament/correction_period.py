"""The correction period of Law 79C: when results may still change, and their reopening (79C2).

- :class:`CorrectionPeriod`: a scoring error may be corrected until the period ends
  (79C1: 30 minutes after the official results, unless the organiser says
  otherwise); after that, results are locked unless the director reopens the boards
  whose score is wrong, with a reason (79C2, :mod:`arbitro.tournament.reopening`);
- :data:`RESULTS_STATES`: the state of the results in words, the same on every page and
  on the command line (:meth:`CorrectionPeriod.status`): provisional before they are
  published, official and correctable until the period ends, final after it;
- :class:`ResultsLockedError`: a change refused because the period is over;
- :func:`law_79c2_reason`: the reason a reopening keeps, naming the director and the
  organiser;
- :func:`check_publishable`: official results are published again only after a
  reopening.

>>> from datetime import datetime, timezone
>>> published = datetime(2026, 11, 22, 22, 0, tzinfo=timezone.utc)
>>> period = CorrectionPeriod(published, minutes=30)
>>> period.is_open(published.replace(minute=29)), period.is_open(published.replace(minute=31))
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from arbitro.core.errors import RefusedError
from arbitro.i18n import N_, gettext
from arbitro.tournament.local_time import day_and_time
from arbitro.tournament.record_errors import InvalidRecordError, RecordConflictError
from arbitro.tournament.reopening import BoardList

__all__ = [
    "RESULTS_STATES",
    "CorrectionPeriod",
    "ResultsLockedError",
    "ResultsState",
    "check_publishable",
    "law_79c2_reason",
]


class ResultsLockedError(RefusedError):
    """The correction period is over (Law 79C1): the results change only if the director reopens them.

    ``board`` is the board the refused change is on (``None``: a change that names no
    board, a penalty on a whole session); ``reopened`` the boards the director reopened
    (79C2), when a reopening names some and not this one.

    >>> from datetime import datetime, timezone
    >>> ended = datetime(2026, 11, 22, 22, 30, tzinfo=timezone.utc)
    >>> print(ResultsLockedError(ended))
    the correction period ended on 2026-11-22 at 22:30 UTC (Law 79C); the director must reopen the results first, with the reason and the organiser's agreement (Law 79C2)
    >>> print(ResultsLockedError(ended, board=3, reopened=(6, 9)))
    board 3 stays locked: the correction period ended on 2026-11-22 at 22:30 UTC (Law 79C) and the results are reopened for boards 6, 9 only (Law 79C2); to correct it, the director reopens board 3 too, with the reason and the organiser's agreement
    >>> print(ResultsLockedError(ended, reopened=(6,)))
    a change that names no board (a penalty on a whole session) stays locked: the correction period ended on 2026-11-22 at 22:30 UTC (Law 79C) and the results are reopened for board 6 only (Law 79C2); it needs a reopening of every board
    """

    def __init__(
        self, ended: datetime, board: int | None = None, reopened: tuple[int, ...] | None = None
    ) -> None:
        self.ended = ended
        self.board = board
        self.reopened = reopened
        super().__init__(ended, board, reopened)

    def __str__(self) -> str:
        if self.reopened is None:
            return gettext(
                "the correction period ended on {day} at {time} (Law 79C); the director must "
                "reopen the results first, with the reason and the organiser's agreement "
                "(Law 79C2)"
            ).format(**day_and_time(self.ended))
        if self.board is None:
            return gettext(
                "a change that names no board (a penalty on a whole session) stays locked: the "
                "correction period ended on {day} at {time} (Law 79C) and the results are "
                "reopened for {boards} only (Law 79C2); it needs a reopening of every board"
            ).format(**day_and_time(self.ended), boards=BoardList(self.reopened))
        return gettext(
            "board {board} stays locked: the correction period ended on {day} at {time} "
            "(Law 79C) and the results are reopened for {boards} only (Law 79C2); to correct "
            "it, the director reopens board {board} too, with the reason and the organiser's "
            "agreement"
        ).format(board=self.board, **day_and_time(self.ended), boards=BoardList(self.reopened))


ResultsState = Literal["provisional", "official", "final", "reopened"]
"""Where the results stand under Law 79C (:meth:`CorrectionPeriod.state`)."""

RESULTS_STATES: dict[ResultsState, str] = {
    "provisional": N_(
        "Provisional results: the director has not published the official results yet (Law 79C1)."
    ),
    "official": N_(
        "Official results: a scoring error can be corrected until {time} on {day} (Law 79C1)."
    ),
    "final": N_("Final results: the correction period ended on {day} at {time} (Law 79C1)."),
}
"""Each state of the results but a reopening, in words (catalog messages; ``{day}`` and
``{time}`` are the end of the correction period). A reopening (79C2) is said with its
boards where it is shown."""


def law_79c2_reason(reason: str, director: str, organiser: str) -> str:
    """The recorded reason for reopening locked results: Law 79C2 needs the director *and* the organiser.

    A scoring error is corrected after the correction period only when both the
    director and the tournament organiser have no doubt that the recorded result is
    wrong; both are named in the reason kept in the event's log.

    >>> law_79c2_reason("board 6 entered for table 3", "Ana", "Club Nerja")
    'board 6 entered for table 3 (Law 79C2: director Ana, organiser Club Nerja)'
    >>> law_79c2_reason("board 6", "Ana", " ")
    Traceback (most recent call last):
    ...
    arbitro.tournament.record_errors.InvalidRecordError: invalid record 'board 6': reopening after the correction period needs both the director (--by) and the organiser (--organiser), who have no doubt the result is wrong (Law 79C2)
    """
    if not director.strip() or not organiser.strip():
        raise InvalidRecordError(
            reason,
            N_(
                "reopening after the correction period needs both the director ({director}) "
                "and the organiser ({organiser}), who have no doubt the result is wrong "
                "(Law 79C2)"
            ),
            director="--by",
            organiser="--organiser",
        )
    return gettext("{reason} (Law 79C2: director {director}, organiser {organiser})").format(
        reason=reason.strip(), director=director.strip(), organiser=organiser.strip()
    )


@dataclass(frozen=True)
class CorrectionPeriod:
    """The correction period of Law 79C: from the official results, ``minutes`` long.

    ``reopened`` holds the director's reason when the results were reopened (79C2),
    and ``boards`` the boards the reopening is for: until the results are published
    again only those may change. ``None`` with a reopening is every board (a reopening
    asked for every board, or one recorded before reopenings named their boards).

    >>> from datetime import datetime, timezone
    >>> at = datetime(2026, 1, 1, tzinfo=timezone.utc)
    >>> period = CorrectionPeriod(at, 0, reopened="score of board 5 misread", boards=(5,))
    >>> period.allows(at + timedelta(hours=1), 5), period.allows(at + timedelta(hours=1), 6)
    (True, False)
    """

    published: datetime | None
    minutes: int = 30
    reopened: str | None = None
    boards: tuple[int, ...] | None = None

    @property
    def ends(self) -> datetime | None:
        """When the period ends; ``None`` while no official results are out.

        >>> CorrectionPeriod(None).ends is None
        True
        """
        if self.published is None:
            return None
        return self.published + timedelta(minutes=self.minutes)

    def is_open(self, now: datetime) -> bool:
        """Whether a scoring error may still be corrected at ``now`` (79C1).

        >>> CorrectionPeriod(None).is_open(datetime.now())
        True
        """
        ends = self.ends
        return ends is None or now <= ends

    def reopens(self, board: int | None) -> bool:
        """Whether the director's reopening (79C2) covers ``board``; ``None`` is a change of no board.

        >>> CorrectionPeriod(None, reopened="board 6", boards=(6,)).reopens(6)
        True
        >>> CorrectionPeriod(None, reopened="board 6", boards=(6,)).reopens(None)
        False
        >>> CorrectionPeriod(None, reopened="movement error").reopens(None)   # every board
        True
        """
        if self.reopened is None:
            return False
        return self.boards is None or (board is not None and board in self.boards)

    def allows(self, now: datetime, board: int | None) -> bool:
        """Whether ``board``'s results may change at ``now``: the period is open, or the board is reopened.

        ``board`` is ``None`` for a change that names no board (a penalty on a whole
        session): only an open period or a reopening of every board allows it.

        >>> from datetime import datetime, timezone
        >>> at = datetime(2026, 1, 1, tzinfo=timezone.utc)
        >>> CorrectionPeriod(at, 0).allows(at + timedelta(seconds=1), 1)
        False
        """
        return self.is_open(now) or self.reopens(board)

    def locked(self, now: datetime) -> bool:
        """Whether no result may change at ``now``: the period is over and nothing is reopened.

        >>> from datetime import datetime, timezone
        >>> at = datetime(2026, 1, 1, tzinfo=timezone.utc)
        >>> CorrectionPeriod(at, 0).locked(at + timedelta(seconds=1))
        True
        >>> CorrectionPeriod(at, 0, reopened="board 2", boards=(2,)).locked(at + timedelta(seconds=1))
        False
        """
        return not self.is_open(now) and self.reopened is None

    def state(self, now: datetime) -> ResultsState:
        """Where the results stand at ``now`` (Law 79C1).

        Before publication they are provisional; published, they are the official
        results, correctable until the period ends; after it, final, unless the director
        reopened them (79C2).

        >>> from datetime import datetime, timezone
        >>> at = datetime(2026, 1, 1, 21, 0, tzinfo=timezone.utc)
        >>> CorrectionPeriod(None).state(at)
        'provisional'
        >>> [CorrectionPeriod(at, 30).state(at + timedelta(minutes=m)) for m in (30, 31)]
        ['official', 'final']
        >>> CorrectionPeriod(at, 30, reopened="board 2", boards=(2,)).state(at)
        'reopened'
        """
        if self.reopened is not None:
            return "reopened"
        if self.published is None:
            return "provisional"
        return "official" if self.is_open(now) else "final"

    def status(self, now: datetime) -> str:
        """The state of the results at ``now`` in words, in the active language (Law 79C1).

        Every page and the command line say it so. Reopened results (79C2) are said
        with the boards reopened where they are shown, not here.

        >>> from datetime import datetime, timezone
        >>> at = datetime(2026, 1, 1, 21, 0, tzinfo=timezone.utc)
        >>> print(CorrectionPeriod(at, 30).status(at))
        Official results: a scoring error can be corrected until 21:30 UTC on 2026-01-01 (Law 79C1).
        >>> print(CorrectionPeriod(at, 30).status(at + timedelta(hours=1)))
        Final results: the correction period ended on 2026-01-01 at 21:30 UTC (Law 79C1).
        """
        state = self.state(now)
        if state == "reopened":
            raise ValueError("reopened results are said with their boards (Law 79C2)")
        ends = self.ends
        moment = day_and_time(ends) if ends else {"day": "", "time": ""}
        return gettext(RESULTS_STATES[state]).format(**moment)

    def check(self, now: datetime, board: int | None) -> None:
        """Raise :class:`ResultsLockedError` when ``board``'s results may not change at ``now``.

        >>> from datetime import datetime, timezone
        >>> CorrectionPeriod(None).check(datetime(2026, 1, 1, tzinfo=timezone.utc), 1)
        """
        if not self.allows(now, board):
            ends = self.ends
            assert ends is not None
            raise ResultsLockedError(
                ends, board, self.boards if self.reopened is not None else None
            )


def check_publishable(event: int, published: datetime | None, reopened: str | None) -> None:
    """Law 79C2: official results are published again only after the director reopened them.

    Publishing them again as they are would say nothing new; after a reopening they are
    published again as corrected, with the first publication's periods.

    >>> check_publishable(1, None, None)
    >>> check_publishable(1, datetime(2026, 1, 1), None)
    Traceback (most recent call last):
    ...
    arbitro.tournament.record_errors.RecordConflictError: the results of event 1 are official already; reopen them first (Law 79C2)
    """
    if published is not None and reopened is None:
        raise RecordConflictError(
            N_("the results of event {event} are official already; reopen them first (Law 79C2)"),
            event=event,
        )
