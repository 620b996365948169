"""The director's table's short menus (issue 27): each irregularity that is not a card or a call.

Each incident is a table log written by hand (``tests/scenarios``). The test reads the
page the director sees, fills the menu form of each event that is not a call, a card,
the face of the lead or a decision, as the page's script builds it (a field named
after each of the event's, ``plays.0.seat`` for the seat of the first play, an empty
field left out), and posts what the form gives. The kept log must equal the one written
by hand, event for event, and replay to the same state.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from arbitro.table import Option, event_from_json
from arbitro.table.events import DUMMY_ACTS, QUESTION_KINDS, ExposedEvent
from arbitro.table.log import loads
from arbitro.table.report import report_json
from arbitro.web.director_table import box_calls, table_view

pytest_plugins = ("web_director",)  # the store and director fixtures

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
TAPPED = ("call", "play", "face_lead", "decision")
"""The events tapped on the drawn table itself (the bidding box, a card, a button)."""


class Field:
    """One field of a menu form: its options when it is a select, and its ``data-type``.

    A ``number`` field gives a number; a ``flag`` select names the event's field that is
    true (the exposed card's "how": ``deliberate``, ``premature_lead``).
    """

    def __init__(self, options: list[str] | None, kind: str | None) -> None:
        self.options = options
        self.number = kind == "number"
        self.flag = kind == "flag"


class MenuForms(HTMLParser):
    """The menu forms of a page: ``data-event`` to its fields, by name; the menu items' titles."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.forms: dict[str, dict[str, Field]] = {}
        self.items: dict[str, str] = {}
        self._form: dict[str, Field] | None = None
        self._select: Field | None = None
        self._item: str | None = None
        self._summary = False
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Collect the forms' fields and the select's options."""
        found = dict(attrs)
        if tag == "details" and found.get("data-item"):
            self._item = found["data-item"]
        elif tag == "summary" and self._item is not None:
            self._summary = True
            self.items[self._item] = ""
        elif tag == "form" and found.get("data-event"):
            self._form = self.forms.setdefault(str(found["data-event"]), {})
        elif self._form is not None and tag in ("input", "select") and found.get("name"):
            field = Field([] if tag == "select" else None, found.get("data-type"))
            self._form[str(found["name"])] = field
            self._select = field if tag == "select" else None
        elif tag == "option" and self._select is not None and self._select.options is not None:
            self._select.options.append(found.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        """Close the form, the select or the summary."""
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "summary":
            self._summary = False
            self._item = None

    def handle_data(self, data: str) -> None:
        """Keep a menu item's title."""
        if self._summary and self._item is not None:
            self.items[self._item] += data


def flattened(data: object, prefix: str = "") -> dict[str, str]:
    """An event's fields as the form names them: ``{"plays": [{"seat": "E"}]}`` is ``plays.0.seat``."""
    pairs: list[tuple[str, object]]
    if isinstance(data, dict):
        pairs = [(str(key), value) for key, value in data.items()]
    elif isinstance(data, list):
        pairs = [(str(index), value) for index, value in enumerate(data)]
    else:
        return {prefix: str(data)}
    found: dict[str, str] = {}
    for key, value in pairs:
        found.update(flattened(value, f"{prefix}.{key}" if prefix else str(key)))
    return found


def listed(data: object) -> object:
    """Nested dicts with the keys ``0``, ``1``, ... made lists, as the script builds them."""
    if not isinstance(data, dict):
        return data
    if data and all(key.isdigit() for key in data):
        return [listed(data[key]) for key in sorted(data, key=int)]
    return {key: listed(value) for key, value in data.items()}


def from_form(kind: str, fields: dict[str, Field], filled: dict[str, str]) -> dict[str, Any]:
    """The event the page's script builds from the form filled with ``filled`` (director-table.js)."""
    event: dict[str, Any] = {"event": kind}
    for name, field in fields.items():
        value = filled.get(name, "").strip()
        if value == "":
            continue
        if field.flag:
            event[value] = True
            continue
        *path, last = name.split(".")
        into = event
        for key in path:
            into = into.setdefault(key, {})
        into[last] = int(value) if field.number else value
    made = listed(event)
    assert isinstance(made, dict)
    return made


def fill_menu(page: str, event: dict[str, Any]) -> dict[str, Any]:
    """Fill the menu form of ``event`` on ``page``: what the form posts. Fails when it cannot."""
    forms = MenuForms(page).forms
    assert event["event"] in forms, f"no menu form for {event['event']} events"
    fields = forms[event["event"]]
    wanted = flattened({key: value for key, value in event.items() if key != "event"})
    for name, field in fields.items():  # a true flag is chosen in its select
        for flag in field.options or [] if field.flag else []:
            if wanted.pop(flag, None) == "True":
                wanted[name] = flag
    for name, value in wanted.items():
        assert name in fields, f"the {event['event']} form has no field {name}"
        options = fields[name].options
        assert options is None or value in options, f"{name} offers {options}, not {value}"
    return from_form(event["event"], fields, wanted)


def tap_through_menus(client: TestClient, csrf: str, written: str) -> str:
    """Open the board of ``written`` and post each event, the menu ones as their form gives them."""
    board, *taps = [
        json.loads(line)
        for line in written.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    opened = client.get("/director/table", params={"board": board["board"], "deal": board["deal"]})
    assert opened.status_code == 200, opened.text
    page = opened.text
    log = ""
    for number, tap in enumerate(taps, start=2):
        posted = tap if tap["event"] in TAPPED else fill_menu(page, tap)
        answer = client.post(
            "/director/table/tap",
            params={"board": board["board"]},
            json=posted,
            headers={"X-CSRF-Token": csrf},
        )
        assert answer.status_code == 200, f"line {number}: {answer.text}"
        page, log = answer.json()["html"], answer.json()["log"]
    return log


def assert_same_log(built: str, written: str) -> None:
    """The log built by the page equals the written one as events, and replays to the same state."""
    events = [json.loads(line) for line in written.splitlines() if line.strip()]
    assert [event_from_json(e) for e in json.loads(f"[{','.join(built.splitlines())}]")] == [
        event_from_json(e) for e in events
    ]
    assert report_json(loads(built)) == report_json(loads(written))


@pytest.mark.parametrize(
    "scenario",
    [
        "law_41b_review_and_questions",
        "law_20f_alert_and_explanation",
        "law_21b1_change_in_clarification_period",
        "law_33_simultaneous_calls",
        "law_58a_simultaneous_lead_and_play",
        "law_67a1_missing_card_supplied",
        "law_43a2_dummy_forfeits_then_warns",
        "law_45f_dummy_indicates_a_card",
        "law_64b4_attention_drawn_on_next_board",
        "law_50c_minor_penalty_card",
        "law_50d1_major_penalty_card_binding_later",
        "law_52b1b_lead_instead_of_penalty_card",
        "law_24b_premature_lead",
        "law_24c_two_cards_back_to_declarer",
        "law_51_two_penalty_cards_all_major",
    ],
)
def test_director_table_law_menus_enter_the_incident_as_written(
    director: tuple[TestClient, str], scenario: str
) -> None:
    client, csrf = director
    written = (SCENARIOS / f"{scenario}.jsonl").read_text(encoding="utf-8")
    assert_same_log(tap_through_menus(client, csrf, written), written)


def test_director_table_law_64_revoke_noticed_on_the_trick_chosen(
    director: tuple[TestClient, str],
) -> None:
    """East revoked on trick 2; the director picks that trick among those played (Laws 61-64)."""
    client, csrf = director
    hand_written = (SCENARIOS / "law_64a1_two_tricks_transferred.jsonl").read_text()
    before, revoke = hand_written.rstrip("\n").rsplit("\n", 1)
    assert json.loads(revoke) == {"event": "revoke", "seat": "E"}
    tap_through_menus(client, csrf, before + "\n")
    forms = MenuForms(client.get("/director/table", params={"board": 1}).text).forms
    played = len(loads(before).tricks)
    assert played == 13
    assert forms["revoke"]["trick"].options == ["", *(str(n) for n in range(1, played + 1))]
    client.post("/director/table/restart", params={"board": 1}, data={"csrf_token": csrf})
    written = before + '\n{"event": "revoke", "seat": "E", "trick": 2}\n'
    built = tap_through_menus(client, csrf, written)
    assert_same_log(built, written)
    assert loads(built).transfers == loads(hand_written).transfers


def test_director_table_law_menus_offer_each_item_with_its_law(
    director: tuple[TestClient, str],
) -> None:
    client, _ = director
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    page = client.get("/director/table", params={"board": 1, "deal": deal}).text
    menus = MenuForms(page)
    assert set(menus.items) >= {
        "question",
        "defective",
        "simultaneous",
        "dummy",
        "change",
        "claim",
        "revoke",
        "exposed",
    }
    for kind, title in menus.items.items():
        if kind != "json":
            assert "Law" in title, f"the {kind} item names no Law: {title}"
    assert menus.forms["question"]["kind"].options == list(QUESTION_KINDS)
    assert menus.forms["dummy"]["act"].options == list(DUMMY_ACTS)
    # How a card was exposed: the flags of the exposed event (Laws 24B, 50B).
    assert menus.forms["exposed"]["how"].options == ["", "deliberate", "premature_lead"]
    assert set(ExposedEvent.__dataclass_fields__) >= {"deliberate", "premature_lead"}
    calls = menus.forms["simultaneous"]["calls.0.call"].options
    assert calls is not None
    assert len(calls) == 38  # 35 bids, Pass, X, XX
    es = MenuForms(client.get("/director/table", params={"board": 1, "lang": "es"}).text)
    assert all("Artículo" in title for kind, title in es.items.items() if kind != "json")


@dataclass(frozen=True)
class PendingCall:
    """A pending decision as the page reads it, with one option that needs a call."""

    law: str = "27"
    question: str = "which call replaces it?"
    by: str | None = None
    decider: str = "director"
    options: tuple[Option, ...] = (Option("replace", "27C", "the replacement call", "call"),)


def test_director_table_a_decision_needing_a_call_offers_the_bidding_box(
    director: tuple[TestClient, str],
) -> None:
    """An option that needs a call is answered by tapping the call, not by typing it."""
    client, _ = director
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    client.get("/director/table", params={"board": 1, "deal": deal})
    table = loads(client.get("/director/table/log", params={"board": 1}).text)
    view = table_view(table, "es")
    view["pending"] = PendingCall()
    app: Any = client.app
    drawn = app.state.templates.get_template("director/table_state.html").render(
        view=view,
        readonly=False,
        box=[],
        seats=[],
        calls=box_calls("es"),
        cards=[],
        suit_label=str,
        card_label=str,
        csrf="",
    )
    tapped = '{"by": "director", "call": "1NT", "choice": "replace", "event": "decision"}'
    assert f"data-tap='{tapped}'>1ST<" in drawn
    assert drawn.count('"choice": "replace"') == 38  # 35 bids, Pass, X, XX
    assert 'name="value"' not in drawn


def test_director_table_law_27c_replacement_call_from_the_bidding_box(
    director: tuple[TestClient, str],
) -> None:
    """After South refuses East's insufficient 1H, the box waits on East: his replacement is a tap."""
    client, csrf = director
    written = (SCENARIOS / "law_27b1a_lowest_natural.jsonl").read_text(encoding="utf-8")
    before = "".join(line + "\n" for line in written.splitlines()[:4])
    tap_through_menus(client, csrf, before)
    page = client.get("/director/table", params={"board": 1}).text
    assert 'data-who="E" aria-pressed="true"' in page
    assert 'data-call="2H"' in page
    client.post("/director/table/restart", params={"board": 1}, data={"csrf_token": csrf})
    assert_same_log(tap_through_menus(client, csrf, written), written)
