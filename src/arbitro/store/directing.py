"""The director's acts kept with the event: Law 10B's rectifications and the appeals committee (93).

- A rectification the players applied or waived themselves (Law 10B) is a ruling at the
  board, whose text the event's rules give (:func:`~arbitro.tournament.directing.law_10b_text`):
  the command line, the API and the desk all record it through
  :meth:`DirectorActRecords.record_rectification`.
- A suspension (Law 91A) is logged and the boards the participant misses are scored at
  once, from the event's movement: :meth:`DirectorActRecords.suspend`.
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

from functools import cache
from typing import TYPE_CHECKING

from arbitro.store.models import EventLogRow
from arbitro.store.repository import check_participant
from arbitro.store.rulings import COMMITTEE_SETTINGS, RulingRecords, kept_committee
from arbitro.store.stored import StoredResult

if TYPE_CHECKING:
    from arbitro.tournament.entry import Entry

SUSPENDED = {True: "adjusted A-/A+", False: "adjusted A+/A-"}
"""The artificial score of a board a suspended pair misses (Law 12C2a), by whether it sits NS.

The suspended side is directly at fault: average-minus (12C2a(i)); its opponents, who
could not play the board through no fault of theirs, average-plus (12C2a(iii)). The
profile gives the percentages (or the IMPs, 12C2b). Kept as text, read by
:func:`suspended_entry`: the store's import reads no entry (the server's start)."""


@cache
def suspended_entry(ns: bool) -> Entry:
    """:data:`SUSPENDED`'s entry for a suspended pair sitting NS (``ns``) or EW.

    >>> suspended_entry(True).to_str(), suspended_entry(False).to_str()
    ('adjusted A-/A+', 'adjusted A+/A-')
    """
    from arbitro.tournament.entry import Entry

    return Entry.from_str(SUSPENDED[ns])


__all__ = ["DirectorActRecords"]


class DirectorActRecords(RulingRecords):
    """Law 10B's rectifications, Law 91A's suspensions and the event's appeals committee (93)."""

    def suspend(
        self,
        event_id: int,
        participant: str,
        detail: str,
        session: int = 1,
        boards: str = "",
        by: str = "",
    ) -> list[StoredResult]:
        """Log a suspension (Law 91A) and score the boards the participant misses; those results.

        ``detail`` is the record as the event keeps it (the act of
        :func:`~arbitro.tournament.directing.law_91_act`, as its ``to_str`` writes it, so
        that it is worded in the reader's language);
        ``boards`` the boards it may not play (``5-8``; empty: the whole session). Each
        of those boards the movement gives it in ``session``, with no result yet, gets
        :data:`SUSPENDED`'s artificial score (average-minus to it, average-plus to its
        opponents, Law 12C2a), in the same transaction as the log. An event whose
        movement does not say it (none, or an individual event:
        :func:`~arbitro.tournament.directing.unscored_suspension`) has the suspension
        logged and nothing scored (the director enters those boards).

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import howell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=6), movement=howell(2, 2))
        >>> [(r.board, r.ns, r.ew, r.entry.to_str()) for r in store.suspend(event, "1", "abusive", boards="1-2")]
        [(1, '4', '1', 'adjusted A+/A-'), (2, '4', '1', 'adjusted A+/A-')]
        """
        from arbitro.tournament.directing import suspended_boards, unscored_suspension

        chosen = suspended_boards(boards)
        info = self.event(event_id)
        known = {p.number for p in self.participants(event_id)}
        check_participant(participant, sorted(known))
        movement = info.timetable
        played = {(r.board, r.table) for r in self.results(event_id) if r.session == session}
        missed = []
        if movement is not None and unscored_suspension(info.spec.kind, has_movement=True) is None:
            for seating in movement.schedule:
                ns, ew = seating.sides
                if participant not in (ns, ew) or not ns or not ew:
                    continue
                for board in seating.boards:
                    if (chosen is None or board in chosen) and (board, seating.table) not in played:
                        missed.append(
                            (board, seating.table, ns, ew, suspended_entry(participant == ns))
                        )
        with self.transaction() as db:
            db.add(
                EventLogRow(
                    event_id=event_id, by=by, action="suspend", reason=f"{participant}: {detail}"
                )
            )
            connection = db.connection()
            return [
                self.record_result(connection, event_id, board, table, entry, ns, ew, session, by)
                for board, table, ns, ew, entry in sorted(missed)
            ]

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
        from arbitro.tournament.directing import law_10b_text
        from arbitro.tournament.records import Ruling

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
