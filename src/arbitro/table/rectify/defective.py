"""Law 67: defective tricks, a trick with a card missing or a card too many.

A ``defective_trick`` event records the defect as it happened, unnoticed: the trick
passes a player by, the second, third or last hand to play to it, and is quitted with
the other three cards (the offender keeps one card too many), or a player's extra card goes with the trick he has just played to
(he keeps one card too few). A ``defect_noticed`` event draws attention to it:

- 67A, before a member of each side has played to the next trick: the offender supplies
  a card he may legally play to the trick (67A1), whose winner is then found from its
  four cards; an extra card goes back to the hand, a defender's as a penalty card when
  the Director finds Law 45E or 58B2 applies (67A2);
- 67B, later: the offender places a card among his played cards without changing who
  won the trick, one of the suit led if he has one (67B1a) or any card (67B1b), and has
  revoked in the defective trick (Law 64A2 at the end of play); an extra card goes back
  to the hand as if it had always been there, so failing to play it to a later trick
  of its suit is a revoke (67B2b), corrected if not yet established (62A, 63A1); a
  defender's, if the Director had to expose it, is a penalty card.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"]):
...     table.call(seat, call)
>>> table.play("E", "CA"); table.face_lead()
>>> table.play("S", "C8"); table.play("W", "C7")
>>> table.apply(DefectiveTrickEvent(Seat.NORTH))  # the trick is quitted without North's card
>>> table.tricks[0].missing, table.turn
(Seat.NORTH, Seat.EAST)
>>> table.apply(DefectNoticedEvent(Seat.NORTH))  # noticed at once: 67A1
>>> table.pending.decider, table.pending.law
('N', '67')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.laws.play import playable_mask, suit_mask, trick_winner
from arbitro.table.base import CardData, Procedure, TableState, cards_of, waiting
from arbitro.table.events import DecisionEvent, DefectiveTrickEvent, DefectNoticedEvent
from arbitro.table.play_record import Defect, RevokeEntry, Trick
from arbitro.table.rectify.common import DecisionHandler, ask
from arbitro.table.rectify.penalty_card_play import offer_choice_of_penalty_card
from arbitro.table.rectify.penalty_cards import add_penalty_cards
from arbitro.table.rectify.penalty_lead import offer_lead_choice
from arbitro.table.rectify.revoke_correction import correct_found_revoke
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase


@dataclass(frozen=True, slots=True)
class DefectiveTrick(Trick):
    """A trick quitted with a card missing: ``missing`` is the seat that played none.

    Its cards are those of the other seats, in order of play; ``seats`` names them.

    >>> trick = DefectiveTrick(Seat.WEST, tuple(Card.from_str(c) for c in ("C2", "C3", "C4")),
    ...                        Seat.EAST, Seat.SOUTH)
    >>> trick.seats
    (Seat.WEST, Seat.NORTH, Seat.EAST)
    >>> trick.to_json()["missing"]
    'S'
    """

    missing: Seat | None = None

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats that played to the trick, in order of play.

        >>> DefectiveTrick(Seat.NORTH, (), Seat.NORTH, Seat.WEST).seats
        (Seat.NORTH, Seat.EAST, Seat.SOUTH)
        """
        return tuple(
            seat
            for seat in (Seat((self.leader + offset) % 4) for offset in range(4))
            if seat != self.missing
        )

    def to_json(self) -> dict[str, object]:
        """The trick as JSON data, with the seat that played no card.

        >>> DefectiveTrick(Seat.NORTH, (), Seat.NORTH, Seat.WEST).to_json()["missing"]
        'W'
        """
        data = Trick.to_json(self)
        if self.missing is not None:
            data["missing"] = str(self.missing)
        return data


def defects(table: TableState) -> tuple[Defect, ...]:
    """The defective tricks of the board, in the order they happened.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> defects(Table(EXAMPLE_DEAL, number=1))
    ()
    """
    return tuple(table.defects)


def handle(table: TableState, event: DefectiveTrickEvent | DefectNoticedEvent) -> None:
    """Apply a ``defective_trick`` or ``defect_noticed`` event.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> handle(Table(EXAMPLE_DEAL, number=1), DefectNoticedEvent(Seat.WEST))
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: a defective trick is a matter of the play (Law 67)
    """
    if table.phase not in (Phase.PLAY, Phase.COMPLETE):
        raise IllegalActionError(Message(N_("a defective trick is a matter of the play (Law 67)")))
    held = table.procedure
    if held is not None and held.law != "57C":
        raise waiting(held)
    # A card played early (57C) keeps waiting for its turn, unless a decision comes first.
    table.procedure = None
    if isinstance(event, DefectNoticedEvent):
        noticed(table, event.seat)
    elif event.card is None:
        missing_card(table, event.seat)
    else:
        extra_card(table, event.seat, event.card)
    if table.procedure is None:
        table.procedure = held


def missing_card(table: TableState, seat: Seat) -> None:
    """The trick passes ``seat`` by: his turn comes and he plays no card to it.

    The play goes on to the next seat; when the other three have played, the trick is
    quitted with three cards, goes to the best of them, and its winner leads (the
    table's ``close_trick``). ``seat`` keeps the card he should have played. It may be
    the second, third or last hand to play; the leader who leads no card has not
    skipped a turn, the next to play leads out of turn.
    """
    if (
        table.phase is not Phase.PLAY
        or not table.trick
        or seat != table.to_play
        or table.skipped is not None
    ):
        raise IllegalActionError(
            Message(
                N_(
                    "a trick passes {seat} by only when it has been led, it is {seat}'s "
                    "turn to play and no other hand has missed its turn to it (Law 67)"
                ),
                {"seat": seat},
            )
        )
    table.skipped = seat
    if len(table.trick) == 3:
        table.close_trick(table.trick)
        return
    table.to_play = Seat((seat + 1) % 4)
    if table.restricted:
        offer_choice_of_penalty_card(table, table.to_play)


def extra_card(table: TableState, seat: Seat, card: Card) -> None:
    """``card`` of ``seat`` went with the trick ``seat`` has just played to, unnoticed.

    That is the trick in progress if ``seat`` has played to it, else the last trick
    when no card of the next one is played yet.
    """
    if table.phase is not Phase.PLAY:
        raise IllegalActionError(Message(N_("the play is over")))
    if not table.hands[seat] >> card.index & 1:
        raise IllegalActionError(
            Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
        )
    if any(played_by == seat for played_by, _ in table.current_trick):
        number = len(table.tricks_played)
    elif not table.trick and table.tricks_played and seat in table.tricks_played[-1].seats:
        number = len(table.tricks_played) - 1
    else:
        raise IllegalActionError(
            Message(
                N_("{seat} has not just played to a trick: an extra card goes with one (Law 67)"),
                {"seat": seat},
            )
        )
    table.hands[seat] &= ~(1 << card.index)
    table.defects.append(Defect(number, seat, card))


def noticed(table: TableState, seat: Seat) -> None:
    """Attention is drawn to ``seat``'s defective trick: 67A or 67B, by when."""
    waiting = [d for d in table.defects if d.seat == seat and not d.noticed]
    if not waiting:
        raise IllegalActionError(
            Message(N_("{seat} has no defective trick on this board"), {"seat": seat})
        )
    defect = waiting[0]
    if defect.card is None and not table.hands[seat]:
        # No card to supply or place: his extra card in a later trick comes back first.
        extra = next((d for d in waiting if d.card is not None), None)
        if extra is None:
            raise IllegalActionError(
                Message(
                    N_("{seat} has no card left for trick {trick}: the Director rules (Law 67B)"),
                    {"seat": seat, "trick": defect.trick + 1},
                )
            )
        defect = extra
    position = table.defects.index(defect)
    table.defects[position] = replace(defect, noticed=True)
    if _in_time(table, defect.trick):
        if defect.card is None:
            _ask_card(table, defect, "67A1")
        else:
            _extra_back_67a(table, defect)
    elif defect.card is None:
        trick = table.tricks_played[defect.trick]
        led = trick.cards[0].suit
        law = "67B1a" if table.hands[seat] & suit_mask(led) else "67B1b"
        _ask_card(table, defect, law)
    elif not _correct_unestablished_67b2b(table, defect):
        _extra_back_67b(table, defect)


def _correct_unestablished_67b2b(table: TableState, defect: Defect) -> bool:
    """A 67B2b revoke not yet established is corrected (63A1, 62A); True if there was one.

    The extra card was in the hand all along: failing to play it in the trick in
    progress, or in the trick just completed before the offending side has played to
    the next one, is a revoke not yet established. The play goes back to it (62B-C),
    and the extra card, back in the hand, is then played as the Law requires.
    """
    card = defect.card
    seat = defect.seat
    assert card is not None
    current = list(table.current_trick)
    found: tuple[int, Card] | None = None
    if current and current[0][0] != seat and current[0][1].suit is card.suit:
        found = next(
            (
                (len(table.tricks_played), c)
                for s, c in current
                if s == seat and c.suit is not card.suit
            ),
            None,
        )
    number = len(table.tricks_played) - 1
    if found is None and number > defect.trick and seat.side not in {s.side for s, _ in current}:
        trick = table.tricks_played[number]
        if trick.leader != seat and trick.cards[0].suit is card.suit and seat in trick.seats:
            played = trick.cards[trick.seats.index(seat)]
            if played.suit is not card.suit:
                found = (number, played)
    if found is None or table.phase is not Phase.PLAY:
        return False
    # The revoke card was played after the extra card went with its trick.
    made = max(
        (
            position
            for position, event in enumerate(table.log)
            if isinstance(event, DefectiveTrickEvent) and (event.seat, event.card) == (seat, card)
        ),
        default=None,
    )
    if made is None or not correct_found_revoke(table, seat, found[1], found[0], card.suit, made):
        return False
    # The table is back before the revoke card, the defect not yet noticed there.
    position = next(
        i
        for i, d in enumerate(table.defects)
        if (d.trick, d.seat, d.card) == (defect.trick, seat, card)
    )
    table.defects[position] = replace(table.defects[position], noticed=True)
    _extra_back_67b(table, table.defects[position])
    return True


def _in_time(table: TableState, trick: int) -> bool:
    """Whether a member of each side has not yet played to the trick after ``trick`` (67A)."""
    current = len(table.tricks_played)
    if trick == current:
        return True
    if trick != current - 1:
        return False
    return len({played_by.side for played_by, _ in table.current_trick}) < 2


def _ask_card(table: TableState, defect: Defect, law: str) -> None:
    seat = defect.seat
    trick = table.tricks_played[defect.trick]
    led = int(trick.cards[0].suit)
    hand = table.hands[seat]
    choices = hand & suit_mask(led) if law == "67B1a" else playable_mask(hand, led)
    question = {
        "67A1": N_(
            "{seat} played no card to trick {trick}: he supplies a card he may legally play "
            "to it (Law 67A1)"
        ),
        "67B1a": N_(
            "{seat} played no card to trick {trick}: he places one of his cards of the suit "
            "led among his played cards (Law 67B1a)"
        ),
        "67B1b": N_(
            "{seat} played no card to trick {trick}: he places any one of his cards among his "
            "played cards (Law 67B1b)"
        ),
    }[law]
    ask(
        table,
        "67",
        law,
        seat,
        defect.trick,
        seat,
        Message(question, {"seat": seat, "trick": defect.trick + 1}),
        (
            Option(
                "card",
                law,
                N_("the card for the defective trick"),
                "card",
                cards=tuple(cards_of(choices)),
            ),
        ),
    )


def _decide_67(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    if procedure.stage in ("67A2", "67B2"):
        _decide_exposed(table, procedure, option)
        return
    card = event.card
    assert card is not None
    seat = procedure.offender
    number = procedure.entry
    if not table.hands[seat] >> card.index & 1:
        raise IllegalActionError(
            Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
        )
    old = table.tricks_played[number]
    position = (seat - old.leader) % 4
    cards = list(old.cards)
    cards.insert(position, card)
    table.hands[seat] &= ~(1 << card.index)
    table.procedure = None
    if procedure.stage == "67A1":
        _complete_67a(table, number, old, tuple(cards), card)
        return
    table.tricks_played[number] = Trick(old.leader, tuple(cards), old.winner)
    led = old.cards[0].suit
    entry = RevokeEntry(
        number,
        seat,
        card,
        led,
        established=True,
        noticed=True,
        event=len(table.log),
    )
    _add_revoke(table, entry)
    table.rule(
        procedure.stage,
        str(seat),
        "card",
        Message(
            N_(
                "{seat} places {card} in trick {trick}, which stays with {winner}; {seat} has "
                "revoked in it, and Law 64A2 applies at the end of play"
            ),
            {"seat": seat, "card": card, "trick": number + 1, "winner": old.winner},
        ),
    )


def _complete_67a(
    table: TableState, number: int, old: Trick, cards: tuple[Card, ...], card: Card
) -> None:
    """The trick is complete with the card supplied; its winner is found again (67A1).

    If that changes who won it, the cards already led or played to the next trick, all
    from one side, go back to their hands, and the new winner leads.
    """
    contract = table.contract
    assert contract is not None
    winner = Seat((old.leader + trick_winner([c.index for c in cards], contract.strain)) % 4)
    table.tricks_played[number] = Trick(old.leader, cards, winner)
    seat = Seat((old.leader + cards.index(card)) % 4)
    table.rule(
        "67A1",
        str(seat),
        "card",
        Message(
            N_("{seat} supplies {card} to trick {trick}, which {winner} wins"),
            {"seat": seat, "card": card, "trick": number + 1, "winner": winner},
        ),
    )
    if winner == old.winner:
        return
    table.won[old.winner.side] -= 1
    table.won[winner.side] += 1
    if table.phase is not Phase.PLAY:
        return
    for played_by, played in table.current_trick:
        table.hands[played_by] |= 1 << played.index
    if table.trick:
        table.note(
            "16D",
            Message(
                N_(
                    "the cards played to the next trick go back to their hands: {winner}, who "
                    "won trick {trick}, leads"
                ),
                {"winner": winner, "trick": number + 1},
            ),
        )
    table.trick = []
    table.leader = table.to_play = winner


def _extra_back_67a(table: TableState, defect: Defect) -> None:
    """An extra card noticed in time goes back (67A2, by Law 45E or 58B)."""
    card = defect.card
    seat = defect.seat
    assert card is not None
    declarer = table.declarer
    assert declarer is not None
    if seat.side == declarer.side:
        table.hands[seat] |= 1 << card.index
        table.rule(
            "67A2",
            DIRECTOR,
            "67A2",
            Message(
                N_(
                    "{card}, played by {seat} as an extra card to trick {trick}, goes back to "
                    "the hand with no rectification (Laws 45E2, 58B)"
                ),
                {"card": card, "seat": seat, "trick": defect.trick + 1},
            ),
        )
        return
    ask(
        table,
        "67",
        "67A2",
        seat,
        defect.trick,
        None,
        Message(
            N_(
                "{seat} played {card} as an extra card to trick {trick}; it goes back to his "
                "hand. How did it come to the trick? (Law 67A2)"
            ),
            {"seat": seat, "card": card, "trick": defect.trick + 1},
        ),
        (
            Option("45E", "45E1", N_("a fifth card contributed to the trick: a penalty card")),
            Option("58B1", "58B1", N_("played with another card, only one seen: no rectification")),
            Option("58B2", "58B2", N_("played with another card, both seen: a penalty card")),
        ),
        CardData(card.index),
    )


def _extra_back_67b(table: TableState, defect: Defect) -> None:
    """An extra card noticed late goes back as if it had always been held (67B2)."""
    card = defect.card
    seat = defect.seat
    assert card is not None
    table.hands[seat] |= 1 << card.index
    revoked = []
    for number in range(defect.trick + 1, len(table.tricks_played)):
        trick = table.tricks_played[number]
        led = trick.cards[0].suit
        if led is not card.suit or trick.leader == seat or seat not in trick.seats:
            continue
        played = trick.cards[trick.seats.index(seat)]
        if played.suit is not led:
            revoked.append(number)
            _add_revoke(
                table,
                RevokeEntry(
                    number,
                    seat,
                    played,
                    led,
                    established=True,
                    noticed=True,
                    event=len(table.log),
                ),
            )
    table.rule(
        "67B2a",
        DIRECTOR,
        "67B2a",
        Message(
            N_(
                "{card}, the extra card {seat} played to trick {trick}, goes back to his hand; "
                "the trick stays as it was won"
            ),
            {"card": card, "seat": seat, "trick": defect.trick + 1},
        ),
    )
    if revoked:
        table.rule(
            "67B2b",
            DIRECTOR,
            "67B2b",
            Message(
                N_(
                    "{seat} held {card} all along: failing to play it to trick {tricks} is a "
                    "revoke, and Law 64 applies at the end of play"
                ),
                {
                    "seat": seat,
                    "card": card,
                    "tricks": ", ".join(str(number + 1) for number in revoked),
                },
            ),
        )
    declarer = table.declarer
    assert declarer is not None
    if seat.side != declarer.side and table.phase is Phase.PLAY:
        ask(
            table,
            "67",
            "67B2",
            seat,
            defect.trick,
            None,
            Message(
                N_(
                    "{card} goes back to {seat}'s hand: did the Director have to expose it? "
                    "(Law 67B2)"
                ),
                {"seat": seat, "card": card},
            ),
            (
                Option("concealed", "67B2", N_("no: it goes back unseen")),
                Option("exposed", "67B2", N_("yes: it becomes a penalty card (Law 50)")),
            ),
            CardData(card.index),
        )


def _decide_exposed(table: TableState, procedure: Procedure, option: Option) -> None:
    """The Director's finding on a defender's extra card going back (67A2, 67B2)."""
    index = procedure.data_as(CardData).card
    card = Card.from_index(index)
    seat = procedure.offender
    table.procedure = None
    if option.choice in ("45E", "58B2", "exposed"):
        table.hands[seat] |= 1 << index
        add_penalty_cards(table, seat, (card,), option.law, deliberate=False)
        table.rule(
            procedure.stage,
            DIRECTOR,
            option.choice,
            Message(
                N_("{card} goes back to {seat}'s hand as a penalty card (Law {law})"),
                {"card": card, "seat": seat, "law": option.law},
            ),
        )
        # 50D2: partner, on lead, waits for declarer's choice.
        if table.to_play == seat.partner:
            offer_lead_choice(table, seat.partner)
        return
    if option.choice == "58B1":
        table.hands[seat] |= 1 << index
    table.rule(
        procedure.stage,
        DIRECTOR,
        option.choice,
        Message(
            N_("{card} goes back to {seat}'s hand with no rectification (Law {law})"),
            {"card": card, "seat": seat, "law": option.law},
        ),
    )


def _add_revoke(table: TableState, entry: RevokeEntry) -> None:
    """Insert a revoke in the order of the tricks, so Law 64B2 sees the first one first."""
    position = next(
        (i for i, r in enumerate(table.revokes_made) if r.trick > entry.trick),
        len(table.revokes_made),
    )
    table.revokes_made.insert(position, entry)


DECISION_HANDLERS: dict[str, DecisionHandler] = {"67": _decide_67}
"""The decisions this module answers, by procedure."""
