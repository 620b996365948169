"""Every bad input is a clear error naming the input, never an internal error or a traceback.

Integers longer than Python's 4,300-digit limit, JSON nested past the interpreter's
recursion, files that are not UTF-8 text, CSV fields over the csv module's limit, and an
unknown ``ARBITRO_LANG``: each is refused with exit status 1 or 2 and one line that says
what was wrong, on every command that reads such input.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.core.bounded import (
    MAX_DEPTH,
    MAX_DIGITS,
    InvalidNumberError,
    load_json,
    load_json_lines,
    parse_int,
)

ARBITRO = Path(sys.executable).parent / "arbitro"
HUGE = "9" * 4400
"""More digits than ``int()`` reads (4,300)."""
DEEP = "[" * 100_000 + "]" * 100_000
"""JSON nested far past the interpreter's recursion limit."""
EXIT_INTERNAL = 70


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    """Run ``arbitro`` in this process; return the exit status, stdout and stderr."""
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    captured = capsys.readouterr()
    code = exited.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err


def assert_clear(code: int, err: str) -> None:
    """A refusal: status 1 or 2, one line, no 'internal error'."""
    assert code in (1, 2), err
    assert "internal error" not in err
    assert "Traceback" not in err
    assert err.count("\n") == 1, err


@pytest.fixture
def database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """A database with a 3-table Mitchell (event 1), set as ``ARBITRO_DB``."""
    path = tmp_path / "club.sqlite3"
    monkeypatch.setenv("ARBITRO_DB", str(path))
    code, _, err = run(capsys, "event", "new", "Club", "--movement", "mitchell", "--tables", "3")
    assert code == 0, err
    return path


# The bounded readers ----------------------------------------------------------------------


@given(st.integers(min_value=-(10**MAX_DIGITS) + 1, max_value=10**MAX_DIGITS - 1))
def test_parse_int_reads_every_number_of_up_to_max_digits(number: int) -> None:
    assert parse_int(f" {number} ") == number


@given(st.integers(min_value=MAX_DIGITS + 1, max_value=6000))
def test_parse_int_refuses_longer_numbers_naming_the_input(digits: int) -> None:
    with pytest.raises(InvalidNumberError) as refused:
        parse_int("7" * digits)
    assert "7777" in str(refused.value)
    assert str(MAX_DIGITS) in str(refused.value)


@given(st.recursive(st.integers(-1000, 1000) | st.text(max_size=5), st.lists, max_leaves=20))
def test_load_json_reads_what_json_dumps_writes(value: object) -> None:
    assert load_json(json.dumps(value)) == value


def test_load_json_refuses_deep_nesting_with_its_place() -> None:
    with pytest.raises(json.JSONDecodeError) as refused:
        load_json('{"a": ' + DEEP + "}")
    assert refused.value.msg == "nested deeper than 64 levels"
    assert refused.value.lineno == 1


def test_load_json_ignores_brackets_inside_strings() -> None:
    assert load_json(json.dumps(["[" * 500])) == ["[" * 500]


@given(
    st.sampled_from(["", " ", "\n\t", "\ufeff", "x"]),
    st.sampled_from(['{"seat": "N", "trick": 3}', "[1, 2]", '"text"', "7", "{", ""]),
    st.sampled_from(["", " ", "\r\n", "]", ", 1"]),
)
def test_load_json_reads_and_refuses_as_json_loads_within_its_bounds(
    before: str, document: str, after: str
) -> None:
    text = before + document + after
    try:
        expected: object = json.loads(text)
    except json.JSONDecodeError as error:
        expected = (error.msg, error.pos)
    try:
        read: object = load_json(text)
    except json.JSONDecodeError as error:
        read = (error.msg, error.pos)
    assert read == expected


_LINE = st.sampled_from(
    [
        '{"event": "play", "seat": "N", "card": "SA"}',
        '{"a": [[["["]]]}',
        "[1, 2]",
        '"text"',
        "7",
        "{",
        "",
        " {}",
        "{} ",
        '{"a": [1',
        "2]}, {}",
        '{"n": ' + "4" * (MAX_DIGITS + 1) + "}",
        "[" * MAX_DEPTH + "]" * MAX_DEPTH,
        "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
        "{" + '"a": {' * (MAX_DEPTH - 1) + "}" * MAX_DEPTH,
        DEEP,
    ]
)


@given(st.lists(_LINE, max_size=6))
def test_load_json_lines_reads_each_line_as_load_json_or_leaves_it_to_it(lines: list[str]) -> None:
    """All the lines read at once are what load_json reads of each; if one is refused, none is.

    ``None`` tells the caller to read each line with load_json: never a value it would
    refuse, nor a different one (lines that are a document only when joined, blanks,
    long numbers, nesting too deep).
    """
    read = load_json_lines(lines)
    each: list[object] = []
    for line in lines:
        try:
            each.append(load_json(line))
        except json.JSONDecodeError:
            assert read is None
            return
    if read is None:  # left to load_json only when in doubt
        bare = all(
            type(value) in (dict, list) and line == line.strip()
            for value, line in zip(each, lines, strict=True)
        )
        brackets = sum(line.count("[") + line.count("{") for line in lines) - (len(lines) - 1)
        assert not bare or brackets > MAX_DEPTH
    else:
        assert read == each


def test_load_json_lines_reads_a_table_log_at_once() -> None:
    lines = ['{"event": "board", "board": 1}', *['{"event": "face_lead"}'] * 100]
    assert load_json_lines(lines) == [load_json(line) for line in lines]


@given(st.integers(min_value=1, max_value=MAX_DEPTH + 3))
def test_load_json_refuses_nesting_past_its_depth_exactly(levels: int) -> None:
    text = "[" * levels + "]" * levels
    if levels > MAX_DEPTH:
        with pytest.raises(json.JSONDecodeError) as refused:
            load_json(text)
        assert refused.value.pos == MAX_DEPTH
    else:
        assert load_json(text) is not None


@given(st.integers(min_value=1, max_value=3 * MAX_DIGITS), st.sampled_from(["", "-", "0."]))
def test_load_json_bounds_whole_numbers_only(digits: int, sign: str) -> None:
    """Whole numbers longer than MAX_DIGITS are refused; digits in text or a fraction are read."""
    number = sign + "7" * digits
    text = f'{{"text": "{"7" * digits}", "number": {number}}}'
    if digits > MAX_DIGITS and sign != "0.":
        with pytest.raises(json.JSONDecodeError) as refused:
            load_json(text)
        assert refused.value.msg == f"a whole number of more than {MAX_DIGITS} digits"
        assert refused.value.pos == text.index(number, len(number) + 12)
    else:
        assert load_json(text) == json.loads(text)


# The command line ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "arguments",
    [
        ["score", "3NT", HUGE],
        ["score", HUGE + "NT", "9"],
        ["board", HUGE],
        ["imps", HUGE],
        ["deal", "--boards", f"1-{HUGE}"],
    ],
    ids=["score-tricks", "score-level", "board", "imps", "deal-boards"],
)
def test_huge_integer_on_the_command_line_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], arguments: list[str]
) -> None:
    code, _, err = run(capsys, *arguments)
    assert_clear(code, err)


@pytest.mark.parametrize(
    "arguments",
    [
        ["result", "enter", "1", "--board", "1", "--table", "1", "--score", HUGE],
        ["result", "enter", "1", "--board", "1", "--table", "1", "--adjusted", f"{HUGE}/-{HUGE}"],
        ["result", "enter", "1", "--board", "1", "--table", "1", "--adjusted", f"A{HUGE}"],
        ["event", "penalty", "1", "1NS", HUGE, "--reason", "late"],
        ["event", "penalty", "1", "1NS", f"1/{HUGE}", "--reason", "late"],
        ["event", "new", "Again", "--carry-over", f"1NS,{HUGE}"],
    ],
    ids=[
        "result-score",
        "result-adjusted",
        "result-average",
        "penalty",
        "penalty-fraction",
        "carry",
    ],
)
def test_huge_integer_in_an_event_command_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], database: Path, arguments: list[str]
) -> None:
    code, _, err = run(capsys, *arguments)
    assert_clear(code, err)


def test_huge_integer_in_a_session_csv_and_penalty_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "t.csv"
    bad.write_text(f"board,ns,ew,contract,declarer,tricks,score\n1,1NS,1EW,3NT,N,9,{HUGE}\n")
    code, _, err = run(capsys, "session", "score", str(bad))
    assert_clear(code, err)
    assert "line 2" in err
    good = tmp_path / "ok.csv"
    good.write_text("board,ns,ew,contract,declarer,tricks\n1,1NS,1EW,3NT,N,9\n")
    code, _, err = run(capsys, "session", "score", str(good), "--penalty", f"1NS,{HUGE}")
    assert_clear(code, err)


@pytest.mark.parametrize(
    "content",
    [DEEP, '{"event": "board", "board": ' + HUGE + "}"],
    ids=["deep", "huge"],
)
@pytest.mark.parametrize(
    "command",
    [["check"], ["table", "replay"], ["claim", "check"], ["event", "movement", "--file"]],
    ids=["check", "replay", "claim", "movement"],
)
def test_bad_json_file_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, command: list[str]
) -> None:
    path = tmp_path / "log.jsonl"
    path.write_text(content)
    code, out, err = run(capsys, *command, str(path))
    message = err or out
    assert "internal error" not in message
    assert "log.jsonl" in message
    if command != ["check"]:
        assert_clear(code, err)


@pytest.mark.parametrize("content", [DEEP, '{"significant": ' + HUGE + "}"], ids=["deep", "huge"])
def test_bad_json_case_or_movement_for_an_event_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], database: Path, tmp_path: Path, content: str
) -> None:
    path = tmp_path / "case.json"
    path.write_text(content)
    for arguments in (
        ["ruling", "poll", "1", str(path)],
        ["ruling", "report", str(path)],
        ["event", "new", "Again", "--movement-file", str(path)],
    ):
        code, _, err = run(capsys, *arguments)
        assert_clear(code, err)
        assert "case.json" in err


def test_table_replay_of_a_binary_file_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "noise.jsonl"
    path.write_bytes(bytes(range(256)) * 8)
    code, _, err = run(capsys, "table", "replay", str(path))
    assert_clear(code, err)
    assert "not UTF-8 text" in err


@pytest.mark.parametrize(
    ("content", "line", "reason"),
    [
        # A file not in UTF-8 is read as Latin-1, as a spreadsheet saves it: the cell is named.
        (b"board,table,contract,declarer,tricks\n1,1,3NT,N,9\n1,2,3NT,S,9\xe9\n", 3, "'9\xe9'"),
        (bytes(range(256)) * 8, 1, "unknown column"),  # the header is refused first
        (b"board,table,contract\n1,1," + b"x" * 200_000 + b"\n", 2, "131072"),
    ],
    ids=["latin-1", "binary", "huge-field"],
)
def test_result_import_of_a_file_that_is_not_csv_text_is_a_clear_error(
    capsys: pytest.CaptureFixture[str],
    database: Path,
    tmp_path: Path,
    content: bytes,
    line: int,
    reason: str,
) -> None:
    path = tmp_path / "results.csv"
    path.write_bytes(content)
    code, _, err = run(capsys, "result", "import", "1", str(path))
    assert_clear(code, err)
    assert f"results.csv, line {line}:" in err
    assert reason in err


def test_session_score_of_a_huge_csv_field_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "t.csv"
    path.write_text("board,ns,ew,contract\n1,1NS,1EW," + "x" * 200_000 + "\n")
    code, _, err = run(capsys, "session", "score", str(path))
    assert_clear(code, err)
    assert "line 2" in err


@pytest.mark.parametrize("arguments", [["score", "3NT", "9"], ["serve", "--help"]])
def test_unknown_arbitro_lang_is_one_line_not_a_traceback(arguments: list[str]) -> None:
    environment = {**os.environ, "ARBITRO_LANG": "fr"}
    done = subprocess.run(
        [str(ARBITRO), *arguments], capture_output=True, text=True, env=environment, check=False
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr == "arbitro: unknown language 'fr': expected one of en, es\n"


# The ruling pages -----------------------------------------------------------------------

pytest_plugins = ("web_director",)


@pytest.mark.parametrize(
    "fields",
    [
        {"log": '{"event": "board", "board": ' + HUGE + "}"},
        {"log": DEEP},
        {"board": HUGE, "deal": "", "steps": "N 1NT"},
        {"event": HUGE, "board": "1", "steps": "N 1NT"},
        {"board": "1", "steps": f"N {HUGE}NT"},
    ],
    ids=["log-huge", "log-deep", "board-huge", "event-huge", "step-huge"],
)
@pytest.mark.parametrize("page", ["/director/rulings", "/director/rulings/claim"])
def test_ruling_pages_answer_bad_input_without_a_server_error(
    director: tuple[TestClient, str], page: str, fields: dict[str, str]
) -> None:
    client, csrf = director
    answer = client.post(page, data={"csrf_token": csrf, **fields})
    assert answer.status_code < 500, answer.text[:300]
    assert answer.status_code in (200, 400, 404, 422)
