"""Numbers on the command line have bounds: one out of them is a usage error (exit 2).

An event, board, table, session or record number goes up to what the databases keep
(the web console's bound); how many boards or sessions an event has, up to
``MAX_COUNT``. A number of too many digits used to reach the store and end as an
internal error (OverflowError, exit 70); an event of a billion sessions kept the ranking
busy for minutes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.cli.params import MAX_COUNT
from arbitro.core.bounded import MAX_NUMBER
from cli_support import run_cli

HUGE = "99999999999999999999999"


def _db(tmp_path: Path) -> tuple[str, str]:
    return ("--db", f"sqlite:///{tmp_path / 'club.sqlite3'}")


def test_cli_a_board_number_too_large_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run_cli(
        capsys,
        "--lang",
        "en",
        "result",
        "enter",
        "1",
        "--board",
        HUGE,
        "--table",
        "1",
        "--score",
        "420",
        *_db(tmp_path),
    )
    assert code == 2
    assert err == (
        f"arbitro result enter: invalid --board '{HUGE}': "
        f"expected a whole number from 1 to {MAX_NUMBER}\n"
    )


@pytest.mark.parametrize(
    ("command", "named"),
    [
        (["event", "show", HUGE], "EVENT"),
        (["event", "ranking", HUGE], "EVENT"),
        (["result", "list", HUGE], "EVENT"),
        (["ruling", "show", HUGE, "1"], "EVENT"),
        (["event", "decide", HUGE, "1", "dismissed"], "EVENT"),
        (["event", "decide", "1", HUGE, "dismissed"], "APPEAL"),
        (["event", "board", "1", HUGE], "BOARD"),
        (["result", "list", "1", "--session", HUGE], "--session"),
    ],
)
def test_cli_an_event_board_or_record_number_too_large_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str], named: str
) -> None:
    pairs = ["--pair", "1", "--pair", "2"]
    code, _, err = run_cli(capsys, "event", "new", "Club", "--boards", "2", *pairs, *_db(tmp_path))
    assert code == 0, err
    code, _, err = run_cli(capsys, "--lang", "en", *command, *_db(tmp_path))
    assert code == 2, err
    assert err.endswith(
        f": invalid {named} '{HUGE}': expected a whole number from 1 to {MAX_NUMBER}\n"
    )
    assert err.startswith(f"arbitro {command[0]} {command[1]}: ")


@pytest.mark.parametrize(
    ("option", "value"),
    [("--boards", HUGE), ("--sessions", HUGE), ("--sessions", "1000000000")],
)
def test_cli_an_event_of_too_many_boards_or_sessions_is_a_usage_error_and_not_created(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str, value: str
) -> None:
    arguments = ["--lang", "en", "event", "new", "Club", "--boards", "2", "--pair", "1"]
    code, _, err = run_cli(capsys, *arguments, "--pair", "2", option, value, *_db(tmp_path))
    assert code == 2
    assert err == (
        f"arbitro event new: invalid {option} '{value}': "
        f"expected a whole number from 1 to {MAX_COUNT}\n"
    )
    assert not (tmp_path / "club.sqlite3").exists()  # refused before any database is opened


def test_cli_a_number_too_large_is_refused_in_the_language_of_lang(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run_cli(capsys, "--lang", "es", "event", "show", HUGE, *_db(tmp_path))
    assert code == 2
    assert err == (
        f"arbitro event show: «{HUGE}» no es válido como TORNEO: "
        f"se esperaba un número entero de 1 a {MAX_NUMBER}\n"
    )


def test_cli_the_largest_numbers_are_taken(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    arguments = ["event", "new", "Club", "--boards", str(MAX_COUNT), "--pair", "1", "--pair", "2"]
    code, out, err = run_cli(capsys, "--lang", "en", *arguments, *_db(tmp_path))
    assert (code, out) == (0, f"Event 1 created: Club, {MAX_COUNT} boards, 2 participants\n"), err
    code, _, err = run_cli(capsys, "--lang", "en", "event", "show", str(MAX_NUMBER), *_db(tmp_path))
    assert (code, err) == (1, f"arbitro: there is no event {MAX_NUMBER}\n")
