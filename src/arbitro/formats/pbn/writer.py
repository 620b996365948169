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
``$7``; 3.5.2, 3.6.2; :mod:`~arbitro.formats.pbn.export_sections`). A tag Árbitro
does not model is written back with its value and rows unchanged. A line keeps within
PBN's 255 characters with its CR LF (2.3): a value too long for its line (an
explanation carried from a LIN file or a table log) is cut to fit, ending ``...``
(:mod:`~arbitro.formats.pbn.export_lines`), and :func:`cuts` names each one so that
the user is told. The file's bytes, in its character set, come from
:func:`~arbitro.formats.pbn.encoding.encode`.

>>> from arbitro.formats.pbn.model import PBNGame, PBNTag
>>> print(dumps([PBNGame((PBNTag("Board", "1"), PBNTag("Note", 'a "b"')))]).splitlines()[5:7])
['[Board "1"]', '[West "?"]']
"""

from __future__ import annotations

from collections.abc import Iterable

from arbitro.core.errors import PBNSyntaxError
from arbitro.core.seat import Seat
from arbitro.formats.pbn.export_lines import comment_lines, fitted, tag_lines
from arbitro.formats.pbn.export_sections import export_rows, from_dealer
from arbitro.formats.pbn.model import PBNGame, PBNNote, PBNTag
from arbitro.formats.pbn.sections import read_auction
from arbitro.formats.pbn.tag_values import canonical
from arbitro.i18n import N_

MANDATORY_TAGS = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
"""PBN's mandatory tag set, in the order export format writes it."""

HEADER = "% PBN 2.1\n% EXPORT\n"
"""The first lines of a file in export format."""

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
            current.append(from_dealer(tag, dealer) if tag.name == "Auction" else tag)
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
                reason = N_(
                    "board {board}, call {call} by {seat}: its note is longer than a "
                    "PBN line holds (255 characters): it is written cut to {count} "
                    "characters, ending in '...'"
                )
                details: dict[str, object] = {"board": board, "call": call[0], "seat": call[1]}
            else:
                reason = N_(
                    "board {board}, tag {tag}: its value is longer than a PBN line holds "
                    "(255 characters): it is written cut to {count} characters, ending "
                    "in '...'"
                )
                details = {"board": board, "tag": tag.name}
            found.append(PBNNote.at(source, 0, source, reason, **details, count=count))
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
