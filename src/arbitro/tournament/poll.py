"""The player poll: what players of the same standard would consider and choose (Law 16B1).

Law 16B1 defines a logical alternative as an action that a significant proportion of
the player's peers (players of the same standard, using the partnership's methods)
would seriously consider, and that some of them would choose. The AEB asks the
director to consult players of equivalent standard before assigning a score (`004_*`).

A :class:`Poll` is the problem as the director put it to them (the hand, the auction
up to the decision, the explanations the player had, without the unauthorised
information), the action taken at the table, and each respondent's answer: the action
chosen and the others seriously considered. Respondents' names are kept for the
director only; :meth:`Poll.shares` gives the counts without names.
:func:`answer_alternatives` feeds the result into the worksheet's third question
(16B1b): "yes" when an action other than the one taken is a logical alternative.

How large a "significant proportion" is, the Laws leave to the director; Árbitro takes
it as an input (the poll's ``significant`` share of respondents, by default one in four).

>>> poll = Poll(board=7, seat=Seat.NORTH, taken="6C", question="after a slow 5C")
>>> for name, chosen, considered in (("ana", "Pass", ()), ("luis", "6C", ("Pass",)),
...                                  ("eva", "Pass", ("6C",)), ("juan", "6C", ())):
...     poll = poll.add(PollAnswer(name, chosen, considered))
>>> [(share.action, share.considered, share.chosen) for share in poll.shares()]
[('Pass', 3, 2), ('6C', 3, 2)]
>>> poll.logical_alternatives()
('Pass',)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from arbitro.core.bounded import parse_fraction
from arbitro.core.call import Call
from arbitro.core.card import Card
from arbitro.core.errors import NotationError, RuleError
from arbitro.core.seat import Seat
from arbitro.i18n import N_, NP_, get_language, gettext, ngettext
from arbitro.scoring.worksheet import Step, Worksheet, WorksheetError

SIGNIFICANT = Fraction(1, 4)
"""The share of respondents that makes an action's consideration "significant" by default."""

_POLL_OF = NP_("poll of {count} player", "poll of {count} players")


class PollError(RuleError):
    """A poll or an answer to it that cannot be read or recorded.

    >>> print(PollError("7Z", N_("expected a call (as in 1NT, Pass) or a card (as in H9)")))
    invalid poll entry '7Z': expected a call (as in 1NT, Pass) or a card (as in H9)
    """

    what = N_("poll entry")


def read_action(text: str, lang: str = "en") -> str:
    """An action as the poll keeps it: a call (``1NT``, ``Pass``, ``X``) or a card (``H9``).

    The action is read in ``lang``'s notation (in Spanish ``paso``, ``6T``, ``C9``); the
    poll keeps it in English notation.

    >>> read_action(" pass "), read_action("7♦"), read_action("h9")
    ('Pass', '7D', 'H9')
    >>> read_action("paso", "es"), read_action("6T", "es"), read_action("c9", "es")
    ('Pass', '6C', 'H9')
    >>> read_action("bid on")
    Traceback (most recent call last):
    ...
    arbitro.tournament.poll.PollError: invalid poll entry 'bid on': expected a call (as in 1NT, Pass) or a card (as in H9)
    """
    cleaned = text.strip()
    try:
        return str(Call.from_str(cleaned, lang))
    except NotationError:
        pass
    try:
        return str(Card.from_str(cleaned.upper(), lang))
    except NotationError:
        raise PollError(
            text, N_("expected a call (as in 1NT, Pass) or a card (as in H9)")
        ) from None


def action_label(action: str, lang: str = "en") -> str:
    """A poll's action as ``lang`` writes it, with suit symbols: ``Pass``, ``6♣``, ``♥9``.

    >>> action_label("6C"), action_label("Pass", "es"), action_label("H9", "es")
    ('6♣', 'Paso', '♥9')
    """
    try:
        return Call.from_str(action).to_str(lang, symbols=True)
    except NotationError:
        return Card.from_str(action).to_str(lang, symbols=True)


@dataclass(frozen=True)
class PollAnswer:
    """One respondent's answer: the action chosen and the others seriously considered.

    The chosen action counts as considered too; actions are read by :func:`read_action`.

    >>> PollAnswer("ana", "pass", ("6c", "Pass"))
    PollAnswer(respondent='ana', chosen='Pass', considered=('6C',))
    """

    respondent: str
    chosen: str
    considered: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        chosen = read_action(self.chosen)
        others: list[str] = []
        for text in self.considered:
            action = read_action(text)
            if action != chosen and action not in others:
                others.append(action)
        object.__setattr__(self, "respondent", self.respondent.strip())
        object.__setattr__(self, "chosen", chosen)
        object.__setattr__(self, "considered", tuple(others))

    @property
    def actions(self) -> tuple[str, ...]:
        """Every action the respondent considered, the chosen one first.

        >>> PollAnswer("ana", "Pass", ("6C",)).actions
        ('Pass', '6C')
        """
        return (self.chosen, *self.considered)


@dataclass(frozen=True)
class Share:
    """How many of ``of`` respondents considered and chose ``action``.

    >>> Share("Pass", considered=3, chosen=1, of=4).considered_share
    Fraction(3, 4)
    """

    action: str
    considered: int
    chosen: int
    of: int

    @property
    def considered_share(self) -> Fraction:
        """The share of respondents who seriously considered the action.

        >>> Share("6C", 1, 1, 4).considered_share
        Fraction(1, 4)
        """
        return Fraction(self.considered, self.of)

    @property
    def chosen_share(self) -> Fraction:
        """The share of respondents who chose the action.

        >>> Share("6C", 2, 1, 4).chosen_share
        Fraction(1, 4)
        """
        return Fraction(self.chosen, self.of)

    def is_logical_alternative(self, significant: Fraction = SIGNIFICANT) -> bool:
        """Whether a significant share considered it and some chose it (Law 16B1b).

        >>> Share("Pass", 2, 1, 8).is_logical_alternative(), Share("Pass", 3, 0, 4).is_logical_alternative()
        (True, False)
        """
        return self.chosen > 0 and self.considered_share >= significant


@dataclass(frozen=True)
class Poll:
    """A poll for one decision: the board, the player's seat, the action taken, the answers.

    >>> Poll(3, Seat.SOUTH, "3nt").taken
    '3NT'
    """

    board: int
    seat: Seat
    taken: str
    question: str = ""
    answers: tuple[PollAnswer, ...] = ()
    significant: Fraction = SIGNIFICANT
    """The share of respondents whose consideration makes an action a logical alternative."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "taken", read_action(self.taken))
        significant = Fraction(self.significant)
        if not 0 < significant <= 1:
            raise PollError(
                str(significant), N_("the significant share must be above 0, at most 1")
            )
        object.__setattr__(self, "significant", significant)

    def add(self, answer: PollAnswer) -> Poll:
        """The poll with one more answer; a respondent answers once.

        >>> Poll(1, Seat.NORTH, "Pass").add(PollAnswer("ana", "Pass")).add(PollAnswer("ana", "X"))
        Traceback (most recent call last):
        ...
        arbitro.tournament.poll.PollError: invalid poll entry 'ana': this respondent has already answered
        """
        if any(known.respondent == answer.respondent for known in self.answers):
            raise PollError(answer.respondent, N_("this respondent has already answered"))
        return replace(self, answers=(*self.answers, answer))

    def shares(self) -> tuple[Share, ...]:
        """Each action with how many considered and chose it, most considered first.

        Names are left out: this is what anyone but the director may see.

        >>> Poll(1, Seat.NORTH, "Pass").add(PollAnswer("ana", "X", ("Pass",))).shares()
        (Share(action='X', considered=1, chosen=1, of=1), Share(action='Pass', considered=1, chosen=0, of=1))
        """
        order: list[str] = []
        for answer in self.answers:
            order.extend(action for action in answer.actions if action not in order)
        total = len(self.answers)
        shares = [
            Share(
                action,
                sum(action in answer.actions for answer in self.answers),
                sum(answer.chosen == action for answer in self.answers),
                total,
            )
            for action in order
        ]
        return tuple(sorted(shares, key=lambda share: (-share.considered, -share.chosen)))

    def logical_alternatives(self) -> tuple[str, ...]:
        """The actions other than the one taken that are logical alternatives (16B1b).

        >>> Poll(1, Seat.NORTH, "7D").add(PollAnswer("ana", "7D")).logical_alternatives()
        ()
        """
        return tuple(
            share.action
            for share in self.shares()
            if share.action != self.taken and share.is_logical_alternative(self.significant)
        )

    def summary(self) -> str:
        """The poll's result in one line of the active language, without names.

        >>> Poll(1, Seat.NORTH, "7D").add(PollAnswer("ana", "Pass", ("7D",))).summary()
        'poll of 1 player: Pass considered by 1, chosen by 1; 7♦ considered by 1, chosen by 0'
        """
        parts = "; ".join(
            gettext(N_("{action} considered by {considered}, chosen by {chosen}")).format(
                action=action_label(share.action, get_language()),
                considered=share.considered,
                chosen=share.chosen,
            )
            for share in self.shares()
        )
        count = len(self.answers)
        head = ngettext(*_POLL_OF, count)
        return f"{head.format(count=count)}: {parts}"

    def to_json(self) -> dict[str, object]:
        """The poll as JSON data, with the respondents' names (for the director's record).

        >>> Poll(2, Seat.EAST, "X", "the slow 1S").add(PollAnswer("ana", "Pass")).to_json()
        {'board': 2, 'seat': 'E', 'taken': 'X', 'question': 'the slow 1S', 'significant': '1/4', 'answers': [{'respondent': 'ana', 'chosen': 'Pass', 'considered': []}]}
        """
        return {
            "board": self.board,
            "seat": str(self.seat),
            "taken": self.taken,
            "question": self.question,
            "significant": str(self.significant),
            "answers": [
                {
                    "respondent": answer.respondent,
                    "chosen": answer.chosen,
                    "considered": list(answer.considered),
                }
                for answer in self.answers
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Poll:
        """Read a poll written by :meth:`to_json`; a bad field is named.

        >>> Poll.from_json({"board": 1, "seat": "N", "taken": "Pass", "answers": [{"chosen": "9Z"}]})
        Traceback (most recent call last):
        ...
        arbitro.tournament.poll.PollError: invalid poll entry '9Z': expected a call (as in 1NT, Pass) or a card (as in H9)
        """
        board = data.get("board")
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise PollError(str(board), N_("expected the board's number, from 1 up"))
        try:
            seat = Seat.from_str(str(data.get("seat")))
        except NotationError as error:
            raise PollError("seat", "{error}", error=error) from None
        try:
            significant = parse_fraction(str(data.get("significant", SIGNIFICANT)))
        except (ValueError, ZeroDivisionError):
            raise PollError(
                str(data.get("significant")), N_("expected a share such as 1/4")
            ) from None
        poll = cls(
            board,
            seat,
            str(data.get("taken", "")),
            str(data.get("question", "")),
            significant=significant,
        )
        answers = data.get("answers", [])
        if not isinstance(answers, list) or not all(isinstance(a, dict) for a in answers):
            raise PollError("answers", N_("expected a list of answers"))
        for answer in answers:
            considered = answer.get("considered", [])
            if not isinstance(considered, list):
                raise PollError("considered", N_("expected a list of actions"))
            poll = poll.add(
                PollAnswer(
                    str(answer.get("respondent", "")),
                    str(answer.get("chosen", "")),
                    tuple(str(action) for action in considered),
                )
            )
        return poll


def alternatives_answer(poll: Poll) -> tuple[bool, str]:
    """The answer to the logical-alternative question (16B1b) that the poll gives, with its note.

    "Yes" when an action other than the one taken is a logical alternative; the note
    names them and gives the poll's counts, without names.

    >>> alternatives_answer(Poll(7, Seat.NORTH, "7D").add(PollAnswer("ana", "7D")))
    (False, 'no logical alternative to 7♦ (poll of 1 player: 7♦ considered by 1, chosen by 1)')
    """
    if not poll.answers:
        raise PollError(str(poll.board), N_("the poll has no answers yet"))
    alternatives = poll.logical_alternatives()
    if alternatives:
        verdict = gettext(N_("logical alternatives: {actions}")).format(
            actions=", ".join(action_label(action, get_language()) for action in alternatives)
        )
    else:
        verdict = gettext(N_("no logical alternative to {action}")).format(
            action=action_label(poll.taken, get_language())
        )
    return bool(alternatives), f"{verdict} ({poll.summary()})"


def answer_alternatives(sheet: Worksheet, poll: Poll) -> Worksheet:
    """Answer the worksheet's logical-alternative question (16B1b) from the poll.

    Only for that question, and only when the poll has answers.

    >>> from arbitro.core.seat import Side
    >>> from arbitro.scoring.worksheet import Irregularity
    >>> sheet = Worksheet(Irregularity.UNAUTHORISED, Side.NS, 2140).answer(True).answer(True)
    >>> poll = Poll(7, Seat.NORTH, "7D").add(PollAnswer("ana", "Pass", ("7D",)))
    >>> answered = answer_alternatives(sheet, poll)
    >>> answered.answers[-1].yes, answered.answers[-1].note
    (True, 'logical alternatives: Pass (poll of 1 player: Pass considered by 1, chosen by 1; 7♦ considered by 1, chosen by 0)')
    """
    if sheet.next_question is not Step.ALTERNATIVES:
        raise WorksheetError(
            Step.ALTERNATIVES.value,
            N_("the poll answers the logical-alternative question, which is not the next one"),
        )
    return sheet.answer(*alternatives_answer(poll))
