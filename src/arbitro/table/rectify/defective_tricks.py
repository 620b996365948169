"""Law 67: a defective trick made, unnoticed, and attention drawn to it.

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

This module records the defect and finds which of them applies; the card missing is
supplied or placed in :mod:`~arbitro.table.rectify.missing_cards` (67A1, 67B1), the
extra card goes back in :mod:`~arbitro.table.rectify.extra_cards` (67A2, 67B2).

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
from arbitro.laws.play import suit_mask
from arbitro.table.base import Procedure, TableState, waiting
from arbitro.table.events import DecisionEvent, DefectiveTrickEvent, DefectNoticedEvent
from arbitro.table.play_record import Defect, Trick
from arbitro.table.rectify.common import DecisionHandler
from arbitro.table.rectify.extra_cards import (
    correct_unestablished_67b2b,
    decide_exposed,
    return_extra_card_67a,
    return_extra_card_67b,
)
from arbitro.table.rectify.missing_cards import ask_card, supply_card
from arbitro.table.rectify.penalty_card_play import offer_choice_of_penalty_card
from arbitro.table.rulings import Option
from arbitro.table.state import IllegalActionError, Message, Phase


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
            ask_card(table, defect, "67A1")
        else:
            return_extra_card_67a(table, defect)
    elif defect.card is None:
        trick = table.tricks_played[defect.trick]
        led = trick.cards[0].suit
        law = "67B1a" if table.hands[seat] & suit_mask(led) else "67B1b"
        ask_card(table, defect, law)
    elif not correct_unestablished_67b2b(table, defect):
        return_extra_card_67b(table, defect)


def _in_time(table: TableState, trick: int) -> bool:
    """Whether a member of each side has not yet played to the trick after ``trick`` (67A)."""
    current = len(table.tricks_played)
    if trick == current:
        return True
    if trick != current - 1:
        return False
    return len({played_by.side for played_by, _ in table.current_trick}) < 2


def _decide_67(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    """The answer to a Law 67 decision: the card for the trick, or the extra card's finding."""
    if procedure.stage in ("67A2", "67B2"):
        decide_exposed(table, procedure, option)
    else:
        supply_card(table, procedure, event)


DECISION_HANDLERS: dict[str, DecisionHandler] = {"67": _decide_67}
"""The decisions this module answers, by procedure."""
