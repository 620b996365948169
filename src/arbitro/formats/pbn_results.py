r"""A PBN game that records one table's result, as a row of travellers.

A PBN file without score tables (a program's export of one table's play, a LIN file
converted) gives each game's result in its tags: ``Contract``, ``Declarer``,
``Result`` and ``Score``, its pairs named by their players (``North - South``,
``East - West``). :func:`game_row` reads such a game as a travellers row, and
:func:`game_origin` says where each of its columns stands in the file, so that a
message names the tag and its line. A file whose games have results but not their
players has nothing to score: :func:`refuse_unnamed` says so.

>>> game = pbn.loads('[Board "1"]\n[North "Ana"]\n[South "Luis"]\n[East "Eva"]\n[West "Pau"]\n'
...                  '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n')[0]
>>> game_row(game, "1")
['1', 'Ana - Luis', 'Eva - Pau', '4S', 'N', '10', '', '']
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction

from arbitro.core.errors import ArbitroError
from arbitro.core.seat import Seat, Side
from arbitro.formats import pbn
from arbitro.i18n import N_
from arbitro.scoring.traveller_errors import InvalidTravellerError
from arbitro.scoring.travellers import Origin

GAME_TAGS = {
    "board": "Board",
    "ns": "North",
    "ew": "East",
    "contract": "Contract",
    "declarer": "Declarer",
    "tricks": "Result",
    "score": "Score",
}
"""The PBN tags of the travellers' columns of a game that records one table's result."""


UNNAMED = N_(
    "board {board} has a result but no pairs to score it for: a game without a "
    "ScoreTable names its pairs by their players, in the tags North, South, East and "
    "West (missing: {missing})"
)
"""Why a PBN file whose games have results, but not their players, has nothing to score."""

_SEATS = ("North", "South", "East", "West")


def game_result(game: pbn.PBNGame) -> bool:
    r"""Whether a game records a table's result: a ``Contract`` or a ``Score`` tag with a value.

    >>> played, dealt = pbn.loads('[Board "1"]\n[Contract "4S"]\n\n[Board "2"]\n')
    >>> game_result(played), game_result(dealt)
    (True, False)
    """
    return game.known("Contract") is not None or game.known("Score") is not None


def refuse_unnamed(game: pbn.PBNGame, source: str) -> None:
    r"""Refuse a file whose only results are in ``game`` and others that do not name their players.

    >>> refuse_unnamed(pbn.loads('[Board "3"]\n[North "Ana"]\n[Contract "4S"]\n')[0], "a.pbn")
    Traceback (most recent call last):
    ...
    arbitro.scoring.traveller_errors.InvalidTravellerError: a.pbn, line 1: board 3 has a result but no pairs to score it for: a game without a ScoreTable names its pairs by their players, in the tags North, South, East and West (missing: South, East, West)
    """
    missing = [seat for seat in _SEATS if not game.known(seat)]
    raise InvalidTravellerError(
        source,
        game.line_of("Board"),
        None,
        UNNAMED,
        board=game.known("Board"),
        missing=", ".join(missing),
    )


def game_origin(game: pbn.PBNGame, tags: Mapping[str, str]) -> Origin:
    r"""Where the row of a game's one result stands: its ``Contract`` (else ``Score``), each tag's own line.

    ``tags`` names the travellers' columns as the game's tags (:data:`GAME_TAGS`): a
    message about a column names the tag and its line.

    >>> game = pbn.loads('[Board "1"]\n[Contract "4S"]\n[Result "14"]\n', strict=False)[0]
    >>> origin = game_origin(game, GAME_TAGS)
    >>> origin.line, origin.lines["tricks"], origin.tags
    (2, 3, True)
    """
    at = "Contract" if game.known("Contract") is not None else "Score"
    lines = {column: game.line_of(tag) for column, tag in tags.items() if game.tag(tag) is not None}
    return Origin(game.line_of(at), tags, lines, tags=True)


_SIDED = re.compile(r"(NS|EW)\s+([+-]?[0-9]{1,9}(?:\.[0-9]*)?)")
_PLAIN = re.compile(r"[+-]?[0-9]{1,9}(?:\.[0-9]*)?")


def sided_value(text: str, declarer: Seat | None) -> Fraction | None:
    """North-South's value of a ``Score``-like tag (``NS 420``, ``EW -50``, or declarer's ``420``).

    A value that names no side is the declarer's side's (PBN 2.1, 3.4.12-3.4.13). None
    when the value cannot be read, or names no side and there is no declarer.

    >>> sided_value("NS 4 EW -4", None), sided_value("EW -0", None), sided_value("50", Seat.EAST)
    (Fraction(4, 1), Fraction(0, 1), Fraction(-50, 1))
    """
    stripped = text.strip()
    sides = dict(_SIDED.findall(stripped))
    if "NS" in sides:
        return Fraction(sides["NS"])
    if "EW" in sides:
        return -Fraction(sides["EW"])
    if _PLAIN.fullmatch(stripped) and declarer is not None:
        value = Fraction(stripped)
        return value if declarer.side is Side.NS else -value
    return None


def game_declarer(game: pbn.PBNGame) -> Seat | None:
    r"""The seat of a game's ``Declarer`` tag (``^`` before it is dropped), or None.

    >>> game_declarer(pbn.loads('[Board "1"]\n[Declarer "^E"]\n')[0])
    Seat.EAST
    """
    written = (game.known("Declarer") or "").lstrip("^")
    try:
        return Seat.from_str(written) if written else None
    except ArbitroError:
        return None


def game_row(game: pbn.PBNGame, board: str) -> list[str] | None:
    r"""The row of a game that records one table's result, or None.

    Its tags ``Contract``, ``Declarer``, ``Result`` and ``Score``; its pairs named by
    their players. ``Result`` may be written in any of PBN's forms (``NS 10 EW 3``):
    the row has declarer's tricks. A ``Score`` that names no side is the declarer's
    side's (:func:`sided_value`): the row has North-South's.

    >>> game = pbn.loads('[Board "1"]\n[North "Ana"]\n[South "Luis"]\n[East "Eva"]\n[West "Pau"]\n'
    ...                  '[Declarer "E"]\n[Contract "4S"]\n[Result "10"]\n[Score "420"]\n')[0]
    >>> game_row(game, "1")
    ['1', 'Ana - Luis', 'Eva - Pau', '4S', 'E', '10', '', '-420']
    """
    contract, score = game.known("Contract"), game.known("Score")
    players = [game.known(seat) for seat in ("North", "South", "East", "West")]
    if (contract is None and score is None) or not all(players):
        return None
    value = None if score is None else sided_value(score, game_declarer(game))
    ns_score = str(value) if value is not None and value.denominator == 1 else ""
    passed = contract is not None and contract.lower() in ("pass", "passed")
    tricks = game.result_tricks()  # any of PBN's forms: 10, ^10, NS 10, EW 3, NS 10 EW 3
    result = str(tricks) if tricks is not None else game.known("Result") or ""
    return [
        board,
        f"{players[0]} - {players[1]}",
        f"{players[2]} - {players[3]}",
        "Pass" if passed else contract or "",
        "" if passed else (game.known("Declarer") or "").lstrip("^"),
        "" if passed or contract is None else result,
        "",
        ns_score,
    ]


__all__ = [
    "GAME_TAGS",
    "UNNAMED",
    "game_declarer",
    "game_origin",
    "game_result",
    "game_row",
    "refuse_unnamed",
    "sided_value",
]
