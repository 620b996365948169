"""Laws 41A and 54: an opening lead out of turn made face down, never faced, is not Law 54's.

Law 54 is about an opening lead *faced* out of turn. A face-down lead by the wrong
defender is withdrawn on the Director's instruction and goes back to the hand (41A):
no card was seen, so no card becomes a penalty card. The log says which happened.
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.table import Phase, Table
from arbitro.table.events import EXAMPLE_DEAL, PlayEvent, event_from_json
from arbitro.table.log import dumps, loads
from table_support import assert_refused


def one_notrump_by_north() -> Table:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"], strict=True):
        table.call(seat, call)
    return table


def test_law_41a_a_face_down_lead_by_the_wrong_defender_goes_back_to_the_hand() -> None:
    table = one_notrump_by_north()
    table.apply(PlayEvent(Seat.WEST, Card.from_str("HA"), face_down=True))
    assert table.pending is None
    assert table.rulings[-1].law == "41A"
    assert Card.from_str("HA") in table.hand("W")
    assert table.restrictions == ()  # no penalty card: nobody saw it
    assert table.phase is Phase.OPENING_LEAD
    assert table.turn is Seat.EAST
    again = loads(dumps(table))
    assert again.rulings == table.rulings
    assert again.events == table.events


def test_law_54_a_faced_lead_by_the_wrong_defender_keeps_law_54s_options() -> None:
    table = one_notrump_by_north()
    table.apply(PlayEvent(Seat.WEST, Card.from_str("HA")))
    assert table.pending is not None
    assert table.pending.law == "54"


def test_law_41a_only_the_opening_lead_is_made_face_down() -> None:
    table = one_notrump_by_north()
    table.play("E", "CA")
    table.face_lead()
    assert_refused(
        table, lambda: table.apply(PlayEvent(Seat.SOUTH, Card.from_str("C8"), face_down=True))
    )


def test_law_41a_the_opening_leaders_face_down_lead_is_the_lead() -> None:
    table = one_notrump_by_north()
    table.apply(PlayEvent(Seat.EAST, Card.from_str("CA"), face_down=True))
    assert table.face_down_lead == Card.from_str("CA")


def test_a_face_down_play_event_reads_and_writes_its_flag() -> None:
    data = {"event": "play", "seat": "W", "card": "HA", "face_down": True}
    event = event_from_json(data)
    assert event == PlayEvent(Seat.WEST, Card.from_str("HA"), face_down=True)
    assert event.to_json() == data
    assert "face_down" not in PlayEvent(Seat.WEST, Card.from_str("HA")).to_json()
