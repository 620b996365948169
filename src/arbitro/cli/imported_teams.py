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
fouled board
(Law 87B) keeps its two tables' groups, so that they are not compared again.

A one-session file whose matches give their ``ROUND_NUMBER`` has its rounds rebuilt as
the event's movement (:func:`rebuilt_movement`): a ``SWISS_TEAMS`` file's is a Swiss,
whose teams absent from a round have its bye, scored as the published totals show
(:func:`bye_score`). A Swiss pairs file (``SWISS_PAIRS``…) has its rounds rebuilt from
its boards' lines (:func:`swiss_pairs_movement`), for ``arbitro event import``'s pairs
path. A Swiss another program wrote in several sessions is first made the one session
Árbitro plays it in (:func:`one_session_swiss`); the teams or pairs the file says were
disqualified (Law 91B) are disqualified again (:func:`disqualified_in`), and a Swiss of
named participants keeps the seeding the file lists them in.

A ``KO`` file (Árbitro's knockout) becomes a knockout event (``--scoring knockout``),
its sessions the matches' segments, each team meeting one opponent in every segment;
each team's ``CARRY_OVER`` is its carry-over. A negative ``ADJUSTMENT`` is a penalty the
file's totals already took (Laws 90, 91): in IMPs in a knockout (written in every
segment with the match's total, taken once), in victory points otherwise.

Everything is checked before anything is stored: a match without both teams or with a
team the session does not list, a board with the home team in one direction at both
tables (or with no result), a knockout with an odd
number of teams or a team changing opponents raise
:class:`~arbitro.formats.usebio.UsebioSyntaxError`, naming the file, the line and the
element.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

from arbitro.core import Side
from arbitro.core.errors import ArbitroError
from arbitro.formats import usebio
from arbitro.formats.travellers import line_row
from arbitro.formats.usebio.published import (
    AWAY_IMPS,
    AWAY_VPS,
    HOME_IMPS,
    HOME_VPS,
    TOTAL,
    Comparison,
    Difference,
)
from arbitro.formats.usebio.teams import fouled_groups
from arbitro.i18n import LANGUAGES, N_, translations
from arbitro.scoring.session import TableResult, show
from arbitro.store import Store
from arbitro.store.imports import ImportedLineError, ImportedResult
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant, Player
from arbitro.tournament.movements import Movement, Seating, check
from arbitro.tournament.movements.swiss import MATCH_VP
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from arbitro.tournament.teams import MatchScore, team_totals

__all__ = [
    "ImportedEvent",
    "bye_score",
    "compare_teams",
    "disqualified_in",
    "imported_teams",
    "one_session_swiss",
    "rebuilt_movement",
    "session_numbers",
    "swiss_pairs_movement",
]

MATCH_PATH = "USEBIO/EVENT/SESSION/MATCH"
"""Where a match is, as an error names it."""

CARRY_OVER_PATH = "USEBIO/EVENT/SESSION/PARTICIPANTS/TEAM/CARRY_OVER"
"""Where a team's carry-over is, as an error names it."""

DISQUALIFIED = N_("Disqualified, not ranked (Law 91B)")
"""The heading of a disqualified participant's comment, as the export writes it (Law 91B)."""


@dataclass(frozen=True)
class ImportedEvent:
    """What a file gives the new event: its spec, participants, results, carry-overs, penalties.

    All of it for a teams file (:func:`imported_teams`); a pairs file gives no
    carry-over, penalty nor bye score here (its published penalties are taken once its
    event is scored), and a PBN file only its spec, pairs and results.
    ``penalties`` are (session, penalty) pairs, each from a team's ``ADJUSTMENT``;
    ``movement`` the rounds rebuilt from the matches' ``ROUND_NUMBER`` (a Swiss's, or a
    round robin's, :func:`rebuilt_movement`; a Swiss pairs file's from its boards,
    :func:`swiss_pairs_movement`), ``None`` when the file does not give them;
    ``bye_score`` a Swiss bye's victory points as the published totals give them
    (:func:`bye_score`), ``None`` for the event's default; ``disqualified`` the teams
    or pairs the file says were disqualified (Law 91B), each with its record
    (:func:`disqualified_in`).

    >>> ImportedEvent(EventSpec("Liga", 2, kind="teams"), [], []).carry_over
    {}
    """

    spec: EventSpec
    participants: list[Participant]
    results: list[ImportedResult]
    carry_over: dict[str, Fraction] = field(default_factory=dict)
    penalties: list[tuple[int, PenaltyRecord]] = field(default_factory=list)
    movement: Movement | None = None
    bye_score: Fraction | None = None
    disqualified: dict[str, str] = field(default_factory=dict)


def disqualified_in(read: usebio.Usebio) -> dict[str, str]:
    """The participants the file says were disqualified (Law 91B), each with its record.

    USEBIO 1.2 has no element for a disqualification: Árbitro's export writes it as the
    participant's comment, the heading ``Disqualified, not ranked (Law 91B)`` (in any
    language Árbitro writes it in), a colon and the record. Only that says so: a
    participant merely absent from the later rounds, or without a place, is not
    disqualified (it may have withdrawn, or sat out).

    >>> teams = (usebio.Participant("team", "1", place="1"),
    ...          usebio.Participant("team", "2", note="Disqualified, not ranked (Law 91B): cheating"),
    ...          usebio.Participant("team", "3"))
    >>> disqualified_in(usebio.Usebio(usebio.Event("SWISS_TEAMS", sessions=(
    ...     usebio.Session("1", participants=teams),))))
    {'2': 'cheating'}
    """
    out: dict[str, str] = {}
    for session in read.event.sessions:
        for listed in session.participants:
            record = _disqualifying(listed.note or "")
            if listed.number and record is not None and listed.number not in out:
                out[listed.number] = record
    return out


def _disqualifying(note: str) -> str | None:
    """The Law 91B record a participant's comment begins with, or ``None``.

    >>> _disqualifying("Disqualified, not ranked (Law 91B): cheating"), _disqualifying("late")
    ('cheating', None)
    """
    note = note.strip()
    for language in LANGUAGES:
        heading = translations(language).gettext(DISQUALIFIED) + ":"
        if note.startswith(heading):
            return note[len(heading) :].strip()
    return None


def session_numbers(read: usebio.Usebio) -> list[int]:
    """Each session's number: its ``SESSION_NUMBER`` when every session has a distinct one, else 1, 2, ...

    A knockout's file holds the segments played so far, each with its own number.

    >>> one, three = usebio.Session("1"), usebio.Session("3")
    >>> session_numbers(usebio.Usebio(usebio.Event("KO", sessions=(one, three))))
    [1, 3]
    >>> session_numbers(usebio.Usebio(usebio.Event("KO", sessions=(one, one))))
    [1, 2]
    """
    sessions = read.event.sessions
    written = [session.number or "" for session in sessions]
    if all(number.isdigit() and 0 < int(number) < 1000 for number in written) and len(
        set(map(int, written))
    ) == len(written):
        return [int(number) for number in written]
    return list(range(1, len(sessions) + 1))


def one_session_swiss(read: usebio.Usebio) -> usebio.Usebio:
    """A Swiss written in several ``SESSION`` elements as the one session Árbitro plays it in.

    A Swiss is paired round after round from one ranking, so Árbitro plays it in one
    session; another program may split its rounds over several ``SESSION`` elements.
    When the file is a Swiss (``SWISS_TEAMS``, ``SWISS_PAIRS``…) of several sessions
    whose boards are distinct (no board number in two sessions) and, for teams, whose
    every ``MATCH`` has its ``ROUND_NUMBER``, consecutive within its session, its
    sessions are laid end to end: one session, a team's rounds numbered on from the
    sessions before (a session's rounds 1, 2 after two rounds are rounds 3, 4, and so
    are rounds 3, 4), each participant listed once with its players. Each session's
    ``TOTAL_SCORE`` of a team is taken as that session's (as Árbitro writes a teams
    event of several sessions), so its total is their sum, and so is its
    ``ADJUSTMENT``; a pairs session's totals and percentages, which do not add up, are
    left out (each board's points are still compared). The rounds are then rebuilt
    from that session (:func:`rebuilt_movement`, :func:`swiss_pairs_movement`).

    Any other file, or one whose rounds do not rebuild from the one session, is
    returned as it is: its sessions stay the event's.

    >>> from arbitro.scoring.results import Result
    >>> lines = (usebio.TravellerLine(result=Result.played(420), direction=Side.NS),
    ...          usebio.TravellerLine(result=Result.played(170), direction=Side.EW))
    >>> def meet(home, away, round_, board):
    ...     return usebio.Match(home, away, round_, boards=(usebio.Board(board, lines),))
    >>> def listed(total):
    ...     return tuple(usebio.Participant("team", team, total=Fraction(total)) for team in "AB")
    >>> read = usebio.Usebio(usebio.Event("SWISS_TEAMS", sessions=(
    ...     usebio.Session("1", participants=listed(10), matches=(meet("A", "B", 1, 1),)),
    ...     usebio.Session("2", participants=listed(8), matches=(meet("B", "A", 1, 2),)))))
    >>> [session] = one_session_swiss(read).event.sessions
    >>> [(m.team, m.opposing_team, m.round) for m in session.matches]
    [('A', 'B', 1), ('B', 'A', 2)]
    >>> [(team.number, team.total) for team in session.participants]
    [('A', Fraction(18, 1)), ('B', Fraction(18, 1))]
    """
    event = read.event
    kind = (event.event_type or "").upper()
    teams = kind == usebio.SWISS_TEAMS
    if len(event.sessions) < 2 or not (teams or kind in set(usebio.SWISS_PAIRS_TYPES.values())):
        return read
    numbers = session_numbers(read)
    sessions = [session for _, session in sorted(zip(numbers, event.sessions, strict=True))]
    seen: set[int] = set()
    matches: list[usebio.Match] = []
    boards: list[usebio.Board] = []
    played = 0  # the rounds of the sessions before
    for session in sessions:
        numbered = {board.number for board in session.boards} | {
            board.number for match in session.matches for board in match.boards
        }
        if numbered & seen:
            return read  # a board in two sessions: the sessions are not one Swiss's rounds
        seen |= numbered
        boards += session.boards
        if not teams:
            continue
        rounds = sorted({match.round for match in session.matches if match.round is not None})
        if any(match.round is None for match in session.matches) or rounds != list(
            range(rounds[0], rounds[0] + len(rounds)) if rounds else []
        ):
            return read
        matches += [
            replace(match, round=played + (match.round or 0) - rounds[0] + 1)
            for match in session.matches
        ]
        played += len(rounds)
    merged: dict[str, usebio.Participant] = {}
    for session in sessions:
        for listed in session.participants:
            number = listed.number
            if not number:
                continue
            if not teams:
                listed = replace(listed, total=None, percentage=None)
            if number not in merged:
                merged[number] = replace(listed, place=None)
                continue
            first = merged[number]
            if not teams:
                continue
            notes = sorted(
                {note: None for note in (first.note, listed.note) if note},
                key=lambda note: not _disqualifying(note),  # a Law 91B record first
            )
            merged[number] = replace(
                first,
                total=_sum(first.total, listed.total),
                adjustment=None
                if first.adjustment is None and listed.adjustment is None
                else Fraction(first.adjustment or 0) + (listed.adjustment or 0),
                note="; ".join(notes) or None,
            )
    session = usebio.Session(
        "1",
        sessions[0].date,
        tuple(merged.values()),
        tuple(sorted(boards, key=lambda board: board.number)),
        tuple(matches),
    )
    merged_read = replace(read, event=replace(event, sessions=(session,), session_count=None))
    rebuilt = rebuilt_movement if teams else swiss_pairs_movement
    # Laid end to end only when the rounds then rebuild: else the sessions stay as written.
    return read if rebuilt(merged_read) is None else merged_read


def _sum(first: Fraction | None, second: Fraction | None) -> Fraction | None:
    """Two sessions' figures added; ``None`` when either session does not give it.

    >>> _sum(Fraction(1), Fraction(2)), _sum(Fraction(1), None)
    (Fraction(3, 1), None)
    """
    return None if first is None or second is None else first + second


def rebuilt_movement(read: usebio.Usebio) -> Movement | None:
    """The rounds of a one-session teams file as its movement: who met whom, on which boards.

    Each ``MATCH``'s ``ROUND_NUMBER`` is its round, and the n-th match of a round (in the
    file's order) its match n, at tables ``2n - 1`` and ``2n``; a round's boards are
    those its matches play, the r-th block of ``k`` boards (``(r - 1) * k + 1`` to
    ``r * k``), as Árbitro's Swiss and round robin give them. A team the session lists
    that plays no match in a round sits it out: in a Swiss that is its bye. A
    ``SWISS_TEAMS`` file gives a Swiss movement, any other a round robin's; two teams
    meeting twice (a Swiss's repeat, a double round robin) meet in two matches.

    ``None`` when the file does not give the rounds, and the event then has no movement:
    a knockout, more than one session, a match without ``ROUND_NUMBER``, rounds not
    numbered 1, 2, ..., a round whose boards are not its block, two matches of a round
    without a board in common, a team twice in a round.

    >>> from arbitro.scoring.results import Result
    >>> lines = (usebio.TravellerLine(result=Result.played(420), direction=Side.NS),
    ...          usebio.TravellerLine(result=Result.played(170), direction=Side.EW))
    >>> def meet(home, away, round_, board):
    ...     return usebio.Match(home, away, round_, boards=(usebio.Board(board, lines),))
    >>> teams = tuple(usebio.Participant("team", team) for team in "ABC")
    >>> session = usebio.Session("1", participants=teams,
    ...                          matches=(meet("A", "B", 1, 1), meet("C", "A", 2, 2)))
    >>> movement = rebuilt_movement(usebio.Usebio(usebio.Event("SWISS_TEAMS", sessions=(session,))))
    >>> movement.kind, [(s.round, s.ns, s.ew, s.boards) for s in movement.schedule]
    ('swiss', [(1, 'A', 'B', (1,)), (2, 'C', 'A', (2,))])
    >>> movement.sitting_out(1), movement.sitting_out(2)
    (('C',), ('B',))
    """
    event = read.event
    if event.event_type == usebio.KNOCKOUT or session_numbers(read) != [1]:
        return None
    if (event.session_count or 1) != 1:
        return None
    [session] = event.sessions
    rounds: dict[int, list[tuple[str, str]]] = {}
    boards: dict[int, set[int]] = {}
    played: dict[int, list[set[int]]] = {}
    for match in session.matches:
        if match.round is None or match.team is None or match.opposing_team is None:
            return None
        rounds.setdefault(match.round, []).append((match.team, match.opposing_team))
        boards.setdefault(match.round, set()).update(board.number for board in match.boards)
        played.setdefault(match.round, []).append({board.number for board in match.boards})
    if not rounds or sorted(rounds) != list(range(1, len(rounds) + 1)):
        return None
    for each in played.values():
        # Every match of a round plays the round's boards: two matches that share none
        # played boards of their own, which no round of a Swiss or round robin does.
        if any(one and other and not one & other for one in each for other in each):
            return None
    last = max((max(numbers) for numbers in boards.values() if numbers), default=0)
    per_round = -(-last // len(rounds))
    schedule: list[Seating] = []
    for number, matches in sorted(rounds.items()):
        block = tuple(range((number - 1) * per_round + 1, number * per_round + 1))
        if not boards[number] or not boards[number] <= set(block):
            return None
        schedule += [
            Seating(round=number, table=table, ns=home, ew=away, board_set=number, boards=block)
            for table, (home, away) in enumerate(matches, start=1)
        ]
    listed = [team.number for team in session.participants if team.number]
    seated = {team for seating in schedule for team in (seating.ns or "", seating.ew or "")}
    meetings = Counter(frozenset((seating.ns, seating.ew)) for seating in schedule)
    tables = max(len(matches) for matches in rounds.values())
    swiss = event.event_type == usebio.SWISS_TEAMS
    # The promises the movement keeps, as a Swiss (none of board plays; repeats only when
    # made) or a round robin (every match of every round plays its boards) makes them.
    same = len({len(matches) for matches in rounds.values()}) == 1
    most = max(meetings.values())
    movement = Movement(
        kind="swiss" if swiss else "round-robin",
        tables=tables,
        boards_per_round=per_round,
        board_sets=len(rounds),
        participants=_seeding(listed, seated),
        schedule=tuple(schedule),
        plays_per_board=None if swiss or not same else tables,
        meets_at_most=(1 if most == 1 else None) if swiss else most,
        relays=(tuple(range(1, tables + 1)),) if tables > 1 else (),
    )
    return None if check(movement) else movement


def swiss_pairs_movement(read: usebio.Usebio) -> Movement | None:
    """The rounds of a one-session Swiss pairs file (``SWISS_PAIRS``…) as its Swiss movement.

    A pairs file has no match and no round: each board's ``TRAVELLER_LINE``s say which
    pairs met at it, North-South and East-West. A Swiss's round plays one block of ``k``
    boards, every table the same boards, each pair at one table; so the rounds are the
    largest blocks of boards (boards 1 to ``k``, ``k + 1`` to ``2k``, ...) whose tables
    seat every pair once, each meeting at one table in one direction. A round's tables
    are numbered in the order its boards' lines first give them. A pair the session
    lists that plays no board of a round has the bye, which in a pairs Swiss scores
    nothing (the pair plays fewer boards).

    ``None`` for another file, more than one session, or boards that no such blocks lay
    out (then the event has no movement, as before).

    >>> from arbitro.scoring.results import Result
    >>> def board(number, *meetings):
    ...     return usebio.Board(number, tuple(usebio.TravellerLine(ns, ew, result=Result.played(90))
    ...                                       for ns, ew in meetings))
    >>> pairs = tuple(usebio.Participant("pair", str(number)) for number in range(1, 6))
    >>> boards = (board(1, ("1", "2"), ("3", "4")), board(2, ("1", "2"), ("3", "4")),
    ...           board(3, ("5", "1"), ("2", "3")), board(4, ("5", "1")))
    >>> read = usebio.Usebio(usebio.Event("SWISS_PAIRS", sessions=(
    ...     usebio.Session("1", participants=pairs, boards=boards),)))
    >>> movement = swiss_pairs_movement(read)
    >>> [(s.round, s.table, s.ns, s.ew, s.boards) for s in movement.schedule]
    [(1, 1, '1', '2', (1, 2)), (1, 2, '3', '4', (1, 2)), (2, 1, '5', '1', (3, 4)), (2, 2, '2', '3', (3, 4))]
    >>> movement.sitting_out(1), movement.sitting_out(2)
    (('5',), ('4',))
    """
    event = read.event
    types = set(usebio.SWISS_PAIRS_TYPES.values())
    if (event.event_type or "").upper() not in types or session_numbers(read) != [1]:
        return None
    if (event.session_count or 1) != 1:
        return None
    [session] = event.sessions
    met: dict[int, list[tuple[str, str]]] = {}
    for board in session.boards:
        for line in board.lines:
            if line.ns is None or line.ew is None or line.result is None:
                continue
            if (line.ns, line.ew) not in met.setdefault(board.number, []):
                met[board.number].append((line.ns, line.ew))
    if not met:
        return None
    last = max(met)
    listed = [pair.number for pair in session.participants if pair.number]
    for per_round in range(last, 0, -1):
        count = -(-last // per_round)
        rounds: list[list[tuple[str, str]]] = []
        for number in range(1, count + 1):
            block = range((number - 1) * per_round + 1, number * per_round + 1)
            tables = list(
                dict.fromkeys(meeting for board in block for meeting in met.get(board, []))
            )
            seated = [pair for meeting in tables for pair in meeting]
            if not tables or len(set(seated)) != len(seated):
                break  # a pair at two tables of one round: not a round
            rounds.append(tables)
        else:
            schedule = tuple(
                Seating(
                    round=number,
                    table=table,
                    ns=ns,
                    ew=ew,
                    board_set=number,
                    boards=tuple(range((number - 1) * per_round + 1, number * per_round + 1)),
                )
                for number, tables in enumerate(rounds, start=1)
                for table, (ns, ew) in enumerate(tables, start=1)
            )
            meetings = Counter(frozenset((seating.ns, seating.ew)) for seating in schedule)
            most = max(len(tables) for tables in rounds)
            playing = {pair for tables in rounds for meeting in tables for pair in meeting}
            movement = Movement(
                kind="swiss",
                tables=most,
                boards_per_round=per_round,
                board_sets=count,
                participants=_seeding(listed, playing),
                schedule=schedule,
                plays_per_board=None,
                meets_at_most=1 if max(meetings.values()) == 1 else None,
                relays=(tuple(range(1, most + 1)),) if most > 1 else (),
            )
            return None if check(movement) else movement
    return None


def bye_score(read: usebio.Usebio, movement: Movement) -> Fraction | None:
    """A Swiss bye's victory points, as the published totals of the teams with a bye give them.

    A one-session Swiss's ``TOTAL_SCORE`` is the team's place in the ranking: its
    matches' victory points (``TEAM_SCORE``, ``OPPOSING_TEAM_SCORE``), its carry-over,
    its penalties (a negative ``ADJUSTMENT``) and its byes. What is left over each bye is
    the bye's score, taken as the simplest figure within the file's rounding (each
    figure is written to the hundredth). ``None`` (the event's default) for another
    movement, when no team with a bye has its total and its matches' victory points, when
    the teams' figures disagree, or when the score is not 0 to 20 VP.

    >>> teams = tuple(usebio.Participant("team", team, total=Fraction(total, 100))
    ...               for team, total in (("A", 2997), ("B", 1203), ("C", 2200)))
    >>> def meet(home, away, round_, home_vps):
    ...     return usebio.Match(home, away, round_, team_score=Fraction(home_vps, 100),
    ...                         opposing_team_score=20 - Fraction(home_vps, 100),
    ...                         boards=(usebio.Board(round_),))
    >>> read = usebio.Usebio(usebio.Event("SWISS_TEAMS", sessions=(usebio.Session(
    ...     "1", participants=teams, matches=(meet("A", "B", 1, 1997), meet("C", "A", 2, 1000))),)))
    >>> movement = rebuilt_movement(read)
    >>> movement.sitting_out(1), movement.sitting_out(2)
    (('C',), ('B',))
    >>> bye_score(read, movement)
    Fraction(12, 1)
    """
    if movement.kind != "swiss":
        return None
    [session] = read.event.sessions
    byes = Counter(
        team for round_ in range(1, movement.rounds + 1) for team in movement.sitting_out(round_)
    )
    won: dict[str, Fraction] = {}
    played: Counter[str] = Counter()
    unknown: set[str] = set()  # a team with a match whose victory points are not written
    for match in session.matches:
        for team, score in (
            (match.team, match.team_score),
            (match.opposing_team, match.opposing_team_score),
        ):
            if team is None:
                continue
            played[team] += 1
            if score is None:
                unknown.add(team)
            else:
                won[team] = won.get(team, Fraction(0)) + score
    found: set[Fraction] = set()
    for listed in session.participants:
        number = listed.number or ""
        if not byes[number] or listed.total is None or number in unknown:
            continue
        penalties = min(listed.adjustment or Fraction(0), Fraction(0))
        left = listed.total - penalties - (listed.carry_over or 0) - won.get(number, Fraction(0))
        # Each figure is rounded to the hundredth: its matches', its total, its adjustment.
        found.add(_simplest(left / byes[number], Fraction(played[number] + 2, 200 * byes[number])))
    if len(found) != 1:
        return None
    [score] = found
    return score if 0 <= score <= MATCH_VP else None


def _simplest(value: Fraction, within: Fraction) -> Fraction:
    """The fraction with the smallest denominator (up to 100) within ``within`` of ``value``.

    >>> _simplest(Fraction(1199, 100), Fraction(2, 100))
    Fraction(12, 1)
    """
    for denominator in range(1, 101):
        near = Fraction(round(value * denominator), denominator)
        if abs(near - value) <= within:
            return near
    return value


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
                choices=", ".join(sorted(known, key=_natural)),
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


def _seeding(listed: list[str], seated: set[str]) -> tuple[str, ...]:
    """The participants in their seeding order, which a Swiss breaks its ties by.

    By number when every one has a number (``usebio.numbered``); else in the order the
    file lists them (Árbitro writes a Swiss of names in its seeding order), any the
    session does not list after them.

    >>> _seeding(["10", "2"], {"1"}), _seeding(["Sevilla", "Bilbao"], {"Madrid"})
    (('1', '2', '10'), ('Sevilla', 'Bilbao', 'Madrid'))
    """
    unlisted = sorted(seated.difference(listed), key=_natural)
    everyone = list(dict.fromkeys([*listed, *unlisted]))
    return tuple(sorted(everyone, key=_natural)) if usebio.numbered(everyone) else tuple(everyone)


def _natural(number: str) -> tuple[int, str]:
    """Sort key: team 2 before team 10."""
    return (int(number), "") if number.isdigit() and len(number) < 18 else (1 << 62, number)


def _teams(read: usebio.Usebio) -> dict[str, Participant]:
    """The teams the file's sessions list, with their players, in the order first listed."""
    teams: dict[str, Participant] = {}
    for session in read.event.sessions:
        for team in session.participants:
            if team.number and team.number not in teams:
                named = tuple(Player(one.name, one.number) for one in team.players if one.name)
                teams[team.number] = Participant(team.number, named)
    return teams


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
    arbitro.formats.usebio.model.UsebioSyntaxError: liga.xml, line 0, USEBIO/EVENT/SESSION/MATCH/BOARD: '1': match A v B: expected the result of each table that played the board, one TRAVELLER_LINE with a score for each, the home team North-South at one (DIRECTION NS) and East-West at the other (DIRECTION EW); found NS, NS
    """
    knockout = read.event.event_type == usebio.KNOCKOUT
    numbers = session_numbers(read)
    teams = _teams(read)
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
    for number, at_round, at_session, table, line in played:
        at = at_round if by_round else at_session
        row = line_row(table, line)
        board, ns, ew = row[:3]
        try:
            entry = Entry.from_row(row[3:], group=table.group)
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
    return ImportedEvent(
        spec,
        list(teams.values()),
        results,
        _carry_overs(read, source),
        _penalties(read, numbers, knockout),
        movement,
        None if movement is None else bye_score(read, movement),
        disqualified_in(read),
    )


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
) -> list[tuple[int, PenaltyRecord]]:
    """The penalties the teams' negative ``ADJUSTMENT`` elements published (Laws 90, 91).

    A knockout's file gives each team its match's total, and what penalties took off
    it, in every segment: the penalty is taken once, in the last segment that lists the
    team. Otherwise each session's adjustment is a penalty in victory points.
    """
    found: dict[tuple[int, str], PenaltyRecord] = {}
    last: dict[str, int] = {}
    for number, session in zip(numbers, read.event.sessions, strict=True):
        for team in session.participants:
            if not team.number or team.adjustment is None or team.adjustment >= 0:
                continue
            record = PenaltyRecord(
                team.number,
                PenaltyKind.PROCEDURAL,
                -team.adjustment,
                "imps" if knockout else "vp",
                "90",
                team.note or "",
            )
            if knockout:
                found.pop((last.get(team.number, 0), team.number), None)
                last[team.number] = number
            found[(number, team.number)] = record
    return [(number, record) for (number, _), record in found.items()]


def _same_match(matches: list[MatchScore], written: usebio.Match) -> MatchScore | None:
    """The event's match that a file's ``MATCH`` is: its two teams and, when they met again, its boards.

    >>> first = MatchScore("A", "B", Fraction(3), Fraction(-3), Fraction(12), Fraction(8), 1, (1,))
    >>> again = MatchScore("B", "A", Fraction(0), Fraction(0), Fraction(10), Fraction(10), 1, (5,))
    >>> _same_match([first, again], usebio.Match("A", "B", boards=(usebio.Board(5),))) is again
    True
    """
    teams = frozenset((written.team or "", written.opposing_team or ""))
    same = [match for match in matches if frozenset(match.teams) == teams]
    boards = {board.number for board in written.boards}
    for match in same:
        if boards & set(match.board_numbers):
            return match
    return same[0] if len(same) == 1 else None


def compare_teams(read: usebio.Usebio, store: Store, event: int) -> Comparison:
    """The figures a teams file published against the imported event's, to the hundredth.

    Each match's IMPs and victory points (``TEAM_IMPS``, ``TEAM_SCORE``…) against the
    event's match of the same session and teams; each team's ``TOTAL_SCORE`` against
    its total in its knockout match, its total in the ranking (a one-session event),
    or else its victory points in the session less the session's penalties.
    """
    info = store.event(event)
    scored = store.matches(event)
    penalties = store.penalties(event)
    numbers = session_numbers(read)
    found: list[Difference] = []
    compared = 0
    totals: dict[str, Fraction] = {}
    if info.spec.knockout:
        totals = {
            team: match.total(team)
            for match in store.knockout_matches(event)
            for team in match.teams
        }
    elif len(read.event.sessions) == 1:
        totals = {standing.participant: standing.total for standing in store.ranking(event)}
    for number, session in zip(numbers, read.event.sessions, strict=True):
        matches = scored.get(number, [])
        session_totals = dict(totals)
        if not totals:  # one of several sessions: its victory points, less its penalties
            taken = [
                stored.record
                for stored in penalties
                if stored.session == number and stored.record.unit == "vp"
            ]
            session_totals = team_totals(matches, taken)
        for written in session.matches:
            home, away = written.team or "", written.opposing_team or ""
            ours = _same_match(matches, written)
            if ours is None:
                continue
            flip = ours.home != home
            figures = [
                (HOME_IMPS, written.team_imps, ours.away_imps if flip else ours.home_imps),
                (AWAY_IMPS, written.opposing_team_imps, ours.home_imps if flip else ours.away_imps),
            ]
            if not info.spec.knockout:
                figures += [
                    (HOME_VPS, written.team_score, ours.away_vps if flip else ours.home_vps),
                    (
                        AWAY_VPS,
                        written.opposing_team_score,
                        ours.home_vps if flip else ours.away_vps,
                    ),
                ]
            for figure, published, computed in figures:
                if published is None:
                    continue
                compared += 1
                if show(published) != show(Fraction(computed)):
                    found.append(
                        Difference(
                            None, f"{home} v {away}", "", figure, show(published),
                            show(Fraction(computed)),
                        )
                    )  # fmt: skip
        for listed in session.participants:
            if listed.number is None or listed.total is None or listed.number not in session_totals:
                continue
            compared += 1
            computed = session_totals[listed.number]
            if show(listed.total) != show(computed):
                found.append(
                    Difference(
                        None, "", "", TOTAL, show(listed.total), show(computed), team=listed.number
                    )
                )
    return Comparison(compared, tuple(found))
