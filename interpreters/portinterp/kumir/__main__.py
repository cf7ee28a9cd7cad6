"""``python -m portinterp.kumir FILE.kum [--encoding E] [--seed N]``: run a program
(the command line of every front-end: ``portinterp.embedded.main``)."""

import sys

from portinterp.embedded import main

if __name__ == "__main__":
    sys.exit(main("kumir"))
