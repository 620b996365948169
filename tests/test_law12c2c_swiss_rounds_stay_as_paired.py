"""Law 12C2c in a Swiss teams session: a match's figure is read over the rounds played so far.

Law 12C2c gives a side whose result on its other boards of the session is better than
average-plus that result, "or its equivalent in IMPs" (``docs/scoring.md``). A Swiss
pairs each round on the standings after the rounds before it (Law 78B scores each match
in victory points), so a match scored must not change when later rounds are played:
the figure is read over the team's boards of the rounds up to and including the
match's own. Team 1 halves its round 1 match (0 IMPs a board) and is given average-plus
on board 3 (round 2): +3 IMPs. In round 3 it wins 12 IMPs a board; the whole session's
reading would raise board 3 to 4.8 IMPs and change round 2's VPs after round 3 was
paired on them. A round robin evening keeps the whole session's reading
(``test_law12c2c_team_matches_read_the_whole_session``).
"""

from __future__ import annotations

from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import swiss_start
from arbitro.tournament.teams import MatchScore


def _play(store: Store, event: int, round_: int, special: dict[tuple[int, str], str]) -> None:
    """Enter ``round_``: 4S made with an overtrick at every table, but ``special``'s (board, North-South team)."""
    movement = store.movement(event)
    assert movement is not None
    for seating in movement.seatings(round_):
        assert seating.ns is not None
        for board in seating.boards:
            entry = special.get((board, seating.ns), "4S N 10")
            store.enter_result(event, board, seating.table, Entry.from_str(entry))


def _match(store: Store, event: int, round_boards: tuple[int, ...], team: str) -> MatchScore:
    """``team``'s match on ``round_boards`` (its round's boards)."""
    (match,) = [
        m for m in store.matches(event)[1] if team in m.teams and m.board_numbers == round_boards
    ]
    return match


def _swiss_with_average_plus_in_round_2() -> tuple[Store, int]:
    """Four teams, three rounds of two boards; rounds 1 and 2 played, round 3 paired."""
    store = open_store("sqlite:///:memory:")
    event = store.create_event(
        EventSpec("Suizo", boards=6, kind="teams"), movement=swiss_start(4, 3, 2, teams=True)
    )
    _play(store, event, 1, {})
    store.pair_next_round(event)
    _play(store, event, 2, {(3, "1"): "adjusted A60/A40"})
    return store, event


def test_law_12c2c_a_swiss_matchs_vps_stay_the_same_when_later_rounds_are_played() -> None:
    store, event = _swiss_with_average_plus_in_round_2()
    try:
        before = _match(store, event, (3, 4), "1")
        assert before.margin("1") == 3  # average-plus: 0 IMPs a board in round 1
        store.pair_next_round(event)
        _play(store, event, 3, {(5, "1"): "6S N 12", (6, "1"): "6S N 12"})
        assert _match(store, event, (5, 6), "1").margin("1") == 24  # round 3 is played
        after = _match(store, event, (3, 4), "1")
        assert (after.margin("1"), after.vps("1"), after.vps(after.opponent("1"))) == (
            before.margin("1"),
            before.vps("1"),
            before.vps(before.opponent("1")),
        )
        # The traveller and score card show the board as the match counts it.
        figures = store.board_figures(store.event(event), store.results(event))
        assert figures[(1, 3, "1", before.opponent("1"))][0] == 3
    finally:
        store.close()


def test_law_12c2c_a_swiss_round_is_paired_on_the_vps_that_stay() -> None:
    store, event = _swiss_with_average_plus_in_round_2()
    try:
        paired_on = {standing.participant: standing.total for standing in store.ranking(event)}
        paired = store.pair_next_round(event)
        assert paired.seatings
        _play(store, event, 3, {(5, "1"): "6S N 12", (6, "1"): "6S N 12"})
        third = {
            team: match.vps(team)
            for match in store.matches(event)[1]
            if match.board_numbers == (5, 6)
            for team in match.teams
        }
        after = {standing.participant: standing.total for standing in store.ranking(event)}
        # Each team's total is the one round 3 was paired on plus its round 3 VPs.
        assert after == {team: paired_on[team] + third[team] for team in paired_on}
        assert third["1"] > 10  # round 3 won: what would have raised board 3
    finally:
        store.close()
