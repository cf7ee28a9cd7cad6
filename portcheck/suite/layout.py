"""Where each file of a suite stands, and what its place says: the layout is a declaration.

    reference/<module>.py                 an algorithm (its NAME: lower-case words joined by -)
    golden/<algorithm>.yaml               its goldens
    templates/<language>/<algorithm>.<ext>.j2    its template in that language
    templates/<language>/_<piece>.<ext>.j2       a piece templates include
    templates/<language>/<algorithm>-range.<ext>.j2   the range-mode program (``fuzz --range``)
    ports/<algorithm>/<name>/             a port: its program, transcript.txt, port.yaml

So a template port needs no ``port.yaml``: ``ports/freecell/java/`` beside
``templates/java/freecell.java.j2`` says its algorithm, its language, its template and its
program (``Freecell.java``); ``port.yaml`` only adds what differs (limits, options, fewer
cases) or declares a port that is not a template's (an article's program).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

PIECE_PREFIX = "_"  # templates/java/_java_random.java.j2: included by templates, no port
RANGE_SUFFIX = "-range"  # templates/java/freecell-range.java.j2: fuzz --range's program
TEMPLATE_SUFFIX = ".j2"


@dataclass(frozen=True)
class TemplateFile:
    """A template of the suite, as its place names it."""

    path: Path
    language: str  # the folder it is in: templates/<language>/
    stem: str  # "freecell", "freecell-range": its name up to the first dot

    @property
    def piece(self) -> bool:
        return self.stem.startswith(PIECE_PREFIX)

    @property
    def range_of(self) -> str | None:
        """The algorithm of a range-mode template, None for any other."""
        return self.stem.removesuffix(RANGE_SUFFIX) if self.stem.endswith(RANGE_SUFFIX) else None


def template_files(templates_dir: Path) -> list[TemplateFile]:
    """Every template of the suite, in a stable order."""
    if not templates_dir.is_dir():
        return []
    return [TemplateFile(path, path.parent.name, path.name.split(".", 1)[0])
            for path in sorted(templates_dir.glob(f"*/*{TEMPLATE_SUFFIX}")) if path.is_file()]


def template_path(templates_dir: Path, language: str, algorithm: str) -> Path | None:
    """``templates/<language>/<algorithm>.<ext>.j2``: the template of that pair, if any."""
    found = sorted(path for path in (templates_dir / language).glob(
        f"{algorithm}.*{TEMPLATE_SUFFIX}") if path.is_file())
    return found[0] if found else None


def expected_template(templates_dir: Path, language: str, algorithm: str,
                      suffix: str) -> Path:
    """Where the template of that pair goes: ``templates/java/freecell.java.j2``."""
    return templates_dir / language / f"{algorithm}{suffix}{TEMPLATE_SUFFIX}"


def port_folders(ports_dir: Path) -> list[Path]:
    """Every ``ports/<algorithm>/<name>/`` folder, in a stable order."""
    if not ports_dir.is_dir():
        return []
    return sorted(folder for folder in ports_dir.glob("*/*") if folder.is_dir())
