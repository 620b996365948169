"""Play scenarios for Laws 51B1a, 51B1b, 51B2a, 58B3, 62D2 and 63A2, written from the Law text.

Each test plays a board through the public :class:`~arbitro.table.Table` API and its
events, and checks what the Law says should happen, not what the engine computes.

Deal ``D1`` (board 1, dealer North, nobody vulnerable), North first:
North ♠AKJ52 ♥K74 ♦A73 ♣86, East ♠Q7 ♥AQJ963 ♦K5 ♣J92,
South ♠T986 ♥852 ♦QJ4 ♣AK4, West ♠43 ♥T ♦T9862 ♣QT753.
The auction 1♠ (2♥) 3♠ (Pass) 4♠ (all pass) makes North declarer and South dummy;
East leads the ♥A and wins the first trick (♥A ♥2 ♥T ♥4), so he is on lead again.
"""

from __future__ import annotations

import random

import pytest

from arbitro.core import Card, Seat, Side, Suit
from arbitro.table import Phase, RestrictionKind, Table
from arbitro.table.events import (
    BoardEvent,
    DesignateEvent,
    ExposedEvent,
    RevokeEvent,
    SeveralCardsEvent,
)
from table_support import assert_lead_revoke, assert_refused, random_deal

D1 = "N:AKJ52.K74.A73.86 Q7.AQJ963.K5.J92 T986.852.QJ4.AK4 43.T.T9862.QT753"
PENALTY = RestrictionKind.PENALTY_CARD
FORBIDDEN = RestrictionKind.LEAD_FORBIDDEN
REQUIRED = RestrictionKind.LEAD_REQUIRED


def cards(*texts: str) -> list[Card]:
    return [Card.from_str(text) for text in texts]


def card(text: str) -> Card:
    return Card.from_str(text)


def four_spades_by_north() -> Table:
    """D1 after the auction 1♠ (2♥) 3♠ (Pass) 4♠ (all pass): East to lead."""
    table = Table.from_event(BoardEvent.from_json({"event": "board", "board": 1, "deal": D1}))
    calls = ("1S", "2H", "3S", "Pass", "4S", "Pass", "Pass", "Pass")
    for seat, call in zip("NESWNESW", calls, strict=True):
        table.call(seat, call)
    return table


def winner(table: Table) -> Seat:
    """Who won the last trick completed."""
    return table.tricks[-1].winner


def after_trick_one() -> Table:
    """D1 after the auction and East's ♥A, won by East: East is to lead to trick 2."""
    table = four_spades_by_north()
    table.play("E", "HA")
    table.face_lead()
    for seat, played in (("S", "H2"), ("W", "HT"), ("N", "H4")):
        table.play(seat, played)
    assert table.tricks[0].winner is Seat.EAST
    return table


def penalty_cards(table: Table) -> list[tuple[Seat, Card | None, bool]]:
    return [(r.seat, r.card, r.major) for r in table.restrictions if r.kind is PENALTY]


def lead_restrictions(table: Table) -> list[tuple[RestrictionKind, Seat, str, tuple[Suit, ...]]]:
    return [
        (r.kind, r.seat, r.law, r.suits)
        for r in table.restrictions
        if r.kind in (FORBIDDEN, REQUIRED)
    ]


def last_ruling(table: Table) -> tuple[str, str, str]:
    ruling = table.rulings[-1]
    return ruling.law, ruling.by, ruling.choice


def options(table: Table) -> list[tuple[str, str]]:
    assert table.pending is not None
    return [(option.choice, option.law) for option in table.pending.options]


# -- Law 51B1: two or more penalty cards of one suit ----------------------------------------


def two_club_penalty_cards() -> Table:
    """West shows ♣5 and ♣3 together: both are major penalty cards (50B: two or more)."""
    table = after_trick_one()
    table.apply(ExposedEvent(Seat.WEST, tuple(cards("C5", "C3"))))
    assert penalty_cards(table) == [(Seat.WEST, card("C5"), True), (Seat.WEST, card("C3"), True)]
    return table


def test_law_51b1a_declarer_requires_the_suit_and_both_penalty_cards_are_picked_up() -> None:
    table = two_club_penalty_cards()
    # East is to lead; declarer chooses before East leads (50D2, 51B).
    assert table.pending is not None
    assert table.pending.decider == "N"
    assert ("require", "51B1a") in options(table)
    assert table.legal_cards() == []  # a lead now is Law 49's (50D2)
    table.decide("N", "require", suit="C")
    assert last_ruling(table) == ("51B1a", "N", "require")
    # "The penalty cards of that suit are no longer penalty cards and are picked up."
    assert penalty_cards(table) == []
    assert table.legal_cards() == cards("CJ", "C9", "C2")
    table.play("E", "C2")
    table.play("S", "C4")
    # "The defender may play any legal card to this trick": any club, not the ♣5 or ♣3.
    assert table.legal_cards() == cards("CQ", "CT", "C7", "C5", "C3")
    table.play("W", "CQ")
    assert table.current_trick[-1] == (Seat.WEST, card("CQ"))


def test_law_51b1b_declarer_forbids_the_suit_while_the_leader_keeps_the_lead() -> None:
    table = two_club_penalty_cards()
    assert ("forbid", "51B1b") in options(table)
    table.decide("N", "forbid", suit="C")
    assert last_ruling(table) == ("51B1b", "N", "forbid")
    # Both penalty cards are picked up; East may not lead a club while he keeps the lead.
    assert penalty_cards(table) == []
    assert lead_restrictions(table) == [(FORBIDDEN, Seat.EAST, "51B1b", (Suit.CLUBS,))]
    assert not any(played.suit is Suit.CLUBS for played in table.legal_cards())
    assert_lead_revoke(table, "E", "C2")  # a club led anyway is a revoke (61A)
    # East leads the ♥Q and wins the trick (♥Q, dummy ♥5, West's club, ♥7): still on
    # lead, the prohibition holds ("until the player loses the lead").
    table.play("E", "HQ")
    table.play("S", "H5")
    table.play("W", "C3")  # West, out of hearts, discards the ♣3: no longer a penalty card
    table.play("N", "H7")
    assert winner(table) is Seat.EAST
    assert lead_restrictions(table) == [(FORBIDDEN, Seat.EAST, "51B1b", (Suit.CLUBS,))]
    assert not any(played.suit is Suit.CLUBS for played in table.legal_cards())
    # East leads the ♦5: North wins with the ♦A, East has lost the lead and the
    # prohibition ends.
    for seat, played in (("E", "D5"), ("S", "D4"), ("W", "D2"), ("N", "DA")):
        table.play(seat, played)
    assert winner(table) is Seat.NORTH
    assert lead_restrictions(table) == []


# -- Law 51B2a: penalty cards in more than one suit -----------------------------------------


def test_law_51b2a_declarer_requires_one_of_the_suits_and_51b1a_applies_to_it() -> None:
    table = after_trick_one()
    table.apply(ExposedEvent(Seat.WEST, tuple(cards("D2", "C3"))))
    assert penalty_cards(table) == [(Seat.WEST, card("D2"), True), (Seat.WEST, card("C3"), True)]
    # Declarer may require the lead of any suit in which West has a penalty card.
    assert table.pending is not None
    [require] = [option for option in table.pending.options if option.choice == "require"]
    assert require.law == "51B2a"
    assert set(require.suits) == {Suit.DIAMONDS, Suit.CLUBS}
    assert_refused(table, lambda: table.decide("N", "require", suit="S"))
    table.decide("N", "require", suit="D")
    assert last_ruling(table) == ("51B2a", "N", "require")
    # B1a for diamonds: the ♦2 is picked up; the ♣3 stays a major penalty card.
    assert penalty_cards(table) == [(Seat.WEST, card("C3"), True)]
    assert table.legal_cards() == cards("DK", "D5")
    table.play("E", "D5")
    table.play("S", "D4")
    # West may play any legal card to this trick: any diamond (following suit comes
    # before the ♣3, 50D1b).
    assert table.legal_cards() == cards("DT", "D9", "D8", "D6", "D2")


# -- Law 58B3: a visible card withdrawn; the opponent who played after may change ----------


@pytest.mark.parametrize("named", ["C7", "C5"])
def test_law_58b3_opponent_who_played_after_a_withdrawn_card_may_play_another(
    named: str,
) -> None:
    table = after_trick_one()
    table.play("E", "C2")
    table.play("S", "C4")
    # West dropped the ♣7 and the ♣5 together, both seen; only the ♣7 was taken as his
    # card, and declarer played after it from his hand.
    table.play("W", "C7")
    table.play("N", "C6")
    table.apply(SeveralCardsEvent(Seat.WEST, tuple(cards("C7", "C5")), card(named)))
    other = "C5" if named == "C7" else "C7"
    # 58B2: West plays the card he names; the other, a defender's, is a penalty card
    # (minor: one card below an honour, exposed inadvertently, 50B).
    assert table.tricks[-1].cards == tuple(cards("C2", "C4", named, "C6"))
    assert penalty_cards(table) == [(Seat.WEST, card(other), False)]
    # 58B3: declarer played after the card withdrawn: he may take his back.
    assert table.pending is not None
    assert table.pending.decider == "N"
    assert options(table) == [("withdraw", "58B3"), ("keep", "58B3")]
    table.decide("N", "withdraw")
    assert last_ruling(table) == ("58B3", "N", "withdraw")
    assert table.turn is Seat.NORTH
    assert card("C6") in table.hand("N")
    table.play("N", "C8")  # another card, without rectification
    assert table.tricks[-1].cards == tuple(cards("C2", "C4", named, "C8"))
    assert winner(table) is Seat.NORTH
    assert penalty_cards(table) == [(Seat.WEST, card(other), False)]


def test_law_58b3_the_opponent_may_keep_his_card() -> None:
    table = after_trick_one()
    for seat, played in (("E", "C2"), ("S", "C4"), ("W", "C7"), ("N", "C6")):
        table.play(seat, played)
    table.apply(SeveralCardsEvent(Seat.WEST, tuple(cards("C7", "C5")), card("C7")))
    table.decide("N", "keep")
    assert table.tricks[-1].cards == tuple(cards("C2", "C4", "C7", "C6"))
    assert card("C6") not in table.hand("N")


# -- Law 62D2: a defender's revoke in the twelfth trick ---------------------------------------


def twelfth_trick_revoke(
    seed: int, *, partner_played: bool, partner_suits: int
) -> tuple[Table, Seat] | None:
    """A random board (1NT by North) in which a defender revokes in the twelfth trick.

    ``partner_played``: the offender's partner had played to the trick before the
    revoke; otherwise he plays after it, holding cards of ``partner_suits`` suits.
    The board is played out, so the revoke is established; ``None`` if the deal does
    not give the situation.
    """
    rng = random.Random(seed)
    table = Table(random_deal(rng), number=1)
    for seat, call in zip("NESW", ("1NT", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
    while len(table.tricks) < 11:
        turn = table.turn
        assert turn is not None
        table.play(turn, rng.choice(table.legal_cards()))
        if table.face_down_lead:
            table.face_lead()
    offender = None
    while len(table.tricks) == 11:
        turn = table.turn
        assert turn is not None
        held = list(table.hand(turn))
        if offender is None and table.current_trick and turn.side is Side.EW:
            led = table.current_trick[0][1].suit
            partner = turn.partner
            before = any(seat == partner for seat, _ in table.current_trick)
            suits = len({c.suit for c in table.hand(partner)})
            off = [c for c in held if c.suit != led]
            if (
                off
                and len(off) < len(held)
                and before == partner_played
                and (partner_played or suits == partner_suits)
            ):
                table.play(turn, off[0])  # a revoke: he holds the suit led
                offender = turn
                continue
        table.play(turn, table.legal_cards()[0])
    if offender is None:
        return None
    while table.phase is Phase.PLAY:
        turn = table.turn
        assert turn is not None
        table.play(turn, table.legal_cards()[0])
    return table, offender


def found(partner_played: bool, partner_suits: int = 2) -> tuple[Table, Seat]:
    return next(
        board
        for seed in range(500)
        if (
            board := twelfth_trick_revoke(
                seed, partner_played=partner_played, partner_suits=partner_suits
            )
        )
        is not None
    )


def test_law_62d2_partner_yet_to_play_with_two_suits_must_not_use_the_revoke_card() -> None:
    table, offender = found(partner_played=False, partner_suits=2)
    assert table.revokes[0].established  # the next trick was played (63A1)
    table.apply(RevokeEvent(offender))
    # 62D1: corrected though established; 62D2: a note for the offender's partner.
    assert last_ruling(table)[0] == "62D1"
    [note] = [note for note in table.notes if note.law == "62D2"]
    assert str(offender.partner.localized()) in str(note.message)
    assert table.turn is offender
    assert all(c.suit == table.current_trick[0][1].suit for c in table.legal_cards())


@pytest.mark.parametrize(("partner_played", "partner_suits"), [(True, 2), (False, 1)])
def test_law_62d2_no_restriction_when_partner_has_played_or_has_no_choice(
    partner_played: bool, partner_suits: int
) -> None:
    # Law 62D2 binds partner only "before he has played to the trick" and "if he has
    # cards in two suits": otherwise there is no play he could choose from the revoke.
    table, offender = found(partner_played=partner_played, partner_suits=partner_suits)
    table.apply(RevokeEvent(offender))
    assert last_ruling(table)[0] == "62D1"
    assert [note.law for note in table.notes if note.law == "62D2"] == []


# -- Law 63A2: a revoke established by naming a card for the next trick ---------------------


def declarer_revokes_in_trick_one() -> Table:
    """D1: North (declarer) discards the ♣6 on the ♥A though he holds hearts."""
    table = four_spades_by_north()
    table.play("E", "HA")
    table.face_lead()
    for seat, played in (("S", "H2"), ("W", "HT"), ("N", "C6")):
        table.play(seat, played)
    [revoke] = table.revokes
    assert (revoke.seat, revoke.card, revoke.established) == (Seat.NORTH, card("C6"), False)
    table.play("E", "DK")  # East leads to trick 2; dummy (South) is next
    return table


def test_law_63a2_declarer_naming_dummys_card_for_the_next_trick_establishes_his_revoke() -> None:
    table = declarer_revokes_in_trick_one()
    assert not table.revokes[0].established
    table.apply(DesignateEvent("D4"))  # declarer names a card of dummy's for trick 2
    assert table.revokes[0].established
    table.apply(RevokeEvent(Seat.NORTH))
    # 63B: established, it cannot be corrected; the trick stands as played.
    assert last_ruling(table)[0] == "63B"
    assert table.tricks[0].cards == tuple(cards("HA", "H2", "HT", "C6"))
    assert card("C6") not in table.hand("N")


def test_law_63a_before_anyone_of_the_side_names_or_plays_a_card_the_revoke_is_corrected() -> None:
    table = declarer_revokes_in_trick_one()
    table.apply(RevokeEvent(Seat.NORTH))
    # Not yet established (62A): corrected, North plays a heart to trick 1.
    assert last_ruling(table)[0] != "63B"
    assert table.turn is Seat.NORTH
    assert all(c.suit is Suit.HEARTS for c in table.legal_cards())
