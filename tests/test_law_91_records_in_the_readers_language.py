"""The director's acts of Laws 4 and 91 are shown in the reader's language.

The event keeps each act (a substitute, Law 4; a suspension, 91A; a disqualification,
91B) as its kind and what the director gave, not as text: a Spanish director's record
reads in English to an English reader (the ranking's note, the export, the desk's log),
and the other way round. An older event's record, kept as text, is shown as written.
"""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.i18n import Language, use_language
from arbitro.store import Store
from arbitro.tournament.directing import DirectorAct, law_4_act, law_91_act, worded_act
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from cli_support import run_cli
from web_director import ranking_shown_at_tables, table_page

pytest_plugins = ("web_director",)  # the store and director fixtures

ENGLISH = "cheating (Law 91B, by Ana; approved by the organiser Club)"
SPANISH = "cheating (Artículo 91B, por Ana; aprobada por el organizador Club)"


def _four_pairs(store: Store) -> int:
    """Four pairs, board 1 played at two tables (1 v 3, 2 v 4)."""
    event = store.create_event(
        EventSpec("Club", boards=2), [Participant(str(n)) for n in range(1, 5)]
    )
    store.enter_result(event, 1, 1, Entry.from_str("2S N 8"), ns="1", ew="3")
    store.enter_result(event, 1, 2, Entry.from_str("2S N 9"), ns="2", ew="4")
    return event


@pytest.mark.parametrize(
    ("recorded_in", "read_in", "shown"), [("es", "en", ENGLISH), ("en", "es", SPANISH)]
)
def test_law_91b_a_disqualification_recorded_in_one_language_reads_in_the_other(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, recorded_in: str, read_in: str, shown: str
) -> None:
    db = str(tmp_path / "club.sqlite3")
    code, _, err = run_cli(
        capsys, "event", "new", "Club", "--boards", "2", "--pair", "1", "--pair", "2",
        "--pair", "3", "--db", db,
    )  # fmt: skip
    assert code == 0, err
    code, _, err = run_cli(
        capsys, "result", "enter", "1", "--board", "1", "--table", "1", "--ns", "1", "--ew",
        "2", "--contract", "2S", "--declarer", "N", "--tricks", "8", "--db", db,
    )  # fmt: skip
    assert code == 0, err
    code, out, err = run_cli(
        capsys, "event", "disqualify", "1", "2", "--reason", "cheating", "--organiser", "Club",
        "--by", "Ana", "--db", db, "--lang", recorded_in,
    )  # fmt: skip
    assert code == 0, err
    said = SPANISH if recorded_in == "es" else ENGLISH
    assert out.strip() == f"2: {said}"
    code, out, err = run_cli(capsys, "event", "ranking", "1", "--db", db, "--lang", read_in)
    assert code == 0, err
    assert shown in out
    assert said not in out
    code, out, err = run_cli(
        capsys, "event", "export", "1", "-", "--usebio", "--db", db, "--lang", read_in
    )
    assert code == 0, err
    assert shown in out


def test_law_4_and_91a_acts_read_in_the_language_of_the_desk(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _four_pairs(store)
    url = f"/director/events/{event}/acts"
    form = {"csrf_token": csrf, "reason": "ill"}
    client.cookies.set("arbitro_lang", "es")
    substituted = client.post(
        url,
        data=form
        | {"participant": "3", "action": "substitute", "player": "Eva", "substitute": "Ada"},
    )
    assert "3: Ada por Eva en la sesión 1: ill (Artículo 4, autorizado por ana)" in substituted.text
    client.cookies.set("arbitro_lang", "en")
    suspended = client.post(
        url, data=form | {"participant": "2", "action": "suspend", "boards": "2"}
    )
    assert "2: session 1, boards 2: ill (Law 91A, by ana; final, Law 93B3)" in suspended.text
    # The desk's log, in English and in Spanish, whatever each was recorded in.
    english = client.get(f"/director/events/{event}?lang=en").text
    assert "3: Ada for Eva in session 1: ill (Law 4, authorised by ana)" in english
    assert "2: session 1, boards 2: ill (Law 91A, by ana; final, Law 93B3)" in english
    spanish = client.get(f"/director/events/{event}?lang=es").text
    assert "3: Ada por Eva en la sesión 1: ill (Artículo 4, autorizado por ana)" in spanish
    assert "2: sesión 1, estuches 2: ill (Artículo 91A, por ana; final, Artículo 93B3)" in spanish
    # The API's log likewise, in the language of the request.
    logged = client.get(f"/api/events/{event}/log", headers={"Accept-Language": "es"}).json()
    details = [entry["detail"] for entry in logged if entry["action"] in ("substitute", "suspend")]
    assert details == [
        "3: Ada por Eva en la sesión 1: ill (Artículo 4, autorizado por ana)",
        "2: sesión 1, estuches 2: ill (Artículo 91A, por ana; final, Artículo 93B3)",
    ]


def test_law_91b_the_api_ranking_gives_the_record_in_the_language_of_the_request(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = _four_pairs(store)
    answer = client.post(
        f"/api/events/{event}/participants/3/acts?lang=es",
        json={"action": "disqualify", "reason": "cheating", "organiser": "Club"},
        headers={"X-CSRF-Token": csrf},
    )
    assert answer.status_code == 201, answer.text
    assert (
        answer.json()["detail"]
        == "cheating (Artículo 91B, por ana; aprobada por el organizador Club)"
    )
    store.publish(event)
    for lang, record in (
        ("en", "cheating (Law 91B, by ana; approved by the organiser Club)"),
        ("es", "cheating (Artículo 91B, por ana; aprobada por el organizador Club)"),
    ):
        lines = client.get(f"/api/events/{event}/ranking?lang={lang}").json()
        assert lines[-1]["disqualified"] == record
        public = client.get(f"/api/results/{event}?lang={lang}").json()
        assert public["disqualified"][0]["disqualified"] == record
        printed = client.get(f"/director/events/{event}/print/ranking?lang={lang}").text
        assert record in printed


def test_law_91b_an_older_record_kept_as_text_is_shown_as_written(store: Store) -> None:
    event = _four_pairs(store)
    store.log_act(event, "disqualify", "3: trampas (Artículo 91B, por Ana)", by="Ana")
    with use_language("en"):
        assert store.disqualified(event) == {"3": "trampas (Artículo 91B, por Ana)"}
        [entry] = [entry for entry in store.event_log(event) if entry.action == "disqualify"]
        assert entry.detail == "3: trampas (Artículo 91B, por Ana)"


def test_law_4_and_91_acts_are_kept_as_their_kind_and_what_was_given() -> None:
    acts = [
        law_4_act("Eva", "Ada", 2, "ill", "Ana"),
        law_91_act("suspend", "late", "Ana", session=1, boards="5-8"),
        law_91_act("disqualify", "cheating", "Ana", organiser="Club"),
    ]
    for act in acts:
        kept = act.to_str()
        assert DirectorAct.from_str(kept) == act
        with use_language("es"):
            spanish = worded_act(kept)
        with use_language("en"):
            english = worded_act(kept)
        assert "Artículo" in spanish
        assert "Law" in english
        assert act.reason in spanish
    # Text that is not a kept act, even one that looks like JSON, is shown as written.
    for text in ('{"act": "ban", "reason": "x"}', '{"act": "suspend", "session": "one"}', "{oops"):
        assert worded_act(text) == text


@pytest.mark.parametrize(
    ("recorded_in", "read_in", "shown"), [("es", "en", ENGLISH), ("en", "es", SPANISH)]
)
def test_law_91b_the_tables_provisional_ranking_words_the_record_in_the_pages_language(
    store: Store, recorded_in: Language, read_in: str, shown: str
) -> None:
    """The phones' provisional ranking words a disqualification in the page's language."""
    event, out = ranking_shown_at_tables(store)
    with use_language(recorded_in):
        act = law_91_act("disqualify", "cheating", "Ana", organiser="Club")
        store.log_act(event, "disqualify", f"{out}: {act.to_str()}", by="Ana")
    page = html.unescape(table_page(store, event, 1, read_in))
    apart = page.split('id="disqualified"')[1]
    assert shown in apart
