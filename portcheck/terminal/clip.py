"""Bounds on what a report shows of a program's text: a port may print a 100 MB line or a
million lines, and a report must stay a page a person reads.  What is left out is counted,
never silently dropped.
"""

from __future__ import annotations

LINE_WIDTH = 400  # characters of one line shown
MESSAGE_WIDTH = 300  # characters of a one-line summary
HEAD_LINES = 100  # lines shown from the start of a block
TAIL_LINES = 10  # and from its end


def clip_line(line: str, width: int = LINE_WIDTH) -> str:
    """``line`` cut to ``width`` characters, saying how many more there were."""
    if len(line) <= width:
        return line
    return f"{line[:width]}… ({len(line) - width} more characters)"


def one_line(text: str, width: int = MESSAGE_WIDTH) -> str:
    """The first line of ``text`` (cut to ``width``), marked when more lines follow."""
    lines = text.strip().splitlines() or [""]
    more = " (…)" if len(lines) > 1 else ""
    return clip_line(lines[0], width) + more


def clip_block(text: str, head: int = HEAD_LINES, tail: int = TAIL_LINES,
               width: int = LINE_WIDTH) -> str:
    """The first ``head`` and last ``tail`` lines of ``text``, each cut to ``width``, with a
    line counting those left out between them; a final line break is kept.  (Found with
    ``find``/``rfind``: a text of millions of lines is never split whole.)"""
    body, ending = (text[:-1], "\n") if text.endswith("\n") else (text, "")
    if not body:
        return text
    start, end = _after_lines(body, head), _before_lines(body, tail)
    if start > end:
        lines = body.split("\n")
    else:
        hidden = body.count("\n", start, end) + 1
        lines = [*body[:max(start - 1, 0)].split("\n")[:head],
                 f"… {hidden} lines not shown …",
                 *(body[end + 1:].split("\n") if tail else [])]
    return "\n".join(clip_line(line, width) for line in lines) + ending


def _after_lines(text: str, count: int) -> int:
    """Where line ``count + 1`` of ``text`` starts (len(text) + 1 when it has fewer)."""
    position = 0
    for _ in range(count):
        found = text.find("\n", position)
        if found < 0:
            return len(text) + 1
        position = found + 1
    return position


def _before_lines(text: str, count: int) -> int:
    """Where the line break before the last ``count`` lines of ``text`` is (-1: none)."""
    position = len(text)
    for _ in range(count):
        position = text.rfind("\n", 0, position)
        if position < 0:
            return -1
    return position if count else len(text)
