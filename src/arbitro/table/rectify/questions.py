"""Laws 20B, 20F1 and 41B-C: the review of the auction and questions about it.

- 20B1: during the auction, a player may have all previous calls restated at his own
  turn to call, unless the Laws oblige him to pass.
- 20F1: during the auction, a player may ask for an explanation of the opponents'
  auction, only at his own turn to call.

- 41B1: before the opening lead is faced, the opening leader's partner and the
  presumed declarer (not the presumed dummy) may ask for a review of the auction or an
  explanation of an opponent's call.
- 41B2: declarer or a defender may ask for a review at his first turn to play, until
  he plays a card (declarer's first turn is dummy's, unless he plays first from his
  own hand after an opening lead out of turn).
- 41B3: defenders and declarer may ask for explanations during the play, each at his
  own turn to play.
- 41C: once too late for a review, declarer or a defender, at his turn to play, may be
  told the contract and whether it is doubled or redoubled, but not by whom.

A question allowed is recorded with its Law; one the Law does not allow is refused.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"]):
...     table.call(seat, call)
>>> table.play("E", "ST")  # the opening lead, face down
>>> question(table, Seat.WEST, "review")
>>> table.rulings[-1].law
'41B1'
>>> question(table, Seat.SOUTH, "review")
Traceback (most recent call last):
...
arbitro.table.state.IllegalActionError: before the opening lead is faced, only the opening leader's partner and declarer may ask (Law 41B1), not South
"""

from __future__ import annotations

from arbitro.core import Seat
from arbitro.i18n import N_
from arbitro.table.base import TableState
from arbitro.table.rectify.common import must_pass_now
from arbitro.table.state import IllegalActionError, Message, Phase

_ASKS = {
    "review": N_("{seat} asks for a review of the auction (Law {law})"),
    "explanation": N_("{seat} asks for an explanation of an opponent's call (Law {law})"),
    "contract": N_(
        "{seat} is told the contract and whether it is doubled or redoubled, not by whom "
        "(Law {law})"
    ),
}
_ASKS_IN_AUCTION = {
    "review": N_("{seat} asks for the previous calls to be restated (Law {law})"),
    "explanation": N_("{seat} asks for an explanation of the opponents' auction (Law {law})"),
}


def question(table: TableState, seat: Seat, kind: str) -> None:
    """``seat`` asks for a review of the auction, an explanation, or the contract (20, 41).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("N", "1S")
    >>> question(table, Seat.EAST, "explanation")
    >>> str(table.rulings[-1].message)
    "East asks for an explanation of the opponents' auction (Law 20F1)"
    """
    if table.phase is Phase.AUCTION:
        _in_auction(table, seat, kind)
        return
    declarer = table.declarer
    if declarer is None or table.phase not in (
        Phase.OPENING_LEAD,
        Phase.LEAD_FACE_DOWN,
        Phase.PLAY,
    ):
        raise IllegalActionError(
            Message(N_("questions after the auction are asked before or during the play (Law 41)"))
        )
    if table.phase is not Phase.PLAY:
        if kind == "contract":
            raise IllegalActionError(
                Message(N_("a review of the auction may still be asked for (Law 41B1, 41C)"))
            )
        if seat not in (declarer, declarer.lho.partner, declarer.lho):
            raise IllegalActionError(
                Message(
                    N_(
                        "before the opening lead is faced, only the opening leader's partner "
                        "and declarer may ask (Law 41B1), not {seat}"
                    ),
                    {"seat": seat},
                )
            )
        if seat == declarer.lho and table.phase is Phase.LEAD_FACE_DOWN:
            raise IllegalActionError(
                Message(
                    N_(
                        "before the opening lead is faced, only the opening leader's partner "
                        "and declarer may ask (Law 41B1), not {seat}"
                    ),
                    {"seat": seat},
                )
            )
        _record(table, seat, kind, "41B1")
        return
    dummy = declarer.partner
    due = table.to_play
    at_turn = due == seat or (seat == declarer and due == dummy)
    if seat == dummy or not at_turn:
        raise IllegalActionError(
            Message(
                N_("{seat} may ask only at his own turn to play (Law 41B), and dummy not at all"),
                {"seat": seat},
            )
        )
    if kind == "explanation":
        _record(table, seat, kind, "41B3")
        return
    hands = (declarer, dummy) if seat == declarer else (seat,)
    played = any(
        played_by in hands for trick in table.tricks_played for played_by in trick.seats
    ) or any(played_by in hands for played_by, _ in table.current_trick)
    if kind == "review":
        if played:
            raise IllegalActionError(
                Message(
                    N_(
                        "{seat} has played a card: too late for a review of the auction (Law "
                        "41B2); he may be told the contract (Law 41C)"
                    ),
                    {"seat": seat},
                )
            )
        _record(table, seat, kind, "41B2")
        return
    if not played:
        raise IllegalActionError(
            Message(
                N_("{seat} may still ask for a review of the auction (Law 41B2)"),
                {"seat": seat},
            )
        )
    _record(table, seat, kind, "41C")


def _record(table: TableState, seat: Seat, kind: str, law: str) -> None:
    table.rule(law, str(seat), kind, Message(_ASKS[kind], {"seat": seat, "law": law}))


def _in_auction(table: TableState, seat: Seat, kind: str) -> None:
    """A question during the auction: at one's own turn to call (20B1, 20F1)."""
    law = "20B1" if kind == "review" else "20F1"
    if kind == "contract":
        raise IllegalActionError(
            Message(N_("the contract is told once too late for a review of the auction (Law 41C)"))
        )
    if table.procedure is not None or table.summary.turn != seat:
        raise IllegalActionError(
            Message(
                N_("{seat} may ask during the auction only at his own turn to call (Law {law})"),
                {"seat": seat, "law": law},
            )
        )
    if kind == "review" and must_pass_now(table, seat):
        raise IllegalActionError(
            Message(
                N_("{seat} must pass: a player obliged to pass has no review (Law 20B1)"),
                {"seat": seat},
            )
        )
    table.rule(law, str(seat), kind, Message(_ASKS_IN_AUCTION[kind], {"seat": seat, "law": law}))
