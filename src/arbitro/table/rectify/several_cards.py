"""Law 58: cards played at once.

- 58A: two players lead or play at once: the card in turn counts first, the other is
  played after it.
- 58B: several cards played at once from one hand: the one the player names counts; a
  defender's others become penalty cards (58B2), declarer's go back (58B1); found once
  others have played, the first opponent who played after may take his card back
  (58B3).
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.table.base import TableState, waiting
from arbitro.table.events import PlayEvent
from arbitro.table.rectify.penalty_cards import add_penalty_cards
from arbitro.table.rectify.penalty_lead import offer_lead_choice
from arbitro.table.rectify.play import play_card
from arbitro.table.rectify.take_back import (
    last_trick_pairs,
    offer_take_back,
    reopen_last_trick,
    take_back_from,
)
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase


def several_cards(table: TableState, seat: Seat, cards: tuple[Card, ...], played: Card) -> None:
    """``seat`` played several cards at once, all seen, and names ``played`` (58B).

    The named card is played; a defender's others become penalty cards (58B2);
    declarer's go back (58B1 when only one was seen: write just that card).
    """
    if played not in cards:
        raise IllegalActionError(
            Message(N_("{card} is not among the cards played"), {"card": played})
        )
    # 58B found once others have played: the card the player put in the trick (in
    # progress, or just completed) is among those shown.
    shown = next(
        (
            i
            for i, (who, card) in enumerate(last_trick_pairs(table))
            if who == seat and card in cards
        ),
        None,
    )
    if shown is not None:
        _several_cards_found_later(table, seat, cards, played, shown)
        return
    for card in cards:
        if card not in table.hand(seat):
            raise IllegalActionError(
                Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
            )
    table.on_play(seat, played)
    declarer = table.declarer
    others = tuple(card for card in cards if card != played)
    if others and declarer is not None and seat.side != declarer.side:
        add_penalty_cards(table, seat, others, "58B2", deliberate=False)
        table.rule(
            "58B2",
            DIRECTOR,
            "58B2",
            Message(
                N_("{card} is played; the other cards {seat} showed are penalty cards"),
                {"card": played, "seat": seat},
            ),
        )
        # 50D2: partner, on lead once the trick is over, waits for declarer's choice.
        if table.to_play == seat.partner:
            offer_lead_choice(table, seat.partner)
    else:
        table.rule(
            "58B1",
            DIRECTOR,
            "58B1",
            Message(N_("{card} is played; the other cards go back"), {"card": played}),
        )


def _several_cards_found_later(
    table: TableState, seat: Seat, cards: tuple[Card, ...], played: Card, position: int
) -> None:
    """58B, found once others have played: ``seat``'s card in the trick came with ``cards``.

    The card named is played (it replaces the one in the trick if that one is not it);
    the others are withdrawn: a defender's become penalty cards (58B2), declarer's go
    back. 58B3: the first opponent who played after the withdrawn card may take his card
    back and play another, without rectification (Law 16D for the information).
    """
    for card in cards:
        if card != last_trick_pairs(table)[position][1] and card not in table.hand(seat):
            raise IllegalActionError(
                Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
            )
    reopen = not table.trick
    if reopen:
        reopen_last_trick(table)
    # The card named is played where the player's card stood; the cards after it again.
    taken = take_back_from(table, position)
    play_card(table, seat, played)
    for other, card in taken[1:]:
        play_card(table, other, card)
    withdrawn = tuple(card for card in cards if card != played)
    declarer = table.declarer
    defender = declarer is not None and seat.side != declarer.side
    if defender:
        add_penalty_cards(table, seat, withdrawn, "58B2", deliberate=False)
    table.rule(
        "58B2",
        DIRECTOR,
        "58B2",
        Message(
            N_("{card} is played; the other cards {seat} showed are penalty cards")
            if defender
            else N_("{card} is played; the other cards go back"),
            {"card": played, "seat": seat},
        ),
    )
    offer_take_back(
        table,
        seat,
        taken,
        position,
        "58B3",
        lambda decider: Message(
            N_(
                "{seat}: you played after a card {player} showed and withdrew; take your "
                "card back and play another (Law 58B3)?"
            ),
            {"seat": decider, "player": seat},
        ),
    )


def simultaneous_plays(table: TableState, plays: tuple[PlayEvent, PlayEvent]) -> None:
    """Two players lead or play at once: the card in turn counts first (58A).

    The other card is deemed played after it, and is then judged as any card played
    then: in turn, or out of turn (53-57).
    """
    if table.phase is not Phase.PLAY:
        raise IllegalActionError(Message(N_("simultaneous plays are a matter of the play")))
    if table.procedure is not None:
        raise waiting(table.procedure)
    first, second = plays
    if second.seat == table.to_play:
        first, second = second, first
    if first.seat != table.to_play or first.seat == second.seat:
        raise IllegalActionError(
            Message(
                N_(
                    "of two cards played at once by two players, one must be by the hand due "
                    "to play (Law 58A)"
                )
            )
        )
    table.rule(
        "58A",
        DIRECTOR,
        "58A",
        Message(
            N_("{first}'s {card} counts first; {second}'s card is played after it"),
            {"first": first.seat, "card": first.card, "second": second.seat},
        ),
    )
    table.on_play(first.seat, first.card)
    table.on_play(second.seat, second.card)
