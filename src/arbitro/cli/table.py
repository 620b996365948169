"""``arbitro table``: the table log (Laws 9-39 and the play), replayed.

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(table_group, ["replay", "missing.jsonl"])
>>> result.exit_code
2
"""

from __future__ import annotations

from pathlib import Path

import click

from arbitro.cli.localized import (
    LocalizedArgument,
    LocalizedCommand,
    LocalizedGroup,
    json_option,
    lang_option,
)
from arbitro.cli.output import FileParam, echo_json
from arbitro.i18n import N_
from arbitro.table.log import TableLogError, load
from arbitro.table.report import report_json, report_lines


@click.group(
    "table",
    cls=LocalizedGroup,
    help=N_("The table: a board's events (calls, cards, irregularities, rulings) in a log."),
    short_help=N_("Replay a table log."),
)
@lang_option
def table_group() -> None:
    """The ``arbitro table`` commands."""


@table_group.command(
    "replay",
    cls=LocalizedCommand,
    help=N_(
        "Replay the table log FILE (JSON Lines, one event per line, the board first) and "
        "print the final state: phase, the auction with each irregular or withdrawn call "
        "marked, contract, tricks, score, rulings with their Laws, restrictions in force "
        "and the decision the table waits on. A line that cannot apply is named with the "
        "reason."
    ),
    short_help=N_("Replay a table log and print its state."),
)
@click.argument(
    "path",
    type=FileParam(must_exist=True),
    cls=LocalizedArgument,
    metavar=N_("FILE"),
)
@json_option
@lang_option
def replay_command(path: Path, as_json: bool) -> None:
    """Print the state a table log folds into."""
    try:
        table = load(path)
    except TableLogError as error:
        raise click.UsageError(str(error), ctx=click.get_current_context()) from None
    if as_json:
        echo_json(report_json(table))
        return
    for line in report_lines(table):
        click.echo(line)
