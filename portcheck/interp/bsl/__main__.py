"""``python -m portcheck.interp.bsl FILE [--dialect platform|onescript] [--encoding E]``:
run a 1C file (the command line of every front-end: ``portcheck.interp.embedded.main``)."""

import sys

from portcheck.interp.embedded import main

if __name__ == "__main__":
    sys.exit(main("bsl"))
