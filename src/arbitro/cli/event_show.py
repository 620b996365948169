"""``arbitro event list`` and ``event show``: the events, and one event with its records.

``show`` gives the settings, the state of the results (the correction period, Law
79C) and the director's rulings, penalties (Laws 90, 91) and appeals (92, 93).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

import click

from arbitro.cli.localized import LocalizedCommand, json_option, lang_option
from arbitro.cli.output import echo_json
from arbitro.cli.reopening import reopened_state, reopening_data
from arbitro.cli.shared import db_option, event_argument, opened
from arbitro.i18n import N_, gettext, ngettext
from arbitro.scoring.penalty_figures import write_penalty_amount
from arbitro.tournament.appeals import appeal_deadline, appeal_period_status
from arbitro.tournament.event import SCORING_NAMES, pair_written
from arbitro.tournament.movements import kind_name
from arbitro.tournament.penalties import lacks_its_board

if TYPE_CHECKING:
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


@click.command(
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
        click.echo(f"{info.id}  {info.spec.name}  {_state(info)}")


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
        "appeals_until": _isoformat(appeal_deadline(info.published, info.spec.appeal_minutes)),
    } | reopening_data(info)


def _isoformat(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _state(info: EventInfo, now: datetime | None = None) -> str:
    """The state of the results as the desk and the public page word it (Law 79C)."""
    if info.reopened is not None:
        return gettext("Results: {state}").format(state=reopened_state(info))
    return info.correction.status(now or datetime.now(UTC))


@click.command(
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
                    "id": p.number,
                    "session": p.session,
                    "participant": p.record.participant,
                    "kind": p.record.kind.value,
                    "amount": str(p.record.amount),
                    "unit": p.record.unit,
                    "law": p.record.law,
                    "reason": p.record.reason,
                    "board": p.record.board,
                    # Kept without its board from before it was required: first match (90).
                    "first_match": lacks_its_board(p.record, info.spec, info.timetable),
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
        gettext("{kind}, {method} ({profile}), {boards}, {sessions}").format(
            kind=gettext(KIND_NAMES[spec.kind]),
            method=gettext(SCORING_NAMES[spec.scoring]),
            profile=spec.profile.upper(),
            boards=ngettext("{count} board", "{count} boards", spec.boards).format(
                count=spec.boards
            ),
            sessions=ngettext("{count} session", "{count} sessions", spec.sessions).format(
                count=spec.sessions
            ),
        )
    )
    if info.movement:
        click.echo(
            gettext("Movement: {movement}, {tables} tables, {per} boards a round").format(
                movement=kind_name(info.movement), tables=info.tables, per=info.boards_per_round
            )
        )
    click.echo(_state(info))
    appealing = appeal_period_status(info.published, info.spec.appeal_minutes, datetime.now(UTC))
    if appealing is not None and info.reopened is None:
        click.echo(appealing)  # beside the correction period: the time to appeal (92B)
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
        line = gettext(
            "Penalty {id} ({kind}, Law {law}): {participant}, {amount}; {reason}"
        ).format(
            id=stored.number,
            kind=gettext(stored.record.kind.value),
            law=stored.record.law,
            participant=pair_written(stored.record.participant),
            amount=write_penalty_amount(stored.record.amount, stored.record.unit),
            reason=stored.record.reason,
        )
        placed: list[str] = []
        if spec.sessions > 1:
            placed.append(gettext("session {session}").format(session=stored.session))
        if stored.record.board is not None:
            placed.append(gettext("board {board}").format(board=stored.record.board))
        click.echo(line + (f" [{', '.join(placed)}]" if placed else ""))
        if lacks_its_board(stored.record, spec, info.timetable):
            click.echo(
                "  "
                + gettext(
                    "no board: these IMPs come off the team's first match of the session; "
                    "withdraw the penalty and give it again with --board (Law 90)"
                )
            )
    for stored_appeal in appeals:
        appeal = stored_appeal.appeal
        decision = gettext(appeal.decision.value) if appeal.decision else gettext("pending")
        click.echo(
            gettext("Appeal {id} by {appellant} ({decision}): {reason}").format(
                id=stored_appeal.id,
                appellant=pair_written(appeal.appellant),
                decision=decision,
                reason=appeal.reason,
            )
        )
