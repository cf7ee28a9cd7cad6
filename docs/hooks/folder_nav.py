"""MkDocs hook: a navigation entry that names a folder (``- Algorithms: algorithms/``)
stands for every page in it — its index first, then the others by file name.

The algorithms' pages are generated (``portcheck pages write``) and the interpreters'
pages are mounted from their own package, so neither list is written out by hand in
``mkdocs.yml``: a page added or removed there is in the navigation at the next build, and
the strict build's "page not in the navigation" check keeps holding.
"""

from __future__ import annotations

import posixpath

from mkdocs.structure.files import Files

INDEXES = ("index.md", "README.md")


def pages_under(folder: str, files: Files) -> list[str]:
    """The pages of a folder of the site, index first, then by path."""
    found = sorted(f.src_uri for f in files.documentation_pages()
                   if f.src_uri.startswith(folder))
    index = [p for p in found if posixpath.dirname(p) + "/" == folder
             and posixpath.basename(p) in INDEXES]
    return index[:1] + [p for p in found if p not in index[:1]]


def expand(nav: object, files: Files) -> object:
    """The navigation with each folder entry replaced by its pages."""
    if isinstance(nav, list):
        return [expand(item, files) for item in nav]
    if isinstance(nav, dict):
        return {title: expand(value, files) for title, value in nav.items()}
    if isinstance(nav, str) and nav.endswith("/") and "://" not in nav:
        pages = pages_under(nav, files)
        if not pages:
            raise ValueError(f"mkdocs.yml: the navigation names the folder {nav}, "
                             f"which holds no page")
        return pages
    return nav


def on_files(files: Files, config) -> Files:
    # Runs after the hook that mounts pages from outside docs/ (listed before it), so a
    # mounted folder is expanded too.
    config.nav = expand(config.nav, files)
    return files
