r"""A PBN teams file: its games as the two tables of each match (PBN 2.1, Law 78B).

A PBN file is a teams event's when a game says ``[Competition "Teams"]``, or when every
game with a result names its ``HomeTeam`` and ``VisitTeam`` (and no game holds a score
table: a teams event's ``ScoreTable`` is refused as :data:`~arbitro.formats.travellers.TEAMS_TABLES`
says). Each game is one table's result of a match between its two teams
(:func:`seated_teams`): the home team sits North-South in the open room
(``[Room "Open"]``) and East-West in the closed room (``[Room "Closed"]``); a game that
names no room has its home team North-South at its own table, as the files that give each
table its own ``HomeTeam`` write it (the other table of the match then names the teams
the other way round). A board of a match is played at its two tables, the teams
swapping directions: a board with the same team North-South at both, or at more than two
tables, is refused, naming the line.

The games are split in sessions by their ``Stage`` and ``Round`` (a match played in
segments repeats its boards, one segment a stage): one session to each value, in the
order the file first gives them.

>>> games = pbn.loads('[Board "1"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n[Room "Open"]\n'
...     '[North "n"]\n[South "s"]\n[East "e"]\n[West "w"]\n[Vulnerable "None"]\n'
...     '[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n\n'
...     '[Board "1"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n[Room "Closed"]\n'
...     '[North "n2"]\n[South "s2"]\n[East "e2"]\n[West "w2"]\n[Vulnerable "None"]\n'
...     '[Declarer "E"]\n[Contract "3S"]\n[Result "9"]\n')
>>> is_teams(games)
True
>>> team_tables(games, "m.pbn").sessions[0]
(TableResult(1, 'A', 'B', Result.played(420), line=11), TableResult(1, 'B', 'A', Result.played(-140), line=24))
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass, field

from arbitro.core.board import Board
from arbitro.formats import pbn
from arbitro.formats.pbn_results import GAME_TAGS, game_origin, game_row
from arbitro.formats.travellers import HEADER, PBN_METHODS, Rows, marked_boards
from arbitro.i18n import N_
from arbitro.scoring.session import Method, TableResult
from arbitro.scoring.traveller_errors import InvalidTravellerError, TravellerWarning

__all__ = ["TeamTables", "is_teams", "seated_teams", "team_tables"]

TEAM_TAGS = {**GAME_TAGS, "ns": "HomeTeam", "ew": "VisitTeam"}
"""The PBN tags of the travellers' columns of a teams game: its teams are its pairs."""

ROOMS = {"open": False, "closed": True}
"""Each ``Room`` a teams game may name, and whether its home team sits East-West there."""


def _has_result(game: pbn.PBNGame) -> bool:
    return game.known("Contract") is not None or game.known("Score") is not None


def is_teams(games: list[pbn.PBNGame]) -> bool:
    r"""Whether PBN games are a teams event's (see the module).

    >>> is_teams(pbn.loads('[Board "1"]\n[Competition "Teams"]\n'))
    True
    >>> is_teams(pbn.loads('[Board "1"]\n[North "n"]\n[Contract "4S"]\n'))
    False
    """
    if any(game.tag("ScoreTable") is not None for game in games):
        return False
    if any((game.known("Competition") or "").lower() == "teams" for game in games):
        return True
    played = [game for game in games if game.known("Board") is not None and _has_result(game)]
    return bool(played) and all(
        game.known("HomeTeam") and game.known("VisitTeam") for game in played
    )


def seated_teams(game: pbn.PBNGame, source: str = "<games>") -> tuple[str, str]:
    r"""A teams game's North-South and East-West teams: its ``HomeTeam`` North-South but in the closed room.

    >>> game = pbn.loads('[Board "1"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n[Room "Closed"]\n')[0]
    >>> seated_teams(game)
    ('B', 'A')
    >>> seated_teams(pbn.loads('[Board "4"]\n[HomeTeam "A"]\n')[0], "m.pbn")
    Traceback (most recent call last):
    ...
    arbitro.scoring.traveller_errors.InvalidTravellerError: m.pbn, line 1: board 4: a teams game names its two teams, in the tags HomeTeam and VisitTeam
    """
    home, visit = game.known("HomeTeam") or "", game.known("VisitTeam") or ""
    line = game.line_of("Board")
    if not (home and visit) or home == visit:
        raise InvalidTravellerError(
            source,
            line,
            None,
            N_(
                "board {board}: a teams game names its two teams, in the tags HomeTeam and VisitTeam"
            ),
            board=game.known("Board"),
        )
    room = game.known("Room")
    if room is not None and room.lower() not in ROOMS:
        raise InvalidTravellerError(
            source,
            game.line_of("Room"),
            None,
            N_("board {board}: expected the room Open or Closed, found '{room}'"),
            board=game.known("Board"),
            room=room,
        )
    closed = room is not None and ROOMS[room.lower()]
    return (visit, home) if closed else (home, visit)


@dataclass(frozen=True)
class TeamTables:
    """A PBN teams file's tables, session by session: each table's result, its teams as its pairs.

    ``stages`` names each session as the file does (its ``Stage`` and ``Round``, empty
    when it names none); ``method`` is the file's ``Scoring``, or None; ``rows`` each
    session's travellers rows (:func:`~arbitro.formats.pbn_results.game_row`'s, the teams
    in place of the players), in the order of its results; ``warnings`` what reading
    them told (a score Law 77 gives no result, kept as written); ``marked`` the boards
    the games mark otherwise than Law 2, by number
    (:func:`~arbitro.formats.travellers.marked_boards`): each table's score is its.
    """

    sessions: tuple[tuple[TableResult, ...], ...]
    stages: tuple[str, ...]
    rows: tuple[tuple[tuple[str, ...], ...], ...] = ()
    method: Method | None = None
    warnings: tuple[TravellerWarning, ...] = ()
    marked: Mapping[int, Board] = field(default_factory=dict)


def _stage(game: pbn.PBNGame) -> str:
    return " ".join(filter(None, (game.known("Stage"), game.known("Round"))))


def team_tables(games: list[pbn.PBNGame], source: str) -> TeamTables:
    """The tables of a PBN teams file's matches, session by session (see the module).

    Each game's result is read as ``arbitro session score`` reads one table's
    (:func:`~arbitro.formats.pbn_results.game_row`), its teams in place of its players.
    """
    stages: dict[str, list[tuple[pbn.PBNGame, list[str]]]] = {}
    method: Method | None = None
    marked = marked_boards(games)  # what the tables played (Law 2), as the pairs' files
    for game in games:
        board = game.known("Board")
        if board is None or not _has_result(game):
            continue
        ns, ew = seated_teams(game, source)
        single = game_row(game, board)
        if single is None:  # its players are not all named: they are not needed here
            single = _unnamed_row(game, board)
        single[1:3] = [ns, ew]
        method = method or PBN_METHODS.get(game.get("Scoring") or "")
        stages.setdefault(_stage(game), []).append((game, single))
    sessions = []
    rows: list[tuple[tuple[str, ...], ...]] = []
    warnings: list[TravellerWarning] = []
    for played in stages.values():
        rooms = _check_tables(played, source)
        results: list[TableResult] = []
        for room in (0, 1):  # a team plays a board once in each room: read room by room
            written = io.StringIO()
            writer = csv.writer(written, lineterminator="\n")
            writer.writerow(HEADER)
            origins = []
            for (game, row), at in zip(played, rooms, strict=True):
                if at == room:
                    writer.writerow([*row, ""])
                    origins.append(game_origin(game, TEAM_TAGS))
            read = Rows(written.getvalue(), method, tuple(origins), marked=marked).read(source)
            results += read.results
            warnings += read.warnings
        results.sort(key=lambda table: table.line or 0)
        sessions.append(tuple(results))
        lines = {table.line for table in results}
        rows.append(
            tuple(
                tuple(row)
                for line, row in sorted((_line(game), row) for game, row in played)
                if line in lines
            )
        )
    return TeamTables(tuple(sessions), tuple(stages), tuple(rows), method, tuple(warnings), marked)


def _line(game: pbn.PBNGame) -> int:
    """The line a game's result is read from (its ``Contract``, else its ``Score``)."""
    return game.line_of("Contract" if game.known("Contract") is not None else "Score")


def _unnamed_row(game: pbn.PBNGame, board: str) -> list[str]:
    """A game's row (:func:`game_row`'s) read with placeholder players: its teams replace them."""
    seats = ("North", "South", "East", "West")
    named = pbn.PBNGame(
        (
            *(tag for tag in game.tags if tag.name not in seats),
            *(pbn.PBNTag(seat, "-") for seat in seats),
        )
    )
    row = game_row(named, board)
    assert row is not None  # a game with a result, its players named
    return row


def _check_tables(played: list[tuple[pbn.PBNGame, list[str]]], source: str) -> list[int]:
    """Each board of a match at two tables at most, the teams swapping directions (Law 78B).

    Each game's room: 0 for the first table of its board in its match, 1 for the other.
    """
    rooms = []
    seen: dict[tuple[str, frozenset[str]], list[str]] = {}
    for game, row in played:
        board, ns, ew = row[:3]
        tables = seen.setdefault((board, frozenset((ns, ew))), [])
        if ns in tables:
            raise InvalidTravellerError(
                source,
                game.line_of("Board"),
                None,
                N_(
                    "board {board} of the match {ns} v {ew}: team {ns} already sits "
                    "North-South at another table; expected the teams to swap directions "
                    '(the home team East-West in [Room "Closed"]), or the segments of the '
                    "match told apart by their Stage tag"
                ),
                board=board,
                ns=ns,
                ew=ew,
            )
        rooms.append(len(tables))
        tables.append(ns)
    return rooms
