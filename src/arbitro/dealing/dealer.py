"""The secure dealer of Law 6E4: deals from a secret seed that anyone can check afterwards.

Law 6E4 lets the director deal by another method, before or at the start of the session,
as long as it gives the randomness a thorough shuffle and deal (6A, 6B) would. This
dealer draws each board's deal number uniformly from all
53,644,737,765,488,792,839,237,440,000 deals (see :mod:`arbitro.core.deal`) with a
cryptographic construction, so every deal is reachable, every deal is equally likely,
and nobody who sees some boards can predict the others without the seed:

* the seed is 32 bytes from the operating system's entropy (:mod:`secrets`) unless the
  director gives one (at least 16 bytes);
* for board ``b`` and attempt ``i`` (0, 1, …) the dealer computes
  ``HMAC-SHA256(key=seed, message)`` with ``message`` the ASCII text
  ``arbitro-deal-v1``, a zero byte, the event name's UTF-8 length as 4 bytes big-endian,
  the event name in UTF-8, ``b`` as 4 bytes and ``i`` as 4 bytes (big-endian);
* the first 12 bytes of the result, read as a big-endian number, are the deal number if
  they are below the number of deals; otherwise the next attempt is made (rejection
  sampling: no number is favoured, unlike a remainder would);
* the deal is :meth:`Deal.from_number <arbitro.core.deal.Deal.from_number>` of it.

Before the session the director publishes the :func:`commitment` (a SHA-256 hash of the
seed, the event name and the board numbers); afterwards the seed is revealed and anyone
can deal the set again and check both the hash and every board (:func:`verify`). The
same board numbers of another event name give other deals (Law 6D2: a deal belongs to
one session). Copies of a set for several sections are :func:`duplicate` (Law 6F).

>>> dealer = Dealer(Seed.from_hex("00" * 32), event="Club pairs")
>>> board_set = dealer.board_set([1, 2])
>>> board_set[0].board, board_set[0].deal == dealer.deal(1)
(Board(1), True)
>>> verify(board_set, Seed.from_hex("00" * 32), commitment(Seed.from_hex("00" * 32), "Club pairs", [1, 2]))
[]
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from arbitro.core.board import Board
from arbitro.core.deal import DEAL_COUNT, Deal
from arbitro.core.errors import InvalidBoardError, InvalidSeedError, Problem
from arbitro.dealing.boards import format_board_numbers
from arbitro.i18n import N_

SEED_BYTES = 32
"""The length of a seed drawn by Árbitro: 256 bits."""

MIN_SEED_BYTES = 16
"""The shortest seed accepted from a director: 128 bits, beyond any search."""

_DOMAIN = b"arbitro-deal-v1\x00"
_COMMITMENT_HEADER = "arbitro-deal-commitment-v1"
_NUMBER_BYTES = 12  # DEAL_COUNT < 2**96: 96 bits hold every deal number
_MAX_BOARD = 2**32 - 1


@dataclass(frozen=True, slots=True)
class Seed:
    """The secret a set of boards is dealt from; keep it secret until the session ends.

    >>> Seed.from_hex("ab" * 16)
    Seed.from_hex('abababababababababababababababab')
    >>> len(Seed.new().value)
    32
    >>> Seed.from_hex("abc")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.InvalidSeedError: invalid seed 'abc': expected an even number of hexadecimal digits (0-9, a-f), at least 32
    """

    value: bytes

    def __post_init__(self) -> None:
        if len(self.value) < MIN_SEED_BYTES:
            raise InvalidSeedError(
                self.value.hex(),
                N_(
                    "a seed needs at least {count} hexadecimal digits, to be out of reach of a search"
                ),
                count=2 * MIN_SEED_BYTES,
            )

    @classmethod
    def new(cls) -> Seed:
        """A fresh seed of 32 bytes from the operating system's entropy.

        >>> Seed.new() != Seed.new()
        True
        """
        return cls(secrets.token_bytes(SEED_BYTES))

    @classmethod
    def from_hex(cls, text: str) -> Seed:
        """Read a seed written in hexadecimal (at least 32 digits).

        >>> Seed.from_hex("00" * 8)
        Traceback (most recent call last):
        ...
        arbitro.core.errors.InvalidSeedError: invalid seed '0000000000000000': a seed needs at least 32 hexadecimal digits, to be out of reach of a search
        """
        stripped = text.strip()
        try:
            value = bytes.fromhex(stripped)
        except ValueError:
            raise InvalidSeedError(
                text,
                N_("expected an even number of hexadecimal digits (0-9, a-f), at least {count}"),
                count=2 * MIN_SEED_BYTES,
            ) from None
        return cls(value)

    def hex(self) -> str:
        """The seed in lowercase hexadecimal, as it is published after the session.

        >>> Seed.from_hex("AB" * 16).hex()
        'abababababababababababababababab'
        """
        return self.value.hex()

    def follows_a_pattern(self) -> bool:
        """Whether the seed is one a person makes up, not one drawn at random.

        A seed is guessable, however long, when its bytes repeat a block (``abab…``,
        a value typed twice), climb or fall by one step (``00112233…``), or take fewer
        than half as many values as it has bytes. The commitment is published before
        play, so anyone may try such seeds against it offline and learn every deal
        (Law 6E4 asks for the randomness of a shuffle). Bytes drawn at random do none
        of these except with a chance far below one in a billion.

        >>> Seed.from_hex("00112233445566778899aabbccddeeff").follows_a_pattern()
        True
        >>> Seed.from_hex("c0ffee" * 11).follows_a_pattern()
        True
        >>> Seed.from_hex("3a9f07c2e81b5d64f0a27e9c13b8d456").follows_a_pattern()
        False
        """
        value = self.value
        size = len(value)
        repeats = any(
            all(value[index] == value[index - period] for index in range(period, size))
            for period in range(1, size // 2 + 1)
        )
        step = (value[1] - value[0]) % 256
        climbs = all((value[index] - value[index - 1]) % 256 == step for index in range(2, size))
        return repeats or climbs or 2 * len(set(value)) < size

    def __repr__(self) -> str:
        return f"Seed.from_hex({self.hex()!r})"


@dataclass(frozen=True, slots=True)
class DealtBoard:
    """A board of a set: its number, dealer and vulnerability (Law 2), and its deal.

    ``line`` is the line of the board's deal in the file it was read from (0 if not
    read), so that a report can send the reader there; it takes no part in comparisons.

    >>> DealtBoard(Board(3), Deal.from_number(0)).board.dealer
    Seat.SOUTH
    """

    board: Board
    deal: Deal
    section: str = ""
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class BoardSet:
    """The boards of a set in the order dealt, with the event they were dealt for.

    >>> board_set = Dealer(Seed.from_hex("00" * 32), "Demo").board_set([5, 6])
    >>> len(board_set), board_set.numbers()
    (2, (5, 6))
    """

    event: str
    boards: tuple[DealtBoard, ...]

    def numbers(self) -> tuple[int, ...]:
        """The board numbers, each once, in the order they first appear.

        >>> duplicate(Dealer(Seed.from_hex("00" * 32), "Demo").board_set([1, 2]), ["A", "B"]).numbers()
        (1, 2)
        """
        return tuple(dict.fromkeys(dealt.board.number for dealt in self.boards))

    def __iter__(self) -> Iterator[DealtBoard]:
        return iter(self.boards)

    def __len__(self) -> int:
        return len(self.boards)

    def __getitem__(self, index: int) -> DealtBoard:
        return self.boards[index]


class Dealer:
    """Deals boards for one event from one seed (see the module's notes for the method).

    >>> dealer = Dealer(Seed.from_hex("00" * 32), "Demo")
    >>> dealer.deal(1) == dealer.deal(1), dealer.deal(1) == dealer.deal(2)
    (True, False)
    """

    __slots__ = ("_keyed", "event", "seed")

    def __init__(self, seed: Seed, event: str = "") -> None:
        self.seed = seed
        self.event = event
        name = event.encode("utf-8")
        self._keyed = hmac.new(
            seed.value, _DOMAIN + len(name).to_bytes(4, "big") + name, hashlib.sha256
        )

    def deal_number(self, board: int) -> int:
        """The deal number drawn for board ``board``: uniform in 0 to ``DEAL_COUNT - 1``.

        >>> 0 <= Dealer(Seed.from_hex("00" * 32)).deal_number(1) < DEAL_COUNT
        True
        """
        if isinstance(board, bool) or not isinstance(board, int) or not 1 <= board <= _MAX_BOARD:
            raise InvalidBoardError(
                str(board), N_("expected a whole number from 1 to {largest}"), largest=_MAX_BOARD
            )
        prefix = board.to_bytes(4, "big")
        attempt = 0
        while True:
            mac = self._keyed.copy()
            mac.update(prefix + attempt.to_bytes(4, "big"))
            number = int.from_bytes(mac.digest()[:_NUMBER_BYTES], "big")
            if number < DEAL_COUNT:
                return number
            attempt += 1

    def deal(self, board: int) -> Deal:
        """The deal of board ``board`` in this event.

        >>> Dealer(Seed.from_hex("00" * 32), "A").deal(1) != Dealer(Seed.from_hex("00" * 32), "B").deal(1)
        True
        """
        return Deal.from_number(self.deal_number(board))

    def board_set(self, numbers: Iterable[int]) -> BoardSet:
        """Deal the boards ``numbers``, each with Law 2's dealer and vulnerability.

        >>> [dealt.board.vulnerability for dealt in Dealer(Seed.new()).board_set(range(1, 5))]
        [Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL]
        """
        return BoardSet(
            self.event,
            tuple(DealtBoard(Board(number), self.deal(number)) for number in numbers),
        )

    def __repr__(self) -> str:
        return f"Dealer({self.seed!r}, event={self.event!r})"


def duplicate(board_set: BoardSet, sections: Sequence[str]) -> BoardSet:
    """Copies of every board for each section (Law 6F): the same deals, section by section.

    >>> copies = duplicate(Dealer(Seed.from_hex("00" * 32), "Demo").board_set([1]), ["A", "B"])
    >>> [(dealt.section, dealt.board.number) for dealt in copies]
    [('A', 1), ('B', 1)]
    >>> copies[0].deal == copies[1].deal
    True
    """
    return BoardSet(
        board_set.event,
        tuple(
            replace(dealt, section=section) for section in sections for dealt in board_set.boards
        ),
    )


def commitment_text(seed: Seed, event: str, numbers: Iterable[int]) -> str:
    """The text whose SHA-256 is the commitment: four lines, each ending in a newline.

    >>> print(commitment_text(Seed.from_hex("00" * 16), "Club pairs", [1, 2, 3]), end="")
    arbitro-deal-commitment-v1
    event=Club pairs
    boards=1-3
    seed=00000000000000000000000000000000
    """
    return (
        f"{_COMMITMENT_HEADER}\n"
        f"event={event}\n"
        f"boards={format_board_numbers(numbers)}\n"
        f"seed={seed.hex()}\n"
    )


def commitment(seed: Seed, event: str, numbers: Iterable[int]) -> str:
    """The commitment to publish before the session: SHA-256 of :func:`commitment_text`, in hex.

    It reveals nothing of the seed, and no other seed, event or boards give it.

    >>> commitment(Seed.from_hex("00" * 16), "Club pairs", [1, 2, 3])
    'a07c7d2694802a558a624b8fbefacc08dde1332b945de7da7a04d15d7fd0e41c'
    """
    return hashlib.sha256(commitment_text(seed, event, numbers).encode("utf-8")).hexdigest()


def verify(board_set: BoardSet, seed: Seed, published: str) -> list[Problem]:
    """Every reason why ``board_set`` is not the set committed to; empty if it is.

    The commitment is recomputed from the seed, the set's event name and its board
    numbers, and every board (every copy, in every section) is dealt again and compared.

    >>> seed = Seed.from_hex("00" * 32)
    >>> board_set = Dealer(seed, "Demo").board_set([1, 2])
    >>> changed = BoardSet("Demo", (board_set[0], replace(board_set[1], deal=board_set[0].deal)))
    >>> [str(problem) for problem in verify(changed, seed, commitment(seed, "Demo", [1, 2]))]
    ['board 2: the deal is not the one the seed gives']
    """
    problems: list[Problem] = []
    expected = commitment(seed, board_set.event, board_set.numbers())
    if not hmac.compare_digest(expected, published.strip().lower()):
        problems.append(
            Problem(
                N_(
                    "the commitment {published} is not that of this seed, the event "
                    "'{event}' and boards {boards} (which give {expected})"
                ),
                {
                    "published": published.strip(),
                    "event": board_set.event,
                    "boards": format_board_numbers(board_set.numbers()),
                    "expected": expected,
                },
            )
        )
    dealer = Dealer(seed, board_set.event)
    for dealt in board_set:
        if dealt.deal != dealer.deal(dealt.board.number):
            where: dict[str, object] = {"board": dealt.board.number}
            if dealt.line:
                problems.append(
                    Problem(
                        N_("board {board} (line {line}): the deal is not the one the seed gives"),
                        where | {"line": dealt.line},
                    )
                )
            else:
                problems.append(
                    Problem(N_("board {board}: the deal is not the one the seed gives"), where)
                )
        elif not dealt.board.follows_law2:
            problems.append(
                Problem(
                    N_("board {board}: the dealer or vulnerability is not that of Law 2"),
                    {"board": dealt.board.number},
                )
            )
    return problems
