"""Declarer's words for dummy's card (Laws 45C4, 46) quoted in the reader's words and notation.

The log keeps the words as declarer gave them, in English notation (``HT``); a Spanish
report quotes them in Spanish notation and words (``«C10» designa ♥10``, ``alta``), an
English one as the log keeps them, and the quote read in Spanish designates the same
card as the log's words read in English.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from arbitro.core import Card, Rank, Strain, Suit
from arbitro.i18n import Language, use_language
from arbitro.laws.designation import (
    ANY,
    HIGH,
    LOW,
    WIN,
    DesignationWords,
    designate,
    designation_written,
)
from arbitro.table.log import dumps
from arbitro.table.report import report_lines
from table_support import load_scenario, replay_until


def _lines(name: str, lang: Language) -> list[str]:
    with use_language(lang):
        return report_lines(load_scenario(name))


def test_law_45c4a_a_designated_ten_is_quoted_in_spanish_notation() -> None:
    name = "law_45c4a_designated_card_played"
    assert "  Artículo 46A (Árbitro): «C10» designa ♥10" in _lines(name, "es")
    assert "  Law 46A (Director): 'HT' designates ♥10" in _lines(name, "en")
    assert '{"event": "designate", "text": "HT"}' in dumps(load_scenario(name))


def test_law_46b2_a_suit_alone_is_quoted_in_the_readers_suit_letter() -> None:
    name = "law_46b2_suit_without_rank"  # declarer says "C": clubs, in the log's notation
    table = load_scenario(name)
    [ruling] = [ruling for ruling in table.rulings if ruling.law == "46B2"]
    with use_language("es"):
        assert str(ruling.message).startswith("«T» designa ♣")
    assert str(ruling.message).startswith("'C' designates ♣")


def test_law_46b1a_high_is_quoted_in_the_readers_word() -> None:
    lines = _lines("law_46b1a_high", "es")
    assert any("«alta» designa" in line for line in lines), lines
    assert any("'high' designates" in line for line in _lines("law_46b1a_high", "en"))


def test_law_46b5_anything_is_quoted_in_the_defenders_question_in_spanish() -> None:
    table = replay_until("law_46b5_anything", '"decision"')
    assert table.pending is not None
    with use_language("es"):
        question = str(table.pending.question)
    assert "el declarante dijo «cualquiera»" in question, question


def test_law_46_the_quote_keeps_the_logs_words_in_english() -> None:
    assert str(DesignationWords("HT")) == "HT"
    with use_language("en"):
        assert DesignationWords("ht").localized() == "ht"
        assert DesignationWords("la que quieras").localized() == "anything"


_WORDS = st.sampled_from(sorted(HIGH | LOW | WIN | ANY))
_SUITS = st.sampled_from(list(Suit))
_CARDS = st.builds(Card, _SUITS, st.sampled_from(list(Rank)))
_DESIGNATIONS = st.one_of(
    _CARDS.map(str),
    _CARDS.map(lambda card: card.to_str().lower()),
    _SUITS.map(str),
    st.sampled_from(list(Rank)).map(str),
    st.sampled_from(["10", "H10", "♥10", "♠Q", "♦"]),
    _WORDS,
    st.tuples(st.sampled_from(sorted(HIGH | LOW)), _SUITS).map(lambda pair: f"{pair[0]} {pair[1]}"),
    st.tuples(_SUITS, st.sampled_from(sorted(HIGH | LOW))).map(lambda pair: f"{pair[0]} {pair[1]}"),
)


@given(
    _DESIGNATIONS,
    st.integers(min_value=1, max_value=2**52 - 1),
    st.lists(st.integers(min_value=0, max_value=51), max_size=3, unique=True),
    st.sampled_from(list(Strain)),
)
def test_law_46_the_spanish_quote_designates_the_card_the_logs_words_do(
    text: str, dummy: int, trick: list[int], trumps: Strain
) -> None:
    dummy &= ~sum(1 << index for index in trick)
    spanish = designation_written(text, "es")
    if text.upper() == "Q":
        # A queen alone is "D" in Spanish, which is also diamonds: read as the rank here.
        assert Rank.from_str(spanish, "es") is Rank.QUEEN
        return
    assert designate(spanish, dummy, trick, trumps, lang="es") == designate(
        text, dummy, trick, trumps
    )


def test_law_46_each_word_kind_is_quoted_with_a_word_of_its_kind() -> None:
    for lang in ("en", "es"):
        for kind in (HIGH, LOW, WIN, ANY):
            for word in kind:
                assert designation_written(word, lang) in kind, (lang, word)
