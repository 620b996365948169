"""``arbitro event``: set up an event, make its results official, the director's records, the ranking.

Every command works on the database given by ``--db`` (a file or a URL; default
``ARBITRO_DB``, then the SQLite file in the user's data folder). This module holds the
group and the event's set-up and running (``new``, ``board``, ``pair``, ``publish``);
the other commands live by concern and join the group here: ``import``
(:mod:`~arbitro.cli.event_import`), ``list`` and ``show``
(:mod:`~arbitro.cli.event_show`), the director's acts: ``penalty`` and
``penalty-withdraw`` (:mod:`~arbitro.cli.event_penalties`), ``ruling`` and
``rectified`` (:mod:`~arbitro.cli.event_rulings`), ``appeal``, ``decide`` and
``committee`` (:mod:`~arbitro.cli.event_appeals`), ``carry-over``, ``substitute``,
``suspend`` and ``disqualify`` (:mod:`~arbitro.cli.event_participants`); ``ranking``
(:mod:`~arbitro.cli.event_ranking`), ``traveller``, ``card`` and ``export``
(:mod:`~arbitro.cli.event_results`), ``round open`` and ``round close``
(:mod:`~arbitro.cli.event_rounds`), ``movement`` and ``reopen``.

>>> sorted(event_group.commands)[:4]
['appeal', 'board', 'card', 'carry-over']
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

import click

from arbitro.cli.event_appeals import appeal_command, committee_command, decide_command
from arbitro.cli.event_import import import_command
from arbitro.cli.event_params import CarryOverParam, ParticipantParam, PointsParam
from arbitro.cli.event_participants import (
    carry_over_command,
    disqualify_command,
    substitute_command,
    suspend_command,
)
from arbitro.cli.event_penalties import penalty_command, penalty_withdraw_command
from arbitro.cli.event_ranking import ranking_command
from arbitro.cli.event_results import card_command, export_command, traveller_command
from arbitro.cli.event_rounds import round_group
from arbitro.cli.event_rulings import rectified_command, ruling_command
from arbitro.cli.event_show import list_command, show_command
from arbitro.cli.localized import (
    LocalizedArgument,
    LocalizedChoice,
    LocalizedCommand,
    LocalizedGroup,
    LocalizedOption,
    json_option,
    lang_option,
)
from arbitro.cli.movement import movement_command
from arbitro.cli.numbers import NumberParam
from arbitro.cli.output import FileParam, cannot_read, read_text
from arbitro.cli.params import MAX_COUNT
from arbitro.cli.reopening import reopen_command
from arbitro.cli.shared import db_option, event_argument, opened, option, profile_option
from arbitro.core.board import Board
from arbitro.core.bounded import load_json
from arbitro.core.errors import ArbitroError
from arbitro.core.files import MAX_JSON_BYTES
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.dealing.pbn import board_set_from_games, loads
from arbitro.formats.pbn import read_file as pbn_text
from arbitro.i18n import N_, get_language, gettext, ngettext
from arbitro.tournament.event import KINDS, SCORINGS, EventSpec, Participant
from arbitro.tournament.movements import Movement
from arbitro.tournament.movements.model import MOVEMENTS, movement_from_data
from arbitro.tournament.movements.options import build
from arbitro.tournament.ranking import TIE_BREAKS


@click.group(
    "event",
    cls=LocalizedGroup,
    help=N_(
        "Run an event: create it with its participants and movement, make its results "
        "official (the correction period of Law 79C starts), record the director's rulings, "
        "penalties (Laws 90, 91) and appeals (92, 93), and rank it."
    ),
    short_help=N_("Run an event: set-up, records, ranking."),
)
@lang_option
def event_group() -> None:
    """The ``arbitro event`` group."""


@event_group.command(
    "new",
    cls=LocalizedCommand,
    help=N_(
        "Create the event NAME and print its number. With --movement (and the options of "
        "arbitro event movement) or --movement-file (a movement as arbitro event movement "
        "--json writes it), the participants are the movement's (1NS, 1EW, ... for a "
        "Mitchell; 1, 2, ... for a Howell or a round robin of teams), the boards follow from "
        "it, and the event keeps it; --pair adds the players' names and federation numbers. "
        "A teams event's round robin plays each match at two tables: match 1 at tables 1 "
        "and 2, match 2 at tables 3 and 4, and so on. A Swiss (--movement swiss, --tables "
        "the number of teams or pairs, --rounds the rounds planned) is created with round "
        "1 drawn in the participants' order (1 against 2, 3 against 4, ...); arbitro event "
        "pair pairs each next round from the ranking."
    ),
    short_help=N_("Create an event."),
)
@click.argument("name", cls=LocalizedArgument, metavar=N_("NAME"))
@option(
    "--kind",
    type=LocalizedChoice(KINDS),
    default="pairs",
    show_default=True,
    help=N_("The kind of event."),
)
@option(
    "--scoring",
    "method",
    type=LocalizedChoice(SCORINGS),
    default=None,
    help=N_(
        "A pairs or an individual event's: mp (the default): matchpoints (Law 78A); "
        "imp-butler, cross-imp: IMPs; total: total points. A teams event's: vp (the "
        "default): each match in IMPs, turned into victory points (Law 78B); knockout: "
        "matches decided on total IMPs over the sessions, with their carry-over (Law 86B)."
    ),
)
@profile_option
@option(
    "--movement", type=LocalizedChoice(MOVEMENTS), default=None, help=N_("The movement (Law 8).")
)
@option(
    "--tables",
    type=NumberParam(high=MAX_COUNT),
    default=None,
    help=N_("Tables in the movement (a round robin or a Swiss: the number of teams or pairs)."),
)
@option(
    "--boards-per-round",
    type=NumberParam(high=MAX_COUNT),
    default=2,
    show_default=True,
    help=N_("Boards played in each round of the movement (a round robin: in each match)."),
)
@option(
    "--rounds",
    type=NumberParam(high=MAX_COUNT),
    default=None,
    help=N_("Play fewer rounds than the complete movement (a Swiss: the rounds planned)."),
)
@option(
    "--bye-vp",
    type=PointsParam(),
    default=None,
    help=N_("A Swiss teams event: the victory points of a bye (default 12)."),
)
@option(
    "--absent-round-1",
    "absent",
    multiple=True,
    cls=LocalizedOption,
    metavar=N_("NUMBER"),
    help=N_(
        "A Swiss: a team or pair that does not play round 1 (late): left out of the draw, "
        "it scores 0 and has no bye; may be repeated."
    ),
)
@option("--half-table", is_flag=True, help=N_("Howell: one more pair, who sits out in turn."))
@option(
    "--arrow-switch",
    is_flag=True,
    help=N_("Mitchell: arrow-switch the last quarter of the rounds."),
)
@option(
    "--relay",
    is_flag=True,
    help=N_("Mitchell with an even number of tables: a relay and a bye stand instead of a skip."),
)
@option(
    "--movement-file",
    type=FileParam(),
    default=None,
    help=N_("A movement as arbitro event movement --json writes it."),
)
@option(
    "--boards",
    type=NumberParam(high=MAX_COUNT),
    default=None,
    help=N_("Boards in play (without a movement)."),
)
@option(
    "--sessions",
    type=NumberParam(high=MAX_COUNT),
    default=1,
    show_default=True,
    help=N_("Sessions of the event."),
)
@option(
    "--pair",
    "participants",
    multiple=True,
    type=ParticipantParam(),
    cls=LocalizedOption,
    metavar=N_("NUMBER[: NAME #FEDERATION, NAME]"),
    help=N_("A participant with its players; may be repeated."),
)
@option(
    "--correction-minutes",
    type=NumberParam(low=0),
    default=30,
    show_default=True,
    help=N_("The correction period after the official results (Law 79C1)."),
)
@option(
    "--appeal-minutes",
    type=NumberParam(low=0),
    default=30,
    show_default=True,
    help=N_("The time to appeal after the official results (Law 92B)."),
)
@option(
    "--tie-break",
    "tie_breaks",
    multiple=True,
    type=LocalizedChoice(TIE_BREAKS),
    help=N_("A tie-break, in order; may be repeated (default: ties share the place, 2=)."),
)
@option(
    "--carry-over",
    multiple=True,
    type=CarryOverParam(),
    cls=LocalizedOption,
    metavar=N_("TEAM,AMOUNT"),
    help=N_(
        "A team's carry-over, as arbitro event carry-over sets it: in a knockout the IMPs "
        "it brings into its match, never negative (give it to the other team of the "
        "match instead); in another event the points it brings from an earlier stage (in "
        "a pairs event TEAM is the pair); may be repeated."
    ),
)
@option(
    "--no-committee",
    is_flag=True,
    help=N_(
        "The event has no appeals committee: the director hears every appeal (Law 93A); "
        "arbitro event committee changes it later."
    ),
)
@db_option
@json_option
@lang_option
def new_command(
    name: str,
    kind: str,
    method: str | None,
    profile: str,
    movement: str | None,
    tables: int | None,
    boards_per_round: int,
    rounds: int | None,
    bye_vp: Fraction | None,
    absent: tuple[str, ...],
    half_table: bool,
    arrow_switch: bool,
    relay: bool,
    movement_file: Path | None,
    boards: int | None,
    sessions: int,
    participants: tuple[Participant, ...],
    correction_minutes: int,
    appeal_minutes: int,
    tie_breaks: tuple[str, ...],
    carry_over: tuple[tuple[str, Fraction], ...],
    no_committee: bool,
    database: str | None,
    as_json: bool,
) -> None:
    """Create an event."""
    from arbitro.store.repository import StoreError  # the store only when a command runs

    timetable: Movement | None = None
    if movement_file is not None:
        timetable = _read_movement(movement_file)
    elif movement is not None:
        timetable = build(
            movement,
            tables,
            boards_per_round,
            rounds,
            half_table,
            arrow_switch,
            relay,
            teams=kind == "teams",
            absent=absent,
        )
    if boards is None:
        if timetable is None:
            raise StoreError(N_("give --boards, or a --movement with --tables"))
        boards = timetable.boards
    spec = EventSpec.scored(
        name,
        boards,
        method,
        kind=kind,
        profile=profile,
        sessions=sessions,
        correction_minutes=correction_minutes,
        appeal_minutes=appeal_minutes,
        tie_breaks=tie_breaks,
    )
    with opened(database) as store:
        event = store.create_event(
            spec, participants, timetable, dict(carry_over), bye_score=bye_vp
        )
        if no_committee:
            store.keep_committee(event, False)
        count = len(store.participants(event))
    if as_json:
        click.echo(
            json.dumps(
                {
                    "event": event,
                    "name": name,
                    "scoring": spec.scoring,  # a teams event's vp or knockout, as event show
                    "boards": boards,
                    "participants": count,
                }
            )
        )
        return
    click.echo(
        gettext("Event {event} created: {name}, {boards}, {participants}").format(
            event=event,
            name=name,
            boards=ngettext("{count} board", "{count} boards", boards).format(count=boards),
            participants=ngettext("{count} participant", "{count} participants", count).format(
                count=count
            ),
        )
    )


def _read_movement(path: Path) -> Movement:
    """The movement of the JSON file ``path``, refused with its problems when it is not sound.

    A movement that seats a pair twice at a board, or plays a board more or fewer times
    than it promises, would spoil the session (Law 8): the file is mended first
    (``arbitro event movement --file FILE --check`` lists the same problems).
    """
    from arbitro.tournament.movements.check import check

    text = read_text(path, limit=MAX_JSON_BYTES, problem=click.BadParameter)
    try:
        data = load_json(text)
    except ValueError as error:
        raise click.BadParameter(cannot_read(path, error)) from None
    movement = movement_from_data(data, str(path))
    problems = check(movement)
    if problems:
        raise click.BadParameter(
            gettext("{file}: the movement is not sound: {problems}").format(
                file=path, problems="; ".join(str(problem) for problem in problems)
            ),
            param_hint="--movement-file",
        )
    return movement


@event_group.command(
    "publish",
    cls=LocalizedCommand,
    help=N_(
        "Make the results official: the correction period (Law 79C1) and the time to appeal "
        "(Law 92B) start now. After the correction period the results are locked. Refused "
        "while a round is open for entry at the tables or a result is missing, unless --yes."
    ),
    short_help=N_("Make the results official."),
)
@event_argument
@option("--by", default="", help=N_("Who does it (for the record)."))
@option(
    "--yes",
    "--force",
    "anyway",
    is_flag=True,
    help=N_("Publish even with a round open or a result missing."),
)
@db_option
@lang_option
def publish_command(event: int, by: str, anyway: bool, database: str | None) -> None:
    """Make the results official."""
    with opened(database) as store:
        waiting = store.results_to_come(event) if not anyway else None
        if waiting:
            # As the desk asks: what is still to come, and nothing published until confirmed.
            raise click.ClickException(
                "\n".join(
                    [
                        gettext(
                            "Results are still to come: nothing is published until you "
                            "confirm with --yes."
                        ),
                        *waiting.lines(),
                    ]
                )
            )
        info = store.publish(event, by)
    click.echo(gettext("Results of event {event} published.").format(event=event))
    click.echo(info.correction.status(datetime.now(UTC)))


@event_group.command(
    "pair",
    cls=LocalizedCommand,
    help=N_(
        "Pair the next round of a Swiss event from its ranking (a teams event by its "
        "victory points, a pairs event by its total): top-down, each with the nearest "
        "below it not met yet; a repeat meeting only when no pairing avoids it. With an "
        "odd number the bye goes to the lowest-ranked of those with the fewest byes; a "
        "team or pair given with --absent is not paired and has no bye. Refused while a round has results missing. Prints the tables, the bye and any "
        "repeat meeting."
    ),
    short_help=N_("Pair the next round of a Swiss."),
)
@event_argument
@option(
    "--round",
    "number",
    type=NumberParam(),
    default=None,
    help=N_("The round to pair: refused unless it is the next one (a round is paired once)."),
)
@option(
    "--absent",
    multiple=True,
    cls=LocalizedOption,
    metavar=N_("NUMBER"),
    help=N_(
        "A team or pair that does not play this round (late, away): not paired, it scores "
        "0 and has no bye; may be repeated."
    ),
)
@db_option
@json_option
@lang_option
def pair_command(
    event: int,
    number: int | None,
    absent: tuple[str, ...],
    database: str | None,
    as_json: bool,
) -> None:
    """Pair the next round of a Swiss event."""
    with opened(database) as store:
        paired = store.pair_next_round(event, number, absent)
        teams = store.event(event).spec.kind == "teams"
        planned = store.movement(event)
    round_ = paired.seatings[0].round if paired.seatings else (planned.rounds if planned else 0)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "event": event,
                    "round": round_,
                    "boards": list(paired.seatings[0].boards) if paired.seatings else [],
                    "tables": [
                        {"number": seating.table, "ns": seating.ns, "ew": seating.ew}
                        for seating in paired.seatings
                    ],
                    "bye": paired.bye,
                    "absent": list(paired.absent),
                    "repeats": [list(pair) for pair in paired.repeats],
                }
            )
        )
        return
    boards = paired.seatings[0].boards if paired.seatings else ()
    heading = (
        gettext("Round {round} of event {event} paired: boards {first} to {last}")
        if len(boards) > 1
        else gettext("Round {round} of event {event} paired: board {first}")
    )
    click.echo(heading.format(round=round_, event=event, first=boards[0], last=boards[-1]))
    for seating in paired.seatings:
        if teams:
            line = gettext("Match {match} (tables {open} and {closed}): {home} v {away}").format(
                match=seating.table,
                open=2 * seating.table - 1,
                closed=2 * seating.table,
                home=seating.ns,
                away=seating.ew,
            )
        else:
            line = gettext("Table {table}: {ns} North-South v {ew} East-West").format(
                table=seating.table, ns=seating.ns, ew=seating.ew
            )
        click.echo("  " + line)
    if paired.bye is not None:
        click.echo("  " + gettext("Bye: {participant}").format(participant=paired.bye))
    if paired.absent:
        click.echo("  " + gettext("Absent, not a bye: {who}").format(who=", ".join(paired.absent)))
    for one, other in paired.repeats:
        click.echo(
            "  "
            + gettext("{one} and {other} meet again: no pairing of the field avoids it").format(
                one=one, other=other
            )
        )


@event_group.command(
    "board",
    cls=LocalizedCommand,
    help=N_(
        "Keep the dealer and vulnerability board BOARD of the event is marked with, when "
        "they are not those of Law 2: the board is then played and scored as marked for "
        "the whole session (Law 2, last paragraph). Without --dealer or --vulnerability, "
        "Law 2's are kept. With --pbn instead of BOARD, every board of the PBN set FILE "
        "keeps its Dealer and Vulnerable tags. Refused once the board has results."
    ),
    short_help=N_("A board marked otherwise than Law 2 says."),
)
@event_argument
@click.argument(
    "board", type=NumberParam(), required=False, cls=LocalizedArgument, metavar=N_("[BOARD]")
)
@option("--dealer", default=None, help=N_("The dealer the board is marked with (N, E, S, W)."))
@option(
    "--vulnerability",
    default=None,
    help=N_("The vulnerability the board is marked with (None, NS, EW, All)."),
)
@option(
    "--pbn",
    type=FileParam(),
    default=None,
    help=N_("A PBN set whose boards' Dealer and Vulnerable tags are kept."),
)
@db_option
@lang_option
def board_command(
    event: int,
    board: int | None,
    dealer: str | None,
    vulnerability: str | None,
    pbn: Path | None,
    database: str | None,
) -> None:
    """Keep a board's markings (Law 2, last paragraph)."""
    if (board is None) == (pbn is None):
        raise click.UsageError(gettext("give BOARD or --pbn FILE, one of them"))
    if pbn is not None:
        if dealer or vulnerability:
            raise click.UsageError(
                gettext("--pbn takes the markings from the file, not --dealer or --vulnerability")
            )
        try:
            boards = [
                dealt.board
                for dealt in board_set_from_games(loads(pbn_text(pbn), str(pbn)), str(pbn)).boards
            ]
        except ArbitroError as error:
            raise click.UsageError(str(error)) from None
    else:
        assert board is not None
        lang = get_language()
        try:
            seat = Seat.from_str(dealer, lang) if dealer else None
        except ArbitroError as error:
            raise click.BadParameter(str(error), param_hint="--dealer") from None
        try:
            marked = Vulnerability.from_str(vulnerability, lang) if vulnerability else None
        except ArbitroError as error:
            raise click.BadParameter(str(error), param_hint="--vulnerability") from None
        boards = [Board(board, seat, marked)]
    with opened(database) as store:
        store.mark_boards(event, boards)
    for kept in boards:
        click.echo(
            kept.localized()
            if kept.follows_law2
            else gettext("{board} (not as Law 2 marks it)").format(board=kept.localized())
        )


for command in (
    import_command,
    list_command,
    show_command,
    penalty_command,
    penalty_withdraw_command,
    ruling_command,
    rectified_command,
    appeal_command,
    decide_command,
    committee_command,
    carry_over_command,
    substitute_command,
    suspend_command,
    disqualify_command,
    ranking_command,
    export_command,
    traveller_command,
    card_command,
    movement_command,
    reopen_command,
    round_group,
):
    event_group.add_command(command)
