"""A refused event leaves the table as it was: the fold of its log (issue 21's undo).

The table keeps no copy of its state before an event: an event that cannot apply is
undone by folding the logged events again. That is right only if the state is, at every
moment, exactly the fold of its log. These tests drive a table with random events, legal
and irregular (calls and cards by any seat, decisions by anyone, a lead faced at any
time) and check, at each refusal, that nothing changed and that the state is the fold.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core import CALLS, Card, Seat
from arbitro.table import Phase, Table
from arbitro.table.base import StateSnapshot
from arbitro.table.state import DIRECTOR, IllegalActionError
from table_support import random_deal

SEEDS = st.integers(min_value=0, max_value=2**32)
OVER = (Phase.COMPLETE, Phase.PASSED_OUT)


def without_log(snapshot: StateSnapshot) -> StateSnapshot:
    """A snapshot with its log left out (the log's entries are compared as events)."""
    return snapshot._replace(log=[])


def fold(table: Table) -> Table:
    """A fresh table with ``table``'s events applied one by one."""
    folded = Table.from_event(table.board)
    for event in table.events[1:]:
        folded.apply(event)
    return folded


def an_action(rng: random.Random, table: Table) -> Callable[[], None]:
    """A random event for ``table``: the legal call or card in turn, or anything else."""
    seat = rng.choice(list(Seat))
    pending = table.pending
    roll = rng.random()
    if pending is not None and roll < 0.5:
        option = rng.choice(pending.options)
        by = pending.decider if roll < 0.4 else rng.choice([DIRECTOR, *"NESW"])
        return lambda: table.decide(by, option.choice)
    if roll < 0.6 and table.turn is not None:
        turn = table.turn
        if table.legal_calls():
            call = rng.choice(table.legal_calls())
            return lambda: table.call(turn, call)
        if table.legal_cards():
            card = rng.choice(table.legal_cards())
            return lambda: table.play(turn, card)
    if roll < 0.7:
        return table.face_lead
    if roll < 0.85:
        call = rng.choice(CALLS)
        return lambda: table.call(seat, call)
    card = Card.from_index(rng.randrange(52))
    return lambda: table.play(seat, card)


@settings(max_examples=40, deadline=None)
@given(SEEDS)
def test_a_refused_event_leaves_the_table_exactly_the_fold_of_its_log(seed: int) -> None:
    rng = random.Random(seed)
    table = Table(random_deal(rng), number=rng.randint(1, 32))
    refused = 0
    for _ in range(150):
        if table.phase in OVER:
            break
        before = without_log(table.snapshot())
        events = table.events
        try:
            an_action(rng, table)()
        except IllegalActionError:
            refused += 1
            assert table.events == events
            assert without_log(table.snapshot()) == before
            assert without_log(fold(table).snapshot()) == before
    assert refused > 0 or table.phase in OVER
    # And after the whole run, applied and refused events alike, the state is the fold.
    assert without_log(fold(table).snapshot()) == without_log(table.snapshot())
