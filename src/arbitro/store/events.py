"""The events themselves, in the store: created, read, deleted, with their participants.

:class:`EventStore` adds the events to the store's transaction
(:class:`~arbitro.store.transactions.TransactionStore`): an event created with its
participants and movement once :func:`~arbitro.store.event_checks.event_to_create`
has checked them, read back as an :class:`~arbitro.store.event_rows.EventInfo`, and
deleted with everything recorded about it. The store's other records are the mixins
of their own modules, each an ``EventStore`` too (see :mod:`arbitro.store.store`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from sqlalchemy import Row, delete, func, select
from sqlalchemy.orm import Session

from arbitro.i18n import N_
from arbitro.store.errors import StoreNotFoundError
from arbitro.store.event_checks import event_to_create
from arbitro.store.event_rows import EventInfo, event_of_row
from arbitro.store.models import EventRow, ParticipantRow, SettingRow, TableLogRow
from arbitro.store.transactions import TransactionStore

if TYPE_CHECKING:
    from arbitro.tournament.event import EventSpec, Participant
    from arbitro.tournament.movements import Movement

_HIGHEST_EVENT_SETTING = "events.highest_deleted"
"""The setting that keeps the highest number of an event deleted (SQLite reuses numbers)."""


def _unused_event_number(db: Session) -> int | None:
    """The number a new event takes, or ``None`` to let the database give it.

    PostgreSQL's sequence never gives a number twice. SQLite gives the highest number
    in the table plus one, so an event created after the last one was deleted would
    take the deleted event's number: a server still running would take it for the old
    event (its movement, read once), and the deleted event's table cards would sign in
    to the new one. Past a deleted event's number, then.
    """
    if db.get_bind().dialect.name != "sqlite":
        return None
    kept = db.get(SettingRow, _HIGHEST_EVENT_SETTING)
    if kept is None:
        return None
    highest = db.execute(select(func.max(EventRow.id))).scalar() or 0
    return max(highest, int(kept.value)) + 1


def _remember_event_number(db: Session, event_id: int) -> None:
    """Keep ``event_id`` as the highest deleted event's number if it is (:func:`_unused_event_number`)."""
    kept = db.get(SettingRow, _HIGHEST_EVENT_SETTING)
    if kept is None:
        db.add(SettingRow(name=_HIGHEST_EVENT_SETTING, value=str(event_id)))
    elif int(kept.value) < event_id:
        kept.value = str(event_id)


class EventStore(TransactionStore):
    """The transaction and the events, in one database (see the module's description).

    The base of :class:`~arbitro.store.store.Store`: the transaction
    (:class:`~arbitro.store.transactions.TransactionStore`), the events and their
    participants. The store's other records are the mixins of their own modules
    (``console.py``, ``judgement.py``, ...), each an ``EventStore`` too, and ``Store``
    gathers them: every operation on the database is a method of the store.
    """

    # Events -------------------------------------------------------------------------

    def create_event(
        self,
        spec: EventSpec,
        participants: Sequence[Participant] = (),
        movement: Movement | None = None,
        carry_over: dict[str, Fraction] | None = None,
        held_on: date | None = None,
        bye_score: Fraction | None = None,
        *,
        players_checked: bool = True,
        site: str | None = None,
    ) -> int:
        """Create an event and its participants; with a movement, its pairs are the movement's.

        ``players_checked``: each participant names as many players as one of its kind
        of event has (:func:`~arbitro.tournament.event.check_players`, Law 4), as a
        director types them; an import keeps what the other program's file lists.

        The movement is stored whole: the event keeps the timetable it is played with;
        ``held_on`` is the day it is played, ``site`` where (an imported file's). A Swiss movement holds its first round and
        grows a round at a time (:meth:`pair_next_round`); a Swiss teams event keeps
        ``bye_score``, the victory points of a bye
        (:data:`~arbitro.tournament.movements.swiss.TEAMS_BYE_VP` when not given).

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.movements import mitchell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
        >>> sorted(p.number for p in store.participants(event))
        ['1EW', '1NS', '2EW', '2NS', '3EW', '3NS']
        """
        from arbitro.tournament.movements.model import movement_to_data

        checked = event_to_create(
            spec, participants, movement, carry_over, bye_score, players_checked=players_checked
        )
        timetable = checked.movement
        with self.transaction() as session:
            row = EventRow(
                name=spec.name,
                kind=spec.kind,
                method=spec.scoring,
                profile=spec.profile,
                boards=spec.boards,
                sessions=spec.sessions,
                movement=timetable.kind if timetable is not None else None,
                tables=timetable.tables if timetable is not None else None,
                boards_per_round=timetable.boards_per_round if timetable is not None else None,
                movement_data=(
                    json.dumps(movement_to_data(timetable)) if timetable is not None else None
                ),
                correction_minutes=spec.correction_minutes,
                appeal_minutes=spec.appeal_minutes,
                tie_breaks=",".join(spec.tie_breaks),
                held_on=held_on,
                site=site,
                bye_score=str(checked.bye_score) if checked.bye_score is not None else None,
            )
            unused = _unused_event_number(session)
            if unused is not None:
                row.id = unused
            session.add(row)
            session.flush()
            for participant in checked.participants:
                session.add(
                    ParticipantRow(
                        event_id=row.id,
                        number=participant.number,
                        players=participant.to_str(),
                        carry_over=str((carry_over or {}).get(participant.number, 0)),
                    )
                )
            return row.id

    def events(self) -> list[EventInfo]:
        """Every event, oldest first.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> _ = store.create_event(EventSpec("A", boards=1))
        >>> [event.spec.name for event in store.events()]
        ['A']
        """
        with self.reading() as session:
            return [
                self.info_of(row) for row in session.scalars(select(EventRow).order_by(EventRow.id))
            ]

    def event(self, event_id: int) -> EventInfo:
        """The event ``event_id``.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").event(7)
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreNotFoundError: there is no event 7
        """
        with self.reading() as session:
            return self.info_of(self._event_row(session, event_id))

    @staticmethod
    def _event_row(session: Session, event_id: int) -> EventRow:
        row = session.get(EventRow, event_id)
        if row is None:
            raise StoreNotFoundError(N_("there is no event {event}"), event=event_id)
        return row

    @staticmethod
    def info_of(row: EventRow | Row[Any]) -> EventInfo:
        """The event's settings and state as kept in its stored ``row`` (:func:`~arbitro.store.event_rows.event_of_row`)."""
        return event_of_row(row)

    def participants(self, event_id: int) -> list[Participant]:
        """The event's participants, in the order they were created.

        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1), [Participant.from_str("1: Ana #77, Luis")])
        >>> store.participants(event)
        [Participant.from_str('1: Ana #77, Luis')]
        """
        from arbitro.tournament.event import Participant

        with self.reading() as session:
            self._event_row(session, event_id)
            rows = session.scalars(
                select(ParticipantRow)
                .where(ParticipantRow.event_id == event_id)
                .order_by(ParticipantRow.id)
            )
            return [Participant.from_str(row.players) for row in rows]

    def movement(self, event_id: int) -> Movement | None:
        """The event's movement, if it was set up with one.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.movements import mitchell
        >>> store = open_store("sqlite:///:memory:")
        >>> store.movement(store.create_event(EventSpec("A", boards=6), movement=mitchell(3, 2))) == mitchell(3, 2)
        True
        """
        return self.event(event_id).timetable

    def delete_event(self, event_id: int) -> None:
        """Remove an event and everything recorded about it (its table logs too).

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=1))
        >>> store.delete_event(event); store.events()
        []
        """
        with self.transaction() as db:
            self._event_row(db, event_id)
            # Table logs name their event without a foreign key (a bare board has none).
            db.execute(delete(TableLogRow).where(TableLogRow.event == event_id))
            db.execute(delete(EventRow).where(EventRow.id == event_id))
            _remember_event_number(db, event_id)
