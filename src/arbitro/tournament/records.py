"""The director's records: rulings, penalties (Laws 90, 91), appeals (92, 93), the correction period (79C).

Each kind of record is kept in a module of its own, imported from here:

- :class:`Ruling` (``rulings.py``): attached to a board (and a table); it may carry
  the table's log (``arbitro.table.log``), checked by replaying it.
- :class:`PenaltyRecord` (``penalties.py``): procedural (Law 90) or disciplinary
  (Law 91); it takes points from one participant only: matchpoints or a share of a top
  in pairs and individual events, IMPs or victory points in teams events. A penalty
  recorded with the code of the AEB's regulation G (``AEB-G``, a misexplained call)
  must reach the regulation's least amount: :func:`check_regulation_g`, which every
  way of entering a penalty goes through.
- :class:`Appeal` (``appeals.py``): names who appealed and when; it must be lodged
  before the deadline of Law 92B (30 minutes after the official results are
  available, unless the organiser says otherwise). An appeal against a disciplinary
  penalty cannot overturn it (93B3).
- :class:`CorrectionPeriod` (``correction_period.py``): a scoring error may be
  corrected until the period ends (79C1: 30 minutes after the official results, unless
  the organiser says otherwise); after that, results are locked unless the director
  reopens the boards whose score is wrong, with a reason (79C2,
  :mod:`arbitro.tournament.reopening`).
- The errors every record may raise (``record_errors.py``) and the moments as the
  records show them, in the club's time zone (``local_time.py``).

>>> from datetime import datetime, timezone
>>> published = datetime(2026, 11, 22, 22, 0, tzinfo=timezone.utc)
>>> period = CorrectionPeriod(published, minutes=30)
>>> period.is_open(published.replace(minute=29)), period.is_open(published.replace(minute=31))
(True, False)
"""

from __future__ import annotations

from arbitro.tournament.appeals import (
    Appeal,
    AppealTooLateError,
    Decision,
    appeal_deadline,
    check_appellant,
    check_undecided,
    signed_appeal,
)
from arbitro.tournament.correction_period import (
    CorrectionPeriod,
    ResultsLockedError,
    check_publishable,
    law_79c2_reason,
)
from arbitro.tournament.local_time import TIMEZONE, shown_time, stamp
from arbitro.tournament.penalties import (
    RECORD_UNITS,
    UNIT_NAMES,
    PenaltyKind,
    PenaltyRecord,
    RecordUnit,
    UnitNames,
    check_penalty_unit,
    check_regulation_g,
    penalty_waits,
)
from arbitro.tournament.record_errors import (
    InvalidRecordError,
    RecordConflictError,
    RecordRefusedError,
)
from arbitro.tournament.rulings import Ruling

__all__ = [
    "RECORD_UNITS",
    "TIMEZONE",
    "UNIT_NAMES",
    "Appeal",
    "AppealTooLateError",
    "CorrectionPeriod",
    "Decision",
    "InvalidRecordError",
    "PenaltyKind",
    "PenaltyRecord",
    "RecordConflictError",
    "RecordRefusedError",
    "RecordUnit",
    "ResultsLockedError",
    "Ruling",
    "UnitNames",
    "appeal_deadline",
    "check_appellant",
    "check_penalty_unit",
    "check_publishable",
    "check_regulation_g",
    "check_undecided",
    "law_79c2_reason",
    "penalty_waits",
    "shown_time",
    "signed_appeal",
    "stamp",
]
