"""The club's member list on the desk: names, federation numbers checked, search, reuse.

The AEB's licence number format is not in the sources Árbitro is built on, so a
federation number is checked for what any must be to be written ``NAME #NUMBER``:
1 to 20 letters, digits or hyphens; and one number belongs to one member only.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.store import Store, StoreError, open_store
from arbitro.store.club import federation_number

pytest_plugins = ("web_director",)  # the store with director ana, her client


def add(client: TestClient, csrf: str, name: str, number: str = "", lang: str = "es") -> str:
    data = {"csrf_token": csrf, "name": name, "federation_number": number}
    return client.post(f"/director/members?lang={lang}", data=data).text


def test_members_are_added_listed_and_removed_on_the_desk(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    page = add(client, csrf, "Ana García", "12345")
    assert "Socio Ana García añadido." in page
    add(client, csrf, "Luis Pérez")
    listed = client.get("/director/members").text.split('id="members"')[1]
    assert listed.index("Ana García") < listed.index("Luis Pérez")
    assert "12345" in listed
    [ana] = [member for member in store.members() if member.name == "Ana García"]
    client.post(f"/director/members/{ana.id}/remove", data={"csrf_token": csrf})
    assert [member.name for member in store.members()] == ["Luis Pérez"]


@pytest.mark.parametrize(
    ("name", "number", "field", "reason"),
    [
        ("Ana", "12 345", "federation_number", "no es válido"),
        ("Ana", "#12", "federation_number", "no es válido"),
        ("Ana, Luis", "", "name", "separan a los jugadores"),
        ("", "7", "name", "el nombre de un socio"),
    ],
)
def test_a_refused_member_comes_back_filled_in_with_the_reason_beside_the_field(
    director: tuple[TestClient, str], store: Store, name: str, number: str, field: str, reason: str
) -> None:
    client, csrf = director
    page = add(client, csrf, name, number)
    assert store.members() == []
    assert f'id="{field}-error"' in page
    assert reason in page.split(f'name="{field}"')[1].split("</label>")[1]
    assert f'value="{number}"' in page


def test_a_federation_number_belongs_to_one_member_only(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    add(client, csrf, "Ana García", "12345")
    page = add(client, csrf, "Eva Ruiz", "12345", lang="en")
    beside = page.split('name="federation_number"')[1].split("</label>")[1]
    assert "the federation number 12345 is already Ana García" in beside
    assert 'value="Eva Ruiz"' in page
    assert [member.name for member in store.members()] == ["Ana García"]


@given(text=st.text(max_size=30))
def test_federation_numbers_accepted_are_written_and_read_back_in_a_pair(text: str) -> None:
    try:
        number = federation_number(text)
    except StoreError:
        return
    if number is None:
        assert not text.strip()
        return
    assert number.replace("-", "").isascii()
    assert " " not in number
    assert "#" not in number
    assert "," not in number
    from arbitro.tournament.event import Participant

    assert Participant.from_str(f"1: Ana #{number}").players[0].federation_number == number


def test_search_as_you_type_finds_members_by_name_or_number_in_any_case(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    store.add_member("Ana García", "12345")
    store.add_member("Luis Pérez", "777")
    store.add_member("Mariana Gil")
    found = client.get("/director/members/search", params={"q": "ana"}).json()["members"]
    assert [member["name"] for member in found] == ["Ana García", "Mariana Gil"]
    assert found[0]["text"] == "Ana García #12345"
    by_number = client.get("/director/members/search", params={"q": "77"}).json()["members"]
    assert [member["name"] for member in by_number] == ["Luis Pérez"]
    two_words = client.get("/director/members/search", params={"q": "gil mar"}).json()
    assert [member["name"] for member in two_words["members"]] == ["Mariana Gil"]
    assert client.get("/director/members/search", params={"q": "%"}).json()["members"] == []


def test_the_member_list_needs_a_director(store: Store) -> None:
    from arbitro.web import create_app

    with TestClient(create_app(store, secret="k" * 64)) as anonymous:
        answer = anonymous.get("/director/members/search", params={"q": "a"})
        assert answer.url.path == "/director/sign-in"


def test_the_new_event_form_offers_the_member_list(director: tuple[TestClient, str]) -> None:
    client, _ = director
    page = client.get("/director/?lang=es").text
    assert 'id="member-search"' in page
    assert 'data-url="/director/members/search"' in page
    assert "/static/members.js" in page
    assert client.get("/static/members.js").status_code == 200


def test_members_are_kept_across_reopening_the_database(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    location = str(tmp_path / "club.sqlite3")
    first = open_store(location)
    first.add_member("Ana García", "12345")
    first.close()
    again = open_store(location)
    assert [member.to_str() for member in again.members()] == ["Ana García #12345"]
