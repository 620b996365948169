"""The pages write a number with decimals as their reader's language does.

A Spanish page writes ``87,50 %`` (a decimal comma, the percent sign after a no-break
space), an English page ``87.50%``: rankings, travellers, score cards, the desk, the
printed sheets. The JSON API and the files keep the point.
"""

from __future__ import annotations

import html
import re
from decimal import Decimal
from fractions import Fraction

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.i18n import write_number
from arbitro.scoring.session import show
from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.web.pages import make_templates, number_label

pytest_plugins = ("web_director",)  # the store with director ana

figures = st.decimals(
    min_value=-10_000, max_value=10_000, allow_nan=False, allow_infinity=False, places=2
)


@given(figures)
def test_a_shown_figure_has_a_decimal_comma_in_spanish_and_a_point_in_english(
    value: Decimal,
) -> None:
    shown = f"{value:.2f}"
    assert number_label(shown, "es") == shown.replace(".", ",")
    assert number_label(shown, "en") == shown


@given(figures.filter(lambda value: value >= 0))
def test_a_percentage_is_written_as_each_language_writes_one(value: Decimal) -> None:
    shown = f"{value:.2f}"
    spanish = shown.replace(".", ",") + "\xa0%"
    assert number_label(shown + "%", "es") == spanish
    assert number_label(shown, "es", percent=True) == spanish
    assert number_label(shown + "%", "en") == shown + "%"


@given(st.fractions(min_value=-1000, max_value=1000))
def test_an_exact_number_is_rounded_once_by_the_scorers_rule_then_written(value: Fraction) -> None:
    assert number_label(value, "es") == show(value).replace(".", ",")
    assert number_label(value, "en") == show(value)


def test_a_unit_is_kept_and_what_is_no_figure_is_shown_as_it_is() -> None:
    assert number_label("12.50 IMP", "es") == "12,50 IMP"
    assert number_label("-3.25", "es") == "-3,25"
    assert number_label("7", "es") == "7"
    for text in ("", "A60", "+420/-450", "—", "1.2.3"):
        assert number_label(text, "es") == text


def test_the_places_a_figure_has_are_kept() -> None:
    assert write_number(Decimal("12.50"), "es") == "12,50"
    assert write_number(Decimal("12.5"), "es") == "12,5"
    assert write_number(Decimal("100"), "en", percent=True) == "100%"


def test_the_number_filter_writes_in_the_language_in_force() -> None:
    from arbitro.i18n import use_language

    template = make_templates().from_string("{{ '55.23%'|number }} {{ '1.50'|number }}")
    with use_language("es"):
        assert template.render() == "55,23\xa0% 1,50"
    with use_language("en"):
        assert template.render() == "55.23% 1.50"


@pytest.fixture
def event(store: Store) -> int:
    """Three pairs a side on two boards, published: totals 87.50, 62.50 and 0 % North-South."""
    pairs = [Participant(str(number)) for number in range(1, 7)]
    number = store.create_event(EventSpec("Club", boards=2), pairs)
    for board, scores in ((1, (10, 10, 9)), (2, (11, 10, 9))):
        for table, tricks in enumerate(scores, start=1):
            store.enter_result(
                number,
                board,
                table,
                Entry.from_str(f"4H S {tricks}"),
                ns=str(2 * table - 1),
                ew=str(2 * table),
            )
    store.publish(number)
    return number


def _text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_the_spanish_ranking_has_the_comma_and_the_english_one_the_point(
    director: tuple[TestClient, str], event: int
) -> None:
    client, _ = director
    for path in (
        f"/results/{event}",
        f"/director/events/{event}",
        f"/director/events/{event}/print/ranking",
    ):
        spanish = _text(client.get(f"{path}?lang=es").text)
        english = _text(client.get(f"{path}?lang=en").text)
        for total in ("87.50", "62.50", "12.50", "37.50", "100.00", "0.00"):
            assert total.replace(".", ",") + "\xa0%" in spanish, (path, total)
            assert total + "%" in english, (path, total)
        assert "87.50" not in spanish
        assert "87,50" not in english


def test_score_cards_and_travellers_follow_the_page_too(
    director: tuple[TestClient, str], event: int
) -> None:
    client, _ = director
    card = _text(client.get(f"/results/{event}/pairs/1?lang=es").text)
    assert "Puesto 1: 87,50\xa0%" in card
    assert re.search(r"\b3,00\b", card)  # board 1's matchpoints, of a top of 4
    assert "3.00" not in card
    english_card = _text(client.get(f"/results/{event}/pairs/1?lang=en").text)
    assert "Place 1: 87.50%" in english_card
    for what in ("travellers", "cards"):
        printed = _text(client.get(f"/director/events/{event}/print/{what}?lang=es").text)
        assert "4,00" in printed
        assert "4.00" not in printed


def test_the_json_api_and_the_csv_keep_the_point(
    director: tuple[TestClient, str], event: int, store: Store
) -> None:
    client, _ = director
    ranking = client.get(f"/api/results/{event}?lang=es").json()["ranking"]
    assert {line["total"] for line in ranking} >= {"87.50", "62.50"}
    traveller = client.get(f"/api/results/{event}/boards/2?lang=es").json()["lines"]
    assert {line["ns_percent"] for line in traveller} == {"100.00", "50.00", "0.00"}
    desk = client.get(f"/api/events/{event}/ranking?lang=es").json()
    assert "87.50%" in {line["score"] for line in desk}
    csv_text, _ = store.csv_text(event)
    assert re.findall(r"\d,\d\d\b", csv_text) == []


def test_law78b_victory_points_are_pv_on_a_spanish_page_and_vp_on_an_english_one() -> None:
    """A teams ranking's totals: *PV* (puntos de victoria) in Spanish, as its byes' line says."""
    assert number_label("18.33 VP", "es") == "18,33 PV"
    assert number_label("18.33 VP", "en") == "18.33 VP"
