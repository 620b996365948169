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
``+420`` / ``-620`` (12C1f), ``2/3 +620; 1/3 -100`` (12C1c). XML comments inside
``EVENT``, a participant, a ``BOARD`` or a ``TRAVELLER_LINE`` are their notes
(:mod:`arbitro.formats.usebio.notes`: an adjusted score as entered, a penalty as
recorded, where the results stood); other comments and other elements are skipped. Entity declarations are refused (``defusedxml``), so a hostile file cannot
expand into gigabytes.

:func:`loads` parses the text (the line each element starts on noted) and reads the
tree with :class:`~arbitro.formats.usebio.event_reader.EventReader` (the event, its
sessions, matches and participants) and its
:class:`~arbitro.formats.usebio.board_reader.BoardReader` (the boards and their
travellers); :func:`dumps` writes the tree :func:`~arbitro.formats.usebio.writer.to_element`
builds. The elements' values are read and written by :mod:`arbitro.formats.usebio.values`.

>>> from arbitro.formats.usebio.model import Board, Event, Session, TravellerLine
>>> from arbitro.scoring.results import Result
>>> text = dumps(Usebio(Event("MP_PAIRS", sessions=(Session("1", boards=(
...     Board(1, (TravellerLine("1", "2", result=Result.played(420)),)),)),))))
>>> loads(text).event.sessions[0].boards[0].lines[0].result
Result.played(420)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from arbitro.formats.usebio.event_reader import EventReader
from arbitro.formats.usebio.model import Usebio, UsebioSyntaxError
from arbitro.formats.usebio.writer import to_element
from arbitro.i18n import N_

HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">\n'
"""What a USEBIO 1.2 file starts with."""


MAX_DEPTH = 32
"""The deepest nesting of elements read: USEBIO 1.2 nests about eight deep (``USEBIO``,
``EVENT``, ``SESSION``, ``SECTION``, ``BOARD``, ``TRAVELLER_LINE``, …); a file nested
deeper is refused before its tree is built."""

NOT_WELL_FORMED = N_("the file is not well-formed XML")
"""What a file expat cannot parse is, when :data:`EXPAT_PROBLEMS` does not say more."""

EXPAT_PROBLEMS = {
    2: N_("the file is not well-formed XML: a syntax error"),
    3: N_("the file ends before its elements are closed (or has none)"),
    4: N_("the file is not well-formed XML: a character or a tag XML does not allow"),
    5: N_("the file ends inside a tag or a comment"),
    6: N_("the file ends inside a character"),
    7: N_("a closing tag does not match the element it closes"),
    8: N_("an attribute is written twice in one tag"),
    9: N_("text follows the file's last element"),
    11: N_("an entity (&...;) that XML does not define"),
    17: N_("the XML declaration (<?xml ...?>) is not at the start of the file"),
    18: N_("the XML declaration names an unknown character set"),
    19: N_("the XML declaration names a character set the file is not written in"),
    20: N_("a CDATA section is not closed"),
}
"""What the common expat errors (by their code, ``xml.parsers.expat.errors``) mean, in
the catalog's words; any other is :data:`NOT_WELL_FORMED`."""


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
    r"""Read a USEBIO file's text; raise :class:`UsebioSyntaxError` naming the line and the element.

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
    >>> try:
    ...     loads("<USEBIO>\n<EVENT>")
    ... except UsebioSyntaxError as error:
    ...     print(error)
    <text>, line 2, column 8: the file ends before its elements are closed (or has none)
    """
    builder = _LineBuilder()
    parser = DefusedXMLParser(
        target=builder, forbid_dtd=False, forbid_entities=True, forbid_external=True
    )
    builder.parser = parser
    try:
        parser.feed(data)
        root = parser.close()
    except SyntaxError as error:  # ElementTree's ParseError: expat's code and place
        line, column = getattr(error, "position", (0, -1))
        problem = EXPAT_PROBLEMS.get(getattr(error, "code", 0), NOT_WELL_FORMED)
        refused = UsebioSyntaxError.at(source, line, "", "", problem)
        refused.column = column + 1  # expat counts columns from 0
        raise refused from None
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
        named = getattr(error, "name", None) or getattr(error, "sysid", None) or ""
        raise UsebioSyntaxError.at(
            source, 0, "", named, N_("entity declarations and external references are refused")
        ) from None
    except (UnicodeError, LookupError, ValueError) as error:
        raise UsebioSyntaxError.at(source, 0, "", str(error), NOT_WELL_FORMED) from None
    return EventReader(source, builder.lines, builder.comments).usebio(root)


def dumps(usebio: Usebio) -> str:
    """The file as USEBIO 1.2 text, indented, with its XML declaration and document type.

    >>> from arbitro.formats.usebio.model import Event
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
