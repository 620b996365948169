"""The USEBIO reader's event: the root, the ``EVENT``, its sessions, matches and participants.

:class:`EventReader` turns a parsed tree into a
:class:`~arbitro.formats.usebio.model.Usebio` value: the club, the event's elements,
each ``SESSION`` (an ``EVENT`` with ``PARTICIPANTS``, ``BOARD`` or ``MATCH`` straight
under it is one session, and ``SECTION`` elements are read as part of their session),
a teams event's matches and the participants; the boards and their travellers are
:class:`~arbitro.formats.usebio.board_reader.BoardReader`'s.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from arbitro.formats.usebio.board_reader import BoardReader
from arbitro.formats.usebio.model import (
    Board,
    Event,
    Match,
    Participant,
    ParticipantKind,
    Player,
    Session,
    Usebio,
)
from arbitro.formats.usebio.tags import KINDS, NUMBER_TAG
from arbitro.formats.usebio.values import winner_type
from arbitro.i18n import N_


class EventReader(BoardReader):
    """A parsed USEBIO file read into a :class:`~arbitro.formats.usebio.model.Usebio` value.

    >>> root = ET.fromstring('<USEBIO><EVENT EVENT_TYPE="MP_PAIRS"><WINNER_TYPE>2</WINNER_TYPE></EVENT></USEBIO>')
    >>> EventReader("<text>", {}).usebio(root).event.winner_type
    2
    """

    def usebio(self, root: ET.Element) -> Usebio:
        """The file from its root, which must be ``USEBIO`` and hold an ``EVENT``."""
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
        """The ``EVENT``: its type, identity, scoring, winners and sessions."""
        sessions = [self.session(item, f"{path}/SESSION") for item in element.findall("SESSION")]
        if any(element.find(tag) is not None for tag in ("PARTICIPANTS", "BOARD", "MATCH")):
            sessions.insert(0, self.session(element, path, implied=True))
        winner = self.value(
            element, path, "WINNER_TYPE", winner_type, N_("expected {choices}"), choices="1, 2"
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
            self.counted(element, path, "SESSION_COUNT"),
            self.lines.get(element, 0),
            self.note(element),
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
                    kind = KINDS.get(item.tag)
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
            self.counted(element, path, "ROUND_NUMBER"),
            self.number(element, path, "TEAM_IMPS"),
            self.number(element, path, "OPPOSING_TEAM_IMPS"),
            self.number(element, path, "TEAM_SCORE"),
            self.number(element, path, "OPPOSING_TEAM_SCORE"),
            tuple(self.board(item, f"{path}/BOARD") for item in element.findall("BOARD")),
            self.lines.get(element, 0),
        )

    def participant(self, element: ET.Element, path: str, kind: ParticipantKind) -> Participant:
        """A ``PAIR``, ``TEAM`` or ``PLAYER`` of ``PARTICIPANTS``, with its players and figures."""
        players = tuple(self.player(item) for item in element.findall("PLAYER"))
        if kind == "player":
            player = self.player(element)
            players = () if player == Player() else (player,)
        direction = self.direction(element, path)
        number = self.text(element, NUMBER_TAG[kind])
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
            self.note(element),
            self.number(element, path, "ADJUSTMENT"),
            self.number(element, path, "CARRY_OVER"),
        )
