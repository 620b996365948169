"""The claim page of the ruling assistant (issue 9): the claim checker's verdict, Laws 68-71."""

from __future__ import annotations

import html
import json
import logging
import re
import socket
import threading
from http.client import HTTPConnection
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest
from fastapi.testclient import TestClient

from arbitro.analysis.claims import ClaimStatement, check_claim, checker
from arbitro.cli.claims import position_of, shown_out
from arbitro.core.seat import Seat
from arbitro.i18n import use_language
from arbitro.store import Store
from arbitro.table.log import loads
from arbitro.web import create_app
from arbitro.web.claims import claim_verdict, turn_to_search_further
from browser_support import serve
from claim_support import SMALL_BUDGET, UNDETERMINED_LOG, wait_for
from web_director import PASSWORD, SECRET

pytest_plugins = ("web_director",)  # the store and director fixtures

LOG = Path(__file__).resolve().parent.parent / "docs" / "examples" / "claim-end-position.jsonl"


def checked(statement: str, claimer: Seat = Seat.SOUTH) -> tuple[int, int, str]:
    """What the checker itself says of the log's position: as stated, fewest, Law."""
    table = loads(LOG.read_text())
    check = check_claim(
        position_of(table),
        claimer,
        ClaimStatement.from_str(statement),
        shown_out=shown_out(table),
        declarer=table.declarer,
    )
    return check.as_stated, check.award, check.law


def test_law70d2_a_defenders_claim_on_the_page_frees_his_partner(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    table = loads(LOG.read_text())
    assert table.declarer is not None
    defender = table.declarer.lho
    answer = client.post(
        "/director/rulings/claim",
        data={
            "csrf_token": csrf,
            "log": LOG.read_text(),
            "claimer": str(defender),
            "statement": "all",
        },
    )
    assert answer.status_code == 200, answer.text
    as_stated, award, law = checked("all", defender)
    assert between(answer.text, "as-stated") == str(as_stated)
    assert between(answer.text, "worst") == str(award)
    assert law in answer.text
    assert "70D2" in between(answer.text, "laws")
    bound = check_claim(
        position_of(table), defender, ClaimStatement.from_str("all"), shown_out=shown_out(table)
    )
    # The page frees the defender's partner (70D2): never more than with partner bound.
    assert award <= bound.award


def between(page: str, tag_id: str) -> str:
    return page.split(f'id="{tag_id}">')[1].split("<")[0]


def test_law70_the_logs_claim_is_cut_to_the_fewest_tricks_on_a_normal_line(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    answer = client.post(
        "/director/rulings/claim", data={"csrf_token": csrf, "log": LOG.read_text()}
    )
    assert answer.status_code == 200, answer.text
    as_stated, award, law = checked("3: C")
    assert law == "70"
    assert between(answer.text, "as-stated") == str(as_stated)
    assert between(answer.text, "worst") == str(award)
    assert f"Award: {award} of the tricks left" in between(answer.text, "award")
    assert "70D1" in between(answer.text, "laws")
    assert between(answer.text, "double-dummy").isdigit()
    assert answer.text.count("<li>") >= 3  # the losing line, trick by trick


def test_law70d_a_logged_statement_not_read_shows_no_figure_following_it(
    director: tuple[TestClient, str],
) -> None:
    # The claimer's words as he said them are no line the checker reads: the page says
    # what it checked (no line stated) and gives no tricks "following the statement".
    client, csrf = director
    spoken = "\n".join(
        json.dumps({**event, "statement": "Saco triunfos y las picas son buenas"})
        if event.get("event") == "claim"
        else json.dumps(event)
        for event in map(json.loads, LOG.read_text().splitlines())
    )
    answer = client.post("/director/rulings/claim", data={"csrf_token": csrf, "log": spoken})
    assert answer.status_code == 200, answer.text
    assert 'id="as-stated"' not in answer.text
    assert "Following the statement" not in answer.text
    assert "checked with no line stated (Law 70D)" in between(answer.text, "no-line")
    assert 'id="award"' in answer.text


@pytest.mark.parametrize(("statement", "law"), [("1", "69A"), ("concede 3", "71")])
def test_law69_71_a_claim_that_stands_and_a_concession_cancelled(
    director: tuple[TestClient, str], statement: str, law: str
) -> None:
    client, csrf = director
    answer = client.post(
        "/director/rulings/claim",
        data={"csrf_token": csrf, "log": LOG.read_text(), "claimer": "S", "statement": statement},
    )
    assert answer.status_code == 200, answer.text
    _, award, expected_law = checked(statement)
    assert expected_law == law
    assert f"(Law {law})" in between(answer.text, "award")
    assert between(answer.text, "worst") == str(award)


def test_law68_claim_from_the_deal_and_the_play_typed_in_spanish(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    events = [json.loads(line) for line in LOG.read_text().splitlines() if line.strip()]
    board = events[0]
    steps = []
    for event in events[1:]:
        if event["event"] == "call":
            steps.append(f"{event['seat']} {event['call']}")
        elif event["event"] == "play":
            steps.append(f"{event['seat']} {event['card']}")
        elif event["event"] == "face_lead":
            steps.append("face")
    answer = client.post(
        "/director/rulings/claim?lang=es",
        data={
            "csrf_token": csrf,
            "board": str(board["board"]),
            "deal": board["deal"],
            "steps": "\n".join(steps),
            "notation": "en",  # the log's actions are in English notation
            "claimer": "S",
            "statement": "3: C",
        },
    )
    assert answer.status_code == 200, answer.text
    _, award, _ = checked("3: C")
    assert between(answer.text, "worst") == str(award)
    assert "(Artículo 70)" in between(answer.text, "award")
    # The statement typed in English notation is shown in the page's: clubs are «T».
    assert "3: T</h2>" in answer.text


def test_law70_the_normal_line_on_a_spanish_page_is_in_spanish_notation(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    answer = client.post(
        "/director/rulings/claim?lang=es", data={"csrf_token": csrf, "log": LOG.read_text()}
    )
    assert answer.status_code == 200, answer.text
    with use_language("es"):
        verdict = claim_verdict(LOG.read_text(), "", "", double_dummy=False)
    shown = html.unescape(answer.text.split('<ol id="line">')[1].split("</ol>")[0])
    tricks = re.findall(r"<li>(.*?)</li>", shown)
    assert tricks == [
        " · ".join(f"{seat.to_str('es')} {card}" for seat, card in trick) for trick in verdict.line
    ]
    # The ranks as a Spanish reader writes them: the jack is the valet, the king the rey.
    assert "♣V" in shown
    assert "♣R" in shown
    assert "♣J" not in shown
    assert "♣K" not in shown


def test_a_log_refused_on_the_spanish_claim_page_is_told_in_spanish(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    lines = LOG.read_text().splitlines()
    wrong = [*lines[:8], '{"event": "play", "seat": "E", "card": "SA"}']  # North holds the ♠A
    answer = client.post(
        "/director/rulings/claim?lang=es",
        data={
            "csrf_token": csrf,
            "log": "\n".join(wrong) + "\n",
            "claimer": "S",
            "statement": "all",
        },
    )
    assert answer.status_code == 422
    alert = html.unescape(answer.text.split('role="alert">')[1].split("</p>")[0])
    assert alert == "el registro, línea 9: Este no tiene ♠A"


def test_claim_refusals_name_the_problem(director: tuple[TestClient, str], store: Store) -> None:
    client, csrf = director
    bad = client.post(
        "/director/rulings/claim",
        data={"csrf_token": csrf, "log": LOG.read_text(), "claimer": "S", "statement": "most"},
    )
    assert bad.status_code == 422
    assert "invalid claim statement &#39;most&#39;" in bad.text
    auction = client.post(
        "/director/rulings/claim",
        data={
            "csrf_token": csrf,
            "board": "1",
            "deal": json.loads(LOG.read_text().splitlines()[0])["deal"],
            "steps": "N 1NT",
            "statement": "all",
        },
    )
    assert auction.status_code == 422
    assert "no contract yet" in auction.text
    forged = client.post(
        "/director/rulings/claim", data={"csrf_token": "forged", "log": LOG.read_text()}
    )
    assert forged.status_code == 403
    anonymous = TestClient(create_app(store, secret=SECRET))
    away = anonymous.get("/director/rulings/claim", follow_redirects=False)
    assert away.status_code == 303
    assert away.headers["location"].startswith("/director/sign-in")


def test_the_assistant_offers_a_claim_at_the_position_it_shows(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    page = client.post("/director/rulings", data={"csrf_token": csrf, "log": LOG.read_text()})
    assert page.status_code == 200
    assert 'action="/director/rulings/claim"' in page.text
    assert client.get("/director/rulings/claim").status_code == 200


def post_from_a_browser(url: str, fields: dict[str, str]) -> socket.socket:
    """Sign in as ``ana`` at the server ``url`` and post the claim form with ``fields``
    on a connection of its own, left open: closing it is the Director leaving."""
    address = urlsplit(url)
    host, port = address.hostname or "", address.port or 80
    signing_in = HTTPConnection(host, port)
    signing_in.request(
        "POST",
        "/api/session",
        json.dumps({"name": "ana", "password": PASSWORD}),
        {"Content-Type": "application/json"},
    )
    answer = signing_in.getresponse()
    csrf = json.loads(answer.read())["csrf"]
    cookie = (answer.getheader("set-cookie") or "").split(";")[0]
    form = urlencode({"csrf_token": csrf, **fields})
    browser = socket.create_connection((host, port))
    browser.sendall(
        (
            f"POST /director/rulings/claim HTTP/1.1\r\nHost: {host}\r\nCookie: {cookie}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(form)}\r\n\r\n{form}"
        ).encode()
    )
    return browser


def test_law_70_a_further_search_stops_when_the_director_leaves(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A search further whose browser is gone stops: nobody waits for its answer.

    A real server and a real connection, which the client closes while the server
    searches a claim that would take minutes (its line as stated still open at a hundred
    times the small budget; here searched at a thousand).
    """
    caplog.set_level(logging.DEBUG, logger="arbitro.web.claims")
    monkeypatch.setattr(checker, "BUDGET", SMALL_BUDGET)
    monkeypatch.setattr(checker, "FURTHER", 1000)
    with serve(create_app(store, secret=SECRET)) as url:
        fields = {
            "log": UNDETERMINED_LOG,
            "claimer": "N",
            "statement": "all: finesse SQ",
            "further": "1",
        }
        with post_from_a_browser(url, fields):
            wait_for("checking a claim", caplog)  # the server has read the form: it searches
        # The connection is closed: the Director has left.
        wait_for("claim check stopped", caplog)
    assert "claim check stopped: the browser left (board 1, claimer 'N')" in caplog.text


def test_law_70_searches_further_take_turns_in_a_server_process(
    director: tuple[TestClient, str], caplog: pytest.LogCaptureFixture
) -> None:
    """A second search further waits until the first ends (each may hold half a gigabyte)."""
    client, csrf = director
    caplog.set_level(logging.DEBUG, logger="arbitro.web.claims")
    answers: list[int] = []

    def search_further() -> None:
        fields = {"csrf_token": csrf, "log": LOG.read_text(), "further": "1"}
        answers.append(client.post("/director/rulings/claim", data=fields).status_code)

    second = threading.Thread(target=search_further)
    with turn_to_search_further(lambda done: False):  # the first search further runs
        second.start()
        wait_for("a search further waits", caplog)
        assert "checking a claim" not in caplog.text
    second.join(60)
    assert answers == [200]
    waited = caplog.text.index("a search further waits")
    assert caplog.text.index("checking a claim") > waited


def test_law_70_a_search_further_waiting_its_turn_stops_when_the_director_leaves(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """A Director who leaves while his search further waits for its turn starts no search."""
    caplog.set_level(logging.DEBUG, logger="arbitro.web.claims")
    # Another search further runs meanwhile (this one's turn taken).
    with serve(create_app(store, secret=SECRET)) as url, turn_to_search_further(lambda done: False):
        with post_from_a_browser(url, {"log": LOG.read_text(), "further": "1"}):
            wait_for("a search further waits", caplog)
        wait_for("claim check stopped", caplog)
    assert "claim check stopped: the browser left" in caplog.text
    assert "checking a claim" not in caplog.text
