"""MkDocs hook: the command reference (``commands.md``) carries each subcommand's
``--help``, as the installed ``portcheck`` prints it at build time.

The page holds the marker ``<!-- portcheck-help -->``; this hook replaces it with a section
per subcommand (in the order ``portcheck --help`` lists them), its help text in a code
block.  The options are therefore never written twice, and never out of date: the site is
built by the same ``portcheck`` whose help it shows (tox's ``docs`` env installs it).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

from mkdocs.exceptions import PluginError

PAGE = "commands.md"
MARKER = "<!-- portcheck-help -->"
_cache: dict[tuple[str, ...], str] = {}


def help_text(*words: str) -> str:
    """``portcheck WORDS --help``, at a fixed width and without colour."""
    if words not in _cache:
        env = {**os.environ, "COLUMNS": "88", "NO_COLOR": "1", "PYTHON_COLORS": "0"}
        try:
            done = subprocess.run([sys.executable, "-m", "portcheck", *words, "--help"],
                                  capture_output=True, text=True, env=env, timeout=120,
                                  check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise PluginError(f"portcheck {' '.join(words)} --help: {error}") from None
        if done.returncode != 0:
            raise PluginError(f"portcheck {' '.join(words)} --help failed (is portcheck "
                              f"installed? pip install -e .): {done.stderr.strip()[-500:]}")
        _cache[words] = done.stdout.rstrip() + "\n"
    return _cache[words]


def subcommands(top: str) -> list[str]:
    """The subcommands ``portcheck --help`` lists, in its order (the indented names under
    its COMMAND heading)."""
    names = re.findall(r"^ {4}([a-z][a-z-]*)(?: |$)", top, flags=re.MULTILINE)
    if not names:
        raise PluginError("portcheck --help lists no subcommand: cannot write the reference")
    return names


def reference() -> str:
    top = help_text()
    parts = ["## `portcheck`", "", "```text", top.rstrip(), "```", ""]
    for name in subcommands(top):
        parts += [f"## `portcheck {name}`", "", "```text", help_text(name).rstrip(), "```", ""]
    return "\n".join(parts)


def on_page_markdown(markdown: str, page, config, files) -> str:
    if page.file.src_uri != PAGE:
        return markdown
    if MARKER not in markdown:
        raise PluginError(f"{PAGE} has lost its marker {MARKER}")
    return markdown.replace(MARKER, reference())
