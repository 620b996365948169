"""USEBIO 1.2 XML read (through ``defusedxml``) and written (through ``xml.etree.ElementTree``).

The elements Árbitro reads and writes, under ``USEBIO Version="1.2"``:

- ``CLUB/CLUB_NAME``; ``EVENT`` (attribute ``EVENT_TYPE``) with ``PROGRAM_NAME``,
  ``EVENT_IDENTIFIER``, ``EVENT_DESCRIPTION``, ``DATE``, ``BOARD_SCORING_METHOD``,
  ``WINNER_TYPE``, ``SESSION_COUNT`` (the sessions the event is played in) and its
  ``SESSION`` elements (attribute ``SESSION_NUMBER``; a file
  with ``PARTICIPANTS`` and ``BOARD`` straight under ``EVENT`` is one session, and
  ``SECTION`` elements inside a session are read as part of it);
- ``PARTICIPANTS`` with ``PAIR`` (``PAIR_NUMBER``, ``DIRECTION``), ``TEAM``
  (attributes ``TEAM_ID`` and ``TEAM_NAME``; the elements ``TEAM_NUMBER`` and
  ``TEAM_NAME`` of earlier Árbitro files are read too) or ``PLAYER`` (an individual
  event, ``PLAYER_NUMBER``), each with ``PLACE``, ``TOTAL_SCORE``, ``PERCENTAGE``,
  ``ADJUSTMENT`` (what penalties, Laws 90-91, changed the total by: negative for a
  penalty), ``CARRY_OVER`` (what a team brings into the event, in a knockout the IMPs
  it starts its match with; in ``TOTAL_SCORE`` when that is the event's total) and its ``PLAYER`` elements (``PLAYER_NAME``, ``NATIONAL_ID_NUMBER``), all
  optional;
- ``BOARD`` with ``BOARD_NUMBER`` and ``TRAVELLER_LINE`` elements: ``NS_PAIR_NUMBER``,
  ``EW_PAIR_NUMBER`` (or ``NORTH_PLAYER_NUMBER`` … ``WEST_PLAYER_NUMBER``),
  ``CONTRACT``, ``PLAYED_BY``, ``LEAD``, ``TRICKS``, ``SCORE`` (North-South's),
  ``NS_MATCH_POINTS`` / ``EW_MATCH_POINTS`` or ``NS_IMPS`` / ``EW_IMPS``. A line of a
  session's board must name both pairs (or the four players); ``CONTRACT`` is a level,
  a strain and ``X`` or ``XX`` (``4SX``, ``3NT``) or ``Pass``, as a PBN ``ScoreTable``
  holds it; board, round and trick numbers are plain digits;
- a teams event's ``MATCH_SCORING_METHOD`` (``VPS``) and ``MATCH`` elements (in a
  session or its sections): ``ROUND_NUMBER``, ``TEAM`` (the home team),
  ``OPPOSING_TEAM``, ``TEAM_IMPS`` / ``OPPOSING_TEAM_IMPS``, ``TEAM_SCORE`` /
  ``OPPOSING_TEAM_SCORE`` (victory points) and its ``BOARD`` elements, each with
  ``IMPS`` (the home team's on the board) and a ``TRAVELLER_LINE`` per table whose
  ``DIRECTION`` is where the home team sat.

Where the names come from: the USEBIO 1.2 specification and DTD (usebio.org) were not
at hand; the names were checked against programs that exchange USEBIO files, chiefly
the importer marcshearer/ImportUsebio (``ImportUsebio/Shared/Usebio Parser.swift``:
``PARTICIPANTS``, ``PAIR``/``PAIR_NUMBER``/``DIRECTION``, ``TEAM`` with its attributes
``TEAM_ID`` and ``TEAM_NAME``, ``PLAYER``/``PLAYER_NUMBER``/``PLAYER_NAME``/
``NATIONAL_ID_NUMBER``, ``PLACE``, ``TOTAL_SCORE``, ``PERCENTAGE``, ``BOARD``,
``TRAVELLER_LINE``, ``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``, ``BOARD_SCORING_METHOD``,
``WINNER_TYPE``, ``SESSION_COUNT``…). The four seat elements of an individual event's traveller
(``NORTH_PLAYER_NUMBER``…) were found in no such program and are unconfirmed. The teams
elements ``MATCH_SCORING_METHOD``, ``MATCH``, ``ROUND_NUMBER``, ``TEAM``,
``OPPOSING_TEAM``, ``TEAM_SCORE``, ``OPPOSING_TEAM_SCORE``, ``BOARD`` inside ``MATCH``
and ``DIRECTION`` in its traveller lines are read by ImportUsebio and written by a
second, independent Swiss-teams writer, which also writes the board's ``IMPS`` (for
``TEAM``) and the event types ``SWISS_TEAMS``; ``TEAM_IMPS`` and
``OPPOSING_TEAM_IMPS`` (each team's IMPs over the match) were found in no program and
are Árbitro's own; so is ``CARRY_OVER``: no program at hand writes a carry-over (the
importer reads a match's teams, scores and boards, nothing a team brings into it), so
Árbitro writes it in the team's element beside ``ADJUSTMENT``, where a reader that
does not know it skips it. ``ADJUSTMENT`` after ``PERCENTAGE`` (a pair's total less its
unadjusted score) is written by a third, independent writer (a New Zealand club
scorer's USEBIO converter, which also writes ``MASTER_POINTS`` and ``HANDICAP``
there); the reason and Law of a penalty have no element in any of them.

An adjusted score that is not one number for both sides is written as ``NS_SCORE`` and
``EW_SCORE``, each side's score as that side scores it: ``A60`` / ``A40`` (12C2),
``+420`` / ``-620`` (12C1f), ``2/3 +620; 1/3 -100`` (12C1c). Other elements are
skipped. Entity declarations are refused (``defusedxml``), so a hostile file cannot
expand into gigabytes.

>>> text = dumps(Usebio(Event("MP_PAIRS", sessions=(Session("1", boards=(
...     Board(1, (TravellerLine("1", "2", result=Result.played(420)),)),)),))))
>>> loads(text).event.sessions[0].boards[0].lines[0].result
Result.played(420)
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from fractions import Fraction
from typing import TypeVar

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from arbitro.core import Card, NotationError, Seat, Side
from arbitro.formats.pbn.table_tags import TABLE_CONTRACT
from arbitro.formats.usebio.model import (
    Board,
    Event,
    Match,
    Participant,
    ParticipantKind,
    Player,
    Session,
    TravellerLine,
    Usebio,
    UsebioSyntaxError,
)
from arbitro.i18n import N_
from arbitro.scoring.results import AdjustedImps, Average, Result, View, Weighted
from arbitro.scoring.session import show

T = TypeVar("T")

HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">\n'
"""What a USEBIO 1.2 file starts with."""

_KINDS: dict[str, ParticipantKind] = {"PAIR": "pair", "TEAM": "team", "PLAYER": "player"}
_NUMBER_TAG = {"pair": "PAIR_NUMBER", "team": "TEAM_NUMBER", "player": "PLAYER_NUMBER"}
_SEAT_TAGS = (
    "NORTH_PLAYER_NUMBER",
    "EAST_PLAYER_NUMBER",
    "SOUTH_PLAYER_NUMBER",
    "WEST_PLAYER_NUMBER",
)
_WEIGHTED_PART = re.compile(
    r"\s*(?P<weight>[0-9]{1,9}(?:/0{0,9}[1-9][0-9]{0,8})?)\s+(?P<score>[+-]?[0-9]{1,9})\s*"
)


def read_view(text: str, negate: bool = False) -> View:
    """One side's score as written: ``A60``, ``+420``, ``2/3 +620; 1/3 -100`` or ``-2 IMP``.

    ``negate`` reads East-West's score (written as East-West score it) into North-South
    terms. ``-2 IMP`` is the board's IMPs given to the side in a team match (Law 12C1b):
    the side's own figure, never negated.

    >>> read_view("A+"), read_view("-620", negate=True), read_view("-2 IMP", negate=True)
    (Average(AverageKind.PLUS), Weighted.single(620), AdjustedImps(Fraction(-2, 1)))
    """
    stripped = text.strip()
    if stripped[:1] in ("A", "a"):
        return Average.from_str(stripped)
    if stripped[-3:].upper() == "IMP":
        return Result.imps_from_str(f"{stripped[:-3]}/0 IMP").ns
    if ";" in stripped or " " in stripped:
        parts = []
        for part in stripped.split(";"):
            match = _WEIGHTED_PART.fullmatch(part)
            if match is None:
                raise ValueError(text)
            parts.append((Fraction(match["weight"]), int(match["score"])))
        weighted = Weighted(tuple(parts))
    else:
        weighted = Weighted.single(int(stripped))
    return weighted.negated() if negate else weighted


def write_view(view: View, negate: bool = False) -> str:
    """One side's score as :func:`read_view` reads it.

    USEBIO has no score in IMPs for a table: the board's IMPs given to a side in a team
    match (Law 12C1b) are written as its figure and ``IMP`` (``-2 IMP``), which Árbitro
    reads back; other programs read the board's IMPs in the match's ``BOARD`` element.

    >>> write_view(Weighted.single(620), negate=True), write_view(AdjustedImps(Fraction(-2)), negate=True)
    ('-620', '-2 IMP')
    """
    if isinstance(view, Average):
        return view.to_str()
    if isinstance(view, AdjustedImps):
        return f"{view.to_str()} IMP"
    return (view.negated() if negate else view).to_str()


class _Reader:
    def __init__(
        self,
        source: str,
        lines: dict[ET.Element, int],
        comments: dict[ET.Element, list[str]] | None = None,
    ) -> None:
        self.source = source
        self.lines = lines
        self.comments = comments or {}

    def error(
        self, element: ET.Element, path: str, text: str, reason: str, **details: object
    ) -> UsebioSyntaxError:
        return UsebioSyntaxError.at(
            self.source, self.lines.get(element, 0), path, text, reason, **details
        )

    def text(self, parent: ET.Element, tag: str) -> str | None:
        child = parent.find(tag)
        if child is None or child.text is None or not child.text.strip():
            return None
        return child.text.strip()

    def value(
        self,
        parent: ET.Element,
        path: str,
        tag: str,
        read: Callable[[str], T],
        reason: str,
        **details: object,
    ) -> T | None:
        child = parent.find(tag)
        if child is None or child.text is None or not child.text.strip():
            return None
        try:
            return read(child.text.strip())
        except (ValueError, ZeroDivisionError, NotationError):
            raise self.error(
                child, f"{path}/{tag}", child.text.strip(), reason, **details
            ) from None

    def number(self, parent: ET.Element, path: str, tag: str) -> Fraction | None:
        return self.value(
            parent, path, tag, _number, N_("expected a number, as in {example}"), example="57.14"
        )

    def usebio(self, root: ET.Element) -> Usebio:
        if root.tag != "USEBIO":
            raise self.error(
                root, root.tag, root.tag, N_("expected the root element {name}"), name="USEBIO"
            )
        event = root.find("EVENT")
        if event is None:
            raise self.error(root, "USEBIO", "", N_("expected an element {name}"), name="EVENT")
        club = root.find("CLUB")
        return Usebio(
            self.event(event, "USEBIO/EVENT"),
            root.get("Version", "1.2"),
            None if club is None else self.text(club, "CLUB_NAME"),
            self.text(event, "PROGRAM_NAME"),
        )

    def event(self, element: ET.Element, path: str) -> Event:
        sessions = [self.session(item, f"{path}/SESSION") for item in element.findall("SESSION")]
        if any(element.find(tag) is not None for tag in ("PARTICIPANTS", "BOARD", "MATCH")):
            sessions.insert(0, self.session(element, path, implied=True))
        winner = self.value(
            element, path, "WINNER_TYPE", _winner_type, N_("expected {choices}"), choices="1, 2"
        )
        return Event(
            element.get("EVENT_TYPE") or self.text(element, "EVENT_TYPE"),
            self.text(element, "EVENT_IDENTIFIER"),
            self.text(element, "EVENT_DESCRIPTION"),
            self.text(element, "DATE"),
            self.text(element, "BOARD_SCORING_METHOD"),
            winner,
            tuple(sessions),
            self.text(element, "MATCH_SCORING_METHOD"),
            self.text(element, "SCORING_METHOD"),
            self.value(
                element,
                path,
                "SESSION_COUNT",
                _board_number,
                N_("expected a whole number from 1 up"),
            ),
            self.lines.get(element, 0),
        )

    def session(self, element: ET.Element, path: str, *, implied: bool = False) -> Session:
        """A ``SESSION`` element, or the ``EVENT`` itself when it holds one session (``implied``)."""
        number = None
        if not implied:
            number = element.get("SESSION_NUMBER") or self.text(element, "SESSION_NUMBER")
        participants: list[Participant] = []
        boards: list[Board] = []
        matches: list[Match] = []
        for container, where in [(element, path)] + [
            (section, f"{path}/SECTION") for section in element.findall("SECTION")
        ]:
            for group in container.findall("PARTICIPANTS"):
                for item in group:
                    kind = _KINDS.get(item.tag)
                    if kind is not None:
                        participants.append(
                            self.participant(item, f"{where}/PARTICIPANTS/{item.tag}", kind)
                        )
            boards.extend(
                self.board(item, f"{where}/BOARD", pairs=True)
                for item in container.findall("BOARD")
            )
            matches.extend(
                self.match(item, f"{where}/MATCH") for item in container.findall("MATCH")
            )
        return Session(
            number,
            None if implied else self.text(element, "DATE"),
            tuple(participants),
            tuple(boards),
            tuple(matches),
        )

    def match(self, element: ET.Element, path: str) -> Match:
        """A teams ``MATCH``: its teams, round, IMPs, victory points and boards."""
        return Match(
            self.text(element, "TEAM"),
            self.text(element, "OPPOSING_TEAM"),
            self.value(
                element,
                path,
                "ROUND_NUMBER",
                _board_number,
                N_("expected a whole number from 1 up"),
            ),
            self.number(element, path, "TEAM_IMPS"),
            self.number(element, path, "OPPOSING_TEAM_IMPS"),
            self.number(element, path, "TEAM_SCORE"),
            self.number(element, path, "OPPOSING_TEAM_SCORE"),
            tuple(self.board(item, f"{path}/BOARD") for item in element.findall("BOARD")),
            self.lines.get(element, 0),
        )

    def participant(self, element: ET.Element, path: str, kind: ParticipantKind) -> Participant:
        players = tuple(
            Player(self.text(item, "PLAYER_NAME"), self.text(item, "NATIONAL_ID_NUMBER"))
            for item in element.findall("PLAYER")
        )
        if kind == "player":
            player = Player(
                self.text(element, "PLAYER_NAME"), self.text(element, "NATIONAL_ID_NUMBER")
            )
            players = () if player == Player() else (player,)
        direction = self.value(
            element,
            path,
            "DIRECTION",
            Side.from_str,
            N_("expected one of {choices}"),
            choices="NS, EW",
        )
        number = self.text(element, _NUMBER_TAG[kind])
        name = self.text(element, "TEAM_NAME")
        if kind == "team":
            number = element.get("TEAM_ID") or self.text(element, "TEAM_ID") or number
            name = element.get("TEAM_NAME") or name
        return Participant(
            kind,
            number,
            name,
            direction,
            players,
            self.text(element, "PLACE"),
            self.number(element, path, "TOTAL_SCORE"),
            self.number(element, path, "PERCENTAGE"),
            " ".join(self.comments.get(element, ())) or None,
            self.number(element, path, "ADJUSTMENT"),
            self.number(element, path, "CARRY_OVER"),
        )

    def board(self, element: ET.Element, path: str, *, pairs: bool = False) -> Board:
        """A ``BOARD`` and its traveller; ``pairs`` when its lines must name their pairs."""
        number = self.value(
            element, path, "BOARD_NUMBER", _board_number, N_("expected a whole number from 1 up")
        )
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
            " ".join(self.comments.get(element, ())) or None,
            self.lines.get(element, 0),
        )

    def line(self, element: ET.Element, path: str, *, pairs: bool = False) -> TravellerLine:
        """A ``TRAVELLER_LINE``.

        With ``pairs`` (a session's board, not a match's) it must name North-South's and
        East-West's pair (or team), unless it names the four players of an individual
        event; a match's lines give the home team's ``DIRECTION`` instead.
        """
        seats = [self.text(element, tag) for tag in _SEAT_TAGS]
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
                _contract,
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
            self.value(element, path, "TRICKS", _tricks, N_("expected the tricks taken, 0 to 13")),
            self.result(element, path),
            self.points(element, path, "NS"),
            self.points(element, path, "EW"),
            self.value(
                element,
                path,
                "DIRECTION",
                Side.from_str,
                N_("expected one of {choices}"),
                choices="NS, EW",
            ),
            self.lines.get(element, 0),
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
        reason = N_("expected a score, as in {example}")
        example = "420, -50, A60, A6040, 2/3 +620; 1/3 -100"
        if _AVERAGES.fullmatch(self.text(element, "SCORE") or ""):
            # Compscore3: A6040 is 60 % to North-South and 40 % to East-West.
            both = self.value(element, path, "SCORE", _both_averages, reason, example=example)
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


POINTS_ELEMENTS = ("MATCH_POINTS", "IMPS", "BUTLER_POINTS", "CROSS_IMP_POINTS")
"""The elements (after ``NS_`` / ``EW_``) of a side's published points on a board, in
the order they are looked for: ``MATCH_POINTS`` and ``IMPS`` (EBUScore, Árbitro),
``BUTLER_POINTS`` and ``CROSS_IMP_POINTS`` (Compscore3)."""

_AVERAGES = re.compile(r"[Aa]([0-9]{2})([0-9]{2})")
"""Compscore3's artificial scores for both sides in one ``SCORE``: ``A5050``, ``A6040``…"""

_RANKS = "AKQJT98765432"


def _both_averages(text: str) -> tuple[Average, Average]:
    """North-South's and East-West's artificial scores of ``A6040`` (Compscore3).

    >>> _both_averages("A6040")
    (Average(AverageKind.PLUS, Fraction(60, 1)), Average(AverageKind.MINUS, Fraction(40, 1)))
    """
    match = _AVERAGES.fullmatch(text)
    if match is None:
        raise ValueError(text)
    return Average.from_str("A" + match[1]), Average.from_str("A" + match[2])


def read_lead(text: str) -> Card:
    """The opening lead as written: suit first (``HT``, USEBIO) or rank first (``TH``, Compscore3).

    Suit letters and rank letters do not overlap, so the order is never ambiguous.

    >>> read_lead("TD"), read_lead("DT"), read_lead("10H")
    (Card(Suit.DIAMONDS, Rank.TEN), Card(Suit.DIAMONDS, Rank.TEN), Card(Suit.HEARTS, Rank.TEN))
    """
    written = text.strip().upper().replace("10", "T")
    if len(written) == 2 and written[0] in _RANKS and written[1] in "SHDC":
        written = written[1] + written[0]
    return Card.from_str(written)


def _winner_type(text: str) -> int:
    if text not in ("1", "2"):
        raise ValueError(text)
    return int(text)


_WHOLE = re.compile(r"[0-9]{1,9}")
"""A whole number as a file writes it: digits only (Python's ``int`` also reads ``1_0``)."""


def _whole(text: str) -> int:
    """The whole number ``text``, or ValueError.

    >>> _whole("10")
    10
    >>> _whole("1_0")
    Traceback (most recent call last):
    ...
    ValueError: 1_0
    """
    if not _WHOLE.fullmatch(text):
        raise ValueError(text)
    return int(text)


def _board_number(text: str) -> int:
    number = _whole(text)
    if number < 1:
        raise ValueError(text)
    return number


def _tricks(text: str) -> int:
    tricks = _whole(text)
    if not 0 <= tricks <= 13:
        raise ValueError(text)
    return tricks


def _contract(text: str) -> str:
    """A traveller's contract as written, or ValueError.

    >>> _contract("3NTX"), _contract("PASS")
    ('3NTX', 'PASS')
    >>> _contract("8Z")
    Traceback (most recent call last):
    ...
    ValueError: 8Z
    """
    if not TABLE_CONTRACT.fullmatch(text):
        raise ValueError(text)
    return text


MAX_DEPTH = 32
"""The deepest nesting of elements read: USEBIO 1.2 nests about eight deep (``USEBIO``,
``EVENT``, ``SESSION``, ``SECTION``, ``BOARD``, ``TRAVELLER_LINE``, …); a file nested
deeper is refused before its tree is built."""


class _TooDeepError(Exception):
    """An element nested deeper than :data:`MAX_DEPTH`, at ``line``."""

    def __init__(self, tag: str, line: int) -> None:
        super().__init__(tag)
        self.tag, self.line = tag, line


class _LineBuilder(ET.TreeBuilder):
    """A tree builder that notes the line each element starts on and refuses deep nesting."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: dict[ET.Element, int] = {}
        self.parser: DefusedXMLParser | None = None
        self.depth = 0
        self.open: list[ET.Element] = []
        self.comments: dict[ET.Element, list[str]] = {}

    def start(self, tag: str, attrs: dict[str, str]) -> ET.Element:
        line = self.parser.parser.CurrentLineNumber if self.parser is not None else 0
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _TooDeepError(tag, line)
        element = super().start(tag, attrs)
        if self.parser is not None:
            self.lines[element] = line
        self.open.append(element)
        return element

    def end(self, tag: str) -> ET.Element:
        self.depth -= 1
        self.open.pop()
        return super().end(tag)

    def comment(self, text: str | None) -> ET.Element:
        """Keep a comment's text with the element it sits in (a participant's note)."""
        if self.open and text:
            self.comments.setdefault(self.open[-1], []).append(text.strip())
        return super().comment(text)


def loads(data: str | bytes, source: str = "<text>") -> Usebio:
    """Read a USEBIO file's text; raise :class:`UsebioSyntaxError` naming the line and the element.

    >>> try:
    ...     loads("<USEBIO><EVENT><BOARD><BOARD_NUMBER>0</BOARD_NUMBER></BOARD></EVENT></USEBIO>")
    ... except UsebioSyntaxError as error:
    ...     print(error)
    <text>, line 1, USEBIO/EVENT/BOARD/BOARD_NUMBER: '0': expected a whole number from 1 up
    >>> try:
    ...     loads("<USEBIO>" + "<EVENT>" * 100_000)
    ... except UsebioSyntaxError as error:
    ...     print(error)
    <text>, line 1, EVENT: '<EVENT>': elements nested deeper than 32
    """
    builder = _LineBuilder()
    parser = DefusedXMLParser(
        target=builder, forbid_dtd=False, forbid_entities=True, forbid_external=True
    )
    builder.parser = parser
    try:
        parser.feed(data)
        root = parser.close()
    except SyntaxError as error:  # ElementTree's ParseError
        line = getattr(error, "position", (0, 0))[0]
        raise UsebioSyntaxError.at(
            source, line, "", str(error), N_("the file is not well-formed XML")
        ) from None
    except _TooDeepError as error:
        raise UsebioSyntaxError.at(
            source,
            error.line,
            error.tag,
            f"<{error.tag}>",
            N_("elements nested deeper than {limit}"),
            limit=MAX_DEPTH,
        ) from None
    except DefusedXmlException as error:
        raise UsebioSyntaxError.at(
            source, 0, "", str(error), N_("entity declarations and external references are refused")
        ) from None
    except (UnicodeError, LookupError, ValueError) as error:
        raise UsebioSyntaxError.at(
            source, 0, "", str(error), N_("the file is not well-formed XML")
        ) from None
    return _Reader(source, builder.lines, builder.comments).usebio(root)


_NUMBER = re.compile(r"[+-]?(?:[0-9]{1,15}(?:\.[0-9]{0,15})?|\.[0-9]{1,15})")
"""A number a score or a total can be: up to 15 digits each side of the point."""


def _number(text: str) -> Fraction:
    """The number ``text``, or ValueError when it is not a plain decimal of sensible size.

    >>> _number("57.14"), _number("-3")
    (Fraction(2857, 50), Fraction(-3, 1))
    >>> _number("1e30")
    Traceback (most recent call last):
    ...
    ValueError: 1e30
    """
    if not _NUMBER.fullmatch(text):
        raise ValueError(text)
    return Fraction(text)


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 cannot hold: left out of what is written."""


def _add(parent: ET.Element, tag: str, text: object | None) -> None:
    if text is not None:
        ET.SubElement(parent, tag).text = _NOT_XML.sub("", str(text))


def _comment_text(text: str) -> str:
    """``text`` as an XML comment may hold it: no ``--``, no ``-`` at the end, no control characters.

    >>> _comment_text("a -- b-")
    'a - - b- '
    """
    safe = _NOT_XML.sub("", text).strip()
    while "--" in safe:
        safe = safe.replace("--", "- -")
    return safe + " " if safe.endswith("-") else safe


def _decimal(value: Fraction | None) -> str | None:
    return None if value is None else show(value, 2)


def _imps(value: Fraction | None) -> str | None:
    """IMPs as a whole number when they are one (``10``), else with two decimals."""
    if value is not None and value.denominator == 1:
        return str(value.numerator)
    return _decimal(value)


def to_element(usebio: Usebio) -> ET.Element:
    """The file as an element tree (``USEBIO`` at the root).

    >>> to_element(Usebio(Event("MP_PAIRS"), club="Club de Bridge")).find("CLUB/CLUB_NAME").text
    'Club de Bridge'
    """
    root = ET.Element("USEBIO", {"Version": usebio.version})
    if usebio.club is not None:
        _add(ET.SubElement(root, "CLUB"), "CLUB_NAME", usebio.club)
    event = usebio.event
    element = ET.SubElement(
        root, "EVENT", {} if event.event_type is None else {"EVENT_TYPE": event.event_type}
    )
    _add(element, "PROGRAM_NAME", usebio.program)
    _add(element, "EVENT_IDENTIFIER", event.identifier)
    _add(element, "EVENT_DESCRIPTION", event.description)
    _add(element, "DATE", event.date)
    _add(element, "BOARD_SCORING_METHOD", event.scoring)
    _add(element, "MATCH_SCORING_METHOD", event.match_scoring)
    _add(element, "WINNER_TYPE", event.winner_type)
    _add(element, "SESSION_COUNT", event.session_count)
    imps = ("IMPS", "BUTLER_IMPS", "BUTLER", "CROSS_IMPS")
    points = "IMPS" if event.scoring in imps else "MATCH_POINTS"
    for session in event.sessions:
        _write_session(element, session, points)
    return root


def _write_session(parent: ET.Element, session: Session, points: str) -> None:
    element = ET.SubElement(
        parent, "SESSION", {} if session.number is None else {"SESSION_NUMBER": session.number}
    )
    _add(element, "DATE", session.date)
    if session.participants:
        group = ET.SubElement(element, "PARTICIPANTS")
        for participant in session.participants:
            _write_participant(group, participant)
    for board in session.boards:
        _write_board(element, board, points)
    for match in session.matches:
        item = ET.SubElement(element, "MATCH")
        _add(item, "ROUND_NUMBER", match.round)
        _add(item, "TEAM", match.team)
        _add(item, "OPPOSING_TEAM", match.opposing_team)
        _add(item, "TEAM_IMPS", _imps(match.team_imps))
        _add(item, "OPPOSING_TEAM_IMPS", _imps(match.opposing_team_imps))
        _add(item, "TEAM_SCORE", _decimal(match.team_score))
        _add(item, "OPPOSING_TEAM_SCORE", _decimal(match.opposing_team_score))
        for board in match.boards:
            _write_board(item, board, points)


def _write_board(parent: ET.Element, board: Board, points: str) -> None:
    item = ET.SubElement(parent, "BOARD")
    if board.note is not None:
        item.append(ET.Comment(f" {_comment_text(board.note)} "))
    _add(item, "BOARD_NUMBER", board.number)
    _add(item, "IMPS", _imps(board.imps))
    for line in board.lines:
        _write_line(item, line, points)


def _write_participant(parent: ET.Element, participant: Participant) -> None:
    kind = {"pair": "PAIR", "team": "TEAM", "player": "PLAYER"}[participant.kind]
    if participant.kind == "team":
        attributes = {"TEAM_ID": participant.number, "TEAM_NAME": participant.name}
        element = ET.SubElement(
            parent, kind, {key: value for key, value in attributes.items() if value is not None}
        )
    else:
        element = ET.SubElement(parent, kind)
    if participant.note is not None:
        element.append(ET.Comment(f" {_comment_text(participant.note)} "))
    if participant.kind != "team":
        _add(element, _NUMBER_TAG[participant.kind], participant.number)
        _add(element, "TEAM_NAME", participant.name)
    _add(
        element, "DIRECTION", None if participant.direction is None else str(participant.direction)
    )
    _add(element, "PLACE", participant.place)
    _add(element, "TOTAL_SCORE", _decimal(participant.total))
    _add(element, "PERCENTAGE", _decimal(participant.percentage))
    _add(element, "ADJUSTMENT", _decimal(participant.adjustment))
    _add(element, "CARRY_OVER", _decimal(participant.carry_over))
    if participant.kind == "player":
        for player in participant.players[:1]:
            _add(element, "PLAYER_NAME", player.name)
            _add(element, "NATIONAL_ID_NUMBER", player.number)
        return
    for player in participant.players:
        item = ET.SubElement(element, "PLAYER")
        _add(item, "PLAYER_NAME", player.name)
        _add(item, "NATIONAL_ID_NUMBER", player.number)


def _write_line(parent: ET.Element, line: TravellerLine, points: str) -> None:
    element = ET.SubElement(parent, "TRAVELLER_LINE")
    _add(element, "DIRECTION", None if line.direction is None else str(line.direction))
    _add(element, "NS_PAIR_NUMBER", line.ns)
    _add(element, "EW_PAIR_NUMBER", line.ew)
    if line.players is not None:
        for tag, number in zip(_SEAT_TAGS, line.players, strict=True):
            _add(element, tag, number or None)
    _add(element, "CONTRACT", line.contract)
    _add(element, "PLAYED_BY", None if line.declarer is None else str(line.declarer))
    _add(element, "LEAD", None if line.lead is None else line.lead.to_str())
    _add(element, "TRICKS", line.tricks)
    result = line.result
    if result is not None:
        if result.is_balanced and isinstance(result.ns, Weighted) and result.ns.is_single:
            _add(element, "SCORE", result.ns.parts[0][1])
        else:
            _add(element, "NS_SCORE", write_view(result.ns))
            _add(element, "EW_SCORE", write_view(result.ew, negate=True))
    _add(element, f"NS_{points}", _decimal(line.ns_points))
    _add(element, f"EW_{points}", _decimal(line.ew_points))


def dumps(usebio: Usebio) -> str:
    """The file as USEBIO 1.2 text, indented, with its XML declaration and document type.

    >>> print(dumps(Usebio(Event("MP_PAIRS"))), end="")
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">
    <USEBIO Version="1.2">
      <EVENT EVENT_TYPE="MP_PAIRS" />
    </USEBIO>
    """
    root = to_element(usebio)
    ET.indent(root)
    return HEADER + ET.tostring(root, encoding="unicode") + "\n"
