r"""A PBN game replayed as a table: :func:`table_of`.

Each call and card becomes its event, and a marked irregularity becomes the irregular
action followed by the non-offending side's acceptance (``^I`` -> the insufficient
bid, then its left-hand opponent's ``accept``; ``^S`` -> the call out of rotation, then
its acceptance; ``^L`` -> the lead out of turn, then its acceptance; ``Declarer "^S"``
-> the opening lead by the other defender and declarer's spreading his hand, 54A). A
call's note gives back its alert and explanation (Law 20F). A play cut short by ``*``
with a ``Result`` becomes declarer's claim of the tricks that make that result,
accepted (69A); a claim a note records is made again by its claimer with his
statement (:func:`~arbitro.formats.pbn.table_notes.noted_claim`), and the rulings
noted after it answer and review it again
(:func:`~arbitro.formats.pbn.table_notes.noted_ruling`). A ``Result`` other than the
play's, or a revoke's ruling noted on its card, is the revoke noticed at the end of
the play (64A). An unmarked irregularity is an error naming the line.

>>> from arbitro.formats.pbn import loads
>>> game = loads('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
...     '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
...     '[Auction "N"]\n1NT Pass ^I 1C =1= Pass\nPass Pass\n'
...     '[Note "1:Law 27A1 (West: accept): the insufficient bid 1C is accepted"]\n')[0]
>>> table = table_of(game)
>>> str(table.contract), [ruling.law for ruling in table.rulings]
('1C S', ['27A1'])
"""

from __future__ import annotations

from arbitro.core.errors import ArbitroError, PBNSyntaxError
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.formats.pbn.model import PBNFileError, PBNGame, PBNTag, is_number
from arbitro.formats.pbn.sections import read_auction, read_play, seats_from
from arbitro.formats.pbn.table_notes import (
    is_revoke_ruling,
    note_parts,
    noted_claim,
    noted_ruling,
    noted_statement,
    read_explanation_note,
    section_notes,
)
from arbitro.i18n import N_
from arbitro.table import Phase, Table
from arbitro.table.events import (
    AlertEvent,
    ClaimEvent,
    ClaimReviewEvent,
    ExplanationEvent,
    RevokeEvent,
)
from arbitro.table.state import DIRECTOR

_READ_VULNERABLE = {
    "None": Vulnerability.NONE, "Love": Vulnerability.NONE, "-": Vulnerability.NONE,
    "NS": Vulnerability.NS, "EW": Vulnerability.EW, "All": Vulnerability.ALL,
    "Both": Vulnerability.ALL,
}  # fmt: skip


def _refused(source: str, line: int, text: str, error: Exception) -> PBNSyntaxError:
    """The error of a call, card or result the table refused (``error``), at its line."""
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
    number = int(board) if board is not None and is_number(board) and int(board) > 0 else None
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
        _replay_auction(table, auction_tag, source, errors, section_notes(game))
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
    """The pending decision answered ``accept`` by who must choose (the Director when no one)."""
    decision = table.pending
    if decision is None:
        return
    choices = [option.choice for option in decision.options]
    if "accept" not in choices:
        raise ValueError(f"no acceptance offered: {', '.join(choices)}")
    table.decide("director" if decision.by is None else decision.by, "accept")


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
        for seat in seats_from(leader):
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


def _noted_parts(game: PBNGame, table: Table) -> list[str]:
    """The parts of the notes of the play, in order; before any card was played, of the auction."""
    section = "Play" if table.tricks or table.current_trick else "Auction"
    return [
        part
        for _, note in sorted(section_notes(game, section).items())
        for part in note_parts(note)
    ]


def _noted_claim(game: PBNGame, table: Table) -> tuple[ClaimEvent, list[str]] | None:
    """The last claim the game's notes record, with its statement, and the parts after it.

    The claim's part (``Law 68A (South: claim): ...``, :func:`noted_claim`) is followed
    by its statement's (68C, :func:`~arbitro.formats.pbn.table_notes.statement_part`)
    when the claimer gave one, then by the rulings made after it: the answer, the
    Director's award, a review. A concession partner objected to (68B2) is none: play
    went on, and nothing is made.
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
        stated = noted_statement(rest[0], seat) if rest else None
        if stated is not None:
            statement, rest = stated, rest[1:]
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


def _noted_revokes(game: PBNGame, source: str) -> set[tuple[int, Seat]]:
    """The cards of the play (trick from 0, seat) whose note holds a ruling on a revoke."""
    tag = game.tag("Play")
    if tag is None:
        return set()
    notes = section_notes(game, "Play")
    return {
        (item.trick, item.seat)
        for item in read_play(tag, source, []).items
        if any(
            is_revoke_ruling(part)
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
    of Laws 61-64 (:func:`~arbitro.formats.pbn.table_writer.game_of` writes it there)
    in any case, so that the table makes that ruling again.
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
