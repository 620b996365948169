"""The tables' phones at the end of the night: the way to the event's results.

When a table's last round is closed its page thanks the players; it also links to the
event's public results, where the players read their score cards and the ranking
once the director publishes it (the session over, every traveller is open, Law 16C).
"""

from __future__ import annotations

from arbitro.store import Store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from web_director import table_page

pytest_plugins = ("web_director",)  # the store with director ana


def test_a_table_whose_last_round_is_closed_links_to_the_events_results(store: Store) -> None:
    event = store.create_event(EventSpec("Martes noche", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    playing = table_page(store, event, 1, "es")
    assert 'id="results-link"' not in playing  # the night is not over: the round's boards
    for number in (1, 2, 3):
        if number > 1:
            store.open_round(event, number)
        store.close_round(event, number)
    page = table_page(store, event, 1, "es")
    assert "gracias por jugar" in page
    link = page.split('id="results-link">')[0].rsplit("<a ", 1)[1]
    assert f'href="/results/{event}"' in link
    assert page.split('id="results-link">')[1].startswith("Ver los resultados del torneo</a>")
