"""Irregularities at the table and their rectification (Laws 13-17, 20-39 and 41-71).

One module per group of Laws. The routing is in modules of its own: recognising a
call (:mod:`~arbitro.table.rectify.calls`), answering a decision
(:mod:`~arbitro.table.rectify.decisions`), the event registry
(:mod:`~arbitro.table.rectify.dispatch`) and the registries by the Law of the procedure
pending (:mod:`~arbitro.table.rectify.routes`); this front exports what the table uses.

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

from arbitro.table.rectify.calls import change, classify_call, procedure_takes_call, take_held_calls
from arbitro.table.rectify.consequences import watcher_fires
from arbitro.table.rectify.decisions import decide
from arbitro.table.rectify.dispatch import EVENTS
from arbitro.table.rectify.exposed import auction_period_ended, exposed
from arbitro.table.rectify.inadmissible import after_final_pass
from arbitro.table.rectify.law17 import skipped_player, wrong_board
from arbitro.table.rectify.leads import auction_ended, lead_changes_hands
from arbitro.table.rectify.routes import (
    CALLS,
    DECISIONS,
    OTHER_ANSWERS,
    PLAYS,
    procedure_takes_play,
)

__all__ = [
    "CALLS",
    "DECISIONS",
    "EVENTS",
    "OTHER_ANSWERS",
    "PLAYS",
    "after_final_pass",
    "auction_ended",
    "auction_period_ended",
    "change",
    "classify_call",
    "decide",
    "exposed",
    "lead_changes_hands",
    "procedure_takes_call",
    "procedure_takes_play",
    "skipped_player",
    "take_held_calls",
    "watcher_fires",
    "wrong_board",
]
