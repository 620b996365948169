r"""A board played through :class:`~arbitro.table.Table`, to and from a PBN game.

:func:`game_of` writes a table as a PBN game: the board's tags, the auction as it
stands with the irregularity marks of PBN 2.1 section 3.9 (``^I`` before an
insufficient bid the left-hand opponent accepted, Law 27A; ``^S`` in the place of
each player skipped by a call out of rotation that was accepted, Law 29A), a note for
every ruling of the auction (its Law, who chose, what), the play by columns (``^R``
before a revoke, ``^L`` before a lead out of turn that was accepted, Laws 53-55) with
a note for every ruling of the play on its card (PBN 2.1 3.6.5: a revoke's on the
revoking card, a claim's on the last card), the contract, the result and the score. ``Declarer "^S"`` is written when the table's declarer is not
the one the standing auction names.

:func:`table_of` replays a PBN game into a table: each call and card becomes its
event, and a marked irregularity becomes the irregular action followed by the
non-offending side's acceptance (``^I`` -> the insufficient bid, then its left-hand
opponent's ``accept``; ``^S`` -> the call out of rotation, then its acceptance; ``^L``
-> the lead out of turn, then its acceptance; ``Declarer "^S"`` -> the opening lead by
the other defender and declarer's spreading his hand, 54A). A play cut short by ``*``
with a ``Result`` becomes declarer's claim of the tricks that make that result,
accepted (69A); a claim a note records is made again by its claimer with his
statement (:func:`noted_claim`, :func:`statement_part`), and the rulings noted after it
answer and review it again (:func:`noted_ruling`). An unmarked irregularity is an error
naming the line.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> for seat, call in zip("NESWNE", ("1NT", "Pass", "1C", "Pass", "Pass", "Pass")):
...     table.call(seat, call)
...     if table.pending is not None:
...         table.decide("W", "accept")
>>> game = game_of(table)
>>> game.tag("Auction").rows
('1NT Pass ^I 1C =1= Pass', 'Pass Pass')
>>> game["Note"]
'1:Law 27A1 (West: accept): the insufficient bid 1♣ is accepted'
>>> table_of(game).contract
Contract.from_str('1C S')
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from arbitro.core.call import Bid
from arbitro.core.contract import Doubling
from arbitro.core.errors import ArbitroError, PBNSyntaxError
from arbitro.core.notation import SEAT_WORDS
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.formats.pbn.model import PBNFileError, PBNGame, PBNNote, PBNTag, unescape
from arbitro.formats.pbn.sections import read_auction, read_play
from arbitro.formats.pbn.writer import CUT, escape, fitted
from arbitro.i18n import N_, gettext
from arbitro.table import CallStatus, Phase, Table
from arbitro.table.events import (
    AlertEvent,
    ClaimEvent,
    ClaimReviewEvent,
    ExplanationEvent,
    RevokeEvent,
)
from arbitro.table.log import TableLogError, replay
from arbitro.table.log import dumps as dump_log
from arbitro.table.state import DIRECTOR, Ruling

NEEDS_DEALS = True
"""A table log replays a deal: a game without a whole deal cannot be written."""

_VULNERABLE = {
    Vulnerability.NONE: "None",
    Vulnerability.NS: "NS",
    Vulnerability.EW: "EW",
    Vulnerability.ALL: "All",
}
_READ_VULNERABLE = {
    "None": Vulnerability.NONE, "Love": Vulnerability.NONE, "-": Vulnerability.NONE,
    "NS": Vulnerability.NS, "EW": Vulnerability.EW, "All": Vulnerability.ALL,
    "Both": Vulnerability.ALL,
}  # fmt: skip
_DOUBLING = {Doubling.UNDOUBLED: "", Doubling.DOUBLED: "X", Doubling.REDOUBLED: "XX"}
EXTENSIONS = (".jsonl",)
"""The file name endings of table logs."""


ALERT = "Alert"
"""How a note says its call was alerted: ``Alert``, or ``Alert: <explanation>``."""

_CLAIM_NOTE = re.compile(
    r"(?:Law|Artículo) 68[A-Za-z0-9]* \((?P<by>[^():]+): claim\): [^0-9]*(?P<tricks>[0-9]{1,2})(?![0-9])"
)
"""A claim's ruling as :func:`game_of` writes it: its claimer, then the tricks he claims first."""

_SEAT_WORDS = {
    word: Seat(index) for words in SEAT_WORDS.values() for index, word in enumerate(words)
}

_RULING_NOTE = re.compile(r"(?:Law|Artículo) [0-9]{1,2}[A-Za-z0-9]* \(")
"""The start of a ruling's part of a note, as :func:`game_of` writes it (either language)."""

_NOTE_PART = re.compile(r" / (?=(?:Law|Artículo) [0-9]{1,2}[A-Za-z0-9]* \()")
"""Where a note's next ruling begins: the `` / `` before it."""

_RULING_PART = re.compile(
    r"(?:Law|Artículo) (?P<law>[0-9]{1,2}[A-Za-z0-9]*) \((?P<by>[^():]+): (?P<choice>[^():]+)\)"
    r"(?:: (?P<text>.*))?"
)
"""A ruling's part of a note: its Law, who chose (a seat or the Director), what, and its text
(none in its short form, :class:`Part`)."""

_FIRST_RULING = re.compile(r"(?:^| / )(?=(?:Law|Artículo) [0-9]{1,2}[A-Za-z0-9]* \()")
"""Where a call's note's rulings begin: after its alert or explanation, if any."""

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
        rulings :func:`game_of` writes (``Law 27A1 (West: accept): ...``), which a table
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


def _auction_rows(
    table: Table, rulings: list[Part], left_out: list[LeftOutNote] | None = None
) -> tuple[list[str], list[PBNTag]]:
    """The auction's tokens in rows of four, and the notes for alerts, explanations and rulings.

    A call alerted or explained (Law 20F) gets a note that says so
    (:func:`explanation_note`); each of ``rulings`` (those made before any card was
    played, :func:`_ruling_cards`) goes in the note of the standing call its Law
    concerns (the first call the same Law gave its status), else of the last call.
    A call has one note: its alert or explanation, then its rulings in order, joined by
    `` / `` (:func:`_packed`). PBN numbers 32 notes a section: the calls after the 32nd
    with a note get none, and each is added to ``left_out``.
    """
    explained: dict[int, tuple[bool, str | None]] = {}
    for explanation in table.explanations:
        alert, text = explained.get(explanation.call_number, (False, None))
        explained[explanation.call_number] = (
            alert or explanation.alert,
            explanation.text if explanation.text is not None else text,
        )
    tokens: list[str] = []
    laws: list[str] = []
    callers: list[tuple[str, Seat]] = []  # each token's call and seat (a ^S: the seat skipped)
    texts: dict[int, list[Part]] = {}
    expected = table.dealer
    for entry in table.auction:
        if entry.status not in (CallStatus.STANDING, CallStatus.ACCEPTED, CallStatus.DEEMED):
            continue
        mark = ""
        if entry.status is CallStatus.ACCEPTED and (entry.law or "").startswith("27"):
            mark = "^I "
        while entry.seat != expected:
            tokens.append("^S")
            laws.append("")
            callers.append(("^S", expected))
            expected = expected.lho
        if entry.number in explained:
            note = explanation_note(*explained[entry.number])
            if note:
                texts[len(tokens)] = [Part("", note, note)]
        tokens.append(f"{mark}{entry.call}")
        laws.append(entry.law or "")
        callers.append((str(entry.call), entry.seat))
        expected = entry.seat.lho
    for part in rulings:
        if not tokens:
            break
        index = next(
            (at for at, law in enumerate(laws) if law and law[:2] == part.law[:2]),
            len(tokens) - 1,
        )
        texts.setdefault(index, []).append(part)
    notes: list[PBNTag] = []
    for index in sorted(texts)[:_MOST_NOTES]:
        notes.append(PBNTag("Note", f"{len(notes) + 1}:{_packed(texts[index])}"))
        tokens[index] += f" ={len(notes)}="
    if left_out is not None:
        left_out += [
            LeftOutNote("Auction", *callers[index], _packed(texts[index]))
            for index in sorted(texts)[_MOST_NOTES:]
        ]
    rows = [" ".join(tokens[start : start + 4]) for start in range(0, len(tokens), 4)]
    return rows, notes


Place = tuple[int, Seat]
"""A card of the play by its trick (from 0) and the seat that played it."""


class Part(NamedTuple):
    """A part of a note: the Law it is about, its text, and its text shortened to fit a line.

    ``short`` is a ruling's start alone (``Law 70 (Director: 2)``), all that is needed to
    make it again; ``cut`` says the text itself may be cut to fit (a claimer's statement).
    """

    law: str
    text: str
    short: str
    cut: bool = False


_MOST_NOTES = 32
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
    tag = PBNTag("Note", f"{_MOST_NOTES}:{text}")
    return fitted(tag) is tag


def _ruling_part(ruling: Ruling) -> Part:
    """A ruling's part of a note; its short form leaves out the text, but a claim's tricks.

    >>> from arbitro.table.state import Message
    >>> _ruling_part(Ruling("70", "director", "2", Message("the Director awards 2"))).short
    'Law 70 (Director: 2)'
    """
    text = str(ruling)
    start = _RULING_PART.match(text)
    if start is None or start.group("text") is None:
        return Part(ruling.law, text, text)
    short = text[: start.start("text") - 2]
    tricks = ruling.message.details.get("tricks")
    if ruling.choice == "claim" and isinstance(tricks, int):
        short = f"{short}: {tricks}"  # what noted_claim reads
    return Part(ruling.law, text, short)


def _packed(parts: list[Part]) -> str:
    """The note of one call or card: its parts joined by `` / ``, shortened to fit one line.

    PBN 2.1 gives a call or a card one note. When its parts do not fit a line (255
    characters, which the writer would cut, losing the last parts), the rulings are
    written short (:class:`Part`), then a claimer's statement is cut to fit, ending
    ``...``, so that every ruling can be made again.

    >>> print(_packed([Part("68A", "Law 68A (South: claim): ...", "Law 68A (South: claim): ..."),
    ...                Part("69A", "Law 69A (West: accept): accepted", "Law 69A (West: accept)")]))
    Law 68A (South: claim): ... / Law 69A (West: accept): accepted
    >>> note = _packed([Part("68C", "x" * 230, "x" * 230, cut=True),
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

    >>> statement_part(Seat.SOUTH, "draw trumps, then the clubs")
    'Law 68C (South: statement): draw trumps, then the clubs'
    """
    return gettext("Law {law} ({by}: {choice}): {text}").format(
        law="68C", by=seat.localized(), choice=STATEMENT, text=statement
    )


def _last_card(table: Table) -> Place | None:
    """The place of the card played last so far, or ``None`` before the first."""
    if table.current_trick:
        return len(table.tricks), table.current_trick[-1][0]
    if table.tricks:
        return len(table.tricks) - 1, table.tricks[-1].seats[-1]
    return None


def _revoking_card(table: Table, ruling: Ruling) -> Place | None:
    """The revoking card a ruling of Laws 61-64 is about: the revoke of its seat (and trick)."""
    details = ruling.message.details
    seat, trick = str(details.get("seat", "")), details.get("trick")
    found = [
        (entry.trick, entry.seat)
        for entry in table.revokes
        if str(entry.seat) == seat and (trick is None or entry.trick + 1 == trick)
    ]
    return found[-1] if found else None


def _ruling_cards(table: Table) -> list[tuple[Part, Place | None]]:
    """Each ruling with the card its note goes on (PBN 2.1 3.6.5), ``None`` for the auction's.

    A ruling made during the play is about the card played last before it (a claim,
    after the last card of the play; a lead out of turn accepted, after that lead);
    a ruling on a revoke (Laws 61-64) is about the revoking card, whenever it was
    made. A ruling made before any card was played (the auction's, or a claim before
    the opening lead) is the auction's. A claim's statement (68C) follows its claim's
    ruling (:func:`statement_part`). The places come from replaying the table's
    events: a ruling does not record when it was made.
    """
    if not table.rulings:
        return []
    fresh = Table.from_event(table.board)
    places: list[Place | None] = [None] * len(fresh.rulings)
    statements: dict[int, str] = {}
    for event in table.events[1:]:
        fresh.apply(event)
        places += [_last_card(fresh)] * (len(fresh.rulings) - len(places))
        if isinstance(event, ClaimEvent) and event.statement and places:
            statements[len(places) - 1] = statement_part(event.seat, event.statement)
    placed: list[tuple[Part, Place | None]] = []
    for number, (ruling, place) in enumerate(zip(table.rulings, places, strict=True)):
        if place is not None and ruling.law[:2] in ("61", "62", "63", "64"):
            place = _revoking_card(table, ruling) or place
        placed.append((_ruling_part(ruling), place))
        if number in statements:
            text = statements[number]
            placed.append((Part("68C", text, text, cut=True), place))
    return placed


def _play_rows(
    table: Table, rulings: list[tuple[Part, Place]], left_out: list[LeftOutNote] | None = None
) -> tuple[str, list[str], list[PBNTag]] | None:
    """The play section: the opening leader, the tricks by columns, and the rulings' notes.

    Each ruling's note follows its card (``=1=``, PBN 2.1 3.6.5), the rulings on one card
    joined by `` / `` (:func:`_packed`) and numbered in the order of play; a ruling on a card the play no longer shows (withdrawn, or
    missing from a defective trick) goes on its last card. The cards after the 32nd
    with a note get none (PBN numbers 32 a section), each added to ``left_out``.
    """
    leader = table.opening_leader
    if leader is None or not (table.tricks or table.current_trick):
        return None
    order = [(number, seat) for number, trick in enumerate(table.tricks) for seat in trick.seats]
    order += [(len(table.tricks), seat) for seat, _ in table.current_trick]
    texts: dict[Place, list[Part]] = {}
    for part, place in rulings:
        texts.setdefault(place if place in order else order[-1], []).append(part)
    notes: list[PBNTag] = []
    references: dict[Place, str] = {}
    noted = [place for place in order if place in texts]
    for place in noted[:_MOST_NOTES]:
        notes.append(PBNTag("Note", f"{len(notes) + 1}:{_packed(texts[place])}"))
        references[place] = f" ={len(notes)}="
    if left_out is not None:
        cards = {
            (number, seat): card
            for number, trick in enumerate(table.tricks)
            for seat, card in zip(trick.seats, trick.cards, strict=True)
        }
        cards.update(((len(table.tricks), seat), card) for seat, card in table.current_trick)
        left_out += [
            LeftOutNote("Play", cards[place].to_str(), place[1], _packed(texts[place]))
            for place in noted[_MOST_NOTES:]
        ]
    revoked = {(entry.trick, entry.seat) for entry in table.revokes}
    rows: list[str] = []
    expected = leader
    for number, trick in enumerate(table.tricks):
        marks = dict.fromkeys(Seat, "")
        if trick.leader != expected:
            marks[trick.leader] = "^L "
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            # PBN 3.9: ^R marks a card that did not follow suit; a revoke Law 67B1a deems
            # made with a card of the suit led is told by its ruling's note alone.
            if (number, seat) in revoked and card.suit != trick.cards[0].suit:
                marks[seat] = "^R "
        # A defective trick (Law 67) lacks a seat's card: PBN writes "-" for it.
        by_seat = dict(zip(trick.seats, trick.cards, strict=True))
        rows.append(
            " ".join(
                f"{marks[seat]}{by_seat.get(seat, '-')}{references.get((number, seat), '')}"
                for seat in _from(leader)
            )
        )
        expected = trick.winner
    current = dict(table.current_trick)
    if current:
        number = len(table.tricks)
        rows.append(
            " ".join(
                f"{current.get(seat, '-')}{references.get((number, seat), '')}"
                for seat in _from(leader)
            )
        )
    if len(table.tricks) < 13:
        rows.append("*")
    return str(leader), rows, notes


def _from(first: Seat) -> tuple[Seat, ...]:
    return tuple(Seat((first + step) % 4) for step in range(4))


def game_of(table: Table, left_out: list[LeftOutNote] | None = None, **tags: str) -> PBNGame:
    """The PBN game of a table; ``tags`` add or replace tags (``Event="Club"``).

    PBN numbers at most 32 notes in the auction and 32 in the play (2.1 3.6.5: ``=1=``
    to ``=32=``): a call or card with a note beyond them (a long auction of a LIN file
    whose every call is explained) is written without it, and added to ``left_out``,
    for the reader to tell the user.

    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> game_of(Table(EXAMPLE_DEAL, number=3), Event="Club")["Vulnerable"]
    'EW'
    """
    found: list[PBNTag] = [
        PBNTag("Event", "?"),
        PBNTag("Board", str(table.number) if table.number is not None else "?"),
        PBNTag("Dealer", str(table.dealer)),
        PBNTag("Vulnerable", _VULNERABLE[table.vulnerability]),
        PBNTag("Deal", table.deal.to_str()),
    ]
    contract = table.contract
    placed = _ruling_cards(table)
    rows, notes = _auction_rows(
        table, [ruling for ruling, place in placed if place is None], left_out
    )
    if contract is not None:
        found += [
            PBNTag("Declarer", _declarer(table, contract.declarer)),
            PBNTag("Contract", f"{contract.level}{contract.strain}{_DOUBLING[contract.doubling]}"),
        ]
    elif table.phase.name in ("OVER", "RESULT", "FINISHED") or _passed_out(table):
        found += [PBNTag("Declarer", ""), PBNTag("Contract", "Pass")]
    score = table.score()
    declarer = None if contract is None else contract.declarer
    if score is not None and declarer is not None:
        # PBN 4.2 scores Contract and Result: the tricks credited after Law 64's transfer.
        found.append(PBNTag("Result", str(table.tricks_credited(declarer.side))))
    if rows:
        found.append(PBNTag("Auction", str(table.dealer), tuple(rows)))
    found += notes
    play = _play_rows(
        table, [(ruling, place) for ruling, place in placed if place is not None], left_out
    )
    if play is not None:
        found.append(PBNTag("Play", play[0], tuple(play[1])))
        found += play[2]
    if score is not None:
        found.append(PBNTag("Score", f"NS {score}"))
    game = PBNGame(tuple(found))
    return game.with_tags(*(PBNTag(name, value) for name, value in tags.items()))


def _declarer(table: Table, seat: Seat | None) -> str:
    """``S``, or ``^S`` when the table's declarer is not the one the auction names (54A)."""
    standing = [
        entry
        for entry in table.auction
        if entry.status in (CallStatus.STANDING, CallStatus.ACCEPTED, CallStatus.DEEMED)
    ]
    bids = [(entry.seat, entry.call) for entry in standing if isinstance(entry.call, Bid)]
    if seat is None or not bids:
        return "" if seat is None else str(seat)
    last_seat, last_bid = bids[-1]
    named = next(
        bidder
        for bidder, bid in bids
        if bidder.side == last_seat.side and bid.strain == last_bid.strain
    )
    return str(seat) if named == seat else f"^{seat}"


def _passed_out(table: Table) -> bool:
    standing = [entry for entry in table.auction if entry.status is CallStatus.STANDING]
    return len(standing) == 4 and all(str(entry.call) == "Pass" for entry in standing)


def _refused(source: str, line: int, text: str, error: Exception) -> PBNSyntaxError:
    return PBNSyntaxError.at(
        source, line, text, N_("the table cannot take this: {why}"), why=str(error)
    )


def table_of(game: PBNGame, source: str = "<text>") -> Table:
    r"""Replay a PBN game into a table: the auction, then the play, with marked irregularities.

    >>> from arbitro.formats.pbn import loads
    >>> game = loads('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    ...     '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
    ...     '[Auction "N"]\n1S 2S AP\n')[0]
    >>> str(table_of(game).contract)
    '2S E'
    """
    deal = game.deal()
    if deal is None:
        written = game.get("Deal")
        if written is None:  # named by its board, on the game's first line
            raise PBNSyntaxError.at(
                source,
                game.line,
                f'[Board "{game.get("Board") or "?"}"]',
                N_("the game has no Deal tag: a table needs a whole deal"),
            )
        raise PBNSyntaxError.at(
            source, game.line_of("Deal"), f'[Deal "{written}"]', N_("a table needs a whole deal")
        )
    board = game.known("Board")
    number = int(board) if board is not None and _is_number(board) and int(board) > 0 else None
    dealer = game.seat("Dealer")
    vulnerability = _READ_VULNERABLE.get(game.get("Vulnerable", "") or "")
    if number is None and (dealer is None or vulnerability is None):
        raise PBNSyntaxError.at(
            source,
            game.line,
            game.get("Board") or "",
            N_("a table needs the board number or the dealer and the vulnerability"),
        )
    table = Table(deal, dealer, vulnerability, number)
    errors: list[PBNSyntaxError] = []
    auction_tag = game.tag("Auction")
    if auction_tag is None:
        _refuse_result_without_auction(game, source)
    if auction_tag is not None:
        _replay_auction(table, auction_tag, source, errors, _section_notes(game))
    play_tag = game.tag("Play")
    if play_tag is not None and not errors:
        _replay_play(table, play_tag, source, errors, game.get("Declarer", "") or "")
    if auction_tag is not None and not errors:
        _replay_end(table, game, source, errors, cut=play_tag is not None)
    elif play_tag is not None and not errors:
        _replay_transfer(table, game, source, errors)
    if errors:
        raise PBNFileError.of_errors(errors)
    return table


def _refuse_result_without_auction(game: PBNGame, source: str) -> None:
    """A contract or result with no auction: a table cannot reach it, nor silently drop it."""
    for name in ("Contract", "Result"):
        value = game.known(name)
        if value is not None and value.upper() != "PASS":
            raise PBNSyntaxError.at(
                source,
                game.line_of(name),
                value,
                N_("a table cannot keep the {tag} of a board without its auction"),
                tag=name,
            )


def _accept(table: Table) -> None:
    decision = table.pending
    if decision is None:
        return
    choices = [option.choice for option in decision.options]
    if "accept" not in choices:
        raise ValueError(f"no acceptance offered: {', '.join(choices)}")
    table.decide("director" if decision.by is None else decision.by, "accept")


def _section_notes(game: PBNGame, section: str = "Auction") -> dict[int, str]:
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
            if colon and _is_number(number.strip(), 2):
                notes.setdefault(int(number), text)
    return notes


def _explain(table: Table, seat: Seat, number: int, note: str | None) -> None:
    """A call's note replayed: partner's alert and explanation of it (Law 20F)."""
    if note is None:
        return
    alert, text = read_explanation_note(note)
    if alert:
        table.apply(AlertEvent(seat.partner, number))
    if text is not None:
        table.apply(ExplanationEvent(seat.partner, number, text))


def _replay_auction(
    table: Table,
    tag: PBNTag,
    source: str,
    errors: list[PBNSyntaxError],
    notes: dict[int, str] | None = None,
) -> None:
    """Make each call of the auction, with its marks, and replay its note's alert and explanation."""
    auction = read_auction(tag, source, errors)
    skipped = False
    started = False
    for item in auction.items:
        token = item.token.upper()
        if token == "-" and not started:
            continue
        started = True
        if token == "^S":
            skipped = True
            continue
        if token == "+":
            break
        try:
            if token == "AP":
                while table.phase.name == "AUCTION" and table.turn is not None:
                    table.call(table.turn, "Pass")
                break
            call = "Pass" if token in ("P", "-") else item.token
            if call.upper().endswith("N"):
                call += "T"
            made = len(table.auction)
            table.call(item.seat, call)
            if table.pending is not None:
                if not (item.mark == "^I" or skipped):
                    raise ValueError(table.pending.question)
                _accept(table)
            for number in item.notes:
                _explain(table, item.seat, table.auction[made].number, (notes or {}).get(number))
            skipped = False
        except (ArbitroError, ValueError) as error:
            errors.append(_refused(source, item.line, item.token, error))
            return


def _replay_play(
    table: Table, tag: PBNTag, source: str, errors: list[PBNSyntaxError], declarer: str = ""
) -> None:
    """Play the cards trick by trick from their leader, marks become their events.

    ``^L`` is the lead out of turn and its acceptance; ``Declarer "^S"`` the opening
    lead by the other defender and declarer's spreading his hand (54A).
    """
    play = read_play(tag, source, errors)
    swapped = declarer.startswith("^") and str(table.declarer) != declarer[1:]
    tricks: dict[int, dict[Seat, tuple[str, object]]] = {}
    for item in play.items:
        tricks.setdefault(item.trick, {})[item.seat] = (item.mark, item)
    leader = table.opening_leader
    for number in sorted(tricks):
        cards = tricks[number]
        marked = [seat for seat, (mark, _) in cards.items() if mark == "^L"]
        if marked:
            leader = marked[0]
        elif swapped and number == 0:
            leader = play.first
        if leader is None:
            return
        for seat in _from(leader):
            if seat not in cards:
                return
            mark, found = cards[seat]
            line = getattr(found, "line", tag.line)
            card = getattr(found, "card", None)
            try:
                table.play(seat, card)  # type: ignore[arg-type]
                if table.face_down_lead is not None:
                    table.face_lead()
                if table.pending is not None and swapped and number == 0:
                    by = table.pending.by
                    table.decide("director" if by is None else by, "spread")
                    if table.face_down_lead is not None:
                        table.face_lead()
                if table.pending is not None:
                    if mark != "^L":
                        raise ValueError(table.pending.question)
                    _accept(table)
            except (ArbitroError, ValueError) as error:
                errors.append(_refused(source, line, str(card), error))
                return
        if table.tricks:
            leader = table.tricks[-1].winner


def noted_claim(note: str) -> tuple[Seat, int] | None:
    """The claimer and the tricks claimed of a note's claim ruling, as :func:`game_of` writes it.

    A note's parts are joined by `` / ``; the last claim among them counts. The ruling
    is read in either language.

    >>> noted_claim("Law 68A (South: claim): South claims 3 of the 3 tricks left; play stops")
    (Seat.SOUTH, 3)
    >>> noted_claim("Artículo 68A (Oeste: claim): Oeste reclama 0 de las 4 bazas restantes")
    (Seat.WEST, 0)
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
    """A note's parts, as :func:`game_of` joins them: split by `` / `` before each ruling.

    A part may itself hold `` / `` (an explanation, a claimer's statement): only a
    `` / `` followed by a ruling's start (``Law 70 (``) begins another part.

    >>> note_parts("Law 68A (South: claim): ... / Law 68C (South: statement): ruff / draw")
    ['Law 68A (South: claim): ...', 'Law 68C (South: statement): ruff / draw']
    """
    return _NOTE_PART.split(note)


def noted_ruling(part: str) -> tuple[str, str, str, str] | None:
    """The Law, who (a seat such as ``S``, or ``director``), the choice and the text of a ruling's part.

    Read in either language; None when the part is not a ruling as :func:`game_of` writes it.

    >>> noted_ruling("Artículo 70 (Árbitro: 2): el árbitro asigna 2 bazas")
    ('70', 'director', '2', 'el árbitro asigna 2 bazas')
    >>> noted_ruling("Law 69A (West: accept): the claim is accepted")
    ('69A', 'W', 'accept', 'the claim is accepted')
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
    return match.group("law"), who, match.group("choice"), match.group("text") or ""


def _noted_parts(game: PBNGame, table: Table) -> list[str]:
    """The parts of the notes of the play, in order; before any card was played, of the auction."""
    section = "Play" if table.tricks or table.current_trick else "Auction"
    return [
        part
        for _, note in sorted(_section_notes(game, section).items())
        for part in note_parts(note)
    ]


def _noted_claim(game: PBNGame, table: Table) -> tuple[ClaimEvent, list[str]] | None:
    """The last claim the game's notes record, with its statement, and the parts after it.

    The claim's part (``Law 68A (South: claim): ...``, :func:`noted_claim`) is followed
    by its statement's (68C, :func:`statement_part`) when the claimer gave one, then
    by the rulings made after it: the answer, the Director's award, a review. A
    concession partner objected to (68B2) is none: play went on, and nothing is made.
    """
    parts = _noted_parts(game, table)
    for index in range(len(parts) - 1, -1, -1):
        claim = noted_claim(parts[index])
        if claim is None:
            continue
        seat, tricks = claim
        rest = parts[index + 1 :]
        if any((noted_ruling(part) or ("",) * 4)[2] == "object" for part in rest):
            return None  # 68B2: partner objected at once, there was no concession
        statement = ""
        stated = noted_ruling(rest[0]) if rest else None
        if stated is not None and stated[1:3] == (str(seat), STATEMENT) and stated[0] == "68C":
            statement, rest = stated[3].strip(), rest[1:]
        return ClaimEvent(seat, tricks, statement), rest
    return None


def _answer_from_notes(table: Table, parts: list[str]) -> None:
    """Make again the rulings of ``parts`` that answer the table's decisions, in order.

    A ruling whose choice the pending decision offers is that decision, by the one the
    ruling names (``Law 69A (West: accept)``: West accepts; ``Law 70 (Director: 2)``:
    the Director awards 2 tricks); a ``review`` ruling with no decision pending is a
    player's request that the Director review the settled claim (69B, 71). Any other
    part is left out: the table makes its own rulings again.
    """
    for part in parts:
        ruling = noted_ruling(part)
        if ruling is None:
            continue
        _, by, choice, _ = ruling
        pending = table.pending
        if pending is None:
            if choice == "review" and by != DIRECTOR:
                table.apply(ClaimReviewEvent(Seat.from_str(by)))
        elif choice in {option.choice for option in pending.options}:
            table.decide(by, choice)


def _replay_noted_claim(
    table: Table, game: PBNGame, source: str, errors: list[PBNSyntaxError]
) -> bool:
    """The claim the game's notes record, made again with its statement and what followed it.

    The claimer makes it again (68), the rulings noted after it answer it (69A, 70) and
    review it (69B, 71), as :func:`_answer_from_notes` reads them; a claim the notes
    leave waiting is accepted when the game has a ``Result`` (a file that noted the
    claim alone). False when the notes record no claim the table can take.
    """
    declarer = table.declarer
    if declarer is None or table.phase not in (Phase.OPENING_LEAD, Phase.PLAY):
        return False
    if len(table.tricks) >= 13:
        return False
    noted = _noted_claim(game, table)
    if noted is None:
        return False
    claim, rest = noted
    try:
        table.apply(claim)
        _answer_from_notes(table, rest)
        pending = table.pending
        if game.result_tricks() is not None and pending is not None and pending.law == "69":
            _accept(table)
    except (ArbitroError, ValueError) as error:
        errors.append(_refused(source, game.line_of("Result"), game.known("Result") or "", error))
    return True


def _replay_end(
    table: Table,
    game: PBNGame,
    source: str,
    errors: list[PBNSyntaxError],
    *,
    cut: bool,
) -> None:
    """The end of the board: the claim the notes record, or the one the result makes; the revokes.

    The claim in the notes (:func:`_replay_noted_claim`) counts when the board it leads
    to, after the revokes noticed at the end of the play (:func:`_replay_transfer`),
    credits declarer the ``Result``'s tricks; else (another program's file, a result
    edited by hand, no claim noted) a play cut short with a ``Result`` is declarer's
    claim of the tricks that make it, accepted (:func:`_replay_claim`).
    """
    before = table.snapshot()
    tried: list[PBNSyntaxError] = []
    if _replay_noted_claim(table, game, source, tried):
        if cut and not tried:
            _replay_transfer(table, game, source, tried)
        tricks = game.result_tricks()
        declarer = table.declarer
        if not tried and (
            tricks is None
            or (declarer is not None and table.tricks_credited(declarer.side) == tricks)
        ):
            return
        table.restore(before)
    _replay_claim(table, game, source, errors, cut=cut)
    if cut and not errors:
        _replay_transfer(table, game, source, errors)


def _replay_claim(
    table: Table,
    game: PBNGame,
    source: str,
    errors: list[PBNSyntaxError],
    *,
    cut: bool = True,
) -> None:
    """A play cut short (``*``, ``cut``) with a ``Result``: declarer's claim of the tricks that make it.

    The defenders accept it (Laws 68-69).
    """
    result = game.known("Result") or ""
    tricks = game.result_tricks()
    declarer = table.declarer
    if declarer is None or table.phase not in (Phase.OPENING_LEAD, Phase.PLAY):
        return
    if len(table.tricks) >= 13 or tricks is None or not cut:
        return
    try:
        table.apply(ClaimEvent(declarer, tricks - table.tricks_won(declarer.side), ""))
        if table.pending is not None:
            _accept(table)
    except (ArbitroError, ValueError) as error:
        errors.append(_refused(source, game.line_of("Result"), result, error))


_REVOKE_NOTE = re.compile(r"(?:Law|Artículo) 6[1-4][A-Za-z0-9]* \(")
"""A ruling on a revoke (Laws 61-64) as :func:`game_of` writes it in a note."""


def _noted_revokes(game: PBNGame, source: str) -> set[tuple[int, Seat]]:
    """The cards of the play (trick from 0, seat) whose note holds a ruling on a revoke."""
    tag = game.tag("Play")
    if tag is None:
        return set()
    notes = _section_notes(game, "Play")
    return {
        (item.trick, item.seat)
        for item in read_play(tag, source, []).items
        if any(
            _REVOKE_NOTE.match(part.strip())
            for number in item.notes
            for part in note_parts(notes.get(number, ""))
        )
    }


def _replay_transfer(
    table: Table, game: PBNGame, source: str, errors: list[PBNSyntaxError]
) -> None:
    """A ``Result`` other than the tricks won in play, or a revoke's ruling noted: the revokes were noticed.

    Once the play is over, attention drawn to an established revoke gives Law 64A's
    transfer: to each revoke when the ``Result`` tag names other tricks than the play's,
    so that the table credits them; to a revoke whose card carries the note of a ruling
    of Laws 61-64 (:func:`game_of` writes it there) in any case, so that the table
    makes that ruling again.
    """
    result = game.known("Result") or ""
    tricks = game.result_tricks()
    declarer = table.declarer
    if declarer is None or table.phase is not Phase.COMPLETE:
        return
    noted = _noted_revokes(game, source)
    # ^: a result the players agreed, not the cards' (PBN 3.4.15)
    moved = (
        tricks is not None
        and not result.startswith("^")
        and tricks != table.tricks_credited(declarer.side)
    )
    if not moved and not noted:
        return
    try:
        for revoke in table.revokes:
            if not revoke.established or revoke.noticed:
                continue
            if moved or (revoke.trick, revoke.seat) in noted:
                table.apply(RevokeEvent(revoke.seat))
    except (ArbitroError, ValueError) as error:
        errors.append(_refused(source, game.line_of("Result"), result, error))
        return
    if not moved:
        return
    credited = table.tricks_credited(declarer.side)
    if tricks != credited:
        errors.append(
            PBNSyntaxError.at(
                source,
                game.line_of("Result"),
                result,
                N_(
                    "the play gives declarer {tricks} tricks, after any revoke marked ^R: "
                    "a table cannot replay another result"
                ),
                tricks=credited,
            )
        )


def _is_number(text: str, digits: int = 4) -> bool:
    """Whether ``text`` is a whole number of 0-9 digits, short enough to be read.

    >>> [_is_number(text) for text in ("12", "²", "٣", "9" * 5000, "")]
    [True, False, False, False, False]
    """
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


PLAYERS = ("North", "East", "South", "West")
"""The tags of the players' names, which a table log keeps in comment lines (``# [North "…"]``)."""

_PLAYER_LINE = re.compile(r'#\s*\[(North|East|South|West) "((?:[^"\\]|\\.)*)"\]\s*')


LEAVES_OUT = True
"""The game of a table log may leave out what PBN cannot number (a 33rd note of a section)."""


def read_games(
    text: str,
    source: str = "<log>",
    *,
    strict: bool = True,
    left_out: list[PBNSyntaxError] | None = None,
) -> list[PBNGame]:
    r"""The game of a table log (JSON Lines): the board as played, with the players' names.

    The names are the log's comment lines that hold a PBN tag of a player
    (``# [North "Muñoz, Luis"]``), as :func:`write_games` writes them; the table skips
    every comment line. A note the game cannot hold (:func:`game_of`) is a warning
    added to ``left_out``, naming the log and the line of its board.

    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> game = read_games('# [North "Muñoz, Luis"]\n{"event": "board", "board": 2, "deal": "%s"}'
    ...                   % EXAMPLE_DEAL)[0]
    >>> game["Dealer"], game["North"]
    ('E', 'Muñoz, Luis')
    """
    lines = text.splitlines()
    try:
        table = replay(lines, source)
    except TableLogError as error:
        raise PBNSyntaxError.at(
            source, error.line, "", N_("the table log cannot be replayed: {why}"), why=error.reason
        ) from None
    names: dict[str, str] = {}
    for line in lines:
        found = _PLAYER_LINE.fullmatch(line.strip()) if line.lstrip().startswith("#") else None
        if found is not None and found.group(2):
            names.setdefault(found.group(1), unescape(found.group(2)))
    unwritten: list[LeftOutNote] = []
    game = game_of(table, unwritten, **names)
    if left_out is not None and unwritten:
        start = next(
            (at for at, line in enumerate(lines, 1) if line.strip() and line.lstrip()[0] != "#"),
            0,
        )
        board = game.get("Board") or "?"
        left_out += [note.warning(source, start, board) for note in unwritten]
    return [game]


def write_games(games: list[PBNGame], source: str = "<games>") -> str:
    r"""The table log of the one game in ``games``, the players' names first; problems name ``source``.

    Each player's name the game knows is a comment line holding its PBN tag
    (``# [North "Muñoz, Luis"]``), which the table skips and :func:`read_games` reads.

    >>> from arbitro.formats.pbn import loads
    >>> game = loads('[Board "1"]\n[North "Muñoz, Luis"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ '
    ...     '765.432.AKQJ.T98 432.AKQJ.T98.765"]\n')[0]
    >>> lines = write_games([game]).splitlines()
    >>> lines[0], lines[1][:28]
    ('# [North "Muñoz, Luis"]', '{"event": "board", "board": ')
    """
    if len(games) != 1:
        raise PBNSyntaxError.at(
            source,
            0,
            source,
            N_("a table log holds exactly one board, not {count}"),
            count=len(games),
        )
    game = games[0]
    table = table_of(game, source)
    names = "".join(  # one line each: a name read from LIN may hold a line break
        f'# [{seat} "{escape(" ".join(name.splitlines()))}"]\n'
        for seat in PLAYERS
        if (name := game.known(seat))
    )
    return names + dump_log(table)


def check(text: str, source: str = "<log>", *, strict: bool = True) -> list[PBNSyntaxError]:
    """The problems of a table log: none, or the line where replaying it stops.

    >>> [error.line for error in check('{"event": "nonsense"}', "a.jsonl")]
    [1]
    """
    try:
        read_games(text, source)
    except PBNSyntaxError as error:
        return [error]
    return []


def load(path: str | Path) -> PBNGame:
    """The game of the table log at ``path``.

    >>> load("no-such-log.jsonl")
    Traceback (most recent call last):
    ...
    arbitro.core.errors.PBNSyntaxError: no-such-log.jsonl: the file cannot be read: no such file or folder
    """
    from arbitro.formats.pbn import read_file

    return read_games(read_file(path), str(path))[0]


def dump(game: PBNGame, path: str | Path) -> None:
    """Write the table log of ``game`` to ``path``.

    >>> import os, tempfile
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> target = os.path.join(tempfile.mkdtemp(), "board.jsonl")
    >>> dump(game_of(Table(EXAMPLE_DEAL, number=4)), target)
    >>> load(target)["Board"]
    '4'
    """
    from arbitro.formats.pbn import write_file

    write_file(path, write_games([game]))
