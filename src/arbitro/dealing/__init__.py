"""Law 6: dealing boards by computer, fairly and verifiably, and writing them as PBN.

>>> from arbitro.dealing import Dealer, Seed, commitment, verify
>>> seed = Seed.new()
>>> board_set = Dealer(seed, "Club pairs").board_set(range(1, 33))
>>> published = commitment(seed, "Club pairs", board_set.numbers())
>>> verify(board_set, seed, published)
[]
"""

from arbitro.dealing.boards import format_board_numbers, parse_board_numbers
from arbitro.dealing.dealer import (
    BoardSet,
    Dealer,
    DealtBoard,
    Seed,
    commitment,
    commitment_text,
    duplicate,
    verify,
)

__all__ = [
    "BoardSet",
    "Dealer",
    "DealtBoard",
    "Seed",
    "commitment",
    "commitment_text",
    "duplicate",
    "format_board_numbers",
    "parse_board_numbers",
    "verify",
]
