"""The events of the play period, of the claims, and the facts kept for later rulings.

Cards played, faced, changed, withdrawn or exposed in the play (Laws 41-47, 58),
revokes (61-64), defective tricks (67), dummy's acts (42-43), questions after the
auction (41B-C), the inspection of tricks (65-66), claims and their review (68-71), and
the facts the Director records now and judges later (16, 20F4-5, 75): each a frozen
value whose JSON its declared fields make
(:class:`~arbitro.table.declared_event.DeclaredEvent`). The events of the board and the
auction are in :mod:`arbitro.table.auction_events`.

>>> PlayEvent(Seat.WEST, Card.from_str("HK")).to_json()
{'event': 'play', 'seat': 'W', 'card': 'HK'}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.table.declared_event import DeclaredEvent
from arbitro.table.event_fields import (
    read_claimed_tricks,
    read_corrected_call,
    read_designation,
    read_late,
    read_listed_cards,
    read_statement,
    read_text,
    read_true,
    read_truthy,
    read_two,
)


@dataclass(frozen=True, slots=True)
class PlayEvent(DeclaredEvent):
    """A card played from a hand (dummy's cards are played by declarer, Law 41D).

    ``face_down``: an opening lead made face down and never faced (41A); by the wrong
    defender it is withdrawn and goes back to the hand, where a faced one is Law 54's.

    >>> PlayEvent.from_json({"event": "play", "seat": "W", "card": "HK"}).to_json()
    {'event': 'play', 'seat': 'W', 'card': 'HK'}
    """

    KIND: ClassVar[str] = "play"

    seat: Seat
    card: Card
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class FaceLeadEvent(DeclaredEvent):
    """The opening lead, made face down, is faced: the play period begins (Law 41C).

    >>> FaceLeadEvent.from_json({"event": "face_lead"}).to_json()
    {'event': 'face_lead'}
    """

    KIND: ClassVar[str] = "face_lead"


@dataclass(frozen=True, slots=True)
class RevokeEvent(DeclaredEvent):
    """Attention is drawn to a revoke by ``seat`` (Laws 61-63).

    ``late`` says it came only after the next board's auction began (``next board``,
    64B4) or after the round (``round end``, 64B5). ``trick`` (from 1) names the trick
    of the revoke; without it, attention is drawn to the revoke in the trick in
    progress, else to his first revoke not yet ruled on.

    >>> RevokeEvent.from_json({"event": "revoke", "seat": "E"}).to_json()
    {'event': 'revoke', 'seat': 'E'}
    >>> RevokeEvent.from_json({"event": "revoke", "seat": "E", "trick": 3}).trick
    3
    """

    KIND: ClassVar[str] = "revoke"

    seat: Seat
    late: str | None = field(default=None, metadata={"read": read_late})
    trick: int | None = None


@dataclass(frozen=True, slots=True)
class DesignateEvent(DeclaredEvent):
    """Declarer designates dummy's card in words (Law 46).

    ``high``, ``low``, ``win``, a suit, a rank, a card, or ``anything``.

    >>> DesignateEvent.from_json({"event": "designate", "text": "high"}).text
    'high'
    """

    KIND: ClassVar[str] = "designate"

    text: str = field(metadata={"read": read_designation})


@dataclass(frozen=True, slots=True)
class ChangeCardEvent(DeclaredEvent):
    """A player changes the card he played to this trick (Laws 45C4b, 47C).

    >>> ChangeCardEvent.from_json({"event": "change_card", "seat": "S", "card": "HQ"}).card
    Card(Suit.HEARTS, Rank.QUEEN)
    """

    KIND: ClassVar[str] = "change_card"

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class DummyMisplayedEvent(DeclaredEvent):
    """Dummy placed a card declarer did not name (Law 45D).

    >>> DummyMisplayedEvent.from_json({"event": "dummy_misplayed", "card": "D2"}).to_json()
    {'event': 'dummy_misplayed', 'card': 'D2'}
    """

    KIND: ClassVar[str] = "dummy_misplayed"

    card: Card


@dataclass(frozen=True, slots=True)
class FifthCardEvent(DeclaredEvent):
    """A player contributed one more card to a trick he has played to: a fifth card (Law 45E).

    The trick is the one in progress, or the one just completed before the next lead
    (a defender's card held so that partner could see it after he has played, 45C1).
    The Director has judged that it was not a lead (a card led is a ``play``, 53-56).
    ``deliberate`` is his finding that a defender played it on purpose (not, as Law 50B
    says of "jugando dos cartas en una baza", inadvertently): a card below an honour is
    then a major penalty card rather than a minor one.

    >>> FifthCardEvent.from_json({"event": "fifth_card", "seat": "E", "card": "C8"}).to_json()
    {'event': 'fifth_card', 'seat': 'E', 'card': 'C8'}
    """

    KIND: ClassVar[str] = "fifth_card"

    seat: Seat
    card: Card
    deliberate: bool = field(default=False, metadata={"read": read_truthy})


@dataclass(frozen=True, slots=True)
class SeveralCardsEvent(DeclaredEvent):
    """A player played several cards at once, all seen, and names the one played (58B).

    >>> SeveralCardsEvent.from_json({"event": "several_cards", "seat": "E",
    ...                              "cards": ["SA", "SK"], "played": "SK"}).played
    Card(Suit.SPADES, Rank.KING)
    """

    KIND: ClassVar[str] = "several_cards"

    seat: Seat
    cards: tuple[Card, ...] = field(metadata={"read": read_listed_cards})
    played: Card


_TWO_PLAYS = read_two(PlayEvent.from_json, N_("expected two plays, each with a seat and a card"))
"""The reader of a ``simultaneous_plays`` event's two plays, each a seat and a card."""


@dataclass(frozen=True, slots=True)
class SimultaneousPlaysEvent(DeclaredEvent):
    """Two cards led or played at once by two players (Law 58A).

    The card of the player in turn counts first; the other is deemed played after it.

    >>> SimultaneousPlaysEvent.from_json({"event": "simultaneous_plays", "plays": [
    ...     {"seat": "N", "card": "SA"}, {"seat": "E", "card": "S5"}]}).plays[1].card
    Card(Suit.SPADES, Rank.FIVE)
    """

    KIND: ClassVar[str] = "simultaneous_plays"

    plays: tuple[PlayEvent, PlayEvent] = field(metadata={"read": _TWO_PLAYS})


QUESTION_KINDS = ("review", "explanation", "contract")
"""What a ``question`` event asks for."""


@dataclass(frozen=True, slots=True)
class QuestionEvent(DeclaredEvent):
    """A player asks, after the auction, for a review of it, an explanation, or the contract.

    ``kind`` is ``review`` (a review of the auction, 41B1-2), ``explanation`` (of an
    opponent's call, 41B1, 41B3) or ``contract`` (to be told the contract and whether
    it is doubled, once too late for a review, 41C).

    >>> QuestionEvent.from_json({"event": "question", "seat": "S", "kind": "review"}).to_json()
    {'event': 'question', 'seat': 'S', 'kind': 'review'}
    """

    KIND: ClassVar[str] = "question"

    seat: Seat
    kind: str = field(metadata={"choices": QUESTION_KINDS})


@dataclass(frozen=True, slots=True)
class DefectiveTrickEvent(DeclaredEvent):
    """A trick made defective, as it happened and nobody noticed (Law 67).

    Without ``card``: the trick passes ``seat`` by at his turn, and is quitted when the
    other three have played (a trick with a missing card). With ``card``: ``seat``'s ``card`` went
    to the trick ``seat`` has just played to as an extra card (a trick with a card too
    many). Attention drawn to it is a ``defect_noticed`` event.

    >>> DefectiveTrickEvent.from_json({"event": "defective_trick", "seat": "W"}).to_json()
    {'event': 'defective_trick', 'seat': 'W'}
    """

    KIND: ClassVar[str] = "defective_trick"

    seat: Seat
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class DefectNoticedEvent(DeclaredEvent):
    """Attention is drawn to the defective trick of ``seat`` (Law 67A, 67B).

    Or the Director establishes it, as a player has too few or too many cards.

    >>> DefectNoticedEvent.from_json({"event": "defect_noticed", "seat": "W"}).seat
    Seat.WEST
    """

    KIND: ClassVar[str] = "defect_noticed"

    seat: Seat


DUMMY_ACTS = ("forfeits", "warns", "asks_revoke", "spreads", "draws_attention", "indicates")
"""What a ``dummy`` event can say dummy did."""


@dataclass(frozen=True, slots=True)
class DummyEvent(DeclaredEvent):
    """Something dummy did in the play (Laws 42-43).

    ``act`` is ``forfeits`` (the Director finds dummy broke a limitation of 43A2),
    ``warns`` (dummy warns declarer against leading from the wrong hand),
    ``asks_revoke`` (dummy asks declarer, who failed to follow suit, if he has a card
    of it), ``spreads`` (dummy shows his cards before declarer's choice on an opening
    lead out of turn, 54C), ``draws_attention`` (dummy, having forfeited his rights,
    is first to draw attention to a defender's irregularity, 43B3) or ``indicates``
    (dummy touched or indicated one of his cards without declarer's instruction, 45F).

    >>> DummyEvent.from_json({"event": "dummy", "act": "warns"}).to_json()
    {'event': 'dummy', 'act': 'warns'}
    """

    KIND: ClassVar[str] = "dummy"

    act: str = field(metadata={"choices": DUMMY_ACTS})


@dataclass(frozen=True, slots=True)
class ClaimEvent(DeclaredEvent):
    """A player claims or concedes tricks: ``tricks`` of those left, with his statement.

    A claim of fewer than all the tricks left concedes the rest (Law 68A-C);
    ``statement`` is the line the claimer gave, as he gave it (see
    :mod:`arbitro.core.claim_statement` for the form the claim checker reads).

    >>> ClaimEvent.from_json({"event": "claim", "seat": "S", "tricks": 3,
    ...                       "statement": "draw trumps, S"}).to_json()["tricks"]
    3
    """

    KIND: ClassVar[str] = "claim"

    seat: Seat
    tricks: int = field(metadata={"read": read_claimed_tricks})
    statement: str = field(default="", metadata={"read": read_statement})


@dataclass(frozen=True, slots=True)
class ObjectionEvent(DeclaredEvent):
    """A defender's partner objects at once to his concession: there is none (Law 68B2).

    >>> ObjectionEvent.from_json({"event": "objection", "seat": "E"}).to_json()
    {'event': 'objection', 'seat': 'E'}
    """

    KIND: ClassVar[str] = "objection"

    seat: Seat


@dataclass(frozen=True, slots=True)
class ClaimReviewEvent(DeclaredEvent):
    """Within the correction period, a player asks the Director to review a settled claim.

    An opponent of the claimer withdraws his side's acquiescence (Law 69B); a player
    of the claimer's side asks that its concession be cancelled (Law 71).

    >>> ClaimReviewEvent.from_json({"event": "claim_review", "seat": "E"}).to_json()
    {'event': 'claim_review', 'seat': 'E'}
    """

    KIND: ClassVar[str] = "claim_review"

    seat: Seat


FACT_KINDS = ("tempo", "extraneous", "correction", "other_table", "card_seen")
"""The kinds of fact a ``fact`` event records for a later ruling."""


@dataclass(frozen=True, slots=True)
class FactEvent(DeclaredEvent):
    """A fact the Director records now and judges later (Laws 16B, 16C, 20F4-5, 75).

    ``kind`` is ``tempo`` (a break in tempo, 16B1), ``extraneous`` (a remark, a
    gesture, an unexpected alert: other extraneous information from partner, 16B1),
    ``correction`` (a correction of the explanation of call ``call_number``, 20F4-5,
    75), ``other_table`` (information about the board from another table or a
    wrong board, 16C) or ``card_seen`` (a card of another player's seen by accident,
    16C1). ``seat`` is the player who gave the information, corrected the
    explanation, received the information from elsewhere or saw the card; ``noticed_by`` the
    player who drew attention to it, ``reserved`` whether he reserved the right to
    call the Director later (16B2); ``text`` the words, as said.

    >>> FactEvent.from_json({"event": "fact", "kind": "tempo", "seat": "N",
    ...                      "noticed_by": "E", "reserved": True}).reserved
    True
    """

    KIND: ClassVar[str] = "fact"

    kind: str = field(metadata={"choices": FACT_KINDS})
    seat: Seat
    noticed_by: Seat | None = None
    reserved: bool = False
    call_number: int | None = field(default=None, metadata={"read": read_corrected_call})
    text: str = field(default="", metadata={"read": read_text})


WITHDRAW_REASONS = ("illegal", "turn", "explanation")
"""Why a card played is withdrawn: Law 47B, 47E1 or 47E2."""


@dataclass(frozen=True, slots=True)
class WithdrawEvent(DeclaredEvent):
    """``seat`` withdraws ``card``, which it played, for a reason Law 47 allows.

    ``illegal``: the card was an illegal play (47B; a defender's becomes a penalty
    card, 49); ``turn``: a lead or play out of turn made because an opponent said it
    was his turn (47E1); ``explanation``: a card played on an opponent's mistaken
    explanation, before it was corrected (47E2).

    >>> WithdrawEvent.from_json({"event": "withdraw", "seat": "W", "card": "HA",
    ...                          "reason": "turn"}).reason
    'turn'
    """

    KIND: ClassVar[str] = "withdraw"

    seat: Seat
    card: Card
    reason: str = field(metadata={"choices": WITHDRAW_REASONS})


@dataclass(frozen=True, slots=True)
class RevokeQuestionEvent(DeclaredEvent):
    """``seat`` asks ``asked``, who failed to follow suit, whether he has a card of it (61B).

    >>> RevokeQuestionEvent.from_json({"event": "revoke_question", "seat": "N", "asked": "E"})
    RevokeQuestionEvent(seat=Seat.NORTH, asked=Seat.EAST)
    """

    KIND: ClassVar[str] = "revoke_question"

    seat: Seat
    asked: Seat


@dataclass(frozen=True, slots=True)
class InspectEvent(DeclaredEvent):
    """``seat`` asks to see the cards of trick ``trick`` (from 1), or only his own (Law 66).

    ``director``: the Director allowed it (66C, a quitted trick during the play).

    >>> InspectEvent.from_json({"event": "inspect", "seat": "E", "trick": 2}).to_json()
    {'event': 'inspect', 'seat': 'E', 'trick': 2}
    """

    KIND: ClassVar[str] = "inspect"

    seat: Seat
    trick: int
    own: bool = field(default=False, metadata={"read": read_true})
    director: bool = field(default=False, metadata={"read": read_true})


@dataclass(frozen=True, slots=True)
class WrongWayEvent(DeclaredEvent):
    """``seat`` draws attention to a card of trick ``trick`` pointed the wrong way (65B3).

    >>> WrongWayEvent.from_json({"event": "wrong_way", "seat": "N", "trick": 1}).to_json()
    {'event': 'wrong_way', 'seat': 'N', 'trick': 1}
    """

    KIND: ClassVar[str] = "wrong_way"

    seat: Seat
    trick: int
