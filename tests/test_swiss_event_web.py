"""A Swiss event on the director's desk and the API: created, then paired a round at a time (Law 8).

The desk's new-event form and ``POST /api/events`` create a Swiss of teams or pairs with
round 1 drawn; the event's page offers "Pair round N" while rounds remain to pair, and
``POST /api/events/{id}/pairings`` does the same for a program.
"""

from __future__ import annotations

from fractions import Fraction

from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import swiss_start

pytest_plugins = ("web_director",)  # ana's store and her signed-in client


def _play_round(store: Store, event: int, round_: int) -> None:
    """Enter every board of ``round_``: North-South make 4S at odd tables, go down at even."""
    movement = store.movement(event)
    assert movement is not None
    for seating in movement.seatings(round_):
        for board in seating.boards:
            tricks = 10 if seating.table % 2 else 9
            store.enter_result(event, board, seating.table, Entry.from_str(f"4S N {tricks}"))


def test_law8_the_desk_creates_a_swiss_of_teams_and_pairs_its_next_round(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    form = {
        "csrf_token": csrf, "name": "Suizo", "kind": "teams", "movement": "swiss",
        "tables": "5", "boards_per_round": "8", "rounds": "3", "bye_vp": "10,5", "method": "vp",
        "profile": "aeb", "correction_minutes": "30", "appeal_minutes": "30",
    }  # fmt: skip
    answer = client.post("/director/events?lang=en", data=form)
    assert answer.status_code == 200, answer.text
    [info] = store.events()
    assert (info.spec.kind, info.movement, info.tables, info.spec.boards) == (
        "teams", "swiss", 4, 24,
    )  # fmt: skip
    assert info.bye_score == Fraction(21, 2)
    page = client.get(f"/director/events/{info.id}?lang=en").text
    assert "Pair round 2" in page
    refused = client.post(
        f"/director/events/{info.id}/pair?lang=en", data={"csrf_token": csrf, "round": "2"}
    )
    assert "round 1 is not over: results missing at table 1 (boards 1, 2, 3, 4, 5, 6, 7, 8)" in (
        refused.text
    )
    _play_round(store, info.id, 1)
    paired = client.post(
        f"/director/events/{info.id}/pair?lang=en", data={"csrf_token": csrf, "round": "2"}
    )
    assert (
        "Round 2 paired: match 1: 1 v 3; match 2: 5 v 2; bye: 4. Open it when the tables are ready."
    ) in paired.text
    assert "Pair round 3" in paired.text
    twice = client.post(
        f"/director/events/{info.id}/pair?lang=en", data={"csrf_token": csrf, "round": "2"}
    )
    assert "round 2 cannot be paired now: the next round to pair is 3" in twice.text
    movement = store.movement(info.id)
    assert movement is not None
    assert movement.rounds == 2


def test_law8_the_desk_asks_a_swiss_for_its_rounds(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    refused = client.post(
        "/director/events?lang=en",
        data={"csrf_token": csrf, "name": "Suizo", "kind": "pairs", "movement": "swiss",
              "tables": "8", "boards_per_round": "4", "bye_vp": "12"},
    )  # fmt: skip
    assert refused.status_code == 422
    assert "a Swiss needs the number of rounds planned" in refused.text
    assert "only a Swiss teams event has a score for a bye" in refused.text
    assert store.events() == []


def test_law8_the_api_creates_a_swiss_and_pairs_its_next_round(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    headers = {"X-CSRF-Token": csrf}
    body = {
        "name": "Suizo", "movement": "swiss", "teams": True, "tables": 4,
        "boards_per_round": 12, "rounds": 3, "bye_vp": 10,
    }  # fmt: skip
    created = client.post("/api/events", json=body, headers=headers)
    assert created.status_code == 201, created.text
    event = created.json()["id"]
    info = store.event(event)
    assert (info.spec.kind, info.movement, info.spec.boards, info.bye_score) == (
        "teams", "swiss", 36, Fraction(10),
    )  # fmt: skip
    early = client.post(f"/api/events/{event}/pairings", headers=headers)
    assert early.status_code == 409
    _play_round(store, event, 1)
    paired = client.post(f"/api/events/{event}/pairings?round=2", headers=headers)
    assert paired.status_code == 201, paired.text
    assert paired.json() == {
        "round": 2,
        "boards": list(range(13, 25)),
        "tables": [{"number": 1, "ns": "1", "ew": "3"}, {"number": 2, "ns": "2", "ew": "4"}],
        "bye": None,
        "repeats": [],
        "absent": [],
    }
    again = client.post(f"/api/events/{event}/pairings?round=2", headers=headers)
    assert again.status_code == 409
    pairs = client.post(
        "/api/events", json=body | {"teams": False, "bye_vp": None}, headers=headers
    )
    assert pairs.status_code == 201, pairs.text
    assert store.event(pairs.json()["id"]).spec.kind == "pairs"


def test_law8_a_pairs_swiss_table_card_sends_the_boards_to_the_director_not_on(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = store.create_event(EventSpec("Suizo", boards=4), movement=swiss_start(6, 2, 2))
    page = client.get(f"/director/events/{event}/cards?lang=es").text
    assert "Al final de la ronda, Norte entrega los estuches al árbitro." in page
    assert "Artículo 8A2" not in page
    assert "el árbitro empareja cada ronda siguiente según la clasificación" in page


def test_law8_a_teams_swiss_ranking_names_its_byes_and_their_victory_points(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = store.create_event(
        EventSpec("Suizo", boards=2, kind="teams"),
        movement=swiss_start(3, 2, 1, teams=True),
        bye_score=Fraction(21, 2),
    )
    _play_round(store, event, 1)
    store.publish(event)
    for page in (
        client.get(f"/director/events/{event}?lang=es").text,
        client.get(f"/results/{event}?lang=es").text,
        client.get(f"/director/events/{event}/print/ranking?lang=es").text,
    ):
        assert "Descansos, 10,50 PV cada uno: ronda 1, equipo 3" in page
    english = client.get(f"/results/{event}?lang=en").text
    assert "Byes, 10.50 VP each: round 1, team 3" in english


def test_law8_a_pairs_swiss_public_ranking_names_the_pair_with_the_bye(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = store.create_event(EventSpec("Suizo", boards=2), movement=swiss_start(3, 2, 1))
    _play_round(store, event, 1)
    store.publish(event)
    page = client.get(f"/results/{event}?lang=es").text
    assert "Descansos, sin puntuación (se juegan menos estuches): ronda 1, pareja 3" in page


def test_law8_a_teams_swiss_ranking_and_score_card_name_an_absent_team_apart_from_the_bye(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = store.create_event(
        EventSpec("Suizo", boards=4, kind="teams"),
        movement=swiss_start(6, 2, 2, teams=True, absent=("6",)),
    )
    _play_round(store, event, 1)
    store.publish(event)
    for page in (
        client.get(f"/director/events/{event}?lang=en").text,
        client.get(f"/results/{event}?lang=en").text,
    ):
        assert "Byes, 12.00 VP each: round 1, team 5" in page
        assert "round 1, team 6" not in page.partition("Byes, 12.00 VP each:")[2].partition("<")[0]
        assert "Absent, not a bye (0): round 1, team 6" in page
    card = client.get(f"/results/{event}/pairs/6?lang=en").text
    matches = card.partition('id="matches"')[2].partition("</table>")[0]
    assert "<td>Absent</td>" in matches
    assert "Bye" not in matches


def test_law8_the_desk_and_the_api_pair_a_swiss_round_without_its_absent_team(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(
        EventSpec("Suizo", boards=6, kind="teams"), movement=swiss_start(6, 3, 2, teams=True)
    )
    _play_round(store, event, 1)
    page = client.get(f"/director/events/{event}?lang=en").text
    assert 'name="absent"' in page
    paired = client.post(
        f"/director/events/{event}/pair?lang=en",
        data={"csrf_token": csrf, "round": "2", "absent": "4, 6"},
    )
    assert "absent, not a bye: 4, 6" in paired.text
    movement = store.movement(event)
    assert movement is not None
    assert (movement.absent_from(2), movement.byes(2)) == (("4", "6"), ())
    _play_round(store, event, 2)
    api = client.post(
        f"/api/events/{event}/pairings?round=3&absent=1", headers={"X-CSRF-Token": csrf}
    )
    assert api.status_code == 201, api.text
    assert api.json()["absent"] == ["1"]
    assert api.json()["bye"] not in (None, "1")
    refused = client.post(
        f"/director/events/{event}/pair?lang=en",
        data={"csrf_token": csrf, "round": "3", "absent": "1"},
    )
    assert "cannot be paired now" in refused.text  # round 3 is paired once
