"""What the table-engine tests share: scenario logs, random deals, and refused actions.

The Law scenario tests (``test_table_auction_laws_*``, ``test_table_play_laws_*``) load
the table logs in ``tests/scenarios/`` and check that an action the Laws do not allow is
refused and leaves the table as it was; the hypothesis tests (``test_table_*properties``)
deal random boards and check the same of any action. Test modules import it:
``from table_support import assert_refused, load_scenario``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from arbitro.core import Card, Deal, Hand, Seat
from arbitro.core.errors import ArbitroError
from arbitro.table import IllegalActionError, Phase, RestrictionKind, Table
from arbitro.table.events import BoardEvent, Event
from arbitro.table.log import load, replay
from arbitro.table.report import report_json

SCENARIOS = Path(__file__).parent / "scenarios"


def scenario_lines(name: str) -> list[str]:
    """The lines of the scenario log ``tests/scenarios/<name>.jsonl``: the board, then events.

    >>> scenario_lines("law_30a_pass_before_any_bid")[0].startswith("{")
    True
    """
    return (SCENARIOS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()


def load_scenario(name: str) -> Table:
    """The table a scenario's whole log folds into.

    >>> load_scenario("law_30a_pass_before_any_bid").number
    1
    """
    return load(SCENARIOS / f"{name}.jsonl")


def replay_events(name: str, events: int | None = None) -> Table:
    """The table after the board line and the first ``events`` events of a scenario.

    Without ``events``, the whole log. The test fails if the log is shorter.

    >>> len(replay_events("law_30a_pass_before_any_bid", 1).auction)
    1
    """
    if events is None:
        return load_scenario(name)
    lines = scenario_lines(name)
    assert len(lines) > events, "the scenario is shorter than the test expects"
    return replay(lines[: events + 1], name)


def law_50d2_spade_log() -> str:
    """A table log waiting on declarer's Law 50D2 choice, the major penalty card a spade.

    North declares 4♠; East (♠Q7 ♥QJ963 ♦K5 ♣J92) won trick 1 and is to lead, and West
    has shown the ♠4 on purpose: a major penalty card (50B). Declarer may require or
    forbid a spade lead (50D2a), or neither (50D2b).

    >>> from arbitro.table.log import loads
    >>> [(o.choice, o.suits) for o in loads(law_50d2_spade_log()).pending.options][0]
    ('require', (Suit.SPADES,))
    """
    lines = scenario_lines("law_50d2a_require_the_suit")[:14]  # up to trick 1's last card
    lines.append('{"event": "exposed", "seat": "W", "cards": ["S4"], "deliberate": true}')
    return "".join(line + "\n" for line in lines)


def replay_until(name: str, marker: str, nth: int = 1) -> Table:
    """The table after a scenario's lines before the ``nth`` one containing ``marker``.

    >>> replay_until("law_30a_pass_before_any_bid", '"call"').auction
    ()
    """
    lines = scenario_lines(name)
    cut = [number for number, line in enumerate(lines) if marker in line][nth - 1]
    return replay(lines[:cut], name)


def trick_names(table: Table) -> list[str]:
    """The trick in progress as seat and card (``ED8``), in order of play."""
    return [f"{seat}{card}" for seat, card in table.current_trick]


def played_trick(table: Table, number: int) -> tuple[str, list[str], str]:
    """Trick ``number`` (from 1): its leader, its cards in order, and its winner."""
    trick = table.tricks[number - 1]
    return str(trick.leader), [str(card) for card in trick.cards], str(trick.winner)


def rulings(table: Table) -> list[tuple[str, str, str]]:
    """Each ruling made at the table: the Law, who chose, and the choice."""
    return [(ruling.law, ruling.by, ruling.choice) for ruling in table.rulings]


def notes(table: Table) -> list[str]:
    """The Law of each note left for the Director."""
    return [note.law for note in table.notes]


def restrictions_in_force(table: Table) -> set[tuple[RestrictionKind, str, str]]:
    """Each restriction in force: its kind, the seat it binds, and the Law that made it."""
    return {(r.kind, str(r.seat), r.law) for r in table.restrictions}


def legal_card_names(table: Table) -> list[str]:
    """The cards the player in turn may play, as text (``SA``)."""
    return [str(card) for card in table.legal_cards()]


def pending_decision(table: Table) -> tuple[str, str, list[tuple[str, str]]]:
    """The decision the table waits on: who decides, under which Law, and each option's
    choice and Law (the test fails if nothing is pending)."""
    decision = table.pending
    assert decision is not None
    return decision.decider, decision.law, [(o.choice, o.law) for o in decision.options]


def table_state(table: Table) -> tuple[object, ...]:
    """Everything an action could change at the table, to compare before and after it."""
    return (
        table.auction,
        table.restrictions,
        table.rulings,
        table.notes,
        table.pending,
        table.awaited,
        table.turn,
        table.phase,
        table.contract,
        table.explanations,
        table.current_trick,
        table.tricks,
        table.revokes,
        table.events,
        len(table.events),
        tuple(table.hand(seat) for seat in Seat),
    )


def assert_refused(table: Table, action: Callable[[], None], *words: str) -> str:
    """Check that ``action`` is refused with a one-line message naming ``words``.

    The table must be exactly as it was before. Returns the message.
    """
    before = table_state(table)
    with pytest.raises(IllegalActionError) as error:
        action()
    assert table_state(table) == before
    message = str(error.value)
    assert message
    assert "\n" not in message
    for word in words:
        assert word in message, message
    return message


def random_deal(rng: random.Random) -> Deal:
    """A deal shuffled with ``rng``: 13 cards to each hand, North first.

    >>> sum(len(hand) for hand in random_deal(random.Random(1)).hands)
    52
    """
    cards = list(range(52))
    rng.shuffle(cards)
    masks = [sum(1 << c for c in cards[i * 13 : (i + 1) * 13]) for i in range(4)]
    return Deal((Hand(masks[0]), Hand(masks[1]), Hand(masks[2]), Hand(masks[3])))


def in_phase(table: Table, phase: Phase) -> bool:
    """Whether the table is in ``phase`` (a function, so that mypy does not narrow it)."""
    return table.phase is phase


def next_seat(table: Table) -> Seat:
    """The seat whose turn it is (the test fails if nobody's is)."""
    seat = table.turn
    assert seat is not None
    return seat


def assert_lead_revoke(table: Table, seat: str, card: str) -> Table:
    """Law 61A: a lead breaking a requirement or prohibition its maker could meet is a revoke.

    The lead is made on a copy of ``table`` (its events folded again), which must record
    it as a revoke by ``seat`` with ``card``, the card led; the copy is returned and
    ``table`` itself is left as it was.
    """
    events = table.events
    board = events[0]
    assert isinstance(board, BoardEvent)
    copy = Table.from_event(board)
    for event in events[1:]:
        copy.apply(event)
    before = len(copy.revokes)
    copy.play(seat, card)
    made = Card.from_str(card)
    assert len(copy.revokes) == before + 1
    assert (copy.revokes[-1].seat, copy.revokes[-1].card) == (Seat.from_str(seat), made)
    led = copy.face_down_lead or (copy.current_trick[0][1] if copy.current_trick else None)
    assert led == made
    return copy


def play_legal_board(seed: int) -> Table:
    """A board played from a random deal with uniformly random legal calls and cards.

    >>> play_legal_board(7).phase in (Phase.COMPLETE, Phase.PASSED_OUT)
    True
    """
    rng = random.Random(seed)
    table = Table(random_deal(rng), number=rng.randint(1, 32))
    while in_phase(table, Phase.AUCTION):
        table.call(next_seat(table), rng.choice(table.legal_calls()))
    if in_phase(table, Phase.OPENING_LEAD):
        table.play(next_seat(table), rng.choice(table.legal_cards()))
        table.face_lead()
        while in_phase(table, Phase.PLAY):
            table.play(next_seat(table), rng.choice(table.legal_cards()))
    return table


def report_snapshot(table: Table) -> object:
    """The table's JSON report, the four hands and the number of events."""
    return (report_json(table), [table.hand(seat) for seat in Seat], len(table.events))


def apply_or_refused(table: Table, event: Event) -> None:
    """Apply ``event``; if it is refused, it must be an :class:`IllegalActionError` with a
    message, and the table must be exactly as it was."""
    before = report_snapshot(table)
    refused: ArbitroError | None = None
    try:
        table.apply(event)
    except ArbitroError as error:
        refused = error
    if refused is not None:
        assert isinstance(refused, IllegalActionError), repr(refused)
        assert str(refused)
        assert report_snapshot(table) == before
