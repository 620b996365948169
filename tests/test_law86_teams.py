"""IMP scoring: team matches (78B, 86B, 86D, 12C1b), Butler, cross-IMPs and victory points."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.scoring.damage import separate_damage, teams_damage
from arbitro.scoring.imps import imps
from arbitro.scoring.results import Average, Result, Weighted
from arbitro.scoring.session import TableResult, score_session
from arbitro.scoring.teams import (
    butler_datum,
    butler_imps,
    cross_imps,
    knockout_unbalanced,
    match_imps,
    round_half_away,
    weighted_match_imps,
)
from arbitro.scoring.vp import (
    DiscreteScale,
    InvalidVictoryPointScaleError,
    victory_points,
    wbf2013,
    wbf2013_table,
)
from arbitro.tournament.teams import board_margins, score_matches

SCORES = st.lists(
    st.sampled_from([-500, -200, -100, -50, 0, 110, 140, 170, 400, 420, 620, 1430]),
    min_size=2,
    max_size=20,
)


def test_law_12c1b_consequent_damage_first_example_minus_11_and_plus_4() -> None:
    # NS (team A) vulnerable in 5HX-2 (-500) after EW's inadmissible 4S; other table
    # 3S-1 by EW, team A -50. Without the infraction 4H-1 (-100); after it, with normal
    # play, 4S-2 (+100). Team A was not damaged: keeps -11; team B gets +4.
    ruling = teams_damage(without=-100, after=100, actual=-500, other_table=-50)
    assert (ruling.innocent, ruling.offenders, ruling.consequent) == (
        Fraction(-11),
        Fraction(4),
        Fraction(0),
    )


def test_law_12c1b_consequent_damage_second_example_zero_and_minus_2() -> None:
    # The same, but 4S would make (other table 3S+1, team A +170): after the infraction
    # -420 (-6 IMPs), without it -100 (+2 IMPs): 8 IMPs of consequent damage added to
    # the actual -8 IMPs (-500/+170) gives 0; team B gets -2 (+100/-170).
    ruling = teams_damage(without=-100, after=-420, actual=-500, other_table=170)
    assert (ruling.innocent, ruling.offenders, ruling.consequent) == (
        Fraction(0),
        Fraction(-2),
        Fraction(8),
    )


def test_law_12c1b_separate_damage_in_any_unit() -> None:
    ruling = separate_damage(
        without=Fraction(9), after=Fraction(4), actual=Fraction(1), offenders_without=3
    )
    assert (ruling.innocent, ruling.consequent, ruling.subsequent, ruling.offenders) == (
        Fraction(6),
        Fraction(5),
        Fraction(-3),
        Fraction(3),
    )


def test_law_12c1b_innocent_side_never_gets_more_than_the_score_without_the_infraction() -> None:
    # Second example, but team A loses only 200 (5HX-1): -200/+170 = -30, -1 IMP. Without
    # the infraction +2 IMPs, after it with normal play -6. The whole loss is 3 IMPs,
    # less than the 8 the infraction caused: team A gets +2, not -1 + 8 = 7.
    ruling = teams_damage(without=-100, after=-420, actual=-200, other_table=170)
    assert (ruling.innocent, ruling.offenders, ruling.consequent) == (
        Fraction(2),
        Fraction(-2),
        Fraction(3),
    )
    ruling = separate_damage(without=2, after=-6, actual=-1, offenders_without=-2)
    assert ruling.innocent == 2


def test_law_12b1_no_damage_means_no_adjustment_for_either_side() -> None:
    # Team A scored -50/+170 = +120, 3 IMPs: better than the +2 expected without the
    # infraction, so it was not damaged and both teams keep the table result.
    ruling = teams_damage(without=-100, after=-420, actual=-50, other_table=170)
    assert (ruling.innocent, ruling.offenders, ruling.consequent) == (
        Fraction(3),
        Fraction(-3),
        Fraction(0),
    )
    ruling = separate_damage(
        without=2, after=-6, actual=5, offenders_without=-2, offenders_actual=-5
    )
    assert (ruling.innocent, ruling.offenders) == (Fraction(5), Fraction(-5))


@given(
    st.integers(min_value=-24, max_value=24),
    st.integers(min_value=-24, max_value=24),
    st.integers(min_value=-24, max_value=24),
)
def test_law_12c1b_innocent_gets_at_least_its_table_result_and_at_most_the_score_without(
    without: int, after: int, actual: int
) -> None:
    ruling = separate_damage(without, after, actual, -without, -actual)
    assert ruling.innocent >= actual
    assert ruling.innocent <= max(without, actual)
    assert ruling.consequent >= 0


def test_law78b_team_imps_against_the_other_table() -> None:
    assert match_imps(620, -140) == imps(480) == 10
    assert match_imps(-500, -50) == -11


def test_law86b_12c4_unbalanced_adjustment_in_a_knockout_averages_both() -> None:
    # Innocent computed +5, offenders computed -7: each gets the average, 6.
    assert knockout_unbalanced(5, -7) == (Fraction(6), Fraction(-6))
    assert knockout_unbalanced(Fraction(14, 3), -4) == (Fraction(13, 3), Fraction(-13, 3))


def test_law86d_adjusted_score_against_the_other_table_result() -> None:
    assert weighted_match_imps(Weighted.single(420), -170) == imps(250) == 6


def test_butler_datum_trims_rounds_to_ten_halves_away_from_zero() -> None:
    # Drop -50 and 420; mean of 150, 170, 400 = 240.
    assert butler_datum([420, 400, 170, 150, -50], drop=1) == 240
    # Two results cannot lose two: mean 185 -> 190 (half away from zero).
    assert butler_datum([420, -50], drop=1) == 190
    assert butler_datum([-420, 50], drop=1) == -190
    assert butler_datum([100, 200, 300, 400, 1000], drop=2) == 300
    assert round_half_away(Fraction(-45)) == -50
    assert round_half_away(Fraction(44)) == 40


def test_butler_imps_against_the_datum() -> None:
    datum, values = butler_imps([Weighted.single(s) for s in (620, 620, 170, -100, 650)])
    # Drop -100 and 650: mean of 170, 620, 620 = 470.
    assert datum == 470
    assert values == [imps(150), imps(150), imps(-300), imps(-570), imps(180)] == [4, 4, -7, -11, 5]


def test_cross_imps_average_over_the_other_results() -> None:
    values = cross_imps([Weighted.single(s) for s in (620, 170, -100)])
    # 620: (imps(450) + imps(720)) / 2 = (10 + 12) / 2 = 11.
    assert values == [Fraction(11), Fraction(-3, 2), Fraction(-19, 2)]


@given(SCORES)
def test_cross_imps_sum_to_zero_and_match_the_definition(scores: list[int]) -> None:
    values = cross_imps([Weighted.single(s) for s in scores])
    assert sum(values) == 0
    for index, score in enumerate(scores):
        others = scores[:index] + scores[index + 1 :]
        assert values[index] == Fraction(sum(imps(score - o) for o in others), len(others))


@given(SCORES)
def test_imp_methods_north_south_and_east_west_balance(scores: list[int]) -> None:
    results = [TableResult(1, f"N{i}", f"E{i}", Result.played(s)) for i, s in enumerate(scores)]
    for method in ("imp-butler", "cross-imp", "total"):
        board = score_session(results, method=method).boards[1]
        assert all(line.ns_points == -line.ew_points for line in board)


def wbf_formula(margin: float, boards: int) -> float:
    """The WBF 2013 formula written again here, independently."""
    tau = (5**0.5 - 1) / 2
    b = 15 * boards**0.5
    return float(min(20.0, 10 + 10 * (1 - tau ** (3 * min(margin, b) / b)) / (1 - tau**3)))


@pytest.mark.parametrize("boards", [1, 6, 8, 12, 14, 16, 20, 24, 28, 32, 48, 64])
def test_wbf2013_vp_scale_follows_the_formula_within_rounding(boards: int) -> None:
    table = wbf2013_table(boards)
    assert table[0] == 10
    assert table[-1] == 20
    assert len(table) == math.ceil(15 * boards**0.5) + 1
    for margin, value in enumerate(table):
        # Rounding (half a hundredth) and making the increments non-increasing: a
        # hundredth up to 33 boards, three up to 64.
        allowed = 0.0150001 if boards <= 33 else 0.0350001
        assert abs(float(value) - wbf_formula(margin, boards)) <= allowed
        assert (value * 100).denominator == 1  # two decimals


@pytest.mark.parametrize("boards", range(1, 65))
def test_wbf2013_each_extra_imp_is_worth_no_more_than_the_one_before(boards: int) -> None:
    table = wbf2013_table(boards)
    steps = [b - a for a, b in itertools.pairwise(table)]
    assert all(step >= 0 for step in steps)
    assert all(later <= earlier for earlier, later in itertools.pairwise(steps))


@given(st.integers(min_value=-200, max_value=200), st.integers(min_value=1, max_value=64))
def test_wbf2013_vps_add_up_to_twenty_and_capped(margin: int, boards: int) -> None:
    ours, theirs = victory_points(margin, boards)
    assert ours + theirs == 20
    assert 0 <= ours <= 20
    if margin >= 15 * boards**0.5:
        assert ours == 20


def test_wbf2013_fractional_margins_interpolate() -> None:
    low, high = wbf2013(10, 16), wbf2013(11, 16)
    assert low <= wbf2013(Fraction(21, 2), 16) <= high


def test_law78d_wbf2013_a_fractional_margin_beyond_the_blitz_gets_twenty_vps() -> None:
    # 8 boards: the blitz is 15 * sqrt(8) = 42.43 IMPs; 42.5 (a weighted 12C1c score
    # gives half IMPs) is beyond it.
    assert Fraction(85, 2) > 15 * math.sqrt(8)
    assert victory_points(Fraction(85, 2), boards=8) == (Fraction(20), Fraction(0))


@given(st.integers(min_value=1, max_value=64), st.integers(min_value=0, max_value=99))
def test_law78d_wbf2013_any_margin_from_the_blitz_up_gets_twenty(boards: int, extra: int) -> None:
    margin = Fraction(math.ceil(15 * math.sqrt(boards) * 100) + extra, 100)
    assert victory_points(margin, boards) == (Fraction(20), Fraction(0))


@given(st.integers(min_value=1, max_value=64), st.integers(min_value=0, max_value=10_000))
def test_law78d_wbf2013_vps_never_fall_as_the_margin_grows(boards: int, hundredths: int) -> None:
    margin = Fraction(hundredths, 100)
    assert wbf2013(margin, boards) <= wbf2013(margin + Fraction(1, 100), boards)


def test_discrete_vp_scale_is_data() -> None:
    scale = DiscreteScale.from_str("# margin VPs\n0 10\n1 11\n4 12\n8 13\n13 14\n19 15", total=20)
    assert [scale(m) for m in (0, 3, 4, 12, 100)] == [10, 11, 12, 13, 15]
    assert scale(-5) == 8
    with pytest.raises(InvalidVictoryPointScaleError, match="line 2"):
        DiscreteScale.from_str("0 10\n1")
    with pytest.raises(InvalidVictoryPointScaleError, match="start at 0"):
        DiscreteScale.from_str("1 10\n0 11")


def _wbf_weighted() -> Weighted:
    # The WBF Law 12 commentary's team example (bulletin 004): 2/3 of +620, 1/3 of -100.
    return Weighted(((Fraction(2, 3), 620), (Fraction(1, 3), -100)))


def test_law_12c1c_weighted_score_with_a_whole_mean_is_imped_part_by_part_in_a_match() -> None:
    # Its mean, 380, is a whole number; the IMPs are still each score's against the
    # other table's -140 (team A's own score there), weighted: 2/3 x 10 + 1/3 x -6.
    results = [
        TableResult(1, "A", "B", Result.weighted(_wbf_weighted())),
        TableResult(1, "B", "A", Result.played(140)),
    ]
    expected = Fraction(2, 3) * imps(620 - 140) + Fraction(1, 3) * imps(-100 - 140)
    match = score_matches(results)[0]
    assert expected == Fraction(14, 3)
    assert (match.home_imps, match.away_imps) == (expected, -expected)
    assert board_margins(results) == {(1, "A", "B"): expected, (1, "B", "A"): -expected}


def test_law_12c1c_weighted_scores_at_both_tables_weigh_each_pair_of_scores() -> None:
    here = Weighted(((Fraction(1, 3), 630), (Fraction(2, 3), -100)))  # A North-South
    there = Weighted(((Fraction(1, 3), 140), (Fraction(2, 3), -50)))  # B North-South
    results = [
        TableResult(1, "A", "B", Result.weighted(here)),
        TableResult(1, "B", "A", Result.weighted(there)),
    ]
    expected = sum(
        (w1 * w2 * imps(s1 - s2) for w1, s1 in here.parts for w2, s2 in there.parts),
        Fraction(0),
    )
    match = score_matches(results)[0]
    assert (match.home_imps, match.away_imps) == (expected, -expected)


WEIGHTED = st.lists(
    st.tuples(st.integers(1, 4), st.sampled_from([-500, -100, -50, 110, 420, 620, 1430])),
    min_size=1,
    max_size=3,
).map(
    lambda parts: Weighted(
        tuple((Fraction(w, sum(p[0] for p in parts)), score) for w, score in parts)
    )
)


@given(WEIGHTED, WEIGHTED)
def test_law_12c1c_weighted_scores_that_balance_give_imps_and_vps_that_balance(
    here: Weighted, there: Weighted
) -> None:
    results = [
        TableResult(1, "A", "B", Result.weighted(here)),
        TableResult(1, "B", "A", Result.weighted(there)),
    ]
    match = score_matches(results)[0]
    assert match.home_imps == -match.away_imps
    assert match.home_vps + match.away_vps == 20


def test_law_12c1f_split_score_in_a_vp_match_gives_each_team_the_vps_of_its_own_imps() -> None:
    # Table 1: A (North-South, innocent) +420, B (offenders) scored as if -620; table 2:
    # B North-South +420. A: 420 - 420 = 0 IMPs; B: 420 - 620 = -200, -5 IMPs. Law 86B
    # averages only in a knockout.
    results = [
        TableResult(1, "A", "B", Result.split(420, -620)),
        TableResult(1, "B", "A", Result.played(420)),
    ]
    match = score_matches(results)[0]
    assert (match.home_imps, match.away_imps) == (Fraction(0), Fraction(imps(-200)))
    assert match.home_vps == victory_points(0, 1)[0]
    assert match.away_vps == victory_points(imps(-200), 1)[0]
    assert match.home_vps + match.away_vps < 20
    assert (match.margin("A"), match.margin("B")) == (Fraction(0), Fraction(imps(-200)))


def test_law_12c2b_86a_average_plus_to_both_teams_in_a_vp_match_counts_for_each() -> None:
    # Neither team at fault: each gets average-plus, +3 IMPs on the board (86A), and its
    # VPs from its own +3 (the match's VPs add up to more than 20).
    results = [
        TableResult(1, "A", "B", Result.artificial(Average.from_str("A+"), Average.from_str("A+"))),
        TableResult(1, "B", "A", Result.played(420)),
    ]
    match = score_matches(results)[0]
    assert (match.home_imps, match.away_imps) == (Fraction(3), Fraction(3))
    assert match.home_vps == match.away_vps == victory_points(3, 1)[0]
    assert match.home_vps + match.away_vps > 20


def test_law86a_12c2b_artificial_scores_at_both_tables_are_added_for_each_team_alike() -> None:
    # Table 1 (A North-South): B at fault, A+ / A-. Table 2 (B North-South): A at
    # fault, A+ for B / A- for A. Each team got one of each: the board is worth 0 to
    # both, whichever table it sat North-South at.
    plus, minus = Average.from_str("A+"), Average.from_str("A-")
    match = score_matches(
        [
            TableResult(1, "A", "B", Result.artificial(plus, minus)),
            TableResult(1, "B", "A", Result.artificial(plus, minus)),
        ]
    )[0]
    assert (match.home_imps, match.away_imps) == (Fraction(0), Fraction(0))


def test_law86a_12c2b_average_minus_at_one_table_is_kept_when_the_other_is_adjusted_too() -> None:
    # Table 1: B at fault (A+ / A-); table 2: nobody at fault (A= / A=). B, at fault,
    # loses what A gains: the board balances.
    plus, minus, even = (Average.from_str(kind) for kind in ("A+", "A-", "A="))
    results = [
        TableResult(1, "A", "B", Result.artificial(plus, minus)),
        TableResult(1, "B", "A", Result.artificial(even, even)),
    ]
    match = score_matches(results)[0]
    assert match.home_imps == Fraction(3)
    assert match.away_imps == Fraction(-3)
    assert board_margins(results) == {(1, "A", "B"): Fraction(3), (1, "B", "A"): Fraction(-3)}
