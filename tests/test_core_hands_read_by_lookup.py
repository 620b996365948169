"""Hands in dot form read by looking each rank up and adding up (``hand.dotted_masks``).

``Deal.from_str`` reads the common form of a deal this way, and any other text as before
(``read_hand``, which notes every problem). Where the quick reading answers, it must read
the cards ``read_hand`` reads, with no problem; and a deal must read the same either way.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core import Deal, Hand
from arbitro.core.errors import InvalidDealError
from arbitro.core.hand import dotted_masks, read_hand
from table_support import random_deal

RANK_TEXT = st.text(alphabet="AKQJT98765432akqjt10x-. ♠RDV", max_size=20)


@settings(max_examples=400, deadline=None)
@given(st.lists(RANK_TEXT, min_size=1, max_size=4), st.sampled_from(["en", "es"]))
def test_hands_read_by_lookup_are_the_hands_read_hand_reads(texts: list[str], lang: str) -> None:
    masks = dotted_masks(texts, lang)
    if masks is None:
        return
    assert len(masks) == len(texts)
    for text, mask in zip(texts, masks, strict=True):
        assert read_hand(text, lang) == (Hand(mask), [])


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["en", "es"]))
def test_a_dealt_hand_record_is_read_by_lookup(seed: int, lang: str) -> None:
    deal = random_deal(random.Random(seed))
    texts = [hand.to_str(lang) for hand in deal.hands]
    masks = dotted_masks(texts, lang)
    if any("10" in text for text in texts):
        assert masks is None  # Spanish writes the ten "10": read_hand reads it
    else:
        assert masks == [hand.mask for hand in deal.hands]
    assert Deal.from_str(deal.to_str(lang=lang), lang) == deal


def reference_deal(text: str, lang: str) -> Deal | str:
    """The deal read hand by hand with ``read_hand`` and checked whole; else its error."""
    try:
        first, _, rest = text.strip().partition(":")
        hands = rest.split()
        seats = "NESW" if lang == "en" else "NESO"
        if len(first) != 1 or first not in seats or len(hands) != 4:
            raise ValueError
        read = [read_hand(hand, lang) for hand in hands]
        if any(problems or hand is None for hand, problems in read):
            raise ValueError
        by_seat = [read[(seat - seats.index(first)) % 4][0] for seat in range(4)]
        return Deal(tuple(by_seat))  # type: ignore[arg-type]
    except (ValueError, InvalidDealError):
        return "refused"


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 2**32),
    st.sampled_from(["en", "es"]),
    st.lists(st.tuples(st.integers(0, 80), st.sampled_from(list("AK2T.- xS:"))), max_size=3),
)
def test_a_deal_reads_as_its_hands_read_one_by_one(
    seed: int, lang: str, edits: list[tuple[int, str]]
) -> None:
    text = random_deal(random.Random(seed)).to_str(lang=lang)
    for place, character in edits:  # swap a character: a card twice, one missing, a bad rank
        place %= len(text)
        text = text[:place] + character + text[place + 1 :]
    expected = reference_deal(text, lang)
    try:
        read: Deal | str = Deal.from_str(text, lang)
    except InvalidDealError:
        read = "refused"
    assert read == expected
