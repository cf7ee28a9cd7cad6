"""portcheck is a tool and the suite is loaded from the project root, never installed:
``portcheck init`` makes a working suite anywhere, another checkout is checked against its
own reference, the suite's mistakes are one line naming their file, and each file of the
suite is read once per run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from portcheck.cli.main import main
from portcheck.files import yamlio

REPO = Path(__file__).resolve().parents[1]


def portcheck(cwd: Path, *words: str) -> subprocess.CompletedProcess[str]:
    """``python -m portcheck WORDS`` as a real process in ``cwd`` (no PORTCHECK_ROOT)."""
    env = {k: v for k, v in os.environ.items() if k != "PORTCHECK_ROOT"}
    return subprocess.run([sys.executable, "-m", "portcheck", *words], cwd=cwd, env=env,
                          capture_output=True, text=True, encoding="utf-8", check=False)


def test_nothing_named_reference_is_installed() -> None:
    done = subprocess.run([sys.executable, "-c", "import reference"], cwd="/",
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "No module named 'reference'" in done.stderr


def test_init_makes_a_suite_that_verifies_at_once(tmp_path: Path, build_cache: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PORTCHECK_CACHE", str(build_cache))
    suite = tmp_path / "my-article"
    made = portcheck(tmp_path, "init", "my-article")
    assert made.returncode == 0, made.stderr
    for name in ("reference/collatz.py", "golden/collatz.yaml", "tox.ini", "README.md",
                 "templates/python/collatz.py.j2", "ports/collatz/python/port.yaml",
                 "ports/collatz/python/collatz.py", "ports/collatz/python/transcript.txt"):
        assert (suite / name).is_file(), name
    assert "27: 111 steps, peak 9232" in (suite / "golden" / "collatz.yaml").read_text()
    verified = portcheck(suite, "verify", "--deep", "3")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "1 ports: 4 checks passed, 0 failed, 0 skipped" in verified.stdout
    assert portcheck(suite, "golden", "check").returncode == 0
    tested = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                            cwd=suite, capture_output=True, text=True, check=False)
    assert tested.returncode == 0, tested.stdout
    assert "4 passed" in tested.stdout  # the golden and the port's transcript, run, fresh


def test_init_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine", encoding="utf-8")
    made = portcheck(tmp_path, "init", "taken")
    assert made.returncode == 2
    assert made.stderr.strip() == "portcheck: error: taken: exists and is not an empty folder"


def test_another_checkout_is_checked_against_its_own_reference(project_copy: Path) -> None:
    """The copy's reference deals 7 cards a line: its goldens no longer match it, whatever
    portcheck is installed from."""
    reference = project_copy / "reference" / "freecell.py"
    reference.write_text(reference.read_text(encoding="utf-8").replace(
        "CARDS_PER_LINE = 8", "CARDS_PER_LINE = 7"), encoding="utf-8")
    checked = portcheck(project_copy, "golden", "check")
    assert checked.returncode == 1
    assert "case game-1 differs from the reference" in checked.stdout
    assert portcheck(REPO, "golden", "check").returncode == 0


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
    done = portcheck(project_copy, "reference", "freecell", "game=617")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert message in done.stderr


def test_verify_reads_each_file_of_the_suite_once(project_copy: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[Path] = []
    real_parse = yamlio._parse

    def counting(path: Path, text: str) -> yamlio.YamlDocument:
        parsed.append(path)
        return real_parse(path, text)

    monkeypatch.setattr(yamlio, "_parse", counting)
    monkeypatch.setattr(yamlio, "_READ", {})
    assert main(["verify", "freecell"]) == 0
    assert sorted(p.name for p in parsed).count("freecell.yaml") == 1
    assert len(parsed) == len(set(parsed)) == 1 + 6  # the golden, and six port.yaml


def test_threads_that_read_one_file_at_once_parse_it_once(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """verify's golden check and its ports' checks read the same golden at the same time:
    the second waits for the first's parse instead of parsing it again."""
    import threading
    import time

    path = tmp_path / "one.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    parsed: list[Path] = []
    real_parse = yamlio._parse

    def slow(path: Path, text: str) -> yamlio.YamlDocument:
        parsed.append(path)
        time.sleep(0.2)  # long enough for the other thread to ask meanwhile
        return real_parse(path, text)

    monkeypatch.setattr(yamlio, "_parse", slow)
    monkeypatch.setattr(yamlio, "_READ", {})
    documents: list[yamlio.YamlDocument] = []
    threads = [threading.Thread(target=lambda: documents.append(yamlio.read_yaml(path)))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert parsed == [path]
    assert len(documents) == 4 and all(d.data == {"a": 1} for d in documents)
