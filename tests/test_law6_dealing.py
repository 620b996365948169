"""Law 6: the computer dealer (6E4), deal numbers, commitments, duplicated sets (6F).

The statistical tests use fixed seeds, so they are deterministic; each also shows that
the same test rejects a badly shuffled pack, so it could fail.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core import (
    DEAL_COUNT,
    Board,
    Card,
    Deal,
    Hand,
    InvalidBoardRangeError,
    InvalidDealNumberError,
    InvalidSeedError,
    PBNSyntaxError,
    Seat,
    Vulnerability,
)
from arbitro.dealing import (
    BoardSet,
    Dealer,
    Seed,
    commitment,
    duplicate,
    format_board_numbers,
    parse_board_numbers,
    verify,
)
from arbitro.dealing.pbn import board_set_from_games, dumps, games_from_board_set, loads
from arbitro.i18n import use_language

SEED = Seed.from_hex("5eed" * 16)
OTHER_SEED = Seed.from_hex("5eee" * 16)
CARD_ORDER = list(range(51, -1, -1))  # the numbering's card order: ♠A first, ♣2 last


def word(deal: Deal) -> tuple[int, ...]:
    """The deal as the seat of each card in the numbering's card order."""
    return tuple(int(deal.holder(Card.from_index(index))) for index in CARD_ORDER)


def deal_from_permutation(order: list[int]) -> Deal:
    hands = [
        Hand.from_cards(Card.from_index(i) for i in order[13 * n : 13 * n + 13]) for n in range(4)
    ]
    return Deal((hands[0], hands[1], hands[2], hands[3]))


# --- deal numbers: a bijection with 0 .. DEAL_COUNT - 1 --------------------------------


def test_law6e4_the_number_of_deals_is_52_factorial_over_13_factorial_to_the_fourth() -> None:
    assert DEAL_COUNT == 53_644_737_765_488_792_839_237_440_000
    assert math.comb(52, 13) * math.comb(39, 13) * math.comb(26, 13) == DEAL_COUNT


def test_law6e4_deal_zero_gives_each_seat_one_suit_in_seat_order() -> None:
    assert Deal.from_number(0) == Deal.from_str(
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    )
    assert Deal.from_number(0).number() == 0


def test_law6e4_the_last_deal_number_is_the_reverse_of_deal_zero() -> None:
    last = Deal.from_str("N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432...")
    assert Deal.from_number(DEAL_COUNT - 1) == last
    assert last.number() == DEAL_COUNT - 1


@pytest.mark.parametrize(
    "number", [0, 1, 2, 12_345, DEAL_COUNT // 2, DEAL_COUNT - 2, DEAL_COUNT - 1]
)
def test_law6e4_ranking_undoes_unranking_at_edge_numbers(number: int) -> None:
    assert Deal.from_number(number).number() == number


@given(st.integers(min_value=0, max_value=DEAL_COUNT - 1))
def test_law6e4_ranking_undoes_unranking(number: int) -> None:
    deal = Deal.from_number(number)
    assert all(len(hand) == 13 for hand in deal)
    assert deal.number() == number


@given(st.permutations(list(range(52))).map(deal_from_permutation))
def test_law6e4_unranking_undoes_ranking(deal: Deal) -> None:
    assert Deal.from_number(deal.number()) == deal


@given(st.integers(min_value=0, max_value=DEAL_COUNT - 2))
def test_law6e4_numbers_follow_the_dictionary_order_of_the_seat_words(number: int) -> None:
    # With the bijection, strictly increasing words make the number the word's rank.
    assert word(Deal.from_number(number)) < word(Deal.from_number(number + 1))


def test_law6e4_the_first_numbers_move_the_last_cards() -> None:
    # Deal 1 is the next word after deal 0: ♦2 (South) and ♣A (West) change places.
    assert Deal.from_number(1) == Deal.from_str(
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT9876543.A ..2.KQJT98765432"
    )


@pytest.mark.parametrize("number", [-1, DEAL_COUNT, DEAL_COUNT + 7, True, 1.0, "5"])
def test_law6e4_a_number_out_of_range_is_refused_with_the_range(number: object) -> None:
    with pytest.raises(InvalidDealNumberError) as raised, use_language("en"):
        Deal.from_number(number)  # type: ignore[arg-type]
    with use_language("en"):
        assert f"expected a whole number from 0 to {DEAL_COUNT - 1}" in str(raised.value)


# --- the secure dealer -----------------------------------------------------------------


def test_law6e4_the_dealer_follows_its_published_hmac_construction() -> None:
    """The construction of the docs, rebuilt here with hmac and hashlib alone."""
    event = "Campeonato de España"
    name = event.encode("utf-8")
    for board in (1, 2, 17, 32):
        attempt = 0
        while True:
            message = (
                b"arbitro-deal-v1\x00"
                + len(name).to_bytes(4, "big")
                + name
                + board.to_bytes(4, "big")
                + attempt.to_bytes(4, "big")
            )
            digest = hmac.new(SEED.value, message, hashlib.sha256).digest()
            number = int.from_bytes(digest[:12], "big")
            if number < DEAL_COUNT:
                break
            attempt += 1
        assert Dealer(SEED, event).deal_number(board) == number
        assert Dealer(SEED, event).deal(board) == Deal.from_number(number)


def test_law6e4_rejection_sampling_retries_numbers_beyond_the_last_deal() -> None:
    """Some boards need a second attempt: their first 96 bits are at or past DEAL_COUNT."""
    dealer = Dealer(SEED, "retry")
    retried = 0
    for board in range(1, 200):
        mac = hmac.new(
            SEED.value,
            b"arbitro-deal-v1\x00"
            + (5).to_bytes(4, "big")
            + b"retry"
            + board.to_bytes(4, "big")
            + bytes(4),
            hashlib.sha256,
        )
        first = int.from_bytes(mac.digest()[:12], "big")
        if first >= DEAL_COUNT:
            retried += 1
            assert dealer.deal_number(board) != first
        assert dealer.deal_number(board) < DEAL_COUNT
    # 1 - DEAL_COUNT / 2**96 of the first attempts are rejected: about a third.
    assert 40 <= retried <= 90


def test_law6e4_the_same_seed_gives_the_same_set() -> None:
    first = Dealer(SEED, "Club pairs").board_set(range(1, 33))
    again = Dealer(Seed.from_hex(SEED.hex()), "Club pairs").board_set(range(1, 33))
    assert first == again


def test_law6e4_a_different_seed_gives_a_different_set() -> None:
    first = Dealer(SEED, "Club pairs").board_set(range(1, 33))
    other = Dealer(OTHER_SEED, "Club pairs").board_set(range(1, 33))
    assert all(a.deal != b.deal for a, b in zip(first, other, strict=True))


def test_law6d2_another_event_with_the_same_seed_gets_other_deals() -> None:
    first = Dealer(SEED, "Monday").board_set(range(1, 17))
    other = Dealer(SEED, "Tuesday").board_set(range(1, 17))
    assert all(a.deal != b.deal for a, b in zip(first, other, strict=True))


def test_law6e4_the_boards_of_a_set_are_all_different() -> None:
    board_set = Dealer(SEED, "Club pairs").board_set(range(1, 101))
    assert len({dealt.deal for dealt in board_set}) == 100


def test_law2_each_dealt_board_has_its_dealer_and_vulnerability() -> None:
    board_set = Dealer(SEED, "").board_set(range(1, 17))
    assert [dealt.board.dealer for dealt in board_set] == [Seat(n % 4) for n in range(16)]
    assert board_set[6].board.vulnerability == Vulnerability.ALL  # board 7
    assert board_set[10].board.vulnerability == Vulnerability.NONE  # board 11


def test_law6e4_a_fresh_seed_comes_from_the_system_and_is_256_bits() -> None:
    seeds = {Seed.new() for _ in range(20)}
    assert len(seeds) == 20
    assert all(len(seed.value) == 32 for seed in seeds)


@pytest.mark.parametrize(
    ("text", "reason"),
    [("xyz", "hexadecimal digits"), ("abc", "hexadecimal digits"), ("00" * 15, "at least 32")],
)
def test_law6e4_a_bad_or_short_seed_is_refused(text: str, reason: str) -> None:
    with pytest.raises(InvalidSeedError) as raised, use_language("en"):
        Seed.from_hex(text)
    with use_language("en"):
        assert reason in str(raised.value)
        assert text in str(raised.value)


# --- commitment and verification -------------------------------------------------------


def test_law6e4_the_commitment_is_the_sha256_of_the_published_text() -> None:
    text = f"arbitro-deal-commitment-v1\nevent=Club pairs\nboards=1-32\nseed={'5eed' * 16}\n"
    expected = hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert commitment(SEED, "Club pairs", range(1, 33)) == expected


def test_law6e4_the_commitment_changes_with_seed_event_and_boards() -> None:
    base = commitment(SEED, "Club pairs", range(1, 33))
    assert commitment(OTHER_SEED, "Club pairs", range(1, 33)) != base
    assert commitment(SEED, "Club pairs ", range(1, 33)) != base
    assert commitment(SEED, "Club pairs", range(1, 32)) != base


def test_law6e4_verification_accepts_the_committed_set() -> None:
    board_set = Dealer(SEED, "Club pairs").board_set(range(1, 33))
    assert verify(board_set, SEED, commitment(SEED, "Club pairs", range(1, 33))) == []


def _swap_two_cards(deal: Deal) -> Deal:
    north, east, south, west = deal.hands
    north_card, east_card = next(iter(north)), next(iter(east))
    north = north.remove(north_card).add(east_card)
    east = east.remove(east_card).add(north_card)
    return Deal((north, east, south, west))


def test_law6e4_verification_fails_on_a_changed_board() -> None:
    board_set = Dealer(SEED, "Club pairs").board_set(range(1, 9))
    boards = list(board_set.boards)
    boards[4] = replace(boards[4], deal=_swap_two_cards(boards[4].deal))
    problems = verify(
        BoardSet("Club pairs", tuple(boards)), SEED, commitment(SEED, "Club pairs", range(1, 9))
    )
    with use_language("en"):
        assert [str(problem) for problem in problems] == [
            "board 5: the deal is not the one the seed gives"
        ]


def test_law6e4_verification_fails_with_another_seed_or_commitment() -> None:
    board_set = Dealer(SEED, "Club pairs").board_set(range(1, 5))
    published = commitment(SEED, "Club pairs", range(1, 5))
    wrong_seed = verify(board_set, OTHER_SEED, published)
    assert len(wrong_seed) == 5  # the commitment and all four boards
    wrong_commitment = verify(board_set, SEED, "0" * 64)
    with use_language("en"):
        assert len(wrong_commitment) == 1
        assert "is not that of this seed, the event 'Club pairs' and boards 1-4" in str(
            wrong_commitment[0]
        )


def test_law6e4_verification_fails_when_the_board_markings_are_changed() -> None:
    board_set = Dealer(SEED, "Club pairs").board_set([1])
    marked = replace(board_set[0], board=Board(1, vulnerability=Vulnerability.ALL))
    problems = verify(BoardSet("Club pairs", (marked,)), SEED, commitment(SEED, "Club pairs", [1]))
    with use_language("en"):
        assert [str(problem) for problem in problems] == [
            "board 1: the dealer or vulnerability is not that of Law 2"
        ]


# --- duplicated sets (6F) --------------------------------------------------------------


def test_law6f_duplicated_sets_hold_the_same_deals_in_every_section() -> None:
    board_set = Dealer(SEED, "Club pairs").board_set(range(1, 5))
    copies = duplicate(board_set, ["A", "B", "C"])
    assert len(copies) == 12
    for section in "ABC":
        in_section = [dealt for dealt in copies if dealt.section == section]
        assert [dealt.deal for dealt in in_section] == [dealt.deal for dealt in board_set]
    assert copies.numbers() == (1, 2, 3, 4)
    assert verify(copies, SEED, commitment(SEED, "Club pairs", range(1, 5))) == []


# --- board numbers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("1-32", tuple(range(1, 33))),
        ("7", (7,)),
        ("1-2, 9 -10", (1, 2, 9, 10)),
        ("33-48,1-16", tuple(range(33, 49)) + tuple(range(1, 17))),
    ],
)
def test_law2_board_numbers_read_as_ranges(text: str, numbers: tuple[int, ...]) -> None:
    assert parse_board_numbers(text) == numbers


@given(st.lists(st.integers(1, 500), min_size=1, max_size=40, unique=True))
def test_law2_board_numbers_written_as_ranges_read_back(numbers: list[int]) -> None:
    assert parse_board_numbers(format_board_numbers(numbers)) == tuple(numbers)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("0-3", "from 1 up"),
        ("a", "from 1 up"),
        ("5-2", "goes down"),
        ("1-3,2", "board 2 is given twice"),
        ("1-20000", "at most"),
    ],
)
def test_law2_bad_board_numbers_are_refused(text: str, reason: str) -> None:
    with pytest.raises(InvalidBoardRangeError) as raised, use_language("en"):
        parse_board_numbers(text)
    with use_language("en"):
        assert reason in str(raised.value)


# --- PBN -------------------------------------------------------------------------------


def test_law6e4_a_dealt_set_survives_pbn() -> None:
    board_set = duplicate(Dealer(SEED, 'Copa "Árbitro"').board_set(range(1, 9)), ["A", "B"])
    read = board_set_from_games(loads(dumps(games_from_board_set(board_set))), "set.pbn")
    assert read == board_set
    assert read.event == 'Copa "Árbitro"'


def test_law6e4_pbn_export_starts_each_deal_with_the_dealer() -> None:
    games = games_from_board_set(Dealer(SEED, "x").board_set(range(1, 5)))
    assert [game["Deal"][0] for game in games] == ["N", "E", "S", "W"]
    text = dumps(games)
    assert text.startswith('% PBN 2.1\n% EXPORT\n[Event "x"]\n[Site "?"]\n[Date "?"]\n[Board "1"]')


def test_pbn_errors_name_the_file_and_line() -> None:
    text = '[Event "x"]\n[Board "1"]\n[Deal "N:AKQ.. ... ... ..."]\n'
    with pytest.raises(PBNSyntaxError) as raised:
        board_set_from_games(loads(text, "set.pbn"), "set.pbn")
    with use_language("en"):
        assert str(raised.value).startswith(
            'set.pbn, line 3: [Deal "N:AKQ.. ... ... ..."]: invalid deal'
        )


def test_pbn_reader_skips_comments_and_takes_hash_values() -> None:
    text = (
        "% a comment line\n"
        '[Event "##Spring"] { a\nlong comment }\n'
        '[Board "1"] ; rest of line\n'
        '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
        "\n"
        '[Board "2"]\n'
        '[Deal "#"]\n'
    )
    games = loads(text, "x.pbn")
    assert [game["Event"] for game in games] == ["Spring", "Spring"]
    assert games[1]["Deal"] == games[0]["Deal"]
    assert games[1].line == 7


# --- statistics: a fair dealer, and tests that would catch an unfair one ----------------


def chi_square_critical(degrees: int, z: float = 3.719) -> float:
    """The chi-square value exceeded with probability about 1e-4 (Wilson-Hilferty)."""
    k = float(degrees)
    return k * (1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3


def chi_square(observed: dict[object, int], expected: dict[object, float]) -> float:
    return sum((observed.get(key, 0) - value) ** 2 / value for key, value in expected.items())


def pattern_probabilities() -> dict[tuple[int, ...], float]:
    """Exact probability of each hand pattern: the ways to hold those suit lengths."""
    total = math.comb(52, 13)
    result: dict[tuple[int, ...], float] = {}
    for a in range(14):
        for b in range(14 - a):
            for c in range(14 - a - b):
                d = 13 - a - b - c
                ways = math.comb(13, a) * math.comb(13, b) * math.comb(13, c) * math.comb(13, d)
                key = tuple(sorted((a, b, c, d), reverse=True))
                result[key] = result.get(key, 0.0) + ways / total
    return result


def hcp_probabilities() -> dict[int, float]:
    """Exact probability of each HCP count: 13 cards from 36 spot cards and 16 honours."""
    points = [4, 3, 2, 1] * 4 + [0] * 36
    ways = [[0] * 38 for _ in range(14)]  # ways[cards][hcp]
    ways[0][0] = 1
    for value in points:
        for cards in range(13, 0, -1):
            for hcp in range(37, value - 1, -1):
                ways[cards][hcp] += ways[cards - 1][hcp - value]
    total = math.comb(52, 13)
    return {hcp: ways[13][hcp] / total for hcp in range(38) if ways[13][hcp]}


def group_tails(probabilities: Mapping[Any, float], count: int) -> dict[object, float]:
    """Expected counts, with the rare outcomes merged into one 'other' cell (each >= 10)."""
    expected: dict[object, float] = {}
    other = 0.0
    for key, probability in probabilities.items():
        if probability * count >= 10:
            expected[key] = probability * count
        else:
            other += probability * count
    expected["other"] = other
    return expected


def seeded_deals(count: int) -> list[Deal]:
    dealer = Dealer(Seed.from_hex("0123456789abcdef" * 4), "statistics")
    return [dealer.deal(board) for board in range(1, count + 1)]


def badly_shuffled_deals(count: int) -> list[Deal]:
    """A new pack given one riffle shuffle and dealt round the table: too little shuffling."""
    generator = random.Random(6)
    deals = []
    for _ in range(count):
        pack = list(range(52))
        cut = generator.randint(20, 32)
        left, right = pack[:cut], pack[cut:]
        riffled: list[int] = []
        while left or right:
            if left and (not right or generator.random() < len(left) / (len(left) + len(right))):
                riffled.append(left.pop(0))
            else:
                riffled.append(right.pop(0))
        pack = riffled
        hands = [Hand.from_cards(Card.from_index(i) for i in pack[seat::4]) for seat in range(4)]
        deals.append(Deal((hands[0], hands[1], hands[2], hands[3])))
    return deals


def patterns_statistic(deals: list[Deal]) -> tuple[float, int]:
    probabilities = pattern_probabilities()
    expected = group_tails(probabilities, 4 * len(deals))
    observed: Counter[object] = Counter()
    for deal in deals:
        for hand in deal:
            key = tuple(sorted((hand.length(suit) for suit in range(4)), reverse=True))  # type: ignore[arg-type]
            observed[key if key in expected else "other"] += 1
    return chi_square(dict(observed), expected), len(expected) - 1


def hcp_statistic(deals: list[Deal]) -> tuple[float, int]:
    from arbitro.analysis.stats import hcp

    expected = group_tails(hcp_probabilities(), 4 * len(deals))
    observed: Counter[object] = Counter()
    for deal in deals:
        for hand in deal:
            points = hcp(hand)
            observed[points if points in expected else "other"] += 1
    return chi_square(dict(observed), expected), len(expected) - 1


def positions_statistic(deals: list[Deal]) -> tuple[float, int]:
    observed: Counter[object] = Counter()
    for deal in deals:
        for seat, hand in enumerate(deal):
            for card in hand:
                observed[card.index, seat] += 1
    expected: dict[object, float] = {
        (index, seat): len(deals) / 4 for index in range(52) for seat in range(4)
    }
    return chi_square(dict(observed), expected), 52 * 3


def test_law6e4_the_exact_pattern_probabilities_are_the_published_ones() -> None:
    probabilities = pattern_probabilities()
    assert round(100 * probabilities[4, 4, 3, 2], 2) == 21.55
    assert round(100 * probabilities[5, 3, 3, 2], 2) == 15.52
    assert round(100 * probabilities[4, 3, 3, 3], 2) == 10.54
    assert math.isclose(sum(probabilities.values()), 1.0)
    assert math.isclose(sum(hcp_probabilities().values()), 1.0)


DEALS = 12_000
Statistic = Callable[[list[Deal]], tuple[float, int]]


@pytest.mark.parametrize(
    "statistic",
    [patterns_statistic, hcp_statistic, positions_statistic],
    ids=["patterns", "hcp", "card-positions"],
)
def test_law6e4_the_dealer_passes_chi_square(statistic: Statistic) -> None:
    value, degrees = statistic(seeded_deals(DEALS))
    assert value < chi_square_critical(degrees)


@pytest.mark.parametrize(
    "statistic",
    [patterns_statistic, hcp_statistic, positions_statistic],
    ids=["patterns", "hcp", "card-positions"],
)
def test_law6e4_the_same_chi_square_rejects_a_badly_shuffled_pack(statistic: Statistic) -> None:
    value, degrees = statistic(badly_shuffled_deals(DEALS))
    assert value > chi_square_critical(degrees)


def test_law6e4_pattern_frequencies_are_near_the_exact_ones() -> None:
    deals = seeded_deals(DEALS)
    counts = Counter(
        tuple(sorted((hand.length(suit) for suit in range(4)), reverse=True))  # type: ignore[arg-type]
        for deal in deals
        for hand in deal
    )
    hands = 4 * DEALS
    for pattern, published in (((4, 4, 3, 2), 0.2155), ((5, 3, 3, 2), 0.1552)):
        # within 4 standard deviations of the binomial count
        assert abs(counts[pattern] - published * hands) < 4 * math.sqrt(
            hands * published * (1 - published)
        )
