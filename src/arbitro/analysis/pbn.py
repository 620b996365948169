"""Hand-record tags: PBN 2.1's ``OptimumResultTable`` and ``OptimumScore``, and ``ParContract``.

``ParContract`` is not a PBN 2.1 tag but the one hand-record programs write beside
``OptimumScore``; Árbitro's strict PBN check accepts it by name.

The games and tags are :mod:`arbitro.formats.pbn`'s, the one PBN codec. The table is
written declarer by declarer (N, E, S, W), strains NT, S, H, D, C, right-aligned in two
columns as its header says; the score is North-South's (``NS 420``, ``NS -100``).
Reading accepts the columns in any order, ``N`` or ``NT`` for notrump, and a score given
for either side (``EW 100`` is ``NS -100``).

>>> from arbitro.core.contract import Contract
>>> tags = par_tags(Par(420, (ParContract(Contract.from_str("4S N")),)))
>>> [(tag.name, tag.value) for tag in tags]
[('OptimumScore', 'NS 420'), ('ParContract', 'N 4S')]
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from arbitro.analysis.tables import BoardAnalysis, DoubleDummyTable, Par, ParContract
from arbitro.core.errors import NotationError, PBNSyntaxError
from arbitro.core.seat import Seat
from arbitro.core.suit import Strain
from arbitro.dealing.pbn import game_of
from arbitro.formats.pbn import PBNGame, PBNTag
from arbitro.i18n import N_

RESULT_TABLE_HEADER = "Declarer;Denomination\\2R;Result\\2R"
"""The header of the ``OptimumResultTable`` this module writes."""

_STRAIN_WRITTEN = {
    Strain.NOTRUMP: "NT",
    Strain.SPADES: "S",
    Strain.HEARTS: "H",
    Strain.DIAMONDS: "D",
    Strain.CLUBS: "C",
}
_STRAIN_READ = {"NT": Strain.NOTRUMP, "N": Strain.NOTRUMP} | {
    written: strain for strain, written in _STRAIN_WRITTEN.items()
}


def result_table_tag(table: DoubleDummyTable) -> PBNTag:
    """The ``OptimumResultTable`` tag with its 20 rows.

    >>> result_table_tag(DoubleDummyTable((7,) * 20)).rows[:2]
    ('N NT  7', 'N  S  7')
    """
    rows = tuple(
        f"{seat.to_str()} {_STRAIN_WRITTEN[strain]:>2} {table[seat, strain]:>2}"
        for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
        for strain in reversed(Strain)
    )
    return PBNTag("OptimumResultTable", RESULT_TABLE_HEADER, rows)


def par_tags(par: Par) -> tuple[PBNTag, PBNTag]:
    """The ``OptimumScore`` (North-South's) and ``ParContract`` tags.

    >>> [tag.value for tag in par_tags(Par(0, ()))]
    ['NS 0', 'Pass']
    """
    return PBNTag("OptimumScore", f"NS {par.score}"), PBNTag("ParContract", par.to_pbn())


def analysed_games(entries: Iterable[BoardAnalysis], event: str) -> list[PBNGame]:
    """PBN games for a hand record: each board's tags, then the par and the table.

    >>> from arbitro.analysis.solver import analyse
    >>> from arbitro.core import Board, Deal
    >>> from arbitro.dealing import DealtBoard
    >>> [game] = analysed_games(analyse([DealtBoard(Board(1), Deal.from_number(0))]), "Demo")
    >>> game["OptimumScore"], len(game.tag("OptimumResultTable").rows)
    ('NS 1510', 20)
    """
    return [
        game_of(entry.dealt, event).with_tags(*par_tags(entry.par), result_table_tag(entry.table))
        for entry in entries
    ]


def read_result_table(game: PBNGame, source: str) -> DoubleDummyTable | None:
    """The game's ``OptimumResultTable``, or None when it has none.

    >>> game = PBNGame((PBNTag("OptimumResultTable", RESULT_TABLE_HEADER, ("N NT 7",), line=5),))
    >>> read_result_table(game, "x.pbn")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.PBNSyntaxError: x.pbn, line 5: [OptimumResultTable]: expected 20 rows, one for each declarer and strain; found 1
    """
    tag = game.tag("OptimumResultTable")
    if tag is None:
        return None
    columns = [column.split("\\")[0].strip() for column in tag.value.split(";")]
    try:
        where = (columns.index("Declarer"), columns.index("Denomination"), columns.index("Result"))
    except ValueError:
        raise PBNSyntaxError.at(
            source,
            tag.line,
            f'[OptimumResultTable "{tag.value}"]',
            N_("expected the columns Declarer, Denomination and Result"),
        ) from None
    cells: dict[tuple[Seat, Strain], int] = {}
    for offset, row in enumerate(tag.rows, start=1):
        fields = row.split()
        try:
            if len(fields) != len(columns):
                raise ValueError(row)
            seat = Seat.from_str(fields[where[0]])
            strain = _STRAIN_READ[fields[where[1]].upper()]
            tricks = int(fields[where[2]])
            if not 0 <= tricks <= 13:
                raise ValueError(row)
        except (NotationError, KeyError, ValueError):
            raise PBNSyntaxError.at(
                source,
                tag.line + offset,
                row,
                N_("expected a declarer, a strain and a number of tricks, as in {example}"),
                example="N NT  9",
            ) from None
        cells[seat, strain] = tricks
    if len(cells) != 20:
        raise PBNSyntaxError.at(
            source,
            tag.line,
            "[OptimumResultTable]",
            N_("expected 20 rows, one for each declarer and strain; found {count}"),
            count=len(tag.rows),
        )
    return DoubleDummyTable(
        tuple(
            cells[seat, strain]
            for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
            for strain in Strain
        )
    )


def read_optimum_score(game: PBNGame, source: str) -> int | None:
    """North-South's par score from ``OptimumScore`` (``NS 420``, ``EW -100``), or None.

    >>> read_optimum_score(PBNGame((PBNTag("OptimumScore", "EW 100"),)), "x.pbn")
    -100
    """
    tag = game.tag("OptimumScore")
    if tag is None:
        return None
    match = re.fullmatch(r"\s*(NS|EW)\s+([+-]?[0-9]{1,9})\s*", tag.value, re.IGNORECASE)
    if match is None:
        raise PBNSyntaxError.at(
            source,
            tag.line,
            f'[OptimumScore "{tag.value}"]',
            N_("expected a side and a score, as in {example}"),
            example="NS 420",
        )
    score = int(match.group(2))
    return score if match.group(1).upper() == "NS" else -score


def read_par(game: PBNGame, source: str) -> Par | None:
    """The par of ``OptimumScore`` and ``ParContract``, or None if the score is missing.

    >>> read_par(PBNGame((PBNTag("OptimumScore", "NS 420"), PBNTag("ParContract", "NS 4S"))), "x").contracts[0]
    ParContract(contract=Contract.from_str('4S N'), result=0)
    """
    score = read_optimum_score(game, source)
    if score is None:
        return None
    tag = game.tag("ParContract")
    if tag is None:
        return Par(score, ())
    try:
        return Par.from_pbn(score, tag.value)
    except NotationError as error:
        raise PBNSyntaxError.at(
            source, tag.line, f'[ParContract "{tag.value}"]', N_("{error}"), error=error
        ) from None


__all__ = [
    "RESULT_TABLE_HEADER",
    "ParContract",
    "analysed_games",
    "par_tags",
    "read_optimum_score",
    "read_par",
    "read_result_table",
    "result_table_tag",
]
