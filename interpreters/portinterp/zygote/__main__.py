"""``python -u -m portinterp.zygote FD``: start the zygote on the socket ``FD``."""

import sys

from portinterp.zygote.server import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
