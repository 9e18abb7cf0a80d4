"""``python -m codecbox``: the same command as the ``codecbox`` console script."""

import sys

from codecbox.cli import main

if __name__ == "__main__":
    sys.exit(main())
