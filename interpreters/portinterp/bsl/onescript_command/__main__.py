"""``python -m portinterp.bsl.onescript_command``: what ``oscript.exe`` here runs."""

import sys

from portinterp.bsl.onescript_command import main

if __name__ == "__main__":
    sys.exit(main())
