"""The director's judgement: Laws 12C1c, 12C2a, 12C2c (teams) and 92A."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.laws.authority import authority
from arbitro.scoring.adjusted import AdjustedScoreNotAllowedError
from arbitro.scoring.imps import imps
from arbitro.scoring.results import (
    Average,
    AverageKind,
    InvalidAdjustedScoreError,
    Result,
    Weighted,
)
from arbitro.scoring.session import TableResult, score_session
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.records import RecordRefusedError, Ruling
from arbitro.tournament.teams import board_margins, score_matches, session_imps_per_board

PLUS, MINUS = Average.from_str("A+"), Average.from_str("A-")
WEIGHTED = Weighted(((Fraction(2, 3), 620), (Fraction(1, 3), -100)))
NIGHT = datetime(2026, 1, 1, 22, 0, tzinfo=UTC)


# -- Law 92A -----------------------------------------------------------------------------


def _ruled_event() -> tuple[Store, int, int]:
    store = open_store("sqlite:///:memory:")
    event = store.create_event(
        EventSpec("A", boards=1, appeal_minutes=30), [Participant(str(n)) for n in range(1, 5)]
    )
    store.enter_result(event, 1, 1, Entry.from_str("3NT S 9"), ns="1", ew="2")
    store.enter_result(event, 1, 2, Entry.from_str("3NT S 10"), ns="3", ew="4")
    ruling = store.add_ruling(event, Ruling(1, 1, "16B1a", "score adjusted to 3NT= S"))
    store.publish(event, now=NIGHT)
    return store, event, ruling


def test_law_92a_a_contestant_of_another_table_may_not_appeal_the_ruling() -> None:
    store, event, ruling = _ruled_event()
    with pytest.raises(RecordRefusedError) as refused:
        store.lodge_appeal(event, "3", "not my table", ruling=ruling, now=NIGHT)
    message = str(refused.value)
    for part in ("'3'", "board 1", "table 1", "92A"):
        assert part in message
    assert "\n" not in message


@pytest.mark.parametrize("appellant", ["1", "2"])
def test_law_92a_either_contestant_of_the_ruling_table_may_appeal(appellant: str) -> None:
    store, event, ruling = _ruled_event()
    appeal = store.lodge_appeal(event, appellant, "LA", ruling=ruling, now=NIGHT)
    assert [stored.appeal.appellant for stored in store.appeals(event)] == [appellant]
    assert appeal == store.appeals(event)[0].id


# -- Law 12C1c under the AEB (12C1e) in team matches --------------------------------------


def _weighted_match() -> list[TableResult]:
    return [
        TableResult(1, "A", "B", Result.weighted(WEIGHTED)),
        TableResult(1, "B", "A", Result.played(140)),
    ]


def test_law_12c1c_aeb_refuses_a_weighted_score_in_a_team_match_as_in_pairs() -> None:
    with pytest.raises(AdjustedScoreNotAllowedError) as pairs:
        score_session(
            [
                TableResult(1, "1", "2", Result.weighted(WEIGHTED)),
                TableResult(1, "3", "4", Result.played(140)),
            ],
            profile=authority("aeb"),
        )
    with pytest.raises(AdjustedScoreNotAllowedError) as teams:
        score_matches(_weighted_match(), authority("aeb"))
    with pytest.raises(AdjustedScoreNotAllowedError) as margins:
        board_margins(_weighted_match(), authority("aeb"))
    assert str(teams.value) == str(pairs.value) == str(margins.value)
    assert "12C1c" in str(teams.value)


def test_law_12c1c_wbf_still_scores_a_weighted_score_in_a_team_match() -> None:
    (match,) = score_matches(_weighted_match(), authority("wbf"))
    expected = Fraction(2, 3) * imps(620 - 140) + Fraction(1, 3) * imps(-100 - 140)
    assert match.home_imps == expected


# -- Law 12C2a: only the three artificial scores ----------------------------------------------


@pytest.mark.parametrize("text", ["A55", "A45", "A41", "A59.5", "A50.5"])
def test_law_12c2a_a_percentage_between_the_three_artificial_scores_is_refused(text: str) -> None:
    with pytest.raises(InvalidAdjustedScoreError, match="12C2a"):
        Average.from_str(text)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("A40", AverageKind.MINUS),
        ("A30", AverageKind.MINUS),
        ("A50", AverageKind.AVERAGE),
        ("A60", AverageKind.PLUS),
        ("A70", AverageKind.PLUS),
    ],
)
def test_law_12c2a_at_most_40_50_and_at_least_60_are_accepted(text: str, kind: AverageKind) -> None:
    assert Average.from_str(text).kind is kind


@given(st.integers(min_value=0, max_value=100))
def test_law_12c2a_a_whole_percentage_is_accepted_exactly_when_12c2a_names_it(percent: int) -> None:
    allowed = percent <= 40 or percent == 50 or percent >= 60
    try:
        Average.from_str(f"A{percent}")
    except InvalidAdjustedScoreError:
        assert not allowed
    else:
        assert allowed


# -- Law 12C2c in team matches -------------------------------------------------------------


def _session(other_ns: int) -> list[TableResult]:
    """Team A wins ``imps(620 - other_ns)`` on boards 1-3; board 4 is A+ for A, A- for B."""
    results = [TableResult(b, "A", "B", Result.played(620)) for b in (1, 2, 3)]
    results += [TableResult(b, "B", "A", Result.played(other_ns)) for b in (1, 2, 3)]
    results += [
        TableResult(4, "A", "B", Result.artificial(PLUS, MINUS)),
        TableResult(4, "B", "A", Result.played(100)),
    ]
    return results


def test_law_12c2c_team_match_each_team_gets_its_own_imps_per_board_beyond_the_averages() -> None:
    # A wins imps(620 + 100) on each other board: above +3, so it keeps that on board 4;
    # B loses as much: below -3, so it gets its own too.
    per_board = Fraction(imps(620 + 100))
    assert per_board > 3
    (match,) = score_matches(_session(-100), authority("wbf"))
    assert (match.home_imps, match.away_imps) == (4 * per_board, -4 * per_board)
    margins = board_margins(_session(-100), authority("wbf"))
    assert margins[(4, "A", "B")] == per_board
    assert margins[(4, "B", "A")] == -per_board


def test_law_12c2c_team_match_averages_stand_when_the_session_is_not_beyond_them() -> None:
    # On the other boards A wins imps(620 - 600) = 1 IMP per board, less than +3.
    per_board = Fraction(imps(620 - 600))
    assert 0 < per_board < 3
    (match,) = score_matches(_session(600), authority("wbf"))
    assert match.home_imps == 3 * per_board + 3
    assert match.away_imps == -3 * per_board - 3


def test_law_12c2c_team_match_follows_the_authority_rule() -> None:
    rules = authority("wbf")
    own = session_imps_per_board(_session(-100), rules)
    assert own == {"A": Fraction(imps(720)), "B": Fraction(-imps(720))}
    # The same reading as Butler and cross-IMP pairs (score_session): 12C2c applies
    # whenever the authority's session_percentage_rule is set.
    assert rules.session_percentage_rule
    assert authority("aeb").session_percentage_rule
