"""The register of psychic calls per pair, across events (``psychic_calls``; AEB section C).

A pair is the same pair in another event when its players are: their federation
numbers, or their names when a player has none (:func:`pair_key`). An event that lists
no players keeps its pair's register within the event.

>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec, Participant
>>> from arbitro.tournament.psychics import PsychicKind, PsychicRecord
>>> store = open_store("sqlite:///:memory:")
>>> one = store.create_event(EventSpec("Monday", boards=8), [Participant.from_str("1: Ana #7, Luis #8")])
>>> two = store.create_event(EventSpec("Tuesday", boards=8), [Participant.from_str("5: Luis #8, Ana #7")])
>>> store.record_psychic(one, PsychicRecord("1", 1, 3, 2, ("2H",), PsychicKind.PSYCHIC))
1
>>> [record.event_name for record in store.pair_register(two, "5")]
['Monday']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import or_, select

from arbitro.i18n import N_
from arbitro.store.models import EventRow, PsychicCallRow
from arbitro.store.repository import EventStore, StoreError

if TYPE_CHECKING:
    from arbitro.tournament.event import Participant
    from arbitro.tournament.psychics import PsychicRecord

__all__ = ["PsychicRecords", "pair_key"]


def pair_key(participant: Participant) -> str:
    """The pair across events: its players' federation numbers (or names), sorted.

    >>> from arbitro.tournament.event import Participant
    >>> pair_key(Participant.from_str("3: Luis Pérez, Ana García #12"))
    '#12|luis pérez'
    >>> pair_key(Participant("3"))
    ''
    """
    return "|".join(
        sorted(
            f"#{player.federation_number}"
            if player.federation_number
            else " ".join(player.name.casefold().split())
            for player in participant.players
        )
    )


class PsychicRecords(EventStore):
    """The register of psychic calls, per pair across events."""

    def _participant(self, event_id: int, pair: str) -> Participant:
        from arbitro.tournament.event import Participant, WrittenPairs

        participants = self.participants(event_id)
        found = next((p for p in participants if p.number == pair), None)
        if found is None and participants:
            raise StoreError(
                N_("there is no pair {pair} in this event (the pairs are {pairs})"),
                pair=WrittenPairs((pair,)),
                pairs=WrittenPairs(tuple(p.number for p in participants)),
            )
        return found or Participant(pair)

    def record_psychic(self, event_id: int, record: PsychicRecord) -> int:
        """Add ``record`` to the register; its number.

        >>> from arbitro.tournament.event import Participant
        >>> from arbitro.tournament.psychics import PsychicKind, PsychicRecord
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=8), [Participant("1")])
        >>> store.record_psychic(event, PsychicRecord("9", 1, 3, 2, ("2H",), PsychicKind.PSYCHIC))
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: there is no pair 9 in this event (the pairs are 1)
        """
        participant = self._participant(event_id, record.pair)
        with self.transaction() as db:
            row = PsychicCallRow(
                event_id=event_id,
                pair=record.pair,
                pair_key=pair_key(participant),
                session=record.session,
                board=record.board,
                table_number=record.table,
                auction=" ".join(record.auction),
                kind=record.kind.value,
                fielded=record.fielded,
                implicit_agreement=record.implicit_agreement,
                criterion=record.criterion,
                note=record.note,
                director=record.director,
            )
            db.add(row)
            db.flush()
            return row.id

    def pair_register(self, event_id: int, pair: str) -> list[PsychicRecord]:
        """The pair's register: its psychics in every event its players played, oldest first.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.pair_register(store.create_event(EventSpec("Club", boards=8)), "1")
        []
        """
        from arbitro.tournament.psychics import PsychicKind, PsychicRecord

        self.event(event_id)
        key = pair_key(self._participant(event_id, pair))
        here = (PsychicCallRow.event_id == event_id) & (PsychicCallRow.pair == pair)
        condition = or_(here, PsychicCallRow.pair_key == key) if key else here
        with self.reading() as db:
            rows = db.execute(
                select(PsychicCallRow, EventRow.name)
                .join(EventRow, EventRow.id == PsychicCallRow.event_id)
                .where(condition)
                .order_by(PsychicCallRow.recorded_at, PsychicCallRow.id)
            ).all()
        return [
            PsychicRecord(
                row.pair,
                row.session,
                row.board,
                row.table_number,
                tuple(row.auction.split()),
                PsychicKind.read(row.kind),
                row.fielded,
                row.implicit_agreement,
                row.criterion,
                row.note,
                row.director,
                row.event_id,
                row.id,
                name,
            )
            for row, name in rows
        ]
