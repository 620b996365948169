"""``arbitro session score`` of a PBN teams file: its matches in IMPs and victory points (Law 78B).

A PBN file whose games are a teams event's (:func:`arbitro.formats.pbn_teams.is_teams`)
is scored as the teams event ``arbitro event import`` makes of it: each match's two
tables compared board by board in IMPs, the margin turned into victory points on the
WBF scale, and the teams ranked by their victory points over the matches
(:func:`arbitro.tournament.teams.score_matches`, :func:`~arbitro.tournament.teams.team_totals`).
The file's ``ScoreIMP`` figures are compared with Árbitro's, as every file's published
figures are.
"""

from __future__ import annotations

from fractions import Fraction

import click

from arbitro.cli.event_ranking import echo_matches, echo_uncompared, imps
from arbitro.cli.output import echo_table, figure
from arbitro.formats import pbn
from arbitro.formats.pbn_teams import TeamTables, team_tables
from arbitro.formats.published import Comparison, compare_pbn
from arbitro.i18n import gettext
from arbitro.laws.authority import authority
from arbitro.scoring.session import shown_number
from arbitro.tournament.ranking import rank
from arbitro.tournament.teams import MatchScore, score_matches, team_totals, uncompared_boards

__all__ = ["score_teams_file"]


def scored_matches(tables: TeamTables, profile: str) -> dict[int, list[MatchScore]]:
    """Each session's matches (from 1), scored by the profile's rules.

    >>> from arbitro.scoring.results import Result
    >>> from arbitro.scoring.session import TableResult
    >>> both = (TableResult(1, "A", "B", Result.played(620)), TableResult(1, "B", "A", Result.played(170)))
    >>> [(m.home, m.home_imps) for m in scored_matches(TeamTables((both,), ("",)), "aeb")[1]]
    [('A', Fraction(10, 1))]
    """
    rules = authority(profile)
    return {
        number: score_matches(list(session), rules)
        for number, session in enumerate(tables.sessions, start=1)
    }


def score_teams_file(
    games: list[pbn.PBNGame], source: str, profile: str, as_json: bool
) -> tuple[dict[str, object], Comparison]:
    """Score a PBN teams file's matches (see the module): what ``--json`` gives, and the published figures.

    Without ``as_json`` the teams' ranking and the matches are printed here.
    """
    tables = team_tables(games, source)
    for warning in tables.warnings:
        click.echo(gettext("warning: {warning}").format(warning=warning), err=True)
    matches = scored_matches(tables, profile)
    totals = {number: team_totals(played) for number, played in matches.items()}
    teams = sorted({team for played in matches.values() for m in played for team in m.teams})
    margins = {
        team: sum((m.margin(team) for played in matches.values() for m in played if team in m.teams),
                  Fraction(0))
        for team in teams
    }  # fmt: skip
    standings = rank({team: [totals[number].get(team) for number in totals] for team in teams})
    published = compare_pbn(games)
    data: dict[str, object] = {
        "teams": [
            {
                "rank": standing.rank_label,
                "team": standing.participant,
                "vps": shown_number(standing.total),
                "imps": shown_number(margins[standing.participant]),
            }
            for standing in standings
        ],
        "matches": [
            {
                "session": number,
                "home": m.home,
                "away": m.away,
                "boards": list(m.board_numbers),
                "home_imps": shown_number(m.home_imps),
                "away_imps": shown_number(m.away_imps),
                "home_vps": shown_number(m.home_vps),
                "away_vps": shown_number(m.away_vps),
            }
            for number, played in matches.items()
            for m in played
        ],
    }
    if as_json:
        return data, published
    click.echo(gettext("Ranking"))
    echo_table(
        [
            [gettext("place"), gettext("team"), gettext("VP"), gettext("IMPs")],
            *(
                [
                    standing.rank_label,
                    standing.participant,
                    figure(standing.total),
                    imps(margins[standing.participant]),
                ]
                for standing in standings
            ),
        ]
    )
    echo_matches(matches)
    echo_uncompared(
        {
            number: uncompared_boards(list(session))
            for number, session in enumerate(tables.sessions, 1)
        }
    )
    return data, published
