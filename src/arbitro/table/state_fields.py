"""The fields of the table's base state, typed and slotted, and the views of the board.

:class:`StateFields` declares every field of a
:class:`~arbitro.table.base.TableState` (the one set of slots the state's classes
share), sets them for the start of a board (:meth:`StateFields.start`), and shows the
board (``deal``, ``dealer``, ``vulnerability``, ``number``), the log (``events``) and
whose turn it is (``turn``). The book-keeping of the auction
(:mod:`arbitro.table.auction_state`), of the play (:mod:`arbitro.table.play_state`) and
of the records (:mod:`arbitro.table.record_state`) are mixins over these fields, which
:class:`~arbitro.table.base.TableState` gathers.
"""

from __future__ import annotations

from arbitro.core import Card, Contract, Deal, Seat, Vulnerability
from arbitro.laws.auction import AnyCall, AuctionSummary, StandingCall, summarize
from arbitro.table.auction_record import AuctionEntry, Explanation
from arbitro.table.events import (
    EXAMPLE_DEAL,  # noqa: F401  (the examples' deal)
    BoardEvent,
    Event,
)
from arbitro.table.facts import Fact
from arbitro.table.play_record import Claim, Defect, RevokeEntry, Trick
from arbitro.table.procedure import LeadSource, Procedure, Watcher
from arbitro.table.restrictions import Restriction
from arbitro.table.rulings import Note, Ruling
from arbitro.table.snapshot import LogEntry, StateSnapshot
from arbitro.table.state import Phase

_AUCTION = Phase.AUCTION
_OPENING_LEAD = Phase.OPENING_LEAD
_LEAD_FACE_DOWN = Phase.LEAD_FACE_DOWN
_PLAY = Phase.PLAY
_NO_CALL_YET = tuple(summarize((), dealer) for dealer in Seat)
"""The summary of an auction with no call yet, by dealer (a named tuple: shared as it is)."""


class StateFields:
    """Every field of a board's state, typed; set for a board's start by :meth:`start`.

    The fields are described on :class:`~arbitro.table.base.TableState`; their slots
    are the ones :class:`~arbitro.table.snapshot.StateSnapshot` names, so a snapshot
    takes every field and nothing else.
    """

    __slots__ = StateSnapshot._fields

    board: BoardEvent
    log: list[LogEntry]
    phase: Phase
    entries: list[AuctionEntry]
    made: int
    standing: list[StandingCall]
    summary: AuctionSummary
    in_force: list[Restriction]
    restricted: frozenset[Seat]
    # The auction's restrictions in force when it ended: back if it reopens (22B, 25A3).
    closed_auction: tuple[Restriction, ...]
    # The one-turn restrictions each call met, by its number: back if it stops counting.
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
    # A seat whose turn the trick in progress passed by, unnoticed (Law 67).
    skipped: Seat | None
    leader: Seat
    to_play: Seat
    won: list[int]
    revokes_made: list[RevokeEntry]
    unestablished: bool
    asked_50d2: tuple[int, Seat] | None
    # A call made with an irregular call in turn, taken once that one is ruled (33).
    held_33: list[tuple[Seat, AnyCall]]
    # Calls after the final pass made while a ruling was pending: Law 39 waits (39A).
    held_39: list[int]
    dummy_forfeited: bool
    closed_restrictions: tuple[int, tuple[Restriction, ...]] | None
    claim: Claim | None
    defects: list[Defect]

    def start(self, board: BoardEvent) -> None:
        """Set every field for the start of ``board``: its deal dealt, nothing done yet.

        >>> from arbitro.table.base import TableState
        >>> state = TableState(EXAMPLE_DEAL, number=1)
        >>> state.start(BoardEvent(EXAMPLE_DEAL, Seat.SOUTH, Vulnerability.NS))
        >>> state.dealer, state.turn, state.events
        (Seat.SOUTH, Seat.SOUTH, (BoardEvent(number=None, deal=Deal.from_str('N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765'), dealer=Seat.SOUTH, vulnerability=Vulnerability.NS),))
        """
        dealer = board.dealer
        deal = board.deal
        self.board = board
        self.log = [board]
        self.phase = Phase.AUCTION
        self.entries = []
        self.made = 0
        self.standing = []
        self.summary = _NO_CALL_YET[dealer]
        self.in_force = []
        self.restricted = frozenset()
        self.closed_auction = ()
        self.met = []
        self.watchers = []
        self.lead_sources = []
        self.procedure = None
        self.rulings_made = []
        self.notes_made = []
        self.explanations_given = []
        self.facts_recorded = []
        self.contract = None
        self.hands = [hand.mask for hand in deal.hands]
        self.face_down = None
        self.tricks_played = []
        self.trick = []
        self.skipped = None
        self.leader = dealer
        self.to_play = dealer
        self.won = [0, 0]
        self.revokes_made = []
        self.unestablished = False
        self.asked_50d2 = None
        self.held_33 = []
        self.held_39 = []
        self.dummy_forfeited = False
        self.closed_restrictions = None
        self.claim = None
        self.defects = []

    @property
    def deal(self) -> Deal:
        """The deal, as it was before any card was played.

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).deal == EXAMPLE_DEAL
        True
        """
        return self.board.deal

    @property
    def dealer(self) -> Seat:
        """The dealer, who calls first (Law 17B).

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=2).dealer
        Seat.EAST
        """
        return self.board.dealer

    @property
    def vulnerability(self) -> Vulnerability:
        """The board's vulnerability (Law 2).

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=4).vulnerability
        Vulnerability.ALL
        """
        return self.board.vulnerability

    @property
    def number(self) -> int | None:
        """The board number, if known.

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=4).number
        4
        """
        return self.board.number

    @property
    def events(self) -> tuple[Event, ...]:
        """The table log: every event applied, the board first.

        >>> from arbitro.table.base import TableState
        >>> len(TableState(EXAMPLE_DEAL, number=1).events)
        1
        """
        return tuple(
            event if not isinstance(event, tuple) else event[0](event[1], event[2])
            for event in self.log
        )

    @property
    def turn(self) -> Seat | None:
        """The seat to act next: to call, to lead or to play (None once the board is over).

        In the play this is the hand whose card is due, dummy's included (declarer
        plays it).

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=3).turn
        Seat.SOUTH
        """
        phase = self.phase
        if phase is _PLAY or phase is _LEAD_FACE_DOWN:
            return self.to_play
        if phase is _AUCTION:
            return self.summary.turn
        if phase is _OPENING_LEAD:
            return self.leader
        return None
