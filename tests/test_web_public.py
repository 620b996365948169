"""Results for the players (issue 9): rankings after publication (79C), travellers, score cards."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.core.seat import Side
from arbitro.scoring.session import show
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import individual, mitchell
from arbitro.web import create_app
from arbitro.web.pages import pair_label
from arbitro.web.security import table_code

SECRET = "k" * 64


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(str(tmp_path / "arbitro.sqlite3"))
    yield opened
    opened.close()


@pytest.fixture
def event(store: Store) -> int:
    """A 3-table Mitchell where board 1 was played at tables 1 and 3 (round 1 and 3)."""
    number = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    movement = store.movement(number)
    assert movement is not None
    for seating in movement.schedule:
        if 1 in seating.boards and seating.table != 2:
            store.enter_result(number, 1, seating.table, Entry.from_str("4S N 10"))
    return number


def players_of_board(store: Store, event: int, board: int) -> tuple[set[str], set[str]]:
    """The pairs that have a result on ``board`` and those that do not."""
    played = {p for r in store.results(event) if r.board == board for p in (r.ns, r.ew)}
    everyone = {participant.number for participant in store.participants(event)}
    return played, everyone - played


@pytest.fixture
def client(store: Store) -> TestClient:
    return TestClient(create_app(store, secret=SECRET))


def seated_at(store: Store, event: int, table: int, round_number: int) -> set[str]:
    """The pairs the movement seats at ``table`` in ``round_number``."""
    movement = store.movement(event)
    assert movement is not None
    [seating] = [s for s in movement.schedule if s.table == table and s.round == round_number]
    return {pair for pair in (seating.ns, seating.ew) if pair}


def test_law79c_ranking_hidden_until_published(
    client: TestClient, store: Store, event: int
) -> None:
    refused = client.get(f"/api/results/{event}")
    assert refused.status_code == 403
    assert "not published" in refused.json()["detail"]
    assert "Ranking" not in client.get(f"/results/{event}").text
    store.publish(event)
    ranking = client.get(f"/api/results/{event}").json()["ranking"]
    assert [line["participant"] for line in ranking] == [
        s.participant for s in store.ranking(event)
    ]
    page = client.get(f"/results/{event}?lang=es")
    assert "Clasificación" in page.text


def test_law_16c_traveller_opens_with_the_table_code_once_every_pair_at_the_table_played(
    client: TestClient, store: Store, event: int
) -> None:
    # The table's code proves both pairs sitting there: the traveller opens only when
    # both have played the board, never when only one of them has (Law 16C).
    played, _ = players_of_board(store, event, 1)
    movement = store.movement(event)
    assert movement is not None
    opened, closed, half = set(), set(), set()
    for round_number in range(1, movement.rounds + 1):
        store.open_round(event, round_number)
        for table in range(1, movement.tables + 1):
            code = table_code(SECRET, event, table)
            answer = client.get(f"/api/results/{event}/boards/1", params={"code": code})
            seated = seated_at(store, event, table, round_number)
            if seated & played and not seated <= played:
                half.add((round_number, table))
            if seated <= played:
                assert answer.status_code == 200, answer.text
                lines = answer.json()["lines"]
                assert sorted(line["table"] for line in lines) == sorted(
                    r.table for r in store.results(event)
                )
                assert {line["entry"] for line in lines} == {"4S N 10"}
                opened.add((round_number, table))
            else:
                assert answer.status_code == 403
                assert "has not played board 1" in answer.json()["detail"]
                closed.add((round_number, table))
        store.close_round(event, round_number)
    assert opened  # both ways were tried
    assert closed
    assert half  # one pair at the table had played it, the other had not
    # Once every round is closed the session is over: the traveller is open to all.
    assert client.get(f"/api/results/{event}/boards/1").status_code == 200


def test_traveller_is_not_opened_by_a_typed_pair_number(
    client: TestClient, store: Store, event: int
) -> None:
    store.open_round(event, 1)
    played, _ = players_of_board(store, event, 1)
    for pair in sorted(played):
        answer = client.get(f"/api/results/{event}/boards/1", params={"pair": pair})
        assert answer.status_code == 403
        assert "code on your table card" in answer.json()["detail"]
    page = client.get(f"/results/{event}/boards/1?pair=1NS")
    assert page.status_code == 403
    assert 'name="code"' in page.text  # the page asks for the table card's code
    store.publish(event)
    assert client.get(f"/api/results/{event}/boards/1").status_code == 200


def test_traveller_code_typed_on_the_page_is_remembered_and_wrong_codes_are_limited(
    client: TestClient, store: Store, event: int
) -> None:
    store.open_round(event, 1)
    wrong = client.get(f"/results/{event}/boards/1", params={"code": "ZZZZZZ"})
    assert wrong.status_code == 401
    assert "ZZZZZZ" in wrong.text
    right = client.get(f"/results/{event}/boards/1", params={"code": table_code(SECRET, event, 1)})
    assert right.status_code == 200
    assert "4♠ N 10" in right.text
    # The device keeps the table it proved: later pages need no code.
    assert client.get(f"/results/{event}/boards/1").status_code == 200
    assert client.get(f"/api/results/{event}/pairs/1NS").status_code == 200
    # Guessing codes is limited like a sign-in.
    other = TestClient(client.app)
    for _ in range(5):
        assert (
            other.get(f"/api/results/{event}/boards/1", params={"code": "ZZZZZZ"}).status_code
            == 401
        )
    assert (
        other.get(
            f"/api/results/{event}/boards/1", params={"code": table_code(SECRET, event, 1)}
        ).status_code
        == 429
    )


def test_traveller_on_the_tables_own_device(client: TestClient, store: Store, event: int) -> None:
    store.open_round(event, 1)
    code = table_code(SECRET, event, 1)
    assert (
        client.post("/api/tables/sign-in", json={"event": event, "code": code}).status_code == 200
    )
    assert client.get(f"/api/results/{event}/boards/1").status_code == 200
    # The table's page links each confirmed board to its traveller.
    assert f'href="/results/{event}/boards/1?pair=1NS"' in client.get(f"/tables/{event}/1").text
    # Table 1's pairs have not played board 3 yet.
    assert client.get(f"/api/results/{event}/boards/3").status_code == 403


def test_traveller_of_a_board_outside_the_event(client: TestClient, event: int) -> None:
    answer = client.get(f"/api/results/{event}/boards/7")
    assert answer.status_code == 404
    assert "expected 1 to 6" in answer.json()["detail"]


def test_score_card_needs_the_table_code_before_the_session_is_over(
    client: TestClient, store: Store, event: int
) -> None:
    store.open_round(event, 1)
    refused = client.get(f"/api/results/{event}/pairs/1NS")
    assert refused.status_code == 403
    assert "score card" in refused.json()["detail"]
    code = table_code(SECRET, event, 2)  # pairs 2NS and 2EW sit there in round 1
    assert client.get(f"/api/results/{event}/pairs/1NS", params={"code": code}).status_code == 403
    assert client.get(f"/api/results/{event}/pairs/2EW", params={"code": code}).status_code == 200


def test_law8_individual_player_reads_own_score_card_and_travellers(
    client: TestClient, store: Store
) -> None:
    # In an individual the results are the partnerships' (1&3 against 2&4), and a
    # player changes partner every round: the player's card has every board it played.
    movement = individual(2, 1, rounds=2)
    event = store.create_event(
        EventSpec("Individual", boards=movement.boards, kind="individual"), movement=movement
    )
    for seating in movement.schedule:
        for board in seating.boards:
            store.enter_result(event, board, seating.table, Entry.from_str("4S N 10"))
    store.open_round(event, 2)
    [seating] = [s for s in movement.schedule if s.table == 1 and s.round == 2]
    player = seating.north or ""
    played = {board for s in movement.schedule if player in s.participants for board in s.boards}
    code = table_code(SECRET, event, 1)  # the player sits at table 1 in round 2
    card = client.get(f"/api/results/{event}/pairs/{player}", params={"code": code})
    assert card.status_code == 200
    assert {line["board"] for line in card.json()["boards"]} == played
    page = client.get(f"/results/{event}/pairs/{player}?code={code}&lang=es").text
    assert f"Jugador {player}" in page
    board = min(played)
    traveller = client.get(f"/results/{event}/boards/{board}?pair={player}&code={code}")
    assert traveller.status_code == 200
    assert traveller.text.count('class="mine"') == 1


def test_law78a_each_session_scores_its_own_boards_on_cards_and_travellers(
    client: TestClient, store: Store
) -> None:
    # Two sessions, the same pairs in the same places, board 1 again in each: a board
    # is matchpointed against its own session's field (Law 78A), never the other's.
    pairs = [Participant(str(number)) for number in range(1, 5)]
    event = store.create_event(EventSpec("Two days", boards=2, sessions=2), pairs)
    for session, (first, second) in ((1, ("4S N 10", "4S N 9")), (2, ("4S N 9", "4S N 10"))):
        store.enter_result(event, 1, 1, Entry.from_str(first), ns="1", ew="2", session=session)
        store.enter_result(event, 1, 2, Entry.from_str(second), ns="3", ew="4", session=session)
    store.publish(event)
    card = client.get(f"/api/results/{event}/pairs/1").json()["boards"]
    # +420 beats -50 in session 1 (the top, 2), loses to it in session 2 (0).
    assert [(line["session"], line["score"], line["points"]) for line in card] == [
        (1, "+420", "2.00"),
        (2, "-50", "0.00"),
    ]
    for session, expected in ((1, ["+420", "-50"]), (2, ["-50", "+420"])):
        board = client.get(f"/api/results/{event}/boards/1", params={"session": session}).json()
        assert board["session"] == session
        assert [line["score"] for line in board["lines"]] == expected
    assert client.get(f"/api/results/{event}/boards/1").json()["session"] == 2  # the last
    page = client.get(f"/results/{event}/boards/1?session=1&lang=en").text
    assert f'href="/results/{event}/boards/1?session=2"' in page


def test_score_card_from_the_pairs_side(client: TestClient, store: Store, event: int) -> None:
    store.publish(event)
    played, _ = players_of_board(store, event, 1)
    results = store.results(event)
    for pair in played:
        [mine] = [r for r in results if pair in (r.ns, r.ew)]
        card = client.get(f"/api/results/{event}/pairs/{pair}").json()["boards"]
        assert [line["board"] for line in card] == [1]
        assert card[0]["direction"] == ("NS" if pair == mine.ns else "EW")
        assert card[0]["opponents"] == (mine.ew if pair == mine.ns else mine.ns)
    # Two tables scored the same: each side gets half the top (one matchpoint of two).
    assert {
        line["points"]
        for p in played
        for line in client.get(f"/api/results/{event}/pairs/{p}").json()["boards"]
    } == {"1.00"}


def test_unknown_pair_and_event(client: TestClient, event: int) -> None:
    assert client.get(f"/api/results/{event}/pairs/99").status_code == 404
    assert client.get("/api/results/99").status_code == 404
    page = client.get(f"/results/{event}/pairs/99?lang=es")
    assert page.status_code == 404
    assert "no hay" in page.text.lower()


def test_mitchell_ranking_shows_each_direction_apart_with_the_players_names(
    client: TestClient, store: Store
) -> None:
    # A Mitchell ranks North-South and East-West apart (each has its own winner): the
    # page shows two tables under their headings, each pair with its players, the
    # totals as percentages; the desk and the public API say the same.
    names = {"1NS": "Ana García, Luis Pérez", "2EW": "Eva Martín, Juan Gil"}
    given = [Participant.from_str(f"{number}: {players}") for number, players in names.items()]
    event = store.create_event(EventSpec("Martes", boards=6), given, movement=mitchell(3, 2))
    movement = store.movement(event)
    assert movement is not None
    for seating in movement.schedule:
        for board in seating.boards:
            store.enter_result(event, board, seating.table, Entry.from_str("4S N 10"))
    store.publish(event)
    expected = {
        side: [(s.rank_label, s.participant) for s in store.ranking(event) if s.direction is side]
        for side in (Side.NS, Side.EW)
    }
    for lang, titles in (("en", ("North-South", "East-West")), ("es", ("Norte-Sur", "Este-Oeste"))):
        page = client.get(f"/results/{event}?lang={lang}").text
        north_south, east_west = (page.index(f"<h3>{title}</h3>") for title in titles)
        assert north_south < east_west
        for side, start, end in ((Side.NS, north_south, east_west), (Side.EW, east_west, None)):
            shown = re.findall(r"<tr><td>(\d+=?)</td>\s*<td><a[^>]*>([^<]+)</a>", page[start:end])
            # A Spanish page writes East-West pairs EO (Este-Oeste).
            written = [(place, pair_label(pair, lang)) for place, pair in expected[side]]
            assert shown == written
    assert "Ana García, Luis Pérez" in page
    # The Spanish page writes the total with a decimal comma, and the percent sign apart.
    assert show(store.ranking(event)[0].total).replace(".", ",") + "\xa0%" in page
    api = client.get(f"/api/results/{event}").json()["ranking"]
    assert {line["participant"]: line["names"] for line in api if line["names"]} == names
    # A pair's score card says who they are and, once published, where they finished.
    [first] = [s for s in store.ranking(event) if s.participant == "1NS"]
    card = client.get(f"/results/{event}/pairs/1NS?lang=en").text
    assert "Ana García, Luis Pérez" in card
    assert f"Place {first.rank_label}: {show(first.total)}%" in card
    assert {line["direction"] for line in api} == {"NS", "EW"}


def test_pages_in_both_languages(client: TestClient, store: Store, event: int) -> None:
    store.publish(event)
    played, _ = players_of_board(store, event, 1)
    pair = sorted(played)[0]
    english = client.get(f"/results/{event}/boards/1?pair={pair}&lang=en")
    assert english.status_code == 200
    assert "Board 1" in english.text
    spanish = client.get(f"/results/{event}/pairs/{pair}?lang=es")
    assert "Pareja" in spanish.text
    assert "4♠ N 10" in spanish.text  # suits with symbols: no letter to misread
    assert "Martes" in client.get("/results").text


PASSWORD = "club night 2026"


def test_hand_records_with_double_dummy_and_par_after_publication(store: Store, event: int) -> None:
    from arbitro.analysis.solver import double_dummy_tables
    from arbitro.core.deal import Deal
    from arbitro.web.security import hash_password

    store.add_director("ana", hash_password(PASSWORD))
    deal = Deal.from_number(12345)
    with TestClient(create_app(store, secret="k" * 64)) as client:
        body = {"deals": {"1": deal.to_str()}}
        assert client.put(f"/api/results/{event}/deals", json=body).status_code in (401, 403)
        csrf = client.post("/api/session", json={"name": "ana", "password": PASSWORD}).json()[
            "csrf"
        ]
        headers = {"X-CSRF-Token": csrf}
        bad = client.put(
            f"/api/results/{event}/deals", json={"deals": {"9": deal.to_str()}}, headers=headers
        )
        assert bad.status_code == 422
        assert "board 9 is not in the event" in bad.json()["detail"]
        assert (
            client.put(f"/api/results/{event}/deals", json=body, headers=headers).status_code == 200
        )
        refused = client.get(f"/api/results/{event}/hands")
        assert refused.status_code == 403
        store.analyse_event(event)  # waits for the analysis the upload started
        store.publish(event)
        [board] = client.get(f"/api/results/{event}/hands").json()["boards"]
        assert board["board"] == 1
        assert board["tricks"] == double_dummy_tables([deal])[0].to_str()
        page = client.get(f"/results/{event}/hands?lang=es")
        assert page.status_code == 200
        assert "Hoja de manos" in page.text


def test_law78b_teams_traveller_shows_each_tables_imps_against_the_other_table(
    store: Store,
) -> None:
    from arbitro.core.errors import ArbitroError
    from arbitro.tournament.event import Participant
    from arbitro.web.public_results import traveller

    spec = EventSpec("Teams", boards=1, kind="teams")
    number = store.create_event(spec, [Participant("A"), Participant("B")])
    store.enter_result(number, 1, 1, Entry.from_str("score 420"), ns="A", ew="B")
    store.enter_result(number, 1, 2, Entry.from_str("score 170"), ns="B", ew="A")
    # A teams board counts in its match (IMPs), not against a field of pairs.
    with pytest.raises(ArbitroError, match="teams event"):
        store.score(number)
    lines = traveller(store, number, 1, everything=True)
    # A gains 420 - 170 = 250 on the board: 6 IMPs (Law 78B), B loses them.
    assert [(line.table, line.ns, line.ew, line.ns_points, line.ew_points) for line in lines] == [
        (1, "A", "B", "6.00", "-6.00"),
        (2, "B", "A", "-6.00", "6.00"),
    ]
    assert [line.score for line in lines] == ["+420", "+170"]


@pytest.fixture
def round_two(store: Store) -> int:
    """A 3-table Mitchell: round 1 played and closed at every table, round 2 open."""
    number = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    movement = store.movement(number)
    assert movement is not None
    store.open_round(number, 1)
    for seating in movement.schedule:
        if seating.round == 1:
            for board in seating.boards:
                store.enter_result(number, board, seating.table, Entry.from_str("3NT S 9"))
    store.close_round(number, 1)
    store.open_round(number, 2)
    return number


def boards_played_by(store: Store, event: int, pair: str) -> set[int]:
    """The boards with a result of ``pair``."""
    return {r.board for r in store.results(event) if pair in (r.ns, r.ew)}


def round_two_boards(store: Store, event: int) -> tuple[int, ...]:
    """The boards table 1 plays in round 2."""
    movement = store.movement(event)
    assert movement is not None
    [seating] = [s for s in movement.schedule if s.table == 1 and s.round == 2]
    return seating.boards


def arriving_pairs_board(store: Store, event: int) -> tuple[set[str], str, int]:
    """Table 1 in round 2: its pairs, the pair arriving, a board only that pair has played."""
    movement = store.movement(event)
    assert movement is not None
    [seating] = [s for s in movement.schedule if s.table == 1 and s.round == 2]
    staying, arriving = seating.ns or "", seating.ew or ""
    played = boards_played_by(store, event, arriving) - boards_played_by(store, event, staying)
    return {staying, arriving}, arriving, min(played)


def test_law_16c_traveller_is_not_shown_to_a_table_whose_other_pair_has_not_played_it(
    client: TestClient, store: Store, round_two: int
) -> None:
    # In a Mitchell the East-West pair arriving at table 1 played in round 1 a board its
    # North-South pair plays later: the table's one device is shared by both pairs.
    _, arriving, board = arriving_pairs_board(store, round_two)
    code = table_code(SECRET, round_two, 1)
    assert (
        client.post("/api/tables/sign-in", json={"event": round_two, "code": code}).status_code
        == 200
    )
    answer = client.get(f"/api/results/{round_two}/boards/{board}")
    assert answer.status_code == 403
    assert "has not played board" in answer.json()["detail"]
    assert arriving not in answer.json()["detail"]  # it names the pair still to play it
    # The same with the code typed on the page, in a fresh browser.
    page = TestClient(create_app(store, secret=SECRET)).get(
        f"/results/{round_two}/boards/{board}", params={"code": code}
    )
    assert page.status_code == 403
    assert "3NT" not in page.text
    # Once both pairs at table 1 have played a board, its traveller opens there.
    first = round_two_boards(store, round_two)[0]
    store.enter_result(round_two, first, 1, Entry.from_str("4S N 10"))
    assert client.get(f"/api/results/{round_two}/boards/{first}").status_code == 200


def test_law_16c_deal_of_a_board_the_table_has_still_to_play_is_not_shown(
    client: TestClient, store: Store, round_two: int
) -> None:
    from arbitro.web.public_results import set_deals

    _, _, board = arriving_pairs_board(store, round_two)
    deal = "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 7654.876.876.765 32.5432.5432.432"
    set_deals(store, round_two, {board: deal})
    code = table_code(SECRET, round_two, 1)
    client.post("/api/tables/sign-in", json={"event": round_two, "code": code})
    page = client.get(f"/results/{round_two}/boards/{board}")
    assert page.status_code == 403
    assert "JT98" not in page.text
    assert "J T 9 8" not in page.text
    assert "3NT" not in page.text


def test_law_16c_score_card_shows_only_boards_both_pairs_at_the_table_played(
    client: TestClient, store: Store, round_two: int
) -> None:
    seated, arriving, _ = arriving_pairs_board(store, round_two)
    code = table_code(SECRET, round_two, 1)
    client.post("/api/tables/sign-in", json={"event": round_two, "code": code})

    def shown(pair: str) -> set[int]:
        answer = client.get(f"/api/results/{round_two}/pairs/{pair}")
        assert answer.status_code == 200
        return {line["board"] for line in answer.json()["boards"]}

    def both() -> set[int]:
        return set.intersection(*(boards_played_by(store, round_two, p) for p in seated))

    for pair in seated:
        assert boards_played_by(store, round_two, pair)  # each has played its round 1
        assert shown(pair) == both() == set()
    # Table 1 plays its round-2 boards: both pairs' cards show those, and only those.
    for board in round_two_boards(store, round_two):
        store.enter_result(round_two, board, 1, Entry.from_str("4S N 10"))
    for pair in seated:
        assert shown(pair) == both() == set(round_two_boards(store, round_two))
    assert boards_played_by(store, round_two, arriving) > both()
    # Once the results are published, the whole card is open to anyone.
    store.publish(round_two)
    everyone = TestClient(create_app(store, secret=SECRET))
    card = everyone.get(f"/api/results/{round_two}/pairs/{arriving}").json()["boards"]
    assert {line["board"] for line in card} == boards_played_by(store, round_two, arriving)


@pytest.mark.parametrize(
    ("address", "field"),
    [
        ("/results/99999999999", "event"),
        ("/results/abc", "event"),
        ("/results/1/boards/0", "board"),
    ],
)
def test_a_malformed_number_in_a_pages_address_gets_the_refusal_page_not_json(
    client: TestClient, address: str, field: str
) -> None:
    page = client.get(address)
    assert page.status_code == 422
    assert page.headers["content-type"].startswith("text/html")
    assert f"“{field}” is" in page.text
    assert "expected a whole number from 1 to 2147483647" in page.text
    spanish = client.get(address + "?lang=es")
    assert "se esperaba un número entero de 1 a 2147483647" in spanish.text
    assert "«torneo»" in spanish.text or "«estuche»" in spanish.text  # the pages say torneo


def test_a_malformed_number_in_the_api_keeps_fastapis_json_list(client: TestClient) -> None:
    answer = client.get("/api/results/abc")
    assert answer.status_code == 422
    assert "“event” is “abc”" in answer.json()["detail"]
    [error] = answer.json()["errors"]
    assert error["loc"] == ["path", "event"]


def test_a_score_card_asked_for_as_a_spanish_player_writes_the_pair(
    client: TestClient, store: Store, event: int
) -> None:
    store.open_round(event, 1)
    code = table_code(SECRET, event, 2)  # pairs 2NS and 2EW sit there in round 1
    english = client.get(f"/api/results/{event}/pairs/2EW", params={"code": code}).json()
    for written in ("2EO", "2eo"):
        spanish = client.get(f"/api/results/{event}/pairs/{written}", params={"code": code})
        assert spanish.status_code == 200, written
        assert spanish.json() == english
    page = client.get(f"/results/{event}/pairs/2EO?code={code}&lang=es")
    assert page.status_code == 200


def test_law_16c_a_traveller_refused_in_spanish_names_the_pair_as_spanish_writes_it(
    client: TestClient, store: Store, event: int
) -> None:
    played, _ = players_of_board(store, event, 1)
    store.open_round(event, 1)
    for table in range(1, 4):
        seated = seated_at(store, event, table, 1)
        missing = sorted(seated - played)
        if not any(pair.endswith("EW") for pair in missing) or seated <= played:
            continue
        code = table_code(SECRET, event, table)
        answer = client.get(f"/results/{event}/boards/1?code={code}&lang=es")
        assert answer.status_code == 403
        spanish = next(pair for pair in missing if pair.endswith("EW")).removesuffix("EW") + "EO"
        assert spanish in answer.text
        return
    pytest.fail("no table of round 1 with an East-West pair that has not played board 1")


def test_law_16c_a_score_card_says_how_many_results_it_holds_back(
    client: TestClient, store: Store, round_two: int
) -> None:
    _, arriving, _ = arriving_pairs_board(store, round_two)
    code = table_code(SECRET, round_two, 1)
    played = len(boards_played_by(store, round_two, arriving))
    page = client.get(f"/results/{round_two}/pairs/{arriving}?code={code}&lang=en").text
    held = page.split('id="held-back"')[1].split("</p>")[0]
    assert f"{played} results of this pair show once your opponents" in held
    assert "No results of this pair yet." not in page  # it has some: they are held back
