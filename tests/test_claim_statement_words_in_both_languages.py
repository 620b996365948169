"""A claim statement (Law 68C) read and written in English and in Spanish.

The words are read in either language whatever the notation; suits and cards are read
in the notation given (Spanish ``C`` hearts, ``D`` diamonds, ``CD`` the queen of hearts),
and a statement is written back in either language's words and notation.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.analysis.claims import ClaimStatement, InvalidClaimError, Step
from arbitro.core import Suit
from arbitro.core.claim_statement import WORDS_READ, WORDS_WRITTEN
from arbitro.core.notation import RANK_LETTERS, SUIT_LETTERS
from arbitro.i18n import use_language
from statement_support import statements


@given(statements(), st.sampled_from(["en", "es"]))
def test_law_68c_statement_round_trips_through_its_language(
    statement: ClaimStatement, lang: str
) -> None:
    written = statement.to_str(lang)
    assert ClaimStatement.from_str(written, lang) == statement
    assert ClaimStatement.from_str(written.upper(), lang) == statement


@given(statements())
def test_law_68c_statement_in_spanish_reads_as_the_same_statement_in_english(
    statement: ClaimStatement,
) -> None:
    spanish = ClaimStatement.from_str(statement.to_str("es"), "es")
    assert spanish.to_str() == statement.to_str()  # the canonical form files keep
    with use_language("es"):
        assert statement.localized() == statement.to_str("es")


@pytest.mark.parametrize(
    ("spanish", "english"),
    [
        ("todas", "all"),
        ("cede 2", "concede 2"),
        ("concede 2", "concede 2"),
        ("pierde 1", "concede 1"),
        ("3: cobrar P", "3: S"),
        ("3: P", "3: S"),
        ("todas: arrastrar triunfos", "all: draw trumps"),
        ("todas: triunfos", "all: draw trumps"),
        ("todas: arrastrar", "all: draw trumps"),
        ("todas: sacar triunfos", "all: draw trumps"),
        ("todas: quitar triunfos, P", "all: draw trumps, S"),
        ("10: Sacar  Triunfos", "10: draw trumps"),
        ("todas: impasse CD", "all: finesse HQ"),
        ("todas: impasse ♥D", "all: finesse HQ"),
        ("todas: impasse T10", "all: finesse CT"),
        ("todas: impasse TT", "all: finesse CT"),
        ("todas: fallo D", "all: ruff D"),
        ("todas: fallar T", "all: ruff C"),
        ("todas: jugadas CA C3, P", "all: played HA H3, S"),
        ("TODAS : Triunfos, d", "all: draw trumps, D"),
    ],
)
def test_law_68c_each_spanish_word_is_read(spanish: str, english: str) -> None:
    assert ClaimStatement.from_str(spanish, "es").to_str() == english


@pytest.mark.parametrize(
    "mixed",
    ["all: impasse CD, T", "todas: finesse CD, T", "todas: draw trumps, cash T"],
)
def test_law_68c_words_of_either_language_are_read_in_the_spanish_notation(mixed: str) -> None:
    read = ClaimStatement.from_str(mixed, "es")
    assert read.steps[-1] == Step("cash", suit=Suit.CLUBS)  # T: tréboles


def test_law_68c_english_notation_reads_spanish_words_with_english_cards() -> None:
    read = ClaimStatement.from_str("todas: jugadas C2, impasse HQ, fallo D", "en")
    assert read.to_str() == "all: played C2, finesse HQ, ruff D"
    assert read.to_str("es") == "todas: jugadas T2, impasse CD, fallo D"


def test_law_68c_spanish_statement_is_written_with_spanish_words_and_notation() -> None:
    statement = ClaimStatement.from_str(
        "concede 1: played HT H3, draw trumps, finesse SJ, ruff D, C"
    )
    assert statement.to_str("es") == (
        "cede 1: jugadas C10 C3, arrastrar triunfos, impasse PV, fallo D, T"
    )


def test_law_68c_no_spanish_word_is_a_suit_letter_or_an_english_word_of_another_meaning() -> None:
    letters = {letter.lower() for lang in ("en", "es") for letter in SUIT_LETTERS[lang]}
    ranks = {letter.lower() for lang in ("en", "es") for letter in RANK_LETTERS[lang]}
    owner: dict[str, str] = {}
    for kind, words in WORDS_READ.items():
        for word in words:
            assert word not in letters | ranks, word
            assert owner.setdefault(word, kind) == kind, word
    for lang in ("en", "es"):
        for kind, word in WORDS_WRITTEN[lang].items():
            assert word in WORDS_READ[kind], (lang, word)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("casi todas", "expected all, concede N or a number of tricks"),
        ("todas: impasse C", "expected a card to finesse"),
        ("todas: impasseCD", "expected a card to finesse"),
        ("todas: fallo", "expected a suit to ruff"),
        ("todas: jugadas", "expected the cards played"),
        ("todas: P, jugadas CA", "the cards played after the claim come first (Law 70D3)"),
        ("todas: S", "expected a suit, draw trumps"),  # S is no Spanish suit
    ],
)
def test_law_68c_spanish_statement_refused_names_the_step(text: str, why: str) -> None:
    with pytest.raises(InvalidClaimError) as refused:
        ClaimStatement.from_str(text, "es")
    assert why in str(refused.value)
    assert repr(text) in str(refused.value)


def test_law_68c_played_step_out_of_place_is_quoted_in_the_statement_language() -> None:
    with pytest.raises(InvalidClaimError) as refused:
        ClaimStatement.from_str("todas: P, jugadas CA C10", "es")
    assert "step 2 'jugadas CA C10'" in str(refused.value)
