"""``python -m portinterp.arsac FILE.arsac [--encoding E]``: run a program (the
command line of every front-end: ``portinterp.command.main``)."""

import sys

from portinterp.command import main

if __name__ == "__main__":
    sys.exit(main("arsac"))
