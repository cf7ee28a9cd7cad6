"""MkDocs hook: pages that live outside ``docs/`` in the repository, mounted into the site,
and every page's links written as the repository has them.

Pages are written to be read on a code host as well as in the site, so a link says where
the file lives in the repository (the README links ``docs/tutorial.md``; a page of the
interpreters links ``../../docs/runners.md``).  This hook

- mounts the repository's own pages (``MOUNTS``): the README as the site's home page, the
  changelog, and the embedded interpreters' pages (``interpreters/docs/``, and the package's
  README as that section's index) under ``interpreters/`` — each only where it exists;
- rewrites each relative link of every page from the repository's layout to the site's
  (``docs/X`` is ``X``; a mounted file is where it is mounted), so MkDocs checks it as any
  link: a link to a file the site does not hold stays as written and fails a strict build.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from mkdocs.structure.files import File, Files

# repository path -> site path; a path ending in "/" mounts the Markdown files of a folder
MOUNTS = {
    "README.md": "index.md",
    "CHANGELOG.md": "changelog.md",
    "interpreters/README.md": "interpreters/index.md",
    "interpreters/docs/": "interpreters/",
}
DOCS = "docs/"

_LINK = re.compile(r"(\]\(<?|^\s{0,3}\[[^\]]+\]:\s*<?)([^)>\s]+)", re.MULTILINE)
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_repository: dict[str, str] = {}  # site path -> repository path, for this build


def _root(config) -> Path:
    return Path(config.config_file_path).parent


def mounted_files(root: Path) -> dict[str, Path]:
    """Site path -> file, for every mount that exists under ``root``."""
    found: dict[str, Path] = {}
    for source, target in MOUNTS.items():
        path = root / source
        if source.endswith("/"):
            if path.is_dir():
                for page in sorted(path.rglob("*.md")):
                    found[target + page.relative_to(path).as_posix()] = page
        elif path.is_file():
            found[target] = path
    return found


def site_path(repository_path: str) -> str | None:
    """Where a repository file is in the site, or None if the site does not hold it."""
    if repository_path.startswith(DOCS):
        return repository_path[len(DOCS):]
    for source, target in MOUNTS.items():
        if source.endswith("/") and repository_path.startswith(source):
            return target + repository_path[len(source):]
        if repository_path == source:
            return target
    return None


def rewrite_links(markdown: str, page_repository_path: str, page_site_path: str) -> str:
    """Each relative link of a page, from the repository's layout to the site's; fenced
    code is left as it is."""
    here, there = posixpath.dirname(page_repository_path), posixpath.dirname(page_site_path)

    def one(match: re.Match[str]) -> str:
        target = match.group(2)
        if re.match(r"[a-z][a-z0-9+.-]*:|#|/", target):  # a URL, an anchor, a site path
            return match.group(0)
        path, hashmark, fragment = target.partition("#")
        mapped = site_path(posixpath.normpath(posixpath.join(here, path)))
        if mapped is None:
            return match.group(0)
        relative = posixpath.relpath(mapped, there or ".")
        return match.group(1) + relative + hashmark + fragment

    out, fenced = [], False
    for line in markdown.splitlines(keepends=True):
        if _FENCE.match(line):
            fenced = not fenced
        out.append(line if fenced else _LINK.sub(one, line))
    return "".join(out)


def on_config(config):
    root = _root(config)
    for path in mounted_files(root).values():
        if str(path) not in config.watch:
            config.watch.append(str(path))
    return config


def on_files(files: Files, config) -> Files:
    _repository.clear()
    for page in files.documentation_pages():
        _repository[page.src_uri] = DOCS + page.src_uri
    root = _root(config)
    for target, path in mounted_files(root).items():
        if files.get_file_from_path(target) is not None:
            raise ValueError(f"{path.relative_to(root)} would be {target} of the site, "
                             f"which docs/ already has")
        files.append(File.generated(config, target, abs_src_path=str(path)))
        _repository[target] = path.relative_to(root).as_posix()
    return files


def on_page_markdown(markdown: str, page, config, files) -> str:
    source = page.file.src_uri
    return rewrite_links(markdown, _repository.get(source, DOCS + source), source)
