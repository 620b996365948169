"""The USEBIO reader's boards: a ``BOARD`` and its ``TRAVELLER_LINE`` elements.

:class:`BoardReader` reads a board's number, IMPs and note and each line of its
traveller: the pairs (or the four players of an individual event), the contract,
declarer, lead, tricks, the score (one for both sides, or each side's, ``NS_SCORE`` and
``EW_SCORE``, or Compscore3's ``A6040``) and each side's published points.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

from arbitro.core import Seat
from arbitro.formats.usebio.element_reader import ElementReader
from arbitro.formats.usebio.model import Board, TravellerLine
from arbitro.formats.usebio.tags import POINTS_ELEMENTS, SEAT_TAGS
from arbitro.formats.usebio.values import (
    AVERAGES,
    both_averages,
    contract,
    read_lead,
    read_view,
    tricks,
)
from arbitro.i18n import N_
from arbitro.scoring.results import Result


class BoardReader(ElementReader):
    """The boards of a parsed USEBIO file and their travellers.

    >>> board = ET.fromstring(
    ...     "<BOARD><BOARD_NUMBER>4</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
    ...     "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>-50</SCORE></TRAVELLER_LINE></BOARD>"
    ... )
    >>> BoardReader("<text>", {}).board(board, "BOARD", pairs=True).lines[0].result
    Result.played(-50)
    """

    def board(self, element: ET.Element, path: str, *, pairs: bool = False) -> Board:
        """A ``BOARD`` and its traveller; ``pairs`` when its lines must name their pairs."""
        number = self.counted(element, path, "BOARD_NUMBER")
        if number is None:
            raise self.error(
                element, path, "", N_("expected an element {name}"), name="BOARD_NUMBER"
            )
        lines = tuple(
            self.line(item, f"{path}/TRAVELLER_LINE", pairs=pairs)
            for item in element.findall("TRAVELLER_LINE")
        )
        return Board(
            number,
            lines,
            self.number(element, path, "IMPS"),
            self.note(element),
            self.lines.get(element, 0),
        )

    def line(self, element: ET.Element, path: str, *, pairs: bool = False) -> TravellerLine:
        """A ``TRAVELLER_LINE``.

        With ``pairs`` (a session's board, not a match's) it must name North-South's and
        East-West's pair (or team), unless it names the four players of an individual
        event; a match's lines give the home team's ``DIRECTION`` instead.
        """
        seats = [self.text(element, tag) for tag in SEAT_TAGS]
        players: tuple[str, str, str, str] | None = None
        if any(seat is not None for seat in seats):
            players = (seats[0] or "", seats[1] or "", seats[2] or "", seats[3] or "")
        ns = self.text(element, "NS_PAIR_NUMBER") or self.text(element, "NS_TEAM_NUMBER")
        ew = self.text(element, "EW_PAIR_NUMBER") or self.text(element, "EW_TEAM_NUMBER")
        line = TravellerLine(
            ns,
            ew,
            players,
            self.value(
                element,
                path,
                "CONTRACT",
                contract,
                N_("expected a contract such as {example}, or Pass"),
                example="4HX",
            ),
            self.value(
                element,
                path,
                "PLAYED_BY",
                Seat.from_str,
                N_("expected one of {choices}"),
                choices="N, E, S, W",
            ),
            self.value(
                element,
                path,
                "LEAD",
                read_lead,
                N_("expected a card, as in {example}"),
                example="SA, HT, C2",
            ),
            self.value(element, path, "TRICKS", tricks, N_("expected the tricks taken, 0 to 13")),
            self.result(element, path),
            self.points(element, path, "NS"),
            self.points(element, path, "EW"),
            self.direction(element, path),
            self.lines.get(element, 0),
            self.note(element),
        )
        if pairs and players is None:
            for number, name in ((ns, "NS_PAIR_NUMBER"), (ew, "EW_PAIR_NUMBER")):
                if number is None:
                    raise self.error(element, path, "", N_("expected an element {name}"), name=name)
        return line

    def points(self, element: ET.Element, path: str, side: str) -> Fraction | None:
        """A side's published points on the board, whichever element names them."""
        for name in POINTS_ELEMENTS:
            if element.find(f"{side}_{name}") is not None:
                return self.number(element, path, f"{side}_{name}")
        return None

    def result(self, element: ET.Element, path: str) -> Result | None:
        """A line's score: ``SCORE`` for both sides, or ``NS_SCORE`` and ``EW_SCORE``."""
        reason = N_("expected a score, as in {example}")
        example = "420, -50, A60, A6040, 2/3 +620; 1/3 -100"
        if AVERAGES.fullmatch(self.text(element, "SCORE") or ""):
            # Compscore3: A6040 is 60 % to North-South and 40 % to East-West.
            both = self.value(element, path, "SCORE", both_averages, reason, example=example)
            if both is not None:
                return Result(*both)
        ns = self.value(element, path, "NS_SCORE", read_view, reason, example=example)
        ew = self.value(
            element,
            path,
            "EW_SCORE",
            lambda text: read_view(text, negate=True),
            reason,
            example=example,
        )
        if ns is not None and ew is not None:
            return Result(ns, ew)
        score = self.value(element, path, "SCORE", read_view, reason, example=example)
        if score is None:
            return None
        return Result(score, score)
