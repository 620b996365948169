"""A movement in words, in the active language: its kind by name and its one-line description.

:func:`describe` says a movement's kind, size and rounds, and its skip, relays, bye stand,
half table and arrow-switch rounds (what :attr:`Movement.description
<arbitro.tournament.movements.Movement.description>` shows); :func:`kind_name` names a
kind as an event keeps it. Both read only the facts of :class:`DescribedMovement`, which
every :class:`~arbitro.tournament.movements.Movement` has.
"""

from __future__ import annotations

from typing import Protocol

from arbitro.i18n import N_, gettext, ngettext
from arbitro.tournament.movements.seating import Seating


class DescribedMovement(Protocol):
    """What a movement's description reads of it: a :class:`~arbitro.tournament.movements.Movement`.

    >>> from arbitro.tournament.movements import mitchell
    >>> movement: DescribedMovement = mitchell(3, 1)
    >>> movement.kind, movement.rounds
    ('mitchell', 3)
    """

    @property
    def kind(self) -> str:
        """The kind of movement (``"mitchell"``, ``"howell"``, ...)."""

    @property
    def tables(self) -> int:
        """The number of tables."""

    @property
    def boards_per_round(self) -> int:
        """The boards a table plays in a round."""

    @property
    def board_sets(self) -> int:
        """The number of board sets (for a Swiss: the rounds planned)."""

    @property
    def participants(self) -> tuple[str, ...]:
        """Every pair, team or player."""

    @property
    def schedule(self) -> tuple[Seating, ...]:
        """One seating per table and round."""

    @property
    def relays(self) -> tuple[tuple[int, ...], ...]:
        """The tables that share a board set in the same round."""

    @property
    def rooms(self) -> int:
        """2 when each match of teams is played at two tables."""

    @property
    def rounds(self) -> int:
        """The number of rounds."""


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


def describe(movement: DescribedMovement) -> str:
    """The movement in a line, in the active language.

    Its kind, size and rounds, and its skip, relays, bye stand, half table and
    arrow-switch rounds.

    >>> from arbitro.tournament.movements import howell, mitchell
    >>> describe(mitchell(4, 2))
    'Mitchell, 4 tables, 3 rounds of 2 boards, skip after round 2'
    >>> describe(mitchell(3, 1))
    'Mitchell, 3 tables, 3 rounds of 1 board'
    >>> from arbitro.i18n import use_language
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


def _sharing(movement: DescribedMovement, group: tuple[int, ...]) -> str:
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
