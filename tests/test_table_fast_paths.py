"""Following suit, the trick's winner and the calls available against the Laws' text.

The table once took fast paths for a legal call or card in turn; they are gone (issue
21), and every call and card goes through the flow of the Laws. These tests hold the
Laws those paths relied on (44C-D, 44E-F, 18-19) to references computed here
independently of the engine's helpers, and ``Table.call``/``Table.play`` (which hand a
call or card to the flow directly) to ``apply`` of the same events through the registry:
both must reach the same state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core import CALLS, Card, Seat, Strain
from arbitro.laws.auction import call_problem, calls_available, summarize
from arbitro.laws.play import trick_winner
from arbitro.table import Phase, Table
from arbitro.table.events import BoardEvent, Event, PlayEvent
from arbitro.table.report import report_json
from table_support import in_phase, next_seat, play_legal_board, random_deal

SEEDS = st.integers(min_value=0, max_value=2**32)


def reference_legal_cards(held: set[Card], led: Card | None) -> set[Card]:
    """Law 44C-D as written: follow suit if able, else any card; on lead, any card."""
    if led is None:
        return held
    following = {card for card in held if card.suit == led.suit}
    return following or held


def reference_winner(cards: list[int], trumps: Strain) -> int:
    """Law 44E-F as written: the highest trump wins, else the highest card of the suit led."""
    suits = [index // 13 for index in cards]
    if trumps is not Strain.NOTRUMP and int(trumps) in suits:
        contenders = [position for position, suit in enumerate(suits) if suit == int(trumps)]
    else:
        contenders = [position for position, suit in enumerate(suits) if suit == suits[0]]
    return max(contenders, key=lambda position: cards[position])


@given(SEEDS)
def test_law_44c_44d_legal_cards_follow_suit_when_able_else_any(seed: int) -> None:
    rng = random.Random(seed)
    table = Table(random_deal(rng), number=rng.randint(1, 32))
    while in_phase(table, Phase.AUCTION):
        table.call(next_seat(table), rng.choice(table.legal_calls()))
    if not in_phase(table, Phase.OPENING_LEAD):
        return
    played: set[Card] = set()
    while in_phase(table, Phase.OPENING_LEAD) or in_phase(table, Phase.PLAY):
        seat = next_seat(table)
        held = set(table.deal[seat]) - played
        current = table.current_trick
        led = current[0][1] if current else None
        legal = table.legal_cards()
        assert len(legal) == len(set(legal))
        assert set(legal) == reference_legal_cards(held, led)
        card = rng.choice(legal)
        played.add(card)
        table.play(seat, card)
        if in_phase(table, Phase.LEAD_FACE_DOWN):
            table.face_lead()
    assert len(table.tricks) == 13


@given(
    st.lists(st.integers(min_value=0, max_value=51), min_size=1, max_size=4, unique=True),
    st.sampled_from(list(Strain)),
)
def test_law_44e_44f_trick_winner_is_highest_trump_else_highest_of_suit_led(
    cards: list[int], trumps: Strain
) -> None:
    assert trick_winner(cards, trumps) == reference_winner(cards, trumps)


@given(SEEDS)
def test_law_18_19_calls_available_are_exactly_the_calls_with_no_problem(seed: int) -> None:
    rng = random.Random(seed)
    table = Table(random_deal(rng), number=rng.randint(1, 32))
    while in_phase(table, Phase.AUCTION):
        summary = summarize(table.calls, table.dealer)
        seat = next_seat(table)
        allowed = [call for call in CALLS if call_problem(summary, seat, call) is None]
        assert calls_available(summary, seat) == allowed
        assert table.legal_calls() == allowed
        table.call(seat, rng.choice(allowed))
        # The summary the table keeps one call at a time is the whole auction's (17C, 19).
        assert table.summary == summarize(table.calls, table.dealer)


class GeneralPathTable(Table):
    """A table fed by ``apply``: every event through the registry of the Laws."""


@given(SEEDS)
def test_fast_and_general_paths_fold_the_same_events_into_the_same_state(seed: int) -> None:
    fast = play_legal_board(seed)
    events: list[Event] = list(fast.events)
    board = events[0]
    assert isinstance(board, BoardEvent)
    general = GeneralPathTable.from_event(board)
    for event in events[1:]:
        general.apply(event)
    assert report_json(general) == report_json(fast)
    assert general.score() == fast.score()
    assert general.tricks == fast.tricks
    assert general.events == fast.events


@settings(max_examples=10)
@given(SEEDS)
def test_a_fast_path_that_raises_half_way_leaves_the_table_as_it_was(seed: int) -> None:
    # No copy of the state is taken: should what follows a call or a card (the end of
    # the auction, a trick closing) raise, apply() folds the table again from its events.
    events = play_legal_board(seed).events
    board = events[0]
    assert isinstance(board, BoardEvent)

    def failing_for(target: Table, method: Callable[..., None]) -> Callable[..., None]:
        """``method``, which fails on ``target`` only (the table refolded is another)."""

        def run(self: Table, *args: object) -> None:
            if self is target:
                raise RuntimeError("a consequence failed")
            method(self, *args)

        return run

    table = Table.from_event(board)
    raised = 0
    for cut in range(1, len(events)):
        broken = Table.from_event(board)
        for event in events[1:cut]:
            broken.apply(event)
        try:
            with (
                patch.object(Table, "check_end", failing_for(broken, Table.check_end)),
                patch.object(Table, "close_trick", failing_for(broken, Table.close_trick)),
            ):
                broken.apply(events[cut])
        except RuntimeError:
            raised += 1
            assert report_json(broken) == report_json(table)
            assert broken.events == events[:cut]
        table.apply(events[cut])
    assert raised >= 2  # at least the end of the auction, or a trick (a passed-out board: 2)


def test_a_card_played_by_table_play_is_undone_if_its_trick_fails_to_close() -> None:
    # Table.play takes its short path outside apply(): it undoes what it began too.
    events = play_legal_board(7).events
    board = events[0]
    assert isinstance(board, BoardEvent)
    table = Table.from_event(board)
    position = 1
    while not (table.phase is Phase.PLAY and len(table.current_trick) == 3):
        table.apply(events[position])
        position += 1
    fourth = events[position]
    assert isinstance(fourth, PlayEvent)
    before = report_json(table)
    hands = [table.hand(seat) for seat in Seat]

    def fail(self: Table, trick: list[int]) -> None:
        raise RuntimeError("closing the trick failed")

    with patch.object(Table, "close_trick", fail), pytest.raises(RuntimeError):
        table.play(fourth.seat, fourth.card)
    assert report_json(table) == before
    assert [table.hand(seat) for seat in Seat] == hands
    assert table.events == events[:position]
    table.play(fourth.seat, fourth.card)  # and the card can be played again
    assert len(table.tricks) >= 1
