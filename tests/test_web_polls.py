"""The player poll in the web console (issue 11, item 4): the consultation of Law 16B1."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.seat import Side
from arbitro.scoring.worksheet import Irregularity, Worksheet
from arbitro.store import Store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.judgement import Case
from arbitro.web import create_app
from arbitro.web.pages import RefusedRequestError
from arbitro.web.polls import event_polls, poll_token, read_poll_token
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store and director fixtures

ANSWERS = (
    ("Luis Pérez", "Pass", "6C"),
    ("Eva Martín", "6C", "Pass, 6NT"),
    ("Juan Gil", "Pass", ""),
)


@pytest.fixture
def event(store: Store) -> int:
    return store.create_event(EventSpec("Club", boards=8))


@pytest.fixture
def player(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, secret=SECRET)) as client:
        yield client


def open_by_form(client: TestClient, csrf: str, event: int) -> tuple[int, str]:
    """Open the poll of Ejemplo 2 (a slow 5C, North bid 6C) and return its number and link."""
    answer = client.post(
        "/director/polls",
        data={
            "csrf_token": csrf,
            "event": str(event),
            "board": "2",
            "seat": "N",
            "taken": "6c",
            "alternatives": "Pass",
            "hand": "S A2 H KQ3 D A9876 C KJ4",
            "auction": "1D (1S) 2C (4S) 5C (Pass) ?",
            "question": "What do you call?",
        },
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    number = int(re.findall(r"/director/polls/(\d+)", answer.headers["location"])[0])
    page = client.get(answer.headers["location"])
    assert page.status_code == 200
    link = re.findall(r'id="player-link" href="([^"]+)"', page.text)[0]
    return number, link


def answer_poll(
    client: TestClient, link: str, name: str, chosen: str, considered: str
) -> tuple[int, str]:
    form = client.get(link)
    assert form.status_code == 200, form.text
    csrf = re.findall(r'name="csrf_token" value="([^"]+)"', form.text)[0]
    sent = client.post(
        link,
        data={"csrf_token": csrf, "name": name, "chosen": chosen, "considered": considered},
    )
    return sent.status_code, sent.text


def cell(html: str, action: str, column: str) -> int:
    row = re.findall(rf'<tr data-action="{re.escape(action)}">(.*?)</tr>', html, re.S)[0]
    return int(re.findall(rf'class="{column}">(\d+)<', row)[0])


def test_law_16b1_director_opens_a_poll_and_sees_the_shares_the_model_computes(
    director: tuple[TestClient, str], player: TestClient, store: Store, event: int
) -> None:
    client, csrf = director
    number, link = open_by_form(client, csrf, event)
    assert link.endswith("/poll/" + poll_token(SECRET, event, number))
    for name, chosen, considered in ANSWERS:
        status, text = answer_poll(player, link, name, chosen, considered)
        assert status == 200, text
    poll = store.load_poll(event, number)
    assert [answer.respondent for answer in poll.answers] == [name for name, _, _ in ANSWERS]
    listing = client.get(f"/director/polls?event={event}")
    assert listing.status_code == 200
    shares = poll.shares()
    assert len(shares) == 3
    for share in shares:
        assert cell(listing.text, share.action, "considered") == share.considered
        assert cell(listing.text, share.action, "chosen") == share.chosen
    # The listing gives counts only; the poll's own page names the respondents.
    assert not any(name in listing.text for name, _, _ in ANSWERS)
    page = client.get(f"/director/polls/{number}?event={event}")
    assert all(name in page.text for name, _, _ in ANSWERS)
    for alternative in poll.logical_alternatives():
        assert f'data-action="{alternative}"' in listing.text


def test_law_16b1_the_player_page_never_shows_other_players_names(
    director: tuple[TestClient, str], player: TestClient, event: int
) -> None:
    client, csrf = director
    _, link = open_by_form(client, csrf, event)
    for name, chosen, considered in ANSWERS:
        status, text = answer_poll(player, link, name, chosen, considered)
        assert status == 200
    page = player.get(link)
    assert "S A2 H KQ3 D A9876 C KJ4" in page.text
    assert not any(name in page.text for name, _, _ in ANSWERS)
    with TestClient(player.app) as other:
        status, text = answer_poll(other, link, "Marta Ruiz", "Pass", "")
        assert status == 200
        assert not any(name in text for name, _, _ in ANSWERS)


def test_law_16b1_a_bad_link_is_refused(
    player: TestClient, director: tuple[TestClient, str], event: int
) -> None:
    client, csrf = director
    number, _ = open_by_form(client, csrf, event)
    forged = poll_token("x" * 64, event, number)
    assert player.get(f"/poll/{forged}").status_code == 404
    assert player.get("/poll/not-a-token").status_code == 404
    missing = player.get("/poll/" + poll_token(SECRET, event, number + 1))
    assert missing.status_code == 404
    assert f"there is no poll {number + 1}" in missing.text


def test_law_16b1_a_second_answer_from_the_same_name_is_refused(
    director: tuple[TestClient, str], player: TestClient, store: Store, event: int
) -> None:
    client, csrf = director
    number, link = open_by_form(client, csrf, event)
    assert answer_poll(player, link, "Eva Martín", "Pass", "")[0] == 200
    status, text = answer_poll(player, link, " Eva Martín ", "6C", "")
    assert status == 409
    assert "has answered this poll already" in text
    assert len(store.load_poll(event, number).answers) == 1


def test_law_16b1_bad_input_is_refused_with_the_reason(
    director: tuple[TestClient, str], player: TestClient, store: Store, event: int
) -> None:
    client, csrf = director
    _, link = open_by_form(client, csrf, event)
    status, text = answer_poll(player, link, "Eva", "bid on", "")
    assert status == 422
    assert "expected a call (as in 1NT, Pass) or a card (as in H9)" in text
    assert answer_poll(player, link, "", "Pass", "")[0] == 422
    refused = client.post(
        "/director/polls",
        data={
            "csrf_token": csrf,
            "event": str(event),
            "board": "9",
            "seat": "N",
            "taken": "6C",
            "alternatives": "Pass",
        },
    )
    assert refused.status_code == 422
    assert "board 9 is not in the event" in refused.text
    assert [item.poll.board for item in event_polls(store, event)] == [2]


def test_law_16b1_the_answer_form_needs_the_sessions_csrf_token(
    director: tuple[TestClient, str], player: TestClient, event: int
) -> None:
    client, csrf = director
    _, link = open_by_form(client, csrf, event)
    player.get(link)
    sent = player.post(link, data={"csrf_token": "forged", "name": "Eva", "chosen": "Pass"})
    assert sent.status_code == 403


def test_law_16b1_a_poll_that_served_a_ruling_takes_no_more_answers(
    director: tuple[TestClient, str], player: TestClient, store: Store, event: int
) -> None:
    client, csrf = director
    number, link = open_by_form(client, csrf, event)
    assert answer_poll(player, link, "Luis", "Pass", "6C")[0] == 200
    sheet = Worksheet(Irregularity.UNAUTHORISED, Side.NS, 0).answer(False)
    store.add_case(event, Case(2, None, sheet), poll_number=number)
    status, text = answer_poll(player, link, "Juan", "Pass", "")
    assert status == 409
    assert "served a ruling already" in text
    assert len(store.load_poll(event, number).answers) == 1
    assert "This poll has served a ruling." in client.get(f"/director/polls?event={event}").text


def test_law_16b1_the_poll_pages_need_a_signed_in_director(player: TestClient, event: int) -> None:
    answer = player.get(f"/director/polls?event={event}", follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"].startswith("/director/sign-in")


def test_law_16b1_the_player_page_speaks_spanish(
    director: tuple[TestClient, str], player: TestClient, event: int
) -> None:
    client, csrf = director
    _, link = open_by_form(client, csrf, event)
    page = player.get(link + "?lang=es")
    assert page.headers["content-language"] == "es"
    assert "Consulta a jugadores" in page.text
    status, text = answer_poll(player, link, "", "Pass", "")
    assert status == 422
    assert "escribe tu nombre (solo lo ve el árbitro)" in text


@given(event=st.integers(1, 10**6), number=st.integers(1, 10**6))
def test_law_16b1_a_poll_link_names_its_poll_and_only_this_installation_signs_it(
    event: int, number: int
) -> None:
    token = poll_token(SECRET, event, number)
    assert read_poll_token(SECRET, token) == (event, number)
    with pytest.raises(RefusedRequestError):
        read_poll_token("x" * 64, token)


def test_law_16b1_a_respondents_name_is_shown_to_the_director_as_text(
    director: tuple[TestClient, str], player: TestClient, event: int
) -> None:
    client, csrf = director
    number, link = open_by_form(client, csrf, event)
    assert answer_poll(player, link, "<script>x</script>", "Pass", "")[0] == 200
    page = client.get(f"/director/polls/{number}?event={event}")
    assert "&lt;script&gt;x&lt;/script&gt;" in page.text
    assert "<script>x</script>" not in page.text


def test_law_16b1_the_event_page_links_to_its_polls(
    director: tuple[TestClient, str], event: int
) -> None:
    client, _ = director
    page = client.get(f"/director/events/{event}")
    assert page.status_code == 200
    assert f'href="/director/polls?event={event}"' in page.text


def test_law_16b1_a_poll_in_spanish_notation_is_kept_in_english_and_shown_with_symbols(
    director: tuple[TestClient, str], player: TestClient, store: Store, event: int
) -> None:
    client, csrf = director
    opened = client.post(
        "/director/polls?lang=es",
        data={
            "csrf_token": csrf,
            "event": str(event),
            "board": "2",
            "seat": "N",
            "taken": "6T",  # seis tréboles: six clubs
            "alternatives": "paso",
            "question": "¿Qué declara?",
        },
        follow_redirects=False,
    )
    assert opened.status_code == 303, opened.text
    number = int(re.findall(r"/director/polls/(\d+)", opened.headers["location"])[0])
    link = f"/poll/{poll_token(SECRET, event, number)}"
    form = player.get(link + "?lang=es")
    assert "Acciones a considerar: 6♣, Paso" in form.text  # symbols: no C/T confusion
    status, _ = answer_poll(player, link, "Lucía", "paso", "6T")
    assert status == 200
    poll = store.load_poll(event, number)
    assert poll.taken == "6C"
    assert [(a.chosen, a.considered) for a in poll.answers] == [("Pass", ("6C",))]
    english = client.get(f"/director/polls/{number}?event={event}&lang=en").text
    assert "6♣ at the table" in english
    assert "Lucía: Pass (also considered 6♣)" in english
