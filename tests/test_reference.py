"""The FreeCell reference and the shared generators, against sources outside this project.

Where each expected value comes from:
- games 1 and 617: the output printed in the 1C article (seeds/000), parsed from the text;
- the first cards of game 1: worked out by hand from the generator and the deck order;
- ``MsRand``: the Microsoft C run-time's well-known ``srand(1)`` sequence, and one step of
  the formula by hand at the top of the seed range;
- ``JavaRandom``: values every JDK prints, and a real JDK run compared value for value.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from project_reference import freecell

from portcheck.prng import JavaRandom, MsRand

RESULTS_HEADING = "Результаты работы программы:"
CARD_LINE = re.compile(r"^\s*([A2-9TJQK][♣♦♥♠])(\s+[A2-9TJQK][♣♦♥♠])*\s*$")
LINES_PER_DEAL = 7
HIGHEST_GAME = 2**31 - 1
FULL_DECK = sorted(rank + suit for rank in "A23456789TJQK" for suit in "♣♦♥♠")


def article_deals(text: str) -> list[str]:
    """The deals printed after the results heading, each as reference-format text."""
    after = text.split(RESULTS_HEADING, 1)[1].splitlines()[1:]
    card_lines: list[str] = []
    for line in after:
        if not CARD_LINE.match(line):
            break
        card_lines.append(" ".join(line.split()))
    return ["".join(line + "\n" for line in card_lines[start:start + LINES_PER_DEAL])
            for start in range(0, len(card_lines), LINES_PER_DEAL)]


# --- FreeCell deals -------------------------------------------------------------------------


def test_article_prints_two_deals(article_text: str) -> None:
    deals = article_deals(article_text)
    assert len(deals) == 2
    assert all(len(deal.split()) == 52 for deal in deals)


@pytest.mark.parametrize(("index", "game"), [(0, 1), (1, 617)])
def test_deal_equals_the_article(article_text: str, index: int, game: int) -> None:
    """The article calls Игра(1); Игра(617); and prints the two deals in that order."""
    assert freecell.output(game) == article_deals(article_text)[index]


def test_the_article_ports_transcript_is_the_articles_printed_output(article_text: str) -> None:
    """The pasted transcript (tests/article.py reads the deals from it) is the article's."""
    from article import article_deals as pasted

    assert [pasted()[1], pasted()[617]] == article_deals(article_text)


def test_first_cards_of_game_1_by_hand() -> None:
    # srand(1): rand() gives 41, 18467, 6334.  Deck index i is rank i // 4, suit i % 4.
    # 41 % 52 = 41 -> J♦ (K♠ moves to 41); 18467 % 51 = 5 -> 2♦ (K♥ moves to 5);
    # 6334 % 50 = 34 -> rank 8, suit 2 -> 9♥.
    assert freecell.deal(1)[:3] == ["J♦", "2♦", "9♥"]


@pytest.mark.parametrize("game", [0, -1, 2**31, 2**40])
def test_game_out_of_range_raises(game: int) -> None:
    with pytest.raises(ValueError, match="out of range"):
        freecell.output(game)


@pytest.mark.parametrize("game", [True, 1.0, "617"])
def test_game_of_the_wrong_type_raises(game: object) -> None:
    with pytest.raises(ValueError, match="not a whole number"):
        freecell.deal(game)  # type: ignore[arg-type]


@given(st.integers(min_value=1, max_value=HIGHEST_GAME))
def test_every_deal_is_a_permutation_of_the_deck(game: int) -> None:
    assert sorted(freecell.deal(game)) == FULL_DECK


@given(st.integers(min_value=1, max_value=HIGHEST_GAME))
def test_output_layout(game: int) -> None:
    """7 lines of 8 cards (the last 4), one space between, every line ended by \\n."""
    text = freecell.output(game)
    assert text.endswith("\n")
    lines = text[:-1].split("\n")
    assert [len(line.split(" ")) for line in lines] == [8, 8, 8, 8, 8, 8, 4]
    assert all(line == line.strip() for line in lines)
    assert text.split() == freecell.deal(game)


def test_cases_cover_the_edges_of_the_range() -> None:
    games = {case["game"] for case in freecell.CASES.values()}
    assert {1, 617, 32000, HIGHEST_GAME} <= games


# --- Microsoft C rand() ---------------------------------------------------------------------


def test_msrand_seed_1_is_the_c_runtime_sequence() -> None:
    rand = MsRand(1)
    assert [rand.next() for _ in range(5)] == [41, 18467, 6334, 26500, 19169]


def test_msrand_wraps_modulo_2_to_the_31() -> None:
    # (214013 * (2**31 - 1) + 2531011) mod 2**31 = 2531011 - 214013 = 2316998;
    # 2316998 >> 16 = 35.
    rand = MsRand(HIGHEST_GAME)
    assert rand.next() == 35
    assert rand.state == 2316998


@given(st.integers(min_value=0, max_value=HIGHEST_GAME))
def test_msrand_values_are_15_bit(seed: int) -> None:
    rand = MsRand(seed)
    assert all(0 <= rand.next() <= 32767 for _ in range(20))


# --- java.util.Random -----------------------------------------------------------------------


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
