"""``python -m codecbox``: the same command as the ``codecbox`` console script."""

from codecbox.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
