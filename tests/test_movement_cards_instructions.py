"""What the movement's cards and printout tell the players and the director (Law 8A).

One instruction for an arrow switch (the pairs change seats, the boards are not turned),
the bye stand only for sets waiting between two plays, and the sharing of boards said
as it is made (a relay, or copies, Law 6F).
"""

from __future__ import annotations

from arbitro.cli.movement import show
from arbitro.i18n import use_language
from arbitro.tournament.movements import guide_card, howell, individual, mitchell, table_card
from arbitro.tournament.movements.teams import round_robin


def test_law8a_arrow_switch_guide_card_says_change_seats_not_turn_the_boards() -> None:
    movement = mitchell(3, 2, arrow_switch=True)
    card = guide_card(movement, "1NS")
    rows = card.splitlines()
    # The switched round seats 1NS East-West: the direction column says where to sit.
    assert rows[-2].split()[:3] == ["3", "1", "E-W"]
    assert "(arrow switch)" not in card
    assert rows[-1] == (
        "Arrow switch in round 3: the pairs change seats as the card shows; "
        "play the boards as they come, without turning them."
    )
    assert "play the other direction's cards" not in show(movement)


def test_law8a_arrow_switch_note_only_on_the_cards_of_switched_rounds() -> None:
    movement = mitchell(5, 2, arrow_switch=[2])
    assert "Arrow switch in round 2" in table_card(movement, 1)
    assert "Arrow switch" not in guide_card(mitchell(5, 2), "1NS")
    assert "Arrow switch" not in table_card(mitchell(5, 2), 1)


def test_law8a_arrow_switch_note_in_spanish() -> None:
    with use_language("es"):
        card = guide_card(mitchell(3, 2, arrow_switch=True), "2EW")
    assert card.splitlines()[-1].startswith("Cambio de flecha en la ronda 3: las parejas")


def test_sets_not_yet_played_are_not_on_the_bye_stand() -> None:
    for movement in (individual(2, 1), howell(3, 2), round_robin(4, 2)):
        assert "bye stand" not in show(movement), movement.description


def test_mitchell_relay_lists_its_bye_stand_set() -> None:
    printed = show(mitchell(4, 2, sharing="relay"))
    round_2 = printed.split("Round 2")[1].split("Round 3")[0]
    assert "On the bye stand: boards" in round_2


def test_description_says_copies_when_tables_cannot_pass_the_boards() -> None:
    assert "relay between tables 1 and 4, in copies of the boards" in (
        mitchell(4, 1, sharing="relay").description
    )
    assert mitchell(4, 2, sharing="relay").description.endswith(
        "relay between tables 1 and 4, bye stand"
    )
    assert "relay between tables 1, 2 and 3, in copies" in howell(3, 2).description
    assert "relay between tables 1, 2 and 3," not in howell(3, 3).description


def test_description_of_movements_where_every_table_plays_the_same_boards() -> None:
    assert "every match plays the round's boards, in copies" in round_robin(4, 2).description
    assert "relay" not in round_robin(4, 2).description
    assert "every table plays the round's boards" in individual(2, 1).description


def test_law8a_mitchell_relay_names_the_set_the_bye_stand_starts_with() -> None:
    """The room is set up before round 1: the director must know which set starts on
    the bye stand (boards 11-12 of a 6-table relay of 2-board rounds, table 3's in round 2)."""
    movement = mitchell(6, 2, sharing="relay")
    round_1 = show(movement).split("Round 1")[1].split("Round 2")[0]
    assert "On the bye stand: boards 11-12" in round_1
    (resting,) = movement.resting_sets(1)
    assert movement.board_numbers(resting) == (11, 12)
    assert any(s.board_set == resting for s in movement.seatings(2))
