"""Plays out of turn during a trick at the table (Laws 49, 53, 55, 56, 57C).

Each scenario is a table log in ``tests/scenarios`` named after the Law subsection it
shows. Most are deal 4 of ``docs/table-log.md`` (N AKQJ.AKQJ.AK.AKQ
E 765.765.8765.876 S T98.T98.QJT9.JT9 W 432.432.432.5432), one deal 3
(N AKJ73.K4.Q82.A95 E T52.863.KT96.J84 S Q984.72.AJ5.KQ73 W 6.AQJT95.743.T62), both
with the auction 1S P 4S P P P: North declares four spades, South is dummy, East
leads; the hands play in the order East, South, West, North from East's lead.

A card played early counts at its hand's turn (57C1 for a defender once dummy has
played, 57C2 for declarer from either hand); a lead to the next trick made early waits
for the end of the trick: it stands if its hand won, otherwise it is a lead out of turn
(53, 55, 56); a defender's card played out of turn after his partner has played is a
major penalty card (49, 50B).
"""

from __future__ import annotations

from arbitro.core import Seat
from arbitro.table import Phase, RestrictionKind, Table
from table_support import (
    assert_refused,
    legal_card_names,
    load_scenario,
    notes,
    pending_decision,
    replay_until,
    rulings,
)
from table_support import played_trick as _played
from table_support import trick_names as _trick

PENALTY = RestrictionKind.PENALTY_CARD


def _penalty_cards(table: Table) -> set[tuple[str, str, bool]]:
    return {(str(r.seat), str(r.card), r.major) for r in table.restrictions if r.kind is PENALTY}


def _play(seat: str, card: str) -> str:
    return f'"play", "seat": "{seat}", "card": "{card}"'


def _complete(table: Table) -> None:
    assert table.phase is Phase.COMPLETE
    assert len(table.tricks) == 13
    assert all(len(table.hand(seat)) == 0 for seat in Seat)
    assert table.score() is not None


# -- Law 57C2: declarer's premature play ---------------------------------------------------


def test_law_57c2_declarer_premature_play_from_his_hand_counts_at_his_turn() -> None:
    name = "law_57c2_declarer_premature_play_from_hand"
    table = replay_until(name, _play("S", "H8"))
    # North played the ♥A before dummy and West: a played card (57C2), not withdrawn.
    assert rulings(table) == [("57C2", "director", "57C2")]
    assert _trick(table) == ["EH5"]
    assert table.turn is Seat.SOUTH
    assert table.pending is None
    assert _penalty_cards(table) == set()  # declarer's cards are never penalty cards (48A)
    assert_refused(table, lambda: table.play("N", "HK"), "North")
    assert_refused(table, lambda: table.play("W", "H2"), "North")
    table = replay_until(name, _play("N", "SA"))  # dummy and West have played
    assert _played(table, 1) == ("E", ["H5", "H8", "H2", "HA"], "N")
    assert table.turn is Seat.NORTH
    _complete(load_scenario(name))


def test_law_57c2_declarer_plays_dummy_card_early() -> None:
    name = "law_57c2_declarer_premature_play_from_dummy"
    table = replay_until(name, _play("E", "D5"))
    assert _trick(table) == ["NDA"]
    assert "D9" in {str(card) for card in table.hand("S")}
    assert table.turn is Seat.EAST
    assert legal_card_names(table) == ["D8", "D7", "D6", "D5"]
    whole = load_scenario(name)
    # Dummy's ♦9 takes its place in rotation, after East's card.
    assert _played(whole, 2) == ("N", ["DA", "D5", "D9", "D2"], "N")
    assert rulings(whole) == [("57C2", "director", "57C2")]
    _complete(whole)


# -- Law 57C1: a defender's play once dummy has played -------------------------------------


def test_law_57c1_defender_plays_before_partner_after_dummy_no_rectification() -> None:
    name = "law_57c1_defender_plays_before_partner_after_dummy"
    table = replay_until(name, _play("W", "C2"))
    # Dummy led the ♣3; East played the ♣J before West: dummy has played, so 57C1.
    assert rulings(table) == [("57C1", "director", "57C1")]
    assert _penalty_cards(table) == set()
    assert table.pending is None
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["CT", "C6", "C2"]
    whole = load_scenario(name)
    assert _played(whole, 2) == ("S", ["C3", "C2", "CA", "CJ"], "N")
    assert whole.restrictions == ()
    _complete(whole)


def test_law_57c1_premature_lead_is_a_lead_out_of_turn_when_another_hand_wins() -> None:
    name = "law_57c1_premature_lead_after_dummy_played"
    table = replay_until(name, _play("W", "S2"))
    # East leads the ♦8 to trick 3 before West plays to trick 2, dummy having played.
    assert rulings(table) == [("57C1", "director", "57C1")]
    assert _trick(table) == ["NSA", "ES5", "SS8"]
    table = replay_until(name, '"decision"')
    # North's ♠A wins trick 2: East's early lead is a lead out of turn (53, 56).
    assert _played(table, 2) == ("N", ["SA", "S5", "S8", "S2"], "N")
    assert pending_decision(table) == ("N", "53", [("accept", "53A"), ("refuse", "56")])
    table.decide("N", "refuse")
    assert _penalty_cards(table) == {("E", "D8", True)}
    assert table.turn is Seat.NORTH
    whole = load_scenario(name)
    assert any(str(card) == "D8" for trick in whole.tricks[2:] for card in trick.cards)
    _complete(whole)


# -- Laws 53, 55: declarer's early lead to the next trick ---------------------------------


def test_law_55b2_declarer_early_lead_from_the_wrong_hand() -> None:
    name = "law_55b2_declarer_early_lead_from_wrong_hand"
    table = replay_until(name, '"decision"')
    # Dummy's ♦9 was led before West played to trick 2, which North's ♥K won.
    assert _played(table, 2) == ("N", ["HK", "H6", "H9", "H4"], "N")
    assert pending_decision(table) == ("W", "53", [("accept", "53A"), ("refuse", "55B")])
    table.decide("W", "refuse")
    assert rulings(table) == [("55B2", "W", "refuse")]
    assert notes(table) == ["55C"]
    assert "D9" in {str(card) for card in table.hand("S")}
    assert table.turn is Seat.NORTH
    assert _trick(table) == []
    _complete(load_scenario(name))


def test_law_57c_declarer_early_lead_stands_when_his_hand_wins() -> None:
    name = "law_57c_declarer_early_lead_stands_when_he_wins"
    table = replay_until(name, _play("W", "H4"))
    assert _trick(table) == ["NHK", "EH6", "SH9"]
    table = replay_until(name, _play("E", "D8"))
    assert rulings(table) == [("57C", "director", "lead")]
    assert _trick(table) == ["NDA"]
    assert table.turn is Seat.EAST
    _complete(load_scenario(name))


# -- Law 49: a defender's card out of turn after partner has played ---------------------------


def test_law_49_defender_card_out_of_turn_after_partner_is_major_penalty_card() -> None:
    name = "law_49_defender_plays_out_of_turn_after_partner"
    table = replay_until(name, _play("S", "H8"))
    assert rulings(table) == [("49", "director", "49")]
    assert _penalty_cards(table) == {("W", "H2", True)}
    assert table.turn is Seat.SOUTH
    assert _trick(table) == ["EH5"]
    table = replay_until(name, _play("S", "H8"), 1)
    table.play("S", "H8")
    assert table.turn is Seat.WEST
    assert legal_card_names(table) == ["H2"]  # the major penalty card, following suit (50D1)
    whole = load_scenario(name)
    assert _played(whole, 1) == ("E", ["H5", "H8", "H2", "HA"], "N")
    _complete(whole)
