"""Which template files a template's render may read: itself, and every template it names,
again and again (``{% include "lua/_freecell_deal.lua.j2" %}``), so that a remembered
verdict (``portcheck.verify.verdicts``) depends on those files and on no other template.

The text is scanned, not parsed (no Jinja import on ``verify``'s warm path), and the answer
errs on the side of more: every quoted name in the text that is a template of the suite
counts, used or not; a template that includes, imports or extends anything but a quoted
name (a variable, a list, an expression) may read any template, and the answer is then
None: every template of the suite.
"""

from __future__ import annotations

import re
from pathlib import Path

from portcheck.errors import UsageError
from portcheck.files.yamlio import read_text

QUOTED = re.compile(r"""(["'])([^"'\n{}%]+?\.j2)\1""")
DYNAMIC = re.compile(r"""\{%[-+]?\s*(?:include|import|from|extends)\s+(?!["'][^"'\n]*["'])""")


def template_closure(templates_dir: Path, template: Path) -> list[Path] | None:
    """``template`` and every template it may read, sorted; None when any of them names
    what it reads by anything but a quoted name (then any template may be read)."""
    seen: set[Path] = set()
    waiting = [template]
    while waiting:
        path = waiting.pop()
        if path in seen:
            continue
        seen.add(path)
        try:
            text = read_text(path, inside=templates_dir)
        except (OSError, UsageError):  # its check says why; here: depend on every template
            return None
        if DYNAMIC.search(text):
            return None
        for _, name in QUOTED.findall(text):
            named = templates_dir / name
            if named.is_file():
                waiting.append(named)
    return sorted(seen)
