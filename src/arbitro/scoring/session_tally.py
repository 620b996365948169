"""A session's tally: each board's points by direction, added up into each pair's total, boards and maximum.

:class:`Tally` keeps one column per board and direction and adds them up at the end,
a direction at a time: lined up pair by pair and added in columns when the boards
played by the most tables have the same pairs (a Mitchell, or everyone playing every
board), else pair by pair. Points and tops may be in units of 1 / ``scale`` of a
matchpoint (:func:`~arbitro.scoring.columnar.tally_scale`): the totals and maxima are
divided once per pair.

>>> tally = Tally()
>>> tally.add(Side.NS, ["1", "3"], [2, 0], 2)
>>> tally.add(Side.EW, ["2", "4"], [2, 0], 2, complement=True)
>>> tally.add_up()
>>> tally.names, tally.points, tally.maximum, tally.sound
(['1', '3', '2', '4'], [2, 0, 0, 2], [2, 2, 2, 2], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from operator import add, mul
from typing import NamedTuple

from arbitro.core.seat import Side
from arbitro.scoring.columnar import Points, unscaled
from arbitro.scoring.matchpoints import column_sums, line_up, look_up


class _Column(NamedTuple):
    """One board's pairs in one direction and their points, for the session's totals."""

    pairs: Sequence[str]
    points: Sequence[Points]
    top: Points | None
    complement: bool
    """Whether ``points`` are the other direction's: each pair here gets the top less them."""


_Part = tuple[list[str], list[Points], list[int], list[Points]]
"""One direction's pairs, with each one's points, boards and sum of tops."""


class Tally:
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

        Then no pair played twice on a board or against itself (what
        :func:`~arbitro.scoring.session_boards.check_session` refuses).
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
