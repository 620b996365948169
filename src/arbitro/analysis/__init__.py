"""Computation that helps the director: double-dummy tables, par and hand records.

Everything goes through :mod:`arbitro.analysis.solver`, the one module that talks to
endplay and its DDS solver; the values that come out are Árbitro's own.

>>> from arbitro.analysis import HandRecord, analyse
>>> from arbitro.dealing import Dealer, Seed
>>> [entry] = analyse(Dealer(Seed.from_hex("00" * 32), "Demo").board_set([1]))
>>> par = entry.par.contracts[0]
>>> entry.table[par.declarer, par.contract.strain] == par.tricks
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.core.lazy import names_on_first_use

if TYPE_CHECKING:
    from arbitro.analysis.record import HandRecord, hand_record
    from arbitro.analysis.solver import BATCH_SIZE, SolverError, analyse, double_dummy_tables
    from arbitro.analysis.stats import hcp, lengths, pattern, pattern_str
    from arbitro.analysis.tables import BoardAnalysis, DoubleDummyTable, Par, ParContract

_HOMES = {
    "HandRecord": "record",
    "hand_record": "record",
    "BATCH_SIZE": "solver",
    "SolverError": "solver",
    "analyse": "solver",
    "double_dummy_tables": "solver",
    "hcp": "stats",
    "lengths": "stats",
    "pattern": "stats",
    "pattern_str": "stats",
    "BoardAnalysis": "tables",
    "DoubleDummyTable": "tables",
    "Par": "tables",
    "ParContract": "tables",
}
"""Where each name lives: imported when first asked for, so that a submodule such as
``arbitro.analysis.claims`` comes without endplay (about a second of imports) or
ReportLab."""


__getattr__ = names_on_first_use(__name__, _HOMES)


__all__ = [
    "BATCH_SIZE",
    "BoardAnalysis",
    "DoubleDummyTable",
    "HandRecord",
    "Par",
    "ParContract",
    "SolverError",
    "analyse",
    "double_dummy_tables",
    "hand_record",
    "hcp",
    "lengths",
    "pattern",
    "pattern_str",
]
