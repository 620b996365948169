"""Laws 53-57 and 60: leads and plays out of turn.

The opening lead faced out of turn, leads out of turn in the play, premature plays,
and playing after an irregularity.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
...     table.call(seat, call)
>>> table.play("W", "HA")  # West faces the opening lead; East was on lead (Law 54)
>>> [option.choice for option in table.pending.options]
['accept', 'spread', 'refuse']
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Card, Seat, Suit
from arbitro.i18n import N_
from arbitro.table.base import CardData, EarlyCardData, Procedure, TableState, waiting
from arbitro.table.events import DecisionEvent, PlayEvent
from arbitro.table.rectify.common import DecisionHandler, ask
from arbitro.table.rectify.exposed import auction_period_ended, exposed
from arbitro.table.rectify.leads import offer_lead_choice as offer_26_choice
from arbitro.table.rectify.penalty_cards import add_penalty_cards
from arbitro.table.rectify.penalty_lead import offer_lead_choice
from arbitro.table.rectify.revokes import establish
from arbitro.table.state import (
    DIRECTOR,
    IllegalActionError,
    Message,
    Option,
    Phase,
    Restriction,
    RestrictionKind,
)


def opening_lead_out_of_turn(table: TableState, seat: Seat, card: Card) -> None:
    """The opening lead faced by the wrong defender (54), or by declarer's side (54E).

    Declarer may accept it (54B: dummy spreads, declarer plays second), spread his own
    hand and become dummy (54A), or refuse it: the card becomes a major penalty card
    (54D) and the right defender leads, with declarer's Law 50D2 options.
    """
    declarer = table.declarer
    assert declarer is not None
    if seat.side == declarer.side:
        table.rule(
            "54E",
            "director",
            "54E",
            Message(
                N_("a player of the declaring side tried to make the opening lead: Law 24 applies")
            ),
        )
        exposed(table, seat, (card,), True)
        return
    ask(
        table,
        "54",
        "ruling",
        seat,
        0,
        declarer,
        Message(
            N_("{declarer} (declarer): {seat} faced the opening lead {card} out of turn"),
            {"declarer": declarer, "seat": seat, "card": card},
        ),
        (
            Option(
                "accept",
                "54B",
                N_("accept it: dummy spreads and declarer plays second from his own hand"),
            ),
            Option(
                "spread", "54A", N_("spread your own hand: you become dummy and partner declares")
            ),
            Option(
                "refuse",
                "54D",
                N_("refuse it: the card becomes a major penalty card and the right defender leads"),
            ),
        ),
        CardData(card.index),
    )


def face_down_lead_retracted(table: TableState, seat: Seat) -> None:
    """``seat`` faces a lead while partner's opening lead lies face down: it is retracted.

    Law 54 (its opening words): the face-down lead goes back to the leader's hand, and
    Law 54 applies to the card faced out of turn.
    """
    card = table.face_down
    assert card is not None
    leader = table.leader
    table.lead_back_to_hand()
    table.rule(
        "54",
        DIRECTOR,
        "54",
        Message(
            N_(
                "{seat} faced a lead out of turn while {leader}'s opening lead lay face down: "
                "the face-down {card} is retracted"
            ),
            {"seat": seat, "leader": leader, "card": card},
        ),
    )


def face_down_lead_out_of_turn(table: TableState, seat: Seat, card: Card) -> None:
    """``seat``, not the opening leader, leads ``card`` face down; it is never faced (41A).

    Law 54 is about a lead faced out of turn. This one nobody saw: on the Director's
    instruction it is withdrawn and goes back to the hand (41A), with no penalty card,
    and the opening leader leads.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> face_down_lead_out_of_turn(table, Seat.WEST, Card.from_str("HA"))
    >>> table.rulings[-1].law, table.turn
    ('41A', Seat.EAST)
    """
    if table.phase is not Phase.OPENING_LEAD or seat != table.leader.partner:
        raise IllegalActionError(
            Message(
                N_(
                    "a face-down lead out of turn is the opening leader's partner's, before the "
                    "opening lead (Law 41A), not {seat}'s"
                ),
                {"seat": seat},
            )
        )
    if table.procedure is not None:
        raise waiting(table.procedure)
    if not table.hands[seat] >> card.index & 1:
        raise IllegalActionError(
            Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
        )
    table.rule(
        "41A",
        DIRECTOR,
        "41A",
        Message(
            N_(
                "{seat} led face down out of turn; the card, never faced, is withdrawn and "
                "goes back to his hand, and {leader} leads"
            ),
            {"seat": seat, "leader": table.leader},
        ),
    )


def _decide_54(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    offender = procedure.offender
    index = procedure.data_as(CardData).card
    card = Card.from_index(index)
    declarer = table.declarer
    contract = table.contract
    assert declarer is not None
    assert contract is not None
    table.procedure = None
    if option.choice == "refuse":
        add_penalty_cards(table, offender, (card,), "54D", deliberate=True)
        table.rule(
            "54D",
            str(declarer),
            "refuse",
            Message(
                N_(
                    "{card} becomes a major penalty card of {seat}; {leader} makes the opening lead"
                ),
                {"card": card, "seat": offender, "leader": table.leader},
            ),
        )
        offer_26_choice(table, table.leader)  # a Law 26 choice put aside
        offer_lead_choice(table, table.leader)
        return
    if option.choice == "spread":
        table.contract = replace(contract, declarer=declarer.partner)
        table.rule(
            "54A",
            str(declarer),
            "spread",
            Message(
                N_("{seat} spreads his hand and becomes dummy; {partner} is declarer"),
                {"seat": declarer, "partner": declarer.partner},
            ),
        )
    else:
        table.rule(
            "54B",
            str(declarer),
            "accept",
            Message(
                N_("the opening lead out of turn is accepted; declarer plays second from his hand")
            ),
        )
    table.phase = Phase.PLAY
    auction_period_ended(table)
    table.leader = table.to_play = offender
    table.drop(lambda r: r.kind is RestrictionKind.LEAD_OPTION and r.seat == offender.partner)
    table.put_card(offender, index)


def take_play_54(table: TableState, procedure: Procedure, seat: Seat, card: Card) -> bool:
    """Declarer plays a card to the opening lead faced out of turn: he accepts it (54B, 53A).

    A card from the hand next in rotation to the lead accepts it: dummy spreads, and
    declarer's card is the second to the trick.
    """
    declarer = table.declarer
    decision = procedure.decision
    if declarer is None or decision is None or seat != declarer or seat != procedure.offender.lho:
        return False
    accept = decision.option("accept")
    assert accept is not None
    _decide_54(table, procedure, accept, DecisionEvent(str(declarer), "accept"))
    table.on_play(seat, card)
    return True


def lead_out_of_turn(table: TableState, seat: Seat, card: Card) -> None:
    """A lead out of turn in the play (Laws 53, 55, 56).

    Declarer's lead out of turn (from either hand): the defender who would play next
    may accept it (53A) or have it withdrawn (55B). A defender's: declarer may accept
    it (53A) or refuse it, and the card becomes a major penalty card (56, 54D).
    """
    declarer = table.declarer
    assert declarer is not None
    if seat.side != declarer.side and _lead_withdrawn_under_55b2(table):
        add_penalty_cards(table, seat, (card,), "60B", deliberate=True)
        table.rule(
            "60B",
            DIRECTOR,
            "60B",
            Message(
                N_(
                    "{seat} played before declarer led from the right hand: {card} becomes a "
                    "major penalty card; {leader} leads"
                ),
                {"seat": seat, "card": card, "leader": table.to_play},
            ),
        )
        return
    if seat.side == declarer.side:
        by = seat.lho
        refuse = Option(
            "refuse", "55B", N_("have it withdrawn: the lead is made from the right hand")
        )
    else:
        by = declarer
        refuse = Option(
            "refuse",
            "56",
            N_("refuse it: the card becomes a major penalty card and the right hand leads"),
        )
    ask(
        table,
        "53",
        "ruling",
        seat,
        0,
        by,
        Message(
            N_("{by}: {seat} led {card} out of turn; {leader} was to lead. Accept the lead?"),
            {"by": by, "seat": seat, "card": card, "leader": table.to_play},
        ),
        (Option("accept", "53A", N_("accept it: it stands as the lead")), refuse),
        CardData(card.index),
    )


def take_play_53(table: TableState, procedure: Procedure, seat: Seat, card: Card) -> bool:
    """A card played while a lead out of turn awaits its ruling.

    From the hand on the offender's left: the lead is accepted (53A, 60A1). A lead by
    the player whose turn it was, an opponent of the offender: that lead stands and the
    lead out of turn is withdrawn (53C). A card from the defender on the right of the
    hand declarer led from: the lead stands and that card is a premature play (53B, 57).
    """
    offender = procedure.offender
    index = procedure.data_as(CardData).card
    if seat == offender.lho:
        _accept_53(table, procedure, index, str(seat))
        table.on_play(seat, card)
        return True
    if seat == table.to_play and seat.side != offender.side:
        table.procedure = None
        table.rule(
            "53C",
            str(seat),
            "lead",
            Message(
                N_(
                    "{seat}, whose turn it was, led: the lead out of turn is withdrawn with no "
                    "further rectification (Law 16D)"
                ),
                {"seat": seat},
            ),
        )
        table.on_play(seat, card)
        return True
    declarer = table.declarer
    if declarer is not None and offender.side == declarer.side and seat == offender.rho:
        table.procedure = None
        table.rule(
            "53B",
            str(seat),
            "play",
            Message(
                N_(
                    "{seat} played after declarer's lead out of turn {card}: the lead stands "
                    "and {seat}'s card is a premature play (Law 57)"
                ),
                {"seat": seat, "card": Card.from_index(index)},
            ),
        )
        table.leader = table.to_play = offender
        table.put_card(offender, index)
        table.on_play(seat, card)
        return True
    return False


def _lead_withdrawn_under_55b2(table: TableState) -> bool:
    """Whether declarer's lead out of turn was just withdrawn (55B2) and nothing played since.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> _lead_withdrawn_under_55b2(Table(EXAMPLE_DEAL, number=1))
    False
    """
    if not table.rulings_made or table.rulings_made[-1].law != "55B2" or table.trick:
        return False
    for event in reversed(table.log):
        if isinstance(event, PlayEvent | tuple):  # a tuple is a card or call in turn
            return False
        if isinstance(event, DecisionEvent):
            return True
    return False


def _accept_53(table: TableState, procedure: Procedure, index: int, by: str) -> None:
    table.procedure = None
    table.rule(
        "53A",
        by,
        "accept",
        Message(N_("the lead out of turn {card} is accepted"), {"card": Card.from_index(index)}),
    )
    table.leader = table.to_play = procedure.offender
    table.put_card(procedure.offender, index)


def accept_lead(table: TableState, procedure: Procedure) -> None:
    """The lead out of turn awaiting its ruling stands as the lead, no one choosing (43B3)."""
    index = procedure.data_as(CardData).card
    table.procedure = None
    table.leader = table.to_play = procedure.offender
    table.put_card(procedure.offender, index)


def _decide_53(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    index = procedure.data_as(CardData).card
    if option.choice == "accept":
        _accept_53(table, procedure, index, event.by)
        return
    table.procedure = None
    offender = procedure.offender
    declarer = table.declarer
    assert declarer is not None
    card = Card.from_index(index)
    if offender.side == declarer.side:
        law = "55B2" if table.to_play.side == declarer.side else "55B1"
        table.rule(
            law,
            event.by,
            "refuse",
            Message(
                N_("{card} goes back to its hand; {leader} leads"),
                {"card": card, "leader": table.to_play},
            ),
        )
        table.note(
            "55C",
            Message(
                N_(
                    "if declarer's play could have been based on what the lead out of turn told "
                    "him, the Director may adjust the score"
                )
            ),
        )
        return
    add_penalty_cards(table, offender, (card,), "56", deliberate=True)
    table.rule(
        "56",
        event.by,
        "refuse",
        Message(
            N_("{card} becomes a major penalty card of {seat}; {leader} leads"),
            {"card": card, "seat": offender, "leader": table.to_play},
        ),
    )
    offer_lead_choice(table, table.to_play)


def premature_play(table: TableState, seat: Seat, card: Card) -> None:
    """A card played to a trick in progress by a hand whose turn it is not (Law 57).

    A defender who plays before his partner, or leads to the next trick before partner
    has played to this one: the card becomes a major penalty card and declarer chooses
    what partner plays (57A). Not when dummy has played to the trick or declarer has
    played from both hands (57C1): the card is played with no rectification, and
    counts when its turn comes. Declarer's premature play from either hand is a played
    card (57C2), counting at its turn too. A lead to the next trick made early, by
    declarer or a defender whose partner has played, waits for the end of the trick:
    it stands if that hand wins it, and is a lead out of turn otherwise (53, 55, 56). A
    defender's card played out of turn after his partner has played is a card exposed
    by deliberate play: a major penalty card (49, 50B).
    """
    declarer = table.declarer
    assert declarer is not None
    played = {seat_ for seat_, _ in table.current_trick}
    partner = seat.partner
    already = seat in played
    if seat.side == declarer.side:
        if not already:
            table.rule(
                "57C2",
                DIRECTOR,
                "57C2",
                Message(
                    N_(
                        "{card}, played from {seat} before its turn, is a played card and "
                        "cannot be withdrawn: it counts when {seat}'s turn comes"
                    ),
                    {"card": card, "seat": seat},
                ),
            )
        _hold(table, seat, card, "lead" if already else "play")
        return
    if partner in played:
        if already:
            _hold(table, seat, card, "lead")
            return
        add_penalty_cards(table, seat, (card,), "49", deliberate=True)
        table.rule(
            "49",
            DIRECTOR,
            "49",
            Message(
                N_(
                    "{seat} played {card} out of turn after partner had played: it is a major "
                    "penalty card (Laws 49, 50B)"
                ),
                {"seat": seat, "card": card},
            ),
        )
        return
    if declarer.partner in played:
        _rule_57c1(table, seat, card)
        _hold(table, seat, card, "lead" if already else "play")
        return
    add_penalty_cards(table, seat, (card,), "57A", deliberate=True)
    led = table.trick[0] // 13
    others = tuple(suit for suit in Suit if int(suit) != led)
    ask(
        table,
        "57",
        "ruling",
        seat,
        0,
        declarer,
        Message(
            N_(
                "{declarer} (declarer): {seat} played {card} before partner; {card} is a major "
                "penalty card. What must {partner} play?"
            ),
            {"declarer": declarer, "seat": seat, "card": card, "partner": partner},
        ),
        (
            Option("highest", "57A1", N_("the highest card of the suit led")),
            Option("lowest", "57A2", N_("the lowest card of the suit led")),
            Option("forbid", "57A3", N_("no card of a suit you name"), "suit", others),
        ),
    )


def _hold(table: TableState, seat: Seat, card: Card, kind: str) -> None:
    """Keep ``seat``'s card played early until its turn (``play``) or the trick's end (``lead``)."""
    table.procedure = Procedure(
        "57C", kind, seat, len(table.tricks_played), None, None, EarlyCardData(card.index)
    )


def hold_early_card(table: TableState, seat: Seat, card: Card) -> None:
    """Let ``seat``'s card, played before its turn to this trick, count when its turn comes."""
    _hold(table, seat, card, "play")


def take_play_57c(table: TableState, procedure: Procedure, seat: Seat, card: Card) -> bool:
    """A card played in turn while an early card waits (57C); then the early card counts.

    A card played early counts when its hand's turn comes, as if played then; a lead
    made early counts when the trick is over, as the lead if its hand won the trick,
    otherwise as a lead out of turn (53, 55, 56). A defender who plays before his
    partner while dummy's card waits (or waits after dummy has played) is not subject
    to rectification (57C1): his card waits too, and counts at his turn.
    """
    if seat != table.to_play:
        return _also_early_57c1(table, procedure, seat, card)
    early = procedure.offender
    index = procedure.data_as(EarlyCardData).card
    held = Card.from_index(index)
    table.procedure = None
    if _stale(table, procedure, held) or seat == early:
        # The trick was taken back meanwhile (a revoke corrected): the early card no
        # longer waits, and its hand plays in turn.
        table.on_play(seat, card)
        return True
    table.on_play(seat, card)
    in_trick = len(table.tricks_played) == procedure.entry and table.phase is Phase.PLAY
    if procedure.stage == "play":
        if not in_trick or table.to_play != early:
            if table.procedure is None and in_trick:
                table.procedure = procedure
            return True
        # His card is already known: a choice among penalty cards (51) does not arise.
        if table.procedure is not None and table.procedure.law == "51":
            table.procedure = None
        if table.procedure is None:
            table.on_play(early, held)
            _play_then(table, procedure)
        return True
    if in_trick:
        if table.procedure is None:
            table.procedure = procedure
        return True
    if table.phase is not Phase.PLAY or table.procedure is not None:
        return True
    if table.to_play == early:
        table.rule(
            "57C",
            DIRECTOR,
            "lead",
            Message(
                N_("{card}, led early by {seat}, stands as the lead: {seat} won the trick"),
                {"card": held, "seat": early},
            ),
        )
        table.on_play(early, held)
        return True
    lead_out_of_turn(table, early, held)
    return True


def _also_early_57c1(table: TableState, procedure: Procedure, seat: Seat, card: Card) -> bool:
    """A defender plays before partner while a declaring-side card waits (57C1).

    Dummy has played a card (the one waiting, or one already in the trick): the
    defender's card brings no rectification and waits to count at his turn, after the
    card already waiting.
    """
    declarer = table.declarer
    dummy = table.dummy
    played = {seat_ for seat_, _ in table.current_trick}
    if (
        procedure.stage != "play"
        or procedure.data_as(EarlyCardData).then is not None
        or declarer is None
        or seat.side == declarer.side
        or procedure.offender.side != declarer.side
        or not (procedure.offender == dummy or dummy in played)
        or seat in played
        or seat.partner in played
        or len(table.tricks_played) != procedure.entry
        or not table.hands[seat] >> card.index & 1
    ):
        return False
    if table.unestablished:
        establish(table, seat)  # 63A1: a play to the next trick, legal or illegal
    _rule_57c1(table, seat, card)
    early = procedure.data_as(EarlyCardData)
    table.procedure = replace(procedure, data=replace(early, then=(seat, card.index)))
    return True


def _play_then(table: TableState, procedure: Procedure) -> None:
    """The defender's card waiting behind an early card (57C1) counts at its turn."""
    then = procedure.data_as(EarlyCardData).then
    if then is None:
        return
    seat, index = then
    if (
        table.phase is not Phase.PLAY
        or table.procedure is not None
        or len(table.tricks_played) != procedure.entry
        or not table.hands[seat] >> index & 1
    ):
        return
    if table.to_play == seat:
        table.on_play(seat, Card.from_index(index))
    else:
        _hold(table, seat, Card.from_index(index), "play")


def _stale(table: TableState, procedure: Procedure, held: Card) -> bool:
    """Whether the trick an early card waits in is no longer the one in progress."""
    early = procedure.offender
    played = {seat for seat, _ in table.current_trick}
    return (
        len(table.tricks_played) != procedure.entry
        or not table.hands[early] >> held.index & 1
        or (early in played) != (procedure.stage == "lead")
    )


def _decide_57(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    partner = procedure.offender.partner
    table.procedure = None
    kind = {
        "highest": RestrictionKind.PLAY_HIGHEST,
        "lowest": RestrictionKind.PLAY_LOWEST,
        "forbid": RestrictionKind.PLAY_NOT_SUIT,
    }[option.choice]
    restriction = Restriction(
        kind, partner, option.law, suits=(event.suit,) if event.suit is not None else ()
    )
    table.restrict(restriction)
    table.rule(option.law, event.by, option.choice, restriction.message)


DECISION_HANDLERS: dict[str, DecisionHandler] = {
    "53": _decide_53,
    "54": _decide_54,
    "57": _decide_57,
}
"""The decisions this module answers, by procedure."""


def _rule_57c1(table: TableState, seat: Seat, card: Card) -> None:
    """57C1: dummy has played (or his card counts as played): no rectification."""
    table.rule(
        "57C1",
        DIRECTOR,
        "57C1",
        Message(
            N_(
                "dummy has played to the trick: {seat}'s {card}, played before partner, "
                "brings no rectification and counts when its turn comes"
            ),
            {"seat": seat, "card": card},
        ),
    )
