"""The table log's entries, and the snapshot that names every field of the state.

:data:`LogEntry` is what the log of a :class:`~arbitro.table.base.TableState` holds;
:class:`StateSnapshot` is every field of the state, as
:meth:`~arbitro.table.base.TableState.snapshot` takes it and
:meth:`~arbitro.table.base.TableState.restore` puts it back.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from arbitro.core import Card, Contract, Seat
from arbitro.laws.auction import AnyCall, AuctionSummary, StandingCall
from arbitro.table.auction_record import AuctionEntry, Explanation
from arbitro.table.events import BoardEvent, CallEvent, Event, PlayEvent
from arbitro.table.facts import Fact
from arbitro.table.play_record import Claim, Defect, RevokeEntry, Trick
from arbitro.table.procedure import LeadSource, Procedure, Watcher
from arbitro.table.restrictions import Restriction
from arbitro.table.rulings import Note, Ruling
from arbitro.table.state import Phase

LogEntry = Event | tuple[type[CallEvent] | type[PlayEvent], Seat, Any]
"""An entry of the table log: an event, or a legal call or card in turn kept light."""


class StateSnapshot(NamedTuple):
    """Every field of a :class:`TableState`, as :meth:`TableState.snapshot` took it."""

    board: BoardEvent
    log: list[LogEntry]
    phase: Phase
    entries: list[AuctionEntry]
    made: int
    standing: list[StandingCall]
    summary: AuctionSummary
    in_force: list[Restriction]
    restricted: frozenset[Seat]
    closed_auction: tuple[Restriction, ...]
    met: list[tuple[int, Restriction]]
    watchers: list[Watcher]
    lead_sources: list[LeadSource]
    procedure: Procedure | None
    rulings_made: list[Ruling]
    notes_made: list[Note]
    explanations_given: list[Explanation]
    facts_recorded: list[Fact]
    contract: Contract | None
    hands: list[int]
    face_down: Card | None
    tricks_played: list[Trick]
    trick: list[int]
    skipped: Seat | None
    leader: Seat
    to_play: Seat
    won: list[int]
    revokes_made: list[RevokeEntry]
    unestablished: bool
    asked_50d2: tuple[int, Seat] | None
    held_33: list[tuple[Seat, AnyCall]]
    held_39: list[int]
    dummy_forfeited: bool
    closed_restrictions: tuple[int, tuple[Restriction, ...]] | None
    claim: Claim | None
    defects: list[Defect]
