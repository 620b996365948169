"""A teams event's matches as the pages show them: a team's on its score card, all on the rankings.

Each match's victory points are those its teams are ranked by: after their penalties in
IMPs, which come off the penalised team's margin in the match of the penalty's board
(Law 90, :meth:`~arbitro.tournament.teams.MatchScore.ranked_vps`), so a team's matches
add up to its total (less its penalties in victory points). :func:`team_matches` gives a
team's matches and byes for its score card, :func:`event_matches` every match of the
event for the desk's ranking, the public one and the printed one (Law 78B), and
:func:`penalty_match` the match a team's penalty in IMPs comes off.

>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> store = open_store("sqlite:///:memory:")
>>> event_matches(store, store.event(store.create_event(EventSpec("T", boards=1, kind="teams"))))
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from arbitro.store import Store
from arbitro.store.repository import EventInfo
from arbitro.tournament.records import PenaltyRecord
from arbitro.tournament.teams import MatchScore


@dataclass(frozen=True)
class TeamMatchLine:
    """One of a team's matches on its score card, from the team's side (Law 78B).

    ``round`` is the movement's round (a Swiss, a round robin), or None; ``opponent`` is
    empty for a Swiss's bye. ``won`` and ``lost`` are the IMPs the team won and lost on
    the boards of the match, and ``vps`` and ``opponent_vps`` the victory points each
    team is ranked by (a bye: the event's VPs of a bye): after ``penalty`` and
    ``opponent_penalty``, the IMPs each one's penalties take off its margin (Law 90).
    ``boards`` are the match's boards, ``session`` the session it was played in (board
    numbers repeat from one session to the next).

    >>> TeamMatchLine(1, "2", Fraction(24), Fraction(3), Fraction(1833, 100), Fraction(167, 100)).margin
    Fraction(21, 1)
    """

    round: int | None
    opponent: str
    won: Fraction
    lost: Fraction
    vps: Fraction
    opponent_vps: Fraction | None
    penalty: Fraction = Fraction(0)
    opponent_penalty: Fraction = Fraction(0)
    boards: tuple[int, ...] = ()
    session: int = 1
    absent: bool = False
    """A Swiss round the team was said not to play (no opponent, not a bye): it scores 0."""

    @property
    def margin(self) -> Fraction:
        """The team's IMPs over the match: what its victory points come from."""
        return self.won - self.lost


@dataclass(frozen=True)
class MatchRow:
    """A match of the event as the rankings list it: its session and round, and the match (Law 78B).

    ``round`` is the movement's round (``None`` without one: then ``session`` names it);
    ``match`` is the match as the teams are ranked by it, with the IMPs their penalties
    take off their margins (Law 90): the table shows each team's
    :meth:`~arbitro.tournament.teams.MatchScore.ranked_vps`.

    >>> from arbitro.tournament.teams import MatchScore
    >>> match = MatchScore("3", "4", Fraction(-5), Fraction(5), Fraction(682, 100),
    ...                    Fraction(1138, 100), 6, away_penalty=Fraction(3))
    >>> MatchRow(1, 2, match).penalised
    True
    """

    session: int
    round: int | None
    match: MatchScore

    @property
    def penalised(self) -> bool:
        """Whether a penalty in IMPs comes off either team's margin in the match."""
        return bool(self.match.home_penalty or self.match.away_penalty)


def _rounds(info: EventInfo) -> dict[int, int]:
    """Each board's round, where the movement plays a match a round (two tables a match)."""
    timetable = info.timetable
    if timetable is None or timetable.rooms != 2:
        return {}
    return {board: seating.round for seating in timetable.schedule for board in seating.boards}


def event_matches(store: Store, info: EventInfo) -> list[MatchRow]:
    """Every match of a teams event scored in victory points, by session and round.

    Empty for any other event (a knockout shows its own scoreboard).
    """
    if info.spec.kind != "teams" or info.spec.knockout:
        return []
    rounds = _rounds(info)
    rows = [
        MatchRow(
            session, rounds.get(match.board_numbers[0]) if match.board_numbers else None, match
        )
        for session, matches in store.penalised_matches(info.id).items()
        for match in matches
    ]
    return sorted(rows, key=lambda row: (row.session, row.round or 0))


def team_matches(store: Store, info: EventInfo, team: str) -> list[TeamMatchLine]:
    """``team``'s matches, byes and absences, round by round: IMPs won and lost, and victory points.

    Empty for an event that is not a teams event scored in victory points (a knockout
    shows its matches on the results page).

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> from arbitro.tournament.movements import swiss_start
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("S", boards=2, kind="teams"),
    ...                            movement=swiss_start(3, 2, 1, teams=True))
    >>> team_matches(store, store.event(event), "3")
    [TeamMatchLine(round=1, opponent='', won=Fraction(0, 1), lost=Fraction(0, 1), vps=Fraction(12, 1), opponent_vps=None, penalty=Fraction(0, 1), opponent_penalty=Fraction(0, 1), boards=(), session=1, absent=False)]
    """
    if info.spec.kind != "teams" or info.spec.knockout:
        return []
    rounds = _rounds(info)
    out: list[TeamMatchLine] = []
    for session, matches in store.penalised_matches(info.id).items():
        for match in matches:
            if team not in match.teams:
                continue
            home = team == match.home
            opponent = match.opponent(team)
            out.append(
                TeamMatchLine(
                    rounds.get(match.board_numbers[0]) if match.board_numbers else None,
                    opponent,
                    match.home_won if home else match.away_won,
                    match.away_won if home else match.home_won,
                    match.ranked_vps(team),
                    match.ranked_vps(opponent),
                    match.penalty(team),
                    match.penalty(opponent),
                    match.board_numbers,
                    session,
                )
            )
    zero = Fraction(0)
    if info.bye_score is not None:
        out += [
            TeamMatchLine(round_, "", zero, zero, info.bye_score, None)
            for round_, sitting in store.swiss_byes(info.id)
            if sitting == team
        ]
    out += [  # a round it was absent from: no match, no bye, nothing scored
        TeamMatchLine(round_, "", zero, zero, zero, None, absent=True)
        for round_, missing in store.swiss_absences(info.id)
        if missing == team
    ]
    return sorted(out, key=lambda line: line.round or 0)


def penalty_match(
    lines: Sequence[TeamMatchLine], record: PenaltyRecord, session: int = 1
) -> TeamMatchLine | None:
    """The match of ``lines`` a team's penalty in IMPs, given in ``session``, comes off: the one with its board (Law 90).

    Without a board, the team's first (an event of one match a session: a board is
    required where there are more, :func:`~arbitro.tournament.penalties.check_penalty_board`),
    as the ranking takes it; ``None`` for a penalty in VPs (the total's), or while its
    match is not scored.

    >>> from arbitro.tournament.records import PenaltyKind
    >>> lines = [TeamMatchLine(1, "3", Fraction(4), Fraction(1), Fraction(12), Fraction(8), boards=(1, 2)),
    ...          TeamMatchLine(2, "6", Fraction(0), Fraction(0), Fraction(10), Fraction(10), boards=(3, 4))]
    >>> penalty_match(lines, PenaltyRecord("4", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90B2", "", board=2)).opponent
    '3'
    """
    if record.unit != "imps":
        return None
    played = [line for line in lines if line.opponent and line.session == session]
    if record.board is not None:
        return next((line for line in played if record.board in line.boards), None)
    return played[0] if played else None
