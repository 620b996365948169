"""Law 79C: publishing starts the correction period, so it asks first while results are missing.

The desk and ``arbitro event publish`` follow one rule (:meth:`Store.results_to_come`):
a round still open for entry at the tables, or a board a table plays with no result,
and nothing is published until the director confirms (``--yes`` / ``--force``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store, open_store
from cli_support import run_cli
from howell_support import round_one_but_table_3

pytest_plugins = ("web_director",)  # the store with director ana


def _round_one_but_table_3(store: Store) -> int:
    """A 5-table Howell (9 rounds): round 1 entered at every table but table 3, round 2 open."""
    event = round_one_but_table_3(store)
    store.open_round(event, 2)
    return event


def test_law79c_results_to_come_counts_the_open_rounds_and_the_boards_missing(
    store: Store,
) -> None:
    event = _round_one_but_table_3(store)
    waiting = store.results_to_come(event)
    assert (waiting.rounds, waiting.missing, waiting.expected) == ((2,), 82, 90)
    assert waiting.lines() == [
        "Rounds still open for entry at the tables: 2.",
        "Results still missing: 82 of 90.",
    ]


def test_law79c_the_command_line_refuses_to_publish_while_results_are_missing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    opened = open_store(url)
    try:
        event = str(_round_one_but_table_3(opened))
    finally:
        opened.close()
    for lang, said in (
        ("en", ["nothing is published until you confirm with --yes", "82 of 90"]),
        ("es", ["no se publica nada hasta que lo confirme con --yes", "82 de 90"]),
    ):
        code, out, err = run_cli(capsys, "event", "publish", event, "--lang", lang, "--db", url)
        assert code == 1
        assert out == ""
        for words in said:
            assert words in err
    checked = open_store(url)
    try:
        assert checked.event(int(event)).published is None  # nothing half done
    finally:
        checked.close()
    code, out, err = run_cli(capsys, "event", "publish", event, "--yes", "--db", url)
    assert code == 0, err
    assert f"Results of event {event} published." in out


def test_law79c_force_is_the_same_as_yes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    opened = open_store(url)
    try:
        event = str(_round_one_but_table_3(opened))
    finally:
        opened.close()
    code, _, err = run_cli(capsys, "event", "publish", event, "--force", "--db", url)
    assert code == 0, err


def test_law79c_the_desk_lists_what_the_command_line_lists(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _round_one_but_table_3(store)
    answer = client.post(f"/director/events/{event}/publish", data={"csrf_token": csrf})
    assert answer.status_code in (200, 303)
    assert store.event(event).published is None
    page = client.get(f"/director/events/{event}?view=ranking&publishing=1&lang=en").text
    box = page.split('id="publishing"')[1].split("</div>")[0]
    for line in store.results_to_come(event).lines():
        assert line in box
