"""Law 46B1a/c with dummy void in the suit led: "high" or "low" of a rank held in two suits.

The words name no one card then: declarer names the suit, as for a rank alone (46B3b),
rather than Árbitro choosing one for him.
"""

from __future__ import annotations

from arbitro.core import Card, Hand, Strain
from arbitro.laws.designation import designate


def test_law46b1a_high_with_the_top_rank_in_two_suits_asks_declarer() -> None:
    dummy = Hand.from_str("K2.-.K3.5432").mask
    found = designate("high", dummy, [Card.from_str("H4").index], Strain.NOTRUMP)
    assert (found.card, found.ambiguous, found.law) == (None, True, "46B1a")


def test_law46b1c_low_with_the_lowest_rank_in_two_suits_asks_declarer() -> None:
    dummy = Hand.from_str("K2.-.Q2.9543").mask
    found = designate("low", dummy, [Card.from_str("H4").index], Strain.NOTRUMP)
    assert (found.card, found.ambiguous, found.law) == (None, True, "46B1c")


def test_law46b1a_high_with_one_top_card_is_that_card() -> None:
    dummy = Hand.from_str("K2.-.Q3.5432").mask
    found = designate("high", dummy, [Card.from_str("H4").index], Strain.NOTRUMP)
    assert found.card == Card.from_str("SK")
