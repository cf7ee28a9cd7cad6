"""What the tests of verify's run environment for the embedded interpreters share (the
bytecode cache, the zygote): verify's report of failing, hanging and passing embedded ports
with that part of the environment and without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.verify import parallel
from tests.helpers.cli import portcheck

FAILS = 'Сообщить("before");\nВызватьИсключение "boom";\n'
HANGS_KUMIR = "алг\nнач\n  нц пока да\n  кц\nкон\n"


def reports_with_and_without(part: str, project: Path, capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> tuple[tuple[int, str, str], ...]:
    """verify of a failing 1C port, a hanging KuMir port (time limit 3 s) and the passing
    1C article port: (exit code, stdout, stderr) with verify's run environment as it is,
    then with ``part`` of it (a flag of ``run_environment``) switched off."""
    (project / "ports/freecell/bsl/freecell.bsl").write_text(FAILS, encoding="utf-8")
    (project / "ports/freecell/kumir/freecell.kum").write_text(HANGS_KUMIR, encoding="utf-8")
    words = ["verify", "--lang", "bsl", "--lang", "kumir", "--lang", "bsl-article",
             "--engine", "embedded", "--timeout", "3", "--color", "never",
             "--fresh"]  # both verifies run every port: no verdict from the cache
    with_it = portcheck(capsys, *words)
    real = parallel.run_environment
    monkeypatch.setattr(parallel, "run_environment", lambda **parts: real(**{**parts,
                                                                          part: False}))
    return with_it, portcheck(capsys, *words)
