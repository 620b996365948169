"""The values of a movement (Law 8): who sits where, which boards, where everyone goes.

A :class:`Movement` is the whole timetable of a session: one :class:`Seating` for each
table and round. It answers the questions Law 8A leaves to the director's instructions:
which participant sits where, which boards are played, and where the boards and the
players go at the end of each round. A movement records what it promises
(:attr:`Movement.plays_per_board`, :attr:`Movement.meets_at_most`) and
:func:`arbitro.tournament.movements.check` proves the timetable keeps it.

>>> seating = Seating(round=1, table=2, ns="2NS", ew="2EW", board_set=2, boards=(3, 4))
>>> seating.participants
('2NS', '2EW')
>>> seating
Seating(round=1, table=2, ns='2NS', ew='2EW', board_set=2, boards=(3, 4))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal, NoReturn, TypeVar

from arbitro.core.errors import ArbitroError, NotationError, Problem
from arbitro.i18n import N_, gettext, ngettext, use_language
from arbitro.tournament.individual_scores import partnership

T = TypeVar("T")

MAX_TABLES = 500
"""The most tables a movement file may have (a federation's biggest room has far fewer)."""
MAX_BOARDS = 1000
"""The most boards a round or board sets a movement file may have."""

Kind = Literal["mitchell", "howell", "individual", "round-robin", "swiss"]
"""The kinds of movement Árbitro generates."""

KINDS: tuple[Kind, ...] = ("mitchell", "howell", "individual", "round-robin", "swiss")
"""Every kind of movement, in the order the CLI lists them."""

MOVEMENTS: tuple[Kind, ...] = ("mitchell", "howell", "individual", "round-robin", "swiss")
"""The kinds of movement an event's results are entered by (pairs, players in an individual, teams)."""


class InvalidMovementError(NotationError):
    """A movement asked for that cannot be made: too few tables, too many rounds, ...

    >>> print(InvalidMovementError("mitchell 2", N_("expected {low} to {high} tables"), low=3,
    ...       high=30))
    invalid movement 'mitchell 2': expected 3 to 30 tables
    """

    what = N_("movement")


class UnknownParticipantError(ArbitroError, ValueError):
    """A participant the movement does not have.

    >>> print(UnknownParticipantError("9NS", ("1NS", "1EW")))
    unknown participant '9NS': expected one of 1NS, 1EW
    """

    def __init__(self, participant: str, participants: tuple[str, ...]) -> None:
        self.participant = participant
        self.participants = participants
        super().__init__(participant)

    def __str__(self) -> str:
        return gettext("unknown participant '{participant}': expected one of {choices}").format(
            participant=self.participant, choices=", ".join(self.participants)
        )


@dataclass(frozen=True)
class Seating:
    """Who plays which boards at one table in one round.

    ``ns`` and ``ew`` are the pairs sitting North-South and East-West (for teams: the
    home team and the away team of the match; the home team sits North-South at the
    first table of the match, the away team at the second). In an individual movement
    ``ns`` and ``ew`` are empty and ``north``, ``east``, ``south``, ``west`` name the
    players. ``board_set`` numbers the set of boards (``boards``) on the table;
    ``arrow_switched`` says the pairs play the other direction's cards for this round
    (the ``ns`` pair then being the Mitchell East-West pair, sitting North-South).

    >>> Seating(round=2, table=1, ns="3", ew="5", board_set=4, boards=(7, 8)).opponents
    (('3',), ('5',))
    >>> Seating(round=1, table=1, north="1", east="2", south="3", west="4", board_set=1,
    ...         boards=(1,)).opponents
    (('1', '3'), ('2', '4'))
    """

    round: int
    table: int
    ns: str | None = None
    ew: str | None = None
    board_set: int | None = None
    boards: tuple[int, ...] = ()
    north: str | None = None
    east: str | None = None
    south: str | None = None
    west: str | None = None
    arrow_switched: bool = False

    def __repr__(self) -> str:
        parts = [f"round={self.round!r}", f"table={self.table!r}"]
        for name in ("ns", "ew", "board_set", "boards", "north", "east", "south", "west"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value!r}")
        if self.arrow_switched:
            parts.append("arrow_switched=True")
        return f"Seating({', '.join(parts)})"

    @property
    def sides(self) -> tuple[str, str]:
        """North-South and East-West as the results name them: the pairs, or the partnerships.

        In an individual movement a side is its two players' partnership (``1&3``).

        >>> Seating(round=1, table=1, north="1", east="2", south="3", west="4").sides
        ('1&3', '2&4')
        """
        if self.individual:
            return (
                partnership(self.north or "", self.south or ""),
                partnership(self.east or "", self.west or ""),
            )
        return self.ns or "", self.ew or ""

    @property
    def individual(self) -> bool:
        """Whether the seats hold players (an individual movement) rather than pairs.

        >>> Seating(round=1, table=1, ns="1", ew="2").individual
        False
        """
        return any(seat is not None for seat in (self.north, self.east, self.south, self.west))

    @property
    def participants(self) -> tuple[str, ...]:
        """Everyone seated here, North-South first.

        >>> Seating(round=1, table=1, north="1", east="2", south="3", west="4").participants
        ('1', '3', '2', '4')
        """
        return tuple(name for side in self.opponents for name in side)

    @property
    def opponents(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The two sides at the table: North-South, then East-West.

        >>> Seating(round=1, table=1, ns="1NS", ew="4EW").opponents
        (('1NS',), ('4EW',))
        """
        if self.individual:
            return (
                tuple(name for name in (self.north, self.south) if name is not None),
                tuple(name for name in (self.east, self.west) if name is not None),
            )
        return (
            (self.ns,) if self.ns is not None else (),
            (self.ew,) if self.ew is not None else (),
        )


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


@dataclass(frozen=True)
class MovementProblem(Problem):
    """One way a movement breaks its promises, with a short ``code`` for programs.

    Codes: ``board-twice`` (a participant plays a board again), ``set-twice`` (a board
    set at two tables in the same round, not a declared relay), ``seated-twice`` (a
    participant at two places in one round), ``meet-again`` (opponents meet more often
    than promised), ``partner-again``, ``plays-per-board`` (a board played a number of
    times other than promised), ``table-twice`` (two seatings for one table and round),
    ``boards`` (a seating's boards are not its set's), ``unknown`` (a name that is no
    participant).

    >>> problem = MovementProblem(N_("round {round}: table {table} appears twice"),
    ...                           {"round": 2, "table": 1}, code="table-twice")
    >>> print(problem)
    round 2: table 1 appears twice
    >>> problem.code
    'table-twice'
    """

    code: str = ""


def movement_to_data(movement: Movement) -> dict[str, object]:
    """The movement as JSON-ready data, round by round (what ``--json`` prints).

    >>> from arbitro.tournament.movements import mitchell
    >>> data = movement_to_data(mitchell(3, 1))
    >>> data["kind"], data["rounds"][0]["tables"][0]
    ('mitchell', {'table': 1, 'ns': '1NS', 'ew': '1EW', 'board_set': 1, 'boards': [1]})
    """
    rounds: list[dict[str, object]] = []
    for number in range(1, movement.rounds + 1):
        tables: list[dict[str, object]] = []
        for seating in movement.seatings(number):
            entry: dict[str, object] = {"table": seating.table}
            if seating.individual:
                entry |= {
                    "north": seating.north,
                    "east": seating.east,
                    "south": seating.south,
                    "west": seating.west,
                }
            else:
                entry |= {"ns": seating.ns, "ew": seating.ew}
            entry |= {"board_set": seating.board_set, "boards": list(seating.boards)}
            if seating.arrow_switched:
                entry["arrow_switched"] = True
            tables.append(entry)
        rounds.append(
            {
                "round": number,
                "tables": tables,
                "sitting_out": list(movement.sitting_out(number)),
                "resting_sets": list(movement.resting_sets(number)),
            }
        )
    return {
        "kind": movement.kind,
        "description": _english(movement),
        "tables": movement.tables,
        "boards_per_round": movement.boards_per_round,
        "board_sets": movement.board_sets,
        "participants": list(movement.participants),
        "plays_per_board": movement.plays_per_board,
        "meets_at_most": movement.meets_at_most,
        "partners_at_most": movement.partners_at_most,
        "relays": [list(group) for group in movement.relays],
        "rounds": rounds,
    } | ({"rooms": movement.rooms} if movement.rooms != 1 else {})


def movement_from_data(data: object, source: str = "movement") -> Movement:
    """The movement written by :func:`movement_to_data` (a movement file a club keeps).

    Every field is checked; a bad one raises :class:`InvalidMovementError` naming it.

    >>> from arbitro.tournament.movements import howell
    >>> movement_from_data(movement_to_data(howell(2, 2))) == howell(2, 2)
    True
    >>> movement_from_data({"kind": "mitchell"}, "club.json")
    Traceback (most recent call last):
    ...
    arbitro.tournament.movements.model.InvalidMovementError: invalid movement 'club.json': field 'tables': expected a whole number
    """
    reader = _Reader(source)
    record = reader.mapping(data, "")
    kind = reader.get(record, "kind", str, "")
    if kind not in KINDS:
        reader.fail("kind", N_("expected one of {choices}"), choices=", ".join(KINDS))
    tables = reader.counted(record, "tables", "", MAX_TABLES)
    boards_per_round = reader.counted(record, "boards_per_round", "", MAX_BOARDS)
    board_sets = reader.counted(record, "board_sets", "", MAX_BOARDS)
    participants = tuple(str(name) for name in reader.get(record, "participants", list, ""))
    schedule: list[Seating] = []
    rounds = reader.get(record, "rounds", list, "")
    for index, round_data in enumerate(rounds, start=1):
        place = f"rounds[{index}]"
        round_record = reader.mapping(round_data, place)
        # Rounds are numbered from 1, no further than the rounds written: a round
        # numbered past them would make every round up to it a round to show.
        number = reader.counted(round_record, "round", place, len(rounds))
        for position, table_data in enumerate(
            reader.get(round_record, "tables", list, place), start=1
        ):
            where = f"{place}.tables[{position}]"
            table = reader.mapping(table_data, where)
            seats = {
                name: reader.optional(table, name, str, where)
                for name in ("ns", "ew", "north", "east", "south", "west")
            }
            boards = reader.get(table, "boards", list, where)
            if not all(isinstance(board, int) and not isinstance(board, bool) for board in boards):
                reader.fail(f"{where}.boards", N_("expected a list of board numbers"))
            arrow_switched = table.get("arrow_switched", False)
            if not isinstance(arrow_switched, bool):
                reader.fail(f"{where}.arrow_switched", N_("expected true or false"))
            schedule.append(
                Seating(
                    round=number,
                    table=reader.counted(table, "table", where, tables),
                    board_set=reader.optional(table, "board_set", int, where),
                    boards=tuple(boards),
                    arrow_switched=arrow_switched,
                    **seats,
                )
            )
    relays: list[tuple[int, ...]] = []
    for index, group in enumerate(
        reader.get(record, "relays", list, "") if "relays" in record else [], start=1
    ):
        if not isinstance(group, list) or not all(
            isinstance(table, int) and not isinstance(table, bool) and 1 <= table <= tables
            for table in group
        ):
            reader.fail(
                f"relays[{index}]",
                N_("expected a list of table numbers from 1 to {tables}"),
                tables=tables,
            )
        relays.append(tuple(group))
    rooms = reader.optional(record, "rooms", int, "")
    if rooms not in (None, 1, 2):
        reader.fail("rooms", N_("expected 1 or 2"))
    return Movement(
        kind=kind,
        tables=tables,
        boards_per_round=boards_per_round,
        board_sets=board_sets,
        participants=participants,
        schedule=tuple(schedule),
        plays_per_board=reader.optional(record, "plays_per_board", int, ""),
        meets_at_most=reader.optional(record, "meets_at_most", int, ""),
        partners_at_most=reader.optional(record, "partners_at_most", int, ""),
        relays=tuple(relays),
        rooms=rooms or 1,
    )


_EXPECTED = {
    int: N_("expected a whole number"),
    str: N_("expected text"),
    list: N_("expected a list"),
}


class _Reader:
    """Reads the fields of movement data, failing with the field's name."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, field: str, reason: str, **details: object) -> NoReturn:
        raise InvalidMovementError(
            self.source,
            N_("field '{field}': {expected}"),
            field=field,
            expected=_Text(reason, details),
        )

    def mapping(self, value: object, place: str) -> dict[str, object]:
        if not isinstance(value, dict):
            self.fail(place or "movement", N_("expected an object"))
        return value

    def get(self, record: dict[str, object], name: str, kind: type[T], place: str) -> T:
        value = record.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            self.fail(f"{place}.{name}" if place else name, _EXPECTED[kind])
        return value

    def counted(self, record: dict[str, object], name: str, place: str, most: int) -> int:
        """A whole number from 1 to ``most`` (a table, a round, a count)."""
        value = self.get(record, name, int, place)
        if not 1 <= value <= most:
            self.fail(
                f"{place}.{name}" if place else name,
                N_("expected a whole number from 1 to {most}"),
                most=most,
            )
        return value

    def optional(self, record: dict[str, object], name: str, kind: type[T], place: str) -> T | None:
        if record.get(name) is None:
            return None
        return self.get(record, name, kind, place)


@dataclass(frozen=True)
class _Text:
    """A catalog message with its values, translated when shown inside another message."""

    reason: str
    details: dict[str, object]

    def localized(self) -> str:
        """The message in the active language."""
        return gettext(self.reason).format(**self.details)


_TABLES = N_("{count} tables")
_HALF_TABLES = N_("{count} tables and a half")

_KIND_NAMES = {
    "mitchell": N_("Mitchell"),
    "howell": N_("Howell"),
    "individual": N_("Individual"),
    "round-robin": N_("Round robin"),
    "swiss": N_("Swiss"),
}


def kind_name(kind: str) -> str:
    """A movement's kind (as an event keeps it) by its name, in the active language.

    >>> kind_name("howell"), kind_name("round-robin")
    ('Howell', 'Round robin')
    """
    name = _KIND_NAMES.get(kind)
    return kind if name is None else gettext(name)


def describe(movement: Movement) -> str:
    """The movement in a line, in the active language.

    Its kind, size and rounds, and its skip, relays, bye stand, half table and
    arrow-switch rounds.

    >>> from arbitro.tournament.movements import howell, mitchell
    >>> describe(mitchell(4, 2))
    'Mitchell, 4 tables, 3 rounds of 2 boards, skip after round 2'
    >>> describe(mitchell(3, 1))
    'Mitchell, 3 tables, 3 rounds of 1 board'
    >>> with use_language("es"):
    ...     describe(howell(3, 2, half_table=True))
    'Howell, 3 mesas y media, 7 rondas de 2 estuches'
    >>> from arbitro.tournament.movements import round_robin
    >>> describe(round_robin(4, 1, rounds=1)).split(", ")[:3]
    ['Round robin', '4 teams', '1 round of 1 board a match']
    """
    rounds = movement.rounds
    half = len(movement.participants) % 2 == 1 and movement.kind == "howell"
    # Two counts, each with its own plural: "1 round of 2 boards", "7 rounds of 1 board".
    boards = ngettext("{count} board", "{count} boards", movement.boards_per_round).format(
        count=movement.boards_per_round
    )
    if movement.kind == "round-robin":
        size = gettext("{count} teams").format(count=len(movement.participants))
        played = ngettext(
            "{rounds} round of {boards} a match", "{rounds} rounds of {boards} a match", rounds
        )
    elif movement.kind == "swiss":
        # A Swiss is paired a round at a time: the rounds paired so far of those planned.
        size = (
            gettext("{count} teams") if movement.rooms == 2 else gettext("{count} pairs")
        ).format(count=len(movement.participants))
        played = gettext("{rounds} of {planned} rounds paired, {boards} a round").replace(
            "{planned}", str(movement.board_sets)
        )
    else:
        size = gettext(_HALF_TABLES if half else _TABLES).format(count=movement.tables)
        played = ngettext("{rounds} round of {boards}", "{rounds} rounds of {boards}", rounds)
    parts = [
        gettext(_KIND_NAMES[movement.kind]),
        size,
        played.format(rounds=rounds, boards=boards),
    ]
    if movement.kind == "mitchell":
        half_rounds = movement.tables // 2
        if movement.tables % 2 == 0 and not movement.relays and rounds > half_rounds:
            parts.append(gettext("skip after round {round}").format(round=half_rounds))
    for group in movement.relays:
        parts.append(_sharing(movement, group))
    if movement.kind == "mitchell" and movement.relays:
        parts.append(gettext("bye stand"))
    if movement.rooms == 2:
        parts.append(gettext("each match at two tables (match 1 at tables 1 and 2, and so on)"))
    switched = sorted({seating.round for seating in movement.schedule if seating.arrow_switched})
    if switched:
        parts.append(
            gettext("arrow switch in round {rounds}").format(rounds=", ".join(map(str, switched)))
        )
    return ", ".join(parts)


def _sharing(movement: Movement, group: tuple[int, ...]) -> str:
    """How the tables of ``group`` share a round's boards, for the movement's description.

    Every table of a round robin, a Swiss or an individual plays the round's boards: in
    copies for the matches and the Swiss tables (Law 6F), in copies or passed round for
    an individual. Tables that share fewer boards than there are tables cannot pass
    them round: they need copies.
    """
    if len(group) == movement.tables and movement.kind in ("round-robin", "swiss"):
        if movement.kind == "round-robin":
            return gettext("every match plays the round's boards, in copies")
        return gettext("every table plays the round's boards, in copies")
    if len(group) == movement.tables and movement.kind == "individual":
        return gettext("every table plays the round's boards")
    tables = [str(table) for table in group]
    if movement.boards_per_round < len(group):
        text = N_("relay between tables {first} and {last}, in copies of the boards")
    else:
        text = N_("relay between tables {first} and {last}")
    return gettext(text).format(first=", ".join(tables[:-1]), last=tables[-1])


def _english(movement: Movement) -> str:
    with use_language("en"):
        return describe(movement)
