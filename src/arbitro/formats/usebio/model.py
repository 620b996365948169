"""The values of a USEBIO 1.2 file: an event, its sessions, participants, boards and travellers.

Every field a file may leave out is optional, names and numbers of players included,
so an anonymised file reads as well as a full one. Scores stay as Árbitro's
:class:`~arbitro.scoring.results.Result` (played, split, weighted or artificial);
points, totals and percentages stay as the exact fractions of the decimals written.

>>> line = TravellerLine(ns="1", ew="2", result=Result.played(420))
>>> line.result
Result.played(420)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from arbitro.core import Card, Seat, Side
from arbitro.core.errors import NotationError
from arbitro.i18n import N_, gettext
from arbitro.scoring.results import Result

ParticipantKind = Literal["pair", "team", "player"]
"""What a participant is: a pair, a team, or one player (an individual event)."""


class UsebioSyntaxError(NotationError):
    """A USEBIO file that cannot be read: the message names the file, the line and the element path.

    >>> print(UsebioSyntaxError.at("club.xml", 12, "USEBIO/EVENT/SESSION/BOARD/BOARD_NUMBER", "x",
    ...                            N_("expected a whole number from 1 up")))
    club.xml, line 12, USEBIO/EVENT/SESSION/BOARD/BOARD_NUMBER: 'x': expected a whole number from 1 up
    """

    what = N_("USEBIO")
    source: str = ""
    line: int = 0
    path: str = ""
    column: int = 0
    """The column (from 1) on ``line`` where the XML parser stopped; 0 when not known."""

    @classmethod
    def at(
        cls, source: str, line: int, path: str, text: str, reason: str, **details: object
    ) -> UsebioSyntaxError:
        """The error for ``text`` in the element ``path`` on ``line`` of ``source``.

        >>> UsebioSyntaxError.at("x.xml", 3, "USEBIO", "", N_("expected a whole number from 1 up")).line
        3
        """
        error = cls(text, reason, **details)
        error.source = source
        error.line = line
        error.path = path
        return error

    def __str__(self) -> str:
        """The file, then the line, the element and the text where each is known.

        >>> print(UsebioSyntaxError.at("a.xml", 9, "", "unclosed token", N_("the file is not well-formed XML")))
        a.xml, line 9: 'unclosed token': the file is not well-formed XML
        >>> print(UsebioSyntaxError.at("a.xml", 4, "USEBIO", "", N_("expected an element EVENT")))
        a.xml, line 4, USEBIO: expected an element EVENT
        """
        reason = "; ".join(str(problem) for problem in self.problems)
        if self.line and self.path:
            if not self.text:
                return gettext("{source}, line {line}, {path}: {reason}").format(
                    source=self.source, line=self.line, path=self.path, reason=reason
                )
            return gettext("{source}, line {line}, {path}: '{text}': {reason}").format(
                source=self.source, line=self.line, path=self.path, text=self.text, reason=reason
            )
        if self.text and self.text != self.source:
            reason = f"'{self.text}': {reason}"
        if self.path:
            reason = f"{self.path}: {reason}"
        if self.line and self.column:
            return gettext("{source}, line {line}, column {column}: {reason}").format(
                source=self.source, line=self.line, column=self.column, reason=reason
            )
        if self.line:
            return gettext("{source}, line {line}: {reason}").format(
                source=self.source, line=self.line, reason=reason
            )
        return gettext("{source}: {reason}").format(source=self.source, reason=reason)


@dataclass(frozen=True)
class Player:
    """A player: name and national number, either of them left out in an anonymised file.

    >>> Player("Ana Pérez", "12345").name
    'Ana Pérez'
    """

    name: str | None = None
    number: str | None = None


@dataclass(frozen=True)
class Participant:
    """A pair, a team or a player of an individual event, with the standing the file gives.

    ``number`` is the pair, team or player number; ``direction`` the pair's line in a
    two-winner event; ``place`` the rank as written (``2=``); ``total`` and
    ``percentage`` the session's score. ``adjustment`` (``ADJUSTMENT``) is what the
    Director's penalties (Laws 90, 91) changed the total by, in its units, already in
    ``total``: negative for a penalty. ``carry_over`` (``CARRY_OVER``, Árbitro's own
    element) is what a team brings into the event (in a knockout the IMPs it starts its
    match with), in ``total`` when that is the event's total. ``note`` is a remark USEBIO 1.2 has no element
    for, kept as an XML comment inside the participant's element: Árbitro writes there
    why a participant has no place, disqualified under Law 91B, and each penalty's Law,
    amount and reason (``docs/formats.md``).

    >>> Participant("pair", "7", direction=Side.NS, place="1").place
    '1'
    >>> Participant("pair", "3", note="Disqualified, not ranked (Law 91B): cheating").place is None
    True
    >>> Participant("pair", "5", total=Fraction(97), adjustment=Fraction(-3)).adjustment
    Fraction(-3, 1)
    >>> Participant("team", "B", total=Fraction(17), carry_over=Fraction(15, 2)).carry_over
    Fraction(15, 2)
    """

    kind: ParticipantKind
    number: str | None = None
    name: str | None = None
    direction: Side | None = None
    players: tuple[Player, ...] = ()
    place: str | None = None
    total: Fraction | None = None
    percentage: Fraction | None = None
    note: str | None = None
    adjustment: Fraction | None = None
    carry_over: Fraction | None = None


def numbered(numbers: Iterable[str]) -> bool:
    """Whether every participant's number is a plain number, which then gives its seeding.

    A Swiss is seeded by its participants' numbers (1, 2, ...); when they have names
    instead, their order in the file's ``PARTICIPANTS`` gives it (``docs/formats.md``).

    >>> numbered(["1", "10", "2"]), numbered(["Sevilla", "2"])
    (True, False)
    """
    return all(number.isdigit() and len(number) < 18 for number in numbers)


@dataclass(frozen=True)
class TravellerLine:
    """One table's result on a board.

    ``ns`` and ``ew`` are the pair (or team) numbers; in an individual event
    ``players`` holds the player numbers of North, East, South and West instead.
    ``contract`` is written as in a traveller (``4SX``), ``declarer`` and ``lead`` as
    seats and cards, ``tricks`` the tricks declarer took. ``result`` is North-South's
    score or the adjusted score; ``ns_points`` and ``ew_points`` the board's points
    (matchpoints or IMPs). In a teams match (:class:`Match`) ``direction`` is where the
    match's ``TEAM`` sat at this table (``NS`` at one table, ``EW`` at the other) and
    the pair numbers are usually left out. ``line`` is where the file wrote it;
    ``note`` the line's comment.

    >>> TravellerLine(ns="3", ew="4", contract="3NT", declarer=Seat.SOUTH, tricks=9).tricks
    9
    >>> TravellerLine(direction=Side.EW, result=Result.played(-420)).direction
    Side.EW
    """

    ns: str | None = None
    ew: str | None = None
    players: tuple[str, str, str, str] | None = None
    contract: str | None = None
    declarer: Seat | None = None
    lead: Card | None = None
    tricks: int | None = None
    result: Result | None = None
    ns_points: Fraction | None = None
    ew_points: Fraction | None = None
    direction: Side | None = None
    line: int = field(default=0, compare=False, repr=False)
    """The line the ``TRAVELLER_LINE`` starts on in its file (0 when not read from one)."""
    note: str | None = None
    """A remark USEBIO 1.2 has no element for, kept as an XML comment inside the line:
    Árbitro writes there an adjusted score as the director entered it (Law 12, ``4S= N``;
    :mod:`arbitro.formats.usebio.notes`)."""


@dataclass(frozen=True)
class Board:
    """A board of a session and its traveller.

    In a teams match, ``imps`` is the board's IMPs for the match's ``TEAM`` (Law 78B:
    what it gains on the board over both tables; its opponents gain the opposite).
    ``note`` is a remark USEBIO 1.2 has no element for, kept as an XML comment inside
    the board's element: Árbitro writes there that a match's board is fouled (Law 87B),
    its two tables in different groups and not compared.

    >>> Board(5, (TravellerLine(ns="1", ew="2"),)).number
    5
    >>> Board(5, imps=Fraction(-6)).imps
    Fraction(-6, 1)
    """

    number: int
    lines: tuple[TravellerLine, ...] = ()
    imps: Fraction | None = None
    note: str | None = None
    line: int = field(default=0, compare=False, repr=False)
    """The line the ``BOARD`` starts on in its file (0 when not read from one)."""


@dataclass(frozen=True)
class Match:
    """A teams match: the two teams, each one's IMPs and victory points, and its boards.

    ``team`` and ``opposing_team`` are the team numbers (``team`` is the home team, the
    one whose direction each traveller line gives); ``team_imps`` and
    ``opposing_team_imps`` each team's IMPs over the match, ``team_score`` and
    ``opposing_team_score`` their victory points; ``boards`` hold both tables' results
    of each board and its IMPs for ``team``.

    >>> match = Match("1", "2", round=3, team_score=Fraction(15), opposing_team_score=Fraction(5))
    >>> match.team_score + match.opposing_team_score
    Fraction(20, 1)
    """

    team: str | None = None
    opposing_team: str | None = None
    round: int | None = None
    team_imps: Fraction | None = None
    opposing_team_imps: Fraction | None = None
    team_score: Fraction | None = None
    opposing_team_score: Fraction | None = None
    boards: tuple[Board, ...] = ()
    line: int = field(default=0, compare=False, repr=False)
    """The line the ``MATCH`` starts on in its file (0 when not read from one)."""


@dataclass(frozen=True)
class Session:
    """A session: its number, date, participants with their standings, boards and matches.

    A pairs or individual session has its travellers in ``boards``; a teams session
    has them in its ``matches``.

    >>> Session("1", boards=(Board(1),)).boards[0].number
    1
    >>> Session("1", matches=(Match("1", "2"),)).matches[0].opposing_team
    '2'
    """

    number: str | None = None
    date: str | None = None
    participants: tuple[Participant, ...] = ()
    boards: tuple[Board, ...] = ()
    matches: tuple[Match, ...] = ()


@dataclass(frozen=True)
class Event:
    """An event: type (``MP_PAIRS``, ``TEAMS``, ``INDIVIDUAL``…), scoring, winners, sessions.

    ``scoring`` is the board scoring method as USEBIO names it (``MATCH_POINTS``,
    ``BUTLER_IMPS``, ``CROSS_IMPS``, ``IMPS``, ``AGGREGATE``); ``winner_type`` is 1 for a
    single ranking and 2 for North-South and East-West ranked apart;
    ``match_scoring`` how a teams event's matches are scored (``VPS``, ``IMPS``);
    ``scoring_method`` the ``SCORING_METHOD`` element Compscore3 writes (``IMPS`` in a
    Butler or cross-IMP event, read with ``event_type``); ``session_count``
    (``SESSION_COUNT``) the sessions the event is played in, which may be more than the
    file holds (a knockout's segments still to play).

    >>> Event("MP_PAIRS", scoring="MATCH_POINTS", winner_type=2).winner_type
    2
    >>> Event("TEAMS", scoring="IMPS", match_scoring="VPS").match_scoring
    'VPS'
    """

    event_type: str | None = None
    identifier: str | None = None
    description: str | None = None
    date: str | None = None
    scoring: str | None = None
    winner_type: int | None = None
    sessions: tuple[Session, ...] = ()
    match_scoring: str | None = None
    scoring_method: str | None = None
    session_count: int | None = None
    line: int = field(default=0, compare=False, repr=False)
    """The line the ``EVENT`` starts on in its file (0 when not read from one)."""
    note: str | None = None
    """A remark USEBIO 1.2 has no element for, kept as an XML comment inside ``EVENT``:
    Árbitro writes there where the results stood when the file was written (provisional,
    official or final, Law 79C1)."""


@dataclass(frozen=True)
class Usebio:
    """A whole USEBIO file: its version, the club or organiser, the program that wrote it, the event.

    >>> Usebio(event=Event("MP_PAIRS")).version
    '1.2'
    """

    event: Event
    version: str = "1.2"
    club: str | None = None
    program: str | None = None
