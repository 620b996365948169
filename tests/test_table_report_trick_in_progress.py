"""The table's JSON report shows the trick in progress, not only the completed tricks."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from arbitro.cli import cli
from arbitro.table.log import dumps
from arbitro.table.report import report_json
from table_support import replay_until


def test_report_json_shows_the_trick_in_progress() -> None:
    table = replay_until("law_46b5_anything", '"decision"')  # East has led the ♥A
    report = report_json(table)
    assert report["tricks"] == []
    assert report["trick_in_progress"] == [{"seat": "E", "card": "HA"}]


def test_table_replay_json_shows_the_trick_in_progress(tmp_path: Path) -> None:
    table = replay_until("law_46b5_anything", '"decision"')
    log = tmp_path / "board.jsonl"
    log.write_text(dumps(table), encoding="utf-8")
    result = CliRunner().invoke(cli, ["table", "replay", "--json", str(log)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["trick_in_progress"] == [{"seat": "E", "card": "HA"}]
