"""A movement as JSON-ready data and back: the movement file a club keeps (``--json``).

:func:`movement_to_data` writes a movement round by round; :func:`movement_from_data`
reads it back, checking every field, within :data:`MAX_TABLES` tables and
:data:`MAX_BOARDS` boards, and names the field it cannot read in an
:class:`~arbitro.tournament.movements.errors.InvalidMovementError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn, TypeVar

from arbitro.i18n import N_, gettext, use_language
from arbitro.tournament.movements.description import describe
from arbitro.tournament.movements.errors import InvalidMovementError
from arbitro.tournament.movements.seating import Seating
from arbitro.tournament.movements.timetable import KINDS, Movement

T = TypeVar("T")

MAX_TABLES = 500
"""The most tables a movement file may have (a federation's biggest room has far fewer)."""
MAX_BOARDS = 1000
"""The most boards a round or board sets a movement file may have."""


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
            # Those the director said do not play the round (not a bye): only where any.
            | (
                {"absent": list(movement.absent_from(number))}
                if movement.absent_from(number)
                else {}
            )
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
    arbitro.tournament.movements.errors.InvalidMovementError: invalid movement 'club.json': field 'tables': expected a whole number
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
    absent: list[tuple[int, str]] = []
    rounds = reader.get(record, "rounds", list, "")
    for index, round_data in enumerate(rounds, start=1):
        place = f"rounds[{index}]"
        round_record = reader.mapping(round_data, place)
        # Rounds are numbered from 1, no further than the rounds written: a round
        # numbered past them would make every round up to it a round to show.
        number = reader.counted(round_record, "round", place, len(rounds))
        for name in (
            reader.get(round_record, "absent", list, place) if "absent" in round_record else []
        ):
            if not isinstance(name, str) or name not in participants:
                reader.fail(
                    f"{place}.absent",
                    N_("expected participants of the movement ({participants})"),
                    participants=", ".join(participants),
                )
            absent.append((number, name))
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
        absent=tuple(absent),
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


def _english(movement: Movement) -> str:
    """The movement's description in English, as a movement file keeps it."""
    with use_language("en"):
        return describe(movement)
