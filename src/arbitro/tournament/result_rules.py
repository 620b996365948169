"""What a result entered at a table must satisfy before the store keeps it (the event's rules).

The session is one of the event's; the board is played at that table in the movement,
by the pairs it seats there (Law 15 lets the director score the wrong pairs); a pair
plays a board once (Law 15B); a weighted score only where the regulating authority
allows it (Law 12C1c against 12C1e); a score given in IMPs (``0/-2 IMP``, Law 12C1b)
only in a teams event. The store calls these inside the transaction that
writes the result, on what it read in that transaction, so they hold under concurrency.

>>> check_session(EventSpec("Club", boards=8, sessions=2), 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from arbitro.core.board import Board
from arbitro.core.errors import MessageError, RefusedError
from arbitro.i18n import N_
from arbitro.laws.authority import authority
from arbitro.scoring.results import Result, Weighted
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, pair_written
from arbitro.tournament.individual_scores import players_of
from arbitro.tournament.movements import Movement

__all__ = [
    "ResultRefusedError",
    "check_in_imps",
    "check_incongruent",
    "check_marking",
    "check_pairs_once",
    "check_session",
    "check_weighted",
    "seat",
]


class ResultRefusedError(MessageError, RefusedError):
    """A result the event's rules refuse; the message is a catalog message with its details.

    >>> print(ResultRefusedError(N_("table {table} does not exist"), table=0))
    table 0 does not exist
    """


def check_session(spec: EventSpec, session: int) -> None:
    """Refuse a session the event does not have.

    >>> check_session(EventSpec("Club", boards=8), 2)
    Traceback (most recent call last):
    ...
    arbitro.tournament.result_rules.ResultRefusedError: session 2 is not in the event (expected 1 to 1)
    """
    if not 1 <= session <= spec.sessions:
        raise ResultRefusedError(
            N_("session {session} is not in the event (expected 1 to {sessions})"),
            session=session,
            sessions=spec.sessions,
        )


def seat(
    known: set[str],
    spec: EventSpec,
    movement: Movement | None,
    board: int,
    table: int,
    ns: str | None,
    ew: str | None,
    entry: Entry,
) -> tuple[int | None, str, str]:
    """The round and pairs of ``table`` on ``board``: the movement's, or those given.

    ``known`` are the numbers of the event's participants; the pairs given must be the
    movement's, unless the entry says the wrong pairs played the board (Law 15).

    >>> from arbitro.tournament.movements import mitchell
    >>> seat({"1NS", "1EW"}, EventSpec("Club", boards=6), mitchell(3, 2), 1, 1, None, None,
    ...      Entry.from_str("4S N 10"))
    (1, '1NS', '1EW')
    """
    if not 1 <= board <= spec.boards:
        raise ResultRefusedError(
            N_("board {board} is not in the event (expected 1 to {boards})"),
            board=board,
            boards=spec.boards,
        )
    if table < 1:
        raise ResultRefusedError(N_("table {table} does not exist"), table=table)
    round_number: int | None = None
    if movement is not None:
        seatings = movement.plays(table, board)
        if not seatings:
            raise ResultRefusedError(
                N_("table {table} does not play board {board} in this movement"),
                table=table,
                board=board,
            )
        seating = seatings[0]
        round_number = seating.round
        expected = seating.sides
        if (ns or expected[0], ew or expected[1]) != expected and not entry.wrong_pairs:
            raise ResultRefusedError(
                N_(
                    "board {board} at table {table} is for {ns} against {ew} (round "
                    "{round}); if the wrong pairs played it, enter it as played by the wrong "
                    "pairs (Law 15)"
                ),
                board=board,
                table=table,
                ns=expected[0],
                ew=expected[1],
                round=round_number,
            )
        ns, ew = ns or expected[0], ew or expected[1]
    if not ns or not ew:
        raise ResultRefusedError(
            N_("give the pairs with --ns and --ew (the event has no movement)")
        )
    if spec.kind == "individual":
        players = [*players_of(ns), *players_of(ew)]
        for player in players:
            if player not in known:
                raise ResultRefusedError(
                    N_("'{pair}' is not a participant of the event (expected {choices})"),
                    pair=player,
                    choices=", ".join(sorted(known, key=lambda name: (len(name), name))),
                )
        if len(set(players)) != len(players):
            raise ResultRefusedError(
                N_("{ns} and {ew} share a player: four players sit at a table"),
                ns=ns,
                ew=ew,
            )
        return round_number, ns, ew
    for pair in (ns, ew):
        if pair not in known:
            raise ResultRefusedError(
                N_("'{pair}' is not a participant of the event (expected {choices})"),
                pair=pair_written(pair),
                choices=", ".join(pair_written(choice) for choice in sorted(known)),
            )
    if ns == ew:
        raise ResultRefusedError(
            N_("pair {pair} cannot play against itself"), pair=pair_written(ns)
        )
    return round_number, ns, ew


def check_marking(spec: EventSpec, board: Board, played: bool) -> None:
    """Refuse markings (Law 2, last paragraph) for a board not in the event or already played.

    A board marked otherwise than Law 2 says keeps its markings for the whole session,
    so they are kept before its first result, never changed under results scored with
    other ones.

    >>> check_marking(EventSpec("Club", boards=8), Board(3), played=False)
    >>> check_marking(EventSpec("Club", boards=8), Board(3), played=True)
    Traceback (most recent call last):
    ...
    arbitro.tournament.result_rules.ResultRefusedError: board 3 already has results; its markings apply for the whole session (Law 2)
    """
    if board.number > spec.boards:
        raise ResultRefusedError(
            N_("board {board} is not in the event (expected 1 to {boards})"),
            board=board.number,
            boards=spec.boards,
        )
    if played:
        raise ResultRefusedError(
            N_(
                "board {board} already has results; its markings apply for the whole "
                "session (Law 2)"
            ),
            board=board.number,
        )


def check_incongruent(spec: EventSpec, entry: Entry, board: Board) -> None:
    """Refuse a contract and a score that disagree where the authority has no rule A.

    The AEB's rule A (``004_*``) lets the number of an incongruent entry stand unless
    both pairs agree; an authority without it (the WBF's Laws have none) gets an entry
    whose contract and score agree, or one of them: the scorer corrects the slip before
    the result is kept (Law 79A: the tricks are agreed at the table).

    >>> incongruent = Entry.from_str("4S N 9 score 50")
    >>> check_incongruent(EventSpec("Club", boards=8), incongruent, Board(1))
    >>> check_incongruent(EventSpec("Club", boards=8, profile="wbf"), incongruent, Board(1))
    Traceback (most recent call last):
    ...
    arbitro.tournament.result_rules.ResultRefusedError: board 1: the contract gives -50 but the score is 50; enter the contract or the score alone, or make them agree
    """
    if authority(spec.profile).entry_rule_a:
        return
    computed = entry.incongruent(board)
    if computed is not None:
        raise ResultRefusedError(
            N_(
                "board {board}: the contract gives {computed} but the score is {entered}; "
                "enter the contract or the score alone, or make them agree"
            ),
            board=board.number,
            computed=computed,
            entered=entry.score,
        )


def check_weighted(spec: EventSpec, result: Result | None, board: int, table: int) -> None:
    """Refuse a weighted score (12C1c) where the event's authority applies 12C1e.

    Refused where it is typed, naming its board and table: stored, it would stop the
    whole event from being scored and ranked.

    >>> from arbitro.scoring.results import Result
    >>> check_weighted(EventSpec("Club", boards=8, profile="wbf"), None, 1, 1)
    """
    profile = authority(spec.profile)
    if result is None or profile.weighted_scores:
        return
    for view in (result.ns, result.ew):
        if isinstance(view, Weighted) and not view.is_single:
            raise ResultRefusedError(
                N_(
                    "board {board} at table {table}: the regulating authority "
                    "({authority}) does not allow weighted scores (Law 12C1c); give the "
                    "score of Law 12C1e"
                ),
                board=board,
                table=table,
                authority=profile.code,
            )


def check_in_imps(spec: EventSpec, result: Result | None, board: int, table: int) -> None:
    """Refuse a score given in IMPs (``0/-2 IMP``, Law 12C1b) outside a teams event.

    Only a team match gives a board's IMPs to a side directly; a pairs or individual
    event scores the board against the field (matchpoints, Butler, cross-IMPs, total
    points), where a figure in IMPs means nothing. Refused where it is typed, naming
    its board and table.

    >>> in_imps = Result.in_imps(0, -2)
    >>> check_in_imps(EventSpec("Cup", boards=8, kind="teams"), in_imps, 1, 1)
    >>> check_in_imps(EventSpec("Club", boards=8), in_imps, 3, 2)
    Traceback (most recent call last):
    ...
    arbitro.tournament.result_rules.ResultRefusedError: board 3 at table 2: a score given in IMPs (0/-2 IMP) is for a team match (Law 12C1b); this event scores the board against the field: give an assigned or an artificial score
    """
    if result is None or spec.kind == "teams" or not result.in_imps_given:
        return
    raise ResultRefusedError(
        N_(
            "board {board} at table {table}: a score given in IMPs ({adjusted}) is for a team "
            "match (Law 12C1b); this event scores the board against the field: give an "
            "assigned or an artificial score"
        ),
        board=board,
        table=table,
        adjusted=result.to_str(),
    )


def check_pairs_once(
    played: Iterable[Any], spec: EventSpec, board: int, table: int, ns: str, ew: str
) -> None:
    """Law 15B: a second result of a board for the same pair is refused.

    ``played`` are the board's results in the session (``table_number``, ``ns``,
    ``ew``); the one of ``table`` itself does not count. A team plays each board
    twice, once in each direction (its two pairs): there the same team in the same
    direction twice is refused.

    >>> from types import SimpleNamespace
    >>> played = [SimpleNamespace(table_number=1, ns="1", ew="2")]
    >>> check_pairs_once(played, EventSpec("Club", boards=8), 1, 2, "1", "3")
    Traceback (most recent call last):
    ...
    arbitro.tournament.result_rules.ResultRefusedError: pair 1 already played board 1 (at table 1); a second result is cancelled (Law 15B): enter an adjusted score
    """
    rows = [row for row in played if row.table_number != table]
    teams = spec.kind == "teams"
    if spec.kind == "individual":
        for row in rows:
            everyone = {*players_of(row.ns), *players_of(row.ew)}
            for player in (*players_of(ns), *players_of(ew)):
                if player in everyone:
                    raise ResultRefusedError(
                        N_(
                            "player {player} already played board {board} (at table {table}); "
                            "a second result is cancelled (Law 15B): enter an adjusted score"
                        ),
                        player=player,
                        board=board,
                        table=row.table_number,
                    )
        return
    for row in rows:
        for pair, side in ((ns, "ns"), (ew, "ew")):
            seen = (getattr(row, side),) if teams else (row.ns, row.ew)
            if pair in seen:
                raise ResultRefusedError(
                    N_(
                        "pair {pair} already played board {board} (at table {table}); a "
                        "second result is cancelled (Law 15B): enter an adjusted score"
                    ),
                    pair=pair_written(pair),
                    board=board,
                    table=row.table_number,
                )
