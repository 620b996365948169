"""Regulating-authority profiles: what the Laws leave to the authority, as data.

The Laws let the regulating authority choose some numbers and some methods: the
percentages of the artificial adjusted scores (Law 12C2a) and their IMP values
(12C2b, 86A), whether weighted scores are allowed (12C1c) or Law 12C1e applies
instead, the matchpoint scale (78A), the Butler datum (78B), the VP scale, and its
own procedural penalties (90). A profile holds every one of them; choosing a profile
changes nothing else in the code. The profiles are the TOML files in
``arbitro/laws/authorities/`` (``wbf`` and ``aeb``).

>>> authority("aeb").weighted_scores, authority("wbf").weighted_scores
(False, True)
>>> authority("aeb").average_plus_percent
Fraction(60, 1)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources

from arbitro.core.errors import NotationError
from arbitro.i18n import N_


class UnknownAuthorityError(NotationError):
    """A regulating-authority code that has no profile."""

    what = N_("regulating authority")


@dataclass(frozen=True)
class Authority:
    """One regulating authority's choices, a field per parameter the Laws leave to it.

    >>> profile = authority("wbf")
    >>> profile.code, profile.average_minus_imps, profile.butler_drop
    ('wbf', Fraction(-3, 1), 1)
    """

    code: str
    name: str
    average_minus_percent: Fraction
    """Average-minus, percent of the top, for a participant directly at fault (12C2a1)."""
    average_percent: Fraction
    """Average, percent of the top, for a participant only partly at fault (12C2a2)."""
    average_plus_percent: Fraction
    """Average-plus, percent of the top, for a participant not at fault (12C2a3)."""
    average_minus_imps: Fraction
    """Average-minus in IMPs (12C2b, 86A)."""
    average_imps: Fraction
    """Average in IMPs."""
    average_plus_imps: Fraction
    """Average-plus in IMPs (12C2b, 86A)."""
    session_percentage_rule: bool
    """Law 12C2c: the session percentage replaces average-plus / minus when it is beyond."""
    total_points_margin: Fraction
    """Total points (78C): average-plus and average-minus are the field's mean plus or minus this."""
    weighted_scores: bool
    """Law 12C1c: weighted assigned scores allowed."""
    law_12c1e: bool
    """Law 12C1e applies: most favourable likely result to the innocent, most unfavourable to the offenders."""
    matchpoint_unit: Fraction
    """Law 78A: matchpoints per result beaten (2, one per tie; or 1, a half per tie)."""
    neuberg: bool
    """Neuberg's formula for boards with fewer results than the most."""
    factoring: bool
    """Factor the totals of pairs that played fewer boards than the most."""
    butler_drop: int
    """Butler: results dropped at each end before taking the mean."""
    butler_round_to: int
    """Butler: the datum is rounded to a multiple of this, halves away from zero."""
    vp_scale: str
    """The victory-point scale by name (``wbf2013``)."""
    misexplanation_top_fraction: Fraction
    """The least penalty for a misexplained artificial call, in tops (pairs); 0 for none."""
    misexplanation_imps: Fraction
    """The same in IMPs (teams)."""
    entry_rule_a: bool = False
    """The AEB's score-entry rule A: an incongruent entry's number stands unless both pairs agree."""
    entry_rule_b: bool = False
    """The AEB's rule B: a disputed congruent entry changes only by agreement, each pair taking the worse."""
    average_plus_boards: int = 0
    """Kooijman's recommendation to 12C2: at most this many average-plus boards a pair per session (0: no limit)."""
    inexperience_mitigation: bool = False
    """The AEB's note to 12C2: an inexperienced offender may get a more lenient artificial score (average)."""
    alertable: frozenset[str] = frozenset({"artificial"})
    """The kinds of agreement the alert procedure requires alerted (40B2a): ``artificial``;
    under the AEB also ``norm5`` (a natural call with a specific message of strength or
    length the opponents may not know) and ``norm6`` (a natural call whose message comes
    from a convention played)."""
    late_alert_misinformation: bool = True
    """Law 21B1a: failing to alert promptly ("inmediatamente") is misinformation."""
    needless_alert_misinformation: bool = True
    """Law 20F5a: an alert the regulations do not require counts as a mistaken explanation."""
    banned_methods: frozenset[str] = frozenset()
    """Methods no event allows (40B2a): ``destructive`` (calls that say nothing of the hand,
    made to consume bidding space) and ``weak_opening`` (a 1-level opening that may be
    weaker than a pass, or a king or more below an average hand)."""
    least_opening_points: int = 0
    """The least high-card points a 1-level opening may show by agreement (0: no limit)."""
    special_defence_levels: tuple[str, ...] = ()
    """The event levels at which a method that requires a special defence is allowed."""
    not_unusual: frozenset[tuple[str, ...]] = frozenset()
    """Auctions (leading passes left out) whose method is never highly unusual, whatever
    the card says (the AEB's list B: 1D as an artificial response to 1C, 1NT forcing over
    a major opening)."""
    levels: tuple[str, ...] = ("club",)
    """The event levels the authority names, lowest first."""
    penalty_criteria: frozenset[int] = frozenset()
    """The AEB's homogenisation criteria that make a procedural penalty due (1, 2, 6 of ``004_*``)."""

    @classmethod
    def from_toml(cls, text: str) -> Authority:
        """Read a profile from the text of a TOML file like those in ``authorities/``.

        >>> text = resources.files("arbitro.laws").joinpath("authorities/wbf.toml").read_text("utf-8")
        >>> Authority.from_toml(text) == authority("wbf")
        True
        """
        data = tomllib.loads(text)
        artificial, assigned = data["artificial"], data["assigned"]
        matchpoints, butler = data["matchpoints"], data["butler"]
        penalties = data["penalties"]
        entries = data.get("entries", {})
        alerts, methods = data.get("alerts", {}), data.get("methods", {})
        return cls(
            code=str(data["code"]),
            name=str(data["name"]),
            average_minus_percent=Fraction(artificial["average_minus_percent"]),
            average_percent=Fraction(artificial["average_percent"]),
            average_plus_percent=Fraction(artificial["average_plus_percent"]),
            average_minus_imps=Fraction(artificial["average_minus_imps"]),
            average_imps=Fraction(artificial["average_imps"]),
            average_plus_imps=Fraction(artificial["average_plus_imps"]),
            session_percentage_rule=bool(artificial["session_percentage_rule"]),
            total_points_margin=Fraction(artificial["total_points_margin"]),
            weighted_scores=bool(assigned["weighted_scores"]),
            law_12c1e=bool(assigned["law_12c1e"]),
            matchpoint_unit=Fraction(matchpoints["unit"]),
            neuberg=bool(matchpoints["neuberg"]),
            factoring=bool(matchpoints["factoring"]),
            butler_drop=int(butler["drop"]),
            butler_round_to=int(butler["round_to"]),
            vp_scale=str(data["victory_points"]["scale"]),
            misexplanation_top_fraction=Fraction(penalties["misexplanation_top_fraction"]),
            misexplanation_imps=Fraction(penalties["misexplanation_imps"]),
            entry_rule_a=bool(entries.get("rule_a", False)),
            entry_rule_b=bool(entries.get("rule_b", False)),
            average_plus_boards=int(artificial.get("average_plus_boards", 0)),
            inexperience_mitigation=bool(artificial.get("inexperience_mitigation", False)),
            alertable=frozenset(str(kind) for kind in alerts.get("alertable", ["artificial"])),
            late_alert_misinformation=bool(alerts.get("late_is_misinformation", True)),
            needless_alert_misinformation=bool(alerts.get("needless_is_misinformation", True)),
            banned_methods=frozenset(str(kind) for kind in methods.get("banned", [])),
            least_opening_points=int(methods.get("least_opening_points", 0)),
            special_defence_levels=tuple(str(lv) for lv in methods.get("special_defence", [])),
            not_unusual=frozenset(
                tuple(str(auction).split()) for auction in methods.get("not_unusual", [])
            ),
            levels=tuple(str(level) for level in methods.get("levels", ["club"])),
            penalty_criteria=frozenset(
                int(n) for n in data.get("homogenisation", {}).get("penalty_criteria", [])
            ),
        )

    def __repr__(self) -> str:
        return f"authority({self.code!r})"


AUTHORITIES = ("aeb", "wbf")
"""The codes of the profiles that ship with Árbitro."""

DEFAULT_AUTHORITY = "aeb"
"""The profile a command uses when none is named: the AEB's, whose edition of the Laws this is.

>>> DEFAULT_AUTHORITY in AUTHORITIES
True
"""


@cache
def _load(key: str) -> Authority:
    path = resources.files("arbitro.laws").joinpath(f"authorities/{key}.toml")
    return Authority.from_toml(path.read_text(encoding="utf-8"))


def authority(code: str) -> Authority:
    """The profile of the regulating authority ``code`` (``wbf`` or ``aeb``).

    >>> authority("aeb")
    authority('aeb')
    >>> authority("acbl")
    Traceback (most recent call last):
    ...
    arbitro.laws.authority.UnknownAuthorityError: invalid regulating authority 'acbl': expected one of aeb, wbf
    """
    key = code.strip().lower()
    if key not in AUTHORITIES:
        raise UnknownAuthorityError(
            code, N_("expected one of {choices}"), choices=", ".join(AUTHORITIES)
        )
    return _load(key)
