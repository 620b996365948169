"""The tables Árbitro keeps an event in (SQLAlchemy 2 declarative models).

The schema is created and changed only by the Alembic migrations in
``arbitro/store/migrations``; these models must match them (a test compares the two).
Times are stored in UTC. A result row is the current entry of one board at one
table; every change to it adds an :class:`AuditRow` (who, when, old and new value,
reason) in the same transaction.

>>> sorted(Base.metadata.tables)
['analyses', 'appeals', 'audit', 'board_markings', 'convention_cards', 'deals', 'directors', 'event_levels', 'event_log', 'events', 'members', 'open_cases', 'participants', 'penalties', 'pending_entries', 'poll_answers', 'poll_considered', 'polls', 'psychic_calls', 'results', 'rounds', 'rulings', 'settings', 'sign_in_failures', 'table_logs', 'worksheet_answers', 'worksheet_facts', 'worksheet_scores', 'worksheets']
"""

# No ``from __future__ import annotations`` here: SQLAlchemy reads each ``Mapped[...]``
# annotation, and evaluating them as strings cost a quarter of this module's import,
# which every start of ``arbitro serve`` pays (issue 26).
from datetime import UTC, date, datetime

from sqlalchemy import (
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
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
    reopened_boards: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The boards a reopening (Law 79C2) is for, as ``6,9``; NULL with ``reopened``: every board."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    held_on: Mapped[date | None] = mapped_column(Date, nullable=True)
    site: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """Where the event was played, as an imported file names it (a PBN ``Site``); else NULL."""
    archived_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    bye_score: Mapped[str | None] = mapped_column(Text, nullable=True)
    """A Swiss teams event's victory points for a bye, as ``12``; NULL for other events."""
    penalties_given: Mapped[int] = mapped_column(Integer, server_default="0")
    """How many penalties the event has given: the next one is numbered one more (never reused)."""


class MemberRow(Base):
    """A player of the club's member list: the name, and the federation number if known."""

    __tablename__ = "members"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    federation_number: Mapped[str | None] = mapped_column(String(20), nullable=True, unique=True)
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
    """What the director did to the event: rounds, publish, reopen (79C), penalties, appeals."""

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
    __table_args__ = (Index("ix_penalties_event_number", "event_id", "number", unique=True),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    """The penalty's number in its event: 1, 2, 3 in the order given, never reused."""
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


class DealRow(Base):
    """The deal of one board of an event (PBN ``N:`` notation), for the hand records."""

    __tablename__ = "deals"
    __table_args__ = (UniqueConstraint("event_id", "board"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    board: Mapped[int] = mapped_column(Integer)
    deal: Mapped[str] = mapped_column(String(80))


class BoardMarkingRow(Base):
    """A board of an event marked otherwise than Law 2 says: its dealer and vulnerability."""

    __tablename__ = "board_markings"
    __table_args__ = (UniqueConstraint("event_id", "board"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    board: Mapped[int] = mapped_column(Integer)
    dealer: Mapped[str] = mapped_column(String(1))
    vulnerability: Mapped[str] = mapped_column(String(4))


class AnalysisRow(Base):
    """The double-dummy table and par of one board of an event, for the deal it was made of.

    ``tricks`` is :meth:`~arbitro.analysis.tables.DoubleDummyTable.to_str`; ``par_contracts``
    each par contract as ``4SX N -1``, separated by ``;`` (empty when par is a pass-out).
    """

    __tablename__ = "analyses"
    __table_args__ = (UniqueConstraint("event_id", "board"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    board: Mapped[int] = mapped_column(Integer)
    deal: Mapped[str] = mapped_column(String(80))
    tricks: Mapped[str] = mapped_column(String(40))
    par_score: Mapped[int] = mapped_column(Integer)
    par_contracts: Mapped[str] = mapped_column(Text)


class PendingEntryRow(Base):
    """A table's entry of one board that the opponents have not confirmed yet (web console)."""

    __tablename__ = "pending_entries"
    __table_args__ = (UniqueConstraint("event_id", "session", "table_number", "board"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    session: Mapped[int] = mapped_column(Integer, default=1)
    table_number: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    ns: Mapped[str] = mapped_column(String(20))
    ew: Mapped[str] = mapped_column(String(20))
    entry: Mapped[str] = mapped_column(Text)
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class WorksheetRow(Base):
    """The worksheet of a judgement ruling (16B, 21B, 40B, 75): the case and where it led."""

    __tablename__ = "worksheets"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    ruling_id: Mapped[int] = mapped_column(
        ForeignKey("rulings.id", ondelete="CASCADE"), unique=True
    )
    irregularity: Mapped[str] = mapped_column(String(2))
    offenders: Mapped[str] = mapped_column(String(2))
    actual: Mapped[int] = mapped_column(Integer)
    profile: Mapped[str] = mapped_column(String(20))
    after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    stands: Mapped[bool] = mapped_column(Boolean)
    laws: Mapped[str] = mapped_column(String(100))
    result: Mapped[str] = mapped_column(String(100))


class WorksheetAnswerRow(Base):
    """The director's answer to one of the worksheet's questions, in order."""

    __tablename__ = "worksheet_answers"
    __table_args__ = (UniqueConstraint("worksheet_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    worksheet_id: Mapped[int] = mapped_column(ForeignKey("worksheets.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    step: Mapped[str] = mapped_column(String(20))
    law: Mapped[str] = mapped_column(String(20))
    yes: Mapped[bool] = mapped_column(Boolean)
    note: Mapped[str] = mapped_column(Text)


class WorksheetScoreRow(Base):
    """A result the director weighed (12C1): ``likely`` with its weight, or ``probable``."""

    __tablename__ = "worksheet_scores"
    __table_args__ = (UniqueConstraint("worksheet_id", "kind", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    worksheet_id: Mapped[int] = mapped_column(ForeignKey("worksheets.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(10))
    position: Mapped[int] = mapped_column(Integer)
    weight: Mapped[str] = mapped_column(String(40))
    score: Mapped[int] = mapped_column(Integer)


class WorksheetFactRow(Base):
    """A fact the director found for the case, with its Law."""

    __tablename__ = "worksheet_facts"
    __table_args__ = (UniqueConstraint("worksheet_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    worksheet_id: Mapped[int] = mapped_column(ForeignKey("worksheets.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    law: Mapped[str] = mapped_column(String(20))
    text: Mapped[str] = mapped_column(Text)


class PollRow(Base):
    """A player poll (16B1b): the decision put to players of the same standard, and its case."""

    __tablename__ = "polls"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    worksheet_id: Mapped[int | None] = mapped_column(
        ForeignKey("worksheets.id", ondelete="CASCADE"), unique=True, nullable=True
    )
    board: Mapped[int] = mapped_column(Integer)
    seat: Mapped[str] = mapped_column(String(1))
    taken: Mapped[str] = mapped_column(String(10))
    question: Mapped[str] = mapped_column(Text)
    significant: Mapped[str] = mapped_column(String(40))


class PollAnswerRow(Base):
    """One respondent's answer to a poll: the action chosen (the name is for the director)."""

    __tablename__ = "poll_answers"
    __table_args__ = (UniqueConstraint("poll_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    poll_id: Mapped[int] = mapped_column(ForeignKey("polls.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    respondent: Mapped[str] = mapped_column(String(100))
    chosen: Mapped[str] = mapped_column(String(10))


class PollConsideredRow(Base):
    """An action a respondent seriously considered besides the one chosen."""

    __tablename__ = "poll_considered"
    __table_args__ = (UniqueConstraint("answer_id", "action"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    answer_id: Mapped[int] = mapped_column(ForeignKey("poll_answers.id", ondelete="CASCADE"))
    action: Mapped[str] = mapped_column(String(10))


class OpenCaseRow(Base):
    """A judgement case opened and not decided yet: the director's fields as JSON text."""

    __tablename__ = "open_cases"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    board: Mapped[int] = mapped_column(Integer)
    table_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    irregularity: Mapped[str] = mapped_column(String(2))
    fields: Mapped[str] = mapped_column(Text)
    opened_by: Mapped[str] = mapped_column(String(100))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ConventionCardRow(Base):
    """A pair's convention card in an event, as its text (one agreement a line)."""

    __tablename__ = "convention_cards"
    __table_args__ = (UniqueConstraint("event_id", "pair"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    pair: Mapped[str] = mapped_column(String(20))
    text: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PsychicCallRow(Base):
    """A psychic call (or deviation, or gross misstatement) the director classified (40C1).

    ``pair_key`` names the pair across events: its players' federation numbers, or
    their names, sorted; empty when the event lists no players.
    """

    __tablename__ = "psychic_calls"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    pair: Mapped[str] = mapped_column(String(20))
    pair_key: Mapped[str] = mapped_column(String(400), default="", index=True)
    session: Mapped[int] = mapped_column(Integer, default=1)
    board: Mapped[int] = mapped_column(Integer)
    table_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    auction: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(20))
    fielded: Mapped[bool] = mapped_column(Boolean, default=False)
    implicit_agreement: Mapped[bool] = mapped_column(Boolean, default=False)
    criterion: Mapped[str] = mapped_column(String(20), default="")
    note: Mapped[str] = mapped_column(Text, default="")
    director: Mapped[str] = mapped_column(String(100), default="")
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class EventLevelRow(Base):
    """The event's level for the authority's lists of methods (club, regional, national)."""

    __tablename__ = "event_levels"

    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    level: Mapped[str] = mapped_column(String(20))


class TableLogRow(Base):
    """The table log a director is building on the director's table, per event and board.

    ``event`` is 0 for a bare board (no event); the log is JSON Lines
    (``docs/table-log.md``), kept whole after each tap.
    """

    __tablename__ = "table_logs"
    __table_args__ = (UniqueConstraint("director", "event", "board"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    director: Mapped[str] = mapped_column(String(100))
    event: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    log: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SignInFailureRow(Base):
    """A failed sign-in, counted by every server process: its limit, a digest of its key, when."""

    __tablename__ = "sign_in_failures"
    __table_args__ = (
        Index("ix_sign_in_failures_scope_key_failed_at", "scope", "key", "failed_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    scope: Mapped[str] = mapped_column(String(20))
    key: Mapped[str] = mapped_column(String(64))
    failed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
