"""A session of plain results as numpy columns, and Butler scoring on them (Law 78B).

A national simultaneous event has thousands of tables on each board, nearly all plain
results (one score for both sides, in no group). :class:`SessionColumns` holds such a
session as four integer arrays, one entry per table and board (the board, North-South's
pair, East-West's pair as indices into the pairs' names, and North-South's score),
built once by whoever reads the results (:meth:`SessionColumns.from_rows`,
:meth:`SessionColumns.from_results`), with each pair's place in natural order (pair 2
before pair 10).

:func:`score_columns` scores it. With a Butler datum (``imp-butler``) it works on the
arrays: each board's distinct scores and how many tables have each are counted on the
arrays, and its datum taken from them by :func:`arbitro.scoring.teams.ordered_datum`,
the one place the Law's trimming and rounding are written (the records' path takes it
there too), each table's IMPs are looked up in a table of the Law 78B scale made once by
:func:`~arbitro.scoring.imps.imps_of` (the scale's one conversion, which
:func:`~arbitro.scoring.imps.imps` shares), each pair's total is a count weighted by
the IMPs, and the pairs of each direction are ranked by total, ties in natural order.
Every other case goes to :func:`arbitro.scoring.session.score_session` with the
columns' records: another method, penalties, a pair in both directions or twice on a
board, and totals to be factored (Law 78D). That general path is this one's
specification: ``tests/test_law78b_butler_columns.py`` holds the two to the same
boards, datums and standings.

numpy is imported only here: the command line's start does not load it.

>>> columns = SessionColumns.from_rows([(1, "1NS", "1EW", 420), (1, "2NS", "2EW", 170)])
>>> session = score_columns(columns, "imp-butler")
>>> session.datums, [(pair.pair, pair.total, pair.rank_label) for pair in session.pairs]
({1: 300}, [('1NS', 3, '1'), ('2NS', -4, '2'), ('2EW', 4, '1'), ('1EW', -3, '2')])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise, repeat
from operator import attrgetter
from typing import cast

import numpy as np
import numpy.typing as npt

from arbitro.core.collector import cycle_collector_paused
from arbitro.core.seat import Side
from arbitro.laws.authority import Authority, authority
from arbitro.scoring.imps import SIGNED_EDGES, imps_of
from arbitro.scoring.natural_order import natural_keys
from arbitro.scoring.penalties import Penalty
from arbitro.scoring.results import Result
from arbitro.scoring.session import (
    BoardLine,
    Method,
    PairStanding,
    SessionScore,
    TableResult,
    score_session,
)
from arbitro.scoring.session_standings import pick
from arbitro.scoring.teams import ordered_datum

Ints = npt.NDArray[np.int64]

_BOARD, _NS, _EW = attrgetter("board"), attrgetter("ns"), attrgetter("ew")
_PLAIN_SCORE = attrgetter("plain_score")

_LAST = SIGNED_EDGES[-1]
_BY_DIFFERENCE = np.array(imps_of(range(-_LAST, _LAST + 1)), dtype=np.int64)
"""The IMPs of each whole difference from -4,000 to 4,000 (the last band's edge each way),
by :func:`~arbitro.scoring.imps.imps_of`, the scale's one conversion; then looked up."""


@dataclass(frozen=True, eq=False)
class SessionColumns:
    """A session of plain results in columns: one entry per table and board, in the order read.

    ``ns`` and ``ew`` index ``names``; ``natural`` is each name's place in natural order.
    ``records`` are the results as :class:`~arbitro.scoring.session.TableResult` if the
    columns were read from them (else made from the columns when needed).

    >>> columns = SessionColumns.from_rows([(2, "10", "2", -50), (1, "10", "2", 100)])
    >>> columns.names, columns.natural.tolist(), columns.scores.tolist()
    (('10', '2'), [1, 0], [-50, 100])
    """

    boards: Ints
    ns: Ints
    ew: Ints
    scores: Ints
    names: tuple[str, ...]
    natural: Ints
    records: Sequence[TableResult] | None = None

    @classmethod
    def from_rows(cls, rows: Iterable[tuple[int, str, str, int]]) -> SessionColumns:
        """Columns of (board, North-South pair, East-West pair, North-South's score) rows: played results.

        >>> SessionColumns.from_rows([(1, "A", "B", 620)]).ew.tolist()
        [1]
        """
        table = list(rows)
        boards = [row[0] for row in table]
        ns = [row[1] for row in table]
        ew = [row[2] for row in table]
        return cls._made(boards, ns, ew, [row[3] for row in table], None)

    @classmethod
    def from_results(cls, results: Iterable[TableResult]) -> SessionColumns | None:
        """Columns of ``results``, or ``None`` if one is not plain or is in a group (Law 87).

        >>> SessionColumns.from_results([TableResult(1, "A", "B", Result.split(100, -200))]) is None
        True
        """
        records = list(results)
        with cycle_collector_paused():  # lists of numbers and names: no cycles
            scores = list(map(_PLAIN_SCORE, records))
            if None in scores:
                return None
            boards = list(map(_BOARD, records))
            ns, ew = list(map(_NS, records)), list(map(_EW, records))
            return cls._made(boards, ns, ew, cast("list[int]", scores), records)

    @classmethod
    def _made(
        cls,
        boards: list[int],
        ns: list[str],
        ew: list[str],
        scores: list[int],
        records: Sequence[TableResult] | None,
    ) -> SessionColumns:
        seen = dict.fromkeys(ns)
        seen.update(dict.fromkeys(ew))
        at = dict(zip(seen, range(len(seen)), strict=True))
        names = tuple(at)
        keys = natural_keys(names)
        natural = np.empty(len(names), dtype=np.int64)
        natural[sorted(range(len(names)), key=keys.__getitem__)] = np.arange(len(names))
        return cls(
            np.array(boards, dtype=np.int64),
            np.fromiter(map(at.__getitem__, ns), dtype=np.int64, count=len(ns)),
            np.fromiter(map(at.__getitem__, ew), dtype=np.int64, count=len(ew)),
            np.array(scores, dtype=np.int64),
            names,
            natural,
            records,
        )

    def results(self) -> list[TableResult]:
        """The session as records: the ones read, or played results made from the columns.

        >>> SessionColumns.from_rows([(1, "A", "B", 620)]).results()
        [TableResult(1, 'A', 'B', Result.played(620))]
        """
        if self.records is not None:
            return list(self.records)
        names = self.names
        return [
            TableResult(board, names[ns], names[ew], Result.played(score))
            for board, ns, ew, score in zip(
                self.boards.tolist(),
                self.ns.tolist(),
                self.ew.tolist(),
                self.scores.tolist(),
                strict=True,
            )
        ]

    def __len__(self) -> int:
        return len(self.scores)


def score_columns(
    columns: SessionColumns,
    method: Method = "mp",
    profile: Authority | None = None,
    penalties: Iterable[tuple[str, Penalty]] = (),
) -> SessionScore:
    """:func:`~arbitro.scoring.session.score_session` of the columns' results (see the module).

    >>> columns = SessionColumns.from_rows([(1, "1", "2", 420), (1, "3", "4", 400)])
    >>> [pair.rank_label for pair in score_columns(columns, "mp").pairs]
    ['1', '2', '1', '2']
    """
    profile = profile or authority("wbf")
    penalties = list(penalties)
    scored = None
    if method == "imp-butler" and not penalties and len(columns):
        with cycle_collector_paused():  # as score_session: no cycles among its objects
            scored = _butler(columns, profile)
    if scored is None:
        return score_session(columns.results(), method, profile, penalties)
    return scored


class _Boards(Mapping[int, list[BoardLine]]):
    """The scored boards by number, in order; a board's lines are made when first read."""

    def __init__(
        self,
        columns: SessionColumns,
        numbers: list[int],
        order: Ints | None,
        starts: list[int],
        imps: Ints,
    ) -> None:
        self._columns, self._order, self._imps = columns, order, imps
        stops = [*starts[1:], len(columns)]
        self._at = dict(zip(numbers, zip(starts, stops, strict=True), strict=True))
        self._lines: dict[int, list[BoardLine]] = {}

    def __getitem__(self, number: int) -> list[BoardLine]:
        lines = self._lines.get(number)
        if lines is None:
            start, stop = self._at[number]
            lines = self._lines[number] = self._made(number, start, stop)
        return lines

    def _made(self, number: int, start: int, stop: int) -> list[BoardLine]:
        columns = self._columns
        tables = np.arange(start, stop) if self._order is None else self._order[start:stop]
        names = columns.names
        if columns.records is not None:
            results = [columns.records[table].result for table in tables.tolist()]
        else:
            results = list(map(Result.played, columns.scores[tables].tolist()))
        points = self._imps[start:stop].tolist()
        return [
            BoardLine(number, names[ns], names[ew], result, value, -value, None, ())
            for ns, ew, result, value in zip(
                columns.ns[tables].tolist(),
                columns.ew[tables].tolist(),
                results,
                points,
                strict=True,
            )
        ]

    def __iter__(self) -> Iterator[int]:
        return iter(self._at)

    def __len__(self) -> int:
        return len(self._at)

    def __repr__(self) -> str:
        return repr(dict(self.items()))


def _butler(columns: SessionColumns, profile: Authority) -> SessionScore | None:
    """Butler on the arrays (see the module), or ``None`` where the general path must score."""
    boards, scores = columns.boards, columns.scores
    pairs = len(columns.names)
    # The tables board by board, each board in the order read (read so, most often).
    order: Ints | None = None
    if bool(np.all(boards[:-1] <= boards[1:])):
        by_board, ns, ew, in_order = boards, columns.ns, columns.ew, scores
    else:
        order = np.argsort(boards, kind="stable")
        by_board, ns, ew, in_order = (
            boards[order],
            columns.ns[order],
            columns.ew[order],
            scores[order],
        )
    starts = np.flatnonzero(by_board[1:] != by_board[:-1]) + 1
    starts = np.concatenate(([0], starts))
    counts = np.diff(np.concatenate((starts, [len(by_board)])))
    board_of = np.repeat(np.arange(len(starts)), counts)
    # No pair in both directions, none twice on a board: else the general path (which
    # refuses a pair twice or against itself, and ranks a Howell's pairs together).
    ns_boards = np.bincount(ns, minlength=pairs)
    ew_boards = np.bincount(ew, minlength=pairs)
    if np.any((ns_boards > 0) & (ew_boards > 0)):
        return None
    if _twice(board_of * pairs, ns, ew, len(starts) * pairs):
        return None
    played = ns_boards + ew_boards
    if profile.factoring and played.min() != played.max():
        return None  # Law 78D: totals factored to the most boards, in fractions
    datums = board_datums(in_order, board_of, len(starts), profile)
    # Each table's IMPs (Law 78B): looked up by its difference (clipped to the table's ends).
    differences = in_order - np.repeat(datums, counts) + _LAST
    imps = np.take(_BY_DIFFERENCE, differences, mode="clip")
    totals = np.rint(
        np.bincount(ns, weights=imps, minlength=pairs)
        - np.bincount(ew, weights=imps, minlength=pairs)
    ).astype(np.int64)
    standings: list[PairStanding] = []
    for side, present in ((Side.NS, ns_boards), (Side.EW, ew_boards)):
        members = np.flatnonzero(present)
        ranked = members[np.lexsort((columns.natural[members], -totals[members]))]
        points = -totals[ranked]
        first = np.searchsorted(points, points, side="left")
        tied = np.searchsorted(points, points, side="right") - first > 1
        values = totals[ranked].tolist()
        rows = zip(
            pick(columns.names, ranked.tolist()),
            repeat(side),
            played[ranked].tolist(),
            values,
            repeat(None),
            repeat(None),
            values,
            repeat(0),
            (first + 1).tolist(),
            tied.tolist(),
            strict=False,  # the repeated columns have no end
        )
        standings.extend(map(tuple.__new__, repeat(PairStanding), rows))
    numbers = by_board[starts].tolist()
    board_lines = _Boards(columns, numbers, order, starts.tolist(), imps)
    datum_of = dict(zip(numbers, datums.tolist(), strict=True))
    return SessionScore("imp-butler", profile, board_lines, standings, True, datum_of, [])


def _twice(first_seat: Ints, ns: Ints, ew: Ints, seats: int) -> bool:
    """Whether a pair sits twice on a board (each board's seats numbered from ``first_seat``).

    The two directions have no pair in common (checked before), so each is counted alone.
    """
    for pairs in (ns, ew):
        seat = first_seat + pairs
        if seats <= 8 * len(seat) + 1024:
            if np.bincount(seat).max() > 1:
                return True
        elif len(np.unique(seat)) != len(seat):
            return True
    return False


def board_datums(scores: Ints, board_of: Ints, boards: int, profile: Authority) -> Ints:
    """Each board's Butler datum by :func:`~arbitro.scoring.teams.ordered_datum` (the Law written once).

    ``board_of`` gives each score's board, 0 to ``boards`` - 1, every board with a score.
    Each board's distinct scores in order, and how many tables have each, come from one
    count over the whole session: a tally of (board, score) when the scores span a
    modest range (no sort), else a sort of the (board, score) keys, or of the two
    columns when one key would not hold both.

    >>> scores = np.array([620, 620, 170, -100, 650, 420, -50])
    >>> board_datums(scores, np.array([0, 0, 0, 0, 0, 1, 1]), 2, authority("wbf")).tolist()
    [470, 190]
    """
    low = int(scores.min())
    span = int(scores.max()) - low + 1
    if boards * span >= 1 << 62:  # (board, score) would not fit one int64 key
        order = np.lexsort((scores, board_of))
        by_board, by_score = board_of[order], scores[order]
        new = np.ones(len(order), dtype=np.bool_)
        new[1:] = (by_board[1:] != by_board[:-1]) | (by_score[1:] != by_score[:-1])
        firsts = np.flatnonzero(new)
        counts = np.diff(np.append(firsts, len(order)))
        board_at, values = by_board[firsts], by_score[firsts]
    else:
        keys = board_of * span + (scores - low)
        if boards * span <= 4 * len(scores):  # a tally of every key: no sort
            tally = np.bincount(keys, minlength=boards * span)
            present = np.flatnonzero(tally)
            counts = tally[present]
        else:
            keys.sort()
            new = np.ones(len(keys), dtype=np.bool_)
            new[1:] = keys[1:] != keys[:-1]
            present = keys[new]
            counts = np.diff(np.append(np.flatnonzero(new), len(keys)))
        board_at, values = np.divmod(present, span)
        values += low
    edges = np.searchsorted(board_at, np.arange(boards + 1)).tolist()
    distinct, times = values.tolist(), counts.tolist()
    drop, step = profile.butler_drop, profile.butler_round_to
    return np.array(
        [
            ordered_datum(distinct[start:stop], times[start:stop], drop, step)
            for start, stop in pairwise(edges)
        ],
        dtype=np.int64,
    )


__all__ = ["SessionColumns", "board_datums", "score_columns"]
