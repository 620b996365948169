"""Laws 61-64 at the table when revokes meet other irregularities.

A revoke corrected in the trick in progress (62B-C) rebuilds the play from the table
log, as one in a finished trick does: what bound the offender before his revoke binds
him again, a revoke made with a card taken back is no revoke, and a card exposed since
stays a penalty card. A lead or play to the next trick, legal or not, establishes a
revoke (63A1); Law 64 rectifies each of several revokes of one side on its own tricks.
A penalty card from several cards played at once (58B2) or from an extra card in a
trick (67A2) gives declarer the Law 50D2 lead options as any other.

Two deals, both board 1 (dealer North, nobody vulnerable):

- ``NOTRUMP``: N AKQJ.AQJ.53.KQJT  E T98.K98.KQ4.9876  S 765.765.JT92.A54
  W 432.T432.A876.32, played in 1NT by North (East leads);
- ``SPADES``: N AKQJ.AKQJ.AK.AKQ  E 765.765.876532.8  S T98.T98.QJT9.JT9
  W 432.432.4.765432, played in 4S by North: North-South win every trick East-West
  do not ruff, and West's only diamond is the four.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from arbitro.core import Card, Deal, Seat, Side, Suit
from arbitro.laws.revoke import Revoke, transfers
from arbitro.table import Phase, RestrictionKind, Table
from arbitro.table.events import (
    DefectiveTrickEvent,
    DefectNoticedEvent,
    DummyEvent,
    ExposedEvent,
    RevokeEvent,
    RevokeQuestionEvent,
    SeveralCardsEvent,
)
from arbitro.table.log import dumps, loads
from table_support import (
    assert_refused,
    legal_card_names,
    pending_decision,
    rulings,
    table_state,
)
from table_support import played_trick as _played
from table_support import trick_names as _trick

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
PENALTY = RestrictionKind.PENALTY_CARD

NOTRUMP = Deal.from_str("N:AKQJ.AQJ.53.KQJT T98.K98.KQ4.9876 765.765.JT92.A54 432.T432.A876.32")
SPADES = Deal.from_str("N:AKQJ.AKQJ.AK.AKQ 765.765.876532.8 T98.T98.QJT9.JT9 432.432.4.765432")
FOUR_SPADES = {10: 420, 11: 450, 12: 480, 13: 510}
"""Law 77: four spades by North-South, not vulnerable, by tricks credited."""


# -- helpers ------------------------------------------------------------------------------


def _bid(deal: Deal, calls: list[str]) -> Table:
    table = Table(deal, number=1)
    for seat, call in zip("NESWNESW", calls, strict=False):
        table.call(seat, call)
    return table


def _plays(table: Table, cards: str) -> None:
    """Play ``cards``, each written as seat and card (``NDA``), space-separated."""
    for item in cards.split():
        table.play(item[0], item[1:])


def _penalty_cards(table: Table) -> set[tuple[str, str, bool]]:
    return {(str(r.seat), str(r.card), r.major) for r in table.restrictions if r.kind is PENALTY}


def _hand(table: Table, seat: str) -> set[str]:
    return {str(card) for card in table.hand(seat)}


def _finish(table: Table) -> None:
    """Play the board out: the lowest legal card each time, declarer choosing nothing."""
    for _ in range(80):
        if table.phase is not Phase.PLAY:
            return
        decision = table.pending
        if decision is not None:
            choices = [option.choice for option in decision.options]
            table.decide(decision.decider, "none" if "none" in choices else choices[0])
            continue
        seat = table.turn
        assert seat is not None
        table.play(seat, table.legal_cards()[-1])


def _replays_alike(table: Table) -> None:
    """The table log, replayed from scratch, gives the same table (the rewind is in it)."""
    assert table_state(loads(dumps(table))) == table_state(table)


def _notrump_two_revokes_in_trick_2() -> Table:
    """1NT by North; West and North both fail to follow dummy's diamond lead in trick 2."""
    table = _bid(NOTRUMP, ["1NT", "Pass", "Pass", "Pass"])
    table.play("E", "C9")
    table.face_lead()
    _plays(table, "SCA WC2 NCT SD2 WH2 NSJ")
    assert [(str(r.seat), str(r.card)) for r in table.revokes] == [("W", "H2"), ("N", "SJ")]
    return table


def _spades_trick_1() -> Table:
    """4S by North; East leads a heart, North wins trick 1 and is on lead."""
    table = _bid(SPADES, ["1S", "Pass", "4S", "Pass", "Pass", "Pass"])
    table.play("E", "H5")
    table.face_lead()
    _plays(table, "SH8 WH2 NHA")
    return table


def _spades_west_revokes_in_trick_2() -> Table:
    """West discards a club on the ace of diamonds holding the four: not established yet."""
    table = _spades_trick_1()
    _plays(table, "NDA ED2 SD9 WC2")
    [revoke] = table.revokes
    assert (revoke.seat, revoke.established) == (W, False)
    return table


# -- Law 62C1: the cards played after a corrected revoke --------------------------------------


def test_law_62c1_card_taken_back_with_a_corrected_revoke_is_no_revoke() -> None:
    table = _notrump_two_revokes_in_trick_2()
    table.apply(RevokeEvent(W))  # West's revoke is corrected; North's ♠J goes back with it
    assert table.revokes == ()
    assert "SJ" in _hand(table, "N")
    assert _trick(table) == ["SD2"]
    assert _penalty_cards(table) == {("W", "H2", True)}  # 62B1
    _plays(table, "WD6 ND3 EDK")  # North follows suit this time
    assert_refused(table, lambda: table.apply(RevokeEvent(N)), "North")
    _finish(table)
    assert table.phase is Phase.COMPLETE
    assert table.transfers == ()  # North-South never revoked: no trick goes over (64)
    assert table.tricks_credited(Side.NS) == table.tricks_won(Side.NS)
    _replays_alike(table)


def test_law_62c1_revoke_taken_back_never_becomes_established() -> None:
    table = _notrump_two_revokes_in_trick_2()
    table.apply(RevokeEvent(W))
    _plays(table, "WD6 ND3 EDK")
    table.decide("N", "none")  # 50D2: West holds a major penalty card, East is on lead
    _plays(table, "EHK SH5")  # North-South play to trick 3
    assert table.revokes == ()  # nothing of North's to establish (63A1)
    assert_refused(table, lambda: table.apply(RevokeEvent(N)), "North")


# -- Law 62B: the legal card that replaces the revoke card -------------------------------------


def test_law_62b_corrected_57a1_revoke_is_replaced_by_the_highest_card() -> None:
    table = _spades_trick_1()
    _plays(table, "NDA WD4")  # West plays before his partner (57A)
    table.decide("N", "highest")  # 57A1: East must play his highest diamond
    assert legal_card_names(table) == ["D8"]
    table.play("E", "D2")  # a revoke (61A): he could comply
    table.apply(RevokeEvent(E))  # corrected at once (62A)
    assert table.turn is E
    # The requirement the revoke card failed binds the substitute; his ♦2, now a major
    # penalty card, waits for its first legal opportunity (50D1).
    assert legal_card_names(table) == ["D8"]
    assert _penalty_cards(table) == {("W", "D4", True), ("E", "D2", True)}
    _plays(table, "ED8 SD9 WD4")  # West's premature ♦4 is his penalty card (57A)
    assert _played(table, 2) == ("N", ["DA", "D8", "D9", "D4"], "N")
    table.play("N", "DK")  # East must now play his penalty card ♦2 (50D1)
    assert legal_card_names(table) == ["D2"]
    _finish(table)
    assert table.transfers == ()
    assert table.score() == FOUR_SPADES[table.tricks_won(Side.NS)]
    _replays_alike(table)


def test_law_62b_corrected_lead_revoke_keeps_the_50d2_lead_requirement() -> None:
    table = _spades_trick_1()
    _plays(table, "NDA ED2 SD9 WD4 NDK ED3 SDT")
    table.apply(ExposedEvent(E, (Card.from_str("H7"),), deliberate=True))  # major penalty card
    table.play("W", "S2")  # West ruffs: he leads, his partner holding a penalty card
    table.decide("N", "require", suit="H")  # 50D2a
    assert legal_card_names(table) == ["H4", "H3"]
    _plays(table, "WC7 NCA EC8")  # West leads a club: a revoke (61A)
    table.apply(RevokeEvent(W))  # corrected before it is established (62A)
    assert table.turn is W
    assert _trick(table) == []
    assert legal_card_names(table) == ["H4", "H3"]  # still a heart, as declarer required
    assert "CA" in _hand(table, "N")  # 62C1
    # 62C2: East's club, played after North's, stands unless North changes his card.
    assert _penalty_cards(table) == {("W", "C7", True)}
    assert [law for law, _, _ in rulings(table)][-2:] == ["62B1", "62C2"]
    table.play("W", "H4")
    assert "CA" not in legal_card_names(table)  # North follows to the heart: he changes
    table.play("N", legal_card_names(table)[0])
    assert "H7" in legal_card_names(table)  # East may change too: he follows to the heart
    table.play("E", "H7")
    assert _penalty_cards(table) == {("W", "C7", True), ("E", "C8", True)}  # taken back
    _replays_alike(table)


def test_law_62b2_declarer_revoke_with_a_card_played_early_is_corrected() -> None:
    table = _bid(SPADES, ["1S", "Pass", "4S", "Pass", "Pass", "Pass"])
    table.play("E", "H5")
    table.face_lead()
    table.play("N", "CA")  # declarer plays early (57C2): a played card, and a revoke
    _plays(table, "SH8 WH2")  # the club counts when North's turn comes
    [revoke] = table.revokes
    assert (revoke.seat, str(revoke.card)) == (N, "CA")
    table.apply(RevokeEvent(N))  # corrected without rectification (62B2)
    assert table.turn is W  # West may change his card (62C1)
    table.play("W", "H2")
    assert table.turn is N
    assert legal_card_names(table) == ["HA", "HK", "HQ", "HJ"]  # the club stays in hand
    assert "CA" in _hand(table, "N")
    assert table.revokes == ()
    assert _penalty_cards(table) == set()
    table.play("N", "HA")
    _finish(table)
    assert table.transfers == ()
    assert table.score() == FOUR_SPADES[table.tricks_won(Side.NS)]
    _replays_alike(table)


# -- Law 57C1: a defender plays before partner after dummy's card played early ------------------


def test_law_57c1_defender_plays_before_partner_after_dummy_card_played_early() -> None:
    table = _spades_trick_1()
    _plays(table, "NDA SD9")  # declarer plays dummy's card before East: a played card (57C2)
    table.play("W", "D4")  # West before his partner, dummy having played: no rectification
    assert _penalty_cards(table) == set()
    assert [law for law, _, _ in rulings(table)] == ["57C2", "57C1"]
    assert _trick(table) == ["NDA"]
    assert table.turn is E
    table.play("E", "D2")  # then dummy's card and West's count, in turn
    assert _played(table, 2) == ("N", ["DA", "D2", "D9", "D4"], "N")
    assert table.turn is N
    _finish(table)
    assert table.score() == FOUR_SPADES[table.tricks_won(Side.NS)]
    _replays_alike(table)


def test_law_57a_defender_plays_before_partner_with_no_card_of_dummy_played() -> None:
    table = _spades_trick_1()
    table.play("N", "DA")
    table.play("W", "D4")  # dummy has not played: Law 57A, a major penalty card
    assert _penalty_cards(table) == {("W", "D4", True)}
    assert pending_decision(table)[0] == "N"


# -- Law 62C with Law 49: a card exposed after the revoke ---------------------------------------


def test_law_62c_correction_keeps_a_penalty_card_exposed_after_the_revoke() -> None:
    table = _spades_west_revokes_in_trick_2()
    table.apply(ExposedEvent(E, (Card.from_str("D8"),)))  # East drops the ♦8 face up (49)
    table.apply(RevokeEvent(W))  # West's revoke is corrected (62A, 62B1)
    assert len(table.tricks) == 1
    assert _trick(table) == ["NDA", "ED2", "SD9"]
    assert _penalty_cards(table) == {("E", "D8", False), ("W", "C2", True)}
    assert [law for law, _, _ in rulings(table)] == ["49", "62B1"]
    assert legal_card_names(table) == ["D4"]
    _replays_alike(table)


# -- Law 63A1: a lead or play to the next trick, legal or illegal -------------------------------


def test_law_63a1_lead_out_of_turn_by_offender_partner_establishes_the_revoke() -> None:
    table = _spades_west_revokes_in_trick_2()
    table.play("E", "C8")  # East leads out of turn to trick 3
    [revoke] = table.revokes
    assert revoke.established
    table.apply(RevokeEvent(W))  # 63B: the trick stands
    assert "63B" in [law for law, _, _ in rulings(table)]
    assert _played(table, 2) == ("N", ["DA", "D2", "D9", "C2"], "N")
    assert "C2" not in _hand(table, "W")


def test_law_63a1_premature_play_by_offender_partner_establishes_the_revoke() -> None:
    table = _spades_west_revokes_in_trick_2()
    _plays(table, "NCA WC3")  # West plays before his partner (57A): legal or not, 63A1
    [revoke] = table.revokes
    assert revoke.established


# -- Law 67B2b with Law 63A1: a revoke found through an extra card ------------------------------


def _spades_extra_card_then_discard() -> Table:
    """West's ♦4 goes with trick 1 unnoticed; in trick 2, apparently void, he discards."""
    table = _bid(SPADES, ["1S", "Pass", "4S", "Pass", "Pass", "Pass"])
    table.play("E", "H5")
    table.face_lead()
    _plays(table, "SH8 WH2")
    table.apply(DefectiveTrickEvent(W, Card.from_str("D4")))
    _plays(table, "NHA NDA ED2 SD9 WC2")
    assert table.revokes == ()
    return table


def test_law_67b2b_revoke_not_yet_established_is_corrected() -> None:
    table = _spades_extra_card_then_discard()
    # Noticed after both sides played to trick 2 (67B), before East-West play to trick 3:
    # West's failure to play the ♦4 in trick 2 is a revoke not yet established (63A1),
    # so it is corrected (62A): the play goes back to West's card.
    table.apply(DefectNoticedEvent(W))
    assert table.revokes == ()
    assert len(table.tricks) == 1
    assert _trick(table) == ["NDA", "ED2", "SD9"]
    assert [law for law, _, _ in rulings(table)] == ["62B1", "67B2a"]
    assert _penalty_cards(table) == {("W", "C2", True)}
    table.decide("director", "concealed")  # 67B2: the ♦4 went back unseen
    assert legal_card_names(table) == ["D4"]
    table.play("W", "D4")
    assert _played(table, 2) == ("N", ["DA", "D2", "D9", "D4"], "N")
    _finish(table)
    assert table.transfers == ()  # corrected, never established: no Law 64 transfer
    assert table.score() == FOUR_SPADES[table.tricks_won(Side.NS)]
    _replays_alike(table)


def test_law_67b2b_revoke_established_by_the_next_trick_stands() -> None:
    table = _spades_extra_card_then_discard()
    table.play("N", "CA")
    table.play("E", "C8")  # East-West play to trick 3: the revoke is established (63A1)
    table.apply(DefectNoticedEvent(W))
    [revoke] = table.revokes
    assert (revoke.trick, str(revoke.card), revoke.established) == (1, "C2", True)
    assert _played(table, 2) == ("N", ["DA", "D2", "D9", "C2"], "N")


# -- Law 61B: the question brings to light the revoke asked about --------------------------------


def test_law_61b1_question_corrects_the_revoke_not_yet_established() -> None:
    table = _spades_trick_1()
    _plays(table, "NDA ED2 SD9 WC2 NCA EC8 SC9 WC3 NDK ED3 SDT WC4")
    assert [(r.trick, r.established) for r in table.revokes] == [(1, True), (3, False)]
    table.apply(RevokeQuestionEvent(N, W))  # 61B1, about the king of diamonds
    assert [r.trick for r in table.revokes] == [1]  # the second revoke is corrected (62A)
    assert not table.revokes[0].noticed  # the first was not brought to light
    assert table.turn is W
    assert legal_card_names(table) == ["D4"]
    assert _penalty_cards(table) == {("W", "C4", True)}  # 62B1


def test_law_61b2_dummy_question_corrects_declarer_revoke_not_yet_established() -> None:
    table = _bid(SPADES, ["1S", "Pass", "4S", "Pass", "Pass", "Pass"])
    table.play("E", "H5")
    table.face_lead()
    _plays(table, "SH8 WH2 NCA")  # declarer discards holding hearts; dummy wins
    _plays(table, "SHT WH3 NCK EH6")  # established (63A1), and a second revoke
    assert [(r.trick, r.established) for r in table.revokes] == [(0, True), (1, False)]
    table.apply(DummyEvent("asks_revoke"))  # 61B2a, about the club on dummy's ten
    assert [r.trick for r in table.revokes] == [0]  # the second is corrected (62B2)
    assert not table.revokes[0].noticed
    assert _trick(table) == ["SHT", "WH3"]
    assert table.turn is N
    assert legal_card_names(table) == ["HA", "HK", "HQ", "HJ"]
    assert _penalty_cards(table) == set()  # declarer's card: no penalty


# -- Law 64: rectification after established revokes ---------------------------------------------


def test_law_64a_second_revoke_of_a_side_is_rectified_on_its_own_tricks() -> None:
    # East revokes in trick 2 and wins it, East-West win trick 3; West revokes in trick
    # 11 and wins it, East-West win trick 12. Each revoke is 64A1 with a later trick won.
    winners = [N, E, E] + [N] * 7 + [W, W, N]
    result = transfers(winners, [Revoke(1, E, Suit.HEARTS), Revoke(10, W, Suit.CLUBS)])
    assert [(t.law, t.tricks) for t in result] == [("64A1", 2), ("64A1", 2)]


def test_law_64a_a_trick_is_not_transferred_twice() -> None:
    # East-West win only the two revoke tricks: each revoke takes its own.
    winners = [N, E] + [N] * 3 + [E] + [N] * 7
    result = transfers(winners, [Revoke(1, E, Suit.HEARTS), Revoke(5, E, Suit.CLUBS)])
    assert [(t.law, t.tricks) for t in result] == [("64A1", 1), ("64A1", 1)]


@given(
    winners=st.lists(st.sampled_from(list(Seat)), min_size=13, max_size=13),
    tricks=st.lists(st.integers(min_value=0, max_value=10), min_size=2, max_size=3, unique=True),
    offenders=st.lists(st.sampled_from([Seat.EAST, Seat.WEST]), min_size=3, max_size=3),
)
def test_law_64a_several_revokes_of_one_side_never_transfer_more_than_it_won(
    winners: list[Seat], tricks: list[int], offenders: list[Seat]
) -> None:
    tricks = sorted(tricks)
    suits = [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS]
    revokes = [Revoke(t, offenders[i], suits[i]) for i, t in enumerate(tricks)]
    result = transfers(winners, revokes)
    won_from_first = sum(1 for seat in winners[tricks[0] :] if seat.side is Side.EW)
    assert sum(t.tricks for t in result) <= won_from_first
    for transfer in result:
        [alone] = transfers(winners, [transfer.revoke])
        assert transfer.law == alone.law  # each is rectified under its own subsection
        assert transfer.tricks <= alone.tricks
    # The latest revoke is rectified as if it were the only one.
    [last] = transfers(winners, [revokes[-1]])
    assert result[-1].tricks == last.tricks


def test_law_64b3_failure_to_play_a_faced_penalty_card_brings_no_transfer() -> None:
    table = _spades_trick_1()
    table.apply(ExposedEvent(W, (Card.from_str("D4"),)))  # West's only diamond, face up
    _plays(table, "NDA ED2 SD9 WC2")  # the ♦4 on the table is not played: a revoke
    _plays(table, "NCA EC8 SC9 WC3")  # established (63A1)
    _plays(table, "NCK ES5 SCT WC4")  # East ruffs: East-West win a trick after it
    table.apply(RevokeEvent(W))
    _finish(table)
    assert table.phase is Phase.COMPLETE
    assert [(t.law, t.tricks) for t in table.transfers] == [("64B3", 0)]
    assert table.tricks_credited(Side.NS) == table.tricks_won(Side.NS)
    assert table.score() == FOUR_SPADES[table.tricks_won(Side.NS)]


def test_law_64a2_same_revoke_with_the_card_in_hand_transfers_a_trick() -> None:
    # The same play, West's ♦4 in his hand and not face up: no 64B3 exception.
    table = _spades_trick_1()
    _plays(table, "NDA ED2 SD9 WC2 NCA EC8 SC9 WC3 NCK ES5 SCT WC4")
    table.apply(RevokeEvent(W))
    _finish(table)
    assert [(t.law, t.tricks) for t in table.transfers] == [("64A2", 1)]
    assert table.tricks_credited(Side.NS) == table.tricks_won(Side.NS) + 1


# -- Law 50D2 after penalty cards of Laws 58B2 and 67A2 -------------------------------------------


def _notrump_west_wins_trick_2() -> Table:
    """1NT by North; dummy leads a diamond to West's ace, East to play last."""
    table = _bid(NOTRUMP, ["1NT", "Pass", "Pass", "Pass"])
    table.play("E", "C9")
    table.face_lead()
    _plays(table, "SCA WC2 NCT SD2 WDA ND3")
    return table


def test_law_58b2_penalty_card_gives_declarer_the_50d2_lead_options() -> None:
    table = _notrump_west_wins_trick_2()
    # East drops the ♦4 and the ♥K together, both seen, and names the ♦4.
    table.apply(
        SeveralCardsEvent(E, (Card.from_str("D4"), Card.from_str("HK")), Card.from_str("D4"))
    )
    assert _played(table, 2) == ("S", ["D2", "DA", "D3", "D4"], "W")
    assert _penalty_cards(table) == {("E", "HK", True)}
    decider, law, options = pending_decision(table)
    assert (decider, [choice for choice, _ in options]) == ("N", ["require", "forbid", "none"])
    assert law.startswith("50D2")
    table.decide("N", "require", suit="H")  # 50D2a: West must lead a heart
    assert legal_card_names(table) == ["HT", "H4", "H3", "H2"]
    assert _penalty_cards(table) == set()  # the ♥K goes back to East's hand


def test_law_67a2_extra_card_penalty_card_gives_declarer_the_50d2_lead_options() -> None:
    table = _notrump_west_wins_trick_2()
    table.play("E", "D4")
    table.apply(DefectiveTrickEvent(E, Card.from_str("HK")))  # the ♥K went with trick 2
    table.apply(DefectNoticedEvent(E))  # before the next lead (67A2)
    table.decide("director", "58B2")  # both cards were seen: a penalty card
    assert _penalty_cards(table) == {("E", "HK", True)}
    decider, _, options = pending_decision(table)
    assert (decider, [choice for choice, _ in options]) == ("N", ["require", "forbid", "none"])
    table.decide("N", "forbid", suit="H")  # 50D2b: West may not lead a heart
    assert legal_card_names(table) == ["S4", "S3", "S2", "D8", "D7", "D6", "C3"]
