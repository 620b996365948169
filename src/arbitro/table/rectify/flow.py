"""The flow of the Laws at the table: what a call or a card sets off, and closing a trick.

The :class:`~arbitro.table.table.Table` delegates its flow operations here; they take
the public base state, and call each other through its methods (``table.check_end()``,
``table.close_trick()``), so that the facade stays the one place they are set off from.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> on_call(table, Seat.NORTH, Bid(1, Strain.SPADES))
>>> table.calls
((Seat.NORTH, Bid(1, Strain.SPADES)),)
"""

from __future__ import annotations

from arbitro.core import Bid, Card, Seat, Strain  # noqa: F401  (Bid, Strain: the example)
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall, AuctionEnd, auction_end, final_contract, skipped_seat
from arbitro.laws.play import trick_winner
from arbitro.table import rectify as rect
from arbitro.table.base import CARDS, NEXT, ONE_TURN, TableState, waiting
from arbitro.table.play_record import Defect, Trick
from arbitro.table.rectify import penalty_card_play, revoke_partner_card, revokes
from arbitro.table.rectify.defective_tricks import DefectiveTrick
from arbitro.table.rectify.play import play_card
from arbitro.table.rectify.wrong_opening_lead import face_down_lead_retracted
from arbitro.table.restrictions import RestrictionKind
from arbitro.table.state import IllegalActionError, Message, Phase

# The phases, looked up once: an enum member read from its class costs ten times a
# global's on Python 3.11, and these are read for every call and card.
_AUCTION = Phase.AUCTION
_OPENING_LEAD = Phase.OPENING_LEAD
_LEAD_FACE_DOWN = Phase.LEAD_FACE_DOWN
_PLAY = Phase.PLAY
_COMPLETE = Phase.COMPLETE
_PASSED_OUT = Phase.PASSED_OUT

_AUCTION_KINDS = (*ONE_TURN, RestrictionKind.MUST_PASS_REST)
_SEATS = tuple(Seat)
_WITHOUT = tuple(~(1 << index) for index in range(52))
"""A hand's mask without card ``index``: ``mask & _WITHOUT[index]``."""
_ONE_CARD_KINDS = (
    RestrictionKind.PLAY_HIGHEST,
    RestrictionKind.PLAY_LOWEST,
    RestrictionKind.PLAY_NOT_SUIT,
)


def on_call(table: TableState, seat: Seat, call: AnyCall) -> None:
    """A call by ``seat``: in the auction, to a pending procedure, or after the final pass."""
    phase = table.phase
    procedure = table.procedure
    if phase is _AUCTION:
        if procedure is None:
            rect.classify_call(table, seat, call)
        elif not rect.procedure_takes_call(table, seat, call):
            raise waiting(procedure)
        return
    if phase not in (_OPENING_LEAD, _LEAD_FACE_DOWN, _PASSED_OUT):
        raise IllegalActionError(Message(N_("the auction is over")))
    if procedure is not None and rect.procedure_takes_call(table, seat, call):
        return
    rect.after_final_pass(table, seat, call)


def after_standing(table: TableState, seat: Seat, call: AnyCall) -> None:
    """Consequences of a call that now counts: next-turn restrictions met, watchers, end."""
    if seat in table.restricted:
        table.meet_turn(seat)
    if table.watchers:
        fire_watchers(table, seat, call)
    if table.phase is _AUCTION and table.procedure is None:
        table.check_end()


def fire_watchers(table: TableState, seat: Seat, call: AnyCall) -> None:
    """The consequences that waited for ``seat``'s call (31A, 32B, 17D, 26)."""
    for watcher in list(table.watchers):
        if watcher.seat == seat and watcher in table.watchers:
            table.watchers.remove(watcher)
            rect.watcher_fires(table, watcher, call)


def check_end(table: TableState) -> None:
    """End the auction if the calls that count end it (Law 17E, 22)."""
    end = auction_end(table.standing)
    if end is None:
        return
    skipped = skipped_seat(table.standing, table.dealer)
    if skipped is not None:
        rect.skipped_player(table, *skipped)
        return
    if end is AuctionEnd.PASSED_OUT:
        table.phase = _PASSED_OUT
        table.close_auction(None)  # all of it, back should the auction reopen (22B2)
        return
    table.contract = final_contract(table.standing, table.summary)
    table.phase = _OPENING_LEAD
    declarer = table.contract.declarer
    assert declarer is not None
    table.leader = table.to_play = declarer.lho
    table.close_auction(_AUCTION_KINDS)  # back should the auction reopen (22B1, 25A3)
    rect.auction_ended(table)


# -- the play -------------------------------------------------------------------------


def on_play(table: TableState, seat: Seat, card: Card) -> None:
    """A card from ``seat``'s hand: in turn or not, legal or not (Laws 41-66)."""
    phase = table.phase
    if phase is _PLAY or phase is _OPENING_LEAD:
        procedure = table.procedure
        if procedure is None:
            play_card(table, seat, card)
        elif not rect.procedure_takes_play(table, seat, card):
            raise waiting(procedure)
        return
    if phase is _AUCTION:
        raise IllegalActionError(Message(N_("no card can be played during the auction")))
    if phase is not _LEAD_FACE_DOWN:
        raise IllegalActionError(Message(N_("the play is over")))
    if table.procedure is None and seat == table.leader.partner:
        face_down_lead_retracted(table, seat)
        play_card(table, seat, card)
        return
    raise IllegalActionError(
        Message(N_("the opening lead must be faced before play goes on (Law 41C)"))
    )


def put_card(table: TableState, seat: Seat, index: int) -> None:
    """Put ``seat``'s card in the trick in progress; close it at the fourth card."""
    if table.unestablished:
        revokes.establish(table, seat)
    table.hands[seat] &= _WITHOUT[index]
    trick = table.trick
    trick.append(index)
    restricted = table.restricted
    if restricted:
        if seat in restricted:
            _spent(table, seat, index, len(trick) == 1)
        revoke_partner_card.played_after_a_correction(table, seat, index)  # 62C2
    count = len(trick)
    if count < 3 or (count == 3 and table.skipped is None):  # a seat to play yet
        table.to_play = NEXT[seat]
        if restricted and table.restricted:
            penalty_card_play.offer_choice_of_penalty_card(table, table.to_play)
        return
    table.close_trick(trick)


def _spent(table: TableState, seat: Seat, index: int, lead: bool) -> None:
    """The restrictions on ``seat`` that its card ``index`` has met go (26, 50, 57A)."""
    if lead:
        table.drop(lambda r: r.seat == seat and r.kind is RestrictionKind.LEAD_REQUIRED)
    # A penalty card played (the opening lead included) is no longer one (Law 50);
    # a 57A requirement is for one card.
    table.drop(
        lambda r: (
            r.seat == seat
            and (
                r.kind in _ONE_CARD_KINDS
                or (
                    r.kind is RestrictionKind.PENALTY_CARD
                    and r.card is not None
                    and r.card.index == index
                )
            )
        )
    )


def close_trick(table: TableState, trick: list[int]) -> None:
    """The last card is played: the trick is won (Law 44E-F), the winner leads.

    A trick that passed a seat by is quitted with its card missing, a defective trick
    (Law 67) that goes to the best of its three cards.
    """
    contract = table.contract
    assert contract is not None
    leader = table.leader
    tricks = table.tricks_played
    skipped = table.skipped
    if skipped is None:
        first, second, third, fourth = trick  # four cards: no seat was passed by
        winner = _SEATS[(leader + trick_winner(trick, contract.strain)) % 4]
        tricks.append(
            Trick(leader, (CARDS[first], CARDS[second], CARDS[third], CARDS[fourth]), winner)
        )
    else:
        seats = [_SEATS[(leader + offset) % 4] for offset in range(4)]
        seats.remove(skipped)
        winner = seats[trick_winner(trick, contract.strain)]
        cards = tuple(map(CARDS.__getitem__, trick))
        tricks.append(DefectiveTrick(leader, cards, winner, skipped))
        table.defects.append(Defect(len(tricks) - 1, skipped, None))
        table.skipped = None
    table.won[winner & 1] += 1
    table.trick = []
    table.leader = table.to_play = winner
    if len(tricks) == 13:
        table.phase = _COMPLETE
        table.in_force = []
        table.restricted = frozenset()
        return
    if table.restricted:
        # What was in force when the trick closed, should it be reopened (45C4b, 45D, 47E2a).
        table.closed_restrictions = (len(tricks), tuple(table.in_force))
        rect.lead_changes_hands(table, winner)
        penalty_card_play.offer_choice_of_penalty_card(table, winner)
