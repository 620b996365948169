"""Law 26: lead restrictions after a withdrawn call, offered to declarer and enforced in the play."""

from __future__ import annotations

from arbitro.core import Bid, Card, Seat, Suit
from arbitro.i18n import N_
from arbitro.table.base import Procedure, TableState, suits_of
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.common import DecisionHandler
from arbitro.table.rectify.penalty_cards import defenders_exposed_cards_become_penalty_cards
from arbitro.table.rectify.penalty_lead import offer_lead_choice as offer_penalty_lead_choice
from arbitro.table.restrictions import Restriction, RestrictionKind
from arbitro.table.rulings import Decision, Option
from arbitro.table.state import DIRECTOR, Message, Phase

# -- Law 26: lead restrictions ----------------------------------------------------------------


def auction_ended(table: TableState) -> None:
    """At the end of the auction, offer declarer the Law 26 lead options.

    Withdrawn calls of defenders become options; if the opening leader has one,
    declarer is asked now.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> auction_ended(Table(EXAMPLE_DEAL, number=1))
    """
    table.watchers = [w for w in table.watchers if w.law == "17D"]
    if table.contract is None:
        return
    defenders_exposed_cards_become_penalty_cards(table)
    lead_options(table)
    offer_lead_choice(table, table.leader)
    offer_penalty_lead_choice(table, table.leader)


def lead_options(table: TableState) -> None:
    """Turn the withdrawn calls of defenders into declarer's Law 26 options, by leader.

    A call that named suits the offender showed in the legal auction gives none
    (26A1); one that named other suits gives 26A2 options; any other gives 26B.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESWNE", ["1S", "Pass", "4S", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> lead_options(table); table.restrictions
    ()
    """
    declarer = table.declarer
    assert declarer is not None
    table.drop(lambda r: r.kind is RestrictionKind.LEAD_OPTION)
    by_leader: dict[Seat, list[tuple[str, tuple[Suit, ...]]]] = {}
    for source in table.lead_sources:
        offender = source.offender
        if offender.side == declarer.side:
            continue
        suits = suits_of(source.call, source.suits)
        if suits:
            unshown = tuple(s for s in suits if not _shown(table, offender, s))
            if not unshown:
                table.note(
                    "26A1",
                    Message(
                        N_(
                            "{call} of {seat} named only suits {seat} showed in the legal auction: "
                            "no lead restriction (Law 16D applies)"
                        ),
                        {"call": source.call, "seat": offender},
                    ),
                )
                continue
            by_leader.setdefault(offender.partner, []).append(("26A2", unshown))
        else:
            by_leader.setdefault(offender.partner, []).append(("26B", ()))
    for leader, found in by_leader.items():
        named = tuple(dict.fromkeys(s for law, suits in found for s in suits))
        any_suit = any(law == "26B" for law, _ in found)
        law = "26B" if any_suit and not named else ("26A2" if not any_suit else "26A2/26B")
        table.restrict(
            Restriction(
                RestrictionKind.LEAD_OPTION,
                leader,
                law,
                offender=leader.partner,
                suits=named,
                any_suit=any_suit,
            )
        )


def _shown(table: TableState, seat: Seat, suit: Suit) -> bool:
    return any(
        entry.seat == seat and isinstance(entry.call, Bid) and int(entry.call.strain) == suit
        for entry in table.entries
        if entry.counts
    )


def offer_lead_choice(table: TableState, leader: Seat) -> None:
    """If ``leader`` is about to lead with a Law 26 option pending, declarer chooses.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> offer_lead_choice(table, Seat.EAST); table.pending is None
    True
    """
    """If ``leader`` is about to lead with a Law 26 option pending, declarer chooses."""
    option = next(
        (r for r in table.in_force if r.kind is RestrictionKind.LEAD_OPTION and r.seat == leader),
        None,
    )
    if option is None or table.procedure is not None:
        return
    declarer = table.declarer
    assert declarer is not None
    named = option.suits
    choices: list[Option] = []
    if named:
        choices.append(Option("require", "26A2a", N_("require the lead of a suit"), "suit", named))
    choices.append(
        Option(
            "forbid",
            "26B" if option.any_suit else "26A2b",
            N_("forbid the lead of a suit while partner keeps the lead"),
            "suit",
            () if option.any_suit else named,
        )
    )
    choices.append(Option("none", option.law, N_("no restriction")))
    table.procedure = Procedure(
        "26",
        "ruling",
        leader.partner,
        0,
        Decision(
            declarer,
            Message(
                N_("{seat} (declarer): restrict the lead of {leader} (Law {law})?"),
                {"seat": declarer, "leader": leader, "law": option.law},
            ),
            option.law,
            tuple(choices),
        ),
    )


def _decide_26(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    leader = procedure.offender.partner
    table.procedure = None
    table.drop(lambda r: r.kind is RestrictionKind.LEAD_OPTION and r.seat == leader)
    if option.choice == "none":
        table.rule(
            option.law,
            procedure.decision.decider if procedure.decision else str(table.declarer),
            "none",
            Message(N_("no lead restriction for {seat}"), {"seat": leader}),
        )
        offer_penalty_lead_choice(table, leader)
        return
    assert event.suit is not None
    kind = (
        RestrictionKind.LEAD_REQUIRED
        if option.choice == "require"
        else RestrictionKind.LEAD_FORBIDDEN
    )
    table.restrict(Restriction(kind, leader, option.law, suits=(event.suit,)))
    table.rule(
        option.law,
        str(table.declarer),
        option.choice,
        Restriction(kind, leader, option.law, suits=(event.suit,)).message,
    )
    offer_penalty_lead_choice(table, leader)


def retract_face_down_lead(table: TableState, law: str) -> None:
    """The face-down opening lead goes back to the leader's hand (41A), if there is one.

    The Director has it withdrawn when, before it is faced, an irregularity lets declarer
    restrict that lead (26 after 39C, 50D2 after Law 24): the leader leads again, bound by
    declarer's choice.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> retract_face_down_lead(table, "39C"); table.rulings
    ()
    """
    card = table.face_down
    if card is None or table.phase is not Phase.LEAD_FACE_DOWN:
        return
    leader = table.leader
    table.lead_back_to_hand()
    table.rule(
        "41A",
        DIRECTOR,
        "41A",
        Message(
            N_(
                "{leader}'s face-down opening lead {card} goes back to the hand: declarer may "
                "restrict that lead (Law {law})"
            ),
            {"leader": leader, "card": card, "law": law},
        ),
    )


def lead_changes_hands(table: TableState, winner: Seat) -> None:
    """After a trick, update the lead restrictions for the new leader ``winner``.

    A lead prohibition ends when its player loses the lead (26A2b, 26B); a lead option
    waiting for partner's first lead is offered now.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> lead_changes_hands(Table(EXAMPLE_DEAL, number=1), Seat.NORTH)
    """
    table.drop(lambda r: r.kind is RestrictionKind.LEAD_FORBIDDEN and r.seat != winner)
    offer_lead_choice(table, winner)
    offer_penalty_lead_choice(table, winner)


def take_play_26(table: TableState, procedure: Procedure, seat: Seat, card: Card) -> bool:
    """The wrong defender leads, face up, before declarer's Law 26 choice: 54 comes first.

    The choice waits: refused (54D), the lead out of turn is a penalty card and the
    choice comes again for the right leader's lead; accepted (54B), it lapses.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> procedure = Procedure("26", "ruling", Seat.WEST, 0)
    >>> take_play_26(table, procedure, Seat.WEST, Card.from_str("D2"))  # the auction
    False
    """
    if table.phase is not Phase.OPENING_LEAD or seat != table.leader.partner:
        return False
    table.procedure = None
    table.on_play(seat, card)
    return True


DECISION_HANDLERS: dict[str, DecisionHandler] = {"26": _decide_26}
"""The decisions this module answers, by procedure."""
