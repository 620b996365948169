"""Errors told by one catalog message and its values, shown in the reader's language.

``MessageError`` (``core/errors.py``) keeps the message and its details and puts them
into words when the error is shown (ARCHITECTURE principle 9); the store's, the
records' and the results' refusals all take it, and keep their own class and status.
"""

from __future__ import annotations

from arbitro.core.errors import MessageError
from arbitro.core.seat import Seat
from arbitro.i18n import N_, use_language
from arbitro.store.errors import StoreNotFoundError
from arbitro.tournament.record_errors import RecordRefusedError
from arbitro.tournament.result_rules import ResultRefusedError


def test_a_refusal_is_told_in_the_readers_language() -> None:
    store = StoreNotFoundError(N_("there is no event {event}"), event=9)
    result = ResultRefusedError(N_("table {table} does not exist"), table=0)
    assert (str(store), str(result)) == ("there is no event 9", "table 0 does not exist")
    with use_language("es"):
        assert (str(store), str(result)) == ("no hay ningún torneo 9", "la mesa 0 no existe")


def test_a_detail_that_knows_its_language_is_shown_in_it() -> None:
    error = RecordRefusedError(
        N_("Director: may {seat} change {call}, made after misinformation?"),
        seat=Seat.NORTH,
        call="2H",
    )
    assert str(error) == "Director: may North change 2H, made after misinformation?"
    with use_language("es"):
        assert str(error).startswith("Árbitro: ¿puede Norte cambiar 2H")


def test_the_message_and_its_details_are_kept_for_the_caller() -> None:
    error = RecordRefusedError(N_("table {table} does not exist"), table=3)
    assert isinstance(error, MessageError)
    assert (error.message, error.details, error.args) == (
        "table {table} does not exist",
        {"table": 3},
        ("table {table} does not exist", {"table": 3}),
    )
