"""Laws 50D2 and 51B at the table: declarer restricts the lead while partner holds penalty cards.

With one major penalty card (50D2), or two or more (51B1 of one suit, 51B2 of several),
declarer may require or forbid the lead of their suit, the penalty cards of that suit
being picked up, or leave them be.
"""

from __future__ import annotations

from arbitro.core import Seat, Suit
from arbitro.i18n import N_
from arbitro.table.base import Procedure, TableState
from arbitro.table.choice_words import ChoiceWords
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.common import DecisionHandler, ask
from arbitro.table.rectify.penalty_card_play import offer_choice_of_penalty_card
from arbitro.table.rectify.penalty_cards import penalty_cards
from arbitro.table.restrictions import Restriction, RestrictionKind
from arbitro.table.rulings import Option
from arbitro.table.state import IllegalActionError, Message, Phase


def offer_lead_choice(table: TableState, leader: Seat) -> None:
    """Let declarer restrict ``leader``'s lead while partner holds a major penalty card.

    Law 50D2: require or forbid the lead of its suit, or neither.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> offer_lead_choice(Table(EXAMPLE_DEAL, number=1), Seat.EAST)
    """
    if leader.partner not in table.restricted:  # no penalty card, nor any restriction
        return
    declarer = table.declarer
    if declarer is None or table.procedure is not None or leader.side == declarer.side:
        return
    if table.phase not in (Phase.OPENING_LEAD, Phase.PLAY) or table.trick:
        return
    asked = (len(table.tricks_played), leader)
    if table.asked_50d2 == asked:
        return
    suits = tuple(
        dict.fromkeys(
            r.card.suit
            for r in penalty_cards(table, leader.partner)
            if r.major and r.card is not None and table.hands[leader.partner] >> r.card.index & 1
        )
    )
    if not suits:
        return
    # One penalty card: Law 50D2a. Two or more: 51B1 when they are of one suit (a, b:
    # require or forbid it), 51B2 when of more than one (a: require one of them).
    several = sum(1 for r in penalty_cards(table, leader.partner) if r.major) > 1
    require, forbid = (
        ("50D2a", "50D2a")
        if not several
        else ("51B1a", "51B1b")
        if len(suits) == 1
        else ("51B2a", "51B2b")
    )
    # The options agree with the lead restrictions in force (26A2, 26B): a suit whose
    # lead is forbidden cannot be required, nor a required suit forbidden.
    forbidden = _lead_suits(table, leader, RestrictionKind.LEAD_FORBIDDEN)
    required = _lead_suits(table, leader, RestrictionKind.LEAD_REQUIRED)
    to_require = tuple(suit for suit in suits if suit not in forbidden)
    to_forbid = tuple(suit for suit in suits if suit not in required)
    table.asked_50d2 = asked
    ask(
        table,
        "50D2",
        "ruling",
        leader.partner,
        0,
        declarer,
        Message(
            N_(
                "{seat} (declarer): {leader} is to lead while {partner} has a major penalty "
                "card; restrict the lead (Law 50D2)?"
            ),
            {"seat": declarer, "leader": leader, "partner": leader.partner},
        ),
        (
            *(
                (
                    Option(
                        "require",
                        require,
                        N_(
                            "require the lead of the penalty card's suit; the penalty card is "
                            "picked up"
                        ),
                        "suit",
                        to_require,
                    ),
                )
                if to_require
                else ()
            ),
            *(
                (
                    Option(
                        "forbid",
                        forbid,
                        N_(
                            "forbid the lead of that suit while partner keeps the "
                            "lead; the penalty card is picked up"
                        ),
                        "suit",
                        to_forbid,
                    ),
                )
                if to_forbid
                else ()
            ),
            Option("none", "50D2b", N_("neither: the penalty card stays a penalty card")),
            *(
                (
                    Option(
                        "forbid_suits",
                        "51B2b",
                        N_(
                            "forbid the lead of one or more of those suits while partner keeps "
                            "the lead; the penalty cards of each are picked up"
                        ),
                        "suits",
                        to_forbid,
                    ),
                )
                if len(to_forbid) > 1
                else ()
            ),
        ),
    )


def _lead_suits(table: TableState, leader: Seat, kind: RestrictionKind) -> set[Suit]:
    """The suits a lead restriction of ``kind`` in force names for ``leader``."""
    return {
        suit
        for r in table.in_force
        if r.seat == leader and r.kind is kind
        for suit in r.suits or ()
    }


def _decide_50d2(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    holder = procedure.offender
    _carry_out_50d2(table, procedure, option, event)
    # The leader's own major penalty cards, if two or more may be led (51A): a card he
    # led before the choice, for instance.
    offer_choice_of_penalty_card(table, holder.partner)


def _carry_out_50d2(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    holder = procedure.offender
    leader = holder.partner
    table.procedure = None
    declarer = table.declarer
    assert declarer is not None
    if option.choice == "none":
        table.rule(
            "50D2b",
            str(declarer),
            "none",
            Message(
                N_("no lead restriction; the penalty cards of {seat} stay"),
                {"seat": holder},
            ),
        )
        return
    if option.choice == "forbid_suits":
        _forbid_suits(table, holder, option, event)
        return
    suit = event.suit
    assert suit is not None
    table.drop(
        lambda r: (
            r.kind is RestrictionKind.PENALTY_CARD
            and r.seat == holder
            and r.card is not None
            and r.card.suit == suit
        )
    )
    kind = (
        RestrictionKind.LEAD_REQUIRED
        if option.choice == "require"
        else RestrictionKind.LEAD_FORBIDDEN
    )
    restriction = Restriction(kind, leader, option.law, suits=(suit,))
    table.restrict(restriction)
    table.rule(
        option.law,
        str(declarer),
        option.choice,
        Message(
            N_("{rule}; the penalty cards of {seat} in that suit are picked up"),
            {"rule": restriction.message, "seat": holder},
        ),
    )


def _forbid_suits(table: TableState, holder: Seat, option: Option, event: DecisionEvent) -> None:
    """51B2b: declarer forbids the lead of one or more suits of the penalty cards."""
    chosen = tuple(dict.fromkeys(event.suits or ()))
    if not chosen or any(suit not in option.suits for suit in chosen):
        raise IllegalActionError(
            Message(
                N_("'{choice}' needs one or more suits among {suits}"),
                {
                    "choice": ChoiceWords((option.choice,)),
                    "suits": ", ".join(s.to_str(symbols=True) for s in option.suits),
                },
            )
        )
    table.drop(
        lambda r: (
            r.kind is RestrictionKind.PENALTY_CARD
            and r.seat == holder
            and r.card is not None
            and r.card.suit in chosen
        )
    )
    restriction = Restriction(RestrictionKind.LEAD_FORBIDDEN, holder.partner, "51B2b", suits=chosen)
    table.restrict(restriction)
    table.rule(
        "51B2b",
        event.by,
        option.choice,
        Message(
            N_("{rule}; the penalty cards of {seat} in those suits are picked up"),
            {"rule": restriction.message, "seat": holder},
        ),
    )


DECISION_HANDLERS: dict[str, DecisionHandler] = {
    "50D2": _decide_50d2,
}
"""The decisions this module answers, by procedure."""
