"""The rounds still waiting on results, and a Swiss's next round paired from the ranking.

The round paired is stored with the event's movement (``events``).

>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> from arbitro.tournament.movements import swiss_start
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("S", boards=4), movement=swiss_start(4, 2, 2))
>>> sorted(store.unplayed(event))
[1]
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arbitro.i18n import N_, ngettext
from arbitro.store.repository import StoreConflictError, StoreError, stored_movement
from arbitro.store.scores import ScoreRecords

if TYPE_CHECKING:
    from arbitro.tournament.movements import SwissRound


@dataclass(frozen=True)
class MissingBoards:
    """The tables of a round with the boards they have not entered, as a message shows them.

    >>> print(MissingBoards(((3, (5, 6)), (4, (6,)))).localized())
    table 3 (boards 5, 6); table 4 (board 6)
    """

    tables: tuple[tuple[int, tuple[int, ...]], ...]

    def localized(self) -> str:
        """The tables and their boards, in the active language."""
        return "; ".join(
            ngettext(
                "table {table} (board {boards})", "table {table} (boards {boards})", len(boards)
            ).format(table=table, boards=", ".join(map(str, boards)))
            for table, boards in self.tables
        )


class PairingRecords(ScoreRecords):
    """The rounds still unplayed, and a Swiss's rounds paired one at a time."""

    def unplayed(self, event_id: int) -> dict[int, list[tuple[int, tuple[int, ...]]]]:
        """The boards still without a result in the rounds of the event's movement.

        By round: each table with the boards it has not entered yet. Empty when every
        board of every round has its result (or the event has no movement).

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.movements import swiss_start
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("S", boards=4), movement=swiss_start(4, 2, 2))
        >>> store.unplayed(event)
        {1: [(1, (1, 2)), (2, (1, 2))]}
        """
        movement = self.movement(event_id)
        if movement is None:
            return {}
        entered = {(stored.table, stored.board) for stored in self.results(event_id)}
        out: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
        for seating in sorted(
            movement.schedule, key=lambda seating: (seating.round, seating.table)
        ):
            missing = tuple(
                board for board in seating.boards if (seating.table, board) not in entered
            )
            if missing:
                out.setdefault(seating.round, []).append((seating.table, missing))
        return out

    def pair_next_round(
        self, event_id: int, round: int | None = None, absent: Collection[str] = ()
    ) -> SwissRound:
        """Pair a Swiss event's next round from its ranking and store it with the movement.

        The ``absent`` (a team or pair late or away) do not play this round: they are not
        paired and have no bye (their 0 is not a bye's score); the movement keeps them
        (:attr:`~arbitro.tournament.movements.Movement.absent`). A name that is not a
        participant is refused.

        The ranking is the event's: a teams event's victory points (a bye's among them),
        a pairs event's total; a participant disqualified is not paired again. Refused while a round paired has a result missing (each
        table and its boards named), when every round planned is paired, and when
        ``round`` is given and is not the next one (a round is paired once). The round's
        seatings are stored in one transaction, under the write lock: two directors
        pairing at once pair it once.

        >>> from fractions import Fraction
        >>> from arbitro.tournament.entry import Entry
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.movements import swiss_start
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("S", boards=2, kind="teams"),
        ...                            movement=swiss_start(3, 2, 1, teams=True))
        >>> for table, entry in ((1, "4S N 10"), (2, "4S N 9")):
        ...     _ = store.enter_result(event, 1, table, Entry.from_str(entry))
        >>> paired = store.pair_next_round(event)
        >>> [(s.ns, s.ew) for s in paired.seatings], paired.bye
        ([('1', '3')], '2')
        """
        from arbitro.tournament.movements.model import movement_to_data
        from arbitro.tournament.movements.swiss import next_swiss_round

        with self.transaction() as db:
            row = self._event_row(db, event_id)
            movement = stored_movement(row.movement_data) if row.movement_data else None
            if movement is None or movement.kind != "swiss":
                raise StoreError(
                    N_("event {event} is not a Swiss: its rounds were all made with it"),
                    event=event_id,
                )
            number = movement.rounds + 1
            if round is not None and round != number:
                raise StoreConflictError(
                    N_("round {round} cannot be paired now: the next round to pair is {next}"),
                    round=round,
                    next=number,
                )
            if number > movement.board_sets:
                raise StoreConflictError(
                    N_("event {event} has all its {rounds} rounds paired"),
                    event=event_id,
                    rounds=movement.board_sets,
                )
            unplayed = self.unplayed(event_id)
            if unplayed:
                first = min(unplayed)
                raise StoreConflictError(
                    N_(
                        "round {round} is not over: results missing at {missing}; pair "
                        "round {next} when they are entered"
                    ),
                    round=first,
                    missing=MissingBoards(tuple(unplayed[first])),
                    next=number,
                )
            scores = {standing.participant: standing.total for standing in self.ranking(event_id)}
            # A team or pair disqualified (Law 91B) is paired no more.
            grown, paired = next_swiss_round(movement, scores, self.disqualified(event_id), absent)
            row.movement_data = json.dumps(movement_to_data(grown))
            row.tables = grown.tables
            return paired
