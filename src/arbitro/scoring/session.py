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
results. In matchpoints such a board (every result one score for both sides, no
groups) takes a columnar path: the North-South scores are sorted and counted in whole
numbers (:func:`~arbitro.scoring.matchpoints.matchpoints_2`), East-West's points are
the top less North-South's, and the points go straight into each pair's tally; the
board's :class:`BoardLine` objects are made only when the board is first read from
:attr:`SessionScore.boards`. Every other board takes the general path (weighted views
and fractions). The two agree on every number (``tests/test_law78a_columnar_session.py``).

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
from itertools import groupby, repeat
from operator import attrgetter
from typing import Literal, NamedTuple, cast

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
from arbitro.scoring.matchpoints import matchpoints_2, percentage, weighted_matchpoints
from arbitro.scoring.neuberg import neuberg
from arbitro.scoring.penalties import Penalty
from arbitro.scoring.results import Average, AverageKind, Result, View, Weighted
from arbitro.scoring.teams import butler_imps, cross_imps
from arbitro.scoring.total_points import artificial_total_points

Points = Fraction | int
"""Matchpoints, IMPs or total points: exact, a whole number where they are whole."""

Method = Literal["mp", "imp-butler", "cross-imp", "total"]
METHODS: tuple[Method, ...] = ("mp", "imp-butler", "cross-imp", "total")
"""The scoring methods of :func:`score_session`."""


class InvalidSessionError(NotationError):
    """Results that cannot be scored together (a pair twice on a board, a pair against itself)."""

    what = N_("session")


class InvalidPenaltyError(InvalidSessionError):
    """A penalty that does not fit the session: a pair that did not play, or the wrong unit."""

    what = N_("penalty")


@dataclass(frozen=True)
class TableResult:
    """One table's result on one board: the board, the two pairs, the result.

    ``group`` puts the result in a group of a fouled board (Law 87); ``line`` is where
    it came from, for messages.

    >>> TableResult(3, "5", "12", Result.played(-50))
    TableResult(3, '5', '12', Result.played(-50))
    """

    board: int
    ns: str
    ew: str
    result: Result
    group: str | None = None
    line: int | None = None

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


def _is_plain(result: Result) -> bool:
    view = result.ns
    return view is result.ew and type(view) is Weighted and len(view.parts) == 1


# -- Reading and checking the results, a board at a time --------------------------------


class _Board(NamedTuple):
    """One board's tables, with the columns the scoring reads, taken once."""

    tables: list[TableResult]
    ns: list[str]
    ew: list[str]
    scores: list[int] | None
    """North-South's scores if every result is plain (one score for both sides), else ``None``."""
    groups: int
    """How many groups (Law 87) the results are in."""


def _read_boards(tables: Sequence[TableResult]) -> dict[int, _Board]:
    """The tables by board, in the order they came, each board read into columns."""
    by_board: dict[int, list[TableResult]] = {}
    for number, run in groupby(tables, attrgetter("board")):
        members = by_board.get(number)
        if members is None:
            by_board[number] = list(run)
        else:
            members.extend(run)
    return {number: _read_board(members) for number, members in by_board.items()}


def _read_board(tables: list[TableResult]) -> _Board:
    views = [table.result.ns for table in tables]
    scores: list[int] | None = None
    if views == [table.result.ew for table in tables] and set(map(type, views)) == {Weighted}:
        parts = [view.parts for view in cast("list[Weighted]", views)]
        if max(map(len, parts)) == 1:
            scores = [single[0][1] for single in parts]
    return _Board(
        tables,
        [table.ns for table in tables],
        [table.ew for table in tables],
        scores,
        len({table.group for table in tables}),
    )


def _check(tables: Sequence[TableResult], boards: dict[int, _Board], profile: Authority) -> None:
    """Refuse a pair against itself, a pair twice on a board, and weighted scores the profile forbids.

    A board whose ``n`` tables name ``2n`` different pairs is sound; only when one is not
    are the tables read one by one, to name the first problem in the order of the input.
    """
    for board in boards.values():
        if len(set(board.ns).union(board.ew)) != 2 * len(board.tables) or (
            board.scores is None
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


def _plain_points(
    scores: list[int], unit: Fraction, target: int
) -> tuple[Sequence[Points], Sequence[Points]]:
    """North-South's and East-West's matchpoints on a board (or group) of plain results.

    Sorted and counted in whole numbers on the 2 / 1 scale; a full board on that scale
    stays in whole numbers, Neuberg's formula and the 1 / ½ scale make fractions.
    """
    count = len(scores)
    raw = matchpoints_2(scores)
    top2 = 2 * (count - 1)
    if count == target and unit == 2:
        return raw, [top2 - value for value in raw]
    half = unit / 2
    if count == target:
        return [value * half for value in raw], [(top2 - value) * half for value in raw]
    return (
        [neuberg(value, count, target) * half for value in raw],
        [neuberg(top2 - value, count, target) * half for value in raw],
    )


class _PlainBoard(NamedTuple):
    """A board of plain results scored in columns: its lines are made when first read."""

    number: int
    board: _Board
    ns_points: Sequence[Points]
    ew_points: Sequence[Points]
    top: Points
    notes: tuple[str, ...]

    def lines(self) -> list[BoardLine]:
        """The board's lines, made from its columns."""
        board, count = self.board, len(self.board.tables)
        columns = zip(
            repeat(self.number, count),
            board.ns,
            board.ew,
            [table.result for table in board.tables],
            self.ns_points,
            self.ew_points,
            repeat(self.top, count),
            repeat(self.notes, count),
            strict=True,
        )
        return list(map(BoardLine._make, columns))


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
    for index, table in enumerate(board.tables):
        groups[table.group].append(index)
    fouled = len(groups) > 1
    lines: list[BoardLine | None] = [None] * len(board.tables)
    for members in groups.values():
        group_tables = [board.tables[index] for index in members]
        points: Sequence[Sequence[Points | Average]]
        if (
            scoring.columnar
            and method == "mp"
            and all(_is_plain(table.result) for table in group_tables)
        ):
            scores = [table.result.ns.parts[0][1] for table in group_tables]  # type: ignore[union-attr]
            notes = _ns_notes(group_tables[0].result, len(group_tables) != target, fouled)
            ns_points, ew_points = _plain_points(scores, unit, target)
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


class _Tally:
    """Each pair's session so far: its points, and its boards counted by top and direction."""

    def __init__(self) -> None:
        self.points: dict[str, Points] = {}
        self.boards: dict[tuple[Points | None, Side], Counter[str]] = {}

    def add(
        self,
        ns: Sequence[str],
        ns_points: Iterable[Points],
        ew: Sequence[str],
        ew_points: Iterable[Points],
        top: Points | None,
    ) -> None:
        """Add one board: its North-South pairs and their points, its East-West pairs and theirs."""
        points = self.points
        get = points.get
        for pair, value in zip(ns, ns_points, strict=True):
            points[pair] = get(pair, 0) + value
        for pair, value in zip(ew, ew_points, strict=True):
            points[pair] = get(pair, 0) + value
        self.boards.setdefault((top, Side.NS), Counter()).update(ns)
        self.boards.setdefault((top, Side.EW), Counter()).update(ew)

    def played(self) -> tuple[dict[str, int], dict[str, Points]]:
        """Each pair's number of boards, and the sum of their tops (0 where boards have no top)."""
        boards = dict.fromkeys(self.points, 0)
        maximum: dict[str, Points] = dict.fromkeys(self.points, 0)
        for (top, _), counted in self.boards.items():
            for pair, count in counted.items():
                boards[pair] += count
                if top is not None:
                    maximum[pair] += top * count
        return boards, maximum

    def full_top(self) -> Points:
        """The highest top of any board (0 if no board has a top)."""
        return max((top for top, _ in self.boards if top is not None), default=0)

    def pairs(self, side: Side) -> set[str]:
        """The pairs that played in direction ``side`` at least once."""
        return set().union(*(counted for (_, on), counted in self.boards.items() if on is side))


def score_session(
    results: Iterable[TableResult],
    method: Method = "mp",
    profile: Authority | None = None,
    penalties: Iterable[tuple[str, Penalty]] = (),
) -> SessionScore:
    """Score every board and rank every pair (see the module's description).

    ``penalties`` are (pair, penalty) pairs; a penalty in tops is taken on the full
    top of a board.

    >>> results = [TableResult(1, "A", "B", Result.played(100)), TableResult(1, "C", "D", Result.played(-100)),
    ...            TableResult(1, "E", "F", Result.artificial(Average.from_str("A60"), Average.from_str("A40")))]
    >>> board = score_session(results).boards[1]
    >>> [(line.ns, show(line.ns_points), show(line.ew_points)) for line in board]
    [('A', '3.50', '0.50'), ('C', '0.50', '3.50'), ('E', '2.40', '1.60')]
    """
    return _score_session(
        list(results), method, profile or authority("wbf"), list(penalties), columnar=True
    )


def _score_session(
    tables: list[TableResult],
    method: Method,
    profile: Authority,
    penalties: list[tuple[str, Penalty]],
    *,
    columnar: bool,
) -> SessionScore:
    """:func:`score_session`; ``columnar=False`` scores every board by the general path (for tests)."""
    read = _read_boards(tables)
    _check(tables, read, profile)
    unit = profile.matchpoint_unit
    most = max((len(board.tables) for board in read.values()), default=0)
    scoring = _Scoring(method, profile, columnar, {}, [])
    boards = _Boards()
    tally = _Tally()
    for number in sorted(read):
        board = read[number]
        target = most if profile.neuberg else len(board.tables)
        top: Points | None = None
        if method == "mp":
            exact_top = unit * (target - 1)
            top = int(exact_top) if exact_top.denominator == 1 else exact_top
        if columnar and top is not None and board.scores is not None and board.groups == 1:
            # Matchpoints (there is a top), every result plain, no groups: in columns.
            ns_points, ew_points = _plain_points(board.scores, unit, target)
            notes = _ns_notes(board.tables[0].result, len(board.tables) != target, fouled=False)
            boards.add(number, _PlainBoard(number, board, ns_points, ew_points, top, notes))
        else:
            lines = _score_board(number, board, target, top, scoring)
            boards.add(number, lines)
            ns_points = [line.ns_points for line in lines]
            ew_points = [line.ew_points for line in lines]
        tally.add(board.ns, ns_points, board.ew, ew_points, top)
    played, maximum = tally.played()
    if method != "total":
        _apply_12c2c(boards, scoring.pending, method, profile, tally.points, played, maximum)
    ns_pairs = tally.pairs(Side.NS)
    by_direction = bool(played) and ns_pairs.isdisjoint(tally.pairs(Side.EW))
    directions = (
        {pair: Side.NS if pair in ns_pairs else Side.EW for pair in played}
        if by_direction
        else None
    )
    return SessionScore(
        method,
        profile,
        boards,
        _standings(
            tally.points,
            played,
            maximum,
            directions,
            tally.full_top(),
            method,
            profile,
            penalties,
        ),
        by_direction,
        scoring.datums,
        penalties,
    )


def _apply_12c2c(
    boards: Mapping[int, list[BoardLine]],
    pending: list[tuple[int, int, int, Average]],
    method: Method,
    profile: Authority,
    totals: dict[str, Points],
    played: dict[str, int],
    maximum: dict[str, Points],
) -> None:
    """Law 12C2c: each pair's own result on its other boards replaces average-plus or -minus where beyond."""
    if not pending or not profile.session_percentage_rule:
        return
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
        rest = Fraction(totals[pair] - points)
        rest_tops = maximum[pair] - tops
        rest_count = played[pair] - count
        if not rest_count:
            own[pair] = None
        elif method == "mp":
            own[pair] = rest * 100 / rest_tops if rest_tops else None
        else:
            own[pair] = rest / rest_count
    for number, index, column, average in pending:
        line = boards[number][index]
        pair = line.ns if column == 0 else line.ew
        if method == "mp":
            assert line.top is not None
            given = average_percent(average, profile)
            value = law_12c2c(average, given, own[pair], profile)
            if value == given:
                continue
            points = value * line.top / 100
        else:
            given = artificial_imps(average, profile)
            value = law_12c2c(average, given, own[pair], profile)
            if value == given:
                continue
            points = value
        old = line.ns_points if column == 0 else line.ew_points
        totals[pair] += points - old
        ns, ew = (points, line.ew_points) if column == 0 else (line.ns_points, points)
        notes = line.notes if "12C2c" in line.notes else (*line.notes, "12C2c")
        boards[number][index] = BoardLine(
            line.board, line.ns, line.ew, line.result, ns, ew, line.top, notes
        )


_Row = tuple[str, Side | None, int, Points, Points | None, Fraction | None, Points, Points]
"""A :class:`PairStanding` before its rank: pair, direction, boards, total, maximum, %, factored, penalties."""


def _standings(
    totals: dict[str, Points],
    played: dict[str, int],
    maxima: dict[str, Points],
    directions: dict[str, Side] | None,
    full_top: Points,
    method: Method,
    profile: Authority,
    penalties: list[tuple[str, Penalty]],
) -> list[PairStanding]:
    """Each pair's standing, ranked (by direction when ``directions`` are given)."""
    most_boards = max(played.values(), default=0)
    taken: dict[str, Points] = defaultdict(int)
    for pair, penalty in penalties:
        text = f"{pair},{penalty.to_str()}"
        if pair not in played:
            raise InvalidPenaltyError(
                text, N_("pair {pair} did not play in the session"), pair=pair
            )
        if penalty.unit == "top" and method != "mp":
            raise InvalidPenaltyError(
                text, N_("a penalty in a fraction of a top needs matchpoint scoring")
            )
        if penalty.unit == "imps" and method == "mp":
            raise InvalidPenaltyError(text, N_("a penalty in IMPs needs IMP scoring"))
        if penalty.unit == "mp" and method in ("imp-butler", "cross-imp"):
            raise InvalidPenaltyError(text, N_("a penalty in matchpoints needs matchpoint scoring"))
        taken[pair] += penalty.in_matchpoints(full_top)
    # Percentages rank as the totals do when every pair had the same maximum: then
    # compare the (usually whole) totals, not a Fraction per pair.
    same_maximum = len(set(maxima.values())) <= 1
    rows: dict[Side | None, tuple[list[Points], list[_Row]]] = {}
    for pair, points in totals.items():
        count = played[pair]
        deducted = taken.get(pair, 0)
        total: Points = points - deducted
        maximum = maxima[pair] if method == "mp" else None
        share = percentage(total, maximum) if maximum else None
        factored: Points = total
        if profile.factoring and count != most_boards and count:
            factored = Fraction(total) * most_boards / count
        # Ranked by percentage; in IMPs and total points by the (factored) total.
        key = factored if share is None else total if same_maximum else share
        direction = directions[pair] if directions is not None else None
        keys, members = rows.setdefault(direction, ([], []))
        keys.append(key)
        members.append((pair, direction, count, total, maximum, share, factored, deducted))
    standings: list[PairStanding] = []
    for direction in (Side.NS, Side.EW, None):
        keys, members = rows.get(direction, ([], []))
        for index, rank, tied in _ranking([row[0] for row in members], keys):
            standings.append(PairStanding(*members[index], rank, tied))
    return standings


def _ranking(names: Sequence[str], keys: list[Points]) -> Iterator[tuple[int, int, bool]]:
    """Each (index, rank, tied), the highest key first; tied names share a rank, in natural order.

    >>> list(_ranking(["10", "2", "3"], [5, 5, 7]))
    [(2, 1, False), (1, 2, True), (0, 2, True)]
    """
    order = sorted(range(len(keys)), key=keys.__getitem__, reverse=True)
    rank = 1
    for _, run in groupby(order, key=keys.__getitem__):
        members = list(run)
        tied = len(members) > 1
        if tied:
            members.sort(key=lambda index: (_natural(names[index]), names[index]))
        for index in members:
            yield index, rank, tied
        rank += len(members)


_NUMBERS = re.compile(r"[0-9]+|[^0-9]+")


def _natural(text: str) -> tuple[tuple[int, object], ...]:
    """A sort key that puts pair 2 before pair 10."""
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in _NUMBERS.findall(text))


__all__ = [
    "METHODS",
    "AverageKind",
    "BoardLine",
    "InvalidPenaltyError",
    "InvalidSessionError",
    "Method",
    "PairStanding",
    "SessionScore",
    "TableResult",
    "score_session",
    "show",
]
