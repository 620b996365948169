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


def tag_lines(tag: PBNTag) -> list[str]:
    """The lines of one tag: the tag pair, then its rows.

    >>> tag_lines(PBNTag("Auction", "N", ("1NT AP",)))
    ['[Auction "N"]', '1NT AP']
    """
    if tag.written is not None and unescape(tag.written) == tag.value:
        value = tag.written
    else:
        value = escape(tag.value, table=tag.name.endswith("Table"))
    return [f'[{tag.name} "{value}"]', *tag.rows]


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
