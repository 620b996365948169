"""A teams event is scored in IMPs turned into victory points (Law 78B), or as a knockout.

The rule is the event's (:meth:`EventSpec.scored`): the command line, the API and the
desk create a teams event scored by ``vp`` when no scoring is given, refuse a pairs'
method (matchpoints, Butler, cross-IMPs, total points) with the choices named, and every
output names the scoring ``vp``. An event stored before the rule, a teams event kept
with a pairs' method, still opens, and is scored as it was: IMPs, then victory points.
"""

from __future__ import annotations

import json
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.scoring.imps import imps
from arbitro.scoring.vp import victory_points
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, InvalidEventSpecError, Participant
from cli_support import run_cli

pytest_plugins = ("web_director",)

MATCH = ((1, 420, -100), (2, -100, 110), (3, 600, 600))
"""Board, North-South's score with A North-South, and with B North-South."""


def _played_match(url: str) -> int:
    """A teams event of one match, A against B over three boards, every result entered."""
    store = open_store(url)
    event = store.create_event(
        EventSpec("Liga", boards=3, kind="teams"), [Participant("A"), Participant("B")]
    )
    for board, here, there in MATCH:
        store.enter_result(event, board, 1, Entry.from_str(f"score {here}"), ns="A", ew="B")
        store.enter_result(event, board, 2, Entry.from_str(f"score {there}"), ns="B", ew="A")
    store.close()
    return event


def _totals(url: str, event: int) -> dict[str, Fraction]:
    store = open_store(url)
    try:
        return {standing.participant: standing.total for standing in store.ranking(event)}
    finally:
        store.close()


def test_law78b_teams_event_without_scoring_is_scored_in_victory_points(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "liga.sqlite3"), "--lang", "en")
    code, created, err = run_cli(
        capsys, "event", "new", "Liga", "--kind", "teams", "--movement", "round-robin",
        "--tables", "4", "--json", *db,
    )  # fmt: skip
    assert code == 0, err
    assert json.loads(created)["scoring"] == "vp"
    code, out, _ = run_cli(capsys, "event", "show", "1", "--json", *db)
    assert code == 0
    assert json.loads(out)["scoring"] == "vp"
    _, listed, _ = run_cli(capsys, "event", "list", "--json", *db)
    assert [event["scoring"] for event in json.loads(listed)] == ["vp"]
    _, shown, _ = run_cli(capsys, "event", "show", "1", *db)
    assert "teams, IMPs and victory points (AEB)" in shown


@pytest.mark.parametrize("method", ["mp", "imp-butler", "cross-imp", "total"])
def test_law78b_teams_event_with_a_pairs_scoring_is_refused_naming_the_choices(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, method: str
) -> None:
    db = ("--db", str(tmp_path / "liga.sqlite3"), "--lang", "en")
    code, _, err = run_cli(
        capsys, "event", "new", "Liga", "--kind", "teams", "--scoring", method,
        "--boards", "4", *db,
    )  # fmt: skip
    assert code == 2  # bad input
    assert (
        "a teams event is scored in IMPs turned into victory points (vp) or as a knockout "
        f"(knockout), not by {method}"
    ) in err
    assert not (tmp_path / "liga.sqlite3").exists()  # refused before the store opens


def test_law78b_victory_points_are_refused_for_a_pairs_event(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "martes.sqlite3"), "--lang", "es")
    code, _, err = run_cli(
        capsys, "event", "new", "Martes", "--scoring", "vp", "--boards", "4", *db
    )
    assert code == 2  # bad input
    assert "vp puntúa los encuentros de un torneo por equipos" in err
    assert "mp, imp-butler, cross-imp, total" in err


def test_law78b_event_spec_refuses_a_pairs_method_for_a_teams_event() -> None:
    with pytest.raises(InvalidEventSpecError, match="not by imp-butler"):
        EventSpec("Liga", boards=4, kind="teams", method="imp-butler")
    with pytest.raises(InvalidEventSpecError, match="not by total"):
        EventSpec.scored("Liga", 4, "total", kind="teams")
    assert EventSpec.scored("Liga", 4, kind="teams") == EventSpec("Liga", 4, kind="teams")
    assert EventSpec.scored("Copa", 4, kind="teams", sessions=2).scoring == "vp"


def test_law78b_api_creates_a_teams_event_in_victory_points_and_refuses_butler(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    client.headers["X-CSRF-Token"] = csrf
    event = {"name": "Liga", "movement": "round-robin", "tables": 4, "boards_per_round": 2}
    created = client.post("/api/events", json=event)
    assert created.status_code == 201, created.text
    shown = client.get(f"/api/events/{created.json()['id']}").json()
    assert (shown["kind"], shown["method"]) == ("teams", "vp")
    refused = client.post("/api/events", json={**event, "method": "imp-butler"})
    assert refused.status_code == 422
    assert "not by imp-butler" in refused.text
    pairs = {**event, "movement": "howell", "method": "vp"}
    assert client.post("/api/events", json=pairs).status_code == 422
    assert [listed["method"] for listed in client.get("/api/events").json()] == ["vp"]


@pytest.mark.parametrize("kept", ["mp", "imp-butler", "cross-imp", "total"])
def test_law78b_teams_event_stored_with_a_pairs_method_opens_and_scores_as_before(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kept: str
) -> None:
    path = tmp_path / "old.sqlite3"
    url = f"sqlite:///{path}"
    event = _played_match(url)
    before = _totals(url, event)
    margin = sum(imps(here - there) for _, here, there in MATCH)
    assert before == dict(zip("AB", victory_points(margin, 3), strict=True))
    # As an earlier Árbitro stored it: the teams event keeps a pairs' method.
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE events SET method = ? WHERE id = ?", (kept, event))
    connection.close()
    store = open_store(url)
    try:
        spec = store.event(event).spec
    finally:
        store.close()
    assert (spec.kind, spec.scoring, spec.knockout) == ("teams", "vp", False)
    assert _totals(url, event) == before
    code, out, _ = run_cli(capsys, "event", "show", str(event), "--json", "--db", url)
    assert code == 0
    assert json.loads(out)["scoring"] == "vp"


def test_law78b_teams_event_stored_today_keeps_vp(store: Store) -> None:
    event = store.create_event(EventSpec("Liga", boards=2, kind="teams"))
    assert store.event(event).spec.scoring == "vp"
    knockout = store.create_event(EventSpec("Copa", boards=2, kind="teams", knockout=True))
    assert store.event(knockout).spec.scoring == "knockout"


def test_law90_teams_penalty_without_a_unit_is_taken_in_imps(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'liga.sqlite3'}"
    event = _played_match(url)
    margin = sum(imps(here - there) for _, here, there in MATCH)
    code, out, err = run_cli(
        capsys, "event", "penalty", str(event), "B", "3", "--reason", "late", "--db", url,
        "--lang", "en",
    )  # fmt: skip
    assert code == 0, err
    assert "3 is taken as IMPs of the event" in err
    assert "Penalty 1 recorded" in out
    home, _ = victory_points(margin, 3)
    penalised, _ = victory_points(-margin - 3, 3)
    assert _totals(url, event) == {"A": home, "B": penalised}


@pytest.mark.parametrize(
    ("lang", "flash"),
    [("es", "Penalización al equipo B anotada."), ("en", "Penalty on team B recorded.")],
)
def test_law90_desk_penalty_flash_names_the_team(
    director: tuple[TestClient, str], store: Store, lang: str, flash: str
) -> None:
    client, csrf = director
    event = store.create_event(
        EventSpec("Liga", boards=2, kind="teams"), [Participant("A"), Participant("B")]
    )
    answer = client.post(
        f"/director/events/{event}/penalties?lang={lang}",
        data={
            "csrf_token": csrf,
            "participant": "B",
            "amount": "1",
            "law": "90B8",
            "unit": "vp",
            "reason": "slow play",
        },
    )
    assert answer.status_code == 200
    assert flash in answer.text
    assert [stored.record.participant for stored in store.penalties(event)] == ["B"]


def test_law78b_desk_teams_form_without_a_scoring_creates_a_vp_event(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    answer = client.post(
        "/director/events?lang=en",
        data={
            "csrf_token": csrf,
            "name": "Liga",
            "kind": "teams",
            "movement": "round-robin",
            "tables": "4",
            "boards_per_round": "2",
            "profile": "aeb",
        },
    )
    assert answer.status_code == 200
    assert [(info.spec.kind, info.spec.scoring) for info in store.events()] == [("teams", "vp")]
    refused = client.post(
        "/director/events?lang=en",
        data={
            "csrf_token": csrf,
            "name": "Copa",
            "kind": "teams",
            "movement": "none",
            "boards": "8",
            "method": "imp-butler",
        },
    )
    assert refused.status_code == 422
    assert "a teams event is scored in IMPs turned into victory points" in refused.text
    assert len(store.events()) == 1
