"""The event exports of the command line.

The USEBIO file of a pairs event names each pair's players (Law 78A: the pairs that
were ranked), and the PBN file is one that ``arbitro check`` accepts: a board the
director scored (Law 12C) carries no bogus played score, and each session is told apart.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.formats import usebio


def ok(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    captured = capsys.readouterr()
    assert (exited.value.code in (0, None), captured.err) == (True, ""), (
        f"{arguments}: {captured.err}"
    )
    return captured.out


def test_law78a_usebio_export_of_a_pairs_event_names_its_players(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    ok(
        capsys,
        "event",
        "new",
        "Club",
        "--boards",
        "2",
        "--pair",
        "1: Ana García #12345, Luis Pérez",
        "--pair",
        "2",
        *db,
    )
    ok(
        capsys,
        *("result", "enter", "1", "--board", "1", "--table", "1", "--ns", "1", "--ew", "2"),
        *("--contract", "4S", "--declarer", "N", "--tricks", "10"),
        *db,
    )
    document = usebio.loads(ok(capsys, "event", "export", "1", "-", "--usebio", *db))
    [session] = document.event.sessions
    players = {p.number: p.players for p in session.participants}
    assert players["1"] == (usebio.Player("Ana García", "12345"), usebio.Player("Luis Pérez"))


def test_law12c_pbn_export_of_an_adjusted_board_is_valid_pbn_without_a_bogus_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    ok(capsys, "event", "new", "Club", "--boards", "2", "--pair", "1", "--pair", "2", *db)
    enter = ("result", "enter", "1", "--table", "1", "--ns", "1", "--ew", "2")
    ok(capsys, *enter, "--board", "1", "--contract", "4S", "--declarer", "N", "--tricks", "10", *db)
    ok(capsys, *enter, "--board", "2", "--adjusted", "A+/A-", *db)
    path = tmp_path / "club.pbn"
    ok(capsys, "event", "export", "1", str(path), "--pbn", *db)
    text = path.read_text(encoding="utf-8")
    played, adjusted = text.split("\n\n")[:2]  # a board's commentary opens its game
    assert '"1" "2" 4S N 10 - +420 - - -' in played
    # PBN's Score_NS holds a score in points: the director's A+/A- is in the Adjusted
    # column and a commentary instead.
    assert '"1" "2" - - - - - "A+/A-" - -' in adjusted
    assert "{Table 1: adjusted score (Law 12C): NS A+/A-}" in adjusted
    assert ok(capsys, "check", str(path)) == f"{path}: no problems\n"
    out = ok(capsys, "convert", str(path), str(tmp_path / "again.pbn"))
    assert out.startswith("2 games written")
    out = ok(capsys, "session", "score", str(path), "--json")
    assert [line["result"] for board in json.loads(out)["boards"] for line in board["results"]] == [
        "+420",
        "A+/A-",
    ]


def test_pbn_export_tells_the_sessions_of_an_event_apart(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    ok(
        capsys,
        *("event", "new", "Two nights", "--movement", "mitchell", "--tables", "3"),
        *("--boards-per-round", "2", "--sessions", "2"),
        *db,
    )
    csv = tmp_path / "s.csv"
    csv.write_text("board,table,contract,declarer,tricks\n1,1,4S,N,10\n2,1,3NT,S,9\n")
    ok(capsys, "result", "import", "1", str(csv), *db)
    ok(capsys, "result", "import", "1", str(csv), "--session", "2", *db)
    path = tmp_path / "two.pbn"
    ok(capsys, "event", "export", "1", str(path), "--pbn", *db)
    lines = path.read_text(encoding="utf-8").splitlines()
    stages = [line for line in lines if line.startswith("[Stage")]
    assert stages == ['[Stage "Session 1"]'] * 2 + ['[Stage "Session 2"]'] * 2
    assert ok(capsys, "check", str(path)) == f"{path}: no problems\n"


def small_night(capsys: pytest.CaptureFixture[str], db: tuple[str, ...]) -> None:
    """Four pairs at two tables on board 1: 4S by North, ten tricks, then nine."""
    pairs = [argument for number in "1234" for argument in ("--pair", number)]
    ok(capsys, "event", "new", "Club", "--boards", "2", *pairs, *db)
    for table, ns, ew, tricks in ((1, "1", "2", "10"), (2, "3", "4", "9")):
        ok(
            capsys,
            *("result", "enter", "1", "--board", "1", "--table", str(table)),
            *("--ns", ns, "--ew", ew, "--contract", "4S", "--declarer", "N", "--tricks", tricks),
            *db,
        )


def test_law78a_traveller_gives_each_table_its_matchpoints(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    small_night(capsys, db)
    lines = json.loads(ok(capsys, "event", "traveller", "1", "1", "--json", *db))
    assert [(line["table"], line["ns"], line["ew"], line["score"]) for line in lines] == [
        (1, "1", "2", "+420"),
        (2, "3", "4", "-50"),
    ]
    # The better North-South score gets more matchpoints; each table shares the same top.
    first, second = lines
    assert float(first["ns_points"]) > float(second["ns_points"])
    tops = {float(line["ns_points"]) + float(line["ew_points"]) for line in lines}
    assert len(tops) == 1
    text = ok(capsys, "event", "traveller", "1", "1", *db)
    assert "+420" in text
    assert f"{first['ns_points']:.2f}" in text


def test_law90_score_card_gives_boards_points_total_and_penalties(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    small_night(capsys, db)
    ok(capsys, "event", "penalty", "1", "4", "2MP", "--reason", "slow play", "--law", "90B8", *db)
    traveller = json.loads(ok(capsys, "event", "traveller", "1", "1", "--json", *db))
    card = json.loads(ok(capsys, "event", "card", "1", "4", "--json", *db))
    [board] = card["boards"]
    assert (board["board"], board["direction"], board["opponents"]) == (1, "EW", "3")
    assert board["points"] == traveller[1]["ew_points"]
    [penalty] = card["penalties"]
    assert (penalty["law"], penalty["reason"]) == ("90B8", "slow play")
    text = ok(capsys, "event", "card", "1", "4", *db)
    assert "(Law 90B8) slow play" in text
    spanish = ok(capsys, "event", "card", "1", "4", "--lang", "es", *db)
    assert "(Artículo 90B8)" in spanish


def test_traveller_and_card_name_what_is_missing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    small_night(capsys, db)
    for arguments, message in (
        (("traveller", "1", "2"), "arbitro: board 2 of session 1 has no results\n"),
        (
            ("card", "1", "9"),
            "arbitro: '9' is not a participant of the event (expected 1, 2, 3, 4)\n",
        ),
    ):
        with pytest.raises(SystemExit) as exited:
            main(["event", *arguments, *db])
        assert (exited.value.code, capsys.readouterr().err) == (1, message)


def test_law78a_a_pair_short_of_boards_has_one_factored_total_in_ranking_card_and_usebio(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A cross-IMP session from another program, where pair 53 played 9 of the 10 boards
    # its direction played: its total is factored to 10 (Law 78D), as the file published.
    db = ("--db", str(tmp_path / "club.sqlite3"))
    # RealBridge's file less its teams' tags: its pairs' results, scored in cross-IMPs.
    teams = ("[Competition ", "[HomeTeam ", "[VisitTeam ")
    source = Path(__file__).parent / "data" / "pbn" / "endplay" / "example2.pbn"
    lines = source.read_bytes().decode("utf-8").splitlines()
    example = tmp_path / "example2-pairs.pbn"
    example.write_text("\n".join(line for line in lines if not line.startswith(teams)))
    with pytest.raises(SystemExit) as exited:
        main(["event", "import", str(example), *db])
    assert exited.value.code in (0, None)
    assert "all agree with Árbitro's" in capsys.readouterr().err
    ranking = json.loads(ok(capsys, "event", "ranking", "1", "--json", *db))
    ranked = next(line for line in ranking if line["participant"] == "53")
    card = json.loads(ok(capsys, "event", "card", "1", "53", "--json", *db))
    [session] = card["sessions"]
    assert session["boards"] == 9
    assert session["factored"] == ranked["total"]
    assert session["total"] != session["factored"]  # 9 boards' IMPs, before factoring
    text = ok(capsys, "event", "card", "1", "53", *db)
    assert f"Session 1: {float(ranked['total']):.2f} (" in text
    assert "on 9 boards, factored: Law 78D" in text
    exported = tmp_path / "event.xml"
    ok(capsys, "event", "export", "1", str(exported), "--usebio", *db)
    [written] = usebio.load(exported).event.sessions
    total = next(p.total for p in written.participants if p.number == "53")
    assert total is not None
    assert f"{float(total):.2f}" == f"{float(ranked['total']):.2f}"
    # and the file passes Árbitro's own check: its published figures are Árbitro's
    assert "no problems" in ok(capsys, "check", str(exported))


def test_pbn_export_of_an_event_whose_name_has_quotes_is_valid_pbn(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    name = 'Torneo "Primavera" de Logroño'
    ok(capsys, "event", "new", name, "--boards", "1", "--pair", "1", "--pair", "2", *db)
    enter = ("result", "enter", "1", "--table", "1", "--ns", "1", "--ew", "2", "--board", "1")
    ok(capsys, *enter, "--contract", "4S", "--declarer", "N", "--tricks", "10", *db)
    path = tmp_path / "club.pbn"
    ok(capsys, "event", "export", "1", str(path), "--pbn", *db)
    assert ok(capsys, "check", str(path)) == f"{path}: no problems\n"
    from arbitro.formats.pbn import load

    assert [game["Event"] for game in load(path)] == [name]
