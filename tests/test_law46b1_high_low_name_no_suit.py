"""Law 46B1a/c: "high" and "low" say which card of a suit, not which suit.

"Se considera que ha indicado la carta más alta" (46B1a), "la carta más pequeña"
(46B1c): cards are ranked within a suit (Law 1), so the words designate a card only
when dummy's legal cards are of one suit — the suit led when dummy can follow. When
dummy cannot follow suit, or leads, and holds cards of two or more suits, the words
name no suit: the designation is incomplete as a rank without a suit is (46B3b), and
declarer must say which suit; Árbitro does not choose one for him (a ruff, a discard).
Declarer may say it with the word ("low D", "alta ♠"): the lowest or highest card of
that suit.
"""

from __future__ import annotations

import pytest

from arbitro.core import Card, Deal, Hand, Seat, Strain
from arbitro.laws.designation import designate
from arbitro.table import Table
from arbitro.table.events import DesignateEvent
from table_support import assert_refused, rulings

# Dummy void in hearts, spades trumps: ♠T986 ♦QJ42 ♣AK543.
DUMMY = Hand.from_str("T986.-.QJ42.AK543").mask
HEART_LED = [Card.from_str("HA").index]


@pytest.mark.parametrize(("text", "law"), [("high", "46B1a"), ("low", "46B1c")])
def test_law_46b1_a_void_dummy_with_two_suits_or_more_names_no_card(text: str, law: str) -> None:
    for trumps in (Strain.SPADES, Strain.NOTRUMP):
        found = designate(text, DUMMY, HEART_LED, trumps)
        assert (found.card, found.law, found.ambiguous) == (None, law, True)


@pytest.mark.parametrize(("text", "law"), [("high", "46B1a"), ("alta", "46B1a"), ("low", "46B1c")])
def test_law_46b1_dummy_leading_with_two_suits_or_more_names_no_card(text: str, law: str) -> None:
    found = designate(text, DUMMY, [], Strain.SPADES)
    assert (found.card, found.law, found.ambiguous) == (None, law, True)


def test_law_46b1_one_suit_left_is_the_highest_or_lowest_of_it() -> None:
    only_spades = Hand.from_str("T986.-.-.-").mask
    assert designate("high", only_spades, HEART_LED, Strain.SPADES).card == Card.from_str("ST")
    assert designate("low", only_spades, HEART_LED, Strain.SPADES).card == Card.from_str("S6")
    assert designate("low", only_spades, [], Strain.NOTRUMP).card == Card.from_str("S6")


@pytest.mark.parametrize(
    ("text", "card", "law"),
    [
        ("high S", "ST", "46B1a"),
        ("low D", "D2", "46B1c"),
        ("low ♣", "C3", "46B1c"),
        ("♦ high", "DQ", "46B1a"),
        ("baja ♠", "S6", "46B1c"),
    ],
)
def test_law_46b1_high_or_low_with_the_suit_named(text: str, card: str, law: str) -> None:
    found = designate(text, DUMMY, HEART_LED, Strain.SPADES)
    assert (found.card, found.law) == (Card.from_str(card), law)


def test_law_46b1_high_with_a_suit_dummy_does_not_hold_designates_nothing() -> None:
    found = designate("high H", DUMMY, [], Strain.SPADES)
    assert (found.card, found.law) == (None, "46B4")


def test_law_46b1_following_suit_high_and_low_stay_in_the_suit_led() -> None:
    dummy = Hand.from_str("T98.852.QJ4.AK43").mask
    assert designate("high", dummy, HEART_LED, Strain.SPADES).card == Card.from_str("H8")
    assert designate("low", dummy, HEART_LED, Strain.SPADES).card == Card.from_str("H2")


# North declares 4♠; East leads the ♥A and dummy (South) has no heart.
VOID_DEAL = "N:AKJ52.K74.A73.86 Q7.AQJ9632.K5.J9 T986.-.QJ42.AK543 43.T85.T986.QT72"


def _dummy_void_to_play() -> Table:
    table = Table(Deal.from_str(VOID_DEAL), number=1)
    for seat, call in zip(
        "NESWNESW", ["1S", "2H", "3S", "Pass", "4S", "Pass", "Pass", "Pass"], strict=True
    ):
        table.call(seat, call)
    table.play("E", "HA")
    table.face_lead()
    assert table.turn is Seat.SOUTH
    return table


@pytest.mark.parametrize(("text", "law"), [("low", "46B1c"), ("high", "46B1a")])
def test_law_46b1_at_the_table_declarer_must_name_the_suit(text: str, law: str) -> None:
    table = _dummy_void_to_play()
    assert_refused(table, lambda: table.apply(DesignateEvent(text)), law, "46B3b", text)
    assert table.pending is None
    assert table.turn is Seat.SOUTH


def test_law_46b1c_at_the_table_low_with_the_suit_named_is_played() -> None:
    table = _dummy_void_to_play()
    table.apply(DesignateEvent("low D"))
    assert list(table.current_trick) == [
        (Seat.EAST, Card.from_str("HA")),
        (Seat.SOUTH, Card.from_str("D2")),
    ]
    assert rulings(table) == [("46B1c", "director", "46B1c")]
