"""Who sits where at one table in one round: the :class:`Seating` of a movement (Law 8).

A seating names the pairs (or teams, or the four players of an individual) at a table
and the board set they play there; a :class:`~arbitro.tournament.movements.Movement`
is one seating for each table and round.

>>> seating = Seating(round=1, table=2, ns="2NS", ew="2EW", board_set=2, boards=(3, 4))
>>> seating.participants
('2NS', '2EW')
>>> seating
Seating(round=1, table=2, ns='2NS', ew='2EW', board_set=2, boards=(3, 4))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from arbitro.core.seat import Side
from arbitro.tournament.individual_scores import partnership


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


def seated_directions(seatings: Iterable[Seating]) -> dict[str, Side | None]:
    """The direction each pair of a movement plays its cards in: ``None`` for a pair seated both ways.

    An arrow-switched round (:attr:`Seating.arrow_switched`)
    seats the East-West pair North-South: it keeps its direction.

    >>> seated_directions([Seating(1, 1, ns="1NS", ew="1EW"), Seating(2, 1, ns="1EW", ew="1NS",
    ...                    arrow_switched=True), Seating(1, 2, ns="2", ew="3"), Seating(2, 2, ns="3", ew="2")])
    {'1NS': Side.NS, '1EW': Side.EW, '2': None, '3': None}
    """
    seen: dict[str, set[Side]] = {}
    for seating in seatings:
        if seating.individual:
            continue
        first, second = (seating.ew, seating.ns) if seating.arrow_switched else seating.sides
        seen.setdefault(first or "", set()).add(Side.NS)
        seen.setdefault(second or "", set()).add(Side.EW)
    return {name: next(iter(sides)) if len(sides) == 1 else None for name, sides in seen.items()}
