"""What Árbitro's notes in a USEBIO file say that USEBIO 1.2 has no element for, written and read back.

A note is an XML comment inside an element (``docs/formats.md``). Árbitro writes there,
in the language of the export, a traveller line's adjusted score as the director
entered it (:func:`adjusted_note`, Law 12: ``4S= N``, ``A60/A40``, ``+420/-620``) and
each penalty's Law, amount, unit, board and reason
(:func:`~arbitro.formats.usebio.scoring.penalty_note`, Laws 90 and 91). Read back in
either language (:func:`adjusted_in`, :func:`penalties_in`), a round trip keeps what
the director decided; a note in no form Árbitro writes gives nothing, and the file's
elements are read plainly.

>>> adjusted_in(adjusted_note("4S= N"))
'4S= N'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from arbitro.formats.usebio.scoring import PENALTY_NOTES
from arbitro.i18n import LANGUAGES, N_, get_language, gettext, ngettext, use_language
from arbitro.scoring.adjusted_notation import adjusted_to_str

NOTE_LANGUAGES = LANGUAGES
"""The languages a note may be written in: the export's."""

ADJUSTED_HEADING = N_("Adjusted score (Law 12)")
"""The heading of a traveller line's note that gives its adjusted score."""

_LAW = r"(?P<law>[^()]{1,20})"
_AMOUNT = r"(?P<amount>[0-9]{1,9}(?:[.,][0-9]{1,9})?)"


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


def _pattern(template: str, board: str) -> str:
    """A penalty note's ``template`` (translated) as a regular expression, its board after it."""
    escaped = re.escape(template).replace(re.escape("{law}"), _LAW)
    escaped = escaped.replace(re.escape("{amount}"), _AMOUNT)
    return f"{escaped}(?:{board})?"


def _headings() -> list[tuple[re.Pattern[str], str]]:
    """Every penalty note's start, in every language, with its unit; longest first."""
    found: list[tuple[str, str]] = []
    for lang in NOTE_LANGUAGES:
        with use_language(lang):
            board = re.escape(gettext(", board {board}")).replace(
                re.escape("{board}"), r"(?P<board>[0-9]{1,9})"
            )
            for unit, (one, other) in PENALTY_NOTES.items():
                for count in (1, 2):
                    found.append((_pattern(ngettext(one, other, count), board), unit))
    unique = dict.fromkeys(found)
    return [
        (re.compile(pattern), unit)
        for pattern, unit in sorted(unique, key=lambda item: -len(item[0]))
    ]


def penalties_in(note: str | None) -> list[NotedPenalty]:
    """The penalties a participant's note gives (:func:`~arbitro.formats.usebio.scoring.penalty_note`).

    Penalties are joined with ``; ``; each one's reason runs to the next penalty (a
    disqualification's record before them is no penalty). Nothing when the note has no
    penalty in a form Árbitro writes.

    >>> penalties_in("Penalización (Artículo 90B2): 3 IMP: juego lento")
    [NotedPenalty(law='90B2', amount=Fraction(3, 1), unit='imps', board=None, reason='juego lento')]
    >>> [(p.amount, p.unit, p.board) for p in penalties_in(
    ...     "Penalty (Law 90B8): 25% of a top, board 3: slow play; Penalty (Law 91A): 1.5 matchpoints")]
    [(Fraction(1, 4), 'top', 3), (Fraction(3, 2), 'mp', None)]
    >>> penalties_in("slow play")
    []
    """
    if not note:
        return []
    starts: list[tuple[int, re.Match[str], str]] = []
    for pattern, unit in _headings():
        for match in pattern.finditer(note):
            if not any(start <= match.start() < found.end() for start, found, _ in starts):
                starts.append((match.start(), match, unit))
    starts.sort(key=lambda item: item[0])
    out = []
    for index, (_, match, unit) in enumerate(starts):
        end = starts[index + 1][0] if index + 1 < len(starts) else len(note)
        rest = note[match.end() : end].rstrip()
        rest = rest.removesuffix(";").rstrip()
        reason = rest.removeprefix(":").strip() if rest.startswith(":") else ""
        amount = Fraction(match["amount"].replace(",", "."))
        board = match.groupdict().get("board")
        out.append(
            NotedPenalty(
                match["law"].replace(" ", ""),
                amount / 100 if unit == "top" else amount,
                unit,
                int(board) if board else None,
                reason,
            )
        )
    return out
