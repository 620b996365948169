"""The results made official and reopened (``events``, with the event's log).

The correction period (Law 79C) and the time to appeal (92B) run from the publication.

>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Cup", boards=8))
>>> store.publish(event).published is not None
True
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from arbitro.i18n import N_
from arbitro.store.models import EventLogRow
from arbitro.store.repository import (
    EventInfo,
    EventStore,
    StoreError,
    reopened_board_numbers,
    time_of,
)

if TYPE_CHECKING:
    from arbitro.tournament.reopening import Reopened


class PublishingRecords(EventStore):
    """The publication of an event's results and their reopenings."""

    def publish(self, event_id: int, by: str = "", now: datetime | None = None) -> EventInfo:
        """Make the results official: the correction period (79C1) and the time to appeal (92B) start.

        Publishing again after a reopening (79C2) locks the results again as corrected,
        with the correction period and the time to appeal of the first publication: the
        reopening was for the score the director and the organiser had no doubt was
        wrong, not a new period for every score and ruling. Publishing official results
        that were not reopened is refused.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> from datetime import UTC, datetime
        >>> event = store.create_event(EventSpec("A", boards=1, correction_minutes=45))
        >>> info = store.publish(event, now=datetime(2026, 1, 1, 22, 0, tzinfo=UTC))
        >>> info.correction.ends.isoformat()
        '2026-01-01T22:45:00+00:00'
        >>> store.publish(event)
        Traceback (most recent call last):
        ...
        arbitro.tournament.record_errors.RecordConflictError: the results of event 1 are official already; reopen them first (Law 79C2)
        """
        from arbitro.tournament.records import check_publishable

        moment = time_of(now)
        with self.transaction() as db:
            row = self._event_row(db, event_id)
            check_publishable(event_id, row.published_at, row.reopened)
            if row.published_at is None:
                row.published_at = moment  # the periods run from the first publication only
            row.reopened = None
            row.reopened_boards = None
            db.add(EventLogRow(event_id=event_id, at=moment, by=by, action="publish", reason=""))
            return self.info_of(row)

    def reopen(
        self,
        event_id: int,
        reason: str,
        by: str = "",
        boards: Reopened = (),
        now: datetime | None = None,
    ) -> EventInfo:
        """Reopen ``boards`` of locked results to correct a scoring error (Law 79C2); the reason is recorded.

        ``boards`` are the boards whose recorded score is wrong; until the results are
        published again only those may change. :data:`~arbitro.tournament.reopening.ALL_BOARDS`
        reopens every board, asked for by name. A second reopening before publishing
        again adds its boards (and its reason) to the first. The event's log keeps the
        boards with the reason.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=8))
        >>> store.reopen(event, reason=" ", boards=[6])
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: reopening the results needs a reason, kept in the director's log
        >>> store.reopen(event, "board 6 entered for table 3", boards=[6]).reopened_boards
        (6,)
        >>> store.reopen(event, "board 2 misread", boards=[2]).reopened_boards
        (2, 6)
        >>> store.event_log(event)[-1].detail
        'board 2: board 2 misread'
        """
        from arbitro.tournament.reopening import (
            reopened_boards,
            reopened_together,
            reopening_detail,
        )

        if not reason.strip():
            raise StoreError(N_("reopening the results needs a reason, kept in the director's log"))
        moment = time_of(now)
        with self.transaction() as db:
            row = self._event_row(db, event_id)
            chosen = reopened_boards(boards, row.boards)
            kept = reopened_together(
                reopened_board_numbers(row.reopened_boards), row.reopened is not None, chosen
            )
            row.reopened = (
                reason.strip() if row.reopened is None else f"{row.reopened}; {reason.strip()}"
            )
            row.reopened_boards = None if kept is None else ",".join(map(str, kept))
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=moment,
                    by=by,
                    action="reopen",
                    reason=reopening_detail(chosen, reason.strip()),
                )
            )
            return self.info_of(row)
