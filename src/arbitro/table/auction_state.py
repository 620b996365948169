"""The auction's book-keeping on the table's base state, and the restrictions in force.

:class:`AuctionState` records the calls made (``entries``) and keeps the calls that count
(``standing``) and their ``summary`` consistent with them; it puts restrictions in force
and lifts them (``in_force``, ``restricted``), one-turn restrictions included
(:data:`ONE_TURN`: met by a call, back when that call stops counting), and keeps the
auction's when it ends. A mixin over :class:`~arbitro.table.state_fields.StateFields`,
gathered by :class:`~arbitro.table.base.TableState`.
"""

from __future__ import annotations

from typing import Any

from arbitro.core import (
    Pass,  # noqa: F401  (the examples)
    Seat,
    Side,
)
from arbitro.laws.auction import AnyCall, StandingCall, summarize, summary_after
from arbitro.table.auction_record import COUNTING, AuctionEntry, CallStatus
from arbitro.table.events import EXAMPLE_DEAL  # noqa: F401  (the examples' deal)
from arbitro.table.restrictions import Restriction, RestrictionKind
from arbitro.table.state_fields import StateFields

_MAKE_TUPLE = tuple.__new__
ONE_TURN = (
    RestrictionKind.MUST_PASS_NEXT_TURN,
    RestrictionKind.NO_DOUBLE_NEXT_TURN,
    RestrictionKind.MUST_REPEAT,
)
"""The restrictions that bind one turn only: the call made at that turn meets them."""


class AuctionState(StateFields):
    """The auction's book-keeping: the calls made and those that count, the restrictions."""

    __slots__ = ()

    @property
    def auction(self) -> tuple[AuctionEntry, ...]:
        """Every call made, in auction order, with what became of it.

        >>> from arbitro.laws.auction import read_call
        >>> from arbitro.table.base import TableState
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

        >>> from arbitro.table.base import TableState
        >>> table = TableState(EXAMPLE_DEAL, number=1)
        >>> table.record(Seat.NORTH, Pass(), CallStatus.STANDING)
        1
        >>> table.calls
        ((Seat.NORTH, Pass()),)
        """
        return tuple(self.standing)

    @property
    def restrictions(self) -> tuple[Restriction, ...]:
        """The restrictions in force.

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).restrictions
        ()
        """
        return tuple(self.in_force)

    def find_entry(self, number: int) -> AuctionEntry | None:
        """The auction entry of call ``number``, if there is one.

        >>> from arbitro.table.base import TableState
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

        >>> from arbitro.table.base import TableState
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

        >>> from arbitro.table.base import TableState
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

    def close_auction(self, kinds: tuple[RestrictionKind, ...] | None) -> None:
        """The auction has ended: its restrictions of ``kinds`` (None: all) are lifted.

        They are kept in :attr:`closed_auction`, and :meth:`reopen_auction` puts them
        back, should a change of call in the auction period reopen it.

        >>> from arbitro.table.base import TableState
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

        >>> from arbitro.table.base import TableState
        >>> state = TableState(EXAMPLE_DEAL, number=1)
        >>> state.restrict(Restriction(RestrictionKind.MUST_PASS_REST, Seat.EAST, "30B"))
        >>> state.restricted
        frozenset({Seat.EAST})
        """
        self.in_force.append(restriction)
        self.restricted = frozenset(r.seat for r in self.in_force)

    def drop(self, condition: Any) -> None:
        """Lift the restrictions for which ``condition`` holds.

        >>> from arbitro.table.base import TableState
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
