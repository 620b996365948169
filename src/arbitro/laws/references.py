"""A reference to a Law of the 2007 code, as a ruling cites it: ``12C1c``, ``27B1b``, ``90``.

A reference is the Law's number (1 to 93), then, as the Laws write their sections, a
capital letter (the section: ``12C``), a number (its subsection: ``12C1``), a small
letter (``12C1c``) and a small Roman numeral in brackets (``12C1e(i)``), each part
optional after the one before it (``12B`` may go straight to its small letter,
``12Ba``). The section letters each Law has (:data:`LAW_SECTIONS`) are those of the
AEB's edition of the code; the parts below a section are checked for their shape only.

A reference is read as a director types it and kept in one form: the word before it
(``Law``, ``Ley``, ``Art.``, ``Artículo``) left out, the section letter in capitals, a
small letter in brackets as the AEB's edition writes some (``43B2(b)``) written bare,
as the rest of the code cites them (``43B2b``).

>>> law_reference(" 12C1c ")
'12C1c'
>>> law_reference("Artículo 43B2(b)"), law_reference("12c1e(i)")
('43B2b', '12C1e(i)')
>>> law_reference("99Z")
Traceback (most recent call last):
...
arbitro.laws.references.InvalidLawError: invalid Law '99Z': the Laws of the 2007 code are numbered 1 to 93
"""

from __future__ import annotations

import re

from arbitro.core.errors import NotationError
from arbitro.i18n import N_

__all__ = ["LAWS", "LAW_SECTIONS", "InvalidLawError", "is_law_reference", "law_reference"]

LAWS = 93
"""The number of Laws in the 2007 code."""

_LETTERED = (
    "5AB 6ABCDEF 7ABCD 8ABC 9ABC 10ABC 11AB 12ABC 13ABCDEF 14ABC 15ABC 16ABCD 17ABCDE "
    "18ABCDEF 19ABCD 20ABCDEFG 21AB 22AB 24ABC 25AB 26AB 27ABCD 28AB 29ABC 30ABC 31AB 32AB "
    "36AB 37AB 38ABCD 39ABC 40ABC 41ABCD 42AB 43AB 44ABCDEFG 45ABCDEFG 46AB 47ABCDEF 48AB "
    "50ABCDE 51AB 52AB 53ABC 54ABCDE 55ABC 57ABC 58AB 60ABC 61AB 62ABCD 63AB 64ABC 65ABCD "
    "66ABCD 67AB 68ABCD 69AB 70ABCDE 72AB 73ABCDEF 74ABC 75ABC 76ABCD 78ABCD 79ABC 80AB "
    "81ABCD 82ABC 84ABCD 85AB 86ABCD 87AB 90AB 91AB 92ABCD 93ABC"
)

LAW_SECTIONS: dict[int, str] = dict.fromkeys(range(1, LAWS + 1), "") | {
    int(entry.rstrip("ABCDEFG")): entry.lstrip("0123456789") for entry in _LETTERED.split()
}
"""Each Law's section letters in the AEB's edition ("" for a Law without sections: 1-4, 23, 33-35, 49, 56, 59, 71, 77, 83, 88, 89).

>>> LAW_SECTIONS[12], LAW_SECTIONS[93], LAW_SECTIONS[71]
('ABC', 'ABC', '')
"""

_REFERENCE = re.compile(
    r"(?:(?:law|ley|art[íi]culo|art\.?)\s*)?"
    r"(?P<number>[1-9][0-9]?)"
    r"(?:(?P<section>[A-Za-z])(?P<subsection>[1-9][0-9]?)?"
    r"(?:(?:(?P<letter>[a-z])|\((?P<bracketed>[a-z])\))"
    r"(?P<roman>\((?:i{1,3}|iv|vi{0,3}|ix|x)\))?)?)?",
    re.IGNORECASE,
)

SHAPE = N_(
    "expected a Law of the 2007 code: its number (1 to 93), then its section as the Laws "
    "write it, as in 12C1c, 27B1b or 90"
)
"""What a Law reference looks like, for the messages that refuse one."""


class InvalidLawError(NotationError):
    """Text that is not a reference to a Law of the 2007 code (bad input, 422)."""

    what = N_("Law reference")


def law_reference(text: str) -> str:
    """``text`` in the form the code keeps (see the module), when it names a Law of the 2007 code.

    Refused, with what was expected: a text not shaped as a Law's reference, a number
    outside 1 to 93, a section letter the Law does not have.

    >>> law_reference("93B3")
    '93B3'
    >>> law_reference("12D")
    Traceback (most recent call last):
    ...
    arbitro.laws.references.InvalidLawError: invalid Law '12D': Law 12 has sections A to C
    >>> law_reference("71A")
    Traceback (most recent call last):
    ...
    arbitro.laws.references.InvalidLawError: invalid Law '71A': Law 71 has no lettered sections
    """
    reference = text.strip()
    match = _REFERENCE.fullmatch(reference)
    if match is None:
        raise InvalidLawError(text, SHAPE)
    number = int(match["number"])
    if number > LAWS:
        raise InvalidLawError(text, N_("the Laws of the 2007 code are numbered 1 to 93"))
    section = match["section"].upper() if match["section"] else None
    letters = LAW_SECTIONS[number]
    if section is not None and section not in letters:
        if not letters:
            raise InvalidLawError(text, N_("Law {law} has no lettered sections"), law=number)
        raise InvalidLawError(
            text,
            N_("Law {law} has sections {first} to {last}"),
            law=number,
            first=letters[0],
            last=letters[-1],
        )
    letter = match["letter"] or match["bracketed"] or ""
    parts = (
        section or "",
        match["subsection"] or "",
        letter.lower(),
        (match["roman"] or "").lower(),
    )
    return str(number) + "".join(parts)


def is_law_reference(text: str) -> bool:
    """Whether ``text`` names a Law of the 2007 code (:func:`law_reference` accepts it).

    >>> is_law_reference("16B1a"), is_law_reference("12C1e(i)"), is_law_reference("0"), is_law_reference("")
    (True, True, False, False)
    """
    try:
        law_reference(text)
    except InvalidLawError:
        return False
    return True
