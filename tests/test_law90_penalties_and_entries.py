"""Procedural penalties (Law 90), the AEB misexplanation penalty, AEB score-entry rules, profiles, 78C."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbitro.laws.authority import Authority, UnknownAuthorityError, authority
from arbitro.scoring.entries import resolve_disputed, resolve_incongruent
from arbitro.scoring.penalties import Penalty, misexplanation_penalty
from arbitro.scoring.results import Average, Result, Weighted
from arbitro.scoring.session import InvalidPenaltyError, TableResult, score_session
from arbitro.scoring.total_points import artificial_total_points, total_points


def two_tables() -> list[TableResult]:
    return [
        TableResult(1, "1", "2", Result.played(420)),
        TableResult(1, "3", "4", Result.played(400)),
        TableResult(2, "1", "2", Result.played(100)),
        TableResult(2, "3", "4", Result.played(100)),
    ]


def test_law90_penalty_in_tops_comes_off_one_side_only() -> None:
    plain = {p.pair: p for p in score_session(two_tables()).pairs}
    penalised = {
        p.pair: p
        for p in score_session(
            two_tables(), penalties=[("1", Penalty(Fraction(1, 4), "top", "90B2"))]
        ).pairs
    }
    # The top is 2: a quarter of it is half a matchpoint, from pair 1 only.
    assert penalised["1"].total == plain["1"].total - Fraction(1, 2)
    assert penalised["1"].penalties == Fraction(1, 2)
    assert penalised["2"].total == plain["2"].total


def test_law90_penalty_in_imps() -> None:
    scored = score_session(
        two_tables(), method="cross-imp", penalties=[("3", Penalty(Fraction(3), "imps", "90"))]
    )
    pairs = {p.pair: p for p in scored.pairs}
    # Board 1: 400 against 420 is -1 IMP; board 2 is level: -1 - 3 = -4.
    assert pairs["3"].total == -4


def test_law90_penalty_must_name_a_pair_that_played() -> None:
    with pytest.raises(ValueError, match="did not play"):
        score_session(two_tables(), penalties=[("99", Penalty(Fraction(1)))])


def test_law90_penalty_error_names_the_penalty_and_the_pair() -> None:
    with pytest.raises(InvalidPenaltyError) as error:
        score_session(two_tables(), penalties=[("99", Penalty(Fraction(1, 4), "top", "90"))])
    assert str(error.value) == "invalid penalty '99,25%,90': pair 99 did not play in the session"


def test_law90_penalty_in_imps_is_not_taken_as_matchpoints() -> None:
    # 3 IMPs are not 3 matchpoints: refused in a matchpoint session, not silently deducted.
    with pytest.raises(ValueError, match="a penalty in IMPs needs IMP scoring"):
        score_session(two_tables(), penalties=[("1", Penalty(Fraction(3), "imps", "90"))])


def test_law90_penalty_in_matchpoints_is_not_taken_as_imps() -> None:
    with pytest.raises(ValueError, match="a penalty in matchpoints needs matchpoint scoring"):
        score_session(
            two_tables(), method="imp-butler", penalties=[("1", Penalty(Fraction(3), "mp", "90"))]
        )


def test_law90_penalty_in_tops_needs_matchpoints() -> None:
    with pytest.raises(ValueError, match="needs matchpoint scoring"):
        score_session(two_tables(), method="cross-imp", penalties=[("1", Penalty(Fraction(1, 4)))])


def test_aeb_misexplained_artificial_call_is_at_least_20_percent_or_3_imps() -> None:
    aeb = authority("aeb")
    assert misexplanation_penalty(aeb, top=24).amount == Fraction(24, 5)
    assert misexplanation_penalty(aeb).amount == 3
    assert misexplanation_penalty(aeb).unit == "imps"
    assert misexplanation_penalty(authority("wbf"), top=24).amount == 0


def test_aeb_rule_a_incongruent_entry_corrected_only_if_both_pairs_agree() -> None:
    # 4S doubled, one down (-100 non-vulnerable... for NS declaring) written as 50.
    assert resolve_incongruent(entered=50, from_contract=-100, both_agree=True) == -100
    assert resolve_incongruent(entered=50, from_contract=-100, both_agree=False) == 50


def test_aeb_rule_b_disputed_entry_changes_only_for_the_pair_it_harms() -> None:
    assert resolve_disputed(entered=110, claimed=140, both_agree=False) == Result.played(110)
    # With agreement, NS (who would gain 140) keep 110; EW (who lose by it) get 140.
    assert resolve_disputed(entered=110, claimed=140, both_agree=True) == Result.split(110, -140)
    assert resolve_disputed(entered=140, claimed=110, both_agree=True) == Result.split(110, -140)


def test_law78c_total_points_are_the_scores_themselves() -> None:
    assert total_points(
        [Weighted.single(420), Weighted(((Fraction(1, 2), 420), (Fraction(1, 2), -50)))]
    ) == [420, 185]
    scored = score_session(two_tables(), method="total")
    pairs = {p.pair: p for p in scored.pairs}
    assert (pairs["1"].total, pairs["2"].total) == (Fraction(520), Fraction(-520))


def test_law78c_artificial_score_in_total_points_is_the_field_mean_plus_or_minus_the_margin() -> (
    None
):
    wbf = authority("wbf")
    field = [Weighted.single(400), Weighted.single(100)]
    assert artificial_total_points(Average.from_str("A60"), field, wbf) == 350
    assert artificial_total_points(Average.from_str("A50"), field, wbf) == 250
    assert artificial_total_points(Average.from_str("A40"), field, wbf) == 150


def test_profiles_hold_every_parameter_and_differ_where_the_authorities_do() -> None:
    wbf, aeb = authority("wbf"), authority("aeb")
    assert isinstance(wbf, Authority)
    assert (wbf.average_minus_percent, wbf.average_percent, wbf.average_plus_percent) == (
        Fraction(40),
        Fraction(50),
        Fraction(60),
    )
    assert (wbf.average_minus_imps, wbf.average_plus_imps) == (Fraction(-3), Fraction(3))
    assert wbf.weighted_scores
    assert not wbf.law_12c1e
    assert not aeb.weighted_scores
    assert aeb.law_12c1e
    assert aeb.misexplanation_top_fraction == Fraction(1, 5)
    assert authority("AEB") is aeb


def test_unknown_profile_is_a_clear_error() -> None:
    with pytest.raises(UnknownAuthorityError, match="expected one of aeb, wbf"):
        authority("acbl")


def test_law90_a_penalty_costs_a_pair_that_missed_boards_what_it_costs_the_others() -> None:
    """Totals factored to the most boards (Law 78D): the penalty comes off the factored
    total whole, so 25 % of a top costs every pair the same share of its percentage."""
    scores = [420, 450, 400, 430, 100, 620]  # three tables, two boards, top 4
    results = [
        TableResult(board, str(ns), str(ns + 3), Result.played(scores[(board - 1) * 3 + ns - 1]))
        for board in (1, 2)
        for ns in (1, 2, 3)
        if (board, ns) != (1, 1)  # pair 1 missed board 1
    ] + [TableResult(3, str(ns), str(ns + 3), Result.played(100 * ns)) for ns in (1, 2, 3)]
    profile = authority("aeb")
    assert profile.factoring
    plain = {p.pair: p for p in score_session(results, "mp", profile).pairs}
    quarter = Penalty(Fraction(1, 4), unit="top", law="90", reason="slow")
    fined = {
        p.pair: p
        for p in score_session(results, "mp", profile, [("1", quarter), ("2", quarter)]).pairs
    }
    assert (plain["1"].boards, plain["2"].boards) == (2, 3)
    shares = [(plain[pair].percentage, fined[pair].percentage) for pair in ("1", "2")]
    lost = [before - after for before, after in shares if before is not None and after is not None]
    assert len(lost) == 2
    assert lost[0] == lost[1]  # the same share of a percentage
    assert plain["1"].factored - fined["1"].factored == 1  # one matchpoint, whole
    assert fined["1"].total + fined["1"].penalties == plain["1"].total
