"""The desk and the API reach what the command line does for Laws 4, 91, 10B and the AEB's rules.

Laws 4 (a substitute), 91 (suspension, disqualification) and 10B (the players' own
rectification) from the event's rulings view and, for 10B, the director's API; the
AEB's register of psychic calls (section C) where the director rules and on its own
page with the form that records one; a convention card's methods checked against the
event's level (Law 40B2a, the AEB's lists); and the organiser's list of adjustments
(criterion 4) the same on the desk as from ``arbitro ruling list --adjusted``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.store import Store
from arbitro.table.agreements import ConventionCard
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.psychics import PsychicKind, PsychicRecord
from arbitro.tournament.records import Ruling

pytest_plugins = ("web_director",)  # the store and director fixtures

CARD = (
    "system: Standard\n"
    "1NT Pass 2D: transfer to hearts (artificial)\n"
    "2D: multi, a weak two in a major (special defence) (alert)\n"
)
"""A card whose multi 2D needs a special defence: the AEB allows it only at national level."""


@pytest.fixture
def event(store: Store) -> int:
    """An AEB pairs event: board 2 played 1 v 3 at table 1 and 2 v 4 at table 2."""
    pairs = [
        Participant.from_str("1: Ana, Luis"),
        Participant.from_str("2: Rosa, Pablo"),
        Participant.from_str("3: Eva, Juan"),
        Participant.from_str("4: Sara, Iker"),
    ]
    number = store.create_event(EventSpec("Club", boards=4), pairs)
    store.enter_result(number, 2, 1, Entry.from_str("2S N 8"), ns="1", ew="3")
    store.enter_result(number, 2, 2, Entry.from_str("2S N 9"), ns="2", ew="4")
    return number


def _log(store: Store, event: int) -> list[tuple[str, str]]:
    return [(entry.action, entry.detail) for entry in store.event_log(event)]


# -- Law 4 and Law 91 on the rulings view ---------------------------------------------------


def test_law_4_the_desk_records_a_substitute_the_director_authorises(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    view = client.get(f"/director/events/{event}?view=rulings").text
    assert 'id="act-form"' in view
    assert "(Law 4)" in view
    url = f"/director/events/{event}/acts"
    form = {"csrf_token": csrf, "participant": "3", "action": "substitute", "reason": "ill"}
    same = client.post(url, data=form | {"player": "Eva", "substitute": "Eva"})
    assert (
        "Refused: invalid record &#39;Eva&#39;: a substitute replaces another player (Law 4)"
        in (same.text)
    )
    assert _log(store, event) == []
    page = client.post(url, data=form | {"player": "Eva", "substitute": "Ada"})
    assert "3: Ada for Eva in session 1: ill (Law 4, authorised by ana)" in page.text
    assert _log(store, event) == [
        ("substitute", "3: Ada for Eva in session 1: ill (Law 4, authorised by ana)")
    ]
    # The event's log on the desk names the act.
    assert "substitute authorised (Law 4)" in client.get(f"/director/events/{event}").text


def test_law_91_the_desk_suspends_and_disqualifies_with_the_organiser(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    url = f"/director/events/{event}/acts"
    form = {"csrf_token": csrf, "participant": "2", "reason": "abusive"}
    suspended = client.post(url, data=form | {"action": "suspend", "boards": "3-4"})
    assert "session 1, boards 3-4: abusive (Law 91A, by ana; final, Law 93B3)" in suspended.text
    unapproved = client.post(url, data=form | {"action": "disqualify"})
    assert "Refused:" in unapproved.text
    assert "(Law 91B)" in unapproved.text
    stranger = client.post(url, data=form | {"participant": "9", "action": "suspend"})
    assert "&#39;9&#39; is not a participant of the event" in stranger.text
    approved = client.post(url, data=form | {"action": "disqualify", "organiser": "Club"})
    assert approved.status_code == 200
    assert _log(store, event) == [
        ("suspend", "2: session 1, boards 3-4: abusive (Law 91A, by ana; final, Law 93B3)"),
        ("disqualify", "2: abusive (Law 91B, by ana; approved by the organiser Club)"),
    ]


def test_law_91_the_desk_speaks_to_the_director_in_spanish(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    client.cookies.set("arbitro_lang", "es")
    view = client.get(f"/director/events/{event}?view=rulings").text
    assert "Suspender de la sesión o de algunos estuches (Artículo 91A)" in view
    url = f"/director/events/{event}/acts"
    page = client.post(
        url, data={"csrf_token": csrf, "participant": "2", "action": "suspend", "reason": "x"}
    )
    assert "Anotado en el registro del torneo" in page.text
    assert "toda la sesión 1" in page.text


def test_law_91b_a_refused_act_comes_back_as_typed_and_names_an_east_west_pair_as_eo(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(
        EventSpec("Martes", boards=4), [Participant.from_str("1NS"), Participant.from_str("1EW")]
    )
    url = f"/director/events/{event}/acts?lang=es"
    form = {
        "csrf_token": csrf, "participant": "1EW", "action": "disqualify",
        "reason": "conducta antideportiva", "session": "1",
    }  # fmt: skip
    refused = client.post(url, data=form).text
    assert _log(store, event) == []
    act_form = refused.split('id="act-form"')[1].split("</form>")[0]
    assert 'value="1EW" selected' in act_form
    assert 'value="disqualify" selected' in act_form
    assert 'value="conducta antideportiva"' in act_form
    done = client.post(url, data=form | {"organiser": "Club Nerja"}).text
    flash = done.split('class="flash"')[1].split("</p>")[0]
    assert "Anotado en el registro del torneo: 1EO:" in flash


# -- Law 10B: the players' own rectification ------------------------------------------------


def test_law_10b_the_desk_records_the_players_rectification_accepted_or_cancelled(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    url = f"/director/events/{event}/rectified"
    form = {"csrf_token": csrf, "board": "2", "table": "1", "what": "East took back his lead"}
    accepted = client.post(url, data=form | {"decision": "accept"})
    assert "accepted (Law 10B)" in accepted.text
    cancelled = client.post(url, data=form | {"decision": "cancel", "table": ""})
    assert "cancelled, the director rectifies as the Laws say (Law 10B)" in cancelled.text
    outside = client.post(url, data=form | {"decision": "accept", "board": "9"})
    assert "board 9 is not in the event (expected 1 to 4)" in outside.text
    rulings = store.rulings(event)
    assert [(r.board, r.table, r.law, r.director) for _, r in rulings] == [
        (2, 1, "10B", "ana"),
        (2, None, "10B", "ana"),
    ]
    assert rulings[0][1].text.endswith("East took back his lead; accepted (Law 10B)")


@pytest.mark.parametrize("form", ["rectified", "psychics"])
def test_desk_forms_refuse_a_table_written_in_digits_that_are_no_number(
    director: tuple[TestClient, str], store: Store, event: int, form: str
) -> None:
    """``"²".isdigit()`` is true: the table field is refused naming it, never a server error."""
    client, csrf = director
    fields = {"csrf_token": csrf, "board": "2", "table": "²", "what": "lead taken back"}
    fields |= {"decision": "accept", "pair": "3", "kind": "psychic", "auction": "Pass 1S"}
    refused = client.post(f"/director/events/{event}/{form}", data=fields)
    assert refused.status_code == 200  # the desk's page again, with the refusal
    assert "Refused: table: expected a whole number from 1, not &#39;²&#39;" in refused.text
    assert store.rulings(event) == []
    assert store.pair_register(event, "3") == []


def test_law_10b_through_the_api(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    client.headers["X-CSRF-Token"] = csrf
    url = f"/api/events/{event}/rectifications"
    body = {"board": 3, "table": 2, "what": "dummy's card played back", "accepted": False}
    answer = client.post(url, json=body)
    assert answer.status_code == 201, answer.text
    number = answer.json()["id"]
    assert dict(store.rulings(event))[number].law == "10B"
    assert "cancelled" in dict(store.rulings(event))[number].text
    assert client.post(url, json=body | {"what": "  "}).status_code == 422
    assert client.post(url, json=body | {"board": 9}).status_code == 422
    assert client.post("/api/events/99/rectifications", json=body).status_code == 404
    client.headers.pop("X-CSRF-Token")
    assert client.post(url, json=body).status_code == 403


# -- The psychics' register (the AEB's section C) -------------------------------------------


def test_aeb_psychic_the_desk_records_a_call_and_says_its_consequence(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    page = client.get(f"/director/events/{event}/aeb?pair=3").text
    assert "Pair 3 has no psychic on record." in page
    url = f"/director/events/{event}/psychics"
    form = {"csrf_token": csrf, "pair": "3", "board": "2", "table": "1", "auction": "Pass 1S"}
    lawful = client.post(url, data=form | {"kind": "psychic"})
    assert "lawful: no agreement" in lawful.text
    fielded = client.post(url, data=form | {"kind": "psychic", "fielded": "on"})
    assert "a concealed partnership agreement" in fielded.text
    assert "the pair made this call before" in fielded.text  # the same auction, again
    bad = client.post(url, data=form | {"kind": "psychic", "auction": "1Z"})
    assert "Refused:" in bad.text
    stranger = client.post(url, data=form | {"kind": "psychic", "pair": "9"})
    assert "there is no pair 9 in this event" in stranger.text
    register = store.pair_register(event, "3")
    assert [(r.kind, r.fielded, r.director) for r in register] == [
        (PsychicKind.PSYCHIC, False, "ana"),
        (PsychicKind.PSYCHIC, True, "ana"),
    ]
    shown = client.get(f"/director/events/{event}/aeb?pair=3").text
    assert "Club, board 2, table 1: Pass 1S, psychic, fielded" in shown


def test_aeb_psychic_register_is_shown_where_the_director_rules(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, _csrf = director
    # Pair 3's players played another event as pair 7: their register follows them.
    other = store.create_event(
        EventSpec("Monday", boards=4), [Participant.from_str("7: Juan, Eva")]
    )
    store.record_psychic(other, PsychicRecord("7", 1, 1, 1, ("2H",), PsychicKind.DEVIATION))
    blank = client.get(f"/director/cases/new?event={event}&kind=MI&board=2").text
    assert "No psychic on record for the pairs of this case." in blank
    # The worksheet of a case at table 1 (NS 1, EW 3) shows pair 3's record, not pair 2's.
    form = {
        "csrf_token": _csrf, "event": str(event), "kind": "MI", "board": "2", "table": "1",
        "session": "1", "offenders": "EW", "actual": "110", "action": "save",
    }  # fmt: skip
    saved = client.post("/director/cases", data=form, follow_redirects=True)
    assert saved.status_code == 200
    assert "Pair 3's register of psychics" in saved.text
    assert "Monday, board 1, table 1: 2H, deviation" in saved.text
    assert "Pair 2's register" not in saved.text
    assert f'href="/director/events/{event}/aeb?pair=3"' in saved.text  # the offenders first


@settings(max_examples=15, deadline=None)
@given(
    fielded=st.booleans(),
    implicit=st.booleans(),
    kind=st.sampled_from([kind.value for kind in PsychicKind]),
)
def test_aeb_psychic_desk_consequence_is_the_rules(
    tmp_path_factory: pytest.TempPathFactory, fielded: bool, implicit: bool, kind: str
) -> None:
    from arbitro.store import open_store
    from arbitro.web import create_app
    from arbitro.web.security import hash_password

    store = open_store(str(tmp_path_factory.mktemp("p") / "a.sqlite3"))
    store.add_director("ana", hash_password("club night 2026"))
    event = store.create_event(EventSpec("Club", boards=4), [Participant("1")])
    try:
        with TestClient(create_app(store, secret="s" * 64)) as client:
            signed = client.post(
                "/api/session", json={"name": "ana", "password": "club night 2026"}
            )
            form = {
                "csrf_token": signed.json()["csrf"], "pair": "1", "board": "1",
                "auction": "2H", "kind": kind,
            }  # fmt: skip
            if fielded:
                form["fielded"] = "on"
            if implicit:
                form["implicit_agreement"] = "on"
            page = client.post(f"/director/events/{event}/psychics", data=form).text
    finally:
        store.close()
    # Lawful exactly when partner did not field it and there is no implicit agreement.
    assert ("lawful: no agreement" in page) == (not fielded and not implicit)
    assert ("Law 40C1, 12C1e" in page) == (fielded or implicit)


# -- Highly unusual methods: the card against the event's level ------------------------------


def test_aeb_unusual_methods_the_desk_checks_a_card_against_the_level(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    store.keep_convention_card(event, ConventionCard.from_text("1", CARD))
    page = client.get(f"/director/events/{event}/aeb?pair=1").text
    assert "Level (AEB)" in page
    assert "a method that requires a special defence, not allowed at this event&#39;s level" in page
    assert (
        "Pair 2 has no convention card in this event."
        in client.get(f"/director/events/{event}/aeb?pair=2").text
    )
    url = f"/director/events/{event}/level"
    wrong = client.post(url, data={"csrf_token": csrf, "level": "world", "pair": "1"})
    assert "invalid event level &#39;world&#39;: expected one of club, regional, national" in (
        wrong.text
    )
    assert store.kept_level(event) is None
    kept = client.post(url, data={"csrf_token": csrf, "level": "national", "pair": "1"})
    assert f"Event {event} is at level national" in kept.text
    assert "The card's methods are allowed at level national (AEB)." in kept.text
    assert store.kept_level(event) == "national"
    # Reachable from the event's rulings view.
    view = client.get(f"/director/events/{event}?view=rulings").text
    assert f'href="/director/events/{event}/aeb"' in view


# -- Criterion 4: the organiser's list, the same on the desk and the command line -----------


def test_aeb_homogenisation_4_the_desk_lists_what_the_command_line_lists(
    director: tuple[TestClient, str],
    store: Store,
    event: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    client, _csrf = director
    store.correct_result(event, 2, 2, Entry.from_str("adjusted A60/A40"), reason="12C2", by="ana")
    store.add_ruling(event, Ruling(3, 1, "13B", "board with 12 and 14 cards; A60/A40", "ana"))
    store.add_ruling(event, Ruling(3, 2, "27B1a", "insufficient bid corrected"))
    page = client.get(f"/director/cases?event={event}&adjusted=1").text
    with pytest.raises(SystemExit) as exit_:
        main(
            ["ruling", "list", str(event), "--adjusted", "--db", str(tmp_path / "arbitro.sqlite3")]
        )
    out = capsys.readouterr().out
    assert exit_.value.code in (0, None)
    lines = [line for line in out.splitlines() if line]
    assert len(lines) == 2  # the entered artificial score and the 13B ruling, not 27B1a
    assert "adjusted score entered" in lines[0]
    assert "Law 13B" in lines[1]
    for line in lines:
        assert line.replace("'", "&#39;") in page
    assert "27B1a" not in page.split("Score adjustments, for the organiser")[1]
    everything = client.get(f"/director/cases?event={event}").text
    assert "adjusted score entered" not in everything  # the full list is of the worksheet's


def test_aeb_homogenisation_4_json_and_text_come_from_one_list(
    store: Store, event: int, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store.add_ruling(event, Ruling(1, 1, "15B", "pair at the wrong table; A60/A40", "ana"))
    found = store.organiser_adjustments(event)
    database = str(tmp_path / "arbitro.sqlite3")
    with pytest.raises(SystemExit):
        main(["ruling", "list", str(event), "--adjusted", "--json", "--db", database])
    rows = json.loads(capsys.readouterr().out)
    assert [row["kind"] for row in rows] == ["ruling"]
    assert len(found.lines()) == len(rows)
