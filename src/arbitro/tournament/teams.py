"""Teams events: matches scored in IMPs (Law 78B) and turned into victory points.

A match between two teams is played at two tables: at one the home team sits
North-South, at the other East-West. A board's IMPs for a team come from its score at
one table plus its score at the other (:func:`arbitro.scoring.teams.match_imps`); an
artificial adjusted score (12C2b, 86A) gives the side the profile's IMPs for its kind,
or, by Law 12C2c, its own IMPs per board on its other boards of the session (a Swiss's:
of its rounds played so far) where they are better than average-plus (worse than
average-minus for the side at fault); a
weighted score is refused where the authority forbids them (12C1c, 12C1e). An
adjusted score given in IMPs (``0/-2 IMP``, :class:`~arbitro.scoring.results.AdjustedImps`:
Law 12C1b's consequent damage, worked out by :func:`arbitro.scoring.damage.teams_damage`)
gives each side's team its figure as the board's IMPs, whatever was played at the other
table, as an artificial score does; it is an assigned score, not an artificial one, so
Law 12C2c leaves it as it is and it counts among the team's other boards for 12C2c.
A board played at one table only is left out until the other table's result is in.

A fouled board (Law 87) is scored group by group: the two tables of a match are
compared only when they are in the same group (a table given no group is in the
group of the other such tables). When the two tables of a match played different
forms of the board (groups A and B), each group holds one result of the match and
there is nothing to compare it with, so the board is left out of the match, as a
board played at one table only, and :func:`uncompared_boards` names it with the match
and its groups: the director gives it an adjusted score. An artificial score
(86A, 12C2: average to both teams is 0 IMPs, or average-plus and average-minus) entered
at either table scores the board whatever was played at the other; an assigned score
is compared with the other table, so the director puts the two tables in one group.
Each team's IMPs over the match (its margin) give its victory points on the WBF 2013
scale, and teams are ranked by their victory points over the matches. On a played
board the two teams' IMPs balance; an adjusted score need not balance (Law 12C1f:
a split score, or average-plus to both teams), and then each team gets the VPs of its
own IMPs, so a match's VPs may not add up to 20: the WBF's reading of Law 86B, whose
averaging of the two sides' results is for a knockout phase (the AEB's text of 12C4 has
no such limit, a doubt noted in ``docs/aeb.md``). In a knockout (``knockout=True``:
matches decided on total IMPs, not turned into VPs, :mod:`arbitro.tournament.knockout`)
each board's two results are averaged by Law 86B
(:func:`arbitro.scoring.teams.knockout_unbalanced`), so the two teams' IMPs balance.

Procedural and disciplinary penalties (Laws 90, 91) in a teams event come off the
offending team's victory points, never off its opponents' (:func:`team_totals`): a
penalty in VPs is taken from its total; a penalty in IMPs is taken from its margin in
the match (the one where it played the penalty's board; where a team plays more than
one match a session a penalty in IMPs without its board is refused at entry,
:func:`~arbitro.tournament.penalties.check_penalty_board`; else its one match), and the team gets the VPs of the reduced margin while its opponents keep
theirs.

>>> from arbitro.scoring.results import Result
>>> from arbitro.scoring.session import TableResult
>>> matches = score_matches([TableResult(1, "A", "B", Result.played(620)),
...                          TableResult(1, "B", "A", Result.played(170))])
>>> (matches[0].home, matches[0].away, matches[0].home_imps, matches[0].boards)
('A', 'B', Fraction(10, 1), 1)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from arbitro.i18n import N_, gettext
from arbitro.laws.authority import Authority, authority
from arbitro.scoring.adjusted import artificial_imps, law_12c1c, law_12c2c
from arbitro.scoring.results import AdjustedImps, Average, View, Weighted
from arbitro.scoring.session import TableResult
from arbitro.scoring.teams import knockout_unbalanced, match_imps, weighted_match_imps
from arbitro.scoring.vp import victory_points
from arbitro.tournament.records import InvalidRecordError, PenaltyRecord


@dataclass(frozen=True)
class MatchScore:
    """One match: the two teams, each one's IMPs and victory points, and the boards counted.

    ``board_numbers`` are the boards counted, in order.

    >>> match = MatchScore("A", "B", Fraction(12), Fraction(-12), Fraction(15), Fraction(5), 8)
    >>> match.margin("A"), match.margin("B")
    (Fraction(12, 1), Fraction(-12, 1))
    """

    home: str
    away: str
    home_imps: Fraction
    away_imps: Fraction
    home_vps: Fraction
    away_vps: Fraction
    boards: int
    board_numbers: tuple[int, ...] = ()
    home_won: Fraction = Fraction(0)
    away_won: Fraction = Fraction(0)
    """The IMPs each team won on the boards it gained: a knockout's scoreboard (``45 – 33``).

    In a knockout the victory points are 0: its matches are decided on IMPs.
    """
    home_penalty: Fraction = Fraction(0)
    away_penalty: Fraction = Fraction(0)
    """The IMPs each team's penalties take off its margin in the match (Law 90; :func:`penalised`)."""

    @property
    def teams(self) -> tuple[str, str]:
        """The home team and the away team.

        >>> MatchScore("A", "B", Fraction(0), Fraction(0), Fraction(10), Fraction(10), 1).teams
        ('A', 'B')
        """
        return self.home, self.away

    def opponent(self, team: str) -> str:
        """The team ``team`` met in the match.

        >>> MatchScore("A", "B", Fraction(0), Fraction(0), Fraction(10), Fraction(10), 1).opponent("B")
        'A'
        """
        return self.away if team == self.home else self.home

    def margin(self, team: str) -> Fraction:
        """``team``'s margin in IMPs: its own IMPs over the match (its VPs come from it).

        The two margins are opposite unless an adjusted score did not balance (12C1f).

        >>> MatchScore("A", "B", Fraction(3), Fraction(-1), Fraction(11), Fraction(9), 2).margin("B")
        Fraction(-1, 1)
        """
        return self.home_imps if team == self.home else self.away_imps

    def vps(self, team: str) -> Fraction:
        """``team``'s victory points in the match.

        >>> MatchScore("A", "B", Fraction(3), Fraction(-3), Fraction(11), Fraction(9), 2).vps("B")
        Fraction(9, 1)
        """
        return self.home_vps if team == self.home else self.away_vps

    def penalty(self, team: str) -> Fraction:
        """The IMPs ``team``'s penalties take off its margin in the match (Law 90).

        >>> MatchScore("A", "B", Fraction(3), Fraction(-3), Fraction(11), Fraction(9), 2,
        ...            home_penalty=Fraction(3)).penalty("A")
        Fraction(3, 1)
        """
        return self.home_penalty if team == self.home else self.away_penalty

    def ranked_vps(self, team: str) -> Fraction:
        """``team``'s victory points as its total counts them: those of its margin less its penalty.

        The play's (:meth:`vps`) where the team has no penalty in IMPs in the match; its
        opponents keep theirs (Law 90).

        >>> match = MatchScore("A", "B", Fraction(0), Fraction(0), Fraction(10), Fraction(10), 3,
        ...                    away_penalty=Fraction(3))
        >>> match.ranked_vps("A"), match.ranked_vps("B") == victory_points(-3, 3)[0]
        (Fraction(10, 1), True)
        """
        taken = self.penalty(team)
        if not taken:
            return self.vps(team)
        return victory_points(self.margin(team) - taken, self.boards)[0]


def _board_imps(
    here: View,
    there: View,
    here_negated: bool,
    profile: Authority,
    own: Fraction | None = None,
) -> Fraction:
    """A team's IMPs on a board: its score at this table (``here``) against the other's.

    ``here`` and ``there`` are North-South's views of the two tables; the team sits
    North-South here unless ``here_negated``, and the other way at the other table. An
    artificial score gives the profile's IMPs for its kind (12C2b, 86A); otherwise the
    IMPs of each pair of scores, weighted when either table's score is weighted (12C1c).
    With artificial scores at both tables the team gets the IMPs of both, added: the
    same for whichever table it sat North-South at, and an average-minus at one table
    is not lost because the other table was adjusted too (A+ here and A- there is 0).
    ``own`` is the team's IMPs per board on its other boards of the session: each
    artificial score is worth what Law 12C2c makes of it against them. A figure in IMPs
    (12C1b, :class:`AdjustedImps`) is the team's IMPs on the board, added like an
    artificial score's.
    """
    if isinstance(here, (Average, AdjustedImps)) or isinstance(there, (Average, AdjustedImps)):
        total = Fraction(0)
        for view in (here, there):
            if isinstance(view, Average):
                total += law_12c2c(view, artificial_imps(view, profile), own, profile)
            elif isinstance(view, AdjustedImps):
                total += view.imps
        return total
    mine = here.negated() if here_negated else here
    other = there if here_negated else there.negated()
    if len(mine.parts) == 1 and len(other.parts) == 1:
        return Fraction(match_imps(mine.parts[0][1], other.parts[0][1]))
    return weighted_match_imps(mine, other)


def _law_86b(home: Fraction, away: Fraction, knockout: bool) -> tuple[Fraction, Fraction]:
    """The two teams' IMPs on a board; in a knockout the average of the two results (86B).

    Each team's IMPs are computed apart (they differ from opposite figures only where an
    adjusted score does not balance, 12C1f); in a knockout both get their average, so a
    balanced board keeps its figures.
    """
    return knockout_unbalanced(home, away) if knockout else (home, away)


def _check_weighted(results: Sequence[TableResult], profile: Authority) -> None:
    """Refuse a weighted score where the authority forbids them (12C1c; the AEB applies 12C1e)."""
    if profile.weighted_scores:
        return
    for table in results:
        for view in (table.result.ns, table.result.ew):
            if isinstance(view, Weighted) and not view.is_single:
                law_12c1c(view, profile)


def _both_tables(results: Sequence[TableResult]) -> list[tuple[int, TableResult, TableResult]]:
    """Each board of each match played at both tables, as (board, one table, the other).

    The teams swap seats: the same team North-South at both tables is not a match's two
    tables. Compared or not (:func:`_compared`).
    """
    tables: dict[tuple[frozenset[str], int], list[TableResult]] = defaultdict(list)
    for table in results:
        tables[(frozenset((table.ns, table.ew)), table.board)].append(table)
    return [
        (board, played[0], played[1])
        for (_, board), played in tables.items()
        if len(played) == 2 and played[0].ns != played[1].ns
    ]


def _compared(here: TableResult, there: TableResult) -> bool:
    """Whether a match's two tables give the board its IMPs (Law 87).

    They do when they are in the same group (both in none included), or when each team's
    score at one table meets an artificial score or a figure in IMPs at the other (12C2,
    86A, 12C1b: it is the board's IMPs, whatever was played at the other table).
    """
    if here.group == there.group:
        return True
    given = (Average, AdjustedImps)
    return all(
        isinstance(mine, given) or isinstance(other, given)
        for mine, other in ((here.result.ns, there.result.ew), (there.result.ns, here.result.ew))
    )


def _pairs_of_tables(results: Sequence[TableResult]) -> list[tuple[int, TableResult, TableResult]]:
    """Each board of each match to score, as (board, one table, the other).

    Both tables are in and can be compared (:func:`_compared`).
    """
    return [
        (board, here, there)
        for board, here, there in _both_tables(results)
        if _compared(here, there)
    ]


@dataclass(frozen=True)
class UncomparedBoard:
    """A board of a match whose two tables played different forms of it (Law 87).

    ``home`` sat North-South in group ``home_group``, ``away`` in ``away_group`` (``None``:
    no group). The board is left out of the match until the director adjusts it.

    >>> print(UncomparedBoard(3, "A", "B", "A", None).localized(session=1))
    Board 3, session 1, match A v B: the two tables are in different groups of a fouled board (A / no group) and are not compared (Law 87B). The board is left out of the match until it is given an adjusted score (Laws 86A, 12C2; average to both teams is 0 IMPs).
    """

    board: int
    home: str
    away: str
    home_group: str | None
    away_group: str | None

    def localized(self, session: int) -> str:
        """What the ranking and the traveller tell the director, in the active language."""
        groups = " / ".join(
            gettext("no group") if group is None else group
            for group in (self.home_group, self.away_group)
        )
        return gettext(
            "Board {board}, session {session}, match {home} v {away}: the two tables are in "
            "different groups of a fouled board ({groups}) and are not compared (Law 87B). "
            "The board is left out of the match until it is given an adjusted score "
            "(Laws 86A, 12C2; average to both teams is 0 IMPs)."
        ).format(board=self.board, session=session, home=self.home, away=self.away, groups=groups)

    def to_json(self, session: int) -> dict[str, str | int | None]:
        """The board as every JSON output names it: Law, session, board, match, groups, note.

        ``note`` is :meth:`localized`, in the active language; a group is ``None`` when
        the table was given none.

        >>> UncomparedBoard(3, "A", "B", "A", None).to_json(session=2)["home_group"]
        'A'
        >>> sorted(UncomparedBoard(3, "A", "B", "A", None).to_json(session=2))
        ['away', 'away_group', 'board', 'home', 'home_group', 'law', 'note', 'session']
        """
        return {
            "law": "87B",
            "session": session,
            "board": self.board,
            "home": self.home,
            "away": self.away,
            "home_group": self.home_group,
            "away_group": self.away_group,
            "note": self.localized(session),
        }


def uncompared_boards(results: Sequence[TableResult]) -> list[UncomparedBoard]:
    """The boards of each match left out because its two tables are in different groups (87B).

    Each group of a fouled board is scored on its own; in a match a group holds one
    table, so the two tables are not IMPed against each other and the board waits for
    the director's adjusted score (86A, 12C2). In board order; ``home`` is the team
    sitting North-South at the first of the two tables given.

    >>> from arbitro.scoring.results import Result
    >>> uncompared_boards([TableResult(1, "A", "B", Result.played(420), group="A"),
    ...                    TableResult(1, "B", "A", Result.played(170), group="B"),
    ...                    TableResult(2, "A", "B", Result.played(100)),
    ...                    TableResult(2, "B", "A", Result.played(-100))])
    [UncomparedBoard(board=1, home='A', away='B', home_group='A', away_group='B')]
    """
    return sorted(
        (
            UncomparedBoard(board, here.ns, here.ew, here.group, there.group)
            for board, here, there in _both_tables(results)
            if not _compared(here, there)
        ),
        key=lambda uncompared: uncompared.board,
    )


def session_imps_per_board(
    results: Sequence[TableResult], profile: Authority | None = None
) -> dict[str, Fraction | None]:
    """Each team's IMPs per board on its boards without an artificial score (for Law 12C2c).

    Read over every board of every match in ``results`` (a session); ``None`` for a team
    with no such board. This is the reading of 12C2c's "equivalent in IMPs" taken here:
    the team's own IMPs per board on its other boards of the session. A board given in
    IMPs (12C1b) counts with its figure: it is an assigned score, not an artificial one.

    >>> from arbitro.scoring.results import Result
    >>> session_imps_per_board([TableResult(1, "A", "B", Result.played(620)),
    ...                         TableResult(1, "B", "A", Result.played(170)),
    ...                         TableResult(2, "A", "B", Result.artificial(
    ...                             Average.from_str("A+"), Average.from_str("A-"))),
    ...                         TableResult(2, "B", "A", Result.played(100))])
    {'A': Fraction(10, 1), 'B': Fraction(-10, 1)}
    """
    rules = profile or authority("wbf")
    imps: dict[str, Fraction] = defaultdict(Fraction)
    boards: dict[str, int] = defaultdict(int)
    teams: list[str] = []
    for _, here, there in _pairs_of_tables(results):
        for team, mine, other in ((here.ns, here, there), (there.ns, there, here)):
            if team not in teams:
                teams.append(team)
            if isinstance(mine.result.ns, Average) or isinstance(other.result.ew, Average):
                continue
            imps[team] += _board_imps(mine.result.ns, other.result.ew, False, rules)
            boards[team] += 1
    return {team: imps[team] / boards[team] if boards[team] else None for team in teams}


def score_matches(
    results: Sequence[TableResult],
    profile: Authority | None = None,
    knockout: bool = False,
    rounds: Mapping[int, int] | None = None,
    swiss: bool = False,
) -> list[MatchScore]:
    """Score every match in ``results`` (two tables per board, the teams swapping directions).

    ``results`` are a session's: each board's IMPs are :func:`board_margins`' (Law 12C2c
    read over the team's other boards of the whole session), so a match's IMPs are the
    sum of its boards' as every traveller and score card shows them. ``rounds`` gives
    each board's round where the session plays a match a round (a round robin, a Swiss):
    two teams that meet again (a double round robin's second leg) meet in two matches,
    each on its round's boards; without it each pair of teams meets once.
    ``knockout``: the matches are a knockout's (Law 86B averages each board's two
    results; no victory points). ``swiss``: the rounds are a Swiss's, each paired on the
    matches before it, so Law 12C2c reads a team's boards of the rounds played up to and
    including each match's own (:func:`board_margins`' ``rounds_so_far``): a match's
    VPs do not change when later rounds are played.

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import TableResult
    >>> m = score_matches([TableResult(1, "A", "B", Result.played(-50)),
    ...                    TableResult(1, "B", "A", Result.played(-50))])[0]
    >>> m.home_imps, m.away_imps, m.home_vps + m.away_vps
    (Fraction(0, 1), Fraction(0, 1), Fraction(20, 1))
    >>> twice = [TableResult(1, "A", "B", Result.played(620)), TableResult(1, "B", "A", Result.played(170)),
    ...          TableResult(2, "A", "B", Result.played(100)), TableResult(2, "B", "A", Result.played(-100))]
    >>> [(m.home_imps, m.board_numbers) for m in score_matches(twice, rounds={1: 1, 2: 2})]
    [(Fraction(10, 1), (1,)), (Fraction(5, 1), (2,))]
    """
    rules = profile or authority("wbf")
    margins = board_margins(results, rules, knockout, rounds if swiss else None)

    def round_of(board: int) -> int:
        return rounds.get(board, 0) if rounds else 0

    order: list[tuple[int, str, str]] = []  # (round, home, away) as the results first meet them
    met: set[tuple[int, frozenset[str]]] = set()
    for table in results:
        key = (round_of(table.board), frozenset((table.ns, table.ew)))
        if key not in met:
            met.add(key)
            order.append((key[0], table.ns, table.ew))
    out = []
    for round_, home, away in sorted(order, key=lambda match: match[0]):
        home_imps = away_imps = home_won = away_won = Fraction(0)
        numbers = sorted(
            board
            for board, ns, ew in margins
            if (ns, ew) == (home, away) and round_of(board) == round_
        )
        for board in numbers:
            home_board, away_board = margins[(board, home, away)], margins[(board, away, home)]
            home_imps += home_board
            away_imps += away_board
            home_won += max(home_board, Fraction(0))
            away_won += max(away_board, Fraction(0))
        boards = len(numbers)
        if boards == 0:
            continue
        # Each team's VPs from its own IMPs (they differ only where 12C1f unbalances).
        home_vps = Fraction(0) if knockout else victory_points(home_imps, boards)[0]
        away_vps = Fraction(0) if knockout else victory_points(away_imps, boards)[0]
        out.append(
            MatchScore(
                home,
                away,
                home_imps,
                away_imps,
                home_vps,
                away_vps,
                boards,
                tuple(numbers),
                home_won,
                away_won,
            )
        )
    return out


def board_margins(
    results: Sequence[TableResult],
    profile: Authority | None = None,
    knockout: bool = False,
    rounds_so_far: Mapping[int, int] | None = None,
) -> dict[tuple[int, str, str], Fraction]:
    """The IMPs each table's North-South team wins on its board against the match's other table.

    Keyed by (board, North-South team, East-West team): the North-South team's own IMPs,
    as :func:`score_matches` counts them. The two tables' figures are opposite unless an
    adjusted score did not balance (12C1f) outside a knockout (86B averages them there). Boards without both tables of a match are
    left out, and so are those whose two tables are in different groups of a fouled
    board (87B, :func:`uncompared_boards`).

    Law 12C2c's figure (:func:`session_imps_per_board`) is read over the team's boards of
    the whole session, unless ``rounds_so_far`` gives each board's round (a Swiss, whose
    rounds are paired on the matches before them): then a board's figure is read over the
    team's boards of the rounds up to and including the board's own, the rounds already
    played when the next round was paired, and a later round leaves it as it was. A board
    ``rounds_so_far`` does not name is in round 0 (read with the first round's boards).

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import TableResult
    >>> board_margins([TableResult(1, "A", "B", Result.played(620)),
    ...                TableResult(1, "B", "A", Result.played(170))])
    {(1, 'A', 'B'): Fraction(10, 1), (1, 'B', 'A'): Fraction(-10, 1)}
    >>> swiss = [TableResult(1, "A", "B", Result.artificial(Average.from_str("A+"),
    ...                                                   Average.from_str("A-"))),
    ...          TableResult(1, "B", "A", Result.played(-420)),
    ...          TableResult(2, "A", "C", Result.played(1430)), TableResult(2, "C", "A", Result.played(-50))]
    >>> board_margins(swiss)[(1, "A", "B")], board_margins(swiss, rounds_so_far={1: 1, 2: 2})[(1, "A", "B")]
    (Fraction(16, 1), Fraction(3, 1))
    """
    rules = profile or authority("wbf")
    _check_weighted(results, rules)

    def round_of(board: int) -> int:
        return rounds_so_far.get(board, 0) if rounds_so_far else 0

    # Law 12C2c's figure once per round read (one, the whole session's, without rounds).
    own_by_round = {
        round_: session_imps_per_board(
            [table for table in results if round_of(table.board) <= round_], rules
        )
        if rounds_so_far
        else session_imps_per_board(results, rules)
        for round_ in {round_of(table.board) for table in results}
    }
    out: dict[tuple[int, str, str], Fraction] = {}
    for board, here, there in _pairs_of_tables(results):
        own = own_by_round[round_of(board)]
        # As score_matches counts them: each team's own IMPs (12C2c included), 86B's average.
        out[(board, here.ns, here.ew)], out[(board, there.ns, there.ew)] = _law_86b(
            _board_imps(here.result.ns, there.result.ew, False, rules, own.get(here.ns)),
            _board_imps(there.result.ns, here.result.ew, False, rules, own.get(there.ns)),
            knockout,
        )
    return out


def team_totals(
    matches: Sequence[MatchScore], penalties: Sequence[PenaltyRecord] = ()
) -> dict[str, Fraction]:
    """Each team's victory points over ``matches``, less its ``penalties`` (Laws 90, 91).

    A penalty in VPs comes off the team's total; one in IMPs off its margin in the match
    (:func:`penalised`; a team's IMP penalties in one match add up): the team gets the
    VPs of the smaller margin, its opponents keep theirs. A penalty in matchpoints or a
    share of a top is refused.

    >>> from arbitro.tournament.records import PenaltyKind
    >>> match = MatchScore("A", "B", Fraction(10), Fraction(-10), Fraction(15), Fraction(5), 8)
    >>> team_totals([match])
    {'A': Fraction(15, 1), 'B': Fraction(5, 1)}
    >>> team_totals([match], [PenaltyRecord("B", PenaltyKind.PROCEDURAL, Fraction(1), "vp", "90", "slow play")])
    {'A': Fraction(15, 1), 'B': Fraction(4, 1)}
    >>> imps = PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90", "")
    >>> team_totals([match], [imps])["A"] == victory_points(10 - 3, 8)[0]
    True
    """
    totals: dict[str, Fraction] = defaultdict(Fraction)
    for match in penalised(matches, penalties):
        totals[match.home] += match.ranked_vps(match.home)
        totals[match.away] += match.ranked_vps(match.away)
    for penalty in penalties:
        if penalty.unit == "vp":
            totals[penalty.participant] -= penalty.amount
    return dict(totals)


def penalised(
    matches: Sequence[MatchScore], penalties: Sequence[PenaltyRecord]
) -> list[MatchScore]:
    """``matches`` with each team's penalties in IMPs in the match of their board (Law 90).

    Each match's :attr:`~MatchScore.home_penalty` and :attr:`~MatchScore.away_penalty`
    add up the IMPs its teams' penalties take off their margins
    (:func:`match_of`); :meth:`~MatchScore.ranked_vps` gives the VPs they are ranked
    by, so the matches add up to the team's total (less its penalties in VPs). A
    penalty in VPs is the total's, in no match; one in matchpoints or a share of a top
    is refused.

    >>> from arbitro.tournament.records import PenaltyKind
    >>> match = MatchScore("A", "B", Fraction(10), Fraction(-10), Fraction(15), Fraction(5), 8)
    >>> (after,) = penalised([match], [PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90B2", "")])
    >>> after.penalty("A"), after.penalty("B")
    (Fraction(3, 1), Fraction(0, 1))
    """
    off: dict[tuple[str, int], Fraction] = defaultdict(Fraction)
    for penalty in penalties:
        team = penalty.participant
        if penalty.unit == "imps":
            found = _match_of(matches, penalty)  # by identity: two matches may score alike
            index = next(i for i, match in enumerate(matches) if match is found)
            off[(team, index)] += penalty.amount
        elif penalty.unit != "vp":
            raise InvalidRecordError(
                f"{team},{penalty.amount} {penalty.unit}",
                N_("a penalty in a teams event is in IMPs or victory points (VP), not {unit}"),
                unit=penalty.unit,
            )
    return [
        replace(
            match,
            home_penalty=off.get((match.home, index), Fraction(0)),
            away_penalty=off.get((match.away, index), Fraction(0)),
        )
        if (match.home, index) in off or (match.away, index) in off
        else match
        for index, match in enumerate(matches)
    ]


def match_of(matches: Sequence[MatchScore], penalty: PenaltyRecord) -> MatchScore | None:
    """The match an IMP penalty comes off: the one with its board, else the team's first.

    ``None`` while that match is not scored.

    >>> from arbitro.tournament.records import PenaltyKind
    >>> match = MatchScore("A", "B", Fraction(1), Fraction(-1), Fraction(10), Fraction(10), 2,
    ...                    (1, 2))
    >>> on = PenaltyRecord("B", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90", "", board=2)
    >>> match_of([match], on) is match, match_of([match], PenaltyRecord(
    ...     "B", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90", "", board=5))
    (True, None)
    """
    team = penalty.participant
    played = [match for match in matches if team in match.teams]
    if penalty.board is not None:
        played = [match for match in played if penalty.board in match.board_numbers]
    return played[0] if played else None


def _match_of(matches: Sequence[MatchScore], penalty: PenaltyRecord) -> MatchScore:
    """:func:`match_of`, or an error naming the penalty when its match is not scored."""
    team = penalty.participant
    played = match_of(matches, penalty)
    if played is not None:
        return played
    if penalty.board is not None:
        raise InvalidRecordError(
            f"{team},{penalty.amount} imps",
            N_("team {team} has no match scored with board {board} to take the IMPs from"),
            team=team,
            board=penalty.board,
        )
    raise InvalidRecordError(
        f"{team},{penalty.amount} imps",
        N_("team {team} has no match scored to take the IMPs from"),
        team=team,
    )
