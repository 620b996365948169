"""``arbitro event ranking``: the event's ranking, a teams event's matches, a knockout's.

Penalties taken off, carry-over added, ties shown as 2= unless a tie-break separates
them; a participant disqualified under Law 91B listed apart; the boards left out of a
match by Law 87B named for the director.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

import click

from arbitro.cli.localized import LocalizedCommand, json_option, lang_option
from arbitro.cli.output import echo_json, echo_table, figure
from arbitro.cli.shared import db_option, event_argument, opened
from arbitro.i18n import N_, gettext, ngettext
from arbitro.scoring.session import shown_number
from arbitro.tournament.event import pair_written
from arbitro.tournament.knockout import KnockoutMatch
from arbitro.tournament.ranking import DIRECTION_TITLES, by_direction
from arbitro.tournament.teams import MatchScore, UncomparedBoard

if TYPE_CHECKING:
    from arbitro.store.repository import EventInfo
    from arbitro.tournament.ranking import Standing


@click.command(
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
        # Each match with its teams' penalties in IMPs (Law 90): they add up to the totals.
        teams = info.spec.kind == "teams" and not info.spec.knockout
        matches = store.penalised_matches(event) if teams else {}
        knockout = store.knockout_matches(event)
        byes = store.swiss_byes(event)
        absences = store.swiss_absences(event)
        names = {p.number: p.names for p in store.participants(event)}
    if info.spec.knockout:
        _echo_knockout(info, knockout, disqualified, uncompared, as_json)
        return
    if as_json:
        echo_json(
            [
                {
                    "rank": s.rank if s.played else None,  # no result yet: no place
                    "tied": s.tied,
                    "participant": s.participant,
                    "direction": s.direction.to_str() if s.direction is not None else None,
                    "sessions": [  # null: no percentage in that session (nothing compared)
                        None if number in s.uncompared else shown_number(v)
                        for number, v in enumerate(s.sessions, 1)
                    ],
                    "carry_over": shown_number(s.carry_over),
                    "total": shown_number(s.total) if s.compared else None,
                    "compared": s.compared,
                    "played": s.played,
                    # A teams event: the VPs its penalties took off the total (Law 90).
                    **(
                        {"penalty_vps": shown_number(s.penalty)}
                        if info.spec.kind == "teams"
                        else {}
                    ),
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
                    # A Swiss: the rounds it was absent from (no table, no bye: nothing).
                    **(
                        {"absent": [round_ for round_, who in absences if who == s.participant]}
                        if absences
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
        echo_uncompared(uncompared)
        return
    click.echo(f"{info.spec.name}: " + gettext("ranking"))
    for side, members in by_direction(standings):
        if side is not None:
            click.echo(gettext(DIRECTION_TITLES[side]))
        echo_standings(members, info, names)
    if not all(s.compared for s in standings if s.played):
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
    echo_no_result([s.participant for s in standings if not s.played], info.spec.kind)
    if any(s.penalty for s in standings):
        click.echo(gettext("penalties: victory points taken off the total by a penalty (Law 90)."))
    if byes and info.bye_score is not None:
        # A Swiss team's byes: where the VPs of a round it did not play come from.
        click.echo(
            gettext("Byes, {score} VP each: {byes}").format(
                score=figure(info.bye_score),
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
    if absences:
        # A Swiss's absences: a round not played and not a bye, so it scores nothing.
        click.echo(
            gettext("Absent, not a bye (0): {absences}").format(
                absences="; ".join(
                    (
                        gettext("round {round}, team {team}").format(round=round_, team=who)
                        if info.spec.kind == "teams"
                        else gettext("round {round}, pair {pair}").format(round=round_, pair=who)
                    )
                    for round_, who in absences
                ),
            )
        )
    _echo_disqualified(disqualified)
    # A Swiss or a round robin plays a match a round: each match is named by its round.
    rooms = info.timetable if info.timetable and info.timetable.rooms == 2 else None
    echo_matches(matches, rooms.boards_per_round if rooms is not None else None)
    echo_uncompared(uncompared)


def echo_standings(members: list[Standing], info: EventInfo, names: dict[str, str]) -> None:
    """Print the lines of one group of the ranking: place, participant, how the total is made.

    In an event of several sessions each session's score, then the carry-over and the
    victory points taken off by penalties (Law 90) when some line has them, then the
    total and the names. A session's score is before its penalties in VPs, so that each
    line adds up; «—» where there is no percentage.
    """
    unit = info.spec.total_unit
    sessions = max(len(s.sessions) for s in members) if info.spec.sessions > 1 else 0
    carried = any(s.carry_over for s in members)
    penalised = any(s.penalty for s in members)
    header = [
        gettext("place"),
        gettext(info.spec.contestant),
        *(gettext("session {session}").format(session=n) for n in range(1, sessions + 1)),
        *([gettext("carry-over")] if carried else []),
        *([gettext("penalties")] if penalised else []),
        gettext("total"),
        "",
    ]
    rows = [header]
    for s in members:
        by_session = [s.before_penalty(n) if s.played else None for n in range(1, sessions + 1)]
        rows.append(
            [
                s.rank_label if s.compared else "—",  # nothing compared yet: no place (78A)
                pair_written(s.participant),
                *("—" if score is None else figure(score) for score in by_session),
                *([figure(s.carry_over)] if carried else []),
                *([figure(-s.penalty)] if penalised else []),
                figure(s.total, unit=unit) if s.compared else "—",
                names.get(s.participant, ""),
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1])]
        cells += [cell.rjust(width) for cell, width in zip(row[2:-1], widths[2:-1], strict=True)]
        click.echo(("  " + "  ".join([*cells, row[-1]])).rstrip())


def echo_no_result(participants: list[str], kind: str = "pairs") -> None:
    """Say which participants the ranking lists with «—» because they have no result yet (78A).

    Named as the event's ``kind`` names them: pairs, teams or players.
    """
    if not participants:
        return
    named = ", ".join(pair_written(participant) for participant in participants)
    if kind == "teams":
        text = ngettext(
            "—: team {teams} has no result yet.",
            "—: teams {teams} have no result yet.",
            len(participants),
        ).format(teams=named)
    elif kind == "individual":
        text = ngettext(
            "—: player {players} has no result yet.",
            "—: players {players} have no result yet.",
            len(participants),
        ).format(players=named)
    else:
        text = ngettext(
            "—: pair {pairs} has no result yet.",
            "—: pairs {pairs} have no result yet.",
            len(participants),
        ).format(pairs=named)
    click.echo(text)


def imps(value: Fraction) -> str:
    """IMPs as the reports write them: whole where they are (``12``), else with decimals.

    >>> imps(Fraction(12)), imps(Fraction(7, 2))
    ('12', '3.50')
    """
    return figure(value, whole=True)


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
                    f"{imps(match.home_carry)} / {imps(match.away_carry)}",
                    *(
                        f"{imps(played[session].home_imps)} / {imps(played[session].away_imps)}"
                        if session in played
                        else "—"
                        for session in sessions
                    ),
                    *(
                        [f"{imps(match.home_penalty)} / {imps(match.away_penalty)}"]
                        if penalised
                        else []
                    ),
                    f"{imps(match.home_total)} / {imps(match.away_total)}",
                    match.outcome(imps),
                ]
            )
        echo_table([header, *rows])
    _echo_disqualified(disqualified)
    echo_uncompared(uncompared)


def _team_matches(matches: dict[int, list[MatchScore]], team: str) -> list[dict[str, Any]]:
    """``team``'s matches as ``event ranking --json`` gives them, session by session (Law 78B).

    Each with the opponent, whether ``team`` was the home team, the boards counted, its
    IMPs over the match and the opponent's (opposite unless an adjusted score did not
    balance, 12C1f) and each one's victory points as played; ``penalty_imps`` are the
    IMPs ``team``'s penalties take off its margin in the match (Law 90), and
    ``ranked_vps`` and ``opponent_ranked_vps`` the victory points the ranking counts,
    after the penalties in IMPs (those in VPs come off the total).
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
            "penalty_imps": shown_number(match.penalty(team)),
            "ranked_vps": shown_number(match.ranked_vps(team)),
            "opponent_ranked_vps": shown_number(match.ranked_vps(match.opponent(team))),
        }
        for session, played in matches.items()
        for match in played
        if team in match.teams
    ]


def echo_matches(matches: dict[int, list[MatchScore]], per_round: int | None = None) -> None:
    """List a teams event's matches under its ranking: each team's IMPs and VPs (Law 78B).

    A Swiss (``per_round``, its boards a round) names each match's round, not its session
    (a Swiss is one session). Where a team has a penalty in IMPs (Law 90) a column gives
    the IMPs each team's penalties take off its margin, and the VPs are those after it,
    so each team's matches add up to its total (less its penalties in VPs).
    """
    penalised = any(
        match.home_penalty or match.away_penalty for played in matches.values() for match in played
    )
    rows = [
        [
            str(
                session
                if per_round is None or not match.board_numbers
                else (min(match.board_numbers) - 1) // per_round + 1
            ),
            gettext("{home} v {away}").format(home=match.home, away=match.away),
            f"{imps(match.home_imps)} / {imps(match.away_imps)}",
            *([f"{imps(match.home_penalty)} / {imps(match.away_penalty)}"] if penalised else []),
            f"{figure(match.ranked_vps(match.home))} / {figure(match.ranked_vps(match.away))}",
            str(match.boards),
        ]
        for session, played in matches.items()
        for match in played
    ]
    if not rows:
        return
    click.echo(gettext("Matches"))
    first = gettext("session") if per_round is None else gettext("round")
    header = [
        first,
        gettext("match"),
        gettext("IMPs"),
        *([gettext("penalties")] if penalised else []),
        gettext("VP"),
        gettext("boards"),
    ]
    echo_table([header, *rows])
    if penalised:
        click.echo(
            gettext(
                "VP after the penalties in IMPs, off the margin of the team penalised (Law 90)."
            )
        )


def echo_uncompared(uncompared: dict[int, list[UncomparedBoard]]) -> None:
    """Tell the director which boards of a teams event wait for an adjusted score (Law 87B)."""
    for session, boards in uncompared.items():
        for board in boards:
            click.echo(board.localized(session))
