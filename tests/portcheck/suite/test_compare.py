"""Comparison modes (exact, lines, tokens), line-ending and BOM normalisation, and where a
difference is reported: the case and its line (or token), with a unified diff.

Expected results follow from the modes as DESIGN.md declares them: ``exact`` compares the
text, ``lines`` ignores trailing spaces and final blank lines, ``tokens`` collapses runs of
white space; a BOM and CRLF/CR line ends never count.
"""

from __future__ import annotations

import pytest

from portcheck.suite.compare import MODES, Segment, compare, normalise_newlines
from portcheck.suite.normalize import Normalize

GAME_1 = "J♦ 2♦ 9♥\nK♦ K♣ 9♠\n6♠ 9♣\n"
GAME_617 = "7♦ A♦ 5♣\nT♦ 7♠ Q♦\nJ♦ K♠\n"
SEGMENTS = [Segment("game-1", GAME_1), Segment("game-617", GAME_617)]
BOTH = GAME_1 + GAME_617


@pytest.mark.parametrize("mode", MODES)
def test_identical_output_matches_in_every_mode(mode: str) -> None:
    assert compare(SEGMENTS, BOTH, mode) is None


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("variant", [
    BOTH.replace("\n", "\r\n"),
    "\ufeff" + BOTH,
    "\ufeff" + BOTH.replace("\n", "\r\n"),
    BOTH.replace("\n", "\r"),
], ids=["crlf", "bom", "bom+crlf", "cr"])
def test_bom_and_line_endings_never_count(mode: str, variant: str) -> None:
    assert compare(SEGMENTS, variant, mode) is None


def test_normalise_newlines() -> None:
    assert normalise_newlines("\ufeffa\r\nb\rc\n") == "a\nb\nc\n"
    assert normalise_newlines("a\ufeffb") == "a\ufeffb"  # only a leading BOM is dropped


@pytest.mark.parametrize(("actual", "mode", "same"), [
    # exact: any other character differs, the final line end included
    pytest.param(BOTH.replace("9♥\n", "9♥ \n"), "exact", False, id="exact-trailing-space"),
    pytest.param(BOTH.removesuffix("\n"), "exact", False, id="exact-no-final-newline"),
    pytest.param(BOTH + "\n", "exact", False, id="exact-extra-blank-line"),
    pytest.param(" " + BOTH, "exact", False, id="exact-leading-space"),
    # lines: trailing spaces and blank lines at the end are ignored, nothing else
    pytest.param(BOTH.replace("9♥\n", "9♥  \t\n"), "lines", True, id="lines-trailing-space-tab"),
    pytest.param(BOTH + "\n\n", "lines", True, id="lines-final-blank-lines"),
    pytest.param(BOTH.removesuffix("\n"), "lines", True, id="lines-no-final-newline"),
    pytest.param(" " + BOTH, "lines", False, id="lines-leading-space"),
    pytest.param(BOTH.replace("9♥\n", "9♥\n\n"), "lines", False, id="lines-inner-blank-line"),
    pytest.param(BOTH.replace("J♦ 2♦", "J♦  2♦"), "lines", False, id="lines-double-space"),
    # tokens: any run of white space is one separator, line breaks included
    pytest.param(" " + BOTH.replace(" ", "  "), "tokens", True, id="tokens-spaces"),
    pytest.param(BOTH.replace("\n", " "), "tokens", True, id="tokens-newlines-as-spaces"),
    pytest.param("\n\n" + BOTH + "\n \n", "tokens", True, id="tokens-blank-lines"),
    pytest.param(BOTH.replace("J♦ 2♦", "J♦2♦"), "tokens", False, id="tokens-joined-cards"),
    pytest.param(BOTH.replace("9♥", "9♦"), "tokens", False, id="tokens-other-card"),
])
def test_what_each_mode_ignores(actual: str, mode: str, same: bool) -> None:
    assert (compare(SEGMENTS, actual, mode) is None) is same


def test_the_article_layout_matches_only_in_tokens_mode() -> None:
    """The 1C program prints a space before each card (see ports/freecell/bsl-article)."""
    article = "".join(" " + line.replace(" ", "  ") + "\n" for line in BOTH.splitlines())
    assert compare(SEGMENTS, article, "tokens") is None
    assert compare(SEGMENTS, article, "lines") is not None
    assert compare(SEGMENTS, article, "exact") is not None


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown comparison mode 'fuzzy'"):
        compare(SEGMENTS, BOTH, "fuzzy")


@pytest.mark.parametrize("mode", ["exact", "lines"])
def test_difference_names_the_case_and_its_line(mode: str) -> None:
    # line 2 of game-617 is line 5 of the whole transcript
    actual = BOTH.replace("T♦ 7♠ Q♦", "T♦ 7♠ Q♣")
    difference = compare(SEGMENTS, actual, mode)
    assert difference is not None
    assert difference.where == "case game-617, line 2"
    assert difference.detail == "expected 'T♦ 7♠ Q♦', got 'T♦ 7♠ Q♣'"
    assert difference.one_line() == f"{difference.where}: {difference.detail}"


def test_difference_in_the_first_case() -> None:
    difference = compare(SEGMENTS, BOTH.replace("9♥", "9♠", 1), "exact")
    assert difference is not None
    assert difference.where == "case game-1, line 1"


def test_tokens_mode_names_the_case_and_its_token() -> None:
    # game-1 has 8 tokens; 'A♦' is token 2 of game-617
    difference = compare(SEGMENTS, BOTH.replace("A♦", "A♥"), "tokens")
    assert difference is not None
    assert difference.where == "case game-617, token 2"
    assert difference.detail == "expected 'A♦', got 'A♥'"


def test_output_cut_short() -> None:
    actual = GAME_1 + "7♦ A♦ 5♣\n"
    difference = compare(SEGMENTS, actual, "exact")
    assert difference is not None
    assert difference.where == "case game-617, line 2"
    assert difference.detail == "expected 'T♦ 7♠ Q♦', got the end of the output"


def test_output_beyond_the_last_case() -> None:
    difference = compare(SEGMENTS, BOTH + "extra\n", "lines")
    assert difference is not None
    assert difference.where == "after the last case"
    assert difference.detail == "expected the end of the output, got 'extra'"


def test_unified_diff_is_present_with_the_labels() -> None:
    actual = BOTH.replace("T♦ 7♠ Q♦", "T♦ 7♠ Q♣")
    difference = compare(SEGMENTS, actual, "exact", ("golden", "transcript.txt"))
    assert difference is not None
    lines = difference.diff.splitlines()
    assert lines[0] == "case game-617"
    assert lines[1].startswith("--- golden")
    assert lines[2].startswith("+++ transcript.txt")
    assert lines[3].startswith("@@ ")
    assert "-T♦ 7♠ Q♦" in lines
    assert "+T♦ 7♠ Q♣" in lines
    # two lines of context around the change, not the whole transcript
    assert " 7♦ A♦ 5♣" in lines
    assert " J♦ 2♦ 9♥" not in lines


def test_tokens_diff_shows_lines_with_the_differing_tokens_marked() -> None:
    difference = compare(SEGMENTS, BOTH.replace("A♦", "A♥"), "tokens")
    assert difference is not None
    lines = difference.diff.splitlines()
    assert "-7♦ ⟦A♦⟧ 5♣" in lines
    assert "+7♦ ⟦A♥⟧ 5♣" in lines
    assert " T♦ 7♠ Q♦" in lines  # a line of context, as the output reads
    assert " 6♠ 9♣" not in lines  # game-1's: another case's line is never its context


def test_tokens_diff_of_another_notation_is_one_line_per_output_line() -> None:
    """Rosetta Code's programs print suits as letters: the diff is the deal's lines, not
    one token a line."""
    letters = BOTH.replace("♣", "C").replace("♦", "D").replace("♥", "H").replace("♠", "S")
    difference = compare(SEGMENTS, " " + letters.replace(" ", "  "), "tokens")
    assert difference is not None
    removed = [line for line in difference.diff.splitlines() if line.startswith("-")
               and not line.startswith("---")]
    assert len(removed) == BOTH.count("\n")
    assert removed[0] == "-⟦J♦⟧ ⟦2♦⟧ ⟦9♥⟧"


def test_a_flood_of_differences_shows_a_bounded_diff() -> None:
    flood = "x\n" * 100_000
    difference = compare(SEGMENTS, flood, "lines")
    assert difference is not None
    assert len(difference.diff.splitlines()) < 1000
    assert "more actual lines not shown" in difference.diff


def test_one_diff_per_case_headed_by_the_case_and_its_inputs() -> None:
    """Each differing case gets its own diff, so a line of one case never stands as
    context under another."""
    segments = [Segment("game-1", GAME_1, "game=1"), Segment("game-617", GAME_617, "game=617")]
    actual = BOTH.replace("6♠ 9♣", "6♠ 9♦").replace("7♦ A♦ 5♣", "7♦ A♦ 5♠")
    difference = compare(segments, actual, "exact", ("golden", "transcript.txt"))
    assert difference is not None
    blocks = difference.diff.split("case ")[1:]
    assert [block.splitlines()[0] for block in blocks] == ["game-1 (game=1)",
                                                           "game-617 (game=617)"]
    first, second = blocks
    assert "-6♠ 9♣" in first.splitlines() and "7♦ A♦ 5♣" not in first  # no other case
    assert "-7♦ A♦ 5♣" in second.splitlines() and "6♠ 9♣" not in second
    assert "@@ -1,3 +1,3 @@" in second  # lines of the case, not of the transcript


def test_a_line_missing_from_one_case_leaves_the_next_case_alone() -> None:
    """The output is aligned with the cases: game-1 lost a line, game-617 is intact and
    gets no diff (laid out by position, all of it would look shifted)."""
    actual = BOTH.replace("K♦ K♣ 9♠\n", "")
    difference = compare(SEGMENTS, actual, "exact")
    assert difference is not None
    assert difference.where == "case game-1, line 2"
    assert difference.diff.startswith("case game-1\n")
    assert "case game-617" not in difference.diff
    assert "-K♦ K♣ 9♠" in difference.diff.splitlines()


def test_a_line_the_same_in_two_cases_does_not_move_lines_between_them() -> None:
    """A wrong Josephus port (found preparing a lesson): every case prints its two lines,
    and the last case's wrong survivor happens to be the golden survivor of the one before
    it.  Aligned on that line, case n-41's diff held case n-100's lines and n-100 had none;
    laid out by position, each case shows its own two lines."""
    segments = [Segment("n-1", "n=1: 1\nsurvivor: 1\n"), Segment("n-7", "n=7: 3 6\nsurvivor: 4\n"),
                Segment("n-41", "n=41: 3 6\nsurvivor: 31\n"),
                Segment("n-100", "n=100: 100 1\nsurvivor: 22\n")]
    actual = ("n=1: 1\nsurvivor: 1\nn=7: 4 1\nsurvivor: 2\nn=41: 4 8\nsurvivor: 11\n"
              "n=100: 1 3\nsurvivor: 31\n")
    difference = compare(segments, actual, "exact")
    assert difference is not None
    blocks = dict(block.split("\n", 1) for block in difference.diff.split("case ")[1:])
    assert list(blocks) == ["n-7", "n-41", "n-100"]
    plus = {case: [line for line in body.splitlines() if line.startswith("+") and
                   not line.startswith("+++")] for case, body in blocks.items()}
    assert plus == {"n-7": ["+n=7: 4 1", "+survivor: 2"], "n-41": ["+n=41: 4 8", "+survivor: 11"],
                    "n-100": ["+n=100: 1 3", "+survivor: 31"]}


def test_only_the_first_cases_are_shown_and_the_others_counted() -> None:
    segments = [Segment(f"c{n}", f"{n}\n") for n in range(8)]
    difference = compare(segments, "".join(f"{n}!\n" for n in range(8)), "exact")
    assert difference is not None
    assert difference.diff.count("\n--- expected") + difference.diff.startswith("---") == 3
    assert difference.diff.rstrip().splitlines()[-1] == "… and 5 more cases differ: c3, c4, " \
                                                        "c5, c6, c7"


@pytest.mark.parametrize(("actual", "mode", "matches_with"), [
    pytest.param(BOTH.replace("\n", " \n"), "exact", "lines", id="trailing-spaces"),
    pytest.param(BOTH + "\n\n", "exact", "lines", id="final-blank-lines"),
    pytest.param(BOTH.replace(" ", "  "), "exact", "tokens", id="double-spaces"),
    pytest.param(BOTH.replace(" ", "\n"), "lines", "tokens", id="one-card-a-line"),
])
def test_a_difference_of_white_space_alone_is_said_in_words(actual: str, mode: str,
                                                           matches_with: str) -> None:
    difference = compare(SEGMENTS, actual, mode)
    assert difference is not None
    assert difference.whitespace == matches_with
    said = difference.one_line()
    assert said.startswith("only white space differs")
    assert f"the output matches with --compare {matches_with} (compare: {matches_with} in " \
           "port.yaml)" in said
    assert len(difference.diff.split("\n--- ")) <= 2  # one case shown: the rest is the same


def test_white_space_is_made_visible_in_its_diff() -> None:
    difference = compare(SEGMENTS, BOTH.replace("9♥\n", "9♥ \n"), "exact")
    assert difference is not None
    assert "+J♦·2♦·9♥·⏎" in difference.diff.splitlines()
    assert "-J♦·2♦·9♥⏎" in difference.diff.splitlines()


def test_a_real_difference_is_no_white_space_difference() -> None:
    difference = compare(SEGMENTS, BOTH.replace("9♥", "9♦ "), "exact")
    assert difference is not None
    assert difference.whitespace is None
    assert not difference.one_line().startswith("only white space")


def test_a_mapped_output_says_so_and_shows_what_the_file_says() -> None:
    """A port's notation map: the diff names it, and the lines as printed are shown."""
    letters = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
    mapping = Normalize(chars=letters)
    printed = BOTH.replace("A♦", "A♠")
    for symbol, letter in [(v, k) for k, v in letters.items()]:
        printed = printed.replace(symbol, letter)
    difference = compare(SEGMENTS, printed, "exact", ("golden", "transcript.txt"),
                         mapping=mapping)
    assert difference is not None
    lines = difference.diff.splitlines()
    assert "+++ transcript.txt, read through the notation map (chars C→♣ D→♦ H→♥ S→♠)" in \
        [line.split("\t")[0] for line in lines]
    assert "+7♦ A♠ 5♣" in lines  # the mapped text, compared
    assert "transcript.txt itself says (before the map):" in lines
    assert "  | 7D AS 5C" in lines  # what the file says


def test_output_that_ends_before_a_case_says_so() -> None:
    difference = compare(SEGMENTS, GAME_1, "exact")
    assert difference is not None
    assert difference.ended_early and difference.case_id == "game-617"
    assert compare(SEGMENTS, BOTH + "x\n", "exact").ended_early is False
