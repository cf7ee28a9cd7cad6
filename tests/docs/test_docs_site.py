"""The documentation's machinery: the README's promise, the benchmarks page's blocks
(``benchmarks/_page.py``) and the MkDocs hooks (``docs/hooks/``).

The hooks' tests need MkDocs, which the ``docs`` env of tox installs and runs them with;
elsewhere they are skipped with that reason.  The strict build of the real site is
``tox -e docs`` itself.
"""

from __future__ import annotations

import importlib.util
import re
import stat
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]
TWO_COMMANDS = ("pip install -e . && portcheck verify", "pip install tox && tox")


def load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_keeps_the_two_commands_and_stays_short() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for command in TWO_COMMANDS:
        assert command in readme
    assert len(readme.splitlines()) <= 250
    assert not re.search(r"issue \d|load average|20\d\d-\d\d-\d\d", readme)


# --- the benchmarks page ------------------------------------------------------------------

@pytest.fixture
def page_module(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(REPO / "benchmarks"))
    return load(REPO / "benchmarks" / "_page.py")


def test_a_block_is_replaced_and_nothing_else(page_module: ModuleType, tmp_path: Path) -> None:
    page = tmp_path / "benchmarks.md"
    page.write_text("# B\n\nhand\n<!-- bench:a -->\nold a\n<!-- /bench:a -->\nmiddle\n"
                    "<!-- bench:b -->\nold b\n<!-- /bench:b -->\nend\n", encoding="utf-8")
    page.chmod(0o640)
    page_module.replace_block("a", "| x |\n|---|\n| 1 |", page)
    assert page.read_text(encoding="utf-8") == (
        "# B\n\nhand\n<!-- bench:a -->\n| x |\n|---|\n| 1 |\n<!-- /bench:a -->\nmiddle\n"
        "<!-- bench:b -->\nold b\n<!-- /bench:b -->\nend\n")
    assert stat.S_IMODE(page.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["benchmarks.md"]  # no temporary left


@pytest.mark.parametrize("text", [
    "no markers\n",
    "<!-- bench:a -->\n<!-- /bench:a -->\n<!-- bench:a -->\n<!-- /bench:a -->\n",
    "<!-- /bench:a -->\n<!-- bench:a -->\n",
], ids=["missing", "twice", "reversed"])
def test_a_page_without_one_block_is_refused(page_module: ModuleType, tmp_path: Path,
                                             text: str) -> None:
    page = tmp_path / "benchmarks.md"
    page.write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit, match="no single block <!-- bench:a -->"):
        page_module.replace_block("a", "new", page)
    assert page.read_text(encoding="utf-8") == text


def test_a_table_escapes_its_cells(page_module: ModuleType) -> None:
    assert page_module.table(("a", "b"), [(1, "x|y")]) == "| a | b |\n|---|---|\n| 1 | x\\|y |"


def test_every_script_that_writes_has_its_block_on_the_page() -> None:
    page = (REPO / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    names = {name for script in (REPO / "benchmarks").glob("*.py")
             for name in re.findall(r'\.publish\(\s*"([a-z-]+)"',
                                    script.read_text(encoding="utf-8"))}
    assert len(names) >= 14
    for name in sorted(names):
        assert page.count(f"<!-- bench:{name} -->\n") == 1, name
        assert page.count(f"<!-- /bench:{name} -->\n") == 1, name


# --- the MkDocs hooks ---------------------------------------------------------------------

@pytest.fixture
def hooks() -> dict[str, ModuleType]:
    pytest.importorskip("mkdocs", reason="MkDocs is not installed here: tox -e docs runs this")
    return {path.stem: load(path) for path in (REPO / "docs" / "hooks").glob("*.py")}


def test_repository_links_become_site_links(hooks: dict[str, ModuleType]) -> None:
    rewrite = hooks["repository_pages"].rewrite_links
    readme = ("See [the tutorial](docs/tutorial.md#4-verify), [1C](interpreters/docs/bsl.md),\n"
              "[log](CHANGELOG.md), [web](https://example.org/docs/x.md), [top](#top),\n"
              "[code](portcheck/cli.py).\n```\n[not a link](docs/tutorial.md)\n```\n")
    assert rewrite(readme, "README.md", "index.md") == (
        "See [the tutorial](tutorial.md#4-verify), [1C](interpreters/bsl.md),\n"
        "[log](changelog.md), [web](https://example.org/docs/x.md), [top](#top),\n"
        "[code](portcheck/cli.py).\n```\n[not a link](docs/tutorial.md)\n```\n")
    page = "[runners](../../docs/runners.md) [kumir](kumir.md#limits)\n[ref]: ../README.md\n"
    assert rewrite(page, "interpreters/docs/bsl.md", "interpreters/bsl.md") == (
        "[runners](../runners.md) [kumir](kumir.md#limits)\n[ref]: index.md\n")
    assert rewrite("[i](../interpreters/docs/bsl.md)", "docs/exec.md", "exec.md") == \
        "[i](interpreters/bsl.md)"


def test_a_site_with_mounted_pages_and_folder_entries_builds_strictly(
        hooks: dict[str, ModuleType], tmp_path: Path) -> None:
    """A small repository as this one will be laid out, the interpreters' pages in their
    package: built strictly with the two hooks, then broken twice."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort

    files = {
        "README.md": "# Home\n\n[Ports](docs/ports.md), [1C](interpreters/docs/bsl.md), "
                     "[log](CHANGELOG.md)\n",
        "CHANGELOG.md": "# Changelog\n",
        "docs/ports.md": "# Ports\n\n[home](../README.md), [x](algorithms/x.md)\n",
        "docs/algorithms/README.md": "# Algorithms\n\n[x](x.md)\n",
        "docs/algorithms/x.md": "# X\n",
        "interpreters/README.md": "# portinterp\n\n[1C](docs/bsl.md)\n",
        "interpreters/docs/bsl.md": "# 1C\n\n[ports](../../docs/ports.md#ports)\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    hook_paths = [str(REPO / "docs" / "hooks" / f"{n}.py")
                  for n in ("repository_pages", "folder_nav")]
    config_text = "\n".join([
        "site_name: t", "strict: true", f"hooks: {hook_paths}",
        "validation: {nav: {omitted_files: warn, not_found: warn},"
        " links: {not_found: warn, anchors: warn}}",
        "nav: [index.md, ports.md, {Algorithms: algorithms/}, {Interpreters: interpreters/},"
        " changelog.md]"])
    (tmp_path / "mkdocs.yml").write_text(config_text, encoding="utf-8")

    def site() -> None:
        config = load_config(str(tmp_path / "mkdocs.yml"), site_dir=str(tmp_path / "site"))
        build(config)

    site()
    home = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="ports/"' in home and 'href="interpreters/bsl/"' in home
    assert 'href="changelog/"' in home
    bsl = (tmp_path / "site" / "interpreters" / "bsl" / "index.html").read_text("utf-8")
    assert 'href="../../ports/#ports"' in bsl
    assert (tmp_path / "site" / "algorithms" / "x" / "index.html").is_file()

    (tmp_path / "docs" / "algorithms" / "y.md").write_text("# Y\n", encoding="utf-8")
    site()  # a generated page added: the folder entry takes it in
    assert (tmp_path / "site" / "algorithms" / "y" / "index.html").is_file()

    (tmp_path / "docs" / "stray.md").write_text("# Stray\n", encoding="utf-8")
    with pytest.raises(Abort):  # a page in no navigation entry
        site()
    (tmp_path / "docs" / "stray.md").unlink()
    (tmp_path / "interpreters" / "docs" / "bsl.md").write_text(
        "# 1C\n\n[runners](../../docs/runners.md)\n", encoding="utf-8")
    with pytest.raises(Abort):  # a link to a page the site does not hold
        site()


def test_the_command_reference_lists_every_subcommand(hooks: dict[str, ModuleType]) -> None:
    module = hooks["command_help"]
    top = module.help_text()
    names = module.subcommands(top)
    assert {"verify", "check", "init", "listing", "report", "mutate"} <= set(names)
    reference = module.reference()
    for name in names:
        assert f"## `portcheck {name}`" in reference
