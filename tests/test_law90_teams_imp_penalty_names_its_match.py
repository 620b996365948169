"""Law 90 in a teams event of several matches: a penalty in IMPs names the board of its match.

Four teams play a round robin of two rounds, a match a round. Team 1 beats team 4 by 10
IMPs in round 1 and draws with team 2 in round 2. A penalty in IMPs comes off the
team's margin in the match of the board named: 3 IMPs in round 2 turn its draw into a
3-IMP loss, in round 1 its 10-IMP win into a 7-IMP one. Without the board the desk, the
API and the command line refuse it, naming the field or the option, and store nothing:
the IMPs are never taken from a match picked for them.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.scoring.vp import victory_points
from arbitro.store import Store
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.penalties import PenaltyBoardMissingError
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from cli_support import run_cli
from teams_support import WIN, league

pytest_plugins = ("web_director",)  # ana's store and her signed-in client


def total(store: Store, event: int, team: str) -> Fraction:
    """``team``'s victory points in the ranking."""
    (standing,) = [s for s in store.ranking(event) if s.participant == team]
    return standing.total


def penalty(board: int | None) -> PenaltyRecord:
    """3 IMPs on team 1 for slow play (Law 90B2), on ``board``."""
    return PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90B2", "slow", board)


def test_law90_a_teams_imp_penalty_comes_off_the_match_of_the_board_named(store: Store) -> None:
    event = league(store)
    played = victory_points(WIN, 2)[0] + victory_points(0, 2)[0]
    assert total(store, event, "1") == played
    given = store.add_penalty(event, penalty(board=3))  # round 2's board: the draw
    assert total(store, event, "1") == victory_points(WIN, 2)[0] + victory_points(-3, 2)[0]
    store.change_penalty(event, given, penalty(board=1), "it was in round 1")
    assert total(store, event, "1") == victory_points(WIN - 3, 2)[0] + victory_points(0, 2)[0]
    # The opponents keep their victory points either way.
    assert total(store, event, "2") == victory_points(0, 2)[0] * 2


def test_law90_a_teams_imp_penalty_without_its_board_is_refused_by_the_store(
    store: Store,
) -> None:
    event = league(store)
    with pytest.raises(PenaltyBoardMissingError, match="needs the board it was given on"):
        store.add_penalty(event, penalty(board=None))
    assert store.penalties(event) == []
    # A penalty in victory points comes off the total: it needs no board.
    store.add_penalty(
        event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1), "vp", "90B2", "slow")
    )
    assert len(store.penalties(event)) == 1


def test_law90_a_teams_event_of_one_match_takes_an_imp_penalty_without_its_board(
    store: Store,
) -> None:
    event = store.create_event(
        EventSpec("Encuentro", boards=2, kind="teams"), [Participant("A"), Participant("B")]
    )
    store.add_penalty(
        event, PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90", "")
    )
    assert len(store.penalties(event)) == 1


def test_law90_the_desk_refuses_a_teams_imp_penalty_without_its_board_naming_the_field(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = league(store)
    page = client.get(f"/director/events/{event}?view=rulings&lang=en").text
    form = page.split('id="penalty-form"')[1].split("</form>")[0]
    assert 'name="board"' in form
    assert "the IMPs come off the match of that board" in form
    typed = {
        "csrf_token": csrf, "participant": "1", "amount": "3", "unit": "imps",
        "law": "90B2", "reason": "slow play",
    }  # fmt: skip
    answer = client.post(f"/director/events/{event}/penalties?lang=en", data=typed)
    assert store.penalties(event) == []
    flash = re.search(r'class="flash"[^>]*>([^<]*)<', answer.text)
    assert flash is not None
    assert "“Board”: team 1&#39;s penalty in IMPs needs the board" in flash.group(1)
    kept = answer.text.split('id="penalty-form"')[1].split("</form>")[0]
    assert 'value="slow play"' in kept
    assert 'value="90B2"' in kept
    client.post(f"/director/events/{event}/penalties", data=typed | {"board": "x"})
    assert store.penalties(event) == []
    client.post(f"/director/events/{event}/penalties", data=typed | {"board": "3"})
    (stored,) = store.penalties(event)
    assert stored.record.board == 3
    shown = client.get(f"/director/events/{event}?view=rulings&lang=en").text
    assert f'id="penalty-{stored.number}"' in shown
    assert "Board 3" in shown.split(f'id="penalty-{stored.number}"')[1].split("</p>")[0]


def test_law90_the_api_refuses_a_teams_imp_penalty_without_its_board(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = league(store)
    given = {"participant": "1", "amount": "3", "unit": "imps", "law": "90B2"}
    answer = client.post(
        f"/api/events/{event}/penalties", json=given, headers={"X-CSRF-Token": csrf}
    )
    assert answer.status_code == 422
    assert "needs the board it was given on" in answer.json()["detail"]
    assert store.penalties(event) == []
    answer = client.post(
        f"/api/events/{event}/penalties", json=given | {"board": 3}, headers={"X-CSRF-Token": csrf}
    )
    assert answer.status_code == 201, answer.text


def test_law90_the_command_line_refuses_a_teams_imp_penalty_without_board_naming_the_option(
    capsys: pytest.CaptureFixture[str], store: Store, tmp_path: Path
) -> None:
    event = league(store)
    db = str(tmp_path / "arbitro.sqlite3")
    code, _, err = run_cli(
        capsys, "event", "penalty", str(event), "1", "3IMP", "--reason", "slow", "--db", db
    )
    assert code != 0
    assert "--board: team 1's penalty in IMPs needs the board it was given on" in err
    assert store.penalties(event) == []
    code, _, err = run_cli(capsys, "event", "penalty", str(event), "1", "3IMP", "--reason",
                           "slow", "--board", "3", "--db", db)  # fmt: skip
    assert (code, err) == (0, "")
    assert total(store, event, "1") == victory_points(WIN, 2)[0] + victory_points(-3, 2)[0]


def test_law90_a_teams_matches_add_up_to_its_total_after_an_imp_penalty_on_its_card(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = league(store)
    store.add_penalty(event, penalty(board=3))
    store.publish(event)
    page = client.get(f"/results/{event}/pairs/1?lang=en").text
    rows = re.findall(r"<tr><td>(\d)</td>.*?</tr>", page.split('id="matches"')[1], re.S)
    assert rows == ["1", "2"]
    cells = re.findall(
        r'<td class="number">([^<]*)</td>', page.split('id="matches"')[1].split("</table>")[0]
    )
    after = victory_points(-3, 2)[0]
    # Round 2's VPs are those after the 3 IMPs, marked, so the two matches add up to the total.
    assert cells[3] == f"{float(after):.2f}* – 10.00"
    assert (
        cells[1]
        == f"{float(victory_points(WIN, 2)[0]):.2f} – {float(victory_points(-WIN, 2)[0]):.2f}"
    )
    assert 'id="match-penalties"' in page
    assert f"{float(total(store, event, '1')):.2f}" in page
    assert total(store, event, "1") == victory_points(WIN, 2)[0] + after
    # The penalty names the match it comes off.
    listed = page.split('id="penalties"')[1].split("</ul>")[0]
    assert "match of round 2 against Team 2" in listed


def test_law90_the_command_lines_matches_give_the_penalty_and_the_vps_after_it(
    capsys: pytest.CaptureFixture[str], store: Store, tmp_path: Path
) -> None:
    event = league(store)
    store.add_penalty(event, penalty(board=3))
    db = str(tmp_path / "arbitro.sqlite3")
    code, out, _ = run_cli(capsys, "event", "ranking", str(event), "--db", db, "--lang", "en")
    assert code == 0
    header = next(line for line in out.splitlines() if "match" in line and "IMPs" in line)
    assert header.split() == ["round", "match", "IMPs", "penalties", "VP", "boards"]
    (line,) = [line for line in out.splitlines() if "1 v 2" in line]
    after = f"{float(victory_points(-3, 2)[0]):.2f}"
    assert line.split() == [
        "2",
        "1",
        "v",
        "2",
        "0",
        "/",
        "0",
        "3",
        "/",
        "0",
        after,
        "/",
        "10.00",
        "2",
    ]
    assert "VP after the penalties in IMPs" in out


def test_law90_the_desk_lists_a_teams_penalty_under_the_teams_name(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = league(store)
    given = store.add_penalty(event, penalty(board=3))
    page = client.get(f"/director/events/{event}?view=rulings&lang=es").text
    listed = page.split(f'id="penalty-{given}">', 1)[1].split("</p>", 1)[0]
    assert listed.strip().startswith(f"<p>{given}. Equipo 1: 3 IMP")


def test_law90_the_card_puts_a_penalty_in_the_match_of_its_session(store: Store) -> None:
    """Two sessions of the same boards: team 1 plays team 2 in the first, team 3 in the
    second. A penalty given on board 2 of session 2 comes off the match against team 3,
    on the card as in the ranking, though session 1 had a board 2 too."""
    from arbitro.tournament.entry import Entry
    from arbitro.web.match_tables import penalty_match, team_matches

    teams = [Participant(str(number)) for number in range(1, 5)]
    event = store.create_event(EventSpec("Liga", 2, kind="teams", sessions=2), teams)
    for session, (home, away) in ((1, ("1", "2")), (2, ("1", "3"))):
        for board in (1, 2):
            store.enter_result(
                event, board, 1, Entry.from_str("4S N 10"), ns=home, ew=away, session=session
            )
            store.enter_result(
                event, board, 2, Entry.from_str("4S N 9"), ns=away, ew=home, session=session
            )
    store.add_penalty(event, penalty(board=2), session=2)
    lines = team_matches(store, store.event(event), "1")
    [stored] = store.penalties(event)
    match = penalty_match(lines, stored.record, stored.session)
    assert match is not None
    assert (match.opponent, match.session, match.penalty) == ("3", 2, Fraction(3))
    ranked = store.penalised_matches(event)
    assert [(m.home, m.away, m.home_penalty) for m in ranked[2]] == [("1", "3", Fraction(3))]
