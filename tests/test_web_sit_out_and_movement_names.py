"""A table that sits out a round is told so; the desk names the movement in its language.

A Mitchell with an absent pair (the desk's sit-out option, Law 8) leaves one table
without opponents each round: its phone says the players sit out that round, rather
than "waiting" for a round they do not play. The desk's header and event list name the
movement through the catalog (``Mitchell``, ``Movimiento individual``), never the stored
kind (``mitchell``, ``individual``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.i18n import Language, gettext, use_language
from arbitro.store import Store, open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import individual, mitchell
from arbitro.tournament.movements.options import without
from arbitro.web import create_app
from arbitro.web.security import hash_password, table_code

SECRET = "w" * 64
PASSWORD = "una contraseña del club"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(str(tmp_path / "sit-out.sqlite3"))
    opened.add_director("ana", hash_password(PASSWORD))
    yield opened
    opened.close()


def t(lang: Language, message: str, **values: object) -> str:
    with use_language(lang):
        return gettext(message) % values


def text(page: str) -> str:
    """The page's words, without its tags."""
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def table_phone(store: Store, event: int, table: int, lang: str) -> TestClient:
    client = TestClient(create_app(store, secret=SECRET))
    page = client.get(f"/tables?lang={lang}").text
    token = page.split('name="csrf_token" value="')[1].split('"')[0]
    signed = client.post(
        "/tables/sign-in",
        data={"event": str(event), "code": table_code(SECRET, event, table), "csrf_token": token},
    )
    assert signed.status_code == 200, signed.text
    return client


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_table_sitting_out_an_open_round_is_told_it_sits_out(
    store: Store, lang: Language
) -> None:
    """4 tables, 4EW absent: table 1 has no opponents in round 2 (4EW would come to it)."""
    movement = without(mitchell(4, 2), "4EW")
    event = store.create_event(EventSpec("Club", boards=8), movement=movement)
    assert not [s for s in movement.schedule if s.round == 2 and s.table == 1]
    store.open_round(event, 1)
    phone = table_phone(store, event, 1, lang)
    playing = phone.get(f"/tables/{event}/1")
    assert t(lang, "You sit out round %(round)s.", round=2) not in text(playing.text)
    store.close_round(event, 1)
    # Between rounds: round 2 is the table's to sit out, round 3 its next game.
    between = text(phone.get(f"/tables/{event}/1").text)
    assert t(lang, "You sit out round %(round)s.", round=2) in between
    assert (
        t(
            lang,
            "Waiting for round %(round)s: this page shows its boards as soon as the director opens it.",
            round=3,
        )
        in between
    )
    store.open_round(event, 2)
    sitting = phone.get(f"/tables/{event}/1")
    assert sitting.status_code == 200
    assert t(lang, "Round %(round)s: you sit out this round.", round=2) in text(sitting.text)
    assert 'class="entry' not in sitting.text  # no board to enter
    if lang == "es":
        assert "descansáis" in text(sitting.text)
    # Another table plays round 2 as usual, and is told nothing about sitting out.
    other = text(table_phone(store, event, 2, lang).get(f"/tables/{event}/2").text)
    assert t(lang, "Round %(round)s: you sit out this round.", round=2) not in other
    store.close_round(event, 2)
    store.open_round(event, 3)
    back = text(phone.get(f"/tables/{event}/1").text)
    assert t(lang, "Round %(round)s: you sit out this round.", round=3) not in back
    assert t(lang, "Table %(table)s, round %(round)s", table=1, round=3) in back


def director(store: Store) -> TestClient:
    client = TestClient(create_app(store, secret=SECRET))
    answer = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
    assert answer.status_code == 200
    return client


@pytest.mark.parametrize(
    ("kind", "label"), [("mitchell", "Mitchell"), ("individual", "Individual movement")]
)
def test_the_desk_names_the_movement_in_the_pages_language(
    store: Store, kind: str, label: str
) -> None:
    if kind == "individual":
        movement = individual(2, 1)
        spec = EventSpec("Club", boards=movement.boards, kind="individual")
    else:
        movement = mitchell(3, 2)
        spec = EventSpec("Club", boards=movement.boards)
    assert movement.kind == kind
    event = store.create_event(spec, movement=movement)
    client = director(store)
    spanish = t("es", label)
    header = client.get(f"/director/events/{event}?lang=es").text
    heading = text(header.split("<h1>", 1)[1].split("</p>", 1)[0])
    assert spanish in heading
    assert heading.count(kind) == spanish.count(kind)  # the stored kind, raw, is never shown
    listed = text(client.get("/director/?lang=es").text)
    # The desk's list: "1. Club (<the day it is dated by>, <the movement>, ...)".
    assert spanish in listed.split("1. Club (", 1)[1].split(")", 1)[0]
    english = text(client.get(f"/director/events/{event}?lang=en").text)
    assert label in english
