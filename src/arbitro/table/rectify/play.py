"""The play when something is irregular (Laws 44, 46, 50-64).

Which cards are legal, and what a card played against the rules is.

A card in turn that breaks no rule is simply played. Otherwise this module decides: a failure to follow suit is a revoke, recorded and played (61A);
a card played instead of a penalty card goes to Law 52; a lead or play out of turn to
Laws 53-57; declarer's words for dummy's card to Law 46.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"]):
...     table.call(seat, call)
>>> table.play("E", "ST"); table.face_lead()
>>> table.play("S", "S7"); table.play("W", "C5")  # West holds spades: a revoke
>>> [(r.seat, r.card) for r in table.revokes]
[(Seat.WEST, Card(Suit.CLUBS, Rank.FIVE))]
"""

from __future__ import annotations

from arbitro.core import Card, Seat, Strain, Suit
from arbitro.i18n import N_
from arbitro.laws.designation import DesignationWords
from arbitro.laws.designation import designate as designated
from arbitro.laws.play import playable_mask, suit_mask
from arbitro.table.base import Procedure, TableState, cards_of, waiting
from arbitro.table.choice_words import ChoiceWords
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify import (
    out_of_turn,
    penalty_card_play,
    penalty_cards,
    premature_plays,
    revoke_partner_card,
    revokes,
    wrong_opening_lead,
)
from arbitro.table.rectify.common import DecisionHandler, any_defender, ask
from arbitro.table.restrictions import RestrictionKind
from arbitro.table.rulings import Option
from arbitro.table.state import IllegalActionError, Message, Phase

# The phases, looked up once: an enum member read from its class costs ten times a
# global's on Python 3.11, and these are read for every call and card.
_OPENING_LEAD = Phase.OPENING_LEAD
_LEAD_FACE_DOWN = Phase.LEAD_FACE_DOWN
_PLAY = Phase.PLAY

_PLAY_KINDS = (
    RestrictionKind.PLAY_HIGHEST,
    RestrictionKind.PLAY_LOWEST,
    RestrictionKind.PLAY_NOT_SUIT,
)


def playable(table: TableState, seat: Seat) -> int:
    """The cards ``seat`` may play now, as a mask.

    A card played after partner's revoke that stands (62C2) first; then following suit
    (44C), lead restrictions (26, 50D2), 57A requirements, and penalty cards (50), in
    that order of precedence; a requirement that cannot be met gives way (59).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> playable(table, Seat.NORTH) == table.hand(Seat.NORTH).mask
    True
    """
    trick = table.trick
    if seat not in table.restricted:  # no restriction: Law 44 alone (a lead: any card)
        return playable_mask(table.hands[seat], trick[0] // 13 if trick else None)
    hand = table.hands[seat]
    stands = revoke_partner_card.card_that_stands(table, seat)
    if stands is not None and hand >> stands.index & 1:
        return 1 << stands.index  # played after partner's revoke, it stands (62C2)
    led = trick[0] // 13 if trick else None
    mask = table.lead_mask(seat) if led is None else playable_mask(hand, led)
    if led is not None:
        for restriction in table.in_force:
            if restriction.seat != seat or restriction.kind not in _PLAY_KINDS:
                continue
            following = hand & suit_mask(led)
            if restriction.kind is RestrictionKind.PLAY_HIGHEST and following:
                mask = 1 << (following.bit_length() - 1)
            elif restriction.kind is RestrictionKind.PLAY_LOWEST and following:
                mask = following & -following
            elif restriction.kind is RestrictionKind.PLAY_NOT_SUIT and restriction.suits:
                kept = mask & ~suit_mask(restriction.suits[0])
                mask = kept or mask
    obliged = penalty_cards.obligation_mask(table, seat, led)
    if obliged is not None and mask & obliged:
        mask &= obliged
    return mask


def play_card(table: TableState, seat: Seat, card: Card) -> None:
    """A card played from ``seat``'s hand: judge it (44, 26, 50-61) and carry it out."""
    index = card.index
    if not table.hands[seat] >> index & 1:
        raise IllegalActionError(
            Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
        )
    phase = table.phase
    if table.unestablished and phase is _PLAY:
        # 63A1: a lead or play to the next trick by the offender or his partner, legal
        # or illegal (out of turn, early), establishes his side's revoke.
        revokes.establish(table, seat)
    opening = phase is _OPENING_LEAD
    if seat != (table.leader if opening else table.to_play):
        if opening:
            wrong_opening_lead.opening_lead_out_of_turn(table, seat, card)
        elif not table.trick:
            out_of_turn.lead_out_of_turn(table, seat, card)
        else:
            premature_plays.premature_play(table, seat, card)
        return
    if seat in table.restricted:
        stands = revoke_partner_card.card_that_stands(table, seat)
        if stands is not None and stands != card:
            raise IllegalActionError(
                Message(
                    N_(
                        "{card} of {seat}, played after partner's revoke, stands: {seat} plays "
                        "it again (Law 62C2)"
                    ),
                    {"card": stands, "seat": seat},
                )
            )
    if not playable(table, seat) >> index & 1:
        if _irregular(table, seat, card):
            return
        opening = table.phase is _OPENING_LEAD  # as the irregularity left it
    if opening:  # made face down (41A), faced by the next event
        table.hands[seat] &= ~(1 << index)
        table.face_down = card
        table.phase = _LEAD_FACE_DOWN
        return
    table.put_card(seat, index)


def _irregular(table: TableState, seat: Seat, card: Card) -> bool:
    """A card in turn that :func:`playable` does not allow; True when Law 52 takes it.

    Otherwise it is a revoke, recorded (61A), and the card is played.
    """
    index = card.index
    hand = table.hands[seat]
    leading = table.phase is _OPENING_LEAD or not table.trick
    led = None if leading else table.trick[0] // 13
    if leading and not table.lead_mask(seat) >> index & 1:
        # A lead that breaks a Law 26 or 50D2 requirement or prohibition the leader
        # could meet (Law 59 lifts those he cannot): a revoke (61A), in the suit he
        # was required to lead, or in the forbidden suit he led.
        required = _required_suit(table, seat)
        revokes.record(table, seat, card, card.suit if required is None else required)
    elif led is not None and hand & suit_mask(led) and card.suit != led:
        revokes.record(table, seat, card, Suit(led))
    elif (
        penalty_cards.obligation_mask(table, seat, led) is not None
        and not (penalty_cards.obligation_mask(table, seat, led) or 0) >> index & 1
    ):
        if table.phase is not _OPENING_LEAD:
            penalty_card_play.start_52(table, seat, card)
            return True
        # The opening lead is made face down: Law 52 applies once it is faced.
    else:
        # A requirement of a rectification not met when it could be: a revoke (61A).
        revokes.record(table, seat, card, card.suit if led is None else Suit(led))
    return False


def face_opening_lead(table: TableState, leader: Seat, card: Card) -> None:
    """The opening lead, back in the leader's hand, is faced and goes to the trick.

    A lead of another card when a penalty card had to be led goes to declarer (52B1).
    """
    index = card.index
    obliged = penalty_cards.obligation_mask(table, leader, None)
    if (
        obliged is not None
        and not obliged >> index & 1
        and not playable(table, leader) >> index & 1
        and table.lead_mask(leader) >> index & 1
    ):
        penalty_card_play.start_52(table, leader, card)
        return
    table.put_card(leader, index)


def _required_suit(table: TableState, seat: Seat) -> Suit | None:
    """The suit a lead requirement in force obliges ``seat`` to lead, if any."""
    for restriction in table.in_force:
        if (
            restriction.seat == seat
            and restriction.kind is RestrictionKind.LEAD_REQUIRED
            and restriction.suits
        ):
            return restriction.suits[0]
    return None


def designate(table: TableState, text: str) -> None:
    """Declarer names dummy's card in words; Law 46 says which card that is."""
    dummy = table.dummy
    if table.phase is not _PLAY or dummy is None or table.to_play != dummy:
        raise IllegalActionError(Message(N_("it is not dummy's turn to play")))
    procedure = table.procedure
    if procedure is not None and procedure.law != "45D":  # 45D: declarer names dummy's card
        raise waiting(procedure)
    contract = table.contract
    assert contract is not None
    last = table.tricks_played[-1] if table.tricks_played else None
    won_suit = (
        last.cards[(last.winner - last.leader) % 4].suit if last and last.winner == dummy else None
    )
    result = designated(
        text,
        table.hands[dummy],
        table.trick,
        contract.strain,
        won_suit,
        threats=_threats_after_dummy(table, dummy, contract.strain),
    )
    if result.defender_chooses:
        if procedure is not None:
            raise waiting(procedure)
        ask(
            table,
            "46",
            "ruling",
            dummy,
            0,
            dummy.lho,
            Message(
                N_("{seat}: declarer said '{text}'; choose the card dummy plays (Law 46B5)"),
                {"seat": dummy.lho, "text": DesignationWords(text)},
            ),
            (
                Option(
                    "card",
                    "46B5",
                    N_("the card dummy plays"),
                    "card",
                    cards=tuple(cards_of(playable(table, dummy))),
                ),
            ),
        )
        return
    if result.ambiguous and result.law == "46B3b":
        raise IllegalActionError(
            Message(
                N_(
                    "'{text}' fits more than one of dummy's cards: declarer must name the suit "
                    "(Law {law})"
                ),
                {"text": DesignationWords(text), "law": "46B3b"},
            )
        )
    if result.ambiguous:  # "high" or "low" with cards of two suits or more (46B1a, 46B1c)
        suits = playable(table, dummy)
        raise IllegalActionError(
            Message(
                N_(
                    "'{text}' names no suit, and dummy may play cards of more than one: declarer "
                    "must name the suit as well ('{example}') or the card (Law {law}, 46B3b)"
                ),
                {
                    "text": DesignationWords(text),
                    "example": DesignationWords(
                        f"{text} {Suit((suits.bit_length() - 1) // 13).to_str(symbols=True)}"
                    ),
                    "law": result.law,
                },
            )
        )
    if result.card is None:
        table.rule(
            "46B4",
            "director",
            "46B4",
            Message(
                N_("'{text}' designates no card of dummy's: declarer may name any legal card"),
                {"text": DesignationWords(text)},
            ),
        )
        return
    table.rule(
        result.law,
        "director",
        result.law,
        Message(
            N_("'{text}' designates {card}"), {"text": DesignationWords(text), "card": result.card}
        ),
    )
    table.on_play(dummy, result.card)


def _threats_after_dummy(table: TableState, dummy: Seat, trumps: Strain) -> int:
    """The cards declarer cannot see that may beat dummy's card later in the trick (46B1b).

    The defenders still to play after dummy may hold any card of the suit led that
    declarer cannot see (his own and dummy's hands and the cards played he can); one
    who has shown out of that suit may ruff with any such trump.
    """
    if not table.trick:
        return 0
    declarer = dummy.partner
    # The seats after dummy still to play: a seat the trick passed by (67) plays no more.
    still = 4 - len(table.trick) - (table.skipped is not None)
    later = [Seat((dummy + step) % 4) for step in range(1, still)]
    defenders = [seat for seat in later if seat != declarer]
    if not defenders:
        return 0
    unseen = table.hands[declarer.lho] | table.hands[declarer.rho]
    led = table.trick[0] // 13
    threats = unseen & suit_mask(Suit(led))
    if trumps is not Strain.NOTRUMP and any(_shown_out(table, seat, led) for seat in defenders):
        threats |= unseen & suit_mask(Suit(int(trumps)))
    return threats


def _shown_out(table: TableState, seat: Seat, suit: int) -> bool:
    """Whether ``seat`` has failed to follow to a trick led in ``suit``."""
    return any(
        trick.cards[0].suit == suit and played_by == seat and card.suit != suit
        for trick in table.tricks_played
        for played_by, card in zip(trick.seats, trick.cards, strict=True)
    )


def _decide_46(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    card = event.card
    dummy = procedure.offender
    if card is None or not playable(table, dummy) >> card.index & 1:
        raise IllegalActionError(
            Message(
                N_("'{choice}' needs a legal card of dummy's"),
                {"choice": ChoiceWords((option.choice,))},
            )
        )
    table.procedure = None
    table.rule(
        "46B5",
        event.by,
        "card",
        Message(
            N_("{seat} chooses {card} for dummy"),
            {"seat": procedure.decision.by if procedure.decision else dummy, "card": card},
        ),
    )
    table.on_play(dummy, card)


DECISION_HANDLERS: dict[str, DecisionHandler] = {"46": _decide_46}
OTHER_ANSWERS = {"46": any_defender}
"""46B5: any defender names dummy's card."""
"""The decisions this module answers, by procedure."""
