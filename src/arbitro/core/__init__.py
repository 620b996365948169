"""Pure bridge values, no I/O: cards, hands, deals, seats, calls, contracts, boards.

Every value is immutable and hashable, reads from and writes to text in English or
Spanish (``from_str`` / ``to_str``, ``str`` is English), and has a ``repr`` that pastes
back into Python.

>>> from arbitro.core import Card, Contract, Deal, Hand
>>> Card.from_str("PA", lang="es") == Card.from_str("♠A")
True
"""

from arbitro.core.board import Board, law2_dealer, law2_vulnerability
from arbitro.core.call import BIDS, CALLS, DOUBLE, PASS, REDOUBLE, Bid, Call, Double, Pass, Redouble
from arbitro.core.card import Card
from arbitro.core.contract import (
    Contract,
    Doubling,
    FinalContract,
    PassedOut,
    final_contract_from_str,
)
from arbitro.core.deal import DEAL_COUNT, Deal, deal_problems
from arbitro.core.errors import (
    ArbitroError,
    FileReason,
    InvalidBoardError,
    InvalidBoardRangeError,
    InvalidCallError,
    InvalidCardError,
    InvalidContractError,
    InvalidDealError,
    InvalidDealNumberError,
    InvalidDoubleDummyTableError,
    InvalidHandError,
    InvalidLanguageNotationError,
    InvalidParError,
    InvalidPointsError,
    InvalidRankError,
    InvalidSeatError,
    InvalidSeedError,
    InvalidSideError,
    InvalidStrainError,
    InvalidSuitError,
    InvalidTricksError,
    InvalidVulnerabilityError,
    NotationError,
    PBNSyntaxError,
    Problem,
)
from arbitro.core.hand import Hand
from arbitro.core.rank import Rank
from arbitro.core.seat import Seat, Side
from arbitro.core.suit import Strain, Suit
from arbitro.core.vulnerability import Vulnerability

__all__ = [
    "BIDS",
    "CALLS",
    "DEAL_COUNT",
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "ArbitroError",
    "Bid",
    "Board",
    "Call",
    "Card",
    "Contract",
    "Deal",
    "Double",
    "Doubling",
    "FileReason",
    "FinalContract",
    "Hand",
    "InvalidBoardError",
    "InvalidBoardRangeError",
    "InvalidCallError",
    "InvalidCardError",
    "InvalidContractError",
    "InvalidDealError",
    "InvalidDealNumberError",
    "InvalidDoubleDummyTableError",
    "InvalidHandError",
    "InvalidLanguageNotationError",
    "InvalidParError",
    "InvalidPointsError",
    "InvalidRankError",
    "InvalidSeatError",
    "InvalidSeedError",
    "InvalidSideError",
    "InvalidStrainError",
    "InvalidSuitError",
    "InvalidTricksError",
    "InvalidVulnerabilityError",
    "NotationError",
    "PBNSyntaxError",
    "Pass",
    "PassedOut",
    "Problem",
    "Rank",
    "Redouble",
    "Seat",
    "Side",
    "Strain",
    "Suit",
    "Vulnerability",
    "deal_problems",
    "final_contract_from_str",
    "law2_dealer",
    "law2_vulnerability",
]
