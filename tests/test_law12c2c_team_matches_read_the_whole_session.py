"""Law 12C2c in a teams evening of several matches: one figure, read over the session.

The Law gives a side whose result on its other boards of the *session* is better than
average-plus (worse than average-minus for the side at fault) that result, "or its
equivalent in IMPs". An evening's round robin plays a match a round, all in one
session: the team's IMPs per board over every board of the session without an
artificial score are its equivalent, in the traveller, the score card and the match
alike (``docs/scoring.md``). Team 1 wins 10 IMPs on board 1 (round 1), loses 10 on
board 3 (round 2) and halves board 4: 0 a board over the session, so average-plus on
board 2 stays +3 IMPs, not the 10 a board of round 1 alone. The match's IMPs are the
sum of the boards' the score card shows, and its victory points theirs.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from arbitro.scoring.vp import victory_points
from arbitro.store import Store, open_store
from teams_support import league

RESULTS = {
    # (board, North-South team): the result; everything else is 3NT made (+400, or +600 vul).
    (1, "4"): "3NT S 8",  # team 1 gains 450 on board 1: +10 IMPs
    (2, "1"): "adjusted A60/A40",  # team 1 average-plus, team 4 average-minus
    (3, "1"): "3NT S 8",  # team 1 loses 450 on board 3: -10 IMPs
}


def evening(path: str) -> tuple[Store, int]:
    """Four teams, a round robin of two rounds of two boards, all in one session."""
    store = open_store(path)
    return store, league(store, RESULTS)


def card(store: Store, event: int, team: str) -> dict[int, Fraction | int]:
    """``team``'s IMPs on each board, as its score card and the traveller show them."""
    figures = store.board_figures(store.event(event), store.results(event))
    return {
        board: ns_imps
        for (_, board, ns, _), (ns_imps, _) in figures.items()
        if ns == team and ns_imps is not None
    }


def test_law_12c2c_average_plus_in_a_team_match_reads_the_teams_other_boards_of_the_session(
    tmp_path: Path,
) -> None:
    store, event = evening(str(tmp_path / "liga.sqlite3"))
    try:
        boards = card(store, event, "1")
        # 0 IMPs a board over boards 1, 3 and 4: average-plus stays +3 (AEB and WBF).
        assert boards == {1: 10, 2: 3, 3: -10, 4: 0}
        (first,) = [m for m in store.matches(event)[1] if set(m.teams) == {"1", "4"}]
        assert first.margin("1") == 13
    finally:
        store.close()


def test_law_12c2c_a_team_matchs_imps_and_vps_are_the_sum_of_its_score_cards_boards(
    tmp_path: Path,
) -> None:
    store, event = evening(str(tmp_path / "liga.sqlite3"))
    try:
        boards = card(store, event, "1")
        for match in store.matches(event)[1]:
            if "1" not in match.teams:
                continue
            imps = sum(boards[board] for board in match.board_numbers)
            assert match.margin("1") == imps
            assert match.vps("1") == victory_points(imps, match.boards)[0]
        total = sum(m.vps("1") for m in store.matches(event)[1] if "1" in m.teams)
        (standing,) = [s for s in store.ranking(event) if s.participant == "1"]
        assert standing.total == total
    finally:
        store.close()
