r"""A table as a PBN game: :func:`game_of`.

The board's tags, the auction as it stands with the irregularity marks of PBN 2.1
section 3.9 (``^I`` before an insufficient bid the left-hand opponent accepted, Law
27A; ``^S`` in the place of each player skipped by a call out of rotation that was
accepted, Law 29A), a note for every ruling of the auction (its Law, who chose, what),
the play by columns (``^R`` before a revoke, ``^L`` before a lead out of turn that was
accepted, Laws 53-55) with a note for every ruling of the play on its card (PBN 2.1
3.6.5: a revoke's on the revoking card, a claim's on the last card), the contract, the
result and the score. ``Declarer "^S"`` is written when the table's declarer is not
the one the standing auction names. The notes are written as
:mod:`arbitro.formats.pbn.table_notes` says, which the reader
(:mod:`arbitro.formats.pbn.table_reader`) reads back.

>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> table.call("N", "1NT")
>>> game = game_of(table)
>>> game["Dealer"], game.tag("Auction").rows
('N', ('1NT',))
"""

from __future__ import annotations

from arbitro.core.call import Bid
from arbitro.core.contract import Doubling
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.formats.pbn.model import PBNGame, PBNTag
from arbitro.formats.pbn.sections import seats_from
from arbitro.formats.pbn.table_notes import (
    LeftOutNote,
    Part,
    explanation_note,
    numbered,
    packed,
    ruling_part,
    statement_part,
)
from arbitro.table import CallStatus, Table
from arbitro.table.events import ClaimEvent
from arbitro.table.rulings import Ruling

_VULNERABLE = {
    Vulnerability.NONE: "None",
    Vulnerability.NS: "NS",
    Vulnerability.EW: "EW",
    Vulnerability.ALL: "All",
}
_DOUBLING = {Doubling.UNDOUBLED: "", Doubling.DOUBLED: "X", Doubling.REDOUBLED: "XX"}


def _auction_rows(
    table: Table, rulings: list[Part], left_out: list[LeftOutNote] | None = None
) -> tuple[list[str], list[PBNTag]]:
    """The auction's tokens in rows of four, and the notes for alerts, explanations and rulings.

    A call alerted or explained (Law 20F) gets a note that says so
    (:func:`explanation_note`); each of ``rulings`` (those made before any card was
    played, :func:`_ruling_cards`) goes in the note of the standing call its Law
    concerns (the first call the same Law gave its status), else of the last call.
    A call has one note: its alert or explanation, then its rulings in order, joined by
    `` / `` (:func:`~arbitro.formats.pbn.table_notes.packed`). PBN numbers 32 notes a section: the calls after the 32nd
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
    notes, references, rest = numbered(sorted(texts), texts)
    for index, reference in references.items():
        tokens[index] += reference
    if left_out is not None:
        left_out += [
            LeftOutNote("Auction", *callers[index], packed(texts[index])) for index in rest
        ]
    rows = [" ".join(tokens[start : start + 4]) for start in range(0, len(tokens), 4)]
    return rows, notes


Place = tuple[int, Seat]
"""A card of the play by its trick (from 0) and the seat that played it."""


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
        placed.append((ruling_part(ruling), place))
        if number in statements:
            text = statements[number]
            placed.append((Part("68C", text, text, cut=True), place))
    return placed


def _play_rows(
    table: Table, rulings: list[tuple[Part, Place]], left_out: list[LeftOutNote] | None = None
) -> tuple[str, list[str], list[PBNTag]] | None:
    """The play section: the opening leader, the tricks by columns, and the rulings' notes.

    Each ruling's note follows its card (``=1=``, PBN 2.1 3.6.5), the rulings on one card
    joined by `` / `` (:func:`~arbitro.formats.pbn.table_notes.packed`) and numbered in the order of play; a ruling on a card the play no longer shows (withdrawn, or
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
    notes, references, rest = numbered([place for place in order if place in texts], texts)
    if left_out is not None:
        cards = {
            (number, seat): card
            for number, trick in enumerate(table.tricks)
            for seat, card in zip(trick.seats, trick.cards, strict=True)
        }
        cards.update(((len(table.tricks), seat), card) for seat, card in table.current_trick)
        left_out += [
            LeftOutNote("Play", cards[place].to_str(), place[1], packed(texts[place]))
            for place in rest
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
                for seat in seats_from(leader)
            )
        )
        expected = trick.winner
    current = dict(table.current_trick)
    if current:
        number = len(table.tricks)
        rows.append(
            " ".join(
                f"{current.get(seat, '-')}{references.get((number, seat), '')}"
                for seat in seats_from(leader)
            )
        )
    if len(table.tricks) < 13:
        rows.append("*")
    return str(leader), rows, notes


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
    """Whether the auction stands at four passes (Law 22A1: the board is passed out)."""
    standing = [entry for entry in table.auction if entry.status is CallStatus.STANDING]
    return len(standing) == 4 and all(str(entry.call) == "Pass" for entry in standing)
