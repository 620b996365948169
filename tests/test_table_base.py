"""The table's public base state: its fields, the snapshot that names each, the rewind."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.table import Table
from arbitro.table.base import StateSnapshot, TableState
from arbitro.table.report import report_json
from table_support import play_legal_board

SEEDS = st.integers(min_value=0, max_value=2**32)


def test_the_snapshot_names_every_field_of_the_state() -> None:
    # The state's parts (its fields and the mixins TableState gathers) share one set of
    # slots: every one of them is a field the snapshot names.
    slots = [name for part in TableState.__mro__ for name in vars(part).get("__slots__", ())]
    assert sorted(StateSnapshot._fields) == sorted(slots)
    assert not hasattr(TableState(play_legal_board(0).deal, number=1), "__dict__")
    # The facade adds no state of its own: everything a table holds is snapshotted.
    assert Table.__slots__ == ()
    assert not hasattr(Table(play_legal_board(0).deal, number=1), "__dict__")


@settings(max_examples=10)
@given(SEEDS, st.integers(min_value=1, max_value=70))
def test_restore_puts_back_every_field_a_snapshot_took(seed: int, cut: int) -> None:
    events = play_legal_board(seed).events
    table = Table.from_event(events[0])  # type: ignore[arg-type]
    for event in events[1 : min(cut, len(events))]:
        table.apply(event)
    saved = table.snapshot()
    before = report_json(table)
    for event in events[min(cut, len(events)) :]:
        table.apply(event)
    table.restore(saved)
    assert report_json(table) == before
    assert table.snapshot() == saved


@settings(max_examples=10)
@given(SEEDS)
def test_a_table_is_the_fold_of_its_events(seed: int) -> None:
    played = play_legal_board(seed)
    refolded = Table.from_event(played.events[0])  # type: ignore[arg-type]
    for event in played.events[1:]:
        refolded.apply(event)
    assert refolded.snapshot()._replace(log=[]) == played.snapshot()._replace(log=[])
    assert refolded.events == played.events
