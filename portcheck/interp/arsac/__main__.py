"""``python -m portcheck.interp.arsac FILE.arsac [--encoding E]``: run a program (the
command line of every front-end: ``portcheck.interp.embedded.main``)."""

import sys

from portcheck.interp.embedded import main

if __name__ == "__main__":
    sys.exit(main("arsac"))
