"""The dice-game references (seeds/003): the computer's move, the exact solution, the whole
program with its scripted player, and the duel of the two strategies.

Expected values come from the article's text (the move rule, the printed messages), from the
rules of the game worked by hand for a few positions, and from properties every exact solution
must have; the figures in docs/findings.md are checked against the references.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from portcheck.errors import UsageError
from portcheck.prng import JavaRandom, java_seeds_with_draw
from portcheck.suite.project import Project
from tests.helpers.reference import REPO, reference_module

dice = reference_module("dice")
dice_move = reference_module("dice-move")
dice_solve = reference_module("dice-solve")
dice_game = reference_module("dice-game")
dice_duel = reference_module("dice-duel")

PROJECT = Project(REPO)
TARGETS = range(30, 41)


# --- dice-move ----------------------------------------------------------------------------


def test_move_follows_the_article_branches() -> None:
    # n = 35: the "winning totals" are 35, 26, 17, 8.
    assert dice.computer_move(35, 26, 3) == 1  # difference 9, 1 allowed
    assert dice.computer_move(35, 26, 1) == 2  # difference 9, 1 on top
    assert dice.computer_move(35, 28, 6) == 2  # difference 7, 1 underneath
    assert dice.computer_move(35, 29, 2) == 6  # difference 6, allowed
    assert dice.computer_move(35, 29, 1) == 2  # difference 6 with 1 on top: "знач := 2"
    assert dice.computer_move(35, 30, 2) == 1  # difference 5 with 2 on top: "знач := 1"
    assert dice.computer_move(35, 34, 6) == 2  # difference 1, 1 underneath: goes past n


def test_move_output_one_position_row_and_table() -> None:
    assert dice_move.output(n=35, total=20, top=3) == (
        "Ход компьютера в игре до 35\nверхнее: 3\nвсего 20: 6\n")
    row = dice_move.output(n=35, total=29, top=0).splitlines()
    assert row[1:] == ["верхнее: 1 2 3 4 5 6", "всего 29: 2 6 6 6 6 2"]
    table = dice_move.output(n=30, total=0, top=0).splitlines()
    assert len(table) == 2 + 29 and table[-1].startswith("всего 29: ")


@pytest.mark.parametrize(("inputs", "message"), [
    (["n=35", "total=35", "top=3"], "total must be below n: 1..34"),
    (["n=35", "total=20", "top=7"], "top: 7 is out of range 0..6"),
    (["n=41", "total=20", "top=3"], "n: 41 is out of range 30..40"),
    (["n=35", "total=-1", "top=3"], "total: -1 is out of range 0..39"),
])
def test_move_bad_inputs_are_one_clear_error(inputs: list[str], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        PROJECT.algorithm("dice-move").case_from_args(inputs)


def test_every_n_has_a_whole_table_case() -> None:
    tables = {p["n"] for p in dice_move.CASES.values() if p["total"] == p["top"] == 0}
    assert tables == set(TARGETS)


# --- dice-solve -------------------------------------------------------------------------------


@pytest.mark.parametrize("n", TARGETS)
def test_solution_is_consistent(n: int) -> None:
    """Won: some allowed move makes n or leaves a lost position; lost: every allowed move
    goes past n or leaves a won one.  (What backward induction must satisfy.)"""
    moves = dice_solve.winning_moves(n)
    for (total, top), wins in moves.items():
        for move in range(1, 7):
            if not dice.legal(top, move):
                assert move not in wins
                continue
            after = total + move
            winning = after == n or (after < n and not moves[after, move])
            assert (move in wins) == winning, (total, top, move)


def test_solution_by_hand_near_the_end() -> None:
    moves = dice_solve.winning_moves(35)
    assert moves[34, 1] == () and moves[34, 6] == ()  # needs 1, which is under or on top
    assert moves[34, 2] == (1,)
    assert moves[32, 3] == ()  # needs 3, forbidden; 1, 2, 5, 6 all leave the opponent a win
    assert all(moves[26, top] == () for top in range(1, 7))  # difference 9


def test_reachable_positions() -> None:
    seen = dice_solve.reachable(35)
    assert (2, 1) not in seen  # 1 on top only after throwing 1, and 1 + 1 is not a move
    assert (1, 1) in seen and (3, 1) in seen  # thrown 1; thrown 2 then 1
    assert (5, 6) not in seen and (7, 6) not in seen
    assert len([p for p in seen if p[0] <= 8]) == 48 - 19


def test_the_claim_about_a_difference_of_nine_holds_for_every_n() -> None:
    assert all(dice_solve.verdict(n).claim_holds for n in TARGETS)


def lost_by_the_rule(n: int, total: int, top: int) -> bool:
    """The rule docs/findings.md states for the losing positions."""
    rest = (n - total) % 9
    return (rest == 0 or (rest in (3, 4, 8) and top in (3, 4))
            or (rest == 5 and top in (2, 5)) or (n - total == 1 and top in (1, 6)))


@pytest.mark.parametrize("n", TARGETS)
def test_losing_positions_follow_the_rule(n: int) -> None:
    moves = dice_solve.winning_moves(n)
    for total, top in dice_solve.reachable(n):
        assert (not moves[total, top]) == lost_by_the_rule(n, total, top), (total, top)


def test_starts_lost_for_the_player_to_move() -> None:
    lost = [(n, t) for n in TARGETS for t in range(1, 7) if not dice_solve.winning_moves(n)[t, t]]
    assert len(lost) == 17


def test_solve_output_names_each_mistake() -> None:
    text = dice_solve.output(n=35)
    assert "всего 29, верхнее 1: ход 2, выигрышные ходы 3\n" in text
    assert text.endswith("Утверждение статьи «разность 9 — проигрыш» верно\n")


def findings_table() -> str:
    """The table of docs/findings.md, from the reference."""
    rows = ["| n | positions in play | won for the player to move | lost | quasi-optimal "
            "move gives the win away | positions at a difference of 9 | of them won |",
            "|---|---|---|---|---|---|---|"]
    for n in TARGETS:
        v = dice_solve.verdict(n)
        rows.append(f"| {n} | {v.positions} | {v.won} | {v.lost} | {len(v.mistakes)} | "
                    f"{len(v.nine)} | {len(v.nine_won)} |")
    return "\n".join(rows) + "\n"


def test_findings_table_is_the_references() -> None:
    findings = (REPO / "docs" / "findings.md").read_text(encoding="utf-8")
    assert findings_table() in findings


def test_the_article_program_beats_the_smallest_number_player_from_every_opening() -> None:
    """A game is fixed by its opening (n, who throws, the number thrown): 132 of them,
    all met by seeds 0…493.  Against the article port's player (the smallest allowed
    number) the article's computer wins every one (docs/findings.md)."""
    openings: dict[tuple[int, int, int], int] = {}
    for seed in range(494):
        start = dice.opening(seed)
        openings.setdefault((start.n, start.starter, start.thrown), seed)
    assert len(openings) == 11 * 2 * 6
    for seed in openings.values():
        assert dice.output(seed).rstrip().endswith("Выиграл компьютер!"), seed


# --- dice-game --------------------------------------------------------------------------------


@pytest.mark.parametrize(("line", "value"), [
    ("3", 3), ("  3 ", 3), ("\t0\r", 0), ("", -1), ("пять", -1), ("12", -1), ("-1", -1),
    ("3 4", -1), ("٣", -1), ("+3", -1), ("x", -1), ("1.5", -1), (".", -1), (" \t 3 \t \r", 3),
])
def test_answer_value(line: str, value: int) -> None:
    assert dice_game.answer_value(line) == value


@pytest.mark.parametrize("case", sorted(dice_game.CASES))
def test_game_replays_its_own_script(case: str) -> None:
    seed = dice_game.CASES[case]["seed"]
    assert dice_game.replay(seed, dice_game.stdin_script(seed)) == dice_game.output(seed)


def test_wrong_answers_are_answered_and_asked_again() -> None:
    text = dice_game.output(1)
    first_move = text.split("Ваш выбор? ", 1)[1]
    assert first_move.startswith("\nНеправильный выбор! Попробуйте еще" * 9 + "\n")
    assert dice_game.typed_lines(dice_game.stdin_script(1))[1:11] == [
        "2", "5", "7", "", "пять", "x", "12", "1.5", ".", "1"]


def test_the_second_and_third_moves_have_blanks_and_a_carriage_return_around_them() -> None:
    """The lines end with a line feed; the carriage return before it is typed, and read.
    Each end has three blanks on one of the two moves, with or without the carriage
    return."""
    lines = dice_game.typed_lines(dice_game.stdin_script(1))
    second = [line for line in lines if line.startswith(" \t ")]
    third = [line for line in lines if line.endswith(" \t\r") and line[0] != " "]
    assert len(second) == len(third) == 1
    assert second[0].endswith(" \t \r")
    assert dice_game.replay(1, "".join(line + "\n" for line in lines)) == dice_game.output(1)
    assert dice_game.typed_lines("a\r\n\nb\n") == ["a\r", "", "b"]
    assert dice_game.typed_lines("") == []


def test_no_seed_draws_2_to_the_30_for_who_throws_first() -> None:
    """Who throws first is irnd(2): the second draw, or the third after a redraw of n's
    irnd(11).  No seed in range gives it the draw 2^30, where a port that divides by a
    rounded-up 2^31 / 2 would pick the other side (the reason a mutant of the 1C ports of
    dice-game and dice-duel is listed equivalent: dice-duel's seeds are in the same range)."""
    seeds = range(dice_game.PARAMS["seed"].low, dice_game.PARAMS["seed"].high + 1)
    assert java_seeds_with_draw(2**30, 2, seeds) == []
    redrawn = [seed for value in (2**31 - 2, 2**31 - 1)
               for seed in java_seeds_with_draw(value, 1, seeds)]
    assert 397818113 in redrawn  # the golden case whose n is drawn again
    for seed in redrawn:
        random = JavaRandom(seed)
        draws = [random.next_bits(31) for _ in range(3)]
        assert draws[1] < 2**31 - 2 and draws[2] != 2**30


def test_messages_are_the_article_programs() -> None:
    """With the article port's player (the smallest allowed number) the game prints what
    the article's program prints, plus the final line break; the one answer the two read
    differently is 0 (the article: a wrong answer; the game: giving up), so it is left out."""
    seed = 2
    lines = dice.stdin_script(seed).splitlines()
    lines.remove("0")
    script = "".join(line + "\n" for line in lines)
    article = dice.output(seed).replace(dice.WRONG, "", 1)
    assert dice_game.replay(seed, script) == article + "\n"


def test_cases_cover_every_ending() -> None:
    endings = {dice_game.output(**p).rsplit("\n", 3)[-3:][1] for p in dice_game.CASES.values()}
    assert endings == {"Выиграли Вы. Поздравляем!", "Выиграл компьютер!"}
    gave_up = [c for c, p in dice_game.CASES.items() if "\nВы сдались\n" in dice_game.output(**p)]
    assert gave_up == ["seed-20", "seed-64"]


def test_a_game_ends_past_n() -> None:
    """The player of a seed 2 mod 4 never gives up: in 910812142's game he goes from 40 to
    41 (n = 40), and the computer wins."""
    text = dice_game.output(910812142)
    assert "Общая сумма чисел равна 36(игра до 40)" in text
    assert text.endswith("\nВыиграл компьютер!\n") and "Вы сдались" not in text


def test_giving_up_ends_the_game_for_the_computer() -> None:
    script = dice_game.stdin_script(1).splitlines()
    script[5] = "0"  # the fifth answer of seed 1, after four wrong ones: give up
    text = dice_game.replay(1, "".join(line + "\n" for line in script))
    assert text.endswith("\nВаш выбор? " + "\nНеправильный выбор! Попробуйте еще" * 4
                         + "\nВы сдались\nИгра закончилась!\nВыиграл компьютер!\n")


@given(st.integers(0, 2**31 - 1), st.data())
def test_input_that_runs_out_is_an_error(seed: int, data: st.DataObject) -> None:
    lines = dice_game.stdin_script(seed).splitlines()
    cut = data.draw(st.integers(0, len(lines) - 1))
    with pytest.raises(ValueError, match=f"the input ended before the game did .after {cut} "):
        dice_game.replay(seed, "".join(line + "\n" for line in lines[:cut]))


def test_the_player_who_knows_the_solution_always_wins() -> None:
    for seed in range(1, 400, 2):
        assert dice_game.output(seed).endswith("\nВыиграли Вы. Поздравляем!\n"), seed


# --- dice-duel --------------------------------------------------------------------------------


def test_duel_by_hand() -> None:
    # n = 35, thrown 4: (4, 4) is lost for the player to move (see the solution), so the
    # exact strategy, throwing, wins whatever the quasi-optimal one does.
    assert dice_solve.winning_moves(35)[4, 4] == ()
    assert dice_duel.winner(35, 4, dice_duel.EXACT, dice_duel.QUASI) == dice_duel.EXACT


def test_exact_wins_from_every_start() -> None:
    """Every n, every throw, either strategy throwing: the exact one wins (the finding), and
    always by making n exactly, never because the other one went past it."""
    for n in TARGETS:
        for thrown in range(1, 7):
            for first, second in ((dice_duel.QUASI, dice_duel.EXACT),
                                  (dice_duel.EXACT, dice_duel.QUASI)):
                won, moves = dice_duel.game(n, thrown, first, second)
                assert won == dice_duel.EXACT
                assert thrown + sum(moves) == n


def test_duel_summary_for_seeds_1_to_1000() -> None:
    last = dice_duel.output(seed=1, games=1000).splitlines()[-3:]
    assert last == ["Итого зёрен: 1000, партий: 2000",
                    "квазиоптимальная: первой выиграла 0 из 1000, второй — 0 из 1000",
                    "точная: первой выиграла 1000 из 1000, второй — 1000 из 1000"]


def test_duel_uses_the_games_draws() -> None:
    line = dice_duel.output(seed=1, games=1).splitlines()[0]
    start = dice.opening(1)
    assert line.startswith(f"Зерно 1: игра до {start.n}, выпало {start.thrown};")
    assert "Игра будет продолжаться до 34" in dice_game.output(1) and start.n == 34


def test_duel_prints_each_games_moves() -> None:
    """The moves printed are the two strategies' moves, alternating, second player first."""
    for seed in (1, 3):  # the computer throws in seed 1's game, the human in seed 3's
        _check_duel_line(seed)


def _check_duel_line(seed: int) -> None:
    start = dice.opening(seed)
    line = dice_duel.output(seed=seed, games=1).splitlines()[0]
    orders = [(dice_duel.QUASI, dice_duel.EXACT), (dice_duel.EXACT, dice_duel.QUASI)]
    if start.starter == dice.HUMAN:  # the game program's own game first
        orders.reverse()
    for part, (first, second) in zip(line.split("; ")[1:], orders, strict=True):
        shown, won = part.removeprefix(f"бросает {first}, ходы ").split(" — выиграла ")
        moves = [int(move) for move in shown.split()]
        total = top = start.thrown
        for index, move in enumerate(moves):
            mover = second if index % 2 == 0 else first
            assert move == dice_duel.STRATEGIES[mover](start.n, total, top)
            total, top = total + move, move
        assert total >= start.n > total - moves[-1]
        assert won == dice_duel.winner(start.n, start.thrown, first, second)


def test_duel_seeds_stay_in_range() -> None:
    with pytest.raises(UsageError, match="the last seed"):
        PROJECT.algorithm("dice-duel").case_from_args(["seed=2147483647", "games=2"])
