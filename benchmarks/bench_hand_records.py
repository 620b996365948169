"""The hand-record page of a 28-board set, before and after its analysis is kept (issue 26).

- The page once the background analysis is kept (what every visit costs now) against
  the page as it was on a first visit: the double-dummy analysis made on the request
  (``solver.analyse`` of the 28 deals) plus the same page. Goal: under a second.
- The page while the analysis is still running (it says how far it has got).
- The background analysis itself, 28 boards solved and kept in the store
  (``Store.analyse_event``), against endplay's ``calc_all_tables`` on the same
  deals already converted. Goal: at least 0.95x.
"""

from __future__ import annotations

import tempfile
from functools import partial
from pathlib import Path

from endplay.dds import calc_all_tables
from endplay.types import Deal as EndplayDeal
from fastapi.testclient import TestClient

from arbitro.analysis.solver import BATCH_SIZE, analyse
from arbitro.dealing import Dealer, Seed
from arbitro.store import open_store
from arbitro.tournament.event import EventSpec, Participant
from arbitro.web import create_app
from benchmarks.harness import Measurement, best_time

BOARDS = 28


def run() -> list[Measurement]:
    board_set = Dealer(Seed.from_hex("4a4d" * 16), "hand records").board_set(range(1, BOARDS + 1))
    deals = {dealt.board.number: dealt.deal for dealt in board_set}
    converted = [EndplayDeal(deal.to_str()) for deal in deals.values()]
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(str(Path(folder) / "bench.sqlite3"))

        def published_event() -> int:
            event = store.create_event(
                EventSpec("Bench", boards=BOARDS), [Participant("1"), Participant("2")]
            )
            store.keep_deals(event, deals)
            store.publish(event)
            return event

        # Nothing resumed after the first answer: that would analyse the timed events
        # in the background before their timed run (the page's visit starts its own).
        with TestClient(create_app(store, secret="b" * 64, resume=False)) as client:
            # The event whose page is read, then one event a timed run of the analysis,
            # each with nothing analysed yet.
            shown = published_event()
            events = [published_event() for _ in range(4)]

            def page() -> None:
                answer = client.get(f"/results/{shown}/hands?lang=es")
                assert answer.status_code == 200

            # While the analysis runs: the page's first visit starts it and says so.
            running_page = best_time(page, repeat=3)
            store.analyse_event(shown)  # waits for the background run to end

            calc_all_tables(converted[:4])  # warm DDS up

            def analyse_then_page() -> None:
                # The page as it was: the analysis made on the request, then the page.
                analyse(board_set)
                page()

            def endplay_tables() -> None:
                for start in range(0, len(converted), BATCH_SIZE):
                    calc_all_tables(converted[start : start + BATCH_SIZE])

            ours = anchor = float("inf")
            for round_, event in enumerate(events):
                assert not store.stored_analyses(event), "analysed before its timed run"
                if round_ % 2:
                    ours = min(ours, best_time(partial(store.analyse_event, event), repeat=1))
                    anchor = min(anchor, best_time(endplay_tables, repeat=1))
                else:
                    anchor = min(anchor, best_time(endplay_tables, repeat=1))
                    ours = min(ours, best_time(partial(store.analyse_event, event), repeat=1))
            stored_page = best_time(page, repeat=5)
            before_page = best_time(analyse_then_page, repeat=2)
        store.close()
    return [
        Measurement(
            f"hand-record page, {BOARDS} boards, kept",
            "s",
            stored_page,
            before_page,
            "page with DD on the request",
            higher_is_better=False,
        ),
        Measurement(
            f"hand-record page, {BOARDS} boards, running",
            "s",
            running_page,
            before_page,
            "page with DD on the request",
            higher_is_better=False,
        ),
        Measurement(
            f"background analysis, {BOARDS} boards kept",
            "b/s",
            BOARDS / ours,
            BOARDS / anchor,
            "endplay calc_all_tables (tables only)",
        ),
    ]
