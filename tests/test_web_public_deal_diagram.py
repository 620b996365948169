"""The public traveller shows the deal as a compass diagram with red suits (issue 24).

North on top, West on the left, East on the right, South below; the dealer and the
vulnerability (Law 2, or the board's own marking) in the centre; each hand by suit with
the suit symbols, hearts and diamonds red; the cards in the page's language, the ten
written ``10`` in both. The dealer is named once, in the centre.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.core.board import Board
from arbitro.core.deal import Deal
from arbitro.core.seat import Seat
from arbitro.core.suit import Suit
from arbitro.core.vulnerability import Vulnerability
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.diagram import deal_diagram
from arbitro.web.public_results import set_deals

SECRET = "d" * 64
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
SEATS = {"N": "north", "E": "east", "S": "south", "W": "west"}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(str(tmp_path / "deal.sqlite3"))
    yield opened
    opened.close()


@pytest.fixture
def event(store: Store) -> int:
    """A published 3-table Mitchell whose board 1 (Law 2: North deals, nobody vulnerable) has a deal."""
    number = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    set_deals(store, number, {1: DEAL})
    movement = store.movement(number)
    assert movement is not None
    for seating in movement.schedule:
        if 1 in seating.boards:
            store.enter_result(number, 1, seating.table, Entry.from_str("4S N 10"))
    store.publish(number)
    return number


def traveller(store: Store, event: int, lang: str, board: int = 1) -> str:
    page = TestClient(create_app(store, secret=SECRET)).get(
        f"/results/{event}/boards/{board}?lang={lang}"
    )
    assert page.status_code == 200
    return page.text


def diagram_of(page: str) -> str:
    assert page.count('id="deal"') == 1
    return page.split('id="deal"')[1].split("</div>\n</div>")[0] + "</div>"


def hand_of(diagram: str, seat: str) -> str:
    return diagram.split(f'data-seat="{seat}"')[1].split("</section>")[0]


def suits_of(hand: str) -> list[tuple[str, bool, str]]:
    """Each suit line of a hand: its symbol, whether it is marked red, its cards."""
    lines = re.findall(
        r'<span class="deal-symbol( red)?">([^<]+)</span>(.*?)</div>', hand, flags=re.DOTALL
    )
    return [
        (symbol, bool(red), "".join(re.findall(r'<span class="deal-card">([^<]+)</span>', cards)))
        for red, symbol, cards in lines
    ]


@pytest.mark.parametrize(
    ("lang", "north", "north_spades", "east_spades", "centre"),
    [
        ("en", "North", "AKQJ", "1098", ("Dealer North", "Vulnerable: None")),
        ("es", "Norte", "ARDV", "1098", ("Reparte Norte", "Vulnerables: Nadie")),
    ],
)
def test_traveller_draws_the_deal_as_a_compass_with_red_hearts_and_diamonds(
    store: Store,
    event: int,
    lang: str,
    north: str,
    north_spades: str,
    east_spades: str,
    centre: tuple[str, ...],
) -> None:
    page = traveller(store, event, lang)
    assert '<ul class="deal"' not in page
    diagram = diagram_of(page)
    # The compass: each seat's hand in its place, the centre between West and East.
    for seat, place in SEATS.items():
        assert f'class="deal-hand deal-{place}" data-seat="{seat}"' in diagram
    assert diagram.index("deal-west") < diagram.index("deal-centre") < diagram.index("deal-east")
    centre_text = html.unescape(diagram.split('class="deal-centre"')[1].split("</div>")[0])
    for text in centre:
        assert text in centre_text
    north_hand = hand_of(diagram, "N")
    assert f"<h3>{north}</h3>" in north_hand  # the dealer is named in the centre only
    assert html.unescape(diagram).count(centre[0].split()[0]) == 1
    suits = suits_of(north_hand)
    assert [(symbol, red) for symbol, red, _ in suits] == [
        ("♠", False),
        ("♥", True),
        ("♦", True),
        ("♣", False),
    ]
    assert suits[0][2] == north_spades
    assert suits_of(hand_of(diagram, "E"))[0][2] == east_spades


def test_traveller_diagram_shows_a_board_marked_otherwise_than_law_2(
    store: Store, event: int
) -> None:
    board = 4  # no result yet: its marking may still change (Law 2, last paragraph)
    store.mark_board(event, Board(board, dealer=Seat.WEST, vulnerability=Vulnerability.ALL))
    set_deals(store, event, {1: DEAL, board: DEAL})
    movement = store.movement(event)
    assert movement is not None
    table = next(s.table for s in movement.schedule if board in s.boards)
    store.reopen(event, "a board missing", boards=[board])
    store.enter_result(event, board, table, Entry.from_str("3NT S 9"))
    diagram = diagram_of(traveller(store, event, "es", board))
    centre = html.unescape(diagram.split('class="deal-centre"')[1].split("</div>")[0])
    assert "Reparte Oeste" in centre
    assert "Vulnerables: Todos" in centre
    # The dealer named once, in the centre: not again over West's hand.
    assert html.unescape(diagram).lower().count("reparte") == 1
    assert "<h3>Oeste " in hand_of(diagram, "W")
    for seat in SEATS:
        assert "vuln." in hand_of(diagram, seat)


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(min_value=0, max_value=2**60), board=st.integers(1, 64))
def test_diagram_holds_each_hand_card_for_card_red_suits_red(number: int, board: int) -> None:
    deal = Deal.from_number(number)
    for lang in ("en", "es"):
        diagram = deal_diagram(deal, Board(board), lang)
        assert [hand.seat for hand in diagram.hands] == ["N", "E", "S", "W"]
        for hand, seat in zip(diagram.hands, Seat, strict=True):
            assert hand.dealer == (seat == Board(board).dealer)
            assert hand.vulnerable == Board(board).vulnerability.is_vulnerable(seat)
            assert sum(len(suit.cards) for suit in hand.suits) == 13
            for suit, held in zip(
                hand.suits, (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS), strict=True
            ):
                assert suit.red == (held in (Suit.HEARTS, Suit.DIAMONDS))
                assert suit.cards == tuple(rank.printed(lang) for rank in deal[seat].ranks(held))
