"""The tables' writes as the desk's group-commit writer runs them: a batch's entries kept, its confirmations recorded.

:meth:`TableDesk.enter <arbitro.web.table_desk.TableDesk.enter>` and
:meth:`TableDesk.confirm <arbitro.web.table_desk.TableDesk.confirm>` check a write's
round, board and pairs in the writer's job, then hand it here with the batch's other
writes of its kind: :func:`hold_batch` keeps North-South's entries (one read of their
boards' entries, one clearing of the confirmed ones, one sending of them all), and
:func:`confirm_batch` checks East-West's confirmations against the entries waiting and
records the results together. A refusal raises: the writer then runs the batch again
one write at a time, so that it reaches its own table.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbitro.i18n import N_
from arbitro.store import Store
from arbitro.store.score_entry import (
    Connection,
    boards_entries,
    clear_confirmed_tables,
    hold_entries,
    marked_boards,
    stored_result,
    waiting_entries_of,
)
from arbitro.store.stored import NewResult, StoredResult
from arbitro.tournament.entry import Entry
from arbitro.tournament.movements.model import Seating
from arbitro.web.pages import PairNumbers, written
from arbitro.web.table_entries import (
    AlreadyConfirmedError,
    Entered,
    TableEntryError,
    same_entry,
    same_pair,
    stored_entry,
)


@dataclass(frozen=True)
class Confirming:
    """East-West's confirmation of a board, its open seating found: what :func:`confirm_batch` checks."""

    store: Store
    event: int
    table: int
    board: int
    pair: str
    seen: str
    seating: Seating
    session: int = 1


def confirm_batch(connection: Connection, asked: list[Confirming]) -> list[StoredResult]:
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
        if not _confirms(pair, ew, seating):
            raise TableEntryError(
                N_("the result is confirmed by the opponents, East-West pair {ew} (not '{pair}')"),
                403,
                ew=PairNumbers((ew,)),
                pair=pair.strip(),
            )
        if seen.strip() and not same_entry(seen, text):
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
                stored_entry(text),
                ns,
                ew,
                session=one.session,
                by=f"table {table}",
            )
        )
    return asked[0].store.record_results(connection, requests)


def _confirms(pair: str, ew: str, seating: Seating) -> bool:
    """Whether ``pair`` (as East-West typed it) is who confirms an entry of East-West ``ew`` at ``seating``.

    In an individual East or West confirms with a player's own number.

    >>> from arbitro.tournament.movements import mitchell
    >>> seating = mitchell(3, 2).seatings(1)[1]
    >>> _confirms("2eo", "2EW", seating), _confirms("2NS", "2EW", seating)
    (True, False)
    """
    confirmers = {ew, seating.east, seating.west} if seating.individual else {ew}
    return any(same_pair(pair, one) for one in confirmers if one)


def _check_confirmed(
    connection: Connection, asked: Confirming, pair: str, seen: str, seating: Seating
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
    if not _confirms(pair, ew, seating) or (seen.strip() and not same_entry(seen, text)):
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


def hold_batch(
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
            entered = replace(entered, replaced=stored_entry(earlier))
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
