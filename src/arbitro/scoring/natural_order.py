"""Natural order of pairs' names: pair 2 before pair 10, "2NS" before "10NS".

:func:`natural_keys` gives each name's sort key, for ties in a ranking and the order
of the pairs in columns; :func:`numbers_first`, a participant's number among names
("Sevilla" after every number), for the lists a file or an individual's ranking gives.

>>> sorted(["10", "2", "1A"], key=lambda name: natural_keys([name])[0])
['1A', '2', '10']
>>> sorted(["10", "2", "1A"], key=numbers_first)
['2', '10', '1A']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from operator import itemgetter

_NUMBERS = re.compile(r"[0-9]+|[^0-9]+")
_SIMPLE = re.compile(r"([0-9]+)([^0-9]*)")


_SIMPLE_LINES = re.compile(r"^([0-9]+)([^0-9\n]*)$", re.MULTILINE)


def natural_keys(names: Sequence[str]) -> list[tuple[object, ...]]:
    """Each name's sort key in natural order, then the name: ``(_natural(name), name)``.

    When every name is a number and letters ("12NS"), the keys are read with one
    regular expression over all the names, in C, as ``(len(digits), digits, letters)``,
    which sort as ``_natural``'s do (for such names the name adds nothing).

    >>> sorted(natural_keys(["10NS", "2NS", "2"]))
    [(1, '2', ''), (1, '2', 'NS'), (2, '10', 'NS')]
    >>> natural_keys(["A1", "1"])[0]
    (((1, 0, 'A'), (0, 1, '1')), 'A1')
    """
    text = "\n".join(names)
    if text.count("\n") == len(names) - 1:
        simple = _SIMPLE_LINES.findall(text)
        if len(simple) == len(names):
            digits = list(map(itemgetter(0), simple))
            return list(zip(map(len, digits), digits, map(itemgetter(1), simple), strict=True))
    return [(_natural(name), name) for name in names]


def _natural(text: str) -> tuple[tuple[int, int, str], ...]:
    """A sort key that puts pair 2 before pair 10.

    >>> sorted(["10NS", "2NS", "A", "9" * 5000], key=_natural)[:3]
    ['2NS', '10NS', '999...
    """
    simple = _SIMPLE.fullmatch(text)
    if simple is not None:  # a number and letters, "12NS": the key without a list
        digits, rest = simple.groups()
        return ((0, len(digits), digits), (1, 0, rest)) if rest else ((0, len(digits), digits),)
    return tuple(
        [
            (0, len(part), part) if part.isdigit() else (1, 0, part)
            for part in _NUMBERS.findall(text)
        ]
    )


def numbers_first(name: str) -> tuple[int, int, str]:
    """Sort key of a participant's number or name: numbers in their order, then names.

    A number is ASCII digits (fewer than 18, as a file's numbers are read); anything
    else, "1A" or "Sevilla", is a name and sorts after every number, by its text.

    >>> sorted(["10", "Sevilla", "2", "²"], key=numbers_first)
    ['2', '10', 'Sevilla', '²']
    """
    if name.isascii() and name.isdigit() and len(name) < 18:
        return (0, int(name), "")
    return (1, 0, name)
