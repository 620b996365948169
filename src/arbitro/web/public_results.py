"""What the players read of an event's results, without signing in, assembled from the store.

The ranking opens once the director has published the results (the start of the
correction period, Law 79C). Until the session is over (every round of the movement
closed, or the results published) a board's traveller, and a pair's score card, are
open only to a table that proves where it sits with the code of its table card (typed
on the page, or the table's own signed-in device: :mod:`~arbitro.web.public_reader`),
and only what every pair sitting at that table has played, so nobody learns a board
before playing it (Law 16C): the traveller once the results of every pair at the table
on the board are in (in a Mitchell the pair arriving may have played a board the pair
staying has still to play), and the score card of a pair sitting at that table, with
the boards both pairs at the table have played. A typed pair number alone opens nothing.

This module holds the data and those checks, with no route: the lines of a traveller
(:func:`traveller`) and of a score card (:func:`score_card`), the ranking once published (:func:`ranking`), the deals kept
and the hand records (:func:`set_deals`, :func:`hand_records`), and who sits at a
table now (:func:`seated_tables`). The JSON routes are in :mod:`~arbitro.web.public_api`,
the pages in :mod:`~arbitro.web.public`; the director's output
(:mod:`~arbitro.web.output`) and deals (:mod:`~arbitro.web.deals`) read them too.

>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec, Participant
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Club", boards=1), [Participant("1"), Participant("2")])
>>> score_card(store, event, "1", everything=True)
[]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from arbitro.analysis.tables import BoardAnalysis
from arbitro.core.deal import Deal
from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_
from arbitro.scoring.results import Weighted
from arbitro.scoring.session import show
from arbitro.store import Store
from arbitro.store.analyses import AnalysisProgress
from arbitro.store.repository import EventInfo
from arbitro.store.stored import StoredResult
from arbitro.tournament.individual_scores import players_of
from arbitro.tournament.ranking import Standing
from arbitro.web.pages import PairNumbers, RefusedRequestError


class ResultsNotOpenError(RefusedRequestError):
    """A traveller or ranking asked for before the player may see it (HTTP 403 or 404).

    >>> print(ResultsNotOpenError(N_("there is no event {event}"), 404, event=3))
    there is no event 3
    """


class NotPublishedError(ResultsNotOpenError):
    """What opens only once the director publishes the results (HTTP 403).

    No table card's code opens it sooner, so its page offers none (the hand records).

    >>> NotPublishedError(N_("the results of event {event} are not published yet"), 403, event=3).status
    403
    """


@dataclass(frozen=True)
class TravellerLine:
    """One table's line of a board's traveller: who played, the contract, the score, the points."""

    table: int
    ns: str
    ew: str
    entry: str
    score: str
    ns_points: str
    ew_points: str
    ns_percent: str = ""
    ew_percent: str = ""
    ns_score: Fraction | None = None
    """North-South's score, for the traveller's order (a split score's own, a weighted
    score's mean); ``None`` for an artificial score or a board not played."""

    def to_json(self) -> dict[str, object]:
        """The line as the JSON API gives it: its text fields (the order's score is the page's).

        >>> TravellerLine(1, "1", "2", "4S N 10", "+420", "1", "0", ns_score=Fraction(420)).to_json()["score"]
        '+420'
        """
        return {name: value for name, value in vars(self).items() if name != "ns_score"}


@dataclass(frozen=True)
class CardLine:
    """One board of a pair's personal score card, from the pair's side.

    In a teams event a team plays each board twice, once at each table of its match;
    ``points`` is then the team's IMPs on the board, both tables compared (Law 78B), on
    each of its lines, and ``won`` and ``lost`` write them as a captain's comparison
    does: the IMPs the team won or lost on the board, on the board's first line, whose
    cell covers ``span`` lines (0: a line the cell above covers). They are empty while
    the board waits for the other table's result, or when the score card is read at a
    table before the session is over.
    """

    board: int
    direction: str
    opponents: str
    entry: str
    score: str
    points: str
    session: int = 1
    won: str = ""
    lost: str = ""
    span: int = 1


def results_event(store: Store, event: int) -> EventInfo:
    """The event whose results are asked for; a missing one is the players' 404.

    >>> from arbitro.store import open_store
    >>> results_event(open_store("sqlite:///:memory:"), 4)
    Traceback (most recent call last):
    ...
    arbitro.web.public_results.ResultsNotOpenError: there is no event 4
    """
    try:
        return store.event(event)
    except ArbitroError:
        raise ResultsNotOpenError(N_("there is no event {event}"), 404, event=event) from None


def _require_published(info: EventInfo, event: int) -> None:
    """Refuse (403) what only opens once the event's results are published (Law 79C)."""
    if info.published is None:
        raise NotPublishedError(
            N_("the results of event {event} are not published yet"), 403, event=event
        )


def ranking(store: Store, event: int) -> list[Standing]:
    """The event's ranking, once published (Law 79C); refused before.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> ranking(store, store.create_event(EventSpec("Club", boards=1)))
    Traceback (most recent call last):
    ...
    arbitro.web.public_results.NotPublishedError: the results of event 1 are not published yet
    """
    _require_published(results_event(store, event), event)
    return store.ranking(event)


def session_over(store: Store, info: EventInfo) -> bool:
    """Whether the event's session is over: results published, or every round of it opened and closed.

    The session is the latest the director opened a round of; while a round is open, no
    session is over.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> from arbitro.tournament.movements import mitchell
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    >>> for number in (1, 2):
    ...     _ = store.open_round(event, number); store.close_round(event, number)
    >>> session_over(store, store.event(event))
    False
    >>> _ = store.open_round(event, 3); store.close_round(event, 3)
    >>> session_over(store, store.event(event))
    True
    """
    if info.published is not None:
        return True
    movement = store.movement(info.id)
    states = store.rounds(info.id)
    if movement is None or not states or any(state.is_open for state in states):
        return False
    # The session played last: an event of several is over once its latest is.
    latest = max(state.session for state in states)
    closed = {state.round for state in states if state.session == latest}
    return closed >= set(range(1, movement.rounds + 1))


def seated_pairs(store: Store, event: int, tables: Collection[int]) -> set[str]:
    """The pairs sitting at ``tables`` now: in the open rounds, else in the last round opened.

    In an individual event, the players.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> from arbitro.tournament.movements import mitchell
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    >>> seated_pairs(store, event, [1])
    set()
    >>> _ = store.open_round(event, 1)
    >>> sorted(seated_pairs(store, event, [1]))
    ['1EW', '1NS']
    """
    movement = store.movement(event)
    states = store.rounds(event)
    if movement is None or not states:
        return set()
    now = {state.round for state in states if state.is_open}
    if not now:
        now = {max(states, key=lambda state: state.opened).round}
    return {
        participant
        for seating in movement.schedule
        if seating.table in tables and seating.round in now
        for participant in seating.participants
    }


def seated_tables(store: Store, event: int, tables: Collection[int]) -> list[frozenset[str]]:
    """The pairs sitting at each of ``tables`` now (:func:`seated_pairs`), one set a table.

    What a table may read before the session is over is what every pair at it has played.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> from arbitro.tournament.movements import mitchell
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    >>> _ = store.open_round(event, 1)
    >>> [sorted(pairs) for pairs in seated_tables(store, event, [2, 1])]
    [['1EW', '1NS'], ['2EW', '2NS']]
    """
    out = (frozenset(seated_pairs(store, event, [table])) for table in sorted(set(tables)))
    return [pairs for pairs in out if pairs]


def _played(info: EventInfo, results: Sequence[StoredResult]) -> dict[tuple[int, int], set[str]]:
    """Who has a result on each (session, board): pairs, or in an individual the players."""
    out: dict[tuple[int, int], set[str]] = {}
    for r in results:
        for side in (r.ns, r.ew):
            out.setdefault((r.session, r.board), set()).update(participants_of(info, side))
    return out


def traveller(
    store: Store,
    event: int,
    board: int,
    seated: Collection[Collection[str]] = (),
    *,
    everything: bool = False,
    session: int | None = None,
) -> list[TravellerLine]:
    """Board ``board``'s traveller: open to all once the session is over, before that to a table that played it.

    ``seated`` are the proven tables, each the pairs sitting at it (:func:`seated_tables`):
    the traveller opens before the session is over only when every pair of one of them
    has played the board (Law 16C: in a Mitchell the pair arriving at a table may have
    played a board the pair staying there plays later). ``everything`` opens it
    regardless (the director). ``session`` chooses the session
    whose board it is (each session plays its own boards); by default the last one that
    has a result on it.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> traveller(store, store.create_event(EventSpec("Club", boards=2)), 1, [{"3"}])
    Traceback (most recent call last):
    ...
    arbitro.web.public_results.ResultsNotOpenError: pair 3 has not played board 1 yet: its traveller opens when your result on it is in
    """
    info = results_event(store, event)
    if not 1 <= board <= info.spec.boards:
        raise ResultsNotOpenError(
            N_("board {board} is not in the event (expected 1 to {boards})"),
            404,
            board=board,
            boards=info.spec.boards,
        )
    event_results = store.results(event)
    if session is None:
        session = max((r.session for r in event_results if r.board == board), default=1)
    results = [r for r in event_results if r.board == board and r.session == session]
    played = _played(info, results).get((session, board), set())
    tables = [set(pairs) for pairs in seated]
    if not (everything or any(pairs <= played for pairs in tables) or session_over(store, info)):
        if not seated:
            raise ResultsNotOpenError(
                N_(
                    "type the code on your table card to see the traveller of board {board} "
                    "before the session is over"
                ),
                403,
                board=board,
            )
        raise ResultsNotOpenError(
            N_(
                "pair {pair} has not played board {board} yet: its traveller opens when your "
                "result on it is in"
            ),
            403,
            pair=PairNumbers(tuple(sorted(set().union(*tables) - played))),
            board=board,
        )
    points = store.board_percentages(info, event_results, {(session, board)})
    out = []
    for stored in results:
        figures = points.get((session, board, stored.ns, stored.ew), ("", "", "", ""))
        out.append(
            TravellerLine(
                stored.table,
                stored.ns,
                stored.ew,
                stored.entry.to_str(),
                _score(stored),
                *figures,
                ns_score=_ns_score(stored),
            )
        )
    return out


def board_sessions(results: Iterable[StoredResult], board: int) -> list[int]:
    """The sessions with a result on ``board`` among ``results``, in order ([1] when none has)."""
    return sorted({r.session for r in results if r.board == board}) or [1]


def participants_of(info: EventInfo, side: str) -> tuple[str, ...]:
    """Who a result's side is: the pair (or team), or in an individual its two players."""
    return players_of(side) if info.spec.kind == "individual" else (side,)


def _score(stored: StoredResult) -> str:
    return stored.result.to_str() if stored.result is not None else ""


def _ns_score(stored: StoredResult) -> Fraction | None:
    """North-South's score on the line, where it is one (not an artificial score, Law 12C2)."""
    view = stored.result.ns if stored.result is not None else None
    return view.mean if isinstance(view, Weighted) else None


def score_card(
    store: Store,
    event: int,
    pair: str,
    seated: Collection[Collection[str]] = (),
    *,
    everything: bool = False,
    typed: str | None = None,
) -> list[CardLine]:
    """Pair ``pair``'s personal score card: each board it played, from its own side.

    Until the session is over only a table among ``seated`` (:func:`seated_tables`) where
    the pair sits sees its card, unless ``everything`` (the director), and only the
    boards every pair at that table has played (Law 16C). ``typed`` is the pair as the
    reader wrote it, quoted if the event has no such pair.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec, Participant
    >>> store = open_store("sqlite:///:memory:")
    >>> score_card(store, store.create_event(EventSpec("Club", boards=1), [Participant("1")]), "7")
    Traceback (most recent call last):
    ...
    arbitro.web.public_results.ResultsNotOpenError: there is no pair '7' in event 1 (expected 1)
    """
    return score_card_held(store, event, pair, seated, everything=everything, typed=typed)[0]


_NO_SUCH = {
    "pairs": N_("there is no pair '{pair}' in event {event} (expected {choices})"),
    "teams": N_("there is no team '{pair}' in event {event} (expected {choices})"),
    "individual": N_("there is no player '{pair}' in event {event} (expected {choices})"),
}
"""A score card asked for a participant the event has not, by the event's kind."""

_CODE_FIRST = {
    "pairs": N_(
        "type the code on the table card of pair {pair}'s table to see its score card "
        "before the session is over"
    ),
    "teams": N_(
        "type the code on the table card of team {pair}'s table to see its score card "
        "before the session is over"
    ),
    "individual": N_(
        "type the code on the table card of player {pair}'s table to see their score card "
        "before the session is over"
    ),
}
"""A score card refused before the session is over, by the event's kind (Law 16C)."""


def score_card_held(
    store: Store,
    event: int,
    pair: str,
    seated: Collection[Collection[str]] = (),
    *,
    everything: bool = False,
    typed: str | None = None,
) -> tuple[list[CardLine], int]:
    """:func:`score_card`, and how many of the pair's results it holds back for now (Law 16C).

    A board the pair played is held back until every pair at the table asking has played
    it too: the card says so, rather than that the pair has no results. A pair the event
    has not is refused quoting ``typed`` (the address's ``9EO``; default: ``pair``), the
    event's pairs in the reader's notation.
    """
    info = results_event(store, event)
    known = [participant.number for participant in store.participants(event)]
    if pair not in known:
        raise ResultsNotOpenError(
            _NO_SUCH.get(info.spec.kind, _NO_SUCH["pairs"]),
            404,
            pair=pair if typed is None else typed,
            event=event,
            choices=PairNumbers(tuple(known), separator=", "),
        )
    at_table = set().union(*(pairs for pairs in seated if pair in pairs))
    limited = not (everything or session_over(store, info))
    if limited and not at_table:
        raise ResultsNotOpenError(
            _CODE_FIRST.get(info.spec.kind, _CODE_FIRST["pairs"]),
            403,
            pair=pair,
        )
    results = store.results(event)
    played = _played(info, results)
    theirs = [
        (stored, pair in participants_of(info, stored.ns))
        for stored in results
        if pair in (*participants_of(info, stored.ns), *participants_of(info, stored.ew))
    ]
    mine = [
        (stored, north_south)
        for stored, north_south in theirs
        if not (limited and not at_table <= played[(stored.session, stored.board)])
    ]
    # Matchpoints (or IMPs) against the board's field, scored once for the whole card. A
    # teams board's IMPs belong to the match, both tables together: the team's card has
    # them once the session is over (the captain compares after the match), not before.
    teams = info.spec.kind == "teams"
    boards = {(stored.session, stored.board) for stored, _ in mine}
    # The pair's own figure on each board: in an individual the player's (Law 12C2c), the
    # one its ranking counts, so that the card's boards add up to its total.
    points = {} if teams and limited else store.card_figures(info, results, pair, boards)
    if teams:  # the board's two lines (one at each table) one under the other
        mine.sort(key=lambda line: (line[0].session, line[0].board, line[0].table))
    out = []
    for stored, north_south in mine:
        own = points.get((stored.session, stored.board, stored.ns, stored.ew))
        out.append(
            CardLine(
                stored.board,
                "NS" if north_south else "EW",
                stored.ew if north_south else stored.ns,
                stored.entry.to_str(),
                _score(stored),
                show(own),
                stored.session,
            )
        )
    return (_compared(out) if teams else out), len(theirs) - len(mine)


def _compared(lines: list[CardLine]) -> list[CardLine]:
    """A team's card lines with each board's IMPs won or lost, once, over the board's lines.

    >>> lines = [CardLine(1, "NS", "B", "4S N 10", "420", "7.00"),
    ...          CardLine(1, "EW", "B", "2S N 9", "140", "7.00"),
    ...          CardLine(2, "NS", "B", "3NT S 8", "-50", ""),
    ...          CardLine(3, "EW", "B", "1NT N 7", "90", "-3.00"),
    ...          CardLine(4, "EW", "B", "1NT N 7", "90", "0.00")]
    >>> [(line.won, line.lost, line.span) for line in _compared(lines)]
    [('7.00', '', 2), ('', '', 0), ('', '', 1), ('', '3.00', 1), ('0.00', '0.00', 1)]
    """
    out: list[CardLine] = []
    for index, line in enumerate(lines):
        board = (line.session, line.board)
        if index and (lines[index - 1].session, lines[index - 1].board) == board:
            out.append(replace(line, span=0))
            continue
        span = sum(1 for other in lines[index:] if (other.session, other.board) == board)
        points = line.points
        won = points if points and not points.startswith("-") else ""
        lost = points.removeprefix("-") if points.startswith("-") else ""
        if won and not won.strip("0.,"):
            lost = won  # a push: nothing won, nothing lost, the board compared all the same
        out.append(replace(line, won=won, lost=lost, span=span))
    return out


def set_deals(store: Store, event: int, deals: dict[int, str]) -> dict[int, Deal]:
    """Keep the deals of ``event``'s boards (PBN deal strings), checked; replaces those kept before.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> set_deals(store, store.create_event(EventSpec("Club", boards=2)), {3: "N:..."})
    Traceback (most recent call last):
    ...
    arbitro.web.public_results.ResultsNotOpenError: board 3 is not in the event (expected 1 to 2)
    """
    info = results_event(store, event)
    read: dict[int, Deal] = {}
    for board, text in sorted(deals.items()):
        if not 1 <= board <= info.spec.boards:
            raise ResultsNotOpenError(
                N_("board {board} is not in the event (expected 1 to {boards})"),
                422,
                board=board,
                boards=info.spec.boards,
            )
        read[board] = Deal.from_str(text)
    store.keep_deals(event, read)
    # The double-dummy tables and par are made now, in the background, and kept: the
    # hand records read them and nobody waits for the solver on a page.
    store.analyse_in_background(event)
    return read


def deals(store: Store, event: int) -> dict[int, Deal]:
    """The deals kept for ``event``'s boards, by board.

    >>> from arbitro.store import open_store
    >>> deals(open_store("sqlite:///:memory:"), 1)
    {}
    """
    return store.kept_deals(event)


@dataclass(frozen=True, slots=True)
class HandRecords:
    """An event's hand records: each board's analysis, once every board's is kept.

    While the analysis runs, ``entries`` is empty and ``progress`` says how far it is.
    """

    entries: list[BoardAnalysis]
    progress: AnalysisProgress

    @property
    def finished(self) -> bool:
        """Whether every board with a deal has its double-dummy table and par kept."""
        return self.progress.finished


def hand_records(store: Store, event: int) -> HandRecords:
    """Each board's deal, double-dummy table and par, once the results are published (Law 79C).

    The analysis is read as kept (:mod:`arbitro.store.analyses`), never made here: when
    some boards have none yet (a server restarted during the work), the background
    analysis is started again and the answer says how far it has got.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> hand_records(store, store.create_event(EventSpec("Club", boards=1)))
    Traceback (most recent call last):
    ...
    arbitro.web.public_results.NotPublishedError: the results of event 1 are not published yet
    """
    _require_published(results_event(store, event), event)
    kept = deals(store, event)
    stored = store.stored_analyses(event, kept)
    progress = AnalysisProgress(len(stored), len(kept))
    if not progress.finished:
        store.analyse_in_background(event)
        return HandRecords([], progress)
    return HandRecords([stored[board] for board in sorted(stored)], progress)
