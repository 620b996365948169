"""Rankings of an event: sessions added up, carry-over, tie-breaks, ties shown as ``2=``.

Each session is scored by :func:`arbitro.scoring.session.score_session`. A pair's
session score is its percentage in matchpoint events (the event's score is then the
mean of its sessions' percentages) and its factored total otherwise (the event's
score is then the sum). A carry-over (points brought from an earlier stage, already
in the event's unit) is added first. Equal scores share a place (``2=``) unless a
tie-break separates them; the tie-breaks, in the event's order:

- ``last-session``: the better score in the last session, then the one before, ...;
- ``best-session``: the better single session.

A participant has a score in every session of the event, 0 in one it did not play (a
bye, a withdrawal): the tie-breaks compare the same session for everyone, and a
matchpoint event's mean is over all its sessions. Pairs that kept their direction in
every session (Mitchells) are ranked per direction.

In matchpoints a pair has no percentage in a session where none of its boards had a
result to be compared with (each had a top of 0: played once, with Neuberg off or no
board of the session played more than once), rather than 0 %: that session is left out
of its mean. A participant with no percentage in any session has none at all
(:attr:`Standing.compared` is false): it is ranked after every participant with one,
its total only its carry-over; such participants are equal unless their carry-overs
differ, which order them. A participant of the event with no result at all yet is
listed the same way (:attr:`Standing.played` false), never left out.

>>> standings = rank({"A": [Fraction(60)], "B": [Fraction(55)], "C": [Fraction(55)]})
>>> [(s.participant, s.rank_label) for s in standings]
[('A', '1'), ('B', '2='), ('C', '2=')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, replace
from fractions import Fraction

from arbitro.core.errors import NotationError
from arbitro.core.seat import Side
from arbitro.i18n import N_
from arbitro.scoring.natural_order import natural_keys
from arbitro.scoring.session import SessionScore

TIE_BREAKS = ("last-session", "best-session")
"""The tie-breaks an event may use, in any order."""


class InvalidTieBreakError(NotationError):
    """A tie-break that is not one of :data:`TIE_BREAKS`."""

    what = N_("tie-break")


def check_tie_breaks(names: Sequence[str]) -> tuple[str, ...]:
    """The tie-breaks, checked.

    >>> check_tie_breaks(["coin"])
    Traceback (most recent call last):
    ...
    arbitro.tournament.ranking.InvalidTieBreakError: invalid tie-break 'coin': expected one of last-session, best-session
    """
    for name in names:
        if name not in TIE_BREAKS:
            raise InvalidTieBreakError(
                name, N_("expected one of {choices}"), choices=", ".join(TIE_BREAKS)
            )
    return tuple(names)


@dataclass(frozen=True)
class Standing:
    """One participant's place: the score of each session, the carry-over, the total, the rank.

    ``compared`` is false for a participant of a matchpoint event none of whose boards
    had a result to be compared with: it has no percentage (a session without one is 0
    in ``sessions``, and its ``total`` is its carry-over). ``uncompared`` names the
    sessions (from 1) where it played and had no percentage: a session's own ranking
    shows none there, not 0. ``played`` is false for a participant of the event with no
    result yet: listed, not compared, its total its carry-over. ``penalties`` are the
    victory points a teams event's penalties (Law 90) took off each session's score,
    already counted in ``sessions`` and ``total``: the rankings show them, so that a
    team's matches and its total add up.

    >>> Standing("3", (Fraction(55),), Fraction(0), Fraction(55), 2, True).rank_label
    '2='
    """

    participant: str
    sessions: tuple[Fraction, ...]
    carry_over: Fraction
    total: Fraction
    rank: int
    tied: bool
    direction: Side | None = None
    compared: bool = True
    uncompared: tuple[int, ...] = ()
    played: bool = True
    penalties: tuple[Fraction, ...] = ()

    @property
    def penalty(self) -> Fraction:
        """The victory points the penalties took off the total (Law 90), 0 if none.

        >>> Standing("A", (Fraction(30),), Fraction(0), Fraction(30), 1, False,
        ...          penalties=(Fraction(1),)).penalty
        Fraction(1, 1)
        """
        return sum(self.penalties, Fraction(0))

    def before_penalty(self, session: int) -> Fraction | None:
        """The score of session ``session`` (from 1) before its penalties in VPs (Law 90).

        What the team's matches of the session add up to; ``None`` as :meth:`in_session`.

        >>> Standing("A", (Fraction(30),), Fraction(0), Fraction(30), 1, False,
        ...          penalties=(Fraction(1),)).before_penalty(1)
        Fraction(31, 1)
        """
        score = self.in_session(session)
        if score is None or session > len(self.penalties):
            return score
        return score + self.penalties[session - 1]

    def in_session(self, session: int) -> Fraction | None:
        """The score of session ``session`` (from 1); ``None`` where it had no percentage.

        >>> standing = Standing("3", (Fraction(55), Fraction(0)), Fraction(0), Fraction(55), 1,
        ...                     False, uncompared=(2,))
        >>> standing.in_session(1), standing.in_session(2)
        (Fraction(55, 1), None)
        """
        return None if session in self.uncompared else self.sessions[session - 1]

    @property
    def rank_label(self) -> str:
        """The place as a results sheet writes it: ``2`` or ``2=``.

        >>> Standing("1", (), Fraction(0), Fraction(0), 1, False).rank_label
        '1'
        """
        return f"{self.rank}=" if self.tied else str(self.rank)


def _key(scores: Sequence[Fraction | None], tie_breaks: Sequence[str]) -> tuple[Fraction, ...]:
    """The tie-breaks' key: a session without a percentage counts as 0 there."""
    counted = [Fraction(0) if score is None else score for score in scores]
    key: list[Fraction] = []
    for name in tie_breaks:
        if name == "last-session":
            key.extend(reversed(counted))
        elif name == "best-session":
            key.append(max(counted, default=Fraction(0)))
    return tuple(key)


def rank(
    scores: Mapping[str, Sequence[Fraction | None]],
    carry_over: Mapping[str, Fraction] | None = None,
    tie_breaks: Sequence[str] = (),
    average: bool = False,
    directions: Mapping[str, Side | None] | None = None,
) -> list[Standing]:
    """Rank participants by their sessions' scores (summed, or averaged if ``average``) plus carry-over.

    A score of ``None`` is a session played without a percentage (matchpoints, no board
    compared): it is left out of the participant's mean, and counts 0 in its sum and its
    tie-breaks. A participant with a score in no session is ranked after those with one
    (``compared`` false), equal with the others without.

    >>> scores = {"A": [Fraction(50), Fraction(60)], "B": [Fraction(60), Fraction(50)]}
    >>> [(s.participant, s.rank_label) for s in rank(scores, tie_breaks=["last-session"])]
    [('A', '1'), ('B', '2')]
    >>> [s.total for s in rank(scores, carry_over={"B": Fraction(1)}, average=True)]
    [Fraction(56, 1), Fraction(55, 1)]
    >>> [(s.participant, s.rank_label) for s in rank({"4": [Fraction(9)], "10": [Fraction(9)], "3": [Fraction(9)]})]
    [('3', '1='), ('4', '1='), ('10', '1=')]
    >>> later = {"A": [Fraction(50), None], "B": [None, None], "C": [Fraction(0), Fraction(10)]}
    >>> [(s.participant, s.rank_label, s.total, s.compared) for s in rank(later, average=True)]
    [('A', '1', Fraction(50, 1), True), ('C', '2', Fraction(5, 1), True), ('B', '3', Fraction(0, 1), False)]
    """
    check_tie_breaks(tie_breaks)
    carried = carry_over or {}
    rows = []
    for participant, sessions in scores.items():
        given = [Fraction(score) for score in sessions if score is not None]
        compared = bool(given) or not sessions
        base = sum(given, Fraction(0))
        if average and given:
            base /= len(given)
        extra = Fraction(carried.get(participant, 0))
        played = tuple(Fraction(0) if score is None else Fraction(score) for score in sessions)
        uncompared = tuple(number for number, score in enumerate(sessions, 1) if score is None)
        key = (compared, base + extra, _key(sessions, tie_breaks))
        rows.append((participant, played, extra, compared, key, uncompared))
    # Tied participants in natural order (team 3 before team 4, pair 2 before pair 10),
    # as a session's ranking lists them: the names sorted first, the sort by score stable.
    names = natural_keys([row[0] for row in rows])
    rows = [row for _, row in sorted(zip(names, rows, strict=True), key=lambda pair: pair[0])]
    rows.sort(key=lambda row: row[4], reverse=True)
    counts = Counter(row[4] for row in rows)
    standings: list[Standing] = []
    place = 0
    for position, (participant, played, extra, compared, key, uncompared) in enumerate(rows):
        if position == 0 or key != rows[position - 1][4]:
            place = position + 1
        direction = (directions or {}).get(participant)
        standings.append(
            Standing(
                participant,
                played,
                extra,
                key[1],
                place,
                counts[key] > 1,
                direction,
                compared,
                uncompared,
            )
        )
    return standings


def without(standings: Sequence[Standing], removed: Set[str]) -> list[Standing]:
    """The ranking with the ``removed`` participants taken out and the others' places closed up.

    A disqualified participant (Law 91B) is not ranked: each other participant's place
    is 1 plus the number of those still ranked ahead of it in its group (its direction,
    when ranked per direction); a tie stays a tie only if someone still shares it.
    Scores are not recomputed: the boards the removed participant played stand.

    >>> ranked = rank({"A": [Fraction(60)], "B": [Fraction(55)], "C": [Fraction(55)]})
    >>> [(s.participant, s.rank_label) for s in without(ranked, {"A"})]
    [('B', '1='), ('C', '1=')]
    >>> [(s.participant, s.rank_label) for s in without(ranked, {"B"})]
    [('A', '1'), ('C', '2')]
    """
    kept = [s for s in standings if s.participant not in removed]
    out: list[Standing] = []
    for standing in kept:
        group = [s for s in standings if s.direction is standing.direction]
        ahead = sum(1 for s in group if s.participant in removed and s.rank < standing.rank)
        tied = any(
            other.rank == standing.rank and other.direction is standing.direction
            for other in kept
            if other is not standing
        )
        out.append(replace(standing, rank=standing.rank - ahead, tied=tied))
    return out


def session_scores(session: SessionScore) -> dict[str, Fraction | None]:
    """Each pair's score in a session: its percentage for matchpoints, else its factored total.

    In matchpoints a pair none of whose boards had a result to compare with (the
    scorer's percentage is ``None``: the tops of its boards add up to 0) has no score,
    ``None``, rather than 0 %.

    >>> from arbitro.scoring.session import TableResult, score_session
    >>> from arbitro.scoring.results import Result
    >>> scored = score_session([TableResult(1, "1", "2", Result.played(100)),
    ...                         TableResult(1, "3", "4", Result.played(50))])
    >>> session_scores(scored)["1"]
    Fraction(100, 1)
    >>> session_scores(score_session([TableResult(1, "1", "2", Result.played(100))]))
    {'1': None, '2': None}
    """
    out: dict[str, Fraction | None] = {}
    for pair in session.pairs:
        if session.method == "mp":
            out[pair.pair] = None if pair.percentage is None else Fraction(pair.percentage)
        else:
            out[pair.pair] = Fraction(pair.factored)
    return out


DIRECTION_TITLES = {Side.NS: N_("North-South"), Side.EW: N_("East-West")}
"""The heading of each direction's ranking (catalog messages)."""


def by_direction(standings: Sequence[Standing]) -> list[tuple[Side | None, list[Standing]]]:
    """The ranking's groups: one, or North-South then East-West when ranked by direction.

    A Mitchell's pairs keep their direction, and each direction is ranked apart.

    >>> ranked = [Standing("1", (), Fraction(0), Fraction(60), 1, False, Side.NS),
    ...           Standing("2", (), Fraction(0), Fraction(55), 1, False, Side.EW)]
    >>> [(side, [s.participant for s in group]) for side, group in by_direction(ranked)]
    [(Side.NS, ['1']), (Side.EW, ['2'])]
    """
    if all(standing.direction is None for standing in standings):
        return [(None, list(standings))]
    return [
        (side, [standing for standing in standings if standing.direction is side])
        for side in (Side.NS, Side.EW)
    ]


def event_ranking(
    sessions: Sequence[SessionScore],
    carry_over: Mapping[str, Fraction] | None = None,
    tie_breaks: Sequence[str] = (),
    *,
    one_field: bool = False,
    absent: Mapping[str, Side | None] | None = None,
) -> list[Standing]:
    """The event's ranking over its sessions (see the module's description).

    An event whose pairs kept their direction (a Mitchell) is ranked per direction,
    North-South first; ``one_field`` (a movement where pairs change direction, as
    :attr:`~arbitro.tournament.movements.Movement.one_field` says) ranks them together
    even before any pair has changed. ``absent`` names the event's participants, with
    the direction the movement seats each in (``None``: none known), that may have no
    result yet: one without is listed after the others, with nothing compared
    (:attr:`Standing.played` false), rather than left out (Law 78A).

    >>> from arbitro.scoring.session import TableResult, score_session
    >>> from arbitro.scoring.results import Result
    >>> day = score_session([TableResult(1, "1", "2", Result.played(100)),
    ...                      TableResult(1, "3", "4", Result.played(50))])
    >>> [(s.participant, s.rank_label, s.direction.name) for s in event_ranking([day])]
    [('1', '1', 'NS'), ('3', '2', 'NS'), ('4', '1', 'EW'), ('2', '2', 'EW')]
    >>> late = event_ranking([day], absent={"5": Side.NS, "6": Side.EW})
    >>> [(s.participant, s.rank_label, s.played) for s in late if not s.compared]
    [('5', '3', False), ('6', '3', False)]
    >>> unseated = event_ranking([day], absent={"5": None})
    >>> [(s.participant, s.rank_label, s.direction and s.direction.name) for s in unseated]
    [('1', '1', 'NS'), ('3', '2', 'NS'), ('4', '1', 'EW'), ('2', '2', 'EW'), ('5', '1', None)]
    """
    if not sessions:
        return []
    average = sessions[0].method == "mp"
    seated = absent or {}
    scores, missing = with_absent(
        by_session([session_scores(session) for session in sessions]), seated
    )
    directions = None if one_field else _kept_directions(sessions)
    for name in missing:
        side = seated[name]
        if directions is not None and side is not None:
            directions[name] = side
    if directions is not None:
        out: list[Standing] = []
        for side in (Side.NS, Side.EW):
            members = {p: s for p, s in scores.items() if directions.get(p) is side}
            out.extend(rank(members, carry_over, tie_breaks, average, directions))
        # A pair with no result and no direction known (no movement, or one seating it
        # both ways) changes nothing of the directions' rankings: it is listed after them.
        unplaced = {p: s for p, s in scores.items() if p not in directions}
        out.extend(rank(unplaced, carry_over, tie_breaks, average))
    else:
        out = rank(scores, carry_over, tie_breaks, average)
    return unplayed(out, missing)


def with_absent(
    scores: Mapping[str, Sequence[Fraction | None]], participants: Iterable[str]
) -> tuple[dict[str, list[Fraction | None]], frozenset[str]]:
    """Every participant's scores: one of ``participants`` with none gets none in each session.

    Law 78A ranks the event's participants: one with no result yet (a table that entered
    nothing, a team whose match is not in) is listed, not left out; :func:`rank` puts it
    after those with a score, nothing compared, and :func:`unplayed` marks its line. The
    second value names those added. While nobody has a score the event has no ranking
    yet, and no one is added. Pairs, teams and individual events all list theirs so.

    >>> scores, missing = with_absent({"A": [Fraction(60), Fraction(50)]}, ["A", "B"])
    >>> scores["B"], sorted(missing)
    ([None, None], ['B'])
    >>> with_absent({}, ["A"])
    ({}, frozenset())
    """
    out = {name: list(given) for name, given in scores.items()}
    if not out:
        return out, frozenset()
    count = max(len(given) for given in out.values())
    missing = [name for name in dict.fromkeys(participants) if name not in out]
    for name in missing:
        out[name] = [None] * count
    return out, frozenset(missing)


def unplayed(standings: Sequence[Standing], missing: Set[str]) -> list[Standing]:
    """The ranking with the lines of ``missing`` (no result yet) marked not played (Law 78A).

    >>> ranked = rank({"A": [Fraction(60)], "B": [None]})
    >>> [(s.participant, s.played) for s in unplayed(ranked, {"B"})]
    [('A', True), ('B', False)]
    """
    return [replace(s, played=False) if s.participant in missing else s for s in standings]


def _kept_directions(sessions: Sequence[SessionScore]) -> dict[str, Side] | None:
    """Each pair's direction when every session was ranked by direction and no pair changed.

    Then North-South pairs were only ever compared with North-South pairs (a Mitchell,
    session after session), and the event has a winner in each direction.
    """
    directions: dict[str, Side] = {}
    for session in sessions:
        if not session.by_direction:
            return None
        for pair in session.pairs:
            if pair.direction is None or directions.setdefault(pair.pair, pair.direction) is not (
                pair.direction
            ):
                return None
    return directions


def by_session(
    sessions: Sequence[Mapping[str, Fraction | None]],
) -> dict[str, list[Fraction | None]]:
    """Each participant's score in every session, in order: 0 in one it did not play.

    So a tie-break by the last session compares the same session for everyone (a team
    with a bye in it has no score there), and a matchpoint event's mean is over all its
    sessions: a pair that played one of two is not ranked on that one alone. A session
    played without a percentage stays ``None`` (see :func:`rank`).

    >>> by_session([{"A": Fraction(60), "B": Fraction(40)}, {"A": Fraction(55), "B": None}, {"A": Fraction(50)}])
    {'A': [Fraction(60, 1), Fraction(55, 1), Fraction(50, 1)], 'B': [Fraction(40, 1), None, Fraction(0, 1)]}
    """
    names = list(dict.fromkeys(name for session in sessions for name in session))
    out: dict[str, list[Fraction | None]] = {}
    for name in names:
        scores: list[Fraction | None] = []
        for session in sessions:
            score = session.get(name, 0)
            scores.append(None if score is None else Fraction(score))
        out[name] = scores
    return out
