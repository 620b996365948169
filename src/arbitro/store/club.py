"""What a club keeps from one event to the next: its member list; archiving or deleting events.

Each function is one transaction on a :class:`~arbitro.store.repository.Store`.

A member is a name and, when known, a federation number. The AEB's licence number
format is not written in the sources Árbitro is built on, so :func:`federation_number`
checks what any federation number must be to be written in ``NAME #NUMBER``: 1 to 20
letters, digits or hyphens, no spaces; and a number belongs to one member only.

>>> from arbitro.store import open_store
>>> store = open_store("sqlite:///:memory:")
>>> store.add_member("Ana García", "12345")
1
>>> [member.to_str() for member in store.members("gar")]
['Ana García #12345']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from sqlalchemy import func, or_, select
from sqlalchemy.exc import IntegrityError

from arbitro.i18n import N_
from arbitro.store.models import EventRow, MemberRow, ResultRow
from arbitro.store.repository import EventStore, StoreConflictError, StoreError, StoreNotFoundError

if TYPE_CHECKING:
    from collections.abc import Collection

    from arbitro.tournament.event import Player

NAME_LENGTH = 100
"""The longest member's name kept."""
FEDERATION_NUMBER = re.compile(r"[0-9A-Za-z][0-9A-Za-z-]{0,19}")
"""What a federation number may be: letters, digits and hyphens, 1 to 20 characters."""


@dataclass(frozen=True)
class Member:
    """A player of the club's member list.

    >>> Member(3, "Luis Pérez", None).to_str()
    'Luis Pérez'
    """

    id: int
    name: str
    federation_number: str | None

    @property
    def player(self) -> Player:
        """The member as an event's player (:class:`~arbitro.tournament.event.Player`).

        >>> Member(1, "Ana", "77").player
        Player(name='Ana', federation_number='77')
        """
        from arbitro.tournament.event import Player

        return Player(self.name, self.federation_number)

    def to_str(self) -> str:
        """The member as an event's players are written: ``NAME`` or ``NAME #NUMBER``.

        >>> Member(1, "Ana", "77").to_str()
        'Ana #77'
        """
        return self.player.to_str()


def federation_number(text: str) -> str | None:
    """``text`` as a federation number (``None`` when empty), or a refusal saying why.

    >>> federation_number(" 12345 "), federation_number("")
    ('12345', None)
    >>> federation_number("12 345")
    Traceback (most recent call last):
    ...
    arbitro.store.errors.StoreError: the federation number '12 345' is not valid: expected 1 to 20 letters, digits or hyphens, as in 12345
    """
    number = text.strip()
    if not number:
        return None
    if FEDERATION_NUMBER.fullmatch(number) is None:
        raise StoreError(
            N_(
                "the federation number '{number}' is not valid: expected 1 to 20 letters, "
                "digits or hyphens, as in 12345"
            ),
            number=number,
        )
    return number


def _member_name(text: str) -> str:
    name = " ".join(text.split())
    if not name or len(name) > NAME_LENGTH or any(mark in name for mark in "#,:"):
        raise StoreError(
            N_(
                "a member's name must have 1 to {length} characters, without '#', ',' or ':' "
                "(they separate the players of a pair)"
            ),
            length=NAME_LENGTH,
        )
    return name


class ClubRecords(EventStore):
    """The club's member list, and archiving an event."""

    def add_member(self, name: str, number: str = "") -> int:
        """Add a member to the club's list; their id. A federation number is one member's only.

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.add_member("Ana", "77")
        1
        >>> store.add_member("Eva", "77")
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreConflictError: the federation number 77 is already Ana's
        """
        checked_name, checked_number = _member_name(name), federation_number(number)
        with self.transaction() as db:
            if checked_number is not None:
                holder = db.scalar(
                    select(MemberRow.name).where(MemberRow.federation_number == checked_number)
                )
                if holder is not None:
                    raise StoreConflictError(
                        N_("the federation number {number} is already {name}'s"),
                        number=checked_number,
                        name=holder,
                    )
            row = MemberRow(
                name=checked_name, federation_number=checked_number, created_at=datetime.now(UTC)
            )
            db.add(row)
            try:
                db.flush()
            except IntegrityError:  # another request gave the number in between
                raise StoreConflictError(
                    N_("the federation number {number} is already in the member list"),
                    number=checked_number,
                ) from None
            return row.id

    def members(self, search: str = "", limit: int = 200) -> list[Member]:
        """The club's members by name; with ``search``, those whose name or number contains it.

        The search ignores case (and accents the database knows as such).

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> _ = store.add_member("Luis Pérez"), store.add_member("Ana García", "12")
        >>> [member.name for member in store.members()], [m.name for m in store.members("12")]
        (['Ana García', 'Luis Pérez'], ['Ana García'])
        """
        query = select(MemberRow).order_by(func.lower(MemberRow.name), MemberRow.id).limit(limit)
        words = search.split()
        for word in words:
            pattern = "%" + word.lower().replace("\\", "\\\\").replace("%", r"\%") + "%"
            pattern = pattern.replace("_", r"\_")
            query = query.where(
                or_(
                    func.lower(MemberRow.name).like(pattern, escape="\\"),
                    func.lower(func.coalesce(MemberRow.federation_number, "")).like(
                        pattern, escape="\\"
                    ),
                )
            )
        with self.reading() as db:
            return [Member(row.id, row.name, row.federation_number) for row in db.scalars(query)]

    def remove_member(self, member: int) -> None:
        """Take a member off the list (the events they played keep their names).

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").remove_member(4)
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreNotFoundError: there is no member 4
        """
        with self.transaction() as db:
            row = db.get(MemberRow, member)
            if row is None:
                raise StoreNotFoundError(N_("there is no member {member}"), member=member)
            db.delete(row)

    def archive_event(self, event: int, archived: bool = True) -> None:
        """Archive an event (it leaves the desk's list of events; its pages stay), or bring it back.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Martes", boards=2))
        >>> store.archive_event(event); store.event(event).archived is not None
        True
        """
        with self.transaction() as db:
            row = db.get(EventRow, event)
            if row is None:
                raise StoreNotFoundError(N_("there is no event {event}"), event=event)
            row.archived_at = datetime.now(UTC) if archived else None

    def first_results(self, events: Collection[int] | None = None) -> dict[int, datetime]:
        """When the first result of each event that has one was entered (UTC), by event.

        ``events`` limits it to those events (one event's page reads its own).

        The day an event was played, for an event created without its date: the public
        list of events tells two Tuesdays' events of the same name apart by it. A result
        corrected later keeps the time it was first entered.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Martes", boards=1), [Participant("1"), Participant("2")])
        >>> _ = store.create_event(EventSpec("Jueves", boards=1))
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("Pass"), ns="1", ew="2")
        >>> list(store.first_results()) == [event], store.first_results([event + 1])
        (True, {})
        """
        query = select(ResultRow.event_id, func.min(ResultRow.entered_at))
        if events is not None:
            query = query.where(ResultRow.event_id.in_(events))
        with self.reading() as db:
            rows = db.execute(query.group_by(ResultRow.event_id)).all()
        return {
            event: moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
            for event, moment in rows
        }
