"""Laws 68-71: claims and concessions at the table.

A claim (or concession) stops the play (68D) and waits on the claimer's opponents:
they accept it (69A) and the board is scored as claimed, or any player, dummy included,
disputes it and the Director awards the tricks (68D, 70; :mod:`arbitro.analysis.claims`
helps him find the award). A defender's concession that partner objects to at once is
none (68B2): play goes on. Within the correction period, an acquiescence may be
withdrawn (69B) and a concession cancelled (71); the Director then awards the tricks
again, and until he does the board keeps the result agreed at the table.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL, ClaimEvent
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
...     table.call(seat, call)
>>> table.apply(ClaimEvent(Seat.NORTH, 13, "all spades then the rest"))
>>> table.pending.decider, [option.choice for option in table.pending.options]
('E', ['accept', 'dispute'])
>>> table.decide("E", "accept")
>>> table.phase, table.tricks_credited(Side.NS), table.score()
(<Phase.COMPLETE: 'complete'>, 13, 260)
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Seat, Side
from arbitro.i18n import N_
from arbitro.laws.play import trick_winner
from arbitro.table.base import Procedure, TableState, waiting
from arbitro.table.events import ClaimEvent, ClaimReviewEvent, DecisionEvent, ObjectionEvent
from arbitro.table.play_record import Claim
from arbitro.table.rectify.common import DecisionHandler, ask
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase

_PLAY_PERIOD = (Phase.OPENING_LEAD, Phase.LEAD_FACE_DOWN, Phase.PLAY)
"""When a claim may be made: from the end of the auction (a claim before the opening
lead, or after it is made face down, 41A, is one of all thirteen tricks) to the end of
the play."""


def claim_of(table: TableState) -> Claim | None:
    """The board's claim or concession, if one was made and stands (not objected to).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> claim_of(Table(EXAMPLE_DEAL, number=1)) is None
    True
    """
    claim = table.claim
    assert claim is None or isinstance(claim, Claim)
    return claim


def claimed_winners(table: TableState) -> list[Seat]:
    """The tricks a settled claim gave each side, as winners of the tricks not played.

    Law 64 counts them with the tricks won in play: a revoke established before the
    claim transfers tricks from them too (64A, 69, 70). The trick in progress goes to
    the player its cards surely give it to (:func:`sure_winner`), when the claim gives
    his side a trick; then the claimer's side's tricks come, credited to the claimer,
    and the other side's, credited to his left-hand opponent. Empty while no claim is
    settled.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> table.apply(ClaimEvent(Seat.NORTH, 12))
    >>> claimed_winners(table)
    []
    >>> table.decide("E", "accept")
    >>> [str(seat) for seat in claimed_winners(table)].count("N"), claimed_winners(table)[-1]
    (12, Seat.EAST)
    """
    made = claim_of(table)
    if made is None or made.awarded is None:
        return []
    ours, theirs = made.awarded, made.remaining - made.awarded
    first: list[Seat] = []
    sure = sure_winner(table)
    # The trick in progress goes to the player its cards already give it to, if his
    # side has a trick left to credit: a revoke in it is then won or not by the
    # offender as the cards say (64A1 or 64A2).
    if sure is not None and sure.side is made.seat.side and ours:
        first, ours = [sure], ours - 1
    elif sure is not None and sure.side is not made.seat.side and theirs:
        first, theirs = [sure], theirs - 1
    return first + [made.seat] * ours + [made.seat.lho] * theirs


def sure_winner(table: TableState) -> Seat | None:
    """The player who wins the trick in progress whatever the others still to play do.

    None when no trick is in progress, or a player still to play holds a legal card that
    would beat the card winning it now (following suit, Law 44C, or ruffing when void).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> sure_winner(Table(EXAMPLE_DEAL, number=1)) is None
    True
    """
    played = table.current_trick
    contract = table.contract
    if not played or contract is None:
        return None
    cards = [card.index for _, card in played]
    seated = {seat for seat, _ in played}
    for seat in Seat:
        if seat in seated or seat == table.skipped:
            continue
        legal = table.playable(seat)
        for index in range(52):
            if legal >> index & 1 and trick_winner([*cards, index], contract.strain) == len(cards):
                return None
    return played[trick_winner(cards, contract.strain)][0]


def _establish(table: TableState, side: Side, seat: Seat) -> None:
    """Establish ``side``'s revokes, the trick in progress included (Law 63A3).

    A member of the offending side makes or agrees to a claim or concession.
    """
    if not any(r.seat.side == side and not r.established for r in table.revokes_made):
        return
    table.revokes_made = [
        replace(r, established=True) if r.seat.side == side else r for r in table.revokes_made
    ]
    table.unestablished = any(not r.established for r in table.revokes_made)
    table.note(
        "63A3",
        Message(
            N_("{seat}'s side revoked: the claim or its acceptance establishes the revoke"),
            {"seat": seat},
        ),
    )


def handle(table: TableState, event: ClaimEvent | ObjectionEvent | ClaimReviewEvent) -> None:
    """Apply a claim, an objection to a concession, or a request to review a claim.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> handle(Table(EXAMPLE_DEAL, number=1), ClaimEvent(Seat.NORTH, 13))
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: a claim or concession is made during the play (Law 68)
    """
    if isinstance(event, ClaimEvent):
        claim(table, event.seat, event.tricks, event.statement)
    elif isinstance(event, ObjectionEvent):
        objection(table, event.seat)
    else:
        review(table, event.seat)


def claim(table: TableState, seat: Seat, tricks: int, statement: str) -> None:
    """``seat`` claims ``tricks`` of the tricks left and concedes the rest (68A-C).

    The play stops (68D). The decision is addressed to the claimer's next opponent
    (declarer, for a defender's claim): his side accepts it (69A; for declarer's claim
    either defender may, see :func:`may_answer`) or any other player disputes it (68D,
    70).
    """
    if table.phase not in _PLAY_PERIOD or table.contract is None:
        raise IllegalActionError(
            Message(N_("a claim or concession is made during the play (Law 68)"))
        )
    if table.procedure is not None:
        raise waiting(table.procedure)
    if seat == table.dummy:
        raise IllegalActionError(Message(N_("dummy may not claim or concede tricks (Law 43A1)")))
    remaining = 13 - len(table.tricks_played)
    if remaining == 1 and table.trick:
        # 68: a claim or concession refers to tricks after the one in progress; about the
        # trick in progress alone, the play goes on regularly.
        raise IllegalActionError(
            Message(
                N_(
                    "only the trick in progress is left: winning or losing it is not a claim "
                    "or concession, and the play goes on (Law 68)"
                )
            )
        )
    if tricks > remaining:
        raise IllegalActionError(
            Message(
                N_("{seat} claims {tricks} tricks but only {remaining} are left to play"),
                {"seat": seat, "tricks": tricks, "remaining": remaining},
            )
        )
    made = Claim(seat, tricks, remaining, statement)
    table.claim = made
    declarer = table.declarer
    assert declarer is not None
    if seat.side == declarer.side or made.concedes == 0:
        # 63A3; a defender's concession waits: partner may object to it (68B2).
        _establish(table, seat.side, seat)
    law = "68A" if tricks == remaining else "68B1"
    table.rule(
        law,
        str(seat),
        "claim",
        Message(
            N_("{seat} claims {tricks} of the {remaining} tricks left; play stops (Law 68D)"),
            {"seat": seat, "tricks": tricks, "remaining": remaining},
        ),
    )
    _ask_answer(table, made)


def _ask_answer(table: TableState, made: Claim) -> None:
    """Ask the claimer's opponents to accept the claim, or any player to dispute it (69A, 68D)."""
    declarer = table.declarer
    assert declarer is not None
    seat = made.seat
    answerer = _answerer(declarer, seat)
    facts = {
        "by": answerer,
        "partner": answerer.partner,
        "seat": seat,
        "tricks": made.tricks,
        "remaining": made.remaining,
        "statement": made.statement or "-",
    }
    if seat.side == declarer.side:
        question = N_(
            "{by} or {partner}: {seat} claims {tricks} of the {remaining} tricks left "
            "({statement}). Either defender may accept it; any player, dummy included, "
            "may dispute it (Law 68D)"
        )
    else:
        question = N_(
            "{by}: {seat} claims {tricks} of the {remaining} tricks left ({statement}). "
            "Declarer may accept it; any player, dummy included, may dispute it (Law 68D)"
        )
    ask(
        table,
        "69",
        "answer",
        seat,
        0,
        answerer,
        Message(question, facts),
        (
            Option("accept", "69A", N_("accept: the board is scored as claimed")),
            Option(
                "dispute",
                "70",
                N_("dispute it (any player, dummy included): the Director decides"),
            ),
        ),
    )


def _answerer(declarer: Seat, claimer: Seat) -> Seat:
    """The seat the claim's decision is addressed to: the claimer's next opponent."""
    return declarer if claimer.side != declarer.side else declarer.lho


def may_answer(table: TableState, procedure: Procedure, event: DecisionEvent) -> bool:
    """Whether ``event.by``, not the seat the claim's decision names, may give this answer.

    Law 68D: any player who doubts a claim, dummy included, disputes it and the Director
    is called. Law 69A: the claimer's opponents (the contestant) accept it: either
    defender a claim of declarer's side (as in Law 55A, either defender answers for the
    defence), declarer a defender's claim; dummy takes no part in the play (43A1c) and
    the claimer's partner is no opponent, so neither accepts. The claimer himself answers
    nothing. Refuses an acceptance by a seat that may only dispute, saying why.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> table.apply(ClaimEvent(Seat.NORTH, 13))
    >>> procedure = table.procedure
    >>> may_answer(table, procedure, DecisionEvent("S", "dispute"))  # dummy (68D)
    True
    >>> may_answer(table, procedure, DecisionEvent("W", "accept"))  # the other defender
    True
    >>> may_answer(table, procedure, DecisionEvent("S", "accept"))
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: South may dispute North's claim but not accept it: either defender accepts it (Laws 68D, 69A)
    """
    made = claim_of(table)
    declarer = table.declarer
    if made is None or declarer is None or procedure.law != "69" or event.by == DIRECTOR:
        return False
    by = Seat.from_str(event.by)
    if by == made.seat:
        return False
    if event.choice != "accept" or (by.side != made.side and by != table.dummy):
        return True
    if made.side == declarer.side:
        text = N_(
            "{by} may dispute {seat}'s claim but not accept it: either defender accepts it "
            "(Laws 68D, 69A)"
        )
    else:
        text = N_(
            "{by} may dispute {seat}'s claim but not accept it: declarer ({declarer}) accepts "
            "it; dummy takes no part in the play (Laws 68D, 69A, 43A1)"
        )
    raise IllegalActionError(Message(text, {"by": by, "seat": made.seat, "declarer": declarer}))


def objection(table: TableState, seat: Seat) -> None:
    """A defender's partner objects at once to his concession: it is none (68B2).

    "Sin tener en cuenta el punto 1": declarer's acceptance, made just before the
    objection (nothing else since), does not stand in its way; the board goes back to
    before it, and nothing the acceptance did (the tricks credited, the revokes it
    established, 63A3) remains.
    """
    if _just_accepted(table):
        _undo_last_event(table)
    made = claim_of(table)
    procedure = table.procedure
    declarer = table.declarer
    if (
        made is None
        or made.awarded is not None
        or procedure is None
        or procedure.law != "69"
        or declarer is None
        or made.side == declarer.side
        or made.concedes == 0
        or seat != made.seat.partner
    ):
        raise IllegalActionError(
            Message(
                N_(
                    "only the partner of a defender who has just conceded tricks can object "
                    "to the concession (Law 68B2)"
                )
            )
        )
    table.claim = None
    table.procedure = None
    table.rule(
        "68B2",
        str(seat),
        "object",
        Message(
            N_("{seat} objects at once to partner's concession: there is none; play goes on"),
            {"seat": seat},
        ),
    )
    table.note(
        "16D",
        Message(
            N_(
                "{seat}'s attempted concession is unauthorised information for his partner; "
                "cards he exposed are not penalty cards (Law 68B2)"
            ),
            {"seat": made.seat},
        ),
    )


def _just_accepted(table: TableState) -> bool:
    """Whether the last event is the acceptance of the claim or concession in force."""
    made = claim_of(table)
    last = table.log[-1] if table.log else None
    return (
        made is not None
        and made.awarded is not None
        and isinstance(last, DecisionEvent)
        and last.choice == "accept"
    )


def _undo_last_event(table: TableState) -> None:
    """The table as its events but the last made it; the log keeps them all."""
    events = table.events
    fresh = type(table).from_event(table.board)
    for event in events[1:-1]:
        fresh.apply(event)
    table.restore(fresh.snapshot()._replace(log=table.log))


def review(table: TableState, seat: Seat) -> None:
    """Ask the Director to review a settled claim: 69B (its opponents) or 71 (its side).

    The request is recorded as a ruling of its player (``review``), so that the board's
    record says who asked. Until the Director awards the tricks again, the board keeps
    the result agreed at the table: the tricks credited, the score and the claim's award
    stay as they were.
    """
    made = claim_of(table)
    if made is None or made.awarded is None or table.phase is not Phase.COMPLETE:
        raise IllegalActionError(Message(N_("there is no settled claim or concession to review")))
    if table.procedure is not None:
        raise waiting(table.procedure)
    if seat.side != made.side:
        if made.law != "69A" or made.awarded == 0:
            raise IllegalActionError(
                Message(
                    N_(
                        "an acquiescence can be withdrawn only from a claim accepted at the "
                        "table that gave the claimer tricks (Law 69B)"
                    )
                )
            )
        law = "69B"
        choices = range(made.awarded + 1)
        asked = N_("{seat} withdraws his side's acquiescence in the claim: the Director is called")
        question = N_(
            "{seat} withdraws his side's acquiescence: how many of the {remaining} tricks "
            "does the claimer's side keep? (a trick his side had won, 69B1, or would likely "
            "have won, 69B2, goes to it)"
        )
    else:
        if made.awarded == made.remaining:
            raise IllegalActionError(
                Message(N_("the claimer's side conceded no trick: nothing to cancel (Law 71)"))
            )
        law = "71"
        choices = range(made.awarded, made.remaining + 1)
        asked = N_("{seat} asks that the concession be cancelled: the Director is called")
        question = N_(
            "{seat} asks that the concession be cancelled: how many of the {remaining} tricks "
            "go to the claimer's side? (a trick won in fact, 71-1, or that no normal play "
            "could lose, 71-2, goes to it)"
        )
    # Who asked, and under which Law, is a fact of the board's record (69B, 71).
    table.rule(law, str(seat), "review", Message(asked, {"seat": seat}))
    # The board keeps the result agreed at the table until the Director rescores it
    # (69B, 71): its tricks are taken back only when he awards them again.
    ask(
        table,
        law,
        "award",
        made.seat,
        0,
        None,
        Message(question, {"seat": seat, "remaining": made.remaining}),
        _award_options(law, choices),
    )


def _award_options(law: str, choices: range) -> tuple[Option, ...]:
    return tuple(
        Option(str(number), law, N_("this many of the tricks left go to the claimer's side"))
        for number in choices
    )


def _settle(table: TableState, made: Claim, tricks: int, law: str) -> None:
    side = made.side
    table.won[side] += tricks
    table.won[1 - side] += made.remaining - tricks
    table.claim = replace(made, awarded=tricks, law=law)
    table.phase = Phase.COMPLETE
    table.in_force = []
    table.restricted = frozenset()


def _unsettle(table: TableState, made: Claim) -> None:
    assert made.awarded is not None
    side = made.side
    table.won[side] -= made.awarded
    table.won[1 - side] -= made.remaining - made.awarded


def objects_to_acquiescence(table: TableState, event: DecisionEvent) -> bool:
    """A member of the contestant that acquiesced in a claim objects at once (69A).

    Acquiescence is an absence of objection before the side calls on the next board or
    the round ends: until then either member of the claimer's opponents may dispute
    the claim one of them accepted. The tricks go back, and the claim is disputed
    (68D, 70). False when this is not such an objection.
    """
    made = claim_of(table)
    if (
        made is None
        or made.law != "69A"
        or made.awarded is None
        or event.choice != "dispute"
        or event.by == DIRECTOR
    ):
        return False
    by = Seat.from_str(event.by)
    if by.side == made.side:
        return False
    _unsettle(table, made)
    table.claim = replace(made, awarded=None, law=None)
    table.phase = _phase_stopped(table)
    _dispute(table, made, event)
    return True


def _phase_stopped(table: TableState) -> Phase:
    """The phase the claim stopped: before the opening lead, with it face down, or the play."""
    if table.face_down_lead is not None:
        return Phase.LEAD_FACE_DOWN
    if not table.tricks_played and not table.trick:
        return Phase.OPENING_LEAD
    return Phase.PLAY


def correctable_claim(table: TableState) -> tuple[Claim, bool] | None:
    """The claim a revoke not yet established is corrected under, and whether it is disputed.

    Play has stopped for a claim (68D) that waits on its answer (69A), or that was
    disputed and waits on the Director's award or has it (70). A revoke of a side that
    neither made nor accepted the claim is not established by it (63A3), and no play
    follows to establish it (63A1): when attention is drawn to it, it is corrected (62A),
    and the claim is ruled from the corrected position. None when no such claim stands.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> correctable_claim(Table(EXAMPLE_DEAL, number=1)) is None
    True
    """
    made = claim_of(table)
    if made is None:
        return None
    procedure = table.procedure
    if made.awarded is None and procedure is not None and procedure.law in ("69", "70"):
        return made, procedure.law == "70"
    if made.awarded is not None and made.law == "70":
        return made, True
    return None


def resume_after_correction(
    table: TableState, made: Claim, *, disputed: bool, tricks_back: int, won_back: int
) -> None:
    """The claim ``made`` stands again once a revoke was corrected under it (62, 68D, 70).

    The correction took back the cards played since the revoke: ``tricks_back`` tricks
    played, ``won_back`` of them won by the claimer's side, go back into the claim, which
    now covers the trick of the revoke too. The revoker's legal card and the rest of the
    play are part of it: its opponents answer it (69A), or the Director awards the tricks
    again from the corrected position (70), his award, if he gave one, withdrawn.
    """
    resumed = Claim(made.seat, made.tricks + won_back, made.remaining + tricks_back, made.statement)
    table.claim = resumed
    table.phase = _phase_stopped(table)
    declarer = table.declarer
    assert declarer is not None
    if made.seat.side == declarer.side or resumed.concedes == 0 or disputed:
        # 63A3, as when the claim was made; a disputed claim stood unobjected (68B2).
        table.revokes_made = [
            replace(r, established=True) if r.seat.side == made.side else r
            for r in table.revokes_made
        ]
        table.unestablished = any(not r.established for r in table.revokes_made)
    table.rule(
        "70" if disputed else "68D",
        DIRECTOR,
        "claim",
        Message(
            N_(
                "{seat}'s claim stands with the revoke corrected: {tricks} of the {remaining} "
                "tricks left; the revoker's legal card and the rest of the play are part of it "
                "(Laws 62, 68D)"
            ),
            {"seat": made.seat, "tricks": resumed.tricks, "remaining": resumed.remaining},
        ),
    )
    if disputed:
        _ask_award(table, resumed)
    else:
        _ask_answer(table, resumed)


def _decide_69(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    made = claim_of(table)
    assert made is not None
    _establish(table, made.side, made.seat)  # 63A3: the concession stands, unobjected
    if option.choice == "accept":
        table.procedure = None
        answerer = Seat.from_str(event.by)
        _establish(table, answerer.side, answerer)
        _settle(table, made, made.tricks, "69A")
        table.rule(
            "69A",
            event.by,
            "accept",
            Message(
                N_(
                    "the claim is accepted: {tricks} of the {remaining} tricks left to {seat}'s side"
                ),
                {"tricks": made.tricks, "remaining": made.remaining, "seat": made.seat},
            ),
        )
        return
    _dispute(table, made, event)


def _dispute(table: TableState, made: Claim, event: DecisionEvent) -> None:
    """The claim is disputed: the Director is called and awards the tricks (68D, 70)."""
    table.rule(
        "70",
        event.by,
        "dispute",
        Message(N_("the claim is disputed: the Director is called (Laws 68D, 70)")),
    )
    _ask_award(table, made)


def _ask_award(table: TableState, made: Claim) -> None:
    """Ask the Director how many of the tricks left go to the claimer's side (70)."""
    ask(
        table,
        "70",
        "award",
        made.seat,
        0,
        None,
        Message(
            N_(
                "Director: {seat} claimed {tricks} of the {remaining} tricks left ({statement}). "
                "How many go to the claimer's side? (doubtful points against the claimer, 70A)"
            ),
            {
                "seat": made.seat,
                "tricks": made.tricks,
                "remaining": made.remaining,
                "statement": made.statement or "-",
            },
        ),
        _award_options("70", range(made.remaining + 1)),
    )


def _decide_award(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    made = claim_of(table)
    assert made is not None
    tricks = int(option.choice)
    table.procedure = None
    if made.awarded is not None:
        _unsettle(table, made)  # 69B, 71: the Director rescores the agreed result
    _settle(table, made, tricks, procedure.law)
    table.rule(
        procedure.law,
        DIRECTOR,
        option.choice,
        Message(
            N_("the Director awards {tricks} of the {remaining} tricks left to {seat}'s side"),
            {"tricks": tricks, "remaining": made.remaining, "seat": made.seat},
        ),
    )


OTHER_ANSWERS = {"69": may_answer}
"""The decisions seats other than the one named may answer, and who may (Law 68D)."""

DECISION_HANDLERS: dict[str, DecisionHandler] = {
    "69": _decide_69,
    "70": _decide_award,
    "69B": _decide_award,
    "71": _decide_award,
}
