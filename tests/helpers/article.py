"""The 1C article (seeds/000): where its text is, and its printed output (games 1 and 617),
kept once: pasted as the transcript of the article's port, which
tests/algorithms/test_freecell.py checks against the article itself."""

from __future__ import annotations

from tests.helpers.reference import REPO, SHARED

ARTICLE = SHARED / "seeds" / "000_01165c5c1e87014b.txt"
ARTICLE_TRANSCRIPT = REPO / "ports" / "freecell" / "bsl-article" / "transcript.txt"


def article_deals() -> dict[int, str]:
    """Game number -> the deal the article prints (7 lines, each ended by a line feed)."""
    lines = ARTICLE_TRANSCRIPT.read_text(encoding="utf-8").splitlines(keepends=True)
    return {1: "".join(lines[:7]), 617: "".join(lines[7:14])}
