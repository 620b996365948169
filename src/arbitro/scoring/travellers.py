r"""Travellers as CSV text: one line per table and board, read into :class:`TableResult` values.

The first row names the columns, in any order, from ``board``, ``ns``, ``ew``,
``contract``, ``declarer``, ``tricks``, ``lead``, ``score``, ``adjusted`` and
``group``. Each line fills ``board``, ``ns`` and ``ew`` (pair identifiers are free
text: the same identifier is the same pair wherever it appears) and then one of:

- ``contract``, ``declarer`` and ``tricks`` (the tricks declarer took, or ``=``,
  ``+1``, ``-2`` against the contract); the score comes from Law 77 with the board's
  vulnerability (Law 2). ``Pass`` needs neither declarer nor tricks;
- ``score``: North-South's score;
- ``adjusted``: an artificial score (``A60/A40``, ``A50``, ``A+/A-``), a split score
  (``+420/-620``: each side's score as that side scores it; or ``4S= N/4S+1 N``: the
  result each side is scored as), one assigned score for both sides (``4S= N`` or
  ``+420``), a weighted score
  (``1/3 3NT= N; 1/3 3NT-1 N; 1/6 4S= N; 1/6 4S-1 N``), or, in a team match, the
  board's IMPs for each side (``0/-2 IMP``, Law 12C1b: :meth:`Result.imps_from_str`).

``group`` puts the result in a group of a fouled board (Law 87). When both a contract
and a score are given and they disagree, the entry is *incongruent*: by the AEB rule
the number stands (the pairs' agreement to correct it is not in the file), and a
warning says so.

>>> travellers = read_travellers("board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,10\n1,3,4,4S,N,9\n")
>>> [table.result for table in travellers.results]
[Result.played(420), Result.played(-50)]
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from operator import itemgetter
from typing import Protocol, TypeVar

from arbitro.core.board import Board
from arbitro.core.bounded import MAX_DIGITS
from arbitro.core.card import Card
from arbitro.core.contract import Contract, PassedOut, final_contract_from_str
from arbitro.core.errors import ArbitroError, NotationError
from arbitro.core.seat import Seat, Side
from arbitro.i18n import N_, get_language, gettext
from arbitro.laws.authority import Authority
from arbitro.scoring.law77 import check_tricks, score
from arbitro.scoring.results import (
    Average,
    InvalidAdjustedScoreError,
    InvalidScoreError,
    Result,
    View,
    Weighted,
    is_in_imps,
)
from arbitro.scoring.session import TableResult

COLUMNS = (
    "board",
    "ns",
    "ew",
    "contract",
    "declarer",
    "tricks",
    "lead",
    "score",
    "adjusted",
    "group",
)
"""The columns a travellers file may have."""

TABLE_COLUMNS = (COLUMNS[0], "table", *COLUMNS[1:])
"""The travellers' columns with the table after the board: where one board is played at
more than one table of a field, as a teams event's two tables (Law 8A) and results
entered by table.

>>> TABLE_COLUMNS[:3]
('board', 'table', 'ns')
"""


class InvalidTravellerError(ArbitroError, ValueError):
    """A line of a travellers file that cannot be read; the message names the file, line and column.

    >>> print(InvalidTravellerError("day1.csv", 4, "tricks", "expected a whole number from 0 to 13"))
    day1.csv, line 4, column 'tricks': expected a whole number from 0 to 13
    """

    def __init__(
        self, source: str, line: int, column: str | None, problem: str, **details: object
    ) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.problem = problem
        self.details = details
        super().__init__(source, line, column, problem)

    def __str__(self) -> str:
        problem = (
            gettext(self.problem).format(**self.details) if self.details else gettext(self.problem)
        )
        if self.column is None:
            return gettext("{source}, line {line}: {problem}").format(
                source=self.source, line=self.line, problem=problem
            )
        return gettext("{source}, line {line}, column '{column}': {problem}").format(
            source=self.source, line=self.line, column=self.column, problem=problem
        )


def _csv_reason(error: csv.Error | UnicodeDecodeError) -> str:
    if isinstance(error, UnicodeDecodeError):
        return gettext("not UTF-8 text; save the file as UTF-8 CSV")
    if "field limit" in str(error):
        return gettext("a field is longer than {limit} characters").format(
            limit=csv.field_size_limit()
        )
    return gettext("not CSV ({reason})").format(reason=error)


def decoded_lines(
    stream: Iterable[bytes | str], fail: Callable[[int, str], Exception]
) -> Iterator[str]:
    r"""The lines of a CSV file's bytes as text, one at a time (UTF-8, a BOM dropped).

    A line that is not UTF-8 raises ``fail(line, reason)`` when it is reached, so a file
    read as it arrives (a pipe) is stored up to that line. Lines already text pass as
    they are.

    >>> list(decoded_lines([b"\xef\xbb\xbfboard\n", b"1\n", b"\xe9\n"], lambda line, reason: ValueError(f"line {line}: {reason}")))
    Traceback (most recent call last):
    ...
    ValueError: line 3: not UTF-8 text; save the file as UTF-8 CSV
    """
    for number, raw in enumerate(stream, start=1):
        try:
            line = raw if isinstance(raw, str) else raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise fail(number, _csv_reason(error)) from None
        yield line.removeprefix("\ufeff") if number == 1 else line


def csv_header(reader: csv.DictReader[str], fail: Callable[[int, str], Exception]) -> list[str]:
    r"""The column names of ``reader``, lower case; a header that is not CSV text raises ``fail(1, reason)``.

    >>> csv_header(csv.DictReader(io.StringIO("Board,NS\n")), lambda line, reason: ValueError(reason))
    ['board', 'ns']
    """
    try:
        return [name.strip().lower() for name in reader.fieldnames or []]
    except (csv.Error, UnicodeDecodeError) as error:
        raise fail(1, _csv_reason(error)) from None


_Row = TypeVar("_Row", covariant=True)


class LineReader(Protocol[_Row]):
    """A reader of CSV rows that knows the line it is on (:func:`csv.reader`, :class:`csv.DictReader`)."""

    @property
    def line_num(self) -> int:
        """The number of lines read from the source so far."""

    def __next__(self) -> _Row:
        """The next row."""


def csv_rows(reader: LineReader[_Row], fail: Callable[[int, str], Exception]) -> Iterator[_Row]:
    r"""The rows of ``reader``; a line that is not CSV text raises ``fail(line, reason)``.

    A field longer than the :mod:`csv` module's limit (131,072 characters) and bytes
    that are not UTF-8 text are refused with the line they are on.

    >>> reader = csv.DictReader(io.StringIO("a\n" + "x" * 200_000 + "\n"))
    >>> list(csv_rows(reader, lambda line, reason: ValueError(f"line {line}: {reason}")))
    Traceback (most recent call last):
    ...
    ValueError: line 2: a field is longer than 131072 characters
    """
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except (csv.Error, UnicodeDecodeError) as error:
            # The line the csv module was reading (a DictReader counts only the rows it
            # gave; the reader under it has counted the failing line too).
            under = reader.reader if isinstance(reader, csv.DictReader) else reader
            raise fail(under.line_num, _csv_reason(error)) from None
        yield row


@dataclass(frozen=True)
class TravellerWarning:
    """Something the reader accepted but the director should know (an incongruent entry).

    >>> print(TravellerWarning("t.csv", 3, N_("the contract gives {computed} but the score is {entered}; the score stands (AEB rule A)"), {"computed": -100, "entered": 50}))
    t.csv, line 3: the contract gives -100 but the score is 50; the score stands (AEB rule A)
    """

    source: str
    line: int
    reason: str
    details: dict[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return gettext("{source}, line {line}: {problem}").format(
            source=self.source, line=self.line, problem=gettext(self.reason).format(**self.details)
        )


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a row of a travellers CSV written from another file stands in that file.

    ``line`` is the file's line, and ``columns`` the file's names for the travellers'
    columns (``{"tricks": "Result"}``): a message about the row names them, not the CSV's.

    >>> Origin(16, {"tricks": "Result"}).columns["tricks"]
    'Result'
    """

    line: int
    columns: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Travellers:
    """What a travellers file holds: the results, and the warnings met reading it."""

    results: list[TableResult]
    warnings: list[TravellerWarning]
    source: str = "<text>"


_SCORE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
_WEIGHT = re.compile(
    r"(?P<weight>[0-9]{1,9}(?:/[0-9]{1,9})?|[0-9]{0,9}\.[0-9]{1,9})\s+(?P<rest>.+)"
)
_PLAYED = re.compile(r"(?P<contract>.+?)\s*(?P<result>=|[+-][0-9]{1,2})\s*(?P<declarer>\S+)")


@dataclass(frozen=True)
class _Example:
    """An example of an adjusted score, written in the reader's notation (``3ST= N``)."""

    text: str

    def localized(self) -> str:
        language = get_language()
        return ", ".join(adjusted_to_str(part, to_lang=language) for part in self.text.split(", "))


def _ns_score(contract: Contract, declarer: Seat, tricks: int, board: Board) -> int:
    points = score(contract, tricks, board.vulnerability.is_vulnerable(declarer))
    return points if declarer.side is Side.NS else -points


def _played_score(text: str, board: Board, lang: str) -> int:
    """North-South's score of ``4S= N``, ``3NTX-2 W`` or a bare score ``+420``."""
    stripped = text.strip()
    if _SCORE.fullmatch(stripped):
        return int(stripped)
    match = _PLAYED.fullmatch(stripped)
    if match is None:
        raise InvalidAdjustedScoreError(
            text,
            N_("expected a score such as {examples}"),
            examples=_Example("+420, 4S= N, 3NT-1 E"),
        )
    contract = Contract.from_str(match["contract"], lang)
    declarer = Seat.from_str(match["declarer"], lang)
    relative = match["result"]
    tricks = contract.tricks_needed + (0 if relative == "=" else int(relative))
    check_tricks(tricks)
    return _ns_score(contract, declarer, tricks, board)


def _side_view(text: str, board: Board, lang: str, negate: bool) -> View:
    stripped = text.strip()
    if stripped[:1].upper() == "A":
        return Average.from_str(stripped)
    value = _played_score(stripped, board, lang)
    bare = _SCORE.fullmatch(stripped) is not None  # a bare number is the side's own score
    return Weighted.single(-value if negate and bare else value)


def read_adjusted(text: str, board: Board, lang: str = "en") -> Result:
    """Read an adjusted score as the ``adjusted`` column writes it.

    >>> read_adjusted("A60/A40", Board(1))
    Result(Average(AverageKind.PLUS, Fraction(60, 1)), Average(AverageKind.MINUS, Fraction(40, 1)))
    >>> read_adjusted("+420/-620", Board(1))
    Result.split(420, -620)
    >>> read_adjusted("1/2 4S= N; 1/2 4S-1 N", Board(1))
    Result.weighted(Weighted(((Fraction(1, 2), 420), (Fraction(1, 2), -50))))
    >>> read_adjusted("0/-2 IMP", Board(1))   # in a team match only (Law 12C1b)
    Result(AdjustedImps(Fraction(0, 1)), AdjustedImps(Fraction(-2, 1)))
    """
    stripped = text.strip()
    if is_in_imps(stripped):
        return Result.imps_from_str(stripped)
    if ";" in stripped or (_WEIGHT.fullmatch(stripped) and "/" in stripped.split()[0]):
        parts = []
        for piece in stripped.split(";"):
            if not piece.strip():
                continue
            match = _WEIGHT.fullmatch(piece.strip())
            if match is None:
                raise InvalidAdjustedScoreError(
                    piece.strip(),
                    N_("expected a weight and a score, as in {example}"),
                    example=_Example("1/3 3NT= N"),
                )
            try:
                weight = Fraction(match["weight"])
            except ZeroDivisionError:
                raise InvalidAdjustedScoreError(
                    piece.strip(),
                    N_("a weight is a fraction with a denominator above 0, as in {example}"),
                    example=_Example("1/3 3NT= N"),
                ) from None
            parts.append((weight, _played_score(match["rest"], board, lang)))
        return Result.weighted(Weighted(tuple(parts)))
    if "/" in stripped:
        ns_text, _, ew_text = stripped.partition("/")
        if not ns_text.strip() or not ew_text.strip():
            raise InvalidAdjustedScoreError(
                text,
                N_("expected a score for each side, North-South's first, as in {examples}"),
                examples="A60/A40, +420/-620",
            )
        return Result(
            _side_view(ns_text, board, lang, negate=False),
            _side_view(ew_text, board, lang, negate=True),
        )
    view = _side_view(stripped, board, lang, negate=False)
    return Result(view, view)


def adjusted_to_str(
    text: str, lang: str = "en", to_lang: str = "en", *, symbols: bool = False
) -> str:
    """An adjusted score read in ``lang`` and written in ``to_lang`` (contracts and seats).

    The stored form is English without symbols, so the same score typed in either
    language, or with suit symbols, is stored once and the same way; a page shows it in
    its reader's notation. Averages, weights and bare scores are written as they are.

    >>> adjusted_to_str("4P= E", "es"), adjusted_to_str("4♠= E"), adjusted_to_str("4S= E")
    ('4S= E', '4S= E', '4S= E')
    >>> adjusted_to_str("1/2 4S= W; 1/2 4S-1 W", to_lang="es", symbols=True)
    '1/2 4♠= O; 1/2 4♠-1 O'
    >>> adjusted_to_str("A60/3NT+1 O", "es")
    'A60/3NT+1 W'
    >>> adjusted_to_str("+0 imps / -2 imps", "es")
    '0/-2 IMP'
    """
    stripped = text.strip()
    if is_in_imps(stripped):
        try:
            return Result.imps_from_str(stripped).to_str()
        except InvalidAdjustedScoreError:
            return stripped
    if ";" in stripped or (_WEIGHT.fullmatch(stripped) and "/" in stripped.split()[0]):
        pieces = []
        for piece in stripped.split(";"):
            match = _WEIGHT.fullmatch(piece.strip())
            if match is None:
                pieces.append(piece.strip())
                continue
            rest = _played_to_str(match["rest"], lang, to_lang, symbols)
            pieces.append(f"{match['weight']} {rest}")
        return "; ".join(piece for piece in pieces if piece)
    if "/" in stripped:
        ns_text, _, ew_text = stripped.partition("/")
        return "/".join(_played_to_str(side, lang, to_lang, symbols) for side in (ns_text, ew_text))
    return _played_to_str(stripped, lang, to_lang, symbols)


def _played_to_str(text: str, lang: str, to_lang: str, symbols: bool) -> str:
    """``4P= E`` (read in ``lang``) as ``to_lang`` writes it; anything else as it is."""
    stripped = text.strip()
    match = _PLAYED.fullmatch(stripped)
    if stripped[:1].upper() == "A" or match is None:
        return stripped
    try:
        contract = Contract.from_str(match["contract"], lang)
        declarer = Seat.from_str(match["declarer"], lang)
    except NotationError:
        return stripped
    written = contract.to_str(to_lang, symbols=symbols, declarer=False)
    return f"{written}{match['result']} {declarer.to_str(to_lang)}"


def _read_line(
    row: dict[str, str],
    line: int,
    source: str,
    lang: str,
    boards: dict[str, Board] | None = None,
) -> tuple[TableResult, TravellerWarning | None]:
    """One line's table result, and the warning it gives (if any).

    ``row`` maps each column to its cell, stripped (empty where the line is short).
    ``boards`` keeps the boards read so far by their text (a session has thousands of
    lines per board).
    """
    cell = row.get
    column = "board"
    try:
        number = cell("board", "")
        board = boards.get(number) if boards is not None else None
        if board is None:
            board = Board.from_str(number)
            if boards is not None:
                boards[number] = board
        ns, ew = cell("ns", ""), cell("ew", "")
        if not ns or not ew:
            column = "ew" if ns else "ns"
            raise InvalidTravellerError(source, line, column, N_("the pair is missing"))
        warning = None
        group = cell("group") or None
        if cell("lead"):
            column = "lead"
            Card.from_str(row["lead"], lang)
        if cell("adjusted"):
            column = "adjusted"
            result = read_adjusted(row["adjusted"], board, lang)
        elif cell("contract"):
            column = "contract"
            contract = final_contract_from_str(row["contract"], lang)
            if isinstance(contract, PassedOut):
                computed = 0
            else:
                column = "declarer"
                if not cell("declarer"):
                    raise InvalidTravellerError(source, line, column, N_("the declarer is missing"))
                declarer = Seat.from_str(row["declarer"], lang)
                column = "tricks"
                if not cell("tricks"):
                    raise InvalidTravellerError(
                        source, line, column, N_("the number of tricks is missing")
                    )
                computed = _ns_score(contract, declarer, _tricks(row["tricks"], contract), board)
            result = Result.played(computed)
            if cell("score"):
                column = "score"
                entered = _entered_score(row["score"])
                if entered != computed:
                    result = Result.played(entered)
                    warning = TravellerWarning(
                        source,
                        line,
                        N_(
                            "the contract gives {computed} but the score is {entered}; the score stands (AEB rule A)"
                        ),
                        {"computed": computed, "entered": entered},
                    )
        elif cell("score"):
            column = "score"
            result = Result.played(_entered_score(row["score"]))
        else:
            raise InvalidTravellerError(
                source,
                line,
                None,
                N_("expected contract, declarer and tricks, or score, or adjusted"),
            )
    except NotationError as error:
        raise InvalidTravellerError(source, line, column, str(error)) from None
    return TableResult(board.number, ns, ew, result, group, line), warning


def _entered_score(text: str) -> int:
    if not _SCORE.fullmatch(text):
        raise InvalidScoreError(
            text,
            N_("expected North-South's score, a whole number such as {examples}"),
            examples="420, -50",
        )
    return int(text)


def _tricks(text: str, contract: Contract) -> int:
    if text == "=":
        return contract.tricks_needed
    if re.fullmatch(r"[+-][0-9]{1,2}", text):
        return check_tricks(contract.tricks_needed + int(text))
    return check_tricks(int(text) if re.fullmatch("[0-9]{1,2}", text) else text)


def read_travellers(
    text: str, source: str = "<text>", lang: str = "en", origins: Sequence[Origin] = ()
) -> Travellers:
    r"""Read a travellers CSV (see the module's description); ``source`` names it in messages.

    A CSV written from another file (a PBN score table) gives the :class:`Origin` of each
    of its rows, in order, in ``origins``: its messages, warnings and results name the
    file's lines and columns.

    >>> found = read_travellers("board,ns,ew,contract,declarer,tricks,score\n1,1,2,4S,N,10,450\n",
    ...                         "a.pbn", origins=[Origin(16)])
    >>> print(found.warnings[0])
    a.pbn, line 16: the contract gives 420 but the score is 450; the score stands (AEB rule A)

    >>> read_travellers("board,ns\n1,2\n", source="t.csv")
    Traceback (most recent call last):
    ...
    arbitro.scoring.travellers.InvalidTravellerError: t.csv, line 1: the header lacks the column 'ew'
    """
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))

    def fail(line: int, reason: str) -> InvalidTravellerError:
        return InvalidTravellerError(source, line, None, reason)

    header = [name.strip().lower() for name in next(csv_rows(reader, fail), [])]
    for name in header:
        if name not in COLUMNS:
            raise InvalidTravellerError(
                source,
                1,
                None,
                N_("unknown column '{name}' (expected {choices})"),
                name=name,
                choices=", ".join(COLUMNS),
            )
    for name in ("board", "ns", "ew"):
        if name not in header:
            raise InvalidTravellerError(
                source, 1, None, N_("the header lacks the column '{name}'"), name=name
            )
    width = len(header)
    results: list[TableResult] = []
    warnings: list[TravellerWarning] = []
    seen: dict[tuple[int, str], int] = {}
    boards: dict[str, Board] = {}
    strip, first_seen, keep = str.strip, seen.setdefault, results.append
    # A line's result depends on its cells but the pairs (and on its number only for a
    # message): a line whose other cells were met before, with no warning, gives the
    # same board, result and group (a session has thousands of tables and a few dozen
    # results a board). Not with a column named twice.
    ns_at, ew_at = header.index("ns"), header.index("ew")
    others = itemgetter(*[at for at in range(width) if at not in (ns_at, ew_at)])
    known: dict[object, tuple[int, Result, str | None]] = {}
    memoized = len(set(header)) == width
    names: Mapping[str, str] = {}
    try:
        for index, cells in enumerate(csv_rows(reader, fail)):
            if origins:  # the other file's line and names of the columns
                line, names = origins[index].line, origins[index].columns
            else:
                line = reader.line_num
            if not "".join(cells[:width]).strip():  # blank: no more than separators and spaces
                continue
            if len(cells) > width:
                raise InvalidTravellerError(
                    source, line, None, N_("more fields than the header has")
                )
            key = others(cells) if memoized and len(cells) == width else None
            same = None if key is None else known.get(key)
            ns, ew = (strip(cells[ns_at]), strip(cells[ew_at])) if same is not None else ("", "")
            if same is not None and ns and ew:
                table, warning = TableResult(same[0], ns, ew, same[1], same[2], line), None
            else:
                row = dict(zip(header, map(strip, cells), strict=False))
                if len(cells) < width:  # a short line: the columns it lacks are empty
                    row.update(dict.fromkeys(header[len(cells) :], ""))
                table, warning = _read_line(row, line, source, lang, boards)
                if key is not None and warning is None:
                    known[key] = (table.board, table.result, table.group)
            if table.ns == table.ew:
                raise InvalidTravellerError(
                    source, line, "ew", N_("pair {pair} cannot play against itself"), pair=table.ns
                )
            for column, pair in (("ns", table.ns), ("ew", table.ew)):
                size = len(seen)
                earlier = first_seen((table.board, pair), line)
                if len(seen) == size:  # met before (another file's rows may share a line)
                    raise InvalidTravellerError(
                        source,
                        line,
                        column,
                        N_("pair {pair} already has a result on board {board} (line {earlier})"),
                        pair=pair,
                        board=table.board,
                        earlier=earlier,
                    )
            keep(table)
            if warning is not None:
                warnings.append(warning)
    except InvalidTravellerError as error:
        if error.column is None or error.column not in names:
            raise
        raise InvalidTravellerError(
            error.source, error.line, names[error.column], error.problem, **error.details
        ) from None
    return Travellers(results, warnings, source)


def check_profile(travellers: Travellers, profile: Authority) -> None:
    r"""Refuse what the authority does not allow, naming the line: weighted scores where 12C1e applies.

    >>> from arbitro.laws.authority import authority
    >>> t = read_travellers("board,ns,ew,adjusted\n1,1,2,1/2 +420; 1/2 -50\n", "t.csv")
    >>> check_profile(t, authority("aeb"))
    Traceback (most recent call last):
    ...
    arbitro.scoring.travellers.InvalidTravellerError: t.csv, line 2, column 'adjusted': the regulating authority (aeb) does not allow weighted scores (Law 12C1c); it applies Law 12C1e
    """
    if profile.weighted_scores:
        return
    for table in travellers.results:
        for view in (table.result.ns, table.result.ew):
            if isinstance(view, Weighted) and not view.is_single:
                raise InvalidTravellerError(
                    travellers.source,
                    table.line or 0,
                    "adjusted",
                    N_(
                        "the regulating authority ({authority}) does not allow weighted "
                        "scores (Law 12C1c); it applies Law 12C1e"
                    ),
                    authority=profile.code,
                )
