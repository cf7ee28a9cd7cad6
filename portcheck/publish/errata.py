"""An article's program as the article printed it, from the marks in the runnable file.

An article port (``origin: article``) is the article's code as printed, changed only where
it could not run; every change is marked in a comment of the program's own language
(``|`` in KuMir, ``//`` in 1C, Java and Pascal, ``#`` in Python):

- ``CODE  // ERRATUM: PRINTED`` -- the article printed ``PRINTED`` where the program has
  ``CODE``; comment-only lines ``// ERRATUM: MORE`` right after it are more printed lines
  of the same place (one line that the article broke in two, a loop replaced by one line);
- ``CODE  // ADDED: WHY`` -- a line the article does not have (a declaration the fix needs);
- a comment-only line ``// ADDED: WHY`` begins lines the article does not have (a header
  written for the port), up to a comment ``(конец ADDED)`` or ``END ADDED``;
- a comment-only line ``// ELISION: «…» WHAT`` begins lines that fill a gap the article
  left (printed as the text in «», else ``…``), up to ``(конец ELISION)`` or
  ``END ELISION``, or to the end of the file when the article breaks off.

:func:`as_printed` gives the text as the article printed it, each erratum and elision
marked; :func:`as_run` gives the program as it runs, the same places marked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

KINDS = ("ERRATUM", "ADDED", "ELISION")
QUOTED = re.compile(r"«([^»]*)»")


@dataclass(frozen=True)
class Mark:
    kind: str  # "erratum" | "added" | "elision"
    note: str  # what the reader is told about the line


@dataclass
class MarkedText:
    lines: list[str] = field(default_factory=list)
    marks: dict[int, Mark] = field(default_factory=dict)  # line number (from 1) -> mark
    notes: list[str] = field(default_factory=list)  # what has no line to be marked on

    @property
    def text(self) -> str:
        return "".join(line + "\n" for line in self.lines)

    def ranges(self) -> list[tuple[int, int, Mark]]:
        """The marks as runs of lines: (first, last, mark), a run sharing one mark."""
        runs: list[tuple[int, int, Mark]] = []
        for number, mark in sorted(self.marks.items()):
            if runs and runs[-1][1] == number - 1 and runs[-1][2] == mark:
                runs[-1] = (runs[-1][0], number, mark)
            else:
                runs.append((number, number, mark))
        return runs

    def add(self, line: str, mark: Mark | None = None) -> None:
        self.lines.append(line)
        if mark is not None:
            self.marks[len(self.lines)] = mark


@dataclass(frozen=True)
class Marker:
    code: str  # the program text before the comment ("" on a comment-only line)
    kind: str  # ERRATUM | ADDED | ELISION
    text: str  # what follows "KIND:"
    indent: str  # the line's leading white space

    @property
    def alone(self) -> bool:
        return not self.code.strip()


def _marker_pattern(comment: str) -> re.Pattern[str]:
    return re.compile(rf"(?P<code>.*){re.escape(comment)}\s*(?P<kind>{'|'.join(KINDS)}):"
                      r"\s?(?P<text>.*)$")


def _end_pattern(comment: str) -> re.Pattern[str]:
    return re.compile(rf"^\s*{re.escape(comment)}\s*(?:\(конец (?P<a>ADDED|ELISION)\)|"
                      r"END (?P<b>ADDED|ELISION))\s*$")


class Reader:
    """The marks of one program, read with its language's comment."""

    def __init__(self, source: str, comment: str) -> None:
        self.lines = source.splitlines()
        self.marker_re = _marker_pattern(comment)
        self.end_re = _end_pattern(comment)

    def marker(self, n: int) -> Marker | None:
        found = self.marker_re.match(self.lines[n])
        if found is None:
            return None
        line = self.lines[n]
        indent = line[:len(line) - len(line.lstrip())]
        return Marker(found["code"].rstrip(), found["kind"], found["text"].strip(), indent)

    def continuation(self, n: int) -> list[Marker]:
        """The comment-only ERRATUM lines right after line ``n``."""
        more = []
        for k in range(n + 1, len(self.lines)):
            marker = self.marker(k)
            if marker is None or marker.kind != "ERRATUM" or not marker.alone:
                break
            more.append(marker)
        return more

    def block_end(self, n: int, kind: str) -> int:
        """The line that ends the block of ``kind`` begun at ``n`` (or the last line)."""
        for k in range(n + 1, len(self.lines)):
            found = self.end_re.match(self.lines[k])
            if found and (found["a"] or found["b"]) == kind:
                return k
        return len(self.lines) - 1


def plain(source: str) -> MarkedText:
    """A program with nothing marked (a template or contributed port)."""
    return MarkedText(source.splitlines())


def as_printed(source: str, comment: str) -> MarkedText:
    """The article's text: errata as printed, added lines left out, elisions as printed."""
    reader, out, n = Reader(source, comment), MarkedText(), 0
    while n < len(reader.lines):
        marker = reader.marker(n)
        if marker is None:
            if out.lines or reader.lines[n].strip():  # not the blank lines after a header
                out.add(reader.lines[n])
            n += 1
        elif marker.kind == "ERRATUM" and not marker.alone:
            more = reader.continuation(n)
            note = f"erratum: the program runs «{marker.code.strip()}»"
            for printed in (marker, *more):
                out.add(marker.indent + printed.text, Mark("erratum", note))
            n += 1 + len(more)
        elif marker.alone and marker.kind in ("ADDED", "ELISION"):
            end = reader.block_end(n, marker.kind)
            if marker.kind == "ELISION":
                quoted = QUOTED.search(marker.text)
                out.add(marker.indent + (quoted[1] if quoted else "…"),
                        Mark("elision", f"elision, filled in the program: {marker.text}"))
            else:
                out.notes.append(f"lines {n + 1}–{end + 1} of the program are not in the "
                                 f"article: {marker.text}")
            n = end + 1
        else:  # a line the article does not have, or a stray comment-only ERRATUM
            if not marker.alone:
                out.notes.append(f"line {n + 1} of the program is not in the article "
                                 f"(«{marker.code.strip()}»): {marker.text}")
            n += 1
    return out


def as_run(source: str, comment: str) -> MarkedText:
    """The program as it runs, every marked line marked."""
    reader, out, n = Reader(source, comment), MarkedText(), 0
    while n < len(reader.lines):
        marker = reader.marker(n)
        if marker is not None and marker.alone and marker.kind in ("ADDED", "ELISION"):
            end = reader.block_end(n, marker.kind)
            word = "elision filled" if marker.kind == "ELISION" else "not in the article"
            for k in range(n, end + 1):
                out.add(reader.lines[k], Mark(marker.kind.lower(), f"{word}: {marker.text}"))
            n = end + 1
            continue
        mark = None
        if marker is not None and marker.kind == "ERRATUM":
            mark = Mark("erratum", f"erratum: printed «{marker.text}»")
        elif marker is not None:
            mark = Mark(marker.kind.lower(), f"not in the article: {marker.text}")
        out.add(reader.lines[n], mark)
        n += 1
    return out
