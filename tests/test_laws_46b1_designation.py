"""Law 46B1: "win" is the lowest card *known* to win; "high" and "low" from a dummy
left with one suit (see test_law46b1_high_low_name_no_suit for two suits or more)."""

from __future__ import annotations

from arbitro.core import Card, Hand, Strain
from arbitro.laws.designation import designate


def idx(*cards: str) -> list[int]:
    return [Card.from_str(card).index for card in cards]


def mask(*cards: str) -> int:
    return sum(1 << index for index in idx(*cards))


DUMMY = Hand.from_str("T986.852.QJ4.AK4").mask


def test_law_46b1b_a_card_beaten_by_a_card_still_to_come_is_not_known_to_win() -> None:
    # Dummy second: the ♦K is among the cards declarer cannot see that West may play.
    result = designate("win", DUMMY, idx("D5"), Strain.SPADES, threats=mask("DK", "D9", "D2"))
    assert (result.card, result.law) == (None, "46B4")


def test_law_46b1b_the_lowest_card_no_card_to_come_can_beat() -> None:
    # Only the ♦T and lower may follow: the ♦J is known to win.
    result = designate("win", DUMMY, idx("D5"), Strain.SPADES, threats=mask("DT", "D9"))
    assert (result.card, result.law) == (Card.from_str("DJ"), "46B1b")


def test_law_46b1b_dummy_last_to_play_wins_with_the_lowest_card_that_beats_the_trick() -> None:
    result = designate("win", DUMMY, idx("D5", "D9", "DT"), Strain.SPADES)
    assert (result.card, result.law) == (Card.from_str("DJ"), "46B1b")


def test_law_46b1b_a_ruff_still_to_come_is_a_threat() -> None:
    result = designate("win", DUMMY, idx("D5"), Strain.SPADES, threats=mask("S2"))
    assert (result.card, result.law) == (None, "46B4")


def test_law_46b1c_low_with_only_trumps_left_is_the_lowest_trump() -> None:
    result = designate("low", Hand.from_str("T986.-.-.-").mask, idx("HA"), Strain.SPADES)
    assert (result.card, result.law) == (Card.from_str("S6"), "46B1c")
