"""The USEBIO writer: a :class:`~arbitro.formats.usebio.model.Usebio` value as an element tree.

:func:`to_element` builds the tree (``USEBIO`` at the root): the club, the event, its
sessions with their participants, boards and matches, and each board's traveller lines.
Characters XML 1.0 cannot hold are left out, and a note is written as a comment that
XML can hold.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from arbitro.formats.usebio.model import (
    Board,
    Participant,
    Player,
    Session,
    TravellerLine,
    Usebio,
)
from arbitro.formats.usebio.tags import KIND_TAGS, NUMBER_TAG, SEAT_TAGS
from arbitro.formats.usebio.values import decimal, imps, write_view
from arbitro.scoring.results import Weighted

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 cannot hold: left out of what is written."""

_IMPS_SCORING = ("IMPS", "BUTLER_IMPS", "BUTLER", "CROSS_IMPS")
"""The board scoring methods whose points on a board are written as ``NS_IMPS`` /
``EW_IMPS`` (the others' as ``NS_MATCH_POINTS`` / ``EW_MATCH_POINTS``)."""


def _add(parent: ET.Element, tag: str, text: object | None) -> None:
    """Add a child ``tag`` holding ``text`` to ``parent``, unless ``text`` is ``None``.

    >>> parent = ET.Element("PAIR")
    >>> _add(parent, "PLACE", "2="), _add(parent, "PERCENTAGE", None)
    (None, None)
    >>> ET.tostring(parent)
    b'<PAIR><PLACE>2=</PLACE></PAIR>'
    """
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


def to_element(usebio: Usebio) -> ET.Element:
    """The file as an element tree (``USEBIO`` at the root).

    >>> from arbitro.formats.usebio.model import Event
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
    if event.note is not None:
        element.append(ET.Comment(f" {_comment_text(event.note)} "))
    _add(element, "PROGRAM_NAME", usebio.program)
    _add(element, "EVENT_IDENTIFIER", event.identifier)
    _add(element, "EVENT_DESCRIPTION", event.description)
    _add(element, "DATE", event.date)
    _add(element, "BOARD_SCORING_METHOD", event.scoring)
    _add(element, "MATCH_SCORING_METHOD", event.match_scoring)
    _add(element, "WINNER_TYPE", event.winner_type)
    _add(element, "SESSION_COUNT", event.session_count)
    points = "IMPS" if event.scoring in _IMPS_SCORING else "MATCH_POINTS"
    for session in event.sessions:
        _write_session(element, session, points)
    return root


def _write_session(parent: ET.Element, session: Session, points: str) -> None:
    """Add ``session`` to the ``EVENT`` ``parent``: its participants, boards and matches.

    ``points`` names the elements of a side's points on a board (``NS_{points}``).
    """
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
        _add(item, "TEAM_IMPS", imps(match.team_imps))
        _add(item, "OPPOSING_TEAM_IMPS", imps(match.opposing_team_imps))
        _add(item, "TEAM_SCORE", decimal(match.team_score))
        _add(item, "OPPOSING_TEAM_SCORE", decimal(match.opposing_team_score))
        for board in match.boards:
            _write_board(item, board, points)


def _write_board(parent: ET.Element, board: Board, points: str) -> None:
    """Add ``board`` to ``parent`` (a session or a match): its note, number, IMPs and traveller.

    >>> from fractions import Fraction
    >>> parent = ET.Element("SESSION")
    >>> _write_board(parent, Board(3, imps=Fraction(5), note="fouled"), "IMPS")
    >>> ET.tostring(parent)
    b'<SESSION><BOARD><!-- fouled --><BOARD_NUMBER>3</BOARD_NUMBER><IMPS>5</IMPS></BOARD></SESSION>'
    """
    item = ET.SubElement(parent, "BOARD")
    if board.note is not None:
        item.append(ET.Comment(f" {_comment_text(board.note)} "))
    _add(item, "BOARD_NUMBER", board.number)
    _add(item, "IMPS", imps(board.imps))
    for line in board.lines:
        _write_line(item, line, points)


def _write_participant(parent: ET.Element, participant: Participant) -> None:
    """Add ``participant`` to ``PARTICIPANTS``: a team's number and name as attributes.

    An individual event's ``PLAYER`` holds the player's name and number itself; a pair's
    and a team's players are ``PLAYER`` elements inside it.
    """
    kind = KIND_TAGS[participant.kind]
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
        _add(element, NUMBER_TAG[participant.kind], participant.number)
        _add(element, "TEAM_NAME", participant.name)
    _add(
        element, "DIRECTION", None if participant.direction is None else str(participant.direction)
    )
    _add(element, "PLACE", participant.place)
    _add(element, "TOTAL_SCORE", decimal(participant.total))
    _add(element, "PERCENTAGE", decimal(participant.percentage))
    _add(element, "ADJUSTMENT", decimal(participant.adjustment))
    _add(element, "CARRY_OVER", decimal(participant.carry_over))
    if participant.kind == "player":
        for player in participant.players[:1]:
            _write_player(element, player)
        return
    for player in participant.players:
        _write_player(ET.SubElement(element, "PLAYER"), player)


def _write_player(element: ET.Element, player: Player) -> None:
    """Add ``player``'s ``PLAYER_NAME`` and ``NATIONAL_ID_NUMBER`` to ``element``."""
    _add(element, "PLAYER_NAME", player.name)
    _add(element, "NATIONAL_ID_NUMBER", player.number)


def _write_line(parent: ET.Element, line: TravellerLine, points: str) -> None:
    """Add a ``TRAVELLER_LINE`` to the ``BOARD`` ``parent``.

    A score that is one number for both sides is written as ``SCORE``; any other as each
    side's, ``NS_SCORE`` and ``EW_SCORE`` (:func:`~arbitro.formats.usebio.values.write_view`).
    The line's note (an adjusted score as the director entered it) is its first comment.
    """
    element = ET.SubElement(parent, "TRAVELLER_LINE")
    if line.note is not None:
        element.append(ET.Comment(f" {_comment_text(line.note)} "))
    _add(element, "DIRECTION", None if line.direction is None else str(line.direction))
    _add(element, "NS_PAIR_NUMBER", line.ns)
    _add(element, "EW_PAIR_NUMBER", line.ew)
    if line.players is not None:
        for tag, number in zip(SEAT_TAGS, line.players, strict=True):
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
    _add(element, f"NS_{points}", decimal(line.ns_points))
    _add(element, f"EW_{points}", decimal(line.ew_points))
