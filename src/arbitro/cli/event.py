"""``arbitro event``: set up an event, make its results official, the director's records, the ranking.

Every command works on the database given by ``--db`` (a file or a URL; default
``ARBITRO_DB``, then the SQLite file in the user's data folder).

>>> sorted(event_group.commands)[:4]
['appeal', 'board', 'card', 'carry-over']
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from arbitro.cli.localized import (
    LocalizedArgument,
    LocalizedChoice,
    LocalizedCommand,
    LocalizedGroup,
    LocalizedOption,
    encoding_option,
    json_option,
    lang_option,
)
from arbitro.cli.movement import movement_command
from arbitro.cli.numbers import NumberParam
from arbitro.cli.output import (
    FileParam,
    cannot_read,
    cannot_write,
    echo_json,
    read_bytes,
    read_text,
    write_pbn,
    write_text,
)
from arbitro.cli.params import MAX_COUNT
from arbitro.cli.reopening import reopen_command, reopened_state, reopening_data
from arbitro.cli.session import METHOD_NAMES, echo_published, published_data
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.core.board import Board
from arbitro.core.bounded import load_json
from arbitro.core.errors import ArbitroError, NotationError
from arbitro.core.seat import Seat, Side
from arbitro.core.vulnerability import Vulnerability
from arbitro.dealing.pbn import board_set_from_games, loads
from arbitro.formats import pbn, usebio
from arbitro.formats.published import Comparison, compare_pbn, score_table_session
from arbitro.formats.travellers import (
    PBN_METHODS,
    decode,
    game_row,
    kind_of,
    pbn_rows,
    usebio_lines,
)
from arbitro.formats.usebio.published import compare_session, published_penalties
from arbitro.i18n import N_, get_language, gettext, ngettext
from arbitro.laws.authority import AUTHORITIES, DEFAULT_AUTHORITY
from arbitro.scoring.results import shown_score
from arbitro.scoring.session import Method, show, shown_number
from arbitro.tournament.directing import (
    BODIES,
    MATTERS,
    AppealRefusedError,
    DirectorAct,
    law_4_act,
    law_91_act,
    ruling_proposals,
    unscored_suspension,
)
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import (
    KINDS,
    SCORINGS,
    EventSpec,
    Participant,
    Player,
)
from arbitro.tournament.knockout import KnockoutMatch
from arbitro.tournament.movements import Movement, kind_name
from arbitro.tournament.movements.model import MOVEMENTS, movement_from_data
from arbitro.tournament.movements.options import build
from arbitro.tournament.ranking import DIRECTION_TITLES, TIE_BREAKS, by_direction
from arbitro.tournament.records import (
    UNIT_NAMES,
    Decision,
    InvalidRecordError,
    PenaltyKind,
    PenaltyRecord,
    Ruling,
    stamp,
)
from arbitro.tournament.teams import MatchScore, UncomparedBoard

if TYPE_CHECKING:
    from arbitro.cli.imported_teams import ImportedTeams
    from arbitro.store.imports import ImportedResult
    from arbitro.store.repository import EventInfo

KIND_NAMES = {"pairs": N_("pairs"), "teams": N_("teams"), "individual": N_("individual")}
"""How each kind of event is named in the output."""

RECORD_WORDS = (
    N_("procedural"),
    N_("disciplinary"),
    N_("upheld"),
    N_("dismissed"),
    N_("withdrawn"),
)
"""The kinds of penalty and the decisions on appeals, as the records show them."""


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


class ParticipantParam(click.ParamType[Participant]):
    """A participant: ``NUMBER[: NAME #FEDERATION, NAME]``."""

    name = "participant"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> Participant:
        """Read ``1: Ana #123, Luis``.

        >>> ParticipantParam().convert("1: Ana #123, Luis", None, None)
        Participant.from_str('1: Ana #123, Luis')
        """
        if isinstance(value, Participant):
            return value
        try:
            return Participant.from_str(str(value))
        except ValueError as error:
            self.fail(str(error), param, ctx)


_CARRY = re.compile(
    r"(?P<pair>[^,]+),(?P<amount>-?[0-9]{1,100}(?:\.[0-9]{1,100}|/0{0,100}[1-9][0-9]{0,100})?)"
)


class CarryOverParam(click.ParamType[tuple[str, Fraction]]):
    """A carry-over: ``TEAM,AMOUNT`` in the event's unit (IMPs in a knockout, VP, percentage points).

    The carry-over is a teams thing (a knockout's IMPs into a match); in a pairs event
    TEAM is the pair's number. The sign is the store's to check: in a teams event a
    carry-over is never negative.
    """

    name = "carry-over"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[str, Fraction]:
        """Read ``B,7.5``.

        >>> CarryOverParam().convert("B,7.5", None, None)
        ('B', Fraction(15, 2))
        >>> CarryOverParam().convert("B", None, None)
        Traceback (most recent call last):
        ...
        click.exceptions.BadParameter: invalid carry-over 'B': expected TEAM,AMOUNT, as in B,7.5
        """
        if isinstance(value, tuple):
            return value
        match = _CARRY.fullmatch(str(value).strip())
        if match is None:
            self.fail(
                gettext(
                    "invalid carry-over '{text}': expected TEAM,AMOUNT, as in {example}"
                ).format(text=value, example="B,7.5"),
                param,
                ctx,
            )
        return match["pair"].strip(), Fraction(match["amount"])


_POINTS = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,6}|/0{0,6}[1-9][0-9]{0,5})?")


class PointsParam(click.ParamType[Fraction]):
    """A score of 0 or more: ``12``, ``12.5`` or ``25/2``."""

    name = "points"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> Fraction:
        """Read ``12.5``.

        >>> PointsParam().convert("12.5", None, None)
        Fraction(25, 2)
        """
        if isinstance(value, Fraction):
            return value
        text = str(value).strip()
        if _POINTS.fullmatch(text) is None:
            self.fail(
                gettext(
                    "invalid score '{text}': expected a number of 0 or more, as in {example}"
                ).format(text=value, example="12, 12.5"),
                param,
                ctx,
            )
        return Fraction(text)


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
    default="mp",
    show_default=True,
    help=N_(
        "mp: matchpoints (Law 78A); imp-butler, cross-imp: IMPs; total: total points; "
        "knockout (teams): matches decided on total IMPs over the sessions, with their "
        "carry-over (Law 86B)."
    ),
)
@option(
    "--profile",
    type=LocalizedChoice(AUTHORITIES),
    default=DEFAULT_AUTHORITY,
    show_default=True,
    help=N_("The regulating authority's profile."),
)
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
    method: str,
    profile: str,
    movement: str | None,
    tables: int | None,
    boards_per_round: int,
    rounds: int | None,
    bye_vp: Fraction | None,
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
            json.dumps({"event": event, "name": name, "boards": boards, "participants": count})
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


@event_group.command(
    "import",
    cls=LocalizedCommand,
    help=N_(
        "Create an event from FILE, a USEBIO file another scoring program wrote or a PBN "
        "file with results: its sessions, boards, pairs (with their players' names) "
        "and every traveller line's result, scored with the file's method. A USEBIO teams "
        "file gives its teams, each match's two tables (the home team North-South at "
        "tables 1, 3, ... of a round, East-West at 2, 4, ...), its penalties and "
        "carry-overs; one of type KO becomes a knockout (--scoring knockout). A Swiss or "
        "round robin of one session has its rounds rebuilt as its movement: who met whom "
        "in which round, on which boards, and the bye of a team or pair absent from a "
        "round. A PBN file "
        "gives score tables, or one table's result per game (Contract, Declarer, Result, "
        "Score), whose pairs are its players (North-South and East-West), numbered 1, 2, "
        "... as the file first seats them. Tables are the games' Table tags when each "
        "game has one; otherwise each board's lines are numbered 1, 2, ... in the order "
        "the file lists them. All of it "
        "is stored, or nothing: the first line the event refuses stops the import, naming "
        "the file and the place. Then prints the event's number and, on the "
        "standard error, how the figures the file published compare with Árbitro's, as "
        "arbitro session score does."
    ),
    short_help=N_("Create an event from a USEBIO or PBN file."),
)
@click.argument(
    "file",
    type=FileParam(),
    cls=LocalizedArgument,
    metavar=N_("FILE"),
)
@option("--name", default=None, help=N_("The event's name (default: the file's description)."))
@option(
    "--profile",
    type=LocalizedChoice(AUTHORITIES),
    default=DEFAULT_AUTHORITY,
    show_default=True,
    help=N_("The regulating authority's profile."),
)
@option("--by", default="", help=N_("Who does it (for the audit trail)."))
@db_option
@json_option
@lang_option
def import_command(
    file: Path, name: str | None, profile: str, by: str, database: str | None, as_json: bool
) -> None:
    """Create an event from a USEBIO or PBN file and compare its published figures."""
    source = str(file)
    data = read_bytes(file)
    text = decode(data)
    kind = kind_of(text)
    if kind not in ("usebio", "pbn"):
        raise click.UsageError(
            gettext(
                "'{path}' is neither a USEBIO file ('<' first) nor a PBN file ('[' or '%' "
                "first); enter a CSV file's results into an event with arbitro result import"
            ).format(path=source)
        )
    from arbitro.cli.imported_teams import (  # the store: not at start
        compare_teams,
        disqualified_in,
        imported_teams,
        one_session_swiss,
    )

    teams: ImportedTeams | None = None
    movement: Movement | None = None  # a pairs Swiss's rounds, rebuilt from its boards
    try:
        if kind == "usebio":
            # A Swiss another program split in sessions is played in one (its rounds on end).
            read = one_session_swiss(usebio.loads(text, source))
            if usebio.is_teams(read.event):
                teams = imported_teams(read, source, name, profile)
                spec, participants, results = teams.spec, teams.participants, teams.results
            else:
                spec, participants, results, movement = _imported_event(read, source, name, profile)
        else:
            games = pbn.loads(text, source, strict=False)
            spec, participants, results = _imported_pbn(games, source, name, profile)
    except NotationError as error:
        raise click.UsageError(str(error)) from None
    if teams is not None:
        with opened(database) as store:
            event = store.import_event(
                spec,
                participants,
                results,
                source,
                by,
                teams.carry_over,
                teams.penalties,
                teams.movement,
                teams.bye_score,
                teams.disqualified,
            )
            published = compare_teams(read, store, event)
        _echo_imported(event, spec, participants, results, published, as_json)
        return
    with opened(database) as store:
        event = store.import_event(
            spec,
            participants,
            results,
            source,
            by,
            movement=movement,
            # Law 91B: a disqualification the file records (a pairs file's comment).
            disqualified=disqualified_in(read) if kind == "usebio" else None,
        )
        scores = store.score(event)
        if kind == "usebio":
            played = sorted({result.session for result in results})
            penalised = False
            for number, scored in zip(played, scores, strict=True):
                # A published ADJUSTMENT is a penalty already in the file's totals (90, 91).
                for pair, penalty in published_penalties(read.event.sessions[number - 1], scored):
                    record = PenaltyRecord(
                        pair, PenaltyKind.PROCEDURAL, penalty.amount, penalty.unit,
                        penalty.law, penalty.reason,
                    )  # fmt: skip
                    store.add_penalty(event, record, number, by)
                    penalised = True
            if penalised:
                scores = store.score(event)
    published = Comparison(0, ())
    if kind == "usebio":
        played = sorted({result.session for result in results})
        for number, scored in zip(played, scores, strict=True):
            published += compare_session(read.event.sessions[number - 1], scored)
    else:  # each game's Score and ScoreIMP, then the score tables' figures against the event's
        published = compare_pbn(games)
        tables = score_table_session(games, data, source)
        if tables is not None and scores:
            published += compare_session(tables[0], scores[0])
    _echo_imported(event, spec, participants, results, published, as_json)


def _echo_imported(
    event: int,
    spec: EventSpec,
    participants: list[Participant],
    results: list[ImportedResult],
    published: Comparison,
    as_json: bool,
) -> None:
    """What ``arbitro event import`` stored, and how the file's published figures compare."""
    if as_json:
        echo_json(
            {
                "event": event,
                "name": spec.name,
                "boards": spec.boards,
                "participants": len(participants),
                "results": len(results),
                "published": published_data(published),
            }
        )
        return
    click.echo(
        gettext("Event {event} imported: {name}, {boards}, {participants}, {results}").format(
            event=event,
            name=spec.name,
            boards=ngettext("{count} board", "{count} boards", spec.boards).format(
                count=spec.boards
            ),
            participants=ngettext(
                "{count} participant", "{count} participants", len(participants)
            ).format(count=len(participants)),
            results=ngettext("{count} result", "{count} results", len(results)).format(
                count=len(results)
            ),
        )
    )
    echo_published(published)


def _imported_event(
    read: usebio.Usebio, source: str, name: str | None, profile: str
) -> tuple[EventSpec, list[Participant], list[ImportedResult], Movement | None]:
    """The event, pairs and results a USEBIO file holds, with each line's table numbered.

    A Swiss pairs file's rounds are rebuilt as its movement
    (:func:`~arbitro.cli.imported_teams.swiss_pairs_movement`), and each line's table is
    then the one its two pairs sit at in the board's round.
    """
    from arbitro.cli.imported_teams import swiss_pairs_movement
    from arbitro.store.imports import ImportedLineError, ImportedResult

    if any(
        line.players is not None
        for session in read.event.sessions
        for board in session.boards
        for line in board.lines
    ):
        raise click.UsageError(
            gettext(
                "'{path}': an individual event is not imported; only pairs and teams events are"
            ).format(path=source)
        )
    movement = swiss_pairs_movement(read)
    seats = (
        {}
        if movement is None
        else {(seat.boards, seat.ns, seat.ew): seat.table for seat in movement.schedule}
    )
    results: list[ImportedResult] = []
    tables: dict[tuple[int, int], int] = {}
    for number, row, _ in usebio_lines(read):
        board, ns, ew = row[:3]
        at = (number, int(board))
        table = tables[at] = tables.get(at, 0) + 1
        if movement is not None:
            first = (int(board) - 1) // movement.boards_per_round * movement.boards_per_round + 1
            block = tuple(range(first, first + movement.boards_per_round))
            table = seats.get((block, ns, ew), table)
        try:
            entry = Entry.from_row(row[3:])
        except ArbitroError as error:
            raise ImportedLineError(source, *at, table, str(error)) from None
        results.append(ImportedResult(number, int(board), table, ns, ew, entry))
    if not results:
        raise click.UsageError(gettext("'{path}' has no results").format(path=source))
    players: dict[str, Participant] = {}
    for session in read.event.sessions:
        for pair in session.participants:
            if pair.number and pair.number not in players:
                named = tuple(Player(one.name, one.number) for one in pair.players if one.name)
                players[pair.number] = Participant(pair.number, named)
    for result in results:
        for pair_number in (result.ns, result.ew):
            players.setdefault(pair_number, Participant(pair_number))
    spec = EventSpec(
        name or read.event.description or Path(source).stem,
        boards=max(result.board for result in results) if movement is None else movement.boards,
        method=usebio.method_of(read.event),
        profile=profile,
        sessions=len(read.event.sessions),
    )
    return spec, list(players.values()), results, movement


def _imported_pbn(
    games: list[pbn.PBNGame], source: str, name: str | None, profile: str
) -> tuple[EventSpec, list[Participant], list[ImportedResult]]:
    """The event, pairs and results of a PBN file's score tables, each row's table numbered."""
    from arbitro.store.imports import ImportedLineError, ImportedResult

    if not any(game.tag("ScoreTable") is not None for game in games):
        return _imported_pbn_games(games, source, name, profile)
    if any(game.tag("ScoreTable") is None and _has_result(game) for game in games):
        raise click.UsageError(
            gettext(
                "'{path}' has games with score tables and games with one table's result; "
                "import one kind or the other"
            ).format(path=source)
        )
    found = pbn_rows(games, source)
    method = found.method
    results: list[ImportedResult] = []
    tables: dict[int, int] = {}
    for row in csv.DictReader(io.StringIO(found.text)):
        board = int(row["board"])
        table = tables[board] = tables.get(board, 0) + 1
        if any(" " in row[side] for side in ("ns", "ew")):
            raise ImportedLineError(
                source,
                1,
                board,
                table,
                gettext(
                    "a game without a ScoreTable names its pairs by their players; only "
                    "score tables with PairId_NS and PairId_EW are imported"
                ),
            )
        try:
            entry = Entry.from_fields(
                contract=row["contract"] or None,
                declarer=row["declarer"] or None,
                tricks=row["tricks"] or None,
                lead=row["lead"] or None,
                score=row["score"] or None,
            )
        except ArbitroError as error:
            raise ImportedLineError(source, 1, board, table, str(error)) from None
        results.append(ImportedResult(1, board, table, row["ns"], row["ew"], entry))
    if not results:
        raise click.UsageError(gettext("'{path}' has no results").format(path=source))
    players: dict[str, Participant] = {}
    for result in results:
        for pair_number in (result.ns, result.ew):
            players.setdefault(pair_number, Participant(pair_number))
    titled = next((game.known("Event") for game in games if game.known("Event")), None)
    spec = EventSpec(
        name or titled or Path(source).stem,
        boards=max(result.board for result in results),
        method=method or "mp",
        profile=profile,
    )
    return spec, list(players.values()), results


SEAT_TAGS = ("North", "South", "East", "West")
"""The PBN tags of a game's players, partners side by side."""


def _has_result(game: pbn.PBNGame) -> bool:
    """Whether a PBN game records a table's result (its ``Contract`` or ``Score``)."""
    return game.known("Contract") is not None or game.known("Score") is not None


def _imported_pbn_games(
    games: list[pbn.PBNGame], source: str, name: str | None, profile: str
) -> tuple[EventSpec, list[Participant], list[ImportedResult]]:
    """The event, pairs and results of a PBN file whose games each record one table's result.

    Each game's ``Board``, ``Contract``, ``Declarer``, ``Result`` and ``Score`` (read as
    ``arbitro session score`` reads them, :func:`~arbitro.formats.travellers.game_row`)
    make one result; its pairs are its players, ``North``-``South`` and ``East``-``West``,
    numbered 1, 2, ... in the order the file first seats them (the same two players are
    one pair whichever seats they take). Tables are the games' ``Table`` tags when every
    game has one and no board repeats it, else 1, 2, ... in file order per board.
    """
    from arbitro.store.imports import ImportedLineError, ImportedResult

    played: list[tuple[pbn.PBNGame, int, list[str]]] = []
    for game in games:
        written = game.known("Board")
        if written is None or not _has_result(game):
            continue
        row = game_row(game, written)
        if row is None or not (written.isascii() and written.isdigit()) or int(written) < 1:
            problem = (
                gettext("expected a board number, found '{board}'").format(board=written)
                if row is not None
                else gettext(
                    "a game with a result names its four players (North, South, East and West)"
                )
            )
            raise click.UsageError(
                gettext("{source}, line {line}: {problem}").format(
                    source=source, line=game.line_of("Board"), problem=problem
                )
            )
        if any("," in (game.known(seat) or "") for seat in SEAT_TAGS):
            raise click.UsageError(
                gettext("{source}, line {line}: {problem}").format(
                    source=source,
                    line=game.line_of("Board"),
                    problem=gettext("a player's name has a comma, which separates players"),
                )
            )
        played.append((game, int(written), row))
    if not played:
        raise click.UsageError(gettext("'{path}' has no results").format(path=source))
    named = [game.known("Table") or "" for game, _, _ in played]
    numbered = all(
        table.isascii() and table.isdigit() and int(table) > 0 for table in named
    ) and len({(board, table) for (_, board, _), table in zip(played, named, strict=True)}) == len(
        played
    )
    pairs: dict[frozenset[str], Participant] = {}
    results: list[ImportedResult] = []
    tables: dict[int, int] = {}
    for (game, board, row), table_tag in zip(played, named, strict=True):
        table = tables[board] = tables.get(board, 0) + 1
        if numbered:
            table = int(table_tag)
        sides = []
        for first, second in zip(
            [game.known(seat) or "" for seat in SEAT_TAGS[::2]],
            [game.known(seat) or "" for seat in SEAT_TAGS[1::2]],
            strict=True,
        ):
            key = frozenset((first, second))
            if key not in pairs:
                pairs[key] = Participant(
                    str(len(pairs) + 1), (_named_player(first), _named_player(second))
                )
            sides.append(pairs[key].number)
        try:
            entry = Entry.from_fields(
                contract=row[3] or None,
                declarer=row[4] or None,
                tricks=row[5] or None,
                score=row[7] or None,
            )
        except ArbitroError as error:
            raise ImportedLineError(
                source, 1, board, table, str(error), file_line=game.line_of("Board")
            ) from None
        results.append(
            ImportedResult(1, board, table, sides[0], sides[1], entry, game.line_of("Board"))
        )
    method: Method = next(
        (
            PBN_METHODS[scoring]
            for game, _, _ in played
            if (scoring := game.get("Scoring") or "") in PBN_METHODS
        ),
        "mp",
    )
    titled = next((game.known("Event") for game in games if game.known("Event")), None)
    spec = EventSpec(
        name or titled or Path(source).stem,
        boards=max(result.board for result in results),
        method=method,
        profile=profile,
    )
    return spec, list(pairs.values()), results


def _named_player(text: str) -> Player:
    """A PBN seat's player: ``NAME`` or ``NAME#NUMBER`` (RealBridge) with a federation number.

    The same reading as a participant's ``NAME #FEDERATION`` (:meth:`Participant.from_str`).

    >>> _named_player("Markus Knob#39415")
    Player(name='Markus Knob', federation_number='39415')
    """
    name, _, number = text.partition("#")
    return Player(name.strip() or text, number.strip() or None)


def _read_movement(path: Path) -> Movement:
    """The movement of the JSON file ``path``, refused with its problems when it is not sound.

    A movement that seats a pair twice at a board, or plays a board more or fewer times
    than it promises, would spoil the session (Law 8): the file is mended first
    (``arbitro event movement --file FILE --check`` lists the same problems).
    """
    from arbitro.tournament.movements.check import check

    text = read_text(path, problem=click.BadParameter)
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
    "list",
    cls=LocalizedCommand,
    help=N_("List the events in the database."),
    short_help=N_("List the events."),
)
@db_option
@json_option
@lang_option
def list_command(database: str | None, as_json: bool) -> None:
    """List the events."""
    with opened(database, existing=True) as store:
        events = store.events()
    if as_json:
        echo_json([_event_data(info) for info in events])
        return
    for info in events:
        click.echo(f"{info.id}  {info.spec.name}  ({_state(info)})")


def _event_data(info: EventInfo) -> dict[str, object]:
    return {
        "event": info.id,
        "name": info.spec.name,
        "kind": info.spec.kind,
        "scoring": info.spec.scoring,
        "profile": info.spec.profile,
        "boards": info.spec.boards,
        "sessions": info.spec.sessions,
        "movement": info.movement,
        "tables": info.tables,
        "published": info.published.isoformat() if info.published else None,
        "corrections_until": info.correction.ends.isoformat() if info.correction.ends else None,
    } | reopening_data(info)


def _state(info: EventInfo, now: datetime | None = None) -> str:
    ends = info.correction.ends
    if ends is None:
        return gettext("results not yet official")
    if info.reopened is not None:
        return reopened_state(info)
    if info.correction.is_open(now or datetime.now(ends.tzinfo)):
        return gettext("official; corrections until {time}").format(time=stamp(ends))
    return gettext("official; locked since {time}").format(time=stamp(ends))


@event_group.command(
    "show",
    cls=LocalizedCommand,
    help=N_(
        "Show the event: its settings, the state of its results (Law 79C), and the "
        "director's rulings, penalties and appeals."
    ),
    short_help=N_("Show an event and its records."),
)
@event_argument
@db_option
@json_option
@lang_option
def show_command(event: int, database: str | None, as_json: bool) -> None:
    """Show an event."""
    with opened(database, existing=True) as store:
        info = store.event(event)
        rulings = store.rulings(event)
        penalties = store.penalties(event)
        appeals = store.appeals(event)
    if as_json:
        data = _event_data(info) | {
            "rulings": [
                {
                    "id": id_,
                    "board": r.board,
                    "table": r.table,
                    "law": r.law,
                    "text": r.text,
                    "director": r.director,
                    "log": r.log is not None,
                }
                for id_, r in rulings
            ],
            "penalties": [
                {
                    "id": p.id,
                    "session": p.session,
                    "participant": p.record.participant,
                    "kind": p.record.kind.value,
                    "amount": str(p.record.amount),
                    "unit": p.record.unit,
                    "law": p.record.law,
                    "reason": p.record.reason,
                }
                for p in penalties
            ],
            "appeals": [
                {
                    "id": a.id,
                    "appellant": a.appeal.appellant,
                    "ruling": a.appeal.ruling,
                    "lodged": a.appeal.lodged.isoformat(),
                    "deadline": a.appeal.deadline.isoformat() if a.appeal.deadline else None,
                    "decision": a.appeal.decision.value if a.appeal.decision else None,
                }
                for a in appeals
            ],
        }
        echo_json(data)
        return
    spec = info.spec
    click.echo(f"{info.id}  {spec.name}")
    click.echo(
        ngettext(
            "{kind}, {method} ({profile}), {boards} boards, {count} session",
            "{kind}, {method} ({profile}), {boards} boards, {count} sessions",
            spec.sessions,
        ).format(
            kind=gettext(KIND_NAMES[spec.kind]),
            # A teams event's matches are scored in IMPs, then victory points, whatever
            # the pairs' method the event keeps.
            method=gettext(
                N_("knockout: total IMPs (Law 86B)")
                if spec.knockout
                else N_("IMPs and victory points")
                if spec.kind == "teams"
                else METHOD_NAMES[spec.method]
            ),
            profile=spec.profile.upper(),
            boards=spec.boards,
            count=spec.sessions,
        )
    )
    if info.movement:
        click.echo(
            gettext("Movement: {movement}, {tables} tables, {per} boards a round").format(
                movement=kind_name(info.movement), tables=info.tables, per=info.boards_per_round
            )
        )
    click.echo(gettext("Results: {state}").format(state=_state(info)))
    for id_, ruling in rulings:
        where = gettext("board {board}").format(board=ruling.board)
        if ruling.table is not None:
            where += ", " + gettext("table {table}").format(table=ruling.table)
        log = " " + gettext("(with the table's log)") if ruling.log else ""
        click.echo(
            gettext("Ruling {id}: {where}, Law {law}: {text}").format(
                id=id_, where=where, law=ruling.law, text=ruling.text
            )
            + log
        )
    for stored in penalties:
        click.echo(
            gettext(
                "Penalty {id} ({kind}, Law {law}): {participant}, {amount} {unit}; {reason}"
            ).format(
                id=stored.id,
                kind=gettext(stored.record.kind.value),
                law=stored.record.law,
                participant=stored.record.participant,
                amount=_amount(stored.record),
                unit=_unit_name(stored.record.unit),
                reason=stored.record.reason,
            )
        )
    for stored_appeal in appeals:
        appeal = stored_appeal.appeal
        decision = gettext(appeal.decision.value) if appeal.decision else gettext("pending")
        click.echo(
            gettext("Appeal {id} by {appellant} ({decision}): {reason}").format(
                id=stored_appeal.id,
                appellant=appeal.appellant,
                decision=decision,
                reason=appeal.reason,
            )
        )


def _unit_name(unit: str) -> str:
    """A penalty's unit after its amount, in the active language: ``3.00 IMPs``, ``25% of a top``."""
    return gettext("of a top") if unit == "top" else gettext(UNIT_NAMES.get(unit, unit))


def _amount(record: PenaltyRecord) -> str:
    if record.unit == "top":
        return f"{show(record.amount * 100, 0)}%"
    return show(record.amount, 2)


@event_group.command(
    "publish",
    cls=LocalizedCommand,
    help=N_(
        "Make the results official: the correction period (Law 79C1) and the time to appeal "
        "(Law 92B) start now. After the correction period the results are locked."
    ),
    short_help=N_("Make the results official."),
)
@event_argument
@option("--by", default="", help=N_("Who does it (for the record)."))
@db_option
@lang_option
def publish_command(event: int, by: str, database: str | None) -> None:
    """Make the results official."""
    with opened(database) as store:
        info = store.publish(event, by)
    ends = info.correction.ends
    assert ends is not None
    click.echo(
        gettext("Results of event {event} are official; corrections until {time} (Law 79C)").format(
            event=event, time=stamp(ends)
        )
    )


@event_group.command(
    "pair",
    cls=LocalizedCommand,
    help=N_(
        "Pair the next round of a Swiss event from its ranking (a teams event by its "
        "victory points, a pairs event by its total): top-down, each with the nearest "
        "below it not met yet; a repeat meeting only when no pairing avoids it. With an "
        "odd number the bye goes to the lowest-ranked of those with the fewest byes. "
        "Refused while a round has results missing. Prints the tables, the bye and any "
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
@db_option
@json_option
@lang_option
def pair_command(event: int, number: int | None, database: str | None, as_json: bool) -> None:
    """Pair the next round of a Swiss event."""
    with opened(database) as store:
        paired = store.pair_next_round(event, number)
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
                for dealt in board_set_from_games(loads(read_text(pbn), str(pbn)), str(pbn)).boards
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


_AMOUNT = re.compile(
    r"(?P<amount>[0-9]{1,100}(?:\.[0-9]{1,100}|/0{0,100}[1-9][0-9]{0,100})?)\s*(?P<unit>%|vp|imps?|mp)?",
    re.IGNORECASE,
)
_UNITS = {"%": "top", "vp": "vp", "imp": "imps", "imps": "imps", "mp": "mp"}


@event_group.command(
    "penalty",
    cls=LocalizedCommand,
    help=N_(
        "Give PARTICIPANT a procedural penalty (Law 90), or a disciplinary one (Law 91) with "
        "--disciplinary. AMOUNT is a percentage of a top (25%), victory points in a teams "
        "event (1VP), or points in the event's unit (matchpoints or IMPs; 3IMP, 2MP)."
    ),
    short_help=N_("Record a penalty (Laws 90, 91)."),
)
@event_argument
@click.argument("participant", cls=LocalizedArgument, metavar=N_("PARTICIPANT"))
@click.argument("amount", cls=LocalizedArgument, metavar=N_("AMOUNT"))
@option("--reason", required=True, help=N_("What the penalty is for."))
@option("--law", default=None, help=N_("The Law applied (default 90, or 91 for --disciplinary)."))
@option("--disciplinary", is_flag=True, help=N_("A disciplinary penalty (Law 91)."))
@option("--board", type=NumberParam(), default=None, help=N_("The board, if any."))
@option("--session", type=NumberParam(), default=1, show_default=True, help=N_("The session."))
@option("--by", default="", help=N_("Who does it (for the record)."))
@db_option
@lang_option
def penalty_command(
    event: int,
    participant: str,
    amount: str,
    reason: str,
    law: str | None,
    disciplinary: bool,
    board: int | None,
    session: int,
    by: str,
    database: str | None,
) -> None:
    """Record a penalty."""
    match = _AMOUNT.fullmatch(amount.strip())
    if match is None:
        raise click.BadParameter(
            gettext(
                "invalid amount '{text}': expected a percentage of a top or points, as in {examples}"
            ).format(text=amount, examples="25%, 3, 1VP, 3IMP")
        )
    kind = PenaltyKind.DISCIPLINARY if disciplinary else PenaltyKind.PROCEDURAL
    with opened(database) as store:
        info = store.event(event)
        written = (match["unit"] or "").lower()
        if written == "%":
            value, unit = Fraction(match["amount"]) / 100, "top"
        elif written:
            value, unit = Fraction(match["amount"]), _UNITS[written]
        else:
            value, unit = Fraction(match["amount"]), ("mp" if info.spec.method == "mp" else "imps")
            # A forgotten % costs a pair far more than meant: say what the number was taken as.
            click.echo(
                gettext(
                    "warning: no unit given, so {amount} is taken as {unit} of the event "
                    "(write {amount}% for a share of a top)"
                ).format(
                    amount=match["amount"],
                    unit=gettext("matchpoints") if unit == "mp" else gettext("IMPs"),
                ),
                err=True,
            )
        record = PenaltyRecord(
            participant,
            kind,
            value,
            unit,  # type: ignore[arg-type]  # one of the three units
            law or ("91" if disciplinary else "90"),
            reason,
            board,
        )
        number = store.add_penalty(event, record, session, by)
    click.echo(
        gettext("Penalty {id} recorded: {participant}, {amount} (Law {law})").format(
            id=number, participant=participant, amount=amount, law=record.law
        )
    )


@event_group.command(
    "penalty-withdraw",
    cls=LocalizedCommand,
    help=N_(
        "Withdraw the penalty numbered PENALTY (as 'arbitro event show' lists it); the "
        "reason goes to the event's log."
    ),
    short_help=N_("Withdraw a penalty (Laws 90, 91)."),
)
@event_argument
@click.argument("penalty", type=NumberParam(), cls=LocalizedArgument, metavar=N_("PENALTY"))
@option("--reason", required=True, help=N_("Why the penalty is withdrawn."))
@option("--by", default="", help=N_("Who does it (for the record)."))
@db_option
@lang_option
def penalty_withdraw_command(
    event: int, penalty: int, reason: str, by: str, database: str | None
) -> None:
    """Withdraw a penalty."""
    with opened(database) as store:
        store.withdraw_penalty(event, penalty, reason, by)
    click.echo(gettext("Penalty {id} withdrawn: {reason}").format(id=penalty, reason=reason))


@event_group.command(
    "ruling",
    cls=LocalizedCommand,
    help=N_(
        "Record a ruling at a board: the Law applied and what was decided, with the table's "
        "log (a JSON Lines file of arbitro table) when there is one."
    ),
    short_help=N_("Record a ruling at a board."),
)
@event_argument
@option("--board", type=NumberParam(), required=True, help=N_("The board."))
@option("--table", type=NumberParam(), default=None, help=N_("The table."))
@option("--law", required=True, help=N_("The Law applied, as in 27B1a."))
@option("--text", required=True, help=N_("What the director decided."))
@option(
    "--log",
    type=FileParam(),
    default=None,
    help=N_("The table's log (JSON Lines), checked by replaying it."),
)
@option("--session", type=NumberParam(), default=1, show_default=True, help=N_("The session."))
@option("--by", default="", help=N_("Who does it (for the record)."))
@db_option
@lang_option
def ruling_command(
    event: int,
    board: int,
    table: int | None,
    law: str,
    text: str,
    log: Path | None,
    session: int,
    by: str,
    database: str | None,
) -> None:
    """Record a ruling."""
    log_text = None
    if log is not None:
        log_text = read_text(log, problem=click.BadParameter)
    ruling = Ruling(board, table, law, text, by, log_text)
    with opened(database) as store:
        number = store.add_ruling(event, ruling, session)
        profile = store.event(event).spec.profile
    click.echo(gettext("Ruling {id} recorded at board {board}").format(id=number, board=board))
    for line in ruling_proposals(ruling, profile):  # the AEB's criteria 1, 2 and 6
        click.echo(line)


@event_group.command(
    "rectified",
    cls=LocalizedCommand,
    help=N_(
        "Record that the players applied (or waived) a rectification without the director "
        "at a board, and whether he accepts it or cancels it (Law 10B; Law 10A: only the "
        "director rectifies)."
    ),
    short_help=N_("The players rectified by themselves (Law 10B)."),
)
@event_argument
@option("--board", type=NumberParam(), required=True, help=N_("The board."))
@option("--table", type=NumberParam(), default=None, help=N_("The table."))
@option("--what", required=True, help=N_("What the players did without the director."))
@option(
    "--accept/--cancel",
    "accepted",
    default=None,
    help=N_("The director accepts what they did, or cancels it and rectifies (Law 10B)."),
)
@option("--session", type=NumberParam(), default=1, show_default=True, help=N_("The session."))
@option("--by", default="", help=N_("Who does it (for the record)."))
@db_option
@lang_option
def rectified_command(
    event: int,
    board: int,
    table: int | None,
    what: str,
    accepted: bool | None,
    session: int,
    by: str,
    database: str | None,
) -> None:
    """Record a rectification the players applied themselves (Law 10B)."""
    if accepted is None:
        raise click.UsageError(
            gettext(
                "say whether the director accepts it or cancels it (--accept or --cancel; Law 10B)"
            )
        )
    with opened(database) as store:
        try:
            number, text = store.record_rectification(
                event, board, table, what, accepted, session, by
            )
        except InvalidRecordError as error:
            raise click.BadParameter(str(error)) from None
    click.echo(gettext("Ruling {id} recorded at board {board}").format(id=number, board=board))
    click.echo(text)


@event_group.command(
    "appeal",
    cls=LocalizedCommand,
    help=N_(
        "Lodge an appeal by PARTICIPANT against a ruling (Law 92); refused after the time to "
        "appeal (30 minutes after the official results unless the event says otherwise)."
    ),
    short_help=N_("Lodge an appeal (Law 92)."),
)
@event_argument
@click.argument("participant", cls=LocalizedArgument, metavar=N_("PARTICIPANT"))
@option("--reason", required=True, help=N_("What the appeal is about."))
@option("--ruling", type=NumberParam(), default=None, help=N_("The ruling appealed."))
@option(
    "--signed-by",
    "signers",
    multiple=True,
    help=N_(
        "A player who confirmed the appeal to the director and signed it (Law 92D: both "
        "members of a pair, a team's captain; required under the AEB, criterion 7)."
    ),
)
@option("--by", default="", help=N_("Who does it (for the record)."))
@db_option
@lang_option
def appeal_command(
    event: int,
    participant: str,
    reason: str,
    ruling: int | None,
    signers: tuple[str, ...],
    by: str,
    database: str | None,
) -> None:
    """Lodge an appeal, with its signatures (Law 92D, AEB criterion 7)."""
    with opened(database) as store:
        try:
            number = store.lodge_signed_appeal(event, participant, reason, signers, ruling, by=by)
        except InvalidRecordError as error:  # the signatures, or the time to appeal (92B)
            raise click.UsageError(str(error)) from None
    click.echo(
        gettext("Appeal {id} lodged by {participant}").format(id=number, participant=participant)
    )


@event_group.command(
    "decide",
    cls=LocalizedCommand,
    help=N_(
        "Record the decision on APPEAL (Law 93): upheld, dismissed or withdrawn. With "
        "--matter, Law 93B's split is checked: the director rules on Law and regulations, "
        "the committee on judgement, and the committee may not overrule the director on a "
        "point of Law nor under Law 91. Whether the event has an appeals committee is kept "
        "with the event (arbitro event committee); --committee or --no-committee overrides "
        "it for this appeal, and the log says so (93A: without a committee the director "
        "hears every appeal). An upheld decision with --score replaces the appealed table's "
        "result."
    ),
    short_help=N_("Decide an appeal (Law 93)."),
)
@event_argument
@click.argument("appeal", type=NumberParam(), cls=LocalizedArgument, metavar=N_("APPEAL"))
@click.argument(
    "decision", type=LocalizedChoice([d.value for d in Decision]), cls=LocalizedArgument
)
@option("--by", default="", help=N_("Who decided (the director or the committee)."))
@option(
    "--matter",
    type=LocalizedChoice(MATTERS),
    default=None,
    help=N_("What the appeal turns on: a point of Law or regulation, or judgement (Law 93B)."),
)
@option(
    "--body",
    type=LocalizedChoice(BODIES),
    default="committee",
    show_default=True,
    help=N_("Who took the decision: the appeals committee or the director (Law 93B)."),
)
@option(
    "--committee/--no-committee",
    "committee",
    default=None,
    help=N_(
        "Override the event's setting for this appeal: a committee heard it (93B), or none "
        "was available and the director heard it (93A); recorded in the event's log."
    ),
)
@option(
    "--score",
    default=None,
    help=N_(
        "The result the upheld decision gives the appealed table, as a result is written "
        "('4S N 10', 'adjusted A60/A40'); it replaces the table's result (needs --matter)."
    ),
)
@db_option
@lang_option
def decide_command(
    event: int,
    appeal: int,
    decision: str,
    by: str,
    matter: str | None,
    body: str,
    committee: bool | None,
    score: str | None,
    database: str | None,
) -> None:
    """Decide an appeal (Law 93), with 93B's split and the score it gives."""
    chosen = Decision(decision)
    entry = None
    if score is not None:
        try:
            entry = Entry.from_str(score)
        except ArbitroError as error:
            raise click.BadParameter(str(error), param_hint="--score") from None
    with opened(database) as store:
        try:
            law = store.decide_appeal(
                event,
                appeal,
                chosen,
                by,
                matter=matter,  # type: ignore[arg-type]  # one of MATTERS
                body=body,  # type: ignore[arg-type]  # one of BODIES
                committee=committee,
                score=entry,
            )
        except AppealRefusedError as error:
            # A refusal by Law 93, not a mistake in the command: it ends with status 1.
            raise click.ClickException(str(error)) from None
    click.echo(gettext("Appeal {id}: {decision}").format(id=appeal, decision=gettext(decision)))
    if law:
        click.echo(gettext("Decided under Law {law}").format(law=law))
    if entry is not None:
        click.echo(
            gettext("The appealed table's result is now {entry}").format(entry=entry.localized())
        )


@event_group.command(
    "committee",
    cls=LocalizedCommand,
    help=N_(
        "Say whether EVENT has an appeals committee (Law 93B: the director rules on Law, "
        "the committee on judgement) or not (93A: the director hears every appeal). Kept "
        "with the event and used by every decision; without --yes or --no, say which it is."
    ),
    short_help=N_("Whether the event has an appeals committee (Law 93)."),
)
@event_argument
@option("--yes/--no", "available", default=None, help=N_("The event has a committee, or not."))
@option("--by", default="", help=N_("Who says so (for the record)."))
@db_option
@lang_option
def committee_command(event: int, available: bool | None, by: str, database: str | None) -> None:
    """Keep or show whether the event has an appeals committee (Law 93)."""
    with opened(database) as store:
        if available is not None:
            store.keep_committee(event, available, by)
        has = store.has_committee(event)
    click.echo(
        gettext("The event has an appeals committee (Law 93B).")
        if has
        else gettext(
            "The event has no appeals committee: the director hears every appeal (Law 93A)."
        )
    )


@event_group.command(
    "carry-over",
    cls=LocalizedCommand,
    help=N_(
        "Set a participant's carry-over, as TEAM,AMOUNT: in a knockout the IMPs (a whole "
        "number, a decimal or a fraction, as 7.5 or 15/2) the conditions of contest give "
        "the team at the start of its match, never negative: a carry-over is given to "
        "one team, so give it to the other team of the match instead; 0 takes it away. In "
        "another event, the points a participant brings from an earlier stage, as event "
        "new --carry-over sets them (never negative in a teams event). Kept in the "
        "event's log."
    ),
    short_help=N_("Set a team's carry-over into its match."),
)
@event_argument
@click.argument("carry", type=CarryOverParam(), cls=LocalizedArgument, metavar=N_("TEAM,AMOUNT"))
@option("--by", default="", help=N_("Who does it (for the audit trail)."))
@db_option
@lang_option
def carry_over_command(
    event: int, carry: tuple[str, Fraction], by: str, database: str | None
) -> None:
    """Set a participant's carry-over (a knockout: IMPs into its match)."""
    team, value = carry
    number = Participant.from_str(team).number
    with opened(database, existing=True) as store:
        store.set_carry_over(event, number, value, by)
        unit = store.event(event).spec.total_unit
    click.echo(
        gettext("{team}: carry-over {amount}").format(team=number, amount=show(value)) + unit
    )


@event_group.command(
    "substitute",
    cls=LocalizedCommand,
    help=N_(
        "Record a substitution the director authorises in PARTICIPANT (Law 4: a pair plays "
        "with the same partner through a session, save substitutions the director "
        "authorises)."
    ),
    short_help=N_("Authorise a substitute (Law 4)."),
)
@event_argument
@click.argument("participant", cls=LocalizedArgument, metavar=N_("PARTICIPANT"))
@option("--player", required=True, help=N_("The player who leaves."))
@option("--substitute", required=True, help=N_("The player who takes his place."))
@option("--reason", required=True, help=N_("Why."))
@option("--session", type=NumberParam(), default=1, show_default=True, help=N_("The session."))
@option("--by", default="", help=N_("The director who authorises it (Law 4)."))
@db_option
@lang_option
def substitute_command(
    event: int,
    participant: str,
    player: str,
    substitute: str,
    reason: str,
    session: int,
    by: str,
    database: str | None,
) -> None:
    """Record a substitute (Law 4)."""
    _record_act(
        database,
        event,
        participant,
        "substitute",
        by,
        lambda: law_4_act(player, substitute, session, reason, by),
    )


@event_group.command(
    "suspend",
    cls=LocalizedCommand,
    help=N_(
        "Bar PARTICIPANT from all or part of a session to keep order and discipline (Law "
        "91A); the decision is final (93B3). Each board the movement gives it in those "
        "boards of the session, not yet played, is scored at once: average-minus to it, "
        "average-plus to its opponents (Law 12C2a). Without a movement, or in an individual "
        "event, the director enters them (arbitro result enter --adjusted)."
    ),
    short_help=N_("Suspend a participant (Law 91A)."),
)
@event_argument
@click.argument("participant", cls=LocalizedArgument, metavar=N_("PARTICIPANT"))
@option("--reason", required=True, help=N_("Why."))
@option("--session", type=NumberParam(), default=1, show_default=True, help=N_("The session."))
@option("--boards", default="", help=N_("The boards it may not play, as 5-8 (default: all)."))
@option("--by", default="", help=N_("The director (Law 91A)."))
@db_option
@lang_option
def suspend_command(
    event: int,
    participant: str,
    reason: str,
    session: int,
    boards: str,
    by: str,
    database: str | None,
) -> None:
    """Suspend a participant (Law 91A) and score the boards it misses (Law 12C2a)."""
    try:
        act = law_91_act("suspend", reason, by, session=session, boards=boards)
    except ArbitroError as error:
        raise click.UsageError(str(error)) from None
    detail = act.worded()
    with opened(database) as store:
        scored = store.suspend(event, participant, act.to_str(), session, boards, by)
        info = store.event(event)
    why = unscored_suspension(info.spec.kind, has_movement=info.timetable is not None)
    click.echo(gettext("{participant}: {detail}").format(participant=participant, detail=detail))
    for one in scored:
        click.echo(
            gettext("Board {board}, table {table}: {entry} (Law 12C2a)").format(
                board=one.board, table=one.table, entry=one.entry.localized()
            )
        )
    if why is not None:  # Law 91A: the director enters the missed boards
        click.echo(
            gettext(
                "Nothing was scored for the suspension: {why}. Enter the boards it misses "
                "with arbitro result enter --adjusted (Law 12C2a)."
            ).format(why=gettext(why))
        )


@event_group.command(
    "disqualify",
    cls=LocalizedCommand,
    help=N_(
        "Disqualify PARTICIPANT (Law 91B): the decision is subject to the organiser's "
        "approval, so the organiser who approved it is required."
    ),
    short_help=N_("Disqualify a participant (Law 91B)."),
)
@event_argument
@click.argument("participant", cls=LocalizedArgument, metavar=N_("PARTICIPANT"))
@option("--reason", required=True, help=N_("Why."))
@option("--organiser", default="", help=N_("The organiser who approved it (Law 91B)."))
@option("--by", default="", help=N_("The director (Law 91B)."))
@db_option
@lang_option
def disqualify_command(
    event: int, participant: str, reason: str, organiser: str, by: str, database: str | None
) -> None:
    """Disqualify a participant (Law 91B)."""
    _record_act(
        database,
        event,
        participant,
        "disqualify",
        by,
        lambda: law_91_act("disqualify", reason, by, organiser=organiser),
    )


def _record_act(
    database: str | None,
    event: int,
    participant: str,
    action: str,
    by: str,
    act_of: Callable[[], DirectorAct],
) -> None:
    """Record a Law 4 or 91 act on the participant in the event's log, and say it.

    The log keeps the act (its kind and what was given), worded in the reader's
    language whenever it is read.
    """
    try:
        act = act_of()
    except ArbitroError as error:
        raise click.UsageError(str(error)) from None
    with opened(database) as store:
        store.log_act(event, action, f"{participant}: {act.to_str()}", by)
    click.echo(
        gettext("{participant}: {detail}").format(participant=participant, detail=act.worded())
    )


@event_group.command(
    "ranking",
    cls=LocalizedCommand,
    help=N_(
        "Rank the event: each session scored with the event's method and profile, penalties "
        "taken off, carry-over added, ties shown as 2= unless a tie-break separates them. A "
        "participant disqualified under Law 91B is listed apart, not ranked; the boards it "
        "played stand for its opponents. A teams event lists its matches (each team's IMPs "
        "and victory points) and the boards left out of a match by Law 87B."
    ),
    short_help=N_("Rank the event."),
)
@event_argument
@db_option
@json_option
@lang_option
def ranking_command(event: int, database: str | None, as_json: bool) -> None:
    """Print the ranking."""
    with opened(database, existing=True) as store:
        info = store.event(event)
        standings = store.ranking(event)
        disqualified = store.disqualified(event)
        uncompared = store.uncompared_boards(event)
        matches = store.matches(event) if info.spec.kind == "teams" else {}
        knockout = store.knockout_matches(event)
        byes = store.swiss_byes(event)
        names = {p.number: p.names for p in store.participants(event)}
    if info.spec.knockout:
        _echo_knockout(info, knockout, disqualified, uncompared, as_json)
        return
    if as_json:
        echo_json(
            [
                {
                    "rank": s.rank,
                    "tied": s.tied,
                    "participant": s.participant,
                    "direction": s.direction.to_str() if s.direction is not None else None,
                    "sessions": [shown_number(v) for v in s.sessions],
                    "carry_over": shown_number(s.carry_over),
                    "total": shown_number(s.total) if s.compared else None,
                    "compared": s.compared,
                    **(
                        {"matches": _team_matches(matches, s.participant)}
                        if info.spec.kind == "teams"
                        else {}
                    ),
                    # A Swiss: the rounds of its byes (a team's each scores the bye's VPs).
                    **(
                        {"byes": [round_ for round_, who in byes if who == s.participant]}
                        if byes
                        else {}
                    ),
                }
                for s in standings
            ]
            + _apart_json(disqualified, uncompared),
        )
        return
    if not standings and not disqualified:
        click.echo(gettext("No results yet."))
        _echo_uncompared(uncompared)
        return
    click.echo(f"{info.spec.name}: " + gettext("ranking"))
    for side, members in by_direction(standings):
        if side is not None:
            click.echo(gettext(DIRECTION_TITLES[side]))
        unit = info.spec.total_unit
        header = [gettext("place"), gettext(info.spec.contestant), gettext("total"), ""]
        rows = [header] + [
            [
                s.rank_label,
                s.participant,
                show(s.total) + unit if s.compared else "—",
                names.get(s.participant, ""),
            ]
            for s in members
        ]
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        for row in rows:
            cells = [
                row[0].ljust(widths[0]),
                row[1].ljust(widths[1]),
                row[2].rjust(widths[2]),
                row[3],
            ]
            click.echo(("  " + "  ".join(cells)).rstrip())
    if not all(s.compared for s in standings):
        click.echo(
            gettext(
                "—: no percentage yet: none of the boards this player played has had another "
                "result to compare with (Law 78A). A board without a comparison does not count "
                "in a percentage."
            )
            if info.spec.kind == "individual"
            else gettext(
                "—: no percentage yet: none of the boards this pair played has had another "
                "result to compare with (Law 78A). A board without a comparison does not count "
                "in a percentage."
            )
        )
    if byes and info.bye_score is not None:
        # A Swiss team's byes: where the VPs of a round it did not play come from.
        click.echo(
            gettext("Byes, {score} VP each: {byes}").format(
                score=show(info.bye_score),
                byes="; ".join(
                    gettext("round {round}, team {team}").format(round=round_, team=team)
                    for round_, team in byes
                ),
            )
        )
    elif byes:
        # A Swiss pair's byes: why a pair is missing, or has played fewer boards.
        click.echo(
            gettext("Byes, without a score (fewer boards played): {byes}").format(
                byes="; ".join(
                    gettext("round {round}, pair {pair}").format(round=round_, pair=pair)
                    for round_, pair in byes
                ),
            )
        )
    _echo_disqualified(disqualified)
    swiss = info.timetable if info.timetable and info.timetable.kind == "swiss" else None
    _echo_matches(matches, swiss.boards_per_round if swiss is not None else None)
    _echo_uncompared(uncompared)


def _apart_json(
    disqualified: dict[str, str], uncompared: dict[int, list[UncomparedBoard]]
) -> list[dict[str, Any]]:
    """What ``event ranking --json`` lists after the ranking: Law 91B's disqualified, 87B's boards."""
    return [
        {"participant": participant, "disqualified": detail, "law": "91B"}
        for participant, detail in disqualified.items()
    ] + [board.to_json(session) for session, boards in uncompared.items() for board in boards]


def _echo_disqualified(disqualified: dict[str, str]) -> None:
    """List the participants disqualified under Law 91B, not ranked, with their record."""
    if disqualified:
        click.echo(gettext("Disqualified, not ranked (Law 91B)"))
        for participant, detail in disqualified.items():
            click.echo(f"  {participant}: {detail}")


def _echo_knockout(
    info: EventInfo,
    matches: list[KnockoutMatch],
    disqualified: dict[str, str],
    uncompared: dict[int, list[UncomparedBoard]],
    as_json: bool,
) -> None:
    """A knockout's matches in place of a ranking: segments, carry-over, totals, result (86B)."""
    if as_json:
        echo_json(
            [match.to_json() for match in matches] + _apart_json(disqualified, uncompared),
        )
        return
    if not matches:
        click.echo(gettext("No results yet."))
    else:
        click.echo(f"{info.spec.name}: " + gettext("knockout matches"))
        sessions = range(1, info.spec.sessions + 1)
        penalised = any(match.home_penalty or match.away_penalty for match in matches)
        header = [
            gettext("match"),
            gettext("carry-over"),
            *(gettext("segment {session}").format(session=session) for session in sessions),
            *([gettext("penalties")] if penalised else []),
            gettext("total"),
            gettext("result"),
        ]
        rows = []
        for match in matches:
            played = {segment.session: segment for segment in match.segments}
            rows.append(
                [
                    gettext("{home} v {away}").format(home=match.home, away=match.away),
                    f"{show(match.home_carry)} / {show(match.away_carry)}",
                    *(
                        f"{show(played[session].home_imps)} / {show(played[session].away_imps)}"
                        if session in played
                        else "—"
                        for session in sessions
                    ),
                    *(
                        [f"{show(match.home_penalty)} / {show(match.away_penalty)}"]
                        if penalised
                        else []
                    ),
                    f"{show(match.home_total)} / {show(match.away_total)}",
                    match.outcome(),
                ]
            )
        _echo_table([header, *rows])
    _echo_disqualified(disqualified)
    _echo_uncompared(uncompared)


def _team_matches(matches: dict[int, list[MatchScore]], team: str) -> list[dict[str, Any]]:
    """``team``'s matches as ``event ranking --json`` gives them, session by session (Law 78B).

    Each with the opponent, whether ``team`` was the home team, the boards counted, its
    IMPs over the match and the opponent's (opposite unless an adjusted score did not
    balance, 12C1f) and each one's victory points, before any penalty (Laws 90, 91
    come off the total).
    """
    return [
        {
            "session": session,
            "opponent": match.opponent(team),
            "home": team == match.home,
            "boards": list(match.board_numbers),
            "imps": shown_number(match.margin(team)),
            "opponent_imps": shown_number(match.margin(match.opponent(team))),
            "vps": shown_number(match.vps(team)),
            "opponent_vps": shown_number(match.vps(match.opponent(team))),
        }
        for session, played in matches.items()
        for match in played
        if team in match.teams
    ]


def _echo_matches(matches: dict[int, list[MatchScore]], per_round: int | None = None) -> None:
    """List a teams event's matches under its ranking: each team's IMPs and VPs (Law 78B).

    A Swiss (``per_round``, its boards a round) names each match's round, not its session
    (a Swiss is one session).
    """
    rows = [
        [
            str(
                session
                if per_round is None or not match.board_numbers
                else (min(match.board_numbers) - 1) // per_round + 1
            ),
            gettext("{home} v {away}").format(home=match.home, away=match.away),
            f"{show(match.home_imps)} / {show(match.away_imps)}",
            f"{show(match.home_vps)} / {show(match.away_vps)}",
            str(match.boards),
        ]
        for session, played in matches.items()
        for match in played
    ]
    if not rows:
        return
    click.echo(gettext("Matches"))
    first = gettext("session") if per_round is None else gettext("round")
    header = [first, gettext("match"), "IMPs", "VP", gettext("boards")]
    _echo_table([header, *rows])


def _left_out(
    uncompared: list[UncomparedBoard], session: int, ns: str, ew: str
) -> dict[str, str | int | None] | None:
    """The board as ``--json`` names it when the match of ``ns`` and ``ew`` left it out (87B)."""
    return next(
        (
            fouled.to_json(session)
            for fouled in uncompared
            if {fouled.home, fouled.away} == {ns, ew}
        ),
        None,
    )


def _echo_uncompared(uncompared: dict[int, list[UncomparedBoard]]) -> None:
    """Tell the director which boards of a teams event wait for an adjusted score (Law 87B)."""
    for session, boards in uncompared.items():
        for board in boards:
            click.echo(board.localized(session))


@event_group.command(
    "export",
    cls=LocalizedCommand,
    help=N_(
        "Write the event's results to FILE ('-' for the standard output). --pbn writes a "
        "minimal PBN file: one game per board and table with its result; --usebio writes "
        "the scored sessions (travellers, participants, places) as USEBIO 1.2 XML."
    ),
    short_help=N_("Export the results (PBN or USEBIO)."),
)
@event_argument
@click.argument("file", cls=LocalizedArgument, metavar=N_("FILE"), default="-")
@option("--pbn", "form", flag_value="pbn", default=True, help=N_("PBN (the boards' results)."))
@option(
    "--usebio",
    "form",
    flag_value="usebio",
    help=N_("USEBIO 1.2 XML (the scored sessions; a teams event's matches)."),
)
@encoding_option
@db_option
@lang_option
def export_command(
    event: int, file: str, form: str, encoding: str | None, database: str | None
) -> None:
    """Export the results."""
    if form == "usebio" and encoding not in (None, "utf-8"):
        raise click.UsageError(
            gettext("--encoding {encoding}: a {format} file is written in {choices}").format(
                encoding=encoding, format="USEBIO", choices="utf-8"
            )
        )
    fouled: dict[int, list[UncomparedBoard]] = {}
    with opened(database, existing=True) as store:
        if form == "usebio":
            text, sessions = store.usebio_text(event)
            fouled = store.uncompared_boards(event)
        else:
            text, count = store.pbn_text(event)
    if form == "usebio":
        written = write_text(file, text, problem=cannot_write)
    else:
        written = write_pbn(file, text, encoding=encoding, problem=cannot_write)
    if not written:
        return
    if form == "usebio":
        click.echo(
            ngettext(
                "{count} session written to {path}",
                "{count} sessions written to {path}",
                sessions,
            ).format(count=sessions, path=file)
        )
        if fouled:  # Law 87B: the board is in the file, but not in its match's figures
            click.echo(gettext(FOULED_IN_USEBIO), err=True)
            for session, boards in fouled.items():
                for board in boards:
                    click.echo(f"  {board.localized(session)}", err=True)
    else:
        click.echo(gettext("{count} results written to {path}").format(count=count, path=file))


FOULED_IN_USEBIO = N_(
    "The USEBIO file writes these boards in their match with both tables' results and "
    "no IMPs, until each is given an adjusted score (Law 87B):"
)
"""What the USEBIO export says of a match's boards left out by Law 87B (CLI and desk)."""


def _echo_table(rows: list[list[str]]) -> None:
    """Print rows as aligned columns, the first row being the header."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        click.echo(
            ("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True))).rstrip()
        )


@event_group.command(
    "traveller",
    cls=LocalizedCommand,
    help=N_(
        "Print board BOARD's traveller: each table's pairs, contract and result, score "
        "(North-South's) and each side's matchpoints or IMPs."
    ),
    short_help=N_("Print a board's traveller."),
)
@event_argument
@click.argument("board", type=NumberParam(), cls=LocalizedArgument, metavar=N_("BOARD"))
@option("--session", type=NumberParam(), default=1, show_default=True, help=N_("The session."))
@db_option
@json_option
@lang_option
def traveller_command(
    event: int, board: int, session: int, database: str | None, as_json: bool
) -> None:
    """Print a board's traveller."""
    from arbitro.store.repository import StoreError

    with opened(database, existing=True) as store:
        info = store.event(event)
        results = store.results(event)
        points = store.board_figures(info, results, {(session, board)})
        uncompared = [
            fouled
            for fouled in store.uncompared_boards(event).get(session, [])
            if fouled.board == board
        ]
    lines = [r for r in results if r.session == session and r.board == board]
    if not lines:
        raise StoreError(
            N_("board {board} of session {session} has no results"), board=board, session=session
        )
    table = [
        (
            stored,
            stored.result.to_str() if stored.result is not None else "",
            *points.get((session, board, stored.ns, stored.ew), (None, None)),
        )
        for stored in lines
    ]
    if as_json:
        echo_json(
            [
                {
                    "table": stored.table,
                    "ns": stored.ns,
                    "ew": stored.ew,
                    "entry": stored.entry.to_str(),
                    "score": score,
                    "ns_points": shown_number(ns_points),
                    "ew_points": shown_number(ew_points),
                    "uncompared": _left_out(uncompared, session, stored.ns, stored.ew),
                }
                for stored, score, ns_points, ew_points in table
            ]
        )
        return
    click.echo(f"{info.spec.name}: " + gettext("board {board}").format(board=board))
    ns, ew = Side.NS.to_str(get_language()), Side.EW.to_str(get_language())
    header = [gettext("table"), ns, ew, gettext("result"), gettext("score"), ns, ew]
    _echo_table(
        [header]
        + [
            [
                str(s.table),
                s.ns,
                s.ew,
                s.entry.localized(),
                shown_score(score),
                show(nsp),
                show(ewp),
            ]
            for s, score, nsp, ewp in table
        ]
    )
    _echo_uncompared({session: uncompared} if uncompared else {})


def _won_and_lost(points: Fraction | None, *, first: bool) -> tuple[str, str]:
    """A team's IMPs on a board as its captain writes them: won, lost (a halved board 0 in both).

    Only on the board's first line (``first``); empty while the board is not compared.

    >>> _won_and_lost(Fraction(6), first=True), _won_and_lost(Fraction(-5), first=True)
    (('6.00', ''), ('', '5.00'))
    >>> _won_and_lost(Fraction(0), first=True), _won_and_lost(Fraction(6), first=False)
    (('0.00', '0.00'), ('', ''))
    """
    if points is None or not first:
        return "", ""
    if points == 0:
        return show(points), show(points)
    return (show(points), "") if points > 0 else ("", show(-points))


@event_group.command(
    "card",
    cls=LocalizedCommand,
    help=N_(
        "Print PAIR's score card: each board it played with its direction, opponents, "
        "contract and result, score and matchpoints or IMPs, each session's total and "
        "percentage, and the penalties it received with their Law."
    ),
    short_help=N_("Print a pair's score card."),
)
@event_argument
@click.argument("pair", cls=LocalizedArgument, metavar=N_("PAIR"))
@db_option
@json_option
@lang_option
def card_command(event: int, pair: str, database: str | None, as_json: bool) -> None:
    """Print a pair's score card."""
    from arbitro.store.repository import StoreError

    with opened(database, existing=True) as store:
        info = store.event(event)
        results = store.results(event)
        points = store.board_figures(info, results)
        sessions = store.score(event) if info.spec.kind != "teams" else []
        penalties = [p for p in store.penalties(event) if p.record.participant == pair]
    from arbitro.tournament.individual_scores import players_of

    def side(text: str) -> tuple[str, ...]:
        """Who a result's side is: the pair (or team), or in an individual its two players."""
        return players_of(text) if info.spec.kind == "individual" else (text,)

    boards: list[dict[str, Any]] = []
    for stored in results:
        if pair not in (*side(stored.ns), *side(stored.ew)):
            continue
        ns_points, ew_points = points.get(
            (stored.session, stored.board, stored.ns, stored.ew), (None, None)
        )
        north_south = pair in side(stored.ns)
        boards.append(
            {
                "session": stored.session,
                "board": stored.board,
                "direction": "NS" if north_south else "EW",
                "opponents": stored.ew if north_south else stored.ns,
                "entry": stored.entry.to_str(),
                "score": stored.result.to_str() if stored.result is not None else "",
                "points": ns_points if north_south else ew_points,
            }
        )
    if not boards:
        raise StoreError(N_("{pair} has no results in event {event}"), pair=pair, event=event)
    standings = [
        standing for score in sessions for standing in score.pairs if standing.pair == pair
    ]
    if as_json:
        totals = [
            {
                "total": shown_number(standing.total),
                "boards": standing.boards,
                "factored": shown_number(standing.factored),  # the total that ranks (factored, 78D)
                "percentage": shown_number(standing.percentage),
                "place": standing.rank_label,
            }
            for standing in standings
        ]
        fines = [
            {
                "session": p.session,
                "board": p.record.board,
                "amount": shown_number(p.record.amount, 4),
                "unit": p.record.unit,
                "law": p.record.law,
                "reason": p.record.reason,
            }
            for p in penalties
        ]
        for row in boards:
            row["points"] = shown_number(row["points"])
        echo_json({"pair": pair, "boards": boards, "sessions": totals, "penalties": fines})
        return
    click.echo(f"{info.spec.name}: " + gettext("score card of {pair}").format(pair=pair))
    teams = info.spec.kind == "teams"
    header = [
        gettext("session"),
        gettext("board"),
        gettext("direction"),
        gettext("opponents"),
        gettext("result"),
        gettext("score"),
        *((gettext("IMPs won"), gettext("IMPs lost")) if teams else (gettext("points"),)),
    ]
    language = get_language()
    if teams:  # the board's two lines (one at each table) one under the other
        boards.sort(key=lambda row: (row["session"], row["board"]))
    shown = [
        [
            str(row["session"]),
            str(row["board"]),
            Side.from_str(str(row["direction"])).to_str(language),
            str(row["opponents"]),
            Entry.from_str(str(row["entry"])).localized(language),
            shown_score(str(row["score"])),
            *(
                _won_and_lost(
                    row["points"],
                    first=index == 0
                    or (boards[index - 1]["session"], boards[index - 1]["board"])
                    != (row["session"], row["board"]),
                )
                if teams
                else (show(row["points"]),)
            ),
        ]
        for index, row in enumerate(boards)
    ]
    _echo_table([header, *shown])
    for number, standing in enumerate(standings, start=1):
        percentage = f" ({show(standing.percentage)}%)" if standing.percentage is not None else ""
        total = show(standing.factored)
        if standing.factored != standing.total:
            # Law 78D (the conditions of contest): a total of fewer boards, scaled to the most
            total += gettext(" ({total} on {boards} boards, factored: Law 78D)").format(
                total=show(standing.total), boards=standing.boards
            )
        click.echo(
            gettext("Session {session}: {total}{percentage}, place {place}").format(
                session=number,
                total=total,
                percentage=percentage,
                place=standing.rank_label,
            )
        )
    for stored_penalty in penalties:
        record = stored_penalty.record
        click.echo(
            gettext("Penalty: {amount} {unit} (Law {law}) {reason}")
            .format(amount=_amount(record), unit=record.unit, law=record.law, reason=record.reason)
            .rstrip()
        )


event_group.add_command(movement_command)
event_group.add_command(reopen_command)
