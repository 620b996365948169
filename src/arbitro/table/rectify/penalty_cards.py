"""Law 50 at the table: penalty cards, minor or major, and the obligation to play them.

A penalty card stays in its holder's hand (the hand mask) with a ``PENALTY_CARD``
restriction that says so; it leaves the hand when it is played, or stops being one
when the Laws pick it up (50D2a, 51B). Cards exposed during the auction become a
defender's penalty cards when it ends (24, 50). How they come about in the play is in
:mod:`~arbitro.table.rectify.play_exposures` (48-49), declarer's lead restrictions in
:mod:`~arbitro.table.rectify.penalty_lead` (50D2, 51B), the choice among several and
the failure to play one in :mod:`~arbitro.table.rectify.penalty_card_play` (51A, 52).

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> add_penalty_cards(table, Seat.EAST, (Card.from_str("S8"),), "49", deliberate=False)
>>> [(r.card, r.major) for r in penalty_cards(table, Seat.EAST)]
[(Card(Suit.SPADES, Rank.EIGHT), False)]
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.laws.play import suit_mask
from arbitro.table.base import TableState
from arbitro.table.restrictions import Restriction, RestrictionKind
from arbitro.table.state import DIRECTOR, Message

_HONOURS = 0b1111100000000
"""The ten to the ace within a suit's 13 bits (Law 50B: cards of honour rank)."""


def penalty_cards(table: TableState, seat: Seat) -> list[Restriction]:
    """The penalty cards ``seat`` holds, in the order they became penalty cards.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> penalty_cards(Table(EXAMPLE_DEAL, number=1), Seat.WEST)
    []
    """
    return [r for r in table.in_force if r.kind is RestrictionKind.PENALTY_CARD and r.seat == seat]


def add_penalty_cards(
    table: TableState,
    seat: Seat,
    cards: tuple[Card, ...],
    law: str,
    *,
    deliberate: bool,
) -> None:
    """Make ``cards`` penalty cards of defender ``seat`` (Laws 49, 50B).

    A single card below the rank of an honour exposed inadvertently is minor; any
    other is major; when a defender has two or more, all are major.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> add_penalty_cards(table, Seat.EAST, (Card.from_str("CA"),), "49", deliberate=False)
    >>> penalty_cards(table, Seat.EAST)[0].major
    True
    """
    honour = any(card.rank >= 10 for card in cards)
    major = deliberate or honour or len(cards) > 1
    for card in cards:
        table.restrict(Restriction(RestrictionKind.PENALTY_CARD, seat, law, card=card, major=major))
    held = penalty_cards(table, seat)
    if len(held) > 1:
        table.in_force = [replace(r, major=True) if r in held else r for r in table.in_force]


def obligation_mask(table: TableState, seat: Seat, led_suit: int | None) -> int | None:
    """The cards the penalty-card rules leave ``seat`` to choose from, if they bind now.

    50D1: a major penalty card is played at the first legal opportunity (following suit
    comes first). 50C: with a minor penalty card, no other card of its suit below an
    honour may be played before it.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> obligation_mask(Table(EXAMPLE_DEAL, number=1), Seat.EAST, None) is None
    True
    """
    held = penalty_cards(table, seat)
    if not held:
        return None
    hand = table.hands[seat]
    majors = minors = 0
    for restriction in held:
        assert restriction.card is not None
        bit = 1 << restriction.card.index
        if hand & bit:
            if restriction.major:
                majors |= bit
            else:
                minors |= bit
    pool = hand
    if led_suit is not None and hand & suit_mask(led_suit):
        pool = hand & suit_mask(led_suit)
    if majors & pool:
        return majors & pool
    if minors & pool:
        allowed = pool
        for suit in range(4):
            minor_here = minors & suit_mask(suit)
            if minor_here:
                small = suit_mask(suit) & ~(_HONOURS << (13 * suit))
                allowed &= ~(small & ~minor_here)
        return allowed or None
    return None


def defenders_exposed_cards_become_penalty_cards(table: TableState) -> None:
    """When the auction ends, a defender's cards exposed under Law 24 become penalty cards.

    Declarer's and dummy's stay face up until the opening lead is faced, then go back.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> defenders_exposed_cards_become_penalty_cards(Table(EXAMPLE_DEAL, number=1))
    """
    declarer = table.declarer
    if declarer is None:
        return
    exposed_cards = [
        r
        for r in table.in_force
        if r.kind is RestrictionKind.EXPOSED_CARD and r.seat.side != declarer.side
    ]
    if not exposed_cards:
        return
    table.drop(lambda r: r in exposed_cards)
    for seat in Seat:
        own = [r for r in exposed_cards if r.seat == seat]
        if not own:
            continue
        # A premature lead is major (24B); so is an honour, or any card of a defender
        # who has two or more penalty cards, those of earlier rulings included (50B).
        add_penalty_cards(
            table,
            seat,
            tuple(r.card for r in own if r.card is not None),
            "24",
            deliberate=any(r.major for r in own),
        )
        table.rule(
            "24",
            DIRECTOR,
            "24",
            Message(
                N_(
                    "{seat} defends: the cards exposed during the auction are penalty cards "
                    "(Law 50)"
                ),
                {"seat": seat},
            ),
        )
