"""Pure bridge values, no I/O: cards, hands, deals, seats, calls, contracts, boards.

Every value is immutable and hashable, reads from and writes to text in English or
Spanish (``from_str`` / ``to_str``, ``str`` is English), and has a ``repr`` that pastes
back into Python.

>>> from arbitro.core import Card, Contract, Deal, Hand
>>> Card.from_str("PA", lang="es") == Card.from_str("♠A")
True
"""

from typing import TYPE_CHECKING

from arbitro.core.lazy import names_on_first_use

if TYPE_CHECKING:
    from arbitro.core.board import Board, law2_dealer, law2_vulnerability
    from arbitro.core.call import (
        BIDS,
        CALLS,
        DOUBLE,
        PASS,
        REDOUBLE,
        Bid,
        Call,
        Double,
        Pass,
        Redouble,
    )
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

_HOMES = {
    "Board": "board",
    "law2_dealer": "board",
    "law2_vulnerability": "board",
    "BIDS": "call",
    "CALLS": "call",
    "DOUBLE": "call",
    "PASS": "call",
    "REDOUBLE": "call",
    "Bid": "call",
    "Call": "call",
    "Double": "call",
    "Pass": "call",
    "Redouble": "call",
    "Card": "card",
    "Contract": "contract",
    "Doubling": "contract",
    "FinalContract": "contract",
    "PassedOut": "contract",
    "final_contract_from_str": "contract",
    "DEAL_COUNT": "deal",
    "Deal": "deal",
    "deal_problems": "deal",
    "ArbitroError": "errors",
    "FileReason": "errors",
    "InvalidBoardError": "errors",
    "InvalidBoardRangeError": "errors",
    "InvalidCallError": "errors",
    "InvalidCardError": "errors",
    "InvalidContractError": "errors",
    "InvalidDealError": "errors",
    "InvalidDealNumberError": "errors",
    "InvalidDoubleDummyTableError": "errors",
    "InvalidHandError": "errors",
    "InvalidLanguageNotationError": "errors",
    "InvalidParError": "errors",
    "InvalidPointsError": "errors",
    "InvalidRankError": "errors",
    "InvalidSeatError": "errors",
    "InvalidSeedError": "errors",
    "InvalidSideError": "errors",
    "InvalidStrainError": "errors",
    "InvalidSuitError": "errors",
    "InvalidTricksError": "errors",
    "InvalidVulnerabilityError": "errors",
    "NotationError": "errors",
    "PBNSyntaxError": "errors",
    "Problem": "errors",
    "Hand": "hand",
    "Rank": "rank",
    "Seat": "seat",
    "Side": "seat",
    "Strain": "suit",
    "Suit": "suit",
    "Vulnerability": "vulnerability",
}
"""Where each name lives: imported when first asked for (PEP 562), so that a module
that needs a few values (the web console's first page: errors, seats, strains) loads
no others."""

__getattr__ = names_on_first_use(__name__, _HOMES)

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
