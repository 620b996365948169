"""The director's records: rulings, penalties (Laws 90, 91), appeals (92, 93), the correction period (79C).

- A :class:`Ruling` is attached to a board (and a table); it may carry the table's
  log (``arbitro.table.log``), checked by replaying it.
- A :class:`PenaltyRecord` is procedural (Law 90) or disciplinary (Law 91); it takes
  points from one participant only: matchpoints or a share of a top in pairs and
  individual events, IMPs or victory points in teams events.
  A penalty recorded with the code of the AEB's regulation G (``AEB-G``, a misexplained
  call) must reach the regulation's least amount: :func:`check_regulation_g`, which
  every way of entering a penalty goes through.
- An :class:`Appeal` names who appealed and when; it must be lodged before the
  deadline of Law 92B (30 minutes after the official results are available, unless
  the organiser says otherwise). An appeal against a disciplinary penalty cannot
  overturn it (93B3).
- :class:`CorrectionPeriod`: a scoring error may be corrected until the period ends
  (79C1: 30 minutes after the official results, unless the organiser says
  otherwise); after that, results are locked unless the director reopens the boards
  whose score is wrong, with a reason (79C2, :mod:`arbitro.tournament.reopening`).

>>> from datetime import datetime, timezone
>>> published = datetime(2026, 11, 22, 22, 0, tzinfo=timezone.utc)
>>> period = CorrectionPeriod(published, minutes=30)
>>> period.is_open(published.replace(minute=29)), period.is_open(published.replace(minute=31))
(True, False)
"""

from __future__ import annotations

import enum
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from typing import Literal

from arbitro.core.errors import ConflictError, NotationError, Problem, RefusedError
from arbitro.i18n import N_, gettext
from arbitro.laws.authority import authority
from arbitro.scoring.penalties import REGULATION_G, Penalty, regulation_g_shortfall
from arbitro.tournament.reopening import BoardList


class InvalidRecordError(NotationError):
    """A ruling, penalty or appeal that cannot be recorded; the message says why."""

    what = N_("record")


class ResultsLockedError(RefusedError):
    """The correction period is over (Law 79C1): the results change only if the director reopens them.

    ``board`` is the board the refused change is on (``None``: a change that names no
    board, a penalty on a whole session); ``reopened`` the boards the director reopened
    (79C2), when a reopening names some and not this one.

    >>> from datetime import datetime, timezone
    >>> ended = datetime(2026, 11, 22, 22, 30, tzinfo=timezone.utc)
    >>> print(ResultsLockedError(ended))
    the correction period ended at 2026-11-22 22:30 UTC (Law 79C); the director must reopen the results first, with the reason and the organiser's agreement (Law 79C2)
    >>> print(ResultsLockedError(ended, board=3, reopened=(6, 9)))
    board 3 stays locked: the correction period ended at 2026-11-22 22:30 UTC (Law 79C) and the results are reopened for boards 6, 9 only (Law 79C2); to correct it, the director reopens board 3 too, with the reason and the organiser's agreement
    >>> print(ResultsLockedError(ended, reopened=(6,)))
    a change that names no board (a penalty on a whole session) stays locked: the correction period ended at 2026-11-22 22:30 UTC (Law 79C) and the results are reopened for board 6 only (Law 79C2); it needs a reopening of every board
    """

    def __init__(
        self, ended: datetime, board: int | None = None, reopened: tuple[int, ...] | None = None
    ) -> None:
        self.ended = ended
        self.board = board
        self.reopened = reopened
        super().__init__(ended, board, reopened)

    def __str__(self) -> str:
        if self.reopened is None:
            return gettext(
                "the correction period ended at {time} (Law 79C); the director must reopen the "
                "results first, with the reason and the organiser's agreement (Law 79C2)"
            ).format(time=stamp(self.ended))
        if self.board is None:
            return gettext(
                "a change that names no board (a penalty on a whole session) stays locked: the "
                "correction period ended at {time} (Law 79C) and the results are reopened for "
                "{boards} only (Law 79C2); it needs a reopening of every board"
            ).format(time=stamp(self.ended), boards=BoardList(self.reopened))
        return gettext(
            "board {board} stays locked: the correction period ended at {time} (Law 79C) and "
            "the results are reopened for {boards} only (Law 79C2); to correct it, the "
            "director reopens board {board} too, with the reason and the organiser's agreement"
        ).format(board=self.board, time=stamp(self.ended), boards=BoardList(self.reopened))


def law_79c2_reason(reason: str, director: str, organiser: str) -> str:
    """The recorded reason for reopening locked results: Law 79C2 needs the director *and* the organiser.

    A scoring error is corrected after the correction period only when both the
    director and the tournament organiser have no doubt that the recorded result is
    wrong; both are named in the reason kept in the event's log.

    >>> law_79c2_reason("board 6 entered for table 3", "Ana", "Club Nerja")
    'board 6 entered for table 3 (Law 79C2: director Ana, organiser Club Nerja)'
    >>> law_79c2_reason("board 6", "Ana", " ")
    Traceback (most recent call last):
    ...
    arbitro.tournament.records.InvalidRecordError: invalid record 'board 6': reopening after the correction period needs both the director (--by) and the organiser (--organiser), who have no doubt the result is wrong (Law 79C2)
    """
    if not director.strip() or not organiser.strip():
        raise InvalidRecordError(
            reason,
            N_(
                "reopening after the correction period needs both the director ({director}) "
                "and the organiser ({organiser}), who have no doubt the result is wrong "
                "(Law 79C2)"
            ),
            director="--by",
            organiser="--organiser",
        )
    return gettext("{reason} (Law 79C2: director {director}, organiser {organiser})").format(
        reason=reason.strip(), director=director.strip(), organiser=organiser.strip()
    )


TIMEZONE = "ARBITRO_TIMEZONE"
"""The environment variable naming the time zone moments are shown in (``Europe/Madrid``)."""


def shown_time(moment: datetime) -> datetime:
    """``moment`` in the time zone the club reads: :data:`TIMEZONE`, else the machine's own.

    Moments are kept in UTC; a club in Spain reads its correction period's end in its
    own time. ``ARBITRO_TIMEZONE`` names a zone of the IANA database (``Europe/Madrid``,
    ``Atlantic/Canary``); unset, or a name the machine does not know, the machine's own
    zone is used. A moment without a zone is taken to be in UTC.

    >>> import os
    >>> os.environ["ARBITRO_TIMEZONE"] = "Europe/Madrid"
    >>> shown_time(datetime(2026, 7, 1, 20, 0, tzinfo=UTC)).strftime("%H:%M %Z")
    '22:00 CEST'
    >>> os.environ["ARBITRO_TIMEZONE"] = "UTC"
    """
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    name = os.environ.get(TIMEZONE, "").strip()
    if name:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        try:
            return aware.astimezone(ZoneInfo(name))
        except (ZoneInfoNotFoundError, ValueError):
            pass  # a zone this machine does not know: its own, as when unset
    return aware.astimezone()


def stamp(moment: datetime) -> str:
    """A moment as the records show it, with its zone (:func:`shown_time`): ``2026-11-22 23:30 CET``.

    >>> import os
    >>> os.environ["ARBITRO_TIMEZONE"] = "Europe/Madrid"
    >>> stamp(datetime(2026, 11, 22, 22, 30, tzinfo=UTC))
    '2026-11-22 23:30 CET'
    >>> os.environ["ARBITRO_TIMEZONE"] = "UTC"
    """
    return shown_time(moment).strftime("%Y-%m-%d %H:%M %Z")


@dataclass(frozen=True)
class CorrectionPeriod:
    """The correction period of Law 79C: from the official results, ``minutes`` long.

    ``reopened`` holds the director's reason when the results were reopened (79C2),
    and ``boards`` the boards the reopening is for: until the results are published
    again only those may change. ``None`` with a reopening is every board (a reopening
    asked for every board, or one recorded before reopenings named their boards).

    >>> from datetime import datetime, timezone
    >>> at = datetime(2026, 1, 1, tzinfo=timezone.utc)
    >>> period = CorrectionPeriod(at, 0, reopened="score of board 5 misread", boards=(5,))
    >>> period.allows(at + timedelta(hours=1), 5), period.allows(at + timedelta(hours=1), 6)
    (True, False)
    """

    published: datetime | None
    minutes: int = 30
    reopened: str | None = None
    boards: tuple[int, ...] | None = None

    @property
    def ends(self) -> datetime | None:
        """When the period ends; ``None`` while no official results are out.

        >>> CorrectionPeriod(None).ends is None
        True
        """
        if self.published is None:
            return None
        return self.published + timedelta(minutes=self.minutes)

    def is_open(self, now: datetime) -> bool:
        """Whether a scoring error may still be corrected at ``now`` (79C1).

        >>> CorrectionPeriod(None).is_open(datetime.now())
        True
        """
        ends = self.ends
        return ends is None or now <= ends

    def reopens(self, board: int | None) -> bool:
        """Whether the director's reopening (79C2) covers ``board``; ``None`` is a change of no board.

        >>> CorrectionPeriod(None, reopened="board 6", boards=(6,)).reopens(6)
        True
        >>> CorrectionPeriod(None, reopened="board 6", boards=(6,)).reopens(None)
        False
        >>> CorrectionPeriod(None, reopened="movement error").reopens(None)   # every board
        True
        """
        if self.reopened is None:
            return False
        return self.boards is None or (board is not None and board in self.boards)

    def allows(self, now: datetime, board: int | None) -> bool:
        """Whether ``board``'s results may change at ``now``: the period is open, or the board is reopened.

        ``board`` is ``None`` for a change that names no board (a penalty on a whole
        session): only an open period or a reopening of every board allows it.

        >>> from datetime import datetime, timezone
        >>> at = datetime(2026, 1, 1, tzinfo=timezone.utc)
        >>> CorrectionPeriod(at, 0).allows(at + timedelta(seconds=1), 1)
        False
        """
        return self.is_open(now) or self.reopens(board)

    def locked(self, now: datetime) -> bool:
        """Whether no result may change at ``now``: the period is over and nothing is reopened.

        >>> from datetime import datetime, timezone
        >>> at = datetime(2026, 1, 1, tzinfo=timezone.utc)
        >>> CorrectionPeriod(at, 0).locked(at + timedelta(seconds=1))
        True
        >>> CorrectionPeriod(at, 0, reopened="board 2", boards=(2,)).locked(at + timedelta(seconds=1))
        False
        """
        return not self.is_open(now) and self.reopened is None

    def check(self, now: datetime, board: int | None) -> None:
        """Raise :class:`ResultsLockedError` when ``board``'s results may not change at ``now``.

        >>> from datetime import datetime, timezone
        >>> CorrectionPeriod(None).check(datetime(2026, 1, 1, tzinfo=timezone.utc), 1)
        """
        if not self.allows(now, board):
            ends = self.ends
            assert ends is not None
            raise ResultsLockedError(
                ends, board, self.boards if self.reopened is not None else None
            )


@dataclass(frozen=True)
class Ruling:
    """A ruling at a board: the Law applied, what the director decided, and the table's log if any.

    >>> Ruling(board=5, table=2, law="27B1a", text="insufficient bid corrected, no rectification").law
    '27B1a'
    """

    board: int
    table: int | None
    law: str
    text: str
    director: str = ""
    log: str | None = None

    def __post_init__(self) -> None:
        if not self.law.strip() or not self.text.strip():
            raise InvalidRecordError(
                self.text or self.law,
                N_("a ruling needs the Law it applies and what was decided"),
            )
        if self.log is not None:
            from arbitro.table.log import loads  # the table engine: not for every importer

            loads(self.log, source=gettext("the log of board {board}").format(board=self.board))


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

    def __post_init__(self) -> None:
        if self.unit not in RECORD_UNITS:
            raise InvalidRecordError(
                self.unit, N_("expected a unit among {choices}"), choices=", ".join(RECORD_UNITS)
            )
        if self.amount <= 0:
            raise InvalidRecordError(
                str(self.amount), N_("a penalty must take more than 0 ({unit})"), unit=self.unit
            )
        expected = "91" if self.kind is PenaltyKind.DISCIPLINARY else "90"
        if not self.law.startswith(expected) and not self.law.upper().startswith("AEB"):
            raise InvalidRecordError(
                self.law,
                N_("a {kind} penalty applies Law {expected}"),
                kind=self.kind.value,
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
        arbitro.tournament.records.InvalidRecordError: invalid record 'A': a penalty in victory points comes off a teams event's victory points, not off a session's scores
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
    arbitro.tournament.records.InvalidRecordError: invalid record '10%': AEB regulation G takes at least 20% of a top at matchpoints and 3 IMPs where the scores are IMPs
    >>> check_regulation_g(low, "wbf", in_imps=False)
    Traceback (most recent call last):
    ...
    arbitro.tournament.records.InvalidRecordError: invalid record 'AEB-G': the regulating authority (wbf) has no regulation G of the AEB
    >>> check_regulation_g(PenaltyRecord("3", PenaltyKind.PROCEDURAL, Fraction(1, 5), "top", "aeb-g", ""), "aeb", False)
    """
    if record.law.strip().upper() != REGULATION_G:
        return
    problem = regulation_g_shortfall(authority(profile), in_imps, record.amount, record.unit)
    if problem is not None:
        raise InvalidRecordError.of_problems(problem.text, problem.problems)


class Decision(enum.Enum):
    """How an appeal ended."""

    UPHELD = "upheld"
    """The ruling is changed."""
    DISMISSED = "dismissed"
    """The ruling stands."""
    WITHDRAWN = "withdrawn"
    """The appellants withdrew it."""


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


@dataclass(frozen=True)
class Appeal:
    """An appeal (Law 92): who appealed, against which ruling, when, and by when it had to be lodged.

    >>> from datetime import datetime, timezone
    >>> at = datetime(2026, 1, 1, 22, 10, tzinfo=timezone.utc)
    >>> Appeal("4", "the hesitation was not established", at, deadline=at + timedelta(minutes=5)).decision is None
    True
    """

    appellant: str
    reason: str
    lodged: datetime
    deadline: datetime | None = None
    ruling: int | None = None
    decision: Decision | None = None
    decided_by: str = ""

    def __post_init__(self) -> None:
        if self.deadline is not None and self.lodged > self.deadline:
            raise AppealTooLateError(
                N_("the time to appeal ended at {deadline} (Law 92B)"),
                deadline=stamp(self.deadline),
            )


def signed_appeal(
    reason: str, signers: tuple[str, ...], players: tuple[str, ...], profile: str, kind: str
) -> str:
    """The appeal's recorded reason with its signatures (Law 92D, AEB criterion 7).

    Law 92D: an appeal in a pairs event needs both members of the pair, in a teams
    event the team's captain. The AEB (criterion 7 of ``004_*``) asks that it be
    confirmed verbally to the director and signed by both players of the pair. Under the
    AEB profile the signatures are required: two different players at pairs (among
    ``players``, the pair's names, when the event keeps them), one, the captain, at
    teams. Under another profile signatures are recorded when given. Individual events
    appeal as a player: one signature.

    >>> signed_appeal("not a hesitation", ("Ana", "Luis"), ("Ana", "Luis"), "aeb", "pairs")
    'not a hesitation (signed by Ana, Luis; Law 92D)'
    >>> signed_appeal("not a hesitation", ("Ana",), (), "aeb", "pairs")
    Traceback (most recent call last):
    ...
    arbitro.tournament.records.InvalidRecordError: invalid record 'Ana': an appeal needs the signatures of 2 players of the appellant (--signed-by), and this has 1 (Law 92D; AEB criterion 7)
    """
    names = tuple(dict.fromkeys(name.strip() for name in signers if name.strip()))
    needed = {"pairs": 2}.get(kind, 1)
    if authority(profile).code == "aeb" or names:
        if len(names) != needed:
            raise InvalidRecordError(
                ", ".join(names) or "-",
                N_(
                    "an appeal needs the signatures of {needed} players of the appellant "
                    "({option}), and this has {count} (Law 92D; AEB criterion 7)"
                ),
                needed=needed,
                option="--signed-by",
                count=len(names),
            )
        strangers = [name for name in names if players and name not in players]
        if strangers:
            raise InvalidRecordError(
                ", ".join(strangers),
                N_("not a player of the appellant (expected one of {choices})"),
                choices=", ".join(players),
            )
    if not names:
        return reason
    return gettext("{reason} (signed by {names}; Law 92D)").format(
        reason=reason.strip(), names=", ".join(names)
    )


def appeal_deadline(published: datetime | None, minutes: int = 30) -> datetime | None:
    """The last moment to appeal (Law 92B): ``minutes`` after the official results; ``None`` before them.

    >>> from datetime import datetime, timezone
    >>> stamp(appeal_deadline(datetime(2026, 1, 1, 22, 0, tzinfo=timezone.utc)))
    '2026-01-01 22:30 UTC'
    """
    if published is None:
        return None
    return published + timedelta(minutes=minutes)


class RecordRefusedError(RefusedError):
    """A director's record the event's rules refuse; a catalog message with its details.

    >>> print(RecordRefusedError(N_("a penalty in victory points needs a teams event")))
    a penalty in victory points needs a teams event
    """

    def __init__(self, message: str, **details: object) -> None:
        self.message = message
        self.details = details
        super().__init__(message, details)

    def __str__(self) -> str:
        return gettext(self.message).format(**self.details)


class AppealTooLateError(RecordRefusedError):
    """An appeal lodged after the time to appeal ended: refused by Law 92B, not a mistake."""


class RecordConflictError(RecordRefusedError, ConflictError):
    """A record refused by what was recorded before it: published already, decided already (409)."""


def check_publishable(event: int, published: datetime | None, reopened: str | None) -> None:
    """Law 79C2: official results are published again only after the director reopened them.

    Publishing them again as they are would say nothing new; after a reopening they are
    published again as corrected, with the first publication's periods.

    >>> check_publishable(1, None, None)
    >>> check_publishable(1, datetime(2026, 1, 1), None)
    Traceback (most recent call last):
    ...
    arbitro.tournament.records.RecordConflictError: the results of event 1 are official already; reopen them first (Law 79C2)
    """
    if published is not None and reopened is None:
        raise RecordConflictError(
            N_("the results of event {event} are official already; reopen them first (Law 79C2)"),
            event=event,
        )


def check_undecided(appeal: int, decision: str | None, decided_by: str | None) -> None:
    """Law 93: an appeal is decided once; a decision taken is not replaced.

    >>> check_undecided(4, "dismissed", "committee")
    Traceback (most recent call last):
    ...
    arbitro.tournament.records.RecordConflictError: appeal 4 was decided already (dismissed, by committee); a decision taken is not replaced (Law 93)
    """
    if decision is not None:
        raise RecordConflictError(
            N_(
                "appeal {appeal} was decided already ({decision}, by {by}); a decision "
                "taken is not replaced (Law 93)"
            ),
            appeal=appeal,
            decision=decision,
            by=decided_by or "?",
        )


def check_appellant(appellant: str, seated: set[str], board: int, table: int | None) -> None:
    """Law 92A: only a contestant of the ruling's table may appeal it (nobody is refused when unknown).

    ``seated`` are the pairs (and, in an individual event, the players) who sat there.

    >>> check_appellant("3", {"1", "2"}, 5, 2)
    Traceback (most recent call last):
    ...
    arbitro.tournament.records.RecordRefusedError: '3' may not appeal the ruling on board 5 at table 2: only a contestant of that table may (Law 92A; expected 1, 2)
    """
    if seated and appellant not in seated:
        raise RecordRefusedError(
            N_(
                "'{pair}' may not appeal the ruling on board {board} at table {table}: only "
                "a contestant of that table may (Law 92A; expected {choices})"
            ),
            pair=appellant,
            board=board,
            table=table if table is not None else "-",
            choices=", ".join(sorted(seated)),
        )


def check_penalty_unit(units: tuple[str, ...], unit: str) -> None:
    """Law 90: a penalty comes off what the event's scoring can take (``units``).

    Refused at entry, whoever gives it (desk, API, command line): a stored penalty the
    scoring cannot take would stop the event's ranking.

    >>> check_penalty_unit(("top", "mp"), "vp")
    Traceback (most recent call last):
    ...
    arbitro.tournament.records.RecordRefusedError: a penalty in victory points cannot be taken off this event's scores (Law 90); it can be given in: a share of a top, matchpoints
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
