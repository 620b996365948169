"""The desk's forms that a refusal sends back come back as typed, the refusal naming the field.

On a Spanish desk: the decision on an appeal (Law 93) refused for its score, its
matter (Law 93B) or its missing ruling; a penalty's change and withdrawal (Laws 90, 91)
refused for want of their reason or for an amount that is no number; a players'
rectification (Law 10B) without what they did or on a board the event has not; a
psychic (Law 40C1) with a call that is none; a table log checked (Law 40B5), whose
fields come back but not the log (too long to keep between two pages); a reopening
(Law 79C2) of a board the event has not; a pair's players named without a name. The director
corrects the field named instead of typing the whole form again.
"""

from __future__ import annotations

import html
from fractions import Fraction

import pytest
from fastapi.testclient import TestClient

from arbitro.i18n import gettext, use_language
from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.records import PenaltyKind, PenaltyRecord, Ruling

pytest_plugins = ("web_director",)  # the store and director fixtures


@pytest.fixture
def event(store: Store) -> int:
    """A pairs event: board 2 played 1 v 3 at table 1, a penalty on pair 2."""
    pairs = [
        Participant.from_str("1: Ana, Luis"),
        Participant.from_str("2: Rosa, Pablo"),
        Participant.from_str("3: Eva, Juan"),
        Participant.from_str("4: Sara, Iker"),
    ]
    number = store.create_event(EventSpec("Club", boards=4), pairs)
    store.enter_result(number, 2, 1, Entry.from_str("2S N 8"), ns="1", ew="3")
    store.add_penalty(
        number, PenaltyRecord("2", PenaltyKind.PROCEDURAL, Fraction(3), "mp", "90B2", "juego lento")
    )
    return number


def _field(label: str) -> str:
    """A field's label as a Spanish refusal names it, between the language's quotes."""
    with use_language("es"):
        return html.escape(gettext("“{label}”").format(label=gettext(label)), quote=False)


def _form(page: str, form_id: str) -> str:
    return page.split(f'id="{form_id}"')[1].split("</form>")[0]


def _flash(page: str) -> str:
    return page.split('class="flash"')[1].split("</p>")[0]


def test_law_93_a_refused_decision_comes_back_as_typed_naming_its_field(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    client.headers["Accept-Language"] = "es-ES"  # a Spanish desk
    store.add_ruling(event, Ruling(2, 1, "16B1a", "la marca se mantiene"))
    appeal = store.lodge_appeal(event, "3", "hubo vacilación", ruling=1)
    url = f"/director/events/{event}/appeals/{appeal}/decision"
    typed = {
        "csrf_token": csrf, "decision": "upheld", "matter": "judgement", "body": "committee",
        "committee": "yes", "score": "4X N 10",
    }  # fmt: skip
    # A score that is no contract: the score's field is named, everything comes back.
    page = client.post(url, data=typed).text
    assert store.appeals(event)[0].appeal.decision is None
    flash = _flash(page)
    assert _field("The score the decision gives the table (upheld; empty: none)") in flash
    assert "«4X»" in flash
    form = _form(page, f"decision-{appeal}")
    assert 'value="upheld" selected' in form
    assert 'value="judgement" selected' in form
    assert 'value="committee" selected' in form
    assert 'value="yes" selected' in form
    assert 'value="4X N 10"' in form
    # A score without what the appeal turned on (Law 93B): the matter's field is named.
    page = client.post(url, data=typed | {"matter": "", "score": "4P N 10"}).text
    assert _field("It turns on (Law 93B)") in _flash(page)
    assert "--matter" not in _flash(page)
    form = _form(page, f"decision-{appeal}")
    assert 'value="4P N 10"' in form
    assert 'value="" selected' in form.split('name="matter"')[1].split("</select>")[0]
    # Corrected, it is recorded: hearts are P in Spanish, as typed.
    client.post(url, data=typed | {"score": "4P N 10"})
    (decided,) = store.appeals(event)
    assert decided.appeal.decision is not None


def test_law_93_a_decision_on_an_appeal_without_a_ruling_names_the_ruling_field(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    client.headers["Accept-Language"] = "es-ES"  # a Spanish desk
    appeal = store.lodge_appeal(event, "3", "hubo vacilación")
    page = client.post(
        f"/director/events/{event}/appeals/{appeal}/decision",
        data={
            "csrf_token": csrf, "decision": "upheld", "matter": "judgement",
            "body": "committee", "committee": "yes", "score": "ajustado A60/A40",
        },
    ).text  # fmt: skip
    assert _field("Ruling appealed") in _flash(page)
    assert "--ruling" not in _flash(page)
    assert 'value="ajustado A60/A40"' in _form(page, f"decision-{appeal}")


def test_law_90_a_refused_change_of_a_penalty_comes_back_as_typed_naming_why(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    client.headers["Accept-Language"] = "es-ES"  # a Spanish desk
    (given,) = store.penalties(event)
    url = f"/director/events/{event}/penalties/{given.number}"
    typed = {
        "csrf_token": csrf, "participant": "2", "kind": "procedural", "amount": "5",
        "unit": "mp", "law": "90B8", "reason": "juego muy lento", "why": "   ",
    }  # fmt: skip
    page = client.post(url, data=typed).text
    assert store.penalties(event)[0].record.amount == 3
    assert _field("Why it changes") in _flash(page)
    assert f"<details open>\n<summary>{_t('Change or withdraw')}" in page
    form = _form(page, f"change-{given.number}")
    for value in ('value="5"', 'value="90B8"', 'value="juego muy lento"', 'value="   "'):
        assert value in form
    # An amount that is no number comes back too, with the reason typed.
    page = client.post(url, data=typed | {"amount": "cinco", "why": "mal contado"}).text
    form = _form(page, f"change-{given.number}")
    assert 'value="cinco"' in form
    assert 'value="mal contado"' in form
    assert "cinco" in _flash(page)
    client.post(url, data=typed | {"why": "mal contado"})
    assert store.penalties(event)[0].record.amount == 5


def test_law_90_a_refused_withdrawal_of_a_penalty_names_why_and_keeps_the_form_open(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    client.headers["Accept-Language"] = "es-ES"  # a Spanish desk
    (given,) = store.penalties(event)
    page = client.post(
        f"/director/events/{event}/penalties/{given.number}/withdraw",
        data={"csrf_token": csrf, "why": "  "},
    ).text
    assert len(store.penalties(event)) == 1
    assert _field("Why it is withdrawn") in _flash(page)
    assert f"<details open>\n<summary>{_t('Change or withdraw')}" in page
    assert 'value="  "' in _form(page, f"withdraw-{given.number}")


def _t(message: str) -> str:
    with use_language("es"):
        return html.escape(gettext(message), quote=False)


def test_law_10b_a_refused_rectification_comes_back_as_typed_naming_its_field(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    client.headers["Accept-Language"] = "es-ES"  # a Spanish desk
    url = f"/director/events/{event}/rectified"
    typed = {
        "csrf_token": csrf, "board": "2", "table": "1", "session": "1", "what": "   ",
        "decision": "cancel",
    }  # fmt: skip
    page = client.post(url, data=typed).text
    assert store.rulings(event) == []
    assert _field("What the players did without the director").strip("“”«»") in _flash(page)
    form = _form(page, "rectified-form")
    for value in ('value="2"', 'value="1"', 'value="   "', 'value="cancel" selected'):
        assert value in form
    # A board the event does not have: refused, and the form is as typed.
    page = client.post(url, data=typed | {"board": "9", "what": "salida fuera de turno"}).text
    assert store.rulings(event) == []
    assert "9" in _flash(page)
    form = _form(page, "rectified-form")
    assert 'value="9"' in form
    assert 'value="salida fuera de turno"' in form


def test_law_40c1_a_refused_psychic_comes_back_as_typed(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    client.headers["Accept-Language"] = "es-ES"  # a Spanish desk
    typed = {
        "csrf_token": csrf, "pair": "3", "board": "2", "table": "1", "session": "1",
        "auction": "Paso 1X", "kind": "deviation", "fielded": "on", "note": "sin puntos",
    }  # fmt: skip
    page = client.post(f"/director/events/{event}/psychics", data=typed).text
    assert store.pair_register(event, "3") == []
    assert "1X" in _flash(page)
    form = _form(page, "psychic-form")
    for value in (
        'value="Paso 1X"', 'value="deviation" selected', 'name="fielded" checked',
        'value="sin puntos"', 'value="2"',
    ):  # fmt: skip
        assert value in form
    assert 'name="implicit_agreement" checked' not in form


def test_law_40b5_a_refused_table_log_comes_back_as_typed_with_its_log(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    client.headers["Accept-Language"] = "es-ES"  # a Spanish desk
    log = '{"event": "board", "board": 2}\nesto no es un registro <b>\n' + "x" * 5000
    typed = {
        "csrf_token": csrf, "pair": "3", "side": "EW", "table": "2", "session": "1",
        "weak_twos": "2C 2P", "log": log,
    }  # fmt: skip
    answer = client.post(f"/director/events/{event}/aeb/log", data=typed)
    assert answer.status_code == 422
    assert store.pair_register(event, "3") == []
    assert "«deal»" in _flash(answer.text)  # what is wrong in the log, named
    form = _form(answer.text, "log-form")
    assert 'value="EW" selected' in form
    assert 'value="2C 2P"' in form
    assert 'value="2"' in form
    # The log, longer than the session's cookie holds, comes back whole, and escaped.
    assert log in html.unescape(form)
    assert "<b>" not in form


def test_law_79c2_a_refused_reopening_comes_back_as_typed(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    client.headers["Accept-Language"] = "es-ES"  # a Spanish desk
    store.publish(event)
    typed = {
        "csrf_token": csrf, "boards": "2, 9", "reason": "marca mal sumada",
        "organiser": "Club Nerja",
    }  # fmt: skip
    page = client.post(f"/director/events/{event}/reopen", data=typed).text
    assert store.event(event).reopened is None
    assert "«9»" in _flash(page)  # the board the event has not
    form = _form(page, "reopen-form")
    for value in ('value="2, 9"', 'value="marca mal sumada"', 'value="Club Nerja"'):
        assert value in form


def test_a_refused_naming_of_a_pairs_players_comes_back_as_typed(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    client.headers["Accept-Language"] = "es-ES"  # a Spanish desk
    typed = {"csrf_token": csrf, "participant": "3", "players": "#1234, Juan"}
    page = client.post(f"/director/events/{event}/participants", data=typed).text
    assert "#1234" in _flash(page)
    form = _form(page, "players-form")
    assert 'value="3" selected' in form
    assert 'value="#1234, Juan"' in form
