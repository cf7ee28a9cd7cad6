"""Whether what a mutant has printed so far can still become the expected output
(``portcheck.runners.watch``): the mutant is stopped at its first wrong output.

The check is sound: it says "wrong" only when *no* continuation of the output, whatever
the rest of the run prints, could make ``compare`` (``portcheck.suite.compare``) find the whole
output equal to the goldens, as the port compares them.  It follows ``compare`` step by step,
on complete pieces only:

1. **Decoding.** A run's stdout is decoded (UTF-8, invalid bytes replaced) up to its last
   newline byte: UTF-8 never uses that byte inside a character, so the text up to it is
   what the whole output's decoding begins with.  The runs of a port that runs once per
   case follow one another (``portcheck.verify.execution`` joins their outputs).
2. **The port's normalisation** (``portcheck.suite.normalize``) works line by line (lines dropped
   by pattern, whole words replaced, characters replaced), so each line is normalised as it
   is completed; a kept line follows the kept line before it after a newline (itself
   mapped by ``chars``).  The line after the last newline is never used: it may go on.
3. **Line endings** (``compare.normalise_newlines``): a BOM dropped at the very start, CR LF
   and CR made LF; a CR at the end of what is known is held back (an LF may follow it).
4. **The comparison mode**, on that text (a prefix of the text ``compare`` sees):
   - ``exact``: the text must be a prefix of the expected text;
   - ``lines``: each complete line, its trailing spaces and tabs left out, must be the
     expected line of that number, and past the expected lines it must be blank (blank
     lines at the end are ignored);
   - ``tokens``: each complete token (white space after it) must be the expected token of
     that number, and an unfinished last one must begin the expected one.

Text past the expected output is wrong in every mode (beyond the expected lines, only
blank lines in ``lines`` mode).  ``tests/portcheck/mutate/test_prefix.py`` checks this against
``compare`` on random outputs cut at random places.
"""

from __future__ import annotations

import dataclasses

from portcheck.suite.compare import Segment, compare, normalise_newlines
from portcheck.suite.normalize import Normalize

BOM = "\ufeff"


class ExpectedOutput:
    """A watch (``portcheck.runners.watch.OutputWatch``) of a mutant's runs against the
    goldens ``expected``, normalised as ``normalize``, compared in ``mode``."""

    def __init__(self, expected: list[Segment], normalize: Normalize, mode: str) -> None:
        self.expected = expected
        self.mode = mode
        self._match = _MATCHERS[mode](normalise_newlines("".join(s.text for s in expected)))
        self._drop = normalize.drop_lines
        self._map = dataclasses.replace(normalize, drop_lines=())
        # what a line end becomes: the words and characters mapped, never a line's patterns
        # (``replace`` works within lines; an empty line's match is the line's, not its end's)
        self._separator = dataclasses.replace(self._map, replace=()).apply("\n")
        self._raw = bytearray()  # this run's stdout after its last newline byte
        self._carry = ""  # what earlier runs printed after their last newline
        self._kept = 0  # lines kept so far (a separator comes before the next one)
        self._started = False  # a character has been passed on (no BOM can come now)
        self._held = ""  # a CR at the end of what is known
        self.seen: list[str] = []  # the text passed on so far

    def begin_run(self) -> None:
        self._carry += self._raw.decode("utf-8", errors="replace")
        self._raw.clear()

    def feed(self, chunk: bytes) -> bool:
        self._raw += chunk
        cut = self._raw.rfind(b"\n")
        if cut < 0:
            return True
        text = self._carry + self._raw[:cut + 1].decode("utf-8", errors="replace")
        del self._raw[:cut + 1]
        self._carry = ""
        return all(self._line(line) for line in text[:-1].split("\n"))

    def difference(self) -> str:
        """Where the output seen so far first differs, as ``compare`` says it."""
        found = compare(self.expected, "".join(self.seen), self.mode)
        return found.one_line() if found else "its output could no longer match"

    def _line(self, line: str) -> bool:
        if any(pattern.search(line) for pattern in self._drop):
            return True
        piece = (self._separator if self._kept else "") + self._map.apply(line)
        self._kept += 1
        return self._pass_on(piece)

    def _pass_on(self, piece: str) -> bool:
        """``piece`` with its line endings as ``normalise_newlines`` makes them."""
        if not self._started and piece:
            piece = piece.removeprefix(BOM)
            self._started = True
        piece = self._held + piece
        self._held = "\r" if piece.endswith("\r") else ""
        piece = piece.removesuffix(self._held).replace("\r\n", "\n").replace("\r", "\n")
        self.seen.append(piece)
        return self._match.feed(piece, self._next())

    def _next(self) -> str:
        """What follows the text passed on, whatever comes: ``"\n"`` a line break or the
        end, ``" "`` white space or the end, ``""`` unknown."""
        follows = self._held or self._separator[:1]
        return "\n" if follows in ("\r", "\n") else " " if follows.isspace() else ""


class _Exact:
    def __init__(self, want: str) -> None:
        self.want = want
        self.at = 0

    def feed(self, text: str, _follows: str) -> bool:
        ok = self.want.startswith(text, self.at)
        self.at += len(text)
        return ok


class _Lines:
    def __init__(self, want: str) -> None:
        lines = [line.rstrip(" \t") for line in want.split("\n")]
        while lines and not lines[-1]:
            lines.pop()
        self.want = lines
        self.done = 0  # complete lines seen
        self.rest = ""  # the line not yet complete
        self.ended = False  # the last line was judged before its line break came

    def feed(self, text: str, follows: str) -> bool:
        if self.ended:  # the line break owed comes first
            if not text:
                return True
            text, self.ended = text.removeprefix("\n"), False
        *complete, self.rest = (self.rest + text).split("\n")
        if follows == "\n":  # a line break or the end: the line is complete either way
            complete.append(self.rest)
            self.rest, self.ended = "", True
        return all(self._line(line) for line in complete)

    def _line(self, line: str) -> bool:
        expected = self.want[self.done] if self.done < len(self.want) else ""
        self.done += 1
        return line.rstrip(" \t") == expected


class _Tokens:
    def __init__(self, want: str) -> None:
        self.want = want.split()
        self.done = 0  # complete tokens seen
        self.rest = ""  # a token not yet complete

    def feed(self, text: str, follows: str) -> bool:
        text = self.rest + text
        tokens = text.split()
        ended = not text or text[-1].isspace() or follows != ""
        self.rest = "" if ended or not tokens else tokens.pop()
        if tokens != self.want[self.done:self.done + len(tokens)]:
            return False
        self.done += len(tokens)
        return not self.rest or (self.done < len(self.want)
                                 and self.want[self.done].startswith(self.rest))


_MATCHERS = {"exact": _Exact, "lines": _Lines, "tokens": _Tokens}
