"""Guide cards for the players and table cards for the tables (Law 8A), as text.

A guide card tells one participant, round by round, the table and the direction to sit,
the opponents (and in an individual the partner) and the boards to play; the next row is
where to go when the round is called. A table card, left on the table, tells the players
sitting there who comes in each round, which boards they play, and where North takes the
boards at the end of the round (Law 8A2). Both are in the active language.

>>> from arbitro.tournament.movements import mitchell
>>> print(guide_card(mitchell(3, 2), "2EW"))
Guide card: 2EW
Mitchell, 3 tables, 3 rounds of 2 boards
Round  Table  Direction  Opponents  Boards
1      2      E-W        2NS        3-4
2      3      E-W        3NS        1-2
3      1      E-W        1NS        5-6
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from arbitro.i18n import N_, gettext
from arbitro.tournament.movements.model import Movement, Seating

_SEATS = (N_("North"), N_("East"), N_("South"), N_("West"))
_SEAT = N_("Seat")
_DIRECTION = N_("Direction")
_ARROW_SWITCH = N_(
    "Arrow switch in round {rounds}: the pairs change seats as the card shows; "
    "play the boards as they come, without turning them."
)


def arrow_switch_note(rounds: list[int]) -> list[str]:
    """The line telling the players how an arrow switch is made, if ``rounds`` has any.

    Árbitro makes the switch by seating the pairs in the other direction (the cards
    show it), so the boards must not be turned as well: that would switch them twice.

    >>> arrow_switch_note([])
    []
    >>> arrow_switch_note([6, 7])[0][:40]
    'Arrow switch in round 6, 7: the pairs ch'
    """
    if not rounds:
        return []
    return [gettext(_ARROW_SWITCH).format(rounds=", ".join(map(str, sorted(rounds))))]


def _boards(boards: tuple[int, ...]) -> str:
    if not boards:
        return "-"
    if len(boards) > 1 and boards == tuple(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}-{boards[-1]}"
    return ",".join(map(str, boards))


def _grid(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def _place(seating: Seating, participant: str) -> tuple[str, str, str]:
    """The direction (or seat), the opponents and the partner of ``participant``."""
    if seating.individual:
        seats = (seating.north, seating.east, seating.south, seating.west)
        index = seats.index(participant)
        partner = seats[(index + 2) % 4] or "-"
        opponents = [seats[(index + 1) % 4], seats[(index + 3) % 4]]
        return gettext(_SEATS[index]), ", ".join(o or "-" for o in opponents), partner
    if participant == seating.ns:
        return gettext("N-S"), seating.ew or "-", ""
    return gettext("E-W"), seating.ns or "-", ""


def guide_card(movement: Movement, participant: str) -> str:
    """The guide card of ``participant``: where to sit and what to play in every round.

    >>> from arbitro.tournament.movements import howell
    >>> print(guide_card(howell(2, 3, half_table=True), "1"))
    Guide card: 1
    Howell, 2 tables and a half, 5 rounds of 3 boards, relay between tables 1 and 2
    Round  Table  Direction  Opponents  Boards
    1      -      sits out   -          -
    2      1      E-W        3          4-6
    3      2      E-W        5          7-9
    4      2      N-S        2          10-12
    5      1      N-S        4          13-15
    """
    individual = any(seating.individual for seating in movement.schedule)
    header = [gettext("Round"), gettext("Table"), gettext(_SEAT if individual else _DIRECTION)]
    header += [gettext("Partner")] if individual else []
    header += [gettext("Opponents"), gettext("Boards")]
    rows = [header]
    # A team of a match at two tables sits at both: a row for each of its pairs.
    sides: tuple[int | None, ...] = (0, 1) if movement.rooms == 2 else (None,)
    for number in range(1, movement.rounds + 1):
        for side in sides:
            seating = movement.seating_of(participant, number, side)
            if seating is None:
                if side != 1:
                    rows.append(
                        [str(number), "-", gettext("sits out")] + ["-"] * (3 if individual else 2)
                    )
                continue
            where, opponents, partner = _place(seating, participant)
            row = [str(number), str(seating.table), where]
            row += [partner] if individual else []
            row += [opponents, _boards(seating.boards)]
            rows.append(row)
    switched = [
        seating.round
        for seating in movement.schedule
        if seating.arrow_switched and participant in seating.participants
    ]
    title = gettext("Guide card: {participant}").format(participant=participant)
    return "\n".join([title, movement.description, *_grid(rows), *arrow_switch_note(switched)])


def table_card(movement: Movement, table: int) -> str:
    """The card left on ``table``: who sits there and which boards, round by round.

    >>> from arbitro.tournament.movements import mitchell
    >>> print(table_card(mitchell(3, 2), 1))
    Table card: table 1
    Mitchell, 3 tables, 3 rounds of 2 boards
    Round  N-S  E-W  Boards  Boards go to
    1      1NS  1EW  1-2     3
    2      1NS  3EW  3-4     3
    3      1NS  2EW  5-6     -
    North takes the boards to their next table (Law 8A2).
    """
    individual = any(seating.individual for seating in movement.schedule)
    if individual:
        header = [gettext("Round"), *(gettext(seat) for seat in _SEATS)]
    else:
        header = [gettext("Round"), gettext("N-S"), gettext("E-W")]
    rows = [[*header, gettext("Boards"), gettext("Boards go to")]]
    for number in range(1, movement.rounds + 1):
        here = [seating for seating in movement.seatings(number) if seating.table == table]
        if not here:
            continue
        seating = here[0]
        if individual:
            seats = [seating.north, seating.east, seating.south, seating.west]
        else:
            seats = [seating.ns, seating.ew]
        going = (
            movement.where_set_goes(seating.board_set, number)
            if seating.board_set is not None
            else "done"
        )
        if going == "done":
            goes = "-"
        elif going == "bye stand":
            goes = gettext("bye stand")
        else:
            goes = ", ".join(map(str, going))
        rows.append([str(number), *(seat or "-" for seat in seats), _boards(seating.boards), goes])
    switched = [
        seating.round
        for seating in movement.schedule
        if seating.arrow_switched and seating.table == table
    ]
    title = gettext("Table card: table {table}").format(table=table)
    footer = (
        gettext("At the end of the round North hands the boards to the director.")
        if movement.rooms == 2
        else gettext("North takes the boards to their next table (Law 8A2).")
    )
    return "\n".join(
        [
            title,
            movement.description,
            *_grid(rows),
            *match_note(movement, table),
            footer,
            *arrow_switch_note(switched),
        ]
    )


def match_note(movement: Movement, table: int) -> list[str]:
    """The line telling a table of a teams match which match it plays and with which table.

    Match ``m`` is played at tables ``2m - 1`` (the home team North-South) and ``2m``
    (the away team North-South); the two tables share the match's boards.

    >>> from arbitro.tournament.movements import round_robin, two_rooms
    >>> match_note(two_rooms(round_robin(4, 2)), 4)
    ['Tables 3 and 4 play match 2: the home team sits North-South at table 3 and East-West at table 4; the two tables play the same boards, passing them between them.']
    >>> match_note(round_robin(4, 2), 1)
    []
    """
    if movement.rooms != 2:
        return []
    match = (table + 1) // 2
    return [
        gettext(
            "Tables {open} and {closed} play match {match}: the home team sits North-South "
            "at table {open} and East-West at table {closed}; the two tables play the same "
            "boards, passing them between them."
        ).format(open=2 * match - 1, closed=2 * match, match=match)
    ]


MoveKind = Literal["go", "stay", "sits out", "bye stand", "done"]
"""What a move says: to another table, stay at this one, sit out; boards to a bye stand or done."""


@dataclass(frozen=True)
class Move:
    """Where one participant, or the table's boards, go at the end of a round (Law 8A).

    ``who`` is the participant (empty for the boards, then ``boards`` names them);
    ``tables`` the next round's table (several for a relayed set); ``place`` where the
    participant sits there: ``NS``/``EW``, or a seat ``N``/``E``/``S``/``W`` in an individual.
    """

    kind: MoveKind
    who: str = ""
    boards: tuple[int, ...] = ()
    tables: tuple[int, ...] = ()
    place: str = ""


def _place_at(seating: Seating, participant: str) -> str:
    if seating.individual:
        seats = (seating.north, seating.east, seating.south, seating.west)
        return "NESW"[seats.index(participant)]
    return "NS" if participant == seating.ns else "EW"


def round_moves(movement: Movement, table: int, round: int) -> tuple[Move, ...]:
    """Where the players at ``table`` and its boards go when ``round`` ends (Law 8A).

    The table card's instructions for one round, as the table's phone shows them: each
    participant's next table and direction (or that they stay, or sit out), then where
    North takes the boards (Law 8A2). Nothing after the movement's last round.

    >>> from arbitro.tournament.movements import mitchell
    >>> for move in round_moves(mitchell(3, 2), 1, 1):
    ...     print(move.kind, move.who or move.boards, move.tables, move.place)
    stay 1NS (1,) NS
    go 1EW (2,) EW
    go (1, 2) (3,)
    >>> round_moves(mitchell(3, 2), 1, 3)
    ()
    """
    here = [seating for seating in movement.seatings(round) if seating.table == table]
    if not here or round >= movement.rounds:
        return ()
    seating = here[0]
    moves = []
    for participant in seating.participants:
        if not participant:
            continue
        following = movement.next_seating(
            participant, round, movement.side_of(seating, participant)
        )
        if following is None:
            moves.append(Move("sits out", participant))
            continue
        kind: MoveKind = "stay" if following.table == table else "go"
        moves.append(
            Move(
                kind,
                participant,
                tables=(following.table,),
                place=_place_at(following, participant),
            )
        )
    if seating.board_set is not None and seating.boards:
        going = movement.where_set_goes(seating.board_set, round)
        if isinstance(going, tuple):
            moves.append(Move("go", boards=seating.boards, tables=going))
        else:
            moves.append(
                Move("bye stand" if going == "bye stand" else "done", boards=seating.boards)
            )
    return tuple(moves)
