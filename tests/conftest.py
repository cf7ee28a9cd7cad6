"""The fixtures every test may use: a throw-away copy of the project's FreeCell slice, one
build cache per test session, and the 1C article (helpers are modules of ``tests.helpers``).

``project_copy`` copies ``reference/freecell.py``, ``golden/freecell.yaml``, and in the
first languages (``SLICE_LANGUAGES``: every kind of runner; the ports of the declared
languages are the suite's own test items, and a test that wants one copies it with its
templates, ``copy_port``) the ``templates/<lang>/freecell.*.j2`` (with the
``_freecell_deal`` they include and the range mode's ``freecell-range.*.j2``) and the ports
of ``ports/freecell/`` into ``tmp_path``, points
``PORTCHECK_ROOT`` at the copy and makes it the working folder, so a test can break one
thing in it without touching the real project.  Builds go to one cache per test session
(``PORTCHECK_CACHE``): javac runs once, not once per test, and the user's own cache is
never written.
"""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from portcheck.processes import limits, sandbox
from tests.helpers.article import ARTICLE
from tests.helpers.ports import copy_port, copy_templates
from tests.helpers.reference import REPO

ALGORITHM = "freecell"
# The languages of the ports a copy has: one of each kind of runner (the Java batch, Free
# Pascal, Python, the embedded interpreters), so every verify of a copy stays quick.
SLICE_LANGUAGES = ("bsl", "java", "kumir", "pascal", "python")


def copy_freecell_slice(source: Path, target: Path) -> None:
    """The files of one algorithm a project needs: its reference, golden, templates and
    ports."""
    (target / "reference").mkdir(parents=True)
    shutil.copy2(source / "reference" / f"{ALGORITHM}.py", target / "reference")
    (target / "golden").mkdir(parents=True)
    shutil.copy2(source / "golden" / f"{ALGORITHM}.yaml", target / "golden")
    for language in SLICE_LANGUAGES:
        copy_templates(source, target, language, ALGORITHM)
    for port in sorted((source / "ports" / ALGORITHM).iterdir()):
        if port.name.split("-")[0] in SLICE_LANGUAGES:
            copy_port(port, target / "ports" / ALGORITHM / port.name)


@pytest.fixture(scope="session")
def copy_slice() -> Callable[[Path], None]:
    """``copy_slice(target)``: the real project's FreeCell slice copied into ``target``."""
    return lambda target: copy_freecell_slice(REPO, target)


@pytest.fixture(scope="session")
def build_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("build-cache")


@pytest.fixture
def project_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                 build_cache: Path) -> Iterator[Path]:
    """A copy of the real project (FreeCell slice); the working folder during the test."""
    root = tmp_path / "project"
    copy_freecell_slice(REPO, root)
    monkeypatch.setenv("PORTCHECK_ROOT", str(root))
    monkeypatch.setenv("PORTCHECK_CACHE", str(build_cache))
    monkeypatch.chdir(root)
    yield root


@pytest.fixture(scope="session")
def article_text() -> str:
    """The 1C article (seeds/000), or a skip when ../shared is not beside the repo."""
    if not ARTICLE.is_file():
        pytest.skip(f"the 1C article is not at {ARTICLE} (../shared must be beside the repo)")
    return ARTICLE.read_text(encoding="utf-8")



@pytest.fixture(autouse=True)
def _fresh_run_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The box's mode and the limits are a command's, set once per process
    (``portcheck.processes.sandbox``, ``.limits``): what one test's command set does not
    carry over to the next."""
    monkeypatch.setattr(sandbox, "_policy", dataclasses.replace(sandbox._policy))
    monkeypatch.setattr(limits, "_setting", [limits.Setting()])
