r"""A PBN file's bytes: its character set and its line ends.

:func:`encode` turns the text into the file's bytes: ISO 8859-1 (Latin-1), PBN's
character set (2.2), unless UTF-8 is asked for, each line ending in CR LF as export
format wants (2.3). In Latin-1 the suit symbols are
written ``\S``, ``\H``, ``\D``, ``\C``, PBN's notation for them (3.8); any other
character outside Latin-1 is an error naming the board, the tag and the character,
and nothing is written. A whole file says its character set after ``% EXPORT``, as
Bridge Composer does: ``%Content-type: text/x-pbn; charset=ISO-8859-1`` (an escape
line, which readers that do not know it skip).

>>> encode('[North "Muñoz"]\n')
b'[North "Mu\xf1oz"]\r\n'
"""

from __future__ import annotations

import re
import unicodedata

from arbitro.core.errors import PBNSyntaxError, shown
from arbitro.formats.pbn.model import unescape
from arbitro.i18n import N_

SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
"""The suit symbols and the letter PBN writes each with, after a backslash (3.8)."""

ENCODINGS = ("latin-1", "utf-8")
"""The character sets a PBN file is written in: ISO 8859-1, PBN's own (2.2), or UTF-8."""

_NOT_LATIN = re.compile("[^\x00-\xff]")
_TAG_LINE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)')
_BOARD_LINE = re.compile(r'\[\s*Board\s*"([^"]*)"')


def encode(
    text: str, source: str = "<text>", *, encoding: str = "latin-1", how: str = "--encoding utf-8"
) -> bytes:
    r"""The bytes of a PBN file's ``text`` in ``encoding``: ``latin-1`` (PBN's, the default) or ``utf-8``.

    In Latin-1 a suit symbol is written ``\S``, ``\H``, ``\D`` or ``\C`` (PBN 3.8;
    ``\\C`` inside a tag's value, where a backslash is doubled). Any other character
    outside Latin-1 is a :class:`~arbitro.core.errors.PBNSyntaxError` naming the file
    ``source``, the board, the tag and the character; ``how`` says how to ask for UTF-8
    where the text is written. (The control characters 128 to 159, which PBN never
    uses, are the reader's to report, as :func:`arbitro.formats.pbn.check` does: a file
    read leniently goes back as it was read.)

    >>> encode('[Note "1:2♣ relay"]\n')
    b'[Note "1:2\\\\C relay"]\r\n'
    >>> encode('[Board "3"]\n[North "Łukasz"]\n', "out.pbn")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.PBNSyntaxError: out.pbn: board 3, tag North (Łukasz): the character 'Ł' (U+0141 LATIN CAPITAL LETTER L WITH STROKE) is not in ISO 8859-1 (Latin-1), the character set of PBN files: write it with Latin-1 letters, or write the file in UTF-8 (--encoding utf-8)
    >>> encode('[North "Łukasz"]\n', encoding="utf-8").decode("utf-8")
    '[North "Łukasz"]\r\n'
    """
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r}: expected one of {', '.join(ENCODINGS)}")
    if encoding == "latin-1" and any(symbol in text for symbol in SUIT_LETTERS):
        text = "\n".join(
            _suit_letters(line, "\\\\" if line.lstrip().startswith("[") else "\\")
            for line in text.split("\n")
        )
    wrong = _NOT_LATIN.search(text) if encoding == "latin-1" else None
    if wrong is not None:
        lines = text.split("\n")
        raise _refused(lines, text.count("\n", 0, wrong.start()), wrong.group(), source, how)
    return crlf(declared(text, encoding)).encode(encoding)


def crlf(text: str) -> str:
    r"""``text`` with every line ending in CR LF, the line end of PBN's export format (2.3).

    A line already ending in CR LF keeps one.

    >>> crlf('[Board "1"]\n[Dealer "N"]\r\n\n')
    '[Board "1"]\r\n[Dealer "N"]\r\n\r\n'
    """
    return text.replace("\r\n", "\n").replace("\n", "\r\n")


CHARSETS = {"latin-1": "ISO-8859-1", "utf-8": "UTF-8"}
"""How a file's ``%Content-type`` line names each character set."""


def declared(text: str, encoding: str) -> str:
    r"""A whole file's ``text`` (from ``% PBN``) with the line that names its character set.

    ``%Content-type: text/x-pbn; charset=ISO-8859-1`` (or ``UTF-8``), after ``% PBN``
    and ``% EXPORT``, as Bridge Composer and other programs write it: an escape line
    (PBN 2.4), which a reader that does not know it skips. A line already there is
    replaced; a text that is not a whole file is left as it is.

    >>> declared('% PBN 2.1\n% EXPORT\n[Board "1"]\n', "latin-1").splitlines()[:3]
    ['% PBN 2.1', '% EXPORT', '%Content-type: text/x-pbn; charset=ISO-8859-1']
    """
    if not text.startswith("% PBN"):
        return text
    lines = text.split("\n")
    line = f"%Content-type: text/x-pbn; charset={CHARSETS[encoding]}"
    at = 0
    while at < len(lines) and lines[at].startswith("%"):
        if lines[at].lower().startswith("%content-type:"):
            lines[at] = line
            return "\n".join(lines)
        at += 1
    at = 1 + (len(lines) > 1 and lines[1].strip() == "% EXPORT")
    lines.insert(at, line)
    return "\n".join(lines)


def _suit_letters(line: str, backslash: str) -> str:
    """``line`` with each suit symbol written as PBN writes it: a backslash and the suit's letter."""
    if not any(symbol in line for symbol in SUIT_LETTERS):
        return line
    return "".join(
        backslash + SUIT_LETTERS[character] if character in SUIT_LETTERS else character
        for character in line
    )


def _refused(lines: list[str], index: int, character: str, source: str, how: str) -> PBNSyntaxError:
    """The error for ``character`` on line ``index``: its board, its tag (and value), what it is."""
    start = index
    while start > 0 and lines[start - 1].strip():
        start -= 1
    end = index
    while end < len(lines) and lines[end].strip():
        end += 1
    board = next(
        (found.group(1) for line in lines[start:end] if (found := _BOARD_LINE.match(line))), "?"
    )
    tag, value = "?", lines[index].strip()
    for at in range(index, start - 1, -1):  # a row belongs to the tag above it
        named = _TAG_LINE.match(lines[at].lstrip())
        if named is not None:
            tag = named.group(1)
            value = unescape(named.group(2)) if at == index else value
            break
    code = f"{ord(character):04X} {unicodedata.name(character, '')}".strip()
    return PBNSyntaxError.at(
        source,
        0,
        source,
        N_(
            "board {board}, tag {tag} ({value}): the character '{character}' (U+{code}) is not "
            "in ISO 8859-1 (Latin-1), the character set of PBN files: write it with Latin-1 "
            "letters, or write the file in UTF-8 ({how})"
        ),
        board=board,
        tag=tag,
        value=shown(value),
        character=character,
        code=code,
        how=how,
    )
