"""LIN (BBO) files: the shared example read, written and read back, boards replayed at a table.

The played boards are checked against the Laws they go through: the auction (Law 17-22),
alerts and explanations (20F), the play (44) and the score (77).
"""

from __future__ import annotations

import contextlib
import io
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core import Card, Deal, Hand, Seat, Side, Vulnerability
from arbitro.core.call import PASS, Call
from arbitro.formats import convert, format_for
from arbitro.formats.lin import (
    LinBoard,
    LinCall,
    LINSyntaxError,
    LinTableError,
    dump,
    dumps,
    from_table,
    load,
    loads,
    to_table,
)
from arbitro.formats.lin.text import write_call
from arbitro.table import Phase, Table
from arbitro.table.events import AlertEvent, ExplanationEvent

DATA = Path(__file__).resolve().parent / "data"
EXAMPLE = DATA / "lin" / "endplay" / "example1.lin"


def test_lin_example_file_is_read_board_by_board() -> None:
    lin = load(EXAMPLE)
    assert [board.number for board in lin.boards] == list(range(1, 9))
    first = lin.boards[0]
    # pn is South, West, North, East in the file; the board keeps N, E, S, W.
    assert first.players == ("~~M2509087", "~~M25116nn", "domtp", "~~M25054gn")
    assert first.dealer is Seat.NORTH
    assert first.vulnerability is Vulnerability.NONE
    assert first.deal is not None
    assert first.deal[Seat.SOUTH] == Hand.from_str("K.AKQ9754.96.K85")  # SKH4579QKAD69C58K
    assert first.calls[3] == LinCall(
        Call.from_str("2H"), alert=True, explanation="Michaels -- 5+ !S; 9+ total points; forcing "
    )
    assert first.cards[:4] == tuple(Card.from_str(c) for c in ("C9", "C3", "C2", "CK"))
    assert lin.boards[2].claim == 9
    assert lin.boards[6].claim == 11
    assert ("st", "") in first.extras
    assert ("rh", "") in first.extras


def test_lin_written_by_arbitro_is_read_back_equal(tmp_path: Path) -> None:
    lin = load(EXAMPLE)
    path = tmp_path / "copy.lin"
    dump(lin, path)
    assert load(path) == lin
    assert loads(dumps(lin)) == lin


def test_law77_example_boards_replayed_at_the_table_score_as_bbo_shows() -> None:
    lin = load(EXAMPLE)
    # Board 1: 5H by South, twelve tricks, nobody vulnerable: 450 + 30 = 480 (Law 77).
    table = to_table(lin.boards[0])
    assert str(table.contract) == "5H S"
    assert table.declarer_tricks == 12
    assert table.score() == 480
    # Board 3: 2H by South, EW vulnerable; after 11 tricks (7 won) declarer claims a
    # total of 9 (Law 68), accepted (69A): 60 + 30 + 50 = 140.
    claimed = to_table(lin.boards[2])
    assert claimed.phase is Phase.COMPLETE
    assert len(claimed.tricks) == 11
    assert claimed.tricks_credited(Side.NS) == 9
    assert claimed.score() == 140
    # Board 7: 4S by South, both vulnerable, claim of 11: 120 + 30 + 500 = 650.
    assert to_table(lin.boards[6]).score() == 650
    # Written back, the settled claim is the board's mc.
    assert from_table(claimed).claim == 9


def test_law20f_lin_alert_is_partners_alert_at_the_table() -> None:
    table = to_table(load(EXAMPLE).boards[0])
    # Call 4 (West's 2H!) is alerted and explained by East under Law 20F.
    alerts = [e for e in table.explanations if e.call_number == 4]
    assert {e.seat for e in alerts} == {Seat.EAST}
    assert any(e.alert for e in alerts)
    assert any(e.text for e in alerts)


def _played_table(seed: int, *, to_the_end: bool = False) -> Table:
    rng = random.Random(seed)
    cards = list(range(52))
    rng.shuffle(cards)
    masks = [sum(1 << c for c in cards[i * 13 : (i + 1) * 13]) for i in range(4)]
    deal = Deal((Hand(masks[0]), Hand(masks[1]), Hand(masks[2]), Hand(masks[3])))
    while True:
        table = Table(deal, number=rng.randint(1, 16))
        while table.phase is Phase.AUCTION:
            seat = table.turn
            assert seat is not None
            number = len(table.auction) + 1
            table.call(seat, rng.choice(table.legal_calls()))
            if rng.random() < 0.3:
                table.apply(AlertEvent(seat.partner, number))
                table.apply(ExplanationEvent(seat.partner, number, f"meaning {number}"))
        if table.phase is not Phase.COMPLETE:
            break
    stop = 52 if to_the_end else rng.randint(0, 52)
    while table.phase in (Phase.OPENING_LEAD, Phase.PLAY, Phase.LEAD_FACE_DOWN) and stop:
        if table.phase is Phase.LEAD_FACE_DOWN:
            table.face_lead()
            continue
        seat = table.turn
        assert seat is not None
        table.play(seat, rng.choice(table.legal_cards()))
        stop -= 1
    return table


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_law20f_law44_table_written_as_lin_and_read_back_replays_the_same(seed: int) -> None:
    table = _played_table(seed)
    board = from_table(table, players=("Norte", "Este", "Sur", "Oeste"))
    again = to_table(loads(dumps(board)).boards[0])
    assert again.calls == table.calls
    assert again.explanations == table.explanations
    assert again.tricks == table.tricks
    assert again.current_trick == table.current_trick or table.face_down_lead is not None
    assert again.score() == table.score()


def test_lin_hand_record_without_fourth_hand_gets_the_rest_of_the_pack() -> None:
    board = loads("md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|").boards[0]
    assert board.deal is not None
    assert board.deal[Seat.EAST] == Hand.from_str("...AKQJT98765432")
    assert board.dealer is Seat.SOUTH


def test_lin_header_tags_of_a_results_file_are_kept() -> None:
    text = "vg|Club pairs,,P,1,2|pw|a,b,c,d|pg||qx|o1|pn|a,b,c,d|ah|Board 1|qx|o2|ah|Board 2|"
    lin = loads(text)
    assert lin.header == (("vg", "Club pairs,,P,1,2"), ("pw", "a,b,c,d"))
    assert [board.number for board in lin.boards] == [1, 2]
    assert loads(dumps(lin)) == lin


@pytest.mark.parametrize(
    ("text", "line", "position", "tag"),
    [
        ("md|3SAKQ,,|", 1, 1, "md"),
        ("ah|Board 1|\nsv|x|", 2, 2, "sv"),
        ("mb|1C|mb|8C|", 1, 2, "mb"),
        ("an|alone|", 1, 1, "an"),
        ("mb|p|\npc|Z9|", 2, 2, "pc"),
        ("mc|14|", 1, 1, "mc"),
        ("md|3SAKQ", 1, 1, "md"),
        ("|x|", 1, 1, ""),
    ],
)
def test_lin_malformed_value_names_line_and_tag(
    text: str, line: int, position: int, tag: str
) -> None:
    with pytest.raises(LINSyntaxError) as caught:
        loads(text, "bad.lin")
    assert (caught.value.line, caught.value.position, caught.value.tag) == (line, position, tag)
    assert str(caught.value).startswith(f"bad.lin, line {line}, tag {position}")


def test_lin_board_without_a_deal_cannot_be_replayed() -> None:
    with pytest.raises(LinTableError, match="Board 1"):
        to_table(LinBoard(title="Board 1", calls=(LinCall(PASS),)))


def test_law44_lin_card_not_in_the_hand_to_play_is_reported() -> None:
    board = load(EXAMPLE).boards[0]
    broken = LinBoard(
        board.deal,
        board.dealer,
        board.vulnerability,
        title="Board 1",
        calls=board.calls,
        cards=(Card.from_str("C9"), Card.from_str("C9")),
    )
    with pytest.raises(LinTableError, match="card 2"):
        to_table(broken)


TEXT = EXAMPLE.read_text(encoding="utf-8")


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(TEXT)))
def test_lin_truncated_file_raises_only_the_parse_error(cut: int) -> None:
    with contextlib.suppress(LINSyntaxError):
        loads(TEXT[:cut])


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(TEXT) - 1), st.text(min_size=1, max_size=3))
def test_lin_corrupted_file_raises_only_the_parse_error(at: int, junk: str) -> None:
    corrupted = TEXT[:at] + junk + TEXT[at + len(junk) :]
    try:
        lin = loads(corrupted)
    except LINSyntaxError as error:
        problem = error
    else:
        for board in lin.boards:
            with contextlib.suppress(LinTableError):
                to_table(board)
        return
    assert problem.position >= 1
    assert problem.line >= 1


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200))
def test_lin_bad_bytes_raise_only_the_parse_error(data: bytes) -> None:
    with contextlib.suppress(LINSyntaxError):
        load(io.BytesIO(data))


def _endplay_call(call: object) -> str:
    from endplay.types import ContractBid, PenaltyBid

    if isinstance(call, ContractBid):
        return f"{call.level}{call.denom.name[0].upper()}"
    assert isinstance(call, PenaltyBid)
    return {"passed": "p", "doubled": "d", "redoubled": "r"}[call.penalty.name]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000))
def test_law20f_law44_lin_written_by_arbitro_is_read_by_endplay(seed: int) -> None:
    """A real client: endplay's own LIN parser reads the same deal, calls, alerts and cards."""
    import endplay.parsers.lin as endplay_lin

    table = _played_table(seed, to_the_end=True)  # endplay cannot read a trick left unfinished
    board = from_table(table, players=("Norte", "Este", "Sur", "Oeste"))
    (theirs,) = endplay_lin.loads(dumps(board))
    assert theirs.deal.to_pbn() == table.deal.to_str()
    assert theirs.dealer is not None
    assert theirs.dealer.name[0].upper() == str(table.dealer)
    assert theirs.info["North"] == "Norte"
    assert theirs.info["West"] == "Oeste"
    assert [_endplay_call(call) for call in theirs.auction] == [
        write_call(call.call) for call in board.calls
    ]
    assert [call.alertable for call in theirs.auction] == [call.alert for call in board.calls]
    assert [str(card) for card in theirs.play] == [
        card.to_str(symbols=True) for card in board.cards
    ]


def test_law41_law44_lin_converted_to_pbn_and_back_keeps_deals_auctions_and_play(
    tmp_path: Path,
) -> None:
    """``arbitro convert``: LIN -> PBN -> LIN through the format registry (alerts are LIN's own)."""
    pbn, back = tmp_path / "a.pbn", tmp_path / "b.lin"
    assert convert(EXAMPLE, pbn) == 8
    assert convert(pbn, back) == 8
    before, after = load(EXAMPLE).boards, load(back).boards
    assert [(b.deal, b.dealer, b.vulnerability, b.players, b.number) for b in after] == [
        (b.deal, b.dealer, b.vulnerability, b.players, b.number) for b in before
    ]
    assert [[c.call for c in b.calls] for b in after] == [[c.call for c in b.calls] for b in before]
    assert [b.cards for b in after] == [b.cards for b in before]
    assert [b.claim for b in after] == [b.claim for b in before]


@pytest.mark.parametrize(
    ("title", "number"),
    [("Board 7", 7), ("Tablero 7", 7), ("estuche nº 12", 12), ("Bd. 3", 3), ("#4", 4), ("9", 9)],
)
def test_lin_title_names_the_board_number_in_english_or_spanish(
    tmp_path: Path, title: str, number: int
) -> None:
    """A board titled ``ah|Tablero 7|`` keeps its number 7 when it becomes a PBN game."""
    deal = "md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|"
    source, pbn = tmp_path / "t.lin", tmp_path / "t.pbn"
    source.write_text(f"pn|S,W,N,E|{deal}ah|{title}|sv|o|mb|1N|mb|p|mb|p|mb|p|\n")
    assert load(source).boards[0].number == number
    assert convert(source, pbn) == 1
    assert f'[Board "{number}"]' in pbn.read_text(encoding="latin-1")


def test_lin_check_lists_the_problem_with_its_line() -> None:
    problems = format_for("a.lin").check("mb|p|\npc|Z9|", "a.lin")
    assert [problem.line for problem in problems] == [2]


LIN_TEXT = st.text(st.characters(codec="utf-8", exclude_characters="|,"), max_size=12)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10_000),
    st.tuples(LIN_TEXT, LIN_TEXT, LIN_TEXT, LIN_TEXT),
    st.lists(
        st.one_of(
            st.none(),
            st.text(st.characters(codec="utf-8", exclude_characters="|")),
        ),
        max_size=8,
    ),
    st.one_of(st.none(), st.integers(0, 13)),
)
def test_law20f_lin_names_explanations_and_claims_read_back_equal(
    seed: int, players: tuple[str, str, str, str], texts: list[str | None], claim: int | None
) -> None:
    table = _played_table(seed)
    board = from_table(table, players=players, claim=claim)
    calls = tuple(
        LinCall(call.call, call.alert, texts[index] if index < len(texts) else call.explanation)
        for index, call in enumerate(board.calls)
    )
    board = LinBoard(
        board.deal,
        board.dealer,
        board.vulnerability,
        board.players,
        board.title,
        calls,
        board.cards,
        board.claim,
    )
    assert loads(dumps(board)).boards == (board,)


@pytest.mark.parametrize(
    ("calls", "number", "law"),
    [
        ("mb|2S|mb|1S|", 2, "27"),  # insufficient
        ("mb|1S|mb|d|mb|d|", 3, "36"),  # a double of partner's bid
    ],
)
def test_law27_law36_a_lin_auction_with_an_irregular_call_is_a_problem_not_a_shorter_auction(
    calls: str, number: int, law: str
) -> None:
    text = f"md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|ah|Board 1|{calls}\n"
    [problem] = format_for("board.lin").check(text, "board.lin", strict=True)
    assert f"call {number}" in str(problem)
    assert f"an irregular call (Law {law})" in str(problem)
