"""Scoring a session: from the tables' results to each board's points and each pair's ranking.

:func:`score_session` takes one :class:`TableResult` per table and board and scores
them by one method — matchpoints (``mp``, Law 78A), IMPs against a Butler datum
(``imp-butler``), cross-IMPs (``cross-imp``) or total points (``total``, 78C) — with
the regulating authority's profile. Each board is scored per direction: North-South
pairs against the field's North-South views and East-West pairs against East-West's,
which are the same unless a split score (12C1f) gives the two sides different ones.
Artificial scores (12C2) are left out of the field; Neuberg's formula (or the board's
own count, if the profile turns Neuberg off) brings the smaller field to the full top.
Fouled boards (87) are scored in groups. After the boards, Law 12C2c replaces
average-plus and average-minus by the pair's own session result where the Law says
so, penalties (90, 91) come off, and pairs are ranked.

A national simultaneous event has thousands of tables on each board, nearly all plain
results. In matchpoints and with a Butler datum such a board (every result one score
for both sides, no groups) is scored in columns, in :mod:`arbitro.scoring.columnar`:
each record keeps its plain score from when it was made
(:attr:`TableResult.plain_score`), the board's equal scores are counted once (which
also shows whether every result is plain) and each distinct score gets its points
once, each table's North-South points are looked up, and East-West's are the top less
North-South's (IMPs: North-South's, negated). The points stay whole numbers through
the session: in matchpoints on the 2 / 1 scale with every board full, else in units of
1 / ``scale`` of a matchpoint (:func:`~arbitro.scoring.columnar.tally_scale`); each
pair's total and maximum are divided once at the end, and its percentage is read from
the whole numbers. The pairs' totals are added at the end, a direction at a time: when
the boards played by the most tables have the same pairs in a direction (a Mitchell,
or everyone playing every board) their columns are lined up pair by pair (a
Mitchell's moving pairs by turning each board's column round) and added in columns
(:func:`~arbitro.scoring.matchpoints.line_up`), which also shows that no pair sat
twice on a board; a board with a table missing adds its pairs' points by name;
otherwise pair by pair, after the usual checks. Pairs are ranked by their whole totals
when every pair had the same maximum, else by percentage (sorted by its float first,
the exact value deciding between equal floats). The board's :class:`BoardLine` objects
are made only when the board is first read from :attr:`SessionScore.boards`.

Every other board takes the general path here (weighted views and fractions), and it
is the columnar path's specification: ``_score_session(..., columnar=False)`` scores
every board by it, and the two agree on every number
(``tests/test_law78a_columnar_session.py``, ``tests/test_law78a_fast_scoring.py``,
``tests/test_law78b_butler_session.py``). A session already held as numpy arrays
(:class:`~arbitro.scoring.session_columns.SessionColumns`) is scored with a Butler
datum on the arrays by :func:`~arbitro.scoring.session_columns.score_columns`, with
this module as its specification.

>>> results = [TableResult(1, "1", "2", Result.played(420)), TableResult(1, "3", "4", Result.played(400)),
...            TableResult(2, "1", "2", Result.played(-100)), TableResult(2, "3", "4", Result.played(110))]
>>> session = score_session(results)
>>> [(line.ns, int(line.ns_points), int(line.ew_points)) for line in session.boards[1]]
[('1', 2, 0), ('3', 0, 2)]
>>> session.by_direction   # pairs keep their direction: North-South and East-West are ranked apart
True
>>> [(pair.pair, pair.rank_label, show(pair.percentage)) for pair in session.pairs]
[('1', '1=', '50.00'), ('3', '1=', '50.00'), ('2', '1=', '50.00'), ('4', '1=', '50.00')]
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from itertools import compress, groupby, repeat
from operator import add, attrgetter, is_, itemgetter, lt, mul, neg, sub
from typing import Literal, NamedTuple, TypeVar, cast

from arbitro.core.collector import cycle_collector_paused
from arbitro.core.errors import NotationError
from arbitro.core.seat import Side
from arbitro.i18n import N_
from arbitro.laws.authority import Authority, authority
from arbitro.scoring.adjusted import (
    AdjustedScoreNotAllowedError,
    artificial_imps,
    artificial_matchpoints,
    average_percent,
    law_12c2c,
)
from arbitro.scoring.columnar import (
    Points,
    plain_butler,
    plain_points,
    plain_units,
    tally_scale,
    unscaled,
    whole,
)
from arbitro.scoring.matchpoints import (
    column_sums,
    line_up,
    look_up,
    percentage,
    weighted_matchpoints,
)
from arbitro.scoring.neuberg import neuberg
from arbitro.scoring.penalties import Penalty, Unit
from arbitro.scoring.results import Average, AverageKind, Result, View, Weighted
from arbitro.scoring.teams import butler_imps, cross_imps
from arbitro.scoring.total_points import artificial_total_points

Method = Literal["mp", "imp-butler", "cross-imp", "total"]
METHODS: tuple[Method, ...] = ("mp", "imp-butler", "cross-imp", "total")
"""The scoring methods of :func:`score_session`."""


class InvalidSessionError(NotationError):
    """Results that cannot be scored together (a pair twice on a board, a pair against itself)."""

    what = N_("session")


class InvalidPenaltyError(InvalidSessionError):
    """A penalty that does not fit the session: a pair that did not play, or the wrong unit."""

    what = N_("penalty")


_UNIT_NEEDS: dict[str, str] = {
    "top": N_("a penalty in a fraction of a top needs matchpoint scoring"),
    "imps": N_("a penalty in IMPs needs IMP scoring"),
    "mp": N_("a penalty in matchpoints needs matchpoint scoring"),
}


def penalty_units(method: Method) -> tuple[Unit, ...]:
    """The units a penalty (Law 90, 91) can be given in, in a session scored by ``method``.

    A fraction of a top needs a top (matchpoints); IMPs need IMP or total-point scoring;
    matchpoints are no IMP score's.

    >>> penalty_units("mp"), penalty_units("imp-butler"), penalty_units("total")
    (('top', 'mp'), ('imps',), ('mp', 'imps'))
    """
    if method == "mp":
        return ("top", "mp")
    if method == "total":
        return ("mp", "imps")
    return ("imps",)


@dataclass(frozen=True)
class TableResult:
    """One table's result on one board: the board, the two pairs, the result.

    ``group`` puts the result in a group of a fouled board (Law 87); ``line`` is where
    it came from, for messages. ``plain_score`` is read from the others when the
    record is made: North-South's score if the result is plain (one score for both
    sides) and in no group, else ``None`` — what matchpointing a big field reads first.

    >>> TableResult(3, "5", "12", Result.played(-50))
    TableResult(3, '5', '12', Result.played(-50))
    >>> TableResult(3, "5", "12", Result.played(-50)).plain_score
    -50
    >>> TableResult(3, "5", "12", Result.split(100, -200)).plain_score is None
    True
    """

    board: int
    ns: str
    ew: str
    result: Result
    group: str | None = None
    line: int | None = None
    plain_score: int | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        view, score = self.result.ns, None
        if self.group is None and _is_plain(self.result):
            score = cast("Weighted", view).parts[0][1]
        object.__setattr__(self, "plain_score", score)

    def __repr__(self) -> str:
        extra = ""
        if self.group is not None:
            extra += f", group={self.group!r}"
        if self.line is not None:
            extra += f", line={self.line}"
        return f"TableResult({self.board}, {self.ns!r}, {self.ew!r}, {self.result!r}{extra})"


class BoardLine(NamedTuple):
    """One table of a scored board: each side's points and the board's top (``None`` for total points).

    ``notes`` name what changed a number: ``Neuberg``, ``12C2a``, ``12C2c``, ``12C1c``,
    ``12C1f``, ``87``. (A named tuple: a session makes one per table and board.)

    >>> session = score_session([TableResult(1, "1", "2", Result.played(420)),
    ...                          TableResult(1, "3", "4", Result.played(400))])
    >>> line = session.boards[1][0]
    >>> (line.board, line.ns, int(line.ns_points), int(line.top))
    (1, '1', 2, 2)
    """

    board: int
    ns: str
    ew: str
    result: Result
    ns_points: Points
    ew_points: Points
    top: Points | None
    notes: tuple[str, ...] = ()


class PairStanding(NamedTuple):
    """One pair's session: boards, total, percentage (matchpoints), rank.

    ``total`` is after penalties; ``factored`` the total scaled to the most boards
    (when the profile factors); ``rank`` the position, shared by ties (``tied``).
    ``penalties`` is what came off ``total``: the penalties given, or, for a pair whose
    total is factored, their share on its boards (each comes off ``factored`` whole).
    (A named tuple, like :class:`BoardLine`: a national event makes thousands.)

    >>> session = score_session([TableResult(1, "1", "2", Result.played(420)),
    ...                          TableResult(1, "3", "4", Result.played(400))])
    >>> [(pair.pair, pair.rank_label) for pair in session.pairs]
    [('1', '1'), ('3', '2'), ('4', '1'), ('2', '2')]
    """

    pair: str
    direction: Side | None
    boards: int
    total: Points
    maximum: Points | None
    percentage: Fraction | None
    factored: Points
    penalties: Points
    rank: int
    tied: bool

    @property
    def rank_label(self) -> str:
        """The rank as a results sheet writes it: ``2`` or ``2=`` for a tie.

        >>> PairStanding("A", None, 1, Fraction(1), None, None, Fraction(1), Fraction(0), 2, True).rank_label
        '2='
        """
        return f"{self.rank}=" if self.tied else str(self.rank)


@dataclass(frozen=True)
class SessionScore:
    """A scored session: the boards' lines (by board number), the pairs' standings (by rank), the penalties.

    ``boards`` is a read-only mapping in board order; a board of plain results makes
    its lines when first read, then keeps them. ``penalties`` keeps each (pair,
    penalty) with its Law and reason, for the record.

    >>> session = score_session([TableResult(1, "1", "2", Result.played(420))])
    >>> session.method, list(session.boards)
    ('mp', [1])
    """

    method: Method
    profile: Authority
    boards: Mapping[int, list[BoardLine]]
    pairs: list[PairStanding]
    by_direction: bool
    datums: dict[int, int] = field(default_factory=dict)
    penalties: list[tuple[str, Penalty]] = field(default_factory=list)


def show(value: Fraction | int | None, places: int = 2) -> str:
    """The one rounding step: ``value`` with ``places`` decimals, halves away from zero.

    >>> show(Fraction(37, 3)), show(Fraction(-5, 8)), show(Fraction(1, 200), 2), show(None)
    ('12.33', '-0.63', '0.01', '')
    """
    if value is None:
        return ""
    exact = Fraction(value)
    quantum = Decimal(1).scaleb(-places)
    decimal = Decimal(exact.numerator) / Decimal(exact.denominator)
    return str(decimal.quantize(quantum, rounding=ROUND_HALF_UP))


def shown_number(value: Fraction | int | None, places: int = 2) -> float | None:
    """``value`` as JSON writes it: the number :func:`show` prints, as a number (``None``: null).

    Every command's ``--json`` writes points, totals and percentages with it, so the same
    figure reads the same in each.

    >>> shown_number(Fraction(37, 3)), shown_number(Fraction(-11)), shown_number(None)
    (12.33, -11.0, None)
    """
    return None if value is None else float(show(value, places))


def _is_plain(result: Result) -> bool:
    """Whether ``result`` is one score for both sides (played, or one assigned score)."""
    view = result.ns
    return (
        type(view) is Weighted and len(view.parts) == 1 and (view is result.ew or view == result.ew)
    )


# -- Reading and checking the results, a board at a time --------------------------------


class _Board(NamedTuple):
    """One board's tables, with the columns the scoring reads, taken once.

    The tables are ``records[start:stop]``: the session's records when the board came
    in one run (no list of them kept: a big field has thousands per board), else the
    board's own list.
    """

    records: list[TableResult]
    start: int
    stop: int
    ns: list[str]
    ew: list[str]
    plain: bool
    """Whether every result is plain (one score for both sides) and in no group."""
    scores: list[int] | None
    """North-South's scores if the board is plain and not yet scored, else ``None``."""
    counts: Counter[int] | None
    """How many tables have each of ``scores`` (``None`` with them)."""
    groups: int
    """How many groups (Law 87) the results are in."""

    @property
    def tables(self) -> list[TableResult]:
        """The board's tables, in the order they came."""
        records = self.records
        if self.start == 0 and self.stop == len(records):
            return records
        return records[self.start : self.stop]

    @property
    def size(self) -> int:
        """How many tables played the board."""
        return self.stop - self.start


def _read_boards(tables: list[TableResult]) -> dict[int, _Board]:
    """The tables by board, in the order they came, each board read into columns."""
    runs: dict[int, list[tuple[int, list[TableResult]]]] = {}
    at = 0
    for number, run in groupby(tables, _BOARD):
        members = list(run)
        runs.setdefault(number, []).append((at, members))
        at += len(members)
    boards: dict[int, _Board] = {}
    for number, parts in runs.items():
        if len(parts) == 1:
            start, members = parts[0]
            boards[number] = _read_board(members, tables, start)
        else:  # the board came in several runs
            members = [table for _, part in parts for table in part]
            boards[number] = _read_board(members, members, 0)
    return boards


_BOARD = attrgetter("board")
_NS = attrgetter("ns")
_EW = attrgetter("ew")
_GROUP = attrgetter("group")
_PLAIN_SCORE = attrgetter("plain_score")


def _read_board(tables: list[TableResult], records: list[TableResult], start: int) -> _Board:
    """One board's columns, each read in one pass (``attrgetter`` and ``map``, in C).

    ``tables`` are ``records[start:]`` up to their number.
    """
    scores: list[int] | None = list(map(_PLAIN_SCORE, tables))
    # Counted once: the counts show a result that is not plain (None) and score the board.
    counts: Counter[int] | None = Counter(scores)
    groups = 1
    if None in counts:  # type: ignore[operator]
        scores = counts = None
        groups = len(set(map(_GROUP, tables)))
    ns, ew = list(map(_NS, tables)), list(map(_EW, tables))
    plain = scores is not None
    return _Board(records, start, start + len(tables), ns, ew, plain, scores, counts, groups)


def _check(tables: Sequence[TableResult], boards: dict[int, _Board], profile: Authority) -> None:
    """Refuse a pair against itself, a pair twice on a board, and weighted scores the profile forbids.

    A board whose ``n`` tables name ``2n`` different pairs is sound; only when one is not
    are the tables read one by one, to name the first problem in the order of the input.
    A score given in IMPs (``0/-2 IMP``, Law 12C1b) is for a team match: scored against
    the field it means nothing, and it is refused, naming the board and the pairs.
    """
    for board in boards.values():
        if not board.plain:
            for table in board.tables:
                if table.result.in_imps_given:
                    raise InvalidSessionError(
                        table.result.to_str(),
                        N_(
                            "board {board}, pairs {ns} and {ew}: a score given in IMPs is for "
                            "a team match (Law 12C1b); a session scored against the field "
                            "needs an assigned or an artificial score"
                        ),
                        board=table.board,
                        ns=table.ns,
                        ew=table.ew,
                    )
        if len(set(board.ns).union(board.ew)) != 2 * board.size or (
            not board.plain
            and not profile.weighted_scores
            and any(_is_weighted(table.result) for table in board.tables)
        ):
            _check_tables(tables, profile)


def _is_weighted(result: Result) -> bool:
    return any(isinstance(view, Weighted) and not view.is_single for view in (result.ns, result.ew))


def _check_tables(results: Sequence[TableResult], profile: Authority) -> None:
    seen: set[tuple[int, str]] = set()
    add = seen.add
    for table in results:
        ns, ew = (table.board, table.ns), (table.board, table.ew)
        if table.ns == table.ew:
            raise InvalidSessionError(
                table.ns,
                N_("board {board}: the pair cannot sit both North-South and East-West"),
                board=table.board,
            )
        if ns in seen or ew in seen:
            raise InvalidSessionError(
                table.ns if ns in seen else table.ew,
                N_("board {board}: the pair has two results"),
                board=table.board,
            )
        add(ns)
        add(ew)
        if not profile.weighted_scores and not _is_plain(table.result):
            for view in (table.result.ns, table.result.ew):
                if isinstance(view, Weighted) and not view.is_single:
                    raise AdjustedScoreNotAllowedError(
                        view.to_str(),
                        N_(
                            "the regulating authority ({authority}) does not allow weighted "
                            "scores (Law 12C1c); it applies Law 12C1e"
                        ),
                        authority=profile.code,
                    )


# -- Scoring a board ----------------------------------------------------------------------


def _ns_notes(result: Result, scaled: bool, fouled: bool) -> tuple[str, ...]:
    view = result.ns
    if not (scaled or fouled) and view is result.ew and type(view) is Weighted and view.is_single:
        return ()  # a plain result: nothing changed its numbers
    notes = []
    if fouled:
        notes.append("87")
    if scaled:
        notes.append("Neuberg")
    if (
        isinstance(result.ns, Weighted)
        and isinstance(result.ew, Weighted)
        and not result.is_balanced
    ):
        notes.append("12C1f")
    for view in (result.ns, result.ew):
        if isinstance(view, Weighted) and not view.is_single and "12C1c" not in notes:
            notes.append("12C1c")
        if isinstance(view, Average) and "12C2a" not in notes:
            notes.append("12C2a")
    return tuple(notes)


def _without_scores(board: _Board) -> _Board:
    """``board`` without its scores and counts: what its lines need, once it is scored."""
    return _Board(
        board.records,
        board.start,
        board.stop,
        board.ns,
        board.ew,
        board.plain,
        None,
        None,
        board.groups,
    )


class _PlainBoard(NamedTuple):
    """A board of plain results scored in columns: its lines are made when first read.

    ``points`` are North-South's: matchpoints in the session tally's units, 1 / ``scale``
    of a matchpoint, or IMPs against a Butler datum (``top`` is ``None``); whole numbers.
    """

    number: int
    board: _Board
    points: Sequence[int]
    top: Points | None
    notes: tuple[str, ...]
    scale: int = 1

    def lines(self) -> list[BoardLine]:
        """The board's lines, made from its columns (East-West: the top less North-South).

        Without a top (IMPs), East-West's points are North-South's, negated.
        """
        board, count, top, scale = self.board, self.board.size, self.top, self.scale
        ns_points: Sequence[Points] = self.points
        if top is None:
            ew_points: Sequence[Points] = list(map(neg, self.points))
        elif scale == 1:
            ew_points = [top - value for value in ns_points]
        else:  # each distinct value in matchpoints once, then looked up
            values, top_units = set(self.points), whole(top * scale)
            ns_points = look_up({value: Fraction(value, scale) for value in values}, self.points)
            ew_points = look_up(
                {value: Fraction(top_units - value, scale) for value in values}, self.points
            )
        columns = zip(
            repeat(self.number, count),
            board.ns,
            board.ew,
            [table.result for table in board.tables],
            ns_points,
            ew_points,
            repeat(top, count),
            repeat(self.notes, count),
            strict=True,
        )
        # BoardLine._make without its length check: each row has the 8 fields.
        return list(map(tuple.__new__, repeat(BoardLine, count), columns))


class _Boards(Mapping[int, list[BoardLine]]):
    """The scored boards by number, in order; a board of plain results makes its lines when first read."""

    def __init__(self) -> None:
        self._boards: dict[int, list[BoardLine] | _PlainBoard] = {}

    def add(self, number: int, board: list[BoardLine] | _PlainBoard) -> None:
        self._boards[number] = board

    def __getitem__(self, number: int) -> list[BoardLine]:
        board = self._boards[number]
        if isinstance(board, _PlainBoard):
            board = self._boards[number] = board.lines()
        return board

    def __iter__(self) -> Iterator[int]:
        return iter(self._boards)

    def __len__(self) -> int:
        return len(self._boards)

    def __repr__(self) -> str:
        return repr(dict(self.items()))


def _direction_views(tables: Sequence[TableResult], side: Side) -> list[View]:
    return [table.result.ns if side is Side.NS else table.result.ew for table in tables]


def _score_group_mp(
    tables: list[TableResult], unit: Fraction, target: int, profile: Authority
) -> list[tuple[Fraction | Average, Fraction | Average]]:
    """Each table's (NS, EW) matchpoints in a group, an :class:`Average` left for later."""
    points: list[list[Fraction | Average]] = [[Fraction(0), Fraction(0)] for _ in tables]
    for column, side in enumerate((Side.NS, Side.EW)):
        views = _direction_views(tables, side)
        field_at = [index for index, view in enumerate(views) if isinstance(view, Weighted)]
        field_views = [views[index] for index in field_at]
        count = len(field_views)
        for index, view in enumerate(views):
            if isinstance(view, Average):
                points[index][column] = view
        if not count:
            continue
        raw = weighted_matchpoints(field_views)  # type: ignore[arg-type]
        top2 = 2 * (count - 1)
        for index, value in zip(field_at, raw, strict=True):
            own = value if side is Side.NS else top2 - value
            scaled = neuberg(own, count, target) if count != target else own
            points[index][column] = scaled * unit / 2
    return [(ns, ew) for ns, ew in points]


def _score_group_imps(
    tables: list[TableResult], method: Method, profile: Authority
) -> tuple[list[list[Fraction | Average]], int | None]:
    points: list[list[Fraction | Average]] = [[Fraction(0), Fraction(0)] for _ in tables]
    datum: int | None = None
    for column, side in enumerate((Side.NS, Side.EW)):
        views = _direction_views(tables, side)
        field_at = [index for index, view in enumerate(views) if isinstance(view, Weighted)]
        field_views: list[Weighted] = [views[index] for index in field_at]  # type: ignore[misc]
        for index, view in enumerate(views):
            if isinstance(view, Average):
                points[index][column] = view
        if not field_views:
            continue
        if method == "imp-butler":
            side_datum, values = butler_imps(
                field_views, profile.butler_drop, profile.butler_round_to
            )
            if side is Side.NS:
                datum = side_datum
        elif method == "cross-imp":
            values = cross_imps(field_views)
        else:
            values = [view.mean for view in field_views]
        for index, value in zip(field_at, values, strict=True):
            points[index][column] = value if side is Side.NS else -value
    if method == "total":
        for column, side in enumerate((Side.NS, Side.EW)):
            views = _direction_views(tables, side)
            field_views = [view for view in views if isinstance(view, Weighted)]
            for index, view in enumerate(views):
                if isinstance(view, Average):
                    if side is Side.NS:
                        points[index][column] = artificial_total_points(view, field_views, profile)
                    else:
                        negated = [w.negated() for w in field_views]
                        points[index][column] = artificial_total_points(view, negated, profile)
    return points, datum


class _Scoring(NamedTuple):
    """What every board of a session is scored with."""

    method: Method
    profile: Authority
    columnar: bool
    datums: dict[int, int]
    pending: list[tuple[int, int, int, Average]]
    """Artificial scores for Law 12C2c: board, line index, column (0 NS, 1 EW), the score."""


def _score_board(
    number: int, board: _Board, target: int, top: Points | None, scoring: _Scoring
) -> list[BoardLine]:
    """A board's lines, group by group (Law 87), each group scored by the session's method."""
    method, profile = scoring.method, scoring.profile
    unit = profile.matchpoint_unit
    groups: dict[str | None, list[int]] = defaultdict(list)
    tables = board.tables
    for index, table in enumerate(tables):
        groups[table.group].append(index)
    fouled = len(groups) > 1
    lines: list[BoardLine | None] = [None] * len(tables)
    for members in groups.values():
        group_tables = [tables[index] for index in members]
        points: Sequence[Sequence[Points | Average]]
        if (
            scoring.columnar
            and method == "mp"
            and all(_is_plain(table.result) for table in group_tables)
        ):
            scores = [table.result.ns.parts[0][1] for table in group_tables]  # type: ignore[union-attr]
            notes = _ns_notes(group_tables[0].result, len(group_tables) != target, fouled)
            ns_points, ew_points = plain_points(scores, unit, target)
            for index, table, ns_value, ew_value in zip(
                members, group_tables, ns_points, ew_points, strict=True
            ):
                lines[index] = BoardLine(
                    number, table.ns, table.ew, table.result, ns_value, ew_value, top, notes
                )
            continue
        if method == "mp":
            points = _score_group_mp(group_tables, unit, target, profile)
        else:
            points, datum = _score_group_imps(group_tables, method, profile)
            if datum is not None and not fouled:
                scoring.datums[number] = datum
        field_count = sum(1 for table in group_tables if isinstance(table.result.ns, Weighted))
        for index, table, (ns, ew) in zip(members, group_tables, points, strict=True):
            values: list[Points] = []
            for column, value in enumerate((ns, ew)):
                if isinstance(value, Average):
                    scoring.pending.append((number, index, column, value))
                    if method == "mp":
                        assert top is not None
                        values.append(artificial_matchpoints(value, top, profile))
                    else:
                        values.append(artificial_imps(value, profile))
                else:
                    values.append(value)
            scaled = method == "mp" and field_count != target
            lines[index] = BoardLine(
                number,
                table.ns,
                table.ew,
                table.result,
                values[0],
                values[1],
                top,
                _ns_notes(table.result, scaled and not table.result.is_artificial, fouled),
            )
    return [line for line in lines if line is not None]


# -- The session ----------------------------------------------------------------------------


class _Column(NamedTuple):
    """One board's pairs in one direction and their points, for the session's totals."""

    pairs: Sequence[str]
    points: Sequence[Points]
    top: Points | None
    complement: bool
    """Whether ``points`` are the other direction's: each pair here gets the top less them."""


_Part = tuple[list[str], list[Points], list[int], list[Points]]
"""One direction's pairs, with each one's points, boards and sum of tops."""


class _Tally:
    """Each pair's session: the boards' columns by direction, added up at the end.

    When every board of a direction has the same pairs (a Mitchell; any movement where
    everyone plays every board in one direction), the columns are lined up pair by pair
    and added in C (:func:`~arbitro.scoring.matchpoints.line_up`); otherwise pair by pair.
    The result is in columns, one entry per pair: :attr:`names`, :attr:`points`,
    :attr:`played` (boards) and :attr:`maximum` (the sum of their tops, 0 where boards
    have no top), and :attr:`sides` when no pair played in both directions.
    """

    def __init__(self, scale: int = 1) -> None:
        self.scale = scale
        """The points and tops added are in units of 1 / ``scale``; the totals are not."""
        self.units: tuple[list[Points], list[Points]] | None = None
        """The totals and maxima in those units (when ``scale`` is not 1), while they are exact."""
        self.columns: dict[Side, list[_Column]] = {Side.NS: [], Side.EW: []}
        self.names: list[str] = []
        self.points: list[Points] = []
        self.played: list[int] = []
        self.maximum: list[Points] = []
        self.sides: list[Side] | None = None
        """Each pair's direction, if no pair played in both."""
        self.lined_up: set[Side] = set()

    @property
    def sound(self) -> bool:
        """Whether every board had the same pairs in each direction, each once, none in both.

        Then no pair played twice on a board or against itself (what :func:`_check` refuses).
        """
        return len(self.lined_up) == 2 and self.sides is not None

    def add(
        self,
        side: Side,
        pairs: Sequence[str],
        points: Sequence[Points],
        top: Points | None,
        *,
        complement: bool = False,
    ) -> None:
        """Add one board's pairs in direction ``side`` and their points."""
        self.columns[side].append(_Column(pairs, points, top, complement))

    def add_up(self) -> None:
        """Each pair's points, boards and sum of tops, in columns (see the class)."""
        parts: list[_Part] = []
        for side, columns in self.columns.items():
            part = self._lined_up(columns)
            if part is None:
                part = self._one_by_one(columns)
            else:
                self.lined_up.add(side)
            parts.append(part)
        (ns, ns_points, ns_played, ns_maximum), (ew, ew_points, ew_played, ew_maximum) = parts
        if set(ns).isdisjoint(ew):
            self.names = ns + ew
            self.points = ns_points + ew_points
            self.played = ns_played + ew_played
            self.maximum = ns_maximum + ew_maximum
            self.sides = [Side.NS] * len(ns) + [Side.EW] * len(ew) if self.names else None
            self._unscale()
            return
        # Pairs in both directions (a Howell): one entry each, both directions added.
        at = dict(zip(ns, range(len(ns)), strict=True))
        names, points, played, maximum = (
            list(ns),
            list(ns_points),
            list(ns_played),
            list(ns_maximum),
        )
        for pair, value, boards, tops in zip(ew, ew_points, ew_played, ew_maximum, strict=True):
            index = at.get(pair)
            if index is None:
                names.append(pair)
                points.append(value)
                played.append(boards)
                maximum.append(tops)
            else:
                points[index] += value
                played[index] += boards
                maximum[index] += tops
        self.names, self.points, self.played, self.maximum = names, points, played, maximum
        self._unscale()

    def _unscale(self) -> None:
        """The totals and maxima from the tally's units to matchpoints: one division per pair."""
        scale = self.scale
        if scale == 1:
            return
        self.units = (self.points, self.maximum)
        self.points = [unscaled(value, scale) for value in self.points]
        maxima = {value: unscaled(value, scale) for value in set(self.maximum)}
        self.maximum = look_up(maxima, self.maximum)

    @staticmethod
    def _lined_up(columns: list[_Column]) -> _Part | None:
        """One direction's part when its columns line up (``None`` if they do not).

        The boards played by the most tables must name the same pairs; a board with
        fewer (a table missing) may name some of them, each once: its pairs' points are
        looked up by name and the others get nothing for it (no board, no top).
        """
        size = max((len(column.pairs) for column in columns), default=0)
        full = [column for column in columns if len(column.pairs) == size]
        lined = line_up([(column.pairs, column.points) for column in full])
        if lined is None:
            return None
        names, rows = lined
        count = len(names)
        own = [row for row, c in zip(rows, full, strict=True) if not c.complement]
        other = [row for row, c in zip(rows, full, strict=True) if c.complement]
        tops = sum(column.top for column in full if column.top is not None)
        other_tops = sum(c.top for c in full if c.complement and c.top is not None)
        played: list[int] = [len(full)] * count
        maximum: list[Points] = [tops] * count
        short = [column for column in columns if len(column.pairs) != size]
        extra: list[Points] | None = None  # the short boards' tops, for the other direction
        if short:
            known = set(names)
            present_rows: list[list[bool]] = []
            top_rows: list[list[Points]] = []
            other_top_rows: list[list[Points]] = []
            for column in short:
                by_pair = dict(zip(column.pairs, column.points, strict=True))
                if len(by_pair) != len(column.pairs) or not known.issuperset(by_pair):
                    return None  # a pair twice, or one not on the full boards
                present = list(map(by_pair.__contains__, names))
                top_row = list(map(mul, present, repeat(column.top or 0)))
                (other if column.complement else own).append(
                    list(map(by_pair.get, names, repeat(0)))
                )
                present_rows.append(present)
                top_rows.append(top_row)
                if column.complement:
                    other_top_rows.append(top_row)
            played = list(map(add, played, column_sums(present_rows)))
            maximum = list(map(add, maximum, column_sums(top_rows)))
            if other_top_rows:
                sums = column_sums(other_top_rows)
                extra = sums
        own_sums, other_sums = column_sums(own), column_sums(other)
        totals: list[Points]
        if not own_sums:
            totals = [other_tops - value for value in other_sums]
        elif not other_sums:
            totals = own_sums
        else:
            totals = [a + other_tops - b for a, b in zip(own_sums, other_sums, strict=True)]
        if extra is not None:
            totals = list(map(add, totals, extra))
        return names, totals, played, maximum

    @staticmethod
    def _one_by_one(columns: list[_Column]) -> _Part:
        """One direction's part, adding pair by pair."""
        points: dict[str, Points] = {}
        played: dict[str, int] = {}
        maximum: dict[str, Points] = {}
        for column in columns:
            top = column.top
            for pair, value in zip(column.pairs, column.points, strict=True):
                if column.complement:
                    assert top is not None
                    value = top - value
                points[pair] = points.get(pair, 0) + value
                played[pair] = played.get(pair, 0) + 1
                maximum[pair] = maximum.get(pair, 0) + (top or 0)
        return list(points), list(points.values()), list(played.values()), list(maximum.values())

    def full_top(self) -> Points:
        """The highest top of any board (0 if no board has a top)."""
        top = max(
            (c.top for columns in self.columns.values() for c in columns if c.top is not None),
            default=0,
        )
        return unscaled(top, self.scale) if top else top


def score_session(
    results: Iterable[TableResult],
    method: Method = "mp",
    profile: Authority | None = None,
    penalties: Iterable[tuple[str, Penalty]] = (),
    *,
    one_field: bool = False,
) -> SessionScore:
    """Score every board and rank every pair (see the module's description).

    ``penalties`` are (pair, penalty) pairs; a penalty in tops is taken on the full
    top of a board. ``one_field`` ranks every pair together even when none has played
    in both directions yet: a Howell after its first round, a Swiss (each pair meets
    pairs from the whole field). Each board is still scored per direction.

    >>> results = [TableResult(1, "A", "B", Result.played(100)), TableResult(1, "C", "D", Result.played(-100)),
    ...            TableResult(1, "E", "F", Result.artificial(Average.from_str("A60"), Average.from_str("A40")))]
    >>> board = score_session(results).boards[1]
    >>> [(line.ns, show(line.ns_points), show(line.ew_points)) for line in board]
    [('A', '3.50', '0.50'), ('C', '0.50', '3.50'), ('E', '2.40', '1.60')]
    """
    # A copy: the boards' lines are made from it when first read, whatever the caller
    # does with its own list meanwhile.
    with cycle_collector_paused():
        return _score_session(
            list(results),
            method,
            profile or authority("wbf"),
            list(penalties),
            columnar=True,
            one_field=one_field,
        )


def _score_session(
    tables: list[TableResult],
    method: Method,
    profile: Authority,
    penalties: list[tuple[str, Penalty]],
    *,
    columnar: bool,
    one_field: bool = False,
) -> SessionScore:
    """:func:`score_session`; ``columnar=False`` scores every board by the general path (for tests)."""
    read = _read_boards(tables)
    # A session of plain boards is checked by its tally, if that lines up (see below).
    all_plain = all(board.plain for board in read.values())
    if not all_plain:
        _check(tables, read, profile)
    unit = profile.matchpoint_unit
    most = max((board.size for board in read.values()), default=0)
    scoring = _Scoring(method, profile, columnar, {}, [])
    boards = _Boards()
    scale = (
        tally_scale(
            [board.size for board in read.values() if board.plain],
            profile.matchpoint_unit,
            profile.neuberg,
            most,
        )
        if columnar and method == "mp"
        else 1
    )
    tally = _Tally(scale)
    tops: dict[int, Points] = {}
    for number in sorted(read):
        board = read[number]
        target = most if profile.neuberg else board.size
        top: Points | None = None
        if method == "mp":
            top = tops.get(target)
            if top is None:  # once per number of results (a Fraction product)
                exact_top = unit * (target - 1)
                top = tops[target] = int(exact_top) if exact_top.denominator == 1 else exact_top
        if (
            columnar
            and top is not None
            and board.scores is not None
            and board.counts is not None
            and board.groups == 1
        ):
            # Matchpoints (there is a top), every result plain, no groups: in columns.
            # In the tally's units: whole numbers (see columnar.tally_scale).
            levels = plain_units(board.counts, board.size, unit, target, scale)
            ns_points = look_up(levels, board.scores)
            first = board.records[board.start].result
            notes = _ns_notes(first, board.size != target, fouled=False)
            # The lines need the board's pairs and records, not its scores and counts.
            read[number] = kept = _without_scores(board)
            boards.add(number, _PlainBoard(number, kept, ns_points, top, notes, scale))
            top_units = whole(top * scale)
            tally.add(Side.NS, board.ns, ns_points, top_units)
            tally.add(Side.EW, board.ew, ns_points, top_units, complement=True)
        elif (
            columnar
            and method == "imp-butler"
            and board.scores is not None
            and board.counts is not None
            and board.groups == 1
        ):
            # Butler, every result plain, no groups: whole IMPs against the datum, in columns.
            datum, ns_points = plain_butler(
                board.scores, profile.butler_drop, profile.butler_round_to, board.counts
            )
            scoring.datums[number] = datum
            first = board.records[board.start].result
            notes = _ns_notes(first, scaled=False, fouled=False)
            read[number] = kept = _without_scores(board)
            boards.add(number, _PlainBoard(number, kept, ns_points, None, notes))
            tally.add(Side.NS, board.ns, ns_points, None)
            # East-West's IMPs are North-South's negated: 0 less them, negated once per pair.
            tally.add(Side.EW, board.ew, ns_points, 0, complement=True)
        else:
            lines = _score_board(number, board, target, top, scoring)
            boards.add(number, lines)
            ns_values = [line.ns_points for line in lines]
            ew_values = [line.ew_points for line in lines]
            if scale != 1:
                ns_values = [value * scale for value in ns_values]
                ew_values = [value * scale for value in ew_values]
            full = None if top is None else top * scale
            tally.add(Side.NS, board.ns, ns_values, full)
            tally.add(Side.EW, board.ew, ew_values, full)
    tally.add_up()
    if all_plain and not tally.sound:
        _check(tables, read, profile)
    if one_field:
        tally.sides = None  # one field: ranked together, factored to the field's most boards
    if method != "total":
        _apply_12c2c(boards, scoring.pending, method, profile, tally)
    return SessionScore(
        method,
        profile,
        boards,
        _standings(tally, tally.full_top(), method, profile, penalties),
        tally.sides is not None,
        scoring.datums,
        penalties,
    )


def _apply_12c2c(
    boards: Mapping[int, list[BoardLine]],
    pending: list[tuple[int, int, int, Average]],
    method: Method,
    profile: Authority,
    tally: _Tally,
) -> None:
    """Law 12C2c: each pair's own result on its other boards replaces average-plus or -minus where beyond.

    With it, Kooijman's recommendation to 12C2 where the profile sets a limit
    (``average_plus_boards``): a pair's average-plus boards beyond the limit, in board
    order, are not scored as average-plus but at the pair's own result on its boards
    played normally (note ``A+ limit``).
    """
    limit = profile.average_plus_boards
    if not pending or not (profile.session_percentage_rule or limit):
        return
    at = dict(zip(tally.names, range(len(tally.names)), strict=True))
    totals, played, maximum = tally.points, tally.played, tally.maximum
    tally.units = None  # the totals change below: rank and share them as they are
    # What each pair's artificial scores add to its session, to leave them out.
    artificial: dict[str, tuple[Points, Points, int]] = {}
    for number, index, column, _ in pending:
        line = boards[number][index]
        pair = line.ns if column == 0 else line.ew
        points, tops, count = artificial.get(pair, (0, 0, 0))
        value = line.ns_points if column == 0 else line.ew_points
        artificial[pair] = (points + value, tops + (line.top or 0), count + 1)
    own: dict[str, Fraction | None] = {}
    for pair, (points, tops, count) in artificial.items():
        rest = Fraction(totals[at[pair]] - points)
        rest_tops = maximum[at[pair]] - tops
        rest_count = played[at[pair]] - count
        if not rest_count:
            own[pair] = None
        elif method == "mp":
            own[pair] = rest * 100 / rest_tops if rest_tops else None
        else:
            own[pair] = rest / rest_count
    beyond = _beyond_the_limit(boards, pending, limit)
    for number, index, column, average in pending:
        line = boards[number][index]
        pair = line.ns if column == 0 else line.ew
        session = own[pair]
        limited = (number, index, column) in beyond and session is not None
        note = "A+ limit" if limited else "12C2c"
        given = (
            average_percent(average, profile)
            if method == "mp"
            else artificial_imps(average, profile)
        )
        worth = (
            session
            if limited and session is not None
            else law_12c2c(average, given, session, profile)
        )
        if worth == given:
            continue
        if method == "mp":
            assert line.top is not None
            points = worth * line.top / 100
        else:
            points = worth
        old = line.ns_points if column == 0 else line.ew_points
        totals[at[pair]] += points - old
        ns, ew = (points, line.ew_points) if column == 0 else (line.ns_points, points)
        notes = line.notes if note in line.notes else (*line.notes, note)
        boards[number][index] = BoardLine(
            line.board, line.ns, line.ew, line.result, ns, ew, line.top, notes
        )


def _beyond_the_limit(
    boards: Mapping[int, list[BoardLine]],
    pending: list[tuple[int, int, int, Average]],
    limit: int,
) -> set[tuple[int, int, int]]:
    """The average-plus scores beyond each pair's first ``limit`` in board order (0: none).

    Kooijman's recommendation to Law 12C2 (the WBF commentary): the regulating
    authority limits the boards a session on which a pair is given average-plus, for
    example to two; the boards beyond are not scored as average-plus.
    """
    if not limit:
        return set()
    seen: dict[str, int] = defaultdict(int)
    beyond = set()
    for number, index, column, average in sorted(pending, key=lambda item: item[:3]):
        if average.kind is not AverageKind.PLUS:
            continue
        line = boards[number][index]
        pair = line.ns if column == 0 else line.ew
        seen[pair] += 1
        if seen[pair] > limit:
            beyond.add((number, index, column))
    return beyond


_T = TypeVar("_T")


def _most_boards_by_direction(boards: Sequence[int], sides: Sequence[Side | None]) -> list[int]:
    """For each pair, the most boards any pair of its own direction played (Law 78D: the conditions of contest).

    >>> _most_boards_by_direction([12, 14, 14, 12], [Side.NS, Side.NS, Side.EW, Side.EW])
    [14, 14, 14, 14]
    >>> _most_boards_by_direction([12, 12, 14, 14], [Side.NS, Side.NS, Side.EW, Side.EW])
    [12, 12, 14, 14]
    """
    most: dict[Side | None, int] = {}
    for played, side in zip(boards, sides, strict=True):
        most[side] = max(most.get(side, 0), played)
    return [most[side] for side in sides]


def _standings(
    tally: _Tally,
    full_top: Points,
    method: Method,
    profile: Authority,
    penalties: list[tuple[str, Penalty]],
) -> list[PairStanding]:
    """Each pair's standing, ranked (by direction when the tally has the pairs' sides)."""
    # In columns, one pass each: a session can have thousands of pairs.
    names, boards, maxima = tally.names, tally.played, tally.maximum
    count = len(names)
    most_boards = max(boards, default=0)
    taken: dict[str, Points] = {}
    known = set(names) if penalties else set()
    for pair, penalty in penalties:
        text = f"{pair},{penalty.to_str()}"
        if pair not in known:
            raise InvalidPenaltyError(
                text, N_("pair {pair} did not play in the session"), pair=pair
            )
        if penalty.unit not in penalty_units(method):
            raise InvalidPenaltyError(text, _UNIT_NEEDS[penalty.unit])
        taken[pair] = taken.get(pair, 0) + penalty.in_matchpoints(full_top)
    deducted: list[Points] = [taken.get(pair, 0) for pair in names] if taken else [0] * count
    factoring = profile.factoring and min(boards, default=most_boards) != most_boards
    # Law 78D: a total is factored to the most boards a pair that it is compared with
    # played: in a Mitchell (the pairs' sides known), one of its own direction.
    targets: Sequence[int] = (
        (_most_boards_by_direction(boards, tally.sides) if tally.sides else None)
        or [most_boards] * count
        if factoring
        else ()
    )
    # A penalty comes off the factored total, whole: a pair that missed boards pays what
    # the others pay (its unfactored total and its percentage carry it in proportion).
    charged: list[Points] = (
        [
            Fraction(amount) * played / target if amount and played and played != target else amount
            for amount, played, target in zip(deducted, boards, targets, strict=True)
        ]
        if taken and factoring
        else deducted
    )
    final: list[Points] = list(map(sub, tally.points, charged)) if taken else tally.points
    maximum: Sequence[Points | None] = [None] * count
    shares: list[Fraction | None] = [None] * count
    every_share = method == "mp" and all(maxima)
    # The totals and maxima in the tally's units (whole numbers, in proportion), if no
    # penalty changed the totals: percentages and ranks are read from them.
    in_units = tally.units if tally.units is not None and not taken else (final, maxima)
    if method == "mp":
        maximum = maxima
        if every_share and set(map(type, in_units[0])) | set(map(type, in_units[1])) == {int}:
            # percentage(total, maximum) for whole numbers, without a call per pair
            shares = list(map(Fraction, map(mul, in_units[0], repeat(100)), in_units[1]))
        else:
            shares = list(map(_share, final, maximum))
    factored = final
    if factoring:
        factored = [
            Fraction(total) * top / played if played != top and played else total
            for total, played, top in zip(final, boards, targets, strict=True)
        ]
    # Ranked by percentage; in IMPs and total points by the (factored) total. Percentages
    # rank as the totals do when every pair had the same maximum: then compare the
    # (usually whole) totals, not a Fraction per pair.
    same_maximum = method != "mp" or len(set(in_units[1])) <= 1
    keys: list[Points] = (
        in_units[0]
        if same_maximum and every_share
        else factored  # no percentages: by the (factored) total
        if method != "mp"
        else [
            by_total if share is None else total if same_maximum else share
            for total, share, by_total in zip(final, shares, factored, strict=True)
        ]
    )
    # Fractions compare in Python, floats in C: sorted by (float, exact value), as the
    # float of an exact division never swaps two values and the exact value decides
    # between equal floats.
    float_keys = (
        None if set(map(type, keys)) <= {int} else list(zip(map(float, keys), keys, strict=True))
    )
    sides: Sequence[Side | None] = tally.sides or [None] * count
    same_boards = len(set(boards)) <= 1
    standings: list[PairStanding] = []
    for direction in (Side.NS, Side.EW, None):
        members = list(compress(range(count), map(is_, sides, repeat(direction))))
        if not members:
            continue
        order, ranks, tied = (
            _ranking(_pick(names, members), _pick(keys, members))
            if float_keys is None
            else _ranking(_pick(names, members), _pick(float_keys, members))
        )
        ranked = _pick(members, order)
        first = ranked[0]
        totals_ranked = _pick(final, ranked)
        # A PairStanding's fields, one column each; a column with one value repeats it.
        rows = zip(
            _pick(names, ranked),
            repeat(direction),
            repeat(boards[first]) if same_boards else _pick(boards, ranked),
            totals_ranked,
            repeat(maximum[first]) if same_maximum else _pick(maximum, ranked),
            _pick(shares, ranked),
            totals_ranked if factored is final else _pick(factored, ranked),
            _pick(charged, ranked) if taken else repeat(0),
            ranks,
            tied,
            strict=False,  # the repeated columns have no end; the others all have len(ranked)
        )
        # PairStanding(*row) for each, in C (as PairStanding._make, which is Python).
        standings.extend(map(tuple.__new__, repeat(PairStanding), rows))
    return standings


def _pick(values: Sequence[_T], at: Sequence[int]) -> list[_T]:
    """``values[index]`` for each index in ``at``, in C.

    >>> _pick("abc", [2, 0])
    ['c', 'a']
    """
    if len(at) > 1:
        return list(itemgetter(*at)(values))
    return [values[index] for index in at]


def _share(total: Points, maximum: Points | None) -> Fraction | None:
    """The percentage of ``maximum``, exact; ``None`` without a maximum (no top)."""
    return percentage(total, maximum) if maximum else None


_Key = TypeVar("_Key", Points, tuple[float, Points])
"""A ranking key: points, or (their float, the points) to sort fractions in C."""


def _ranking(names: Sequence[str], keys: list[_Key]) -> tuple[list[int], list[int], list[bool]]:
    """The indices, the highest key first, with each one's rank and whether it is tied.

    Tied names share a rank and come in natural order (pair 2 before pair 10).

    >>> _ranking(["10", "2", "3"], [5, 5, 7])
    ([2, 1, 0], [1, 2, 2], [False, True, True])
    """
    count = len(keys)
    order = sorted(range(count), key=keys.__getitem__, reverse=True)
    ranked = _pick(keys, order)
    times = Counter(ranked)
    if len(times) == count:  # no ties
        return order, list(range(1, count + 1)), [False] * count
    # Each key's rank is the first place it holds: the places given from the last up,
    # the first one given to a key last.
    first_place = dict(zip(reversed(ranked), range(count, 0, -1), strict=True))
    ranks = look_up(first_place, ranked)
    tied = list(map(lt, repeat(1), look_up(times, ranked)))
    # The tied names in natural order within their rank: only they are sorted (by rank,
    # then name), and put back in the places their rank holds. All in C.
    places = list(compress(range(count), tied))
    members = _pick(order, places)
    by_rank = list(zip(_pick(ranks, places), natural_keys(_pick(names, members)), strict=True))
    members = _pick(members, sorted(range(len(members)), key=by_rank.__getitem__))
    order = list(map(dict(zip(places, members, strict=True)).get, range(count), order))
    return order, ranks, tied


_NUMBERS = re.compile(r"[0-9]+|[^0-9]+")
_SIMPLE = re.compile(r"([0-9]+)([^0-9]*)")


_SIMPLE_LINES = re.compile(r"^([0-9]+)([^0-9\n]*)$", re.MULTILINE)


def natural_keys(names: Sequence[str]) -> list[tuple[object, ...]]:
    """Each name's sort key in natural order, then the name: ``(_natural(name), name)``.

    When every name is a number and letters ("12NS"), the keys are read with one
    regular expression over all the names, in C, as ``(len(digits), digits, letters)``,
    which sort as ``_natural``'s do (for such names the name adds nothing).

    >>> sorted(natural_keys(["10NS", "2NS", "2"]))
    [(1, '2', ''), (1, '2', 'NS'), (2, '10', 'NS')]
    >>> natural_keys(["A1", "1"])[0]
    (((1, 0, 'A'), (0, 1, '1')), 'A1')
    """
    text = "\n".join(names)
    if text.count("\n") == len(names) - 1:
        simple = _SIMPLE_LINES.findall(text)
        if len(simple) == len(names):
            digits = list(map(itemgetter(0), simple))
            return list(zip(map(len, digits), digits, map(itemgetter(1), simple), strict=True))
    return [(_natural(name), name) for name in names]


def _natural(text: str) -> tuple[tuple[int, int, str], ...]:
    """A sort key that puts pair 2 before pair 10.

    >>> sorted(["10NS", "2NS", "A", "9" * 5000], key=_natural)[:3]
    ['2NS', '10NS', '999...
    """
    simple = _SIMPLE.fullmatch(text)
    if simple is not None:  # a number and letters, "12NS": the key without a list
        digits, rest = simple.groups()
        return ((0, len(digits), digits), (1, 0, rest)) if rest else ((0, len(digits), digits),)
    return tuple(
        [
            (0, len(part), part) if part.isdigit() else (1, 0, part)
            for part in _NUMBERS.findall(text)
        ]
    )


__all__ = [
    "METHODS",
    "AverageKind",
    "BoardLine",
    "InvalidPenaltyError",
    "InvalidSessionError",
    "Method",
    "PairStanding",
    "Points",
    "SessionScore",
    "TableResult",
    "score_session",
    "show",
    "shown_number",
]
