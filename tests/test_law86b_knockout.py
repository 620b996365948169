"""Knockout matches (Law 86B): teams matches decided on total IMPs over their segments.

A knockout event is a teams event scored ``knockout``: each match is the same two teams
in every session (segment), its total a team's carry-over plus its IMPs in each
segment, less its penalties in IMPs (Law 90). A board given a non-balancing adjusted
score gives both teams the average of their two separately computed results (86B), so
the two teams' IMPs balance; a match in victory points keeps them unaveraged.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.errors import ArbitroError
from arbitro.formats import usebio
from arbitro.i18n import use_language
from arbitro.scoring.results import Average, Result
from arbitro.scoring.session import TableResult
from arbitro.scoring.vp import victory_points
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, InvalidEventSpecError, Participant
from arbitro.tournament.knockout import KnockoutMatch, Segment, knockout_matches
from arbitro.tournament.movements import round_robin, swiss_start, two_rooms
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from arbitro.tournament.teams import MatchScore, board_margins, score_matches
from arbitro.web import create_app
from arbitro.web.pages import make_templates
from cli_support import run_cli

pytest_plugins = ("web_director",)  # ana's store and her signed-in client

SPLIT = [
    # Kooijman's second example: 0 IMPs to the innocent team A, -2 to the offenders B.
    TableResult(1, "A", "B", Result.in_imps(0, -2)),
    TableResult(1, "B", "A", Result.played(170)),
]


def test_law_86b_knockout_split_score_gives_both_teams_the_average() -> None:
    # A's own result 0; B's -2, which leaves A +2: the average gives A +1 and B -1.
    [match] = score_matches(SPLIT, knockout=True)
    assert (match.home_imps, match.away_imps) == (Fraction(1), Fraction(-1))
    assert (match.home_vps, match.away_vps) == (Fraction(0), Fraction(0))
    assert board_margins(SPLIT, knockout=True) == {
        (1, "A", "B"): Fraction(1),
        (1, "B", "A"): Fraction(-1),
    }


def test_law_86b_only_a_knockout_averages_a_match_in_vps_keeps_each_teams_own_imps() -> None:
    [match] = score_matches(SPLIT)
    assert (match.home_imps, match.away_imps) == (Fraction(0), Fraction(-2))
    assert match.away_vps == victory_points(-2, 1)[0]


def test_law_86b_knockout_average_plus_to_both_teams_balances_at_zero() -> None:
    both = Result.artificial(Average.from_str("A+"), Average.from_str("A+"))
    results = [TableResult(1, "A", "B", both), TableResult(1, "B", "A", Result.played(100))]
    [match] = score_matches(results, knockout=True)
    assert (match.home_imps, match.away_imps) == (Fraction(0), Fraction(0))


@st.composite
def match_results(draw: st.DrawFn) -> list[TableResult]:
    """A match of up to six boards, each table played, split or adjusted in IMPs or averages."""
    scores = st.sampled_from([-800, -420, -100, -50, 90, 140, 420, 620, 1430])
    averages = st.sampled_from(["A+", "A", "A-"])
    imps = st.fractions(min_value=-12, max_value=12, max_denominator=3)
    results: list[TableResult] = []
    for board in range(1, draw(st.integers(1, 6)) + 1):
        for ns, ew in (("A", "B"), ("B", "A")):
            kind = draw(st.sampled_from(["played", "split", "imps", "average"]))
            if kind == "played":
                result = Result.played(draw(scores))
            elif kind == "split":
                result = Result.split(draw(scores), draw(scores))
            elif kind == "imps":
                result = Result.in_imps(draw(imps), draw(imps))
            else:
                result = Result.artificial(
                    Average.from_str(draw(averages)), Average.from_str(draw(averages))
                )
            results.append(TableResult(board, ns, ew, result))
    return results


@given(match_results())
def test_law_86b_knockout_imps_balance_on_every_board_and_in_total(
    results: list[TableResult],
) -> None:
    margins = board_margins(results, knockout=True)
    for (board, ns, ew), imps in margins.items():
        assert imps + margins[(board, ew, ns)] == 0
    for match in score_matches(results, knockout=True):
        assert match.home_imps + match.away_imps == 0
        assert match.home_imps == sum(
            (imps for (_, ns, _), imps in margins.items() if ns == match.home), Fraction(0)
        )


def segment(home: str, away: str, won: int, lost: int) -> MatchScore:
    """A scored segment of a knockout match: ``home`` won ``won`` IMPs, ``away`` ``lost``."""
    return MatchScore(
        home, away, Fraction(won - lost), Fraction(lost - won), Fraction(0), Fraction(0), 8,
        (), Fraction(won), Fraction(lost),
    )  # fmt: skip


def test_law_86b_knockout_segments_are_summed_with_the_carry_over() -> None:
    by_session = {
        1: [segment("A", "B", 40, 28)],
        2: [segment("B", "A", 35, 15)],
        3: [segment("A", "B", 22, 19)],
    }
    [match] = knockout_matches(by_session, {"A": Fraction(9, 2)}, sessions=3)
    assert [s.home_imps for s in match.segments] == [40, 15, 22]
    assert [s.away_imps for s in match.segments] == [28, 35, 19]
    # A: 4.5 + 40 + 15 + 22 = 81.5; B: 28 + 35 + 19 = 82.
    assert (match.home_total, match.away_total) == (Fraction(163, 2), Fraction(82))
    assert (match.leader, match.finished) == ("B", True)
    assert match.outcome() == "B won by 0.50 IMPs"


def test_law_86b_knockout_match_leads_until_its_last_segment() -> None:
    [match] = knockout_matches({1: [segment("A", "B", 30, 18)]}, sessions=2)
    assert (match.finished, match.outcome()) == (False, "A leads by 12.00 IMPs")


def test_law_86b_knockout_tie_is_left_to_the_conditions_of_contest() -> None:
    [match] = knockout_matches({1: [segment("A", "B", 23, 20)]}, {"B": Fraction(3)}, sessions=1)
    assert match.leader is None
    assert match.to_json()["tied"] is True
    assert "conditions of contest" in match.outcome()


def test_law_90_knockout_penalty_in_imps_comes_off_the_offenders_total() -> None:
    slow = PenaltyRecord("B", PenaltyKind.PROCEDURAL, Fraction(2), "imps", "90", "slow play")
    [match] = knockout_matches({1: [segment("A", "B", 23, 20)]}, penalties={1: [slow]})
    assert (match.home_total, match.away_total, match.away_penalty) == (
        Fraction(23),
        Fraction(18),
        Fraction(2),
    )


def test_law_86b_knockout_is_a_teams_events_scoring() -> None:
    assert EventSpec.scored("Copa", 8, "knockout", kind="teams").penalty_units == ("imps",)
    with pytest.raises(InvalidEventSpecError, match="teams"):
        EventSpec.scored("Copa", 8, "knockout")


def knockout_store(tmp_path: Path) -> tuple[Store, int]:
    """Teams A and B over two segments of one board, B carrying 2.5 IMPs; segment 1 played."""
    store = open_store(str(tmp_path / "copa.sqlite3"))
    event = store.create_event(
        EventSpec("Copa", 1, kind="teams", knockout=True, sessions=2),
        [Participant("A"), Participant("B")],
        carry_over={"B": Fraction(5, 2)},
    )
    store.enter_result(event, 1, 1, Entry.from_str("score 420"), ns="A", ew="B")
    store.enter_result(event, 1, 2, Entry.from_str("score -170"), ns="B", ew="A")
    return store, event


def test_law_86b_knockout_stored_keeps_its_scoring_and_refuses_vps(tmp_path: Path) -> None:
    store, event = knockout_store(tmp_path)
    try:
        assert store.event(event).spec.knockout
        with pytest.raises(ArbitroError):
            store.add_penalty(
                event, PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(1), "vp", "90", "")
            )
        [match] = store.knockout_matches(event)
        # A won 11 IMPs (420 and 170), B none but its carry-over of 2.5.
        assert (match.home_total, match.away_total, match.finished) == (
            Fraction(11),
            Fraction(5, 2),
            False,
        )
    finally:
        store.close()


def test_law_86b_cli_runs_a_knockout_with_its_carry_over(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "copa.sqlite3")
    code, out, err = run_cli(
        capsys,
        "event", "new", "Copa", "--kind", "teams", "--scoring", "knockout", "--boards", "1",
        "--sessions", "2", "--pair", "A", "--pair", "B", "--db", db,
    )  # fmt: skip
    assert (code, err, out.strip()) == (0, "", "Event 1 created: Copa, 1 board, 2 participants")
    code, out, _ = run_cli(capsys, "event", "carry-over", "1", "B,15/2", "--db", db)
    assert (code, out.strip()) == (0, "B: carry-over 7.50 IMP")
    for session, (first, second) in ((1, ("420", "-170")), (2, ("-50", "-100"))):
        for table, (ns, ew, score) in enumerate((("A", "B", first), ("B", "A", second)), 1):
            code, _, err = run_cli(
                capsys,
                "result", "enter", "1", "--session", str(session), "--table", str(table),
                "--board", "1", "--ns", ns, "--ew", ew, "--score", score, "--db", db,
            )  # fmt: skip
            assert code == 0, err
    code, out, _ = run_cli(capsys, "event", "ranking", "1", "--db", db)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Copa: knockout matches"
    assert "segment 1" in lines[1]
    assert "segment 2" in lines[1]
    assert "VP" not in out
    # A won 11 IMPs (420 and 170), then 2 (-50 and 100): 13; B 7.5 carried.
    assert "A v B" in lines[2]
    assert "A won by 5.50 IMPs" in lines[2]
    code, out, _ = run_cli(capsys, "event", "ranking", "1", "--json", "--db", db)
    [match] = json.loads(out)
    assert (match["home_total"], match["away_total"], match["winner"]) == (13.0, 7.5, "A")
    assert match["away_carry_over"] == 7.5
    assert [s["home_imps"] for s in match["segments"]] == [11.0, 2.0]
    assert [s["away_imps"] for s in match["segments"]] == [0.0, 0.0]
    code, _, err = run_cli(
        capsys, "event", "penalty", "1", "A", "3IMP", "--reason", "lentitud", "--db", db
    )
    assert code == 0, err
    code, out, _ = run_cli(capsys, "event", "show", "1", "--db", db, "--lang", "es")
    assert "Penalización 1 (por infracción de forma, Artículo 90): A, 3 IMP; lentitud" in out


def test_law_86b_usebio_writes_a_knockout_as_ko_without_victory_points(tmp_path: Path) -> None:
    store, event = knockout_store(tmp_path)
    try:
        text, _ = store.usebio_text(event)
    finally:
        store.close()
    read = usebio.loads(text)
    assert (read.event.event_type, read.event.match_scoring) == ("KO", "IMPS")
    [match] = read.event.sessions[0].matches
    assert (match.team_imps, match.team_score) == (Fraction(11), None)


def test_law_86b_the_public_page_shows_a_knockouts_matches_not_a_ranking(
    tmp_path: Path,
) -> None:
    store, event = knockout_store(tmp_path)
    try:
        store.publish(event)
        client = TestClient(create_app(store, secret="k" * 64))
        page = client.get(f"/results/{event}").text
        assert 'id="knockout"' in page
        assert 'class="results ranking"' not in page
        assert "A leads by 8.50 IMPs" in page
        assert "Segment 2" in page
        spanish = client.get(f"/results/{event}?lang=es").text
        assert "A va por delante por 8,50 IMP" in spanish
        assert "Arrastre" in spanish
        [match] = client.get(f"/api/results/{event}").json()["matches"]
        assert (match["home_total"], match["away_total"], match["leader"]) == (11.0, 2.5, "A")
    finally:
        store.close()


def test_knockout_match_totals_and_result_from_its_segments() -> None:
    match = KnockoutMatch("A", "B", (Segment(1, Fraction(1), Fraction(0)),), sessions=1)
    assert (match.total("A"), match.carry("B"), match.penalty("A")) == (
        Fraction(1),
        Fraction(0),
        Fraction(0),
    )


KNOCKOUT_FORM = {
    "name": "Copa",
    "kind": "teams",
    "movement": "round-robin",
    "tables": "8",
    "boards_per_round": "16",
    "rounds": "1",
    "sessions": "3",
    "method": "knockout",
    "profile": "aeb",
    "correction_minutes": "30",
    "appeal_minutes": "30",
}


def test_law_86b_the_desk_creates_a_knockout_of_one_round_over_its_segments(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    answer = client.post("/director/events", data={"csrf_token": csrf, **KNOCKOUT_FORM})
    assert answer.status_code == 200, answer.text
    [info] = store.events()
    assert (info.spec.knockout, info.spec.sessions, info.spec.boards) == (True, 3, 16)
    # Match 1 at tables 1 and 2: the home team wins 11 IMPs on board 1 of segment 1.
    store.enter_result(info.id, 1, 1, Entry.from_str("score 420"))
    store.enter_result(info.id, 1, 2, Entry.from_str("score -170"))
    for page in ("", "/print/ranking"):
        shown = client.get(f"/director/events/{info.id}{page}").text
        assert 'id="knockout"' in shown
        assert "leads by 11 IMPs" in shown  # whole IMPs written whole
    refused = client.post(
        "/director/events", data={"csrf_token": csrf, **KNOCKOUT_FORM, "rounds": "2"}
    )
    assert refused.status_code == 422
    assert "give the round robin one round" in refused.text


def test_law_86b_the_api_creates_a_knockout(director: tuple[TestClient, str], store: Store) -> None:
    client, csrf = director
    answer = client.post(
        "/api/events",
        json={"name": "Copa", "movement": "round-robin", "tables": 4, "boards_per_round": 12,
              "rounds": 1, "sessions": 2, "method": "knockout"},
        headers={"X-CSRF-Token": csrf},
    )  # fmt: skip
    assert answer.status_code == 201, answer.text
    event = answer.json()["id"]
    assert client.get(f"/api/events/{event}").json()["method"] == "knockout"
    assert store.event(event).spec.sessions == 2
    # Match 1's home team wins 11 IMPs on board 1: its total, with no place against
    # the other matches' teams (each team's total is in its own match).
    store.enter_result(event, 1, 1, Entry.from_str("score 420"))
    store.enter_result(event, 1, 2, Entry.from_str("score -170"))
    lines = client.get(f"/api/events/{event}/ranking").json()
    assert lines
    assert all(line["place"] == "" for line in lines)


def test_law_86b_the_tables_provisional_ranking_shows_the_knockouts_matches() -> None:
    """The tables' ranking section, as the round and waiting pages render it."""
    match = KnockoutMatch("A", "B", (Segment(1, Fraction(30), Fraction(18)),), sessions=2)
    template = make_templates().from_string(
        '{% from "tables/ranking.html" import provisional_ranking with context %}'
        "{{ provisional_ranking([], 'teams', {}, False, [], matches, 2) }}"
    )
    with use_language("es"):
        page = template.render(matches=[match])
    section = page.split('id="provisional-ranking"')[1]
    assert 'id="knockout"' in section
    assert "Segmento 2" in section
    assert "A va por delante por 12 IMP" in section  # whole IMPs written whole


def test_law_86b_a_knockout_is_not_paired_as_a_swiss(store: Store) -> None:
    # A knockout match is the same two teams in every segment: a movement that pairs
    # the teams anew each round (a Swiss) is refused, naming the one that fits.
    spec = EventSpec.scored("Copa", 4, "knockout", kind="teams")
    with pytest.raises(ArbitroError, match="round robin of one round"):
        store.create_event(spec, movement=swiss_start(4, 2, 2))
    assert store.events() == []


def test_law_86b_a_knockout_is_not_won_while_a_board_of_its_last_segment_waits(
    tmp_path: Path,
) -> None:
    store = open_store(str(tmp_path / "copa.sqlite3"))
    try:
        event = store.create_event(
            EventSpec("Copa", 2, kind="teams", knockout=True), [Participant("A"), Participant("B")]
        )
        store.enter_result(event, 1, 1, Entry.from_str("score 420"), ns="A", ew="B")
        store.enter_result(event, 1, 2, Entry.from_str("score -170"), ns="B", ew="A")
        store.enter_result(event, 2, 1, Entry.from_str("score 100"), ns="A", ew="B")
        [match] = store.knockout_matches(event)
        # Board 2 waits for the other table: A leads, it has not won.
        assert (match.finished, match.waiting, match.outcome()) == (
            False,
            1,
            "A leads by 11.00 IMPs",
        )
        store.enter_result(event, 2, 2, Entry(not_played=True), ns="B", ew="A")
        [match] = store.knockout_matches(event)
        assert (match.finished, match.outcome()) == (True, "A won by 11.00 IMPs")
    finally:
        store.close()


def test_law_86b_the_printed_travellers_give_each_segments_board_its_own_page(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = store.create_event(
        EventSpec("Copa", 1, kind="teams", knockout=True, sessions=2),
        [Participant("A"), Participant("B")],
    )
    for session, (first, second) in ((1, ("420", "-170")), (2, ("-50", "-100"))):
        store.enter_result(event, 1, 1, Entry.from_str(f"score {first}"), "A", "B", session)
        store.enter_result(event, 1, 2, Entry.from_str(f"score {second}"), "B", "A", session)
    page = client.get(f"/director/events/{event}/print/travellers?lang=es").text
    one, two = page.split('id="print-board-1-session-')[1:]
    assert "Estuche 1 · Sesión 1" in one
    assert "+420" in one
    assert "Estuche 1 · Sesión 2" in two
    assert "-50" in two
    assert "+420" not in two


def test_law_86b_the_desk_names_a_knockout_and_its_segments(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = store.create_event(
        EventSpec("Copa", 1, kind="teams", knockout=True, sessions=3),
        [Participant("A"), Participant("B")],
    )
    assert "Eliminatoria, 3 segmentos" in client.get(f"/director/events/{event}?lang=es").text
    assert "Knockout, 3 segments" in client.get(f"/director/events/{event}?lang=en").text


def test_law_86b_the_desk_enters_and_corrects_a_board_of_a_later_segment(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(
        EventSpec("Copa", 1, kind="teams", knockout=True, sessions=2),
        [Participant("A"), Participant("B")],
        two_rooms(round_robin(["A", "B"], 1, rounds=1)),
    )
    store.enter_result(event, 1, 1, Entry.from_str("score 420"))
    store.enter_result(event, 1, 2, Entry.from_str("score -170"))
    store.enter_result(event, 1, 1, Entry.from_str("score 100"), session=2)
    form = {"csrf_token": csrf, "board": "1", "table": "2", "session": "2", "score": "-100"}
    answer = client.post(f"/director/events/{event}/result", data=form)
    assert answer.status_code in (200, 303), answer.text
    stored = {(r.session, r.table): r.entry.score for r in store.results(event)}
    assert stored == {(1, 1): 420, (1, 2): -170, (2, 1): 100, (2, 2): -100}
    page = client.get(f"/director/events/{event}/result?board=1&table=1&session=2&lang=es").text
    assert "Corregir el estuche 1 de la mesa 1 · Sesión 2" in page
    correction = {**form, "table": "1", "score": "140", "reason": "mal anotado"}
    client.post(f"/director/events/{event}/result", data=correction)
    stored = {(r.session, r.table): r.entry.score for r in store.results(event)}
    assert stored == {(1, 1): 420, (1, 2): -170, (2, 1): 140, (2, 2): -100}


def test_law_86b_a_knockout_of_an_odd_number_of_teams_is_refused_naming_the_team_left_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run_cli(
        capsys,
        "event", "new", "Copa", "--kind", "teams", "--scoring", "knockout", "--movement",
        "round-robin", "--tables", "5", "--rounds", "1", "--db", str(tmp_path / "copa.sqlite3"),
        "--lang", "en",
    )  # fmt: skip
    assert code != 0
    assert "in a knockout every team plays a match: team " in err
    assert "among 5 teams" in err
