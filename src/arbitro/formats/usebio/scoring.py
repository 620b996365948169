"""A scored session written as USEBIO, and a USEBIO session's travellers back to scoring.

:func:`from_session` turns a :class:`~arbitro.scoring.session.SessionScore` into a file:
one session whose participants carry their place, total and percentage and whose
boards carry every table's result and points. :func:`table_results` reads a session's
travellers back as :class:`~arbitro.scoring.session.TableResult` values, which
:func:`~arbitro.scoring.session.score_session` scores again with
:func:`method_of` the event's scoring method.

An individual event is scored like pairs: each table's two partnerships of the board
(North with South, East with West) stand as the pairs ``"7&9"`` and ``"8&10"``
(:func:`individual_results` builds them; :func:`table_results` reads them from a
file's four player numbers), the boards are scored as a pairs session, and
:func:`player_standings` gives each player the points of the side they sat in and
ranks the players (by percentage in matchpoints, by total otherwise).

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

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import NamedTuple

from arbitro.formats.usebio.model import (
    Board,
    Event,
    Participant,
    Player,
    Session,
    TravellerLine,
    Usebio,
    UsebioSyntaxError,
)
from arbitro.i18n import N_, NP_, gettext, ngettext
from arbitro.scoring.matchpoints import percentage
from arbitro.scoring.natural_order import numbers_first
from arbitro.scoring.results import Result
from arbitro.scoring.session import Method, SessionScore, TableResult

# The USEBIO 1.2 specification (usebio.org) could not be consulted here; these names
# follow what programs exchanging USEBIO files read and write: marcshearer/ImportUsebio
# (ImportUsebio/Shared/Score Data.swift: the EVENT_TYPE values MP_PAIRS, BUTLER_PAIRS,
# CROSS_IMPS, AGGREGATE, INDIVIDUAL…) and a USEBIO 1.2 writer listing the
# BOARD_SCORING_METHOD values MATCH_POINTS, BUTLER_IMPS, CROSS_IMPS, AGGREGATE, IMPS.
SCORING_METHODS: dict[Method, str] = {
    "mp": "MATCH_POINTS",
    "imp-butler": "BUTLER_IMPS",
    "cross-imp": "CROSS_IMPS",
    "total": "AGGREGATE",
}
"""Árbitro's scoring methods and USEBIO's ``BOARD_SCORING_METHOD`` names for them."""

EVENT_TYPES: dict[Method, str] = {
    "mp": "MP_PAIRS",
    "imp-butler": "BUTLER_PAIRS",
    "cross-imp": "CROSS_IMPS",
    "total": "AGGREGATE",
}
"""The ``EVENT_TYPE`` written for a pairs session scored by each method."""

SWISS_PAIRS_TYPES: dict[Method, str] = {
    "mp": "SWISS_PAIRS",
    "imp-butler": "SWISS_PAIRS_BUTLER_IMPS",
    "cross-imp": "SWISS_PAIRS_CROSS_IMPS",
}
"""The ``EVENT_TYPE`` of a Swiss pairs event scored by each method (as ImportUsebio names
them; an aggregate Swiss has none, and is written ``AGGREGATE``)."""

INDIVIDUAL = "INDIVIDUAL"
"""The ``EVENT_TYPE`` of an individual event."""

PARTNERS = "&"
"""What joins the two players of a side into the pair an individual event is scored as."""


EVENT_TYPE_METHODS: dict[str, Method] = {
    "MP_PAIRS": "mp",
    "SWISS_PAIRS": "mp",
    "BUTLER_PAIRS": "imp-butler",
    "SWISS_PAIRS_BUTLER_IMPS": "imp-butler",
    "CROSS_IMP": "cross-imp",
    "CROSS_IMPS": "cross-imp",
    "SWISS_PAIRS_CROSS_IMPS": "cross-imp",
    "AGGREGATE": "total",
}
"""The scoring method an ``EVENT_TYPE`` names (Compscore3 writes ``CROSS_IMP``, others
``CROSS_IMPS``), for files that give no ``BOARD_SCORING_METHOD``."""


def method_of(event: Event) -> Method:
    """The scoring method of ``event``: one documented reading for the files of each program.

    In order: ``BOARD_SCORING_METHOD`` (EBUScore, ScoreBridge, Bridgemate's exports,
    Árbitro; ``BUTLER`` as earlier Árbitro files wrote it); then the ``EVENT_TYPE``
    (Compscore3 writes no ``BOARD_SCORING_METHOD`` but ``EVENT_TYPE="BUTLER_PAIRS"`` or
    ``"CROSS_IMP"`` with ``SCORING_METHOD`` ``IMPS``); then ``IMPS`` in either element
    (Butler IMPs); else matchpoints.

    >>> method_of(Event(scoring="CROSS_IMPS")), method_of(Event()), method_of(Event(scoring="BUTLER"))
    ('cross-imp', 'mp', 'imp-butler')
    >>> method_of(Event("CROSS_IMP", scoring_method="IMPS")), method_of(Event("BUTLER_PAIRS"))
    ('cross-imp', 'imp-butler')
    """
    for method, name in SCORING_METHODS.items():
        if event.scoring == name:
            return method
    if event.scoring == "BUTLER":
        return "imp-butler"
    by_type = EVENT_TYPE_METHODS.get((event.event_type or "").upper())
    if by_type is not None:
        return by_type
    if "IMPS" in (event.scoring, event.scoring_method):
        return "imp-butler"
    return "mp"


class PlayerStanding(NamedTuple):
    """One player's session in an individual event: boards, total, percentage, rank.

    >>> PlayerStanding("7", 2, Fraction(5), Fraction(8), Fraction(125, 2), 1, True).rank_label
    '1='
    """

    player: str
    boards: int
    total: Fraction
    maximum: Fraction | None
    percentage: Fraction | None
    rank: int
    tied: bool

    @property
    def rank_label(self) -> str:
        """The rank as a results sheet writes it: ``2`` or ``2=`` for a tie.

        >>> PlayerStanding("7", 1, Fraction(1), None, None, 2, False).rank_label
        '2'
        """
        return f"{self.rank}=" if self.tied else str(self.rank)


def partnership(first: str, second: str) -> str:
    """The pair two players of an individual event score as, for one board.

    >>> partnership("7", "9")
    '7&9'
    >>> partnership("7&", "9")
    Traceback (most recent call last):
    ...
    arbitro.formats.usebio.model.UsebioSyntaxError: <session>: TRAVELLER_LINE: '7&': expected a player number without '&'
    """
    for number in (first, second):
        if PARTNERS in number or not number:
            raise UsebioSyntaxError.at(
                "<session>",
                0,
                "TRAVELLER_LINE",
                number,
                N_("expected a player number without '{separator}'"),
                separator=PARTNERS,
            )
    return f"{first}{PARTNERS}{second}"


def players_of(pair: str) -> tuple[str, str]:
    """The two players of a pair made by :func:`partnership`.

    >>> players_of("7&9")
    ('7', '9')
    """
    first, _, second = pair.partition(PARTNERS)
    return first, second


def individual_results(
    lines: Iterable[tuple[int, tuple[str, str, str, str], Result]],
) -> list[TableResult]:
    """Results of an individual event to score like pairs: (board, players N E S W, result).

    >>> individual_results([(1, ("1", "2", "3", "4"), Result.played(420))])
    [TableResult(1, '1&3', '2&4', Result.played(420))]
    """
    return [
        TableResult(board, partnership(north, south), partnership(east, west), result)
        for board, (north, east, south, west), result in lines
    ]


def player_standings(score: SessionScore) -> list[PlayerStanding]:
    """The players of an individual event scored like pairs, ranked.

    Each player has the points of the side they sat in on each board; the ranking is
    by percentage of the tops when the session has tops (matchpoints), else by total,
    tied players sharing a rank (in natural order of their numbers).

    >>> from arbitro.scoring.session import score_session
    >>> score = score_session(individual_results([
    ...     (1, ("1", "2", "3", "4"), Result.played(420)),
    ...     (1, ("5", "6", "7", "8"), Result.played(400))]))
    >>> [(player.player, player.rank_label) for player in player_standings(score)][:4]
    [('1', '1='), ('3', '1='), ('6', '1='), ('8', '1=')]
    """
    totals: dict[str, Fraction] = {}
    boards: dict[str, int] = {}
    tops: dict[str, Fraction | None] = {}
    for lines in score.boards.values():
        for line in lines:
            for pair, points in ((line.ns, line.ns_points), (line.ew, line.ew_points)):
                for player in players_of(pair):
                    totals[player] = totals.get(player, Fraction(0)) + points
                    boards[player] = boards.get(player, 0) + 1
                    top = tops.get(player, Fraction(0))
                    tops[player] = None if top is None or line.top is None else top + line.top
    shares = {
        player: percentage(totals[player], top) if top else None for player, top in tops.items()
    }
    by_share = all(share is not None for share in shares.values())
    keys = {player: (shares[player] if by_share else totals[player]) for player in totals}
    order = sorted(keys, key=lambda player: (-(keys[player] or 0), numbers_first(player)))
    standings: list[PlayerStanding] = []
    for player in order:
        rank = next(at for at, other in enumerate(order, 1) if keys[other] == keys[player])
        tied = sum(1 for other in order if keys[other] == keys[player]) > 1
        standings.append(
            PlayerStanding(
                player, boards[player], totals[player], tops[player], shares[player], rank, tied
            )
        )
    return standings


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
    individual: bool = False,
    details: Mapping[tuple[int, str, str], TravellerLine] | None = None,
) -> Usebio:
    """A USEBIO file of one scored session; ``players`` gives each pair's players, if known.

    ``details`` gives, by board and the line's two pairs, what the table played: the
    contract, declarer, lead and tricks of a :class:`TravellerLine` are written on that
    traveller line.

    ``individual`` writes an individual event scored like pairs (see
    :func:`individual_results`): the participants are the players, ranked by
    :func:`player_standings`, and each traveller line names its four players.

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import score_session
    >>> scored = score_session([TableResult(1, "1", "2", Result.played(-50))])
    >>> from_session(scored).event.winner_type
    2
    >>> single = score_session(individual_results([(1, ("1", "2", "3", "4"), Result.played(-50))]))
    >>> file = from_session(single, individual=True)
    >>> file.event.event_type, file.event.sessions[0].boards[0].lines[0].players
    ('INDIVIDUAL', ('1', '2', '3', '4'))
    >>> from arbitro.core.seat import Seat
    >>> played = {(1, "1", "2"): TravellerLine(contract="3NT", declarer=Seat.SOUTH, tricks=8)}
    >>> from_session(scored, details=played).event.sessions[0].boards[0].lines[0].contract
    '3NT'
    """
    names = players or {}
    played = details or {}
    if individual:
        participants = tuple(
            Participant(
                "player",
                player.player,
                players=names.get(player.player, ()),
                place=player.rank_label,
                total=player.total,
                percentage=player.percentage,
            )
            for player in player_standings(score)
        )
    else:
        penalised = penalties_of(score)
        participants = tuple(
            Participant(
                "pair",
                pair.pair,
                direction=pair.direction,
                players=names.get(pair.pair, ()),
                place=pair.rank_label,
                total=_fraction(pair.factored),  # the total that ranks (factored, Law 78D)
                percentage=pair.percentage,
                note=penalised[pair.pair][1] if pair.pair in penalised else None,
                adjustment=penalised[pair.pair][0] if pair.pair in penalised else None,
            )
            for pair in score.pairs
        )
    boards = tuple(
        Board(
            number,
            tuple(
                _with_play(
                    TravellerLine(
                        ns=None if individual else line.ns,
                        ew=None if individual else line.ew,
                        players=_seats(line.ns, line.ew) if individual else None,
                        result=line.result,
                        ns_points=_fraction(line.ns_points),
                        ew_points=_fraction(line.ew_points),
                    ),
                    played.get((number, line.ns, line.ew)),
                )
                for line in lines
            ),
        )
        for number, lines in score.boards.items()
    )
    event = Event(
        event_type or (INDIVIDUAL if individual else EVENT_TYPES[score.method]),
        identifier,
        description,
        date,
        SCORING_METHODS[score.method],
        1 if individual else 2 if score.by_direction else 1,
        (Session(session_number, date, participants, boards),),
    )
    return Usebio(event, club=club, program="Árbitro")


PENALTY_NOTES = {
    "top": NP_(
        "Penalty (Law {law}): {amount}% of a top", "Penalty (Law {law}): {amount}% of a top"
    ),
    "mp": NP_(
        "Penalty (Law {law}): {amount} matchpoint", "Penalty (Law {law}): {amount} matchpoints"
    ),
    "imps": NP_("Penalty (Law {law}): {amount} IMP", "Penalty (Law {law}): {amount} IMPs"),
    "vp": NP_("Penalty (Law {law}): {amount} VP", "Penalty (Law {law}): {amount} VP"),
}
"""How a participant's note gives a penalty, by its unit (one, or any other amount)."""

PENALTY_SEPARATOR = "; "
"""What joins a note's penalties (and a disqualification's record before them)."""

TOP_SHARE_NOTE = NP_(
    "Penalty (Law {law}): {amount} of a top", "Penalty (Law {law}): {amount} of a top"
)
"""How a note gives a share of a top no percentage writes exactly (``1/3 of a top``)."""


def exact_amount(amount: Fraction) -> str:
    """``amount`` written exactly: a whole number, a decimal that ends, else ``n/d``.

    >>> exact_amount(Fraction(3)), exact_amount(Fraction(1, 8)), exact_amount(Fraction(1, 3))
    ('3', '0.125', '1/3')
    """
    if amount.denominator == 1:
        return str(amount.numerator)
    rest = amount.denominator
    for factor in (2, 5):
        while rest % factor == 0:
            rest //= factor
    if rest != 1:
        return f"{amount.numerator}/{amount.denominator}"
    places = 0
    while (amount * 10**places).denominator != 1:
        places += 1
    whole, part = divmod(abs(amount.numerator) * 10**places // amount.denominator, 10**places)
    return f"{'-' if amount < 0 else ''}{whole}.{part:0{places}d}"


def penalty_note(
    law: str, amount: Fraction, unit: str, reason: str = "", board: int | None = None
) -> str:
    """A penalty (Laws 90, 91) as a participant's note gives it: its Law, amount, board and reason.

    USEBIO 1.2 has an element for what the penalties took (``ADJUSTMENT``), none for
    their Law or reason: the note, an XML comment in the participant's element, keeps them.
    The amount is written exactly (:func:`exact_amount`), so that reading it back gives
    the amount recorded: a share of a top as a percentage when one writes it exactly
    (``25%``, ``12.5%``), else as a fraction of a top (``1/3 of a top``).

    >>> penalty_note("90B8", Fraction(1, 4), "top", "slow play", board=3)
    'Penalty (Law 90B8): 25% of a top, board 3: slow play'
    >>> penalty_note("91A", Fraction(3), "imps"), penalty_note("90B2", Fraction(1, 3), "top")
    ('Penalty (Law 91A): 3 IMPs', 'Penalty (Law 90B2): 1/3 of a top')
    """
    forms = PENALTY_NOTES.get(unit, PENALTY_NOTES["mp"])
    shown = amount * 100 if unit == "top" else amount
    written = exact_amount(shown)
    if unit == "top" and "/" in written:  # no percentage writes it exactly: a fraction of a top
        forms, shown, written = TOP_SHARE_NOTE, amount, exact_amount(amount)
    text = ngettext(*forms, 1 if shown == 1 else 2).format(law=law, amount=written)
    if board is not None:
        text += gettext(", board {board}").format(board=board)
    return f"{text}: {reason}" if reason else text


def session_top(score: SessionScore) -> Fraction:
    """The session's highest top: what a penalty in a share of a top is taken on (Law 78D).

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import score_session
    >>> session_top(score_session([TableResult(1, "1", "2", Result.played(420)),
    ...                            TableResult(1, "3", "4", Result.played(400))]))
    Fraction(2, 1)
    """
    return Fraction(
        max(
            (line.top for lines in score.boards.values() for line in lines if line.top is not None),
            default=0,
        )
    )


def penalties_of(score: SessionScore) -> dict[str, tuple[Fraction, str]]:
    """Each penalised pair's adjustment of its (factored) total, and the note of its penalties.

    The adjustment is USEBIO's ``ADJUSTMENT``: what the penalties took off the total
    that ranks, negative, whole (a penalty comes off the factored total whole, Law 78D);
    a share of a top is taken on the session's highest top, as the scoring takes it.

    >>> from arbitro.scoring.penalties import Penalty
    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import score_session
    >>> scored = score_session([TableResult(1, "1", "2", Result.played(420)),
    ...                         TableResult(1, "3", "4", Result.played(400))],
    ...                        penalties=[("3", Penalty(Fraction(1, 2), unit="top", law="90B2"))])
    >>> penalties_of(scored)
    {'3': (Fraction(-1, 1), 'Penalty (Law 90B2): 50% of a top')}
    """
    top = session_top(score)
    found: dict[str, tuple[Fraction, str]] = {}
    for pair, penalty in score.penalties:
        taken, notes = found.get(pair, (Fraction(0), ""))
        note = penalty_note(
            penalty.law, penalty.amount, penalty.unit, penalty.reason, penalty.board
        )
        found[pair] = (
            taken - Fraction(penalty.in_matchpoints(top)),
            f"{notes}{PENALTY_SEPARATOR}{note}" if notes else note,
        )
    return found


def _with_play(line: TravellerLine, play: TravellerLine | None) -> TravellerLine:
    """``line`` with the contract, declarer, lead, tricks and note of ``play``, when given."""
    if play is None:
        return line
    return replace(
        line,
        contract=play.contract,
        declarer=play.declarer,
        lead=play.lead,
        tricks=play.tricks,
        note=play.note,
    )


def _seats(ns: str, ew: str) -> tuple[str, str, str, str]:
    (north, south), (east, west) = players_of(ns), players_of(ew)
    return north, east, south, west


def _fraction(value: Fraction | int) -> Fraction:
    return Fraction(value)


def played_lines(session: Session) -> Iterator[tuple[TableResult, TravellerLine]]:
    """Each traveller line of the session with a score and pairs, as a result to score.

    A line of an individual event (four player numbers) stands as its two
    partnerships, scored like pairs (:func:`individual_results`); the line is given
    beside its result, as the file wrote it (its contract, declarer, tricks and line).

    >>> line = TravellerLine(players=("1", "2", "3", "4"), result=Result.played(100))
    >>> [result for result, _ in played_lines(Session(boards=(Board(2, (line,)),)))]
    [TableResult(2, '1&3', '2&4', Result.played(100))]
    """
    for board in session.boards:
        for line in board.lines:
            if line.result is None:
                continue
            if line.ns is not None and line.ew is not None:
                yield TableResult(board.number, line.ns, line.ew, line.result), line
            elif line.players is not None and all(line.players):
                for result in individual_results([(board.number, line.players, line.result)]):
                    yield result, line


def table_results(session: Session) -> list[TableResult]:
    """The session's travellers as results to score; lines without a score or pairs are left out.

    A line of an individual event (four player numbers) stands as its two
    partnerships, scored like pairs (:func:`played_lines`).

    >>> table_results(Session(boards=(Board(2, (TravellerLine("5", "6"),)),)))
    []
    >>> line = TravellerLine(players=("1", "2", "3", "4"), result=Result.played(100))
    >>> table_results(Session(boards=(Board(2, (line,)),)))
    [TableResult(2, '1&3', '2&4', Result.played(100))]
    """
    return [result for result, _ in played_lines(session)]
