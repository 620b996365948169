"""Law 62 at the table: a revoke corrected before it is established (or in the twelfth trick).

The revoking card goes back, a defender's as a major penalty card (62B1); the cards
played after it go back too (62C1, 16D), in place for the trick in progress, or by
rebuilding the table from its log up to the revoke (62A-C, 62D1). The offender's
partner's card played after it is left to
:mod:`~arbitro.table.rectify.revoke_partner_card` (62C2).
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Card, Seat, Suit
from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_
from arbitro.table.base import TableState
from arbitro.table.events import DesignateEvent, ExposedEvent, PlayEvent
from arbitro.table.play_record import Claim, RevokeEntry
from arbitro.table.rectify.claim_corrections import resume_after_correction
from arbitro.table.rectify.penalty_cards import add_penalty_cards
from arbitro.table.rectify.revoke_partner_card import partners_card_stands
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase


def correct_under_claim(
    table: TableState, revoke: RevokeEntry, made: Claim, disputed: bool
) -> None:
    """Correct a revoke the claim did not establish, and let the claim stand (62, 68D, 70).

    Play stopped for the claim (68D), so nothing establishes the revoke of a side that
    neither made nor accepted it (63A): it is corrected like any other (62B-C), and the
    claim is answered, or ruled by the Director, from the corrected position.
    """
    played = len(table.tricks_played)
    won = table.won[made.side] - (made.awarded or 0)
    if revoke.trick != played or made_by_a_play(table, revoke):
        rewind_to(table, revoke)  # rebuilt from the log before the revoke: no claim yet
    else:
        if made.awarded is not None:
            table.won[made.side] -= made.awarded
            table.won[1 - made.side] -= made.remaining - made.awarded
        table.claim = None
        table.procedure = None
        table.phase = Phase.PLAY
        correct_in_trick(table, revoke)
    resume_after_correction(
        table,
        made,
        disputed=disputed,
        tricks_back=played - len(table.tricks_played),
        won_back=won - table.won[made.side],
    )


def correct_in_trick(table: TableState, revoke: RevokeEntry) -> None:
    """Correct a revoke of the trick in progress made by a ruling's card, in place (62B-C)."""
    cards = table.trick
    if revoke.card.index not in cards:
        raise IllegalActionError(
            Message(
                N_("{card} of {seat} is no longer in the trick: there is no revoke to correct"),
                {"card": revoke.card, "seat": revoke.seat},
            )
        )
    position = cards.index(revoke.card.index)
    later = cards[position + 1 :]
    played = list(table.current_trick)
    seats = [seat for seat, _ in played]
    for offset, index in enumerate(later, start=position + 1):
        table.hands[seats[offset]] |= 1 << index
    if table.skipped is not None and (table.skipped - table.leader) % 4 > position:
        table.skipped = None  # the play goes back to before the turn it missed
    table.hands[revoke.seat] |= 1 << revoke.card.index
    table.trick = cards[:position]
    table.to_play = revoke.seat
    # 62C1: a card played after the revoke goes back; a revoke made with it is no more.
    back = {revoke.card.index, *later}
    trick = len(table.tricks_played)
    table.revokes_made = [
        r for r in table.revokes_made if not (r.trick == trick and r.card.index in back)
    ]
    table.unestablished = any(not r.established for r in table.revokes_made)
    # 62B2: a defender's faced card (a penalty card) goes back as it was, with no more
    # rectification.
    if revoke.penalty_card is not None:
        table.restrict(revoke.penalty_card)
    _withdraw(table, revoke, finished=False)
    partners_card_stands(table, revoke, played)


def correct_found_revoke(
    table: TableState, seat: Seat, card: Card, trick: int, led: Suit, after: int
) -> bool:
    """Correct a revoke found later, not yet established (62A): ``seat``'s ``card``.

    A revoke that comes to light other than as it was played (a card found to have
    been in the hand all along, 67B2b) is corrected like any other before it is
    established: the play goes back to the card (62B-C). False, nothing changed, when
    the card did not come with a play in the log after position ``after``.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> correct_found_revoke(table, Seat.WEST, Card.from_str("C2"), 0, Suit.HEARTS, 0)
    False
    """
    event = next(
        (
            position
            for position in range(len(table.log) - 1, 0, -1)
            if played_card(table.log[position]) == (seat, card)
        ),
        None,
    )
    if event is None or event <= after:
        return False
    rewind_to(table, RevokeEntry(trick, seat, card, led, event=event))
    return True


def played_card(event: object) -> tuple[Seat, Card] | None:
    """The seat and card of a play in the log (a ``play`` event, or its compact form)."""
    if isinstance(event, PlayEvent):
        return event.seat, event.card
    if isinstance(event, tuple) and event[0] is PlayEvent:
        return event[1], event[2]
    return None


def made_by_a_play(table: TableState, revoke: RevokeEntry) -> bool:
    """Whether the revoking card came with a card played, or declarer's words (46)."""
    events = table.log
    made_by = events[revoke.event] if revoke.event < len(events) else None
    return isinstance(made_by, DesignateEvent) or played_card(made_by) is not None


def rewind_to(table: TableState, revoke: RevokeEntry, *, twelfth: bool = False) -> None:
    """Correct a revoke before it is established (62A-C), or in the twelfth trick (62D1).

    The play goes back to the revoke: the table is rebuilt from its log up to the
    revoking card, so every card played since goes back to its hand (62C1; Law 16D) and
    what bound the offender then binds him again (a 57A requirement, a 50D2 lead
    requirement); the offender plays a legal card. A card declarer played early (57C2)
    and that revoked when it came to count is left out: it goes back to his hand. A
    defender's revoke card becomes a major penalty card (62B1), unless it was a penalty
    card already (62B2), and so does his partner's card taken back (62C2). The cards
    exposed since (49) stay penalty cards: the play is undone, not what was found
    meanwhile.
    """
    events = table.log
    cut = revoke.event
    # The revoking card came with a card played, or with declarer's words for dummy's
    # card (46): going back to just before it, the hand is due to play again. A card
    # that came with a Director's decision is left to him.
    if not made_by_a_play(table, revoke):
        raise IllegalActionError(
            Message(
                N_(
                    "this revoke came with a ruling on the card; correcting it is not yet "
                    "handled by this table (Law 62)"
                )
            )
        )
    # A card played early (57C2) that counted when a later card was played: its own
    # play is left out of the rebuilt log.
    made_by = played_card(events[cut])
    early = None
    if made_by is not None and made_by[1] != revoke.card:
        early = next(
            (
                position
                for position in range(cut - 1, 0, -1)
                if (played := played_card(events[position])) is not None
                and played[1] == revoke.card
            ),
            None,
        )
    # 62C2: the cards of the revoke's trick, whose offender's partner's card may stand.
    finished = revoke.trick < len(table.tricks_played)
    if finished:
        after = table.tricks_played[revoke.trick]
        pairs = list(zip(after.seats, after.cards, strict=True))
    else:
        pairs = list(table.current_trick)
    fresh = type(table).from_event(table.board)
    log = table.events
    for position in range(1, cut):
        if position != early:
            fresh.apply(log[position])
    # What was found meanwhile stands: revokes ruled on, cards exposed since (49, 50).
    ruled = {(r.event, r.card): r for r in table.revokes_made if r.noticed}
    fresh.revokes_made = [
        replace(r, noticed=True, late=ruled[r.event, r.card].late)
        if (r.event, r.card) in ruled
        else r
        for r in fresh.revokes_made
    ]
    procedure = fresh.procedure
    for event in log[cut + 1 :]:
        if isinstance(event, ExposedEvent):
            saved = fresh.snapshot()
            try:
                fresh.dispatch(event)
            except ArbitroError:
                fresh.restore(saved)
    # A choice the exposure offered (50D2) comes again when the lead does.
    fresh.procedure = procedure
    # Taking cards back undoes the play, not what was said or found meanwhile.
    rebuilt = fresh.snapshot()._replace(
        log=events,
        rulings_made=table.rulings_made,
        notes_made=table.notes_made,
        explanations_given=table.explanations_given,
        facts_recorded=table.facts_recorded,
        dummy_forfeited=table.dummy_forfeited,
    )
    table.restore(rebuilt)
    declarer = table.declarer
    assert declarer is not None
    if twelfth:
        table.rule(
            "62D1",
            DIRECTOR,
            "62D1",
            Message(
                N_(
                    "the revoke of {seat} in the twelfth trick is corrected: the play goes back "
                    "to it and {seat} plays a legal card; no trick is transferred (Law 64B6)"
                ),
                {"seat": revoke.seat},
            ),
        )
        partner = revoke.seat.partner
        # 62D2: a defender's partner who has not played to the trick yet, with cards in
        # two suits (a choice to make), must not be guided by the revoke card.
        if (
            revoke.seat.side != declarer.side
            and all(seat != partner for seat, _ in table.current_trick)
            and len({card.suit for card in table.hand(partner)}) > 1
        ):
            table.note(
                "62D2",
                Message(
                    N_(
                        "{partner} must not choose a play suggested by seeing the revoke card "
                        "(Law 62D2)"
                    ),
                    {"partner": revoke.seat.partner},
                ),
            )
        return
    # The rebuilt table has the card back; a faced penalty card is one again (62B2).
    _withdraw(table, revoke, finished=finished)
    partners_card_stands(table, revoke, pairs)


def _withdraw(table: TableState, revoke: RevokeEntry, *, finished: bool) -> None:
    """Rule the revoke corrected: its card withdrawn, and the play to go on (62B, 62C1).

    A card from a defender's closed hand becomes a major penalty card (62B1); any other
    goes back with no more rectification (62B2). ``finished``: the revoke's trick was
    over, and the ruling names it.
    """
    declarer = table.declarer
    assert declarer is not None
    defender = revoke.seat.side != declarer.side and revoke.penalty_card is None
    if defender:
        add_penalty_cards(table, revoke.seat, (revoke.card,), "62B1", deliberate=True)
    penalty = Message(N_(" and becomes a major penalty card")) if defender else ""
    if finished:
        message = Message(
            N_(
                "{seat} corrects the revoke in trick {trick}: {card} is withdrawn{penalty}; the "
                "cards played after it go back to their hands (Law 16D), and {seat} plays a "
                "legal card"
            ),
            {
                "seat": revoke.seat,
                "card": revoke.card,
                "trick": revoke.trick + 1,
                "penalty": penalty,
            },
        )
    else:
        message = Message(
            N_(
                "{seat} corrects the revoke: {card} is withdrawn{penalty}; the cards played "
                "after it are taken back (Law 16D), and {seat} plays a legal card"
            ),
            {"seat": revoke.seat, "card": revoke.card, "penalty": penalty},
        )
    table.rule("62B1" if defender else "62B2", DIRECTOR, "62", message)
