"""Polls of the event: opened before the ruling, answered one by one, read back.

A poll may be opened before the ruling (:meth:`~arbitro.store.Store.open_poll`), take
its answers one by one (:meth:`~arbitro.store.Store.add_poll_answer`, refused once a
ruling used the poll), and be linked to the case it served
(``add_case(..., poll_number=...)``, ``judgement.py``). Its rows are written by
``case_rows.py`` and read by ``case_reading.py``.

>>> from arbitro.core.seat import Seat
>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> from arbitro.tournament.poll import Poll
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Club", boards=8))
>>> store.open_poll(event, Poll(9, Seat.NORTH, "6C", "North's call after 5C"))
Traceback (most recent call last):
...
arbitro.store.errors.StoreError: board 9 is not in the event (expected 1 to 8)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from arbitro.i18n import N_
from arbitro.store.case_reading import poll_of, poll_row
from arbitro.store.case_rows import write_answer, write_poll
from arbitro.store.errors import StoreConflictError
from arbitro.store.event_checks import check_board
from arbitro.store.events import EventStore
from arbitro.store.models import PollRow

if TYPE_CHECKING:
    from arbitro.tournament.poll import Poll, PollAnswer

__all__ = ["PollRecords"]

_ATTEMPTS = 5


class PollRecords(EventStore):
    """The event's polls, each answer in its own rows."""

    def open_poll(self, event_id: int, poll: Poll) -> int:
        """Keep a poll of the event before the ruling, with the answers it has so far; its number.

        >>> from arbitro.tournament.poll import Poll, PollAnswer
        >>> from arbitro.core.seat import Seat
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=8))
        >>> number = store.open_poll(event, Poll(7, Seat.NORTH, "6C", "North's call after 5C"))
        >>> store.add_poll_answer(event, number, PollAnswer("Luis", "Pass", ("6C",))).logical_alternatives()
        ('Pass',)
        """
        check_board(self.event(event_id).spec.boards, poll.board)
        with self.transaction() as db:
            return write_poll(db, event_id, poll, None)

    def add_poll_answer(self, event_id: int, number: int, answer: PollAnswer) -> Poll:
        """Add one respondent's answer to poll ``number`` of the event; the poll as it now stands.

        Refused when the respondent has answered already, and once a ruling used the poll.

        >>> from arbitro.tournament.poll import PollAnswer
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.add_poll_answer(store.create_event(EventSpec("Club", boards=8)), 1, PollAnswer("Eva", "Pass"))
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreNotFoundError: there is no poll 1 in this event
        """
        self.event(event_id)
        for attempt in range(_ATTEMPTS):
            try:
                with self.transaction() as db:
                    row = poll_row(db, event_id, number)
                    if row.worksheet_id is not None:
                        raise StoreConflictError(
                            N_(
                                "poll {number} has served a ruling already; it takes no more answers"
                            ),
                            number=number,
                        )
                    poll = poll_of(db, row).add(answer)  # the same respondent twice is refused
                    write_answer(db, row.id, len(poll.answers) - 1, answer)
                    return poll
            except IntegrityError:
                # Another answer took the same place at the same moment: read again and retry.
                if attempt == _ATTEMPTS - 1:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def load_poll(self, event_id: int, number: int) -> Poll:
        """Read back poll ``number`` of the event, with its answers in order.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.load_poll(store.create_event(EventSpec("Club", boards=8)), 3)
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreNotFoundError: there is no poll 3 in this event
        """
        self.event(event_id)
        with self.reading() as db:
            return poll_of(db, poll_row(db, event_id, number))

    def event_poll_numbers(self, event_id: int) -> list[tuple[int, bool]]:
        """The event's polls, oldest first: each number, and whether a ruling has used it.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.event_poll_numbers(store.create_event(EventSpec("Club", boards=8)))
        []
        """
        self.event(event_id)
        with self.reading() as db:
            rows = db.execute(
                select(PollRow.id, PollRow.worksheet_id)
                .where(PollRow.event_id == event_id)
                .order_by(PollRow.id)
            ).all()
        return [(number, used is not None) for number, used in rows]
