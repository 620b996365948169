"""The director's worksheet for UI and MI cases (Laws 16B, 16D, 21B, 40B, 75, 12C1).

The two worked examples on serious error are those of the WBF commentary on Law 12
(Ton Kooijman) in the AEB bulletin (`004_*`, "Error grave", Ejemplo 1 and Ejemplo 2).
Every expected score below is worked out by hand from Law 77 in the comment beside it.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.seat import Seat, Side
from arbitro.i18n import use_language
from arbitro.laws.auction import read_call
from arbitro.laws.authority import authority
from arbitro.scoring.adjusted import AdjustedScoreNotAllowedError
from arbitro.scoring.matchpoints import score_matchpoints
from arbitro.scoring.results import Result, Weighted
from arbitro.scoring.session import TableResult, score_session
from arbitro.scoring.worksheet import (
    Irregularity,
    Otherwise,
    Step,
    Worksheet,
    WorksheetError,
)
from arbitro.table import Table
from arbitro.table.auction_record import CallStatus
from arbitro.table.events import EXAMPLE_DEAL, ChangeEvent, ExplanationEvent, FactEvent
from arbitro.tournament.judgement import Case, ruling_record

WBF, AEB = authority("wbf"), authority("aeb")


def all_yes(sheet: Worksheet, notes: tuple[str, ...] = ("",) * 5) -> Worksheet:
    for note in notes:
        sheet = sheet.answer(True, note)
    return sheet


def test_law_12c1b_example_1_east_not_overruffing_is_normal_bridge_so_6d_plus_1_for_both() -> None:
    # Ejemplo 1: South hesitated before 6D, North bid 7D; 7D made, N/S vulnerable:
    # 140 + 500 + 1500 = +2140. East's failure to ruff with the 10 of diamonds is
    # within normal bridge, so both sides get 6D+1: 120 + 20 + 500 + 750 = +1390.
    sheet = all_yes(
        Worksheet(Irregularity.UNAUTHORISED, offenders=Side.NS, actual=2140),
        (
            "South broke tempo before 6D",
            "the slow 6D suggests bidding on",
            "pass is a logical alternative to 7D",
            "North bid 7D",
            "7D made instead of 6D",
        ),
    )
    ruling = sheet.ruling(WBF, Otherwise(Weighted.single(1390), after=2140))
    assert ruling.result == Result.played(1390)
    assert ruling.laws == ("16B1", "12C1a", "12C1b")
    assert ruling.damage is not None
    assert ruling.damage.subsequent == 0


def test_law_12c1b_example_2_east_serious_error_adjusts_only_the_offenders() -> None:
    # Ejemplo 2: South asked with a break in tempo before 5C, North bid 6C; all
    # vulnerable. Expected after the infraction with normal play: 6C-1 = -100; East
    # did not ruff with the 9 of clubs and 6C made: 120 + 500 + 750 = +1370. Without
    # the infraction North passes 5C with the same eleven tricks: 100 + 500 = +600.
    # N/S get +600; East's serious error is subsequent damage, E/W keep -1370.
    sheet = all_yes(Worksheet(Irregularity.UNAUTHORISED, offenders=Side.NS, actual=1370))
    ruling = sheet.ruling(WBF, Otherwise(Weighted.single(600), after=-100))
    assert ruling.result == Result.split(600, -1370)
    assert ruling.damage is not None
    assert ruling.damage.consequent == 0
    assert ruling.damage.subsequent == -1470  # E/W: +100 expected, -1370 obtained


def test_law_16b1_slow_double_pulled_gets_the_likely_result() -> None:
    # A slow double of 4S by E/W, pulled to 5H (-1 undoubled, E/W not vulnerable: -50
    # for E/W, so N/S +50); without the UI 4SX by N/S makes: 120 + 50 + 100 = +590.
    sheet = all_yes(Worksheet(Irregularity.UNAUTHORISED, offenders=Side.EW, actual=50))
    ruling = sheet.ruling(WBF, Otherwise(Weighted.single(590)))
    assert ruling.result == Result.played(590)
    assert not ruling.stands


@pytest.mark.parametrize(
    ("refused", "law"),
    [
        (Step.IRREGULARITY, "16B1"),
        (Step.SUGGESTED, "16B1a"),
        (Step.ALTERNATIVES, "16B1b"),
        (Step.CHOSEN, "16B1a"),
        (Step.DAMAGE, "12B1"),
    ],
)
def test_law_16b1_any_no_lets_the_table_result_stand(refused: Step, law: str) -> None:
    sheet = Worksheet(Irregularity.UNAUTHORISED, offenders=Side.NS, actual=620)
    while sheet.next_question is not refused:
        sheet = sheet.answer(True)
    sheet = sheet.answer(False, "no")
    assert sheet.next_question is None
    ruling = sheet.ruling(None)
    assert ruling.stands
    assert ruling.result == Result.played(620)
    assert ruling.laws == (law,)


def test_law_16b3_called_after_play_weighted_score_where_the_authority_allows_it() -> None:
    # The right to call the director was reserved (16B2) and the call made at the end
    # of play (16B3): the director weighs 4S= (+420) and 4S-1 (-50) for N/S half each.
    sheet = all_yes(Worksheet(Irregularity.UNAUTHORISED, offenders=Side.EW, actual=-100))
    half = Fraction(1, 2)
    likely = Weighted(((half, 420), (half, -50)))
    ruling = sheet.ruling(WBF, Otherwise(likely))
    assert ruling.result == Result.weighted(likely)
    assert "12C1c" in ruling.laws


def test_law_12c1e_aeb_gives_most_favourable_likely_and_least_favourable_probable() -> None:
    sheet = all_yes(Worksheet(Irregularity.UNAUTHORISED, offenders=Side.EW, actual=-100))
    likely = Weighted(((Fraction(1, 2), 420), (Fraction(1, 2), -50)))
    ruling = sheet.ruling(AEB, Otherwise(likely, probable=(450,)))
    # Innocent N/S: best likely +420; offenders E/W: worst probable, N/S +450.
    assert ruling.result == Result.split(420, -450)
    assert "12C1e" in ruling.laws


def test_law_16d2_withdrawn_call_information_is_unauthorised_for_the_offenders() -> None:
    # An insufficient bid withdrawn; its partner then found 3NT (+400 N/S, not
    # vulnerable 3NT+0 = 100 + 300). Without the UI: 2NT+1 = 70 + 30 + 50 = +150.
    sheet = all_yes(Worksheet(Irregularity.UNAUTHORISED, offenders=Side.NS, actual=400))
    assert sheet.ruling(WBF, Otherwise(Weighted.single(150))).result == Result.played(150)


def test_law_21b3_misinformation_damage_gives_the_innocent_side_its_likely_result() -> None:
    # 2D explained as weak, agreed as multi (75A: mistaken explanation): West did not
    # compete; N/S made 2S (+110). With the right explanation E/W bid 3H down one
    # (-50 for E/W not vulnerable, +50 for N/S).
    sheet = all_yes(Worksheet(Irregularity.MISINFORMATION, offenders=Side.NS, actual=110))
    ruling = sheet.ruling(WBF, Otherwise(Weighted.single(50)))
    assert ruling.result == Result.played(50)
    assert ruling.laws == ("21B3", "12C1a")


def test_law_75c_mistaken_call_is_not_misinformation() -> None:
    # The explanation matched the agreement (75C): the answer to the first question is no.
    sheet = Worksheet(Irregularity.MISINFORMATION, offenders=Side.NS, actual=110)
    ruling = sheet.answer(False, "the convention card says multi").ruling(None)
    assert ruling.stands
    assert ruling.laws == ("75C",)


def test_law_40b4_missing_alert_no_damage_score_stands() -> None:
    sheet = Worksheet(Irregularity.MISINFORMATION, offenders=Side.EW, actual=-420)
    for _ in range(4):
        sheet = sheet.answer(True, "alertable 2C not alerted")
    ruling = sheet.answer(False, "4S makes whatever E/W do").ruling(None)
    assert ruling.stands
    assert ruling.result == Result.played(-420)
    assert ruling.laws == ("12B1",)


def test_law_12c1c_weighted_score_refused_when_authority_has_neither_rule() -> None:
    strict = replace(WBF, weighted_scores=False, law_12c1e=False)
    sheet = all_yes(Worksheet(Irregularity.UNAUTHORISED, offenders=Side.EW, actual=0))
    likely = Weighted(((Fraction(1, 2), 420), (Fraction(1, 2), -50)))
    with pytest.raises(AdjustedScoreNotAllowedError):
        sheet.ruling(strict, Otherwise(likely))


def test_law_12c1b_partial_consequent_damage_is_sent_to_the_ruling_damage_command() -> None:
    # N/S innocent: without +620, after +170, actual -100: only part of the loss.
    sheet = all_yes(Worksheet(Irregularity.UNAUTHORISED, offenders=Side.EW, actual=-100))
    with pytest.raises(WorksheetError, match="only part of the loss") as refused:
        sheet.ruling(WBF, Otherwise(Weighted.single(620), after=170))
    assert "arbitro ruling damage" in str(refused.value)
    assert "arbitro.scoring" not in str(refused.value)


def test_worksheet_refuses_a_ruling_before_every_question_is_answered() -> None:
    sheet = Worksheet(Irregularity.UNAUTHORISED, offenders=Side.EW, actual=0).answer(True)
    with pytest.raises(WorksheetError, match="answer every question"):
        sheet.ruling(WBF, Otherwise(Weighted.single(0)))


def test_worksheet_refuses_answers_after_the_case_is_closed() -> None:
    sheet = Worksheet(Irregularity.UNAUTHORISED, offenders=Side.EW, actual=0).answer(False)
    with pytest.raises(WorksheetError, match="finished"):
        sheet.answer(True)


def test_law_16b1_assigned_score_goes_into_the_board_matchpoints() -> None:
    # The table's +2140 becomes +1390 (Ejemplo 1): against a field of +1390 x 2 and
    # +1440, N/S drop from a top (3 results beaten, 2 matchpoints each: 6) to a tie
    # with two others below +1440 (1 matchpoint per tie: 2).
    sheet = all_yes(Worksheet(Irregularity.UNAUTHORISED, offenders=Side.NS, actual=2140))
    ruling = sheet.ruling(WBF, Otherwise(Weighted.single(1390), after=2140))
    field = [Weighted.single(score) for score in (1390, 1390, 1440)]
    before = score_matchpoints([Weighted.single(2140), *field])
    assigned = ruling.result.ns
    assert isinstance(assigned, Weighted)
    after = score_matchpoints([assigned, *field])
    assert before[2140] == 6
    assert after[1390] == 2


@given(
    st.sampled_from(list(Irregularity)),
    st.sampled_from(list(Side)),
    st.integers(-7600, 7600),
    st.integers(0, 4),
)
def test_a_no_at_any_step_keeps_the_table_result_for_both_sides(
    kind: Irregularity, offenders: Side, actual: int, yeses: int
) -> None:
    sheet = Worksheet(kind, offenders, actual)
    yeses = min(yeses, len(kind.steps) - 1)  # a director's error (82C) asks three
    for _ in range(yeses):
        sheet = sheet.answer(True)
    ruling = sheet.answer(False).ruling(None)
    assert ruling.stands
    assert ruling.result == Result.played(actual)
    assert [answer.step for answer in sheet.answer(False).answers] == list(kind.steps)[: yeses + 1]


def test_law_21a_own_misunderstanding_gets_no_redress() -> None:
    # West misread North's correct explanation: no misinformation from an opponent.
    sheet = Worksheet(Irregularity.MISINFORMATION, offenders=Side.NS, actual=-200)
    ruling = sheet.answer(False, "the explanation was right; West misheard it").ruling(None)
    assert ruling.stands
    assert ruling.result == Result.played(-200)


def test_law_21b1_call_changed_after_a_corrected_explanation_then_no_adjustment() -> None:
    # 1NT - Pass - 2D (explained "strong, asks for majors") - Pass; North corrects his
    # explanation (20F4: natural, to play) and West, whose partner has not called since,
    # changes his pass to 2H (21B1), which the director allows.
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ("1NT", "Pass", "2D", "Pass"), strict=True):
        table.call(seat, call)
    table.apply(ExplanationEvent(Seat.NORTH, 3, "strong, asks for majors", asked_by=Seat.WEST))
    table.apply(FactEvent("correction", Seat.NORTH, call_number=3, text="natural, to play"))
    table.apply(ChangeEvent(Seat.WEST, read_call("2H"), misinformation=True))
    table.decide("director", "21B1")
    assert table.facts[0].law == "20F4"
    west = [entry for entry in table.auction if entry.seat == Seat.WEST]
    assert west[-1].status is CallStatus.STANDING
    assert str(west[-1].call) == "2H"
    # The change put things right: the worksheet stops at damage (12B1).
    sheet = Worksheet(Irregularity.MISINFORMATION, offenders=Side.NS, actual=-110)
    for _ in range(4):
        sheet = sheet.answer(True)
    assert sheet.answer(False, "West could change his call").ruling(None).stands


def test_law_21b3_too_late_to_change_the_offenders_gained_assigned_score() -> None:
    # Found after the auction: E/W, misinformed, defended 3NT (+400 N/S, not
    # vulnerable: 100 + 300); correctly informed they would have led a heart, 3NT-2
    # (-100 N/S).
    sheet = all_yes(Worksheet(Irregularity.MISINFORMATION, offenders=Side.NS, actual=400))
    ruling = sheet.ruling(WBF, Otherwise(Weighted.single(-100)))
    assert ruling.result == Result.played(-100)
    assert ruling.laws[0] == "21B3"


def test_law_40b6_undisclosed_partnership_experience_is_misinformation() -> None:
    # Asked about 1H, South said "natural" but did not disclose that North often opens
    # it on four cards (partnership experience, 40B6a); E/W not vulnerable would have
    # competed in 2S for +110, and N/S scored 2H= (+110).
    sheet = all_yes(Worksheet(Irregularity.MISINFORMATION, offenders=Side.NS, actual=110))
    ruling = sheet.ruling(AEB, Otherwise(Weighted.single(-110), probable=(-140,)))
    # 12C1e: innocent E/W get their best likely (+110), N/S the worst probable (-140).
    assert ruling.result == Result.split(-140, 110)


def test_law_75a_explanation_heard_by_the_caller_is_unauthorised_information() -> None:
    # North explained South's natural 2D as strong; South, who knows from the
    # explanation that 2D was misunderstood, passed North's 2H relay instead of
    # bidding 3D as the agreement requires (N/S 2H-1, -50, not vulnerable).
    # Without the UI: 3D by South, -2 (-100).
    sheet = all_yes(Worksheet(Irregularity.UNAUTHORISED, offenders=Side.NS, actual=-50))
    ruling = sheet.ruling(WBF, Otherwise(Weighted.single(-100)))
    assert ruling.result == Result.played(-100)


def test_law_75b_mistaken_explanation_damaging_the_opponents_is_adjusted() -> None:
    # The agreement is natural; North said strong and artificial. E/W, misinformed,
    # did not double 3NT: 3NT-2 undoubled (+100 E/W, not vulnerable) instead of the
    # doubled -2 (+300 E/W) they would likely have scored.
    sheet = all_yes(Worksheet(Irregularity.MISINFORMATION, offenders=Side.NS, actual=-100))
    ruling = sheet.ruling(WBF, Otherwise(Weighted.single(-300)))
    assert ruling.result == Result.played(-300)
    assert not ruling.stands


def test_law_16b1_adjusted_score_changes_the_session_ranking() -> None:
    # Ejemplo 1 at table A-B (+2140 becomes +1390); C-D scored +1390, E-F +1440.
    # Before: A beats both others (4 matchpoints), E one (2), C none (0).
    # After: E beats both +1390 (4), A and C tie (1 each).
    sheet = all_yes(Worksheet(Irregularity.UNAUTHORISED, offenders=Side.NS, actual=2140))
    ruling = sheet.ruling(WBF, Otherwise(Weighted.single(1390), after=2140))

    def north_south_totals(first: Result) -> dict[str, Fraction]:
        results = [
            TableResult(1, "A", "B", first),
            TableResult(1, "C", "D", Result.played(1390)),
            TableResult(1, "E", "F", Result.played(1440)),
        ]
        session = score_session(results, profile=WBF)
        return {p.pair: Fraction(p.total) for p in session.pairs if p.pair in "ACE"}

    assert north_south_totals(Result.played(2140)) == {"A": 4, "C": 0, "E": 2}
    assert north_south_totals(ruling.result) == {"A": 1, "C": 1, "E": 4}


@given(
    st.sampled_from(list(Irregularity)),
    st.sampled_from(list(Side)),
    st.integers(-7600, 7600),
    st.lists(st.tuples(st.booleans(), st.text(max_size=10)), max_size=5),
)
def test_worksheet_is_recorded_and_read_back_answer_for_answer(
    kind: Irregularity, offenders: Side, actual: int, answers: list[tuple[bool, str]]
) -> None:
    sheet = Worksheet(kind, offenders, actual)
    for yes, note in answers:
        if sheet.next_question in (None, Step.OTHERWISE):
            break
        sheet = sheet.answer(yes, note)
    assert Worksheet.from_json(sheet.to_json()) == sheet


def test_worksheet_record_with_answers_out_of_order_is_refused_naming_the_step() -> None:
    data = {
        "irregularity": "UI",
        "offenders": "NS",
        "actual": 0,
        "answers": [{"step": "damage", "yes": True}],
    }
    with pytest.raises(WorksheetError, match="'damage': the answers must follow"):
        Worksheet.from_json(data)


def test_worksheet_record_with_a_bad_side_is_refused_naming_the_field() -> None:
    with pytest.raises(WorksheetError, match="'offenders'"):
        Worksheet.from_json({"irregularity": "MI", "offenders": "NE", "actual": 0})


@given(st.integers(-2000, 2000), st.integers(0, 2000))
def test_law_12b1_no_better_result_without_the_infraction_means_no_damage(
    actual: int, worse_by: int
) -> None:
    # Innocent N/S: an "otherwise" result no better for them than the table's.
    sheet = all_yes(Worksheet(Irregularity.MISINFORMATION, offenders=Side.EW, actual=actual))
    ruling = sheet.ruling(WBF, Otherwise(Weighted.single(actual - worse_by)))
    assert ruling.stands
    assert ruling.result == Result.played(actual)
    assert ruling.laws == ("12B1",)


def test_law_12c1b_example_2_ruling_is_recorded_with_the_board_in_spanish() -> None:
    sheet = all_yes(
        Worksheet(Irregularity.UNAUTHORISED, offenders=Side.NS, actual=1370),
        ("5C lento", "sugiere seguir", "paso es alternativa", "6C", "6C cumplido"),
    )
    ruling = sheet.ruling(WBF, Otherwise(Weighted.single(600), after=-100))
    with use_language("es"):
        record = ruling_record(sheet, ruling, board=7, table=3, director="Ana")
    lines = record.text.splitlines()
    assert record.board == 7
    assert record.law == "16B1, 12C1a, 12C1b"
    assert lines[0].endswith("(Artículo 16B1)? Sí: 5C lento")
    assert lines[-1] == "Resultado: +600/-1370 (puntuación asignada, Artículos 16B1, 12C1a, 12C1b)"
    assert len(lines) == 6


def test_law_12c2a_no_likely_result_gives_average_plus_to_the_innocent_and_minus_to_offenders() -> (
    None
):
    sheet = all_yes(Worksheet(Irregularity.MISINFORMATION, offenders=Side.EW, actual=-620))
    ruling = sheet.ruling(WBF, Otherwise.artificial())
    assert not ruling.stands
    assert ruling.laws == ("21B3", "12C2a")
    assert ruling.result.to_str() == "A+/A-"  # N/S innocent: average-plus; E/W average-minus
    # In a pairs session the artificial scores are 60 % and 40 % of the top (12C2b):
    # with five results the top is 8, so 4.8 and 3.2, left out of the others' comparisons.
    field = [
        TableResult(board=1, ns=str(n), ew=f"{n}x", result=Result.played(s))
        for n, s in ((2, 420), (3, 170), (4, -100), (5, 140))
    ]
    scored = score_session([TableResult(1, "1", "1x", ruling.result), *field])
    line = next(line for line in scored.boards[1] if line.ns == "1")
    assert (line.ns_points, line.ew_points) == (Fraction(24, 5), Fraction(16, 5))
    with pytest.raises(WorksheetError, match="artificial score"):
        sheet.ruling(WBF, Otherwise(None, after=-100))


def test_law_12c2a_artificial_case_reads_back_from_its_case_file() -> None:
    sheet = all_yes(Worksheet(Irregularity.UNAUTHORISED, offenders=Side.NS, actual=1370))
    case = Case(2, 1, sheet, "aeb", Otherwise.artificial())
    assert Case.from_json(case.to_json()) == case
    assert case.ruling().result.to_str() == "A-/A+"
