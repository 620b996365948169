"""``arbitro event import``: an event made from a USEBIO or PBN file another program wrote.

The file's sessions, boards, participants and results are stored as one event, all or
nothing; then how the figures the file published compare with Árbitro's. A USEBIO teams
file is read by :mod:`arbitro.cli.imported_teams` and compared by
:mod:`arbitro.cli.compared_teams`; a pairs file, and a PBN file of score tables or of one
table's result per game, here.
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from arbitro.cli.localized import (
    LocalizedArgument,
    LocalizedCommand,
    json_option,
    lang_option,
)
from arbitro.cli.output import FileParam, echo_json, read_bytes
from arbitro.cli.published_report import echo_published, published_data
from arbitro.cli.shared import db_option, opened, option, profile_option
from arbitro.core.board import Board
from arbitro.core.bounded import MAX_NUMBER
from arbitro.core.errors import ArbitroError, NotationError
from arbitro.core.files import MAX_RESULTS_BYTES
from arbitro.formats import pbn, usebio
from arbitro.formats.file_kinds import EMPTY_FILE, LIN_FILE, lin_target
from arbitro.formats.pbn_teams import is_teams
from arbitro.formats.published import Comparison, compare_pbn, score_table_session
from arbitro.formats.travellers import (
    PBN_METHODS,
    decode,
    game_row,
    kind_of,
    pbn_rows,
    usebio_lines,
)
from arbitro.formats.usebio.published import compare_session
from arbitro.i18n import N_, gettext, ngettext
from arbitro.scoring.session import Method
from arbitro.scoring.traveller_errors import InvalidTravellerError
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant

if TYPE_CHECKING:
    from arbitro.cli.imported_event import ImportedEvent
    from arbitro.scoring.session import SessionScore
    from arbitro.store.imports import ImportedResult


@click.command(
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
        "round. A Swiss written in several sessions, no board number in two of them, "
        "becomes one session, its sessions laid end to end, and has its rounds rebuilt "
        "too. A PBN teams file (Competition Teams, or every game naming its HomeTeam and "
        "VisitTeam) gives its teams and each match's two tables, one game a table: the "
        "home team North-South in the open room, East-West in the closed room. Another "
        "PBN file "
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
@profile_option
@option("--by", default="", help=N_("Who does it (for the audit trail)."))
@db_option
@json_option
@lang_option
def import_command(
    file: Path, name: str | None, profile: str, by: str, database: str | None, as_json: bool
) -> None:
    """Create an event from a USEBIO or PBN file and compare its published figures."""
    source = str(file)
    data = read_bytes(file, limit=MAX_RESULTS_BYTES)
    text = decode(data)
    kind = kind_of(text)
    if not text.strip() or kind == "lin":  # said as session score says it
        why = EMPTY_FILE if kind != "lin" else LIN_FILE
        refused = InvalidTravellerError(
            source, 1, None, why, path=source, target=lin_target(source)
        )
        raise click.UsageError(str(refused))
    if kind not in ("usebio", "pbn"):
        raise click.UsageError(
            gettext(
                "'{path}' is neither a USEBIO file ('<' first) nor a PBN file ('[' or '%' "
                "first); enter a CSV file's results into an event with arbitro result import"
            ).format(path=source)
        )
    # the store: not at start
    from arbitro.cli.compared_teams import compare_teams
    from arbitro.cli.imported_event import pbn_details, published_state, usebio_details
    from arbitro.cli.imported_pbn_teams import imported_pbn_teams
    from arbitro.cli.imported_teams import imported_teams
    from arbitro.cli.usebio_rounds import one_session_swiss

    try:
        if kind == "usebio":
            # A Swiss another program split in sessions is played in one (its rounds on end).
            read = one_session_swiss(usebio.loads(text, source))
            teams = usebio.is_teams(read.event)
            imported = (imported_teams if teams else _imported_event)(read, source, name, profile)
        else:
            games = pbn.loads(text, source, strict=False)
            if is_teams(games):  # its matches, each at two tables (Law 78B)
                imported = imported_pbn_teams(games, source, name, profile)
            else:
                imported = _imported_pbn(games, source, name, profile)
    except (NotationError, InvalidTravellerError) as error:
        raise click.UsageError(str(error)) from None
    # What else the file says is kept too: the day, the place, the boards' deals.
    if kind == "usebio":
        imported = replace(imported, kept=usebio_details(read))
    else:
        kept, unkept = pbn_details(games, source, imported.spec.boards, imported.results)
        imported = replace(imported, kept=kept, warnings=(*imported.warnings, *unkept))
    with opened(database) as store:
        event = store.import_event(
            imported.spec,
            imported.participants,
            imported.results,
            source,
            by,
            imported.carry_over,
            imported.penalties,
            imported.movement,
            imported.bye_score,
            imported.disqualified,
            marked=imported.boards,
            kept=imported.kept,
        )
        if kind == "pbn" and imported.spec.kind == "teams":
            published = compare_pbn(games)  # each game's Score and ScoreIMP (Laws 77, 78B)
        elif kind == "pbn":
            published = _pbn_published(games, data, source, store.score(event))
        elif teams:
            published = compare_teams(read, store, event)
        else:
            published = _pairs_published(read, store.score(event), imported.results)
    state = published_state(read) if kind == "usebio" else None
    _echo_imported(event, imported, published, as_json, state)


def _pairs_published(
    read: usebio.Usebio, scores: list[SessionScore], results: list[ImportedResult]
) -> Comparison:
    """How a USEBIO pairs file's published figures compare with its imported event's ``scores``.

    The penalties its ``ADJUSTMENT`` elements published were stored with the event
    (:func:`~arbitro.cli.imported_event.pairs_penalties`), so that the totals compare.
    """
    played = sorted({result.session for result in results})
    published = Comparison(0, ())
    for number, scored in zip(played, scores, strict=True):
        published += compare_session(read.event.sessions[number - 1], scored)
    return published


def _pbn_published(
    games: list[pbn.PBNGame], data: bytes, source: str, scores: list[SessionScore]
) -> Comparison:
    """How a PBN file's published figures compare with its imported event's ``scores``.

    Each game's ``Score`` and ``ScoreIMP``, then the score tables' figures against the
    event's.
    """
    published = compare_pbn(games)
    tables = score_table_session(games, data, source)
    if tables is not None and scores:
        published += compare_session(tables[0], scores[0])
    return published


_FILE_STATES = {
    "official": N_(
        "The file's results were official (Law 79C1); the imported event's are provisional "
        "until you publish them with arbitro event publish {event}: its correction period "
        "starts then."
    ),
    "final": N_(
        "The file's results were final (Law 79C1); the imported event's are provisional "
        "until you publish them with arbitro event publish {event}: its correction period "
        "starts then."
    ),
}
"""What the import says when the file's results were published: the new event's are not."""


def _echo_imported(
    event: int,
    imported: ImportedEvent,
    published: Comparison,
    as_json: bool,
    state: str | None = None,
) -> None:
    """What ``arbitro event import`` stored, and how the file's published figures compare.

    ``state`` is where the file says its results stood (Law 79C1,
    :func:`~arbitro.cli.imported_event.published_state`): an imported event starts
    provisional whatever the file says, since its own correction period starts when
    the director publishes it, so published results are said to be so, and why.
    The import's warnings (``imported.warnings``: what reading the file's lines told,
    as ``arbitro session score`` tells it, and a participant's noted penalties that
    are not its ``ADJUSTMENT``) go to the standard error, or the JSON's ``warnings``.
    """
    spec, participants, results = imported.spec, imported.participants, imported.results
    if as_json:
        echo_json(
            {
                "event": event,
                "name": spec.name,
                "boards": spec.boards,
                "participants": len(participants),
                "results": len(results),
                "published": published_data(published),
                "file_results": state,
                "warnings": [str(warning) for warning in imported.warnings],
            }
        )
        return
    for warning in imported.warnings:
        click.echo(gettext("warning: {warning}").format(warning=warning), err=True)
    click.echo(
        gettext("Event {event} imported: {name}, {boards}, {participants}, {results}").format(
            event=event,
            name=spec.name,
            boards=_boards(spec.boards, results),
            participants=ngettext(
                "{count} participant", "{count} participants", len(participants)
            ).format(count=len(participants)),
            results=ngettext("{count} result", "{count} results", len(results)).format(
                count=len(results)
            ),
        )
    )
    if state in _FILE_STATES:
        click.echo(gettext(_FILE_STATES[state]).format(event=event))
    echo_published(published)


def _boards(boards: int, results: list[ImportedResult]) -> str:
    """The boards an imported event was given: how many, and their numbers unless 1 to ``boards``.

    A file of boards 11 to 20 keeps their numbers (the event counts its boards from 1):
    the import says it has 10 boards, numbered 11 to 20.

    >>> from arbitro.store.imports import ImportedResult
    >>> from arbitro.tournament.entry import Entry
    >>> played = [ImportedResult(1, board, 1, "1", "2", Entry.from_str("score 50")) for board in (11, 12)]
    >>> _boards(12, played), _boards(2, [])
    ('2 boards (11-12)', '2 boards')
    >>> _boards(999999999, [*played, ImportedResult(1, 999999999, 1, "1", "2", Entry.from_str("score 50"))])
    '3 boards (11, 12, 999999999)'
    """
    numbers = sorted({result.board for result in results})
    # Distinct numbers in order run without a gap when the last is the first plus their
    # count less one: told without a list of every number between (a board 999999999).
    if not numbers or (numbers[0] == 1 and numbers[-1] == boards == len(numbers)):
        return ngettext("{count} board", "{count} boards", boards).format(count=boards)
    written = ngettext("{count} board", "{count} boards", len(numbers)).format(count=len(numbers))
    if numbers[-1] - numbers[0] + 1 == len(numbers):
        return f"{written} ({numbers[0]}-{numbers[-1]})"
    return f"{written} ({', '.join(map(str, numbers))})"


def _imported_event(
    read: usebio.Usebio, source: str, name: str | None, profile: str
) -> ImportedEvent:
    """The event, pairs and results a USEBIO pairs file holds, with each line's table numbered.

    A Swiss pairs file's rounds are rebuilt as its movement
    (:func:`~arbitro.cli.usebio_rounds.swiss_pairs_movement`), and each line's table is
    then the one its two pairs sit at in the board's round. A disqualification the file
    records (a pair's comment) is kept (Law 91B), each pair's ``CARRY_OVER`` is its
    carry-over (:func:`~arbitro.cli.imported_event.carried_over`), and so are the penalties its
    ``ADJUSTMENT`` elements published (Laws 90, 91), worked out on each session's
    lines before anything is stored (:func:`~arbitro.cli.imported_event.pairs_penalties`):
    one the event refuses stops the import, and nothing is stored.
    """
    from arbitro.cli.imported_event import (
        ImportedEvent,
        carried_over,
        file_entry,
        listed_participants,
        pairs_penalties,
        read_sessions,
    )
    from arbitro.cli.usebio_rounds import swiss_pairs_movement
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
            entry = file_entry(row)
        except ArbitroError as error:
            raise ImportedLineError(source, *at, table, str(error)) from None
        results.append(ImportedResult(number, int(board), table, ns, ew, entry))
    if not results:
        raise click.UsageError(gettext("'{path}' has no results").format(path=source))
    players = listed_participants(read)
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
    warnings, scores = read_sessions(read, source)
    penalties, unequal = pairs_penalties(read, scores)
    return ImportedEvent(
        spec,
        list(players.values()),
        results,
        carry_over=carried_over(read),
        penalties=penalties,
        movement=movement,
        disqualified=usebio.disqualified_in(read),
        warnings=(*warnings, *unequal),
    )


def _imported_pbn(
    games: list[pbn.PBNGame], source: str, name: str | None, profile: str
) -> ImportedEvent:
    """The event, pairs and results of a PBN file's score tables, each row's table numbered.

    A board the games mark otherwise than Law 2 (``Dealer``, ``Vulnerable``) is marked so
    in the event (:meth:`~arbitro.formats.pbn.PBNGame.board`): it is what the table played.
    """
    from arbitro.cli.imported_event import ImportedEvent, named_player
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
    # every row's board, pairs and result, refused with the file's line; its warnings
    warnings = tuple(found.read(source).warnings)
    method = found.method
    results: list[ImportedResult] = []
    tables: dict[int, int] = {}
    lines = [origin.line for origin in found.origins]
    for index, row in enumerate(csv.DictReader(io.StringIO(found.text))):
        board, line = int(row["board"]), lines[index] if index < len(lines) else 0
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
                adjusted=row["adjusted"] or None,
            )
        except ArbitroError as error:
            raise ImportedLineError(source, 1, board, table, str(error)) from None
        results.append(ImportedResult(1, board, table, row["ns"], row["ew"], entry, line))
    if not results:
        raise click.UsageError(gettext("'{path}' has no results").format(path=source))
    named = _score_table_names(games, source)
    players: dict[str, Participant] = {}
    for result in results:
        for pair_number in (result.ns, result.ew):
            players.setdefault(
                pair_number,
                Participant(pair_number, tuple(map(named_player, named.get(pair_number, ())))),
            )
    titled = next((game.known("Event") for game in games if game.known("Event")), None)
    spec = EventSpec(
        name or titled or Path(source).stem,
        boards=max(result.board for result in results),
        method=method or "mp",
        profile=profile,
    )
    return ImportedEvent(
        spec,
        list(players.values()),
        results,
        warnings=warnings,
        boards=tuple(found.marked.values()),
    )


def _whole_number(text: str) -> int | None:
    """The board or table number ``text`` writes, 1 to the largest a database keeps; else None.

    >>> _whole_number("12"), _whole_number("0"), _whole_number("9" * 40), _whole_number("x")
    (12, None, None, None)
    """
    if not (text.isascii() and text.isdigit() and len(text) <= len(str(MAX_NUMBER))):
        return None
    number = int(text)
    return number if 1 <= number <= MAX_NUMBER else None


SEAT_TAGS = ("North", "South", "East", "West")
"""The PBN tags of a game's players, partners side by side."""


def _has_result(game: pbn.PBNGame) -> bool:
    """Whether a PBN game records a table's result (its ``Contract`` or ``Score``)."""
    return game.known("Contract") is not None or game.known("Score") is not None


def _score_table_names(games: list[pbn.PBNGame], source: str) -> dict[str, tuple[str, ...]]:
    """Each pair's players as the score tables' ``Names_NS`` and ``Names_EW`` give them (PBN 2.1).

    The first names a pair is given are its; a row without them gives none. A name may
    carry the player's federation number after ``#`` (:func:`named_player`), as
    Árbitro's export writes it.
    """
    from arbitro.formats.pbn.table_tags import read_table

    named: dict[str, tuple[str, ...]] = {}
    for game in games:
        tag = game.tag("ScoreTable")
        if tag is None:
            continue
        for record in read_table(tag, source).records():
            for pair, names in (("PairId_NS", "Names_NS"), ("PairId_EW", "Names_EW")):
                number, players = record.get(pair), record.get(names)
                if isinstance(number, str) and isinstance(players, tuple) and any(players):
                    named.setdefault(number.strip('"'), tuple(map(str, players)))
    return named


def _imported_pbn_games(
    games: list[pbn.PBNGame], source: str, name: str | None, profile: str
) -> ImportedEvent:
    """The event, pairs and results of a PBN file whose games each record one table's result.

    Each game's ``Board``, ``Contract``, ``Declarer``, ``Result`` and ``Score`` (read as
    ``arbitro session score`` reads them, :func:`~arbitro.formats.pbn_results.game_row`)
    make one result; its pairs are its players, ``North``-``South`` and ``East``-``West``,
    numbered 1, 2, ... in the order the file first seats them (the same two players are
    one pair whichever seats they take). Tables are the games' ``Table`` tags when every
    game has one and no board repeats it, else 1, 2, ... in file order per board. A
    board's first game gives its dealer and vulnerability (``Dealer``, ``Vulnerable``,
    :meth:`~arbitro.formats.pbn.PBNGame.board`): one marked otherwise than Law 2 is
    marked so in the event.
    """
    from arbitro.cli.imported_event import ImportedEvent, named_player
    from arbitro.store.imports import ImportedLineError, ImportedResult

    played: list[tuple[pbn.PBNGame, int, list[str]]] = []
    for game in games:
        written = game.known("Board")
        if written is None or not _has_result(game):
            continue
        row = game_row(game, written)
        if row is None or _whole_number(written) is None:
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
    numbered = all(_whole_number(table) is not None for table in named) and len(
        {(board, table) for (_, board, _), table in zip(played, named, strict=True)}
    ) == len(played)
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
                    str(len(pairs) + 1), (named_player(first), named_player(second))
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
    read = pbn_rows(games, source).read(source)  # what session score tells of the games
    marked: dict[int, Board] = {}
    for game, board, _ in played:
        marked.setdefault(board, game.board(board))
    return ImportedEvent(
        spec,
        list(pairs.values()),
        results,
        warnings=tuple(read.warnings),
        boards=tuple(board for board in marked.values() if not board.follows_law2),
    )
