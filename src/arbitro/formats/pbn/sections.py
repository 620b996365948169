r"""The auction and play sections of a PBN game, read into values (PBN 2.1, 3.5-3.9).

An auction is a list of :class:`AuctionItem`: a call with its note references
(``=1=``), suffix annotation (``!``, ``?``) or NAG (``$n``), and the irregularity mark
of section 3.9 before it (``^I`` an insufficient bid accepted, ``^S`` a call out of
rotation accepted, standing in the place of the skipped call). ``-`` stands for no call (the seats before the dealer), ``AP`` for
all pass, ``+`` for calls not recorded. A play is a list of tricks: each row holds
one card per seat, in the order of the seats starting with the ``Play`` tag's seat;
``-`` is a card not played (a claim), ``^R`` marks a revoke and ``^L`` a lead out of
turn accepted, ``*`` ends the play.

>>> auction = read_auction(PBNTag("Auction", "N", ("1NT =1= Pass ^I 1C AP",)))
>>> [(item.seat.name, item.token, item.notes, item.mark) for item in auction.items]
[('NORTH', '1NT', (1,), ''), ('EAST', 'Pass', (), ''), ('SOUTH', '1C', (), '^I'), ('WEST', 'AP', (), '')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TypeVar

from arbitro.core.card import Card
from arbitro.core.errors import PBNSyntaxError
from arbitro.core.seat import Seat
from arbitro.formats.pbn.model import PBNTag, is_number
from arbitro.formats.pbn.table_tags import Column, PBNTable, read_table

__all__ = [
    "Auction", "AuctionItem", "Column", "PBNTable", "Play", "PlayItem",
    "read_auction", "read_play", "read_table", "tokens",
]  # fmt: skip
from arbitro.i18n import N_

_TOKEN = re.compile(r"\{[^}]*\}?|=[^=\s]*=?|\$\S*|[!?]+|\^\S|[^\s!?=${}^;]+|;.*")
_CALL = re.compile(r"(?:Pass|P|X|XX|AP|[1-7](?:C|D|H|S|NT|N))", re.IGNORECASE)
_CARD = re.compile(r"[SHDC][AKQJT98765432]")
SUFFIXES = ("!", "?", "!!", "??", "!?", "?!")
"""The suffix annotations PBN allows after a call or a card."""


@dataclass(frozen=True, slots=True)
class AuctionItem:
    """One call of the auction as written, with its annotations.

    >>> AuctionItem(Seat.NORTH, "1NT", 3, notes=(1,))
    AuctionItem(seat=Seat.NORTH, token='1NT', line=3, notes=(1,), suffix='', nags=(), mark='')
    """

    seat: Seat
    token: str
    line: int = field(compare=False)
    notes: tuple[int, ...] = ()
    suffix: str = ""
    nags: tuple[int, ...] = ()
    mark: str = ""


@dataclass(frozen=True, slots=True)
class Auction:
    """An auction section: its first seat and its items.

    >>> Auction(Seat.NORTH, ()).items
    ()
    """

    first: Seat
    items: tuple[AuctionItem, ...]


@dataclass(frozen=True, slots=True)
class PlayItem:
    """One card of the play as written: the seat, the card (None for ``-``), the mark.

    >>> PlayItem(Seat.WEST, Card.from_str("SK"), 4, 0)
    PlayItem(seat=Seat.WEST, card=Card(Suit.SPADES, Rank.KING), line=4, trick=0, notes=(), suffix='', nags=(), mark='')
    """

    seat: Seat
    card: Card | None
    line: int = field(compare=False)
    trick: int
    notes: tuple[int, ...] = ()
    suffix: str = ""
    nags: tuple[int, ...] = ()
    mark: str = ""


@dataclass(frozen=True, slots=True)
class Play:
    """A play section: its first seat, its cards trick by trick, and where ``+`` stands.

    ``plus`` is the trick and the seat of the ``+`` that stands for the next card to
    be played (PBN 3.6), or None.

    >>> Play(Seat.WEST, ()).items
    ()
    """

    first: Seat
    items: tuple[PlayItem, ...]
    plus: tuple[int, Seat] | None = None


@dataclass
class _Token:
    text: str
    line: int


def tokens(tag: PBNTag) -> list[_Token]:
    """The tokens of a section's rows, comments dropped, each with its line.

    >>> [token.text for token in tokens(PBNTag("Play", "W", ("SK {lead} HK=1=",)))]
    ['SK', 'HK', '=1=']
    """
    found: list[_Token] = []
    in_comment = False
    for index, row in enumerate(tag.rows):
        line = tag.row_line(index)
        text = row
        if in_comment:
            end = text.find("}")
            if end < 0:
                continue
            text, in_comment = text[end + 1 :], False
        for match in _TOKEN.finditer(text):
            value = match.group()
            if value.startswith(";"):
                break
            if value.startswith("{"):
                in_comment = not value.endswith("}")
                continue
            found.append(_Token(value, line))
    return found


def _seat(tag: PBNTag, source: str, errors: list[PBNSyntaxError]) -> Seat:
    if tag.value in ("N", "E", "S", "W"):
        return Seat.from_str(tag.value)
    errors.append(
        PBNSyntaxError.at(
            source, tag.line, tag.value, N_("expected a seat: {choices}"), choices="N, E, S, W"
        )
    )
    return Seat.NORTH


_SUFFIX_NAGS = {"call": range(1, 7), "card": range(7, 13)}
"""The NAGs that stand for a suffix annotation, of a call and of a card (PBN 3.7)."""
_OTHER_NAGS = {"call": (*range(7, 13), 14), "card": (*range(1, 7), 13)}
"""The NAGs PBN 3.7 reserves for the other kind: cards' NAGs after a call and so on."""


Annotations = tuple[list[int], list[str], list[int]]
"""The annotations read after a call or card so far: its note references, suffix and NAGs."""


def _annotate(
    token: _Token,
    source: str,
    errors: list[PBNSyntaxError],
    kind: str,
    annotations: Annotations | None,
) -> None:
    """Attach a note reference, suffix or NAG to the last call or card (``kind``), if any.

    PBN 3.7: the NAGs $1 to $6 and $13 are for calls only, $7 to $12 and $14 for
    cards only; a suffix (``!``) and the NAG standing for a suffix are one suffix.
    An annotation before the first call or card (``annotations`` None) is an error.
    """
    text = token.text
    if annotations is None:
        errors.append(
            PBNSyntaxError.at(
                source,
                token.line,
                text,
                N_("an annotation without a call")
                if kind == "call"
                else N_("an annotation without a card"),
            )
        )
        return
    notes, suffix, nags = annotations
    if text.startswith("="):
        number = text[1:-1] if text.endswith("=") and len(text) > 1 else ""
        if not is_number(number, 3) or not 1 <= int(number) <= 32:
            errors.append(
                PBNSyntaxError.at(
                    source, token.line, text, N_("expected a note reference =1= to =32=")
                )
            )
        elif notes:
            errors.append(
                PBNSyntaxError.at(source, token.line, text, N_("a second note reference"))
            )
        else:
            notes.append(int(number))
        return
    if text.startswith("$"):
        number = text[1:]
        if not is_number(number, 3) or not 0 <= int(number) <= 255:
            errors.append(
                PBNSyntaxError.at(source, token.line, text, N_("expected a NAG $0 to $255"))
            )
            return
        value = int(number)
        if value in _OTHER_NAGS[kind]:
            errors.append(
                PBNSyntaxError.at(
                    source,
                    token.line,
                    text,
                    N_("a NAG for a card after a call")
                    if kind == "call"
                    else N_("a NAG for a call after a card"),
                )
            )
            return
        if value in nags or (value in _SUFFIX_NAGS[kind] and (suffix or _suffix_nag(nags, kind))):
            errors.append(
                PBNSyntaxError.at(source, token.line, text, N_("a second suffix annotation"))
            )
            return
        nags.append(value)
    elif text in SUFFIXES:
        if suffix or _suffix_nag(nags, kind):
            errors.append(
                PBNSyntaxError.at(source, token.line, text, N_("a second suffix annotation"))
            )
            return
        suffix.append(text)
    else:
        errors.append(
            PBNSyntaxError.at(
                source,
                token.line,
                text,
                N_("expected a suffix annotation: {choices}"),
                choices=", ".join(SUFFIXES),
            )
        )


def _suffix_nag(nags: list[int], kind: str) -> bool:
    """Whether ``nags`` holds a NAG that stands for a suffix of a ``kind``.

    >>> _suffix_nag([9], "card"), _suffix_nag([9], "call")
    (True, False)
    """
    return any(nag in _SUFFIX_NAGS[kind] for nag in nags)


Item = TypeVar("Item", AuctionItem, PlayItem)
"""A call or a card of a section as written."""


def _annotated(item: Item, notes: list[int], suffix: list[str], nags: list[int]) -> Item:
    """``item`` with the annotations read after it: its note references, suffix and NAGs.

    >>> _annotated(AuctionItem(Seat.NORTH, "2C", 3), [1], ["!"], [])
    AuctionItem(seat=Seat.NORTH, token='2C', line=3, notes=(1,), suffix='!', nags=(), mark='')
    """
    return replace(item, notes=tuple(notes), suffix="".join(suffix), nags=tuple(nags))


def _mark(
    token: _Token, source: str, errors: list[PBNSyntaxError], mark: str, allowed: tuple[str, ...]
) -> str:
    """The irregularity mark (PBN 3.9) that stands before the next call or card once ``token`` is read.

    ``mark`` is the one already read; a second mark, or one not in ``allowed``, is an
    error that leaves it as it was.
    """
    text = token.text
    if mark:
        errors.append(PBNSyntaxError.at(source, token.line, text, N_("a second irregularity mark")))
    elif text not in allowed:
        errors.append(
            PBNSyntaxError.at(
                source,
                token.line,
                text,
                N_("expected an irregularity mark: {choices}"),
                choices=", ".join(allowed),
            )
        )
    else:
        return text
    return mark


def read_auction(
    tag: PBNTag, source: str = "<text>", errors: list[PBNSyntaxError] | None = None
) -> Auction:
    """The auction of an ``Auction`` tag; problems go to ``errors`` (or are ignored).

    >>> problems = []
    >>> read_auction(PBNTag("Auction", "N", ("1Z",), 5, (6,)), "a.pbn", problems).items
    ()
    >>> print(problems[0])
    a.pbn, line 6: 1Z: expected a call such as 1NT, Pass, X, XX or AP
    """
    errors = [] if errors is None else errors
    first = _seat(tag, source, errors)
    items: list[AuctionItem] = []
    seat = first
    mark = ""
    current: tuple[AuctionItem, list[int], list[str], list[int]] | None = None

    def close() -> None:
        nonlocal current
        if current is not None:
            items.append(_annotated(*current))
        current = None

    for token in tokens(tag):
        text = token.text
        if text[0] in "=$!?":
            _annotate(token, source, errors, "call", None if current is None else current[1:])
            continue
        close()
        if text == "^S" and not mark:
            items.append(AuctionItem(seat, text, token.line))
            seat = seat.lho
            continue
        if text.startswith("^"):
            mark = _mark(token, source, errors, mark, ("^I",))
            continue
        if text in ("-", "+") or _CALL.fullmatch(text):
            current = (AuctionItem(seat, text, token.line, mark=mark), [], [], [])
            mark = ""
            seat = seat.lho
            continue
        errors.append(
            PBNSyntaxError.at(
                source,
                token.line,
                text,
                N_("expected a call such as {example}"),
                example="1NT, Pass, X, XX or AP",
            )
        )
    close()
    return Auction(first, tuple(items))


def read_play(
    tag: PBNTag, source: str = "<text>", errors: list[PBNSyntaxError] | None = None
) -> Play:
    """The cards of a ``Play`` tag, by columns; problems go to ``errors``.

    >>> play = read_play(PBNTag("Play", "W", ("SK ^R H3 S4 S3", "*")))
    >>> [(item.seat.name, str(item.card), item.mark) for item in play.items][:2]
    [('WEST', 'SK', ''), ('NORTH', 'H3', '^R')]
    """
    errors = [] if errors is None else errors
    first = _seat(tag, source, errors)
    items: list[PlayItem] = []
    column = 0
    trick = 0
    mark = ""
    ended = False
    plus: tuple[int, Seat] | None = None
    current: tuple[PlayItem, list[int], list[str], list[int]] | None = None

    def close() -> None:
        nonlocal current
        if current is not None and current[0].card is not None:
            items.append(_annotated(*current))
        current = None

    for token in tokens(tag):
        text = token.text
        if ended:
            errors.append(PBNSyntaxError.at(source, token.line, text, N_("a card after '*'")))
            break
        if text[0] in "=$!?":
            _annotate(token, source, errors, "card", None if current is None else current[1:])
            continue
        close()
        if text == "*":
            ended = True
            continue
        if text.startswith("^"):
            mark = _mark(token, source, errors, mark, ("^R", "^L"))
            continue
        seat = Seat((first + column) % 4)
        if text == "+" and plus is not None:
            errors.append(PBNSyntaxError.at(source, token.line, text, N_("a second '+'")))
        elif text == "+":
            plus = (trick, seat)
        if text in ("-", "--", "+"):
            card = None
        elif _CARD.fullmatch(text.upper()):
            card = Card.from_str(text.upper())
            if plus is not None and trick > plus[0]:
                errors.append(PBNSyntaxError.at(source, token.line, text, N_("a card after '+'")))
        else:
            errors.append(
                PBNSyntaxError.at(
                    source, token.line, text, N_("expected a card such as {example}"), example="SK"
                )
            )
            card = None
        current = (PlayItem(seat, card, token.line, trick, mark=mark), [], [], [])
        mark = ""
        column += 1
        if column == 4:
            column, trick = 0, trick + 1
    close()
    return Play(first, tuple(items), plus)


def seats_from(first: Seat) -> tuple[Seat, ...]:
    """The four seats in the order they play, from ``first``: a trick's, or the play section's columns.

    >>> [str(seat) for seat in seats_from(Seat.WEST)]
    ['W', 'N', 'E', 'S']
    """
    return tuple(Seat((first + step) % 4) for step in range(4))
