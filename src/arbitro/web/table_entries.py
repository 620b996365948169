"""What a table sends and what it is refused with: the typed entry, the entry waiting for East-West, the errors.

North-South type a board's result (:class:`TypedEntry`, from the form or the JSON
API), read in the page's notation (:func:`read_typed`); checked and scored, it waits
for East-West as :class:`Entered`. East-West confirm it naming their pair
(:func:`same_pair`) and the entry they were shown (:func:`same_entry`, against the
entry stored, :func:`stored_entry`). A table's request refused is a
:class:`TableEntryError`, which carries the HTTP status it is answered with.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_
from arbitro.scoring.results import Result
from arbitro.store.stored import StoredResult
from arbitro.tournament.entry import Entry
from arbitro.web.pages import RefusedRequestError


class TableEntryError(RefusedRequestError):
    """A table's request refused; ``status`` is the HTTP status it is answered with.

    >>> error = TableEntryError(N_("no round of event {event} is open"), 409, event=1)
    >>> str(error), error.status
    ('no round of event 1 is open', 409)
    """


class NoOpenRoundError(TableEntryError):
    """No round is open for the table now: between rounds, or before the first.

    >>> NoOpenRoundError(N_("no round of event {event} is open"), 409, event=1).status
    409
    """


class AlreadyConfirmedError(TableEntryError):
    """A confirmation of a board already confirmed: a retry, or a second phone; ``stored`` is the result.

    The API answers it as the confirmation it repeats (201 with the result); a page
    says the board is confirmed.
    """

    def __init__(self, stored: StoredResult) -> None:
        super().__init__(
            N_("board {board} is already confirmed: {entry}"),
            200,
            board=stored.board,
            entry=stored.entry,
        )
        self.stored = stored


@dataclass(frozen=True)
class TypedEntry:
    """What North-South type for one board, not checked yet: the contract and its result, and who sat where.

    ``contract`` may carry ``X`` or ``XX`` (``4SX``) or be ``Pass``; ``tricks`` is
    ``10``, ``=``, ``+1`` or ``-2``.

    >>> TypedEntry("3NTX", "S", "-1", lead="H4", ns="1", ew="2").entry().to_str()
    '3NTX S 8 lead H4'
    """

    contract: str
    declarer: str = ""
    tricks: str = ""
    lead: str = ""
    ns: str = ""
    ew: str = ""

    def entry(self, lang: str = "en") -> Entry:
        """The traveller entry, checked (raises an error naming the field that is wrong).

        >>> TypedEntry("4S", "N").entry()
        Traceback (most recent call last):
        ...
        arbitro.tournament.entry.InvalidEntryError: invalid result '4S N': the number of tricks is missing
        """
        return Entry.from_fields(
            contract=self.contract.strip() or None,
            declarer=self.declarer.strip() or None,
            tricks=self.tricks.strip() or None,
            lead=self.lead.strip() or None,
            lang=lang,
        )


@dataclass(frozen=True)
class Entered:
    """Stage one of a board's result: entered by North-South, waiting for East-West to confirm it.

    Stage two, East-West's confirmation (:meth:`TableDesk.confirm`), stores it: its
    answer is the :class:`~arbitro.store.stored.StoredResult`.
    """

    board: int
    ns: str
    ew: str
    entry: Entry
    result: Result | None
    replaced: Entry | None = None
    """The different entry of the board that was waiting and that this one replaced."""


def same_pair(typed: str, pair: str) -> bool:
    """Whether ``typed`` names ``pair`` as a table writes it: any case, ``EO`` for ``EW``, or bare.

    A bare number is taken for the pair when the pair is that number with a side
    (``2`` for ``2EW``), since the table confirms for its own East-West.

    >>> [same_pair(text, "2EW") for text in ("2EW", "2eo", "2EO", "2ew", " 2 ", "2NS", "3")]
    [True, True, True, True, True, False, False]
    >>> same_pair("7", "7")
    True
    """
    text = "".join(typed.split()).upper()
    wanted = pair.strip().upper()
    if text.endswith("EO"):
        text = text[:-2] + "EW"
    if text == wanted:
        return True
    return text.isdigit() and wanted.rstrip("NSEW") == text and wanted != text


def read_typed(typed: TypedEntry, lang: str) -> Entry | ArbitroError:
    """``typed``'s entry, or the error that refuses it.

    >>> read_typed(TypedEntry("4S", "N", "10"), "en").to_str()
    '4S N 10'
    >>> print(read_typed(TypedEntry("4S", "N"), "en"))
    invalid result '4S N': the number of tricks is missing
    """
    try:
        return typed.entry(lang)
    except ArbitroError as refused:
        return refused


@lru_cache(maxsize=4096)
def stored_entry(text: str) -> Entry:
    """The entry written ``text`` (:meth:`Entry.from_str`), read once for the process.

    The tables' confirmations read back the entries they stored; a night has few
    different ones (an :class:`Entry` is immutable, so one object serves them all).

    >>> stored_entry("4S N 10") is stored_entry("4S N 10")
    True
    """
    return Entry.from_str(text)


def same_entry(seen: str, text: str) -> bool:
    """Whether ``seen`` (as the page or a client sent it) is the stored entry ``text``."""
    try:
        return stored_entry(seen.strip()).to_str() == text
    except ArbitroError:
        return False
