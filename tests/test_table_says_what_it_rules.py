"""What the table says of its rulings: each option, each ruling, who acts, the result.

The director's table (``/director/table``), the ruling assistant and ``arbitro table
replay`` show what the engine gives: the Law 70 options each with its number of tricks,
the rulings with the sentence of the option chosen (never a choice's code), the one who
decides as the one who acts while a decision waits (27A, 29A), the declaring side's
tricks with any transfer stated (64A, 67B1), a penalty card's kind under Law 50B, and
calls and contracts with suit symbols (an impossible bid, Law 38, included).

The Spanish tests need the Spanish catalog's entries for the messages they show.
"""

from __future__ import annotations

import json

from arbitro.i18n import use_language
from arbitro.table import Table
from arbitro.table.events import event_from_json
from arbitro.table.log import loads
from arbitro.table.report import declarer_tricks_text, report_lines
from arbitro.web.director_table import table_view
from table_support import load_scenario

DEAL = "N:JT5..532.KQJ7642 A842.AT876.A84.8 3.J53.KQJT97.AT9 KQ976.KQ942.6.53"
"""The rehearsal's board 1: West bids 4H, East declares (hearts: C in Spanish)."""

PLAY_TO_CLAIM = "W:C3 N:C2 E:C8 S:DK W:D6 N:D2 E:DA E:HA S:H3 W:H2 N:C4"
REVOKE_PLAY = (
    "W:C3 N:C2 E:C8 S:DK W:D6 N:D2 E:DA E:HA S:H3 W:H2 N:C4 E:H6 S:H5 W:HK N:C6 "
    "W:HQ N:C7 E:H7 S:HJ W:C5 N:CJ E:H8 S:D9 E:D4 S:DQ W:H4 N:D3 W:SK N:S5 E:S2 S:S3"
)
"""South revokes in trick 6 (the D9 holding clubs); West's ruff in trick 7 establishes it."""


def _table(*events: dict[str, object]) -> Table:
    board = {"event": "board", "board": 1, "deal": DEAL, "dealer": "N", "vulnerable": "None"}
    table = loads(json.dumps(board) + "\n")
    for event in events:
        table.apply(event_from_json(event))
    return table


def _calls(table: Table, calls: str) -> None:
    for item in calls.split():
        seat, call = item.split(":")
        table.apply(event_from_json({"event": "call", "seat": seat, "call": call}))


def _plays(table: Table, cards: str) -> None:
    for item in cards.split():
        seat, card = item.split(":")
        table.apply(event_from_json({"event": "play", "seat": seat, "card": card}))


def _four_hearts_by_east() -> Table:
    table = _table()
    _calls(table, "N:1C E:1H S:Pass W:4H N:Pass E:Pass S:Pass")
    _plays(table, "S:CA")
    table.apply(event_from_json({"event": "face_lead"}))
    return table


def _disputed_claim() -> Table:
    table = _four_hearts_by_east()
    _plays(table, PLAY_TO_CLAIM)
    table.apply(event_from_json({"event": "claim", "seat": "E", "tricks": 10}))
    table.apply(event_from_json({"event": "decision", "by": "S", "choice": "dispute"}))
    return table


def _revoke_played_out() -> Table:
    table = _four_hearts_by_east()
    _plays(table, REVOKE_PLAY)
    table.apply(event_from_json({"event": "revoke", "seat": "S", "trick": 6}))
    while table.turn is not None and table.pending is None:
        table.play(table.turn, table.legal_cards()[0])
    return table


def test_law_70_each_award_option_says_its_number() -> None:
    table = _disputed_claim()
    decision = table.pending
    assert decision is not None
    assert decision.law == "70"
    texts = [option.localized() for option in decision.options]
    assert texts[:3] == [
        "0 tricks to the claimer's side",
        "1 trick to the claimer's side",
        "2 tricks to the claimer's side",
    ]
    assert len(set(texts)) == len(texts) == 11
    assert decision.options[10].to_json()["text"] == "10 tricks to the claimer's side"
    assert "  10 (Law 70): 10 tricks to the claimer's side" in report_lines(table)


def test_law_70_each_award_option_says_its_number_in_spanish() -> None:
    table = _disputed_claim()
    assert table.pending is not None
    with use_language("es"):
        texts = [option.localized() for option in table.pending.options]
    assert texts[1] == "1 baza para el bando del reclamante"
    assert texts[10] == "10 bazas para el bando del reclamante"


def test_law_70_award_ruling_shows_the_option_chosen() -> None:
    table = _disputed_claim()
    table.apply(event_from_json({"event": "decision", "by": "director", "choice": "9"}))
    assert str(table.rulings[-1]).startswith("Law 70 (Director: 9 tricks to the claimer's side): ")


def test_law_64a2_declarer_tricks_state_the_transfer() -> None:
    table = _revoke_played_out()
    assert [(t.law, t.tricks) for t in table.transfers] == [("64A2", 1)]
    text = declarer_tricks_text(table)
    assert text == "12 (11 + 1 transferred, Law 64A2)"
    assert f"Declarer's tricks: {text}" in report_lines(table)
    view = table_view(table, "en")
    assert view["declarer_tricks"] == text
    assert view["score"] == table.score() == -480


def test_law_64a2_declarer_tricks_state_the_transfer_in_spanish() -> None:
    table = _revoke_played_out()
    with use_language("es"):
        assert declarer_tricks_text(table) == "12 (11 + 1 trasladada, Artículo 64A2)"


def test_law_67b1b_declarer_tricks_state_the_transfer_of_the_defective_trick() -> None:
    table = load_scenario("law_67b1b_missing_card_noticed_at_end")
    # North, declarer, placed his missing card late: he revoked, and a trick goes over.
    assert declarer_tricks_text(table) == "12 (13 - 1 transferred, Law 64A2)"
    assert table.score() == 480


def test_declarer_tricks_without_a_transfer_are_a_number() -> None:
    table = _disputed_claim()
    table.apply(event_from_json({"event": "decision", "by": "director", "choice": "10"}))
    assert declarer_tricks_text(table) == "12"
    assert not any(line.startswith("Declarer's tricks") for line in report_lines(table))


def test_law_50b_penalty_card_cites_its_kind() -> None:
    table = _four_hearts_by_east()
    _plays(table, "W:C3 N:C2 E:C8")
    table.apply(event_from_json({"event": "exposed", "seat": "N", "cards": ["D2"]}))
    assert [str(r.message) for r in table.restrictions] == [
        "♦2 is a minor penalty card of North (Law 50B)"
    ]
    assert table.restrictions[0].law == "49"  # the exposure itself stays Law 49's
    assert str(table.rulings[-1]) == (
        "Law 49 (Director): the cards North exposed are penalty cards (Law 50)"
    )


def test_law_27b1a_ruling_shows_the_option_chosen_not_its_code() -> None:
    table = _table()
    _calls(table, "N:1C E:1H S:1D")
    table.apply(event_from_json({"event": "decision", "by": "W", "choice": "refuse"}))
    _calls(table, "S:2D")
    table.apply(event_from_json({"event": "decision", "by": "director", "choice": "27B1a"}))
    refused, replaced = (str(ruling) for ruling in table.rulings)
    assert refused.startswith("Law 27B (West: do not accept it: the offender replaces it): ")
    assert replaced.startswith(
        "Law 27B1a (Director: the lowest sufficient bid in the same strain, and neither bid "
        "is artificial: no rectification): "
    )
    assert "27B1a)" not in replaced
    assert table.rulings[-1].to_json()["option"] == (
        "the lowest sufficient bid in the same strain, and neither bid is artificial: "
        "no rectification"
    )
    assert table.rulings[-1].to_json()["choice"] == "27B1a"


def test_law_63b_ruling_made_by_the_laws_shows_no_code() -> None:
    table = _four_hearts_by_east()
    _plays(table, REVOKE_PLAY)
    table.apply(event_from_json({"event": "revoke", "seat": "S", "trick": 6}))
    assert str(table.rulings[-1]).startswith("Law 63B (Director): ")


def test_law_27a_the_one_who_decides_acts() -> None:
    table = _table()
    _calls(table, "N:1C E:1H S:1D")
    assert table.acting == "W"
    assert "   3. South  1♦  [waiting for the decision of West (Law 27)]" in report_lines(table)
    view = table_view(table, "en")
    assert (view["turn"], view["turn_label"]) == ("W", "W")
    table.apply(event_from_json({"event": "decision", "by": "W", "choice": "refuse"}))
    assert table.acting == "S"  # the offender replaces his bid
    _calls(table, "S:2D")
    assert table.acting == "director"
    assert table_view(table, "en")["turn_label"] == "the Director"


def test_law_29a_the_one_who_decides_acts() -> None:
    table = _table()
    _calls(table, "N:1C S:1D")
    assert table.acting == "W"
    assert "   2. South  1♦  [waiting for the decision of West (Law 29)]" in report_lines(table)
    with use_language("es"):
        assert table_view(table, "es")["turn_label"] == "O"


def test_contract_written_with_symbols_as_the_auction() -> None:
    table = _four_hearts_by_east()
    with use_language("es"):
        view = table_view(table, "es")
    assert view["contract"] == "4♥ E"
    assert view["auction"][3]["call"] == "4♥"
    assert table_view(table, "en")["contract"] == "4♥ E"


def test_law_38_bid_above_seven_shown_with_symbols() -> None:
    table = _table({"event": "call", "seat": "N", "call": "8C"})
    with use_language("es"):
        entry = table_view(table, "es")["auction"][0]
    assert (entry["call"], entry["law"]) == ("8♣", "38")
    assert not entry["red"]
