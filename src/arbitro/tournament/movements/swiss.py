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

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from arbitro.i18n import N_
from arbitro.tournament.movements.model import InvalidMovementError, Movement, Seating
from arbitro.tournament.movements.teams import matches, rooms_of, two_rooms

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
    """One Swiss round: the tables, the bye, the pairs that meet again, and the absent.

    At each table ``ns`` is the higher-ranked (or home) participant; ``repeats`` are the
    pairs that meet again because no pairing avoided it; ``absent`` those the director
    said do not play the round (not paired, no bye).

    >>> SwissRound(seatings=(), bye="C", repeats=())
    SwissRound(seatings=(), bye='C', repeats=(), absent=())
    """

    seatings: tuple[Seating, ...]
    bye: str | None
    repeats: tuple[tuple[str, str], ...]
    absent: tuple[str, ...] = ()


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


TEAMS_BYE_VP = Fraction(12)
"""What a bye scores in a Swiss teams event unless the director sets another score.

The Laws and the AEB's regulations say nothing of a Swiss teams bye; 12 victory points
on the 20-point scale is the score the WBF and the EBL give it. A bye in a Swiss pairs
event scores nothing: the pair plays fewer boards, as the AEB's directors' notes ask of
a bye (no average-plus for boards the pair was never due to play).
"""

MATCH_VP = Fraction(20)
"""The most victory points a match gives (the WBF scale of 20), so the most a bye may score."""

MAX_ROUNDS = 64
"""The most rounds a Swiss event may plan (a federation's longest Swiss has far fewer)."""


def swiss_start(
    participants: int | Sequence[str],
    rounds: int,
    boards_per_round: int,
    teams: bool = False,
    absent: Collection[str] = (),
) -> Movement:
    """A Swiss event's movement with its first round paired, ``rounds`` rounds planned.

    Round 1 is the seeded draw: the participants in the order given (their numbers), the
    first against the second, the third against the fourth, ...; with an odd number the
    last has the bye. The movement keeps ``rounds`` board sets, one a round, so the event
    knows all its boards from the start; :func:`next_swiss_round` adds the other rounds
    one at a time. A teams event (``teams``) plays each match at two tables
    (:func:`~arbitro.tournament.movements.teams.two_rooms`). The ``absent`` (a team late,
    say) do not play round 1: they are left out of the draw, with no bye
    (:attr:`Movement.absent`), and the bye goes to the last of the others where they are
    odd.

    >>> [(s.ns, s.ew) for s in swiss_start(8, 3, 2, absent=("8",)).seatings(1)]
    [('1', '2'), ('3', '4'), ('5', '6')]
    >>> late = swiss_start(8, 3, 2, absent=("8",))
    >>> late.byes(1), late.absent_from(1)
    (('7',), ('8',))
    >>> movement = swiss_start(5, 3, 4)
    >>> [(s.table, s.ns, s.ew) for s in movement.seatings(1)], movement.sitting_out(1)
    ([(1, '1', '2'), (2, '3', '4')], ('5',))
    >>> movement.rounds, movement.boards
    (1, 12)
    >>> [(s.table, s.ns, s.ew) for s in swiss_start(4, 3, 4, teams=True).seatings(1)]
    [(1, '1', '2'), (2, '2', '1'), (3, '3', '4'), (4, '4', '3')]
    >>> swiss_start(1, 3, 4)
    Traceback (most recent call last):
    ...
    arbitro.tournament.movements.errors.InvalidMovementError: invalid movement 'swiss 1': expected at least two participants
    """
    names = (
        [str(number) for number in range(1, participants + 1)]
        if isinstance(participants, int)
        else list(participants)
    )
    text = f"swiss {len(names)}"
    if len(names) < 2:
        raise InvalidMovementError(text, N_("expected at least two participants"))
    if not 1 <= rounds <= MAX_ROUNDS:
        raise InvalidMovementError(
            text, N_("expected 1 to {high} rounds, not {rounds}"), high=MAX_ROUNDS, rounds=rounds
        )
    _check_absent(names, absent, 1)
    first = swiss_round(
        [Standing(name) for name in names if name not in absent], 1, boards_per_round
    )
    tables = len(first.seatings)
    movement = Movement(
        kind="swiss",
        tables=tables,
        boards_per_round=boards_per_round,
        board_sets=rounds,
        participants=tuple(names),
        schedule=first.seatings,
        plays_per_board=None,
        meets_at_most=1,
        relays=(tuple(range(1, tables + 1)),) if tables > 1 else (),
        absent=tuple((1, name) for name in names if name in absent),
    )
    return two_rooms(movement) if teams else movement


def _check_absent(names: Sequence[str], absent: Collection[str], round: int) -> None:
    """Refuse an ``absent`` name that is not a participant, naming it and the round."""
    for name in absent:
        if name not in names:
            raise InvalidMovementError(
                f"swiss round {round}",
                N_("{name} cannot be absent: expected one of the participants ({participants})"),
                name=name,
                participants=", ".join(names),
            )


def swiss_standings(movement: Movement, scores: Mapping[str, Fraction]) -> list[Standing]:
    """Each participant's score, opponents met and byes after the rounds of ``movement``.

    In the participants' order (the seeding, which breaks ties); a participant missing
    from ``scores`` has 0.

    >>> movement = swiss_start(3, 2, 2)
    >>> swiss_standings(movement, {"1": Fraction(3)})
    [Standing(participant='1', score=Fraction(3, 1), opponents=('2',), byes=0), Standing(participant='2', score=Fraction(0, 1), opponents=('1',), byes=0), Standing(participant='3', score=Fraction(0, 1), opponents=(), byes=1)]
    """
    played = matches(movement)
    met: dict[str, list[str]] = {name: [] for name in movement.participants}
    for seating in played.schedule:
        if seating.ns is not None and seating.ew is not None:
            met[seating.ns].append(seating.ew)
            met[seating.ew].append(seating.ns)
    byes = dict.fromkeys(movement.participants, 0)
    for round_ in range(1, movement.rounds + 1):
        for name in movement.byes(round_):  # an absence is not a bye
            byes[name] += 1
    return [
        Standing(name, Fraction(scores.get(name, 0)), tuple(met[name]), byes[name])
        for name in movement.participants
    ]


def next_swiss_round(
    movement: Movement,
    scores: Mapping[str, Fraction],
    withdrawn: Collection[str] = (),
    absent: Collection[str] = (),
) -> tuple[Movement, SwissRound]:
    """``movement`` with its next round paired from ``scores``, and that round.

    Refused when every round planned is paired. A teams movement's matches are added at
    two tables each, as its first round. The ``withdrawn`` (a team or pair disqualified,
    or withdrawn) are not paired: they have no table from this round on. The ``absent``
    do not play this round only: not paired, no bye (the movement's
    :attr:`~Movement.absent` keeps them); the bye, where the others are odd, goes to
    one of those paired.

    >>> grown, paired = next_swiss_round(swiss_start(4, 3, 2), {"1": Fraction(3)}, absent=("2",))
    >>> paired.bye, paired.absent, grown.byes(2), grown.absent_from(2)
    ('4', ('2',), ('4',), ('2',))

    >>> movement = swiss_start(4, 3, 2, teams=True)
    >>> grown, paired = next_swiss_round(movement, {"1": Fraction(15), "3": Fraction(12)})
    >>> [(s.ns, s.ew) for s in paired.seatings], paired.bye
    ([('1', '3'), ('2', '4')], None)
    >>> [(s.table, s.ns, s.ew) for s in grown.seatings(2)][:2], grown.seatings(2)[0].boards
    ([(1, '1', '3'), (2, '3', '1')], (3, 4))
    """
    number = movement.rounds + 1
    if movement.kind != "swiss":
        raise InvalidMovementError(
            movement.kind, N_("only a Swiss movement is paired a round at a time")
        )
    if number > movement.board_sets:
        raise InvalidMovementError(
            f"swiss round {number}",
            N_("all {rounds} rounds planned are paired"),
            rounds=movement.board_sets,
        )
    _check_absent(movement.participants, absent, number)
    standings = [
        standing
        for standing in swiss_standings(movement, scores)
        if standing.participant not in withdrawn and standing.participant not in absent
    ]
    paired = swiss_round(standings, number, movement.boards_per_round)
    missing = tuple(name for name in movement.participants if name in absent)
    paired = replace(paired, absent=missing)
    added = rooms_of(paired.seatings) if movement.rooms == 2 else paired.seatings
    grown = replace(
        movement,
        schedule=movement.schedule + added,
        meets_at_most=None if paired.repeats else movement.meets_at_most,
        absent=movement.absent + tuple((number, name) for name in missing),
    )
    return grown, paired
