"""PBN 2.1 table tags (chapter 5) read into typed values and written back (issue 7):
``ScoreTable``, ``TotalScoreTable`` and ``OptimumResultTable`` of the real files."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.errors import PBNSyntaxError
from arbitro.core.seat import Seat
from arbitro.core.suit import Strain
from arbitro.formats import pbn
from arbitro.formats.pbn import PBNTag, dumps, loads
from arbitro.formats.pbn.table_tags import Cell, CellValue, Column, PBNTable, read_table

DATA = Path(__file__).resolve().parent / "data" / "pbn"
TABLES = ("ScoreTable", "TotalScoreTable", "OptimumResultTable")


def _tables(path: Path) -> list[tuple[PBNTag, list[str]]]:
    """The table tags of a real file, each with the lines of its file."""
    text = pbn.read_file(path)
    lines = text.split("\n")
    games = loads(text, path.name, strict=False)
    return [(tag, lines) for game in games for tag in game.tags if tag.name in TABLES]


FILES = [path for path in sorted(DATA.rglob("*.pbn")) if _tables(path)]


def test_pbn_5_the_real_files_hold_the_three_tables() -> None:
    names = {tag.name for path in FILES for tag, _ in _tables(path)}
    assert names == set(TABLES)


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_pbn_5_2_real_tables_are_typed_and_written_back_line_by_line(path: Path) -> None:
    for tag, lines in _tables(path):
        errors: list[PBNSyntaxError] = []
        table = read_table(tag, path.name, errors)
        assert errors == []
        assert table.rows
        assert all(len(row) == len(table.columns) for row in table.rows)
        written = table.to_tag(tag.name)
        assert written.value == tag.value
        assert written.rows == tuple(lines[line - 1].rstrip() for line in tag.row_lines)
        assert read_table(written) == table


def test_pbn_5_7_score_table_cells_have_their_types() -> None:
    game = loads(pbn.read_file(DATA / "verifier" / "correct_20.pbn"), strict=False)
    tags = [tag for one in game for tag in one.tags if tag.name == "ScoreTable"]
    table = read_table(tags[0])
    assert table.columns[0] == Column("Rank", "-", 3, "R")
    assert table.columns[1] == Column("Percentage_NS", "+", 4, "R")
    first = table.records()[0]
    assert first == {
        "Rank": 1,
        "Percentage_NS": Decimal("99.4"),
        "Percentage_EW": Decimal("0.6"),
        "Score_NS": 500,
        "Multiplicity": 2,
    }
    percentages = [value for value in table.column("Percentage_NS") if isinstance(value, Decimal)]
    assert len(percentages) == len(table.rows)
    assert percentages == sorted(percentages, reverse=True)  # '+': highest first
    assert all(
        ns + ew == 100  # type: ignore[operator]
        for ns, ew in zip(percentages, table.column("Percentage_EW"), strict=True)
    )


def test_pbn_5_10_total_score_table_names_and_decimals() -> None:
    games = loads(pbn.read_file(DATA / "verifier" / "correct_20.pbn"), strict=False)
    tag = next(tag for game in games for tag in game.tags if tag.name == "TotalScoreTable")
    record = read_table(tag).records()[0]
    assert record["Names"] == ("Sergey OSTRIKOV", "Oleg ODINTSEV")
    assert record["MP"] == "1449.8"  # not a predefined column: kept as text
    assert record["Percentage"] == Decimal("72.49")
    assert record["NrBoards"] == 20


def test_pbn_4_8_rows_after_an_inherited_table_replace_the_inherited_rows() -> None:
    games = loads(pbn.read_file(DATA / "verifier" / "correct_20.pbn"), strict=False)
    tags = [tag for game in games for tag in game.tags if tag.name == "ScoreTable"]
    first, inherited = read_table(tags[0]), read_table(tags[1])
    assert inherited.columns == first.columns
    assert inherited.rows == first.rows[:2]
    bare = loads('[ScoreTable "Rank;Score_NS"]\n1 500\n\n[ScoreTable "#"]\n')
    assert bare[1].tag("ScoreTable") == bare[0].tag("ScoreTable")


def test_pbn_5_2_unknown_irrelevant_and_artificial_elements() -> None:
    tag = PBNTag("ScoreTable", "Rank;Contract;Declarer;Result;Score_NS", ("1 - - ? ^-60",))
    (row,) = read_table(tag).rows
    assert [cell.value for cell in row] == [1, None, None, None, -60]
    assert row[4].artificial
    assert not row[0].artificial
    assert [cell.text for cell in row] == ["1", "-", "-", "?", "^-60"]


def test_pbn_5_7_an_adjusted_trick_score_written_otherwise_is_kept_as_text() -> None:
    tag = PBNTag("ScoreTable", "PairId_NS;Score_NS;Score_EW", ("1 A60 A40", "2 -50 50"))
    errors: list[PBNSyntaxError] = []
    assert read_table(tag, "a.pbn", errors).column("Score_NS") == ("A60", -50)
    assert errors == []


@pytest.mark.parametrize(
    ("column", "element"),
    [
        ("Rank", "first"),
        ("Multiplicity", "2.5"),
        ("Result", "nine"),
        ("IMP_NS", "x"),
        ("Declarer", "Q"),
        ("Denomination", "N"),
        ("Contract", "4Hearts"),
    ],
)
def test_pbn_5_7_an_element_that_does_not_fit_its_column_is_an_error_at_its_line(
    column: str, element: str
) -> None:
    text = f'[Board "1"]\n[ScoreTable "{column};Other"]\n{element} x\n'
    errors = pbn.check(text)
    assert [error.line for error in errors] == [3]
    assert column in str(errors[0])


def test_pbn_5_2_a_written_table_is_read_back_from_a_whole_file() -> None:
    table = PBNTable(
        (
            Column("Rank", "-", 2, "R"),
            Column("Names_NS", "", 12, "L"),
            Column("MP_NS", "+", 5, "R"),
        ),
        (
            (Cell.of(1), Cell.of(("Ann", "Bob")), Cell.of(Decimal("10.5"))),
            (Cell.of(2), Cell.of(("Cid", "Dee")), Cell.of(Decimal("8"), artificial=True)),
        ),
    )
    game = loads('[Board "1"]\n')[0].with_tags(table.to_tag("ScoreTable"))
    again = loads(dumps([game]))[0].tag("ScoreTable")
    assert again is not None
    assert again.rows == (' 1 "Ann;Bob"     10.5', ' 2 "Cid;Dee"       ^8')
    assert read_table(again) == table


_VALUES: dict[str, st.SearchStrategy[CellValue]] = {
    "Rank": st.integers(min_value=1, max_value=999),
    "Score_NS": st.integers(min_value=-7600, max_value=7600),
    "IMP_EW": st.decimals(min_value=-24, max_value=24, places=2),
    "Declarer": st.sampled_from(list(Seat)),
    "Denomination": st.sampled_from(list(Strain)),
    "Names_EW": st.lists(
        st.text(alphabet="abcdefgh XYZ", min_size=1, max_size=8).map(str.strip).filter(bool),
        min_size=1,
        max_size=2,
    ).map(tuple),
    "Club": st.text(alphabet="abcdefgh", min_size=1, max_size=6),
}


@given(
    st.lists(st.sampled_from(sorted(_VALUES)), min_size=1, max_size=5, unique=True).flatmap(
        lambda names: st.tuples(
            st.just(names),
            st.lists(
                st.tuples(*(st.one_of(st.none(), _VALUES[name]) for name in names)),
                max_size=6,
            ),
            st.lists(st.sampled_from(["", "L", "R"]), min_size=len(names), max_size=len(names)),
        )
    )
)
def test_pbn_5_2_any_typed_table_is_read_back_as_written(
    drawn: tuple[list[str], list[tuple[CellValue, ...]], list[str]],
) -> None:
    names, rows, aligns = drawn
    columns = tuple(
        Column(name, "", 6 if align else None, align)
        for name, align in zip(names, aligns, strict=True)
    )
    table = PBNTable(columns, tuple(tuple(Cell.of(value) for value in row) for row in rows))
    again = read_table(table.to_tag("ScoreTable"))
    assert again.records() == table.records()
    assert again.to_tag("ScoreTable") == table.to_tag("ScoreTable")
