"""``arbitro claim``: the claim checker for a director at the table (Laws 68-71).

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(claim_group, ["check", "missing.jsonl", "--claim", "all"])
>>> result.exit_code
2
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from arbitro.analysis.claims import ClaimCheck, ClaimStatement, check_claim, checker
from arbitro.cli.localized import (
    LocalizedArgument,
    LocalizedCommand,
    LocalizedGroup,
    LocalizedOption,
    json_option,
    lang_option,
)
from arbitro.cli.output import FileParam, echo_json
from arbitro.core import Card, Seat
from arbitro.core.claim_statement import InvalidClaimError
from arbitro.i18n import N_, get_language, gettext, ngettext
from arbitro.table.events import ClaimEvent
from arbitro.table.log import TableLogError, load
from arbitro.tournament.claims import (
    double_dummy,
    line_by_trick,
    logged_statement,
    not_applied,
    position_of,
    shown_out,
)


@click.group(
    "claim",
    cls=LocalizedGroup,
    help=N_("Claims and concessions (Laws 68-71): check a claim against every normal line."),
    short_help=N_("Check a claim or concession."),
)
@lang_option
def claim_group() -> None:
    """The ``arbitro claim`` commands."""


@claim_group.command(
    "check",
    cls=LocalizedCommand,
    help=N_(
        "Check a claim at the position of the table log FILE: the tricks the claimer's "
        "side makes following its statement against every defence, the fewest it makes "
        "on any normal line (careless play included, irrational play excluded; Laws 70C-E), "
        "the award, a losing line card by card and the double-dummy result. The claim is "
        "the log's claim event or --claim: COUNT[: STEP, ...], COUNT all, concede N or a "
        "number of the tricks left, a STEP a suit, 'draw trumps', 'finesse HQ', 'ruff D' "
        "or, first, 'played HA H3'. The words are read in English or Spanish (todas, cede "
        "N, arrastrar triunfos, impasse, fallo, jugadas), the suits and cards in the "
        "notation of --lang."
    ),
    short_help=N_("Check a claim against every normal line."),
)
@click.argument(
    "path",
    type=FileParam(must_exist=True),
    cls=LocalizedArgument,
    metavar=N_("FILE"),
)
@click.option(
    "--claim",
    "text",
    cls=LocalizedOption,
    help=N_("The claim statement (default: the claim in the log)."),
)
@click.option(
    "--seat",
    cls=LocalizedOption,
    help=N_("The claimer (default: the seat that claimed in the log)."),
)
@click.option(
    "--any-card/--from-top",
    "any_card",
    default=False,
    cls=LocalizedOption,
    help=N_("Whether a suit the statement does not detail is played from the top (70E2)."),
)
@click.option(
    "--further",
    is_flag=True,
    cls=LocalizedOption,
    help=N_(
        "Search further, with a larger budget: for a check that answered undetermined, "
        "when the table can wait."
    ),
)
@click.option(
    "--thorough",
    is_flag=True,
    cls=LocalizedOption,
    help=N_(
        "Search thoroughly, with a much larger budget (up to a minute and 2 GB of "
        "memory): for a ruling after the session or on appeal, when searching further "
        "left the award a range."
    ),
)
@click.option(
    "--no-double-dummy",
    "no_dd",
    is_flag=True,
    cls=LocalizedOption,
    help=N_("Do not solve the position double dummy."),
)
@json_option
@lang_option
def check_command(
    path: Path,
    text: str | None,
    seat: str | None,
    any_card: bool,
    further: bool,
    thorough: bool,
    no_dd: bool,
    as_json: bool,
) -> None:
    """Check a claim at a table log's position."""
    from arbitro.analysis.solver import SolverError

    context = click.get_current_context()
    unread: str | None = None
    if further and thorough:
        raise click.UsageError(gettext("give --further or --thorough, not both"), ctx=context)
    try:
        table = load(path)
    except TableLogError as error:
        raise click.UsageError(str(error), ctx=context) from None
    logged = next((e for e in reversed(table.events) if isinstance(e, ClaimEvent)), None)
    try:
        # The seat is read in the language of --lang (O for West in Spanish), as
        # result enter reads --declarer.
        claimer = Seat.from_str(seat, get_language()) if seat is not None else None
        if text is not None:
            statement = ClaimStatement.from_str(text, get_language())  # suits as --lang writes them
        elif logged is not None:
            statement, unread = logged_statement(logged)
        else:
            raise click.UsageError(
                gettext("the log has no claim: give one with --claim"), ctx=context
            )
    except (InvalidClaimError, ValueError) as error:
        if isinstance(error, click.UsageError):
            raise
        raise click.UsageError(str(error), ctx=context) from None
    if claimer is None:
        if logged is None:
            raise click.UsageError(gettext("give the claimer with --seat"), ctx=context)
        claimer = logged.seat
    position = position_of(table)
    if position.remaining == 0:
        raise click.UsageError(gettext("no tricks are left to claim"), ctx=context)
    budget = (
        checker.thorough_budget() if thorough else checker.further_budget() if further else None
    )
    label = gettext("Searching thoroughly…") if thorough else gettext("Searching further…")
    try:
        with searching(budget, label) as told:
            check = check_claim(
                position,
                claimer,
                statement,
                from_top=not any_card,
                shown_out=shown_out(table),
                double_dummy=None if no_dd else double_dummy,
                declarer=table.declarer,
                budget=budget,
                cancelled=told,
            )
    except InvalidClaimError as error:
        raise click.UsageError(str(_quoted(error, statement, text)), ctx=context) from None
    except SolverError as error:
        raise click.ClickException(str(error)) from None
    warnings = ([unread] if unread else []) + not_applied(table)
    if as_json:
        data = check.to_json()
        data.update(claimer=str(claimer), statement=statement.to_str(), warnings=warnings)
        echo_json(data)
        return
    for line in warnings:
        click.echo(line)
    shown = _lines(check, claimer, statement, further, thorough, len(position.trick))
    for line in shown if unread is None else [shown[0], *shown[2:]]:
        # A statement not read is no line to follow: no figure "following the statement".
        click.echo(line)


def _quoted(
    error: InvalidClaimError, statement: ClaimStatement, typed: str | None
) -> InvalidClaimError:
    """``error`` quoting the statement as the director typed it, or in his language.

    The checker refuses a statement (more tricks than are left, a card played after the
    claim not in the hand) quoting its canonical English form (``all: played HT``);
    the director reads it as he typed it with ``--claim``, else (the log's claim) in
    the words and notation of ``--lang`` (``todas: jugadas C10``).
    """
    if error.text == statement.to_str():
        error.text = typed if typed is not None else statement.localized()
    return error


@contextmanager
def searching(budget: int | None, label: str) -> Iterator[Callable[[int], bool] | None]:
    """A progress bar, ``label``, on standard error while a check searches with ``budget``.

    The check tells how far it has come every few milliseconds (``cancelled``): the
    work done of the budget, or the memory held of the most it may hold when that is
    nearer; the bar fills towards whichever stops the search first (it may end sooner,
    the award found, and the bar fills at once). Searching with the usual budget
    (None) takes under a second: no bar. Off a terminal, the bar is its label alone.
    Every word it prints is the command's language: the label, and the time left
    (:func:`time_left`) in place of click's own estimate, whose day is click's English.

    >>> with searching(None, "Searching further…") as told:
    ...     told is None
    True
    """
    if budget is None:
        yield None
        return

    def shown_time(_: object) -> str | None:
        if not bar.eta_known or bar.finished:
            return None
        return time_left(bar.eta)

    bar = click.progressbar(
        length=budget, label=label, file=sys.stderr, show_eta=False, item_show_func=shown_time
    )
    with bar:
        shown = 0

        def told(done: int) -> bool:
            nonlocal shown
            reached = min(done, budget)
            if reached > shown:  # the search for the fewest done, the next may tell less
                bar.update(reached - shown)
                shown = reached
            return False

        yield told
        bar.update(budget - shown)  # the check has ended: the bar full


def time_left(seconds: float) -> str:
    """The time a search may still take, as its progress bar shows it, in the active language.

    >>> time_left(65), time_left(2 * 86400 + 3600)
    ('00:01:05 left', '2 days 01:00:00 left')
    """
    whole = int(seconds)
    minutes, second = divmod(whole, 60)
    hours, minute = divmod(minutes, 60)
    days, hour = divmod(hours, 24)
    clock = f"{hour:02}:{minute:02}:{second:02}"
    if days:
        clock = ngettext("{count} day", "{count} days", days).format(count=days) + " " + clock
    return gettext("{time} left").format(time=clock)


def _lines(
    check: ClaimCheck,
    claimer: Seat,
    statement: ClaimStatement,
    further: bool,
    thorough: bool,
    in_trick: int,
) -> list[str]:
    award_range = check.award_range
    lines = [
        gettext("Claim by {seat}: {statement} ({claimed} of {remaining} tricks left)").format(
            seat=claimer.localized(),
            statement=statement.localized(),
            claimed=check.claimed,
            remaining=check.remaining,
        ),
        (
            gettext("Following the statement, against every defence: {tricks}")
            if check.determined
            else gettext("Following the statement, against every defence: at least {tricks}")
        ).format(tricks=check.as_stated),
        gettext("Fewest on a normal line: {least} to {tricks}").format(
            least=award_range[0], tricks=award_range[1]
        )
        if award_range is not None
        else gettext("Fewest on a normal line: {tricks}").format(tricks=check.worst),
    ]
    if check.double_dummy is not None:
        lines.append(gettext("Double dummy: {tricks}").format(tricks=check.double_dummy))
    if check.note is not None:  # the search stopped short (budget or memory): say so first
        lines.append(check.note)
        if not thorough and check.may_narrow:
            lines.append(
                gettext(
                    "For a ruling after the session or on appeal: the same command with "
                    "--thorough (a budget {times} times the usual; up to a minute and 2 GB "
                    "of memory)"
                ).format(times=checker.THOROUGH)
                if further
                else gettext(
                    "To search further (a budget {times} times as large): the same command "
                    "with --further"
                ).format(times=checker.FURTHER)
            )
    if award_range is not None:  # the upper end is only what a line found makes
        lines.append(
            gettext(
                "Award: {least} to {most} of the tricks left to the claimer's side, as the "
                "Director judges (Law {law})"
            ).format(least=award_range[0], most=award_range[1], law=check.law)
        )
    else:
        lines.append(
            ngettext(  # Spanish: "Se otorga 1" but "Se otorgan 2"
                "Award: {tricks} of the tricks left to the claimer's side (Law {law})",
                "Award: {tricks} of the tricks left to the claimer's side (Law {law})",
                check.award,
            ).format(tricks=check.award, law=check.law)
        )
    if check.laws:
        lines.append(gettext("Laws that apply: {laws}").format(laws=", ".join(check.laws)))
    tricks = line_by_trick(check.line, in_trick)
    if check.worst < check.remaining or check.claimed > check.worst:
        lines.append(gettext("A normal line that makes {tricks}:").format(tricks=check.worst))
        for number, trick in enumerate(tricks, start=1):
            lines.append(
                f"  {number}. "
                + " ".join(f"{seat.localized()} {_card(card)}" for seat, card in trick)
            )
    return lines


def _card(card: Card) -> str:
    return card.localized()


__all__ = ["check_command", "claim_group", "position_of", "shown_out"]
