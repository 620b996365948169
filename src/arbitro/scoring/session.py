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

This module holds :func:`score_session`, which runs the steps in order; each step is a
module of its own: the values taken and given (:mod:`~arbitro.scoring.session_values`,
whose names this module exports), the boards read and checked
(:mod:`~arbitro.scoring.session_boards`), one board scored
(:mod:`~arbitro.scoring.board_scoring`), the pairs' totals
(:mod:`~arbitro.scoring.session_tally`), Law 12C2c
(:mod:`~arbitro.scoring.session_12c2c`) and the standings
(:mod:`~arbitro.scoring.session_standings`).

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
otherwise pair by pair, after the usual checks (:class:`~arbitro.scoring.session_tally.Tally`). Pairs are ranked by their whole totals
when every pair had the same maximum, else by percentage (sorted by its float first,
the exact value deciding between equal floats). The board's :class:`BoardLine` objects
are made only when the board is first read from :attr:`SessionScore.boards`.

Every other board takes the general path
(:func:`~arbitro.scoring.board_scoring.score_board`: weighted views and fractions), and
it is the columnar path's specification: ``score_session_by_path(..., columnar=False)`` scores
every board by it, and the two agree on every number
(``tests/test_law78a_columnar_session.py``, ``tests/test_law78a_fast_scoring.py``,
``tests/test_law78b_butler_session.py``). A session already held as numpy arrays
(:class:`~arbitro.scoring.session_columns.SessionColumns`) is scored with a Butler
datum on the arrays by :func:`~arbitro.scoring.session_columns.score_columns`, with
:func:`score_session` as its specification.

>>> from arbitro.scoring.results import Result
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

from collections.abc import Iterable

from arbitro.core.collector import cycle_collector_paused
from arbitro.core.seat import Side
from arbitro.laws.authority import Authority, authority
from arbitro.scoring.board_scoring import PlainBoard, ScoredBoards, Scoring, ns_notes, score_board
from arbitro.scoring.columnar import Points, plain_butler, plain_units, tally_scale, whole
from arbitro.scoring.matchpoints import look_up
from arbitro.scoring.penalties import Penalty
from arbitro.scoring.results import AverageKind
from arbitro.scoring.session_12c2c import apply_12c2c
from arbitro.scoring.session_boards import check_session, read_boards
from arbitro.scoring.session_standings import pair_standings
from arbitro.scoring.session_tally import Tally
from arbitro.scoring.session_values import (
    METHODS,
    BoardLine,
    InvalidPenaltyError,
    InvalidSessionError,
    Method,
    PairStanding,
    SessionScore,
    TableResult,
    penalty_units,
    show,
    shown_number,
)


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

    >>> from arbitro.scoring.results import Average, Result
    >>> results = [TableResult(1, "A", "B", Result.played(100)), TableResult(1, "C", "D", Result.played(-100)),
    ...            TableResult(1, "E", "F", Result.artificial(Average.from_str("A60"), Average.from_str("A40")))]
    >>> board = score_session(results).boards[1]
    >>> [(line.ns, show(line.ns_points), show(line.ew_points)) for line in board]
    [('A', '3.50', '0.50'), ('C', '0.50', '3.50'), ('E', '2.40', '1.60')]
    """
    # A copy: the boards' lines are made from it when first read, whatever the caller
    # does with its own list meanwhile.
    with cycle_collector_paused():
        return score_session_by_path(
            list(results),
            method,
            profile or authority("wbf"),
            list(penalties),
            columnar=True,
            one_field=one_field,
        )


def score_session_by_path(
    tables: list[TableResult],
    method: Method,
    profile: Authority,
    penalties: list[tuple[str, Penalty]],
    *,
    columnar: bool,
    one_field: bool = False,
) -> SessionScore:
    """:func:`score_session` of a list of ``tables`` it may keep, by the path ``columnar`` says.

    ``columnar=True`` is :func:`score_session`'s own way (plain boards in columns);
    ``columnar=False`` scores every board by the general path, the columnar path's
    specification, and the two agree on every number.

    >>> from arbitro.scoring.results import Result
    >>> tables = [TableResult(1, "1", "2", Result.played(420)), TableResult(1, "3", "4", Result.played(400))]
    >>> ways = [score_session_by_path(list(tables), "mp", authority("wbf"), [], columnar=way) for way in (True, False)]
    >>> [[(line.ns, show(line.ns_points)) for line in way.boards[1]] for way in ways]
    [[('1', '2.00'), ('3', '0.00')], [('1', '2.00'), ('3', '0.00')]]
    """
    read = read_boards(tables)
    # A session of plain boards is checked by its tally, if that lines up (see below).
    all_plain = all(board.plain for board in read.values())
    if not all_plain:
        check_session(tables, read, profile)
    unit = profile.matchpoint_unit
    most = max((board.size for board in read.values()), default=0)
    scoring = Scoring(method, profile, columnar, {}, [])
    boards = ScoredBoards()
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
    tally = Tally(scale)
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
            notes = ns_notes(first, board.size != target, fouled=False)
            # The lines need the board's pairs and records, not its scores and counts.
            read[number] = kept = board.without_scores()
            boards.add(number, PlainBoard(number, kept, ns_points, top, notes, scale))
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
            notes = ns_notes(first, scaled=False, fouled=False)
            read[number] = kept = board.without_scores()
            boards.add(number, PlainBoard(number, kept, ns_points, None, notes))
            tally.add(Side.NS, board.ns, ns_points, None)
            # East-West's IMPs are North-South's negated: 0 less them, negated once per pair.
            tally.add(Side.EW, board.ew, ns_points, 0, complement=True)
        else:
            lines = score_board(number, board, target, top, scoring)
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
        check_session(tables, read, profile)
    if one_field:
        tally.sides = None  # one field: ranked together, factored to the field's most boards
    if method != "total":
        apply_12c2c(boards, scoring.pending, method, profile, tally)
    return SessionScore(
        method,
        profile,
        boards,
        pair_standings(tally, tally.full_top(), method, profile, penalties),
        tally.sides is not None,
        scoring.datums,
        penalties,
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
    "penalty_units",
    "score_session",
    "score_session_by_path",
    "show",
    "shown_number",
]
