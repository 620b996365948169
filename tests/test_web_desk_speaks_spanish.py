"""Every page of the director's desk, in Spanish, speaks Spanish.

Each page is rendered with ``?lang=es`` over an evening with results, an assigned score,
a penalty, an appeal decided, a ruling, an entry awaiting East-West; the page's text is
searched for the English catalog's messages that Spanish translates differently. The
ruling assistant's account of the table is searched too.
"""

from __future__ import annotations

import asyncio
import html
import re
from fractions import Fraction
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from arbitro.core.seat import Seat
from arbitro.store import Store
from arbitro.table.events import EXAMPLE_DEAL
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.tournament.poll import Poll, PollAnswer
from arbitro.tournament.records import Decision, PenaltyKind, PenaltyRecord, Ruling
from arbitro.web.public_results import set_deals
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import TypedEntry
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store with director ana

LOCALE = Path(__file__).parents[1] / "src" / "arbitro" / "locale"
PLACEHOLDER = re.compile(r"%\([a-z_]+\)s|\{[a-z_]+\}|%s|%d")


@cache
def english_phrases() -> tuple[str, ...]:
    """Pieces of English messages (between placeholders) that Spanish says otherwise."""
    with (LOCALE / "es" / "LC_MESSAGES" / "arbitro.po").open("rb") as po:
        spanish = read_po(po, locale="es")
    found = set()
    for message in spanish:
        if not message.id or not message.string:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        translated = message.string if isinstance(message.string, str) else message.string[0]
        for piece in PLACEHOLDER.split(english):
            piece = piece.strip(" .,:;()·-")
            # Whole words of some length only: short pieces ("NS", "IMPs") read the same.
            if len(piece) >= 12 and " " in piece and piece not in translated:
                found.add(piece)
    return tuple(sorted(found))


def visible_text(page: str) -> str:
    """The text a reader sees: no tags, scripts, styles or attributes."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def english_on(page: str) -> list[str]:
    text = " ".join(visible_text(page).split())
    return [phrase for phrase in english_phrases() if re.search(rf"\b{re.escape(phrase)}\b", text)]


def _evening(store: Store) -> int:
    event = store.create_event(
        EventSpec("Martes noche", boards=6, profile="wbf"), movement=mitchell(3, 2)
    )
    set_deals(store, event, {board: str(EXAMPLE_DEAL) for board in range(1, 7)})
    store.open_round(event, 1)
    movement = store.movement(event)
    assert movement is not None
    first = [s for s in movement.schedule if s.round == 1]
    store.enter_result(event, first[0].boards[0], 1, Entry.from_str("3C E 11 lead DA"))
    store.enter_result(event, first[0].boards[1], 1, Entry.from_str("adjusted 4S= E"))
    store.enter_result(event, first[1].boards[0], 2, Entry.from_str("Pass"))
    ns = first[2].sides[0]
    asyncio.run(
        TableDesk(store, SECRET).enter(
            event, 3, first[2].boards[0], TypedEntry("4S", "N", "10", ns=ns)
        )
    )
    store.add_penalty(
        event, PenaltyRecord("1NS", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B8", "")
    )
    ruling = store.add_ruling(event, Ruling(1, 1, "54D", "salida fuera de turno", "ana"))
    appeal = store.lodge_appeal(event, "1NS", "la decisión del estuche 1", ruling)
    store.decide_appeal(event, appeal, Decision("dismissed"))
    poll = store.open_poll(event, Poll(2, Seat.NORTH, "6C", "¿Qué declaráis?"))
    store.add_poll_answer(event, poll, PollAnswer("Luis Pérez", "Pass", ("6C",)))
    return event


def test_every_desk_page_in_spanish_has_no_english_message(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _evening(store)
    pages = [
        "/director/",
        "/director/sign-in",
        f"/director/events/{event}",
        f"/director/events/{event}?close=1",
        *(
            f"/director/events/{event}?view={view}"
            for view in ("rounds", "results", "ranking", "rulings", "audit")
        ),
        f"/director/events/{event}/cards",
        f"/director/events/{event}/result",
        f"/director/events/{event}/result?board=1&table=1",
        f"/director/events/{event}/deals",
        f"/director/cases?event={event}",
        f"/director/cases/new?event={event}&kind=UI",
        f"/director/cases/new?event={event}&kind=MI",
        f"/director/polls?event={event}",
        f"/director/polls/1?event={event}",
        f"/director/rulings/claim?event={event}&board=1",
        "/director/table",
        f"/director/table?event={event}&board=1",
        f"/director/agreements?event={event}",
        "/director/rulings",
        f"/director/rulings?event={event}&board=1",
        "/director/members",
        f"/director/events/{event}/remove",
        f"/director/events/{event}/print/ranking",
        f"/director/events/{event}/print/travellers",
        f"/director/events/{event}/print/cards",
    ]
    found = {}
    for url in pages:
        answer = client.get(url + ("&" if "?" in url else "?") + "lang=es")
        assert answer.status_code == 200, url
        english = english_on(answer.text)
        if english:
            found[url] = english
    desk = visible_text(client.get(f"/director/events/{event}?lang=es").text)
    # Single words the phrase search passes over: the appeal's decision, the contracts.
    assert "desestimada" in desk
    assert "dismissed" not in desk
    assert "3♣ E 11" in desk
    assert "ajustado 4♠= E" in desk
    replay = client.post(
        "/director/rulings?lang=es",
        data={
            "csrf_token": csrf,
            "event": str(event),
            "board": "3",
            "notation": "es",
            "steps": "S 1P\nO paso\nN paso\nE paso\nE P8",
        },
    )
    assert replay.status_code == 200, replay.text
    english = english_on(replay.text)
    if english:
        found["/director/rulings (replay)"] = english
    assert found == {}
