"""Laws 65-66: the quitted tricks, how they are kept, and who may look at them.

The table keeps every trick with its cards and its winner (65B, 65C), so the cards
turned face down are a view of ``Table.tricks``. What these events record is a
player's right used at the table: attention drawn to a card pointed the wrong way
(65B3), and a request to see the cards of a trick (66).

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> inspect(table, InspectEvent(Seat.EAST, 1))
Traceback (most recent call last):
...
arbitro.table.state.IllegalActionError: trick 1 has not been played
"""

from __future__ import annotations

from arbitro.core import Seat  # noqa: F401  (the examples)
from arbitro.core.errors import render
from arbitro.i18n import N_
from arbitro.table.base import TableState
from arbitro.table.events import InspectEvent, WrongWayEvent
from arbitro.table.play_record import Trick
from arbitro.table.state import IllegalActionError, Message, Phase


def _quitted(table: TableState, number: int) -> Trick:
    if number > len(table.tricks_played) or table.phase not in (Phase.PLAY, Phase.COMPLETE):
        raise IllegalActionError(
            Message(N_("trick {trick} has not been played"), {"trick": number})
        )
    return table.tricks_played[number - 1]


def _shown(trick: Trick, number: int) -> Message:
    return Message(
        N_("trick {trick}: {cards}, won by {winner}"),
        {
            "trick": number,
            "cards": " ".join(render(c) for c in trick.cards),
            "winner": trick.winner,
        },
    )


def inspect(table: TableState, event: InspectEvent) -> None:
    """``event.seat`` asks to see the cards of a trick (Law 66).

    During the play: the trick just quitted, all its cards while the asker's side has
    not played to the next trick (66A), or his own card until the next lead (66B);
    an earlier trick only when the Director allows it (66C). After the play, any
    trick (66D). Dummy may not ask during the play.
    """
    number = event.trick
    trick = _quitted(table, number)
    seat = event.seat
    declarer = table.declarer
    assert declarer is not None
    if table.phase is Phase.COMPLETE:
        table.rule("66D", str(seat), "inspect", _shown(trick, number))
        return
    if seat == declarer.partner:
        raise IllegalActionError(Message(N_("dummy may not ask to see the tricks (Law 66)")))
    current = table.current_trick
    if number == len(table.tricks_played) and event.own and not current:
        table.rule(
            "66B",
            str(seat),
            "inspect",
            Message(
                N_("{seat} looks at his own card of trick {trick}"),
                {"seat": seat, "trick": number},
            ),
        )
        return
    side_played = any(played_by.side == seat.side for played_by, _ in current)
    if number == len(table.tricks_played) and not event.own and not side_played:
        table.rule("66A", str(seat), "inspect", _shown(trick, number))
        return
    if event.director:
        table.rule("66C", "director", "inspect", _shown(trick, number))
        return
    raise IllegalActionError(
        Message(
            N_(
                "trick {trick} is quitted: its cards may not be inspected during the play "
                "without the Director's permission (Law 66C)"
            ),
            {"trick": number},
        )
    )


def wrong_way(table: TableState, event: WrongWayEvent) -> None:
    """``event.seat`` draws attention to a card of a trick pointed the wrong way (65B3).

    The card is pointed as the trick was won. Declarer may require it at any time;
    dummy's and the defenders' right ends with the lead to the next trick: later, a
    note recalls Law 16B.
    """
    number = event.trick
    trick = _quitted(table, number)
    seat = event.seat
    table.rule(
        "65B3",
        str(seat),
        "wrong_way",
        Message(
            N_("the card of trick {trick} is pointed as the trick was won, by {winner}'s side"),
            {"trick": number, "winner": trick.winner},
        ),
    )
    in_time = number == len(table.tricks_played) and not table.current_trick
    if seat != table.declarer and not in_time:
        table.note(
            "65B3",
            Message(
                N_(
                    "{seat} drew attention to a card pointed the wrong way after the lead to "
                    "the next trick: Law 16B may apply"
                ),
                {"seat": seat},
            ),
        )


def handle(table: TableState, event: InspectEvent | WrongWayEvent) -> None:
    """Apply an ``inspect`` or ``wrong_way`` event."""
    if isinstance(event, InspectEvent):
        inspect(table, event)
    else:
        wrong_way(table, event)
