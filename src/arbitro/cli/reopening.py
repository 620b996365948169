"""``arbitro event reopen``: reopen the boards of locked results whose score is wrong (Law 79C2).

The director (``--by``) and the organiser (``--organiser``), who both have no doubt
the recorded score is wrong, are recorded with the reason; the reopening names its
boards (``--board``, repeated for several), and only those may change until the results
are published again. ``--all-boards`` reopens every board, for what names no board (a
penalty on a whole session, Laws 90 and 91).

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(reopen_command, ["1", "--reason", "board 6 misread", "--by", "Ana",
...                                              "--organiser", "Club", "--lang", "en"])
>>> result.exit_code, result.output.splitlines()[-1].endswith("(--all-boards) (Law 79C2)")
(2, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from arbitro.cli.localized import LocalizedCommand, json_option, lang_option
from arbitro.cli.numbers import NumberParam
from arbitro.cli.output import echo_json
from arbitro.cli.shared import db_option, event_argument, opened, option
from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_, gettext
from arbitro.tournament.records import law_79c2_reason
from arbitro.tournament.reopening import named_boards, reopened_text

if TYPE_CHECKING:
    from arbitro.store.repository import EventInfo


def reopening_data(info: EventInfo) -> dict[str, object]:
    """The reopening as ``--json`` prints it: the reason, and the boards (``null``: every board).

    >>> from arbitro.store.repository import EventInfo
    >>> from arbitro.tournament.event import EventSpec
    >>> reopening_data(EventInfo(1, EventSpec("A", boards=8), None, None, None, None, "x",
    ...                          reopened_boards=(6,)))
    {'reopened': 'x', 'reopened_boards': [6]}
    """
    boards = info.reopened_boards
    return {
        "reopened": info.reopened,
        "reopened_boards": list(boards) if boards is not None and info.reopened else None,
    }


def reopened_state(info: EventInfo) -> str:
    """The state of reopened results as the event's lines show it: the boards and the reason.

    >>> from arbitro.store.repository import EventInfo
    >>> from arbitro.tournament.event import EventSpec
    >>> reopened_state(EventInfo(1, EventSpec("A", boards=8), None, None, None, None, "x",
    ...                          reopened_boards=(2, 6)))
    'reopened for boards 2, 6: x'
    """
    return gettext("reopened for {boards}: {reason}").format(
        boards=reopened_text(info.reopened_boards), reason=info.reopened
    )


@click.command(
    "reopen",
    cls=LocalizedCommand,
    help=N_(
        "Reopen the boards of results locked after the correction period to correct a "
        "scoring error (Law 79C2): the director (--by) and the organiser (--organiser), who "
        "both have no doubt the recorded score is wrong, are recorded with the reason. Only "
        "the boards named with --board may change until the results are published again; "
        "--all-boards reopens every board, for what names no board (a penalty on a whole "
        "session). Publish again when done."
    ),
    short_help=N_("Reopen boards of locked results (Law 79C2)."),
)
@event_argument
@option(
    "--board",
    "boards",
    multiple=True,
    type=NumberParam(),
    help=N_("A board whose recorded score is wrong; may be repeated."),
)
@option(
    "--all-boards",
    is_flag=True,
    default=False,
    help=N_(
        "Reopen every board: for what names no board, as a penalty on a whole session "
        "(Laws 90, 91)."
    ),
)
@option("--reason", required=True, help=N_("Why the results are reopened."))
@option("--by", default="", help=N_("The director who reopens them (Law 79C2)."))
@option(
    "--organiser",
    default="",
    help=N_("The tournament organiser who agrees the result is wrong (Law 79C2)."),
)
@db_option
@json_option
@lang_option
def reopen_command(
    event: int,
    boards: tuple[int, ...],
    all_boards: bool,
    reason: str,
    by: str,
    organiser: str,
    database: str | None,
    as_json: bool,
) -> None:
    """Reopen the boards of the results (Law 79C2: the director and the organiser)."""
    if not reason.strip():
        raise click.BadParameter(gettext("reopening the results needs a reason (--reason)"))
    missing = [
        name for name, given in (("--by", by), ("--organiser", organiser)) if not given.strip()
    ]
    if missing:  # named as the options they are, not as a fault in the reason
        needs = gettext(
            N_(
                "reopening after the correction period needs both the director ({director}) "
                "and the organiser ({organiser}), who have no doubt the result is wrong "
                "(Law 79C2)"
            )
        ).format(director="--by", organiser="--organiser")
        absent = "; ".join(gettext("missing {name}").format(name=name) for name in missing)
        raise click.UsageError(f"{needs}; {absent}")
    try:
        reason = law_79c2_reason(reason, by, organiser)
        chosen = named_boards(boards, all_boards)
    except ArbitroError as error:
        raise click.UsageError(str(error)) from None
    with opened(database) as store:
        info = store.reopen(event, reason, by, chosen)
    if as_json:
        echo_json({"event": event} | reopening_data(info))
        return
    click.echo(
        gettext("Results of event {event} reopened for {boards}: {reason}").format(
            event=event, boards=reopened_text(info.reopened_boards), reason=reason
        )
    )
