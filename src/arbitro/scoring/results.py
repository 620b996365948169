"""The result of one board at one table, as the scoring methods see it.

A table's result gives each side a *view*: either a distribution of North-South
scores (a played or assigned score is one score with weight 1; a weighted score of
Law 12C1c is several scores with weights that add up to 1), or an artificial adjusted
score of Law 12C2 (:class:`Average`), or, in a team match, the board's IMPs given
directly to each side (:class:`AdjustedImps`, Laws 12C1b and 12C1f: what Kooijman's
team examples give, compensating only the consequent damage). Played and weighted
views are written in North-South's terms (the score North-South would write), so
comparing them is comparing numbers; an artificial score and a figure in IMPs belong
to the side they are given to. A balanced result gives both sides the same view; a
split score (Law 12C1f, "the scores need not balance") gives each side its own.

>>> Result.played(420)
Result.played(420)
>>> Result.split(420, -620).ew
Weighted.single(620)
>>> Result.artificial(Average.from_str("A60"), Average.from_str("A40")).is_artificial
True
>>> Result.in_imps(0, -2).to_str()
'0/-2 IMP'
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from fractions import Fraction

from arbitro.core.errors import NotationError
from arbitro.i18n import N_


class InvalidAdjustedScoreError(NotationError):
    """Text that is not an adjusted score (``A60``, ``A+``, ``+420/-450``, ``0/-2 IMP``, a weighted list)."""

    what = N_("adjusted score")


class InvalidScoreError(NotationError):
    """Text that is not a North-South score."""

    what = N_("score")


_ONE = Fraction(1)


@dataclass(frozen=True)
class Weighted:
    """North-South scores with their weights (Law 12C1c); one score of weight 1 is a plain score.

    >>> Weighted(((Fraction(2, 3), 620), (Fraction(1, 3), -100))).mean
    Fraction(380, 1)
    """

    parts: tuple[tuple[Fraction, int], ...]

    def __post_init__(self) -> None:
        parts = tuple((Fraction(weight), int(score)) for weight, score in self.parts)
        if not parts or any(weight <= 0 for weight, _ in parts):
            raise InvalidAdjustedScoreError(
                self._text(parts), N_("each weight must be more than 0")
            )
        if sum(weight for weight, _ in parts) != 1:
            raise InvalidAdjustedScoreError(self._text(parts), N_("the weights must add up to 1"))
        object.__setattr__(self, "parts", parts)

    @staticmethod
    def _text(parts: tuple[tuple[Fraction, int], ...]) -> str:
        return "; ".join(f"{weight} {score:+d}" for weight, score in parts)

    @classmethod
    def single(cls, score: int) -> Weighted:
        """One score with weight 1: a played or plainly assigned score.

        Valid by construction, so made without the checks of a weighted score (a big
        session reads one per table).

        >>> Weighted.single(-50).is_single
        True
        >>> Weighted.single(-50) == Weighted(((Fraction(1), -50),))
        True
        """
        if cls is not Weighted:
            return cls(((_ONE, score),))
        view = object.__new__(cls)
        object.__setattr__(view, "parts", ((_ONE, int(score)),))
        return view

    @property
    def is_single(self) -> bool:
        """Whether this is one score with weight 1.

        >>> Weighted.single(100).is_single
        True
        """
        return len(self.parts) == 1

    @property
    def mean(self) -> Fraction:
        """The weighted mean of the scores.

        >>> Weighted.single(100).mean
        Fraction(100, 1)
        """
        return sum((weight * score for weight, score in self.parts), Fraction(0))

    def negated(self) -> Weighted:
        """The same scores seen from the other side (signs changed).

        >>> Weighted.single(100).negated()
        Weighted.single(-100)
        """
        return Weighted(tuple((weight, -score) for weight, score in self.parts))

    def to_str(self) -> str:
        """The scores as text: ``+420``, or ``2/3 +620; 1/3 -100`` for a weighted score.

        >>> Weighted(((Fraction(2, 3), 620), (Fraction(1, 3), -100))).to_str()
        '2/3 +620; 1/3 -100'
        """
        if self.is_single:
            return f"{self.parts[0][1]:+d}"
        return self._text(self.parts)

    def __repr__(self) -> str:
        if self.is_single:
            return f"Weighted.single({self.parts[0][1]})"
        parts = ", ".join(
            f"(Fraction({weight.numerator}, {weight.denominator}), {score})"
            for weight, score in self.parts
        )
        return f"Weighted(({parts}))"


class AverageKind(enum.Enum):
    """The three artificial adjusted scores of Law 12C2a, by responsibility."""

    MINUS = "-"
    """Average-minus: directly at fault (12C2a1)."""
    AVERAGE = "="
    """Average: only partly at fault (12C2a2)."""
    PLUS = "+"
    """Average-plus: not at fault (12C2a3)."""


_AVERAGE = re.compile(
    r"A(?:(?P<percent>[0-9]{1,9}(?:\.[0-9]{1,9})?)|(?P<sign>[+=-]?))", re.IGNORECASE
)


@dataclass(frozen=True)
class Average:
    """An artificial adjusted score (Law 12C2): its kind and, if given, its percentage.

    ``A60`` is 60 % of the top (average-plus, as it is above 50); ``A+``, ``A`` and
    ``A-`` take the percentages of the regulating authority. In IMP scoring the kind
    decides: average-plus, average or average-minus in IMPs (12C2b, 86A).

    >>> Average.from_str("A60")
    Average(AverageKind.PLUS, Fraction(60, 1))
    >>> Average.from_str("A-")
    Average(AverageKind.MINUS)
    """

    kind: AverageKind
    percent: Fraction | None = None

    @classmethod
    def from_str(cls, text: str) -> Average:
        """Read ``A60``, ``A50``, ``A40`` (a percentage) or ``A+``, ``A``, ``A=``, ``A-``.

        Law 12C2a gives three artificial scores: a percentage of at most 40, exactly 50
        or at least 60; one in between (``A55``) is refused.

        >>> Average.from_str("A50").kind
        <AverageKind.AVERAGE: '='>
        >>> Average.from_str("A55")
        Traceback (most recent call last):
        ...
        arbitro.scoring.results.InvalidAdjustedScoreError: invalid adjusted score 'A55': an artificial score is average-minus (at most 40 %), average (50 %) or average-plus (at least 60 %) (Law 12C2a)
        >>> Average.from_str("B60")
        Traceback (most recent call last):
        ...
        arbitro.scoring.results.InvalidAdjustedScoreError: invalid adjusted score 'B60': expected A followed by a percentage or by +, = or -, as in A60, A40, A+
        """
        match = _AVERAGE.fullmatch(text.strip())
        if match is None:
            raise InvalidAdjustedScoreError(
                text,
                N_("expected A followed by a percentage or by +, = or -, as in {examples}"),
                examples="A60, A40, A+",
            )
        if match["percent"] is not None:
            percent = Fraction(match["percent"])
            if percent > 100:
                raise InvalidAdjustedScoreError(text, N_("a percentage must be 0 to 100"))
            if 40 < percent < 60 and percent != 50:
                raise InvalidAdjustedScoreError(
                    text,
                    N_(
                        "an artificial score is average-minus (at most 40 %), average (50 %) "
                        "or average-plus (at least 60 %) (Law 12C2a)"
                    ),
                )
            kind = (
                AverageKind.PLUS
                if percent > 50
                else AverageKind.MINUS
                if percent < 50
                else AverageKind.AVERAGE
            )
            return cls(kind, percent)
        return cls(AverageKind(match["sign"] or "="))

    def to_str(self) -> str:
        """The score as written: ``A60`` or ``A+``.

        >>> Average(AverageKind.AVERAGE).to_str(), Average(AverageKind.PLUS, Fraction(65)).to_str()
        ('A=', 'A65')
        """
        if self.percent is None:
            return f"A{self.kind.value}"
        return f"A{float(self.percent):g}"

    def __repr__(self) -> str:
        if self.percent is None:
            return f"Average(AverageKind.{self.kind.name})"
        return (
            f"Average(AverageKind.{self.kind.name}, "
            f"Fraction({self.percent.numerator}, {self.percent.denominator}))"
        )


MAX_BOARD_IMPS = 24
"""The most IMPs a side can win or lose on a board (the top of Law 78B's scale)."""

_FIGURE = r"[+-]?[0-9]{1,3}(?:\.[0-9]{1,9}|\s+[0-9]{1,9}/[0-9]{1,9})?"
_IN_IMPS = re.compile(
    rf"(?P<ns>{_FIGURE})\s*(?:IMPs?\s*)?/\s*(?P<ew>{_FIGURE})\s*IMPs?", re.IGNORECASE
)


def is_in_imps(text: str) -> bool:
    """Whether ``text`` is written as an adjusted score in IMPs (``0/-2 IMP``), valid or not.

    >>> is_in_imps("0/-2 IMP"), is_in_imps("+4 2/3/-4 2/3 imps"), is_in_imps("1/2 4S= N")
    (True, True, False)
    """
    stripped = text.strip()
    return stripped[-3:].upper() == "IMP" or stripped[-4:].upper() == "IMPS"


def _read_figure(text: str, whole: str) -> Fraction:
    """``+3``, ``-0 2/3``, ``4 1/2`` or ``2.5`` as a number of IMPs (``whole`` names the input)."""
    figure = text.strip()
    sign = -1 if figure.startswith("-") else 1
    unsigned = figure.lstrip("+-")
    if "/" in unsigned:
        integer, _, fraction = unsigned.partition(" ")
        numerator, _, denominator = fraction.strip().partition("/")
        if int(denominator) == 0 or int(numerator) >= int(denominator):
            raise InvalidAdjustedScoreError(
                whole,
                N_(
                    "the fraction after the whole IMPs is less than 1, as in {example} "
                    "(4 and two thirds)"
                ),
                example="+4 2/3/-4 2/3 IMP",
            )
        value = int(integer) + Fraction(int(numerator), int(denominator))
    else:
        value = Fraction(unsigned)
    if value > MAX_BOARD_IMPS:
        raise InvalidAdjustedScoreError(
            whole,
            N_("a side wins or loses at most {most} IMPs on a board (Law 78B)"),
            most=MAX_BOARD_IMPS,
        )
    return sign * value


def _write_figure(value: Fraction) -> str:
    """A number of IMPs as :func:`_read_figure` reads it: ``0``, ``+3``, ``-4 2/3``."""
    if value == 0:
        return "0"
    sign = "+" if value > 0 else "-"
    whole, rest = divmod(abs(value), 1)
    if rest == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole} {rest.numerator}/{rest.denominator}"


@dataclass(frozen=True)
class AdjustedImps:
    """An adjusted score given in IMPs to one side in a team match (Laws 12C1b, 12C1f).

    ``imps`` is the board's IMPs for the side it is given to, as that side scores them
    (not in North-South's terms): in a team match the side's team gets them for the
    board whatever the other table did, as an artificial score does. The two sides'
    figures need not balance: Kooijman's second team example gives the innocent team
    0 IMPs and the offenders -2 (:func:`arbitro.scoring.damage.teams_damage`). A weighted
    score in IMPs (12C1c) may be a fraction.

    >>> AdjustedImps(Fraction(-2)).to_str(), AdjustedImps(Fraction(14, 3)).to_str()
    ('-2', '+4 2/3')
    """

    imps: Fraction

    def __post_init__(self) -> None:
        object.__setattr__(self, "imps", Fraction(self.imps))

    def to_str(self) -> str:
        """The side's figure as written, without the unit: ``0``, ``+3``, ``-4 2/3``.

        >>> AdjustedImps(Fraction(0)).to_str()
        '0'
        """
        return _write_figure(self.imps)

    def __repr__(self) -> str:
        return f"AdjustedImps(Fraction({self.imps.numerator}, {self.imps.denominator}))"


View = Weighted | Average | AdjustedImps
"""What one side of a table is scored from."""

_PLAYED_KEPT = 10_000
"""How many played results :meth:`Result.played` keeps, one per score (there are few scores)."""


@dataclass(frozen=True)
class Result:
    """One table's result on a board: North-South's view and East-West's, both in NS terms.

    >>> Result.split(420, -620)
    Result.split(420, -620)
    >>> Result.played(-50).is_balanced
    True
    """

    ns: View
    ew: View

    @classmethod
    def played(cls, score: int) -> Result:
        """A result obtained at the table (or one assigned score for both sides, 12C1a).

        Results are values, so one made for a score is kept and given again for the same
        score (a session has thousands of tables and a few dozen scores).

        >>> Result.played(620).ns
        Weighted.single(620)
        >>> Result.played(620) is Result.played(620)
        True
        """
        if cls is Result:
            result = _PLAYED.get(score)
            if result is not None:
                return result
        view = Weighted.single(score)
        result = cls(view, view)
        if cls is Result and len(_PLAYED) < _PLAYED_KEPT:
            _PLAYED[score] = result
        return result

    @classmethod
    def weighted(cls, weighted: Weighted) -> Result:
        """A weighted assigned score for both sides (Law 12C1c).

        >>> Result.weighted(Weighted(((Fraction(1, 2), 420), (Fraction(1, 2), -50)))).is_balanced
        True
        """
        return cls(weighted, weighted)

    @classmethod
    def split(cls, ns_score: int, ew_score: int) -> Result:
        """Non-balancing assigned scores (Law 12C1f), each written as that side scores it.

        ``Result.split(420, -620)``: North-South get +420, East-West get -620 (as if
        North-South had scored +620).

        >>> Result.split(420, -620).ns
        Weighted.single(420)
        """
        return cls(Weighted.single(ns_score), Weighted.single(-ew_score))

    @classmethod
    def artificial(cls, ns: Average, ew: Average) -> Result:
        """Artificial adjusted scores for the two sides (Law 12C2), in any combination.

        >>> Result.artificial(Average.from_str("A60"), Average.from_str("A60")).ns.kind
        <AverageKind.PLUS: '+'>
        """
        return cls(ns, ew)

    @classmethod
    def in_imps(cls, ns: Fraction | int, ew: Fraction | int) -> Result:
        """The board's IMPs given directly to each side of a team match (12C1b, 12C1f).

        Each figure is that side's own: ``Result.in_imps(0, -2)`` gives North-South's
        team 0 IMPs on the board and East-West's team -2.

        >>> Result.in_imps(0, -2).ew
        AdjustedImps(Fraction(-2, 1))
        """
        return cls(AdjustedImps(Fraction(ns)), AdjustedImps(Fraction(ew)))

    @classmethod
    def imps_from_str(cls, text: str) -> Result:
        """Read an adjusted score in IMPs: North-South's figure, a slash, East-West's, ``IMP``.

        Each figure is the side's own IMPs on the board, with its sign (``+3``, ``0``,
        ``-2``); a fraction (a weighted score, 12C1c) follows the whole IMPs after a
        space (``+4 2/3``, ``-0 1/2``) or is a decimal (``2.5``). ``IMP`` may follow
        each figure, and may be written ``IMPs``; it reads the same in Spanish.

        >>> Result.imps_from_str("0/-2 IMP")
        Result(AdjustedImps(Fraction(0, 1)), AdjustedImps(Fraction(-2, 1)))
        >>> Result.imps_from_str("+4 2/3 IMP / -2.5 imps").to_str()
        '+4 2/3/-2 1/2 IMP'
        >>> Result.imps_from_str("-30/+30 IMP")
        Traceback (most recent call last):
        ...
        arbitro.scoring.results.InvalidAdjustedScoreError: invalid adjusted score '-30/+30 IMP': a side wins or loses at most 24 IMPs on a board (Law 78B)
        """
        stripped = text.strip()
        match = _IN_IMPS.fullmatch(stripped)
        if match is None:
            raise InvalidAdjustedScoreError(
                text,
                N_(
                    "expected each side's IMPs on the board, North-South's first, then IMP, "
                    "as in {examples}"
                ),
                examples="0/-2 IMP, +4 2/3/-4 2/3 IMP",
            )
        return cls.in_imps(_read_figure(match["ns"], text), _read_figure(match["ew"], text))

    @property
    def in_imps_given(self) -> bool:
        """Whether either side was given the board's IMPs directly (:class:`AdjustedImps`).

        >>> Result.in_imps(3, -3).in_imps_given, Result.played(0).in_imps_given
        (True, False)
        """
        return isinstance(self.ns, AdjustedImps) or isinstance(self.ew, AdjustedImps)

    @property
    def is_balanced(self) -> bool:
        """Whether both sides are scored from the same view.

        >>> Result.split(100, -100).is_balanced, Result.split(100, -200).is_balanced
        (True, False)
        """
        return self.ns == self.ew

    @property
    def is_artificial(self) -> bool:
        """Whether either side has an artificial adjusted score.

        >>> Result.played(0).is_artificial
        False
        """
        return isinstance(self.ns, Average) or isinstance(self.ew, Average)

    def to_str(self) -> str:
        """The result as a traveller writes it: ``+420``, ``+420/-450``, ``A60/A40``, ``0/-2 IMP``.

        >>> Result.split(420, -450).to_str(), Result.played(-50).to_str()
        ('+420/-450', '-50')
        """
        if self.is_balanced and isinstance(self.ns, Weighted):
            return self.ns.to_str()
        if isinstance(self.ns, AdjustedImps) and isinstance(self.ew, AdjustedImps):
            return f"{self.ns.to_str()}/{self.ew.to_str()} IMP"
        ns = self.ns.to_str()
        ew = self.ew.negated().to_str() if isinstance(self.ew, Weighted) else self.ew.to_str()
        return f"{ns}/{ew}"

    def shown(self) -> str:
        """The result as a traveller, a score card or a page shows it (:func:`shown_score`).

        >>> Result.played(0).shown(), Result.played(-50).shown(), Result.played(0).to_str()
        ('0', '-50', '+0')
        """
        return shown_score(self.to_str())

    def __repr__(self) -> str:
        ns, ew = self.ns, self.ew
        if isinstance(ns, Weighted) and isinstance(ew, Weighted):
            if ns == ew:
                if ns.is_single:
                    return f"Result.played({ns.parts[0][1]})"
                return f"Result.weighted({ns!r})"
            if ns.is_single and ew.is_single:
                return f"Result.split({ns.parts[0][1]}, {-ew.parts[0][1]})"
        return f"Result({ns!r}, {ew!r})"


_PLAYED: dict[int, Result] = {}


def shown_score(text: str) -> str:
    """A result's text (:meth:`Result.to_str`) as a traveller, a score card or a page shows it.

    A board passed out scores nothing for either side, and a score sheet writes it ``0``,
    without a sign: the sign of every other score says which side scored it. The text
    :meth:`Result.to_str` gives (``+0``) stays the stored and exchanged form, read back as
    an adjusted score; only the reader's view drops the sign. Any other text is shown as
    it is (a split or weighted score keeps its signs, as the director typed it).

    >>> shown_score("+0"), shown_score("+420"), shown_score("1/2 +0; 1/2 -100"), shown_score("")
    ('0', '+420', '1/2 +0; 1/2 -100', '')
    """
    return "0" if text == "+0" else text
