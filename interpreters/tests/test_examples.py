"""The examples of interpreters/examples run as the README says, and print what they
promise: the two dialects' presentations with the warning naming its place, a run-time
error with its place, and one KuMir program run on four inputs; the README's and the
package docstring's interactive examples print what they show."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(example: str) -> str:
    done = subprocess.run([sys.executable, str(EXAMPLES / example)], capture_output=True,
                          text=True, encoding="utf-8", check=False, timeout=120)
    assert (done.returncode, done.stderr) == (0, "")
    return done.stdout


def test_run_a_program() -> None:
    lines = run("run_a_program.py").splitlines()
    assert "Итого: 3\xa0000" in lines and lines.count("Итого: 3000") == 3
    assert sum(line.startswith("total.bsl:5:1: warning:") for line in lines) == 2
    assert lines[-2:] == ["Доли:", "shares.bsl:2:1: Деление на ноль"]


def test_one_program_many_inputs() -> None:
    out = run("one_program_many_inputs.py")
    assert out.count("exit status 0") == 2 and out.count("exit status 1") == 2
    assert "1 4 9 16 25 \n100 div n = 20" in out
    assert "error: squares.kum:8:3: Деление на ненатуральное число" in out
    assert "error: squares.kum:4:8: Ошибка ввода целого числа" in out


def test_the_readme_and_the_package_docstring_show_what_runs() -> None:
    import doctest

    import portinterp

    readme = doctest.testfile(str(EXAMPLES.parent / "README.md"), module_relative=False)
    package = doctest.testmod(portinterp)
    assert (readme.failed, package.failed) == (0, 0)
    assert readme.attempted >= 5 and package.attempted >= 5
