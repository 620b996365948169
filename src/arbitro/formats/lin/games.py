"""LIN for ``arbitro convert`` and ``arbitro check``: boards to and from PBN games.

Each board is replayed at a table (:func:`~arbitro.formats.lin.table.to_table`) and
written as a PBN game (:func:`arbitro.formats.pbn.tables.game_of`), with the players'
names and, for a claim, the tricks it gives declarer as ``Result``; a vugraph board
also with its number (``qx|o12|``), its room (``Room "Open"`` or ``"Closed"``) and
the event, the scoring (``Scoring``) and the two teams (``HomeTeam``, ``VisitTeam``,
``Competition "Teams"``) the file's ``vg`` names. The other way, a PBN game is replayed into a table
and written as a LIN board: the players of its ``North``, ``East``, ``South`` and
``West`` tags (``pn``, leaving out a name PBN gives as ``?``), its ``Result`` in any of
PBN's forms (``10``, ``NS 10``, ``EW 3``) as the claim (``mc``) when the play stops
short, and ``qx|c12|`` for a game of the closed room. Problems come back as
:class:`~arbitro.core.errors.PBNSyntaxError` with the line of the board in its file.

>>> text = "pn|S,W,N,E|md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|ah|Board 1|mb|7N|mb|p|mb|p|mb|p|"
>>> game = read_games(text)[0]
>>> game["Declarer"], game["North"], game["Board"]
('N', 'N', '1')
>>> write_games([game]).startswith("pn|S,W,N,E|md|3")
True
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core.errors import ArbitroError, PBNSyntaxError
from arbitro.formats.lin.model import LinBoard, LinFile, LINSyntaxError
from arbitro.formats.lin.table import LinTableError, from_table, to_table
from arbitro.formats.lin.text import dumps, loads
from arbitro.formats.pbn.model import PBNGame
from arbitro.formats.pbn.table_notes import LeftOutNote
from arbitro.formats.pbn.tables import game_of, table_of
from arbitro.i18n import N_

EXTENSIONS = (".lin",)
"""The file name endings of LIN files."""

_SEATS = ("North", "East", "South", "West")

NEEDS_DEALS = True
"""A LIN board is a deal and its play: a game without a whole deal cannot be written."""


def _located(error: LINSyntaxError) -> PBNSyntaxError:
    problem = error.problems[0]
    reason = problem.reason if isinstance(problem.reason, str) else problem.reason[0]
    return PBNSyntaxError.at(
        error.source, error.line, f"{error.tag}|{error.text}|", reason, **problem.details
    )


def _game(
    board: LinBoard,
    source: str,
    lin: LinFile | None = None,
    left_out: list[PBNSyntaxError] | None = None,
) -> PBNGame:
    try:
        # The claim goes in the game's Result tag, as PBN writes a claim (a play cut short).
        table = to_table(replace(board, claim=None))
    except (LinTableError, ArbitroError) as error:  # ArbitroError: a board number the table refuses
        raise PBNSyntaxError.at(
            source,
            board.line,
            board.title or "",
            N_("the board cannot be replayed: {why}"),
            why=str(error),
        ) from None
    tags: dict[str, str] = {}
    if lin is not None and lin.event is not None:
        tags["Event"] = lin.event
    if lin is not None and lin.scoring is not None:
        tags["Scoring"] = lin.scoring
    if lin is not None and lin.teams is not None:  # a vugraph's match: its two teams
        tags["Competition"] = "Teams"
        tags["HomeTeam"], tags["VisitTeam"] = lin.teams
    if board.players is not None:
        tags.update((seat, name) for seat, name in zip(_SEATS, board.players, strict=True) if name)
    if board.room is not None:
        tags["Room"] = board.room
    if board.claim is not None:
        tags["Result"] = str(board.claim)
    unwritten: list[LeftOutNote] = []
    game = game_of(table, unwritten, **tags)
    if left_out is not None:
        number = game.get("Board") or "?"
        left_out += [note.warning(source, board.line, number) for note in unwritten]
    return game


LEAVES_OUT = True
"""A LIN board's PBN game may leave out what PBN cannot number (a 33rd explained call)."""


def read_games(
    text: str,
    source: str = "<text>",
    *,
    strict: bool = True,
    left_out: list[PBNSyntaxError] | None = None,
) -> list[PBNGame]:
    """The boards of a LIN text as PBN games (boards without a deal are left out).

    An empty file (nothing but spaces) is an error. PBN numbers 32 notes a section: a
    board whose auction explains more calls (BBO's robots explain every call) gives a
    game whose calls after the 32nd explained keep no note, and each is a warning added
    to ``left_out``, naming the file, the board's line and the board; the rest is read.

    >>> read_games("ah|Board 2|")
    []
    >>> read_games(" ", "empty.lin")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.PBNSyntaxError: empty.lin: the file holds no games
    """
    if not text.strip():
        raise PBNSyntaxError.at(source, 0, source, N_("the file holds no games"))
    try:
        lin = loads(text, source)
    except LINSyntaxError as error:
        raise _located(error) from None
    return [_game(board, source, lin, left_out) for board in lin.boards if board.deal is not None]


def write_games(games: list[PBNGame], source: str = "<games>") -> str:
    """The LIN text of PBN games, one board to a line; problems name ``source``.

    >>> write_games([])
    ''
    """
    boards: list[LinBoard] = []
    for game in games:
        _refuse_irregularities(game, source)
        table = table_of(game, source)
        # PBN's "?" is a name not known: LIN leaves its place empty.
        names = tuple(game.known(seat) or "" for seat in _SEATS)
        players = (names[0], names[1], names[2], names[3]) if any(names) else None
        result = game.result_tricks()
        claim = result if len(table.tricks) < 13 and table.contract is not None else None
        board = from_table(table, players=players, claim=claim)
        marker = _marker(game)
        if marker is not None:
            board = replace(board, extras=(("qx", marker),))
        boards.append(board)
    return dumps(LinFile(boards=tuple(boards)))


def _marker(game: PBNGame) -> str | None:
    """The vugraph marker of a game that names its room and board: ``o12`` (open), ``c12`` (closed).

    >>> from arbitro.formats.pbn.model import PBNTag
    >>> _marker(PBNGame((PBNTag("Board", "12"), PBNTag("Room", "Closed"))))
    'c12'
    """
    room, board = game.known("Room"), game.known("Board")
    if room not in ("Open", "Closed") or board is None or not board.isascii():
        return None
    return f"{room[0].lower()}{board}" if board.isdigit() and len(board) <= 9 else None


_MARKS = {"Auction": ("^I", "^S"), "Play": ("^L",)}
"""The PBN marks of an accepted irregularity (PBN 3.9) that LIN has no way to write."""


def _refuse_irregularities(game: PBNGame, source: str) -> None:
    """Refuse a board with an accepted irregularity, which LIN cannot record.

    Laws 27A, 29A, 53-55 and 54A's ``Declarer "^S"``: LIN's calls and cards in turn
    cannot say it, so the board is refused, not written wrong.
    """
    declarer = game.get("Declarer") or ""
    found = [("Declarer", declarer, game.line_of("Declarer"))] if declarer.startswith("^") else []
    for name, marks in _MARKS.items():
        tag = game.tag(name)
        if tag is not None:
            tokens = " ".join(tag.rows).split()
            found += [(name, mark, game.line_of(name)) for mark in marks if mark in tokens]
    if found:
        name, mark, line = found[0]
        raise PBNSyntaxError.at(
            source,
            line,
            mark,
            N_("LIN cannot record the accepted irregularity marked {mark} in {tag}"),
            mark=mark,
            tag=name,
        )


def check(text: str, source: str = "<text>", *, strict: bool = True) -> list[PBNSyntaxError]:
    r"""Every problem of a LIN text: none, or the first, with its line.

    >>> [error.line for error in check("mb|p|\npc|Z9|", "a.lin")]
    [2]
    """
    try:
        read_games(text, source, strict=strict)
    except PBNSyntaxError as error:
        return [error]
    return []
