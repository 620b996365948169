"""A reference to a Law of the 2007 code, as a ruling cites it: ``12C1c``, ``27B1b``, ``90``.

A reference is the Law's number (1 to 93), then, as the Laws write their sections, a
capital letter (the section: ``12C``), a number (its subsection: ``12C1``), a small
letter (``12C1c``) and a small Roman numeral in brackets (``12C1e(i)``), each part
optional after the one before it (``12B`` may go straight to its small letter,
``12Ba``). The section letters each Law has (:data:`LAW_SECTIONS`), each section's
numbered subsections (:data:`LAW_SUBSECTIONS`) and each part's small letters
(:data:`LAW_LETTERS`) are those of the AEB's edition of the code; a small Roman
numeral is checked for its shape only.

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
>>> law_reference("90B8x")
Traceback (most recent call last):
...
arbitro.laws.references.InvalidLawError: invalid Law '90B8x': Law 90B8 has no lettered parts
"""

from __future__ import annotations

import re

from arbitro.core.errors import NotationError
from arbitro.i18n import N_

__all__ = [
    "LAWS",
    "LAW_LETTERS",
    "LAW_SECTIONS",
    "LAW_SUBSECTIONS",
    "InvalidLawError",
    "is_law_reference",
    "law_reference",
]

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

# The last part of each part that has any, read from the AEB's text: ``90B8``, section
# 90B has subsections 1 to 8; ``12C1f``, subsection 12C1 has small letters a to f;
# ``9Bd``, section 9B has small letters a to d straight after it. The text's own
# irregular marks are read as the parts they are: ``3En``, ``1.(a)``, ``A..-``. Five
# parts the AEB sets apart from the 2007 code's numbering keep the code's parts too:
# 12B's a. and b. are its subsections 1 and 2 (the AEB's text cites 12B1); 9B's a. to d.
# are the code's 9B1(a) to (d) and the bullet after them its 9B2; 12A's bullet is the
# code's 12A3; and the paragraphs it sets as bullets in 16B1 and 21B1 are their small
# letters (16B1b, the logical alternative; 21B1b and 21B1c). The other bullets (20F1,
# 64A) stay paragraphs of their part.
_LAST_PARTS = (
    "6D3 6E4 7B3 8A2 8B2 9A4 9Bd 9B2 9B1d 10C4 12A3 12B2 12Bb 12C4 12C1f 12C2c 13D2 13D2b 14A3 "
    "14B4 15A2 15C2 16A4 16A1d 16B3 16B1b 16C3 16C2d 16D2 17D4 17E2 19A3 19B3 20B2 20C3 "
    "20F6 20F2a 20F5b 20G2 21B3 21B1c 22A2 22B2 25A4 25B3 26A2 26A2b 27A2 27B4 27B1b 30B3 "
    "30B2b 31A2 31A2b 32B2 36B4 40A3 40A1b 40B6 40B1b 40B2d 40B6b 40C3 40C3b 41B3 42A3 "
    "42B3 43A2 43A1c 43A2c 43B3 43B2b 45C5 45C2b 45C4b 45E2 46B5 46B1c 46B3b 47E2 47E2b "
    "47F2 48B2 50D2 50D1b 50D2b 50E3 51B2 51B1b 51B2b 52B2 52B1c 54B2 55B2 57A3 57C2 58B4 "
    "60A3 61B3 61B2b 62B2 62C3 62D2 63A3 64A2 64B7 65B3 67A2 67B2 67B1b 67B2b 68B2 69B2 "
    "70B3 70C3 70D3 70E2 72B3 73A2 73B2 73D2 74A3 74B5 74C8 76A2 76B5 76C2 79A2 79B2 79C2 "
    "80A3 80A1c 80B2 80B2l 81B2 81C8 82B3 85A2 90B8 92D2 93B3 93C3 93C3b"
)

LAW_SUBSECTIONS: dict[str, int] = {
    entry.rstrip("0123456789"): int(entry[len(entry.rstrip("0123456789")) :])
    for entry in _LAST_PARTS.split()
    if entry[-1].isdigit()
}
"""Each section's last numbered subsection, in the AEB's edition: ``LAW_SUBSECTIONS["90B"]`` is 8.

A section not here has no numbered subsections (``90A``).

>>> LAW_SUBSECTIONS["90B"], LAW_SUBSECTIONS["12C"], "90A" in LAW_SUBSECTIONS
(8, 4, False)
"""

LAW_LETTERS: dict[str, str] = {
    entry[:-1]: entry[-1] for entry in _LAST_PARTS.split() if entry[-1].islower()
}
"""Each part's last small letter, in the AEB's edition: a subsection's (``12C1``: ``f``) or a section's lettered straight away (``9B``: ``d``).

A part not here has no small letters (``90B8``).

>>> LAW_LETTERS["12C1"], LAW_LETTERS["9B"], LAW_LETTERS["12B"], "90B8" in LAW_LETTERS
('f', 'd', 'b', False)
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
    outside 1 to 93, a section letter the Law does not have, a subsection its section
    does not have, a small letter its part does not have.

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
    >>> law_reference("90B9")
    Traceback (most recent call last):
    ...
    arbitro.laws.references.InvalidLawError: invalid Law '90B9': Law 90B has subsections 1 to 8
    >>> law_reference("12C1g")
    Traceback (most recent call last):
    ...
    arbitro.laws.references.InvalidLawError: invalid Law '12C1g': Law 12C1 has parts a to f
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
    letter = (match["letter"] or match["bracketed"] or "").lower()
    if section is not None:
        _check_parts(text, f"{number}{section}", match["subsection"] or "", letter)
    parts = (
        section or "",
        match["subsection"] or "",
        letter,
        (match["roman"] or "").lower(),
    )
    return str(number) + "".join(parts)


def _check_parts(text: str, section: str, subsection: str, letter: str) -> None:
    """Refuse ``text`` if its ``subsection`` or small ``letter`` is not a part of ``section``."""
    last = LAW_SUBSECTIONS.get(section)
    if subsection and (last is None or int(subsection) > last):
        if last is None:
            raise InvalidLawError(text, N_("Law {part} has no numbered subsections"), part=section)
        raise InvalidLawError(
            text, N_("Law {part} has subsections 1 to {last}"), part=section, last=last
        )
    if not letter:
        return
    lettered = section + subsection
    last_letter = LAW_LETTERS.get(lettered)
    if last_letter is not None and letter <= last_letter:
        return
    if last_letter is not None:
        raise InvalidLawError(
            text, N_("Law {part} has parts a to {last}"), part=lettered, last=last_letter
        )
    if not subsection and last is not None:  # 16Ba: the letters are its subsections'
        raise InvalidLawError(
            text, N_("Law {part} has subsections 1 to {last}"), part=section, last=last
        )
    raise InvalidLawError(text, N_("Law {part} has no lettered parts"), part=lettered)


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
