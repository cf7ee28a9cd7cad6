"""Syntax highlighting by Pygments, with the lexer of each language (``suite.lexing``).

HTML is highlighted line by line (each line a separate fragment, so a listing can number,
anchor and mark its lines); LaTeX through Pygments' own ``LatexFormatter``.
"""

from __future__ import annotations

from pygments import highlight
from pygments.formatters import HtmlFormatter, LatexFormatter

from portcheck.suite.languages import Language
from portcheck.suite.lexing import lexer_for

STYLE = "friendly"  # light, printable, and readable on a projector


def html_lines(code: str, language: Language) -> list[str]:
    """Each line of ``code`` as highlighted HTML (no wrapping element)."""
    formatter = HtmlFormatter(nowrap=True, style=STYLE)
    html = highlight(code, lexer_for(language), formatter)
    lines = html.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def html_css() -> str:
    """The CSS of the highlighted HTML, for the rule ``.code``."""
    return HtmlFormatter(style=STYLE).get_style_defs(".code")


def latex(code: str, language: Language, first_line: int = 1) -> str:
    """A ``Verbatim`` environment (fancyvrb) with line numbers."""
    formatter = LatexFormatter(style=STYLE, linenos=True, linenostart=first_line,
                               verboptions="numbersep=6pt,fontsize=\\small")
    return highlight(code, lexer_for(language), formatter)


def latex_style() -> str:
    """The ``\\PY`` macros ``latex`` output needs (Pygments' style definitions)."""
    return LatexFormatter(style=STYLE).get_style_defs()
