"""Law 87 in a team match: a board not compared is named wherever the results are read.

When the two tables of a match played a fouled board in different groups, the board is
left out of the match until the director gives it an adjusted score (87B, 86A, 12C2).
The director is told on ``event ranking``, ``event traveller`` and the desk; the same
board is named, with its match and its groups, in the JSON every output gives
(``event ranking --json``, ``event traveller --json``, the director's API ranking, the
public API's ranking and traveller) and, for the players, on the public results (the
ranking, the board's traveller, the team's score card), the printed ranking and the
tables' provisional ranking, in English and in the players' Spanish.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.i18n import Language, use_language
from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.teams import UncomparedBoard
from arbitro.web import create_app
from arbitro.web.pages import make_templates
from arbitro.web.standings import NotCompared, RankingLine
from cli_support import run_cli
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store with director ana, and her client

DIRECTORS = {
    "en": "Board 1, session 1, match A v B: the two tables are in different groups of a "
    "fouled board (A / B) and are not compared (Law 87B).",
    "es": "Estuche 1, sesión 1, encuentro A contra B: las dos mesas están en grupos "
    "distintos de un estuche alterado (A / B) y no se comparan (Artículo 87B).",
}
"""The start of what the director reads about board 1 of match A v B (Law 87B)."""

PLAYERS = {
    "en": "Board 1 of the match A v B was not compared (Law 87): its two tables played "
    "different forms of a fouled board. It awaits the director's score and does not count "
    "in the match until then.",
    "es": "El estuche 1 del encuentro A contra B no se ha comparado (Artículo 87): sus dos "
    "mesas jugaron formas distintas de un estuche alterado. Está pendiente de la "
    "puntuación del árbitro y hasta entonces no cuenta en el encuentro.",
}
"""What the players read about board 1 of match A v B (Law 87)."""

NOT_COMPARED = {
    "law": "87B",
    "session": 1,
    "board": 1,
    "home": "A",
    "away": "B",
    "home_group": "A",
    "away_group": "B",
}
"""Board 1 of match A v B in every JSON output, besides its ``note``."""


def fouled_event(store: Store) -> int:
    """Four teams: board 1 of A v B fouled (groups A and B), the rest played alike."""
    event = store.create_event(
        EventSpec("Liga", boards=2, kind="teams"),
        [Participant(team) for team in "ABCD"],
    )
    for board, table, ns, ew, text in (
        (1, 1, "A", "B", "score 420 group A"),
        (1, 2, "B", "A", "score 170 group B"),
        (2, 1, "A", "B", "score 100"),
        (2, 2, "B", "A", "score -100"),
        (1, 3, "C", "D", "score 50"),
        (1, 4, "D", "C", "score -50"),
        (2, 3, "C", "D", "score 600"),
        (2, 4, "D", "C", "score -100"),
    ):
        store.enter_result(event, board, table, Entry.from_str(text), ns=ns, ew=ew)
    return event


def cli(capsys: pytest.CaptureFixture[str], folder: Path, *arguments: str) -> str:
    """``arbitro ARGUMENTS`` on the store's database (``web_director``'s, in ``folder``)."""
    code, out, err = run_cli(capsys, *arguments, "--db", str(folder / "arbitro.sqlite3"))
    assert (code, err) == (0, ""), f"{arguments}: {err}"
    return out


def note_of(item: dict[str, object]) -> str:
    """The ``note`` of a JSON board not compared, checking the rest is board 1 of A v B."""
    assert {key: value for key, value in item.items() if key != "note"} == NOT_COMPARED
    note = item["note"]
    assert isinstance(note, str)
    return note


# -- The command line's JSON -----------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_law_87b_event_ranking_json_lists_the_board_not_compared_after_the_ranking(
    capsys: pytest.CaptureFixture[str], store: Store, tmp_path: Path, lang: str
) -> None:
    event = fouled_event(store)
    rows = json.loads(
        cli(capsys, tmp_path, "event", "ranking", str(event), "--json", "--lang", lang)
    )
    ranked = [row for row in rows if "rank" in row]
    assert [row["participant"] for row in ranked] == [s.participant for s in store.ranking(event)]
    *_, last = rows
    assert note_of(last).startswith(DIRECTORS[lang])
    assert len(rows) == len(ranked) + 1


def test_law_87b_event_ranking_json_lists_the_board_when_no_match_is_scored_yet(
    capsys: pytest.CaptureFixture[str], store: Store, tmp_path: Path
) -> None:
    """No ranking yet: the board not compared is still named (the text says so too)."""
    event = store.create_event(
        EventSpec("Liga", boards=1, kind="teams"), [Participant("A"), Participant("B")]
    )
    store.enter_result(event, 1, 1, Entry.from_str("score 420 group A"), ns="A", ew="B")
    store.enter_result(event, 1, 2, Entry.from_str("score 170 group B"), ns="B", ew="A")
    (only,) = json.loads(cli(capsys, tmp_path, "event", "ranking", str(event), "--json"))
    assert note_of(only).startswith(DIRECTORS["en"])


def test_law_87b_event_traveller_json_marks_the_tables_not_compared(
    capsys: pytest.CaptureFixture[str], store: Store, tmp_path: Path
) -> None:
    event = fouled_event(store)
    lines = json.loads(cli(capsys, tmp_path, "event", "traveller", str(event), "1", "--json"))
    marked = {line["table"]: line["uncompared"] for line in lines}
    assert note_of(marked[1]) == note_of(marked[2])
    assert note_of(marked[1]).startswith(DIRECTORS["en"])
    # Match C v D was compared on board 1, and board 2 of A v B too: nothing to say.
    assert (marked[3], marked[4]) == (None, None)
    again = json.loads(cli(capsys, tmp_path, "event", "traveller", str(event), "2", "--json"))
    assert [line["uncompared"] for line in again] == [None] * 4


def test_law_87b_the_json_says_nothing_once_the_director_gives_the_board_a_score(
    capsys: pytest.CaptureFixture[str], store: Store, tmp_path: Path
) -> None:
    event = fouled_event(store)
    store.correct_result(
        event, 1, 1, Entry.from_fields(adjusted="A/A"), "estuche alterado", by="ana"
    )
    rows = json.loads(cli(capsys, tmp_path, "event", "ranking", str(event), "--json"))
    assert all("rank" in row for row in rows)
    lines = json.loads(cli(capsys, tmp_path, "event", "traveller", str(event), "1", "--json"))
    assert [line["uncompared"] for line in lines] == [None] * 4


# -- The APIs ------------------------------------------------------------------------------


def test_law_87b_the_directors_api_ranking_lists_the_board_not_compared(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = fouled_event(store)
    *ranked, last = client.get(f"/api/events/{event}/ranking").json()
    assert [line["participant"] for line in ranked] == [
        standing.participant for standing in store.ranking(event)
    ]
    assert note_of(last).startswith(DIRECTORS["en"])
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert set(NOT_COMPARED) | {"note"} <= set(schemas["Uncompared"]["properties"])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_law_87b_the_public_api_names_the_board_in_the_ranking_and_its_traveller(
    store: Store, lang: str
) -> None:
    client = TestClient(create_app(store, secret=SECRET))
    event = fouled_event(store)
    store.publish(event)
    answer = client.get(f"/api/results/{event}?lang={lang}").json()
    (item,) = answer["uncompared"]
    assert note_of(item).startswith(DIRECTORS[lang])
    traveller = client.get(f"/api/results/{event}/boards/1?lang={lang}").json()
    assert [note_of(item) for item in traveller["uncompared"]] == [note_of(item)]
    assert client.get(f"/api/results/{event}/boards/2").json()["uncompared"] == []


# -- The players' pages --------------------------------------------------------------------


def players_notes(page: str) -> list[str]:
    """The players' Law 87 notes on a page, as text."""
    if 'id="not-compared"' not in page:
        return []
    listed = page.split('id="not-compared"')[1].split("</ul>")[0]
    return [
        " ".join(html.unescape(item.split("</li>")[0]).split()) for item in listed.split("<li>")[1:]
    ]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_law_87_the_public_ranking_tells_the_players_the_board_was_not_compared(
    store: Store, lang: str
) -> None:
    client = TestClient(create_app(store, secret=SECRET))
    event = fouled_event(store)
    assert players_notes(client.get(f"/results/{event}?lang={lang}").text) == []  # unpublished
    store.publish(event)
    page = client.get(f"/results/{event}?lang={lang}")
    assert page.status_code == 200
    assert players_notes(page.text) == [PLAYERS[lang]]
    # Below the ranking, which still ranks the four teams.
    assert page.text.index('id="not-compared"') > page.text.index("results ranking")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_law_87_the_public_traveller_and_score_cards_name_the_board_not_compared(
    store: Store, lang: str
) -> None:
    client = TestClient(create_app(store, secret=SECRET))
    event = fouled_event(store)
    store.publish(event)
    assert players_notes(client.get(f"/results/{event}/boards/1?lang={lang}").text) == [
        PLAYERS[lang]
    ]
    assert players_notes(client.get(f"/results/{event}/boards/2?lang={lang}").text) == []
    for team in "AB":
        card = client.get(f"/results/{event}/pairs/{team}?lang={lang}").text
        assert players_notes(card) == [PLAYERS[lang]]
    assert players_notes(client.get(f"/results/{event}/pairs/C?lang={lang}").text) == []


def test_law_87_a_later_session_is_named_to_the_players(store: Store) -> None:
    client = TestClient(create_app(store, secret=SECRET))
    event = store.create_event(
        EventSpec("Liga", boards=1, kind="teams", sessions=2),
        [Participant("A"), Participant("B")],
    )
    store.enter_result(event, 1, 1, Entry.from_str("score 420"), ns="A", ew="B")
    store.enter_result(event, 1, 2, Entry.from_str("score 170"), ns="B", ew="A")
    store.enter_result(event, 1, 1, Entry.from_str("score 420 group A"), ns="A", ew="B", session=2)
    store.enter_result(event, 1, 2, Entry.from_str("score 170 group B"), ns="B", ew="A", session=2)
    store.publish(event)
    (note,) = players_notes(client.get(f"/results/{event}?lang=en").text)
    assert note.startswith("Board 1 of the match A v B (session 2) was not compared (Law 87)")
    (nota,) = players_notes(client.get(f"/results/{event}?lang=es").text)
    assert nota.startswith("El estuche 1 del encuentro A contra B (sesión 2) no se ha comparado")
    assert players_notes(client.get(f"/results/{event}/boards/1?session=1").text) == []


def test_law_87_the_printed_ranking_names_the_board_not_compared(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = fouled_event(store)
    page = client.get(f"/director/events/{event}/print/ranking?lang=es")
    assert page.status_code == 200
    assert players_notes(page.text) == [PLAYERS["es"]]


def test_law_87_the_printed_travellers_and_score_cards_name_the_board_on_its_own_pages(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = fouled_event(store)
    travellers = client.get(f"/director/events/{event}/print/travellers?lang=es").text
    board_1, board_2 = travellers.split('id="print-board-')[1:]
    assert players_notes(board_1.replace('id="not-compared-board-1"', 'id="not-compared"')) == [
        PLAYERS["es"]
    ]
    assert "not-compared" not in board_2
    cards = client.get(f"/director/events/{event}/print/cards?lang=es").text
    pages = dict(page.split('"', 1) for page in cards.split('id="print-card-')[1:])
    for team in "AB":
        page = pages[team].replace(f'id="not-compared-card-{team}"', 'id="not-compared"')
        assert players_notes(page) == [PLAYERS["es"]]
    assert all("not-compared" not in pages[team] for team in "CD")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_law_87_the_tables_provisional_ranking_names_the_board_not_compared(
    lang: Language,
) -> None:
    """The tables' ranking section, as the round and waiting pages render it."""
    line = RankingLine("1", "A", "15.00 VP")
    template = make_templates().from_string(
        '{% from "tables/ranking.html" import provisional_ranking with context %}'
        "{{ provisional_ranking(groups, 'teams', {}, False, uncompared) }}"
    )
    with use_language(lang):
        page = template.render(
            groups=[("", [line])],
            uncompared=[NotCompared(UncomparedBoard(1, "A", "B", "A", "B"), 1, False)],
        )
    section = page.split('id="provisional-ranking"')[1]
    assert players_notes(section) == [PLAYERS[lang]]
