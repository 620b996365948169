"""Law 12 adjusted scores: artificial (12C2, 12C2c), assigned, split (12C1f), weighted (12C1c), 12C1e.

The weighted examples are those of the WBF commentary on Law 12 (Ton Kooijman) in the
AEB bulletin (`004_*`), with its numbers.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.seat import Side
from arbitro.laws.authority import authority
from arbitro.scoring.adjusted import (
    AdjustedScoreNotAllowedError,
    artificial_imps,
    artificial_matchpoints,
    law_12c1c,
    law_12c1e,
    law_12c2c,
)
from arbitro.scoring.matchpoints import score_matchpoints, weighted_matchpoints
from arbitro.scoring.results import Average, AverageKind, Result, Weighted
from arbitro.scoring.session import TableResult, score_session
from arbitro.scoring.teams import weighted_match_imps

THIRD, SIXTH = Fraction(1, 3), Fraction(1, 6)
PAIR_A = Weighted(((THIRD, 400), (THIRD, -50), (SIXTH, 420), (SIXTH, -50)))
"""1/3 of 3NT= (+400), 1/3 of 3NT-1 (-50), 1/6 of 4S= (+420), 1/6 of 4S-1 (-50)."""
FIELD = [420] * 4 + [400] * 2 + [170, 150] + [-50] * 3
"""The board's other results: 4 x +420, 2 x +400, +170, +150, 3 x -50."""


def test_law_12c1c_weighted_pairs_example_frequencies_and_matchpoints() -> None:
    views = [PAIR_A, *(Weighted.single(score) for score in FIELD)]
    table = score_matchpoints(views)
    assert table == {
        420: Fraction(18) + Fraction(5, 6),
        400: Fraction(12) + Fraction(1, 3),
        170: Fraction(9),
        150: Fraction(7),
        -50: Fraction(2) + Fraction(1, 2),
    }
    assert weighted_matchpoints(views)[0] == Fraction(17, 2)  # pair A: 8 1/2


def test_law_12c1c_weighted_pairs_example_in_a_session() -> None:
    results = [TableResult(1, "A", "a", Result.weighted(PAIR_A))]
    results += [TableResult(1, f"N{i}", f"E{i}", Result.played(s)) for i, s in enumerate(FIELD)]
    board = score_session(results, profile=authority("wbf")).boards[1]
    assert board[0].ns_points == Fraction(17, 2)
    assert board[0].ew_points == 22 - Fraction(17, 2)
    assert [line.ns_points for line in board[1:5]] == [Fraction(113, 6)] * 4
    assert "12C1c" in board[0].notes


def test_law_12c1c_weighted_teams_example_is_four_and_two_thirds_imps() -> None:
    # 2/3 of 4S= (+620) and 1/3 of 4S-1 (-100); the other table +140 for the opponents.
    adjusted = Weighted(((Fraction(2, 3), 620), (THIRD, -100)))
    assert weighted_match_imps(adjusted, -140) == Fraction(14, 3)


def test_law_12c1c_the_aeb_does_not_allow_weighted_scores() -> None:
    with pytest.raises(AdjustedScoreNotAllowedError, match="12C1e"):
        law_12c1c(PAIR_A, authority("aeb"))
    with pytest.raises(AdjustedScoreNotAllowedError):
        score_session([TableResult(1, "A", "a", Result.weighted(PAIR_A))], profile=authority("aeb"))
    assert law_12c1c(PAIR_A, authority("wbf")) == Result.weighted(PAIR_A)


def test_law_12c1c_weights_must_add_up_to_one() -> None:
    with pytest.raises(ValueError, match="add up to 1"):
        Weighted(((THIRD, 400), (THIRD, -50)))


def test_law_12c1e_innocent_most_favourable_likely_offenders_most_unfavourable_probable() -> None:
    # NS innocent: likely 420 or 170 -> 420; EW offenders: worst probable for them is 450.
    assert law_12c1e([420, 170], [450, -50], innocent=Side.NS) == Result.split(420, -450)
    # EW innocent: likely -50 or 420 -> -50 for EW's good; NS offenders: worst probable -100.
    assert law_12c1e([420, -50], [-100], innocent=Side.EW) == Result.split(-100, 50)


def test_law_12c1f_split_scores_are_matchpointed_each_against_the_field() -> None:
    results = [
        TableResult(1, "1", "2", Result.played(420)),
        TableResult(1, "3", "4", Result.played(400)),
        TableResult(1, "5", "6", Result.played(170)),
        TableResult(1, "7", "8", Result.split(420, -450)),
    ]
    board = score_session(results).boards[1]
    # North-South field 420 400 170 420: pair 7's +420 beats two and ties one: 5 of 6.
    # East-West field 420 400 170 450: pair 8's -450 is the worst for East-West: 0.
    assert (board[3].ns_points, board[3].ew_points) == (Fraction(5), Fraction(0))
    # Pair 1 (NS, +420) ties pair 7's 420: 5; pair 2 (EW) is compared with 450 too: beaten
    # by 420 and 450 from EW's side, beats 400 and 170 -> 6 - (2*2) = 2.
    assert (board[0].ns_points, board[0].ew_points) == (Fraction(5), Fraction(2))
    assert "12C1f" in board[3].notes


def test_law_12c2a_artificial_scores_are_percentages_of_the_top() -> None:
    wbf = authority("wbf")
    assert artificial_matchpoints(Average.from_str("A60"), 24, wbf) == Fraction(72, 5)
    assert artificial_matchpoints(Average.from_str("A40"), 24, wbf) == Fraction(48, 5)
    assert artificial_matchpoints(Average.from_str("A50"), 24, wbf) == 12
    assert artificial_matchpoints(Average.from_str("A+"), 10, wbf) == 6


def test_law_12c2b_artificial_scores_in_imps_are_plus_or_minus_three() -> None:
    for code in ("wbf", "aeb"):
        profile = authority(code)
        assert artificial_imps(Average.from_str("A60"), profile) == 3
        assert artificial_imps(Average.from_str("A-"), profile) == -3
        assert artificial_imps(Average.from_str("A50"), profile) == 0


def test_law_12c2a_any_combination_for_the_two_sides() -> None:
    results = [
        TableResult(1, "1", "2", Result.played(100)),
        TableResult(1, "3", "4", Result.played(-100)),
        TableResult(
            1, "5", "6", Result.artificial(Average.from_str("A60"), Average.from_str("A60"))
        ),
    ]
    board = score_session(results).boards[1]
    assert (board[2].ns_points, board[2].ew_points) == (Fraction(12, 5), Fraction(12, 5))


def test_law_12c2_artificial_scores_are_left_out_of_the_comparisons() -> None:
    results = [
        TableResult(1, "1", "2", Result.played(100)),
        TableResult(1, "3", "4", Result.played(-100)),
        TableResult(
            1, "5", "6", Result.artificial(Average.from_str("A60"), Average.from_str("A40"))
        ),
    ]
    board = score_session(results).boards[1]
    # The two played results are compared only with each other (2 and 0 on a top of 2),
    # then scaled to the board's 3 results: (2+1)*3/2-1 = 7/2 and 1/2.
    assert [(line.ns_points, line.ew_points) for line in board[:2]] == [
        (Fraction(7, 2), Fraction(1, 2)),
        (Fraction(1, 2), Fraction(7, 2)),
    ]


def mitchell_with_artificial(rule: bool) -> dict[tuple[int, str], Fraction | int]:
    profile = replace(authority("wbf"), session_percentage_rule=rule)
    played = {1: (400, 100, -100), 2: (400, 100, 100), 3: (None, 100, -100)}
    results = []
    for board, scores in played.items():
        for table, score in enumerate(scores):
            ns, ew = str(2 * table + 1), str(2 * table + 2)
            result = (
                Result.artificial(Average.from_str("A60"), Average.from_str("A40"))
                if score is None
                else Result.played(score)
            )
            results.append(TableResult(board, ns, ew, result))
    session = score_session(results, profile=profile)
    points = {}
    for board, lines in session.boards.items():
        for line in lines:
            points[(board, line.ns)] = line.ns_points
            points[(board, line.ew)] = line.ew_points
    return points


def test_law_12c2c_session_percentage_replaces_average_plus_and_minus() -> None:
    points = mitchell_with_artificial(rule=True)
    # Pair 1 (innocent) topped boards 1 and 2: 100 % > 60 %, so 100 % of 4 on board 3.
    assert points[(3, "1")] == 4
    # Pair 2 (offending) scored 0 on boards 1 and 2: 0 % < 40 %, so 0 on board 3.
    assert points[(3, "2")] == 0


def test_law_12c2c_not_applied_when_the_profile_says_no() -> None:
    points = mitchell_with_artificial(rule=False)
    assert (points[(3, "1")], points[(3, "2")]) == (Fraction(12, 5), Fraction(8, 5))


def test_law_12c2c_rule_by_itself() -> None:
    wbf = authority("wbf")
    plus, minus, average = (Average.from_str(code) for code in ("A60", "A40", "A50"))
    assert law_12c2c(plus, Fraction(60), Fraction(64), wbf) == 64
    assert law_12c2c(plus, Fraction(60), Fraction(55), wbf) == 60
    assert law_12c2c(minus, Fraction(40), Fraction(31), wbf) == 31
    assert law_12c2c(minus, Fraction(40), Fraction(45), wbf) == 40
    assert law_12c2c(average, Fraction(50), Fraction(70), wbf) == 50
    assert law_12c2c(plus, Fraction(60), None, wbf) == 60


def test_law_12c2c_in_imps_uses_imps_per_board() -> None:
    results = [
        TableResult(1, "1", "2", Result.played(620)),
        TableResult(1, "3", "4", Result.played(-100)),
        TableResult(2, "1", "2", Result.artificial(Average.from_str("A+"), Average.from_str("A-"))),
        TableResult(2, "3", "4", Result.played(0)),
    ]
    board = score_session(results, method="cross-imp").boards
    # Board 1: pair 1 +12 (720), pair 2 -12; so on board 2 they keep +12 / -12, not +3 / -3.
    assert board[1][0].ns_points == 12
    assert (board[2][0].ns_points, board[2][0].ew_points) == (Fraction(12), Fraction(-12))


def test_law_12c2_average_codes() -> None:
    assert Average.from_str("A60") == Average(AverageKind.PLUS, Fraction(60))
    assert Average.from_str("a-") == Average(AverageKind.MINUS)
    assert Average.from_str("A") == Average(AverageKind.AVERAGE)
    with pytest.raises(ValueError, match="0 to 100"):
        Average.from_str("A160")


WEIGHTED = st.lists(
    st.tuples(
        st.integers(min_value=1, max_value=6), st.sampled_from([-100, -50, 110, 140, 400, 420])
    ),
    min_size=1,
    max_size=4,
)


@given(st.lists(st.sampled_from([-100, -50, 110, 140, 400, 420]), max_size=15), WEIGHTED)
def test_law_12c1c_weighted_board_still_sums_to_n_times_n_minus_one(
    field: list[int], parts: list[tuple[int, int]]
) -> None:
    total = sum(weight for weight, _ in parts)
    weighted = Weighted(tuple((Fraction(weight, total), score) for weight, score in parts))
    views = [weighted, *(Weighted.single(score) for score in field)]
    n = len(views)
    values = weighted_matchpoints(views)
    assert sum(values) == n * (n - 1)
    assert all(0 <= value <= 2 * (n - 1) for value in values)
