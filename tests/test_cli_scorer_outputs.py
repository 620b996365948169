"""The scorer's outputs agree with each other: travellers, JSON, defaults and exit statuses.

A teams traveller gives each side its own IMPs, also when an adjusted score does not
balance (Law 12C1f); every ``--json`` writes a figure as the same JSON number; the
commands share one default profile (the AEB's) and say so in ``--help``; and a refusal
by a rule (the AEB's refusal of a weighted score, Law 12C1c) ends every command with
the same exit status.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.cli.main import EXIT_REFUSED, EXIT_USAGE
from arbitro.core import Contract
from arbitro.laws.authority import DEFAULT_AUTHORITY
from arbitro.scoring.imps import imps


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    captured = capsys.readouterr()
    code = exited.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err


def ok(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    status, out, err = run(capsys, *arguments)
    assert status == 0, err
    return out


def numbers_in(data: object) -> list[object]:
    """Every value under a key that names a figure (points, totals, percentages, amounts)."""
    figures = {"ns_points", "ew_points", "points", "total", "percentage", "amount", "top"}
    found: list[object] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in figures and value is not None:
                found.append(value)
            found.extend(numbers_in(value))
    elif isinstance(data, list):
        for value in data:
            found.extend(numbers_in(value))
    return found


# -- A split score on a teams traveller (Laws 12C1b, 12C1f, 78B) ---------------------------


@pytest.mark.parametrize(
    ("split", "other_table"),
    [("+420/-450", "4S N ="), ("-100/-450", "4S N ="), ("+140/+50", "2S N +1")],
)
def test_law_12c1f_teams_traveller_gives_each_team_its_own_result_and_imps(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, split: str, other_table: str
) -> None:
    db = ("--db", str(tmp_path / "match.sqlite3"))
    ok(capsys, "event", "new", "Match", "--kind", "teams",
       "--boards", "1", "--pair", "A", "--pair", "B", *db)  # fmt: skip
    # Table 1: A North-South, B East-West, a non-balancing assigned score (12C1f).
    ok(capsys, "result", "enter", "1", "--board", "1", "--table", "1",
       "--ns", "A", "--ew", "B", "--adjusted", split, *db)  # fmt: skip
    contract, declarer, tricks = other_table.split()
    ok(capsys, "result", "enter", "1", "--board", "1", "--table", "2", "--ns", "B", "--ew", "A",
       "--contract", contract, "--declarer", declarer, "--tricks", tricks, *db)  # fmt: skip
    a_here, b_here = (int(score) for score in split.split("/"))  # each side's own score
    played = Contract.from_str(f"{contract} {declarer}")
    assert isinstance(played, Contract)
    b_there = played.score(played.level + 6 + int(tricks.replace("=", "0")), vulnerable=False)
    # Each team's IMPs: its own score at one table plus its own at the other (78B).
    a_imps, b_imps = imps(a_here - b_there), imps(b_here + b_there)
    assert a_imps != -b_imps  # the adjustment does not balance: the columns tell
    lines = json.loads(ok(capsys, "event", "traveller", "1", "1", "--json", *db))
    columns = {(line["ns"], line["ew"]): (line["ns_points"], line["ew_points"]) for line in lines}
    assert columns == {("A", "B"): (a_imps, b_imps), ("B", "A"): (b_imps, a_imps)}
    assert [line["score"] for line in lines] == [split, f"{b_there:+d}"]
    text = ok(capsys, "event", "traveller", "1", "1", *db).splitlines()
    first = text[2].split()
    assert first[:2] == ["1", "A"]
    assert first[-2:] == [f"{a_imps}", f"{b_imps}"]  # IMPs written whole
    # The teams' cards agree with the traveller.
    for team, own in (("A", a_imps), ("B", b_imps)):
        card = json.loads(ok(capsys, "event", "card", "1", team, "--json", *db))
        assert {board["points"] for board in card["boards"]} == {own}


# -- JSON numbers, written the same way in every command ---------------------------------


def test_json_figures_are_numbers_written_alike_in_session_score_traveller_card_and_ranking(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    travellers = tmp_path / "night.csv"
    travellers.write_text(
        "board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,10\n1,3,4,4S,N,9\n1,5,6,3NT,S,9\n",
        encoding="utf-8",
    )
    scored = json.loads(ok(capsys, "session", "score", str(travellers), "--json"))
    db = ("--db", str(tmp_path / "night.sqlite3"))
    pairs = [argument for number in "123456" for argument in ("--pair", number)]
    ok(capsys, "event", "new", "Club", "--boards", "1", *pairs, *db)
    for table, (ns, ew, contract, declarer, tricks) in enumerate(
        (("1", "2", "4S", "N", "10"), ("3", "4", "4S", "N", "9"), ("5", "6", "3NT", "S", "9")),
        start=1,
    ):
        ok(capsys, "result", "enter", "1", "--board", "1", "--table", str(table), "--ns", ns,
           "--ew", ew, "--contract", contract, "--declarer", declarer, "--tricks", tricks, *db)  # fmt: skip
    ok(capsys, "event", "penalty", "1", "3", "25%", "--reason", "slow play", *db)
    traveller = json.loads(ok(capsys, "event", "traveller", "1", "1", "--json", *db))
    card = json.loads(ok(capsys, "event", "card", "1", "3", "--json", *db))
    ranking = json.loads(ok(capsys, "event", "ranking", "1", "--json", *db))
    for data in (scored, traveller, card, ranking):
        figures = numbers_in(data)
        assert figures, data
        assert all(type(value) in (int, float) for value in figures), figures
    # The same table's points read the same in the session's score and on the traveller.
    [board] = scored["boards"]
    by_pairs = {(r["ns"], r["ew"]): (r["ns_points"], r["ew_points"]) for r in board["results"]}
    assert {(t["ns"], t["ew"]): (t["ns_points"], t["ew_points"]) for t in traveller} == by_pairs
    assert card["boards"][0]["points"] == by_pairs[("3", "4")][0]
    # A penalty's amount: a number in its unit, as session score writes it (a top's share).
    [penalty] = card["penalties"]
    assert (penalty["amount"], penalty["unit"]) == (0.25, "top")


# -- One default profile ------------------------------------------------------------------


def test_session_score_and_event_new_default_to_the_aeb_profile_and_say_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert DEFAULT_AUTHORITY == "aeb"  # the README: the AEB edition of the Laws
    travellers = tmp_path / "two.csv"
    travellers.write_text("board,ns,ew,score\n1,1,2,420\n1,3,4,-50\n", encoding="utf-8")
    scored = json.loads(ok(capsys, "session", "score", str(travellers), "--json"))
    assert scored["profile"] == DEFAULT_AUTHORITY
    db = ("--db", str(tmp_path / "club.sqlite3"))
    ok(capsys, "event", "new", "Club", "--boards", "1", *db)
    shown = ok(capsys, "event", "show", "1", *db)
    assert f"({DEFAULT_AUTHORITY.upper()})" in shown
    for command in (("session", "score"), ("event", "new")):
        help_text = " ".join(ok(capsys, *command, "--help").split())
        profile = help_text[help_text.index("--profile") :]
        assert f"default: {DEFAULT_AUTHORITY}" in profile.lower()[:300], (command, profile[:300])


# -- One exit status for a refusal by a rule ------------------------------------------------


WEIGHTED = "1/2 4S= N; 1/2 4S-1 N"


def test_law_12c1c_aeb_refusal_of_a_weighted_score_exits_the_same_in_every_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    travellers = tmp_path / "travellers.csv"
    travellers.write_text(
        f"board,ns,ew,score,adjusted\n1,1,2,100,\n1,3,4,,{WEIGHTED}\n", encoding="utf-8"
    )
    db = ("--db", str(tmp_path / "club.sqlite3"))
    pairs = ("--pair", "1", "--pair", "2")
    ok(capsys, "event", "new", "Club", "--boards", "2", "--profile", "aeb", *pairs, *db)
    results = tmp_path / "results.csv"
    results.write_text(f"board,table,ns,ew,adjusted\n1,1,1,2,{WEIGHTED}\n", encoding="utf-8")
    statuses = {}
    for name, arguments in {
        "session score": ("session", "score", str(travellers), "--profile", "aeb"),
        "result enter": (
            "result",
            "enter",
            "1",
            "--board",
            "1",
            "--table",
            "1",
            "--ns",
            "1",
            "--ew",
            "2",
            "--adjusted",
            WEIGHTED,
            *db,
        ),
        "result import": ("result", "import", "1", str(results), *db),
    }.items():
        status, _out, err = run(capsys, *arguments)
        assert "does not allow weighted scores (Law 12C1c)" in err, (name, err)
        assert err.count("\n") == 1, err  # one line, no traceback
        statuses[name] = status
    assert set(statuses.values()) == {EXIT_REFUSED}, statuses
    assert EXIT_REFUSED != EXIT_USAGE  # a refusal is not a mistake in the input
    # A mistake in the file is still one: its own status, with the line.
    bad = tmp_path / "bad.csv"
    bad.write_text("board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,14\n", encoding="utf-8")
    status, _, err = run(capsys, "session", "score", str(bad))
    assert status == EXIT_USAGE
    assert "line 2" in err


def test_cli_doc_documents_the_exit_status_of_a_refusal_by_a_rule() -> None:
    text = " ".join((Path(__file__).parent.parent / "docs" / "cli.md").read_text().split())
    section = text[text.index("## Exit statuses") :]
    section = section[: section.index("## ", 3)]
    assert f"| {EXIT_REFUSED} |" in section
    assert "12C1c" in section
    assert f"| {EXIT_USAGE} |" in section
