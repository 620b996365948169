"""The player poll (Law 16B1b, the AEB criterion of consulting players of the same standard).

The two worked examples are those of the WBF commentary on Law 12 in `004_*` ("Error
grave"): Ejemplo 1 (a slow 6D, North bid 7D; N/S vulnerable) and Ejemplo 2 (a slow 5C,
North bid 6C; all vulnerable). The polls are invented in their shape: the players are
asked North's call with the auction up to it, without the hesitation.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.seat import Seat, Side
from arbitro.laws.authority import authority
from arbitro.scoring.results import Result, Weighted
from arbitro.scoring.worksheet import Irregularity, Otherwise, Step, Worksheet, WorksheetError
from arbitro.tournament.judgement import Case, CaseError
from arbitro.tournament.poll import Poll, PollAnswer, PollError, answer_alternatives

WBF = authority("wbf")


def poll_of(taken: str, *answers: tuple[str, str, tuple[str, ...]], board: int = 1) -> Poll:
    poll = Poll(board, Seat.NORTH, taken)
    for respondent, chosen, considered in answers:
        poll = poll.add(PollAnswer(respondent, chosen, considered))
    return poll


def up_to_alternatives(kind: Irregularity, offenders: Side, actual: int) -> Worksheet:
    return Worksheet(kind, offenders, actual).answer(True, "slow").answer(True, "suggests")


def test_law_16b1b_example_1_poll_finds_pass_a_logical_alternative_to_7d() -> None:
    # Five players asked North's call after 5S (two aces and the queen of diamonds) and
    # South's 6D: two pass, three bid 7D; four considered passing.
    poll = poll_of(
        "7D",
        ("p1", "Pass", ("7D",)),
        ("p2", "Pass", ()),
        ("p3", "7D", ("Pass",)),
        ("p4", "7D", ("Pass",)),
        ("p5", "7D", ()),
        board=2,
    )
    assert poll.logical_alternatives() == ("Pass",)
    sheet = answer_alternatives(
        up_to_alternatives(Irregularity.UNAUTHORISED, Side.NS, actual=2140), poll
    )
    assert sheet.answers[-1].step is Step.ALTERNATIVES
    assert sheet.answers[-1].yes
    assert "Pass considered by 4, chosen by 2" in sheet.answers[-1].note
    sheet = sheet.answer(True, "7D bid").answer(True, "7D made")
    # East's failure to ruff is normal bridge: both sides get 6D+1 (120+20+500+750).
    ruling = sheet.ruling(WBF, Otherwise(Weighted.single(1390), after=2140))
    assert ruling.result == Result.played(1390)


def test_law_16b1b_example_2_poll_then_serious_error_splits_the_score() -> None:
    poll = poll_of(
        "6C",
        ("Luis", "Pass", ("6C",)),
        ("Eva", "6C", ("Pass",)),
        ("Juan", "Pass", ()),
        ("Marta", "6C", ()),
        board=7,
    )
    sheet = answer_alternatives(
        up_to_alternatives(Irregularity.UNAUTHORISED, Side.NS, actual=1370), poll
    )
    sheet = sheet.answer(True, "6C bid").answer(True, "6C made")
    ruling = sheet.ruling(WBF, Otherwise(Weighted.single(600), after=-100))
    # N/S get 5C+1 (100+500 = +600); E/W keep the table's -1370 (East's serious error).
    assert ruling.result == Result.split(600, -1370)


def test_law_16b1b_action_nobody_chose_is_not_a_logical_alternative() -> None:
    # Everyone considered passing, nobody would pass: "some of whom might select it" fails.
    poll = poll_of("7D", ("a", "7D", ("Pass",)), ("b", "7D", ("Pass",)), ("c", "7D", ("Pass",)))
    assert poll.logical_alternatives() == ()
    sheet = answer_alternatives(
        up_to_alternatives(Irregularity.UNAUTHORISED, Side.NS, actual=2140), poll
    )
    assert not sheet.answers[-1].yes
    ruling = sheet.ruling(None)
    assert ruling.stands
    assert ruling.laws == ("16B1b",)


def test_law_16b1b_one_in_eight_considering_is_below_a_quarter() -> None:
    answers = [("x", "7D", ("Pass",))] + [(f"p{n}", "7D", ()) for n in range(7)]
    poll = poll_of("7D", *answers)
    assert poll.logical_alternatives() == ()
    significant_poll = Poll(1, Seat.NORTH, "7D", answers=poll.answers, significant=Fraction(1, 8))
    assert significant_poll.logical_alternatives() == ()  # considered but nobody chose it
    with_a_passer = poll.add(PollAnswer("y", "Pass"))
    # 2 of 9 considered passing (< 1/4), one chose it.
    assert with_a_passer.logical_alternatives() == ()
    assert Poll(
        1, Seat.NORTH, "7D", answers=with_a_passer.answers, significant=Fraction(2, 9)
    ).logical_alternatives() == ("Pass",)


def test_poll_answers_the_logical_alternative_question_only() -> None:
    poll = poll_of("7D", ("a", "Pass", ()))
    too_early = Worksheet(Irregularity.UNAUTHORISED, Side.NS, 2140).answer(True)
    with pytest.raises(WorksheetError, match="'alternatives'"):
        answer_alternatives(too_early, poll)
    empty = Poll(1, Seat.NORTH, "7D")
    with pytest.raises(PollError, match="no answers"):
        answer_alternatives(up_to_alternatives(Irregularity.UNAUTHORISED, Side.NS, 0), empty)


def test_poll_refuses_a_second_answer_from_the_same_respondent_and_bad_actions() -> None:
    poll = poll_of("6C", ("Ana", "Pass", ()))
    with pytest.raises(PollError, match="'Ana': this respondent has already answered"):
        poll.add(PollAnswer("Ana", "6C"))
    with pytest.raises(PollError, match="'six clubs': expected a call"):
        PollAnswer("Eva", "six clubs")


def test_poll_shares_hide_the_respondents_names() -> None:
    poll = poll_of("6C", ("Ana García", "Pass", ("6C",)), ("Luis", "6C", ()))
    shown = repr(poll.shares()) + poll.summary()
    assert "Ana" not in shown
    assert "Luis" not in shown
    assert [answer.respondent for answer in poll.answers] == ["Ana García", "Luis"]
    assert "Ana García" in json.dumps(poll.to_json(), ensure_ascii=False)  # the director's record


def test_case_file_takes_the_alternatives_answer_from_its_poll() -> None:
    poll = poll_of("6C", ("Luis", "Pass", ("6C",)), ("Eva", "6C", ()), board=7)
    data = {
        "board": 7,
        "table": 3,
        "profile": "wbf",
        "poll": poll.to_json(),
        "worksheet": {
            "irregularity": "UI",
            "offenders": "NS",
            "actual": 1370,
            "answers": [
                {"step": "irregularity", "yes": True},
                {"step": "suggested", "yes": True},
                {"step": "alternatives", "from_poll": True},
            ],
        },
    }
    case = Case.from_json(data)
    assert case.sheet.answers[-1].yes
    assert case.poll == poll
    no_poll = {**data, "poll": None}
    with pytest.raises(CaseError, match="'poll'"):
        Case.from_json(no_poll)


ACTIONS = st.sampled_from(["Pass", "X", "5C", "6C", "7C", "6NT"])


@given(
    st.lists(
        st.tuples(ACTIONS, st.lists(ACTIONS, max_size=3)),
        min_size=1,
        max_size=12,
    ),
    ACTIONS,
)
def test_law_16b1b_poll_counts_add_up_and_survive_the_record(
    answers: list[tuple[str, list[str]]], taken: str
) -> None:
    poll = Poll(5, Seat.SOUTH, taken)
    for number, (chosen, considered) in enumerate(answers):
        poll = poll.add(PollAnswer(f"player {number}", chosen, tuple(considered)))
    shares = poll.shares()
    assert sum(share.chosen for share in shares) == len(answers)
    assert all(share.chosen <= share.considered <= share.of == len(answers) for share in shares)
    assert taken not in poll.logical_alternatives()
    for action in poll.logical_alternatives():
        share = next(share for share in shares if share.action == action)
        assert share.chosen >= 1
        assert share.considered * 4 >= len(answers)
    assert Poll.from_json(poll.to_json()) == poll
