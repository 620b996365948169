"""The worksheet's questions: the kinds of case, the questions each asks in order, their Laws, and an answer.

Laws 16B, 21B, 40B and 75 (and 73F for a deceptive remark, manner or tempo, and 82C
for the director's own error) ask the same questions in the same order
(:class:`Step`); each kind of case (:class:`Irregularity`) words them with its own Laws,
and a "no" rests on the question's Law, or on another where the Law says so (75C).

>>> [Step.CHOSEN.law(kind) for kind in Irregularity if Step.CHOSEN in kind.steps]
['16B1a', '40B4', '73F']
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from arbitro.core.errors import RuleError
from arbitro.i18n import N_


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
    """A deceptive remark, manner or tempo of an opponent (Law 73D2), ruled by 73F."""
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
            "mislead (Law 73D2)?"
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
