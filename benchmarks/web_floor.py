"""The load benchmark's ceiling: ``arbitro serve``'s application with a desk that writes nothing.

The same application (its middleware, sign-in, CSRF and table checks, request and
answer models) on the same server (uvicorn as ``arbitro serve`` runs it), but the
tables' desk does only the work that needs no database: the entry read and scored
against the table's seating from the movement, the confirmation answered from memory.
What it reaches is what the web stack allows on this machine, whatever the database
does. Not part of Árbitro: ``bench_web`` starts it as
``python -m benchmarks.web_floor DATABASE PORT``.
"""

from __future__ import annotations

import os
import sys

from arbitro.core.board import Board
from arbitro.store import Store, open_store
from arbitro.store.stored import StoredResult
from arbitro.web import create_app
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import Entered, TypedEntry, read_typed


class NoDatabaseDesk(TableDesk):
    """A :class:`TableDesk` whose entries and confirmations never reach the database."""

    def __init__(self, store: Store, secret: str) -> None:
        super().__init__(store, secret)
        self._held: dict[tuple[int, int, int], Entered] = {}

    async def enter(
        self, event: int, table: int, board: int, typed: TypedEntry, lang: str = "en"
    ) -> Entered:
        """The entry checked against the seating and scored, kept in memory."""
        seating = next(
            seating
            for seating in self._schedule(event)
            if seating.table == table and board in seating.boards
        )
        entered = self._checked(seating, table, Board(board), typed, read_typed(typed, lang))
        self._held[event, table, board] = entered
        return entered

    async def confirm(
        self, event: int, table: int, board: int, pair: str, seen: str = ""
    ) -> StoredResult:
        """The held entry answered as stored (nothing is); ``seen`` is not checked."""
        entered = self._held.pop((event, table, board))
        return StoredResult(
            1, 1, table, board, entered.ns, entered.ew, entered.entry, entered.result, 1
        )


def main(database: str, port: int) -> None:
    """Serve the application with :class:`NoDatabaseDesk` on loopback ``port``."""
    import uvicorn

    store = open_store(database)
    app = create_app(store)
    app.state.table_desk = NoDatabaseDesk(store, os.environ["ARBITRO_SECRET"])
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
