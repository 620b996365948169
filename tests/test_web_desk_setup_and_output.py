"""Setting up an event on the desk, its table cards, and what the desk gives out of it.

- The new-event form has the command line's options (``arbitro event new``): the date,
  the kind, rounds, a half table, an arrow switch, a relay, a Mitchell pair that is absent
  (its opponents sit out), the profile, the correction period (Law 79C) and the time to
  appeal (92B); teams and individual events; a refused form comes back filled in.
- The deals page deals the boards (Law 6E4: a commitment and a seed) and keeps boards
  marked otherwise than Law 2.
- Table cards carry a QR code that signs the table in at the public address.
- USEBIO, PBN and CSV files, printable pages, archiving and deleting with a confirmation.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
import segno
from fastapi.testclient import TestClient

from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.dealing.dealer import Seed, commitment, verify
from arbitro.dealing.pbn import board_set_from_games, loads
from arbitro.formats import usebio
from arbitro.formats.travellers import read_session
from arbitro.store import Store, open_store
from arbitro.store.repository import EventInfo
from arbitro.tournament.entry import Entry
from arbitro.tournament.movements import check
from arbitro.web import create_app
from arbitro.web.public_results import deals
from arbitro.web.security import hash_password
from web_director import PASSWORD, SECRET

pytest_plugins = ("web_director", "postgresql_cluster")  # ana's store; SQLite and PostgreSQL

PUBLIC = "http://192.168.1.20:8000"
"""The address the tables reach the console at, in these tests."""


@pytest.fixture
def director(store: Store) -> Iterator[tuple[TestClient, str]]:
    """Director ana signed in on a console that knows its public address."""
    with TestClient(create_app(store, secret=SECRET, public_url=PUBLIC)) as client:
        answer = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
        assert answer.status_code == 200
        yield client, answer.json()["csrf"]


def create(client: TestClient, csrf: str, lang: str = "en", **fields: str) -> tuple[int, str]:
    """Send the new-event form; its status and the page it answered (after redirects)."""
    data = {
        "csrf_token": csrf,
        "name": "Martes",
        "movement": "mitchell",
        "tables": "7",
        "boards_per_round": "4",
        "method": "mp",
        "profile": "aeb",
        "kind": "pairs",
        **fields,
    }
    answer = client.post(f"/director/events?lang={lang}", data=data)
    return answer.status_code, answer.text


def test_law8_a_13_pair_mitchell_with_a_sit_out_set_up_on_the_desk(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    status, _ = create(
        client,
        csrf,
        date="2026-11-24",
        sit_out="7eo",
        correction_minutes="45",
        appeal_minutes="20",
        profile="wbf",
    )
    assert status == 200
    [info] = store.events()
    movement = store.movement(info.id)
    assert movement is not None
    assert check(movement) == []
    assert len(store.participants(info.id)) == 13
    assert "7EW" not in {p.number for p in store.participants(info.id)}
    # 7NS would meet 7EW in round 1: it sits out, and no table 7 plays that round.
    assert movement.sitting_out(1) == ("7NS",)
    assert [s.table for s in movement.seatings(1)] == [1, 2, 3, 4, 5, 6]
    assert str(info.held_on) == "2026-11-24"
    assert (info.spec.correction_minutes, info.spec.appeal_minutes) == (45, 20)
    assert info.spec.profile == "wbf"
    assert "2026-11-24" in client.get("/director/").text


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"arrow_switch": "1"}, lambda m: any(s.arrow_switched for s in m.schedule)),
        ({"tables": "6", "relay": "1"}, lambda m: m.relays == ((1, 6),)),
        ({"rounds": "3"}, lambda m: m.rounds == 3),
        (
            {"movement": "howell", "tables": "3", "half_table": "1", "boards_per_round": "2"},
            lambda m: len(m.participants) == 7,
        ),
    ],
)
def test_law8_the_movements_options_of_the_command_line_on_the_desk(
    director: tuple[TestClient, str], store: Store, fields: dict[str, str], expected: object
) -> None:
    client, csrf = director
    status, _ = create(client, csrf, **fields)
    assert status == 200
    [info] = store.events()
    movement = store.movement(info.id)
    assert movement is not None
    assert callable(expected)
    assert expected(movement)


def test_teams_and_individual_events_set_up_on_the_desk(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    create(client, csrf, name="Copa", kind="teams", movement="none", boards="24", method="vp")
    create(client, csrf, name="Individual", kind="individual", movement="individual", tables="2")
    teams, single = store.events()
    assert (teams.spec.kind, teams.spec.boards, teams.movement) == ("teams", 24, None)
    assert (single.spec.kind, single.movement) == ("individual", "individual")


@pytest.mark.parametrize(
    ("fields", "sits_out"),
    [
        ({"kind": "pairs"}, "the pair sits out"),
        (
            {"kind": "teams", "movement": "round-robin", "tables": "4", "method": "vp"},
            "the team sits out",
        ),
        ({"kind": "individual", "movement": "individual", "tables": "2"}, "the player sits out"),
    ],
)
def test_law8a_table_cards_name_who_sits_out_as_the_event_counts_its_entrants(
    director: tuple[TestClient, str], store: Store, fields: dict[str, str], sits_out: str
) -> None:
    client, csrf = director
    create(client, csrf, **fields)
    [info] = store.events()
    cards = client.get(f"/director/events/{info.id}/cards").text
    assert f"- the session is over or {sits_out}." in cards


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"date": "24/11/2026"}, "date", "fecha"),
        ({"movement": "howell", "relay": "1"}, "relay", "Mitchell"),
        ({"sit_out": "9EO"}, "sit_out", "9EO"),
        ({"profile": "ebu"}, "profile", "aeb"),
        ({"correction_minutes": "-5"}, "correction_minutes", "0"),
        ({"movement": "none", "boards": ""}, "boards", "200"),
    ],
)
def test_a_refused_set_up_comes_back_filled_in_with_the_reason_beside_its_field(
    director: tuple[TestClient, str],
    store: Store,
    fields: dict[str, str],
    field: str,
    message: str,
) -> None:
    client, csrf = director
    status, page = create(client, csrf, lang="es", participants="1NS: Ana, Luis", **fields)
    assert status == 422
    assert store.events() == []
    assert f'id="{field}-error"' in page
    beside = page.split(f'name="{field}"')[1].split("<label")[0]
    assert message in beside
    assert 'value="Martes"' in page
    assert "1NS: Ana, Luis" in page


def test_law6e4_dealing_the_boards_on_the_desk_keeps_them_with_a_commitment(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    create(client, csrf, tables="3", boards_per_round="2")
    [info] = store.events()
    page = client.post(f"/director/events/{info.id}/deals/deal", data={"csrf_token": csrf}).text
    published = re.search(r'id="commitment">([0-9a-f]+)<', page)
    seed = re.search(r'id="seed">([0-9a-f]+)<', page)
    assert published
    assert seed
    kept = deals(store, info.id)
    assert sorted(kept) == list(range(1, 7))
    assert published[1] == commitment(Seed.from_hex(seed[1]), "Martes", range(1, 7))
    pbn = client.get(f"/director/events/{info.id}/deals.pbn")
    board_set = board_set_from_games(loads(pbn.text), "deals.pbn")
    assert {dealt.board.number: dealt.deal for dealt in board_set} == kept
    assert verify(board_set, Seed.from_hex(seed[1]), published[1]) == []


def test_law2_a_board_marked_otherwise_is_kept_from_the_desk_in_spanish(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    create(client, csrf, tables="3", boards_per_round="2")
    [info] = store.events()
    url = f"/director/events/{info.id}/deals/marking?lang=es"
    page = client.post(
        url, data={"csrf_token": csrf, "board": "2", "dealer": "O", "vulnerability": "Todos"}
    ).text
    marked = store.boards(info.id)[2]
    assert (marked.dealer, marked.vulnerability) == (Seat.WEST, Vulnerability.ALL)
    assert 'id="marked-boards"' in page
    refused = client.post(url, data={"csrf_token": csrf, "board": "9", "dealer": "N"})
    assert refused.status_code == 422
    assert "9" in refused.text.split('id="problems"')[1]
    assert 'value="9"' in refused.text
    # "²".isdigit() is true, but it is no board: refused naming it, not a server error.
    squared = client.post(url, data={"csrf_token": csrf, "board": "²", "dealer": "N"})
    assert squared.status_code == 422
    assert "²" in squared.text.split('id="problems"')[1]


def test_table_cards_carry_a_qr_code_that_signs_the_table_in_at_the_public_address(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    create(client, csrf, tables="3", boards_per_round="2", participants="1NS: Ana Gil, Luis Paz")
    [info] = store.events()
    page = client.get(f"/director/events/{info.id}/cards?lang=es").text
    assert page.count("<svg") == 3
    assert "127.0.0.1" not in page
    assert "testserver" not in page
    assert 'id="loopback-warning"' not in page
    assert "Ana Gil, Luis Paz" in page
    links = re.findall(r'class="card-qr" data-link="([^"]+)"', page)
    assert len(links) == 3
    assert all(link.startswith(PUBLIC + "/tables/card?") for link in links)
    # Each code holds its card's link (the QR code segno makes of that link, drawn whole).
    drawn = re.findall(r"<svg.*?</svg>", page, flags=re.DOTALL)
    for link, svg in zip(links, drawn, strict=True):
        address = html.unescape(link)
        assert svg == segno.make(address, error="m").svg_inline(scale=3, omitsize=False)
    # A phone that scans table 2's code opens table 2's page, signed in.
    query = parse_qs(urlsplit(links[1].replace("&amp;", "&")).query)
    with TestClient(create_app(store, secret=SECRET)) as phone:
        answer = phone.get(
            "/tables/card", params={"event": query["event"][0], "code": query["code"][0]}
        )
        assert answer.status_code == 200
        assert answer.url.path == f"/tables/{info.id}/2"
        wrong = phone.get("/tables/card", params={"event": info.id, "code": "XXXXXX"})
        assert wrong.status_code == 401
        assert "XXXXXX" in wrong.text


def test_table_cards_warn_when_the_address_is_one_the_phones_cannot_reach(
    store: Store, tmp_path: Path
) -> None:
    with TestClient(create_app(store, secret=SECRET), base_url="http://127.0.0.1:8000") as client:
        csrf = client.post("/api/session", json={"name": "ana", "password": PASSWORD}).json()[
            "csrf"
        ]
        create(client, csrf, tables="3", boards_per_round="2")
        [info] = store.events()
        assert 'id="loopback-warning"' in client.get(f"/director/events/{info.id}/cards").text


@pytest.fixture
def played(director: tuple[TestClient, str], store: Store) -> int:
    """A 3-table Mitchell with three results of round 1 entered."""
    client, csrf = director
    create(client, csrf, tables="3", boards_per_round="2", participants="1NS: Ana, Luis")
    [info] = store.events()
    store.open_round(info.id, 1, by="ana")
    for table, text in ((1, "4S N 10 lead HK"), (2, "3NT S 9"), (3, "4S N 9")):
        board = store.movement(info.id).seatings(1)[table - 1].boards[0]  # type: ignore[union-attr]
        store.enter_result(info.id, board, table, Entry.from_str(text), by="ana")
    return info.id


def test_the_desk_exports_usebio_pbn_and_csv_as_the_command_line_writes_them(
    director: tuple[TestClient, str], store: Store, played: int
) -> None:
    client, _ = director
    answer = client.get(f"/director/events/{played}/export/usebio")
    assert answer.status_code == 200
    assert 'filename="martes-' in answer.headers["content-disposition"]
    read = usebio.loads(answer.text)
    assert read.event.sessions
    pbn = client.get(f"/director/events/{played}/export/pbn")
    assert len(read_session(pbn.content, "martes.pbn").travellers.results) == 3
    csv = client.get(f"/director/events/{played}/export/csv")
    session = read_session(csv.content, "martes.csv")
    assert len(session.travellers.results) == 3
    assert client.get(f"/director/events/{played}/export/xls").status_code == 404


def test_law_90_the_desks_exports_write_their_notes_in_the_pages_language(
    director: tuple[TestClient, str], store: Store, played: int
) -> None:
    from fractions import Fraction

    from arbitro.tournament.records import PenaltyKind, PenaltyRecord

    client, _ = director
    store.add_penalty(
        played, PenaltyRecord("1NS", PenaltyKind.PROCEDURAL, Fraction(1), "mp", "90B3", "tarde")
    )
    spanish = client.get(f"/director/events/{played}/export/usebio?lang=es").text
    assert "<!-- Penalización (Artículo 90B3): 1 punto de match: tarde -->" in spanish
    english = client.get(f"/director/events/{played}/export/usebio?lang=en").text
    assert "<!-- Penalty (Law 90B3): 1 matchpoint: tarde -->" in english


def _dealt_with_a_result(client: TestClient, csrf: str, store: Store, name: str) -> EventInfo:
    """An event named ``name`` made on the desk, its deals dealt there, one result entered."""
    create(client, csrf, name=name, tables="3", boards_per_round="2")
    [info] = store.events()
    client.post(f"/director/events/{info.id}/deals/deal", data={"csrf_token": csrf})
    store.open_round(info.id, 1, by="ana")
    board = store.movement(info.id).seatings(1)[0].boards[0]  # type: ignore[union-attr]
    store.enter_result(info.id, board, 1, Entry.from_str("4S N 10"), by="ana")
    return info


def test_pbn_downloads_are_in_latin1_the_pbn_character_set(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    info = _dealt_with_a_result(client, csrf, store, "Copa de Peñíscola")
    event = '[Event "Copa de Peñíscola"]'
    for path in (f"/director/events/{info.id}/export/pbn", f"/director/events/{info.id}/deals.pbn"):
        answer = client.get(path)
        assert answer.status_code == 200
        assert answer.headers["content-type"].endswith("charset=latin-1")
        assert event.encode("latin-1") in answer.content
        asked = client.get(f"{path}?encoding=utf-8")
        assert asked.headers["content-type"].endswith("charset=utf-8")
        assert event.encode("utf-8") in asked.content


def test_pbn_download_naming_a_character_latin1_lacks_is_refused_or_given_in_utf8(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    info = _dealt_with_a_result(client, csrf, store, "Puchar Łodzi")
    refused = client.get(f"/director/events/{info.id}/export/pbn")
    assert refused.url.path == f"/director/events/{info.id}"
    shown = html.unescape(refused.text)
    assert "tag Event (Puchar Łodzi): the character 'Ł' (U+0141" in shown
    # The refusal names the desk's link to the file in UTF-8, which the page offers.
    assert "write the file in UTF-8 (the link «PBN (UTF-8)»)" in shown
    assert f'href="/director/events/{info.id}/export/pbn?encoding=utf-8"' in refused.text
    deals_file = client.get(f"/director/events/{info.id}/deals.pbn")
    assert deals_file.status_code == 422
    shown = html.unescape(deals_file.text)
    assert "tag Event (Puchar Łodzi): the character 'Ł'" in shown
    assert "(the link «PBN (UTF-8)»)" in shown
    assert f'href="/director/events/{info.id}/deals.pbn?encoding=utf-8"' in deals_file.text
    for path in (f"/director/events/{info.id}/export/pbn", f"/director/events/{info.id}/deals.pbn"):
        given = client.get(f"{path}?encoding=utf-8")
        assert given.status_code == 200
        assert '[Event "Puchar Łodzi"]' in given.content.decode("utf-8")
    assert client.get(f"/director/events/{info.id}/deals.pbn?encoding=ascii").status_code == 404


def test_an_export_of_an_event_without_results_says_so_on_the_desk(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    create(client, csrf, tables="3", boards_per_round="2")
    [info] = store.events()
    page = client.get(f"/director/events/{info.id}/export/usebio?lang=es")
    assert page.url.path == f"/director/events/{info.id}"
    assert "todavía no tiene resultados" in page.text or "no tiene resultados" in page.text


@pytest.mark.parametrize("what", ["ranking", "travellers", "cards"])
def test_printable_pages_of_the_event(
    director: tuple[TestClient, str], store: Store, played: int, what: str
) -> None:
    client, _ = director
    page = client.get(f"/director/events/{played}/print/{what}?lang=es").text
    assert 'class="print-page' in page
    if what == "travellers":
        assert page.count('class="print-page traveller"') == len(
            {r.board for r in store.results(played)}
        )
    if what == "cards":
        assert page.count('class="print-page score-card"') == 6
        assert "Ana, Luis" in page
    if what == "ranking":
        assert "1NS" in page


def test_archiving_an_event_asks_first_and_takes_it_off_the_desks_list(
    director: tuple[TestClient, str], store: Store, played: int
) -> None:
    client, csrf = director
    unconfirmed = client.post(f"/director/events/{played}/archive", data={"csrf_token": csrf})
    assert unconfirmed.url.path == f"/director/events/{played}/remove"
    assert store.event(played).archived is None
    client.post(
        f"/director/events/{played}/archive", data={"csrf_token": csrf, "confirmed": "true"}
    )
    assert store.event(played).archived is not None
    desk = client.get("/director/").text
    assert 'id="archived-events"' in desk
    assert f'href="/director/events/{played}"' in desk.split('id="archived-events"')[1]
    client.post(f"/director/events/{played}/archive", data={"csrf_token": csrf, "restore": "true"})
    assert store.event(played).archived is None


def test_deleting_an_event_needs_its_name_typed_and_removes_everything(
    director: tuple[TestClient, str], store: Store, played: int
) -> None:
    client, csrf = director
    page = client.get(f"/director/events/{played}/remove?lang=en").text
    assert "3 results" in page
    wrong = client.post(
        f"/director/events/{played}/delete", data={"csrf_token": csrf, "confirm_name": "martes"}
    )
    assert "nothing was deleted" in wrong.text
    assert store.event(played).id == played
    client.post(
        f"/director/events/{played}/delete", data={"csrf_token": csrf, "confirm_name": "Martes"}
    )
    assert store.events() == []
    assert client.get(f"/director/events/{played}").status_code == 404


def test_migrations_keep_existing_events_with_no_date_and_not_archived(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "club.sqlite3"))
    store.add_director("eva", hash_password(PASSWORD))
    from arbitro.tournament.event import EventSpec

    event = store.create_event(EventSpec("Antiguo", boards=2))
    info = store.event(event)
    assert (info.held_on, info.archived) == (None, None)


def test_serve_refuses_a_public_url_the_phones_could_not_open(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from arbitro.cli import main

    with pytest.raises(SystemExit) as exited:
        main(["serve", "--public-url", "192.168.1.20:8000", "--lang", "en"])
    assert exited.value.code == 2
    error = capsys.readouterr().err
    assert "192.168.1.20:8000'" in error
    assert "expected an address such as http://192.168.1.20:8000" in error


def test_deleting_an_event_leaves_no_row_of_it_on_either_database(database: str) -> None:
    from fractions import Fraction

    from sqlalchemy import text

    from arbitro.tournament.event import EventSpec, Participant
    from arbitro.tournament.records import PenaltyKind, PenaltyRecord
    from arbitro.web.public_results import set_deals

    store = open_store(database)
    pairs = [Participant("1"), Participant("2")]
    kept = store.create_event(EventSpec("Queda", boards=1), pairs)
    gone = store.create_event(EventSpec("Borrado", boards=2), pairs)
    for event in (kept, gone):
        store.enter_result(event, 1, 1, Entry.from_str("3NT N 9"), ns="1", ew="2")
        store.correct_result(event, 1, 1, Entry.from_str("3NT N 10"), reason="tricks", by="ana")
        store.add_penalty(
            event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90", "")
        )
    set_deals(
        store, gone, {1: "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"}
    )
    store.delete_event(gone)
    assert [info.id for info in store.events()] == [kept]
    with store.engine.connect() as connection:
        for table in ("participants", "results", "audit", "penalties", "deals", "event_log"):
            left = connection.execute(
                text(
                    f"SELECT COUNT(*) FROM {table} WHERE "
                    + (
                        "result_id NOT IN (SELECT id FROM results)"
                        if table == "audit"
                        else "event_id = :e"
                    )
                ),
                {"e": gone},
            ).scalar_one()
            assert left == 0, table  # audit: no line of a result that is gone
    assert store.results(kept)
    store.close()


def test_law79c_an_event_with_no_correction_period_or_time_to_appeal_is_set_up_on_the_desk(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    status, page = create(client, csrf, correction_minutes="0", appeal_minutes="0")
    assert status == 200, page
    [info] = store.events()
    assert (info.spec.correction_minutes, info.spec.appeal_minutes) == (0, 0)
