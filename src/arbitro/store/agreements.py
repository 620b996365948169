"""Each pair's convention card, kept with the event (``convention_cards``).

The director records a pair's system and agreements, the calls that need an alert
under the AEB norms among them; the misinformation worksheet consults the card of the
pair whose explanation or alert is in question (Laws 20F, 21B1, 40B, 75, through
:mod:`arbitro.table.agreements`). A card is kept as its text, one agreement a line
(:meth:`~arbitro.table.agreements.ConventionCard.from_text`); keeping a card with no
system and no agreement removes it.

>>> from arbitro.store import open_store
>>> from arbitro.table.agreements import ConventionCard
>>> from arbitro.tournament.event import EventSpec, Participant
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Club", boards=8), [Participant("1"), Participant("2")])
>>> store.keep_convention_card(event, ConventionCard.from_text("1", "2D: multi (alert)"))
>>> store.convention_card(event, "1").agreements[0].alert
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import select

from arbitro.i18n import N_
from arbitro.store.models import ConventionCardRow, utcnow
from arbitro.store.repository import EventStore, StoreError

if TYPE_CHECKING:
    from arbitro.table.agreements import ConventionCard

__all__ = ["AgreementRecords"]


class AgreementRecords(EventStore):
    """The pairs' convention cards (Law 40B)."""

    def _check_pair(self, event_id: int, pair: str) -> None:
        known = [participant.number for participant in self.participants(event_id)]
        if known and pair not in known:
            raise StoreError(
                N_("there is no pair {pair} in this event (the pairs are {pairs})"),
                pair=pair,
                pairs=", ".join(known),
            )

    def keep_convention_card(self, event_id: int, card: ConventionCard) -> None:
        """Keep ``card`` as its pair's card in the event, replacing the one kept before.

        The pair must be one of the event's participants when the event lists them. A card
        with no system and no agreement removes the pair's card.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec, Participant
        >>> from arbitro.table.agreements import ConventionCard
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("Club", boards=8), [Participant("1")])
        >>> store.keep_convention_card(event, ConventionCard("9", "Standard", ()))
        Traceback (most recent call last):
        ...
        arbitro.store.errors.StoreError: there is no pair 9 in this event (the pairs are 1)
        """
        self._check_pair(event_id, card.pair)
        with self.transaction() as db:
            row = db.scalars(
                select(ConventionCardRow).where(
                    ConventionCardRow.event_id == event_id, ConventionCardRow.pair == card.pair
                )
            ).one_or_none()
            if not card.system and not card.agreements:
                if row is not None:
                    db.delete(row)
                return
            if row is None:
                row = ConventionCardRow(event_id=event_id, pair=card.pair)
                db.add(row)
            row.text = card.to_text()
            row.updated_at = utcnow()

    def convention_card(self, event_id: int, pair: str) -> ConventionCard | None:
        """The card kept for ``pair`` in the event; ``None`` when it has none.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.convention_card(store.create_event(EventSpec("Club", boards=8)), "4") is None
        True
        """
        self.event(event_id)
        with self.reading() as db:
            text = db.scalars(
                select(ConventionCardRow.text).where(
                    ConventionCardRow.event_id == event_id, ConventionCardRow.pair == pair
                )
            ).one_or_none()
        from arbitro.table.agreements import ConventionCard  # the table's modules: not at import

        return None if text is None else ConventionCard.from_text(pair, text)

    def convention_cards(self, event_id: int) -> list[ConventionCard]:
        """The event's convention cards, by pair.

        >>> from arbitro.store import open_store
        >>> from arbitro.tournament.event import EventSpec
        >>> store = open_store("sqlite:///:memory:")
        >>> store.convention_cards(store.create_event(EventSpec("Club", boards=8)))
        []
        """
        self.event(event_id)
        with self.reading() as db:
            rows = db.execute(
                select(ConventionCardRow.pair, ConventionCardRow.text)
                .where(ConventionCardRow.event_id == event_id)
                .order_by(ConventionCardRow.id)
            ).all()
        from arbitro.table.agreements import ConventionCard  # the table's modules: not at import

        return [ConventionCard.from_text(pair, text) for pair, text in rows]
