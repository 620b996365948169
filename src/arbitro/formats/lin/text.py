"""Reading and writing LIN text: ``tag|value|`` pairs, one board to a line.

The reader walks the pairs in order and knows these tags:

==========  =====================================================================
``pn``      the players, South, West, North, East (kept by seat N, E, S, W)
``md``      the dealer (1 South, 2 West, 3 North, 4 East) and the hands S, W, N, E;
            the fourth hand may be left out and is then the rest of the pack
``sv``      vulnerability: ``o`` (or ``0``) none, ``n`` NS, ``e`` EW, ``b`` both
``ah``      the board's title, ``Board 7``
``mb``      a call: ``p``, ``d``, ``r``, ``1C`` … ``7N``; ``!`` after it is an alert
``an``      the explanation of the call before it
``pc``      a card played, suit first (``SA``, ``HT``)
``mc``      a claim: the total tricks it gives declarer
``pg``      a page break of BBO's viewer: skipped (the writer puts its own)
==========  =====================================================================

Any other tag (``qx``, ``st``, ``rh``, ``nt``, ``sk``, …) is kept with its value in
the board's ``extras``; before the first board, ``vg``, ``rs``, ``pw``, ``mp``, ``bn``
and ``mn`` (a BBO results file's or vugraph file's header), and a ``pn`` of eight
names, are kept in the file's ``header``. A new board starts at ``qx``, or at ``pn``,
``st`` or ``md`` once the board being read has its deal. In a vugraph file each board
is marked ``qx|o12|`` (open room, board 12) or ``qx|c12|`` (closed room): the marker
gives the board its number when it has no title, and a board without a ``pn`` of its
own takes its room's four players from the header's eight names (or from a ``pn`` of
eight met since, a substitution).
A line that is a BBO handviewer link (``…handviewer.html?lin=…``) is read as the LIN
it carries (:func:`from_links`).

>>> lin = loads("pn|Ann,Bob,Cid,Dan|md|3SAKQHAKQDAKQCAKQJ,S2345H2345D2345C2,S6789H6789D6789C3,|"
...             "ah|Board 1|sv|o|mb|2C!|an|strong|mb|p|")
>>> board = lin.boards[0]
>>> board.players, board.dealer, board.calls[0]
(('Cid', 'Dan', 'Ann', 'Bob'), Seat.NORTH, LinCall(call=Bid(2, Strain.CLUBS), alert=True, explanation='strong'))
>>> try:
...     loads("md|3SAKQ|sv|q|")
... except LINSyntaxError as error:
...     print(error)
<text>, line 1, tag 1 (md): '3SAKQ': expected at least three hands of 13 cards, separated by commas
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import NamedTuple
from urllib.parse import parse_qs, urlsplit

from arbitro.core import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Card,
    Deal,
    Hand,
    InvalidDealError,
    Rank,
    Seat,
    Strain,
    Suit,
    Vulnerability,
)
from arbitro.core.call import Call
from arbitro.formats.lin.model import LinBoard, LinCall, LinFile, LINSyntaxError
from arbitro.i18n import N_

HEADER_TAGS = frozenset({"vg", "rs", "pw", "mp", "bn", "mn"})
"""Tags of a results file's or a vugraph file's header, kept in :attr:`LinFile.header`
before the first board (a vugraph file's ``pn`` of eight names too)."""

_TAG = re.compile(r"[A-Za-z][A-Za-z0-9]")
_CALL = re.compile(r"(?P<level>[1-7])(?P<strain>nt|[cdhsn])", re.IGNORECASE)
_SUIT_LETTERS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_STRAIN_LETTERS = {
    "C": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "S": Strain.SPADES,
    "N": Strain.NOTRUMP,
    "NT": Strain.NOTRUMP,
}
_RANKS = {rank.to_str(): int(rank) for rank in Rank}
_CARDS = {
    letter + rank_text: Card(suit, Rank(rank))
    for letter, suit in _SUIT_LETTERS.items()
    for rank_text, rank in [*_RANKS.items(), ("10", 10)]
}
_LIN_DEALERS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
"""LIN's dealer digits 1-4 and the order of its hands and players: S, W, N, E."""
_VULNERABILITY = {
    "O": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "N": Vulnerability.NS,
    "E": Vulnerability.EW,
    "B": Vulnerability.ALL,
}
_VULNERABILITY_WRITTEN = {
    Vulnerability.NONE: "o",
    Vulnerability.NS: "n",
    Vulnerability.EW: "e",
    Vulnerability.ALL: "b",
}


class Pair(NamedTuple):
    """One ``tag|value|`` pair of a LIN text, with where it starts."""

    position: int
    line: int
    tag: str
    value: str


def pairs(text: str, source: str = "<text>") -> Iterator[Pair]:
    r"""The ``tag|value|`` pairs of ``text``, numbered from 1, with their line.

    Line breaks and spaces between pairs are ignored; a tag that is not one letter and
    a letter or digit, or a value left open at the end, is an error.

    >>> [(p.tag, p.value) for p in pairs("pn|a,b,c,d|\nsv|b|")]
    [('pn', 'a,b,c,d'), ('sv', 'b')]
    >>> try:
    ...     list(pairs("sv|b"))
    ... except LINSyntaxError as error:
    ...     print(error)
    <text>, line 1, tag 1 (sv): 'b': the value is not closed by '|' (the file may be cut short)
    """
    index, line, position = 0, 1, 0
    length = len(text)
    while True:
        while index < length and text[index] in " \t\r\n":
            line += text[index] == "\n"
            index += 1
        if index >= length:
            return
        position += 1
        bar = text.find("|", index)
        if bar < 0:
            raise LINSyntaxError.at(
                source,
                line,
                position,
                "?",
                _quoted(text[index:]),
                N_("expected a tag and '|', as in {example}"),
                example="md|",
            )
        tag = text[index:bar]
        if _TAG.fullmatch(tag) is None:
            raise LINSyntaxError.at(
                source,
                line,
                position,
                _quoted(tag),
                _quoted(tag),
                N_("expected a tag of two letters, as in {example}"),
                example="md|",
            )
        end = text.find("|", bar + 1)
        if end < 0:
            raise LINSyntaxError.at(
                source,
                line,
                position,
                _quoted(tag),
                _quoted(text[bar + 1 :]),
                N_("the value is not closed by '|' (the file may be cut short)"),
            )
        yield Pair(position, line, tag.lower(), text[bar + 1 : end])
        line += text.count("\n", index, end)
        index = end + 1


def _quoted(text: str) -> str:
    r"""What an error quotes of ``text``: its first line, at most 20 characters of it.

    >>> _quoted("pn|Ana,\nBeto|"), _quoted("x" * 30)
    ('pn|Ana,', 'xxxxxxxxxxxxxxxxxxxx')
    """
    return text.split("\n", 1)[0][:20]


def _error(source: str, pair: Pair, reason: str, **details: object) -> LINSyntaxError:
    return LINSyntaxError.at(
        source, pair.line, pair.position, pair.tag, pair.value, reason, **details
    )


def read_call(text: str) -> tuple[Call, bool] | None:
    """A LIN call and whether it is alerted (``!``), or ``None`` if ``text`` is not one.

    >>> read_call("1n!"), read_call("d"), read_call("8C")
    ((Bid(1, Strain.NOTRUMP), True), (Double(), False), None)
    """
    body = text.strip()
    alert = body.endswith("!")
    body = body.rstrip("!").strip().upper()
    if body in ("P", "PASS"):
        return PASS, alert
    if body in ("D", "X", "DBL"):
        return DOUBLE, alert
    if body in ("R", "XX", "RDBL"):
        return REDOUBLE, alert
    match = _CALL.fullmatch(body)
    if match is None:
        return None
    return Bid(int(match["level"]), _STRAIN_LETTERS[match["strain"].upper()]), alert


def write_call(call: Call, alert: bool = False) -> str:
    """A call as LIN writes it.

    >>> write_call(Call.from_str("3NT"), alert=True), write_call(PASS), write_call(REDOUBLE)
    ('3N!', 'p', 'r')
    """
    if call == PASS:
        text = "p"
    elif call == DOUBLE:
        text = "d"
    elif call == REDOUBLE:
        text = "r"
    else:
        assert isinstance(call, Bid)
        strain = "N" if call.strain is Strain.NOTRUMP else str(call.strain)[0]
        text = f"{call.level}{strain}"
    return text + ("!" if alert else "")


def read_card(text: str) -> Card | None:
    """A LIN card (suit first, any case), or ``None``.

    >>> read_card("hT"), read_card("S1")
    (Card(Suit.HEARTS, Rank.TEN), None)
    """
    return _CARDS.get(text.strip().upper())


def _read_hand(text: str) -> Hand | None:
    mask = 0
    count = 0
    suit: int | None = None
    upper = text.strip().upper().replace("10", "T")
    for char in upper:
        if char in _SUIT_LETTERS:
            suit = _SUIT_LETTERS[char]
            continue
        rank = _RANKS.get(char)
        if suit is None or rank is None:
            return None
        mask |= 1 << (13 * suit + rank - 2)
        count += 1
    return Hand(mask) if mask.bit_count() == count else None


def repeated_card(text: str) -> str | None:
    """The first card an ``md`` value gives twice (in two hands, or twice in one), or None.

    >>> repeated_card("3SKH4579QKAD69C58K,SK69QAH3D5TJQAC69,S47H8TD248KC347QA,")
    'SK'
    >>> repeated_card("1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,") is None
    True
    """
    body = text.strip().upper().replace("10", "T")
    seen: set[str] = set()
    suit = ""
    for char in body.lstrip("0123456789"):
        if char in _SUIT_LETTERS:
            suit = char
        elif char in _RANKS and suit:
            card = suit + char
            if card in seen:
                return card
            seen.add(card)
        elif char == ",":
            suit = ""
    return None


def read_deal(text: str) -> tuple[Seat | None, Deal] | None:
    """The dealer (if given) and the deal of an ``md`` value, or ``None`` if it is not one.

    >>> dealer, deal = read_deal("1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,")
    >>> dealer, deal[Seat.EAST]
    (Seat.SOUTH, Hand.from_str('...AKQJT98765432'))
    """
    body = text.strip()
    dealer: Seat | None = None
    if body[:1].isdigit():
        if body[0] not in "1234":
            return None
        dealer = _LIN_DEALERS[int(body[0]) - 1]
        body = body[1:]
    parts = body.split(",")
    if len(parts) > 4 or len(parts) < 3:
        return None
    parts += [""] * (4 - len(parts))
    hands = [_read_hand(part) for part in parts]
    if any(hand is None for hand in hands):
        return None
    given = [hand for hand in hands if hand is not None and len(hand) > 0]
    if len(given) < 3 or any(len(hand) != 13 for hand in given):
        return None
    if len(given) == 3:
        held = 0
        for hand in given:
            held |= hand.mask
        hands = [
            hand if hand is not None and len(hand) else Hand(((1 << 52) - 1) & ~held)
            for hand in hands
        ]
    by_seat = {seat: hands[index] or Hand() for index, seat in enumerate(_LIN_DEALERS)}
    try:
        deal = Deal(
            (by_seat[Seat.NORTH], by_seat[Seat.EAST], by_seat[Seat.SOUTH], by_seat[Seat.WEST])
        )
    except InvalidDealError:
        return None
    return dealer, deal


def write_hand(hand: Hand) -> str:
    """A hand as LIN writes it: each suit's letter, then its ranks from the ace down.

    >>> write_hand(Hand.from_str("AKQ.JT9.876.5432"))
    'SAKQHJT9D876C5432'
    """
    return "".join(
        letter + "".join(rank.to_str() for rank in hand.ranks(suit))
        for letter, suit in _SUIT_LETTERS.items()
    )


def write_deal(deal: Deal, dealer: Seat | None) -> str:
    """An ``md`` value: the dealer's digit and the four hands South, West, North, East.

    >>> write_deal(Deal.from_number(0), Seat.NORTH)
    '3SHDAKQJT98765432C,SHDCAKQJT98765432,SAKQJT98765432HDC,SHAKQJT98765432DC'
    """
    digit = "" if dealer is None else str(_LIN_DEALERS.index(dealer) + 1)
    return digit + ",".join(write_hand(deal[seat]) for seat in _LIN_DEALERS)


@dataclass
class _Builder:
    started: bool = False
    deal: Deal | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    players: tuple[str, str, str, str] | None = None
    title: str | None = None
    calls: list[LinCall] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    claim: int | None = None
    extras: list[tuple[str, str]] = field(default_factory=list)
    line: int = 0

    def board(self) -> LinBoard:
        return LinBoard(
            self.deal,
            self.dealer,
            self.vulnerability,
            self.players,
            self.title,
            tuple(self.calls),
            tuple(self.cards),
            self.claim,
            tuple(self.extras),
            self.line,
        )


def _starts_board(builder: _Builder, tag: str) -> bool:
    if not builder.started:
        return False
    if tag == "qx":
        return True
    if tag == "md":
        return builder.deal is not None
    if tag in ("pn", "st"):
        return builder.deal is not None or bool(builder.calls)
    return False


_URL = re.compile(r"https?://\S*", re.IGNORECASE)
_LIN_PARAMETER = re.compile(r"[?&]lin=", re.IGNORECASE)


def _is_link(line: str) -> bool:
    """Whether ``line`` is one link with a ``lin`` parameter (in time linear in its length).

    >>> _is_link(" https://www.bridgebase.com/tools/handviewer.html?lin=ah%7C "), _is_link("ah|x|")
    (True, False)
    """
    text = line.strip()
    return _URL.fullmatch(text) is not None and _LIN_PARAMETER.search(text) is not None


def from_links(text: str) -> str:
    """The LIN text of BBO handviewer links, one a line, as people paste them.

    A line that is a link (``https://www.bridgebase.com/tools/handviewer.html?lin=…``)
    becomes the LIN its ``lin`` parameter holds, decoded (``%7C`` is ``|``, ``+`` a
    space); other lines stay as they are, and each line keeps its number.

    >>> from_links("https://www.bridgebase.com/tools/handviewer.html?bbo=y&lin=ah%7CBoard+1%7C")
    'ah|Board 1|'
    """
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if _is_link(line):
            query = urlsplit(line.strip()).query
            values = parse_qs(query, keep_blank_values=True).get("lin", [""])
            lines[index] = values[0].replace("\n", " ").replace("\r", " ")
    return "\n".join(lines)


def loads(text: str, source: str = "<text>") -> LinFile:
    """Read a LIN text; raise :class:`LINSyntaxError` naming the line and the tag at the first fault.

    >>> lin = loads("qx|o1|md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|7S|mc|13|")
    >>> lin.boards[0].claim, lin.boards[0].extras
    (13, (('qx', 'o1'),))
    """
    header: list[tuple[str, str]] = []
    boards: list[LinBoard] = []
    rooms: dict[str, tuple[str, str, str, str]] = {}
    builder = _Builder()
    for pair in pairs(from_links(text), source):
        tag, value = pair.tag, pair.value
        if tag == "pg":
            continue
        if not boards and not builder.started and tag in HEADER_TAGS:
            header.append((tag, value))
            continue
        seated = _rooms(value) if tag == "pn" else {}
        if seated and (not builder.started or _starts_board(builder, tag)):
            # The rooms' eight players: in the header, or between boards (a substitution),
            # where each board after it is written back with its own four.
            if builder.started:
                boards.append(_seated(builder.board(), rooms))
                builder = _Builder()
            if not boards:
                header.append((tag, value))
            rooms.update(seated)
            continue
        if _starts_board(builder, tag):
            boards.append(_seated(builder.board(), rooms))
            builder = _Builder()
        if not builder.started:
            builder.started = True
            builder.line = pair.line
        _read_pair(builder, pair, source)
    if builder.started:
        boards.append(_seated(builder.board(), rooms))
    return LinFile(tuple(header), tuple(boards))


def _rooms(value: str) -> dict[str, tuple[str, str, str, str]]:
    """The players of each room of a vugraph ``pn`` of eight names (open S, W, N, E, then closed).

    >>> _rooms("a,b,c,d,e,f,g,h")["Closed"], _rooms("a,b,c,d")
    (('g', 'h', 'e', 'f'), {})
    """
    names = value.split(",")
    if len(names) != 8:
        return {}
    open_room, closed_room = names[:4], names[4:]
    return {
        room: (north, east, south, west)
        for room, (south, west, north, east) in (("Open", open_room), ("Closed", closed_room))
    }


def _seated(board: LinBoard, rooms: dict[str, tuple[str, str, str, str]]) -> LinBoard:
    """A vugraph board without its own ``pn`` of four, with the players of its room.

    A ``pn`` of eight names inside the board (a substitution) seats this board and
    those after it.
    """
    for tag, value in board.extras:
        if tag == "pn":
            rooms.update(_rooms(value))
    room = board.room
    if board.players is not None or room is None or room not in rooms:
        return board
    return replace(board, players=rooms[room])


def _read_pair(builder: _Builder, pair: Pair, source: str) -> None:
    tag, value = pair.tag, pair.value
    if tag == "pn":
        names = value.split(",")
        if len(names) == 4 and builder.players is None:
            south, west, north, east = names
            builder.players = (north, east, south, west)
        else:
            builder.extras.append((tag, value))
    elif tag == "md":
        read = read_deal(value)
        if read is None:
            twice = repeated_card(value)
            if twice is not None:
                raise _error(source, pair, N_("the card {card} is dealt twice"), card=twice)
            raise _error(
                source, pair, N_("expected at least three hands of 13 cards, separated by commas")
            )
        builder.dealer, builder.deal = read
    elif tag == "sv":
        vulnerability = _VULNERABILITY.get(value.strip().upper())
        if vulnerability is None:
            raise _error(source, pair, N_("expected one of {choices}"), choices="o, n, e, b")
        builder.vulnerability = vulnerability
    elif tag == "ah":
        builder.title = value
    elif tag == "mb":
        call = read_call(value)
        if call is None:
            raise _error(
                source, pair, N_("expected a call, as in {example}"), example="p, d, r, 1N, 4S!"
            )
        builder.calls.append(LinCall(call[0], alert=call[1]))
    elif tag == "an":
        if not builder.calls:
            raise _error(
                source, pair, N_("an explanation (an) must follow the call (mb) it explains")
            )
        builder.calls[-1] = replace(builder.calls[-1], explanation=value)
    elif tag == "pc":
        card = read_card(value)
        if card is None:
            raise _error(source, pair, N_("expected a card, as in {example}"), example="SA, HT, C2")
        builder.cards.append(card)
    elif tag == "mc":
        claim = value.strip()
        if not (claim.isascii() and claim.isdigit()) or len(claim) > 2 or int(claim) > 13:
            raise _error(source, pair, N_("expected the tricks claimed, 0 to 13"))
        builder.claim = int(claim)
    else:
        builder.extras.append((tag, value))


def _pair(tag: str, value: str) -> str:
    return f"{tag}|{value.replace('|', '/')}|"


def dumps(lin: LinFile | LinBoard) -> str:
    """Write LIN text: the header on its own line, then one line per board.

    Page breaks (``pg||``) follow the auction and each complete trick, as BBO writes them.

    >>> board = LinBoard(Deal.from_number(0), Seat.NORTH, Vulnerability.NONE,
    ...                  ("Ann", "Bob", "Cid", "Dan"), "Board 1", (LinCall(PASS),))
    >>> print(dumps(board), end="")
    pn|Cid,Dan,Ann,Bob|md|3SHDAKQJT98765432C,SHDCAKQJT98765432,SAKQJT98765432HDC,SHAKQJT98765432DC|ah|Board 1|sv|o|mb|p|pg||
    """
    lin = lin if isinstance(lin, LinFile) else LinFile(boards=(lin,))
    lines: list[str] = []
    if lin.header:
        lines.append("".join(_pair(tag, value) for tag, value in lin.header))
    lines.extend(_board_line(board) for board in lin.boards)
    return "".join(line + "\n" for line in lines)


def _board_line(board: LinBoard) -> str:
    out: list[str] = [_pair(tag, value) for tag, value in board.extras if tag == "qx"]
    if board.players is not None:
        north, east, south, west = board.players
        names = (south, west, north, east)
        # LIN separates names with commas: "Muñoz, Luis" (PBN's order) is written "Muñoz Luis".
        written = (name.replace(", ", " ").replace(",", " ") for name in names)
        out.append(_pair("pn", ",".join(written)))
    out.extend(_pair(tag, value) for tag, value in board.extras if tag != "qx")
    if board.deal is not None:
        out.append(_pair("md", write_deal(board.deal, board.dealer)))
    if board.title is not None:
        out.append(_pair("ah", board.title))
    if board.vulnerability is not None:
        out.append(_pair("sv", _VULNERABILITY_WRITTEN[board.vulnerability]))
    for call in board.calls:
        out.append(_pair("mb", write_call(call.call, call.alert)))
        if call.explanation is not None:
            out.append(_pair("an", call.explanation))
    if board.calls:
        out.append("pg||")
    for index, card in enumerate(board.cards, 1):
        out.append(_pair("pc", card.to_str()))
        if index % 4 == 0:
            out.append("pg||")
    if board.claim is not None:
        out.append(_pair("mc", str(board.claim)))
    return "".join(out)
