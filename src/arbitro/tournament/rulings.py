"""A ruling at a board: the Law the director applied, what was decided, and the table's log if any.

A :class:`Ruling` is attached to a board (and a table); it may carry the table's log
(``arbitro.table.log``), checked by replaying it.

>>> Ruling(board=5, table=2, law="", text="no Law")
Traceback (most recent call last):
...
arbitro.tournament.record_errors.InvalidRecordError: invalid record 'no Law': a ruling needs the Law it applies and what was decided
>>> Ruling(board=5, table=2, law="99Z", text="a Law the code does not have")
Traceback (most recent call last):
...
arbitro.laws.references.InvalidLawError: invalid Law '99Z': the Laws of the 2007 code are numbered 1 to 93
"""

from __future__ import annotations

from dataclasses import InitVar, dataclass

from arbitro.i18n import N_, gettext
from arbitro.laws.references import law_reference
from arbitro.scoring.penalties import REGULATION_G
from arbitro.tournament.record_errors import InvalidRecordError

__all__ = ["Ruling"]


@dataclass(frozen=True)
class Ruling:
    """A ruling at a board: the Law applied, what the director decided, and the table's log if any.

    ``law`` is a Law of the 2007 code (``arbitro.laws.references``), or several with
    commas between them (a worksheet's ruling and its penalty: ``12C1c, 90B8``; the
    AEB's regulation G is cited as ``AEB-G``). A ruling read back from the record
    (``recorded``) is not checked again.

    >>> Ruling(board=5, table=2, law="27B1a", text="insufficient bid corrected, no rectification").law
    '27B1a'
    """

    board: int
    table: int | None
    law: str
    text: str
    director: str = ""
    log: str | None = None
    recorded: InitVar[bool] = False
    """Read back from the record: its Law was checked when it was recorded (an older
    record may hold one that no longer passes, and is shown as it was)."""

    def __post_init__(self, recorded: bool) -> None:
        if not self.law.strip() or not self.text.strip():
            raise InvalidRecordError(
                self.text or self.law,
                N_("a ruling needs the Law it applies and what was decided"),
            )
        if not recorded:
            # A Law of the 2007 code, or refused naming it; a worksheet's ruling cites
            # several; each kept in the form the code keeps (``43B2(b)`` as ``43B2b``).
            cited = [
                REGULATION_G if law.strip().upper() == REGULATION_G else law_reference(law)
                for law in self.law.split(",")
            ]
            object.__setattr__(self, "law", ", ".join(cited))
        if self.log is not None:
            from arbitro.table.log import loads  # the table engine: not for every importer

            loads(self.log, source=gettext("the log of board {board}").format(board=self.board))

    def log_notes(self) -> list[str]:
        """What the table's log says of the ruling's Law: notes for the director, never a refusal.

        A ruling recorded with its table's log should cite a Law the log applied, or the
        one its pending decision waits on (or one of that decision's options). The
        director may still rule under another (Laws 12, 16, 70 and 90 are his, not the
        table's), so the record stands and these notes say what the log holds: the Law
        it stops undecided on, and a Law cited that it neither applied nor waits on.

        >>> from pathlib import Path
        >>> log = Path("docs/examples/claim-disputed.jsonl").read_text()
        >>> for note in Ruling(1, 1, "54D", "lead refused", log=log).log_notes():
        ...     print(note)
        Law 54D is neither a Law the table's log applied nor the one it waits on (68A, 70): check the Law or the log
        >>> Ruling(1, 1, "70D1", "claim disputed", log=log).log_notes(), Ruling(1, 1, "6", "x", log=log).log_notes() != []
        ([], True)
        """
        if self.log is None:
            return []
        from arbitro.table.log import loads  # the table engine: not for every importer

        table = loads(self.log, source=gettext("the log of board {board}").format(board=self.board))
        applied = [ruling.law for ruling in table.rulings]
        pending = table.pending
        waited = [] if pending is None else [pending.law, *(o.law for o in pending.options)]
        notes = []
        if pending is not None:
            notes.append(
                gettext(
                    "The table's log stops with Law {law} still to be decided ({options})"
                ).format(law=pending.law, options=", ".join(dict.fromkeys(waited[1:] or waited)))
            )
        cited = [law.strip() for law in self.law.split(",")]
        known = applied + waited
        if known and not any(_related(law, other) for law in cited for other in known):
            notes.append(
                gettext(
                    "Law {law} is neither a Law the table's log applied nor the one it waits "
                    "on ({laws}): check the Law or the log"
                ).format(law=self.law, laws=", ".join(dict.fromkeys(known)))
            )
        return notes


def _related(law: str, other: str) -> bool:
    """Whether two Laws are one, or one a part of the other (``54`` and ``54D``, not ``6`` and ``68A``)."""
    number, part = _split(law)
    other_number, other_part = _split(other)
    return number == other_number and (part.startswith(other_part) or other_part.startswith(part))


def _split(law: str) -> tuple[str, str]:
    number = law[: len(law) - len(law.lstrip("0123456789"))]
    return number, law[len(number) :]
