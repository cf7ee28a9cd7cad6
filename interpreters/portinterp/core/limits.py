"""The limits the interpreters keep.

The generated Python stays far from CPython's own limits on nesting (100 indentation
levels, 20 nested loops, 200 nested brackets, its parser's and compiler's stacks): a deeper
block becomes a function, a deeper expression a helper function, a long elif chain goes on
in an else.  Ordinary programs stay well within these, unchanged.  The generator reads them
as ``limits.NAME`` when it runs, so a test may lower them all at once.
"""

from __future__ import annotations

INDENT_CUT = 40  # indentation levels of a block inside one Python function
BLOCKS_CUT = 12  # statically nested loops and try (each try counting two)
EXPR_CUT = 12  # IR levels of one Python expression
ELIF_CUT = 50  # branches of one if/elif chain
# The most items one array or table may hold (800 MB of references): a program asking for
# more gets its language's out-of-memory error at once, not a machine swapping for minutes.
MAX_ITEMS = 100_000_000
# The address space of a run of its own (``python -m portinterp.<language>``): strings grow
# without a count of items to check (a string doubled in a loop reached 12 GB), so the
# process itself is bounded; past it, ``MemoryError``, which every runtime reports as its
# language's out-of-memory error.  (The program's thread reserves a 512 MiB stack.)
MAX_MEMORY = 4 * 1024**3
