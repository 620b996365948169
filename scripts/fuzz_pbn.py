"""Fuzz the PBN reader for a few minutes: ``make fuzz`` (``FUZZ_SECONDS``, default 180).

Truncated files, random text in PBN's alphabet, random bytes spliced into real files,
and broken tags go through ``arbitro.formats.pbn``; anything raised but the
documented parse error (``PBNSyntaxError``) fails the run with the input that caused it.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

from arbitro.core.errors import PBNSyntaxError
from arbitro.formats import pbn

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "pbn"
ALPHABET = [
    *'[]"{};%#^=$!?-+*\\ \n\tNESWPXACKQJT98765432HDS:.',
    "Pass", "Deal", "Auction", "Play", "Note", "Contract", "Declarer", "\n\n",
]  # fmt: skip


def samples() -> list[bytes]:
    """The real files to cut and splice (the large endplay examples left out)."""
    return [
        path.read_bytes() for path in sorted(DATA.rglob("*.pbn")) if path.stat().st_size < 40_000
    ]


def one_input(rng: random.Random, files: list[bytes]) -> str:
    """One malformed input."""
    kind = rng.randrange(4)
    sample = rng.choice(files)
    if kind == 0:
        return pbn.decode(sample[: rng.randrange(len(sample) + 1)])
    if kind == 1:
        return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(400)))
    if kind == 2:
        where = rng.randrange(len(sample) + 1)
        noise = bytes(rng.randrange(256) for _ in range(rng.randrange(64)))
        return pbn.decode(sample[:where] + noise + sample[where:])
    lines = pbn.decode(sample).split("\n")
    for _ in range(rng.randrange(1, 8)):
        index = rng.randrange(len(lines))
        line = list(lines[index])
        for _ in range(rng.randrange(1, 4)):
            if line:
                line[rng.randrange(len(line))] = rng.choice(ALPHABET)
        lines[index] = "".join(line)
    return "\n".join(lines)


def check(text: str) -> None:
    """Read, check and write ``text``: only ``PBNSyntaxError`` may come out."""
    for strict in (True, False):
        pbn.read(text, "fuzz", strict=strict)
        try:
            games = pbn.loads(text, "fuzz", strict=strict)
        except PBNSyntaxError:
            continue
        pbn.loads(pbn.dumps(games), "again", strict=False)


def main() -> int:
    """Run until the time is up; print the count and any failing input."""
    seconds = float(os.environ.get("FUZZ_SECONDS", "180"))
    seed = int(os.environ.get("FUZZ_SEED", str(time.time_ns() % 2**32)))
    rng = random.Random(seed)
    files = samples()
    end = time.monotonic() + seconds
    count = 0
    while time.monotonic() < end:
        text = one_input(rng, files)
        try:
            check(text)
        except Exception as error:
            print(f"seed {seed}, input {count}: {type(error).__name__}: {error}", file=sys.stderr)
            print(repr(text[:2000]), file=sys.stderr)
            return 1
        count += 1
    print(f"PBN fuzz: {count} inputs in {seconds:.0f} s (seed {seed}), only PBNSyntaxError raised")
    return 0


if __name__ == "__main__":
    sys.exit(main())
