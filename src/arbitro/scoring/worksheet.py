"""The director's worksheet for an unauthorised-information or misinformation case.

Laws 16B, 21B, 40B and 75 leave the judgement to the director, but they ask the same
questions in the same order; so does Law 73F for a deceptive remark, manner or tempo
(an innocent player's false inference, no demonstrable bridge reason, could have known
it would benefit him). The worksheet records each answer, with the director's
note, and refuses to skip one:

1. was there unauthorised information (16B1) or misinformation (21B1, 40B4, 75B)?
   (For misinformation a "no" is Law 75C's mistaken call: no infraction.)
2. what did it demonstrably suggest (16B1a), or what would the correct explanation
   have told the innocent side (21B1a)?
3. were there logical alternatives (16B1b), or another action open to the innocent
   side with the right information (21B3)?
4. was one chosen that the information suggested (16B1a), or did the innocent side
   act as it would not have done with the right information (21B3, 40B4)?
5. was the other side damaged (12B1)?
6. what would have happened otherwise (12C1)?

A "no" to any of the first five ends the case: the score stands. Five "yes" lead to
an assigned score from the answer to the sixth: one result (12C1a), a weighted score
where the authority allows it (12C1c), or under Law 12C1e (the AEB profile) the most
favourable likely result to the innocent side and the most unfavourable probable one
to the offenders. When the innocent side then made a serious error of its own, the
result expected after the infraction with normal play separates the consequent from
the subsequent damage (12C1b, :mod:`arbitro.scoring.damage`). When no result can be
assigned (12C2a: the play cannot be reconstructed), the answer to the sixth question is
that none is likely, and the score is artificial: average-plus to the innocent side, in
no way at fault, and average-minus to the offenders, directly at fault. Scores are
North-South's.

The questions and their Laws are in :mod:`arbitro.scoring.worksheet_questions`, the
score assigned after five "yes" in :mod:`arbitro.scoring.worksheet_outcome`; this
module keeps the order of the answers, and imports from both what the worksheet's
callers use.

Under the AEB (its regulation G), a misinformation case whose first question is
answered "yes" (a mistaken explanation, Law 75B, or one presumed, 21B1b) also costs
the offenders a procedural penalty of at least 20 % of a top at pairs or 3 IMPs at
teams, whether or not there was damage: :meth:`Worksheet.regulation_g` gives it, and
the director may raise it, never lower it.

>>> from arbitro.laws.authority import authority
>>> from arbitro.scoring.results import Weighted
>>> sheet = Worksheet(Irregularity.UNAUTHORISED, offenders=Side.NS, actual=620)
>>> for note in ("slow pass", "suggests bidding on", "pass", "bid 4S", "4S made"):
...     sheet = sheet.answer(True, note)
>>> sheet.ruling(authority("wbf"), Otherwise(Weighted.single(-100))).result
Result.played(-100)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from arbitro.core.errors import NotationError
from arbitro.core.seat import Side
from arbitro.i18n import N_
from arbitro.laws.authority import Authority
from arbitro.scoring.penalties import Penalty, has_regulation_g, regulation_g
from arbitro.scoring.results import Result
from arbitro.scoring.worksheet_outcome import Otherwise, Ruling, assigned_ruling
from arbitro.scoring.worksheet_questions import Answer, Irregularity, Step, WorksheetError

__all__ = [
    "Answer",
    "Irregularity",
    "Otherwise",
    "Ruling",
    "Step",
    "Worksheet",
    "WorksheetError",
]


@dataclass(frozen=True)
class Worksheet:
    """A case's facts and the director's answers so far.

    ``offenders`` is the side that caused the unauthorised information or the
    misinformation, ``actual`` the North-South score obtained at the table.

    >>> sheet = Worksheet(Irregularity.MISINFORMATION, Side.EW, actual=-100)
    >>> sheet.next_question
    Step.IRREGULARITY
    >>> sheet.answer(False, "the explanation matched the convention card").ruling(None).stands
    True
    """

    irregularity: Irregularity
    offenders: Side
    actual: int
    answers: tuple[Answer, ...] = ()

    @property
    def innocent(self) -> Side:
        """The side that did not commit the irregularity.

        >>> Worksheet(Irregularity.UNAUTHORISED, Side.NS, 0).innocent
        Side.EW
        """
        return Side.EW if self.offenders is Side.NS else Side.NS

    @property
    def next_question(self) -> Step | None:
        """The question to answer now; ``None`` once a "no" ends the case or all are yes.

        >>> Worksheet(Irregularity.UNAUTHORISED, Side.NS, 0).answer(False).next_question is None
        True
        """
        if any(not answer.yes for answer in self.answers):
            return None
        steps = self.irregularity.steps
        if len(self.answers) == len(steps):
            return Step.OTHERWISE
        return steps[len(self.answers)]

    def answer(self, yes: bool, note: str = "") -> Worksheet:
        """Record the answer to the next yes-or-no question.

        >>> Worksheet(Irregularity.UNAUTHORISED, Side.NS, 0).answer(True, "a long pause").answers[0].step
        Step.IRREGULARITY
        """
        step = self.next_question
        if step is None or step is Step.OTHERWISE:
            raise WorksheetError(
                Step.OTHERWISE.value if step else self.answers[-1].step.value,
                N_("the worksheet is finished; nothing more to answer"),
            )
        return replace(self, answers=(*self.answers, Answer(step, yes, note)))

    def ruling(
        self,
        profile: Authority | None,
        otherwise: Otherwise | None = None,
        inexperienced: bool = False,
    ) -> Ruling:
        """The ruling the answers lead to, under the authority ``profile``.

        A "no" keeps the table result (``profile`` and ``otherwise`` are then not used);
        five "yes" need ``otherwise`` and give the assigned score, unless it is no better
        for the innocent side than the table result: then there was no damage (12B1)
        and the score stands. ``inexperienced``: the director treats the offenders'
        inexperience as mitigation (the AEB's note to 12C2), so an artificial score gives
        them average instead of average-minus; an authority without that note refuses it.

        >>> from arbitro.laws.authority import authority
        >>> from arbitro.scoring.results import Weighted
        >>> sheet = Worksheet(Irregularity.UNAUTHORISED, Side.EW, actual=-620)
        >>> for _ in range(5):
        ...     sheet = sheet.answer(True)
        >>> sheet.ruling(authority("aeb"), Otherwise(Weighted.single(140), probable=(170,))).result
        Result.split(140, -170)
        """
        refused = next((answer for answer in self.answers if not answer.yes), None)
        if refused is not None:
            law = refused.step.closing_law(self.irregularity)
            return Ruling(Result.played(self.actual), (law,), stands=True)
        step = self.next_question
        if step is not Step.OTHERWISE or otherwise is None or profile is None:
            raise WorksheetError(
                (step or Step.OTHERWISE).value,
                N_("answer every question, then say what would have happened otherwise"),
            )
        return assigned_ruling(
            self.irregularity, self.innocent, self.actual, profile, otherwise, inexperienced
        )

    def regulation_g(
        self, profile: Authority, in_imps: bool, amount: Fraction | None = None
    ) -> Penalty | None:
        """The AEB's regulation G penalty on the offenders, or ``None`` when it does not apply.

        It applies under an authority that has it, to a misinformation case whose first
        question was answered "yes", whatever the later answers (damage or not). At
        matchpoints it is a share of a top, ``in_imps`` (teams, or pairs scored in IMPs)
        IMPs; ``amount`` raises it, and one below the least is refused.

        >>> from arbitro.laws.authority import authority
        >>> sheet = Worksheet(Irregularity.MISINFORMATION, Side.NS, 110).answer(True, "misexplained")
        >>> sheet = sheet.answer(False, "the right explanation changes nothing")
        >>> sheet.ruling(None).stands, sheet.regulation_g(authority("aeb"), in_imps=False)
        (True, Penalty(Fraction(1, 5), unit='top', law='AEB-G', reason='misexplained artificial call'))
        >>> sheet.regulation_g(authority("wbf"), in_imps=False) is None
        True
        """
        if (
            self.irregularity is not Irregularity.MISINFORMATION
            or not self.answers
            or not self.answers[0].yes
            or not has_regulation_g(profile)
        ):
            return None
        return regulation_g(profile, in_imps, amount)

    def to_json(self) -> dict[str, object]:
        """The worksheet as JSON data, to keep with the board's ruling.

        >>> Worksheet(Irregularity.UNAUTHORISED, Side.NS, 620).answer(True, "slow").to_json()
        {'irregularity': 'UI', 'offenders': 'NS', 'actual': 620, 'answers': [{'step': 'irregularity', 'yes': True, 'note': 'slow'}]}
        """
        return {
            "irregularity": self.irregularity.value,
            "offenders": str(self.offenders),
            "actual": self.actual,
            "answers": [
                {"step": answer.step.value, "yes": answer.yes, "note": answer.note}
                for answer in self.answers
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Worksheet:
        """Read a worksheet written by :meth:`to_json`, replaying its answers in order.

        >>> Worksheet.from_json({"irregularity": "XI", "offenders": "NS", "actual": 0})
        Traceback (most recent call last):
        ...
        arbitro.scoring.worksheet_questions.WorksheetError: invalid worksheet entry 'irregularity': expected one of UI, MI, DT, DE
        """
        kinds = {kind.value: kind for kind in Irregularity}
        kind = kinds.get(str(data.get("irregularity")))
        if kind is None:
            raise WorksheetError(
                "irregularity", N_("expected one of {choices}"), choices=", ".join(kinds)
            )
        try:
            offenders = Side.from_str(str(data.get("offenders")))
        except NotationError as error:
            raise WorksheetError("offenders", "{error}", error=error) from None
        actual = data.get("actual")
        if isinstance(actual, bool) or not isinstance(actual, int):
            raise WorksheetError("actual", N_("expected the North-South score as a whole number"))
        sheet = cls(kind, offenders, actual)
        answers = data.get("answers", [])
        if not isinstance(answers, list) or not all(isinstance(a, dict) for a in answers):
            raise WorksheetError("answers", N_("expected a list of answers"))
        for answer in answers:
            step, yes = answer.get("step"), answer.get("yes")
            if sheet.next_question is None or step != sheet.next_question.value:
                raise WorksheetError(
                    str(step), N_("the answers must follow the questions in order")
                )
            if not isinstance(yes, bool):
                raise WorksheetError(str(step), N_("expected true or false"))
            sheet = sheet.answer(yes, str(answer.get("note", "")))
        return sheet
