"""The ruler puzzle beyond the reference's range: where the book's a(n-1) = k - 2 costs a
mark.

The reference and the goldens stop at k = 30 (their cost grows about fivefold per mark);
this script renders the Java port's template (``templates/java/ruler.java.j2``, the same
search as every port) for k = FROM…TO with both methods, runs it with the Java runner
and prints, for each k, the marks each method needs and the rulers each tried.

Usage: ``python benchmarks/ruler_beyond_30.py [FROM [TO]]`` (default 31 45: about three
minutes here; needs javac).  Prints figures; asserts nothing (docs/findings.md quotes them).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from portcheck.runners import get_runner  # noqa: E402
from portcheck.suite.algorithms import Case  # noqa: E402
from portcheck.suite.project import Project  # noqa: E402
from portcheck.suite.render import render_template  # noqa: E402

METHODS = ("book", "free")


def figures(output: str) -> list[tuple[str, str]]:
    """(marks, rulers tried) of each case, in order."""
    lines = output.splitlines()
    marks = [line.split(": ")[1] for line in lines if line.startswith("отметок")]
    tried = [line.split(": ")[1] for line in lines if line.startswith("испытано линеек")]
    return list(zip(marks, tried, strict=True))


def main(first: int, last: int) -> None:
    project = Project(REPO)
    ruler = project.algorithm("ruler")
    cases = [Case(f"k-{k}-method-{method}", {"k": k, "method": method})
             for k in range(first, last + 1) for method in METHODS]
    text = render_template(REPO / "templates" / "java" / "ruler.java.j2",
                           project.templates_dir, ruler, cases)
    runner = get_runner("java")
    with tempfile.TemporaryDirectory() as folder:
        program = Path(folder) / "Ruler.java"
        program.write_text(text, encoding="utf-8")
        result = runner.run(runner.build(program), timeout=3600.0)
    found = figures(result.stdout)
    print(f"{'k':>3}  {'book: marks':>11}  {'rulers tried':>12}  {'free: marks':>11}  "
          f"{'rulers tried':>12}")
    for k, (book, free) in zip(range(first, last + 1), zip(found[::2], found[1::2],
                                                             strict=True), strict=False):
        miss = "  <- the book's fix costs a mark" if book[0] != free[0] else ""
        print(f"{k:>3}  {book[0]:>11}  {book[1]:>12}  {free[0]:>11}  {free[1]:>12}{miss}")


if __name__ == "__main__":
    arguments = [int(a) for a in sys.argv[1:3]]
    main(*(arguments + [31, 45][len(arguments):]))
