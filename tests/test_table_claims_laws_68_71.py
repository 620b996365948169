"""Laws 68-71 at the table: claims and concessions as events, and the score after them.

The board is the one of ``docs/examples/claim-end-position.jsonl``: South declares
four hearts, not vulnerable, and after ten tricks (North-South 9, East-West 1) three
clubs are left in each hand (North ♣K72, East ♣Q93, South ♣J64, West ♣T85), South
on lead. Law 77 for four hearts not vulnerable: 120 trick points and the 300 game
bonus, 30 a trick over: 10 tricks 420, 11 tricks 450, 12 tricks 480; one down -50.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.analysis.claims import ClaimStatement, check_claim
from arbitro.cli.claims import claim_group, position_of, shown_out
from arbitro.core import Seat, Side
from arbitro.table import IllegalActionError, Phase, Table
from arbitro.table.events import (
    ClaimEvent,
    ClaimReviewEvent,
    DecisionEvent,
    ObjectionEvent,
    PlayEvent,
    event_from_json,
)
from arbitro.table.log import dumps, load, loads
from arbitro.table.rectify.claimed_tricks import claim_of
from arbitro.table.report import report_json
from arbitro.table.state import DIRECTOR
from table_support import (
    apply_or_refused,
    assert_refused,
    load_scenario,
    pending_decision,
    replay_until,
    report_snapshot,
    rulings,
)

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"
LOG = EXAMPLES / "claim-end-position.jsonl"
SCORE = {9: -50, 10: 420, 11: 450, 12: 480}
"""Law 77, four hearts by North-South not vulnerable: 9 tricks is one down."""


def _table() -> Table:
    """The board before the claim (the log without its last line)."""
    lines = LOG.read_text(encoding="utf-8").splitlines()[:-1]
    table = Table.from_event(event_from_json(json.loads(lines[0])))  # type: ignore[arg-type]
    for line in lines[1:]:
        table.apply(event_from_json(json.loads(line)))
    return table


def test_law_68a_a_claim_of_all_the_tricks_left() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "C"))
    made = claim_of(table)
    assert made is not None
    assert (made.tricks, made.remaining, made.concedes) == (3, 3, 0)
    assert table.rulings[-1].law == "68A"
    assert table.pending is not None
    assert table.pending.decider == "W"


def test_law_68b1_a_claim_of_some_tricks_concedes_the_rest() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 1, "C"))
    made = claim_of(table)
    assert made is not None
    assert made.concedes == 2
    assert table.rulings[-1].law == "68B1"


def test_law_68b2_partner_objects_to_a_defenders_concession() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.EAST, 0))  # East concedes the three tricks
    assert table.pending is not None
    assert table.pending.decider == "S"
    table.apply(ObjectionEvent(Seat.WEST))
    assert claim_of(table) is None
    assert table.pending is None
    assert table.rulings[-1].law == "68B2"
    assert table.notes[-1].law == "16D"
    assert table.phase is Phase.PLAY
    table.play("S", "CJ")  # play goes on
    assert table.current_trick[0][0] is Seat.SOUTH


def test_law_68b2_partners_objection_voids_a_concession_declarer_has_just_accepted() -> None:
    """68B2 applies "regardless of 1": declarer's acceptance, made just before partner's
    immediate objection, leaves no concession; the board goes back to play."""
    table = _table()
    table.apply(ClaimEvent(Seat.EAST, 0))  # East concedes the three tricks
    table.decide("S", "accept")
    accepted: Phase = table.phase
    assert accepted is Phase.COMPLETE
    table.apply(ObjectionEvent(Seat.WEST))
    assert claim_of(table) is None
    assert table.phase is Phase.PLAY
    assert [ruling.law for ruling in table.rulings][-1] == "68B2"
    assert "69A" not in [ruling.law for ruling in table.rulings]
    assert table.tricks_won(Side.NS) + table.tricks_won(Side.EW) == len(table.tricks)
    table.play("S", "CJ")  # play goes on
    again = loads(dumps(table))
    assert again.phase is Phase.PLAY
    assert again.current_trick == table.current_trick
    # Once anything else has happened, the concession accepted stands (69A).
    table = _table()
    table.apply(ClaimEvent(Seat.EAST, 0))
    table.decide("S", "accept")
    table.apply(ClaimReviewEvent(Seat.WEST))
    with pytest.raises(IllegalActionError, match="68B2"):
        table.apply(ObjectionEvent(Seat.WEST))


def test_law_68b2_no_objection_to_a_declarers_claim_or_by_the_wrong_seat() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 2))
    with pytest.raises(IllegalActionError, match="68B2"):
        table.apply(ObjectionEvent(Seat.NORTH))
    table = _table()
    table.apply(ClaimEvent(Seat.EAST, 0))
    with pytest.raises(IllegalActionError, match="68B2"):
        table.apply(ObjectionEvent(Seat.NORTH))
    assert claim_of(table) is not None


def test_law_68c_the_statement_is_kept_in_the_log() -> None:
    table = load(LOG)
    claim_event = table.events[-1]
    assert isinstance(claim_event, ClaimEvent)
    assert claim_event.statement == "C"
    assert event_from_json(claim_event.to_json()) == claim_event
    made = claim_of(table)
    assert made is not None
    assert made.statement == "C"


def test_law_68d_play_stops_after_a_claim() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "C"))
    with pytest.raises(IllegalActionError, match="waits for a decision"):
        table.apply(PlayEvent(Seat.SOUTH, next(iter(table.hand("S")))))
    assert len(table.hand("S")) == 3


def test_law_68_dummy_may_not_claim_nor_claim_more_than_is_left() -> None:
    table = _table()
    with pytest.raises(IllegalActionError, match="dummy"):
        table.apply(ClaimEvent(Seat.NORTH, 3))
    with pytest.raises(IllegalActionError, match="only 3 are left"):
        table.apply(ClaimEvent(Seat.SOUTH, 4))


def test_law_69a_an_accepted_claim_is_scored_as_claimed() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 2, "C"))
    table.decide("W", "accept")
    assert table.phase is Phase.COMPLETE
    assert (table.tricks_credited(Side.NS), table.tricks_credited(Side.EW)) == (11, 2)
    assert table.score() == SCORE[11]


def test_law_69b1_acquiescence_withdrawn_the_director_rescores() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "C"))
    table.decide("W", "accept")
    assert table.score() == SCORE[12]
    table.apply(ClaimReviewEvent(Seat.EAST))
    assert table.pending is not None
    assert table.pending.law == "69B"
    assert [option.choice for option in table.pending.options] == ["0", "1", "2", "3"]
    table.decide("director", "1")
    assert table.tricks_credited(Side.NS) == 10
    assert table.score() == SCORE[10]
    made = claim_of(table)
    assert made is not None
    assert (made.awarded, made.law) == (1, "69B")


def test_law_69b2_the_award_from_the_claim_checker() -> None:
    """The Director rescores with the checker's award (the trick the defenders would
    likely have won) after East withdraws the acquiescence."""
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "C"))
    table.decide("W", "accept")
    check = check_claim(
        position_of(table),
        Seat.SOUTH,
        ClaimStatement.from_str("all: C"),
        shown_out=shown_out(table),
    )
    assert check.award < 3
    table.apply(ClaimReviewEvent(Seat.EAST))
    table.decide("director", str(check.award))
    assert table.tricks_credited(Side.NS) == 9 + check.award


def test_law_69b_not_after_a_directors_ruling() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 3))
    table.decide("W", "dispute")
    table.decide("director", "2")
    with pytest.raises(IllegalActionError, match="69B"):
        table.apply(ClaimReviewEvent(Seat.WEST))


def test_law_70a_a_disputed_claim_goes_to_the_director() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "C"))
    table.decide("W", "dispute")
    assert table.pending is not None
    assert (table.pending.decider, table.pending.law) == ("director", "70")
    with pytest.raises(IllegalActionError, match="the choice is"):
        table.decide("W", "3")
    table.decide("director", "1")
    assert table.score() == SCORE[10]
    assert table.rulings[-1].law == "70"


def test_law_70b_the_director_hears_the_statement_again() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "draw trumps, C"))
    table.decide("W", "dispute")
    assert table.pending is not None
    assert "draw trumps, C" in str(table.pending.question)
    assert [option.choice for option in table.pending.options] == ["0", "1", "2", "3"]


def test_law_71_1_a_concession_cancelled_by_the_director() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 1, "C"))
    table.decide("W", "accept")
    assert table.score() == SCORE[10]
    table.apply(ClaimReviewEvent(Seat.NORTH))
    assert table.pending is not None
    assert table.pending.law == "71"
    assert [option.choice for option in table.pending.options] == ["1", "2", "3"]
    table.decide("director", "2")
    assert table.score() == SCORE[11]


def test_law_71_2_nothing_to_cancel_without_a_concession() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 3))
    table.decide("W", "accept")
    with pytest.raises(IllegalActionError, match="Law 71"):
        table.apply(ClaimReviewEvent(Seat.SOUTH))


def test_law_70_claim_check_command_prints_the_award() -> None:
    result = CliRunner().invoke(claim_group, ["check", str(LOG), "--json", "--no-double-dummy"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["claimed"] == 3
    assert data["award"] <= data["as_stated"] <= 3
    assert len(data["line"]) == 12


def test_law_68c_claim_check_refuses_a_bad_statement() -> None:
    result = CliRunner().invoke(claim_group, ["check", str(LOG), "--claim", "all: ruff"])
    assert result.exit_code == 2
    assert "step 1 'ruff'" in result.output


# -- Law 68D: any player who doubts the claim calls the Director ----------------------------

DISPUTERS = [("S", "W"), ("S", "E"), ("S", "N"), ("E", "S"), ("E", "N"), ("E", "W")]
"""(claimer, disputer): South declares, North is dummy; every other seat may dispute."""


@pytest.mark.parametrize(("claimer", "disputer"), DISPUTERS)
def test_law_68d_any_other_player_dummy_included_disputes_the_claim(
    claimer: str, disputer: str
) -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.from_str(claimer), 3, "C"))
    table.decide(disputer, "dispute")
    assert pending_decision(table)[:2] == ("director", "70")
    assert rulings(table)[-1] == ("70", disputer, "dispute")
    assert table.phase is Phase.PLAY
    assert table.score() is None


def test_law_68d_the_other_defender_disputes_then_the_director_awards() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "C"))
    table.decide("E", "dispute")  # West has not answered: East's doubt calls the Director
    table.decide("director", "1")
    assert (table.tricks_credited(Side.NS), table.tricks_credited(Side.EW)) == (10, 3)
    assert table.score() == SCORE[10]
    made = claim_of(table)
    assert made is not None
    assert (made.awarded, made.law) == (1, "70")


def test_law_68d_the_question_says_who_may_accept_and_who_may_dispute() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "C"))
    assert pending_decision(table) == ("W", "69", [("accept", "69A"), ("dispute", "70")])
    question = str(table.pending.question) if table.pending else ""
    assert "East" in question
    assert "dummy" in question
    table = _table()
    table.apply(ClaimEvent(Seat.EAST, 3))
    question = str(table.pending.question) if table.pending else ""
    assert pending_decision(table)[0] == "S"
    assert "Declarer" in question
    assert "dummy" in question


def test_law_68d_the_claimer_neither_accepts_nor_disputes_his_own_claim() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "C"))
    assert_refused(table, lambda: table.decide("S", "accept"), "West", "South")
    assert_refused(table, lambda: table.decide("S", "dispute"), "West", "South")
    assert_refused(table, lambda: table.decide("director", "dispute"), "West")


def test_law_68d_a_doubt_is_answered_only_while_the_claim_waits() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "C"))
    table.decide("W", "accept")
    # Agreed (69A): the claimer's side has no doubt left to raise; the defenders' prompt
    # objection is test_table_claims_law_69a_acquiescence's (69A), a later one 69B's.
    assert_refused(table, lambda: table.decide("N", "dispute"), "no decision")


def test_law_68d_dummy_disputes_a_defenders_claim_scenario() -> None:
    name = "law_68d_dummy_disputes_a_defenders_claim"
    table = replay_until(name, '"dispute"')
    assert pending_decision(table) == ("S", "69", [("accept", "69A"), ("dispute", "70")])
    table = replay_until(name, '"director"')
    assert rulings(table)[-1] == ("70", "N", "dispute")
    assert pending_decision(table)[:2] == ("director", "70")
    table = load_scenario(name)
    assert (table.tricks_credited(Side.NS), table.tricks_credited(Side.EW)) == (12, 1)
    assert table.score() == SCORE[12]


# -- Law 69A: the claimer's opponents accept ------------------------------------------------


def test_law_69a_either_defender_accepts_declarers_claim() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 2, "C"))
    table.decide("E", "accept")  # the defence is the contestant that acquiesces
    assert table.phase is Phase.COMPLETE
    assert rulings(table)[-1] == ("69A", "E", "accept")
    assert table.score() == SCORE[11]


def test_law_69a_dummy_and_the_claimers_partner_may_not_accept() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "C"))
    assert_refused(table, lambda: table.decide("N", "accept"), "North", "69A")
    table = _table()
    table.apply(ClaimEvent(Seat.EAST, 3))
    assert_refused(table, lambda: table.decide("N", "accept"), "North", "43A1")
    assert_refused(table, lambda: table.decide("W", "accept"), "West", "69A")
    table.decide("S", "accept")
    assert (table.tricks_credited(Side.NS), table.tricks_credited(Side.EW)) == (9, 4)
    assert table.score() == SCORE[9]


# -- Laws 69B, 71: the agreed result stands until the Director rescores ---------------------


@pytest.mark.parametrize(
    ("claimed", "reviewer", "law", "agreed"),
    [(3, Seat.EAST, "69B", 12), (1, Seat.NORTH, "71", 10)],
    ids=["69b", "71"],
)
def test_law_69b_71_the_agreed_result_stands_while_the_director_reviews(
    claimed: int, reviewer: Seat, law: str, agreed: int
) -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, claimed, "C"))
    table.decide("W", "accept")
    table.apply(ClaimReviewEvent(reviewer))
    assert pending_decision(table)[:2] == ("director", law)
    assert table.phase is Phase.COMPLETE
    assert (table.tricks_credited(Side.NS), table.tricks_credited(Side.EW)) == (agreed, 13 - agreed)
    assert table.score() == SCORE[agreed]
    made = claim_of(table)
    assert made is not None
    assert (made.awarded, made.law) == (claimed, "69A")
    # The log folds into the same table, pending review included.
    again = loads(dumps(table))
    assert report_snapshot(again) == report_snapshot(table)


def test_law_69b_the_director_rescores_once_only() -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.SOUTH, 3, "C"))
    table.decide("W", "accept")
    table.apply(ClaimReviewEvent(Seat.EAST))
    table.decide("director", "2")
    assert (table.tricks_credited(Side.NS), table.tricks_credited(Side.EW)) == (11, 2)
    assert table.score() == SCORE[11]


def test_law_71_the_agreed_result_stands_in_the_report_until_the_ruling() -> None:
    table = load(EXAMPLES / "claim-review-pending.jsonl")
    report = report_json(table)
    assert report["score_ns"] == SCORE[12]
    assert table.pending is not None
    assert table.pending.law == "69B"


@settings(max_examples=40, deadline=None)
@given(
    claimer=st.sampled_from(["S", "E", "W"]),
    claimed=st.integers(min_value=0, max_value=3),
    answer=st.sampled_from([(seat, choice) for seat in "NESW" for choice in ("accept", "dispute")]),
    award=st.integers(min_value=0, max_value=3),
    reviewer=st.sampled_from(list(Seat)),
)
def test_law_69_70_every_answer_leaves_thirteen_tricks_or_no_score(
    claimer: str, claimed: int, answer: tuple[str, str], award: int, reviewer: Seat
) -> None:
    table = _table()
    table.apply(ClaimEvent(Seat.from_str(claimer), claimed))
    seat, choice = answer
    apply_or_refused(table, DecisionEvent(seat, choice))
    apply_or_refused(table, DecisionEvent(DIRECTOR, str(award)))
    apply_or_refused(table, ClaimReviewEvent(reviewer))
    apply_or_refused(table, DecisionEvent(DIRECTOR, str(award)))
    credited = table.tricks_credited(Side.NS) + table.tricks_credited(Side.EW)
    score = table.score()
    assert (score is None) == (table.phase is not Phase.COMPLETE)
    assert score is None or credited == 13
    made = claim_of(table)
    if score is not None and made is not None and made.awarded is not None:
        ns = 9 + (made.awarded if made.side is Side.NS else 3 - made.awarded)
        assert table.tricks_credited(Side.NS) == ns
        assert score == SCORE[ns]
