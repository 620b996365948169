"""Auction irregularities and their rectification (Laws 17D, 17E2, 21B, 24-39).

One module per group of Laws; this package recognises an irregular call and routes
the calls and decisions that answer a rectification in progress.

Each function takes the :class:`~arbitro.table.table.Table` and carries out one step:
recognising an irregular call, answering a decision, or a consequence that waited for
a later call. The table's book-keeping methods (``_record``, ``_set``, ``_restrict``,
``_rule``, ``_note``) are the only way these functions change it; the table saves its
state before and restores it if any of them raises.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> table.call("N", "1S")
>>> table.call("E", "1H")  # insufficient (Law 27)
>>> table.decide("S", "refuse")
>>> table.call("E", "2H")  # the lowest sufficient bid in the same strain
>>> [option.choice for option in table.pending.options]
['27B1a', '27B1b', '27B2']
>>> table.decide("director", "27B2")
>>> str(table.restrictions[0].message)
'West must pass for the rest of the auction (Law 27B2)'
"""

from __future__ import annotations

from dataclasses import replace
from importlib import import_module
from pkgutil import iter_modules
from typing import TYPE_CHECKING

from arbitro.core import PASS, Bid, Call, Double, Pass, Redouble, Seat, Strain  # noqa: F401
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall, ImpossibleBid, call_problem
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.changes import change as change_of_call
from arbitro.table.rectify.changes import unintended_insufficient_bid
from arbitro.table.rectify.common import (
    ANY_SUIT,
    CallHandler,
    DecisionHandler,
    must_pass_now,
    must_repeat,
    no_double_now,
    who,
)
from arbitro.table.rectify.consequences import watcher_fires
from arbitro.table.rectify.exposed import auction_period_ended, exposed
from arbitro.table.rectify.inadmissible import (
    after_final_pass,
    rule_held_calls,
    start_36,
    start_37,
    start_38,
)
from arbitro.table.rectify.insufficient import start_27
from arbitro.table.rectify.law17 import skipped_player, wrong_board
from arbitro.table.rectify.leads import auction_ended, lead_changes_hands
from arbitro.table.rectify.rotation import start_out_of_rotation
from arbitro.table.state import DIRECTOR, CallStatus, IllegalActionError, Message, Phase

if TYPE_CHECKING:
    from collections.abc import Callable

    from arbitro.table.base import Procedure, TableState

__all__ = [
    "after_final_pass",
    "auction_ended",
    "auction_period_ended",
    "change",
    "classify_call",
    "decide",
    "exposed",
    "lead_changes_hands",
    "procedure_takes_call",
    "skipped_player",
    "watcher_fires",
    "wrong_board",
]


# -- recognising a call ------------------------------------------------------------------


def classify_call(table: TableState, seat: Seat, call: AnyCall) -> None:
    """A call made with no ruling pending: in turn or not, legal or not (17-39).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> classify_call(table, Seat.NORTH, ImpossibleBid(8, Strain.SPADES))
    >>> table.pending.law
    '38'
    """
    turn = table.summary.turn
    if seat != turn and must_pass_now(table, turn) and seat == turn.lho:
        table.record(turn, PASS, CallStatus.DEEMED, "28A")
        table.rule(
            "28A",
            DIRECTOR,
            "28A",
            Message(
                N_("{seat} had to pass: the call of {caller} is in turn"),
                {"seat": turn, "caller": seat},
            ),
        )
        table.after_standing(turn, PASS)
        if table.phase is not Phase.AUCTION:
            after_final_pass(table, seat, call)
            return
        turn = table.summary.turn
    if isinstance(call, ImpossibleBid):
        start_38(table, seat, call)
        return
    problem = call_problem(table.summary, seat, call)
    if isinstance(call, Double | Redouble) and problem is not None:
        start_36(table, seat, call, in_turn=seat == turn)
        return
    if seat != turn:
        start_out_of_rotation(table, seat, call)
        return
    if must_pass_now(table, seat) and not isinstance(call, Pass):
        start_37(table, seat, call, "37")
        return
    if isinstance(call, Double | Redouble) and no_double_now(table, seat):
        start_37(table, seat, call, "30B2b")
        return
    repeat = must_repeat(table, seat)
    if (
        repeat is not None
        and call != repeat[0]
        # An insufficient bid must be repeated too, and then Law 27 applies (27A2, 31A1);
        # only a double or redouble no longer allowed frees the offender.
        and (isinstance(repeat[0], Bid) or call_problem(table.summary, seat, repeat[0]) is None)
    ):
        raise IllegalActionError(
            Message(
                N_("{seat} must repeat {call} (Law {law})"),
                {"seat": seat, "call": repeat[0], "law": repeat[1]},
            )
        )
    if isinstance(call, Bid) and problem is not None:
        start_27(table, seat, call)
        return
    assert isinstance(call, Call)
    table.record(seat, call, CallStatus.STANDING)
    table.after_standing(seat, call)


def change(table: TableState, seat: Seat, call: AnyCall, misinformation: bool) -> None:
    """``seat`` replaces its last call (Laws 25, 21B).

    Right after an insufficient bid, before the ruling, the Director first judges
    whether it was unintended (25A: the intended call replaces it, Law 27 does not
    apply) or a premature replacement (27C).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("N", "1S"); table.call("E", "1H")
    >>> change(table, Seat.EAST, Bid(2, Strain.HEARTS), False)
    >>> [option.law for option in table.pending.options]
    ['25A', '27C']
    """
    procedure = table.procedure
    if (
        procedure is not None
        and procedure.law == "27"
        and procedure.stage == "accept"
        and seat == procedure.offender
        and "replacement" not in dict(procedure.data)
    ):
        if misinformation:
            procedure_takes_call(table, seat, call)
        else:
            unintended_insufficient_bid(table, procedure, call)
        return
    change_of_call(table, seat, call, misinformation)


def procedure_takes_call(table: TableState, seat: Seat, call: AnyCall) -> bool:
    """Whether the rectification in progress takes this call (and then it has).

    The calls the Laws foresee before a rectification is applied: the left-hand
    opponent calling (acceptance, 27A1, 29A; or 36A, 37A, 38D, 39B), the player in turn
    calling (28B), the offender's premature replacement (27C), or the call awaited.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("S", "1H")
    >>> procedure_takes_call(table, Seat.EAST, PASS)
    False
    """
    procedure = table.procedure
    assert procedure is not None
    handler = _CALL_HANDLERS.get(procedure.law)
    if handler is None or not handler(table, procedure, seat, call):
        return False
    rule_held_calls(table)
    return True


def _either_defender(table: TableState, procedure: Procedure, by: str) -> bool:
    """Whether ``by``, the other defender, may answer for declarer's lead out of turn (55A).

    Either defender may accept it or have it withdrawn; the answer given is the
    defenders' (the one next to play prevails only if both speak and disagree).
    """
    declarer = table.declarer
    decision = procedure.decision
    return (
        procedure.law == "53"
        and declarer is not None
        and procedure.offender.side == declarer.side
        and decision is not None
        and decision.by is not None
        and by == str(decision.by.partner)
    )


def decide(table: TableState, event: DecisionEvent) -> None:
    """Apply an answer to the pending decision, checking who gives it and the choice.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("S", "1H")
    >>> table.decide("E", "accept")
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: the choice is West's, not East's (Law 29)
    """
    procedure = table.procedure
    if procedure is None or procedure.decision is None:
        raise IllegalActionError(Message(N_("there is no decision to make")))
    decision = procedure.decision
    if (
        event.by != decision.decider
        and not _either_defender(table, procedure, event.by)
        and not _may_also_answer(table, procedure, event)
    ):
        raise IllegalActionError(
            Message(
                N_("the choice is {who}'s, not {by}'s (Law {law})"),
                {"who": who(decision.decider), "by": who(event.by), "law": decision.law},
            )
        )
    option = decision.option(event.choice)
    if option is None:
        raise IllegalActionError(
            Message(
                N_("'{choice}' is not an option here; the options are {options}"),
                {"choice": event.choice, "options": ", ".join(o.choice for o in decision.options)},
            )
        )
    if option.needs == "suit" and (
        event.suit is None or (option.suits and event.suit not in option.suits)
    ):
        raise IllegalActionError(
            Message(
                N_("'{choice}' needs a suit, one of {suits}"),
                {
                    "choice": option.choice,
                    "suits": ", ".join(s.to_str() for s in option.suits or ANY_SUIT),
                },
            )
        )
    if option.needs == "card" and (
        event.card is None or (option.cards and event.card not in option.cards)
    ):
        if not option.cards:
            raise IllegalActionError(
                Message(N_("'{choice}' needs a card"), {"choice": option.choice})
            )
        raise IllegalActionError(
            Message(
                N_("'{choice}' needs a card, one of {cards}"),
                {"choice": option.choice, "cards": ", ".join(c.localized() for c in option.cards)},
            )
        )
    if option.needs == "call" and event.call is None:
        raise IllegalActionError(
            Message(N_("'{choice}' needs the call"), {"choice": option.choice})
        )
    table.procedure = replace(procedure, decision=None)
    _DECISION_HANDLERS[procedure.law](table, procedure, option, event)
    rule_held_calls(table)


_MODULES = tuple(
    import_module(f"{__name__}.{module.name}")
    for module in sorted(iter_modules(__path__), key=lambda module: module.name)
    if module.name != "common"
)
"""Every module of the package; each may register ``CALL_HANDLERS`` and ``DECISION_HANDLERS``."""
_CALL_HANDLERS: dict[str, CallHandler] = {
    law: handler
    for module in _MODULES
    for law, handler in getattr(module, "CALL_HANDLERS", {}).items()
}
_DECISION_HANDLERS: dict[str, DecisionHandler] = {
    law: handler
    for module in _MODULES
    for law, handler in getattr(module, "DECISION_HANDLERS", {}).items()
}
_OTHER_ANSWERS: dict[str, Callable[[TableState, Procedure, DecisionEvent], bool]] = {
    law: check for module in _MODULES for law, check in getattr(module, "OTHER_ANSWERS", {}).items()
}
"""Who else than the seat a decision names may answer it (a claim's dispute, Law 68D)."""


def _may_also_answer(table: TableState, procedure: Procedure, event: DecisionEvent) -> bool:
    """Whether ``event.by``, not the named decider, may give this answer (may refuse why)."""
    check = _OTHER_ANSWERS.get(procedure.law)
    return check is not None and check(table, procedure, event)
