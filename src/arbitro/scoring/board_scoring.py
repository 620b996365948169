"""Scoring one board of a session: each table's points, group by group (Law 87), by the session's method.

:func:`score_board` is the general path (weighted views and fractions): matchpoints
(Law 78A) with Neuberg's formula for a smaller field, IMPs against a Butler datum or
cross-IMPs (78B), total points (78C); artificial scores (12C2) are left out of the field
and kept in :attr:`Scoring.pending` for Law 12C2c. A board of plain results scored in
columns keeps its whole-number points in a :class:`PlainBoard`, whose lines are made
when first read from :class:`ScoredBoards`. :func:`ns_notes` names what changed a
line's numbers.

>>> from arbitro.scoring.results import Result
>>> ns_notes(Result.played(420), scaled=True, fouled=False)
('Neuberg',)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import repeat
from operator import neg
from typing import NamedTuple

from arbitro.core.seat import Side
from arbitro.laws.authority import Authority
from arbitro.scoring.adjusted import artificial_imps, artificial_matchpoints
from arbitro.scoring.columnar import Points, plain_points, whole
from arbitro.scoring.matchpoints import look_up, weighted_matchpoints
from arbitro.scoring.neuberg import neuberg
from arbitro.scoring.results import Average, Result, View, Weighted
from arbitro.scoring.session_boards import BoardTables
from arbitro.scoring.session_values import BoardLine, Method, TableResult, is_plain
from arbitro.scoring.teams import butler_imps, cross_imps
from arbitro.scoring.total_points import artificial_total_points


def ns_notes(result: Result, scaled: bool, fouled: bool) -> tuple[str, ...]:
    """What changed a line's numbers: ``87`` (``fouled``), ``Neuberg`` (``scaled``), ``12C1f``, ``12C1c``, ``12C2a``.

    A plain result, neither scaled nor fouled, has none.

    >>> ns_notes(Result.split(100, -200), scaled=False, fouled=True)
    ('87', '12C1f')
    """
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


class PlainBoard(NamedTuple):
    """A board of plain results scored in columns: its lines are made when first read.

    ``points`` are North-South's: matchpoints in the session tally's units, 1 / ``scale``
    of a matchpoint, or IMPs against a Butler datum (``top`` is ``None``); whole numbers.
    """

    number: int
    board: BoardTables
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


class ScoredBoards(Mapping[int, list[BoardLine]]):
    """The scored boards by number, in order; a board of plain results makes its lines when first read."""

    def __init__(self) -> None:
        self._boards: dict[int, list[BoardLine] | PlainBoard] = {}

    def add(self, number: int, board: list[BoardLine] | PlainBoard) -> None:
        """Keep board ``number``: its lines, or a board of plain results to make them from."""
        self._boards[number] = board

    def __getitem__(self, number: int) -> list[BoardLine]:
        board = self._boards[number]
        if isinstance(board, PlainBoard):
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


class Scoring(NamedTuple):
    """What every board of a session is scored with."""

    method: Method
    profile: Authority
    columnar: bool
    datums: dict[int, int]
    pending: list[tuple[int, int, int, Average]]
    """Artificial scores for Law 12C2c: board, line index, column (0 NS, 1 EW), the score."""


def score_board(
    number: int, board: BoardTables, target: int, top: Points | None, scoring: Scoring
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
            and all(is_plain(table.result) for table in group_tables)
        ):
            scores = [table.result.ns.parts[0][1] for table in group_tables]  # type: ignore[union-attr]
            notes = ns_notes(group_tables[0].result, len(group_tables) != target, fouled)
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
                ns_notes(table.result, scaled and not table.result.is_artificial, fouled),
            )
    return [line for line in lines if line is not None]
