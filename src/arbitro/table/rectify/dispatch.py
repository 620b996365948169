"""The event registry: every event class to its handler.

:data:`EVENTS` routes each event the table takes (``Table.dispatch`` looks it up) to the
rule module of its Laws, one line per event class; the board event has none, it starts
the table. The small handlers of the events that start no rectification of their own
are here too: an alert or explanation (20F), facing the opening lead (41C), and those
that only pick the rule for the phase (a card exposed, a revoke, a card taken back).

>>> from arbitro.table.events import BoardEvent, CallEvent
>>> CallEvent in EVENTS, BoardEvent in EVENTS
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from arbitro.i18n import N_
from arbitro.table.auction_record import Explanation
from arbitro.table.base import TableState, waiting
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
    changed_card,
    claims,
    defective_boards,
    defective_tricks,
    dummy,
    dummy_card,
    facts,
    play,
    play_exposures,
    questions,
    revoke_questions,
    revokes,
    several_cards,
    tricks,
    wrong_opening_lead,
)
from arbitro.table.rectify.calls import change, simultaneous_calls
from arbitro.table.rectify.common import EventHandler
from arbitro.table.rectify.decisions import decide
from arbitro.table.rectify.exposed import auction_period_ended, exposed
from arbitro.table.rectify.fifth_card import fifth_card
from arbitro.table.rectify.law17 import wrong_board
from arbitro.table.rectify.registry import Registry
from arbitro.table.rectify.withdrawn_cards import withdraw
from arbitro.table.state import IllegalActionError, Message, Phase

# The phases, looked up once: an enum member read from its class costs more than a global.
_OPENING_LEAD = Phase.OPENING_LEAD
_LEAD_FACE_DOWN = Phase.LEAD_FACE_DOWN
_PLAY = Phase.PLAY
_COMPLETE = Phase.COMPLETE


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
        changed_card.change_card(table, event.seat, event.card)
    elif isinstance(event, DummyMisplayedEvent):
        dummy_card.dummy_misplayed(table, event.card)
    else:
        if table.phase is not _PLAY:
            raise IllegalActionError(Message(N_("cards are played only during the play")))
        several_cards.several_cards(table, event.seat, event.cards, event.played)


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
    """A card played, faced or face down (a face-down lead out of turn goes back: 41A)."""
    if not event.face_down:
        table.on_play(event.seat, event.card)
    elif event.seat != table.turn:
        wrong_opening_lead.face_down_lead_out_of_turn(table, event.seat, event.card)
    elif table.phase is not _OPENING_LEAD:
        raise IllegalActionError(Message(N_("only the opening lead is made face down (Law 41A)")))
    else:
        table.on_play(event.seat, event.card)


def _exposed(table: TableState, event: ExposedEvent) -> None:
    """Cards exposed: in the play (48-50), or in the auction period (24)."""
    if table.phase is _PLAY:
        play_exposures.exposed_in_play(table, event.seat, event.cards, event.deliberate)
    else:
        exposed(table, event.seat, event.cards, event.premature_lead)


def _revoke(table: TableState, event: RevokeEvent) -> None:
    """A revoke noticed, in the play or after it (61-64)."""
    if table.phase not in (_PLAY, _COMPLETE):
        raise IllegalActionError(Message(N_("a revoke is a matter of the play")))
    revokes.noticed(table, event.seat, event.late, trick=event.trick)


def _fact(table: TableState, event: FactEvent) -> None:
    """A fact recorded for a later ruling (16B-C, 20F4-5, 75)."""
    table.facts_recorded.append(facts.record(table, event))


# What dummy does (42-43), by the act the event names.
_DUMMY_ACTS: dict[str, Callable[[TableState], None]] = {
    "forfeits": dummy.forfeits,
    "warns": dummy.warns_wrong_hand,
    "asks_revoke": revoke_questions.asks_about_revoke,
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


# -- the registry: every event class, one line each -------------------------------------

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
    _on(FifthCardEvent, lambda t, e: fifth_card(t, e.seat, e.card, e.deliberate)),
    _on(SimultaneousPlaysEvent, lambda t, e: several_cards.simultaneous_plays(t, e.plays)),
    _on(DefectiveTrickEvent, defective_tricks.handle),
    _on(DefectNoticedEvent, defective_tricks.handle),
    _on(DummyEvent, lambda table, event: _DUMMY_ACTS[event.act](table)),
    _on(ClaimEvent, claims.handle),
    _on(ObjectionEvent, claims.handle),
    _on(ClaimReviewEvent, claims.handle),
    _on(FactEvent, _fact),
    _on(WithdrawEvent, lambda t, e: withdraw(t, e.seat, e.card, e.reason)),
    _on(RevokeQuestionEvent, lambda t, e: revoke_questions.revoke_question(t, e.seat, e.asked)),
    _on(InspectEvent, tricks.handle),
    _on(WrongWayEvent, tricks.handle),
)
"""The handler of each event class (the board event has none: it starts the table)."""
