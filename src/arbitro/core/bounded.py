"""Readers of numbers and JSON with bounds, so no input can exhaust the interpreter.

Python refuses to read an integer of more than 4,300 digits with a bare ``ValueError``,
``Fraction("1e999999999")`` tries to build a number of a billion digits, and the
``json`` module recurses once per nested array or object. Every reader of user input
(a CSV of results, a table log, a movement file, a case, a command-line value) reads
its numbers with :func:`parse_int` or :func:`parse_fraction` and its JSON with
:func:`load_json`, which refuse such input with a clear error instead.

>>> parse_int(" -620 ")
-620
>>> parse_int("9" * 5000)
Traceback (most recent call last):
...
arbitro.core.bounded.InvalidNumberError: invalid number '999...999… (5000 characters)': expected a whole number of at most 30 digits
>>> load_json("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
json.decoder.JSONDecodeError: nested deeper than 64 levels: line 1 column 65 (char 64)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, cast

from arbitro.core.errors import NotationError
from arbitro.i18n import N_, gettext

MAX_DIGITS = 30
"""The most digits a whole number typed or read by Árbitro may have (a score, a board...)."""
MAX_NUMBER = 2**31 - 1
"""The largest number Árbitro takes for an event, board, table, session, round or record.

The databases keep these as integers (SQLite's of 64 bits, PostgreSQL's of 32): a larger
one typed on the command line or in the console is malformed input, refused."""
MAX_DEPTH = 64
"""The deepest nesting of arrays and objects a JSON input may have."""

_INTEGER = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:/[0-9]+)?")


class InvalidNumberError(NotationError):
    """Text that is not a whole number, or a fraction, of a sensible size."""

    what = N_("number")


def parse_int(text: str, *, digits: int = MAX_DIGITS) -> int:
    """The whole number written in ``text`` (a sign and blanks around it allowed).

    It is refused, naming the input, when it is not a whole number or has more than
    ``digits`` digits.

    >>> parse_int("+7")
    7
    >>> parse_int("7.5")
    Traceback (most recent call last):
    ...
    arbitro.core.bounded.InvalidNumberError: invalid number '7.5': expected a whole number of at most 30 digits
    """
    stripped = text.strip()
    if not _INTEGER.fullmatch(stripped) or len(stripped.lstrip("+-")) > digits:
        raise InvalidNumberError(
            text, N_("expected a whole number of at most {digits} digits"), digits=digits
        )
    return int(stripped)


def parse_fraction(text: str, *, digits: int = MAX_DIGITS) -> Fraction:
    """The number written in ``text``: whole, decimal (``0.5``) or a fraction (``1/3``).

    No exponent is read (``1e999999999`` would be a number of a billion digits), and
    the text may have at most ``digits`` digits.

    >>> parse_fraction("1/3"), parse_fraction("-2.5")
    (Fraction(1, 3), Fraction(-5, 2))
    >>> parse_fraction("1e9")
    Traceback (most recent call last):
    ...
    arbitro.core.bounded.InvalidNumberError: invalid number '1e9': expected a number such as 3, 2.5 or 1/3 of at most 30 digits
    """
    stripped = text.strip()
    if (
        not _DECIMAL.fullmatch(stripped)
        or sum(character.isdigit() for character in stripped) > digits
    ):
        raise InvalidNumberError(
            text,
            N_("expected a number such as 3, 2.5 or 1/3 of at most {digits} digits"),
            digits=digits,
        )
    try:
        return Fraction(stripped)
    except ZeroDivisionError:
        raise InvalidNumberError(text, N_("a fraction cannot divide by zero")) from None


_BRACKETS = re.compile(r'"(?:[^"\\\n]|\\.)*"|[\[\]{}]')
_LONG_OUTSIDE_TEXT = re.compile(rf'"(?:[^"\\\n]|\\.)*"|-?([0-9]{{{MAX_DIGITS + 1},}})')


def _json_int(text: str) -> int:
    """A whole number as the JSON reader found it (``-?[0-9]+``), refused if too long.

    >>> _json_int("-620")
    -620
    """
    return int(text) if len(text) <= MAX_DIGITS else parse_int(text)


_BOUNDED = json.JSONDecoder(parse_int=_json_int)
"""The JSON reader that refuses a whole number of more than :data:`MAX_DIGITS` digits."""
_SCAN: Callable[[str, int], tuple[Any, int]] = cast(Any, _BOUNDED).scan_once
"""Its scanner: one document from a place in a text, and where it ends (no blanks skipped)."""


def load_json(text: str, *, depth: int = MAX_DEPTH) -> Any:
    """The value of the JSON document ``text``, read with bounds.

    Arrays and objects may nest ``depth`` levels, and whole numbers have at most
    :data:`MAX_DIGITS` digits; beyond either, and for any other fault of the text,
    :class:`json.JSONDecodeError` names the line and column, as :func:`json.loads` does.

    >>> load_json('{"board": 1, "calls": ["1NT"]}')
    {'board': 1, 'calls': ['1NT']}
    >>> load_json('{"score": ' + "4" * 40 + "}")
    Traceback (most recent call last):
    ...
    json.decoder.JSONDecodeError: a whole number of more than 30 digits: line 1 column 11 (char 10)
    """
    if text.count("[") + text.count("{") > depth:
        _check_depth(text, depth)
    try:
        # A document that fills the text from its first character is read in one call;
        # any other text (blanks around it, a fault) goes to json.loads and its error.
        try:
            value, end = _BOUNDED.raw_decode(text)
        except json.JSONDecodeError:
            return json.loads(text, parse_int=_json_int)
        return value if end == len(text) else json.loads(text, parse_int=_json_int)
    except InvalidNumberError:
        place = next(
            (found.start() for found in _LONG_OUTSIDE_TEXT.finditer(text) if found.group(1)), 0
        )
        raise json.JSONDecodeError(
            gettext("a whole number of more than {digits} digits").format(digits=MAX_DIGITS),
            text,
            place,
        ) from None
    except RecursionError:  # pragma: no cover - the scan above refuses such nesting first
        raise json.JSONDecodeError(
            gettext("nested deeper than {depth} levels").format(depth=depth), text, 0
        ) from None


def load_json_lines(texts: Sequence[str], *, depth: int = MAX_DEPTH) -> list[Any] | None:
    """The values of ``texts``, each one JSON document, read as :func:`load_json` reads them.

    Each text is read by the bounded JSON reader's scanner in one call, with none of
    :func:`load_json`'s work around it: the answer is the same values, and ``None`` as
    soon as one text is anything but a document that fills it within the bounds (a fault,
    blanks around it, a number too long, nesting that may be too deep, a value that is
    not an array or an object). The caller then reads each text with :func:`load_json`,
    which names what is wrong and where.

    >>> load_json_lines(['{"event": "call"}', '[1, 2]'])
    [{'event': 'call'}, [1, 2]]
    >>> load_json_lines(['{"event": "call"}', '{"score": ' + "4" * 40 + "}"]) is None
    True
    """
    scan = _SCAN
    try:
        read = [scan(text, 0) for text in texts]
    except (StopIteration, ValueError, RecursionError):  # not a document, or out of bounds
        return None
    values, ends = zip(*read, strict=True) if read else ((), ())
    if list(ends) != list(map(len, texts)) or not _CONTAINERS.issuperset(map(type, values)):
        return None
    # Each text holds an array or an object, so at least one bracket: no text nests
    # deeper than all the brackets but one for each other text.
    joined = "".join(texts)
    if joined.count("[") + joined.count("{") - (len(texts) - 1) > depth:
        return None
    return list(values)


_CONTAINERS = frozenset((dict, list))


def _check_depth(text: str, depth: int) -> None:
    """Refuse ``text`` if its arrays and objects nest deeper than ``depth`` levels.

    Brackets inside strings do not count. Only called when the text has more opening
    brackets than ``depth``, as only then can it nest that deep.

    >>> _check_depth('["[[[", [[]]]', 2)
    Traceback (most recent call last):
    ...
    json.decoder.JSONDecodeError: nested deeper than 2 levels: line 1 column 10 (char 9)
    """
    level = 0
    for match in _BRACKETS.finditer(text):
        bracket = match.group()
        if bracket in "[{":
            level += 1
            if level > depth:
                raise json.JSONDecodeError(
                    gettext("nested deeper than {depth} levels").format(depth=depth),
                    text,
                    match.start(),
                )
        elif bracket in "]}":
            level -= 1
