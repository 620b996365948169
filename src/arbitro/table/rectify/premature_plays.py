"""Law 57 at the table: premature plays, and a card played early that counts at its turn.

A defender's card played before partner's is a major penalty card, and declarer
chooses what partner plays (57A); after dummy has played, none is due (57C1);
declarer's card played early is a played card (57C2). A card played or led early waits,
and counts when its turn comes (57C), or at the end of the trick, as the lead or as a
lead out of turn (53, 55, 56).
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Card, Seat, Suit
from arbitro.i18n import N_
from arbitro.table.base import EarlyCardData, Procedure, TableState
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.common import DecisionHandler, ask
from arbitro.table.rectify.out_of_turn import lead_out_of_turn
from arbitro.table.rectify.penalty_cards import add_penalty_cards
from arbitro.table.rectify.revokes import establish
from arbitro.table.restrictions import Restriction, RestrictionKind
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, Message, Phase


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


DECISION_HANDLERS: dict[str, DecisionHandler] = {
    "57": _decide_57,
}
"""The decisions this module answers, by procedure."""
