"""The text report of ``arbitro session score`` as it was written before it was made faster.

Kept as the specification: ``tests/test_session_report.py`` holds the command's report
(each distinct result and number written once, a board laid out column by column) to
this one, a cell at a time.
"""

from __future__ import annotations

from fractions import Fraction

from arbitro.cli.output import figure
from arbitro.core.seat import Side
from arbitro.i18n import N_, get_language, gettext
from arbitro.scoring.results import shown_score
from arbitro.scoring.session import PairStanding, SessionScore
from arbitro.tournament.event import SCORING_NAMES, pair_written


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


_UNIT_WORDS = {
    "en": {
        "top": ("{}% of a top", "{} of a top"),
        "mp": ("{} matchpoint", "{} matchpoints", "{} of a matchpoint"),
        "imps": ("{} IMP", "{} IMPs", "{} of an IMP"),
    },
    "es": {
        "top": ("{}\xa0% de un top", "{} de un top"),
        "mp": ("{} punto de match", "{} puntos de match", "{} de punto de match"),
        "imps": ("{} IMP", "{} IMP", "{} de IMP"),
    },
}
"""Each language's words for a penalty's amount: a percentage of a top or a fraction of one;
one point, several (a decimal too), or a fraction of one."""


def _penalty_amount(amount: Fraction, unit: str) -> str:
    """The amount as a director reads it, written here apart from the command's writer.

    Whole, or with two decimals when exact in hundredths (a share of a top as its
    percentage), else as its fraction; the decimal mark of the language.
    """
    language = get_language()
    words = _UNIT_WORDS[language][unit]
    shown = amount * 100 if unit == "top" else amount
    if shown.denominator == 1:
        number = str(shown.numerator)
    elif (shown * 100).denominator == 1:
        number = f"{float(shown):.2f}"
    else:
        fraction = f"{amount.numerator}/{amount.denominator}"
        return (
            words[-1].format(fraction) if unit == "top" or amount < 1 else words[1].format(fraction)
        )
    if language == "es":
        number = number.replace(".", ",")
    if unit == "top":
        return words[0].format(number)
    return words[0 if number == "1" else 1].format(number)


def report_as_written_before(scored: SessionScore) -> str:
    lines: list[str] = []
    for number, board_lines in scored.boards.items():
        top = board_lines[0].top if board_lines else None
        if top is not None:
            heading = gettext("Board {board} (top {top})").format(
                board=number, top=figure(top, 0 if top.denominator == 1 else 2)
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
                    pair_written(line.ns),  # 3EO in Spanish, as event ranking writes it
                    pair_written(line.ew),
                    shown_score(line.result.to_str()),  # passed out: 0, not +0
                    figure(line.ns_points),
                    figure(line.ew_points),
                    " ".join(line.notes),
                ]
            )
        lines.extend("  " + row for row in _table(rows, {3, 4}))
        lines.append("")
    method = gettext(SCORING_NAMES[scored.method])
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
            row = [
                pair.rank_label,
                pair_written(pair.pair),
                str(pair.boards),
                figure(pair.factored),
            ]
            if scored.method == "mp":
                row.append(figure(pair.percentage))
            rows.append(row)
        lines.extend("  " + row for row in _table(rows, {2, 3, 4}))
        lines.append("")
    for who, penalty in scored.penalties:
        # The amount as every penalty's is written (it was a percentage with two decimals).
        amount = _penalty_amount(penalty.amount, penalty.unit)
        lines.append(
            gettext("Penalty: pair {pair}, {amount} (Law {law})").format(
                pair=pair_written(who), amount=amount, law=penalty.law
            )
        )
    return "\n".join(lines).rstrip("\n")
