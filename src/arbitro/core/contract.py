"""Contracts: the final bid, doubled or redoubled or not, and who declares it (Law 22).

>>> contract = Contract.from_str("4SX")
>>> contract.score(tricks=8, vulnerable=True)
-500
>>> Contract.from_str("3NT S").score(tricks=9, vulnerable=False)
400
>>> Contract.from_str("4PX O", lang="es")
Contract.from_str('4SX W')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbitro.core.call import LEVELS, Bid, is_level
from arbitro.core.errors import InvalidContractError, InvalidSeatError, InvalidStrainError
from arbitro.core.law77 import Doubling as Doubling  # re-exported: the contract's doubling
from arbitro.core.law77 import contract_score
from arbitro.core.notation import PASS_READ, PASS_WRITTEN, check_notation_language
from arbitro.core.seat import Seat, Side
from arbitro.core.suit import Strain
from arbitro.i18n import N_, get_language

# level, strain, doubling, then an optional declarer ("N", "by N", "por N").
_CONTRACT = re.compile(
    r"(?P<level>[0-9]+)\s*(?P<strain>[^\sXx]+?)\s*(?P<doubling>[Xx]{0,2})"
    r"(?:\s+(?:by\s+|por\s+)?(?P<declarer>\S+))?",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract: level, strain, doubling and, when known, the declarer.

    >>> Contract(7, Strain.NOTRUMP, Doubling.REDOUBLED, Seat.SOUTH)
    Contract.from_str('7NTXX S')
    """

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED
    declarer: Seat | None = None

    def __post_init__(self) -> None:
        # Plain values made members; a member is kept as it is (calling an enum class is a
        # Python call, and the table makes a contract at the end of every auction).
        if type(self.strain) is not Strain:
            object.__setattr__(self, "strain", Strain(self.strain))
        if type(self.doubling) is not Doubling:
            object.__setattr__(self, "doubling", Doubling(self.doubling))
        if self.declarer is not None and type(self.declarer) is not Seat:
            object.__setattr__(self, "declarer", Seat(self.declarer))
        if not is_level(self.level):
            raise InvalidContractError(
                f"{self.level}{self.strain.to_str()}", N_("the level must be 1 to 7")
            )

    @classmethod
    def from_str(cls, text: str, lang: str = "en") -> Contract:
        """Read a contract: level, strain, ``X`` or ``XX`` if doubled, then maybe the declarer.

        >>> Contract.from_str("6♥XX"), Contract.from_str("3NT by E")
        (Contract.from_str('6HXX'), Contract.from_str('3NT E'))
        >>> Contract.from_str("4Z")
        Traceback (most recent call last):
        ...
        arbitro.core.errors.InvalidContractError: invalid contract '4Z': 'Z' is not a strain (expected NT, S, H, D, C or ♠, ♥, ♦, ♣)
        """
        language = check_notation_language(lang)
        stripped = text.strip()
        if stripped.upper() in PASS_READ[language]:
            raise InvalidContractError(
                text,
                N_("a passed-out board has no contract; read it with final_contract_from_str"),
            )
        match = _CONTRACT.fullmatch(stripped)
        if match is None:
            raise InvalidContractError(
                text,
                N_("expected a level 1 to 7, a strain, and X or XX if doubled, as in {examples}"),
                examples="3NT, 4SX, 6HXX N" if language == "en" else "3ST, 4PX, 6CXX N",
            )
        level = int(match["level"]) if len(match["level"]) <= 2 else 0
        if level not in LEVELS:
            raise InvalidContractError(text, N_("the level must be 1 to 7"))
        try:
            strain = Strain.from_str(match["strain"], language)
        except InvalidStrainError:
            raise InvalidContractError(
                text,
                N_("'{strain}' is not a strain (expected {letters} or {symbols})"),
                strain=match["strain"],
                letters="NT, S, H, D, C" if language == "en" else "ST, P, C, D, T",
                symbols="♠, ♥, ♦, ♣",
            ) from None
        declarer = None
        if match["declarer"] is not None:
            try:
                declarer = Seat.from_str(match["declarer"], language)
            except InvalidSeatError:
                raise InvalidContractError(
                    text,
                    N_("'{declarer}' is not a seat (expected {choices})"),
                    declarer=match["declarer"],
                    choices="N, E, S, W" if language == "en" else "N, E, S, O",
                ) from None
        doubling = {0: Doubling.UNDOUBLED, 1: Doubling.DOUBLED, 2: Doubling.REDOUBLED}
        return cls(level, strain, doubling[len(match["doubling"])], declarer)

    @property
    def bid(self) -> Bid:
        """The final bid of the auction.

        >>> Contract.from_str("4SX").bid
        Bid(4, Strain.SPADES)
        """
        return Bid(self.level, self.strain)

    @property
    def tricks_needed(self) -> int:
        """How many tricks the declarer needs: six more than the level (Law 18A).

        >>> Contract.from_str("3NT").tricks_needed
        9
        """
        return self.level + 6

    @property
    def side(self) -> Side | None:
        """The declaring side, when the declarer is known.

        >>> Contract.from_str("4S W").side, Contract.from_str("4S").side
        (Side.EW, None)
        """
        return None if self.declarer is None else self.declarer.side

    def score(self, tricks: int, vulnerable: bool) -> int:
        """The declaring side's score by Law 77 when the declarer takes ``tricks`` of 13.

        >>> Contract.from_str("7NTXX").score(tricks=13, vulnerable=True)
        2980
        """
        return contract_score(self.level, self.strain, self.doubling, tricks, vulnerable)

    def to_str(self, lang: str = "en", *, symbols: bool = False, declarer: bool = True) -> str:
        """Write the contract in ``lang``, with the declarer when known (unless ``declarer`` is False).

        >>> contract = Contract.from_str("4HX S")
        >>> contract.to_str(lang="es"), contract.to_str(symbols=True, declarer=False)
        ('4CX S', '4♥X')
        """
        language = check_notation_language(lang)
        written = f"{self.level}{self.strain.to_str(language, symbols=symbols)}"
        written += self.doubling.to_str()
        if declarer and self.declarer is not None:
            written += f" {self.declarer.to_str(language)}"
        return written

    def localized(self) -> str:
        """The contract written in the active language, with suit symbols.

        >>> Contract.from_str("6SX N").localized()
        '6♠X N'
        """
        return self.to_str(get_language(), symbols=True)

    def __str__(self) -> str:
        return self.to_str()

    def __repr__(self) -> str:
        return f"Contract.from_str({self.to_str()!r})"


@dataclass(frozen=True, slots=True)
class PassedOut:
    """The result of an auction where all four players passed (Law 22A1): it scores 0.

    >>> PassedOut().score(tricks=0, vulnerable=True)
    0
    """

    def score(self, tricks: int = 0, vulnerable: bool = False) -> int:
        """A passed-out board scores nothing for either side (Law 77).

        >>> PassedOut().score()
        0
        """
        return 0

    def to_str(self, lang: str = "en", *, symbols: bool = False) -> str:
        """Write ``Pass`` (``Paso`` in Spanish).

        >>> PassedOut().to_str(lang="es")
        'Paso'
        """
        return PASS_WRITTEN[check_notation_language(lang)]

    def localized(self) -> str:
        """``Pass`` in the active language.

        >>> PassedOut().localized()
        'Pass'
        """
        return self.to_str(get_language())

    def __str__(self) -> str:
        return self.to_str()


FinalContract = Contract | PassedOut
"""What an auction ends in: a contract, or a pass-out."""


def final_contract_from_str(text: str, lang: str = "en") -> FinalContract:
    """Read a contract, or ``Pass`` (``Paso``) for a passed-out board.

    >>> final_contract_from_str("Pass"), final_contract_from_str("3NT")
    (PassedOut(), Contract.from_str('3NT'))
    """
    language = check_notation_language(lang)
    if text.strip().upper() in PASS_READ[language]:
        return PassedOut()
    return Contract.from_str(text, language)
