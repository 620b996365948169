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
from typing import TYPE_CHECKING

from arbitro.core import Card, Seat, Side, Suit
from arbitro.i18n import N_
from arbitro.laws.revoke import Revoke, Transfer, transfers
from arbitro.table.rectify.penalty_cards import add_penalty_cards
from arbitro.table.state import (
    DIRECTOR,
    IllegalActionError,
    Message,
    Phase,
    RestrictionKind,
    RevokeEntry,
)

if TYPE_CHECKING:
    from arbitro.table.table import Table


def record(table: Table, seat: Seat, card: Card, led: Suit) -> None:
    """Record that ``seat`` revoked with ``card`` in the trick in progress (61A).

    A card from dummy's hand, on the table for all to see, is one whose revoke brings
    no transfer (64B3).

    >>> record.__name__
    'record'
    """
    dummy = table.dummy
    faced = next(
        (
            r
            for r in table._restrictions
            if r.kind is RestrictionKind.PENALTY_CARD and r.seat == seat and r.card == card
        ),
        None,
    )
    table._revokes.append(
        RevokeEntry(
            len(table._tricks),
            seat,
            card,
            led,
            exposed_card=seat == dummy,
            event=len(table._events),
            penalty_card=faced,
        )
    )
    table._unestablished = True


def establish(table: Table, seat: Seat) -> None:
    """A card played by ``seat`` establishes its side's revokes of earlier tricks (63A1).

    >>> establish.__name__
    'establish'
    """
    trick = len(table._tricks)
    table._revokes = [
        replace(r, established=True)
        if not r.established and r.seat.side == seat.side and r.trick < trick
        else r
        for r in table._revokes
    ]
    table._unestablished = any(not r.established for r in table._revokes)


def noticed(table: Table, seat: Seat, late: str | None) -> None:
    """Attention is drawn to a revoke by ``seat``.

    Not yet established: it must be corrected (62A-B): the card goes back, a defender's
    as a major penalty card (62B1); the cards played after it are taken back (62C, 16D)
    and ``seat`` plays a legal card. Established: the trick stands (63B), and Law 64
    transfers tricks at the end of play.

    >>> noticed.__name__
    'noticed'
    """
    candidates = [r for r in table._revokes if r.seat == seat and not r.noticed]
    if not candidates:
        raise IllegalActionError(
            Message(N_("{seat} has not revoked on this board"), {"seat": seat})
        )
    revoke = candidates[0]
    if revoke.established and revoke.trick == 11 and late is None:
        # 62D1: a revoke in the twelfth trick is corrected even when established, while
        # the hands are still out of the board; no trick is transferred for it (64B6).
        _rewind_to(table, revoke, twelfth=True)
        return
    if revoke.established:
        position = table._revokes.index(revoke)
        table._revokes[position] = replace(revoke, noticed=True, late=late)
        table._rule(
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
        table._note(
            "64C",
            Message(
                N_(
                    "if the transfer does not make up for the damage of the revoke, the Director "
                    "adjusts the score"
                )
            ),
        )
        return
    if table._phase is not Phase.PLAY:
        raise IllegalActionError(
            Message(N_("a revoke not yet established is corrected during the play (Law 62A)"))
        )
    if revoke.trick != len(table._tricks):
        _rewind_to(table, revoke)
        return
    _correct(table, revoke)


def _correct(table: Table, revoke: RevokeEntry) -> None:
    cards = table._trick
    position = cards.index(revoke.card.index)
    later = cards[position + 1 :]
    leader = table._leader
    for offset, index in enumerate(later, start=position + 1):
        table._hands[(leader + offset) % 4] |= 1 << index
    table._hands[revoke.seat] |= 1 << revoke.card.index
    table._trick = cards[:position]
    table._to_play = revoke.seat
    table._revokes.remove(revoke)
    table._unestablished = any(not r.established for r in table._revokes)
    declarer = table.declarer
    assert declarer is not None
    # 62B1: a card from a defender's closed hand becomes a major penalty card; 62B2: a
    # defender's faced card (a penalty card) goes back as it was, with no more rectification.
    defender = revoke.seat.side != declarer.side and revoke.penalty_card is None
    if defender:
        add_penalty_cards(table, revoke.seat, (revoke.card,), "62B1", deliberate=True)
    elif revoke.penalty_card is not None:
        table._restrict(revoke.penalty_card)
    table._rule(
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


def _rewind_to(table: Table, revoke: RevokeEntry, *, twelfth: bool = False) -> None:
    """Correct a revoke made in a finished trick, before it is established (62A-C).

    The play goes back to the revoke: the table is rebuilt from its log up to the
    revoking card, every card played since goes back to its hand (62C1; Law 16D), and
    the offender plays a legal card; a defender's revoke card becomes a major penalty
    card (62B1), unless it was a penalty card already (62B2), and so does his partner's
    card taken back (62C2).
    """
    from arbitro.table.events import DesignateEvent, PlayEvent
    from arbitro.table.table import Table as TableType

    events = table._events
    cut = revoke.event
    made_by = events[cut] if cut < len(events) else None
    # The revoking card came with a card played, or with declarer's words for dummy's
    # card (46): going back to just before it, the hand is due to play again. A card
    # that came with a Director's decision is left to him.
    if not (
        isinstance(made_by, PlayEvent | DesignateEvent)
        or (isinstance(made_by, tuple) and made_by[0] is PlayEvent)
    ):
        raise IllegalActionError(
            Message(
                N_(
                    "this revoke came with a ruling on the card; correcting it is not yet "
                    "handled by this table (Law 62)"
                )
            )
        )
    # 62C2: the offender's partner's card, played after the revoke, that goes back.
    after = table._tricks[revoke.trick] if revoke.trick < len(table._tricks) else None
    partner_card = (
        next(
            (
                card
                for seat, card in zip(after.seats, after.cards, strict=True)
                if seat == revoke.seat.partner
                and after.seats.index(seat) > after.seats.index(revoke.seat)
            ),
            None,
        )
        if after is not None
        else None
    )
    fresh = TableType.from_event(table._board)
    for event in table.events[1:cut]:
        fresh.apply(event)
    # Taking cards back undoes the play, not what was said or found meanwhile.
    kept = {
        "_events": events,
        "_rulings": table._rulings,
        "_notes": table._notes,
        "_explanations": table._explanations,
        "_facts": table._facts,
        "_dummy_forfeited": table._dummy_forfeited,
    }
    table.__dict__.update(fresh.__dict__)
    table.__dict__.update(kept)
    declarer = table.declarer
    assert declarer is not None
    if twelfth:
        table._rule(
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
        if revoke.seat.side != declarer.side:
            table._note(
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
    table._rule(
        "62B1" if defender else "62B2",
        DIRECTOR,
        "62",
        Message(
            N_(
                "{seat} corrects the revoke in trick {trick}: {card} is withdrawn{penalty}; the "
                "cards played after it go back to their hands (Law 16D), and {seat} plays a "
                "legal card"
            ),
            {
                "seat": revoke.seat,
                "card": revoke.card,
                "trick": revoke.trick + 1,
                "penalty": Message(N_(" and becomes a major penalty card")) if defender else "",
            },
        ),
    )
    partner = revoke.seat.partner
    if partner_card is not None and partner.side != declarer.side:
        # 62C2: a defender's card taken back after partner's revoke is a penalty card.
        # Major (played deliberately, 50B): he plays it again unless he may not (50D1),
        # which keeps his card when the opponents do not change theirs.
        add_penalty_cards(table, partner, (partner_card,), "62C2", deliberate=True)
        table._rule(
            "62C2",
            DIRECTOR,
            "62C2",
            Message(
                N_(
                    "{card} of {seat}, played after partner's revoke, goes back to his hand "
                    "as a major penalty card"
                ),
                {"card": partner_card, "seat": partner},
            ),
        )


def trick_transfers(table: Table) -> list[Transfer]:
    """The Law 64 transfers for the revokes the Director was told of, once play is over.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> trick_transfers(Table(EXAMPLE_DEAL, number=1))
    []
    """
    from arbitro.table.rectify.claims import claimed_winners

    # Play ended by a claim: the tricks awarded count as won after the revoke (64A).
    winners = [trick.winner for trick in table._tricks] + claimed_winners(table)
    if len(winners) < 13:
        return []
    counted = [
        Revoke(r.trick, r.seat, r.suit, r.exposed_card, r.late)
        for r in table._revokes
        if r.established and r.noticed
    ]
    if not counted:
        return []
    return transfers(winners, counted)


def tricks_after_transfers(table: Table, side: Side) -> int:
    """The tricks ``side`` is credited with: won in play, plus or minus Law 64 transfers.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> tricks_after_transfers(Table(EXAMPLE_DEAL, number=1), Side.NS)
    0
    """
    total = table._won[side]
    for transfer in trick_transfers(table):
        if transfer.revoke.seat.side == side:
            total -= transfer.tricks
        else:
            total += transfer.tricks
    return total


def _failed_to_follow(table: Table, seat: Seat) -> bool:
    """Whether ``seat`` has played a card of another suit than the one led."""
    for trick in table._tricks:
        for played_by, card in zip(trick.seats, trick.cards, strict=False):
            if played_by == seat and card.suit != trick.cards[0].suit:
                return True
    current = table.current_trick
    return any(played_by == seat and card.suit != current[0][1].suit for played_by, card in current)


def revoke_question(table: Table, seat: Seat, asked: Seat) -> None:
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
    if table._phase is not Phase.PLAY or declarer is None:
        raise IllegalActionError(Message(N_("questions about a revoke are asked during the play")))
    dummy = declarer.partner
    if seat == dummy:
        if asked != declarer:
            raise IllegalActionError(Message(N_("dummy may not ask a defender (Law 61B2b)")))
        from arbitro.table.rectify.dummy import asks_about_revoke

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
    revoke = next((r for r in table._revokes if r.seat == asked and not r.noticed), None)
    table._rule(
        law,
        str(seat),
        "ask",
        Message(
            N_("{seat} asks {asked} whether he has a card of the suit he did not follow"),
            {"seat": seat, "asked": asked},
        ),
    )
    if seat.side == asked.side:
        table._note(
            "61B3",
            Message(
                N_(
                    "a defender asked his partner about a revoke: it may give unauthorised "
                    "information (Law 16B)"
                )
            ),
        )
    if revoke is not None:
        noticed(table, asked, None)
