"""The new-event form on the desk: pair labels as a Spanish director writes them, and refusals.

A Mitchell's East-West pairs are ``EO`` (Este-Oeste) in Spanish: the form takes ``1EO``
and ``1eo`` as the pair the event keeps as ``1EW``, and the Spanish pages write ``1EO``
back. A refused form comes back filled in as it was typed, the reason beside the field.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.store import Store
from arbitro.tournament.event import Participant, pair_number
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store with director ana

NAMES = [
    f"{number}{side}: Jugador {number}{side} A, Jugador {number}{side} B"
    for number in (1, 2, 3)
    for side in ("NS", "EO")
]
"""Six lines of names for a 3-table Mitchell, East-West written EO."""


def _create(client: TestClient, csrf: str, lang: str = "es", **fields: str) -> str:
    data = {
        "csrf_token": csrf,
        "name": "Martes noche",
        "movement": "mitchell",
        "tables": "3",
        "boards_per_round": "2",
        "method": "mp",
        "participants": "\n".join(NAMES),
        **fields,
    }
    return client.post(f"/director/events?lang={lang}", data=data).text


def test_new_event_form_takes_eo_pair_labels_and_spanish_pages_write_eo(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    _create(client, csrf)
    [info] = store.events()
    numbers = {participant.number for participant in store.participants(info.id)}
    assert numbers == {"1NS", "2NS", "3NS", "1EW", "2EW", "3EW"}
    desk = client.get(f"/director/events/{info.id}?lang=es").text
    assert "1EO" in desk.split('id="participants"')[1].split("</ul>")[0]
    assert "1EW" not in desk.split('id="progress"')[1].split("</table>")[0]
    cards = client.get(f"/director/events/{info.id}/cards?lang=es").text
    assert "1EW" not in cards
    assert re.search(r"<td>[123]EO<", cards)
    english = client.get(f"/director/events/{info.id}/cards?lang=en").text
    assert re.search(r"<td>[123]EW<", english)


@given(number=st.integers(1, 99), side=st.sampled_from(["ns", "NS", "ew", "EW", "eo", "EO", "Eo"]))
def test_pair_number_reads_either_spelling_of_east_west(number: int, side: str) -> None:
    kept = pair_number(f"{number}{side}")
    assert kept == f"{number}{'NS' if side.upper() == 'NS' else 'EW'}"
    assert Participant.from_str(f"{number}{side}: Ana").number == kept


def test_refused_new_event_comes_back_filled_in_with_the_reason_beside_the_field(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    lines = [*NAMES[:5], "4EO: Sobra"]  # no pair 4EO in a 3-table Mitchell
    page = _create(client, csrf, participants="\n".join(lines), tables="3")
    assert store.events() == []
    assert 'value="Martes noche"' in page
    for line in lines:
        assert line in page
    assert re.search(r'<option value="mitchell" selected>', page)
    beside = page.split('name="participants"')[1].split("</form>")[0]
    assert 'id="participants-error"' in beside
    # The Spanish page names the pair as the director typed it, East-West as EO.
    assert "4EO" in beside
    assert "1NS, 1EO, 2NS, 2EO" in beside
    assert "EW" not in beside
    assert "línea 6" in beside


def _error(page: str, field: str) -> str:
    found = re.search(rf'id="{field}-error"[^>]*>([^<]*)<', page)
    assert found is not None, field
    return found[1]


@pytest.mark.parametrize(
    ("lang", "typed", "echoed", "other"),
    [("es", "7EO", "7EO", "7EW"), ("es", "7eo", "7EO", "7EW"), ("en", "7EW", "7EW", "7EO")],
)
def test_refused_sit_out_is_named_in_the_pages_notation(
    director: tuple[TestClient, str], store: Store, lang: str, typed: str, echoed: str, other: str
) -> None:
    client, csrf = director
    page = _create(client, csrf, lang=lang, sit_out=typed)
    assert store.events() == []
    said = _error(page, "sit_out")
    assert echoed in said
    assert other not in said
    assert ("1EO" if lang == "es" else "1EW") in said  # the pairs it has, written alike


def test_refused_pair_line_is_named_in_english_notation_on_the_english_page(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    lines = [*NAMES[:5], "4EO: Sobra"]
    said = _error(_create(client, csrf, lang="en", participants="\n".join(lines)), "participants")
    assert store.events() == []
    assert "line 6" in said
    assert "4EW" in said
    assert "EO" not in said


def test_refused_new_event_names_a_bad_number_of_tables_beside_its_field(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    page = _create(client, csrf, lang="en", tables="1", name="")
    assert store.events() == []
    assert (
        "expected a whole number from 2 to 30" in page.split('name="tables"')[1].split("<label")[0]
    )
    assert "the event needs a name" in page.split('name="name"')[1].split("<label")[0]
    assert "Jugador 1EO A" in page


def test_new_event_page_starts_with_the_default_fields(director: tuple[TestClient, str]) -> None:
    client, _ = director
    page = client.get("/director/").text
    assert 'name="tables" type="number" min="2" max="30" value="4"' in page
    assert SECRET not in page


def test_law78b_a_teams_event_with_a_pairs_scoring_is_refused_and_comes_back_in_victory_points(
    director: tuple[TestClient, str], store: Store
) -> None:
    """Without JavaScript the form can send Teams with Matchpoints: the desk says why not.

    A teams event's matches are scored in IMPs, then victory points (or as a knockout);
    a pairs' method would be kept and never used. The form comes back with the teams'
    scoring chosen, the reason beside the field, and nothing is created.
    """
    client, csrf = director
    for method in ("mp", "imp-butler", "cross-imp", "total"):
        answer = client.post(
            "/director/events?lang=es",
            data={"csrf_token": csrf, "name": "Liga", "kind": "teams",
                  "movement": "round-robin", "tables": "4", "boards_per_round": "6",
                  "method": method},
        )  # fmt: skip
        assert answer.status_code == 422
        assert "un torneo por equipos se puntúa en IMP convertidos en puntos de victoria" in (
            answer.text
        )
        chosen = re.search(r'<option value="(\w+)" data-kind="\w+" selected>', answer.text)
        assert chosen is not None
        assert chosen[1] == "vp"
    assert store.events() == []
    created = client.post(
        "/director/events?lang=es",
        data={"csrf_token": csrf, "name": "Liga", "kind": "teams", "movement": "round-robin",
              "tables": "4", "boards_per_round": "6", "method": "vp"},
    )  # fmt: skip
    assert created.status_code == 200
    [info] = store.events()
    assert (info.spec.kind, info.spec.knockout) == ("teams", False)


def test_law78b_victory_points_or_a_knockout_for_a_pairs_event_are_refused(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    for method in ("vp", "knockout"):
        answer = client.post(
            "/director/events?lang=en",
            data={"csrf_token": csrf, "name": "Pairs", "kind": "pairs", "movement": "howell",
                  "tables": "4", "boards_per_round": "2", "method": method},
        )  # fmt: skip
        assert answer.status_code == 422
        assert "victory points and a knockout score a teams event" in answer.text
    assert store.events() == []
