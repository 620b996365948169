"""Movements (Law 8): generated, checked, and printed as guide cards for the players.

Every generator returns a :class:`Movement`, the session's timetable: for each round
and table, who sits where and which boards are played; and from it, where the boards
and the players go next (Law 8A). :func:`check` proves a movement sound and lists every
problem it finds.

- :func:`mitchell`: pairs North-South stay, East-West move up, boards move down; a skip
  or a relay and bye stand for an even number of tables; arrow-switch rounds.
- :func:`howell`: every pair meets every other once; a half table (one pair sits out
  each round).
- :func:`individual`: every player partners every other once and meets each twice.
- :func:`round_robin`: teams, Berger tables, a bye for an odd count; :func:`two_rooms`
  its matches at two tables each, as a teams event plays them.
- :func:`swiss_round`: Swiss pairs or teams, one round at a time, by score groups;
  :func:`swiss_start` an event's movement with round 1 drawn, :func:`next_swiss_round`
  the movement with one more round paired from the scores.
- :func:`guide_card` and :func:`table_card`: the cards for the players and the tables.

>>> movement = mitchell(5, 3)
>>> check(movement)
[]
>>> movement.seatings(2)[0]
Seating(round=2, table=1, ns='1NS', ew='5EW', board_set=2, boards=(4, 5, 6))
"""

from arbitro.tournament.movements.check import check
from arbitro.tournament.movements.guide_cards import Move, guide_card, round_moves, table_card
from arbitro.tournament.movements.howell import howell
from arbitro.tournament.movements.individual import individual
from arbitro.tournament.movements.mitchell import mitchell
from arbitro.tournament.movements.model import (
    KINDS,
    InvalidMovementError,
    Kind,
    Movement,
    MovementProblem,
    Seating,
    UnknownParticipantError,
    describe,
    kind_name,
    movement_from_data,
    movement_to_data,
)
from arbitro.tournament.movements.swiss import (
    TEAMS_BYE_VP,
    Standing,
    SwissRound,
    next_swiss_round,
    swiss_movement,
    swiss_round,
    swiss_standings,
    swiss_start,
)
from arbitro.tournament.movements.teams import (
    MatchAtTable,
    berger,
    match_at_table,
    matches,
    round_robin,
    two_rooms,
)

__all__ = [
    "KINDS",
    "TEAMS_BYE_VP",
    "InvalidMovementError",
    "Kind",
    "MatchAtTable",
    "Move",
    "Movement",
    "MovementProblem",
    "Seating",
    "Standing",
    "SwissRound",
    "UnknownParticipantError",
    "berger",
    "check",
    "describe",
    "guide_card",
    "howell",
    "individual",
    "kind_name",
    "match_at_table",
    "matches",
    "mitchell",
    "movement_from_data",
    "movement_to_data",
    "next_swiss_round",
    "round_moves",
    "round_robin",
    "swiss_movement",
    "swiss_round",
    "swiss_standings",
    "swiss_start",
    "table_card",
    "two_rooms",
]
