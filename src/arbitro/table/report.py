"""The state of a table for people (text in the active language) and for programs (JSON).

>>> from arbitro.table.events import EXAMPLE_DEAL
>>> from arbitro.table import Table
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> table.call("N", "1NT")
>>> for line in report_lines(table)[:4]:
...     print(line)
Board 1: dealer North, nobody vulnerable
Phase: auction
Auction:
   1. North  1NT
>>> report_json(table)["turn"]
'E'
"""

from __future__ import annotations

from arbitro.core import Board, Side
from arbitro.i18n import N_, NP_, get_language, gettext, ngettext
from arbitro.table.auction_record import AuctionEntry, CallStatus
from arbitro.table.choice_words import choice_written
from arbitro.table.facts import FACT_LABELS
from arbitro.table.rulings import Decision
from arbitro.table.table import Table

_STATUS_TEXT = {
    CallStatus.ACCEPTED: N_("accepted (Law {law})"),
    CallStatus.DEEMED: N_("deemed made (Law {law})"),
    CallStatus.PENDING: N_("waiting for the ruling (Law {law})"),
    CallStatus.WITHDRAWN: N_("withdrawn (Law {law})"),
    CallStatus.CANCELLED: N_("cancelled (Law {law})"),
}


_NEEDS = {"suit": N_("suit"), "suits": N_("suits"), "call": N_("call"), "card": N_("card")}
"""What an option must come with, as the report names it (the log's field: ``suit``, ...)."""


def _entry_line(entry: AuctionEntry, decision: Decision | None) -> str:
    """One call of the auction, marked with what became of it.

    A call pending while a seat decides (27A, 29A) names the seat: ``waiting for the
    decision of West (Law 27)``.
    """
    line = f"  {entry.number:>2}. {entry.seat.localized():<6} {entry.call.localized()}"
    marks = []
    if entry.status is CallStatus.PENDING and decision is not None and decision.by is not None:
        marks.append(
            gettext("waiting for the decision of {seat} (Law {law})").format(
                seat=decision.by.localized(), law=entry.law or "-"
            )
        )
    elif entry.status is not CallStatus.STANDING or entry.law:
        text = _STATUS_TEXT.get(entry.status, N_("stands (Law {law})"))
        marks.append(gettext(text).format(law=entry.law or "-"))
    if entry.unauthorized_for is not None:
        marks.append(
            gettext("unauthorised information for {side} (16D)").format(
                side=entry.unauthorized_for.localized()
            )
        )
    if marks:
        line += "  [" + "; ".join(marks) + "]"
    return line


def declarer_tricks_text(table: Table) -> str | None:
    """The declaring side's tricks as the result counts them, any transfer stated (Law 64).

    ``11 (10 + 1 transferred, Law 64A2)``: the tricks credited, then the tricks won in
    play and the tricks the revokes transferred (64A1, 64A2; a defective trick's card
    placed later is a revoke, 67B1), each with its Law. None before the contract.

    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> declarer_tricks_text(table) is None
    True
    >>> for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> declarer_tricks_text(table)
    '0'
    """
    declarer = table.declarer
    if declarer is None:
        return None
    side = declarer.side
    credited = table.tricks_credited(side)
    moved = [transfer for transfer in table.transfers if transfer.tricks]
    if not moved:
        return str(credited)
    parts = []
    for transfer in moved:
        given = transfer.revoke.seat.side != side  # the opponents revoked: to declarer
        singular, plural = (
            NP_("+ {count} transferred, Law {law}", "+ {count} transferred, Law {law}")
            if given
            else NP_("- {count} transferred, Law {law}", "- {count} transferred, Law {law}")
        )
        parts.append(
            ngettext(singular, plural, transfer.tricks).format(
                count=transfer.tricks, law=transfer.law
            )
        )
    return gettext("{total} ({won} {transfers})").format(
        total=credited, won=table.tricks_won(side), transfers="; ".join(parts)
    )


def report_lines(table: Table) -> list[str]:
    """The table's state as lines of text in the active language.

    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> report_lines(Table(EXAMPLE_DEAL, number=5))[0]
    'Board 5: dealer North, North-South vulnerable'
    """
    if table.number is not None:
        board = Board(table.number, table.dealer, table.vulnerability)
        lines = [board.localized()]
    else:
        lines = [
            gettext("Dealer {dealer}, {vulnerability}").format(
                dealer=table.dealer.localized(), vulnerability=table.vulnerability.localized()
            )
        ]
    lines.append(gettext("Phase: {phase}").format(phase=table.phase.localized()))
    if table.auction:
        lines.append(gettext("Auction:"))
        lines.extend(_entry_line(entry, table.pending) for entry in table.auction)
    for explanation in table.explanations:
        kind = gettext("alert") if explanation.alert else f'"{explanation.text}"'
        if explanation.late:
            kind = gettext("late alert, after the next opponent called (Law 21B1a)")
        lines.append(
            gettext("  {seat} on call {number}: {kind}").format(
                seat=explanation.seat.localized(), number=explanation.call_number, kind=kind
            )
        )
    for fact in table.facts:
        lines.append(
            gettext("Fact for the Director ({law}): {kind} by {seat}").format(
                law=fact.law,
                kind=gettext(FACT_LABELS[fact.event.kind]),
                seat=fact.event.seat.localized(),
            )
            + (f' "{fact.event.text}"' if fact.event.text else "")
        )
    contract = table.contract
    if contract is not None and contract.declarer is not None:
        lines.append(
            gettext("Contract: {contract} by {declarer}").format(
                contract=contract.to_str(get_language(), symbols=True, declarer=False),
                declarer=contract.declarer.localized(),
            )
        )
    if table.face_down_lead is not None:
        lines.append(
            gettext("Opening lead face down: {card}").format(card=table.face_down_lead.localized())
        )
    if table.tricks or table.current_trick:
        lines.append(
            gettext("Tricks: {ns} {ns_won}, {ew} {ew_won}").format(
                ns=Side.NS.localized(),
                ns_won=table.tricks_won(Side.NS),
                ew=Side.EW.localized(),
                ew_won=table.tricks_won(Side.EW),
            )
        )
    for revoke in table.revokes:
        state = gettext("established") if revoke.established else gettext("not established")
        if revoke.noticed:
            state += ", " + gettext("attention drawn")
        lines.append(
            gettext(
                "Revoke: {seat} played {card} in trick {trick}, holding {suit} ({state})"
            ).format(
                seat=revoke.seat.localized(),
                card=revoke.card.localized(),
                trick=revoke.trick + 1,
                suit=revoke.suit.localized(),
                state=state,
            )
        )
    for transfer in table.transfers:
        lines.append(
            ngettext(
                "Law {law}: {count} trick transferred for the revoke of {seat}",
                "Law {law}: {count} tricks transferred for the revoke of {seat}",
                transfer.tricks,
            ).format(law=transfer.law, count=transfer.tricks, seat=transfer.revoke.seat.localized())
        )
    if table.transfers:
        lines.append(
            gettext("Tricks after the transfers: {ns} {ns_won}, {ew} {ew_won}").format(
                ns=Side.NS.localized(),
                ns_won=table.tricks_credited(Side.NS),
                ew=Side.EW.localized(),
                ew_won=table.tricks_credited(Side.EW),
            )
        )
    score = table.score()
    if score is not None and any(transfer.tricks for transfer in table.transfers):
        lines.append(
            gettext("Declarer's tricks: {tricks}").format(tricks=declarer_tricks_text(table))
        )
    if score is not None:
        lines.append(gettext("Score: North-South {score:+d}").format(score=score))
    if table.rulings:
        lines.append(gettext("Rulings:"))
        lines.extend(f"  {ruling}" for ruling in table.rulings)
    if table.restrictions:
        lines.append(gettext("In force:"))
        lines.extend(f"  {restriction.message}" for restriction in table.restrictions)
    if table.notes:
        lines.append(gettext("Notes for the Director:"))
        lines.extend(f"  {note}" for note in table.notes)
    decision = table.pending
    if decision is not None:
        who = gettext("the Director") if decision.by is None else decision.by.localized()
        lines.append(
            gettext("Waiting for {who} (Law {law}): {question}").format(
                who=who, law=decision.law, question=decision.question
            )
        )
        for option in decision.options:
            needs = f" [{gettext(_NEEDS[option.needs])}]" if option.needs else ""
            if option.needs == "suit" and option.suits:
                needs = " [" + ", ".join(suit.to_str(symbols=True) for suit in option.suits) + "]"
            elif option.needs == "card" and option.cards:
                needs = " [" + ", ".join(card.localized() for card in option.cards) + "]"
            lines.append(
                gettext("  {choice}{needs} (Law {law}): {text}").format(
                    choice=choice_written(option.choice, get_language()),
                    needs=needs,
                    law=option.law,
                    text=option.localized(),
                )
            )
    elif table.awaited is not None:
        lines.append(gettext("Waiting for a call by {seat}").format(seat=table.awaited.localized()))
    elif table.turn is not None:
        lines.append(gettext("Next: {seat}").format(seat=table.turn.localized()))
    return lines


def report_json(table: Table) -> dict[str, object]:
    """The table's state as JSON data (English notation; texts in the active language).

    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> sorted(report_json(Table(EXAMPLE_DEAL, number=1)))[:4]
    ['auction', 'awaited', 'board', 'contract']
    """
    contract = table.contract
    return {
        "board": table.number,
        "dealer": str(table.dealer),
        "vulnerable": str(table.vulnerability),
        "phase": str(table.phase),
        "auction": [entry.to_json() for entry in table.auction],
        "explanations": [explanation.to_json() for explanation in table.explanations],
        "facts": [fact.to_json() for fact in table.facts],
        "contract": None if contract is None else str(contract),
        "declarer": None if table.declarer is None else str(table.declarer),
        "opening_lead_face_down": None
        if table.face_down_lead is None
        else str(table.face_down_lead),
        "tricks": [trick.to_json() for trick in table.tricks],
        "trick_in_progress": [
            {"seat": str(seat), "card": str(card)} for seat, card in table.current_trick
        ],
        "tricks_won": {"NS": table.tricks_won(Side.NS), "EW": table.tricks_won(Side.EW)},
        "revokes": [revoke.to_json() for revoke in table.revokes],
        "transfers": [
            {
                "seat": str(t.revoke.seat),
                "trick": t.revoke.trick + 1,
                "tricks": t.tricks,
                "law": t.law,
            }
            for t in table.transfers
        ],
        "tricks_credited": {
            "NS": table.tricks_credited(Side.NS),
            "EW": table.tricks_credited(Side.EW),
        },
        "score_ns": table.score(),
        "rulings": [ruling.to_json() for ruling in table.rulings],
        "restrictions": [restriction.to_json() for restriction in table.restrictions],
        "notes": [note.to_json() for note in table.notes],
        "pending": None if table.pending is None else table.pending.to_json(),
        "awaited": None if table.awaited is None else str(table.awaited),
        "turn": None if table.turn is None else str(table.turn),
    }
