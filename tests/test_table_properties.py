"""Invariants of the table engine, with hypothesis.

- Random legal auctions always end in a contract or a pass-out (Law 22A), and a legal
  board played to the end has 13 tricks and a Law 77 score.
- Replaying a log twice gives the same state (the state is the fold of its events).
- Any sequence of actions, legal or not, either applies or is refused with the table
  left exactly as it was.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from arbitro.core import BIDS, CALLS, Card, Seat, Side, Suit
from arbitro.laws.auction import AnyCall, ImpossibleBid
from arbitro.table import Phase, Table
from arbitro.table.events import (
    CallEvent,
    ChangeEvent,
    DecisionEvent,
    Event,
    ExposedEvent,
    FaceLeadEvent,
    PlayEvent,
    WrongBoardEvent,
)
from arbitro.table.log import dumps, loads
from table_support import (
    apply_or_refused,
    play_legal_board,
    random_deal,
    report_snapshot,
)

SEATS = list(Seat)


@given(st.integers(min_value=0, max_value=2**32))
def test_law_22a_random_legal_auctions_end_in_a_contract_or_a_pass_out(seed: int) -> None:
    table = play_legal_board(seed)
    assert table.phase in (Phase.COMPLETE, Phase.PASSED_OUT)
    if table.phase is Phase.PASSED_OUT:
        assert [call for _, call in table.calls] == [CALLS[0]] * 4
        assert table.score() == 0
        return
    assert len(table.tricks) == 13
    assert table.tricks_won(Side.NS) + table.tricks_won(Side.EW) == 13
    contract = table.contract
    assert contract is not None
    assert contract.declarer is not None
    assert contract.bid == max(call for _, call in table.calls if call in BIDS)
    declarer_tricks = table.tricks_won(contract.declarer.side)
    vulnerable = table.vulnerability.is_vulnerable(contract.declarer.side)
    expected = contract.score(declarer_tricks, vulnerable)
    assert table.score() == (expected if contract.declarer.side is Side.NS else -expected)


@given(st.integers(min_value=0, max_value=2**32))
def test_law_44_every_trick_follows_suit_when_able_and_is_won_by_the_right_card(
    seed: int,
) -> None:
    table = play_legal_board(seed)
    if table.phase is not Phase.COMPLETE:
        return
    contract = table.contract
    assert contract is not None
    holding = {seat: table.deal[seat] for seat in SEATS}
    for trick in table.tricks:
        led = trick.cards[0].suit
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            if card.suit != led:
                assert holding[seat].length(led) == 0, "a revoke slipped through (44C)"
            holding[seat] = holding[seat].remove(card)
        trumps = [
            (card, seat)
            for card, seat in zip(trick.cards, trick.seats, strict=True)
            if int(card.suit) == int(contract.strain) and int(contract.strain) < 4
        ]
        following = [
            (card, seat)
            for card, seat in zip(trick.cards, trick.seats, strict=True)
            if card.suit == led
        ]
        best = max(trumps or following, key=lambda pair: pair[0].rank)
        assert trick.winner == best[1]


@given(st.integers(min_value=0, max_value=2**32))
def test_replaying_a_log_twice_gives_the_same_state(seed: int) -> None:
    table = play_legal_board(seed)
    text = dumps(table)
    first, second = loads(text), loads(text)
    assert report_snapshot(first) == report_snapshot(second) == report_snapshot(table)
    assert dumps(first) == text


def any_event(rng: random.Random, table: Table) -> Event:
    """A random action: often legal, often not (out of turn, insufficient, illegal cards)."""
    seat = rng.choice(SEATS)
    roll = rng.random()
    if roll < 0.45:
        legal = table.legal_calls()
        if legal and rng.random() < 0.6 and table.turn is not None:
            return CallEvent(table.turn, rng.choice(legal))
        anything: list[AnyCall] = [*CALLS, ImpossibleBid(8, BIDS[0].strain)]
        return CallEvent(seat, rng.choice(anything))
    if roll < 0.55:
        return ChangeEvent(seat, rng.choice(CALLS), rng.random() < 0.3)
    if roll < 0.75:
        pending = table.pending
        if pending is not None:
            option = rng.choice(pending.options)
            by = pending.decider if rng.random() < 0.9 else rng.choice(["director", "N", "E"])
            suit = rng.choice(option.suits or tuple(Suit))
            return DecisionEvent(by, option.choice, suit=suit, suits=(suit,))
        return DecisionEvent("director", "accept")
    if roll < 0.9:
        legal_cards = table.legal_cards()
        if legal_cards and rng.random() < 0.7 and table.turn is not None:
            return PlayEvent(table.turn, rng.choice(legal_cards))
        return PlayEvent(seat, Card.from_index(rng.randrange(52)))
    if roll < 0.95:
        return FaceLeadEvent()
    if roll < 0.98:
        return WrongBoardEvent(seat)
    return ExposedEvent(seat, (Card.from_index(rng.randrange(52)),), rng.random() < 0.5)


@given(st.integers(min_value=0, max_value=2**32))
def test_any_action_applies_or_is_refused_leaving_the_table_untouched(seed: int) -> None:
    rng = random.Random(seed)
    table = Table(random_deal(rng), number=rng.randint(1, 16))
    for _ in range(120):
        event = any_event(rng, table)
        apply_or_refused(table, event)
        if table.phase in (Phase.COMPLETE, Phase.PASSED_OUT, Phase.ADJUSTED):
            break
    # Whatever happened, the log replays to the same state.
    assert report_snapshot(loads(dumps(table))) == report_snapshot(table)
