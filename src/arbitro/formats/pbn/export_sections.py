r"""The auction and play sections' rows as export format writes them (PBN 3.5, 3.6).

:func:`export_rows` lays the calls or cards out again four to a row, one space
between tokens, each in upper case and each suffix annotation as its NAG (3.5.2,
3.6.2); :func:`from_dealer` starts an auction written from before the dealer at the
dealer.

>>> export_rows(PBNTag("Auction", "N", ("pass 1n !", "Pass Pass Pass")))
('Pass 1NT $1 Pass Pass', 'Pass')
"""

from __future__ import annotations

import re

from arbitro.core.seat import Seat
from arbitro.formats.pbn.export_lines import CONTROL
from arbitro.formats.pbn.model import PBNTag
from arbitro.formats.pbn.sections import SUFFIXES, tokens


def _is_item(text: str) -> bool:
    """Whether a section token takes a place of its own: a call, a card, ``^S``, ``*``."""
    return text == "^S" or text[0] not in "=$!?^{"


_NAGS = {suffix: number for number, suffix in enumerate(SUFFIXES, start=1)}
"""The NAG of each suffix annotation after a call (PBN 3.5.2); after a card, six more (3.6.2)."""


def _export_token(text: str, section: str) -> str:
    """A section token as export format writes it: upper case, a suffix as its NAG.

    >>> [_export_token(text, "Auction") for text in ("pass", "p", "1n", "xx", "!", "=1=")]
    ['Pass', 'Pass', '1NT', 'XX', '$1', '=1=']
    >>> _export_token("dq", "Play"), _export_token("!", "Play")
    ('DQ', '$7')
    """
    if text in _NAGS:
        return f"${_NAGS[text] + (6 if section == 'Play' else 0)}"
    if text[0] in "=$^{;" or text in ("-", "+", "*"):
        return text
    upper = text.upper()
    if section == "Auction" and upper in ("PASS", "P"):
        return "Pass"
    if section == "Auction" and len(upper) == 2 and upper[0] in "1234567" and upper[1] == "N":
        return upper + "T"
    return upper


def export_rows(tag: PBNTag) -> tuple[str, ...]:
    """The rows of a tag as export format holds them.

    An auction or play row holds at most four calls or cards (PBN 3.5, 3.6), one space
    between tokens: the rows are laid out again four to a row, each call or card with
    its mark before it and its annotations and comments after it (a skipped call
    ``^S`` takes a place; ``*`` ends the last row), in upper case and each suffix
    annotation written as its NAG. A rest-of-line comment (``; text``) becomes
    ``{ text }`` where it stood. Rows with a comment over several lines, and other
    tags' rows, are kept as read.

    >>> export_rows(PBNTag("Auction", "N", ("1NT =1= Pass ^I 1C Pass Pass Pass",)))
    ('1NT =1= Pass ^I 1C Pass', 'Pass Pass')
    >>> export_rows(PBNTag("Play", "W", ("SK  H3 S4 S3 ; the lead", "*")))
    ('SK H3 S4 S3 {the lead}', '*')
    """
    if tag.name not in ("Auction", "Play"):
        return tag.rows
    items = _items(tag)
    if items is None:
        return tag.rows
    rows: list[str] = []
    row: list[str] = []
    for item in items:
        if item[0] == "*" or len(row) == 4:
            rows.append(" ".join(row))
            row = []
        row.append(" ".join(item))
    if row:
        rows.append(" ".join(row))
    return tuple(text for text in rows if text)


_PIECE = re.compile(r"\{[^}]*\}|;.*|[^{;]+")


def _items(tag: PBNTag) -> list[list[str]] | None:
    """The calls or cards of a section, each with its mark, annotations and comments, as exported.

    None when a comment runs over several rows, or a rest-of-line comment holds ``}``.
    """
    found: list[str] = []
    for row in tag.rows:
        for piece in _PIECE.findall(row):
            if piece.startswith("{"):
                found.append(CONTROL.sub(" ", piece))
            elif piece.startswith(";"):
                if "}" in piece:
                    return None
                found.append("{" + CONTROL.sub(" ", piece[1:]).strip() + "}")
            elif "{" in piece or "}" in piece:
                return None
            else:
                found.extend(token.text for token in tokens(PBNTag(tag.name, tag.value, (piece,))))
    if any(text.startswith("{") and not text.endswith("}") for text in found):
        return None
    items: list[list[str]] = []
    before: list[str] = []  # marks, and comments before the first call or card
    for token in found:
        text = _export_token(token, tag.name)
        if text.startswith("{") and items:
            items[-1].append(text)
        elif text.startswith(("^", "{")) and text != "^S":
            before.append(text)
        elif _is_item(text) or not items:
            items.append([*before, text])
            before = []
        else:
            items[-1].append(text)
    if before:
        items.append(before)
    return items


def from_dealer(tag: PBNTag, dealer: Seat | None) -> PBNTag:
    """An ``Auction`` tag that starts before the dealer with ``-``, started at the dealer (3.5).

    >>> from_dealer(PBNTag("Auction", "W", ("- 1NT Pass Pass", "Pass")), Seat.NORTH)
    PBNTag(name='Auction', value='N', rows=('1NT Pass Pass Pass',))
    """
    if dealer is None or tag.value not in ("N", "E", "S", "W") or not tag.rows:
        return tag
    skipped = (dealer - Seat.from_str(tag.value)) % 4
    items = _items(tag) if skipped else None
    if items is None or len(items) < skipped or any(item != ["-"] for item in items[:skipped]):
        return tag
    rest = " ".join(" ".join(item) for item in items[skipped:])
    moved = PBNTag(tag.name, dealer.name[0], (rest,) if rest else (), tag.line)
    return PBNTag(tag.name, moved.value, export_rows(moved), tag.line)
