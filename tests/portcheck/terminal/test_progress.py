"""The progress line (``portcheck.terminal.progress``): on a terminal, for runs longer than
its delay, and cleared at the end; nothing else ever sees it."""

from __future__ import annotations

import io
import time

from portcheck.terminal.progress import CLEAR, Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_appears_after_the_delay_and_is_cleared() -> None:
    screen = Terminal()
    with Progress(3, "ports checked", screen, delay=0.05) as progress:
        progress.advance()
        time.sleep(0.4)
        progress.advance()
        time.sleep(0.4)
    text = screen.getvalue()
    assert f"{CLEAR}1/3 ports checked" in text and f"{CLEAR}2/3 ports checked" in text
    assert text.endswith(CLEAR)  # the report that follows starts on a clean line


def test_no_progress_for_a_quick_run() -> None:
    screen = Terminal()
    with Progress(3, "ports checked", screen, delay=1.0) as progress:
        progress.advance()
    assert screen.getvalue() == ""


def test_no_progress_off_a_terminal() -> None:
    log = io.StringIO()
    with Progress(3, "ports checked", log, delay=0.0):
        time.sleep(0.2)
    assert log.getvalue() == ""
