"""What Árbitro's notes in a USEBIO file say that USEBIO 1.2 has no element for, written and read back.

A note is an XML comment inside an element (``docs/formats.md``). Árbitro writes there,
in the language of the export, a traveller line's adjusted score as the director
entered it (:func:`adjusted_note`, Law 12: ``4S= N``, ``A60/A40``, ``+420/-620``) and
each penalty's Law, amount, unit, board and reason
(:func:`~arbitro.formats.usebio.scoring.penalty_note`, Laws 90 and 91). Read back in
either language (:func:`adjusted_in`, :func:`penalties_in`), a round trip keeps what
the director decided, amounts exactly (``1/3 of a top``); a note in no form Árbitro
writes, or one that merely quotes a penalty, gives nothing, and the file's elements
are read plainly.

>>> adjusted_in(adjusted_note("4S= N"))
'4S= N'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from arbitro.formats.usebio.scoring import PENALTY_NOTES, PENALTY_SEPARATOR, TOP_SHARE_NOTE
from arbitro.formats.usebio.sessions import disqualifying
from arbitro.i18n import LANGUAGES, N_, get_language, gettext, ngettext, use_language
from arbitro.scoring.adjusted_notation import adjusted_to_str

NOTE_LANGUAGES = LANGUAGES
"""The languages a note may be written in: the export's."""

ADJUSTED_HEADING = N_("Adjusted score (Law 12)")
"""The heading of a traveller line's note that gives its adjusted score."""

_LAW = r"(?P<law>[^()]{1,20})"
_AMOUNT = r"(?P<amount>[0-9]{1,18}/[0-9]{1,18}|[0-9]{1,18}(?:[.,][0-9]{1,18})?)"
_TOP_SHARE = "top-share"
"""The unit of a share of a top written as a fraction of it (``1/3 of a top``)."""


def adjusted_note(adjusted: str) -> str:
    """A traveller line's note giving its adjusted score, in the active language and its notation.

    ``adjusted`` is the stored form (English notation, ``4S= N``).

    >>> adjusted_note("4S= N")
    'Adjusted score (Law 12): 4S= N'
    """
    return f"{gettext(ADJUSTED_HEADING)}: {adjusted_to_str(adjusted, to_lang=get_language())}"


def adjusted_in(note: str | None) -> str | None:
    """The adjusted score (stored form, English notation) a traveller line's note gives, or None.

    The note may be in any of :data:`NOTE_LANGUAGES`, its notation the heading's language.

    >>> adjusted_in("Puntuación ajustada (Artículo 12): 4P= N"), adjusted_in("late")
    ('4S= N', None)
    """
    if not note:
        return None
    for lang in NOTE_LANGUAGES:
        with use_language(lang):
            heading = gettext(ADJUSTED_HEADING)
        if note.startswith(f"{heading}:"):
            text = note.removeprefix(f"{heading}:").strip()
            return adjusted_to_str(text, lang) if text else None
    return None


@dataclass(frozen=True)
class NotedPenalty:
    """A penalty as a participant's note gives it: Law, amount, unit, board, reason.

    >>> NotedPenalty("90B2", Fraction(3), "imps", None, "slow play").disciplinary
    False
    """

    law: str
    amount: Fraction
    unit: str
    board: int | None
    reason: str

    @property
    def disciplinary(self) -> bool:
        """Whether it is a Law 91 penalty (else a procedural one, Law 90, or an AEB rule's)."""
        return self.law.startswith("91")


Headings = list[tuple[re.Pattern[str], str]]
"""Every penalty note's start as a pattern, with its unit (:func:`_headings`)."""


def _pattern(template: str, board: str) -> str:
    """A penalty note's ``template`` (translated) as a regular expression, its board after it."""
    escaped = re.escape(template).replace(re.escape("{law}"), _LAW)
    escaped = escaped.replace(re.escape("{amount}"), _AMOUNT)
    return f"{escaped}(?:{board})?"


def _headings() -> Headings:
    """Every penalty note's start, in every language, with its unit."""
    found: list[tuple[str, str]] = []
    forms = [*PENALTY_NOTES.items(), (_TOP_SHARE, TOP_SHARE_NOTE)]
    for lang in NOTE_LANGUAGES:
        with use_language(lang):
            board = re.escape(gettext(", board {board}")).replace(
                re.escape("{board}"), r"(?P<board>[0-9]{1,9})"
            )
            for unit, (one, other) in forms:
                for count in (1, 2):
                    found.append((_pattern(ngettext(one, other, count), board), unit))
    return [(re.compile(pattern), unit) for pattern, unit in dict.fromkeys(found)]


def _heading_at(headings: Headings, note: str, at: int) -> tuple[re.Match[str], str] | None:
    """The penalty heading that starts exactly at ``at`` in ``note`` (the longest), with its unit."""
    found = [
        (match, unit)
        for pattern, unit in headings
        if (match := pattern.match(note, at)) is not None
    ]
    return max(found, key=lambda item: item[0].end(), default=None)


def _next_heading(
    headings: Headings, note: str, at: int
) -> tuple[int, tuple[re.Match[str], str] | None]:
    """Where the next ``; `` followed by a penalty heading is, from ``at``; else the note's end."""
    cut = note.find(PENALTY_SEPARATOR, at)
    while cut != -1:
        heading = _heading_at(headings, note, cut + len(PENALTY_SEPARATOR))
        if heading is not None:
            return cut, heading
        cut = note.find(PENALTY_SEPARATOR, cut + 1)
    return len(note), None


def _noted(match: re.Match[str], unit: str, reason: str) -> NotedPenalty | None:
    """The penalty a heading gives, or None when its amount is none (a zero denominator)."""
    written = match["amount"].replace(",", ".")
    numerator, _, denominator = written.partition("/")
    if denominator and int(denominator) == 0:
        return None
    amount = Fraction(int(numerator), int(denominator)) if denominator else Fraction(written)
    board = match.groupdict().get("board")
    return NotedPenalty(
        match["law"].replace(" ", ""),
        amount / 100 if unit == "top" else amount,
        "top" if unit == _TOP_SHARE else unit,
        int(board) if board else None,
        reason,
    )


def penalties_in(note: str | None) -> list[NotedPenalty]:
    """The penalties a participant's note gives, read only in the form Árbitro writes them.

    The note is its penalties (:func:`~arbitro.formats.usebio.scoring.penalty_note`)
    joined with ``; ``, from its start, or after a disqualification's record (Law 91B,
    ``Disqualified, not ranked (Law 91B): ...; ``). Each is a heading (Law, amount,
    unit, board), then the note's end, ``; `` and the next heading, or ``: `` and its
    reason, which runs to the next ``; `` and heading. A note in any other form (another
    program's remark, prose quoting a penalty) gives nothing, whatever it holds.
    An amount is read exactly: ``1/3 of a top``, ``12.5% of a top``, or an older file's
    ``33.33% of a top`` (3333/10000 of a top, as written).

    >>> penalties_in("Penalización (Artículo 90B2): 3 IMP: juego lento")
    [NotedPenalty(law='90B2', amount=Fraction(3, 1), unit='imps', board=None, reason='juego lento')]
    >>> [(p.amount, p.unit, p.board) for p in penalties_in(
    ...     "Penalty (Law 90B8): 1/3 of a top, board 3: slow play; Penalty (Law 91A): 1.5 matchpoints")]
    [(Fraction(1, 3), 'top', 3), (Fraction(3, 2), 'mp', None)]
    >>> penalties_in("Penalty (Law 90): 3 IMPs was withdrawn"), penalties_in("slow play")
    ([], [])
    """
    if not note:
        return []
    headings = _headings()
    if disqualifying(note) is not None:  # the record first: the penalties after it, if any
        heading = _next_heading(headings, note, 0)[1]
    else:
        heading = _heading_at(headings, note, 0)
    out: list[NotedPenalty] = []
    while heading is not None:
        match, unit = heading
        end = match.end()
        if end == len(note):
            cut, following = end, None
        elif note.startswith(PENALTY_SEPARATOR, end):
            cut, following = end, _heading_at(headings, note, end + len(PENALTY_SEPARATOR))
            if following is None:
                return []  # not a penalty after the separator: no form Árbitro writes
        elif note.startswith(": ", end):
            cut, following = _next_heading(headings, note, end)
        else:
            return []  # the heading goes on in words of its own: a remark, not a penalty
        noted = _noted(match, unit, note[end:cut].removeprefix(": ").strip())
        if noted is None:
            return []
        out.append(noted)
        heading = following
    return out
