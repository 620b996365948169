"""Law 78B: a teams event's matches under its ranking, on the desk, the public and the printed page.

Each match with its round, its two teams, each one's IMPs and the victory points it is
ranked by (after a penalty in IMPs, Law 90, marked and noted), in both languages; a
pairs event shows no such table.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from fastapi.testclient import TestClient

from arbitro.scoring.vp import victory_points
from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from teams_support import WIN, league

pytest_plugins = ("web_director",)  # ana's store and her signed-in client

PAGES = (
    "/director/events/{event}?view=ranking",
    "/results/{event}",
    "/director/events/{event}/print/ranking",
)


def matches_table(page: str) -> list[list[str]]:
    """The cells of each row of the page's table of matches, tags stripped."""
    table = page.split('id="matches"')[1].split("</table>")[0]
    body = table.split("<tbody>")[1]
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def vp(value: Fraction, comma: bool = False) -> str:
    """Victory points as a page writes them."""
    text = f"{float(value):.2f}"
    return text.replace(".", ",") if comma else text


@pytest.mark.parametrize("url", PAGES)
def test_law_78b_the_rankings_list_each_match_with_its_round_imps_and_vps(
    director: tuple[TestClient, str], store: Store, url: str
) -> None:
    client, _ = director
    event = league(store)
    store.publish(event)
    page = client.get(url.format(event=event) + ("&" if "?" in url else "?") + "lang=en").text
    assert ">Matches<" in page
    rows = matches_table(page)
    won, lost = victory_points(WIN, 2)
    assert ["1", "1 v 4", f"{WIN} – -{WIN}", f"{vp(won)} – {vp(lost)}"] in rows
    assert ["2", "1 v 2", "0 – 0", "10.00 – 10.00"] in rows
    assert [row[0] for row in rows] == ["1", "1", "2", "2"]
    assert 'id="match-penalties"' not in page


@pytest.mark.parametrize("url", PAGES)
def test_law_90_the_rankings_matches_give_the_vps_after_an_imp_penalty_in_spanish(
    director: tuple[TestClient, str], store: Store, url: str
) -> None:
    client, _ = director
    event = league(store)
    store.add_penalty(
        event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90B2", "", 3)
    )
    store.publish(event)
    page = client.get(url.format(event=event) + ("&" if "?" in url else "?") + "lang=es").text
    assert ">Encuentros<" in page
    assert ">Ronda<" in page
    assert ">IMP<" in page  # invariable in Spanish
    assert ">IMPs<" not in page
    rows = matches_table(page)
    after = vp(victory_points(-3, 2)[0], comma=True)
    # Team 1's VPs in round 2 are after its 3 IMPs: the matches add up to its total.
    assert next(row for row in rows if row[0] == "2" and row[1].startswith("1 "))[2:] == [
        "0 – 0",
        f"{after}* – 10,00",
    ]
    assert 'id="match-penalties"' in page


def test_law_78b_a_pairs_ranking_has_no_table_of_matches(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = store.create_event(EventSpec("Club", boards=1), [Participant("1"), Participant("2")])
    store.enter_result(event, 1, 1, Entry.from_str("3NT S 9"), ns="1", ew="2")
    store.publish(event)
    for url in PAGES:
        assert 'id="matches"' not in client.get(url.format(event=event)).text
