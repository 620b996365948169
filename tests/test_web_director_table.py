"""The director's table (issue 27): the log built tap by tap through the page's endpoints.

Each incident is a table log written by hand (``tests/scenarios``, ``docs/examples``);
the test posts its events one tap at a time, as the page does, and checks that the log
the server keeps equals the hand-written one, event for event, and that ``arbitro table
replay`` prints the same state for both.
"""

from __future__ import annotations

import html
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.core.deal import Deal
from arbitro.core.errors import ArbitroError
from arbitro.core.seat import Seat
from arbitro.core.suit import Suit
from arbitro.i18n import gettext, parse_language, use_language
from arbitro.store import Store
from arbitro.table import Event, IllegalActionError, RestrictionKind, Table, event_from_json
from arbitro.table.events import EXAMPLE_DEAL, BoardEvent
from arbitro.table.log import dumps, loads
from arbitro.tournament.event import EventSpec
from arbitro.web import create_app
from arbitro.web.director_table import start_log, tapped, undone
from table_support import law_50d2_spade_log
from web_director import PASSWORD, SECRET

pytest_plugins = ("web_director",)  # the store and director fixtures

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
EXAMPLES = ROOT / "docs" / "examples"


def events_of(text: str) -> list[Event]:
    """The events of a table log, its comment and blank lines skipped."""
    return [
        event_from_json(json.loads(line))
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]


def tap_through(client: TestClient, csrf: str, written: str) -> str:
    """Open the board of the log ``written`` and post its events one tap each; the kept log."""
    board, *taps = [
        json.loads(line)
        for line in written.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    opened = client.get("/director/table", params={"board": board["board"], "deal": board["deal"]})
    assert opened.status_code == 200, opened.text
    log = ""
    for number, tap in enumerate(taps, start=2):
        answer = client.post(
            "/director/table/tap",
            params={"board": board["board"]},
            json=tap,
            headers={"X-CSRF-Token": csrf},
        )
        assert answer.status_code == 200, f"line {number}: {answer.text}"
        log = answer.json()["log"]
    downloaded = client.get("/director/table/log", params={"board": board["board"]})
    assert downloaded.status_code == 200
    assert downloaded.text == log
    return log


def replayed(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    """What ``arbitro table replay --json`` prints for the log at ``path``."""
    with pytest.raises(SystemExit) as exited:
        main(["table", "replay", "--json", str(path)])
    assert exited.value.code in (0, None)
    return capsys.readouterr().out


INCIDENTS = [
    SCENARIOS / "law_54b_declarer_accepts_and_plays_second.jsonl",
    SCENARIOS / "law_54d_refused_lead_becomes_major_penalty_card.jsonl",
    SCENARIOS / "law_54a_declarer_spreads_and_becomes_dummy.jsonl",
    EXAMPLES / "board-27b2.jsonl",
    SCENARIOS / "law_64a1_two_tricks_transferred.jsonl",
    EXAMPLES / "claim-disputed.jsonl",
    SCENARIOS / "law_25a_unintended_call_replaced.jsonl",
]


@pytest.mark.parametrize("incident", INCIDENTS, ids=lambda path: path.stem)
def test_director_table_log_tapped_equals_the_log_written_by_hand_and_its_replay(
    director: tuple[TestClient, str],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    incident: Path,
) -> None:
    client, csrf = director
    written = incident.read_text(encoding="utf-8")
    built = tap_through(client, csrf, written)
    assert events_of(built) == events_of(written)
    (tmp_path / "tapped.jsonl").write_text(built, encoding="utf-8")
    assert replayed(capsys, tmp_path / "tapped.jsonl") == replayed(capsys, incident)


def test_director_table_law_27b2_leaves_the_lead_restriction_in_force(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    built = tap_through(client, csrf, (EXAMPLES / "board-27b2.jsonl").read_text())
    table = loads(built)
    kinds = [(r.kind, r.seat, r.law) for r in table.restrictions]
    assert (RestrictionKind.LEAD_OPTION, Seat.WEST, "26A2") in kinds
    page = client.get("/director/table", params={"board": 1})
    for restriction in table.restrictions:
        assert html.escape(str(restriction.message)) in page.text


def test_director_table_law_64a_shows_the_tricks_transferred(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    built = tap_through(
        client, csrf, (SCENARIOS / "law_64a1_two_tricks_transferred.jsonl").read_text()
    )
    table = loads(built)
    assert table.transfers, "the incident transfers tricks"
    assert str(table.score()) in client.get("/director/table", params={"board": 1}).text


def test_director_table_undo_drops_the_last_event_and_the_reload_keeps_the_log(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    tap_through(client, csrf, (SCENARIOS / "law_25a_unintended_call_replaced.jsonl").read_text())
    headers = {"X-CSRF-Token": csrf}
    before = client.get("/director/table/log", params={"board": 5}).text
    mistaken = client.post(
        "/director/table/tap",
        params={"board": 5},
        json={"event": "call", "seat": "W", "call": "Pass"},
        headers=headers,
    )
    assert mistaken.status_code == 200
    assert events_of(mistaken.json()["log"])[-1] != events_of(before)[-1]
    undone = client.post("/director/table/undo", params={"board": 5}, headers=headers)
    assert undone.status_code == 200
    assert undone.json()["log"] == before
    assert store.kept_table_log("ana", 0, 5) == before
    with TestClient(create_app(store, secret=SECRET)) as reloaded:
        signed = reloaded.post("/api/session", json={"name": "ana", "password": PASSWORD})
        assert signed.status_code == 200
        assert reloaded.get("/director/table/log", params={"board": 5}).text == before


def test_director_table_refuses_a_tap_the_table_cannot_take_with_the_reason(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    client.get("/director/table", params={"board": 1, "deal": str(EXAMPLE_DEAL)})
    headers = {"X-CSRF-Token": csrf}
    answer = client.post(
        "/director/table/tap",
        params={"board": 1},
        json={"event": "play", "seat": "W", "card": "SA"},
        headers=headers,
    )
    assert answer.status_code == 422
    with pytest.raises(IllegalActionError) as refused:
        Table(EXAMPLE_DEAL, number=1).play("W", "SA")
    assert answer.json()["detail"] == str(refused.value)
    board = client.post(
        "/director/table/tap",
        params={"board": 1},
        json={"event": "board", "board": 2, "deal": str(EXAMPLE_DEAL)},
        headers=headers,
    )
    assert board.status_code == 422
    assert "other than the board" in board.json()["detail"]
    unsigned = client.post("/director/table/tap", params={"board": 1}, json={"event": "face_lead"})
    assert unsigned.status_code in (400, 403)
    assert len(events_of(client.get("/director/table/log", params={"board": 1}).text)) == 1


def test_director_table_takes_the_deal_kept_for_the_events_board(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = store.create_event(EventSpec("Club", boards=2))
    desk = client.get(f"/director/events/{event}")
    assert f'href="/director/table?event={event}"' in desk.text
    missing = client.get("/director/table", params={"event": event, "board": 2})
    assert missing.status_code == 422
    assert "give the deal of board 2" in missing.text
    store.keep_deals(event, {2: EXAMPLE_DEAL})
    opened = client.get("/director/table", params={"event": event, "board": 2})
    assert opened.status_code == 200
    kept = store.kept_table_log("ana", event, 2)
    assert kept is not None
    board = events_of(kept)[0]
    assert isinstance(board, BoardEvent)
    assert board.deal == EXAMPLE_DEAL
    assert client.get("/director/table", params={"board": 2}).status_code == 422


def test_director_table_saves_the_ruling_with_its_log_on_the_events_board(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=2))
    written = (EXAMPLES / "board-27b2.jsonl").read_text(encoding="utf-8")
    board, *taps = [json.loads(line) for line in written.splitlines() if line.strip()]
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
        data={"csrf_token": csrf, "law": "27B2", "text": "2C replaces 1H", "table_number": "3"},
    )
    assert saved.status_code == 200  # followed the redirect back to the table
    assert "saved to the board" in saved.text
    [(_, ruling)] = store.rulings(event)
    assert (ruling.board, ruling.table, ruling.law, ruling.director) == (1, 3, "27B2", "ana")
    assert ruling.log is not None
    assert events_of(ruling.log) == events_of(written)
    bare = client.post(
        "/director/table/save",
        params={"board": 1},
        data={"csrf_token": csrf, "law": "27B2", "text": "x"},
    )
    assert bare.status_code == 422
    assert "open the board from its event" in bare.text


CALLS = ("Pass", "X", "XX", "1C", "1H", "1NT", "2S", "3NT", "7NT")


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from("NESW"), st.sampled_from(CALLS)), min_size=1, max_size=10)
)
def test_director_table_undo_is_the_fold_of_the_log_without_its_last_event(
    taps: list[tuple[str, str]],
) -> None:
    """Any seat calls anything: each tap the table takes adds one event; undo gives back the log before it."""
    logs = [start_log(1, str(EXAMPLE_DEAL))]
    for seat, call in taps:
        try:
            logs.append(tapped(logs[-1], {"event": "call", "seat": seat, "call": call}))
        except ArbitroError:
            continue  # refused (the table waits on a decision): the log is unchanged
        assert len(events_of(logs[-1])) == len(events_of(logs[-2])) + 1
    for before, after in itertools.pairwise(logs):
        assert undone(after) == before
        assert events_of(dumps(loads(after))) == events_of(after)


# A decision's value in the page's notation (the ruling assistant's reading rule).

PENALTY_SPADE = law_50d2_spade_log()
"""Declarer's Law 50D2 choice, West's major penalty card the ♠4 (East to lead)."""

REQUIRE = "require the lead of the penalty card's suit; the penalty card is picked up"
"""The text of declarer's option to require the penalty card's suit (Law 50D2a)."""


def spoken(lang: str, message: str) -> str:
    """``message`` as the catalog puts it in ``lang``."""
    with use_language(parse_language(lang)):
        return gettext(message)


def tap_in(
    client: TestClient, csrf: str, lang: str, data: dict[str, Any], board: int = 1
) -> Response:
    """Post one tap from the table's page in ``lang``, as its script does."""
    return client.post(
        "/director/table/tap",
        params={"board": board, "lang": lang},
        json=data,
        headers={"X-CSRF-Token": csrf},
    )


def decision_section(page: str) -> str:
    """The decision the drawn table waits on, as the page shows it."""
    return page.split('id="dt-decision"')[1].split("</section>")[0]


@pytest.mark.parametrize(("lang", "name"), [("en", "North"), ("es", "Norte")])
def test_law50d2_who_chooses_is_declarer_by_name_and_the_suit_is_a_button(
    director: tuple[TestClient, str], lang: str, name: str
) -> None:
    client, csrf = director
    tap_through(client, csrf, PENALTY_SPADE)
    page = client.get("/director/table", params={"board": 1, "lang": lang})
    assert page.status_code == 200, page.text
    decision = decision_section(page.text)
    assert f'class="decider">{name}<' in decision  # declarer, by the seat's name
    assert 'data-by="N"' in page.text  # the log's seat, whatever the language
    spade = '{"by": "N", "choice": "require", "event": "decision", "suit": "S"}'
    assert f"data-tap='{spade}'>♠<" in decision  # the one suit the Law gives, by symbol
    assert '"suit": "H"' not in decision
    if lang == "es":  # nothing of the decision in English
        assert "Law " not in decision
        assert "Who chooses" not in decision


@pytest.mark.parametrize(
    ("lang", "typed"), [("es", "P"), ("es", "p"), ("es", "♠"), ("en", "S"), ("en", "s")]
)
def test_law50d2a_declarer_names_the_suit_typed_in_the_pages_notation(
    director: tuple[TestClient, str], lang: str, typed: str
) -> None:
    client, csrf = director
    tap_through(client, csrf, PENALTY_SPADE)
    answer = tap_in(
        client,
        csrf,
        lang,
        {"event": "decision", "by": "N", "choice": "require", "typed": typed, "notation": lang},
    )
    assert answer.status_code == 200, answer.text
    log = answer.json()["log"]
    assert log.splitlines()[-1] == (
        '{"event": "decision", "by": "N", "choice": "require", "suit": "S"}'
    )
    table = loads(log)
    required = [r for r in table.restrictions if r.kind is RestrictionKind.LEAD_REQUIRED]
    assert [(r.seat, r.suits) for r in required] == [(Seat.EAST, (Suit.SPADES,))]
    assert table.pending is None


def test_law50d2a_hearts_typed_in_spanish_are_not_the_penalty_cards_suit(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    before = tap_through(client, csrf, PENALTY_SPADE)
    typed = {"event": "decision", "by": "N", "choice": "require", "typed": "C"}
    for data in (typed, {**typed, "notation": "es"}):  # no notation: the page's language
        answer = tap_in(client, csrf, "es", data)  # C is corazones, hearts, on a Spanish page
        assert answer.status_code == 422
        # The table's refusal, in Spanish, its suits as symbols: ♠ is the one suit allowed.
        assert answer.json()["detail"] == spoken(
            "es", "'{choice}' needs a suit, one of {suits}"
        ).format(choice="exigir", suits="♠")
    assert client.get("/director/table/log", params={"board": 1}).text == before


@pytest.mark.parametrize(
    ("lang", "typed", "expected"),
    [
        ("en", "Z", f"option '{REQUIRE}': expected suit (S), not 'Z'"),
        # S is no suit in Spanish notation: an English habit is refused, never guessed.
        (
            "es",
            "S",
            spoken("es", "option '{option}': expected {expected}, not '{value}'").format(
                option=spoken("es", REQUIRE),
                expected=spoken("es", "suit ({examples})").format(examples="P"),
                value="S",
            ),
        ),
    ],
)
def test_law50d2a_a_value_that_is_no_suit_is_refused_naming_the_option(
    director: tuple[TestClient, str], lang: str, typed: str, expected: str
) -> None:
    client, csrf = director
    before = tap_through(client, csrf, PENALTY_SPADE)
    answer = tap_in(
        client,
        csrf,
        lang,
        {"event": "decision", "by": "N", "choice": "require", "typed": typed, "notation": lang},
    )
    assert answer.status_code == 422
    assert answer.json()["detail"] == expected
    assert client.get("/director/table/log", params={"board": 1}).text == before


def test_director_table_refuses_a_notation_it_does_not_know(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    before = tap_through(client, csrf, PENALTY_SPADE)
    answer = tap_in(
        client,
        csrf,
        "en",
        {"event": "decision", "by": "N", "choice": "require", "typed": "P", "notation": "fr"},
    )
    assert answer.status_code == 422
    assert answer.json()["detail"] == "unknown language 'fr': expected one of en, es"
    assert client.get("/director/table/log", params={"board": 1}).text == before


LAW_29C = SCENARIOS / "law_29c_artificial_suits_shown.jsonl"
"""West's 2NT out of rotation, refused; the director gives the suits it showed (29C)."""


@pytest.mark.parametrize(
    ("lang", "examples", "typed"),
    [("en", "S, H, D, C", "D C"), ("es", "P, C, D, T", "D, T")],
)
def test_law29c_the_director_types_the_suits_in_the_pages_notation(
    director: tuple[TestClient, str], lang: str, examples: str, typed: str
) -> None:
    client, csrf = director
    written = LAW_29C.read_text(encoding="utf-8")
    lines = written.splitlines()
    tap_through(client, csrf, "".join(line + "\n" for line in lines[:3]))
    page = client.get("/director/table", params={"board": 1, "lang": lang}).text
    decision = decision_section(page)
    assert 'class="decider">' + spoken(lang, "the director") + "<" in decision
    form = re.search(r'<form class="dt-needs"[^>]*>', decision)
    assert form is not None
    assert f'data-needs="suits" data-notation="{lang}"' in form.group(0)
    shown = spoken(lang, "suits ({examples})").format(examples=examples)
    assert f'aria-label="{shown}" placeholder="{shown}"' in decision
    answer = tap_in(
        client,
        csrf,
        lang,
        {"event": "decision", "by": "director", "choice": "artificial", "typed": typed},
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["log"].splitlines()[-1] == lines[3]  # suits D and C, in English


def test_law26b_forbid_offers_a_button_for_every_suit(
    director: tuple[TestClient, str],
) -> None:
    """Declarer may forbid any suit (26B): the four suits are offered, the one tapped logged."""
    client, csrf = director
    written = (SCENARIOS / "law_26b_forbid_any_suit.jsonl").read_text(encoding="utf-8")
    *before, forbid = written.splitlines()
    tap_through(client, csrf, "".join(line + "\n" for line in before))
    decision = decision_section(client.get("/director/table", params={"board": 1}).text)
    taps = [json.loads(found) for found in re.findall(r"data-tap='([^']*)'", decision)]
    assert [tap["suit"] for tap in taps if tap["choice"] == "forbid"] == ["S", "H", "D", "C"]
    answer = tap_in(client, csrf, "en", next(tap for tap in taps if tap.get("suit") == "D"))
    assert answer.status_code == 200, answer.text
    assert events_of(answer.json()["log"]) == events_of(written)
    assert json.loads(forbid)["suit"] == "D"
