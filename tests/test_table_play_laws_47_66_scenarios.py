"""Laws 47-66 at the table: the subsections the other play tests leave out.

Each scenario is a table log in ``tests/scenarios`` named after the Law subsection it
shows; each test replays it (or the part of it before a marker) and checks the
rectification and what follows from it later in the play.

The deals (numbered as in ``docs/table-log.md``), board 1, dealer North, nobody
vulnerable:

- deal 3: N AKJ73.K4.Q82.A95  E T52.863.KT96.J84  S Q984.72.AJ5.KQ73
  W 6.AQJT95.743.T62, auction 1S P 4S P P P: North declares four spades, South is
  dummy, East leads;
- deal 4: N AKQJ.AKQJ.AK.AKQ  E 765.765.8765.876  S T98.T98.QJT9.JT9
  W 432.432.432.5432, the same auction;
- the examples' deal: N AKQJ.T98.765.432  E T98.765.432.AKQJ  S 765.432.AKQJ.T98
  W 432.AKQJ.T98.765, North declares 1NT and East leads the ace of clubs.
"""

from __future__ import annotations

from arbitro.core import Card, Contract, Seat, Side
from arbitro.table import Phase, RestrictionKind, Table
from arbitro.table.events import InspectEvent, RevokeQuestionEvent, WithdrawEvent, WrongWayEvent
from table_support import (
    assert_refused,
    legal_card_names,
    load_scenario,
    notes,
    pending_decision,
    replay_until,
    restrictions_in_force,
    rulings,
)
from table_support import played_trick as _played
from table_support import trick_names as _trick

PENALTY = RestrictionKind.PENALTY_CARD


def _holds(table: Table, seat: str, card: str) -> bool:
    return Card.from_str(card) in table.hand(seat)


# -- Law 47: retraction of a played card ----------------------------------------------------


def test_law_47a_declarer_lead_out_of_turn_withdrawn_as_the_rectification() -> None:
    name = "law_47a_declarer_lead_out_of_turn_withdrawn"
    table = replay_until(name, '"refuse"')
    assert pending_decision(table) == ("E", "53", [("accept", "53A"), ("refuse", "55B")])
    table = replay_until(name, '"HA"')
    # Law 55B1 requires the card withdrawn: back in declarer's hand with no penalty card.
    assert rulings(table) == [("55B1", "E", "refuse")]
    assert _holds(table, "N", "SA")
    assert table.current_trick == ()
    assert table.turn is Seat.WEST
    assert {kind for kind, _, _ in restrictions_in_force(table)} == set()
    table = load_scenario(name)
    # Later: the ace withdrawn is an ordinary card of declarer's, free to be played.
    assert _played(table, 2) == ("W", ["HA", "HK", "H6", "H7"], "W")
    assert _holds(table, "N", "SA")


def test_law_47c_unintended_designation_changed_card_back_to_hand() -> None:
    name = "law_47c_unintended_designation_changed"
    table = replay_until(name, '"decision"')
    assert pending_decision(table) == ("director", "45", [("45C4b", "45C4b"), ("refuse", "47F2")])
    table = replay_until(name, '"C7"')
    assert rulings(table) == [("45C4b", "director", "45C4b")]
    assert _holds(table, "S", "C8")  # withdrawn and returned to dummy with no rectification
    assert not _holds(table, "S", "CT")
    assert _trick(table) == ["ECA", "SCT"]
    assert table.turn is Seat.WEST
    assert table.restrictions == ()
    table = load_scenario(name)
    assert _played(table, 1) == ("E", ["CA", "CT", "C7", "C4"], "E")
    assert _holds(table, "S", "C8")
    assert table.turn is Seat.EAST


def test_law_47d_opponent_takes_back_his_card_after_the_change() -> None:
    name = "law_47d_opponent_takes_back_his_card"
    table = replay_until(name, '"withdraw"')
    assert pending_decision(table) == ("W", "45", [("withdraw", "47D"), ("keep", "47D")])
    assert _trick(table) == ["ECA", "SCT", "WC7"]
    assert_refused(table, lambda: table.decide("E", "withdraw"), "West")  # West's choice only
    table = replay_until(name, '"C5"')
    assert rulings(table)[-1] == ("47D", "W", "withdraw")
    assert _trick(table) == ["ECA", "SCT"]
    assert _holds(table, "W", "C7")  # taken back with no rectification: not a penalty card
    assert table.restrictions == ()
    assert table.turn is Seat.WEST
    table = load_scenario(name)
    assert _played(table, 1) == ("E", ["CA", "CT", "C5", "C4"], "E")
    assert _holds(table, "W", "C7")


# -- Law 48B: declarer faces his cards ----------------------------------------------------


def test_law_48b1_declarer_spreads_after_opening_lead_out_of_turn_is_law_54() -> None:
    name = "law_48b1_declarer_spreads_after_opening_lead_out_of_turn"
    table = replay_until(name, '"decision"')
    assert pending_decision(table)[:2] == ("N", "54")
    table = replay_until(name, '"H4"')
    assert rulings(table) == [("54A", "N", "spread")]
    assert table.declarer is Seat.SOUTH
    assert table.dummy is Seat.NORTH
    table = load_scenario(name)
    # The hand spread is dummy's: its cards are played in turn, with no penalty card.
    assert _played(table, 1) == ("W", ["HA", "H4", "H3", "H2"], "W")
    assert table.restrictions == ()
    assert table.phase is Phase.PLAY
    assert table.turn is Seat.WEST


def test_law_48b2_declarer_faces_his_cards_later_is_a_claim() -> None:
    name = "law_48b2_declarer_faces_his_cards_a_claim"
    table = replay_until(name, '"accept"')
    assert rulings(table)[-1][:2] == ("68A", "N")
    assert pending_decision(table)[:2] == ("E", "69")
    assert legal_card_names(table) == []  # play stops (68D)
    table = load_scenario(name)
    assert table.phase is Phase.COMPLETE
    assert len(table.tricks) == 1
    assert table.tricks_credited(Side.NS) == 13
    assert table.tricks_credited(Side.EW) == 0
    assert table.contract == Contract.from_str("4S N")
    assert table.score() == 510  # Law 77: four spades, 13 tricks, not vulnerable


# -- Law 50: penalty cards ---------------------------------------------------------------------


def test_law_50a_penalty_card_stays_face_up_until_played() -> None:
    name = "law_50a_penalty_card_stays_face_up"
    table = replay_until(name, '"CT"', 2)
    assert restrictions_in_force(table) == {(PENALTY, "W", "49")}
    assert [str(r.card) for r in table.restrictions] == ["CT"]
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["CT"]  # 50D1a: a major penalty card, led now
    table = load_scenario(name)
    assert _played(table, 3) == ("W", ["CT", "C5", "C4", "CK"], "S")
    assert table.restrictions == ()  # played: no longer a penalty card


def test_law_50e_note_that_partner_information_is_unauthorised() -> None:
    table = replay_until("law_50a_penalty_card_stays_face_up", '"exposed"')
    assert notes(table) == []
    table = replay_until("law_50a_penalty_card_stays_face_up", '"CT"', 2)
    assert notes(table) == ["50E"]
    # The score is the Director's (50E3): the note stays to the end of the board.
    assert notes(load_scenario("law_50a_penalty_card_stays_face_up")) == ["50E"]


# -- Law 55C, 60C -----------------------------------------------------------------------------


def test_law_55c_note_after_declarer_lead_from_the_wrong_hand_refused() -> None:
    name = "law_55c_note_after_declarer_lead_refused"
    table = replay_until(name, '"refuse"')
    assert notes(table) == []
    assert pending_decision(table)[:2] == ("W", "53")
    table = replay_until(name, '"SA"')
    assert rulings(table) == [("55B2", "W", "refuse")]
    assert notes(table) == ["55C"]
    assert _holds(table, "S", "SQ")
    assert table.turn is Seat.NORTH
    table = load_scenario(name)
    assert _played(table, 2) == ("N", ["SA", "S2", "S4", "S6"], "N")
    assert notes(table) == ["55C"]


def test_law_60c_offending_side_plays_before_the_ruling_rights_kept() -> None:
    name = "law_60c_offending_side_plays_before_the_ruling"
    table = replay_until(name, '"refuse"')
    options = pending_decision(table)
    assert options == ("N", "53", [("accept", "53A"), ("refuse", "56")])
    # West, the offender's partner (and the player whose lead it was), plays first: it
    # takes nothing from declarer, whose options stay as they were.
    assert_refused(table, lambda: table.play("W", "HA"), "North")
    assert pending_decision(table) == options
    table = load_scenario(name)
    assert rulings(table) == [("56", "N", "refuse")]
    assert restrictions_in_force(table) == {(PENALTY, "E", "56")}
    assert pending_decision(table)[:2] == ("N", "50D2")


# -- Law 64C ------------------------------------------------------------------------------------


def test_law_64c_note_for_the_director_after_an_established_revoke() -> None:
    name = "law_64c_note_after_an_established_revoke"
    table = replay_until(name, '"revoke"')
    assert notes(table) == []
    table = load_scenario(name)
    assert rulings(table) == [("63B", "director", "63B")]
    assert notes(table) == ["64C"]
    assert table.revokes[-1].seat is Seat.WEST
    assert table.revokes[-1].established


# -- Law 53B, 60B: a defender plays after declarer's lead out of turn -----------------------


def test_law_53b_defender_on_the_right_plays_lead_stands_57a_follows() -> None:
    name = "law_53b_defender_plays_after_declarer_lead_out_of_turn"
    table = replay_until(name, '"SA"')
    assert table.turn is Seat.SOUTH  # dummy won trick 1 and is to lead
    table = replay_until(name, '"S6"')
    assert pending_decision(table) == ("E", "53", [("accept", "53A"), ("refuse", "55B")])
    table = replay_until(name, '"highest"')
    # West, on the right of declarer's hand, played: the lead stands, and West's card is a
    # premature play (57A): a major penalty card, and declarer chooses East's card.
    assert [law for law, _, _ in rulings(table)] == ["53B"]
    assert _trick(table) == ["NSA"]
    assert restrictions_in_force(table) == {(PENALTY, "W", "57A")}
    assert pending_decision(table)[:2] == ("N", "57")
    table = replay_until(name, '"ST"')
    assert rulings(table)[-1] == ("57A1", "N", "highest")
    assert legal_card_names(table) == ["ST"]  # East's highest spade
    table = load_scenario(name)
    assert _played(table, 2) == ("N", ["SA", "ST", "S4", "S6"], "N")
    assert table.restrictions == ()
    assert table.turn is Seat.NORTH


def test_law_53b_declarer_leads_from_dummy_defender_plays_57c1_no_rectification() -> None:
    name = "law_53b_declarer_leads_from_dummy_out_of_turn_57c1"
    table = replay_until(name, '"D3"')
    # Dummy has played (the lead), so East's early card brings no rectification (57C1).
    assert [law for law, _, _ in rulings(table)] == ["53B", "57C1"]
    assert table.restrictions == ()
    assert _trick(table) == ["SDA"]
    table = load_scenario(name)
    assert _played(table, 2) == ("S", ["DA", "D3", "D2", "D6"], "S")
    assert table.turn is Seat.SOUTH


def test_law_60b_defender_plays_before_declarer_leads_from_the_right_hand() -> None:
    name = "law_60b_defender_plays_before_declarer_leads_from_the_right_hand"
    table = replay_until(name, '"HA"')
    assert rulings(table) == [("55B2", "W", "refuse")]
    assert table.turn is Seat.NORTH
    table = replay_until(name, '"SA"')
    assert rulings(table)[-1][0] == "60B"
    assert restrictions_in_force(table) == {(PENALTY, "W", "60B")}
    assert [r.major for r in table.restrictions] == [True]
    assert _holds(table, "W", "HA")
    assert table.current_trick == ()
    assert table.turn is Seat.NORTH  # declarer still leads from the right hand
    table = load_scenario(name)
    assert _played(table, 2) == ("N", ["SA", "S2", "S4", "S6"], "N")
    # The penalty card binds later: West still holds it, face up (50D1b, following suit).
    assert restrictions_in_force(table) == {(PENALTY, "W", "60B")}
    assert notes(table) == ["55C"]


def test_law_60b_not_once_declarer_has_led_from_the_right_hand() -> None:
    table = replay_until("law_60b_defender_plays_before_declarer_leads_from_the_right_hand", '"HA"')
    table.play("N", "SA")  # declarer leads from the right hand
    table.play("W", "HA")  # out of turn, before partner: Law 57A, not 60B
    assert [law for law, _, _ in rulings(table)] == ["55B2"]
    assert restrictions_in_force(table) == {(PENALTY, "W", "57A")}


# -- Law 47B, 47E: a card withdrawn (the ``withdraw`` event) ---------------------------------


def test_law_47b_illegal_lead_withdrawn_becomes_a_penalty_card() -> None:
    name = "law_47b_illegal_lead_withdrawn_becomes_penalty_card"
    table = replay_until(name, '"withdraw"')
    assert pending_decision(table)[:2] == ("N", "53")  # East's lead out of turn awaits North
    assert_refused(table, lambda: table.play("W", "HA"), "North")  # West's lead: illegal now
    table = replay_until(name, '"refuse"')
    assert rulings(table) == [("47B", "director", "47B"), ("49", "director", "49")]
    assert restrictions_in_force(table) == {(PENALTY, "W", "49")}
    assert [r.major for r in table.restrictions] == [True]  # deliberate play: major (50B)
    assert _holds(table, "W", "HA")
    assert notes(table) == ["50E"]
    assert pending_decision(table)[:2] == ("N", "53")  # declarer's rights are kept (60C)
    table = replay_until(name, '"HA"', 2)
    # North refuses East's lead (56), then asks for no lead restriction (50D2b): West must
    # still lead his own major penalty card at the first opportunity (50D1a).
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["HA"]
    table = load_scenario(name)
    assert _played(table, 2) == ("W", ["HA", "HK", "H6", "H7"], "W")
    assert restrictions_in_force(table) == {(PENALTY, "E", "56")}


def test_law_47b_a_legal_card_in_turn_is_not_withdrawn() -> None:
    table = replay_until("law_47b_illegal_lead_withdrawn_becomes_penalty_card", '"D6"')
    assert table.turn is Seat.WEST
    event = WithdrawEvent(Seat.WEST, Card.from_str("HA"), "illegal")
    assert_refused(table, lambda: table.apply(event), "47F2")


def test_law_47b_declarer_card_withdrawn_goes_back_with_no_penalty() -> None:
    table = replay_until("law_47b_illegal_lead_withdrawn_becomes_penalty_card", '"withdraw"')
    table.apply(WithdrawEvent(Seat.NORTH, Card.from_str("SA"), "illegal"))
    assert [law for law, _, _ in rulings(table)] == ["47B", "48A"]
    assert table.restrictions == ()
    assert _holds(table, "N", "SA")


def test_law_47e1_lead_out_of_turn_after_being_told_it_was_his_turn() -> None:
    name = "law_47e1_lead_out_of_turn_after_being_told_it_was_his_turn"
    table = replay_until(name, '"withdraw"')
    assert pending_decision(table)[:2] == ("N", "53")
    table = replay_until(name, '"HA"')
    assert rulings(table) == [("47E1", "director", "47E1")]
    assert table.pending is None
    # No rectification: no penalty card, and declarer may no longer accept the lead.
    assert table.restrictions == ()
    assert _holds(table, "E", "D6")
    assert_refused(table, lambda: table.decide("N", "accept"), "no decision")
    assert table.turn is Seat.WEST
    table = load_scenario(name)
    assert _played(table, 2) == ("W", ["HA", "HK", "H6", "H7"], "W")
    assert table.restrictions == ()


def test_law_47e1_opening_lead_out_of_turn_withdrawn() -> None:
    table = replay_until("law_48b1_declarer_spreads_after_opening_lead_out_of_turn", '"HA"')
    table.play("W", "HA")  # West faces the opening lead: East was on lead (54)
    assert pending_decision(table)[:2] == ("N", "54")
    table.apply(WithdrawEvent(Seat.WEST, Card.from_str("HA"), "turn"))
    assert rulings(table) == [("47E1", "director", "47E1")]
    assert table.restrictions == ()
    assert table.turn is Seat.EAST
    assert_refused(
        table, lambda: table.apply(WithdrawEvent(Seat.WEST, Card.from_str("HA"), "turn"))
    )


def test_law_47e2a_card_changed_after_a_mistaken_explanation() -> None:
    name = "law_47e2a_card_changed_after_mistaken_explanation"
    table = replay_until(name, '"withdraw"')
    assert _trick(table) == ["WC6", "NC5", "ECJ"]
    table = replay_until(name, '"C4"')
    assert rulings(table) == [("47E2a", "director", "47E2a")]
    assert _trick(table) == ["WC6", "NC5"]
    assert _holds(table, "E", "CJ")
    assert table.restrictions == ()  # no rectification: not a penalty card
    assert table.turn is Seat.EAST
    table = load_scenario(name)
    assert _played(table, 2) == ("W", ["C6", "C5", "C4", "CK"], "S")
    assert _holds(table, "E", "CJ")


def test_law_47e2b_too_late_to_change_the_card_left_to_the_director() -> None:
    name = "law_47e2b_too_late_to_change_the_card"
    table = replay_until(name, '"withdraw"')
    before = table.tricks
    table = load_scenario(name)
    assert rulings(table) == [("47E2b", "director", "47E2b")]
    assert notes(table) == ["47E2b"]
    assert table.tricks == before  # the card stands
    assert _played(table, 2) == ("W", ["C6", "C5", "CJ", "CK"], "S")
    assert not _holds(table, "E", "CJ")
    assert table.turn is Seat.SOUTH


def test_law_47e2_a_card_not_played_cannot_be_withdrawn() -> None:
    table = load_scenario("law_47e2b_too_late_to_change_the_card")
    event = WithdrawEvent(Seat.EAST, Card.from_str("C4"), "explanation")
    assert_refused(table, lambda: table.apply(event), "East")


# -- Law 61B: asking about a revoke (the ``revoke_question`` event) --------------------------


def test_law_61b1_declarer_asks_a_defender_who_showed_out() -> None:
    name = "law_61b1_declarer_asks_a_defender_who_showed_out"
    table = replay_until(name, '"revoke_question"')
    assert _played(table, 2) == ("N", ["DA", "D5", "D9", "S2"], "W")  # West ruffed
    assert table.turn is Seat.WEST
    table = replay_until(name, '"D2"')
    # The question brings the revoke to light before it is established: corrected (62).
    assert [law for law, _, _ in rulings(table)] == ["61B1", "62B1"]
    assert rulings(table)[0] == ("61B1", "N", "ask")
    assert restrictions_in_force(table) == {(PENALTY, "W", "62B1")}
    assert _trick(table) == ["NDA", "ED5", "SD9"]
    assert legal_card_names(table) == ["D4", "D3", "D2"]
    table = load_scenario(name)
    assert _played(table, 2) == ("N", ["DA", "D5", "D9", "D2"], "N")
    assert notes(table) == []


def test_law_61b3_defender_asks_his_partner_note_left() -> None:
    table = load_scenario("law_61b3_defender_asks_his_partner")
    assert [law for law, _, _ in rulings(table)] == ["61B3", "62B1"]
    assert notes(table) == ["61B3"]
    assert _played(table, 2) == ("N", ["DA", "D5", "D9", "D2"], "N")


def test_law_61b_who_may_ask_whom() -> None:
    table = replay_until("law_61b1_declarer_asks_a_defender_who_showed_out", '"revoke_question"')

    def ask(seat: Seat, asked: Seat) -> None:
        table.apply(RevokeQuestionEvent(seat, asked))

    assert_refused(table, lambda: ask(Seat.SOUTH, Seat.WEST), "61B2b")  # dummy asks a defender
    assert_refused(table, lambda: ask(Seat.NORTH, Seat.EAST), "East")  # East has followed
    assert_refused(table, lambda: ask(Seat.EAST, Seat.SOUTH), "South")  # dummy's cards are seen


def test_law_61b1_no_revoke_the_answer_changes_nothing() -> None:
    table = replay_until("law_65b3_card_pointed_the_wrong_way", '"wrong_way"')
    for cards in ("SA S7 S8 S2", "SK S6 S9 S3", "SQ S5 ST S4", "SJ D8 HT C2"):
        for seat, card in zip("NESW", cards.split(), strict=True):
            table.play(seat, card)
    assert _played(table, 5) == ("N", ["SJ", "D8", "HT", "C2"], "N")  # East shows out
    table.apply(RevokeQuestionEvent(Seat.NORTH, Seat.EAST))
    assert rulings(table) == [("61B1", "N", "ask")]
    assert table.revokes == ()
    assert table.restrictions == ()
    assert table.turn is Seat.NORTH


# -- Law 65: the tricks as they are kept (the ``wrong_way`` event) -----------------------------


def test_law_65b3_card_pointed_the_wrong_way() -> None:
    name = "law_65b3_card_pointed_the_wrong_way"
    table = replay_until(name, '"wrong_way"')
    # 65A-C: each trick is kept with its cards in order and the seat that won it.
    assert _played(table, 1) == ("E", ["H7", "H8", "H2", "HA"], "N")
    table = replay_until(name, '"DA"')
    assert rulings(table) == [("65B3", "E", "wrong_way")]
    assert notes(table) == []  # in time: before the lead to the next trick
    table = replay_until(name, '"wrong_way"', 3)
    assert rulings(table)[-1] == ("65B3", "W", "wrong_way")
    assert notes(table) == ["65B3"]  # a defender, after the lead: Law 16B may apply
    table = load_scenario(name)
    assert rulings(table)[-1] == ("65B3", "N", "wrong_way")
    assert notes(table) == ["65B3"]  # declarer may require it at any time: no new note
    assert _played(table, 1)[2] == "N"  # the record of who won the trick is unchanged
    assert _trick(table) == ["NDA"]


def test_law_65b3_only_a_trick_played() -> None:
    table = replay_until("law_65b3_card_pointed_the_wrong_way", '"wrong_way"')
    assert_refused(table, lambda: table.apply(WrongWayEvent(Seat.EAST, 2)), "2")


# -- Law 66: inspection of tricks (the ``inspect`` event) ----------------------------------------


def test_law_66b_own_card_until_the_next_lead() -> None:
    name = "law_66_inspection_of_tricks"
    table = replay_until(name, '"inspect"')
    assert _played(table, 1) == ("E", ["H7", "H8", "H2", "HA"], "N")
    table = replay_until(name, '"DA"')
    assert rulings(table) == [("66B", "W", "inspect")]
    table = replay_until(name, '"inspect"', 2)
    assert _trick(table) == ["NDA"]  # the next lead is made: too late for 66B
    assert_refused(table, lambda: table.apply(InspectEvent(Seat.WEST, 1, own=True)), "66C")


def test_law_66a_all_cards_while_the_side_has_not_played_to_the_next_trick() -> None:
    name = "law_66_inspection_of_tricks"
    table = replay_until(name, '"inspect"', 2)
    assert_refused(table, lambda: table.apply(InspectEvent(Seat.SOUTH, 1)), "dummy")
    table = replay_until(name, '"D5"')
    assert rulings(table)[-1] == ("66A", "E", "inspect")
    table.play("E", "D5")  # East's side has now played to trick 2
    assert_refused(table, lambda: table.apply(InspectEvent(Seat.WEST, 1)), "66C")


def test_law_66c_quitted_trick_only_with_the_directors_permission() -> None:
    name = "law_66_inspection_of_tricks"
    table = replay_until(name, '"inspect"', 3)
    assert len(table.tricks) == 2
    assert_refused(table, lambda: table.apply(InspectEvent(Seat.EAST, 1)), "66C")
    table = replay_until(name, '"claim"')
    assert rulings(table)[-1] == ("66C", "director", "inspect")
    assert table.phase is Phase.PLAY  # nothing else changes
    assert table.turn is Seat.NORTH


def test_law_66d_after_the_play_any_trick() -> None:
    table = load_scenario("law_66_inspection_of_tricks")
    assert table.phase is Phase.COMPLETE
    assert rulings(table)[-1] == ("66D", "S", "inspect")  # dummy too, after the play
    assert table.tricks_credited(Side.NS) == 13
    assert table.score() == 510
    assert_refused(table, lambda: table.apply(InspectEvent(Seat.EAST, 3)), "3")  # not played


def test_law_61b2a_dummy_asks_declarer() -> None:
    table = replay_until("law_61b1_declarer_asks_a_defender_who_showed_out", '"revoke_question"')
    table.apply(RevokeQuestionEvent(Seat.SOUTH, Seat.NORTH))
    assert rulings(table) == [("42B1", "director", "42B1")]  # declarer has not revoked
    assert table.revokes[-1].seat is Seat.WEST  # West's revoke is not brought to light
