"""Laws 41B-C, 43B3, 54C and 58A at the table.

Each scenario is a table log in ``tests/scenarios`` named after the Law subsection it
shows, on deal 4 of ``docs/table-log.md`` (N AKQJ.AKQJ.AK.AKQ E 765.765.8765.876
S T98.T98.QJT9.JT9 W 432.432.432.5432) with the auction 1S P 4S P P P: North declares
four spades, South is dummy, East leads. Law 77 scores four spades not vulnerable:
12 tricks +480, 13 tricks +510.
"""

from __future__ import annotations

from arbitro.core import Card, Seat, Side, Suit
from arbitro.laws.revoke import Revoke, transfers
from arbitro.table import Phase, Table
from arbitro.table.events import (
    DummyEvent,
    ExposedEvent,
    PlayEvent,
    QuestionEvent,
    SimultaneousPlaysEvent,
)
from table_support import (
    assert_refused,
    load_scenario,
    notes,
    pending_decision,
    replay_until,
    rulings,
)
from table_support import played_trick as _played
from table_support import trick_names as _trick


def _plays(first: tuple[str, str], second: tuple[str, str]) -> SimultaneousPlaysEvent:
    return SimultaneousPlaysEvent(
        (
            PlayEvent(Seat.from_str(first[0]), Card.from_str(first[1])),
            PlayEvent(Seat.from_str(second[0]), Card.from_str(second[1])),
        )
    )


# -- Law 58A: simultaneous leads or plays by two players -------------------------------------


def test_law_58a_card_played_with_the_legal_lead_counts_after_it() -> None:
    name = "law_58a_simultaneous_lead_and_play"
    before = replay_until(name, '"simultaneous_plays"')
    assert before.turn is Seat.NORTH
    # East's ♠5 is written first: the lead in turn, North's ♠A, still counts first.
    table = replay_until(name, '"play"', 5)
    assert _trick(table) == ["NSA", "ES5"]
    assert rulings(table) == [("58A", "director", "58A")]
    assert table.turn is Seat.SOUTH
    whole = load_scenario(name)
    assert _played(whole, 2) == ("N", ["SA", "S5", "ST", "S4"], "N")
    assert whole.phase is Phase.COMPLETE


def test_law_58a_one_of_the_cards_must_be_in_turn() -> None:
    table = replay_until("law_58a_simultaneous_lead_and_play", '"simultaneous_plays"')
    assert_refused(table, lambda: table.apply(_plays(("E", "S5"), ("W", "S2"))), "58A")
    assert_refused(table, lambda: table.apply(_plays(("N", "SA"), ("N", "SK"))), "58A")


# -- Law 54C: declarer could have seen dummy's cards ------------------------------------------


def test_law_54c_declarer_must_accept_when_dummy_shows_his_cards() -> None:
    name = "law_54c_dummy_shows_his_cards_declarer_must_accept"
    table = replay_until(name, '"dummy"')
    # West faces the opening lead; East was on lead (54).
    assert pending_decision(table)[:2] == ("N", "54")
    table = replay_until(name, '"play"', 2)
    assert rulings(table) == [("54C", "director", "54C"), ("54B", "N", "accept")]
    assert table.phase is Phase.PLAY
    assert _trick(table) == ["WH2"]
    assert table.turn is Seat.NORTH  # declarer plays second, from his own hand (54B1)
    assert table.restrictions == ()
    whole = load_scenario(name)
    assert _played(whole, 1) == ("W", ["H2", "HA", "H5", "H8"], "N")


def test_law_54c_only_before_declarer_chooses() -> None:
    table = replay_until("law_54c_dummy_shows_his_cards_declarer_must_accept", '"play"', 2)
    assert_refused(table, lambda: table.apply(DummyEvent("spreads")), "41D")


# -- Law 43B3: dummy, having forfeited his rights, draws attention first -----------------------


def test_law_43b3_defender_revoke_pointed_out_by_dummy_is_not_rectified() -> None:
    name = "law_43b3_dummy_first_to_point_out_defender_revoke"
    table = replay_until(name, '"draws_attention"')
    # East ruffed the ♦A with the ♠5 holding diamonds, and won the trick.
    assert _played(table, 2) == ("N", ["DA", "S5", "D9", "D2"], "E")
    assert [(str(r.seat), r.established) for r in table.revokes] == [("E", False)]
    whole = load_scenario(name)
    assert ("43B3", "director", "43B3") in rulings(whole)
    assert notes(whole) == ["12B1"]
    # Not corrected: trick 2 stands as East played it.
    assert _played(whole, 2) == ("N", ["DA", "S5", "D9", "D2"], "E")
    assert [(t.law, t.tricks) for t in whole.transfers] == [("43B3", 0)]
    # Noticed otherwise, the same revoke would cost East-West the trick it won (64A1).
    winners = [trick.winner for trick in whole.tricks]
    [usual] = transfers(winners, [Revoke(1, Seat.EAST, Suit.DIAMONDS)])
    assert (usual.law, usual.tricks) == ("64A1", 1)
    assert whole.tricks_won(Side.NS) == 12
    assert whole.tricks_credited(Side.NS) == 12
    assert whole.score() == 480


def test_law_43b3_defender_lead_out_of_turn_stands_as_the_lead() -> None:
    name = "law_43b3_defender_lead_out_of_turn_stands"
    table = replay_until(name, '"draws_attention"')
    assert pending_decision(table) == ("N", "53", [("accept", "53A"), ("refuse", "56")])
    table = replay_until(name, '"play"', 6)
    assert _trick(table) == ["ED8"]
    assert table.pending is None
    assert table.turn is Seat.SOUTH
    assert table.restrictions == ()  # no penalty card
    assert rulings(table)[-1] == ("43B3", "director", "43B3")


def _forfeited_after_trick_one() -> Table:
    """4♠ by North; trick 1 won by North's ♥A; dummy has forfeited his rights (43B2)."""
    table = replay_until("law_43b3_defender_lead_out_of_turn_stands", '"play"', 5)
    assert table.tricks[0].winner is Seat.NORTH
    assert table.turn is Seat.NORTH
    return table


def test_law_43b3_defender_premature_play_pointed_out_by_dummy_is_not_rectified() -> None:
    table = _forfeited_after_trick_one()
    table.play("N", "DA")
    table.play("W", "D2")  # before partner: 57A, declarer would choose East's card
    assert table.pending is not None
    assert table.pending.law == "57"
    table.apply(DummyEvent("draws_attention"))
    assert rulings(table)[-1] == ("43B3", "director", "43B3")
    assert table.pending is None
    assert table.restrictions == ()  # the ♦2 is no penalty card
    # East plays as he likes, dummy follows, and West's ♦2 counts at his turn (57C1).
    table.play("E", "D8")
    table.play("S", "D9")
    assert _played(table, 2) == ("N", ["DA", "D8", "D9", "D2"], "N")


def test_law_43b3_defender_exposed_card_pointed_out_by_dummy_is_no_penalty_card() -> None:
    table = _forfeited_after_trick_one()
    table.play("N", "DA")
    table.apply(ExposedEvent(Seat.EAST, (Card.from_str("C8"),)))
    assert [r.card for r in table.restrictions] == [Card.from_str("C8")]
    table.apply(DummyEvent("draws_attention"))
    assert table.restrictions == ()
    assert rulings(table)[-1] == ("43B3", "director", "43B3")
    assert notes(table)[-1] == "12B1"


def test_law_43b3_a_penalty_card_ruled_before_is_kept_when_dummy_draws_attention_later() -> None:
    """43B3 is for dummy *first* to draw attention: a card exposed and played past is not
    his to point out, and its penalty stands."""
    table = _forfeited_after_trick_one()
    table.play("N", "DA")
    table.apply(ExposedEvent(Seat.EAST, (Card.from_str("C8"),)))  # ruled: a penalty card
    table.play("E", "D8")
    assert [r.card for r in table.restrictions] == [Card.from_str("C8")]
    assert_refused(table, lambda: table.apply(DummyEvent("draws_attention")))
    assert [r.card for r in table.restrictions] == [Card.from_str("C8")]
    assert "43B3" not in [ruling[0] for ruling in rulings(table)]


def test_law_43b3_only_after_dummy_forfeited_his_rights() -> None:
    table = replay_until("law_43b3_dummy_first_to_point_out_defender_revoke", '"dummy"')
    assert table.phase is Phase.PLAY
    # Before a forfeit it is a breach of 43A1b (recorded, penalty note 43B1), not 43B3.
    table.apply(DummyEvent("draws_attention"))
    assert rulings(table)[-1] == ("43A1b", "director", "43A1b")
    assert "43B3" not in [ruling[0] for ruling in rulings(table)]


# -- Law 41B-C: the review of the auction and questions --------------------------------------


def _ask(seat: str, kind: str) -> QuestionEvent:
    return QuestionEvent(Seat.from_str(seat), kind)


def test_law_41b1_before_the_lead_is_faced_leader_partner_and_declarer_ask() -> None:
    name = "law_41b_review_and_questions"
    table = replay_until(name, '"face_lead"')
    assert table.phase is Phase.LEAD_FACE_DOWN
    assert rulings(table) == [("41B1", "W", "review"), ("41B1", "N", "explanation")]
    # Not the presumed dummy, nor the opening leader once he has led.
    assert_refused(table, lambda: table.apply(_ask("S", "review")), "41B1", "South")
    assert_refused(table, lambda: table.apply(_ask("E", "explanation")), "41B1", "East")
    assert_refused(table, lambda: table.apply(_ask("W", "contract")), "41C")


def test_law_41b2_review_at_the_first_turn_to_play_until_a_card_is_played() -> None:
    name = "law_41b_review_and_questions"
    table = replay_until(name, _card("S", "H8"))
    # Declarer's first turn is dummy's (41B2).
    assert rulings(table)[-1] == ("41B2", "N", "review")
    assert_refused(table, lambda: table.apply(_ask("W", "review")), "West")  # not his turn
    assert_refused(table, lambda: table.apply(_ask("S", "review")), "dummy")
    table = replay_until(name, _card("W", "H2"))
    assert rulings(table)[-1] == ("41B2", "W", "review")
    table = replay_until(name, '"contract"')
    assert table.turn is Seat.NORTH
    # Declarer has played from dummy: too late for a review, he may be told the contract.
    assert_refused(table, lambda: table.apply(_ask("N", "review")), "41B2", "41C")


def test_law_41b3_41c_explanations_and_the_contract_during_the_play() -> None:
    table = load_scenario("law_41b_review_and_questions")
    assert ("41C", "N", "contract") in rulings(table)
    assert ("41B3", "E", "explanation") in rulings(table)
    assert table.phase is Phase.COMPLETE
    assert table.score() == 510  # questions change nothing at the table


def _card(seat: str, card: str) -> str:
    return f'"play", "seat": "{seat}", "card": "{card}"'
