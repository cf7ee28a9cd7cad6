"""A listing as one self-contained HTML page (inline CSS, no script, no network), the
algorithm side by side in every language (on a screen, or printed from a browser), and the
same for a PDF handout (``handout``)."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from portcheck.publish.errata import Mark
from portcheck.publish.highlight import html_lines
from portcheck.publish.listing import Listing
from portcheck.publish.templating import render


@dataclass(frozen=True)
class CodeLine:
    number: int
    html: Markup
    mark: Mark | None


@dataclass(frozen=True)
class Column:
    listing: Listing
    lines: list[CodeLine]
    prefix: str  # the column's line anchors: "java-L12"


def code_lines(listing: Listing) -> list[CodeLine]:
    highlighted = html_lines(listing.source.text, listing.language)
    return [CodeLine(n, Markup(html), listing.source.marks.get(n))
            for n, html in enumerate(highlighted, start=1)]


def html(listing: Listing, nav: list[tuple[str, str]] | None = None) -> str:
    return render("listing.html.j2", title=listing.title, listing=listing,
                  lines=code_lines(listing), nav=nav or [])


def side_by_side(title: str, listings: list[Listing],
                 nav: list[tuple[str, str]] | None = None, handout_link: str | None = None) -> str:
    columns = [Column(listing, code_lines(listing), f"{listing.port.folder.name}-")
               for listing in listings]
    return render("side_by_side.html.j2", title=title, columns=columns, nav=nav or [],
                  wide=True, handout=handout_link)


def handout(title: str, listings: list[Listing]) -> str:
    """Every language side by side for print: two listings a row of an A4 landscape page,
    laid out as a table (which WeasyPrint breaks across pages quickly; its grid layout took
    ten times as long, and failed on a column taller than a page)."""
    columns = [Column(listing, code_lines(listing), f"{listing.port.folder.name}-")
               for listing in listings]
    rows = [columns[n:n + 2] for n in range(0, len(columns), 2)]
    return render("handout.html.j2", title=title, rows=rows, nav=[])
