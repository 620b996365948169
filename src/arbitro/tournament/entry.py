"""What a traveller line says about one board at one table, and the score it gives.

An :class:`Entry` is what the scorer types in: a contract, its declarer and the tricks
taken (with the opening lead if it was noted), or a bare North-South score, or an
adjusted score (Law 12), or the board not played. When both a contract and a score
are entered and they disagree, the entry is *incongruent* and the AEB rule A decides
(:func:`arbitro.scoring.entries.resolve_incongruent`): the number stands unless both
pairs agree to correct it. ``wrong_pairs`` marks a board played by the wrong pairs
whose result the director accepts (Law 15A1).

>>> entry = Entry.from_fields(contract="4S", declarer="N", tricks="10")
>>> entry
Entry.from_str('4S N 10')
>>> entry.result(Board(1))
Result.played(420)
>>> Entry.from_fields(adjusted="A60/A40").to_str()
'adjusted A60/A40'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from arbitro.core.board import Board
from arbitro.core.bounded import MAX_DIGITS
from arbitro.core.card import Card
from arbitro.core.contract import Contract, PassedOut, final_contract_from_str
from arbitro.core.deal import Deal
from arbitro.core.errors import InvalidTricksError, NotationError
from arbitro.core.seat import Seat, Side
from arbitro.i18n import N_, Language, get_language, gettext, parse_language, use_language
from arbitro.laws.authority import authority
from arbitro.scoring.adjusted_notation import adjusted_to_str, read_adjusted
from arbitro.scoring.entries import resolve_disputed, resolve_incongruent
from arbitro.scoring.law77 import check_tricks, score, unscored
from arbitro.scoring.results import Result, Weighted


class InvalidEntryError(NotationError):
    """A result that cannot be entered; the message names the field and what was expected.

    >>> Entry.from_fields(contract="4S", declarer="N")
    Traceback (most recent call last):
    ...
    arbitro.tournament.entry.InvalidEntryError: invalid result '4S N': the number of tricks is missing
    """

    what = N_("result")


_SCORE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
_GROUP = re.compile(r"\w{1,20}")
NOT_PLAYED = "not-played"


# The words of an entry shown in a language (written by :meth:`Entry.localized`).
_ENTRY_WORDS = (
    N_("not played"),
    N_("adjusted"),
    N_("lead"),
    N_("score"),
    N_("(Law 15A1)"),
    N_("(agreed)"),
)


@dataclass(frozen=True)
class Entry:
    """One table's entry on one board (see the module's description).

    ``score`` is the entered North-South score; with a contract it is checked against
    it, and ``agreed`` says both pairs agreed to correct an incongruent number.
    ``group`` puts the table in a group of a fouled board (Law 87): each group is
    scored on its own.
    """

    contract: Contract | PassedOut | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    lead: Card | None = None
    score: int | None = None
    adjusted: str | None = None
    not_played: bool = False
    wrong_pairs: bool = False
    agreed: bool = False
    group: str | None = None

    @classmethod
    def from_row(cls, fields: Sequence[str], group: str | None = None) -> Entry:
        """A traveller row's contract, declarer, tricks, lead, score and adjusted score.

        A blank field is one the row does not give (a file's empty column or element).

        >>> Entry.from_row(["4S", "N", "10", "", "", ""]).to_str()
        '4S N 10'
        """
        contract, declarer, tricks, lead, score, adjusted = fields
        return cls.from_fields(
            contract=contract or None,
            declarer=declarer or None,
            tricks=tricks or None,
            lead=lead or None,
            score=score or None,
            adjusted=adjusted or None,
            group=group,
        )

    @classmethod
    def from_fields(
        cls,
        contract: str | None = None,
        declarer: str | None = None,
        tricks: str | None = None,
        lead: str | None = None,
        score: str | None = None,
        adjusted: str | None = None,
        not_played: bool = False,
        wrong_pairs: bool = False,
        agreed: bool = False,
        lang: str = "en",
        group: str | None = None,
        options: bool = False,
    ) -> Entry:
        """Read an entry from its fields as typed (``tricks`` may be ``10``, ``=``, ``+1`` or ``-2``).

        ``options``: the fields were typed as the command line's options, so a missing
        declarer or number of tricks names its option (``--tricks``); a form, the API or
        a file names the field alone.

        >>> Entry.from_fields(contract="3NT", declarer="S", tricks="-1").tricks
        8
        >>> Entry.from_fields(score="four hundred")
        Traceback (most recent call last):
        ...
        arbitro.tournament.entry.InvalidEntryError: invalid result 'four hundred': expected North-South's score, a whole number such as 420 or -50
        >>> Entry.from_fields(score="420", group="B").to_str()
        'score 420 group B'
        """
        entry = cls._read_fields(
            contract,
            declarer,
            tricks,
            lead,
            score,
            adjusted,
            not_played,
            wrong_pairs,
            agreed,
            lang,
            options,
        )
        if group is None or not group.strip():
            return entry
        name = group.strip()
        if not _GROUP.fullmatch(name):
            raise InvalidEntryError(
                name,
                N_(
                    "expected a fouled board's group (Law 87) as one word of letters or "
                    "digits, such as A or 2"
                ),
            )
        return replace(entry, group=name)

    @classmethod
    def _read_fields(
        cls,
        contract: str | None,
        declarer: str | None,
        tricks: str | None,
        lead: str | None,
        score: str | None,
        adjusted: str | None,
        not_played: bool,
        wrong_pairs: bool,
        agreed: bool,
        lang: str,
        options: bool,
    ) -> Entry:
        """:meth:`from_fields` without the group."""
        given = " ".join(
            part for part in (contract, declarer, tricks, score, adjusted) if part
        ).strip()
        chosen = [bool(contract), bool(adjusted), bool(not_played)]
        if sum(chosen) > 1:
            raise InvalidEntryError(
                given or NOT_PLAYED,
                N_("give one of a contract, an adjusted score or 'not played', not several"),
            )
        if not_played:
            return cls(not_played=True, wrong_pairs=wrong_pairs)
        if adjusted:
            # Checks the text; its scores are checked against the board (Law 77) once it
            # is known, by :meth:`check_score`.
            read_adjusted(adjusted, Board(1), lang, checked=False)
            # Stored language-free: ``4P= E`` on a Spanish page is ``4S= E``, as is ``4♠= E``.
            return cls(adjusted=adjusted_to_str(adjusted, lang), wrong_pairs=wrong_pairs)
        entered = _score(score) if score else None
        if not contract:
            if entered is None:
                raise InvalidEntryError(
                    given,
                    N_(
                        "expected a contract with its declarer and tricks, a score, or an adjusted score"
                    ),
                )
            return cls(score=entered, wrong_pairs=wrong_pairs, agreed=agreed)
        final = final_contract_from_str(contract, lang)
        if isinstance(final, PassedOut):
            return cls(contract=final, score=entered, wrong_pairs=wrong_pairs, agreed=agreed)
        if not declarer:
            if options:
                raise InvalidEntryError(
                    given, N_("the declarer is missing (expected {option})"), option="--declarer"
                )
            raise InvalidEntryError(given, N_("the declarer is missing"))
        seat = Seat.from_str(declarer, lang)
        if not tricks:
            if options:
                raise InvalidEntryError(
                    given,
                    N_("the number of tricks is missing (expected {option})"),
                    option="--tricks",
                )
            raise InvalidEntryError(given, N_("the number of tricks is missing"))
        taken = _tricks(tricks.strip(), final)
        return cls(
            contract=final,
            declarer=seat,
            tricks=taken,
            lead=Card.from_str(lead, lang) if lead else None,
            score=entered,
            wrong_pairs=wrong_pairs,
            agreed=agreed,
        )

    @classmethod
    def from_str(cls, text: str) -> Entry:
        """Read an entry as :meth:`to_str` writes it (English notation).

        >>> Entry.from_str("3NT S 8 lead SQ score -100")
        Entry.from_str('3NT S 8 lead SQ score -100')
        >>> Entry.from_str("not-played")
        Entry.from_str('not-played')
        """
        words = text.split()
        flags = {"law15": False, "agreed": False}
        while words and words[-1] in flags:
            flags[words.pop()] = True
        group = None
        if len(words) > 2 and words[-2] == "group":
            group = words.pop()
            words.pop()
        if group is not None:
            return replace(
                cls.from_str(" ".join(words + [k for k, v in flags.items() if v])), group=group
            )
        rest = " ".join(words)
        if rest == NOT_PLAYED:
            return cls(not_played=True, wrong_pairs=flags["law15"])
        if rest.startswith("adjusted "):
            return cls.from_fields(
                adjusted=rest.removeprefix("adjusted "), wrong_pairs=flags["law15"]
            )
        fields: dict[str, str] = {}
        if words and words[0] == "score":
            fields["score"] = words[1] if len(words) > 1 else ""
        else:
            keys = ("contract", "declarer", "tricks")
            position = 0
            for key in keys:
                if position < len(words) and words[position] not in ("lead", "score"):
                    fields[key] = words[position]
                    position += 1
                    if key == "contract" and words[0].lower() in ("pass", "passed"):
                        break
            while position + 1 < len(words):
                fields[words[position]] = words[position + 1]
                position += 2
        return cls.from_fields(
            contract=fields.get("contract"),
            declarer=fields.get("declarer"),
            tricks=fields.get("tricks"),
            lead=fields.get("lead"),
            score=fields.get("score"),
            wrong_pairs=flags["law15"],
            agreed=flags["agreed"],
        )

    def to_str(self) -> str:
        """The entry as one line of text, English notation; :meth:`from_str` reads it back.

        >>> Entry.from_fields(contract="4H", declarer="E", tricks="=", lead="SA").to_str()
        '4H E 10 lead SA'
        """
        if self.not_played:
            parts = [NOT_PLAYED]
        elif self.adjusted is not None:
            parts = ["adjusted", self.adjusted]
        else:
            parts = []
            if isinstance(self.contract, PassedOut):
                parts.append("Pass")
            elif self.contract is not None:
                parts += [self.contract.to_str(), str(self.declarer), str(self.tricks)]
                if self.lead is not None:
                    parts += ["lead", self.lead.to_str(symbols=False)]
            if self.score is not None:
                parts += ["score", str(self.score)]
        if self.group is not None:
            parts += ["group", self.group]
        if self.wrong_pairs:
            parts.append("law15")
        if self.agreed:
            parts.append("agreed")
        return " ".join(parts)

    def localized(
        self, lang: str | None = None, *, symbols: bool = False, recorded_score: bool = True
    ) -> str:
        """The entry in ``lang``'s bridge notation (default: the language in force).

        With ``symbols``, suits are written ♠♥♦♣ (``3♣``, never a letter a reader of
        the other language would misread). Without ``recorded_score``, a played
        result leaves out the score a file recorded beside it, for a page that shows
        the score in a column of its own.

        :meth:`to_str` is the stored text, in English; this is how a page or a command
        shows it: contracts, seats and cards in the notation of the language, and the
        words around them translated.

        >>> Entry.from_str("3NTX S 8 lead HQ").localized("es")
        '3STX S 8 salida CD'
        >>> Entry.from_str("not-played").localized("es")
        'no jugado'
        >>> Entry.from_str("3C E 11 lead HQ").localized("es", symbols=True)
        '3♣ E 11 salida ♥D'
        >>> Entry.from_str("4S N 10 lead HT").localized("en", symbols=True)
        '4♠ N 10 lead ♥10'
        >>> Entry.from_str("adjusted 4S= W").localized("es", symbols=True)
        'ajustado 4♠= O'
        >>> played = Entry.from_str("4H N 9 score -100")
        >>> played.localized("es", symbols=True), played.localized("es", recorded_score=False)
        ('4♥ N 9 marca -100', '4C N 9')
        """
        language = parse_language(lang) if lang else get_language()
        with use_language(language):
            parts: list[str] = []
            if self.not_played:
                parts.append(gettext("not played"))
            elif self.adjusted is not None:
                parts += [
                    gettext("adjusted"),
                    adjusted_to_str(self.adjusted, to_lang=language, symbols=symbols),
                ]
            else:
                if isinstance(self.contract, PassedOut):
                    parts.append(self.contract.to_str(language))
                elif self.contract is not None:
                    parts.append(self.contract.to_str(language, symbols=symbols, declarer=False))
                    if self.declarer is not None:
                        parts.append(self.declarer.to_str(language))
                    if self.tricks is not None:
                        parts.append(str(self.tricks))
                    if self.lead is not None:
                        # With symbols, for people: the ten printed as on the card, ♥10.
                        lead = (
                            self.lead.suit.to_str(symbols=True) + self.lead.rank.printed(language)
                            if symbols
                            else self.lead.to_str(language)
                        )
                        parts += [gettext("lead"), lead]
                if self.score is not None and (recorded_score or not parts):
                    parts += [gettext("score"), str(self.score)]
            if self.group is not None:
                parts.append(gettext("(group {group}, Law 87)").format(group=self.group))
            if self.wrong_pairs:
                parts.append(gettext("(Law 15A1)"))
            if self.agreed:
                parts.append(gettext("(agreed)"))
            return " ".join(parts)

    def __repr__(self) -> str:
        return f"Entry.from_str({self.to_str()!r})"

    def contract_score(self, board: Board) -> int | None:
        """North-South's score by Law 77 from the contract, or ``None`` without one.

        >>> Entry.from_fields(contract="4S", declarer="W", tricks="9").contract_score(Board(3))
        100
        """
        if isinstance(self.contract, PassedOut):
            return 0
        if self.contract is None or self.declarer is None or self.tricks is None:
            return None
        points = score(self.contract, self.tricks, board.vulnerability.is_vulnerable(self.declarer))
        return points if self.declarer.side is Side.NS else -points

    def incongruent(self, board: Board) -> int | None:
        """The contract's score when the entered number disagrees with it (AEB rule A), else ``None``.

        >>> Entry.from_fields(contract="4S", declarer="N", tricks="9", score="50").incongruent(Board(1))
        -50
        """
        computed = self.contract_score(board)
        if self.score is None or computed is None or computed == self.score:
            return None
        return computed

    def check_lead(self, deal: Deal, board: int) -> None:
        """Refuse an opening lead the opening leader does not hold in ``deal`` (Law 41A).

        The opening lead is made by the player on declarer's left; a card not in that
        hand is a typing slip (the wrong card, or the wrong declarer).

        >>> from arbitro.table.events import EXAMPLE_DEAL
        >>> Entry.from_str("4S S 10 lead HA").check_lead(EXAMPLE_DEAL, 3)
        >>> Entry.from_str("4S W 10 lead HA").check_lead(EXAMPLE_DEAL, 3)
        Traceback (most recent call last):
        ...
        arbitro.tournament.entry.InvalidEntryError: invalid result '4S W 10 lead HA': the opening lead ♥A is not in North's hand on board 3 (North, on declarer's left, leads: Law 41A)
        """
        if self.lead is None or self.declarer is None:
            return
        leader = self.declarer.lho
        if self.lead not in deal[leader]:
            raise InvalidEntryError(
                self.to_str(),
                N_(
                    "the opening lead {card} is not in {seat}'s hand on board {board} "
                    "({seat}, on declarer's left, leads: Law 41A)"
                ),
                card=self.lead,
                seat=leader,
                board=board,
            )

    def check_score(self, board: Board) -> None:
        """Refuse a score that no contract can give on ``board`` (a typing slip).

        An adjusted score's assigned scores are checked alike (Law 12C1 and 77,
        :func:`~arbitro.scoring.adjusted_notation.read_adjusted`): ``60/40`` is refused
        with the hint that an artificial score (Law 12C2) is written ``A60/A40``.

        The score must be a North-South score of Law 77 with the board's vulnerability,
        and the message offers the nearest ones. One entered with a contract it does not
        agree with, but that some contract gives, stands (AEB rule A: the number
        prevails unless both pairs agree to correct it); one no contract gives cannot
        prevail, and is refused as a bare one is.

        >>> Entry.from_fields(score="425").check_score(Board(1))
        Traceback (most recent call last):
        ...
        arbitro.tournament.entry.InvalidEntryError: invalid result '425': no contract scores that on board 1; the nearest are 420 and 430
        >>> Entry.from_fields(score="-200").check_score(Board(2))
        >>> Entry.from_fields(contract="4S", declarer="N", tricks="10", score="999").check_score(Board(1))
        Traceback (most recent call last):
        ...
        arbitro.tournament.entry.InvalidEntryError: invalid result '999': no contract scores that on board 1; the nearest are 990 and 1000
        """
        if self.adjusted is not None:
            read_adjusted(self.adjusted, board)  # each assigned score one of Law 77
            return
        if self.score is None:
            return
        problem = unscored(self.score, board)
        if problem is not None:
            message, fields = problem
            raise InvalidEntryError(str(self.score), message, **fields)

    def result(self, board: Board, lang: str = "en") -> Result | None:
        """The result this entry gives on ``board``; ``None`` when the board was not played.

        An incongruent number stands unless both pairs agreed to correct it (AEB rule A).

        >>> Entry.from_fields(contract="4S", declarer="N", tricks="9", score="50").result(Board(1))
        Result.played(50)
        >>> Entry.from_fields(contract="4S", declarer="N", tricks="9", score="50", agreed=True).result(Board(1))
        Result.played(-50)
        """
        if self.not_played:
            return None
        if self.adjusted is not None:
            return read_adjusted(self.adjusted, board, lang, checked=False)
        computed = self.contract_score(board)
        if computed is None:
            assert self.score is not None, "an entry has a contract or a score"
            return Result.played(self.score)
        if self.score is None:
            return Result.played(computed)
        return Result.played(resolve_incongruent(self.score, computed, self.agreed))


def disputed_correction(stored: Entry, claimed: Entry, board: Board, profile: str) -> Entry:
    """The entry that replaces a disputed congruent one under the AEB's rule B.

    ``stored`` is the entry as it stands, ``claimed`` the result one pair disputes it
    with; ``claimed.agreed`` says both pairs agree (``--agreed``). Without agreement the
    entry stands and the correction is refused; with it, each pair gets the worse of the
    two scores for itself, a split score (Law 12C1f). Refused under an authority that
    has no rule B, and for an entry that is not a congruent played result.

    >>> stored = Entry.from_str("2S N 8")
    >>> disputed_correction(stored, Entry.from_str("2S N 9 agreed"), Board(2), "aeb")
    Entry.from_str('adjusted +110/-140')
    >>> disputed_correction(stored, Entry.from_str("2S N 9"), Board(2), "aeb")
    Traceback (most recent call last):
    ...
    arbitro.tournament.entry.InvalidEntryError: invalid result '2S N 9': a disputed entry stands unless both pairs agree to change it (AEB rule B; --agreed)
    >>> disputed_correction(stored, Entry.from_str("2S N 9 agreed"), Board(2), "wbf")
    Traceback (most recent call last):
    ...
    arbitro.tournament.entry.InvalidEntryError: invalid result '2S N 9 agreed': the regulating authority (wbf) has no rule B for disputed entries; correct the result without --disputed
    """
    if not authority(profile).entry_rule_b:
        raise InvalidEntryError(
            claimed.to_str(),
            N_(
                "the regulating authority ({authority}) has no rule B for disputed entries; "
                "correct the result without {option}"
            ),
            authority=profile,
            option="--disputed",
        )
    entered = stored.result(board)
    if (
        entered is None
        or stored.adjusted is not None
        or stored.incongruent(board) is not None
        or not entered.is_balanced
    ):
        raise InvalidEntryError(
            stored.to_str(),
            N_("rule B is for a congruent played result; this entry is not one (AEB rule B)"),
        )
    claimed.check_score(board)
    other = claimed.result(board)
    if other is None or claimed.adjusted is not None or not other.is_balanced:
        raise InvalidEntryError(
            claimed.to_str(),
            N_("expected the disputed result as a contract with its tricks, or a score"),
        )
    if not claimed.agreed:
        raise InvalidEntryError(
            claimed.to_str(),
            N_(
                "a disputed entry stands unless both pairs agree to change it (AEB rule B; "
                "{option})"
            ),
            option="--agreed",
        )
    assert isinstance(entered.ns, Weighted), "a congruent played result"
    assert isinstance(other.ns, Weighted), "a played result"
    result = resolve_disputed(entered.ns.parts[0][1], other.ns.parts[0][1], both_agree=True)
    if result.is_balanced:
        return replace(claimed, agreed=False)
    return Entry(adjusted=result.to_str(), wrong_pairs=stored.wrong_pairs)


def typed_entry(text: str, lang: Language) -> Entry:
    """A result typed on one line in ``lang``'s notation, as a ruling or an appeal gives it.

    A contract with its declarer and tricks (``4P N 10`` in Spanish, ``4S N 10`` in
    English), or an adjusted score (``A60/A40``, ``3C+1 O``), with or without the word
    *adjusted* (*ajustado*) before it: what the desk's forms and ``arbitro event decide
    --score`` read.

    >>> typed_entry("4P N 10", "es").to_str(), typed_entry("ajustado A60/A40", "es").to_str()
    ('4S N 10', 'adjusted A60/A40')
    >>> typed_entry("3C+1 O", "es").to_str(), typed_entry("adjusted 4S= E", "en").to_str()
    ('adjusted 3H+1 W', 'adjusted 4S= E')
    """
    words = text.split()
    with use_language(lang):  # the word "adjusted" as the language writes it
        adjusted = {gettext("adjusted").casefold(), "adjusted"}
    if words and words[0].casefold() in adjusted:
        return Entry.from_fields(adjusted=" ".join(words[1:]), lang=lang)
    if len(words) == 3:
        contract, declarer, tricks = words
        return Entry.from_fields(contract=contract, declarer=declarer, tricks=tricks, lang=lang)
    return Entry.from_fields(adjusted=text.strip(), lang=lang)


def _score(text: str) -> int:
    if not _SCORE.fullmatch(text.strip()):
        raise InvalidEntryError(
            text,
            N_("expected North-South's score, a whole number such as 420 or -50"),
        )
    return int(text.strip())


def _tricks(text: str, contract: Contract) -> int:
    if text == "=":
        return contract.tricks_needed
    if re.fullmatch(r"[+-][0-9]{1,2}", text):
        if not 0 <= contract.tricks_needed + int(text) <= 13:
            # Reported as typed ('+4'), with the range this contract allows.
            raise InvalidTricksError(
                text,
                N_("expected from -{down} to +{up} on a contract of {level}"),
                down=contract.tricks_needed,
                up=13 - contract.tricks_needed,
                level=contract.level,
            )
        return contract.tricks_needed + int(text)
    return check_tricks(int(text) if re.fullmatch("[0-9]{1,2}", text) else text)
