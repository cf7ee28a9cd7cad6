"""A listing as a LaTeX fragment: Pygments' ``LatexFormatter`` output with its style macros,
the output in a plain ``Verbatim``, and how it was verified.

The fragment has no preamble, so it can be ``\\input`` into an article; it needs the
packages ``fancyvrb`` and ``xcolor`` and, for Cyrillic and the card suits, a Unicode
engine (XeLaTeX or LuaLaTeX) with a monospaced font that has them, e.g.
``\\usepackage{fontspec}\\setmonofont{DejaVu Sans Mono}`` (``STANDALONE_PREAMBLE``).
"""

from __future__ import annotations

from portcheck.publish.formats.markdown import lines, provenance
from portcheck.publish.highlight import latex, latex_style
from portcheck.publish.listing import Listing

STANDALONE_PREAMBLE = (
    "\\documentclass{article}\n"
    "\\usepackage{fancyvrb,xcolor,fontspec}\n"
    "\\setmainfont{DejaVu Serif}\n"
    "\\setmonofont{DejaVu Sans Mono}\n"
)

SPECIAL = {"\\": "\\textbackslash{}", "{": "\\{", "}": "\\}", "$": "\\$", "&": "\\&",
           "#": "\\#", "^": "\\textasciicircum{}", "_": "\\_", "%": "\\%",
           "~": "\\textasciitilde{}"}


def escape(text: str) -> str:
    """Running text for LaTeX: its special characters written as commands."""
    return "".join(SPECIAL.get(char, char) for char in text)


def tex(listing: Listing) -> str:
    port = listing.port
    parts = [
        f"% portcheck listing: {listing.title} ({port.id})",
        "% needs fancyvrb and xcolor; Cyrillic and the card suits need XeLaTeX or LuaLaTeX",
        "% with fontspec and a monospaced font that has them (DejaVu Sans Mono)",
        latex_style(),
        f"\\subsection*{{{escape(listing.title)}}}",
        f"\\texttt{{{escape(port.id + '/' + listing.file_name)}}}"
        + (" (as the article printed it)" if listing.as_printed else ""),
        "",
        latex(listing.source.text, listing.language).rstrip("\n"),
    ]
    if listing.source.marks:
        parts.append("\\begin{itemize}")
        parts += [f"\\item {lines(first, last)}: {escape(mark.note)}"
                  for first, last, mark in listing.source.ranges()]
        parts.append("\\end{itemize}")
    parts += ["\\paragraph{Output}", "\\begin{Verbatim}[fontsize=\\small,frame=single]",
              listing.output.rstrip("\n"), "\\end{Verbatim}", "",
              f"\\noindent\\emph{{{escape(listing.verification.how())}}}"]
    parts += [f"\\par\\noindent {escape(note)}" for note in listing.notes]
    if listing.verification.goldens:
        parts.append("\\begin{itemize}")
        parts += [f"\\item \\texttt{{{escape(m.case)}}}: {escape(provenance(m.attested))}"
                  for m in listing.verification.goldens]
        parts.append("\\end{itemize}")
    return "\n".join(parts) + "\n"


def standalone(fragment: str) -> str:
    """A whole document around a fragment: what the tests compile."""
    return (STANDALONE_PREAMBLE + "\\begin{document}\n" + fragment + "\\end{document}\n")
