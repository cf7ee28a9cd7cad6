"""The shared generators (``portcheck.prng``) against the runtimes they stand for: ``MsRand``
against the Microsoft C run-time's well-known ``srand(1)`` sequence and one step of the
formula by hand at the top of the seed range, ``JavaRandom`` against known JDK values and a
real ``javac``/``java`` run (1000 values each of ``nextInt()``, ``nextInt(bound)`` for ten
bounds, ``nextDouble()`` bit for bit, ``nextLong()``, ``nextBoolean()``, four seeds)."""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from portcheck.prng import JavaRandom, MsRand

HIGHEST_SEED = 2**31 - 1  # the top of the seed range (FreeCell's highest game)


def test_msrand_seed_1_is_the_c_runtime_sequence() -> None:
    rand = MsRand(1)
    assert [rand.next() for _ in range(5)] == [41, 18467, 6334, 26500, 19169]


def test_msrand_wraps_modulo_2_to_the_31() -> None:
    # (214013 * (2**31 - 1) + 2531011) mod 2**31 = 2531011 - 214013 = 2316998;
    # 2316998 >> 16 = 35.
    rand = MsRand(HIGHEST_SEED)
    assert rand.next() == 35
    assert rand.state == 2316998


@given(st.integers(min_value=0, max_value=HIGHEST_SEED))
def test_msrand_values_are_15_bit(seed: int) -> None:
    rand = MsRand(seed)
    assert all(0 <= rand.next() <= 32767 for _ in range(20))


def test_java_random_known_values() -> None:
    assert JavaRandom(42).next_int() == -1170105035
    assert JavaRandom(0).next_int() == -1155484576
    bounded = JavaRandom(42)
    assert [bounded.next_int(10), bounded.next_int(10)] == [0, 3]
    assert JavaRandom(42).next_long() == -5025562857975149833
    assert JavaRandom(42).next_boolean() is True


@pytest.mark.parametrize("bound", [0, -1])
def test_java_random_rejects_a_bound_below_1(bound: int) -> None:
    with pytest.raises(ValueError):
        JavaRandom(1).next_int(bound)


COUNT = 1000
SEEDS = [0, 42, -7, 2**40 + 3]
BOUNDS = [1, 2, 7, 10, 16, 100, 1024, 2**30, 2**30 + 1, 2**31 - 1]


JAVA_PROGRAM = """\
import java.util.Random;

public class Values {
    public static void main(String[] args) {
        long[] seeds = {SEEDS};
        int[] bounds = {BOUNDS};
        StringBuilder out = new StringBuilder();
        for (long seed : seeds) {
            Random random = new Random(seed);
            for (int i = 0; i < COUNT; i++) out.append(random.nextInt()).append('\\n');
            for (int bound : bounds) {
                random = new Random(seed);
                for (int i = 0; i < COUNT; i++) out.append(random.nextInt(bound)).append('\\n');
            }
            random = new Random(seed);
            for (int i = 0; i < COUNT; i++) {
                out.append(Double.doubleToLongBits(random.nextDouble())).append('\\n');
            }
            random = new Random(seed);
            for (int i = 0; i < COUNT; i++) out.append(random.nextLong()).append('\\n');
            random = new Random(seed);
            for (int i = 0; i < COUNT; i++) out.append(random.nextBoolean() ? 1 : 0).append('\\n');
        }
        System.out.print(out);
    }
}
"""


def python_values() -> list[int]:
    """What the Java program prints, computed with ``JavaRandom``."""
    values: list[int] = []
    for seed in SEEDS:
        random = JavaRandom(seed)
        values += [random.next_int() for _ in range(COUNT)]
        for bound in BOUNDS:
            random = JavaRandom(seed)
            values += [random.next_int(bound) for _ in range(COUNT)]
        random = JavaRandom(seed)
        values += [struct.unpack("<q", struct.pack("<d", random.next_double()))[0]
                   for _ in range(COUNT)]
        random = JavaRandom(seed)
        values += [random.next_long() for _ in range(COUNT)]
        random = JavaRandom(seed)
        values += [int(random.next_boolean()) for _ in range(COUNT)]
    return values


def java_source() -> str:
    return (JAVA_PROGRAM.replace("{SEEDS}", "{" + ", ".join(f"{s}L" for s in SEEDS) + "}")
            .replace("{BOUNDS}", "{" + ", ".join(map(str, BOUNDS)) + "}")
            .replace("COUNT", str(COUNT)))


@pytest.mark.requires_runtime("java")
def test_java_random_matches_the_jdk(tmp_path: Path) -> None:
    (tmp_path / "Values.java").write_text(java_source(), encoding="utf-8")
    javac, java = shutil.which("javac"), shutil.which("java")
    assert javac and java
    subprocess.run([javac, "Values.java"], cwd=tmp_path, check=True, capture_output=True)
    run = subprocess.run([java, "-cp", str(tmp_path), "Values"], check=True,
                         capture_output=True, text=True)
    printed = [int(line) for line in run.stdout.split()]
    expected = python_values()
    assert len(printed) == len(expected) == len(SEEDS) * (len(BOUNDS) + 4) * COUNT
    first_difference = next((n for n, (j, p) in enumerate(zip(printed, expected, strict=True))
                             if j != p), None)
    assert first_difference is None, f"value {first_difference}: JDK and JavaRandom differ"
