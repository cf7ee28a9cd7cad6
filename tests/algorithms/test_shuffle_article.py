"""The card-shuffling article (seeds/002) against the suite: what it prints, and its two
programs as they are kept in ports/.

Where each expected value comes from: the article's text (when ../shared is beside the
repository; otherwise those tests skip), and the pasted copy of its results table
(tests/data/shuffle_article/printed_decks.txt), which is checked against the text.
"""

from __future__ import annotations

import pytest

from tests.helpers.reference import REPO, reference_module

javarandom = reference_module("javarandom")
deck36 = reference_module("reshuffle").deck36

SEED_FILE = REPO.parent / "shared" / "seeds" / "002_c4cc78c65a2d69a8.txt"
PRINTED_DECKS = REPO / "tests" / "data" / "shuffle_article" / "printed_decks.txt"
TABLE_HEADING = "Начальное расположение карт в колодеРасположение карт после сортировки\n"
ARTICLE_LINE = "53; 36; 1; 61; 5; 95; 33; 55; 93; 88"
FIRST_PORT = REPO / "ports" / "javarandom" / "java-article"
RESHUFFLE_PORT = REPO / "ports" / "reshuffle" / "java-article"


@pytest.fixture(scope="module")
def article() -> str:
    if not SEED_FILE.is_file():
        pytest.skip(f"the card-shuffling article is not at {SEED_FILE} "
                    "(../shared must be beside the repo)")
    return SEED_FILE.read_text(encoding="utf-8")


def printed_decks() -> tuple[list[str], list[str]]:
    """The pasted table: (the initial deck, the deck after the article's run)."""
    lines = PRINTED_DECKS.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 * deck36.SIZE
    return lines[:deck36.SIZE], lines[deck36.SIZE:]


# --- the printed decks -----------------------------------------------------------------------


def test_the_pasted_table_is_the_articles(article: str) -> None:
    after_heading = article.split(TABLE_HEADING, 1)[1].splitlines()
    before, after = printed_decks()
    assert after_heading[:2 * deck36.SIZE] == before + after


def test_the_initial_deck_is_the_one_every_port_starts_from() -> None:
    before, _ = printed_decks()
    assert before == list(deck36.NAMES)


def test_the_articles_shuffled_deck_is_a_permutation_of_the_36_cards() -> None:
    """One real run of the printed method: every card once, none lost or doubled."""
    _, after = printed_decks()
    assert len(set(after)) == deck36.SIZE
    assert sorted(after) == sorted(deck36.NAMES)
    assert after != list(deck36.NAMES)


# --- the first program: new Random(20), ten nextInt(100) --------------------------------------


def test_the_article_prints_one_line_three_times(article: str) -> None:
    printed = [line for line in article.splitlines() if line.startswith("53; ")]
    assert printed == [ARTICLE_LINE] * 3


def test_the_reference_prints_the_articles_line() -> None:
    assert javarandom.output(seed=20, bound=100, count=10) == ARTICLE_LINE + "\n"
    assert "seed-20-bound-100-count-10" in javarandom.ATTESTED


def test_the_first_programs_transcript_is_the_articles_line() -> None:
    """Recorded from the real JDK running the article's program (render write)."""
    transcript = (FIRST_PORT / "transcript.txt").read_text(encoding="utf-8")
    assert transcript == ARTICLE_LINE + "\n"


def test_the_first_program_is_the_printed_text_up_to_where_it_breaks_off(article: str) -> None:
    start = article.index("import java.util.Random;")
    cut = article.index("for(int i = 0; i \n", start)
    program = (FIRST_PORT / "Main.java").read_text(encoding="utf-8")
    # the line the text breaks off in carries what was printed (// ERRATUM: docs/goldens-…)
    assert program.startswith(article[start:cut] + "for(int i = 0; i < 10; i++) {")
    assert "// ELISION:" in program


# --- reshuffle: character for character --------------------------------------------------------


def printed_method(article: str) -> str:
    start = article.index("public static void reshuffle(int[] pack) {")
    end = article.index("За основу я взял", start)
    return article[start:end].rstrip("\n") + "\n"


def test_the_reshuffle_port_holds_the_printed_method_unchanged(article: str) -> None:
    program = (RESHUFFLE_PORT / "Reshuffler.java").read_text(encoding="utf-8")
    method = printed_method(article)
    begin = "// ---- BEGIN: the article's method, as printed ----\n"
    end = "    // ---- END: the article's method ----"
    between = program.split(begin, 1)[1].split(end, 1)[0]
    # the marks that rebuild the printed text (docs/goldens-transcripts-errata.md) aside
    marks = ("    // END ADDED\n", "    // ADDED: the rest of the frame\n")
    assert between.replace(marks[0], "", 1).replace(marks[1], "", 1) == method
    assert method.count("\n") == 36  # the whole method, to its closing brace


def test_the_reshuffle_port_keeps_the_jdks_random() -> None:
    """Only Date and Thread are supplied around the method; Random is java.util's."""
    program = (RESHUFFLE_PORT / "Reshuffler.java").read_text(encoding="utf-8")
    assert "import java.util.Random;" in program
    assert "class Random" not in program
    assert "static class Date" in program and "static class Thread" in program
