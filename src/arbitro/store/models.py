"""The tables Árbitro keeps an event in (SQLAlchemy 2 declarative models).

The schema is created and changed only by the Alembic migrations in
``arbitro/store/migrations``; these models must match them (a test compares the two).
Times are stored in UTC. A result row is the current entry of one board at one
table; every change to it adds an :class:`AuditRow` (who, when, old and new value,
reason) in the same transaction.

>>> sorted(Base.metadata.tables)
['appeals', 'audit', 'directors', 'event_log', 'events', 'participants', 'penalties', 'results', 'rounds', 'rulings', 'settings']
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    """The current time in UTC (the store's clock).

    >>> utcnow().tzinfo is not None
    True
    """
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """The declarative base of Árbitro's tables."""


class EventRow(Base):
    """An event: its settings, the movement of its sessions, the official results' time."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(20))
    method: Mapped[str] = mapped_column(String(20))
    profile: Mapped[str] = mapped_column(String(20))
    boards: Mapped[int] = mapped_column(Integer)
    sessions: Mapped[int] = mapped_column(Integer, default=1)
    movement: Mapped[str | None] = mapped_column(String(20), nullable=True)
    tables: Mapped[int | None] = mapped_column(Integer, nullable=True)
    boards_per_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    movement_data: Mapped[str | None] = mapped_column(Text, nullable=True)
    correction_minutes: Mapped[int] = mapped_column(Integer, default=30)
    appeal_minutes: Mapped[int] = mapped_column(Integer, default=30)
    tie_breaks: Mapped[str] = mapped_column(String(100), default="")
    published_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    reopened: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ParticipantRow(Base):
    """A pair, team or player of an event, with its players and federation numbers."""

    __tablename__ = "participants"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    number: Mapped[str] = mapped_column(String(20))
    players: Mapped[str] = mapped_column(Text, default="")
    carry_over: Mapped[str] = mapped_column(String(40), default="0")


class ResultRow(Base):
    """The current entry of one board at one table of a session."""

    __tablename__ = "results"
    __table_args__ = (UniqueConstraint("event_id", "session", "board", "table_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    session: Mapped[int] = mapped_column(Integer, default=1)
    round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    table_number: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    ns: Mapped[str] = mapped_column(String(20))
    ew: Mapped[str] = mapped_column(String(20))
    entry: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, default=1)
    entered_by: Mapped[str] = mapped_column(String(100), default="")
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AuditRow(Base):
    """One change to a result: who, when, the old and new entries, and why."""

    __tablename__ = "audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    result_id: Mapped[int] = mapped_column(ForeignKey("results.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    by: Mapped[str] = mapped_column(String(100), default="")
    action: Mapped[str] = mapped_column(String(20))
    old: Mapped[str | None] = mapped_column(Text, nullable=True)
    new: Mapped[str] = mapped_column(Text)
    reason: Mapped[str] = mapped_column(Text, default="")


class EventLogRow(Base):
    """What the director did to the event as a whole: publish, reopen (Law 79C)."""

    __tablename__ = "event_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    by: Mapped[str] = mapped_column(String(100), default="")
    action: Mapped[str] = mapped_column(String(20))
    reason: Mapped[str] = mapped_column(Text, default="")


class RulingRow(Base):
    """A ruling attached to a board (and table), with the table's log when there is one."""

    __tablename__ = "rulings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    session: Mapped[int] = mapped_column(Integer, default=1)
    board: Mapped[int] = mapped_column(Integer)
    table_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    law: Mapped[str] = mapped_column(String(20))
    text: Mapped[str] = mapped_column(Text)
    director: Mapped[str] = mapped_column(String(100), default="")
    log: Mapped[str | None] = mapped_column(Text, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PenaltyRow(Base):
    """A procedural (Law 90) or disciplinary (Law 91) penalty on one participant."""

    __tablename__ = "penalties"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    session: Mapped[int] = mapped_column(Integer, default=1)
    participant: Mapped[str] = mapped_column(String(20))
    kind: Mapped[str] = mapped_column(String(20))
    amount: Mapped[str] = mapped_column(String(40))
    unit: Mapped[str] = mapped_column(String(10))
    law: Mapped[str] = mapped_column(String(20))
    reason: Mapped[str] = mapped_column(Text, default="")
    board: Mapped[int | None] = mapped_column(Integer, nullable=True)
    director: Mapped[str] = mapped_column(String(100), default="")
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AppealRow(Base):
    """An appeal (Laws 92-93): who, against which ruling, when, the deadline and the decision."""

    __tablename__ = "appeals"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    ruling_id: Mapped[int | None] = mapped_column(
        ForeignKey("rulings.id", ondelete="SET NULL"), nullable=True
    )
    appellant: Mapped[str] = mapped_column(String(20))
    reason: Mapped[str] = mapped_column(Text, default="")
    lodged_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    decision: Mapped[str | None] = mapped_column(String(20), nullable=True)
    decided_by: Mapped[str] = mapped_column(String(100), default="")
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class DirectorRow(Base):
    """A director's account for the web console; only the password's Argon2 hash is kept."""

    __tablename__ = "directors"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SettingRow(Base):
    """One setting of the installation (the web console's signing key, ...)."""

    __tablename__ = "settings"

    name: Mapped[str] = mapped_column(String(100), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class RoundRow(Base):
    """A round the director has opened for score entry at the tables, and when it closed."""

    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("event_id", "session", "round"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    session: Mapped[int] = mapped_column(Integer)
    round: Mapped[int] = mapped_column(Integer)
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
