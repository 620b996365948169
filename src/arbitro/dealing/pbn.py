r"""Board sets and hand records as PBN games: the adapter between dealing and PBN 2.1.

The PBN syntax (the games, their tags, reading and writing) is
:mod:`arbitro.formats.pbn`, the one PBN codec, which sits directly above ``core``.
This module turns its games into a :class:`~arbitro.dealing.dealer.BoardSet` and
back. A board set's file is read leniently (:func:`loads`): a game that leaves out the
tags naming its board (``Event``, ``Site``, ``Date``, ``Board``, ``Dealer``,
``Vulnerable``, ``Deal``) takes them from the game before, as files that record each
table's result after the deal do; a problem of the syntax is refused with its line,
while the tags a set needs are checked by :func:`board_set_from_games`.

>>> games = loads('[Event "Club"]\n[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n')
>>> board_set = board_set_from_games(games, "example.pbn")
>>> board_set.event, board_set[0].board, board_set[0].line
('Club', Board(1), 3)
>>> print(dumps(games_from_board_set(board_set)).splitlines()[5])
[Board "1"]
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitro.core.board import Board
from arbitro.core.deal import Deal
from arbitro.core.errors import NotationError, PBNSyntaxError
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.dealing.dealer import BoardSet, DealtBoard
from arbitro.formats.pbn import PBNFileError, PBNGame, PBNTag, dumps, read
from arbitro.formats.pbn.tag_values import MAX_BOARD
from arbitro.i18n import N_

_VULNERABLE_WRITTEN = ("None", "NS", "EW", "All")
_VULNERABLE_READ = {
    "NONE": Vulnerability.NONE, "LOVE": Vulnerability.NONE, "-": Vulnerability.NONE,
    "NS": Vulnerability.NS, "EW": Vulnerability.EW,
    "ALL": Vulnerability.ALL, "BOTH": Vulnerability.ALL,
}  # fmt: skip

__all__ = ["MAX_BOARD", "PBNGame", "PBNTag", "board_set_from_games", "dumps", "game_of",
           "games_from_board_set", "loads"]  # fmt: skip


def loads(text: str, source: str = "<text>") -> list[PBNGame]:
    r"""The games of a board set's PBN text, read leniently; ``source`` names the file in errors.

    >>> loads('[Board "1"]\n[Deal "N:…')
    Traceback (most recent call last):
    ...
    arbitro.formats.pbn.model.PBNFileError: <text>, line 2: [Deal "N:…: a tag that is never closed
    """
    games, errors = read(text, source, strict=False, values=False)
    if errors:
        raise PBNFileError.of_errors(errors)
    return games


def board_set_from_games(
    games: Sequence[PBNGame], source: str, *, one_event: bool = False
) -> BoardSet:
    r"""The boards of PBN games: ``Board``, ``Deal``, ``Dealer``, ``Vulnerable``, ``Section``.

    The event is the first game's ``Event`` (``?`` counts as none); with ``one_event``
    every game must have the same one. Errors name the file, the line and the tag.

    >>> board_set_from_games(loads('[Event "A"]\n[Board "x"]\n'), "set.pbn")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.PBNSyntaxError: set.pbn, line 2: [Board "x"]: invalid board number 'x': expected a whole number from 1 up
    """
    if not games:
        raise PBNSyntaxError.at(source, 1, "", N_("the file holds no boards"))
    event = _event(games[0])
    boards: list[DealtBoard] = []
    for game in games:
        if one_event and _event(game) != event:
            raise PBNSyntaxError.at(
                source,
                game.line_of("Event"),
                _written(game, "Event"),
                N_("every board of a set must be of the same event, '{event}'"),
                event=event,
            )
        boards.append(_dealt_board(game, source))
    return BoardSet(event, tuple(boards))


def _event(game: PBNGame) -> str:
    value = game.get("Event") or ""
    return "" if value == "?" else value


def _written(game: PBNGame, name: str) -> str:
    value = game.get(name)
    return f"[{name}]" if value is None else f'[{name} "{value}"]'


def _required(game: PBNGame, name: str, source: str) -> str:
    value = game.get(name)
    if value is None or value in ("", "?"):
        raise PBNSyntaxError.at(
            source, game.line, f"[{name}]", N_("board without the tag {tag}"), tag=name
        )
    return value


def _dealt_board(game: PBNGame, source: str) -> DealtBoard:
    """One game's board and deal, with errors that name the file, line and tag."""
    name = "Board"
    try:
        board = Board.from_str(_required(game, "Board", source))
        if board.number > MAX_BOARD:
            raise PBNSyntaxError.at(
                source,
                game.line_of(name),
                _written(game, name),
                N_("expected a board number from 1 to {largest}"),
                largest=MAX_BOARD,
            )
        name = "Dealer"
        dealer_text = game.get("Dealer")
        dealer = None if dealer_text in (None, "", "?") else Seat.from_str(dealer_text or "")
        name = "Vulnerable"
        vulnerable_text = (game.get("Vulnerable") or "").strip()
        vulnerability: Vulnerability | None = None
        if vulnerable_text not in ("", "?"):
            vulnerability = _VULNERABLE_READ.get(vulnerable_text.upper())
            if vulnerability is None:
                raise PBNSyntaxError.at(
                    source,
                    game.line_of(name),
                    _written(game, name),
                    N_("expected one of {choices}"),
                    choices="None, NS, EW, All",
                )
        name = "Deal"
        deal = Deal.from_str(_required(game, "Deal", source))
    except PBNSyntaxError:
        raise
    except NotationError as error:
        raise PBNSyntaxError.at(
            source, game.line_of(name), _written(game, name), N_("{error}"), error=error
        ) from None
    return DealtBoard(
        Board(board.number, dealer, vulnerability),
        deal,
        section=game.get("Section") or "",
        line=game.line_of("Deal"),
    )


def games_from_board_set(board_set: BoardSet) -> list[PBNGame]:
    """PBN games for a set: event, board, dealer, vulnerability, the deal from the dealer.

    >>> from arbitro.dealing.dealer import Dealer, Seed
    >>> game = games_from_board_set(Dealer(Seed.from_hex("00" * 32), "Demo").board_set([2]))[0]
    >>> game["Dealer"], game["Vulnerable"], game["Deal"][:2]
    ('E', 'NS', 'E:')
    """
    return [game_of(dealt, board_set.event) for dealt in board_set]


def game_of(dealt: DealtBoard, event: str) -> PBNGame:
    """The PBN game of one dealt board (export format starts the deal from the dealer).

    >>> from arbitro.core.deal import EXAMPLE
    >>> game_of(DealtBoard(Board(1), EXAMPLE, section="A"), "")["Section"]
    'A'
    """
    board = dealt.board
    tags = [
        PBNTag("Event", event or "?"),
        PBNTag("Board", str(board.number)),
        PBNTag("Dealer", board.dealer.to_str()),
        PBNTag("Vulnerable", _VULNERABLE_WRITTEN[board.vulnerability]),
        PBNTag("Deal", dealt.deal.to_str(first=board.dealer)),
    ]
    if dealt.section:
        tags.append(PBNTag("Section", dealt.section))
    return PBNGame(tuple(tags), dealt.line)
