"""A session's timetable (Law 8): the :class:`Movement`, what it promises, and its questions.

A :class:`Movement` is one :class:`~arbitro.tournament.movements.seating.Seating` for
each table and round. It answers the questions Law 8A leaves to the director's
instructions: which participant sits where, which boards are played, and where the
boards and the players go at the end of each round. A movement records what it promises
(:attr:`Movement.plays_per_board`, :attr:`Movement.meets_at_most`) and
:func:`arbitro.tournament.movements.check` proves the timetable keeps it.

>>> from arbitro.tournament.movements import howell
>>> movement = howell(2, 2)
>>> movement.kind, movement.rounds, len(movement.schedule)
('howell', 3, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from arbitro.tournament.movements.description import describe
from arbitro.tournament.movements.errors import UnknownParticipantError
from arbitro.tournament.movements.seating import Seating

Kind = Literal["mitchell", "howell", "individual", "round-robin", "swiss"]
"""The kinds of movement Árbitro generates."""

KINDS: tuple[Kind, ...] = ("mitchell", "howell", "individual", "round-robin", "swiss")
"""Every kind of movement, in the order the CLI lists them."""

MOVEMENTS: tuple[Kind, ...] = ("mitchell", "howell", "individual", "round-robin", "swiss")
"""The kinds of movement an event's results are entered by (pairs, players in an individual, teams)."""


@dataclass(frozen=True)
class Movement:
    """A whole session's timetable (Law 8) and what it promises.

    ``schedule`` holds one :class:`Seating` per table and round. The promises are checked
    by :func:`~arbitro.tournament.movements.check`:

    - ``plays_per_board``: each board is played exactly this many times (``None``: no
      promise, as in a movement cut short);
    - ``meets_at_most``: two opponents meet at most this many times (pairs, teams, and
      players in an individual); ``partners_at_most`` the same for partners in an
      individual movement;
    - ``relays``: tables that share a board set in the same round (a relay, Law 8A).

    ``rooms`` is 2 when each match of teams is played at two tables, one seating each
    (:func:`~arbitro.tournament.movements.teams.two_rooms`: match ``m`` at tables
    ``2m - 1``, the home team North-South, and ``2m``, the away team North-South);
    then a team sits at two tables a round, one pair at each.

    ``absent`` holds each (round, participant) the director has said does not play that
    round (a team or pair late or away in a Swiss): it has no table, as a bye, but it is
    not a bye (:meth:`byes`, :meth:`absent_from`).

    >>> from arbitro.tournament.movements import mitchell
    >>> movement = mitchell(3, 2)
    >>> movement.rounds, movement.board_sets, movement.boards
    (3, 3, 6)
    >>> movement.seatings(1)[0]
    Seating(round=1, table=1, ns='1NS', ew='1EW', board_set=1, boards=(1, 2))
    """

    kind: Kind
    tables: int
    boards_per_round: int
    board_sets: int
    participants: tuple[str, ...]
    schedule: tuple[Seating, ...]
    plays_per_board: int | None = None
    meets_at_most: int | None = 1
    partners_at_most: int | None = None
    relays: tuple[tuple[int, ...], ...] = ()
    rooms: int = 1
    absent: tuple[tuple[int, str], ...] = ()

    @property
    def description(self) -> str:
        """The movement in a line, in the active language.

        >>> from arbitro.tournament.movements import mitchell
        >>> mitchell(6, 3, sharing="relay").description
        'Mitchell, 6 tables, 6 rounds of 3 boards, relay between tables 1 and 6, bye stand'
        """
        return describe(self)

    @cached_property
    def one_field(self) -> bool:
        """Whether some pair sits in both directions, so all pairs are ranked together.

        True for a Howell or an arrow-switched Mitchell, from the timetable itself: after
        round 1 of a Howell no pair has changed direction yet, but it is still one field.
        Always true for a Swiss: its rounds are paired from one ranking of the whole
        field, and every table plays the round's boards.

        >>> from arbitro.tournament.movements import howell, mitchell, swiss_start
        >>> howell(2, 2).one_field, mitchell(3, 2).one_field, swiss_start(4, 2, 2).one_field
        (True, False, True)
        """
        if self.kind == "swiss":
            return True
        directions: dict[str, int] = {}
        for seating in self.schedule:
            for side, names in enumerate(seating.opponents):
                for name in names:
                    if directions.setdefault(name, side) != side:
                        return True
        return False

    @property
    def rounds(self) -> int:
        """The number of rounds.

        >>> from arbitro.tournament.movements import howell
        >>> howell(2, 2).rounds
        3
        """
        return max((seating.round for seating in self.schedule), default=0)

    @property
    def boards(self) -> int:
        """The number of boards in play: every board set's boards.

        >>> from arbitro.tournament.movements import howell
        >>> howell(2, 2).boards
        6
        """
        return self.board_sets * self.boards_per_round

    def board_numbers(self, board_set: int) -> tuple[int, ...]:
        """The boards of ``board_set`` (sets are numbered from 1, boards in order).

        >>> from arbitro.tournament.movements import mitchell
        >>> mitchell(3, 4).board_numbers(2)
        (5, 6, 7, 8)
        """
        first = (board_set - 1) * self.boards_per_round + 1
        return tuple(range(first, first + self.boards_per_round))

    def plays(self, table: int, board: int) -> tuple[Seating, ...]:
        """Where ``table`` plays ``board``: its seatings with the board (none, one, or more).

        Looked up in an index of the schedule made on first use, not by a walk through it
        (the tables' every result asks).

        >>> from arbitro.tournament.movements import mitchell
        >>> [seating.round for seating in mitchell(3, 2).plays(2, 3)]
        [1]
        >>> mitchell(3, 2).plays(2, 99)
        ()
        """
        return self._by_table_and_board.get((table, board), ())

    @cached_property
    def _by_table_and_board(self) -> dict[tuple[int, int], tuple[Seating, ...]]:
        index: dict[tuple[int, int], list[Seating]] = {}
        for seating in self.schedule:
            for board in seating.boards:
                index.setdefault((seating.table, board), []).append(seating)
        return {key: tuple(found) for key, found in index.items()}

    def seatings(self, round: int) -> tuple[Seating, ...]:
        """The tables of ``round``, in table order.

        >>> from arbitro.tournament.movements import mitchell
        >>> [seating.ew for seating in mitchell(3, 1).seatings(2)]
        ['3EW', '1EW', '2EW']
        """
        return tuple(
            sorted(
                (seating for seating in self.schedule if seating.round == round),
                key=lambda seating: seating.table,
            )
        )

    def round(self, number: int) -> tuple[Seating, ...]:
        """The same as :meth:`seatings`: the tables of round ``number``.

        >>> from arbitro.tournament.movements import mitchell
        >>> len(mitchell(5, 2).round(1))
        5
        """
        return self.seatings(number)

    def seating_of(self, participant: str, round: int, side: int | None = None) -> Seating | None:
        """Where ``participant`` sits in ``round`` (``None`` when sitting out).

        ``side`` (0 North-South, 1 East-West) looks only at that side: a team of a
        movement at two tables a match (``rooms`` 2) sits at both of its match's tables.

        >>> from arbitro.tournament.movements import howell, round_robin, two_rooms
        >>> howell(2, 1, half_table=True).seating_of("1", 1) is None
        True
        >>> two_rooms(round_robin(4, 2)).seating_of("1", 1, side=1).table
        2
        """
        if participant not in self.participants:
            raise UnknownParticipantError(participant, self.participants)
        for seating in self.schedule:
            if seating.round != round:
                continue
            names = seating.participants if side is None else seating.opponents[side]
            if participant in names:
                return seating
        return None

    def sitting_out(self, round: int) -> tuple[str, ...]:
        """The participants with no table in ``round`` (the half table's sit-out, a bye).

        >>> from arbitro.tournament.movements import howell
        >>> howell(2, 1, half_table=True).sitting_out(1)
        ('1',)
        """
        seated = {name for seating in self.seatings(round) for name in seating.participants}
        return tuple(name for name in self.participants if name not in seated)

    def absent_from(self, round: int) -> tuple[str, ...]:
        """The participants the director has said do not play ``round`` (no table, no bye).

        >>> from arbitro.tournament.movements import swiss_start
        >>> swiss_start(4, 2, 2, absent=("4",)).absent_from(1)
        ('4',)
        """
        return tuple(name for number, name in self.absent if number == round)

    def byes(self, round: int) -> tuple[str, ...]:
        """The participants sitting out ``round`` that were not absent from it: its byes.

        >>> from arbitro.tournament.movements import swiss_start
        >>> late = swiss_start(4, 2, 2, absent=("4",))
        >>> late.sitting_out(1), late.byes(1)
        (('3', '4'), ('3',))
        """
        absent = set(self.absent_from(round))
        return tuple(name for name in self.sitting_out(round) if name not in absent)

    def resting_sets(self, round: int) -> tuple[int, ...]:
        """The board sets on no table in ``round``: they wait on a bye stand.

        >>> from arbitro.tournament.movements import mitchell
        >>> mitchell(4, 2, sharing="relay").resting_sets(1)
        (4,)
        """
        used = {seating.board_set for seating in self.seatings(round)}
        return tuple(number for number in range(1, self.board_sets + 1) if number not in used)

    def next_seating(self, participant: str, round: int, side: int | None = None) -> Seating | None:
        """Where ``participant`` goes at the end of ``round`` (Law 8A): their next seating.

        ``None`` when the session is over for them or they sit out the next round.
        ``side`` as in :meth:`seating_of`: where a team's pair of that side goes.

        >>> from arbitro.tournament.movements import mitchell
        >>> mitchell(3, 2).next_seating("1EW", 1)
        Seating(round=2, table=2, ns='2NS', ew='1EW', board_set=3, boards=(5, 6))
        """
        return self.seating_of(participant, round + 1, side)

    def side_of(self, seating: Seating, participant: str) -> int | None:
        """The side whose next seating follows ``participant`` from ``seating``.

        In a movement at two tables a match (``rooms`` 2) a team's pair keeps its
        direction: 0 for North-South, 1 for East-West; elsewhere ``None`` (any direction).

        >>> from arbitro.tournament.movements import round_robin, two_rooms
        >>> rooms = two_rooms(round_robin(4, 2))
        >>> rooms.side_of(rooms.seatings(1)[1], "1")
        1
        """
        if self.rooms != 2:
            return None
        return 0 if participant in seating.opponents[0] else 1

    def next_tables_of_set(self, board_set: int, round: int) -> tuple[int, ...]:
        """The tables ``board_set`` goes to at the end of ``round`` (Law 8A).

        Empty when it goes to a bye stand or the session is over.

        >>> from arbitro.tournament.movements import mitchell
        >>> mitchell(3, 2).next_tables_of_set(2, 1)
        (1,)
        """
        return tuple(
            seating.table for seating in self.seatings(round + 1) if seating.board_set == board_set
        )

    def where_set_goes(self, board_set: int, round: int) -> str | tuple[int, ...]:
        """Where ``board_set`` goes at the end of ``round`` (Law 8A).

        The tables of the next round, ``"bye stand"`` when it waits to be played again
        later, or ``"done"`` when nobody plays it again.

        >>> from arbitro.tournament.movements import mitchell
        >>> relay = mitchell(4, 2, sharing="relay")
        >>> relay.where_set_goes(2, 1), relay.where_set_goes(3, 1), relay.where_set_goes(3, 4)
        ((1, 4), 'bye stand', 'done')
        """
        tables = self.next_tables_of_set(board_set, round)
        if tables:
            return tables
        later = any(
            seating.board_set == board_set and seating.round > round for seating in self.schedule
        )
        return "bye stand" if later else "done"
