"""Laws 48-52: cards exposed in the play, penalty cards, and failing to play them.

A penalty card stays in its holder's hand (the hand mask) with a ``PENALTY_CARD``
restriction that says so; it leaves the hand when it is played, or stops being one
when the Laws pick it up (50D2a, 51B).

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> add_penalty_cards(table, Seat.EAST, (Card.from_str("S8"),), "49", deliberate=False)
>>> [(r.card, r.major) for r in penalty_cards(table, Seat.EAST)]
[(Card(Suit.SPADES, Rank.EIGHT), False)]
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Card, Seat, Suit
from arbitro.i18n import N_
from arbitro.laws.play import suit_mask
from arbitro.table.base import CardData, PenaltyCardsData, Procedure, TableState
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.common import DecisionHandler, ask
from arbitro.table.state import (
    DIRECTOR,
    IllegalActionError,
    Message,
    Option,
    Phase,
    Restriction,
    RestrictionKind,
)

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
    table: TableState, seat: Seat, cards: tuple[Card, ...], law: str, *, deliberate: bool
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


def offer_lead_choice(table: TableState, leader: Seat) -> None:
    """Let declarer restrict ``leader``'s lead while partner holds a major penalty card.

    Law 50D2: require or forbid the lead of its suit, or neither.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> offer_lead_choice(Table(EXAMPLE_DEAL, number=1), Seat.EAST)
    """
    if leader.partner not in table.restricted:  # no penalty card, nor any restriction
        return
    declarer = table.declarer
    if declarer is None or table.procedure is not None or leader.side == declarer.side:
        return
    if table.phase not in (Phase.OPENING_LEAD, Phase.PLAY) or table.trick:
        return
    asked = (len(table.tricks_played), leader)
    if table.asked_50d2 == asked:
        return
    suits = tuple(
        dict.fromkeys(
            r.card.suit
            for r in penalty_cards(table, leader.partner)
            if r.major and r.card is not None and table.hands[leader.partner] >> r.card.index & 1
        )
    )
    if not suits:
        return
    # One penalty card: Law 50D2a. Two or more: 51B1 when they are of one suit (a, b:
    # require or forbid it), 51B2 when of more than one (a: require one of them).
    several = sum(1 for r in penalty_cards(table, leader.partner) if r.major) > 1
    require, forbid = (
        ("50D2a", "50D2a")
        if not several
        else ("51B1a", "51B1b")
        if len(suits) == 1
        else ("51B2a", "51B2b")
    )
    # The options agree with the lead restrictions in force (26A2, 26B): a suit whose
    # lead is forbidden cannot be required, nor a required suit forbidden.
    forbidden = _lead_suits(table, leader, RestrictionKind.LEAD_FORBIDDEN)
    required = _lead_suits(table, leader, RestrictionKind.LEAD_REQUIRED)
    to_require = tuple(suit for suit in suits if suit not in forbidden)
    to_forbid = tuple(suit for suit in suits if suit not in required)
    table.asked_50d2 = asked
    ask(
        table,
        "50D2",
        "ruling",
        leader.partner,
        0,
        declarer,
        Message(
            N_(
                "{seat} (declarer): {leader} is to lead while {partner} has a major penalty "
                "card; restrict the lead (Law 50D2)?"
            ),
            {"seat": declarer, "leader": leader, "partner": leader.partner},
        ),
        (
            *(
                (
                    Option(
                        "require",
                        require,
                        N_(
                            "require the lead of the penalty card's suit; the penalty card is "
                            "picked up"
                        ),
                        "suit",
                        to_require,
                    ),
                )
                if to_require
                else ()
            ),
            *(
                (
                    Option(
                        "forbid",
                        forbid,
                        N_(
                            "forbid the lead of that suit while partner keeps the "
                            "lead; the penalty card is picked up"
                        ),
                        "suit",
                        to_forbid,
                    ),
                )
                if to_forbid
                else ()
            ),
            Option("none", "50D2b", N_("neither: the penalty card stays a penalty card")),
            *(
                (
                    Option(
                        "forbid_suits",
                        "51B2b",
                        N_(
                            "forbid the lead of one or more of those suits while partner keeps "
                            "the lead; the penalty cards of each are picked up"
                        ),
                        "suits",
                        to_forbid,
                    ),
                )
                if len(to_forbid) > 1
                else ()
            ),
        ),
    )


def _lead_suits(table: TableState, leader: Seat, kind: RestrictionKind) -> set[Suit]:
    """The suits a lead restriction of ``kind`` in force names for ``leader``."""
    return {
        suit
        for r in table.in_force
        if r.seat == leader and r.kind is kind
        for suit in r.suits or ()
    }


def take_play_50d2(table: TableState, procedure: Procedure, seat: Seat, card: Card) -> bool:
    """The leader leads before declarer's Law 50D2 choice: Law 49, and the choice waits.

    "Si el defensor sale prematuramente, está sujeto a la rectificación del Artículo 49":
    the card, face up, becomes his penalty card, major since a lead exposes it
    intentionally (50B); no card is led, and once declarer has chosen it binds the
    leader as any penalty card (50D1). The opening lead, made face down (41A), shows
    partner nothing: it is refused, as before, and the leader leads once declarer has
    chosen.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> procedure = Procedure("50D2", "ruling", Seat.WEST, 0)
    >>> take_play_50d2(Table(EXAMPLE_DEAL, number=1), procedure, Seat.NORTH, Card.from_str("S2"))
    False
    """
    if seat != procedure.offender.partner or table.phase is not Phase.PLAY or table.trick:
        return False
    if card not in table.hand(seat):
        raise IllegalActionError(
            Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
        )
    if not any(r.card == card for r in penalty_cards(table, seat)):
        add_penalty_cards(table, seat, (card,), "49", deliberate=True)
    table.rule(
        "49",
        DIRECTOR,
        "49",
        Message(
            N_(
                "{seat} led {card} before declarer's choice (Law 50D2): it is not led but is "
                "a major penalty card (Laws 49, 50B); declarer chooses, then {seat} leads"
            ),
            {"seat": seat, "card": card},
        ),
    )
    after_new_penalty_cards(table, seat)
    return True


def _decide_50d2(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    holder = procedure.offender
    _carry_out_50d2(table, procedure, option, event)
    # The leader's own major penalty cards, if two or more may be led (51A): a card he
    # led before the choice, for instance.
    offer_choice_of_penalty_card(table, holder.partner)


def _carry_out_50d2(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    holder = procedure.offender
    leader = holder.partner
    table.procedure = None
    declarer = table.declarer
    assert declarer is not None
    if option.choice == "none":
        table.rule(
            "50D2b",
            str(declarer),
            "none",
            Message(N_("no lead restriction; the penalty cards of {seat} stay"), {"seat": holder}),
        )
        return
    if option.choice == "forbid_suits":
        _forbid_suits(table, holder, option, event)
        return
    suit = event.suit
    assert suit is not None
    table.drop(
        lambda r: (
            r.kind is RestrictionKind.PENALTY_CARD
            and r.seat == holder
            and r.card is not None
            and r.card.suit == suit
        )
    )
    kind = (
        RestrictionKind.LEAD_REQUIRED
        if option.choice == "require"
        else RestrictionKind.LEAD_FORBIDDEN
    )
    restriction = Restriction(kind, leader, option.law, suits=(suit,))
    table.restrict(restriction)
    table.rule(
        option.law,
        str(declarer),
        option.choice,
        Message(
            N_("{rule}; the penalty cards of {seat} in that suit are picked up"),
            {"rule": restriction.message, "seat": holder},
        ),
    )


def _forbid_suits(table: TableState, holder: Seat, option: Option, event: DecisionEvent) -> None:
    """51B2b: declarer forbids the lead of one or more suits of the penalty cards."""
    chosen = tuple(dict.fromkeys(event.suits or ()))
    if not chosen or any(suit not in option.suits for suit in chosen):
        raise IllegalActionError(
            Message(
                N_("'{choice}' needs one or more suits among {suits}"),
                {"choice": option.choice, "suits": ", ".join(s.to_str() for s in option.suits)},
            )
        )
    table.drop(
        lambda r: (
            r.kind is RestrictionKind.PENALTY_CARD
            and r.seat == holder
            and r.card is not None
            and r.card.suit in chosen
        )
    )
    restriction = Restriction(RestrictionKind.LEAD_FORBIDDEN, holder.partner, "51B2b", suits=chosen)
    table.restrict(restriction)
    table.rule(
        "51B2b",
        event.by,
        option.choice,
        Message(
            N_("{rule}; the penalty cards of {seat} in those suits are picked up"),
            {"rule": restriction.message, "seat": holder},
        ),
    )


def exposed_in_play(
    table: TableState, seat: Seat, cards: tuple[Card, ...], deliberate: bool
) -> None:
    """Cards exposed during the play.

    A defender's become penalty cards (49); declarer's never do (48A); dummy's are on
    the table already.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> exposed_in_play(Table(EXAMPLE_DEAL, number=1), Seat.NORTH, (), False)
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: no card was named
    """
    if not cards:
        raise IllegalActionError(Message(N_("no card was named")))
    for card in cards:
        if card not in table.hand(seat):
            raise IllegalActionError(
                Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
            )
    declarer = table.declarer
    assert declarer is not None
    if seat == declarer or seat == declarer.partner:
        table.rule(
            "48A",
            DIRECTOR,
            "48A",
            Message(
                N_("cards of declarer's side are never penalty cards: {seat} takes them back"),
                {"seat": seat},
            ),
        )
        return
    add_penalty_cards(table, seat, cards, "49", deliberate=deliberate)
    table.rule(
        "49",
        DIRECTOR,
        "49",
        Message(N_("the cards {seat} exposed are penalty cards (Law 50)"), {"seat": seat}),
    )
    after_new_penalty_cards(table, seat)


def after_new_penalty_cards(table: TableState, seat: Seat) -> None:
    """What follows when defender ``seat`` has just been given penalty cards in the play.

    A note recalls 50E; partner about to lead waits for declarer's 50D2 choice, or the
    holder due to play with two or more major penalty cards for declarer's 51A choice.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> after_new_penalty_cards(table, Seat.EAST); [note.law for note in table.notes]
    ['50E']
    """
    table.note(
        "50E",
        Message(
            N_(
                "what {partner} learns from seeing the penalty cards is unauthorised, beyond the "
                "obligation to play them (Law 50E)"
            ),
            {"partner": seat.partner},
        ),
    )
    # Partner about to lead waits for declarer's Law 50D2 choice (asked afresh: the
    # penalty cards have changed); the holder due to play with two or more major
    # penalty cards waits for declarer's 51A choice.
    if table.to_play == seat.partner:
        table.asked_50d2 = None
        offer_lead_choice(table, seat.partner)
    else:
        offer_choice_of_penalty_card(table, seat)


def start_52(table: TableState, seat: Seat, card: Card) -> None:
    """A defender plays another card when a penalty card had to be played (Law 52).

    Declarer may accept the card played (52B1a) — he must if he has played after it
    (52B1b) — or require the penalty card, the card played becoming a major penalty
    card (52B2).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> start_52(table, Seat.EAST, Card.from_str("S8"))
    >>> [option.choice for option in table.pending.options]
    ['accept', 'refuse']
    """
    declarer = table.declarer
    assert declarer is not None
    ask(
        table,
        "52",
        "ruling",
        seat,
        0,
        declarer,
        Message(
            N_("{declarer} (declarer): {seat} played {card} instead of a penalty card; accept it?"),
            {"declarer": declarer, "seat": seat, "card": card},
        ),
        (
            Option("accept", "52B1a", N_("accept the card played; the penalty cards stay")),
            Option(
                "refuse",
                "52B2",
                N_(
                    "the penalty card is played instead; the card played "
                    "becomes a major penalty card"
                ),
            ),
        ),
        CardData(card.index),
    )


def take_play_52(table: TableState, procedure: Procedure, seat: Seat, card: Card) -> bool:
    """Declarer playing after the card accepts it (52B1b)."""
    declarer = table.declarer
    assert declarer is not None
    if seat.side != declarer.side:
        return False
    _accept_52(table, procedure, "52B1b", str(declarer))
    table.on_play(seat, card)
    return True


def _accept_52(table: TableState, procedure: Procedure, law: str, by: str) -> None:
    index = procedure.data_as(CardData).card
    table.procedure = None
    table.rule(
        law,
        by,
        "accept",
        Message(N_("the card played is accepted; the penalty cards stay penalty cards")),
    )
    table.put_card(procedure.offender, index)


def _decide_52(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    declarer = table.declarer
    assert declarer is not None
    if option.choice == "accept":
        _accept_52(table, procedure, "52B1a", str(declarer))
        return
    index = procedure.data_as(CardData).card
    table.procedure = None
    offender = procedure.offender
    # 52B2: the defender substitutes the penalty card he had to play; when only one
    # could be, it goes to the trick now.
    led = table.trick[0] // 13 if table.trick else None
    obliged = obligation_mask(table, offender, led) or 0
    owed = [
        r.card
        for r in penalty_cards(table, offender)
        if r.card is not None and obliged >> r.card.index & 1
    ]
    add_penalty_cards(table, offender, (Card.from_index(index),), "52B2", deliberate=True)
    if len(owed) == 1:
        table.rule(
            "52B2",
            str(declarer),
            "refuse",
            Message(
                N_("{seat} plays the penalty card {penalty}; {card} becomes a major penalty card"),
                {"seat": offender, "penalty": owed[0], "card": Card.from_index(index)},
            ),
        )
        table.put_card(offender, owed[0].index)
        return
    table.rule(
        "52B2",
        str(declarer),
        "refuse",
        Message(
            N_("{seat} must play the penalty card; {card} becomes a major penalty card"),
            {"seat": offender, "card": Card.from_index(index)},
        ),
    )


def offer_choice_of_penalty_card(table: TableState, seat: Seat) -> None:
    """Ask declarer which penalty card ``seat`` plays, when it must play one of several.

    Law 51A: two or more major penalty cards that may legally be played.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> offer_choice_of_penalty_card(Table(EXAMPLE_DEAL, number=1), Seat.EAST)
    """
    declarer = table.declarer
    if (
        declarer is None
        or table.procedure is not None
        or table.phase is not Phase.PLAY
        or seat.side == declarer.side
        or table.to_play != seat
        or any(r.seat == seat and r.kind is RestrictionKind.CARD_STANDS for r in table.in_force)
    ):
        return  # a card that stands after partner's revoke is played first (62C2)
    held = [r.card for r in penalty_cards(table, seat) if r.major and r.card is not None]
    if len(held) < 2:
        return
    # The penalty cards he may play now: following suit and the lead or play
    # restrictions in force come first (50D1b), so a card of a forbidden suit is none.
    allowed = table.playable(seat)
    majors = [card for card in held if allowed >> card.index & 1]
    if len(majors) < 2:
        return
    ask(
        table,
        "51",
        "ruling",
        seat,
        0,
        declarer,
        Message(
            N_(
                "{declarer} (declarer): {seat} must play one of the penalty cards {cards}; "
                "which one (Law 51A)?"
            ),
            {
                "declarer": declarer,
                "seat": seat,
                "cards": ", ".join(card.localized() for card in majors),
            },
        ),
        (Option("card", "51A", N_("the penalty card to play"), "card", cards=tuple(majors)),),
        PenaltyCardsData(tuple(card.index for card in majors)),
    )


def _decide_51(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    allowed = procedure.data_as(PenaltyCardsData).cards
    card = event.card
    if card is None or card.index not in allowed:
        raise IllegalActionError(
            Message(
                N_("choose one of the penalty cards {seat} may play"), {"seat": procedure.offender}
            )
        )
    table.procedure = None
    declarer = table.declarer
    table.rule(
        "51A",
        str(declarer),
        "card",
        Message(
            N_("{seat} plays the penalty card {card}, as declarer chose"),
            {"seat": procedure.offender, "card": card},
        ),
    )
    table.put_card(procedure.offender, card.index)


DECISION_HANDLERS: dict[str, DecisionHandler] = {
    "50D2": _decide_50d2,
    "51": _decide_51,
    "52": _decide_52,
}
"""The decisions this module answers, by procedure."""


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
