"""A file's sessions as the event's: their numbers, and who the file says was disqualified.

:func:`session_numbers` numbers a file's sessions (a knockout's segments keep theirs);
:func:`disqualified_in` reads the participants a file records as disqualified (Law 91B),
which USEBIO 1.2 has no element for: Árbitro's export writes it as the participant's
comment (:func:`disqualifying`, in any language Árbitro writes it in).
"""

from __future__ import annotations

from arbitro.formats.usebio.model import Usebio
from arbitro.i18n import LANGUAGES, N_, translations

__all__ = ["DISQUALIFIED", "disqualified_in", "disqualifying", "session_numbers"]

DISQUALIFIED = N_("Disqualified, not ranked (Law 91B)")
"""The heading of a disqualified participant's comment, as the export writes it (Law 91B)."""


def disqualified_in(read: Usebio) -> dict[str, str]:
    """The participants the file says were disqualified (Law 91B), each with its record.

    USEBIO 1.2 has no element for a disqualification: Árbitro's export writes it as the
    participant's comment, the heading ``Disqualified, not ranked (Law 91B)`` (in any
    language Árbitro writes it in), a colon and the record. Only that says so: a
    participant merely absent from the later rounds, or without a place, is not
    disqualified (it may have withdrawn, or sat out).

    >>> from arbitro.formats.usebio.model import Event, Participant, Session
    >>> teams = (Participant("team", "1", place="1"),
    ...          Participant("team", "2", note="Disqualified, not ranked (Law 91B): cheating"),
    ...          Participant("team", "3"))
    >>> disqualified_in(Usebio(Event("SWISS_TEAMS", sessions=(
    ...     Session("1", participants=teams),))))
    {'2': 'cheating'}
    """
    out: dict[str, str] = {}
    for session in read.event.sessions:
        for listed in session.participants:
            record = disqualifying(listed.note or "")
            if listed.number and record is not None and listed.number not in out:
                out[listed.number] = record
    return out


def disqualifying(note: str) -> str | None:
    """The Law 91B record a participant's comment begins with, or ``None``.

    >>> disqualifying("Disqualified, not ranked (Law 91B): cheating"), disqualifying("late")
    ('cheating', None)
    """
    note = note.strip()
    for language in LANGUAGES:
        heading = translations(language).gettext(DISQUALIFIED) + ":"
        if note.startswith(heading):
            return note[len(heading) :].strip()
    return None


def session_numbers(read: Usebio) -> list[int]:
    """Each session's number: its ``SESSION_NUMBER`` when every session has a distinct one, else 1, 2, ...

    A knockout's file holds the segments played so far, each with its own number.

    >>> from arbitro.formats.usebio.model import Event, Session
    >>> one, three = Session("1"), Session("3")
    >>> session_numbers(Usebio(Event("KO", sessions=(one, three))))
    [1, 3]
    >>> session_numbers(Usebio(Event("KO", sessions=(one, one))))
    [1, 2]
    """
    sessions = read.event.sessions
    written = [session.number or "" for session in sessions]
    if all(number.isdigit() and 0 < int(number) < 1000 for number in written) and len(
        set(map(int, written))
    ) == len(written):
        return [int(number) for number in written]
    return list(range(1, len(sessions) + 1))
