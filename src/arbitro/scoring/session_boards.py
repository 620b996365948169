"""Reading a session's results a board at a time, and refusing what cannot be scored together.

:func:`read_boards` groups the tables by board, in the order they came, and reads each
board's columns once (:class:`BoardTables`): its pairs, whether every result is plain
and in no group, North-South's plain scores and how many tables have each.
:func:`check_session` refuses a pair against itself, a pair twice on a board, a score
given in IMPs (Law 12C1b, a team match's) and the weighted scores a profile forbids
(Law 12C1c), naming the first problem in the order of the input.

>>> from arbitro.scoring.results import Result
>>> from arbitro.scoring.session_values import TableResult
>>> boards = read_boards([TableResult(1, "1", "2", Result.played(420)), TableResult(1, "3", "4", Result.played(400))])
>>> boards[1].ns, boards[1].scores, boards[1].size
(['1', '3'], [420, 400], 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import groupby
from operator import attrgetter
from typing import NamedTuple

from arbitro.i18n import N_
from arbitro.laws.authority import Authority
from arbitro.scoring.adjusted import AdjustedScoreNotAllowedError
from arbitro.scoring.results import Result, Weighted
from arbitro.scoring.session_values import InvalidSessionError, TableResult, is_plain


class BoardTables(NamedTuple):
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

    def without_scores(self) -> BoardTables:
        """The board without its scores and counts: what its lines need, once it is scored."""
        return BoardTables(
            self.records,
            self.start,
            self.stop,
            self.ns,
            self.ew,
            self.plain,
            None,
            None,
            self.groups,
        )


def read_boards(tables: list[TableResult]) -> dict[int, BoardTables]:
    """The tables by board, in the order they came, each board read into columns."""
    runs: dict[int, list[tuple[int, list[TableResult]]]] = {}
    at = 0
    for number, run in groupby(tables, _BOARD):
        members = list(run)
        runs.setdefault(number, []).append((at, members))
        at += len(members)
    boards: dict[int, BoardTables] = {}
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


def _read_board(tables: list[TableResult], records: list[TableResult], start: int) -> BoardTables:
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
    return BoardTables(records, start, start + len(tables), ns, ew, plain, scores, counts, groups)


def check_session(
    tables: Sequence[TableResult], boards: dict[int, BoardTables], profile: Authority
) -> None:
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
        if not profile.weighted_scores and not is_plain(table.result):
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
