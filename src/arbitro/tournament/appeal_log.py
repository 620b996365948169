"""Appeals in the event's log and the audit trail, kept as data and worded when read (Laws 92, 93).

The log keeps an appeal lodged (:class:`AppealLodged`) and a decision on it
(:class:`AppealDecided`) as JSON objects, so that each reader sees them in his own
language and notation: «apelación 1 contra la decisión 1, pareja 2NS», «estimada
(Artículo 93B2)», the score the decision gave as the traveller writes it. Entries
written before, in English words (``1 (1), 2NS: reason``, ``1: upheld (Law 93B2);
board 1, table 2: A -> B``), are read back into the same data; any other text is shown
as it was kept. :func:`worded_audit_reason` does the same for the audit trail's line of
a score an appeal changed.

An upheld decision that gives the table a contract and its tricks assigns an adjusted
score (Laws 12C1 and 93B3: the committee exercises the director's powers), unless it
gives back the result the table played: :func:`assigned_score`.

>>> lodged = AppealLodged(1, "2EW", "unclear line", ruling=1)
>>> AppealLodged.from_str(lodged.to_str()).worded()
'appeal 1 against ruling 1, pair 2EW: unclear line'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass

from arbitro.core.contract import Contract
from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_, gettext
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import pair_written

__all__ = [
    "AppealDecided",
    "AppealLodged",
    "appeal_audit_reason",
    "assigned_score",
    "worded_appeal_entry",
    "worded_audit_reason",
]

_DECISION_WORDS = {
    "upheld": N_("upheld"),
    "dismissed": N_("dismissed"),
    "withdrawn": N_("withdrawn"),
}
"""The decisions on an appeal, as the records word them (``estimada`` in Spanish)."""

_OLD_LODGED = re.compile(
    r"(?P<appeal>[0-9]+)(?: \((?P<ruling>[0-9]+)\))?, (?P<pair>[^:]+): (?P<reason>.*)", re.S
)
_OLD_DECIDED = re.compile(
    r"(?P<appeal>[0-9]+): (?P<decision>upheld|dismissed|withdrawn)"
    r"(?: \(Law (?P<law>[^)]+)\))?"
    r"(?:; (?P<override>a committee heard this appeal|no committee for this appeal) \(override\))?"
    r"(?:; board (?P<board>[0-9]+), table (?P<table>[0-9]+): (?P<old>.*) -> (?P<new>.*))?"
)
_OLD_AUDIT = re.compile(r"appeal (?P<appeal>[0-9]+) upheld \(Law 93\)")


def _entry_written(stored: str) -> str:
    """A stored entry as the reader writes it (suits as symbols); text not an entry as it is."""
    try:
        return Entry.from_str(stored).localized(symbols=True)
    except ArbitroError:
        return stored


@dataclass(frozen=True)
class AppealLodged:
    """An appeal lodged (Law 92): its number, the appellant, the reason, the ruling appealed.

    >>> AppealLodged(2, "3EW", "no hesitation").to_str()
    '{"appeal": 2, "appellant": "3EW", "reason": "no hesitation", "ruling": null}'
    """

    appeal: int
    appellant: str
    reason: str
    ruling: int | None = None

    def to_str(self) -> str:
        """The appeal as the event's log keeps it: a JSON object."""
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def from_str(cls, text: str) -> AppealLodged:
        """The appeal the log keeps as ``text``: :meth:`to_str`'s, or the older English form.

        >>> AppealLodged.from_str("1 (4), 2NS: slow pass")
        AppealLodged(appeal=1, appellant='2NS', reason='slow pass', ruling=4)
        >>> AppealLodged.from_str("not an appeal")
        Traceback (most recent call last):
        ...
        ValueError: not a kept appeal: 'not an appeal'
        """
        data = _json_object(text)
        if data is not None:
            appeal, ruling = data.get("appeal"), data.get("ruling")
            appellant, reason = data.get("appellant"), data.get("reason", "")
            if (
                _is_number(appeal)
                and (ruling is None or _is_number(ruling))
                and isinstance(appellant, str)
                and isinstance(reason, str)
            ):
                return cls(
                    int(str(appeal)), appellant, reason, int(str(ruling)) if ruling else None
                )
        old = _OLD_LODGED.fullmatch(text)
        if old is None:
            raise ValueError(f"not a kept appeal: {text!r}")
        ruling_text = old["ruling"]
        return cls(
            int(old["appeal"]),
            old["pair"],
            old["reason"],
            int(ruling_text) if ruling_text is not None else None,
        )

    def worded(self) -> str:
        """The appeal in the active language: what each number is.

        >>> AppealLodged(2, "3EW", "no hesitation").worded()
        'appeal 2, pair 3EW: no hesitation'
        """
        pair = pair_written(self.appellant)
        if self.ruling is None:
            return gettext("appeal {appeal}, pair {pair}: {reason}").format(
                appeal=self.appeal, pair=pair, reason=self.reason
            )
        return gettext("appeal {appeal} against ruling {ruling}, pair {pair}: {reason}").format(
            appeal=self.appeal, ruling=self.ruling, pair=pair, reason=self.reason
        )


@dataclass(frozen=True)
class AppealDecided:
    """A decision on an appeal (Law 93): the decision, its Law, and the score it changed.

    ``committee`` is set when the decision overrode the event's setting (a committee
    heard it, or none was available: 93A); ``board``, ``table``, ``old`` and ``new``
    (stored entries) when an upheld decision changed a table's score.

    >>> decided = AppealDecided(1, "upheld", "93B2", board=1, table=2,
    ...                         old="adjusted A60/A40", new="adjusted 4H= E")
    >>> AppealDecided.from_str(decided.to_str()).worded()
    'appeal 1: upheld (Law 93B2); board 1, table 2: adjusted A60/A40 -> adjusted 4♥= E'
    """

    appeal: int
    decision: str
    law: str = ""
    committee: bool | None = None
    board: int | None = None
    table: int | None = None
    old: str = ""
    new: str = ""

    def to_str(self) -> str:
        """The decision as the event's log keeps it: a JSON object."""
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def from_str(cls, text: str) -> AppealDecided:
        """The decision the log keeps as ``text``: :meth:`to_str`'s, or the older English form.

        >>> AppealDecided.from_str("1: upheld (Law 93B2); board 1, table 2: A60 -> 4H E 10")
        AppealDecided(appeal=1, decision='upheld', law='93B2', committee=None, board=1, table=2, old='A60', new='4H E 10')
        """
        data = _json_object(text)
        if (
            data is not None
            and _is_number(data.get("appeal"))
            and data.get("decision") in _DECISION_WORDS
        ):
            committee = data.get("committee")
            return cls(
                int(str(data["appeal"])),
                str(data["decision"]),
                str(data.get("law") or ""),
                committee if isinstance(committee, bool) else None,
                int(str(data["board"])) if _is_number(data.get("board")) else None,
                int(str(data["table"])) if _is_number(data.get("table")) else None,
                str(data.get("old") or ""),
                str(data.get("new") or ""),
            )
        old = _OLD_DECIDED.fullmatch(text)
        if old is None:
            raise ValueError(f"not a kept decision: {text!r}")
        override = old["override"]
        return cls(
            int(old["appeal"]),
            old["decision"],
            old["law"] or "",
            None if override is None else override.startswith("a committee"),
            int(old["board"]) if old["board"] else None,
            int(old["table"]) if old["table"] else None,
            old["old"] or "",
            old["new"] or "",
        )

    def worded(self) -> str:
        """The decision in the active language, the scores in its notation.

        >>> AppealDecided(3, "dismissed", committee=False).worded()
        'appeal 3: dismissed; no committee for this appeal (override)'
        """
        text = gettext("appeal {appeal}: {decision}").format(
            appeal=self.appeal, decision=gettext(_DECISION_WORDS[self.decision])
        )
        if self.law:
            text += " " + gettext("(Law {law})").format(law=self.law)
        if self.committee is not None:
            text += "; " + (
                gettext("a committee heard this appeal (override)")
                if self.committee
                else gettext("no committee for this appeal (override)")
            )
        if self.board is not None and self.table is not None:
            text += "; " + gettext("board {board}, table {table}: {old} -> {new}").format(
                board=self.board,
                table=self.table,
                old=_entry_written(self.old),
                new=_entry_written(self.new),
            )
        return text


def _json_object(text: str) -> dict[str, object] | None:
    if not text.startswith("{"):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def worded_appeal_entry(action: str, detail: str) -> str:
    """An appeal's line of the event's log (``appeal``, ``decision``) in the active language.

    Any other action's detail, or a detail in no form kept, is returned as it is.

    >>> worded_appeal_entry("decision", '{"appeal": 1, "decision": "withdrawn"}')
    'appeal 1: withdrawn'
    >>> worded_appeal_entry("appeal", "free text"), worded_appeal_entry("publish", "x")
    ('free text', 'x')
    """
    try:
        if action == "appeal":
            return AppealLodged.from_str(detail).worded()
        if action == "decision":
            return AppealDecided.from_str(detail).worded()
    except ValueError:
        pass
    return detail


def appeal_audit_reason(appeal: int) -> str:
    """The audit trail's reason for a score an upheld appeal changed, as it is kept.

    >>> appeal_audit_reason(2)
    '{"appeal": 2, "decision": "upheld"}'
    """
    return json.dumps({"appeal": appeal, "decision": "upheld"})


def worded_audit_reason(action: str, reason: str) -> str:
    """An audit line's reason in the active language: an appeal's (Law 93) worded, others as kept.

    >>> worded_audit_reason("appeal", appeal_audit_reason(1))
    'appeal 1 upheld (Law 93)'
    >>> worded_audit_reason("appeal", "appeal 4 upheld (Law 93)")
    'appeal 4 upheld (Law 93)'
    >>> worded_audit_reason("correct", "typo")
    'typo'
    """
    if action != "appeal":
        return reason
    data = _json_object(reason)
    old = _OLD_AUDIT.fullmatch(reason)
    appeal = data.get("appeal") if data is not None else int(old["appeal"]) if old else None
    if not _is_number(appeal):
        return reason
    return gettext("appeal {appeal} upheld (Law 93)").format(appeal=appeal)


def assigned_score(score: Entry, played: Iterable[str]) -> Entry:
    """The entry an upheld appeal's ``score`` puts on the table: an assigned adjusted score.

    The committee exercises the director's powers (Law 93B3): a contract and its tricks
    it gives a table is a score it assigns (Law 12C1), kept and shown as adjusted
    (``adjusted 4H= E``), unless it is a result the table entered (``played``: the
    entries the table's result has had), which the decision gives back as played. An
    adjusted score, a bare score or a board not played is kept as given.

    >>> assigned_score(Entry.from_str("4H E 10"), ["adjusted A60/A40"]).to_str()
    'adjusted 4H= E'
    >>> assigned_score(Entry.from_str("3NTX S 7"), []).to_str()
    'adjusted 3NTX-2 S'
    >>> assigned_score(Entry.from_str("4H E 10"), ["4H E 10", "adjusted A60/A40"]).to_str()
    '4H E 10'
    """
    contract = score.contract
    if (
        score.adjusted is not None
        or score.not_played
        or not isinstance(contract, Contract)
        or score.declarer is None
        or score.tricks is None
    ):
        return score
    if any(_same_result(score, entry) for entry in played):
        return score
    over = score.tricks - contract.level - 6
    result = "=" if over == 0 else f"{over:+d}"
    written = f"{contract.to_str(declarer=False)}{result} {score.declarer.to_str()}"
    return Entry(adjusted=written, wrong_pairs=score.wrong_pairs, group=score.group)


def _same_result(score: Entry, stored: str) -> bool:
    try:
        entry = Entry.from_str(stored)
    except ArbitroError:
        return False
    return (entry.contract, entry.declarer, entry.tricks) == (
        score.contract,
        score.declarer,
        score.tricks,
    ) and entry.adjusted is None
