"""The 1C article's printed output (games 1 and 617), kept once: pasted as the transcript
of the article's port, which tests/test_reference.py checks against the article itself."""

from __future__ import annotations

from pathlib import Path

ARTICLE_TRANSCRIPT = (Path(__file__).resolve().parents[1] / "ports" / "freecell"
                      / "bsl-article" / "transcript.txt")


def article_deals() -> dict[int, str]:
    """Game number -> the deal the article prints (7 lines, each ended by a line feed)."""
    lines = ARTICLE_TRANSCRIPT.read_text(encoding="utf-8").splitlines(keepends=True)
    return {1: "".join(lines[:7]), 617: "".join(lines[7:14])}
