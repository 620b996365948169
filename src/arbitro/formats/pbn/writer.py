r"""Games written in PBN 2.1 export format.

Export format (:func:`exported`): the header ``% PBN 2.1`` and ``% EXPORT``; in each
game the fifteen tags of the mandatory tag set in their order (``?`` where a game
lacks one), then the auction and the play sections with their notes, then the other
tags in alphabetical order (PBN 3.4), each followed by its rows; each game followed
by an empty line; inheritance (``#``) already resolved. What import format allows
is written as export format wants it: values upper case (``2DX``, 3.11),
``Vulnerable`` ``None`` or ``All`` (3.4.10), the ``Deal`` from the dealer with each
suit's ranks from the ace down (3.4.11), the ``Result`` as declarer's tricks (empty,
as ``Declarer``, when all four pass; 3.4.15), an ``Auction`` from the dealer and
auction and play rows of at most four calls or cards with one space between tokens
(3.5, 3.6), a suffix annotation as its NAG (``!`` after a call ``$1``, after a card
``$7``; 3.5.2, 3.6.2). A tag Árbitro does not model is written back with its value
and rows unchanged. A line keeps within PBN's 255 characters with its CR LF (2.3): a
value too long for its line (an explanation carried from a LIN file or a table log)
is cut to fit, ending ``...``, and :func:`cuts` names each one so that the user is
told.

:func:`encode` turns the text into the file's bytes: ISO 8859-1 (Latin-1), PBN's
character set (2.2), unless UTF-8 is asked for, each line ending in CR LF as export
format wants (2.3). In Latin-1 the suit symbols are
written ``\S``, ``\H``, ``\D``, ``\C``, PBN's notation for them (3.8); any other
character outside Latin-1 is an error naming the board, the tag and the character,
and nothing is written. A whole file says its character set after ``% EXPORT``, as
Bridge Composer does: ``%Content-type: text/x-pbn; charset=ISO-8859-1`` (an escape
line, which readers that do not know it skip).

>>> from arbitro.formats.pbn.model import PBNGame, PBNTag, unescape
>>> print(dumps([PBNGame((PBNTag("Board", "1"), PBNTag("Note", 'a "b"')))]).splitlines()[5:7])
['[Board "1"]', '[West "?"]']
>>> encode('[North "Muñoz"]\n')
b'[North "Mu\xf1oz"]\r\n'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from arbitro.core.errors import PBNSyntaxError, shown
from arbitro.core.seat import Seat
from arbitro.formats.pbn.model import PBNGame, PBNNote, PBNTag, unescape
from arbitro.formats.pbn.sections import SUFFIXES, read_auction, tokens
from arbitro.formats.pbn.tag_values import canonical
from arbitro.i18n import N_

MANDATORY_TAGS = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
"""PBN's mandatory tag set, in the order export format writes it."""

HEADER = "% PBN 2.1\n% EXPORT\n"
"""The first lines of a file in export format."""


CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
"""The characters a PBN string never holds: a tab, a line end, any other control
character (PBN 2.3 and 3.2), DEL and the characters 128 to 159 (2.2)."""


def escape(value: str, *, table: bool = False) -> str:
    r"""A tag value as PBN writes it: a backslash before each quote and each backslash.

    A tab, a line end or any other :data:`CONTROL` character becomes a space: no string
    holds one (PBN 3.2), and a line end would split the tag (a player's explanation
    ``transfer\n[Board "99"]`` would write a tag of its own). In the column formats of
    a table tag (``Result\2R``) a backslash is doubled only before a quote, another
    backslash or the end, as files write them.

    >>> print(escape('say "hi" 2\\3'), escape("Rank\\2R;Result", table=True))
    say \"hi\" 2\\3 Rank\2R;Result
    >>> escape('transfer\n[Board "99"]\tand')
    'transfer [Board \\"99\\"] and'
    """
    value = CONTROL.sub(" ", value)
    if table:
        return re.sub(r'\\(?=["\\]|$)', r"\\\\", value).replace('"', '\\"')
    return value.replace("\\", "\\\\").replace('"', '\\"')


_LONGEST = 253
"""The longest line written: PBN 2.3's 255 characters, less export format's line end, CR LF."""

SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
"""The suit symbols and the letter PBN writes each with, after a backslash (3.8)."""

CUT = "..."
"""How a value cut to fit its line ends (ASCII, so that it is in every character set)."""


def _length(written: str) -> int:
    r"""The characters a tag's written value takes once encoded: a suit symbol takes three (``\C``).

    >>> _length("2♣ relay")
    10
    """
    return len(written) + 2 * sum(written.count(symbol) for symbol in SUIT_LETTERS)


def _value(tag: PBNTag) -> str:
    """The value of ``tag`` as written: as read when it was read (and holds no control character), else escaped."""
    if (
        tag.written is not None
        and unescape(tag.written) == tag.value
        and not CONTROL.search(tag.written)
    ):
        return tag.written
    return escape(tag.value, table=tag.name.endswith("Table"))


def fitted(tag: PBNTag) -> PBNTag:
    """``tag`` with its value cut, ending :data:`CUT`, when its line would be longer than 255 characters.

    Only a plain value is cut (a tag without rows: a note, a name, an event), one
    Árbitro made or one read from a file whose line was longer than export format's
    (its end, CR LF, counts two of the 255); a tag with rows (a section, a table) is
    written whole. The cut falls after a word when one ends in the last quarter of what
    fits.

    >>> tag = fitted(PBNTag("Note", "1:" + "transfer " * 40))
    >>> len(tag_lines(tag)[0]), tag.value[-12:]
    (247, ' transfer...')
    >>> fitted(PBNTag("Board", "1")) == PBNTag("Board", "1")
    True
    """
    room = _LONGEST - len(tag.name) - 5  # [Name "value"]
    if tag.rows or _length(_value(tag)) <= room:
        return tag
    kept: list[str] = []
    used = len(CUT)
    for character in tag.value:
        used += _length(escape(character))
        if used > room:
            break
        kept.append(character)
    text = "".join(kept)
    space = text.rfind(" ")
    if space >= len(text) * 3 // 4:
        text = text[:space]
    return PBNTag(tag.name, text.rstrip() + CUT, tag.rows, tag.line, tag.row_lines)


def tag_lines(tag: PBNTag) -> list[str]:
    """The lines of one tag: the tag pair, then its rows (a tab in them written as a space).

    >>> tag_lines(PBNTag("Auction", "N", ("1NT AP",)))
    ['[Auction "N"]', '1NT AP']
    """
    tag = fitted(tag)
    value = _value(tag)
    return [f'[{tag.name} "{value}"]', *(CONTROL.sub(" ", row) for row in tag.rows)]


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


def _from_dealer(tag: PBNTag, dealer: Seat | None) -> PBNTag:
    """An ``Auction`` tag that starts before the dealer with ``-``, started at the dealer (3.5).

    >>> _from_dealer(PBNTag("Auction", "W", ("- 1NT Pass Pass", "Pass")), Seat.NORTH)
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


_EXPORTED_VULNERABLE = {"Love": "None", "-": "None", "Both": "All"}
"""The spellings of ``Vulnerable`` that export format writes otherwise (3.4.10)."""


def exported(game: PBNGame) -> PBNGame:
    """``game`` as export format holds it (see the module's text): its tags in order, its values normalised.

    >>> game = PBNGame((PBNTag("Zeta", "1"), PBNTag("Board", "2"), PBNTag("Dealer", "e"),
    ...     PBNTag("Vulnerable", "Love"), PBNTag("Annotator", "A"),
    ...     PBNTag("Deal", "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"),
    ...     PBNTag("Declarer", "W"), PBNTag("Contract", "3nt"), PBNTag("Result", "NS 4"),
    ...     PBNTag("Auction", "N", ("-  1NT", "Pass 3NT AP"))))
    >>> for tag in exported(game).tags[8:]:
    ...     print(tag_lines(tag))
    ['[Dealer "E"]']
    ['[Vulnerable "None"]']
    ['[Deal "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"]']
    ['[Scoring "?"]']
    ['[Declarer "W"]']
    ['[Contract "3NT"]']
    ['[Result "9"]']
    ['[Auction "E"]', '1NT Pass 3NT AP']
    ['[Annotator "A"]']
    ['[Zeta "1"]']
    """
    game = PBNGame(
        tuple(_canonical(tag) for tag in game.tags), game.line, game.comments, game.placed_comments
    )
    tags = [_exported_value(game, tag) for tag in game.tags]
    dealer = game.seat("Dealer")
    passed = (
        game.known("Contract") is not None
        and canonical("Contract", game.get("Contract") or "") == "Pass"
    )
    mandatory: list[PBNTag] = []
    for name in MANDATORY_TAGS:
        found = next((tag for tag in tags if tag.name == name), None)
        if passed and name in ("Declarer", "Result") and (found is None or found.value == "?"):
            found = PBNTag(name, "")  # all four passed: no declarer, no tricks (3.4.8, 3.4.15)
        mandatory.append(found or PBNTag(name, "?"))
    sections: dict[str, list[PBNTag]] = {"Auction": [], "Play": []}
    loose: list[PBNTag] = []  # notes before any section
    others: list[PBNTag] = []
    current: list[PBNTag] | None = None
    for tag in tags:
        if tag.name in MANDATORY_TAGS:
            continue
        if tag.name in sections and not sections[tag.name]:
            current = sections[tag.name]
            current.append(_from_dealer(tag, dealer) if tag.name == "Auction" else tag)
        elif tag.name == "Note":
            (loose if current is None else current).append(tag)
        else:
            others.append(tag)
    first = sections["Auction"] or sections["Play"]
    first[1:1] = loose
    if not first:
        others.extend(loose)
    others.sort(key=lambda tag: tag.name)
    return PBNGame(
        (*mandatory, *sections["Auction"], *sections["Play"], *others),
        game.line,
        game.comments,
        game.placed_comments,
    )


def _canonical(tag: PBNTag) -> PBNTag:
    """``tag`` with its value in the case and order export format writes (3.11, 3.4.11)."""
    value = canonical(tag.name, tag.value, lenient=True)
    if value == tag.value:
        return tag
    return PBNTag(tag.name, value, tag.rows, tag.line, tag.row_lines)


def _exported_value(game: PBNGame, tag: PBNTag) -> PBNTag:
    """One tag with its value, and a section's rows, as export format writes them."""
    value = tag.value
    if tag.name == "Vulnerable":
        value = _EXPORTED_VULNERABLE.get(value, value)
    elif tag.name == "Deal":
        value = _deal_from(value, game.seat("Dealer"))
    elif tag.name == "Result":
        tricks = game.result_tricks()
        words = value.removeprefix("^").split()
        if tricks is not None and len(words) > 1:
            value = ("^" if value.startswith("^") else "") + str(tricks)
    rows = export_rows(tag)
    if value == tag.value and rows == tag.rows:
        return tag
    return PBNTag(tag.name, value, rows, tag.line, tag.row_lines)


def _deal_from(value: str, dealer: Seat | None) -> str:
    """A ``Deal`` value given from the dealer (PBN 3.4.11), when it names its first seat.

    >>> _deal_from("N:A... .K.. ..Q. ...J", Seat.WEST)
    'W:...J A... .K.. ..Q.'
    """
    hands = value[2:].split(" ")
    if dealer is None or value[:1] not in ("N", "E", "S", "W") or value[1:2] != ":":
        return value
    if len(hands) != 4:
        return value
    shift = (dealer - Seat.from_str(value[0])) % 4
    return f"{dealer.name[0]}:{' '.join(hands[shift:] + hands[:shift])}"


def game_lines(game: PBNGame) -> list[str]:
    """The lines of one game in export format (:func:`exported`), its comments where they stood.

    A comment read outside the sections' rows (PBN 3.8) follows the tag it followed
    (after that tag's rows), or opens the game when it came before the first tag or
    its tag is gone.

    >>> game = PBNGame((PBNTag("Board", "1", (), 2), PBNTag("Event", "A", (), 3)), 1, (),
    ...                ((0, "", "{ deal 1 }"), (3, "Event", "; the club's")))
    >>> game_lines(game)[:3]
    ['{ deal 1 }', '[Event "A"]', "; the club's"]
    """
    game = exported(game)
    placed = {(tag.line, tag.name) for tag in game.tags if tag.line}
    lines = [
        line
        for line_number, name, text in game.placed_comments
        if (line_number, name) not in placed
        for line in comment_lines(text)
    ]
    done: set[tuple[int, str]] = set()
    for tag in game.tags:
        lines.extend(tag_lines(tag))
        anchor = (tag.line, tag.name)
        if tag.line and anchor not in done:
            done.add(anchor)
            for line_number, name, text in game.placed_comments:
                if (line_number, name) == anchor:
                    lines.extend(comment_lines(text))
    return lines


def comment_lines(text: str) -> list[str]:
    r"""The lines of a comment as written (``{...}`` or ``; ...``), each within 253 characters.

    A tab or another control character becomes a space; a longer line is cut into
    lines that fit, after a space where there is one (a rest-of-line comment goes on
    as another, ``;`` first).

    >>> comment_lines("{ hand\tdiagram\n  S AKQ }")
    ['{ hand diagram', '  S AKQ }']
    >>> [len(line) for line in comment_lines("; " + "word " * 100)]
    [251, 252]
    """
    rest = text.startswith(";")
    lines: list[str] = []
    for written in [text] if rest else text.replace("\r\n", "\n").split("\n"):
        line = CONTROL.sub(" ", written)
        while len(line) > _LONGEST:
            cut = line.rfind(" ", _LONGEST // 2, _LONGEST)
            cut = _LONGEST if cut < 0 else cut
            lines.append(line[:cut].rstrip())
            line = ("; " if rest else "") + line[cut:].lstrip()
        lines.append(line)
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


def cuts(games: Iterable[PBNGame], source: str = "<games>") -> list[PBNSyntaxError]:
    """What :func:`dumps` cuts to keep each line within 255 characters: a note for each value.

    Each names the file ``source``, the board, and the call whose note it is (or the
    tag), and says how much was kept.

    >>> from arbitro.formats.pbn.model import describe
    >>> game = PBNGame((PBNTag("Board", "4"), PBNTag("Dealer", "N"),
    ...                 PBNTag("Auction", "N", ("2C =1= Pass",)), PBNTag("Note", "1:" + "x" * 300)))
    >>> print(cuts([game], "out.pbn")[0])
    out.pbn: board 4, call 2C by North: its note is longer than a PBN line holds (255 characters): it is written cut to 244 characters, ending in '...'
    """
    found: list[PBNSyntaxError] = []
    for game in games:
        game = exported(game)
        board = game.get("Board") or "?"
        for tag in game.tags:
            cut = fitted(tag)
            if cut is tag:
                continue
            count = len(cut.value)
            call = _noted_call(game, tag) if tag.name == "Note" else None
            if call is not None:
                found.append(
                    PBNNote.at(
                        source,
                        0,
                        source,
                        N_(
                            "board {board}, call {call} by {seat}: its note is longer than a "
                            "PBN line holds (255 characters): it is written cut to {count} "
                            "characters, ending in '...'"
                        ),
                        board=board,
                        call=call[0],
                        seat=call[1],
                        count=count,
                    )
                )
            else:
                found.append(
                    PBNNote.at(
                        source,
                        0,
                        source,
                        N_(
                            "board {board}, tag {tag}: its value is longer than a PBN line holds "
                            "(255 characters): it is written cut to {count} characters, ending "
                            "in '...'"
                        ),
                        board=board,
                        tag=tag.name,
                        count=count,
                    )
                )
    return found


def _noted_call(game: PBNGame, note: PBNTag) -> tuple[str, Seat] | None:
    """The call of the auction whose note ``note`` is (``2C =1=`` for ``[Note "1:…"]``), with its seat."""
    number, colon, _ = note.value.partition(":")
    auction = game.tag("Auction")
    if not colon or auction is None or not number.strip().isdecimal() or len(number) > 3:
        return None
    try:
        items = read_auction(auction, "<games>", []).items
    except (PBNSyntaxError, ValueError):
        return None
    for item in items:
        if int(number) in item.notes:
            return item.token, item.seat
    return None


ENCODINGS = ("latin-1", "utf-8")
"""The character sets a PBN file is written in: ISO 8859-1, PBN's own (2.2), or UTF-8."""

_NOT_LATIN = re.compile("[^\x00-\xff]")
_TAG_LINE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)')
_BOARD_LINE = re.compile(r'\[\s*Board\s*"([^"]*)"')


def encode(
    text: str, source: str = "<text>", *, encoding: str = "latin-1", how: str = "--encoding utf-8"
) -> bytes:
    r"""The bytes of a PBN file's ``text`` in ``encoding``: ``latin-1`` (PBN's, the default) or ``utf-8``.

    In Latin-1 a suit symbol is written ``\S``, ``\H``, ``\D`` or ``\C`` (PBN 3.8;
    ``\\C`` inside a tag's value, where a backslash is doubled). Any other character
    outside Latin-1 is a :class:`~arbitro.core.errors.PBNSyntaxError` naming the file
    ``source``, the board, the tag and the character; ``how`` says how to ask for UTF-8
    where the text is written. (The control characters 128 to 159, which PBN never
    uses, are the reader's to report, as :func:`arbitro.formats.pbn.check` does: a file
    read leniently goes back as it was read.)

    >>> encode('[Note "1:2♣ relay"]\n')
    b'[Note "1:2\\\\C relay"]\r\n'
    >>> encode('[Board "3"]\n[North "Łukasz"]\n', "out.pbn")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.PBNSyntaxError: out.pbn: board 3, tag North (Łukasz): the character 'Ł' (U+0141 LATIN CAPITAL LETTER L WITH STROKE) is not in ISO 8859-1 (Latin-1), the character set of PBN files: write it with Latin-1 letters, or write the file in UTF-8 (--encoding utf-8)
    >>> encode('[North "Łukasz"]\n', encoding="utf-8").decode("utf-8")
    '[North "Łukasz"]\r\n'
    """
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r}: expected one of {', '.join(ENCODINGS)}")
    if encoding == "latin-1" and any(symbol in text for symbol in SUIT_LETTERS):
        text = "\n".join(
            _suit_letters(line, "\\\\" if line.lstrip().startswith("[") else "\\")
            for line in text.split("\n")
        )
    wrong = _NOT_LATIN.search(text) if encoding == "latin-1" else None
    if wrong is not None:
        lines = text.split("\n")
        raise _refused(lines, text.count("\n", 0, wrong.start()), wrong.group(), source, how)
    return crlf(declared(text, encoding)).encode(encoding)


def crlf(text: str) -> str:
    r"""``text`` with every line ending in CR LF, the line end of PBN's export format (2.3).

    A line already ending in CR LF keeps one.

    >>> crlf('[Board "1"]\n[Dealer "N"]\r\n\n')
    '[Board "1"]\r\n[Dealer "N"]\r\n\r\n'
    """
    return text.replace("\r\n", "\n").replace("\n", "\r\n")


CHARSETS = {"latin-1": "ISO-8859-1", "utf-8": "UTF-8"}
"""How a file's ``%Content-type`` line names each character set."""


def declared(text: str, encoding: str) -> str:
    r"""A whole file's ``text`` (from ``% PBN``) with the line that names its character set.

    ``%Content-type: text/x-pbn; charset=ISO-8859-1`` (or ``UTF-8``), after ``% PBN``
    and ``% EXPORT``, as Bridge Composer and other programs write it: an escape line
    (PBN 2.4), which a reader that does not know it skips. A line already there is
    replaced; a text that is not a whole file is left as it is.

    >>> declared('% PBN 2.1\n% EXPORT\n[Board "1"]\n', "latin-1").splitlines()[:3]
    ['% PBN 2.1', '% EXPORT', '%Content-type: text/x-pbn; charset=ISO-8859-1']
    """
    if not text.startswith("% PBN"):
        return text
    lines = text.split("\n")
    line = f"%Content-type: text/x-pbn; charset={CHARSETS[encoding]}"
    at = 0
    while at < len(lines) and lines[at].startswith("%"):
        if lines[at].lower().startswith("%content-type:"):
            lines[at] = line
            return "\n".join(lines)
        at += 1
    at = 1 + (len(lines) > 1 and lines[1].strip() == "% EXPORT")
    lines.insert(at, line)
    return "\n".join(lines)


def _suit_letters(line: str, backslash: str) -> str:
    """``line`` with each suit symbol written as PBN writes it: a backslash and the suit's letter."""
    if not any(symbol in line for symbol in SUIT_LETTERS):
        return line
    return "".join(
        backslash + SUIT_LETTERS[character] if character in SUIT_LETTERS else character
        for character in line
    )


def _refused(lines: list[str], index: int, character: str, source: str, how: str) -> PBNSyntaxError:
    """The error for ``character`` on line ``index``: its board, its tag (and value), what it is."""
    start = index
    while start > 0 and lines[start - 1].strip():
        start -= 1
    end = index
    while end < len(lines) and lines[end].strip():
        end += 1
    board = next(
        (found.group(1) for line in lines[start:end] if (found := _BOARD_LINE.match(line))), "?"
    )
    tag, value = "?", lines[index].strip()
    for at in range(index, start - 1, -1):  # a row belongs to the tag above it
        named = _TAG_LINE.match(lines[at].lstrip())
        if named is not None:
            tag = named.group(1)
            value = unescape(named.group(2)) if at == index else value
            break
    code = f"{ord(character):04X} {unicodedata.name(character, '')}".strip()
    return PBNSyntaxError.at(
        source,
        0,
        source,
        N_(
            "board {board}, tag {tag} ({value}): the character '{character}' (U+{code}) is not "
            "in ISO 8859-1 (Latin-1), the character set of PBN files: write it with Latin-1 "
            "letters, or write the file in UTF-8 ({how})"
        ),
        board=board,
        tag=tag,
        value=shown(value),
        character=character,
        code=code,
        how=how,
    )
