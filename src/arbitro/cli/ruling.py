"""``arbitro ruling``: judgement rulings (Laws 16, 21, 40, 75 to the Law 12 score) and their report.

A case file (JSON, the shape of :meth:`arbitro.tournament.judgement.Case.to_json`)
holds the board, the facts found, the worksheet's answers, the player poll and what
would have happened otherwise. ``report`` prints its ruling report; ``record`` stores
it as the board's ruling (``--apply`` puts an assigned score into the results);
``show`` prints a stored case's report; ``list`` is the organiser's list of an
event's judgement rulings (``--adjusted``: only the score adjustments). ``poll``
opens a player poll before the ruling and ``answer`` adds a player's answer to it;
``record --poll N`` links the poll to the case it served. ``card`` keeps a pair's
convention card (or prints it), which the misinformation worksheet consults.
``damage`` separates the consequent from the subsequent damage in a team match (Law
12C1b) and gives the adjusted score in IMPs to enter (:mod:`arbitro.cli.ruling_damage`).
The AEB's regulations at a ruling join the group here, each from its module:
``alerts`` (:mod:`~arbitro.cli.ruling_alerts`), ``psychic`` and ``psychics``
(:mod:`~arbitro.cli.ruling_psychics`), ``methods`` and ``level``
(:mod:`~arbitro.cli.ruling_methods`); what they read is in
:mod:`~arbitro.cli.ruling_inputs`.

>>> sorted(ruling_group.commands)
['alerts', 'answer', 'card', 'damage', 'level', 'list', 'methods', 'poll', 'psychic', 'psychics', 'record', 'report', 'show']
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from arbitro.cli.localized import (
    LocalizedArgument,
    LocalizedCommand,
    LocalizedGroup,
    file_argument,
    json_option,
    lang_option,
)
from arbitro.cli.numbers import NumberParam
from arbitro.cli.output import echo_json, read_text
from arbitro.cli.ruling_alerts import alerts_command
from arbitro.cli.ruling_damage import damage_command
from arbitro.cli.ruling_inputs import case_data, case_from_data, read_json_object
from arbitro.cli.ruling_methods import level_command, methods_command
from arbitro.cli.ruling_psychics import psychic_command, psychics_command, register_report
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.core.errors import ArbitroError
from arbitro.core.files import MAX_CARD_CHARACTERS
from arbitro.i18n import N_, get_language, gettext
from arbitro.scoring.penalty_figures import write_penalty_amount
from arbitro.table.agreements import ConventionCard
from arbitro.tournament.event import pair_written
from arbitro.tournament.judgement import Case
from arbitro.tournament.poll import Poll, PollAnswer, action_label, read_action
from arbitro.tournament.ruling_report import RulingReport

if TYPE_CHECKING:
    from arbitro.store import Store


@click.group(
    "ruling",
    cls=LocalizedGroup,
    help=N_(
        "Judgement rulings on unauthorised information and misinformation: the ruling "
        "report of a case file, recording it with the board, and the organiser's list."
    ),
    short_help=N_("Judgement rulings and their reports."),
)
@lang_option
def ruling_group() -> None:
    """The ``arbitro ruling`` group."""


def read_case(file: str, poll: Poll | None = None, profile: str | None = None) -> Case:
    """The case in the JSON file ``file``; a problem names the file.

    ``poll``, a poll kept in the database, stands for the file's when it has none;
    ``profile``, the event's regulating authority, for the file's when it names none.

    >>> read_case("/nonexistent/case.json")
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: cannot read '/nonexistent/case.json': no such file or folder
    """
    data = case_data(file)
    if poll is not None and data.get("poll") is None:
        data["poll"] = poll.to_json()
    if profile is not None and "profile" not in data:
        data["profile"] = profile
    return case_from_data(data, file)


def _print(report: RulingReport, as_json: bool) -> None:
    if as_json:
        echo_json(report.to_json())
        return
    for line in report.lines():
        click.echo(line)


@ruling_group.command(
    "report",
    cls=LocalizedCommand,
    help=N_(
        "Print the ruling report of the case in FILE: the facts, the worksheet's questions "
        "and answers, the poll, the ruling with its Laws and arithmetic, the right to appeal."
    ),
    short_help=N_("Print a case file's ruling report."),
)
@file_argument
@json_option
@lang_option
def report_command(file: str, as_json: bool) -> None:
    """Print a case file's ruling report.

    >>> from click.testing import CliRunner
    >>> print(CliRunner().invoke(report_command, ["/nonexistent.json"]).output.splitlines()[-1])
    Error: Invalid value: cannot read '/nonexistent.json': no such file or folder
    """
    _print(RulingReport(read_case(file)), as_json)


@ruling_group.command(
    "record",
    cls=LocalizedCommand,
    help=N_(
        "Record the case in FILE as a ruling of EVENT, each answer, result, fact and poll "
        "answer in the database; --apply puts an assigned score into the board's result."
    ),
    short_help=N_("Record a case file's ruling."),
)
@event_argument
@file_argument
@option("--session", type=NumberParam(), default=1, help=N_("The session."))
@option(
    "--apply",
    is_flag=True,
    help=N_("Replace the table's result by the assigned score (a correction, Law 79C)."),
)
@option("--by", default="", help=N_("Who does it (for the record)."))
@option(
    "--poll",
    "poll",
    type=NumberParam(),
    default=None,
    help=N_("The poll (opened with arbitro ruling poll) the case used."),
)
@db_option
@lang_option
def record_command(
    event: int,
    file: str,
    session: int,
    apply: bool,
    by: str,
    poll: int | None,
    database: str | None,
) -> None:
    """Record a case file's ruling (and, under the AEB, its regulation G penalty)."""
    with opened(database) as store:
        spec = store.event(event).spec
        case = read_case(file, None if poll is None else store.load_poll(event, poll), spec.profile)
        case = replace(case, in_imps=spec.scored_in_imps)
        try:
            case.penalty()
        except ArbitroError as error:
            raise click.BadParameter(f"{file}: {error}") from None
        with store.transaction():  # the ruling and its penalty are recorded together
            number = store.add_case(event, case, session, apply=apply, by=by, poll_number=poll)
            fine = store.add_regulation_g(event, case, number, session, by)
        registers = register_report(store, event, _table_pairs(store, event, session, case))
    ruling = case.ruling()
    click.echo(
        gettext("Ruling {id} recorded at board {board}: {result} (Laws {laws})").format(
            id=number, board=case.board, result=ruling.result.to_str(), laws=", ".join(ruling.laws)
        )
    )
    if fine is not None:
        click.echo(
            gettext(
                "Penalty {id} recorded: {participant}, {amount} (AEB regulation G; at least "
                "the regulation's, raise it with regulation_g in the case file)"
            ).format(
                id=fine.id,
                participant=pair_written(fine.participant),
                amount=write_penalty_amount(fine.penalty.amount, fine.penalty.unit),
            )
        )
    for line in registers:  # the pairs' record of psychics, shown at their next ruling
        click.echo(line)


def _table_pairs(store: Store, event: int, session: int, case: Case) -> tuple[str, ...]:
    """The two pairs at the case's table, from the board's result there; none without one."""
    for stored in store.results(event, session):
        if stored.board == case.board and stored.table == case.table:
            return (stored.ns, stored.ew)
    return ()


@ruling_group.command(
    "show",
    cls=LocalizedCommand,
    help=N_("Print the ruling report of ruling NUMBER of EVENT, as recorded."),
    short_help=N_("Print a recorded ruling's report."),
)
@event_argument
@click.argument("number", type=NumberParam(), metavar="NUMBER")
@db_option
@json_option
@lang_option
def show_command(event: int, number: int, database: str | None, as_json: bool) -> None:
    """Print a recorded ruling's report."""
    with opened(database, existing=True) as store:
        case = store.load_case(event, number)
    _print(RulingReport(case, number), as_json)


@ruling_group.command(
    "list",
    cls=LocalizedCommand,
    help=N_(
        "List EVENT's judgement rulings for the organiser: board, table, pairs, the table's "
        "score and the assigned one, with the Laws; --adjusted lists every adjustment: "
        "the assigned ones, adjusted scores entered directly and rulings by Laws 13 and 15."
    ),
    short_help=N_("List an event's judgement rulings."),
)
@event_argument
@option("--adjusted", is_flag=True, help=N_("Only the rulings that assigned a score."))
@db_option
@json_option
@lang_option
def list_command(event: int, adjusted: bool, database: str | None, as_json: bool) -> None:
    """List an event's judgement rulings.

    >>> from click.testing import CliRunner
    >>> CliRunner().invoke(list_command, ["1", "--db", "sqlite:///:memory:"]).exit_code
    1
    """
    with opened(database, existing=True) as store:
        # Criterion 4 of the AEB: every adjustment reaches the organiser, also the adjusted
        # scores entered directly and the rulings by rule (13B, 15B) recorded at a board.
        found = store.organiser_adjustments(event, adjusted_only=adjusted)
    cases, entered, mechanical = found.cases, found.entered, found.mechanical
    if as_json:
        rows: list[dict[str, object]] = []
        for stored in cases:
            ruling = stored.case.ruling()
            rows.append(
                {
                    "kind": "case",
                    "id": stored.number,
                    "session": stored.session,
                    "board": stored.case.board,
                    "table": stored.case.table,
                    "ns": stored.ns,
                    "ew": stored.ew,
                    "table_score": stored.case.sheet.actual,
                    "result": ruling.result.to_str(),
                    "adjusted": not ruling.stands,
                    "laws": list(ruling.laws),
                }
            )
        rows += [
            {
                "kind": "entry",
                "session": r.session,
                "board": r.board,
                "table": r.table,
                "ns": r.ns,
                "ew": r.ew,
                "result": r.result.to_str() if r.result is not None else None,
            }
            for r in entered
        ]
        rows += [
            {
                "kind": "ruling",
                "id": number,
                "board": record.board,
                "table": record.table,
                "laws": [record.law],
                "text": record.text,
            }
            for number, record in mechanical
        ]
        echo_json(rows)
        return
    lines = found.lines()
    if not lines:
        click.echo(gettext("No judgement rulings."))
    for _number, line in lines:
        click.echo(line)


def _shares(poll: Poll) -> None:
    for share in poll.shares():
        click.echo(
            gettext(N_("{action}: considered by {considered} of {of}, chosen by {chosen}")).format(
                action=action_label(share.action, get_language()),
                considered=share.considered,
                of=share.of,
                chosen=share.chosen,
            )
        )
    alternatives = poll.logical_alternatives()
    if alternatives:
        click.echo(
            gettext(N_("logical alternatives: {actions}")).format(
                actions=", ".join(action_label(action, get_language()) for action in alternatives)
            )
        )
    else:
        click.echo(
            gettext(N_("no logical alternative to {action}")).format(
                action=action_label(poll.taken, get_language())
            )
        )


@ruling_group.command(
    "poll",
    cls=LocalizedCommand,
    help=N_(
        "Open a player poll (Law 16B1b) of EVENT from FILE, a JSON poll (board, seat, the "
        "action taken, the question put to the players, answers so far); print its number."
    ),
    short_help=N_("Open a player poll."),
)
@event_argument
@file_argument
@db_option
@lang_option
def poll_command(event: int, file: str, database: str | None) -> None:
    """Open a player poll."""
    data = read_json_object(
        file, gettext("{file}: expected a JSON object with the poll").format(file=file)
    )
    try:
        poll = Poll.from_json(data)
    except ArbitroError as error:
        raise click.BadParameter(f"{file}: {error}") from None

    with opened(database) as store:
        number = store.open_poll(event, poll)
    click.echo(
        gettext("Poll {number} opened at board {board}").format(number=number, board=poll.board)
    )


@ruling_group.command(
    "answer",
    cls=LocalizedCommand,
    help=N_(
        "Add RESPONDENT's answer to poll POLL of EVENT: the action CHOSEN and the others "
        "seriously considered; print the poll's counts, without names."
    ),
    short_help=N_("Add an answer to a player poll."),
)
@event_argument
@click.argument("poll", type=NumberParam(), cls=LocalizedArgument, metavar=N_("POLL"))
@click.argument("respondent", cls=LocalizedArgument, metavar=N_("RESPONDENT"))
@click.argument("chosen", cls=LocalizedArgument, metavar=N_("CHOSEN"))
@option(
    "--considered",
    multiple=True,
    help=N_("Another action the player seriously considered (repeatable)."),
)
@db_option
@lang_option
def answer_command(
    event: int,
    poll: int,
    respondent: str,
    chosen: str,
    considered: tuple[str, ...],
    database: str | None,
) -> None:
    """Add an answer to a player poll."""
    lang = get_language()  # the actions are typed in the language's notation
    try:
        answer = PollAnswer(
            respondent,
            read_action(chosen, lang),
            tuple(read_action(action, lang) for action in considered),
        )
    except ArbitroError as error:
        raise click.BadParameter(str(error)) from None

    with opened(database) as store:
        _shares(store.add_poll_answer(event, poll, answer))


@ruling_group.command(
    "card",
    cls=LocalizedCommand,
    help=N_(
        "Keep PAIR's convention card in EVENT from FILE (one agreement a line: the auction, a "
        "colon, the meaning, and (alert) when the AEB norms require an alert; a first line "
        "system: NAME); an empty FILE removes it. Without FILE, print the card kept."
    ),
    short_help=N_("Keep or print a pair's convention card."),
)
@event_argument
@click.argument("pair", cls=LocalizedArgument, metavar=N_("PAIR"))
@click.argument("file", required=False, cls=LocalizedArgument, metavar=N_("FILE"))
@db_option
@lang_option
def card_command(event: int, pair: str, file: str | None, database: str | None) -> None:
    """Keep or print a pair's convention card.

    >>> from click.testing import CliRunner
    >>> CliRunner().invoke(card_command, ["1", "3", "--db", "sqlite:///:memory:"]).exit_code
    1
    """
    with opened(database) as store:
        if file is None:
            kept = store.convention_card(event, pair)
            if kept is None:
                raise click.ClickException(
                    gettext("pair {pair} has no convention card in this event").format(pair=pair)
                )
            click.echo(kept.to_text(get_language()))
            return
        text = read_text(Path(file), limit=MAX_CARD_CHARACTERS, problem=click.BadParameter)
        try:
            card = ConventionCard.from_text(pair, text, get_language())
        except ArbitroError as error:
            raise click.BadParameter(f"{file}: {error}") from None
        store.keep_convention_card(event, card)
    if not card.system and not card.agreements:
        click.echo(gettext("Convention card of pair {pair} removed").format(pair=pair))
        return
    click.echo(
        gettext("Convention card of pair {pair} kept: {count} agreements").format(
            pair=pair, count=len(card.agreements)
        )
    )


# the AEB's regulations at a ruling, and Law 12C1b in a team match
for _command in (
    alerts_command,
    psychic_command,
    psychics_command,
    methods_command,
    level_command,
    damage_command,
):
    ruling_group.add_command(_command)
