"""The pytest plugin: every port and every golden of a portcheck project as test items.

- ``ports/<algo>/<name>/`` (a folder with a ``port.yaml``, or a template port its place
  declares) gives ``ports/<algo>/<name>::transcript``, ``::run`` and ``::fresh`` (and
  ``::deep`` with ``--portcheck-deep N``), collected from one file of the folder (its
  ``port.yaml``, else its ``transcript.txt``, else its first file);
- ``golden/<algo>.yaml`` gives ``golden/<algo>.yaml::golden`` (the goldens match the
  reference).

Tests read goldens through the ``portcheck_golden`` fixture
(``portcheck_golden("freecell", "game-617")``); a complete session reports the golden cases
no port prints and no test reads as stale (``portcheck.golden.usage``).

``--portcheck-require-runtimes`` (or ``PORTCHECK_REQUIRE_RUNTIMES=1``) turns a missing
toolchain into a failure instead of a skip, for these items and for tests marked
``@pytest.mark.requires_runtime("java")``.  Which checks a port gets and the runs of its
program are its run plan (``portcheck.verify.plan``), worked out once per port file, and
each check is made by ``portcheck.verify.checks``: the same as ``portcheck verify``.  The
runs are made the ordinary way, one after another (no Java batch, no zygote).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from portcheck.cli.options import MAX_DEEP, count, seconds, size
from portcheck.errors import UsageError
from portcheck.golden.check import check_goldens
from portcheck.golden.usage import USAGE_KEY, WIRE_KEY, GoldenUsage, is_partial
from portcheck.runners.base import DEFAULT_MAX_OUTPUT
from portcheck.suite import reference_host
from portcheck.suite.orphans import find_orphans
from portcheck.suite.ports import (
    PORT_FILE,
    TRANSCRIPT,
    Port,
    find_ports,
    implied_port,
    load_port,
)
from portcheck.suite.project import Project, find_project
from portcheck.terminal.signals import stop_on_signals
from portcheck.terminal.sizes import size_text
from portcheck.verify.checks import CheckContext, run_check
from portcheck.verify.execution import RunSettings
from portcheck.verify.plan import PortPlan, plan_port
from portcheck.verify.results import FAIL, NA, SKIP, CheckResult

REQUIRE_ENV = "PORTCHECK_REQUIRE_RUNTIMES"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("portcheck")
    group.addoption("--portcheck-require-runtimes", action="store_true",
                    dest="portcheck_require_runtimes",
                    default=os.environ.get(REQUIRE_ENV, "") not in ("", "0"),
                    help="portcheck: a missing toolchain fails instead of skipping "
                         "(default: on when PORTCHECK_REQUIRE_RUNTIMES=1)")
    group.addoption("--portcheck-deep", type=count(0, MAX_DEEP), default=0, metavar="N",
                    help="portcheck: also run template ports on N other inputs")
    group.addoption("--portcheck-timeout", type=seconds, default=20.0, metavar="SECONDS",
                    help="portcheck: time limit of one program run")
    group.addoption("--portcheck-max-output", type=size, default=DEFAULT_MAX_OUTPUT,
                    metavar="SIZE", help="portcheck: output limit of one program run "
                    f"(default {size_text(DEFAULT_MAX_OUTPUT)})")


def pytest_configure(config: pytest.Config) -> None:
    reference_host.configure(config.getoption("portcheck_timeout"),
                             config.getoption("portcheck_max_output"))
    config.stash[USAGE_KEY] = GoldenUsage(partial=is_partial(config))
    config.addinivalue_line("markers", "requires_runtime(language): the test needs that "
                            "language's toolchain (skipped without it, unless "
                            "--portcheck-require-runtimes)")


def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker in item.iter_markers("requires_runtime"):
        from portcheck.runners import get_runner

        toolchain = get_runner(marker.args[0]).toolchain()
        if not toolchain.ok:
            message = f"no runtime for {marker.args[0]}: {toolchain.detail}"
            if toolchain.broken or item.config.getoption("portcheck_require_runtimes"):
                pytest.fail(message, pytrace=False)
            pytest.skip(message)


@pytest.fixture
def portcheck_golden(request: pytest.FixtureRequest) -> Callable[[str, str], str]:
    """``portcheck_golden(algorithm, case_id)``: the golden output (the test then counts as
    a user of that golden case)."""
    usage = request.config.stash[USAGE_KEY]
    golden_dir = find_project(request.config.rootpath).golden_dir
    return lambda algorithm, case_id: usage.read(golden_dir, algorithm, case_id)


def pytest_deselected(items: list[pytest.Item]) -> None:
    if items:
        items[0].config.stash[USAGE_KEY].partial = True


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    usage = config.stash.get(USAGE_KEY, None)
    stale = usage.stale() if usage else []
    if stale:
        terminalreporter.section("portcheck: stale goldens (no port prints, no test reads)")
        for line in stale:
            terminalreporter.write_line(line)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A session stopped early (``-x``, ``--maxfail``, Ctrl-C) did not run every test that
    reads a golden: it is partial.  A pytest-xdist worker sends the goldens it used to the
    controller."""
    usage = session.config.stash[USAGE_KEY]
    if session.shouldstop or session.shouldfail or exitstatus == pytest.ExitCode.INTERRUPTED:
        usage.partial = True
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput[WIRE_KEY] = usage.to_wire()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """pytest-xdist controller: merge what a finished worker used."""
    node.config.stash[USAGE_KEY].add_worker(getattr(node, "workeroutput", {}).get(WIRE_KEY))


def pytest_collection_finish(session: pytest.Session) -> None:
    """A session covers the goldens only when it ran the whole configured test paths."""
    config = session.config
    usage = config.stash[USAGE_KEY]
    for item in session.items:
        if isinstance(item, PortItem):
            try:
                port = item.parent.port()
            except UsageError:
                usage.partial = True  # the item itself reports the broken port.yaml
                continue
            usage.used.update((port.algorithm, case.id) for case in port.applicable)
    usage.complete = config.args_source in (
        pytest.Config.ArgsSource.TESTPATHS, pytest.Config.ArgsSource.INVOCATION_DIR)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.parent.parent.parent.name == "ports" and file_path == _anchor(file_path.parent):
        root = file_path.parent.parent.parent.parent
        nodeid = file_path.parent.relative_to(parent.config.rootpath).as_posix()
        return PortFile.from_parent(parent, path=file_path, nodeid=nodeid, root=root)
    if file_path.parent.name == "golden" and file_path.suffix == ".yaml":
        algorithms = _algorithms_beside(file_path.parent)
        if not algorithms:  # no reference, or a broken one: the port items report it
            return None
        nodeid = file_path.relative_to(parent.config.rootpath).as_posix()
        if file_path.stem in algorithms:
            parent.config.stash[USAGE_KEY].golden_files[file_path.stem] = file_path
        return GoldenFile.from_parent(parent, path=file_path, nodeid=nodeid)
    return None


def _anchor(folder: Path) -> Path | None:
    """The one file of a port folder its items are collected from: ``port.yaml``, else
    ``transcript.txt``, else the first file (a folder that is not a port then reports
    why, as a broken port.yaml does)."""
    for name in (PORT_FILE, TRANSCRIPT):
        if (folder / name).is_file():
            return folder / name
    files = sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))
    return files[0] if files else None


def _algorithms_beside(golden_dir: Path) -> dict[str, object]:
    """The algorithms of the project whose golden folder this is (none if it is broken:
    then its port items report the error)."""
    try:
        return dict(Project(golden_dir.parent).algorithms)
    except UsageError:
        return {}


class CheckFailure(Exception):
    """A failed portcheck check: reported as its message and diff, no Python traceback."""


class _CheckItem(pytest.Item):
    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, CheckFailure | UsageError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)


def _context(config: pytest.Config, project: Project) -> CheckContext:
    settings = RunSettings(timeout=config.getoption("portcheck_timeout"),
                           require_runtimes=config.getoption("portcheck_require_runtimes"),
                           max_output=config.getoption("portcheck_max_output"))
    return CheckContext(project, settings, deep=config.getoption("portcheck_deep"))


def _outcome(result: CheckResult) -> None:
    if result.status == FAIL:
        raise CheckFailure("\n".join(filter(None, [result.message, result.detail.rstrip()])))
    if result.status == SKIP:
        pytest.skip(result.message)
    if result.status == NA:
        pytest.skip(f"not applicable: {result.message}")


class PortFile(pytest.File):
    def __init__(self, *, root: Path, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.project = Project(root)
        self._port: Port | UsageError | None = None
        self._plan: PortPlan | None = None

    def port(self) -> Port:
        """The port, read once for all its items (a broken one raises each time)."""
        if self._port is None:
            try:
                self._port = self._read()
            except UsageError as error:
                self._port = error
        if isinstance(self._port, UsageError):
            raise self._port
        return self._port

    def _read(self) -> Port:
        if self.path.name == PORT_FILE:
            return load_port(self.path, self.project)
        folder = self.path.parent
        port = implied_port(folder, self.project)
        if port is None:
            raise UsageError(f"{self.project.relative(folder)}: not a port: no {PORT_FILE}, "
                             f"and no template templates/{folder.name}/"
                             f"{folder.parent.name}.<ext>.j2 makes it one")
        return port

    def plan(self) -> PortPlan:
        """The port's run plan, worked out once for all its items."""
        if self._plan is None:
            self._plan = plan_port(self.port(), self.config.getoption("portcheck_deep"))
        return self._plan

    def collect(self) -> list[pytest.Item]:
        """The items of the checks the port's plan gives it; a broken port.yaml gives one
        item that reports it."""
        try:
            kinds: tuple[str, ...] = self.plan().kinds
        except UsageError:
            kinds = ("port.yaml",)
        return [PortItem.from_parent(self, name=kind) for kind in kinds]


class PortItem(_CheckItem):
    def runtest(self) -> None:
        parent = self.parent
        assert isinstance(parent, PortFile)
        plan = parent.plan()
        with stop_on_signals():  # SIGTERM ends the port's run too, not pytest alone
            result = run_check(self.name, _context(self.config, parent.project), plan)
        _outcome(result)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"{self.parent.nodeid}::{self.name}"


class GoldenFile(pytest.File):
    def collect(self) -> list[pytest.Item]:
        return [GoldenItem.from_parent(self, name="golden")]


class GoldenItem(_CheckItem):
    def runtest(self) -> None:
        project = Project(self.path.parent.parent)
        if self.path.stem not in project.algorithms:  # an orphan: its reference is gone
            orphan = next(o for o in find_orphans(project, []) if o.algorithm == self.path.stem)
            raise CheckFailure(f"{orphan.line()}\nfix with: {orphan.fix}")
        algorithm = project.algorithm(self.path.stem)
        ports = find_ports(project)
        result = check_goldens(project, [algorithm], [], ports)
        if result.failures:
            lines = result.failures + [d.rstrip() for d in result.diffs]
            lines.append("fix with: " + "; ".join(sorted(result.fix)))
            raise CheckFailure("\n".join(lines))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, self.name
