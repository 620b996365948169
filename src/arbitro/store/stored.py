"""The values the store answers with, and a result to record (:class:`NewResult`).

A result as stored, a line of its audit trail, a penalty and an appeal with their ids.

>>> from arbitro.tournament.entry import Entry
>>> NewResult(1, board=3, table=2, entry=Entry.from_str("4S N 10")).session
1
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from arbitro.scoring.results import Result
    from arbitro.tournament.entry import Entry
    from arbitro.tournament.records import Appeal, PenaltyRecord


@dataclass(frozen=True)
class StoredResult:
    """A result as stored: where it was played, the entry, its score and its version."""

    session: int
    round: int | None
    table: int
    board: int
    ns: str
    ew: str
    entry: Entry
    result: Result | None
    version: int


@dataclass(frozen=True)
class AuditEntry:
    """One line of the audit trail: when, who, what changed, and why."""

    at: datetime
    by: str
    action: str
    board: int
    table: int
    old: str | None
    new: str
    reason: str


@dataclass(frozen=True)
class StoredPenalty:
    """A stored penalty with its number in the event (1, 2, 3 in the order given) and session."""

    number: int
    session: int
    record: PenaltyRecord


@dataclass(frozen=True)
class StoredAppeal:
    """A stored appeal with its id."""

    id: int
    appeal: Appeal


@dataclass(frozen=True)
class NewResult:
    """A result to record (:meth:`Store.record_results`): where, the entry, the pairs, who.

    ``as_written``: the entry is a file's (``arbitro event import``), whose score is kept
    as the file wrote it even when Law 77 gives it no result (the reader has warned of
    it), where a director typing it is refused.
    """

    event_id: int
    board: int
    table: int
    entry: Entry
    ns: str | None = None
    ew: str | None = None
    session: int = 1
    by: str = ""
    now: datetime | None = None
    as_written: bool = False
