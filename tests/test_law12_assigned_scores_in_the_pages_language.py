"""Assigned (adjusted) scores, Law 12, typed on the desk in the page's language.

``4P= E`` on a Spanish page and ``4S= E`` on an English one are the same score: it is
stored once, language-free, and every page shows it back in its reader's notation, with
suit symbols. Typing the same score again in the other spelling is not a correction.
"""

from __future__ import annotations

import re

from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.contract import Contract
from arbitro.core.seat import Seat
from arbitro.core.suit import Strain
from arbitro.scoring.adjusted_notation import adjusted_to_str
from arbitro.store import Store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell

pytest_plugins = ("web_director",)  # the store with director ana


def _assign(client: TestClient, csrf: str, event: int, adjusted: str, lang: str) -> str:
    """Post an assigned score for board 1 at table 1 on the desk; the flash it answers."""
    answer = client.post(
        f"/director/events/{event}/result?lang={lang}",
        data={
            "csrf_token": csrf,
            "board": "1",
            "table": "1",
            "adjusted": adjusted,
            "reason": "Law 12C1",
        },
    )
    found = re.search(r'class="flash"[^>]*>([^<]*)<', answer.text)
    assert found is not None
    return found.group(1)


def test_law12_assigned_score_typed_in_spanish_is_stored_language_free_and_shown_to_each_reader(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    said = _assign(client, csrf, event, "4P= E", "es")
    assert "Rechazado" not in said
    (stored,) = store.results(event)
    assert stored.entry.to_str() == "adjusted 4S= E"
    spanish = client.get(f"/director/events/{event}?lang=es").text
    assert "ajustado 4♠= E" in spanish
    store.publish(event)
    traveller = client.get(f"/results/{event}/boards/1?lang=es").text
    assert "ajustado 4♠= E" in traveller
    english = client.get(f"/results/{event}/boards/1?lang=en").text
    assert "adjusted 4♠= E" in english


def test_law12_assigned_score_written_with_symbols_then_letters_is_not_a_correction(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    _assign(client, csrf, event, "4♠= E", "en")
    before = len(store.audit(event))
    said = _assign(client, csrf, event, "4S= E", "en")
    assert "nothing changed" in said
    said = _assign(client, csrf, event, "4P= E", "es")
    assert "no cambia nada" in said
    assert len(store.audit(event)) == before


def test_law12_assigned_score_with_a_west_declarer_in_spanish(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    spec = EventSpec("Martes", boards=6, profile="wbf")  # weighted scores allowed (12C1c)
    event = store.create_event(spec, movement=mitchell(3, 2))
    said = _assign(client, csrf, event, "1/2 3ST= O; 1/2 3ST-1 O", "es")
    assert "Rechazado" not in said, said
    (stored,) = store.results(event)
    assert stored.entry.to_str() == "adjusted 1/2 3NT= W; 1/2 3NT-1 W"


@given(
    level=st.integers(1, 7),
    strain=st.sampled_from(list(Strain)),
    seat=st.sampled_from(list(Seat)),
    result=st.sampled_from(["=", "+1", "-1", "-3"]),
    lang=st.sampled_from(["es", "en"]),
)
def test_law12_assigned_score_round_trips_through_either_language(
    level: int, strain: Strain, seat: Seat, result: str, lang: str
) -> None:
    contract = Contract(level, strain).to_str(lang, declarer=False)
    typed = f"{contract}{result} {seat.to_str(lang)}"
    stored = adjusted_to_str(typed, lang)
    assert stored == f"{Contract(level, strain).to_str(declarer=False)}{result} {seat.to_str()}"
    assert adjusted_to_str(adjusted_to_str(stored, to_lang=lang), lang) == stored
    assert adjusted_to_str(adjusted_to_str(stored, to_lang=lang, symbols=True), lang) == stored
