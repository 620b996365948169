"""The build's record of the modules mypyc compiles: each one's name and source digest.

Run by hatchling after the ``mypyc`` build hook (pyproject.toml), for a wheel and for an
editable install alike. It writes ``src/arbitro/compiled.txt``, one line a compiled
module: its dotted name and the SHA-256 of the source it was compiled from. At import,
``arbitro.analysis.claims.compiled`` compares it with the sources beside it: an
editable install does not compile again when a source is edited, and a module whose
compiled form is stale is then run from its source (with a warning) instead.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

RECORD = "src/arbitro/compiled.txt"


class CompiledSourcesHook(BuildHookInterface):  # type: ignore[type-arg]
    """Write :data:`RECORD` for the sources the mypyc hook compiles."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Record each compiled module's source digest (nothing when mypyc is off)."""
        if self.target_name != "wheel":
            return
        record = Path(self.root) / RECORD
        mypyc = self.build_config.hook_config.get("mypyc")
        if mypyc is None:
            # Hooks disabled (HATCH_BUILD_NO_HOOKS): nothing is compiled.
            record.unlink(missing_ok=True)
            return
        lines = []
        for pattern in mypyc.get("include", []):
            source = Path(self.root) / pattern.lstrip("/")
            if not source.is_file():
                continue  # listed ahead of its module (pyproject.toml)
            name = ".".join(source.relative_to(Path(self.root) / "src").with_suffix("").parts)
            digest = hashlib.sha256(source.read_bytes()).hexdigest()
            lines.append(f"{name} {digest}\n")
        record.write_text("".join(lines), encoding="utf-8")
        build_data["artifacts"].append(f"/{RECORD}")
        # The library of the modules compiled together (``<first module>__mypyc``) lies
        # beside the first one, where hatch-mypyc does not look for it (it looks in src/).
        for library in (Path(self.root) / "src").rglob("*__mypyc.*"):
            build_data["artifacts"].append(f"/{library.relative_to(self.root).as_posix()}")
