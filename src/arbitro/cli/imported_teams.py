"""A USEBIO teams file made into an event: its teams, matches, their tables' results, penalties.

``arbitro event import`` hands a file whose event is a teams event
(:func:`arbitro.formats.usebio.is_teams`) to :func:`imported_teams`. Each session's
``MATCH`` is two tables (Law 8A): the home team (``TEAM``) North-South at the first, its
opponents North-South at the second, so the n-th match of a round is played at tables
``2n - 1`` and ``2n`` (as a round robin seats it); each board of a match gives the
result of each table that played it, one line with ``DIRECTION`` ``NS`` and one with
``EW`` (a line without ``DIRECTION`` that names the teams North-South and East-West,
``NS_TEAM_NUMBER`` or ``NS_PAIR_NUMBER``, says it as well); a board one table did not
play has the other table's line alone, and counts in the match once both are in. A
fouled board (Law 87B) keeps its two tables' groups, so that they are not compared again.

A one-session file whose matches give their ``ROUND_NUMBER`` has its rounds rebuilt as
the event's movement, and a Swiss's bye scored as the published totals show
(:mod:`arbitro.cli.usebio_rounds`); the teams the file says were disqualified (Law 91B)
are disqualified again (:func:`arbitro.formats.usebio.disqualified_in`).

A ``KO`` file (Árbitro's knockout) becomes a knockout event (``--scoring knockout``),
its sessions the matches' segments, each team meeting one opponent in every segment;
each team's ``CARRY_OVER`` is its carry-over. A negative ``ADJUSTMENT`` is a penalty the
file's totals already took (Laws 90, 91): in IMPs in a knockout (written in every
segment with the match's total, taken once), in victory points otherwise.

What reading the lines tells is the import's warnings, as ``arbitro session score``
tells it: a score Law 77 gives no result, kept as written (one its contract contradicts
stands, AEB rule A), naming the file's line.

Everything is checked before anything is stored: a match without both teams or with a
team the session does not list, a board with the home team in one direction at both
tables (or with no result), a knockout with an odd number of teams or a team changing
opponents raise :class:`~arbitro.formats.usebio.UsebioSyntaxError`, naming the file,
the line and the element.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from arbitro.cli.imported_event import (
    ImportedEvent,
    adjustment_warning,
    file_entry,
    listed_participants,
    noted_penalties,
)
from arbitro.cli.usebio_rounds import bye_score, rebuilt_movement
from arbitro.core import Side
from arbitro.core.errors import ArbitroError
from arbitro.formats import usebio
from arbitro.formats.travellers import USEBIO_COLUMNS, USEBIO_ELEMENTS, Rows, line_row
from arbitro.formats.usebio.sessions import disqualifying
from arbitro.formats.usebio.teams import fouled_groups
from arbitro.i18n import N_
from arbitro.scoring.natural_order import numbers_first
from arbitro.scoring.session import Method, TableResult
from arbitro.scoring.traveller_errors import TravellerWarning
from arbitro.scoring.travellers import Origin
from arbitro.store.imports import ImportedLineError, ImportedResult
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.records import PenaltyKind, PenaltyRecord, RecordUnit

__all__ = ["imported_teams"]


MATCH_PATH = "USEBIO/EVENT/SESSION/MATCH"
"""Where a match is, as an error names it."""

CARRY_OVER_PATH = "USEBIO/EVENT/SESSION/PARTICIPANTS/TEAM/CARRY_OVER"
"""Where a team's carry-over is, as an error names it."""


def _error(
    source: str, line: int, path: str, text: str, reason: str, **details: object
) -> usebio.UsebioSyntaxError:
    return usebio.UsebioSyntaxError.at(source, line, path, text, reason, **details)


def _match_tables(
    source: str, match: usebio.Match, known: set[str]
) -> list[tuple[TableResult, usebio.TravellerLine]]:
    """A match's boards, each table's result (the home team North-South first), checked."""
    home, away = match.team, match.opposing_team
    if home is None or away is None or home == away:
        raise _error(
            source,
            match.line,
            MATCH_PATH,
            f"{home or ''} v {away or ''}",
            N_("expected two different teams, in the elements {team} and {opposing}"),
            team="TEAM",
            opposing="OPPOSING_TEAM",
        )
    for team in (home, away):
        if known and team not in known:
            raise _error(
                source,
                match.line,
                MATCH_PATH,
                f"{home} v {away}",
                N_("team {team} is not among the session's PARTICIPANTS (expected {choices})"),
                team=team,
                choices=", ".join(sorted(known, key=numbers_first)),
            )
    out = []
    for board in match.boards:
        lines = [_directed(line, home, away) for line in board.lines if line.result is not None]
        directions = [line.direction for line in lines]
        # A board one table did not play has that table's line alone (Law 8A: the
        # other table's result, if it comes, is the director's to give).
        if sorted(directions, key=str) not in ([Side.EW, Side.NS], [Side.NS], [Side.EW]):
            raise _error(
                source,
                board.line or match.line,
                f"{MATCH_PATH}/BOARD",
                str(board.number),
                N_(
                    "match {home} v {away}: expected the result of each table that played "
                    "the board, one TRAVELLER_LINE with a score for each, the home team "
                    "North-South at one (DIRECTION NS) and East-West at the other "
                    "(DIRECTION EW); found {found}"
                ),
                home=home,
                away=away,
                found=", ".join(str(direction or "?") for direction in directions) or "0",
            )
        groups = fouled_groups(board.note)
        lines.sort(key=lambda line: line.direction is not Side.NS)
        for line in lines:
            assert line.result is not None  # kept above
            ns, ew = (home, away) if line.direction is Side.NS else (away, home)
            group = None if groups is None else groups[line.direction is Side.EW]
            out.append((TableResult(board.number, ns, ew, line.result, group), line))
    return out


def _directed(line: usebio.TravellerLine, home: str, away: str) -> usebio.TravellerLine:
    """A match's line with the home team's direction: its ``DIRECTION``, else its teams' numbers.

    >>> line = usebio.TravellerLine("B", "A")
    >>> _directed(line, "A", "B").direction
    Side.EW
    """
    if line.direction is not None:
        return line
    seated = {(home, away): Side.NS, (away, home): Side.EW}.get((line.ns or "", line.ew or ""))
    return line if seated is None else replace(line, direction=seated)


def _check_knockout(source: str, read: usebio.Usebio, teams: list[str]) -> None:
    """A knockout's teams: an even number of them, each meeting one opponent throughout."""
    if len(teams) % 2:
        raise _error(
            source,
            read.event.line,
            "USEBIO/EVENT",
            usebio.KNOCKOUT,
            N_(
                "a knockout pairs its teams in matches: expected an even number of teams, "
                "found {count} ({teams})"
            ),
            count=len(teams),
            teams=", ".join(teams),
        )
    opponents: dict[str, str] = {}
    for session in read.event.sessions:
        for match in session.matches:
            home, away = match.team or "", match.opposing_team or ""
            for team, other in ((home, away), (away, home)):
                if opponents.setdefault(team, other) != other:
                    raise _error(
                        source,
                        match.line,
                        MATCH_PATH,
                        f"{home} v {away}",
                        N_(
                            "in a knockout a team meets the same opponent in every segment: "
                            "expected team {team} to play {other}"
                        ),
                        team=team,
                        other=opponents[team],
                    )
    alone = [team for team in teams if team not in opponents]
    if alone:
        raise _error(
            source,
            read.event.line,
            "USEBIO/EVENT",
            usebio.KNOCKOUT,
            N_("in a knockout every team plays a match: team {team} has none"),
            team=alone[0],
        )


def imported_teams(
    read: usebio.Usebio, source: str, name: str | None, profile: str
) -> ImportedEvent:
    """The event a USEBIO teams file holds (see the module); nothing is stored here.

    >>> from arbitro.scoring.results import Result
    >>> lines = (usebio.TravellerLine(result=Result.played(420), direction=Side.NS),
    ...          usebio.TravellerLine(result=Result.played(170), direction=Side.EW))
    >>> match = usebio.Match("A", "B", boards=(usebio.Board(1, lines),))
    >>> made = imported_teams(usebio.Usebio(usebio.Event("TEAMS", sessions=(
    ...     usebio.Session("1", matches=(match,)),))), "liga.xml", None, "aeb")
    >>> [(r.table, r.ns, r.ew, r.entry.to_str()) for r in made.results]
    [(1, 'A', 'B', 'score 420'), (2, 'B', 'A', 'score 170')]
    >>> one = usebio.Match("A", "B", boards=(usebio.Board(1, lines[1:]),))
    >>> [(r.table, r.ns, r.ew, r.entry.to_str()) for r in imported_teams(usebio.Usebio(
    ...     usebio.Event("TEAMS", sessions=(usebio.Session("1", matches=(one,)),))),
    ...     "liga.xml", None, "aeb").results]
    [(2, 'B', 'A', 'score 170')]
    >>> twice = usebio.Match("A", "B", boards=(usebio.Board(1, lines[:1] * 2),))
    >>> imported_teams(usebio.Usebio(usebio.Event("TEAMS", sessions=(
    ...     usebio.Session("1", matches=(twice,)),))), "liga.xml", None, "aeb")
    Traceback (most recent call last):
    ...
    arbitro.formats.usebio.model.UsebioSyntaxError: liga.xml: USEBIO/EVENT/SESSION/MATCH/BOARD: '1': match A v B: expected the result of each table that played the board, one TRAVELLER_LINE with a score for each, the home team North-South at one (DIRECTION NS) and East-West at the other (DIRECTION EW); found NS, NS
    """
    knockout = read.event.event_type == usebio.KNOCKOUT
    numbers = usebio.session_numbers(read)
    teams = listed_participants(read)
    listed = set(teams)
    # (session, table in its round, table in its session, the table's result, the line)
    played: list[tuple[int, int, int, TableResult, usebio.TravellerLine]] = []
    for number, session in zip(numbers, read.event.sessions, strict=True):
        known = {team.number for team in session.participants if team.number} or listed
        in_round: dict[int | None, int] = {}
        for at, match in enumerate(session.matches, start=1):
            in_round[match.round] = in_round.get(match.round, 0) + 1
            for table, line in _match_tables(source, match, known):
                room = 0 if table.ns == match.team else 1
                first = 2 * in_round[match.round] - 1
                played.append((number, first + room, 2 * at - 1 + room, table, line))
                for team in (table.ns, table.ew):
                    teams.setdefault(team, Participant(team))
    if not played:
        raise _error(
            source,
            read.event.line,
            "USEBIO/EVENT",
            read.event.event_type or "",
            N_("expected a MATCH with results"),
        )
    if knockout:
        _check_knockout(source, read, list(teams))
    # The n-th match of a round at tables 2n - 1 (home team North-South) and 2n, as a
    # round robin seats it; when two rounds play the same boards, the n-th of the session.
    seats = {(number, table.board, at) for number, at, _, table, _ in played}
    by_round = len(seats) == len(played)
    movement = None if knockout else rebuilt_movement(read)
    results: list[ImportedResult] = []
    rows: dict[tuple[int, int], list[tuple[list[str], int]]] = {}  # each table's, as read
    for number, at_round, at_session, table, line in played:
        at = at_round if by_round else at_session
        row = line_row(table, line)
        rows.setdefault((number, at_session), []).append((row, line.line))
        board, ns, ew = row[:3]
        try:
            entry = file_entry(row, group=table.group)
        except ArbitroError as error:
            raise ImportedLineError(
                source, number, table.board, at, str(error), file_line=line.line
            ) from None
        results.append(ImportedResult(number, int(board), at, ns, ew, entry, line.line))
    spec = EventSpec.scored(
        name or read.event.description or Path(source).stem,
        movement.boards if movement is not None else max(result.board for result in results),
        "knockout" if knockout else "vp",
        kind="teams",
        profile=profile,
        sessions=max(*numbers, read.event.session_count or 1),
    )
    penalties, warnings = _penalties(read, numbers, knockout)
    told = _line_warnings(rows.values(), usebio.method_of(read.event), source)
    return ImportedEvent(
        spec,
        list(teams.values()),
        results,
        _carry_overs(read, source),
        penalties,
        movement,
        None if movement is None else bye_score(read, movement),
        usebio.disqualified_in(read),
        (*told, *warnings),
    )


def _line_warnings(
    tables: Iterable[list[tuple[list[str], int]]], method: Method | None, source: str
) -> list[TravellerWarning]:
    """What reading each table's lines tells, as ``arbitro session score`` tells it of a file.

    A score Law 77 gives no result is kept as written, and one its contract contradicts
    stands (AEB rule A): each warning names the file's line. ``tables`` holds each
    table's rows (:func:`~arbitro.formats.travellers.line_row`'s) with their lines: a
    team plays a board once at a table, so each is read as one traveller.
    """
    warnings: list[TravellerWarning] = []
    for table in tables:
        written = io.StringIO()
        writer = csv.writer(written, lineterminator="\n")
        writer.writerow(USEBIO_COLUMNS)
        writer.writerows(row for row, _ in table)
        origins = tuple(Origin(line, USEBIO_ELEMENTS) for _, line in table)
        if any(not origin.line for origin in origins):  # not read from a file: the CSV's
            origins = ()
        warnings += Rows(written.getvalue(), method, origins).read(source).warnings
    return warnings


def _carry_overs(read: usebio.Usebio, source: str) -> dict[str, Fraction]:
    """Each team's ``CARRY_OVER``, as the first session that lists it gives it; never negative.

    A carry-over is given to one team of a match: a negative one is refused, naming the
    team, before anything is stored.
    """
    out: dict[str, Fraction] = {}
    for session in read.event.sessions:
        for team in session.participants:
            if team.carry_over is not None and team.carry_over < 0:
                raise _error(
                    source,
                    read.event.line,
                    CARRY_OVER_PATH,
                    str(team.carry_over),
                    N_(
                        "team {team}: expected a carry-over of 0 or more (it is given to "
                        "the other team of the match)"
                    ),
                    team=team.number or "?",
                )
            if team.number and team.carry_over and team.number not in out:
                out[team.number] = team.carry_over
    return out


def _penalties(
    read: usebio.Usebio, numbers: list[int], knockout: bool
) -> tuple[list[tuple[int, PenaltyRecord]], list[str]]:
    """The penalties the teams' notes record, or their negative ``ADJUSTMENT`` elements published.

    A team whose note records its penalties as Árbitro writes them (Laws 90, 91) has
    them again as recorded: Law, amount, unit, board and reason
    (:func:`~arbitro.cli.imported_event.noted_penalties`). Otherwise a negative
    ``ADJUSTMENT`` is one penalty of Law 90, the note its reason, in victory points (in
    IMPs in a knockout); so is a note's penalty in IMPs naming no board, outside a
    knockout, which the event could not put in a match; and so are noted penalties in
    the ``ADJUSTMENT``'s unit (victory points, a knockout's IMPs) that do not add up to
    it: the file's figure is what it scored, and a warning names both
    (:func:`~arbitro.cli.imported_event.adjustment_warning`; penalties in IMPs of a
    match scored in victory points cannot be added up to it, and are kept as noted). A
    knockout's file gives each team its match's total, what
    penalties took off it and their notes in every segment, so a team's penalties are
    taken once, from the last segment that lists them. Also gives the warnings.
    """
    found: dict[tuple[int, str], list[PenaltyRecord]] = {}
    last: dict[str, int] = {}
    warnings: list[str] = []
    unit: RecordUnit = "imps" if knockout else "vp"
    for number, session in zip(numbers, read.event.sessions, strict=True):
        for team in session.participants:
            if not team.number:
                continue
            records = noted_penalties(team)
            if not knockout and any(r.unit == "imps" and r.board is None for r in records):
                # A penalty in IMPs that names no board cannot be put in a match of its
                # own (Law 90, the match of the board named: a file written before the
                # board was asked for): the file's ADJUSTMENT, plainly, as another's.
                records = []
            if (
                records
                and all(record.unit == unit for record in records)
                and disqualifying(team.note or "") is None  # not ranked: no ADJUSTMENT
            ):
                warning = adjustment_warning(
                    team.number,
                    sum((record.amount for record in records), Fraction(0)),
                    -(team.adjustment or Fraction(0)),
                )
                if warning is not None:  # the file's ADJUSTMENT is what it scored
                    warnings.append(warning)
                    records = []
            if not records and (team.adjustment is None or team.adjustment >= 0):
                continue
            records = records or [
                PenaltyRecord(
                    team.number,
                    PenaltyKind.PROCEDURAL,
                    -(team.adjustment or Fraction(0)),
                    unit,
                    "90",
                    team.note or "",
                )
            ]
            if knockout:
                found.pop((last.get(team.number, 0), team.number), None)
                last[team.number] = number
            found[(number, team.number)] = records
    penalties = [(number, record) for (number, _), records in found.items() for record in records]
    return penalties, warnings
