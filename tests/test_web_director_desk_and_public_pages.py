"""The director's desk and the public pages on a tournament night.

Each test follows one finding: the table card a table signs in with, the entries still
awaiting East-West's confirmation (Law 79A: the result is agreed by both sides), the
desk in Spanish and on a phone, corrections (Law 79C) and penalties (Laws 90, 91).
"""

from __future__ import annotations

import asyncio
import re
from fractions import Fraction
from pathlib import Path

from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from arbitro.web.director_results import entry_fields
from arbitro.web.security import table_code
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import TypedEntry
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store with director ana

CSS = Path(__file__).parents[1] / "src" / "arbitro" / "web" / "static" / "arbitro.css"


def _event(store: Store) -> int:
    """A 3-table Mitchell, 2 boards a round, round 1 open."""
    event = store.create_event(EventSpec("Martes noche", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    return event


def _round_one(store: Store, event: int, table: int) -> tuple[str, str, list[int]]:
    movement = store.movement(event)
    assert movement is not None
    seating = next(s for s in movement.schedule if s.round == 1 and s.table == table)
    return seating.sides[0], seating.sides[1], list(seating.boards)


def test_table_card_carries_the_event_number_name_and_the_tables_address(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = _event(store)
    page = client.get(f"/director/events/{event}/cards").text
    card = page.split('id="card-2"')[1].split("</section>")[0]
    assert "Martes noche" in card
    assert re.search(rf'class="event-number">{event}<', card)
    assert 'class="tables-url">http://testserver/tables<' in card
    assert table_code(SECRET, event, 2) in card
    # What the table needs is on the card itself, which prints (no ``no-print`` in it).
    assert "no-print" not in card


def test_law79a_desk_shows_entries_awaiting_east_west_apart_from_missing_boards(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = _event(store)
    ns, _, boards = _round_one(store, event, 1)
    asyncio.run(
        TableDesk(store, SECRET).enter(event, 1, boards[0], TypedEntry("4S", "N", "10", ns=ns))
    )
    row = client.get(f"/director/events/{event}").text.split('id="round-1"')[1].split("</tr>")[0]
    waiting = re.findall(r'class="waiting"\s+title="[^"]*">(\d+)', row)
    missing = re.findall(r'class="missing"\s+title="[^"]*">(\d+)', row)
    assert waiting == [str(boards[0])]
    assert str(boards[1]) in missing
    assert str(boards[0]) not in missing


def test_law79a_closing_a_round_with_waiting_entries_asks_first_and_lists_them(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    ns, _, boards = _round_one(store, event, 2)
    asyncio.run(
        TableDesk(store, SECRET).enter(event, 2, boards[1], TypedEntry("3NT", "S", "9", ns=ns))
    )
    asked = client.post(f"/director/events/{event}/rounds/1/close", data={"csrf_token": csrf})
    assert store.is_round_open(event, 1)  # nothing is lost silently
    warning = asked.text.split('id="closing"')[1].split("</div>")[0]
    assert f"Table 2 · Board {boards[1]}: <strong>3NT S 9</strong>" in warning
    closed = client.post(
        f"/director/events/{event}/rounds/1/close", data={"csrf_token": csrf, "anyway": "true"}
    )
    assert closed.status_code == 200
    assert not store.is_round_open(event, 1)


def test_closing_a_round_with_nothing_waiting_needs_no_confirmation(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    for table in (1, 2, 3):  # every board of the round has its result
        for board in _round_one(store, event, table)[2]:
            store.enter_result(event, board, table, Entry.from_str("4S N 10"))
    client.post(f"/director/events/{event}/rounds/1/close", data={"csrf_token": csrf})
    assert not store.is_round_open(event, 1)


def test_desk_in_spanish_names_the_table_the_penalty_unit_and_each_rounds_state(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = _event(store)
    ns, ew, boards = _round_one(store, event, 1)
    desk = TableDesk(store, SECRET)
    asyncio.run(desk.enter(event, 1, boards[0], TypedEntry("4S", "N", "10", ns=ns)))
    asyncio.run(desk.confirm(event, 1, boards[0], pair=ew))
    store.add_penalty(
        event, PenaltyRecord(ns, PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B8", "")
    )
    page = client.get(f"/director/events/{event}?lang=es").text
    audit = page.split('id="audit"')[1].split("</table>")[0]
    assert "<td>Mesa 1</td>" in audit
    assert "table 1" not in audit
    assert "de un top" in page.split("Penalizaciones")[1].split("<form")[0]
    progress = page.split('id="progress"')[1].split("</table>")[0]
    assert "abierta" in progress.split('id="round-1"')[1].split("</tr>")[0]
    assert "sin abrir" in progress.split('id="round-2"')[1].split("</tr>")[0]


def test_desk_on_a_phone_scrolls_its_tables_with_big_buttons_and_readable_grey() -> None:
    css = CSS.read_text(encoding="utf-8")
    assert re.search(r"\.scroll \{[^}]*overflow-x: auto", css)
    button = re.search(r"\.progress form\.inline button \{([^}]*)\}", css)
    assert button is not None
    assert "min-height: 2.75rem" in button.group(1)
    grey = re.search(r"\.progress a\.missing \{ color: #([0-9a-f]{6})", css)
    assert grey is not None
    assert _contrast_on_white(grey.group(1)) >= 4.5


def _contrast_on_white(colour: str) -> float:
    """WCAG 2 contrast ratio of ``colour`` (hex) on white."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (0, 2, 4))
    luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    return 1.05 / (luminance + 0.05)


def test_law79c_correction_form_starts_from_the_stored_result_with_its_lead(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = _event(store)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10 lead HK"))
    form = client.get(f"/director/events/{event}/result?board=1&table=1&lang=es").text
    assert 'name="contract" value="4P"' in form
    assert 'name="declarer" value="N"' in form
    assert 'name="tricks" value="10"' in form
    assert 'name="lead" value="CR"' in form


def test_law12_the_result_forms_adjusted_score_is_named_once_in_the_laws_words(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = _event(store)
    english = client.get(f"/director/events/{event}/result?board=1&table=1&lang=en").text
    assert english.count("Adjusted score") == 1
    assert "<legend>Adjusted score (Law 12)</legend>" in english
    spanish = client.get(f"/director/events/{event}/result?board=1&table=1&lang=es").text
    assert spanish.count("Puntuación ajustada") == 1
    assert "<legend>Puntuación ajustada (Artículo 12)</legend>" in spanish
    assert "Marcador asignado" not in spanish


def test_law12_an_adjusted_score_typed_over_the_stored_contract_is_the_corrected_result(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10 lead HK"))
    form = client.get(f"/director/events/{event}/result?board=1&table=1&lang=en").text
    assert 'name="contract" value="4S"' in form  # the form comes filled as stored
    # The director types the adjusted score and leaves the played fields as they came.
    answer = client.post(
        f"/director/events/{event}/result",
        data={
            "csrf_token": csrf, "board": "1", "table": "1", "contract": "4S", "declarer": "N",
            "tricks": "10", "lead": "HK", "score": "420", "adjusted": "3S+1 N",
            "reason": "Law 16B1a",
        },
        follow_redirects=False,
    )  # fmt: skip
    assert answer.status_code == 303, answer.text
    (kept,) = store.results(event)
    assert kept.entry == Entry.from_fields(adjusted="3S+1 N")
    trail = store.audit(event)
    assert trail[-1].reason == "Law 16B1a"


def test_law12_an_adjusted_score_typed_over_a_board_not_played_is_the_corrected_result(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    store.enter_result(event, 1, 1, Entry(not_played=True))
    form = client.get(f"/director/events/{event}/result?board=1&table=1&lang=en").text
    assert 'name="not_played" value="true" checked' in form
    answer = client.post(
        f"/director/events/{event}/result",
        data={
            "csrf_token": csrf, "board": "1", "table": "1", "not_played": "true",
            "adjusted": "A60/A40", "reason": "Law 12C2",
        },
        follow_redirects=False,
    )  # fmt: skip
    assert answer.status_code == 303, answer.text
    (kept,) = store.results(event)
    assert kept.entry == Entry.from_fields(adjusted="A60/A40")


def test_law12_a_contract_with_not_played_is_refused_naming_the_fields(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"))
    answer = client.post(
        f"/director/events/{event}/result",
        data={
            "csrf_token": csrf, "board": "1", "table": "1", "contract": "4S", "declarer": "N",
            "tricks": "10", "not_played": "true", "reason": "Law 16B1a",
        },
    )  # fmt: skip
    assert answer.status_code == 422
    flash = answer.text.split('class="flash"')[1].split("</p>")[0]
    assert "“Contract”" in flash
    assert "“Not played”" in flash
    assert "empty the others" in flash
    assert 'name="contract" value="4S"' in answer.text
    (kept,) = store.results(event)
    assert kept.entry == Entry.from_str("4S N 10")


def test_law12_an_adjusted_score_that_cannot_be_read_is_refused_as_typed(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"))
    answer = client.post(
        f"/director/events/{event}/result",
        data={
            "csrf_token": csrf, "board": "1", "table": "1", "contract": "4S", "declarer": "N",
            "tricks": "10", "adjusted": "A60/A4x", "reason": "Law 12C2",
        },
    )  # fmt: skip
    assert answer.status_code == 422
    assert 'name="adjusted" value="A60/A4x"' in answer.text
    assert 'name="contract" value="4S"' in answer.text  # the form as typed: nothing lost
    (kept,) = store.results(event)
    assert kept.entry == Entry.from_str("4S N 10")


def test_law79c2_a_correction_refused_after_the_period_links_to_the_reopening(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(
        EventSpec("Martes noche", boards=6, correction_minutes=0), movement=mitchell(3, 2)
    )
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"))
    store.publish(event)
    form = {
        "csrf_token": csrf, "board": "1", "table": "1", "contract": "4S", "declarer": "N",
        "tricks": "11", "reason": "tricks miscounted",
    }  # fmt: skip
    refused = client.post(f"/director/events/{event}/result", data=form)
    assert refused.status_code == 422
    assert "Law 79C2" in refused.text.split('class="flash"')[1].split("</p>")[0]
    assert (
        f'href="/director/events/{event}?view=ranking#reopen-form" id="to-reopen"' in refused.text
    )
    reopen = client.get(f"/director/events/{event}?view=ranking").text
    assert 'id="reopen-form"' in reopen
    # A refusal of another kind has no such link.
    other = client.post(f"/director/events/{event}/result", data=form | {"tricks": "15"})
    assert 'id="to-reopen"' not in other.text


ENTRIES = st.sampled_from(
    [
        "4S N 10 lead HK",
        "3NTX S 8 lead DQ",
        "Pass",
        "adjusted A60/A40",
        "not-played",
        "score 420",
        "4S N 10 score 420",
    ]
)


@settings(max_examples=20, deadline=None)
@given(text=ENTRIES, lang=st.sampled_from(["en", "es"]))
def test_law79c_prefilled_fields_read_back_as_the_same_entry(text: str, lang: str) -> None:
    stored = Entry.from_str(text)
    fields = entry_fields(stored, lang)
    again = Entry.from_fields(
        contract=fields["contract"] or None,
        declarer=fields["declarer"] or None,
        tricks=fields["tricks"] or None,
        lead=fields["lead"] or None,
        score=fields["score"] or None,
        adjusted=fields["adjusted"] or None,
        not_played=bool(fields["not_played"]),
        lang=lang,
    )
    assert again == stored


def test_law79c_a_correction_that_changes_nothing_is_not_logged(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10 lead HK"))
    before = len(store.audit(event))
    same = client.post(
        f"/director/events/{event}/result",
        data={
            "csrf_token": csrf,
            "board": "1",
            "table": "1",
            "contract": "4S",
            "declarer": "N",
            "tricks": "10",
            "lead": "HK",
            "reason": "checking",
        },
    )
    assert "nothing changed" in same.text
    assert len(store.audit(event)) == before
    client.post(
        f"/director/events/{event}/result",
        data={
            "csrf_token": csrf,
            "board": "1",
            "table": "1",
            "contract": "4S",
            "declarer": "N",
            "tricks": "9",
            "lead": "HK",
            "reason": "misread",
        },
    )
    assert len(store.audit(event)) == before + 1
    assert next(r.entry for r in store.results(event) if r.board == 1).lead is not None


def test_law90_penalty_shows_on_the_pairs_score_card_with_its_law(
    director: tuple[TestClient, str], store: Store
) -> None:
    event = _event(store)
    ns, _, _ = _round_one(store, event, 1)
    store.add_penalty(
        event, PenaltyRecord(ns, PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B1", "late")
    )
    store.publish(event)
    card = director[0].get(f"/results/{event}/pairs/{ns}?lang=es").text
    penalties = card.split('id="penalties"')[1].split("</ul>")[0]
    assert "Artículo 90B1" in penalties
    assert "de un top" in penalties
    assert "late" in penalties


def test_score_card_in_spanish_translates_the_direction(
    director: tuple[TestClient, str], store: Store
) -> None:
    event = _event(store)
    _ns, ew, boards = _round_one(store, event, 1)
    store.enter_result(event, boards[0], 1, Entry.from_str("4S N 10"))
    store.publish(event)
    card = director[0].get(f"/results/{event}/pairs/{ew}?lang=es").text
    assert "<td>EO</td>" in card
    assert "<td>EW</td>" not in card


def test_results_pages_in_spanish_say_torneo_never_evento(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = _event(store)
    store.publish(event)
    pages = [
        client.get("/results?lang=es").text,
        client.get(f"/results/{event}?lang=es").text,
        client.get("/results/99?lang=es").text,
        client.get("/results/abc?lang=es").text,
        client.get(f"/results/{event}/boards/9?lang=es").text,
    ]
    assert any("torneo" in page.lower() for page in pages)
    for page in pages:
        assert "evento" not in page.lower()
