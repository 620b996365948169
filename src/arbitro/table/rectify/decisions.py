"""Answering a decision: who may give the answer, the choice, and what it needs.

The answer to the pending decision is checked (the seat it names, or another the Laws
let answer: either defender for declarer's lead out of turn, 55A; a claim's dispute,
68D-69A) and carried out by the handler its Law registers
(:data:`~arbitro.table.rectify.routes.DECISIONS`); the calls held under Law 33 are
taken once it is made. Under 55A the defender next after declarer's lead out of turn
overrides his partner's choice.
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.i18n import N_
from arbitro.table.base import Procedure, TableState
from arbitro.table.choice_words import ChoiceWords
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.calls import take_held_calls
from arbitro.table.rectify.claim_answers import objects_to_acquiescence
from arbitro.table.rectify.common import ANY_SUIT, who
from arbitro.table.rectify.inadmissible import rule_held_calls
from arbitro.table.rectify.routes import DECISIONS, OTHER_ANSWERS
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, IllegalActionError, Message


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


def _next_defender_prevails(table: TableState, event: DecisionEvent) -> bool:
    """55A: the defender next after declarer's lead out of turn overrides his partner.

    When his partner has just answered (the last event of the log) and he now chooses
    differently, his choice prevails: the table is folded again from the log without
    his partner's answer, and his is applied. False when this is not that case.
    """
    last = table.log[-1]
    if (
        event.by == DIRECTOR
        or not isinstance(last, DecisionEvent)
        or last.by in (DIRECTOR, event.by)
        or last.choice == event.choice
    ):
        return False
    before = type(table).from_event(table.board)
    for earlier in table.events[1:-1]:
        before.apply(earlier)
    procedure = before.procedure
    declarer = before.declarer
    decision = None if procedure is None else procedure.decision
    if (
        procedure is None
        or decision is None
        or decision.by is None
        or declarer is None
        or procedure.law != "53"
        or procedure.offender.side != declarer.side
        or event.by != str(decision.by)
        or last.by != str(decision.by.partner)
    ):
        return False
    before.apply(event)
    before.rule(
        "55A",
        DIRECTOR,
        "55A",
        Message(
            N_(
                "the defenders chose differently: the choice of {seat}, who plays next after "
                "the lead out of turn, prevails over {partner}'s"
            ),
            {"seat": decision.by, "partner": decision.by.partner},
        ),
    )
    table.restore(before.snapshot()._replace(log=list(table.log)))
    return True


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
    if _next_defender_prevails(table, event):
        return
    procedure = table.procedure
    if procedure is None and objects_to_acquiescence(table, event):
        return
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
                {
                    "choice": event.choice,
                    "options": ChoiceWords(tuple(o.choice for o in decision.options)),
                },
            )
        )
    if option.needs == "suit" and (
        event.suit is None or (option.suits and event.suit not in option.suits)
    ):
        raise IllegalActionError(
            Message(
                N_("'{choice}' needs a suit, one of {suits}"),
                {
                    "choice": ChoiceWords((option.choice,)),
                    "suits": ", ".join(s.to_str(symbols=True) for s in option.suits or ANY_SUIT),
                },
            )
        )
    if option.needs == "card" and (
        event.card is None or (option.cards and event.card not in option.cards)
    ):
        if not option.cards:
            raise IllegalActionError(
                Message(N_("'{choice}' needs a card"), {"choice": ChoiceWords((option.choice,))})
            )
        raise IllegalActionError(
            Message(
                N_("'{choice}' needs a card, one of {cards}"),
                {
                    "choice": ChoiceWords((option.choice,)),
                    "cards": ", ".join(c.localized() for c in option.cards),
                },
            )
        )
    if option.needs == "call" and event.call is None:
        raise IllegalActionError(
            Message(N_("'{choice}' needs the call"), {"choice": ChoiceWords((option.choice,))})
        )
    table.procedure = replace(procedure, decision=None)
    made = len(table.rulings_made)
    DECISIONS[procedure.law](table, procedure, option, event)
    _name_option(table, made, option)
    take_held_calls(table)
    rule_held_calls(table)


def _may_also_answer(table: TableState, procedure: Procedure, event: DecisionEvent) -> bool:
    """Whether ``event.by``, not the named decider, may give this answer (may refuse why)."""
    check = OTHER_ANSWERS.get(procedure.law)
    return check is not None and check(table, procedure, event)


def _name_option(table: TableState, made: int, option: Option) -> None:
    """The rulings the answer carried out from ``made`` on show the option chosen.

    A ruling of the answer's choice (``27B1a``, ``card``, a number of tricks) shows the
    sentence its decision offered, not the choice's code.
    """
    table.rulings_made[made:] = [
        replace(ruling, option=option)
        if ruling.choice == option.choice and ruling.option is None
        else ruling
        for ruling in table.rulings_made[made:]
    ]
