"""``arbitro session score``: score a session from a travellers CSV file.

>>> session_group.name, sorted(session_group.commands)
('session', ['score'])
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import click

from arbitro.cli.localized import (
    LocalizedArgument,
    LocalizedCommand,
    LocalizedGroup,
    LocalizedOption,
    json_option,
    lang_option,
)
from arbitro.cli.output import echo_json, read_text
from arbitro.core.seat import Side
from arbitro.i18n import LANGUAGES, N_, get_language, gettext
from arbitro.laws.authority import AUTHORITIES, authority
from arbitro.scoring.penalties import Penalty
from arbitro.scoring.session import (
    METHODS,
    InvalidSessionError,
    Method,
    PairStanding,
    SessionScore,
    score_session,
    show,
)
from arbitro.scoring.travellers import (
    InvalidTravellerError,
    Travellers,
    check_profile,
    read_travellers,
)

METHOD_NAMES = {
    "mp": N_("matchpoints"),
    "imp-butler": N_("IMPs against a Butler datum"),
    "cross-imp": N_("cross-IMPs"),
    "total": N_("total points"),
}
"""How each scoring method is named in the output."""

_PENALTY = re.compile(
    r"(?P<pair>[^,]+),(?P<amount>[0-9]{1,100}(?:\.[0-9]{1,100}|/0{0,100}[1-9][0-9]{0,100})?)(?P<percent>%?)(?:,(?P<law>[^,]+))?"
)


class PenaltyParam(click.ParamType[tuple[str, Penalty]]):
    """A penalty on the command line: ``PAIR,AMOUNT[,LAW]``, AMOUNT in points or ``25%`` of a top."""

    name = "penalty"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[str, Penalty]:
        """Read ``3NS,25%,90`` (a quarter of a top, Law 90) or ``7,3`` (3 matchpoints or IMPs).

        >>> PenaltyParam().convert("3NS,25%,90", None, None)
        ('3NS', Penalty(Fraction(1, 4), unit='top', law='90', reason=''))
        """
        if isinstance(value, tuple):
            return value
        match = _PENALTY.fullmatch(str(value).strip())
        if match is None:
            self.fail(
                gettext(
                    "invalid penalty '{text}': expected PAIR,AMOUNT[,LAW], as in {examples}"
                ).format(text=value, examples="3NS,25%,90 or 7,3"),
                param,
                ctx,
            )
        amount = Fraction(match["amount"])
        if match["percent"]:
            penalty = Penalty(amount / 100, "top", match["law"] or "90")
        else:
            penalty = Penalty(amount, "mp", match["law"] or "90")
        return match["pair"].strip(), penalty


@click.group(
    "session",
    cls=LocalizedGroup,
    help=N_("Score a session of duplicate bridge from its travellers."),
    short_help=N_("Score a session (Laws 12, 78, 86-90)."),
)
@lang_option
def session_group() -> None:
    """The ``arbitro session`` group."""


@session_group.command(
    "score",
    cls=LocalizedCommand,
    help=N_(
        "Score the session in TRAVELLERS, a CSV file with a header row and one line per "
        "table and board (columns board, ns, ew, then contract, declarer and tricks, or "
        "score, or adjusted). Prints each board's points for North-South and East-West, "
        "then each pair's total, percentage and rank (ties as 2=)."
    ),
    short_help=N_("Score a session from a travellers CSV file."),
)
@click.argument(
    "travellers",
    type=click.Path(dir_okay=False, path_type=Path),
    cls=LocalizedArgument,
    metavar=N_("TRAVELLERS"),
)
@click.option(
    "--scoring",
    "method",
    type=click.Choice(METHODS),
    default="mp",
    help=N_(
        "mp: matchpoints (Law 78A); imp-butler: IMPs against a Butler datum; cross-imp: "
        "cross-IMPs; total: total points (Law 78C). Default: mp."
    ),
)
@click.option(
    "--profile",
    type=click.Choice(AUTHORITIES),
    default="wbf",
    help=N_(
        "The regulating authority's profile: artificial scores, weighted scores, Neuberg. "
        "Default: wbf."
    ),
)
@click.option(
    "--penalty",
    "penalties",
    multiple=True,
    cls=LocalizedOption,
    type=PenaltyParam(),
    metavar=N_("PAIR,AMOUNT[,LAW]"),
    help=N_(
        "A procedural penalty (Law 90): AMOUNT in matchpoints or IMPs, or a percentage of a "
        "top (25%); may be repeated."
    ),
)
@click.option(
    "--notation",
    type=click.Choice(LANGUAGES),
    default=None,
    help=N_("Language of the contracts and seats in the file (default: --lang)."),
)
@json_option
@lang_option
def score_session_command(
    travellers: Path,
    method: Method,
    profile: str,
    penalties: tuple[tuple[str, Penalty], ...],
    notation: str | None,
    as_json: bool,
) -> None:
    """Score a session and print it."""
    context = click.get_current_context()
    text = read_text(travellers)
    rules = authority(profile)
    try:
        read = read_travellers(text, str(travellers), notation or get_language())
        check_profile(read, rules)
    except InvalidTravellerError as error:
        raise click.UsageError(str(error), ctx=context) from None
    if not read.results:
        raise click.UsageError(
            gettext("'{path}' has no results").format(path=travellers), ctx=context
        )
    if method in ("imp-butler", "cross-imp"):  # a plain AMOUNT is in the session's unit
        penalties = tuple(
            (pair, replace(penalty, unit="imps") if penalty.unit == "mp" else penalty)
            for pair, penalty in penalties
        )
    try:
        scored = score_session(read.results, method, rules, penalties)
    except InvalidSessionError as error:
        raise click.UsageError(str(error), ctx=context) from None
    for warning in read.warnings:
        click.echo(gettext("warning: {warning}").format(warning=warning), err=True)
    if as_json:
        echo_json(_as_data(scored, read))
        return
    click.echo(_as_text(scored))


def _number(value: Fraction | int | None, places: int = 2) -> float | None:
    return None if value is None else float(show(value, places))


def _as_data(scored: SessionScore, read: Travellers) -> dict[str, object]:
    boards = []
    for number, lines in scored.boards.items():
        boards.append(
            {
                "board": number,
                "top": _number(lines[0].top) if lines else None,
                "datum": scored.datums.get(number),
                "results": [
                    {
                        "ns": line.ns,
                        "ew": line.ew,
                        "result": line.result.to_str(),
                        "ns_points": _number(line.ns_points),
                        "ew_points": _number(line.ew_points),
                        "notes": list(line.notes),
                    }
                    for line in lines
                ],
            }
        )
    pairs = [
        {
            "pair": pair.pair,
            "direction": None if pair.direction is None else pair.direction.to_str(),
            "rank": pair.rank,
            "tied": pair.tied,
            "boards": pair.boards,
            "total": _number(pair.total),
            "maximum": _number(pair.maximum),
            "percentage": _number(pair.percentage),
            "factored": _number(pair.factored),
            "penalties": _number(pair.penalties),
        }
        for pair in scored.pairs
    ]
    return {
        "scoring": scored.method,
        "profile": scored.profile.code,
        "boards": boards,
        "pairs": pairs,
        "penalties": [
            {
                "pair": pair,
                "amount": _number(penalty.amount, 4),
                "unit": penalty.unit,
                "law": penalty.law,
                "reason": penalty.reason,
            }
            for pair, penalty in scored.penalties
        ],
        "warnings": [str(warning) for warning in read.warnings],
    }


def _table(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    out = []
    for row in rows:
        cells = [
            cell.rjust(width) if column in right else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        out.append("  ".join(cells).rstrip())
    return out


def _as_text(scored: SessionScore) -> str:
    lines: list[str] = []
    for number, board_lines in scored.boards.items():
        top = board_lines[0].top if board_lines else None
        if top is not None:
            heading = gettext("Board {board} (top {top})").format(
                board=number, top=show(top, 0 if top.denominator == 1 else 2)
            )
        elif number in scored.datums:
            heading = gettext("Board {board} (datum {datum})").format(
                board=number, datum=scored.datums[number]
            )
        else:
            heading = gettext("Board {board}").format(board=number)
        lines.append(heading)
        rows = [[gettext("NS"), gettext("EW"), gettext("result"), gettext("NS"), gettext("EW"), ""]]
        for line in board_lines:
            rows.append(
                [
                    line.ns,
                    line.ew,
                    line.result.to_str(),
                    show(line.ns_points),
                    show(line.ew_points),
                    " ".join(line.notes),
                ]
            )
        lines.extend("  " + row for row in _table(rows, {3, 4}))
        lines.append("")
    method = gettext(METHOD_NAMES[scored.method])
    groups: list[tuple[str, list[PairStanding]]] = []
    if scored.by_direction:
        for side, title in ((Side.NS, N_("North-South")), (Side.EW, N_("East-West"))):
            groups.append((gettext(title), [p for p in scored.pairs if p.direction is side]))
    else:
        groups.append(("", list(scored.pairs)))
    for title, members in groups:
        heading = gettext("Ranking, {method} ({profile})").format(
            method=method, profile=scored.profile.code.upper()
        )
        lines.append(f"{heading}: {title}" if title else heading)
        header = [gettext("place"), gettext("pair"), gettext("boards"), gettext("total")]
        if scored.method == "mp":
            header.append("%")
        rows = [header]
        for pair in members:
            row = [pair.rank_label, pair.pair, str(pair.boards), show(pair.factored)]
            if scored.method == "mp":
                row.append(show(pair.percentage))
            rows.append(row)
        lines.extend("  " + row for row in _table(rows, {2, 3, 4}))
        lines.append("")
    for who, penalty in scored.penalties:
        amount = (
            f"{show(penalty.amount * 100)} %" if penalty.unit == "top" else show(penalty.amount)
        )
        lines.append(
            gettext("Penalty: pair {pair}, {amount} (Law {law})").format(
                pair=who, amount=amount, law=penalty.law
            )
        )
    return "\n".join(lines).rstrip("\n")
