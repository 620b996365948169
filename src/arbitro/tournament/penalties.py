"""Penalties on one participant: procedural (Law 90) or disciplinary (Law 91), and regulation G.

- A :class:`PenaltyRecord` takes points from one participant only: matchpoints or a
  share of a top in pairs and individual events, IMPs or victory points in teams
  events (:data:`RECORD_UNITS`, named by :class:`UnitNames`).
- A penalty recorded with the code of the AEB's regulation G (``AEB-G``, a
  misexplained call) must reach the regulation's least amount:
  :func:`check_regulation_g`, which every way of entering a penalty goes through.
- :func:`check_penalty_board` refuses at entry a penalty in IMPs that names no board
  where a team plays more than one match a session: the IMPs come off the match of
  the board named (Law 90), never a match picked for it;
- :func:`check_penalty_unit` refuses at entry a unit the event's scoring cannot take;
  :func:`penalty_waits` says why a penalty kept is not (yet) taken off the scores.

>>> PenaltyRecord("3", PenaltyKind.DISCIPLINARY, Fraction(1), "mp", "90A", "noise")
Traceback (most recent call last):
...
arbitro.tournament.record_errors.InvalidRecordError: invalid record '90A': a disciplinary penalty applies Law 91
"""

from __future__ import annotations

import enum
from dataclasses import InitVar, dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from arbitro.core.errors import Problem
from arbitro.i18n import N_, gettext
from arbitro.laws.authority import authority
from arbitro.laws.references import law_reference
from arbitro.scoring.penalties import REGULATION_G, Penalty, regulation_g_shortfall
from arbitro.tournament.record_errors import InvalidRecordError, RecordRefusedError

if TYPE_CHECKING:
    from arbitro.tournament.event import EventSpec
    from arbitro.tournament.movements import Movement

__all__ = [
    "RECORD_UNITS",
    "UNIT_NAMES",
    "PenaltyBoardMissingError",
    "PenaltyKind",
    "PenaltyRecord",
    "RecordUnit",
    "UnitNames",
    "check_penalty_board",
    "check_penalty_unit",
    "check_regulation_g",
    "lacks_its_board",
    "penalty_waits",
    "plays_several_matches",
]


RecordUnit = Literal["mp", "imps", "top", "vp"]
"""What a recorded penalty takes: matchpoints, IMPs, a share of a top, or victory points."""

RECORD_UNITS: tuple[RecordUnit, ...] = ("mp", "imps", "top", "vp")
"""Every unit a penalty may be recorded in."""


UNIT_NAMES: dict[str, str] = {
    "top": N_("a share of a top"),
    "mp": N_("matchpoints"),
    "imps": N_("IMPs"),
    "vp": N_("victory points"),
}
"""Each unit's name, as a catalog message."""


@dataclass(frozen=True)
class UnitNames:
    """Penalty units named in the active language: ``a share of a top, matchpoints``.

    >>> UnitNames(("top", "mp")).localized()
    'a share of a top, matchpoints'
    """

    units: tuple[str, ...]

    def localized(self) -> str:
        """The units' names in the active language, with commas."""
        return ", ".join(gettext(UNIT_NAMES.get(unit, unit)) for unit in self.units)

    def __str__(self) -> str:
        return self.localized()


class PenaltyKind(enum.Enum):
    """The two kinds of penalty the director gives."""

    PROCEDURAL = "procedural"
    """Law 90: for a procedural offence."""
    DISCIPLINARY = "disciplinary"
    """Law 91: to keep order and discipline; final, not for the appeals committee (93B3)."""

    def localized(self) -> str:
        """The kind's name in the active language, as a message names it.

        >>> PenaltyKind.PROCEDURAL.localized()
        'procedural'
        """
        return gettext(KIND_NAMES[self.value])


KIND_NAMES = {"procedural": N_("procedural"), "disciplinary": N_("disciplinary")}
"""Each kind of penalty's name, as a catalog message."""


@dataclass(frozen=True)
class PenaltyRecord:
    """A penalty on one participant: the kind, the amount, the Law and the reason.

    >>> record = PenaltyRecord("3", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B2", "slow play")
    >>> record.penalty()
    Penalty(Fraction(1, 4), unit='top', law='90B2', reason='slow play')
    """

    participant: str
    kind: PenaltyKind
    amount: Fraction
    unit: RecordUnit
    law: str
    reason: str
    board: int | None = None
    recorded: InitVar[bool] = False
    """Read back from the record: its Law's shape was checked when it was recorded."""

    def __post_init__(self, recorded: bool) -> None:
        if self.unit not in RECORD_UNITS:
            raise InvalidRecordError(
                self.unit, N_("expected a unit among {choices}"), choices=", ".join(RECORD_UNITS)
            )
        if self.amount <= 0:
            raise InvalidRecordError(
                str(self.amount),
                N_("a penalty must take more than 0 ({unit})"),
                unit=UnitNames((self.unit,)),
            )
        expected = "91" if self.kind is PenaltyKind.DISCIPLINARY else "90"
        if recorded:  # checked when it was recorded; an older record may cite another AEB rule
            law = self.law.strip()
            if law.upper().startswith("AEB"):
                return
        elif self.law.strip().upper() == REGULATION_G:
            # The AEB's regulation G, checked against the event's authority; kept in one form.
            object.__setattr__(self, "law", REGULATION_G)
            return
        else:
            law = law_reference(self.law)  # a Law of the 2007 code, in the form the code keeps
            object.__setattr__(self, "law", law)
        if not law.startswith(expected):
            raise InvalidRecordError(
                self.law,
                N_("a {kind} penalty applies Law {expected}"),
                kind=self.kind,
                expected=expected,
            )

    @property
    def in_victory_points(self) -> bool:
        """Whether the penalty comes off a team's victory points (not off a session's scores).

        >>> PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(1), "vp", "90", "").in_victory_points
        True
        """
        return self.unit == "vp"

    def penalty(self) -> Penalty:
        """The scoring's :class:`~arbitro.scoring.penalties.Penalty` for this record.

        A penalty in victory points is no session score's: it has none.

        >>> PenaltyRecord("1", PenaltyKind.DISCIPLINARY, Fraction(3), "mp", "91A", "").penalty().unit
        'mp'
        >>> PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(1), "vp", "90", "").penalty()
        Traceback (most recent call last):
        ...
        arbitro.tournament.record_errors.InvalidRecordError: invalid record 'A': a penalty in victory points comes off a teams event's victory points, not off a session's scores
        """
        if self.unit == "vp":
            raise InvalidRecordError(
                self.participant,
                N_(
                    "a penalty in victory points comes off a teams event's victory points, "
                    "not off a session's scores"
                ),
            )
        return Penalty(self.amount, self.unit, self.law, self.reason, self.board)


def check_regulation_g(record: PenaltyRecord, profile: str, in_imps: bool) -> None:
    """Refuse a penalty entered under the AEB's regulation G that does not reach its least amount.

    ``profile`` is the event's authority (``aeb``), ``in_imps`` whether its scores are
    IMPs (:attr:`~arbitro.tournament.event.EventSpec.scored_in_imps`). At matchpoints
    the penalty is a share of a top, at least 20 %; in IMPs (teams, or pairs scored in
    IMPs) at least 3 IMPs; under an authority without the regulation, its code is
    refused. Any other penalty passes.

    >>> low = PenaltyRecord("3", PenaltyKind.PROCEDURAL, Fraction(1, 10), "top", "AEB-G", "2D misexplained")
    >>> check_regulation_g(low, "aeb", in_imps=False)
    Traceback (most recent call last):
    ...
    arbitro.tournament.record_errors.InvalidRecordError: invalid record '10% of a top': AEB regulation G takes at least 20% of a top at matchpoints and 3 IMPs where the scores are IMPs
    >>> check_regulation_g(low, "wbf", in_imps=False)
    Traceback (most recent call last):
    ...
    arbitro.tournament.record_errors.InvalidRecordError: invalid record 'AEB-G': the regulating authority (wbf) has no regulation G of the AEB
    >>> check_regulation_g(PenaltyRecord("3", PenaltyKind.PROCEDURAL, Fraction(1, 5), "top", "aeb-g", ""), "aeb", False)
    """
    if record.law.strip().upper() != REGULATION_G:
        return
    problem = regulation_g_shortfall(authority(profile), in_imps, record.amount, record.unit)
    if problem is not None:
        raise InvalidRecordError.of_problems(problem.text, problem.problems)


def penalty_waits(
    record: PenaltyRecord, units: tuple[str, ...], played: set[str], session: int = 1
) -> Problem | None:
    """Why ``record`` is not taken off the scores (yet), or ``None`` when it is.

    A penalty stays recorded whatever happens: on a pair that has no result in its
    session yet (late, or withdrawn) it waits and comes off when the pair has one
    (Law 90: the penalty is the director's, the ranking goes on without it); one in a
    unit the event's scoring cannot take (kept from before that was refused) waits for
    the director to change or withdraw it. Either way the event still ranks.

    >>> late = PenaltyRecord("3NS", PenaltyKind.PROCEDURAL, Fraction(1, 10), "top", "90B1", "late")
    >>> print(penalty_waits(late, ("top", "mp"), {"1NS", "2NS"}))
    3NS has no result in session 1 yet: the penalty comes off when it has one
    >>> penalty_waits(late, ("top", "mp"), {"3NS"}) is None
    True
    """
    if record.unit not in units:
        return Problem(
            N_(
                "a penalty in {unit} cannot be taken off this event's scores: "
                "change it to one of {units}, or withdraw it"
            ),
            {"unit": UnitNames((record.unit,)), "units": UnitNames(units)},
        )
    if record.participant not in played:
        return Problem(
            N_(
                "{participant} has no result in session {session} yet: "
                "the penalty comes off when it has one"
            ),
            {"participant": record.participant, "session": session},
        )
    return None


def check_penalty_unit(units: tuple[str, ...], unit: str) -> None:
    """Law 90: a penalty comes off what the event's scoring can take (``units``).

    Refused at entry, whoever gives it (desk, API, command line): a stored penalty the
    scoring cannot take would stop the event's ranking.

    >>> check_penalty_unit(("top", "mp"), "vp")
    Traceback (most recent call last):
    ...
    arbitro.tournament.record_errors.RecordRefusedError: a penalty in victory points cannot be taken off this event's scores (Law 90); it can be given in: a share of a top, matchpoints
    """
    if unit not in units:
        raise RecordRefusedError(
            N_(
                "a penalty in {unit} cannot be taken off this event's scores "
                "(Law 90); it can be given in: {units}"
            ),
            unit=UnitNames((unit,)),
            units=UnitNames(units),
        )


class PenaltyBoardMissingError(RecordRefusedError):
    """A teams penalty in IMPs without the board that names its match; ``field`` is ``board``.

    The command line names its option (``--board``), the desk and the API their field.
    """

    field = "board"


def plays_several_matches(spec: EventSpec, movement: Movement | None) -> bool:
    """Whether a team of the event may play more than one match in a session (Law 78B).

    So it is in a teams event (not a knockout: one match, decided on its total IMPs)
    whose movement has more than one round (a match a round), or a Swiss, paired round
    by round. An event without a movement plays a match a session.

    >>> from arbitro.tournament.event import EventSpec
    >>> from arbitro.tournament.movements import round_robin, two_rooms
    >>> teams = EventSpec("Liga", boards=6, kind="teams")
    >>> plays_several_matches(teams, two_rooms(round_robin(6, 3, rounds=2)))
    True
    >>> plays_several_matches(teams, None)
    False
    """
    if spec.kind != "teams" or spec.knockout or movement is None:
        return False
    return movement.kind == "swiss" or movement.rounds > 1


def lacks_its_board(record: PenaltyRecord, spec: EventSpec, movement: Movement | None) -> bool:
    """Whether ``record`` is a teams penalty in IMPs without the board that names its match (Law 90).

    Refused at entry (:func:`check_penalty_board`); one kept from before the board was
    required comes off the team's first match of its session, so the desk and the
    command line flag it for the director to withdraw and give again with its board.

    >>> from arbitro.tournament.event import EventSpec
    >>> from arbitro.tournament.movements import round_robin, two_rooms
    >>> teams, movement = EventSpec("Liga", boards=6, kind="teams"), two_rooms(round_robin(6, 3, rounds=2))
    >>> old = PenaltyRecord("6", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90B2", "", recorded=True)
    >>> lacks_its_board(old, teams, movement), lacks_its_board(old, teams, None)
    (True, False)
    """
    return record.unit == "imps" and record.board is None and plays_several_matches(spec, movement)


def check_penalty_board(record: PenaltyRecord, spec: EventSpec, movement: Movement | None) -> None:
    """Law 90: a teams penalty in IMPs names its board where a team plays several matches.

    The IMPs come off the team's margin in the match of that board; where the team plays
    more than one match in the session (:func:`plays_several_matches`) a penalty without
    a board is refused, whoever gives it (desk, API, command line), rather than taken
    from a match picked for it.

    >>> from arbitro.tournament.event import EventSpec
    >>> from arbitro.tournament.movements import round_robin, two_rooms
    >>> teams, movement = EventSpec("Liga", boards=6, kind="teams"), two_rooms(round_robin(6, 3, rounds=2))
    >>> check_penalty_board(PenaltyRecord("6", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90B2", ""), teams, movement)
    Traceback (most recent call last):
    ...
    arbitro.tournament.penalties.PenaltyBoardMissingError: team 6's penalty in IMPs needs the board it was given on: the team plays more than one match in the session, and the IMPs come off the match of that board (Law 90)
    >>> check_penalty_board(PenaltyRecord("6", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90B2", "", board=4), teams, movement)
    """
    if lacks_its_board(record, spec, movement):
        raise PenaltyBoardMissingError(
            N_(
                "team {team}'s penalty in IMPs needs the board it was given on: the team "
                "plays more than one match in the session, and the IMPs come off the match "
                "of that board (Law 90)"
            ),
            team=record.participant,
        )
