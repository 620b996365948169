"""Following suit (Law 44C-D) is written once, and the table reaches it from one place.

Issue 21: the table's fast paths wrote Law 44 again beside ``legal_cards`` and the
general path. The Law is :func:`arbitro.laws.play.playable_mask`; inside the table
package it is called by :func:`arbitro.table.rectify.play.playable` (which composes it
with the restrictions in force, for ``legal_cards`` and for judging a card played) and by
Law 67's own choice of the card a defective trick's player keeps. Any other caller is a
second legality check of the same Law.
"""

from __future__ import annotations

import ast
from pathlib import Path

TABLE = Path(__file__).resolve().parent.parent / "src" / "arbitro" / "table"
EXPECTED = {("rectify/play.py", "playable"), ("rectify/missing_cards.py", "ask_card")}
"""Where the table package may call the Law: ``playable``, and Law 67B1's choice."""


def callers(name: str) -> set[tuple[str, str]]:
    """Each (module, function) of the table package that calls ``name``."""
    found: set[tuple[str, str]] = set()
    for path in sorted(TABLE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Call) and (
                    (isinstance(node.func, ast.Name) and node.func.id == name)
                    or (isinstance(node.func, ast.Attribute) and node.func.attr == name)
                ):
                    found.add((path.relative_to(TABLE).as_posix(), function.name))
    return found


def test_law_44c_44d_following_suit_is_called_only_by_playable_and_law_67() -> None:
    assert callers("playable_mask") == EXPECTED


def test_the_tables_legal_cards_and_a_card_played_both_go_through_playable() -> None:
    # The legality check of a card played and the list of legal cards are one function.
    called = callers("playable")
    assert ("table.py", "legal_cards") in called
    assert ("rectify/play.py", "play_card") in called
