"""The legal auction: sufficient bids (18), doubles and redoubles (19), its end (22).

These functions look at the *standing* auction only: the calls that count, in the order
they stand, each with the seat that made it. Withdrawn and cancelled calls are the
table's record, not the auction's.

>>> from arbitro.core import Call
>>> auction = standing("N", "1S", "Pass", "2S", "X")
>>> [str(call) for call in legal_calls(auction)][:4]
['Pass', 'XX', '2NT', '3C']
>>> auction_end(standing("N", "1S", "Pass", "Pass", "Pass"))
AuctionEnd.CONTRACT
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from arbitro.core import (
    BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Call,
    Contract,
    Double,
    Doubling,
    InvalidCallError,
    Pass,
    Redouble,
    Seat,
    Strain,
)
from arbitro.i18n import N_, get_language

_NEXT = (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH)
_UNDOUBLED = Doubling.UNDOUBLED
_DOUBLED = Doubling.DOUBLED
_REDOUBLED = Doubling.REDOUBLED

StandingCall = tuple[Seat, Call]
"""A call that counts in the auction, with the seat that made it."""


@dataclass(frozen=True, slots=True)
class ImpossibleBid:
    """A bid above the level of seven: it can be made at a table, never played (Law 38).

    >>> ImpossibleBid(8, Strain.SPADES)
    ImpossibleBid(8, Strain.SPADES)
    >>> str(ImpossibleBid(9, Strain.NOTRUMP))
    '9NT'
    """

    level: int
    strain: Strain

    def to_str(self, lang: str = "en", *, symbols: bool = False) -> str:
        """Write the bid in ``lang``, as a bid is written.

        >>> ImpossibleBid(8, Strain.HEARTS).to_str(lang="es")
        '8C'
        """
        return f"{self.level}{self.strain.to_str(lang, symbols=symbols)}"

    def localized(self) -> str:
        """The bid in the active language, with a suit symbol.

        >>> ImpossibleBid(8, Strain.CLUBS).localized()
        '8♣'
        """
        return self.to_str(get_language(), symbols=True)

    def __str__(self) -> str:
        return self.to_str()

    def __repr__(self) -> str:
        return f"ImpossibleBid({self.level}, {self.strain!r})"


AnyCall = Call | ImpossibleBid
"""Whatever a player can say in the auction: a call, or a bid above seven (Law 38)."""


def read_call(text: str, lang: str = "en") -> AnyCall:
    """Read a call as a player makes it, bids above seven included (Law 38).

    >>> read_call("8S"), read_call("1NT")
    (ImpossibleBid(8, Strain.SPADES), Bid(1, Strain.NOTRUMP))
    >>> read_call("1Z")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.InvalidCallError: invalid call '1Z': 'Z' is not a strain
    """
    try:
        return Call.from_str(text, lang)
    except InvalidCallError as error:
        stripped = text.strip()
        digits = stripped[: len(stripped) - len(stripped.lstrip("0123456789"))]
        if digits and len(digits) <= 2 and int(digits) > 7:
            try:
                strain = Strain.from_str(stripped[len(digits) :], lang)
            except ValueError:
                raise error from None
            return ImpossibleBid(int(digits), strain)
        raise


class AuctionEnd(enum.Enum):
    """How an auction has ended, if it has (Law 22A)."""

    PASSED_OUT = "passed out"
    CONTRACT = "contract"

    def __repr__(self) -> str:
        return f"AuctionEnd.{self.name}"


class AuctionSummary(NamedTuple):
    """What the next call must reckon with: the last bid, doubling and whose turn it is.

    A named tuple: the table makes a new one on every call.

    >>> summarize(standing("E", "1H", "X"), dealer=Seat.EAST)
    AuctionSummary(turn=Seat.WEST, last_bid=Bid(1, Strain.HEARTS), bidder=Seat.EAST, doubling=Doubling.DOUBLED, doubler=Seat.SOUTH, passes=0)
    """

    turn: Seat
    last_bid: Bid | None
    bidder: Seat | None
    doubling: Doubling
    doubler: Seat | None
    passes: int


def summarize(auction: Sequence[StandingCall], dealer: Seat) -> AuctionSummary:
    """Summarize a standing auction (the dealer calls first, Law 17B).

    The turn is the left-hand opponent of whoever made the last standing call (17C), so
    a call out of rotation that was accepted (29A) moves the rotation with it.

    >>> summarize([], dealer=Seat.WEST).turn
    Seat.WEST
    """
    summary = AuctionSummary(dealer, None, None, _UNDOUBLED, None, 0)
    for seat, call in auction:
        summary = summary_after(summary, seat, call)
    return summary


def summary_after(summary: AuctionSummary, seat: Seat, call: Call) -> AuctionSummary:
    """The summary once ``seat``'s standing ``call`` is added (17C, 19: one step of the fold).

    >>> start = summarize([], dealer=Seat.NORTH)
    >>> summary_after(start, Seat.NORTH, Call.from_str("1S")) == summarize(standing("N", "1S"), Seat.NORTH)
    True
    """
    if isinstance(call, Pass):
        return AuctionSummary(
            _NEXT[seat],
            summary.last_bid,
            summary.bidder,
            summary.doubling,
            summary.doubler,
            summary.passes + 1,
        )
    if isinstance(call, Bid):
        return AuctionSummary(_NEXT[seat], call, seat, _UNDOUBLED, None, 0)
    if isinstance(call, Double):
        doubling = _DOUBLED
    elif isinstance(call, Redouble):
        doubling = _REDOUBLED
    else:  # a bid above seven never stands (Law 38): it is no doubling either
        raise TypeError(f"{call!r} cannot stand in an auction (Law 38)")
    return AuctionSummary(_NEXT[seat], summary.last_bid, summary.bidder, doubling, seat, 0)


def call_problem(summary: AuctionSummary, seat: Seat, call: AnyCall) -> str | None:
    """Why ``call`` by ``seat`` would not be legal now, as a catalog message; None if legal.

    Only the call itself is judged here (Laws 18, 19, 38), not whose turn it is.

    >>> summary = summarize(standing("N", "1S"), dealer=Seat.NORTH)
    >>> call_problem(summary, Seat.EAST, Call.from_str("1H"))
    'a bid must supersede the last bid (Law 18B)'
    >>> call_problem(summary, Seat.WEST, Call.from_str("X")) is None
    True
    """
    # Seats of one side have the same parity (North 0 and South 2, East 1 and West 3).
    if isinstance(call, ImpossibleBid):
        return N_("no bid may name more than seven odd tricks (Law 38)")
    if isinstance(call, Pass):
        return None
    if isinstance(call, Bid):
        last_bid = summary.last_bid
        if last_bid is not None and call.index <= last_bid.index:
            return N_("a bid must supersede the last bid (Law 18B)")
        return None
    if isinstance(call, Double):
        bidder = summary.bidder
        if bidder is None or not (bidder ^ seat) & 1 or summary.doubling is not _UNDOUBLED:
            return N_(
                "a double is only of the last bid, made by an opponent, not yet doubled (Law 19A1)"
            )
        return None
    doubler = summary.doubler
    if doubler is None or summary.doubling is not _DOUBLED or not (doubler ^ seat) & 1:
        return N_("a redouble is only of the last double, made by an opponent (Law 19B1)")
    return None


def calls_available(summary: AuctionSummary, seat: Seat, *, doubles: bool = True) -> list[Call]:
    """The calls ``seat`` may make over the auction ``summary`` sums up (Laws 18, 19).

    Pass, the double or redouble Law 19 allows (unless ``doubles`` is False), and every
    sufficient bid, in the order of Law 18B.

    >>> summary = summarize(standing("N", "1S"), dealer=Seat.NORTH)
    >>> [str(call) for call in calls_available(summary, Seat.EAST)][:3]
    ['Pass', 'X', '1NT']
    >>> [str(call) for call in calls_available(summary, Seat.EAST, doubles=False)][:2]
    ['Pass', '1NT']
    """
    last_bid = summary.last_bid
    if last_bid is None:
        return [PASS, *BIDS]
    calls: list[Call] = [PASS]
    if doubles:
        # The same tests as call_problem's, for the one double or redouble that can apply.
        doubling = summary.doubling
        if doubling is _UNDOUBLED:
            bidder = summary.bidder
            if bidder is not None and (bidder ^ seat) & 1:
                calls.append(DOUBLE)
        elif doubling is _DOUBLED:
            doubler = summary.doubler
            if doubler is not None and (doubler ^ seat) & 1:
                calls.append(REDOUBLE)
    calls.extend(BIDS[last_bid.index + 1 :])
    return calls


def legal_calls(auction: Sequence[StandingCall], dealer: Seat = Seat.NORTH) -> list[Call]:
    """The calls the player in turn may make: pass, double or redouble, sufficient bids.

    >>> [str(call) for call in legal_calls([])][:3]
    ['Pass', '1C', '1D']
    >>> len(legal_calls(standing("N", "7NT")))
    2
    """
    summary = summarize(auction, dealer)
    return calls_available(summary, summary.turn)


def auction_end(auction: Sequence[StandingCall]) -> AuctionEnd | None:
    """Whether the auction is over (Law 22A): four passes, or three after a call.

    Rotation is not checked here; see :func:`skipped_seat` (Law 17E2).

    >>> auction_end(standing("N", "Pass", "Pass", "Pass")) is None
    True
    >>> auction_end(standing("N", "Pass", "Pass", "Pass", "Pass"))
    AuctionEnd.PASSED_OUT
    """
    count = len(auction)
    if count < 4 or not isinstance(auction[-1][1], Pass):  # both ends close on a pass
        return None
    if count == 4 and all(isinstance(call, Pass) for _, call in auction):
        return AuctionEnd.PASSED_OUT
    if all(isinstance(call, Pass) for _, call in auction[-3:]) and not isinstance(
        auction[-4][1], Pass
    ):
        return AuctionEnd.CONTRACT
    return None


def skipped_seat(auction: Sequence[StandingCall], dealer: Seat) -> tuple[int, Seat] | None:
    """The first seat skipped by a pass out of rotation among the closing passes (17E2, 34).

    Returns the position in ``auction`` where the skipped player should have called,
    and that player; None when every closing pass came in rotation. Four passes by the
    four players skipped nobody, whatever their order: the board is passed out (22A1).

    >>> skipped_seat(standing("N", "1S", "Pass", "Pass", "Pass"), Seat.NORTH) is None
    True
    >>> auction = [(Seat.NORTH, Bid(1, Strain.SPADES)), (Seat.EAST, PASS), (Seat.WEST, PASS),
    ...            (Seat.NORTH, PASS)]
    >>> skipped_seat(auction, Seat.NORTH)
    (2, Seat.SOUTH)
    >>> skipped_seat(standing("E", "Pass", "Pass", "Pass", "Pass"), Seat.NORTH) is None
    True
    """
    count = len(auction)
    passed_out = count == 4 and auction_end(auction) is AuctionEnd.PASSED_OUT
    if passed_out and len({seat for seat, _ in auction}) == 4:
        return None
    start = 0 if passed_out else count - 3
    expected = dealer if start == 0 else auction[start - 1][0].lho
    for position in range(start, count):
        if auction[position][0] != expected:
            return position, expected
        expected = expected.lho
    return None


def final_contract(
    auction: Sequence[StandingCall], summary: AuctionSummary | None = None
) -> Contract:
    """The contract of an auction that ended in a bid (Law 22A2).

    The last bid, its doubling, and the declarer: the first of the declaring side to
    name the strain. ``summary``, if given, is the auction's summary already made.

    >>> final_contract(standing("N", "1S", "Pass", "4S", "X", "Pass", "Pass", "Pass"))
    Contract.from_str('4SX N')
    """
    if summary is None:
        summary = summarize(auction, auction[0][0] if auction else Seat.NORTH)
    last_bid, bidder = summary.last_bid, summary.bidder
    if last_bid is None or bidder is None:
        raise ValueError("a passed-out auction has no contract")
    strain = last_bid.strain
    declarer = next(
        seat
        for seat, call in auction
        if type(call) is Bid and call.strain is strain and not (seat ^ bidder) & 1
    )
    return Contract(last_bid.level, strain, summary.doubling, declarer)


def bid_shows_suit(call: AnyCall) -> Strain | None:
    """The suit a natural bid names, or None for notrump, pass, double and redouble.

    >>> bid_shows_suit(Bid(2, Strain.HEARTS)), bid_shows_suit(Bid(1, Strain.NOTRUMP))
    (Strain.HEARTS, None)
    """
    if isinstance(call, Bid | ImpossibleBid) and call.strain != Strain.NOTRUMP:
        return call.strain
    return None


def standing(dealer: str, *calls: str) -> list[StandingCall]:
    """A standing auction from the dealer's letter and calls in rotation (for examples).

    >>> standing("S", "1H", "Pass")
    [(Seat.SOUTH, Bid(1, Strain.HEARTS)), (Seat.WEST, Pass())]
    """
    seat = Seat.from_str(dealer)
    auction: list[StandingCall] = []
    for text in calls:
        auction.append((seat, Call.from_str(text)))
        seat = seat.lho
    return auction
