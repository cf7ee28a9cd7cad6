"""``portcheck grade … --report DIR``: the grades as one self-contained page,
``DIR/index.html`` — the students' table (passed cases / total, verdict), then each
student's cases with the first differing line of each that did not pass.

DIR is written as ``report`` writes its site (``publish.site``): made in a temporary folder
beside it and moved into place whole; a DIR that exists must be empty or an earlier report.
"""

from __future__ import annotations

import datetime
import shutil
import tempfile
from pathlib import Path

from portcheck.errors import UsageError
from portcheck.publish.site import _replace, check_target
from portcheck.publish.templating import render
from portcheck.runners.interpreted import portcheck_version
from portcheck.verify.grading import Grade, status_counts


def write_grades(target: Path, algorithm: str, grades: list[Grade]) -> None:
    """Write ``target/index.html`` with the grades of ``algorithm``."""
    check_target(target)
    stamp = (f"portcheck {portcheck_version()}, "
             f"{datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}")
    text = render("site_grades.html.j2", nav=[], up="", stamp=stamp, lang="en",
                  title=f"Grades: {algorithm}", algorithm=algorithm, grades=grades,
                  counts=status_counts(grades))
    work = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
        (work / "index.html").write_text(text, encoding="utf-8")
        _replace(work, target)
    except BaseException as error:
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
        if isinstance(error, OSError):
            raise UsageError(f"{target}: cannot write the grades: "
                             f"{error.strerror or error}") from None
        raise
