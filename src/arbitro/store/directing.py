"""The director's acts kept with the event: Law 10B's rectifications and the appeals committee (93).

- A rectification the players applied or waived themselves (Law 10B) is a ruling at the
  board, whose text the event's rules give (:func:`~arbitro.tournament.directing.law_10b_text`):
  the command line, the API and the desk all record it through
  :meth:`DirectorActRecords.record_rectification`.
- Whether the event has an appeals committee (Law 93B) or the director hears every
  appeal (93A) is kept in the event's log (action ``committee``), so that a change is
  dated and signed; the last one counts and an event without one has a committee.

>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Club", boards=8))
>>> store.has_committee(event)
True
>>> store.keep_committee(event, False, by="Ana"); store.has_committee(event)
False
"""

from __future__ import annotations

from arbitro.store.models import EventLogRow
from arbitro.store.repository import COMMITTEE_SETTINGS, EventStore, kept_committee
from arbitro.tournament.directing import law_10b_text
from arbitro.tournament.records import Ruling

__all__ = ["DirectorActRecords"]


class DirectorActRecords(EventStore):
    """Law 10B's rectifications and the event's appeals committee (Law 93)."""

    def record_rectification(
        self,
        event_id: int,
        board: int,
        table: int | None,
        what: str,
        accepted: bool,
        session: int = 1,
        by: str = "",
    ) -> tuple[int, str]:
        """Record the players' own rectification (Law 10B) as a ruling at the board: its number and text.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=8))
        >>> store.record_rectification(event, 3, 1, "a lead out of turn taken back", True, by="Ana")
        (1, 'the players applied a rectification without the director: a lead out of turn taken back; accepted (Law 10B)')
        """
        text = law_10b_text(what, accepted)
        return self.add_ruling(event_id, Ruling(board, table, "10B", text, by), session), text

    def keep_committee(self, event_id: int, available: bool, by: str = "") -> None:
        """Keep whether the event has an appeals committee (93B) or the director hears every appeal (93A).

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=8))
        >>> store.keep_committee(event, False); store.keep_committee(event, True)
        >>> store.has_committee(event)
        True
        """
        with self.transaction() as db:
            self._event_row(db, event_id)
            db.add(
                EventLogRow(
                    event_id=event_id,
                    by=by,
                    action="committee",
                    reason=COMMITTEE_SETTINGS[available],
                )
            )

    def has_committee(self, event_id: int) -> bool:
        """Whether the event has an appeals committee (Law 93B); true unless the director said not.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.has_committee(store.create_event(EventSpec("Club", boards=8)))
        True
        """
        with self.reading() as db:
            self._event_row(db, event_id)
            return kept_committee(db, event_id)
