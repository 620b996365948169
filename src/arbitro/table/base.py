"""The table's public base state: what a board holds, and the book-keeping on it.

As python-chess splits ``BaseBoard`` (the position, in public fields) from ``Board``
(the rules and the move stack), :class:`TableState` holds a board's state in public,
typed fields, with the named operations that keep it consistent and an explicit
snapshot; :class:`~arbitro.table.table.Table` is the facade over it. The
rectification rules (``arbitro.table.rectify``) take a ``TableState``.

``TableState`` gathers the state's parts, one concern a module: its fields
(:mod:`~arbitro.table.state_fields`), the auction's book-keeping and the restrictions
(:mod:`~arbitro.table.auction_state`), the play's (:mod:`~arbitro.table.play_state`),
the records (:mod:`~arbitro.table.record_state`); here are the snapshot, the undo of an
event that raised, and the flow of the Laws the ``Table`` supplies. What a procedure
remembers is in :mod:`~arbitro.table.procedure`, the log's entries and the snapshot's
fields in :mod:`~arbitro.table.snapshot`, the cards and seats the rules look up in
:mod:`~arbitro.table.cards_and_seats`; the rules import them from here.

>>> from arbitro.core import Strain
>>> state = TableState(EXAMPLE_DEAL, number=1)
>>> state.record(Seat.NORTH, Bid(1, Strain.SPADES), CallStatus.STANDING)
1
>>> state.calls, state.summary.turn
(((Seat.NORTH, Bid(1, Strain.SPADES)),), Seat.EAST)
"""

from __future__ import annotations

from operator import attrgetter
from typing import Self

from arbitro.core import (
    Bid,  # noqa: F401  (the examples)
    Card,
    Deal,
    Seat,
    Vulnerability,
    law2_dealer,
    law2_vulnerability,
)
from arbitro.i18n import N_  # noqa: F401  (the examples)
from arbitro.laws.auction import AnyCall
from arbitro.table.auction_record import CallStatus  # noqa: F401  (the examples)
from arbitro.table.auction_state import ONE_TURN, AuctionState
from arbitro.table.cards_and_seats import CARDS, NEXT, as_seat, cards_of, suits_of
from arbitro.table.events import (
    EXAMPLE_DEAL,  # noqa: F401  (the examples' deal)
    BoardEvent,
    Event,
)
from arbitro.table.play_state import PlayState
from arbitro.table.procedure import (
    BeforeInsufficientData,
    CardData,
    ChangeData,
    ChangedCardData,
    EarlyCardData,
    HeldCardData,
    InsufficientData,
    LeadSource,
    PenaltyCardsData,
    Procedure,
    ProcedureData,
    TurnData,
    Watcher,
    options,
    waiting,
)
from arbitro.table.record_state import RecordState
from arbitro.table.restrictions import Restriction, RestrictionKind
from arbitro.table.snapshot import LogEntry, StateSnapshot
from arbitro.table.state import (
    Message,  # noqa: F401  (the examples)
    Phase,
)

__all__ = [
    "CARDS",
    "NEXT",
    "ONE_TURN",
    "BeforeInsufficientData",
    "CardData",
    "ChangeData",
    "ChangedCardData",
    "EarlyCardData",
    "HeldCardData",
    "InsufficientData",
    "LeadSource",
    "LogEntry",
    "PenaltyCardsData",
    "Procedure",
    "ProcedureData",
    "StateSnapshot",
    "TableState",
    "TurnData",
    "Watcher",
    "as_seat",
    "cards_of",
    "options",
    "suits_of",
    "waiting",
]


class TableState(AuctionState, PlayState, RecordState):
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

    __slots__ = ()

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

    @classmethod
    def from_event(cls, event: BoardEvent) -> Self:
        """A table for the board a ``board`` event names.

        >>> TableState.from_event(BoardEvent(EXAMPLE_DEAL, Seat.EAST, Vulnerability.ALL)).dealer
        Seat.EAST
        """
        state = cls.__new__(cls)
        state.start(event)
        return state

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

    # -- the auction reopened ------------------------------------------------------------

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


_FIELDS_OF = attrgetter(*StateSnapshot._fields)
"""Reads every field a :class:`StateSnapshot` names, in its order."""
