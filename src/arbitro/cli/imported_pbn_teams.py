"""A PBN teams file made into a teams event: its teams, matches and their tables' results.

``arbitro event import`` hands a PBN file whose games are a teams event's
(:func:`arbitro.formats.pbn_teams.is_teams`) to :func:`imported_pbn_teams`. Each game is
one table's result of a match (:func:`~arbitro.formats.pbn_teams.team_tables`); the
event is a teams event scored in victory points (Law 78B, the margins in IMPs), one
session to each ``Stage`` or ``Round`` of the file. As a USEBIO teams file's
(:mod:`arbitro.cli.imported_teams`), the n-th match of a session is played at tables
``2n - 1`` (its home team, the first the file seats North-South, North-South) and ``2n``.
A board the games mark otherwise than Law 2 (``Dealer``, ``Vulnerable``) is marked so in
the event, and what reading the games told (a score Law 77 gives no result, kept as
written) is the import's warnings, as ``arbitro session score`` tells it. Nothing is
stored here: a game the event refuses stops the import, naming the file's line.
"""

from __future__ import annotations

from pathlib import Path

import click

from arbitro.cli.imported_event import ImportedEvent, file_entry, named_player
from arbitro.core.errors import ArbitroError
from arbitro.formats import pbn
from arbitro.formats.pbn_teams import seated_teams, team_tables
from arbitro.i18n import gettext
from arbitro.store.imports import ImportedLineError, ImportedResult
from arbitro.tournament.event import EventSpec, Participant, Player

__all__ = ["imported_pbn_teams"]


def imported_pbn_teams(
    games: list[pbn.PBNGame], source: str, name: str | None, profile: str
) -> ImportedEvent:
    r"""The teams event a PBN teams file holds (see the module); nothing is stored here.

    >>> games = pbn.loads('[Board "3"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n[Vulnerable "None"]\n'
    ...     '[North "n"]\n[South "s"]\n[East "e"]\n[West "w"]\n'
    ...     '[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n\n'
    ...     '[Board "3"]\n[HomeTeam "B"]\n[VisitTeam "A"]\n[Vulnerable "None"]\n'
    ...     '[North "n"]\n[South "s"]\n[East "e"]\n[West "w"]\n'
    ...     '[Declarer "E"]\n[Contract "3S"]\n[Result "9"]\n')
    >>> made = imported_pbn_teams(games, "liga.pbn", "Liga", "aeb")
    >>> made.spec.kind, made.spec.scoring, [(r.table, r.ns, r.ew, r.entry.to_str()) for r in made.results]
    ('teams', 'vp', [(1, 'A', 'B', '4S S 10'), (2, 'B', 'A', '3S E 9')])
    """
    tables = team_tables(games, source)
    teams: dict[str, Participant] = {}
    players = _team_players(games, source)
    results: list[ImportedResult] = []
    for number, (session, rows) in enumerate(zip(tables.sessions, tables.rows, strict=True), 1):
        first: dict[frozenset[str], tuple[int, str]] = {}  # each match: its number, its home team
        for table, row in zip(session, rows, strict=True):
            for team in (table.ns, table.ew):
                teams.setdefault(team, Participant(team, players.get(team, ())))
            match, home = first.setdefault(
                frozenset((table.ns, table.ew)), (len(first) + 1, table.ns)
            )
            at = 2 * match - (1 if table.ns == home else 0)
            try:
                entry = file_entry([*row, ""], board=tables.marked.get(table.board))
            except ArbitroError as error:
                raise ImportedLineError(
                    source, number, table.board, at, str(error), file_line=table.line or 0
                ) from None
            results.append(
                ImportedResult(number, table.board, at, table.ns, table.ew, entry, table.line or 0)
            )
    if not results:
        raise click.UsageError(gettext("'{path}' has no results").format(path=source))
    titled = next((game.known("Event") for game in games if game.known("Event")), None)
    spec = EventSpec.scored(
        name or titled or Path(source).stem,
        max(result.board for result in results),
        "vp",
        kind="teams",
        profile=profile,
        sessions=len(tables.sessions),
    )
    return ImportedEvent(
        spec,
        list(teams.values()),
        results,
        warnings=tables.warnings,
        boards=tuple(tables.marked.values()),
    )


def _team_players(games: list[pbn.PBNGame], source: str) -> dict[str, tuple[Player, ...]]:
    r"""Each team's players, in the order the games first seat them (a ``#`` number kept).

    North and South play for the team the game seats North-South, East and West for
    the other (:func:`~arbitro.formats.pbn_teams.seated_teams`); a game without its
    teams, or a seat without a name, adds nobody.

    >>> games = pbn.loads('[Board "1"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n[Room "Closed"]\n'
    ...                   '[North "Ana#7"]\n[South "Eva"]\n[East "Luis"]\n[West "?"]\n')
    >>> {team: [p.name for p in found] for team, found in _team_players(games, "m.pbn").items()}
    {'B': ['Ana', 'Eva'], 'A': ['Luis']}
    """
    players: dict[str, dict[str, Player]] = {}
    for game in games:
        if not (game.known("HomeTeam") and game.known("VisitTeam")):
            continue
        sides = (("North", "South"), ("East", "West"))
        for team, seats in zip(seated_teams(game, source), sides, strict=True):
            for seat in seats:
                name = game.known(seat)
                if name:
                    player = named_player(name)
                    players.setdefault(team, {}).setdefault(player.name, player)
    return {team: tuple(found.values()) for team, found in players.items()}
