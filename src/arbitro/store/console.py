"""What the web console keeps besides events: director accounts, its signing key, open rounds.

Each function is one transaction on a :class:`~arbitro.store.repository.Store`.
Passwords arrive here already hashed (the web console hashes them with Argon2).

>>> from arbitro.store import open_store
>>> store = open_store("sqlite:///:memory:")
>>> store.add_director("ana", "$argon2id$...")
>>> store.director_names(), store.password_hash("ana")
(['ana'], '$argon2id$...')
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from arbitro.i18n import N_
from arbitro.store.first_reads import SECRET_SETTING, SESSIONS_SETTING
from arbitro.store.models import (
    DirectorRow,
    EventLogRow,
    EventRow,
    ParticipantRow,
    ResultRow,
    RoundRow,
    SettingRow,
)
from arbitro.store.repository import (
    EventStore,
    StoreConflictError,
    StoreError,
    StoreNotFoundError,
    check_participant,
)

if TYPE_CHECKING:
    from arbitro.tournament.event import Participant


@dataclass(frozen=True)
class RoundState:
    """A round of an event's session as the director set it: open for entry, or closed.

    >>> RoundState(1, 3, datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 1, 1, 1, tzinfo=UTC)).is_open
    False
    """

    session: int
    round: int
    opened: datetime
    closed: datetime | None

    @property
    def is_open(self) -> bool:
        """Whether tables may enter results of this round.

        >>> RoundState(1, 2, datetime(2026, 1, 1, tzinfo=UTC), None).is_open
        True
        """
        return self.closed is None


def session_now(
    sessions: int, rounds: int, states: list[RoundState], asked: int | None = None
) -> int:
    """The event's current session: the one ``asked`` for, else the one with a round open, else the first not over.

    A session is over when each of its ``rounds`` was opened and is closed (an event
    without a movement has none to open: every session is); when every session is, the
    last. An event of one session has only session 1. The desk shows this session's
    rounds (:meth:`ConsoleRecords.current_session` is the event's current session).

    >>> now = datetime(2026, 1, 1, tzinfo=UTC)
    >>> session_now(2, 2, [RoundState(1, 1, now, now), RoundState(1, 2, now, now)])
    2
    >>> session_now(2, 2, [RoundState(1, 1, now, None)]), session_now(2, 2, [], asked=2)
    (1, 2)
    >>> session_now(1, 2, [], asked=3), session_now(3, 0, [])
    (1, 3)
    """
    if asked is not None and 1 <= asked <= sessions:
        return asked
    open_now = [state.session for state in states if state.is_open and state.session <= sessions]
    if open_now:
        return max(open_now)
    for number in range(1, sessions + 1):
        closed = {state.round for state in states if state.session == number and not state.is_open}
        if not closed >= set(range(1, rounds + 1)):
            return number
    return sessions


def _check_round(db: Session, event_id: int, round_number: int, session: int = 1) -> None:
    from arbitro.tournament.movements.model import movement_from_data

    event = db.get(EventRow, event_id)
    if event is None:
        raise StoreNotFoundError(N_("there is no event {event}"), event=event_id)
    if event.movement_data is None:
        raise StoreError(N_("event {event} has no movement, so it has no rounds"), event=event_id)
    if not 1 <= session <= event.sessions:
        raise StoreError(
            N_("session {session} is not in the event (expected 1 to {sessions})"),
            session=session,
            sessions=event.sessions,
        )
    rounds = movement_from_data(json.loads(event.movement_data)).rounds
    if not 1 <= round_number <= rounds:
        raise StoreError(
            N_("round {round} is not in the movement (expected 1 to {rounds})"),
            round=round_number,
            rounds=rounds,
        )


@dataclass(frozen=True)
class LogEntry:
    """What a director did to an event as a whole: when, who, what, and the detail.

    >>> LogEntry(datetime(2026, 1, 1, tzinfo=UTC), "ana", "open-round", "2").detail
    '2'
    """

    at: datetime
    by: str
    action: str
    detail: str


def _worded(action: str, detail: str) -> str:
    """A log entry's detail as the reader sees it: an act of Laws 4, 90, 91, 92 or 93 in the active language."""
    from arbitro.tournament.appeal_log import worded_appeal_entry
    from arbitro.tournament.directing import ACTS, worded_act
    from arbitro.tournament.penalty_log import PENALTY_ACTIONS, worded_penalty_entry

    if action in ("appeal", "decision"):  # an appeal and its decision (92, 93), kept as data
        return worded_appeal_entry(action, detail)
    if action in PENALTY_ACTIONS:  # a penalty (90, 91): its amount, Law and board worded
        return worded_penalty_entry(action, detail)
    if action not in ACTS:
        return detail
    participant, colon, act = detail.partition(": ")
    return f"{participant}: {worded_act(act)}" if colon else detail


ROUND_OPEN = RoundRow.closed_at.is_(None)
"""A round open now: opened and not closed (every reader of the open rounds uses it)."""


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def round_detail(round_number: int, session: int = 1) -> str:
    """How the event's log names a round: its number, ``session.round`` after session 1.

    >>> round_detail(3), round_detail(3, session=2)
    ('3', '2.3')
    """
    return str(round_number) if session == 1 else f"{session}.{round_number}"


class ConsoleRecords(EventStore):
    """The web console's records: director accounts, the signing key, rounds and the event's log."""

    def add_director(self, name: str, hashed: str) -> None:
        """Create the director account ``name`` with the password hash ``hashed``.

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.add_director("ana", "h"); store.add_director("ana", "h")
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreConflictError: there is already a director called 'ana'
        """
        name = name.strip()
        if not name or len(name) > 100:
            raise StoreError(N_("a director's name must have 1 to 100 characters"))
        try:
            with self.transaction() as db:
                db.add(DirectorRow(name=name, password_hash=hashed, created_at=datetime.now(UTC)))
        except IntegrityError:
            raise StoreConflictError(
                N_("there is already a director called '{name}'"), name=name
            ) from None

    def add_first_director(self, name: str, hashed: str) -> bool:
        """Create director ``name`` if there is no director yet (the first-run page); True if made.

        The check and the creation are one writing transaction, so however many first-run
        forms are sent at once, one director is made and the others are told there is one.

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.add_first_director("ana", "h"), store.add_first_director("eva", "h")
        (True, False)
        >>> store.director_names()
        ['ana']
        """
        with self.transaction():
            if self.director_names():
                return False
            self.add_director(name, hashed)
            return True

    def director_names(self) -> list[str]:
        """The names of the director accounts, oldest first.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").director_names()
        []
        """
        with self.reading() as db:
            return list(db.scalars(select(DirectorRow.name).order_by(DirectorRow.id)))

    def password_hash(self, name: str) -> str | None:
        """The stored password hash of director ``name``, or None if there is no such director.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").password_hash("nobody") is None
        True
        """
        with self.reading() as db:
            return db.scalar(select(DirectorRow.password_hash).where(DirectorRow.name == name))

    def set_password_hash(self, name: str, hashed: str) -> None:
        """Replace director ``name``'s password hash (after a rehash with newer parameters).

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.add_director("ana", "old"); store.set_password_hash("ana", "new")
        >>> store.password_hash("ana")
        'new'
        """
        with self.transaction() as db:
            row = db.scalar(select(DirectorRow).where(DirectorRow.name == name))
            if row is not None:
                row.password_hash = hashed

    def session_epoch(self, name: str) -> str | None:
        """The token director ``name``'s sessions carry while they are valid, if one was made.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").session_epoch("ana") is None
        True
        """
        with self.reading() as db:
            row = db.get(SettingRow, SESSIONS_SETTING.format(name=name))
            return None if row is None else row.value

    def start_session_epoch(self, name: str) -> str:
        """The token of director ``name``'s sessions, made on the first sign-in.

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.start_session_epoch("ana") == store.start_session_epoch("ana") == store.session_epoch("ana")
        True
        """
        with self.transaction() as db:
            key = SESSIONS_SETTING.format(name=name)
            row = db.get(SettingRow, key)
            if row is None:
                row = SettingRow(name=key, value=secrets.token_urlsafe(16))
                db.add(row)
            return row.value

    def revoke_sessions(self, name: str) -> None:
        """End every session of director ``name`` on the server: their cookies no longer sign in.

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> before = store.start_session_epoch("ana"); store.revoke_sessions("ana")
        >>> store.session_epoch("ana") != before
        True
        """
        with self.transaction() as db:
            key = SESSIONS_SETTING.format(name=name)
            row = db.get(SettingRow, key)
            if row is None:
                db.add(SettingRow(name=key, value=secrets.token_urlsafe(16)))
            else:
                row.value = secrets.token_urlsafe(16)

    def change_password(self, name: str, hashed: str) -> None:
        """Give director ``name`` a new password (its hash) and end every session they had.

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.change_password("nobody", "h")
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: there is no director called 'nobody'
        """
        with self.transaction() as db:
            row = db.scalar(select(DirectorRow).where(DirectorRow.name == name))
            if row is None:
                raise StoreError(N_("there is no director called '{name}'"), name=name)
            row.password_hash = hashed
            self.revoke_sessions(name)  # in the same transaction: both or neither

    def secret_key(self) -> str:
        """The installation's signing key for session cookies and table codes, made on first use.

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> store.secret_key() == store.secret_key(), len(store.secret_key())
        (True, 64)
        """
        with self.transaction() as db:
            row = db.get(SettingRow, SECRET_SETTING)
            if row is None:
                row = SettingRow(name=SECRET_SETTING, value=secrets.token_hex(32))
                db.add(row)
            return row.value

    def open_round(
        self, event_id: int, round_number: int, session: int = 1, by: str = ""
    ) -> RoundState:
        """Open a round of ``session`` for entry at the tables (again, if it was closed); kept in the log.

        The tables enter one session at a time: a round of another session still open is
        refused (its tables would not know which session they play), until the director
        closes it. Rounds of the same session may be open together.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import howell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=14), movement=howell(4, 2))
        >>> store.open_round(event, 1).is_open
        True
        >>> store.open_round(event, 9)
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: round 9 is not in the movement (expected 1 to 7)
        >>> store.open_round(event, 1, session=2)
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: session 2 is not in the event (expected 1 to 1)
        """
        with self.transaction() as db:
            _check_round(db, event_id, round_number, session)
            other = db.scalars(
                select(RoundRow)
                .where(RoundRow.event_id == event_id, RoundRow.session != session, ROUND_OPEN)
                .order_by(RoundRow.session, RoundRow.round)
            ).first()
            if other is not None:
                raise StoreConflictError(
                    N_(
                        "round {open} of session {open_session} is still open: close it "
                        "before opening a round of session {session}"
                    ),
                    open=other.round,
                    open_session=other.session,
                    session=session,
                )
            row = db.scalar(
                select(RoundRow).where(
                    RoundRow.event_id == event_id,
                    RoundRow.session == session,
                    RoundRow.round == round_number,
                )
            )
            now = datetime.now(UTC)
            if row is None:
                row = RoundRow(
                    event_id=event_id, session=session, round=round_number, opened_at=now
                )
                db.add(row)
            else:
                row.closed_at = None
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=now,
                    by=by,
                    action="open-round",
                    reason=round_detail(round_number, session),
                )
            )
            return RoundState(session, round_number, _utc(row.opened_at), None)

    def close_round(self, event_id: int, round_number: int, session: int = 1, by: str = "") -> None:
        """Close a round of ``session``: the tables can no longer enter or change its results; logged.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import howell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=14), movement=howell(4, 2))
        >>> _ = store.open_round(event, 1); store.close_round(event, 1)
        >>> store.rounds(event)[0].is_open
        False
        """
        with self.transaction() as db:
            _check_round(db, event_id, round_number, session)
            row = db.scalar(
                select(RoundRow).where(
                    RoundRow.event_id == event_id,
                    RoundRow.session == session,
                    RoundRow.round == round_number,
                )
            )
            if row is None:
                raise StoreError(N_("round {round} was never opened"), round=round_number)
            row.closed_at = datetime.now(UTC)
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=row.closed_at,
                    by=by,
                    action="close-round",
                    reason=round_detail(round_number, session),
                )
            )

    def event_log(self, event_id: int) -> list[LogEntry]:
        """The event's log: rounds, publication, reopening (79C), penalties, appeals (90-93), oldest first.

        The director's acts on a participant (Laws 4, 91) are worded in the active
        language, whatever the language they were recorded in: call it in the reader's.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import howell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=14), movement=howell(4, 2))
        >>> _ = store.open_round(event, 1, by="ana"); store.close_round(event, 1, by="ana")
        >>> [(entry.by, entry.action, entry.detail) for entry in store.event_log(event)]
        [('ana', 'open-round', '1'), ('ana', 'close-round', '1')]
        """
        with self.reading() as db:
            rows = db.scalars(
                select(EventLogRow)
                .where(EventLogRow.event_id == event_id)
                .order_by(EventLogRow.at, EventLogRow.id)
            )
            return [
                LogEntry(_utc(row.at), row.by, row.action, _worded(row.action, row.reason))
                for row in rows
            ]

    def rounds(self, event_id: int) -> list[RoundState]:
        """The rounds of an event that were ever opened, in order.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.rounds(store.create_event(EventSpec("A", boards=1)))
        []
        """
        with self.reading() as db:
            rows = db.scalars(
                select(RoundRow)
                .where(RoundRow.event_id == event_id)
                .order_by(RoundRow.session, RoundRow.round)
            )
            return [
                RoundState(
                    row.session,
                    row.round,
                    _utc(row.opened_at),
                    _utc(row.closed_at) if row.closed_at is not None else None,
                )
                for row in rows
            ]

    def current_session(self, event_id: int) -> int:
        """The event's current session, where a penalty given without its session goes.

        With a movement, the one its rounds opened and closed say (:func:`session_now`,
        the session the desk shows); without one, there are no rounds to tell it: the
        last session with a result, else the first.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> store = open_store("sqlite:///:memory:")
        >>> pairs = [Participant("1"), Participant("2")]
        >>> event = store.create_event(EventSpec("A", boards=1, sessions=2), pairs)
        >>> store.current_session(event)
        1
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("3NT N 9"), "1", "2", session=2)
        >>> store.current_session(event)
        2
        """
        info = self.event(event_id)
        if info.timetable is not None:
            return session_now(info.spec.sessions, info.timetable.rounds, self.rounds(event_id))
        with self.reading() as db:
            last = db.scalar(
                select(func.max(ResultRow.session)).where(ResultRow.event_id == event_id)
            )
        return min(last or 1, info.spec.sessions)

    def is_round_open(self, event_id: int, round_number: int, session: int = 1) -> bool:
        """Whether the tables may enter results of ``round_number`` now.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").is_round_open(1, 1)
        False
        """
        return any(
            state.is_open and state.round == round_number and state.session == session
            for state in self.rounds(event_id)
        )

    def set_players(self, event_id: int, number: str, players: str, by: str = "") -> Participant:
        """Name the players of participant ``number`` (``NAME #FEDERATION, NAME``; empty: none).

        The change is kept in the event's log with the new names.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import howell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=14), movement=howell(4, 2))
        >>> store.set_players(event, "3", "Ana García #77, Luis Pérez")
        Participant.from_str('3: Ana García #77, Luis Pérez')
        >>> store.set_players(event, "3", "Ana, Luis, Eva")
        Traceback (most recent call last):
        ...
        arbitro.tournament.event.InvalidParticipantError: invalid participant '3: Ana, Luis, Eva': a pair is two players, not 3 (one name or two, or none)
        >>> store.set_players(event, "9", "Eva")
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: '9' is not a participant of the event (expected 1, 2, 3, 4, 5, 6, 7, 8)
        """
        from arbitro.tournament.event import Participant, check_players

        participant = Participant.from_str(f"{number}: {players}")
        with self.transaction() as db:
            event = db.get(EventRow, event_id)
            if event is None:
                raise StoreNotFoundError(N_("there is no event {event}"), event=event_id)
            rows = list(
                db.scalars(select(ParticipantRow).where(ParticipantRow.event_id == event_id))
            )
            check_participant(participant.number, sorted(row.number for row in rows))
            check_players(participant, event.kind)  # a pair two players, a team four to six
            row = next(row for row in rows if row.number == participant.number)
            row.players = participant.to_str()
            db.add(
                EventLogRow(
                    event_id=event_id,
                    at=datetime.now(UTC),
                    by=by,
                    action="players",
                    reason=participant.to_str(),
                )
            )
        return participant
