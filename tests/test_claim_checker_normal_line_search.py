"""The search for the fewest tricks on a normal line (Laws 70 and 71): its work, not its rules.

``checker._Search.fewest`` takes positions at the start of a trick cheapest first. It
completes a position's tricks in two parts (``checker.PARTIAL``): those the defence
wins at once, those the claimer's side wins (one trick more) only when the search
reaches the next bucket; it takes a bucket's positions most promising first
(``checker.ORDER``) and seeks the beam's line only when its budget runs out
(``checker.BEAM_FIRST``); it leaves for a later bucket the tricks the claimer's side
wins with no trump of its own when its trump tricks put them beyond the bucket
(``checker.KEPT``); out of its budget, it asks depth first whether every normal line
makes one trick more than the fewest proved (``checker.ONE_MORE``). None of that may
change an answer where the check is determined: the award (70D1, 71), the tricks as stated and the Laws are compared here
with the search as it was and with the search without the floor (``bounded=False``).
"""

from __future__ import annotations

import random
from typing import Final

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from arbitro.analysis.claims import ClaimStatement, Position, check_claim, checker
from arbitro.core import Card, Seat, Suit
from claim_support import random_position, random_statement
from test_claim_checker_reference import _replays
from test_law70_normal_line_bounds import endings

_AS_IT_WAS: dict[str, tuple[dict[str, int], int, int, int]] = {
    # The search's work changed, the setting back as it was, the seed, the cards.
    "partial expansion": ({"PARTIAL": False}, 3000, 7, 9),
    "bucket order": ({"ORDER": False, "BEAM_FIRST": True}, 4100, 8, 10),
    "a trick the claimer's side surely takes": ({"TAKEN": False}, 5200, 7, 9),
    "a trick won without a trump left for a later bucket": ({"KEPT": False}, 6300, 7, 9),
    "one trick more than the fewest asked depth first": ({"ONE_MORE": 0}, 7400, 7, 9),
}


@settings(max_examples=250, deadline=None)
@given(endings())
def test_law_70_the_search_s_work_leaves_the_award_unchanged(
    ending: tuple[Position, Seat, str, bool, Seat | None],
) -> None:
    """The search as it is, with each change of its work undone (:data:`_AS_IT_WAS`:
    tricks completed in one part; a bucket taken last queued first, the beam's line
    bounding the search from the start; a trick the claimer's side surely takes on the
    normal line completed among those it loses; the tricks it wins without a trump
    completed with the rest) and without the floor: the same award,
    tricks as stated and Laws (70E1 apart), and the line given is legal and makes the
    award."""
    position, claimer, text, from_top, declarer = ending
    statement = ClaimStatement.from_str(text)
    options = {"from_top": from_top, "declarer": declarer}
    check = check_claim(position, claimer, statement, **options)  # type: ignore[arg-type]
    checks = [check]
    for settings_as_it_was, *_ in _AS_IT_WAS.values():
        with pytest.MonkeyPatch.context() as patch:
            for name, value in settings_as_it_was.items():
                patch.setattr(checker, name, value)
            checks.append(check_claim(position, claimer, statement, **options))  # type: ignore[arg-type]
    checks.append(check_claim(position, claimer, statement, bounded=False, **options))  # type: ignore[arg-type]
    assert all(each.determined for each in checks)
    answers = {(each.award, each.as_stated) for each in checks}
    assert len(answers) == 1, answers
    # 70E1 is cited when a 70E1 case decided a choice in the positions searched.
    laws = {frozenset(set(each.laws) - {"70E1"}) for each in checks[:-1]}
    assert len(laws) == 1, laws
    _replays(position, check.line, check.award, claimer, text)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("change", sorted(_AS_IT_WAS))
def test_law_70_the_search_s_work_leaves_awards_unchanged_on_random_claims_of_seven_to_ten_cards(
    change: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Larger claims, where the search reaches deeper buckets and the last one holds
    many positions: with partial expansion, or the bucket taken most promising first,
    against the search as it was, where both end within the budget, the same award,
    tricks as stated and Laws (70E1 apart); each line given is legal and makes the
    tricks it claims, and each range holds the other's award."""
    settings, base, fewest, most = _AS_IT_WAS[change]
    rng = random.Random(base + seed)
    for _ in range(3):
        position = random_position(rng, rng.randint(fewest, most))
        claimer = Seat(rng.randrange(4))
        statement = ClaimStatement.from_str(random_statement(rng, position, claimer))
        check = check_claim(position, claimer, statement)
        with monkeypatch.context() as patch:
            for name, value in settings.items():
                patch.setattr(checker, name, value)
            before = check_claim(position, claimer, statement)
        if check.determined and before.determined:
            assert (check.award, check.as_stated) == (before.award, before.as_stated)
            assert set(check.laws) - {"70E1"} == set(before.laws) - {"70E1"}
        assert check.least is not None
        assert before.least is not None
        assert max(check.least, before.least) <= min(check.worst, before.worst)
        _replays(position, check.line, check.worst, claimer, str(statement))
        _replays(position, before.line, before.worst, claimer, str(statement))


_Case = tuple[tuple[int, ...], int, tuple[int, ...], Suit | None, int, str, int, int]


@st.composite
def tricks_in_progress(draw: st.DrawFn) -> _Case:
    """A random ending with 0 to 3 legal cards of a trick played, trumps, a claimer's
    side, a statement, the seat whose partner is free (70D2) or -1, and a major penalty
    card still to be played (a card mask, 0 for none)."""
    cards = draw(st.integers(2, 6))
    pack = draw(st.permutations(range(52)))
    hands = [sum(1 << index for index in pack[13 * seat : 13 * seat + cards]) for seat in range(4)]
    leader = draw(st.integers(0, 3))
    trick: list[int] = []
    for offset in range(draw(st.integers(0, 3))):
        seat = (leader + offset) % 4
        legal = hands[seat] & (0x1FFF << 13 * (trick[0] // 13)) if trick else 0
        legal = legal or hands[seat]
        card = draw(st.sampled_from([index for index in range(52) if legal >> index & 1]))
        hands[seat] &= ~(1 << card)
        trick.append(card)
    trump = draw(st.sampled_from([None, *Suit]))
    side = draw(st.integers(0, 1))
    ours = hands[side] | hands[side + 2]
    held = [index for index in range(52) if ours >> index & 1]
    text = draw(
        st.sampled_from(
            ["all", "all: draw trumps", "all: ruff D", "all: S, H"]
            + ["all: finesse " + str(Card.from_index(index)) for index in held[:2]]
        )
    )
    free = draw(st.sampled_from([-1, side, side + 2]))
    # A major penalty card (Law 50D1), often of the hand that plays last: 0 none.
    last = [index for index in range(52) if hands[(leader + 3) % 4] >> index & 1]
    left = [
        index for index in range(52) if (hands[0] | hands[1] | hands[2] | hands[3]) >> index & 1
    ]
    penalty = draw(
        st.sampled_from([0, *(1 << index for index in last)])
        | st.sampled_from([0, *(1 << index for index in left)])
    )
    return tuple(hands), leader, tuple(trick), trump, side, text, free, penalty


# West led the S4, North followed, East ruffed with the HK (hearts trumps): South, void in
# spades with only the H5, cannot overruff, and discards; the defence wins the trick.
_OVERRUFFED: Final = (
    (1 << 13 | 1 << 14, 1 << 37 | 1 << 15 | 1 << 16, 1 << 29 | 1 << 12 | 1 << 25, 0b11),
    3,
    (41, 42),
    Suit.HEARTS,
    0,
    "all",
    -1,
    0,
)


@settings(max_examples=400, deadline=None)
@given(tricks_in_progress(), st.booleans(), st.booleans())
@example(_OVERRUFFED, True, False)
def test_the_tricks_lost_and_won_completed_apart_are_every_way_to_finish_the_trick(
    case: _Case, from_top: bool, aware: bool
) -> None:
    """Partial expansion loses no completion: those the claimer's side loses (``want``
    0) and wins (1), each a trick in progress cut where its winning side is settled
    (for the tricks it loses, also where a hand of the claimer's side surely takes it
    on the normal line, ``checker.TAKEN``), are together exactly the completions of the
    whole search of the trick, a penalty card held or not."""
    hands, leader, trick, trump, side, text, free, penalty = case
    steps = ClaimStatement.from_str(text).line
    # The search's own expansion of a trick, private: what partial expansion changes.
    kind = checker._Bound if penalty else checker._Search  # noqa: SLF001
    search = kind(trump, side, steps, False, from_top, aware, frozenset(), {}, 10**9, free, penalty)
    every: list[tuple[tuple[int, ...], tuple[int, ...], int, int, bool]] = []
    search._tricks(hands, leader, trick, 0, every)  # noqa: SLF001
    lost: list[tuple[tuple[int, ...], tuple[int, ...], int, int, bool]] = []
    won: list[tuple[tuple[int, ...], tuple[int, ...], int, int, bool]] = []
    search._tricks(hands, leader, trick, 0, lost, 0)  # noqa: SLF001
    search._tricks(hands, leader, trick, 0, won, 1)  # noqa: SLF001
    assert not any(completion[4] for completion in lost)
    assert all(completion[4] for completion in won)
    assert sorted(lost + won) == sorted(every)


def _ends_in_its_budget_only_with(
    monkeypatch: pytest.MonkeyPatch,
    shortcut: str,
    position: Position,
    claimer: Seat,
    text: str,
    budget: int,
    spare: int,
) -> None:
    """The check of ``claimer``'s claim ``text`` ends within ``budget`` with the search's
    ``shortcut`` (a switch of ``checker``) and runs out there without it; without it and
    with a ``spare`` budget, it gives the same award, tricks as stated and Laws, and the
    line given makes the award, card by card."""
    statement = ClaimStatement.from_str(text)
    check = check_claim(position, claimer, statement, budget=budget)
    assert check.determined
    monkeypatch.setattr(checker, shortcut, False)
    assert not check_claim(position, claimer, statement, budget=budget).determined
    before = check_claim(position, claimer, statement, budget=spare)
    assert before.determined
    assert (check.award, check.as_stated, check.laws) == (
        before.award,
        before.as_stated,
        before.laws,
    )
    _replays(position, check.line, check.award, claimer, text)


def test_law_70_a_check_the_search_as_it_was_leaves_undetermined_is_determined_in_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An 8-card concession (``random_claims(8, 12, 8)[5]`` of the benchmark): completed
    in two parts, the search tries fewer cards and the check ends within 50,000; the
    search as it was runs out there. Both give the same award with a budget to spare."""
    position = Position.from_str(
        "N:.954.32.AT2 .72.K8.K973 AJ96.QJT..6 T74.A6.9.84", Suit.DIAMONDS, Seat.EAST
    )
    _ends_in_its_budget_only_with(
        monkeypatch, "PARTIAL", position, Seat.NORTH, "concede 1", 50_000, 200_000
    )


def test_law_70_a_trick_the_claimer_s_side_surely_takes_is_not_completed_with_those_it_loses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 7-card concession at no trump: completing only the tricks the defence wins, the
    search leaves uncompleted a trick that a hand of the claimer's side still to play
    surely takes on the normal line (``checker.TAKEN``, the hand beats the card winning
    the trick when it can, 70), so it tries fewer cards and the check ends within
    36,000; completing those tricks too, it runs out there. Both give the same award,
    tricks as stated and Laws with a budget to spare."""
    position = Position.from_str(
        "N:2.T76.K4.J7 J9.Q8.6.A96 Q64.95..QT3 5.4.A83.K82", None, Seat.NORTH
    )
    _ends_in_its_budget_only_with(
        monkeypatch, "TAKEN", position, Seat.EAST, "concede 1", 36_000, 200_000
    )


def test_law_70_tricks_won_without_a_trump_left_for_later_let_a_check_end_in_its_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 9-card claim of 8 in spades: where the claimer's side's trump tricks put the
    position after a trick it wins with no trump of its own beyond the bucket being
    taken, the search leaves those tricks for later (``checker.KEPT``: no trump is played
    to them, so the trump tricks stay), tries fewer cards and the check ends within
    60,000; completing them with the rest, it runs out there. Both give the same award,
    tricks as stated and Laws with a budget to spare."""
    position = Position.from_str(
        "N:9.T7.AQ.Q954 54.J3.KT962. AT.542.75.87 QJ32.Q.J.KJ2", Suit.SPADES, Seat.WEST
    )
    _ends_in_its_budget_only_with(monkeypatch, "KEPT", position, Seat.EAST, "8", 60_000, 400_000)


def test_law_70_lines_through_positions_taken_along_the_way_find_an_undetermined_award(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 12-card claim of 2 in clubs, out of its budget of 200,000: besides the lines
    through the deepest position and the one being taken when the budget runs out, the
    check completes lines through positions taken along the way (``checker.SAMPLE_EVERY``,
    ``checker.SAMPLES``); one makes the 3 tricks every normal line was shown to make, so
    the award is found (the line as stated still undetermined). Without them the award
    is only a range, 3 to 4: the search is the same, the line kept is not (nor is one
    trick more asked past the budget, ``checker.ONE_MORE``, which finds the award too)."""
    position = Position.from_str(
        "N:Q.AK863.KT4.AJ3 T763..763.KQ872 J8.Q97.AQJ52.64 A542.T54.98.T95",
        Suit.CLUBS,
        Seat.EAST,
    )
    statement = ClaimStatement.from_str("2")
    check = check_claim(position, Seat.WEST, statement, budget=200_000)
    assert not check.determined
    assert (check.least, check.worst) == (3, 3)
    monkeypatch.setattr(checker, "SAMPLE_EVERY", 0)
    monkeypatch.setattr(checker, "ONE_MORE", 0)
    before = check_claim(position, Seat.WEST, statement, budget=200_000)
    assert (before.least, before.worst) == (3, 4)
    _replays(position, check.line, check.worst, Seat.WEST, "2")


def test_law_70_an_undetermined_check_gives_a_normal_line_making_its_worst() -> None:
    """Out of budget, the line given is the beam's or one through the deepest position
    the search reached, whichever makes fewer: legal card by card, making ``worst``,
    never below what every normal line was shown to make (the 13-card claim
    ``random_claims(13, 30, 13)[12]`` of the benchmark)."""
    position = Position.from_str(
        "N:7.AQ87654.J85.J7 AK43.J.AK96.AQT4 Q952.T932.73.K62 JT86.K.QT42.9853",
        None,
        Seat.SOUTH,
    )
    for budget in (0, 20_000, 100_000):
        check = check_claim(position, Seat.EAST, ClaimStatement.from_str("9"), budget=budget)
        assert not check.determined
        assert check.least is not None
        assert check.least <= check.worst
        _replays(position, check.line, check.worst, Seat.EAST, "9")


def test_a_search_out_of_budget_with_a_trick_in_progress_completes_its_line_from_there() -> None:
    position = Position.from_str(
        "N:7.AQ87654.J85.J7 AK43.J.AK96.AQT4 Q952.T932.73.K6 JT86.K.QT42.9853",
        None,
        Seat.SOUTH,
        trick=("C2",),
    )
    check = check_claim(position, Seat.EAST, ClaimStatement.from_str("9"), budget=30_000)
    assert not check.determined
    assert check.line[0][0] is Seat.WEST
    _replays(position, check.line, check.worst, Seat.EAST, "9")


def test_law_70_the_order_within_a_bucket_finds_a_line_making_the_fewest_in_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 13-card claim (``random_claims(13, 30, 13)[25]`` of the benchmark) whose fewest,
    1, every normal line is shown to make within a budget of 200,000 cards: taken most
    promising first, the last bucket gives a line making 1; as the search was (last
    queued first, the beam's line first), it runs out with a line making 2. Both bound
    the award the same way. (At 300,000, where this was first measured, the floor's
    ``one_sure_trick`` now lets the search as it was find the line too.)"""
    position = Position.from_str(
        "N:AK6.Q8.KQ8632.AJ JT9.AK954.A9.K97 Q875.T3.4.QT6542 432.J762.JT75.83",
        Suit.HEARTS,
        Seat.EAST,
    )
    statement = ClaimStatement.from_str("1")
    check = check_claim(position, Seat.SOUTH, statement, budget=200_000)
    assert (check.least, check.worst) == (1, 1)
    _replays(position, check.line, check.worst, Seat.SOUTH, "1")
    monkeypatch.setattr(checker, "ORDER", False)
    monkeypatch.setattr(checker, "BEAM_FIRST", True)
    before = check_claim(position, Seat.SOUTH, statement, budget=200_000)
    assert not before.determined
    assert before.least == 1
    assert before.worst > 1


@pytest.mark.parametrize(
    ("hands", "trump", "leader", "claimer", "text", "before", "award"),
    [
        # The answer no: a line making only the 2 every normal line was shown to make.
        ("N:AQ6..Q7.982 7.AK832.K.3 .96.862.K64 JT432.5..T7", Suit.DIAMONDS, Seat.EAST,
         Seat.NORTH, "5", (2, 3), 2),
        # The answer yes: every normal line makes 4, the line found's tricks.
        ("N:.5.JT.KT842 AKJ.3.A9.63 7.Q.Q42.Q97 Q9.AT8.6.J5", Suit.CLUBS, Seat.NORTH,
         Seat.NORTH, "all: D, H, S", (3, 4), 4),
    ],
)  # fmt: skip
def test_law_70_one_trick_more_asked_depth_first_finds_an_undetermined_award(
    hands: str,
    trump: Suit,
    leader: Seat,
    claimer: Seat,
    text: str,
    before: tuple[int, int],
    award: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """8-card claims out of a budget of 3,000: past it, the check asks depth first
    whether every normal line makes one trick more than the fewest the search proved
    (``checker.ONE_MORE``). A no comes with a line making only the fewest, a yes proves
    one trick more: either way the award is found, the one a check with the usual
    budget gives (the line as stated still undetermined). Without the question the
    award is only a range."""
    position = Position.from_str(hands, trump, leader)
    statement = ClaimStatement.from_str(text)
    check = check_claim(position, claimer, statement, budget=3_000)
    assert not check.determined
    assert (check.least, check.worst) == (award, award)
    _replays(position, check.line, award, claimer, text)
    assert check_claim(position, claimer, statement).award == award
    monkeypatch.setattr(checker, "ONE_MORE", 0)
    without = check_claim(position, claimer, statement, budget=3_000)
    assert (without.least, without.worst) == before


def test_law_70_one_trick_more_asked_depth_first_never_errs_on_random_claims(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Random 7-10-card claims out of a budget of 3,000, with and without the question
    past it (``checker.ONE_MORE``): with it the range is never wider and holds the award
    of a check with the usual budget (every one determined), and its line is legal and
    makes its worst; and it finds awards the range left open (seeded: 5 of the 6
    ranges, and narrows the sixth)."""
    rng = random.Random(7)
    ranges = found = 0
    for _ in range(24):
        position = random_position(rng, rng.randint(7, 10))
        claimer = Seat(rng.randrange(4))
        text = random_statement(rng, position, claimer)
        statement = ClaimStatement.from_str(text)
        check = check_claim(position, claimer, statement, budget=3_000)
        usual = check_claim(position, claimer, statement)
        with monkeypatch.context() as patch:
            patch.setattr(checker, "ONE_MORE", 0)
            without = check_claim(position, claimer, statement, budget=3_000)
        assert usual.determined, text
        assert check.least is not None, text
        assert without.least is not None, text
        assert without.least <= check.least <= usual.award <= check.worst <= without.worst, text
        _replays(position, check.line, check.worst, claimer, text)
        if without.least < without.worst:
            ranges += 1
            found += check.least == check.worst
    assert found >= 4
    assert ranges > found
