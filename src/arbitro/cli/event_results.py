"""The event's results: ``arbitro event traveller`` (a board), ``card`` (a pair), ``export``.

``export`` writes them as PBN or USEBIO 1.2; the traveller and the score card print
each table's result and its matchpoints or IMPs.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

import click

from arbitro.cli.event_ranking import echo_uncompared
from arbitro.cli.localized import (
    LocalizedArgument,
    LocalizedCommand,
    encoding_option,
    json_option,
    lang_option,
)
from arbitro.cli.numbers import NumberParam
from arbitro.cli.output import cannot_write, echo_json, echo_table, figure, write_pbn, write_text
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.core.seat import Side
from arbitro.i18n import N_, get_language, gettext, ngettext
from arbitro.scoring.penalty_figures import write_penalty_amount
from arbitro.scoring.results import shown_score
from arbitro.scoring.session import shown_number
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import pair_number, pair_written
from arbitro.tournament.teams import UncomparedBoard

if TYPE_CHECKING:
    from arbitro.store import Store
    from arbitro.store.repository import EventInfo
    from arbitro.store.stored import StoredResult


@click.command(
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
@option("--pbn", "pbn", is_flag=True, help=N_("PBN (the boards' results)."))
@option(
    "--usebio",
    "usebio",
    is_flag=True,
    help=N_("USEBIO 1.2 XML (the scored sessions; a teams event's matches)."),
)
@encoding_option
@db_option
@lang_option
def export_command(
    event: int, file: str, pbn: bool, usebio: bool, encoding: str | None, database: str | None
) -> None:
    """Export the results: PBN unless --usebio is given; both at once are refused."""
    if pbn and usebio:  # one file, one format: neither is chosen for the director
        raise click.UsageError(gettext("give --pbn or --usebio, not both"))
    form = "usebio" if usebio else "pbn"
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
        click.echo(
            ngettext(
                "{count} result written to {path}", "{count} results written to {path}", count
            ).format(count=count, path=file)
        )


FOULED_IN_USEBIO = N_(
    "The USEBIO file writes these boards in their match with both tables' results and "
    "no IMPs, until each is given an adjusted score (Law 87B):"
)
"""What the USEBIO export says of a match's boards left out by Law 87B (CLI and desk)."""


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


@click.command(
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
    imps = info.spec.scored_in_imps  # IMPs written whole where they are (10, not 10,00)
    echo_table(
        [header]
        + [
            [
                str(s.table),
                pair_written(s.ns),
                pair_written(s.ew),
                s.entry.localized(),
                shown_score(score),
                figure(nsp, whole=imps),
                figure(ewp, whole=imps),
            ]
            for s, score, nsp, ewp in table
        ]
    )
    echo_uncompared({session: uncompared} if uncompared else {})


def _won_and_lost(points: Fraction | None, *, first: bool) -> tuple[str, str]:
    """A team's IMPs on a board as its captain writes them: won, lost (a halved board 0 in both).

    Only on the board's first line (``first``); empty while the board is not compared.

    >>> _won_and_lost(Fraction(6), first=True), _won_and_lost(Fraction(-11, 2), first=True)
    (('6', ''), ('', '5.50'))
    >>> _won_and_lost(Fraction(0), first=True), _won_and_lost(Fraction(6), first=False)
    (('0', '0'), ('', ''))
    """
    if points is None or not first:
        return "", ""
    if points == 0:
        return figure(points, whole=True), figure(points, whole=True)
    if points > 0:
        return figure(points, whole=True), ""
    return "", figure(-points, whole=True)


class SessionTotal(NamedTuple):
    """A score card's line for one session: total, boards, factored total, percentage, place.

    ``uncompared``: at matchpoints, none of the participant's boards of the session was
    compared yet, so it has no total, percentage or place.
    """

    number: int
    total: Fraction | int
    boards: int
    factored: Fraction | int
    percentage: Fraction | None
    place: str
    uncompared: bool


def _session_totals(
    store: Store, info: EventInfo, results: Sequence[StoredResult], pair: str
) -> list[SessionTotal]:
    """Each session ``pair`` played, by its number, with its total and place in it.

    A pairs event's from the session's standings; an individual's from its players' own
    scores (Law 12C2c, their penalties), the ones its ranking counts. A teams event has
    none (its matches score it).
    """
    if info.spec.kind == "teams":
        return []
    mp = info.spec.method == "mp"
    if info.spec.kind == "individual":
        out = []
        for day in store.individual_sessions(info.id, results):
            score = day.players().get(pair)
            if score is None:
                continue
            total = score.total - score.penalties
            out.append(
                SessionTotal(
                    day.number,
                    total,
                    score.boards,
                    total,
                    score.percentage if score.maximum else None,
                    day.places()[pair].rank_label,
                    mp and not score.maximum,
                )
            )
        return out
    numbers = sorted(
        {r.session for r in results if r.result is not None and r.session <= info.spec.sessions}
    )
    return [
        SessionTotal(
            number,
            standing.total,
            standing.boards,
            standing.factored,
            standing.percentage,
            standing.rank_label,
            score.method == "mp" and standing.percentage is None,
        )
        for number, score in zip(numbers, store.score(info.id, results), strict=True)
        for standing in score.pairs
        if standing.pair == pair
    ]


@click.command(
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
    from arbitro.store.repository import StoreError, check_participant

    pair = pair_number(pair)  # a Spanish director's 3EO is pair 3EW
    with opened(database, existing=True) as store:
        info = store.event(event)
        # A pair the event does not have is named with the ones it has.
        check_participant(pair, [known.number for known in store.participants(event)])
        results = store.results(event)
        # The pair's own figure on each board: in an individual the player's (Law 12C2c).
        points = store.card_figures(info, results, pair)
        totals = _session_totals(store, info, results, pair)
        penalties = [p for p in store.penalties(event) if p.record.participant == pair]
    from arbitro.tournament.individual_scores import players_of

    def side(text: str) -> tuple[str, ...]:
        """Who a result's side is: the pair (or team), or in an individual its two players."""
        return players_of(text) if info.spec.kind == "individual" else (text,)

    boards: list[dict[str, Any]] = []
    for stored in results:
        if pair not in (*side(stored.ns), *side(stored.ew)):
            continue
        north_south = pair in side(stored.ns)
        boards.append(
            {
                "session": stored.session,
                "board": stored.board,
                "direction": "NS" if north_south else "EW",
                "opponents": stored.ew if north_south else stored.ns,
                "entry": stored.entry.to_str(),
                "score": stored.result.to_str() if stored.result is not None else "",
                "points": points.get((stored.session, stored.board, stored.ns, stored.ew)),
            }
        )
    if not boards:
        raise StoreError(
            N_("{pair} has no results in event {event}"), pair=pair_written(pair), event=event
        )
    if as_json:
        sessions = [
            {
                "session": line.number,
                "total": None if line.uncompared else shown_number(line.total),
                "boards": line.boards,
                "factored": shown_number(line.factored),  # the total that ranks (factored, 78D)
                "percentage": shown_number(line.percentage),
                "place": None if line.uncompared else line.place,
            }
            for line in totals
        ]
        fines = [
            {
                "number": p.number,
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
        echo_json({"pair": pair, "boards": boards, "sessions": sessions, "penalties": fines})
        return
    click.echo(
        f"{info.spec.name}: " + gettext("score card of {pair}").format(pair=pair_written(pair))
    )
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
            pair_written(str(row["opponents"])),
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
                else (figure(row["points"], whole=info.spec.scored_in_imps),)
            ),
        ]
        for index, row in enumerate(boards)
    ]
    echo_table([header, *shown])
    for line in totals:
        if line.uncompared:
            click.echo(
                gettext("Session {session}: —, nothing compared yet").format(session=line.number)
            )
            continue
        percentage = (
            f" ({figure(line.percentage, unit='%')})" if line.percentage is not None else ""
        )
        total = figure(line.factored)
        if line.factored != line.total:
            # Law 78D (the conditions of contest): a total of fewer boards, scaled to the most
            total += ngettext(
                " ({total} on {count} board, factored: Law 78D)",
                " ({total} on {count} boards, factored: Law 78D)",
                line.boards,
            ).format(total=figure(line.total), count=line.boards)
        click.echo(
            gettext("Session {session}: {total}{percentage}, place {place}").format(
                session=line.number, total=total, percentage=percentage, place=line.place
            )
        )
    for stored_penalty in penalties:
        record = stored_penalty.record
        click.echo(
            gettext("Penalty: {amount} (Law {law}) {reason}")
            .format(
                amount=write_penalty_amount(record.amount, record.unit),
                law=record.law,
                reason=record.reason,
            )
            .rstrip()
        )
