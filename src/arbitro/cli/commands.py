"""The bridge commands: ``score`` (Law 77), ``board`` (Law 2) and ``imps`` (Law 78B).

>>> from click.testing import CliRunner
>>> CliRunner().invoke(score_command, ["3NT", "9"]).output.strip()
'400'
"""

from __future__ import annotations

import click

from arbitro.cli.localized import (
    LocalizedArgument,
    LocalizedCommand,
    LocalizedOption,
    json_option,
    lang_option,
)
from arbitro.cli.output import echo_json
from arbitro.cli.params import BoardParam, ContractParam, PointsParam, TricksParam
from arbitro.core import Board, Contract, FinalContract, PassedOut
from arbitro.i18n import N_, gettext
from arbitro.scoring import imps


@click.command(
    "score",
    cls=LocalizedCommand,
    help=N_(
        "Print the declaring side's score for CONTRACT when declarer takes TRICKS tricks "
        "(Law 77). CONTRACT is written like 3NT, 4SX or 6HXX, with the declarer after a "
        "space if --board is given (4S N); Pass scores a passed-out board."
    ),
    short_help=N_("Score a contract by Law 77."),
)
@click.argument("contract", type=ContractParam(), cls=LocalizedArgument, metavar=N_("CONTRACT"))
@click.argument(
    "tricks", type=TricksParam(), required=False, cls=LocalizedArgument, metavar=N_("[TRICKS]")
)
@click.option("--vulnerable", is_flag=True, help=N_("The declaring side is vulnerable."))
@click.option(
    "--board",
    "board",
    cls=LocalizedOption,
    type=BoardParam(),
    metavar=N_("NUMBER"),
    help=N_("Take the vulnerability from this board number (Law 2); needs the declarer."),
)
@json_option
@lang_option
def score_command(
    contract: FinalContract,
    tricks: int | None,
    vulnerable: bool,
    board: Board | None,
    as_json: bool,
) -> None:
    """Print a Law 77 score."""
    if isinstance(contract, Contract):
        if tricks is None:
            raise click.UsageError(
                gettext("missing TRICKS: how many tricks declarer took (0 to 13)")
            )
        if board is not None:
            if vulnerable:
                raise click.UsageError(gettext("give --vulnerable or --board, not both"))
            if contract.declarer is None:
                raise click.UsageError(
                    gettext("--board needs the declarer after the contract, as in '4S N'")
                )
            vulnerable = board.vulnerability.is_vulnerable(contract.declarer)
    points = contract.score(tricks=tricks or 0, vulnerable=vulnerable)
    if not as_json:
        click.echo(points)
        return
    echo_json(
        {
            "contract": "Pass"
            if isinstance(contract, PassedOut)
            else contract.to_str(declarer=False),
            "declarer": None
            if isinstance(contract, PassedOut) or contract.declarer is None
            else contract.declarer.to_str(),
            "tricks": tricks,
            "vulnerable": vulnerable,
            "score": points,
            "law": "77",
        }
    )


@click.command(
    "board",
    cls=LocalizedCommand,
    help=N_("Print the dealer and vulnerability of board NUMBER (Law 2)."),
    short_help=N_("Dealer and vulnerability of a board (Law 2)."),
)
@click.argument("board", type=BoardParam(), cls=LocalizedArgument, metavar=N_("NUMBER"))
@json_option
@lang_option
def board_command(board: Board, as_json: bool) -> None:
    """Print a board's dealer and vulnerability."""
    if as_json:
        echo_json(
            {
                "board": board.number,
                "dealer": board.dealer.to_str(),
                "vulnerability": board.vulnerability.to_str(),
                "law": "2",
            }
        )
        return
    click.echo(board.localized())


@click.command(
    "imps",
    cls=LocalizedCommand,
    help=N_(
        "Convert a difference of POINTS total points into IMPs with the scale of Law 78B; "
        "the sign is kept (-620 gives -12)."
    ),
    short_help=N_("Convert a point difference to IMPs (Law 78B)."),
    context_settings={"ignore_unknown_options": True},
)
@click.argument("points", type=PointsParam(), cls=LocalizedArgument, metavar=N_("POINTS"))
@json_option
@lang_option
def imps_command(points: int, as_json: bool) -> None:
    """Print the IMPs for a point difference."""
    result = imps(points)
    if as_json:
        echo_json({"points": points, "imps": result, "law": "78B"})
        return
    click.echo(result)
