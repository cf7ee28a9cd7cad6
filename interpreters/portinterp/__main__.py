"""``python -m portinterp LANGUAGE FILE [--encoding E] [--<run option> …]``: run a file as a
program of LANGUAGE (``bsl``, ``kumir``, ``arsac``); see ``command.main_any``."""

import sys

from portinterp.command import main_any

if __name__ == "__main__":
    sys.exit(main_any())
