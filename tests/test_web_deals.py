"""The director uploads the session's deals as a PBN file (issue 9); the hand records show them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response
from sqlalchemy import insert, text

from arbitro.core.deal import Deal
from arbitro.core.seat import Seat
from arbitro.formats.pbn import PBNGame, PBNTag, dumps, load
from arbitro.store import Store
from arbitro.store.database import database_url, open_database
from arbitro.store.models import EventRow
from arbitro.store.repository import MIGRATIONS
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.public_results import deals
from web_director import PASSWORD

REAL_FILE = Path(__file__).resolve().parent / "data" / "pbn" / "endplay" / "example2.pbn"

# The `database` fixture (SQLite and PostgreSQL); the director's `store`.
pytest_plugins = ("postgresql_cluster", "web_director")


@pytest.fixture
def event(store: Store) -> int:
    return store.create_event(EventSpec("Viernes", boards=6), movement=mitchell(3, 2))


@pytest.fixture
def director(store: Store) -> TestClient:
    client = TestClient(create_app(store, secret="k" * 64))
    answer = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
    assert answer.status_code == 200
    return client


def csrf_of(client: TestClient, event: int) -> str:
    page = client.get(f"/director/events/{event}/deals")
    assert page.status_code == 200
    return page.text.split('name="csrf_token" value="')[1].split('"')[0]


def upload(
    client: TestClient, event: int, name: str, content: str | bytes, lang: str = "en"
) -> Response:
    return client.post(
        f"/director/events/{event}/deals?lang={lang}",
        data={"csrf_token": csrf_of(client, event)},
        files={"pbn": (name, content, "application/octet-stream")},
    )


def session_deals(count: int) -> dict[int, Deal]:
    return {board: Deal.from_number(1000 + 7919 * board) for board in range(1, count + 1)}


def pbn_of(dealt: dict[int, Deal]) -> str:
    return dumps(
        [
            PBNGame((PBNTag("Board", str(board)), PBNTag("Deal", deal.to_str())))
            for board, deal in dealt.items()
        ]
    )


def test_law6_uploaded_deals_are_kept_and_shown_on_the_hand_records(
    store: Store, event: int, director: TestClient
) -> None:
    dealt = session_deals(6)
    answer = upload(director, event, "viernes.pbn", pbn_of(dealt))
    assert answer.status_code == 200, answer.text
    assert "Deals of 6 boards kept." in answer.text
    assert deals(store, event) == dealt
    # They are in the table of their own, one row a board.
    with store.engine.connect() as connection:
        rows = connection.execute(
            text("SELECT board, deal FROM deals WHERE event_id = :e ORDER BY board"), {"e": event}
        ).all()
    assert [(board, Deal.from_str(deal)) for board, deal in rows] == sorted(dealt.items())
    # Each board's traveller shows its deal, in the page's notation.
    traveller = director.get(f"/results/{event}/boards/2?lang=es").text
    north = dealt[2][Seat.NORTH].to_str("es", symbols=True)
    section = re.search(r'data-seat="N">(.*?)</section>', traveller, re.DOTALL)
    assert section is not None, "North's hand in the deal's diagram"
    suits = re.findall(r'<div class="deal-suit">(.*?)</div>', section.group(1), re.DOTALL)
    assert " ".join(re.sub(r"<[^>]+>|\s", "", suit) for suit in suits) == north
    # The hand records open with the results, once the background analysis is kept.
    store.analyse_event(event)
    store.publish(event)
    hands = director.get(f"/api/results/{event}/hands").json()["boards"]
    assert {line["board"]: Deal.from_str(line["deal"]) for line in hands} == dealt
    page = director.get(f"/results/{event}/hands?lang=es")
    assert page.status_code == 200
    assert "Viernes" in page.text


def test_law6_a_real_pbn_file_of_played_boards(store: Store, director: TestClient) -> None:
    games = load(REAL_FILE, strict=False)
    expected = {int(game["Board"]): game.deal() for game in games}
    event = store.create_event(EventSpec("Real", boards=max(expected)))
    answer = upload(director, event, REAL_FILE.name, REAL_FILE.read_bytes())
    assert answer.status_code == 200, answer.text
    assert deals(store, event) == expected


def test_law6_problems_are_shown_with_the_file_line_and_nothing_is_kept(
    store: Store, event: int, director: TestClient
) -> None:
    dealt = session_deals(2)
    good = pbn_of(dealt)
    extra_board = '[Board "9"]\n[Deal "' + Deal.from_number(5).to_str() + '"]\n'
    short = "N:AKQ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    broken = f'\n[Board "3"]\n[Deal "{short}"]\n'
    content = good + "\n" + extra_board + broken
    lines = content.split("\n")
    board_9_line = lines.index('[Board "9"]') + 1
    broken_deal_line = lines.index(f'[Deal "{short}"]') + 1
    answer = upload(director, event, "mal.pbn", content)
    assert answer.status_code == 422
    assert f"mal.pbn, line {board_9_line}: board 9 is not in the event (expected 1 to 6)" in (
        answer.text
    )
    assert f"mal.pbn, line {broken_deal_line}:" in answer.text
    assert deals(store, event) == {}
    spanish = upload(director, event, "mal.pbn", content, lang="es")
    assert f"mal.pbn, línea {board_9_line}" in spanish.text


def test_law6_the_same_board_dealt_two_ways_is_refused(
    store: Store, event: int, director: TestClient
) -> None:
    first, second = Deal.from_number(11), Deal.from_number(12)
    content = dumps(
        [
            PBNGame((PBNTag("Board", "1"), PBNTag("Deal", first.to_str()))),
            PBNGame((PBNTag("Board", "1"), PBNTag("Deal", second.to_str()))),
        ]
    )
    answer = upload(director, event, "twice.pbn", content)
    assert answer.status_code == 422
    assert "board 1 is dealt differently on line" in answer.text
    assert deals(store, event) == {}


def test_deal_upload_needs_a_director_and_the_csrf_token(
    store: Store, event: int, director: TestClient
) -> None:
    content = pbn_of(session_deals(1))
    anonymous = TestClient(create_app(store, secret="k" * 64))
    refused = anonymous.post(
        f"/director/events/{event}/deals",
        files={"pbn": ("a.pbn", content, "text/plain")},
        follow_redirects=False,
    )
    assert refused.status_code in (303, 403)
    forged = director.post(
        f"/director/events/{event}/deals",
        data={"csrf_token": "forged"},
        files={"pbn": ("a.pbn", content, "text/plain")},
    )
    assert forged.status_code == 403
    assert deals(store, event) == {}


def test_deals_kept_as_a_setting_move_to_their_table(database: str) -> None:
    from alembic import command
    from alembic.config import Config

    engine = open_database(database_url(database))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    dealt = session_deals(2)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0005")
    old = Store(engine)
    with engine.begin() as connection:  # the columns the events table has at 0005
        event = connection.execute(
            insert(EventRow)
            .values(name="Antes", kind="pairs", method="mp", profile="aeb", boards=2)
            .returning(EventRow.id)
        ).scalar_one()
    value = "{" + ", ".join(f'"{b}": "{d.to_str()}"' for b, d in dealt.items()) + "}"
    with engine.begin() as connection:
        connection.execute(
            text("INSERT INTO settings (name, value) VALUES (:n, :v)"),
            {"n": f"event-deals:{event}", "v": value},
        )
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    assert deals(old, event) == dealt
    with engine.connect() as connection:
        left = connection.execute(text("SELECT name FROM settings WHERE name LIKE 'event-deals:%'"))
        assert left.all() == []
    # And back: a downgrade keeps them as the setting they were.
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0005")
    with engine.connect() as connection:
        kept = connection.execute(
            text("SELECT value FROM settings WHERE name = :n"), {"n": f"event-deals:{event}"}
        ).scalar_one()
    assert {int(b): Deal.from_str(d) for b, d in json.loads(kept).items()} == dealt


def test_law6_deals_of_a_file_whose_lines_end_in_cr_alone_are_kept(
    store: Store, event: int, director: TestClient
) -> None:
    """An old Mac program's PBN file (CR alone ends each line) reads as the same file with CR LF."""
    dealt = session_deals(6)
    old_mac = pbn_of(dealt).replace("\r\n", "\n").replace("\n", "\r").encode("latin-1")
    assert b"\n" not in old_mac
    answer = upload(director, event, "viernes.pbn", old_mac)
    assert answer.status_code == 200, answer.text
    assert deals(store, event) == dealt


def test_law6_deals_kept_are_replaced_only_when_the_director_ticks_it(
    store: Store, event: int, director: TestClient
) -> None:
    first = session_deals(6)
    assert upload(director, event, "viernes.pbn", pbn_of(first)).status_code == 200
    page = director.get(f"/director/events/{event}/deals").text
    assert page.count('name="replace"') == 2  # the upload's form and the dealing's
    assert "Replace the deals kept (6 boards)" in page
    # Another file, or dealing here, without the tick: refused, the deals stay.
    other = {board: Deal.from_number(5 + 31 * board) for board in range(1, 7)}
    again = upload(director, event, "otro.pbn", pbn_of(other))
    assert again.status_code == 409
    assert "The deals of 6 boards are kept already" in again.text
    csrf = csrf_of(director, event)
    dealt = director.post(f"/director/events/{event}/deals/deal", data={"csrf_token": csrf})
    assert dealt.status_code == 409
    assert 'id="seed"' not in dealt.text
    assert deals(store, event) == first
    # Ticked, they are replaced.
    replaced = director.post(
        f"/director/events/{event}/deals",
        data={"csrf_token": csrf, "replace": "true"},
        files={"pbn": ("otro.pbn", pbn_of(other), "application/octet-stream")},
    )
    assert replaced.status_code == 200
    assert deals(store, event) == other
    anew = director.post(
        f"/director/events/{event}/deals/deal", data={"csrf_token": csrf, "replace": "true"}
    )
    assert 'id="seed"' in anew.text
    assert deals(store, event) not in (first, other)


def test_law6_a_refusal_on_the_deals_page_is_headed_by_what_was_refused(
    store: Store, event: int, director: TestClient
) -> None:
    broken = upload(director, event, "mal.pbn", '[Board "9"]\n')
    assert "Nothing was kept: the file has these problems." in broken.text
    first = session_deals(6)
    assert upload(director, event, "viernes.pbn", pbn_of(first)).status_code == 200
    csrf = csrf_of(director, event)
    # Dealing again (the page reloaded, its form sent again) without the tick.
    dealt = director.post(f"/director/events/{event}/deals/deal?lang=en", data={"csrf_token": csrf})
    assert dealt.status_code == 409
    assert "The boards were not dealt:" in dealt.text
    assert "the file" not in dealt.text
    again = upload(director, event, "otro.pbn", pbn_of(session_deals(6)))
    assert again.status_code == 409
    assert "The file's deals were not kept:" in again.text
    assert "the file has these problems" not in again.text
    marking = director.post(
        f"/director/events/{event}/deals/marking?lang=en",
        data={"csrf_token": csrf, "board": "9", "dealer": "N", "vulnerability": "None"},
    )
    assert marking.status_code == 422
    assert "The board's marking was not kept:" in marking.text
    assert "board 9 is not in the event" in marking.text
    assert "the file has these problems" not in marking.text


def test_law6_a_game_that_copies_the_one_before_is_refused_once_for_both(
    store: Store, director: TestClient
) -> None:
    verifier = Path(__file__).resolve().parent / "data" / "pbn" / "verifier" / "correct_20.pbn"
    event = store.create_event(EventSpec("Verificador", boards=32))
    answer = upload(director, event, "correct_20.pbn", verifier.read_bytes())
    assert answer.status_code == 422
    problems = re.findall(r"<li>([^<]*)</li>", answer.text.split('id="problems"')[1])
    assert problems.count("correct_20.pbn, line 152: board 1 is dealt differently on line 24") == 1
    assert len(problems) == len(set(problems))
    assert deals(store, event) == {}
