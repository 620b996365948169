"""The store's refusals: the errors it raises, each with its HTTP status.

A refusal of the store is a catalog message with its details, shown in the active
language: :class:`StoreError` (a request the store refuses, 422),
:class:`StoreNotFoundError` (what it does not hold, 404) and
:class:`StoreConflictError` (what its stored state refuses, 409). They cite no Law:
a refusal that cites one is the event's (``arbitro.tournament``).
"""

from __future__ import annotations

from arbitro.core.errors import ConflictError, MessageError, NotFoundError, RefusedError


class StoreError(MessageError, RefusedError):
    """A request the store refuses: an unknown event, a result entered twice, ...

    The message is a catalog message with its details, shown in the active language.

    >>> from arbitro.i18n import N_
    >>> print(StoreError(N_("there is no event {event}"), event=9))
    there is no event 9
    """


class StoreNotFoundError(StoreError, NotFoundError):
    """A request about what the store does not hold: no such event, ruling, appeal (404).

    >>> from arbitro.i18n import N_
    >>> StoreNotFoundError(N_("there is no event {event}"), event=9).status
    404
    """


class StoreConflictError(StoreError, ConflictError):
    """A request the stored state refuses: a result entered already, an appeal decided (409).

    >>> from arbitro.i18n import N_
    >>> StoreConflictError(N_("there is already a director called '{name}'"), name="ana").status
    409
    """


class MissingReasonError(StoreError):
    """A change to a record refused because its reason, kept for the record, is empty (422).

    The command line, the API and the desk each ask for the reason in a field of their
    own: the desk's refusal names its form's field.

    >>> from arbitro.i18n import N_
    >>> print(MissingReasonError(N_("a change to a penalty needs its reason, for the record")))
    a change to a penalty needs its reason, for the record
    """
