r"""A board played through :class:`~arbitro.table.Table`, to and from a PBN game, and table logs.

:func:`game_of` writes a table as a PBN game (:mod:`arbitro.formats.pbn.table_writer`):
the board's tags, the auction and the play with the irregularity marks of PBN 2.1
section 3.9, a note for every alert, explanation and ruling on its call or card, the
contract, the result and the score. :func:`table_of` replays a PBN game into a table
(:mod:`arbitro.formats.pbn.table_reader`): each call and card becomes its event, a
marked irregularity the irregular action and its acceptance, the notes' rulings and
claims made again. The notes' format, which both sides share, is
:mod:`arbitro.formats.pbn.table_notes`.

This module is also the format of a table log (``.jsonl``, the table's events as JSON
Lines) for :data:`arbitro.formats.FORMATS`: :func:`read_games`, :func:`write_games`,
:func:`check`, :func:`load` and :func:`dump` turn a log into its game and back.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> for seat, call in zip("NESWNE", ("1NT", "Pass", "1C", "Pass", "Pass", "Pass")):
...     table.call(seat, call)
...     if table.pending is not None:
...         table.decide("W", "accept")
>>> game = game_of(table)
>>> game.tag("Auction").rows
('1NT Pass ^I 1C =1= Pass', 'Pass Pass')
>>> game["Note"]
'1:Law 27A1 (West: accept): the insufficient bid 1♣ is accepted'
>>> table_of(game).contract
Contract.from_str('1C S')
"""

from __future__ import annotations

import re
from pathlib import Path

from arbitro.core.errors import PBNSyntaxError
from arbitro.formats.pbn import read_file, write_file
from arbitro.formats.pbn.export_lines import escape
from arbitro.formats.pbn.model import PBNGame, unescape
from arbitro.formats.pbn.table_notes import LeftOutNote
from arbitro.formats.pbn.table_reader import table_of
from arbitro.formats.pbn.table_writer import game_of
from arbitro.i18n import N_
from arbitro.table.log import TableLogError, replay
from arbitro.table.log import dumps as dump_log

__all__ = [
    "EXTENSIONS",
    "LEAVES_OUT",
    "NEEDS_DEALS",
    "PLAYERS",
    "check",
    "dump",
    "game_of",
    "load",
    "read_games",
    "table_of",
    "write_games",
]

NEEDS_DEALS = True
"""A table log replays a deal: a game without a whole deal cannot be written."""
EXTENSIONS = (".jsonl",)
"""The file name endings of table logs."""


PLAYERS = ("North", "East", "South", "West")
"""The tags of the players' names, which a table log keeps in comment lines (``# [North "…"]``)."""

_PLAYER_LINE = re.compile(r'#\s*\[(North|East|South|West) "((?:[^"\\]|\\.)*)"\]\s*')


LEAVES_OUT = True
"""The game of a table log may leave out what PBN cannot number (a 33rd note of a section)."""


def read_games(
    text: str,
    source: str = "<log>",
    *,
    strict: bool = True,
    left_out: list[PBNSyntaxError] | None = None,
) -> list[PBNGame]:
    r"""The game of a table log (JSON Lines): the board as played, with the players' names.

    The names are the log's comment lines that hold a PBN tag of a player
    (``# [North "Muñoz, Luis"]``), as :func:`write_games` writes them; the table skips
    every comment line. A note the game cannot hold (:func:`game_of`) is a warning
    added to ``left_out``, naming the log and the line of its board.

    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> game = read_games('# [North "Muñoz, Luis"]\n{"event": "board", "board": 2, "deal": "%s"}'
    ...                   % EXAMPLE_DEAL)[0]
    >>> game["Dealer"], game["North"]
    ('E', 'Muñoz, Luis')
    """
    lines = text.splitlines()
    try:
        table = replay(lines, source)
    except TableLogError as error:
        raise PBNSyntaxError.at(
            source, error.line, "", N_("the table log cannot be replayed: {why}"), why=error.reason
        ) from None
    names: dict[str, str] = {}
    for line in lines:
        found = _PLAYER_LINE.fullmatch(line.strip()) if line.lstrip().startswith("#") else None
        if found is not None and found.group(2):
            names.setdefault(found.group(1), unescape(found.group(2)))
    unwritten: list[LeftOutNote] = []
    game = game_of(table, unwritten, **names)
    if left_out is not None and unwritten:
        start = next(
            (at for at, line in enumerate(lines, 1) if line.strip() and line.lstrip()[0] != "#"),
            0,
        )
        board = game.get("Board") or "?"
        left_out += [note.warning(source, start, board) for note in unwritten]
    return [game]


def write_games(games: list[PBNGame], source: str = "<games>") -> str:
    r"""The table log of the one game in ``games``, the players' names first; problems name ``source``.

    Each player's name the game knows is a comment line holding its PBN tag
    (``# [North "Muñoz, Luis"]``), which the table skips and :func:`read_games` reads.

    >>> from arbitro.formats.pbn import loads
    >>> game = loads('[Board "1"]\n[North "Muñoz, Luis"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ '
    ...     '765.432.AKQJ.T98 432.AKQJ.T98.765"]\n')[0]
    >>> lines = write_games([game]).splitlines()
    >>> lines[0], lines[1][:28]
    ('# [North "Muñoz, Luis"]', '{"event": "board", "board": ')
    """
    if len(games) != 1:
        raise PBNSyntaxError.at(
            source,
            0,
            source,
            N_("a table log holds exactly one board, not {count}"),
            count=len(games),
        )
    game = games[0]
    table = table_of(game, source)
    names = "".join(  # one line each: a name read from LIN may hold a line break
        f'# [{seat} "{escape(" ".join(name.splitlines()))}"]\n'
        for seat in PLAYERS
        if (name := game.known(seat))
    )
    return names + dump_log(table)


def check(text: str, source: str = "<log>", *, strict: bool = True) -> list[PBNSyntaxError]:
    """The problems of a table log: none, or the line where replaying it stops.

    >>> [error.line for error in check('{"event": "nonsense"}', "a.jsonl")]
    [1]
    """
    try:
        read_games(text, source)
    except PBNSyntaxError as error:
        return [error]
    return []


def load(path: str | Path) -> PBNGame:
    """The game of the table log at ``path``.

    >>> load("no-such-log.jsonl")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.PBNSyntaxError: no-such-log.jsonl: the file cannot be read: no such file or folder
    """
    return read_games(read_file(path), str(path))[0]


def dump(game: PBNGame, path: str | Path) -> None:
    """Write the table log of ``game`` to ``path``.

    >>> import os, tempfile
    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> target = os.path.join(tempfile.mkdtemp(), "board.jsonl")
    >>> dump(game_of(Table(EXAMPLE_DEAL, number=4)), target)
    >>> load(target)["Board"]
    '4'
    """
    write_file(path, write_games([game]))
