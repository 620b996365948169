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

Under the AEB (its regulation G), a misinformation case whose first question is
answered "yes" (a mistaken explanation, Law 75B, or one presumed, 21B1b) also costs
the offenders a procedural penalty of at least 20 % of a top at pairs or 3 IMPs at
teams, whether or not there was damage: :meth:`Worksheet.regulation_g` gives it, and
the director may raise it, never lower it.

>>> from arbitro.laws.authority import authority
>>> sheet = Worksheet(Irregularity.UNAUTHORISED, offenders=Side.NS, actual=620)
>>> for note in ("slow pass", "suggests bidding on", "pass", "bid 4S", "4S made"):
...     sheet = sheet.answer(True, note)
>>> sheet.ruling(authority("wbf"), Otherwise(Weighted.single(-100))).result
Result.played(-100)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from arbitro.core.errors import NotationError, RuleError
from arbitro.core.seat import Side
from arbitro.i18n import N_
from arbitro.laws.authority import Authority
from arbitro.scoring.adjusted import law_12c1c, law_12c1e
from arbitro.scoring.damage import DamageRuling, separate_damage
from arbitro.scoring.penalties import Penalty, has_regulation_g, regulation_g
from arbitro.scoring.results import Average, AverageKind, Result, Weighted


class WorksheetError(RuleError):
    """A worksheet used out of order: a question skipped, or a ruling asked too early.

    >>> print(WorksheetError("damage", N_("the worksheet is finished")))
    invalid worksheet entry 'damage': the worksheet is finished
    """

    what = N_("worksheet entry")


class Irregularity(enum.Enum):
    """What the case is about: unauthorised information, misinformation, or deception (73F).

    >>> Irregularity.MISINFORMATION.law, Irregularity.DECEPTION.law
    ('21B3', '73F')
    """

    UNAUTHORISED = "UI"
    """Unauthorised information from partner (Law 16B) or from a withdrawn action (16D2)."""
    MISINFORMATION = "MI"
    """A wrong explanation or a missing alert (Laws 20F, 21B, 40B4, 75)."""
    DECEPTION = "DT"
    """A deceptive remark, manner or tempo of an opponent (Law 73D2, 73E2), ruled by 73F."""
    DIRECTOR_ERROR = "DE"
    """A ruling the director finds incorrect (Law 82C): both sides are non-offending."""

    def __repr__(self) -> str:
        return f"Irregularity.{self.name}"

    @property
    def steps(self) -> tuple[Step, ...]:
        """The yes-or-no questions of this kind of case, in order (a director's error asks three).

        >>> [step.value for step in Irregularity.DIRECTOR_ERROR.steps]
        ['irregularity', 'suggested', 'damage']
        """
        return _yes_no_steps(self)

    @property
    def law(self) -> str:
        """The Law that gives the adjusted score for this kind of case.

        >>> Irregularity.UNAUTHORISED.law
        '16B1'
        """
        return {
            Irregularity.UNAUTHORISED: "16B1",
            Irregularity.MISINFORMATION: "21B3",
            Irregularity.DECEPTION: "73F",
            Irregularity.DIRECTOR_ERROR: "82C",
        }[self]


class Step(enum.Enum):
    """The worksheet's questions, in the order the Laws ask them.

    >>> [step.value for step in Step][:2]
    ['irregularity', 'suggested']
    """

    IRREGULARITY = "irregularity"
    SUGGESTED = "suggested"
    ALTERNATIVES = "alternatives"
    CHOSEN = "chosen"
    DAMAGE = "damage"
    OTHERWISE = "otherwise"

    def __repr__(self) -> str:
        return f"Step.{self.name}"

    def question(self, irregularity: Irregularity) -> str:
        """The question (English catalog message) for a case of ``irregularity``.

        >>> Step.ALTERNATIVES.question(Irregularity.UNAUTHORISED)
        'Was there a logical alternative to the action taken (Law 16B1b)?'
        """
        return _QUESTIONS[irregularity][self]

    def law(self, irregularity: Irregularity) -> str:
        """The Law the question comes from.

        >>> Step.CHOSEN.law(Irregularity.MISINFORMATION)
        '40B4'
        """
        return _LAWS[irregularity][self]

    def closing_law(self, irregularity: Irregularity) -> str:
        """The Law a "no" to the question rests on, when it ends the case: the score stands.

        Mostly the question's own; a "no" to the first misinformation question is Law 75C's
        mistaken call (the explanation matched the agreement: no infraction), while the
        question itself asks about 75B's mistaken explanation.

        >>> Step.IRREGULARITY.law(Irregularity.MISINFORMATION)
        '75B'
        >>> Step.IRREGULARITY.closing_law(Irregularity.MISINFORMATION)
        '75C'
        >>> Step.DAMAGE.closing_law(Irregularity.MISINFORMATION)
        '12B1'
        """
        return _CLOSING_LAWS.get((irregularity, self), self.law(irregularity))


_QUESTIONS: dict[Irregularity, dict[Step, str]] = {
    Irregularity.UNAUTHORISED: {
        Step.IRREGULARITY: N_(
            "Was there unauthorised information: a hesitation, a remark, an unexpected alert "
            "(Law 16B1)?"
        ),
        Step.SUGGESTED: N_("Could it demonstrably suggest the action taken (Law 16B1a)?"),
        Step.ALTERNATIVES: N_("Was there a logical alternative to the action taken (Law 16B1b)?"),
        Step.CHOSEN: N_(
            "Did the player choose, among the logical alternatives, one the information "
            "suggested (Law 16B1a)?"
        ),
        Step.DAMAGE: N_("Were the opponents damaged by it (Law 12B1)?"),
        Step.OTHERWISE: N_("What would probably have happened otherwise (Law 12C1)?"),
    },
    Irregularity.MISINFORMATION: {
        Step.IRREGULARITY: N_(
            "Was there misinformation: an explanation or an alert that departs from the "
            "partnership's agreement, or a call the card does not cover (Laws 75B, 21B1b)?"
        ),
        Step.SUGGESTED: N_(
            "Would the correct explanation have mattered to the innocent side (Law 21B1a)?"
        ),
        Step.ALTERNATIVES: N_(
            "Had the innocent side another action with the correct information (Law 21B3)?"
        ),
        Step.CHOSEN: N_(
            "Did the innocent side act as it would not have done with the correct "
            "information (Law 40B4)?"
        ),
        Step.DAMAGE: N_("Was the innocent side damaged by it (Law 12B1)?"),
        Step.OTHERWISE: N_("What would probably have happened otherwise (Law 12C1)?"),
    },
    Irregularity.DECEPTION: {
        Step.IRREGULARITY: N_(
            "Did an opponent vary his tempo or manner, or make a remark, that could "
            "mislead (Laws 73D2, 73E2)?"
        ),
        Step.SUGGESTED: N_("Did the innocent player draw a false inference from it (Law 73F)?"),
        Step.ALTERNATIVES: N_(
            "Had the opponent no demonstrable bridge reason for the action (Law 73F)?"
        ),
        Step.CHOSEN: N_(
            "Could he have known at the time that the action could work to his benefit (Law 73F)?"
        ),
        Step.DAMAGE: N_("Was the innocent side damaged by it (Law 12B1)?"),
        Step.OTHERWISE: N_("What would probably have happened otherwise (Law 12C1)?"),
    },
    Irregularity.DIRECTOR_ERROR: {
        Step.IRREGULARITY: N_(
            "Was a ruling given that the director now finds incorrect (Law 82C)?"
        ),
        Step.SUGGESTED: N_(
            "Is it too late for a rectification that lets the board be scored normally (Law 82C)?"
        ),
        Step.DAMAGE: N_("Did the incorrect ruling change the board's result (Law 82C)?"),
        Step.OTHERWISE: N_(
            "What would probably have happened with the correct ruling (Laws 82C, 12C1)?"
        ),
    },
}

_LAWS: dict[Irregularity, dict[Step, str]] = {
    Irregularity.UNAUTHORISED: {
        Step.IRREGULARITY: "16B1",
        Step.SUGGESTED: "16B1a",
        Step.ALTERNATIVES: "16B1b",
        Step.CHOSEN: "16B1a",
        Step.DAMAGE: "12B1",
        Step.OTHERWISE: "12C1",
    },
    Irregularity.MISINFORMATION: {
        Step.IRREGULARITY: "75B",
        Step.SUGGESTED: "21B1a",
        Step.ALTERNATIVES: "21B3",
        Step.CHOSEN: "40B4",
        Step.DAMAGE: "12B1",
        Step.OTHERWISE: "12C1",
    },
    Irregularity.DECEPTION: {
        Step.IRREGULARITY: "73D2",
        Step.SUGGESTED: "73F",
        Step.ALTERNATIVES: "73F",
        Step.CHOSEN: "73F",
        Step.DAMAGE: "12B1",
        Step.OTHERWISE: "12C1",
    },
    Irregularity.DIRECTOR_ERROR: {
        Step.IRREGULARITY: "82C",
        Step.SUGGESTED: "82C",
        Step.DAMAGE: "82C",
        Step.OTHERWISE: "12C1",
    },
}

_CLOSING_LAWS: dict[tuple[Irregularity, Step], str] = {
    # The explanation matched the agreement: the call was mistaken, no infraction (75C).
    (Irregularity.MISINFORMATION, Step.IRREGULARITY): "75C",
}
"""Where a "no" rests on another Law than the question's, that Law."""

_YES_NO_STEPS = tuple(step for step in Step if step is not Step.OTHERWISE)


def _yes_no_steps(irregularity: Irregularity) -> tuple[Step, ...]:
    """The yes-or-no questions of a case, in order (a director's error asks three)."""
    return tuple(step for step in _YES_NO_STEPS if step in _QUESTIONS[irregularity])


@dataclass(frozen=True)
class Answer:
    """The director's answer to one question, with the note of why.

    >>> Answer(Step.DAMAGE, False, "4S goes down anyway")
    Answer(step=Step.DAMAGE, yes=False, note='4S goes down anyway')
    """

    step: Step
    yes: bool
    note: str = ""


@dataclass(frozen=True)
class Otherwise:
    """The answer to the last question: what would have happened without the infraction.

    ``likely`` are the results that were likely, with their weights (one result with
    weight 1 for Law 12C1a), or ``None`` when no result can be assigned and the score
    is artificial (Law 12C2a, see :meth:`artificial`); ``probable`` the further results
    that were at all probable (Law 12C1e); ``after`` the result expected after the
    infraction had the innocent side played normally, when the actual result is worse
    because of its own serious error (Law 12C1b), else ``None``. All are North-South
    scores.

    >>> Otherwise(Weighted.single(1390)).after is None
    True
    """

    likely: Weighted | None
    probable: tuple[int, ...] = ()
    after: int | None = None

    @classmethod
    def artificial(cls) -> Otherwise:
        """No result can be assigned: the score is artificial (Law 12C2a).

        >>> Otherwise.artificial().likely is None
        True
        """
        return cls(None)


@dataclass(frozen=True)
class Ruling:
    """The ruling the worksheet leads to: the result and the Laws applied.

    >>> Ruling(Result.played(420), ("16B1",), stands=True).result.to_str()
    '+420'
    """

    result: Result
    laws: tuple[str, ...]
    stands: bool
    damage: DamageRuling | None = None


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
        if self.irregularity is Irregularity.DIRECTOR_ERROR:
            return self._director_error(profile, otherwise)
        if inexperienced and not profile.inexperience_mitigation:
            raise WorksheetError(
                Step.OTHERWISE.value,
                N_(
                    "the regulating authority ({profile}) has no note to Law 12C2: an "
                    "offender directly at fault gets average-minus, however inexperienced"
                ),
                profile=profile.code,
            )
        if otherwise.likely is None:
            return self._artificial(otherwise, inexperienced)
        if inexperienced:
            raise WorksheetError(
                Step.OTHERWISE.value,
                N_(
                    "the offenders' inexperience changes only an artificial score (Law 12C2, "
                    "the AEB's note): here a result is likely"
                ),
            )
        assigned, law = self._assigned(profile, otherwise.likely, otherwise.probable)
        view = assigned.ns if self.innocent is Side.NS else assigned.ew
        assert isinstance(view, Weighted), "an assigned score is a weighted view"
        if self._own(self.innocent, view.mean) <= self._own(self.innocent, self.actual):
            # Without the infraction the innocent side would not have done better: no
            # damage after all (Law 12B1), whatever the answer to question 5.
            return Ruling(Result.played(self.actual), ("12B1",), stands=True)
        laws: tuple[str, ...] = (self.irregularity.law, law)
        if otherwise.after is None:
            return Ruling(assigned, laws, stands=False)
        return self._separate(assigned, otherwise.after, (*laws, "12C1b"))

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
        arbitro.scoring.worksheet.WorksheetError: invalid worksheet entry 'irregularity': expected one of UI, MI, DT, DE
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

    def _artificial(self, otherwise: Otherwise, inexperienced: bool = False) -> Ruling:
        """Average-plus to the innocent side, average-minus to the offenders (Law 12C2a).

        Inexperienced offenders get average (the AEB's note to 12C2).
        """
        if otherwise.probable or otherwise.after is not None:
            raise WorksheetError(
                Step.OTHERWISE.value,
                N_(
                    "an artificial score (no result likely) takes no probable result and "
                    "no result after the infraction"
                ),
            )
        plus = Average(AverageKind.PLUS)
        minus = Average(AverageKind.AVERAGE if inexperienced else AverageKind.MINUS)
        if self.innocent is Side.NS:
            result = Result.artificial(plus, minus)
        else:
            result = Result.artificial(minus, plus)
        return Ruling(result, (self.irregularity.law, "12C2a"), stands=False)

    def _director_error(self, profile: Authority, otherwise: Otherwise) -> Ruling:
        """Law 82C: both sides are treated as non-offending.

        No result likely: average-plus to both (12C2a). One likely result: it is
        assigned to both (12C1a). Several: a weighted score for both where the authority
        allows it (12C1c); under 12C1e each side gets the likely result most favourable
        to it.
        """
        if otherwise.probable or otherwise.after is not None:
            raise WorksheetError(
                Step.OTHERWISE.value,
                N_(
                    "a director's error (Law 82C) takes only the likely results: both "
                    "sides are non-offending"
                ),
            )
        likely = otherwise.likely
        if likely is None:
            plus = Average(AverageKind.PLUS)
            return Ruling(Result.artificial(plus, plus), ("82C", "12C2a"), stands=False)
        if likely.is_single:
            return Ruling(Result.weighted(likely), ("82C", "12C1a"), stands=False)
        if not profile.law_12c1e:
            return Ruling(law_12c1c(likely, profile), ("82C", "12C1c"), stands=False)
        scores = [score for _, score in likely.parts]
        result = Result(Weighted.single(max(scores)), Weighted.single(min(scores)))
        return Ruling(result, ("82C", "12C1e"), stands=False)

    def _assigned(
        self, profile: Authority, likely: Weighted, probable: tuple[int, ...]
    ) -> tuple[Result, str]:
        if profile.law_12c1e:
            scores = [score for _, score in likely.parts]
            return law_12c1e(scores, probable, self.innocent), "12C1e"
        if likely.is_single:
            return Result.weighted(likely), "12C1a"
        return law_12c1c(likely, profile), "12C1c"

    def _own(self, side: Side, ns_score: Fraction | int) -> Fraction:
        return Fraction(ns_score) if side is Side.NS else -Fraction(ns_score)

    def _separate(self, assigned: Result, after: int, laws: tuple[str, ...]) -> Ruling:
        innocent = self.innocent
        view = assigned.ns if innocent is Side.NS else assigned.ew
        assert isinstance(view, Weighted), "an assigned score is a weighted view"
        ruling = separate_damage(
            without=self._own(innocent, view.mean),
            after=self._own(innocent, after),
            actual=self._own(innocent, self.actual),
            offenders_without=0,
        )
        table = Weighted.single(self.actual)
        if ruling.consequent == 0:
            innocent_view = table
        elif ruling.innocent == self._own(innocent, view.mean):
            innocent_view = view
        else:
            raise WorksheetError(
                Step.OTHERWISE.value,
                N_(
                    "the consequent damage is only part of the loss (Law 12C1b): in a team "
                    "match, work out each team's IMPs on the board with 'arbitro ruling "
                    "damage' and enter them as the adjusted score (such as 0/-2 IMP); in "
                    "pairs, the compensation is in matchpoints, which cannot be entered as "
                    "a score"
                ),
            )
        offenders_view = assigned.ew if innocent is Side.NS else assigned.ns
        if innocent is Side.NS:
            result = Result(innocent_view, offenders_view)
        else:
            result = Result(offenders_view, innocent_view)
        return Ruling(result, laws, stands=False, damage=ruling)
