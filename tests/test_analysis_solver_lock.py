"""One call into DDS at a time in a process (``analysis.solver.SOLVER_LOCK``).

DDS keeps its working memory per solver thread and endplay's ``solve_board`` always
uses the first, so a claim check on a request thread must not solve while the hand
records are analysed in the background. These tests hold the lock as a running solve
would and check that every way into the solver waits for it, then answers as DDS does.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from arbitro.analysis import solver
from arbitro.core.board import Board
from arbitro.core.deal import Deal
from arbitro.core.seat import Seat
from arbitro.core.suit import Strain
from arbitro.dealing.dealer import DealtBoard


def waits_for_the_lock(call: Callable[[], object]) -> object:
    """Run ``call`` on a thread while the lock is held: it must not finish until released."""
    answers: list[object] = []
    worker = threading.Thread(target=lambda: answers.append(call()))
    with solver.SOLVER_LOCK:
        worker.start()
        worker.join(timeout=1.0)
        assert worker.is_alive(), "the solver ran while another call held it"
        assert answers == []
    worker.join(timeout=60)
    assert not worker.is_alive()
    return answers[0]


def test_a_position_is_solved_only_when_no_other_solve_runs() -> None:
    hands = ["AK...", "32...", "QJ...", "54..."]
    answer = waits_for_the_lock(lambda: solver.position_tricks(hands, Strain.NOTRUMP, Seat.EAST))
    assert answer == solver.position_tricks(hands, Strain.NOTRUMP, Seat.EAST) == 0


def test_hand_records_are_analysed_only_when_no_other_solve_runs() -> None:
    dealt = [DealtBoard(Board(1), Deal.from_number(0))]
    answer = waits_for_the_lock(lambda: solver.analyse(dealt))
    assert isinstance(answer, list)
    assert answer[0].par.score == solver.analyse(dealt)[0].par.score == 1510
