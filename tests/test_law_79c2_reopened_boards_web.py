"""Law 79C2 on the web: the director's API and desk reopen the boards whose score is wrong.

The API takes ``boards`` (or ``all_boards``) and answers with the boards reopened; a
board the event does not have, or none at all, is a 422 that names the input. The desk's
reopen form takes the boards as ``6``, ``3, 7`` or ``5-8`` and says which boards are
reopened; a correction on another board is refused, with the boards reopened.
"""

from __future__ import annotations

import html
from datetime import UTC, datetime, timedelta

from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant

pytest_plugins = ("web_director",)  # the store with director ana, and her client

WHO = {"reason": "board 1 entered for table 2", "organiser": "Club Nerja"}


def locked_event(store: Store) -> int:
    """Three boards played at one table, published two hours ago: locked (Law 79C1)."""
    event = store.create_event(EventSpec("Club", boards=3), [Participant("1"), Participant("2")])
    for board in (1, 2, 3):
        store.enter_result(event, board, 1, Entry.from_str("4S N 10"), ns="1", ew="2")
    store.publish(event, by="ana", now=datetime.now(UTC) - timedelta(hours=2))
    return event


def api_on_a_locked_event(director: tuple[TestClient, str], store: Store) -> tuple[TestClient, str]:
    """The director's API client, with its CSRF header, and the URL of a locked event."""
    client, csrf = director
    client.headers["X-CSRF-Token"] = csrf
    return client, f"/api/events/{locked_event(store)}"


def test_law_79c2_the_api_reopens_the_boards_it_is_given(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, url = api_on_a_locked_event(director, store)
    assert client.get(url).json()["locked"] is True
    reopened = client.post(f"{url}/reopen", json=WHO | {"boards": [3, 1]})
    assert reopened.status_code == 200, reopened.text
    answer = reopened.json()
    assert (answer["locked"], answer["reopened_boards"]) == (False, [1, 3])
    assert answer["reopened"].startswith("board 1 entered for table 2 (Law 79C2: director ana")
    fixed = client.put(
        f"{url}/results",
        json={"board": 1, "table": 1, "score": "450", "reason": "79C2: 11 tricks"},
    )
    assert fixed.status_code == 200, fixed.text
    adjusted = client.put(
        f"{url}/results",
        json={"board": 3, "table": 1, "adjusted": "A60/A40", "reason": "Law 12C2"},
    )
    assert adjusted.status_code == 200, adjusted.text


def test_law_79c2_the_api_keeps_other_boards_locked(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, url = api_on_a_locked_event(director, store)
    client.post(f"{url}/reopen", json=WHO | {"boards": [1]})
    other = client.put(
        f"{url}/results", json={"board": 2, "table": 1, "score": "450", "reason": "late"}
    )
    assert other.status_code == 422  # a refusal by Law 79C, as before a reopening
    detail = other.json()["detail"]
    assert detail.startswith("board 2 stays locked: the correction period ended on ")
    assert "reopened for board 1 only (Law 79C2)" in detail
    penalty = {"participant": "1", "amount": "1/4", "unit": "top", "law": "90B8"}
    whole = client.post(f"{url}/penalties", json=penalty)
    assert whole.status_code == 422
    assert whole.json()["detail"].startswith("a change that names no board")
    on_board_1 = client.post(f"{url}/penalties", json=penalty | {"board": 1})
    assert on_board_1.status_code == 201, on_board_1.text
    # Publishing again locks every board and forgets the reopened ones.
    again = client.post(f"{url}/publish").json()
    assert (again["locked"], again["reopened"], again["reopened_boards"]) == (True, None, None)


def test_law_79c2_the_api_refuses_a_reopening_without_good_boards(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    client.headers["X-CSRF-Token"] = csrf
    event = locked_event(store)
    url = f"/api/events/{event}/reopen"
    outside = client.post(url, json=WHO | {"boards": [1, 4]})
    assert outside.status_code == 422
    assert outside.json()["detail"] == (
        "invalid reopening '4': board 4 is not in the event (expected 1 to 3)"
    )
    zero = client.post(url, json=WHO | {"boards": [0]})
    assert zero.status_code == 422
    assert zero.json()["detail"].startswith("“boards” is “0”: expected a whole number from 1")
    none = client.post(url, json=WHO)
    assert none.status_code == 422
    assert "(boards), or reopen every board (all_boards) (Law 79C2)" in none.json()["detail"]
    both = client.post(url, json=WHO | {"boards": [1], "all_boards": True})
    assert both.status_code == 422
    assert "not both" in both.json()["detail"]
    assert store.event(event).reopened is None  # nothing was recorded
    every = client.post(url, json=WHO | {"all_boards": True})
    assert every.status_code == 200
    assert (every.json()["reopened_boards"], every.json()["locked"]) == (None, False)


def test_law_79c2_the_desk_reopens_the_boards_named_and_shows_them(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = locked_event(store)
    url = f"/director/events/{event}"
    page = client.get(url).text
    assert 'name="boards"' in page
    assert 'name="all_boards"' in page
    form = {"csrf_token": csrf} | WHO
    bad = client.post(f"{url}/reopen", data=form | {"boards": "2-1"})
    assert "Refused: invalid reopening &#39;2-1&#39;: the boards to reopen are written" in bad.text
    outside = client.post(f"{url}/reopen", data=form | {"boards": "9"})
    assert "board 9 is not in the event (expected 1 to 3)" in outside.text
    missing = client.post(f"{url}/reopen", data=form)
    assert "(Boards to reopen), or reopen every board (Every board)" in html.unescape(missing.text)
    assert store.event(event).reopened is None
    reopened = client.post(f"{url}/reopen", data=form | {"boards": "1, 3"})
    assert "Results reopened for boards 1, 3." in reopened.text
    assert "Boards 1, 3 are reopened; every other board stays locked." in reopened.text
    assert store.event(event).reopened_boards == (1, 3)
    result = {"csrf_token": csrf, "board": "2", "table": "1", "score": "450", "reason": "x"}
    locked = client.post(f"{url}/result", data=result)
    assert locked.status_code == 422
    assert "board 2 stays locked" in locked.text
    spanish = client.get(url + "?lang=es").text
    assert "Los estuches 1, 3 están reabiertos; los demás estuches siguen cerrados." in spanish
    assert "Reabrir más estuches" in spanish
    more = client.post(f"{url}/reopen", data=form | {"boards": "2"})
    assert "Resultados reabiertos para los estuches 1, 2, 3." in more.text  # still in Spanish


def test_law_79c2_the_desk_reopens_every_board_only_when_ticked(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = locked_event(store)
    url = f"/director/events/{event}"
    form = {"csrf_token": csrf} | WHO
    every = client.post(f"{url}/reopen", data=form | {"all_boards": "1"})
    assert "Results reopened for every board." in every.text
    assert "Every board is reopened." in every.text
    assert f'action="{url}/reopen"' not in every.text  # nothing left to add
    assert store.event(event).reopened_boards is None
