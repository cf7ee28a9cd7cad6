"""OneScript's own test suite, each test alone, on the real ``oscript`` and on the embedded one.

Usage (OneScript's ``tests`` folder of tag v1.9.2 extracted somewhere, a built ``oscript``)::

    python benchmarks/onescript_suite.py --tests /tmp/onescript/tests \\
        --oscript /tmp/onescript/oscript --portcheck /work/wt/NAME [--files eval math ...] \\
        [--failures failures.txt] [--jobs 2] [--timeout 60] [--write]

``--files all`` (the default) is every file of the ``tests`` folder, at any depth, that lists
tests (``ПолучитьСписокТестов``), except those needing the network or the zip library
(``NEEDS_WHAT_IS_NOT_HERE``); ``--files part-a part-b`` the 29 files measured before.

For each test procedure of each file a standalone program is written next to the test file
(so ``ТекущийСценарий()`` and the test data resolve as in the suite): the module's text with
the runner's calls (``юТест.Проверить…``, ``Ожидаем.Что(…).Равно(…)``) turned into calls of
plain procedures put before its methods (``onescript_suite_asserts.bsl``), one call of the
test, then a marker.  A test passes when the marker is printed.  Results of the real ``oscript`` are
cached in a JSON file (keyed by the program's text); the embedded interpreter runs only the
tests that pass on OneScript.  Nothing is downloaded or built here.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from _page import Measurement, add_write_option  # noqa: E402

ASSERTS = (HERE / "onescript_suite_asserts.bsl").read_text(encoding="utf-8")
MARKER = "<<onescript-suite: test reached its end>>"

PART_A = (
    "structure value-list valuetable valuetree fixed-array fixed-map fixed-structure "
    "typedescription types global-new constructor delegate-action random values-test"
)
PART_B = (
    "stringoperations formatting global-funcs eval symbols bitwise math global-json "
    "json/test-json_reader json/test-json_writer regex timezones binarydata "
    "BinaryData-global StrGetLine"
)
FILES = (PART_A + " " + PART_B).split()

#: Test files left out of "all": the network (an HTTP server, sockets) or the zip library.
NEEDS_WHAT_IS_NOT_HERE = {
    "http": "network", "socket": "network",
    "zip": "zip library", "zipfilereader-from-stream": "zip library",
}


def discover(tests_dir: Path) -> list[str]:
    """Every test file under ``tests_dir`` (names without ``.os``, relative, sorted)."""
    found = []
    for path in sorted(tests_dir.rglob("*.os")):
        name = path.relative_to(tests_dir).with_suffix("").as_posix()
        if name in NEEDS_WHAT_IS_NOT_HERE or path.name.startswith("_suite"):
            continue
        if test_names(path.read_text(encoding="utf-8-sig")):
            found.append(name)
    return found


def expand_files(tests_dir: Path, names: list[str]) -> list[str]:
    """``all`` → every test file; ``part-a``/``part-b`` → the 29 measured before."""
    out: list[str] = []
    for name in names:
        more = {"all": None, "part-a": PART_A.split(), "part-b": PART_B.split()}.get(name, [name])
        for item in discover(tests_dir) if more is None else more:
            if item not in out:
                out.append(item)
    return out


@dataclass(frozen=True)
class Outcome:
    passed: bool
    error: str


@dataclass(frozen=True)
class Case:
    file: str
    test: str
    root: Path  # the tests folder
    path: Path
    key: str


# ---- the standalone programs -------------------------------------------------------------

def test_names(module: str) -> list[str]:
    """The names ``ПолучитьСписокТестов`` adds to its list (comments skipped)."""
    body = re.search(r"(?is)Функция\s+ПолучитьСписокТестов\b.*?КонецФункции", module)
    if body is None:
        return []
    lines = (line.split("//", 1)[0] for line in body.group(0).splitlines())
    return [m for line in lines for m in re.findall(r'\.Добавить\(\s*"(\w+)"\s*\)', line)]


def _skip_string(text: str, i: int) -> int:
    """Index just past the string literal opening at ``text[i] == '"'`` ("" is a quote)."""
    i += 1
    while i < len(text):
        if text[i] == '"':
            if text.startswith('""', i):
                i += 2
                continue
            return i + 1
        i += 1
    return i


def closing_paren(text: str, i: int) -> int:
    """Index of the parenthesis closing the one at ``text[i]``, strings and comments skipped."""
    depth = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            i = _skip_string(text, i)
            continue
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = len(text) if i < 0 else i
            continue
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0:
            return i
        i += 1
    raise ValueError("unbalanced parentheses")


def _rewrite_expectation(text: str, start: int) -> str:
    """``Ожидаем.Что(X).M(args)`` at ``start`` → ``Ожидаем_M(Ожидаем_Что(X), args)``."""
    open_what = text.index("(", start)
    close_what = closing_paren(text, open_what)
    method = re.match(r"\s*\.\s*(\w+)\s*\(", text[close_what + 1:])
    if method is None:
        return text[:start] + "Ожидаем_Что" + text[open_what:]
    open_args = close_what + 1 + method.end() - 1
    close_args = closing_paren(text, open_args)
    what = "Ожидаем_Что" + text[open_what:close_what + 1]
    args = text[open_args + 1:close_args]
    joined = what + (", " + args if args.strip() else "")
    return f"{text[:start]}Ожидаем_{method.group(1)}({joined}){text[close_args + 1:]}"


def rewrite(module: str) -> str:
    """The module with the runner's calls turned into calls of the plain procedures."""
    text = module.lstrip("\ufeff")
    text = re.sub(r"(?im)^\s*#Использовать.*$", "", text)
    text = re.sub(r"(?i)\bюТест\s*\.\s*(\w+)\s*\(", r"юТест_\1(", text)
    while (found := re.search(r"(?i)\bОжидаем\s*\.\s*Что\s*\(", text)) is not None:
        text = _rewrite_expectation(text, found.start())
    return text


def program(module: str, test: str) -> str:
    """A standalone program running one test of the module: the plain procedures go before
    its first method (a module may end with statements, as StrGetLine.os does)."""
    text = rewrite(module)
    first = re.search(r"(?im)^[ \t]*(Процедура|Функция|Procedure|Function)\s", text)
    cut = first.start() if first else len(text)
    calls = [f"{hook}();" for hook in ("ПередЗапускомТеста",) if _defines(text, hook)]
    calls.append(f"{test}();")
    calls += [f"{hook}();" for hook in ("ПослеЗапускаТеста",) if _defines(text, hook)]
    body = "\n".join(calls)
    return f'{text[:cut]}\n{ASSERTS}\n{text[cut:]}\n{body}\nСообщить("{MARKER}");\n'


def _defines(text: str, method: str) -> bool:
    """Whether the module has a procedure ``method`` (the runner's hooks around each test)."""
    return re.search(rf"(?im)^[ \t]*Процедура\s+{method}\s*\(", text) is not None


# ---- running ---------------------------------------------------------------------------

def _first_error(stdout: str, stderr: str) -> str:
    errors = [ln for ln in stderr.splitlines() if ln.strip() and ": warning: " not in ln]
    if errors:
        return errors[0].strip()
    lines = [ln for ln in stdout.splitlines() if ln.strip()]
    return lines[-1].strip() if lines else "(no output)"


def run_one(command: list[str], case: Case, timeout: float, env: dict[str, str]) -> Outcome:
    """Run one program from the tests folder (the suite's tests open data files by paths
    relative to it, ``json/json-mock.json``); it passes when its last line is the marker."""
    try:
        done = subprocess.run(
            [*command, str(case.path.relative_to(case.root))], cwd=case.root, env=env,
            capture_output=True,
            stdin=subprocess.DEVNULL, timeout=timeout, check=False,
        )
    except subprocess.TimeoutExpired:
        return Outcome(False, f"time limit of {timeout:g} s")
    out = done.stdout.decode("utf-8", "replace")
    err = done.stderr.decode("utf-8", "replace")
    lines = out.rstrip("\n").splitlines()
    if done.returncode == 0 and lines and lines[-1].strip() == MARKER:
        return Outcome(True, "")
    return Outcome(False, _first_error(out, err))


def embedded_command(worktree: Path) -> tuple[list[str], dict[str, str]]:
    # The worktree's portcheck and its portinterp (interpreters/) before any installed one.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(worktree),
                                                       str(worktree / "interpreters")]))
    # No box (``--sandbox off``): OneScript's tests write files beside themselves (the
    # relative ``test.txt`` of КопироватьФайл, a ФайловыйПоток opened for writing on the test
    # itself) and the real ``oscript`` runs them unboxed; the comparison is like for like.
    cmd = [sys.executable, "-m", "portcheck", "exec", "--engine", "embedded",
           "--dialect", "onescript", "--sandbox", "off"]
    return cmd, env


# ---- one file ------------------------------------------------------------------------



def write_cases(tests_dir: Path, name: str) -> list[Case]:
    """Write the standalone programs of one test file beside it."""
    source = tests_dir / f"{name}.os"
    module = source.read_text(encoding="utf-8-sig")
    cases = []
    for test in test_names(module):
        text = program(module, test)
        path = source.parent / f"_suite{os.getpid()}_{source.stem}__{test}.os"
        path.write_text(text, encoding="utf-8")
        key = f"{name}/{test}/{hashlib.sha256(text.encode()).hexdigest()[:16]}"
        cases.append(Case(name, test, tests_dir, path, key))
    return cases


def run_all(cases: list[Case], command: list[str], env: dict[str, str],
            timeout: float, jobs: int) -> dict[str, Outcome]:
    def one(case: Case) -> tuple[str, Outcome]:
        return case.key, run_one(command, case, timeout, env)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return dict(pool.map(one, cases))


def load_cache(path: Path) -> dict[str, Outcome]:
    if not path.exists():
        return {}
    raw = json.loads(path.read_text(encoding="utf-8"))
    return {key: Outcome(**value) for key, value in raw.items()}


def save_cache(path: Path, cache: dict[str, Outcome]) -> None:
    raw = {key: {"passed": o.passed, "error": o.error} for key, o in sorted(cache.items())}
    temporary = path.with_name(f"{path.name}.{os.getpid()}")
    temporary.write_text(json.dumps(raw, ensure_ascii=False, indent=1), encoding="utf-8")
    temporary.replace(path)


# ---- report --------------------------------------------------------------------------

def table(files: list[str], cases: list[Case], real: dict[str, Outcome],
          embedded: dict[str, Outcome]) -> str:
    rows = ["| file | tests | pass on OneScript | of those, pass embedded | ratio |",
            "|---|---:|---:|---:|---:|"]
    totals = [0, 0, 0]
    for name in files:
        mine = [c for c in cases if c.file == name]
        ok = [c for c in mine if real[c.key].passed]
        emb = [c for c in ok if embedded[c.key].passed]
        counts = [len(mine), len(ok), len(emb)]
        totals = [a + b for a, b in zip(totals, counts, strict=True)]
        rows.append(_row(f"{name}.os", counts))
    rows.append(_row("**all**", totals))
    return "\n".join(rows)


def _row(label: str, counts: list[int]) -> str:
    total, ok, emb = counts
    ratio = f"{100 * emb // ok} %" if ok else "-"
    return f"| {label} | {total} | {ok} | {emb} | {ratio} |"


def failures(cases: list[Case], real: dict[str, Outcome],
             embedded: dict[str, Outcome]) -> str:
    lines = [f"{c.file}.os {c.test}: {embedded[c.key].error}"
             for c in cases if real[c.key].passed and not embedded[c.key].passed]
    return "\n".join(lines) + "\n"


# ---- command line --------------------------------------------------------------------

def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tests", type=Path, default=Path("/tmp/onescript/tests"),
                        help="OneScript's tests folder (tag v1.9.2)")
    parser.add_argument("--oscript", default="/tmp/onescript/oscript",
                        help="command running the real OneScript")
    parser.add_argument("--portcheck", type=Path, default=HERE.parent,
                        help="worktree whose portcheck runs the embedded side")
    parser.add_argument("--files", nargs="+", default=["all"],
                        help="test files, no .os; all (the default), part-a, part-b")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/onescript/suite_cache.json"))
    parser.add_argument("--failures", type=Path, help="write the failing tests here")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=60.0)
    add_write_option(parser)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    measurement = Measurement()
    args.files = expand_files(args.tests, args.files)
    unknown = [f for f in args.files if not (args.tests / f"{f}.os").is_file()]
    if unknown:
        print(f"error: not in {args.tests}: {', '.join(unknown)}", file=sys.stderr)
        return 2
    cases = [c for name in args.files for c in write_cases(args.tests, name)]
    try:
        real = _real_outcomes(cases, args)
        passing = [c for c in cases if real[c.key].passed]
        embedded = run_all(passing, *embedded_command(args.portcheck.resolve()),
                           args.timeout, args.jobs)
    finally:
        for case in cases:
            case.path.unlink(missing_ok=True)
    embedded.update({c.key: Outcome(False, "") for c in cases if not real[c.key].passed})
    context = (f"{measurement.context()} OneScript 1.9.2 (`--oscript`), its `tests` "
               f"folder of tag v1.9.2; each test alone, {args.timeout:g} s at most.")
    measurement.publish("onescript-suite", table(args.files, cases, real, embedded),
                        args.write, context)
    if args.failures:
        args.failures.write_text(failures(cases, real, embedded), encoding="utf-8")
    return 0


def _real_outcomes(cases: list[Case], args: argparse.Namespace) -> dict[str, Outcome]:
    cache = load_cache(args.cache)
    todo = [c for c in cases if c.key not in cache]
    if todo:
        fresh = run_all(todo, shlex.split(args.oscript), dict(os.environ),
                        args.timeout, args.jobs)
        cache = {**load_cache(args.cache), **fresh}  # what parallel runs saved meanwhile
        save_cache(args.cache, cache)
    return {c.key: cache[c.key] for c in cases}


if __name__ == "__main__":
    sys.exit(main())
