"""Procedural penalties (Law 90) on the director's desk, the API and the command line.

A penalty the event's scoring cannot take is refused where it is given and stores
nothing; a penalty on a pair that has not played yet waits and the event still ranks;
the director withdraws or changes a penalty with the reason in the event's log; and no
stored penalty makes a page of the event fail.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.store import Store
from arbitro.store.models import PenaltyRow
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.tournament.records import PenaltyKind, PenaltyRecord

pytest_plugins = ("web_director",)  # the store with director ana


def _event(store: Store) -> int:
    """A 3-table Mitchell, 2 boards a round, round 1 played at tables 1 and 2 (not 3)."""
    event = store.create_event(EventSpec("Martes noche", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    movement = store.movement(event)
    assert movement is not None
    for seating in movement.schedule:
        if seating.round == 1 and seating.table in (1, 2):
            for board in seating.boards:
                store.enter_result(event, board, seating.table, Entry.from_str("3NT S 9"))
    return event


def _not_played(store: Store, event: int) -> str:
    """A pair with no result yet: North-South of table 3."""
    movement = store.movement(event)
    assert movement is not None
    return next(s for s in movement.schedule if s.round == 1 and s.table == 3).sides[0]


def _pages_answer(client: TestClient, store: Store, event: int, pair: str) -> None:
    """Every page of the event answers: desk, ranking, traveller, score card, API."""
    assert client.get(f"/director/events/{event}").status_code == 200
    assert client.get(f"/api/events/{event}/ranking").status_code == 200
    store.publish(event)
    assert client.get(f"/results/{event}").status_code == 200
    assert client.get(f"/results/{event}/boards/1").status_code == 200
    assert client.get(f"/results/{event}/pairs/{pair}").status_code == 200


def test_law90_penalty_in_a_unit_the_event_cannot_use_is_refused_on_the_desk_and_stores_nothing(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    answer = client.post(
        f"/director/events/{event}/penalties?lang=es",
        data={
            "csrf_token": csrf,
            "participant": "1EW",
            "amount": "3",
            "unit": "imps",
            "law": "90",
        },
    )
    assert store.penalties(event) == []
    flash = re.search(r'class="flash"[^>]*>([^<]*)<', answer.text)
    assert flash is not None
    assert "Rechazado" in flash.group(1)
    # The units the event can use are named, in the page's language.
    assert "de un top" in flash.group(1)
    assert "puntos de match" in flash.group(1)
    _pages_answer(client, store, event, "1EW")


def test_law90_penalty_in_imps_in_a_matchpoint_event_is_refused_by_the_api(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    answer = client.post(
        f"/api/events/{event}/penalties",
        json={"participant": "1EW", "amount": "3", "unit": "imps", "law": "90"},
        headers={"X-CSRF-Token": csrf},
    )
    assert answer.status_code in (400, 409, 422)
    assert "a share of a top, matchpoints" in answer.text
    assert store.penalties(event) == []


def test_law90_penalty_in_imps_in_a_matchpoint_event_is_refused_by_the_command_line(
    store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = _event(store)
    database = str(tmp_path / "arbitro.sqlite3")
    with pytest.raises(SystemExit) as exit_:
        main(["event", "penalty", str(event), "1NS", "3IMP", "--reason", "slow", "--db", database])
    assert exit_.value.code != 0
    assert "a share of a top, matchpoints" in capsys.readouterr().err
    assert store.penalties(event) == []


def test_law90b2_penalty_on_a_pair_that_has_not_played_waits_and_the_event_still_ranks(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    late = _not_played(store, event)
    client.post(
        f"/director/events/{event}/penalties",
        data={
            "csrf_token": csrf,
            "participant": late,
            "amount": "1/10",
            "unit": "top",
            "law": "90B1",
            "reason": "late arrival",
        },
    )
    assert [stored.record.participant for stored in store.penalties(event)] == [late]
    desk = client.get(f"/director/events/{event}").text
    assert f"{late} has no result in session 1 yet" in desk
    before = {line.participant: line for line in store.ranking(event)}
    assert not before[late].played  # listed with nothing compared (Law 78A), the penalty waiting
    # Once the pair has played, the penalty comes off its score.
    movement = store.movement(event)
    assert movement is not None
    for seating in movement.schedule:
        if (seating.round, seating.table) == (1, 3) or seating.round == 2:
            for board in seating.boards:
                store.enter_result(event, board, seating.table, Entry.from_str("3NT S 9"))
    after = {line.participant: line.total for line in store.ranking(event)}
    assert store.penalty_problems(event) == []
    # Every table made 3NT: the North-South pairs tie, but for the late pair's penalty.
    assert after[late] < after["1NS"] == after["2NS"]
    _pages_answer(client, store, event, late)


def test_law90_penalty_withdrawn_on_the_desk_with_its_reason_in_the_events_log(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    given_id = store.add_penalty(
        event, PenaltyRecord("1NS", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B8", "")
    )
    refused = client.post(
        f"/director/events/{event}/penalties/{given_id}/withdraw",
        data={"csrf_token": csrf, "why": " "},
    )
    assert "Refused" in refused.text
    assert len(store.penalties(event)) == 1
    client.post(
        f"/director/events/{event}/penalties/{given_id}/withdraw",
        data={"csrf_token": csrf, "why": "given to the wrong pair"},
    )
    assert store.penalties(event) == []
    last = store.event_log(event)[-1]
    assert last.action == "penalty-withdrawn"
    assert "given to the wrong pair" in last.detail
    assert "1NS" in last.detail
    page = client.get(f"/director/events/{event}?lang=es").text
    assert "penalización retirada" in page


def test_law90_penalty_changed_on_the_desk_and_by_the_api_with_why_in_the_log(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    given_id = store.add_penalty(
        event, PenaltyRecord("1NS", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B8", "")
    )
    client.post(
        f"/director/events/{event}/penalties/{given_id}",
        data={
            "csrf_token": csrf,
            "participant": "1NS",
            "amount": "1/10",
            "unit": "top",
            "law": "90B1",
            "why": "late, not slow",
        },
    )
    (stored,) = store.penalties(event)
    assert (stored.record.amount, stored.record.law) == (Fraction(1, 10), "90B1")
    assert store.event_log(event)[-1].action == "penalty-changed"
    assert "late, not slow" in store.event_log(event)[-1].detail
    refused = client.put(
        f"/api/events/{event}/penalties/{given_id}",
        json={"participant": "1NS", "amount": "3", "unit": "imps", "law": "90", "why": "x"},
        headers={"X-CSRF-Token": csrf},
    )
    assert refused.status_code >= 400
    assert store.penalties(event)[0].record.unit == "top"
    withdrawn = client.post(
        f"/api/events/{event}/penalties/{given_id}/withdraw",
        json={"reason": "ruling changed"},
        headers={"X-CSRF-Token": csrf},
    )
    assert withdrawn.status_code == 204
    assert store.penalties(event) == []


def test_law90_penalty_withdrawn_by_the_command_line(store: Store, tmp_path: Path) -> None:
    event = _event(store)
    given_id = store.add_penalty(
        event, PenaltyRecord("1NS", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B8", "")
    )
    database = str(tmp_path / "arbitro.sqlite3")
    with pytest.raises(SystemExit) as exit_:
        main(
            [
                "event",
                "penalty-withdraw",
                str(event),
                str(given_id),
                "--reason",
                "x",
                "--db",
                database,
            ]
        )
    assert not exit_.value.code
    assert store.penalties(event) == []


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    unit=st.sampled_from(["imps", "vp", "mp", "top"]),
    pair=st.sampled_from(["1NS", "3NS", "2EW", "3EW"]),
    amount=st.fractions(min_value=Fraction(1, 100), max_value=Fraction(10)),
)
def test_no_stored_penalty_makes_a_page_of_the_event_fail(
    director: tuple[TestClient, str], store: Store, unit: str, pair: str, amount: Fraction
) -> None:
    client, _ = director
    event = _event(store)
    # A row as an older version (or a hand in the database) left it, whatever its unit.
    with store.transaction() as db:
        db.add(
            PenaltyRow(
                event_id=event,
                number=1,
                session=1,
                participant=pair,
                kind="procedural",
                amount=str(amount),
                unit=unit,
                law="90",
                reason="",
                director="",
            )
        )
    desk = client.get(f"/director/events/{event}")
    assert desk.status_code == 200
    # No internal tuple such as ``5EW,3,90`` is shown to anyone.
    assert f"{pair},{amount}" not in desk.text
    if unit in ("imps", "vp") or pair in ("3NS", "3EW"):
        assert 'class="problem"' in desk.text
    assert client.get(f"/api/events/{event}/ranking").status_code == 200
    store.publish(event)
    for url in (
        f"/results/{event}",
        f"/results/{event}/boards/1",
        f"/results/{event}/pairs/{pair}",
    ):
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert f"{pair},{amount}" not in answer.text


def test_law90_the_desk_names_a_team_in_a_teams_events_forms(
    director: tuple[TestClient, str], store: Store
) -> None:
    # The players', penalties' and acts' forms ask for the event's contestant: a team
    # in a teams event, in the page's language.
    client, _ = director
    event = store.create_event(EventSpec("Liga", boards=4, kind="teams"), movement=None)
    for lang, word in (("en", "Team"), ("es", "Equipo")):
        page = client.get(f"/director/events/{event}?lang={lang}").text
        labels = re.findall(r'<label>([^<]+) <select name="participant">', page)
        assert len(labels) == 3  # the players', the penalties' and the acts' forms
        assert {label.strip() for label in labels} == {word}


@pytest.mark.parametrize(
    ("typed", "amount"),
    [("25%", Fraction(1, 4)), ("25 %", Fraction(1, 4)), ("0,25", Fraction(1, 4))],
)
def test_law90_a_share_of_a_top_is_typed_on_the_desk_as_a_percentage_or_with_a_decimal_comma(
    director: tuple[TestClient, str], store: Store, typed: str, amount: Fraction
) -> None:
    client, csrf = director
    event = _event(store)
    client.post(
        f"/director/events/{event}/penalties?lang=es",
        data={
            "csrf_token": csrf, "participant": "1EW", "amount": typed, "unit": "top",
            "law": "90B2", "reason": "juego lento",
        },
    )  # fmt: skip
    (stored,) = store.penalties(event)
    assert (stored.record.amount, stored.record.unit) == (amount, "top")


def test_law90_25_of_a_top_is_refused_not_taken_as_25_tops_and_the_form_keeps_what_was_typed(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    form = {
        "csrf_token": csrf, "participant": "2EW", "kind": "disciplinary", "amount": "25",
        "unit": "top", "law": "91A", "reason": "slow play, warned twice",
    }  # fmt: skip
    answer = client.post(f"/director/events/{event}/penalties", data=form)
    assert store.penalties(event) == []
    assert "Refused:" in answer.text
    assert "a share of a top is at most 1 (a whole top)" in answer.text
    assert "25%" in answer.text
    # The form comes back as typed, the director corrects the amount alone.
    penalty_form = answer.text.split('id="penalty-form"')[1].split("</form>")[0]
    assert 'value="2EW" selected' in penalty_form
    assert 'value="disciplinary" selected' in penalty_form
    assert 'value="25"' in penalty_form
    assert 'value="91A"' in penalty_form
    assert 'value="slow play, warned twice"' in penalty_form
    # What was typed fills the form once: the page shown again has it empty.
    again = client.get(f"/director/events/{event}").text
    assert 'value="slow play, warned twice"' not in again
    # A unit typed with the amount is the unit, as on the command line: 3% is a share of
    # a top, whatever the list says.
    client.post(f"/director/events/{event}/penalties", data=form | {"amount": "3%", "unit": "mp"})
    (stored,) = store.penalties(event)
    assert (stored.record.amount, stored.record.unit) == (Fraction(3, 100), "top")


def test_law90_the_api_refuses_more_than_a_whole_top_too(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    answer = client.post(
        f"/api/events/{event}/penalties",
        json={"participant": "1EW", "amount": "25", "unit": "top", "law": "90"},
        headers={"X-CSRF-Token": csrf},
    )
    assert answer.status_code == 422
    assert "a share of a top is at most 1" in answer.text
    assert store.penalties(event) == []


def test_law90_the_spanish_desk_names_an_east_west_pair_as_eo_when_it_records_its_penalty(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    answer = client.post(
        f"/director/events/{event}/penalties?lang=es",
        data={
            "csrf_token": csrf, "participant": "1EW", "amount": "1/4", "unit": "top",
            "law": "90B2",
        },
    )  # fmt: skip
    assert "Penalización a la pareja 1EO anotada." in answer.text


def test_law90_the_spanish_desk_names_the_kind_and_the_unit_of_a_refused_penalty_in_spanish(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    url = f"/director/events/{event}/penalties?lang=es"
    form = {"csrf_token": csrf, "participant": "1NS", "amount": "1/4", "unit": "top"}
    wrong_law = client.post(url, data=form | {"kind": "procedural", "law": "91A"}).text
    flash = wrong_law.split('class="flash"')[1].split("</p>")[0]
    assert "una penalización por infracción de forma aplica el Artículo 90" in flash
    nothing = client.post(url, data=form | {"amount": "0", "law": "90B2"}).text
    flash = nothing.split('class="flash"')[1].split("</p>")[0]
    assert "más de 0 (una parte de un top)" in flash
    assert store.penalties(event) == []
