"""The director's outputs say what each figure and each Law code is.

The AEB's ruling report names the result the innocent side keeps and the likely result
Law 12C1e assigns for what each is (a table result kept under 12C1b is not "the most
favourable likely result"); the convention-card checks and the misinformation worksheet
give each Law code one meaning (75B a mistaken explanation, 75C a mistaken call, 21B1b
a mistaken explanation presumed); and the table-log guide says what the engine does
with a lead that breaks a Law 26 restriction: a revoke (61A).
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.card import Card
from arbitro.core.seat import Seat, Side
from arbitro.core.suit import Suit
from arbitro.scoring.results import Weighted
from arbitro.scoring.worksheet import Irregularity, Otherwise, Step, Worksheet
from arbitro.table import Table
from arbitro.table.agreements import Agreement, ConventionCard, check_alert, check_explanation
from arbitro.table.events import EXAMPLE_DEAL, AlertEvent, ExplanationEvent
from arbitro.tournament.judgement import Case, answer_misinformation
from arbitro.tournament.ruling_report import RulingReport
from table_support import assert_lead_revoke, replay_until

ROOT = Path(__file__).resolve().parent.parent

# -- The AEB's ruling report (Laws 12C1e, 12C1b) ---------------------------------------------

SCORES = st.sampled_from([-800, -500, -420, -200, -100, -50, 50, 100, 140, 420, 620])


def own(side: Side, ns_score: int) -> int:
    return ns_score if side is Side.NS else -ns_score


@given(
    offenders=st.sampled_from([Side.NS, Side.EW]),
    actual=SCORES,
    likely=st.lists(SCORES, min_size=1, max_size=3, unique=True),
    probable=st.lists(SCORES, max_size=2, unique=True),
    after=st.none() | SCORES,
)
def test_law_12c1e_report_names_the_likely_result_and_the_table_result_for_what_they_are(
    offenders: Side, actual: int, likely: list[int], probable: list[int], after: int | None
) -> None:
    innocent = Side.EW if offenders is Side.NS else Side.NS
    sheet = Worksheet(Irregularity.MISINFORMATION, offenders, actual)
    for _ in range(5):
        sheet = sheet.answer(True)
    weighted = Weighted(tuple((Fraction(1, len(likely)), score) for score in likely))
    case = Case(1, 1, sheet, "aeb", Otherwise(weighted, tuple(probable), after))
    try:
        ruling = case.ruling()
    except ValueError:
        return  # a partial consequent damage: scored in IMPs or matchpoints, no report line
    if ruling.stands:
        return
    lines = RulingReport(case).lines()
    # Law 12C1e's figures, North-South's: the innocent side's best likely result and the
    # offenders' worst result among the probable ones (the likely ones counted).
    best = max(likely, key=lambda score: own(innocent, score))
    worst = max([*likely, *probable], key=lambda score: own(innocent, score))
    [named] = [line for line in lines if "most favourable likely result" in line]
    assert f"innocent side ({innocent.localized()}) is {best:+d};" in named
    assert f"offenders is {worst:+d} (Law 12C1e)" in named
    kept = [line for line in lines if "keeps the table result" in line]
    damage = ruling.damage
    if damage is not None and damage.consequent == 0:
        # 12C1b: the innocent side keeps the table result, named as such, not as likely.
        [line] = kept
        assert f"table result, {actual:+d}, not the likely result, {best:+d};" in line
        innocent_view = ruling.result.ns if innocent is Side.NS else ruling.result.ew
        assert innocent_view == Weighted.single(actual)
    else:
        assert kept == []


def test_law_12c1b_aeb_report_of_the_commentary_case_keeps_minus_500_as_the_table_result() -> None:
    # Innocent North-South: -500 at the table after their own serious error; -100 was
    # likely without the infraction and +100 expected after it with normal play.
    sheet = Worksheet(Irregularity.MISINFORMATION, Side.EW, -500)
    for _ in range(5):
        sheet = sheet.answer(True)
    case = Case(1, 1, sheet, "aeb", Otherwise(Weighted.single(-100), (-50,), after=100))
    text = "\n".join(RulingReport(case).lines())
    assert "most favourable likely result, -500" not in text
    assert "the most favourable likely result for the innocent side (North-South) is -100" in text
    assert "it keeps the table result, -500, not the likely result, -100" in text


# -- One meaning per Law code (Laws 21B1b, 75B, 75C) -----------------------------------------

AUCTION = ("1NT", "Pass", "2D")
NATURAL = ConventionCard("NS", "Standard", (Agreement(AUCTION, "natural, to play"),))
SILENT = ConventionCard("NS", "Standard", ())


def law_75_table(explanation: str) -> Table:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NES", AUCTION, strict=True):
        table.call(seat, call)
    table.apply(AlertEvent(Seat.NORTH, 3))
    table.apply(ExplanationEvent(Seat.NORTH, 3, explanation, asked_by=Seat.WEST))
    return table


MEANINGS = {
    "75B": "mistaken explanation",
    "75C": "mistaken call",
    "21B1b": "mistaken explanation presumed",
}


def test_law_75_each_code_means_one_thing_in_the_checks_and_the_worksheet() -> None:
    seen: dict[str, set[str]] = {code: set() for code in MEANINGS}
    # The card silent on the call: both checks presume a mistaken explanation (21B1b).
    silent = law_75_table("strong, asks for majors")
    assert check_alert(SILENT, silent, 3) == "21B1b"
    presumed = check_explanation(SILENT, silent, 3)
    assert presumed.law == "21B1b"
    assert presumed.misinformation
    seen["21B1b"].add(MEANINGS["21B1b"])
    # The explanation departs from the card: a mistaken explanation, misinformation.
    departing = check_explanation(NATURAL, law_75_table("strong, asks for majors"), 3)
    assert departing.law == "75B"
    assert departing.misinformation
    seen["75B"].add(MEANINGS["75B"])
    # The explanation is the card's: the call was mistaken, no infraction.
    matching = check_explanation(NATURAL, law_75_table("Natural, to play."), 3)
    assert matching.law == "75C"
    assert not matching.misinformation
    seen["75C"].add(MEANINGS["75C"])
    # The worksheet: a "yes" to the first misinformation question (75B or 21B1b) is
    # misinformation, so the question cites those and not 75C; a "no" rules by 75C.
    step = Step.IRREGULARITY
    question = step.question(Irregularity.MISINFORMATION)
    assert "75C" not in question
    assert "75B" in question
    assert "21B1b" in question
    assert step.law(Irregularity.MISINFORMATION) in (departing.law, presumed.law)
    for check in (departing, presumed):
        sheet = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, 0), check)
        assert sheet.answers[0].yes
        for _ in range(4):
            sheet = sheet.answer(True)
        ruling = Case(1, 1, sheet, "aeb", Otherwise(Weighted.single(-100))).ruling()
        assert "75C" not in ruling.laws
    stands = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, 0), matching)
    assert stands.ruling(None).laws == ("75C",)
    assert RulingReport(Case(1, 1, stands)).lines()[-2].endswith("the score stands (Law 75C)")
    assert all(len(meanings) == 1 for meanings in seen.values())


def test_law_75_the_guide_gives_check_alert_the_code_check_explanation_gives() -> None:
    text = " ".join((ROOT / "docs" / "rulings-judgement.md").read_text(encoding="utf-8").split())
    alert = text[text.index("`check_alert(card, table, call_number)`") :]
    alert = alert[: alert.index("`check_explanation(")]
    assert "`21B1b` for a call the card does not cover" in alert
    assert "`75C`" not in alert.split("Each code has one meaning")[0]


# -- A lead that breaks a Law 26 restriction is a revoke (Law 61A) ---------------------------


def test_law_61a_lead_breaking_a_law_26_prohibition_is_a_revoke_as_the_guide_says() -> None:
    table = replay_until("law_26a2_forbid_suit", '"HQ"')
    assert not any(card.suit is Suit.CLUBS for card in table.legal_cards())
    revoked = assert_lead_revoke(table, "E", "C2")  # played, and recorded as a revoke
    assert revoked.current_trick[0] == (Seat.EAST, Card.from_str("C2"))
    guide = " ".join((ROOT / "docs" / "table-log.md").read_text(encoding="utf-8").split())
    assert not re.search(r"lead that breaks (it|a lead restriction) (is )?refused", guide)
    assert "a lead that breaks a Law 26 restriction" in guide
    sentence = guide[guide.index("a lead that breaks a Law 26 restriction") :][:300]
    assert "revoke (61A" in sentence
