"""Laws 47B and 47E: a card withdrawn after it was played.

- 47B: an illegal play withdrawn: a defender's card becomes a major penalty card (49,
  50B), declarer's and dummy's go back (48A).
- 47E1: a card played because an opponent said it was the player's turn goes back with
  no rectification.
- 47E2: a card played on an opponent's mistaken explanation goes back while it is the
  last card played (47E2a); later it stands, and the Director may adjust the score
  (47E2b).
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.table.base import CardData, EarlyCardData, TableState
from arbitro.table.rectify.play import playable
from arbitro.table.rectify.play_exposures import exposed_in_play
from arbitro.table.rectify.revoke_correction import played_card
from arbitro.table.rectify.take_back import last_trick_pairs, reopen_last_trick, take_back_from
from arbitro.table.restrictions import Restriction, RestrictionKind
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase


def withdraw(table: TableState, seat: Seat, card: Card, reason: str) -> None:
    """``seat`` withdraws ``card``, which it played, for ``reason`` (Law 47B, 47E).

    ``illegal`` (47B): the card could not be played (the table refused it); a
    defender's becomes a major penalty card (49, 50B), declarer's and dummy's go back
    (48A). ``turn`` (47E1): the lead out of turn awaiting its ruling (53, 54), the
    defender's play out of turn awaiting declarer's 57A choice or made after partner's
    card (49), or declarer's card played before its turn (57C2), was made because an
    opponent said it was his turn: it goes back with no rectification (a lead cannot be
    accepted). ``explanation`` (47E2a): the card, played on an opponent's mistaken
    explanation, is the last card played: it goes back with no rectification; once a
    card has been played after it, or for the opening lead once dummy has spread, it
    stands and a note leaves the score to the Director (47E2b). The fourth card of a
    trick may go back until the next lead: the trick is reopened.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> withdraw(Table(EXAMPLE_DEAL, number=1), Seat.EAST, Card.from_str("CA"), "turn")
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: a card is withdrawn only after it has been played
    """
    if table.phase not in (Phase.LEAD_FACE_DOWN, Phase.OPENING_LEAD, Phase.PLAY):
        raise IllegalActionError(Message(N_("a card is withdrawn only after it has been played")))
    if reason == "illegal":
        _withdraw_illegal(table, seat, card)
    elif reason == "turn":
        _withdraw_misinformed_turn(table, seat, card)
    else:
        _withdraw_misexplained(table, seat, card)


def _withdraw_illegal(table: TableState, seat: Seat, card: Card) -> None:
    if table.phase is not Phase.PLAY:
        raise IllegalActionError(Message(N_("a card is withdrawn only after it has been played")))
    if table.procedure is None and seat == table.turn and playable(table, seat) >> card.index & 1:
        raise IllegalActionError(
            Message(
                N_("{card} is a legal card for {seat}: it is played, not withdrawn (Law 47F2)"),
                {"card": card, "seat": seat},
            )
        )
    table.rule(
        "47B",
        DIRECTOR,
        "47B",
        Message(N_("{seat}'s illegal play of {card} is withdrawn"), {"seat": seat, "card": card}),
    )
    exposed_in_play(table, seat, (card,), True)


def _withdraw_misinformed_turn(table: TableState, seat: Seat, card: Card) -> None:
    procedure = table.procedure
    if (
        _withdraw_premature_play(table, seat, card)
        or _withdraw_early_card(table, seat, card)
        or _withdraw_card_played_out_of_turn(table, seat, card)
    ):
        return
    if (
        procedure is None
        or procedure.law not in ("53", "54")
        or procedure.offender != seat
        or procedure.data_as(CardData).card != card.index
    ):
        raise IllegalActionError(
            Message(
                N_(
                    "{card} of {seat} is neither a lead out of turn awaiting its ruling nor a "
                    "card played out of turn that goes back (Law 47E1)"
                ),
                {"card": card, "seat": seat},
            )
        )
    table.procedure = None
    table.rule(
        "47E1",
        DIRECTOR,
        "47E1",
        Message(
            N_(
                "an opponent told {seat} it was his turn: {card} goes back with no "
                "rectification and cannot be accepted; {leader} leads"
            ),
            {"seat": seat, "card": card, "leader": table.to_play},
        ),
    )


def _penalty_card_of(table: TableState, seat: Seat, card: Card, law: str) -> list[Restriction]:
    """``seat``'s penalty card ``card`` made under ``law``, if it is one (a list of it)."""
    return [
        r
        for r in table.in_force
        if r.kind is RestrictionKind.PENALTY_CARD
        and r.seat == seat
        and r.card == card
        and r.law == law
    ]


def _withdraw_premature_play(table: TableState, seat: Seat, card: Card) -> bool:
    """47E1 for a play out of turn awaiting declarer's 57A choice: it goes back, no penalty."""
    procedure = table.procedure
    if procedure is None or procedure.law != "57" or procedure.offender != seat:
        return False
    penalty = _penalty_card_of(table, seat, card, "57A")
    if not penalty:
        return False
    table.procedure = None
    table.drop(lambda r: r in penalty)
    _rule_misinformed_play(table, seat, card)
    return True


def _withdraw_early_card(table: TableState, seat: Seat, card: Card) -> bool:
    """47E1 for declarer's card played before its turn (57C2), waiting to count: it goes back."""
    procedure = table.procedure
    if (
        procedure is None
        or procedure.law != "57C"
        or procedure.offender != seat
        or procedure.data_as(EarlyCardData).card != card.index
        or procedure.data_as(EarlyCardData).then is not None  # a defender's card waits behind
    ):
        return False
    table.procedure = None
    _rule_misinformed_play(table, seat, card)
    return True


def _withdraw_card_played_out_of_turn(table: TableState, seat: Seat, card: Card) -> bool:
    """47E1 for a defender's card played out of turn after partner (49): no penalty card.

    The card is still his penalty card from that play: his last card played, in the log.
    """
    penalty = _penalty_card_of(table, seat, card, "49")
    last = next(
        (
            played
            for event in reversed(table.log)
            if (played := played_card(event)) is not None and played[0] == seat
        ),
        None,
    )
    if not penalty or last != (seat, card):
        return False
    table.drop(lambda r: r in penalty)
    _rule_misinformed_play(table, seat, card)
    return True


def _rule_misinformed_play(table: TableState, seat: Seat, card: Card) -> None:
    table.rule(
        "47E1",
        DIRECTOR,
        "47E1",
        Message(
            N_(
                "an opponent told {seat} it was his turn: {card} goes back with no "
                "rectification; {player} plays"
            ),
            {"seat": seat, "card": card, "player": table.to_play},
        ),
    )


def _withdraw_misexplained(table: TableState, seat: Seat, card: Card) -> None:
    if table.phase is Phase.LEAD_FACE_DOWN and table.face_down == card:
        table.lead_back_to_hand()
        _rule_47e2a(table, seat, card)
        return
    trick = list(table.current_trick)
    if trick and trick[-1] == (seat, card) and (table.tricks_played or len(trick) > 1):
        take_back_from(table, len(trick) - 1)
        _rule_47e2a(table, seat, card)
        return
    if (
        not trick
        and table.tricks_played
        and table.procedure is None
        and last_trick_pairs(table)[-1] == (seat, card)
    ):
        # The fourth card, and nobody has led to the next trick: no card played after it.
        reopen_last_trick(table)
        take_back_from(table, 3)
        _rule_47e2a(table, seat, card)
        return
    played = trick + [
        pair for done in table.tricks_played for pair in zip(done.seats, done.cards, strict=False)
    ]
    if (seat, card) not in played:
        raise IllegalActionError(
            Message(N_("{seat} has not played {card}"), {"seat": seat, "card": card})
        )
    table.rule(
        "47E2b",
        DIRECTOR,
        "47E2b",
        Message(
            N_("too late to change {card} (Law 47E2a): it stands"),
            {"card": card},
        ),
    )
    table.note(
        "47E2b",
        Message(
            N_(
                "{seat} played {card} on a mistaken explanation, too late to change it: the "
                "Director may award an adjusted score"
            ),
            {"seat": seat, "card": card},
        ),
    )


def _rule_47e2a(table: TableState, seat: Seat, card: Card) -> None:
    table.rule(
        "47E2a",
        DIRECTOR,
        "47E2a",
        Message(
            N_(
                "{seat} played {card} on a mistaken explanation: it goes back with no "
                "rectification, and {seat} plays again"
            ),
            {"seat": seat, "card": card},
        ),
    )
