"""Law 69A: acquiescence is an absence of objection, not the first defender's word.

A claim is accepted when the contestant acquiesces and makes no objection before his
side calls on the next board or the round ends. One defender's "accept" scores the
board as claimed, but his partner may still object at once: the claim is then
disputed (70), not reviewed under 69B's narrower standard.
"""

from __future__ import annotations

import json
from pathlib import Path

from arbitro.core import Seat, Side
from arbitro.table import Phase, Table
from arbitro.table.events import ClaimEvent, event_from_json
from arbitro.table.log import dumps, loads
from arbitro.table.rectify.claimed_tricks import claim_of
from table_support import assert_refused

LOG = Path(__file__).parent.parent / "docs" / "examples" / "claim-end-position.jsonl"


def before_the_claim() -> Table:
    lines = LOG.read_text(encoding="utf-8").splitlines()[:-1]
    table = Table.from_event(event_from_json(json.loads(lines[0])))  # type: ignore[arg-type]
    for line in lines[1:]:
        table.apply(event_from_json(json.loads(line)))
    return table


def test_law_69a_partners_prompt_objection_makes_the_claim_disputed() -> None:
    table = before_the_claim()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "C"))
    table.decide("W", "accept")
    assert table.score() is not None  # scored as claimed while nobody objects
    table.decide("E", "dispute")  # West's partner objects at once
    assert table.phase is Phase.PLAY
    assert table.score() is None
    assert table.pending is not None
    assert table.pending.law == "70"
    assert table.rulings[-1].law == "70"
    made = claim_of(table)
    assert made is not None
    assert made.awarded is None
    table.decide("director", "2")
    assert claim_of(table) is not None
    assert (table.tricks_credited(Side.NS), table.tricks_credited(Side.EW)) == (11, 2)
    assert loads(dumps(table)).rulings == table.rulings


def test_law_69a_the_claimers_side_does_not_object_to_its_own_claim() -> None:
    table = before_the_claim()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "C"))
    table.decide("W", "accept")
    assert_refused(table, lambda: table.decide("N", "dispute"))
