"""LIN and USEBIO: reading speed against anchors, and a fuzz run of malformed files.

- LIN: the shared example file (8 played boards) read 100 times, Árbitro against
  endplay's own LIN parser.
- USEBIO: a scored session of 100 tables x 26 boards written by Árbitro, then read back
  (defusedxml and the model) against a bare ``xml.etree.ElementTree.fromstring``.
- Fuzz: for ``ARBITRO_FUZZ_SECONDS`` seconds (default 60) per format, files cut short,
  spliced and sprinkled with the format's own characters are read; anything but the
  documented parse error (``LINSyntaxError``, ``UsebioSyntaxError``) stops the run with
  the input that raised it. The anchor reads the same inputs (endplay for LIN, bare
  ElementTree for USEBIO) and counts whatever they raise.
"""

from __future__ import annotations

import contextlib
import os
import random
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import endplay.parsers.lin as endplay_lin

from arbitro.formats import lin, usebio
from arbitro.scoring.results import Result
from arbitro.scoring.session import TableResult, score_session
from benchmarks.harness import Measurement, best_time

EXAMPLE = (
    Path(__file__).resolve().parents[1] / "tests" / "data" / "lin" / "endplay" / "example1.lin"
)
LIN_ALPHABET = "|,!pdr1234567NSHDCAKQJT98\n mbpcmcanmdsvpn"
XML_ALPHABET = "<>/=\"'&;!?[] \nABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789-"


def _session_text(tables: int, boards: int) -> str:
    rng = random.Random(7)
    results = [
        TableResult(
            board,
            f"{table}NS",
            f"{table}EW",
            Result.played(rng.choice([-200, -50, 110, 140, 420, 620])),
        )
        for board in range(1, boards + 1)
        for table in range(1, tables + 1)
    ]
    return usebio.dumps(usebio.from_session(score_session(results)))


def _corrupt(rng: random.Random, text: str, alphabet: str) -> str:
    roll = rng.random()
    at = rng.randrange(len(text))
    if roll < 0.25:
        return text[:at]
    if roll < 0.5:
        end = min(len(text), at + rng.randint(1, 40))
        return text[:at] + text[end:]
    if roll < 0.75:
        junk = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 8)))
        return text[:at] + junk + text[at + len(junk) :]
    other = rng.randrange(len(text))
    return text[:at] + text[other : other + rng.randint(1, 60)] + text[at:]


def _fuzz(
    text: str,
    alphabet: str,
    ours: Callable[[str], object],
    documented: type[Exception] | tuple[type[Exception], ...],
    anchor: Callable[[str], object],
    seconds: float,
) -> tuple[float, float]:
    rng = random.Random(2026)
    inputs: list[str] = []
    deadline = time.perf_counter() + seconds
    checked = 0
    start = time.perf_counter()
    while time.perf_counter() < deadline:
        corrupted = _corrupt(rng, text, alphabet)
        inputs.append(corrupted)
        try:
            ours(corrupted)
        except documented:
            pass
        except Exception as error:
            raise AssertionError(
                f"undocumented {type(error).__name__} on input {corrupted!r}"
            ) from error
        checked += 1
    ours_rate = checked / (time.perf_counter() - start)
    start = time.perf_counter()
    for corrupted in inputs[: max(1, len(inputs) // 4)]:
        with contextlib.suppress(Exception):  # the anchor may raise anything; only its speed counts
            anchor(corrupted)
    anchor_rate = max(1, len(inputs) // 4) / (time.perf_counter() - start)
    return ours_rate, anchor_rate


def run() -> list[Measurement]:
    lin_text = EXAMPLE.read_text(encoding="utf-8") * 100
    boards = lin_text.count("\n")
    ours_lin = boards / best_time(lambda: lin.loads(lin_text), repeat=3)
    anchor_lin = boards / best_time(lambda: endplay_lin.loads(lin_text), repeat=3)

    xml_text = _session_text(100, 26)
    lines = xml_text.count("<TRAVELLER_LINE>")
    ours_xml = lines / best_time(lambda: usebio.loads(xml_text), repeat=3)
    anchor_xml = lines / best_time(lambda: ET.fromstring(xml_text.split("\n", 2)[2]), repeat=3)

    seconds = float(os.environ.get("ARBITRO_FUZZ_SECONDS", "60"))
    small_xml = _session_text(4, 3)
    lin_fuzz = _fuzz(
        EXAMPLE.read_text(encoding="utf-8"),
        LIN_ALPHABET,
        lambda text: [lin.to_table(board) for board in lin.loads(text).boards],
        (lin.LINSyntaxError, lin.LinTableError),
        endplay_lin.loads,
        seconds,
    )
    xml_fuzz = _fuzz(
        small_xml, XML_ALPHABET, usebio.loads, usebio.UsebioSyntaxError, ET.fromstring, seconds
    )
    return [
        Measurement("LIN read (boards)", "/s", ours_lin, anchor_lin, "endplay LIN parser"),
        Measurement(
            "USEBIO read (traveller lines)", "/s", ours_xml, anchor_xml, "bare ElementTree parse"
        ),
        Measurement("LIN fuzz: malformed files read", "/s", *lin_fuzz, "endplay LIN parser"),
        Measurement("USEBIO fuzz: malformed files read", "/s", *xml_fuzz, "bare ElementTree parse"),
    ]
