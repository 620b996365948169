"""Rankings that show how a total is made: each session, the carry-over, a penalty in VPs.

A two-session pairs event with a carry-over shows each session's percentage and the
carry-over beside the total on every ranking surface (the command line, the desk, the
printed ranking, the public page); a teams event shows the victory points a penalty
(Law 90) took off, so that the team's matches and its total add up.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from cli_support import run_cli

pytest_plugins = ("web_director",)


def two_sessions(store: Store) -> int:
    """Pairs 1 to 4 over two sessions of two boards, pair 1 carrying 3 over; published."""
    pairs = [Participant(str(number)) for number in range(1, 5)]
    event = store.create_event(
        EventSpec("Dos sesiones", boards=2, sessions=2), pairs, carry_over={"1": Fraction(3)}
    )
    for session, (first, second) in ((1, ("4S N 10", "4S N 9")), (2, ("3NT S 8", "3NT S 10"))):
        for board in (1, 2):
            store.enter_result(event, board, 1, Entry.from_str(first), "1", "2", session)
            store.enter_result(event, board, 2, Entry.from_str(second), "3", "4", session)
    store.publish(event)
    return event


def penalised_teams(store: Store) -> int:
    """Teams A and B, one match of one board; team B penalised 1 VP (Law 90); published."""
    event = store.create_event(
        EventSpec("Equipos", boards=1, kind="teams"), [Participant("A"), Participant("B")]
    )
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="A", ew="B")
    store.enter_result(event, 1, 2, Entry.from_str("4S N 9"), ns="B", ew="A")
    store.add_penalty(
        event, PenaltyRecord("B", PenaltyKind.PROCEDURAL, Fraction(1), "vp", "90", "slow play")
    )
    store.publish(event)
    return event


def test_a_standing_keeps_each_session_and_the_carry_over_apart(store: Store) -> None:
    event = two_sessions(store)
    first = next(s for s in store.ranking(event) if s.participant == "1")
    assert first.carry_over == 3
    assert first.total == sum(first.sessions) / 2 + 3
    assert first.penalty == 0


def test_law_90_a_penalty_in_vps_is_kept_apart_and_the_sessions_add_up(store: Store) -> None:
    event = penalised_teams(store)
    team = next(s for s in store.ranking(event) if s.participant == "B")
    assert team.penalty == 1
    assert team.before_penalty(1) == team.total + 1


def test_cli_ranking_shows_each_session_and_the_carry_over(
    store: Store, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    event = two_sessions(store)
    first = next(s for s in store.ranking(event) if s.participant == "1")
    one, two = (f"{float(score):.2f}" for score in first.sessions)
    store.close()
    db = str(tmp_path / "arbitro.sqlite3")  # the store of the ``store`` fixture
    code, out, _ = run_cli(capsys, "event", "ranking", str(event), "--db", db, "--lang", "en")
    assert code == 0
    assert re.search(r"place\s+pair\s+session 1\s+session 2\s+carry-over\s+total", out)
    total = f"{float(first.total):.2f}%"
    assert re.search(rf"\s1\s+{one}\s+{two}\s+3\.00\s+{total}", out), out


def test_law_90_cli_ranking_shows_the_vps_a_penalty_took_off(
    store: Store, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    event = penalised_teams(store)
    db = str(tmp_path / "arbitro.sqlite3")  # the store of the ``store`` fixture
    store.close()
    code, out, _ = run_cli(capsys, "event", "ranking", str(event), "--db", db, "--lang", "en")
    assert code == 0
    assert re.search(r"place\s+team\s+penalties\s+total", out)
    assert "-1.00" in out
    assert "victory points taken off the total by a penalty (Law 90)" in out


@pytest.mark.parametrize(
    "path",
    ["/results/{event}", "/director/events/{event}", "/director/events/{event}/print/ranking"],
)
def test_every_ranking_page_shows_the_sessions_and_the_carry_over(
    store: Store, director: tuple[TestClient, str], path: str
) -> None:
    event = two_sessions(store)
    client, _ = director
    page = client.get(path.format(event=event) + "?lang=en")
    assert page.status_code == 200
    ranking = page.text[page.text.index('class="results ranking') :]
    for heading in ("Session 1", "Session 2", "Carry-over"):
        assert heading in ranking
    assert '<td class="number carry-over">3.00</td>' in ranking


def test_law_90_the_public_ranking_shows_the_penalty_in_vps_with_its_note(
    store: Store, director: tuple[TestClient, str]
) -> None:
    event = penalised_teams(store)
    client, _ = director
    page = client.get(f"/results/{event}?lang=en").text
    assert '<td class="number penalty">-1.00</td>' in page
    assert "Pen.: victory points taken off the total by a penalty (Law 90)." in page
    assert "Session 1" not in page[page.index('class="results ranking') :].split("</table>")[0]


def test_law_79c1_the_cli_gives_the_deadline_in_the_clubs_time_with_lang_es(
    store: Store,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A machine kept in UTC, Spanish asked with ``--lang es``: Madrid's time, as the pages."""
    import time

    from arbitro.tournament import local_time

    event = two_sessions(store)
    store.close()
    monkeypatch.setattr(local_time, "_CHOSEN", set())  # this process's choice, for this test
    monkeypatch.delenv("ARBITRO_TIMEZONE")
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        db = str(tmp_path / "arbitro.sqlite3")
        code, out, _ = run_cli(capsys, "event", "show", str(event), "--db", db, "--lang", "es")
    finally:
        monkeypatch.undo()
        time.tzset()
    assert code == 0
    assert re.search(r"hasta las \d\d:\d\d CES?T", out), out
    assert "UTC" not in out


def test_law_90_the_desks_log_words_a_penalty_in_the_readers_language(
    store: Store, director: tuple[TestClient, str]
) -> None:
    """The log keeps ``1: -1/4 top (90B8) #2``; the Spanish desk reads it in Spanish."""
    event = two_sessions(store)
    store.add_penalty(
        event,
        PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90B8", "slow", board=2),
    )
    client, _ = director
    spanish = client.get(f"/director/events/{event}?lang=es").text
    assert "(Artículo 90B8), estuche 2: slow" in spanish
    assert "top (90B8) #2" not in spanish
    english = client.get(f"/director/events/{event}?lang=en").text
    assert "1: -25% of a top (Law 90B8), board 2: slow" in english


def test_law_90_a_vp_penalty_in_the_log_names_its_unit(store: Store) -> None:
    event = penalised_teams(store)
    (given,) = [entry for entry in store.event_log(event) if entry.action == "penalty"]
    assert given.detail == "B: -1 victory point (Law 90): slow play"


def test_the_public_score_card_shows_the_sessions_and_the_carry_over(
    store: Store, director: tuple[TestClient, str]
) -> None:
    event = two_sessions(store)
    first = next(s for s in store.ranking(event) if s.participant == "1")
    client, _ = director
    page = client.get(f"/results/{event}/pairs/1?lang=en")
    assert page.status_code == 200
    made_of = page.text[page.text.index('id="made-of"') :].split("</table>")[0]
    for heading in ("Session 1", "Session 2", "Carry-over", "Total"):
        assert heading in made_of
    shown = [f"{float(score):.2f}" for score in first.sessions]
    assert re.findall(r'<td class="number session">([^<]*)</td>', made_of) == shown
    assert '<td class="number carry-over">3.00</td>' in made_of
    assert f"{float(first.total):.2f}" in made_of
    other = client.get(f"/results/{event}/pairs/2?lang=en").text
    assert 'class="number carry-over"' not in other  # pair 2 carries nothing over
