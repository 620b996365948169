"""Law 18: bids, their levels and strains, and the order in which one supersedes another."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core import (
    BIDS,
    CALLS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Call,
    Contract,
    InvalidCallError,
    Strain,
)
from arbitro.i18n import use_language

# Law 18E: the rank of the denominations, lowest first.
LAW18E_STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
ALL_BIDS = [Bid(level, strain) for level in range(1, 8) for strain in LAW18E_STRAINS]


def _law18b_supersedes(a: Bid, b: Bid) -> bool:
    """Law 18B: more odd tricks, or as many in a higher denomination."""
    return a.level > b.level or (
        a.level == b.level and LAW18E_STRAINS.index(a.strain) > LAW18E_STRAINS.index(b.strain)
    )


def test_law18a_there_are_35_bids() -> None:
    assert len(ALL_BIDS) == 35
    assert len(set(ALL_BIDS)) == 35
    assert set(BIDS) == set(ALL_BIDS)
    assert [call for call in CALLS if isinstance(call, Bid)] == ALL_BIDS


def test_law18b_bid_supersedes_a_lower_level_or_a_lower_strain_at_the_same_level() -> None:
    for a, b in itertools.product(ALL_BIDS, repeat=2):
        law = _law18b_supersedes(a, b)
        assert (a > b) is law, (a, b)
        assert (b < a) is law, (a, b)
        assert a.supersedes(b) is law, (a, b)
        assert (a <= b) is not law, (a, b)
        assert (a == b) is (a.level == b.level and a.strain is b.strain), (a, b)


def test_law18b_bids_in_ascending_order() -> None:
    assert list(BIDS) == ALL_BIDS
    assert sorted(ALL_BIDS[1::2] + ALL_BIDS[::2]) == ALL_BIDS
    for lower, higher in itertools.pairwise(BIDS):
        assert higher > lower
        assert higher.supersedes(lower)
        assert not lower.supersedes(higher)


@pytest.mark.parametrize("index", range(35))
def test_law18b_bid_index_is_its_place_in_the_order(index: int) -> None:
    bid = Bid.from_index(index)
    assert bid.index == index
    assert bid == ALL_BIDS[index]
    assert BIDS[index] == bid


def test_law18b_a_bid_does_not_supersede_itself() -> None:
    for bid in ALL_BIDS:
        assert not bid.supersedes(bid)
        assert not bid > Bid(bid.level, bid.strain)


def test_law18e_rank_of_denominations() -> None:
    assert Strain.NOTRUMP > Strain.SPADES > Strain.HEARTS > Strain.DIAMONDS > Strain.CLUBS
    assert sorted(Strain) == list(LAW18E_STRAINS)
    for level in range(1, 8):
        nt, spades, hearts, diamonds, clubs = (Bid(level, s) for s in reversed(LAW18E_STRAINS))
        assert nt > spades > hearts > diamonds > clubs


def test_law18b_higher_level_in_a_lower_denomination_supersedes() -> None:
    assert Bid(2, Strain.CLUBS) > Bid(1, Strain.NOTRUMP)
    assert Bid(2, Strain.CLUBS).supersedes(Bid(1, Strain.NOTRUMP))
    assert not Bid(1, Strain.NOTRUMP).supersedes(Bid(2, Strain.CLUBS))
    assert Bid(7, Strain.CLUBS) > Bid(6, Strain.NOTRUMP)


@given(a=st.sampled_from(ALL_BIDS), b=st.sampled_from(ALL_BIDS))
def test_law18b_order_is_the_index_order(a: Bid, b: Bid) -> None:
    assert (a > b) is (a.index > b.index)
    assert (a == b) is (a.index == b.index)


@pytest.mark.parametrize("level", [0, 8, -1, 9, 100])
@pytest.mark.parametrize("strain", list(Strain), ids=str)
def test_law18a_bid_level_must_be_1_to_7(level: int, strain: Strain) -> None:
    with pytest.raises(InvalidCallError) as info:
        Bid(level, strain)
    assert isinstance(info.value, ValueError)
    with use_language("en"):
        message = str(info.value)
    assert f"{level}{strain.to_str()}" in message
    assert "level must be 1 to 7" in message


@pytest.mark.parametrize("index", [-1, 35, 36])
def test_law18a_there_is_no_bid_outside_the_35(index: int) -> None:
    with pytest.raises(InvalidCallError):
        Bid.from_index(index)


@pytest.mark.parametrize("text", ["0NT", "8NT", "8C", "0C", "10S"])
def test_law18a_call_from_str_refuses_levels_outside_1_to_7(text: str) -> None:
    with pytest.raises(InvalidCallError) as info:
        Call.from_str(text)
    assert info.value.text == text


@pytest.mark.parametrize("level", range(1, 8))
def test_law18a_a_bid_undertakes_six_tricks_plus_its_level(level: int) -> None:
    assert Contract(level, Strain.SPADES).tricks_needed == 6 + level
    assert Contract(level, Strain.SPADES).bid == Bid(level, Strain.SPADES)


ORDERINGS = [operator.lt, operator.le, operator.gt, operator.ge]


@pytest.mark.parametrize("other", [PASS, DOUBLE, REDOUBLE], ids=repr)
@pytest.mark.parametrize("compare", ORDERINGS, ids=lambda f: f.__name__)
def test_law18_only_bids_are_ordered(
    other: Call, compare: Callable[[object, object], bool]
) -> None:
    bid = Bid(1, Strain.CLUBS)
    with pytest.raises(TypeError):
        compare(bid, other)
    with pytest.raises(TypeError):
        compare(other, bid)
    assert bid != other
    assert other != bid


@pytest.mark.parametrize("compare", ORDERINGS, ids=lambda f: f.__name__)
def test_law18_pass_double_redouble_are_not_ordered(
    compare: Callable[[object, object], bool],
) -> None:
    for a, b in itertools.permutations([PASS, DOUBLE, REDOUBLE], 2):
        with pytest.raises(TypeError):
            compare(a, b)
        assert a != b
