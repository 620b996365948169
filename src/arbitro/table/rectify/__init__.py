"""Auction irregularities and their rectification (Laws 17D, 17E2, 21B, 24-39).

One module per group of Laws; this package recognises an irregular call and routes
the calls and decisions that answer a rectification in progress.

Each function takes the public base state (:class:`~arbitro.table.base.TableState`) and
carries out one step: recognising an irregular call, answering a decision, or a
consequence that waited for a later call. An event that raises half-way is undone by
the state: it folds its logged events again (:meth:`~arbitro.table.base.TableState.apply`).

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> table.call("N", "1S")
>>> table.call("E", "1H")  # insufficient (Law 27)
>>> table.decide("S", "refuse")
>>> table.call("E", "2H")  # the lowest sufficient bid in the same strain
>>> [option.choice for option in table.pending.options]
['27B1a', '27B1b', '27B2']
>>> table.decide("director", "27B2")
>>> str(table.restrictions[0].message)
'West must pass for the rest of the auction (Law 27B2)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar, cast

from arbitro.core import PASS, Bid, Call, Card, Double, Pass, Redouble, Seat, Strain  # noqa: F401
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall, AuctionSummary, ImpossibleBid, call_problem
from arbitro.table.base import Procedure, TableState, waiting
from arbitro.table.events import (
    AlertEvent,
    CallEvent,
    ChangeCardEvent,
    ChangeEvent,
    ClaimEvent,
    ClaimReviewEvent,
    DecisionEvent,
    DefectiveBoardEvent,
    DefectiveTrickEvent,
    DefectNoticedEvent,
    DesignateEvent,
    DummyEvent,
    DummyMisplayedEvent,
    Event,
    ExplanationEvent,
    ExposedEvent,
    FaceLeadEvent,
    FactEvent,
    FifthCardEvent,
    InspectEvent,
    ObjectionEvent,
    PlayEvent,
    QuestionEvent,
    RevokeEvent,
    RevokeQuestionEvent,
    SeveralCardsEvent,
    SimultaneousEvent,
    SimultaneousPlaysEvent,
    WithdrawEvent,
    WrongBoardEvent,
    WrongWayEvent,
)
from arbitro.table.rectify import (
    changes,
    claims,
    defective,
    defective_boards,
    dummy,
    facts,
    inadmissible,
    insufficient,
    law17,
    leads,
    out_of_turn,
    penalty_cards,
    play,
    played_cards,
    questions,
    revokes,
    rotation,
    tricks,
)
from arbitro.table.rectify.changes import change as change_of_call
from arbitro.table.rectify.changes import unintended_insufficient_bid
from arbitro.table.rectify.common import (
    ANY_SUIT,
    CallHandler,
    DecisionHandler,
    EventHandler,
    PlayHandler,
    must_pass_now,
    no_double_now,
    repeat_required,
    who,
)
from arbitro.table.rectify.consequences import repeat_given_way, watcher_fires
from arbitro.table.rectify.exposed import auction_period_ended, exposed
from arbitro.table.rectify.inadmissible import (
    after_final_pass,
    rule_held_calls,
    start_36,
    start_37,
    start_38,
)
from arbitro.table.rectify.insufficient import replacement_made, start_27
from arbitro.table.rectify.law17 import skipped_player, wrong_board
from arbitro.table.rectify.leads import auction_ended, lead_changes_hands
from arbitro.table.rectify.registry import Registry
from arbitro.table.rectify.rotation import start_out_of_rotation
from arbitro.table.state import (
    DIRECTOR,
    CallStatus,
    Explanation,
    IllegalActionError,
    Message,
    Phase,
    RestrictionKind,
)

# The phases, looked up once: an enum member read from its class costs ten times a
# global's on Python 3.11, and these are read for every call and card.
_AUCTION = Phase.AUCTION
_OPENING_LEAD = Phase.OPENING_LEAD
_LEAD_FACE_DOWN = Phase.LEAD_FACE_DOWN
_PLAY = Phase.PLAY
_COMPLETE = Phase.COMPLETE
_STANDING = CallStatus.STANDING
_DOUBLES = (Double, Redouble)  # a tuple: isinstance with a union costs more
_CALLS_TAKEN = (_AUCTION, _OPENING_LEAD, _LEAD_FACE_DOWN, Phase.PASSED_OUT)
"""The phases a call is taken in: the auction, or after its final pass (Law 39)."""

__all__ = [
    "after_final_pass",
    "auction_ended",
    "auction_period_ended",
    "change",
    "classify_call",
    "decide",
    "exposed",
    "lead_changes_hands",
    "procedure_takes_call",
    "skipped_player",
    "take_held_calls",
    "watcher_fires",
    "wrong_board",
]


# -- recognising a call ------------------------------------------------------------------


def classify_call(table: TableState, seat: Seat, call: AnyCall) -> None:
    """A call made with no ruling pending: in turn or not, legal or not (17-39).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> classify_call(table, Seat.NORTH, ImpossibleBid(8, Strain.SPADES))
    >>> table.pending.law
    '38'
    """
    if table.held_33 and _held_call_first(table, seat, call):
        return
    summary = table.summary
    turn = summary.turn
    if seat != turn and must_pass_now(table, turn) and seat == turn.lho:
        table.record(turn, PASS, CallStatus.DEEMED, "28A")
        table.rule(
            "28A",
            DIRECTOR,
            "28A",
            Message(
                N_("{seat} had to pass: the call of {caller} is in turn"),
                {"seat": turn, "caller": seat},
            ),
        )
        table.after_standing(turn, PASS)
        if table.phase is not _AUCTION:
            after_final_pass(table, seat, call)
            return
        summary = table.summary
        turn = summary.turn
    if isinstance(call, ImpossibleBid):
        start_38(table, seat, call)
        return
    problem = call_problem(summary, seat, call)
    if problem is not None and isinstance(call, _DOUBLES):
        start_36(table, seat, call, in_turn=seat == turn)
        return
    if seat != turn:
        start_out_of_rotation(table, seat, call)
        return
    if seat in table.restricted and _restricted_call(table, seat, call, summary):
        return
    if problem is not None and isinstance(call, Bid):
        start_27(table, seat, call)
        return
    table.record(seat, call, _STANDING)
    table.after_standing(seat, call)


def _held_call_first(table: TableState, seat: Seat, call: AnyCall) -> bool:
    """Take the call held under Law 33 before ``seat``'s call, which was made after it.

    True if the held call set off a ruling or ended the auction: ``seat``'s call has
    then gone to the flow of the Laws from there.
    """
    take_held_calls(table)
    if table.procedure is None and table.phase is _AUCTION:
        return False
    table.on_call(seat, call)
    return True


def take_held_calls(table: TableState) -> None:
    """Once no ruling is pending, take the calls held under Law 33, as made now.

    A call made at the same time as an irregular call in turn counts after it (33): it
    is taken once the ruling on that call is made, or before the next call, whichever
    comes first, and judged then like any call (in turn, out of rotation, 28B...).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> take_held_calls(table); table.pending is None
    True
    """
    while table.held_33 and table.procedure is None:
        if table.phase not in _CALLS_TAKEN:  # the board has ended (17D2, 12C2)
            table.held_33.clear()
            return
        seat, call = table.held_33.pop(0)
        table.on_call(seat, call)


def _restricted_call(table: TableState, seat: Seat, call: AnyCall, summary: AuctionSummary) -> bool:
    """A call in turn by a player under a restriction: True if Law 37 (or 30B2b) takes it.

    A call other than the one to repeat (31A1, 32B1) is refused. An obligation to pass
    prevails over a call to repeat: the repeated call must be legal (31A1), and a bid,
    double or redouble by a player obliged to pass is not (35.2); the pass is then a
    different call, and Law 26 applies to the call not repeated.
    """
    if must_pass_now(table, seat):
        if isinstance(call, Pass):
            repeat_given_way(table, seat)  # a call to repeat not repeated: Law 26
            return False
        start_37(table, seat, call, "37")
        return True
    if isinstance(call, _DOUBLES) and no_double_now(table, seat):
        start_37(table, seat, call, "30B2b")
        return True
    repeat = repeat_required(table, seat, summary)
    if repeat is None:
        return False
    if call != repeat[0]:
        raise IllegalActionError(
            Message(
                N_("{seat} must repeat {call} (Law {law})"),
                {"seat": seat, "call": repeat[0], "law": repeat[1]},
            )
        )
    # Repeated, the obligation is met, even when the call goes on to Law 27 (27A2): a
    # replacement of it is then judged by Law 27 alone.
    table.drop(lambda r: r.seat == seat and r.kind is RestrictionKind.MUST_REPEAT)
    return False


def change(table: TableState, seat: Seat, call: AnyCall, misinformation: bool) -> None:
    """``seat`` replaces its last call (Laws 25, 21B).

    Right after an insufficient bid, before the ruling, the Director first judges
    whether it was unintended (25A: the intended call replaces it, Law 27 does not
    apply) or a premature replacement (27C).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("N", "1S"); table.call("E", "1H")
    >>> change(table, Seat.EAST, Bid(2, Strain.HEARTS), False)
    >>> [option.law for option in table.pending.options]
    ['25A', '27C']
    """
    procedure = table.procedure
    if (
        procedure is not None
        and procedure.law == "27"
        and procedure.stage == "accept"
        and seat == procedure.offender
        and replacement_made(procedure) is None
    ):
        if misinformation:
            procedure_takes_call(table, seat, call)
        else:
            unintended_insufficient_bid(table, procedure, call)
        return
    change_of_call(table, seat, call, misinformation)


def procedure_takes_call(table: TableState, seat: Seat, call: AnyCall) -> bool:
    """Whether the rectification in progress takes this call (and then it has).

    The calls the Laws foresee before a rectification is applied: the left-hand
    opponent calling (acceptance, 27A1, 29A; or 36A, 37A, 38D, 39B), the player in turn
    calling (28B), the offender's premature replacement (27C), or the call awaited.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("S", "1H")
    >>> procedure_takes_call(table, Seat.EAST, PASS)
    False
    """
    procedure = table.procedure
    assert procedure is not None
    handler = CALLS.get(procedure.law)
    if handler is None or not handler(table, procedure, seat, call):
        return False
    take_held_calls(table)
    rule_held_calls(table)
    return True


def _either_defender(table: TableState, procedure: Procedure, by: str) -> bool:
    """Whether ``by``, the other defender, may answer for declarer's lead out of turn (55A).

    Either defender may accept it or have it withdrawn; the answer given is the
    defenders' (the one next to play prevails only if both speak and disagree).
    """
    declarer = table.declarer
    decision = procedure.decision
    return (
        procedure.law == "53"
        and declarer is not None
        and procedure.offender.side == declarer.side
        and decision is not None
        and decision.by is not None
        and by == str(decision.by.partner)
    )


def _next_defender_prevails(table: TableState, event: DecisionEvent) -> bool:
    """55A: the defender next after declarer's lead out of turn overrides his partner.

    When his partner has just answered (the last event of the log) and he now chooses
    differently, his choice prevails: the table is folded again from the log without
    his partner's answer, and his is applied. False when this is not that case.
    """
    last = table.log[-1]
    if (
        event.by == DIRECTOR
        or not isinstance(last, DecisionEvent)
        or last.by in (DIRECTOR, event.by)
        or last.choice == event.choice
    ):
        return False
    before = type(table).from_event(table.board)
    for earlier in table.events[1:-1]:
        before.apply(earlier)
    procedure = before.procedure
    declarer = before.declarer
    decision = None if procedure is None else procedure.decision
    if (
        procedure is None
        or decision is None
        or decision.by is None
        or declarer is None
        or procedure.law != "53"
        or procedure.offender.side != declarer.side
        or event.by != str(decision.by)
        or last.by != str(decision.by.partner)
    ):
        return False
    before.apply(event)
    before.rule(
        "55A",
        DIRECTOR,
        "55A",
        Message(
            N_(
                "the defenders chose differently: the choice of {seat}, who plays next after "
                "the lead out of turn, prevails over {partner}'s"
            ),
            {"seat": decision.by, "partner": decision.by.partner},
        ),
    )
    table.restore(before.snapshot()._replace(log=list(table.log)))
    return True


def decide(table: TableState, event: DecisionEvent) -> None:
    """Apply an answer to the pending decision, checking who gives it and the choice.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("S", "1H")
    >>> table.decide("E", "accept")
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: the choice is West's, not East's (Law 29)
    """
    if _next_defender_prevails(table, event):
        return
    procedure = table.procedure
    if procedure is None and claims.objects_to_acquiescence(table, event):
        return
    if procedure is None or procedure.decision is None:
        raise IllegalActionError(Message(N_("there is no decision to make")))
    decision = procedure.decision
    if (
        event.by != decision.decider
        and not _either_defender(table, procedure, event.by)
        and not _may_also_answer(table, procedure, event)
    ):
        raise IllegalActionError(
            Message(
                N_("the choice is {who}'s, not {by}'s (Law {law})"),
                {"who": who(decision.decider), "by": who(event.by), "law": decision.law},
            )
        )
    option = decision.option(event.choice)
    if option is None:
        raise IllegalActionError(
            Message(
                N_("'{choice}' is not an option here; the options are {options}"),
                {"choice": event.choice, "options": ", ".join(o.choice for o in decision.options)},
            )
        )
    if option.needs == "suit" and (
        event.suit is None or (option.suits and event.suit not in option.suits)
    ):
        raise IllegalActionError(
            Message(
                N_("'{choice}' needs a suit, one of {suits}"),
                {
                    "choice": option.choice,
                    "suits": ", ".join(s.to_str() for s in option.suits or ANY_SUIT),
                },
            )
        )
    if option.needs == "card" and (
        event.card is None or (option.cards and event.card not in option.cards)
    ):
        if not option.cards:
            raise IllegalActionError(
                Message(N_("'{choice}' needs a card"), {"choice": option.choice})
            )
        raise IllegalActionError(
            Message(
                N_("'{choice}' needs a card, one of {cards}"),
                {"choice": option.choice, "cards": ", ".join(c.localized() for c in option.cards)},
            )
        )
    if option.needs == "call" and event.call is None:
        raise IllegalActionError(
            Message(N_("'{choice}' needs the call"), {"choice": option.choice})
        )
    table.procedure = replace(procedure, decision=None)
    DECISIONS[procedure.law](table, procedure, option, event)
    take_held_calls(table)
    rule_held_calls(table)


# -- the events that do not start a rectification of their own ----------------------------


def simultaneous_calls(table: TableState, event: SimultaneousEvent) -> None:
    """Two calls made at once: the one in turn counts first (Law 33).

    The other comes after it: if the call in turn is irregular and its ruling does not
    take the other (as its left-hand opponent's call accepting it would), the other is
    held and taken once that ruling is made (:func:`take_held_calls`).
    """
    first, second = event.calls
    if table.phase is not _AUCTION or table.procedure is not None:
        raise IllegalActionError(
            Message(N_("simultaneous calls are for the auction, with no ruling pending"))
        )
    if second.seat == table.summary.turn:
        first, second = second, first
    elif first.seat != table.summary.turn:
        raise IllegalActionError(
            Message(N_("of two simultaneous calls, one must be by the player in turn (Law 33)"))
        )
    table.rule(
        "33",
        DIRECTOR,
        "33",
        Message(
            N_("the call of {first} counts first; that of {second} after it"),
            {"first": first.seat, "second": second.seat},
        ),
    )
    table.on_call(first.seat, first.call)
    if table.phase is not _AUCTION or table.procedure is None:
        table.on_call(second.seat, second.call)
        return
    if not table.procedure_takes_call(second.seat, second.call):
        table.held_33.append((second.seat, second.call))
        table.rule(
            "33",
            DIRECTOR,
            "33",
            Message(
                N_(
                    "{call} of {seat} comes after the irregular call of {first}: it is "
                    "taken once the ruling on that call is made"
                ),
                {"call": second.call, "seat": second.seat, "first": first.seat},
            ),
        )


def explanation(table: TableState, event: AlertEvent | ExplanationEvent) -> None:
    """Record an alert or an explanation of partner's call (Law 20F).

    An alert made after the caller's next opponent has called is recorded as late: the
    alert was not made immediately (Law 21B1a).
    """
    number = event.call_number
    if number is None:
        partner_calls = [e for e in table.entries if e.seat == event.seat.partner]
        if not partner_calls:
            raise IllegalActionError(
                Message(N_("{seat}'s partner has made no call to alert"), {"seat": event.seat})
            )
        number = max(entry.number for entry in partner_calls)
    entry = table.find_entry(number)
    if entry is None:
        raise IllegalActionError(
            Message(N_("there is no call number {number} in the auction"), {"number": number})
        )
    if entry.seat != event.seat.partner:
        raise IllegalActionError(
            Message(
                N_("{seat} alerts and explains partner's calls, not call {number} (Law 20F1)"),
                {"seat": event.seat, "number": number},
            )
        )
    if isinstance(event, AlertEvent):
        late = any(
            later.number > number and later.seat == entry.seat.lho for later in table.entries
        )
        table.explanations_given.append(Explanation(event.seat, number, alert=True, late=late))
    else:
        table.explanations_given.append(
            Explanation(event.seat, number, text=event.text, asked_by=event.asked_by)
        )


def card_taken_back(
    table: TableState, event: ChangeCardEvent | DummyMisplayedEvent | SeveralCardsEvent
) -> None:
    """A card changed, misplaced by dummy, or several played at once (45C4b, 45D, 58B)."""
    if isinstance(event, ChangeCardEvent):
        played_cards.change_card(table, event.seat, event.card)
    elif isinstance(event, DummyMisplayedEvent):
        played_cards.dummy_misplayed(table, event.card)
    else:
        if table.phase is not _PLAY:
            raise IllegalActionError(Message(N_("cards are played only during the play")))
        played_cards.several_cards(table, event.seat, event.cards, event.played)


def face_lead(table: TableState, event: FaceLeadEvent) -> None:
    """The face-down opening lead is faced (Law 41C)."""
    if table.phase is not _LEAD_FACE_DOWN or table.face_down is None:
        raise IllegalActionError(Message(N_("there is no face-down opening lead to face")))
    if table.procedure is not None:
        raise waiting(table.procedure)
    card = table.face_down
    table.face_down = None
    table.phase = _PLAY
    auction_period_ended(table)
    table.hands[table.leader] |= 1 << card.index
    table.to_play = table.leader
    play.face_opening_lead(table, table.leader, card)


def _play(table: TableState, event: PlayEvent) -> None:
    if not event.face_down:
        table.on_play(event.seat, event.card)
    elif event.seat != table.turn:
        out_of_turn.face_down_lead_out_of_turn(table, event.seat, event.card)
    elif table.phase is not _OPENING_LEAD:
        raise IllegalActionError(Message(N_("only the opening lead is made face down (Law 41A)")))
    else:
        table.on_play(event.seat, event.card)


def _exposed(table: TableState, event: ExposedEvent) -> None:
    if table.phase is _PLAY:
        penalty_cards.exposed_in_play(table, event.seat, event.cards, event.deliberate)
    else:
        exposed(table, event.seat, event.cards, event.premature_lead)


def _revoke(table: TableState, event: RevokeEvent) -> None:
    if table.phase not in (_PLAY, _COMPLETE):
        raise IllegalActionError(Message(N_("a revoke is a matter of the play")))
    revokes.noticed(table, event.seat, event.late, trick=event.trick)


def _fact(table: TableState, event: FactEvent) -> None:
    table.facts_recorded.append(facts.record(table, event))


_DUMMY_ACTS: dict[str, Callable[[TableState], None]] = {
    "forfeits": dummy.forfeits,
    "warns": dummy.warns_wrong_hand,
    "asks_revoke": revokes.asks_about_revoke,
    "spreads": dummy.spreads,
    "draws_attention": dummy.draws_attention,
    "indicates": dummy.indicates,
}


E = TypeVar("E", bound=Event)


def _on(kind: type[E], handler: Callable[[TableState, E], None]) -> dict[type, EventHandler]:
    """One line of the event registry: ``handler`` takes the events of class ``kind``.

    The registry is keyed by the event's class, so the handler is only ever given
    events of ``kind``: no check is run on each event.
    """
    return {kind: cast(EventHandler, handler)}


# -- the registry: every event, and every call, card and decision a rectification takes --

EVENTS: Registry[type, EventHandler] = Registry(
    "event",
    _on(CallEvent, lambda table, event: table.on_call(event.seat, event.call)),
    _on(PlayEvent, _play),
    _on(DecisionEvent, lambda table, event: decide(table, event)),
    _on(FaceLeadEvent, face_lead),
    _on(ChangeEvent, lambda t, e: change(t, e.seat, e.call, e.misinformation)),
    _on(SimultaneousEvent, simultaneous_calls),
    _on(AlertEvent, explanation),
    _on(ExplanationEvent, explanation),
    _on(ExposedEvent, _exposed),
    _on(WrongBoardEvent, lambda table, event: wrong_board(table, event.seat)),
    _on(DefectiveBoardEvent, defective_boards.defective_board),
    _on(RevokeEvent, _revoke),
    _on(DesignateEvent, lambda table, event: play.designate(table, event.text)),
    _on(ChangeCardEvent, card_taken_back),
    _on(DummyMisplayedEvent, card_taken_back),
    _on(SeveralCardsEvent, card_taken_back),
    _on(QuestionEvent, lambda t, e: questions.question(t, e.seat, e.kind)),
    _on(FifthCardEvent, lambda t, e: played_cards.fifth_card(t, e.seat, e.card, e.deliberate)),
    _on(SimultaneousPlaysEvent, lambda t, e: played_cards.simultaneous_plays(t, e.plays)),
    _on(DefectiveTrickEvent, defective.handle),
    _on(DefectNoticedEvent, defective.handle),
    _on(DummyEvent, lambda table, event: _DUMMY_ACTS[event.act](table)),
    _on(ClaimEvent, claims.handle),
    _on(ObjectionEvent, claims.handle),
    _on(ClaimReviewEvent, claims.handle),
    _on(FactEvent, _fact),
    _on(WithdrawEvent, lambda t, e: played_cards.withdraw(t, e.seat, e.card, e.reason)),
    _on(RevokeQuestionEvent, lambda t, e: revokes.revoke_question(t, e.seat, e.asked)),
    _on(InspectEvent, tricks.handle),
    _on(WrongWayEvent, tricks.handle),
)
"""The handler of each event class (the board event has none: it starts the table)."""

CALLS: Registry[str, CallHandler] = Registry(
    "call",
    changes.CALL_HANDLERS,
    inadmissible.CALL_HANDLERS,
    insufficient.CALL_HANDLERS,
    rotation.CALL_HANDLERS,
)
"""By the Law of the procedure pending: who takes a call made while it is (27, 29, 36-39)."""

DECISIONS: Registry[str, DecisionHandler] = Registry(
    "decision",
    changes.DECISION_HANDLERS,
    claims.DECISION_HANDLERS,
    defective.DECISION_HANDLERS,
    defective_boards.DECISION_HANDLERS,
    dummy.DECISION_HANDLERS,
    inadmissible.DECISION_HANDLERS,
    insufficient.DECISION_HANDLERS,
    law17.DECISION_HANDLERS,
    leads.DECISION_HANDLERS,
    out_of_turn.DECISION_HANDLERS,
    penalty_cards.DECISION_HANDLERS,
    play.DECISION_HANDLERS,
    played_cards.DECISION_HANDLERS,
    rotation.DECISION_HANDLERS,
)
"""By the Law of the procedure pending: who carries out the answer to its decision."""

PLAYS: Registry[str, PlayHandler] = Registry(
    "play",
    {
        "26": leads.take_play_26,
        "45D": played_cards.take_play_45d,
        "50D2": penalty_cards.take_play_50d2,
        "52": penalty_cards.take_play_52,
        "53": out_of_turn.take_play_53,
        "54": out_of_turn.take_play_54,
        "57C": out_of_turn.take_play_57c,
    },
)
"""By the Law of the procedure pending: who takes a card played while it is."""

OTHER_ANSWERS: Registry[str, Callable[[TableState, Procedure, DecisionEvent], bool]] = Registry(
    "other answer", claims.OTHER_ANSWERS, dummy.OTHER_ANSWERS, play.OTHER_ANSWERS
)
"""Who else than the seat a decision names may answer it (a claim's dispute, Law 68D)."""


def procedure_takes_play(table: TableState, seat: Seat, card: Card) -> bool:
    """Whether the rectification in progress takes this card (and then it has).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> table.play("W", "HA")  # the wrong defender leads (Law 54)
    >>> procedure_takes_play(table, Seat.SOUTH, Card.from_str("HK"))
    False
    """
    procedure = table.procedure
    assert procedure is not None
    handler = PLAYS.get(procedure.law)
    return handler is not None and handler(table, procedure, seat, card)


def _may_also_answer(table: TableState, procedure: Procedure, event: DecisionEvent) -> bool:
    """Whether ``event.by``, not the named decider, may give this answer (may refuse why)."""
    check = OTHER_ANSWERS.get(procedure.law)
    return check is not None and check(table, procedure, event)
