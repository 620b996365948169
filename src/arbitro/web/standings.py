"""The ranking as the console's pages and APIs give it.

Its lines by group (a Mitchell's two directions), the participants disqualified (Law
91B), the boards of a teams match not compared (87B): the desk, the tables, the
public pages, the printed results and the JSON APIs all take them from here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import BaseModel

from arbitro.scoring.session import show
from arbitro.store import Store
from arbitro.tournament.ranking import DIRECTION_TITLES, by_direction, rank
from arbitro.tournament.ranking import Standing as Ranked
from arbitro.tournament.teams import UncomparedBoard


class Standing(BaseModel):
    """A line of the ranking: the direction it is ranked in (a Mitchell), and the players' names.

    ``place`` and ``score`` are ``None`` for a participant with no result yet (``played``
    false): listed, never left out.

    >>> Standing(place='2=', participant='5', score='55.00%').place
    '2='
    """

    place: str | None
    participant: str
    score: str | None
    direction: str | None = None
    names: str = ""
    played: bool = True


@dataclass(frozen=True)
class RankingLine:
    """A line of the ranking as the pages show it: :class:`Standing`'s, and ``compared``.

    ``compared`` is false for a participant of a matchpoint event none of whose boards
    had a result to compare with yet: the pages show no percentage (``—``) rather than
    its ``score`` (``0.00%``, which the JSON API keeps). ``played`` is false for one
    with no result at all yet: the pages show «—» and say so; the JSON API gives it no
    place and no score (``null``).

    How the total is made, for the pages' columns: ``sessions``, the score of each
    session in an event of several (``None`` where it had no percentage; empty in an
    event of one session); ``carry_over`` (``None`` when it has none); ``penalty``, the
    victory points its penalties took off (Law 90; ``None`` when none), each session's
    score shown before them so that the line adds up.

    >>> RankingLine("1=", "3NS", "0.00%", "NS", compared=False).standing()
    Standing(place='1=', participant='3NS', score='0.00%', direction='NS', names='', played=True)
    """

    place: str
    participant: str
    score: str
    direction: str | None = None
    names: str = ""
    compared: bool = True
    played: bool = True
    sessions: tuple[str | None, ...] = ()
    carry_over: str | None = None
    penalty: str | None = None

    def standing(self) -> Standing:
        """The line as the JSON API gives it."""
        return Standing(
            place=self.place if self.played else None,
            participant=self.participant,
            score=self.score if self.played else None,
            direction=self.direction,
            names=self.names,
            played=self.played,
        )


class Disqualified(BaseModel):
    """A participant disqualified under Law 91B: listed after the ranking, not ranked, with its record.

    The same line as ``arbitro event ranking --json`` gives it.

    >>> Disqualified(participant='3', disqualified='cheating (Law 91B, by Ana)').law
    '91B'
    """

    participant: str
    disqualified: str
    """The record the event's log keeps: why, who decided, the organiser who approved."""
    law: Literal["91B"] = "91B"
    names: str = ""


class Uncompared(BaseModel):
    """A teams event's board left out of its match by Law 87B: listed after the ranking.

    The two tables of the match are in different groups of a fouled board, so they are
    not compared; the board waits for the director's adjusted score. The same line as
    ``arbitro event ranking --json`` gives it (:meth:`UncomparedBoard.to_json
    <arbitro.tournament.teams.UncomparedBoard.to_json>`); ``note`` is in the language
    of the request.

    >>> Uncompared(session=1, board=3, home="A", away="B", home_group="A", note="...").law
    '87B'
    """

    law: Literal["87B"] = "87B"
    session: int
    board: int
    home: str
    away: str
    home_group: str | None
    away_group: str | None = None
    note: str


@dataclass(frozen=True)
class NotCompared:
    """A board of a team match not compared (Law 87B), as the players' pages name it.

    ``several_sessions``: the event has more than one, so the page names the session.

    >>> from arbitro.tournament.teams import UncomparedBoard
    >>> NotCompared(UncomparedBoard(3, "A", "B", "A", "B"), 1, False).board.board
    3
    """

    board: UncomparedBoard
    session: int
    several_sessions: bool


def not_compared(
    store: Store,
    event_id: int,
    *,
    board: int | None = None,
    session: int | None = None,
    team: str | None = None,
) -> list[NotCompared]:
    """The event's boards left out of their match by Law 87B, for the players' pages.

    Only those of ``board``, of ``session`` and of ``team``'s matches when given; none
    in an event that is not a teams event (:meth:`~arbitro.store.Store.uncompared_boards`).

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.entry import Entry
    >>> from arbitro.tournament.event import EventSpec, Participant
    >>> store = open_store('sqlite:///:memory:')
    >>> event = store.create_event(EventSpec('Teams', boards=1, kind='teams'),
    ...                            [Participant('A'), Participant('B')])
    >>> _ = store.enter_result(event, 1, 1, Entry.from_str('score 420 group A'), ns='A', ew='B')
    >>> _ = store.enter_result(event, 1, 2, Entry.from_str('score 170 group B'), ns='B', ew='A')
    >>> [(note.session, note.board.board) for note in not_compared(store, event, team='B')]
    [(1, 1)]
    >>> not_compared(store, event, board=2)
    []
    """
    several = store.event(event_id).spec.sessions > 1
    return [
        NotCompared(fouled, number, several)
        for number, boards in store.uncompared_boards(event_id).items()
        if session is None or number == session
        for fouled in boards
        if (board is None or fouled.board == board)
        and (team is None or team in (fouled.home, fouled.away))
    ]


def uncompared_lines(
    store: Store, event_id: int, board: int | None = None, session: int | None = None
) -> list[Uncompared]:
    """The event's boards not compared (Law 87B) as the JSON APIs give them.

    Only ``board`` of ``session`` when given; each ``note`` in the active language.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store('sqlite:///:memory:')
    >>> uncompared_lines(store, store.create_event(EventSpec('A', boards=1)))
    []
    """
    return [
        Uncompared.model_validate(note.board.to_json(note.session))
        for note in not_compared(store, event_id, board=board, session=session)
    ]


def ranking_lines(store: Store, event_id: int) -> list[Standing]:
    """The ranking as lines of text: place (``2=`` for a tie), participant, total.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store('sqlite:///:memory:')
    >>> ranking_lines(store, store.create_event(EventSpec('A', boards=1)))
    []
    """
    return [line.standing() for _, lines in ranking_groups(store, event_id) for line in lines]


def ranking_groups(
    store: Store, event_id: int, session: int | None = None
) -> list[tuple[str, list[RankingLine]]]:
    """The ranking's lines by group, each with its heading (a catalog message, or "").

    One group; or, when each direction is ranked apart (a Mitchell), North-South then
    East-West. A knockout's lines have no place: each team's total is its total in its
    own match (Law 86B), not a place against the field. With ``session``, the ranking
    of that session alone (an event of several): each line's score in it, ranked by the
    same rule, in the same groups. The event's ranking gives each line's sessions,
    carry-over and penalties in VPs too (:class:`RankingLine`), a session's none.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.entry import Entry
    >>> from arbitro.tournament.event import EventSpec
    >>> from arbitro.tournament.movements import mitchell
    >>> store = open_store('sqlite:///:memory:')
    >>> event = store.create_event(EventSpec('A', boards=6), movement=mitchell(3, 2))
    >>> _ = store.enter_result(event, 1, 1, Entry.from_str('3NT S 9'))
    >>> [(title, [line.participant for line in lines]) for title, lines in ranking_groups(store, event)]
    [('North-South', ['1NS', '2NS', '3NS']), ('East-West', ['1EW', '2EW', '3EW'])]
    >>> [[line.played for line in lines] for _, lines in ranking_groups(store, event, session=1)]
    [[True, False, False], [True, False, False]]
    """
    info = store.event(event_id)
    groups = by_direction(store.ranking(event_id))
    whole = session is None and not info.spec.knockout
    if session is not None:
        # A session's ranking: each one's score in it, ranked as the event ranks its totals.
        # A line without a percentage there (nothing of its compared) has none, not 0 %;
        # when no line has one (matchpoints), nothing in the session was compared (a pair
        # that has not played it yet counts 0 in the event, never a percentage of it).
        scores = {line.participant: line.in_session(session) for _, g in groups for line in g}
        percentages = info.spec.kind != "teams" and info.spec.method == "mp"
        if percentages and not any(scores.values()):
            scores = dict.fromkeys(scores)
        absent = {line.participant for _, g in groups for line in g if not line.played}
        groups = [
            (
                side,
                [
                    replace(line, played=line.participant not in absent)
                    for line in rank(
                        {line.participant: [scores[line.participant]] for line in group},
                        directions={line.participant: line.direction for line in group},
                    )
                ],
            )
            for side, group in groups
        ]
    names = {participant.number: participant.names for participant in store.participants(event_id)}
    return [
        (
            DIRECTION_TITLES[side] if side is not None else "",
            [
                RankingLine(
                    # A knockout ranks no one: each team's total is in its own match.
                    place="" if info.spec.knockout else line.rank_label,
                    participant=line.participant,
                    score=show(line.total) + info.spec.total_unit,
                    direction=line.direction.to_str() if line.direction is not None else None,
                    names=names.get(line.participant, ""),
                    compared=line.compared,
                    played=line.played,
                    **(_made_of(line, info.spec.sessions) if whole else {}),
                )
                for line in group
            ],
        )
        for side, group in groups
    ]


def _made_of(line: Ranked, sessions: int) -> dict[str, Any]:
    """How ``line``'s total is made, as :class:`RankingLine` shows it: sessions, carry-over, penalty.

    >>> from fractions import Fraction
    >>> line = Ranked("1NS", (Fraction(100, 3), Fraction(29, 36) * 100), Fraction(3),
    ...               Fraction(0), 1, False)
    >>> _made_of(line, 2)
    {'sessions': ('33.33', '80.56'), 'carry_over': '3.00', 'penalty': None}
    """
    return {
        "sessions": tuple(
            None if (score := line.before_penalty(number)) is None else show(score)
            for number in range(1, len(line.sessions) + 1)
        )
        if sessions > 1
        else (),
        "carry_over": show(line.carry_over) if line.carry_over else None,
        "penalty": show(-line.penalty) if line.penalty else None,
    }
