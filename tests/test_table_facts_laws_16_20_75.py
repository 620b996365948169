"""Facts recorded at the table for later judgement: Laws 16B, 16C, 20F4-5 and 75."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core import Seat
from arbitro.i18n import use_language
from arbitro.table import Table
from arbitro.table.agreements import Agreement, ConventionCard, alert_check, check_alert
from arbitro.table.events import (
    EXAMPLE_DEAL,
    AlertEvent,
    ExplanationEvent,
    FactEvent,
    InvalidEventError,
    event_from_json,
)
from arbitro.table.report import report_json, report_lines
from arbitro.table.state import IllegalActionError, Phase
from table_support import in_phase


def auction(*calls: str) -> Table:
    table = Table(EXAMPLE_DEAL, number=1)  # dealer North
    seats = "NESW"
    for index, call in enumerate(calls):
        table.call(seats[index % 4], call)
    return table


def test_law_16b1_break_in_tempo_is_recorded_without_changing_the_auction() -> None:
    table = auction("1S", "Pass")
    before = table.auction
    table.apply(FactEvent("tempo", Seat.EAST, noticed_by=Seat.SOUTH, text="10 seconds"))
    assert table.auction == before
    assert table.turn == Seat.SOUTH
    fact = table.facts[0]
    assert fact.law == "16B1"
    assert fact.calls == 2
    assert fact.phase is Phase.AUCTION


def test_law_16b2_opponent_reserves_the_right_to_call_the_director() -> None:
    table = auction("1S")
    table.apply(FactEvent("extraneous", Seat.NORTH, noticed_by=Seat.WEST, reserved=True))
    assert table.facts[0].law == "16B2"


def test_law_16b2_partner_cannot_reserve_the_right() -> None:
    table = auction("1S")
    with pytest.raises(IllegalActionError, match="opponent"):
        table.apply(FactEvent("tempo", Seat.NORTH, noticed_by=Seat.SOUTH, reserved=True))
    assert table.facts == ()


def test_law_16c2_information_from_another_table_before_the_first_call() -> None:
    table = auction()
    table.apply(FactEvent("other_table", Seat.WEST, text="heard 'seven no trumps' next door"))
    assert table.facts[0].law == "16C2"


def test_law_16c3_information_from_another_table_after_the_first_call() -> None:
    table = auction("1S", "Pass")
    table.apply(FactEvent("other_table", Seat.WEST))
    assert table.facts[0].law == "16C3"


def test_law_20f4_player_corrects_his_own_explanation_of_partners_call() -> None:
    table = auction("1S", "Pass", "2C")
    table.apply(ExplanationEvent(Seat.NORTH, 3, "natural", asked_by=Seat.EAST))
    table.apply(FactEvent("correction", Seat.NORTH, call_number=3, text="Drury, artificial"))
    assert table.facts[0].law == "20F4"


def test_law_20f5a_correcting_partners_explanation_during_the_auction_is_too_early() -> None:
    table = auction("1S", "Pass", "2C")
    table.apply(FactEvent("correction", Seat.SOUTH, call_number=3))
    assert table.facts[0].law == "20F5a"


def test_law_20f5b_correcting_partners_explanation_after_the_auction() -> None:
    table = auction("1S", "Pass", "2C", "Pass", "2S", "Pass", "Pass", "Pass")
    assert table.phase is not Phase.AUCTION
    table.apply(FactEvent("correction", Seat.SOUTH, call_number=3))
    assert table.facts[0].law == "20F5b"


def test_law_20f5b_a_defender_corrects_partners_explanation_only_once_the_play_is_over() -> None:
    """A defender's first legal opportunity is the end of the play: sooner, it is UI for partner.

    East (a defender: North declares 2♠) corrects West's explanation of his own pass.
    """
    table = auction("1S", "Pass", "2C", "Pass", "2S", "Pass", "Pass", "Pass")
    assert in_phase(table, Phase.OPENING_LEAD)
    table.apply(FactEvent("correction", Seat.EAST, call_number=2))
    assert table.facts[-1].law == "16B1"
    table.play(Seat.EAST, table.legal_cards()[0])
    table.face_lead()
    table.apply(FactEvent("correction", Seat.EAST, call_number=2))
    assert table.facts[-1].law == "16B1"
    while in_phase(table, Phase.PLAY):
        seat = table.to_play
        assert seat is not None
        table.play(seat, table.legal_cards()[0])
    assert in_phase(table, Phase.COMPLETE)
    table.apply(FactEvent("correction", Seat.EAST, call_number=2))
    assert table.facts[-1].law == "20F5b"


def test_law_75_explanations_are_corrected_only_by_the_callers_side() -> None:
    table = auction("1S", "Pass")
    with pytest.raises(IllegalActionError, match="20F4-5"):
        table.apply(FactEvent("correction", Seat.NORTH, call_number=2))


def test_fact_without_call_number_for_a_correction_is_refused_naming_the_field() -> None:
    with pytest.raises(InvalidEventError, match="call_number"):
        event_from_json({"event": "fact", "kind": "correction", "seat": "S"})


@given(
    st.sampled_from(["tempo", "extraneous", "correction", "other_table"]),
    st.sampled_from(list(Seat)),
    st.one_of(st.none(), st.sampled_from(list(Seat))),
    st.booleans(),
    st.one_of(st.none(), st.integers(1, 40)),
    st.text(max_size=20),
)
def test_fact_events_survive_a_json_round_trip(
    kind: str, seat: Seat, noticed: Seat | None, reserved: bool, number: int | None, text: str
) -> None:
    if kind == "correction" and number is None:
        number = 1
    event = FactEvent(kind, seat, noticed, reserved, number, text)
    assert event_from_json(event.to_json()) == event


def test_law_16b1_fact_appears_in_the_table_report_in_each_language() -> None:
    table = auction("1S")
    table.apply(FactEvent("tempo", Seat.NORTH, noticed_by=Seat.EAST, text="long pause"))
    with use_language("en"):
        assert 'Fact for the Director (16B1): a break in tempo by North "long pause"' in (
            report_lines(table)
        )
    with use_language("es"):
        assert 'Hecho para el Árbitro (16B1): una rotura del ritmo de Norte "long pause"' in (
            report_lines(table)
        )
    assert report_json(table)["facts"] == [
        {
            "event": "fact",
            "kind": "tempo",
            "seat": "N",
            "noticed_by": "E",
            "text": "long pause",
            "law": "16B1",
            "phase": "auction",
            "calls": 1,
        }
    ]


CARD = ConventionCard(
    "Pair 3",
    "Standard",
    (
        Agreement(("1NT", "Pass", "2C"), "Stayman", alert=True),
        Agreement(("1NT", "Pass", "2S"), "natural, to play"),
    ),
)


def test_law_40b4_alertable_call_not_alerted_is_found_on_the_convention_card() -> None:
    assert check_alert(CARD, auction("1NT", "Pass", "2C"), 3) == "40B4"


def test_law_20f_alerted_as_the_card_requires_is_in_order() -> None:
    table = auction("1NT", "Pass", "2C")
    table.apply(AlertEvent(Seat.NORTH, 3))
    assert check_alert(CARD, table, 3) is None


def test_law_16b1_alert_the_card_does_not_call_for_is_extraneous_information() -> None:
    table = auction("1NT", "Pass", "2S")
    table.apply(AlertEvent(Seat.NORTH, 3))
    # A needless alert is a mistaken explanation (20F5a) first, and 16B1 for partner.
    assert check_alert(CARD, table, 3) == "20F5a"
    assert alert_check(CARD, table, 3).laws == ("20F5a", "16B1")


def test_law_21b1b_call_the_card_does_not_cover_presumes_a_mistaken_explanation() -> None:
    assert check_alert(CARD, auction("1NT", "Pass", "2D"), 3) == "21B1b"
