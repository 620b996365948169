"""The tables' phones show a running provisional ranking only if the director allows it.

A per-event switch on the desk (ranking view), off by default. When on, a table's page
shows the ranking the public page computes, marked provisional, once a round's boards
are confirmed (and between rounds). Law 79C: until published the results are provisional.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web.standings import ranking_groups
from web_director import table_page

pytest_plugins = ("web_director",)  # the store with director ana

TEXTS = {
    "en": ("Provisional ranking", "Provisional: the results confirmed so far"),
    "es": ("Clasificación provisional", "Provisional: con los resultados confirmados"),
}


@pytest.fixture
def event(store: Store) -> int:
    """A 3-table Mitchell of 2-board rounds, round 1 open, table 1's round 1 confirmed."""
    number = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(number, 1)
    movement = store.movement(number)
    assert movement is not None
    for seating in movement.schedule:
        if seating.round == 1 and seating.table in (1, 2):
            for board in seating.boards:
                store.enter_result(number, board, seating.table, Entry.from_str("4S N 10"))
    return number


def switch(director: tuple[TestClient, str], event: int, allow: bool, lang: str) -> str:
    """Turn the tables' ranking on or off from the desk's form; the desk page it lands on."""
    client, csrf = director
    data = {"csrf_token": csrf, **({"allow": "on"} if allow else {})}
    answer = client.post(f"/director/events/{event}/tables-ranking?lang={lang}", data=data)
    assert answer.status_code == 200, answer.text
    return answer.text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_provisional_ranking_is_off_by_default_on_the_tables(
    store: Store, event: int, lang: str
) -> None:
    heading, note = TEXTS[lang]
    page = table_page(store, event, 1, lang)
    assert 'id="provisional-ranking"' not in page
    assert heading not in page
    assert note not in page
    assert store.tables_show_ranking(event) is False


@pytest.mark.parametrize("lang", ["en", "es"])
def test_provisional_ranking_shown_when_the_director_allows_it_and_hidden_again(
    store: Store, event: int, director: tuple[TestClient, str], lang: str
) -> None:
    heading, note = TEXTS[lang]
    desk = switch(director, event, True, lang)
    assert store.tables_show_ranking(event) is True
    assert 'id="tables-ranking-status"' in desk
    page = table_page(store, event, 1, lang)
    section = page.split('id="provisional-ranking"')[1]
    assert heading in page
    assert note in section
    # The same ranking the public page computes, in its order, with its totals.
    # A line with nothing compared yet has no place: «—», as its total (Law 78A).
    shown = [
        (re.sub(r"<[^>]+>", "", place), participant)
        for place, participant in re.findall(r"<tr><td>(.*?)</td>\s*<td>([^<]*)</td>", section)
    ]
    expected = [
        (line.place if line.compared else "—", line.participant)
        for _, group in ranking_groups(store, event)
        for line in group
    ]
    assert len(shown) == len(expected) > 0
    assert [place for place, _ in shown] == [place for place, _ in expected]
    for _, group in ranking_groups(store, event):
        for line in group:
            # A Spanish page writes the total with a decimal comma ("50,00 %"); a pair
            # none of whose boards has been compared yet has no percentage ("—").
            written = line.score.replace(".", ",").replace("%", "\xa0%")
            total = (written if lang == "es" else line.score) if line.compared else "—"
            assert total in section
    switch(director, event, False, lang)
    assert store.tables_show_ranking(event) is False
    assert 'id="provisional-ranking"' not in table_page(store, event, 1, lang)


def test_provisional_ranking_waits_for_the_tables_round_to_be_confirmed(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    switch(director, event, True, "en")
    # Table 3 has confirmed nothing of its round yet: no ranking on its page.
    assert 'id="provisional-ranking"' not in table_page(store, event, 3, "en")
    assert 'id="provisional-ranking"' in table_page(store, event, 1, "en")


def test_provisional_ranking_shown_between_rounds(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    switch(director, event, True, "es")
    store.close_round(event, 1)
    page = table_page(store, event, 3, "es")
    assert 'class="waiting"' in page
    assert "Clasificación provisional" in page


def test_desk_switch_speaks_to_the_director_in_both_languages(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, _ = director
    english = client.get(f"/director/events/{event}?view=ranking&lang=en").text
    assert "Show the provisional ranking at the tables" in english
    assert "Show the provisional ranking at the tables" in english
    assert "Las mesas muestran ahora la clasificación provisional." in switch(
        director, event, True, "es"
    )
    spanish = client.get(f"/director/events/{event}?view=ranking&lang=es").text
    assert "Dejar de mostrar la clasificación en las mesas" in spanish
    assert "marcada como provisional" in spanish


def test_switch_refuses_a_request_without_the_csrf_token(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, _ = director
    answer = client.post(f"/director/events/{event}/tables-ranking", data={"allow": "on"})
    assert answer.status_code in (400, 403)
    assert store.tables_show_ranking(event) is False


def test_switch_for_an_event_that_does_not_exist_is_refused_and_stores_nothing(
    store: Store, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    answer = client.post(
        "/director/events/999/tables-ranking", data={"csrf_token": csrf, "allow": "on"}
    )
    assert answer.status_code == 404
    assert "999" in answer.text
    assert store.tables_show_ranking(999) is False


def test_law79c_once_published_the_tables_ranking_is_no_longer_called_provisional(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    switch(director, event, True, "es")
    store.publish(event)
    page = table_page(store, event, 1, "es")
    section = page.split('id="provisional-ranking"')[1].split("</section>")[0]
    assert "Clasificación provisional" not in section
    assert "Provisional:" not in section
    assert "<h2>Clasificación</h2>" in section
