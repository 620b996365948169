"""What the browser tests share: a real uvicorn server, Debian's headless Chromium, screenshots.

Test modules load it as a plugin: ``pytest_plugins = ("browser_support",)``, which gives
them the module-scoped ``browser`` fixture; they start their own server, on the
application they need, with :func:`serve` (or :func:`serve_store`, over a store made with
:func:`club_store`). The steps the tests take again and again are here once: a phone's
page (:func:`phone_page`, the ``phone`` fixture), signing in at the desk
(:func:`sign_in_at_desk`, :func:`sign_in_on_the_way`) and at a table
(:func:`sign_in_at_table`), a form filled by its fields' names (:func:`fill_form`), a
board entered and confirmed on a table's phone (:func:`enter_at_table`,
:func:`confirm_at_table`), the check that a page fits its screen (:func:`overflow`,
:func:`assert_fits`), and the screenshots, for the record (:func:`save_screenshot`) or
for the documentation (:func:`save_docs_screenshot`). The doctest collection imports it
first, so pytest is told not to rewrite it: PYTEST_DONT_REWRITE.
"""

from __future__ import annotations

import io
import os
import re
import socket
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest
import uvicorn
from PIL import Image
from playwright.sync_api import Browser, Locator, Page, ViewportSize, sync_playwright
from starlette.types import ASGIApp

from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.web import create_app
from arbitro.web.security import hash_password

CHROMIUM = os.environ.get("ARBITRO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
PHONE: ViewportSize = {"width": 375, "height": 740}
"""A phone's screen, in CSS pixels: the one most of the players' pages are checked on."""

PAST_THE_EDGE = """([width, inBoxes]) => {
  // The screen's own width, or the window's where that is narrower (a scroll bar): a
  // phone lays a wider page out zoomed out (its layout viewport, clientWidth, grows to
  // the page), so the window is no measure of fitting there.
  const edge = Math.min(width, document.documentElement.clientWidth);
  const inside = (element) => {
    // Inside a box that scrolls (or clips) sideways and itself fits: the reader scrolls
    // that box, and nothing shows past the screen's edge.
    if (!inBoxes) return false;
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      const overflow = getComputedStyle(up).overflowX;
      if ((overflow === "auto" || overflow === "scroll" || overflow === "hidden")
          && up.getBoundingClientRect().right <= edge + 0.5) return true;
    }
    return false;
  };
  const wide = [];
  for (const element of document.querySelectorAll("body *")) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.right > edge + 0.5 && !inside(element)) {
      const name = element.tagName.toLowerCase() + (element.id ? `#${element.id}` : "");
      const classes = typeof element.className === "string" && element.className
        ? `.${element.className.trim().split(/\\s+/).join(".")}` : "";
      wide.push(`${name}${classes}: ${Math.round(box.right)}px`);
    }
  }
  return [document.documentElement.scrollWidth - edge, wide.slice(0, 5)];
}"""


def free_port() -> int:
    """A TCP port on the loopback interface that nothing listens on right now.

    >>> 0 < free_port() < 65536
    True
    """
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def serve(app: ASGIApp) -> Iterator[str]:
    """Run ``app`` in a real uvicorn server on a free loopback port; yield its base URL.

    The server runs in a daemon thread and is stopped when the block ends.

    >>> from starlette.applications import Starlette
    >>> with serve(Starlette()) as url:
    ...     url.startswith("http://127.0.0.1:")
    True
    """
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(timeout=10)


@contextmanager
def serve_store(
    store: Store, secret: str | None = None, public_url: str | None = None
) -> Iterator[str]:
    """Serve the console over ``store`` (with ``secret``, ``public_url``); yield its base URL.

    The store is closed when the block ends, as the server stops.
    """
    try:
        with serve(create_app(store, secret=secret, public_url=public_url)) as url:
            yield url
    finally:
        store.close()


def club_store(folder: Path, director: str = "", password: str = "") -> Store:
    """A new SQLite store in ``folder``, with the director ``director`` when one is named."""
    store = open_store(str(folder / "arbitro.sqlite3"))
    if director:
        store.add_director(director, hash_password(password))
    return store


def three_tables_of_pairs(
    store: Store, spec: EventSpec, board_2: Sequence[tuple[str, str, str]]
) -> int:
    """An event of pairs 1 to 6 on two boards at three tables; its results are not published.

    ``board_2`` holds each table's result on board 2 and its pairs (``("2S N 8", "1",
    "3")``: North-South, then East-West); they play board 1 too, ``4S N 10`` everywhere.
    """
    pairs = [Participant(str(number)) for number in range(1, 7)]
    event = store.create_event(spec, pairs)
    for table, (entry, ns, ew) in enumerate(board_2, start=1):
        store.enter_result(event, 2, table, Entry.from_str(entry), ns=ns, ew=ew)
        store.enter_result(event, 1, table, Entry.from_str("4S N 10"), ns=ns, ew=ew)
    return event


def phone_page(
    browser: Browser,
    locale: str | None = "es-ES",
    viewport: ViewportSize = PHONE,
    base_url: str | None = None,
) -> Page:
    """A page in a new mobile context of ``browser``, in ``locale``, on a phone's ``viewport``.

    With ``locale`` None, the browser's own.
    ``base_url`` lets the test go to the server's paths alone (``/tables``);
    ``page.context.close()`` closes the context.
    """
    context = browser.new_context(
        locale=locale, viewport=viewport, is_mobile=True, base_url=base_url
    )
    return context.new_page()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A page on a 375x740 phone in Spanish (:func:`phone_page`), closed after the test."""
    page = phone_page(browser)
    yield page
    page.context.close()


def sign_in_at_desk(page: Page, server: str, name: str, password: str, query: str = "") -> None:
    """Sign ``page`` in to the director's desk at ``server`` as ``name`` with ``password``.

    ``query`` goes with the sign-in page's address (``lang=es``).
    """
    page.goto(f"{server}/director/sign-in" + (f"?{query}" if query else ""))
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", password)
    page.locator("form button[type=submit]").click()
    page.wait_for_load_state()


def sign_in_on_the_way(
    page: Page, url: str, name: str, password: str, button: str = "Sign in"
) -> None:
    """Go to the desk's ``url``; sign in where the desk sends ``page``, and come back to ``url``.

    The sign-in page is in the way of a director not signed in; ``button`` is its
    button's name, in the page's language.
    """
    page.goto(url)
    assert "/director/sign-in" in page.url, f"{url} let a director not signed in through"
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", password)
    page.get_by_role("button", name=button).click()
    page.wait_for_url(url)


def sign_in_at_table(
    phone: Page, server: str, event: int, table: int, code: str, lang: str = ""
) -> Page:
    """Sign ``phone`` in at ``table`` of ``event`` with its card's ``code``; the round's page.

    ``server`` may be ``""`` in a context with a ``base_url``; ``lang`` goes with the
    tables' sign-in page's address.
    """
    phone.goto(f"{server}/tables" + (f"?lang={lang}" if lang else ""))
    phone.fill("input[name=event]", str(event))
    phone.fill("input[name=code]", code)
    phone.locator("form.entry button[type=submit]").click()
    phone.wait_for_url(f"**/tables/{event}/{table}")
    return phone


def fill_form(form: Locator, **fields: str) -> None:
    """Fill ``form``'s fields by name, in order: a select's option chosen, a text typed in."""
    for name, value in fields.items():
        field = form.locator(f"[name={name}]")
        if field.evaluate("(e) => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)


def _round_page(phone: Page) -> re.Pattern[str]:
    """The address of the round's page ``phone`` is on (or sent a form from), whatever query
    or fragment it comes back with."""
    found = re.match(r"(.*?/tables/[^/?#]+/[^/?#]+)", phone.url)
    assert found is not None, f"{phone.url} is no table's page"
    return re.compile(re.escape(found[1]) + r"([?#].*)?$")


def enter_at_table(
    phone: Page, board: int, played: str, button: str = "", refused: bool = False, **fields: str
) -> None:
    """Enter ``played`` in ``board``'s entry form on a table's round page, and send it.

    ``played`` is ``"4 S N 10"`` (level, strain, declarer, tricks, as the form's fields
    take them) or ``"passed"``; ``fields`` fill the form's other fields by name (``double``,
    ``lead``); ``button`` is the entry button's name, where the test reads it. The round's
    page comes back; an entry ``refused`` comes back on the form's own address instead.
    """
    page = _round_page(phone)
    form = phone.locator(f"#board-{board} form.entry").last
    if played == "passed":
        form.locator("button[name=passed]").click()
    else:
        level, strain, declarer, tricks = played.split()
        form.locator("select[name=level]").select_option(level)
        form.locator("select[name=strain]").select_option(strain)
        form.locator("select[name=declarer]").select_option(declarer)
        fill_form(form, **fields)
        form.locator("input[name=tricks]").fill(tricks)
        if button:
            form.get_by_role("button", name=button).click()
        else:
            form.locator("button[type=submit]").first.click()
    if refused:
        phone.wait_for_url(f"**/boards/{board}*")
    else:
        phone.wait_for_url(page)


def confirm_at_table(
    phone: Page, board: int, pair: str | None = None, refused: bool = False
) -> None:
    """East-West confirm ``board``'s entry on a table's page as ``pair``; it shows confirmed.

    Without ``pair``, they type the pair (or team) the form suggests. The round's page
    comes back; a confirmation ``refused`` (the board confirmed already, from another
    phone) comes back on the form's own address, with its message.
    """
    page = _round_page(phone)
    confirm = phone.locator(f"#board-{board} form").first
    field = confirm.locator("input[name=pair]")
    field.fill((field.get_attribute("placeholder") or "") if pair is None else pair)
    confirm.locator("button[type=submit]").click()
    phone.wait_for_url(f"**/boards/{board}/confirm*" if refused else page)
    confirmed = phone.locator(f"#board-{board} .confirmed").count()
    assert confirmed == 1, f"board {board} is not shown confirmed"


def overflow(page: Page, width: int | None = None, in_boxes: bool = False) -> tuple[int, list[str]]:
    """How many pixels ``page`` is wider than its screen, and the first elements past its edge.

    The screen is ``width`` pixels wide, by default the page's viewport (a desktop's
    window less its scroll bar). With ``in_boxes``, an element inside a box that scrolls
    (or clips) sideways, the box itself fitting, is not past the edge.
    """
    if width is None:
        viewport = page.viewport_size
        assert viewport is not None
        width = viewport["width"]
    past, wide = page.evaluate(PAST_THE_EDGE, [width, in_boxes])
    return int(past), list(wide)


def assert_fits(
    page: Page, what: str = "the page", width: int | None = None, in_boxes: bool = False
) -> None:
    """``page`` is no wider than its screen and no element reaches past the screen's edge.

    ``width`` and ``in_boxes`` as :func:`overflow`; the message names ``what`` and the
    elements past the edge.
    """
    past, wide = overflow(page, width, in_boxes)
    assert past <= 0, f"{what}: the page is {past}px wider than the screen: {wide}"
    assert wide == [], f"{what}: elements past the screen's right edge: {wide}"


def save_docs_screenshot(page: Page, name: str, focus: str = "") -> None:
    """With ``ARBITRO_SCREENSHOTS=dir``, save the screen as ``dir/<name>.png`` for the docs.

    ``focus`` is scrolled into sight first; the picture is the screen as the person sees
    it, in 64 colours: a small file for the documentation. Without it, nothing is saved.
    """
    folder = os.environ.get("ARBITRO_SCREENSHOTS", "")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    if focus:
        page.locator(focus).first.evaluate("e => e.scrollIntoView({block: 'center'})")
    image = Image.open(io.BytesIO(page.screenshot(full_page=False)))
    small = image.convert("RGB").quantize(colors=64, dither=Image.Dither.NONE)
    small.save(Path(folder) / f"{name}.png", optimize=True)


def flat(text: str) -> str:
    """``text`` with its runs of white space as single spaces, as a reader reads it.

    >>> flat(" Mesa 2,\\n  ronda 1 ")
    'Mesa 2, ronda 1'
    """
    return " ".join(text.split())


def save_screenshot(page: Page, name: str) -> None:
    """Save a full-page screenshot of ``page`` as ``test-artifacts/<name>.png``."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright (the test fails if it is missing)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium is not at {CHROMIUM}: run 'make browser' (scripts/ensure-system-packages.sh)"
        )
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()
