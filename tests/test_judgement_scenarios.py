"""Judgement rulings from the facts to the score: Laws 16B, 16C2, 16D, 20F4-5, 21, 40B, 75.

Each scenario plays a real board at :class:`~arbitro.table.Table`: the auction with
the facts recorded as table events when they happen (a break in tempo, a reservation
of the right to call the Director, an alert given or omitted, an explanation and its
correction, a card seen, information from another table, a withdrawn call), then the
opening lead and a claim the defenders accept, and the table's own Law 77 score.
The Director's case follows (:class:`~arbitro.tournament.judgement.Case`): the facts
from the table log, the worksheet answered as a Director would (for misinformation
the first answer from the convention card, for one logical alternative a poll of
players), what would have happened otherwise; then the ruling's result is scored with
the board's other results by matchpoints (Law 78A: 2 for each result beaten, 1 for
each tie; with five tables the top is 8).

Every expected score is worked out by hand from Law 77 in the comment beside it:
a trick over six is worth 20 in a minor, 30 in a major, 40 then 30 in no trumps; a
part score adds 50, a game 300 not vulnerable and 500 vulnerable; an undertrick
costs 50 (100 vulnerable) undoubled, and 100, 200, 200 … doubled not vulnerable.
Boards 1, 5, 9 and 13 are dealt by North (Law 2): nobody, North-South, East-West
and both vulnerable.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from arbitro.core import Deal, Seat
from arbitro.core.seat import Side
from arbitro.laws.auction import read_call
from arbitro.laws.authority import authority
from arbitro.laws.defective import Provision, information_from_elsewhere
from arbitro.scoring.results import Average, Result, Weighted
from arbitro.scoring.session import BoardLine, TableResult, score_session
from arbitro.scoring.worksheet import Irregularity, Otherwise, Worksheet
from arbitro.table import Table
from arbitro.table.agreements import Agreement, ConventionCard, check_alert, check_explanation
from arbitro.table.auction_record import CallStatus
from arbitro.table.events import (
    AlertEvent,
    ChangeEvent,
    ClaimEvent,
    ExplanationEvent,
    FactEvent,
)
from arbitro.table.state import Phase
from arbitro.tournament.judgement import Case, answer_misinformation, facts_of
from arbitro.tournament.poll import Poll, PollAnswer, answer_alternatives
from table_support import next_seat

# North KQ863 A5 K94 863, East A2 KQJT94 T65 Q5, South JT74 862 A73 K72,
# West 95 73 QJ82 AJT94: North-South hold spades, East-West hearts.
DEAL_A = Deal.from_str("N:KQ863.A5.K94.863 A2.KQJT94.T65.Q5 JT74.862.A73.K72 95.73.QJ82.AJT94")
# Law 75's hand: North a 1NT opening, South weak with seven diamonds; West has four
# points, East sixteen.
DEAL_B = Deal.from_str("N:AQ4.KJ5.K6.AT863 KJT9.AQ84.A8.Q97 862.73.QJT9752.4 753.T962.43.KJ52")
# The same with East's and West's hands exchanged: West, who calls after South's 2D,
# has sixteen points and both majors.
DEAL_C = Deal.from_str("N:AQ4.KJ5.K6.AT863 753.T962.43.KJ52 862.73.QJT9752.4 KJT9.AQ84.A8.Q97")

STRONG = "strong, asks for majors"
NATURAL_2D = "natural, to play"
# North-South's card: 2D over 1NT is natural, to play, and not alerted.
NATURAL = ConventionCard(
    "NS",
    "Standard",
    (Agreement(("1NT",), "15-17 balanced"), Agreement(("1NT", "Pass", "2D"), NATURAL_2D)),
)
# The card of a pair for whom 2D over 1NT is the strong enquiry, alerted.
ARTIFICIAL = ConventionCard(
    "NS",
    "Standard",
    (Agreement(("1NT",), "15-17 balanced"), Agreement(("1NT", "Pass", "2D"), STRONG, alert=True)),
)
# A card that says nothing of 2D over 1NT.
SILENT = ConventionCard("NS", "Standard", (Agreement(("1NT",), "15-17 balanced"),))

WBF, AEB = "wbf", "aeb"


def bid(table: Table, *calls: str) -> None:
    """Each call in turn, from the player whose turn it is."""
    for call in calls:
        table.call(next_seat(table), call)


def claim(table: Table, lead: str, tricks: int) -> int | None:
    """The opening lead is made and faced, declarer claims ``tricks`` of the thirteen and
    conceded the rest, and his left-hand opponent accepts (Law 69A): the table's score."""
    leader = table.opening_leader
    declarer = table.declarer
    assert leader is not None
    assert declarer is not None
    table.play(leader, lead)
    table.face_lead()
    table.apply(ClaimEvent(declarer, tricks))
    decision = table.pending
    assert decision is not None
    table.decide(decision.decider, "accept")
    assert table.phase is Phase.COMPLETE
    return table.score()


def all_yes(sheet: Worksheet, *notes: str) -> Worksheet:
    for note in notes:
        sheet = sheet.answer(True, note)
    return sheet


def case(
    table: Table,
    sheet: Worksheet,
    profile: str,
    otherwise: Otherwise | None = None,
    poll: Poll | None = None,
) -> Case:
    number = table.number
    assert number is not None
    return Case(number, 1, sheet, profile, otherwise, poll, facts_of(table))


def board_lines(
    number: int, ruled: Result, field: Sequence[int], profile: str, ns: str = "1", ew: str = "2"
) -> list[BoardLine]:
    """The board scored by matchpoints: the ruled table (pairs ``ns`` and ``ew``) first,
    then the field's tables, pairs 3-4, 5-6, … with their North-South scores."""
    results = [TableResult(number, ns, ew, ruled)]
    for index, score in enumerate(field):
        results.append(
            TableResult(number, str(2 * index + 3), str(2 * index + 4), Result.played(score))
        )
    return score_session(results, profile=authority(profile)).boards[number]


def points(number: int, ruled: Result, field: Sequence[int], profile: str) -> tuple[object, ...]:
    """The ruled table's matchpoints: North-South's and East-West's."""
    line = board_lines(number, ruled, field, profile)[0]
    return line.ns_points, line.ew_points


# -- Law 16B: unauthorised information from partner -----------------------------------------


def test_law_16b1_slow_pass_then_bidding_on_poll_finds_pass_from_the_facts_to_the_score() -> None:
    table = Table(DEAL_A, number=1)
    bid(table, "1S", "2H", "2S", "3H", "Pass")
    table.apply(FactEvent("tempo", Seat.NORTH, noticed_by=Seat.EAST, text="20 seconds over 3H"))
    bid(table, "Pass", "3S", "Pass", "Pass", "Pass")
    # 3S by North, nine tricks, not vulnerable: 3 x 30 + 50 = +140.
    assert claim(table, "HK", 9) == 140

    poll = Poll(1, Seat.SOUTH, "3S", "1S 2H 2S 3H Pass Pass: South's call")
    for name, chosen, considered in (
        ("ana", "Pass", ("3S",)),
        ("luis", "3S", ("Pass",)),
        ("eva", "Pass", ()),
        ("juan", "3S", ()),
        ("rosa", "Pass", ("3S",)),
    ):
        poll = poll.add(PollAnswer(name, chosen, considered))
    sheet = all_yes(
        Worksheet(Irregularity.UNAUTHORISED, Side.NS, actual=140),
        "North thought twenty seconds before passing 3H",
        "a slow pass shows values to spare: it suggests bidding on",
    )
    sheet = all_yes(
        answer_alternatives(sheet, poll), "South bid 3S", "3S made where 3H would have made"
    )
    # Pass: considered by 4 of 5, chosen by 3: a logical alternative (16B1b).
    assert poll.logical_alternatives() == ("Pass",)
    assert sheet.answers[2].yes
    # Otherwise 3H by East makes nine tricks, not vulnerable: 90 + 50, North-South -140.
    the_case = case(table, sheet, WBF, Otherwise(Weighted.single(-140)), poll)
    assert [fact.law for fact in the_case.facts] == ["16B1"]
    assert '"20 seconds over 3H"' in the_case.facts[0].text
    ruling = the_case.ruling()
    assert ruling.result == Result.played(-140)
    assert ruling.laws == ("16B1", "12C1a")
    record = the_case.record()
    assert record.law == "16B1, 12C1a"
    assert "logical alternatives: Pass (poll of 5 players" in record.text
    assert record.text.splitlines()[-1] == "Result: -140 (assigned score, Laws 16B1, 12C1a)"
    # North-South -140 against +140, +110, -110, -140: one tie, 1; East-West 8 - 1 = 7.
    assert points(1, ruling.result, [140, 110, -110, -140], WBF) == (1, 7)


def test_law_16b2_right_reserved_after_a_slow_pass_partner_reopens_from_the_facts_to_the_score() -> (
    None
):
    table = Table(DEAL_A, number=5)
    bid(table, "1S", "2H", "2S", "Pass")
    table.apply(
        FactEvent("tempo", Seat.WEST, noticed_by=Seat.NORTH, reserved=True, text="long pause")
    )
    bid(table, "Pass", "3H", "Pass", "Pass", "Pass")
    # 3H by East, nine tricks, East-West not vulnerable: 90 + 50, North-South -140.
    assert claim(table, "SJ", 9) == -140

    sheet = all_yes(
        Worksheet(Irregularity.UNAUTHORISED, Side.EW, actual=-140),
        "West paused before passing 2S; North reserved the right to call the Director",
        "the slow pass shows values: it suggests competing",
        "pass is a logical alternative to 3H",
        "East bid 3H",
        "3H made where 2S would have made",
    )
    # Otherwise 2S by North makes eight tricks, vulnerable: 60 + 50 = +110. The AEB
    # applies 12C1e: one likely result, so +110 for both sides.
    the_case = case(table, sheet, AEB, Otherwise(Weighted.single(110)))
    assert [fact.law for fact in the_case.facts] == ["16B2"]
    ruling = the_case.ruling()
    assert ruling.result == Result.played(110)
    assert ruling.laws == ("16B1", "12C1e")
    # +110 against +110, +140, -140, -100: beats two (4), ties one (1): 5; East-West 3.
    assert points(5, ruling.result, [110, 140, -140, -100], AEB) == (5, 3)


def test_law_16b3_slow_double_pulled_director_called_after_play_from_the_facts_to_the_score() -> (
    None
):
    table = Table(DEAL_A, number=9)
    bid(table, "1S", "2H", "3S", "4H", "4S", "X")
    table.apply(FactEvent("tempo", Seat.EAST, noticed_by=Seat.SOUTH, text="slow double of 4S"))
    bid(table, "Pass", "5H", "X", "Pass", "Pass", "Pass")
    # 5H doubled by East, ten tricks, East-West vulnerable: one down doubled is 200,
    # North-South +200.
    assert claim(table, "SJ", 10) == 200

    # South called the Director at the end of play (16B3): no reservation was made.
    sheet = all_yes(
        Worksheet(Irregularity.UNAUTHORISED, Side.EW, actual=200),
        "East doubled 4S after a long hesitation",
        "a slow double suggests removing it",
        "pass is a logical alternative to 5H",
        "West bid 5H",
        "5H doubled one down instead of defending 4S doubled",
    )
    # Otherwise 4S doubled by North, not vulnerable, either made (2 x 120 = 240, game
    # 300, 50 for the double: +590) or one down (-100): half each (12C1c).
    half = Fraction(1, 2)
    likely = Weighted(((half, 590), (half, -100)))
    the_case = case(table, sheet, WBF, Otherwise(likely))
    assert [fact.law for fact in the_case.facts] == ["16B1"]
    ruling = the_case.ruling()
    assert ruling.result == Result.weighted(likely)
    assert ruling.laws == ("16B1", "12C1c")
    # Against +420, +590, -100, +100: half of +590 (beats three, ties one: 7) and half
    # of -100 (ties one: 1) is 4; East-West half of 1 and half of 7: 4.
    assert points(9, ruling.result, [420, 590, -100, 100], WBF) == (4, 4)


# -- Law 16C: information from another table or a card seen ---------------------------------


def test_law_16c2a_players_switched_to_hold_the_hand_heard_about_from_the_facts_to_the_score() -> (
    None
):
    table = Table(DEAL_A, number=13)
    table.apply(FactEvent("other_table", Seat.WEST, text="heard that North has five spades to KQ"))
    board = information_from_elsewhere(remedy="16C2a")
    assert (board.provision, board.play_on, board.adjusted) == (Provision.SWITCH_SEATS, True, False)
    # West now holds North's hand: pair 2 plays the North-South cards, pair 1 East-West.
    bid(table, "1S", "2H", "2S", "3H", "Pass", "Pass", "Pass")
    # 3H by East, eight tricks, vulnerable: one down, North-South +100.
    assert claim(table, "SJ", 8) == 100

    sheet = Worksheet(Irregularity.UNAUTHORISED, Side.EW, actual=100).answer(
        False, "after the switch (16C2a) West holds the hand he heard about"
    )
    the_case = case(table, sheet, WBF)
    assert [fact.law for fact in the_case.facts] == ["16C2"]
    ruling = the_case.ruling()
    assert ruling.stands
    assert ruling.result == Result.played(100)
    results = board_lines(13, ruling.result, [110, -140, 100, -100], WBF, ns="2", ew="1")
    line = results[0]
    # Pair 2 sat North-South: +100 beats -140 and -100 (4), ties +100 (1): 5; pair 1 3.
    assert (line.ns, line.ns_points, line.ew, line.ew_points) == ("2", 5, "1", 3)


def test_law_16c2b_card_seen_before_the_auction_board_redealt_from_the_facts_to_the_score() -> None:
    seen = Table(DEAL_A, number=1)
    seen.apply(FactEvent("card_seen", Seat.SOUTH, text="West's ace of clubs, as he sorted"))
    board = information_from_elsewhere(remedy="16C2b")
    assert (board.provision, board.play_on) == (Provision.REDEAL, True)
    assert seen.auction == ()
    assert seen.score() is None
    # Board 1 had not been played yet: it is redealt, and the field plays the new deal.
    table = Table(DEAL_C, number=1)
    bid(table, "1NT", "Pass", "2D", "X", "Pass", "2H", "3D", "3H", "Pass", "Pass", "Pass")
    # 3H by East, ten tricks, not vulnerable: 90 + 30 + 50 = 170, North-South -170.
    assert claim(table, "C4", 10) == -170

    sheet = Worksheet(Irregularity.UNAUTHORISED, Side.NS, actual=-170).answer(
        False, "the card seen was of the old deal (16C2b)"
    )
    the_case = Case(1, 1, sheet, WBF, facts=facts_of(seen))
    assert [fact.law for fact in the_case.facts] == ["16C2"]
    ruling = the_case.ruling()
    assert ruling.result == Result.played(-170)
    # -170 against -170, -140, -620, +110: beats -620 (2), ties -170 (1): 3; East-West 5.
    assert points(1, ruling.result, [-170, -140, -620, 110], WBF) == (3, 5)


def test_law_16c2c_heard_the_result_play_on_and_adjust_from_the_facts_to_the_score() -> None:
    table = Table(DEAL_A, number=1)
    table.apply(FactEvent("other_table", Seat.WEST, text="'four hearts, just made' next door"))
    board = information_from_elsewhere(remedy="16C2c")
    assert (board.provision, board.play_on, board.adjusted) == (
        Provision.PLAY_MAY_ADJUST,
        True,
        None,
    )
    bid(table, "1S", "2H", "2S", "4H", "Pass", "Pass", "Pass")
    # 4H by East, ten tricks, not vulnerable: 120 + 300, North-South -420.
    assert claim(table, "SJ", 10) == -420

    sheet = all_yes(
        Worksheet(Irregularity.UNAUTHORISED, Side.EW, actual=-420),
        "West heard that 4H made before the auction",
        "it suggests bidding the game",
        "3H is a logical alternative with two trumps and seven points",
        "West bid 4H",
        "4H made where 3H would have made ten tricks",
    )
    # Otherwise 3H+1 by East: 90 + 30 + 50 = 170, North-South -170.
    the_case = case(table, sheet, WBF, Otherwise(Weighted.single(-170)))
    assert [fact.law for fact in the_case.facts] == ["16C2"]
    ruling = the_case.ruling()
    assert ruling.result == Result.played(-170)
    # -170 against -420, -170, -140, +140: beats -420 (2), ties -170 (1): 3; East-West 5.
    assert points(1, ruling.result, [-420, -170, -140, 140], WBF) == (3, 5)


def test_law_16c2d_result_announced_nearby_artificial_score_from_the_facts_to_the_score() -> None:
    table = Table(DEAL_A, number=1)
    table.apply(FactEvent("other_table", Seat.EAST, text="the next table's result, aloud"))
    board = information_from_elsewhere(remedy="16C2d")
    assert (board.provision, board.play_on, board.adjusted) == (
        Provision.ARTIFICIAL_SCORE,
        False,
        True,
    )
    assert [fact.law for fact in facts_of(table)] == ["16C2"]
    assert table.score() is None
    # Neither side at fault: average plus to both (12C2a), 60% under the WBF profile.
    plus = Average.from_str("A+")
    ruled = Result.artificial(plus, plus)
    lines = board_lines(1, ruled, [140, 110, -110, -140], WBF)
    # Top 8 for five tables: 60% of 8 is 24/5 for each side.
    assert (lines[0].ns_points, lines[0].ew_points) == (Fraction(24, 5), Fraction(24, 5))
    assert lines[0].top == 8
    assert lines[0].ns_points * 100 / lines[0].top == 60
    # The four results played are scored among themselves (top 6) and brought to five
    # by Neuberg: +140 beats three (6): (6 + 1) x 5 / 4 - 1 = 31/4.
    assert lines[1].ns_points == Fraction(31, 4)


# -- Law 16D: information from a withdrawn call ---------------------------------------------


def test_law_16d_cancelled_change_of_call_then_partner_bids_it_from_the_facts_to_the_score() -> (
    None
):
    table = Table(DEAL_A, number=1)
    bid(table, "1S", "2H", "3NT")
    table.change(Seat.SOUTH, "4S")
    table.decide("director", "25B")  # an intended change
    table.decide(Seat.WEST, "refuse")  # 25B2: the 3NT stands, 4S is cancelled
    cancelled = table.auction[3]
    # The cancelled 4S is unauthorised information for North-South (16D2).
    assert (str(cancelled.call), cancelled.status, cancelled.law, cancelled.unauthorized_for) == (
        "4S",
        CallStatus.CANCELLED,
        "25B2",
        Side.NS,
    )
    assert str(table.auction[2].call) == "3NT"
    assert table.auction[2].status is CallStatus.STANDING
    bid(table, "Pass", "4S", "Pass", "Pass", "Pass")
    # 4S by North, ten tricks, not vulnerable: 120 + 300 = +420.
    assert claim(table, "HK", 10) == 420

    sheet = all_yes(
        Worksheet(Irregularity.UNAUTHORISED, Side.NS, actual=420),
        "South's cancelled 4S is unauthorised for North (16D2, 25B3)",
        "it shows spade support: it suggests 4S",
        "pass of 3NT is a logical alternative with a minimum opening",
        "North bid 4S",
        "4S made where 3NT goes down",
    )
    # Otherwise 3NT by South, a heart lead, one down not vulnerable: -50.
    the_case = case(table, sheet, WBF, Otherwise(Weighted.single(-50)))
    # The cancelled call is the case's fact, from the log (16D2).
    assert [(fact.law, fact.text) for fact in the_case.facts] == [
        (
            "16D",
            "4♠ by South, cancelled (Law 25B2): its information is unauthorised for North-South",
        )
    ]
    ruling = the_case.ruling()
    assert ruling.result == Result.played(-50)
    # -50 against +420, +450, -50, +140: ties -50 (1): 1; East-West 7.
    assert points(1, ruling.result, [420, 450, -50, 140], WBF) == (1, 7)


# -- Laws 20F4-5 and 21: explanations corrected, calls changed ------------------------------


def law_75_auction(table: Table, *, corrected_at_once: bool = False) -> None:
    """1NT Pass 2D: North alerts and explains 2D to West as strong, asking for majors."""
    bid(table, "1NT", "Pass", "2D")
    table.apply(AlertEvent(Seat.NORTH, 3))
    table.apply(ExplanationEvent(Seat.NORTH, 3, STRONG, asked_by=Seat.WEST))
    if corrected_at_once:
        table.apply(FactEvent("correction", Seat.NORTH, call_number=3, text=NATURAL_2D))


def test_law_20f4_explanation_corrected_before_west_called_from_the_facts_to_the_score() -> None:
    table = Table(DEAL_C, number=1)
    law_75_auction(table, corrected_at_once=True)
    # The unexpected alert is a mistaken explanation (20F5a) and extraneous information
    # for South (16B1).
    assert check_alert(NATURAL, table, 3) == "20F5a"
    bid(table, "X", "Pass", "2H", "3D", "3H", "Pass", "Pass", "Pass")
    # 3H by East, ten tricks, not vulnerable: 90 + 30 + 50, North-South -170.
    assert claim(table, "C4", 10) == -170

    check = check_explanation(NATURAL, table, 3)
    assert check.law == "75B"
    sheet = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, -170), check)
    sheet = all_yes(sheet, "2D natural tells West to compete", "a double")
    sheet = sheet.answer(False, "North corrected at once (20F4): West doubled knowing")
    the_case = case(table, sheet, WBF)
    assert [fact.law for fact in the_case.facts] == ["20F4"]
    ruling = the_case.ruling()
    assert ruling.stands
    assert ruling.result == Result.played(-170)
    # -170 against -170, -170, +110, -620: beats -620 (2), ties two (2): 4; East-West 4.
    assert points(1, ruling.result, [-170, -170, 110, -620], WBF) == (4, 4)


def test_law_20f5_partner_corrects_after_the_auction_before_the_lead_from_the_facts_to_the_score() -> (
    None
):
    table = Table(DEAL_B, number=5)
    law_75_auction(table)
    bid(table, "Pass", "2NT", "Pass", "3D", "Pass", "Pass", "Pass")
    assert table.phase is Phase.OPENING_LEAD
    # South, declarer, corrects North's explanation before the opening lead (20F5b).
    table.apply(FactEvent("correction", Seat.SOUTH, call_number=3, text=NATURAL_2D))
    # 3D by South, nine tricks, vulnerable: 60 + 50 = +110.
    assert claim(table, "HT", 9) == 110

    check = check_explanation(NATURAL, table, 3)
    sheet = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, 110), check)
    assert sheet.answers[0].yes
    sheet = sheet.answer(False, "West, with four points, passes 2D whatever it means")
    the_case = case(table, sheet, WBF)
    assert [fact.law for fact in the_case.facts] == ["20F5b"]
    ruling = the_case.ruling()
    assert ruling.stands
    assert ruling.result == Result.played(110)
    # +110 against +130, +110, +90, -100: beats two (4), ties one (1): 5; East-West 3.
    assert points(5, ruling.result, [130, 110, 90, -100], WBF) == (5, 3)


def test_law_21a_own_misunderstanding_of_an_unalerted_call_from_the_facts_to_the_score() -> None:
    table = Table(DEAL_C, number=1)
    # West took 2D for a transfer, as in his own system, and did not ask.
    bid(table, "1NT", "Pass", "2D", "Pass", "Pass", "Pass")
    assert check_alert(NATURAL, table, 3) is None
    # 2D by South, eight tricks, not vulnerable: 40 + 50 = +90.
    assert claim(table, "HA", 8) == 90

    sheet = Worksheet(Irregularity.MISINFORMATION, Side.NS, 90).answer(
        False, "2D natural is not alerted; West acted on his own misunderstanding (21A)"
    )
    ruling = case(table, sheet, WBF).ruling()
    assert ruling.stands
    assert ruling.result == Result.played(90)
    # +90 against +90, -140, -170, +110: beats two (4), ties one (1): 5; East-West 3.
    assert points(1, ruling.result, [90, -140, -170, 110], WBF) == (5, 3)


def test_law_21b1a_pass_changed_after_the_corrected_explanation_from_the_facts_to_the_score() -> (
    None
):
    table = Table(DEAL_C, number=9)
    law_75_auction(table)
    bid(table, "Pass")
    table.apply(FactEvent("correction", Seat.NORTH, call_number=3, text=NATURAL_2D))
    table.apply(ChangeEvent(Seat.WEST, read_call("X"), misinformation=True))
    table.decide("director", "21B1")
    west = [entry for entry in table.auction if entry.seat is Seat.WEST]
    assert (str(west[0].call), west[0].status, west[0].unauthorized_for) == (
        "Pass",
        CallStatus.WITHDRAWN,
        Side.NS,
    )
    bid(table, "Pass", "2H", "3D", "3H", "Pass", "Pass", "Pass")
    # 3H by East, ten tricks, East-West vulnerable: 90 + 30 + 50, North-South -170.
    assert claim(table, "C4", 10) == -170

    check = check_explanation(NATURAL, table, 3)
    sheet = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, -170), check)
    sheet = all_yes(sheet, "2D natural tells West to compete", "a double")
    sheet = sheet.answer(False, "West changed his pass to a double (21B1a)")
    the_case = case(table, sheet, WBF)
    # The correction, and West's withdrawn pass: unauthorised for North-South (21B2, 16D).
    assert [fact.law for fact in the_case.facts] == ["20F4", "16D"]
    assert "unauthorised for North-South" in the_case.facts[1].text
    ruling = the_case.ruling()
    assert ruling.stands
    # -170 against -140, -620, +110, -200: beats -620 and -200 (4): 4; East-West 4.
    assert points(9, ruling.result, [-140, -620, 110, -200], WBF) == (4, 4)


def test_law_21b1b_card_silent_mistaken_explanation_presumed_from_the_facts_to_the_score() -> None:
    table = Table(DEAL_C, number=13)
    law_75_auction(table)
    bid(table, "Pass", "2NT", "Pass", "3D", "Pass", "Pass", "Pass")
    table.apply(FactEvent("correction", Seat.SOUTH, call_number=3, text=NATURAL_2D))
    # 3D by South, nine tricks, vulnerable: 60 + 50 = +110.
    assert claim(table, "SK", 9) == 110

    # The card is silent on 2D: without evidence, a mistaken explanation is presumed.
    check = check_explanation(SILENT, table, 3)
    assert check.agreement is None
    assert check.misinformation
    sheet = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, 110), check)
    sheet = all_yes(sheet, "2D natural tells West to compete", "a double", "West passed", "3D made")
    # Otherwise West doubles and East plays in hearts, all vulnerable: 4H made
    # (120 + 500 = 620) or 3H+1 (90 + 30 + 50 = 170), half each: North-South -620 / -170.
    half = Fraction(1, 2)
    likely = Weighted(((half, -620), (half, -170)))
    the_case = case(table, sheet, WBF, Otherwise(likely))
    assert [fact.law for fact in the_case.facts] == ["20F5b"]
    ruling = the_case.ruling()
    assert ruling.result == Result.weighted(likely)
    assert ruling.laws == ("21B3", "12C1c")
    # Against -620, -170, +110, -100: half of -620 (ties one: 1) and half of -170
    # (beats -620, ties -170: 3) is 2; East-West half of 7 and half of 5: 6.
    assert points(13, ruling.result, [-620, -170, 110, -100], WBF) == (2, 6)


def test_law_21b2_offender_withdraws_his_call_after_the_change_from_the_facts_to_the_score() -> (
    None
):
    table = Table(DEAL_C, number=5)
    law_75_auction(table)
    bid(table, "Pass", "2NT")
    table.apply(FactEvent("correction", Seat.NORTH, call_number=3, text=NATURAL_2D))
    table.apply(ChangeEvent(Seat.WEST, read_call("X"), misinformation=True))
    table.decide("director", "21B1")
    table.decide(Seat.NORTH, "withdraw")  # 21B2: North calls again over the double
    withdrawn = [
        (str(entry.call), entry.unauthorized_for)
        for entry in table.auction
        if entry.status is CallStatus.WITHDRAWN
    ]
    assert withdrawn == [("Pass", Side.NS), ("2NT", Side.NS)]
    bid(table, "Pass", "2H", "3D", "3H", "Pass", "Pass", "Pass")
    # 3H by East, ten tricks, East-West not vulnerable: 90 + 30 + 50, North-South -170.
    assert claim(table, "C4", 10) == -170

    check = check_explanation(NATURAL, table, 3)
    sheet = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, -170), check)
    sheet = all_yes(sheet, "2D natural tells West to compete", "a double")
    sheet = sheet.answer(False, "West changed his pass (21B1), North his 2NT (21B2)")
    ruling = case(table, sheet, WBF).ruling()
    assert ruling.stands
    # -170 against -170, -140, +110, +130: ties one (1): 1; East-West 7.
    assert points(5, ruling.result, [-170, -140, 110, 130], WBF) == (1, 7)


def test_law_21b3_corrected_too_late_to_change_a_call_from_the_facts_to_the_score() -> None:
    table = Table(DEAL_C, number=9)
    law_75_auction(table)
    bid(table, "Pass", "2NT", "Pass", "3D", "Pass", "Pass", "Pass")
    table.play(Seat.WEST, "SK")
    table.face_lead()
    # North, dummy, sees the 2D and corrects his own explanation: too late for West.
    table.apply(FactEvent("correction", Seat.NORTH, call_number=3, text=NATURAL_2D))
    table.apply(ClaimEvent(Seat.SOUTH, 9))
    table.decide(Seat.WEST, "accept")
    # 3D by South, nine tricks, not vulnerable: 60 + 50 = +110.
    assert table.score() == 110

    check = check_explanation(NATURAL, table, 3)
    sheet = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, 110), check)
    sheet = all_yes(sheet, "2D natural tells West to compete", "a double", "West passed", "3D made")
    # Otherwise, East-West vulnerable: 3H+1 by East likely (90 + 30 + 50: North-South
    # -170), 4H made probable (120 + 500: -620). The AEB's 12C1e gives East-West the
    # better likely result (-170) and North-South the worse probable one (-620).
    the_case = case(table, sheet, AEB, Otherwise(Weighted.single(-170), probable=(-620,)))
    assert [fact.law for fact in the_case.facts] == ["20F4"]
    assert the_case.facts[0].text.endswith(f'"{NATURAL_2D}"')
    ruling = the_case.ruling()
    assert ruling.result == Result.split(-620, 170)
    assert ruling.laws == ("21B3", "12C1e")
    # North-South -620 against +110, -170, -620, +130: ties one (1): 1. East-West,
    # scored as -170 for North-South, against the same: beats +110 and +130 (4), ties
    # -170 (1): 5.
    assert points(9, ruling.result, [110, -170, -620, 130], AEB) == (1, 5)


# -- Law 40B: alerts and partnership experience ----------------------------------------------

FIT_JUMP = ConventionCard(
    "EW",
    "Standard",
    (Agreement(("1S", "2H", "2S", "3C"), "clubs and heart support, forcing", alert=True),),
)


def test_law_40b4_alertable_fit_jump_not_alerted_from_the_facts_to_the_score() -> None:
    table = Table(DEAL_A, number=1)
    bid(table, "1S", "2H", "2S", "3C", "Pass", "3H", "Pass", "Pass", "Pass")
    # East did not alert 3C; the East-West card says it is alerted.
    assert check_alert(FIT_JUMP, table, 4) == "40B4"
    # 3H by East, nine tricks, not vulnerable: 90 + 50, North-South -140.
    assert claim(table, "SJ", 9) == -140

    sheet = Worksheet(Irregularity.MISINFORMATION, Side.EW, actual=-140)
    sheet = all_yes(
        sheet,
        "3C, alertable on the East-West card, was not alerted (40B4)",
        "alerted, it shows North a heart fit",
        "3S",
        "North passed, taking East-West for a misfit",
        "3S makes",
    )
    # Otherwise 3S by North, nine tricks, not vulnerable: 90 + 50 = +140.
    the_case = case(table, sheet, WBF, Otherwise(Weighted.single(140)))
    assert the_case.facts == ()
    ruling = the_case.ruling()
    assert ruling.result == Result.played(140)
    assert ruling.laws == ("21B3", "12C1a")
    # +140 against +140, +110, -140, -110: beats three (6), ties one (1): 7; East-West 1.
    assert points(1, ruling.result, [140, 110, -140, -110], WBF) == (7, 1)


def test_law_40b6_undisclosed_partnership_experience_from_the_facts_to_the_score() -> None:
    table = Table(DEAL_A, number=1)
    bid(table, "1S", "2H", "2S")
    table.apply(ExplanationEvent(Seat.NORTH, 3, "natural raise, three trumps, 6-9", Seat.WEST))
    bid(table, "3H", "X", "Pass", "Pass", "Pass")
    # 3H doubled by East, seven tricks, not vulnerable: 100 + 200, North-South +300.
    assert claim(table, "SJ", 7) == 300

    # The Director finds that South often raises with four trumps (partnership
    # experience, 40A1a), which North did not disclose (40B6a).
    experience = ConventionCard(
        "NS",
        "Standard",
        (Agreement(("1S", "2H", "2S"), "natural raise, 6-9, often four trumps"),),
    )
    check = check_explanation(experience, table, 3, matches=False)
    assert check.law == "75B"
    sheet = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, 300), check)
    sheet = all_yes(
        sheet, "nine trumps tell West not to compete", "pass", "West bid 3H", "3H doubled -2"
    )
    # Otherwise 2S by North: 2S+1 (60 + 30 + 50 = +140)
    # likely, 2S= (60 + 50 = +110) probable. 12C1e: East-West get +140 (their best
    # likely), North-South +110 (their worst probable).
    the_case = case(table, sheet, AEB, Otherwise(Weighted.single(140), probable=(110,)))
    ruling = the_case.ruling()
    assert ruling.result == Result.split(110, -140)
    # North-South +110 against +140, +110, +300, -140: beats one (2), ties one (1): 3.
    # East-West, scored as +140, against the same: beats +300 (2), ties +140 (1): 3.
    assert points(1, ruling.result, [140, 110, 300, -140], AEB) == (3, 3)


# -- Law 75: the explanation, the agreement and the call ------------------------------------


def test_law_75a_explanation_heard_by_the_caller_is_ui_for_him_from_the_facts_to_the_score() -> (
    None
):
    table = Table(DEAL_B, number=1)
    law_75_auction(table)
    bid(table, "Pass", "2NT", "Pass", "3D", "Pass", "Pass", "Pass")
    table.apply(FactEvent("correction", Seat.SOUTH, call_number=3, text=NATURAL_2D))
    # 3D by South, nine tricks, not vulnerable: 60 + 50 = +110.
    assert claim(table, "HT", 9) == 110

    sheet = all_yes(
        Worksheet(Irregularity.UNAUTHORISED, Side.NS, actual=110),
        "South heard North explain his 2D as strong (75A)",
        "it tells South that 2NT denies a major: it suggests signing off in 3D",
        "3NT: 2NT must be taken as a maximum inviting game opposite a weak 2D",
        "South bid 3D",
        "3D made where 3NT goes down",
    )
    # Otherwise 3NT by North, one down not vulnerable: -50.
    the_case = case(table, sheet, WBF, Otherwise(Weighted.single(-50)))
    assert [fact.law for fact in the_case.facts] == ["20F5b"]
    ruling = the_case.ruling()
    assert ruling.result == Result.played(-50)
    assert ruling.laws == ("16B1", "12C1a")
    # -50 against +110, +130, -50, -100: beats -100 (2), ties -50 (1): 3; East-West 5.
    assert points(1, ruling.result, [110, 130, -50, -100], WBF) == (3, 5)


def test_law_75b_card_says_natural_the_explanation_was_mistaken_from_the_facts_to_the_score() -> (
    None
):
    table = Table(DEAL_C, number=1)
    law_75_auction(table)
    bid(table, "Pass", "2NT", "Pass", "3D", "Pass", "Pass", "Pass")
    table.apply(FactEvent("correction", Seat.SOUTH, call_number=3, text=NATURAL_2D))
    # 3D by South, nine tricks, not vulnerable: 60 + 50 = +110.
    assert claim(table, "SK", 9) == 110

    check = check_explanation(NATURAL, table, 3)
    assert check.law == "75B"
    sheet = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, 110), check)
    assert f"'{NATURAL_2D}'" in sheet.answers[0].note
    sheet = all_yes(sheet, "2D natural tells West to compete", "a double", "West passed", "3D made")
    # Otherwise West doubles and East plays 3H+1 not vulnerable: 90 + 30 + 50 = 170,
    # North-South -170.
    the_case = case(table, sheet, WBF, Otherwise(Weighted.single(-170)))
    ruling = the_case.ruling()
    assert ruling.result == Result.played(-170)
    assert ruling.laws == ("21B3", "12C1a")
    # -170 against +110, -170, -140, +130: ties one (1): 1; East-West 7.
    assert points(1, ruling.result, [110, -170, -140, 130], WBF) == (1, 7)


def test_law_75c_card_says_strong_the_call_was_mistaken_from_the_facts_to_the_score() -> None:
    table = Table(DEAL_C, number=5)
    law_75_auction(table)
    # South forgot the agreement; he does not correct North's explanation (75C).
    assert check_alert(ARTIFICIAL, table, 3) is None
    bid(table, "Pass", "2NT", "Pass", "3D", "Pass", "Pass", "Pass")
    # 3D by South, nine tricks, vulnerable: 60 + 50 = +110.
    assert claim(table, "SK", 9) == 110

    check = check_explanation(ARTIFICIAL, table, 3)
    assert check.law == "75C"
    sheet = answer_misinformation(Worksheet(Irregularity.MISINFORMATION, Side.NS, 110), check)
    the_case = case(table, sheet, WBF)
    assert the_case.facts == ()
    ruling = the_case.ruling()
    assert ruling.stands
    assert ruling.laws == ("75C",)
    # +110 against +110, -170, -620, +130: beats two (4), ties one (1): 5; East-West 3.
    assert points(5, ruling.result, [110, -170, -620, 130], WBF) == (5, 3)
