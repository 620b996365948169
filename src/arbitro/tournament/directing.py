"""The director's Laws over the event: penalties the AEB makes due, appeals (93B), 4, 91 and 10B.

Each function checks what the director records against the Law (or the regulating
authority's criterion) and gives the text the event keeps; the store records it and the
command line, the API and the desk reach it.

- The AEB's homogenisation criteria 1, 2 and 6 (``004_*``) make a procedural penalty
  (Law 90) due where the Laws only allow one: :func:`penalty_proposals`.
- Law 93B splits an appeal: the director rules on Law and regulations, the committee on
  everything else, and the committee may not overrule the director on a point of Law
  nor his disciplinary powers of Law 91 (93B3): :func:`check_93b`.
- Law 4: a pair keeps its partner for the session, save substitutions the director
  authorises: :func:`law_4_act`.
- Law 91: the director may bar a participant from all or part of the session (91A,
  final: 93B3) and may disqualify one, subject to the organiser's approval (91B):
  :func:`law_91_act`.
- The event keeps each act of Laws 4 and 91 as a :class:`DirectorAct` (its kind and
  what the director gave), not as text: it is worded in the reader's language when it
  is shown (:func:`worded_act`), whatever the language it was recorded in.
- Law 10B: a rectification the players applied (or waived) without the director is
  accepted or cancelled by him: :func:`law_10b_text`.

>>> [p.split(":")[0] for p in penalty_proposals(["13B"], "aeb")]
['AEB criterion 1']
>>> penalty_proposals(["13B"], "wbf")
[]
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Literal, cast

from arbitro.core.errors import Problem
from arbitro.i18n import N_, gettext
from arbitro.laws.authority import authority
from arbitro.tournament.records import InvalidRecordError, RecordRefusedError, Ruling

__all__ = [
    "ACTS",
    "BODIES",
    "MATTERS",
    "ActKind",
    "AppealRefusedError",
    "Body",
    "DirectorAct",
    "Matter",
    "MissingFieldError",
    "check_93b",
    "check_decision_score",
    "check_disciplinary_powers_kept",
    "law_4_act",
    "law_10b_text",
    "law_91_act",
    "penalty_proposals",
    "ruling_proposals",
    "suspended_boards",
    "unscored_suspension",
    "worded_act",
]

Matter = Literal["law", "judgement"]
"""What an appeal turns on (Law 93B): a point of Law or regulation, or judgement."""

MATTERS: tuple[Matter, ...] = ("law", "judgement")
"""The two kinds of appeal of Law 93B."""

Body = Literal["director", "committee"]
"""Who decides an appeal: the director in charge or the appeals committee."""

BODIES: tuple[Body, ...] = ("director", "committee")
"""The two who decide appeals (Law 93)."""

# The rulings that make each criterion's procedural penalty due, by the start of their Law.
_CRITERIA: tuple[tuple[int, tuple[str, ...], str], ...] = (
    (
        1,
        ("13", "14"),
        N_(
            "AEB criterion 1: a procedural penalty (Law 90) is due to the player who did not "
            "count his cards when he took them out of the board (Law 7B1), not to those who "
            "sent the board on with the wrong cards unless they did it before; give it with "
            "arbitro event penalty"
        ),
    ),
    (
        2,
        ("15",),
        N_(
            "AEB criterion 2: a procedural penalty (Law 90) is due to the pair that sat at a "
            "table where it was not to play this round (Law 15); give it with arbitro event "
            "penalty"
        ),
    ),
    (
        6,
        ("43A1b", "43B3"),
        N_(
            "AEB criterion 6: if dummy pointed out a revoke and is a player of a high "
            "standard, a procedural penalty (Laws 43A1b, 90) is due to him; give it with "
            "arbitro event penalty"
        ),
    ),
)


def penalty_proposals(laws: Iterable[str], profile: str) -> list[str]:
    """The procedural penalties the authority's criteria make due after rulings under ``laws``.

    Under the AEB (criteria 1, 2 and 6 of ``004_*``, "penalizar siempre") a ruling
    under Law 13 or 14 (a player did not count his cards), 15 (a pair at the wrong
    table) or 43A1b/43B3 (dummy drew attention to an irregularity, the criterion being
    a revoke) proposes the penalty, once per criterion, in the active language; under
    an authority without the criteria, nothing.

    >>> for line in penalty_proposals(["15A1", "13A", "15C"], "aeb"):
    ...     print(line[:70])
    AEB criterion 1: a procedural penalty (Law 90) is due to the player wh
    AEB criterion 2: a procedural penalty (Law 90) is due to the pair that
    """
    criteria = authority(profile).penalty_criteria
    given = [law.strip().upper() for law in laws]
    return [
        gettext(text)
        for number, starts, text in _CRITERIA
        if number in criteria
        and any(law.startswith(start.upper()) for law in given for start in starts)
    ]


def ruling_proposals(ruling: Ruling, profile: str) -> list[str]:
    """:func:`penalty_proposals` for a recorded ruling: its Law and those of its table log's rulings.

    >>> ruling_proposals(Ruling(2, 1, "15B", "board played a second time"), "aeb")[0][:16]
    'AEB criterion 2:'
    """
    laws = [ruling.law]
    if ruling.log is not None:
        from arbitro.table.log import loads as load_log  # the table engine: not for every importer

        laws += [found.law for found in load_log(ruling.log).rulings]
    return penalty_proposals(laws, profile)


class AppealRefusedError(RecordRefusedError):
    """An appeal decision Law 93B does not give to who took it."""


def check_93b(
    body: Body, matter: Matter, upheld: bool, committee: bool, appealed_law: str | None
) -> str:
    """Check who decides an appeal under Law 93 and give the decision's Law.

    ``body`` decided a ``matter``; ``committee`` says an appeals committee is available
    (Law 93B) or not (93A: the director hears every appeal); ``appealed_law`` is the
    Law of the ruling appealed, if known.

    - 93A: no committee, the director decides every appeal.
    - 93B1: on a point of Law or regulation the director decides; his decision may be
      appealed to the committee, which may not overrule it (93B3): it may dismiss it.
    - 93B2: any other appeal (judgement) goes to the committee, not to the director.
    - 93B3: the committee may not overrule the director's use of Law 91.

    >>> check_93b("director", "judgement", True, committee=False, appealed_law="16B1a")
    '93A'
    >>> check_93b("committee", "law", True, committee=True, appealed_law="27B1a")
    Traceback (most recent call last):
    ...
    arbitro.tournament.directing.AppealRefusedError: the appeals committee may not overrule the director on a point of Law or regulation (Law 93B3); it may recommend that he change it
    """
    if not committee:
        if body == "committee":
            raise AppealRefusedError(
                N_(
                    "no appeals committee was named for this appeal (Law 93A: the director hears it)"
                )
            )
        return "93A"
    if body == "director":
        if matter == "judgement":
            raise AppealRefusedError(
                N_(
                    "with an appeals committee, an appeal on judgement goes to the committee, "
                    "not to the director (Law 93B2)"
                )
            )
        return "93B1"
    check_disciplinary_powers_kept(body, upheld, committee=committee, appealed_law=appealed_law)
    if upheld and matter == "law":
        raise AppealRefusedError(
            N_(
                "the appeals committee may not overrule the director on a point of Law or "
                "regulation (Law 93B3); it may recommend that he change it"
            )
        )
    return "93B2" if matter == "judgement" else "93B3"


def check_disciplinary_powers_kept(
    body: Body, upheld: bool, *, committee: bool, appealed_law: str | None
) -> None:
    """93B3: an appeals committee may not overrule the director's use of Law 91.

    Whatever the matter (given or not), an appeal of a ruling under Law 91 that a
    committee upholds is refused.

    >>> check_disciplinary_powers_kept("committee", True, committee=True, appealed_law="91A")
    Traceback (most recent call last):
    ...
    arbitro.tournament.directing.AppealRefusedError: the appeals committee may not overrule the director's disciplinary powers of Law 91 (Law 93B3); it may recommend that he change his decision
    >>> check_disciplinary_powers_kept("committee", False, committee=True, appealed_law="91A")
    """
    if (
        committee
        and body == "committee"
        and upheld
        and (appealed_law or "").strip().startswith("91")
    ):
        raise AppealRefusedError(
            N_(
                "the appeals committee may not overrule the director's disciplinary powers "
                "of Law 91 (Law 93B3); it may recommend that he change his decision"
            )
        )


class MissingFieldError(InvalidRecordError):
    """A field a Law needs that was left empty; ``field`` names it (``reason``, ``organiser``, ...).

    Its message names the command line's option; the desk words it with its own form's
    label (:meth:`worded`). Nothing was typed, so the message quotes no input: it says
    what is missing and the Law that needs it.

    >>> error = MissingFieldError("organiser", "91B")
    >>> print(error)
    --organiser is required (Law 91B)
    >>> print(error.worded("Organiser who approves (Law 91B)"))
    the field 'Organiser who approves (Law 91B)' is required (Law 91B)
    """

    def __init__(self, field: str, law: str) -> None:
        self.field = field
        self.law = law
        super().__init__("-", N_("{option} is required (Law {law})"), option=f"--{field}", law=law)

    def __str__(self) -> str:
        return "; ".join(str(problem) for problem in self.problems)

    def worded(self, label: str) -> MissingFieldError:
        """The same refusal naming a form's field by its ``label`` (already translated)."""
        worded = MissingFieldError(self.field, self.law)
        worded.problems = [
            Problem(
                N_("the field '{label}' is required (Law {law})"), {"label": label, "law": self.law}
            )
        ]
        return worded


def _required(value: str, field: str, law: str) -> str:
    text = value.strip()
    if not text:
        raise MissingFieldError(field, law)
    return text


ActKind = Literal["substitute", "suspend", "disqualify"]
"""The director's acts on a participant the event keeps: Law 4, 91A and 91B."""

ACTS: tuple[ActKind, ...] = ("substitute", "suspend", "disqualify")
"""Every kind of act, as the event's log names its action."""


@dataclass(frozen=True)
class DirectorAct:
    """One of the director's acts on a participant (Laws 4, 91A, 91B): its kind and what he gave.

    The event's log keeps it as :meth:`to_str` writes it, so that it is worded in the
    reader's language (:meth:`worded`) and not in the one it was recorded in; the
    reason and the names are kept as the director wrote them. ``session`` is the
    session of a substitution or a suspension, ``boards`` a suspension's boards (empty:
    the whole session), ``organiser`` who approved a disqualification (91B), ``player``
    and ``substitute`` who leaves and who takes his place (Law 4).

    >>> from arbitro.i18n import use_language
    >>> act = DirectorAct("disqualify", "cheating", "Ana", organiser="Club")
    >>> act.worded()
    'cheating (Law 91B, by Ana; approved by the organiser Club)'
    >>> with use_language("es"):
    ...     act.worded()
    'cheating (Artículo 91B, por Ana; aprobada por el organizador Club)'
    >>> DirectorAct.from_str(act.to_str()) == act
    True
    """

    kind: ActKind
    reason: str
    by: str
    session: int | None = None
    boards: str = ""
    organiser: str = ""
    player: str = ""
    substitute: str = ""

    def to_str(self) -> str:
        """The act as the event's log keeps it: a JSON object of its kind and the fields given.

        >>> DirectorAct("suspend", "late", "Ana", session=2).to_str()
        '{"act": "suspend", "by": "Ana", "reason": "late", "session": 2}'
        """
        given = {name: value for name, value in asdict(self).items() if value not in ("", None)}
        given["act"] = given.pop("kind")
        return json.dumps(given, ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_str(cls, text: str) -> DirectorAct:
        """Read an act as :meth:`to_str` writes it; ``ValueError`` for anything else (older text).

        >>> DirectorAct.from_str('{"act": "suspend", "by": "Ana", "reason": "late", "session": 2}')
        DirectorAct(kind='suspend', reason='late', by='Ana', session=2, boards='', organiser='', player='', substitute='')
        >>> DirectorAct.from_str("late (Law 91A, by Ana; final, Law 93B3)")
        Traceback (most recent call last):
        ...
        ValueError: not a kept act: 'late (Law 91A, by Ana; final, Law 93B3)'
        """
        try:
            data = json.loads(text) if text.startswith("{") else None
        except ValueError:
            data = None
        if not isinstance(data, dict) or data.get("act") not in ACTS:
            raise ValueError(f"not a kept act: {text!r}")
        session = data.get("session")
        texts = ("reason", "by", "boards", "organiser", "player", "substitute")
        if not all(isinstance(data.get(name, ""), str) for name in texts) or not (
            session is None or (isinstance(session, int) and not isinstance(session, bool))
        ):
            raise ValueError(f"not a kept act: {text!r}")
        return cls(
            cast("ActKind", data["act"]),
            data.get("reason", ""),
            data.get("by", ""),
            session,
            data.get("boards", ""),
            data.get("organiser", ""),
            data.get("player", ""),
            data.get("substitute", ""),
        )

    def worded(self) -> str:
        """The record in the active language, with its Law.

        >>> DirectorAct("substitute", "ill", "Ana", 1, player="Luis", substitute="Pedro").worded()
        'Pedro for Luis in session 1: ill (Law 4, authorised by Ana)'
        >>> DirectorAct("suspend", "abusive", "Ana", 1, boards="5-8").worded()
        'session 1, boards 5-8: abusive (Law 91A, by Ana; final, Law 93B3)'
        """
        if self.kind == "substitute":
            return gettext(
                "{into} for {out} in session {session}: {reason} (Law 4, authorised by {by})"
            ).format(
                into=self.substitute,
                out=self.player,
                session=self.session,
                reason=self.reason,
                by=self.by,
            )
        if self.kind == "disqualify":
            return gettext(
                "{reason} (Law 91B, by {by}; approved by the organiser {organiser})"
            ).format(reason=self.reason, by=self.by, organiser=self.organiser)
        part = (
            gettext("session {session}, boards {boards}").format(
                session=self.session, boards=self.boards
            )
            if self.boards
            else gettext("the whole of session {session}").format(session=self.session)
        )
        return gettext("{part}: {reason} (Law 91A, by {by}; final, Law 93B3)").format(
            part=part, reason=self.reason, by=self.by
        )


def worded_act(kept: str) -> str:
    """A record of the event's log in the active language: a kept act worded anew, older text as written.

    An act recorded as :meth:`DirectorAct.to_str` writes it is worded in the reader's
    language; a record kept as text (before acts were kept so) is shown as it was
    written, in the language it was recorded in.

    >>> from arbitro.i18n import use_language
    >>> kept = law_91_act("suspend", "late", "Ana", session=1).to_str()
    >>> with use_language("es"):
    ...     worded_act(kept)
    'toda la sesión 1: late (Artículo 91A, por Ana; final, Artículo 93B3)'
    >>> worded_act("cheating (Law 91B, by Ana)")
    'cheating (Law 91B, by Ana)'
    """
    try:
        return DirectorAct.from_str(kept).worded()
    except ValueError:
        return kept


def law_4_act(
    player_out: str, substitute: str, session: int, reason: str, director: str
) -> DirectorAct:
    """A substitution the director authorised (Law 4), checked, as the event keeps it.

    A pair plays with the same partner through a session "excepto en casos de
    sustituciones autorizadas por el árbitro": the director who authorises it is named.

    >>> law_4_act("Luis", "Pedro", 1, "ill", "")
    Traceback (most recent call last):
    ...
    arbitro.tournament.directing.MissingFieldError: --by is required (Law 4)
    """
    out = _required(player_out, "player", "4")
    into = _required(substitute, "substitute", "4")
    why = _required(reason, "reason", "4")
    by = _required(director, "by", "4")
    if out == into:
        raise InvalidRecordError(into, N_("a substitute replaces another player (Law 4)"))
    return DirectorAct("substitute", why, by, session, player=out, substitute=into)


def law_91_act(
    action: Literal["suspend", "disqualify"],
    reason: str,
    director: str,
    session: int | None = None,
    boards: str = "",
    organiser: str = "",
) -> DirectorAct:
    """A suspension (Law 91A) or a disqualification (91B), checked, as the event keeps it.

    91A: the director may bar a participant from all or part of the current session;
    the decision is final (93B3). 91B: a disqualification is subject to the organiser's
    approval, so the organiser who approved it is required and recorded.

    >>> law_91_act("disqualify", "cheating", "Ana")
    Traceback (most recent call last):
    ...
    arbitro.tournament.directing.MissingFieldError: --organiser is required (Law 91B)
    """
    why = _required(reason, "reason", "91")
    by = _required(director, "by", "91")
    suspended_boards(boards)
    if action == "disqualify":
        approved = _required(organiser, "organiser", "91B")
        return DirectorAct("disqualify", why, by, organiser=approved)
    return DirectorAct("suspend", why, by, session, boards.strip())


def unscored_suspension(kind: str, has_movement: bool) -> str | None:
    """Why the event cannot score the boards a suspended participant misses (Law 91A), or None.

    The boards are scored average-minus to the suspended participant and average-plus
    to its opponents (12C2a) only where the movement says whom it would have played,
    pair against pair. Without a movement nothing says it; an individual event keeps
    its results by partnership, and the suspended player's partner is not at fault. The
    answer is a catalog message: the command line, the desk and the API tell the
    director to enter those boards himself.

    >>> unscored_suspension("pairs", has_movement=True) is None
    True
    >>> unscored_suspension("pairs", has_movement=False)
    'the event has no movement, so it does not say whom the participant would have played'
    >>> unscored_suspension("individual", has_movement=True).split(",")[0]
    'an individual event keeps its results by partnership'
    """
    if not has_movement:
        return N_(
            "the event has no movement, so it does not say whom the participant would have played"
        )
    if kind == "individual":
        return N_(
            "an individual event keeps its results by partnership, and the suspended "
            "player's partner is not at fault"
        )
    return None


def _digits(text: str) -> bool:
    """Whether ``text`` is written in the digits 0 to 9 only (``"²".isdigit()`` is true too)."""
    return text.isascii() and text.isdigit()


def suspended_boards(text: str) -> tuple[int, ...] | None:
    """The boards a suspension names (``5-8``, ``3,7`` or ``5``), or None for the whole session.

    >>> suspended_boards("5-8"), suspended_boards("3, 7"), suspended_boards("")
    ((5, 6, 7, 8), (3, 7), None)
    >>> suspended_boards("8-5")
    Traceback (most recent call last):
    ...
    arbitro.tournament.record_errors.InvalidRecordError: invalid record '8-5': the boards a suspension names are written 5-8 or 3,7 (Law 91A)
    """
    if not text.strip():
        return None
    boards: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        if not _digits(first) or (dash and not _digits(last)) or len(part) > 20:
            boards = []
            break
        low, high = int(first), int(last) if dash else int(first)
        if low < 1 or high < low:
            boards = []
            break
        boards.extend(range(low, high + 1))
    if not boards:
        raise InvalidRecordError(
            text, N_("the boards a suspension names are written 5-8 or 3,7 (Law 91A)")
        )
    return tuple(sorted(set(boards)))


def law_10b_text(what: str, accepted: bool) -> str:
    """The ruling's text when the players applied or waived a rectification themselves (Law 10B).

    Law 10A: only the director rectifies; 10B: what the players did without him he may
    accept or cancel. Cancelled, he then rules as the Laws say.

    >>> law_10b_text("East picked up his exposed card", accepted=False)
    'the players applied a rectification without the director: East picked up his exposed card; cancelled, the director rectifies as the Laws say (Law 10B)'
    """
    done = _required(what, "what", "10B")
    if accepted:
        return gettext(
            "the players applied a rectification without the director: {what}; accepted (Law 10B)"
        ).format(what=done)
    return gettext(
        "the players applied a rectification without the director: {what}; cancelled, the "
        "director rectifies as the Laws say (Law 10B)"
    ).format(what=done)


def check_decision_score(
    upheld: bool, ruling: int | None, table: int | None, matter: Matter | None = "judgement"
) -> None:
    """An appeal decision changes a table's score only when upheld against a ruling at a table.

    Law 93B3: the committee may exercise the director's powers, so an upheld appeal
    gives the board the score the decision assigns (12C); a dismissed one leaves the
    ruling, and its score, as they were. The decision says what it turned on
    (``matter``), so that Law 93B's split is checked before the score changes.

    >>> check_decision_score(True, 3, 1)
    >>> check_decision_score(False, 3, 1)
    Traceback (most recent call last):
    ...
    arbitro.tournament.directing.AppealRefusedError: only an upheld appeal changes the score; a dismissed or withdrawn one leaves the ruling's (Law 93)
    """
    if matter is None:
        raise AppealRefusedError(
            N_(
                "a decision that changes the score says whether the appeal turned on Law or "
                "judgement (Law 93B; {option})"
            ),
            option="--matter",
        )
    if not upheld:
        raise AppealRefusedError(
            N_(
                "only an upheld appeal changes the score; a dismissed or withdrawn one leaves "
                "the ruling's (Law 93)"
            )
        )
    if ruling is None or table is None:
        raise AppealRefusedError(
            N_(
                "the appeal names no ruling at a table, so there is no table's score for the "
                "decision to change (lodge it with {option})"
            ),
            option="--ruling",
        )
