"""USEBIO 1.2 XML: a scored session written, read back and scored again to the same rankings.

The sessions go through Law 78A (matchpoints), 78B with a Butler datum, 12C2
(artificial adjusted scores), 12C1f (split scores) and 12C1c (weighted scores).
"""

from __future__ import annotations

import contextlib
import io
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core import Card, Seat, Side
from arbitro.formats import convert, format_for
from arbitro.formats.usebio import (
    Board,
    Event,
    Participant,
    Player,
    Session,
    TravellerLine,
    Usebio,
    UsebioSyntaxError,
    dumps,
    from_session,
    individual_results,
    load,
    loads,
    method_of,
    player_standings,
    table_results,
)
from arbitro.scoring.results import Average, Result, Weighted
from arbitro.scoring.session import Method, SessionScore, TableResult, score_session, show

MOVEMENT = [("1", "2"), ("3", "4"), ("5", "6"), ("7", "8")]


def _session(scores: list[list[int]]) -> list[TableResult]:
    return [
        TableResult(board, ns, ew, Result.played(score))
        for board, row in enumerate(scores, 1)
        for (ns, ew), score in zip(MOVEMENT, row, strict=False)
    ]


def _standings(score: SessionScore) -> list[tuple[str, str, Fraction | int]]:
    return [(pair.pair, pair.rank_label, pair.total) for pair in score.pairs]


def _round_trip(score: SessionScore) -> SessionScore:
    usebio = loads(dumps(from_session(score, description="Torneo del martes")))
    session = usebio.event.sessions[0]
    return score_session(table_results(session), method_of(usebio.event), score.profile)


ADJUSTED = [
    *_session([[420, 400, 170, -50], [-100, 110, 140, -200], [620, 620, 170, -100]]),
    TableResult(4, "1", "2", Result.artificial(Average.from_str("A60"), Average.from_str("A40"))),
    TableResult(4, "3", "4", Result.split(420, -620)),
    TableResult(
        4, "5", "6", Result.weighted(Weighted(((Fraction(2, 3), 620), (Fraction(1, 3), -100))))
    ),
    TableResult(4, "7", "8", Result.played(-50)),
]


@pytest.mark.parametrize("method", ["mp", "imp-butler", "cross-imp", "total"])
def test_law78_usebio_of_a_scored_session_scores_to_the_same_rankings(method: Method) -> None:
    score = score_session(ADJUSTED, method)
    again = _round_trip(score)
    assert _standings(again) == _standings(score)


def test_law12_adjusted_scores_survive_the_file() -> None:
    usebio = loads(dumps(from_session(score_session(ADJUSTED))))
    lines = {line.ns: line.result for line in usebio.event.sessions[0].boards[3].lines}
    assert lines == {result.ns: result.result for result in ADJUSTED if result.board == 4}


def test_law78a_usebio_places_are_the_session_ranks() -> None:
    score = score_session(ADJUSTED)
    usebio = loads(dumps(from_session(score)))
    written = {
        (p.number, p.direction): (p.place, p.percentage)
        for p in usebio.event.sessions[0].participants
    }
    expected = {
        (pair.pair, pair.direction): (pair.rank_label, Fraction(show(pair.percentage)))
        for pair in score.pairs
        if pair.percentage is not None
    }
    assert written == expected
    assert usebio.event.winner_type == 2


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.lists(
            st.sampled_from([-200, -100, -50, 110, 140, 400, 420, 620]), min_size=4, max_size=4
        ),
        min_size=1,
        max_size=6,
    )
)
def test_law78a_any_session_read_back_ranks_the_same(scores: list[list[int]]) -> None:
    score = score_session(_session(scores))
    assert _standings(_round_trip(score)) == _standings(score)


def test_usebio_team_event_with_anonymised_players_reads_back_equal() -> None:
    usebio = Usebio(
        Event(
            "TEAMS_OF_FOUR",
            scoring="IMPS",
            winner_type=1,
            sessions=(
                Session(
                    "1",
                    "2026-11-22",
                    (
                        Participant(
                            "team",
                            "1",
                            "Los Ases",
                            players=(Player("Ana"), Player(number="123"), Player(), Player()),
                        ),
                        Participant("team", "2", place="2", total=Fraction(-12)),
                    ),
                    (
                        Board(
                            1,
                            (
                                TravellerLine(
                                    "1",
                                    "2",
                                    contract="4SX",
                                    declarer=Seat.SOUTH,
                                    lead=Card.from_str("HA"),
                                    tricks=9,
                                    result=Result.played(-200),
                                    ns_points=Fraction(-5),
                                    ew_points=Fraction(5),
                                ),
                            ),
                        ),
                    ),
                ),
            ),
        ),
        club="Club de Bridge Madrid",
    )
    assert loads(dumps(usebio)) == usebio


def test_usebio_individual_event_reads_back_equal() -> None:
    usebio = Usebio(
        Event(
            "INDIVIDUAL",
            sessions=(
                Session(
                    "2",
                    participants=(
                        Participant("player", "7", players=(Player("Luis", "99"),), place="1="),
                    ),
                    boards=(
                        Board(
                            8,
                            (
                                TravellerLine(
                                    players=("7", "8", "9", "10"), result=Result.played(110)
                                ),
                            ),
                        ),
                    ),
                ),
            ),
        )
    )
    assert loads(dumps(usebio)) == usebio


def test_usebio_participants_and_boards_straight_under_event_are_one_session() -> None:
    text = """<?xml version="1.0"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><WINNER_TYPE>1</WINNER_TYPE>
<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
<PLAYER><PLAYER_NAME>A</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>
<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>-50</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"""
    session = load(io.BytesIO(text.encode())).event.sessions[0]
    assert session.participants[0].direction is Side.NS
    assert table_results(session) == [TableResult(1, "1", "2", Result.played(-50))]


@pytest.mark.parametrize(
    ("text", "line", "path"),
    [
        (
            "<USEBIO>\n<EVENT>\n<BOARD>\n<BOARD_NUMBER>x</BOARD_NUMBER></BOARD></EVENT></USEBIO>",
            4,
            "USEBIO/EVENT/BOARD/BOARD_NUMBER",
        ),
        (
            "<USEBIO><EVENT><SESSION>\n<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n<TRAVELLER_LINE>\n<SCORE>lots</SCORE></TRAVELLER_LINE></BOARD></SESSION></EVENT></USEBIO>",
            4,
            "USEBIO/EVENT/SESSION/BOARD/TRAVELLER_LINE/SCORE",
        ),
        (
            "<USEBIO><EVENT>\n<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>\n<PLAYED_BY>Q</PLAYED_BY></TRAVELLER_LINE></BOARD></EVENT></USEBIO>",
            3,
            "USEBIO/EVENT/BOARD/TRAVELLER_LINE/PLAYED_BY",
        ),
        ("<USEBIO><EVENT>\n<BOARD></BOARD></EVENT></USEBIO>", 2, "USEBIO/EVENT/BOARD"),
        # A teams event's matches (Law 78B): round, victory points, board IMPs, direction.
        (
            "<USEBIO><EVENT><SESSION>\n<MATCH>\n<ROUND_NUMBER>x</ROUND_NUMBER></MATCH></SESSION></EVENT></USEBIO>",
            3,
            "USEBIO/EVENT/SESSION/MATCH/ROUND_NUMBER",
        ),
        (
            "<USEBIO><EVENT><SESSION><SECTION>\n<MATCH><TEAM>1</TEAM>\n<TEAM_SCORE>lots</TEAM_SCORE></MATCH></SECTION></SESSION></EVENT></USEBIO>",
            3,
            "USEBIO/EVENT/SESSION/SECTION/MATCH/TEAM_SCORE",
        ),
        (
            "<USEBIO><EVENT><SESSION><MATCH>\n<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n\n<IMPS>ten</IMPS></BOARD></MATCH></SESSION></EVENT></USEBIO>",
            4,
            "USEBIO/EVENT/SESSION/MATCH/BOARD/IMPS",
        ),
        (
            "<USEBIO><EVENT><SESSION><MATCH><BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n<TRAVELLER_LINE>\n<DIRECTION>N</DIRECTION></TRAVELLER_LINE></BOARD></MATCH></SESSION></EVENT></USEBIO>",
            3,
            "USEBIO/EVENT/SESSION/MATCH/BOARD/TRAVELLER_LINE/DIRECTION",
        ),
        (
            "<USEBIO><EVENT><SESSION><MATCH>\n<BOARD><IMPS>3</IMPS></BOARD></MATCH></SESSION></EVENT></USEBIO>",
            2,
            "USEBIO/EVENT/SESSION/MATCH/BOARD",
        ),
        (
            "<USEBIO><EVENT>\n<MATCH><OPPOSING_TEAM_IMPS>1,5</OPPOSING_TEAM_IMPS></MATCH></EVENT></USEBIO>",
            2,
            "USEBIO/EVENT/MATCH/OPPOSING_TEAM_IMPS",
        ),
        ("<USEBIO>\n<EVENT>\n<BOARD>\n</EVENT>", 4, ""),
        ("<RESULTS/>", 1, "RESULTS"),
    ],
)
def test_usebio_malformed_file_names_line_and_element(text: str, line: int, path: str) -> None:
    with pytest.raises(UsebioSyntaxError) as caught:
        loads(text, "club.xml")
    assert (caught.value.line, caught.value.path) == (line, path)
    # XML the parser refuses is placed by its column too (on no element's path)
    place = f"club.xml, line {line}" + (
        f", column {caught.value.column}" if caught.value.column else ""
    )
    assert str(caught.value).startswith(f"{place}{', ' if path else ': '}{path}")


def test_usebio_entity_expansion_is_refused() -> None:
    bomb = '<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]><USEBIO>&b;</USEBIO>'
    with pytest.raises(UsebioSyntaxError, match="entity"):
        loads(bomb)


TEXT = dumps(from_session(score_session(ADJUSTED)))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(TEXT)))
def test_usebio_truncated_file_raises_only_the_parse_error(cut: int) -> None:
    with contextlib.suppress(UsebioSyntaxError):
        loads(TEXT[:cut])


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(TEXT) - 1), st.text(min_size=1, max_size=4))
def test_usebio_corrupted_file_raises_only_the_parse_error(at: int, junk: str) -> None:
    with contextlib.suppress(UsebioSyntaxError):
        loads(TEXT[:at] + junk + TEXT[at + len(junk) :])


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_usebio_bad_bytes_raise_only_the_parse_error(data: bytes) -> None:
    with contextlib.suppress(UsebioSyntaxError):
        loads(data)


@pytest.mark.parametrize("method", ["mp", "imp-butler"])
def test_law78_usebio_converted_to_pbn_and_back_scores_to_the_same_rankings(
    method: Method, tmp_path: Path
) -> None:
    """``arbitro convert``: USEBIO -> PBN score tables -> USEBIO, through the format registry."""
    score = score_session(ADJUSTED, method)
    first, pbn, last = tmp_path / "a.xml", tmp_path / "b.pbn", tmp_path / "c.xml"
    first.write_text(dumps(from_session(score, description="Martes")), encoding="utf-8")
    assert convert(first, pbn) == 4
    assert "[ScoreTable " in pbn.read_text(encoding="utf-8")
    assert convert(pbn, last) == 4
    again = load(last)
    assert again.event.description == "Martes"
    places = {(p.number, p.direction): p.place for p in again.event.sessions[0].participants}
    assert places == {(pair.pair, pair.direction): pair.rank_label for pair in score.pairs}
    rescored = score_session(table_results(again.event.sessions[0]), method_of(again.event))
    assert _standings(rescored) == _standings(score)


def test_usebio_check_lists_the_problem_with_its_line() -> None:
    problems = format_for("a.xml").check("<USEBIO>\n<EVENT>\n<BOARD/></EVENT></USEBIO>", "a.xml")
    assert [problem.line for problem in problems] == [3]


NAMES = (
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12)
    .map(str.strip)
    .filter(bool)
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.one_of(st.none(), NAMES), st.one_of(st.none(), NAMES)), max_size=4),
    st.one_of(st.none(), NAMES),
    st.sampled_from(["pair", "team", "player"]),
)
def test_usebio_names_and_numbers_optional_read_back_equal(
    players: list[tuple[str | None, str | None]], description: str | None, kind: str
) -> None:
    """Anonymised or not, any names (XML's special characters included) read back as written."""
    people = tuple(Player(name, number) for name, number in players)
    if kind == "player":  # one player, written in the participant's own elements
        people = tuple(person for person in people if person != Player())[:1]
    participant = Participant(kind, "1", players=people)  # type: ignore[arg-type]
    usebio = Usebio(
        Event(
            "MP_PAIRS",
            description=description,
            sessions=(Session("1", participants=(participant,)),),
        )
    )
    assert loads(dumps(usebio)) == usebio


# an individual event, scored like pairs -------------------------------------------

# Eight players, two tables, three boards: the partnerships change every board.
SEATINGS = {
    1: [("1", "2", "3", "4"), ("5", "6", "7", "8")],
    2: [("1", "6", "3", "8"), ("5", "2", "7", "4")],
    3: [("1", "8", "7", "2"), ("5", "4", "3", "6")],
}


def _individual(scores: dict[int, list[int]]) -> list[TableResult]:
    return individual_results(
        (board, seats, Result.played(score))
        for board, row in scores.items()
        for seats, score in zip(SEATINGS[board], row, strict=True)
    )


def _players(score: SessionScore) -> list[tuple[str, str, Fraction, Fraction | None]]:
    return [
        (player.player, player.rank_label, player.total, player.percentage)
        for player in player_standings(score)
    ]


def test_law78a_individual_player_has_the_points_of_the_side_they_sat_in() -> None:
    score = score_session(_individual({1: [420, 400], 2: [-100, 110], 3: [620, 620]}))
    by_player = {player.player: player for player in player_standings(score)}
    # Player 1 sat North on every board: the North-South points of the first table.
    own = [board[0].ns_points for board in score.boards.values()]
    assert by_player["1"].total == sum(own)
    assert by_player["1"].boards == 3
    # Player 2 sat East, West, then West again at the other tables.
    two = [score.boards[1][0].ew_points, score.boards[2][1].ew_points]
    two.append(score.boards[3][0].ew_points)
    assert by_player["2"].total == sum(two)
    assert sum(player.total for player in by_player.values()) == 8 * 3 * 2 // 2
    ranks = [player.rank for player in player_standings(score)]
    assert ranks == sorted(ranks)


@pytest.mark.parametrize("method", ["mp", "imp-butler", "total"])
def test_law78a_individual_usebio_written_and_read_back_scores_to_the_same_ranking(
    method: Method,
) -> None:
    score = score_session(_individual({1: [420, 400], 2: [-100, 110], 3: [620, 170]}), method)
    usebio = loads(dumps(from_session(score, individual=True, description="Individual")))
    assert usebio.event.event_type == "INDIVIDUAL"
    session = usebio.event.sessions[0]
    assert {participant.kind for participant in session.participants} == {"player"}
    assert all(
        line.players is not None and line.ns is None for b in session.boards for line in b.lines
    )
    again = score_session(table_results(session), method_of(usebio.event))
    assert _players(again) == _players(score)
    places = [(participant.number, participant.place) for participant in session.participants]
    assert places == [(player, rank) for player, rank, _, _ in _players(score)]


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from([-200, -50, 110, 140, 420, 620]), min_size=2, max_size=2),
        min_size=3,
        max_size=3,
    )
)
def test_law78a_any_individual_session_read_back_ranks_the_same(scores: list[list[int]]) -> None:
    score = score_session(_individual(dict(enumerate(scores, 1))))
    usebio = loads(dumps(from_session(score, individual=True)))
    again = score_session(table_results(usebio.event.sessions[0]), method_of(usebio.event))
    assert _players(again) == _players(score)


def test_usebio_individual_player_numbers_cannot_hold_the_partnership_mark() -> None:
    with pytest.raises(UsebioSyntaxError):
        individual_results([(1, ("1&2", "3", "4", "5"), Result.played(100))])


def test_usebio_scoring_names_of_earlier_files_still_read() -> None:
    assert method_of(Event(scoring="BUTLER")) == "imp-butler"
    assert method_of(Event(scoring="BUTLER_IMPS")) == "imp-butler"
    text = dumps(from_session(score_session(ADJUSTED, "imp-butler")))
    assert "<BOARD_SCORING_METHOD>BUTLER_IMPS</BOARD_SCORING_METHOD>" in text
    assert "<NS_IMPS>" in text


def test_usebio_team_is_written_with_its_id_and_name_attributes() -> None:
    team = Participant("team", "3", "Los Ases", place="1")
    usebio = Usebio(Event("TEAMS_OF_FOUR", sessions=(Session("1", participants=(team,)),)))
    text = dumps(usebio)
    assert '<TEAM TEAM_ID="3" TEAM_NAME="Los Ases">' in text
    assert loads(text) == usebio
    old = text.replace(
        '<TEAM TEAM_ID="3" TEAM_NAME="Los Ases">',
        "<TEAM><TEAM_NUMBER>3</TEAM_NUMBER><TEAM_NAME>Los Ases</TEAM_NAME>",
    )
    assert loads(old) == usebio
