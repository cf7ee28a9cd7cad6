"""The limits of a port's run (``portcheck.processes.limits``): a port that allocates
without end is stopped with its own verdict, ``stopped: it used more than 512 MiB``, long
before its time limit (60 s here) — by the address-space backstop (Python's 8 GB at once),
the memory watch (C's malloc in a loop, touching what it gets), or the JVM's own heap limit
— and a file bigger than the limit is not written.  A fork bomb, a CPU burner and a run
filling its folder or its /tmp are each stopped with the process, CPU or disk verdict."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.processes import sandbox
from tests.helpers.cli import portcheck
from tests.helpers.needs import need
from tests.helpers.ports import add_port
from tests.helpers.processes import processes_naming

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


# A fork bomb that never passes 2**10 processes were nothing to stop it (each waits, so
# none ends and lets another in): the limit of 32 is what stops it, on any machine.
PYTHON_FORK_BOMB = """import os, time
for _ in range(10):
    try:
        os.fork()
    except OSError:
        pass
time.sleep(60)
"""
C_FORK_BOMB = """#include <unistd.h>
int main(void) {
    for (int i = 0; i < 12; i++) fork();
    sleep(60);
    return 0;
}
"""
PROCESS_VERDICT = ("stopped: it started more than 32 processes or threads (the process "
                   "limit; see --max-processes)")


@pytest.mark.parametrize(("language", "program", "text"), [
    ("python", "bomb.py", PYTHON_FORK_BOMB),
    pytest.param("c", "bomb.c", C_FORK_BOMB, marks=pytest.mark.requires_runtime("c")),
], ids=["python", "c"])
def test_a_fork_bomb_is_stopped_at_the_process_limit_and_leaves_nothing(
        project_copy: Path, capsys: pytest.CaptureFixture[str], language: str, program: str,
        text: str) -> None:
    """Kept by the kernel where a run has a control group (``pids.max``), else counted by
    the run watch; boxed or not, the machine has none of its processes after the run."""
    add_port(project_copy, "bomb", language, program, text)
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "bomb", "--timeout", "60",
                             "--max-processes", "32")
    assert code == 1
    assert f"FAIL ports/freecell/bomb::run: {PROCESS_VERDICT}" in out
    # the bomb's copies: the port's folder (Python) or its build (C) in their command line
    assert [pid for pid in processes_naming(str(project_copy.parents[1]))
            if _command_line(pid).split(b"\0")[-2].endswith((b"/bomb", b"/bomb.py"))] == []


def _command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes() or b"\0"
    except OSError:
        return b"\0"


PYTHON_BURNER = """import threading
def burn():
    while True:
        pass
for _ in range(2):
    threading.Thread(target=burn).start()
"""


def test_a_cpu_burner_is_stopped_at_the_cpu_limit(project_copy: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "burn", "python", "burn.py", PYTHON_BURNER)
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "burn", "--timeout", "60",
                             "--max-cpu", "2")
    assert code == 1
    assert ("FAIL ports/freecell/burn::run: stopped: it used more than 2 s of CPU time (the "
            "CPU limit; see --max-cpu)") in out


PYTHON_FILLER = """import os, sys
where = sys.argv[1] if len(sys.argv) > 1 else "."
for number in range(10_000):
    with open(os.path.join(where, f"part-{number}"), "wb") as part:
        part.write(b"x" * 1_000_000)
"""
DISK_VERDICT = "stopped: it wrote more than 64 MiB (the disk limit; see --max-disk)"


def test_a_run_filling_its_folder_file_by_file_is_stopped_at_the_disk_limit(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "fill", "python", "fill.py", PYTHON_FILLER)
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "fill", "--timeout", "60")
    assert code == 1
    assert f"FAIL ports/freecell/fill::run: {DISK_VERDICT}" in out


def test_a_run_filling_its_tmp_is_stopped_at_the_disk_limit(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The box's /tmp is a tmpfs of the disk limit's size: full, the write fails and the run
    gets the verdict.  Not run unboxed: there /tmp is the machine's."""
    need(sandbox.probe() is None, f"bubblewrap is not usable here: {sandbox.probe()}")
    need(sandbox.boxing(), f"runs are not boxed here ({sandbox.ENV}=off)")
    if not sandbox.sizes_tmpfs():
        pytest.skip("this bubblewrap cannot size a tmpfs (--size: bubblewrap 0.5)")
    add_port(project_copy, "fill", "python", "fill.py",
             PYTHON_FILLER.replace('else "."', 'else "/tmp"'))
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "fill", "--timeout", "60")
    assert code == 1
    assert f"FAIL ports/freecell/fill::run: {DISK_VERDICT}" in out
    assert "No space left on device" in out
