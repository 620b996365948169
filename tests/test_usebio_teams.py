"""USEBIO 1.2 for teams events: matches written from Árbitro's scoring, read back, scored again.

A teams match is two tables, the home team North-South at one and East-West at the
other; each board's IMPs come from both tables and the match's margin gives the
victory points (Law 78B). A file written from scored matches must give back the same
teams, matches, travellers and ranking, and Árbitro's teams scoring of its travellers
the same IMPs, VPs and ranking.
"""

from __future__ import annotations

import contextlib
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core import Side
from arbitro.formats.usebio import (
    Board,
    Event,
    Match,
    MatchFigures,
    Participant,
    Player,
    Session,
    TeamStanding,
    TravellerLine,
    Usebio,
    UsebioSyntaxError,
    dumps,
    from_matches,
    is_teams,
    loads,
    match_figures,
    standings_of,
    team_results,
)
from arbitro.scoring.results import Average, Result, Weighted
from arbitro.scoring.session import TableResult, show
from arbitro.tournament.movements import berger
from arbitro.tournament.ranking import rank
from arbitro.tournament.teams import MatchScore, board_margins, score_matches, team_totals

BOARDS_PER_MATCH = 2


def round_robin_tables(scores: list[int]) -> list[TableResult]:
    """Four teams, three rounds of two boards: each match's two tables, scores taken in turn."""
    tables: list[TableResult] = []
    taken = iter(scores)
    for round_number, matches in enumerate(berger(4)):
        for home, away in matches:
            for offset in range(BOARDS_PER_MATCH):
                board = round_number * BOARDS_PER_MATCH + offset + 1
                tables.append(TableResult(board, str(home), str(away), Result.played(next(taken))))
                tables.append(TableResult(board, str(away), str(home), Result.played(next(taken))))
    return tables


def figures(matches: list[MatchScore]) -> list[MatchFigures]:
    return [
        MatchFigures(
            match.home,
            match.away,
            match.home_imps,
            match.away_imps,
            match.home_vps,
            match.away_vps,
            match.board_numbers,
        )
        for match in matches
    ]


def written(tables: list[TableResult]) -> Usebio:
    matches = score_matches(tables)
    return from_matches(figures(matches), tables, board_margins(tables), description="Liga")


def ranking(matches: list[MatchScore]) -> list[tuple[str, int, bool, Fraction]]:
    standings = rank({team: [vps] for team, vps in team_totals(matches).items()})
    return [
        (standing.participant, standing.rank, standing.tied, standing.total)
        for standing in standings
    ]


SCORES = st.lists(
    st.sampled_from([-800, -200, -100, -50, 90, 110, 140, 400, 420, 450, 620, 1430]),
    min_size=24,
    max_size=24,
)


@settings(max_examples=40, deadline=None)
@given(SCORES)
def test_law78b_round_robin_usebio_read_back_scores_to_the_same_imps_vps_and_ranking(
    scores: list[int],
) -> None:
    tables = round_robin_tables(scores)
    matches = score_matches(tables)
    again = loads(dumps(written(tables)))
    session = again.event.sessions[0]
    assert is_teams(again.event)
    assert sorted(team_results(session), key=repr) == sorted(tables, key=repr)
    rescored = score_matches(team_results(session))
    assert rescored == matches
    assert ranking(rescored) == ranking(matches)
    # The file's own figures are the matches' (IMPs whole, VPs to two decimals).
    assert match_figures(session) == figures(matches)
    places = {p.number: (p.place, p.total) for p in session.participants}
    assert places == {
        team: (f"{at}=" if tied else str(at), total) for team, at, tied, total in ranking(matches)
    }
    ranks = [int((p.place or "").rstrip("=")) for p in session.participants]
    assert ranks == sorted(ranks)


@settings(max_examples=40, deadline=None)
@given(SCORES)
def test_law78b_board_imps_in_the_file_add_up_to_the_match_margin(scores: list[int]) -> None:
    tables = round_robin_tables(scores)
    session = loads(dumps(written(tables))).event.sessions[0]
    for match, scored in zip(session.matches, score_matches(tables), strict=True):
        assert [board.number for board in match.boards] == list(scored.board_numbers)
        assert sum(board.imps or 0 for board in match.boards) == scored.margin(scored.home)
        for board in match.boards:
            # Both tables: the home team North-South at one, East-West at the other.
            assert [line.direction for line in board.lines] == [Side.NS, Side.EW]


def test_law78b_each_board_shows_both_tables_and_the_imps_the_home_team_gains() -> None:
    # Home team 1 makes 4S (+620) at its table; team 2 at the other stops in 2S (+170):
    # a swing of 450 points, 10 IMPs to team 1 (Law 78B scale).
    tables = [
        TableResult(1, "1", "2", Result.played(620)),
        TableResult(1, "2", "1", Result.played(170)),
        TableResult(2, "1", "2", Result.played(-100)),
        TableResult(2, "2", "1", Result.played(-110)),
    ]
    board_one, board_two = loads(dumps(written(tables))).event.sessions[0].matches[0].boards
    assert [(line.direction, line.result) for line in board_one.lines] == [
        (Side.NS, Result.played(620)),
        (Side.EW, Result.played(170)),
    ]
    assert board_one.imps == 10
    # -100 at one table, +110 for team 1 sitting East-West at the other: 10 points, 0 IMPs.
    assert board_two.imps == 0


def test_law12_adjusted_scores_in_a_match_score_again_to_the_same_imps() -> None:
    tables = [
        TableResult(
            1, "A", "B", Result.artificial(Average.from_str("A60"), Average.from_str("A40"))
        ),
        TableResult(1, "B", "A", Result.played(420)),
        TableResult(2, "A", "B", Result.split(420, -620)),
        TableResult(2, "B", "A", Result.played(-50)),
        TableResult(
            3, "A", "B", Result.weighted(Weighted(((Fraction(2, 3), 620), (Fraction(1, 3), -100))))
        ),
        TableResult(3, "B", "A", Result.played(170)),
    ]
    session = loads(dumps(written(tables))).event.sessions[0]
    assert team_results(session) == tables
    assert score_matches(team_results(session)) == score_matches(tables)
    margins = board_margins(tables)
    assert [board.imps for board in session.matches[0].boards] == [
        Fraction(show(margins[(board, "A", "B")])) for board in (1, 2, 3)
    ]


def test_usebio_teams_places_are_the_given_standings() -> None:
    tables = round_robin_tables([420, 400, -50, 100, 620, 170, 110, 140] * 3)
    matches = figures(score_matches(tables))
    official = [TeamStanding("3", "1", Fraction(40)), TeamStanding("1", "2=", Fraction(30))]
    file = from_matches(matches, tables, board_margins(tables), standings=official)
    session = loads(dumps(file)).event.sessions[0]
    assert [(p.number, p.place, p.total) for p in session.participants] == [
        ("3", "1", Fraction(40)),
        ("1", "2=", Fraction(30)),
    ]
    assert standings_of(matches) != official


def test_usebio_teams_file_reads_back_equal() -> None:
    line = TravellerLine(result=Result.played(-200), direction=Side.EW, contract="4SX")
    usebio = Usebio(
        Event(
            "SWISS_TEAMS",
            description="Copa",
            scoring="IMPS",
            winner_type=1,
            match_scoring="VPS",
            sessions=(
                Session(
                    "2",
                    participants=(
                        Participant(
                            "team", "7", "Los Ases", players=(Player("Ana", "1"), Player())
                        ),
                        Participant("team", "9", place="2", total=Fraction("6.96")),
                    ),
                    matches=(
                        Match(
                            "7",
                            "9",
                            3,
                            Fraction(11),
                            Fraction(-11),
                            Fraction("13.04"),
                            Fraction("6.96"),
                            (Board(5, (line,), Fraction(-6)), Board(6)),
                        ),
                        Match(),
                    ),
                ),
            ),
        )
    )
    assert loads(dumps(usebio)) == usebio


def test_usebio_teams_match_as_other_programs_write_it_is_read() -> None:
    """``MATCH`` inside ``SESSION/SECTION``, with a board range and per-board ``IMPS``."""
    text = """<?xml version="1.0" encoding="iso-8859-1"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="SWISS_TEAMS">
<MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>
<SESSION SESSION_ID="1"><SECTION SECTION_ID="A">
<PARTICIPANTS><TEAM TEAM_ID="11" TEAM_NAME="North"><TOTAL_SCORE>19</TOTAL_SCORE>
<PLACE>1</PLACE></TEAM><TEAM TEAM_ID="2" TEAM_NAME="South"/></PARTICIPANTS>
<MATCH><ROUND_NUMBER>2</ROUND_NUMBER><TEAM>11</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>
<START_BOARD_NUMBER>6</START_BOARD_NUMBER><END_BOARD_NUMBER>6</END_BOARD_NUMBER>
<TEAM_SCORE>19</TEAM_SCORE><OPPOSING_TEAM_SCORE>1</OPPOSING_TEAM_SCORE>
<BOARD EVENT_TYPE="SWISS_TEAMS"><BOARD_NUMBER>6</BOARD_NUMBER><IMPS>13</IMPS>
<TRAVELLER_LINE><DIRECTION>NS</DIRECTION><CONTRACT>6NT</CONTRACT><PLAYED_BY>S</PLAYED_BY>
<TRICKS>12</TRICKS><SCORE>1440</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><DIRECTION>EW</DIRECTION><SCORE>990</SCORE></TRAVELLER_LINE>
</BOARD></MATCH></SECTION></SESSION></EVENT></USEBIO>"""
    usebio = loads(text.encode("iso-8859-1"))
    session = usebio.event.sessions[0]
    assert usebio.event.match_scoring == "VPS"
    assert [(p.number, p.name) for p in session.participants] == [("11", "North"), ("2", "South")]
    match = session.matches[0]
    assert (match.team, match.opposing_team, match.round) == ("11", "2", 2)
    assert (match.team_score, match.opposing_team_score) == (Fraction(19), Fraction(1))
    assert match.team_imps is None
    assert match.boards[0].imps == 13
    assert team_results(session) == [
        TableResult(6, "11", "2", Result.played(1440)),
        TableResult(6, "2", "11", Result.played(990)),
    ]
    # 1440 at one table and 990 at the other: 450 points, 10 IMPs by Árbitro's scale
    # (the file said 13: a file's figures are read as written, the results score anew).
    assert score_matches(team_results(session))[0].home_imps == 10
    assert match_figures(session) == []  # no IMPs in the file: not a complete match


@pytest.mark.parametrize("event_type", ["TEAMS", "SWISS_TEAMS", "TEAMS_OF_FOUR"])
def test_usebio_team_event_types_are_teams(event_type: str) -> None:
    assert is_teams(Event(event_type))
    assert not is_teams(Event("MP_PAIRS"))


TEAMS_TEXT = dumps(written(round_robin_tables([420, 400, -50, 100, 620, 170, 110, 140] * 3)))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(TEAMS_TEXT)))
def test_usebio_truncated_teams_file_raises_only_the_parse_error(cut: int) -> None:
    with contextlib.suppress(UsebioSyntaxError):
        loads(TEAMS_TEXT[:cut])


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(TEAMS_TEXT) - 1), st.text(min_size=1, max_size=4))
def test_usebio_corrupted_teams_file_raises_only_the_parse_error(at: int, junk: str) -> None:
    with contextlib.suppress(UsebioSyntaxError):
        session = loads(TEAMS_TEXT[:at] + junk + TEAMS_TEXT[at + len(junk) :]).event.sessions
        for each in session:
            team_results(each)
            match_figures(each)


def test_law78b_teams_usebio_converted_to_pbn_keeps_both_tables_with_their_teams() -> None:
    from arbitro.formats.usebio.games import read_games, write_games

    tables = round_robin_tables([420, 400, -50, 100, 620, 170, 110, 140] * 3)
    games = read_games(dumps(written(tables)))
    assert sorted(game["Board"] for game in games) == [str(n) for n in range(1, 7) for _ in (1, 2)]
    back = loads(write_games(games)).event.sessions[0]
    from_pbn = [
        TableResult(board.number, line.ns or "", line.ew or "", line.result)
        for board in back.boards
        for line in board.lines
        if line.result is not None
    ]
    assert sorted(from_pbn, key=repr) == sorted(tables, key=repr)
    assert score_matches(from_pbn) == score_matches(tables)


def test_law78b_traveller_lines_carry_each_tables_contract_with_its_result() -> None:
    from arbitro.core import Card, Seat

    tables = [
        TableResult(1, "1", "2", Result.played(620)),
        TableResult(1, "2", "1", Result.played(170)),
    ]
    details = {
        (1, "1", "2"): TravellerLine(
            contract="4S", declarer=Seat.NORTH, lead=Card.from_str("HA"), tricks=10
        ),
        (1, "2", "1"): TravellerLine(contract="2S", declarer=Seat.SOUTH, tricks=10),
    }
    matches = figures(score_matches(tables))
    file = from_matches(matches, tables, board_margins(tables), details=details)
    lines = loads(dumps(file)).event.sessions[0].matches[0].boards[0].lines
    assert [(line.contract, line.declarer, line.tricks, line.result) for line in lines] == [
        ("4S", Seat.NORTH, 10, Result.played(620)),
        ("2S", Seat.SOUTH, 10, Result.played(170)),
    ]
    assert lines[0].lead == Card.from_str("HA")
