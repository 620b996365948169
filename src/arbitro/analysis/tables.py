"""Double-dummy tables and par: the values a hand record shows, in Árbitro's own types.

A :class:`DoubleDummyTable` holds the tricks each declarer takes in each strain with
best play by all four players (the cards open); :class:`Par` is the score both sides
reach when each bids to its best double-dummy result, with the contracts that give it.

>>> table = DoubleDummyTable.from_str("7676776767676767676767")
Traceback (most recent call last):
...
arbitro.core.errors.InvalidDoubleDummyTableError: invalid double-dummy table '7676776767676767676767': expected 20 hexadecimal digits (0 to d), declarers N E S W, strains C D H S NT for each
>>> table = DoubleDummyTable.from_str("98a76 43367 98a76 43367")
>>> table[Seat.NORTH, Strain.HEARTS], table[Seat.WEST, Strain.NOTRUMP]
(10, 7)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from arbitro.core.contract import Contract, Doubling
from arbitro.core.errors import InvalidDoubleDummyTableError, InvalidParError
from arbitro.core.notation import PASS_WRITTEN
from arbitro.core.seat import Seat, Side
from arbitro.core.suit import Strain
from arbitro.dealing.dealer import DealtBoard
from arbitro.i18n import N_, get_language


@dataclass(frozen=True, slots=True)
class DoubleDummyTable:
    """Tricks for each declarer (N, E, S, W) in each strain (C, D, H, S, NT).

    ``tricks`` holds 20 numbers, declarer by declarer, strains in bidding order.

    >>> DoubleDummyTable((7,) * 20).tricks_for(Seat.SOUTH)
    (7, 7, 7, 7, 7)
    """

    tricks: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.tricks) != 20 or not all(0 <= value <= 13 for value in self.tricks):
            raise InvalidDoubleDummyTableError(
                repr(self.tricks), N_("expected 20 numbers of tricks, each 0 to 13")
            )

    @classmethod
    def from_str(cls, text: str) -> DoubleDummyTable:
        """Read the 20 results as hexadecimal digits (``a`` = 10 … ``d`` = 13), spaces ignored.

        >>> DoubleDummyTable.from_str("d" * 20)[Seat.EAST, Strain.CLUBS]
        13
        """
        digits = re.sub(r"\s+", "", text).lower()
        if not re.fullmatch(r"[0-9a-d]{20}", digits):
            raise InvalidDoubleDummyTableError(
                text,
                N_(
                    "expected 20 hexadecimal digits (0 to d), declarers N E S W, "
                    "strains C D H S NT for each"
                ),
            )
        return cls(tuple(int(digit, 16) for digit in digits))

    def to_str(self) -> str:
        """The 20 results in hexadecimal, a group of five strains per declarer.

        >>> DoubleDummyTable((13,) * 5 + (0,) * 15).to_str()
        'ddddd 00000 00000 00000'
        """
        digits = "".join(f"{value:x}" for value in self.tricks)
        return " ".join(digits[start : start + 5] for start in range(0, 20, 5))

    def tricks_for(self, declarer: Seat) -> tuple[int, int, int, int, int]:
        """The tricks ``declarer`` takes in clubs, diamonds, hearts, spades and notrump.

        >>> DoubleDummyTable.from_str("01234 56789 abcd0 12345").tricks_for(Seat.EAST)
        (5, 6, 7, 8, 9)
        """
        start = 5 * declarer
        clubs, diamonds, hearts, spades, notrump = self.tricks[start : start + 5]
        return clubs, diamonds, hearts, spades, notrump

    def cells(self) -> Iterator[tuple[Seat, Strain, int]]:
        """Every (declarer, strain, tricks), declarers N E S W, strains C D H S NT.

        >>> next(DoubleDummyTable.from_str("98a76 43367 98a76 43367").cells())
        (Seat.NORTH, Strain.CLUBS, 9)
        """
        for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST):
            for strain in Strain:
                yield seat, strain, self[seat, strain]

    def __getitem__(self, key: tuple[Seat, Strain]) -> int:
        seat, strain = key
        return self.tricks[5 * seat + strain]

    def __repr__(self) -> str:
        return f"DoubleDummyTable.from_str({self.to_str()!r})"


@dataclass(frozen=True, slots=True)
class ParContract:
    """A par contract: the contract with its declarer, and the tricks over (+) or under (-).

    >>> ParContract(Contract.from_str("5HX N"), -1).to_str()
    '5HX-1 N'
    >>> ParContract(Contract.from_str("4S S"), 0).to_str(lang="es", symbols=True)
    '4♠= S'
    """

    contract: Contract
    result: int = 0

    def __post_init__(self) -> None:
        if self.contract.declarer is None:
            raise InvalidParError(self.contract.to_str(), N_("a par contract needs its declarer"))

    @property
    def declarer(self) -> Seat:
        """The seat that declares.

        >>> ParContract(Contract.from_str("3NT W")).declarer
        Seat.WEST
        """
        assert self.contract.declarer is not None
        return self.contract.declarer

    @property
    def tricks(self) -> int:
        """The tricks declarer takes.

        >>> ParContract(Contract.from_str("5HX N"), -1).tricks
        10
        """
        return self.contract.level + 6 + self.result

    def score_ns(self, vulnerable: bool) -> int:
        """The score for North-South by Law 77 (``vulnerable``: declarer's side is).

        >>> ParContract(Contract.from_str("4S E"), 0).score_ns(vulnerable=False)
        -420
        """
        points = self.contract.score(tricks=self.tricks, vulnerable=vulnerable)
        return points if self.declarer.side == Side.NS else -points

    def result_str(self) -> str:
        """The result: ``=`` made exactly, ``+1`` one over, ``-2`` two down.

        >>> ParContract(Contract.from_str("3NT W"), 1).result_str()
        '+1'
        """
        return "=" if self.result == 0 else f"{self.result:+d}"

    def to_str(self, lang: str = "en", *, symbols: bool = False) -> str:
        """The contract, the result and the declarer: ``4S= N``, ``5HX-1 E``.

        >>> ParContract(Contract.from_str("6NT N"), 0).to_str()
        '6NT= N'
        """
        written = self.contract.to_str(lang, symbols=symbols, declarer=False)
        return f"{written}{self.result_str()} {self.declarer.to_str(lang)}"

    def localized(self) -> str:
        """The par contract in the active language, with suit symbols.

        >>> ParContract(Contract.from_str("4S N"), 0).localized()
        '4♠= N'
        """
        return self.to_str(get_language(), symbols=True)


@dataclass(frozen=True, slots=True)
class Par:
    """The par score for North-South and the contracts that give it (none if passed out).

    >>> Par(0, ()).localized()
    'Pass'
    """

    score: int
    contracts: tuple[ParContract, ...]

    def localized(self) -> str:
        """The par contracts in the active language, grouped when both partners declare.

        >>> Par(420, (ParContract(Contract.from_str("4S N")), ParContract(Contract.from_str("4S S")))).localized()
        '4♠= NS'
        """
        if not self.contracts:
            return PASS_WRITTEN[get_language()]
        return "; ".join(
            f"{contract}{result} {seats}"
            for contract, result, seats in _grouped(self.contracts, get_language(), symbols=True)
        )

    def to_pbn(self) -> str:
        """The contracts as the PBN ``ParContract`` value: ``NS 4S``, ``EW 5HX-1; N 3NT+1``.

        >>> Par(-100, (ParContract(Contract.from_str("5HX N"), -1), ParContract(Contract.from_str("5HX S"), -1))).to_pbn()
        'NS 5HX-1'
        """
        if not self.contracts:
            return "Pass"
        return "; ".join(
            f"{seats} {contract}{'' if result == '=' else result}"
            for contract, result, seats in _grouped(self.contracts, "en", symbols=False)
        )

    @classmethod
    def from_pbn(cls, score: int, text: str) -> Par:
        """Read a PBN ``ParContract`` value written by :meth:`to_pbn`.

        >>> Par.from_pbn(-100, "NS 5HX-1").contracts[1]
        ParContract(contract=Contract.from_str('5HX S'), result=-1)
        """
        stripped = text.strip()
        if stripped.upper() in ("PASS", ""):
            return cls(score, ())
        contracts: list[ParContract] = []
        for part in stripped.split(";"):
            match = re.fullmatch(
                r"\s*([NESW]{1,2})\s+([1-7])(NT|[CDHSN])(X{0,2})(=|[+-][0-9]{1,2})?\s*",
                part,
                re.IGNORECASE,
            )
            if match is None:
                raise InvalidParError(
                    text,
                    N_("expected declarers and a contract such as {example}"),
                    example="NS 4S; EW 5HX-1",
                )
            seats, level, strain, doubling, result = match.groups()
            for letter in seats.upper():
                contract = Contract(
                    int(level),
                    Strain.from_str(strain),
                    Doubling(2 ** len(doubling)),
                    Seat.from_str(letter),
                )
                contracts.append(ParContract(contract, 0 if result in (None, "=") else int(result)))
        return cls(score, tuple(contracts))


def _grouped(
    contracts: tuple[ParContract, ...], lang: str, *, symbols: bool
) -> list[tuple[str, str, str]]:
    """(contract, result, seats) with partners who reach the same result merged: ``NS``."""
    groups: dict[tuple[str, str, Side], list[Seat]] = {}
    for par in contracts:
        key = (
            par.contract.to_str(lang, symbols=symbols, declarer=False),
            par.result_str(),
            par.declarer.side,
        )
        groups.setdefault(key, []).append(par.declarer)
    return [
        (contract, result, "".join(seat.to_str(lang) for seat in sorted(seats)))
        for (contract, result, _side), seats in groups.items()
    ]


@dataclass(frozen=True, slots=True)
class BoardAnalysis:
    """A dealt board with its double-dummy table and par: one entry of a hand record.

    >>> from arbitro.core import Board, Deal
    >>> from arbitro.dealing import DealtBoard
    >>> entry = BoardAnalysis(DealtBoard(Board(1), Deal.from_number(0)), DoubleDummyTable((0,) * 20), Par(0, ()))
    >>> entry.dealt.board.number
    1
    """

    dealt: DealtBoard
    table: DoubleDummyTable
    par: Par
