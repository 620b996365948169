"""The worksheet form of the web console read into a case (:mod:`arbitro.web.cases` serves it).

The form's fields are the director's words: a score as the ``adjusted`` column takes it
(``+420``, ``4S= N``, weighted as ``1/2 4S= N; 1/2 4S-1 N``), facts one a line, a yes
or no for each of the worksheet's questions. A gap or a malformed field is refused
(422) with the field named in the reader's language.

>>> fields = {"offenders": "EW", "actual": "+50", "likely": "+590"}
>>> fields |= {f"answer_{step.value}": "yes" for step in QUESTIONS}
>>> case = case_from_fields(fields, Irregularity.UNAUTHORISED, board=1, profile="wbf")
>>> case.ruling().result
Result.played(590)
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from arbitro.core.board import Board
from arbitro.core.errors import ArbitroError
from arbitro.core.seat import Side
from arbitro.i18n import N_, gettext
from arbitro.laws.authority import authority
from arbitro.scoring.adjusted_notation import read_adjusted
from arbitro.scoring.results import Weighted
from arbitro.scoring.worksheet import Irregularity, Otherwise, Step, Worksheet
from arbitro.store import Store
from arbitro.store.stored import StoredResult
from arbitro.table.agreements import (
    ConventionCard,
    alert_check,
    check_explanation,
    explanation_check,
    read_auction,
)
from arbitro.table.table import Table
from arbitro.tournament.judgement import (
    Case,
    CaseFact,
    answer_alert,
    answer_misinformation,
    facts_of,
)
from arbitro.tournament.poll import Poll, answer_alternatives
from arbitro.web.pages import RefusedRequestError

__all__ = [
    "FIELDS",
    "KINDS",
    "QUESTIONS",
    "FieldLabel",
    "case_from_fields",
    "table_result",
    "table_score",
]

QUESTIONS = tuple(step for step in Step if step is not Step.OTHERWISE)
"""The worksheet's yes-or-no questions, in order; the last question is the score."""

KINDS = {kind.value: kind for kind in Irregularity}
"""The kinds of case by their code in the address: ``UI`` and ``MI``."""

_FACT = re.compile(r"^\s*(\d{1,2}[A-F]?\d?[a-e]?)\s*:\s*(\S.*)$")
"""A fact line that starts with its Law, as in ``16B1: South hesitated before 5C``."""

_TEXT_FIELDS = (
    "actual",
    "facts",
    "likely",
    "probable",
    "after",
    "poll",
    "offenders",
    "table",
    "pair",
    "call",
    "explanation",
    "card_matches",
    "artificial",
    "inexperienced",
    "log",
    "regulation_g",
)
FIELDS = (
    *_TEXT_FIELDS,
    "session",
    *(f"answer_{step.value}" for step in QUESTIONS),
    *(f"note_{step.value}" for step in QUESTIONS),
)
"""Every field of the worksheet form, as the page keeps it between visits."""


_FIELD_LABELS = {
    "actual": N_("score at the table"),
    "likely": N_("likely result"),
    "probable": N_("probable results"),
    "after": N_("result after the infraction"),
    "board": N_("board"),
    "table": N_("table"),
    "session": N_("session"),
    "poll": N_("poll"),
    "event": N_("event"),
    "call": N_("the call explained"),
}
"""The form's fields as an error names them (catalog messages)."""


class FieldLabel:
    """A form field's name put into words in the language in force when the error is shown.

    >>> str(FieldLabel("likely")), str(FieldLabel("other"))
    ('likely result', 'other')
    """

    def __init__(self, field: str) -> None:
        self.field = field

    def __str__(self) -> str:
        return gettext(_FIELD_LABELS.get(self.field, self.field))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _one_score(text: str, board: Board, lang: str, field: str) -> int:
    """A North-South score typed as the ``adjusted`` column takes it: ``+420`` or ``4S= N``."""
    likely = _weighted(text, board, lang, field)
    if not likely.is_single:
        raise RefusedRequestError(
            N_("{field}: expected one North-South score, as in +420 or 4S= N"),
            422,
            field=FieldLabel(field),
        )
    return likely.parts[0][1]


def _weighted(text: str, board: Board, lang: str, field: str) -> Weighted:
    """A likely result: one score, or weights and scores as in ``1/2 4S= N; 1/2 4S-1 N``."""
    try:
        result = read_adjusted(text, board, lang)
    except ArbitroError as error:
        raise RefusedRequestError(
            N_("{field}: {problem}"), 422, field=FieldLabel(field), problem=error
        ) from None
    if not result.is_balanced or not isinstance(result.ns, Weighted):
        raise RefusedRequestError(
            N_("{field}: expected the same North-South result for both sides, as in +420"),
            422,
            field=FieldLabel(field),
        )
    return result.ns


def _facts(text: str, irregularity: Irregularity) -> tuple[CaseFact, ...]:
    """One fact a line; a line may start with its Law (``16B1: ...``)."""
    default = "16B1" if irregularity is Irregularity.UNAUTHORISED else "20F"
    facts = []
    for line in text.splitlines():
        if not line.strip():
            continue
        match = _FACT.match(line)
        if match is None:
            facts.append(CaseFact(default, line.strip()))
        else:
            facts.append(CaseFact(match[1], match[2].strip()))
    return tuple(facts)


def case_from_fields(
    fields: Mapping[str, str],
    irregularity: Irregularity,
    board: int | Board,
    profile: str,
    poll: Poll | None = None,
    table: int | None = None,
    director: str = "",
    lang: str = "en",
    card: ConventionCard | None = None,
    played: Table | None = None,
) -> Case:
    """The case a filled worksheet describes; refused (422) naming the first gap.

    ``fields`` are the form's: ``offenders`` (NS or EW), ``actual`` (the table's North-South
    score), ``facts`` (one a line), ``answer_<step>`` (``yes``, ``no``, or ``poll`` for the
    logical alternatives, ``card`` for the first question of a misinformation case, ``alert`` to answer it from the
    alert of call ``call`` of the table log under the authority's alert norms) with
    ``note_<step>``, and for the last question ``likely``, ``probable`` (comma-separated)
    and ``after``, or ``artificial`` (``on``) when no result can be assigned (12C2a).
    A contract typed as a score is scored on ``board``: give the :class:`Board` as the
    event marks it when it is marked otherwise than Law 2 says (a number is Law 2's).
    Answers after a "no" are not read. The convention card answers by
    ``call`` (the auction up to the call explained), ``explanation`` (as given) and
    ``card_matches`` (the director's judgement that the words mean the card's: ``yes``,
    ``no``, or empty to compare the words). ``played`` is the board's table log, when the
    director has one: its facts come first (:func:`~arbitro.tournament.judgement.facts_of`),
    its score stands for an empty ``actual``, and a ``call`` given as a number is the call
    of the log whose explanation the card checks.

    >>> case_from_fields({"offenders": "NS", "actual": "+1370"}, Irregularity.UNAUTHORISED, 2, "wbf")
    Traceback (most recent call last):
    ...
    arbitro.web.error_answers.RefusedRequestError: answer question 1 of the worksheet: yes or no
    """
    scored = board if isinstance(board, Board) else Board(board)
    board = scored.number
    offenders_text = fields.get("offenders", "").strip().upper()
    if offenders_text not in ("NS", "EW"):
        raise RefusedRequestError(N_("say which side committed the irregularity"), 422)
    offenders = Side.NS if offenders_text == "NS" else Side.EW
    if not fields.get("actual", "").strip() and played is not None:
        score = played.score()
        if score is not None:
            fields = {**fields, "actual": f"{score:+d}"}
    if not fields.get("actual", "").strip():
        raise RefusedRequestError(
            N_("give the score obtained at the table, North-South's, as in +1370"), 422
        )
    actual = _one_score(fields["actual"], scored, lang, "actual")
    sheet = Worksheet(irregularity, offenders, actual)
    for position, step in enumerate(irregularity.steps, start=1):
        if sheet.next_question is not step:
            break
        reply = fields.get(f"answer_{step.value}", "").strip().lower()
        note = fields.get(f"note_{step.value}", "").strip()
        if reply == "card" and step is Step.IRREGULARITY:
            sheet = _from_card(sheet, fields, card, played, lang)
        elif reply == "alert" and step is Step.IRREGULARITY:
            sheet = _from_alert(sheet, fields, card, played, profile)
        elif reply == "poll" and step is Step.ALTERNATIVES:
            if poll is None:
                raise RefusedRequestError(
                    N_("choose the poll that answers the logical-alternative question"), 422
                )
            sheet = answer_alternatives(sheet, poll)
        elif reply in ("yes", "no"):
            sheet = sheet.answer(reply == "yes", note)
        else:
            raise RefusedRequestError(
                N_("answer question {number} of the worksheet: yes or no"), 422, number=position
            )
    otherwise = None
    if sheet.next_question is Step.OTHERWISE and fields.get("artificial", "") == "on":
        otherwise = Otherwise.artificial()
    elif sheet.next_question is Step.OTHERWISE:
        if not fields.get("likely", "").strip():
            raise RefusedRequestError(
                N_("say what would probably have happened without the irregularity, as in 4S= N"),
                422,
            )
        likely = _weighted(fields["likely"], scored, lang, "likely")
        probable = tuple(
            _one_score(part, scored, lang, "probable")
            for part in fields.get("probable", "").split(",")
            if part.strip()
        )
        after_text = fields.get("after", "").strip()
        after = _one_score(after_text, scored, lang, "after") if after_text else None
        otherwise = Otherwise(likely, probable, after)
    case = Case(
        board,
        table,
        sheet,
        profile,
        otherwise,
        poll,
        (
            *(facts_of(played) if played is not None else ()),
            *_facts(fields.get("facts", ""), irregularity),
        ),
        director,
    )
    case.ruling()  # a score the authority does not allow is refused here
    return case


def _from_card(
    sheet: Worksheet,
    fields: Mapping[str, str],
    card: ConventionCard | None,
    played: Table | None = None,
    lang: str = "en",
) -> Worksheet:
    """The first answer of a misinformation case from the convention card (75B, 75C, 21B1b).

    With the table log and ``call`` a number, the explanation checked is the one the log
    recorded for that call; otherwise the auction and the explanation typed.
    """
    if card is None:
        raise RefusedRequestError(
            N_("no convention card is kept for that pair: add it under Convention cards"), 422
        )
    judged = fields.get("card_matches", "").strip().lower()
    matches = None if judged not in ("yes", "no") else judged == "yes"
    call = fields.get("call", "").strip()
    if played is not None and call.isascii() and call.isdigit() and len(call) < 4:
        return answer_misinformation(sheet, check_explanation(card, played, int(call), matches))
    if not call or not fields.get("explanation", "").strip():
        raise RefusedRequestError(
            N_("give the auction up to the call explained and the explanation given"), 422
        )
    try:
        auction = read_auction(call, lang)
    except ArbitroError as error:
        raise RefusedRequestError(
            N_("{field}: {problem}"), 422, field=FieldLabel("call"), problem=error
        ) from None
    return answer_misinformation(
        sheet, explanation_check(card, auction, fields["explanation"], matches)
    )


def _from_alert(
    sheet: Worksheet,
    fields: Mapping[str, str],
    card: ConventionCard | None,
    played: Table | None,
    profile: str,
) -> Worksheet:
    """The first answer of a misinformation case from the alert of call ``call`` in the log.

    The authority's alert norms decide which calls need an alert; a missing, late or
    needless alert is misinformation (40B4, 21B1a, 20F5a).
    """
    if card is None:
        raise RefusedRequestError(
            N_("no convention card is kept for that pair: add it under Convention cards"), 422
        )
    call = fields.get("call", "").strip()
    if played is None or not (call.isascii() and call.isdigit() and len(call) < 4):
        raise RefusedRequestError(
            N_("the alert is checked on the table log: give the log and the call's number"),
            422,
        )
    rules = authority(profile)
    try:
        check = alert_check(
            card,
            played,
            int(call),
            rules.alertable,
            rules.late_alert_misinformation,
            rules.needless_alert_misinformation,
        )
    except ArbitroError as error:
        raise RefusedRequestError(
            N_("{field}: {problem}"), 422, field=FieldLabel("call"), problem=error
        ) from None
    return answer_alert(sheet, check)


def table_result(
    store: Store, event: int, session: int, board: int, table: int
) -> StoredResult | None:
    """The result entered for the board at the table, if any.

    >>> from arbitro.store import open_store
    >>> from arbitro.tournament.event import EventSpec
    >>> store = open_store("sqlite:///:memory:")
    >>> table_result(store, store.create_event(EventSpec("Club", boards=8)), 1, 2, 1) is None
    True
    """
    return next(
        (
            stored
            for stored in store.results(event, session)
            if stored.board == board and stored.table == table
        ),
        None,
    )


def table_score(stored: StoredResult | None) -> str:
    """The North-South score of a result entered at a table, as text; "" when none.

    A weighted or artificial result has no single score and gives "".

    >>> table_score(None)
    ''
    """
    if stored is not None and stored.result is not None:
        ns = stored.result.ns
        if stored.result.is_balanced and isinstance(ns, Weighted) and ns.is_single:
            return f"{ns.parts[0][1]:+d}"
    return ""
