"""A claimer's statement (Law 68C) in a PBN note written in the note's language and read back.

The log keeps the statement in English notation. A Spanish note (``aclaración``) writes
it in Spanish words and notation and is read back in Spanish; an English note keeps it
as the log does. Older files carry the log's English statement in their Spanish notes:
they read as they stand when Spanish cannot read them or when they hold an English word.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core import Seat
from arbitro.core.claim_statement import (
    ENGLISH_WORDS,
    WORDS_READ,
    WORDS_WRITTEN,
    ClaimStatement,
    SaidStatement,
    statement_read,
    statement_written,
)
from arbitro.formats.pbn import dumps, loads
from arbitro.formats.pbn.table_notes import noted_statement, statement_part
from arbitro.formats.pbn.tables import game_of, table_of
from arbitro.i18n import Language, use_language
from arbitro.table import Table
from arbitro.table.events import EXAMPLE_DEAL, ClaimEvent
from arbitro.table.state import DIRECTOR
from statement_support import statements

SEATS = st.sampled_from(list(Seat))


def _line(statement: ClaimStatement) -> str:
    """The statement's line alone, as a log may keep it (``draw trumps, S``)."""
    return ", ".join(step.to_str() for step in statement.steps)


@given(statements(), SEATS, st.booleans())
def test_law_68c_any_statement_in_a_spanish_note_reads_back_the_same(
    statement: ClaimStatement, seat: Seat, whole: bool
) -> None:
    said = statement.to_str() if whole or not statement.steps else _line(statement)
    with use_language("es"):
        part = statement_part(seat, said)
    spanish = statement.to_str("es") if whole or not statement.steps else _line_es(statement)
    assert part.endswith(f": aclaración): {spanish}")
    read = noted_statement(part, seat)
    assert read is not None
    if whole or not statement.steps:
        assert ClaimStatement.from_str(read) == statement
    else:
        assert ClaimStatement.from_str(f"all: {read}").steps == statement.steps


def _line_es(statement: ClaimStatement) -> str:
    return ", ".join(step.to_str("es") for step in statement.steps)


@given(statements(), SEATS)
def test_law_68c_any_statement_in_an_english_note_reads_back_as_the_log_keeps_it(
    statement: ClaimStatement, seat: Seat
) -> None:
    said = statement.to_str()
    with use_language("en"):
        part = statement_part(seat, said)
    assert part.endswith(f": statement): {said}")
    assert noted_statement(part, seat) == said


@given(statements())
def test_law_68c_statement_written_in_spanish_is_read_back_into_the_logs_form(
    statement: ClaimStatement,
) -> None:
    assert statement_read(statement_written(statement.to_str(), "es"), "es") == statement.to_str()
    assert statement_written(statement.to_str(), "en") == statement.to_str()


@pytest.mark.parametrize(
    ("note", "read"),
    [
        # Spanish cannot read it (no Spanish suit H, rank Q): English, as it stands.
        ("draw trumps, H, finesse HQ", "draw trumps, H, finesse HQ"),
        # Both read it, differently; its English words tell an older file.
        ("all: finesse CA, C", "all: finesse CA, C"),
        ("ALL: draw trumps, d", "ALL: draw trumps, d"),  # as it stands, as it was logged
        # This version's Spanish: read in Spanish.
        ("todas: impasse CA, C", "all: finesse HA, H"),
        # No word to tell: read in the note's language (C is hearts).
        ("3: C", "3: H"),
        # The claimer's own words, in neither form: as they are.
        ("fallo y arrastro", "fallo y arrastro"),
    ],
)
def test_law_68c_a_spanish_notes_statement_is_read_in_spanish_else_as_an_older_file(
    note: str, read: str
) -> None:
    part = f"Artículo 68C (Sur: aclaración): {note}"
    assert noted_statement(part, Seat.SOUTH) == read


def test_law_68c_a_note_of_another_seat_or_law_holds_no_statement() -> None:
    assert noted_statement("Artículo 68C (Norte: aclaración): todas", Seat.SOUTH) is None
    assert noted_statement("Artículo 68A (Sur: reclamación): todas", Seat.SOUTH) is None


def test_law_68c_english_words_are_those_the_english_statement_is_written_with() -> None:
    english = {word for text in WORDS_WRITTEN["en"].values() for word in text.split()}
    spanish = {word for text in WORDS_WRITTEN["es"].values() for word in text.split()}
    read = {word for words in WORDS_READ.values() for text in words for word in text.split()}
    assert english <= ENGLISH_WORDS <= read
    assert not spanish & ENGLISH_WORDS


def _four_hearts() -> Table:
    """4♥ by South, ten tricks played: three tricks left."""
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESWNE", ("1NT", "Pass", "4H", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
    while len(table.tricks) < 10:
        assert table.turn is not None
        table.play(table.turn, table.legal_cards()[0])
        if table.face_down_lead is not None:
            table.face_lead()
    return table


def _claimed(statement: str) -> Table:
    table = _four_hearts()
    table.apply(ClaimEvent(Seat.SOUTH, 3, statement))
    table.decide("E", "dispute")
    table.decide(DIRECTOR, "2")
    return table


@pytest.mark.parametrize(
    ("lang", "written"),
    [
        ("es", "Artículo 68C (Sur: aclaración): todas: arrastrar triunfos, C, impasse CD"),
        ("en", "Law 68C (South: statement): all: draw trumps, H, finesse HQ"),
    ],
)
def test_law_68c_a_claims_statement_round_trips_through_pbn_in_either_language(
    lang: Language, written: str
) -> None:
    table = _claimed("all: draw trumps, H, finesse HQ")
    with use_language(lang):
        text = dumps([game_of(table)])
    assert written in text
    again = table_of(loads(text)[0])
    assert again.events == table.events


def test_law_68c_an_older_files_spanish_note_with_english_notation_still_reads() -> None:
    table = _claimed("all: draw trumps, H, finesse HQ")
    with use_language("es"):
        text = dumps([game_of(table)])
    older = text.replace(
        "todas: arrastrar triunfos, C, impasse CD", "all: draw trumps, H, finesse HQ"
    )
    assert older != text
    again = table_of(loads(older)[0])
    assert again.events == table.events


@settings(max_examples=25, deadline=None)
@given(statements())
def test_law_68c_any_statement_round_trips_through_a_spanish_pbn_file(
    statement: ClaimStatement,
) -> None:
    table = _claimed(statement.to_str())
    with use_language("es"):
        text = dumps([game_of(table)])
    again = table_of(loads(text)[0])
    assert again.claim is not None
    assert ClaimStatement.from_str(again.claim.statement) == statement
    assert again.events == table.events


def test_law_70_the_directors_question_quotes_the_statement_in_spanish() -> None:
    table = _four_hearts()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "all: draw trumps, C"))
    table.decide("E", "dispute")
    assert table.pending is not None
    with use_language("es"):
        question = str(table.pending.question)
        assert "(todas: arrastrar triunfos, T)" in question, question
        assert SaidStatement("I ruff").localized() == "I ruff"
    assert "(all: draw trumps, C)" in str(table.pending.question)
