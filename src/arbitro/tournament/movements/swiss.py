"""Swiss pairs and Swiss teams: each round paired from the standings so far.

A Swiss event has no timetable made in advance: after each round the participants are
ranked by score and paired top-down (the Monrad order: first against second, third
against fourth, ...), each with the nearest participant below it in the ranking whom it
has not met. That keeps the pairings inside the score groups as far as the "no repeat
opponents" rule allows; a participant that cannot be paired in its group floats down to
the next. A repeat is allowed only when no pairing of the whole field avoids it, and then
as few as possible. With an odd number the bye goes to the lowest-ranked participant
with the fewest byes.

All the tables of a Swiss round play the same boards, in copies (duplicated boards, Law
6F). :func:`swiss_movement` gathers the rounds played into a :class:`Movement` for the
checker.

>>> standings = [Standing("A", 12), Standing("B", 10, ("C",)), Standing("C", 10, ("B",)),
...              Standing("D", 4)]
>>> paired = swiss_round(standings, 2, 8)
>>> [(seating.ns, seating.ew) for seating in paired.seatings]
[('A', 'B'), ('C', 'D')]
>>> paired.seatings[0].boards[0], paired.bye
(9, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from arbitro.i18n import N_
from arbitro.tournament.movements.model import InvalidMovementError, Movement, Seating

NODE_LIMIT = 200_000
"""How many partial pairings the search looks at before it allows one more repeat."""


@dataclass(frozen=True)
class Standing:
    """A participant's score so far, the opponents it has met, and its byes.

    >>> Standing("7", Fraction(21, 2), ("3", "5"))
    Standing(participant='7', score=Fraction(21, 2), opponents=('3', '5'), byes=0)
    """

    participant: str
    score: Fraction | int = 0
    opponents: tuple[str, ...] = ()
    byes: int = 0


@dataclass(frozen=True)
class SwissRound:
    """One Swiss round: the tables, the bye, and the pairs that meet again.

    At each table ``ns`` is the higher-ranked (or home) participant; ``repeats`` are the
    pairs that meet again because no pairing avoided it.

    >>> SwissRound(seatings=(), bye="C", repeats=())
    SwissRound(seatings=(), bye='C', repeats=())
    """

    seatings: tuple[Seating, ...]
    bye: str | None
    repeats: tuple[tuple[str, str], ...]


def swiss_round(standings: Sequence[Standing], round: int, boards_per_round: int) -> SwissRound:
    """Pair round ``round`` from the ``standings`` after the rounds before it.

    The ranking is by score, then by the order given (the seeding). The boards are the
    round's: ``(round - 1) * boards_per_round + 1`` onwards.

    >>> met = [Standing("1", 2, ("2",)), Standing("2", 2, ("1",)), Standing("3", 0, ("4",)),
    ...        Standing("4", 0, ("3",))]
    >>> [(s.ns, s.ew) for s in swiss_round(met, 2, 4).seatings]
    [('1', '3'), ('2', '4')]
    >>> swiss_round(met[:3], 2, 4).bye
    '3'
    """
    names = [standing.participant for standing in standings]
    text = f"swiss round {round}"
    if len(set(names)) != len(names):
        raise InvalidMovementError(text, N_("every participant needs its own name"))
    if len(names) < 2:
        raise InvalidMovementError(text, N_("expected at least two participants"))
    if round < 1 or boards_per_round < 1:
        raise InvalidMovementError(
            text, N_("expected a round from 1 and at least one board per round")
        )
    seed = {name: index for index, name in enumerate(names)}
    ranked = sorted(
        standings, key=lambda standing: (-Fraction(standing.score), seed[standing.participant])
    )
    bye: str | None = None
    if len(ranked) % 2:
        fewest = min(standing.byes for standing in ranked)
        chosen = next(s for s in reversed(ranked) if s.byes == fewest)
        bye = chosen.participant
        ranked = [standing for standing in ranked if standing is not chosen]
    met = {standing.participant: set(standing.opponents) for standing in ranked}
    order = [standing.participant for standing in ranked]
    pairs: list[tuple[str, str]] | None = None
    allowed = 0
    while pairs is None:
        pairs = _pair(order, met, allowed)
        allowed += 1
    first = (round - 1) * boards_per_round + 1
    boards = tuple(range(first, first + boards_per_round))
    seatings = tuple(
        Seating(round=round, table=table, ns=one, ew=other, board_set=round, boards=boards)
        for table, (one, other) in enumerate(pairs, start=1)
    )
    repeats = tuple((one, other) for one, other in pairs if other in met[one])
    return SwissRound(seatings=seatings, bye=bye, repeats=repeats)


def _pair(order: list[str], met: dict[str, set[str]], allowed: int) -> list[tuple[str, str]] | None:
    """Pair ``order`` top-down with at most ``allowed`` repeats.

    ``None`` if it cannot (or the search gives up: then one more repeat is allowed).
    """
    pairs: list[tuple[str, str]] = []
    free = list(order)
    nodes = 0

    def search(repeats: int) -> bool:
        nonlocal nodes
        if not free:
            return True
        nodes += 1
        if nodes > NODE_LIMIT and allowed < len(order):
            return False
        top = free.pop(0)
        for position, other in enumerate(list(free)):
            repeat = other in met[top]
            if repeat and repeats >= allowed:
                continue
            free.pop(position)
            pairs.append((top, other))
            if search(repeats + repeat):
                return True
            pairs.pop()
            free.insert(position, other)
        free.insert(0, top)
        return False

    return pairs if search(0) else None


def swiss_movement(
    participants: Sequence[str], rounds: Sequence[SwissRound], boards_per_round: int
) -> Movement:
    """The rounds played so far as a :class:`Movement`, to check them.

    >>> first = swiss_round([Standing(name) for name in "ABCD"], 1, 2)
    >>> from arbitro.tournament.movements import check
    >>> check(swiss_movement("ABCD", [first], 2))
    []
    """
    schedule = tuple(seating for paired in rounds for seating in paired.seatings)
    tables = max((len(paired.seatings) for paired in rounds), default=0)
    return Movement(
        kind="swiss",
        tables=tables,
        boards_per_round=boards_per_round,
        board_sets=len(rounds),
        participants=tuple(participants),
        schedule=schedule,
        plays_per_board=None,
        meets_at_most=None if any(paired.repeats for paired in rounds) else 1,
        relays=(tuple(range(1, tables + 1)),) if tables > 1 else (),
    )
