"""A Swiss's or round robin's rounds rebuilt from a USEBIO file, as the event's movement.

A one-session file whose matches give their ``ROUND_NUMBER`` has its rounds rebuilt as
the event's movement (:func:`rebuilt_movement`): a ``SWISS_TEAMS`` file's is a Swiss,
whose teams absent from a round have its bye, scored as the published totals show
(:func:`bye_score`). A Swiss pairs file (``SWISS_PAIRS``…) has its rounds rebuilt from
its boards' lines (:func:`swiss_pairs_movement`), for ``arbitro event import``'s pairs
path. A Swiss another program wrote in several sessions is first made the one session
Árbitro plays it in (:func:`one_session_swiss`), and a Swiss of named participants
keeps the seeding the file lists them in.

The file is :mod:`arbitro.formats.usebio`'s model and the movement
:mod:`arbitro.tournament.movements`'; a module that needs both sits above them, here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

from arbitro.formats import usebio
from arbitro.formats.usebio.sessions import disqualifying
from arbitro.scoring.natural_order import numbers_first
from arbitro.tournament.movements import Movement, Seating, check
from arbitro.tournament.movements.swiss import MATCH_VP

__all__ = ["bye_score", "one_session_swiss", "rebuilt_movement", "swiss_pairs_movement"]


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

    >>> from arbitro.core import Side
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
    numbers = usebio.session_numbers(read)
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
                key=lambda note: not disqualifying(note),  # a Law 91B record first
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

    >>> from arbitro.core import Side
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
    if event.event_type == usebio.KNOCKOUT or usebio.session_numbers(read) != [1]:
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
    if (event.event_type or "").upper() not in types or usebio.session_numbers(read) != [1]:
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


def _seeding(listed: list[str], seated: set[str]) -> tuple[str, ...]:
    """The participants in their seeding order, which a Swiss breaks its ties by.

    By number when every one has a number (``usebio.numbered``); else in the order the
    file lists them (Árbitro writes a Swiss of names in its seeding order), any the
    session does not list after them.

    >>> _seeding(["10", "2"], {"1"}), _seeding(["Sevilla", "Bilbao"], {"Madrid"})
    (('1', '2', '10'), ('Sevilla', 'Bilbao', 'Madrid'))
    """
    unlisted = sorted(seated.difference(listed), key=numbers_first)
    everyone = list(dict.fromkeys([*listed, *unlisted]))
    return (
        tuple(sorted(everyone, key=numbers_first)) if usebio.numbered(everyone) else tuple(everyone)
    )
