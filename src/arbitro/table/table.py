"""The table: a board played by the Laws, its state the fold of its events.

Any seat may act at any time. A legal call or card in turn simply happens; an
irregular one is recorded as it happened and the table then waits on a decision (who
chooses, the options, the Law behind each) or on the call the Laws require next.
Rectifications leave restrictions in force that the table enforces later: a partner
who must pass, a call to repeat, the declarer's lead options (Law 26).

>>> table = Table(EXAMPLE_DEAL, number=1)
>>> for seat, call in [("N", "1S"), ("E", "Pass"), ("S", "4S"), ("W", "Pass"),
...                    ("N", "Pass"), ("E", "Pass")]:
...     table.call(seat, call)
>>> table.phase, table.contract
(<Phase.OPENING_LEAD: 'opening lead'>, Contract.from_str('4S N'))
>>> table.call("W", "5H")  # a defender bids after the final pass (Law 39)
>>> table.pending.decider, table.pending.options[0].law
('director', '39C')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from arbitro.core import (
    PASS,
    Bid,
    Call,
    Card,
    Contract,
    Deal,
    Double,
    Doubling,
    Hand,
    Pass,
    Redouble,
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
    AuctionEnd,
    AuctionSummary,
    StandingCall,
    auction_end,
    bid_shows_suit,
    call_problem,
    calls_available,
    final_contract,
    read_call,
    skipped_seat,
    summarize,
)
from arbitro.laws.play import suit_mask, trick_winner
from arbitro.laws.revoke import Transfer
from arbitro.table.events import (
    EXAMPLE_DEAL,  # noqa: F401  (the examples' deal)
    AlertEvent,
    BoardEvent,
    CallEvent,
    ChangeCardEvent,
    ChangeEvent,
    ClaimEvent,
    ClaimReviewEvent,
    DecisionEvent,
    DefectiveBoardEvent,
    DefectiveTrickEvent,
    DefectNoticedEvent,
    DesignateEvent,
    DummyEvent,
    DummyMisplayedEvent,
    Event,
    ExplanationEvent,
    ExposedEvent,
    FaceLeadEvent,
    FactEvent,
    FifthCardEvent,
    ObjectionEvent,
    PlayEvent,
    QuestionEvent,
    RevokeEvent,
    SeveralCardsEvent,
    SimultaneousEvent,
    SimultaneousPlaysEvent,
    WrongBoardEvent,
)
from arbitro.table.facts import Fact
from arbitro.table.facts import record as record_fact
from arbitro.table.state import (
    DIRECTOR,
    AuctionEntry,
    CallStatus,
    Decision,
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

_NEXT_TURN = (
    RestrictionKind.MUST_PASS_NEXT_TURN,
    RestrictionKind.NO_DOUBLE_NEXT_TURN,
    RestrictionKind.MUST_REPEAT,
)
_AUCTION_KINDS = (*_NEXT_TURN, RestrictionKind.MUST_PASS_REST)
_NEXT = (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH)
_CARDS = tuple(Card.from_index(index) for index in range(52))
# Enum members read on every action, looked up once (a class attribute lookup on an enum
# costs several times a global's).
_AUCTION = Phase.AUCTION
_OPENING_LEAD = Phase.OPENING_LEAD
_LEAD_FACE_DOWN = Phase.LEAD_FACE_DOWN
_PLAY = Phase.PLAY


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
    data: tuple[Any, ...] = ()


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


class Table:
    """A board at the table, from the deal to the result.

    >>> table = Table(EXAMPLE_DEAL, dealer=Seat.NORTH, vulnerability=Vulnerability.NONE)
    >>> table.turn, [str(call) for call in table.legal_calls()][:3]
    (Seat.NORTH, ['Pass', '1C', '1D'])
    """

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
        self._board = BoardEvent(deal, dealer, vulnerability, number)
        self._events: list[Event | tuple[type[CallEvent] | type[PlayEvent], Seat, Any]] = [
            self._board
        ]
        self._phase = Phase.AUCTION
        self._entries: list[AuctionEntry] = []
        self._made = 0
        self._standing: list[StandingCall] = []
        self._summary = summarize((), dealer)
        self._restrictions: list[Restriction] = []
        self._restricted: frozenset[Seat] = frozenset()
        self._watchers: list[Watcher] = []
        self._lead_sources: list[LeadSource] = []
        self._procedure: Procedure | None = None
        self._rulings: list[Ruling] = []
        self._notes: list[Note] = []
        self._explanations: list[Explanation] = []
        self._facts: list[Fact] = []
        self._contract: Contract | None = None
        self._hands = [hand.mask for hand in deal.hands]
        self._face_down: Card | None = None
        self._tricks: list[Trick] = []
        self._trick: list[int] = []
        self._leader = dealer
        self._to_play = dealer
        self._won = [0, 0]
        self._revokes: list[RevokeEntry] = []
        self._unestablished = False
        self._asked_50d2: tuple[int, Seat] | None = None
        # Calls after the final pass made while a ruling was pending: Law 39 waits (39A).
        self._held_39: list[int] = []
        self._dummy_forfeited = False
        self._closed_restrictions: tuple[int, tuple[Restriction, ...]] | None = None
        self._claim: Any = None
        self._defects: list[Any] = []

    @classmethod
    def from_event(cls, event: BoardEvent) -> Table:
        """A table for the board a ``board`` event names.

        >>> Table.from_event(BoardEvent(EXAMPLE_DEAL, Seat.EAST, Vulnerability.ALL)).dealer
        Seat.EAST
        """
        return cls(event.deal, event.dealer, event.vulnerability, event.number)

    # -- what the table shows -------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The deal, as it was before any card was played.

        >>> Table(EXAMPLE_DEAL, number=1).deal == EXAMPLE_DEAL
        True
        """
        return self._board.deal

    @property
    def dealer(self) -> Seat:
        """The dealer, who calls first (Law 17B).

        >>> Table(EXAMPLE_DEAL, number=2).dealer
        Seat.EAST
        """
        return self._board.dealer

    @property
    def vulnerability(self) -> Vulnerability:
        """The board's vulnerability (Law 2).

        >>> Table(EXAMPLE_DEAL, number=4).vulnerability
        Vulnerability.ALL
        """
        return self._board.vulnerability

    @property
    def number(self) -> int | None:
        """The board number, if known.

        >>> Table(EXAMPLE_DEAL, number=4).number
        4
        """
        return self._board.number

    @property
    def phase(self) -> Phase:
        """Where the board stands.

        >>> Table(EXAMPLE_DEAL, number=1).phase
        <Phase.AUCTION: 'auction'>
        """
        return self._phase

    @property
    def events(self) -> tuple[Event, ...]:
        """The table log: every event applied, the board first.

        >>> len(Table(EXAMPLE_DEAL, number=1).events)
        1
        """
        return tuple(
            event if not isinstance(event, tuple) else event[0](event[1], event[2])
            for event in self._events
        )

    @property
    def auction(self) -> tuple[AuctionEntry, ...]:
        """Every call made, in auction order, with what became of it.

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.call("N", "1NT")
        >>> [str(entry.call) for entry in table.auction]
        ['1NT']
        """
        return tuple(self._entries)

    @property
    def calls(self) -> tuple[StandingCall, ...]:
        """The calls that count, in order, each with its seat.

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.call("N", "Pass")
        >>> table.calls
        ((Seat.NORTH, Pass()),)
        """
        return tuple(self._standing)

    @property
    def turn(self) -> Seat | None:
        """The seat to act next: to call, to lead or to play (None once the board is over).

        In the play this is the hand whose card is due, dummy's included (declarer
        plays it).

        >>> Table(EXAMPLE_DEAL, number=3).turn
        Seat.SOUTH
        """
        phase = self._phase
        if phase is _PLAY or phase is _LEAD_FACE_DOWN:
            return self._to_play
        if phase is _AUCTION:
            return self._summary.turn
        if phase is _OPENING_LEAD:
            return self._leader
        return None

    @property
    def pending(self) -> Decision | None:
        """The decision the table waits on, if any.

        >>> Table(EXAMPLE_DEAL, number=1).pending is None
        True
        """
        return None if self._procedure is None else self._procedure.decision

    @property
    def awaited(self) -> Seat | None:
        """The seat whose call a rectification waits for (a replacement call), if any.

        >>> Table(EXAMPLE_DEAL, number=1).awaited is None
        True
        """
        return None if self._procedure is None else self._procedure.awaiting

    @property
    def restrictions(self) -> tuple[Restriction, ...]:
        """The restrictions in force.

        >>> Table(EXAMPLE_DEAL, number=1).restrictions
        ()
        """
        return tuple(self._restrictions)

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        """The rectifications carried out, in order, each with its Law and who chose.

        >>> Table(EXAMPLE_DEAL, number=1).rulings
        ()
        """
        return tuple(self._rulings)

    @property
    def notes(self) -> tuple[Note, ...]:
        """Notes for the Director at the end of the board (16D, 23, 27D, ...).

        >>> Table(EXAMPLE_DEAL, number=1).notes
        ()
        """
        return tuple(self._notes)

    @property
    def explanations(self) -> tuple[Explanation, ...]:
        """Alerts and explanations given (Law 20F).

        >>> Table(EXAMPLE_DEAL, number=1).explanations
        ()
        """
        return tuple(self._explanations)

    @property
    def facts(self) -> tuple[Fact, ...]:
        """Facts recorded for a later ruling: tempo, extraneous information, corrections (16B, 16C, 20F).

        >>> Table(EXAMPLE_DEAL, number=1).facts
        ()
        """
        return tuple(self._facts)

    @property
    def contract(self) -> Contract | None:
        """The contract, once the auction has ended in one.

        >>> Table(EXAMPLE_DEAL, number=1).contract is None
        True
        """
        return self._contract

    @property
    def declarer(self) -> Seat | None:
        """The declarer, once there is a contract.

        >>> Table(EXAMPLE_DEAL, number=1).declarer is None
        True
        """
        return None if self._contract is None else self._contract.declarer

    @property
    def dummy(self) -> Seat | None:
        """Declarer's partner, once there is a contract.

        >>> Table(EXAMPLE_DEAL, number=1).dummy is None
        True
        """
        declarer = self.declarer
        return None if declarer is None else declarer.partner

    @property
    def opening_leader(self) -> Seat | None:
        """The defender on declarer's left, who makes the opening lead (Law 41A).

        >>> Table(EXAMPLE_DEAL, number=1).opening_leader is None
        True
        """
        declarer = self.declarer
        return None if declarer is None else declarer.lho

    @property
    def face_down_lead(self) -> Card | None:
        """The opening lead while it lies face down (Law 41A).

        >>> Table(EXAMPLE_DEAL, number=1).face_down_lead is None
        True
        """
        return self._face_down

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order.

        >>> Table(EXAMPLE_DEAL, number=1).tricks
        ()
        """
        return tuple(self._tricks)

    @property
    def current_trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards played so far to the trick in progress, with their seats.

        >>> Table(EXAMPLE_DEAL, number=1).current_trick
        ()
        """
        return tuple(
            (Seat((self._leader + offset) % 4), Card.from_index(index))
            for offset, index in enumerate(self._trick)
        )

    def hand(self, seat: Seat | str) -> Hand:
        """The cards ``seat`` still holds.

        >>> Table(EXAMPLE_DEAL, number=1).hand("N") == EXAMPLE_DEAL[Seat.NORTH]
        True
        """
        return Hand(self._hands[_seat(seat)])

    def tricks_won(self, side: Side) -> int:
        """How many tricks ``side`` has won so far.

        >>> Table(EXAMPLE_DEAL, number=1).tricks_won(Side.NS)
        0
        """
        return self._won[side]

    @property
    def declarer_tricks(self) -> int | None:
        """The tricks won by the declaring side, once there is a contract.

        >>> Table(EXAMPLE_DEAL, number=1).declarer_tricks is None
        True
        """
        declarer = self.declarer
        return None if declarer is None else self._won[declarer.side]

    def score(self) -> int | None:
        """North-South's score by Law 77 once the board is over (0 if passed out).

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> for seat in "NESW":
        ...     table.call(seat, "Pass")
        >>> table.score()
        0
        """
        if self._phase is Phase.PASSED_OUT:
            return 0
        if self._phase is not Phase.COMPLETE or self._contract is None:
            return None
        declarer = self._contract.declarer
        assert declarer is not None
        vulnerable = self.vulnerability.is_vulnerable(declarer.side)
        points = self._contract.score(self.tricks_credited(declarer.side), vulnerable)
        return points if declarer.side is Side.NS else -points

    def tricks_credited(self, side: Side) -> int:
        """The tricks ``side`` is credited with: won in play, after Law 64 transfers.

        >>> Table(EXAMPLE_DEAL, number=1).tricks_credited(Side.EW)
        0
        """
        if not self._revokes:
            return self._won[side]
        from arbitro.table.rectify.revokes import tricks_after_transfers

        return tricks_after_transfers(self, side)

    @property
    def revokes(self) -> tuple[RevokeEntry, ...]:
        """The revokes made on this board, as they happened (Law 61A).

        >>> Table(EXAMPLE_DEAL, number=1).revokes
        ()
        """
        return tuple(self._revokes)

    @property
    def transfers(self) -> tuple[Transfer, ...]:
        """The Law 64 trick transfers, once play is over.

        >>> Table(EXAMPLE_DEAL, number=1).transfers
        ()
        """
        from arbitro.table.rectify.revokes import trick_transfers

        return tuple(trick_transfers(self))

    def legal_calls(self) -> list[Call]:
        """The calls the player in turn may make now, restrictions included.

        Empty when the auction is over or the table waits on a decision.

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.call("N", "7NT")
        >>> [str(call) for call in table.legal_calls()]
        ['Pass', 'X']
        """
        procedure = self._procedure
        if self._phase is not _AUCTION or (procedure is not None and procedure.awaiting is None):
            return []
        summary = self._summary
        if procedure is None:
            seat = summary.turn
            calls = calls_available(summary, seat)
        else:
            awaiting = procedure.awaiting
            assert awaiting is not None
            seat = awaiting
            # After 27B3-4 the offender must make a sufficient bid or pass.
            calls = calls_available(summary, seat, doubles=procedure.stage != "replace legally")
        if self._restricted and seat in self._restricted:
            for restriction in self._restrictions:
                if restriction.seat != seat:
                    continue
                if restriction.kind in (
                    RestrictionKind.MUST_PASS_NEXT_TURN,
                    RestrictionKind.MUST_PASS_REST,
                ):
                    return [PASS]
                if restriction.kind is RestrictionKind.MUST_REPEAT:
                    return [call for call in calls if call == restriction.call] or calls
                if restriction.kind is RestrictionKind.NO_DOUBLE_NEXT_TURN:
                    calls = [call for call in calls if not isinstance(call, Double | Redouble)]
        return calls

    def legal_cards(self) -> list[Card]:
        """The cards the hand due to play may play now (Laws 44C-D, 26 lead restrictions).

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.legal_cards()
        []
        """
        procedure = self._procedure
        if procedure is not None and procedure.decision is not None:
            return []
        if procedure is not None and procedure.law == "45D" and self._to_play == procedure.offender:
            return [Card.from_index(dict(procedure.data)["card"])]
        phase = self._phase
        if phase is _PLAY:
            seat = self._to_play
        elif phase is _OPENING_LEAD:
            seat = self._leader
        else:
            return []
        if self._restricted and seat in self._restricted:
            from arbitro.table.rectify.play import playable

            return cards_of(playable(self, seat))
        hand = self._hands[seat]
        trick = self._trick
        if trick:
            led = trick[0] // 13
            following = hand >> 13 * led & 0x1FFF
            if following:
                cards = _SUIT_CARDS[led].get(following)
                return list(_suit_cards(led, following) if cards is None else cards)
        return cards_of(hand)

    # -- actions ----------------------------------------------------------------------

    def call(self, seat: Seat | str, call: AnyCall | str) -> None:
        """``seat`` makes ``call``: in turn or not, legal or not.

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.call("E", "1H")  # out of rotation: South may accept it (Law 29A)
        >>> table.pending.decider, [option.choice for option in table.pending.options]
        ('S', ['accept', 'refuse'])
        """
        if type(seat) is Seat and not isinstance(call, str) and self._fast_call(seat, call):
            self._events.append((CallEvent, seat, call))
            return
        made = read_call(call) if isinstance(call, str) else call
        self.apply(CallEvent(_seat(seat), made))

    def change(
        self, seat: Seat | str, call: AnyCall | str, *, misinformation: bool = False
    ) -> None:
        """``seat`` replaces its last call by ``call`` (Law 25, or 21B after misinformation).

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.call("N", "1H")
        >>> table.change("N", "1S")
        >>> [option.choice for option in table.pending.options]
        ['25A', '25B']
        """
        made = read_call(call) if isinstance(call, str) else call
        self.apply(ChangeEvent(_seat(seat), made, misinformation))

    def decide(
        self,
        by: Seat | str,
        choice: str,
        *,
        suit: Suit | str | None = None,
        suits: Iterable[Suit | str] | None = None,
        call: AnyCall | str | None = None,
    ) -> None:
        """Answer the pending decision: ``by`` a seat or ``"director"``, with ``choice``.

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.call("E", "1H")
        >>> table.decide("S", "accept")
        >>> table.turn
        Seat.SOUTH
        """
        who = DIRECTOR if by == DIRECTOR else str(_seat(by))
        self.apply(
            DecisionEvent(
                who,
                choice,
                Suit.from_str(suit) if isinstance(suit, str) else suit,
                None
                if suits is None
                else tuple(Suit.from_str(s) if isinstance(s, str) else s for s in suits),
                read_call(call) if isinstance(call, str) else call,
            )
        )

    def play(self, seat: Seat | str, card: Card | str) -> None:
        """A card is played from ``seat``'s hand (dummy's cards by declarer).

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.play("N", "SA")
        Traceback (most recent call last):
        ...
        arbitro.table.state.IllegalActionError: no card can be played during the auction
        """
        # The fast path of _fast_play, written out here: it runs for every card.
        if (
            seat is self._to_play
            and self._phase is _PLAY
            and type(card) is Card
            and self._procedure is None
            and not self._restricted
            and not self._unestablished
        ):
            index = card.index
            hands = self._hands
            hand = hands[seat]
            trick = self._trick
            if hand >> index & 1 and not (
                trick and index // 13 != trick[0] // 13 and hand >> 13 * (trick[0] // 13) & 0x1FFF
            ):
                hands[seat] = hand ^ 1 << index
                trick.append(index)
                self._events.append((PlayEvent, seat, card))
                if len(trick) < 4:
                    self._to_play = _NEXT[seat]
                else:
                    self._close_trick(trick)
                return
        if type(seat) is Seat and type(card) is Card and self._fast_play(seat, card):
            self._events.append((PlayEvent, seat, card))
            return
        self.apply(PlayEvent(_seat(seat), Card.from_str(card) if isinstance(card, str) else card))

    def face_lead(self) -> None:
        """The opening lead is faced: dummy spreads and the play begins (Law 41C-D).

        >>> Table(EXAMPLE_DEAL, number=1).face_lead()
        Traceback (most recent call last):
        ...
        arbitro.table.state.IllegalActionError: there is no face-down opening lead to face
        """
        if self._fast_face():
            self._events.append(FaceLeadEvent())
            return
        self.apply(FaceLeadEvent())

    def apply(self, event: Event) -> None:
        """Apply one event; if it cannot apply, raise and leave the table as it was.

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.apply(CallEvent(Seat.NORTH, read_call("1C")))
        >>> table.calls
        ((Seat.NORTH, Bid(1, Strain.CLUBS)),)
        """
        try:
            if type(event) is CallEvent and self._fast_call(event.seat, event.call):
                self._events.append(event)
                return
            if type(event) is PlayEvent and self._fast_play(event.seat, event.card):
                self._events.append(event)
                return
            if type(event) is FaceLeadEvent and self._fast_face():
                self._events.append(event)
                return
        except BaseException:
            # A fast path takes no snapshot: should what follows a call or a card raise
            # half-way, the table is folded again from its events, as it was before.
            self._refold()
            raise
        saved = self._save()
        try:
            self._dispatch(event)
        except BaseException:
            self.__dict__.update(saved)
            raise
        self._events.append(event)

    def _refold(self) -> None:
        """Make the table again the fold of its events (after a fast path failed half-way)."""
        fresh = type(self).from_event(self._board)
        for event in self.events[1:]:
            fresh.apply(event)
        self.__dict__.update(fresh.__dict__)

    # -- fast paths: a legal call or card in turn ---------------------------------------

    def _fast_call(self, seat: Seat, call: AnyCall) -> bool:
        ends = type(call) is Pass and self._summary.passes >= 2  # may end the auction
        if (
            self._procedure is not None
            or self._phase is not _AUCTION
            or seat is not self._summary.turn
            or (self._restricted and seat in self._restricted)
            or not isinstance(call, Call)
            or call_problem(self._summary, seat, call) is not None
            # A call a watcher waits for, or a pass that may end the auction of a board
            # with an irregularity, starts a rectification: the general path judges it.
            # On a board without one (no ruling yet) the end of the auction is taken here
            # (should it raise, apply() folds the table again from its events).
            or self._watchers
            or (ends and self._rulings)
        ):
            return False
        self._add_standing(seat, call)
        if ends:
            self._check_end()
        return True

    def _fast_play(self, seat: Seat, card: Card) -> bool:
        """Play a legal card (44C) of the hand due to play, if nothing stands in the way.

        Nothing stands in the way with no procedure, restriction or unestablished revoke
        at the table. The opening lead by the leader is put face down (41A). Otherwise
        False, nothing changed: the general path judges the card.
        """
        if (
            seat is not self._to_play
            or self._procedure is not None
            or self._restricted
            or self._unestablished
        ):
            return False
        index = card.index
        hands = self._hands
        hand = hands[seat]
        if self._phase is not _PLAY:
            if (
                self._phase is not _OPENING_LEAD
                or seat is not self._leader
                or not hand >> index & 1
            ):
                return False
            hands[seat] = hand ^ 1 << index
            self._face_down = card
            self._phase = _LEAD_FACE_DOWN
            return True
        trick = self._trick
        if not hand >> index & 1 or (
            trick and index // 13 != trick[0] // 13 and hand >> 13 * (trick[0] // 13) & 0x1FFF
        ):
            return False
        hands[seat] = hand ^ 1 << index
        trick.append(index)
        if len(trick) < 4:
            self._to_play = _NEXT[seat]
        else:
            self._close_trick(trick)
        return True

    def _fast_face(self) -> bool:
        """Face the opening lead (41C) if no procedure or restriction is in force.

        Otherwise False, nothing changed: the general path faces it.
        """
        card = self._face_down
        if (
            self._phase is not _LEAD_FACE_DOWN
            or card is None
            or self._procedure is not None
            or self._restricted
            or self._unestablished
        ):
            return False
        index = card.index
        leader = self._leader
        self._face_down = None
        self._phase = _PLAY
        self._to_play = _NEXT[leader]
        self._trick.append(index)
        return True

    def _save(self) -> dict[str, Any]:
        return {
            name: value.copy() if isinstance(value, list) else value
            for name, value in self.__dict__.items()
        }

    # -- dispatch -----------------------------------------------------------------------

    def _dispatch(self, event: Event) -> None:
        from arbitro.table import rectify as rect

        if isinstance(event, CallEvent):
            self._on_call(event.seat, event.call)
        elif isinstance(event, PlayEvent):
            self._on_play(event.seat, event.card)
        elif isinstance(event, DecisionEvent):
            rect.decide(self, event)
        elif isinstance(event, FaceLeadEvent):
            self._on_face_lead()
        elif isinstance(event, ChangeEvent):
            rect.change(self, event.seat, event.call, event.misinformation)
        elif isinstance(event, SimultaneousEvent):
            self._on_simultaneous(event)
        elif isinstance(event, AlertEvent | ExplanationEvent):
            self._on_explanation(event)
        elif isinstance(event, ExposedEvent):
            if self._phase is Phase.PLAY:
                from arbitro.table.rectify.penalty_cards import exposed_in_play

                exposed_in_play(self, event.seat, event.cards, event.deliberate)
            else:
                rect.exposed(self, event.seat, event.cards, event.premature_lead)
        elif isinstance(event, WrongBoardEvent):
            rect.wrong_board(self, event.seat)
        elif isinstance(event, DefectiveBoardEvent):
            from arbitro.table.rectify.defective_boards import defective_board

            defective_board(self, event)
        elif isinstance(event, RevokeEvent):
            from arbitro.table.rectify.revokes import noticed

            if self._phase not in (Phase.PLAY, Phase.COMPLETE):
                raise IllegalActionError(Message(N_("a revoke is a matter of the play")))
            noticed(self, event.seat, event.late)
        elif isinstance(event, DesignateEvent):
            from arbitro.table.rectify.play import designate

            designate(self, event.text)
        elif isinstance(event, ChangeCardEvent | DummyMisplayedEvent | SeveralCardsEvent):
            self._on_card_taken_back(event)
        elif isinstance(event, QuestionEvent):
            from arbitro.table.rectify.questions import question

            question(self, event.seat, event.kind)
        elif isinstance(event, FifthCardEvent):
            from arbitro.table.rectify.played_cards import fifth_card

            fifth_card(self, event.seat, event.card)
        elif isinstance(event, SimultaneousPlaysEvent):
            from arbitro.table.rectify.played_cards import simultaneous_plays

            simultaneous_plays(self, event.plays)
        elif isinstance(event, DefectiveTrickEvent | DefectNoticedEvent):
            from arbitro.table.rectify import defective

            defective.handle(self, event)
        elif isinstance(event, DummyEvent):
            from arbitro.table.rectify import dummy

            {
                "forfeits": dummy.forfeits,
                "warns": dummy.warns_wrong_hand,
                "asks_revoke": dummy.asks_about_revoke,
                "spreads": dummy.spreads,
                "draws_attention": dummy.draws_attention,
                "indicates": dummy.indicates,
            }[event.act](self)
        elif isinstance(event, ClaimEvent | ObjectionEvent | ClaimReviewEvent):
            from arbitro.table.rectify import claims

            claims.handle(self, event)
        elif isinstance(event, FactEvent):
            self._facts.append(record_fact(self, event))
        else:
            self._dispatch_47_66(event)

    def _dispatch_47_66(self, event: Event) -> None:
        """The events of Laws 47B, 47E, 61B, 65 and 66, or a second board event."""
        from arbitro.table.events import (
            InspectEvent,
            RevokeQuestionEvent,
            WithdrawEvent,
            WrongWayEvent,
        )

        if isinstance(event, WithdrawEvent):
            from arbitro.table.rectify.played_cards import withdraw

            withdraw(self, event.seat, event.card, event.reason)
        elif isinstance(event, RevokeQuestionEvent):
            from arbitro.table.rectify.revokes import revoke_question

            revoke_question(self, event.seat, event.asked)
        elif isinstance(event, InspectEvent | WrongWayEvent):
            from arbitro.table.rectify import tricks

            tricks.handle(self, event)
        else:
            raise IllegalActionError(Message(N_("a table has one board event, at its start")))

    def _on_call(self, seat: Seat, call: AnyCall) -> None:
        from arbitro.table import rectify as rect

        if self._phase in (Phase.OPENING_LEAD, Phase.LEAD_FACE_DOWN, Phase.PASSED_OUT):
            if self._procedure is not None and rect.procedure_takes_call(self, seat, call):
                return
            rect.after_final_pass(self, seat, call)
            return
        if self._phase is not Phase.AUCTION:
            raise IllegalActionError(Message(N_("the auction is over")))
        if self._procedure is not None:
            if rect.procedure_takes_call(self, seat, call):
                return
            raise _waiting(self._procedure)
        rect.classify_call(self, seat, call)

    def _on_simultaneous(self, event: SimultaneousEvent) -> None:
        first, second = event.calls
        if self._phase is not Phase.AUCTION or self._procedure is not None:
            raise IllegalActionError(
                Message(N_("simultaneous calls are for the auction, with no ruling pending"))
            )
        if second.seat == self._summary.turn:
            first, second = second, first
        elif first.seat != self._summary.turn:
            raise IllegalActionError(
                Message(N_("of two simultaneous calls, one must be by the player in turn (Law 33)"))
            )
        self._rule(
            "33",
            DIRECTOR,
            "33",
            Message(
                N_("the call of {first} counts first; that of {second} after it"),
                {"first": first.seat, "second": second.seat},
            ),
        )
        self._on_call(first.seat, first.call)
        self._on_call(second.seat, second.call)

    def _on_explanation(self, event: AlertEvent | ExplanationEvent) -> None:
        number = event.call_number
        if number is None:
            partner_calls = [e for e in self._entries if e.seat == event.seat.partner]
            if not partner_calls:
                raise IllegalActionError(
                    Message(N_("{seat}'s partner has made no call to alert"), {"seat": event.seat})
                )
            number = max(entry.number for entry in partner_calls)
        entry = self._find(number)
        if entry is None:
            raise IllegalActionError(
                Message(N_("there is no call number {number} in the auction"), {"number": number})
            )
        if entry.seat != event.seat.partner:
            raise IllegalActionError(
                Message(
                    N_("{seat} alerts and explains partner's calls, not call {number} (Law 20F1)"),
                    {"seat": event.seat, "number": number},
                )
            )
        if isinstance(event, AlertEvent):
            self._explanations.append(Explanation(event.seat, number, alert=True))
        else:
            self._explanations.append(
                Explanation(event.seat, number, text=event.text, asked_by=event.asked_by)
            )

    # -- the auction's book-keeping (used by the rectifications) --------------------------

    def _find(self, number: int) -> AuctionEntry | None:
        return next((entry for entry in self._entries if entry.number == number), None)

    def _position(self, number: int) -> int:
        for position, entry in enumerate(self._entries):
            if entry.number == number:
                return position
        raise KeyError(number)

    def _record(
        self,
        seat: Seat,
        call: AnyCall,
        status: CallStatus,
        law: str | None = None,
        after: int | None = None,
        unauthorized_for: Side | None = None,
    ) -> int:
        """Record a call made; ``after`` places it right after that entry's number."""
        self._made += 1
        entry = AuctionEntry(self._made, seat, call, status, law, unauthorized_for)
        if after is None:
            self._entries.append(entry)
        else:
            self._entries.insert(self._position(after) + 1, entry)
        if status.counts:
            self._rebuild()
        return self._made

    def _set(
        self,
        number: int,
        status: CallStatus,
        law: str | None,
        unauthorized_for: Side | None = None,
    ) -> AuctionEntry:
        position = self._position(number)
        entry = self._entries[position]._replace(
            status=status, law=law, unauthorized_for=unauthorized_for
        )
        self._entries[position] = entry
        self._rebuild()
        return entry

    def _rebuild(self) -> None:
        self._standing = [(entry.seat, entry.call) for entry in self._entries if entry.counts]  # type: ignore[misc]
        self._summary = summarize(self._standing, self.dealer)

    def _add_standing(self, seat: Seat, call: Call) -> None:
        """A legal call in turn (the fast path): record it (``_fast_call`` sees to the end).

        Never a call a watcher waits for (``_fast_call`` sends those to the general path),
        so nothing here can raise half-way.
        """
        self._made += 1
        self._entries.append(AuctionEntry(self._made, seat, call))
        self._standing.append((seat, call))
        summary = self._summary
        if isinstance(call, Pass):
            self._summary = AuctionSummary(
                _NEXT[seat],
                summary.last_bid,
                summary.bidder,
                summary.doubling,
                summary.doubler,
                summary.passes + 1,
            )
        elif isinstance(call, Bid):
            self._summary = AuctionSummary(_NEXT[seat], call, seat, Doubling.UNDOUBLED, None, 0)
        else:
            doubling = Doubling.DOUBLED if isinstance(call, Double) else Doubling.REDOUBLED
            self._summary = AuctionSummary(
                _NEXT[seat], summary.last_bid, summary.bidder, doubling, seat, 0
            )

    def _after_standing(self, seat: Seat, call: AnyCall) -> None:
        """Consequences of a call that now counts: next-turn restrictions, watchers, end."""
        if seat in self._restricted:
            self._drop(lambda r: r.seat == seat and r.kind in _NEXT_TURN)
        if self._watchers:
            self._fire_watchers(seat, call)
        if self._phase is Phase.AUCTION and self._procedure is None:
            self._check_end()

    def _fire_watchers(self, seat: Seat, call: AnyCall) -> None:
        from arbitro.table import rectify as rect

        for watcher in list(self._watchers):
            if watcher.seat == seat and watcher in self._watchers:
                self._watchers.remove(watcher)
                rect.watcher_fires(self, watcher, call)

    def _check_end(self) -> None:
        end = auction_end(self._standing)
        if end is None:
            return
        skipped = skipped_seat(self._standing, self.dealer)
        if skipped is not None:
            from arbitro.table import rectify as rect

            rect.skipped_player(self, *skipped)
            return
        if end is AuctionEnd.PASSED_OUT:
            self._phase = Phase.PASSED_OUT
            self._restrictions = []
            self._restricted = frozenset()
            return
        self._contract = final_contract(self._standing, self._summary)
        self._phase = Phase.OPENING_LEAD
        declarer = self._contract.declarer
        assert declarer is not None
        self._leader = self._to_play = declarer.lho
        self._drop(lambda r: r.kind in _AUCTION_KINDS)
        from arbitro.table import rectify as rect

        rect.auction_ended(self)

    def _lead_back_to_hand(self) -> Card | None:
        """The face-down opening lead, if any, goes back to the leader's hand (41A).

        The leader is to lead again; returns the card that went back.
        """
        card = self._face_down
        if card is not None:
            self._hands[self._leader] |= 1 << card.index
            self._face_down = None
            self._phase = Phase.OPENING_LEAD
        return card

    def _reopen_auction(self) -> None:
        """A change of call in the clarification period brings the auction back (25A).

        What was decided for the old contract goes: a face-down lead back to the hand, the
        lead restrictions declarer chose (26, 50D2; the Law 26 options come again from the
        withdrawn calls at the new end), and the Law 24 penalty cards become exposed cards
        again, to be judged when the auction ends anew (a defender's become penalty cards;
        declarer's or dummy's go back to the hand).
        """
        self._lead_back_to_hand()
        self._contract = None
        self._phase = Phase.AUCTION
        self._asked_50d2 = None
        self._restrictions = [
            Restriction(RestrictionKind.EXPOSED_CARD, r.seat, "24", card=r.card, major=r.major)
            if r.kind is RestrictionKind.PENALTY_CARD and r.law == "24"
            else r
            for r in self._restrictions
        ]
        leads = (
            RestrictionKind.LEAD_OPTION,
            RestrictionKind.LEAD_REQUIRED,
            RestrictionKind.LEAD_FORBIDDEN,
        )
        self._drop(lambda r: r.kind in leads)

    def _restrict(self, restriction: Restriction) -> None:
        self._restrictions.append(restriction)
        self._restricted = frozenset(r.seat for r in self._restrictions)

    def _drop(self, condition: Any) -> None:
        self._restrictions = [r for r in self._restrictions if not condition(r)]
        self._restricted = frozenset(r.seat for r in self._restrictions)

    def _rule(self, law: str, by: str, choice: str, message: Message) -> None:
        self._rulings.append(Ruling(law, by, choice, message))

    def _note(self, law: str, message: Message) -> None:
        self._notes.append(Note(law, message))

    # -- the play -------------------------------------------------------------------------

    def _lead_mask(self, seat: Seat) -> int:
        """The cards ``seat`` may lead, after any Law 26 restriction (59 if it cannot comply)."""
        hand = self._hands[seat]
        if seat not in self._restricted:
            return hand
        for restriction in self._restrictions:
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

    def _on_play(self, seat: Seat, card: Card) -> None:
        from arbitro.table.rectify import play

        if self._phase is Phase.AUCTION:
            raise IllegalActionError(Message(N_("no card can be played during the auction")))
        if self._phase not in (Phase.OPENING_LEAD, Phase.PLAY):
            if (
                self._phase is Phase.LEAD_FACE_DOWN
                and self._procedure is None
                and seat == self._leader.partner
            ):
                from arbitro.table.rectify.out_of_turn import face_down_lead_retracted

                face_down_lead_retracted(self, seat)
                play.play_card(self, seat, card)
                return
            if self._phase is Phase.LEAD_FACE_DOWN:
                raise IllegalActionError(
                    Message(N_("the opening lead must be faced before play goes on (Law 41C)"))
                )
            raise IllegalActionError(Message(N_("the play is over")))
        if self._procedure is not None:
            if play.procedure_takes_play(self, seat, card):
                return
            raise _waiting(self._procedure)
        play.play_card(self, seat, card)

    def _on_card_taken_back(
        self, event: ChangeCardEvent | DummyMisplayedEvent | SeveralCardsEvent
    ) -> None:
        from arbitro.table.rectify import played_cards

        if isinstance(event, ChangeCardEvent):
            played_cards.change_card(self, event.seat, event.card)
        elif isinstance(event, DummyMisplayedEvent):
            played_cards.dummy_misplayed(self, event.card)
        else:
            if self._phase is not Phase.PLAY:
                raise IllegalActionError(Message(N_("cards are played only during the play")))
            played_cards.several_cards(self, event.seat, event.cards, event.played)

    def _on_face_lead(self) -> None:
        if self._phase is not Phase.LEAD_FACE_DOWN or self._face_down is None:
            raise IllegalActionError(Message(N_("there is no face-down opening lead to face")))
        if self._procedure is not None:
            raise _waiting(self._procedure)
        from arbitro.table import rectify as rect

        card = self._face_down
        self._face_down = None
        self._phase = Phase.PLAY
        rect.auction_period_ended(self)
        self._hands[self._leader] |= 1 << card.index
        self._to_play = self._leader
        from arbitro.table.rectify.play import face_opening_lead

        face_opening_lead(self, self._leader, card)

    def _put_card(self, seat: Seat, index: int) -> None:
        if self._unestablished:
            from arbitro.table.rectify.revokes import establish

            establish(self, seat)
        self._hands[seat] &= ~(1 << index)
        trick = self._trick
        trick.append(index)
        if len(trick) == 1 and seat in self._restricted:
            self._drop(lambda r: r.seat == seat and r.kind is RestrictionKind.LEAD_REQUIRED)
        if seat in self._restricted:
            # A penalty card played (the opening lead included) is no longer one (Law 50);
            # a 57A requirement is for one card.
            self._drop(
                lambda r: (
                    r.seat == seat
                    and (
                        r.kind in _ONE_CARD_KINDS
                        or (
                            r.kind is RestrictionKind.PENALTY_CARD
                            and r.card is not None
                            and r.card.index == index
                        )
                    )
                )
            )
        if len(trick) < 4:
            self._to_play = _NEXT[seat]
            if self._restricted:
                from arbitro.table.rectify.penalty_cards import offer_choice_of_penalty_card

                offer_choice_of_penalty_card(self, self._to_play)
            return
        self._close_trick(trick)

    def _close_trick(self, trick: list[int]) -> None:
        """The fourth card is played: the trick is won (Law 44E-F), the winner leads."""
        contract = self._contract
        assert contract is not None
        leader = self._leader
        winner = _SEATS[(leader + trick_winner(trick, contract.strain)) % 4]
        tricks = self._tricks
        tricks.append(Trick(leader, tuple(map(_CARDS.__getitem__, trick)), winner))
        self._won[winner & 1] += 1
        self._trick = []
        self._leader = self._to_play = winner
        if len(tricks) == 13:
            self._phase = Phase.COMPLETE
            self._restrictions = []
            self._restricted = frozenset()
            return
        if self._restricted:
            from arbitro.table import rectify as rect
            from arbitro.table.rectify.penalty_cards import offer_choice_of_penalty_card

            # What was in force when the trick closed, should it be reopened (45C4b, 45D, 47E2a).
            self._closed_restrictions = (len(tricks), tuple(self._restrictions))
            rect.lead_changes_hands(self, winner)
            offer_choice_of_penalty_card(self, winner)


_SEATS = tuple(Seat)
_ONE_CARD_KINDS = (
    RestrictionKind.PLAY_HIGHEST,
    RestrictionKind.PLAY_LOWEST,
    RestrictionKind.PLAY_NOT_SUIT,
)


def cards_of(mask: int) -> list[Card]:
    """The cards of a 52-bit mask, highest index (the ace of spades) first.

    >>> cards_of(0b101)
    [Card(Suit.CLUBS, Rank.FOUR), Card(Suit.CLUBS, Rank.TWO)]
    """
    clubs, diamonds, hearts, spades = _SUIT_CARDS
    try:
        return [
            *spades[mask >> 39],
            *hearts[mask >> 26 & 0x1FFF],
            *diamonds[mask >> 13 & 0x1FFF],
            *clubs[mask & 0x1FFF],
        ]
    except KeyError:
        for suit in range(4):
            _suit_cards(suit, mask >> 13 * suit & 0x1FFF)
        return cards_of(mask)


# The cards of each suit's 13-bit masks, highest first, filled as masks turn up (4 x 8192
# at most): the play reads its legal cards from here.
_SUIT_CARDS: tuple[dict[int, tuple[Card, ...]], ...] = ({}, {}, {}, {})


def _suit_cards(suit: int, bits: int) -> tuple[Card, ...]:
    """The cards of one suit's 13-bit mask, highest first."""
    known = _SUIT_CARDS[suit]
    cards = known.get(bits)
    if cards is None:
        cards = known[bits] = tuple(
            _CARDS[13 * suit + rank] for rank in range(12, -1, -1) if bits >> rank & 1
        )
    return cards


def _seat(seat: Seat | str) -> Seat:
    return seat if isinstance(seat, Seat) else Seat.from_str(seat)


def _waiting(procedure: Procedure) -> IllegalActionError:
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

    >>> suits_of(read_call("2H"), None), suits_of(read_call("2NT"), None)
    ((Suit.HEARTS,), ())
    """
    if given is not None:
        return tuple(given)
    strain = bid_shows_suit(call)
    return () if strain is None else (Suit(int(strain)),)
