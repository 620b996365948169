"""Law 12C2c in a session: a pair's own result replaces average-plus or average-minus where the Law says so.

After every board is scored, :func:`apply_12c2c` reads each pair's session without its
artificial scores and gives the pair that result instead of its average-plus or
average-minus where Law 12C2c says so, or, where the profile limits the boards scored
as average-plus (Kooijman's recommendation to Law 12C2), on the boards beyond the
limit. The lines change in place, and so do the tally's totals.

Pair 1 is given average-plus (60%) on board 1 and scores 100% on board 2, its own
result; pair 2, given average-minus (40%), scores 0% on board 2:

>>> from arbitro.scoring.results import Result
>>> from arbitro.scoring.session import TableResult, score_session, show
>>> a60_a40 = Result.artificial(Average.from_str("A60"), Average.from_str("A40"))
>>> session = score_session([TableResult(1, "1", "2", a60_a40), TableResult(1, "3", "4", Result.played(420)),
...                          TableResult(2, "1", "2", Result.played(420)), TableResult(2, "3", "4", Result.played(400))])
>>> line = session.boards[1][0]
>>> show(line.ns_points), show(line.ew_points), line.notes
('2.00', '0.00', ('12C2a', '12C2c'))
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from fractions import Fraction

from arbitro.laws.authority import Authority
from arbitro.scoring.adjusted import artificial_imps, average_percent, law_12c2c
from arbitro.scoring.columnar import Points
from arbitro.scoring.results import Average, AverageKind
from arbitro.scoring.session_tally import Tally
from arbitro.scoring.session_values import BoardLine, Method


def apply_12c2c(
    boards: Mapping[int, list[BoardLine]],
    pending: list[tuple[int, int, int, Average]],
    method: Method,
    profile: Authority,
    tally: Tally,
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
