r"""Games written in PBN 2.1 export format.

Export format: the header ``% PBN 2.1`` and ``% EXPORT``; in each game the fifteen
tags of the mandatory tag set in their order (``?`` where a game lacks one), then the
other tags in the order the game holds them, each followed by its rows as read (so a
tag Árbitro does not model is written back unchanged); each game followed by an
empty line; inheritance (``#``) already resolved.

>>> from arbitro.formats.pbn.model import PBNGame, PBNTag, unescape
>>> print(dumps([PBNGame((PBNTag("Board", "1"), PBNTag("Note", 'a "b"')))]).splitlines()[5:7])
['[Board "1"]', '[West "?"]']
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from arbitro.formats.pbn.model import PBNGame, PBNTag, unescape
from arbitro.formats.pbn.sections import tokens

MANDATORY_TAGS = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
"""PBN's mandatory tag set, in the order export format writes it."""

HEADER = "% PBN 2.1\n% EXPORT\n"
"""The first lines of a file in export format."""


def escape(value: str, *, table: bool = False) -> str:
    r"""A tag value as PBN writes it: a backslash before each quote and each backslash.

    In the column formats of a table tag (``Result\2R``) a backslash is doubled only
    before a quote, another backslash or the end, as files write them.

    >>> print(escape('say "hi" 2\\3'), escape("Rank\\2R;Result", table=True))
    say \"hi\" 2\\3 Rank\2R;Result
    """
    if table:
        return re.sub(r'\\(?=["\\]|$)', r"\\\\", value).replace('"', '\\"')
    return value.replace("\\", "\\\\").replace('"', '\\"')


_LONGEST = 254
"""The longest line written: PBN 2.3's 255 characters, less the line end."""


def tag_lines(tag: PBNTag) -> list[str]:
    """The lines of one tag: the tag pair, then its rows (see :func:`export_rows`).

    >>> tag_lines(PBNTag("Auction", "N", ("1NT AP",)))
    ['[Auction "N"]', '1NT AP']
    """
    if tag.written is not None and unescape(tag.written) == tag.value:
        value = tag.written
    else:
        value = escape(tag.value, table=tag.name.endswith("Table"))
    pair = f'[{tag.name} "{value}"]'
    if len(pair) > _LONGEST:
        # PBN 2.3: a line holds at most 255 characters with its end; a tag pair read
        # without the space between name and value goes back without it.
        pair = f'[{tag.name}"{value}"]'
    return [pair, *export_rows(tag)]


def _is_item(text: str) -> bool:
    """Whether a section token takes a place of its own: a call, a card, ``^S``, ``*``."""
    return text == "^S" or text[0] not in "=$!?^"


def export_rows(tag: PBNTag) -> tuple[str, ...]:
    """The rows of a tag as export format holds them.

    An auction or play row holds at most four calls or cards (PBN 3.5, 3.6): rows
    read with more, and no comment, are laid out again four to a row, each call or
    card with its mark before it and its annotations after it (a skipped call ``^S``
    takes a place; ``*`` ends the last row). Other rows are kept as read.

    >>> export_rows(PBNTag("Auction", "N", ("1NT =1= Pass ^I 1C Pass Pass Pass",)))
    ('1NT =1= Pass ^I 1C Pass', 'Pass Pass')
    >>> export_rows(PBNTag("Play", "W", ("SK H3 S4 S3 *",)))
    ('SK H3 S4 S3', '*')
    """
    if tag.name not in ("Auction", "Play"):
        return tag.rows
    one_by_one = [tokens(PBNTag(tag.name, tag.value, (row,))) for row in tag.rows]
    if all(sum(1 for token in row if _is_item(token.text)) <= 4 for row in one_by_one):
        return tag.rows
    if any("{" in row or ";" in row for row in tag.rows):
        return tag.rows
    items: list[list[str]] = []
    marks: list[str] = []
    for token in tokens(tag):
        text = token.text
        if text.startswith("^") and text != "^S":
            marks.append(text)
        elif _is_item(text) or not items:
            items.append([*marks, text])
            marks = []
        else:
            items[-1].append(text)
    if marks:
        items.append(marks)
    rows: list[str] = []
    row: list[str] = []
    for item in items:
        if item == ["*"] or len(row) == 4:
            rows.append(" ".join(row))
            row = []
        row.append(" ".join(item))
    if row:
        rows.append(" ".join(row))
    return tuple(text for text in rows if text)


def game_lines(game: PBNGame) -> list[str]:
    """The lines of one game in export format.

    >>> game_lines(PBNGame((PBNTag("Board", "1"),)))[3]
    '[Board "1"]'
    """
    lines: list[str] = []
    for name in MANDATORY_TAGS:
        lines.extend(tag_lines(game.tag(name) or PBNTag(name, "?")))
    for tag in game.tags:
        if tag.name not in MANDATORY_TAGS:
            lines.extend(tag_lines(tag))
    return lines


def dumps(games: Iterable[PBNGame]) -> str:
    """The text of a PBN file in export format holding ``games``.

    >>> dumps([]) == HEADER
    True
    """
    blocks = [HEADER]
    for game in games:
        blocks.append("\n".join(game_lines(game)) + "\n\n")
    return "".join(blocks)
