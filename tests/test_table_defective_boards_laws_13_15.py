"""Laws 13-15 at the table: defective boards and the wrong board, from the facts found to
the board's end (play on, with the notes the Law requires, or an adjusted score).

Each test builds the board on the examples' deal (board 1, North deals), records what the
Director found as a ``defective_board`` event, and follows the board on.
"""

from __future__ import annotations

import random

import pytest

from arbitro.core import Seat
from arbitro.table import IllegalActionError, Phase, Table
from arbitro.table.events import (
    EXAMPLE_DEAL,
    DefectiveBoardEvent,
    InvalidEventError,
    event_from_json,
)
from arbitro.table.log import dumps, loads
from arbitro.table.report import report_json
from table_support import assert_refused, in_phase, next_seat, notes, rulings


def auction(table: Table, *calls: str) -> None:
    """Calls in rotation from whoever is due."""
    for call in calls:
        table.call(next_seat(table), call)


def play_out(table: Table, seed: int = 0) -> None:
    """Face the lead if it is down, then play random legal cards to the end."""
    rng = random.Random(seed)
    if in_phase(table, Phase.OPENING_LEAD):
        table.play(next_seat(table), rng.choice(table.legal_cards()))
    if in_phase(table, Phase.LEAD_FACE_DOWN):
        table.face_lead()
    while in_phase(table, Phase.PLAY):
        table.play(next_seat(table), rng.choice(table.legal_cards()))


def found(table: Table, kind: str, seat: str | None = None, **facts: object) -> None:
    data: dict[str, object] = {"event": "defective_board", "kind": kind, **facts}
    if seat is not None:
        data["seat"] = seat
    table.apply(event_from_json(data))


def fresh() -> Table:
    return Table(EXAMPLE_DEAL, number=1)


# -- Law 13: a wrong number of cards --------------------------------------------------------


def test_law_13a_wrong_hand_has_called_board_corrected_and_played_on() -> None:
    table = fresh()
    auction(table, "1S", "Pass")
    found(table, "wrong_count", "N")
    assert table.pending is not None
    assert table.pending.decider == "director"
    assert [(o.choice, o.law) for o in table.pending.options] == [("13A", "13A"), ("13B", "13B")]
    assert_refused(table, lambda: table.call("S", "2S"), "Director")
    table.decide("director", "13A")
    assert rulings(table)[-1] == ("13A", "director", "13A")
    # No change of call: the auction goes on where it was; the score may be adjusted at
    # the end, and where the card was is unauthorised for North's partner (13E).
    assert [str(entry.call) for entry in table.auction] == ["1S", "Pass"]
    assert notes(table)[-2:] == ["13A", "13E"]
    assert "South" in str(table.notes[-1].message)
    auction(table, "4S", "Pass", "Pass", "Pass")
    play_out(table)
    assert table.phase is Phase.COMPLETE
    assert table.score() is not None


def test_law_13b_wrong_hand_has_called_board_cannot_be_played_assigned_score() -> None:
    table = fresh()
    auction(table, "1S")
    found(table, "wrong_count", "N")
    table.decide("director", "13B")
    assert table.phase is Phase.ADJUSTED
    assert rulings(table)[-1] == ("13B", "director", "adjusted")
    assert table.score() is None
    assert_refused(table, lambda: table.call("E", "Pass"), "auction")


def test_law_13a_applies_to_the_player_who_called_not_to_his_partner() -> None:
    table = fresh()
    auction(table, "1S")
    # East has not called: Law 13D, not 13A, for East's hand.
    found(table, "wrong_count", "E")
    assert table.pending is None
    assert rulings(table)[-1][0] == "13D1"


def test_law_13c_found_after_the_play_result_cancelled_and_score_assigned() -> None:
    table = fresh()
    auction(table, "1NT", "Pass", "Pass", "Pass")
    play_out(table)
    assert table.score() is not None
    found(table, "wrong_count", "W")
    assert table.phase is Phase.ADJUSTED
    assert table.score() is None
    assert rulings(table)[-1] == ("13C", "director", "adjusted")
    assert "13C" in notes(table)  # a procedural penalty may be given


def test_law_13d1_no_call_no_card_seen_hands_corrected_board_played_normally() -> None:
    table = fresh()
    found(table, "wrong_count", "N")
    assert table.pending is None
    assert rulings(table) == [("13D1", "director", "13D1")]
    assert notes(table) == ["13E"]
    auction(table, "1NT", "Pass", "Pass", "Pass")
    assert table.phase is Phase.OPENING_LEAD


def test_law_13d2a_card_seen_unlikely_to_matter_board_played_score_may_be_adjusted() -> None:
    table = fresh()
    found(table, "wrong_count", "E", card_seen=True)
    assert table.pending is not None
    assert [o.choice for o in table.pending.options] == ["13D2a", "13D2b"]
    table.decide("director", "13D2a")
    assert rulings(table)[-1][0] == "13D2a"
    assert notes(table) == ["13D2a", "13E"]
    assert table.phase is Phase.AUCTION
    assert table.turn is Seat.NORTH


def test_law_13d2b_card_seen_likely_to_matter_artificial_adjusted_score() -> None:
    table = fresh()
    found(table, "wrong_count", "E", card_seen=True)
    table.decide("director", "13D2b")
    assert table.phase is Phase.ADJUSTED
    assert rulings(table)[-1] == ("13D2b", "director", "adjusted")
    assert "12C2" in str(table.rulings[-1].message)


def test_law_13f_extra_card_removed_auction_and_play_go_on() -> None:
    table = fresh()
    auction(table, "1S", "Pass")
    found(table, "extra_card")
    assert rulings(table)[-1][0] == "13F"
    assert notes(table) == []
    auction(table, "4S")
    assert table.phase is Phase.AUCTION


def test_law_13f_extra_card_played_to_an_earlier_trick_score_may_be_adjusted() -> None:
    table = fresh()
    auction(table, "1NT", "Pass", "Pass", "Pass")
    table.play("E", "CA")
    table.face_lead()
    found(table, "extra_card", played_earlier=True)
    assert rulings(table)[-1][0] == "13F"
    assert notes(table) == ["13F"]
    assert table.phase is Phase.PLAY


# -- Law 14: a missing card ----------------------------------------------------------------


def test_law_14a1_missing_card_found_before_the_lead_is_faced_restored() -> None:
    table = fresh()
    auction(table, "1NT", "Pass", "Pass", "Pass")
    table.play("E", "CA")
    assert in_phase(table, Phase.LEAD_FACE_DOWN)
    found(table, "missing_card", "S", found="elsewhere")
    assert rulings(table)[-1][0] == "14A1"
    assert notes(table) == ["14C"]
    assert "North" in str(table.notes[-1].message)
    table.face_lead()  # 14A3: the auction and play go on normally
    assert table.phase is Phase.PLAY


def test_law_14a2_missing_card_not_found_hand_reconstructed() -> None:
    table = fresh()
    found(table, "missing_card", "W", found="nowhere")
    assert rulings(table)[-1][0] == "14A2"
    assert table.phase is Phase.AUCTION


def test_law_14b1_missing_card_among_the_played_cards_is_law_67() -> None:
    table = fresh()
    auction(table, "1NT", "Pass", "Pass", "Pass")
    table.play("E", "CA")
    table.face_lead()
    found(table, "missing_card", "S", found="played")
    assert rulings(table)[-1][0] == "14B1"
    assert notes(table)[0] == "14B1"
    assert "defective_trick" in str(table.notes[0].message)


def test_law_14b2_missing_card_found_elsewhere_during_play_deemed_always_held() -> None:
    table = fresh()
    auction(table, "1NT", "Pass", "Pass", "Pass")
    table.play("E", "CA")
    table.face_lead()
    found(table, "missing_card", "W", found="elsewhere")
    assert rulings(table)[-1][0] == "14B2"
    assert notes(table) == ["14B4", "14B2", "14C"]
    play_out(table)
    assert table.phase is Phase.COMPLETE


def test_law_14b3_missing_card_not_found_during_play_hand_reconstructed() -> None:
    table = fresh()
    auction(table, "1NT", "Pass", "Pass", "Pass")
    table.play("E", "CA")
    table.face_lead()
    found(table, "missing_card", "W", found="nowhere")
    assert rulings(table)[-1][0] == "14B3"
    assert "14B3" in notes(table)


# -- Law 15: the wrong board ---------------------------------------------------------------


def test_law_15a_wrong_board_found_after_the_auction_period_result_stands() -> None:
    table = fresh()
    auction(table, "1NT", "Pass", "Pass", "Pass")
    table.play("E", "CA")
    table.face_lead()
    found(table, "not_theirs")
    assert rulings(table)[-1][0] == "15A1"
    assert notes(table) == ["15A2"]
    play_out(table)
    assert table.score() is not None


def test_law_15b_board_played_before_second_result_cancelled_artificial_score() -> None:
    table = fresh()
    auction(table, "1NT", "Pass", "Pass", "Pass")
    play_out(table)
    found(table, "played_before", "E")
    assert table.phase is Phase.ADJUSTED
    assert rulings(table)[-1] == ("15B", "director", "adjusted")


def test_law_15c_wrong_board_in_the_auction_calls_repeated_board_goes_on() -> None:
    table = fresh()
    auction(table, "1S", "Pass", "2S")
    found(table, "not_theirs")
    assert table.calls == ()
    assert [entry.status.value for entry in table.auction] == ["cancelled"] * 3
    assert {entry.law for entry in table.auction} == {"15C"}
    assert table.turn is Seat.NORTH
    auction(table, "1S", "Pass", "2S")
    assert rulings(table)[-1] == ("15C1", "director", "15C1")
    auction(table, "Pass", "Pass", "Pass")
    assert table.phase is Phase.OPENING_LEAD


def test_law_15c1_a_call_different_from_the_first_auction_cancels_the_board() -> None:
    table = fresh()
    auction(table, "1S", "Pass", "2S")
    found(table, "not_theirs")
    auction(table, "1S", "Pass")
    table.call("S", "3S")
    assert table.phase is Phase.ADJUSTED
    assert rulings(table)[-1] == ("15C1", "director", "adjusted")
    assert "2♠" in str(table.rulings[-1].message)


def test_law_15c_during_the_clarification_period_reopens_the_auction() -> None:
    table = fresh()
    auction(table, "1NT", "Pass", "Pass", "Pass")
    table.play("E", "CA")  # face down: still the auction period
    found(table, "not_theirs")
    assert table.phase is Phase.AUCTION
    assert table.face_down_lead is None
    assert table.hand(Seat.EAST) == EXAMPLE_DEAL[Seat.EAST]


# -- the log ---------------------------------------------------------------------------------


def test_defective_board_is_refused_while_a_ruling_is_pending_or_after_an_adjustment() -> None:
    table = fresh()
    auction(table, "1S")
    found(table, "wrong_count", "N")
    assert_refused(
        table, lambda: table.apply(DefectiveBoardEvent("extra_card")), "ruling in progress"
    )
    table.decide("director", "13B")
    assert_refused(table, lambda: table.apply(DefectiveBoardEvent("extra_card")), "adjusted")


def test_defective_board_events_replay_from_the_log_to_the_same_state() -> None:
    table = fresh()
    auction(table, "1S", "Pass", "2S")
    found(table, "not_theirs")
    auction(table, "1S", "Pass", "2S", "Pass", "Pass", "Pass")
    found(table, "missing_card", "E", found="elsewhere")
    again = loads(dumps(table))
    assert report_json(again) == report_json(table)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "torn"}, "kind"),
        ({"kind": "wrong_count"}, "seat"),
        ({"kind": "missing_card", "seat": "N"}, "found"),
        ({"kind": "missing_card", "seat": "N", "found": "floor"}, "found"),
        ({"kind": "played_before", "seat": "Z"}, "seat"),
    ],
)
def test_defective_board_event_with_bad_fields_names_the_field(
    data: dict[str, object], field: str
) -> None:
    with pytest.raises(InvalidEventError) as error:
        event_from_json({"event": "defective_board", **data})
    assert f"'{field}'" in str(error.value)


def test_law_13_to_15_no_defective_board_during_a_pending_decision_changes_the_table() -> None:
    table = fresh()
    table.call("E", "1H")  # out of rotation: South's decision is pending
    before = report_json(table)
    with pytest.raises(IllegalActionError):
        table.apply(DefectiveBoardEvent("wrong_count", Seat.NORTH))
    assert report_json(table) == before
