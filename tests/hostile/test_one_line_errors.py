"""Internal errors that were one line's worth (issue 29): each of these ended in a Python
exception's text, a traceback or the wrong exit status; each is now one line naming what
is wrong, with the promised status (2 for what the user gave, 1 for a failed check)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.helpers.cli import one_error_line

HELLO = 'Сообщить("привет");\n'


def _exec(path: Path | bytes, cwd: Path, **options: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "portcheck", "exec", path], cwd=cwd,
                          stderr=subprocess.PIPE, text=True, timeout=120, check=False,
                          **options)  # type: ignore[call-overload]


def test_exec_of_a_file_whose_name_is_not_utf8(tmp_path: Path) -> None:
    name = os.fsencode(tmp_path) + b"/h\xffi.bsl"
    with open(name, "w", encoding="utf-8") as program:
        program.write(HELLO)
    done = _exec(name, tmp_path, stdout=subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "привет\n"


def test_exec_into_a_full_disk_is_one_line_and_exit_2(tmp_path: Path) -> None:
    program = tmp_path / "hello.bsl"
    program.write_text(HELLO, encoding="utf-8")
    with open("/dev/full", "w") as full:
        done = _exec(program, tmp_path, stdout=full)
    assert done.returncode == 2
    # in this process, portcheck's words; boxed, the interpreter's (python -m portinterp.bsl)
    assert one_error_line(done.stderr) in (
        "portcheck: error: cannot write the output: No space left on device",
        f"{program}: cannot write the output: No space left on device")


def test_exec_bounds_its_own_memory(tmp_path: Path) -> None:
    """``portcheck exec`` runs the program in its own process: while it runs, that process's
    address space is bounded as ``python -m portinterp``'s is, so a string doubled in a loop
    is the language's out-of-memory error, not the machine's memory; after the run the
    process has its own limit back (a caller that goes on may start a JVM)."""
    (tmp_path / "double.bsl").write_text('С = "x";\nПока Истина Цикл\n  С = С + С;\n'
                                         'КонецЦикла;\n', encoding="utf-8")
    code = ("import resource, sys; from pathlib import Path;"
            " from portcheck.runners.embedded import run_here;"
            " before = resource.getrlimit(resource.RLIMIT_AS)[0];"
            " status = run_here('bsl', Path('double.bsl'));"
            " print(status, before, resource.getrlimit(resource.RLIMIT_AS)[0], file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, check=False)
    error, figures = done.stderr.rstrip("\n").rsplit("\n", 1)
    status, before, after = figures.split()
    assert error == "double.bsl:3:3: Недостаточно памяти"
    assert (int(status), after) == (1, before)
