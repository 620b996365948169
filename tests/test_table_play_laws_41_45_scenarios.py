"""Laws 41A, 41C-D, 43A-B1 and 45A-F at the table: one scenario per subsection.

Each scenario is a table log in ``tests/scenarios`` named after the Law subsection it
shows, on deal 4 of ``docs/table-log.md`` (N AKQJ.AKQJ.AK.AKQ E 765.765.8765.876
S T98.T98.QJT9.JT9 W 432.432.432.5432) with the auction 1S P 4S P P P: North declares
four spades, South is dummy, East leads. North wins every trick, so each board ends
with thirteen tricks to North-South and Law 77 scores four spades not vulnerable
making seven: +510 (420 for the game and 90 for three overtricks). The tests check the
rectification and what follows from it later in the play, and that what the Laws do
not allow is refused with the table unchanged.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from arbitro.core import Card, Seat, Side, Suit
from arbitro.table import Phase, RestrictionKind, Table
from arbitro.table.events import (
    ChangeCardEvent,
    DecisionEvent,
    DesignateEvent,
    DummyEvent,
    Event,
    FaceLeadEvent,
    FifthCardEvent,
    PlayEvent,
    QuestionEvent,
    RevokeEvent,
)
from arbitro.table.log import dumps, loads
from table_support import (
    apply_or_refused,
    assert_refused,
    in_phase,
    legal_card_names,
    load_scenario,
    next_seat,
    notes,
    pending_decision,
    random_deal,
    replay_until,
    report_snapshot,
    rulings,
)
from table_support import played_trick as _played
from table_support import trick_names as _trick

GAME_MAKING_SEVEN = 420 + 3 * 30
"""Law 77: four spades not vulnerable, undoubled, thirteen tricks."""


def _card(seat: str, card: str) -> str:
    return f'"play", "seat": "{seat}", "card": "{card}"'


def _penalty_cards(table: Table) -> list[tuple[str, str, bool]]:
    return [
        (str(r.seat), str(r.card), r.major)
        for r in table.restrictions
        if r.kind is RestrictionKind.PENALTY_CARD
    ]


def _holds(table: Table, seat: str, card: str) -> bool:
    return Card.from_str(card) in table.hand(seat)


def _assert_all_tricks_to_declarer(table: Table) -> None:
    assert table.phase is Phase.COMPLETE
    assert len(table.tricks) == 13
    assert table.tricks_won(Side.NS) == 13
    assert table.tricks_won(Side.EW) == 0
    assert table.score() == GAME_MAKING_SEVEN


# -- Law 41A: the opening lead face down ----------------------------------------------------


def test_law_41a_opening_lead_is_made_face_down_by_declarer_lho() -> None:
    name = "law_41a_opening_lead_face_down"
    table = replay_until(name, _card("E", "H5"))
    assert table.declarer is Seat.NORTH
    assert table.opening_leader is Seat.EAST  # the defender on declarer's left
    assert table.turn is Seat.EAST
    table = replay_until(name, '"face_lead"')
    assert table.phase is Phase.LEAD_FACE_DOWN
    assert table.face_down_lead == Card.from_str("H5")
    assert table.current_trick == ()  # lying face down, not yet in the trick
    assert not _holds(table, "E", "H5")


def test_law_41a_no_card_is_played_and_the_lead_not_changed_while_face_down() -> None:
    table = replay_until("law_41a_opening_lead_face_down", '"face_lead"')
    assert_refused(table, lambda: table.play("S", "H8"), "41C")
    # West's card would be a lead faced out of turn: Law 54 (tests of Laws 45-47, 54).
    # The leader cannot take the face-down card back and lead another (47E2 only).
    assert_refused(table, lambda: table.play("E", "H6"), "41C")
    assert table.face_down_lead == Card.from_str("H5")


def test_law_41a_the_face_down_card_is_the_lead_once_faced() -> None:
    name = "law_41a_opening_lead_face_down"
    table = replay_until(name, _card("S", "H8"))
    assert _trick(table) == ["EH5"]
    assert table.turn is Seat.SOUTH
    whole = load_scenario(name)
    assert _played(whole, 1) == ("E", ["H5", "H8", "H2", "HA"], "N")
    assert whole.rulings == ()
    _assert_all_tricks_to_declarer(whole)


# -- Law 41C: the lead is faced; the play period begins irrevocably ----------------------------


def test_law_41c_facing_the_lead_ends_the_auction_period_irrevocably() -> None:
    name = "law_41c_lead_faced_play_begins"
    table = replay_until(name, '"face_lead"')
    assert table.phase is Phase.LEAD_FACE_DOWN
    assert rulings(table) == [("41B1", "W", "review")]
    # Before the lead is faced, a call is still one after the final pass (Law 39).
    before = replay_until(name, '"face_lead"')
    before.call("W", "Pass")
    assert rulings(before)[-1][0] == "39B"
    table.face_lead()
    assert in_phase(table, Phase.PLAY)
    assert_refused(table, lambda: table.call("W", "Pass"), "auction is over")
    assert_refused(table, lambda: table.face_lead(), "face-down")


def test_law_41c_the_contract_is_told_once_too_late_for_a_review() -> None:
    name = "law_41c_lead_faced_play_begins"
    # While a review may still be asked for, the contract question is refused.
    early = replay_until(name, '"face_lead"')
    assert_refused(early, lambda: early.apply(QuestionEvent(Seat.NORTH, "contract")), "41C")
    table = replay_until(name, '"contract"')
    assert rulings(table)[-1] == ("41B2", "N", "review")
    assert_refused(table, lambda: table.apply(QuestionEvent(Seat.NORTH, "review")), "41B2")
    whole = load_scenario(name)
    assert rulings(whole) == [
        ("41B1", "W", "review"),
        ("41B2", "N", "review"),
        ("41C", "N", "contract"),
    ]
    assert whole.restrictions == ()
    _assert_all_tricks_to_declarer(whole)


# -- Law 41D: dummy's hand is spread; declarer plays both hands --------------------------------


def test_law_41d_after_the_face_declarer_plays_dummy_cards() -> None:
    name = "law_41d_declarer_plays_both_hands"
    table = replay_until(name, '"designate"')
    assert table.phase is Phase.PLAY
    assert table.dummy is Seat.SOUTH
    assert table.turn is Seat.SOUTH  # dummy's turn: declarer names the card
    table.apply(DesignateEvent("H8"))
    assert _trick(table) == ["EH5", "SH8"]
    assert not _holds(table, "S", "H8")
    # At declarer's own turn there is no dummy's card to name.
    table.play("W", "H2")
    assert_refused(table, lambda: table.apply(DesignateEvent("H9")))


def test_law_41d_declarer_plays_from_hand_and_from_dummy_through_the_board() -> None:
    name = "law_41d_declarer_plays_both_hands"
    table = replay_until(name, '"designate"', 2)
    assert _played(table, 2) == ("N", ["DA", "D8", "D9", "D2"], "N")
    assert _trick(table) == ["NDK", "ED7"]
    whole = load_scenario(name)
    assert _played(whole, 3) == ("N", ["DK", "D7", "DT", "D4"], "N")
    assert [law for law, _, _ in rulings(whole)] == ["46A", "46A"]
    _assert_all_tricks_to_declarer(whole)


# -- Law 43A: dummy's limitations ----------------------------------------------------------------


def test_law_43a1b_dummy_may_not_draw_attention_during_the_play() -> None:
    name = "law_43a1_dummy_may_not_draw_attention"
    for marker in (_card("S", "H8"), _card("N", "SA"), _card("W", "S4")):
        table = replay_until(name, marker)
        assert table.phase is Phase.PLAY
        before = (table.current_trick, table.pending, table.turn, table.revokes)
        table.apply(DummyEvent("draws_attention"))  # recorded: dummy's breach (43A1b)
        assert table.rulings[-1].law == "43A1b"
        assert table.notes[-1].law == "43B1"
        assert (table.current_trick, table.pending, table.turn, table.revokes) == before


def test_law_43a1c_dummy_takes_no_part_in_the_play() -> None:
    name = "law_43a1_dummy_may_not_draw_attention"
    table = replay_until(name, _card("S", "H8"))
    # Dummy asks no question (41B, 43A1c) and does not play a card at his own choice.
    assert_refused(table, lambda: table.apply(QuestionEvent(Seat.SOUTH, "review")), "dummy")
    assert_refused(table, lambda: table.apply(QuestionEvent(Seat.SOUTH, "explanation")))
    assert_refused(table, lambda: table.apply(DummyEvent("spreads")), "41D")
    whole = load_scenario(name)
    assert whole.rulings == ()
    assert whole.notes == ()
    _assert_all_tricks_to_declarer(whole)


def test_law_43a2_the_director_finds_dummy_broke_a_limitation() -> None:
    name = "law_43a2_dummy_forfeits_then_warns"
    before = replay_until(name, '"forfeits"')
    assert before.rulings == ()
    table = replay_until(name, _card("N", "SA"))
    assert rulings(table) == [("43A2", "director", "43A2")]
    assert table.turn is Seat.NORTH  # play goes on
    assert table.restrictions == ()
    # Declarer's side is not on lead: there is no wrong hand to warn of.
    mid = replay_until(name, _card("E", "S7"))
    assert_refused(mid, lambda: mid.apply(DummyEvent("warns")), "wrong hand")


def test_law_43a2_after_the_forfeit_a_warning_lets_a_defender_choose_the_hand() -> None:
    name = "law_43a2_dummy_forfeits_then_warns"
    table = replay_until(name, '"decision"')
    assert pending_decision(table) == ("E", "43", [("declarer", "43B2a"), ("dummy", "43B2a")])
    assert legal_card_names(table) == []
    table = replay_until(name, _card("S", "DQ"))
    assert table.turn is Seat.SOUTH  # East chose dummy's hand
    whole = load_scenario(name)
    assert _played(whole, 3) == ("S", ["DQ", "D4", "DA", "D8"], "N")
    assert rulings(whole) == [("43A2", "director", "43A2"), ("43B2a", "E", "dummy")]
    _assert_all_tricks_to_declarer(whole)


# -- Law 43B1: dummy's penalty and its consequences ---------------------------------------------


def test_law_43b1_forfeit_names_the_procedural_penalty_and_removes_dummy_rights() -> None:
    name = "law_43b1_dummy_penalised_rights_lost"
    table = replay_until(name, '"forfeits"')
    # Before: a warning against the wrong hand is dummy's right (42B2), nothing follows.
    assert rulings(table) == [("42B2", "director", "42B2")]
    assert table.pending is None
    assert table.turn is Seat.NORTH
    table = replay_until(name, _card("N", "SA"))
    forfeit = table.rulings[-1]
    assert forfeit.law == "43A2"
    assert "43B1" in str(forfeit)
    assert "90" in str(forfeit)
    # After: the same warning hands the choice of the hand to a defender (43B2a).
    table = replay_until(name, '"decision"')
    assert pending_decision(table)[:2] == ("E", "43")
    whole = load_scenario(name)
    assert rulings(whole)[-1] == ("43B2a", "E", "declarer")
    assert _played(whole, 3)[0] == "N"
    _assert_all_tricks_to_declarer(whole)


def test_law_43b1_after_the_forfeit_dummy_may_draw_attention_under_43b3() -> None:
    table = replay_until("law_43b1_dummy_penalised_rights_lost", _card("E", "S7"))
    # No longer refused as a 43A1b breach: only because no defender's irregularity waits.
    message = assert_refused(table, lambda: table.apply(DummyEvent("draws_attention")))
    assert "43A1b" not in message


# -- Law 45A: each player plays a card face up in front of him ----------------------------------


def test_law_45a_a_card_played_leaves_the_hand_for_the_trick() -> None:
    name = "law_45a_each_player_plays_a_card"
    table = replay_until(name, _card("W", "H2"))
    assert _trick(table) == ["EH5", "SH8"]
    assert _holds(table, "W", "H2")
    table.play("W", "H2")
    assert _trick(table) == ["EH5", "SH8", "WH2"]
    assert not _holds(table, "W", "H2")
    assert table.turn is Seat.NORTH
    # A card not held cannot be played.
    assert_refused(table, lambda: table.play("N", "H5"))
    whole = load_scenario(name)
    assert all(len(trick.cards) == 4 for trick in whole.tricks)
    assert all(len(whole.hand(seat)) == 0 for seat in Seat)
    _assert_all_tricks_to_declarer(whole)


# -- Law 45B: declarer plays dummy's card by naming it -------------------------------------------


def test_law_45b_declarer_names_dummy_card_and_it_is_played() -> None:
    name = "law_45b_declarer_names_dummy_card"
    table = replay_until(name, '"designate"', 2)
    assert _trick(table) == ["NSA", "ES7"]
    assert table.turn is Seat.SOUTH
    table.apply(DesignateEvent("S9"))
    assert _trick(table) == ["NSA", "ES7", "SS9"]
    assert rulings(table)[-1] == ("46A", "director", "46A")
    whole = load_scenario(name)
    assert _played(whole, 1) == ("E", ["H5", "H8", "H2", "HA"], "N")
    assert _played(whole, 2) == ("N", ["SA", "S7", "S9", "S4"], "N")
    _assert_all_tricks_to_declarer(whole)


def test_law_45b_a_card_dummy_does_not_hold_is_no_designation() -> None:
    table = replay_until("law_45b_declarer_names_dummy_card", '"designate"', 2)
    table.apply(DesignateEvent("SA"))  # the ace is declarer's, not dummy's (46B4)
    assert _trick(table) == ["NSA", "ES7"]
    assert table.turn is Seat.SOUTH
    assert rulings(table)[-1][0] == "46B4"


# -- Law 45C: a card that must be played -------------------------------------------------------


def test_law_45c1_defender_card_held_for_partner_to_see_after_playing_is_a_penalty_card() -> None:
    name = "law_45c1_defender_card_held_seen_by_partner"
    table = replay_until(name, '"fifth_card"')
    assert _trick(table) == ["EH5", "SH8", "WH2"]
    table = replay_until(name, _card("N", "HA"))
    # West had played a legal card to the trick: 45C1 sends it to 45E1; the Director
    # finds it held on purpose, to be played ("deliberate"): major (50B).
    assert rulings(table) == [("45E1", "director", "45E1")]
    assert _penalty_cards(table) == [("W", "C5", True)]
    assert notes(table) == ["50E"]
    assert _trick(table) == ["EH5", "SH8", "WH2"]  # the trick is not changed
    assert table.turn is Seat.NORTH


def test_law_45c1_the_penalty_card_binds_at_the_first_trick_west_cannot_follow() -> None:
    name = "law_45c1_defender_card_held_seen_by_partner"
    whole = load_scenario(name)
    [number] = [n for n, trick in enumerate(whole.tricks, 1) if Card.from_str("C5") in trick.cards]
    assert number > 2  # not played at once: following suit came first (50D1b)
    for earlier in whole.tricks[1 : number - 1]:
        west = earlier.cards[(Seat.WEST.value - earlier.leader.value) % 4]
        assert west.suit is earlier.cards[0].suit  # West followed suit meanwhile
    led = whole.tricks[number - 1].cards[0]
    assert led.suit is not Suit.CLUBS
    table = replay_until(name, _card("W", "C5"))
    assert _penalty_cards(table) == [("W", "C5", True)]
    assert legal_card_names(table) == ["C5"]  # the first legal opportunity (50D1a)
    table.play("W", "C5")
    assert _penalty_cards(table) == []
    _assert_all_tricks_to_declarer(whole)


def test_law_45c1_a_card_held_in_turn_is_simply_played() -> None:
    table = replay_until("law_45c1_defender_card_held_seen_by_partner", _card("W", "H2"))
    table.apply(PlayEvent(Seat.WEST, Card.from_str("H2")))
    assert _trick(table) == ["EH5", "SH8", "WH2"]
    assert table.rulings == ()
    assert _penalty_cards(table) == []


def test_law_45c2_declarer_card_held_as_played_stands() -> None:
    name = "law_45c2_declarer_card_held_as_played"
    table = replay_until(name, '"change_card"')
    assert _trick(table) == ["NSA"]
    table = replay_until(name, '"decision"')
    decider, law, options = pending_decision(table)
    assert (decider, law) == ("director", "45")
    assert ("refuse", "47F2") in options
    whole = load_scenario(name)
    assert ("47F2", "director", "refuse") in rulings(whole)
    assert _played(whole, 2) == ("N", ["SA", "S7", "ST", "S4"], "N")
    # The card named instead stayed in hand and was played later.
    assert _played(whole, 3)[1][0] == "SK"
    _assert_all_tricks_to_declarer(whole)


def test_law_45c2_declarer_card_is_not_taken_back_once_partner_has_played() -> None:
    table = replay_until("law_45c2_declarer_card_held_as_played", _card("E", "S7"))
    table.play("E", "S7")
    table.apply(DesignateEvent("ST"))
    assert_refused(table, lambda: table.apply(ChangeCardEvent(Seat.NORTH, Card.from_str("SK"))))


def test_law_45c3_dummy_card_touched_by_declarer_is_played() -> None:
    name = "law_45c3_dummy_card_touched_by_declarer"
    table = replay_until(name, '"change_card"')
    assert _trick(table) == ["EH5", "SH9"]
    whole = load_scenario(name)
    assert ("47F2", "director", "refuse") in rulings(whole)
    assert _played(whole, 1) == ("E", ["H5", "H9", "H2", "HA"], "N")
    assert _played(whole, 5)[1][2] != "H9"  # the nine is gone from dummy for good
    _assert_all_tricks_to_declarer(whole)


def test_law_45c4a_the_card_named_is_played() -> None:
    name = "law_45c4a_designated_card_played"
    table = replay_until(name, _card("W", "H2"))
    assert _trick(table) == ["EH5", "SHT"]
    assert rulings(table) == [("46A", "director", "46A")]
    assert not _holds(table, "S", "HT")
    # Dummy's next heart is chosen from what is left.
    whole = load_scenario(name)
    hearts = [
        str(trick.cards[(Seat.SOUTH.value - trick.leader.value) % 4])
        for trick in whole.tricks
        if trick.cards[0].suit is Suit.HEARTS
    ]
    assert hearts[0] == "HT"
    assert "HT" not in hearts[1:]
    _assert_all_tricks_to_declarer(whole)


# -- Law 45E: a fifth card played to a trick -------------------------------------------------


def test_law_45e1_defender_fifth_card_becomes_a_major_penalty_card() -> None:
    name = "law_45e1_defender_fifth_card_penalty_card"
    table = replay_until(name, '"fifth_card"')
    assert len(table.tricks) == 2
    assert table.current_trick == ()
    table = replay_until(name, _card("N", "SK"))
    assert rulings(table) == [("45E1", "director", "45E1")]  # played on purpose: major
    assert _penalty_cards(table) == [("E", "C8", True)]
    assert _holds(table, "E", "C8")
    assert table.turn is Seat.NORTH  # the trick's winner still leads


def test_law_45e1_the_penalty_card_is_played_tricks_later_at_the_first_discard() -> None:
    name = "law_45e1_defender_fifth_card_penalty_card"
    # Trick 3: East follows suit, the penalty card waits (50D1b).
    table = replay_until(name, _card("E", "S6"))
    assert "S6" in legal_card_names(table)
    assert "C8" not in legal_card_names(table)
    # Trick 5: East is out of spades; the penalty card must go (50D1a).
    table = replay_until(name, _card("E", "C8"))
    assert len(table.tricks) == 4
    assert legal_card_names(table) == ["C8"]
    # Another card instead is a failure to play the penalty card: declarer rules (52).
    table.play("E", "H7")
    decider, law, options = pending_decision(table)
    assert (decider, law) == ("N", "52")
    assert [choice for choice, _ in options] == ["accept", "refuse"]
    whole = load_scenario(name)
    assert _played(whole, 5) == ("N", ["SJ", "C8", "HT", "H4"], "N")
    assert whole.restrictions == ()
    assert whole.revokes == ()
    _assert_all_tricks_to_declarer(whole)


def test_law_45e1_a_fifth_card_judged_a_lead_is_a_lead_out_of_turn() -> None:
    table = replay_until("law_45e1_defender_fifth_card_penalty_card", '"fifth_card"')
    table.play("E", "C8")  # North won the trick and is to lead: 53 (or 56 if refused)
    assert pending_decision(table) == ("N", "53", [("accept", "53A"), ("refuse", "56")])


def test_law_45e2_declarer_fifth_card_goes_back_with_no_rectification() -> None:
    name = "law_45e2_declarer_fifth_card_goes_back"
    table = replay_until(name, _card("N", "SK"))
    assert rulings(table) == [("45E2", "director", "45E2")]
    assert table.restrictions == ()
    assert _holds(table, "N", "CA")
    assert "SK" in legal_card_names(table)  # declarer is never bound to the card
    whole = load_scenario(name)
    assert _played(whole, 3) == ("N", ["SK", "S6", "S9", "S3"], "N")
    assert whole.notes == ()
    _assert_all_tricks_to_declarer(whole)


def test_law_45e_refused_without_a_trick_played_to_or_a_card_held() -> None:
    name = "law_45e1_defender_fifth_card_penalty_card"
    table = replay_until(name, _card("E", "S6"))
    assert _trick(table) == ["NSK"]
    fifth = FifthCardEvent(Seat.EAST, Card.from_str("C8"))
    assert_refused(table, lambda: table.apply(fifth), "45E")  # East has not played yet
    table = replay_until(name, '"fifth_card"')
    assert_refused(
        table, lambda: table.apply(FifthCardEvent(Seat.EAST, Card.from_str("HA"))), "East"
    )
    early = replay_until(name, '"face_lead"')
    assert_refused(early, lambda: early.apply(FifthCardEvent(Seat.WEST, Card.from_str("C5"))))


def test_law_45e_during_a_pending_decision_is_refused() -> None:
    table = replay_until("law_45e1_defender_fifth_card_penalty_card", '"fifth_card"')
    table.play("E", "C8")
    assert table.pending is not None
    assert_refused(table, lambda: table.apply(FifthCardEvent(Seat.WEST, Card.from_str("C5"))))


# -- Law 45F: dummy indicates a card ------------------------------------------------------------


def test_law_45f_dummy_indicating_a_card_is_noted_and_play_goes_on() -> None:
    name = "law_45f_dummy_indicates_a_card"
    table = replay_until(name, '"indicates"')
    assert table.turn is Seat.NORTH
    table = replay_until(name, _card("N", "HA"))
    assert rulings(table) == [("45F", "director", "45F")]
    assert notes(table) == ["45F"]
    assert table.turn is Seat.NORTH
    assert table.restrictions == ()
    assert table.pending is None
    whole = load_scenario(name)
    assert notes(whole) == ["45F"]  # kept for the Director at the end of play
    _assert_all_tricks_to_declarer(whole)


def test_law_45f_only_once_dummy_has_spread_his_hand() -> None:
    table = replay_until("law_45f_dummy_indicates_a_card", '"face_lead"')
    assert table.phase is Phase.LEAD_FACE_DOWN
    assert_refused(table, lambda: table.apply(DummyEvent("indicates")), "play")


# -- Laws 45E and 45F in any board: hypothesis ------------------------------------------------


def _contract(rng: random.Random) -> Table:
    while True:
        table = Table(random_deal(rng), number=rng.randint(1, 16))
        while in_phase(table, Phase.AUCTION):
            table.call(next_seat(table), rng.choice(table.legal_calls()))
        if in_phase(table, Phase.OPENING_LEAD):
            return table


def _fifth_cards_and_pointing(rng: random.Random, table: Table) -> Event:
    """Mostly legal play, with fifth cards, dummy pointing, and careless cards."""
    pending = table.pending
    if pending is not None:
        option = rng.choice(pending.options)
        suit = rng.choice(option.suits or tuple(Suit))
        card = rng.choice(option.cards or (Card.from_index(rng.randrange(52)),))
        several = option.suits[:1] if option.suits else None
        return DecisionEvent(pending.decider, option.choice, suit=suit, suits=several, card=card)
    if in_phase(table, Phase.LEAD_FACE_DOWN):
        return FaceLeadEvent()
    roll = rng.random()
    seat = next_seat(table)
    if roll < 0.10 and in_phase(table, Phase.PLAY):
        played = [played_by for played_by, _ in table.current_trick]
        offender = rng.choice(played or list(Seat))
        held = list(table.hand(offender))
        return FifthCardEvent(offender, rng.choice(held or [Card.from_index(0)]))
    if roll < 0.13:
        return DummyEvent("indicates")
    if roll < 0.16:
        seat = rng.choice(list(Seat))  # perhaps out of turn, perhaps a revoke
        held = list(table.hand(seat))
        return PlayEvent(seat, rng.choice(held or [Card.from_index(0)]))
    legal = table.legal_cards()
    held = list(table.hand(seat))
    return PlayEvent(seat, rng.choice(legal or held or [Card.from_index(0)]))


@given(st.integers(min_value=0, max_value=2**32))
def test_law_45e_45f_any_board_with_fifth_cards_ends_with_13_tricks(seed: int) -> None:
    rng = random.Random(seed)
    table = _contract(rng)
    for _ in range(400):
        if table.phase is Phase.COMPLETE:
            break
        event = _fifth_cards_and_pointing(rng, table)
        before = len(table.events)
        apply_or_refused(table, event)
        if isinstance(event, FifthCardEvent) and len(table.events) > before:
            declarer = table.declarer
            assert declarer is not None
            made = [(r.seat, r.card) for r in table.restrictions]
            if event.seat.side == declarer.side:
                assert table.rulings[-1].law == "45E2"
                assert (event.seat, event.card) not in made  # no rectification
            else:
                assert (event.seat, event.card) in made  # a penalty card (45E1)
            assert event.card in table.hand(event.seat)  # the trick keeps its cards
    if table.phase is Phase.COMPLETE:
        for revoke in table.revokes:
            if not revoke.noticed and revoke.established and revoke.trick != 11:
                table.apply(RevokeEvent(revoke.seat))
        assert len(table.tricks) == 13
        assert all(len(trick.cards) == 4 for trick in table.tricks)
        assert table.tricks_won(Side.NS) + table.tricks_won(Side.EW) == 13
        assert table.tricks_credited(Side.NS) + table.tricks_credited(Side.EW) == 13
        pointed = sum(1 for e in table.events if isinstance(e, DummyEvent))
        assert notes(table).count("45F") == pointed
    assert report_snapshot(loads(dumps(table))) == report_snapshot(table)
