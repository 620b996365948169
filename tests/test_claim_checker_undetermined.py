"""A claim check that runs out of its budget says so before the award (Law 70).

The checker stops a search still running after its budget (``checker.BUDGET`` cards
tried), or holding the most positions it may (``checker.POSITIONS``,
``checker.REMEMBERED``), and answers "undetermined" with what it found; the command
line and the ruling assistant's claim page must show that note, or the director would
read a provisional award as a final one. The budget is set to nothing in some tests
here so that a real search of a 13-card claim stops at its first position.
"""

from __future__ import annotations

import html
import json
import random
import shlex
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from arbitro.analysis.claims import ClaimStatement, checker
from arbitro.cli.main import cli
from arbitro.core import Seat
from arbitro.i18n import Language, use_language
from arbitro.table.log import loads
from arbitro.web.claims import claim_verdict
from claim_support import SMALL_BUDGET, UNDETERMINED_LOG, random_position, random_statement

pytest_plugins = ("web_director",)  # the store and director fixtures

LOG = UNDETERMINED_LOG


@pytest.fixture
def arguments(tmp_path: Path) -> list[str]:
    """``arbitro claim check`` of North's claim of all at :data:`LOG`, no double dummy."""
    log = tmp_path / "thirteen.jsonl"
    log.write_text(LOG, encoding="utf-8")
    return ["claim", "check", str(log), "--claim", "all", "--seat", "N", "--no-double-dummy"]


def test_law_70_an_undetermined_check_says_so_before_the_award_on_the_command_line(
    arguments: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checker, "BUDGET", 0)
    printed = CliRunner().invoke(cli, arguments).output
    assert "undetermined" in printed
    assert printed.index("undetermined") < printed.index("Award:")


def test_law_70_a_check_within_its_budget_prints_no_note(tmp_path: Path) -> None:
    log = tmp_path / "end.jsonl"
    end = Path(__file__).resolve().parent.parent / "docs" / "examples" / "claim-end-position.jsonl"
    log.write_text(end.read_text(encoding="utf-8"), encoding="utf-8")
    printed = CliRunner().invoke(cli, ["claim", "check", str(log), "--no-double-dummy"]).output
    assert "Award:" in printed
    assert "undetermined" not in printed


def test_law_70_an_undetermined_check_says_so_on_the_claim_page(
    director: tuple[TestClient, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, csrf = director
    monkeypatch.setattr(checker, "BUDGET", 0)
    answer = client.post(
        "/director/rulings/claim",
        data={
            "csrf_token": csrf,
            "log": LOG,
            "claimer": "N",
            "statement": "all",
        },
    )
    assert answer.status_code == 200, answer.text
    assert 'id="undetermined"' in answer.text
    assert answer.text.index('id="undetermined"') < answer.text.index('id="award"')


@pytest.mark.parametrize(
    ("memory_full", "language", "says", "not_said"),
    [
        (False, "en", "budget of cards tried", "memory"),
        (False, "es", "cartas probadas", "memoria"),
        (True, "en", "filled the memory", "cards tried"),
        (True, "es", "llenó la memoria", "cartas probadas"),
    ],
)
@pytest.mark.parametrize("least", [2, 3])
def test_law_70_the_undetermined_note_says_why_the_search_stopped(
    memory_full: bool, language: Language, says: str, not_said: str, least: int
) -> None:
    """The budget counts every card either search tries (``checker.BUDGET``); a search
    may also stop sooner, holding the most positions it may (``checker.POSITIONS``).
    The note says which, in both catalogs, for an award left as a range (``least`` below
    ``worst``) and for a line as stated left unfinished."""
    check = checker.ClaimCheck(
        5, 5, 4, 3, (), determined=False, least=least, memory_full=memory_full
    )
    with use_language(language):
        note = check.note
    assert note is not None
    assert says in note
    assert not_said not in note


def test_law_70_a_search_holding_the_most_positions_stops_and_offers_no_larger_budget(
    arguments: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The memory a search may fill (``checker.POSITIONS``) is a guard for the largest
    budgets: reaching it, a search further stops as at the end of its budget, and says so.
    A thorough search, the same search until then, stops at the same point with the same
    answer, so the command offers none."""
    monkeypatch.setattr(checker, "BUDGET", SMALL_BUDGET // 10)
    monkeypatch.setattr(checker, "POSITIONS", 10_000)
    usual = json.loads(CliRunner().invoke(cli, [*arguments, "--json"]).stdout)
    assert "memory_full" not in usual  # the usual budget holds fewer
    further = json.loads(CliRunner().invoke(cli, [*arguments, "--json", "--further"]).stdout)
    assert further["determined"] is False
    assert further["memory_full"] is True
    assert further["least"] < further["award"]  # a range, which a larger budget keeps
    printed = CliRunner().invoke(cli, [*arguments, "--further"]).output
    assert "filled the memory" in printed
    assert printed.index("filled the memory") < printed.index("Award:")
    assert "--thorough" not in printed
    thorough = json.loads(CliRunner().invoke(cli, [*arguments, "--json", "--thorough"]).stdout)
    assert thorough == further
    monkeypatch.setattr(checker, "POSITIONS", 10**9)
    unguarded = json.loads(CliRunner().invoke(cli, [*arguments, "--json", "--thorough"]).stdout)
    assert unguarded["least"] == unguarded["award"]  # without the guard, the fewest proved


def test_law_70_the_line_as_stated_stops_when_the_shared_memory_is_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search of the line as stated has its own guard (``checker.REMEMBERED``, the
    positions of the memory both searches share): reaching it, it stops with what it
    proved; the award, found before it started, stands."""
    budget = checker.FURTHER * SMALL_BUDGET
    unguarded = claim_verdict(LOG, "N", "all", budget=budget).check
    assert not unguarded.memory_full
    monkeypatch.setattr(checker, "REMEMBERED", 100_000)
    guarded = claim_verdict(LOG, "N", "all", budget=budget).check
    assert guarded.memory_full
    assert not guarded.determined
    assert (guarded.least, guarded.worst) == (unguarded.least, unguarded.worst)
    assert guarded.worst <= guarded.as_stated < unguarded.as_stated
    assert guarded.note is not None
    assert "filled the memory" in guarded.note
    assert "the award stands" in guarded.note


def test_law_70_the_claim_page_points_to_no_thorough_search_when_the_memory_filled(
    director: tuple[TestClient, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, csrf = director
    monkeypatch.setattr(checker, "BUDGET", SMALL_BUDGET // 10)
    monkeypatch.setattr(checker, "POSITIONS", 10_000)
    form = {"csrf_token": csrf, "log": LOG, "claimer": "N", "statement": "all", "further": "1"}
    answer = client.post("/director/rulings/claim", data=form)
    assert answer.status_code == 200, answer.text
    assert 'id="undetermined"' in answer.text
    assert "filled the memory" in answer.text
    assert 'id="search-thoroughly"' not in answer.text
    assert 'id="search-further"' not in answer.text


def test_law_70_searching_further_on_the_command_line_closes_the_range(
    arguments: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checker, "BUDGET", SMALL_BUDGET)
    first = CliRunner().invoke(cli, [*arguments, "--json"])
    data = json.loads(first.output)
    assert data["determined"] is False
    assert data["least"] < data["award"]
    printed = CliRunner().invoke(cli, arguments).output
    assert "--further" in printed
    assert printed.index("--further") < printed.index("Award:")
    further = CliRunner().invoke(cli, [*arguments, "--json", "--further"])
    closed = json.loads(further.stdout)
    # While it searched, a progress bar on standard error (here, off a terminal, its
    # label alone): the JSON on standard output is only the check.
    assert "Searching further" in further.stderr
    assert data["least"] <= closed["award"] <= data["award"]
    assert closed.get("least", closed["award"]) == closed["award"]  # the fewest proved
    again = CliRunner().invoke(cli, [*arguments, "--further"]).output
    assert f"Award: {closed['award']} " in again
    assert "--further" not in again  # nothing more to offer


def test_law_70_searching_thoroughly_finds_the_award_searching_further_left_a_range(
    arguments: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """For a ruling after the session or on appeal: ``--thorough``, offered once searching
    further has left the award a range, searches ``checker.THOROUGH`` times the budget."""
    monkeypatch.setattr(checker, "BUDGET", SMALL_BUDGET // 10)
    further = json.loads(CliRunner().invoke(cli, [*arguments, "--json", "--further"]).stdout)
    assert further["least"] < further["award"]  # a range still
    printed = CliRunner().invoke(cli, [*arguments, "--further"]).output
    assert "--thorough" in printed
    assert printed.index("--thorough") < printed.index("Award:")
    thorough = CliRunner().invoke(cli, [*arguments, "--json", "--thorough"])
    assert "Searching thoroughly" in thorough.stderr
    found = json.loads(thorough.stdout)
    assert further["least"] <= found["award"] <= further["award"]
    assert found.get("least", found["award"]) == found["award"]  # the fewest proved
    again = CliRunner().invoke(cli, [*arguments, "--thorough"]).output
    assert f"Award: {found['award']} " in again
    assert "--thorough" not in again  # nothing more to offer
    assert "--further" not in again


def test_searching_further_and_thoroughly_at_once_is_refused(arguments: list[str]) -> None:
    answer = CliRunner().invoke(cli, [*arguments, "--further", "--thorough"])
    assert answer.exit_code == 2
    assert "give --further or --thorough, not both" in answer.output


class _FormFields(HTMLParser):
    """The fields a browser would send with the form ``form_id`` of a page."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.fields: dict[str, str] = {}
        self.textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "form":
            self.inside = named.get("id") == self.form_id
        elif self.inside and tag == "input" and named.get("name"):
            self.fields[str(named["name"])] = named.get("value") or ""
        elif self.inside and tag == "textarea" and named.get("name"):
            self.textarea = str(named["name"])
            self.fields[self.textarea] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.fields[self.textarea] += data


def test_law_70_the_claim_page_offers_to_search_further_and_keeps_the_claim(
    director: tuple[TestClient, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, csrf = director
    monkeypatch.setattr(checker, "BUDGET", SMALL_BUDGET)
    answer = client.post(
        "/director/rulings/claim",
        data={"csrf_token": csrf, "log": LOG, "claimer": "N", "statement": "all"},
    )
    assert answer.status_code == 200, answer.text
    assert 'id="undetermined"' in answer.text
    form = _FormFields("search-further")
    form.feed(answer.text)
    assert form.fields["further"] == "1"
    assert form.fields["log"].strip() == LOG.strip()  # the claim goes back as it came
    assert (form.fields["claimer"], form.fields["statement"]) == ("N", "all")
    further = client.post("/director/rulings/claim", data=form.fields)
    assert further.status_code == 200, further.text
    assert 'id="search-further"' not in further.text
    closed = claim_verdict(LOG, "N", "all", budget=checker.FURTHER * SMALL_BUDGET).check
    assert closed.least == closed.worst  # the fewest proved
    assert f"Award: {closed.worst} " in further.text
    assert "every normal line makes at least" not in further.text  # no range left
    assert 'id="search-thoroughly"' not in further.text  # nothing more to offer


def test_law_70_the_claim_page_points_to_a_thorough_search_when_further_left_a_range(
    director: tuple[TestClient, str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    client, csrf = director
    monkeypatch.setattr(checker, "BUDGET", SMALL_BUDGET // 10)
    fields = {"csrf_token": csrf, "log": LOG, "claimer": "N", "statement": "all"}
    first = client.post("/director/rulings/claim", data=fields).text
    assert 'id="search-thoroughly"' not in first  # searching further comes first
    further = client.post("/director/rulings/claim", data={**fields, "further": "1"}).text
    assert "every normal line makes at least" in further  # a range still
    assert 'id="search-further"' not in further
    pointer = further.split('id="search-thoroughly">')[1].split("</p>")[0]
    assert f"{checker.THOROUGH} times" in pointer
    # The command to run, and the board's table log to run it on, as the page gives them.
    command = shlex.split(html.unescape(pointer.split('id="thorough-command">')[1].split("<")[0]))
    assert command[:3] == ["arbitro", "claim", "check"]
    assert command[-1] == "--thorough"
    link = pointer.split('id="board-log"')[1].split(">")[0]
    assert 'download="board-1.jsonl"' in link
    href = html.unescape(link.split('href="')[1].split('"')[0])
    saved = tmp_path / command[3]
    saved.write_text(unquote(href.split(",", 1)[1]), encoding="utf-8")
    assert loads(saved.read_text(encoding="utf-8")).events == loads(LOG).events
    run = CliRunner().invoke(cli, [*command[1:3], str(saved), *command[4:], "--json"])
    assert run.exit_code == 0, run.output
    found = json.loads(run.stdout)
    assert found.get("least", found["award"]) == found["award"]  # the fewest proved
    assert (found["claimer"], found["statement"]) == ("N", "all")


def _ranges_never_widen(cards: int, seed: int, count: int, budgets: tuple[int, int]) -> int:
    """Check ``count`` random claims at ``cards`` cards a hand with the smaller of
    ``budgets``, and again with the larger one those it leaves undetermined: the range
    found with the larger is never wider. Returns how many were undetermined."""
    smaller, larger = budgets
    rng = random.Random(seed)
    undetermined = 0
    for _ in range(count):
        position = random_position(rng, cards)
        claimer = Seat(rng.randrange(4))
        statement = ClaimStatement.from_str(random_statement(rng, position, claimer))
        first = checker.check_claim(position, claimer, statement, budget=smaller)
        if first.determined:
            continue
        undetermined += 1
        then = checker.check_claim(position, claimer, statement, budget=larger)
        assert first.least is not None
        assert then.least is None or then.least >= first.least
        assert then.worst <= first.worst
    return undetermined


def test_law_70_searching_further_never_widens_the_range(monkeypatch: pytest.MonkeyPatch) -> None:
    # Searching further is the same search, taken further: where the usual check stops,
    # it keeps the same lines, so the Director never sees a range wider than the one he
    # asked to narrow (before, 5 of these 200 gave a line making more tricks).
    monkeypatch.setattr(checker, "BUDGET", 5_000)
    budgets = (checker.BUDGET, checker.further_budget())
    assert _ranges_never_widen(10, 7, 200, budgets) >= 150  # most left open


def test_law_70_searching_thoroughly_never_widens_the_range_searching_further_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A thorough search is the same search again, taken further still: where searching
    # further stops, it keeps the same lines, so its range is never wider than that one
    # (before it kept them, 2 of these 150 gave a line making more tricks).
    monkeypatch.setattr(checker, "BUDGET", 2_000)
    budgets = (checker.further_budget(), checker.thorough_budget())
    assert _ranges_never_widen(11, 3, 150, budgets) >= 100  # most left open searching further
