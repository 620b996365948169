"""A USEBIO teams file's published figures against the event ``arbitro event import`` made of it.

:func:`compare_teams` compares each match's IMPs and victory points, and each team's
total, as the file published them, with the stored event's (to the hundredth); the
differences are what ``arbitro event import`` shows after importing the file.
"""

from __future__ import annotations

from fractions import Fraction

from arbitro.formats import usebio
from arbitro.formats.usebio.published import (
    AWAY_IMPS,
    AWAY_VPS,
    HOME_IMPS,
    HOME_VPS,
    TOTAL,
    Comparison,
    Difference,
)
from arbitro.scoring.session import show
from arbitro.store import Store
from arbitro.tournament.teams import MatchScore, match_of, team_totals

__all__ = ["compare_teams"]


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
    or else its victory points in the session less the session's penalties (in victory
    points, or in IMPs off the team's match, as the export takes them off).
    """
    info = store.event(event)
    scored = store.matches(event)
    penalties = store.penalties(event)
    numbers = usebio.session_numbers(read)
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
                if stored.session == number
                and (stored.record.in_victory_points or match_of(matches, stored.record))
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
