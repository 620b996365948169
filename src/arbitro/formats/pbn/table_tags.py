r"""The table tags of PBN 2.1 read into typed values and written back (chapter 5).

A table tag (``ScoreTable``, ``TotalScoreTable``, ``OptimumResultTable``, ...) names
its columns in its value, separated by ``;`` (5.2): each column may carry a sort
order before its name (``+`` highest first, ``-`` lowest first) and, after a
backslash, a minimum width and an alignment (``L`` spaces after, ``R`` spaces
before). The rows that follow hold one element per column: a word, or a
``"quoted string"``; ``?`` is an unknown element, ``-`` an irrelevant one, and ``^``
before an element marks an artificial score.

:func:`read_table` reads a tag into a :class:`PBNTable` whose cells are typed by the
column's predefined name (5.7 ``ScoreTable``, 5.10 ``TotalScoreTable``, 2.1's
``OptimumResultTable``): ranks, counts and trick scores are whole numbers (an
adjusted score written otherwise, ``A60``, is kept as text), a result the tricks
declarer took, from 0 to 13; IMPs, match
points, percentages, totals and means are decimals; ``Declarer`` is a seat,
``Denomination`` a strain, ``Contract`` a contract as in the ``Contract`` tag, and
the names columns the players' names (separated by ``;`` inside one string). Other
columns are text. :meth:`PBNTable.to_tag` writes the table back in export form:
the elements of a row on one line, one space apart, each padded to its column's
minimum width.

>>> table = read_table(PBNTag("ScoreTable", "Rank\\2R;Score_NS\\5R;Names_NS",
...                           (' 1   500 "Ann;Bob"', ' 2  ^-50 ?')))
>>> table.records()[1]
{'Rank': 2, 'Score_NS': -50, 'Names_NS': None}
>>> table.rows[1][1]
Cell(text='^-50', value=-50, artificial=True)
>>> table.to_tag("ScoreTable").rows
(' 1   500 "Ann;Bob"', ' 2  ^-50 ?')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from arbitro.core.errors import PBNSyntaxError
from arbitro.core.seat import Seat
from arbitro.core.suit import Strain
from arbitro.formats.pbn.model import PBNTag, unescape
from arbitro.i18n import N_

CellValue = int | Decimal | Seat | Strain | str | tuple[str, ...] | None
"""The value of a table element: None when it is unknown (``?``) or irrelevant (``-``)."""

_COLUMN = re.compile(r"([+-]?)([^;\\\s]+)(?:\\([0-9]{1,9})([LR]?))?")
_QUOTED = r'"(?:[^"\\]|\\.)*"'
"""A string element: between quotes, with PBN's escapes (``\\"`` a quote, ``\\\\`` a backslash)."""
_ELEMENT = re.compile(_QUOTED + r'|[^\s"]+')
_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")
_TRICKS = re.compile(r"\+?0?(?:[0-9]|1[0-3])")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
TABLE_CONTRACT = re.compile(r"[1-7](?:C|D|H|S|NT)(?:X|XX)?|Pass", re.IGNORECASE)
"""A contract as a results table holds it: level, strain, ``X`` or ``XX``, or ``Pass``
(a PBN ``ScoreTable``'s column, a USEBIO traveller line's ``CONTRACT``)."""
_DENOMINATION = re.compile(r"C|D|H|S|NT", re.IGNORECASE)
_SEAT = re.compile(r"[NESW]", re.IGNORECASE)

_WHOLE_COLUMNS = frozenset({"Rank", "Multiplicity", "NrBoards"})
_SCORE_COLUMNS = frozenset({"Score_NS", "Score_EW"})
_DECIMAL_COLUMNS = frozenset(
    {
        "IMP_NS", "IMP_EW", "MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW", "Percentage",
        "TotalScore", "TotalIMP", "TotalMP", "TotalPercentage", "MeanScore", "MeanIMP",
        "MeanMP", "MeanPercentage",
    }
)  # fmt: skip
_NAMES_COLUMNS = frozenset({"Names", "Names_NS", "Names_EW"})


@dataclass(frozen=True, slots=True)
class Column:
    r"""One column of a table tag: name, sort order, minimum width and alignment.

    The order is ``+`` (descending), ``-`` (ascending) or none; the alignment ``L``,
    ``R`` or none (padded after, as ``L``).

    >>> Column.from_str("+Score_NS\\5R")
    Column(name='Score_NS', order='+', width=5, align='R')
    >>> print(Column("Result", "", 2, "R").to_str())
    Result\2R
    """

    name: str
    order: str = ""
    width: int | None = None
    align: str = ""

    @classmethod
    def from_str(cls, text: str) -> Column:
        r"""The column written ``text`` (``-Rank\3R``); :class:`ValueError` if malformed.

        >>> Column.from_str("Rank\\")
        Traceback (most recent call last):
        ...
        ValueError: Rank\
        """
        match = _COLUMN.fullmatch(text)
        if match is None:
            raise ValueError(text)
        order, name, width, align = match.groups()
        return cls(name, order or "", int(width) if width else None, align or "")

    def to_str(self) -> str:
        r"""The column as a table tag's value writes it.

        >>> print(Column("Rank", "-", 3, "R").to_str(), Column("Names").to_str())
        -Rank\3R Names
        """
        width = "" if self.width is None else f"\\{self.width}{self.align}"
        return f"{self.order}{self.name}{width}"

    def pad(self, text: str) -> str:
        """``text`` padded with spaces to the column's minimum width (5.2).

        >>> Column("R", "", 3, "R").pad("9"), Column("L", "", 3, "L").pad("9")
        ('  9', '9  ')
        """
        if self.width is None or len(text) >= self.width:
            return text
        return text.rjust(self.width) if self.align == "R" else text.ljust(self.width)


@dataclass(frozen=True, slots=True)
class Cell:
    """One table element: the text as written and its typed value.

    >>> Cell.of(Seat.NORTH), Cell.of(("Ann", "Bob")).text
    (Cell(text='N', value=Seat.NORTH, artificial=False), '"Ann;Bob"')
    """

    text: str
    value: CellValue
    artificial: bool = False

    @classmethod
    def of(cls, value: CellValue, *, artificial: bool = False) -> Cell:
        """The cell written for ``value`` (None is written ``?``, unknown).

        >>> Cell.of(Decimal("62.5"), artificial=True).text, Cell.of(Decimal("1E+2")).text
        ('^62.5', '100')
        """
        if value is None:
            text = "?"
        elif isinstance(value, tuple):
            text = '"' + ";".join(value) + '"'
        elif isinstance(value, str) and (not value or any(c.isspace() for c in value)):
            text = f'"{value}"'
        elif isinstance(value, Decimal):
            text = format(value, "f")
        else:
            text = str(value)
        return cls(("^" if artificial else "") + text, value, artificial)


@dataclass(frozen=True, slots=True)
class PBNTable:
    r"""A table tag read into values: its columns and its rows of typed cells.

    >>> table = read_table(PBNTag("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R",
    ...                           ("N NT  9", "S  S  8")))
    >>> [column.name for column in table.columns], table.records()[1]["Result"]
    (['Declarer', 'Denomination', 'Result'], 8)
    """

    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """The line of each row in its file (empty when the table was not read from one)."""

    def line(self, index: int) -> int:
        """The line of row ``index`` in its file, or 0 when unknown.

        >>> read_table(PBNTag("ScoreTable", "Rank", ("", "1", "2"), 4, (5, 6, 7))).line(1)
        7
        """
        return self.lines[index] if index < len(self.lines) else 0

    @property
    def value(self) -> str:
        r"""The tag value naming the columns.

        >>> print(PBNTable((Column("Rank", "", 2, "R"), Column("Names")), ()).value)
        Rank\2R;Names
        """
        return ";".join(column.to_str() for column in self.columns)

    def records(self) -> list[dict[str, CellValue]]:
        """The rows as mappings from column name to value.

        >>> PBNTable((Column("Names"),), ((Cell('"x y"', ("x y",)),),)).records()
        [{'Names': ('x y',)}]
        """
        return [
            {column.name: cell.value for column, cell in zip(self.columns, row, strict=False)}
            for row in self.rows
        ]

    def column(self, name: str) -> tuple[CellValue, ...]:
        """The values of the column ``name`` (empty when there is none).

        >>> PBNTable((Column("Rank"),), ((Cell("1", 1),), (Cell("2", 2),))).column("Rank")
        (1, 2)
        """
        index = next((at for at, column in enumerate(self.columns) if column.name == name), None)
        if index is None:
            return ()
        return tuple(row[index].value for row in self.rows if index < len(row))

    def row_texts(self) -> tuple[str, ...]:
        """The rows in export form: one line each, elements one space apart, padded.

        >>> PBNTable((Column("A", "", 3, "R"), Column("B")), ((Cell("1", 1), Cell("x", "x")),)
        ...          ).row_texts()
        ('  1 x',)
        """
        return tuple(
            " ".join(
                column.pad(cell.text) for column, cell in zip(self.columns, row, strict=False)
            ).rstrip()
            for row in self.rows
        )

    def to_tag(self, name: str) -> PBNTag:
        r"""The table as the tag ``name`` with its rows.

        >>> PBNTable((Column("Rank"),), ((Cell.of(1),),)).to_tag("ScoreTable")
        PBNTag(name='ScoreTable', value='Rank', rows=('1',))
        """
        return PBNTag(name, self.value, self.row_texts())


def _typed(name: str, text: str) -> tuple[CellValue, str]:
    """The value of element ``text`` in the column ``name``, and the problem if any.

    Returns ``(value, "")`` when the element fits its column, ``(None, reason)`` when
    it does not.
    """
    if text in ("?", "-"):
        return None, ""
    if name == "Result":  # the tricks declarer took (5.7)
        if _TRICKS.fullmatch(text):
            return int(text), ""
        return None, N_("expected a number of tricks from 0 to 13 in the column {column}")
    if name in _WHOLE_COLUMNS:
        if _WHOLE.fullmatch(text):
            return int(text), ""
        return None, N_("expected a whole number in the column {column}")
    if name in _SCORE_COLUMNS and _WHOLE.fullmatch(text):
        return int(text), ""
    if name in _DECIMAL_COLUMNS:
        if _DECIMAL.fullmatch(text):
            return Decimal(text), ""
        return None, N_("expected a number such as 62.5 in the column {column}")
    if name == "Declarer":
        if _SEAT.fullmatch(text):
            return Seat.from_str(text.upper()), ""
        return None, N_("expected N, E, S or W in the column {column}")
    if name == "Denomination":
        if _DENOMINATION.fullmatch(text):
            return Strain.from_str(text.upper()), ""
        return None, N_("expected C, D, H, S or NT in the column {column}")
    if name == "Contract":
        if TABLE_CONTRACT.fullmatch(text):
            return text, ""
        return None, N_("expected a contract such as 4HX in the column {column}")
    quoted = len(text) > 1 and text[0] == text[-1] == '"'
    unquoted = unescape(text[1:-1]) if quoted else text
    if name in _NAMES_COLUMNS:
        return tuple(part.strip() for part in unquoted.split(";")), ""
    return unquoted, ""


def _cell(column: Column, text: str, line: int, source: str, errors: list[PBNSyntaxError]) -> Cell:
    """The typed cell of element ``text``; a wrong element is reported and kept as None."""
    artificial = text.startswith("^")
    written = text[1:] if artificial else text
    value, reason = _typed(column.name, written)
    if reason:
        errors.append(PBNSyntaxError.at(source, line, text, reason, column=column.name))
    return Cell(text, value, artificial)


def read_table(
    tag: PBNTag, source: str = "<text>", errors: list[PBNSyntaxError] | None = None
) -> PBNTable:
    r"""The columns and typed rows of a table tag; problems go to ``errors``.

    Each row of the section is one row of the table (as export format writes it).
    Problems: a malformed column, a row with too few or too many elements, a comment
    inside a row (5.1), an element that does not fit its predefined column.

    >>> problems = []
    >>> read_table(PBNTag("ScoreTable", "Rank;Score_NS", ("1 500", "2", "x 5"), 4, (5, 6, 7)),
    ...            "a.pbn", problems).records()
    [{'Rank': 1, 'Score_NS': 500}, {'Rank': 2}, {'Rank': None, 'Score_NS': 5}]
    >>> for problem in problems:
    ...     print(problem)
    a.pbn, line 6: 2: expected 2 elements in the row, one for each column
    a.pbn, line 7: x: expected a whole number in the column Rank
    """
    errors = [] if errors is None else errors
    try:
        columns = tuple(Column.from_str(written) for written in tag.value.split(";"))
    except ValueError:
        errors.append(
            PBNSyntaxError.at(
                source,
                tag.line,
                f'[{tag.name} "{tag.value}"]',
                N_("expected columns such as {example}"),
                example="Rank\\3R;+Score_NS\\5R",
            )
        )
        return PBNTable((), ())
    rows: list[tuple[Cell, ...]] = []
    lines: list[int] = []
    for index, row in enumerate(tag.rows):
        line = tag.row_line(index)
        text = row.strip()
        if not text or text.startswith("{"):
            continue
        if ";" in re.sub(_QUOTED, "", text):
            errors.append(
                PBNSyntaxError.at(source, line, text, N_("a comment inside a row of a table"))
            )
            text = text[: text.index(";")]
        elements = _ELEMENT.findall(text)
        if len(elements) != len(columns):
            errors.append(
                PBNSyntaxError.at(
                    source,
                    line,
                    text,
                    N_("expected {count} elements in the row, one for each column"),
                    count=len(columns),
                )
            )
        rows.append(
            tuple(
                _cell(column, element, line, source, errors)
                for column, element in zip(columns, elements, strict=False)
            )
        )
        lines.append(line)
    return PBNTable(columns, tuple(rows), tuple(lines))
