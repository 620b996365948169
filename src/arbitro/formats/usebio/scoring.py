"""A scored session written as USEBIO, and a USEBIO session's travellers back to scoring.

:func:`from_session` turns a :class:`~arbitro.scoring.session.SessionScore` into a file:
one session whose participants carry their place, total and percentage and whose
boards carry every table's result and points. :func:`table_results` reads a session's
travellers back as :class:`~arbitro.scoring.session.TableResult` values, which
:func:`~arbitro.scoring.session.score_session` scores again with
:func:`method_of` the event's scoring method.

>>> from arbitro.scoring.results import Result
>>> from arbitro.scoring.session import TableResult, score_session
>>> scored = score_session([TableResult(1, "1", "2", Result.played(420)),
...                         TableResult(1, "3", "4", Result.played(400))])
>>> usebio = from_session(scored, description="Martes")
>>> [(p.number, p.place) for p in usebio.event.sessions[0].participants]
[('1', '1'), ('3', '2'), ('4', '1'), ('2', '2')]
>>> table_results(usebio.event.sessions[0])[0]
TableResult(1, '1', '2', Result.played(420))
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from arbitro.formats.usebio.model import (
    Board,
    Event,
    Participant,
    Player,
    Session,
    TravellerLine,
    Usebio,
)
from arbitro.scoring.session import Method, SessionScore, TableResult

SCORING_METHODS: dict[Method, str] = {
    "mp": "MATCH_POINTS",
    "imp-butler": "BUTLER",
    "cross-imp": "CROSS_IMPS",
    "total": "AGGREGATE",
}
"""Árbitro's scoring methods and USEBIO's ``BOARD_SCORING_METHOD`` names for them."""

EVENT_TYPES: dict[Method, str] = {
    "mp": "MP_PAIRS",
    "imp-butler": "BUTLER_PAIRS",
    "cross-imp": "CROSS_IMP_PAIRS",
    "total": "AGGREGATE_PAIRS",
}
"""The ``EVENT_TYPE`` written for a pairs session scored by each method."""


def method_of(event: Event) -> Method:
    """The scoring method of ``event``'s ``BOARD_SCORING_METHOD`` (matchpoints if it names none).

    >>> method_of(Event(scoring="CROSS_IMPS")), method_of(Event())
    ('cross-imp', 'mp')
    """
    for method, name in SCORING_METHODS.items():
        if event.scoring == name:
            return method
    if event.scoring == "IMPS":
        return "imp-butler"
    return "mp"


def from_session(
    score: SessionScore,
    *,
    players: Mapping[str, tuple[Player, ...]] | None = None,
    event_type: str | None = None,
    identifier: str | None = None,
    description: str | None = None,
    date: str | None = None,
    club: str | None = None,
    session_number: str = "1",
) -> Usebio:
    """A USEBIO file of one scored pairs session; ``players`` gives each pair's players, if known.

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import score_session
    >>> scored = score_session([TableResult(1, "1", "2", Result.played(-50))])
    >>> from_session(scored).event.winner_type
    2
    """
    names = players or {}
    participants = tuple(
        Participant(
            "pair",
            pair.pair,
            direction=pair.direction,
            players=names.get(pair.pair, ()),
            place=pair.rank_label,
            total=_fraction(pair.total),
            percentage=pair.percentage,
        )
        for pair in score.pairs
    )
    boards = tuple(
        Board(
            number,
            tuple(
                TravellerLine(
                    ns=line.ns,
                    ew=line.ew,
                    result=line.result,
                    ns_points=_fraction(line.ns_points),
                    ew_points=_fraction(line.ew_points),
                )
                for line in lines
            ),
        )
        for number, lines in score.boards.items()
    )
    event = Event(
        event_type or EVENT_TYPES[score.method],
        identifier,
        description,
        date,
        SCORING_METHODS[score.method],
        2 if score.by_direction else 1,
        (Session(session_number, date, participants, boards),),
    )
    return Usebio(event, club=club, program="Árbitro")


def _fraction(value: Fraction | int) -> Fraction:
    return Fraction(value)


def table_results(session: Session) -> list[TableResult]:
    """The session's travellers as results to score; lines without a score or pairs are left out.

    >>> table_results(Session(boards=(Board(2, (TravellerLine("5", "6"),)),)))
    []
    """
    return [
        TableResult(board.number, line.ns, line.ew, line.result)
        for board in session.boards
        for line in board.lines
        if line.ns is not None and line.ew is not None and line.result is not None
    ]
