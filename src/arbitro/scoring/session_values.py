"""A session's values: the tables' results it takes, the lines and standings it gives, its errors.

:func:`arbitro.scoring.session.score_session` takes one :class:`TableResult` per table
and board, scored by one of :data:`METHODS`, and gives a :class:`SessionScore`: each
board's :class:`BoardLine` objects and each pair's :class:`PairStanding`. Results that
cannot be scored together raise :class:`InvalidSessionError`; a penalty that does not
fit the session, :class:`InvalidPenaltyError`. :func:`show` is the one rounding step
of every printed figure; :func:`is_plain` tells a result with one score for both sides.

>>> show(Fraction(25, 2)), shown_number(Fraction(25, 2)), penalty_units("imp-butler")
('12.50', 12.5, ('imps',))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Literal, NamedTuple, cast

from arbitro.core.errors import NotationError
from arbitro.core.seat import Side
from arbitro.i18n import N_
from arbitro.laws.authority import Authority
from arbitro.scoring.columnar import Points
from arbitro.scoring.penalties import Penalty, Unit
from arbitro.scoring.results import Result, Weighted

Method = Literal["mp", "imp-butler", "cross-imp", "total"]
METHODS: tuple[Method, ...] = ("mp", "imp-butler", "cross-imp", "total")
"""The scoring methods of :func:`~arbitro.scoring.session.score_session`."""


class InvalidSessionError(NotationError):
    """Results that cannot be scored together (a pair twice on a board, a pair against itself)."""

    what = N_("session")


class InvalidPenaltyError(InvalidSessionError):
    """A penalty that does not fit the session: a pair that did not play, or the wrong unit.

    ``index`` says which of the penalties given it is (0 for the first), so that a caller
    can quote the penalty as it was typed rather than as it is kept.

    >>> error = InvalidPenaltyError("9,3,90", N_("pair {pair} did not play in the session"), pair="9")
    >>> error.index, InvalidPenaltyError.at(2, error).index
    (None, 2)
    """

    what = N_("penalty")
    index: int | None = None

    @classmethod
    def at(cls, index: int, error: InvalidPenaltyError) -> InvalidPenaltyError:
        """``error`` about the penalty at ``index`` of those given (``error`` itself, marked)."""
        error.index = index
        return error


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
        if self.group is None and is_plain(self.result):
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

    >>> from arbitro.scoring.session import score_session
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

    >>> from arbitro.scoring.session import score_session
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

    >>> from arbitro.scoring.session import score_session
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


def is_plain(result: Result) -> bool:
    """Whether ``result`` is one score for both sides (played, or one assigned score)."""
    view = result.ns
    return (
        type(view) is Weighted and len(view.parts) == 1 and (view is result.ew or view == result.ew)
    )
