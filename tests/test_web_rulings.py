"""The ruling assistant (issue 9): replay to the irregularity, the Law and options, the choice, the save.

In both languages: who chooses by name, an option's value read in the form's notation.
"""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from arbitro.core.suit import Suit
from arbitro.i18n import gettext, parse_language, use_language
from arbitro.store import Store
from arbitro.table import RestrictionKind, Table
from arbitro.table.events import EXAMPLE_DEAL, DecisionEvent
from arbitro.table.log import loads
from arbitro.table.report import report_lines
from arbitro.tournament.event import EventSpec
from arbitro.web import create_app
from table_support import law_50d2_spade_log
from web_director import PASSWORD, SECRET

pytest_plugins = ("web_director",)  # the store and director fixtures

INSUFFICIENT = "N 1NT\nE 1H"


def hidden(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    assert found is not None
    return html.unescape(found.group(1))


def test_law27_insufficient_bid_shows_the_law_who_chooses_and_the_options(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    page = client.post(
        "/director/rulings",
        data={"csrf_token": csrf, "board": "1", "deal": str(EXAMPLE_DEAL), "steps": INSUFFICIENT},
    )
    assert page.status_code == 200, page.text
    table = Table(EXAMPLE_DEAL, number=1)
    table.call("N", "1NT")
    table.call("E", "1H")
    pending = table.pending
    assert pending is not None
    assert f"Law {pending.law}" in page.text
    assert pending.by is not None
    assert f'class="decider">{pending.by.localized()}<' in page.text  # South, by name
    for option in pending.options:
        assert f'name="choice" value="{option.choice}"' in page.text
        assert html.escape(f"Law {option.law}") in page.text


def test_law27_the_state_after_the_choice(director: tuple[TestClient, str]) -> None:
    client, csrf = director
    first = client.post(
        "/director/rulings",
        data={"csrf_token": csrf, "board": "1", "deal": str(EXAMPLE_DEAL), "steps": INSUFFICIENT},
    )
    log = hidden(first.text, "log")
    table = loads(log)
    assert table.pending is not None
    chosen = table.pending.options[0]
    after = client.post(
        "/director/rulings",
        data={"csrf_token": csrf, "log": log, "by": table.pending.decider, "choice": chosen.choice},
    )
    assert after.status_code == 200, after.text
    table.decide(table.pending.decider, chosen.choice)
    for line in report_lines(table):
        assert html.escape(line.strip()) in after.text


def test_a_pasted_log_and_the_ruling_saved_to_the_board(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=4))
    log = (
        '{"event": "board", "board": 3, "deal": "' + str(EXAMPLE_DEAL) + '"}\n'
        '{"event": "call", "seat": "S", "call": "1C"}\n'
        '{"event": "call", "seat": "N", "call": "1D"}\n'
    )
    shown = client.post("/director/rulings", data={"csrf_token": csrf, "log": log})
    assert shown.status_code == 200, shown.text
    pending = loads(log).pending
    assert pending is not None
    assert f"Law {pending.law}" in shown.text
    saved = client.post(
        "/director/rulings",
        data={
            "csrf_token": csrf,
            "log": hidden(shown.text, "log"),
            "save": "1",
            "event": str(event),
            "table_number": "2",
            "law": pending.law,
            "text": "call out of rotation: West chose to accept it",
        },
    )
    assert saved.status_code == 200, saved.text
    [(number, ruling)] = store.rulings(event)
    assert f"Ruling {number} saved" in saved.text
    assert (ruling.board, ruling.table, ruling.law, ruling.director) == (3, 2, pending.law, "ana")
    assert ruling.log is not None
    assert loads(ruling.log).calls == loads(log).calls


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ({"steps": "N"}, "line 1: expected a seat and a call or card"),
        ({"steps": "N 1NT\nN 2NT\nZ 3NT"}, "line 3: 'Z' is not a seat"),
        ({"steps": "N 1NT\nE 1Z"}, "line 2: '1Z' is neither a call nor a card"),
        ({"log": "not json"}, "line 1: not JSON"),
    ],
)
def test_bad_input_is_named(
    director: tuple[TestClient, str], data: dict[str, str], needle: str
) -> None:
    client, csrf = director
    page = client.post(
        "/director/rulings",
        data={"csrf_token": csrf, "board": "1", "deal": str(EXAMPLE_DEAL), **data},
    )
    assert page.status_code == 422
    assert needle in html.unescape(page.text)


def test_assistant_needs_a_director_and_a_csrf_token(store: Store) -> None:
    with TestClient(create_app(store, secret=SECRET)) as anonymous:
        page = anonymous.get("/director/rulings", follow_redirects=False)
        assert page.status_code == 303
        assert page.headers["location"].startswith("/director/sign-in")
    with TestClient(create_app(store, secret=SECRET)) as client:
        client.post("/api/session", json={"name": "ana", "password": PASSWORD})
        forged = client.post("/director/rulings", data={"csrf_token": "forged", "steps": "N 1NT"})
        assert forged.status_code == 403


def test_assistant_page_in_spanish(director: tuple[TestClient, str]) -> None:
    client, _ = director
    page = client.get("/director/rulings?lang=es")
    assert page.status_code == 200
    assert "Asistente de arbitraje" in page.text


def test_a_board_picked_from_the_events_deals(
    director: tuple[TestClient, str], store: Store
) -> None:
    from arbitro.core.deal import Deal
    from arbitro.web.public_results import set_deals

    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=2))
    deal = Deal.from_number(777)
    set_deals(store, event, {2: str(deal)})
    assert str(deal) in html.unescape(client.get(f"/director/rulings?event={event}&board=2").text)
    page = client.post(
        "/director/rulings",
        data={"csrf_token": csrf, "event": str(event), "board": "2", "deal": "", "steps": "E 1S"},
    )
    assert page.status_code == 200, page.text
    assert loads(hidden(page.text, "log")).deal == deal
    missing = client.post(
        "/director/rulings",
        data={"csrf_token": csrf, "event": str(event), "board": "1", "deal": "", "steps": "N 1S"},
    )
    assert missing.status_code == 422
    assert f"event {event} has no deal for board 1" in missing.text


def test_law27_actions_typed_in_spanish_notation_give_the_same_table(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    page = client.post(
        "/director/rulings?lang=es",
        data={
            "csrf_token": csrf,
            "board": "1",
            "deal": str(EXAMPLE_DEAL),
            "steps": "N 1SA\nE 1C",  # 1NT, then an insufficient 1H (corazones)
            "notation": "es",
        },
    )
    assert page.status_code == 200, page.text
    table = Table(EXAMPLE_DEAL, number=1)
    table.call("N", "1NT")
    table.call("E", "1H")
    pending = table.pending
    assert pending is not None
    assert f"Artículo {pending.law}" in page.text
    assert '{"event": "call", "seat": "E", "call": "1H"}' in html.unescape(page.text)
    assert '<option value="es" selected>' in page.text


def test_actions_are_read_in_the_chosen_notation_only(director: tuple[TestClient, str]) -> None:
    client, csrf = director
    page = client.post(
        "/director/rulings",
        data={
            "csrf_token": csrf,
            "board": "1",
            "deal": str(EXAMPLE_DEAL),
            "steps": "N 1NT\nE 1S",  # English 1S (spades) is no Spanish call: picas is P
            "notation": "es",
        },
    )
    assert page.status_code == 422
    assert "line 2: '1S' is neither a call nor a card, as in 1ST, Paso, PA" in html.unescape(
        page.text
    )


@pytest.mark.parametrize(
    ("notation", "steps", "expected"),
    [
        ("es", "N 1ST\nE", "line 2: expected a seat and a call or card, as in N 1ST"),
        ("en", "N 1NT\nE", "line 2: expected a seat and a call or card, as in N 1NT"),
        ("es", "N 1ST\nW 1C", "line 2: 'W' is not a seat: expected one of N, E, S, O"),
        ("en", "N 1NT\nO 1H", "line 2: 'O' is not a seat: expected one of N, E, S, W"),
    ],
)
def test_a_bad_action_line_is_shown_its_example_in_the_notation_read(
    director: tuple[TestClient, str], notation: str, steps: str, expected: str
) -> None:
    client, csrf = director
    page = client.post(
        "/director/rulings?lang=en",
        data={
            "csrf_token": csrf,
            "board": "1",
            "deal": str(EXAMPLE_DEAL),
            "steps": steps,
            "notation": notation,
        },
    )
    assert page.status_code == 422
    assert expected in html.unescape(page.text)


PENALTY_SPADE = law_50d2_spade_log()
"""Declarer's Law 50D2 choice, West's major penalty card the ♠4 (East to lead)."""


def spoken(lang: str, message: str) -> str:
    """``message`` as the catalog puts it in ``lang``."""
    with use_language(parse_language(lang)):
        return gettext(message)


def test_law54_who_chooses_is_declarer_by_name_in_the_pages_language(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    steps = {
        "en": "N 1NT\nE Pass\nS Pass\nW Pass\nW C5",
        "es": "N 1SA\nE paso\nS paso\nO paso\nO T5",
    }
    for lang, name in (("en", "North"), ("es", "Norte")):
        page = client.post(
            f"/director/rulings?lang={lang}",
            data={
                "csrf_token": csrf,
                "board": "1",
                "deal": str(EXAMPLE_DEAL),
                "steps": steps[lang],
            },
        )
        assert page.status_code == 200, page.text
        pending = loads(hidden(page.text, "log")).pending
        assert pending is not None
        assert (pending.law, pending.decider) == ("54", "N")  # West led: declarer chooses
        assert f'class="decider">{name}<' in page.text
        assert hidden(page.text, "by") == "N"  # the log's seat, whatever the page's language
        assert hidden(page.text, "notation") == lang
        refused = client.post(
            f"/director/rulings?lang={lang}",
            data={
                "csrf_token": csrf,
                "log": hidden(page.text, "log"),
                "by": "N",
                "choice": "refuse",
            },
        )
        assert refused.status_code == 200, refused.text
        decision = loads(hidden(refused.text, "log")).events[-1]
        assert isinstance(decision, DecisionEvent)
        assert (decision.by, decision.choice) == ("N", "refuse")
        assert spoken(lang, "Law %(law)s") % {"law": "54D"} in refused.text


@pytest.mark.parametrize(
    ("lang", "notation", "typed"),
    [("es", "es", "P"), ("es", "", "p"), ("en", "en", "S"), ("es", "en", "S"), ("en", "es", "♠")],
)
def test_law50d2a_declarer_names_the_suit_in_the_forms_notation(
    director: tuple[TestClient, str], lang: str, notation: str, typed: str
) -> None:
    client, csrf = director
    shown = client.post(
        f"/director/rulings?lang={lang}", data={"csrf_token": csrf, "log": PENALTY_SPADE}
    )
    assert shown.status_code == 200, shown.text
    pending = loads(PENALTY_SPADE).pending
    assert pending is not None
    assert (pending.law, pending.decider) == ("50D2", "N")
    require = pending.option("require")
    assert require is not None
    assert (require.needs, require.suits) == ("suit", (Suit.SPADES,))
    chosen = client.post(
        f"/director/rulings?lang={lang}",
        data={
            "csrf_token": csrf,
            "log": hidden(shown.text, "log"),
            "by": "N",
            "choice": "require",
            "extra": typed,
            "notation": notation,  # empty: the page's language
        },
    )
    assert chosen.status_code == 200, chosen.text
    log = hidden(chosen.text, "log")
    assert '{"event": "decision", "by": "N", "choice": "require", "suit": "S"}' in log
    table = loads(log)
    assert [
        (str(r.seat), r.suits)
        for r in table.restrictions
        if r.kind is RestrictionKind.LEAD_REQUIRED
    ] == [("E", (Suit.SPADES,))]
    assert table.pending is None


def test_law50d2a_hearts_typed_in_spanish_are_not_the_penalty_cards_suit(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    chosen = client.post(
        "/director/rulings?lang=es",
        data={
            "csrf_token": csrf,
            "log": PENALTY_SPADE,
            "by": "N",
            "choice": "require",
            "extra": "C",  # corazones: hearts, never clubs, on a Spanish page
            "notation": "es",
        },
    )
    assert chosen.status_code == 422
    alert = html.unescape(chosen.text.split('role="alert">')[1].split("</p>")[0])
    # The table's refusal, in Spanish, its suits as symbols: ♠ is the one suit allowed.
    assert alert == (
        spoken("es", "{source}, line {line}: {problem}").format(
            source=spoken("es", "the log"),
            line=16,
            problem=spoken("es", "'{choice}' needs a suit, one of {suits}").format(
                choice="exigir", suits="♠"
            ),
        )
    )
    # The decision is asked again, its answer as typed, the log without it.
    assert loads(hidden(chosen.text, "log")).events == loads(PENALTY_SPADE).events
    assert 'name="extra"' in chosen.text
    assert 'value="C" maxlength="40" required' in chosen.text
    assert "Artículo 50D2" in chosen.text


REQUIRE = "require the lead of the penalty card's suit; the penalty card is picked up"
"""The text of declarer's option to require the penalty card's suit (Law 50D2a)."""


@pytest.mark.parametrize(
    ("lang", "typed", "expected"),
    [
        ("en", "Z", f"option '{REQUIRE}': expected suit (S), not 'Z'"),
        # S is no suit in Spanish notation: an English habit is refused, never guessed.
        (
            "es",
            "S",
            "opción «exigir la salida del palo de la carta penalizada; la carta penalizada "
            "se recoge»: se esperaba palo (P), no «S»",
        ),
    ],
)
def test_law50d2a_a_value_that_is_no_suit_is_refused_naming_the_option(
    director: tuple[TestClient, str], lang: str, typed: str, expected: str
) -> None:
    client, csrf = director
    chosen = client.post(
        f"/director/rulings?lang={lang}",
        data={
            "csrf_token": csrf,
            "log": PENALTY_SPADE,
            "by": "N",
            "choice": "require",
            "extra": typed,
            "notation": lang,
        },
    )
    assert chosen.status_code == 422
    alert = html.unescape(chosen.text.split('role="alert">')[1].split("</p>")[0])
    assert alert == expected
    # The decision is asked again, its answer as typed, the log without it.
    assert f'value="{typed}" maxlength="40" required' in chosen.text
    assert loads(hidden(chosen.text, "log")).events == loads(PENALTY_SPADE).events


@pytest.mark.parametrize(("lang", "hint"), [("en", "suit (S)"), ("es", "palo (P)")])
def test_law50d2a_the_suit_input_says_what_to_type_in_the_pages_notation(
    director: tuple[TestClient, str], lang: str, hint: str
) -> None:
    client, csrf = director
    page = client.post(
        f"/director/rulings?lang={lang}", data={"csrf_token": csrf, "log": PENALTY_SPADE}
    )
    assert page.status_code == 200, page.text
    inputs = re.findall(r'<input name="extra"[^>]*>', page.text)
    assert len(inputs) == 2  # require and forbid name a suit; "none" needs nothing
    for field in inputs:
        assert f'aria-label="{hint}" placeholder="{hint}"' in field


@pytest.mark.parametrize(
    ("lang", "steps", "typed"), [("en", "E 1C", "S H"), ("es", "E 1T", "P, C")]
)
def test_law29c_the_director_gives_the_suits_an_artificial_call_showed(
    director: tuple[TestClient, str], lang: str, steps: str, typed: str
) -> None:
    client, csrf = director
    # East opens 1♣ out of rotation; South refuses it (29B): is the call artificial?
    shown = client.post(
        f"/director/rulings?lang={lang}",
        data={"csrf_token": csrf, "board": "1", "deal": str(EXAMPLE_DEAL), "steps": steps},
    )
    refused = client.post(
        f"/director/rulings?lang={lang}",
        data={"csrf_token": csrf, "log": hidden(shown.text, "log"), "by": "S", "choice": "refuse"},
    )
    assert refused.status_code == 200, refused.text
    pending = loads(hidden(refused.text, "log")).pending
    assert pending is not None
    assert (pending.law, pending.decider) == ("29", "director")
    assert f'class="decider">{spoken(lang, "the director")}<' in refused.text
    assert hidden(refused.text, "by") == "director"
    chosen = client.post(
        f"/director/rulings?lang={lang}",
        data={
            "csrf_token": csrf,
            "log": hidden(refused.text, "log"),
            "by": "director",
            "choice": "artificial",
            "extra": typed,
            "notation": lang,
        },
    )
    assert chosen.status_code == 200, chosen.text
    decided = hidden(chosen.text, "log").splitlines()[-1]
    assert decided == (
        '{"event": "decision", "by": "director", "choice": "artificial", "suits": ["S", "H"]}'
    )
    assert [ruling.law for ruling in loads(hidden(chosen.text, "log")).rulings] == ["29B", "31A"]
