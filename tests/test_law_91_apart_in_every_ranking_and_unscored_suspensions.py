"""Law 91 wherever Árbitro shows or writes a ranking, and a suspension the event cannot score.

- 91B: the director's API ranking and the tables' provisional ranking list a
  disqualified participant apart with its record, as ``event ranking``, the desk and the
  public results do; the USEBIO export leaves it out of the places (the others close
  up), keeps the boards it played, and says why in a comment the file reads back.
- 91A: where the event does not say whom the suspended participant would have played
  (no movement, or an individual event), nothing is scored (12C2a), and the command
  line, the desk and the API all tell the director to enter those boards.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.cli import main
from arbitro.formats import usebio
from arbitro.scoring.session import score_session
from arbitro.store import Store, open_store
from arbitro.tournament.directing import suspended_boards
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant, Player
from arbitro.tournament.movements import berger, individual, mitchell
from arbitro.tournament.records import InvalidRecordError
from web_director import ranking_shown_at_tables, table_page

pytest_plugins = ("web_director",)  # the store and director fixtures

RECORD = "cheating (Law 91B, by ana; approved by the organiser Club Nerja)"


def _four_pairs(store: Store) -> int:
    """Four pairs, boards 1-2 played at two tables (1 v 3, 2 v 4) with different results."""
    pairs = [Participant.from_str(f"{n}: P{n}a, P{n}b") for n in range(1, 5)]
    event = store.create_event(EventSpec("Club", boards=4), pairs)
    store.enter_result(event, 1, 1, Entry.from_str("2S N 8"), ns="1", ew="3")
    store.enter_result(event, 1, 2, Entry.from_str("2S N 9"), ns="2", ew="4")
    store.enter_result(event, 2, 1, Entry.from_str("3NT S 9"), ns="1", ew="3")
    store.enter_result(event, 2, 2, Entry.from_str("3NT S 8"), ns="2", ew="4")
    return event


def _act(
    client: TestClient, csrf: str, event: int, number: str, body: dict[str, str]
) -> dict[str, object]:
    answer = client.post(
        f"/api/events/{event}/participants/{number}/acts",
        json=body,
        headers={"X-CSRF-Token": csrf},
    )
    assert answer.status_code == 201, answer.text
    result: dict[str, object] = answer.json()
    return result


DISQUALIFY = {"action": "disqualify", "reason": "cheating", "organiser": "Club Nerja"}


# -- Law 91B: the director's API ranking ------------------------------------------------------


def test_law_91b_the_api_ranking_lists_the_disqualified_pair_after_the_ranked(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _four_pairs(store)
    before = client.get(f"/api/events/{event}/ranking").json()
    assert "3" in {line["participant"] for line in before}
    assert not any("disqualified" in line for line in before)
    _act(client, csrf, event, "3", DISQUALIFY)
    lines = client.get(f"/api/events/{event}/ranking").json()
    *ranked, apart = lines
    assert apart == {
        "participant": "3",
        "disqualified": RECORD,
        "law": "91B",
        "names": "P3a, P3b",
    }
    # The ranked lines are the store's ranking, which has closed up behind pair 3.
    assert [(line["participant"], line["place"]) for line in ranked] == [
        (standing.participant, standing.rank_label) for standing in store.ranking(event)
    ]
    assert "3" not in {line["participant"] for line in ranked}
    assert all("place" in line and "score" in line for line in ranked)


def test_law_91b_the_public_results_json_lists_the_disqualified_pair_apart(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _four_pairs(store)
    _act(client, csrf, event, "3", DISQUALIFY)
    store.publish(event)
    answer = client.get(f"/api/results/{event}").json()
    assert "3" not in {line["participant"] for line in answer["ranking"]}
    assert answer["disqualified"] == [{"participant": "3", "disqualified": RECORD, "law": "91B"}]


def test_law_91b_the_api_schema_documents_the_disqualified_line(
    director: tuple[TestClient, str],
) -> None:
    client, _ = director
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert {"participant", "disqualified", "law"} <= set(schemas["Disqualified"]["properties"])


# -- Law 91B: the tables' provisional ranking -------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "heading"),
    [
        ("en", "Disqualified, not ranked (Law 91B)"),
        ("es", "Descalificados, fuera de la clasificación (Artículo 91B)"),
    ],
)
def test_law_91b_the_tables_provisional_ranking_lists_the_disqualified_pair_apart(
    store: Store, lang: str, heading: str
) -> None:
    event, out = ranking_shown_at_tables(store)
    store.log_act(event, "disqualify", f"{out}: {RECORD}", by="ana")
    page = table_page(store, event, 1, lang)
    section = page.split('id="provisional-ranking"')[1]
    ranking, _, apart = section.partition('id="disqualified"')
    assert heading in html.unescape(ranking)
    rows = re.findall(r"<tr><td>(.*?)</td>\s*<td>([^<]*)</td>", ranking)
    assert len(rows) == len(store.ranking(event)) > 0  # the pair is not among them
    assert RECORD in html.unescape(apart)


# -- Law 91B: the USEBIO export ---------------------------------------------------------------


def test_law_91b_usebio_leaves_the_disqualified_pair_out_of_the_places(store: Store) -> None:
    event = _four_pairs(store)
    store.log_act(event, "disqualify", f"1: {RECORD}", by="ana")
    text, sessions = store.usebio_text(event)
    assert sessions == 1
    assert "<!-- Disqualified, not ranked (Law 91B): " + RECORD + " -->" in text
    session = usebio.loads(text).event.sessions[0]
    by_number = {participant.number: participant for participant in session.participants}
    out = by_number["1"]
    assert (out.place, out.total, out.percentage) == (None, None, None)
    assert out.note == f"Disqualified, not ranked (Law 91B): {RECORD}"
    assert [player.name for player in out.players] == ["P1a", "P1b"]
    # The others' places are the event's ranking, closed up behind pair 1.
    assert {n: p.place for n, p in by_number.items() if n != "1"} == {
        standing.participant: standing.rank_label for standing in store.ranking(event)
    }
    # The boards it played stand: the file scores again to the same session.
    again = score_session(usebio.table_results(session), usebio.method_of(usebio.loads(text).event))
    assert again.boards == store.score(event)[0].boards
    assert {line.ns for lines in again.boards.values() for line in lines} >= {"1"}


def test_usebio_participant_note_round_trips_as_a_comment_even_with_double_hyphens() -> None:
    note = "Disqualified, not ranked (Law 91B): cheating -- seen by Ana -"
    file = usebio.Usebio(
        usebio.Event(
            "MP_PAIRS",
            sessions=(
                usebio.Session("1", participants=(usebio.Participant("pair", "3", note=note),)),
            ),
        )
    )
    text = usebio.dumps(file)
    comment = text.split("<!--")[1].split("-->")[0]
    assert "--" not in comment  # XML forbids it inside a comment
    (read,) = usebio.loads(text).event.sessions[0].participants
    assert read.number == "3"
    assert read.note is not None
    assert read.note.startswith("Disqualified, not ranked (Law 91B)")
    assert "seen by Ana" in read.note


# -- Law 91A: a suspension the event cannot score ---------------------------------------------

NOTES = {
    "en": "Nothing was scored for the suspension: the event has no movement, so it does not "
    "say whom the participant would have played. Enter the boards it misses as adjusted "
    "scores (Law 12C2a).",
    "es": "No se ha puntuado nada por la suspensión: el torneo no tiene movimiento, así que "
    "no dice contra quién habría jugado el participante. Anote los estuches que pierde como "
    "puntuaciones ajustadas (Artículo 12C2a).",
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_law_91a_the_desk_says_to_enter_the_boards_of_a_suspension_without_a_movement(
    director: tuple[TestClient, str], store: Store, lang: str
) -> None:
    client, csrf = director
    event = _four_pairs(store)
    done = client.post(
        f"/director/events/{event}/acts?lang={lang}",
        data={"csrf_token": csrf, "participant": "2", "action": "suspend", "reason": "abusive"},
    )
    assert done.status_code == 200
    assert NOTES[lang] in html.unescape(done.text)
    assert [line.action for line in store.event_log(event)][-1] == "suspend"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_law_91a_the_api_says_to_enter_the_boards_of_a_suspension_without_a_movement(
    director: tuple[TestClient, str], store: Store, lang: str
) -> None:
    client, csrf = director
    event = _four_pairs(store)
    answer = client.post(
        f"/api/events/{event}/participants/2/acts?lang={lang}",
        json={"action": "suspend", "reason": "abusive"},
        headers={"X-CSRF-Token": csrf},
    )
    assert answer.status_code == 201, answer.text
    assert answer.json()["scored"] == []
    assert answer.json()["note"] == NOTES[lang]


def test_law_91a_a_suspension_the_movement_scores_has_no_note(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    answer = _act(client, csrf, event, "1NS", {"action": "suspend", "reason": "abusive"})
    assert answer["scored"]  # 12C2a: average-minus to it, average-plus to its opponents
    assert answer["note"] is None


def _individual(store: Store) -> int:
    movement = individual(2, 1)
    players = [Participant.from_str(f"{n}: Player {n}") for n in range(1, 9)]
    return store.create_event(
        EventSpec("Individual", boards=movement.boards, kind="individual"), players, movement
    )


def test_law_91a_an_individual_event_scores_nothing_and_says_so_everywhere(
    director: tuple[TestClient, str],
    store: Store,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    client, csrf = director
    event = _individual(store)
    answer = _act(client, csrf, event, "1", {"action": "suspend", "reason": "abusive"})
    assert answer["scored"] == []
    note = answer["note"]
    assert isinstance(note, str)
    assert "an individual event keeps its results by partnership" in note
    assert store.results(event) == []
    desk = client.post(
        f"/director/events/{event}/acts",
        data={"csrf_token": csrf, "participant": "2", "action": "suspend", "reason": "late"},
    )
    assert note in html.unescape(desk.text)
    # The command line says the same, naming its own command.
    url = f"sqlite:///{tmp_path / 'individual.sqlite3'}"
    other = open_store(url)
    try:
        number = _individual(other)
    finally:
        other.close()
    with pytest.raises(SystemExit) as exit_:
        main(["event", "suspend", str(number), "3", "--reason", "late", "--by", "Ana", "--db", url])
    assert exit_.value.code in (0, None)
    out = capsys.readouterr().out
    assert "an individual event keeps its results by partnership" in out
    assert "arbitro result enter --adjusted (Law 12C2a)" in out


def test_law_91b_usebio_of_a_teams_event_keeps_the_disqualified_team_without_a_place(
    store: Store,
) -> None:
    teams = [
        Participant(str(n), tuple(Player(f"Jugador {n}{i}", f"{n}0{i}") for i in range(1, 5)))
        for n in range(1, 5)
    ]
    spec = EventSpec("Liga", boards=2, kind="teams")
    event = store.create_event(spec, teams)
    scores = iter([600, 170, -100, -110, 400, -90, 140, 110])
    for match_index, (home, away) in enumerate(berger(4)[0]):
        for board in (1, 2):
            for table, (ns, ew) in enumerate(
                ((home, away), (away, home)), start=2 * match_index + 1
            ):
                entry = Entry.from_str(f"score {next(scores)}")
                store.enter_result(event, board, table, entry, ns=str(ns), ew=str(ew))
    store.log_act(event, "disqualify", f"2: {RECORD}", by="ana")
    session = usebio.loads(store.usebio_text(event)[0]).event.sessions[0]
    *ranked, last = session.participants
    assert (last.number, last.place, last.total) == ("2", None, None)
    # Not ranked is not a penalty: no adjustment taking its victory points away.
    assert last.adjustment is None
    assert last.note == f"Disqualified, not ranked (Law 91B): {RECORD}"
    assert {p.number: p.place for p in ranked} == {
        standing.participant: standing.rank_label for standing in store.ranking(event)
    }
    # Its matches stand for its opponents.
    assert any("2" in (match.team, match.opposing_team) for match in session.matches)


@pytest.mark.parametrize("text", ["²", "5-⁸", "³,7"])
def test_law_91a_the_boards_of_a_suspension_are_read_in_the_digits_0_to_9_only(text: str) -> None:
    """``"²".isdigit()`` is true, but it is no board: refused with the usual message, not a crash."""
    with pytest.raises(InvalidRecordError, match="the boards a suspension names are written"):
        suspended_boards(text)
