"""A listing in Markdown, for a blog or a README: fenced code blocks named after the
Pygments lexer (``linenums="1"`` numbers the lines in MkDocs and Python-Markdown's
highlighting; other renderers ignore it), then the output and how it was verified."""

from __future__ import annotations

import re

from portcheck.publish.listing import Listing


def fence(text: str, info: str) -> str:
    """``text`` in a code fence longer than any run of backticks inside it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    body = text if text.endswith("\n") or not text else text + "\n"
    return f"{ticks}{info}\n{body}{ticks}\n"


def lines(first: int, last: int) -> str:
    return f"line {first}" if first == last else f"lines {first}–{last}"


def provenance(attested: str | None) -> str:
    return attested or "computed by the reference (not printed elsewhere)"


def markdown(listing: Listing) -> str:
    port, verification = listing.port, listing.verification
    origin = "as the article printed it" if listing.as_printed else f"{port.origin} port"
    parts = [f"## {listing.title}\n",
             f"`{port.id}/{listing.file_name}` ({origin})\n",
             fence(listing.source.text, f'{listing.language.lexer} linenums="1"')]
    marks = [f"- {lines(first, last)}: {mark.note}"
             for first, last, mark in listing.source.ranges()]
    if marks:
        parts.append("Marked lines:\n\n" + "\n".join(marks) + "\n")
    parts.append("Output:\n")
    parts.append(fence(listing.output, "text"))
    parts.append(f"*{verification.how()}*\n")
    parts.extend(f"*{note}*\n" for note in listing.notes)
    if verification.goldens:
        rows = [f"- `{m.case}`: {provenance(m.attested)}" for m in verification.goldens]
        parts.append("Goldens matched:\n\n" + "\n".join(rows) + "\n")
    if listing.errata:
        parts.append("### Errata\n\n" + demote(listing.errata))
    return "\n".join(parts)


def demote(text: str, levels: int = 3) -> str:
    """Markdown headings pushed down ``levels`` levels, to sit under the listing's own."""
    return re.sub(r"^(#{1,6}) ", lambda m: "#" * min(6, len(m[1]) + levels) + " ", text,
                  flags=re.MULTILINE)
