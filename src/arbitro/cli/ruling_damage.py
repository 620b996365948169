"""``arbitro ruling damage``: Law 12C1b's consequent and subsequent damage in a team match.

When the innocent team adds to its own damage by a serious error unrelated to the
infraction (or a wild or gambling action), it is compensated only for the damage the
infraction caused (Law 12C1b). The director gives the innocent team's scores at the
table (the result expected without the infraction, the one expected after it with
normal play, the one obtained) and at the other table of the match, each as the
innocent team scores it; the command prints the consequent and subsequent damage,
each team's IMPs on the board (:func:`arbitro.scoring.damage.teams_damage`), and the
adjusted score in IMPs to enter at the table with ``arbitro result correct
--adjusted``, North-South's figure first (``--innocent`` says where the innocent team
sat).

>>> damage_command.name
'damage'
"""

from __future__ import annotations

from fractions import Fraction

import click

from arbitro.cli.localized import LocalizedChoice, LocalizedCommand, json_option, lang_option
from arbitro.cli.output import echo_json
from arbitro.cli.params import PointsParam
from arbitro.cli.shared import option
from arbitro.i18n import N_, gettext
from arbitro.scoring.damage import DamageRuling, teams_damage
from arbitro.scoring.imps import imps
from arbitro.scoring.penalty_figures import write_points
from arbitro.scoring.results import Result


def adjusted_text(ruling: DamageRuling, innocent: str) -> str:
    """The adjusted score in IMPs to enter at the table: North-South's figure first.

    ``innocent`` is ``ns`` or ``ew`` (``eo`` in Spanish), where the innocent team sat.

    >>> ruling = teams_damage(without=-100, after=-420, actual=-500, other_table=170)
    >>> adjusted_text(ruling, "ns"), adjusted_text(ruling, "ew")
    ('0/-2 IMP', '-2/0 IMP')
    """
    if innocent.lower() == "ns":
        return Result.in_imps(ruling.innocent, ruling.offenders).to_str()
    return Result.in_imps(ruling.offenders, ruling.innocent).to_str()


def _figure(value: Fraction | int) -> str:
    """A number of IMPs as the text shows it: ``8``, ``-2``, ``4 2/3``, ``-2/3``.

    >>> _figure(Fraction(14, 3)), _figure(Fraction(-2)), _figure(Fraction(-2, 3))
    ('4 2/3', '-2', '-2/3')
    """
    value = Fraction(value)
    whole, rest = divmod(abs(value), 1)
    sign = "-" if value < 0 else ""
    if rest == 0:
        return f"{sign}{whole}"
    if whole == 0:
        return f"{sign}{rest.numerator}/{rest.denominator}"
    return f"{sign}{whole} {rest.numerator}/{rest.denominator}"


def _imps(value: Fraction | int) -> str:
    """A number of IMPs with its word: ``8 IMPs``, ``1 IMP``, ``2/3 of an IMP``.

    >>> _imps(Fraction(14, 3)), _imps(1), _imps(Fraction(2, 3))
    ('4 2/3 IMPs', '1 IMP', '2/3 of an IMP')
    """
    return write_points(Fraction(value), "imps", _figure(value))


@click.command(
    "damage",
    cls=LocalizedCommand,
    help=N_(
        "Separate the consequent from the subsequent damage in a team match (Law 12C1b): "
        "from the innocent team's scores (each as it scores them) work out each team's "
        "IMPs on the board and the adjusted score to enter with arbitro result correct "
        "--adjusted."
    ),
    short_help=N_("Consequent and subsequent damage in IMPs (Law 12C1b)."),
)
@option(
    "--without",
    type=PointsParam(),
    required=True,
    help=N_("The innocent team's score expected had the infraction not happened."),
)
@option(
    "--after",
    type=PointsParam(),
    required=True,
    help=N_("The innocent team's score expected after the infraction with normal play."),
)
@option(
    "--actual",
    type=PointsParam(),
    required=True,
    help=N_("The innocent team's score obtained at the table."),
)
@option(
    "--other-table",
    "other_table",
    type=PointsParam(),
    required=True,
    help=N_("The innocent team's score at the other table of the match."),
)
@option(
    "--innocent",
    type=LocalizedChoice(["ns", "ew", "eo"], case_sensitive=False),
    default="ns",
    show_default=True,
    help=N_("Where the innocent team sat at the table: ns, or ew (eo)."),
)
@json_option
@lang_option
def damage_command(
    without: int, after: int, actual: int, other_table: int, innocent: str, as_json: bool
) -> None:
    """Print Law 12C1b's damage and each team's IMPs on the board.

    >>> from click.testing import CliRunner
    >>> run = CliRunner().invoke(damage_command, ["--without=-100", "--after=-420",
    ...                          "--actual=-500", "--other-table=170", "--json"])
    >>> '"adjusted": "0/-2 IMP"' in run.output
    True
    """
    ruling = teams_damage(without, after, actual, other_table)
    damaged = actual < without  # else both teams keep the table result (Law 12B1)
    text = adjusted_text(ruling, innocent)
    values = {
        "without": imps(without + other_table),
        "after": imps(after + other_table),
        "actual": imps(actual + other_table),
    }
    if as_json:
        echo_json(
            {
                "without": {"score": without, "imps": values["without"]},
                "after": {"score": after, "imps": values["after"]},
                "actual": {"score": actual, "imps": values["actual"]},
                "other_table": other_table,
                "consequent": str(ruling.consequent),
                "subsequent": str(-ruling.subsequent),
                "damaged": damaged,
                "innocent": str(ruling.innocent),
                "offenders": str(ruling.offenders),
                "innocent_side": "ns" if innocent.lower() == "ns" else "ew",
                "adjusted": text if damaged else None,
                "law": ruling.law,
            }
        )
        return
    click.echo(
        gettext(
            "The innocent team's IMPs on the board against its score at the other table "
            "({other:+d}):"
        ).format(other=other_table)
    )
    for label, score in (
        (N_("without the infraction"), without),
        (N_("after the infraction, with normal play"), after),
        (N_("obtained at the table"), actual),
    ):
        click.echo(
            "  "
            + gettext("{label}: {score:+d}, {imps}").format(
                label=gettext(label), score=score, imps=_imps(imps(score + other_table))
            )
        )
    if not damaged:
        click.echo(
            gettext(
                "The innocent team was not damaged (Law 12B1): both teams keep the table result."
            )
        )
        return
    click.echo(
        gettext("Consequent damage, caused by the infraction: {imps}").format(
            imps=_imps(ruling.consequent)
        )
    )
    click.echo(
        gettext("Subsequent damage, the innocent team's own (not compensated): {imps}").format(
            imps=_imps(-ruling.subsequent)
        )
    )
    click.echo(
        gettext("Innocent team: {innocent}; offending team: {offenders} (Law 12C1b)").format(
            innocent=_imps(ruling.innocent), offenders=_imps(ruling.offenders)
        )
    )
    click.echo(
        gettext(
            'Enter it at the table: arbitro result correct EVENT --board B --table T --adjusted "{adjusted}" --reason "Law 12C1b"'
        ).format(adjusted=text)
    )
