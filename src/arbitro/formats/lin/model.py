"""The values of a LIN file: boards with their players, deal, calls, cards and claim.

A :class:`LinBoard` keeps what Árbitro understands of one board of a BBO LIN record
(``pn``, ``md``, ``sv``, ``ah``, ``mb`` with ``!`` alerts and ``an`` explanations,
``pc``, ``mc``) and, in ``extras``, every other tag with its value, in order (a
vugraph board's ``qx|o1|`` marker among them, which gives :attr:`LinBoard.room` and
the board's number), so that writing the board back loses nothing but the page
breaks (``pg``), which only lay out BBO's viewer.

>>> board = LinBoard(calls=(LinCall(Call.from_str("Pass")),))
>>> board.calls[0]
LinCall(call=Pass(), alert=False, explanation=None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from arbitro.core import Card, Deal, Seat, Vulnerability
from arbitro.core.call import Call
from arbitro.core.errors import NotationError
from arbitro.i18n import N_, gettext

_BOARD_TITLE = re.compile(
    r"\s*(?:(?:board|bd|brd|deal|tablero|estuche|mano)\.?\s*(?:n[º°o]?\.?\s*)?|#\s*)?"
    r"(?P<number>[0-9]{1,9})\s*",
    re.IGNORECASE,
)
"""A title that names the board: ``Board 7``, ``Bd 7``, ``Tablero 7``, ``Estuche nº 7``, ``#7``, ``7``."""
_MARKER = re.compile(r"\s*(?P<room>[oc])(?P<number>[0-9]{1,9})\b", re.IGNORECASE)
"""A vugraph board marker, ``qx|o12|`` (open room, board 12) or ``qx|c12|`` (closed)."""


class LINSyntaxError(NotationError):
    """A LIN file that cannot be read: the message names the file, the line, the tag and its number.

    ``position`` counts the tags of the file from 1, so a message points at the exact
    ``tag|value|`` pair even on BBO's one-line files.

    >>> print(LINSyntaxError.at("hands.lin", 1, 7, "pc", "Z9", N_("expected a card, as in {example}"),
    ...                         example="SA"))
    hands.lin, line 1, tag 7 (pc): 'Z9': expected a card, as in SA
    """

    what = N_("LIN")
    source: str = ""
    line: int = 0
    position: int = 0
    tag: str = ""

    @classmethod
    def at(
        cls,
        source: str,
        line: int,
        position: int,
        tag: str,
        text: str,
        reason: str,
        **details: object,
    ) -> LINSyntaxError:
        """The error for the value ``text`` of tag number ``position`` (``tag``) on ``line``.

        >>> LINSyntaxError.at("x.lin", 2, 3, "mb", "9Z", N_("expected a call, as in {example}"),
        ...                   example="1N").line
        2
        """
        error = cls(text, reason, **details)
        error.source = source
        error.line = line
        error.position = position
        error.tag = tag
        return error

    def __str__(self) -> str:
        if not self.line and self.text == self.source:  # the file as a whole (it cannot be read)
            return gettext("{source}: {reason}").format(
                source=self.source, reason="; ".join(str(problem) for problem in self.problems)
            )
        return gettext("{source}, line {line}, tag {position} ({tag}): '{text}': {reason}").format(
            source=self.source,
            line=self.line,
            position=self.position,
            tag=self.tag,
            text=self.text,
            reason="; ".join(str(problem) for problem in self.problems),
        )


@dataclass(frozen=True)
class LinCall:
    """One call of a LIN auction (``mb``): the call, whether it was alerted (``!``), its explanation (``an``).

    >>> LinCall(Call.from_str("2D"), alert=True, explanation="transfer").explanation
    'transfer'
    """

    call: Call
    alert: bool = False
    explanation: str | None = None


@dataclass(frozen=True)
class LinBoard:
    """One board of a LIN file.

    ``players`` are the names by seat, North, East, South and West (LIN writes them
    South, West, North, East); ``title`` is the ``ah`` text (``Board 7``), and
    :attr:`number` the board number read from it. ``cards`` are the cards played in
    order; ``claim`` the total tricks a claim gives declarer (``mc``). ``extras`` keeps
    every other tag and its value, in the order read; ``line`` is where the board
    starts in its file (not compared).

    >>> LinBoard(title="Board 12").number
    12
    """

    deal: Deal | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    players: tuple[str, str, str, str] | None = None
    title: str | None = None
    calls: tuple[LinCall, ...] = ()
    cards: tuple[Card, ...] = ()
    claim: int | None = None
    extras: tuple[tuple[str, str], ...] = ()
    line: int = field(default=0, compare=False, repr=False)

    @property
    def number(self) -> int | None:
        """The board number: the one the title (``ah``) names, else a vugraph marker's (``qx|o12|``).

        >>> LinBoard(title="Board 3").number, LinBoard(title="Final").number
        (3, None)
        >>> LinBoard(title="Tablero 7").number, LinBoard(title="Estuche nº 12").number
        (7, 12)
        >>> LinBoard(extras=(("qx", "c12"),)).number
        12

        Boards are numbered from 1: ``Board 0`` names none.

        >>> LinBoard(title="Board 0").number is None
        True
        """
        if self.title is not None:
            match = _BOARD_TITLE.fullmatch(self.title)
            if match is not None and int(match["number"]) >= 1:
                return int(match["number"])
        marker = self._marker()
        return None if marker is None or int(marker["number"]) < 1 else int(marker["number"])

    @property
    def room(self) -> str | None:
        """The room of a vugraph board (``qx|o1|``: ``Open``; ``qx|c1|``: ``Closed``), or None.

        >>> LinBoard(extras=(("qx", "o1"),)).room, LinBoard().room
        ('Open', None)
        """
        marker = self._marker()
        if marker is None:
            return None
        return "Open" if marker["room"].lower() == "o" else "Closed"

    def _marker(self) -> re.Match[str] | None:
        """The board's vugraph marker (``qx``): its room letter and board number."""
        value = next((value for tag, value in self.extras if tag == "qx"), None)
        return None if value is None else _MARKER.match(value)


VUGRAPH_SCORING = {"I": "IMP", "P": "MP", "B": "BAM"}
"""The PBN ``Scoring`` of each scoring letter of a vugraph file's ``vg``."""


@dataclass(frozen=True)
class LinFile:
    """A LIN file: the tags before the first board (``vg``, ``rs``, ``pn``, ``pw``, ``mp``, ``bn``…) and the boards.

    In a vugraph file the header's ``pn`` holds eight names, the open room's South,
    West, North and East, then the closed room's; ``vg`` the event, the segment, the
    scoring, the first and last boards, and the two teams with their carry-over.

    >>> LinFile(boards=(LinBoard(title="Board 1"),)).boards[0].number
    1
    """

    header: tuple[tuple[str, str], ...] = ()
    boards: tuple[LinBoard, ...] = ()

    @property
    def event(self) -> str | None:
        """The event a vugraph file names (the first field of ``vg``), or None.

        >>> LinFile(header=(("vg", "Spring Cup,Final,I,1,16,Hearts,0,Spades,0"),)).event
        'Spring Cup'
        """
        name = self._vugraph(0)
        return name or None

    def _vugraph(self, field: int) -> str:
        """The ``field``-th field of the header's ``vg`` (from 0), stripped; empty when absent."""
        value = next((value for tag, value in self.header if tag == "vg"), "")
        fields = value.split(",")
        return fields[field].strip() if field < len(fields) else ""

    @property
    def scoring(self) -> str | None:
        """The PBN ``Scoring`` of the scoring a vugraph file names (``vg``'s third field), or None.

        ``I`` is IMPs (``IMP``), ``P`` matchpoints (``MP``), ``B`` board-a-match (``BAM``).

        >>> LinFile(header=(("vg", "Spring Cup,Final,I,1,16,Hearts,0,Spades,0"),)).scoring
        'IMP'
        >>> LinFile().scoring is None
        True
        """
        return VUGRAPH_SCORING.get(self._vugraph(2).upper())

    @property
    def teams(self) -> tuple[str, str] | None:
        """The home and visiting teams a vugraph file names (``vg``'s sixth and eighth fields), or None.

        The first team sits North-South in the open room, the second in the closed room.

        >>> LinFile(header=(("vg", "Spring Cup,Final,I,1,16,Hearts,0,Spades,0"),)).teams
        ('Hearts', 'Spades')
        """
        home, visit = self._vugraph(5), self._vugraph(7)
        return (home, visit) if home and visit else None
