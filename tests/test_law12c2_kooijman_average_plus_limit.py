"""Kooijman's recommendation to Law 12C2: a limit on the average-plus boards of a session.

The WBF commentary the AEB publishes with the Laws (Ton Kooijman, "Media máxima"):
"restringir por normativa el número de estuches en los que se dé una puntuación de
media máxima, por ejemplo, dos estuches en una sesión. Si hay más estuches sin un
resultado obtenido por juego normal, estos estuches no deben puntuarse." It is a
recommendation that the authority regulate it; no regulation of the AEB does, so
neither profile sets a limit (``average_plus_boards = 0``). Where a profile sets one,
a board beyond it is not scored as average-plus but at the pair's own result on its
boards played normally, as if it had not been scored.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.laws.authority import authority
from arbitro.scoring.results import Average, Result
from arbitro.scoring.session import TableResult, score_session


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    captured = capsys.readouterr()
    assert (exited.value.code in (0, None), captured.err) == (True, ""), arguments
    return captured.out


def _session_with_three_average_plus_boards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, profile: str
) -> dict[str, float]:
    """Pair 1 gets A60 on boards 1-3 and the bottom on board 4; the ranking's totals."""
    db = ("--db", str(tmp_path / f"{profile}.sqlite3"))
    pairs = [arg for number in "123456" for arg in ("--pair", number)]
    run(capsys, "event", "new", "Club", "--boards", "4", "--profile", profile, *pairs, *db)
    for board in "1234":
        for table, (ns, ew) in enumerate((("1", "2"), ("3", "4"), ("5", "6")), start=1):
            where = ("--board", board, "--table", str(table), "--ns", ns, "--ew", ew)
            if table == 1 and board != "4":
                entry: tuple[str, ...] = ("--adjusted", "A60/A40")
            elif table == 1:
                entry = ("--score", "-110")  # the bottom for pair 1 on board 4
            else:
                entry = ("--score", "140" if table == 2 else "110")
            run(capsys, "result", "enter", "1", *where, *entry, *db)
    ranking = json.loads(run(capsys, "event", "ranking", "1", "--json", *db))
    return {row["participant"]: float(row["total"]) for row in ranking}


def test_law_12c2_kooijman_no_aeb_regulation_sets_the_limit_so_every_average_plus_counts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A top of 4 a board (unit 2, three tables): A60 is 2.4. Pair 1 scored 0 % on the
    # only board it played, so 12C2c leaves its average-plus boards at 60 %.
    # No limit under either profile: three boards at 2.4 and 0 -> 7.2 of 16 = 45 %
    # (with Kooijman's "two boards" it would be 4.8 of 16 = 30 %).
    wbf = _session_with_three_average_plus_boards(capsys, tmp_path, "wbf")
    aeb = _session_with_three_average_plus_boards(capsys, tmp_path, "aeb")
    assert wbf["1"] == pytest.approx(45)
    assert aeb == wbf


def test_law_12c2_kooijman_neither_profile_holds_a_limit() -> None:
    assert authority("aeb").average_plus_boards == 0
    assert authority("wbf").average_plus_boards == 0


def test_law_12c2_kooijman_a_profile_with_a_limit_counts_the_third_at_the_pairs_own() -> None:
    # Pair 1: A60 on boards 1-3, the bottom (0 %) on board 4: with a limit of 2 the
    # third average-plus board is counted at the pair's own 0 %.
    results = _session(3, [-100])
    limited = dataclasses.replace(authority("aeb"), average_plus_boards=2)
    scored = score_session(results, profile=limited)
    (third,) = [line for line in scored.boards[3] if line.ns == "1"]
    assert third.ns_points == 0
    assert "A+ limit" in third.notes
    (second,) = [line for line in scored.boards[2] if line.ns == "1"]
    assert float(second.ns_points) == pytest.approx(2.4)


def _session(artificial_boards: int, others: list[int]) -> list[TableResult]:
    plus = Result.artificial(Average.from_str("A60"), Average.from_str("A40"))
    results = []
    for board in range(1, len(others) + artificial_boards + 1):
        mine = (
            plus
            if board <= artificial_boards
            else Result.played(others[board - 1 - artificial_boards])
        )
        results.append(TableResult(board, "1", "2", mine))
        results.append(TableResult(board, "3", "4", Result.played(420)))
        results.append(TableResult(board, "5", "6", Result.played(-50)))
    return results


@settings(max_examples=30, deadline=None)
@given(
    artificial_boards=st.integers(min_value=1, max_value=4),
    others=st.lists(st.sampled_from([-100, 170, 420, 450, 1000]), min_size=1, max_size=3),
    limit=st.integers(min_value=1, max_value=4),
)
def test_law_12c2_kooijman_a_limit_not_reached_changes_nothing_and_one_reached_counts_the_rest_at_the_pairs_own(
    artificial_boards: int, others: list[int], limit: int
) -> None:
    results = _session(artificial_boards, others)
    free = dataclasses.replace(authority("wbf"), average_plus_boards=0)
    limited = dataclasses.replace(authority("wbf"), average_plus_boards=limit)
    unlimited = score_session(results, profile=free)
    scored = score_session(results, profile=limited)
    played = len(others)
    own = sum(
        line.ns_points
        for n in range(artificial_boards + 1, artificial_boards + played + 1)
        for line in unlimited.boards[n]
        if line.ns == "1"
    )
    own_percent = own * 100 / (4 * played)
    for board in range(1, artificial_boards + 1):
        (mine,) = [line for line in scored.boards[board] if line.ns == "1"]
        (free_line,) = [line for line in unlimited.boards[board] if line.ns == "1"]
        if board <= limit:
            assert mine.ns_points == free_line.ns_points
        else:
            assert float(mine.ns_points) == pytest.approx(float(own_percent) * 4 / 100)
            assert own_percent == 60 or "A+ limit" in mine.notes
        assert mine.ew_points == free_line.ew_points  # average-minus is not limited
