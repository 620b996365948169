"""The store: every operation on the database is a method of :class:`Store`.

One API style for the whole store. :class:`~arbitro.store.repository.EventStore` holds
the transaction and the events; each other module of the store adds the records of its
concern as a mixin (an ``EventStore`` too, or a mixin of the records it reads): the
boards' markings, the results and their audit trail, the results' publication and
reopening, rulings and appeals, penalties, the director's acts on participants and their
carry-overs, scores and rankings, a Swiss's pairing, the web console's records
(``console.py``), judgement cases, the organiser's list of adjustments, polls, open
cases, convention cards, kept deals and their analyses, table logs, travellers, the
tables' waiting entries, the psychic calls' register, the events' levels, the club's
member list, the event's exports, the events imported whole from a file, the director's
acts kept with the event (Law 10B, the appeals committee) and the failed sign-ins every
server process counts. ``Store`` gathers them, and :func:`open_store` opens one.
Functions of the store that take a ``Connection`` are the statements a job of the
group-commit writer runs inside its transaction, not another way to call the store.

>>> store = open_store("sqlite:///:memory:")
>>> store.director_names(), store.events()
([], [])
>>> store.close()
"""

from __future__ import annotations

from arbitro.store.adjustments import AdjustmentRecords
from arbitro.store.agreements import AgreementRecords
from arbitro.store.analyses import AnalysisRecords
from arbitro.store.boards import BoardRecords
from arbitro.store.club import ClubRecords
from arbitro.store.console import ConsoleRecords
from arbitro.store.database import database_url, open_database, refused_database
from arbitro.store.deals import DealRecords
from arbitro.store.directing import DirectorActRecords
from arbitro.store.imports import ImportRecords
from arbitro.store.judgement import JudgementRecords
from arbitro.store.methods import MethodRecords
from arbitro.store.open_cases import OpenCaseRecords
from arbitro.store.pairing import PairingRecords
from arbitro.store.participants import ParticipantRecords
from arbitro.store.pbn_csv_exports import PbnCsvExportRecords
from arbitro.store.penalties import PenaltyRecords
from arbitro.store.polls import PollRecords
from arbitro.store.psychics import PsychicRecords
from arbitro.store.publishing import PublishingRecords
from arbitro.store.repository import EventStore, migrate
from arbitro.store.results import ResultRecords
from arbitro.store.rulings import RulingRecords
from arbitro.store.score_entry import ScoreEntryRecords
from arbitro.store.scores import ScoreRecords
from arbitro.store.sign_in_limits import SignInFailureRecords
from arbitro.store.table_logs import TableLogRecords
from arbitro.store.table_settings import TableSettingRecords
from arbitro.store.to_come import ToComeRecords
from arbitro.store.travellers import TravellerRecords
from arbitro.store.usebio_exports import UsebioExportRecords

__all__ = ["Store", "open_store"]


class Store(
    ToComeRecords,
    ConsoleRecords,
    AdjustmentRecords,
    JudgementRecords,
    PollRecords,
    OpenCaseRecords,
    AgreementRecords,
    AnalysisRecords,
    DealRecords,
    TableLogRecords,
    TableSettingRecords,
    TravellerRecords,
    ScoreEntryRecords,
    PsychicRecords,
    MethodRecords,
    ClubRecords,
    UsebioExportRecords,
    PbnCsvExportRecords,
    ImportRecords,
    SignInFailureRecords,
    DirectorActRecords,
    PairingRecords,
    ScoreRecords,
    RulingRecords,
    PenaltyRecords,
    ParticipantRecords,
    PublishingRecords,
    ResultRecords,
    BoardRecords,
    EventStore,
):
    """Events and everything recorded about them, in one database (see the module's description)."""


def open_store(location: str | None = None) -> Store:
    """Open the store at ``location`` (a path or URL; default ``ARBITRO_DB``), migrated to the newest schema.

    >>> open_store("sqlite:///:memory:").events()
    []
    """
    url = database_url(location)
    engine = open_database(url)
    # Loaded with the engine already: SQLAlchemy is imported by open_database.
    from sqlalchemy.exc import SQLAlchemyError

    try:
        migrate(engine)
    except SQLAlchemyError as error:  # a file that answers but takes no writes (/dev/null)
        engine.dispose()
        raise refused_database(url, error) from None
    return Store(engine)
