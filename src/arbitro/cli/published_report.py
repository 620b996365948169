"""A file's published figures against Árbitro's, as the command line reports them.

``arbitro session score`` and ``arbitro event import`` both score a file again and
compare the figures the file published (:mod:`arbitro.formats.published`):
:func:`published_data` gives the comparison as their JSON does, :func:`echo_published`
writes it on the standard error, pairs in the command's language (``3EO``).
"""

from __future__ import annotations

from dataclasses import replace

import click

from arbitro.formats.published import Comparison
from arbitro.i18n import gettext, ngettext
from arbitro.tournament.event import pair_written

__all__ = ["echo_published", "published_data"]


def published_data(published: Comparison) -> dict[str, object]:
    """The file's published figures against Árbitro's, as the JSON output gives them.

    >>> published_data(Comparison(3, ()))
    {'compared': 3, 'differing': 0, 'differences': []}
    """
    return {
        "compared": published.compared,
        "differing": len(published.differences),
        "differences": [
            {
                "board": found.board,
                "pairs": found.pairs or None,
                "pair": found.pair or None,
                "team": found.team or None,
                "figure": gettext(found.figure),
                "published": found.published,
                "computed": found.computed,
            }
            for found in published.differences
        ],
    }


def echo_published(published: Comparison) -> None:
    """The comparison with the file's published figures, on the standard error.

    Nothing for a file that publishes none; else a summary line and every difference,
    one a line (the standard output stays the session as Árbitro scores it, whatever
    the file).
    """
    if not published.compared:
        return
    if published.agrees:
        summary = ngettext(
            "Published figures: {count} compared, all agree with Árbitro's",
            "Published figures: {count} compared, all agree with Árbitro's",
            published.compared,
        ).format(count=published.compared)
    else:
        summary = ngettext(
            "Published figures: {count} compared, {differing} differs from Árbitro's",
            "Published figures: {count} compared, {differing} differ from Árbitro's",
            len(published.differences),
        ).format(count=published.compared, differing=len(published.differences))
    click.echo(summary, err=True)
    for found in published.differences:  # its pairs as the language writes them (3EO)
        pairs = " v ".join(map(pair_written, found.pairs.split(" v "))) if found.pairs else ""
        click.echo(f"  {replace(found, pair=pair_written(found.pair), pairs=pairs)}", err=True)
