"""A teams session scored by its matches written as USEBIO, and its matches read back to score.

A teams event is scored match by match (Law 78B): at one table the home team sits
North-South, at the other East-West; a board's IMPs come from the two tables, the
match's margin gives both teams' victory points. :func:`from_matches` writes a
session's matches (:class:`MatchFigures`, the figures of the ``MatchScore`` values of
:func:`arbitro.tournament.teams.score_matches`) as USEBIO ``MATCH`` elements: the two
teams (``TEAM`` is the home team), each one's IMPs and victory points, and each board
with both tables' results, the direction the home team sat at each, and the board's
IMPs for the home team (``board_margins``); a board only one table of the match played
is written with that table's line alone and no IMPs. The teams are the session's participants,
with their place and victory points.

:func:`team_results` reads the matches back as one
:class:`~arbitro.scoring.session.TableResult` per table (the team North-South, the
team East-West), which Árbitro's teams scoring scores again.

>>> from arbitro.scoring.session import TableResult
>>> from arbitro.scoring.results import Result
>>> tables = [TableResult(1, "A", "B", Result.played(620)), TableResult(1, "B", "A", Result.played(170))]
>>> match = MatchFigures("A", "B", Fraction(10), Fraction(-10), Fraction(20), Fraction(0), (1,))
>>> file = from_matches([match], tables, {(1, "A", "B"): Fraction(10), (1, "B", "A"): Fraction(-10)})
>>> written = file.event.sessions[0].matches[0]
>>> written.team, written.opposing_team, written.boards[0].imps
('A', 'B', Fraction(10, 1))
>>> team_results(file.event.sessions[0]) == tables
True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import NamedTuple

from arbitro.core import Side
from arbitro.formats.usebio.model import (
    Board,
    Event,
    Match,
    Participant,
    Player,
    Session,
    TravellerLine,
    Usebio,
)
from arbitro.i18n import gettext
from arbitro.scoring.natural_order import numbers_first
from arbitro.scoring.session import TableResult

TEAMS = "TEAMS"
"""The ``EVENT_TYPE`` of a teams event (a round robin or knock-out of teams of four)."""

SWISS_TEAMS = "SWISS_TEAMS"
"""The ``EVENT_TYPE`` of a Swiss teams event."""

KNOCKOUT = "KO"
"""The ``EVENT_TYPE`` of a knockout: matches decided on total IMPs (``MATCH_SCORING_METHOD`` ``IMPS``)."""

TEAM_EVENT_TYPES = (TEAMS, SWISS_TEAMS, "TEAMS_OF_FOUR", "HEAD_TO_HEAD", KNOCKOUT)
"""The ``EVENT_TYPE`` values read as teams events (as other programs write them)."""

BOARD_SCORING = "IMPS"
"""The ``BOARD_SCORING_METHOD`` of a teams event: each board in IMPs between the two tables."""

MATCH_SCORING = "VPS"
"""The ``MATCH_SCORING_METHOD`` of a teams event scored in victory points."""


class MatchFigures(NamedTuple):
    """A scored match's figures: teams (home first), IMPs, victory points, boards counted.

    The fields of :class:`arbitro.tournament.teams.MatchScore` that a file carries.

    >>> MatchFigures("1", "2", Fraction(7), Fraction(-7), Fraction(14), Fraction(6), (1, 2)).home_vps
    Fraction(14, 1)
    """

    home: str
    away: str
    home_imps: Fraction
    away_imps: Fraction
    home_vps: Fraction
    away_vps: Fraction
    board_numbers: tuple[int, ...] = ()


class TeamStanding(NamedTuple):
    """A team's place as written: its number, the place (``2=`` for a tie), its total.

    >>> TeamStanding("3", "1=", Fraction(31)).place
    '1='
    """

    team: str
    place: str
    total: Fraction


def standings_of(matches: Sequence[MatchFigures]) -> list[TeamStanding]:
    """The teams ranked by their victory points over ``matches``; tied teams share a place.

    >>> a = MatchFigures("A", "B", Fraction(0), Fraction(0), Fraction(10), Fraction(10))
    >>> standings_of([a])
    [TeamStanding(team='A', place='1=', total=Fraction(10, 1)), TeamStanding(team='B', place='1=', total=Fraction(10, 1))]
    """
    totals: dict[str, Fraction] = {}
    for match in matches:
        totals[match.home] = totals.get(match.home, Fraction(0)) + match.home_vps
        totals[match.away] = totals.get(match.away, Fraction(0)) + match.away_vps
    order = sorted(totals, key=lambda team: (-totals[team], numbers_first(team)))
    out = []
    for team in order:
        rank = next(at for at, other in enumerate(order, 1) if totals[other] == totals[team])
        tied = sum(1 for other in order if totals[other] == totals[team]) > 1
        out.append(TeamStanding(team, f"{rank}=" if tied else str(rank), totals[team]))
    return out


def from_matches(
    matches: Sequence[MatchFigures],
    tables: Sequence[TableResult],
    margins: Mapping[tuple[int, str, str], Fraction],
    *,
    standings: Sequence[TeamStanding] | None = None,
    names: Mapping[str, str] | None = None,
    players: Mapping[str, tuple[Player, ...]] | None = None,
    rounds: Mapping[tuple[int, str, str], int] | None = None,
    details: Mapping[tuple[int, str, str], TravellerLine] | None = None,
    event_type: str = TEAMS,
    match_scoring: str = MATCH_SCORING,
    identifier: str | None = None,
    description: str | None = None,
    date: str | None = None,
    club: str | None = None,
    session_number: str = "1",
    fouled: Sequence[FouledBoard] = (),
    unscored: Sequence[tuple[str, str, int | None]] = (),
    seats: Mapping[tuple[int, str, str], int] | None = None,
) -> Usebio:
    """A USEBIO file of one teams session scored by its matches.

    ``tables`` are the session's results (one per table and board); ``margins`` the
    IMPs each table's North-South team wins on its board (``board_margins``), keyed by
    (board, North-South team, East-West team). ``standings`` are the places to write
    (the event's ranking); without them the teams are ranked by their victory points
    over ``matches`` (:func:`standings_of`). ``names`` and ``players`` give each team's
    name and players, ``rounds`` each table's round, keyed like ``margins`` (a match's
    round is its tables'; two matches of the same teams, a Swiss's repeat or a double
    round robin's second leg, are told apart by their rounds and boards), and
    ``details`` each table's contract, declarer, lead and tricks as a traveller line,
    keyed like ``margins`` (its result and direction are the table's). A knockout's
    matches (``event_type`` ``KO``, ``match_scoring`` ``IMPS``) are written without
    victory points. ``fouled`` are
    the boards of a match whose two tables are in different groups of a fouled board
    (Law 87B): each is written in its match with both tables' results, without IMPs
    (they are not compared, and the match's figures leave it out), with a note that
    says so and names the groups (:func:`fouled_note`). ``unscored`` are the matches
    (home team, away team, round) none of whose boards both tables have played: each is
    written with its tables' lines and no figures. ``seats`` gives each table's number,
    keyed like ``margins``: when every match has its round, the matches of a round are
    then written in the order of their tables, so that a reader that seats the n-th match of a round at tables
    ``2n - 1`` and ``2n`` seats each where it was played.

    >>> from arbitro.scoring.results import Result
    >>> alone = [TableResult(1, "2", "1", Result.played(-50))]
    >>> [match] = from_matches([], alone, {}, unscored=[("1", "2", None)]).event.sessions[0].matches
    >>> match.team_imps, [(board.number, board.imps, len(board.lines)) for board in match.boards]
    (None, [(1, None, 1)])
    >>> tables = [TableResult(1, "1", "2", Result.played(-50)),
    ...           TableResult(1, "2", "1", Result.played(-50))]
    >>> match = MatchFigures("1", "2", Fraction(0), Fraction(0), Fraction(10), Fraction(10), (1,))
    >>> file = from_matches([match], tables, {}, names={"1": "Los Ases"})
    >>> file.event.event_type, file.event.match_scoring, file.event.sessions[0].participants[0].name
    ('TEAMS', 'VPS', 'Los Ases')
    """
    team_names = names or {}
    rosters = players or {}
    ranked = standings_of(matches) if standings is None else list(standings)
    participants = tuple(
        Participant(
            "team",
            standing.team,
            team_names.get(standing.team),
            players=rosters.get(standing.team, ()),
            place=standing.place or None,
            total=standing.total,
        )
        for standing in ranked
    )
    round_of = rounds or {}
    nothing = Fraction(0)
    every = [(match, _round_of(match, round_of), True) for match in matches] + [
        (MatchFigures(home, away, nothing, nothing, nothing, nothing), number, False)
        for home, away, number in unscored
    ]
    written = []
    for match, number, scored in every:
        made = _match(
            match,
            tables,
            margins,
            number,
            details or {},
            match_scoring == MATCH_SCORING,
            [
                board
                for board in fouled
                if {board.home, board.away} == {match.home, match.away}
                and round_of.get((board.board, board.home, board.away), number) == number
            ],
            round_of,
        )
        if not scored:  # no board both tables played: no figures to give
            made = replace(
                made,
                team_imps=None,
                opposing_team_imps=None,
                team_score=None,
                opposing_team_score=None,
            )
        written.append(made)
    if seats is not None and all(made.round is not None for made in written):
        written.sort(key=lambda made: (made.round or 0, _first_table(made, seats)))
    event = Event(
        event_type,
        identifier,
        description,
        date,
        BOARD_SCORING,
        1,
        (Session(session_number, date, participants, matches=tuple(written)),),
        match_scoring,
    )
    return Usebio(event, club=club, program="Árbitro")


def _first_table(match: Match, seats: Mapping[tuple[int, str, str], int]) -> int:
    """The lowest table ``match`` was played at, as ``seats`` numbers its tables (0: none).

    >>> line = TravellerLine(direction=Side.EW)
    >>> _first_table(Match("A", "B", boards=(Board(2, (line,)),)), {(2, "B", "A"): 4})
    4
    """
    found = [
        seats[key]
        for board in match.boards
        for line in board.lines
        if (
            key := (
                (board.number, match.team or "", match.opposing_team or "")
                if line.direction is Side.NS
                else (board.number, match.opposing_team or "", match.team or "")
            )
        )
        in seats
    ]
    return min(found, default=0)


def _round_of(match: MatchFigures, rounds: Mapping[tuple[int, str, str], int]) -> int | None:
    """The round ``match`` is played in: that of the tables of its boards, if ``rounds`` has them.

    >>> match = MatchFigures("A", "B", Fraction(0), Fraction(0), Fraction(10), Fraction(10), (3,))
    >>> _round_of(match, {(3, "B", "A"): 2}), _round_of(match, {})
    (2, None)
    """
    for number in match.board_numbers:
        for key in ((number, match.home, match.away), (number, match.away, match.home)):
            if key in rounds:
                return rounds[key]
    return None


def _match(
    match: MatchFigures,
    tables: Sequence[TableResult],
    margins: Mapping[tuple[int, str, str], Fraction],
    round_number: int | None,
    details: Mapping[tuple[int, str, str], TravellerLine],
    in_vps: bool = True,
    fouled: Sequence[FouledBoard] = (),
    rounds: Mapping[tuple[int, str, str], int] | None = None,
) -> Match:
    """``match`` as a ``MATCH``: its boards with both tables, and those one table played.

    A board of the match that one table played and the other did not (or not yet) is
    written with that table's line alone and no IMPs: the match does not count it.
    ``rounds`` (by table) keeps a board of another meeting of the same teams out.
    """
    home, away = match.home, match.away
    boards = []
    notes: dict[int, str] = {}
    for board in fouled:
        groups = (board.home_group, board.away_group)
        notes[board.board] = fouled_note(*(groups if board.home == home else groups[::-1]))
    ours = [
        table
        for table in tables
        if {table.ns, table.ew} == {home, away}
        and (
            round_number is None
            or (rounds or {}).get((table.board, table.ns, table.ew), round_number) == round_number
        )
    ]
    alone = {board for board, count in Counter(table.board for table in ours).items() if count == 1}
    for number in sorted({*match.board_numbers, *notes, *alone}):
        played = [table for table in ours if table.board == number]
        # The home team's North-South table first, as the match was scored.
        played.sort(key=lambda table: table.ns != home)
        lines = tuple(
            replace(
                details.get((number, table.ns, table.ew), TravellerLine()),
                result=table.result,
                direction=Side.NS if table.ns == home else Side.EW,
            )
            for table in played
        )
        at_home = next((table for table in played if table.ns == home), None)
        imps = None if at_home is None or number in alone else margins.get((number, home, away))
        if number in notes:  # 87B: not compared, so no IMPs
            boards.append(Board(number, lines, None, notes[number]))
            continue
        boards.append(Board(number, lines, imps))
    return Match(
        home,
        away,
        round_number,
        Fraction(match.home_imps),
        Fraction(match.away_imps),
        Fraction(match.home_vps) if in_vps else None,
        Fraction(match.away_vps) if in_vps else None,
        tuple(boards),
    )


class FouledBoard(NamedTuple):
    """A match's board left out of it: its two tables are in different groups (Law 87B).

    ``home`` is the team that sat North-South at the table of group ``home_group``
    (``None``: the table has no group), as
    :class:`arbitro.tournament.teams.UncomparedBoard` gives it.

    >>> FouledBoard(3, "A", "B", "A", None).away_group is None
    True
    """

    board: int
    home: str
    away: str
    home_group: str | None
    away_group: str | None


_FOULED = re.compile(
    r"(?:Law|Artículo) 87B\b.*?\((?:groups|grupos) (?P<first>.+?) (?:and|y) (?P<second>.+?)\)"
)
"""A fouled board's note as :func:`fouled_note` writes it, in either language."""

_NO_GROUP = ("no group", "sin grupo")


def fouled_note(first: str | None, second: str | None) -> str:
    """The note of a match's fouled board (Law 87B): the groups of its two tables, in order.

    ``first`` is the group of the table where the match's ``TEAM`` sat North-South.

    >>> print(fouled_note("A", None))
    Fouled board (Law 87B): the two tables played different forms of it (groups A and no group) and are not compared; the board is left out of the match until the director gives it an adjusted score (Laws 86A, 12C2)
    """
    none = gettext("no group")
    return gettext(
        "Fouled board (Law 87B): the two tables played different forms of it (groups {first} "
        "and {second}) and are not compared; the board is left out of the match until the "
        "director gives it an adjusted score (Laws 86A, 12C2)"
    ).format(first=first or none, second=second or none)


def fouled_groups(note: str | None) -> tuple[str | None, str | None] | None:
    """The groups a fouled board's note names (:func:`fouled_note`), or None for another note.

    >>> fouled_groups(fouled_note("A", None)), fouled_groups("a remark") is None
    (('A', None), True)
    """
    match = _FOULED.search(note or "")
    if match is None:
        return None
    first, second = match.group("first"), match.group("second")
    return (None if first in _NO_GROUP else first, None if second in _NO_GROUP else second)


def is_teams(event: Event) -> bool:
    """Whether ``event`` is a teams event: a teams ``EVENT_TYPE``, or a session with matches.

    >>> is_teams(Event("SWISS_TEAMS")), is_teams(Event("MP_PAIRS"))
    (True, False)
    """
    return event.event_type in TEAM_EVENT_TYPES or any(
        session.matches for session in event.sessions
    )


def team_results(session: Session) -> list[TableResult]:
    """The session's match travellers as results to score: (board, team N-S, team E-W, result).

    A line's ``direction`` says where the match's ``TEAM`` sat; lines without a result,
    a direction or the match's two teams are left out. The two tables of a fouled board
    (Law 87B, :func:`fouled_note`) come back in their groups, so that they are not
    compared again.

    >>> from arbitro.scoring.results import Result
    >>> line = TravellerLine(result=Result.played(100), direction=Side.EW)
    >>> team_results(Session(matches=(Match("1", "2", boards=(Board(4, (line,)),)),)))
    [TableResult(4, '2', '1', Result.played(100))]
    """
    results: list[TableResult] = []
    for match in session.matches:
        if match.team is None or match.opposing_team is None:
            continue
        for board in match.boards:
            groups = fouled_groups(board.note)
            for line in board.lines:
                if line.result is None or line.direction is None:
                    continue
                ns, ew = match.team, match.opposing_team
                if line.direction is Side.EW:
                    ns, ew = ew, ns
                group = None if groups is None else groups[line.direction is Side.EW]
                results.append(TableResult(board.number, ns, ew, line.result, group))
    return results


def match_figures(session: Session) -> list[MatchFigures]:
    """The matches of a session as the file gives them (matches without both teams or scores left out).

    >>> match_figures(Session(matches=(Match("1", "2", None, Fraction(3), Fraction(-3),
    ...                                      Fraction(11), Fraction(9), (Board(1),)),)))
    [MatchFigures(home='1', away='2', home_imps=Fraction(3, 1), away_imps=Fraction(-3, 1), home_vps=Fraction(11, 1), away_vps=Fraction(9, 1), board_numbers=(1,))]
    """
    out = []
    for match in session.matches:
        figures = (
            match.team_imps,
            match.opposing_team_imps,
            match.team_score,
            match.opposing_team_score,
        )
        if match.team is None or match.opposing_team is None:
            continue
        home_imps, away_imps, home_vps, away_vps = figures
        if home_imps is None or away_imps is None or home_vps is None or away_vps is None:
            continue
        out.append(
            MatchFigures(
                match.team,
                match.opposing_team,
                home_imps,
                away_imps,
                home_vps,
                away_vps,
                tuple(board.number for board in match.boards if fouled_groups(board.note) is None),
            )
        )
    return out
