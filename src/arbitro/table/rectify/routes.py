"""The Law registries: who takes what a rectification in progress waits for.

By the Law of the procedure pending, one registry line per handler (a second handler
for a Law is refused when the package is imported, :mod:`~arbitro.table.rectify.registry`):
who takes a call made while it waits (27, 29, 36-39, 25), who carries out the answer to
its decision, who takes a card played while it waits (26, 45D, 50D2, 52, 53, 54, 57C),
and who else than the seat a decision names may answer it (43B2a, 46B5, 68D-69A).

>>> sorted(PLAYS)
['26', '45D', '50D2', '52', '53', '54', '57C']
"""

from __future__ import annotations

from collections.abc import Callable

from arbitro.core import Card, Seat
from arbitro.table.base import Procedure, TableState
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify import (
    change_acceptance,
    changed_card,
    changes,
    claims,
    defective_boards,
    defective_tricks,
    dummy,
    dummy_card,
    inadmissible,
    insufficient,
    law17,
    leads,
    out_of_turn,
    penalty_card_play,
    penalty_lead,
    play,
    play_exposures,
    premature_plays,
    rotation,
    wrong_opening_lead,
)
from arbitro.table.rectify.common import CallHandler, DecisionHandler, PlayHandler
from arbitro.table.rectify.registry import Registry

CALLS: Registry[str, CallHandler] = Registry(
    "call",
    change_acceptance.CALL_HANDLERS,
    inadmissible.CALL_HANDLERS,
    insufficient.CALL_HANDLERS,
    rotation.CALL_HANDLERS,
)
"""By the Law of the procedure pending: who takes a call made while it is (27, 29, 36-39)."""

DECISIONS: Registry[str, DecisionHandler] = Registry(
    "decision",
    changes.DECISION_HANDLERS,
    claims.DECISION_HANDLERS,
    defective_boards.DECISION_HANDLERS,
    defective_tricks.DECISION_HANDLERS,
    dummy.DECISION_HANDLERS,
    inadmissible.DECISION_HANDLERS,
    insufficient.DECISION_HANDLERS,
    law17.DECISION_HANDLERS,
    leads.DECISION_HANDLERS,
    out_of_turn.DECISION_HANDLERS,
    wrong_opening_lead.DECISION_HANDLERS,
    premature_plays.DECISION_HANDLERS,
    penalty_lead.DECISION_HANDLERS,
    penalty_card_play.DECISION_HANDLERS,
    play.DECISION_HANDLERS,
    changed_card.DECISION_HANDLERS,  # Law 45 (45C4b, 47D; 58B3)
    rotation.DECISION_HANDLERS,
)
"""By the Law of the procedure pending: who carries out the answer to its decision."""

PLAYS: Registry[str, PlayHandler] = Registry(
    "play",
    {
        "26": leads.take_play_26,
        "45D": dummy_card.take_play_45d,
        "50D2": play_exposures.take_play_50d2,
        "52": penalty_card_play.take_play_52,
        "53": out_of_turn.take_play_53,
        "54": wrong_opening_lead.take_play_54,
        "57C": premature_plays.take_play_57c,
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
