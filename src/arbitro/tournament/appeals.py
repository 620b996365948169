"""Appeals (Laws 92, 93): who appealed, against which ruling, by when, and how it ended.

- An :class:`Appeal` names who appealed and when; it must be lodged before the
  deadline of Law 92B (:func:`appeal_deadline`: 30 minutes after the official results
  are available, unless the organiser says otherwise), else
  :class:`AppealTooLateError`.
- :func:`signed_appeal`: the signatures Law 92D and the AEB ask for;
  :func:`check_appellant`: only a contestant of the ruling's table may appeal (92A);
  :func:`check_undecided`: an appeal is decided once (93), its :class:`Decision`.
- An appeal against a disciplinary penalty cannot overturn it (93B3).

>>> from datetime import datetime, timezone
>>> published = datetime(2026, 1, 1, 22, 0, tzinfo=timezone.utc)
>>> Appeal("4", "late", published + timedelta(minutes=31), deadline=appeal_deadline(published))
Traceback (most recent call last):
...
arbitro.tournament.appeals.AppealTooLateError: the time to appeal ended on 2026-01-01 at 22:30 UTC (Law 92B)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime, timedelta

from arbitro.i18n import N_, gettext
from arbitro.laws.authority import authority
from arbitro.tournament.event import WrittenPairs
from arbitro.tournament.local_time import day_and_time
from arbitro.tournament.record_errors import (
    InvalidRecordError,
    RecordConflictError,
    RecordRefusedError,
)

__all__ = [
    "Appeal",
    "AppealTooLateError",
    "Decision",
    "appeal_deadline",
    "appeal_period_status",
    "check_appellant",
    "check_undecided",
    "signed_appeal",
]


class Decision(enum.Enum):
    """How an appeal ended."""

    UPHELD = "upheld"
    """The ruling is changed."""
    DISMISSED = "dismissed"
    """The ruling stands."""
    WITHDRAWN = "withdrawn"
    """The appellants withdrew it."""


class AppealTooLateError(RecordRefusedError):
    """An appeal lodged after the time to appeal ended: refused by Law 92B, not a mistake."""


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
                N_("the time to appeal ended on {day} at {time} (Law 92B)"),
                **day_and_time(self.deadline),
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
    arbitro.tournament.record_errors.InvalidRecordError: invalid record 'Ana': an appeal needs the signatures of 2 players of the appellant (--signed-by), and this has 1 (Law 92D; AEB criterion 7)
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
    >>> from arbitro.tournament.local_time import stamp
    >>> stamp(appeal_deadline(datetime(2026, 1, 1, 22, 0, tzinfo=timezone.utc)))
    '2026-01-01 22:30 UTC'
    """
    if published is None:
        return None
    return published + timedelta(minutes=minutes)


def appeal_period_status(published: datetime | None, minutes: int, now: datetime) -> str | None:
    """The time to appeal a ruling (Law 92B) in words, in the club's time; None before publication.

    Shown beside the correction period (79C1): until when a ruling may be appealed, or
    that the time has ended.

    >>> from datetime import timezone
    >>> night = datetime(2026, 1, 1, 22, 0, tzinfo=timezone.utc)
    >>> appeal_period_status(night, 30, night)
    'A ruling can be appealed until 22:30 UTC on 2026-01-01 (Law 92B).'
    >>> appeal_period_status(night, 30, night + timedelta(hours=1))
    'The time to appeal a ruling ended on 2026-01-01 at 22:30 UTC (Law 92B).'
    >>> appeal_period_status(None, 30, night) is None
    True
    """
    deadline = appeal_deadline(published, minutes)
    if deadline is None:
        return None
    if now < deadline:
        text = gettext("A ruling can be appealed until {time} on {day} (Law 92B).")
    else:
        text = gettext("The time to appeal a ruling ended on {day} at {time} (Law 92B).")
    return text.format(**day_and_time(deadline))


def check_undecided(appeal: int, decision: str | None, decided_by: str | None) -> None:
    """Law 93: an appeal is decided once; a decision taken is not replaced.

    >>> check_undecided(4, "dismissed", "committee")
    Traceback (most recent call last):
    ...
    arbitro.tournament.record_errors.RecordConflictError: appeal 4 was decided already (dismissed, by committee); a decision taken is not replaced (Law 93)
    """
    if decision is not None:
        raise RecordConflictError(
            N_(
                "appeal {appeal} was decided already ({decision}, by {by}); a decision "
                "taken is not replaced (Law 93)"
            ),
            appeal=appeal,
            decision=gettext(decision),  # desestimada in Spanish (the records' words)
            by=decided_by or "?",
        )


def check_appellant(appellant: str, seated: set[str], board: int, table: int | None) -> None:
    """Law 92A: only a contestant of the ruling's table may appeal it (nobody is refused when unknown).

    ``seated`` are the pairs (and, in an individual event, the players) who sat there.

    >>> check_appellant("3", {"1", "2"}, 5, 2)
    Traceback (most recent call last):
    ...
    arbitro.tournament.record_errors.RecordRefusedError: '3' may not appeal the ruling on board 5 at table 2: only a contestant of that table may (Law 92A; expected 1, 2)
    """
    if seated and appellant not in seated:
        raise RecordRefusedError(
            N_(
                "'{pair}' may not appeal the ruling on board {board} at table {table}: only "
                "a contestant of that table may (Law 92A; expected {choices})"
            ),
            pair=WrittenPairs((appellant,)),  # 3EO in Spanish, as the reader writes a pair
            board=board,
            table=table if table is not None else "-",
            choices=WrittenPairs(tuple(sorted(seated))),
        )
