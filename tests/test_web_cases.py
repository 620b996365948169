"""The director's worksheet in the web console (issue 11, item 3): from the facts to the score.

The case is Ejemplo 2 of the WBF commentary on Law 12 (`004_*`, "Error grave"): South
asked with a break in tempo before 5C, North bid 6C, all vulnerable (board 2, Law 2);
East's serious error let 6C make (+1370). Without the infraction North passes 5C with
the same eleven tricks: 100 + 500 = +600; after the infraction with normal play 6C
goes one down: -100. N/S get +600; E/W keep their -1370 (Law 12C1b). Every score below
is worked out from Law 77 by hand in the comment beside it.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.board import Board
from arbitro.core.seat import Seat
from arbitro.core.vulnerability import Vulnerability
from arbitro.scoring.law77 import possible_scores
from arbitro.scoring.worksheet import Irregularity, Step
from arbitro.store import Store
from arbitro.table import Table
from arbitro.table.events import EXAMPLE_DEAL, ExplanationEvent, FactEvent
from arbitro.table.log import dumps
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.web import create_app
from arbitro.web.case_form import QUESTIONS, case_from_fields
from arbitro.web.pages import RefusedRequestError
from arbitro.web.polls import poll_token
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store and director fixtures


@pytest.fixture
def event(store: Store) -> int:
    pairs = [Participant(str(n)) for n in range(1, 7)]
    number = store.create_event(EventSpec("Club", boards=2, profile="wbf"), pairs)
    # Board 2, N/S vulnerable: 6C= +1370 (pairs 1-2), 5C= +600 (3-4), 6C-1 -100 (5-6).
    for table, (entry, ns, ew) in enumerate(
        (("6C N 12", "1", "2"), ("5C N 11", "3", "4"), ("6C N 11", "5", "6")), start=1
    ):
        store.enter_result(number, 2, table, Entry.from_str(entry), ns=ns, ew=ew)
    return number


def example_2_fields(csrf: str, event: int, **more: str) -> dict[str, str]:
    """The worksheet of Ejemplo 2 with its first two answers; the rest in ``more``."""
    return {
        "csrf_token": csrf,
        "event": str(event),
        "kind": "UI",
        "session": "1",
        "board": "2",
        "table": "1",
        "offenders": "NS",
        "facts": "16B1: South asked with a break in tempo before 5C\n16B3: called at the end of play",
        "answer_irregularity": "yes",
        "note_irregularity": "South's slow 5C",
        "answer_suggested": "yes",
        "note_suggested": "the slowness suggests bidding on",
        **more,
    }


def decided_fields(csrf: str, event: int, **more: str) -> dict[str, str]:
    """Ejemplo 2's worksheet with all five answers "yes"; what would have happened in ``more``."""
    return example_2_fields(
        csrf, event, answer_alternatives="yes", answer_chosen="yes", answer_damage="yes", **more
    )


def open_poll_with_three_answers(client: TestClient, csrf: str, event: int) -> int:
    answer = client.post(
        "/director/polls",
        data={
            "csrf_token": csrf,
            "event": str(event),
            "board": "2",
            "seat": "N",
            "taken": "6C",
            "alternatives": "Pass",
            "question": "What do you call after 5C?",
        },
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    number = int(re.findall(r"/director/polls/(\d+)", answer.headers["location"])[0])
    with TestClient(create_app(client.app.state.store, secret=SECRET)) as player:  # type: ignore[attr-defined]
        link = f"/poll/{poll_token(SECRET, event, number)}"
        player_csrf = re.findall(r'name="csrf_token" value="([^"]+)"', player.get(link).text)[0]
        for name, chosen, considered in (
            ("Luis", "Pass", "6C"),
            ("Eva", "6C", "Pass, 6NT"),
            ("Juan", "Pass", ""),
        ):
            given_answer = player.post(
                link,
                data={
                    "csrf_token": player_csrf,
                    "name": name,
                    "chosen": chosen,
                    "considered": considered,
                },
            )
            assert given_answer.status_code == 200, given_answer.text
    return number


def test_law_12c1b_example_2_on_the_web_from_open_case_and_poll_to_the_ranking(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    before = {standing.participant: standing.total for standing in store.ranking(event)}

    # The director opens the case at the table and keeps it open.
    saved = client.post(
        "/director/cases", data=example_2_fields(csrf, event, action="save"), follow_redirects=False
    )
    assert saved.status_code == 303, saved.text
    [kept] = store.open_cases(event)
    assert saved.headers["location"] == f"/director/cases/open/{kept.number}?event={event}"
    page = client.get(saved.headers["location"])
    assert "South asked with a break in tempo before 5C" in page.text
    assert (
        f'href="/director/cases/open/{kept.number}?event={event}"'
        in client.get(f"/director/cases?event={event}").text
    )

    # Three players answer the poll; the poll answers the logical-alternative question.
    poll = open_poll_with_three_answers(client, csrf, event)
    decided = example_2_fields(
        csrf,
        event,
        number=str(kept.number),
        poll=str(poll),
        answer_alternatives="poll",
        answer_chosen="yes",
        answer_damage="yes",
        likely="5C= N",  # 100 + 500 = +600
        after="6C-1 N",  # -100
        apply="on",
    )
    preview = client.post("/director/cases", data={**decided, "action": "preview"})
    assert preview.status_code == 200, preview.text
    assert "North-South: +600; East-West: -1370" in preview.text
    assert "logical alternatives: Pass" in preview.text
    assert store.rulings(event) == []  # a preview stores nothing

    recorded = client.post(
        "/director/cases", data={**decided, "action": "record"}, follow_redirects=False
    )
    assert recorded.status_code == 303, recorded.text
    number = int(re.findall(r"/director/cases/(\d+)", recorded.headers["location"])[0])
    report = client.get(recorded.headers["location"])
    assert report.status_code == 200
    assert "North-South: +600; East-West: -1370" in report.text
    assert "(Law 83)" in report.text  # the right to appeal
    assert store.open_cases(event) == []
    case = store.load_case(event, number)
    assert case.ruling().laws == ("16B1", "12C1a", "12C1b")
    assert case.poll is not None
    assert len(case.poll.answers) == 3
    assert [fact.law for fact in case.facts] == ["16B1", "16B3"]
    result = next(r for r in store.results(event) if r.board == 2 and r.table == 1)
    assert result.result is not None
    assert result.result.to_str() == "+600/-1370"

    # Pair 1 (N/S) drops from top to a tie with pair 3; E/W pair 2 keeps its bottom.
    after = {standing.participant: standing.total for standing in store.ranking(event)}
    assert after["1"] < before["1"]
    assert after["1"] == after["3"]
    assert after["2"] == before["2"]
    assert [stored.number for stored in store.stored_cases(event, adjusted_only=True)] == [number]


def test_law_16b1_a_no_on_the_web_lets_the_score_stand_and_changes_nothing(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    fields = example_2_fields(csrf, event, action="record", apply="on")
    fields["answer_suggested"] = "no"
    answer = client.post("/director/cases", data=fields, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    [stored] = store.stored_cases(event)
    assert stored.case.ruling().stands
    assert stored.case.sheet.actual == 1370  # read from the result entered at table 1
    result = next(r for r in store.results(event) if r.board == 2 and r.table == 1)
    assert result.entry == Entry.from_str("6C N 12")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"offenders": ""}, "say which side committed the irregularity"),
        ({"answer_suggested": ""}, "answer question 2 of the worksheet"),
        ({"answer_alternatives": "poll"}, "choose the poll"),
        ({"likely": ""}, "say what would probably have happened"),
        ({"likely": "4Z= N"}, "likely result: "),
        ({"likely": "+600/-1370"}, "the same North-South result for both sides"),
        ({"after": "1/2 +600; 1/2 -100"}, "expected one North-South score"),
        ({"board": "9"}, "board 9 is not in the event"),
        ({"table": "x"}, "table: expected a whole number"),
    ],
)
def test_web_worksheet_refuses_a_gap_naming_it_and_stores_nothing(
    store: Store,
    event: int,
    director: tuple[TestClient, str],
    change: dict[str, str],
    message: str,
) -> None:
    client, csrf = director
    fields = decided_fields(
        csrf,
        event,
        action="record",
        likely="5C= N",
        apply="on",
    )
    answer = client.post("/director/cases", data={**fields, **change})
    assert answer.status_code == 422
    assert message in answer.text
    assert store.rulings(event) == []
    result = next(r for r in store.results(event) if r.board == 2 and r.table == 1)
    assert result.entry == Entry.from_str("6C N 12")


def test_law_12c1e_aeb_event_reads_the_weights_as_likely_results_not_a_weighted_score(
    store: Store, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("AEB club", boards=2))
    fields = decided_fields(
        csrf,
        event,
        action="preview",
        actual="+1370",
        likely="1/2 5C= N; 1/2 6C-1 N",  # +600 and -100, all vulnerable
    )
    answer = client.post("/director/cases", data=fields)
    assert answer.status_code == 200, answer.text
    # The AEB allows no weighted score (12C1e): the innocent E/W get the most favourable
    # likely result, 6C-1 (-100 for N/S); the offenders the least favourable probable
    # one, which with no other probable result is the same -100.
    [report] = re.findall(r'<pre class="report" id="preview">(.*?)</pre>', answer.text, re.S)
    assert "North-South: -100; East-West: +100" in report
    assert "12C1e" in report
    assert "12C1c" not in report


def test_web_worksheet_needs_the_director_and_a_csrf_token(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    no_token = example_2_fields(csrf, event, action="save")
    del no_token["csrf_token"]
    assert client.post("/director/cases", data=no_token).status_code == 403
    with TestClient(create_app(store, secret=SECRET)) as stranger:
        assert stranger.get(
            f"/director/cases?event={event}", follow_redirects=False
        ).status_code in (
            303,
            401,
        )
    assert store.open_cases(event) == []


def test_law_16b1b_a_poll_that_served_a_ruling_cannot_serve_another(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    poll = open_poll_with_three_answers(client, csrf, event)
    fields = example_2_fields(
        csrf,
        event,
        action="record",
        poll=str(poll),
        answer_alternatives="poll",
        answer_chosen="yes",
        answer_damage="yes",
        likely="5C= N",
    )
    assert client.post("/director/cases", data=fields, follow_redirects=False).status_code == 303
    again = client.post("/director/cases", data=fields)
    assert again.status_code == 409
    assert "has served a ruling already" in again.text
    assert len(store.rulings(event)) == 1


def test_web_worksheet_pages_speak_spanish(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, _ = director
    page = client.get(f"/director/cases/new?event={event}&kind=MI&lang=es")
    assert page.status_code == 200
    assert "Artículo" in page.text or "Art." in page.text
    assert page.headers["content-language"] == "es"


@given(
    replies=st.lists(st.sampled_from(["yes", "no"]), min_size=5, max_size=5),
    # A score some result gives on board 1, neither side vulnerable (Law 77), below the
    # likely +590: the innocent North-South were damaged, if the answers say so.
    actual=st.sampled_from(sorted(s for s in possible_scores(False, False) if s < 590)),
)
def test_law_16b1_any_no_before_the_score_lets_it_stand(replies: list[str], actual: int) -> None:
    fields = {"offenders": "EW", "actual": f"{actual:+d}", "likely": "+590"}
    fields |= {
        f"answer_{step.value}": reply for step, reply in zip(QUESTIONS, replies, strict=True)
    }
    ruling = case_from_fields(fields, Irregularity.UNAUTHORISED, board=1, profile="wbf").ruling()
    assert ruling.stands == ("no" in replies)
    if "no" in replies:
        first_no = replies.index("no")
        case = case_from_fields(fields, Irregularity.UNAUTHORISED, board=1, profile="wbf")
        assert len(case.sheet.answers) == first_no + 1
        assert case.sheet.answers[-1].step is QUESTIONS[first_no]
    else:
        assert ruling.result.to_str() == "+590"


def test_law_2_worksheet_scores_a_contract_on_the_board_as_marked() -> None:
    """A likely result typed as a contract is scored with the board's marked vulnerability."""
    fields = {"offenders": "EW", "actual": "+170", "likely": "4S= N"}
    fields |= {f"answer_{step.value}": "yes" for step in QUESTIONS}
    law2 = case_from_fields(fields, Irregularity.UNAUTHORISED, board=1, profile="wbf")
    assert law2.ruling().result.to_str() == "+420"
    marked = Board(1, vulnerability=Vulnerability.ALL)
    case = case_from_fields(fields, Irregularity.UNAUTHORISED, board=marked, profile="wbf")
    assert case.board == 1
    assert case.ruling().result.to_str() == "+620"


def test_law_16b1_a_fact_line_keeps_its_law_and_others_take_the_case_law() -> None:
    fields = {"offenders": "NS", "actual": "+420", "answer_irregularity": "no"}
    fields["facts"] = "16B2: East reserved the right\nNorth hesitated\n\n"
    case = case_from_fields(fields, Irregularity.UNAUTHORISED, board=1, profile="aeb")
    assert [(fact.law, fact.text) for fact in case.facts] == [
        ("16B2", "East reserved the right"),
        ("16B1", "North hesitated"),
    ]
    with pytest.raises(RefusedRequestError, match="answer question 1"):
        case_from_fields(
            {"offenders": "NS", "actual": "+420"}, Irregularity.MISINFORMATION, 1, "aeb"
        )
    assert Step.OTHERWISE not in QUESTIONS


def test_web_worksheet_pages_that_do_not_exist_are_refused_with_a_message(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, _ = director
    missing = client.get(f"/director/cases/open/7?event={event}")
    assert missing.status_code == 404
    assert "there is no open case 7 in this event" in missing.text
    report = client.get(f"/director/cases/3?event={event}")
    assert report.status_code == 404
    assert "ruling 3 of this event has no worksheet" in report.text
    assert client.get("/director/cases?event=99").status_code == 404


def test_law_83_the_ruling_report_goes_out_with_the_published_results(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    fields = decided_fields(
        csrf,
        event,
        action="record",
        likely="5C= N",
        after="6C-1 N",
        apply="on",
    )
    assert client.post("/director/cases", data=fields, follow_redirects=False).status_code == 303
    with TestClient(create_app(store, secret=SECRET)) as player:
        assert "North-South: +600" not in player.get(f"/results/{event}").text
        store.publish(event, by="ana")
        listed = player.get(f"/results/{event}").text
        assert f'href="/results/{event}/boards/2#rulings"' in listed
        assert "board 2, table 1 (NS 1, EW 2)" in listed
        traveller = player.get(f"/results/{event}/boards/2").text
        assert "North-South: +600; East-West: -1370" in traveller
        assert "(Law 83)" in traveller
        assert "North-South: +600" not in player.get(f"/results/{event}/boards/1").text
        spanish = player.get(f"/results/{event}/boards/2?lang=es").text
        assert "Artículo 83" in spanish


CARD = "system: Acol\n1NT Pass 2C: Stayman (alert)\n2D: multi, a weak two in a major (alert)"


def keep_card(client: TestClient, csrf: str, event: int, pair: str, text: str) -> int:
    answer = client.post(
        "/director/agreements",
        data={"csrf_token": csrf, "event": str(event), "pair": pair, "text": text},
        follow_redirects=False,
    )
    return answer.status_code


def misinformation_fields(csrf: str, event: int, explanation: str, **more: str) -> dict[str, str]:
    """N/S (pair 1 at table 1) explained North's 2D; the rest of the sheet says yes."""
    return {
        "csrf_token": csrf,
        "event": str(event),
        "kind": "MI",
        "board": "2",
        "table": "1",
        "offenders": "NS",
        "call": "2D",
        "explanation": explanation,
        "answer_irregularity": "card",
        "answer_suggested": "yes",
        "answer_alternatives": "yes",
        "answer_chosen": "yes",
        "answer_damage": "yes",
        "likely": "6C-1 N",  # all vulnerable: -100
        "action": "record",
        **more,
    }


@pytest.mark.parametrize(
    ("explanation", "matches", "law", "stands"),
    [
        ("weak, with diamonds", "", "75B", False),  # departs from the card: misinformation
        ("Multi: a weak two in a major.", "", "75C", True),  # the card's words: mistaken call
        ("a weak two in hearts or spades", "yes", "75C", True),  # same meaning, judged
        ("multi", "no", "75B", False),  # the director judges the words fall short
    ],
)
def test_law_75b_75c_misinformation_worksheet_takes_its_first_answer_from_the_kept_card(
    store: Store,
    event: int,
    director: tuple[TestClient, str],
    explanation: str,
    matches: str,
    law: str,
    stands: bool,
) -> None:
    client, csrf = director
    assert keep_card(client, csrf, event, "1", CARD) == 303
    fields = misinformation_fields(csrf, event, explanation, card_matches=matches)
    answer = client.post("/director/cases", data=fields, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    [stored] = store.stored_cases(event)
    first = stored.case.sheet.answers[0]
    assert first.step is Step.IRREGULARITY
    assert f"(Law {law})" in first.note
    assert stored.case.ruling().stands is stands
    if not stands:
        # Without the misinformation E/W would have defeated 6C: -100 for N/S.
        assert stored.case.ruling().result.to_str() == "-100"


def test_law_21b1b_card_silent_on_the_call_presumes_a_mistaken_explanation_on_the_web(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    assert keep_card(client, csrf, event, "1", "system: Acol\n1NT Pass 2C: Stayman (alert)") == 303
    answer = client.post(
        "/director/cases", data=misinformation_fields(csrf, event, "weak"), follow_redirects=False
    )
    assert answer.status_code == 303, answer.text
    [stored] = store.stored_cases(event)
    assert "(Law 21B1b)" in stored.case.sheet.answers[0].note
    assert not stored.case.ruling().stands


def test_law_75_the_card_is_needed_to_answer_from_it_and_nothing_is_stored_without_it(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    answer = client.post("/director/cases", data=misinformation_fields(csrf, event, "weak"))
    assert answer.status_code == 422
    assert "no convention card is kept for that pair" in answer.text
    assert keep_card(client, csrf, event, "1", CARD) == 303
    no_call = misinformation_fields(csrf, event, "weak", call="")
    assert (
        "give the auction up to the call explained"
        in client.post("/director/cases", data=no_call).text
    )
    bad_call = client.post(
        "/director/cases", data=misinformation_fields(csrf, event, "weak", call="2Z")
    )
    assert bad_call.status_code == 422
    assert "the call explained: " in bad_call.text
    assert store.rulings(event) == []


def test_convention_card_page_keeps_a_card_refuses_a_bad_line_and_removes_an_empty_one(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    assert keep_card(client, csrf, event, "3", CARD) == 303
    page = client.get(f"/director/agreements?event={event}")
    assert 'id="card-3"' in page.text
    assert "multi, a weak two in a major" in page.text
    bad = client.post(
        "/director/agreements",
        data={
            "csrf_token": csrf,
            "event": str(event),
            "pair": "4",
            "text": "system: Acol\n1NT Pass 2Z: transfer",
        },
    )
    assert bad.status_code == 422
    assert "line 2: the calls must be calls" in bad.text
    assert "1NT Pass 2Z: transfer" in bad.text  # the text typed is kept in the form
    assert keep_card(client, csrf, event, "9", CARD) == 422  # no pair 9 in the event
    assert [card.pair for card in store.convention_cards(event)] == ["3"]
    assert keep_card(client, csrf, event, "3", "") == 303
    assert store.convention_cards(event) == []


def test_law_12_organisers_list_on_the_web_shows_only_the_adjustments_when_asked(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    stands = example_2_fields(csrf, event, action="record", table="2", answer_suggested="no")
    assert client.post("/director/cases", data=stands, follow_redirects=False).status_code == 303
    adjusted = decided_fields(
        csrf,
        event,
        action="record",
        likely="5C= N",
        after="6C-1 N",
    )
    assert client.post("/director/cases", data=adjusted, follow_redirects=False).status_code == 303
    every = client.get(f"/director/cases?event={event}").text
    assert "board 2, table 2 (NS 3, EW 4): score stands" in every
    assert "board 2, table 1 (NS 1, EW 2): +1370 adjusted to +600/-1370" in every
    only = client.get(f"/director/cases?event={event}&adjusted=1").text
    assert "table 2 (NS 3, EW 4)" not in only
    assert "board 2, table 1 (NS 1, EW 2): +1370 adjusted to +600/-1370" in only


def test_law_12c2a_no_likely_result_on_the_web_gives_an_artificial_score(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    fields = decided_fields(
        csrf,
        event,
        action="record",
        artificial="on",
        apply="on",
    )
    answer = client.post("/director/cases", data=fields, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    report = client.get(answer.headers["location"]).text
    assert "(Law 12C2a)" in report
    result = next(r for r in store.results(event) if r.board == 2 and r.table == 1)
    assert result.result is not None
    assert result.result.to_str() == "A-/A+"  # N/S offenders average-minus, E/W plus


def test_aeb_note_12c2_the_desk_gives_an_inexperienced_offender_average(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    """The AEB's note to 12C2 on the desk: average, not average-minus, for the offenders."""
    client, csrf = director
    wbf = client.get(f"/director/cases/new?event={event}&kind=UI&board=2").text
    assert 'name="inexperienced"' not in wbf  # the Laws' own 12C2a: average-minus
    pairs = [Participant(str(n)) for n in range(1, 3)]
    event = store.create_event(EventSpec("Club", boards=2, profile="aeb"), pairs)
    store.enter_result(event, 2, 1, Entry.from_str("6C N 12"), ns="1", ew="2")
    form = client.get(f"/director/cases/new?event={event}&kind=UI&board=2").text
    assert 'name="inexperienced"' in form
    with_likely = decided_fields(csrf, event, action="record", likely="5C= N", inexperienced="on")
    refused = client.post("/director/cases", data=with_likely, follow_redirects=False)
    assert refused.status_code == 422
    assert store.rulings(event) == []
    fields = decided_fields(
        csrf, event, action="record", artificial="on", apply="on", inexperienced="on"
    )
    answer = client.post("/director/cases", data=fields, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    result = next(r for r in store.results(event) if r.board == 2 and r.table == 1)
    assert result.result is not None
    assert result.result.to_str() == "A=/A+"  # N/S offenders average, E/W average-plus


def test_law_75b_worksheet_takes_the_facts_and_the_explanation_from_the_table_log(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    # East-West (pair 2 at table 1) play transfers: 2D over 1NT shows hearts.
    card = "system: Acol\n1NT Pass 2D: transfer to hearts (alert)"
    assert keep_card(client, csrf, event, "2", card) == 303
    played = Table(EXAMPLE_DEAL, number=2)  # board 2: East deals
    for seat, call in (("E", "1NT"), ("S", "Pass"), ("W", "2D")):
        played.call(seat, call)
    played.apply(FactEvent("tempo", Seat.NORTH, noticed_by=Seat.EAST))
    played.apply(ExplanationEvent(Seat.EAST, 3, "natural, to play", asked_by=Seat.NORTH))
    fields = {
        "csrf_token": csrf,
        "event": str(event),
        "kind": "MI",
        "board": "2",
        "table": "1",
        "offenders": "EW",
        "log": dumps(played),
        "call": "3",  # the third call of the log: West's 2D
        "facts": "North said he would have doubled a transfer",
        "answer_irregularity": "card",
        "answer_suggested": "no",
        "action": "record",
    }
    answer = client.post("/director/cases", data=fields, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    [stored] = store.stored_cases(event)
    first = stored.case.sheet.answers[0]
    assert first.yes
    assert "(Law 75B)" in first.note
    assert "natural, to play" in first.note
    assert [fact.law for fact in stored.case.facts] == ["16B1", "20F"]
    assert stored.case.facts[1].text == "North said he would have doubled a transfer"
    assert stored.case.sheet.actual == 1370  # the result entered at table 1


def test_web_worksheet_refuses_a_table_log_it_cannot_read_naming_the_line(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    fields = example_2_fields(csrf, event, action="preview", log='{"event": "board"}\nnot json')
    answer = client.post("/director/cases", data=fields)
    assert answer.status_code == 422
    assert "the table log, line 1: field &#39;deal&#39;: missing" in answer.text
    assert store.rulings(event) == []


def test_law_75_convention_card_typed_in_spanish_notation_on_a_spanish_page(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    answer = client.post(
        "/director/agreements?lang=es",
        data={
            "csrf_token": csrf,
            "event": str(event),
            "pair": "1",
            "text": "sistema: Acol\n1SA paso 2T: Stayman (alerta)\n2C: débil en corazones",
        },
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    [card] = store.convention_cards(event)
    assert [(a.auction, a.alert) for a in card.agreements] == [
        (("1NT", "Pass", "2C"), True),
        (("2H",), False),
    ]
    page = client.get(f"/director/agreements?event={event}&pair=1&lang=es").text
    assert "1ST Paso 2T: Stayman (alerta)" in page  # the form, in Spanish notation
    assert "<td>2C</td>" in page  # two hearts (corazones) in the table
    english = client.get(f"/director/agreements?event={event}&pair=1&lang=en").text
    assert "1NT Pass 2C: Stayman (alert)" in english
    assert "<td>2H</td>" in english
