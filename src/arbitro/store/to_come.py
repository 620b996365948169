"""What an event still waits for, from its movement, its results and its rounds.

Publishing asks first while a round is open or a result is missing; closing a round
lists each board of it still without a result (:mod:`arbitro.tournament.to_come`
holds the rule; the desk, the JSON API and the command line all ask here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.store.console import ConsoleRecords
from arbitro.store.results import ResultRecords

if TYPE_CHECKING:
    from arbitro.tournament.to_come import BoardToCome, RoundClosing, StillToCome


class ToComeRecords(ConsoleRecords, ResultRecords):
    """The results an event's movement still waits for, and the rounds still open."""

    def results_to_come(self, event_id: int) -> StillToCome:
        """What publishing the results still waits for: rounds open, results missing, every session.

        The desk and ``arbitro event publish`` ask first while there is any
        (:func:`~arbitro.tournament.to_come.still_to_come`); an event without a movement
        waits for nothing.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import howell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=14), movement=howell(4, 2))
        >>> store.results_to_come(event).lines()
        ['Results still missing: 56 of 56.']
        """
        from arbitro.tournament.to_come import StillToCome, still_to_come

        movement = self.movement(event_id)
        if movement is None:
            return StillToCome((), 0, 0)
        return still_to_come(
            movement.schedule,
            self.event(event_id).spec.sessions,
            self._entered(event_id),
            {(state.session, state.round) for state in self.rounds(event_id) if state.is_open},
        )

    def boards_to_come(
        self, event_id: int, round_number: int, session: int = 1
    ) -> list[BoardToCome]:
        """The boards of ``round_number`` of ``session`` that a table plays and has no result for.

        What closing the round leaves to the director (the desk lists them first).

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import howell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=14), movement=howell(4, 2))
        >>> [board.localized() for board in store.boards_to_come(event, 1)][:2]
        ['Table 1 · Board 5', 'Table 1 · Board 6']
        """
        from arbitro.tournament.to_come import boards_to_come

        movement = self.movement(event_id)
        if movement is None:
            return []
        return boards_to_come(
            movement.schedule,
            self.event(event_id).spec.sessions,
            self._entered(event_id),
            round_number,
            session,
        )

    def round_closing(self, event_id: int, round_number: int, session: int = 1) -> RoundClosing:
        """What closing ``round_number`` of ``session`` would leave without a result.

        The one rule of the desk, the JSON API and ``arbitro event round close``: while
        the round is open, each of its boards a table plays with no result yet is named,
        and the round closes only when the director confirms. A round not open waits for
        nothing here: closing one never opened is refused by :meth:`close_round`.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import howell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=14), movement=howell(4, 2))
        >>> bool(store.round_closing(event, 1))
        False
        >>> _ = store.open_round(event, 1)
        >>> len(store.round_closing(event, 1).boards)
        8
        """
        from arbitro.tournament.to_come import RoundClosing

        is_open = any(
            state.session == session and state.round == round_number and state.is_open
            for state in self.rounds(event_id)
        )
        boards = self.boards_to_come(event_id, round_number, session) if is_open else []
        return RoundClosing(round_number, session, tuple(boards))

    def _entered(self, event_id: int) -> set[tuple[int, int, int]]:
        """(session, table, board) of each result the event has."""
        return {(result.session, result.table, result.board) for result in self.results(event_id)}
