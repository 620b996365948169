"""Boards played through the table engine with a seeded random policy, as PBN games."""

from __future__ import annotations

import random

from arbitro.core.deal import Deal
from arbitro.formats.pbn import PBNGame, PBNTag
from arbitro.formats.pbn.tables import game_of
from arbitro.table import Phase, Table

OPTIMUM_ROWS = tuple(
    f"{seat} {strain:>2} {tricks:>2}"
    for seat, base in zip("NSEW", (7, 7, 6, 6), strict=True)
    for strain, tricks in zip(
        ("NT", "S", "H", "D", "C"), (base, base - 1, base, base + 1, base), strict=True
    )
)


def played_table(rng: random.Random, *, cards: int = 52) -> Table:
    """A board dealt at random and played by random legal calls and cards."""
    table = Table(Deal.from_number(rng.randrange(1, 10**28)), number=rng.randint(1, 32))
    while table.phase is Phase.AUCTION and table.turn is not None:
        calls = table.legal_calls()
        table.call(table.turn, rng.choice(calls) if rng.random() < 0.35 else calls[0])
    while cards and table.turn is not None and table.legal_cards():
        table.play(table.turn, rng.choice(table.legal_cards()))
        if table.face_down_lead is not None:
            table.face_lead()
        cards -= 1
    return table


def played_games(count: int, seed: int = 7) -> list[PBNGame]:
    """``count`` played boards as PBN games, with a double-dummy table each."""
    rng = random.Random(seed)
    games = []
    for number in range(count):
        table = played_table(rng, cards=52 if number % 3 else rng.randint(0, 51))
        game = game_of(table, Event="Árbitro test")
        games.append(
            game.with_tags(
                PBNTag("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", OPTIMUM_ROWS)
            )
        )
    return games
