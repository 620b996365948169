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

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from arbitro.core.bounded import parse_fraction
from arbitro.core.errors import RuleError
from arbitro.i18n import N_, gettext
from arbitro.laws.authority import authority
from arbitro.scoring.penalties import Penalty, PenaltyBelowMinimumError
from arbitro.scoring.penalty_figures import write_penalty_amount
from arbitro.scoring.results import Weighted
from arbitro.scoring.worksheet import Irregularity, Otherwise, Step, Worksheet, WorksheetError
from arbitro.scoring.worksheet import Ruling as WorksheetRuling
from arbitro.tournament.penalties import RecordUnit
from arbitro.tournament.penalty_amounts import check_share_of_top, read_penalty_amount
from arbitro.tournament.poll import Poll, alternatives_answer
from arbitro.tournament.records import Ruling

if TYPE_CHECKING:  # the table's modules: imported by the callers that have a table
    from arbitro.table.agreements import AlertCheck, ExplanationCheck
    from arbitro.table.table import Table


def ruling_record(
    sheet: Worksheet,
    ruling: WorksheetRuling,
    board: int,
    table: int | None,
    director: str = "",
    penalty: Penalty | None = None,
) -> Ruling:
    """The board's ruling record for a worksheet and its ruling (and the AEB's regulation G penalty).

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
    laws = ", ".join(ruling.laws)
    if penalty is not None:
        lines.append(penalty_line(sheet, penalty))
        laws = f"{laws}, {penalty.law}"
    return Ruling(board, table, laws, "\n".join(lines), director)


def penalty_line(sheet: Worksheet, penalty: Penalty) -> str:
    """The ruling's line for the regulation G penalty on the offenders.

    >>> from arbitro.core.seat import Side
    >>> sheet = Worksheet(Irregularity.MISINFORMATION, Side.EW, 110)
    >>> penalty_line(sheet, Penalty(Fraction(1, 5), unit="top", law="AEB-G"))
    'Procedural penalty on East-West, AEB regulation G (a misexplained call, whether or not there was damage): 20% of a top'
    """
    return gettext(
        N_(
            "Procedural penalty on {side}, AEB regulation G (a misexplained call, whether or "
            "not there was damage): {amount}"
        )
    ).format(
        side=sheet.offenders.localized(),
        amount=write_penalty_amount(penalty.amount, penalty.unit),
    )


class CaseError(RuleError):
    """A ruling case (a case file or a stored case) with a field that cannot be read.

    >>> print(CaseError("board", N_("expected the board's number, from 1 up")))
    invalid ruling case 'board': expected the board's number, from 1 up
    """

    what = N_("ruling case")


@dataclass(frozen=True)
class CaseFact:
    """A fact the director found, with the Law it falls under (see :mod:`arbitro.table.facts`).

    >>> CaseFact("16B1", "South broke tempo before 5C").law
    '16B1'
    """

    law: str
    text: str


def facts_of(table: Table) -> tuple[CaseFact, ...]:
    """The facts a table recorded, as a case's facts in the active language.

    The ``fact`` events first, in order; then each withdrawn or cancelled call whose
    information is unauthorised for a side (16D2).

    >>> from arbitro.core import Seat
    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL, FactEvent
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.apply(FactEvent("card_seen", Seat.EAST, text="the ace of spades"))
    >>> facts_of(table)
    (CaseFact(law='16C2', text='a card seen by accident by East: "the ace of spades"'),)
    """
    from arbitro.table.auction_record import CallStatus
    from arbitro.table.facts import FACT_LABELS  # loaded with the table given

    statuses = {CallStatus.WITHDRAWN: N_("withdrawn"), CallStatus.CANCELLED: N_("cancelled")}
    facts = []
    for fact in table.facts:
        text = gettext(N_("{kind} by {seat}")).format(
            kind=gettext(FACT_LABELS[fact.event.kind]), seat=fact.event.seat.localized()
        )
        facts.append(
            CaseFact(fact.law, f'{text}: "{fact.event.text}"' if fact.event.text else text)
        )
    for entry in table.auction:
        if entry.unauthorized_for is None:
            continue
        facts.append(
            CaseFact(
                "16D",
                gettext(
                    N_(
                        "{call} by {seat}, {status} (Law {law}): its information is "
                        "unauthorised for {side}"
                    )
                ).format(
                    call=entry.call.localized(),
                    seat=entry.seat.localized(),
                    status=gettext(statuses.get(entry.status, N_("withdrawn"))),
                    law=entry.law or "16D",
                    side=entry.unauthorized_for.localized(),
                ),
            )
        )
    return tuple(facts)


@dataclass(frozen=True)
class Case:
    """A judgement case: the board, the facts, the worksheet, the poll, what would have happened.

    ``profile`` is the regulating authority's code (``aeb``, ``wbf``); ``otherwise`` the
    answer to the worksheet's last question, ``None`` when a "no" closed the case;
    ``in_imps`` whether the event is scored in IMPs, a teams event or pairs scored in
    IMPs (the AEB's regulation G penalty is then in IMPs), ``regulation_g`` the
    director's raised amount of that penalty (a share of a top at matchpoints, IMPs
    where the scores are IMPs), ``None`` for the least one, and ``regulation_g_unit``
    the unit typed with it (``top`` for ``30%``), ``None`` for a number alone; ``inexperienced``
    whether the director treats the offenders' inexperience as mitigation (the AEB's
    note to 12C2: average instead of average-minus in an artificial score).

    >>> from arbitro.core.seat import Side
    >>> from arbitro.scoring.worksheet import Irregularity
    >>> case = Case(7, 3, Worksheet(Irregularity.MISINFORMATION, Side.NS, 110).answer(False))
    >>> case.ruling().stands
    True
    """

    board: int
    table: int | None
    sheet: Worksheet
    profile: str = "aeb"
    otherwise: Otherwise | None = None
    poll: Poll | None = None
    facts: tuple[CaseFact, ...] = ()
    director: str = ""
    in_imps: bool = False
    regulation_g: Fraction | None = None
    inexperienced: bool = False
    regulation_g_unit: RecordUnit | None = None

    def penalty(self) -> Penalty | None:
        """The AEB's regulation G penalty on the offenders, or ``None`` (see :meth:`Worksheet.regulation_g`).

        A raised amount on a case the regulation does not reach is refused.

        >>> from arbitro.core.seat import Side
        >>> from arbitro.scoring.worksheet import Irregularity
        >>> sheet = Worksheet(Irregularity.MISINFORMATION, Side.NS, 110).answer(True).answer(False)
        >>> Case(1, 1, sheet, in_imps=True).penalty().amount
        Fraction(3, 1)
        >>> Case(1, 1, sheet, "wbf", regulation_g=Fraction(1, 4)).penalty()
        Traceback (most recent call last):
        ...
        arbitro.tournament.judgement.CaseError: invalid ruling case 'regulation_g': AEB regulation G does not apply to this case (its authority, or no misinformation found)
        """
        if self.regulation_g is not None:
            self._check_raised(self.regulation_g)
        penalty = self.sheet.regulation_g(authority(self.profile), self.in_imps, self.regulation_g)
        if penalty is None and self.regulation_g is not None:
            raise CaseError(
                "regulation_g",
                N_(
                    "AEB regulation G does not apply to this case (its authority, or no "
                    "misinformation found)"
                ),
            )
        return penalty

    def _check_raised(self, amount: Fraction) -> None:
        """Refuse a raised amount in the other unit, or of more than a whole top."""
        unit: RecordUnit = "imps" if self.in_imps else "top"
        if self.regulation_g_unit not in (None, unit):
            raise CaseError(
                "regulation_g",
                N_(
                    "expected a share of a top (25%) at matchpoints, IMPs (4) where the "
                    "scores are IMPs"
                ),
            )
        if unit == "top":
            check_share_of_top(amount, str(amount))

    def ruling(self) -> WorksheetRuling:
        """The ruling the worksheet's answers lead to, under the case's authority.

        >>> from arbitro.core.seat import Side
        >>> from arbitro.scoring.worksheet import Irregularity
        >>> sheet = Worksheet(Irregularity.UNAUTHORISED, Side.EW, 50)
        >>> for _ in range(5):
        ...     sheet = sheet.answer(True)
        >>> Case(1, 1, sheet, "wbf", Otherwise(Weighted.single(590))).ruling().result
        Result.played(590)
        """
        if self.sheet.next_question is None:
            return self.sheet.ruling(None)
        return self.sheet.ruling(authority(self.profile), self.otherwise, self.inexperienced)

    def record(self) -> Ruling:
        """The board's ruling record (:func:`ruling_record`) for this case.

        >>> from arbitro.core.seat import Side
        >>> from arbitro.scoring.worksheet import Irregularity
        >>> Case(2, None, Worksheet(Irregularity.MISINFORMATION, Side.NS, 110).answer(False)).record().law
        '75C'
        """
        return ruling_record(
            self.sheet, self.ruling(), self.board, self.table, self.director, self.penalty()
        )

    def to_json(self) -> dict[str, object]:
        """The case as JSON data: the shape of a case file (``arbitro ruling report FILE``).

        >>> from arbitro.core.seat import Side
        >>> from arbitro.scoring.worksheet import Irregularity
        >>> Case(2, None, Worksheet(Irregularity.MISINFORMATION, Side.NS, 110)).to_json()["worksheet"]
        {'irregularity': 'MI', 'offenders': 'NS', 'actual': 110, 'answers': []}
        """
        data: dict[str, object] = {
            "board": self.board,
            "table": self.table,
            "director": self.director,
            "profile": self.profile,
            "facts": [{"law": fact.law, "text": fact.text} for fact in self.facts],
            "worksheet": self.sheet.to_json(),
        }
        if self.poll is not None:
            data["poll"] = self.poll.to_json()
        if self.otherwise is not None:
            data["otherwise"] = otherwise_to_json(self.otherwise)
        if self.in_imps:
            data["in_imps"] = True
        if self.regulation_g is not None:
            amount = self.regulation_g
            data["regulation_g"] = str(amount) if self.in_imps else f"{amount * 100}%"
        if self.inexperienced:
            data["inexperienced"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Case:
        """Read a case file; a bad field is named.

        An answer ``{"step": "alternatives", "from_poll": true}`` takes the poll's
        answer to the logical-alternative question (16B1b).

        >>> Case.from_json({"board": 0})
        Traceback (most recent call last):
        ...
        arbitro.tournament.judgement.CaseError: invalid ruling case 'board': expected the board's number, from 1 up
        """
        board, table = data.get("board"), data.get("table")
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise CaseError("board", N_("expected the board's number, from 1 up"))
        if table is not None and (isinstance(table, bool) or not isinstance(table, int)):
            raise CaseError("table", N_("expected the table's number, or nothing"))
        profile = str(data.get("profile", "aeb"))
        authority(profile)  # an unknown authority is refused here, naming it
        poll = Poll.from_json(data["poll"]) if isinstance(data.get("poll"), dict) else None
        sheet_data = data.get("worksheet")
        if not isinstance(sheet_data, dict):
            raise CaseError(
                "worksheet", N_("expected the worksheet's irregularity, side and answers")
            )
        answers = sheet_data.get("answers", [])
        if isinstance(answers, list):
            answers = [_from_poll(answer, poll) for answer in answers]
        sheet = Worksheet.from_json({**sheet_data, "answers": answers})
        facts = data.get("facts", [])
        if not isinstance(facts, list) or not all(isinstance(fact, dict) for fact in facts):
            raise CaseError("facts", N_("expected a list of facts, each with its Law and text"))
        otherwise = data.get("otherwise")
        # "teams" is what case files written before pairs scored in IMPs said.
        in_imps_key = "teams" if "teams" in data and "in_imps" not in data else "in_imps"
        in_imps = data.get(in_imps_key, False)
        if not isinstance(in_imps, bool):
            raise CaseError(in_imps_key, N_("expected true or false"))
        raised = data.get("regulation_g")
        typed = None if raised is None else read_penalty_amount(str(raised))
        inexperienced = data.get("inexperienced", False)
        if not isinstance(inexperienced, bool):
            raise CaseError("inexperienced", N_("expected true or false"))
        if inexperienced and not authority(profile).inexperience_mitigation:
            raise CaseError(
                "inexperienced",
                N_(
                    "the regulating authority ({profile}) has no note to Law 12C2: an "
                    "offender directly at fault gets average-minus, however inexperienced"
                ),
                profile=profile,
            )
        case = cls(
            board,
            table,
            sheet,
            profile,
            otherwise_from_json(otherwise) if otherwise is not None else None,
            poll,
            tuple(CaseFact(str(f.get("law", "")), str(f.get("text", ""))) for f in facts),
            str(data.get("director", "")),
            in_imps,
            None if typed is None else typed.amount,
            inexperienced,
            None if typed is None else typed.unit,
        )
        if case.regulation_g is not None and in_imps_key in data:
            # Checked here where the file says its scoring; else when the event says it.
            try:
                case.penalty()  # an amount below regulation G's least is named here
            except PenaltyBelowMinimumError as error:
                raise CaseError("regulation_g", "{error}", error=error) from None
        return case


def _from_poll(answer: object, poll: Poll | None) -> object:
    if not isinstance(answer, dict) or not answer.get("from_poll"):
        return answer
    if answer.get("step") != Step.ALTERNATIVES.value:
        raise WorksheetError(
            str(answer.get("step")),
            N_("only the logical-alternative question is answered by a poll"),
        )
    if poll is None:
        raise CaseError("poll", N_("an answer is taken from the poll, but the case has no poll"))
    yes, note = alternatives_answer(poll)
    return {"step": Step.ALTERNATIVES.value, "yes": yes, "note": note}


def otherwise_to_json(otherwise: Otherwise) -> dict[str, object]:
    """The worksheet's last answer as JSON data: weights as fractions in text.

    No likely result (an artificial score, Law 12C2a) is written ``"likely": null``.

    >>> otherwise_to_json(Otherwise(Weighted(((Fraction(2, 3), 620), (Fraction(1, 3), -100)))))
    {'likely': [{'weight': '2/3', 'score': 620}, {'weight': '1/3', 'score': -100}], 'probable': [], 'after': None}
    >>> otherwise_to_json(Otherwise.artificial())["likely"] is None
    True
    """
    likely = otherwise.likely
    return {
        "likely": None
        if likely is None
        else [{"weight": str(weight), "score": score} for weight, score in likely.parts],
        "probable": list(otherwise.probable),
        "after": otherwise.after,
    }


def otherwise_from_json(data: object) -> Otherwise:
    """Read the worksheet's last answer written by :func:`otherwise_to_json`.

    >>> otherwise_from_json({"likely": [{"weight": "1", "score": 600}], "after": -100})
    Otherwise(likely=Weighted.single(600), probable=(), after=-100)
    >>> otherwise_from_json({"likely": None})
    Otherwise(likely=None, probable=(), after=None)
    >>> otherwise_from_json({"likely": [{"weight": "half", "score": 600}]})
    Traceback (most recent call last):
    ...
    arbitro.tournament.judgement.CaseError: invalid ruling case 'half': expected a weight such as 1/2
    """
    if isinstance(data, dict) and "likely" in data and data["likely"] is None:
        probable, after = data.get("probable", []), data.get("after")
        if probable or after is not None:
            raise CaseError(
                "otherwise", N_("an artificial score takes no probable result and no 'after'")
            )
        return Otherwise.artificial()
    if not isinstance(data, dict) or not isinstance(data.get("likely"), list):
        raise CaseError("otherwise", N_("expected the likely results with their weights"))
    parts: list[tuple[Fraction, int]] = []
    for part in data["likely"]:
        if not isinstance(part, dict):
            raise CaseError("likely", N_("expected a weight and a score"))
        try:
            weight = parse_fraction(str(part.get("weight", "1")))
        except (ValueError, ZeroDivisionError):
            raise CaseError(str(part.get("weight")), N_("expected a weight such as 1/2")) from None
        parts.append((weight, _score("likely", part.get("score"))))
    probable = data.get("probable", [])
    if not isinstance(probable, list):
        raise CaseError("probable", N_("expected a list of North-South scores"))
    after = data.get("after")
    return Otherwise(
        Weighted(tuple(parts)),
        tuple(_score("probable", score) for score in probable),
        None if after is None else _score("after", after),
    )


def _score(field: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CaseError(field, N_("expected the North-South score as a whole number"))
    return value


def misinformation_answer(check: ExplanationCheck) -> tuple[bool, str]:
    """The answer to the misinformation worksheet's first question (75C) from the card.

    "Yes" for a mistaken explanation (75B) or a call the card does not cover (21B1b:
    the director presumes a mistaken explanation); "no" for a mistaken call (75C).

    >>> from arbitro.table.agreements import Agreement, AlertCheck, ExplanationCheck
    >>> misinformation_answer(ExplanationCheck(1, ("2D",), "weak", Agreement(("2D",), "multi"), "75B"))
    (True, "explained as 'weak'; the convention card says 'multi' (Law 75B)")
    """
    if check.agreement is None:
        note = gettext(
            N_(
                "explained as '{given}'; the convention card does not cover the call: a "
                "mistaken explanation is presumed (Law 21B1b)"
            )
        ).format(given=check.given)
    elif check.law == "75C":
        note = gettext(
            N_("explained as '{given}', as the convention card says: a mistaken call (Law 75C)")
        ).format(given=check.given)
    else:
        note = gettext(
            N_("explained as '{given}'; the convention card says '{meaning}' (Law 75B)")
        ).format(given=check.given, meaning=check.agreement.meaning)
    return check.misinformation, note


def answer_misinformation(sheet: Worksheet, check: ExplanationCheck) -> Worksheet:
    """Answer a misinformation worksheet's first question from the explanation's check.

    >>> from arbitro.core.seat import Side
    >>> from arbitro.table.agreements import Agreement, AlertCheck, ExplanationCheck
    >>> sheet = Worksheet(Irregularity.MISINFORMATION, Side.NS, 110)
    >>> check = ExplanationCheck(1, ("2D",), "multi", Agreement(("2D",), "multi"), "75C")
    >>> answer_misinformation(sheet, check).ruling(None).laws
    ('75C',)
    """
    if sheet.irregularity is not Irregularity.MISINFORMATION or sheet.answers:
        raise WorksheetError(
            Step.IRREGULARITY.value,
            N_("the convention card answers the first question of a misinformation case"),
        )
    return sheet.answer(*misinformation_answer(check))


def alert_answer(check: AlertCheck) -> tuple[bool, str]:
    """The answer to the misinformation worksheet's first question from an alert's check.

    "Yes" for an alertable call not alerted (40B4, 21B1a), an alert made only after the
    next opponent called (21B1a), a needless alert (20F5a) or a call the card does not
    cover (21B1b); "no" when the alert was right.

    >>> from arbitro.table.agreements import Agreement, AlertCheck, ExplanationCheck
    >>> alert_answer(AlertCheck(3, ("1NT", "Pass", "2D"), Agreement(("1NT", "Pass", "2D"), "transfer", True), True, True, True, ("21B1a",)))
    (True, 'call 3 alerted late, after the next opponent called: misinformation (Law 21B1a)')
    """
    if check.agreement is None:
        note = N_(
            "the convention card does not cover call {number}: a mistaken explanation is presumed (Law 21B1b)"
        )
    elif check.needed and not check.alerted:
        note = N_(
            "call {number} needed an alert and was not alerted: misinformation (Laws 40B4, 21B1a)"
        )
    elif check.needed and check.late:
        note = N_(
            "call {number} alerted late, after the next opponent called: misinformation (Law 21B1a)"
        )
    elif check.alerted and not check.needed:
        note = N_(
            "call {number} alerted though the norms do not require it: a mistaken explanation (Law 20F5a), and extraneous information for partner (Law 16B1)"
        )
    else:
        note = N_("call {number} alerted as the norms require: no misinformation")
    return check.misinformation, gettext(note).format(number=check.call_number)


def answer_alert(sheet: Worksheet, check: AlertCheck) -> Worksheet:
    """Answer a misinformation worksheet's first question from an alert's check.

    >>> from arbitro.core.seat import Side
    >>> from arbitro.table.agreements import Agreement, AlertCheck, ExplanationCheck
    >>> sheet = Worksheet(Irregularity.MISINFORMATION, Side.NS, 110)
    >>> check = AlertCheck(1, ("2D",), Agreement(("2D",), "multi", True), True, True, False, ())
    >>> answer_alert(sheet, check).ruling(None).laws
    ('75C',)
    """
    if sheet.irregularity is not Irregularity.MISINFORMATION or sheet.answers:
        raise WorksheetError(
            Step.IRREGULARITY.value,
            N_("the alert's check answers the first question of a misinformation case"),
        )
    return sheet.answer(*alert_answer(check))
