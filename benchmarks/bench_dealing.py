"""Dealing and hand-record speed (issue 6), each beside the anchor the issue names.

- Deals per second: Árbitro's cryptographic dealer (HMAC-SHA256, rejection sampling,
  ``Deal.from_number``, our ``Deal`` values) against ``endplay.dealer.generate_deals``
  (numpy's Mersenne Twister shuffle, endplay's ``Deal``). Goal: at least 2x.
- Hand-record analysis of 100 boards: ``arbitro.analysis.solver.analyse`` (tables and
  par, our types) against calling endplay's ``calc_all_tables`` directly in batches of
  40 on deals already converted. DDS runs each batch on all cores. Goal: at least 0.95x.
"""

from __future__ import annotations

from endplay.dds import calc_all_tables
from endplay.dealer import generate_deals
from endplay.types import Deal as EndplayDeal

from arbitro.analysis.solver import BATCH_SIZE, analyse
from arbitro.dealing import Dealer, Seed
from benchmarks.harness import Measurement, best_time

DEALS = 20_000
BOARDS = 100


def run() -> list[Measurement]:
    dealer = Dealer(Seed.from_hex("be0c" * 16), "benchmark")

    def ours_deal() -> None:
        for board in range(1, DEALS + 1):
            dealer.deal(board)

    def endplay_deal() -> None:
        for _ in generate_deals(produce=DEALS, seed=1):
            pass

    ours_rate = DEALS / best_time(ours_deal, repeat=3)
    anchor_rate = DEALS / best_time(endplay_deal, repeat=3)

    board_set = Dealer(Seed.from_hex("5eed" * 16), "benchmark").board_set(range(1, BOARDS + 1))
    converted = [EndplayDeal(dealt.deal.to_str()) for dealt in board_set]

    def ours_analyse() -> None:
        analyse(board_set)

    def endplay_tables() -> None:
        for start in range(0, len(converted), BATCH_SIZE):
            calc_all_tables(converted[start : start + BATCH_SIZE])

    # Warm DDS up once, then alternate the two (and which goes first) so that a busy
    # moment of the machine does not fall on one side only; keep the best of each.
    calc_all_tables(converted[:4])
    anchor_time = ours_time = float("inf")
    for round_ in range(4):
        if round_ % 2:
            ours_time = min(ours_time, best_time(ours_analyse, repeat=1))
            anchor_time = min(anchor_time, best_time(endplay_tables, repeat=1))
        else:
            anchor_time = min(anchor_time, best_time(endplay_tables, repeat=1))
            ours_time = min(ours_time, best_time(ours_analyse, repeat=1))
    return [
        Measurement(
            "deals dealt (crypto dealer)",
            "/s",
            ours_rate,
            anchor_rate,
            "endplay.dealer.generate_deals",
        ),
        Measurement(
            f"hand record, {BOARDS} boards (DD + par)",
            "b/s",
            BOARDS / ours_time,
            BOARDS / anchor_time,
            "endplay calc_all_tables (tables only)",
        ),
    ]
