"""A table log through PBN and back keeps its claims: the claim, its statement (Law 68C),
its answer (69A, 70), the Director's award, a review (69B, 71), and a revoke's ruling
(63B), written as the notes of the play (PBN 2.1 3.6.5) and made again on reading."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core.seat import Seat
from arbitro.formats.pbn import dumps, loads
from arbitro.formats.pbn.tables import game_of, table_of
from arbitro.i18n import use_language
from arbitro.table import Phase, Table
from arbitro.table.events import (
    EXAMPLE_DEAL,
    ClaimEvent,
    ClaimReviewEvent,
    DecisionEvent,
    ObjectionEvent,
    RevokeEvent,
)
from arbitro.table.log import dumps as log_dumps
from arbitro.table.state import DIRECTOR
from pbn_boards import played_table
from table_support import apply_or_refused


def _through_pbn(table: Table) -> Table:
    """Write the table as PBN text, read it back, and replay it into a new table."""
    return table_of(loads(dumps([game_of(table)]))[0])


def _four_hearts() -> Table:
    """4♥ by South, ten tricks played: North-South won nine, three tricks left."""
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESWNE", ("1NT", "Pass", "4H", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
    while len(table.tricks) < 10:
        assert table.turn is not None
        table.play(table.turn, table.legal_cards()[0])
        if table.face_down_lead is not None:
            table.face_lead()
    return table


def _revoke_then_four_hearts() -> Table:
    """1NT by North; South (dummy) revokes in the first trick, and ten tricks are played."""
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ("1NT", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
    table.play("E", "H7")
    if table.face_down_lead is not None:
        table.face_lead()
    table.play("S", "S5")  # dummy holds hearts: a revoke
    while len(table.tricks) < 10:
        assert table.turn is not None
        table.play(table.turn, table.legal_cards()[0])
    return table


def _same_events(table: Table) -> Table:
    again = _through_pbn(table)
    assert again.events == table.events
    assert log_dumps(again) == log_dumps(table)
    return again


def test_law_70_a_disputed_claim_its_statement_and_the_award_come_back_from_pbn() -> None:
    table = _four_hearts()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "draw trumps / then run the ♣"))
    table.decide("N", "dispute")  # dummy may dispute (68D)
    table.decide(DIRECTOR, "1")
    again = _same_events(table)
    assert again.claim == table.claim
    assert again.claim is not None
    assert again.claim.statement == "draw trumps / then run the ♣"
    assert again.score() == table.score()


def test_law_71_a_review_of_the_award_and_its_new_award_come_back_from_pbn() -> None:
    table = _four_hearts()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "cross-ruff"))
    table.decide("W", "dispute")
    table.decide(DIRECTOR, "1")
    table.apply(ClaimReviewEvent(Seat.NORTH))
    assert [ruling.choice for ruling in table.rulings][-1] == "review"
    table.decide(DIRECTOR, "2")
    again = _same_events(table)
    assert again.rulings == table.rulings


def test_law_69b_a_review_waiting_for_the_director_comes_back_from_pbn() -> None:
    table = _four_hearts()
    table.apply(ClaimEvent(Seat.SOUTH, 3))
    table.decide("W", "accept")  # the other defender accepts (69A)
    table.apply(ClaimReviewEvent(Seat.EAST))
    again = _same_events(table)
    assert again.pending == table.pending
    assert again.phase is Phase.COMPLETE
    assert again.score() == table.score()  # the agreed result, until the Director rules


def test_law_63b_a_revoke_ruled_after_a_claim_comes_back_from_pbn() -> None:
    table = _revoke_then_four_hearts()
    table.apply(ClaimEvent(Seat.NORTH, 2, "two top spades"))
    table.decide("E", "dispute")
    table.decide(DIRECTOR, "2")
    table.apply(RevokeEvent(Seat.SOUTH))
    assert [ruling.law for ruling in table.rulings][-1] == "63B"
    again = _same_events(table)
    assert again.score() == table.score()


def test_law_68c_a_claim_noted_in_spanish_comes_back_with_its_statement() -> None:
    table = _four_hearts()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "fallo y arrastro"))
    table.decide("E", "dispute")
    table.decide(DIRECTOR, "2")
    with use_language("es"):
        text = dumps([game_of(table)])
    assert "Artículo 68C (Sur: aclaración): fallo y arrastro" in text
    assert "Artículo 70 (Árbitro: 2)" in text
    again = table_of(loads(text)[0])
    assert again.events == table.events


def test_law_70_rulings_of_one_card_too_long_for_a_line_are_written_short() -> None:
    table = _four_hearts()
    statement = "ruff the spade, cash the ace of clubs, then draw trumps and " + "x" * 20
    table.apply(ClaimEvent(Seat.SOUTH, 3, statement))
    table.decide("E", "dispute")
    table.decide(DIRECTOR, "2")
    table.apply(ClaimReviewEvent(Seat.NORTH))
    table.decide(DIRECTOR, "3")
    text = dumps([game_of(table)])
    assert all(len(line) <= 255 for line in text.splitlines())
    assert "Law 70 (Director: 2) / Law 71 (North: review) / Law 71 (Director: 3)" in text
    assert "..." not in text
    _same_events(table)


def test_law_68c_a_statement_too_long_for_a_line_is_cut_and_the_rulings_kept() -> None:
    table = _four_hearts()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "draw trumps " * 30))
    table.decide("E", "dispute")
    table.decide(DIRECTOR, "2")
    text = dumps([game_of(table)])
    assert all(len(line) <= 255 for line in text.splitlines())
    again = table_of(loads(text)[0])
    assert again.claim is not None
    assert again.claim.statement.endswith("draw trumps...")
    assert again.events[:-3] == table.events[:-3]
    assert again.events[-2:] == table.events[-2:]
    assert again.score() == table.score()


_STATEMENTS = st.text(
    st.sampled_from("abcdeklmnrstxyz ,;.:/-♣♦♥♠«»0123456789AKQJT"), max_size=60
).map(str.strip)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    cards=st.integers(min_value=0, max_value=51),
    claimer=st.sampled_from(list(Seat)),
    claimed=st.integers(min_value=0, max_value=13),
    statement=_STATEMENTS,
    answer=st.sampled_from([(seat, choice) for seat in "NESW" for choice in ("accept", "dispute")]),
    award=st.integers(min_value=0, max_value=13),
    reviewer=st.sampled_from(list(Seat)),
    review_award=st.integers(min_value=0, max_value=13),
)
def test_law_68_71_any_claim_and_what_followed_comes_back_from_pbn(
    seed: int,
    cards: int,
    claimer: Seat,
    claimed: int,
    statement: str,
    answer: tuple[str, str],
    award: int,
    reviewer: Seat,
    review_award: int,
) -> None:
    table = played_table(random.Random(seed), cards=cards)
    left = 13 - len(table.tricks)
    for event in (
        ClaimEvent(claimer, claimed % (left + 1), statement),
        DecisionEvent(*answer),
        DecisionEvent(DIRECTOR, str(award)),
        ClaimReviewEvent(reviewer),
        DecisionEvent(DIRECTOR, str(review_award)),
    ):
        if table.phase in (Phase.AUCTION, Phase.PASSED_OUT):
            break
        apply_or_refused(table, event)
    _same_events(table)


def test_law_68b2_a_concession_objected_to_is_not_made_again_from_pbn() -> None:
    table = _four_hearts()
    table.apply(ClaimEvent(Seat.EAST, 0))  # East concedes the rest
    table.apply(ObjectionEvent(Seat.WEST))  # West objects at once: play goes on
    assert table.turn is not None
    table.play(table.turn, table.legal_cards()[0])
    again = _through_pbn(table)
    assert again.claim is None
    assert again.pending is None
    assert again.tricks == table.tricks
    assert again.current_trick == table.current_trick
