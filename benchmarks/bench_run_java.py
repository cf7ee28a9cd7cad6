"""Time the Java FreeCell port: javac compile against java run, cold and warm from the cache.

Renders ``templates/java/freecell.java.j2`` with every FreeCell case, then measures, in a
fresh cache directory:
- cold build: ``javac`` really compiles (a cache miss);
- warm build: the same source again, a cache hit (no compiler);
- run: ``java`` on the built class, repeated, with the runner's JVM options and with a
  few other option sets for comparison.

Usage: ``python benchmarks/bench_run_java.py [--repeat N] [--write]``.  Prints a table
(``--write``: also on docs/benchmarks.md, block ``run-java``); asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from _page import Measurement, add_write_option, table  # noqa: E402

from portcheck.runners import get_runner  # noqa: E402
from portcheck.runners.base import child_env, require_tool, run_command  # noqa: E402
from portcheck.runners.cache import BuildCache  # noqa: E402
from portcheck.runners.jdk import JAVA_OPTIONS, PACKAGE  # noqa: E402
from portcheck.suite.project import Project  # noqa: E402
from portcheck.suite.render import render_template  # noqa: E402

FREECELL = Project(REPO).algorithm("freecell")

TEMPLATES = REPO / "templates"
ENCODING = ("-Dfile.encoding=UTF-8", "-Dstdout.encoding=UTF-8")
JVM_OPTION_SETS: dict[str, tuple[str, ...]] = {
    "runner's options": JAVA_OPTIONS,
    "encoding only (JVM defaults)": ENCODING,
    "+ SerialGC": (*JAVA_OPTIONS, "-XX:+UseSerialGC"),
    "-Xshare:off (no CDS)": (*ENCODING, "-Xshare:off"),
    "-Xint (interpreter only)": (*ENCODING, "-Xint"),
}


def seconds(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def summary(samples: Sequence[float]) -> tuple[str, str]:
    """The median and the minimum, in milliseconds."""
    ms = sorted(sample * 1000 for sample in samples)
    return f"{statistics.median(ms):.2f} ms", f"{ms[0]:.2f} ms"


def render_freecell(directory: Path) -> Path:
    cases = list(FREECELL.cases.values())
    template = TEMPLATES / "java" / "freecell.java.j2"
    source = directory / "Freecell.java"
    source.write_text(render_template(template, TEMPLATES, FREECELL, cases), encoding="utf-8")
    print(f"rendered {source.name}: {len(cases)} games")
    return source


def bench_builds(source: Path, cache_root: Path, repeat: int, rows: list) -> Path:
    cold: list[float] = []
    for attempt in range(repeat):
        runner = get_runner("java", cache=BuildCache(cache_root / f"cold-{attempt}"))
        runner.toolchain()  # the version probe is not part of the compile
        cold.append(seconds(lambda runner=runner: runner.build(source)))
    runner = get_runner("java", cache=BuildCache(cache_root / "cold-0"))
    runner.toolchain()
    warm = [seconds(lambda: runner.build(source)) for _ in range(repeat)]
    rows += [("`javac` compile of the FreeCell port (cold, cache miss)", *summary(cold)),
             ("build again (warm, cache hit)", *summary(warm))]
    return runner.build(source)


def bench_runs(built: Path, repeat: int, rows: list) -> None:
    """Each round runs every option set once, so machine load falls on all of them alike."""
    java = require_tool("java", PACKAGE)
    classpath = ["-cp", str(built.parent), built.stem]
    times: dict[str, list[float]] = {label: [] for label in JVM_OPTION_SETS}
    for _ in range(repeat):
        for label, options in JVM_OPTION_SETS.items():
            result = run_command([java, *options, *classpath], env=child_env())
            if result.returncode != 0:
                raise SystemExit(f"java failed with {label}: {result.stderr}")
            times[label].append(result.seconds)
    rows += [(f"`java` run, {label}", *summary(samples)) for label, samples in times.items()]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10, help="samples per figure")
    add_write_option(parser)
    args = parser.parse_args(argv)
    measurement = Measurement()
    toolchain = get_runner("java").toolchain()
    if not toolchain.ok:
        raise SystemExit(toolchain.detail)
    rows: list = []
    with tempfile.TemporaryDirectory(prefix="bench-java-") as scratch:
        directory = Path(scratch)
        source = render_freecell(directory)
        built = bench_builds(source, directory / "cache", args.repeat, rows)
        bench_runs(built, args.repeat, rows)
    measurement.publish("run-java", f"{toolchain.detail}; {args.repeat} samples a figure.\n\n"
                        + table(("step", "median", "min"), rows), args.write)


if __name__ == "__main__":
    main()
