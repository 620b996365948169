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

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Literal, NamedTuple

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
from arbitro.scoring.matchpoints import matchpoints_2, weighted_matchpoints
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
    """

    board: int
    ns: str
    ew: str
    result: Result
    ns_points: Points
    ew_points: Points
    top: Points | None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class PairStanding:
    """One pair's session: boards, total, percentage (matchpoints), rank.

    ``total`` is after penalties; ``factored`` the total scaled to the most boards
    (when the profile factors); ``rank`` the position, shared by ties (``tied``).
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

    ``penalties`` keeps each (pair, penalty) with its Law and reason, for the record.
    """

    method: Method
    profile: Authority
    boards: dict[int, list[BoardLine]]
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


def _check(results: Sequence[TableResult], profile: Authority) -> None:
    """Refuse a pair against itself, a pair twice on a board, and weighted scores the profile forbids."""
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


def _fast_matchpoints(
    tables: list[TableResult], unit: Fraction, target: int
) -> list[tuple[Points, Points]]:
    scores = [table.result.ns.parts[0][1] for table in tables]  # type: ignore[union-attr]
    count = len(scores)
    raw = matchpoints_2(scores)
    top2 = 2 * (count - 1)
    if count == target and unit == 2:
        return [(value, top2 - value) for value in raw]
    half = unit / 2
    out: list[tuple[Points, Points]] = []
    for value in raw:
        ns = neuberg(value, count, target) if count != target else Fraction(value)
        ew = neuberg(top2 - value, count, target) if count != target else Fraction(top2 - value)
        out.append((ns * half, ew * half))
    return out


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
    profile = profile or authority("wbf")
    tables = list(results)
    _check(tables, profile)
    unit = profile.matchpoint_unit
    by_board: dict[int, list[TableResult]] = defaultdict(list)
    for table in tables:
        by_board[table.board].append(table)
    most = max((len(group) for group in by_board.values()), default=0)
    boards: dict[int, list[BoardLine]] = {}
    datums: dict[int, int] = {}
    pending: list[tuple[int, int, int, Average]] = []  # board, line index, column, average
    for number in sorted(by_board):
        board_tables = by_board[number]
        target = most if profile.neuberg else len(board_tables)
        top: Points | None = None
        if method == "mp":
            exact_top = unit * (target - 1)
            top = int(exact_top) if exact_top.denominator == 1 else exact_top
        groups: dict[str | None, list[int]] = defaultdict(list)
        for index, table in enumerate(board_tables):
            groups[table.group].append(index)
        fouled = len(groups) > 1
        lines: list[BoardLine | None] = [None] * len(board_tables)
        for members in groups.values():
            group_tables = [board_tables[index] for index in members]
            points: Sequence[Sequence[Points | Average]]
            if method == "mp" and all(_is_plain(table.result) for table in group_tables):
                notes = _ns_notes(group_tables[0].result, len(group_tables) != target, fouled)
                for index, table, (ns_value, ew_value) in zip(
                    members,
                    group_tables,
                    _fast_matchpoints(group_tables, unit, target),
                    strict=True,
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
                    datums[number] = datum
            field_count = sum(1 for table in group_tables if isinstance(table.result.ns, Weighted))
            for index, table, (ns, ew) in zip(members, group_tables, points, strict=True):
                values: list[Points] = []
                for column, value in enumerate((ns, ew)):
                    if isinstance(value, Average):
                        pending.append((number, index, column, value))
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
        boards[number] = [line for line in lines if line is not None]
    if method != "total":
        _apply_12c2c(boards, pending, method, profile)
    played = _pair_lines(boards)
    given = list(penalties)
    return SessionScore(
        method,
        profile,
        boards,
        _standings(boards, played, method, profile, given),
        _by_direction_lines(played),
        datums,
        given,
    )


def _pair_lines(boards: dict[int, list[BoardLine]]) -> dict[str, list[tuple[BoardLine, int, int]]]:
    """Each pair's lines: (line, 0 for North-South or 1 for East-West, index on its board)."""
    played: dict[str, list[tuple[BoardLine, int, int]]] = defaultdict(list)
    for lines in boards.values():
        for index, line in enumerate(lines):
            played[line.ns].append((line, 0, index))
            played[line.ew].append((line, 1, index))
    return played


def _apply_12c2c(
    boards: dict[int, list[BoardLine]],
    pending: list[tuple[int, int, int, Average]],
    method: Method,
    profile: Authority,
) -> None:
    if not pending or not profile.session_percentage_rule:
        return
    artificial = {(number, index, column) for number, index, column, _ in pending}
    played = _pair_lines(boards)
    own: dict[str, Fraction | None] = {}
    for pair, entries in played.items():
        points = Fraction(0)
        tops = Fraction(0)
        count = 0
        for line, column, index in entries:
            if (line.board, index, column) in artificial:
                continue
            points += line.ns_points if column == 0 else line.ew_points
            tops += line.top or 0
            count += 1
        if not count:
            own[pair] = None
        elif method == "mp":
            own[pair] = points * 100 / tops if tops else None
        else:
            own[pair] = points / count
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
        ns, ew = (points, line.ew_points) if column == 0 else (line.ns_points, points)
        notes = line.notes if "12C2c" in line.notes else (*line.notes, "12C2c")
        boards[number][index] = BoardLine(
            line.board, line.ns, line.ew, line.result, ns, ew, line.top, notes
        )


def _standings(
    boards: dict[int, list[BoardLine]],
    played: dict[str, list[tuple[BoardLine, int, int]]],
    method: Method,
    profile: Authority,
    penalties: list[tuple[str, Penalty]],
) -> list[PairStanding]:
    tops = [lines[0].top for lines in boards.values() if lines and lines[0].top is not None]
    full_top = max(tops, default=0)
    most_boards = max((len(entries) for entries in played.values()), default=0)
    taken: dict[str, Points] = defaultdict(int)
    for pair, penalty in penalties:
        if pair not in played:
            raise InvalidSessionError(pair, N_("a penalty names a pair that did not play"))
        if penalty.unit == "top" and method != "mp":
            raise InvalidSessionError(
                pair, N_("a penalty in a fraction of a top needs matchpoint scoring")
            )
        taken[pair] += penalty.in_matchpoints(full_top)
    by_direction = _by_direction_lines(played)
    rows = []
    for pair, entries in played.items():
        total: Points = (
            sum(line.ns_points if column == 0 else line.ew_points for line, column, _ in entries)
            - taken[pair]
        )
        maximum: Points | None = (
            sum(line.top or 0 for line, _, _ in entries) if method == "mp" else None
        )
        percentage = Fraction(total) * 100 / maximum if maximum else None
        factored: Points = total
        if profile.factoring and len(entries) != most_boards and entries:
            factored = Fraction(total) * most_boards / len(entries)
        direction = (Side.NS if entries[0][1] == 0 else Side.EW) if by_direction else None
        rows.append(
            (pair, direction, len(entries), total, maximum, percentage, factored, taken[pair])
        )

    # Percentages rank as the totals do when every pair had the same maximum: then
    # compare the (usually whole) totals, not a Fraction per pair.
    same_maximum = len({row[4] for row in rows}) <= 1

    def key(row: tuple[object, ...]) -> Points:
        by_total = method != "mp" or row[5] is None  # IMPs and points: the (factored) total
        value = row[6] if by_total else (row[3] if same_maximum else row[5])
        assert isinstance(value, Fraction | int)
        return value

    standings: list[PairStanding] = []
    for direction in (Side.NS, Side.EW) if by_direction else (None,):
        members = [row for row in rows if row[1] == direction]
        members.sort(key=lambda row: (-key(row), _natural(str(row[0]))))
        keys = [key(row) for row in members]
        rank = 0
        for position, row in enumerate(members):
            value = keys[position]
            if position == 0 or keys[position - 1] != value:
                rank = position + 1
            tied = (position > 0 and keys[position - 1] == value) or (
                position + 1 < len(keys) and keys[position + 1] == value
            )
            pair, side, count, total, maximum, percentage, factored, pen = row
            standings.append(
                PairStanding(
                    str(pair), side, count, total, maximum, percentage, factored, pen, rank, tied
                )
            )
    return standings


def _by_direction_lines(played: dict[str, list[tuple[BoardLine, int, int]]]) -> bool:
    """Whether pairs keep one direction all session (a Mitchell): then each direction has its ranking."""
    return bool(played) and all(
        len({column for _, column, _ in entries}) == 1 for entries in played.values()
    )


def _natural(text: str) -> tuple[tuple[int, object], ...]:
    """A sort key that puts pair 2 before pair 10."""
    import re

    return tuple(
        (0, int(part)) if part.isdigit() else (1, part)
        for part in re.findall(r"[0-9]+|[^0-9]+", text)
    )


__all__ = [
    "METHODS",
    "AverageKind",
    "BoardLine",
    "InvalidSessionError",
    "Method",
    "PairStanding",
    "SessionScore",
    "TableResult",
    "score_session",
    "show",
]
