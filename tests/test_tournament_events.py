"""Running events end to end in the store: an individual, a Swiss teams event, team penalties.

Every expected number is worked out here from the results entered (matchpoints by
counting the scores beaten, IMPs from the IMP scale, VPs from the WBF 2013 scale), not
taken from the code under test. The store runs on SQLite and on a real PostgreSQL.
"""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.laws.authority import authority
from arbitro.scoring.imps import imps
from arbitro.scoring.results import Average, Result
from arbitro.scoring.session import TableResult, score_session
from arbitro.scoring.vp import victory_points
from arbitro.store import Store, open_store
from arbitro.store.repository import StoreError
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.individual_scores import player_scores
from arbitro.tournament.movements import Standing, individual, mitchell, swiss_round
from arbitro.tournament.records import (
    InvalidRecordError,
    PenaltyKind,
    PenaltyRecord,
    RecordRefusedError,
    RecordUnit,
)
from arbitro.tournament.result_rules import ResultRefusedError
from arbitro.tournament.teams import team_totals

pytest_plugins = ("postgresql_cluster",)  # the PostgreSQL cluster and the `database` fixture

SCORES = (-200, -100, -90, 90, 110, 140, 400, 600, 630)
"""North-South scores a random table may give (whole, so that matchpoints are simple)."""


@pytest.fixture
def store(database: str) -> Store:
    return open_store(database)


# Individual events ----------------------------------------------------------------------


def expected_player_percentages(
    results: list[tuple[int, tuple[str, str], tuple[str, str], int]],
) -> dict[str, Fraction]:
    """Matchpoints counted by hand (Law 78A, the AEB unit): each player's share of its tops."""
    unit = authority("aeb").matchpoint_unit
    by_board: dict[int, list[tuple[tuple[str, str], tuple[str, str], int]]] = defaultdict(list)
    for board, ns, ew, score in results:
        by_board[board].append((ns, ew, score))
    points: dict[str, Fraction] = defaultdict(Fraction)
    tops: dict[str, Fraction] = defaultdict(Fraction)
    for tables in by_board.values():
        top = unit * (len(tables) - 1)
        for ns, ew, score in tables:
            others = [other for _, _, other in tables]
            beaten = sum(1 for other in others if other < score)
            tied = sum(1 for other in others if other == score) - 1
            ns_points = unit * beaten + unit / 2 * tied
            for player in ns:
                points[player] += ns_points
                tops[player] += top
            for player in ew:
                points[player] += top - ns_points
                tops[player] += top
    return {player: points[player] * 100 / tops[player] for player in points}


def test_law8_individual_event_runs_end_to_end_by_player(store: Store) -> None:
    movement = individual(2, 1)
    names = [Participant.from_str(f"{n}: Player {n} #{100 + n}") for n in range(1, 9)]
    event = store.create_event(
        EventSpec("Individual", boards=movement.boards, kind="individual"), names, movement
    )
    assert [p.number for p in store.participants(event)] == [str(n) for n in range(1, 9)]
    rng = random.Random(8)
    entered: list[tuple[int, tuple[str, str], tuple[str, str], int]] = []
    for seating in movement.schedule:
        for board in seating.boards:
            score = rng.choice(SCORES)
            stored = store.enter_result(
                event, board, seating.table, Entry.from_str(f"score {score}")
            )
            # The result names the partnerships the movement seats there.
            assert (stored.ns, stored.ew) == (
                f"{seating.north}&{seating.south}",
                f"{seating.east}&{seating.west}",
            )
            ns = (seating.north or "", seating.south or "")
            ew = (seating.east or "", seating.west or "")
            entered.append((board, ns, ew, score))
    # Every player changed partner every round: seven partners in seven rounds.
    partners: dict[str, set[str]] = defaultdict(set)
    for _, ns, ew, _ in entered:
        for one, other in (ns, ew):
            partners[one].add(other)
            partners[other].add(one)
    assert all(len(partners[str(n)]) == 7 for n in range(1, 9))
    expected = expected_player_percentages(entered)
    ranking = store.ranking(event)
    assert {s.participant: s.total for s in ranking} == expected
    totals = [s.total for s in ranking]
    assert totals == sorted(totals, reverse=True)
    for standing in ranking:
        better = sum(1 for total in totals if total > standing.total)
        assert standing.rank == better + 1
        assert standing.tied == (totals.count(standing.total) > 1)


@given(st.lists(st.sampled_from(SCORES), min_size=21, max_size=21))
def test_law78a_individual_players_get_their_partnerships_matchpoints(
    scores: list[int],
) -> None:
    movement = individual(3, 1, rounds=7)
    lines = []
    entered: list[tuple[int, tuple[str, str], tuple[str, str], int]] = []
    for seating, score in zip(movement.schedule, scores, strict=True):
        ns = (seating.north or "", seating.south or "")
        ew = (seating.east or "", seating.west or "")
        (board,) = seating.boards
        lines.append(TableResult(board, "&".join(ns), "&".join(ew), Result.played(score)))
        entered.append((board, ns, ew, score))
    session = score_session(lines, "mp", authority("aeb"))
    scored = player_scores(session)
    expected = expected_player_percentages(entered)
    assert {player: score.percentage for player, score in scored.items()} == expected
    # Every board gives out the same matchpoints in all: tops times the tables, per side.
    top = authority("aeb").matchpoint_unit * 2
    assert sum(score.total for score in scored.values()) == 2 * top * 3 * 7


def test_law12c2c_individual_each_player_gets_its_own_session_percentage() -> None:
    # Law 12C2c speaks of the contestant, and in an individual the contestant is the
    # player (Law 5A): partners of one board may have had very different sessions.
    # Board 1: North-South 1&3 are given average-plus (60 %), East-West 2&4 average-minus.
    # On boards 2 and 3 (top 2), player 1 tops both (100 %), player 3 scores nothing,
    # player 2 nothing, player 4 tops both.
    plus, minus = Average.from_str("A+"), Average.from_str("A-")
    session = score_session(
        [
            TableResult(1, "1&3", "2&4", Result.artificial(plus, minus)),
            TableResult(1, "5&7", "6&8", Result.played(100)),
            TableResult(2, "1&5", "2&6", Result.played(420)),
            TableResult(2, "3&7", "4&8", Result.played(400)),
            TableResult(3, "1&8", "2&7", Result.played(420)),
            TableResult(3, "3&5", "4&6", Result.played(400)),
        ],
        "mp",
        authority("wbf"),
    )
    scored = player_scores(session)
    # Player 1: 100 % on the other boards beats 60 %: the top on board 1, 6 of 6.
    assert (scored["1"].total, scored["1"].percentage) == (Fraction(6), Fraction(100))
    # Player 3: 0 % is below 60 %: average-plus stands, 1.2 of 6 (20 %).
    assert (scored["3"].total, scored["3"].percentage) == (Fraction(6, 5), Fraction(20))
    # Player 2, an offender: 0 % is below 40 %: 0 on board 1 as well.
    assert scored["2"].total == 0
    # Player 4, an offender with 100 % elsewhere: average-minus stands, 0.8 + 2 + 2.
    assert (scored["4"].total, scored["4"].percentage) == (Fraction(24, 5), Fraction(80))


def test_law90_a_penalty_on_one_player_leaves_its_partners_alone(store: Store) -> None:
    movement = individual(2, 1, rounds=2)
    event = store.create_event(
        EventSpec("Individual", boards=movement.boards, kind="individual"), movement=movement
    )
    for seating in movement.schedule:
        for board in seating.boards:
            store.enter_result(event, board, seating.table, Entry.from_str("4S N 10"))
    before = {s.participant: s.total for s in store.ranking(event)}
    first = movement.seatings(1)[0]
    offender, partner = first.north or "", first.south or ""
    store.add_penalty(
        event, PenaltyRecord(offender, PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B8", "")
    )
    after = {s.participant: s.total for s in store.ranking(event)}
    # A quarter of a top on two boards of equal tops: 12.5 percentage points.
    assert before[offender] - after[offender] == Fraction(25, 2)
    assert {p: t for p, t in after.items() if p != offender} == {
        p: t for p, t in before.items() if p != offender
    }
    assert after[partner] == before[partner]


def test_law8_an_individual_event_needs_an_individual_movement(store: Store) -> None:
    with pytest.raises(StoreError, match="individual event needs an individual movement"):
        store.create_event(EventSpec("Individual", boards=4, kind="individual"))
    with pytest.raises(StoreError, match="individual movement needs an individual event"):
        store.create_event(EventSpec("Pairs", boards=7), movement=individual(2, 1))
    with pytest.raises(StoreError, match="individual event needs an individual movement"):
        store.create_event(
            EventSpec("Individual", boards=6, kind="individual"), movement=mitchell(3, 2)
        )
    assert store.events() == []


def test_law15_individual_wrong_players_need_the_flag_and_no_player_plays_twice(
    store: Store,
) -> None:
    movement = individual(2, 1)
    event = store.create_event(
        EventSpec("Individual", boards=movement.boards, kind="individual"), movement=movement
    )
    _, second = movement.seatings(1)
    ns = f"{second.north}&{second.south}"
    ew = f"{second.east}&{second.west}"
    with pytest.raises(ResultRefusedError, match="Law 15"):
        store.enter_result(event, 1, 1, Entry.from_str("score 100"), ns=ns, ew=ew)
    store.enter_result(event, 1, 1, Entry.from_str("score 100 law15"), ns=ns, ew=ew)
    # Table 2's players already played board 1 at table 1 (Law 15B).
    with pytest.raises(ResultRefusedError, match="already played board 1"):
        store.enter_result(event, 1, 2, Entry.from_str("score 100"))
    with pytest.raises(ResultRefusedError, match="share a player"):
        store.enter_result(event, 2, 2, Entry.from_str("score 1 law15"), ns="1&2", ew="2&3")
    with pytest.raises(ResultRefusedError, match="'99' is not a participant"):
        store.enter_result(event, 2, 2, Entry.from_str("score 1 law15"), ns="1&99", ew="2&3")


# Team penalties ------------------------------------------------------------------------


MATCH = ((1, 420, 170), (2, -100, 110), (3, 420, -50))
"""Board, North-South's score with A North-South, and with B North-South."""

A_MARGIN = Fraction(sum(imps(here - there) for _, here, there in MATCH))
"""A's margin in IMPs, from the IMP scale (Law 78B)."""


def one_match(store: Store) -> tuple[int, Fraction]:
    """Teams A and B over three boards; A's margin in IMPs."""
    spec = EventSpec("Teams", boards=3, kind="teams")
    event = store.create_event(spec, [Participant("A"), Participant("B")])
    for board, here, there in MATCH:
        store.enter_result(event, board, 1, Entry.from_str(f"score {here}"), ns="A", ew="B")
        store.enter_result(event, board, 2, Entry.from_str(f"score {there}"), ns="B", ew="A")
    return event, A_MARGIN


def test_law90_a_team_penalty_in_vps_comes_off_the_offenders_vps_only(store: Store) -> None:
    event, margin = one_match(store)
    home, away = victory_points(margin, 3)
    assert {s.participant: s.total for s in store.ranking(event)} == {"A": home, "B": away}
    store.add_penalty(
        event, PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(1), "vp", "90B2", "slow")
    )
    assert {s.participant: s.total for s in store.ranking(event)} == {"A": home - 1, "B": away}


def test_law90_a_team_penalty_in_imps_comes_off_the_offenders_margin_only(store: Store) -> None:
    event, margin = one_match(store)
    home, away = victory_points(margin, 3)
    store.add_penalty(
        event,
        PenaltyRecord("B", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "AEB-G", "", board=2),
    )
    penalised, _ = victory_points(-margin - 3, 3)
    assert penalised < away
    assert {s.participant: s.total for s in store.ranking(event)} == {"A": home, "B": penalised}


def test_law90_team_penalties_come_off_vps_whatever_the_session_scoring(store: Store) -> None:
    spec = EventSpec("Teams", boards=3, kind="teams")  # the sessions' view in matchpoints
    event = store.create_event(spec, [Participant("A"), Participant("B")])
    for board, here, there in MATCH:
        store.enter_result(event, board, 1, Entry.from_str(f"score {here}"), ns="A", ew="B")
        store.enter_result(event, board, 2, Entry.from_str(f"score {there}"), ns="B", ew="A")
    store.add_penalty(
        event, PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(2), "imps", "90", "")
    )
    totals = {s.participant: s.total for s in store.ranking(event)}
    assert totals == {
        "A": victory_points(A_MARGIN - 2, 3)[0],
        "B": victory_points(A_MARGIN, 3)[1],
    }


def test_law90_team_penalties_are_not_in_matchpoints(store: Store) -> None:
    event, _ = one_match(store)
    units: tuple[RecordUnit, ...] = ("top", "mp")
    for unit in units:
        with pytest.raises(RecordRefusedError, match="IMPs, victory points"):
            store.add_penalty(
                event, PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(1, 4), unit, "90", "")
            )
    pairs = store.create_event(EventSpec("Pairs", boards=1), [Participant("1")])
    with pytest.raises(RecordRefusedError, match="a penalty in victory points cannot be taken off"):
        store.add_penalty(
            pairs, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1), "vp", "90", "")
        )
    with pytest.raises(InvalidRecordError, match="expected a unit"):
        PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(1), "points", "90", "")  # type: ignore[arg-type]


def test_law90_imp_penalties_add_up_and_need_a_match_with_their_board(store: Store) -> None:
    event, margin = one_match(store)
    for board in (3, None):
        store.add_penalty(
            event,
            PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90", "", board),
        )
    # Two IMP penalties in the one match add up: A's margin is 6 IMPs smaller.
    totals = {s.participant: s.total for s in store.ranking(event)}
    assert totals == {"A": victory_points(margin - 6, 3)[0], "B": victory_points(margin, 3)[1]}
    with pytest.raises(StoreError, match="board 9 is not in the event"):
        store.add_penalty(
            event, PenaltyRecord("B", PenaltyKind.PROCEDURAL, Fraction(2), "imps", "90", "", 9)
        )
    with pytest.raises(InvalidRecordError, match="no match scored with board 9"):
        team_totals(
            store.matches(event)[1],
            [PenaltyRecord("B", PenaltyKind.PROCEDURAL, Fraction(2), "imps", "90", "", 9)],
        )


def test_law90_an_imp_penalty_waits_for_its_match_a_vp_one_counts_at_once(
    store: Store,
) -> None:
    spec = EventSpec("Teams", boards=3, kind="teams")
    event = store.create_event(spec, [Participant("A"), Participant("B")])
    store.add_penalty(
        event, PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90", "", 2)
    )
    store.add_penalty(
        event, PenaltyRecord("B", PenaltyKind.PROCEDURAL, Fraction(1), "vp", "90", "")
    )
    # Before the match: B's VP penalty counts at once; A, with no result, is listed (78A).
    ranked = {s.participant: s for s in store.ranking(event)}
    assert ranked["B"].total == Fraction(-1)
    assert not ranked["A"].played
    for board, here, there in MATCH:
        store.enter_result(event, board, 1, Entry.from_str(f"score {here}"), ns="A", ew="B")
        store.enter_result(event, board, 2, Entry.from_str(f"score {there}"), ns="B", ew="A")
    assert {s.participant: s.total for s in store.ranking(event)} == {
        "A": victory_points(A_MARGIN - 3, 3)[0],
        "B": victory_points(A_MARGIN, 3)[1] - 1,
    }


# Swiss teams -----------------------------------------------------------------------------


def repeat_free_pairing_exists(teams: list[str], met: dict[str, set[str]]) -> bool:
    """Brute force: can ``teams`` be paired so that nobody meets a team it has met?"""
    if not teams:
        return True
    first, rest = teams[0], teams[1:]
    for other in rest:
        if other not in met[first]:
            left = [team for team in rest if team != other]
            if repeat_free_pairing_exists(left, met):
                return True
    return False


@pytest.mark.parametrize("seed", [1, 2])
def test_law8_swiss_teams_rounds_with_vps_avoid_repeats_and_rank_by_vps(
    store: Store, seed: int
) -> None:
    teams = list("ABCDEFGH")
    rounds, per_round = 6, 2
    spec = EventSpec("Swiss teams", boards=rounds * per_round, kind="teams")
    event = store.create_event(spec, [Participant(team) for team in teams])
    rng = random.Random(seed)
    vps: dict[str, Fraction] = defaultdict(Fraction)
    met: dict[str, set[str]] = {team: set() for team in teams}
    repeats = 0
    for number in range(1, rounds + 1):
        standings = [Standing(team, vps[team], tuple(sorted(met[team]))) for team in teams]
        paired = swiss_round(standings, number, per_round)
        assert paired.bye is None
        avoidable = repeat_free_pairing_exists(teams, met)
        if avoidable:
            assert paired.repeats == ()
            assert all(s.ew not in met[s.ns or ""] for s in paired.seatings)
        else:
            assert paired.repeats != ()
        repeats += len(paired.repeats)
        # The leader plays the best-placed team it has not met (Swiss: inside its group).
        leader = max(teams, key=lambda team: (vps[team], -teams.index(team)))
        (table,) = [s for s in paired.seatings if leader in (s.ns, s.ew)]
        assert table.ns == leader
        for match, seating in enumerate(paired.seatings):
            home, away = seating.ns or "", seating.ew or ""
            margin = 0
            for board in seating.boards:
                here, there = rng.choice(SCORES), rng.choice(SCORES)
                store.enter_result(
                    event, board, 2 * match + 1, Entry.from_str(f"score {here}"), home, away
                )
                store.enter_result(
                    event, board, 2 * match + 2, Entry.from_str(f"score {there}"), away, home
                )
                margin += imps(here - there)
            home_vps, away_vps = victory_points(margin, per_round)
            vps[home] += home_vps
            vps[away] += away_vps
            met[home].add(away)
            met[away].add(home)
    # Every match but the unavoidable repeats was between teams meeting for the first time.
    meetings = sum(len(opponents) for opponents in met.values()) // 2
    assert meetings == rounds * len(teams) // 2 - repeats
    ranking = store.ranking(event)
    assert {s.participant: s.total for s in ranking} == dict(vps)
    totals = [s.total for s in ranking]
    assert totals == sorted(totals, reverse=True)
    assert all(
        standing.rank == 1 + sum(1 for total in totals if total > standing.total)
        for standing in ranking
    )
