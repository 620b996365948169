"""The director's table's forms as the server draws and takes them (a phone rehearsal's finds).

A bid above seven from the bidding box (Law 38), the revoke's offender named as such
(Laws 61-64), the claim checker offered only while cards remain (Laws 68-71), and a
tap that is no table event refused with what a tap is.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from fastapi.testclient import TestClient

from arbitro.table.log import loads

pytest_plugins = ("web_director",)  # the store and director fixtures

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def post_tap(client: TestClient, csrf: str, event: object) -> tuple[int, dict[str, str]]:
    """Post one tap on board 1; the status and the answer."""
    answer = client.post(
        "/director/table/tap", params={"board": 1}, json=event, headers={"X-CSRF-Token": csrf}
    )
    return answer.status_code, answer.json()


def tap_log(client: TestClient, csrf: str, written: str) -> str:
    """Open board 1 with the deal of ``written`` and tap each of its events; the page drawn last."""
    board, *events = [json.loads(line) for line in written.splitlines() if line.strip()]
    client.get("/director/table", params={"board": board["board"], "deal": board["deal"]})
    page = ""
    for event in events:
        status, answer = post_tap(client, csrf, event)
        assert status == 200, answer
        page = answer["html"]
    return page


def test_law_38_the_bidding_box_offers_a_bid_above_seven_as_the_guide_says(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    page = client.get("/director/table", params={"board": 1, "deal": DEAL, "lang": "es"}).text
    above = page.split('id="dt-above"')[1].split("</details>")[0]
    assert re.findall(r'data-call="([^"]+)"', above) == ["8C", "8D", "8H", "8S", "8NT"]
    assert ">8ST</button>" in above  # in the page's notation
    english = client.get("/director/table", params={"board": 1, "lang": "en"}).text
    summary = english.split('id="dt-above"><summary>')[1].split("</summary>")[0]
    guide = (ROOT / "docs" / "web-tables.md").read_text(encoding="utf-8")
    assert f"*{summary}*" in guide
    status, answer = post_tap(client, csrf, {"event": "call", "seat": "N", "call": "8S"})
    assert status == 200, answer
    assert answer["log"].splitlines()[-1] == '{"event": "call", "seat": "N", "call": "8S"}'
    assert 'data-law="38"' in answer["html"]
    assert ">8♠</span>" in answer["html"]  # the auction writes it as the box does


def test_law_64_the_revoke_form_names_the_offender_not_who_drew_attention(
    director: tuple[TestClient, str],
) -> None:
    client, _ = director
    page = client.get("/director/table", params={"board": 1, "deal": DEAL, "lang": "en"}).text
    revoke = page.split('data-event="revoke"')[1].split("</form>")[0]
    first = revoke.split("<label>")[1]
    assert first.startswith('Offender (who revoked) <select name="seat">')
    assert "<label>By " not in revoke


def test_law_68_the_claim_checker_is_offered_only_while_cards_remain(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    written = (SCENARIOS / "law_64a1_two_tricks_transferred.jsonl").read_text(encoding="utf-8")
    lines = [line for line in written.splitlines() if line.strip()]
    plays = [n for n, line in enumerate(lines) if '"play"' in line]
    during = "\n".join(lines[: plays[5] + 1]) + "\n"
    assert 0 < len(loads(during).tricks) < 13
    assert 'id="dt-claim-check"' in tap_log(client, csrf, during)
    client.post("/director/table/restart", params={"board": 1}, data={"csrf_token": csrf})
    played_out = "\n".join(line for line in lines if '"revoke"' not in line) + "\n"
    assert len(loads(played_out).tricks) == 13
    assert 'id="dt-claim-check"' not in tap_log(client, csrf, played_out)


def test_law_68_the_claim_checker_stays_offered_once_a_claim_is_made(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    written = (ROOT / "docs" / "examples" / "claim-disputed.jsonl").read_text(encoding="utf-8")
    page = tap_log(client, csrf, written)
    assert len(loads(written).tricks) < 13
    assert 'id="dt-claim-check"' in page


def test_director_table_a_tap_that_is_no_event_is_refused_with_what_a_tap_is(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    client.get("/director/table", params={"board": 1, "deal": DEAL})
    before = client.get("/director/table/log", params={"board": 1}).text
    for value in (3, None, ["call"], "call"):
        status, answer = post_tap(client, csrf, value)
        assert status == 422
        assert answer["detail"].startswith("a tap must be one table event other than the board")
    assert client.get("/director/table/log", params={"board": 1}).text == before
