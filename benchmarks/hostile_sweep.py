"""A hostile sweep of portcheck (issue 29): 1,240 tries, each a hostile input to a real
``portcheck`` process, in seven categories (command line, suite files, misbehaving ports,
interpreters, concurrency and atomicity, environment, security), each judged against its
good outcome:

- the exit code expected (2: a usage error, the suite's own mistake; 1: a check that
  failed; never 0 where nothing, or something else, was checked);
- no Python traceback, and an error said in one line (argparse's usage lines before it
  allowed);
- nothing written, replaced or deleted outside the try's own suite (a folder ``outside/``
  beside it, whose tree is compared before and after), and its secret never read into
  what portcheck prints or writes;
- no escape byte of a port on portcheck's stdout; no process of the try left alive;
- an end within the bound of the try (``--timeout`` 2 s where a port hangs).

Deterministic and rerunnable: every try builds its own copy of a ``portcheck init`` suite.
Prints the figures and each try not handled; ``--write`` puts them on docs/reliability.md
(its ``sweep`` block, ``benchmarks/_page.py``).  Asserts nothing; the tests of tests/hostile/ do.

    python benchmarks/hostile_sweep.py [--jobs 2] [--only CATEGORY] [-k TEXT] [--write]
    python benchmarks/hostile_sweep.py --write-from OUTPUT   # the printed output of a run
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from _page import replace_block
from _sweep_tries import CATEGORIES, Try, tries

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "reliability.md"
SECRET = "SWEEP-SECRET-7f3a"


def base_suite(folder: Path) -> Path:
    suite = folder / "base"
    subprocess.run([sys.executable, "-m", "portcheck", "init", str(suite)], check=True,
                   capture_output=True)
    return suite


def snapshot(folder: Path) -> dict[str, tuple[int, int, bytes | str]]:
    """Every entry under ``folder``: its mode, size and content (or link target)."""
    seen: dict[str, tuple[int, int, bytes | str]] = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        if path.is_symlink():
            content: bytes | str = os.readlink(path)
        elif path.is_file():
            content = path.read_bytes()
        else:
            content = b""
        seen[str(path.relative_to(folder))] = (info.st_mode, info.st_size, content)
    return seen


def alive(pid_file: Path, grace: float = 3.0) -> list[int]:
    """The processes a try recorded that still run ``grace`` s after portcheck ended.  A
    zombie does not run: it is dead and waits for its parent to collect it — after
    portcheck's own SIGKILL that parent is PID 1, which on some machines (a container whose
    PID 1 is no init) collects late; counting zombies made the killed port's processes look
    alive.  The grace is for portcheck's watchdog, which ends them after portcheck's death
    (portcheck/processes/reaper.py)."""
    if not pid_file.exists():
        return []
    pids = [int(word) for word in pid_file.read_text().split() if word.isdigit()]
    deadline = time.monotonic() + grace
    while True:
        left = [pid for pid in pids if _running(pid)]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.1)


def _running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] not in ("Z", "X")


def judge(one: Try, work: Path) -> str | None:
    """``None`` if the try ended well, else why not."""
    suite = work / "suite"
    outside = work / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(f"{SECRET}\n")
    (outside / "keep").mkdir()
    (outside / "keep" / "file.txt").write_text("kept\n")
    shutil.copytree(work.parent / "base", suite, symlinks=True)
    one.setup(suite, outside)
    before = snapshot(outside)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PORTCHECK_DEBUG")}
    env.update(PORTCHECK_CACHE=str(work / "cache"), HOME=str(work / "home"),
               SWEEP_PIDS=str(work / "pids"), NO_COLOR="1")
    (work / "home").mkdir()
    env.update(one.env(work))
    for name in [k for k, v in env.items() if v is None]:
        del env[name]
    started = time.monotonic()
    try:
        done = one.run(suite, env)
    except subprocess.TimeoutExpired as error:
        return f"no end within {error.timeout:g} s"
    took = time.monotonic() - started
    problems = []
    code, out, err = done.returncode, done.stdout, done.stderr
    if code not in one.codes:
        problems.append(f"exit {code}, expected {'/'.join(map(str, one.codes))}")
    text = out.decode("utf-8", "replace") + err.decode("utf-8", "replace")
    if "Traceback (most recent call last)" in text:
        problems.append("a traceback")
    if code == 2 and one.one_line:
        lines = [line for line in err.decode("utf-8", "replace").splitlines()
                 if line.strip() and not line.startswith(("usage:", " "))]
        if len(lines) != 1:
            problems.append(f"{len(lines)} lines of error, not one")
    if b"\x1b" in out and one.no_escape:
        problems.append("a raw ESC on stdout")
    if SECRET in text or any(SECRET.encode() in p.read_bytes() for p in suite.rglob("*")
                             if p.is_file() and not p.is_symlink()
                             and p.name != "secret.txt" and p.stat().st_size < 10**7):
        problems.append("the secret outside was read into the output")
    if snapshot(outside) != before:
        problems.append("something outside the suite changed")
    left = alive(work / "pids")
    if left:
        for pid in left:
            try:
                os.kill(pid, 9)
            except OSError:
                pass
        problems.append(f"{len(left)} process(es) left alive")
    if took > one.bound:
        problems.append(f"took {took:.0f} s (bound {one.bound} s)")
    problems += one.check(suite, outside, done)
    return "; ".join(problems) or None


def attempt(one: Try, scratch: Path, number: int) -> tuple[Try, str | None]:
    work = scratch / f"t{number}"
    work.mkdir()
    try:
        return one, judge(one, work)
    except Exception as error:  # the sweep's own failure is that try's, named
        return one, f"the sweep failed on it: {type(error).__name__}: {error}"
    finally:
        for path in work.rglob("*"):  # a try may leave a folder unreadable
            try:
                if path.is_dir() and not path.is_symlink():
                    path.chmod(0o700)
            except OSError:
                pass
        shutil.rmtree(work, ignore_errors=True)


def page_block(results: list[tuple[Try, str | None]]) -> str:
    tried, bad = Counter(), Counter()
    for one, why in results:
        tried[one.category] += 1
        bad[one.category] += why is not None
    rows = ["| category | tried | handled | not handled |", "|---|---|---|---|"]
    for category in CATEGORIES:
        rows.append(f"| {category} | {tried[category]} | {tried[category] - bad[category]} "
                    f"| {bad[category]} |")
    total, failed = sum(tried.values()), sum(bad.values())
    rows.append(f"| **all** | **{total}** | **{total - failed}** | **{failed}** |")
    lines = ["", *rows, ""]
    misses = [(one, why) for one, why in results if why]
    if misses:
        lines.append("Not handled (the try, then what went wrong):")
        lines.append("")
        lines += [f"- {one.category}: {one.name} — {why}" for one, why in misses]
    else:
        lines.append("Every try ended as it should.")
    return "\n".join(lines)


def main() -> int:
    # Started in the background (`&` without job control), the sweep and every portcheck it
    # starts would ignore SIGINT (inherited, and Python keeps an ignored SIGINT ignored):
    # the tries that press Ctrl-C would test nothing.  A handler is reset to the default
    # in each child.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", choices=CATEGORIES)
    parser.add_argument("-k", help="only tries whose name holds this text")
    parser.add_argument("--write", action="store_true", help="write docs/reliability.md")
    parser.add_argument("--write-from", type=Path, metavar="OUTPUT",
                        help="write the page from the saved output of a run, run nothing")
    args = parser.parse_args()
    if args.write_from is not None:
        printed = args.write_from.read_text(encoding="utf-8").split("\nwrote ")[0]
        kept = [line for line in printed.splitlines() if not line.startswith("<!-- sweep:")]
        replace_block("sweep", "\n".join(kept).strip("\n") + "\n", PAGE)
        return 0
    chosen = [t for t in tries() if (args.only is None or t.category == args.only)
              and (args.k is None or args.k in t.name)]
    with tempfile.TemporaryDirectory(prefix="portcheck-sweep-") as folder:
        scratch = Path(folder)
        base_suite(scratch)
        with ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(lambda nt: attempt(nt[1], scratch, nt[0]),
                                    enumerate(chosen)))
    block = page_block(results)
    print(block)
    if args.write:
        replace_block("sweep", block, PAGE)
        print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
