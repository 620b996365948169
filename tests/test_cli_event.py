"""A whole club session driven from the command line, on SQLite and on PostgreSQL.

``arbitro event new`` with a Mitchell, every result entered with ``arbitro result
enter``, a correction with its audit entry, an adjusted score, a penalty, the ranking,
the official results and the correction period (Law 79C), and the errors a director
may meet, each one line.
"""

from __future__ import annotations

import io
import json
import re
import shlex
from fractions import Fraction
from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.core import Board
from arbitro.core.seat import Seat
from arbitro.laws.authority import authority
from arbitro.scoring.penalties import Penalty
from arbitro.scoring.results import Average, Result
from arbitro.scoring.session import TableResult, score_session
from arbitro.tournament.movements import mitchell

pytest_plugins = ("postgresql_cluster",)  # the PostgreSQL cluster and the `database` fixture


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    captured = capsys.readouterr()
    code = exited.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err


def ok(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    code, out, err = run(capsys, *arguments)
    assert (code, err) == (0, ""), f"{arguments}: {err}"
    return out


def result_enter(event: str, board: str, table: str) -> tuple[str, ...]:
    """The start of ``arbitro result enter EVENT --board BOARD --table TABLE``; options follow."""
    return ("result", "enter", event, "--board", board, "--table", table)


# What each table made on each board: tricks by North in 4S, varied by board and table.
def tricks_for(board: int, table: int) -> int:
    return 8 + (board * 3 + table * 5) % 5


def test_law79c_a_club_session_from_the_command_line(
    capsys: pytest.CaptureFixture[str], database: str, tmp_path: Path
) -> None:
    db = ("--db", database)
    # The movement, proved sound (Law 8), kept in a file, and the event played by it.
    printed = json.loads(
        ok(
            capsys,
            "event",
            "movement",
            "--type",
            "mitchell",
            "--tables",
            "3",
            "--boards-per-round",
            "2",
            "--check",
            "--json",
        )
    )
    assert printed["problems"] == []
    movement_file = tmp_path / "mitchell-3.json"
    movement_file.write_text(json.dumps(printed), encoding="utf-8")
    created = json.loads(
        ok(
            capsys,
            "event",
            "new",
            "Tuesday pairs",
            "--movement-file",
            str(movement_file),
            "--pair",
            "1NS: Ana García #12345, Luis Pérez",
            "--correction-minutes",
            "0",
            "--json",
            *db,
        )
    )
    event = str(created["event"])
    assert (created["boards"], created["participants"]) == (6, 6)

    movement = mitchell(3, 2)
    expected: dict[tuple[int, int], TableResult] = {}
    for seating in movement.schedule:
        for board in seating.boards:
            if (board, seating.table) == (4, 2):
                # The director's artificial adjusted score (Law 12C2).
                out = ok(
                    capsys,
                    *result_enter(event, "4", "2"),
                    "--adjusted",
                    "A60/A40",
                    *db,
                )
                result = Result.artificial(Average.from_str("A60"), Average.from_str("A40"))
            else:
                tricks = tricks_for(board, seating.table)
                out = ok(
                    capsys,
                    *result_enter(event, str(board), str(seating.table)),
                    "--contract",
                    "4S",
                    "--declarer",
                    "N",
                    "--tricks",
                    str(tricks),
                    "--by",
                    "scorer",
                    *db,
                )
                result = Result.played(_north_4s(board, tricks))
            assert out.startswith(f"Stored: board {board}, table {seating.table}: ")
            assert seating.ns is not None
            assert seating.ew is not None
            expected[(board, seating.table)] = TableResult(board, seating.ns, seating.ew, result)

    # A correction, with its audit entry.
    out = ok(
        capsys,
        "result",
        "correct",
        event,
        "--board",
        "1",
        "--table",
        "1",
        "--contract",
        "4S",
        "--declarer",
        "N",
        "--tricks",
        "12",
        "--reason",
        "tricks miscounted",
        "--by",
        "TD",
        *db,
    )
    assert out.startswith("Corrected (version 2): board 1, table 1:")
    old = expected[(1, 1)]
    expected[(1, 1)] = TableResult(1, old.ns, old.ew, Result.played(_north_4s(1, 12)))
    audit = json.loads(ok(capsys, "result", "audit", event, "--json", *db))
    assert len(audit) == 19
    assert {
        k: audit[-1][k] for k in ("action", "by", "board", "table", "old", "new", "reason")
    } == {
        "action": "correct",
        "by": "TD",
        "board": 1,
        "table": 1,
        "old": f"4S N {tricks_for(1, 1)}",
        "new": "4S N 12",
        "reason": "tricks miscounted",
    }

    # A procedural penalty (Law 90): a quarter of a top off 2NS.
    out = ok(
        capsys,
        "event",
        "penalty",
        event,
        "2NS",
        "25%",
        "--reason",
        "slow play",
        "--law",
        "90B8",
        *db,
    )
    assert out == "Penalty 1 recorded: 2NS, 25% of a top (Law 90B8)\n"

    # The ranking is the scoring of what was entered, penalty included.
    ranking = json.loads(ok(capsys, "event", "ranking", event, "--json", *db))
    scored = score_session(
        expected.values(),
        "mp",
        authority("aeb"),
        [("2NS", Penalty(Fraction(1, 4), "top", "90B8"))],
    )
    assert {r["participant"]: r["total"] for r in ranking} == {
        p.pair: round(float(p.percentage or 0), 2) for p in scored.pairs
    }
    assert {r["participant"]: (r["rank"], r["tied"]) for r in ranking} == {
        p.pair: (p.rank, p.tied) for p in scored.pairs
    }
    # A Mitchell ranks each direction apart; North-South is a direction too (Side.NS is 0).
    assert [r["direction"] for r in ranking] == [r["participant"][-2:] for r in ranking]
    text = ok(capsys, "event", "ranking", event, *db)
    assert "North-South" in text
    assert "East-West" in text
    assert "Ana García, Luis Pérez" in text

    # Official results; with a correction period of 0 minutes they are final at once (79C1).
    out = ok(capsys, "event", "publish", event, "--by", "TD", *db)
    published, state = out.splitlines()
    assert published == f"Results of event {event} published."
    assert state.startswith("Final results: the correction period ended on ")
    # Board 2 at table 1 corrected to +620, once too late and once reopened.
    correct = ("result", "correct", event, "--board", "2", "--table", "1", "--score", "620")
    code, out, err = run(capsys, *correct, "--reason", "late", *db)
    assert code == 1
    assert out == ""
    assert err.startswith("arbitro: the correction period ended on ")
    assert err.count("\n") == 1
    assert "Law 79C" in err
    # The director reopens with a reason (79C2); the correction then goes through.
    ok(
        capsys, "event", "reopen", event, "--board", "2", "--reason",
        "board 2 entered for table 3", "--by", "TD", "--organiser", "Club", *db,
    )  # fmt: skip
    ok(capsys, *correct, "--reason", "79C2", *db)
    shown = ok(capsys, "event", "show", event, *db)
    assert "reopened for board 2: board 2 entered for table 3" in shown
    assert "Penalty 1 (procedural, Law 90B8): 2NS, 25% of a top; slow play" in shown


def _north_4s(board: int, tricks: int) -> int:
    """North-South's score for 4S by North making ``tricks``, by the Law 77 table written out."""
    vulnerable = Board(board).vulnerability.name in ("NS", "ALL")
    if tricks >= 10:
        return 120 + 30 * (tricks - 10) + (500 if vulnerable else 300)
    down = 10 - tricks
    return -(100 if vulnerable else 50) * down


def test_law12_records_rulings_penalties_and_appeals_from_the_command_line(
    capsys: pytest.CaptureFixture[str], database: str
) -> None:
    db = ("--db", database)
    ok(
        capsys,
        "event",
        "new",
        "Club",
        "--boards",
        "2",
        "--pair",
        "1",
        "--pair",
        "2",
        "--pair",
        "3",
        "--pair",
        "4",
        *db,
    )
    ok(
        capsys,
        *result_enter("1", "1", "1"),
        "--ns",
        "1",
        "--ew",
        "2",
        "--contract",
        "3NT",
        "--declarer",
        "S",
        "--tricks",
        "=",
        "--lead",
        "HK",
        *db,
    )
    out = ok(
        capsys,
        "event",
        "ruling",
        "1",
        "--board",
        "1",
        "--table",
        "1",
        "--law",
        "16B1a",
        "--text",
        "hesitation; score stands",
        "--by",
        "TD",
        *db,
    )
    assert out == "Ruling 1 recorded at board 1\n"
    assert (
        ok(
            capsys,
            "event",
            "appeal",
            "1",
            "2",
            "--reason",
            "the pause was long",
            "--ruling",
            "1",
            "--signed-by",
            "Eva",
            "--signed-by",
            "Juan",
            "--by",
            "TD",
            *db,
        )
        == "Appeal 1 lodged by 2\n"
    )
    assert ok(capsys, "event", "decide", "1", "1", "dismissed", "--by", "committee", *db) == (
        "Appeal 1: dismissed\n"
    )
    ok(capsys, "event", "penalty", "1", "3", "1MP", "--disciplinary", "--reason", "rude", *db)
    shown = json.loads(ok(capsys, "event", "show", "1", "--json", *db))
    assert [r["law"] for r in shown["rulings"]] == ["16B1a"]
    assert [(a["appellant"], a["decision"]) for a in shown["appeals"]] == [("2", "dismissed")]
    assert [(p["kind"], p["law"]) for p in shown["penalties"]] == [("disciplinary", "91")]
    # An appeal is decided once (Law 93): a second decision is refused, named.
    code, _, err = run(capsys, "event", "decide", "1", "1", "upheld", *db)
    assert code != 0
    assert "decided already (dismissed, by committee)" in err


_AT_TABLE_1 = ("--board", "1", "--table", "1", "--ns", "1", "--ew", "2")


@pytest.mark.parametrize(
    ("arguments", "status", "message"),
    [
        (
            [*_AT_TABLE_1, "--contract", "8S", "--declarer", "N", "--tricks", "9"],
            2,
            "arbitro: invalid contract '8S': the level must be 1 to 7\n",
        ),
        (
            ["--board", "9", "--table", "1", "--ns", "1", "--ew", "2", "--score", "420"],
            1,
            "arbitro: board 9 is not in the event (expected 1 to 2)\n",
        ),
        (
            ["--board", "1", "--table", "1", "--ns", "1", "--ew", "7", "--score", "420"],
            1,
            "arbitro: '7' is not a participant of the event (expected 1, 2)\n",
        ),
        (
            [*_AT_TABLE_1, "--contract", "4S", "--declarer", "N"],
            2,
            "arbitro: invalid result '4S N': the number of tricks is missing (expected --tricks)\n",
        ),
    ],
)
def test_bad_input_gets_one_line_and_stores_nothing(
    capsys: pytest.CaptureFixture[str],
    tmp_path: object,
    arguments: list[str],
    status: int,
    message: str,
) -> None:
    """A mistake in the entry ends with 2, a board or pair the event lacks with 1 (cli.md)."""
    db = ("--db", str(tmp_path) + "/club.sqlite3")
    ok(capsys, "event", "new", "Club", "--boards", "2", "--pair", "1", "--pair", "2", *db)
    code, out, err = run(capsys, "result", "enter", "1", *arguments, *db)
    assert (code, out, err) == (status, "", message)
    assert json.loads(ok(capsys, "result", "list", "1", "--json", *db)) == []


def test_export_writes_pbn_and_usebio_that_reads_back_to_the_ranking(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    db = ("--db", str(tmp_path) + "/club.sqlite3")
    ok(capsys, "event", "new", "Club", "--boards", "2", "--pair", "1", "--pair", "2", *db)
    ok(
        capsys,
        *result_enter("1", "2", "1"),
        "--ns",
        "1",
        "--ew",
        "2",
        "--contract",
        "4S",
        "--declarer",
        "N",
        "--tricks",
        "10",
        *db,
    )
    pbn = ok(capsys, "event", "export", "1", "-", "--pbn", *db)
    assert '[Board "2"]' in pbn
    assert '[Dealer "E"]' in pbn
    assert '[Vulnerable "NS"]' in pbn
    # The board's ScoreTable (PBN 2.1, 5.9): table 1, pairs 1 and 2, 4S by North, ten
    # tricks, North-South's score.
    assert '"1" "2" 4S N 10 - +620 - - -' in pbn
    from arbitro.formats import usebio

    xml = ok(capsys, "event", "export", "1", "-", "--usebio", *db)
    document = usebio.loads(xml)
    places = {
        participant.number: participant.place
        for participant in document.event.sessions[0].participants
    }
    # The USEBIO file carries the same places as the event's own ranking.
    ranking = json.loads(ok(capsys, "event", "ranking", "1", "--json", *db))
    expected = {row["participant"]: f"{row['rank']}{'=' if row['tied'] else ''}" for row in ranking}
    assert places == expected == {"1": "1", "2": "1"}
    # Each traveller line carries what the table played: 4S by North, ten tricks.
    [line] = next(b for b in document.event.sessions[0].boards if b.number == 2).lines
    assert (line.contract, line.declarer, line.tricks) == ("4S", Seat.NORTH, 10)


GUIDE = Path(__file__).resolve().parent.parent / "docs" / "director-guide.md"


def guide_commands() -> list[str]:
    """The ``sh`` lines of the director's guide, in order."""
    blocks = re.findall(r"```sh\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.DOTALL)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def test_law79c_the_directors_guide_runs_as_written(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, database: str
) -> None:
    commands = guide_commands()
    assert commands[0].startswith("export ARBITRO_DB=")
    monkeypatch.setenv("ARBITRO_DB", database)
    for command in commands[1:]:
        piped, _, command = command.rpartition(" | ")
        if piped:
            printed = shlex.split(piped)
            assert printed[0] == "printf"
            monkeypatch.setattr("sys.stdin", io.StringIO(printed[1].replace("\\n", "\n")))
        words = shlex.split(command)
        assert words[0] == "arbitro"
        out = ok(capsys, *words[1:])
        if words[1:3] == ["event", "new"]:
            assert out == "Event 1 created: Tuesday pairs, 6 boards, 6 participants\n"
    # Every table played every board (3 tables x 6 boards), and the audit kept it all.
    results = json.loads(ok(capsys, "result", "list", "1", "--json"))
    assert len(results) == 18
    audit = json.loads(ok(capsys, "result", "audit", "1", "--json"))
    assert [line["reason"] for line in audit if line["action"] == "correct"] == [
        "tricks miscounted",
        "79C2: wrong declarer",
    ]
    shown = json.loads(ok(capsys, "event", "show", "1", "--json"))
    assert [(a["appellant"], a["decision"]) for a in shown["appeals"]] == [("2EW", "dismissed")]
    assert shown["published"] is not None
    assert shown["reopened"] is None


def test_law8_a_howell_ranks_every_pair_together(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    ok(
        capsys,
        "event",
        "new",
        "Howell",
        "--movement",
        "howell",
        "--tables",
        "3",
        "--boards-per-round",
        "2",
        *db,
    )
    from arbitro.tournament.movements import howell

    movement = howell(3, 2)
    results = []
    for seating in movement.schedule:
        for board in seating.boards:
            tricks = 7 + (board + seating.table) % 4
            ok(
                capsys,
                *result_enter("1", str(board), str(seating.table)),
                "--contract",
                "1NT",
                "--declarer",
                "S",
                "--tricks",
                str(tricks),
                *db,
            )
            # 1NT made with (tricks - 7) overtricks: 40, 30 an overtrick, the part-score 50.
            score = 40 + 30 * (tricks - 7) + 50
            assert seating.ns is not None
            assert seating.ew is not None
            results.append(TableResult(board, seating.ns, seating.ew, Result.played(score)))
    ranking = json.loads(ok(capsys, "event", "ranking", "1", "--json", *db))
    assert all(r["direction"] is None for r in ranking)
    scored = score_session(results, "mp", authority("aeb"))
    assert not scored.by_direction
    assert {r["participant"]: (r["rank"], r["total"]) for r in ranking} == {
        p.pair: (p.rank, round(float(p.percentage or 0), 2)) for p in scored.pairs
    }


def test_result_import_stops_at_the_first_bad_line_and_names_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    ok(capsys, "event", "new", "Club", "--boards", "3", "--pair", "1", "--pair", "2", *db)
    travellers = tmp_path / "day.csv"
    travellers.write_text(
        "board,table,ns,ew,contract,declarer,tricks\n1,1,1,2,4S,N,10\n2,1,1,2,4S,N,14\n"
        "3,1,1,2,4S,N,10\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "result", "import", "1", str(travellers), *db)
    assert code == 1
    assert out == "Stored: board 1, table 1: 1 v 2, 4S N 10 (+420)\n"
    assert err == (
        f"arbitro: {travellers}, line 3: invalid number of tricks '14': expected a whole "
        "number from 0 to 13\n"
    )
    listed = json.loads(ok(capsys, "result", "list", "1", "--json", *db))
    assert [r["board"] for r in listed] == [1]


def test_results_are_read_and_refused_in_spanish(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    ok(capsys, "event", "new", "Club", "--boards", "2", "--pair", "1", "--pair", "2", *db)
    out = ok(
        capsys,
        *result_enter("1", "1", "1"),
        "--ns",
        "1",
        "--ew",
        "2",
        "--contract",
        "4P",
        "--declarer",
        "O",
        "--tricks",
        "10",
        "--lang",
        "es",
        *db,
    )
    assert out == "Guardado: estuche 1, mesa 1: 1 contra 2, 4P O 10 (-420)\n"
    code, _, err = run(
        capsys,
        *result_enter("1", "7", "1"),
        "--ns",
        "1",
        "--ew",
        "2",
        "--score",
        "50",
        "--lang",
        "es",
        *db,
    )
    assert (code, err) == (1, "arbitro: el estuche 7 no está en el torneo (se esperaba de 1 a 2)\n")


def test_event_list_shows_the_state_of_the_results(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    ok(capsys, "event", "new", "Monday", "--boards", "2", *db)
    ok(capsys, "event", "new", "Friday", "--boards", "2", "--correction-minutes", "0", *db)
    ok(capsys, "event", "publish", "2", *db)
    listed = ok(capsys, "event", "list", *db).splitlines()
    assert listed[0] == (
        "1  Monday  Provisional results: the director has not published the official "
        "results yet (Law 79C1)."
    )
    assert listed[1].startswith("2  Friday  Final results: the correction period ended on ")


def test_law78a_individual_event_exports_its_players_to_usebio(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from arbitro.formats import usebio
    from arbitro.store import open_store
    from arbitro.tournament.entry import Entry
    from arbitro.tournament.event import EventSpec, Participant
    from arbitro.tournament.movements import individual

    path = tmp_path / "individual.sqlite3"
    movement = individual(2, 1)
    players = [Participant.from_str(f"{n}: Player {n}") for n in range(1, 9)]
    store = open_store(f"sqlite:///{path}")
    try:
        event = store.create_event(
            EventSpec("Individual", boards=movement.boards, kind="individual"), players, movement
        )
        for number, seating in enumerate(movement.schedule):
            for board in seating.boards:
                store.enter_result(
                    event, board, seating.table, Entry.from_str(f"score {(number % 6 + 1) * 100}")
                )
        ranking = {standing.participant: standing.rank for standing in store.ranking(event)}
    finally:
        store.close()
    xml = ok(capsys, "event", "export", str(event), "-", "--usebio", "--db", str(path))
    document = usebio.loads(xml)
    assert document.event.event_type == "INDIVIDUAL"
    session = document.event.sessions[0]
    assert {participant.kind for participant in session.participants} == {"player"}
    assert all(line.players is not None for board in session.boards for line in board.lines)
    again = score_session(usebio.table_results(session), usebio.method_of(document.event))
    read = {standing.player: standing.rank for standing in usebio.player_standings(again)}
    assert read == ranking


def test_law78b_round_robin_teams_event_exports_its_matches_to_usebio(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Four teams, three rounds of two boards: the file's matches are ``Store.matches``."""
    from arbitro.core import Seat
    from arbitro.formats import usebio
    from arbitro.store import open_store
    from arbitro.tournament.entry import Entry
    from arbitro.tournament.event import EventSpec, Participant, Player
    from arbitro.tournament.movements import berger
    from arbitro.tournament.records import PenaltyKind, PenaltyRecord
    from arbitro.tournament.teams import score_matches

    path = tmp_path / "teams.sqlite3"
    scores = iter([600, 170, -100, -110, 400, -90, 140, 110, 1430, 690, -200, 100] * 2)
    store = open_store(f"sqlite:///{path}")
    try:
        spec = EventSpec("Liga", boards=6, kind="teams")
        # Each team names its four players (Law 4: a team is four to six).
        teams = [
            Participant(str(n), tuple(Player(f"Jugador {n}{i}", f"{n}0{i}") for i in range(1, 5)))
            for n in range(1, 5)
        ]
        event = store.create_event(spec, teams)
        for round_index, pairings in enumerate(berger(4)):
            for match_index, (home, away) in enumerate(pairings):
                for board in (2 * round_index + 1, 2 * round_index + 2):
                    for table, (ns, ew) in enumerate(
                        ((home, away), (away, home)), start=2 * match_index + 1
                    ):
                        entry = Entry.from_str(f"score {next(scores)}")
                        if (board, table) == (1, 1):
                            entry = Entry.from_str("4S N 10")
                        store.enter_result(event, board, table, entry, ns=str(ns), ew=str(ew))
        # A procedural penalty in VPs (Law 90) comes off the official ranking.
        store.add_penalty(
            event, PenaltyRecord("2", PenaltyKind.PROCEDURAL, Fraction(1), "vp", "90", "slow")
        )
        matches = store.matches(event)[1]
        ranking = {s.participant: (s.rank_label, s.total) for s in store.ranking(event)}
    finally:
        store.close()
    code, xml, err = run(capsys, "event", "export", str(event), "-", "--usebio", "--db", str(path))
    assert (code, err) == (0, "")
    document = usebio.loads(xml)
    assert document.event.event_type == "TEAMS"
    assert document.event.match_scoring == "VPS"
    session = document.event.sessions[0]
    written = [
        (m.team, m.opposing_team, m.team_imps, m.opposing_team_imps, m.team_score)
        for m in session.matches
    ]
    assert written == [(m.home, m.away, m.home_imps, m.away_imps, m.home_vps) for m in matches]
    # Every board of every match with both tables, and scored again to the same matches.
    assert [len(board.lines) for m in session.matches for board in m.boards] == [2] * 12
    first = session.matches[0].boards[0].lines[0]
    assert (first.contract, first.declarer, first.tricks, first.result) == (
        "4S",
        Seat.NORTH,
        10,
        Result.played(420),
    )
    assert score_matches(usebio.team_results(session)) == matches
    # The places are the event's ranking, the penalty taken off.
    assert {p.number: (p.place, p.total) for p in session.participants} == ranking
    assert {p.number: p.players for p in session.participants} == {
        str(n): tuple(usebio.Player(f"Jugador {n}{i}", f"{n}0{i}") for i in range(1, 5))
        for n in range(1, 5)
    }


def test_law78b_teams_event_of_two_sessions_exports_each_sessions_matches(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from arbitro.formats import usebio
    from arbitro.store import open_store
    from arbitro.tournament.entry import Entry
    from arbitro.tournament.event import EventSpec, Participant

    path = tmp_path / "teams.sqlite3"
    store = open_store(f"sqlite:///{path}")
    try:
        spec = EventSpec("Copa", boards=1, kind="teams", sessions=2)
        event = store.create_event(spec, [Participant("A"), Participant("B")])
        for session, (here, there) in ((1, (420, 170)), (2, (-100, 110))):
            for table, (ns, ew), score in ((1, ("A", "B"), here), (2, ("B", "A"), there)):
                entry = Entry.from_str(f"score {score}")
                store.enter_result(event, 1, table, entry, ns=ns, ew=ew, session=session)
        matches = store.matches(event)
    finally:
        store.close()
    code, xml, err = run(capsys, "event", "export", str(event), "-", "--usebio", "--db", str(path))
    assert (code, err) == (0, "")
    sessions = usebio.loads(xml).event.sessions
    assert [session.number for session in sessions] == ["1", "2"]
    for written, number in zip(sessions, (1, 2), strict=True):
        [match] = matches[number]
        assert [(m.team_imps, m.team_score) for m in written.matches] == [
            (match.home_imps, match.home_vps)
        ]
        # Each session's places are by its own match's victory points.
        winner = match.home if match.home_vps > match.away_vps else match.away
        assert written.participants[0].number == winner


def test_law78_carry_over_with_a_zero_denominator_is_refused_by_name(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    db = ("--db", str(tmp_path) + "/club.sqlite3")
    code, _, err = run(
        capsys,
        "event",
        "new",
        "Club",
        "--boards",
        "2",
        "--pair",
        "1",
        "--pair",
        "2",
        "--carry-over",
        "1,1/0",
        *db,
    )
    assert code == 2
    assert "invalid carry-over '1,1/0'" in err
    assert "internal error" not in err


@pytest.mark.parametrize(
    ("kind", "option"),
    [("howell", "--relay"), ("howell", "--arrow-switch"), ("mitchell", "--half-table")],
)
def test_law8_an_option_of_another_movement_is_refused_not_ignored(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str, option: str
) -> None:
    code, out, err = run(capsys, "event", "movement", "--type", kind, "--tables", "3", option)
    assert code == 2
    assert f"{option} is not an option of this movement" in err
    assert out == ""
    database = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    arguments = ("--movement", kind, "--tables", "3", option, "--db", database)
    code, _, err = run(capsys, "event", "new", "Martes", *arguments)
    assert code == 2
    assert f"{option} is not an option of this movement" in err
    from arbitro.store import open_store

    store = open_store(database)
    assert store.events() == []
    store.close()


def test_law8_event_new_refuses_a_movement_file_that_is_not_sound(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = Path(__file__).resolve().parent.parent / "docs" / "examples" / "broken-mitchell.json"
    database = tmp_path / "club.sqlite3"
    with pytest.raises(SystemExit) as exited:
        main(["event", "new", "Martes", "--movement-file", str(broken), "--db", str(database)])
    assert exited.value.code == 2
    error = capsys.readouterr().err
    assert "the movement is not sound" in error
    assert "3NS plays board 1 again (first in round 2)" in error
    assert not database.exists()  # nothing created


@pytest.mark.parametrize(
    ("lang", "line"), [("en", "Movement: Howell, 3 tables"), ("es", "Movimiento: Howell, 3 mesas")]
)
def test_event_show_names_the_movement_as_directors_do(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, line: str
) -> None:
    db = ("--db", str(tmp_path / "club.db"))
    ok(capsys, "event", "new", "Martes", "--movement", "howell", "--tables", "3", *db)
    assert line in ok(capsys, "event", "show", "1", "--lang", lang, *db)


def test_event_show_says_a_teams_event_is_scored_in_imps_and_victory_points(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.db"))
    ok(
        capsys,
        "event",
        "new",
        "Liga",
        "--kind",
        "teams",
        "--movement",
        "round-robin",
        "--tables",
        "4",
        *db,
    )
    shown = ok(capsys, "event", "show", "1", "--lang", "es", *db)
    assert "equipos, IMP y puntos de victoria (AEB)" in shown
    assert "puntos de match" not in shown
