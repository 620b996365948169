"""The director's desk reaches the AEB's rules and the director's Laws the command line has.

An appeal's signatures (Law 92D; the AEB's criterion 7), the decision on it under Law
93B with the score it gives the table, the organiser of a reopening (Law 79C2), and the
AEB's regulation G penalty recorded by the worksheet's misinformation path even when the
score stands.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from fastapi.testclient import TestClient

from arbitro.core.deal import Deal
from arbitro.core.seat import Seat
from arbitro.scoring.results import Result
from arbitro.store import Store
from arbitro.table import Table
from arbitro.table.events import EXAMPLE_DEAL, DecisionEvent, DefectiveBoardEvent
from arbitro.table.log import dumps
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.records import Ruling

pytest_plugins = ("web_director",)  # the store and director fixtures


@pytest.fixture
def event(store: Store) -> int:
    """An AEB pairs event: board 2 played 1 v 3 at table 1 (2S made) and 2 v 4 at table 2."""
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


def test_aeb_homogenisation_7_the_desk_asks_for_both_signatures(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    url = f"/director/events/{event}/appeals"
    form = {"csrf_token": csrf, "appellant": "3", "reason": "no hesitation"}
    page = client.get(f"/director/events/{event}").text
    assert 'name="signed_by"' in page
    one = client.post(url, data=form | {"signed_by": ["Eva", ""]})
    assert "Refused:" in one.text
    assert "an appeal needs the signatures of 2 players of the appellant" in one.text
    assert store.appeals(event) == []
    stranger = client.post(url, data=form | {"signed_by": ["Eva", "Ana"]})
    assert "not a player of the appellant (expected one of Eva, Juan)" in stranger.text
    both = client.post(url, data=form | {"signed_by": ["Eva", "Juan"]})
    assert "Appeal by 3 lodged." in both.text
    (lodged,) = store.appeals(event)
    assert lodged.appeal.reason == "no hesitation (signed by Eva, Juan; Law 92D)"


def test_law_93b_the_desk_decision_changes_the_table_score_and_the_ranking(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    store.add_ruling(event, Ruling(2, 1, "16B1a", "score stands"))
    lodged = client.post(
        f"/director/events/{event}/appeals",
        data={
            "csrf_token": csrf, "appellant": "3", "reason": "hesitation", "ruling": "1",
            "signed_by": ["Eva", "Juan"],
        },
    )  # fmt: skip
    assert "Appeal by 3 lodged." in lodged.text
    (appeal,) = store.appeals(event)
    assert appeal.appeal.ruling == 1
    before = {one.participant: one.total for one in store.ranking(event)}
    url = f"/director/events/{event}/appeals/{appeal.id}/decision"
    decision = {"csrf_token": csrf, "decision": "upheld", "score": "adjusted A40/A60"}
    director_on_judgement = client.post(
        url, data=decision | {"matter": "judgement", "body": "director"}
    )
    assert "Refused:" in director_on_judgement.text
    assert "Law 93B2" in director_on_judgement.text
    done = client.post(url, data=decision | {"matter": "judgement", "body": "committee"})
    assert f"Decision on appeal {appeal.id} recorded." in done.text
    (stored,) = [one for one in store.results(event) if (one.board, one.table) == (2, 1)]
    assert stored.entry == Entry.from_str("adjusted A40/A60")
    after = {one.participant: one.total for one in store.ranking(event)}
    assert after != before


def test_law_79c2_the_desk_reopens_with_the_director_and_the_organiser(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    url = f"/director/events/{event}"
    client.post(f"{url}/publish", data={"csrf_token": csrf})
    page = client.get(url).text
    assert 'name="organiser"' in page
    alone = client.post(
        f"{url}/reopen", data={"csrf_token": csrf, "reason": "board 2", "boards": "2"}
    )
    assert "Refused:" in alone.text
    assert store.event(event).correction.reopened is None
    both = client.post(
        f"{url}/reopen",
        data={"csrf_token": csrf, "reason": "board 2", "organiser": "Club Nerja", "boards": "2"},
    )
    assert "Results reopened for board 2." in both.text
    assert (
        store.event(event).correction.reopened
        == "board 2 (Law 79C2: director ana, organiser Club Nerja)"
    )


def _misinformation(csrf: str, event: int, **more: str) -> dict[str, str]:
    """East-West misexplained 2D at table 1; North would have bid the same: the score stands."""
    return {
        "csrf_token": csrf,
        "event": str(event),
        "kind": "MI",
        "session": "1",
        "board": "2",
        "table": "1",
        "offenders": "EW",
        "answer_irregularity": "yes",
        "note_irregularity": "2D explained as weak; card: multi",
        "answer_suggested": "no",
        "note_suggested": "North bids 2S anyway",
        **more,
    }


def test_aeb_regulation_g_the_desk_records_the_penalty_when_the_score_stands(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    form = client.get(f"/director/cases/new?event={event}&kind=MI&board=2").text
    assert 'name="regulation_g"' in form
    assert "20% of a top" in form
    low = client.post("/director/cases", data=_misinformation(csrf, event, regulation_g="10%"))
    assert "20%" in low.text
    assert store.penalties(event) == []
    preview = client.post("/director/cases", data=_misinformation(csrf, event, action="preview"))
    assert "regulation G" in preview.text
    recorded = client.post(
        "/director/cases",
        data=_misinformation(csrf, event, action="record", regulation_g="25%"),
        follow_redirects=False,
    )
    assert recorded.status_code == 303, recorded.text
    (fine,) = store.penalties(event)
    assert fine.record.participant == "3"  # East-West at table 1
    assert fine.record.law == "AEB-G"
    assert fine.record.amount == Fraction(1, 4)
    assert fine.record.board == 2
    # The score stands: the table's result is unchanged.
    (stored,) = [one for one in store.results(event) if (one.board, one.table) == (2, 1)]
    assert stored.result == Result.played(110)


def test_aeb_regulation_g_the_desk_gives_no_penalty_under_the_wbf(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    pairs = [Participant(str(n)) for n in range(1, 5)]
    event = store.create_event(EventSpec("Club", boards=4, profile="wbf"), pairs)
    store.enter_result(event, 2, 1, Entry.from_str("2S N 8"), ns="1", ew="3")
    form = client.get(f"/director/cases/new?event={event}&kind=MI&board=2").text
    assert 'name="regulation_g"' not in form
    recorded = client.post(
        "/director/cases",
        data=_misinformation(csrf, event, action="record"),
        follow_redirects=False,
    )
    assert recorded.status_code == 303, recorded.text
    assert store.penalties(event) == []


def test_aeb_homogenisation_1_the_directors_table_proposes_the_penalty_on_saving(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=2))  # AEB
    table = Table(EXAMPLE_DEAL, number=1)
    table.call("N", "1S")
    table.apply(DefectiveBoardEvent("wrong_count", Seat.NORTH))
    table.apply(DecisionEvent("director", "13B"))
    board, *taps = [json.loads(line) for line in dumps(table).splitlines() if line.strip()]
    store.keep_deals(event, {1: Deal.from_str(board["deal"])})
    assert client.get("/director/table", params={"event": event, "board": 1}).status_code == 200
    for tap in taps:
        answer = client.post(
            "/director/table/tap",
            params={"event": event, "board": 1},
            json=tap,
            headers={"X-CSRF-Token": csrf},
        )
        assert answer.status_code == 200, answer.text
    saved = client.post(
        "/director/table/save",
        params={"event": event, "board": 1},
        data={"csrf_token": csrf, "law": "12C1a", "text": "A60/A40", "table_number": "1"},
    )
    assert "saved to the board" in saved.text
    assert "AEB criterion 1: a procedural penalty (Law 90) is due to the player" in saved.text
    spanish = client.get(
        "/director/table", params={"event": event, "board": 1, "saved": 1, "lang": "es"}
    )
    assert "criterio 1 de la AEB" in spanish.text


def test_aeb_homogenisation_2_the_ruling_assistant_proposes_the_penalty_on_saving(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    aeb = store.create_event(EventSpec("Club", boards=4))
    wbf = store.create_event(EventSpec("Club", boards=4, profile="wbf"))
    log = '{"event": "board", "board": 3, "deal": "' + str(EXAMPLE_DEAL) + '"}\n'
    form = {"csrf_token": csrf, "log": log, "save": "1", "table_number": "2", "law": "15B"}
    form |= {"text": "board played a second time: A60/A40"}
    saved = client.post("/director/rulings", data=form | {"event": str(aeb)})
    assert saved.status_code == 200, saved.text
    assert "AEB criterion 2: a procedural penalty (Law 90) is due to the pair" in saved.text
    saved = client.post("/director/rulings", data=form | {"event": str(wbf)})
    assert saved.status_code == 200, saved.text
    assert "saved" in saved.text
    assert "criterion" not in saved.text


def test_law_92d_a_refused_appeal_names_the_signature_field_and_keeps_what_was_typed(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    form = {"csrf_token": csrf, "appellant": "3", "reason": "no hesitation before 4H"}
    one = client.post(f"/director/events/{event}/appeals", data=form | {"signed_by": ["Eva", ""]})
    assert store.appeals(event) == []
    assert "an appeal needs the signatures of 2 players of the appellant" in one.text
    # The desk has fields, not the command line's option.
    assert "--signed-by" not in one.text
    assert "(“Signed by (Law 92D: both players of a pair, a team&#39;s captain)”)" in one.text
    appeal_form = one.text.split('id="appeal-form"')[1].split("</form>")[0]
    assert 'value="3" selected' in appeal_form
    assert 'value="no hesitation before 4H"' in appeal_form
    assert 'name="signed_by" maxlength="100" value="Eva"' in appeal_form


def test_law_92d_the_spanish_desk_notes_the_signatures_in_spanish(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    client.post(
        f"/director/events/{event}/appeals?lang=es",
        data={
            "csrf_token": csrf, "appellant": "3", "reason": "no hubo vacilación",
            "signed_by": ["Eva", "Juan"],
        },
    )  # fmt: skip
    (lodged,) = store.appeals(event)
    assert lodged.appeal.reason == "no hubo vacilación (firmada por Eva, Juan; Artículo 92D)"


def test_law_93b_the_spanish_desk_reads_the_decisions_score_in_spanish_notation(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    store.add_ruling(event, Ruling(2, 1, "16B1a", "score stands"))
    store.lodge_signed_appeal(event, "3", "hesitation", ["Eva", "Juan"], 1)
    (appeal,) = store.appeals(event)
    page = client.get(f"/director/events/{event}?lang=es").text
    assert 'placeholder="ajustado A60/A40, 4P N 10"' in page
    # 4C is four hearts on a Spanish desk (C, corazones), never four clubs.
    done = client.post(
        f"/director/events/{event}/appeals/{appeal.id}/decision?lang=es",
        data={
            "csrf_token": csrf, "decision": "upheld", "score": "4C N 10",
            "matter": "judgement", "body": "committee",
        },
    )  # fmt: skip
    assert done.status_code == 200
    (stored,) = [one for one in store.results(event) if (one.board, one.table) == (2, 1)]
    # The committee's contract is a score it assigns (Laws 12C1, 93B3), kept as adjusted.
    assert stored.entry == Entry.from_str("adjusted 4H= N")


def test_law_12c1c_the_result_form_offers_a_weighted_score_only_where_the_authority_allows_it(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, _ = director
    aeb = client.get(f"/director/events/{event}/result?board=2&table=1").text
    assert 'placeholder="A60/A40, +420/-450, 4S= N"' in aeb
    assert "1/2 4S= N" not in aeb
    wbf = store.create_event(EventSpec("Club WBF", boards=4, profile="wbf"))
    page = client.get(f"/director/events/{wbf}/result?board=1&table=1").text
    assert 'placeholder="A60/A40, +420/-450, 1/2 4S= N; 1/2 4S-1 N"' in page
