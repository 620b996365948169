"""The bridge terms the pages write in their reader's language: scorings, movements, pairs, calls.

The stored text is English; these write it as a reader of the page's language does
(the templates' filters and globals, :func:`arbitro.web.rendering.make_templates`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from arbitro.core.errors import ArbitroError
from arbitro.core.seat import Seat
from arbitro.core.suit import Strain
from arbitro.i18n import N_, get_language, gettext

if TYPE_CHECKING:
    from arbitro.tournament.entry import Entry

MOVEMENT_LABELS = {
    "mitchell": N_("Mitchell"),
    "howell": N_("Howell"),
    "individual": N_("Individual movement"),
    "round-robin": N_("Round robin"),
    "swiss": N_("Swiss"),
}
"""A movement's kind (as the event keeps it) as the pages name it, through the catalog."""


def scoring_label(scoring: str) -> str:
    """An event's scoring (:attr:`EventSpec.scoring <arbitro.tournament.event.EventSpec.scoring>`) as the pages name it.

    >>> scoring_label("vp"), scoring_label("mp")
    ('IMPs and victory points', 'matchpoints')
    """
    from arbitro.tournament.event import SCORING_NAMES

    return gettext(SCORING_NAMES[scoring])


def movement_label(kind: str | None) -> str:
    """The movement ``kind`` an event keeps, named in the language in force (empty for none).

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     movement_label("mitchell"), movement_label("round-robin"), movement_label(None)
    ('Mitchell', 'Liga', '')
    """
    if not kind:
        return ""
    label = MOVEMENT_LABELS.get(kind)
    return gettext(label) if label is not None else kind


def poll_action(action: str) -> str:
    """A poll's action (kept in English notation) as the page's language writes it.

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     poll_action("6C"), poll_action("Pass")
    ('6♣', 'Paso')
    """
    from arbitro.tournament.poll import action_label  # not at the server's start

    return action_label(action, get_language())


def score_shown(text: str) -> str:
    """A result's stored text as a traveller or a score card shows it: a passed-out board's ``0``.

    The JSON keeps the stored text (``+0``); the page writes the board passed out as a
    score sheet does (:func:`arbitro.scoring.results.shown_score`).

    >>> score_shown("+0"), score_shown("-110"), score_shown("A60/A40")
    ('0', '-110', 'A60/A40')
    """
    from arbitro.scoring.results import shown_score  # the scorer's: not at the server's start

    return shown_score(text)


def written(entry: Entry | str, lang: str | None = None, *, score: bool = True) -> str:
    """A traveller entry in ``lang``'s bridge notation (default: the language in force).

    The stored text (:meth:`~arbitro.tournament.entry.Entry.to_str`) is English; the
    pages write contracts, seats and cards as the core's notation for their language
    does (:mod:`arbitro.core.notation`), and the words around them translated.

    Suits are written with their symbols (``3♣``), which read the same in both
    languages, where a letter would not (``3C`` is clubs in English, hearts in Spanish).

    >>> written("3NTX S 8 lead HQ", "es"), written("Pass", "es")
    ('3STX S 8 salida ♥D', 'Paso')
    >>> from arbitro.tournament.entry import Entry
    >>> written(Entry.from_str("4S W 10"), "en"), written("not an entry", "es")
    ('4♠ W 10', 'not an entry')

    Text that is not an entry (an old audit line) is shown as it is. Without
    ``score``, a played result leaves out the score a file recorded beside it: for
    a page that shows the score in its own column (a score given alone stays).

    >>> written("4H N 9 score -100", "es"), written("4H N 9 score -100", "es", score=False)
    ('4♥ N 9 marca -100', '4♥ N 9')
    >>> written("score 420", "en", score=False)
    'score 420'
    """
    from arbitro.tournament.entry import Entry  # the scorer's modules: not at the server's start

    if isinstance(entry, str):
        text = entry
        try:
            entry = Entry.from_str(text)
        except ArbitroError:
            return text
    return entry.localized(lang, symbols=True, recorded_score=score)


def refused_entry(error: ArbitroError, entry: Entry | None, lang: str) -> ArbitroError:
    """``error`` quoting ``entry`` as the page writes it, when it quotes its stored text.

    A result refused once it was read (an opening lead the leader does not hold, Law
    41A) quotes the stored, English text (``3NTX W 7 lead S5``); a Spanish page quotes it
    as its reader typed it, with suit symbols. Any other error, or one quoting the text
    as typed, is left as it is.

    >>> from arbitro.tournament.entry import Entry, InvalidEntryError
    >>> entry = Entry.from_str("3NTX W 7 lead S5")
    >>> refused_entry(InvalidEntryError("3NTX W 7 lead S5", "wrong lead"), entry, "es").text
    '3STX O 7 salida ♠5'
    >>> refused_entry(InvalidEntryError("3C N", "no tricks"), None, "es").text
    '3C N'
    """
    from arbitro.tournament.entry import InvalidEntryError  # the scorer's, on first use

    if isinstance(error, InvalidEntryError) and entry is not None and error.text == entry.to_str():
        error.text = written(entry, lang)
    return error


def pair_label(number: object, lang: str | None = None) -> str:
    """A pair's number as a reader of ``lang`` writes it: East-West is ``EO`` in Spanish.

    >>> pair_label("3EW", "es"), pair_label("3EW", "en"), pair_label("3NS", "es"), pair_label(None)
    ('3EO', '3EW', '3NS', '')
    """
    from arbitro.tournament.event import pair_written  # the event's: not at the server's start

    return "" if number is None else pair_written(str(number), lang)


@dataclass(frozen=True)
class PairNumbers:
    """Pairs' numbers named in a message, written as its reader's language writes them.

    A message is put into words when it is shown
    (:class:`~arbitro.web.error_answers.RefusedRequestError`), in the language of the
    page; so is this value (:func:`pair_label`).

    >>> from arbitro.i18n import use_language
    >>> from arbitro.web.error_answers import RefusedRequestError
    >>> with use_language("es"):
    ...     print(RefusedRequestError(N_("pair {pair} cannot"), 403, pair=PairNumbers(("5EW",))))
    pair 5EO cannot
    >>> with use_language("es"):
    ...     PairNumbers(("1NS", "1EW"), separator=", ").localized()
    '1NS, 1EO'
    """

    numbers: tuple[str, ...]
    separator: str = " / "

    def localized(self) -> str:
        """The numbers in the active language, separated by slashes (or ``separator``)."""
        return self.separator.join(pair_label(number) for number in self.numbers)

    def __str__(self) -> str:
        return self.localized()


def strain_label(strain: str, lang: str | None = None) -> str:
    """The label of a strain (given in English, ``S`` or ``NT``) in ``lang``'s notation.

    >>> strain_label("H", "es"), strain_label("NT", "es"), strain_label("NT", "en")
    ('C', 'ST', 'NT')
    """
    return Strain.from_str(strain).to_str(lang or get_language())


def seat_label(seat: str, lang: str | None = None) -> str:
    """The label of a seat (given in English, ``W``) in ``lang``'s notation.

    >>> seat_label("W", "es"), seat_label("W", "en")
    ('O', 'W')
    """
    return Seat.from_str(seat).to_str(lang or get_language())
