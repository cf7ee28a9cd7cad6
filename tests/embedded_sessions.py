"""What the tests of verify's sessions for the embedded interpreters share (the bytecode
session, the zygote): verify's report of failing, hanging and passing embedded ports with
the session and without it."""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path
from types import ModuleType

import pytest
from cli_run import portcheck

FAILS = 'Сообщить("before");\nВызватьИсключение "boom";\n'
HANGS_KUMIR = "алг\nнач\n  нц пока да\n  кц\nкон\n"


def reports_with_and_without(owner: ModuleType, project: Path,
                             capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> tuple[tuple[int, str, str], ...]:
    """verify of a failing 1C port, a hanging KuMir port (time limit 3 s) and the passing
    1C article port: (exit code, stdout, stderr) with ``owner.session``, then without it."""
    (project / "ports/freecell/bsl/freecell.bsl").write_text(FAILS, encoding="utf-8")
    (project / "ports/freecell/kumir/freecell.kum").write_text(HANGS_KUMIR, encoding="utf-8")
    words = ["verify", "--lang", "bsl", "--lang", "kumir", "--lang", "bsl-article",
             "--engine", "embedded", "--timeout", "3", "--color", "never"]
    with_it = portcheck(capsys, *words)
    monkeypatch.setattr(owner, "session", nullcontext)
    return with_it, portcheck(capsys, *words)
