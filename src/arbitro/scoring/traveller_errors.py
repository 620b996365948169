"""What the travellers' reader says about a line: the error that refuses it, the warning it lets through.

Both name the file and the line (and the error the column), and are written in the
reader's language when shown: the problem is a catalog message, its details filled in
then.

>>> from arbitro.i18n import N_
>>> print(InvalidTravellerError("t.csv", 2, None, N_("the pair is missing")))
t.csv, line 2: the pair is missing
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitro.core.errors import ArbitroError
from arbitro.i18n import gettext


class InvalidTravellerError(ArbitroError, ValueError):
    """A line of a travellers file that cannot be read; the message names the file, line and column.

    ``tag`` says the column is a PBN game's tag (``Result``), named as one.

    >>> print(InvalidTravellerError("day1.csv", 4, "tricks", "expected a whole number from 0 to 13"))
    day1.csv, line 4, column 'tricks': expected a whole number from 0 to 13
    >>> print(InvalidTravellerError("g.pbn", 17, "Result", "expected a whole number from 0 to 13", tag=True))
    g.pbn, line 17, tag 'Result': expected a whole number from 0 to 13
    """

    def __init__(
        self,
        source: str,
        line: int,
        column: str | None,
        problem: str,
        *,
        tag: bool = False,
        **details: object,
    ) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.problem = problem
        self.tag = tag
        self.details = details
        super().__init__(source, line, column, problem)

    def __str__(self) -> str:
        problem = (
            gettext(self.problem).format(**self.details) if self.details else gettext(self.problem)
        )
        if self.column is None:
            return gettext("{source}, line {line}: {problem}").format(
                source=self.source, line=self.line, problem=problem
            )
        if self.tag:
            return gettext("{source}, line {line}, tag '{tag}': {problem}").format(
                source=self.source, line=self.line, tag=self.column, problem=problem
            )
        return gettext("{source}, line {line}, column '{column}': {problem}").format(
            source=self.source, line=self.line, column=self.column, problem=problem
        )


@dataclass(frozen=True)
class TravellerWarning:
    """Something the reader accepted but the director should know (an incongruent entry).

    >>> from arbitro.i18n import N_
    >>> print(TravellerWarning("t.csv", 3, N_("the contract gives {computed} but the score is {entered}; the score stands (AEB rule A)"), {"computed": -100, "entered": 50}))
    t.csv, line 3: the contract gives -100 but the score is 50; the score stands (AEB rule A)
    """

    source: str
    line: int
    reason: str
    details: dict[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return gettext("{source}, line {line}: {problem}").format(
            source=self.source, line=self.line, problem=gettext(self.reason).format(**self.details)
        )
