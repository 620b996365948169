"""A penalty's amount (Laws 90, 91): read once, written once, the same on every surface.

The command line's ``event penalty`` and the director's desk read an amount with
:func:`~arbitro.tournament.penalty_amounts.read_penalty_amount` and write it with
:func:`~arbitro.scoring.penalty_figures.write_penalty_amount`: the same text gives
the same penalty, or the same refusal, on both; what is written reads back exactly. The
AEB's regulation G amount a ruling case raises (a case file's or the desk's) is read
the same way, in the unit of the event's scores.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.errors import ArbitroError
from arbitro.i18n import LANGUAGES, Language, use_language
from arbitro.scoring.penalty_figures import write_penalty_amount
from arbitro.store import Store
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.judgement import Case
from arbitro.tournament.penalty_amounts import LARGEST, PenaltyAmountError, read_penalty_amount
from cli_support import run_cli

pytest_plugins = ("web_director",)  # the store with director ana

READ = [
    ("25%", Fraction(1, 4), "top"),
    ("25 %", Fraction(1, 4), "top"),
    ("12.5%", Fraction(1, 8), "top"),
    ("12,5 %", Fraction(1, 8), "top"),
    ("100%", Fraction(1), "top"),
    ("3", Fraction(3), "mp"),
    ("2.5", Fraction(5, 2), "mp"),
    ("2,50", Fraction(5, 2), "mp"),
    ("1/4", Fraction(1, 4), "mp"),
    ("3MP", Fraction(3), "mp"),
    ("1.5 mp", Fraction(3, 2), "mp"),
]
"""Text typed, and the penalty it gives in a pairs event (a bare number: matchpoints)."""

REFUSED = [
    ("lots", "expected a number, alone or with its unit, such as 1/4, 25%, 3, 3IMP, 1VP"),
    ("1/0", "expected a number, alone or with its unit"),
    ("3.5.1", "expected a number, alone or with its unit"),
    ("1e5", "expected a number, alone or with its unit"),
    ("101%", "a share of a top is at most 1 (a whole top)"),
    ("9" * 20, f"expected numbers up to {LARGEST}"),  # the desk takes 20 characters
    ("." + "0" * 18 + "1", f"expected numbers up to {LARGEST}"),
    ("3IMP", "a penalty in IMPs cannot be taken off this event's scores"),
]
"""Text typed, and what the refusal says, in a pairs event."""


def _pairs_event(store: Store) -> int:
    return store.create_event(EventSpec("Club", boards=2), [Participant("1"), Participant("2")])


def _url(tmp_path: Path) -> str:
    """The database of the ``store`` fixture (:mod:`web_director`), for the command line."""
    return str(tmp_path / "arbitro.sqlite3")


def _give(
    surface: str,
    text: str,
    store: Store,
    director: tuple[TestClient, str],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> str:
    """Give pair 1 a penalty of ``text`` on ``surface``; what the surface answered."""
    event = _pairs_event(store)
    if surface == "desk":
        client, csrf = director
        form = {
            "csrf_token": csrf, "participant": "1", "amount": text, "unit": "mp",
            "law": "90B2", "reason": "slow play",
        }  # fmt: skip
        return client.post(f"/director/events/{event}/penalties", data=form).text
    _, out, err = run_cli(
        capsys,
        "event",
        "penalty",
        str(event),
        "1",
        text,
        "--reason",
        "slow play",
        "--db",
        _url(tmp_path),
    )
    return out + err


@pytest.mark.parametrize("surface", ["cli", "desk"])
@pytest.mark.parametrize(("text", "amount", "unit"), READ)
def test_law90_the_command_line_and_the_desk_read_an_amount_alike(
    store: Store,
    director: tuple[TestClient, str],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    surface: str,
    text: str,
    amount: Fraction,
    unit: str,
) -> None:
    _give(surface, text, store, director, capsys, tmp_path)
    (info,) = store.events()
    stored = store.penalties(info.id)
    assert [(p.record.amount, p.record.unit) for p in stored] == [(amount, unit)]


@pytest.mark.parametrize("surface", ["cli", "desk"])
@pytest.mark.parametrize(("text", "message"), REFUSED)
def test_law90_the_command_line_and_the_desk_refuse_an_amount_alike(
    store: Store,
    director: tuple[TestClient, str],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    surface: str,
    text: str,
    message: str,
) -> None:
    answer = _give(surface, text, store, director, capsys, tmp_path).replace("&#39;", "'")
    assert message in answer
    (info,) = store.events()
    assert store.penalties(info.id) == []
    assert "Traceback" not in answer


def test_law90_a_unit_typed_with_the_amount_wins_over_the_one_chosen() -> None:
    assert read_penalty_amount("3 IMPs", "top") == (Fraction(3), "imps")
    assert read_penalty_amount("2PV", "mp") == (Fraction(2), "vp")
    assert read_penalty_amount("25%", "mp") == (Fraction(1, 4), "top")
    assert read_penalty_amount("3") == (Fraction(3), None)


@pytest.mark.parametrize("text", ["-3", "+3", "3 tops", "1_000", "1,000.5", "3%%", "1/4/2", ""])
def test_law90_what_is_no_amount_is_refused_naming_it(text: str) -> None:
    with pytest.raises(PenaltyAmountError) as refused:
        read_penalty_amount(text, "mp")
    assert str(refused.value).startswith(f"invalid penalty amount '{text}': expected a number")


def test_law90_an_amount_too_large_to_keep_is_refused_before_it_is_built() -> None:
    with pytest.raises(PenaltyAmountError, match=f"expected numbers up to {LARGEST}"):
        read_penalty_amount("9" * 100_000 + "MP")


def test_law90_a_share_of_a_top_is_at_most_one_top_in_any_form() -> None:
    for text in ("25", "1.01", "5/4", "100.5%"):
        with pytest.raises(PenaltyAmountError, match="a share of a top is at most 1"):
            read_penalty_amount(text, "top")
    assert read_penalty_amount("1", "top") == (Fraction(1), "top")
    # Points have no maximum but what the store keeps (Law 90 sets none).
    assert read_penalty_amount("250", "mp") == (Fraction(250), "mp")


@pytest.mark.parametrize(
    ("amount", "unit", "english", "spanish"),
    [
        (Fraction(1, 4), "top", "25% of a top", "25\xa0% de un top"),
        (Fraction(1, 8), "top", "12.50% of a top", "12,50\xa0% de un top"),
        (Fraction(161, 800), "top", "161/800 of a top", "161/800 de un top"),
        (Fraction(1, 3), "top", "1/3 of a top", "1/3 de un top"),
        (Fraction(5, 2), "mp", "2.50 matchpoints", "2,50 puntos de match"),
        (Fraction(1), "vp", "1 victory point", "1 punto de victoria"),
        (Fraction(3), "imps", "3 IMPs", "3 IMP"),
        (Fraction(25, 8), "imps", "25/8 IMPs", "25/8 IMP"),
    ],
)
def test_law90_an_amount_is_written_as_decided_never_rounded(
    amount: Fraction, unit: str, english: str, spanish: str
) -> None:
    """Whole amounts whole, hundredths with their two decimals, any other as its fraction."""
    with use_language("en"):
        assert write_penalty_amount(amount, unit) == english
    with use_language("es"):
        assert write_penalty_amount(amount, unit) == spanish


POINTS_WRITTEN = [
    (Fraction(1, 3), "mp", "1/3 of a matchpoint", "1/3 de punto de match"),
    (Fraction(2, 3), "imps", "2/3 of an IMP", "2/3 de IMP"),
    (Fraction(1, 3), "vp", "1/3 of a victory point", "1/3 de punto de victoria"),
    (Fraction(1, 2), "mp", "0.50 matchpoints", "0,50 puntos de match"),
    (Fraction(1, 4), "imps", "0.25 IMPs", "0,25 IMP"),
    (Fraction(1, 2), "vp", "0.50 victory points", "0,50 puntos de victoria"),
    (Fraction(4, 3), "mp", "4/3 matchpoints", "4/3 puntos de match"),
    (Fraction(1), "imps", "1 IMP", "1 IMP"),
]
"""An amount of points, and how it reads: a fraction of one point is a part of a point."""


@pytest.mark.parametrize(("amount", "unit", "english", "spanish"), POINTS_WRITTEN)
def test_law90_a_fraction_of_one_point_is_a_part_of_a_point_in_english(
    amount: Fraction, unit: str, english: str, spanish: str
) -> None:
    """``1/3 of a matchpoint``, ``2/3 of an IMP``; a decimal keeps the plural: ``0.50 matchpoints``."""
    with use_language("en"):
        assert write_penalty_amount(amount, unit) == english


@pytest.mark.parametrize(("amount", "unit", "english", "spanish"), POINTS_WRITTEN)
def test_law90_a_fraction_of_one_point_is_a_part_of_a_point_in_spanish(
    amount: Fraction, unit: str, english: str, spanish: str
) -> None:
    """«1/3 de punto de match», «2/3 de IMP» (IMP does not change); «0,50 puntos de match»."""
    with use_language("es"):
        assert write_penalty_amount(amount, unit) == spanish


_KEPT = st.integers(1, LARGEST)
_AMOUNTS = st.one_of(
    st.builds(Fraction, _KEPT, _KEPT),
    st.builds(Fraction, st.integers(1, 10**6), st.sampled_from([1, 2, 3, 4, 8, 10, 100, 10**4])),
)


@given(_AMOUNTS, st.sampled_from(["top", "mp", "imps", "vp"]), st.sampled_from(LANGUAGES))
def test_law90_an_amount_written_reads_back_the_same(
    amount: Fraction, unit: str, language: Language
) -> None:
    """What the writer shows, typed back (the number and its ``%``), is the same amount."""
    if unit == "top" and amount > 1:
        amount = 1 / amount
    with use_language(language):
        written = write_penalty_amount(amount, unit)
    typed = written.split(" ")[0]  # the Spanish "25 %" keeps its no-break space
    assert read_penalty_amount(typed, unit) == (amount, unit)  # type: ignore[arg-type]


def test_law90_event_penalty_echoes_the_amount_with_its_unit(
    capsys: pytest.CaptureFixture[str], store: Store, tmp_path: Path
) -> None:
    event = _pairs_event(store)
    db = ("--reason", "slow", "--db", _url(tmp_path))
    code, out, err = run_cli(capsys, "event", "penalty", str(event), "1", "3", *db)
    assert code == 0, err
    assert out == "Penalty 1 recorded: 1, 3 matchpoints (Law 90)\n"
    assert "no unit given, so 3 is taken as matchpoints" in err
    code, out, err = run_cli(capsys, "event", "penalty", str(event), "2", "12,5%", *db)
    assert code == 0, err
    assert out == "Penalty 2 recorded: 2, 12.50% of a top (Law 90)\n"
    code, out, err = run_cli(
        capsys, "event", "penalty", str(event), "2", "1/3", *db, "--lang", "es"
    )
    assert code == 0, err
    assert "2, 1/3 de punto de match (Artículo 90)" in out


def _misinformation_case(**extra: object) -> dict[str, object]:
    """A misinformation case (AEB regulation G applies), with ``extra`` fields."""
    answers = [
        {"step": "irregularity", "yes": True, "note": "2D explained as weak; card: multi"},
        {"step": "suggested", "yes": False, "note": "North would bid 2S anyway"},
    ]
    sheet = {"irregularity": "MI", "offenders": "EW", "actual": 110, "answers": answers}
    return {"board": 2, "table": 1, "worksheet": sheet, **extra}


@pytest.mark.parametrize(
    ("raised", "in_imps", "amount"),
    [
        ("30%", False, Fraction(3, 10)),
        ("0,3", False, Fraction(3, 10)),
        ("3/10", False, Fraction(3, 10)),
        ("4", True, Fraction(4)),
        ("4 IMPs", True, Fraction(4)),
        ("4,5", True, Fraction(9, 2)),
    ],
)
def test_aeb_regulation_g_a_raised_amount_is_read_as_every_penalty_amount(
    raised: str, in_imps: bool, amount: Fraction
) -> None:
    case = Case.from_json(_misinformation_case(regulation_g=raised, in_imps=in_imps))
    penalty = case.penalty()
    assert penalty is not None
    assert (penalty.amount, penalty.unit) == (amount, "imps" if in_imps else "top")


@pytest.mark.parametrize(
    ("raised", "in_imps", "message"),
    [
        ("25", False, "a share of a top is at most 1 (a whole top)"),
        ("4IMP", False, "expected a share of a top (25%) at matchpoints, IMPs (4) where"),
        ("30%", True, "expected a share of a top (25%) at matchpoints, IMPs (4) where"),
        ("a lot", False, "invalid penalty amount 'a lot': expected a number"),
    ],
)
def test_aeb_regulation_g_a_raised_amount_in_the_wrong_unit_or_over_a_top_is_refused(
    raised: str, in_imps: bool, message: str
) -> None:
    with pytest.raises(ArbitroError, match=re.escape(message)):
        Case.from_json(_misinformation_case(regulation_g=raised, in_imps=in_imps)).penalty()


def test_aeb_regulation_g_a_case_file_without_its_scoring_is_checked_when_the_event_says_it() -> (
    None
):
    """A case file that does not say ``in_imps`` is read; its amount is checked on the event's scoring."""
    case = Case.from_json(_misinformation_case(regulation_g="3.5"))
    penalty = replace(case, in_imps=True).penalty()
    assert penalty is not None
    assert (penalty.amount, penalty.unit) == (Fraction(7, 2), "imps")
    with pytest.raises(PenaltyAmountError, match="a share of a top is at most 1"):
        case.penalty()
