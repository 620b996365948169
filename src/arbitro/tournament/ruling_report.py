"""The ruling report of a judgement case, and the organiser's list of an event's adjustments.

A :class:`RulingReport` says what happened (the facts found, each with its Law), the
worksheet's questions with the director's answers, the player poll, what would have
happened without the infraction, the ruling with the Laws applied, the arithmetic of
the assigned score (weighted mean, Law 12C1e's two results, or the consequent and
subsequent damage of 12C1b), and the players' right to appeal (Laws 83, 92). It is
printed in the active language (:meth:`RulingReport.lines`) or given as JSON data.
Under the AEB a misinformation ruling also carries regulation G's procedural penalty,
named in the report the director reads to the players (the AEB's note to 12C2: the
director explains what the decision rests on).

The AEB asks that every score adjustment in a simultaneous event be reported to the
organiser (`004_*`): :func:`adjustment_line` is one line of that list.

>>> from arbitro.core.seat import Side
>>> from arbitro.scoring.worksheet import Irregularity, Worksheet
>>> from arbitro.tournament.judgement import Case
>>> case = Case(4, 2, Worksheet(Irregularity.MISINFORMATION, Side.NS, 110).answer(False, "mistaken call"))
>>> for line in RulingReport(case).lines()[-3:]:
...     print(line)
Score at the table: +110
Ruling: the score stands (Law 75C)
Either side may appeal this ruling (Law 92); ask the director how and by when (Law 83).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbitro.core.seat import Side
from arbitro.i18n import N_, get_language, gettext
from arbitro.scoring.adjusted import law_12c1e
from arbitro.scoring.results import AdjustedImps, Average, Result, View
from arbitro.scoring.worksheet import Irregularity
from arbitro.scoring.worksheet import Ruling as WorksheetRuling
from arbitro.tournament.event import pair_written
from arbitro.tournament.judgement import Case, penalty_line
from arbitro.tournament.poll import action_label


def _signed(value: Fraction | int) -> str:
    """A North-South score or mean: ``+600``, ``-100``, ``+380``, ``+1235/3``.

    >>> _signed(Fraction(1235, 3)), _signed(0)
    ('+1235/3', '+0')
    """
    text = str(value)
    return text if text.startswith("-") else f"+{text}"


def _view(view: View) -> str:
    return view.to_str()


@dataclass(frozen=True)
class RulingReport:
    """A judgement case with its ruling, as the report printed for the players.

    ``number`` is the ruling's number in the event's records, when it is stored.

    >>> from arbitro.core.seat import Side
    >>> from arbitro.scoring.worksheet import Irregularity, Worksheet
    >>> from arbitro.tournament.judgement import Case
    >>> RulingReport(Case(1, None, Worksheet(Irregularity.UNAUTHORISED, Side.NS, 0).answer(False))).ruling.stands
    True
    """

    case: Case
    number: int | None = None

    @property
    def ruling(self) -> WorksheetRuling:
        """The ruling the case's answers lead to.

        >>> from arbitro.core.seat import Side
        >>> from arbitro.scoring.worksheet import Irregularity, Worksheet
        >>> from arbitro.tournament.judgement import Case
        >>> RulingReport(Case(1, 1, Worksheet(Irregularity.UNAUTHORISED, Side.NS, 420).answer(False))).ruling.laws
        ('16B1',)
        """
        return self.case.ruling()

    def arithmetic(self) -> list[str]:
        """How the assigned score was worked out, one line per step, in the active language.

        >>> from arbitro.core.seat import Side
        >>> from arbitro.scoring.results import Weighted
        >>> from arbitro.scoring.worksheet import Irregularity, Otherwise, Worksheet
        >>> from arbitro.tournament.judgement import Case
        >>> sheet = Worksheet(Irregularity.UNAUTHORISED, Side.EW, -100)
        >>> for _ in range(5):
        ...     sheet = sheet.answer(True)
        >>> likely = Weighted(((Fraction(2, 3), 620), (Fraction(1, 3), -100)))
        >>> RulingReport(Case(1, 1, sheet, "wbf", Otherwise(likely))).arithmetic()
        ['2/3 × +620 + 1/3 × -100 = +380 (weighted score, Law 12C1c)']
        """
        ruling, case = self.ruling, self.case
        if ruling.stands or case.otherwise is None:
            return []
        if case.sheet.irregularity is Irregularity.DIRECTOR_ERROR:
            return [
                gettext(
                    N_(
                        "a director's error: both sides are treated as non-offending (Law "
                        "82C); North-South {ns}, East-West {ew}"
                    )
                ).format(ns=_view(ruling.result.ns), ew=_view(ruling.result.ew))
            ]
        lines: list[str] = []
        likely = case.otherwise.likely
        if likely is None and case.inexperienced:
            return [
                gettext(
                    N_(
                        "no result can be assigned: average-plus to the innocent side, "
                        "average to the offenders for their inexperience (Law 12C2a, the "
                        "AEB's note: the director explains it to them)"
                    )
                )
            ]
        if likely is None:
            return [
                gettext(
                    N_(
                        "no result can be assigned: average-plus to the innocent side, "
                        "average-minus to the offenders (Law 12C2a)"
                    )
                )
            ]
        if "12C1a" in ruling.laws:
            lines.append(
                gettext(N_("the likely result {score} is assigned (Law 12C1a)")).format(
                    score=likely.to_str()
                )
            )
        if "12C1c" in ruling.laws:
            terms = " + ".join(f"{weight} × {score:+d}" for weight, score in likely.parts)
            lines.append(
                gettext(N_("{terms} = {mean} (weighted score, Law 12C1c)")).format(
                    terms=terms, mean=_signed(likely.mean)
                )
            )
        innocent = case.sheet.innocent
        likely_result = likely.to_str()  # the innocent side's likely result, North-South's
        if "12C1e" in ruling.laws:
            # The figures of 12C1e itself, not the ruling's: under 12C1b the innocent
            # side may keep the table result instead of the likely one.
            assigned = law_12c1e(
                [score for _, score in likely.parts], case.otherwise.probable, innocent
            )
            likely_result = _view(assigned.ns if innocent is Side.NS else assigned.ew)
            lines.append(
                gettext(
                    N_(
                        "the most favourable likely result for the innocent side ({side}) is "
                        "{innocent}; the most unfavourable probable one for the offenders is "
                        "{offenders} (Law 12C1e)"
                    )
                ).format(
                    side=innocent.localized(),
                    innocent=_view(assigned.ns if innocent is Side.NS else assigned.ew),
                    offenders=_view(assigned.ew if innocent is Side.NS else assigned.ns),
                )
            )
        if ruling.damage is not None:
            lines.append(
                gettext(
                    N_(
                        "consequent damage {consequent}, subsequent damage {subsequent}, "
                        "counted for the innocent side (Law 12C1b)"
                    )
                ).format(
                    consequent=_signed(ruling.damage.consequent),
                    subsequent=_signed(ruling.damage.subsequent),
                )
            )
            if ruling.damage.consequent == 0:
                lines.append(
                    gettext(
                        N_(
                            "the infraction did not damage the innocent side: it keeps the "
                            "table result, {table}, not the likely result, {likely}; the "
                            "offenders get the assigned score"
                        )
                    ).format(table=f"{case.sheet.actual:+d}", likely=likely_result)
                )
        return lines

    def lines(self) -> list[str]:
        """The report, line by line, in the active language.

        >>> from arbitro.core.seat import Side
        >>> from arbitro.scoring.worksheet import Irregularity, Worksheet
        >>> from arbitro.tournament.judgement import Case
        >>> RulingReport(Case(4, 2, Worksheet(Irregularity.UNAUTHORISED, Side.NS, 0).answer(False)), 3).lines()[0]
        'Ruling 3: board 4, table 2'
        """
        case, ruling = self.case, self.ruling
        where = gettext(N_("board {board}")).format(board=case.board)
        if case.table is not None:
            where += ", " + gettext(N_("table {table}")).format(table=case.table)
        if self.number is not None:
            head = gettext(N_("Ruling {number}: {where}")).format(number=self.number, where=where)
        else:
            head = gettext(N_("Ruling: {where}")).format(where=where)
        if case.director:
            head += " " + gettext(N_("(director: {name})")).format(name=case.director)
        lines = [head]
        if case.facts:
            lines.append(gettext(N_("What happened:")))
            lines.extend(
                "  " + gettext(N_("Law {law}: {text}")).format(law=fact.law, text=fact.text)
                for fact in case.facts
            )
        lines.append(gettext(N_("Questions and answers:")))
        for number, answer in enumerate(case.sheet.answers, start=1):
            reply = gettext(N_("Yes")) if answer.yes else gettext(N_("No"))
            line = f"  {number}. {gettext(answer.step.question(case.sheet.irregularity))} {reply}"
            lines.append(f"{line}: {answer.note}" if answer.note else line)
        if case.poll is not None and case.poll.answers:
            poll = case.poll
            lines.append(
                gettext(
                    N_("Poll of players of the same standard (Law 16B1b), {seat} took {action}:")
                ).format(
                    seat=poll.seat.localized(), action=action_label(poll.taken, get_language())
                )
            )
            lines.extend(
                "  "
                + gettext(
                    N_("{action}: considered by {considered} of {of}, chosen by {chosen}")
                ).format(
                    action=action_label(share.action, get_language()),
                    considered=share.considered,
                    of=share.of,
                    chosen=share.chosen,
                )
                for share in poll.shares()
            )
            alternatives = poll.logical_alternatives()
            lines.append(
                "  "
                + (
                    gettext(N_("logical alternatives: {actions}")).format(
                        actions=", ".join(
                            action_label(action, get_language()) for action in alternatives
                        )
                    )
                    if alternatives
                    else gettext(N_("no logical alternative to {action}")).format(
                        action=action_label(poll.taken, get_language())
                    )
                )
            )
        otherwise = case.otherwise
        if otherwise is not None and case.sheet.next_question is not None:
            lines.append(gettext(N_("What would probably have happened otherwise (Law 12C1):")))
            if otherwise.likely is None:
                lines.append("  " + gettext(N_("no result is likely enough to assign (Law 12C2a)")))
            else:
                lines.extend(
                    "  "
                    + gettext(N_("likely: {score} (weight {weight})")).format(
                        score=f"{score:+d}", weight=weight
                    )
                    for weight, score in otherwise.likely.parts
                )
            if otherwise.probable:
                lines.append(
                    "  "
                    + gettext(N_("at all probable: {scores}")).format(
                        scores=", ".join(f"{score:+d}" for score in otherwise.probable)
                    )
                )
            if otherwise.after is not None:
                lines.append(
                    "  "
                    + gettext(
                        N_("expected after the infraction with normal play: {score} (Law 12C1b)")
                    ).format(score=f"{otherwise.after:+d}")
                )
        lines.append(
            gettext(N_("Score at the table: {score}")).format(score=f"{case.sheet.actual:+d}")
        )
        laws = ", ".join(ruling.laws)
        if ruling.stands:
            lines.append(gettext(N_("Ruling: the score stands (Law {laws})")).format(laws=laws))
        else:
            lines.append(gettext(N_("Ruling: assigned score (Laws {laws})")).format(laws=laws))
            lines.append(
                "  "
                + gettext(N_("North-South: {ns}; East-West: {ew}")).format(
                    ns=_side_score(ruling.result, Side.NS), ew=_side_score(ruling.result, Side.EW)
                )
            )
            lines.extend("  " + line for line in self.arithmetic())
        penalty = case.penalty()
        if penalty is not None:  # the AEB's regulation G: explained with the ruling
            lines.append(penalty_line(case.sheet, penalty))
        lines.append(
            gettext(
                N_(
                    "Either side may appeal this ruling (Law 92); ask the director how and by "
                    "when (Law 83)."
                )
            )
        )
        return lines

    def to_json(self) -> dict[str, object]:
        """The report as JSON data: the case, the poll's counts, the ruling's result, Laws and arithmetic.

        The poll is given by its counts only: respondents' names are for the director.

        >>> from arbitro.core.seat import Side
        >>> from arbitro.scoring.worksheet import Irregularity, Worksheet
        >>> from arbitro.tournament.judgement import Case
        >>> data = RulingReport(Case(4, 2, Worksheet(Irregularity.UNAUTHORISED, Side.NS, 420).answer(False))).to_json()
        >>> data["ruling"]
        {'stands': True, 'laws': ['16B1'], 'result': '+420', 'ns': '+420', 'ew': '-420', 'arithmetic': []}
        """
        case, ruling = self.case, self.ruling
        data: dict[str, object] = {"id": self.number, **case.to_json()}
        if case.poll is not None:
            # The report goes to the players: the poll without the respondents' names.
            data["poll"] = {
                "board": case.poll.board,
                "seat": str(case.poll.seat),
                "taken": case.poll.taken,
                "question": case.poll.question,
                "significant": str(case.poll.significant),
                "shares": [
                    {
                        "action": share.action,
                        "considered": share.considered,
                        "chosen": share.chosen,
                        "of": share.of,
                    }
                    for share in case.poll.shares()
                ],
                "logical_alternatives": list(case.poll.logical_alternatives()),
            }
        data["ruling"] = {
            "stands": ruling.stands,
            "laws": list(ruling.laws),
            "result": ruling.result.to_str(),
            "ns": _side_score(ruling.result, Side.NS),
            "ew": _side_score(ruling.result, Side.EW),
            "arithmetic": self.arithmetic(),
        }
        penalty = case.penalty()
        if penalty is not None:
            data["penalty"] = {
                "law": penalty.law,
                "side": str(case.sheet.offenders),
                "amount": str(penalty.amount),
                "unit": penalty.unit,
                "text": penalty_line(case.sheet, penalty),
            }
        return data


def _side_score(result: Result, side: Side) -> str:
    """One side's score, as that side scores it (East-West's sign turned).

    >>> _side_score(Result.split(600, -1370), Side.EW)
    '-1370'
    """
    view = result.ns if side is Side.NS else result.ew
    if isinstance(view, Average):
        return view.to_str()
    if isinstance(view, AdjustedImps):  # the side's own IMPs on the board (12C1b)
        return f"{view.to_str()} IMP"
    return (view if side is Side.NS else view.negated()).to_str()


def adjustment_line(number: int, case: Case, ns: str = "", ew: str = "") -> str:
    """One line of the organiser's list: the ruling, board, table, pairs, Laws and scores.

    >>> from arbitro.core.seat import Side
    >>> from arbitro.scoring.worksheet import Irregularity, Worksheet
    >>> from arbitro.tournament.judgement import Case
    >>> adjustment_line(2, Case(4, 2, Worksheet(Irregularity.UNAUTHORISED, Side.NS, 420).answer(False)))
    'Ruling 2: board 4, table 2: score stands, +420 (Law 16B1)'
    """
    ruling = case.ruling()
    where = gettext(N_("board {board}")).format(board=case.board)
    if case.table is not None:
        where += ", " + gettext(N_("table {table}")).format(table=case.table)
    if ns or ew:
        where += " " + gettext(N_("(NS {ns}, EW {ew})")).format(
            ns=pair_written(ns) if ns else "?", ew=pair_written(ew) if ew else "?"
        )
    laws = ", ".join(ruling.laws)
    if ruling.stands:
        outcome = gettext(N_("score stands, {score} (Law {laws})")).format(
            score=f"{case.sheet.actual:+d}", laws=laws
        )
    else:
        outcome = gettext(N_("{table} adjusted to {result} (Laws {laws})")).format(
            table=f"{case.sheet.actual:+d}", result=ruling.result.to_str(), laws=laws
        )
    return gettext(N_("Ruling {number}: {where}: {outcome}")).format(
        number=number, where=where, outcome=outcome
    )


MECHANICAL_LAWS = ("13", "15")
"""The Laws whose rulings adjust a score by rule, not by judgement (13B, 15B and the like)."""


def is_mechanical(law: str) -> bool:
    """Whether a board ruling's Law is one that adjusts a score by rule (criterion 4 of the AEB).

    >>> is_mechanical("13B"), is_mechanical("15B"), is_mechanical("16B1")
    (True, True, False)
    """
    number = "".join(character for character in law.strip() if character.isdigit())
    return number in MECHANICAL_LAWS


def entered_adjustment_line(
    board: int, table: int, ns: str, ew: str, entry: str, session: int = 1
) -> str:
    """A line of the organiser's list for an adjusted score entered directly (no worksheet).

    >>> entered_adjustment_line(3, 2, "1", "4", "adjusted A60/A40")
    'Board 3, table 2 (NS 1, EW 4), session 1: adjusted score entered, adjusted A60/A40'
    """
    return gettext(
        N_(
            "Board {board}, table {table} (NS {ns}, EW {ew}), session {session}: adjusted score entered, {entry}"
        )
    ).format(
        board=board,
        table=table,
        ns=pair_written(ns) if ns else "?",
        ew=pair_written(ew) if ew else "?",
        session=session,
        entry=entry,
    )


def mechanical_ruling_line(number: int, board: int, table: int | None, law: str, text: str) -> str:
    """A line of the organiser's list for a ruling by rule (Laws 13, 15) recorded at a board.

    >>> mechanical_ruling_line(5, 2, 1, "13B", "board with 12 and 14 cards; A60/A40")
    'Ruling 5: board 2, table 1: Law 13B: board with 12 and 14 cards; A60/A40'
    """
    where = gettext(N_("board {board}")).format(board=board)
    if table is not None:
        where += ", " + gettext(N_("table {table}")).format(table=table)
    return gettext(N_("Ruling {number}: {where}: Law {law}: {text}")).format(
        number=number, where=where, law=law, text=text
    )
