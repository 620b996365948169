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

from collections.abc import Iterable

from arbitro.core import (
    PASS,
    Call,
    Card,
    Double,
    Redouble,
    Seat,
    Side,
    Suit,
)
from arbitro.i18n import N_
from arbitro.laws.auction import (
    AnyCall,
    calls_available,
    read_call,
)
from arbitro.laws.revoke import Transfer
from arbitro.table import rectify as rect
from arbitro.table.base import (
    HeldCardData,
    TableState,
    as_seat,
    cards_of,
)
from arbitro.table.events import (
    EXAMPLE_DEAL,  # noqa: F401  (the examples' deal)
    CallEvent,
    ChangeEvent,
    DecisionEvent,
    Event,
    FaceLeadEvent,
    PlayEvent,
)
from arbitro.table.rectify import flow, revoke_transfers
from arbitro.table.rectify.common import must_pass_now, no_double_now, repeat_required
from arbitro.table.rectify.play import playable
from arbitro.table.state import (
    DIRECTOR,
    IllegalActionError,
    Message,
    Phase,
)

# Enum members read on every action, looked up once (a class attribute lookup on an enum
# costs several times a global's).
_AUCTION = Phase.AUCTION
_OPENING_LEAD = Phase.OPENING_LEAD
_PLAY = Phase.PLAY
_EVENT_HANDLERS = rect.EVENTS.handlers
"""The registry's handler of each event class, looked up in C on every event."""


class Table(TableState):
    """A board at the table, from the deal to the result.

    >>> from arbitro.core import Vulnerability
    >>> table = Table(EXAMPLE_DEAL, dealer=Seat.NORTH, vulnerability=Vulnerability.NONE)
    >>> table.turn, [str(call) for call in table.legal_calls()][:3]
    (Seat.NORTH, ['Pass', '1C', '1D'])
    """

    __slots__ = ()

    # -- what the table shows -------------------------------------------------------

    def score(self) -> int | None:
        """North-South's score by Law 77 once the board is over (0 if passed out).

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> for seat in "NESW":
        ...     table.call(seat, "Pass")
        >>> table.score()
        0
        """
        if self.phase is Phase.PASSED_OUT:
            return 0
        if self.phase is not Phase.COMPLETE or self.contract is None:
            return None
        declarer = self.contract.declarer
        assert declarer is not None
        vulnerable = self.vulnerability.is_vulnerable(declarer.side)
        points = self.contract.score(self.tricks_credited(declarer.side), vulnerable)
        return points if declarer.side is Side.NS else -points

    def tricks_credited(self, side: Side) -> int:
        """The tricks ``side`` is credited with: won in play, after Law 64 transfers.

        >>> Table(EXAMPLE_DEAL, number=1).tricks_credited(Side.EW)
        0
        """
        if not self.revokes_made:
            return self.won[side]
        return revoke_transfers.tricks_after_transfers(self, side)

    @property
    def transfers(self) -> tuple[Transfer, ...]:
        """The Law 64 trick transfers, once play is over.

        >>> Table(EXAMPLE_DEAL, number=1).transfers
        ()
        """
        return tuple(revoke_transfers.trick_transfers(self))

    @property
    def acting(self) -> str | None:
        """Who acts now, as the log writes it: a seat letter or ``director``.

        While a decision is pending, the one who decides acts first (a seat of the
        non-offending side, Law 10C, or the Director); then the seat whose call a
        rectification awaits; else the seat in turn. None once the board is over.

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.call("N", "1NT"); table.call("E", "Pass"); table.call("S", "1H")
        >>> table.turn, table.acting  # the insufficient bid: West decides first (27A)
        (Seat.SOUTH, 'W')
        """
        decision = self.pending
        if decision is not None:
            return decision.decider
        waiting = self.awaited or self.turn
        return None if waiting is None else str(waiting)

    def legal_calls(self) -> list[Call]:
        """The calls the player in turn may make now, restrictions included.

        Empty when the auction is over or the table waits on a decision.

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.call("N", "7NT")
        >>> [str(call) for call in table.legal_calls()]
        ['Pass', 'X']
        """
        procedure = self.procedure
        if self.phase is not _AUCTION or (procedure is not None and procedure.awaiting is None):
            return []
        summary = self.summary
        if procedure is None:
            seat = summary.turn
            calls = calls_available(summary, seat)
        else:
            awaiting = procedure.awaiting
            assert awaiting is not None
            seat = awaiting
            # After 27B3-4 the offender must make a sufficient bid or pass.
            calls = calls_available(summary, seat, doubles=procedure.stage != "replace legally")
        if self.restricted and seat in self.restricted:
            if must_pass_now(self, seat):  # before any call to repeat (31A1, 35.2)
                return [PASS]
            repeat = repeat_required(self, seat, summary)
            if repeat is not None:  # the one call taken, an insufficient bid too (27A2)
                return [repeat[0]]
            if no_double_now(self, seat):
                calls = [call for call in calls if not isinstance(call, Double | Redouble)]
        return calls

    def legal_cards(self) -> list[Card]:
        """The cards the hand due to play may play now (Laws 44C-D, 26 lead restrictions).

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.legal_cards()
        []
        """
        procedure = self.procedure
        if procedure is not None:
            if procedure.decision is not None:
                return []
            if procedure.law == "45D" and self.to_play == procedure.offender:
                return [Card.from_index(procedure.data_as(HeldCardData).card)]
        phase = self.phase
        if phase is _PLAY:
            seat = self.to_play
        elif phase is _OPENING_LEAD:
            seat = self.leader
        else:
            return []
        return cards_of(playable(self, seat))

    # -- actions ----------------------------------------------------------------------

    def call(self, seat: Seat | str, call: AnyCall | str) -> None:
        """``seat`` makes ``call``: in turn or not, legal or not.

        The call goes to the flow of the Laws (:func:`~arbitro.table.rectify.flow.on_call`,
        the handler the registry has for a :class:`CallEvent`), and is logged in the
        light form of :data:`~arbitro.table.base.LogEntry`; should it raise, the table
        is as it was before.

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.call("E", "1H")  # out of rotation: South may accept it (Law 29A)
        >>> table.pending.decider, [option.choice for option in table.pending.options]
        ('S', ['accept', 'refuse'])
        """
        if type(seat) is not Seat:
            seat = as_seat(seat)
        if isinstance(call, str):
            call = read_call(call)
        try:
            flow.on_call(self, seat, call)
        except BaseException:
            self.refold()  # what the call set off raised half-way: as it was before
            raise
        self.log.append((CallEvent, seat, call))

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
        self.apply(ChangeEvent(as_seat(seat), made, misinformation))

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
        who = DIRECTOR if by == DIRECTOR else str(as_seat(by))
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

        As :meth:`call`: the card goes to the flow of the Laws
        (:func:`~arbitro.table.rectify.flow.on_play`, the handler the registry has for a
        faced :class:`PlayEvent`) and is logged light; should it raise, nothing changed.

        >>> table = Table(EXAMPLE_DEAL, number=1)
        >>> table.play("N", "SA")
        Traceback (most recent call last):
        ...
        arbitro.table.state.IllegalActionError: no card can be played during the auction
        """
        if type(seat) is not Seat:
            seat = as_seat(seat)
        if isinstance(card, str):
            card = Card.from_str(card)
        try:
            flow.on_play(self, seat, card)
        except BaseException:
            self.refold()  # what the card set off raised half-way: as it was before
            raise
        self.log.append((PlayEvent, seat, card))

    def face_lead(self) -> None:
        """The opening lead is faced: dummy spreads and the play begins (Law 41C-D).

        >>> Table(EXAMPLE_DEAL, number=1).face_lead()
        Traceback (most recent call last):
        ...
        arbitro.table.state.IllegalActionError: there is no face-down opening lead to face
        """
        self.apply(FaceLeadEvent())

    # -- the flow of the Laws ----------------------------------------------------------

    def dispatch(self, event: Event) -> None:
        """Apply ``event`` by the Laws through its handler (the log is :meth:`apply`'s)."""
        handler = _EVENT_HANDLERS.get(type(event))
        if handler is None:
            raise IllegalActionError(Message(N_("a table has one board event, at its start")))
        handler(self, event)

    # The flow's operations are its functions themselves, bound as methods (no call in
    # between): the rules set them off through the state, ``table.put_card(...)``.
    on_call = flow.on_call
    procedure_takes_call = rect.procedure_takes_call
    after_standing = flow.after_standing
    check_end = flow.check_end
    on_play = flow.on_play
    put_card = flow.put_card
    close_trick = flow.close_trick
    playable = playable  # rectify.play.playable (imported above): Law 44 and the restrictions
