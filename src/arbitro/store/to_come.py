"""What an event still waits for, from its movement, its results and its rounds.

Publishing asks first while a round is open or a result is missing; closing a round
lists each board of it still without a result (:mod:`arbitro.tournament.to_come`
holds the rule; the desk and the command line both ask here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.store.console import ConsoleRecords
from arbitro.store.results import ResultRecords

if TYPE_CHECKING:
    from arbitro.tournament.to_come import BoardToCome, StillToCome


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

    def _entered(self, event_id: int) -> set[tuple[int, int, int]]:
        """(session, table, board) of each result the event has."""
        return {(result.session, result.table, result.board) for result in self.results(event_id)}
