"""A template port needs no ``port.yaml`` (``portcheck.suite.layout``): its place says its
algorithm, language, template and program, and it prints every case of the algorithm
within its limits; a ``port.yaml`` only adds what differs (``cases:`` narrows).  And the
suite's orphans (``portcheck.suite.orphans``) are reported by ``verify`` and ``golden
check``, each with the command that fixes it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from portcheck.suite.ports import find_ports, load_port
from portcheck.suite.project import Project
from tests.helpers.cli import one_error_line, portcheck, write

GAMES = 9  # the cases of freecell


def python_port(root: Path) -> Path:
    return root / "ports" / "freecell" / "python"


def test_a_template_port_without_port_yaml_is_what_its_place_says(project_copy: Path) -> None:
    assert not (python_port(project_copy) / "port.yaml").exists()  # none in the repository
    port = next(p for p in find_ports(Project(project_copy))
                if p.id == "ports/freecell/python")
    assert (port.algorithm, port.language, port.origin) == ("freecell", "python", "template")
    assert port.template == project_copy / "templates" / "python" / "freecell.py.j2"
    assert port.program == python_port(project_copy) / "freecell.py"
    assert len(port.cases) == GAMES and port.compare == "exact"


def test_it_verifies_and_is_collected_by_pytest(project_copy: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert not (python_port(project_copy) / "port.yaml").exists()  # none in the repository
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python")
    assert code == 0, out
    assert "1 port: 3 checks passed" in out
    collected = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                                "-p", "no:cacheprovider", "ports/freecell/python"],
                               cwd=project_copy, capture_output=True, text=True, check=False)
    assert "ports/freecell/python::transcript" in collected.stdout, collected.stdout
    assert "ports/freecell/python::fresh" in collected.stdout


def test_a_port_yaml_says_only_what_differs(project_copy: Path) -> None:
    """cases: narrows, in its order; everything else as the layout says."""
    path = write(python_port(project_copy) / "port.yaml", "cases: [game-617, game-1]\n")
    port = load_port(path, Project(project_copy))
    assert port.cases == ["game-617", "game-1"]
    assert port.template is not None and port.template.name == "freecell.py.j2"
    assert port.program.name == "freecell.py"
    assert load_port(write(path, ""), Project(project_copy)).cases.__len__() == GAMES


def test_a_folder_that_is_no_language_must_say_its_language(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = project_copy / "ports" / "freecell" / "python-two"
    write(folder / "port.yaml", "cases: [game-1]\n")
    code, _, err = portcheck(capsys, "verify", "freecell")
    assert code == 2
    assert one_error_line(err) == (
        f"portcheck: error: {folder / 'port.yaml'}: missing key 'language' (the folder's "
        "name, 'python-two', is not a language: arsac, bsl, c, cpp, csharp, go, java, "
        "javascript, kumir, lua, pascal, python, ruby, rust)")


def test_an_article_port_still_names_its_program(project_copy: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    folder = project_copy / "ports" / "freecell" / "python-article"
    write(folder / "port.yaml", "language: python\norigin: article\n")
    code, _, err = portcheck(capsys, "verify", "freecell")
    assert code == 2
    assert "missing key 'program' (an article port names its program file)" in err


# --- orphans -----------------------------------------------------------------------------


def test_a_golden_whose_reference_is_gone_fails_until_pruned(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy2(project_copy / "golden" / "freecell.yaml", project_copy / "golden" / "gone.yaml")
    for words in (["golden", "check"], ["verify", "--lang", "python"]):
        code, out, _ = portcheck(capsys, *words)
        assert code == 1, words
        assert "FAIL golden/gone.yaml: no algorithm gone in reference/ (its reference was " \
               "deleted or renamed)" in out
        assert "portcheck golden update --prune" in out.strip().splitlines()[-1]
    code, out, _ = portcheck(capsys, "golden", "update", "--prune")
    assert code == 0 and "golden/gone.yaml: removed (no algorithm gone in reference/)" in out
    assert not (project_copy / "golden" / "gone.yaml").exists()
    assert portcheck(capsys, "golden", "check")[0] == 0


def test_a_partial_check_says_nothing_of_other_orphans(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(project_copy / "reference" / "other.py",
          'from portcheck.suite.params import IntParam\nNAME = "other"\nTITLE = "Other"\n'
          'PARAMS = {"n": IntParam(1, 2)}\nCASES = {"n-1": {"n": 1}}\n\n\n'
          'def output(n):\n    return f"{n}\\n"\n')
    assert portcheck(capsys, "golden", "update", "other")[0] == 0
    shutil.copy2(project_copy / "golden" / "freecell.yaml", project_copy / "golden" / "gone.yaml")
    code, out, _ = portcheck(capsys, "golden", "check", "freecell")
    assert code == 0 and "gone" not in out  # freecell's check: not the whole suite's
    assert portcheck(capsys, "golden", "check")[0] == 1


def test_a_template_no_port_renders_is_reported_and_render_write_makes_its_port(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.rmtree(python_port(project_copy))
    fix = "portcheck render write freecell --lang python"
    for words in (["golden", "check"], ["verify", "freecell", "--lang", "java"]):
        code, out, _ = portcheck(capsys, *words)
        assert code == 1, words
        assert (f"FAIL templates/python/freecell.py.j2: no port renders it (make one: {fix})"
                in out)
    code, out, _ = portcheck(capsys, *fix.split()[1:])
    assert code == 0, out
    assert "wrote ports/freecell/python/freecell.py" in out
    assert (python_port(project_copy) / "transcript.txt").is_file()
    assert not (python_port(project_copy) / "port.yaml").exists()
    assert portcheck(capsys, "golden", "check")[0] == 0


def test_a_port_folder_that_is_no_port_is_reported(project_copy: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    write(project_copy / "ports" / "freecell" / "cobol" / "deal.cob", "DISPLAY 'x'.\n")
    code, out, _ = portcheck(capsys, "golden", "check")
    assert code == 1
    assert ("FAIL ports/freecell/cobol: not a port: no port.yaml, and no template "
            "templates/cobol/freecell.<ext>.j2 makes it one") in out
    assert "add ports/freecell/cobol/port.yaml, or remove the folder" in out


def test_pieces_and_range_templates_are_no_orphans(project_copy: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert list((project_copy / "templates").glob("*/_freecell_*.j2"))
    assert list((project_copy / "templates").glob("*/freecell-range.*.j2"))
    code, out, _ = portcheck(capsys, "golden", "check")
    assert code == 0, out
