"""The deals kept for an event's boards (a PBN set read by the director), by board.

>>> from arbitro.core.deal import Deal
>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Club", boards=2))
>>> store.keep_deals(event, {1: Deal.from_number(7)})
>>> store.kept_deals(event) == {1: Deal.from_number(7)}
True
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import delete, select

from arbitro.core.deal import Deal
from arbitro.store.models import DealRow
from arbitro.store.repository import EventStore

__all__ = ["DealRecords"]


class DealRecords(EventStore):
    """The deals kept for an event's boards."""

    def keep_deals(self, event_id: int, deals: Mapping[int, Deal]) -> None:
        """Keep ``deals`` as the event's, by board, in place of those kept before (one transaction).

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=2))
        >>> store.keep_deals(event, {2: Deal.from_number(1)}); store.keep_deals(event, {})
        >>> store.kept_deals(event)
        {}
        """
        with self.transaction() as db:
            db.execute(delete(DealRow).where(DealRow.event_id == event_id))
            db.add_all(
                DealRow(event_id=event_id, board=board, deal=deal.to_str())
                for board, deal in deals.items()
            )

    def kept_deals(self, event_id: int) -> dict[int, Deal]:
        """The deals kept for the event's boards, by board (none for an unknown event).

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").kept_deals(1)
        {}
        """
        with self.reading() as db:
            rows = db.execute(
                select(DealRow.board, DealRow.deal)
                .where(DealRow.event_id == event_id)
                .order_by(DealRow.board)
            ).all()
        return {board: Deal.from_str(text) for board, text in rows}
