"""Running ``portcheck`` in a test: in this process (``portcheck``), checking that an error
is one line (``one_error_line``), and writing the files a test breaks (``write``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.cli.main import main


def portcheck(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``portcheck WORDS`` run in this process."""
    try:
        code = main(list(words))
    except SystemExit as exc:  # argparse's own usage errors
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_error_line(err: str) -> str:
    """The single line a usage error prints; fails on a traceback or a second line."""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got:\n{err}"
    return lines[0]


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path
