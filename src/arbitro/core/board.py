"""Boards, and the dealer and vulnerability Law 2 gives each board number.

Law 2: North deals boards 1, 5, 9, 13; East 2, 6, 10, 14; South 3, 7, 11, 15; West 4,
8, 12, 16. Nobody is vulnerable on 1, 8, 11, 14; North-South on 2, 5, 12, 15; East-West
on 3, 6, 9, 16; both sides on 4, 7, 10, 13. Boards 17-32 and every further group of 16
repeat the cycle. A board marked otherwise should not be used, but if it is, its
markings apply for the whole session: a :class:`Board` can carry them.

>>> Board(7)
Board(7)
>>> Board(7).dealer, Board(7).vulnerability
(Seat.SOUTH, Vulnerability.ALL)
>>> Board(23).vulnerability == Board(7).vulnerability
True
"""

from __future__ import annotations

from arbitro.core.bounded import MAX_DIGITS as _MAX_DIGITS
from arbitro.core.errors import InvalidBoardError
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.i18n import N_, gettext

_VULNERABILITY_CYCLE = (
    Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL,
    Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL, Vulnerability.NONE,
    Vulnerability.EW, Vulnerability.ALL, Vulnerability.NONE, Vulnerability.NS,
    Vulnerability.ALL, Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW,
)  # fmt: skip
"""Law 2's vulnerability of boards 1 to 16."""


def _check_number(number: object) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise InvalidBoardError(str(number), N_("expected a whole number from 1 up"))
    return number


def law2_dealer(number: int) -> Seat:
    """The dealer of board ``number`` under Law 2.

    >>> [law2_dealer(n).to_str() for n in range(1, 9)]
    ['N', 'E', 'S', 'W', 'N', 'E', 'S', 'W']
    """
    return Seat((_check_number(number) - 1) % 4)


def law2_vulnerability(number: int) -> Vulnerability:
    """The vulnerability of board ``number`` under Law 2.

    >>> law2_vulnerability(1), law2_vulnerability(17), law2_vulnerability(16)
    (Vulnerability.NONE, Vulnerability.NONE, Vulnerability.EW)
    """
    return _VULNERABILITY_CYCLE[(_check_number(number) - 1) % 16]


class Board:
    """A numbered board, with the dealer and vulnerability it is played with.

    Both follow Law 2 from the number unless the board is marked otherwise.

    >>> board = Board(5, vulnerability=Vulnerability.NONE)
    >>> board.follows_law2, board.dealer
    (False, Seat.NORTH)
    >>> Board(0)
    Traceback (most recent call last):
    ...
    arbitro.core.errors.InvalidBoardError: invalid board number '0': expected a whole number from 1 up
    """

    __slots__ = ("dealer", "number", "vulnerability")

    number: int
    dealer: Seat
    vulnerability: Vulnerability

    def __init__(
        self,
        number: int,
        dealer: Seat | None = None,
        vulnerability: Vulnerability | None = None,
    ) -> None:
        number = _check_number(number)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "dealer", law2_dealer(number) if dealer is None else Seat(dealer))
        object.__setattr__(
            self,
            "vulnerability",
            law2_vulnerability(number) if vulnerability is None else Vulnerability(vulnerability),
        )

    @classmethod
    def from_str(cls, text: str) -> Board:
        """Read a board number.

        >>> Board.from_str("12").vulnerability
        Vulnerability.NS
        >>> Board.from_str("x")
        Traceback (most recent call last):
        ...
        arbitro.core.errors.InvalidBoardError: invalid board number 'x': expected a whole number from 1 up
        """
        stripped = text.strip()
        if not stripped.isdecimal() or len(stripped) > _MAX_DIGITS:
            raise InvalidBoardError(text, N_("expected a whole number from 1 up"))
        return cls(int(stripped))

    @property
    def follows_law2(self) -> bool:
        """Whether the dealer and vulnerability are those Law 2 gives the number.

        >>> Board(3).follows_law2, Board(3, dealer=Seat.NORTH).follows_law2
        (True, False)
        """
        return self.dealer == law2_dealer(self.number) and self.vulnerability == law2_vulnerability(
            self.number
        )

    def localized(self) -> str:
        """The board's number, dealer and vulnerability, said in the active language.

        >>> Board(7).localized()
        'Board 7: dealer South, both sides vulnerable'
        """
        return gettext("Board {number}: dealer {dealer}, {vulnerability}").format(
            number=self.number,
            dealer=self.dealer.localized(),
            vulnerability=self.vulnerability.localized(),
        )

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Board is immutable; cannot set {name}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.number, self.dealer, self.vulnerability) == (
            other.number,
            other.dealer,
            other.vulnerability,
        )

    def __hash__(self) -> int:
        return hash((self.number, self.dealer, self.vulnerability))

    def __repr__(self) -> str:
        if self.follows_law2:
            return f"Board({self.number})"
        return f"Board({self.number}, dealer={self.dealer!r}, vulnerability={self.vulnerability!r})"
