"""The memory and file-size limits of a port's run (``portcheck.processes.limits``): a port
that allocates without end is stopped with its own verdict, ``stopped: it used more than
512 MiB``, long before its time limit (60 s here) — by the address-space backstop (Python's
8 GB at once), the resident-memory watch (C's malloc in a loop, touching what it gets), or
the JVM's own heap limit — and a file bigger than the limit is not written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.cli import portcheck
from tests.helpers.ports import add_port

VERDICT = "stopped: it used more than 512 MiB (the memory limit; see --max-memory)"

PYTHON_8GB = "data = bytearray(8 * 1024 ** 3)\nprint(len(data))\n"
PYTHON_GROWING = "chunks = []\nwhile True:\n    chunks.append(b'x' * 1_000_000)\n"
C_MALLOC_LOOP = """#include <stdlib.h>
#include <string.h>
int main(void) {
    for (;;) {
        char *p = malloc(1 << 20);
        if (p == NULL) return 3;
        memset(p, 1, 1 << 20);
    }
}
"""
JAVA_GROWING = """import java.util.ArrayList;
public class Grow {
    public static void main(String[] args) {
        ArrayList<long[]> kept = new ArrayList<>();
        while (true) kept.add(new long[1 << 17]);
    }
}
"""


@pytest.mark.parametrize(("language", "program", "text"), [
    ("python", "alloc.py", PYTHON_8GB),
    ("python", "grow.py", PYTHON_GROWING),
    pytest.param("c", "grow.c", C_MALLOC_LOOP, marks=pytest.mark.requires_runtime("c")),
    pytest.param("java", "Grow.java", JAVA_GROWING,
                 marks=pytest.mark.requires_runtime("java")),
], ids=["python-8gb", "python-growing", "c-malloc-loop", "java-growing"])
def test_a_port_that_allocates_without_end_is_stopped_at_the_memory_limit(
        project_copy: Path, capsys: pytest.CaptureFixture[str], language: str, program: str,
        text: str) -> None:
    add_port(project_copy, "hog", language, program, text)
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "hog", "--timeout", "60")
    assert code == 1
    assert f"FAIL ports/freecell/hog::run: {VERDICT}" in out


def test_the_memory_limit_is_an_option(project_copy: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "hog", "python", "grow.py", PYTHON_GROWING)
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "hog", "--timeout", "60",
                             "--max-memory", "64M")
    assert code == 1
    assert "stopped: it used more than 64 MiB (the memory limit" in out


def test_a_file_bigger_than_the_limit_is_not_written(project_copy: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "big", "python", "big.py",
             "with open('big.bin', 'wb') as f:\n    f.write(b'x' * 100_000_000)\n")
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "big", "--timeout", "60")
    assert code == 1
    # Python ignores SIGXFSZ: the write fails (a C program is killed by it); either is the
    # disk limit's verdict, and the failed write is shown under it
    assert ("FAIL ports/freecell/big::run: stopped: it wrote more than 64 MiB (the disk "
            "limit; see --max-disk)") in out
    assert "OSError: [Errno 27] File too large" in out
