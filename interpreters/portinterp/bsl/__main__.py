"""``python -m portinterp.bsl FILE [--dialect platform|onescript] [--encoding E]``:
run a 1C file (the command line of every front-end: ``portinterp.command.main``)."""

import sys

from portinterp.command import main

if __name__ == "__main__":
    sys.exit(main("bsl"))
