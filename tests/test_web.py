"""The web console: pages in Spanish and English, the health check, the CLI reference."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import arbitro
from arbitro.cli import cli
from arbitro.store import open_store
from arbitro.web import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    store = open_store(str(tmp_path / "arbitro.sqlite3"))
    with TestClient(create_app(store, commands=cli)) as test_client:
        yield test_client
    store.close()


def test_home_says_what_arbitro_is_and_its_version(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "The Laws of Duplicate Bridge, as software" in page.text
    assert f"Árbitro version {arbitro.__version__}" in page.text
    assert 'href="/help/cli"' in page.text
    assert page.headers["content-language"] == "en"


def test_home_in_spanish_by_query_and_then_by_cookie(client: TestClient) -> None:
    page = client.get("/?lang=es")
    assert "El Reglamento del Bridge Duplicado, hecho programa" in page.text
    assert "Estuche 7: da Sur, todos vulnerables" in page.text
    assert '<html lang="es">' in page.text
    # The choice is remembered for the next page.
    assert "Referencia de la línea de órdenes" in client.get("/help/cli").text


def test_language_from_accept_language(client: TestClient) -> None:
    spanish = client.get("/", headers={"Accept-Language": "fr;q=0.9, es-ES;q=0.8, en;q=0.1"})
    assert spanish.headers["content-language"] == "es"
    english = client.get("/", headers={"Accept-Language": "de, en-GB;q=0.5"})
    assert english.headers["content-language"] == "en"


def test_unknown_language_in_query_falls_back(client: TestClient) -> None:
    page = client.get("/?lang=xx")
    assert page.status_code == 200
    assert page.headers["content-language"] == "en"


def test_cli_reference_is_the_commands_own_help(client: TestClient) -> None:
    page = client.get("/help/cli?lang=es")
    for command in ("arbitro", "score", "board", "imps", "serve"):
        assert f'id="{command}"' in page.text
    assert "Uso: arbitro score [OPCIONES] CONTRATO [BAZAS]" in page.text


def test_health_reports_the_database(client: TestClient) -> None:
    assert client.get("/health").json() == {
        "status": "ok",
        "version": arbitro.__version__,
        "database": "sqlite",
    }


def test_static_stylesheet_is_served(client: TestClient) -> None:
    response = client.get("/static/arbitro.css")
    assert response.status_code == 200
    assert "text/css" in response.headers["content-type"]
