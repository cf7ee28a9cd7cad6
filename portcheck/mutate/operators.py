"""The mutants of a program: universalmutator's regular-expression rules, one module wide.

Nothing else in portcheck sees universalmutator.  Which rule files serve a language is part
of the language's declaration (``mutation:`` in ``languages.yaml``): universalmutator's own
by name (Java: ``universal``, ``java``, ``c_like``; C, C++, Go, Rust and JavaScript: theirs;
Python: ``universal``, ``python``), and rule files in its format where it has none
(``portcheck/mutate/rules/``: 1C, KuMir, Free Pascal, the puzzle book's language, C#, Lua,
Ruby), or a suite's own.  Its library entry point
(``mutator.mutants_regexp``) is called directly: one mutant per match of a rule on a line,
each line's mutants without duplicates; it prints progress on stdout, which is swallowed.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from portcheck.errors import UsageError
from portcheck.suite.languages import Language


@dataclass(frozen=True)
class Mutant:
    """One changed line of a program (a rule may also add a line after it)."""

    line: int  # 1-based
    original: str  # the line as it was, without its line end
    replacement: str  # what replaces it (may hold a newline: a rule that adds a line)
    rule: str  # the rule that made it, ``file:line``

    @property
    def key(self) -> str:
        """The stable id: line, original and replacement, each run of white space one
        space (what a reviewed list of equivalent mutants is keyed by)."""
        return f"{self.line}: {' '.join(self.original.split())} => " \
               f"{' '.join(self.replacement.split())}"

    def apply(self, lines: list[str]) -> str:
        """The program text with this mutant's line replaced."""
        ending = lines[self.line - 1][len(lines[self.line - 1].rstrip("\r\n")):]
        changed = [*lines[:self.line - 1], self.replacement + (ending or "\n"),
                   *lines[self.line:]]
        return "".join(changed)

    def diff_lines(self) -> tuple[str, str]:
        """The unified diff lines of the change (``-original``, ``+replacement``)."""
        return f"-{self.original}", "+" + self.replacement.replace("\n", "\n+")


def mutants(text: str, language: Language) -> list[Mutant]:
    """Every mutant the rules of ``language`` make of ``text``, in line order."""
    try:
        from universalmutator import mutator
    except ImportError:
        raise UsageError("portcheck mutate needs universalmutator: "
                         "pip install 'portcheck[mutate]'") from None
    if not language.mutation:
        raise UsageError(f"no mutation rules for {language.name}")
    _check_rule_files(language)
    lines = text.splitlines(keepends=True)
    with contextlib.redirect_stdout(io.StringIO()):
        found = mutator.mutants_regexp(lines, ruleFiles=list(language.mutation),
                                       ignorePatterns=[], ignoreStringOnly=True)
    return [Mutant(number, lines[number - 1].rstrip("\r\n"), changed.rstrip("\r\n"),
                   _rule_name(rule[1]))
            for number, changed, rule, _compiled in found]


def _check_rule_files(language: Language) -> None:
    """Each rule file of the declaration exists: universalmutator skips a name it does not
    have with a message on stdout, so a misspelt ``mutation: [awk_like]`` would make no
    mutants, or fewer, and nothing would say so."""
    static = resources.files("universalmutator") / "static"
    own = sorted(entry.name.removesuffix(".rules") for entry in static.iterdir()
                 if entry.name.endswith(".rules"))
    for name in language.mutation:
        if Path(name).is_absolute():
            continue  # a path: checked when the declaration was read
        if name.removesuffix(".rules") not in own:
            where = f"{language.declared_in}: " if language.declared_in else ""
            raise UsageError(f"{where}{language.name}: mutation: universalmutator has no rule "
                             f"file {name.removesuffix('.rules')!r} (its own: "
                             f"{', '.join(own)}; or a path to a rule file of yours)")


def _rule_name(source: str) -> str:
    """``builtin:c_like.rules:12`` or ``…/rules/bsl.rules:30`` as ``c_like.rules:12``."""
    return Path(source.removeprefix("builtin:")).name
