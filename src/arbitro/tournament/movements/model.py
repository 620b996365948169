"""The values of a movement (Law 8), each kept in a module of its own, imported from here.

- :class:`Seating` (``seating.py``): who plays which boards at one table in one round;
- :class:`Movement` (``timetable.py``): a whole session's timetable, what it promises
  and the questions Law 8A leaves to the director's instructions (where everyone sits,
  where the boards and the players go next); :data:`KINDS` and :data:`MOVEMENTS`, the
  kinds of movement;
- :class:`InvalidMovementError`, :class:`UnknownParticipantError` and
  :class:`MovementProblem` (``errors.py``): what goes wrong with a movement;
- :func:`describe` and :func:`kind_name` (``description.py``): a movement in words;
- :func:`movement_to_data` and :func:`movement_from_data` (``movement_file.py``): a
  movement as JSON-ready data and back, the movement file a club keeps.

>>> seating = Seating(round=1, table=2, ns="2NS", ew="2EW", board_set=2, boards=(3, 4))
>>> movement_from_data(movement_to_data(Movement(
...     kind="mitchell", tables=2, boards_per_round=2, board_sets=1,
...     participants=("2NS", "2EW"), schedule=(seating,)))).schedule == (seating,)
True
"""

from arbitro.tournament.movements.description import describe, kind_name
from arbitro.tournament.movements.errors import (
    InvalidMovementError,
    MovementProblem,
    UnknownParticipantError,
)
from arbitro.tournament.movements.movement_file import movement_from_data, movement_to_data
from arbitro.tournament.movements.seating import Seating
from arbitro.tournament.movements.timetable import KINDS, MOVEMENTS, Kind, Movement

__all__ = [
    "KINDS",
    "MOVEMENTS",
    "InvalidMovementError",
    "Kind",
    "Movement",
    "MovementProblem",
    "Seating",
    "UnknownParticipantError",
    "describe",
    "kind_name",
    "movement_from_data",
    "movement_to_data",
]
