"""The tables' desk: the movement's seatings, the rounds open now, and each table's entries and confirmations.

:class:`TableDesk` reads an event's movement once and keeps its seatings, each table's
apart (a Swiss's read again when a round its copy lacks comes up, ``_catch_up``); the
rounds open are read from the database at each request, once for a batch of writes.
Its two writes, North-South's entry (:meth:`TableDesk.enter`) and East-West's
confirmation (:meth:`TableDesk.confirm`), go through its group-commit writer: the
table, round, board and pairs are checked in the writer's job, and the batch is
written by :mod:`arbitro.web.table_commit`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from concurrent.futures import Future
from typing import NamedTuple

from starlette.concurrency import run_in_threadpool

from arbitro.core.board import Board
from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_
from arbitro.store import Store
from arbitro.store.group_commit import Gathered, GroupCommitWriter
from arbitro.store.score_entry import Connection, OpenRounds, open_rounds_of
from arbitro.store.stored import StoredResult
from arbitro.tournament.entry import Entry
from arbitro.tournament.movements.guide_cards import Move, round_moves
from arbitro.tournament.movements.model import Movement, Seating
from arbitro.tournament.movements.teams import MatchAtTable, match_at_table
from arbitro.web.pages import PairNumbers
from arbitro.web.security import check_table_code, table_code
from arbitro.web.table_commit import Confirming, confirm_batch, hold_batch
from arbitro.web.table_entries import (
    Entered,
    NoOpenRoundError,
    TableEntryError,
    TypedEntry,
    read_typed,
)


class Playing(NamedTuple):
    """What a table plays now: the session of the rounds open, and its seatings in them.

    >>> Playing(2, []).session
    2
    """

    session: int
    seatings: list[Seating]


class TableDesk:
    """The tables' side of an evening: sign-in by code, the open rounds, entries awaiting confirmation.

    Rounds are opened and closed by the director (:mod:`arbitro.store.console`); the
    unconfirmed entries are kept in the store's ``pending_entries`` table (so another
    server over the same database, or this one restarted, sees them), the confirmed
    results in its ``results``.

    >>> from arbitro.store import open_store
    >>> desk = TableDesk(open_store("sqlite:///:memory:"), "secret")
    >>> len(desk.code(1, 1)), desk.code(1, 1) == desk.code(1, 2)
    (6, False)
    """

    def __init__(self, store: Store, secret: str) -> None:
        self.store = store
        self._secret = secret
        # An event keeps the movement it was created with: read once per event. A Swiss's
        # grows a round at a time: read again when a round the copy lacks is asked about
        # (:meth:`_catch_up`), in this process or after another paired it.
        self._movements: dict[int, Movement | None] = {}
        self._schedules: dict[int, tuple[Seating, ...]] = {}
        self._at_table: dict[tuple[int, int], tuple[Seating, ...]] = {}
        # The tables' writes go through one writer: those that arrive together are
        # committed together, one flush of the disk for the batch (a group commit).
        self._writer = GroupCommitWriter(store)

    @property
    def writer(self) -> GroupCommitWriter:
        """The desk's group-commit writer: every entry and confirmation is one of its writes.

        >>> from arbitro.store import open_store
        >>> TableDesk(open_store("sqlite:///:memory:"), "s").writer.running
        False
        """
        return self._writer

    def code(self, event: int, table: int) -> str:
        """The short code printed on ``table``'s card for ``event`` (:func:`~arbitro.web.sign_in_codes.table_code`).

        >>> from arbitro.store import open_store
        >>> TableDesk(open_store("sqlite:///:memory:"), "s").code(3, 1).isalnum()
        True
        """
        return table_code(self._secret, event, table)

    def sign_in(self, event: int, code: str) -> int:
        """The table whose card carries ``code`` in ``event``; refused for any other code.

        >>> from arbitro.store import open_store
        >>> TableDesk(open_store("sqlite:///:memory:"), "s").sign_in(1, "XXXXXX")
        Traceback (most recent call last):
        ...
        arbitro.web.table_entries.TableEntryError: the code XXXXXX is not a table code of event 1
        """
        tables = {seating.table for seating in self._schedule(event, missing_ok=True)}
        for table in sorted(tables):
            if check_table_code(self._secret, event, table, code):
                return table
        raise TableEntryError(
            N_("the code {code} is not a table code of event {event}"),
            401,
            code="".join(code.split()).upper(),
            event=event,
        )

    def _movement(self, event: int) -> Movement | None:
        """The movement ``event`` was created with, read from the store once."""
        if event not in self._movements:
            self._movements[event] = self.store.movement(event)
        return self._movements[event]

    def _catch_up(self, event: int, rounds: Iterable[int]) -> bool:
        """Forget a Swiss's movement read before ``rounds`` were paired; whether it did.

        A Swiss event's movement is the one that grows after it is made: a round paired
        since the desk read it (by this process or another over the same database) is
        opened, and a table asks about it. Any other movement is never read again.
        """
        movement = self._movements.get(event)
        if movement is None or movement.kind != "swiss":
            return False
        if not any(movement.rounds < number <= movement.board_sets for number in rounds):
            return False
        del self._movements[event]
        self._schedules.pop(event, None)
        for key in [key for key in self._at_table if key[0] == event]:
            del self._at_table[key]
        return True

    def _schedule(self, event: int, missing_ok: bool = False) -> tuple[Seating, ...]:
        if event not in self._schedules:
            try:
                movement = self._movement(event)
            except ArbitroError:
                if missing_ok:
                    return ()
                raise
            self._schedules[event] = movement.schedule if movement is not None else ()
        return self._schedules[event]

    def _seated(self, event: int, table: int) -> tuple[Seating, ...]:
        """The seatings of ``table`` in every round of ``event``'s movement, kept with the schedule."""
        key = (event, table)
        if key not in self._at_table:
            self._at_table[key] = tuple(s for s in self._schedule(event) if s.table == table)
        return self._at_table[key]

    async def _read_schedule(self, event: int) -> None:
        """Read ``event``'s movement once, on a thread (the store opens its own connection)."""
        if event not in self._schedules:
            await run_in_threadpool(self._schedule, event)

    def seatings(self, event: int, table: int) -> list[Seating]:
        """Where ``table`` sits in the rounds open now; refused when none is open.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import mitchell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
        >>> TableDesk(store, "s").seatings(event, 1)
        Traceback (most recent call last):
        ...
        arbitro.web.table_entries.NoOpenRoundError: no round of event 1 is open for table 1: wait for the director to open it
        """
        return self.playing(event, table).seatings

    def playing(self, event: int, table: int) -> Playing:
        """The session of the rounds open now and where ``table`` sits in them; refused when none is open.

        The director opens the rounds of one session at a time, so a table enters the
        results of that session: a knockout's later segment, a pairs event's second
        session (the same movement again).

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import mitchell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=6, sessions=2), movement=mitchell(3, 2))
        >>> _ = store.open_round(event, 1, session=2)
        >>> playing = TableDesk(store, "s").playing(event, 1)
        >>> playing.session, [seating.round for seating in playing.seatings]
        (2, [1])
        """
        self._schedule(event)  # read before the connection is taken (the store opens its own)
        with self.store.reading() as db:
            return self._open_seatings(db.connection(), event, table)

    def _open_seatings(
        self,
        connection: Connection,
        event: int,
        table: int,
        batch: dict[object, object] | None = None,
    ) -> Playing:
        """:meth:`playing`, with the open rounds read on ``connection`` (in its transaction).

        In the writer's job, ``batch`` is the writer's :attr:`~GroupCommitWriter.batch`:
        the open rounds of every event the batch writes to (its writes' keys) are read in
        one statement, once for the writes committed together. The batch holds the
        database's write lock, which the director's opening or closing a round takes too,
        in this process or another, so what it read stays true until it commits; the
        next batch reads them again.
        """
        at_table = self._seated(event, table)
        if batch is None:
            opened = open_rounds_of(connection, [event])[event]
        else:
            read = batch.get(("open rounds", event))
            if not isinstance(read, OpenRounds):
                events = {event} | {
                    one[0]
                    for one in self._writer.keys
                    if isinstance(one, tuple) and isinstance(one[0], int)
                }
                found_open = open_rounds_of(connection, sorted(events))
                for number, rounds in found_open.items():
                    batch[("open rounds", number)] = rounds
                read = found_open[event]
            opened = read
        if self._catch_up(event, opened.rounds):
            at_table = self._seated(event, table)
        found = [s for s in at_table if s.round in opened.rounds]
        if not found:
            raise NoOpenRoundError(
                N_(
                    "no round of event {event} is open for table {table}: wait for the director to open it"
                ),
                409,
                event=event,
                table=table,
            )
        return Playing(opened.session, found)

    def session_rounds(self, event: int) -> tuple[int, dict[int, bool]]:
        """The session the tables play now, and its rounds ever opened, each with whether it is open.

        The session is the one with a round open; between rounds, the latest session with
        a round opened (1 before any).

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import mitchell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=6, sessions=2), movement=mitchell(3, 2))
        >>> desk = TableDesk(store, "s")
        >>> desk.session_rounds(event)
        (1, {})
        >>> _ = store.open_round(event, 1); store.close_round(event, 1)
        >>> _ = store.open_round(event, 2, session=2)
        >>> desk.session_rounds(event)
        (2, {2: True})
        """
        states = self.store.rounds(event)
        open_now = [state.session for state in states if state.is_open]
        session = max(open_now or [state.session for state in states] or [1])
        return session, {s.round: s.is_open for s in states if s.session == session}

    def next_round(self, event: int, table: int) -> int | None:
        """The first round of ``table`` the director has not opened yet (``None`` after the last).

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import mitchell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
        >>> TableDesk(store, "s").next_round(event, 1)
        1
        """
        _, states = self.session_rounds(event)
        opened = set(states)
        self._catch_up(event, opened)
        later = [s.round for s in self._seated(event, table)]
        return min((number for number in later if number not in opened), default=None)

    def sits_out(self, event: int, table: int) -> tuple[tuple[int, bool], ...]:
        """The rounds not yet closed in which ``table`` has no game, each with whether it is open.

        A Mitchell with an absent pair (or any movement with a sit-out) leaves one table
        without opponents each round: its players sit out, and its phone tells them so
        rather than waiting for a round they do not play. Only the rounds before the
        table's next game count (after it the phone will say so again).

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import mitchell
        >>> from arbitro.tournament.movements.options import without
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=8), movement=without(mitchell(4, 2), "4EW"))
        >>> desk = TableDesk(store, "s")
        >>> desk.sits_out(event, 1)
        ()
        >>> _ = store.open_round(event, 1); store.close_round(event, 1)
        >>> desk.sits_out(event, 1), desk.next_round(event, 1)
        (((2, False),), 3)
        >>> _ = store.open_round(event, 2)
        >>> desk.sits_out(event, 1)
        ((2, True),)
        """
        _, states = self.session_rounds(event)
        self._catch_up(event, states)
        schedule = self._schedule(event)
        played = {s.round for s in schedule if s.table == table}
        coming = self.next_round(event, table)
        return tuple(
            (number, states.get(number, False))
            for number in sorted({s.round for s in schedule} - played)
            if (coming is None or number < coming)
            and states.get(number, True)  # not closed: never opened, or open now
        )

    def match(self, event: int, seating: Seating) -> MatchAtTable | None:
        """The match of teams ``seating`` plays (each match at two tables), else ``None``.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import round_robin
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Liga", 4, kind="teams"), movement=round_robin(4, 2, 2))
        >>> desk = TableDesk(store, "s")
        >>> desk.match(event, store.movement(event).seatings(1)[1]).other_table
        1
        """
        movement = self._movement(event)
        return match_at_table(movement, seating) if movement is not None else None

    def moves(self, event: int, table: int, round: int) -> tuple[Move, ...]:
        """Where the players at ``table`` and its boards go when ``round`` ends (Law 8A).

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import mitchell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
        >>> [(move.kind, move.who, move.tables) for move in TableDesk(store, "s").moves(event, 2, 1)]
        [('stay', '2NS', (2,)), ('go', '2EW', (3,)), ('go', '', (1,))]
        """
        self._catch_up(event, (round + 1,))
        movement = self._movement(event)
        return round_moves(movement, table, round) if movement is not None else ()

    def round_to_pair(self, event: int) -> int | None:
        """The next round of a Swiss event, when the director has still to pair it, else ``None``.

        Read again from the store while there is one (the director may have paired it
        a moment ago, from this process or another).

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import swiss_start
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Suizo", boards=4), movement=swiss_start(4, 2, 2))
        >>> TableDesk(store, "s").round_to_pair(event)
        2
        """
        movement = self._movement(event)
        if movement is None or movement.kind != "swiss":
            return None
        if self._catch_up(event, (movement.rounds + 1,)):
            movement = self._movement(event)
            assert movement is not None
        return movement.rounds + 1 if movement.rounds < movement.board_sets else None

    def is_swiss(self, event: int) -> bool:
        """Whether ``event`` is a Swiss (its rounds paired one at a time from the ranking).

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import mitchell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
        >>> TableDesk(store, "s").is_swiss(event)
        False
        """
        movement = self._movement(event)
        return movement is not None and movement.kind == "swiss"

    def moves_before(self, event: int, table: int, next_round: int | None) -> tuple[Move, ...]:
        """The moves of the last round ``table`` played before ``next_round`` (none after the last).

        What the table's phone shows while it waits for the director to open the next round.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import mitchell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
        >>> desk = TableDesk(store, "s")
        >>> [move.who or move.boards for move in desk.moves_before(event, 1, 2)]
        ['1NS', '1EW', (1, 2)]
        >>> desk.moves_before(event, 1, None), desk.moves_before(event, 1, 1)
        ((), ())
        """
        if next_round is None:
            return ()
        played = [s.round for s in self._seated(event, table) if s.round < next_round]
        return self.moves(event, table, max(played)) if played else ()

    def _seating_of(
        self, connection: Connection, event: int, table: int, board: int
    ) -> tuple[int, Seating]:
        """The session and the seating of ``table`` that plays ``board`` in an open round (the writer's job)."""
        session, seatings = self._open_seatings(connection, event, table, self._writer.batch)
        for seating in seatings:
            if board in seating.boards:
                return session, seating
        playing = [number for seating in seatings for number in seating.boards]
        raise TableEntryError(
            N_(
                "board {board} is not played at table {table} in round {round}: "
                "this table plays boards {boards}"
            )
            if len(playing) > 1
            else N_(
                "board {board} is not played at table {table} in round {round}: "
                "this table plays board {boards}"
            ),
            409,
            board=board,
            table=table,
            round=", ".join(str(seating.round) for seating in seatings),
            boards=", ".join(str(number) for number in playing),
        )

    async def enter(
        self, event: int, table: int, board: int, typed: TypedEntry, lang: str = "en"
    ) -> Entered:
        """Stage one: North-South's entry of ``board``, checked, scored and kept until East-West confirm.

        ``typed`` is read in ``lang``'s bridge notation (``4P`` is four spades in Spanish).
        The write is the desk's writer's (a group commit); the caller waits for it
        without holding a thread (``asyncio.run`` where no event loop runs).

        >>> import asyncio
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import mitchell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
        >>> _ = store.open_round(event, 1)
        >>> asyncio.run(TableDesk(store, "s").enter(event, 1, 5, TypedEntry("4S", "N", "10", ns="1NS", ew="1EW")))
        Traceback (most recent call last):
        ...
        arbitro.web.table_entries.TableEntryError: board 5 is not played at table 1 in round 1: this table plays boards 1, 2
        >>> asyncio.run(TableDesk(store, "s").enter(2, 1, 1, TypedEntry("4S", "N", "10")))
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreNotFoundError: there is no event 2
        """
        await self._read_schedule(event)
        return await asyncio.wrap_future(self._submit_enter(event, table, board, typed, lang))

    def _submit_enter(
        self, event: int, table: int, board: int, typed: TypedEntry, lang: str
    ) -> Future[Entered]:
        self._schedule(event)  # read before the writer's transaction (the store opens its own)
        # Read here, on the caller's thread, not under the write lock: it needs nothing of
        # the database. A mistyped entry is refused in the job, after the checks that come
        # first (the round open, the board, the pairs), as before. It is scored on Law 2's
        # board, and again in the batch (hold_batch) when the event marks the board otherwise,
        # so that East-West confirm the score that will be stored.
        read = read_typed(typed, lang)

        def write(connection: Connection) -> Gathered[Entered]:
            session, seating = self._seating_of(connection, event, table, board)
            entered = self._checked(seating, table, Board(board), typed, read)
            self.store.check_lead(connection, event, board, entered.entry)
            # Kept with the batch's other entries: one read of their boards' entries,
            # one clearing of the confirmed ones, the entries sent together (hold_batch).
            return Gathered((event, session, table, entered, lang), hold_batch)

        return self._writer.submit(write, key=(event, table))

    @staticmethod
    def _checked(
        seating: Seating,
        table: int,
        marked: Board,
        typed: TypedEntry,
        read: Entry | ArbitroError,
    ) -> Entered:
        """``typed`` checked against the table's seating on ``marked``; ``read`` its entry (or why not), scored on ``marked``."""
        board = marked.number
        expected = seating.sides
        given = (typed.ns.strip() or expected[0], typed.ew.strip() or expected[1])
        if given != expected:
            raise TableEntryError(
                N_(
                    "pairs {ns} and {ew} do not sit at table {table} in round {round}: "
                    "board {board} is for {expected_ns} (North-South) against "
                    "{expected_ew} (East-West)"
                ),
                409,
                ns=PairNumbers((given[0],)),  # written as the page's reader writes them
                ew=PairNumbers((given[1],)),
                table=table,
                round=seating.round,
                board=board,
                expected_ns=PairNumbers((expected[0],)),
                expected_ew=PairNumbers((expected[1],)),
            )
        if isinstance(read, ArbitroError):
            raise read
        return Entered(board, expected[0], expected[1], read, read.result(marked))

    def entered(self, event: int, table: int, session: int = 1) -> dict[int, Entered]:
        """The table's boards of ``session`` entered by North-South and waiting for East-West, by board.

        >>> from arbitro.store import open_store
        >>> TableDesk(open_store("sqlite:///:memory:"), "s").entered(1, 1)
        {}
        """
        found = {}
        marked = self.store.boards(event)
        for board, ns, ew, text in self.store.waiting_entries(event, table, session):
            entry = Entry.from_str(text)
            scored = marked.get(board) or Board(board)  # as the event marks it (Law 2)
            found[board] = Entered(board, ns, ew, entry, entry.result(scored))
        return found

    async def confirm(
        self, event: int, table: int, board: int, pair: str, seen: str = ""
    ) -> StoredResult:
        """Stage two: East-West (``pair``) confirm the entry of ``board``; it is stored when this returns.

        ``seen`` is the entry East-West were shown (its :meth:`Entry.to_str`): when it is
        given and the entry waiting is another (North-South entered again since), the
        confirmation is refused, so nobody confirms a result they did not see. Like
        :meth:`enter`, the caller waits for the desk's writer without holding a thread.

        >>> import asyncio
        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import mitchell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
        >>> _ = store.open_round(event, 1)
        >>> asyncio.run(TableDesk(store, "s").confirm(event, 1, 1, pair="1EW"))
        Traceback (most recent call last):
        ...
        arbitro.web.table_entries.TableEntryError: board 1 at table 1 has no entry to confirm: enter it first
        """
        await self._read_schedule(event)
        return await asyncio.wrap_future(self._submit_confirm(event, table, board, pair, seen))

    def _submit_confirm(
        self, event: int, table: int, board: int, pair: str, seen: str = ""
    ) -> Future[StoredResult]:
        # One transaction: the open round, the entry to confirm and the result's own
        # checks are read where the result is written (a round closed a moment ago is
        # closed), and it commits with the store's full flush to disk.
        self._schedule(event)  # read before the writer's transaction (the store opens its own)

        def write(connection: Connection) -> Gathered[StoredResult]:
            session, seating = self._seating_of(connection, event, table, board)
            # The entry waiting is read, checked and recorded with the batch's other
            # confirmations: one read of their entries, one of what the results are
            # checked against, one INSERT for all (confirm_batch, Store.record_results).
            return Gathered(
                Confirming(self.store, event, table, board, pair, seen, seating, session),
                confirm_batch,
            )

        return self._writer.submit(write, key=(event, table))

    def results(self, event: int, table: int) -> list[StoredResult]:
        """The table's own confirmed results in its open rounds, of their session (refused when none is open).

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.movements import mitchell
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
        >>> _ = store.open_round(event, 1)
        >>> TableDesk(store, "s").results(event, 1)
        []
        """
        session, seatings = self.playing(event, table)
        boards = {number for seating in seatings for number in seating.boards}
        return [
            stored
            for stored in self.store.results(event)
            if stored.table == table and stored.board in boards and stored.session == session
        ]
