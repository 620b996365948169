"""Laws 13-15 at the table: wrong number of cards, card too many or missing, wrong board.

The table's deal is the board as it should be (the hand record): a ``defective_board``
event records what the Director found at the table, and this module carries out the
Law. The situation decides the subsection (has the player with the wrong hand called?
is the opening lead faced? is the play over?); where the Law leaves the judgement to the
Director (13A or 13B: can the board be corrected and played? 13D2a or 13D2b: does the
card seen matter?), the table waits on his decision. The board then goes on, with the
knowledge of the moved card unauthorised for the offender's partner (13E, 14C) and, where
the Law says so, a note that the score may be adjusted at the end; or it ends with an
adjusted score (Phase ``adjusted``).

Law 15C cancels the auction; the players must repeat their calls, and a call that
differs from the first auction's cancels the board (15C1).

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL, DefectiveBoardEvent
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> table.call("N", "1S")
>>> table.apply(DefectiveBoardEvent("wrong_count", Seat.NORTH))
>>> table.pending.decider, [option.choice for option in table.pending.options]
('director', ['13A', '13B'])
>>> table.decide("director", "13A")
>>> table.phase.value, table.notes[-1].law
('auction', '13E')
"""

from __future__ import annotations

from arbitro.core import Seat
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall
from arbitro.laws.defective import (
    BoardRuling,
    Found,
    Provision,
    extra_card,
    missing_card,
    too_many_or_too_few,
    wrong_board,
)
from arbitro.table.auction_record import CallStatus
from arbitro.table.base import Procedure, TableState, Watcher, options
from arbitro.table.events import DecisionEvent, DefectiveBoardEvent
from arbitro.table.rectify.common import DecisionHandler, ask
from arbitro.table.rectify.law17 import artificial_score
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase

_AUCTION_PERIOD = (Phase.AUCTION, Phase.OPENING_LEAD, Phase.LEAD_FACE_DOWN)
_OVER = (Phase.COMPLETE, Phase.PASSED_OUT)


def defective_board(table: TableState, event: DefectiveBoardEvent) -> None:
    """Carry out Laws 13-15 for what the Director found.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL, DefectiveBoardEvent
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> defective_board(table, DefectiveBoardEvent("missing_card", Seat.EAST, found="nowhere"))
    >>> table.rulings[-1].law
    '14A2'
    """
    if table.procedure is not None:
        raise IllegalActionError(Message(N_("finish the ruling in progress first")))
    if table.phase is Phase.ADJUSTED:
        raise IllegalActionError(Message(N_("the board has already ended with an adjusted score")))
    if event.kind == "wrong_count":
        assert event.seat is not None
        _wrong_count(table, event.seat, event.card_seen)
    elif event.kind == "extra_card":
        _carry_out(table, extra_card(played_earlier=event.played_earlier), None)
    elif event.kind == "missing_card":
        assert event.seat is not None
        assert event.found is not None
        ruling = missing_card(
            before_lead_faced=table.phase in _AUCTION_PERIOD, found=Found(event.found)
        )
        _carry_out(table, ruling, event.seat)
    elif event.kind == "played_before":
        _carry_out(table, wrong_board(played_before=True), event.seat)
    else:
        _not_theirs(table)


def _wrong_count(table: TableState, seat: Seat, card_seen: bool) -> None:
    """Law 13: ``seat``'s hand had more (or fewer) than thirteen cards."""
    if table.phase in _OVER:
        _carry_out(table, too_many_or_too_few(call_made=True, after_play=True), seat)
        return
    if any(entry.seat == seat for entry in table.entries):
        question = Message(
            N_(
                "Director: {seat} has called with a wrong hand; can the board be corrected "
                "and played with no change of call (Law 13A)?"
            ),
            {"seat": seat},
        )
        choices = options(
            ("13A", "13A", N_("correct the hands and play on; the score may be adjusted")),
            ("13B", "13B", N_("no: assign an adjusted score")),
        )
    elif card_seen:
        question = Message(
            N_(
                "Director: a player saw a card of another hand; is that information likely "
                "to affect the auction or the play (Law 13D2)?"
            )
        )
        choices = options(
            ("13D2a", "13D2a", N_("unlikely: correct the hands and play on")),
            ("13D2b", "13D2b", N_("likely: award an artificial adjusted score")),
        )
    else:
        _carry_out(table, too_many_or_too_few(call_made=False), seat)
        return
    ask(table, "13", "ruling", seat, table.made, None, question, choices)


def _decide_13(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    table.procedure = None
    seat = procedure.offender
    ruling = {
        "13A": too_many_or_too_few(call_made=True),
        "13B": too_many_or_too_few(call_made=True, playable=False),
        "13D2a": too_many_or_too_few(call_made=False, card_seen=True),
        "13D2b": too_many_or_too_few(call_made=False, card_seen=True, information_matters=True),
    }[option.choice]
    _carry_out(table, ruling, seat)


def _carry_out(table: TableState, ruling: BoardRuling, seat: Seat | None) -> None:
    """Record the ruling; end the board with an adjusted score, or play on with its notes."""
    what = Message(ruling.provision.value)
    if ruling.adjusted is True:
        if ruling.law in ("13B", "13C"):
            # An assigned score (12C1), the result cancelled after the play (13C; 86D
            # may apply in teams), or the board not played (13B).
            table.phase = Phase.ADJUSTED
            table.watchers = []
            table.rule(
                ruling.law,
                DIRECTOR,
                "adjusted",
                Message(
                    N_("{what}: the Director assigns an adjusted score (Law 12C1)"),
                    {"what": what},
                ),
            )
            table.note(
                ruling.law,
                Message(N_("a procedural penalty may be given to whoever was at fault")),
            )
            return
        artificial_score(table, ruling.law, what)
        return
    table.rule(ruling.law, DIRECTOR, ruling.law, what)
    if ruling.provision is Provision.LAW_67:
        table.note(
            ruling.law,
            Message(N_("record the defective trick (defective_trick, defect_noticed events)")),
        )
    if ruling.law.startswith("14B") and ruling.provision is Provision.RESTORE_CARD:
        table.note(
            "14B4",
            Message(
                N_(
                    "the card is deemed to have been in the hand throughout: it may become a "
                    "penalty card, and failing to play it may be a revoke"
                )
            ),
        )
    if ruling.adjusted is None:
        table.note(
            ruling.law,
            Message(N_("the Director may adjust the score at the end of the play")),
        )
    if ruling.unauthorised_for_partner and seat is not None:
        table.note(
            "14C" if ruling.law.startswith("14") else "13E",
            Message(
                N_(
                    "where the card was, and that it moved, is unauthorised information for "
                    "{partner}, partner of {seat}"
                ),
                {"partner": seat.partner, "seat": seat},
            ),
        )


def _not_theirs(table: TableState) -> None:
    """Law 15A (after the auction period) or 15C (during it): the wrong board."""
    if table.phase not in _AUCTION_PERIOD:
        ruling = wrong_board(played_before=False)
        table.rule(ruling.law, DIRECTOR, ruling.law, Message(ruling.provision.value))
        table.note(
            "15A2",
            Message(N_("the Director may require both pairs to play the right board later (15A2)")),
        )
        return
    first = [entry for entry in table.entries if entry.counts]
    for entry in first:
        table.set_status(entry.number, CallStatus.CANCELLED, "15C")
    if table.phase is not Phase.AUCTION:
        table.reopen_auction()
    table.in_force = []
    table.restricted = frozenset()
    table.watchers = []
    table.lead_sources = []
    table.rule(
        "15C",
        DIRECTOR,
        "15C",
        Message(
            N_(
                "the board is not this table's: the auction is cancelled, the right players "
                "are seated and told their rights, and a second auction begins"
            )
        ),
    )
    if first:
        table.watchers.append(Watcher("15C", first[0].seat, first[0].seat, first[0].call))
        table.note(
            "15C1",
            Message(
                N_("every call must repeat the first auction's; a different call cancels the board")
            ),
        )


def repeated_call(table: TableState, watcher: Watcher, call: AnyCall) -> None:
    """Law 15C1: a call of the second auction against the first auction's call.

    The same call lets the second auction go on (and waits for the next call to
    compare); a different one cancels the board with an artificial adjusted score.
    """
    if call != watcher.call:
        artificial_score(
            table,
            "15C1",
            Message(
                N_("{seat} did not repeat the first auction's {call}"),
                {"seat": watcher.seat, "call": watcher.call},
            ),
        )
        return
    first = [
        entry
        for entry in table.entries
        if entry.status is CallStatus.CANCELLED and entry.law == "15C"
    ]
    made = sum(1 for entry in table.entries if entry.counts)
    if made < len(first):
        following = first[made]
        table.watchers.append(Watcher("15C", following.seat, following.seat, following.call))
        return
    table.rule(
        "15C1",
        DIRECTOR,
        "15C1",
        Message(N_("every call of the first auction was repeated: the board goes on")),
    )


DECISION_HANDLERS: dict[str, DecisionHandler] = {"13": _decide_13}
"""The decisions this module answers, by procedure."""
