"""The desk's result form hints at a contract, card or seat typed in the other notation.

A Spanish director who types ``W`` for West, ``4S`` or the lead ``HK`` is refused, since
nothing is read in a notation other than the page's (``C`` is clubs in English and
hearts in Spanish); the refusal says how to write it in the page's notation, as the
command line's does (``core/other_notation.py``). The entry stays refused.
"""

from __future__ import annotations

import html

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell

pytest_plugins = ("web_director",)  # the store with director ana


@pytest.mark.parametrize(
    ("fields", "hint"),
    [
        (
            {"contract": "4P", "declarer": "W", "tricks": "10"},
            "«W» está en notación inglesa: escriba O",
        ),
        (
            {"contract": "4S", "declarer": "O", "tricks": "10"},
            "«4S» está en notación inglesa: escriba 4P",
        ),
        (
            {"contract": "4P", "declarer": "O", "tricks": "10", "lead": "HK"},
            "«HK» está en notación inglesa: escriba CR",
        ),
    ],
)
def test_law_77_a_spanish_desk_refuses_english_notation_and_says_how_to_write_it(
    director: tuple[TestClient, str], store: Store, fields: dict[str, str], hint: str
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    answer = client.post(
        f"/director/events/{event}/result?lang=es",
        data={"csrf_token": csrf, "board": "1", "table": "1", **fields},
    )
    assert answer.status_code == 422
    assert hint in html.unescape(answer.text)
    assert not store.results(event)  # nothing stored


def test_law_77_an_english_desk_hints_at_spanish_notation(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Tuesday", boards=6), movement=mitchell(3, 2))
    answer = client.post(
        f"/director/events/{event}/result?lang=en",
        data={
            "csrf_token": csrf,
            "board": "1",
            "table": "1",
            "contract": "4S",
            "declarer": "O",
            "tricks": "10",
        },
    )
    assert answer.status_code == 422
    assert "'O' is in Spanish notation: write W" in html.unescape(answer.text)
