r"""The lines of a tag and of a comment in export format: escaped, within 255 characters.

A tag's value is written with PBN's escapes (:func:`escape`) and without a control
character (:data:`CONTROL`). A line keeps within PBN's 255 characters with its CR LF
(2.3): a value too long for its line (an explanation carried from a LIN file or a
table log) is cut to fit, ending ``...`` (:func:`fitted`), and a long comment goes on
over more lines (:func:`comment_lines`).

>>> tag_lines(PBNTag("Note", '1:a "b"'))
['[Note "1:a \\"b\\""]']
"""

from __future__ import annotations

import re

from arbitro.formats.pbn.encoding import SUIT_LETTERS
from arbitro.formats.pbn.model import PBNTag, unescape

CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
"""The characters a PBN string never holds: a tab, a line end, any other control
character (PBN 2.3 and 3.2), DEL and the characters 128 to 159 (2.2)."""


def escape(value: str, *, table: bool = False) -> str:
    r"""A tag value as PBN writes it: a backslash before each quote and each backslash.

    A tab, a line end or any other :data:`CONTROL` character becomes a space: no string
    holds one (PBN 3.2), and a line end would split the tag (a player's explanation
    ``transfer\n[Board "99"]`` would write a tag of its own). In the column formats of
    a table tag (``Result\2R``) a backslash is doubled only before a quote, another
    backslash or the end, as files write them.

    >>> print(escape('say "hi" 2\\3'), escape("Rank\\2R;Result", table=True))
    say \"hi\" 2\\3 Rank\2R;Result
    >>> escape('transfer\n[Board "99"]\tand')
    'transfer [Board \\"99\\"] and'
    """
    value = CONTROL.sub(" ", value)
    if table:
        return re.sub(r'\\(?=["\\]|$)', r"\\\\", value).replace('"', '\\"')
    return value.replace("\\", "\\\\").replace('"', '\\"')


LONGEST = 253
"""The longest line written: PBN 2.3's 255 characters, less export format's line end, CR LF."""

CUT = "..."
"""How a value cut to fit its line ends (ASCII, so that it is in every character set)."""


def _length(written: str) -> int:
    r"""The characters a tag's written value takes once encoded: a suit symbol takes three (``\C``).

    >>> _length("2♣ relay")
    10
    """
    return len(written) + 2 * sum(written.count(symbol) for symbol in SUIT_LETTERS)


def _value(tag: PBNTag) -> str:
    """The value of ``tag`` as written: as read when it was read (and holds no control character), else escaped."""
    if (
        tag.written is not None
        and unescape(tag.written) == tag.value
        and not CONTROL.search(tag.written)
    ):
        return tag.written
    return escape(tag.value, table=tag.name.endswith("Table"))


def fitted(tag: PBNTag) -> PBNTag:
    """``tag`` with its value cut, ending :data:`CUT`, when its line would be longer than 255 characters.

    Only a plain value is cut (a tag without rows: a note, a name, an event), one
    Árbitro made or one read from a file whose line was longer than export format's
    (its end, CR LF, counts two of the 255); a tag with rows (a section, a table) is
    written whole. The cut falls after a word when one ends in the last quarter of what
    fits.

    >>> tag = fitted(PBNTag("Note", "1:" + "transfer " * 40))
    >>> len(tag_lines(tag)[0]), tag.value[-12:]
    (247, ' transfer...')
    >>> fitted(PBNTag("Board", "1")) == PBNTag("Board", "1")
    True
    """
    room = LONGEST - len(tag.name) - 5  # [Name "value"]
    if tag.rows or _length(_value(tag)) <= room:
        return tag
    kept: list[str] = []
    used = len(CUT)
    for character in tag.value:
        used += _length(escape(character))
        if used > room:
            break
        kept.append(character)
    text = "".join(kept)
    space = text.rfind(" ")
    if space >= len(text) * 3 // 4:
        text = text[:space]
    return PBNTag(tag.name, text.rstrip() + CUT, tag.rows, tag.line, tag.row_lines)


def tag_lines(tag: PBNTag) -> list[str]:
    """The lines of one tag: the tag pair, then its rows (a tab in them written as a space).

    >>> tag_lines(PBNTag("Auction", "N", ("1NT AP",)))
    ['[Auction "N"]', '1NT AP']
    """
    tag = fitted(tag)
    value = _value(tag)
    return [f'[{tag.name} "{value}"]', *(CONTROL.sub(" ", row) for row in tag.rows)]


def comment_lines(text: str) -> list[str]:
    r"""The lines of a comment as written (``{...}`` or ``; ...``), each within 253 characters.

    A tab or another control character becomes a space; a longer line is cut into
    lines that fit, after a space where there is one (a rest-of-line comment goes on
    as another, ``;`` first).

    >>> comment_lines("{ hand\tdiagram\n  S AKQ }")
    ['{ hand diagram', '  S AKQ }']
    >>> [len(line) for line in comment_lines("; " + "word " * 100)]
    [251, 252]
    """
    rest = text.startswith(";")
    lines: list[str] = []
    for written in [text] if rest else text.replace("\r\n", "\n").split("\n"):
        line = CONTROL.sub(" ", written)
        while len(line) > LONGEST:
            cut = line.rfind(" ", LONGEST // 2, LONGEST)
            cut = LONGEST if cut < 0 else cut
            lines.append(line[:cut].rstrip())
            line = ("; " if rest else "") + line[cut:].lstrip()
        lines.append(line)
    return lines
