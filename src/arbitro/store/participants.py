"""What the director keeps about a participant: the acts on it, and its carry-over.

The acts (a substitute, a suspension, a disqualification) are kept in the event's log;
the carry-over with the participant (``participants``).

>>> from fractions import Fraction
>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec, Participant
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Cup", boards=1), [Participant("1"), Participant("2")])
>>> store.set_carry_over(event, "2", Fraction(1, 2))
>>> store.carry_overs(event), store.disqualified(event)
({'2': Fraction(1, 2)}, {})
"""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction

from sqlalchemy import select

from arbitro.store.models import EventLogRow, ParticipantRow
from arbitro.store.repository import (
    check_carry_over,
    check_participant,
    seated_opponent,
    time_of,
)
from arbitro.store.results import ResultRecords


class ParticipantRecords(ResultRecords):
    """The director's acts on an event's participants, and their carry-overs."""

    def log_act(
        self, event_id: int, action: str, detail: str, by: str = "", now: datetime | None = None
    ) -> None:
        """Record one of the director's acts on a participant in the event's log (Laws 4, 91).

        ``action`` is ``substitute``, ``suspend`` or ``disqualify``; ``detail`` is
        ``PARTICIPANT: ACT``, the act as :meth:`~arbitro.tournament.directing.DirectorAct.to_str`
        writes it, so that it is worded in the reader's language when it is read
        (:meth:`disqualified`, :meth:`event_log`); plain text is kept as it is given.

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1")])
        >>> store.log_act(event, "suspend", "1: the whole of session 1: abusive", by="Ana")
        >>> store.log_act(event, "suspend", "2: late", by="Ana")
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: '2' is not a participant of the event (expected 1)
        """
        moment = time_of(now)
        with self.transaction() as db:
            self._event_row(db, event_id)
            participant = detail.split(":", 1)[0]
            known = set(
                db.scalars(select(ParticipantRow.number).where(ParticipantRow.event_id == event_id))
            )
            check_participant(participant, sorted(known))
            db.add(EventLogRow(event_id=event_id, at=moment, by=by, action=action, reason=detail))

    def disqualified(self, event_id: int) -> dict[str, str]:
        """The participants disqualified from the event (Law 91B), each with its record.

        A disqualified participant is not ranked (:meth:`ranking`); the boards it played
        stand for its opponents. The record is worded in the active language, whatever
        the language it was recorded in (a record kept as plain text, as older events
        hold it, is shown as written): call it in the reader's language.

        >>> from arbitro.i18n import use_language
        >>> from arbitro.tournament.directing import law_91_act
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant("1"), Participant("2")])
        >>> act = law_91_act("disqualify", "cheating", "Ana", organiser="Club")
        >>> store.log_act(event, "disqualify", f"2: {act.to_str()}", by="Ana")
        >>> with use_language("es"):
        ...     store.disqualified(event)
        {'2': 'cheating (Artículo 91B, por Ana; aprobada por el organizador Club)'}
        """
        from arbitro.tournament.directing import worded_act

        with self.reading() as db:
            self._event_row(db, event_id)
            rows = db.scalars(
                select(EventLogRow)
                .where(EventLogRow.event_id == event_id, EventLogRow.action == "disqualify")
                .order_by(EventLogRow.at, EventLogRow.id)
            )
            out: dict[str, str] = {}
            for row in rows:
                participant, _, detail = row.reason.partition(": ")
                if participant not in out:
                    out[participant] = worded_act(detail)
            return out

    def carry_overs(self, event_id: int) -> dict[str, Fraction]:
        """Each participant's carry-over, where it has one (a knockout: IMPs into its match).

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.carry_overs(store.create_event(EventSpec("A", boards=1), [Participant("1")],
        ...                                      carry_over={"1": Fraction(3, 2)}))
        {'1': Fraction(3, 2)}
        """
        with self.reading() as db:
            self._event_row(db, event_id)
            return {
                row.number: Fraction(row.carry_over)
                for row in db.scalars(
                    select(ParticipantRow).where(ParticipantRow.event_id == event_id)
                )
                if Fraction(row.carry_over)
            }

    def set_carry_over(
        self, event_id: int, participant: str, amount: Fraction, by: str = ""
    ) -> None:
        """Set ``participant``'s carry-over (a knockout: the IMPs its team brings into the match).

        The change is kept in the event's log.

        A carry-over is given to one team: in a teams event it is never negative (a
        knockout's team behind gives its opponents the carry-over instead); 0 takes it away.

        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Cup", 8, kind="teams", knockout=True),
        ...                            [Participant("A"), Participant("B")])
        >>> store.set_carry_over(event, "B", Fraction(7, 2), by="Ana")
        >>> store.carry_overs(event)
        {'B': Fraction(7, 2)}
        >>> store.set_carry_over(event, "C", Fraction(1))
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: 'C' is not a participant of the event (expected A, B)
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("score 420"), ns="A", ew="B")
        >>> store.set_carry_over(event, "A", Fraction(-3))
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: a carry-over is not negative (-3): it is given to one team of the match; give B, the other team of A's match, a carry-over of 3 instead (B,3)
        """
        info = self.event(event_id)
        opponent = self.match_opponent(event_id, participant) if amount < 0 else None
        with self.transaction() as db:
            self._event_row(db, event_id)
            rows = {
                row.number: row
                for row in db.scalars(
                    select(ParticipantRow).where(ParticipantRow.event_id == event_id)
                )
            }
            check_participant(participant, sorted(rows))
            check_carry_over(info.spec, participant, amount, opponent)
            rows[participant].carry_over = str(amount)
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=time_of(None),
                    by=by,
                    action="carry-over",
                    reason=f"{participant}: {amount}",
                )
            )

    def match_opponent(self, event_id: int, team: str) -> str | None:
        """The other team of ``team``'s match, as the movement seats it or the results entered show it.

        None when neither says it yet (an event without a movement and no result of the team).

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.movements import round_robin
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Cup", 8, kind="teams", knockout=True),
        ...                            movement=round_robin(4, 8, 1))
        >>> store.match_opponent(event, "3")
        '2'
        """
        movement = self.movement(event_id)
        if movement is not None:
            return seated_opponent(movement, team)
        for stored in self.results(event_id):
            if team in (stored.ns, stored.ew):
                return stored.ew if team == stored.ns else stored.ns
        return None
