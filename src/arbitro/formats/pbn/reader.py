r"""A streaming PBN 2.1 reader that collects every problem with its line.

:func:`iter_games` reads line by line and yields each game as soon as its closing
empty line is read; problems go to the list it is given, each a
:class:`~arbitro.core.errors.PBNSyntaxError` naming the file and the line. The
reader never stops at the first problem: a bad tag is skipped, a bad value kept as
written and reported.

Strict mode follows the standard: a game holds each tag once and takes nothing from
the game before except through ``#`` (the previous game's value) and ``##`` (a value
standing for the games that follow). Lenient mode also reads what programs write in
practice: a tag met twice starts a new game, and a game that leaves out the tags
naming its board (``Event``, ``Site``, ``Date``, ``Board``, ``Dealer``,
``Vulnerable``, ``Deal``) takes them from the game before; a game naming another
``Board`` takes only ``Event``, ``Site`` and ``Date`` (Law 2: each board has its own
deal, dealer and vulnerability).

>>> problems = []
>>> games = list(iter_games(['[Board "1"]', '[Dealer "Q"]', '', '[Board "2"]'], "a.pbn", problems))
>>> [game["Board"] for game in games]
['1', '2']
>>> print(problems[0])
a.pbn, line 2: [Dealer "Q"]: expected a seat: N, E, S, W, or ? when unknown
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from arbitro.core.errors import PBNSyntaxError
from arbitro.formats.pbn.model import PBNCutShortError, PBNGame, PBNTag, unescape
from arbitro.formats.pbn.sections import tokens
from arbitro.formats.pbn.tag_values import canonical
from arbitro.formats.pbn.validate import validate
from arbitro.i18n import N_

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_UNUSED = re.compile("[\x7f-\x9f]")
_CONTROL = re.compile("[\x00-\x1f]")
"""The control characters below 32 (a tab among them), which a tag value never holds."""
_OUTSIDE = re.compile(r'"[^"]*"|\{[^}]*\}?|;.*')
"""What a section's row holds that is not data: a string, a comment."""
"""DEL and the control characters 128 to 159, which PBN data never uses (PBN 2.2)."""
_INHERITED = ("Event", "Site", "Date", "Board", "Dealer", "Vulnerable", "Deal")
MAX_LINE = 255
"""The longest line PBN allows, in characters, its line end included (PBN 2.3).

The line end counts as what it is: LF one character, CR LF (export format's, the
"CRLF character-pair") two. A line of 254 characters ending in LF fits (the PBN
verifier's own correct files have such lines); ending in CR LF it does not.
"""


class _Game:
    """The game being read: its tags, their rows, and its comments."""

    def __init__(self) -> None:
        self.tags: list[PBNTag] = []
        self.names: set[str] = set()  # the tags' names, to find a repeated one at once
        self.rows: list[tuple[int, str]] = []
        self.comments: list[str] = []
        self.placed: list[tuple[int, str, str]] = []
        self.open_comment: list[str] = []
        self.line = 0
        self.inherited = False

    def comment(self, text: str) -> None:
        """Keep a whole comment as written, after the tag before it (PBN 3.8)."""
        last = self.tags[-1] if self.tags else None
        self.placed.append((0, "", text) if last is None else (last.line, last.name, text))

    def close_tag(self) -> None:
        """Give the rows read to the last tag; they replace the rows a ``#`` inherited."""
        if self.rows and self.tags:
            last = self.tags[-1]
            kept = () if self.inherited else last.rows
            kept_lines = () if self.inherited else last.row_lines
            self.tags[-1] = PBNTag(
                last.name,
                last.value,
                (*kept, *(row for _, row in self.rows)),
                last.line,
                (*kept_lines, *(line for line, _ in self.rows)),
                last.written,
            )
        self.rows = []
        self.inherited = False


def iter_games(
    lines: Iterable[str],
    source: str = "<text>",
    errors: list[PBNSyntaxError] | None = None,
    *,
    strict: bool = True,
    values: bool = True,
) -> Iterator[PBNGame]:
    """Yield the games of ``lines`` (with or without line ends); problems go to ``errors``.

    With ``values=False`` only the syntax is checked (tags, comments, lines), not what
    the tags say: what a board set needs, whose own reader checks the tags it uses.

    >>> [game.get("Event") for game in iter_games(['[Event "A"]', "", '[Event "#"]'])]
    ['A', 'A']
    """
    errors = [] if errors is None else errors
    game = _Game()
    previous: dict[str, PBNTag] = {}
    standing: dict[str, PBNTag] = {}
    in_comment = False
    comment_line = 0  # where the open comment started

    def finish() -> Iterator[PBNGame]:
        nonlocal game
        game.close_tag()
        if game.tags:
            names = {tag.name for tag in game.tags}
            carried = [tag for name, tag in standing.items() if name not in names]
            names |= standing.keys()
            board = next((tag.value for tag in game.tags if tag.name == "Board"), None)
            before = previous.get("Board")
            # Law 2: another board has its own deal, dealer and vulnerability.
            same_board = board is None or (before is not None and before.value == board)
            if not strict:
                carried += [
                    previous[name]
                    for name in _INHERITED
                    if name in previous
                    and name not in names
                    and (same_board or name in ("Event", "Site", "Date"))
                ]
            read = tuple(_canonical(tag, strict) for tag in game.tags)
            built = PBNGame((*carried, *read), game.line, tuple(game.comments), tuple(game.placed))
            if values:
                errors.extend(validate(built, source, strict=strict))
            previous.clear()
            previous.update((tag.name, tag) for tag in built.tags)
            yield built
        game = _Game()

    def read_tag(name: str, value: str, line: int) -> Iterator[PBNGame]:
        """Read the tag at ``line`` into the game; one that starts the next game ends this one."""
        try:
            _tag(name, value, line, game, previous, standing, source, errors, strict)
        except _NewGameError as repeated:
            yield from finish()
            game.tags.append(repeated.tag)
            game.names.add(repeated.tag.name)
            game.line = line

    number = 0
    open_tag: OpenTag | None = None
    export = False
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r\n")
        if len(line) + _ending(raw) > MAX_LINE:
            errors.append(
                PBNSyntaxError.at(
                    source,
                    number,
                    line[:40] + "…",
                    N_("a line longer than {count} characters with its line end"),
                    count=MAX_LINE,
                )
            )
        unused = _UNUSED.search(line)
        if unused is not None and not line.startswith("%"):
            errors.append(
                PBNSyntaxError.at(
                    source,
                    number,
                    _UNUSED.sub("?", line.strip()[:40]),
                    N_("a character PBN does not use: {character}"),
                    character=repr(unused.group()),
                )
            )
        if open_tag is not None and (not line.strip() or line.lstrip()[:1] in ("[", "%")):
            errors.append(
                PBNSyntaxError.at(
                    source, open_tag.line, _shown(open_tag.text()), N_("a tag that is never closed")
                )
            )
            open_tag = None
        if open_tag is not None:
            closed = open_tag.add(line.strip())
            if closed is None:
                continue
            start = open_tag.line
            open_tag = None
            match = _TAG.fullmatch(closed.strip())
            if match is None:
                errors.append(
                    PBNSyntaxError.at(
                        source,
                        start,
                        _shown(closed),
                        N_("expected a tag such as {example}"),
                        example='[Board "1"]',
                    )
                )
            else:
                yield from read_tag(match.group(1), match.group(2), start)
            continue
        if in_comment:
            end = line.find("}")
            if end < 0:
                game.comments.append(line)
                game.open_comment.append(line)
                continue
            game.comments.append(line[:end])
            game.comment("\n".join([*game.open_comment, line[: end + 1]]))
            game.open_comment = []
            line, in_comment = line[end + 1 :], False
        elif line.startswith("%"):
            export = export or line[1:].strip() == "EXPORT"
            continue
        elif not line.strip():
            yield from finish()
            continue
        position = 0
        while position < len(line):
            character = line[position]
            if character in " \t":
                position += 1
            elif character == "[":
                match = _TAG.match(line, position)
                if match is None and _closing(line[position:]) < 0:
                    open_tag = OpenTag(line[position:], number)
                    break
                if match is None:
                    errors.append(
                        PBNSyntaxError.at(
                            source,
                            number,
                            line[position:],
                            N_("expected a tag such as {example}"),
                            example='[Board "1"]',
                        )
                    )
                    break
                if export and strict and position > 0:
                    errors.append(
                        PBNSyntaxError.at(
                            source,
                            number,
                            match.group(),
                            N_("in export format a tag starts its own line"),
                        )
                    )
                position = match.end()
                yield from read_tag(match.group(1), match.group(2), number)
            elif character == "{":
                end = line.find("}", position)
                if end < 0:
                    game.comments.append(line[position + 1 :])
                    game.open_comment = [line[position:]]
                    in_comment, comment_line = True, number
                    break
                game.comments.append(line[position + 1 : end])
                game.comment(line[position : end + 1])
                position = end + 1
            elif character == ";":
                game.comments.append(line[position + 1 :])
                game.comment(line[position:])
                break
            else:
                if not game.tags:
                    errors.append(
                        PBNSyntaxError.at(
                            source,
                            number,
                            line[position:].strip(),
                            N_("expected a tag such as {example}"),
                            example='[Board "1"]',
                        )
                    )
                else:
                    _check_row(line[position:], number, source, errors)
                    if export and strict:
                        _check_export_row(game.tags[-1], line[position:], number, source, errors)
                    table = game.tags[-1].name.endswith("Table")
                    game.rows.append((number, line if table else line[position:]))
                break
    # A tag or a comment still open where the file ends: the file is cut short.
    if open_tag is not None:
        errors.append(
            PBNCutShortError.at(
                source, open_tag.line, _shown(open_tag.text()), N_("a tag that is never closed")
            )
        )
    if in_comment:
        errors.append(
            PBNCutShortError.at(source, comment_line, "{", N_("a comment that is never closed"))
        )
    yield from finish()


def _canonical(tag: PBNTag, strict: bool) -> PBNTag:
    """``tag`` with its value as export format writes it, where import format may differ.

    Lower case (PBN 3.11) and ranks in any order (3.4.11) are read in either mode, so
    that what a game says is read the same however it is written (``2Dx`` is ``2DX``);
    lenient mode also reads ``4N`` as ``4NT``.

    >>> _canonical(PBNTag("Contract", "2Dx"), True).value
    '2DX'
    """
    value = canonical(tag.name, tag.value, lenient=not strict)
    if value == tag.value:
        return tag
    return PBNTag(tag.name, value, tag.rows, tag.line, tag.row_lines, tag.written)


def _ending(raw: str) -> int:
    r"""The characters of the line end of ``raw`` (a line as split, with or without its end).

    CR LF counts two, LF one; a line without its end (split at LF) one.

    >>> _ending("a\r\n"), _ending("a\r"), _ending("a\n"), _ending("a")
    (2, 2, 1, 1)
    """
    return 2 if raw.endswith(("\r", "\r\n")) else 1


class OpenTag:
    """A tag whose ``]`` has not come yet, continued on the lines that follow.

    Each line is read once, the state of its quotes carried from one to the next: a
    tag left open over many lines costs their length, not its square.

    >>> tag = OpenTag('[Note "a ] b', 3)
    >>> tag.add('c"'), tag.add("] rest")
    (None, '[Note "a ] b c" ]')
    """

    def __init__(self, first: str, line: int) -> None:
        self.line = line
        self.parts = [first]
        self.quoted = self.escaped = False
        self.scan(first)

    def scan(self, text: str) -> int:
        """Carry the quotes' state over ``text``; the position of a closing ``]``, or -1."""
        for position, character in enumerate(text):
            if self.escaped:
                self.escaped = False
            elif character == "\\":
                self.escaped = True
            elif character == '"':
                self.quoted = not self.quoted
            elif character == "]" and not self.quoted:
                return position
        return -1

    def add(self, line: str) -> str | None:
        """Continue the tag on ``line``: the tag up to its ``]`` once closed, else None."""
        piece = " " + line
        end = self.scan(piece)
        if end < 0:
            self.parts.append(piece)
            return None
        return "".join(self.parts) + piece[: end + 1]

    def text(self) -> str:
        """The tag as read so far."""
        return "".join(self.parts)


def _shown(text: str) -> str:
    """A tag as an error names it: its start, when it runs over many lines.

    >>> _shown('[Note "' + "x" * 300)[-3:]
    'xx…'
    """
    return text if len(text) <= 80 else text[:60] + "…"


def _closing(text: str) -> int:
    """The position of the ``]`` that closes a tag opened in ``text``, or -1.

    >>> _closing('[Event "a]b"] x'), _closing('[Event')
    (12, -1)
    """
    quoted = False
    escaped = False
    for position, character in enumerate(text):
        if escaped:
            escaped = False
        elif character == "\\":
            escaped = True
        elif character == '"':
            quoted = not quoted
        elif character == "]" and not quoted:
            return position
    return -1


def _check_export_row(
    tag: PBNTag, row: str, number: int, source: str, errors: list[PBNSyntaxError]
) -> None:
    """In export format an auction or play row holds at most four calls or cards (3.5, 3.6)."""
    if tag.name not in ("Auction", "Play"):
        return
    written = [
        token.text
        for token in tokens(PBNTag(tag.name, tag.value, (row,)))
        if token.text == "^S" or token.text[0] not in "=$!?^*"
    ]
    if len(written) > 4:
        errors.append(
            PBNSyntaxError.at(
                source,
                number,
                row.strip(),
                N_("in export format a row holds at most four calls or cards, not {count}"),
                count=len(written),
            )
        )


def _check_row(row: str, number: int, source: str, errors: list[PBNSyntaxError]) -> None:
    """Report characters PBN forbids in section data outside comments and strings."""
    outside = _OUTSIDE.sub("", row)
    for character in outside:
        if character in "[]%}" or (ord(character) < 32 and character != "\t"):
            errors.append(
                PBNSyntaxError.at(
                    source,
                    number,
                    row.strip(),
                    N_("a character PBN does not allow here: {character}"),
                    character=repr(character),
                )
            )
            return


def _tag(
    name: str,
    written: str,
    number: int,
    game: _Game,
    previous: dict[str, PBNTag],
    standing: dict[str, PBNTag],
    source: str,
    errors: list[PBNSyntaxError],
    strict: bool,
) -> None:
    """Add a tag to the game being read: inheritance, repeated tags, bad characters."""
    game.close_tag()
    value = unescape(written)
    if _CONTROL.search(value) is not None:
        errors.append(
            PBNSyntaxError.at(
                source,
                number,
                f'[{name} "{value}"]',
                N_("a control character (such as a tab) in a tag value"),
            )
        )
    rows: tuple[str, ...] = ()
    row_lines: tuple[int, ...] = ()
    if value == "#":
        if name in previous:
            inherited = previous[name]
            value, rows = inherited.value, inherited.rows
            row_lines = (number,) * len(rows)
        else:
            errors.append(
                PBNSyntaxError.at(
                    source,
                    number,
                    f'[{name} "#"]',
                    N_("no game before this one has the tag {name}"),
                    name=name,
                )
            )
            value = ""
    elif value.startswith("##"):
        value = value[2:]
        standing[name] = PBNTag(name, value, (), number)
    if name != "Note" and name in game.names:
        if strict:
            errors.append(
                PBNSyntaxError.at(
                    source,
                    number,
                    f'[{name} "{value}"]',
                    N_("the tag {name} is already in this game"),
                    name=name,
                )
            )
            return
        raise _NewGameError(PBNTag(name, value, rows, number, row_lines))
    if not game.tags:
        game.line = number
    game.tags.append(PBNTag(name, value, rows, number, row_lines, written))
    game.names.add(name)
    game.inherited = bool(rows)


class _NewGameError(Exception):
    """Raised in lenient mode when a repeated tag starts a new game."""

    def __init__(self, tag: PBNTag) -> None:
        super().__init__(tag.name)
        self.tag = tag
