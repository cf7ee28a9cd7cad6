"""``python -m portinterp.kumir FILE.kum [--encoding E] [--seed N]``: run a program
(the command line of every front-end: ``portinterp.command.main``)."""

import sys

from portinterp.command import main

if __name__ == "__main__":
    sys.exit(main("kumir"))
