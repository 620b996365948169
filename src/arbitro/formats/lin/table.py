"""A LIN board replayed at an :class:`~arbitro.table.Table`, and a table's board written as LIN.

LIN records what BBO's online table shows: the calls in rotation from the dealer, the
cards in order of play, the alerts and explanations, and a claim (``mc``: the total
tricks declarer gets). On BBO a player alerts and explains their own call; at a table
under Law 20F it is partner who does, so a LIN alert or explanation of a call becomes
an ``alert`` or ``explanation`` event of the caller's partner, and the other way
round. A claim is BBO's agreed result: it becomes declarer's ``claim`` of the tricks
still to come that it gives (Law 68), accepted by the opponents (69A). LIN has no
notation for irregularities: a table's board is written with the calls that count and
the cards played.

>>> board = loads("md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|ah|Board 1|"
...               "mb|7S!|an|all the spades|mb|p|mb|p|mb|p|pc|CA|").boards[0]
>>> table = to_table(board)
>>> str(table.contract), table.explanations[-1].text
('7S N', 'all the spades')
>>> from_table(table).calls == board.calls
True
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.core.call import Call
from arbitro.core.errors import ArbitroError, NotationError
from arbitro.formats.lin.model import LinBoard, LinCall
from arbitro.formats.lin.text import loads
from arbitro.i18n import N_, gettext
from arbitro.table import IllegalActionError, Phase, Table
from arbitro.table.events import AlertEvent, ClaimEvent, ExplanationEvent, RevokeEvent

__all__ = ["LinTableError", "from_table", "loads", "to_table"]


class LinTableError(ArbitroError, ValueError):
    """A LIN board that cannot be replayed at a table: which call or card, and why.

    >>> print(LinTableError("Board 3", N_("card {number} ({text})"), "the card is not held",
    ...                     number=5, text="SA"))
    Board 3, card 5 (SA): the card is not held
    """

    def __init__(self, board: str, where: str, reason: str, **details: object) -> None:
        self.board = board
        self.where = where
        self.reason = reason
        self.details = details
        super().__init__(board, where, reason)

    def __str__(self) -> str:
        return gettext("{board}, {where}: {reason}").format(
            board=self.board,
            where=gettext(self.where).format(**self.details),
            reason=gettext(self.reason).format(**self.details),
        )


def _name(board: LinBoard) -> str:
    return board.title or gettext("the board")


def to_table(board: LinBoard) -> Table:
    """Replay ``board`` at a new table: its calls with their alerts and explanations, then its cards.

    Dealer and vulnerability follow Law 2 from the board number when the file leaves
    them out.

    >>> try:
    ...     to_table(LinBoard(title="Board 1"))
    ... except LinTableError as error:
    ...     print(error)
    Board 1, the deal (md): a board is replayed from its deal
    """
    if board.deal is None or (
        board.number is None and (board.dealer is None or board.vulnerability is None)
    ):
        raise LinTableError(
            _name(board), N_("the deal (md)"), N_("a board is replayed from its deal")
        )
    table = Table(board.deal, board.dealer, board.vulnerability, board.number)
    for number, entry in enumerate(board.calls, 1):
        seat = table.turn
        try:
            if seat is None or table.phase is not Phase.AUCTION:
                raise _NotNowError(N_("the auction is over"))
            table.call(seat, entry.call)
            if table.pending is not None:
                # An insufficient bid or an inadmissible double: the table would wait for
                # its rectification. A LIN file records a table's calls, never such a one.
                raise _NotNowError(
                    N_("an irregular call (Law {law}): a LIN file holds only legal calls"),
                    table.pending.law,
                )
            if entry.alert:
                table.apply(AlertEvent(seat.partner, number))
            if entry.explanation is not None:
                table.apply(ExplanationEvent(seat.partner, number, entry.explanation))
        except (IllegalActionError, NotationError, _NotNowError) as error:
            raise LinTableError(
                _name(board),
                N_("call {number} ({text})"),
                str(error),
                number=number,
                text=str(entry.call),
            ) from None
    for number, card in enumerate(board.cards, 1):
        try:
            _play(table, card)
        except (IllegalActionError, NotationError, _NotNowError) as error:
            raise LinTableError(
                _name(board),
                N_("card {number} ({text})"),
                str(error),
                number=number,
                text=str(card),
            ) from None
    if board.claim is not None:
        try:
            _claim(table, board.claim)
        except (IllegalActionError, NotationError, _NotNowError) as error:
            raise LinTableError(
                _name(board), N_("the claim (mc {text})"), str(error), text=board.claim
            ) from None
    return table


def _claim(table: Table, total: int) -> None:
    declarer = table.declarer
    won = table.declarer_tricks
    if declarer is not None and table.phase is Phase.COMPLETE and len(table.tricks) == 13:
        _transfer(table, declarer, total)
        return
    if declarer is None or won is None or table.phase not in (Phase.OPENING_LEAD, Phase.PLAY):
        raise _NotNowError(N_("there is no play to claim in"))
    if not won <= total <= won + 13 - len(table.tricks):
        raise _NotNowError(N_("declarer cannot end with that many tricks"))
    table.apply(ClaimEvent(declarer, total - won, "mc"))
    pending = table.pending
    if pending is not None and any(option.choice == "accept" for option in pending.options):
        table.decide(pending.decider, "accept")


def _transfer(table: Table, declarer: Seat, total: int) -> None:
    """An ``mc`` after the thirteenth trick: attention drawn to the revokes (Law 64A)."""
    if total != table.tricks_credited(declarer.side):
        for revoke in table.revokes:
            if revoke.established and not revoke.noticed:
                table.apply(RevokeEvent(revoke.seat))
    if total != table.tricks_credited(declarer.side):
        raise _NotNowError(N_("declarer cannot end with that many tricks"))


class _NotNowError(Exception):
    """The table is not waiting for a call or a card: the reason, a catalog message (and its Law)."""

    def __str__(self) -> str:
        reason = gettext(self.args[0])
        return reason.format(law=self.args[1]) if len(self.args) > 1 else reason


def _play(table: Table, card: Card) -> None:
    seat = table.turn
    if seat is None or table.phase not in (Phase.OPENING_LEAD, Phase.PLAY):
        raise _NotNowError(N_("no card can be played now"))
    table.play(seat, card)
    if table.face_down_lead is not None:
        table.face_lead()


def from_table(
    table: Table,
    players: tuple[str, str, str, str] | None = None,
    title: str | None = None,
    claim: int | None = None,
) -> LinBoard:
    """The board played at ``table`` as LIN: the calls that count, their alerts and explanations, the cards.

    ``title`` defaults to ``Board N`` when the table knows its number; ``claim``, to the
    tricks credited to declarer when the board ended before the thirteenth trick (a
    claim settled at the table).

    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=5)
    >>> table.call("N", "1NT")
    >>> from_table(table).title, from_table(table).calls
    ('Board 5', (LinCall(call=Bid(1, Strain.NOTRUMP), alert=False, explanation=None),))
    """
    counted = [entry for entry in table.auction if entry.counts and isinstance(entry.call, Call)]
    alerted: set[int] = set()
    explained: dict[int, str] = {}
    for explanation in table.explanations:
        if explanation.alert:
            alerted.add(explanation.call_number)
        if explanation.text is not None:
            explained[explanation.call_number] = explanation.text
    calls = tuple(
        LinCall(entry.call, entry.number in alerted, explained.get(entry.number))
        for entry in counted
        if isinstance(entry.call, Call)
    )
    cards: list[Card] = [card for trick in table.tricks for card in trick.cards]
    cards.extend(card for _, card in table.current_trick)
    if table.face_down_lead is not None:
        cards.append(table.face_down_lead)
    declarer = table.declarer
    if claim is None and declarer is not None and table.phase is Phase.COMPLETE:
        credited = table.tricks_credited(declarer.side)
        # mc also carries Law 64's transfer: the tricks credited, not those won in play.
        if len(table.tricks) < 13 or credited != table.declarer_tricks:
            claim = credited
    if title is None and table.number is not None:
        title = f"Board {table.number}"
    return LinBoard(
        table.deal,
        table.dealer,
        table.vulnerability,
        players,
        title,
        calls,
        tuple(cards),
        claim,
    )
