"""Tied places list in natural order, in a teams ranking as in a pairs ranking.

A session's ranking lists tied pairs by their numbers (pair 2 before pair 10); an
event's ranking (its sessions added up: a teams event's victory points, a pairs event of
several sessions) lists its ties the same way, whatever order the results came in: team
3 before team 4, never ``3= 4`` above ``3= 3``.
"""

from __future__ import annotations

import re
from fractions import Fraction

from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.ranking import rank
from arbitro.web import create_app
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store


def test_event_ranking_lists_tied_participants_by_number() -> None:
    tied = {name: [Fraction(10)] for name in ("4", "10", "3", "B", "A")}
    assert [standing.participant for standing in rank(tied)] == ["3", "4", "10", "A", "B"]
    assert {standing.rank_label for standing in rank(tied)} == {"1="}


def test_teams_ranking_page_lists_tied_teams_by_number(store: Store) -> None:
    event = store.create_event(
        EventSpec("Liga", boards=1, kind="teams"), [Participant(team) for team in "1234"]
    )
    # Team 4 plays first (table 1, North-South) and loses to team 2; team 3 loses to team 1
    # by as much: 2 and 1 share first place, 4 and 3 third.
    for table, ns, ew, score in ((1, "4", "2", -420), (2, "2", "4", 420)):
        store.enter_result(event, 1, table, Entry.from_str(f"score {score}"), ns=ns, ew=ew)
    for table, ns, ew, score in ((3, "1", "3", 420), (4, "3", "1", -420)):
        store.enter_result(event, 1, table, Entry.from_str(f"score {score}"), ns=ns, ew=ew)
    store.publish(event)
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get(f"/results/{event}?lang=en").text
    ranking = page.split('class="results ranking"')[1].split("</table>")[0]
    places = re.findall(r"<tr><td>([0-9]+=?)</td>\s*<td><a [^>]*>([0-9]+)</a>", ranking)
    assert places == [("1=", "1"), ("1=", "2"), ("3=", "3"), ("3=", "4")]
