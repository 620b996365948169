"""The desk on a club night: each action goes back to the view its form is on.

The event's page shows one view at a time (``?view=``). A director who gives a penalty
from *Rulings and penalties*, opens a round from *Rounds and tables* or publishes from
*Ranking* lands back on that view, where what she did shows, not on the whole page of
every form. The rounds' grid tells a round played and closed from one not opened yet.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell

pytest_plugins = ("web_director",)  # the store with director ana


def _event(store: Store) -> int:
    """A 3-table Mitchell of 2 boards a round, nothing opened yet."""
    return store.create_event(EventSpec("Martes noche", boards=6), movement=mitchell(3, 2))


@pytest.mark.parametrize(
    ("action", "fields", "view"),
    [
        ("rounds/1/open", {}, "?view=rounds"),
        (
            "penalties",
            {"participant": "1NS", "amount": "1/4", "unit": "top", "law": "90B2"},
            "?view=rulings#penalties",
        ),
        (
            "appeals",
            {"appellant": "1NS", "reason": "no hubo duda", "signed_by": ["Ana", "Luis"]},
            "?view=rulings#appeals",
        ),
        (
            "participants",
            {"participant": "1NS", "players": "Carmen Muñoz, Íñigo Ibáñez"},
            "?view=ranking",
        ),
        ("publish", {"anyway": "true"}, "?view=ranking"),
    ],
)
def test_a_desk_action_goes_back_to_the_view_its_form_is_on(
    director: tuple[TestClient, str],
    store: Store,
    action: str,
    fields: dict[str, str | list[str]],
    view: str,
) -> None:
    client, csrf = director
    event = _event(store)
    answer = client.post(
        f"/director/events/{event}/{action}",
        data={"csrf_token": csrf, **fields},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    assert answer.headers["location"] == f"/director/events/{event}{view}"
    # The flash says it was done, not refused.
    landed = client.get(answer.headers["location"]).text
    assert "Refused" not in landed.split('class="flash"')[1].split("</")[0]


def test_a_refused_penalty_goes_back_to_the_rulings_view_with_its_reason(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    answer = client.post(
        f"/director/events/{event}/penalties",
        data={"csrf_token": csrf, "participant": "9NS", "amount": "1/4", "law": "90B2"},
        follow_redirects=False,
    )
    # Back to the penalties' form, which shows what was typed (test_law90_penalties_on_the_desk).
    assert answer.headers["location"] == f"/director/events/{event}?view=rulings#penalties"
    landed = client.get(answer.headers["location"]).text
    assert "Refused" in landed.split('class="flash"')[1].split("</")[0]


def test_rounds_grid_tells_a_round_played_and_closed_from_one_not_opened_yet(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = _event(store)
    store.open_round(event, 1)
    store.close_round(event, 1)
    store.open_round(event, 2)
    page = client.get(f"/director/events/{event}?view=rounds&lang=es").text
    grid = page.split('id="progress"')[1].split("</table>")[0]

    def state(round_number: int) -> str:
        row = grid.split(f'id="round-{round_number}"')[1].split("</td>")[0]
        return " ".join(row.split())

    assert 'round-state">cerrada</span>' in state(1)
    assert ">Reabrir</button>" in state(1)
    assert 'round-state">abierta</span>' in state(2)
    assert 'round-state">sin abrir</span>' in state(3)
    assert ">Abrir</button>" in state(3)


def _form_link(page: str, text: str) -> str:
    """The address of the result form's link whose text is ``text`` (``href`` unescaped)."""
    link = page.split(f">{text}</a>")[0].rsplit('href="', 1)[1].split('"')[0]
    return link.replace("&amp;", "&")


def _submit(client: TestClient, event: int, form_page: str, csrf: str, **fields: str) -> str:
    """Submit the result form of ``form_page`` with its hidden fields and ``fields``; the redirect."""
    form = form_page.split('id="result-form"')[1].split("</form>")[0]
    hidden = dict(re.findall(r'type="hidden" name="([a-z_]+)" value="([^"]*)"', form))
    hidden["csrf_token"] = csrf
    answer = client.post(
        f"/director/events/{event}/result", data={**hidden, **fields}, follow_redirects=False
    )
    assert answer.status_code == 303, answer.text
    return str(answer.headers["location"])


def test_a_result_entered_from_the_rounds_grid_goes_back_to_the_rounds(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    store.open_round(event, 1)
    grid = client.get(f"/director/events/{event}?view=rounds").text
    link = _form_link(grid.split('id="progress"')[1], "1")
    form = client.get(link).text
    back = _submit(
        client, event, form, csrf, board="1", table="1", contract="4S", declarer="N", tricks="10"
    )
    assert back == f"/director/events/{event}?view=rounds"
    landed = client.get(back).text
    assert "entered" in landed.split('class="flash"')[1].split("</")[0]


def test_a_result_corrected_from_the_results_goes_back_to_the_results(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"))
    listed = client.get(f"/director/events/{event}?view=results&lang=en").text
    form = client.get(_form_link(listed.split('id="results"')[1], "Correct")).text
    back = _submit(
        client, event, form, csrf, board="1", table="1", contract="4S", declarer="N", tricks="9",
        reason="tricks miscounted",
    )  # fmt: skip
    assert back == f"/director/events/{event}?view=results"


def test_a_result_form_opened_from_everything_goes_back_to_everything(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    page = client.get(f"/director/events/{event}?lang=en").text
    form = client.get(_form_link(page, "Enter a result")).text
    back = _submit(client, event, form, csrf, board="1", table="1", score="420")
    assert back == f"/director/events/{event}"


def test_a_refused_result_keeps_the_view_the_form_goes_back_to(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _event(store)
    refused = client.post(
        f"/director/events/{event}/result",
        data={"csrf_token": csrf, "board": "1", "table": "1", "score": "999", "view": "ranking"},
    )
    assert refused.status_code == 422
    assert '<input type="hidden" name="view" value="ranking">' in refused.text
    assert f'href="/director/events/{event}?view=ranking">' in refused.text


def test_a_correction_of_session_2_from_the_results_opens_session_2s_result(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = store.create_event(
        EventSpec("Martes noche", boards=6, sessions=2), movement=mitchell(3, 2)
    )
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), session=2)
    listed = client.get(f"/director/events/{event}?view=results&lang=en").text
    link = _form_link(listed.split('id="results"')[1], "Correct")
    assert "session=2" in link
    form = client.get(link).text
    assert "Correct board 1 at table 1" in form
