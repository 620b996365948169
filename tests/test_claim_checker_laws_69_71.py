"""The claim checker (Laws 69B, 70, 71): positions, statements and the tricks awarded.

Every position is an end position small enough to work out by hand; the docstring of
each test gives the line that decides it. Positions are written North first, each
hand spades.hearts.diamonds.clubs.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.analysis.claims import (
    ClaimStatement,
    InvalidClaimError,
    InvalidPositionError,
    Position,
    check_claim,
    worst_line_brute_force,
)
from arbitro.analysis.solver import position_tricks
from arbitro.core import Card, Hand, Seat, Strain, Suit

TRUMP_OUT = Position.from_str("N:32.2.. .Q.32. AK.A.. 54..4.", Suit.HEARTS, Seat.SOUTH)
"""Hearts trumps, South on lead with ♠AK ♥A; East keeps the ♥Q and is void in spades."""

FINESSE = Position.from_str("N:AQ... ...32 32... K4...", None, Seat.SOUTH)
"""No trumps; South leads towards North's ♠AQ; West holds the ♠K."""

BLOCKED = Position.from_str("N:A2...2 QJ.K.. K.AQ.. ..43.4", None, Seat.SOUTH)
"""No trumps; South must cash the hearts before the ♠K, or North may overtake with
the ♠A and be left on lead with two losers."""


def _dd(position: Position) -> int:
    trump = Strain.NOTRUMP if position.trump is None else Strain(int(position.trump))
    return position_tricks(
        [hand.to_str() for hand in position.hands],
        trump,
        position.leader,
        [str(card) for card in position.trick],
    )


def _check(position: Position, claimer: Seat, text: str, **options: object) -> object:
    return check_claim(position, claimer, ClaimStatement.from_str(text), **options)  # type: ignore[arg-type]


# -- Law 70 ---------------------------------------------------------------------------


def test_law_70a_doubtful_points_go_against_the_claimer() -> None:
    """'All' with the order open: ♠K overtaken by the ♠A (careless, not irrational),
    North leads the ♣2 to West's ♣4 and West cashes a diamond: one trick of three."""
    check = check_claim(BLOCKED, Seat.SOUTH, ClaimStatement.from_str("all"))
    assert (check.claimed, check.worst, check.award, check.law) == (3, 1, 1, "70")


def test_law_70b_the_director_compares_with_the_line_as_stated() -> None:
    """Stated 'hearts, then spades': ♥A (the ♥K falls), ♥Q, then ♠K: all three."""
    check = check_claim(BLOCKED, Seat.SOUTH, ClaimStatement.from_str("all: H, S"))
    assert (check.as_stated, check.award) == (3, 3)


def test_law_70c1_a_trump_mentioned_is_drawn_first() -> None:
    """'Drawing trumps': ♥A draws East's ♥Q, then the ♠AK: three tricks."""
    check = check_claim(TRUMP_OUT, Seat.SOUTH, ClaimStatement.from_str("all: draw trumps"))
    assert check.award == 3
    assert "70C" not in check.laws


def test_law_70c2_a_trump_not_mentioned_is_one_the_claimer_forgot() -> None:
    """Not mentioned: the claimer may lead ♠A first; East ruffs with the ♥Q, leads a
    diamond, South ruffs and cashes the ♠K: two tricks of three."""
    check = check_claim(TRUMP_OUT, Seat.SOUTH, ClaimStatement.from_str("all"))
    assert (check.worst, check.award) == (2, 2)
    assert "70C" in check.laws
    first = check.line[0]
    assert first == (Seat.SOUTH, Card.from_str("SA"))


def test_law_70c3_no_normal_line_loses_a_trick_to_the_trump() -> None:
    """South holds only ♥AK; East's ♥Q must follow to the first: both tricks stand."""
    position = Position.from_str("N:32... .Q.2. .AK.. ..43.", Suit.HEARTS, Seat.SOUTH)
    check = check_claim(position, Seat.SOUTH, ClaimStatement.from_str("all"))
    assert "70C" in check.laws
    assert (check.award, check.law) == (2, "69A")


def test_law_70c_a_stated_order_into_the_ruff_loses_even_as_stated() -> None:
    """'Spades first': the ♠A is ruffed whatever South does: two tricks as stated."""
    check = check_claim(TRUMP_OUT, Seat.SOUTH, ClaimStatement.from_str("all: S"))
    assert (check.as_stated, check.award) == (2, 2)


def test_law_70d1_an_unstated_successful_line_is_not_accepted() -> None:
    """'All': the hearts first win all three (double dummy 3), but the ♠K first is a
    normal line that loses two."""
    check = check_claim(BLOCKED, Seat.SOUTH, ClaimStatement.from_str("all"), double_dummy=_dd)
    assert check.double_dummy == 3
    assert check.award == 1
    assert "70D1" in check.laws


def test_law_70d2_a_defenders_claim_depending_on_partners_choice() -> None:
    """East claims both with ♠A and ♥2: West must keep the ♥A, not the ♣2, on the ♠A;
    discarding it is a normal alternative (both are winners) and costs a trick."""
    position = Position.from_str("N:..AK. A.2.. .K.Q. .A..2", None, Seat.EAST)
    check = check_claim(position, Seat.EAST, ClaimStatement.from_str("all"), double_dummy=_dd)
    assert check.double_dummy == 2
    assert check.award == 1


def test_law_70d3_the_first_step_stated_fixes_the_start_of_the_line() -> None:
    """A play after the claim may show the line (70D3): once the ♥A is stated as the
    first step (as played), the blocked spades no longer cost a trick."""
    check = check_claim(BLOCKED, Seat.SOUTH, ClaimStatement.from_str("all: H"))
    assert check.award == 3


PARTNER_LEADS = Position.from_str("N:..2.A .AK.. 32... .3..2", None, Seat.WEST)
"""No trumps; West (a defender) on lead with ♥3 ♣2, East with ♥AK; North's ♣A and ♦2
win both tricks if West leads his club."""


def test_law_70d2_a_defenders_partner_is_not_bound_by_the_statement() -> None:
    """East claims 'hearts first'. Had declarer claimed, his dummy would follow the
    statement; West, a defender, may lead the ♣2: North wins it and his ♦2 (East and
    West must discard their hearts). The claim depends on West choosing the ♥3 among
    normal alternatives: it is not accepted."""
    claim = ClaimStatement.from_str("all: H")
    defending = check_claim(PARTNER_LEADS, Seat.EAST, claim, declarer=Seat.SOUTH, double_dummy=_dd)
    declaring = check_claim(PARTNER_LEADS, Seat.EAST, claim, declarer=Seat.EAST)
    assert defending.double_dummy == 2
    assert (defending.award, defending.law) == (0, "70")
    assert "70D2" in defending.laws
    assert defending.line[0] == (Seat.WEST, Card.from_str("C2"))
    assert (declaring.award, declaring.law) == (2, "69A")
    assert "70D2" not in declaring.laws


def test_law_70d2_partner_free_never_makes_more_than_partner_bound() -> None:
    """Freeing partner only adds normal lines: the award can only fall."""
    for position, claimer in ((PARTNER_LEADS, Seat.EAST), (BLOCKED, Seat.NORTH)):
        for text in ("all", "all: H", "all: S, H"):
            claim = ClaimStatement.from_str(text)
            free = check_claim(position, claimer, claim, declarer=claimer.lho)
            bound = check_claim(position, claimer, claim)
            assert free.award <= bound.award


def test_law_70d3_cards_played_after_the_claim_start_the_line() -> None:
    """South claims 'all' without the finesse (one trick: North may go up with the ♠A),
    then plays the ♠3 and, West playing low, North's ♠Q: taken as part of the
    statement, the finesse has been taken and wins both tricks."""
    claim = ClaimStatement.from_str("all: played S3 S4 SQ")
    check = check_claim(FINESSE, Seat.SOUTH, claim, double_dummy=_dd)
    assert check.award == 2
    assert "70D3" in check.laws
    assert [card for _, card in check.line[:3]] == [Card.from_str(c) for c in ("S3", "S4", "SQ")]
    assert check.award <= check.double_dummy  # type: ignore[operator]


def test_law_70d3_a_trick_completed_after_the_claim_counts() -> None:
    """After 'all', South cashed the ♥A (♦3, ♣2, ♥K): that trick is his side's, and
    with hearts before spades as the rest of the line, the ♥Q and ♠K make three."""
    claim = ClaimStatement.from_str("all: played HA D3 C2 HK, H")
    check = check_claim(BLOCKED, Seat.SOUTH, claim)
    assert (check.claimed, check.award, check.as_stated) == (3, 3, 3)
    assert check.line[:4] == tuple(
        (Seat.from_str(seat), Card.from_str(card))
        for seat, card in (("S", "HA"), ("W", "D3"), ("N", "C2"), ("E", "HK"))
    )


def test_law_70d3_cards_played_must_be_legal_and_first() -> None:
    with pytest.raises(InvalidClaimError, match="♥K played after the claim is not in South's"):
        check_claim(BLOCKED, Seat.SOUTH, ClaimStatement.from_str("all: played HK"))
    with pytest.raises(InvalidClaimError, match="♠Q played after the claim does not follow"):
        check_claim(BLOCKED, Seat.SOUTH, ClaimStatement.from_str("all: played HA D3 C2 SQ"))
    with pytest.raises(InvalidClaimError, match=r"step 2 .*come first"):
        ClaimStatement.from_str("all: H, played HA")


def test_law_70e1_an_unstated_finesse_is_not_accepted() -> None:
    """'All' without the finesse: ♠3, West plays low, North may go up with the ♠A and
    lose the ♠Q to the ♠K; the finesse stated wins both."""
    unstated = check_claim(FINESSE, Seat.SOUTH, ClaimStatement.from_str("all"), double_dummy=_dd)
    stated = check_claim(FINESSE, Seat.SOUTH, ClaimStatement.from_str("all: finesse SQ"))
    assert (unstated.double_dummy, unstated.award, stated.award) == (2, 1, 2)


def test_law_70e1_finesse_accepted_when_the_opponent_behind_showed_out() -> None:
    """East has shown out of spades before the claim: the finesse is the normal play."""
    check = check_claim(
        FINESSE,
        Seat.SOUTH,
        ClaimStatement.from_str("all"),
        shown_out=[(Seat.EAST, Suit.SPADES)],
    )
    assert check.award == 2


SHOWS_OUT = Position.from_str("N:...KJ72 ..9853. ..AK.A4 ..2.853", None, Seat.SOUTH)
"""No trumps; South ♦AK ♣A4, North ♣KJ72; West holds ♣853 and East no club."""


def test_law_70e1_a_finesse_is_normal_once_an_opponent_shows_out_on_the_line() -> None:
    """'All': on every normal line clubs start with the ♣A or the ♣K from the top, and
    East shows out on that first club. From then on the ♣8 is known to be with West:
    North playing the ♣7 over West's ♣5 (a finesse) is the normal play (70E1, would fail
    to follow on a normal line), so North's clubs make all four. Before this exception
    the checker let North win with the ♣J, losing the ♣7 to the ♣8."""
    check = check_claim(SHOWS_OUT, Seat.SOUTH, ClaimStatement.from_str("all"), double_dummy=_dd)
    assert (check.double_dummy, check.award, check.law) == (4, 4, "69A")
    assert "70E1" in check.laws
    stated = check_claim(SHOWS_OUT, Seat.SOUTH, ClaimStatement.from_str("all: D, C"))
    assert stated.award == 4
    assert "70E1" not in stated.laws


def test_law_70e1_a_show_out_before_the_claim_or_on_the_line_decides_alike() -> None:
    """East failing to follow to clubs before the claim (70E1, first case) gives the
    same award as East showing out on the line."""
    before = check_claim(
        SHOWS_OUT,
        Seat.SOUTH,
        ClaimStatement.from_str("all"),
        shown_out=[(Seat.EAST, Suit.CLUBS)],
    )
    assert before.award == 4


RISE = Position.from_str("N:..A.A8 ..64.Q ..8.J3 ..KT7.", None, Seat.SOUTH)
"""No trumps; South leads the ♣J towards North's ♣A8; East holds the ♣Q alone."""


def test_law_70e1_not_playing_the_marked_card_would_be_irrational() -> None:
    """'All': South leads the ♣J and West discards. The ♣Q, the only club out, is then
    with East, who must follow: the ♣A surely wins and drops it, the ♣8 surely loses to
    it. Ducking would be irrational (70E1), so the ♣A is the line and all three tricks
    stand. Before this exception the checker let North duck: East's ♣Q, then West's
    ♦K, held South to two."""
    check = check_claim(RISE, Seat.SOUTH, ClaimStatement.from_str("all"), double_dummy=_dd)
    assert (check.double_dummy, check.award, check.law) == (3, 3, "69A")
    assert "70E1" in check.laws


def test_law_70e1_irrational_only_when_the_card_out_is_surely_placed() -> None:
    """With West still holding a club the ♣Q may be with either defender: ducking is
    a normal (careless) choice and the claim is cut (70D1), no 70E1 exception."""
    position = Position.from_str("N:..A.A8 ..6.Q5 ..8.J3 ..KT.7", None, Seat.SOUTH)
    check = check_claim(position, Seat.SOUTH, ClaimStatement.from_str("all"))
    assert check.award < 3
    assert "70E1" not in check.laws


def test_law_70e2_the_suit_played_from_the_top_by_default() -> None:
    """Without the default 'from the top' (70E2) more leads are normal, never fewer:
    the award can only fall."""
    top = check_claim(BLOCKED, Seat.SOUTH, ClaimStatement.from_str("all"))
    anyhow = check_claim(BLOCKED, Seat.SOUTH, ClaimStatement.from_str("all"), from_top=False)
    assert anyhow.worst <= top.worst


# -- Laws 69B and 71 ----------------------------------------------------------------------


def test_law_69b1_acquiesced_in_a_trick_the_side_had_won() -> None:
    """West's ♥A leads the trick in progress and cannot be beaten: North-South claimed
    both tricks; the trick is West's in fact, so one goes back."""
    position = Position.from_str("N:.2.A. .3.2. .4.K. ..Q.", None, Seat.WEST, trick=["HA"])
    check = check_claim(position, Seat.SOUTH, ClaimStatement.from_str("all"))
    assert (check.claimed, check.award) == (2, 1)


def test_law_69b2_acquiesced_in_a_trick_the_side_would_likely_win() -> None:
    """The defenders accepted 'all' with a trump out: withdrawn, the ♥Q takes a trick."""
    check = check_claim(TRUMP_OUT, Seat.SOUTH, ClaimStatement.from_str("all"))
    assert check.claimed - check.award == 1


def test_law_71_1_a_trick_won_in_fact_cannot_be_conceded() -> None:
    """South's ♠A leads the trick in progress and nobody can beat it: conceding both
    tricks, South keeps that one."""
    position = Position.from_str("N:3...2 4..4. ..2. 2..3.", None, Seat.SOUTH, trick=["SA"])
    check = check_claim(position, Seat.SOUTH, ClaimStatement.from_str("concede 2"))
    assert (check.claimed, check.award, check.law) == (0, 1, "71")


def test_law_71_2_a_trick_no_normal_play_could_lose_is_not_conceded() -> None:
    """South conceded one with ♠AK opposite small spades and no spade out: both stand."""
    position = Position.from_str("N:32... ..32. AK... ..54.", None, Seat.SOUTH)
    check = check_claim(position, Seat.SOUTH, ClaimStatement.from_str("concede 1"))
    assert (check.claimed, check.award, check.law) == (1, 2, "71")


def test_law_71_a_concession_that_normal_play_could_lose_stands() -> None:
    """Conceding one with a trump out not mentioned: the concession is right."""
    check = check_claim(TRUMP_OUT, Seat.SOUTH, ClaimStatement.from_str("concede 1"))
    assert (check.claimed, check.award, check.law) == (2, 2, "69A")


# -- the losing line and bad input --------------------------------------------------------


def test_law_70_the_losing_line_replays_to_the_award() -> None:
    check = check_claim(BLOCKED, Seat.SOUTH, ClaimStatement.from_str("all"))
    assert len(check.line) == 4 * BLOCKED.remaining
    won = 0
    for start in range(0, len(check.line), 4):
        trick = check.line[start : start + 4]
        lead = trick[0][1].suit
        winner = max((card.rank, seat) for seat, card in trick if card.suit is lead)[1]
        won += winner.side is Seat.SOUTH.side
    assert won == check.award


def test_law_68c_statement_errors_name_the_step() -> None:
    with pytest.raises(InvalidClaimError, match="step 2 'ruff': expected a suit to ruff"):
        ClaimStatement.from_str("all: S, ruff")
    with pytest.raises(InvalidClaimError, match="expected all, concede N"):
        ClaimStatement.from_str("most of them")


def test_position_errors_name_what_is_wrong() -> None:
    with pytest.raises(InvalidPositionError, match="same number of cards"):
        Position.from_str("N:AK... Q... J... T...", None, Seat.NORTH)
    with pytest.raises(InvalidPositionError, match="in two hands"):
        Position((Hand.from_str("A..."), Hand.from_str("A..."), Hand(), Hand()), None, Seat.NORTH)


# -- properties -----------------------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn, most: int = 4) -> Position:
    size = draw(st.integers(1, most))
    cards = draw(st.permutations(range(52)))
    hands = tuple(
        Hand(sum(1 << index for index in cards[seat * size : (seat + 1) * size]))
        for seat in range(4)
    )
    trump = draw(st.sampled_from([None, *Suit]))
    return Position((hands[0], hands[1], hands[2], hands[3]), trump, Seat(draw(st.integers(0, 3))))


STATEMENTS = st.sampled_from(
    ["all", "concede 1", "all: draw trumps", "all: S, H", "1: D", "all: ruff C", "all: finesse SQ"]
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.integers(0, 3), STATEMENTS, st.sampled_from([None, *Seat]))
def test_law_70_award_between_brute_force_worst_and_double_dummy(
    position: Position, claimer: int, text: str, declarer: Seat | None
) -> None:
    """Declarer given or not: a defender's partner free (70D2) plays legal cards too."""
    seat = Seat(claimer)
    check = check_claim(
        position, seat, ClaimStatement.from_str(text), double_dummy=_dd, declarer=declarer
    )
    assert check.double_dummy is not None
    assert worst_line_brute_force(position, seat.side) <= check.award <= check.double_dummy
    assert check.worst <= check.as_stated <= check.double_dummy
