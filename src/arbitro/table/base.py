"""The table's public base state: what a board holds, and the book-keeping on it.

As python-chess splits ``BaseBoard`` (the position, in public fields) from ``Board``
(the rules and the move stack), :class:`TableState` holds a board's state in public,
typed fields, with the named operations that keep it consistent and an explicit
snapshot; :class:`~arbitro.table.table.Table` is the facade over it. The
rectification rules (``arbitro.table.rectify``) take a ``TableState``.

>>> from arbitro.core import Strain
>>> state = TableState(EXAMPLE_DEAL, number=1)
>>> state.record(Seat.NORTH, Bid(1, Strain.SPADES), CallStatus.STANDING)
1
>>> state.calls, state.summary.turn
(((Seat.NORTH, Bid(1, Strain.SPADES)),), Seat.EAST)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, NamedTuple, Self, TypeVar

from arbitro.core import (
    Bid,  # noqa: F401  (the examples)
    Card,
    Contract,
    Deal,
    Hand,
    Pass,  # noqa: F401  (the examples)
    Seat,
    Side,
    Suit,
    Vulnerability,
    law2_dealer,
    law2_vulnerability,
)
from arbitro.i18n import N_
from arbitro.laws.auction import (
    AnyCall,
    AuctionSummary,
    StandingCall,
    bid_shows_suit,
    summarize,
    summary_after,
)
from arbitro.laws.play import suit_mask
from arbitro.table.events import (
    EXAMPLE_DEAL,  # noqa: F401  (the examples' deal)
    BoardEvent,
    CallEvent,
    Event,
    PlayEvent,
)
from arbitro.table.facts import Fact
from arbitro.table.state import (
    COUNTING,
    AuctionEntry,
    CallStatus,
    Claim,
    Decision,
    Defect,
    Explanation,
    IllegalActionError,
    Message,
    Note,
    Option,
    Phase,
    Restriction,
    RestrictionKind,
    RevokeEntry,
    Ruling,
    Trick,
)

NEXT = (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH)
"""The seat after each seat, in clockwise order (``NEXT[seat]``)."""
CARDS = tuple(Card.from_index(index) for index in range(52))
"""Every card, by its index."""
_AUCTION = Phase.AUCTION
_OPENING_LEAD = Phase.OPENING_LEAD
_LEAD_FACE_DOWN = Phase.LEAD_FACE_DOWN
_PLAY = Phase.PLAY
_MAKE_TUPLE = tuple.__new__
ONE_TURN = (
    RestrictionKind.MUST_PASS_NEXT_TURN,
    RestrictionKind.NO_DOUBLE_NEXT_TURN,
    RestrictionKind.MUST_REPEAT,
)
"""The restrictions that bind one turn only: the call made at that turn meets them."""
_NO_CALL_YET = tuple(summarize((), dealer) for dealer in Seat)
"""The summary of an auction with no call yet, by dealer (a named tuple: shared as it is)."""


@dataclass(frozen=True, slots=True)
class Procedure:
    """A rectification in progress: the irregularity, what it waits for, its stage.

    ``decision`` is what the table waits on; ``awaiting`` a seat whose next call the
    procedure takes (a replacement); ``data`` what the stage needs to remember.
    """

    law: str
    stage: str
    offender: Seat
    entry: int
    decision: Decision | None = None
    awaiting: Seat | None = None
    data: ProcedureData | None = None

    def data_as(self, kind: type[_D]) -> _D:
        """What the procedure remembers, as the ``kind`` its stage keeps.

        >>> Procedure("52", "ruling", Seat.EAST, 0, data=CardData(3)).data_as(CardData).card
        3
        >>> Procedure("52", "ruling", Seat.EAST, 0).data_as(CardData)
        Traceback (most recent call last):
        ...
        TypeError: procedure 52 (ruling) keeps None, not CardData
        """
        data = self.data
        if not isinstance(data, kind):
            raise TypeError(
                f"procedure {self.law} ({self.stage}) keeps {type(data).__name__ if data else None},"
                f" not {kind.__name__}"
            )
        return data


# -- what a procedure remembers, one class for each kind of procedure --------------------


@dataclass(frozen=True, slots=True)
class CardData:
    """The card, by index, a ruling is on: 52, 53, 54, and an extra card going back (67)."""

    card: int


@dataclass(frozen=True, slots=True)
class EarlyCardData:
    """57C: the card played early, by index; ``then`` a defender's card behind it (57C1)."""

    card: int
    then: tuple[Seat, int] | None = None


@dataclass(frozen=True, slots=True)
class HeldCardData:
    """45D: declarer's card played after the withdrawn one, and his right-hand opponent's."""

    card: int
    rho_card: int


@dataclass(frozen=True, slots=True)
class ChangedCardData:
    """45C4b, 45D, 47: where in the trick the card is, the card, and whether the trick reopens."""

    position: int
    reopen: bool
    card: int | None = None


@dataclass(frozen=True, slots=True)
class PenaltyCardsData:
    """51: the major penalty cards, by index, declarer may name."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChangeData:
    """25: the original call's number; at stage ``lho`` the calls after it and their Law."""

    original: int
    lho_calls: tuple[int, ...] = ()
    lho_law: str = ""


@dataclass(frozen=True, slots=True)
class BeforeInsufficientData:
    """25 before 27: the new call, and the insufficient bid's procedure it may replace."""

    call: AnyCall
    insufficient: Procedure


@dataclass(frozen=True, slots=True)
class InsufficientData:
    """27: the insufficient bid's number, the first one (27B4), a replacement made (27C)."""

    insufficient: int | None = None
    first: int | None = None
    replacement: int | None = None


@dataclass(frozen=True, slots=True)
class TurnData:
    """36, 38 and 29: whose turn it was, the offender's place to it, whether in turn.

    ``replaces`` (38): the insufficient bid a bid above seven was to replace (27B, 27C).
    """

    turn: Seat | None = None
    relation: str = ""
    in_turn: bool = False
    replaces: int | None = None


ProcedureData = (
    CardData
    | EarlyCardData
    | HeldCardData
    | ChangedCardData
    | PenaltyCardsData
    | ChangeData
    | BeforeInsufficientData
    | InsufficientData
    | TurnData
)
"""What a procedure's stages remember, one class for each kind."""
_D = TypeVar("_D", bound=ProcedureData)


@dataclass(frozen=True, slots=True)
class Watcher:
    """A consequence that waits for a later call.

    Laws 31A, 32B, 17D, and Law 26's test of whether the offender chose a different call.
    """

    law: str
    seat: Seat
    offender: Seat
    call: AnyCall
    suits: tuple[Suit, ...] | None = None
    flags: tuple[bool, ...] = ()


@dataclass(frozen=True, slots=True)
class LeadSource:
    """A withdrawn or cancelled call of a player that may restrict partner's lead (26)."""

    offender: Seat
    call: AnyCall
    suits: tuple[Suit, ...] | None


LogEntry = Event | tuple[type[CallEvent] | type[PlayEvent], Seat, Any]
"""An entry of the table log: an event, or a legal call or card in turn kept light."""


class TableState:
    """A board's state in public fields, with the book-keeping that keeps them consistent.

    The fields: ``board`` (the board event), ``log`` (every event applied, the board
    first), ``phase``, the auction (``entries`` as made, ``made`` their count,
    ``standing`` the calls that count, ``summary`` of them), the restrictions in force
    (``in_force``; ``restricted`` the seats they bind; ``closed_auction`` those of the
    auction, kept when it ended should it reopen; ``met`` the one-turn restrictions each
    call met, should it stop counting), ``watchers`` and
    ``lead_sources`` (Law 26), the ``procedure`` pending, the records (``rulings_made``,
    ``notes_made``, ``explanations_given``, ``facts_recorded``), the ``contract``, the
    play (``hands`` as 52-bit masks, ``face_down`` lead, ``tricks_played``, ``trick`` in
    progress as card indices, ``skipped`` the seat it passed by (Law 67), ``leader``,
    ``to_play``, ``won`` by side), the revokes
    (``revokes_made``; ``unestablished`` while one may still be corrected), and the
    board's state for single Laws (``asked_50d2``, ``held_33``, ``held_39``, ``dummy_forfeited``,
    ``closed_restrictions``, ``claim``, ``defects``). :meth:`snapshot` names each.

    The flow of the Laws (what a call, a card or an event sets off) is in
    :mod:`arbitro.table.rectify.flow`, and :class:`~arbitro.table.table.Table`
    delegates to it; the operations :meth:`on_call`, :meth:`on_play`,
    :meth:`after_standing`, :meth:`put_card`, :meth:`close_trick`, :meth:`check_end`
    and :meth:`dispatch` are declared here so that the rules can set it off.

    >>> state = TableState(EXAMPLE_DEAL, number=3)
    >>> state.dealer, state.turn, state.phase
    (Seat.SOUTH, Seat.SOUTH, <Phase.AUCTION: 'auction'>)
    """

    __slots__ = (
        "asked_50d2",
        "board",
        "claim",
        "closed_auction",
        "closed_restrictions",
        "contract",
        "defects",
        "dummy_forfeited",
        "entries",
        "explanations_given",
        "face_down",
        "facts_recorded",
        "hands",
        "held_33",
        "held_39",
        "in_force",
        "lead_sources",
        "leader",
        "log",
        "made",
        "met",
        "notes_made",
        "phase",
        "procedure",
        "restricted",
        "revokes_made",
        "rulings_made",
        "skipped",
        "standing",
        "summary",
        "to_play",
        "trick",
        "tricks_played",
        "unestablished",
        "watchers",
        "won",
    )

    def __init__(
        self,
        deal: Deal,
        dealer: Seat | None = None,
        vulnerability: Vulnerability | None = None,
        number: int | None = None,
    ) -> None:
        if dealer is None:
            if number is None:
                raise ValueError("give the board number or the dealer")
            dealer = law2_dealer(number)
        if vulnerability is None:
            if number is None:
                raise ValueError("give the board number or the vulnerability")
            vulnerability = law2_vulnerability(number)
        self.start(BoardEvent(deal, dealer, vulnerability, number=number))

    def start(self, board: BoardEvent) -> None:
        """Set every field for the start of ``board``: its deal dealt, nothing done yet.

        >>> state = TableState(EXAMPLE_DEAL, number=1)
        >>> state.start(BoardEvent(EXAMPLE_DEAL, Seat.SOUTH, Vulnerability.NS))
        >>> state.dealer, state.turn, state.events
        (Seat.SOUTH, Seat.SOUTH, (BoardEvent(number=None, deal=Deal.from_str('N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765'), dealer=Seat.SOUTH, vulnerability=Vulnerability.NS),))
        """
        dealer = board.dealer
        deal = board.deal
        self.board = board
        self.log: list[LogEntry] = [board]
        self.phase = Phase.AUCTION
        self.entries: list[AuctionEntry] = []
        self.made = 0
        self.standing: list[StandingCall] = []
        self.summary = _NO_CALL_YET[dealer]
        self.in_force: list[Restriction] = []
        self.restricted: frozenset[Seat] = frozenset()
        # The auction's restrictions in force when it ended: back if it reopens (22B, 25A3).
        self.closed_auction: tuple[Restriction, ...] = ()
        # The one-turn restrictions each call met, by its number: back if it stops counting.
        self.met: list[tuple[int, Restriction]] = []
        self.watchers: list[Watcher] = []
        self.lead_sources: list[LeadSource] = []
        self.procedure: Procedure | None = None
        self.rulings_made: list[Ruling] = []
        self.notes_made: list[Note] = []
        self.explanations_given: list[Explanation] = []
        self.facts_recorded: list[Fact] = []
        self.contract: Contract | None = None
        self.hands = [hand.mask for hand in deal.hands]
        self.face_down: Card | None = None
        self.tricks_played: list[Trick] = []
        self.trick: list[int] = []
        # A seat whose turn the trick in progress passed by, unnoticed (Law 67).
        self.skipped: Seat | None = None
        self.leader = dealer
        self.to_play = dealer
        self.won = [0, 0]
        self.revokes_made: list[RevokeEntry] = []
        self.unestablished = False
        self.asked_50d2: tuple[int, Seat] | None = None
        # A call made with an irregular call in turn, taken once that one is ruled (33).
        self.held_33: list[tuple[Seat, AnyCall]] = []
        # Calls after the final pass made while a ruling was pending: Law 39 waits (39A).
        self.held_39: list[int] = []
        self.dummy_forfeited = False
        self.closed_restrictions: tuple[int, tuple[Restriction, ...]] | None = None
        self.claim: Claim | None = None
        self.defects: list[Defect] = []

    @classmethod
    def from_event(cls, event: BoardEvent) -> Self:
        """A table for the board a ``board`` event names.

        >>> TableState.from_event(BoardEvent(EXAMPLE_DEAL, Seat.EAST, Vulnerability.ALL)).dealer
        Seat.EAST
        """
        state = cls.__new__(cls)
        state.start(event)
        return state

    @property
    def deal(self) -> Deal:
        """The deal, as it was before any card was played.

        >>> TableState(EXAMPLE_DEAL, number=1).deal == EXAMPLE_DEAL
        True
        """
        return self.board.deal

    @property
    def dealer(self) -> Seat:
        """The dealer, who calls first (Law 17B).

        >>> TableState(EXAMPLE_DEAL, number=2).dealer
        Seat.EAST
        """
        return self.board.dealer

    @property
    def vulnerability(self) -> Vulnerability:
        """The board's vulnerability (Law 2).

        >>> TableState(EXAMPLE_DEAL, number=4).vulnerability
        Vulnerability.ALL
        """
        return self.board.vulnerability

    @property
    def number(self) -> int | None:
        """The board number, if known.

        >>> TableState(EXAMPLE_DEAL, number=4).number
        4
        """
        return self.board.number

    @property
    def events(self) -> tuple[Event, ...]:
        """The table log: every event applied, the board first.

        >>> len(TableState(EXAMPLE_DEAL, number=1).events)
        1
        """
        return tuple(
            event if not isinstance(event, tuple) else event[0](event[1], event[2])
            for event in self.log
        )

    @property
    def auction(self) -> tuple[AuctionEntry, ...]:
        """Every call made, in auction order, with what became of it.

        >>> from arbitro.laws.auction import read_call
        >>> table = TableState(EXAMPLE_DEAL, number=1)
        >>> table.record(Seat.NORTH, read_call("1NT"), CallStatus.STANDING)
        1
        >>> [str(entry.call) for entry in table.auction]
        ['1NT']
        """
        return tuple(self.entries)

    @property
    def calls(self) -> tuple[StandingCall, ...]:
        """The calls that count, in order, each with its seat.

        >>> table = TableState(EXAMPLE_DEAL, number=1)
        >>> table.record(Seat.NORTH, Pass(), CallStatus.STANDING)
        1
        >>> table.calls
        ((Seat.NORTH, Pass()),)
        """
        return tuple(self.standing)

    @property
    def turn(self) -> Seat | None:
        """The seat to act next: to call, to lead or to play (None once the board is over).

        In the play this is the hand whose card is due, dummy's included (declarer
        plays it).

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

    @property
    def pending(self) -> Decision | None:
        """The decision the table waits on, if any.

        >>> TableState(EXAMPLE_DEAL, number=1).pending is None
        True
        """
        return None if self.procedure is None else self.procedure.decision

    @property
    def awaited(self) -> Seat | None:
        """The seat whose call a rectification waits for (a replacement call), if any.

        >>> TableState(EXAMPLE_DEAL, number=1).awaited is None
        True
        """
        return None if self.procedure is None else self.procedure.awaiting

    @property
    def restrictions(self) -> tuple[Restriction, ...]:
        """The restrictions in force.

        >>> TableState(EXAMPLE_DEAL, number=1).restrictions
        ()
        """
        return tuple(self.in_force)

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        """The rectifications carried out, in order, each with its Law and who chose.

        >>> TableState(EXAMPLE_DEAL, number=1).rulings
        ()
        """
        return tuple(self.rulings_made)

    @property
    def notes(self) -> tuple[Note, ...]:
        """Notes for the Director at the end of the board (16D, 23, 27D, ...).

        >>> TableState(EXAMPLE_DEAL, number=1).notes
        ()
        """
        return tuple(self.notes_made)

    @property
    def explanations(self) -> tuple[Explanation, ...]:
        """Alerts and explanations given (Law 20F).

        >>> TableState(EXAMPLE_DEAL, number=1).explanations
        ()
        """
        return tuple(self.explanations_given)

    @property
    def facts(self) -> tuple[Fact, ...]:
        """Facts recorded for a later ruling: tempo, extraneous information, corrections (16B, 16C, 20F).

        >>> TableState(EXAMPLE_DEAL, number=1).facts
        ()
        """
        return tuple(self.facts_recorded)

    @property
    def declarer(self) -> Seat | None:
        """The declarer, once there is a contract.

        >>> TableState(EXAMPLE_DEAL, number=1).declarer is None
        True
        """
        return None if self.contract is None else self.contract.declarer

    @property
    def dummy(self) -> Seat | None:
        """Declarer's partner, once there is a contract.

        >>> TableState(EXAMPLE_DEAL, number=1).dummy is None
        True
        """
        declarer = self.declarer
        return None if declarer is None else declarer.partner

    @property
    def opening_leader(self) -> Seat | None:
        """The defender on declarer's left, who makes the opening lead (Law 41A).

        >>> TableState(EXAMPLE_DEAL, number=1).opening_leader is None
        True
        """
        declarer = self.declarer
        return None if declarer is None else declarer.lho

    @property
    def face_down_lead(self) -> Card | None:
        """The opening lead while it lies face down (Law 41A).

        >>> TableState(EXAMPLE_DEAL, number=1).face_down_lead is None
        True
        """
        return self.face_down

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order.

        >>> TableState(EXAMPLE_DEAL, number=1).tricks
        ()
        """
        return tuple(self.tricks_played)

    @property
    def current_trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards played so far to the trick in progress, with their seats.

        >>> TableState(EXAMPLE_DEAL, number=1).current_trick
        ()
        """
        if self.skipped is None:
            return tuple(
                (Seat((self.leader + offset) % 4), Card.from_index(index))
                for offset, index in enumerate(self.trick)
            )
        seats = [Seat((self.leader + offset) % 4) for offset in range(4)]
        seats.remove(self.skipped)
        return tuple(zip(seats, map(Card.from_index, self.trick), strict=False))

    def hand(self, seat: Seat | str) -> Hand:
        """The cards ``seat`` still holds.

        >>> TableState(EXAMPLE_DEAL, number=1).hand("N") == EXAMPLE_DEAL[Seat.NORTH]
        True
        """
        return Hand(self.hands[as_seat(seat)])

    def tricks_won(self, side: Side) -> int:
        """How many tricks ``side`` has won so far.

        >>> TableState(EXAMPLE_DEAL, number=1).tricks_won(Side.NS)
        0
        """
        return self.won[side]

    @property
    def declarer_tricks(self) -> int | None:
        """The tricks won by the declaring side, once there is a contract.

        >>> TableState(EXAMPLE_DEAL, number=1).declarer_tricks is None
        True
        """
        declarer = self.declarer
        return None if declarer is None else self.won[declarer.side]

    @property
    def revokes(self) -> tuple[RevokeEntry, ...]:
        """The revokes made on this board, as they happened (Law 61A).

        >>> TableState(EXAMPLE_DEAL, number=1).revokes
        ()
        """
        return tuple(self.revokes_made)

    # -- the snapshot -----------------------------------------------------------------

    def snapshot(self) -> StateSnapshot:
        """Every field of the state, its lists copied: :meth:`restore` puts it back.

        The fields are those :class:`StateSnapshot` names, one by one.

        >>> state = TableState(EXAMPLE_DEAL, number=1)
        >>> saved = state.snapshot()
        >>> state.rule("33", "director", "33", Message(N_("the Director")))
        >>> state.restore(saved)
        >>> state.rulings
        ()
        """
        return StateSnapshot._make(
            [value.copy() if type(value) is list else value for value in _FIELDS_OF(self)]
        )

    def restore(self, saved: StateSnapshot) -> None:
        """Put back every field a :meth:`snapshot` took (its lists copied again).

            >>> state = TableState(EXAMPLE_DEAL, number=1)
        >>> saved = state.snapshot()
        >>> state.hands[0] = 0
        >>> state.restore(saved)
        >>> state.hand(Seat.NORTH) == EXAMPLE_DEAL[Seat.NORTH]
        True
        """
        for name, value in zip(StateSnapshot._fields, saved, strict=True):
            setattr(self, name, value.copy() if isinstance(value, list) else value)

    # -- the auction's book-keeping -------------------------------------------------------

    def find_entry(self, number: int) -> AuctionEntry | None:
        """The auction entry of call ``number``, if there is one.

        >>> state = TableState(EXAMPLE_DEAL, number=1)
        >>> state.find_entry(state.record(Seat.NORTH, Pass(), CallStatus.STANDING)).seat
        Seat.NORTH
        """
        return next((entry for entry in self.entries if entry.number == number), None)

    def position_of(self, number: int) -> int:
        """Where call ``number`` stands in :attr:`entries` (KeyError if it is not there)."""
        for position, entry in enumerate(self.entries):
            if entry.number == number:
                return position
        raise KeyError(number)

    def record(
        self,
        seat: Seat,
        call: AnyCall,
        status: CallStatus,
        law: str | None = None,
        after: int | None = None,
        unauthorized_for: Side | None = None,
    ) -> int:
        """Record a call made; ``after`` places it right after that entry's number."""
        self.made += 1
        # Made as the tuple it is, without the named tuple's own __new__ (a Python call).
        entry = _MAKE_TUPLE(AuctionEntry, (self.made, seat, call, status, law, unauthorized_for))
        if after is not None:
            self.entries.insert(self.position_of(after) + 1, entry)
            if status in COUNTING:
                self.rebuild()
            return self.made
        self.entries.append(entry)
        if status in COUNTING:  # the last call made: the summary takes one step (17C, 19)
            self.standing.append((seat, call))  # type: ignore[arg-type]
            self.summary = summary_after(self.summary, seat, call)  # type: ignore[arg-type]
        return self.made

    def set_status(
        self,
        number: int,
        status: CallStatus,
        law: str | None,
        unauthorized_for: Side | None = None,
    ) -> AuctionEntry:
        """Give call ``number`` a new status (and Law); the standing calls follow.

        A call that no longer counts gives back the one-turn restrictions it met
        (:meth:`turn_again`).
        """
        position = self.position_of(number)
        before = self.entries[position]
        entry = before._replace(status=status, law=law, unauthorized_for=unauthorized_for)
        self.entries[position] = entry
        self.rebuild()
        if self.met and before.counts and not entry.counts:
            self.turn_again(number)
        return entry

    def meet_turn(self, seat: Seat, number: int | None = None) -> None:
        """``seat``'s call ``number`` (None: his last that counts) meets his one-turn restrictions.

        The obligations for that turn only (to pass, 24B, 24C, 30A, 30B1, 31A2a; not to
        double, 30B2b; a call to repeat, 31A1, 32B1) are lifted, and kept in :attr:`met`
        against the call: should it stop counting (withdrawn or cancelled, 21B1, 25,
        17D, 17E2), :meth:`turn_again` puts them back for the call made at that turn.

        >>> state = TableState(EXAMPLE_DEAL, number=1)
        >>> state.restrict(Restriction(RestrictionKind.MUST_PASS_NEXT_TURN, Seat.NORTH, "30A"))
        >>> state.record(Seat.NORTH, Pass(), CallStatus.STANDING)
        1
        >>> state.meet_turn(Seat.NORTH)
        >>> state.restrictions, [(number, r.law) for number, r in state.met]
        ((), [(1, '30A')])
        """
        met = [r for r in self.in_force if r.seat == seat and r.kind in ONE_TURN]
        if not met:
            return
        if number is None:
            number = next(
                (e.number for e in reversed(self.entries) if e.seat == seat and e.counts), None
            )
        if number is not None:
            self.met.extend((number, r) for r in met)
        self.in_force = [r for r in self.in_force if not (r.seat == seat and r.kind in ONE_TURN)]
        self.restricted = frozenset(r.seat for r in self.in_force)

    def turn_again(self, number: int) -> None:
        """Call ``number`` no longer counts: the one-turn restrictions it met are back in force.

        Its player calls again at that turn (a change of call, 21B1, 25; his left-hand
        opponent's call withdrawn, 21B2, 25A4; a call cancelled, 17D1, 17E2), and the
        call he makes there is bound as the first was. :meth:`set_status` sees to it.

        >>> state = TableState(EXAMPLE_DEAL, number=1)
        >>> state.restrict(Restriction(RestrictionKind.MUST_PASS_NEXT_TURN, Seat.NORTH, "30A"))
        >>> state.record(Seat.NORTH, Pass(), CallStatus.STANDING)
        1
        >>> state.meet_turn(Seat.NORTH)
        >>> _ = state.set_status(1, CallStatus.CANCELLED, "17D1")
        >>> str(state.restrictions[0].message), state.met
        ('North must pass at the next turn (Law 30A)', [])
        """
        back = [r for n, r in self.met if n == number]
        if not back:
            return
        self.met = [(n, r) for n, r in self.met if n != number]
        self.in_force.extend(r for r in back if r not in self.in_force)
        self.restricted = frozenset(r.seat for r in self.in_force)

    def rebuild(self) -> None:
        """Rebuild the standing calls and their summary from :attr:`entries`."""
        self.standing = [(entry.seat, entry.call) for entry in self.entries if entry.counts]  # type: ignore[misc]
        self.summary = summarize(self.standing, self.dealer)

    def lead_back_to_hand(self) -> Card | None:
        """The face-down opening lead, if any, goes back to the leader's hand (41A).

        The leader is to lead again; returns the card that went back.
        """
        card = self.face_down
        if card is not None:
            self.hands[self.leader] |= 1 << card.index
            self.face_down = None
            self.phase = Phase.OPENING_LEAD
        return card

    def reopen_auction(self) -> None:
        """A change of call in the auction period brings the auction back (22B, 25A3).

        What the auction had left in force when it ended comes back with it (the players
        obliged to pass, for the rest of the auction or at their next turn, a call to
        repeat, 30B2b; after a pass-out, the cards exposed under Law 24). What was
        decided for the old contract goes: a face-down lead back to the hand, the lead
        restrictions declarer chose (26, 50D2; the Law 26 options come again from the
        withdrawn calls at the new end), and the Law 24 penalty cards become exposed cards
        again, to be judged when the auction ends anew (a defender's become penalty cards;
        declarer's or dummy's go back to the hand).

        >>> from arbitro.table import Table
        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.call("N", "1S"); table.call("E", "1H"); table.decide("S", "refuse")
        >>> table.call("E", "2H"); table.decide("director", "27B2")  # West is barred
        >>> for seat in "SWN":
        ...     table.call(seat, "Pass")
        >>> table.restrictions, table.phase.value
        ((), 'opening lead')
        >>> table.reopen_auction()
        >>> str(table.restrictions[0].message)
        'West must pass for the rest of the auction (Law 27B2)'
        """
        self.lead_back_to_hand()
        self.contract = None
        self.phase = Phase.AUCTION
        self.asked_50d2 = None
        leads = (
            RestrictionKind.LEAD_OPTION,
            RestrictionKind.LEAD_REQUIRED,
            RestrictionKind.LEAD_FORBIDDEN,
        )
        self.in_force = [
            *self.closed_auction,
            *(
                Restriction(RestrictionKind.EXPOSED_CARD, r.seat, "24", card=r.card, major=r.major)
                if r.kind is RestrictionKind.PENALTY_CARD and r.law == "24"
                else r
                for r in self.in_force
                if r.kind not in leads
            ),
        ]
        self.closed_auction = ()
        self.restricted = frozenset(r.seat for r in self.in_force)

    def close_auction(self, kinds: tuple[RestrictionKind, ...] | None) -> None:
        """The auction has ended: its restrictions of ``kinds`` (None: all) are lifted.

        They are kept in :attr:`closed_auction`, and :meth:`reopen_auction` puts them
        back, should a change of call in the auction period reopen it.

        >>> state = TableState(EXAMPLE_DEAL, number=1)
        >>> state.restrict(Restriction(RestrictionKind.MUST_PASS_REST, Seat.EAST, "30B"))
        >>> state.close_auction(None)
        >>> state.restrictions, len(state.closed_auction)
        ((), 1)
        """
        closing = [r for r in self.in_force if kinds is None or r.kind in kinds]
        self.closed_auction = tuple(closing)
        self.drop(lambda r: r in closing)

    def restrict(self, restriction: Restriction) -> None:
        """Put ``restriction`` in force.

        >>> state = TableState(EXAMPLE_DEAL, number=1)
        >>> state.restrict(Restriction(RestrictionKind.MUST_PASS_REST, Seat.EAST, "30B"))
        >>> state.restricted
        frozenset({Seat.EAST})
        """
        self.in_force.append(restriction)
        self.restricted = frozenset(r.seat for r in self.in_force)

    def drop(self, condition: Any) -> None:
        """Lift the restrictions for which ``condition`` holds.

        >>> state = TableState(EXAMPLE_DEAL, number=1)
        >>> state.restrict(Restriction(RestrictionKind.MUST_PASS_REST, Seat.EAST, "30B"))
        >>> state.drop(lambda restriction: restriction.seat == Seat.EAST)
        >>> state.restrictions, state.restricted
        ((), frozenset())
        """
        if not self.in_force:  # nothing to lift (and ``restricted`` is empty already)
            return
        self.in_force = [r for r in self.in_force if not condition(r)]
        self.restricted = frozenset(r.seat for r in self.in_force)

    def rule(self, law: str, by: str, choice: str, message: Message) -> None:
        """Record a rectification carried out under ``law``, chosen by ``by``."""
        self.rulings_made.append(Ruling(law, by, choice, message))

    def note(self, law: str, message: Message) -> None:
        """Record a note for the Director at the end of the board."""
        self.notes_made.append(Note(law, message))

    # -- the play -------------------------------------------------------------------------

    def lead_mask(self, seat: Seat) -> int:
        """The cards ``seat`` may lead, after any Law 26 restriction (59 if it cannot comply)."""
        hand = self.hands[seat]
        if seat not in self.restricted:
            return hand
        for restriction in self.in_force:
            if restriction.seat != seat or not restriction.suits:
                continue
            bits = 0
            for suit in restriction.suits:  # 51B2b may forbid several suits
                bits |= suit_mask(suit)
            if restriction.kind is RestrictionKind.LEAD_REQUIRED and hand & bits:
                return hand & bits
            if restriction.kind is RestrictionKind.LEAD_FORBIDDEN and hand & ~bits:
                return hand & ~bits
        return hand

    # -- the flow of the Laws, supplied by the Table ----------------------------------------

    def apply(self, event: Event) -> None:
        """Apply ``event`` and log it; if it cannot apply, raise and leave the state as it was.

        No copy of the state is taken beforehand: the state is the fold of its events, so
        an event that raises half-way is undone by folding the events before it again
        (:meth:`refold`). An event that applies, nearly every one, costs no undo record.
        """
        try:
            self.dispatch(event)
        except BaseException:
            self.refold()
            raise
        self.log.append(event)

    def refold(self) -> None:
        """Make the state again the fold of its logged events (after an event raised).

        >>> state = TableState(EXAMPLE_DEAL, number=1)
        >>> state.hands[0] = 0
        >>> state.refold()
        >>> state.hand(Seat.NORTH) == EXAMPLE_DEAL[Seat.NORTH]
        True
        """
        fresh = type(self).from_event(self.board)
        for event in self.events[1:]:
            fresh.apply(event)
        self.restore(fresh.snapshot())

    def dispatch(self, event: Event) -> None:
        """Apply ``event`` by the Laws, without recording it in the log (the Table's)."""
        raise NotImplementedError

    def on_call(self, seat: Seat, call: AnyCall) -> None:
        """A call is made by ``seat``, in turn or not (the Table's)."""
        raise NotImplementedError

    def on_play(self, seat: Seat, card: Card) -> None:
        """A card is played from ``seat``'s hand (the Table's)."""
        raise NotImplementedError

    def procedure_takes_call(self, seat: Seat, call: AnyCall) -> bool:
        """Whether the rectification in progress takes this call, and then it has (the Table's)."""
        raise NotImplementedError

    def after_standing(self, seat: Seat, call: AnyCall) -> None:
        """What follows a call that now counts: restrictions, watchers, the end (the Table's)."""
        raise NotImplementedError

    def check_end(self) -> None:
        """End the auction if the calls that count end it (Law 17E; the Table's)."""
        raise NotImplementedError

    def put_card(self, seat: Seat, index: int) -> None:
        """Put ``seat``'s card in the trick in progress and go on (the Table's)."""
        raise NotImplementedError

    def close_trick(self, trick: list[int]) -> None:
        """The fourth card is played: the trick is won and its winner leads (the Table's)."""
        raise NotImplementedError

    def playable(self, seat: Seat) -> int:
        """The cards ``seat`` may play to the trick in progress, as a mask (the Table's).

        Law 44 with the restrictions in force (26, 50, 57, 62C2): the rules' one answer.
        """
        raise NotImplementedError


def waiting(procedure: Procedure) -> IllegalActionError:
    """The refusal of an action while ``procedure`` waits on something else.

    >>> print(waiting(Procedure("31", "replace", Seat.EAST, 0, awaiting=Seat.EAST)))
    the table waits for a call by East (Law 31)
    """
    decision = procedure.decision
    if decision is not None:
        return IllegalActionError(
            Message(
                N_("the table waits for a decision by {who} (Law {law}): {question}"),
                {
                    "who": Message(N_("the Director")) if decision.by is None else decision.by,
                    "law": decision.law,
                    "question": decision.question,
                },
            )
        )
    if procedure.awaiting is None:
        return IllegalActionError(
            Message(
                N_("the table waits for {seat}'s card played early to count (Law {law})"),
                {"seat": procedure.offender, "law": procedure.law},
            )
        )
    return IllegalActionError(
        Message(
            N_("the table waits for a call by {seat} (Law {law})"),
            {"seat": procedure.awaiting, "law": procedure.law},
        )
    )


def options(*items: tuple[str, str, str]) -> tuple[Option, ...]:
    """Options from (choice, law, text) triples.

    >>> options(("accept", "29A", N_("accept the call")))[0].law
    '29A'
    """
    return tuple(Option(choice, law, text) for choice, law, text in items)


def suits_of(call: AnyCall, given: Sequence[Suit] | None) -> tuple[Suit, ...]:
    """The suits a call relates to: those the Director gave, else a natural bid's suit.

    >>> from arbitro.laws.auction import read_call
    >>> suits_of(read_call("2H"), None), suits_of(read_call("2NT"), None)
    ((Suit.HEARTS,), ())
    """
    if given is not None:
        return tuple(given)
    strain = bid_shows_suit(call)
    return () if strain is None else (Suit(int(strain)),)


def cards_of(mask: int) -> list[Card]:
    """The cards of a 52-bit mask, highest index (the ace of spades) first.

    >>> cards_of(0b101)
    [Card(Suit.CLUBS, Rank.FOUR), Card(Suit.CLUBS, Rank.TWO)]
    """
    clubs, diamonds, hearts, spades = SUIT_CARDS
    try:
        return [
            *spades[mask >> 39],
            *hearts[mask >> 26 & 0x1FFF],
            *diamonds[mask >> 13 & 0x1FFF],
            *clubs[mask & 0x1FFF],
        ]
    except KeyError:
        for suit in range(4):
            suit_cards(suit, mask >> 13 * suit & 0x1FFF)
        return cards_of(mask)


# The cards of each suit's 13-bit masks, highest first, filled as masks turn up (4 x 8192
# at most): the play reads its legal cards from here.
SUIT_CARDS: tuple[dict[int, tuple[Card, ...]], ...] = ({}, {}, {}, {})


def suit_cards(suit: int, bits: int) -> tuple[Card, ...]:
    """The cards of one suit's 13-bit mask, highest first."""
    known = SUIT_CARDS[suit]
    cards = known.get(bits)
    if cards is None:
        cards = known[bits] = tuple(
            CARDS[13 * suit + rank] for rank in range(12, -1, -1) if bits >> rank & 1
        )
    return cards


def as_seat(seat: Seat | str) -> Seat:
    """``seat``, or the seat it names (``'N'``, ``'E'``, ...).

    >>> as_seat('W')
    Seat.WEST
    """
    return seat if isinstance(seat, Seat) else Seat.from_str(seat)


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


_FIELDS_OF = attrgetter(*StateSnapshot._fields)
"""Reads every field a :class:`StateSnapshot` names, in its order."""
