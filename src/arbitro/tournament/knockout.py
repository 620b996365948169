"""Knockout matches: two teams over one or more segments, decided on total IMPs (Law 86B).

A knockout event is a teams event whose matches are not turned into victory points: a
match is the same two teams in each of the event's sessions (its segments), each
segment's boards played at two tables and scored as any match
(:func:`arbitro.tournament.teams.score_matches` with ``knockout``: a board with a
non-balancing adjusted score gives both teams the average of their two results, Law
86B). As a knockout's scoreboard shows it, a team's IMPs in a segment are those it won
on the boards it gained (``45 – 33``: a margin of 12). The match's total for a team is
its carry-over (IMPs the conditions of contest bring from an earlier stage, entered by
the director), plus its IMPs in each segment, less its procedural penalties in IMPs
(Law 90). The team with more wins; a tie after
the last segment is decided by the conditions of contest (extra boards, often played as
another segment), which Árbitro does not invent.

>>> from fractions import Fraction
>>> from arbitro.tournament.teams import MatchScore
>>> def scored(home, away, won, lost):
...     return MatchScore(home, away, Fraction(won - lost), Fraction(lost - won), Fraction(0),
...                       Fraction(0), 8, (), Fraction(won), Fraction(lost))
>>> [match] = knockout_matches({1: [scored("A", "B", 45, 33)], 2: [scored("B", "A", 30, 25)]},
...                            {"B": Fraction(3, 2)}, sessions=2)
>>> match.home_total, match.away_total, match.leader, match.finished
(Fraction(70, 1), Fraction(129, 2), 'A', True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from arbitro.i18n import gettext
from arbitro.scoring.penalty_figures import write_points
from arbitro.scoring.session import show, shown_number
from arbitro.tournament.records import PenaltyRecord
from arbitro.tournament.teams import MatchScore, match_of


@dataclass(frozen=True)
class Segment:
    """One segment of a knockout match: its session, the IMPs each team won, the boards counted.

    >>> Segment(1, Fraction(45), Fraction(33), (1, 2, 3)).home_imps
    Fraction(45, 1)
    """

    session: int
    home_imps: Fraction
    away_imps: Fraction
    board_numbers: tuple[int, ...] = ()


@dataclass(frozen=True)
class KnockoutMatch:
    """A knockout match: the teams, its segments, each team's carry-over and penalties.

    ``home`` is the team first seen North-South in the match's first segment;
    ``sessions`` the event's, so :attr:`finished` says when every segment is scored;
    ``waiting`` the boards of its segments so far that still wait for a table's result.

    >>> match = KnockoutMatch("A", "B", (Segment(1, Fraction(20), Fraction(16)),),
    ...                       away_carry=Fraction(4), sessions=1)
    >>> match.home_total, match.away_total, match.leader, match.finished
    (Fraction(20, 1), Fraction(20, 1), None, True)
    """

    home: str
    away: str
    segments: tuple[Segment, ...]
    home_carry: Fraction = Fraction(0)
    away_carry: Fraction = Fraction(0)
    home_penalty: Fraction = Fraction(0)
    away_penalty: Fraction = Fraction(0)
    sessions: int = 1
    waiting: int = 0

    @property
    def teams(self) -> tuple[str, str]:
        """The home team and the away team.

        >>> KnockoutMatch("A", "B", ()).teams
        ('A', 'B')
        """
        return self.home, self.away

    @property
    def home_total(self) -> Fraction:
        """The home team's total: carry-over, plus its IMPs in each segment, less its penalties.

        >>> KnockoutMatch("A", "B", (Segment(1, Fraction(3), Fraction(0)),),
        ...               home_carry=Fraction(1, 2), home_penalty=Fraction(1)).home_total
        Fraction(5, 2)
        """
        return (
            self.home_carry
            + sum((segment.home_imps for segment in self.segments), Fraction(0))
            - self.home_penalty
        )

    @property
    def away_total(self) -> Fraction:
        """The away team's total, as :attr:`home_total`.

        >>> KnockoutMatch("A", "B", (Segment(1, Fraction(3), Fraction(5)),)).away_total
        Fraction(5, 1)
        """
        return (
            self.away_carry
            + sum((segment.away_imps for segment in self.segments), Fraction(0))
            - self.away_penalty
        )

    def total(self, team: str) -> Fraction:
        """``team``'s total in the match.

        >>> KnockoutMatch("A", "B", (Segment(1, Fraction(3), Fraction(5)),)).total("B")
        Fraction(5, 1)
        """
        return self.home_total if team == self.home else self.away_total

    def carry(self, team: str) -> Fraction:
        """``team``'s carry-over into the match.

        >>> KnockoutMatch("A", "B", (), away_carry=Fraction(4)).carry("B")
        Fraction(4, 1)
        """
        return self.home_carry if team == self.home else self.away_carry

    def penalty(self, team: str) -> Fraction:
        """``team``'s procedural penalties in the match, in IMPs (Law 90).

        >>> KnockoutMatch("A", "B", (), home_penalty=Fraction(3)).penalty("A")
        Fraction(3, 1)
        """
        return self.home_penalty if team == self.home else self.away_penalty

    def segment_imps(self, team: str, segment: Segment) -> Fraction:
        """``team``'s IMPs in ``segment``.

        >>> KnockoutMatch("A", "B", ()).segment_imps("B", Segment(1, Fraction(3), Fraction(5)))
        Fraction(5, 1)
        """
        return segment.home_imps if team == self.home else segment.away_imps

    @property
    def leader(self) -> str | None:
        """The team ahead on total IMPs (the winner once :attr:`finished`); ``None`` if level.

        >>> KnockoutMatch("A", "B", (Segment(1, Fraction(0), Fraction(1)),)).leader
        'B'
        """
        if self.home_total == self.away_total:
            return None
        return self.home if self.home_total > self.away_total else self.away

    @property
    def finished(self) -> bool:
        """Whether every segment (each of the event's sessions) is scored, every board of it.

        >>> one = (Segment(1, Fraction(0), Fraction(0)),)
        >>> KnockoutMatch("A", "B", one, sessions=2).finished
        False
        >>> KnockoutMatch("A", "B", one, sessions=1, waiting=1).finished
        False
        """
        return len(self.segments) >= self.sessions and not self.waiting

    def outcome(self, written: Callable[[Fraction], str] = show) -> str:
        """Who won, or leads, and by how many IMPs, in the active language; or that it is tied.

        A tie after the last segment is for the conditions of contest to decide (extra
        boards, played as another segment); Árbitro does not invent a tie-break.
        ``written`` writes the margin (a page writes it in its reader's language).

        >>> one = (Segment(1, Fraction(7), Fraction(0)),)
        >>> print(KnockoutMatch("A", "B", one, sessions=1).outcome())
        A won by 7.00 IMPs
        >>> print(KnockoutMatch("A", "B", one, sessions=2).outcome())
        A leads by 7.00 IMPs
        >>> print(KnockoutMatch("A", "B", one, away_carry=Fraction(6), sessions=1).outcome(str))
        A won by 1 IMP
        >>> print(KnockoutMatch("A", "B", one, away_carry=Fraction(7), sessions=1).outcome())
        Tied: the conditions of contest decide the match (extra boards, as another segment)
        """
        leader = self.leader
        if leader is None:
            if self.finished:
                return gettext(
                    "Tied: the conditions of contest decide the match (extra boards, as "
                    "another segment)"
                )
            return gettext("Level so far")
        difference = abs(self.home_total - self.away_total)
        margin = write_points(difference, "imps", written(difference))  # 1 IMP, 2 IMPs
        if self.finished:
            return gettext("{team} won by {imps}").format(team=leader, imps=margin)
        return gettext("{team} leads by {imps}").format(team=leader, imps=margin)

    def to_json(self) -> dict[str, object]:
        """The match as every JSON output writes it: teams, segments, carry-over, totals, result.

        ``winner`` is the team ahead once the match is finished (``null`` while it is
        not, or when it is tied); ``leader`` the team ahead now.

        >>> match = KnockoutMatch("A", "B", (Segment(1, Fraction(2), Fraction(0), (1, 2)),))
        >>> match.to_json()["segments"], match.to_json()["winner"]
        ([{'session': 1, 'boards': [1, 2], 'home_imps': 2.0, 'away_imps': 0.0}], 'A')
        """
        return {
            "home": self.home,
            "away": self.away,
            "segments": [
                {
                    "session": segment.session,
                    "boards": list(segment.board_numbers),
                    "home_imps": shown_number(segment.home_imps),
                    "away_imps": shown_number(segment.away_imps),
                }
                for segment in self.segments
            ],
            "home_carry_over": shown_number(self.home_carry),
            "away_carry_over": shown_number(self.away_carry),
            "home_penalties": shown_number(self.home_penalty),
            "away_penalties": shown_number(self.away_penalty),
            "home_total": shown_number(self.home_total),
            "away_total": shown_number(self.away_total),
            "finished": self.finished,
            "boards_waiting": self.waiting,
            "leader": self.leader,
            "winner": self.leader if self.finished else None,
            "tied": self.finished and self.leader is None,
            "result": self.outcome(),
        }


def knockout_matches(
    by_session: Mapping[int, Sequence[MatchScore]],
    carry_over: Mapping[str, Fraction] | None = None,
    penalties: Mapping[int, Sequence[PenaltyRecord]] | None = None,
    sessions: int = 1,
    waiting: Mapping[frozenset[str], int] | None = None,
) -> list[KnockoutMatch]:
    """The knockout matches of an event: each pair of teams' segments, carry-over and penalties.

    ``by_session`` holds each session's matches (:func:`score_matches` with ``knockout``);
    ``carry_over`` each team's carry-over in IMPs; ``penalties`` each session's penalties
    in IMPs, each taken off the team's total in the match it came from
    (:func:`~arbitro.tournament.teams.match_of`; one still waiting for its match is left
    out); ``waiting`` the boards each match (its two teams) still waits for in the
    segments it has begun. Matches in the order they were first played.

    >>> from arbitro.tournament.records import PenaltyKind
    >>> match = MatchScore("A", "B", Fraction(4), Fraction(-4), Fraction(0), Fraction(0), 2, (1, 2),
    ...                    Fraction(4), Fraction(0))
    >>> slow = PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90", "slow play")
    >>> [played] = knockout_matches({1: [match]}, penalties={1: [slow]})
    >>> played.home_total, played.away_total
    (Fraction(1, 1), Fraction(0, 1))
    """
    carried = carry_over or {}
    segments: dict[frozenset[str], list[Segment]] = {}
    homes: dict[frozenset[str], tuple[str, str]] = {}
    taken: dict[tuple[frozenset[str], str], Fraction] = {}
    for session, matches in sorted(by_session.items()):
        for match in matches:
            key = frozenset(match.teams)
            home, away = homes.setdefault(key, match.teams)
            imps = {match.home: match.home_won, match.away: match.away_won}
            segments.setdefault(key, []).append(
                Segment(session, imps[home], imps[away], match.board_numbers)
            )
        for penalty in (penalties or {}).get(session, ()):
            found = match_of(matches, penalty)
            if found is not None:
                at = (frozenset(found.teams), penalty.participant)
                taken[at] = taken.get(at, Fraction(0)) + penalty.amount
    return [
        KnockoutMatch(
            home,
            away,
            tuple(segments[key]),
            Fraction(carried.get(home, 0)),
            Fraction(carried.get(away, 0)),
            taken.get((key, home), Fraction(0)),
            taken.get((key, away), Fraction(0)),
            sessions,
            (waiting or {}).get(key, 0),
        )
        for key, (home, away) in homes.items()
    ]
