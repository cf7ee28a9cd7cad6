"""A real JDK as the witness of the card-shuffling references: every case of
``javarandom`` printed by ``java.util.Random`` itself, and every case of ``fisher-yates`` by
``java.util.Collections.shuffle`` with that generator.  The Java template ports write the
generator out and never use ``java.util.Random``, so this run is independent of them.
Skipped without a JDK, a failure without one under PORTCHECK_REQUIRE_RUNTIMES=1 (CI)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.helpers.reference import reference_module

javarandom = reference_module("javarandom")
fisher_yates = reference_module("fisher-yates")
deck36 = fisher_yates.deck36

PROGRAM = """\
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

public class Witness {{
    static void values(long seed, int bound, int count) {{
        Random generator = new Random(seed);
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < count; i++) {{
            line.append(i > 0 ? "; " : "").append(generator.nextInt(bound));
        }}
        System.out.print(line.append('\\n'));
    }}

    static void shuffle(long seed) {{
        List<Integer> pack = new ArrayList<>();
        for (int card = 0; card < {size}; card++) {{
            pack.add(card);
        }}
        Collections.shuffle(pack, new Random(seed));
        StringBuilder line = new StringBuilder();
        for (int card : pack) {{
            line.append(card).append(' ');
        }}
        System.out.print(line.toString().trim() + "\\n");
    }}

    public static void main(String[] args) {{
{calls}
    }}
}}
"""


def witness_source() -> str:
    calls = [f"        values({c['seed']}L, {c['bound']}, {c['count']});"
             for c in javarandom.CASES.values()]
    calls += [f"        shuffle({c['seed']}L);" for c in fisher_yates.CASES.values()]
    return PROGRAM.format(size=deck36.SIZE, calls="\n".join(calls))


def expected_lines() -> list[str]:
    lines = [javarandom.output(**case).rstrip("\n") for case in javarandom.CASES.values()]
    lines += [" ".join(map(str, fisher_yates.shuffle(**case)))
              for case in fisher_yates.CASES.values()]
    return lines


@pytest.mark.requires_runtime("java")
def test_every_case_matches_a_real_jdk(tmp_path: Path) -> None:
    javac, java = shutil.which("javac"), shutil.which("java")
    assert javac and java
    (tmp_path / "Witness.java").write_text(witness_source(), encoding="utf-8")
    subprocess.run([javac, "Witness.java"], cwd=tmp_path, check=True, capture_output=True)
    run = subprocess.run([java, "-cp", str(tmp_path), "Witness"], check=True,
                         capture_output=True, text=True, timeout=60)
    printed = run.stdout.splitlines()
    expected = expected_lines()
    cases = [*javarandom.CASES, *(f"fisher-yates {c}" for c in fisher_yates.CASES)]
    assert len(printed) == len(expected) == len(cases)
    differing = [case for case, jdk, ours in zip(cases, printed, expected, strict=True)
                 if jdk != ours]
    assert differing == [], f"the JDK and the reference differ on {differing}"
