"""Score entry at the tables: sign in with the table card's code, enter, have the opponents confirm.

A table signs in with the short code printed on its table card (:meth:`TableDesk.code`).
It sees the boards it plays in the round the director has open, from the event's
movement, and enters the results of that round's session (:meth:`TableDesk.playing`:
the director opens one session's rounds at a time, so a knockout's later segment or a
pairs event's second session is entered as the first is). A board's result then goes
through two stages:

1. *Entered* by North-South: what they type (:class:`TypedEntry`, from the form or the
   JSON API) is checked against the table's seating, the lead against the deal, and
   scored (Law 77); :meth:`TableDesk.enter` keeps it as the table's entry waiting in
   the database (:class:`Entered`; ``store/score_entry.py``), so a restart of the
   server does not lose it.
2. *Confirmed* by East-West: :meth:`TableDesk.confirm` stores the entry they were
   shown as the table's result (:meth:`~arbitro.store.Store.record_result`, in the
   same transaction), and answers the :class:`~arbitro.store.stored.StoredResult`.

Both writes go through the desk's group-commit writer, and both are ``async``: a
caller waits for the writer without holding a thread. A result for a board the table
does not play this round, or for pairs that do not sit there, is refused with the
boards and pairs the table should have. A table reads and writes only its own
results, only while its round is open.

>>> import asyncio
>>> from arbitro.store import open_store
>>> from arbitro.tournament.event import EventSpec
>>> from arbitro.tournament.movements import mitchell
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
>>> _ = store.open_round(event, 1)
>>> desk = TableDesk(store, "secret")
>>> table = desk.sign_in(event, desk.code(event, 2))
>>> entered = asyncio.run(desk.enter(event, table, 3, TypedEntry("4S", "N", "10", ns="2NS", ew="2EW")))
>>> entered.result.to_str()
'+420'
>>> asyncio.run(desk.confirm(event, table, 3, pair="2EW")).version
1
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterable
from concurrent.futures import Future
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Annotated, Any, NamedTuple
from urllib.parse import urlencode, urlsplit

from fastapi import APIRouter, Depends, Form, HTTPException, Query, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from arbitro.core.board import Board
from arbitro.core.contract import Contract, PassedOut
from arbitro.core.errors import ArbitroError, Problem
from arbitro.i18n import N_, Language, use_language
from arbitro.scoring.results import Result
from arbitro.store import Store
from arbitro.store.group_commit import Gathered, GroupCommitWriter
from arbitro.store.score_entry import (
    Connection,
    OpenRounds,
    boards_entries,
    clear_confirmed_tables,
    hold_entries,
    marked_boards,
    open_rounds_of,
    stored_result,
    waiting_entries_of,
)
from arbitro.store.stored import NewResult, StoredResult
from arbitro.tournament.entry import Entry
from arbitro.tournament.knockout import KnockoutMatch
from arbitro.tournament.movements.guide_cards import Move, round_moves
from arbitro.tournament.movements.model import Movement, Seating
from arbitro.tournament.movements.teams import MatchAtTable, match_at_table
from arbitro.web.api import NotCompared, RankingLine, not_compared, ranking_groups
from arbitro.web.pages import (
    Number,
    PairNumbers,
    RefusedRequestError,
    error_page,
    error_responses,
    error_status,
    get_store,
    page_language,
    refused_entry,
    render,
    seat_label,
    strain_label,
    written,
)
from arbitro.web.routes import LazyRoute
from arbitro.web.security import (
    app_secret,
    check_csrf,
    check_table_code,
    check_table_code_allowed,
    record_table_code,
    require_header_csrf,
    require_table,
    sign_in_table,
    table_code,
)


class TableEntryError(RefusedRequestError):
    """A table's request refused; ``status`` is the HTTP status it is answered with.

    >>> error = TableEntryError(N_("no round of event {event} is open"), 409, event=1)
    >>> str(error), error.status
    ('no round of event 1 is open', 409)
    """


class NoOpenRoundError(TableEntryError):
    """No round is open for the table now: between rounds, or before the first.

    >>> NoOpenRoundError(N_("no round of event {event} is open"), 409, event=1).status
    409
    """


class AlreadyConfirmedError(TableEntryError):
    """A confirmation of a board already confirmed: a retry, or a second phone; ``stored`` is the result.

    The API answers it as the confirmation it repeats (201 with the result); a page
    says the board is confirmed.
    """

    def __init__(self, stored: StoredResult) -> None:
        super().__init__(
            N_("board {board} is already confirmed: {entry}"),
            200,
            board=stored.board,
            entry=stored.entry,
        )
        self.stored = stored


@dataclass(frozen=True)
class TypedEntry:
    """What North-South type for one board, not checked yet: the contract and its result, and who sat where.

    ``contract`` may carry ``X`` or ``XX`` (``4SX``) or be ``Pass``; ``tricks`` is
    ``10``, ``=``, ``+1`` or ``-2``.

    >>> TypedEntry("3NTX", "S", "-1", lead="H4", ns="1", ew="2").entry().to_str()
    '3NTX S 8 lead H4'
    """

    contract: str
    declarer: str = ""
    tricks: str = ""
    lead: str = ""
    ns: str = ""
    ew: str = ""

    def entry(self, lang: str = "en") -> Entry:
        """The traveller entry, checked (raises an error naming the field that is wrong).

        >>> TypedEntry("4S", "N").entry()
        Traceback (most recent call last):
        ...
        arbitro.tournament.entry.InvalidEntryError: invalid result '4S N': the number of tricks is missing
        """
        return Entry.from_fields(
            contract=self.contract.strip() or None,
            declarer=self.declarer.strip() or None,
            tricks=self.tricks.strip() or None,
            lead=self.lead.strip() or None,
            lang=lang,
        )


@dataclass(frozen=True)
class Entered:
    """Stage one of a board's result: entered by North-South, waiting for East-West to confirm it.

    Stage two, East-West's confirmation (:meth:`TableDesk.confirm`), stores it: its
    answer is the :class:`~arbitro.store.stored.StoredResult`.
    """

    board: int
    ns: str
    ew: str
    entry: Entry
    result: Result | None
    replaced: Entry | None = None
    """The different entry of the board that was waiting and that this one replaced."""


class Playing(NamedTuple):
    """What a table plays now: the session of the rounds open, and its seatings in them.

    >>> Playing(2, []).session
    2
    """

    session: int
    seatings: list[Seating]


def same_pair(typed: str, pair: str) -> bool:
    """Whether ``typed`` names ``pair`` as a table writes it: any case, ``EO`` for ``EW``, or bare.

    A bare number is taken for the pair when the pair is that number with a side
    (``2`` for ``2EW``), since the table confirms for its own East-West.

    >>> [same_pair(text, "2EW") for text in ("2EW", "2eo", "2EO", "2ew", " 2 ", "2NS", "3")]
    [True, True, True, True, True, False, False]
    >>> same_pair("7", "7")
    True
    """
    text = "".join(typed.split()).upper()
    wanted = pair.strip().upper()
    if text.endswith("EO"):
        text = text[:-2] + "EW"
    if text == wanted:
        return True
    return text.isdigit() and wanted.rstrip("NSEW") == text and wanted != text


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
        """The short code printed on ``table``'s card for ``event`` (:func:`~arbitro.web.security.table_code`).

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
        arbitro.web.tables.TableEntryError: the code XXXXXX is not a table code of event 1
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
        arbitro.web.tables.NoOpenRoundError: no round of event 1 is open for table 1: wait for the director to open it
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
        key = (event, table)
        if key not in self._at_table:
            self._at_table[key] = tuple(s for s in self._schedule(event) if s.table == table)
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
            self._at_table[key] = tuple(s for s in self._schedule(event) if s.table == table)
        found = [s for s in self._at_table[key] if s.round in opened.rounds]
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
        later = [s.round for s in self._schedule(event) if s.table == table]
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
        played = [
            s.round for s in self._schedule(event) if s.table == table and s.round < next_round
        ]
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
        arbitro.web.tables.TableEntryError: board 5 is not played at table 1 in round 1: this table plays boards 1, 2
        >>> asyncio.run(TableDesk(store, "s").enter(2, 1, 1, TypedEntry("4S", "N", "10")))
        Traceback (most recent call last):
        ...
        arbitro.store.repository.StoreNotFoundError: there is no event 2
        """
        if event not in self._schedules:  # read once, on a thread (the store opens its own)
            await run_in_threadpool(self._schedule, event)
        return await asyncio.wrap_future(self._submit_enter(event, table, board, typed, lang))

    def _submit_enter(
        self, event: int, table: int, board: int, typed: TypedEntry, lang: str
    ) -> Future[Entered]:
        self._schedule(event)  # read before the writer's transaction (the store opens its own)
        # Read here, on the caller's thread, not under the write lock: it needs nothing of
        # the database. A mistyped entry is refused in the job, after the checks that come
        # first (the round open, the board, the pairs), as before. It is scored on Law 2's
        # board, and again in the batch (_hold) when the event marks the board otherwise,
        # so that East-West confirm the score that will be stored.
        read = _read_typed(typed, lang)

        def write(connection: Connection) -> Gathered[Entered]:
            session, seating = self._seating_of(connection, event, table, board)
            entered = self._checked(seating, table, Board(board), typed, read)
            self.store.check_lead(connection, event, board, entered.entry)
            # Kept with the batch's other entries: one read of their boards' entries,
            # one clearing of the confirmed ones, the entries sent together (_hold).
            return Gathered((event, session, table, entered, lang), _hold)

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
        arbitro.web.tables.TableEntryError: board 1 at table 1 has no entry to confirm: enter it first
        """
        if event not in self._schedules:  # read once, on a thread (the store opens its own)
            await run_in_threadpool(self._schedule, event)
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
            # checked against, one INSERT for all (_confirm, Store.record_results).
            return Gathered(
                _Confirming(self.store, event, table, board, pair, seen, seating, session),
                _confirm,
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


def _read_typed(typed: TypedEntry, lang: str) -> Entry | ArbitroError:
    """``typed``'s entry, or the error that refuses it.

    >>> _read_typed(TypedEntry("4S", "N", "10"), "en").to_str()
    '4S N 10'
    >>> print(_read_typed(TypedEntry("4S", "N"), "en"))
    invalid result '4S N': the number of tricks is missing
    """
    try:
        return typed.entry(lang)
    except ArbitroError as refused:
        return refused


@lru_cache(maxsize=4096)
def _stored_entry(text: str) -> Entry:
    """The entry written ``text`` (:meth:`Entry.from_str`), read once for the process.

    The tables' confirmations read back the entries they stored; a night has few
    different ones (an :class:`Entry` is immutable, so one object serves them all).

    >>> _stored_entry("4S N 10") is _stored_entry("4S N 10")
    True
    """
    return Entry.from_str(text)


def _same_entry(seen: str, text: str) -> bool:
    """Whether ``seen`` (as the page or a client sent it) is the stored entry ``text``."""
    try:
        return _stored_entry(seen.strip()).to_str() == text
    except ArbitroError:
        return False


# The JSON API -------------------------------------------------------------------------

_desk_lock = threading.Lock()


def get_desk(request: Request) -> TableDesk:
    """The application's :class:`TableDesk` (a FastAPI dependency), made on first use.

    >>> from fastapi.testclient import TestClient
    >>> from arbitro.web import create_app
    >>> TestClient(create_app()).get("/api/tables/1/1/round").status_code
    503
    """
    with _desk_lock:
        desk: TableDesk | None = getattr(request.app.state, "table_desk", None)
        if desk is None:
            desk = TableDesk(get_store(request), app_secret(request))
            request.app.state.table_desk = desk
        return desk


async def _desk(request: Request) -> TableDesk:
    """:func:`get_desk` as a dependency run on the event loop (no hop to a worker thread)."""
    return get_desk(request)


async def _header_csrf(request: Request) -> None:
    """:func:`~arbitro.web.security.require_header_csrf`, run on the event loop."""
    require_header_csrf(request)


Desk = Annotated[TableDesk, Depends(_desk)]


class SignInBody(BaseModel):
    """A table signing in: the event and the code on its table card."""

    event: Number
    code: str = Field(min_length=1, max_length=16)


class EntryBody(BaseModel):
    """A board's result as typed at the table (see :class:`TypedEntry`)."""

    contract: str = Field(min_length=1, max_length=8)
    declarer: str = Field(default="", max_length=8)
    tricks: str = Field(default="", max_length=4)
    lead: str = Field(default="", max_length=4)
    ns: str = Field(default="", max_length=16)
    ew: str = Field(default="", max_length=16)


class ConfirmBody(BaseModel):
    """East-West's confirmation: their pair number, and the entry they were shown.

    ``entry`` (the ``entry`` of the round's pending list) is optional for older clients;
    when sent, the confirmation is refused if the entry waiting is another.
    """

    pair: str = Field(min_length=1, max_length=16)
    entry: str = Field(default="", max_length=64)


def _stored_json(stored: StoredResult) -> dict[str, object]:
    return {
        "board": stored.board,
        "table": stored.table,
        "round": stored.round,
        "ns": stored.ns,
        "ew": stored.ew,
        "entry": stored.entry.to_str(),
        "score": stored.result.to_str() if stored.result is not None else None,
        "version": stored.version,
    }


@dataclass(frozen=True)
class _Confirming:
    """East-West's confirmation of a board, its open seating found: what :func:`_confirm` checks."""

    store: Store
    event: int
    table: int
    board: int
    pair: str
    seen: str
    seating: Seating
    session: int = 1


def _confirm(connection: Connection, asked: list[_Confirming]) -> list[StoredResult]:
    """Check each confirmation of ``asked`` against its entry waiting, and record them together.

    The entries waiting are read in one statement for the batch (each confirmation is
    of another table: the writer keeps a table's writes in order); each is checked as
    one alone was (the entry there, who confirms, the entry they saw), and the results
    go to :meth:`~arbitro.store.results.ResultRecords.record_results` at once. A refusal
    raises: the writer then runs the batch again one write at a time, so it reaches its
    own table.
    """
    waiting = waiting_entries_of(
        connection, [(a.event, a.session, a.table, a.board) for a in asked]
    )
    requests = []
    for one in asked:
        event, table, board, pair, seen, seating = (
            one.event,
            one.table,
            one.board,
            one.pair,
            one.seen,
            one.seating,
        )
        found = waiting.get((event, one.session, table, board))
        if found is None:
            _check_confirmed(connection, one, pair, seen, seating)
            raise TableEntryError(
                N_("board {board} at table {table} has no entry to confirm: enter it first"),
                409,
                board=board,
                table=table,
            )
        ns, ew, text = found
        # In an individual East or West confirms with a player's own number.
        confirmers = {ew, seating.east, seating.west} if seating.individual else {ew}
        if not any(same_pair(pair, other) for other in confirmers if other):
            raise TableEntryError(
                N_("the result is confirmed by the opponents, East-West pair {ew} (not '{pair}')"),
                403,
                ew=PairNumbers((ew,)),
                pair=pair.strip(),
            )
        if seen.strip() and not _same_entry(seen, text):
            raise TableEntryError(
                N_(
                    "the entry of board {board} has changed since you saw it: it is now "
                    "{entry}; check it and confirm again"
                ),
                409,
                board=board,
                entry=Entry.from_str(text),
            )
        # The entry is left in place: a confirmed board's entry no longer counts as
        # pending (``_CONFIRMED``), and the table's next entry clears it.
        requests.append(
            NewResult(
                event,
                board,
                table,
                _stored_entry(text),
                ns,
                ew,
                session=one.session,
                by=f"table {table}",
            )
        )
    return asked[0].store.record_results(connection, requests)


def _check_confirmed(
    connection: Connection, asked: _Confirming, pair: str, seen: str, seating: Seating
) -> None:
    """Raise when the board has its result stored already: confirmed, or refused saying so.

    A confirmation retried after its answer was lost, or sent from a second phone
    of the same pair, is answered as confirmed (:class:`AlreadyConfirmedError`). One by
    another pair, or of an entry other than the one stored (the director entered the
    board meanwhile), is refused naming the result stored: the director corrects it.
    """
    event, table, board = asked.event, asked.table, asked.board
    row = stored_result(connection, event, table, board, asked.session)
    if row is None:
        return
    round_number, ns, ew, text, version = row
    confirmers = {ew, seating.east, seating.west} if seating.individual else {ew}
    if not any(same_pair(pair, one) for one in confirmers if one) or (
        seen.strip() and not _same_entry(seen, text)
    ):
        raise TableEntryError(
            N_(
                "board {board} at table {table} has its result already: {entry}; if it is "
                "wrong, call the director"
            ),
            409,
            board=board,
            table=table,
            entry=Entry.from_str(text),
        )
    entry = Entry.from_str(text)
    marked = Store.board(connection, event, board)  # scored as it was stored (Law 2)
    stored = StoredResult(
        asked.session, round_number, table, board, ns, ew, entry, entry.result(marked), version
    )
    raise AlreadyConfirmedError(stored)


def _hold(
    connection: Connection, entries: list[tuple[int, int, int, Entered, str]]
) -> list[Entered]:
    """Keep each entry ``(event, session, table, entered, lang)`` in the database, replacing the table's earlier entry of the board.

    Each answer is its ``entered`` with the different entry it replaced, if one was
    waiting. A board whose result at its table is stored already is refused (409): the
    writer then runs its batch again one write at a time, so the refusal reaches its own
    table. The same transaction (the writer's, committed with its batch) clears the
    tables' entries confirmed since. The entries of one batch are of different tables
    (the writer keeps a table's writes in order, ``submit``'s ``key``), so one read of
    their boards, one clearing and one sending of the entries do for all of them.
    """
    found = boards_entries(
        connection,
        [(event, session, table, entered.board) for event, session, table, entered, _ in entries],
    )
    marked = marked_boards(
        connection, [(event, entered.board) for event, _, _, entered, _ in entries]
    )
    answers = []
    for event, session, table, entered, lang in entries:
        stored, earlier = found[(event, session, table, entered.board)]
        board = marked.get((event, entered.board))
        if board is not None:  # scored as the event marks it (Law 2), as it will be stored
            entered = replace(entered, result=entered.entry.result(board))
        if stored is not None:
            raise TableEntryError(
                N_(
                    "board {board} at table {table} already has a result ({entry}): "
                    "ask the director to correct it"
                ),
                409,
                board=entered.board,
                table=table,
                entry=written(stored, lang),
            )
        if earlier is not None and earlier != entered.entry.to_str():
            entered = replace(entered, replaced=_stored_entry(earlier))
        answers.append(entered)
    clear_confirmed_tables(
        connection, [(event, session, table) for event, session, table, _, _ in entries]
    )
    hold_entries(
        connection,
        [
            (event, session, table, entered.board, entered.ns, entered.ew, entered.entry.to_str())
            for (event, session, table, _, _), entered in zip(entries, answers, strict=True)
        ],
    )
    return answers


def _entered_json(entered: Entered) -> dict[str, object]:
    return {
        "board": entered.board,
        "ns": entered.ns,
        "ew": entered.ew,
        "entry": entered.entry.to_str(),
        "score": entered.result.to_str() if entered.result is not None else None,
        "confirmed": False,
        "replaced": entered.replaced.to_str() if entered.replaced is not None else None,
    }


def _sign_in(request: Request, desk: TableDesk, event: int, code: str) -> int:
    """Check the code (with the sign-in limits) and remember the table on the session."""
    check_table_code_allowed(request, event)
    try:
        table = desk.sign_in(event, code)
    except TableEntryError:
        record_table_code(request, event, succeeded=False)
        raise
    record_table_code(request, event, succeeded=True)
    sign_in_table(request, event, table)
    return table


api = APIRouter(
    prefix="/api/tables",
    tags=["tables"],
    route_class=LazyRoute,
)


@api.post("/sign-in", responses=error_responses(401, 422, 429, 503))
def api_sign_in(request: Request, body: SignInBody, desk: Desk) -> Response:
    """Sign this session in as the table whose card has the code; answers its CSRF token."""
    table = _sign_in(request, desk, body.event, body.code)
    return JSONResponse({"event": body.event, "table": table, "csrf": request.session["csrf"]})


@api.get("/{event}/{table}/round", responses=error_responses(403, 404, 409, 422, 503))
def api_round(request: Request, event: Number, table: Number, desk: Desk) -> Response:
    """The table's open round: its session, pairs and boards, the entries awaiting confirmation."""
    require_table(request, event, table)
    session, seatings = desk.playing(event, table)
    # An entry left unconfirmed when its round closed stays in the database for the
    # director, but it is no longer the table's to confirm: only the open boards'.
    playing = {board for seating in seatings for board in seating.boards}
    waiting = desk.entered(event, table, session)
    entered = {board: one for board, one in waiting.items() if board in playing}
    return JSONResponse(
        {
            "event": event,
            "table": table,
            "session": session,
            "rounds": [
                {
                    "round": seating.round,
                    "ns": seating.sides[0],
                    "ew": seating.sides[1],
                    "boards": list(seating.boards),
                }
                | _match_json(desk.match(event, seating))
                for seating in seatings
            ],
            "pending": [_entered_json(entered[board]) for board in sorted(entered)],
        }
    )


def _match_json(match: MatchAtTable | None) -> dict[str, object]:
    """A teams round's match at the table, for the API (nothing for pairs or players).

    >>> _match_json(MatchAtTable(1, 2, False, 3, "1", "4", ("5",)))["match"]
    {'number': 2, 'room': 'closed', 'other_table': 3, 'home': '1', 'away': '4'}
    >>> _match_json(None)
    {}
    """
    if match is None:
        return {}
    return {
        "match": {
            "number": match.number,
            "room": "open" if match.open_room else "closed",
            "other_table": match.other_table,
            "home": match.home,
            "away": match.away,
        },
        "sitting_out": list(match.sitting_out),
    }


@api.get("/{event}/{table}/results", responses=error_responses(403, 404, 409, 422, 503))
def api_results(request: Request, event: Number, table: Number, desk: Desk) -> Response:
    """The table's own confirmed results in its open round."""
    require_table(request, event, table)
    stored = desk.results(event, table)
    return JSONResponse({"results": [_stored_json(one) for one in stored]})


# A table's writes: the checks of the request run on the event loop, and the desk's
# work (the database) in the desk's writer thread, which commits the writes that wait
# together at once; the request waits for it without holding a thread of its own.


@api.post(
    "/{event}/{table}/boards/{board}",
    dependencies=[Depends(_header_csrf)],
    responses=error_responses(403, 404, 409, 422, 503, 507),
)
async def api_enter(
    request: Request, event: Number, table: Number, board: Number, body: EntryBody, desk: Desk
) -> Response:
    """North-South enter a board's result; the answer shows the score to confirm."""
    require_table(request, event, table)
    typed = TypedEntry(body.contract, body.declarer, body.tricks, body.lead, body.ns, body.ew)
    entered = await desk.enter(event, table, board, typed)
    return JSONResponse(_entered_json(entered))


@api.post(
    "/{event}/{table}/boards/{board}/confirm",
    status_code=201,
    dependencies=[Depends(_header_csrf)],
    responses=error_responses(403, 404, 409, 422, 503, 507),
)
async def api_confirm(
    request: Request, event: Number, table: Number, board: Number, body: ConfirmBody, desk: Desk
) -> Response:
    """East-West confirm the board's entry: 201 once the result is in the database."""
    require_table(request, event, table)
    try:
        stored = await desk.confirm(event, table, board, body.pair, body.entry)
    except AlreadyConfirmedError as done:  # a retry whose answer was lost: the same answer
        stored = done.stored
    return JSONResponse(_stored_json(stored), status_code=201)


# The pages ----------------------------------------------------------------------------

WAITING_REFRESH = 15
"""Seconds between the reloads of a table's page that waits for its next round."""
STRAINS = ("C", "D", "H", "S", "NT")
DOUBLES = ("", "X", "XX")
SEATS = ("N", "E", "S", "W")

pages = APIRouter(prefix="/tables", include_in_schema=False, route_class=LazyRoute)


def _back(request: Request) -> str:
    """Where the error page's "back" goes: the page the form was on, if it is ours."""
    referer = urlsplit(request.headers.get("referer", ""))
    if referer.netloc == request.url.netloc and referer.path.startswith("/tables"):
        return referer.path
    return "/tables"


@error_page("/tables")
def _failed(request: Request, error: ArbitroError | HTTPException) -> Response:
    message: object = error  # put into words in the page's language when rendered
    if isinstance(error, HTTPException):
        status, message = error.status_code, error.detail
    else:
        status = error_status(error)
    return render(
        request, "tables/error.html", status_code=status, message=message, back=_back(request)
    )


@pages.get("")
def sign_in_page(request: Request) -> Response:
    """The sign-in page: the event and the code on the table card."""
    return render(request, "tables/sign_in.html")


@pages.post("/sign-in")
def sign_in_form(
    request: Request,
    desk: Desk,
    event: Annotated[Number, Form()],
    code: Annotated[str, Form(max_length=16)],
    csrf_token: Annotated[str, Form(max_length=128)] = "",
) -> Response:
    """Sign the table in and go to its round."""
    try:
        check_csrf(request, csrf_token)
        table = _sign_in(request, desk, event, code)
    except HTTPException as error:  # a refusal of the Laws or the event: the one handler
        return _failed(request, error)
    return RedirectResponse(f"/tables/{event}/{table}", status_code=303)


@pages.get("/card")
def sign_in_by_card(
    request: Request,
    desk: Desk,
    event: Annotated[Number, Query()],
    code: Annotated[str, Query(max_length=16)],
) -> Response:
    """The address of a table card's QR code: sign the table in with its code and open its page.

    The code is the table's secret, so the link works as typing it does, under the same
    sign-in limits; a wrong code gets the sign-in page's refusal.

    >>> from arbitro.web.pages import describe_route
    >>> describe_route(pages, sign_in_by_card)
    'GET /tables/card'
    """
    try:
        table = _sign_in(request, desk, event, code)
    except HTTPException as error:  # a refusal of the Laws or the event: the one handler
        return _failed(request, error)
    return RedirectResponse(f"/tables/{event}/{table}", status_code=303)


Provisional = tuple[
    list[tuple[str, list[RankingLine]]],
    str,
    dict[str, str],
    bool,
    list[NotCompared],
    list[KnockoutMatch],
    int,
]
"""The tables' ranking: its groups, the event's kind, the disqualified (Law 91B),
whether the results are published (official, no longer provisional; Law 79C), and a
teams event's boards left out of their match (Law 87B)."""

NO_RANKING: Provisional = ([], "", {}, False, [], [], 1)
"""What the tables' pages show of the ranking when they show none."""


def _provisional_ranking(store: Store, event: int, language: Language = "en") -> Provisional:
    """The ranking the public page makes, for the tables' pages: empty unless the director allows it.

    The records of the participants disqualified are worded in the page's ``language``.

    A participant disqualified under Law 91B is listed apart with its record, as on the
    public page (:meth:`~arbitro.store.Store.disqualified`), and so is a teams event's
    board whose two tables of a match played different forms of a fouled board: it is
    left out of the match until the director gives it a score (Law 87B,
    :func:`~arbitro.web.api.not_compared`). A ranking the scorer cannot make yet (a
    stored row to resolve on the desk) is left out: the table's page still works. A
    knockout's matches come with the event's sessions: the page shows them instead.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> from arbitro.tournament.movements import mitchell
    >>> store = open_store("sqlite:///:memory:")
    >>> event = store.create_event(EventSpec("A", boards=6), movement=mitchell(3, 2))
    >>> _ = store.enter_result(event, 1, 1, Entry.from_str("3NT S 9"))
    >>> _provisional_ranking(store, event)
    ([], '', {}, False, [], [], 1)
    >>> store.show_ranking_at_tables(event, True)
    >>> store.log_act(event, "disqualify", "2NS: cheating (Law 91B)", by="Ana")
    >>> groups, kind, apart, published, uncompared, _, _ = _provisional_ranking(store, event)
    >>> [line.participant for _, group in groups for line in group], kind, apart, uncompared
    (['1NS', '1EW'], 'pairs', {'2NS': 'cheating (Law 91B)'}, [])
    """
    if not store.tables_show_ranking(event):
        return NO_RANKING
    try:
        info = store.event(event)
        return (
            ranking_groups(store, event),
            info.spec.kind,
            _disqualified(store, event, language),
            info.published is not None and info.reopened is None,
            not_compared(store, event),
            store.knockout_matches(event),
            info.spec.sessions,
        )
    except ArbitroError:
        return NO_RANKING


def _ranking_byes(store: Store, event: int, ranking: Provisional) -> dict[str, Any]:
    """A Swiss's byes and the VPs of each, under the tables' ranking: where a total comes from.

    Nothing when the tables' pages show no ranking.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> _ranking_byes(store, store.create_event(EventSpec("A", boards=6)), NO_RANKING)
    {'byes': [], 'bye_score': None}
    """
    if not ranking[0]:
        return {"byes": [], "bye_score": None}
    return {"byes": store.swiss_byes(event), "bye_score": store.event(event).bye_score}


def _disqualified(store: Store, event: int, language: Language) -> dict[str, str]:
    """The participants disqualified and their records, worded in ``language``."""
    with use_language(language):
        return store.disqualified(event)


def _round_page(
    request: Request,
    event: int,
    table: int,
    desk: TableDesk,
    status_code: int = 200,
    typed_now: dict[int, dict[str, str]] | None = None,
    messages: dict[int, object] | None = None,
) -> Response:
    """The round page, with a board's form filled in as typed and its message beside it."""
    language = page_language(request)
    try:
        require_table(request, event, table)
        spec = desk.store.event(event).spec
        session, seatings = desk.playing(event, table)
        done = {stored.board: stored for stored in desk.results(event, table)}
    except NoOpenRoundError:
        # First: it reads again a Swiss's movement when a round was paired since (not yet
        # opened), so that the table waits for that round rather than being told it is over.
        to_pair = desk.round_to_pair(event)
        next_round = desk.next_round(event, table)
        sits_out = desk.sits_out(event, table)
        swiss = desk.is_swiss(event)
        # A Swiss table left without a match in a round paired (a bye, a team disqualified):
        # only that, not "you sit out" nor the next round's pairing, since its players
        # may be seated at another table this round: the director tells them.
        no_match = [number for number, _ in sits_out] if swiss else []
        session, _ = desk.session_rounds(event)
        # Between rounds, the provisional ranking when the director allows it.
        between = _provisional_ranking(desk.store, event, language)
        waiting = render(
            request,
            "tables/waiting.html",
            status_code=status_code,  # a write refused as the round closed keeps its status
            event=event,
            table=table,
            next_round=next_round,
            moves=desk.moves_before(event, table, next_round),
            # A Swiss's next round, while the director has still to pair it.
            to_pair=to_pair if next_round is None and not no_match else None,
            teams=spec.kind == "teams",
            sits_out=[] if swiss else sits_out,
            no_match=no_match,
            # A later session to come, once this one's rounds are over for the table.
            next_session=session + 1 if next_round is None and session < spec.sessions else None,
            refused=list((messages or {}).values()),
            ranking=between,
            **_ranking_byes(desk.store, event, between),
        )
        waiting.headers["Refresh"] = str(WAITING_REFRESH)  # reloads itself, every browser
        return waiting
    except HTTPException as error:  # a refusal of the Laws or the event: the one handler
        return _failed(request, error)
    replaced_board = request.query_params.get("replaced_board", "")
    playing = {board for seating in seatings for board in seating.boards}
    # Once a round's boards are all in, where everyone goes next (Law 8A).
    moves = {
        seating.round: desk.moves(event, table, seating.round)
        for seating in seatings
        if all(board in done for board in seating.boards)
    }
    messages = messages or {}
    pending = desk.entered(event, table, session)
    # A form as typed (refused) first; else a board waiting for East-West shows its entry.
    typed = {board: waiting_fields(waiting.entry, language) for board, waiting in pending.items()}
    typed |= typed_now or {}
    # At the end of a round confirmed, the provisional ranking if the director allows it.
    shown = _provisional_ranking(desk.store, event, language) if moves else NO_RANKING
    return render(
        request,
        "tables/round.html",
        status_code=status_code,
        event=event,
        table=table,
        # The session is named where the event has several ("Session 2 · Round 3").
        session=session if spec.sessions > 1 else None,
        seatings=seatings,
        done=done,
        pending=pending,
        moves=moves,
        to_pair=desk.round_to_pair(event) if moves else None,
        matches={seating.round: desk.match(event, seating) for seating in seatings},
        teams=spec.kind == "teams",
        # At the end of a round confirmed, the provisional ranking if the director allows it.
        ranking=(
            shown := _provisional_ranking(desk.store, event, language) if moves else NO_RANKING
        ),
        **_ranking_byes(desk.store, event, shown),
        strains=STRAINS,
        doubles=DOUBLES,
        seats=SEATS,
        typed=typed,
        messages=messages,
        elsewhere=[message for board, message in messages.items() if board not in playing],
        replaced_board=int(replaced_board)
        if replaced_board.isascii() and replaced_board.isdigit() and len(replaced_board) < 10
        else None,
        replaced=request.query_params.get("replaced", ""),
    )


def waiting_fields(entry: Entry, lang: Language) -> dict[str, str]:
    """The entry form's fields filled with an entry waiting for East-West's confirmation.

    North-South correcting it before East-West confirm start from what they entered, not
    from an empty form; the opening lead is typed in the page's notation, the selects
    take English values. A board passed out fills nothing.

    >>> waiting_fields(Entry.from_str("3NTX W 7 lead SQ"), "es")
    {'level': '3', 'strain': 'NT', 'double': 'X', 'declarer': 'W', 'lead': 'PD', 'tricks': '7'}
    """
    contract = entry.contract
    if not isinstance(contract, Contract):
        return {}
    return {
        "level": str(contract.level),
        "strain": contract.strain.to_str(),
        "double": contract.doubling.to_str(),
        "declarer": entry.declarer.to_str() if entry.declarer is not None else "",
        "lead": entry.lead.to_str(lang=lang) if entry.lead is not None else "",
        "tricks": str(entry.tricks) if entry.tricks is not None else "",
    }


@pages.get("/{event}/{table}")
def round_page(request: Request, event: Number, table: Number, desk: Desk) -> Response:
    """The table's boards this round: a form for each, the score to confirm, what is done.

    Between rounds the table gets a page that waits for the next one (it reloads itself).
    """
    return _round_page(request, event, table, desk)


_REQUIRED = (
    ("level", N_("the level")),
    ("strain", N_("the strain")),
    ("declarer", N_("the declarer")),
)
"""The fields of the entry form a played board needs, with their names for the message."""


@pages.post("/{event}/{table}/boards/{board}")
async def enter_form(
    request: Request,
    event: Number,
    table: Number,
    board: Number,
    desk: Desk,
    csrf_token: Annotated[str, Form(max_length=128)] = "",
    level: Annotated[str, Form(max_length=2)] = "",
    strain: Annotated[str, Form(max_length=2)] = "",
    double: Annotated[str, Form(max_length=2)] = "",
    declarer: Annotated[str, Form(max_length=2)] = "",
    lead: Annotated[str, Form(max_length=4)] = "",
    tricks: Annotated[str, Form(max_length=4)] = "",
    ns: Annotated[str, Form(max_length=16)] = "",
    ew: Annotated[str, Form(max_length=16)] = "",
    passed: Annotated[str, Form(max_length=4)] = "",
) -> Response:
    """North-South's entry of a board from the form; back to the round to confirm it.

    A mistyped entry shows the round again with the form as typed and the message beside it.
    """
    fields = {"level": level, "strain": strain, "double": double, "declarer": declarer}
    fields |= {"lead": lead, "tricks": tricks, "passed": passed}
    read: Entry | ArbitroError | None = None
    try:
        check_csrf(request, csrf_token)
        require_table(request, event, table)
    except HTTPException as error:  # a refusal of the Laws or the event: the one handler
        return _failed(request, error)
    try:
        # The selects send English values; the opening lead is typed in the page's notation.
        language = page_language(request)
        if passed and any(fields[name].strip() for name in ("level", "strain", "tricks", "lead")):
            # One tap on "Passed out" beside a half-typed contract records nothing.
            raise TableEntryError(
                N_(
                    "board {board} has a contract being typed: clear it to record the "
                    "board passed out, or enter the contract"
                ),
                422,
                board=board,
            )
        if passed:
            contract = PassedOut().to_str(language)
        else:
            for name, label in _REQUIRED:
                if not fields[name].strip():
                    raise TableEntryError(
                        N_("{field} of board {board} is missing: choose it"),
                        422,
                        field=Problem(label),
                        board=board,
                    )
            contract = f"{level}{strain_label(strain, language)}{double}"
        seat = seat_label(declarer, language) if declarer else ""
        typed = TypedEntry(contract, seat, tricks, lead, ns, ew)
        read = _read_typed(typed, language)  # what a refusal after reading it quotes
        entered = await desk.enter(event, table, board, typed, language)
    except ArbitroError as error:
        return await run_in_threadpool(
            _round_page,
            request,
            event,
            table,
            desk,
            status_code=error_status(error),
            typed_now={board: fields},
            messages={
                board: refused_entry(
                    error, read if isinstance(read, Entry) else None, page_language(request)
                )
            },
        )
    target = f"/tables/{event}/{table}"
    if entered.replaced is not None:
        target += "?" + urlencode(
            {"replaced_board": board, "replaced": written(entered.replaced, language)}
        )
    return RedirectResponse(f"{target}#board-{board}", status_code=303)


@pages.post("/{event}/{table}/boards/{board}/confirm")
async def confirm_form(
    request: Request,
    event: Number,
    table: Number,
    board: Number,
    desk: Desk,
    csrf_token: Annotated[str, Form(max_length=128)] = "",
    pair: Annotated[str, Form(max_length=16)] = "",
    entry: Annotated[str, Form(max_length=64)] = "",
) -> Response:
    """East-West's confirmation of the entry they were shown (``entry``); back to the round."""
    try:
        check_csrf(request, csrf_token)
        require_table(request, event, table)
    except HTTPException as error:  # a refusal of the Laws or the event: the one handler
        return _failed(request, error)
    try:
        await desk.confirm(event, table, board, pair, entry)
    except ArbitroError as error:
        return await run_in_threadpool(
            _round_page, request, event, table, desk, error_status(error), messages={board: error}
        )
    return RedirectResponse(f"/tables/{event}/{table}#board-{board}", status_code=303)


router = APIRouter()
"""Everything of the tables: the JSON API and the pages (the application adds each of the two)."""
router.include_router(api)
router.include_router(pages)
