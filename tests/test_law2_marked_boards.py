"""Law 2, last paragraph: a board marked otherwise than Law 2 says is scored as marked.

"A board marked otherwise should not be used, but if it is, its markings apply for the
whole session": the director keeps the markings with ``arbitro event board`` and the
event enters, checks, lists, ranks and exports the board's results with them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.core import Board, Seat, Vulnerability
from arbitro.scoring.results import Result
from arbitro.store import open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.result_rules import ResultRefusedError


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


def _club(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> tuple[str, str]:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    pairs = [arg for number in "1234" for arg in ("--pair", number)]
    ok(capsys, "event", "new", "Club", "--boards", "2", *pairs, *db)
    return db


def _enter(board: str, table: str, ns: str, ew: str, *entry: str) -> tuple[str, ...]:
    return (
        "result",
        "enter",
        "1",
        "--board",
        board,
        "--table",
        table,
        "--ns",
        ns,
        "--ew",
        ew,
        *entry,
    )


def test_law_2_a_board_marked_vulnerable_is_scored_as_marked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _club(capsys, tmp_path)
    # Board 1 is non-vulnerable by Law 2; this one is marked both vulnerable, dealer East.
    ok(capsys, "event", "board", "1", "1", "--dealer", "E", "--vulnerability", "All", *db)
    ok(capsys, *_enter("1", "1", "1", "2", "--score", "620"), *db)
    ok(
        capsys,
        *_enter("1", "2", "3", "4", "--contract", "4S", "--declarer", "N", "--tricks", "9"),
        *db,
    )
    listed = json.loads(ok(capsys, "result", "list", "1", "--json", *db))
    scores = {row["table"]: row["result"] for row in listed}
    assert scores == {1: "+620", 2: "-100"}  # one down vulnerable, not -50
    # The ranking scores them: 620 beats -100 on the only board played.
    ranking = json.loads(ok(capsys, "event", "ranking", "1", "--json", *db))
    totals = {row["participant"]: row["total"] for row in ranking}
    assert totals["1"] > totals["3"]
    # The export writes the board as it was marked.
    exported = ok(capsys, "event", "export", "1", "-", *db)
    assert '[Dealer "E"]' in exported
    assert '[Vulnerable "All"]' in exported


def test_law_2_an_unmarked_board_keeps_law_2s_vulnerability(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _club(capsys, tmp_path)
    ok(capsys, "event", "board", "1", "1", "--vulnerability", "All", *db)
    # Board 2 is NS vulnerable by Law 2 and was not marked otherwise: EW's 620 is no score.
    code, _, err = run(capsys, *_enter("2", "1", "1", "2", "--score", "-620"), *db)
    assert code == 2
    assert "no contract scores that on board 2" in err


def test_law_2_markings_apply_for_the_whole_session_so_they_cannot_change_after_a_result(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _club(capsys, tmp_path)
    ok(capsys, *_enter("1", "1", "1", "2", "--score", "420"), *db)
    code, _, err = run(capsys, "event", "board", "1", "1", "--vulnerability", "All", *db)
    assert code == 1
    assert "board 1 already has results" in err
    assert "Law 2" in err


def test_law_2_a_bad_marking_names_its_option(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _club(capsys, tmp_path)
    code, _, err = run(capsys, "event", "board", "1", "1", "--vulnerability", "NE", *db)
    assert code == 2
    assert "invalid vulnerability 'NE'" in err
    assert "expected one of" in err
    code, _, err = run(capsys, "event", "board", "1", "3", "--dealer", "S", *db)
    assert code == 1
    assert "board 3 is not in the event" in err


@settings(max_examples=25, deadline=None)
@given(
    number=st.integers(min_value=1, max_value=4),
    dealer=st.sampled_from(list(Seat)),
    vulnerability=st.sampled_from(list(Vulnerability)),
)
def test_law_2_the_store_gives_back_the_markings_it_kept(
    number: int, dealer: Seat, vulnerability: Vulnerability
) -> None:
    store = open_store("sqlite:///:memory:")
    event = store.create_event(EventSpec("Club", boards=4), [Participant("1"), Participant("2")])
    store.mark_board(event, Board(number, dealer, vulnerability))
    with store.reading() as db:
        kept = store.board(db.connection(), event, number)
    assert (kept.dealer, kept.vulnerability) == (dealer, vulnerability)
    # A board that follows Law 2 keeps nothing of its own.
    assert (number in store.boards(event)) is not Board(number, dealer, vulnerability).follows_law2
    # Its results are scored with the markings: 4S by North making ten tricks.
    stored = store.enter_result(event, number, 1, Entry.from_str("4S N 10"), "1", "2")
    vulnerable = vulnerability.is_vulnerable(Seat.NORTH)
    assert stored.result == Result.played(620 if vulnerable else 420)
    with pytest.raises(ResultRefusedError, match="Law 2"):
        store.mark_board(event, Board(number))


DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_law_2_the_markings_of_a_pbn_set_are_kept_for_its_boards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _club(capsys, tmp_path)
    pbn = tmp_path / "set.pbn"
    pbn.write_text(
        f'[Event "Club"]\n[Board "1"]\n[Dealer "W"]\n[Vulnerable "Both"]\n[Deal "{DEAL}"]\n\n'
        f'[Event "Club"]\n[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n',
        encoding="utf-8",
    )
    out = ok(capsys, "event", "board", "1", "--pbn", str(pbn), *db)
    assert "not as Law 2 marks it" in out.splitlines()[0]  # board 1 is marked otherwise
    assert "not as Law 2 marks it" not in out.splitlines()[1]  # board 2 is as Law 2 says
    ok(capsys, *_enter("1", "1", "1", "2", "--score", "620"), *db)
    ok(capsys, *_enter("2", "1", "1", "2", "--score", "620"), *db)
    code, _, err = run(capsys, *_enter("2", "2", "3", "4", "--score", "-620"), *db)
    assert code == 2
    assert "no contract scores that on board 2" in err
    # Both a board and a file, or neither, is refused saying so.
    code, _, err = run(capsys, "event", "board", "1", "1", "--pbn", str(pbn), *db)
    assert code == 2
    assert "BOARD or --pbn" in err
