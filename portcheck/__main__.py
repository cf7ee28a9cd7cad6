"""``python -m portcheck``: the ``portcheck`` command."""

import sys

from portcheck.cli.main import main

sys.exit(main())
