"""Law 62C2 at the table: the offender's partner's card played after a corrected revoke.

It stands while the opponent before him plays his card again (62C1); should that
opponent change his, the partner may take his own back, a defender's becoming a
major penalty card.
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.table.base import NEXT, TableState
from arbitro.table.play_record import RevokeEntry
from arbitro.table.rectify.penalty_cards import add_penalty_cards
from arbitro.table.restrictions import Restriction, RestrictionKind
from arbitro.table.state import DIRECTOR, Message


def partners_card_stands(
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
