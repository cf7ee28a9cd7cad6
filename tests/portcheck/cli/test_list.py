"""``portcheck list``: the algorithms, their ports, and the runtimes found here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers.cli import portcheck


def test_list_shows_ports_and_runtimes(project_copy: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = portcheck(capsys, "list")
    assert (code, err) == (0, "")
    assert "freecell" in out
    assert "bsl-article (article" in out
    assert "python (template)" in out
    runtimes = out.split("runtimes here:", 1)[1]
    assert re.search(r"^\s+python\s+yes ", runtimes, re.MULTILINE)
    for language in ("bsl", "java", "kumir", "pascal"):
        assert re.search(rf"^\s+{language}\s+(yes|no) ", runtimes, re.MULTILINE), language
