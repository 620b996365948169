"""``arbitro event movement``: print a movement round by round, and prove it sound (Law 8).

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(movement_command, ["--type", "mitchell", "--tables", "3",
...                                                "--check", "--lang", "en"])
>>> print(result.output.splitlines()[0])
Mitchell, 3 tables, 3 rounds of 2 boards
>>> result.output.splitlines()[-1], result.exit_code
('Sound: every participant plays each board at most once.', 0)
"""

from __future__ import annotations

import json
from collections.abc import Collection
from pathlib import Path
from typing import Literal

import click

from arbitro.cli.localized import (
    LocalizedChoice,
    LocalizedCommand,
    LocalizedOption,
    json_option,
    lang_option,
)
from arbitro.cli.numbers import NumberParam
from arbitro.cli.output import FileParam, echo_json, read_text
from arbitro.cli.params import MAX_COUNT
from arbitro.cli.shared import db_option, opened
from arbitro.core.bounded import load_json
from arbitro.core.files import MAX_JSON_BYTES
from arbitro.i18n import N_, gettext
from arbitro.tournament.event import pair_number, pair_written
from arbitro.tournament.movements import (
    InvalidMovementError,
    Movement,
    Seating,
    UnknownParticipantError,
    check,
    guide_card,
    table_card,
)
from arbitro.tournament.movements.guide_cards import arrow_switch_note
from arbitro.tournament.movements.model import movement_from_data, movement_to_data
from arbitro.tournament.movements.options import build

TYPES = ("mitchell", "howell", "individual", "round-robin")
"""The movements the command prints (Swiss events are paired round by round)."""

EXIT_UNSOUND = 1

MovementType = Literal["mitchell", "howell", "individual", "round-robin"]


@click.command(
    "movement",
    cls=LocalizedCommand,
    help=N_(
        "Print a movement round by round (Law 8): who sits where, which boards, and where "
        "the boards and the players go next. With --check, prove it sound; an unsound "
        "movement exits with status 1 and one line per problem."
    ),
    short_help=N_("Print a movement and check it (Law 8)."),
)
@click.option(
    "--type",
    "kind",
    cls=LocalizedOption,
    type=LocalizedChoice(TYPES),
    default="mitchell",
    show_default=True,
    help=N_("The movement: mitchell, howell, individual or round-robin."),
)
@click.option(
    "--tables",
    cls=LocalizedOption,
    type=NumberParam(high=MAX_COUNT),
    default=None,
    metavar=N_("N"),
    help=N_("Tables (for a round robin: teams)."),
)
@click.option(
    "--boards-per-round",
    cls=LocalizedOption,
    type=NumberParam(high=MAX_COUNT),
    default=2,
    show_default=True,
    metavar=N_("K"),
    help=N_("Boards played in each round (for a round robin: in each match)."),
)
@click.option(
    "--rounds",
    cls=LocalizedOption,
    type=NumberParam(high=MAX_COUNT),
    default=None,
    metavar=N_("N"),
    help=N_("Play fewer rounds than the complete movement."),
)
@click.option("--half-table", is_flag=True, help=N_("Howell: one more pair, who sits out in turn."))
@click.option(
    "--arrow-switch",
    is_flag=True,
    help=N_("Mitchell: arrow-switch the last quarter of the rounds."),
)
@click.option(
    "--relay",
    is_flag=True,
    help=N_("Mitchell with an even number of tables: a relay and a bye stand instead of a skip."),
)
@click.option(
    "--file",
    "path",
    cls=LocalizedOption,
    type=FileParam(),
    default=None,
    metavar=N_("FILE"),
    help=N_("Read the movement from a JSON file (as --json writes it) instead of making one."),
)
@click.option(
    "--event",
    "event",
    cls=LocalizedOption,
    type=NumberParam(),
    default=None,
    metavar=N_("EVENT"),
    help=N_(
        "Print the movement the stored event EVENT keeps instead of making one (a Swiss: "
        "the rounds paired so far)."
    ),
)
@db_option
@click.option(
    "--guide-card",
    "guide_cards",
    cls=LocalizedOption,
    multiple=True,
    metavar=N_("PARTICIPANT"),
    help=N_("Print this participant's guide card instead of the movement (repeatable)."),
)
@click.option(
    "--table-card",
    "table_cards",
    cls=LocalizedOption,
    type=NumberParam(),
    multiple=True,
    metavar=N_("TABLE"),
    help=N_("Print the card of this table instead of the movement (repeatable)."),
)
@click.option("--check", "check_it", is_flag=True, help=N_("Prove the movement sound."))
@json_option
@lang_option
def movement_command(
    kind: str,
    tables: int | None,
    boards_per_round: int,
    rounds: int | None,
    half_table: bool,
    arrow_switch: bool,
    relay: bool,
    path: Path | None,
    event: int | None,
    database: str | None,
    guide_cards: tuple[str, ...],
    table_cards: tuple[int, ...],
    check_it: bool,
    as_json: bool,
) -> None:
    """Print a movement, and check it if asked.

    >>> from click.testing import CliRunner
    >>> CliRunner().invoke(movement_command, ["--tables", "3", "--check"]).exit_code
    0
    """
    context = click.get_current_context()
    absent: set[str] = set()
    try:
        if path is not None:
            movement = _read(path)
        elif event is not None:
            with opened(database, existing=True) as store:
                kept = store.movement(event)
                absent = set(store.disqualified(event))
            if kept is None:
                raise click.UsageError(
                    gettext("event {event} has no movement").format(event=event), ctx=context
                )
            movement = kept
        else:
            movement = build(
                kind, tables, boards_per_round, rounds, half_table, arrow_switch, relay
            )
    except InvalidMovementError as error:
        raise click.UsageError(str(error), ctx=context) from None
    problems = check(movement) if check_it else []
    if as_json:
        data = movement_to_data(movement)
        if check_it:
            data["problems"] = [
                {"code": problem.code, "message": str(problem)} for problem in problems
            ]
        echo_json(data)
    else:
        try:
            click.echo(
                _cards(movement, guide_cards, table_cards)
                if guide_cards or table_cards
                else show(movement, absent)
            )
        except UnknownParticipantError as error:  # a file seating someone it does not list
            if not problems:
                raise click.UsageError(str(error), ctx=context) from None
    if not as_json:
        if check_it and not problems:
            click.echo(gettext("Sound: every participant plays each board at most once."))
        for problem in problems:
            click.echo(gettext("Problem: {problem}").format(problem=problem))
    if problems:
        context.exit(EXIT_UNSOUND)


def _cards(movement: Movement, participants: tuple[str, ...], tables: tuple[int, ...]) -> str:
    cards: list[str] = []
    for written in participants:
        participant = pair_number(written)  # 1eo, 1EO and 1EW are the same pair
        if participant not in movement.participants:
            raise click.UsageError(str(UnknownParticipantError(written, movement.participants)))
        cards.append(guide_card(movement, participant))
    for table in tables:
        if not any(seating.table == table for seating in movement.schedule):
            raise click.UsageError(gettext("the movement has no table {table}").format(table=table))
        cards.append(table_card(movement, table))
    return "\n\n".join(cards)


def _read(path: Path) -> Movement:
    text = read_text(path, limit=MAX_JSON_BYTES)
    try:
        data = load_json(text)
    except json.JSONDecodeError as error:
        raise click.UsageError(
            gettext("'{path}' line {line}: not JSON ({reason})").format(
                path=path, line=error.lineno, reason=error.msg
            )
        ) from None
    return movement_from_data(data, str(path))


def _range(boards: tuple[int, ...]) -> str:
    if not boards:
        return "-"
    if boards == tuple(range(boards[0], boards[-1] + 1)) and len(boards) > 1:
        return f"{boards[0]}-{boards[-1]}"
    return ",".join(map(str, boards))


def _grid(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return [
        "  "
        + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def show(movement: Movement, absent: Collection[str] = ()) -> str:
    """The movement as text, round by round, with where everything goes next (Law 8A).

    The ``absent`` (disqualified, Law 91B) who have no table in a round are named apart
    from those sitting out.

    >>> from arbitro.tournament.movements import mitchell
    >>> print(show(mitchell(3, 1)).splitlines()[3])
      Table  N-S  E-W  Boards  Boards next  N-S next  E-W next
    """
    individual_seats = any(seating.individual for seating in movement.schedule)
    lines = [movement.description, ""]
    for number in range(1, movement.rounds + 1):
        lines.append(gettext("Round {round}").format(round=number))
        if individual_seats:
            header = [N_("Table"), N_("North"), N_("East"), N_("South"), N_("West")]
        else:
            header = [N_("Table"), N_("N-S"), N_("E-W")]
        header += [N_("Boards"), N_("Boards next")]
        rows = [[gettext(cell) for cell in header]]
        for seating in movement.seatings(number):
            seats = (
                [seating.north, seating.east, seating.south, seating.west]
                if individual_seats
                else [seating.ns, seating.ew]
            )
            goes = goes_to(movement, seating.board_set, number)
            rows.append(
                [
                    str(seating.table),
                    *(pair_written(seat) if seat else "-" for seat in seats),  # 1EO in Spanish
                    _range(seating.boards),
                    goes,
                ]
            )
        if not individual_seats:
            rows[0] += [gettext("N-S next"), gettext("E-W next")]
            for row, seating in zip(rows[1:], movement.seatings(number), strict=True):
                row += [
                    _next(movement, seating, seating.ns, number),
                    _next(movement, seating, seating.ew, number),
                ]
        lines.extend(_grid(rows))
        out = [who for who in movement.byes(number) if who not in absent]
        if out:
            lines.append(
                "  " + gettext("Sitting out: {who}").format(who=", ".join(map(pair_written, out)))
            )
        missing = movement.absent_from(number)
        if missing:
            # Said not to play the round (late, away): no table and no bye.
            lines.append(
                "  "
                + gettext("Absent, not a bye: {who}").format(
                    who=", ".join(map(pair_written, missing))
                )
            )
        gone = [who for who in movement.byes(number) if who in absent]
        if gone:
            # A Swiss pairs a disqualified team or pair no more (Law 91B): no bye, no table.
            lines.append(
                "  "
                + gettext("Disqualified, not seated: {who}").format(
                    who=", ".join(map(pair_written, gone))
                )
            )
        resting = [
            board_set
            for board_set in movement.resting_sets(number)
            if _on_bye_stand(movement, board_set, number)
        ]
        if resting:
            lines.append(
                "  "
                + gettext("On the bye stand: boards {boards}").format(
                    boards="; ".join(_range(movement.board_numbers(s)) for s in resting)
                )
            )
        if any(seating.arrow_switched for seating in movement.seatings(number)):
            lines.extend("  " + line for line in arrow_switch_note([number]))
        lines.append("")
    return "\n".join(lines).rstrip("\n")


def _on_bye_stand(movement: Movement, board_set: int, number: int) -> bool:
    """Whether ``board_set``, on no table in round ``number``, waits on the bye stand.

    A set nobody has played yet is still with the director (a Howell's or an
    individual's later rounds, a round robin's later matches), except in a Mitchell
    with a relay: its bye stand holds a set from the start, which the room is set up
    with (the director must know which, before round 1).

    >>> from arbitro.tournament.movements import mitchell
    >>> _on_bye_stand(mitchell(4, 2, sharing="relay"), 4, 1)
    True
    """
    if movement.where_set_goes(board_set, number) == "done":
        return False
    played = any(s.board_set == board_set and s.round < number for s in movement.schedule)
    return played or (movement.kind == "mitchell" and bool(movement.relays))


def goes_to(movement: Movement, board_set: int | None, number: int) -> str:
    """Where a board set goes after round ``number``, as the cards show it.

    >>> from arbitro.tournament.movements import mitchell
    >>> goes_to(mitchell(4, 2, sharing="relay"), 3, 1)
    'bye stand'
    """
    if board_set is None:
        return "-"
    going = movement.where_set_goes(board_set, number)
    if going == "done":
        return "-"
    if going == "bye stand":
        return gettext("bye stand")
    return ", ".join(map(str, going))


def _next(movement: Movement, here: Seating, participant: str | None, number: int) -> str:
    """Where ``participant``, at ``here`` in round ``number``, goes next (a team's pair keeps its side)."""
    if participant is None or number == movement.rounds:
        return "-"
    seating = movement.next_seating(participant, number, movement.side_of(here, participant))
    if seating is None:
        return gettext("sits out")
    side = "N-S" if participant in seating.opponents[0] else "E-W"
    return f"{seating.table} {gettext(side)}"
