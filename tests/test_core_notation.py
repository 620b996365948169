"""Core values as text: frozen values, round trips in English and Spanish, bad input."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import arbitro.core
from arbitro.core import (
    CALLS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Board,
    Call,
    Card,
    Contract,
    Deal,
    Double,
    Doubling,
    Hand,
    InvalidBoardError,
    InvalidCallError,
    InvalidCardError,
    InvalidContractError,
    InvalidDealError,
    InvalidHandError,
    InvalidLanguageNotationError,
    InvalidRankError,
    InvalidSeatError,
    InvalidSideError,
    InvalidStrainError,
    InvalidSuitError,
    InvalidVulnerabilityError,
    NotationError,
    Pass,
    Rank,
    Redouble,
    Seat,
    Side,
    Strain,
    Suit,
    Vulnerability,
)
from arbitro.i18n import use_language

LANGUAGES = ("en", "es")
DEAL_TEXT = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"

# --- frozen, hashable values whose repr pastes back ------------------------------------

# (value, a field to try to assign, a value to assign to it)
VALUES: list[Any] = [
    pytest.param(Suit.SPADES, "value", 0, id="Suit"),
    pytest.param(Strain.NOTRUMP, "value", 0, id="Strain"),
    pytest.param(Rank.TEN, "value", 11, id="Rank"),
    pytest.param(Card(Suit.HEARTS, Rank.QUEEN), "rank", Rank.KING, id="Card"),
    pytest.param(Card(Suit.CLUBS, Rank.TEN), "suit", Suit.SPADES, id="Card-ten"),
    pytest.param(Hand.from_str("AKQ.JT9.876.5432"), "mask", 0, id="Hand"),
    pytest.param(Hand(), "mask", 1, id="Hand-empty"),
    pytest.param(Deal.from_str(DEAL_TEXT), "hands", (), id="Deal"),
    pytest.param(Seat.WEST, "value", 0, id="Seat"),
    pytest.param(Side.EW, "value", 0, id="Side"),
    pytest.param(Vulnerability.ALL, "value", 0, id="Vulnerability"),
    pytest.param(Bid(3, Strain.NOTRUMP), "level", 4, id="Bid"),
    pytest.param(PASS, "level", 1, id="Pass"),
    pytest.param(DOUBLE, "level", 1, id="Double"),
    pytest.param(REDOUBLE, "level", 1, id="Redouble"),
    pytest.param(
        Contract(4, Strain.SPADES, Doubling.DOUBLED, Seat.WEST), "level", 5, id="Contract"
    ),
    pytest.param(Contract(1, Strain.CLUBS), "declarer", Seat.NORTH, id="Contract-bare"),
    pytest.param(Contract(7, Strain.NOTRUMP, Doubling.REDOUBLED), "doubling", 1, id="Contract-XX"),
    pytest.param(Board(7), "number", 8, id="Board"),
    pytest.param(
        Board(5, dealer=Seat.WEST, vulnerability=Vulnerability.NONE),
        "vulnerability",
        Vulnerability.NS,
        id="Board-marked",
    ),
]


@pytest.mark.parametrize(("value", "field", "new"), VALUES)
def test_repr_pastes_back_into_python(value: object, field: str, new: object) -> None:
    pasted = eval(repr(value), vars(arbitro.core))
    assert pasted == value
    assert type(pasted) is type(value)
    assert repr(pasted) == repr(value)


@pytest.mark.parametrize(("value", "field", "new"), VALUES)
def test_values_are_hashable(value: object, field: str, new: object) -> None:
    pasted = eval(repr(value), vars(arbitro.core))
    assert hash(pasted) == hash(value)
    assert {value: "here"}[pasted] == "here"
    assert len({value, pasted}) == 1


@pytest.mark.parametrize(("value", "field", "new"), VALUES)
def test_values_are_frozen(value: object, field: str, new: object) -> None:
    before = repr(value)
    refusals: tuple[type[Exception], ...] = (dataclasses.FrozenInstanceError, AttributeError)
    if dataclasses.is_dataclass(value) and not dataclasses.fields(value):
        # Pass, Double and Redouble have no field to assign; on CPython 3.11 a frozen
        # dataclass with slots refuses any other attribute with a TypeError.
        refusals = (*refusals, TypeError)
    with pytest.raises(refusals):
        setattr(value, field, new)
    assert repr(value) == before


@pytest.mark.parametrize(("value", "field", "new"), VALUES)
def test_str_is_english_and_reads_back(value: Any, field: str, new: object) -> None:
    if isinstance(value, Board):
        assert Board.from_str(str(value.number)) == Board(value.number)
        return
    parse: Callable[[str], object] = (
        Call.from_str if isinstance(value, Call) else type(value).from_str
    )
    assert parse(str(value)) == value
    assert str(value) == value.to_str(lang="en")


# --- round trips in both languages ------------------------------------------------------

cards = st.integers(0, 51).map(Card.from_index)
hands = st.frozensets(cards).map(Hand.from_cards)
calls = st.sampled_from(CALLS)
contracts = st.builds(
    Contract,
    level=st.integers(1, 7),
    strain=st.sampled_from(Strain),
    doubling=st.sampled_from(Doubling),
    declarer=st.none() | st.sampled_from(Seat),
)

with_symbols = pytest.mark.parametrize("symbols", [False, True], ids=["letters", "symbols"])
in_both_languages = pytest.mark.parametrize("lang", LANGUAGES)


@in_both_languages
@with_symbols
@given(card=cards)
def test_card_round_trip(lang: str, symbols: bool, card: Card) -> None:
    written = card.to_str(lang=lang, symbols=symbols)
    assert Card.from_str(written, lang=lang) == card
    assert Card.from_str(f"  {written.lower()} ", lang=lang) == card


@in_both_languages
@with_symbols
@given(hand=hands)
def test_hand_round_trip(lang: str, symbols: bool, hand: Hand) -> None:
    assert Hand.from_str(hand.to_str(lang=lang, symbols=symbols), lang=lang) == hand


@in_both_languages
@with_symbols
@given(call=calls)
def test_call_round_trip(lang: str, symbols: bool, call: Call) -> None:
    assert Call.from_str(call.to_str(lang=lang, symbols=symbols), lang=lang) == call


def test_there_are_38_calls() -> None:
    assert len(CALLS) == 38
    assert len(set(CALLS)) == 38
    assert sum(isinstance(call, Bid) for call in CALLS) == 35
    assert {PASS, DOUBLE, REDOUBLE} <= set(CALLS)


@in_both_languages
@with_symbols
@given(contract=contracts)
def test_contract_round_trip(lang: str, symbols: bool, contract: Contract) -> None:
    written = contract.to_str(lang=lang, symbols=symbols)
    assert Contract.from_str(written, lang=lang) == contract
    assert eval(repr(contract), vars(arbitro.core)) == contract


@in_both_languages
@with_symbols
@given(suit=st.sampled_from(Suit))
def test_suit_round_trip(lang: str, symbols: bool, suit: Suit) -> None:
    assert Suit.from_str(suit.to_str(lang=lang, symbols=symbols), lang=lang) is suit


@in_both_languages
@with_symbols
@given(strain=st.sampled_from(Strain))
def test_strain_round_trip(lang: str, symbols: bool, strain: Strain) -> None:
    assert Strain.from_str(strain.to_str(lang=lang, symbols=symbols), lang=lang) is strain


@in_both_languages
@given(rank=st.sampled_from(Rank))
def test_rank_round_trip(lang: str, rank: Rank) -> None:
    assert Rank.from_str(rank.to_str(lang=lang), lang=lang) is rank


@in_both_languages
@given(seat=st.sampled_from(Seat))
def test_seat_round_trip(lang: str, seat: Seat) -> None:
    assert Seat.from_str(seat.to_str(lang=lang), lang=lang) is seat


@in_both_languages
@given(side=st.sampled_from(Side))
def test_side_round_trip(lang: str, side: Side) -> None:
    assert Side.from_str(side.to_str(lang=lang), lang=lang) is side


@in_both_languages
@given(vulnerability=st.sampled_from(Vulnerability))
def test_vulnerability_round_trip(lang: str, vulnerability: Vulnerability) -> None:
    assert Vulnerability.from_str(vulnerability.to_str(lang=lang), lang=lang) is vulnerability


# --- what each letter means in each language --------------------------------------------


@pytest.mark.parametrize(
    ("text", "lang", "suit"),
    [
        ("C", "en", Suit.CLUBS),
        ("C", "es", Suit.HEARTS),  # corazones
        ("T", "es", Suit.CLUBS),  # tréboles
        ("P", "es", Suit.SPADES),  # picas
        ("D", "en", Suit.DIAMONDS),
        ("D", "es", Suit.DIAMONDS),  # diamantes
        ("S", "en", Suit.SPADES),
        ("H", "en", Suit.HEARTS),
        ("c", "es", Suit.HEARTS),
    ],
)
def test_suit_letters_are_read_in_the_given_language(text: str, lang: str, suit: Suit) -> None:
    assert Suit.from_str(text, lang=lang) is suit


@pytest.mark.parametrize(
    ("text", "lang"),
    [("T", "en"), ("P", "en"), ("S", "es"), ("H", "es"), ("X", "en")],
)
def test_suit_letters_of_the_other_language_are_not_read(text: str, lang: str) -> None:
    with pytest.raises(InvalidSuitError):
        Suit.from_str(text, lang=lang)


def test_suit_letters_are_written_in_the_given_language() -> None:
    assert [suit.to_str(lang="en") for suit in reversed(Suit)] == ["S", "H", "D", "C"]
    assert [suit.to_str(lang="es") for suit in reversed(Suit)] == ["P", "C", "D", "T"]


@in_both_languages
@pytest.mark.parametrize(
    ("symbol", "suit"),
    [("♠", Suit.SPADES), ("♥", Suit.HEARTS), ("♦", Suit.DIAMONDS), ("♣", Suit.CLUBS)],
)
def test_suit_symbols_are_read_in_both_languages(lang: str, symbol: str, suit: Suit) -> None:
    assert Suit.from_str(symbol, lang=lang) is suit
    assert suit.to_str(lang=lang, symbols=True) == symbol
    assert Strain.from_str(symbol, lang=lang) == suit.strain
    assert Card.from_str(f"{symbol}A", lang=lang) == Card(suit, Rank.ACE)
    assert Call.from_str(f"2{symbol}", lang=lang) == Bid(2, suit.strain)
    assert Contract.from_str(f"4{symbol}X", lang=lang) == Contract(4, suit.strain, Doubling.DOUBLED)


@pytest.mark.parametrize(
    ("text", "lang", "rank"),
    [
        ("D", "es", Rank.QUEEN),  # dama
        ("R", "es", Rank.KING),  # rey
        ("V", "es", Rank.JACK),  # valet
        ("A", "es", Rank.ACE),
        ("Q", "en", Rank.QUEEN),
        ("K", "en", Rank.KING),
        ("J", "en", Rank.JACK),
        ("T", "en", Rank.TEN),
        ("10", "en", Rank.TEN),
        ("T", "es", Rank.TEN),
        ("10", "es", Rank.TEN),
        ("2", "es", Rank.TWO),
    ],
)
def test_rank_letters_are_read_in_the_given_language(text: str, lang: str, rank: Rank) -> None:
    assert Rank.from_str(text, lang=lang) is rank


@pytest.mark.parametrize(
    ("text", "lang"),
    [("D", "en"), ("R", "en"), ("V", "en"), ("Q", "es"), ("K", "es"), ("J", "es"), ("1", "en")],
)
def test_rank_letters_of_the_other_language_are_not_read(text: str, lang: str) -> None:
    with pytest.raises(InvalidRankError):
        Rank.from_str(text, lang=lang)


def test_spanish_dd_is_the_queen_of_diamonds() -> None:
    assert Card.from_str("DD", lang="es") == Card(Suit.DIAMONDS, Rank.QUEEN)
    assert Card.from_str("CD", lang="es") == Card(Suit.HEARTS, Rank.QUEEN)
    assert Card(Suit.DIAMONDS, Rank.QUEEN).to_str(lang="es") == "DD"
    with pytest.raises(InvalidCardError):
        Card.from_str("DD", lang="en")


@pytest.mark.parametrize(
    ("text", "lang", "card"),
    [
        ("ST", "en", Card(Suit.SPADES, Rank.TEN)),
        ("S10", "en", Card(Suit.SPADES, Rank.TEN)),
        ("♥10", "en", Card(Suit.HEARTS, Rank.TEN)),
        ("PT", "es", Card(Suit.SPADES, Rank.TEN)),
        ("P10", "es", Card(Suit.SPADES, Rank.TEN)),
        ("TT", "es", Card(Suit.CLUBS, Rank.TEN)),
        ("T10", "es", Card(Suit.CLUBS, Rank.TEN)),
        ("CT", "en", Card(Suit.CLUBS, Rank.TEN)),
        ("CT", "es", Card(Suit.HEARTS, Rank.TEN)),
    ],
)
def test_the_ten_is_t_or_10_in_both_languages(text: str, lang: str, card: Card) -> None:
    assert Card.from_str(text, lang=lang) == card


@in_both_languages
def test_the_ten_is_t_or_10_in_hands(lang: str) -> None:
    spades = "ARDV" if lang == "es" else "AKQJ"
    with_t = Hand.from_str(f"{spades}T..T.", lang=lang)
    with_10 = Hand.from_str(f"{spades}10..10.", lang=lang)
    assert with_t == with_10
    assert len(with_t) == 6
    assert Card(Suit.SPADES, Rank.TEN) in with_10
    assert Card(Suit.DIAMONDS, Rank.TEN) in with_10


def test_the_ten_is_written_t_in_english_and_10_in_spanish() -> None:
    ten = Card(Suit.SPADES, Rank.TEN)
    assert ten.to_str(lang="en") == "ST"
    assert ten.to_str(lang="es") == "P10"
    hand = Hand.from_str("AKQJT.JT9.T98.T98")
    assert hand.to_str(lang="es") == "ARDV10.V109.1098.1098"


def test_hands_are_written_with_the_letters_of_the_language() -> None:
    hand = Hand.from_str("AKQ.JT9.876.5432")
    assert hand.to_str(lang="es") == "ARD.V109.876.5432"
    assert hand.to_str(symbols=True) == "♠AKQ ♥JT9 ♦876 ♣5432"
    assert Hand.from_str("PARD CV109 D876 T5432", lang="es") == hand
    assert Hand.from_str("SAKQ HJT9 D876 C5432") == hand


@pytest.mark.parametrize(
    ("text", "lang", "call"),
    [
        ("Paso", "es", PASS),
        ("paso", "es", PASS),
        ("Doblo", "es", DOUBLE),
        ("Redoblo", "es", REDOUBLE),
        ("Pass", "en", PASS),
        ("X", "en", DOUBLE),
        ("XX", "en", REDOUBLE),
        ("1P", "es", Bid(1, Strain.SPADES)),
        ("1C", "es", Bid(1, Strain.HEARTS)),
        ("1C", "en", Bid(1, Strain.CLUBS)),
        ("1T", "es", Bid(1, Strain.CLUBS)),
        ("3ST", "es", Bid(3, Strain.NOTRUMP)),
        ("3SA", "es", Bid(3, Strain.NOTRUMP)),
        ("3NT", "en", Bid(3, Strain.NOTRUMP)),
    ],
)
def test_calls_are_read_in_the_given_language(text: str, lang: str, call: Call) -> None:
    assert Call.from_str(text, lang=lang) == call


@pytest.mark.parametrize(
    ("text", "lang"),
    [("1P", "en"), ("1T", "en"), ("3ST", "en"), ("Paso", "en"), ("Doblo", "en"), ("1H", "es")],
)
def test_calls_of_the_other_language_are_not_read(text: str, lang: str) -> None:
    with pytest.raises(InvalidCallError):
        Call.from_str(text, lang=lang)


def test_spanish_calls_are_written_in_spanish() -> None:
    assert [call.to_str(lang="es") for call in (PASS, DOUBLE, REDOUBLE)] == [
        "Paso",
        "Doblo",
        "Redoblo",
    ]
    assert Bid(1, Strain.SPADES).to_str(lang="es") == "1P"
    assert Bid(3, Strain.NOTRUMP).to_str(lang="es") == "3ST"
    assert isinstance(Call.from_str("Paso", lang="es"), Pass)
    assert isinstance(Call.from_str("Doblo", lang="es"), Double)
    assert isinstance(Call.from_str("Redoblo", lang="es"), Redouble)


@pytest.mark.parametrize(
    ("text", "lang", "contract"),
    [
        ("3ST", "es", Contract(3, Strain.NOTRUMP)),
        ("3SA", "es", Contract(3, Strain.NOTRUMP)),
        ("4PX O", "es", Contract(4, Strain.SPADES, Doubling.DOUBLED, Seat.WEST)),
        ("2CXX S", "es", Contract(2, Strain.HEARTS, Doubling.REDOUBLED, Seat.SOUTH)),
        ("2CXX S", "en", Contract(2, Strain.CLUBS, Doubling.REDOUBLED, Seat.SOUTH)),
        ("3NT by E", "en", Contract(3, Strain.NOTRUMP, declarer=Seat.EAST)),
    ],
)
def test_contracts_are_read_in_the_given_language(text: str, lang: str, contract: Contract) -> None:
    assert Contract.from_str(text, lang=lang) == contract


def test_spanish_o_is_west_and_english_o_is_an_error() -> None:
    assert Seat.from_str("O", lang="es") is Seat.WEST
    assert Seat.from_str("Oeste", lang="es") is Seat.WEST
    assert Seat.WEST.to_str(lang="es") == "O"
    assert Seat.WEST.to_str(lang="en") == "W"
    with pytest.raises(InvalidSeatError):
        Seat.from_str("O", lang="en")
    with pytest.raises(InvalidSeatError):
        Seat.from_str("W", lang="es")
    with pytest.raises(InvalidContractError):
        Contract.from_str("4S O", lang="en")


@pytest.mark.parametrize(
    ("vulnerability", "english", "spanish"),
    [
        (Vulnerability.NONE, "None", "Nadie"),
        (Vulnerability.NS, "NS", "NS"),
        (Vulnerability.EW, "EW", "EO"),
        (Vulnerability.ALL, "All", "Todos"),
    ],
)
def test_vulnerability_names(vulnerability: Vulnerability, english: str, spanish: str) -> None:
    assert vulnerability.to_str() == english
    assert vulnerability.to_str(lang="es") == spanish
    assert Vulnerability.from_str(english) is vulnerability
    assert Vulnerability.from_str(spanish, lang="es") is vulnerability


def test_sides_are_ns_and_ew_or_eo() -> None:
    assert Side.EW.to_str(lang="es") == "EO"
    assert Side.from_str("EO", lang="es") is Side.EW
    assert Side.from_str("EW") is Side.EW
    with pytest.raises(InvalidSideError):
        Side.from_str("EO", lang="en")


# --- an unknown notation language -------------------------------------------------------

PARSERS: list[Any] = [
    pytest.param(Suit.from_str, "S", id="Suit"),
    pytest.param(Strain.from_str, "NT", id="Strain"),
    pytest.param(Rank.from_str, "A", id="Rank"),
    pytest.param(Card.from_str, "SA", id="Card"),
    pytest.param(Hand.from_str, "AKQ.JT9.876.5432", id="Hand"),
    pytest.param(Deal.from_str, DEAL_TEXT, id="Deal"),
    pytest.param(Seat.from_str, "N", id="Seat"),
    pytest.param(Side.from_str, "NS", id="Side"),
    pytest.param(Vulnerability.from_str, "NS", id="Vulnerability"),
    pytest.param(Call.from_str, "1NT", id="Call"),
    pytest.param(Contract.from_str, "3NT", id="Contract"),
]


@pytest.mark.parametrize(("parse", "text"), PARSERS)
def test_unknown_notation_language_is_an_error_when_reading(
    parse: Callable[..., object], text: str
) -> None:
    assert parse(text, lang="en") is not None
    with pytest.raises(InvalidLanguageNotationError) as info:
        parse(text, lang="fr")
    assert isinstance(info.value, ValueError)
    assert "fr" in str(info.value)


WRITERS: list[Any] = [
    pytest.param(Suit.HEARTS, id="Suit"),
    pytest.param(Strain.NOTRUMP, id="Strain"),
    pytest.param(Strain.SPADES, id="Strain-suit"),
    pytest.param(Card(Suit.SPADES, Rank.ACE), id="Card"),
    pytest.param(Hand.from_str("AKQ.JT9.876.5432"), id="Hand"),
    pytest.param(Bid(1, Strain.HEARTS), id="Bid"),
    pytest.param(PASS, id="Pass"),
    pytest.param(DOUBLE, id="Double"),
    pytest.param(REDOUBLE, id="Redouble"),
    pytest.param(Contract(4, Strain.SPADES, Doubling.DOUBLED, Seat.WEST), id="Contract"),
]


@pytest.mark.parametrize("value", WRITERS)
@with_symbols
def test_unknown_notation_language_is_an_error_when_writing(value: Any, symbols: bool) -> None:
    assert value.to_str(lang="es", symbols=symbols)
    with pytest.raises(InvalidLanguageNotationError):
        value.to_str(lang="fr", symbols=symbols)


@pytest.mark.parametrize(
    "value",
    [Rank.ACE, Seat.NORTH, Side.NS, Vulnerability.ALL, Deal.from_str(DEAL_TEXT)],
    ids=repr,
)
def test_unknown_notation_language_is_an_error_when_writing_letters(value: Any) -> None:
    assert value.to_str(lang="es")
    with pytest.raises(InvalidLanguageNotationError):
        value.to_str(lang="fr")


# --- bad input: narrow errors that name the input and what was expected ----------------


def _board_number(text: str) -> Board:
    return Board(int(text))


def _spanish(parse: Callable[..., object]) -> Callable[[str], object]:
    return functools.partial(parse, lang="es")


# (parser, bad text, narrow error class, part of the English message saying what was expected)
BAD_INPUTS: list[Any] = [
    pytest.param(Suit.from_str, "X", InvalidSuitError, "expected one of S, H, D, C", id="suit"),
    pytest.param(
        _spanish(Suit.from_str), "S", InvalidSuitError, "expected one of P, C, D, T", id="suit-es"
    ),
    pytest.param(Strain.from_str, "Z", InvalidStrainError, "expected one of NT, S", id="strain"),
    pytest.param(Rank.from_str, "1", InvalidRankError, "expected one of A, K, Q, J", id="rank"),
    pytest.param(
        _spanish(Rank.from_str), "K", InvalidRankError, "expected one of A, R, D, V", id="rank-es"
    ),
    pytest.param(Card.from_str, "ZA", InvalidCardError, "expected a suit", id="card"),
    pytest.param(Card.from_str, "S", InvalidCardError, "followed by a rank", id="card-short"),
    pytest.param(Card.from_str, "S1", InvalidCardError, "followed by a rank", id="card-rank"),
    pytest.param(_spanish(Card.from_str), "SA", InvalidCardError, "(P, C, D, T", id="card-es"),
    pytest.param(Hand.from_str, "AKA...", InvalidHandError, "♠A is written twice", id="hand-twice"),
    pytest.param(
        Hand.from_str, "AKQ.JT9.876", InvalidHandError, "expected four suits", id="hand-three"
    ),
    pytest.param(
        Hand.from_str,
        "AKQ.JT9.8Y6.5432",
        InvalidHandError,
        "'Y' in diamonds is not a rank",
        id="hand-rank",
    ),
    pytest.param(
        Hand.from_str, "♠AK ♠QJ", InvalidHandError, "spades are written twice", id="hand-suit"
    ),
    pytest.param(
        Deal.from_str,
        "AKQJ.T98.765.432",
        InvalidDealError,
        "expected a seat, a colon and four hands",
        id="deal-colon",
    ),
    pytest.param(
        Deal.from_str,
        "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98",
        InvalidDealError,
        "expected 4 hands",
        id="deal-three-hands",
    ),
    pytest.param(
        Deal.from_str,
        "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.76",
        InvalidDealError,
        "West has 12 cards, expected 13",
        id="deal-twelve",
    ),
    pytest.param(Seat.from_str, "O", InvalidSeatError, "expected one of N, E, S, W", id="seat"),
    pytest.param(
        _spanish(Seat.from_str), "W", InvalidSeatError, "expected one of N, E, S, O", id="seat-es"
    ),
    pytest.param(Side.from_str, "NE", InvalidSideError, "expected one of NS, EW", id="side"),
    pytest.param(
        Vulnerability.from_str,
        "NE",
        InvalidVulnerabilityError,
        "expected one of None, NS, EW, All",
        id="vulnerability",
    ),
    pytest.param(
        _spanish(Vulnerability.from_str),
        "NE",
        InvalidVulnerabilityError,
        "expected one of Nadie, NS, EO, Todos",
        id="vulnerability-es",
    ),
    pytest.param(Call.from_str, "8NT", InvalidCallError, "level must be 1 to 7", id="call-8NT"),
    pytest.param(Call.from_str, "0C", InvalidCallError, "level must be 1 to 7", id="call-0C"),
    pytest.param(Call.from_str, "1Z", InvalidCallError, "'Z' is not a strain", id="call-strain"),
    pytest.param(Call.from_str, "Pas", InvalidCallError, "expected a bid", id="call-word"),
    pytest.param(
        Contract.from_str, "8NT", InvalidContractError, "level must be 1 to 7", id="contract-8NT"
    ),
    pytest.param(
        Contract.from_str, "4Z", InvalidContractError, "'Z' is not a strain", id="contract-strain"
    ),
    pytest.param(
        Contract.from_str, "3NT Q", InvalidContractError, "'Q' is not a seat", id="contract-seat"
    ),
    pytest.param(
        Contract.from_str, "NT3", InvalidContractError, "expected a level 1 to 7", id="contract"
    ),
    pytest.param(Contract.from_str, "Pass", InvalidContractError, "passed-out", id="contract-pass"),
    pytest.param(
        Board.from_str, "x", InvalidBoardError, "expected a whole number from 1 up", id="board-x"
    ),
    pytest.param(
        _board_number, "0", InvalidBoardError, "expected a whole number from 1 up", id="board-0"
    ),
]


@pytest.mark.parametrize(("parse", "text", "error_class", "expected"), BAD_INPUTS)
def test_bad_input_raises_a_narrow_error_naming_input_and_expectation(
    parse: Callable[[str], object], text: str, error_class: type[NotationError], expected: str
) -> None:
    with pytest.raises(error_class) as info:
        parse(text)
    error = info.value
    assert type(error) is error_class
    assert isinstance(error, ValueError)
    assert error.text == text
    with use_language("en"):
        message = str(error)
    assert f"'{text}'" in message
    assert expected in message


def test_issue_examples_of_bad_input() -> None:
    with pytest.raises(InvalidContractError) as contract:
        Contract.from_str("8NT")
    with pytest.raises(InvalidBoardError) as board:
        Board(0)
    with use_language("en"):
        assert str(contract.value) == "invalid contract '8NT': the level must be 1 to 7"
        assert str(board.value) == "invalid board number '0': expected a whole number from 1 up"


@pytest.mark.parametrize(("parse", "text", "error_class", "expected"), BAD_INPUTS)
def test_errors_are_translated_to_spanish(
    parse: Callable[[str], object], text: str, error_class: type[NotationError], expected: str
) -> None:
    # The Spanish catalog is being written separately: only the input and "not English".
    with pytest.raises(error_class) as info:
        parse(text)
    with use_language("en"):
        english = str(info.value)
    with use_language("es"):
        spanish = str(info.value)
    assert text in spanish
    assert spanish != english


@pytest.mark.parametrize("text", ["²NT", "³♠"])
def test_call_with_a_level_that_is_not_an_ascii_digit_is_a_call_error(text: str) -> None:
    with pytest.raises(InvalidCallError) as info:
        Call.from_str(text)
    assert info.value.text == text


NARROW_ERRORS: list[Any] = [
    pytest.param(Suit.from_str, InvalidSuitError, id="Suit"),
    pytest.param(Strain.from_str, InvalidStrainError, id="Strain"),
    pytest.param(Rank.from_str, InvalidRankError, id="Rank"),
    pytest.param(Card.from_str, InvalidCardError, id="Card"),
    pytest.param(Hand.from_str, InvalidHandError, id="Hand"),
    pytest.param(Deal.from_str, InvalidDealError, id="Deal"),
    pytest.param(Seat.from_str, InvalidSeatError, id="Seat"),
    pytest.param(Side.from_str, InvalidSideError, id="Side"),
    pytest.param(Vulnerability.from_str, InvalidVulnerabilityError, id="Vulnerability"),
    pytest.param(Call.from_str, InvalidCallError, id="Call"),
    pytest.param(Contract.from_str, InvalidContractError, id="Contract"),
]

notation_texts = st.text(alphabet="0123456789²١NSEWOTHDCPAKQJVRX♠♥♦♣.-—:/ x", max_size=12)


@in_both_languages
@pytest.mark.parametrize(("parse", "error_class"), NARROW_ERRORS)
@given(text=notation_texts | st.text(max_size=8))
@example(text="")
@example(text="²NT")
@example(text="١NT")
def test_any_text_is_read_or_raises_the_narrow_error(
    lang: str, parse: Callable[..., object], error_class: type[NotationError], text: str
) -> None:
    raised: NotationError | None = None
    try:
        parse(text, lang=lang)
    except NotationError as error:  # anything else is not caught, and fails the test
        raised = error
    if raised is not None:
        assert type(raised) is error_class
        assert raised.text == text
