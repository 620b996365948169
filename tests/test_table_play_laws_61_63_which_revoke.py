"""Laws 61-63: attention drawn to a revoke names the revoke it is drawn to.

West revokes in trick 1 (established when his side plays to trick 2) and again in
trick 2, in the trick in progress. Attention drawn at once is drawn to the revoke in
the trick in progress (62A: it is corrected); the earlier one is ruled on only when
attention is drawn to it, by its trick.
"""

from __future__ import annotations

import pytest

from arbitro.core import Card, Seat
from arbitro.table import Table
from arbitro.table.events import EXAMPLE_DEAL, InvalidEventError, RevokeEvent, event_from_json
from arbitro.table.log import dumps, loads
from table_support import assert_refused


def west_revokes_twice() -> Table:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"], strict=True):
        table.call(seat, call)
    table.play("E", "CA")
    table.face_lead()
    for seat, card in [
        ("S", "C8"),
        ("W", "DT"),
        ("N", "C2"),
        ("E", "CK"),
        ("S", "C9"),
        ("W", "D9"),
    ]:
        table.play(seat, card)
    assert [(r.trick, r.established) for r in table.revokes] == [(0, True), (1, False)]
    return table


def test_law_62a_attention_drawn_at_once_is_to_the_revoke_in_the_trick_in_progress() -> None:
    table = west_revokes_twice()
    table.apply(RevokeEvent(Seat.WEST))
    # The established revoke of trick 1 is not ruled on; trick 2's is corrected.
    assert [(r.trick, r.noticed) for r in table.revokes if r.trick == 0] == [(0, False)]
    assert table.rulings[-1].law == "62B1"  # the revoke card becomes a penalty card
    assert Card.from_str("D9") not in [card for _, card in table.current_trick]
    assert table.turn is Seat.WEST  # he plays a club to trick 2 (62A)
    assert Card.from_str("C7") in table.legal_cards()
    assert loads(dumps(table)).revokes == table.revokes


def test_law_63b_attention_drawn_to_the_revoke_of_a_named_trick() -> None:
    table = west_revokes_twice()
    table.apply(RevokeEvent(Seat.WEST, trick=1))
    first, second = table.revokes
    assert first.noticed
    assert table.rulings[-1].law == "63B"
    assert not second.noticed
    assert loads(dumps(table)).revokes == table.revokes


def test_law_61_a_named_trick_without_a_revoke_of_that_player_is_refused() -> None:
    table = west_revokes_twice()
    message = assert_refused(table, lambda: table.apply(RevokeEvent(Seat.EAST, trick=1)))
    assert "East" in message


def test_revoke_event_names_its_trick_from_1_in_the_log() -> None:
    event = event_from_json({"event": "revoke", "seat": "W", "trick": 2})
    assert event == RevokeEvent(Seat.WEST, trick=2)
    assert event.to_json() == {"event": "revoke", "seat": "W", "trick": 2}
    with pytest.raises(InvalidEventError, match="trick"):
        event_from_json({"event": "revoke", "seat": "W", "trick": 0})
