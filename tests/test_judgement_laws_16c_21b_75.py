"""A card seen by accident (16C) and the explanation set against the convention card (21B, 75).

Law 75's own example: North opens 1NT, South bids 2D meaning to play, North explains
it as strong and artificial, asking for the majors. If the agreement is natural the
explanation was mistaken (75B: misinformation); if it is what North said, the call
was mistaken (75C: no infraction). Without evidence of the agreement the director
presumes a mistaken explanation (21B1b).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.seat import Seat, Side
from arbitro.i18n import use_language
from arbitro.laws.authority import authority
from arbitro.laws.defective import Provision, RemedyNotAllowedError, information_from_elsewhere
from arbitro.scoring.results import Result, Weighted
from arbitro.scoring.worksheet import Irregularity, Otherwise, Worksheet, WorksheetError
from arbitro.table import Table
from arbitro.table.agreements import (
    Agreement,
    ConventionCard,
    ConventionCardError,
    check_explanation,
    explanation_check,
    read_auction,
)
from arbitro.table.events import EXAMPLE_DEAL, ExplanationEvent, FactEvent
from arbitro.table.state import IllegalActionError
from arbitro.tournament.judgement import Case, CaseFact, answer_misinformation, facts_of
from arbitro.tournament.ruling_report import RulingReport

NATURAL = ConventionCard("NS", "Standard", (Agreement(("1NT", "Pass", "2D"), "Natural, to play."),))
ARTIFICIAL = ConventionCard(
    "NS", "Standard", (Agreement(("1NT", "Pass", "2D"), "strong, asks for majors", alert=True),)
)


def law_75_table(explanation: str = "strong, asks for majors") -> Table:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NES", ("1NT", "Pass", "2D"), strict=True):
        table.call(seat, call)
    table.apply(ExplanationEvent(Seat.NORTH, 3, explanation, asked_by=Seat.WEST))
    return table


def test_law_16c2_card_seen_before_the_first_call_leaves_every_remedy_open() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    table.apply(FactEvent("card_seen", Seat.EAST, text="North's ace of spades"))
    assert table.facts[0].law == "16C2"
    assert information_from_elsewhere(remedy="16C2b").provision is Provision.REDEAL
    assert facts_of(table)[0].law == "16C2"
    assert "North's ace of spades" in facts_of(table)[0].text


def test_law_16c3_card_seen_after_the_first_call_only_play_on_and_adjust() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    table.call("N", "1S")
    table.apply(FactEvent("card_seen", Seat.WEST))
    assert table.facts[0].law == "16C3"
    with pytest.raises(RemedyNotAllowedError, match="only 16C2c"):
        information_from_elsewhere(remedy="16C2b", after_first_call=True)


def test_law_16c1_card_seen_fact_survives_the_log() -> None:
    event = FactEvent("card_seen", Seat.SOUTH, noticed_by=Seat.WEST, text="H5")
    assert FactEvent.from_json(event.to_json()) == event


def test_law_16c1_a_card_seen_cannot_be_reserved_as_16b2() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    with pytest.raises(IllegalActionError, match="16B2"):
        table.apply(FactEvent("card_seen", Seat.SOUTH, noticed_by=Seat.WEST, reserved=True))
    assert table.facts == ()


def test_law_75b_explanation_departing_from_the_card_is_misinformation_and_adjusted() -> None:
    check = check_explanation(NATURAL, law_75_table(), 3)
    assert check.law == "75B"
    assert check.misinformation
    assert check.agreement is not None
    sheet = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, -100), check)
    assert sheet.answers[0].yes
    assert "'Natural, to play.'" in sheet.answers[0].note
    for _ in range(4):
        sheet = sheet.answer(True)
    # E/W, misinformed, did not double 3NT: 3NT-2 undoubled, E/W not vulnerable
    # (+100 E/W, so N/S -100); doubled -2 would have been +300 for E/W (N/S -300).
    ruling = Case(1, 1, sheet, "wbf", Otherwise(Weighted.single(-300))).ruling()
    assert ruling.result == Result.played(-300)
    assert ruling.laws == ("21B3", "12C1a")


def test_law_75c_explanation_matching_the_card_is_a_mistaken_call_score_stands() -> None:
    # The card's words with other case and punctuation are the same explanation.
    check = check_explanation(ARTIFICIAL, law_75_table("Strong -- asks for majors"), 3)
    assert check.law == "75C"
    assert not check.misinformation
    sheet = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, -100), check)
    ruling = sheet.ruling(authority("aeb"))
    assert ruling.stands
    assert ruling.laws == ("75C",)
    assert ruling.result == Result.played(-100)


def test_law_21b1b_card_silent_on_the_call_presumes_a_mistaken_explanation() -> None:
    silent = ConventionCard("NS", "Standard", ())
    check = check_explanation(silent, law_75_table(), 3)
    assert check.law == "21B1b"
    assert check.misinformation
    sheet = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, 0), check)
    assert sheet.answers[0].yes
    assert "presumed" in sheet.answers[0].note


def test_law_75_the_directors_judgement_decides_whether_words_match() -> None:
    table = law_75_table("Stayman for the majors, game forcing")
    assert check_explanation(ARTIFICIAL, table, 3).law == "75B"
    assert check_explanation(ARTIFICIAL, table, 3, matches=True).law == "75C"
    assert check_explanation(NATURAL, law_75_table("natural to play"), 3, matches=False).law == (
        "75B"
    )


def test_law_20f_explanation_check_needs_an_explanation_of_that_call() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    table.call("N", "1NT")
    with pytest.raises(IllegalActionError, match="no explanation of call 1 was given"):
        check_explanation(NATURAL, table, 1)
    with pytest.raises(IllegalActionError, match="no call number 4"):
        check_explanation(NATURAL, law_75_table(), 4)


def test_law_75_card_answers_only_the_first_question_of_a_misinformation_case() -> None:
    check = check_explanation(NATURAL, law_75_table(), 3)
    with pytest.raises(WorksheetError, match="convention card answers the first question"):
        answer_misinformation(Worksheet(Irregularity.UNAUTHORISED, Side.NS, 0), check)


def test_law_75b_report_shows_the_facts_from_the_table_log() -> None:
    table = law_75_table()
    table.apply(FactEvent("card_seen", Seat.EAST))
    check = check_explanation(NATURAL, table, 3)
    sheet = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, 110), check)
    sheet = sheet.answer(False, "West would have passed anyway")
    lines = RulingReport(Case(1, 2, sheet, facts=facts_of(table))).lines()
    assert "  Law 16C3: a card seen by accident by East" in lines
    assert lines[-3] == "Ruling: the score stands (Law 21B1a)"
    assert lines[-2].startswith("Procedural penalty on North-South, AEB regulation G")


_CALLS = st.sampled_from(["Pass", "X", "XX", "1C", "1NT", "2D", "3H", "4S", "7NT"])
_WORDS = (
    st.text(
        alphabet=st.characters(whitelist_categories=("L", "N"), whitelist_characters=" ,.-"),
        min_size=1,
        max_size=30,
    )
    .map(str.strip)
    .filter(lambda text: text and not text.casefold().endswith("(alert)"))
)


@given(
    system=_WORDS,
    agreements=st.lists(
        st.builds(
            Agreement,
            st.lists(_CALLS, min_size=1, max_size=6).map(tuple),
            _WORDS,
            st.booleans(),
        ),
        max_size=6,
    ),
)
def test_law_75_convention_card_text_reads_back_as_written(
    system: str, agreements: list[Agreement]
) -> None:
    card = ConventionCard("7", system, tuple(agreements))
    assert ConventionCard.from_text("7", card.to_text()) == card
    assert ConventionCard.from_text("7", card.to_text("es"), "es") == card


def test_law_75_explanation_check_without_a_table_agrees_with_the_tables() -> None:
    for card in (NATURAL, ARTIFICIAL):
        for explanation in ("strong, asks for majors", "natural, to play", "weak"):
            by_table = check_explanation(card, law_75_table(explanation), 3)
            typed = explanation_check(card, read_auction("1nt p 2d"), explanation)
            assert typed == by_table


def test_law_75_convention_card_line_without_meaning_is_refused_naming_the_line() -> None:
    with pytest.raises(ConventionCardError, match="line 2: expected the auction, a colon"):
        ConventionCard.from_text("1", "system: Acol\n2D multi")


def test_law_16d2_cancelled_call_is_a_fact_of_the_case_unauthorised_for_its_side() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NES", ("1S", "2H", "3NT"), strict=True):
        table.call(seat, call)
    table.change(Seat.SOUTH, "4S")
    table.decide("director", "25B")  # an intended change
    table.decide(Seat.WEST, "refuse")  # 25B2: 3NT stands, the 4S is cancelled
    assert facts_of(table) == (
        CaseFact(
            "16D",
            "4♠ by South, cancelled (Law 25B2): its information is unauthorised for North-South",
        ),
    )
    with use_language("es"):
        [fact] = facts_of(table)
    assert "Sur" in fact.text
    assert "(Artículo 25B2)" in fact.text
