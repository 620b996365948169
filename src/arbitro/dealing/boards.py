"""Lists of board numbers, written as ranges: ``1-32``, ``1-16,33-48``, ``7``.

>>> parse_board_numbers("1-4,9")
(1, 2, 3, 4, 9)
>>> format_board_numbers((1, 2, 3, 4, 9))
'1-4,9'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from arbitro.core.errors import InvalidBoardRangeError
from arbitro.i18n import N_

MAX_BOARDS = 10_000
"""The most boards one set may hold: far above any session, low enough to catch a typo."""

_PART = re.compile(r"\s*([0-9]{1,9})\s*(?:-\s*([0-9]{1,9})\s*)?")
_EXPECTED = N_("expected board numbers from 1 up and ranges separated by commas, such as {example}")


def parse_board_numbers(text: str) -> tuple[int, ...]:
    """Read board numbers and ranges, in the order given; a number given twice is an error.

    >>> parse_board_numbers("3-1")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.InvalidBoardRangeError: invalid boards '3-1': the range 3-1 goes down; write it as 1-3
    """
    numbers: list[int] = []
    for part in text.split(","):
        match = _PART.fullmatch(part)
        if match is None:
            raise InvalidBoardRangeError(text, _EXPECTED, example="1-32, 1-16,33-48")
        first = int(match.group(1))
        last = int(match.group(2)) if match.group(2) else first
        if first < 1:
            raise InvalidBoardRangeError(text, _EXPECTED, example="1-32, 1-16,33-48")
        if last < first:
            raise InvalidBoardRangeError(
                text,
                N_("the range {first}-{last} goes down; write it as {last}-{first}"),
                first=first,
                last=last,
            )
        if len(numbers) + last - first + 1 > MAX_BOARDS:
            raise InvalidBoardRangeError(
                text, N_("a set holds at most {count} boards"), count=MAX_BOARDS
            )
        numbers.extend(range(first, last + 1))
    seen: set[int] = set()
    for number in numbers:
        if number in seen:
            raise InvalidBoardRangeError(text, N_("board {number} is given twice"), number=number)
        seen.add(number)
    return tuple(numbers)


def format_board_numbers(numbers: Iterable[int]) -> str:
    """Write board numbers back as ranges, in the order given: the inverse of parsing.

    >>> format_board_numbers([1, 2, 3, 5, 7, 8])
    '1-3,5,7-8'
    """
    parts: list[str] = []
    start: int | None = None
    previous = 0
    for number in numbers:
        if start is not None and number == previous + 1:
            previous = number
            continue
        if start is not None:
            parts.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = number
    if start is not None:
        parts.append(str(start) if start == previous else f"{start}-{previous}")
    return ",".join(parts)
