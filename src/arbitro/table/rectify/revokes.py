"""Laws 61-64 at the table.

A revoke is recorded as it happens, established by the next trick (63A1), corrected
before that (62), and paid for at the end of play (64).

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> noticed(table, Seat.EAST, None)
Traceback (most recent call last):
...
arbitro.table.state.IllegalActionError: East has not revoked on this board
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Card, Seat, Side, Suit
from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_
from arbitro.laws.play import suit_mask
from arbitro.laws.revoke import Revoke, Transfer, transfers
from arbitro.table.base import NEXT, TableState
from arbitro.table.events import DesignateEvent, ExposedEvent, PlayEvent
from arbitro.table.rectify.claims import (
    claimed_winners,
    correctable_claim,
    resume_after_correction,
)
from arbitro.table.rectify.common import dummy_in_play
from arbitro.table.rectify.penalty_cards import add_penalty_cards
from arbitro.table.state import (
    DIRECTOR,
    Claim,
    IllegalActionError,
    Message,
    Phase,
    Restriction,
    RestrictionKind,
    RevokeEntry,
)


def record(table: TableState, seat: Seat, card: Card, led: Suit) -> None:
    """Record that ``seat`` revoked with ``card`` in the trick in progress (61A).

    A revoke that consists in failing to play a card face up on the table brings no
    transfer (64B3): one by dummy, whose hand is spread, or by a defender whose only
    cards of the suit ``led`` (the suit he failed to follow, or was required to lead or
    play) are penalty cards lying face up.
    """
    dummy = table.dummy
    penalties = [
        r for r in table.in_force if r.kind is RestrictionKind.PENALTY_CARD and r.seat == seat
    ]
    faced = next((r for r in penalties if r.card == card), None)
    owed = table.hands[seat] & suit_mask(led)
    face_up = 0
    for restriction in penalties:
        if restriction.card is not None:
            face_up |= 1 << restriction.card.index
    table.revokes_made.append(
        RevokeEntry(
            len(table.tricks_played),
            seat,
            card,
            led,
            exposed_card=seat == dummy or (owed != 0 and owed & ~face_up == 0),
            event=len(table.log),
            penalty_card=faced,
        )
    )
    table.unestablished = True


def establish(table: TableState, seat: Seat) -> None:
    """A card played by ``seat`` establishes its side's revokes of earlier tricks (63A1)."""
    trick = len(table.tricks_played)
    table.revokes_made = [
        replace(r, established=True)
        if not r.established and r.seat.side == seat.side and r.trick < trick
        else r
        for r in table.revokes_made
    ]
    table.unestablished = any(not r.established for r in table.revokes_made)


def noticed(
    table: TableState,
    seat: Seat,
    late: str | None,
    revoke: RevokeEntry | None = None,
    *,
    trick: int | None = None,
) -> None:
    """Attention is drawn to a revoke by ``seat``: ``revoke``, or the one of ``trick``.

    Without either, the revoke attention is drawn to now: his revoke in the trick in
    progress, if any, else his first not yet ruled on.

    Not yet established: it must be corrected (62A-B): the card goes back, a defender's
    as a major penalty card (62B1); the cards played after it are taken back (62C, 16D)
    and ``seat`` plays a legal card. Established: the trick stands (63B), and Law 64
    transfers tricks at the end of play.
    """
    candidates = [r for r in table.revokes_made if r.seat == seat and not r.noticed]
    if not candidates:
        raise IllegalActionError(
            Message(N_("{seat} has not revoked on this board"), {"seat": seat})
        )
    if trick is not None:
        named = [r for r in candidates if r.trick == trick - 1]
        if not named:
            raise IllegalActionError(
                Message(
                    N_("{seat} made no revoke in trick {trick} not yet ruled on"),
                    {"seat": seat, "trick": trick},
                )
            )
        revoke = named[0]
    if revoke is None or revoke not in candidates:
        in_progress = len(table.tricks_played)
        revoke = next(
            (r for r in candidates if r.trick == in_progress and not r.established),
            candidates[0],
        )
    if revoke.established and revoke.trick == 11 and late is None:
        # 62D1: a revoke in the twelfth trick is corrected even when established, while
        # the hands are still out of the board; no trick is transferred for it (64B6).
        _rewind_to(table, revoke, twelfth=True)
        return
    if revoke.established:
        position = table.revokes_made.index(revoke)
        table.revokes_made[position] = replace(revoke, noticed=True, late=late)
        table.rule(
            "63B",
            DIRECTOR,
            "63B",
            Message(
                N_(
                    "the revoke of {seat} in trick {trick} is established: the trick stands, and "
                    "Law 64 applies at the end of play"
                ),
                {"seat": seat, "trick": revoke.trick + 1},
            ),
        )
        table.note(
            "64C",
            Message(
                N_(
                    "if the transfer does not make up for the damage of the revoke, the Director "
                    "adjusts the score"
                )
            ),
        )
        return
    under = correctable_claim(table)
    if under is not None:
        _correct_under_claim(table, revoke, *under)
        return
    if table.phase is not Phase.PLAY:
        raise IllegalActionError(
            Message(N_("a revoke not yet established is corrected during the play (Law 62A)"))
        )
    if revoke.trick != len(table.tricks_played) or _made_by_a_play(table, revoke):
        _rewind_to(table, revoke)
        return
    _correct(table, revoke)


def _correct_under_claim(
    table: TableState, revoke: RevokeEntry, made: Claim, disputed: bool
) -> None:
    """Correct a revoke the claim did not establish, and let the claim stand (62, 68D, 70).

    Play stopped for the claim (68D), so nothing establishes the revoke of a side that
    neither made nor accepted it (63A): it is corrected like any other (62B-C), and the
    claim is answered, or ruled by the Director, from the corrected position.
    """
    played = len(table.tricks_played)
    won = table.won[made.side] - (made.awarded or 0)
    if revoke.trick != played or _made_by_a_play(table, revoke):
        _rewind_to(table, revoke)  # rebuilt from the log before the revoke: no claim yet
    else:
        if made.awarded is not None:
            table.won[made.side] -= made.awarded
            table.won[1 - made.side] -= made.remaining - made.awarded
        table.claim = None
        table.procedure = None
        table.phase = Phase.PLAY
        _correct(table, revoke)
    resume_after_correction(
        table,
        made,
        disputed=disputed,
        tricks_back=played - len(table.tricks_played),
        won_back=won - table.won[made.side],
    )


def _correct(table: TableState, revoke: RevokeEntry) -> None:
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
    declarer = table.declarer
    assert declarer is not None
    # 62B1: a card from a defender's closed hand becomes a major penalty card; 62B2: a
    # defender's faced card (a penalty card) goes back as it was, with no more rectification.
    defender = revoke.seat.side != declarer.side and revoke.penalty_card is None
    if defender:
        add_penalty_cards(table, revoke.seat, (revoke.card,), "62B1", deliberate=True)
    elif revoke.penalty_card is not None:
        table.restrict(revoke.penalty_card)
    table.rule(
        "62B1" if defender else "62B2",
        DIRECTOR,
        "62",
        Message(
            N_(
                "{seat} corrects the revoke: {card} is withdrawn{penalty}; the cards played "
                "after it are taken back (Law 16D), and {seat} plays a legal card"
            ),
            {
                "seat": revoke.seat,
                "card": revoke.card,
                "penalty": Message(N_(" and becomes a major penalty card")) if defender else "",
            },
        ),
    )
    _partners_card_stands(table, revoke, played)


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
    _rewind_to(table, RevokeEntry(trick, seat, card, led, event=event))
    return True


def played_card(event: object) -> tuple[Seat, Card] | None:
    """The seat and card of a play in the log (a ``play`` event, or its compact form)."""
    if isinstance(event, PlayEvent):
        return event.seat, event.card
    if isinstance(event, tuple) and event[0] is PlayEvent:
        return event[1], event[2]
    return None


def _made_by_a_play(table: TableState, revoke: RevokeEntry) -> bool:
    """Whether the revoking card came with a card played, or declarer's words (46)."""
    events = table.log
    made_by = events[revoke.event] if revoke.event < len(events) else None
    return isinstance(made_by, DesignateEvent) or played_card(made_by) is not None


def _rewind_to(table: TableState, revoke: RevokeEntry, *, twelfth: bool = False) -> None:
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
    if not _made_by_a_play(table, revoke):
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
    _partners_card_stands(table, revoke, pairs)


def _partners_card_stands(
    table: TableState, revoke: RevokeEntry, pairs: list[tuple[Seat, Card]]
) -> None:
    """62C2: the offender's partner's card played after the revoke stands, for now.

    ``pairs`` are the cards of the revoke's trick as they were played. The opponent
    between the offender and his partner may take his card back (62C1); only if he does
    may the partner take back his own (:func:`played_after_a_correction`).
    """
    seats = [seat for seat, _ in pairs]
    partner = revoke.seat.partner
    if revoke.seat not in seats or partner not in seats:
        return
    if seats.index(partner) < seats.index(revoke.seat):
        return  # played before the revoke: not taken back
    partner_card = next(card for seat, card in pairs if seat == partner)
    opponent = seats[seats.index(partner) - 1]
    opponents_card = next(card for seat, card in pairs if seat == opponent)
    table.restrict(
        Restriction(
            RestrictionKind.CARD_STANDS,
            partner,
            "62C2",
            offender=revoke.seat,
            card=partner_card,
            changed_by=opponents_card,
        )
    )
    table.rule(
        "62C2",
        DIRECTOR,
        "62C2",
        Message(
            N_(
                "{card} of {seat}, played after partner's revoke, stands unless {opponent} "
                "changes {opponent_card} (Law 62C1); then {seat} may take it back"
            ),
            {
                "card": partner_card,
                "seat": partner,
                "opponent": opponent,
                "opponent_card": opponents_card,
            },
        ),
    )


def played_after_a_correction(table: TableState, seat: Seat, index: int) -> None:
    """A card ``seat`` plays to a trick whose revoke was corrected, as it bears on 62C2.

    The offender's partner's card played after the revoke stands while the opponent
    before him plays his card again (62C1); should that opponent play another, the
    partner may take his own back too, and a defender's card taken back becomes a
    (major) penalty card (62C2). The partner's card played, the rule has done its work.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> played_after_a_correction(Table(EXAMPLE_DEAL, number=1), Seat.EAST, 0)
    """
    for restriction in table.in_force:
        if restriction.kind is RestrictionKind.CARD_STANDS and restriction.seat == NEXT[seat]:
            before = restriction.changed_by
            if before is not None and before.index != index:
                table.drop(lambda r, stood=restriction: r is stood)
                table.restrict(replace(restriction, kind=RestrictionKind.CARD_MAY_CHANGE))
            return
        if restriction.seat != seat or restriction.kind not in _AFTER_A_CORRECTION:
            continue
        table.drop(lambda r, spent=restriction: r is spent)
        card = restriction.card
        declarer = table.declarer
        assert card is not None
        assert declarer is not None
        if card.index != index and seat.side != declarer.side:
            add_penalty_cards(table, seat, (card,), "62C2", deliberate=True)
            table.rule(
                "62C2",
                DIRECTOR,
                "62C2",
                Message(
                    N_(
                        "{card} of {seat}, taken back after partner's revoke, is a major penalty card"
                    ),
                    {"card": card, "seat": seat},
                ),
            )
        return


_AFTER_A_CORRECTION = (RestrictionKind.CARD_STANDS, RestrictionKind.CARD_MAY_CHANGE)


def card_that_stands(table: TableState, seat: Seat) -> Card | None:
    """The card ``seat`` must play again after partner's revoke was corrected (62C2), if any.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> card_that_stands(Table(EXAMPLE_DEAL, number=1), Seat.WEST) is None
    True
    """
    for restriction in table.in_force:
        if restriction.seat == seat and restriction.kind is RestrictionKind.CARD_STANDS:
            return restriction.card
    return None


def trick_transfers(table: TableState) -> list[Transfer]:
    """The Law 64 transfers for the revokes the Director was told of, once play is over.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> trick_transfers(Table(EXAMPLE_DEAL, number=1))
    []
    """
    # Play ended by a claim: the tricks awarded count as won after the revoke (64A).
    winners = [trick.winner for trick in table.tricks_played] + claimed_winners(table)
    if len(winners) < 13:
        return []
    counted = [
        Revoke(r.trick, r.seat, r.suit, r.exposed_card, r.late)
        for r in table.revokes_made
        if r.established and r.noticed
    ]
    if not counted:
        return []
    return transfers(winners, counted)


def tricks_after_transfers(table: TableState, side: Side) -> int:
    """The tricks ``side`` is credited with: won in play, plus or minus Law 64 transfers.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> tricks_after_transfers(Table(EXAMPLE_DEAL, number=1), Side.NS)
    0
    """
    total = table.won[side]
    for transfer in trick_transfers(table):
        if transfer.revoke.seat.side == side:
            total -= transfer.tricks
        else:
            total += transfer.tricks
    return total


def _failed_to_follow(table: TableState, seat: Seat) -> bool:
    """Whether ``seat`` has played a card of another suit than the one led."""
    for trick in table.tricks_played:
        for played_by, card in zip(trick.seats, trick.cards, strict=False):
            if played_by == seat and card.suit != trick.cards[0].suit:
                return True
    current = table.current_trick
    return any(played_by == seat and card.suit != current[0][1].suit for played_by, card in current)


def asks_about_revoke(table: TableState) -> None:
    """Dummy asks declarer, who failed to follow suit, whether he has a card of it.

    Dummy's right (42B1). After a forfeit (43B2b): if declarer did revoke, he must play
    a correct card and Law 64 applies as if the revoke were established.
    """
    dummy = dummy_in_play(table)
    declarer = dummy.partner
    revoke = next(
        (
            r
            for r in table.revokes_made
            if r.seat == declarer and not r.established and not r.noticed
        ),
        None,
    )
    if revoke is None:
        table.rule(
            "42B1",
            DIRECTOR,
            "42B1",
            Message(N_("dummy asks declarer whether he has a card of the suit led: he has none")),
        )
        return
    noticed(table, declarer, None, revoke)
    if table.dummy_forfeited:
        kept = replace(revoke, established=True, noticed=True)
        table.revokes_made.append(kept)
        table.rule(
            "43B2b",
            DIRECTOR,
            "43B2b",
            Message(
                N_(
                    "dummy, who has forfeited his rights, asked first: declarer corrects the revoke "
                    "and Law 64 applies as if it were established"
                )
            ),
        )
    else:
        table.rule(
            "42B1",
            DIRECTOR,
            "42B1",
            Message(
                N_(
                    "dummy's question brings the revoke to light before it is established: it is "
                    "corrected (Law 62)"
                )
            ),
        )


def revoke_question(table: TableState, seat: Seat, asked: Seat) -> None:
    """``seat`` asks ``asked``, who failed to follow suit, whether he has a card of it (61B).

    Declarer may ask a defender (61B1), a defender declarer or his partner (61B3, a
    note recalls the risk of unauthorised information); dummy may ask declarer only
    (61B2, the ``dummy`` event's ``asks_revoke``). A revoke the answer brings to light
    is corrected if not yet established (62), and stands if established (63B).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> revoke_question(Table(EXAMPLE_DEAL, number=1), Seat.NORTH, Seat.EAST)
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: questions about a revoke are asked during the play
    """
    declarer = table.declarer
    if table.phase is not Phase.PLAY or declarer is None:
        raise IllegalActionError(Message(N_("questions about a revoke are asked during the play")))
    dummy = declarer.partner
    if seat == dummy:
        if asked != declarer:
            raise IllegalActionError(Message(N_("dummy may not ask a defender (Law 61B2b)")))
        asks_about_revoke(table)
        return
    if asked in (seat, dummy):
        raise IllegalActionError(
            Message(N_("{seat} may not ask {asked} (Law 61B)"), {"seat": seat, "asked": asked})
        )
    if not _failed_to_follow(table, asked):
        raise IllegalActionError(
            Message(N_("{asked} has followed suit to every trick"), {"asked": asked})
        )
    law = "61B1" if seat == declarer else "61B3"
    # The question is about his latest failure to follow: a revoke not yet established
    # comes to light and is corrected (62A), not an earlier one already established.
    revoke = next(
        (r for r in reversed(table.revokes_made) if r.seat == asked and not r.noticed), None
    )
    table.rule(
        law,
        str(seat),
        "ask",
        Message(
            N_("{seat} asks {asked} whether he has a card of the suit he did not follow"),
            {"seat": seat, "asked": asked},
        ),
    )
    if seat.side == asked.side:
        table.note(
            "61B3",
            Message(
                N_(
                    "a defender asked his partner about a revoke: it may give unauthorised "
                    "information (Law 16B)"
                )
            ),
        )
    if revoke is not None:
        noticed(table, asked, None, revoke)
