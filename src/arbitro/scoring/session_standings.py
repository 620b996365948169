"""A session's standings: penalties off, totals factored (Law 78D), percentages, pairs ranked.

:func:`pair_standings` turns the session's :class:`~arbitro.scoring.session_tally.Tally`
into one :class:`~arbitro.scoring.session_values.PairStanding` per pair, by direction
when the pairs kept theirs: penalties (Laws 90, 91) come off, totals are factored to
the most boards of the pairs compared (78D), matchpoint totals become percentages, and
:func:`ranking` ranks the pairs, ties sharing a rank in natural order (pair 2 before
pair 10). :func:`pick` takes the values at some indices in one call, for the ranking
here and the arrays' ranking (:mod:`arbitro.scoring.session_columns`).

>>> ranking(["1", "2"], [3, 5])
([1, 0], [1, 2], [False, False])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import compress, repeat
from operator import is_, itemgetter, lt, mul, sub
from typing import TypeVar

from arbitro.core.seat import Side
from arbitro.i18n import N_
from arbitro.laws.authority import Authority
from arbitro.scoring.columnar import Points
from arbitro.scoring.matchpoints import look_up, percentage
from arbitro.scoring.natural_order import natural_keys
from arbitro.scoring.penalties import Penalty
from arbitro.scoring.session_tally import Tally
from arbitro.scoring.session_values import (
    InvalidPenaltyError,
    Method,
    PairStanding,
    penalty_units,
)

_UNIT_NEEDS: dict[str, str] = {
    "top": N_("a penalty in a fraction of a top needs matchpoint scoring"),
    "imps": N_("a penalty in IMPs needs IMP scoring"),
    "mp": N_("a penalty in matchpoints needs matchpoint scoring"),
}


_T = TypeVar("_T")


def _most_boards_by_direction(boards: Sequence[int], sides: Sequence[Side | None]) -> list[int]:
    """For each pair, the most boards any pair of its own direction played (Law 78D: the conditions of contest).

    >>> _most_boards_by_direction([12, 14, 14, 12], [Side.NS, Side.NS, Side.EW, Side.EW])
    [14, 14, 14, 14]
    >>> _most_boards_by_direction([12, 12, 14, 14], [Side.NS, Side.NS, Side.EW, Side.EW])
    [12, 12, 14, 14]
    """
    most: dict[Side | None, int] = {}
    for played, side in zip(boards, sides, strict=True):
        most[side] = max(most.get(side, 0), played)
    return [most[side] for side in sides]


def pair_standings(
    tally: Tally,
    full_top: Points,
    method: Method,
    profile: Authority,
    penalties: list[tuple[str, Penalty]],
) -> list[PairStanding]:
    """Each pair's standing, ranked (by direction when the tally has the pairs' sides)."""
    # In columns, one pass each: a session can have thousands of pairs.
    names, boards, maxima = tally.names, tally.played, tally.maximum
    count = len(names)
    most_boards = max(boards, default=0)
    taken: dict[str, Points] = {}
    known = set(names) if penalties else set()
    for index, (pair, penalty) in enumerate(penalties):
        text = f"{pair},{penalty.to_str()}"
        if pair not in known:
            raise InvalidPenaltyError.at(
                index,
                InvalidPenaltyError(text, N_("pair {pair} did not play in the session"), pair=pair),
            )
        if penalty.unit not in penalty_units(method):
            raise InvalidPenaltyError.at(
                index, InvalidPenaltyError(text, _UNIT_NEEDS[penalty.unit])
            )
        taken[pair] = taken.get(pair, 0) + penalty.in_matchpoints(full_top)
    deducted: list[Points] = [taken.get(pair, 0) for pair in names] if taken else [0] * count
    factoring = profile.factoring and min(boards, default=most_boards) != most_boards
    # Law 78D: a total is factored to the most boards a pair that it is compared with
    # played: in a Mitchell (the pairs' sides known), one of its own direction.
    targets: Sequence[int] = (
        (_most_boards_by_direction(boards, tally.sides) if tally.sides else None)
        or [most_boards] * count
        if factoring
        else ()
    )
    # A penalty comes off the factored total, whole: a pair that missed boards pays what
    # the others pay (its unfactored total and its percentage carry it in proportion).
    charged: list[Points] = (
        [
            Fraction(amount) * played / target if amount and played and played != target else amount
            for amount, played, target in zip(deducted, boards, targets, strict=True)
        ]
        if taken and factoring
        else deducted
    )
    final: list[Points] = list(map(sub, tally.points, charged)) if taken else tally.points
    maximum: Sequence[Points | None] = [None] * count
    shares: list[Fraction | None] = [None] * count
    every_share = method == "mp" and all(maxima)
    # The totals and maxima in the tally's units (whole numbers, in proportion), if no
    # penalty changed the totals: percentages and ranks are read from them.
    in_units = tally.units if tally.units is not None and not taken else (final, maxima)
    if method == "mp":
        maximum = maxima
        if every_share and set(map(type, in_units[0])) | set(map(type, in_units[1])) == {int}:
            # percentage(total, maximum) for whole numbers, without a call per pair
            shares = list(map(Fraction, map(mul, in_units[0], repeat(100)), in_units[1]))
        else:
            shares = list(map(_share, final, maximum))
    factored = final
    if factoring:
        factored = [
            Fraction(total) * top / played if played != top and played else total
            for total, played, top in zip(final, boards, targets, strict=True)
        ]
    # Ranked by percentage; in IMPs and total points by the (factored) total. Percentages
    # rank as the totals do when every pair had the same maximum: then compare the
    # (usually whole) totals, not a Fraction per pair.
    same_maximum = method != "mp" or len(set(in_units[1])) <= 1
    keys: list[Points] = (
        in_units[0]
        if same_maximum and every_share
        else factored  # no percentages: by the (factored) total
        if method != "mp"
        else [
            by_total if share is None else total if same_maximum else share
            for total, share, by_total in zip(final, shares, factored, strict=True)
        ]
    )
    # Fractions compare in Python, floats in C: sorted by (float, exact value), as the
    # float of an exact division never swaps two values and the exact value decides
    # between equal floats.
    float_keys = (
        None if set(map(type, keys)) <= {int} else list(zip(map(float, keys), keys, strict=True))
    )
    sides: Sequence[Side | None] = tally.sides or [None] * count
    same_boards = len(set(boards)) <= 1
    standings: list[PairStanding] = []
    for direction in (Side.NS, Side.EW, None):
        members = list(compress(range(count), map(is_, sides, repeat(direction))))
        if not members:
            continue
        order, ranks, tied = (
            ranking(pick(names, members), pick(keys, members))
            if float_keys is None
            else ranking(pick(names, members), pick(float_keys, members))
        )
        ranked = pick(members, order)
        first = ranked[0]
        totals_ranked = pick(final, ranked)
        # A PairStanding's fields, one column each; a column with one value repeats it.
        rows = zip(
            pick(names, ranked),
            repeat(direction),
            repeat(boards[first]) if same_boards else pick(boards, ranked),
            totals_ranked,
            repeat(maximum[first]) if same_maximum else pick(maximum, ranked),
            pick(shares, ranked),
            totals_ranked if factored is final else pick(factored, ranked),
            pick(charged, ranked) if taken else repeat(0),
            ranks,
            tied,
            strict=False,  # the repeated columns have no end; the others all have len(ranked)
        )
        # PairStanding(*row) for each, in C (as PairStanding._make, which is Python).
        standings.extend(map(tuple.__new__, repeat(PairStanding), rows))
    return standings


def pick(values: Sequence[_T], at: Sequence[int]) -> list[_T]:
    """``values[index]`` for each index in ``at``, in C (one ``itemgetter`` call, not a loop).

    >>> pick("abc", [2, 0])
    ['c', 'a']
    """
    if len(at) > 1:
        return list(itemgetter(*at)(values))
    return [values[index] for index in at]


def _share(total: Points, maximum: Points | None) -> Fraction | None:
    """The percentage of ``maximum``, exact; ``None`` without a maximum (no top)."""
    return percentage(total, maximum) if maximum else None


_Key = TypeVar("_Key", Points, tuple[float, Points])
"""A ranking key: points, or (their float, the points) to sort fractions in C."""


def ranking(names: Sequence[str], keys: list[_Key]) -> tuple[list[int], list[int], list[bool]]:
    """The indices, the highest key first, with each one's rank and whether it is tied.

    Tied names share a rank and come in natural order (pair 2 before pair 10).

    >>> ranking(["10", "2", "3"], [5, 5, 7])
    ([2, 1, 0], [1, 2, 2], [False, True, True])
    """
    count = len(keys)
    order = sorted(range(count), key=keys.__getitem__, reverse=True)
    ranked = pick(keys, order)
    times = Counter(ranked)
    if len(times) == count:  # no ties
        return order, list(range(1, count + 1)), [False] * count
    # Each key's rank is the first place it holds: the places given from the last up,
    # the first one given to a key last.
    first_place = dict(zip(reversed(ranked), range(count, 0, -1), strict=True))
    ranks = look_up(first_place, ranked)
    tied = list(map(lt, repeat(1), look_up(times, ranked)))
    # The tied names in natural order within their rank: only they are sorted (by rank,
    # then name), and put back in the places their rank holds. All in C.
    places = list(compress(range(count), tied))
    members = pick(order, places)
    by_rank = list(zip(pick(ranks, places), natural_keys(pick(names, members)), strict=True))
    members = pick(members, sorted(range(len(members)), key=by_rank.__getitem__))
    order = list(map(dict(zip(places, members, strict=True)).get, range(count), order))
    return order, ranks, tied
