"""Reading travellers fast reads them as before: the earlier reader is the specification.

``read_travellers`` reads a line's cells once, keeps each board and each line's result
for the lines that repeat them (a big session has thousands of tables and a few dozen
results a board) and builds a plain score's view without a Fraction per line.
``tests/travellers_reference.py`` is the reader as it was; on any text the two give the
same results, warnings, or error message.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.scoring.results import Result, Weighted
from arbitro.scoring.traveller_errors import InvalidTravellerError
from arbitro.scoring.travellers import Travellers, read_travellers
from travellers_reference import read_travellers as reference

CELLS = {
    "board": ["1", "2", "17", " 3 ", "0", "x", ""],
    "ns": ["1", "2", "3", " 4 ", "1NS", ""],
    "ew": ["1", "2", "5", "6 ", "1EW", ""],
    "contract": ["4S", "3NT", "Pass", "4SX", "9S", "", ""],
    "declarer": ["N", "E", "S", "W", "Q", "", ""],
    "tricks": ["10", "9", "=", "-1", "+2", "14", "", ""],
    "lead": ["SA", "H2", "ZZ", "", "", ""],
    "score": ["420", "-50", "+100", "620", "x", "", "", ""],
    "adjusted": ["A60/A40", "+420/-450", "1/2 +420; 1/2 -50", "A55", "", "", "", ""],
    "group": ["a", "b", "", "", ""],
}


@st.composite
def travellers_text(draw: st.DrawFn) -> str:
    """A travellers file: a header of known (and now and then unknown) columns, then
    lines of valid and invalid cells, blank lines, short and long lines."""
    optional = draw(st.lists(st.sampled_from(list(CELLS)[3:]), unique=True, max_size=4))
    columns = draw(st.permutations(["board", "ns", "ew", *optional]))
    if draw(st.integers(0, 20)) == 0:
        columns = [*columns, draw(st.sampled_from(["", "ns", "colour"]))]
    header = ",".join(draw(st.sampled_from([name, name.upper(), f" {name}"])) for name in columns)
    lines = [header]
    if draw(st.booleans()):
        lines.insert(0, "")
    for _ in range(draw(st.integers(0, 12))):
        shape = draw(st.integers(0, 12))
        if shape == 0:
            lines.append(draw(st.sampled_from(["", " ", ",,,", " , ,"])))
            continue
        cells = [draw(st.sampled_from(CELLS.get(name.strip().lower(), ["x"]))) for name in columns]
        if shape == 1:
            cells = cells[: draw(st.integers(0, len(cells)))]
        elif shape == 2:
            cells.append(draw(st.sampled_from(["", "x"])))
        lines.append(",".join(cells))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n"]))


def outcome(read: Travellers) -> tuple[object, ...]:
    return (
        [(table, table.line, table.plain_score) for table in read.results],
        [str(warning) for warning in read.warnings],
        read.source,
    )


def read_both(text: str) -> tuple[object, object]:
    answers: list[object] = []
    for reader in (read_travellers, reference):
        try:
            answers.append(outcome(reader(text, "t.csv", "en")))
        except InvalidTravellerError as error:
            answers.append(str(error))
    return answers[0], answers[1]


@given(travellers_text())
def test_travellers_read_as_the_earlier_reader_did(text: str) -> None:
    fast, specification = read_both(text)
    assert fast == specification


@given(st.lists(st.sampled_from(["420", "-50", "100"]), min_size=1, max_size=40))
def test_travellers_repeated_lines_read_as_the_earlier_reader_did(scores: list[str]) -> None:
    """Lines that repeat a board and a score, the pairs changing (a big session)."""
    lines = ["board,ns,ew,score"]
    lines += [f"1,{n}NS,{n}EW,{score}" for n, score in enumerate(scores, 1)]
    lines += ["1,xNS,,420", "2,1NS,1NS,-50"]  # a repeated result with a pair missing, then one
    text = "\n".join(lines)
    fast, specification = read_both(text)
    assert fast == specification
    assert "line" in str(fast)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("board,ns,ew,score\n1,1,2,420,9\n", "line 2: more fields than the header has"),
        ("board,ns,ew,score\n1,1,2,420\n1,3,2,50\n", "pair 2 already has a result on board 1"),
        ("board,ns,ew,score\n1,1,2,420\n1,3,,420\n", "line 3, column 'ew': the pair is missing"),
    ],
)
def test_travellers_errors_name_the_line(text: str, message: str) -> None:
    with pytest.raises(InvalidTravellerError, match=message):
        read_travellers(text, "t.csv")


def test_a_plain_score_view_is_the_checked_weighted_score() -> None:
    one = Fraction(1)
    assert Weighted.single(420) == Weighted(((one, 420),))
    assert Result.played(-50) == Result(Weighted(((one, -50),)), Weighted(((one, -50),)))
    assert Result.played(True) == Result.played(1)
