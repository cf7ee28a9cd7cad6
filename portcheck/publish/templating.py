"""The Jinja environment of the HTML pages (listings, the report site): templates in
``portcheck/publish/templates/``, HTML-escaped, strict about undefined names; the page's
CSS (``style.css`` and Pygments' highlighting rules) is inlined, so a page needs no network
and no other file."""

from __future__ import annotations

from functools import cache

import jinja2
from markdown_it import MarkdownIt
from markupsafe import Markup

from portcheck.publish.highlight import html_css


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("portcheck.publish", "templates"),
        undefined=jinja2.StrictUndefined,
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["markdown"] = markdown_html
    env.globals["css"] = page_css
    return env


@cache
def page_css() -> Markup:
    """The CSS every page carries inline."""
    own = environment().loader.get_source(environment(), "style.css")[0]
    return Markup(own + "\n" + html_css())


def markdown_html(text: str) -> Markup:
    """Markdown (CommonMark with tables) as HTML; raw HTML in it is shown, not obeyed."""
    parser = MarkdownIt("commonmark", {"html": False}).enable("table")
    return Markup(parser.render(text))


def render(template: str, **values: object) -> str:
    return environment().get_template(template).render(**values)
