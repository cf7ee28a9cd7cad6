"""What an installed portcheck holds: every file of its packages that is not Python (the
languages' declarations, the starters, the report's templates, the mutation rules, the
grammars) is named by ``[tool.setuptools.package-data]`` of ``pyproject.toml``, so a wheel —
what ``pip install portcheck`` and the tox.ini of ``portcheck init`` install — has it.

An editable install reads the files from the checkout and never misses one: a suite's tox
run found ``portcheck/suite/languages.yaml`` missing ("no such file" on every test), which
every test here, run from the checkout, had missed."""

from __future__ import annotations

import glob
import tomllib
from pathlib import Path

from tests.helpers.reference import REPO

# The folders the packages are found in (pyproject's packages.find `where`)
ROOTS = (REPO, REPO / "interpreters")
NOT_DATA = {".py", ".pyc"}


def package_folder(package: str) -> Path:
    parts = package.split(".")
    return next(root.joinpath(*parts) for root in ROOTS if root.joinpath(*parts).is_dir())


def shipped() -> set[Path]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    files: set[Path] = set()
    for package, patterns in config["tool"]["setuptools"]["package-data"].items():
        folder = package_folder(package)
        for pattern in patterns:
            files |= {folder / name for name in glob.glob(pattern, root_dir=folder,
                                                          recursive=True)}
    return files


def data_files() -> set[Path]:
    found: set[Path] = set()
    for top in (REPO / "portcheck", REPO / "interpreters" / "portinterp"):
        found |= {path for path in top.rglob("*") if path.is_file()
                  and path.suffix not in NOT_DATA and "__pycache__" not in path.parts}
    return found


def test_every_data_file_of_the_packages_is_in_the_wheel() -> None:
    missing = sorted(str(path.relative_to(REPO)) for path in data_files() - shipped())
    assert missing == []


def test_the_check_sees_the_languages_declarations() -> None:
    """The check above would pass if it found no data files at all."""
    assert REPO / "portcheck" / "suite" / "languages.yaml" in data_files()
