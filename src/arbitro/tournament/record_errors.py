"""The errors of the director's records: a record that cannot be written, or one the event refuses.

- :class:`InvalidRecordError`: a ruling, penalty or appeal that cannot be recorded
  (bad input: no Law, an amount of 0, a unit unknown, signatures missing);
- :class:`RecordRefusedError`: a record the event's rules refuse, a catalog message
  with its details (an appellant who did not sit at the ruling's table);
- :class:`RecordConflictError`: one refused by what was recorded before it
  (results published already, an appeal decided already).

>>> print(RecordConflictError(N_("appeal {appeal} was decided already"), appeal=4))
appeal 4 was decided already
"""

from __future__ import annotations

from arbitro.core.errors import ConflictError, MessageError, NotationError, RefusedError
from arbitro.i18n import N_

__all__ = ["InvalidRecordError", "RecordConflictError", "RecordRefusedError"]


class InvalidRecordError(NotationError):
    """A ruling, penalty or appeal that cannot be recorded; the message says why."""

    what = N_("record")


class RecordRefusedError(MessageError, RefusedError):
    """A director's record the event's rules refuse; a catalog message with its details.

    >>> print(RecordRefusedError(N_("a penalty in victory points needs a teams event")))
    a penalty in victory points needs a teams event
    """


class RecordConflictError(RecordRefusedError, ConflictError):
    """A record refused by what was recorded before it: published already, decided already (409)."""
