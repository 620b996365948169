r"""A minimal PBN 2.1 reader and writer for board sets and hand records.

To be replaced by ``arbitro.formats.pbn`` when that module exists: it reads and writes
only what dealing and hand records need. Reading keeps every tag and the lines of data
that follow a tag (such as ``OptimumResultTable``'s rows), skips ``%`` escape lines and
``{…}`` / ``;`` comments, and ends a game at an empty line. A ``#`` value is the
previous game's; a ``##`` value holds for the following games too; and a game that
leaves out the tags naming its board (``Event``, ``Site``, ``Date``, ``Board``,
``Dealer``, ``Vulnerable``, ``Deal``) takes them from the game before, as files that
record each table's result after the deal do. Writing gives PBN 2.1 export format: the
mandatory tags in their order (``?`` where unknown), then the others, games separated by an empty line.

>>> games = loads('[Event "Club"]\n[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n')
>>> board_set = board_set_from_games(games, "example.pbn")
>>> board_set.event, board_set[0].board, board_set[0].line
('Club', Board(1), 3)
>>> print(dumps(games_from_board_set(board_set)).splitlines()[5])
[Board "1"]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from arbitro.core.board import Board
from arbitro.core.deal import Deal
from arbitro.core.errors import NotationError, PBNSyntaxError
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.dealing.dealer import BoardSet, DealtBoard
from arbitro.i18n import N_

MANDATORY_TAGS = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
"""PBN's mandatory tag set, in the order export format writes it."""

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_INHERITED = ("Event", "Site", "Date", "Board", "Dealer", "Vulnerable", "Deal")
_VULNERABLE_WRITTEN = ("None", "NS", "EW", "All")
_VULNERABLE_READ = {
    "NONE": Vulnerability.NONE, "LOVE": Vulnerability.NONE, "-": Vulnerability.NONE,
    "NS": Vulnerability.NS, "EW": Vulnerability.EW,
    "ALL": Vulnerability.ALL, "BOTH": Vulnerability.ALL,
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class PBNTag:
    """One tag pair, with the lines of data that follow it (a table's rows), if any.

    >>> PBNTag("Board", "7")
    PBNTag(name='Board', value='7', rows=(), line=0)
    """

    name: str
    value: str
    rows: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class PBNGame:
    """The tags of one game (one board as played or as dealt), in file order.

    >>> game = PBNGame((PBNTag("Board", "3"),), line=10)
    >>> game["Board"], game.get("Deal"), game.line_of("Board")
    ('3', None, 10)
    """

    tags: tuple[PBNTag, ...]
    line: int = field(default=0, compare=False)

    def tag(self, name: str) -> PBNTag | None:
        """The tag called ``name`` (PBN tag names are case-sensitive), or None.

        >>> PBNGame((PBNTag("Board", "3"),)).tag("Board")
        PBNTag(name='Board', value='3', rows=(), line=0)
        """
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None

    def get(self, name: str) -> str | None:
        """The value of tag ``name``, or None when the game has no such tag.

        >>> PBNGame((PBNTag("Board", "3"),)).get("Event") is None
        True
        """
        tag = self.tag(name)
        return None if tag is None else tag.value

    def line_of(self, name: str) -> int:
        """The line of tag ``name`` in its file (the game's first line if it is missing).

        >>> PBNGame((PBNTag("Deal", "", line=14),), line=10).line_of("Deal")
        14
        """
        tag = self.tag(name)
        return tag.line if tag is not None and tag.line else self.line

    def with_tags(self, *tags: PBNTag) -> PBNGame:
        """This game with ``tags`` added, each replacing a tag of the same name.

        >>> PBNGame((PBNTag("Board", "3"),)).with_tags(PBNTag("Board", "4"))["Board"]
        '4'
        """
        names = {tag.name for tag in tags}
        return PBNGame(
            tuple(tag for tag in self.tags if tag.name not in names) + tuple(tags), self.line
        )

    def __getitem__(self, name: str) -> str:
        value = self.get(name)
        if value is None:
            raise KeyError(name)
        return value


def loads(text: str, source: str = "<text>") -> list[PBNGame]:
    r"""Read the games of a PBN text; ``source`` names the file in errors.

    >>> loads('[Board "1"]\n[Deal "N:…')
    Traceback (most recent call last):
    ...
    arbitro.core.errors.PBNSyntaxError: <text>, line 2: [Deal "N:…: expected a tag such as [Board "1"]
    """
    games: list[PBNGame] = []
    tags: list[PBNTag] = []
    start = 0
    previous: dict[str, PBNTag] = {}
    standing: dict[str, str] = {}
    in_comment = False

    def finish() -> None:
        nonlocal tags
        if tags:
            names = {tag.name for tag in tags}
            carried = [
                PBNTag(name, value, (), start)
                for name, value in standing.items()
                if name not in names
            ]
            names |= standing.keys()
            carried += [
                previous[name] for name in _INHERITED if name in previous and name not in names
            ]
            game = PBNGame((*carried, *tags), start)
            games.append(game)
            previous.clear()
            previous.update((tag.name, tag) for tag in game.tags)
        tags = []

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if in_comment:
            end = line.find("}")
            if end < 0:
                continue
            line = line[end + 1 :]
            in_comment = False
        elif not line.strip():
            finish()
            continue
        if line.startswith("%"):
            continue
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("["):
            position = 0
            rest = stripped
            while rest.startswith("["):
                match = _TAG.match(rest)
                if match is None:
                    raise PBNSyntaxError.at(
                        source,
                        number,
                        rest,
                        N_("expected a tag such as {example}"),
                        example='[Board "1"]',
                    )
                value = _unescape(match.group(2))
                name = match.group(1)
                if value == "#":
                    value = previous[name].value if name in previous else ""
                elif value.startswith("##"):
                    value = standing[name] = value[2:]
                if not tags:
                    start = number
                tags.append(PBNTag(name, value, (), number))
                position = match.end()
                rest = rest[position:].lstrip()
            if rest.startswith("{") and "}" not in rest:
                in_comment = True
            continue
        if stripped.startswith("{"):
            in_comment = "}" not in stripped
            continue
        if stripped.startswith(";"):
            continue
        if not tags:
            raise PBNSyntaxError.at(
                source,
                number,
                stripped,
                N_("expected a tag such as {example}"),
                example='[Board "1"]',
            )
        last = tags[-1]
        tags[-1] = PBNTag(last.name, last.value, (*last.rows, stripped), last.line)
    finish()
    return games


def dumps(games: Iterable[PBNGame]) -> str:
    r"""Write games in PBN 2.1 export format.

    >>> print(dumps([PBNGame((PBNTag("Board", "1"), PBNTag("Note", "a \"b\"")))]))
    % PBN 2.1
    % EXPORT
    [Event "?"]
    [Site "?"]
    [Date "?"]
    [Board "1"]
    [West "?"]
    [North "?"]
    [East "?"]
    [South "?"]
    [Dealer "?"]
    [Vulnerable "?"]
    [Deal "?"]
    [Scoring "?"]
    [Declarer "?"]
    [Contract "?"]
    [Result "?"]
    [Note "a \"b\""]
    <BLANKLINE>
    """
    blocks = ["% PBN 2.1\n% EXPORT\n"]
    for number, game in enumerate(games):
        lines: list[str] = []
        for name in MANDATORY_TAGS:
            tag = game.tag(name) or PBNTag(name, "?")
            lines.extend(_tag_lines(tag))
        for tag in game.tags:
            if tag.name not in MANDATORY_TAGS:
                lines.extend(_tag_lines(tag))
        blocks.append(("\n" if number else "") + "\n".join(lines) + "\n")
    return "".join(blocks)


def _tag_lines(tag: PBNTag) -> list[str]:
    return [f'[{tag.name} "{_escape(tag.value)}"]', *tag.rows]


def _escape(value: str) -> str:
    r"""Escape a tag value as PBN does: a backslash before each quote.

    A backslash is doubled only before a quote, another backslash or the end of the
    value, so that column formats such as ``Result\2R`` stay as PBN files write them.
    """
    return re.sub(r'\\(?=["\\]|$)', r"\\\\", value).replace('"', '\\"')


def _unescape(value: str) -> str:
    """Undo :func:`_escape`: a backslash before a quote or a backslash is dropped."""
    return re.sub(r'\\(["\\])', r"\1", value)


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
