"""The puzzle book's four references (seeds/004), against facts found another way.

Where each expected value comes from:
- queens: the numbers of solutions and of solutions distinct under the board's symmetries
  are the published sequences OEIS A000170 and A002562; the first solution of 8 queens in
  the book's search order is the one the issue quotes (1 5 8 6 3 7 2 4);
- queens-block: the minimum and the number of placements by brute force over every set of
  squares (n ≤ 6), and the published domination numbers of the queen's graph (OEIS
  A075458; independent: A075324);
- domino-chain: every chain by brute force over every order and turn of the tiles (the
  double two), and the search without the parity shortcut (the double three);
- ruler: the fewest marks by brute force over every set of marks (k ≤ 14), and the
  published minimal sparse rulers (OEIS A046693, marks = A046693(k)).
"""

from __future__ import annotations

import itertools

import pytest

from portcheck.publish.errata import as_printed
from tests.helpers.cli import portcheck
from tests.helpers.reference import REPO, reference_module

queens = reference_module("queens")
queens_block = reference_module("queens-block")
domino_chain = reference_module("domino-chain")
ruler = reference_module("ruler")

SOLUTIONS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]  # A000170, n = 1..10
DISTINCT = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92]  # A002562
DOMINATION = [1, 1, 1, 2, 3, 3, 4, 5]  # A075458, n = 1..8
INDEPENDENT_DOMINATION = [1, 1, 1, 3, 3, 4, 4, 5]  # A075324
RULER_MARKS = [2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 9, 9,
               9, 9, 9, 9, 10]  # A046693, k = 1..30


def figures(text: str) -> dict[str, str]:
    """The ``label: value`` lines of an output."""
    return dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)


# --- queens ----------------------------------------------------------------------------------


def is_solution(vector: list[int]) -> bool:
    n = len(vector)
    return sorted(vector) == list(range(1, n + 1)) and all(
        abs(vector[a] - vector[b]) != b - a for a, b in itertools.combinations(range(n), 2))


@pytest.mark.parametrize("n", range(1, 11))
def test_queens_counts_are_the_published_ones(n: int, portcheck_golden) -> None:
    shown = figures(portcheck_golden("queens", f"n-{n}-mode-full"))
    assert int(shown["решений"]) == SOLUTIONS[n - 1]
    assert int(shown["различных с точностью до поворотов и отражений"]) == DISTINCT[n - 1]


@pytest.mark.parametrize("n", range(1, 11))
def test_queens_full_search_prints_every_solution_once_in_order(n: int) -> None:
    found = list(queens.solutions(n))
    assert all(is_solution(v) for v in found)
    assert found == sorted(found)  # the first queen runs left to right, then the next…
    assert len(set(map(tuple, found))) == SOLUTIONS[n - 1]


@pytest.mark.parametrize("n", range(1, 11))
def test_queens_half_mode_prints_the_same_set_with_about_half_the_effort(n: int) -> None:
    full, half = queens.output(n, "full"), queens.output(n, "half")
    count = int(figures(full)["решений"])
    assert sorted(full.splitlines()[:count]) == sorted(half.splitlines()[:count])
    assert figures(full)["решений"] == figures(half)["решений"]
    assert int(figures(half)["поставлено ферзей"]) <= int(figures(full)["поставлено ферзей"])


def test_queens_listing_is_the_solutions_alone_starting_with_the_issues_vector() -> None:
    listing = queens.output(8, "listing").splitlines()
    assert listing[0] == "1 5 8 6 3 7 2 4"
    assert listing == queens.output(8, "full").splitlines()[:92]


def test_the_symmetries_are_eight_distinct_maps_of_a_solution() -> None:
    images = list(queens.transforms([2, 4, 1, 3]))
    assert len(images) == 8 and all(is_solution(image) for image in images)
    assert {tuple(image) for image in images} == {(2, 4, 1, 3), (3, 1, 4, 2)}


# --- queens-block ----------------------------------------------------------------------------


def brute_force_block(n: int, variant: str) -> tuple[int, int]:
    """(fewest queens, number of placements of that size) over every set of squares."""
    squares = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    for k in range(1, n * n + 1):
        count = 0
        for queens_set in itertools.combinations(squares, k):
            pairs = itertools.combinations(queens_set, 2)
            if variant == "independent" and any(queens_block.blocks(a, b) for a, b in pairs):
                continue
            if variant == "distinct-rows" and len({r for r, _ in queens_set}) < k:
                continue
            if all(any(queens_block.blocks(q, s) for q in queens_set) for s in squares):
                count += 1
        if count:
            return k, count
    raise AssertionError("unreachable")


def block_figures(text: str, n: int) -> tuple[int, int, list[str]]:
    """(fewest queens, placements of that size, the board's lines) of an output."""
    lines = text.splitlines()
    k = int(figures("\n".join(lines))["наименьшее число ферзей"])
    tried = next(line for line in lines if line.startswith(f"k = {k}:"))
    count = int(tried.split("расстановок ")[1].split(",")[0])
    return k, count, lines[-n:]


@pytest.mark.parametrize("variant", queens_block.VARIANTS)
@pytest.mark.parametrize("n", range(1, 6))
def test_block_minimum_and_count_equal_brute_force(n: int, variant: str) -> None:
    k, count, _board = block_figures(queens_block.output(n, variant), n)
    assert (k, count) == brute_force_block(n, variant)


@pytest.mark.parametrize("variant", queens_block.VARIANTS)
@pytest.mark.parametrize("n", range(1, 9))
def test_block_minimum_is_the_published_domination_number(n: int, variant: str,
                                                         portcheck_golden) -> None:
    text = portcheck_golden("queens-block", f"n-{n}-variant-{variant}")
    k, _count, board = block_figures(text, n)
    expected = INDEPENDENT_DOMINATION if variant == "independent" else DOMINATION
    assert k == expected[n - 1]
    placed = [(r, c) for r, line in enumerate(board, 1)
              for c, cell in enumerate(line.split(), 1) if cell == "Ф"]
    assert len(placed) == k
    everything = itertools.product(range(1, n + 1), repeat=2)
    assert all(any(queens_block.blocks(q, s) for q in placed) for s in everything)


def test_block_lower_bound_is_the_books_28_squares_and_3_queens() -> None:
    shown = figures(queens_block.output(6, "any"))
    assert queens_block.most_blocked(8) == 28
    assert shown["один ферзь блокирует не больше полей"] == "20 из 36"


# --- domino-chain ----------------------------------------------------------------------------


def brute_force_chains(n: int) -> int:
    """Chains of all the tiles, laid left to right, over every order and turn of the tiles."""
    tiles = [(a, b) for a in range(n + 1) for b in range(a, n + 1)]
    count = 0
    for order in itertools.permutations(tiles):
        for turns in itertools.product((False, True), repeat=len(tiles)):
            laid = [(b, a) if turn else (a, b) for (a, b), turn in zip(order, turns, strict=True)]
            if any(a == b and turn for (a, b), turn in zip(order, turns, strict=True)):
                continue  # a double turned is the same tile laid the same way
            if all(laid[i][1] == laid[i + 1][0] for i in range(len(laid) - 1)):
                count += 1
    return count


def test_domino_count_of_the_double_two_equals_brute_force() -> None:
    """The search counts the chains that start with 0; all numbers play the same part."""
    assert domino_chain.search(2, count_all=True).chains * 3 == brute_force_chains(2) == 12


def chains_from(n: int, start: int) -> int:
    search = domino_chain.Search(n, count_all=True)
    search.chain = [start]
    search.extend(0)
    return search.chains


@pytest.mark.parametrize("n", [2, 4])
def test_domino_every_start_number_gives_as_many_chains_as_0(n: int) -> None:
    """The symmetry the count relies on, checked by searching from other numbers too."""
    from_zero = domino_chain.search(n, count_all=True).chains
    starts = range(n + 1) if n == 2 else [n]
    assert all(chains_from(n, start) == from_zero for start in starts)


def test_domino_parity_shortcut_agrees_with_the_full_search_on_the_double_three() -> None:
    assert domino_chain.odd_numbers(3) == [0, 1, 2, 3]
    search = domino_chain.search(3, count_all=True)
    assert (search.chains, search.laid) == (0, 1309)  # docs/findings.md


@pytest.mark.parametrize("n", [2, 4, 6])
def test_domino_first_chain_uses_every_tile_once(n: int) -> None:
    chain = domino_chain.search(n, count_all=False).first
    tiles = [tuple(sorted(pair)) for pair in itertools.pairwise(chain)]
    assert sorted(tiles) == [(a, b) for a in range(n + 1) for b in range(a, n + 1)]


# --- ruler -----------------------------------------------------------------------------------


def brute_force_marks(k: int) -> int:
    for n in range(2, k + 2):
        for inner in itertools.combinations(range(1, k), n - 2):
            marks = (0, *inner, k)
            if {b - a for a, b in itertools.combinations(marks, 2)} == set(range(1, k + 1)):
                return n
    raise AssertionError("unreachable")


@pytest.mark.parametrize("k", range(1, 15))
def test_ruler_marks_equal_brute_force(k: int) -> None:
    assert len(ruler.search(k, "free").marks) == brute_force_marks(k)


@pytest.mark.parametrize("method", ruler.METHODS)
@pytest.mark.parametrize("k", range(1, 31))
def test_ruler_found_measures_everything_with_the_published_fewest_marks(
        k: int, method: str, portcheck_golden) -> None:
    shown = figures(portcheck_golden("ruler", f"k-{k}-method-{method}"))
    marks = [int(x) for x in shown["линейка"].split()]
    assert {b - a for a, b in itertools.combinations(marks, 2)} == set(range(1, k + 1))
    assert marks[:2] == [0, 1] or k == 1
    if method == "book" and k > 3:
        assert marks[-2] == k - 2
    assert int(shown["отметок"]) == len(marks) == RULER_MARKS[k - 1]


def test_ruler_reject_early_counts_fewer_differences_than_all() -> None:
    effort = [0]
    assert not ruler.complete([0, 1, 2, 3, 10], 10, effort)
    assert effort[0] < 10  # 5 marks, 10 differences, stopped at the first repeat too many


# --- the findings (docs/findings.md), from the goldens ---------------------------------------


def test_findings_block_table(portcheck_golden) -> None:
    """The table of docs/findings.md: fewest queens and placements of that size."""
    table = {4: ((2, 12), (2, 8), (3, 16)), 5: ((3, 186), (3, 121), (3, 16)),
             6: ((3, 4), (3, 4), (4, 120)), 7: ((4, 86), (4, 68), (4, 8)),
             8: ((5, 4860), (5, 3404), (5, 728))}
    for n, rows in table.items():
        for variant, expected in zip(("any", "distinct-rows", "independent"), rows,
                                     strict=True):
            text = portcheck_golden("queens-block", f"n-{n}-variant-{variant}")
            assert block_figures(text, n)[:2] == expected


def test_findings_the_books_ruler_fix_never_costs_a_mark_up_to_30(portcheck_golden) -> None:
    tries_more = []
    for k in range(1, 31):
        book = figures(portcheck_golden("ruler", f"k-{k}-method-book"))
        free = figures(portcheck_golden("ruler", f"k-{k}-method-free"))
        assert book["отметок"] == free["отметок"]
        if int(book["испытано линеек"]) > int(free["испытано линеек"]):
            tries_more.append(k)
    assert tries_more == [12, 16, 17, 22]


def test_findings_the_ruler_that_beats_the_books_fix_at_36() -> None:
    """10 marks measure 1..36 (docs/findings.md), and this ruler has neither 1 and 34
    together nor, read from the other end, 35 and 2."""
    marks = [0, 1, 3, 6, 13, 20, 27, 31, 35, 36]
    assert {b - a for a, b in itertools.combinations(marks, 2)} == set(range(1, 37))
    assert 34 not in marks and 2 not in marks


def test_findings_queens_half_mode_halves_the_effort_on_8(portcheck_golden) -> None:
    full = figures(portcheck_golden("queens", "n-8-mode-full"))
    half = figures(portcheck_golden("queens", "n-8-mode-half"))
    assert (full["поставлено ферзей"], full["проверено полей"]) == ("2056", "15398")
    assert (half["поставлено ферзей"], half["проверено полей"]) == ("1028", "7706")


# --- the commands of the issue ---------------------------------------------------------------


@pytest.fixture
def in_project(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PORTCHECK_ROOT", str(REPO))


@pytest.mark.parametrize(("words", "first_line"), [
    (("queens", "n=8", "mode=full"), "1 5 8 6 3 7 2 4"),
    (("ruler", "k=20", "method=book"), "отметок: 8"),
    (("queens-block", "n=5", "variant=independent"),
     "один ферзь блокирует не больше полей: 17 из 25"),
    (("domino-chain", "n=4"), "шашек: 15"),
])
def test_reference_commands_of_the_issue(capsys, in_project, words, first_line) -> None:
    code, out, err = portcheck(capsys, "reference", *words)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == first_line


@pytest.mark.parametrize(("words", "message"), [
    (("queens", "n=11", "mode=full"), "queens: n: 11 is out of range 1..10"),
    (("queens-block", "n=0", "variant=any"), "queens-block: n: 0 is out of range 1..8"),
    (("queens-block", "n=5", "variant=attacking"), "'attacking' is not one of"),
    (("domino-chain", "n=7"), "domino-chain: n: 7 is out of range 2..6"),
    (("ruler", "k=31", "method=book"), "ruler: k: 31 is out of range 1..30"),
    (("queens-block", "n=5"), "queens-block: missing input variant"),  # it has no default
])
def test_out_of_range_inputs_are_one_line_and_exit_2(capsys, in_project, words,
                                                      message) -> None:
    code, out, err = portcheck(capsys, "reference", *words)
    assert (code, out) == (2, "")
    assert message in err and len(err.strip().splitlines()) == 1


def test_run_renders_builds_and_runs_a_port(capsys, in_project) -> None:
    """``portcheck run`` on the embedded school-language interpreter (always there)."""
    code, out, _err = portcheck(capsys, "run", "ruler", "--lang", "kumir", "k=20",
                                "method=book")
    assert code == 0
    assert out == reference_module("ruler").output(20, "book")


# --- the book's listing (ports/queens/arsac-article) -----------------------------------------

SEED = REPO.parent / "shared" / "seeds" / "004_00b02c048621c438.txt"


def printed_listing() -> list[str]:
    """The eight-queens program as the seed prints it, without the web copy's <i> tags."""
    lines = [line.replace("<i>", "").replace("</i>", "")
             for line in SEED.read_text(encoding="utf-8").splitlines()]
    start = next(n for n, line in enumerate(lines) if line.startswith("ТАБЛИЦА"))
    end = lines.index("Я КОНЕЦ_РАБОТЫ", start)
    return lines[start:end + 1]


@pytest.mark.skipif(not SEED.exists(), reason="the seeds are not beside this checkout")
def test_the_article_port_is_the_printed_listing_but_for_its_four_errata() -> None:
    source = (REPO / "ports" / "queens" / "arsac-article" / "queens.arsac").read_text(
        encoding="utf-8")
    printed = as_printed(source, "//")
    assert printed.lines == printed_listing()
    assert sorted(printed.marks) == [1, 4, 7, 9]
    fixed = {"ТАБЛИЦА с[8]": "ТАБЛИЦА c[8]", "ст[j] = 0": "ст[j] := 0",
             "дм := 0": "дм[j] := 0", ": =": ":="}
    program = [line.split(" // ERRATUM: ")[0] for line in source.splitlines()
               if not line.startswith("//")]
    for n in printed.marks:
        was = printed.lines[n - 1]
        old = next(o for o in fixed if o in was)
        assert was.replace(old, fixed[old]) == program[n - 1]
