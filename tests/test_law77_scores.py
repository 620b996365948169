"""Law 77 scores, checked against an independent, table-driven formulation of the Law.

The oracle in this module does not add up contract points, overtricks, undertricks and
premiums computed by separate functions. It reads every number from tables written out
by hand from the Law 77 scoring table:

* ``ODD_TRICKS_TOTAL`` holds, for each strain, the undoubled trick score of the first
  ``n`` odd tricks (cumulative: 1NT 40, 2NT 70, 3NT 100, ...). The trick score of a
  doubled or redoubled contract is the entry for its level times ``MULTIPLIER``; an
  undoubled contract made with overtricks simply reads further along the same row.
* ``PENALTY_TOTAL`` holds, for each (doubling, vulnerability), the whole penalty for
  0 to 13 undertricks, written out in full rather than built from per-trick rules.
* ``OVERTRICK_EACH``, ``GAME_OR_PART_SCORE``, ``SLAM_BY_LEVEL`` and ``INSULT`` are the
  premiums, looked up by key.

``test_law77_oracle_tables_follow_the_law`` checks the written-out tables against the
Law's wording, and every one of the 2940 (contract, doubling, vulnerability, tricks)
cases is then compared with ``Contract.score``. Spot values from published scoring
tables and Hypothesis invariants check the production code from further angles.
"""

from __future__ import annotations

from itertools import pairwise, product
from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core import Contract, Doubling, InvalidTricksError, PassedOut, Strain

# --- The oracle: tables from the Law 77 scoring table -------------------------------------

# Undoubled trick score of the first n odd tricks, n = 0..7 (Law 77, "trick points"):
# clubs and diamonds 20 each, hearts and spades 30 each, notrump 40 for the first and 30
# for each after.
ODD_TRICKS_TOTAL: dict[Strain, tuple[int, ...]] = {
    Strain.CLUBS: (0, 20, 40, 60, 80, 100, 120, 140),
    Strain.DIAMONDS: (0, 20, 40, 60, 80, 100, 120, 140),
    Strain.HEARTS: (0, 30, 60, 90, 120, 150, 180, 210),
    Strain.SPADES: (0, 30, 60, 90, 120, 150, 180, 210),
    Strain.NOTRUMP: (0, 40, 70, 100, 130, 160, 190, 220),
}

# Doubled trick points are twice, redoubled four times, the undoubled ones.
MULTIPLIER: dict[Doubling, int] = {
    Doubling.UNDOUBLED: 1,
    Doubling.DOUBLED: 2,
    Doubling.REDOUBLED: 4,
}

# Whole penalty for n undertricks, n = 0..13, keyed by (doubling, vulnerable).
# fmt: off
PENALTY_TOTAL: dict[tuple[Doubling, bool], tuple[int, ...]] = {
    (Doubling.UNDOUBLED, False): (
        0, 50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650,
    ),
    (Doubling.UNDOUBLED, True): (
        0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300,
    ),
    (Doubling.DOUBLED, False): (
        0, 100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500,
    ),
    (Doubling.DOUBLED, True): (
        0, 200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800,
    ),
    (Doubling.REDOUBLED, False): (
        0, 200, 600, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000,
    ),
    (Doubling.REDOUBLED, True): (
        0, 400, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000, 7600,
    ),
}
# fmt: on

# Each overtrick of a doubled or redoubled contract, keyed by (doubling, vulnerable).
# (Undoubled overtricks are worth their trick value: read further along ODD_TRICKS_TOTAL.)
OVERTRICK_EACH: dict[tuple[Doubling, bool], int] = {
    (Doubling.DOUBLED, False): 100,
    (Doubling.DOUBLED, True): 200,
    (Doubling.REDOUBLED, False): 200,
    (Doubling.REDOUBLED, True): 400,
}

# Premium for a made contract by (vulnerable, is a game): part score 50, game 300 / 500.
GAME_OR_PART_SCORE: dict[tuple[bool, bool], int] = {
    (False, False): 50,
    (True, False): 50,
    (False, True): 300,
    (True, True): 500,
}

# Slam premium for a made contract, indexed by level 0..7, keyed by vulnerable.
SLAM_BY_LEVEL: dict[bool, tuple[int, ...]] = {
    False: (0, 0, 0, 0, 0, 0, 500, 1000),
    True: (0, 0, 0, 0, 0, 0, 750, 1500),
}

# Premium for making a doubled (50) or redoubled (100) contract.
INSULT: dict[Doubling, int] = {
    Doubling.UNDOUBLED: 0,
    Doubling.DOUBLED: 50,
    Doubling.REDOUBLED: 100,
}

STRAIN_TEXT: dict[Strain, str] = {
    Strain.CLUBS: "C",
    Strain.DIAMONDS: "D",
    Strain.HEARTS: "H",
    Strain.SPADES: "S",
    Strain.NOTRUMP: "NT",
}
DOUBLING_TEXT: dict[Doubling, str] = {
    Doubling.UNDOUBLED: "",
    Doubling.DOUBLED: "X",
    Doubling.REDOUBLED: "XX",
}


def expected_score(
    level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int
) -> int:
    """Declarer's score read from the tables above."""
    odd_tricks = tricks - 6
    if odd_tricks < level:
        return -PENALTY_TOTAL[doubling, vulnerable][level - odd_tricks]
    row = ODD_TRICKS_TOTAL[strain]
    below_the_line = row[level] * MULTIPLIER[doubling]
    if doubling is Doubling.UNDOUBLED:
        total = row[odd_tricks]
    else:
        total = below_the_line + (odd_tricks - level) * OVERTRICK_EACH[doubling, vulnerable]
    return (
        total
        + GAME_OR_PART_SCORE[vulnerable, below_the_line >= 100]
        + SLAM_BY_LEVEL[vulnerable][level]
        + INSULT[doubling]
    )


def case_id(level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int) -> str:
    """Readable id such as ``4SX-v-8`` or ``3NT-nv-9``."""
    side = "v" if vulnerable else "nv"
    return f"{level}{STRAIN_TEXT[strain]}{DOUBLING_TEXT[doubling]}-{side}-{tricks}"


LEVELS = range(1, 8)
STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
DOUBLINGS = (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)
VULNERABILITIES = (False, True)
TRICKS = range(14)

EVERY_CASE = [
    pytest.param(
        level,
        strain,
        doubling,
        vulnerable,
        tricks,
        id=case_id(level, strain, doubling, vulnerable, tricks),
    )
    for level, strain, doubling, vulnerable, tricks in product(
        LEVELS, STRAINS, DOUBLINGS, VULNERABILITIES, TRICKS
    )
]


# --- The oracle checks itself against the wording of the Law ------------------------------


def test_law77_oracle_tables_follow_the_law() -> None:
    # Each undertrick, as the Law words it.
    each_undertrick: dict[tuple[Doubling, bool], list[int]] = {
        (Doubling.UNDOUBLED, False): [50] * 13,
        (Doubling.UNDOUBLED, True): [100] * 13,
        (Doubling.DOUBLED, False): [100, 200, 200] + [300] * 10,
        (Doubling.DOUBLED, True): [200] + [300] * 12,
    }
    each_undertrick[Doubling.REDOUBLED, False] = [
        2 * value for value in each_undertrick[Doubling.DOUBLED, False]
    ]
    each_undertrick[Doubling.REDOUBLED, True] = [
        2 * value for value in each_undertrick[Doubling.DOUBLED, True]
    ]
    for key, totals in PENALTY_TOTAL.items():
        assert len(totals) == 14, key
        assert totals[0] == 0, key
        steps = [later - earlier for earlier, later in pairwise(totals)]
        assert steps == each_undertrick[key], key
    for strain, row in ODD_TRICKS_TOTAL.items():
        first = {Strain.CLUBS: 20, Strain.DIAMONDS: 20, Strain.NOTRUMP: 40}.get(strain, 30)
        later = {Strain.CLUBS: 20, Strain.DIAMONDS: 20}.get(strain, 30)
        assert row == (0, first, *(first + later * n for n in range(1, 7))), strain
    assert len(EVERY_CASE) == 35 * 3 * 2 * 14 == 2940


# --- 1. Every contract, doubling, vulnerability and number of tricks ----------------------


@pytest.mark.parametrize(("level", "strain", "doubling", "vulnerable", "tricks"), EVERY_CASE)
def test_law77_every_contract_matches_table(
    level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int
) -> None:
    contract = Contract(level, strain, doubling)
    expected = expected_score(level, strain, doubling, vulnerable, tricks)
    assert contract.score(tricks=tricks, vulnerable=vulnerable) == expected


# --- 2. Published spot values --------------------------------------------------------------

SPOT_VALUES = [
    # Undoubled, made.
    # 1NT=: 40 trick points + 50 part score.
    pytest.param("1NT", 7, False, 90, id="1NT=-nv"),
    # 1NT+1: 40 + 30 + 50.
    pytest.param("1NT", 8, False, 120, id="1NT+1-nv"),
    # 2S=: 60 + 50.
    pytest.param("2S", 8, False, 110, id="2S=-nv"),
    # 3C= vulnerable: 60 + 50 (still a part score).
    pytest.param("3C", 9, True, 110, id="3C=-v"),
    # 3NT=: 40 + 30 + 30 = 100, a game: 100 + 300.
    pytest.param("3NT", 9, False, 400, id="3NT=-nv"),
    # 3NT+1 vulnerable: 100 + 30 + 500.
    pytest.param("3NT", 10, True, 630, id="3NT+1-v"),
    # 4H=: 120 + 300.
    pytest.param("4H", 10, False, 420, id="4H=-nv"),
    # 4S= vulnerable: 120 + 500.
    pytest.param("4S", 10, True, 620, id="4S=-v"),
    # 5C=: 100 + 300.
    pytest.param("5C", 11, False, 400, id="5C=-nv"),
    # 5D= vulnerable: 100 + 500.
    pytest.param("5D", 11, True, 600, id="5D=-v"),
    # 6S=: 180 + 300 + 500 small slam.
    pytest.param("6S", 12, False, 980, id="6S=-nv"),
    # 6NT= vulnerable: 190 + 500 + 750.
    pytest.param("6NT", 12, True, 1440, id="6NT=-v"),
    # 7C=: 140 + 300 + 1000 grand slam.
    pytest.param("7C", 13, False, 1440, id="7C=-nv"),
    # 7NT=: 220 + 300 + 1000.
    pytest.param("7NT", 13, False, 1520, id="7NT=-nv"),
    # 7NT= vulnerable: 220 + 500 + 1500.
    pytest.param("7NT", 13, True, 2220, id="7NT=-v"),
    # Doubled or redoubled, made.
    # 1CXX=: 20 x 4 = 80 (a part score) + 50 + 100 for the redouble.
    pytest.param("1CXX", 7, False, 230, id="1CXX=-nv"),
    # 2CX=: 40 x 2 = 80 + 50 part score + 50 for the double.
    pytest.param("2CX", 8, False, 180, id="2CX=-nv"),
    # 2HX=: 60 x 2 = 120, a game: 120 + 300 + 50.
    pytest.param("2HX", 8, False, 470, id="2HX=-nv"),
    # 1NTX= vulnerable: 80 + 50 + 50.
    pytest.param("1NTX", 7, True, 180, id="1NTX=-v"),
    # 1NTX+1 vulnerable: 180 + 200 for a doubled vulnerable overtrick.
    pytest.param("1NTX", 8, True, 380, id="1NTX+1-v"),
    # 3NTX=: 200 + 300 + 50.
    pytest.param("3NTX", 9, False, 550, id="3NTX=-nv"),
    # 4SX=: 240 + 300 + 50.
    pytest.param("4SX", 10, False, 590, id="4SX=-nv"),
    # 4SX= vulnerable: 240 + 500 + 50.
    pytest.param("4SX", 10, True, 790, id="4SX=-v"),
    # 4SX+1 vulnerable: 790 + 200.
    pytest.param("4SX", 11, True, 990, id="4SX+1-v"),
    # 6HX= vulnerable: 360 + 500 + 750 + 50.
    pytest.param("6HX", 12, True, 1660, id="6HX=-v"),
    # 1NTXX=: 160 (a game) + 300 + 100.
    pytest.param("1NTXX", 7, False, 560, id="1NTXX=-nv"),
    # 1NTXX= vulnerable: 160 + 500 + 100.
    pytest.param("1NTXX", 7, True, 760, id="1NTXX=-v"),
    # 1CXX+6 vulnerable: 80 (part score) + 50 + 100 + 6 x 400.
    pytest.param("1CXX", 13, True, 2630, id="1CXX+6-v"),
    # 1NTXX+6 vulnerable, the largest score there is: 160 + 500 + 100 + 6 x 400.
    pytest.param("1NTXX", 13, True, 3160, id="1NTXX+6-v"),
    # 7NTXX=: 880 + 300 + 1000 + 100.
    pytest.param("7NTXX", 13, False, 2280, id="7NTXX=-nv"),
    # 7NTXX= vulnerable: 880 + 500 + 1500 + 100.
    pytest.param("7NTXX", 13, True, 2980, id="7NTXX=-v"),
    # Defeated.
    # 4S-1 vulnerable, undoubled: 100.
    pytest.param("4S", 9, True, -100, id="4S-1-v"),
    # 3NT-2, undoubled: 2 x 50.
    pytest.param("3NT", 7, False, -100, id="3NT-2-nv"),
    # 4SX-1: 100.
    pytest.param("4SX", 9, False, -100, id="4SX-1-nv"),
    # 4SX-2 vulnerable (8 tricks): 200 + 300.
    pytest.param("4SX", 8, True, -500, id="4SX-2-v"),
    # 4SX-3 vulnerable: 200 + 300 + 300.
    pytest.param("4SX", 7, True, -800, id="4SX-3-v"),
    # 2HX-3: 100 + 200 + 200.
    pytest.param("2HX", 5, False, -500, id="2HX-3-nv"),
    # 5CX-3, the classic sacrifice against 4S vulnerable: 100 + 200 + 200.
    pytest.param("5CX", 8, False, -500, id="5CX-3-nv"),
    # 3NTX-4: 100 + 200 + 200 + 300.
    pytest.param("3NTX", 5, False, -800, id="3NTX-4-nv"),
    # 3NTX-5: 800 + 300.
    pytest.param("3NTX", 4, False, -1100, id="3NTX-5-nv"),
    # 1CXX-1: twice 100.
    pytest.param("1CXX", 6, False, -200, id="1CXX-1-nv"),
    # 1CXX-1 vulnerable: twice 200.
    pytest.param("1CXX", 6, True, -400, id="1CXX-1-v"),
    # 6NTXX-4 vulnerable: twice (200 + 300 + 300 + 300).
    pytest.param("6NTXX", 8, True, -2200, id="6NTXX-4-v"),
    # 7NT-13: 13 x 50.
    pytest.param("7NT", 0, False, -650, id="7NT-13-nv"),
    # 7NT-13 vulnerable: 13 x 100.
    pytest.param("7NT", 0, True, -1300, id="7NT-13-v"),
    # 7NTX-13 vulnerable: 200 + 12 x 300.
    pytest.param("7NTX", 0, True, -3800, id="7NTX-13-v"),
    # 7NTXX-13: twice (100 + 200 + 200 + 10 x 300).
    pytest.param("7NTXX", 0, False, -7000, id="7NTXX-13-nv"),
    # 7NTXX-13 vulnerable: twice (200 + 12 x 300).
    pytest.param("7NTXX", 0, True, -7600, id="7NTXX-13-v"),
]


@pytest.mark.parametrize(("text", "tricks", "vulnerable", "expected"), SPOT_VALUES)
def test_law77_spot_values(text: str, tricks: int, vulnerable: bool, expected: int) -> None:
    assert Contract.from_str(text).score(tricks=tricks, vulnerable=vulnerable) == expected


# --- 3. The issue's own examples ----------------------------------------------------------


def test_law77_issue_example_four_spades_doubled_two_down_vulnerable() -> None:
    assert Contract.from_str("4SX").score(tricks=8, vulnerable=True) == -500


def test_law77_issue_example_three_notrump_made_not_vulnerable() -> None:
    assert Contract.from_str("3NT").score(tricks=9, vulnerable=False) == 400


# --- 4. Bad numbers of tricks; a passed-out board -----------------------------------------

BAD_TRICKS: list[object] = [14, 15, -1, -13, 100, True, False, 9.0, 0.0, 13.0]


@pytest.mark.parametrize("text", ["1C", "3NT", "4SX", "7NTXX"])
@pytest.mark.parametrize("bad", BAD_TRICKS, ids=repr)
@pytest.mark.parametrize("vulnerable", [False, True], ids=["nv", "v"])
def test_law77_bad_tricks_raise(text: str, bad: object, vulnerable: bool) -> None:
    contract = Contract.from_str(text)
    with pytest.raises(InvalidTricksError):
        contract.score(tricks=cast(int, bad), vulnerable=vulnerable)


def test_law77_invalid_tricks_error_is_a_value_error() -> None:
    assert issubclass(InvalidTricksError, ValueError)


@pytest.mark.parametrize("vulnerable", [False, True], ids=["nv", "v"])
def test_law77_passed_out_scores_zero(vulnerable: bool) -> None:
    assert PassedOut().score(tricks=0, vulnerable=vulnerable) == 0
    assert PassedOut().score() == 0


# --- 5. Invariants ------------------------------------------------------------------------

levels = st.integers(min_value=1, max_value=7)
strains = st.sampled_from(STRAINS)
doublings = st.sampled_from(DOUBLINGS)
tricks_taken = st.integers(min_value=0, max_value=13)


@given(levels, strains, doublings, st.booleans(), tricks_taken)
def test_law77_score_is_a_multiple_of_ten(
    level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int
) -> None:
    assert Contract(level, strain, doubling).score(tricks=tricks, vulnerable=vulnerable) % 10 == 0


@given(levels, strains, doublings, st.booleans(), tricks_taken)
def test_law77_made_scores_positive_defeated_negative(
    level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int
) -> None:
    score = Contract(level, strain, doubling).score(tricks=tricks, vulnerable=vulnerable)
    if tricks >= level + 6:
        assert score > 0
    else:
        assert score < 0


@given(levels, strains, doublings, st.booleans(), st.integers(min_value=0, max_value=12))
def test_law77_one_more_trick_never_lowers_the_score(
    level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int
) -> None:
    contract = Contract(level, strain, doubling)
    before = contract.score(tricks=tricks, vulnerable=vulnerable)
    after = contract.score(tricks=tricks + 1, vulnerable=vulnerable)
    assert after >= before


@given(levels, strains, doublings, st.data())
def test_law77_vulnerable_made_scores_at_least_not_vulnerable(
    level: int, strain: Strain, doubling: Doubling, data: st.DataObject
) -> None:
    tricks = data.draw(st.integers(min_value=level + 6, max_value=13))
    contract = Contract(level, strain, doubling)
    assert contract.score(tricks=tricks, vulnerable=True) >= contract.score(
        tricks=tricks, vulnerable=False
    )


@given(levels, strains, st.booleans(), st.data())
def test_law77_doubling_a_defeated_contract_never_helps_declarer(
    level: int, strain: Strain, vulnerable: bool, data: st.DataObject
) -> None:
    tricks = data.draw(st.integers(min_value=0, max_value=level + 5))
    undoubled, doubled, redoubled = (
        Contract(level, strain, doubling).score(tricks=tricks, vulnerable=vulnerable)
        for doubling in DOUBLINGS
    )
    assert redoubled <= doubled <= undoubled < 0


@given(levels, strains, levels, strains, doublings, st.booleans(), st.integers(1, 13))
def test_law77_penalty_depends_only_on_undertricks(
    level: int,
    strain: Strain,
    other_level: int,
    other_strain: Strain,
    doubling: Doubling,
    vulnerable: bool,
    undertricks: int,
) -> None:
    undertricks = min(undertricks, level + 6, other_level + 6)
    one = Contract(level, strain, doubling)
    other = Contract(other_level, other_strain, doubling)
    assert one.score(tricks=level + 6 - undertricks, vulnerable=vulnerable) == other.score(
        tricks=other_level + 6 - undertricks, vulnerable=vulnerable
    )
