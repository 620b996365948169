"""Consequences that wait for a later call.

Laws 31A and 32B (what the right-hand opponent calls), 17D (the offender's new call),
and Law 26's test of whether the offender chose a different call.
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Bid, Call, Pass, Seat, Strain, Suit  # noqa: F401  (Strain: the example)
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall, ImpossibleBid
from arbitro.table.base import LeadSource, TableState, Watcher, options, suits_of
from arbitro.table.rectify.common import ask, law23, must_pass
from arbitro.table.rectify.defective_boards import repeated_call
from arbitro.table.rectify.law17 import artificial_score
from arbitro.table.restrictions import Restriction, RestrictionKind
from arbitro.table.state import DIRECTOR, Message

# -- consequences waiting for a later call ------------------------------------------------------


def watcher_fires(table: TableState, watcher: Watcher, call: AnyCall) -> None:
    """Carry out a consequence that waited for ``watcher.seat``'s call (31A, 32B, 26, 17D).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("E", "1H")  # at North's turn: 31A depends on North's call
    >>> table.decide("S", "refuse"); table.decide("director", "natural")
    >>> table.call("N", "Pass")
    >>> str(table.restrictions[0].message)
    'East must repeat 1♥ at the next turn (Law 31A1)'
    """
    offender = watcher.offender
    if watcher.law == "31A":
        # 31A1 holds for any call out of rotation, an artificial pass included (30C).
        if isinstance(call, Pass) and isinstance(watcher.call, Call):
            table.restrict(
                Restriction(
                    RestrictionKind.MUST_REPEAT,
                    offender,
                    "31A1",
                    call=watcher.call,
                    suits=suits_of(watcher.call, watcher.suits),  # for Law 26, 29C
                )
            )
            table.rule(
                "31A1",
                DIRECTOR,
                "31A1",
                Message(
                    N_(
                        "{seat} passed: {offender} must repeat {call}, with no further "
                        "rectification"
                    ),
                    {"seat": watcher.seat, "offender": offender, "call": watcher.call},
                ),
            )
            return
        table.watchers.append(replace(watcher, law="31A2", seat=offender))
        table.rule(
            "31A2",
            DIRECTOR,
            "31A2",
            Message(
                N_(
                    "{seat} called: {offender} may make any legal call; partner's obligation "
                    "depends on it"
                ),
                {"seat": watcher.seat, "offender": offender},
            ),
        )
        return
    if watcher.law == "31A2":
        shown = suits_of(watcher.call, watcher.suits)
        artificial_pass = bool(watcher.flags and watcher.flags[0])
        # 29C: for an artificial call out of rotation the denomination is the suits it
        # showed, not the strain it named; notrump repeats none of them.
        repeats = (
            not artificial_pass
            and isinstance(call, Bid)
            and (
                int(call.strain) < 4 and Suit(int(call.strain)) in shown
                if watcher.suits
                else isinstance(watcher.call, Bid | ImpossibleBid)
                and call.strain == watcher.call.strain
            )
        )
        if repeats:
            must_pass(table, offender.partner, "31A2a", rest=False)
            table.rule(
                "31A2a",
                DIRECTOR,
                "31A2a",
                Message(
                    N_(
                        "{offender} repeated the denomination: {partner} must pass at the next turn"
                    ),
                    {"offender": offender, "partner": offender.partner},
                ),
            )
            law23(table, offender.partner, "31A2a")
            return
        must_pass(table, offender.partner, "31A2b")
        table.lead_sources.append(LeadSource(offender, watcher.call, watcher.suits))
        table.rule(
            "31A2b",
            DIRECTOR,
            "31A2b",
            Message(
                N_(
                    "{offender} did not repeat the denomination: {partner} must pass for the rest "
                    "of the auction; Law 26 may apply"
                ),
                {"offender": offender, "partner": offender.partner},
            ),
        )
        law23(table, offender.partner, "31A2b")
        return
    if watcher.law == "32B":
        if isinstance(call, Pass):
            if isinstance(watcher.call, Call):
                table.restrict(
                    Restriction(RestrictionKind.MUST_REPEAT, offender, "32B1", call=watcher.call)
                )
            table.rule(
                "32B1",
                DIRECTOR,
                "32B1",
                Message(
                    N_("{seat} passed: {offender} must repeat {call}, with no rectification"),
                    {"seat": watcher.seat, "offender": offender, "call": watcher.call},
                ),
            )
            return
        must_pass(table, offender.partner, "32B2")
        table.watchers.append(Watcher("26", offender, offender, watcher.call, ()))
        table.rule(
            "32B2",
            DIRECTOR,
            "32B2",
            Message(
                N_(
                    "{seat} called: {offender} may make any legal call and {partner} must pass for "
                    "the rest of the auction"
                ),
                {"seat": watcher.seat, "offender": offender, "partner": offender.partner},
            ),
        )
        law23(table, offender.partner, "32B2")
        return
    if watcher.law == "26":
        if call != watcher.call:
            table.lead_sources.append(LeadSource(offender, watcher.call, watcher.suits))
        return
    if watcher.law == "15C":
        repeated_call(table, watcher, call)
        return
    if watcher.law == "17D":
        lho_called, partner_called = watcher.flags
        if partner_called:
            artificial_score(
                table,
                "17D2",
                Message(
                    N_("{seat}'s partner had called over the cancelled call"), {"seat": offender}
                ),
            )
        elif lho_called:
            number = table.made
            ask(
                table,
                "17D",
                "ruling",
                offender,
                number,
                None,
                Message(
                    N_(
                        "Director: is {call} of {seat} the same as the cancelled {old} (in "
                        "meaning, and not a false call)?"
                    ),
                    {"call": call, "seat": offender, "old": watcher.call},
                ),
                options(
                    ("same", "17D2", N_("the same call: the auction goes on")),
                    ("different", "17D2", N_("a different call: artificial adjusted score")),
                ),
            )


def repeat_given_way(table: TableState, seat: Seat) -> None:
    """``seat`` passes, obliged to, at the turn he had to repeat a call (31A1, 32B1): Law 26.

    The obligation to pass prevails (35.2: the repeated call would be inadmissible); the
    call out of rotation, cancelled, is not repeated and a different call is chosen at
    that turn, so Law 26 may restrict partner's lead (26A for the suits the call named
    or, artificial, showed, 29C; 26B otherwise). A pass to repeat is repeated.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("E", "1H")  # at North's turn
    >>> table.decide("S", "refuse"); table.decide("director", "natural")
    >>> table.call("N", "Pass")  # East must repeat 1H (31A1)
    >>> must_pass(table, Seat.EAST, "24B", rest=False)  # and must pass (24B)
    >>> repeat_given_way(table, Seat.EAST)
    >>> table.lead_sources
    [LeadSource(offender=Seat.EAST, call=Bid(1, Strain.HEARTS), suits=(Suit.HEARTS,))]
    """
    repeat = next(
        (r for r in table.in_force if r.seat == seat and r.kind is RestrictionKind.MUST_REPEAT),
        None,
    )
    obligation = next(
        (
            r
            for r in table.in_force
            if r.seat == seat
            and r.kind in (RestrictionKind.MUST_PASS_NEXT_TURN, RestrictionKind.MUST_PASS_REST)
        ),
        None,
    )
    if repeat is None or repeat.call is None or isinstance(repeat.call, Pass) or obligation is None:
        return
    table.lead_sources.append(LeadSource(seat, repeat.call, repeat.suits))
    table.rule(
        "26",
        DIRECTOR,
        "26",
        Message(
            N_(
                "{obligation}, which prevails over the call to repeat: {call} is not "
                "repeated (Law {law}), and Law 26 may restrict the lead"
            ),
            {"obligation": obligation.message, "call": repeat.call, "law": repeat.law},
        ),
    )
