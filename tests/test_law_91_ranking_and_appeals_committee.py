"""Law 91B takes a disqualified pair out of the ranking; Law 93's committee is kept per event.

- 91B: a disqualified participant is listed apart, not ranked, with the Law, on the
  command line's ranking, the desk and the public results; the boards it played stand
  for its opponents, so their scores do not change, and the places close up.
- 93A/93B: whether the event has an appeals committee is kept with the event (set at
  ``event new`` or later, on the command line and the desk) and every decision uses it;
  a decision may override it, and the event's log says so.
- The desk's refusals of Laws 4, 91 and 10B name its own form fields, in English and
  Spanish, never a command line option; Law 10B is recorded by one store call.
"""

from __future__ import annotations

import html
import json
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.ranking import rank, without
from arbitro.tournament.records import AppealTooLateError, Ruling

pytest_plugins = ("web_director",)  # the store and director fixtures


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_:
        main(list(arguments))
    captured = capsys.readouterr()
    return int(exit_.value.code or 0), captured.out, captured.err


def _played(store: Store, event: int) -> None:
    """Boards 1 and 2 played at two tables: 1 v 3 and 2 v 4, different results."""
    store.enter_result(event, 1, 1, Entry.from_str("2S N 8"), ns="1", ew="3")
    store.enter_result(event, 1, 2, Entry.from_str("2S N 9"), ns="2", ew="4")
    store.enter_result(event, 2, 1, Entry.from_str("3NT S 9"), ns="1", ew="3")
    store.enter_result(event, 2, 2, Entry.from_str("3NT S 8"), ns="2", ew="4")


def club(tmp_path: Path) -> tuple[str, int]:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    store = open_store(url)
    pairs = [Participant.from_str(f"{n}: P{n}a, P{n}b") for n in range(1, 5)]
    event = store.create_event(EventSpec("Club", boards=4), pairs)
    _played(store, event)
    store.close()
    return url, event


DISQUALIFY = ("--reason", "cheating", "--by", "Ana", "--organiser", "Club Nerja")


# -- Law 91B: the disqualified pair leaves the ranking ----------------------------------------


def test_law_91_a_disqualified_pair_is_not_ranked_and_its_opponents_scores_stand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    status, out, err = run(capsys, "event", "ranking", str(event), "--json", "--db", url)
    assert status == 0, err
    before = {line["participant"]: line for line in json.loads(out)}
    assert set(before) == {"1", "2", "3", "4"}
    status, _, err = run(capsys, "event", "disqualify", str(event), "3", *DISQUALIFY, "--db", url)
    assert status == 0, err
    status, out, err = run(capsys, "event", "ranking", str(event), "--json", "--db", url)
    assert status == 0, err
    lines = json.loads(out)
    ranked = {line["participant"]: line for line in lines if "rank" in line}
    assert set(ranked) == {"1", "2", "4"}
    # The boards pair 3 played stand: every other pair keeps its score.
    assert {p: line["total"] for p, line in ranked.items()} == {
        p: before[p]["total"] for p in ranked
    }
    (apart,) = [line for line in lines if "disqualified" in line]
    assert apart["participant"] == "3"
    assert apart["law"] == "91B"
    assert "approved by the organiser Club Nerja" in apart["disqualified"]
    # The text ranking lists it apart, under Law 91B, with no place.
    status, out, err = run(capsys, "event", "ranking", str(event), "--db", url)
    assert status == 0, err
    ranking, _, apart_text = out.partition("Disqualified, not ranked (Law 91B)")
    assert apart_text.strip().startswith("3: cheating (Law 91B")
    assert not any(line.split()[1:2] == ["3"] for line in ranking.splitlines()[1:])
    status, out, err = run(
        capsys, "--lang", "es", "event", "ranking", str(event), "--db", url
    )  # fmt: skip
    assert status == 0, err
    assert "Descalificados, fuera de la clasificación (Artículo 91B)" in out


def test_law_91_the_places_close_up_behind_a_disqualified_pair(tmp_path: Path) -> None:
    url, event = club(tmp_path)
    store = open_store(url)
    try:
        before = store.ranking(event)
        first = min(before, key=lambda s: s.rank)
        store.log_act(event, "disqualify", f"{first.participant}: cheating (Law 91B)", by="Ana")
        after = store.ranking(event)
    finally:
        store.close()
    assert first.participant not in {s.participant for s in after}
    # The best pair left in the disqualified pair's group now has place 1.
    group = [s for s in after if s.direction is first.direction]
    assert min(s.rank for s in group) == 1


@given(
    st.dictionaries(st.sampled_from("ABCDEFGH"), st.integers(min_value=0, max_value=5), min_size=1),
    st.sets(st.sampled_from("ABCDEFGH")),
)
def test_law_91_without_ranks_the_others_as_if_the_removed_had_not_been_ranked(
    scores: dict[str, int], removed: set[str]
) -> None:
    ranked = rank({p: [Fraction(score)] for p, score in scores.items()})
    left = without(ranked, removed)
    expected = rank({p: [Fraction(score)] for p, score in scores.items() if p not in removed})
    assert [(s.participant, s.rank, s.tied, s.total) for s in left] == [
        (s.participant, s.rank, s.tied, s.total) for s in expected
    ]


def test_law_91_the_desk_and_the_public_results_show_the_disqualified_pair_apart(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    pairs = [Participant.from_str(f"{n}: P{n}a, P{n}b") for n in range(1, 5)]
    event = store.create_event(EventSpec("Club", boards=4), pairs)
    _played(store, event)
    done = client.post(
        f"/director/events/{event}/acts",
        data={
            "csrf_token": csrf, "participant": "3", "action": "disqualify",
            "reason": "cheating", "organiser": "Club Nerja",
        },
    )  # fmt: skip
    assert "Recorded in the event's log" in html.unescape(done.text)
    assert "3" not in {s.participant for s in store.ranking(event)}
    page = client.get(f"/director/events/{event}?view=ranking").text
    ranking, _, apart = page.partition('id="disqualified"')
    assert "Disqualified, not ranked (Law 91B)" in ranking
    assert "cheating (Law 91B, by ana; approved by the organiser Club Nerja)" in apart
    store.publish(event)
    public = client.get(f"/results/{event}").text
    table, _, apart = public.partition('id="disqualified"')
    assert "/results/1/pairs/3" not in table.split('class="results ranking"', 1)[1]
    assert "Law 91B" in apart
    spanish = client.get(f"/results/{event}?lang=es").text
    assert "Descalificados, fuera de la clasificación (Artículo 91B)" in spanish


# -- Law 93: the appeals committee, kept per event ---------------------------------------------


def _appeal(store: Store, event: int) -> None:
    store.add_ruling(event, Ruling(2, 1, "16B1a", "score stands"))
    store.lodge_appeal(event, "3", "no hesitation (signed by P3a, P3b; Law 92D)", 1)


def test_law_93b_an_event_created_without_a_committee_has_its_appeals_heard_by_the_director(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    status, out, err = run(
        capsys, "event", "new", "Club", "--boards", "4", "--pair", "1", "--pair", "2",
        "--pair", "3", "--pair", "4", "--no-committee", "--json", "--db", url,
    )  # fmt: skip
    assert status == 0, err
    event = json.loads(out)["event"]
    store = open_store(url)
    try:
        _played(store, event)
        _appeal(store, event)
    finally:
        store.close()
    status, out, _ = run(capsys, "event", "committee", str(event), "--db", url)
    assert "no appeals committee" in out
    decide = ("event", "decide", str(event), "1", "upheld", "--by", "Ana", "--matter")
    # No option at the decision: the event's setting (no committee) applies, 93A.
    status, out, err = run(
        capsys, *decide, "judgement", "--body", "director", "--score", "2S N 9", "--db", url
    )
    assert status == 0, err
    assert "Decided under Law 93A" in out


def test_law_93b_the_kept_committee_splits_the_appeal_and_an_override_is_logged(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    store = open_store(url)
    try:
        _appeal(store, event)
        store.lodge_appeal(event, "1", "the ruling was wrong (signed by P1a, P1b; Law 92D)")
    finally:
        store.close()
    status, out, err = run(capsys, "event", "committee", str(event), "--no", "--db", url)
    assert status == 0, err
    status, out, err = run(capsys, "event", "committee", str(event), "--yes", "--db", url)
    assert "The event has an appeals committee (Law 93B)." in out
    decide = ("event", "decide", str(event), "1", "upheld", "--by", "Ana")
    # With the committee kept, the director may not decide judgement (93B2).
    status, _, err = run(
        capsys, *decide, "--matter", "judgement", "--body", "director", "--db", url
    )
    assert status == 1  # a refusal by Law 93B2, not a mistake in the command
    assert "93B2" in err
    # An override for this appeal is allowed and recorded in the log.
    status, out, err = run(
        capsys, *decide, "--matter", "judgement", "--body", "director", "--no-committee",
        "--db", url,
    )  # fmt: skip
    assert status == 0, err
    assert "Decided under Law 93A" in out
    status, out, err = run(
        capsys, "event", "decide", str(event), "2", "dismissed", "--matter", "judgement",
        "--db", url,
    )  # fmt: skip
    assert status == 0, err
    assert "Decided under Law 93B2" in out
    store = open_store(url)
    try:
        decisions = [e.detail for e in store.event_log(event) if e.action == "decision"]
    finally:
        store.close()
    assert decisions == [
        "appeal 1: upheld (Law 93A); no committee for this appeal (override)",
        "appeal 2: dismissed (Law 93B2)",
    ]


def test_law_93b3_the_committee_may_not_overrule_law_91_whatever_the_matter_given(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    store = open_store(url)
    try:
        store.add_ruling(event, Ruling(2, 1, "91A", "1 warned for abuse"))
        store.lodge_appeal(event, "1", "too harsh (signed by P1a, P1b; Law 92D)", 1)
    finally:
        store.close()
    decide = ("event", "decide", str(event), "1", "upheld", "--by", "Ana", "--db", url)
    for matter in ((), ("--matter", "judgement")):  # with or without the matter
        status, out, err = run(capsys, *decide, "--body", "committee", *matter)
        assert status == 1, out
        assert "may not overrule the director's disciplinary powers of Law 91" in err
    status, out, err = run(capsys, *decide[:4], "dismissed", *decide[5:], "--body", "committee")
    assert status == 0, err


def test_law_92b_an_appeal_after_its_time_is_refused_with_status_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    store = open_store(url)
    try:
        store.add_ruling(event, Ruling(2, 1, "16B1a", "score stands"))
        store.publish(event, now=datetime(2026, 1, 1, 22, 0, tzinfo=UTC))
    finally:
        store.close()
    status, _, err = run(
        capsys, "event", "appeal", str(event), "3", "--ruling", "1", "--reason", "late",
        "--signed-by", "P3a", "--signed-by", "P3b", "--db", url,
    )  # fmt: skip
    assert status == 1
    assert "the time to appeal ended on 2026-01-01" in err


def test_law_93b_the_desk_keeps_the_committee_and_the_api_follows_it(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(
        EventSpec("Club", boards=4), [Participant(str(n)) for n in range(1, 5)]
    )
    _played(store, event)
    _appeal(store, event)
    page = client.get(f"/director/events/{event}").text
    assert "The event has an appeals committee (Law 93B)." in page
    kept = client.post(
        f"/director/events/{event}/committee", data={"csrf_token": csrf, "available": "no"}
    )
    assert "the director hears every appeal (Law 93A)" in kept.text
    assert store.has_committee(event) is False
    decided = client.post(
        f"/director/events/{event}/appeals/1/decision",
        data={
            "csrf_token": csrf, "decision": "dismissed", "matter": "judgement",
            "body": "director",
        },
    )  # fmt: skip
    assert "Decision on appeal 1 recorded." in decided.text
    (logged,) = [e.detail for e in store.event_log(event) if e.action == "decision"]
    assert logged == "appeal 1: dismissed (Law 93A)"


# -- Laws 4, 91 and 10B: the desk's refusals name its own fields ------------------------------


@pytest.mark.parametrize(
    ("language", "field", "option"),
    [
        ("en", "the field 'Organiser who approves (Law 91B)' is required (Law 91B)", "--organiser"),
        (
            "es",
            "el campo «Organizador que la aprueba (Artículo 91B)» es obligatorio (Artículo 91B)",
            "--organiser",
        ),
    ],
)
def test_law_91_the_desk_refusal_names_the_form_field_not_the_option(
    director: tuple[TestClient, str], store: Store, language: str, field: str, option: str
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=4), [Participant("1"), Participant("2")])
    refused = client.post(
        f"/director/events/{event}/acts?lang={language}",
        data={"csrf_token": csrf, "participant": "2", "action": "disqualify", "reason": "x"},
        headers={"Accept-Language": language},
    )
    assert field in html.unescape(refused.text)
    assert option not in refused.text
    assert store.disqualified(event) == {}


def test_law_4_the_desk_refusal_names_the_substitute_field(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=4), [Participant("1"), Participant("2")])
    refused = client.post(
        f"/director/events/{event}/acts",
        data={
            "csrf_token": csrf, "participant": "1", "action": "substitute", "reason": "ill",
            "player": "Luis",
        },
    )  # fmt: skip
    assert "the field 'Substitute (Law 4)' is required (Law 4)" in html.unescape(refused.text)
    assert "--substitute" not in refused.text


def test_law_10b_the_desk_and_the_command_line_record_the_same_ruling(
    capsys: pytest.CaptureFixture[str],
    director: tuple[TestClient, str],
    store: Store,
    tmp_path: Path,
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=4), [Participant("1"), Participant("2")])
    done = client.post(
        f"/director/events/{event}/rectified",
        data={
            "csrf_token": csrf, "board": "2", "table": "1", "what": "a lead taken back",
            "decision": "cancel",
        },
    )  # fmt: skip
    assert "Ruling 1 recorded" in done.text
    url, other = club(tmp_path)
    status, _, err = run(
        capsys, "event", "rectified", str(other), "--board", "2", "--table", "1",
        "--what", "a lead taken back", "--cancel", "--by", "ana", "--db", url,
    )  # fmt: skip
    assert status == 0, err
    kept = open_store(url)
    try:
        from_cli = [ruling for _, ruling in kept.rulings(other)]
    finally:
        kept.close()
    assert [ruling for _, ruling in store.rulings(event)] == from_cli
    assert from_cli[0].law == "10B"


# -- Law 91A: the boards a suspended pair misses are scored at once (Law 12C2a) ---------------


def test_law_91_a_suspension_scores_the_missed_boards_average_minus_and_plus(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'howell.sqlite3'}"
    status, out, err = run(
        capsys, "event", "new", "Club", "--movement", "howell", "--tables", "2",
        "--boards-per-round", "2", "--json", "--db", url,
    )  # fmt: skip
    assert status == 0, err
    event = json.loads(out)["event"]
    store = open_store(url)
    try:
        movement = store.event(event).timetable
        assert movement is not None
        seatings = [s for s in movement.schedule if "3" in s.sides]
    finally:
        store.close()
    expected = {
        (board, s.table): "adjusted A-/A+" if s.ns == "3" else "adjusted A+/A-"
        for s in seatings
        for board in s.boards
        if board in (1, 2, 3, 4)
    }
    assert expected  # pair 3 plays some of boards 1-4
    status, out, err = run(
        capsys, "event", "suspend", str(event), "3", "--boards", "1-4", "--reason", "abusive",
        "--by", "Ana", "--db", url,
    )  # fmt: skip
    assert status == 0, err
    assert "(Law 12C2a)" in out
    store = open_store(url)
    try:
        scored = {(r.board, r.table): r.entry.to_str() for r in store.results(event)}
        log = [e.detail for e in store.event_log(event) if e.action == "suspend"]
    finally:
        store.close()
    assert scored == expected
    assert log == ["3: session 1, boards 1-4: abusive (Law 91A, by Ana; final, Law 93B3)"]
    # A board list the Law's record cannot read is refused, and nothing is recorded.
    status, _, err = run(
        capsys, "event", "suspend", str(event), "3", "--boards", "4-1", "--reason", "x",
        "--by", "Ana", "--db", url,
    )  # fmt: skip
    assert status == 2
    assert "the boards a suspension names are written 5-8 or 3,7 (Law 91A)" in err


def test_law_91_without_a_movement_the_suspension_is_logged_and_the_director_told(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url, event = club(tmp_path)
    status, out, err = run(
        capsys, "event", "suspend", str(event), "3", "--boards", "3-4", "--reason", "abusive",
        "--by", "Ana", "--db", url,
    )  # fmt: skip
    assert status == 0, err
    assert "arbitro result enter --adjusted" in out
    store = open_store(url)
    try:
        assert {r.board for r in store.results(event)} == {1, 2}
    finally:
        store.close()


def test_law_91_the_desk_suspension_scores_the_missed_boards(
    director: tuple[TestClient, str], store: Store
) -> None:
    from arbitro.tournament.movements import howell

    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=6), movement=howell(2, 2))
    done = client.post(
        f"/director/events/{event}/acts",
        data={
            "csrf_token": csrf, "participant": "1", "action": "suspend", "reason": "abusive",
            "boards": "1-2",
        },
    )  # fmt: skip
    text = html.unescape(done.text)
    assert "Boards scored for the suspension (Law 12C2a): board 1, table" in text
    entries = {(r.board, r.ns, r.ew, r.entry.to_str()) for r in store.results(event)}
    assert entries == {(1, "4", "1", "adjusted A+/A-"), (2, "4", "1", "adjusted A+/A-")}


def test_law_79c2_publishing_again_after_a_reopening_gives_back_no_time_to_appeal(
    tmp_path: Path,
) -> None:
    """A reopening is for the score found wrong (79C2): publishing again locks the
    results with the first publication's periods, so an expired appeal stays refused."""
    url, event = club(tmp_path)
    store = open_store(url)
    try:
        store.add_ruling(event, Ruling(2, 1, "16B1a", "score stands"))
        first = datetime(2026, 1, 1, 22, 0, tzinfo=UTC)
        store.publish(event, now=first)
        store.reopen(
            event, "board 1 entered for table 2", boards=[1], now=datetime(2026, 1, 2, tzinfo=UTC)
        )
        store.correct_result(event, 1, 2, Entry.from_str("2S N 10"), "entered for table 2")
        again = store.publish(event, now=datetime(2026, 1, 2, 0, 5, tzinfo=UTC))
        assert again.published == first
        assert not again.correction.allows(datetime(2026, 1, 2, 0, 6, tzinfo=UTC), 1)
        with pytest.raises(AppealTooLateError):
            store.lodge_appeal(event, "3", "late", 1, now=datetime(2026, 1, 2, 0, 6, tzinfo=UTC))
    finally:
        store.close()
