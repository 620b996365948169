"""A PBN file's boards as its games mark them (Law 2): the ``Dealer`` and ``Vulnerable`` tags.

Law 2 fixes the standard marking of a board by its number, but a club may play boards
marked otherwise: the tags say what the table played. Board 1 (Law 2: North deals,
nobody vulnerable) marked ``All`` and dealt by East scores 4S made as 620 and one down
as -100, with no Law 77 warning, in ``arbitro check``, ``arbitro session score`` and
``arbitro event import`` (whose event marks the board so); a game without the tags
keeps Law 2's marking. A PBN teams file's games (``HomeTeam``, ``VisitTeam``, ``Room``)
are read by the same rule: its matches' IMPs are the board's as the tags mark it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.core.board import Board
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.formats import pbn
from arbitro.store import open_store
from cli_support import run_cli

MARKED = '[Board "1"]\n[Dealer "E"]\n[Vulnerable "All"]\n[Scoring "MP"]\n'
"""Board 1 marked otherwise than Law 2: East deals, both sides vulnerable."""


def _games(marking: str) -> str:
    """Two tables of board 1, each one game with its players and result (4S N, 10 and 9 tricks)."""
    return (
        f'[Event "Club"]\n{marking}[North "Ana"]\n[South "Luis"]\n[East "Eva"]\n[West "Pau"]\n'
        '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n[Score "NS 620"]\n\n'
        f'{marking}[North "Rita"]\n[South "Juan"]\n[East "Sara"]\n[West "Tom"]\n'
        '[Declarer "N"]\n[Contract "4S"]\n[Result "9"]\n[Score "NS -100"]\n'
    )


SCORE_TABLE = (
    f'[Event "Club"]\n{MARKED}'
    '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;MP_NS;MP_EW"]\n'
    "1 2 4S N 10 620 2 0\n3 4 4S N 9 -100 0 2\n"
)
"""The same two tables as a score table."""


def test_law_2_a_pbn_game_gives_its_board_as_its_tags_mark_it() -> None:
    games = pbn.loads(_games(MARKED) + "\n" + _games("").split("\n\n")[1])
    assert games[0].board(1) == Board(1, Seat.EAST, Vulnerability.ALL)
    assert games[2].board(1) == Board(1)  # no tags: Law 2's marking, from the number
    assert pbn.loads('[Board "1"]\n[Vulnerable "?"]\n')[0].board(1).follows_law2


@pytest.mark.parametrize("text", [_games(MARKED), SCORE_TABLE], ids=["games", "score-table"])
def test_law_2_a_board_marked_all_scores_620_without_a_law_77_warning(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    source = tmp_path / "night.pbn"
    source.write_text(text, encoding="utf-8")
    code, out, err = run_cli(capsys, "check", str(source))
    assert (code, out) == (0, f"{source}: no problems\n"), err
    code, out, err = run_cli(capsys, "session", "score", str(source))
    assert code == 0, err
    assert "the contract gives" not in err
    assert "+620" in out
    assert "-100" in out


@pytest.mark.parametrize("text", [_games(MARKED), SCORE_TABLE], ids=["games", "score-table"])
def test_law_2_event_import_marks_the_board_as_the_file_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    source = tmp_path / "night.pbn"
    source.write_text(text, encoding="utf-8")
    database = str(tmp_path / "club.db")
    code, _, err = run_cli(capsys, "event", "import", str(source), "--db", database)
    assert code == 0, err
    assert "the contract gives" not in err
    store = open_store(database)
    try:
        assert store.boards(1) == {1: Board(1, Seat.EAST, Vulnerability.ALL)}
        # Each contract scores its table's result on the board as marked (Law 77).
        marked = store.boards(1)[1]
        assert {stored.entry.contract_score(marked) for stored in store.results(1)} == {-100, 620}
        results = [stored.result for stored in store.results(1)]
        assert sorted(map(repr, results)) == ["Result.played(-100)", "Result.played(620)"]
    finally:
        store.close()


def test_law_2_a_board_the_tags_mark_as_law_2_does_is_not_marked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "night.pbn"
    standard = '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Scoring "MP"]\n'
    source.write_text(
        _games(standard).replace("NS 620", "NS 420").replace("NS -100", "NS -50"),
        encoding="utf-8",
    )
    database = str(tmp_path / "club.db")
    code, _, err = run_cli(capsys, "event", "import", str(source), "--db", database)
    assert code == 0, err
    store = open_store(database)
    try:
        assert store.boards(1) == {}
    finally:
        store.close()


TEAMS = (
    '[Event "Liga"]\n[Board "1"]\n[Dealer "E"]\n[Vulnerable "All"]\n[HomeTeam "A"]\n'
    '[VisitTeam "B"]\n[Room "Open"]\n[North "n1"]\n[South "s1"]\n[East "e1"]\n[West "w1"]\n'
    '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n\n'
    '[Board "1"]\n[Dealer "E"]\n[Vulnerable "All"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n'
    '[Room "Closed"]\n[North "n2"]\n[South "s2"]\n[East "e2"]\n[West "w2"]\n'
    '[Declarer "N"]\n[Contract "4S"]\n[Result "9"]\n'
)
"""Board 1 marked All, dealt by East, in match A v B: A makes 4S (620) and beats it (-100 for B)."""


def test_law_2_pbn_teams_file_scores_its_match_on_the_board_as_marked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "liga.pbn"
    source.write_text(TEAMS, encoding="utf-8")
    code, out, err = run_cli(capsys, "session", "score", str(source), "--json")
    assert code == 0, err
    (match,) = json.loads(out)["matches"]
    # 620 + 100 = 720: 12 IMPs (Law 78B); not vulnerable it would be 420 + 50 = 470, 10.
    assert (match["home"], match["away"], match["home_imps"]) == ("A", "B", 12)


def test_law_2_event_import_of_a_pbn_teams_file_marks_its_board(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "liga.pbn"
    source.write_text(TEAMS, encoding="utf-8")
    database = str(tmp_path / "club.db")
    code, _, err = run_cli(capsys, "event", "import", str(source), "--db", database)
    assert code == 0, err
    assert "warning" not in err
    store = open_store(database)
    try:
        assert store.boards(1) == {1: Board(1, Seat.EAST, Vulnerability.ALL)}
        results = sorted(repr(stored.result) for stored in store.results(1))
        assert results == ["Result.played(-100)", "Result.played(620)"]
        assert [stored.entry.to_str() for stored in store.results(1)] == ["4S N 10", "4S N 9"]
    finally:
        store.close()
    code, out, err = run_cli(capsys, "event", "ranking", "1", "--db", database, "--json")
    assert code == 0, err
    first = json.loads(out)[0]
    assert (first["participant"], first["matches"][0]["imps"]) == ("A", 12.0)
