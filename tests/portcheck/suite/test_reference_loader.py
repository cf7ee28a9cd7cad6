"""The suite is loaded from the project root, never installed
(``portcheck.suite.reference_loader``): nothing named ``reference`` is importable, another
checkout is checked against its own reference, and a mistake in a reference module is one
line naming its file and line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.cli import portcheck_process
from tests.helpers.reference import REPO


def test_nothing_named_reference_is_installed() -> None:
    done = subprocess.run([sys.executable, "-c", "import reference"], cwd="/",
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "No module named 'reference'" in done.stderr


def test_another_checkout_is_checked_against_its_own_reference(project_copy: Path) -> None:
    """The copy's reference deals 7 cards a line: its goldens no longer match it, whatever
    portcheck is installed from."""
    reference = project_copy / "reference" / "freecell.py"
    reference.write_text(reference.read_text(encoding="utf-8").replace(
        "CARDS_PER_LINE = 8", "CARDS_PER_LINE = 7"), encoding="utf-8")
    checked = portcheck_process("golden", "check", cwd=project_copy, unset=["PORTCHECK_ROOT"])
    assert checked.returncode == 1
    assert "case game-1 differs from the reference" in checked.stdout
    assert portcheck_process("golden", "check", cwd=REPO, unset=["PORTCHECK_ROOT"]).returncode == 0


@pytest.mark.parametrize(("change", "message"), [
    (("CASES: dict", "CASES dict"), "reference/freecell.py:24: syntax error"),
    (('"game": IntParam(1, 2**31 - 1, "game number")', '"game": IntParam(5, 1)'),
     "reference/freecell.py:16: cannot load: ValueError: IntParam(5, 1): low is above high"),
    (('"game-2": {"game": 2}', '"game-2": {"game": 0}'),
     "reference/freecell.py: case game-2: game: 0 is out of range 1..2147483647"),
    (('"game-2": {"game": 2}', '"game-2": {"deal": 2}'),
     "reference/freecell.py: case game-2: inputs must be exactly game"),
    (("    return \"\".join(line", "    return len(lines)\n    return \"\".join(line"),
     "reference/freecell.py: output() returned int, not text"),
    (("    cards = deal(game)", "    cards = deal(game) + 1 / 0"),
     "reference/freecell.py:57: output(game=617) failed: ZeroDivisionError: division by zero"),
    (('NAME = "freecell"', 'NAME = "Free Cell"'),
     "NAME 'Free Cell' must be lower-case words joined by '-'"),
])
def test_a_mistake_in_the_suite_is_one_line_naming_its_file(
        project_copy: Path, capsys: pytest.CaptureFixture[str], change: tuple[str, str],
        message: str) -> None:
    reference = project_copy / "reference" / "freecell.py"
    text = reference.read_text(encoding="utf-8")
    assert change[0] in text
    reference.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    done = portcheck_process("reference", "freecell", "game=617",
                             cwd=project_copy, unset=["PORTCHECK_ROOT"])
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert message in done.stderr
