"""Arenas & Arzium from a source checkout: `python main.py` runs the same command line as `arenas-arzium`."""
import sys

from common.cli import main

if __name__ == "__main__":
    sys.exit(main())
