"""``portcheck report -o DIR``: the whole verification as a static site.

- ``index.html``: the algorithm × port matrix, each cell passed / failed / not runnable
  here / not applicable, with the runtime used and the time the run took, linking the
  port's listing and, on failure, its diff;
- ``ports/<algorithm>/<port>.html``: each port's listing; ``ports/<algorithm>/index.html``:
  the algorithm in every language side by side;
- ``handouts/<algorithm>.pdf``: every language side by side with its verified output, on
  A4 landscape, to print for a class (where WeasyPrint is installed: the ``pdf`` extra);
- ``diffs/<algorithm>/<port>.html``: a failed port's failures with their diffs;
- ``goldens.html``: every golden case, its provenance, the ports that print it, stale ones;
- ``findings.html``: ``docs/findings.md``, when the project has one;
- ``mutation.html``: the mutation scores of ``benchmarks/mutation_scores.json``
  (``portcheck mutate``), when the project has them.

Every page is self-contained (inline CSS, no script, no network).  The site is written to
a temporary folder beside DIR and moved into place whole; a DIR that exists must be empty
or an earlier report (it holds ``.portcheck-report``), so nothing else is ever replaced.
"""

from __future__ import annotations

import datetime
import json
import shutil
import tempfile
from pathlib import Path

from portcheck.errors import UsageError
from portcheck.files.yamlio import read_text
from portcheck.publish.formats.html import handout, html, side_by_side
from portcheck.publish.formats.pdf import available as pdf_available
from portcheck.publish.formats.pdf import pdf
from portcheck.publish.golden_table import golden_files
from portcheck.publish.listing import listing_of
from portcheck.publish.matrix import Matrix, build_matrix, diff_page, listing_page
from portcheck.publish.templating import render
from portcheck.publish.verification import Outcome, Verification
from portcheck.runners.interpreted import portcheck_version
from portcheck.suite.ports import Port
from portcheck.suite.project import Project
from portcheck.verify.checks import CheckContext

MARKER = ".portcheck-report"
FINDINGS = Path("docs") / "findings.md"
MUTATION = Path("benchmarks") / "mutation_scores.json"  # benchmarks/mutation_scores.py


def check_target(target: Path) -> None:
    """A usage error unless the site may go to ``target``: a new or empty folder, or an
    earlier report (nothing else is ever replaced); a link is refused, as every output
    of portcheck's (``files.guarded``), not replaced and not written through."""
    if target.is_symlink():
        raise UsageError(f"{target}: a symbolic link; portcheck neither writes through a "
                         "link nor replaces one (give the path of the folder itself)")
    if target.exists() and not target.is_dir():
        raise UsageError(f"{target}: exists and is not a folder")
    if target.is_dir() and any(target.iterdir()) and not (target / MARKER).is_file():
        raise UsageError(f"{target}: not empty and not an earlier report; "
                         "give a new or empty folder")


def write_site(project: Project, context: CheckContext, ports: list[Port],
               verifications: list[Verification], target: Path,
               handouts: bool = True) -> Matrix:
    """Write every page into a new folder, then put it in ``target``'s place (with a PDF
    handout per algorithm when ``handouts`` and WeasyPrint is here)."""
    titles = {name: a.title for name, a in project.algorithms.items()}
    matrix = build_matrix(titles, verifications)
    findings, scores = project.root / FINDINGS, project.root / MUTATION
    pages = Pages(project, context, matrix, findings.is_file(), scores.is_file())
    pages.no_handouts = (pdf_available() or "") if handouts else "not asked for (--no-handouts)"
    work = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
        pages.write_all(work, ports, verifications)
        if findings.is_file():
            pages.write(work, "findings.html", "site_findings.html.j2", title="Findings",
                        findings=read_text(findings, inside=project.root))
        if scores.is_file():
            data = json.loads(read_text(scores, inside=project.root))
            pages.write(work, "mutation.html", "site_mutation.html.j2", title="Mutation scores",
                        rows=[r for r in data["ports"].values() if "generated" in r],
                        run=data.get("last_run"))
        _replace(work, target)
    except BaseException as error:
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
        if isinstance(error, OSError):  # a full disk: say which folder could not be written
            raise UsageError(f"{target}: cannot write the report: "
                             f"{error.strerror or error}") from None
        raise
    return matrix


def _replace(work: Path, target: Path) -> None:
    """Put the new site in ``target``'s place.  An earlier report is first moved aside to
    a name made for it here (never a fixed name a sibling may already have), and only
    that is removed."""
    (work / MARKER).write_text("written by portcheck report\n", encoding="utf-8")
    work.chmod(0o755)
    check_target(target)  # still a folder portcheck may replace, now that the site is made
    if not target.exists():
        work.rename(target)
        return
    aside = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
    target.rename(aside)  # over the empty folder made for it
    work.rename(target)
    shutil.rmtree(aside, ignore_errors=True)


class Pages:
    """The pages of one report, each rendered with the site's navigation."""

    def __init__(self, project: Project, context: CheckContext, matrix: Matrix,
                 findings: bool, scores: bool = False) -> None:
        self.project, self.context, self.matrix = project, context, matrix
        self.links = [("index.html", "Matrix"), ("goldens.html", "Goldens")]
        if findings:
            self.links.append(("findings.html", "Findings"))
        if scores:
            self.links.append(("mutation.html", "Mutation scores"))
        self.stamp = (f"portcheck {portcheck_version()}, "
                      f"{datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}")
        self.no_handouts = ""  # why no PDF handouts are written ("": they are)

    def nav(self, page: str) -> list[tuple[str, str]]:
        up = "../" * page.count("/")
        return [(up + href, text) for href, text in self.links]

    def write(self, root: Path, page: str, template: str, **values: object) -> None:
        text = render(template, nav=self.nav(page), up="../" * page.count("/"),
                      stamp=self.stamp, **values)
        _write(root / page, text)

    def write_all(self, root: Path, ports: list[Port],
                  verifications: list[Verification]) -> None:
        self.write(root, "index.html", "site_index.html.j2", title="portcheck report",
                   matrix=self.matrix, project=self.project.root.name, wide=True,
                   no_handouts=self.no_handouts)
        self.write(root, "goldens.html", "site_goldens.html.j2", title="Goldens",
                   files=golden_files(self.project, ports))
        listings = {}
        for verification in verifications:
            listing = listing_of(self.context, verification.port, verification)
            listings[verification.port.id] = listing
            page = listing_page(verification)
            _write(root / page, html(listing, self.nav(page)))
            if verification.outcome == Outcome.FAILED:
                self.write(root, diff_page(verification), "site_diff.html.j2",
                           title=f"Failures of {verification.port.id}", v=verification,
                           listing=page)
        for row in self.matrix.rows:
            mine = [listings[c.verification.port.id] for c in row.cells if c is not None]
            if not mine:
                continue
            title = f"{row.title}: every language"
            up = "../" * row.side_by_side.count("/")
            _write(root / row.side_by_side,
                   side_by_side(title, mine, self.nav(row.side_by_side),
                                None if self.no_handouts else up + row.handout))
            if not self.no_handouts:
                _write(root / row.handout, pdf(handout(title, mine)))


def _write(path: Path, content: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")

