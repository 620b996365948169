"""The names of the USEBIO elements that both the reader and the writer of the tree use.

A participant's element and its number's element by kind, the four seats of an
individual event's traveller line, and the elements of a side's published points on a
board.
"""

from __future__ import annotations

from arbitro.formats.usebio.model import ParticipantKind

KIND_TAGS: dict[ParticipantKind, str] = {"pair": "PAIR", "team": "TEAM", "player": "PLAYER"}
"""A participant's element by its kind."""

KINDS: dict[str, ParticipantKind] = {tag: kind for kind, tag in KIND_TAGS.items()}
"""A participant's kind by its element (``PAIR``, ``TEAM``, ``PLAYER``)."""

NUMBER_TAG: dict[ParticipantKind, str] = {
    "pair": "PAIR_NUMBER",
    "team": "TEAM_NUMBER",
    "player": "PLAYER_NUMBER",
}
"""The element of a participant's number by its kind (a team's is read, no longer written:
a team's number is its ``TEAM_ID`` attribute)."""

SEAT_TAGS = (
    "NORTH_PLAYER_NUMBER",
    "EAST_PLAYER_NUMBER",
    "SOUTH_PLAYER_NUMBER",
    "WEST_PLAYER_NUMBER",
)
"""The players of an individual event's traveller line, North, East, South, West."""

POINTS_ELEMENTS = ("MATCH_POINTS", "IMPS", "BUTLER_POINTS", "CROSS_IMP_POINTS")
"""The elements (after ``NS_`` / ``EW_``) of a side's published points on a board, in
the order they are looked for: ``MATCH_POINTS`` and ``IMPS`` (EBUScore, Árbitro),
``BUTLER_POINTS`` and ``CROSS_IMP_POINTS`` (Compscore3)."""
