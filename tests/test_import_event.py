"""``arbitro event import``: an event created whole from another program's USEBIO file.

The files are our own in Compscore3's shape (``tests/data/programs/usebio``): the
event is created with the file's pairs (and their players' names), boards and
traveller lines, scored with the file's method, and the figures the file published
are compared with the event's scores as ``arbitro session score`` compares them.
USEBIO gives no table numbers: each board's lines are its tables 1, 2, ... in file
order. A line the event refuses stops the import with nothing stored.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.formats import usebio
from arbitro.scoring.session import show
from arbitro.store import open_store

USEBIO = Path(__file__).resolve().parent / "data" / "programs" / "usebio"
TOTAL = re.compile(r"<PAIR_NUMBER>([^<]+)</PAIR_NUMBER>.*?<TOTAL_SCORE>([^<]+)</TOTAL_SCORE>", re.S)


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    captured = capsys.readouterr()
    code = exited.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err


@pytest.mark.parametrize(
    ("name", "method", "pairs", "lines"),
    [
        ("compscore3-mp-howell.xml", "mp", 6, 9),
        ("compscore3-mp-howell-a5050.xml", "mp", 6, 9),
        ("compscore3-butler-mitchell.xml", "imp-butler", 8, 8),
        ("compscore3-cross-imp-howell.xml", "cross-imp", 6, 9),
    ],
)
def test_event_import_reproduces_the_published_totals_with_the_files_method(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
    method: str,
    pairs: int,
    lines: int,
) -> None:
    database = str(tmp_path / "club.db")
    code, out, err = run(capsys, "event", "import", str(USEBIO / name), "--db", database)
    assert code == 0, err
    assert re.match(
        r"Event 1 imported: .+, \d+ boards, " f"{pairs} participants, {lines} results", out
    )
    assert re.fullmatch(r"Published figures: \d+ compared, all agree with Árbitro's\n", err)
    store = open_store(database)
    try:
        assert store.event(1).spec.method == method
        assert len(store.results(1)) == lines
        published = dict(TOTAL.findall((USEBIO / name).read_text(encoding="utf-8")))
        (scored,) = store.score(1)
        computed = {standing.pair: standing.factored for standing in scored.pairs}
        assert published  # the files publish every pair's total, on Árbitro's scale
        assert {pair: show(computed[pair]) for pair in published} == {
            pair: show(Fraction(total)) for pair, total in published.items()
        }
    finally:
        store.close()


def test_event_import_keeps_the_players_names_and_numbers_tables_in_file_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database = str(tmp_path / "club.db")
    source = USEBIO / "compscore3-mp-howell-a5050.xml"
    code, _, err = run(capsys, "event", "import", str(source), "--db", database)
    assert code == 0, err
    store = open_store(database)
    try:
        names = {p.number: [player.name for player in p.players] for p in store.participants(1)}
        assert names["1"] == ["PLAYER 1A", "PLAYER 1B"]
        board_1 = [(r.table, r.ns, r.ew) for r in store.results(1) if r.board == 1]
        assert board_1 == [(1, "1", "2"), (2, "3", "4"), (3, "5", "6")]
        artificial = [r.entry.to_str() for r in store.results(1) if r.entry.adjusted]
        assert artificial == ["adjusted A50"]
        played = next(r for r in store.results(1) if (r.board, r.table) == (1, 1))
        assert played.entry.to_str().startswith("4S N 10 lead HK")  # the lead, rank first
    finally:
        store.close()


def test_event_import_reports_each_published_figure_that_differs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = (USEBIO / "compscore3-mp-howell.xml").read_text(encoding="utf-8")
    first = "<NS_MATCH_POINTS>4.00</NS_MATCH_POINTS>\n    <EW_MATCH_POINTS>0.00</EW_MATCH_POINTS>"
    swapped = "<NS_MATCH_POINTS>0.00</NS_MATCH_POINTS>\n    <EW_MATCH_POINTS>4.00</EW_MATCH_POINTS>"
    assert text.index(first) < text.index("<NS_MATCH_POINTS>", text.index(first) + 1)
    altered = text.replace(first, swapped, 1).replace(
        "<TOTAL_SCORE>7.00</TOTAL_SCORE>", "<TOTAL_SCORE>6.00</TOTAL_SCORE>", 1
    )
    assert altered != text
    source = tmp_path / "altered.xml"
    source.write_text(altered, encoding="utf-8")
    database = str(tmp_path / "club.db")
    code, out, err = run(capsys, "event", "import", str(source), "--db", database)
    assert code == 0, err
    assert out.startswith("Event 1 imported")
    assert err.splitlines() == [
        "Published figures: 36 compared, 3 differ from Árbitro's",
        "  board 1, 1 v 2: North-South points: published 0.00, computed 4.00",
        "  board 1, 1 v 2: East-West points: published 4.00, computed 0.00",
        "  pair 1: total: published 6.00, computed 7.00",
    ]
    _, _, session_err = run(capsys, "session", "score", str(source))
    assert session_err == err  # the one comparison, word for word


def test_event_import_json_gives_the_comparison(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database = str(tmp_path / "club.db")
    source = str(USEBIO / "compscore3-cross-imp-howell.xml")
    code, out, err = run(capsys, "event", "import", source, "--db", database, "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert (data["event"], data["participants"], data["results"]) == (1, 6, 9)
    assert data["published"]["compared"] == 30
    assert data["published"]["differences"] == []


def test_event_import_refuses_a_bad_line_and_stores_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A line the event's rules refuse (under the WBF's, a score its contract contradicts)."""
    text = (USEBIO / "compscore3-mp-howell.xml").read_text(encoding="utf-8")
    last = text.rindex("<SCORE>")
    source = tmp_path / "bad.xml"
    source.write_text(text[:last] + "<SCORE>50</SCORE>" + text[text.index("\n", last) :])
    database = str(tmp_path / "club.db")
    code, out, err = run(
        capsys, "event", "import", str(source), "--db", database, "--profile", "wbf"
    )
    assert code != 0
    assert out == ""
    refused = [line for line in err.splitlines() if not line.startswith("warning: ")]
    assert len(refused) == 1
    assert f"{source}, session 1, board 3, traveller line 3: " in err
    assert "the contract gives" in err
    store = open_store(database)
    try:
        assert store.events() == []
    finally:
        store.close()


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("board,ns,ew,score\n1,1,2,420\n", "is neither a USEBIO file"),
        ("<USEBIO Version='1.2'><EVENT>", ", line "),
    ],
)
def test_event_import_refuses_a_csv_or_broken_xml_file_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, expected: str
) -> None:
    source = tmp_path / "night.txt"
    source.write_text(content, encoding="utf-8")
    database = str(tmp_path / "club.db")
    code, out, err = run(capsys, "event", "import", str(source), "--db", database)
    assert code != 0
    assert out == ""
    assert str(source) in err
    assert expected in err
    assert "Traceback" not in err


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_event_import_numbers_tables_in_file_order_whatever_the_order(
    capsys: pytest.CaptureFixture[str],
    tmp_path_factory: pytest.TempPathFactory,
    data: st.DataObject,
) -> None:
    read = usebio.load(USEBIO / "compscore3-mp-howell.xml")
    (session,) = read.event.sessions
    boards = tuple(
        replace(board, lines=tuple(data.draw(st.permutations(board.lines))))
        for board in session.boards
    )
    shuffled = replace(read, event=replace(read.event, sessions=(replace(session, boards=boards),)))
    folder = tmp_path_factory.mktemp("shuffled")
    usebio.dump(shuffled, folder / "shuffled.xml")
    database = str(folder / "club.db")
    code, _, err = run(capsys, "event", "import", str(folder / "shuffled.xml"), "--db", database)
    assert code == 0, err
    assert err == "Published figures: 36 compared, all agree with Árbitro's\n"
    store = open_store(database)
    try:
        stored = [(r.board, r.table, r.ns, r.ew) for r in store.results(1)]
        in_file = [
            (board.number, table, line.ns, line.ew)
            for board in boards
            for table, line in enumerate(board.lines, start=1)
        ]
        assert sorted(stored) == sorted(in_file)
    finally:
        store.close()


def test_event_import_of_a_pbn_score_table_ranks_as_session_score_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = str(Path(__file__).resolve().parent / "data" / "programs" / "session" / "howell.pbn")
    database = str(tmp_path / "club.db")
    code, out, err = run(capsys, "event", "import", source, "--db", database)
    assert (code, err) == (0, "")
    assert out == "Event 1 imported: Howell de prueba, 3 boards, 6 participants, 9 results\n"
    _, scored, _ = run(capsys, "session", "score", source, "--json")
    expected = {pair["pair"]: pair["factored"] for pair in json.loads(scored)["pairs"]}
    store = open_store(database)
    try:
        (computed,) = store.score(1)
        assert {s.pair: float(s.factored) for s in computed.pairs} == expected
        board_2 = [(r.table, r.ns, r.ew) for r in store.results(1) if r.board == 2]
        assert board_2 == [(1, "1", "3"), (2, "4", "2"), (3, "6", "5")]  # the rows' order
    finally:
        store.close()


def test_event_import_of_pbn_games_keeps_a_pair_whichever_seats_and_numbers_tables_in_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "night.pbn"
    source.write_text(
        '[Event "Club"]\n[Board "1"]\n[Vulnerable "None"]\n[Scoring "MP"]\n'
        '[North "Ana"]\n[South "Luis"]\n[East "Eva"]\n[West "Pau"]\n'
        '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n\n'
        '[Board "2"]\n[Vulnerable "NS"]\n[Scoring "MP"]\n'
        '[North "Luis"]\n[South "Ana"]\n[East "Pau"]\n[West "Eva"]\n'
        '[Declarer ""]\n[Contract "Pass"]\n[Result ""]\n\n'
        '[Board "1"]\n[Vulnerable "None"]\n[Scoring "MP"]\n'
        '[North "Rita"]\n[South "Juan"]\n[East "Sara"]\n[West "Tom"]\n'
        '[Declarer "W"]\n[Contract "3NTX"]\n[Result "8"]\n',
        encoding="utf-8",
    )
    database = str(tmp_path / "club.db")
    code, out, err = run(capsys, "event", "import", str(source), "--db", database)
    assert (code, err) == (0, "")
    assert out == "Event 1 imported: Club, 2 boards, 4 participants, 3 results\n"
    store = open_store(database)
    try:
        pairs = {one.number: [p.name for p in one.players] for one in store.participants(1)}
        assert pairs == {
            "1": ["Ana", "Luis"],
            "2": ["Eva", "Pau"],
            "3": ["Rita", "Juan"],
            "4": ["Sara", "Tom"],
        }
        lines = sorted((r.board, r.table, r.ns, r.ew) for r in store.results(1))
        assert lines == [(1, 1, "1", "2"), (1, 2, "3", "4"), (2, 1, "1", "2")]
    finally:
        store.close()


@pytest.mark.parametrize(
    ("game", "problem"),
    [
        (
            '[North "Ana"]\n[South "Luis"]\n[East "Eva"]\n[West "Pau"]\n'
            '[Declarer "N"]\n[Contract "4S"]\n[Result "14"]\n',
            ", line 10: board 1, table 2: invalid number of tricks '14'",
        ),
        (
            '[North "Ana"]\n[South "Luis"]\n[East "Eva"]\n'
            '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n',
            ", line 10: a game with a result names its four players (North, South, East and West)",
        ),
    ],
)
def test_event_import_refuses_a_bad_pbn_game_naming_its_line_and_stores_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, problem: str
) -> None:
    source = tmp_path / "night.pbn"
    source.write_text(
        '[Board "1"]\n[North "Rita"]\n[South "Juan"]\n[East "Sara"]\n[West "Tom"]\n'
        '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n\n'  # lines 1-8, then 9 empty
        f'[Board "1"]\n{game}',  # the second game's Board tag is line 10
        encoding="utf-8",
    )
    database = str(tmp_path / "club.db")
    code, out, err = run(capsys, "event", "import", str(source), "--db", database)
    assert (code != 0, out) == (True, "")
    assert err.startswith("arbitro"), err
    assert f"{source}{problem}" in err
    store = open_store(database)
    try:
        assert store.events() == []
    finally:
        store.close()


@pytest.mark.parametrize(
    ("tags", "problem"),
    [
        ('[Board "²"]\n', ", line 1: expected a board number, found '²'"),
        ('[Board "1"]\n[Table "²"]\n', ""),  # a table tag not in digits: numbered in order
    ],
)
def test_event_import_reads_only_the_digits_0_to_9_as_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, tags: str, problem: str
) -> None:
    """``"²".isdigit()`` is true: a board so written is refused naming its line, never a crash."""
    source = tmp_path / "night.pbn"
    source.write_text(
        f'{tags}[North "Rita"]\n[South "Juan"]\n[East "Sara"]\n[West "Tom"]\n'
        '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n',
        encoding="utf-8",
    )
    database = str(tmp_path / "club.db")
    code, _, err = run(capsys, "event", "import", str(source), "--db", database)
    if problem:
        assert code == 2, err
        assert f"{source}{problem}" in err
    else:
        assert code == 0, err
        store = open_store(database)
        try:
            [info] = store.events()
            assert [(one.board, one.table) for one in store.results(info.id)] == [(1, 1)]
        finally:
            store.close()


def test_event_import_of_a_pbn_reports_its_score_tables_differences_as_session_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "night.pbn"
    source.write_text(
        '[Event "Club"]\n[Board "1"]\n[Vulnerable "None"]\n[Scoring "MP"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;MP_NS;MP_EW"]\n'
        "1 2 4S N 10 2 0\n3 4 4S N 9 1 1\n",
        encoding="utf-8",
    )
    database = str(tmp_path / "club.db")
    code, out, err = run(capsys, "event", "import", str(source), "--db", database)
    assert code == 0, err
    assert out == "Event 1 imported: Club, 1 board, 4 participants, 2 results\n"
    assert err.splitlines() == [
        "Published figures: 4 compared, 2 differ from Árbitro's",
        "  board 1, 3 v 4: North-South points: published 1.00, computed 0.00",
        "  board 1, 3 v 4: East-West points: published 1.00, computed 2.00",
    ]
    _, _, session_err = run(capsys, "session", "score", str(source))
    assert session_err == err


def test_event_import_of_two_sessions_numbers_tables_and_compares_each_session(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    read = usebio.load(USEBIO / "compscore3-mp-howell.xml")
    (session,) = read.event.sessions
    second = replace(session, number="2")
    usebio.dump(
        replace(read, event=replace(read.event, sessions=(session, second))),
        tmp_path / "two.xml",
    )
    database = str(tmp_path / "club.db")
    code, out, err = run(capsys, "event", "import", str(tmp_path / "two.xml"), "--db", database)
    assert code == 0, err
    assert out.endswith("6 participants, 18 results\n")
    assert err == "Published figures: 72 compared, all agree with Árbitro's\n"
    store = open_store(database)
    try:
        assert store.event(1).spec.sessions == 2
        for number in (1, 2):
            tables = [(r.board, r.table) for r in store.results(1, number)]
            assert sorted(tables) == [(b, t) for b in (1, 2, 3) for t in (1, 2, 3)]
    finally:
        store.close()


_GAMES = (  # (board, table, North, South, East, West, declarer, contract, tricks)
    ("1", "1", "Ana", "Luis", "Eva", "Pau", "N", "4S", "10"),
    ("1", "2", "Rita", "Juan", "Sara", "Tom", "W", "3NT", "8"),
    ("2", "1", "Luis", "Ana", "Pau", "Eva", "E", "2H", "9"),
    ("2", "2", "Sara", "Tom", "Juan", "Rita", "S", "1NT", "7"),
    ("3", "2", "Eva", "Pau", "Rita", "Juan", "N", "3D", "9"),
)


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(order=st.permutations(_GAMES))
def test_event_import_of_pbn_games_stores_the_same_tables_and_players_in_any_order(
    capsys: pytest.CaptureFixture[str],
    tmp_path_factory: pytest.TempPathFactory,
    order: list[tuple[str, ...]],
) -> None:
    folder = tmp_path_factory.mktemp("games")
    (folder / "games.pbn").write_text(
        "\n".join(
            f'[Board "{b}"]\n[Table "{t}"]\n[North "{n}"]\n[South "{s}"]\n[East "{e}"]\n'
            f'[West "{w}"]\n[Declarer "{d}"]\n[Contract "{c}"]\n[Result "{r}"]\n'
            for b, t, n, s, e, w, d, c, r in order
        ),
        encoding="utf-8",
    )
    database = str(folder / "club.db")
    code, _, err = run(capsys, "event", "import", str(folder / "games.pbn"), "--db", database)
    assert code == 0, err
    store = open_store(database)
    try:
        players = {
            one.number: frozenset(player.name for player in one.players)
            for one in store.participants(1)
        }
        assert len(players) == 4  # the same two players are one pair in either seats
        stored = {(r.board, r.table, players[r.ns], players[r.ew]) for r in store.results(1)}
        assert stored == {
            (int(b), int(t), frozenset((n, s)), frozenset((e, w)))
            for b, t, n, s, e, w, *_ in _GAMES
        }
    finally:
        store.close()


def test_pbn_games_results_written_by_side_score_as_declarers_tricks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """PBN's Result may be written by side (``NS 10 EW 3``, ``EW 3``): declarer's tricks all the same."""
    players = '[North "Rita"]\n[South "Juan"]\n[East "Sara"]\n[West "Tom"]\n'
    others = '[North "Ana"]\n[South "Luis"]\n[East "Eva"]\n[West "Pau"]\n'
    source = tmp_path / "night.pbn"
    source.write_text(
        f'[Board "1"]\n[Table "1"]\n{players}[Declarer "N"]\n[Contract "4S"]\n'
        '[Result "NS 10 EW 3"]\n\n'
        f'[Board "1"]\n[Table "2"]\n{others}[Declarer "W"]\n[Contract "3NT"]\n'
        '[Result "NS 5"]\n',
        encoding="utf-8",
    )
    code, out, err = run(capsys, "session", "score", str(source), "--json")
    assert code == 0, err
    rows = {row["ns"]: row["result"] for row in json.loads(out)["boards"][0]["results"]}
    assert rows == {"Rita - Juan": "+420", "Ana - Luis": "+50"}  # 3NT by West, 8 tricks
    database = str(tmp_path / "club.db")
    code, _, err = run(capsys, "event", "import", str(source), "--db", database)
    assert code == 0, err
    store = open_store(database)
    try:
        assert sorted(r.entry.to_str() for r in store.results(1)) == ["3NT W 8", "4S N 10"]
    finally:
        store.close()
