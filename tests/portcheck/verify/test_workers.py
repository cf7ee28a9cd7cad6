"""Work on a few threads (``portcheck.verify.workers``): ``alongside`` gives both results and
raises what either raised, without waiting for the side job on an interruption."""

from __future__ import annotations

import pytest


def test_alongside_gives_both_results_and_raises_what_either_raised() -> None:
    from portcheck.verify.workers import alongside

    assert alongside(lambda: "golden", lambda: "ports") == ("golden", "ports")
    ran: list[str] = []

    def side() -> None:
        raise ValueError("reference broke")

    with pytest.raises(ValueError, match="reference broke"):
        alongside(side, lambda: ran.append("ports"))
    assert ran == ["ports"]  # the ports were still checked

    def main() -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        alongside(lambda: __import__("time").sleep(30), main)  # no wait for the side
