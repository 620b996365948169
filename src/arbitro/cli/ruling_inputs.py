"""What the ruling commands read: a case file, a poll, a table log, a convention card.

:func:`read_json_object` reads a case file's or a poll's JSON object, :func:`case_data`
a case file's, and :func:`case_from_data` makes it a case with a finished worksheet
(``arbitro ruling report``, ``record`` and ``alerts``); :func:`read_table` replays a
table log and :func:`read_card` finds a pair's convention card, in a file or kept with
an event, with the regulating authority's profile it is checked under (``alerts`` and
``methods``); ``card_argument``, ``card_event_option`` and ``authority_option`` are the
arguments those two commands share.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from arbitro.cli.localized import LocalizedArgument, LocalizedChoice
from arbitro.cli.numbers import NumberParam
from arbitro.cli.output import read_text
from arbitro.cli.shared import opened, option
from arbitro.core.bounded import load_json
from arbitro.core.errors import ArbitroError
from arbitro.core.files import MAX_CARD_CHARACTERS, MAX_JSON_BYTES, MAX_LOG_CHARACTERS
from arbitro.i18n import N_, get_language, gettext
from arbitro.laws.authority import AUTHORITIES, DEFAULT_AUTHORITY
from arbitro.table.agreements import ConventionCard
from arbitro.table.log import TableLogError, loads
from arbitro.tournament.judgement import Case

if TYPE_CHECKING:
    from arbitro.table.table import Table

card_argument = click.argument("card", cls=LocalizedArgument, metavar=N_("CARD"))
"""CARD: a convention card's file, or with ``--event`` a pair of the event."""

authority_option = option(
    "--profile",
    type=LocalizedChoice(AUTHORITIES),
    default=None,
    help=N_("The regulating authority's profile (default: the event's, else AEB)."),
)
"""``--profile``: the regulating authority whose norms the card is checked under."""

card_event_option = option(
    "--event",
    "event",
    type=NumberParam(),
    default=None,
    help=N_("CARD names a pair whose card is kept in this event (arbitro ruling card)."),
)
"""``--event``: the event whose kept convention card CARD names."""


def read_json_object(file: str, not_an_object: str) -> dict[str, Any]:
    """The JSON object in the file ``file`` (a case, a poll); a problem names the file.

    ``not_an_object`` is the message when the file holds JSON but not an object.

    >>> read_json_object("/nonexistent/case.json", "not a case")
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: cannot read '/nonexistent/case.json': no such file or folder
    """
    text = read_text(Path(file), limit=MAX_JSON_BYTES, problem=click.BadParameter)
    try:
        data: Any = load_json(text)
    except json.JSONDecodeError as error:
        raise click.BadParameter(
            gettext("{file}, line {line}: not JSON ({reason})").format(
                file=file, line=error.lineno, reason=error.msg
            )
        ) from None
    if not isinstance(data, dict):
        raise click.BadParameter(not_an_object)
    return data


def case_data(file: str) -> dict[str, Any]:
    """The JSON object in the case file ``file``; a problem names the file.

    >>> case_data("/nonexistent/case.json")
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: cannot read '/nonexistent/case.json': no such file or folder
    """
    return read_json_object(
        file, gettext("{file}: expected a JSON object with the case").format(file=file)
    )


def case_from_data(data: dict[str, Any], file: str) -> Case:
    """The case in ``data`` (a case file's JSON) with a finished worksheet; a problem names ``file``.

    >>> case_from_data({"board": 0}, "case.json")
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: case.json: invalid ruling case 'board': expected the board's number, from 1 up
    """
    try:
        case = Case.from_json(data)
        case.ruling()  # an unfinished worksheet is named with the file
    except ArbitroError as error:
        raise click.BadParameter(f"{file}: {error}") from None
    return case


def read_table(path: Path) -> Table:
    """The table a log folds into; a log that cannot be replayed is named with its line.

    >>> read_table(Path("/nonexistent.jsonl"))
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: cannot read '/nonexistent.jsonl': no such file or folder
    """
    text = read_text(path, limit=MAX_LOG_CHARACTERS, problem=click.BadParameter)
    try:
        return loads(text, str(path))
    except TableLogError as error:
        raise click.BadParameter(str(error)) from None


def read_card(card: str, event: int | None, database: str | None) -> tuple[ConventionCard, str]:
    """The convention card CARD names, and the profile it is checked under.

    Without ``event``, CARD is a file in the shape ``arbitro ruling card`` reads, and the
    profile is the default (AEB); with it, CARD is a pair of the event and the profile
    the event's.

    >>> read_card("/nonexistent.txt", None, None)
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: cannot read '/nonexistent.txt': no such file or folder
    """
    if event is None:
        text = read_text(Path(card), limit=MAX_CARD_CHARACTERS, problem=click.BadParameter)
        try:
            return ConventionCard.from_text(Path(card).stem, text, get_language()), (
                DEFAULT_AUTHORITY
            )
        except ArbitroError as error:
            raise click.BadParameter(f"{card}: {error}") from None

    with opened(database, existing=True) as store:
        profile = store.event(event).spec.profile
        kept = store.convention_card(event, card)
    if kept is None:
        raise click.BadParameter(
            gettext("pair {pair} has no convention card in this event").format(pair=card)
        )
    return kept, profile
