"""Invariants of a Swiss event's movement grown a round at a time over random results (Law 8).

Whatever the results, each round of the stored movement (:func:`swiss_start` then
:func:`next_swiss_round`) seats every participant at most once (at one table of a pairs
round, at one match of a teams round, one pair at each of its two tables), gives the
bye to the lowest-ranked of those with the fewest byes, and repeats a meeting only when
no pairing of the round's field avoids it.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.tournament.movements import (
    check,
    matches,
    movement_from_data,
    movement_to_data,
    next_swiss_round,
    swiss_standings,
    swiss_start,
)


def _avoidable(field: list[str], met: dict[str, set[str]]) -> bool:
    """Whether ``field`` (an even number) can be paired with no two who have met."""
    if not field:
        return True
    first, rest = field[0], field[1:]
    for other in rest:
        if other not in met[first]:
            left = [name for name in rest if name != other]
            if _avoidable(left, met):
                return True
    return False


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(2, 9),
    rounds=st.integers(1, 6),
    teams=st.booleans(),
    data=st.data(),
)
def test_law8_a_swiss_grown_over_random_results_keeps_its_promises(
    count: int, rounds: int, teams: bool, data: st.DataObject
) -> None:
    movement = swiss_start(count, rounds, 2, teams=teams)
    scores: dict[str, Fraction] = {}
    for number in range(2, rounds + 1):
        for name in movement.participants:
            scores[name] = scores.get(name, Fraction(0)) + data.draw(st.integers(0, 20))
        before = swiss_standings(movement, scores)
        movement, paired = next_swiss_round(movement, scores)
        assert movement.rounds == number
        field = [standing.participant for standing in before if standing.participant != paired.bye]
        if paired.bye is not None:
            # The bye: the lowest-ranked (score, then seeding) of those with fewest byes.
            fewest = min(standing.byes for standing in before)
            seed = {name: index for index, name in enumerate(movement.participants)}
            candidates = sorted(
                (s for s in before if s.byes == fewest),
                key=lambda s: (-Fraction(s.score), seed[s.participant]),
            )
            assert paired.bye == candidates[-1].participant
        met = {standing.participant: set(standing.opponents) for standing in before}
        if paired.repeats:
            assert not _avoidable(field, met)
        else:
            assert all(seating.ew not in met[seating.ns or ""] for seating in paired.seatings)
    played = matches(movement)
    for number in range(1, movement.rounds + 1):
        seated = [name for seating in played.seatings(number) for name in seating.participants]
        assert len(seated) == len(set(seated))
        assert len(seated) + len(played.sitting_out(number)) == count
        if teams:
            for side in (0, 1):
                at = [n for s in movement.seatings(number) for n in s.opponents[side]]
                assert len(at) == len(set(at))
    assert check(movement) == []
    assert movement_from_data(movement_to_data(movement)) == movement
