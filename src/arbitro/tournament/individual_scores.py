"""Scoring an individual event: each player's matchpoints over the partnerships it played in.

In an individual event (Law 8: a complete individual movement) a player changes partner
every round. Each board is scored as in a pairs event, the partnership at each table
being the side (North-South ``1&3`` against East-West ``2&4``, :func:`partnership`):
the matchpoints a partnership earns on a board (Law 78A) are credited to both of its
players. A player's session score is its matchpoints over all its partnerships against
the tops of the boards it played (a percentage), less its own penalties (Laws 90, 91:
a penalty on one player does not touch its partners). Players are ranked by it. Law
12C2c looks at each player's own session: the contestant is the player (Law 5A).

>>> from arbitro.scoring.results import Result
>>> from arbitro.scoring.session import TableResult, score_session
>>> session = score_session([TableResult(1, "1&3", "2&4", Result.played(420)),
...                          TableResult(1, "5&7", "6&8", Result.played(400)),
...                          TableResult(2, "1&6", "5&2", Result.played(-100)),
...                          TableResult(2, "3&8", "7&4", Result.played(-50))])
>>> scores = player_scores(session)
>>> [(player, str(scores[player].percentage)) for player in ("1", "3", "5")]
[('1', '50'), ('3', '100'), ('5', '50')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from arbitro.core.errors import NotationError
from arbitro.i18n import N_
from arbitro.scoring.adjusted import average_percent, law_12c2c
from arbitro.scoring.natural_order import numbers_first
from arbitro.scoring.penalties import Penalty
from arbitro.scoring.results import Average
from arbitro.scoring.session import SessionScore
from arbitro.tournament.ranking import Standing, by_session, rank, unplayed, with_absent

SEPARATOR = "&"
"""Between the two players of a partnership: ``1&3`` (as USEBIO files of individual events join them)."""


class InvalidPartnershipError(NotationError):
    """Text that does not name two different players as ``PLAYER&PLAYER``.

    >>> players_of("1&1")
    Traceback (most recent call last):
    ...
    arbitro.tournament.individual_scores.InvalidPartnershipError: invalid partnership '1&1': expected two different players, as in 1&3
    """

    what = N_("partnership")


def partnership(one: str, other: str) -> str:
    """The partnership of players ``one`` and ``other``, as results name it.

    >>> partnership("12", "3")
    '12&3'
    """
    return f"{one}{SEPARATOR}{other}"


def players_of(side: str) -> tuple[str, str]:
    """The two players of the partnership ``side`` (``1&3``).

    >>> players_of(" 7 & 30 ")
    ('7', '30')
    """
    one, plus, other = side.partition(SEPARATOR)
    one, other = one.strip(), other.strip()
    if not plus or not one or not other or one == other or SEPARATOR in other:
        raise InvalidPartnershipError(
            side, N_("expected two different players, as in {example}"), example="1&3"
        )
    return one, other


@dataclass(frozen=True)
class PlayerScore:
    """A player's session: boards played, matchpoints, the tops of its boards, its penalties.

    >>> score = PlayerScore("4", boards=2, total=Fraction(3), maximum=Fraction(4))
    >>> score.percentage
    Fraction(75, 1)
    """

    player: str
    boards: int
    total: Fraction
    maximum: Fraction
    penalties: Fraction = Fraction(0)

    @property
    def percentage(self) -> Fraction:
        """Matchpoints less penalties, as a percentage of the tops of the boards played.

        >>> PlayerScore("4", 0, Fraction(0), Fraction(0)).percentage
        Fraction(0, 1)
        """
        if not self.maximum:
            return Fraction(0)
        return (self.total - self.penalties) * 100 / self.maximum


BoardKey = tuple[int, str, str]
"""A line of a session: its board, its North-South and East-West partnerships (``1&3``)."""


class PlayerBoard(NamedTuple):
    """A player's own points on one board it played, and the board's top (0 without one)."""

    points: Fraction
    top: Fraction


def player_boards(session: SessionScore) -> dict[str, dict[BoardKey, PlayerBoard]]:
    """Each player's own points on each board it played in ``session``, by the board's line.

    The one figure a player's score card shows on a board and its ranking counts: the
    partnership's matchpoints (Law 78A), except on a board given an artificial adjusted
    score, where Law 12C2c looks at the player's own session (the contestant is the
    player, Law 5A): its percentage on its other boards. So the two partners given
    average-plus may end with different values for it. :func:`player_scores` adds these
    up; nothing else works them out.

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import TableResult, score_session
    >>> session = score_session([TableResult(1, "1&3", "2&4", Result.played(420)),
    ...                          TableResult(1, "5&7", "6&8", Result.played(400))])
    >>> player_boards(session)["3"]
    {(1, '1&3', '2&4'): PlayerBoard(points=Fraction(2, 1), top=Fraction(2, 1))}
    """
    out: dict[str, dict[BoardKey, PlayerBoard]] = {}
    given: dict[str, list[tuple[BoardKey, Average]]] = {}
    profile = session.profile
    own_rule = session.method == "mp" and profile.session_percentage_rule
    for lines in session.boards.values():
        for line in lines:
            key = (line.board, line.ns, line.ew)
            top = Fraction(line.top or 0)
            for side, view, points in (
                (line.ns, line.result.ns, line.ns_points),
                (line.ew, line.result.ew, line.ew_points),
            ):
                for player in players_of(side):
                    out.setdefault(player, {})[key] = PlayerBoard(Fraction(points), top)
                    if own_rule and line.top is not None and isinstance(view, Average):
                        given.setdefault(player, []).append((key, view))
    for player, averages in given.items():
        # Law 12C2c: the player's own percentage on its boards without an artificial score.
        boards = out[player]
        adjusted = {key for key, _ in averages}
        rest = [board for key, board in boards.items() if key not in adjusted]
        rest_tops = sum((board.top for board in rest), Fraction(0))
        own = (
            sum((board.points for board in rest), Fraction(0)) * 100 / rest_tops
            if rest_tops
            else None
        )
        for key, average in averages:
            top = boards[key].top
            value = law_12c2c(average, average_percent(average, profile), own, profile)
            boards[key] = PlayerBoard(value * top / 100, top)
    return out


def player_scores(
    session: SessionScore, penalties: Iterable[tuple[str, Penalty]] = ()
) -> dict[str, PlayerScore]:
    """Each player's score in ``session`` (scored by partnership), less its ``penalties``.

    Its boards' own points (:func:`player_boards`, Law 12C2c) added up. A penalty in tops
    is taken on the session's full top (as in a pairs event); one in matchpoints as it
    is. A penalty on someone who did not play is refused.

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import TableResult, score_session
    >>> session = score_session([TableResult(1, "1&3", "2&4", Result.played(420)),
    ...                          TableResult(1, "5&7", "6&8", Result.played(400))])
    >>> scored = player_scores(session, [("3", Penalty(Fraction(1, 4), "top"))])
    >>> scored["1"].percentage, scored["3"].percentage
    (Fraction(100, 1), Fraction(75, 1))
    """
    played = player_boards(session)
    tops = [line.top for lines in session.boards.values() for line in lines if line.top]
    full_top = Fraction(max(tops, default=0))
    taken: dict[str, Fraction] = {}
    for player, penalty in penalties:
        if player not in played:
            raise InvalidPartnershipError(
                f"{player},{penalty.to_str()}",
                N_("player {player} did not play in the session"),
                player=player,
            )
        taken[player] = taken.get(player, Fraction(0)) + Fraction(penalty.in_matchpoints(full_top))
    return {
        player: PlayerScore(
            player,
            len(boards),
            sum((board.points for board in boards.values()), Fraction(0)),
            sum((board.top for board in boards.values()), Fraction(0)),
            taken.get(player, Fraction(0)),
        )
        for player, boards in sorted(played.items(), key=lambda item: numbers_first(item[0]))
    }


class PlayersSession(NamedTuple):
    """An individual event's session as scored: its number, its scores by partnership, its players' penalties.

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import TableResult, score_session
    >>> day = PlayersSession(1, score_session([TableResult(1, "1&3", "2&4", Result.played(420)),
    ...                                        TableResult(1, "5&7", "6&8", Result.played(400))]))
    >>> day.players()["3"].percentage, day.places()["3"].rank_label
    (Fraction(100, 1), '1=')
    """

    number: int
    score: SessionScore
    penalties: Sequence[tuple[str, Penalty]] = ()

    def boards(self) -> dict[str, dict[BoardKey, PlayerBoard]]:
        """Each player's own points on each board it played (:func:`player_boards`, Law 12C2c)."""
        return player_boards(self.score)

    def players(self) -> dict[str, PlayerScore]:
        """Each player's score in the session, less its penalties (:func:`player_scores`)."""
        return player_scores(self.score, self.penalties)

    def places(self) -> dict[str, Standing]:
        """Each player's place in the session alone, as the event ranks (:func:`individual_ranking`)."""
        ranked = individual_ranking([self.score], [self.penalties])
        return {standing.participant: standing for standing in ranked}


def individual_ranking(
    sessions: Sequence[SessionScore],
    penalties: Sequence[Sequence[tuple[str, Penalty]]] = (),
    carry_over: Mapping[str, Fraction] | None = None,
    tie_breaks: Sequence[str] = (),
    players: Iterable[str] = (),
) -> list[Standing]:
    """The players ranked by the mean of their sessions' percentages (plus carry-over).

    ``penalties`` holds each session's (player, penalty) pairs, in the sessions' order.
    ``players`` names the event's players: one with no result yet is listed after the
    others, nothing compared (:attr:`~arbitro.tournament.ranking.Standing.played`
    false), as a pair is (Law 78A).

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import TableResult, score_session
    >>> day = score_session([TableResult(1, "1&3", "2&4", Result.played(420)),
    ...                      TableResult(1, "5&7", "6&8", Result.played(400))])
    >>> [(s.participant, s.rank_label) for s in individual_ranking([day])][:4]
    [('1', '1='), ('3', '1='), ('6', '1='), ('8', '1=')]
    >>> late = individual_ranking([day], players=[str(n) for n in range(1, 11)])
    >>> [(s.participant, s.played) for s in late[-2:]]
    [('9', False), ('10', False)]
    """
    per_session: list[dict[str, Fraction | None]] = []
    for index, session in enumerate(sessions):
        taken = penalties[index] if index < len(penalties) else ()
        # No percentage (None) where none of the player's boards had a result to compare
        # with (their tops add up to 0), as for pairs (:func:`~arbitro.tournament.ranking.rank`).
        per_session.append(
            {
                player: score.percentage if score.maximum else None
                for player, score in player_scores(session, taken).items()
            }
        )
    # A player has a percentage in every session, 0 in one he missed (as pairs do).
    scores, missing = with_absent(by_session(per_session), players)
    ordered = dict(sorted(scores.items(), key=lambda item: numbers_first(item[0])))
    return unplayed(rank(ordered, carry_over, tie_breaks, average=True), missing)
