"""A Swiss teams night played in a real headless Chromium, as a Spanish club's director runs it.

Seven teams, a Swiss of two rounds of four boards, IMPs turned into victory points on
the WBF 2013 continuous scale (Law 78B), the desk in Spanish:

1. The desk creates the event on its new-event form (the WBF profile).
2. Round 1: the two tables of match 1 enter their boards on phones, a passed-out board
   among them (Law 22A1), East-West confirming with their team's number.
3. The desk corrects a board (Law 79C: with its reason), gives an artificial adjusted
   score (Law 12C2, A60/A40: +3 and -3 IMPs by Law 86A) and an assigned one (Law 12C1),
   and a procedural penalty in victory points (Law 90).
4. Round 1 closes; the desk pairs round 2 from the ranking; team 7's bye of round 1 and
   its 12 victory points show under the ranking.
5. Round 2 comes in, the results are published; the players read the ranking and a
   team's board-by-board sheet on a phone; the desk exports the files.

Match 1 of round 1 is checked by hand: each board's IMPs from the two tables' scores
(Law 78B's scale) and the victory points from the WBF 2013 formula for four boards.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

import browser_support as support
from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.web.security import table_code

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

SECRET = "n" * 64
PASSWORD = "noche de equipos del club"
LAPTOP: ViewportSize = {"width": 1280, "height": 900}
TEAMS = """1: Ana García, Luis Pérez, Eva Ruiz, Juan Gil
2: Marta Sanz, Pedro Díaz, Rosa León, Iván Mora
3: Carmen Vidal, Jorge Soler, Lucía Pons, Raúl Vega
4: Elena Cano, Diego Rey, Sara Gómez, Hugo Peña
5: Pilar Ortiz, Tomás Lara, Nuria Blanco, Óscar Prieto
6: Irene Molina, Félix Ramos, Alba Serrano, Pablo Núñez
7: Teresa Cruz, Mario Vargas, Clara Rubio, Andrés Gallego"""


def wbf_vp(margin: int, boards: int) -> Fraction:
    """The winner's VPs by the WBF 2013 formula, rounded to hundredths: the hand figure.

    VP = 10 + 10 (1 - τ^(3I/B)) / (1 - τ³), τ = (√5 - 1)/2, B = 15 √boards, capped at 20.
    """
    tau = (math.sqrt(5) - 1) / 2
    blitz = 15 * math.sqrt(boards)
    exact = min(20.0, 10 + 10 * (1 - tau ** (3 * margin / blitz)) / (1 - tau**3))
    return Fraction(round(exact * 100), 100)


def fits(page: Page, what: str) -> None:
    """Nothing on ``page`` reaches past the phone's right edge (a wide table scrolls in its box)."""
    support.assert_fits(page, what, support.PHONE["width"], in_boxes=True)


@pytest.fixture
def night(tmp_path: Path) -> Iterator[tuple[str, Store]]:
    """An empty club database behind a real server, with the director Marta."""
    store = support.club_store(tmp_path, "marta", PASSWORD)
    with support.serve_store(store, secret=SECRET) as url:
        yield url, store


def sign_in_table(phone: Page, event: int, table: int) -> None:
    """The table's phone signs in with the event's number and its card's code."""
    support.sign_in_at_table(phone, "", event, table, table_code(SECRET, event, table), "es")


def enter_on_phone(phone: Page, board: int, played: str) -> None:
    """North enters ``played`` (``4 S N 10`` or ``passed``) on board ``board``; East-West confirm.

    They confirm with the team the form suggests, and the board shows confirmed.
    """
    support.enter_at_table(phone, board, played)
    support.confirm_at_table(phone, board)


def desk_result(page: Page, server: str, event: int, board: int, table: int, **fields: str) -> None:
    """The desk's result form for ``board`` at ``table``, filled with ``fields`` and sent."""
    page.goto(f"{server}/director/events/{event}/result?board={board}&table={table}&view=results")
    form = page.locator("#result-form")
    support.fill_form(form, **fields)
    form.locator("button[type=submit]").click()
    page.wait_for_load_state()


def test_law78b_a_swiss_teams_night_on_the_spanish_desk_and_the_tables_phones(
    browser: Browser, night: tuple[str, Store]
) -> None:
    server, store = night
    desk = browser.new_context(base_url=server, locale="es-ES", viewport=LAPTOP).new_page()
    support.sign_in_at_desk(desk, server, "marta", PASSWORD)

    # 1. The new event: a Swiss of seven teams, two rounds of four boards, WBF profile.
    desk.goto("/director/?lang=es")
    form = desk.locator("#new-event")
    support.fill_form(form, name="Suizo de equipos del jueves", kind="teams")
    # The scoring follows the kind: a teams event's matches in IMPs, then victory points.
    assert form.locator("select[name=method]").input_value() == "vp"
    support.fill_form(
        form,
        movement="swiss",
        tables="7",
        boards_per_round="4",
        rounds="2",
        profile="wbf",
        participants=TEAMS,
    )
    support.save_screenshot(desk, "teams-night-1-new-event")
    form.locator("button[type=submit]").click()
    desk.wait_for_url("**/director/events/*")
    [info] = store.events()
    event = info.id
    assert (info.spec.kind, info.movement, info.spec.boards, info.spec.profile) == (
        "teams",
        "swiss",
        8,
        "wbf",
    )
    support.save_screenshot(desk, "teams-night-2-event")
    desk.goto(f"/director/events/{event}/cards?lang=es")
    support.save_screenshot(desk, "teams-night-2-cards")
    desk.goto(f"/director/events/{event}?lang=es")

    # 2. Round 1 opens; match 1 (team 1 home against team 2) plays at tables 1 and 2.
    desk.locator("#round-1").get_by_role("button", name="Abrir", exact=True).click()
    desk.wait_for_load_state()
    open_room = support.phone_page(browser, base_url=server)
    sign_in_table(open_room, event, 1)
    assert open_room.locator("p.match").inner_text() == (
        "Encuentro 1, sala abierta: equipo 1 (local) contra equipo 2. La sala cerrada es la mesa 2."
    )
    assert "Descansa en esta ronda: el equipo 7." in open_room.locator("main").inner_text()
    for board, played in ((1, "4 S N 10"), (2, "passed"), (3, "3 NT E 9"), (4, "6 D S 12")):
        enter_on_phone(open_room, board, played)
    fits(open_room, "table 1's phone")
    support.save_screenshot(open_room, "teams-night-3-open-room")
    closed_room = support.phone_page(browser, base_url=server)
    sign_in_table(closed_room, event, 2)
    for board, played in ((1, "4 S N 9"), (2, "2 H S 8"), (3, "3 NT W 8"), (4, "5 D N 12")):
        enter_on_phone(closed_room, board, played)
    fits(closed_room, "table 2's phone")
    support.save_screenshot(closed_room, "teams-night-4-closed-room")

    # The other matches' tables, as their phones would send them.
    for board, table, played in (
        (1, 4, "4S N 10"),
        (2, 3, "3NT N 9"),
        (2, 4, "3NT N 10"),
        (3, 3, "2S N 8"),
        (3, 4, "2S N 8"),
        (4, 3, "3NT S 9"),
        (4, 4, "3NT S 9"),
        *((board, table, "4S N 10") for board in (1, 2, 4) for table in (5, 6)),
        (3, 6, "4S N 10"),
    ):
        store.enter_result(event, board, table, Entry.from_str(played))

    # 3. The desk: a correction (table 2 made ten tricks in 3NT, not eight) ...
    desk_result(desk, server, event, 3, 2, tricks="10", reason="el capitán trae la hoja: 10 bazas")
    assert "3ST O 10" in support.flat(desk.locator("#results").inner_text())
    # ... an artificial adjusted score (Law 12C2: team 3 not at fault, team 4 at fault) ...
    desk_result(desk, server, event, 1, 3, adjusted="A60/A40")
    # ... an assigned score (Law 12C1e), in the Spanish desk's notation ...
    desk_result(desk, server, event, 3, 5, adjusted="4P= E")
    support.save_screenshot(desk, "teams-night-5-results")
    # ... and a procedural penalty in victory points on team 4 (Law 90B2, slow play).
    desk.goto(f"/director/events/{event}?view=rulings")
    penalty = desk.locator("form[action$='/penalties']")
    support.fill_form(
        penalty, participant="4", amount="1", unit="vp", law="90B2", reason="juego lento"
    )
    penalty.locator("button[type=submit]").click()
    desk.wait_for_load_state()
    # One victory point, in the singular.
    assert support.flat(desk.locator("#penalty-1").inner_text()).startswith(
        "1. Equipo 4: 1 punto de victoria · Artículo 90B2 · juego lento"
    )
    support.save_screenshot(desk, "teams-night-6-penalty")

    # Match 1 by hand. Board 1 (nobody vulnerable): team 1 +420 at table 1 and +50 at
    # table 2 (4S-1), 470: 10 IMPs. Board 2 (North-South vulnerable): passed out at table
    # 1, 0; team 2 +110 at table 2: -110, -3 IMPs. Board 3 (East-West vulnerable): team 2
    # +600 at table 1, team 1 +630 at table 2 (3NT+1, corrected): +30, 1 IMP. Board 4
    # (everybody vulnerable): team 1 +1370 (6D=) at table 1, team 2 +620 (5D+1) at table
    # 2: +750, 13 IMPs.
    hand_imps = [10, -3, 1, 13]
    margin = sum(hand_imps)  # 21 IMPs in 4 boards
    home_vp = wbf_vp(margin, 4)
    [match_1, match_2, match_3] = store.matches(event)[1]
    assert (match_1.home, match_1.away, match_1.home_imps, match_1.boards) == (
        "1",
        "2",
        Fraction(21),
        4,
    )
    assert (match_1.home_vps, match_1.away_vps) == (home_vp, 20 - home_vp)
    # Match 2: the artificial score is +3 to team 3 (Law 86A) on board 1, whatever table 4
    # played; board 2 loses team 3 30 points (1 IMP); boards 3 and 4 are flat.
    assert (match_2.home, match_2.home_imps, match_2.away_imps) == ("3", Fraction(2), Fraction(-2))
    # Match 3: the assigned 4S= by East (East-West vulnerable) is -620 to team 5 at table
    # 5, and team 6 made +420 at table 6: -1040, -14 IMPs; the other boards are flat.
    assert (match_3.home, match_3.home_imps) == ("5", Fraction(-14))

    # 4. Round 1 closes; the ranking has team 7's bye.
    desk.goto(f"/director/events/{event}?view=rounds")
    desk.locator("#round-1").get_by_role("button", name="Cerrar", exact=True).click()
    desk.wait_for_load_state()
    desk.locator("#pair-round button").click()
    desk.wait_for_load_state()
    # The rounds' grid says who sits out each round.
    assert support.flat(desk.locator("#round-byes").inner_text()) == (
        "Equipos que descansan: ronda 1, equipo 7; ronda 2, equipo 2"
    )
    support.save_screenshot(desk, "teams-night-7-round-2-paired")
    desk.goto(f"/director/events/{event}?view=ranking")
    assert "Descansos, 12,00 PV cada uno: ronda 1, equipo 7" in support.flat(
        desk.locator("main").inner_text()
    )
    ranking = support.flat(desk.locator("#ranking").inner_text())
    # Victory points are PV on a Spanish page, in the totals as in the byes' line.
    assert "1 1 Ana García, Luis Pérez, Eva Ruiz, Juan Gil 18,33 PV" in ranking
    assert " VP" not in ranking
    support.save_screenshot(desk, "teams-night-8-ranking")

    # 5. Round 2, entered as the phones would; then published.
    movement = store.movement(event)
    assert movement is not None
    desk.locator("#views").get_by_role("link", name="Rondas y mesas").click()
    desk.locator("#round-2").get_by_role("button", name="Abrir", exact=True).click()
    desk.wait_for_load_state()
    desk.goto(f"/director/events/{event}?view=ranking")
    desk.locator("#tables-ranking-form button").click()
    desk.wait_for_load_state()
    open_room.reload()
    support.save_screenshot(open_room, "teams-night-8-open-room-round-2")
    fits(open_room, "table 1's phone in round 2")
    desk.goto(f"/director/events/{event}?view=rounds")
    for seating in movement.seatings(2):
        for board in seating.boards:
            tricks = 10 if seating.table % 2 else 9
            store.enter_result(event, board, seating.table, Entry.from_str(f"4S N {tricks}"))
    desk.locator("#round-2").get_by_role("button", name="Cerrar", exact=True).click()
    desk.wait_for_load_state()
    desk.goto(f"/director/events/{event}?view=ranking")
    desk.get_by_role("button", name="Publicar los resultados").click()
    desk.wait_for_load_state()
    support.save_screenshot(desk, "teams-night-9-published")

    # The players' phones: the ranking, and team 1's sheet board by board.
    player = support.phone_page(browser, base_url=server)
    player.goto(f"/results/{event}?lang=es")
    fits(player, "the public ranking")
    support.save_screenshot(player, "teams-night-10-public-ranking")
    player.goto(f"/results/{event}/pairs/1?lang=es")
    fits(player, "team 1's sheet")
    # Team 1's matches: round 1 against team 2, 24 IMPs won (boards 1, 3, 4) and 3 lost
    # (board 2), its hand-made victory points; round 2 against team 6.
    matches = player.locator("#matches tbody tr").all_inner_texts()
    won = f"{float(home_vp):.2f}".replace(".", ",")
    lost = f"{float(20 - home_vp):.2f}".replace(".", ",")
    assert support.flat(matches[0]) == f"1 Equipo 2 24 – 3 {won} – {lost}"
    assert support.flat(matches[1]).startswith("2 Equipo 6 ")
    player.goto(f"/results/{event}/pairs/7?lang=es")
    assert (
        support.flat(player.locator("#matches tbody tr").first.inner_text()) == "1 Descanso 12,00"
    )
    player.goto(f"/results/{event}/pairs/1?lang=es")
    support.save_screenshot(player, "teams-night-11-team-sheet")

    # The desk's files.
    with desk.expect_download() as usebio:
        desk.goto(f"/director/events/{event}")
        desk.locator("#output").get_by_role("link", name="USEBIO").click()
    assert "<MATCH" in Path(usebio.value.path()).read_text(encoding="utf-8")
    desk.goto(f"/director/events/{event}/print/ranking")
    support.save_screenshot(desk, "teams-night-12-printed-ranking")
    desk.goto(f"/director/events/{event}/print/travellers")
    support.save_screenshot(desk, "teams-night-13-printed-travellers")
    desk.goto(f"/director/events/{event}/print/cards")
    support.save_screenshot(desk, "teams-night-14-printed-cards")
    open_room.reload()
    # The tables' ranking says where a bye's victory points come from, as the desk's does.
    assert "Descansos, 12,00 PV cada uno: ronda 1, equipo 7; ronda 2, equipo 2" in support.flat(
        open_room.locator("#provisional-ranking").inner_text()
    )
    support.save_screenshot(open_room, "teams-night-15-open-room-after")
    player.goto(f"/results/{event}/boards/1?lang=es")
    # A teams traveller's last columns are each table's IMPs on the board, not points.
    headings = support.flat(player.locator("table.results thead").inner_text())
    assert headings.endswith("IMP NS IMP EO"), headings
    fits(player, "board 1's traveller")
    support.save_screenshot(player, "teams-night-16-traveller")
    with desk.expect_download() as csv:
        desk.goto(f"/director/events/{event}")
        desk.locator("#output").get_by_role("link", name="CSV").click()
    travellers = Path(csv.value.path()).read_text(encoding="utf-8").splitlines()
    # The passed-out board, the artificial and the assigned scores, as the files keep them,
    # each with its table: the open room of matches 1, 2 and 3.
    assert travellers[0].startswith("board,table,ns,ew,")
    assert {"2,1,1,2,Pass,,,,,,", "1,3,3,4,,,,,,A60/A40,", "3,5,5,6,,,,,,4S= E,"} <= set(travellers)
    # Team 4's penalty of one VP comes off its total in the USEBIO file too.
    assert "<ADJUSTMENT>-1.00</ADJUSTMENT>" in Path(usebio.value.path()).read_text(encoding="utf-8")


def test_law78b_the_new_event_forms_scoring_follows_the_kind_of_event(
    browser: Browser, night: tuple[str, Store]
) -> None:
    """A teams event offers only IMPs into victory points and a knockout; a pairs event its methods.

    The old form kept "Matchpoints" when "Teams" was chosen: a scoring a teams event keeps
    and never uses (every match is scored in IMPs, then VPs; there is no board-a-match).
    """
    server, store = night
    desk = browser.new_context(base_url=server, locale="es-ES", viewport=LAPTOP).new_page()
    support.sign_in_at_desk(desk, server, "marta", PASSWORD)
    desk.goto("/director/?lang=es")
    form = desk.locator("#new-event")
    method = form.locator("select[name=method]")
    assert method.input_value() == "mp"
    form.locator("select[name=kind]").select_option("teams")
    assert method.input_value() == "vp"
    offered = method.locator("option:not([disabled])").all_inner_texts()
    assert offered == [
        "IMP convertidos en puntos de victoria (escala WBF 2013)",
        "Eliminatoria (equipos: total de IMP, Artículo 86B)",
    ]
    assert method.locator("optgroup:not([hidden])").get_attribute("label") == "Equipos"
    form.locator("select[name=kind]").select_option("pairs")
    assert method.input_value() == "mp"
    assert "Eliminatoria" not in " ".join(
        method.locator("option:not([disabled])").all_inner_texts()
    )
    support.fill_form(
        form,
        kind="teams",
        name="Equipos del martes",
        movement="round-robin",
        tables="4",
        boards_per_round="6",
    )
    form.locator("button[type=submit]").click()
    desk.wait_for_url("**/director/events/*")
    [info] = store.events()
    assert (info.spec.kind, info.spec.knockout) == ("teams", False)
