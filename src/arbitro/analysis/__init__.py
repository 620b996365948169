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

from arbitro.analysis.record import HandRecord, hand_record
from arbitro.analysis.solver import BATCH_SIZE, SolverError, analyse, double_dummy_tables
from arbitro.analysis.stats import hcp, lengths, pattern, pattern_str
from arbitro.analysis.tables import BoardAnalysis, DoubleDummyTable, Par, ParContract

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
