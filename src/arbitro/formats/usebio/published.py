"""What another program published beside what Árbitro computes from the same travellers.

A USEBIO file from another scoring program carries its own figures: each traveller
line's points (``NS_MATCH_POINTS``, ``NS_BUTLER_POINTS``, ``NS_CROSS_IMP_POINTS``…)
and each pair's ``TOTAL_SCORE`` and ``PERCENTAGE``. :func:`differences` scores the
session's travellers again (:func:`~arbitro.formats.usebio.scoring.method_of` the
file's method, the regulating authority's profile) and lists every figure that differs
to the hundredth, per board and line and per pair. Matchpoints are compared on the
file's own scale (a board's published points over its published top are read against
Árbitro's over Árbitro's: a program that tops a board at 6 instead of 12 agrees).

>>> from arbitro.formats.usebio.model import Board, Event, Session, TravellerLine, Usebio
>>> from arbitro.scoring.results import Result
>>> lines = (TravellerLine("1", "2", result=Result.played(420), ns_points=Fraction(2), ew_points=Fraction(0)),
...          TravellerLine("3", "4", result=Result.played(400), ns_points=Fraction(1), ew_points=Fraction(1)))
>>> [str(d) for d in differences(Usebio(Event("MP_PAIRS", sessions=(Session("1", boards=(Board(1, lines),)),))))]
['board 1, 3 v 4: North-South points: published 1.00, computed 0.00', 'board 1, 3 v 4: East-West points: published 1.00, computed 2.00']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from arbitro.formats.usebio.model import Participant, Session, Usebio
from arbitro.formats.usebio.scoring import method_of, table_results
from arbitro.i18n import N_, gettext, write_figure
from arbitro.scoring.penalties import Penalty
from arbitro.scoring.session import (
    BoardLine,
    Method,
    PairStanding,
    SessionScore,
    penalty_units,
    score_session,
    show,
)

if TYPE_CHECKING:
    from arbitro.laws.authority import Authority


@dataclass(frozen=True, slots=True)
class Difference:
    """One figure the file published that Árbitro computes otherwise.

    ``board`` and ``pairs`` name a traveller line (``pairs`` ``"3 v 4"``), or ``pair``
    a participant; ``figure`` says which figure (a catalog message); ``published`` and
    ``computed`` are the two values to the hundredth, with a point (the JSON's); the text
    writes them as the active language does (``41,00`` in Spanish).

    >>> print(Difference(None, "", "7", N_("total"), "41.00", "42.00"))
    pair 7: total: published 41.00, computed 42.00

    In a teams file ``pairs`` names a match (``"A v B"``) when ``board`` is ``None``,
    and ``team`` a team.

    >>> print(Difference(None, "A v B", "", HOME_IMPS, "12", "11"))
    match A v B: home team's IMPs: published 12, computed 11
    >>> print(Difference(None, "", "", TOTAL, "31.00", "30.00", team="B"))
    team B: total: published 31.00, computed 30.00
    """

    board: int | None
    pairs: str
    pair: str
    figure: str
    published: str
    computed: str
    team: str = ""

    def __str__(self) -> str:
        if self.board is not None:
            where = gettext("board {board}, {pairs}").format(board=self.board, pairs=self.pairs)
        elif self.pairs:
            where = gettext("match {match}").format(match=self.pairs)
        elif self.team:
            where = gettext("team {team}").format(team=self.team)
        else:
            where = gettext("pair {pair}").format(pair=self.pair)
        return gettext("{where}: {figure}: published {published}, computed {computed}").format(
            where=where, figure=gettext(self.figure), published=write_figure(self.published),
            computed=write_figure(self.computed),
        )  # fmt: skip


NS_POINTS = N_("North-South points")
EW_POINTS = N_("East-West points")
TOTAL = N_("total")
HOME_IMPS = N_("home team's IMPs")
AWAY_IMPS = N_("away team's IMPs")
HOME_VPS = N_("home team's victory points")
AWAY_VPS = N_("away team's victory points")
PERCENTAGE = N_("percentage")
PLACE = N_("place")


@dataclass(frozen=True, slots=True)
class Comparison:
    """How many published figures were compared with Árbitro's, and those that differ.

    >>> Comparison(12, ()).agrees
    True
    """

    compared: int
    differences: tuple[Difference, ...]

    @property
    def agrees(self) -> bool:
        """Whether every figure compared is Árbitro's to the hundredth.

        >>> Comparison(0, ()).agrees
        True
        """
        return not self.differences

    def __add__(self, other: Comparison) -> Comparison:
        return Comparison(self.compared + other.compared, self.differences + other.differences)


def compare(usebio: Usebio, profile: Authority | None = None) -> Comparison:
    """The published figures of ``usebio`` against Árbitro's: how many, and which differ.

    >>> from arbitro.formats.usebio.model import Event
    >>> compare(Usebio(Event("MP_PAIRS")))
    Comparison(compared=0, differences=())
    """
    method = method_of(usebio.event)
    found = Comparison(0, ())
    for session in usebio.event.sessions:
        results = table_results(session)
        if not results:
            continue
        scored = score_session(results, method, profile)
        penalties = published_penalties(session, scored)
        if penalties:
            scored = score_session(results, method, profile, penalties)
        found += compare_session(session, scored)
    return found


def published_penalties(session: Session, scored: SessionScore) -> list[tuple[str, Penalty]]:
    """The penalties a session's ``ADJUSTMENT`` elements published, as Árbitro takes them.

    A participant's negative ``ADJUSTMENT`` is what penalties (Laws 90, 91) took off its
    published total: the same amount, in the file's matchpoints brought to Árbitro's
    scale (or in IMPs), comes off ``scored``'s pair, so that its total and percentage
    compare with the published ones. The note gives the reason, when there is one.

    >>> from arbitro.formats.usebio.model import Board, Participant, TravellerLine
    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import TableResult
    >>> scored = score_session([TableResult(1, "1", "2", Result.played(420))], "mp")
    >>> pair = Participant("pair", "1", adjustment=Fraction(-1), note="slow play")
    >>> published_penalties(Session("1", participants=(pair,)), scored)
    [('1', Penalty(Fraction(1, 1), unit='mp', law='90', reason='slow play'))]
    """
    units = [unit for unit in penalty_units(scored.method) if unit != "top"]
    if not units:
        return []
    scale = _scale(session, scored) if units[0] == "mp" else Fraction(1)
    return [
        (
            participant.number,
            Penalty(-participant.adjustment / scale, unit=units[0], reason=participant.note or ""),
        )
        for participant in session.participants
        if participant.number is not None
        and participant.adjustment is not None
        and participant.adjustment < 0
    ]


def compare_session(session: Session, scored: SessionScore) -> Comparison:
    """The published figures of one USEBIO ``session`` against ``scored``, Árbitro's score of it.

    The one comparison :func:`compare` makes of each session, for a caller that scored
    the session its own way (``arbitro event import`` scores the event it stored).

    >>> from arbitro.formats.usebio.model import Board, TravellerLine
    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import TableResult
    >>> line = TravellerLine("1", "2", result=Result.played(420), ns_points=Fraction(1))
    >>> scored = score_session([TableResult(1, "1", "2", Result.played(420))], "mp")
    >>> compare_session(Session("1", boards=(Board(1, (line,)),)), scored).compared
    1
    """
    method = scored.method
    found = _board_differences(session, scored, method)
    return found + _pair_differences(session.participants, scored, method, _scale(session, scored))


def differences(usebio: Usebio, profile: Authority | None = None) -> list[Difference]:
    """Every published figure of ``usebio`` that differs from Árbitro's, per line and pair.

    >>> from arbitro.formats.usebio.model import Event
    >>> differences(Usebio(Event("MP_PAIRS")))
    []
    """
    return list(compare(usebio, profile).differences)


def _published_top(session: Session, scored: SessionScore) -> tuple[Fraction, Fraction] | None:
    """A board's published and computed sum of both sides' points (matchpoints)."""
    for board in session.boards:
        computed = scored.boards.get(board.number, [])
        for line in board.lines:
            if line.ns_points is None or line.ew_points is None:
                continue
            mine = next((c for c in computed if (c.ns, c.ew) == (line.ns, line.ew)), None)
            if mine is not None and _shares_the_top(mine):
                return line.ns_points + line.ew_points, Fraction(mine.top or 0)
    return None


def _shares_the_top(line: BoardLine) -> bool:
    """Whether ``line``'s two sides share its board's top, so a file's sum of them is its top.

    An artificial adjusted score need not (60% to each side, Law 12C2), nor a split score.
    """
    return bool(line.top) and line.ns_points + line.ew_points == line.top


def _scale(session: Session, scored: SessionScore) -> Fraction:
    """How the file's matchpoints stand to Árbitro's (1 on the same scale)."""
    if scored.method != "mp":
        return Fraction(1)
    tops = _published_top(session, scored)
    if tops is None or not tops[0] or not tops[1]:
        return Fraction(1)
    return tops[0] / tops[1]


def _board_differences(session: Session, scored: SessionScore, method: Method) -> Comparison:
    found: list[Difference] = []
    compared = 0
    whole = _scale(session, scored)  # for a line whose sides do not share the top
    for board in session.boards:
        computed: dict[tuple[str, str], BoardLine] = {
            (line.ns, line.ew): line for line in scored.boards.get(board.number, [])
        }
        for line in board.lines:
            mine = computed.get((line.ns or "", line.ew or ""))
            if mine is None:
                continue
            scale = Fraction(1)
            if method == "mp" and line.ns_points is not None and line.ew_points is not None:
                published_top = line.ns_points + line.ew_points
                if not _shares_the_top(mine):
                    scale = whole
                elif mine.top and published_top:
                    scale = published_top / mine.top
            pairs = f"{line.ns} v {line.ew}"
            for figure, published, value in (
                (NS_POINTS, line.ns_points, mine.ns_points),
                (EW_POINTS, line.ew_points, mine.ew_points),
            ):
                if published is None:
                    continue
                compared += 1
                ours = Fraction(value) * scale
                if show(published) != show(ours):
                    found.append(
                        Difference(board.number, pairs, "", figure, show(published), show(ours))
                    )
    return Comparison(compared, tuple(found))


def _pair_differences(
    participants: tuple[Participant, ...], scored: SessionScore, method: Method, scale: Fraction
) -> Comparison:
    found: list[Difference] = []
    compared = 0
    standings = {standing.pair: standing for standing in scored.pairs}
    placed = {p.number or "" for p in participants if _place(p.place) is not None}
    for participant in participants:
        standing = standings.get(participant.number or "")
        if standing is None:
            continue
        name = participant.number or ""
        if participant.total is not None:
            compared += 1
            ours = Fraction(standing.factored) * (scale if method == "mp" else 1)
            if show(participant.total) != show(ours):
                found.append(Difference(None, "", name, TOTAL, show(participant.total), show(ours)))
        published, computed = participant.percentage, standing.percentage
        if published is not None and computed is not None:
            compared += 1
            if show(published) != show(computed):
                found.append(
                    Difference(None, "", name, PERCENTAGE, show(published), show(computed))
                )
        place = _place(participant.place)
        if place is not None:
            compared += 1
            our_place, tied = _place_among(standing, scored, placed)
            if place != our_place:
                label = f"{our_place}=" if tied else str(our_place)
                found.append(Difference(None, "", name, PLACE, participant.place or "", label))
    return Comparison(compared, tuple(found))


def _place_among(
    standing: PairStanding, scored: SessionScore, placed: set[str]
) -> tuple[int, bool]:
    """``standing``'s place among the pairs the file places, and whether it is shared.

    A participant the file leaves without a place (disqualified, Law 91B, or not
    ranked) takes no place from the others, as the file's own places do not count it.
    """
    field = [
        other
        for other in scored.pairs
        if other.pair in placed and other.direction == standing.direction
    ]
    ahead = sum(1 for other in field if other.rank < standing.rank)
    tied = sum(1 for other in field if other.rank == standing.rank) > 1
    return ahead + 1, tied


def _place(written: str | None) -> int | None:
    """The rank of a published ``PLACE`` (``3``, ``2=``, ``2-3`` for a tie), or None.

    >>> _place("2="), _place(" 4 "), _place("2-3"), _place("DSQ"), _place(None)
    (2, 4, 2, None, None)
    """
    text = (written or "").strip().rstrip("=").split("-")[0].strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else None


__all__ = [
    "AWAY_IMPS",
    "AWAY_VPS",
    "HOME_IMPS",
    "HOME_VPS",
    "PLACE",
    "TOTAL",
    "Comparison",
    "Difference",
    "compare",
    "compare_session",
    "differences",
    "published_penalties",
]
