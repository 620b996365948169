"""A judgement ruling stored with the board: the worksheet's questions, answers and result.

:func:`ruling_record` turns a finished worksheet (:mod:`arbitro.scoring.worksheet`) and
the ruling it led to into the board's :class:`~arbitro.tournament.records.Ruling`,
whose text keeps each question with the director's answer and note, in the active
language, then the result and the Laws applied.

>>> from arbitro.core.seat import Side
>>> from arbitro.scoring.worksheet import Irregularity, Worksheet
>>> sheet = Worksheet(Irregularity.MISINFORMATION, Side.NS, 110).answer(False, "mistaken call")
>>> record = ruling_record(sheet, sheet.ruling(None), board=4, table=2)
>>> record.law, record.text.splitlines()[-1]
('75C', 'Result: +110 (the score stands)')
"""

from __future__ import annotations

from arbitro.i18n import N_, gettext
from arbitro.scoring.worksheet import Ruling as WorksheetRuling
from arbitro.scoring.worksheet import Worksheet
from arbitro.tournament.records import Ruling


def ruling_record(
    sheet: Worksheet, ruling: WorksheetRuling, board: int, table: int | None, director: str = ""
) -> Ruling:
    """The board's ruling record for a worksheet and its ruling.

    >>> from arbitro.core.seat import Side
    >>> from arbitro.scoring.worksheet import Irregularity, Worksheet
    >>> sheet = Worksheet(Irregularity.UNAUTHORISED, Side.NS, 620).answer(True, "slow pass")
    >>> sheet = sheet.answer(False, "suggests nothing")
    >>> print(ruling_record(sheet, sheet.ruling(None), board=1, table=None).text)
    Was there unauthorised information: a hesitation, a remark, an unexpected alert (Law 16B1)? Yes: slow pass
    Could it demonstrably suggest the action taken (Law 16B1a)? No: suggests nothing
    Result: +620 (the score stands)
    """
    lines = []
    for answer in sheet.answers:
        reply = gettext(N_("Yes")) if answer.yes else gettext(N_("No"))
        line = f"{gettext(answer.step.question(sheet.irregularity))} {reply}"
        lines.append(f"{line}: {answer.note}" if answer.note else line)
    outcome = (
        gettext(N_("the score stands"))
        if ruling.stands
        else gettext(N_("assigned score, Laws {laws}")).format(laws=", ".join(ruling.laws))
    )
    lines.append(
        gettext(N_("Result: {result} ({outcome})")).format(
            result=ruling.result.to_str(), outcome=outcome
        )
    )
    return Ruling(board, table, ", ".join(ruling.laws), "\n".join(lines), director)
