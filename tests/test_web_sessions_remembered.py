"""The session cookie's signature checked once a cookie (:class:`arbitro.web.cookie_signer.RememberingSigner`).

A table's phone sends the same cookie with every request of the evening: its HMAC is
checked the first time, its age every time. A cookie changed by a byte, or older than
the session's fourteen days, is refused as itsdangerous refuses it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import itsdangerous
import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from itsdangerous import BadSignature, TimestampSigner

from arbitro.store import Store, open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.app import SESSION_COOKIE
from arbitro.web.security import REMEMBERED_COOKIES, RememberingSigner, table_code

SECRET = "r" * 64
FOURTEEN_DAYS = 14 * 24 * 3600


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(str(tmp_path / "night.sqlite3"))
    yield opened
    opened.close()


def table_client(store: Store) -> tuple[TestClient, int]:
    """A client signed in as table 1 of a new 3-table Mitchell, round 1 open."""
    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    client = TestClient(create_app(store, secret=SECRET))
    answer = client.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, 1)}
    )
    assert answer.status_code == 200, answer.text
    return client, event


def signatures_checked(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """The values whose signature itsdangerous checks from now on, in order."""
    checked: list[bytes] = []
    verify = itsdangerous.Signer.verify_signature

    def counted(signer: itsdangerous.Signer, value: bytes, sig: bytes) -> bool:
        checked.append(value)
        return verify(signer, value, sig)

    monkeypatch.setattr(itsdangerous.Signer, "verify_signature", counted)
    return checked


def test_a_cookie_signature_is_checked_once(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    client, event = table_client(store)
    checked = signatures_checked(monkeypatch)
    for _ in range(5):
        assert client.get(f"/api/tables/{event}/1/round").status_code == 200
    assert len(checked) == 1


def test_a_changed_cookie_is_refused_after_the_real_one_was_remembered(store: Store) -> None:
    client, event = table_client(store)
    assert client.get(f"/api/tables/{event}/1/round").status_code == 200
    cookie = client.cookies[SESSION_COOKIE]
    payload, stamp, signature = cookie.rsplit(".", 2)
    flipped = ("A" if signature[0] != "A" else "B") + signature[1:]
    client.cookies.clear()
    client.cookies.set(SESSION_COOKIE, f"{payload}.{stamp}.{flipped}")
    answer = client.get(f"/api/tables/{event}/1/round")
    assert answer.status_code == 403
    assert "sign in as table 1" in answer.json()["detail"]


def test_a_remembered_cookie_still_expires(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    client, event = table_client(store)
    assert client.get(f"/api/tables/{event}/1/round").status_code == 200
    now = TimestampSigner.get_timestamp
    monkeypatch.setattr(
        TimestampSigner, "get_timestamp", lambda signer: now(signer) + FOURTEEN_DAYS + 60
    )
    answer = client.get(f"/api/tables/{event}/1/round")
    assert answer.status_code == 403


def outcome(signer: TimestampSigner, value: bytes, max_age: int | None) -> object:
    try:
        return signer.unsign(value, max_age=max_age)
    except BadSignature as error:
        return type(error).__name__, str(error)


@given(
    steps=st.lists(
        st.tuples(
            st.binary(max_size=12),  # the payload signed
            st.integers(-5, 40),  # seconds after signing it is read
            st.sampled_from([None, 0, 10, 30]),  # max_age
            st.integers(-1, 40),  # a byte changed (-1: none)
        ),
        max_size=12,
    )
)
def test_remembering_signer_answers_as_itsdangerous(
    steps: list[tuple[bytes, int, int | None, int]],
) -> None:
    clock = [1_700_000_000]

    class Clocked(TimestampSigner):
        def get_timestamp(self) -> int:
            return clock[0]

    class ClockedRemembering(RememberingSigner):
        def get_timestamp(self) -> int:
            return clock[0]

    plain, remembering = Clocked("s" * 32), ClockedRemembering("s" * 32)
    cookies: list[bytes] = []
    for payload, later, max_age, changed in steps:
        cookie = plain.sign(payload)
        cookies.append(cookie)
        for seen in cookies:  # each cookie read again: the remembered ones too
            if 0 <= changed < len(seen):
                seen = seen[:changed] + bytes([seen[changed] ^ 1]) + seen[changed + 1 :]
            clock[0] += later
            assert outcome(remembering, seen, max_age) == outcome(plain, seen, max_age)
            clock[0] -= later
        clock[0] += 7


def test_remembering_signer_keeps_the_last_cookies_only(monkeypatch: pytest.MonkeyPatch) -> None:
    signer = RememberingSigner("s" * 32)
    cookies = [signer.sign(str(number)) for number in range(REMEMBERED_COOKIES + 1)]
    for cookie in cookies:
        signer.unsign(cookie)
    checked = signatures_checked(monkeypatch)
    assert signer.unsign(cookies[-1]) == str(REMEMBERED_COOKIES).encode()
    assert checked == []
    assert signer.unsign(cookies[0]) == b"0"  # forgotten: checked again
    assert len(checked) == 1
