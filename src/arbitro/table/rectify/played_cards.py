"""Laws 45, 47 and 58: a card played and taken back.

- 45C4b, 47C: a player changes an unintended designation without pause for thought,
  before partner plays; an opponent who played after it may take his card back (47D).
- 45D: dummy places a card declarer did not name; it goes back, and so do the cards
  played after it (their players may play them again or not).
- 45E: a fifth card contributed to a trick: a defender's becomes a penalty card,
  declarer's goes back.
- 58B: several cards played at once from one hand: the one the player names counts; a
  defender's others become penalty cards.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> change_card(table, Seat.NORTH, Card.from_str("SA"))
Traceback (most recent call last):
...
arbitro.table.state.IllegalActionError: a card can be changed only during the play
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.table.base import (
    CardData,
    ChangedCardData,
    EarlyCardData,
    HeldCardData,
    Procedure,
    TableState,
    waiting,
)
from arbitro.table.events import DecisionEvent, PlayEvent
from arbitro.table.rectify import revokes
from arbitro.table.rectify.common import DecisionHandler, ask
from arbitro.table.rectify.penalty_cards import (
    add_penalty_cards,
    after_new_penalty_cards,
    exposed_in_play,
    offer_lead_choice,
    penalty_cards,
)
from arbitro.table.rectify.play import play_card, playable
from arbitro.table.state import (
    DIRECTOR,
    IllegalActionError,
    Message,
    Option,
    Phase,
    Restriction,
    RestrictionKind,
)


def _position_in_trick(table: TableState, seat: Seat) -> tuple[int, bool]:
    """Where ``seat``'s card lies in the trick in progress, or in the trick just completed.

    The second value says the trick is the one just completed: nobody has played to the
    next trick yet, so it is reopened (``_reopen_last_trick``) before the card goes back.
    """
    if table.phase is not Phase.PLAY:
        raise IllegalActionError(Message(N_("a card can be changed only during the play")))
    if table.procedure is not None:
        raise waiting(table.procedure)
    for position, (played_by, _) in enumerate(table.current_trick):
        if played_by == seat:
            return position, False
    if not table.trick and table.tricks_played:
        last = table.tricks_played[-1]
        if seat in last.seats:  # not when the trick passed ``seat`` by (Law 67)
            return last.seats.index(seat), True
    raise IllegalActionError(Message(N_("{seat} has played no card to this trick"), {"seat": seat}))


def _last_trick_pairs(table: TableState) -> list[tuple[Seat, Card]]:
    """The trick in progress, or (none begun) the trick just completed, as (seat, card)."""
    if table.trick or not table.tricks_played:
        return list(table.current_trick)
    last = table.tricks_played[-1]
    return list(zip(last.seats, last.cards, strict=True))


def _reopen_last_trick(table: TableState) -> None:
    """Put the trick just completed back in progress, before anyone leads to the next.

    Laws 45C4b, 45D and 47E2a let a card that completed a trick go back until the next
    trick's play: the trick is taken off the winner's count, its cards lie in the trick
    again, and its leader leads it. A lead prohibition dropped because the lead changed
    hands (26A2b, 26B) is restored; the trick closes again on its fourth card.
    """
    trick = table.tricks_played.pop()
    table.won[trick.winner & 1] -= 1
    table.trick = [card.index for card in trick.cards]
    table.leader = trick.leader
    table.to_play = trick.leader
    saved = table.closed_restrictions
    if saved is not None and saved[0] == len(table.tricks_played) + 1:
        current = table.in_force
        table.in_force = current + [
            r for r in saved[1] if r.kind is RestrictionKind.LEAD_FORBIDDEN and r not in current
        ]
        table.restricted = frozenset(r.seat for r in table.in_force)
        table.closed_restrictions = None


def _take_back_from(table: TableState, position: int) -> list[tuple[Seat, Card]]:
    """Return the cards from ``position`` on in the trick to their hands.

    The turn goes back to the player at ``position``.
    """
    taken = list(table.current_trick)[position:]
    for seat, card in taken:
        table.hands[seat] |= 1 << card.index
    table.trick = table.trick[:position]
    table.to_play = taken[0][0]
    if table.skipped is not None and (table.skipped - table.leader) % 4 > position:
        table.skipped = None  # the play goes back to before the turn it missed
    # A revoke made with a card taken back was never a revoke.
    trick = len(table.tricks_played)
    back = {card for _, card in taken}
    table.revokes_made = [
        r for r in table.revokes_made if not (r.trick == trick and r.card in back)
    ]
    table.unestablished = any(not r.established for r in table.revokes_made)
    return taken


def change_card(table: TableState, seat: Seat, card: Card) -> None:
    """``seat`` replaces the card it played to this trick by ``card`` (45C4b, 47C).

    The Director judges whether the first designation was unintended and changed
    without pause for thought; partner must not have played since.
    """
    position, reopen = _position_in_trick(table, seat)
    later = _last_trick_pairs(table)[position + 1 :]
    if any(other == seat.partner for other, _ in later):
        raise IllegalActionError(
            Message(N_("partner has played since: the card stands (Law 45C4b)"))
        )
    if card not in table.hand(seat):
        raise IllegalActionError(
            Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
        )
    ask(
        table,
        "45",
        "ruling",
        seat,
        0,
        None,
        Message(
            N_(
                "Director: {seat} wants to play {card} instead; was the first designation "
                "unintended and changed without pause for thought?"
            ),
            {"seat": seat, "card": card},
        ),
        (
            Option(
                "45C4b",
                "45C4b",
                N_(
                    "yes: the card is changed; an opponent who played "
                    "after it may take his card back"
                ),
            ),
            Option("refuse", "47F2", N_("no: the card played stands")),
        ),
        ChangedCardData(position, reopen, card.index),
    )


def _decide_45(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    table.procedure = None
    data = procedure.data_as(ChangedCardData)
    seat = procedure.offender
    if procedure.stage == "withdraw":
        if option.choice == "withdraw":
            position = data.position
            if data.reopen:
                _reopen_last_trick(table)
            taken = _take_back_from(table, position)
            table.rule(
                option.law,
                event.by,
                "withdraw",
                Message(
                    N_(
                        "{seat} takes back {card} and plays again (information from it is "
                        "authorised for his side only, Law 16D1)"
                    ),
                    {"seat": taken[0][0], "card": taken[0][1]},
                ),
            )
        else:
            table.rule(option.law, event.by, "keep", Message(N_("the card played stands")))
        return
    if option.choice == "refuse":
        table.rule("47F2", DIRECTOR, "refuse", Message(N_("the card played stands")))
        return
    position = data.position
    index = data.card
    assert index is not None
    if data.reopen:
        _reopen_last_trick(table)
    taken = _take_back_from(table, position)
    table.rule(
        "45C4b",
        DIRECTOR,
        "45C4b",
        Message(
            N_("{seat} changes {old} for {new}"),
            {"seat": seat, "old": taken[0][1], "new": Card.from_index(index)},
        ),
    )
    # The new card, and the cards played after the old one, are played as any card: a
    # failure to follow suit is a revoke (61A), a penalty card's obligation is judged (52).
    play_card(table, seat, Card.from_index(index))
    for other, card in taken[1:]:
        if table.procedure is not None:
            break  # a rectification of the new card comes first; the rest play again
        play_card(table, other, card)
    opponents = [
        (i, other)
        for i, (other, _) in enumerate(taken[1:], start=position + 1)
        if other.side != seat.side
    ]
    if opponents and table.procedure is None:
        where, opponent = opponents[0]
        declarer = table.declarer
        # Dummy's card is declarer's to take back (45B, 43A1c).
        decider = declarer if declarer is not None and opponent == declarer.partner else opponent
        ask(
            table,
            "45",
            "withdraw",
            opponent,
            0,
            decider,
            Message(
                N_("{seat}: you played after the changed card; take your card back (Law 47D)?"),
                {"seat": decider},
            ),
            (
                Option("withdraw", "47D", N_("take it back and play again")),
                Option("keep", "47D", N_("keep it")),
            ),
            ChangedCardData(where, not table.trick),
        )


def dummy_misplayed(table: TableState, card: Card) -> None:
    """Dummy placed ``card``, which declarer did not name: it goes back (45D).

    The cards played after it go back too, so that the defender who played after it
    may take his card back (he may play it again). Attention may be drawn until each
    side has played to the next trick: a lead to it alone goes back as well.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> table.play("E", "CA"); table.face_lead(); table.play("S", "C8")
    >>> dummy_misplayed(table, Card.from_str("C8"))
    >>> table.turn, Card.from_str("C8") in table.hand("S")
    (Seat.SOUTH, True)
    """
    dummy = table.dummy
    if dummy is None:
        raise IllegalActionError(Message(N_("there is no dummy yet")))
    in_progress = [seat for seat, _ in table.current_trick]
    if table.phase is Phase.PLAY and table.tricks_played and dummy not in in_progress:
        if len(in_progress) > 1:
            raise IllegalActionError(
                Message(N_("each side has played to the next trick: dummy's card stands (Law 45D)"))
            )
        if in_progress and table.procedure is None:
            # Only one side has played to the next trick: its lead, played after the
            # error, goes back to the hand too (45D, 16D).
            _take_back_from(table, 0)
    position, reopen = _position_in_trick(table, dummy)
    played = _last_trick_pairs(table)[position][1]
    if played != card:
        raise IllegalActionError(
            Message(
                N_("dummy's card in this trick is {played}, not {card}"),
                {"played": played, "card": card},
            )
        )
    if reopen:
        _reopen_last_trick(table)
    taken = _take_back_from(table, position)
    declarer = table.declarer
    assert declarer is not None
    later = dict(taken[1:])
    if declarer in later and declarer.rho in later:
        # Declarer's later card stands unless his right-hand opponent changes his (45D).
        table.procedure = Procedure(
            "45D",
            "hold",
            declarer,
            len(table.tricks_played),
            None,
            None,
            HeldCardData(later[declarer].index, later[declarer.rho].index),
        )
    table.rule(
        "45D",
        DIRECTOR,
        "45D",
        Message(
            N_(
                "{card}, which declarer did not name, goes back to dummy, and so do the cards "
                "played after it, which their players may play again (Law 16D); declarer names "
                "dummy's card"
            ),
            {"card": card},
        ),
    )
    del taken


def take_play_45d(table: TableState, procedure: Procedure, seat: Seat, card: Card) -> bool:
    """A card played in turn while declarer's card played after dummy's misplaced one waits.

    45D: it stands if his right-hand opponent plays the same card again; declarer must
    then play it again; if the opponent plays another card, declarer may
    take his back and play any card.
    """
    if seat != table.to_play:
        return False
    declarer = procedure.offender
    data = procedure.data_as(HeldCardData)
    held = data.card
    if len(table.tricks_played) != procedure.entry or table.phase is not Phase.PLAY:
        table.procedure = None
        table.on_play(seat, card)
        return True
    if seat == declarer:
        if card.index != held:
            raise IllegalActionError(
                Message(
                    N_(
                        "{card} of {seat} stands: his right-hand opponent did not change his "
                        "card (Law 45D)"
                    ),
                    {"card": Card.from_index(held), "seat": seat},
                )
            )
        table.procedure = None
        table.on_play(seat, card)
        return True
    table.procedure = None
    table.on_play(seat, card)
    if seat == declarer.rho and card.index != data.rho_card:
        table.rule(
            "45D",
            DIRECTOR,
            "45D",
            Message(
                N_("{seat} changed his card: declarer may take back his and play another"),
                {"seat": seat},
            ),
        )
        return True
    if table.procedure is None and len(table.tricks_played) == procedure.entry:
        table.procedure = procedure
    return True


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
            for i, (who, card) in enumerate(_last_trick_pairs(table))
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
        if card != _last_trick_pairs(table)[position][1] and card not in table.hand(seat):
            raise IllegalActionError(
                Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
            )
    reopen = not table.trick
    if reopen:
        _reopen_last_trick(table)
    # The card named is played where the player's card stood; the cards after it again.
    taken = _take_back_from(table, position)
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
    opponents = [
        (where, other)
        for where, (other, _) in enumerate(taken[1:], start=position + 1)
        if other.side != seat.side
    ]
    if not opponents or table.procedure is not None:
        return
    where, opponent = opponents[0]
    # Dummy's card is declarer's to take back (45B, 43A1c).
    decider = declarer if declarer is not None and opponent == declarer.partner else opponent
    ask(
        table,
        "45",
        "withdraw",
        opponent,
        0,
        decider,
        Message(
            N_(
                "{seat}: you played after a card {player} showed and withdrew; take your "
                "card back and play another (Law 58B3)?"
            ),
            {"seat": decider, "player": seat},
        ),
        (
            Option("withdraw", "58B3", N_("take it back and play again")),
            Option("keep", "58B3", N_("keep it")),
        ),
        ChangedCardData(where, not table.trick),
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


def fifth_card(table: TableState, seat: Seat, card: Card, deliberate: bool = False) -> None:
    """``seat`` contributed ``card`` to a trick he has played to, as a fifth card (45E).

    The trick is the one in progress, or the one just completed before the next lead.
    The Director has judged it no lead (a lead is a ``play``: 53, 55, 56). A defender's
    card becomes a penalty card (45E1) and Law 50 applies: minor if a card below an
    honour contributed inadvertently, major if an honour, if ``deliberate`` (the
    Director finds it played on purpose), or if the defender has another penalty card
    (50B); declarer's, from his hand or dummy, goes back to the hand with no
    rectification (45E2).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> fifth_card(Table(EXAMPLE_DEAL, number=1), Seat.EAST, Card.from_str("C8"))
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: a fifth card is one more card to a trick its player has played to: this trick, or the one just completed before the next lead (Law 45E)
    """
    in_trick = any(played_by == seat for played_by, _ in table.current_trick)
    if table.phase is not Phase.PLAY or not (in_trick or (table.tricks_played and not table.trick)):
        raise IllegalActionError(
            Message(
                N_(
                    "a fifth card is one more card to a trick its player has played to: this "
                    "trick, or the one just completed before the next lead (Law 45E)"
                )
            )
        )
    if table.procedure is not None:
        raise waiting(table.procedure)
    if card not in table.hand(seat):
        raise IllegalActionError(
            Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
        )
    declarer = table.declarer
    assert declarer is not None
    if seat.side == declarer.side:
        table.rule(
            "45E2",
            DIRECTOR,
            "45E2",
            Message(
                N_(
                    "{card}, a fifth card played to the trick by declarer, goes back with no rectification"
                ),
                {"card": card},
            ),
        )
        return
    add_penalty_cards(table, seat, (card,), "45E1", deliberate=deliberate)
    major = any(r.major for r in penalty_cards(table, seat) if r.card == card)
    table.rule(
        "45E1",
        DIRECTOR,
        "45E1",
        Message(
            N_(
                "{card}, a fifth card {seat} played to the trick, becomes a major penalty card "
                "(Law 50B)"
            )
            if major
            else N_(
                "{card}, a fifth card {seat} played to the trick inadvertently, becomes a "
                "minor penalty card (Law 50B)"
            ),
            {"card": card, "seat": seat},
        ),
    )
    after_new_penalty_cards(table, seat)


DECISION_HANDLERS: dict[str, DecisionHandler] = {"45": _decide_45}
"""The decisions this module answers, by procedure."""


# -- Law 47B, 47E: a card withdrawn --------------------------------------------------------


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
            if (played := revokes.played_card(event)) is not None and played[0] == seat
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
        _take_back_from(table, len(trick) - 1)
        _rule_47e2a(table, seat, card)
        return
    if (
        not trick
        and table.tricks_played
        and table.procedure is None
        and _last_trick_pairs(table)[-1] == (seat, card)
    ):
        # The fourth card, and nobody has led to the next trick: no card played after it.
        _reopen_last_trick(table)
        _take_back_from(table, 3)
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
