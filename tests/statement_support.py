"""Any claim statement (Law 68C) the statement module can write, for property tests.

Test modules import it: ``from statement_support import statements``.
"""

from __future__ import annotations

from hypothesis import strategies as st

from arbitro.core import Card, Rank, Suit
from arbitro.core.claim_statement import ClaimStatement, Step

SUITS = st.sampled_from(list(Suit))
CARDS = st.builds(Card, SUITS, st.sampled_from(list(Rank)))
STEPS = st.one_of(
    st.builds(lambda suit: Step("cash", suit=suit), SUITS),
    st.just(Step("draw")),
    st.builds(lambda card: Step("finesse", card=card), CARDS),
    st.builds(lambda suit: Step("ruff", suit=suit), SUITS),
)


@st.composite
def statements(draw: st.DrawFn) -> ClaimStatement:
    """Any statement: a count (all, concede N, N) and a line, cards played first or not."""
    count = draw(st.sampled_from(["all", "concede", "tricks"]))
    tricks = draw(st.integers(0, 13)) if count == "tricks" else None
    conceded = draw(st.integers(1, 13)) if count == "concede" else 0
    steps = draw(st.lists(STEPS, max_size=5))
    played = draw(st.lists(CARDS, max_size=4))
    if played:
        steps = [Step("played", cards=tuple(played)), *steps]
    return ClaimStatement(tricks, tuple(steps), conceded)
