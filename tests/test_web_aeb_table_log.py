"""The desk's AEB page applies criterion 5 and Law 40B5 to a pasted table log, as ``--log`` does.

The director pastes a table log (JSON Lines, as ``arbitro ruling psychic --log`` and
``arbitro ruling methods --log`` read it) and chooses the pair's side: a weak two opened
with four cards or fewer is recorded in the pair's register (homogenisation criterion 5
of the AEB's 2008 criteria), and each call the pair's kept card makes illegal at the
event's level is flagged (Law 40B5). A malformed log is refused naming its line, and
nothing is recorded.
"""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.table.agreements import ConventionCard
from arbitro.table.events import EXAMPLE_DEAL
from arbitro.tournament.event import EventSpec, Participant

pytest_plugins = ("web_director",)  # the store and director fixtures

DEAL = "N:AKQJ.T98.765.432 T98.AKQJ7.32.AKQ 765.2.AKQJT98.JT 432.6543.4.98765"
"""North holds four spades; East five hearts; West four hearts."""


@pytest.fixture
def event(store: Store) -> int:
    """An AEB pairs event of four boards, pairs 1 and 2."""
    pairs = [Participant.from_str("1: Ana, Luis"), Participant.from_str("2: Rosa, Pablo")]
    return store.create_event(EventSpec("Club", boards=4), pairs)


def table_log(deal: str, *calls: tuple[str, str]) -> str:
    """A board 1 log with ``calls`` (seat, call), as the command line reads it."""
    events: list[dict[str, object]] = [{"event": "board", "board": 1, "deal": deal}]
    events += [{"event": "call", "seat": seat, "call": call} for seat, call in calls]
    return "\n".join(json.dumps(e) for e in events) + "\n"


def check(client: TestClient, csrf: str, event: int, log: str, side: str, pair: str = "1") -> str:
    """The page after the desk's log form is sent."""
    form = {"csrf_token": csrf, "pair": pair, "side": side, "log": log, "table": "4"}
    return client.post(f"/director/events/{event}/aeb/log", data=form).text


def test_aeb_homogenisation_5_the_desk_records_a_weak_two_with_four_cards_from_a_log(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    page = client.get(f"/director/events/{event}/aeb?pair=1").text
    assert 'id="log-form"' in page
    # North's 2S with four spades: a psychic, criterion 5, in pair 1's register.
    answer = check(client, csrf, event, table_log(DEAL, ("N", "2S"), ("E", "Pass")), "NS")
    assert "Psychic 1 recorded for pair 1: board 1, table 4: 2S, psychic (criterion 5)" in answer
    [record] = store.pair_register(event, "1")
    assert (record.board, record.table, record.auction, record.criterion) == (1, 4, ("2S",), "5")
    assert record.note == "weak two with 4 cards"
    assert record.director == "ana"
    # The same log from East-West's side: the opening is not theirs, nothing recorded.
    other = check(client, csrf, event, table_log(DEAL, ("N", "2S")), "EW", pair="2")
    assert "nothing to record (criterion 5)" in other
    assert store.pair_register(event, "2") == []
    # Only the openings the pair plays as weak twos are checked.
    form = {"csrf_token": csrf, "pair": "1", "side": "NS", "log": table_log(DEAL, ("N", "2S"))}
    named = client.post(f"/director/events/{event}/aeb/log", data=form | {"weak_twos": "2H"})
    assert "nothing to record (criterion 5)" in named.text
    wrong = client.post(f"/director/events/{event}/aeb/log", data=form | {"weak_twos": "2Z"})
    assert "Refused: weak twos: " in wrong.text
    assert len(store.pair_register(event, "1")) == 1
    # East's 2H with five hearts is not a psychic (criterion 5 names four).
    five = table_log(DEAL, ("N", "Pass"), ("E", "2H"))
    fifth = check(client, csrf, event, five, "EW", pair="2")
    assert "nothing to record (criterion 5)" in fifth
    assert store.pair_register(event, "2") == []


def test_aeb_homogenisation_5_the_desk_names_the_line_of_a_malformed_log(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    good = table_log(DEAL, ("N", "2S"))
    broken = good + '{"event": "call", "seat": "E", "call": \n'
    answer = check(client, csrf, event, broken, "NS")
    assert "Refused:" in answer
    assert "line 3" in answer
    assert "Traceback" not in answer
    assert store.pair_register(event, "1") == []
    deep = good + "[" * 100 + "]" * 100 + "\n"
    assert "nested deeper than 64 levels" in check(client, csrf, event, deep, "NS")
    assert store.pair_register(event, "1") == []
    too_long = client.post(
        f"/director/events/{event}/aeb/log",
        data={"csrf_token": csrf, "pair": "1", "side": "NS", "log": "x" * 200_001},
    )
    assert too_long.status_code == 422
    assert store.pair_register(event, "1") == []


def test_aeb_unusual_methods_the_desk_flags_the_calls_of_a_log_the_card_makes_illegal(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    log = table_log(str(EXAMPLE_DEAL), ("N", "1S"), ("E", "Pass"))
    assert "pair 1 has no convention card in this event" in check(client, csrf, event, log, "NS")
    store.keep_convention_card(event, ConventionCard.from_text("1", "1S: 4+ spades, 6-11 HCP\n"))
    answer = check(client, csrf, event, log, "NS")
    assert (
        "Call 1 by North is illegal for this event: the score is adjusted if the opponents "
        "were damaged, and a procedural penalty may follow (Law 40B5)"
    ) in answer
    # East-West's calls are not the card's.
    store.keep_convention_card(event, ConventionCard.from_text("2", "1S: 4+ spades, 6-11 HCP\n"))
    assert "No call at this table is illegal at level club (Law 40B5)." in check(
        client, csrf, event, log, "EW", pair="2"
    )


def test_aeb_unusual_methods_the_desk_flags_the_calls_of_a_log_in_spanish(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    client.cookies.set("arbitro_lang", "es")
    page = client.get(f"/director/events/{event}/aeb?pair=1").text
    assert "Comprobar el registro de una mesa" in page
    assert 'name="weak_twos" value="2D 2C 2P"' in page
    store.keep_convention_card(event, ConventionCard.from_text("1", "1S: 4+ spades, 6-11 HCP\n"))
    log = table_log(DEAL, ("N", "2S"))
    answer = check(client, csrf, event, log, "NS")
    assert "criterio 5" in answer
    assert "Ninguna voz de esta mesa es ilegal en el nivel club (Artículo 40B5)." in answer
    broken = check(client, csrf, event, "{", "NS")
    assert "Rechazado" in broken
    assert "línea 1" in broken
