"""The claim checker's search core runs compiled (mypyc) and answers as its Python source.

The install compiles ``arbitro.analysis.claims.checker`` (pyproject.toml); its source,
loaded beside it by ``compiled.source_module``, is the reference: the same awards, tricks
as stated, lines, Laws, determined or not, and the same count of cards tried (the
smallest budget that lets a check finish). A compiled module built from another source
than the one beside it is never run: the package runs the source, with a warning.

An install without a C compiler (``HATCH_BUILD_NO_HOOKS=true pip install -e .``) runs
the source: set ``ARBITRO_PURE_PYTHON=1`` to say so, or the first test fails.
"""

from __future__ import annotations

import doctest
import importlib.machinery
import os
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.analysis.claims import ClaimStatement, InvalidClaimError, checker, compiled
from arbitro.analysis.solver import position_tricks
from arbitro.core import Card, Hand, NotationError, Seat, Strain, Suit

CLAIMS = Path(compiled.__file__).parent
PACKAGE = "arbitro.analysis.claims"


@pytest.fixture(scope="module")
def source() -> ModuleType:
    """The checker run from its Python source, beside the installed one."""
    return compiled.source_module(f"{PACKAGE}.checker")


def test_the_claim_checker_runs_compiled_from_the_source_beside_it() -> None:
    if os.environ.get("ARBITRO_PURE_PYTHON") == "1":
        assert not compiled.is_compiled(checker), "ARBITRO_PURE_PYTHON=1 but it is compiled"
        return
    assert compiled.is_compiled(checker), (
        f"{PACKAGE}.checker runs its Python source ({checker.__file__}), slower: compile "
        f"it with {compiled.REBUILD} (a C compiler and Python's headers), or set "
        "ARBITRO_PURE_PYTHON=1 for an install made without (HATCH_BUILD_NO_HOOKS=true)"
    )
    record = compiled.recorded()
    assert record[f"{PACKAGE}.checker"] == compiled.digest(CLAIMS / "checker.py")
    assert compiled.stale_in(PACKAGE, CLAIMS) == []


@pytest.fixture
def fake_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package ``fakeclaims`` whose module ``core`` has a (broken) extension beside it."""
    directory = tmp_path / "fakeclaims"
    directory.mkdir()
    (directory / "__init__.py").write_text("")
    (directory / "core.py").write_text("ANSWER = 'source'\n")
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (directory / f"core{suffix}").write_bytes(b"not a shared library")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(compiled, "RECORD", tmp_path / "compiled.txt")
    yield directory
    for name in ("fakeclaims.core", "fakeclaims"):
        sys.modules.pop(name, None)


def test_a_module_compiled_from_another_source_runs_its_source_with_a_warning(
    fake_package: Path,
) -> None:
    digest = compiled.digest(fake_package / "core.py")
    compiled.RECORD.write_text(f"fakeclaims.core {digest}\n")
    assert compiled.stale_in("fakeclaims", fake_package) == []
    (fake_package / "core.py").write_text("ANSWER = 'edited source'\n")
    assert compiled.stale_in("fakeclaims", fake_package) == ["core"]
    with pytest.warns(RuntimeWarning, match=r"fakeclaims\.core: compiled from another source"):
        assert compiled.run_stale_from_source("fakeclaims", fake_package) == ["core"]
    module = sys.modules["fakeclaims.core"]
    assert (module.ANSWER, compiled.is_compiled(module)) == ("edited source", False)


def test_a_compiled_module_missing_from_the_build_record_counts_as_stale(
    fake_package: Path,
) -> None:
    compiled.RECORD.write_text("fakeclaims.other 00\n")
    assert compiled.stale_in("fakeclaims", fake_package) == ["core"]
    compiled.RECORD.unlink()
    assert compiled.recorded() == {}
    assert compiled.stale_in("fakeclaims", fake_package) == ["core"]


def test_the_source_module_leaves_the_installed_modules_as_they_were(source: ModuleType) -> None:
    import arbitro.analysis.claims as claims

    assert sys.modules[f"{PACKAGE}.checker"] is checker
    assert claims.checker is checker
    assert source is not checker
    assert not compiled.is_compiled(source)
    assert source.__file__ == str(CLAIMS / "checker.py")


@pytest.mark.parametrize("name", sorted({"checker", *compiled.compiled_in(CLAIMS)}))
def test_the_doctests_of_a_compiled_module_pass_on_its_source(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = compiled.source_module(f"{PACKAGE}.{name}")
    # doctest takes a function for its module's own only when ``sys.modules`` names that
    # module: the source's, here, not the compiled one installed under the same name.
    monkeypatch.setitem(sys.modules, module.__name__, module)
    flags = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
    failed, attempted = doctest.testmod(module, optionflags=flags, report=True)
    examples = {
        f"{module.__name__}.{key}"
        for key, value in vars(module).items()
        if callable(value)
        and getattr(value, "__module__", None) == module.__name__
        and ">>>" in (value.__doc__ or "")
    }
    found = {test.name for test in doctest.DocTestFinder().find(module) if test.examples}
    # every function's examples run, not only the module's own docstring
    assert examples
    assert examples <= found
    assert attempted > 0
    assert failed == 0


@pytest.mark.parametrize(
    "text", ["N:A... K... Q...", "N:A... A... Q... J...", "N:AK... Q... J... T..."]
)
def test_the_compiled_checker_refuses_a_position_in_the_words_of_its_source(
    source: ModuleType, text: str
) -> None:
    messages = []
    for module in (checker, source):
        with pytest.raises(NotationError) as refused:
            module.Position.from_str(text, trump=None, leader=Seat.NORTH)
        messages.append(str(refused.value))
    assert messages[0] == messages[1]
    assert messages[0].startswith(f"invalid position '{text}': ")


def test_the_compiled_checker_refuses_a_card_played_after_the_claim_as_its_source(
    source: ModuleType,
) -> None:
    statement = ClaimStatement.from_str("all: played SK")
    messages = []
    for module in (checker, source):
        position = module.Position.from_str("N:A... 2... 3... 4...", None, Seat.NORTH)
        with pytest.raises(InvalidClaimError) as refused:
            module.check_claim(position, Seat.NORTH, statement)
        messages.append(str(refused.value))
    assert messages[0] == messages[1]
    assert messages[0].endswith("♠K played after the claim is not in North's hand")


def _solve(position: checker.Position) -> int:
    trump = Strain.NOTRUMP if position.trump is None else Strain(int(position.trump))
    return position_tricks([hand.to_str() for hand in position.hands], trump, position.leader, [])


def _claim(seed: int) -> tuple[list[Hand], Suit | None, Seat, Seat, ClaimStatement]:
    """A random ending of 3 to 6 cards a hand, its trumps, leader, claimer and statement."""
    rng = random.Random(seed)
    cards = rng.randint(3, 6)
    pack = rng.sample(range(52), 4 * cards)
    hands = [Hand(sum(1 << index for index in pack[seat::4])) for seat in range(4)]
    trump = rng.choice([None, *Suit])
    leader, claimer = Seat(rng.randrange(4)), Seat(rng.randrange(4))
    ours = hands[claimer].mask | hands[claimer.partner].mask
    card = rng.choice([index for index in range(52) if ours >> index & 1])
    suit = rng.choice("SHDC")
    texts = ["all", "concede 1", str(rng.randint(1, cards)), f"all: {suit}", f"all: ruff {suit}"]
    texts.append(f"all: finesse {Card.from_index(card)}")
    if trump is not None:
        texts.append("all: draw trumps")
    return hands, trump, leader, claimer, ClaimStatement.from_str(rng.choice(texts))


def _checker_of(module: ModuleType, seed: int) -> Callable[[int | None], tuple[object, ...]]:
    """The check of claim ``seed`` by ``module`` at a budget, as plain values."""
    hands, trump, leader, claimer, statement = _claim(seed)
    position = module.Position((hands[0], hands[1], hands[2], hands[3]), trump, leader)

    def check(budget: int | None) -> tuple[object, ...]:
        result = module.check_claim(
            position, claimer, statement, double_dummy=_solve, budget=budget
        )
        return (
            result.remaining,
            result.claimed,
            result.as_stated,
            result.worst,
            result.line,
            result.double_dummy,
            result.laws,
            result.determined,
            result.least,
        )

    return check


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), budget=st.one_of(st.none(), st.integers(0, 5_000)))
def test_the_compiled_checker_answers_as_its_source(
    source: ModuleType, seed: int, budget: int | None
) -> None:
    ours = _checker_of(checker, seed)(budget)
    theirs = _checker_of(source, seed)(budget)
    assert ours == theirs


def _cards_tried(check: Callable[[int | None], tuple[object, ...]]) -> int:
    """The smallest budget with which the check finishes: the cards it tries (Law 70's
    search), found by bisection (a larger budget only lets the same search go on)."""
    low, high = 0, checker.BUDGET
    assert check(high)[7], "the check finishes within the budget"
    while low < high:
        middle = (low + high) // 2
        if check(middle)[7]:
            high = middle
        else:
            low = middle + 1
    return low


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_compiled_checker_tries_as_many_cards_as_its_source(
    source: ModuleType, seed: int
) -> None:
    ours = _cards_tried(_checker_of(checker, seed))
    assert ours == _cards_tried(_checker_of(source, seed))
