r"""The notes of a table's PBN game, written once for the writer and the reader.

PBN 2.1 gives a call or a card one note (3.6.5: ``=1=`` after it, ``[Note "1:…"]``
after its section). A table's game writes in it, joined by `` / ``: a call's alert and
explanation (Law 20F, :func:`explanation_note`), then each ruling as the table states
it with its choice (``Law 27A1 (West: accept): …``, :func:`ruling_part`), a claimer's statement after
his claim (68C, :func:`statement_part`), shortened to fit a line (:func:`packed`). The
reader takes a note apart again (:func:`note_parts`) and reads each part back: the
explanation (:func:`read_explanation_note`), a ruling's Law, who and choice
(:func:`noted_ruling`), a claim (:func:`noted_claim`) and its statement
(:func:`noted_statement`), a revoke's ruling (:func:`is_revoke_ruling`), in either
language. :func:`note_tag` and :func:`section_notes` number a section's notes and read
them back.

A claimer's statement is written in the note's language: the log keeps it in English
notation, and a Spanish note (its choice word ``aclaración``) writes it in Spanish words
and notation (``todas: arrastrar triunfos, C`` for ``all: draw trumps, H``), the
claimer's own words as they are. It is read back in the note's language. Files written
before this carry the log's English statement in their Spanish notes, so a Spanish
note's statement is read in English, as it stands, when Spanish cannot read it
(``finesse HQ``: no Spanish rank Q) or when English can and it holds an English word of a statement
(``all``, ``finesse``, ``ruff``, ``draw trumps``, ...), which the Spanish writer never
writes and which tells an older file (``all: finesse CA`` is the ace of clubs there);
otherwise Spanish is read (``todas: C`` and ``3: C`` are hearts).

>>> from arbitro.table.state import Message
>>> note = packed([Part("", "Alert: transfer", "Alert: transfer"),
...                ruling_part(Ruling("27A1", "W", "accept", Message("accepted")))])
>>> note
'Alert: transfer / Law 27A1 (West: accept): accepted'
>>> read_explanation_note(note), noted_ruling(note_parts(note)[1])
((True, 'transfer'), ('27A1', 'W', 'accept', 'accepted'))
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from typing import NamedTuple, TypeVar

from arbitro.core.claim_statement import english_words, statement_read, statement_written
from arbitro.core.errors import PBNSyntaxError
from arbitro.core.notation import SEAT_WORDS
from arbitro.core.seat import Seat
from arbitro.formats.pbn.export_lines import CUT, fitted
from arbitro.formats.pbn.model import PBNGame, PBNNote, PBNTag, is_number
from arbitro.i18n import N_, get_language, gettext
from arbitro.table.choice_words import SPANISH_CHOICES, choice_read, choice_written
from arbitro.table.rulings import Ruling
from arbitro.table.state import DIRECTOR

ALERT = "Alert"
"""How a note says its call was alerted: ``Alert``, or ``Alert: <explanation>``."""

_LAW = "(?:Law|Artículo) "
"""How a ruling's part of a note starts, in either language (``Law {law} (…``)."""

_RULING_START = _LAW + r"[0-9]{1,2}[A-Za-z0-9]* \("
"""The start of a ruling's part of a note, as :func:`ruling_part` writes it."""

_CLAIM_NOTE = re.compile(
    _LAW + r"68[A-Za-z0-9]* \((?P<by>[^():]+): (?:claim|" + SPANISH_CHOICES["claim"] + r")\): "
    r"[^0-9]*(?P<tricks>[0-9]{1,2})(?![0-9])"
)
"""A claim's ruling as :func:`ruling_part` writes it: its claimer, then the tricks he claims first.

Its choice is written in the note's language (``claim``, ``reclamación``)."""

_SEAT_WORDS = {
    word: Seat(index) for words in SEAT_WORDS.values() for index, word in enumerate(words)
}

_NOTE_PART = re.compile(f" / (?={_RULING_START})")
"""Where a note's next ruling begins: the `` / `` before it."""

_RULING_PART = re.compile(
    _LAW + r"(?P<law>[0-9]{1,2}[A-Za-z0-9]*) \((?P<by>[^():]+): (?P<choice>[^():]+)\)"
    r"(?:: (?P<text>.*))?"
)
"""A ruling's part of a note: its Law, who chose (a seat or the Director), what, and its text
(none in its short form, :class:`Part`)."""

_FIRST_RULING = re.compile(f"(?:^| / )(?={_RULING_START})")
"""Where a call's note's rulings begin: after its alert or explanation, if any."""

_REVOKE_NOTE = re.compile(_LAW + r"6[1-4][A-Za-z0-9]* \(")
"""A ruling on a revoke (Laws 61-64) as :func:`ruling_part` writes it."""

_DIRECTOR_WORDS = ("Director", "Árbitro")
"""How a note names the Director, in either language."""


def explanation_note(alert: bool, text: str | None) -> str:
    """The part of a call's note that carries its alert and explanation (Law 20F).

    >>> explanation_note(True, "transfer"), explanation_note(True, None), explanation_note(False, "natural")
    ('Alert: transfer', 'Alert', 'natural')
    """
    if not alert:
        return text or ""
    return ALERT if not text else f"{ALERT}: {text}"


def read_explanation_note(note: str) -> tuple[bool, str | None]:
    """The alert and explanation of a call's note, leaving out the parts that are rulings.

    A note is its parts joined by `` / ``: first the alert or explanation, then the
    rulings :func:`ruling_part` writes (``Law 27A1 (West: accept): ...``), which a table
    makes again when it replays the auction. Any other note of a call (another
    program's, as ``11-13 or clubs``) is the call's explanation, not alerted: a PBN note
    does not say whether the call was alerted unless it starts with ``Alert``. The text is
    kept as written, spaces included.

    >>> read_explanation_note("Alert: 4+ !S / 11- HCP / Law 27A1 (West: accept): accepted")
    (True, '4+ !S / 11- HCP')
    >>> read_explanation_note("Alert"), read_explanation_note("11-13 or clubs")
    ((True, None), (False, '11-13 or clubs'))
    >>> read_explanation_note("Law 27A1 (West: accept): the insufficient bid 1♣ is accepted")
    (False, None)
    """
    first = _FIRST_RULING.search(note)
    text = note if first is None else note[: first.start()]
    if not text:
        return False, None
    if text == ALERT:
        return True, None
    if text.startswith(f"{ALERT}: "):
        return True, text[len(ALERT) + 2 :] or None
    return False, text or None


class Part(NamedTuple):
    """A part of a note: the Law it is about, its text, and its text shortened to fit a line.

    ``short`` is a ruling's start alone (``Law 70 (Director: 2)``), all that is needed to
    make it again; ``cut`` says the text itself may be cut to fit (a claimer's statement).
    """

    law: str
    text: str
    short: str
    cut: bool = False


MOST_NOTES = 32
"""The notes PBN numbers in a section (2.1 3.6.5: ``=1=`` to ``=32=``)."""


class LeftOutNote(NamedTuple):
    """A note a PBN game could not number: its section, the call or card it is on, its text.

    >>> LeftOutNote("Play", "SA", Seat.from_str("W"), "Law 61B (East: ask)").seat
    Seat.WEST
    """

    section: str
    """``Auction`` or ``Play``."""
    token: str
    """The call (``2H``) or the card (``SA``)."""
    seat: Seat
    text: str

    def warning(self, source: str, line: int, board: str) -> PBNSyntaxError:
        """The warning that tells the user, naming the file ``source``, its ``line`` and the board.

        >>> print(LeftOutNote("Auction", "2H", Seat.from_str("S"), "Michaels").warning("in.lin", 3, "7"))
        in.lin, line 3: board 7, call 2H by South: PBN numbers at most 32 notes in the auction (=1= to =32=), so this call is written without its note: Michaels
        """
        if self.section == "Auction":
            reason = N_(
                "board {board}, call {call} by {seat}: PBN numbers at most 32 notes in the "
                "auction (=1= to =32=), so this call is written without its note: {note}"
            )
        else:
            reason = N_(
                "board {board}, card {call} by {seat}: PBN numbers at most 32 notes in the "
                "play (=1= to =32=), so this card is written without its note: {note}"
            )
        return PBNNote.at(
            source, line, "", reason, board=board, call=self.token, seat=self.seat, note=self.text
        )


STATEMENT = "statement"
"""The choice word of a claim's statement in its note: ``Law 68C (South: statement): ...``."""


def _fits(text: str) -> bool:
    """Whether a note with this text, numbered up to 32, fits a PBN line whole."""
    tag = note_tag(MOST_NOTES, text)
    return fitted(tag) is tag


def ruling_part(ruling: Ruling) -> Part:
    """A ruling's part of a note; its short form leaves out the text, but a claim's tricks.

    >>> from arbitro.table.state import Message
    >>> ruling_part(Ruling("70", "director", "2", Message("the Director awards 2"))).short
    'Law 70 (Director: 2)'
    """
    text = ruling.noted()  # its choice as the log names it, read back by noted_ruling
    start = _RULING_PART.match(text)
    if start is None or start.group("text") is None:
        return Part(ruling.law, text, text)
    short = text[: start.start("text") - 2]
    tricks = ruling.message.details.get("tricks")
    if ruling.choice == "claim" and isinstance(tricks, int):
        short = f"{short}: {tricks}"  # what noted_claim reads
    return Part(ruling.law, text, short)


def packed(parts: list[Part]) -> str:
    """The note of one call or card: its parts joined by `` / ``, shortened to fit one line.

    PBN 2.1 gives a call or a card one note. When its parts do not fit a line (255
    characters, which the writer would cut, losing the last parts), the rulings are
    written short (:class:`Part`), then a claimer's statement is cut to fit, ending
    ``...``, so that every ruling can be made again.

    >>> print(packed([Part("68A", "Law 68A (South: claim): ...", "Law 68A (South: claim): ..."),
    ...                Part("69A", "Law 69A (West: accept): accepted", "Law 69A (West: accept)")]))
    Law 68A (South: claim): ... / Law 69A (West: accept): accepted
    >>> note = packed([Part("68C", "x" * 230, "x" * 230, cut=True),
    ...                 Part("70", "Law 70 (East: dispute): disputed", "Law 70 (East: dispute)")])
    >>> len(note), note[-30:]
    (241, 'xx... / Law 70 (East: dispute)')
    """
    whole = " / ".join(part.text for part in parts)
    if _fits(whole):
        return whole
    texts = [part.short for part in parts]
    if _fits(" / ".join(texts)):
        return " / ".join(texts)
    for index in sorted(range(len(parts)), key=lambda at: -len(texts[at])):
        if not parts[index].cut:
            continue
        kept = texts[index]
        while kept and not _fits(" / ".join([*texts[:index], kept + CUT, *texts[index + 1 :]])):
            kept = kept[:-1]
        space = kept.rfind(" ")
        if space >= len(kept) * 3 // 4:  # after a word, as the writer cuts
            kept = kept[:space]
        texts[index] = kept.rstrip() + CUT
        break
    # Whole: the PBN writer cuts a note too long for its line, and says so.
    return " / ".join(texts)


def statement_part(seat: Seat, statement: str) -> str:
    """The part of a note that holds a claimer's statement (Law 68C), in the active language.

    The log keeps the statement in English notation; a Spanish note writes it in Spanish
    words and notation (:func:`~arbitro.core.claim_statement.statement_written`), the
    claimer's own words as they are.

    >>> statement_part(Seat.SOUTH, "draw trumps, then the clubs")
    'Law 68C (South: statement): draw trumps, then the clubs'
    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     statement_part(Seat.SOUTH, "all: draw trumps, C")
    'Artículo 68C (Sur: aclaración): todas: arrastrar triunfos, T'
    """
    language = get_language()
    return gettext("Law {law} ({by}: {choice}): {text}").format(
        law="68C",
        by=seat.localized(),
        choice=choice_written(STATEMENT, language),
        text=statement_written(statement, language),
    )


def noted_statement(part: str, seat: Seat) -> str | None:
    """The statement of ``seat``'s claim in a note's part (Law 68C), as the log keeps it.

    None when the part is not ``seat``'s statement as :func:`statement_part` writes it.
    The statement is read in the note's language, told by its choice word: a note
    marked ``aclaración`` is Spanish, and its statement is read in Spanish words and
    notation (``C`` hearts, ``T`` clubs) into the log's English form. Files written
    before notes were written in Spanish notation carry the log's English statement in
    their Spanish notes; such a statement is read as it stands (in English) when
    Spanish cannot read it, or when English can and it holds an English word of a
    statement (``finesse``, ``ruff``, ``draw trumps``: :data:`~arbitro.core.claim_statement.ENGLISH_WORDS`),
    which the Spanish writer never writes. Words in neither form are the claimer's own,
    kept as they are.

    >>> noted_statement("Artículo 68C (Sur: aclaración): todas: arrastrar triunfos, T", Seat.SOUTH)
    'all: draw trumps, C'
    >>> noted_statement("Artículo 68C (Sur: aclaración): all: finesse CA", Seat.SOUTH)
    'all: finesse CA'
    >>> noted_statement("Law 68C (South: statement): draw trumps, then the clubs", Seat.SOUTH)
    'draw trumps, then the clubs'
    >>> noted_statement("Law 68C (South: statement): all", Seat.NORTH) is None
    True
    """
    match = _RULING_PART.fullmatch(part.strip())
    if match is None or match.group("law") != "68C" or match.group("by") not in _SEAT_WORDS:
        return None
    if _SEAT_WORDS[match.group("by")] != seat or choice_read(match.group("choice")) != STATEMENT:
        return None
    text = (match.group("text") or "").strip()
    if match.group("choice").strip().lower() == STATEMENT:
        return text  # an English note: the log's own form, as written
    spanish = statement_read(text, "es")
    if spanish is None:
        return text
    if english_words(text) and statement_read(text, "en") is not None:
        return text  # an older file: the log's English statement in a Spanish note
    return spanish


def note_tag(number: int, text: str) -> PBNTag:
    """The ``Note`` tag of a section's note ``number`` (1 to 32): ``[Note "1:text"]``.

    >>> note_tag(2, "Alert: transfer")
    PBNTag(name='Note', value='2:Alert: transfer', rows=())
    """
    return PBNTag("Note", f"{number}:{text}")


Key = TypeVar("Key", bound=Hashable)
"""What a section's note is on: a call (its token's index) or a card (its trick and seat)."""


def numbered(
    noted: list[Key], texts: dict[Key, list[Part]]
) -> tuple[list[PBNTag], dict[Key, str], list[Key]]:
    """A section's notes numbered in order: the ``Note`` tags, the ``=n=`` after each call or card.

    Each of ``noted`` (in the order of the section) gets the note of its parts
    (:func:`packed`); PBN numbers at most 32 a section, so those after the 32nd are
    returned last, without a note.

    >>> notes, references, rest = numbered(["1S", "2H"], {"1S": [Part("", "Alert", "Alert")],
    ...                                                   "2H": [Part("", "weak", "weak")]})
    >>> [note.value for note in notes], references, rest
    (['1:Alert', '2:weak'], {'1S': ' =1=', '2H': ' =2='}, [])
    """
    notes: list[PBNTag] = []
    references: dict[Key, str] = {}
    for key in noted[:MOST_NOTES]:
        notes.append(note_tag(len(notes) + 1, packed(texts[key])))
        references[key] = f" ={len(notes)}="
    return notes, references, noted[MOST_NOTES:]


def section_notes(game: PBNGame, section: str = "Auction") -> dict[int, str]:
    """A section's notes by number: the ``Note`` tags after its tag and before the other's.

    ``section`` is ``Auction`` (the default) or ``Play``.
    """
    notes: dict[int, str] = {}
    inside = False
    for tag in game.tags:
        if tag.name in ("Auction", "Play"):
            inside = tag.name == section
        elif inside and tag.name == "Note":
            number, colon, text = tag.value.partition(":")
            if colon and is_number(number.strip(), 2):
                notes.setdefault(int(number), text)
    return notes


def noted_claim(note: str) -> tuple[Seat, int] | None:
    """The claimer and the tricks claimed of a note's claim ruling, as :func:`ruling_part` writes it.

    A note's parts are joined by `` / ``; the last claim among them counts. The ruling
    is read in either language.

    >>> noted_claim("Law 68A (South: claim): South claims 3 of the 3 tricks left; play stops")
    (Seat.SOUTH, 3)
    >>> noted_claim("Artículo 68A (Oeste: claim): Oeste reclama 0 de las 4 bazas restantes")
    (Seat.WEST, 0)
    >>> noted_claim("Artículo 68A (Oeste: reclamación): Oeste reclama 2 de las 4 bazas restantes")
    (Seat.WEST, 2)
    >>> noted_claim("Law 63B (Director: 63B): the revoke of South in trick 1 is established") is None
    True
    """
    found = None
    for part in note_parts(note):
        match = _CLAIM_NOTE.match(part.strip())
        if match is not None and match.group("by") in _SEAT_WORDS:
            found = _SEAT_WORDS[match.group("by")], int(match.group("tricks"))
    return found


def note_parts(note: str) -> list[str]:
    """A note's parts, as :func:`packed` joins them: split by `` / `` before each ruling.

    A part may itself hold `` / `` (an explanation, a claimer's statement): only a
    `` / `` followed by a ruling's start (``Law 70 (``) begins another part.

    >>> note_parts("Law 68A (South: claim): ... / Law 68C (South: statement): ruff / draw")
    ['Law 68A (South: claim): ...', 'Law 68C (South: statement): ruff / draw']
    """
    return _NOTE_PART.split(note)


def noted_ruling(part: str) -> tuple[str, str, str, str] | None:
    """The Law, who (a seat such as ``S``, or ``director``), the choice and the text of a ruling's part.

    Read in either language; None when the part is not a ruling as :func:`ruling_part` writes it.

    >>> noted_ruling("Artículo 70 (Árbitro: 2): el árbitro asigna 2 bazas")
    ('70', 'director', '2', 'el árbitro asigna 2 bazas')
    >>> noted_ruling("Law 69A (West: accept): the claim is accepted")
    ('69A', 'W', 'accept', 'the claim is accepted')
    >>> noted_ruling("Artículo 69A (Oeste: aceptar)")  # the choice as the log writes it
    ('69A', 'W', 'accept', '')
    >>> noted_ruling("Law 70 (East: dispute)")
    ('70', 'E', 'dispute', '')
    >>> noted_ruling("5+ hearts") is None
    True
    """
    match = _RULING_PART.fullmatch(part.strip())
    if match is None:
        return None
    by = match.group("by")
    if by in _DIRECTOR_WORDS:
        who = DIRECTOR
    elif by in _SEAT_WORDS:
        who = str(_SEAT_WORDS[by])
    else:
        return None
    return match.group("law"), who, choice_read(match.group("choice")), match.group("text") or ""


def is_revoke_ruling(part: str) -> bool:
    """Whether a note's part is a ruling on a revoke (Laws 61-64), in either language.

    >>> is_revoke_ruling(" Law 64A1 (Director: 64A1): one trick is transferred")
    True
    >>> is_revoke_ruling("Artículo 68A (Sur: claim): 3"), is_revoke_ruling("Law 6 (")
    (False, False)
    """
    return _REVOKE_NOTE.match(part.strip()) is not None
