"""A folder of 30 generated students' submissions for ``portcheck grade freecell``, each in
Python (so nothing but Python is needed), each kind with the verdict it must get:

- ``correct``: the suite's own Python port of FreeCell (a real program, not its output);
- ``wrong``: the goldens printed with one line of one case changed (the case named);
- ``hanging`` (sleeps for ever), ``flooding`` (prints for ever), ``crashing`` (raises);
- ``escaping``: writes a file outside its folder and reads a file in HOME, then deals as
  the correct one does: boxed it errs (the write is refused), unboxed it would pass;
- ``not-a-program`` (a file of no known language), ``two programs`` (a folder with two),
  ``empty folder`` (a folder with none): not graded.

``make_submissions(folder, repo, escape_to)`` writes them and returns {student: kind}.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from portcheck.golden.store import read_golden

WRONG_CASE = "game-617"
CORRECT, WRONG, HANGING, FLOODING, CRASHING, ESCAPING = (
    "correct", "wrong", "hanging", "flooding", "crashing", "escaping")
NOT_A_PROGRAM, TWO_PROGRAMS, EMPTY = "not-a-program", "two programs", "empty folder"
KINDS = {CORRECT: 10, WRONG: 5, HANGING: 3, FLOODING: 3, ESCAPING: 3, CRASHING: 2,
         NOT_A_PROGRAM: 2, TWO_PROGRAMS: 1, EMPTY: 1}  # 30 students
SECRET = "the-secret-in-home"


def golden_text(repo: Path, case: str | None = None) -> dict[str, str]:
    stored = read_golden(repo / "golden" / "freecell.yaml", "freecell")
    assert stored is not None
    return {cid: golden.output for cid, golden in stored.items()}


def wrong_program(repo: Path, line: int) -> str:
    """The goldens, in order, with line ``line`` of case WRONG_CASE changed."""
    parts = []
    for cid, text in golden_text(repo).items():
        if cid == WRONG_CASE:
            lines = text.splitlines(keepends=True)
            lines[line] = "X" + lines[line][1:]
            text = "".join(lines)
        parts.append(text)
    return f"import sys\nsys.stdout.write({''.join(parts)!r})\n"


def make_submissions(folder: Path, repo: Path, escape_to: Path) -> dict[str, str]:
    """Write the 30 submissions into ``folder``; {student name: kind}."""
    folder.mkdir(parents=True, exist_ok=True)
    correct = repo / "ports" / "freecell" / "python" / "freecell.py"
    deal = correct.read_text(encoding="utf-8")
    kinds: dict[str, str] = {}
    for kind, count in KINDS.items():
        for n in range(1, count + 1):
            name = f"{kind.replace(' ', '-')}-{n:02d}"
            kinds[name] = kind
            if kind == CORRECT:
                if n % 2:  # half as a file, half as a folder holding one program
                    shutil.copy(correct, folder / f"{name}.py")
                else:
                    (folder / name).mkdir()
                    shutil.copy(correct, folder / name / "deal.py")
                    (folder / name / "README.txt").write_text("my deal\n", encoding="utf-8")
            elif kind == WRONG:
                (folder / f"{name}.py").write_text(wrong_program(repo, n - 1), encoding="utf-8")
            elif kind == HANGING:
                (folder / f"{name}.py").write_text("import time\nprint('thinking')\n"
                                                   "while True:\n    time.sleep(3600)\n",
                                                   encoding="utf-8")
            elif kind == FLOODING:
                (folder / f"{name}.py").write_text("while True:\n    print('7♠' * 500)\n",
                                                   encoding="utf-8")
            elif kind == CRASHING:
                (folder / f"{name}.py").write_text("print('J♦ 2♦')\nprint(1 // 0)\n",
                                                   encoding="utf-8")
            elif kind == ESCAPING:
                target = escape_to / f"{name}.txt"
                (folder / f"{name}.py").write_text(
                    "import os\n"
                    f"open({str(target)!r}, 'w').write('escaped')\n"
                    "secret = open(os.path.expanduser('~/secret.txt')).read()\n"
                    + deal, encoding="utf-8")
            elif kind == NOT_A_PROGRAM:
                (folder / f"{name}.docx").write_bytes(b"PK\x03\x04 not a program")
            elif kind == TWO_PROGRAMS:
                (folder / name).mkdir()
                shutil.copy(correct, folder / name / "deal.py")
                shutil.copy(correct, folder / name / "deal_v2.py")
            elif kind == EMPTY:
                (folder / name).mkdir()
                (folder / name / "notes.txt").write_text("todo\n", encoding="utf-8")
    assert len(kinds) == 30
    return kinds
