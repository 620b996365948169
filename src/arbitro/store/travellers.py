"""The points of each table on a board, for travellers and score cards (Law 78).

The web's public pages and the command line's ``event traveller`` and ``event card``
show the same numbers: each table's matchpoints (or IMPs against the field) on its
board in its session, and on a teams board the IMPs against the match's other table.

>>> from arbitro.store import open_store
>>> from arbitro.tournament.entry import Entry
>>> from arbitro.tournament.event import EventSpec, Participant
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Club", boards=1), [Participant(n) for n in "1234"])
>>> _ = store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1", ew="2")
>>> _ = store.enter_result(event, 1, 2, Entry.from_str("4S N 9"), ns="3", ew="4")
>>> store.board_points(store.event(event), store.results(event))
{(1, 1, '1', '2'): ('2.00', '0.00'), (1, 1, '3', '4'): ('0.00', '2.00')}
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction

from arbitro.store.repository import EventInfo
from arbitro.store.scores import ScoreRecords
from arbitro.store.stored import StoredResult

Points = dict[tuple[int, int, str, str], tuple[str, str]]
"""Each table's points, North-South's then East-West's, by (session, board, NS, EW)."""

Percentages = dict[tuple[int, int, str, str], tuple[str, str, str, str]]
"""Each table's points and their percentages of the top: NS, EW, NS %, EW %."""

Figures = dict[tuple[int, int, str, str], tuple[Fraction | int | None, Fraction | int | None]]
"""The same points as exact numbers (``None`` where a side has none)."""


class TravellerRecords(ScoreRecords):
    """The travellers' figures read from the stored results."""

    def board_points(
        self,
        info: EventInfo,
        results: Sequence[StoredResult],
        wanted: Collection[tuple[int, int]] | None = None,
    ) -> Points:
        """The points on the ``wanted`` (session, board)s (all of them by default), as shown.

        :meth:`~arbitro.store.Store.board_figures`, each rounded once as the scorer shows it.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=1))
        >>> store.board_points(store.event(event), [])
        {}
        """
        from arbitro.scoring.session import show

        return {
            key: (show(ns), show(ew))
            for key, (ns, ew) in self.board_figures(info, results, wanted).items()
        }

    def board_percentages(
        self,
        info: EventInfo,
        results: Sequence[StoredResult],
        wanted: Collection[tuple[int, int]] | None = None,
    ) -> Percentages:
        """Each side's points and the percentage of the board's top they are, as shown.

        The traveller's figures: ``(NS points, EW points, NS %, EW %)`` by (session, board,
        NS, EW). The percentages are of the board's matchpoint top (Law 78A) and empty where
        there is no top (IMPs, teams, total points).

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=1), [Participant(n) for n in "123456"])
        >>> for table, tricks in ((1, 10), (2, 9), (3, 10)):
        ...     _ = store.enter_result(event, 1, table, Entry.from_str(f"4S N {tricks}"),
        ...                            ns=str(2 * table - 1), ew=str(2 * table))
        >>> store.board_percentages(store.event(event), store.results(event))[(1, 1, "1", "2")]
        ('3.00', '1.00', '75.00', '25.00')
        """
        from arbitro.scoring.matchpoints import percentage
        from arbitro.scoring.session import show

        if info.spec.kind == "teams":
            return {
                key: (show(ns), show(ew), "", "")
                for key, (ns, ew) in self.board_figures(info, results, wanted).items()
            }
        out: Percentages = {}
        for key, (ns, ew, top) in self._scored_lines(info, results, wanted).items():
            if top is None:
                out[key] = (show(ns), show(ew), "", "")
            else:
                out[key] = (
                    show(ns),
                    show(ew),
                    show(percentage(ns, top)) if ns is not None else "",
                    show(percentage(ew, top)) if ew is not None else "",
                )
        return out

    def card_figures(
        self,
        info: EventInfo,
        results: Sequence[StoredResult],
        participant: str,
        wanted: Collection[tuple[int, int]] | None = None,
    ) -> dict[tuple[int, int, str, str], Fraction | int | None]:
        """``participant``'s own points on each of its lines, by (session, board, NS, EW), exact.

        What its score card shows, board by board, and its ranking counts: its side's
        points (:meth:`board_figures`); in an individual event the player's own
        (:func:`~arbitro.tournament.individual_scores.player_boards`), which on a board
        given an artificial score follow the player's own session (Law 12C2c), not the
        partnership's. Only the ``wanted`` (session, board)s, all of them by default.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=1), [Participant(n) for n in "1234"])
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1", ew="2")
        >>> _ = store.enter_result(event, 1, 2, Entry.from_str("4S N 9"), ns="3", ew="4")
        >>> store.card_figures(store.event(event), store.results(event), "2")
        {(1, 1, '1', '2'): 0}
        """
        if info.spec.kind != "individual":
            return {
                key: ns if participant == key[2] else ew
                for key, (ns, ew) in self.board_figures(info, results, wanted).items()
                if participant in key[2:]
            }
        out: dict[tuple[int, int, str, str], Fraction | int | None] = {}
        for day in self.individual_sessions(info.id, results):
            for (board, ns, ew), own in day.boards().get(participant, {}).items():
                if wanted is None or (day.number, board) in wanted:
                    out[(day.number, board, ns, ew)] = own.points
        return out

    def _scored_lines(
        self,
        info: EventInfo,
        results: Sequence[StoredResult],
        wanted: Collection[tuple[int, int]] | None,
    ) -> dict[
        tuple[int, int, str, str],
        tuple[Fraction | int | None, Fraction | int | None, Fraction | int | None],
    ]:
        """A pairs event's points on the ``wanted`` boards with each board's top (``None``: IMPs)."""
        played = {stored.session for stored in results if stored.result is not None}
        out: dict[
            tuple[int, int, str, str],
            tuple[Fraction | int | None, Fraction | int | None, Fraction | int | None],
        ] = {}
        # self.score gives the sessions that have results, in order. Only the wanted
        # boards' lines are read: a board of plain results makes its lines when first read.
        for session, scores in zip(sorted(played), self.score(info.id, results), strict=True):
            boards = scores.boards
            numbers = (
                list(boards)
                if wanted is None
                else sorted(board for at, board in wanted if at == session and board in boards)
            )
            for board in numbers:
                for line in boards[board]:
                    out[(session, board, line.ns, line.ew)] = (
                        line.ns_points,
                        line.ew_points,
                        line.top,
                    )
        return out

    def board_figures(
        self,
        info: EventInfo,
        results: Sequence[StoredResult],
        wanted: Collection[tuple[int, int]] | None = None,
    ) -> Figures:
        """The points on the ``wanted`` (session, board)s (all of them by default), exact.

        ``results`` are all the event's. Matchpoints (or IMPs) against the field of the
        board in its session; on a teams board, each team's own IMPs against the match's
        other table (Law 78B): North-South's column is the IMPs of the team sitting
        North-South at the table, East-West's those of the team sitting East-West. They
        balance on a played board; a non-balancing adjustment (12C1b, 12C1f) gives each
        team its own figure, not the other's negated. Each session plays its own boards,
        numbered from 1 again.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Match", boards=1, kind="teams"),
        ...                            [Participant("A"), Participant("B")])
        >>> _ = store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="A", ew="B")
        >>> _ = store.enter_result(event, 1, 2, Entry.from_str("2S N 9"), ns="B", ew="A")
        >>> store.board_figures(store.event(event), store.results(event))[(1, 1, "A", "B")]
        (Fraction(7, 1), Fraction(-7, 1))
        """
        from arbitro.scoring.session import TableResult
        from arbitro.tournament.teams import board_margins

        def chosen(session: int, board: int) -> bool:
            return wanted is None or (session, board) in wanted

        played = [stored for stored in results if stored.result is not None]
        if info.spec.kind == "teams":
            out: Figures = {}
            for session in sorted({stored.session for stored in played}):
                # The whole session is scored: Law 12C2c weighs an artificial score against
                # the team's other boards of the session (a Swiss's: of the rounds played
                # up to the board's own), wanted or not.
                tables = [
                    TableResult(
                        stored.board, stored.ns, stored.ew, stored.result, stored.entry.group
                    )
                    for stored in played
                    if stored.session == session and stored.result is not None
                ]
                margins = board_margins(
                    tables,
                    info.spec.rules,
                    info.spec.knockout,
                    self._swiss_rounds(info, tables),
                )
                for (board, ns, ew), margin in margins.items():
                    if chosen(session, board):
                        # East-West's own IMPs are those board_margins gives the same team
                        # at the other table, where it sat North-South.
                        out[(session, board, ns, ew)] = (margin, margins.get((board, ew, ns)))
            return out
        return {
            key: (ns, ew) for key, (ns, ew, _) in self._scored_lines(info, results, wanted).items()
        }
