"""``python -m portcheck``: the ``portcheck`` command."""

import sys

try:
    from portcheck.cli.main import main
except KeyboardInterrupt:  # Ctrl-C while Python loads portcheck: no traceback
    sys.exit(130)

sys.exit(main())
